"""``judgebase deck check``: a thin click layer over :mod:`judgebase.deck`.

Exit status: 0 legal, 1 not legal, 2 input that can't be read (the list, the card
file or the restriction list).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .cli_words import Group, PathType, argument, option

FORMATS = ("official", "tamer_tactics")  # judgebase.deck.FORMATS; the library is imported only when a command runs
LANGS = ("es", "en", "de")


@click.group(cls=Group, help="help.cmd.deck")
def deck():
    """Deck lists: check legality for the official format or Tamer Tactics."""


@deck.command(help="help.cmd.deck.check")
@argument("file", metavar="FILE")
@option("--format", "fmt", type=click.Choice(FORMATS), default="official", show_default=True, help="help.opt.deck.format")
@option("--cards", "cards_path", type=PathType(dir_okay=False, path_type=Path), help="help.opt.deck.cards")
@option("--restrictions", "restrictions_path", type=PathType(dir_okay=False, path_type=Path),
        help="help.opt.deck.restrictions")
@option("--json", "as_json", is_flag=True, help="help.opt.json.deck")
@option("--lang", type=click.Choice(LANGS), help="help.opt.lang.deck")
def check(file, fmt, cards_path, restrictions_path, as_json, lang):
    """Check the deck list FILE (plain text or JSON; '-' reads standard input)."""
    from . import deck as decklib
    from .i18n import from_env, t, ui_lang

    lang = ui_lang(lang or from_env())

    try:
        if file == "-":
            source = "<stdin>"
            stdin = sys.stdin
            limit = decklib.MAX_BYTES + 1  # more is refused, unread
            data = stdin.buffer.read(limit) if hasattr(stdin, "buffer") else stdin.read(limit).encode("utf-8", "surrogatepass")
            text = decklib.decode(data, source)
        else:
            source = file
            text = decklib.read_file(file)
        cards = decklib.load_cards(cards_path) if cards_path else None
        if restrictions_path is not None:
            restrictions = decklib.load_restrictions(restrictions_path)
        else:
            default = default_restrictions_path()
            restrictions = decklib.load_restrictions(default, label="rules/restrictions.yaml") if default else None
        result = decklib.check(decklib.parse(text, source, cards), fmt, cards, restrictions)
    except decklib.DeckInputError as exc:
        for message in exc.messages:
            click.echo(t("deck.error", lang, message=message), err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(render(result, lang))
    sys.exit(0 if result.legal else 1)


def default_restrictions_path() -> Path | None:
    """This checkout's ``rules/restrictions.yaml`` (or ``$JUDGEBASE_SOURCE``'s), if there is one.

    Finding the default is the command's business: :mod:`judgebase.deck` takes the
    restriction list as an argument and knows nothing of sources or builds.
    """
    from .defaults import NoSources, source_root

    try:
        path = source_root() / "rules" / "restrictions.yaml"
    except NoSources:
        return None
    return path if path.is_file() else None


def render(result, lang: str = "en") -> str:
    """The text a judge reads (for a :class:`judgebase.deck.Result`) in ``lang``: verdict, counts, one line per problem."""
    from . import deck as decklib
    from .i18n import t

    fmt = t(f"deck.format.{result.format}", lang)
    verdict = (click.style(t("deck.legal", lang), fg="green", bold=True) if result.legal
               else click.style(t("deck.not_legal", lang), fg="red", bold=True))
    lines = [t("deck.verdict", lang, verdict=verdict, source=result.source, format=fmt), decklib.summary_line(result, lang)]
    if result.problems:
        lines.append("")
        lines.append(t("deck.problems", lang, n=len(result.problems)))
        lines += [f"  {p.render(result.source, lang)}" for p in result.problems]
    if result.warnings:
        lines.append("")
        lines += [click.style("  " + t("deck.warning", lang, text=w.render(result.source, lang)), fg="yellow")
                  for w in result.warnings]
    if result.restrictions:
        note = result.restrictions.get("note")  # the list's own words, as written
        lines.append(click.style(t("deck.restriction_list", lang, file=result.restrictions["file"]) + (f" — {note}" if note else ""),
                                 dim=True))
    return "\n".join(lines)
