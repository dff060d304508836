"""Deck-check scenarios (kind: deck_check) are validated like every other scenario.

Before: ``checks: 5``, ``expect: 5`` and an empty ``list:`` gave tracebacks, and
``restrictions:`` read any file on the machine (``../../../../etc/passwd``).  Now the
file is checked against ``deck_check_scenario`` in schema.json and every mistake is
a ScenarioError(path, line, message).
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import jsonschema
import pytest

from judgebase import deck as decklib
from judgebase import yamlsrc
from judgebase.scenarios import deck_runner, loader
from judgebase.scenarios.common import schema
from judgebase.scenarios.loader import ScenarioError, run

ROOT = Path(__file__).resolve().parent.parent
TT = ROOT / "rulings" / "tamer_tactics" / "scenarios"
PILE = TT / "tt-001-faq-07-tamer-digi-egg-pile-size.yaml"
BANLIST = TT / "tt-001-faq-20-banlist.yaml"

LIST = """\
          Main deck
          Digimon
          4 ST1-010
          4 ST1-011
          4 ST1-012
          4 ST1-013
          4 ST1-014
          4 ST1-015
          4 ST1-016
          4 ST1-017
          4 ST1-018
          2 ST1-019
          Options
          4 ST1-091
          4 ST1-092
          4 ST1-093
          Tamer+Digi-Egg pile
          Tamers
          1 Tamer BT9-080
          1 Tamer BT9-081
          1 Tamer BT9-082
          1 Tamer BT9-083
          1 Tamer BT9-084
          Digi-Eggs
          3 ST1-001
"""


def scenario(tmp_path, checks: str, head: str = "ruleset: tamer_tactics\n") -> Path:
    """A deck_check scenario in tmp_path/scenarios/ (with a restriction list beside it in data/)."""
    folder = tmp_path / "scenarios"
    (folder / "data").mkdir(parents=True, exist_ok=True)
    shutil.copy(TT / "data" / "restrictions-example.yaml", folder / "data" / "restrictions-example.yaml")
    path = folder / "s.yaml"
    path.write_text("kind: deck_check\ndescription: a test\ncites: [TT §1.2]\nsource: {document: '001'}\n" + head
                    + "checks:\n" + checks, encoding="utf-8")
    return path


def line_of(path: Path, text: str) -> int:
    return next(i for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if text in line)


def error(path: Path) -> ScenarioError:
    with pytest.raises(ScenarioError) as info:
        run(path)
    return info.value


def deck_check_files() -> list[Path]:
    return sorted(p for p in ROOT.glob("rulings/*/scenarios/*.yaml") if loader.kind_of(loader.read(p)[0]) == "deck_check")


def test_the_helper_scenario_is_a_passing_deck_check(tmp_path):
    path = scenario(tmp_path, f"  - list: |\n{LIST}    expect: {{legal: true}}\n")
    result = run(path)
    assert result.passed and result.steps == 1


@pytest.mark.parametrize("checks, where, words", [
    (" 5\n", "checks:", "checks: 5 is not of type 'array'"),
    (" []\n", "checks:", "checks: [] should be non-empty"),
    (f"  - list: |\n{LIST}    expect: 5\n", "expect:", "checks/0/expect: 5 is not of type 'object'"),
    (f"  - list: |\n{LIST}    expect: {{}}\n", "expect:", "checks/0/expect: {} should be non-empty"),
    (f"  - list: |\n{LIST}    expect: {{legal: maybe}}\n", "expect:", "checks/0/expect/legal: 'maybe' is not of type 'boolean'"),
    (f"  - list: |\n{LIST}    expect: {{refs: TT §1.2}}\n", "expect:", "checks/0/expect/refs: 'TT §1.2' is not of type 'array'"),
    ("  - list:\n    expect: {legal: true}\n", "list:", "checks/0/list: is empty"),
    ("  - list: '   '\n    expect: {legal: true}\n", "list:", "checks/0/list: is blank"),
    ("  - list: [4 ST1-010]\n    expect: {legal: true}\n", "list:", "checks/0/list: ['4 ST1-010'] is not of type 'string'"),
    ("  - expect: {legal: true}\n", "- expect", "checks/0: 'list' is a required property"),
    (f"  - list: |\n{LIST}", "- list", "checks/0: 'expect' is a required property"),
    (f"  - list: |\n{LIST}    expect: {{legal: true}}\n    restrictions: 5\n", "restrictions:",
     "checks/0/restrictions: 5 is not of type 'string'"),
    (f"  - list: |\n{LIST}    expect: {{legal: true}}\n    expected: {{legal: true}}\n", "expected:",
     "Additional properties are not allowed ('expected' was unexpected)"),
    ("  - 5\n", "- 5", "checks/0: 5 is not of type 'object'"),
])
def test_mistakes_in_checks_are_scenario_errors_with_their_line(tmp_path, checks, where, words):
    path = scenario(tmp_path, checks)
    err = error(path)
    assert err.path == str(path) and words in err.message, err.message
    assert err.line == line_of(path, where), (err.line, err.message)


@pytest.mark.parametrize("head, words", [
    ("ruleset: legacy\n", "ruleset: 'legacy' is not one of ['official', 'tamer_tactics']"),
    ("ruleset: tamer_tactics\ncards: {}\n", "Additional properties are not allowed ('cards' was unexpected)"),
    ("ruleset: tamer_tactics\nruling: Not An Id\n", "ruling: 'Not An Id' does not match"),
])
def test_mistakes_at_the_top_are_scenario_errors(tmp_path, head, words):
    path = scenario(tmp_path, f"  - list: |\n{LIST}    expect: {{legal: true}}\n", head)
    err = error(path)
    assert words in err.message and err.line == line_of(path, head.splitlines()[-1].split(":")[0] + ":")


def test_a_scenario_that_is_not_a_mapping(tmp_path):
    path = tmp_path / "s.yaml"
    path.write_text("- kind: deck_check\n", encoding="utf-8")
    with pytest.raises(ScenarioError, match=r"s.yaml:1: \(top level\): \[.*\] is not of type 'object'"):
        deck_runner.run_deck_check(*loader.read(path))
    path.write_bytes(b"kind: deck_check\n\xff\n")
    with pytest.raises(ScenarioError, match="cannot read"):
        run(path)  # the loader reads the file, once, for every runner


@pytest.mark.parametrize("named", ["../../../../../../../../etc/passwd", "/etc/passwd", "../s.yaml", "data/../../x.yaml"])
def test_restrictions_outside_the_scenario_folder_are_refused_unread(tmp_path, monkeypatch, named):
    (tmp_path / "x.yaml").write_text("banned: [BT1-001]\n", encoding="utf-8")
    path = scenario(tmp_path, f"  - list: |\n{LIST}    restrictions: {named}\n    expect: {{legal: true}}\n")
    read = []
    monkeypatch.setattr(decklib, "read_file", lambda p: read.append(p) or "")
    err = error(path)
    assert "is outside the scenario's folder" in err.message and err.line == line_of(path, "restrictions:")
    assert read == []


def test_a_symlink_out_of_the_folder_is_refused(tmp_path):
    outside = tmp_path / "secret.yaml"
    outside.write_text("banned: [BT1-001]\n", encoding="utf-8")
    path = scenario(tmp_path, f"  - list: |\n{LIST}    restrictions: data/link.yaml\n    expect: {{legal: true}}\n")
    os.symlink(outside, path.parent / "data" / "link.yaml")
    assert "is outside the scenario's folder" in error(path).message


def test_restrictions_inside_the_folder_are_read_and_their_mistakes_reported(tmp_path):
    path = scenario(tmp_path, f"  - list: |\n{LIST}    restrictions: data/restrictions-example.yaml\n"
                              "    expect: {legal: false, refs: [TT §1.3]}\n")
    assert run(path).passed  # the example list bans cards of this one
    path = scenario(tmp_path, f"  - list: |\n{LIST}    restrictions: data/missing.yaml\n    expect: {{legal: true}}\n")
    assert "no restriction list 'data/missing.yaml'" in error(path).message
    (path.parent / "data" / "bad.yaml").write_text("banned: [BT1-O10]\n", encoding="utf-8")
    path = scenario(tmp_path, f"  - list: |\n{LIST}    restrictions: data/bad.yaml\n    expect: {{legal: true}}\n")
    err = error(path)
    assert err.line == line_of(path, "restrictions:")
    assert "restrictions: " in err.message and "'BT1-O10' is not a card number; did you mean BT1-010?" in err.message


def test_a_list_the_deck_check_cannot_read_is_a_scenario_error(tmp_path):
    path = scenario(tmp_path, "  - list: '{\"main\": [oops'\n    expect: {legal: false}\n")
    err = error(path)
    assert err.line == line_of(path, "list:") and "list: s.yaml#1:1: invalid JSON" in err.message


def test_every_deck_check_scenario_in_the_repository_is_valid_and_passes():
    files = deck_check_files()
    assert {p.name for p in files} >= {PILE.name, BANLIST.name}
    root = jsonschema.Draft202012Validator(schema())
    for path in files:
        data = json.loads(json.dumps(yamlsrc.load(path.read_text(encoding="utf-8"))))
        assert not list(root.iter_errors(data)), path  # the whole schema dispatches on kind
        assert not list(deck_runner._validator().iter_errors(data)), path
        assert run(path).passed, path


@pytest.mark.parametrize("change", [
    lambda d: d.update(checks=5),
    lambda d: d["checks"][0].update(expect=5),
    lambda d: d["checks"][0].update(list=None),
    lambda d: d["checks"][0].update(list=""),
    lambda d: d["checks"][0].update(restrictions=None),
    lambda d: d.pop("cites"),
    lambda d: d.update(ruleset="legacy"),
])
def test_the_schema_rejects_bad_deck_checks(change):
    data = json.loads(json.dumps(yamlsrc.load(BANLIST.read_text(encoding="utf-8"))))
    change(data)
    assert list(jsonschema.Draft202012Validator(schema()).iter_errors(data))
    assert list(deck_runner._validator().iter_errors(data))
