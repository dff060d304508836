"""``judgebase conformance``: the ruling scenarios as a conformance suite for any engine.

Registered in :mod:`judgebase.cli`, which imports this module only when a conformance
command runs; the harness loads then too.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

from .cli_words import FloatRange, Group, PathType, argument, language, option

RULESETS = click.Choice(["official", "tamer_tactics", "legacy"])


def _say(key: str, **fields) -> str:
    from .i18n import t

    return t(key, language(), **fields)


def _root(source: Path | None) -> Path:
    from .shipped import sources_root

    env = os.environ.get("JUDGEBASE_SOURCE")
    root = source or (Path(env) if env else sources_root())
    if root is None or not (Path(root) / "rulings").is_dir():
        raise click.ClickException(_say("cli.conformance.no_rulings",
                                        root=root or _say("cli.rebuild.this_installation")))
    return Path(root)


def _suite(source, ruleset):
    from .scenarios.common import ScenarioError
    from .conformance.harness import load_suite

    try:
        return load_suite(_root(source), ruleset)
    except ScenarioError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)


@click.group(cls=Group, help="help.cmd.conformance")
def conformance():
    """Run the ruling scenarios against any engine that speaks the conformance protocol."""


@conformance.command("run", help="help.cmd.conformance.run")
@option("--engine", "engine", required=True, metavar="CMD", help="help.opt.engine")
@option("--ruleset", type=RULESETS, help="help.opt.ruleset.scenarios")
@option("--expect-failures", "expect_failures", type=PathType(exists=True, dir_okay=False, path_type=Path),
        help="help.opt.expect_failures")
@option("--json", "as_json", is_flag=True, help="help.opt.json.report")
@option("--junit", "junit_path", type=PathType(dir_okay=False, path_type=Path), help="help.opt.junit")
@option("--isolate", is_flag=True, help="help.opt.isolate")
@option("--timeout", type=FloatRange(0.1, 3600), default=10.0, show_default=True, metavar="SECONDS",
        help="help.opt.timeout")
@option("--source", type=PathType(file_okay=False, path_type=Path), help="help.opt.source.rulings")
@option("--verbose", "-v", is_flag=True, help="help.opt.verbose")
def run_cmd(engine, ruleset, expect_failures, as_json, junit_path, isolate, timeout, source, verbose):
    """Drive every scenario through ENGINE; exit 1 on an unexpected failure or pass, 2 if the engine can't start."""
    from .conformance.harness import junit, read_expected_failures, run_suite

    suite = _suite(source, ruleset)
    expected = read_expected_failures(expect_failures) if expect_failures else set()
    report = run_suite(engine, suite, timeout=timeout, isolate=isolate, expected_failures=expected)
    if junit_path:
        junit_path.write_text(junit(report), encoding="utf-8")
    if as_json:
        click.echo(json.dumps(report.as_json(), ensure_ascii=False, indent=2))
    else:
        _print_report(report, verbose)
    if report.error:
        if not as_json:
            click.echo(f"error: {report.error}", err=True)
        sys.exit(2)
    sys.exit(0 if report.ok else 1)


def _print_report(report, verbose: bool) -> None:
    marks = {"pass": ("PASS", "green"), "fail": ("FAIL", "red"), "unsupported": ("UNSUPPORTED", "yellow"),
             "crashed": ("CRASHED", "red"), "timeout": ("TIMEOUT", "red")}
    for r in report.results:
        if r.status in ("pass", "unsupported") and not verbose and not r.expected_failure:
            continue
        text, colour = marks[r.status]
        note = ""
        if r.expected_failure:
            note = "  (expected failure)" if r.status != "pass" else "  (UNEXPECTED PASS: remove it from the expected failures)"
        click.echo(f"{click.style(text, fg=colour, bold=r.status != 'unsupported')}  {r.id}{note}")
        if r.message and r.status != "pass":
            click.echo("      " + r.message.replace("\n", "\n      "))
    for entry in report.stale:
        click.echo(f"warning: expected failure {entry!r} is not in the suite", err=True)
    if report.error:
        return
    failing = {ref: c for ref, c in report.clauses().items() if c["fail"] + c["crashed"] + c["timeout"]}
    if failing:
        click.echo("clauses with failing scenarios: " + ", ".join(
            f"{ref} ({c['fail'] + c['crashed'] + c['timeout']})" for ref, c in failing.items()))
    c = report.counts
    click.echo(f"{len(report.results)} scenarios against {report.engine.get('name') or report.engine.get('command')}: "
               + ", ".join(f"{c[s]} {s}" for s in c if c[s] or s in ("pass", "fail"))
               + (f"; {len(report.unexpected_failures)} unexpected failures" if report.unexpected_failures else "")
               + (f"; {len(report.unexpected_passes)} unexpected passes" if report.unexpected_passes else ""))


@conformance.command("export", help="help.cmd.conformance.export")
@argument("out_dir", type=PathType(file_okay=False, path_type=Path))
@option("--source", type=PathType(file_okay=False, path_type=Path), help="help.opt.source.rulings")
def export_cmd(out_dir, source):
    """Write the suite as plain JSON into OUT_DIR (scenarios, schema, contract, clause texts, manifest)."""
    from .conformance.export import export

    root = _root(source)
    suite = _suite(root, None)
    clauses, pins, recheck = _pinned_clauses(root, suite)
    try:
        manifest = export(out_dir, suite, clauses, pins, recheck)
    except OSError as exc:
        raise click.ClickException(_say("cli.conformance.cannot_write", path=out_dir, error=exc)) from None
    click.echo(_say("cli.conformance.wrote", scenarios=manifest["counts"]["scenarios"],
                    in_protocol=manifest["counts"]["protocol"], protocol=manifest["protocol"],
                    clauses=len(manifest["clauses"]), out=out_dir))
    if recheck:
        click.echo(_say("cli.conformance.recheck", n=len(recheck), manifest=Path(out_dir) / "manifest.json"), err=True)


def _pinned_clauses(root: Path, suite):
    """The cited clauses' texts, the pins of rulings/cites.lock, and the citations to re-check, as JSON values."""
    from . import pins

    rulesets = pins.rulesets_cited(ref for sc in suite for ref in sc.cites)
    sources = pins.clause_sources(root, rulesets)
    texts = pins.clause_texts(root, rulesets)
    try:
        lock = pins.read_lock(root)
        checked = pins.check(root, [(sc.file, sc.path, sc.cites) for sc in suite], whole_tree=True, sources=sources)
    except pins.LockError as exc:
        click.echo(exc.say(language()), err=True)
        sys.exit(1)
    clauses = {ref: {"ref": ref, "ruleset": c.ruleset, "version": c.version, "fingerprint": c.pin.fingerprint,
                     "lang": c.lang, "title": c.title, "text": c.text, "source": c.at, "texts": texts.get(ref, {})}
               for ref, c in sources.items()}
    return clauses, {key: pin.as_json() for key, pin in lock.items()}, checked.as_json()
