"""``judgebase conformance``: the ruling scenarios as a conformance suite for any engine.

Registered in :mod:`judgebase.cli`; only click is imported here at start-up, the
harness loads when a command runs.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import click

RULESETS = click.Choice(["official", "tamer_tactics", "legacy"])


def _root(source: Path | None) -> Path:
    from .shipped import sources_root

    env = os.environ.get("JUDGEBASE_SOURCE")
    root = source or (Path(env) if env else sources_root())
    if root is None or not (Path(root) / "rulings").is_dir():
        raise click.ClickException(f"no rulings/ folder in {root or 'this installation'}; pass --source or set JUDGEBASE_SOURCE")
    return Path(root)


def _suite(source, ruleset):
    from .scenarios.common import ScenarioError
    from .conformance.harness import load_suite

    try:
        return load_suite(_root(source), ruleset)
    except ScenarioError as exc:
        click.echo(str(exc), err=True)
        sys.exit(1)


@click.group()
def conformance():
    """Run the ruling scenarios against any engine that speaks the conformance protocol."""


@conformance.command("run")
@click.option("--engine", "engine", required=True, metavar="CMD",
              help='The engine command, e.g. "python -m judgebase.conformance.adapter" or "node my-engine.js".')
@click.option("--ruleset", type=RULESETS, help="Only this ruleset's scenarios.")
@click.option("--expect-failures", "expect_failures", type=click.Path(exists=True, dir_okay=False, path_type=Path),
              help="Scenario ids expected to fail, one per line; such a scenario that passes is an error.")
@click.option("--json", "as_json", is_flag=True, help="Print the report as a JSON object.")
@click.option("--junit", "junit_path", type=click.Path(dir_okay=False, path_type=Path), help="Also write JUnit XML here.")
@click.option("--isolate", is_flag=True, help="Start the engine afresh for every scenario.")
@click.option("--timeout", type=click.FloatRange(0.1, 3600), default=10.0, show_default=True,
              help="Seconds one scenario may take (hello included).")
@click.option("--source", type=click.Path(file_okay=False, path_type=Path), help="Checkout holding rulings/.")
@click.option("--verbose", "-v", is_flag=True, help="List passing and unsupported scenarios too.")
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


@conformance.command("export")
@click.argument("out_dir", type=click.Path(file_okay=False, path_type=Path))
@click.option("--source", type=click.Path(file_okay=False, path_type=Path), help="Checkout holding rulings/.")
def export_cmd(out_dir, source):
    """Write the suite as plain JSON into OUT_DIR (scenarios, schema, contract, clause texts, manifest)."""
    from .conformance.export import export

    root = _root(source)
    suite = _suite(root, None)
    clauses, pins, recheck = _pinned_clauses(root, suite)
    try:
        manifest = export(out_dir, suite, clauses, pins, recheck)
    except OSError as exc:
        raise click.ClickException(f"cannot write {out_dir}: {exc}") from None
    click.echo(f"wrote {manifest['counts']['scenarios']} scenarios ({manifest['counts']['protocol']} in protocol "
               f"{manifest['protocol']}) and {len(manifest['clauses'])} cited clauses to {out_dir}")
    if recheck:
        click.echo(f"warning: {len(recheck)} citations to re-check (their clause changed since it was pinned); "
                   f"listed under to_recheck in {Path(out_dir) / 'manifest.json'}; see judgebase verify", err=True)


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
        click.echo(str(exc), err=True)
        sys.exit(1)
    clauses = {ref: {"ref": ref, "ruleset": c.ruleset, "version": c.version, "fingerprint": c.pin.fingerprint,
                     "lang": c.lang, "title": c.title, "text": c.text, "source": c.at, "texts": texts.get(ref, {})}
               for ref, c in sources.items()}
    return clauses, {key: pin.as_json() for key, pin in lock.items()}, checked.as_json()
