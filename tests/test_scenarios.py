"""The scenario format: bad files fail with path:line, verify/explain, proofs stored in the database."""

import json
import shutil

import pytest
from click.testing import CliRunner

from judgebase.cli import cli
from judgebase.scenarios.loader import ScenarioError, run

from conftest import ROOT

EXAMPLE = ROOT / "rulings/official/scenarios/off-000-faq-01-block-own-target.yaml"


def _variant(tmp_path, old, new, name="bad.yaml"):
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / name
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if new.splitlines()[0] in l)
    return path, line


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("battle: [{label: greymon, cards: [Greymon]}]", "battle: [{label: greymon, cards: [Greymonn]}]", "unknown card 'Greymonn'"),
        ("{do: block, by: p2, blocker: guard}", "{do: fly, by: p2, blocker: guard}", "'fly' is not one of"),
        ("phase: main", "phase: lunch", "'lunch' is not one of"),
        ("keywords: {blocker: true}", "keywords: {blocker: true, flying: true}", "flying"),
        ("memory: 4", "memory: [4", "invalid YAML"),
    ],
)
def test_bad_scenarios_fail_with_file_and_line(tmp_path, old, new, message):
    path, line = _variant(tmp_path, old, new)
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert message in str(info.value)
    assert str(info.value).startswith(f"{path}:")
    if "invalid YAML" not in message:
        assert info.value.line == line


def test_reference_to_a_missing_label_is_a_file_error(tmp_path):
    path, line = _variant(tmp_path, "{do: block, by: p2, blocker: guard}", "{do: block, by: p2, blocker: nobody}")
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert info.value.line == line and "nobody" in info.value.message


def test_wrong_expectation_fails_with_its_line(tmp_path):
    path, line = _variant(tmp_path, "guard: {present: false}", "guard: {present: true}")
    result = run(path)
    assert not result.passed
    assert result.message.startswith(f"{path}:") and "guard" in result.message


def test_illegal_step_with_the_wrong_ref_fails(tmp_path):
    path, _ = _variant(tmp_path, "illegal: CR 12-1-5", "illegal: CR 12-1-2")
    result = run(path)
    assert not result.passed and "because of CR 12-1-5" in result.message


def test_verify_cli_contract_and_exit_codes(tmp_path):
    result = CliRunner().invoke(cli, ["verify", "--json"])
    data = json.loads(result.output)
    assert {"total", "passed", "failed", "unproven", "results"} <= set(data)
    assert data["total"] >= 65 and data["failed"] == 0 and result.exit_code == 0
    assert {"ruling", "passed", "message"} <= set(data["results"][0])

    bad, _ = _variant(tmp_path, "guard: {present: false}", "guard: {present: true}")
    failing = CliRunner().invoke(cli, ["verify", str(bad)])
    assert failing.exit_code == 1 and "FAIL" in failing.output

    broken, line = _variant(tmp_path, "phase: main", "phase: lunch", "broken.yaml")
    out = CliRunner().invoke(cli, ["verify", str(broken)])
    assert out.exit_code == 1 and f"{broken}:{line}:" in out.output and "Traceback" not in out.output


def test_explain_prints_each_event_with_its_clause():
    result = CliRunner().invoke(cli, ["explain", str(EXAMPLE)])
    assert result.exit_code == 0
    assert "[CR 12-1-7-1]" in result.output and "[CR 14-2-2]" in result.output and "PASS" in result.output


def test_proofs_are_stored_and_shown(db, searcher, run_cli):
    rows = db.conn.execute("select count(*), sum(passed) from scenario_runs").fetchone()
    assert rows[0] >= 65 and rows[0] == rows[1]
    proven = db.conn.execute("select count(*) from rulings where proven = 1").fetchone()[0]
    assert proven >= 20
    data = json.loads(run_cli("ruling", "off-000-faq-01-block-own-target", "--json").output)
    assert data["proven"] is True and data["scenario"].endswith("off-000-faq-01-block-own-target.yaml")
    hits = [r for r in searcher.search("12-1-5", limit=20) if r.kind == "ruling"]
    assert any(r.proven for r in hits)


def test_a_failing_scenario_shows_as_failing_in_the_database(tmp_path):
    from judgebase.build import build
    from judgebase.db import Database

    src = tmp_path / "src"
    shutil.copytree(ROOT / "rules", src / "rules")
    shutil.copytree(ROOT / "rulings", src / "rulings")
    path = src / "rulings/official/scenarios/off-000-faq-01-block-own-target.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("guard: {present: false}", "guard: {present: true}"), encoding="utf-8")
    # The clauses only that scenario proved are gaps while it fails: allowed, to see it in the database.
    report = build(src, tmp_path / "j.db", allow_gaps=True)
    assert len(report.failing) == 1
    db = Database(tmp_path / "j.db")
    assert db.ruling("off-000-faq-01-block-own-target")["proven"] is False


def test_deck_check_scenarios_prove_deck_list_rulings(db):
    proven = {r["id"]: r["proven"] for r in db.conn.execute("select id, proven from rulings where ruleset = 'tamer_tactics'")}
    assert proven["tt-001-faq-07-tamer-digi-egg-pile-size"] == 1 and proven["tt-001-faq-20-banlist"] == 1


def test_deck_check_scenario_with_a_wrong_expectation_fails(tmp_path):
    src = ROOT / "rulings/tamer_tactics/scenarios/tt-001-faq-07-tamer-digi-egg-pile-size.yaml"
    bad = tmp_path / "bad.yaml"
    bad.write_text(src.read_text(encoding="utf-8").replace("expect: {legal: true}", "expect: {legal: false}", 1), encoding="utf-8")
    result = run(bad)
    assert not result.passed and "expected not legal" in result.message
    broken = tmp_path / "broken.yaml"
    broken.write_text("kind: deck_check\ndescription: x\ncites: [TT §1.2]\nsource: {document: '001'}\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run(broken)
    assert "checks" in str(info.value)


@pytest.mark.parametrize("path, kind, ruleset", [
    (EXAMPLE, "game", "official"),
    (ROOT / "rulings/legacy/scenarios/leg-002-attack-never-negative.yaml", "legacy", "legacy"),
    (ROOT / "rulings/tamer_tactics/scenarios/tt-001-faq-07-tamer-digi-egg-pile-size.yaml", "deck_check", "tamer_tactics"),
])
def test_the_loader_reads_a_file_once_and_dispatches_on_what_it_declares(monkeypatch, path, kind, ruleset):
    from pathlib import Path

    from judgebase.scenarios import loader

    assert loader.kind_of(loader.read(path)[0]) == kind
    reads = []
    original = Path.read_text
    monkeypatch.setattr(Path, "read_text", lambda self, *a, **k: reads.append(self) or original(self, *a, **k))
    result = loader.run(path)
    assert result.passed and result.ruleset == ruleset
    assert [p for p in reads if p.name == path.name] == [path]


def test_the_loader_decides_from_the_parsed_data_not_the_text():
    from judgebase.scenarios.loader import kind_of

    assert kind_of({"kind": "deck_check", "ruleset": "legacy"}) == "deck_check"  # the deck check then refuses 'legacy'
    assert kind_of({"ruleset": "legacy"}) == "legacy"
    assert kind_of({"ruleset": "tamer_tactics"}) == kind_of({}) == kind_of([{"ruleset": "legacy"}]) == kind_of(None) == "game"


@pytest.mark.parametrize("scenario, engine", [
    ("rulings/official/scenarios/off-000-faq-01-block-own-target.yaml", "judgebase.engine.official.game.Game"),
    ("rulings/legacy/scenarios/leg-002-equal-attack-is-draw.yaml", "judgebase.engine.legacy.LegacyGame"),
])
def test_an_engine_crash_while_the_position_starts_is_a_failed_proof(monkeypatch, scenario, engine):
    """A crash in start() (the position's persistent effects, its first rule check) is reported like one
    in a step: the file, the line of its setup, where in the engine; verify never shows a traceback."""
    def broken(self):
        raise RuntimeError("broken on purpose")

    monkeypatch.setattr(f"{engine}.start", broken)
    result = run(ROOT / scenario)
    assert not result.passed
    assert ":" in result.message and "the engine crashed: RuntimeError('broken on purpose') at test_scenarios.py:" in result.message
    out = CliRunner().invoke(cli, ["verify", str(ROOT / scenario)])
    assert out.exit_code == 1 and "Traceback" not in out.output and "the engine crashed" in out.output
