"""The ``judgebase`` command: a thin click layer over the library.

Heavy modules (sqlite-utils, markdown-it, datasette) are imported inside the
commands that need them, and the ``deck`` and ``conformance`` groups (modules of their own)
when one of their commands runs. ``clause`` and ``search`` with their usual options are
answered before this module (and click) is even imported: see ``entry.py``.  Help texts are
catalogue keys (:mod:`judgebase.cli_words`).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from . import __version__
from .cli_words import Group, IntRange, Option, PathType, argument, metavar, option

LANG_CHOICE = click.Choice(["es", "en", "de", "ko"])
RULESET_CHOICE = click.Choice(["official", "tamer_tactics", "legacy"])
KIND_CHOICE = click.Choice(["clause", "ruling", "keyword"])
EXPLAIN_TARGET = "RULING_ID|SCENARIO.yaml"
#: The steps a build reports progress on (judgebase.build), and their names in the catalogue.
BUILD_STEPS = {"reading sources": "cli.build.step.sources", "running scenarios": "cli.build.step.scenarios",
               "writing database": "cli.build.step.database", "building search index": "cli.build.step.index"}


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


def _lang(option: str | None) -> str:
    """The language asked with --lang, else $JUDGEBASE_LANG, else the locale's, else English."""
    if option:
        return option
    from .i18n import from_env

    return from_env()


def _say(key: str, lang: str, **fields) -> str:
    from .i18n import t

    return t(key, lang, **fields)


def _db_option(f):
    return option("--db", "db_path", type=PathType(dir_okay=False, path_type=Path), help="help.opt.db")(f)


def _resolve_db(db_path: Path | None) -> Path:
    """The database to read: the given one, or the default one (built or refreshed first)."""
    if db_path is not None:
        if not db_path.exists():
            raise click.ClickException(_say("cli.no_database", _lang(None), path=db_path))
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
    click.secho(_say("cli.build.failed", _lang(None), n=len(exc.problems)), fg="red", err=True)


@click.group(cls=Group, help="help.cmd.judgebase",
             lazy_commands={"deck": "judgebase.deck_cli:deck", "conformance": "judgebase.conformance_cli:conformance"})
@click.version_option(__version__, prog_name="judgebase", message="%(prog)s %(version)s", cls=Option, help="help.opt.version")
def cli():
    """Digimon Card Game rules for judges: look up clauses, search rulings, in es/en/de."""
    _never_crash_while_printing()


@cli.command(help="help.cmd.build")
@option("--source", "source", type=PathType(file_okay=False, path_type=Path), help="help.opt.source.rules")
@_db_option
@option("--quiet", "-q", is_flag=True, help="help.opt.quiet")
@option("--allow-gaps", is_flag=True, help="help.opt.allow_gaps")
def build(source: Path | None, db_path: Path | None, quiet: bool, allow_gaps: bool):
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
            said = _say(BUILD_STEPS[label], _lang(None)) if label in BUILD_STEPS else label
            bar = click.progressbar(length=max(total, 1), label=f"{said:<28}", file=sys.stderr)
            last.update(label=label, done=0)
        bar.update(done - last["done"])
        last["done"] = done

    try:
        report = run_build(root, db_path, progress=progress, notify=lambda msg: click.echo(msg, err=True),
                           allow_gaps=allow_gaps)
    except OSError as exc:
        raise click.ClickException(_say("cli.build.cannot_write", _lang(None), path=db_path,
                                        error=exc.strerror or exc)) from None
    except _source_error() as exc:
        if bar is not None:
            bar.render_finish()
        _print_problems(exc)
        click.echo(_say("cli.build.left", _lang(None), path=db_path), err=True)
        sys.exit(1)
    if bar is not None:
        bar.render_finish()
    from .render import build_summary

    click.echo(build_summary(report, _lang(None)))


@cli.command(help="help.cmd.search")
@argument("query", nargs=-1, required=True, type=TEXT)
@option("--lang", type=LANG_CHOICE, help="help.opt.lang.search")
@option("--ruleset", type=RULESET_CHOICE, help="help.opt.ruleset")
@option("--kind", type=KIND_CHOICE, help="help.opt.kind")
@option("--limit", type=IntRange(1, 200), default=10, show_default=True, metavar="N", help="help.opt.limit")
@option("--json", "as_json", is_flag=True, help="help.opt.json.list")
@_db_option
def search(query, lang, ruleset, kind, limit, as_json, db_path):
    """Search clauses, rulings and keywords: "6-1-4", "§2.2", "blocker propio objetivo"."""
    from .search.searcher import IndexDamaged, QueryError, Searcher

    text = " ".join(query)
    try:
        searcher = Searcher(_resolve_db(db_path))
        results = searcher.search(text, lang=lang, ruleset=ruleset, kind=kind, limit=limit)
    except QueryError as exc:
        raise click.UsageError(exc.say(_lang(lang))) from None
    except IndexDamaged as exc:
        raise click.ClickException(str(exc)) from None
    from .render import search_output

    click.echo(search_output(searcher, text, results, lang, as_json))


@cli.command(help="help.cmd.clause")
@argument("ref", type=TEXT)
@option("--lang", type=LANG_CHOICE, help="help.opt.lang")
@option("--version", "version", type=TEXT, metavar="VER", help="help.opt.cr_version")
@option("--json", "as_json", is_flag=True, help="help.opt.json.object")
@_db_option
def clause(ref, lang, as_json, db_path, version):
    """Show one clause: text, parent, children, rulings, source, history."""
    from . import refs
    from .db import Database, NotFound

    lang = _lang(lang)
    parsed = refs.try_parse(ref)
    if parsed is None:
        raise click.UsageError(_say("cli.not_a_reference", lang, ref=ref))
    db = Database(_resolve_db(db_path))
    asked = None
    if version and version.removeprefix("Ver.").strip().lstrip("v") != refs.CR_VERSION:
        parsed, asked = _old_number(db, parsed, version.removeprefix("Ver.").strip().lstrip("v"), lang)
    try:
        data = db.clause(parsed, lang)
    except NotFound as exc:
        _not_found(exc, lang, parsed=parsed)
    if asked:
        data["asked"] = asked
    from .render import clause_output

    click.echo(clause_output(db, data, lang, as_json))


def _old_number(db, parsed, version: str, lang: str):
    """Today's clause for a number of an older version, and what to tell the judge about it."""
    from . import refs
    from .i18n import renumbered

    if parsed.ruleset != "official":
        raise click.UsageError(_say("cli.version_only_cr", lang))
    known = db.old_versions
    if version not in known:
        raise click.UsageError(_say("cli.no_number_map", lang, version=version, known=", ".join(known) or "-",
                                    current=refs.CR_VERSION))
    found = db.old_number(version, parsed.number)
    if found is None:
        _error(lang, _say("cli.not_cr_number", lang, ref=parsed, version=version))
    if found["new"] is None:
        _error(lang, _say("cli.no_counterpart", lang, ref=parsed, version=version, current=refs.CR_VERSION))
    notice = renumbered(lang, version, parsed.number, found["new"], found["status"])
    new = refs.parse(f"CR {found['new']}")
    return new, {"version": version, "ref": str(parsed), "status": found["status"], "notice": notice}


def _error(lang: str, message: str, suggestions=()):
    """``Error: …`` (and the nearest existing ids) on stderr in ``lang``; exit status 1."""
    click.echo(_say("cli.error", lang, message=message), err=True)
    if suggestions:
        click.echo(_say("cli.nearest", lang, refs=", ".join(suggestions)), err=True)
    sys.exit(1)


def _not_found(exc, lang: str, parsed=None, ruling_id=None):
    from .refs import CR_VERSION

    if ruling_id is not None:
        message = _say("cli.no_ruling", lang, id=ruling_id)
    else:
        message = _say("cli.no_clause", lang, ref=parsed)
    if parsed is not None and parsed.ruleset == "official":
        from .corpus.load import official_numbers

        key = "cli.uncovered" if parsed.number in official_numbers() else "cli.not_cr_number"
        message += f" ({_say(key, lang, ref=parsed, version=CR_VERSION)})"
    _error(lang, message, exc.suggestions)


@cli.command(help="help.cmd.ruling")
@argument("ruling_id", type=TEXT)
@option("--lang", type=LANG_CHOICE, help="help.opt.lang")
@option("--json", "as_json", is_flag=True, help="help.opt.json.object")
@_db_option
def ruling(ruling_id, lang, as_json, db_path):
    """Show one ruling: question, answer, citations, source, proof status."""
    from .db import Database, NotFound

    lang = _lang(lang)
    db = Database(_resolve_db(db_path))
    try:
        data = db.ruling(ruling_id, lang)
    except NotFound as exc:
        _not_found(exc, lang, ruling_id=ruling_id)
    if as_json:
        click.echo(json.dumps(data, ensure_ascii=False, indent=2))
        return
    from .render import ruling_page

    click.echo(ruling_page(db, data, lang))


@cli.command(help="help.cmd.verify")
@argument("paths", nargs=-1, type=PathType(exists=True, path_type=Path))
@option("--ruleset", type=RULESET_CHOICE, help="help.opt.ruleset.scenarios")
@option("--source", "source", type=PathType(file_okay=False, path_type=Path), help="help.opt.source.rulings")
@option("--json", "as_json", is_flag=True, help="help.opt.json.object")
@option("--repin", is_flag=True, help="help.opt.repin")
def verify(paths, ruleset, source, as_json, repin):
    """Run ruling scenarios through the engine; exit 1 if any fails, cites a clause it does not assert,
    or cites a clause changed since it was pinned."""
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
    cited = [(path, r.path, r.cites) for path, r in zip(files, results) if not ruleset or r.ruleset == ruleset]
    pins = _pinned_citations(root, cited, whole_tree=not paths and not ruleset, repin=repin, quiet=as_json)
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
    unbacked = _unbacked_cites(results)
    if as_json:
        click.echo(json.dumps({
            "total": len(results),
            "passed": len(results) - len(failed),
            "failed": len(failed),
            "unproven": unproven,
            "results": [{"ruling": r.ruling, "file": r.path, "passed": r.passed, "message": r.message, "cites": r.cites} for r in results],
            "to_recheck": pins.as_json(),
            **_unbacked_json(results, unbacked),
        }, ensure_ascii=False, indent=2))
    else:
        lang = _lang(None)
        for r in results:
            mark = (click.style(_say("cli.verify.pass", lang), fg="green") if r.passed
                    else click.style(_say("cli.verify.fail", lang), fg="red", bold=True))
            click.echo(f"{mark}  {r.path}" + (f"  ({r.ruling})" if r.ruling else ""))
            if not r.passed:
                click.echo("      " + r.message.replace("\n", "\n      "))
        summary = _say("cli.verify.summary", lang, total=len(results), passed=len(results) - len(failed), failed=len(failed))
        if unproven is not None:
            summary += _say("cli.verify.unproven", lang, n=unproven)
        summary += _print_unbacked(unbacked, lang)
        click.echo(summary)
        _print_recheck(pins, lang)
    if failed or unbacked or pins.to_recheck:
        sys.exit(1)


def _unbacked_cites(results):
    """Cites of these scenarios that no expectation asserts (a claim without a proof: the build refuses it)."""
    from .proofs import unbacked_cites

    return unbacked_cites(results)


def _unbacked_json(results, unbacked) -> dict:
    """``verify --json``'s proof fields: what each scenario proves, and the cites nothing backs."""
    return {
        "proves": {r.path: r.proves for r in results},
        "unbacked": [{"file": u.path, "line": u.line, "ref": u.ref, "message": str(u)} for u in unbacked],
    }


def _print_unbacked(unbacked, lang: str) -> str:
    """Print each unbacked cite as ``file:line: …``; return the summary's addition."""
    for claim in unbacked:
        click.secho(str(claim), fg="red")
    return _say("cli.verify.unbacked", lang, n=len(unbacked)) if unbacked else ""


@cli.command(help="help.cmd.coverage")
@option("--ruleset", type=RULESET_CHOICE, help="help.opt.ruleset")
@option("--chapter", type=click.IntRange(0, 99), metavar="N", help="help.opt.chapter")
@option("--json", "as_json", is_flag=True, help="help.opt.json.coverage")
@option("--check", is_flag=True, help="help.opt.check.coverage")
@option("--lang", type=LANG_CHOICE, help="help.opt.lang")
@_db_option
def coverage(ruleset, chapter, as_json, check, lang, db_path):
    """Proof coverage per chapter: clauses proven by a scenario, not testable, and the gaps."""
    from .db import Database
    from .i18n import ui_lang

    lang = _lang(lang)
    db = Database(_resolve_db(db_path))
    report = db.coverage(lang).only(ruleset, chapter)
    if not report.chapters:
        raise click.UsageError(_say("cli.coverage.no_chapter", ui_lang(lang), chapter=chapter, ruleset=ruleset or "-"))
    if as_json:
        click.echo(json.dumps({**report.as_json(), "filter": {"ruleset": ruleset, "chapter": chapter}},
                              ensure_ascii=False, indent=2))
    else:
        from .render import coverage_report

        click.echo(coverage_report(report, db.titles(lang), lang))
    if check and report.gaps:
        click.echo(_say("cli.coverage.check_failed", ui_lang(lang), n=len(report.gaps)), err=True)
        sys.exit(1)


def _pinned_citations(root: Path, cited, *, whole_tree: bool, repin: bool, quiet: bool):
    """Compare (after ``--repin``: first pin) the scenarios' cited clauses with rulings/cites.lock."""
    from .i18n import tn
    from .pins import LOCK, LockError, check
    from .pins import repin as pin_now

    try:
        if repin:
            changed = pin_now(root, cited, whole_tree=whole_tree)
            if not quiet:
                click.echo(tn("cli.verify.repinned", changed, _lang(None), lock=LOCK.as_posix()))
        return check(root, cited, whole_tree=whole_tree)
    except LockError as exc:
        click.echo(exc.say(_lang(None)), err=True)
        sys.exit(1)
    except OSError as exc:
        click.echo(_say("cli.verify.cannot_pin", _lang(None), lock=LOCK.as_posix(), error=exc), err=True)
        sys.exit(1)


def _print_recheck(pins, lang: str) -> None:
    """Each cite to re-check as ``file:line: clause ...``, then what to do about them."""
    from .i18n import tn
    from .pins import LOCK

    mark = click.style(_say("cli.verify.recheck", lang), fg="yellow", bold=True)
    for r in pins.to_recheck:
        why = _say(f"cli.verify.recheck.{r.reason}", lang, clause=r.clause, old=r.pinned, new=r.now)
        click.echo(f"{mark}  {r.file}:{r.line}: {why}")
    if pins.to_recheck:
        click.echo(tn("cli.verify.recheck.summary", len(pins.to_recheck), lang,
                      scenarios=len({r.scenario for r in pins.to_recheck})))
    if pins.stale:
        click.echo(tn("cli.verify.stale", len(pins.stale), lang, lock=LOCK.as_posix()))


@cli.command(help="help.cmd.explain")
@argument("target", metavar=EXPLAIN_TARGET, type=TEXT)
@option("--lang", type=LANG_CHOICE, help="help.opt.lang")
@option("--raw", is_flag=True, help="help.opt.raw")
@option("--source", "source", type=PathType(file_okay=False, path_type=Path), help="help.opt.source.rulings")
def explain(target, lang, raw, source):
    """Print a scenario's event log (a file, or the one that proves a ruling), each event with its clause."""
    from .engine.narrate import describe
    from .i18n import t, tn, ui_lang
    from .scenarios.loader import ScenarioError, run

    lang = _lang(lang)
    ui = ui_lang(lang)
    path, ruling = _explain_target(target, ui, source)
    try:
        result = run(path)
    except ScenarioError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)
    ruling = ruling or _ruling_beside(path, result.ruling)
    # The scenario's description is written in English; a ruling's question is in every language.
    heading = (ruling or {}).get("question", {}).get(lang) if lang != "en" else None
    click.echo(click.style(heading or result.description, bold=True))
    line = t("cli.cites", ui, refs=", ".join(result.cites))
    if result.ruling:
        line += "   " + t("cli.ruling_id", ui, id=result.ruling)
    click.echo(line)
    click.echo("")
    for i, event in enumerate(result.log, 1):
        click.echo(f"{i:>3}. {event if raw else describe(event, ui)}")
    click.echo("")
    if result.passed:
        click.secho(tn("cli.explain.pass", result.steps, ui), fg="green")
    else:
        click.secho(t("cli.explain.fail", ui, message=result.message), fg="red")
        sys.exit(1)


def _explain_target(target: str, lang: str, source: Path | None):
    """(scenario file, ruling data or None) for a scenario path or a ruling id."""
    path = Path(target)
    if path.is_file():
        return path, None
    import difflib

    from .defaults import NoSources, source_root
    from .yamlsrc import YamlError, load

    try:
        root = source or source_root()
    except NoSources as exc:
        raise click.ClickException(str(exc)) from None
    files = {p.stem: p for p in sorted((root / "rulings").glob("*/*.yaml"))}
    if target not in files:
        if path.suffix in (".yaml", ".yml") or "/" in target:
            raise click.BadParameter(_say("cli.explain.unknown", lang, arg=target),
                                     param_hint=f"'{metavar(EXPLAIN_TARGET)}'")
        near = [i for i in files if target.lower() in i][:5] or difflib.get_close_matches(target, list(files), n=5, cutoff=0.4)
        _error(lang, _say("cli.no_ruling", lang, id=target), near)
    try:
        data = load(files[target].read_text(encoding="utf-8"))
    except (OSError, YamlError) as exc:
        raise click.ClickException(f"{files[target]}: {exc}") from None
    if not isinstance(data, dict) or not data.get("scenario"):
        reason = (data or {}).get("unproven_reason", "") if isinstance(data, dict) else ""
        _error(lang, _say("cli.explain.no_scenario", lang, id=target, reason=reason))
    return files[target].parent / str(data["scenario"]), data


def _ruling_beside(scenario: Path, ruling_id: str | None):
    """The ruling a scenario file proves, read from the ruleset folder above it (None if it isn't there)."""
    if not ruling_id:
        return None
    candidate = scenario.parent.parent / f"{ruling_id}.yaml"
    if not candidate.is_file():
        return None
    from .yamlsrc import YamlError, load

    try:
        data = load(candidate.read_text(encoding="utf-8"))
    except (OSError, YamlError):
        return None
    return data if isinstance(data, dict) else None


@cli.command(help="help.cmd.serve")
@option("--host", default="127.0.0.1", show_default=True, metavar="HOST", help="help.opt.host")
@option("--port", default=8001, show_default=True, type=int, metavar="N", help="help.opt.port")
@_db_option
def serve(host, port, db_path):
    """The judge's pages and datasette over the database (read-only), on 127.0.0.1."""
    from .serve import serve_datasette

    serve_datasette(_resolve_db(db_path), host=host, port=port)


@cli.group(help="help.cmd.site")
def site():
    """The judge's web pages as static files."""


@site.command("export", help="help.cmd.site.export")
@argument("out_dir", type=PathType(file_okay=False, path_type=Path))
@option("--lang", type=click.Choice(["es", "en", "de"]), help="help.opt.lang.export")
@_db_option
def site_export(out_dir, lang, db_path):
    """Write every page as static HTML with offline search (open OUT_DIR/index.html)."""
    from .i18n import LANGS, from_env
    from .search.searcher import IndexDamaged
    from .web.export import ExportRefused, check_target, export_site

    lang = lang or from_env(supported=LANGS)
    try:
        check_target(out_dir.absolute())
        counts = export_site(_resolve_db(db_path), out_dir, lang=lang)
    except ExportRefused as exc:
        raise click.ClickException(exc.say(lang)) from None
    except IndexDamaged as exc:
        raise click.ClickException(str(exc)) from None
    click.echo(_say("cli.export.done", lang, pages=counts["pages"], clauses=counts["clauses"], rulings=counts["rulings"],
                    out=out_dir, index=out_dir / "index.html"))

