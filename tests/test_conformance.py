"""The conformance suite: the reference adapter through the harness equals in-process verify,
a deliberately broken rule fails exactly where it should, and a misbehaving engine is reported
(never hangs the harness, never a traceback)."""

from __future__ import annotations

import json
import sys
import textwrap
import time
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from click.testing import CliRunner

from judgebase.cli import cli
from judgebase.conformance import adapter
from judgebase.conformance.harness import load_suite, run_suite
from judgebase.scenarios import loader, runner

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = [sys.executable, "-m", "judgebase.conformance.adapter"]
FAILING = ("fail", "crashed", "timeout")


@pytest.fixture(scope="module")
def suite():
    return load_suite(ROOT)


def _in_process(suite, classes=None, monkeypatch=None) -> dict[str, bool]:
    """Scenario id -> passed, by the in-process runner (with these engine classes, if given)."""
    if classes is not None:
        monkeypatch.setattr(runner, "RULESETS", {**runner.RULESETS, **classes})
    out = {}
    for sc in suite:
        if sc.kind == "game":
            out[sc.id] = loader.run(ROOT / sc.path).passed
    return out


def test_reference_adapter_passes_and_equals_verify(suite):
    report = run_suite(ADAPTER, suite)
    assert report.error is None
    by_id = {r.id: r for r in report.results}
    assert len(by_id) == len(suite)
    verify = _in_process(suite)
    for sc in suite:
        r = by_id[sc.id]
        if sc.kind == "game":
            assert r.passed == verify[sc.id], (sc.id, r.status, r.message)
        else:
            assert r.status == "unsupported" and "not in protocol 1" in r.message
    assert all(r.passed for r in report.results if r.status != "unsupported"), [r.message for r in report.unexpected_failures]
    assert report.counts["pass"] == sum(1 for sc in suite if sc.kind == "game")
    assert report.ok


def _asserts(sc, kinds_refs) -> bool:
    """Does the scenario assert one of these (event kind, ref) pairs, or an illegal: ref?"""
    for step in sc.data["steps"]:
        if step.get("illegal") in {ref for _, ref in kinds_refs}:
            return True
        for entry in (step.get("expect") or {}).get("log") or []:
            if (entry["event"], entry.get("ref")) in kinds_refs:
                return True
    return False


BREAKS = {
    # rule broken -> the (event, ref) pairs (or illegal: refs) that prove that rule
    "attacked-may-block": {("illegal", "CR 12-1-5")},
    "no-bonus-draw": {("draw", ref) for ref in adapter.BONUS_DRAW_REFS},
    "keep-turn": {("turn_end_conditions", "CR 6-1-4-1")},
}


@pytest.mark.parametrize("rule", sorted(BREAKS))
def test_a_broken_rule_fails_exactly_its_scenarios(suite, rule, monkeypatch):
    game_suite = [sc for sc in suite if sc.kind == "game"]
    report = run_suite(ADAPTER + ["--break", rule], game_suite, timeout=20)
    failing = {r.id for r in report.results if r.status in FAILING}
    # Lockstep: the harness fails exactly the scenarios the in-process runner fails with the same broken engine.
    broken = _in_process(game_suite, adapter.game_classes([rule]), monkeypatch)
    assert failing == {i for i, ok in broken.items() if not ok}
    # Every scenario that asserts the broken rule's own clause fails, and the per-clause report names it.
    proving = {sc.id for sc in game_suite if _asserts(sc, BREAKS[rule])}
    assert proving and proving <= failing
    clauses = report.clauses()
    for sc in game_suite:
        if sc.id in proving:
            assert any(clauses[ref]["fail"] for ref in sc.cites)
    assert all(r.status == "fail" for r in report.results if r.id in failing)  # failed, never crashed


def test_attacked_may_block_fails_the_one_ruling_with_its_ref(suite):
    report = run_suite(ADAPTER + ["--break", "attacked-may-block"], [sc for sc in suite if sc.kind == "game"])
    failed = [r for r in report.results if r.status in FAILING]
    assert [r.id for r in failed] == ["official/off-000-faq-01-block-own-target"]
    assert "not CR 12-1-5" in failed[0].message  # the engine gave another reason than the rule it forgot
    assert report.clauses()["CR 12-1-5"]["fail"] == 1


# -- misbehaving engines --------------------------------------------------------------------------
FAKE = textwrap.dedent('''
    import json, os, sys, time
    from judgebase.conformance.adapter import Adapter
    mode = sys.argv[1]
    a = Adapter()
    acts = 0
    for line in sys.stdin:
        msg = json.loads(line)
        t = msg["type"]
        if mode == "dead-on-arrival":
            sys.exit(4)
        reply = a.handle(msg)
        if t == "hello" and mode == "version":
            reply["protocol"] = 99
        if t == "hello" and mode == "narrow":
            reply["vocabulary"] = {"actions": "*", "keywords": [], "timings": "*", "effect_steps": "*", "card_features": "*"}
        if t == "act":
            acts += 1
            if mode == "crash" and acts == 2:
                print("boom: engine exploded", file=sys.stderr, flush=True)
                os._exit(3)
            if mode == "hang" and acts == 2:
                time.sleep(3600)
        if t == "observe" and mode == "garbage":
            print("this is not json", flush=True)
            continue
        print(json.dumps(reply), flush=True)
''')


@pytest.fixture()
def fake(tmp_path):
    path = tmp_path / "fake_engine.py"
    path.write_text(FAKE)
    return lambda mode: [sys.executable, str(path), mode]


@pytest.fixture(scope="module")
def small(suite):
    ids = ["official/off-000-faq-01-block-own-target", "official/off-000-faq-02-piercing-after-block",
           "official/off-000-faq-08-dp-tie"]
    return [sc for sc in suite if sc.id in ids]


@pytest.mark.parametrize("mode,status,words", [
    ("crash", "crashed", "exited with code 3; its last words: boom"),
    ("hang", "timeout", "no answer within"),
    ("garbage", "crashed", "protocol error: not a JSON line"),
])
def test_a_misbehaving_engine_is_reported_per_scenario(fake, small, mode, status, words):
    started = time.monotonic()
    report = run_suite(fake(mode), small, timeout=2)
    assert time.monotonic() - started < 15
    assert report.error is None and len(report.results) == len(small)
    bad = [r for r in report.results if r.status != "pass"]
    assert bad and all(r.status == status and words in r.message for r in bad), [(r.status, r.message) for r in bad]
    assert not report.ok


@pytest.mark.parametrize("mode,words", [("version", "speaks protocol 99; this harness speaks 1"),
                                        ("dead-on-arrival", "failed hello")])
def test_an_engine_that_cannot_start_stops_the_run_cleanly(fake, small, mode, words, tmp_path):
    report = run_suite(fake(mode), small, timeout=2)
    assert report.results == [] and words in report.error
    result = CliRunner().invoke(cli, ["conformance", "run", "--engine", " ".join(fake(mode)), "--ruleset", "official",
                                      "--junit", str(tmp_path / "j.xml"), "--timeout", "2"])
    assert result.exit_code == 2 and result.exception is None or isinstance(result.exception, SystemExit)
    assert words in result.output and "Traceback" not in result.output
    ET.parse(tmp_path / "j.xml")


def test_missing_vocabulary_is_unsupported_not_failed(fake, suite):
    picked = [sc for sc in suite if sc.id == "official/off-000-faq-01-block-own-target"]
    report = run_suite(fake("narrow"), picked)
    assert [r.status for r in report.results] == ["unsupported"]
    assert "keywords:blocker" in report.results[0].message and report.ok


def test_isolate_restarts_the_engine_per_scenario(small):
    report = run_suite(ADAPTER, small, isolate=True)
    assert [r.status for r in report.results] == ["pass"] * len(small)


# -- the command ------------------------------------------------------------------------------
def test_cli_expected_failures_and_unexpected_passes(tmp_path):
    known = tmp_path / "known.txt"
    engine = " ".join(ADAPTER + ["--break", "attacked-may-block"])
    args = ["conformance", "run", "--engine", engine, "--ruleset", "official", "--source", str(ROOT)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 1 and "FAIL  official/off-000-faq-01-block-own-target" in result.output
    assert "CR 12-1-5 (1)" in result.output
    known.write_text("# known wrong\nofficial/off-000-faq-01-block-own-target\n")
    result = CliRunner().invoke(cli, args + ["--expect-failures", str(known), "--json", "--junit", str(tmp_path / "r.xml")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ok"] and data["fail"] == 1 and data["unexpected_failures"] == []
    assert data["clauses"]["CR 12-1-5"]["fail"] == 1
    suites = ET.parse(tmp_path / "r.xml").getroot()
    assert suites.find("testsuite").get("name") == "official"
    # The rule fixed: the listed scenario passes, which is an error until it leaves the list.
    result = CliRunner().invoke(cli, ["conformance", "run", "--engine", " ".join(ADAPTER), "--ruleset", "official",
                                      "--source", str(ROOT), "--expect-failures", str(known)])
    assert result.exit_code == 1 and "UNEXPECTED PASS" in result.output


def test_export_writes_the_suite_as_json(tmp_path, suite):
    result = CliRunner().invoke(cli, ["conformance", "export", str(tmp_path / "out"), "--source", str(ROOT)])
    assert result.exit_code == 0, result.output
    out = tmp_path / "out"
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["protocol"] == 1 and manifest["counts"]["scenarios"] == len(suite)
    assert manifest["counts"]["protocol"] == sum(1 for sc in suite if sc.kind == "game")
    assert (out / "INTERPRETING.md").is_file() and json.loads((out / "schema.json").read_text())
    one = json.loads((out / "scenarios/official/off-000-faq-01-block-own-target.json").read_text())
    assert one["in_protocol"] and "blocker" in one["requirements"]["keywords"]
    assert one["scenario"]["steps"][2]["illegal"] == "CR 12-1-5"
    again = CliRunner().invoke(cli, ["conformance", "export", str(tmp_path / "out2"), "--source", str(ROOT)])
    assert again.exit_code == 0
    assert json.loads((tmp_path / "out2/manifest.json").read_text())["version"] == manifest["version"]
