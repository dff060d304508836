"""The keyword registry (judgebase/engine/keywords.py) stays true to the rules, the engine and the schema."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
import yaml

from judgebase.engine import keywords as registry
from judgebase.engine.cards import CARD_PROPERTIES, PROPERTY_KEYWORDS, CardError, card_from_spec
from judgebase.scenarios.common import ScenarioError
from judgebase.scenarios.loader import run

ROOT = Path(__file__).resolve().parent.parent
OFFICIAL = ROOT / "judgebase" / "engine" / "official"


def test_one_entry_per_keyword_clause_of_the_rules():
    """CR 16-4 ... 16-47, in order, each once: the same list as the corpus's keyword file."""
    corpus = yaml.safe_load((ROOT / "rules" / "official" / "keywords.yaml").read_text(encoding="utf-8"))
    clauses = [k.clause for k in registry.KEYWORDS]
    assert clauses == [f"CR 16-{n}" for n in range(4, 48)]
    assert clauses == [entry["ref"] for entry in corpus]
    assert len({k.key for k in registry.KEYWORDS}) == len(registry.KEYWORDS)


@pytest.mark.parametrize("keyword", [k for k in registry.KEYWORDS if k.implemented], ids=lambda k: k.key)
def test_every_hook_is_an_engine_method(keyword):
    for hook in keyword.hooks:
        module, method = hook.split(".")
        source = (OFFICIAL / f"{module}.py").read_text(encoding="utf-8")
        assert re.search(rf"^    def {re.escape(method)}\(", source, re.M), f"{keyword.key}: no {hook} in the engine"
    assert keyword.form in registry.FORMS and keyword.value in registry.VALUES


def test_card_specs_accept_exactly_the_implemented_property_keywords():
    assert set(PROPERTY_KEYWORDS) == set(registry.implemented("property")) | set(CARD_PROPERTIES)
    schema = json.loads((ROOT / "judgebase" / "scenarios" / "schema.json").read_text(encoding="utf-8"))
    in_schema = set(schema["$defs"]["keywords"]["properties"])
    every_property = {k.key for k in registry.KEYWORDS if k.form in ("property", "effect")} | set(CARD_PROPERTIES)
    assert in_schema == every_property


def test_every_keyword_of_the_rules_is_implemented():
    assert [k.printed for k in registry.not_implemented()] == []


@pytest.fixture
def unimplemented(monkeypatch):
    """<Blocker> as a keyword without hooks: how any keyword the engine doesn't implement is treated."""
    keyword = dataclasses.replace(registry.BY_KEY["blocker"], hooks=())
    monkeypatch.setitem(registry.BY_KEY, "blocker", keyword)
    return keyword


def test_a_keyword_not_implemented_is_refused_by_name(unimplemented):
    with pytest.raises(CardError) as err:
        card_from_spec("Card", {"category": "digimon", "dp": 1000, "keywords": {unimplemented.key: True}})
    assert unimplemented.printed in str(err.value) and unimplemented.clause in str(err.value)
    assert "not implemented" in str(err.value)


def test_a_scenario_using_a_keyword_not_implemented_fails_with_that_message(tmp_path, unimplemented):
    keyword = unimplemented
    scenario = tmp_path / "missing.yaml"
    scenario.write_text(
        "description: a card with a keyword the engine does not implement yet\n"
        f"cites: [{keyword.clause}]\n"
        f"source: {{document: \"CR Ver. 4.2\", item: {keyword.clause}}}\n"
        "cards:\n"
        f"  Goat: {{category: digimon, level: 3, colours: [red], dp: 3000, play_cost: 3, keywords: {{{keyword.key}: true}}}}\n"
        "setup: {turn: 3, turn_player: p1, phase: main, memory: 3, p1: {battle: [{label: goat, cards: [Goat]}]}}\n"
        "steps:\n"
        "  - {do: pass, by: p1}\n",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as err:
        run(scenario)
    assert str(err.value).endswith(f"missing.yaml:5: card 'Goat' keywords: {keyword.printed} ({keyword.clause}) is not implemented by the "
                                   "engine yet, so no card can have it (see judgebase/engine/keywords.py)")


@pytest.mark.parametrize("value", [[0], [], "two", [1, True], 0])
def test_digisorption_takes_a_number_or_one_number_per_instance(value):
    spec = {"category": "digimon", "level": 4, "colours": ["red"], "dp": 5000, "play_cost": 5}
    assert card_from_spec("Absorbmon", {**spec, "keywords": {"digisorption": [2, 1]}}).keyword("digisorption") == (2, 1)
    with pytest.raises(CardError, match="digisorption is a whole number"):
        card_from_spec("Absorbmon", {**spec, "keywords": {"digisorption": value}})
