"""The ``judgebase`` command: a thin click layer over the library.

Heavy modules (whoosh, sqlite-utils, markdown-it, datasette) are imported inside
the commands that need them, so a clause lookup starts in a few tens of ms.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import __version__

LANG_CHOICE = click.Choice(["es", "en", "de", "ko"])
RULESET_CHOICE = click.Choice(["official", "tamer_tactics", "legacy"])
KIND_CHOICE = click.Choice(["clause", "ruling", "keyword"])


class CleanText(click.ParamType):
    """A typed argument, cleaned of bad bytes and control characters before the library sees it."""

    name = "text"

    def convert(self, value, param, ctx):
        from .textclean import clean

        return clean(value)


TEXT = CleanText()


def _never_crash_while_printing() -> None:
    """A terminal that can't show a character gets a replacement, never a traceback."""
    for stream in (sys.stdout, sys.stderr):
        if hasattr(stream, "reconfigure"):
            try:
                stream.reconfigure(errors="replace")
            except (ValueError, OSError):  # pragma: no cover - a stream that can't be reconfigured
                pass


def _db_option(f):
    return click.option(
        "--db",
        "db_path",
        type=click.Path(dir_okay=False, path_type=Path),
        help="Database to use (default: built on first use from this checkout's sources).",
    )(f)


def _resolve_db(db_path: Path | None) -> Path:
    """The database to read: the given one, or the default one (built or refreshed first)."""
    if db_path is not None:
        if not db_path.exists():
            raise click.ClickException(f"no database at {db_path}; build it with: judgebase build --db {db_path}")
        return db_path
    from .defaults import CannotBuild, NoSources, ensure_default_database

    try:
        return ensure_default_database(notify=lambda msg: click.echo(msg, err=True))
    except (NoSources, CannotBuild) as exc:
        raise click.ClickException(str(exc)) from None
    except _source_error() as exc:
        _print_problems(exc)
        sys.exit(1)


def _source_error():
    from .corpus.errors import SourceError

    return SourceError


def _print_problems(exc) -> None:
    for problem in exc.problems:
        click.echo(str(problem), err=True)
    click.secho(f"build failed: {len(exc.problems)} problem(s) in the sources", fg="red", err=True)


@click.group()
@click.version_option(__version__, prog_name="judgebase")
def cli():
    """Digimon Card Game rules for judges: look up clauses, search rulings, in es/en/de."""
    _never_crash_while_printing()


@cli.command()
@click.option("--source", "source", type=click.Path(file_okay=False, path_type=Path), help="Checkout holding rules/ and rulings/.")
@_db_option
@click.option("--quiet", "-q", is_flag=True, help="No progress bar.")
def build(source: Path | None, db_path: Path | None, quiet: bool):
    """Check every source and build the database and search index (all or nothing)."""
    from .build import build as run_build
    from .defaults import NoSources, default_db_path, source_root

    try:
        root = source or source_root()
    except NoSources as exc:
        raise click.ClickException(str(exc)) from None
    db_path = db_path or default_db_path(root)
    bar = None
    last = {"label": None, "done": 0}

    def progress(label: str, done: int, total: int) -> None:
        nonlocal bar
        if quiet or not sys.stderr.isatty():
            return
        if label != last["label"]:
            if bar is not None:
                bar.render_finish()
            bar = click.progressbar(length=max(total, 1), label=f"{label:<22}", file=sys.stderr)
            last.update(label=label, done=0)
        bar.update(done - last["done"])
        last["done"] = done

    try:
        report = run_build(root, db_path, progress=progress, notify=lambda msg: click.echo(msg, err=True))
    except OSError as exc:
        raise click.ClickException(f"can't write {db_path} ({exc.strerror or exc}); choose another place with --db PATH") from None
    except _source_error() as exc:
        if bar is not None:
            bar.render_finish()
        _print_problems(exc)
        click.echo(f"{db_path} was left as it was.", err=True)
        sys.exit(1)
    if bar is not None:
        bar.render_finish()
    from .render import build_summary

    click.echo(build_summary(report))


@cli.command()
@click.argument("query", nargs=-1, required=True, type=TEXT)
@click.option("--lang", type=LANG_CHOICE, help="Language of titles and snippets (default: guessed from the query).")
@click.option("--ruleset", type=RULESET_CHOICE, help="Only this ruleset.")
@click.option("--kind", type=KIND_CHOICE, help="Only clauses, rulings or keywords.")
@click.option("--limit", type=click.IntRange(1, 200), default=10, show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
@_db_option
def search(query, lang, ruleset, kind, limit, as_json, db_path):
    """Search clauses, rulings and keywords: "6-1-4", "§2.2", "blocker propio objetivo"."""
    from .search.searcher import IndexDamaged, QueryError, Searcher

    text = " ".join(query)
    try:
        searcher = Searcher(_resolve_db(db_path))
        results = searcher.search(text, lang=lang, ruleset=ruleset, kind=kind, limit=limit)
    except QueryError as exc:
        raise click.UsageError(str(exc)) from None
    except IndexDamaged as exc:
        raise click.ClickException(str(exc)) from None
    if as_json:
        click.echo(json.dumps([r.as_json() for r in results], ensure_ascii=False, indent=2))
        return
    from .render import search_results

    click.echo(search_results(text, results))


@cli.command()
@click.argument("ref", type=TEXT)
@click.option("--lang", type=LANG_CHOICE, default="en", show_default=True)
@click.option("--version", "version", type=TEXT, metavar="VER",
              help="REF is numbered as in this older CR version (e.g. 4.0); shows today's clause.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
@_db_option
def clause(ref, lang, as_json, db_path, version):
    """Show one clause: text, parent, children, rulings, source, history."""
    from . import refs
    from .db import Database, NotFound

    parsed = refs.try_parse(ref)
    if parsed is None:
        raise click.UsageError(f"{ref!r} is not a clause reference (try 6-1-4, CR 8-1-3-3, §2.2, LEG 3.4)")
    db = Database(_resolve_db(db_path))
    asked = None
    if version and version.removeprefix("Ver.").strip().lstrip("v") != refs.CR_VERSION:
        parsed, asked = _old_number(db, parsed, version.removeprefix("Ver.").strip().lstrip("v"), lang)
    try:
        data = db.clause(parsed, lang)
    except NotFound as exc:
        _not_found(exc, db, parsed)
    if asked:
        data["asked"] = asked
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    from .render import clause_page

    click.echo(clause_page(db, data))


def _old_number(db, parsed, version: str, lang: str):
    """Today's clause for a number of an older version, and what to tell the judge about it."""
    from . import refs
    from .notices import renumbered

    if parsed.ruleset != "official":
        raise click.UsageError("--version applies to Comprehensive Rules numbers (CR x-y-z)")
    known = db.old_versions
    if version not in known:
        raise click.UsageError(f"no number map for CR Ver. {version}; known: {', '.join(known) or 'none'} "
                               f"(and today's Ver. {refs.CR_VERSION})")
    found = db.old_number(version, parsed.number)
    if found is None:
        click.echo(f"Error: {parsed} is not a clause number of CR Ver. {version}", err=True)
        sys.exit(1)
    if found["new"] is None:
        click.echo(f"Error: {parsed} of CR Ver. {version} has no counterpart in Ver. {refs.CR_VERSION} "
                   f"(removed or folded into another clause)", err=True)
        sys.exit(1)
    notice = renumbered(lang, version, parsed.number, found["new"], found["status"])
    new = refs.parse(f"CR {found['new']}")
    return new, {"version": version, "ref": str(parsed), "status": found["status"], "notice": notice}


def _not_found(exc, db, parsed=None):
    message = str(exc)
    if parsed is not None and parsed.ruleset == "official":
        from .corpus.load import official_numbers

        if parsed.number in official_numbers():
            message += f" ({parsed} exists in CR Ver. 4.2, but no source we have covers it)"
        else:
            message += f" ({parsed} is not a clause number of CR Ver. 4.2)"
    click.echo(f"Error: {message}", err=True)
    if exc.suggestions:
        click.echo("Nearest: " + ", ".join(exc.suggestions), err=True)
    sys.exit(1)


@cli.command()
@click.argument("ruling_id", type=TEXT)
@click.option("--lang", type=LANG_CHOICE, default="en", show_default=True)
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
@_db_option
def ruling(ruling_id, lang, as_json, db_path):
    """Show one ruling: question, answer, citations, source, proof status."""
    from .db import Database, NotFound

    db = Database(_resolve_db(db_path))
    try:
        data = db.ruling(ruling_id, lang)
    except NotFound as exc:
        _not_found(exc, db)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    from .render import ruling_page

    click.echo(ruling_page(db, data))


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True, path_type=Path))
@click.option("--ruleset", type=RULESET_CHOICE, help="Only this ruleset's scenarios.")
@click.option("--source", "source", type=click.Path(file_okay=False, path_type=Path), help="Checkout holding rulings/.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def verify(paths, ruleset, source, as_json):
    """Run ruling scenarios through the engine; exit 1 if any fails."""
    from .defaults import NoSources, source_root
    from .proofs import run_all, scenario_files
    from .scenarios.loader import ScenarioError

    try:
        root = source or source_root()
    except NoSources as exc:
        raise click.ClickException(str(exc)) from None
    files = []
    for path in paths:
        files += sorted(path.glob("**/*.yaml")) if path.is_dir() else [path]
    if not paths:
        files = scenario_files(root, ruleset)
    try:
        results = run_all(root, files)
    except ScenarioError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    if ruleset:
        results = [r for r in results if r.ruleset == ruleset]
    unproven = None
    if not paths:
        from .corpus import load_corpus

        try:
            corpus = load_corpus(root)
            unproven = sum(1 for r in corpus.rulings.values() if not r.scenario and (ruleset is None or r.ruleset == ruleset))
        except _source_error() as exc:
            _print_problems(exc)
            sys.exit(1)
    failed = [r for r in results if not r.passed]
    if as_json:
        click.echo(json.dumps({
            "total": len(results),
            "passed": len(results) - len(failed),
            "failed": len(failed),
            "unproven": unproven,
            "results": [{"ruling": r.ruling, "file": r.path, "passed": r.passed, "message": r.message, "cites": r.cites} for r in results],
        }, ensure_ascii=False, indent=2))
    else:
        for r in results:
            mark = click.style("PASS", fg="green") if r.passed else click.style("FAIL", fg="red", bold=True)
            click.echo(f"{mark}  {r.path}" + (f"  ({r.ruling})" if r.ruling else ""))
            if not r.passed:
                click.echo("      " + r.message.replace("\n", "\n      "))
        summary = f"{len(results)} scenarios: {len(results) - len(failed)} passed, {len(failed)} failed"
        if unproven is not None:
            summary += f"; {unproven} rulings still unproven"
        click.echo(summary)
    if failed:
        sys.exit(1)


@cli.command()
@click.argument("scenario", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--raw", is_flag=True, help="Print the events as data instead of sentences.")
def explain(scenario, raw):
    """Print a scenario's event log, each event with the clause that caused it."""
    from .engine.narrate import describe
    from .scenarios.loader import ScenarioError, run

    try:
        result = run(scenario)
    except ScenarioError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    click.echo(click.style(result.description, bold=True))
    click.echo(f"cites: {', '.join(result.cites)}" + (f"   ruling: {result.ruling}" if result.ruling else ""))
    click.echo("")
    for i, event in enumerate(result.log, 1):
        click.echo(f"{i:>3}. {event if raw else describe(event)}")
    click.echo("")
    if result.passed:
        click.secho(f"PASS: {result.steps} steps as the rules say", fg="green")
    else:
        click.secho(f"FAIL: {result.message}", fg="red")
        sys.exit(1)


@cli.command()
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--port", default=8001, show_default=True, type=int)
@_db_option
def serve(host, port, db_path):
    """The judge's pages and datasette over the database (read-only), on 127.0.0.1."""
    from .serve import serve_datasette

    serve_datasette(_resolve_db(db_path), host=host, port=port)


@cli.group()
def site():
    """The judge's web pages as static files."""


@site.command("export")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--lang", type=click.Choice(["es", "en", "de"]), default="en", show_default=True, help="Language shown first.")
@_db_option
def site_export(out_dir, lang, db_path):
    """Write every page as static HTML with offline search (open OUT_DIR/index.html)."""
    from .web.export import ExportRefused, check_target, export_site

    try:
        check_target(out_dir.absolute())
        counts = export_site(_resolve_db(db_path), out_dir, lang=lang)
    except ExportRefused as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(f"Wrote {counts['pages']} pages ({counts['clauses']} clauses, {counts['rulings']} rulings) to {out_dir}; "
               f"open {out_dir / 'index.html'}")


from .deck_cli import deck  # noqa: E402  (a group of its own module, registered here)

cli.add_command(deck)
