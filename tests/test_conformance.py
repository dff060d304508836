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

from judgebase import deck
from judgebase.cli import cli
from judgebase.conformance import adapter
from judgebase.conformance.harness import load_suite, run_suite
from judgebase.scenarios import legacy_runner, loader, runner

ROOT = Path(__file__).resolve().parent.parent
ADAPTER = [sys.executable, "-m", "judgebase.conformance.adapter"]
FAILING = ("fail", "crashed", "timeout")


@pytest.fixture(scope="module")
def suite():
    return load_suite(ROOT)


def _in_process(suite, breaks=(), monkeypatch=None) -> dict[str, bool]:
    """Scenario id -> passed, by the in-process runners (what verify does), with these rules broken the adapter's way."""
    if breaks:
        monkeypatch.setattr(runner, "RULESETS", {**runner.RULESETS, **adapter.game_classes(breaks)})
        monkeypatch.setattr(legacy_runner, "LegacyGame", adapter.legacy_class(breaks))
        if "ignore-restrictions" in breaks:
            check = deck.check
            monkeypatch.setattr(deck, "check", lambda listed, fmt, cards=None, restrictions=None: check(listed, fmt, cards))
    return {sc.id: loader.run(ROOT / sc.path).passed for sc in suite}


def test_reference_adapter_passes_and_equals_verify(suite):
    report = run_suite(ADAPTER, suite)
    assert report.error is None and report.engine["protocol"] == 2
    by_id = {r.id: r for r in report.results}
    assert len(by_id) == len(suite)
    assert {sc.kind for sc in suite} == {"game", "legacy", "deck_check"}
    verify = _in_process(suite)
    for sc in suite:  # scenario for scenario, every kind: the same verdict over the protocol as in process
        r = by_id[sc.id]
        assert r.passed == verify[sc.id], (sc.id, r.status, r.message)
    assert report.counts["unsupported"] == 0
    assert report.counts["pass"] == len(suite) == sum(verify.values())
    assert report.ok


def _asserts(sc, kinds_refs) -> bool:
    """Does the scenario assert one of these (event kind, ref) pairs, or an illegal: ref (a deck check: expects a ref)?"""
    if sc.kind == "deck_check":
        return any(ref in (c["expect"].get("refs") or []) for c in sc.data["checks"] for _, ref in kinds_refs)
    for step in sc.data["steps"]:
        if step.get("illegal") in {ref for _, ref in kinds_refs}:
            return True
        for entry in (step.get("expect") or {}).get("log") or []:
            if (entry["event"], entry.get("ref")) in kinds_refs:
                return True
    return False


BREAKS = {
    # rule broken -> (kind of scenario it touches, the (event, ref) pairs (or illegal: / expected refs) that prove it)
    "attacked-may-block": ("game", {("illegal", "CR 12-1-5")}),
    "no-bonus-draw": ("game", {("draw", ref) for ref in adapter.BONUS_DRAW_REFS}),
    "keep-turn": ("game", {("turn_end_conditions", "CR 6-1-4-1")}),
    # the attack values checked in the Battle Phase: each is the value for the opponent's battle type (LEG 3.2.4.1)
    "own-battle-type": ("legacy", {("attack_value", "LEG 3.2.4.4.1")}),
    "ignore-restrictions": ("deck_check", {("deck_problem", "TT §1.3")}),
}


def _proving(sc, rule) -> bool:
    kind, pairs = BREAKS[rule]
    if sc.kind != kind:
        return False
    return _asserts(sc, pairs)


@pytest.mark.parametrize("rule", sorted(BREAKS))
def test_a_broken_rule_fails_exactly_its_scenarios(suite, rule, monkeypatch):
    kind = BREAKS[rule][0]
    picked = [sc for sc in suite if sc.kind == kind]
    report = run_suite(ADAPTER + ["--break", rule], picked, timeout=20)
    failing = {r.id for r in report.results if r.status in FAILING}
    # Lockstep: the harness fails exactly the scenarios the in-process runner fails with the same broken engine.
    broken = _in_process(picked, [rule], monkeypatch)
    assert failing == {i for i, ok in broken.items() if not ok}
    # Every scenario that asserts the broken rule's own clause fails, and the per-clause report names it.
    proving = {sc.id for sc in picked if _proving(sc, rule)}
    assert proving and proving <= failing
    clauses = report.clauses()
    for sc in picked:
        if sc.id in proving:
            assert any(clauses[ref]["fail"] for ref in sc.cites)
    assert all(r.status == "fail" for r in report.results if r.id in failing)  # failed, never crashed
    assert report.counts["unsupported"] == 0


def test_attacked_may_block_fails_the_scenarios_of_that_rule(suite):
    report = run_suite(ADAPTER + ["--break", "attacked-may-block"], [sc for sc in suite if sc.kind == "game"])
    failed = {r.id: r for r in report.results if r.status in FAILING}
    # The ruling on blocking your own attack target, and the second block by a Digimon with two
    # <Blocker>: having blocked, it is the Digimon attacked, so the broken rule lets it through to
    # the next check and the refusal changes.
    assert sorted(failed) == ["official/kw-blocker-two-instances-block-once", "official/off-000-faq-01-block-own-target"]
    assert "not CR 12-1-5" in failed["official/off-000-faq-01-block-own-target"].message  # another reason than the rule it forgot
    assert "not CR 16-5-3" in failed["official/kw-blocker-two-instances-block-once"].message
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
        if t == "hello" and mode == "v1":  # a host written for protocol 1: answers 1 whatever it is offered
            msg = {"type": "hello", "protocol": 1}
        reply = a.handle(msg)
        if t == "hello" and mode == "no-legacy":
            reply["rulesets"] = ["official", "tamer_tactics"]
            del reply["deck_check"]
        if t == "hello" and mode == "version":
            reply["protocol"] = 99
        if t == "hello" and mode == "boolean":
            reply["protocol"] = True
        if t == "hello" and mode == "narrow":
            reply["vocabulary"] = {"actions": "*", "keywords": [], "timings": "*", "effect_steps": "*", "card_features": "*"}
        if t == "act" or t == "deck_check":
            acts += 1
            if mode == "crash" and acts == 2:
                print("boom: engine exploded", file=sys.stderr, flush=True)
                os._exit(3)
            if mode == "hang" and acts == 2:
                time.sleep(3600)
        if t in ("observe", "deck_check") and mode == "garbage":
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
           "official/off-000-faq-08-dp-tie", "legacy/leg-002-multiply-before-add", "tamer_tactics/tt-001-faq-20-banlist"]
    return [sc for sc in suite if sc.id in ids]


@pytest.mark.parametrize("mode,status,words", [
    ("crash", "crashed", "exited with code 3; its last words: boom"),
    ("hang", "timeout", "no answer within"),
    ("garbage", "crashed", "protocol error: not a JSON line"),
])
def test_a_misbehaving_engine_is_reported_per_scenario(fake, small, mode, status, words):
    started = time.monotonic()
    report = run_suite(fake(mode), small, timeout=2)
    assert time.monotonic() - started < 3 * len(small) + 5
    assert report.error is None and len(report.results) == len(small)
    bad = [r for r in report.results if r.status != "pass"]
    assert bad and all(r.status == status and words in r.message for r in bad), [(r.status, r.message) for r in bad]
    assert {"legacy/leg-002-multiply-before-add", "tamer_tactics/tt-001-faq-20-banlist"} <= {r.id for r in bad}
    assert not report.ok


@pytest.mark.parametrize("mode,words", [("version", "speaks protocol 99; this harness speaks 1 or 2"),
                                        ("boolean", "speaks protocol True; this harness speaks 1 or 2"),
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
    picked = [sc for sc in suite if sc.id in ("official/off-000-faq-01-block-own-target", "legacy/leg-002-multiply-before-add")]
    report = run_suite(fake("narrow"), picked)
    assert [r.status for r in report.results] == ["unsupported"] * 2
    messages = {r.id: r.message for r in report.results}
    assert "keywords:blocker" in messages["official/off-000-faq-01-block-own-target"]
    # a category the host leaves out declares none of its items: here every legacy action and effect
    assert "legacy_actions:use" in messages["legacy/leg-002-multiply-before-add"]
    assert "legacy_effects:multiply" in messages["legacy/leg-002-multiply-before-add"] and report.ok


def test_a_protocol_1_engine_still_plays_the_games_and_hears_what_it_misses(fake, small):
    report = run_suite(fake("v1"), small)
    assert report.error is None and report.engine["protocol"] == 1
    got = {r.id: (r.status, r.message) for r in report.results}
    assert all(got[sc.id][0] == "pass" for sc in small if sc.kind == "game")
    assert got["legacy/leg-002-multiply-before-add"] == (
        "unsupported", "the engine speaks protocol 1, which has no legacy scenarios (protocol 2 adds them)")
    assert got["tamer_tactics/tt-001-faq-20-banlist"] == (
        "unsupported", "the engine speaks protocol 1, which has no deck-check scenarios (protocol 2 adds them)")
    assert report.ok


def test_an_engine_without_legacy_or_deck_checks_gets_them_unsupported(fake, small):
    report = run_suite(fake("no-legacy"), small)
    got = {r.id: (r.status, r.message) for r in report.results}
    assert got["legacy/leg-002-multiply-before-add"] == ("unsupported", "the engine does not support ruleset 'legacy'")
    assert got["tamer_tactics/tt-001-faq-20-banlist"][0] == "unsupported"
    assert "does not check 'tamer_tactics' deck lists" in got["tamer_tactics/tt-001-faq-20-banlist"][1]
    assert report.counts["pass"] == sum(1 for sc in small if sc.kind == "game") and report.ok


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
    known.write_text("# known wrong\nofficial/off-000-faq-01-block-own-target\nofficial/kw-blocker-two-instances-block-once\n")
    result = CliRunner().invoke(cli, args + ["--expect-failures", str(known), "--json", "--junit", str(tmp_path / "r.xml")])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["ok"] and data["fail"] == 2 and data["unexpected_failures"] == []
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
    assert manifest["protocol"] == 2 and manifest["counts"]["scenarios"] == len(suite)
    assert manifest["counts"]["protocol"] == len(suite)  # every kind is in protocol 2
    assert manifest["to_recheck"] == [] and manifest["counts"]["to_recheck"] == 0
    assert (out / "INTERPRETING.md").is_file() and json.loads((out / "schema.json").read_text())
    one = json.loads((out / "scenarios/official/off-000-faq-01-block-own-target.json").read_text())
    assert one["in_protocol"] and one["protocol"] == 1 and "blocker" in one["requirements"]["keywords"]
    assert one["scenario"]["steps"][2]["illegal"] == "CR 12-1-5"
    clauses = json.loads((out / "clauses.json").read_text())
    assert sorted(clauses) == manifest["clauses"] == sorted({ref for sc in suite for ref in sc.cites})
    block = clauses["CR 12-1-5"]
    assert block["version"] == "CR Ver. 4.2" and block["lang"] == "en" and {"es", "en", "de"} <= set(block["texts"])
    assert one["pins"]["CR 12-1-5"] == {"version": "CR Ver. 4.2", "fingerprint": block["fingerprint"]}
    assert one["to_recheck"] == []
    legacy = json.loads((out / "scenarios/legacy/leg-002-multiply-before-add.json").read_text())
    assert legacy["protocol"] == 2 and "multiply" in legacy["requirements"]["legacy_effects"]
    assert clauses[legacy["cites"][0]]["lang"] == "ko" and clauses[legacy["cites"][0]]["version"].startswith("LEG ")
    again = CliRunner().invoke(cli, ["conformance", "export", str(tmp_path / "out2"), "--source", str(ROOT)])
    assert again.exit_code == 0
    assert json.loads((tmp_path / "out2/manifest.json").read_text())["version"] == manifest["version"]
