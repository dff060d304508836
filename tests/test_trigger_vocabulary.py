"""The vocabulary of triggers on events, [X Per Turn] and immediate "would" effects: the engine
(cards.py) and schema.json accept the same keys, every key is applied, and a field the engine
would not apply is a load error naming the field, in a card spec and in a scenario file."""

from __future__ import annotations

import jsonschema
import pytest

from judgebase.engine.cards import (
    EFFECT_KEYS, EVENTS, INSTEAD, STEPS, TIMINGS, TRIGGER_STEPS, WHOSE, WINDOWS, WOULD_EVENTS, WOULD_WHOSE,
    CardError, card_from_spec,
)
from judgebase.scenarios.common import schema
from judgebase.scenarios.loader import ScenarioError, run

DEFS = schema()["$defs"]
EFFECT = DEFS["effect"]["properties"]
CARD = jsonschema.Draft202012Validator({"$ref": "#/$defs/card", "$defs": DEFS})


def _tamer(*effects: dict) -> dict:
    return {"category": "tamer", "colours": ["red"], "play_cost": 2, "effects": list(effects)}


# Every key, event, whose, window and instead item of the vocabulary, in effects a card can print.
GOOD = [
    {"timing": "when", "event": "played", "whose": "own", "window": "your_turn", "by_effect": True, "other": True,
     "once_per_turn": True, "optional": True, "if": {"memory_at_most": 3}, "do": [{"draw": 1}]},
    {"timing": "when", "event": "digivolved", "whose": "opponent", "window": "opponents_turn", "per_turn": 2,
     "do": [{"memory": 1}]},
    {"timing": "when", "event": "deleted", "whose": "any", "window": "all_turns", "by_effect": False, "do": [{"draw": 1}]},
    {"timing": "when", "event": "attacks", "do": [{"draw": 1}]},
    {"timing": "when", "event": "attacks", "attacking": "digimon", "do": [{"draw": 1}]},
    {"timing": "when_attacking", "attacking": "player", "do": [{"draw": 1}]},
    {"timing": "when", "event": "blocked", "do": [{"draw": 1}]},
    {"timing": "when", "event": "security_added", "do": [{"draw": 1}]},
    {"timing": "when", "event": "security_removed", "by_effect": True, "do": [{"draw": 1}]},
    {"timing": "when", "event": "sources_added", "whose": "own", "do": [{"memory": 1}]},
    {"timing": "when", "event": "attacks", "while": {"suspended": False}, "do": [{"draw": 1}]},
    {"timing": "when", "event": "source_added", "window": "your_turn", "by_effect": True, "do": [{"memory": 1}]},
    {"timing": "when", "event": "option_used", "whose": "own", "window": "your_turn", "do": [{"memory": 1}]},
    {"timing": "when", "event": "drew", "whose": "opponent", "do": [{"memory": 1}]},
    {"timing": "would", "event": "deleted", "whose": "self", "optional": True, "instead": {"trash_from_hand": 1}},
    {"timing": "would", "event": "deleted", "whose": "own", "other": True, "by_effect": True, "window": "your_turn",
     "instead": {"suspend": "self", "memory": -1, "trash_security": 1}},
    {"timing": "would", "event": "deleted", "instead": {"suspend": "it"}},
    {"timing": "would", "event": "deleted", "do": [{"delete": {"target": "opponent"}}]},
    {"timing": "would", "event": "leaves", "do": [{"sources_to_hand": {"category": "digimon", "colour": "yellow"}}]},
    {"timing": "would", "event": "played", "optional": True, "do": [{"reduce_play_cost": 2}, {"draw": 1}]},
    {"timing": "would", "event": "digivolved", "do": [{"draw": 1}]},
    {"timing": "would", "event": "used", "whose": "self", "do": [{"memory": 1}]},
    {"timing": "would", "event": "linked", "optional": True, "do": [{"draw": 1}]},
    {"timing": "on_play", "per_turn": 1, "do": [{"draw": 1}]},
    {"timing": "start_of_your_main_phase", "zone": "breeding", "do": [{"draw": 1}]},
    {"timing": "start_of_your_turn", "zone": "hand", "do": [{"draw": 1}]},
]


def test_schema_and_engine_name_the_same_keys():
    assert set(EFFECT) == set(EFFECT_KEYS)
    assert set(EFFECT["timing"]["enum"]) == set(TIMINGS)
    assert set(EFFECT["event"]["enum"]) == set(EVENTS) | set(WOULD_EVENTS)
    assert set(EFFECT["whose"]["enum"]) == set(WHOSE) | set(WOULD_WHOSE)
    assert set(EFFECT["window"]["enum"]) == set(WINDOWS)
    assert set(EFFECT["instead"]["properties"]) == set(INSTEAD)
    # beside its one step, a step may carry its own condition ("Then, if ...", CR 15-6-2)
    assert set(DEFS["effect_step"]["properties"]) == set(STEPS) | set(TRIGGER_STEPS) | {"if"}


def test_every_key_and_value_is_used_by_an_accepted_effect():
    used = {key for effect in GOOD for key in effect}
    assert used == set(EFFECT_KEYS)
    assert {e["event"] for e in GOOD if e["timing"] == "when"} == set(EVENTS)
    assert {e["event"] for e in GOOD if e["timing"] == "would"} == set(WOULD_EVENTS)
    assert {e.get("whose") for e in GOOD} >= set(WHOSE) | set(WOULD_WHOSE)
    assert {e.get("window") for e in GOOD} >= set(WINDOWS)
    assert {k for e in GOOD for k in e.get("instead", {})} == set(INSTEAD)


@pytest.mark.parametrize("effect", GOOD, ids=lambda e: f"{e['timing']}-{e.get('event', '')}")
def test_schema_and_engine_both_accept(effect):
    spec = _tamer(effect)
    assert not list(CARD.iter_errors(spec))
    loaded = card_from_spec("T", spec).effects[0]
    assert loaded.timing == effect["timing"]
    assert loaded.event == effect.get("event")
    assert loaded.per_turn == effect.get("per_turn", 1 if effect.get("once_per_turn") else 0)
    assert loaded.window == effect.get("window", "all_turns")
    assert loaded.by_effect == effect.get("by_effect")
    assert loaded.other == effect.get("other", False)
    assert (dict(loaded.instead) if loaded.instead else None) == effect.get("instead")
    assert loaded.zone == effect.get("zone")
    assert loaded.attacking == effect.get("attacking")


@pytest.mark.parametrize("effect, field", [
    ({"timing": "when", "event": "played", "do": [{"draw": 1}], "flying": True}, "flying"),
    ({"timing": "when", "event": "evolves", "do": [{"draw": 1}]}, "evolves"),
    ({"timing": "when", "event": "played", "whose": "theirs", "do": [{"draw": 1}]}, "whose"),
    ({"timing": "when", "event": "played", "window": "always", "do": [{"draw": 1}]}, "window"),
    ({"timing": "would", "event": "deleted", "instead": {"draw": 1}}, "draw"),
    ({"timing": "would", "event": "deleted", "instead": {"suspend": "them"}}, "suspend"),
    ({"timing": "on_play", "per_turn": 0, "do": [{"draw": 1}]}, "per_turn"),
    ({"timing": "main", "do": [{"reduce_play_cost": 1, "draw": 1}]}, "step"),
    ({"timing": "start_of_your_turn", "zone": "deck", "do": [{"draw": 1}]}, "zone"),
    ({"timing": "when_attacking", "attacking": "tamer", "do": [{"draw": 1}]}, "attacking"),
])
def test_schema_and_engine_both_refuse(effect, field):
    spec = _tamer(effect)
    assert list(CARD.iter_errors(spec)), "the schema accepts it"
    with pytest.raises(CardError) as info:
        card_from_spec("T", spec)
    assert field in str(info.value) or (field == "step" and "a step is one of" in str(info.value))


# Fields the schema can't tie to each other: the engine refuses them, naming the field.
@pytest.mark.parametrize("effect, field", [
    ({"timing": "on_play", "window": "your_turn", "do": [{"draw": 1}]}, "window"),
    ({"timing": "when", "event": "played", "whose": "self", "do": [{"draw": 1}]}, "whose"),
    ({"timing": "on_play", "event": "played", "do": [{"draw": 1}]}, "event"),
    ({"timing": "when", "do": [{"draw": 1}]}, "event"),
    ({"timing": "when", "event": "security_removed", "other": True, "do": [{"draw": 1}]}, "other"),
    ({"timing": "when", "event": "source_added", "whose": "opponent", "do": [{"draw": 1}]}, "source_added"),
    ({"timing": "on_play", "while": {"suspended": False}, "do": [{"draw": 1}]}, "while"),
    ({"timing": "when", "event": "played", "while": {"wings": 2}, "do": [{"draw": 1}]}, "wings"),
    ({"timing": "when", "event": "blocked", "by_effect": True, "do": [{"draw": 1}]}, "by_effect"),
    ({"timing": "when", "event": "played", "once_per_turn": True, "per_turn": 2, "do": [{"draw": 1}]}, "per_turn"),
    ({"timing": "when", "event": "played", "instead": {"trash_from_hand": 1}}, "instead"),
    ({"timing": "when", "event": "played", "do": [{"reduce_play_cost": 1}]}, "reduce_play_cost"),
    ({"timing": "would", "event": "deleted"}, "do"),
    ({"timing": "would", "event": "deleted", "whose": "own", "do": [{"draw": 1}]}, "whose self"),
    ({"timing": "would", "event": "deleted", "by_effect": True, "do": [{"draw": 1}]}, "by_effect"),
    ({"timing": "would", "event": "leaves", "whose": "own", "do": [{"draw": 1}]}, "whose self"),
    ({"timing": "on_play", "zone": "breeding", "do": [{"draw": 1}]}, "zone"),
    ({"timing": "would", "event": "deleted", "instead": {"trash_from_hand": 1}, "do": [{"draw": 1}]}, "do"),
    ({"timing": "would", "event": "played", "whose": "own", "do": [{"draw": 1}]}, "whose"),
    ({"timing": "would", "event": "played", "by_effect": True, "do": [{"draw": 1}]}, "by_effect"),
    ({"timing": "would", "event": "used", "whose": "own", "do": [{"draw": 1}]}, "whose"),
    ({"timing": "would", "event": "linked", "do": [{"reduce_play_cost": 1}]}, "reduce_play_cost"),
    ({"timing": "would", "event": "deleted", "whose": "self", "other": True, "instead": {"memory": -1}}, "other"),
    ({"timing": "on_play", "attacking": "player", "do": [{"draw": 1}]}, "attacking"),
    ({"timing": "when", "event": "played", "attacking": "digimon", "do": [{"draw": 1}]}, "attacking"),
    ({"timing": "main", "do": [{"digivolve": {"ignore_requirements": True}}]}, "cost"),
])
def test_a_field_the_engine_would_not_apply_is_a_load_error(effect, field):
    with pytest.raises(CardError) as info:
        card_from_spec("T", _tamer(effect))
    assert field in str(info.value)


def test_a_scenario_with_such_a_field_fails_with_its_file_and_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text(
        "description: a window on an [On Play] is never applied\n"
        "cites: [CR 15-16-8-1]\n"
        "source: {document: '000', item: RM 15-16-8-1}\n"
        "cards:\n"
        "  Agumon: {category: digimon, level: 3, colours: [red], dp: 2000, play_cost: 3}\n"
        "  Tai:\n"
        "    category: tamer\n"
        "    effects: [{timing: on_play, window: your_turn, do: [{draw: 1}]}]\n"
        "setup: {turn: 3, phase: main, p1: {deck: [Agumon]}, p2: {deck: [Agumon]}}\n"
        "steps:\n"
        "  - {do: pass, by: p1}\n",
        encoding="utf-8",
    )
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert str(info.value).startswith(f"{path}:6:")
    assert "'window'" in str(info.value)
