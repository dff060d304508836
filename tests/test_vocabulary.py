"""The effect vocabulary of conditions, targets, persistent effects, "isn't affected" and the
prohibitions: schema.json and the engine accept exactly the same keys, and a card naming one the
engine doesn't apply is refused when it is loaded, saying which field."""

from __future__ import annotations

import pytest

from judgebase.engine import Action, Game
from judgebase.engine import keywords as keyword_registry
from judgebase.engine.cards import (
    EFFECT_KEYWORDS, KEYWORD_VALUES, PERSISTENT_STEPS, PERSISTENT_TARGETS, PROPERTY_KEYWORDS, CardError, card_from_spec,
)
from judgebase.engine.conditions import CONDITIONS, COUNT_PARAMS, FILTER_CATEGORIES, FILTERS, RANKINGS, STEP_PARAMS, TARGETS, UNTIL
from judgebase.scenarios.common import schema
from judgebase.scenarios.loader import ScenarioError, run

DEFS = schema()["$defs"]


def test_the_schema_accepts_the_engines_conditions_filters_targets_and_keywords():
    assert set(DEFS["condition"]["properties"]) == set(CONDITIONS)
    assert set(DEFS["filters"]["properties"]) == set(FILTERS)
    assert set(DEFS["count"]["properties"]) == set(COUNT_PARAMS)
    assert set(DEFS["count_cards"]["properties"]) == set(COUNT_PARAMS) | set(FILTERS)
    assert set(DEFS["targeted"]["properties"]) == set(STEP_PARAMS) | set(FILTERS) | set(RANKINGS)
    assert set(DEFS["target"]["enum"]) == set(TARGETS)
    assert set(DEFS["targeted"]["properties"]["until"]["enum"]) == set(UNTIL)
    # and the registry's keywords the engine doesn't implement yet, which a card spec names to be refused by name
    not_yet = {k.key for k in keyword_registry.not_implemented() if k.form == "property"}
    assert set(DEFS["keywords"]["properties"]) == set(PROPERTY_KEYWORDS) | set(EFFECT_KEYWORDS) | not_yet
    category = DEFS["filters"]["properties"]["category"]["oneOf"][0]["enum"]
    assert set(category) == set(FILTER_CATEGORIES)
    for key, values in KEYWORD_VALUES.items():
        assert set(DEFS["keywords"]["properties"][key]["enum"]) == set(values), key


def _digimon(**extra) -> dict:
    return {"category": "digimon", "level": 3, "colours": ["red"], "dp": 2000, "play_cost": 3, **extra}


@pytest.mark.parametrize("effect, message", [
    ({"timing": "main", "if": {"memory_at_most": 2, "moon_phase": 3}, "do": [{"draw": 1}]}, "unknown condition 'moon_phase'"),
    ({"timing": "main", "if": {"digimon": {"player": "opponent", "flying": True}}, "do": [{"draw": 1}]}, "unknown filter 'flying'"),
    ({"timing": "main", "if": {"hand": {"at_least": 2, "trait": "Dragon"}}, "do": [{"draw": 1}]}, "unknown key 'trait'"),
    ({"timing": "main", "if": {"digimon": {"player": "both"}}, "do": [{"draw": 1}]}, "player: one of own, opponent, any"),
    ({"timing": "main", "if": {"this": {"level": "five"}}, "do": [{"draw": 1}]}, "level must be a whole number"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "wingspan": 3}}]}, "unknown filter 'wingspan'"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "colour": "pink"}}]}, "unknown colour 'pink'"),
    ({"timing": "main", "do": [{"delete": {"target": "everyone"}}]}, "unknown target 'everyone'"),
    ({"timing": "main", "do": [{"delete": {"target": "all_opponent", "lowest_dp": True}}]}, "lowest_dp compares"),
    ({"timing": "main", "do": [{"delete": {"target": "all_opponent", "highest_level": True}}]}, "highest_level compares"),
    ({"timing": "main", "do": [{"place_digimon_under": {"target": "opponent"}}]}, "belongs to a place_digimon_under step"),
    ({"timing": "main", "do": [{"delete": {"target": "all_opponent", "total_max_dp": 8000}}]}, "total_max_dp (a whole number"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "total_max_dp": "8000"}}]}, "total_max_dp (a whole number"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "onto": "opponent"}}]}, "belongs to a place_digimon_under step"),
    ({"timing": "main", "do": [{"place_digimon_under": {"target": "opponent", "onto": "security"}}]}, "onto: one or more of"),
    ({"timing": "main", "do": [{"place_digimon_under": {"target": "all_opponent", "onto": "opponent"}}]}, "place_digimon_under chooses"),
    ({"timing": "main", "do": [{"gain": {"keyword": "flying", "target": "own"}}]}, "gain names a keyword"),
    ({"timing": "main", "do": [{"gain": {"keyword": "rush", "target": "own", "until": "forever"}}]}, "not 'forever'"),
    ({"timing": "main", "do": [{"dp": {"target": "own"}}]}, "dp needs a whole-number amount"),
    ({"timing": "main", "do": [{"if": {"tamers": {}}}]}, "a step is one of"),
    ({"timing": "main", "do": [{"if": {"colour": "red"}, "draw": 1}]}, "unknown condition 'colour'"),
    ({"timing": "your_turn", "do": [{"draw": 1}]}, "persistent (CR 15-8-2)"),
    ({"timing": "main", "do": [{"add_info": {"target": "own"}}]}, "info (the information given) belongs to add_info"),
    ({"timing": "main", "do": [{"dp": {"target": "own", "amount": 1, "info": {"dp": 1}}}]}, "info (the information given) belongs to add_info"),
    ({"timing": "main", "do": [{"change_info": {"target": "own", "info": {"category": "digimon"}}}]}, "change_info can't give 'category'"),
    ({"timing": "main", "do": [{"add_info": {"target": "own", "info": {"name": "Sukamon"}}}]}, "add_info can't give 'name'"),
    ({"timing": "main", "do": [{"add_info": {"target": "own", "info": {"category": "tamer"}}}]}, "the only category an effect adds"),
    ({"timing": "main", "do": [{"add_info": {"target": "own", "info": {"dp": -1}}}]}, "a whole number, 0 or more"),
    ({"timing": "main", "do": [{"add_info": {"target": "all_own", "info": {"dp": 3000}}}]}, "not to all of them"),
    ({"timing": "all_turns", "do": [{"dp": {"amount": 1000, "target": "opponent"}}]}, "it doesn't choose 'opponent'"),
    ({"timing": "all_turns", "do": [{"dp": {"amount": 1000, "target": "all_own", "until": "end_of_turn"}}]}, "not until end_of_turn"),
    ({"timing": "your_turn", "once_per_turn": True, "do": [{"dp": {"amount": 1000}}]}, "can't be once_per_turn"),
    ({"timing": "your_turn", "do": [{"if": {"tamers": {}}, "dp": {"amount": 1000}}]}, "the effect's own if"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "max_level": "trigger"}}]}, "belongs to a `when` effect"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "max_level": {"count": "occurrences"}}}]}, "or {count: X}"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "max_dp": "attacker"}}]}, "or self"),
    ({"timing": "main", "do": [{"activate_effects": [{"do": [{"draw": 1}]}]}]}, "lists 2 or more effects"),
    ({"timing": "main", "do": [{"delete": {"target": "opponent", "not_colour": ["blue", "pink"]}}]}, "unknown colour 'pink'"),
    ({"timing": "main", "do": [{"choose_colour": "red"}, {"draw": 1}]}, "choose_colour: true"),
    ({"timing": "main", "do": [{"dp": {"amount": -2000, "target": "all_opponent", "colour": "chosen"}}]},
     "needs a choose_colour step before it"),
    ({"timing": "main", "do": [{"choose_colour": True}, {"dp": {"amount": -2000, "target": "all_opponent", "colour": "pink"}}]},
     "unknown colour 'pink'"),
    ({"timing": "all_turns", "do": [{"choose_colour": True}, {"dp": {"amount": -1000, "target": "all_opponent", "colour": "chosen"}}]},
     "not choose_colour"),
    ({"timing": "main", "do": [{"activate_effects": [{"do": [{"draw": 1}]}, {"do": [{"fly": 1}]}]}]}, "a step is one of"),
    ({"timing": "main", "do": [{"dp": {"amount": 1000, "target": "all_opponent", "max_dp": "self"}}]}, "chooses or deletes now"),
    ({"timing": "main", "do": [{"overwrite": {"do": [{"draw": 1}]}}]}, "instead (what replaces it)"),
    ({"timing": "main", "do": [{"if": {"trigger": {"min_level": 4}}, "draw": 1}]}, "triggered a `when` effect"),
    ({"timing": "when", "event": "played", "if": {"trigger": {"min_level": 4}}, "do": [{"draw": 1}]}, "give it on the step"),
    ({"timing": "when", "event": "played", "do": [{"if": {"trigger": {}}, "draw": 1}]}, "names what the Digimon that triggered"),
    ({"timing": "when", "event": "played", "do": [{"if": {"trigger": {"other": True}}, "draw": 1}]}, "other can't describe"),
    ({"timing": "when", "event": "played", "do": [{"if": {"trigger": {"size": 4}}, "draw": 1}]}, "unknown filter 'size'"),
    ({"timing": "main", "do": [{"overwrite": {"do": [{"draw": 1}], "instead": [{"draw": 2}], "when": {}}}]}, "instead (what replaces it)"),
    ({"timing": "main", "do": [{"overwrite": {"do": [{"draw": 1}], "instead": []}}]}, "instead: lists 1 or more steps"),
    ({"timing": "main", "do": [{"overwrite": {"do": [{"draw": 1}], "instead": [{"fly": 1}]}}]}, "a step is one of"),
    ({"timing": "main", "do": [{"overwrite": {"do": [{"draw": 1}], "instead": [{"draw": 2}], "optional": "yes"}}]},
     "overwrite.optional"),
    ({"timing": "main", "do": [{"overwrite": {"do": [{"draw": 1}], "instead": [{"draw": 2}], "if": {"colour": "red"}}}]},
     "unknown condition 'colour'"),
    ({"timing": "all_turns", "do": [{"dp": {"amount": -1000, "target": "all_opponent", "max_level": {"count": "own_hand"}}}]},
     "chooses or deletes now"),
])
def test_a_card_naming_what_the_engine_does_not_apply_is_refused(effect, message):
    with pytest.raises(CardError) as info:
        card_from_spec("Testmon", _digimon(effects=[effect]))
    assert message in str(info.value) and "Testmon" in str(info.value)


@pytest.mark.parametrize("keywords, message", [
    ({"unaffected_by": "everyone"}, "unaffected_by is one of"),
    ({"cannot_be_deleted_by_effects": "battle"}, "cannot_be_deleted_by_effects is one of"),
    ({"opponent_digivolve_cost": 0}, "opponent_digivolve_cost is the change"),
    ({"opponent_digivolve_cost": True}, "opponent_digivolve_cost is the change"),
])
def test_keyword_values_are_checked(keywords, message):
    with pytest.raises(CardError, match=message):
        card_from_spec("Testmon", _digimon(keywords=keywords))


@pytest.mark.parametrize("rule, message", [
    ({"number": "BT1-001"}, "rule is a mapping of trait, name, name_contains"),
    ({}, "rule is a mapping of"),
    ({"trait": ""}, "rule.trait names a text"),
    ({"name": ["Greymon", 3]}, "rule.name names a text"),
])
def test_a_rule_the_engine_does_not_apply_is_refused(rule, message):
    with pytest.raises(CardError, match=message):
        card_from_spec("Testmon", _digimon(rule=rule))


def test_the_schema_accepts_the_engines_rule_keys():
    from judgebase.engine.cards import RULE_KEYS

    card = schema()["$defs"]
    rule = next(d["properties"]["rule"] for d in card.values() if "rule" in d.get("properties", {}))
    assert set(rule["properties"]) == set(RULE_KEYS)
    defn = card_from_spec("Testmon", _digimon(rule={"trait": "Iliad", "name": ["Greymon"], "name_contains": "Garuru"}))
    assert (defn.rule_traits, defn.rule_names, defn.rule_name_parts) == (("Iliad",), ("Greymon",), ("Garuru",))


def test_every_persistent_step_and_target_loads():
    for step in PERSISTENT_STEPS:
        for target in PERSISTENT_TARGETS:
            spec = ({"keyword": "blocker"} if step == "gain" else {"info": {"dp": 3000}} if step.endswith("_info")
                    else {"amount": 1000})
            card_from_spec("Testmon", _digimon(effects=[{"timing": "all_turns", "if": {"tamers": {}},
                                                         "do": [{step: {**spec, "target": target}}]}]))


SCENARIO = """\
description: a test
cites: [CR 15-6-1]
source: {document: cr-4.2-en}
cards:
  Agumon: {category: digimon, level: 3, colours: [red], dp: 2000, play_cost: 3}
  Blast: {category: option, colours: [red], use_cost: 0,
          effects: [{timing: main, do: [{delete: {target: opponent, %s}}]}]}
setup:
  turn: 3
  p1: {hand: [Blast], battle: [{cards: [Agumon]}]}
  p2: {battle: [{label: foe, cards: [Agumon]}]}
steps:
  - {do: use, by: p1, card: Blast}
"""


def test_a_scenario_with_an_unknown_filter_fails_with_its_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(SCENARIO % "max_wings: 2", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert info.value.line == 7 and "max_wings" in info.value.message


def test_a_scenario_filter_the_schema_allows_but_the_engine_refuses_fails_with_its_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(SCENARIO % "has_keyword: flying", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert info.value.line == 6 and "unknown keyword 'flying'" in info.value.message


def _game(p1_battle, p2_battle, cards, turn_player=0) -> Game:
    config = {"cards": cards, "turn": 3, "turn_player": turn_player, "phase": "main", "memory": 3,
              "players": [{"deck": ["Agumon"] * 3, "battle": p1_battle}, {"deck": ["Agumon"] * 3, "battle": p2_battle}]}
    return Game(config).start()


def test_persistent_dp_is_computed_never_stamped():
    cards = {"Tai": {"category": "tamer", "colours": ["red"], "play_cost": 2,
                     "effects": [{"timing": "your_turn", "do": [{"dp": {"amount": 1000, "target": "all_own"}}]}]},
             "Agumon": _digimon()}
    game = _game([{"label": "tai", "cards": ["Tai"]}, {"label": "a", "cards": ["Agumon"]}], [{"label": "b", "cards": ["Agumon"]}], cards)
    mine, theirs = game.find_stack(game.labels["a"]), game.find_stack(game.labels["b"])
    assert (game.dp(mine), game.dp(theirs)) == (3000, 2000)
    assert mine.modifiers == [] and game.lasting == []
    game.apply(Action("pass"))  # the window is the Tamer's player's turn only (CR 15-16-8-1)
    assert game.turn_player == 1
    assert (game.dp(mine), game.dp(theirs)) == (2000, 2000)
    assert [e.ref for e in game.log if e.kind == "effect_ends"] == ["CR 15-8-2-3"]


def test_an_effect_that_reads_the_value_it_changes_does_not_loop():
    """"Your Digimon with 3000 DP or less get +1000 DP" reads DP to give DP: the lookup is cut, not endless."""
    cards = {"Loop": {"category": "tamer", "colours": ["red"], "play_cost": 2,
                      "effects": [{"timing": "all_turns", "do": [{"dp": {"amount": 1000, "target": "all", "max_dp": 3000}}]},
                                  {"timing": "all_turns", "do": [{"gain": {"keyword": "blocker", "target": "all", "has_keyword": "blocker"}}]}]},
             "Agumon": _digimon()}
    game = _game([{"cards": ["Loop"]}, {"label": "a", "cards": ["Agumon"]}], [], cards)
    assert game.dp(game.find_stack(game.labels["a"])) == 3000
    assert game.keyword(game.find_stack(game.labels["a"]), "blocker") is None


def test_a_parsed_card_keeps_nothing_the_caller_can_change_later():
    """Definitions are cached per spec: one must keep no list or mapping of the spec it came from,
    or changing the spec afterwards would change the definition every later game gets."""
    from judgebase.engine.cards import card_from_spec_once

    spec = {"category": "digimon", "level": 4, "colours": ["blue"], "dp": 5000, "play_cost": 5,
            "keywords": {"decode": {"colour": "blue", "level": 4}},
            "effects": [{"timing": "on_play", "do": [{"draw": 1}]}],
            "option": {"use_cost": 2, "effects": [{"timing": "main", "do": [{"draw": 1}]}]}}
    defn = card_from_spec_once("Aliasing test card", spec)
    spec["keywords"]["decode"]["level"] = 6
    spec["effects"][0]["do"][0]["draw"] = 3
    spec["option"]["effects"][0]["do"][0]["draw"] = 3
    assert dict(defn.keywords)["decode"] == {"colour": "blue", "level": 4}
    assert defn.effects[0].steps[0] == {"draw": 1}
    assert defn.option_side["effects"][0].steps[0] == {"draw": 1}
