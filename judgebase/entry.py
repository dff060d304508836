"""The ``judgebase`` command's entry point: a judge's lookups answered before click loads.

``judgebase clause 8-1-3-3`` and ``judgebase search …`` are what a judge types at a
table, and the wait is mostly start-up: importing click (with the typing, inspect and
enum modules it pulls in) costs about as much as starting Python. So these two
commands, with their own options, are read here and answered with the same library
calls and the same output functions (``render.py``) as the click commands in
``cli.py``. Anything else -- another command, ``--help``, an option or value this
reader doesn't take, any error, a default database that needs building first -- goes
to click, which prints and exits exactly as it always has.
"""

from __future__ import annotations

import os
import re
import sys

LANG_CHOICES = ("es", "en", "de", "ko")
RULESET_CHOICES = ("official", "tamer_tactics", "legacy")
KIND_CHOICES = ("clause", "ruling", "keyword")
_FLAG = object()
_TEXT = object()  # cleaned like cli.CleanText
_PATH = object()

# The options of each quick command, as cli.py declares them.
_OPTIONS = {
    "clause": {"--lang": LANG_CHOICES, "--version": _TEXT, "--json": _FLAG, "--db": _PATH},
    "search": {"--lang": LANG_CHOICES, "--ruleset": RULESET_CHOICES, "--kind": KIND_CHOICES, "--limit": int,
               "--json": _FLAG, "--db": _PATH},
}
_ANSI = re.compile(r"\033\[[0-?]*[ -/]*[@-~]")


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else list(argv)
    if not quick(args):
        from .cli import cli

        cli.main(args=args, prog_name="judgebase")


def quick(args: list[str]) -> bool:
    """Answer ``args`` without click if they are a plain ``clause`` or ``search``; False if click must."""
    if not args or args[0] not in _OPTIONS:
        return False
    parsed = _parse(args[1:], _OPTIONS[args[0]])
    if parsed is None:
        return False
    options, words = parsed
    from .textclean import clean

    words = [clean(w) for w in words]
    try:
        db_path = _database(options.get("--db"))
        if db_path is None:
            return False
        if args[0] == "clause":
            out = _clause(db_path, words, options)
        else:
            out = _search(db_path, words, options)
    except Exception:  # whatever went wrong, click says it as it always has
        return False
    if out is None:
        return False
    _print(out)
    return True


def _parse(args: list[str], spec: dict) -> tuple[dict, list[str]] | None:
    """Options and arguments as click reads them, or None for anything this reader leaves to click."""
    options: dict = {}
    words: list[str] = []
    only_words = False
    i = 0
    while i < len(args):
        arg = args[i]
        i += 1
        if only_words or arg == "-" or not arg.startswith("-"):
            words.append(arg)
            continue
        if arg == "--":
            only_words = True
            continue
        name, eq, value = arg.partition("=")
        kind = spec.get(name)
        if kind is None or name in options:
            return None
        if kind is _FLAG:
            if eq:
                return None
            options[name] = True
            continue
        if not eq:
            if i >= len(args):
                return None
            value = args[i]
            i += 1
        if kind is int:
            try:
                value = int(value)
            except ValueError:
                return None
            if not 1 <= value <= 200:
                return None
        elif isinstance(kind, tuple) and value not in kind:
            return None
        elif kind is _TEXT:
            from .textclean import clean

            value = clean(value)
        options[name] = value
    return options, words


def _database(option: str | None):
    """The database to read: ``--db`` if it is a file, else the default one if it is built and fresh; else None."""
    from pathlib import Path

    if option is not None:
        return Path(option) if os.path.isfile(option) else None
    from .defaults import default_db_path, is_fresh, source_root

    root = source_root()
    path = default_db_path(root)
    return path if path.exists() and is_fresh(root, path) else None


def _lang(option: str | None) -> str:
    if option:
        return option
    from .i18n import from_env

    return from_env()


def _clause(db_path, words: list[str], options: dict) -> str | None:
    from . import refs
    from .db import Database
    from .render import clause_output

    version = options.get("--version")
    if len(words) != 1 or (version and version.removeprefix("Ver.").strip().lstrip("v") != refs.CR_VERSION):
        return None  # an older version's number: cli.py maps it and says so
    parsed = refs.try_parse(words[0])
    if parsed is None:
        return None
    lang = _lang(options.get("--lang"))
    db = Database(db_path)
    data = db.clause(parsed, lang)  # NotFound: cli.py says so, with the nearest clauses
    return clause_output(db, data, lang, bool(options.get("--json")))


def _search(db_path, words: list[str], options: dict) -> str | None:
    from .render import search_output
    from .search.searcher import Searcher

    if not words:
        return None
    text = " ".join(words)
    lang = options.get("--lang")
    searcher = Searcher(db_path)
    results = searcher.search(text, lang=lang, ruleset=options.get("--ruleset"), kind=options.get("--kind"),
                              limit=options.get("--limit", 10))
    return search_output(searcher, text, results, lang, bool(options.get("--json")))


def _print(text: str) -> None:
    """``click.echo``: a terminal gets the colours, anything else plain text; a closed pipe ends quietly."""
    for stream in (sys.stdout, sys.stderr):  # as cli.py: a character the terminal can't show is replaced
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):
                pass
    out = sys.stdout
    try:
        tty = out.isatty()
    except (AttributeError, ValueError):
        tty = False
    try:
        out.write((text if tty else _ANSI.sub("", text)) + "\n")
        out.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), out.fileno())
        sys.exit(1)
