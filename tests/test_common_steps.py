"""The common effect steps (costs, free plays, revealing, deck bottom, security, memory per count),
the <Blitz> keyword form, <Blast DNA Digivolve> and linking from the battle area.

- the scenario schema and the engine accept the same fields for each of them (neither can drift);
- a card spec with a field the engine wouldn't apply is a load error naming the field;
- random self-play with these steps sprinkled on the cards keeps the property of
  ``test_engine_properties``: what a decision offers is accepted, the rest is refused by the
  same predicate with a clause, and refusing leaves the state unchanged; and every card stays
  in exactly one place.
"""

from __future__ import annotations

import collections
import copy
import random

import jsonschema
import pytest
from test_engine_properties import _accepted_on_a_clone, _check_decision, _ref_of

from judgebase.engine import Action, CardError, Game, TamerTacticsGame, card_from_spec
from judgebase.engine.cards import EFFECT_KEYWORD_TIMINGS, EFFECT_KEYWORDS, STEPS
from judgebase.engine.decks import random_game_config, random_tamer_tactics_config
from judgebase.engine.step_specs import (
    CARD_FILTERS,
    COMMON_STEPS,
    MEMORY_COUNTS,
    PLAY_ZONES,
    REVEAL_PICK_FIELDS,
    STEP_FIELDS,
    step_problem,
)
from judgebase.scenarios.common import schema

DEFS = schema()["$defs"]


def _object_form(spec: dict) -> dict:
    """The mapping form of a step's schema (steps may also take a bare number)."""
    if "oneOf" in spec:
        return next(s for s in spec["oneOf"] if s.get("type") == "object")
    return spec


@pytest.mark.parametrize("step", sorted(STEP_FIELDS))
def test_schema_and_engine_accept_the_same_fields(step):
    assert step in STEPS
    schema_fields = set(_object_form(DEFS["effect_step"]["properties"][step])["properties"])
    assert schema_fields == set(STEP_FIELDS[step]), step


def test_schema_and_engine_agree_on_the_values():
    steps = DEFS["effect_step"]["properties"]
    assert set(COMMON_STEPS) <= set(steps)
    assert steps["play"]["properties"]["from"]["enum"] == list(PLAY_ZONES)
    assert _object_form(steps["memory"])["properties"]["per"]["enum"] == list(MEMORY_COUNTS)
    assert set(DEFS["reveal_pick"]["properties"]) == set(REVEAL_PICK_FIELDS)
    trash_cost = _object_form(steps["by"]["properties"]["trash_from_hand"])
    assert set(trash_cost["properties"]) == {"amount", *CARD_FILTERS}
    assert set(EFFECT_KEYWORDS) <= set(DEFS["keywords"]["properties"])
    assert DEFS["keywords"]["properties"]["blitz"]["enum"] == list(EFFECT_KEYWORD_TIMINGS)
    assert "blast_dna" in DEFS["card"]["properties"] and "blast_dna" in DEFS["step"]["properties"]["do"]["enum"]


GOOD = [
    {"by": {"trash_from_hand": 1}}, {"by": {"trash_from_hand": {"amount": 2, "category": "tamer"}}},
    {"by": {"suspend": "self"}}, {"by": {"delete": "own"}}, {"by": {"trash_security": 1}},
    {"by": {"trash_to_deck_bottom": [{"name": "Kimeramon"}, {"name": "Machinedramon"}]}},
    {"play": {"from": "trash", "name": "Agumon", "optional": True}}, {"play": {"from": "deck_top", "max_cost": 4}},
    {"reveal": {"count": 3, "to_hand": [{"category": "tamer"}, {"trait": "Hybrid", "amount": 2}], "rest": "trash"}},
    {"to_deck_bottom": {"target": "opponent", "max_level": 4, "sources": "trash"}},
    {"to_deck_bottom": {"target": "opponent", "min_level": 6, "sources": "trash"}},
    {"reveal": {"count": 3, "look": True, "to_hand": {"category": "digimon", "amount": 2, "up_to": True}}},
    {"reveal": {"count": 3, "digivolve": {"colour": "green", "level": 6}, "rest": "bottom"}},
    {"activate_main": {"from": "trash", "category": "option", "optional": True}},
    {"reveal_security": {"count": 2, "trash": 1}}, {"reveal_security": {"count": 1}},
    {"security_to_hand": 1}, {"security_to_hand": {"amount": 2}},
    {"trash_to_hand": {"optional": True, "category": "digimon", "name_contains": "Garurumon"}}, {"trash_to_hand": {"amount": 2}},
    {"sources_to_hand": {"category": "digimon", "colour": "yellow"}}, {"sources_to_hand": {"amount": 2, "optional": True}},
    {"to_security": {"from": "hand", "colour": "yellow", "face_up": True}},
    {"to_security": {"from": "field", "target": "opponent", "max_dp": 5000}},
    {"memory": 2}, {"memory": {"amount": -1, "per": "opponent_digimon", "player": "opponent"}},
    {"trash_security": {"amount": 1, "player": "self", "from": "bottom"}},
    {"place_under": {"from": ["hand", "trash"], "optional": True, "trait": "Royal Knight", "max_cost": 13,
                     "activate": "when_digivolving"}},
    {"place_under": {"from": "trash", "category": "tamer"}},
    {"memory": {"amount": 1, "per": "own_trash", "every": 10}},  # "for every 10 cards in your trash" (CR 1-3-7)
    {"for_each": {"per": "own_tamers", "every": 2, "do": [{"draw": 1}]}},
    {"trash_sources": {"target": "opponent", "per": "own_tamers", "every": 2, "from": "top"}},
]
BAD = [
    ({"by": {"trash_from_hand": 1, "suspend": "self"}}, "exactly 1 cost"),
    ({"by": {"pay_with": "self"}}, "pay_with"),
    ({"by": {"suspend": "opponent"}}, "by.suspend"),
    ({"by": {"trash_security": 0}}, "by.trash_security"),
    ({"by": {"trash_security": "top"}}, "by.trash_security"),
    ({"by": {"trash_to_deck_bottom": []}}, "by.trash_to_deck_bottom"),
    ({"by": {"trash_to_deck_bottom": {"name": "Kimeramon"}}}, "by.trash_to_deck_bottom"),
    ({"by": {"trash_to_deck_bottom": [{"name": "Kimeramon", "max_dp": 5000}]}}, "max_dp"),
    ({"play": {"from": "eggs"}}, "play.from"),
    ({"play": {"zone": "hand"}}, "zone"),
    ({"play": {"from": "hand", "max_dp": 3000}}, "max_dp"),
    ({"reveal": {"count": 0}}, "reveal.count"),
    ({"reveal": {"count": 3, "to_hand": {"shuffle": True}}}, "shuffle"),
    ({"reveal": {"count": 3, "rest": "top"}}, "reveal.rest"),
    ({"to_deck_bottom": {"target": "opponent", "shuffle": True}}, "shuffle"),
    ({"to_deck_bottom": {"target": "opponent"}}, "sources is required"),
    ({"to_security": {"from": "hand", "target": "opponent"}}, "to_security.target"),
    ({"to_security": {"from": "deck"}}, "to_security.from"),
    ({"to_security": {"from": "hand", "max_dp": 3000}}, "to_security.max_dp"),
    ({"to_security": {"from": "field", "target": "own", "name": "Agumon"}}, "to_security.name"),
    ({"to_security": {"from": "self", "name": "Agumon"}}, "to_security.name"),
    ({"to_security": {"from": "field", "target": "own", "bottom": True}}, "to_security.bottom"),
    ({"to_deck_bottom": {"target": "all_opponent", "highest_level": 5, "sources": "trash"}}, "to_deck_bottom.highest_level"),
    ({"memory": {"amount": 1, "per": "everything"}}, "memory.per"),
    ({"memory": {"amount": 1}}, "per is required"),
    ({"trash_security": {"from": "middle"}}, "trash_security.from"),
    ({"reveal": {"count": 3, "look": "yes"}}, "reveal.look"),
    ({"reveal": {"count": 3, "digivolve": {"wings": 2}}}, "wings"),
    ({"activate_main": {"from": "hand"}}, "activate_main.from"),
    ({"trash_to_hand": {"amount": 0}}, "trash_to_hand.amount"),
    ({"sources_to_hand": {"amount": 0}}, "sources_to_hand.amount"),
    ({"sources_to_hand": {"target": "own"}}, "target"),
    ({"trash_to_hand": {"from": "trash"}}, "from"),
    ({"trash_to_hand": {"optional": "yes"}}, "trash_to_hand.optional"),
    ({"place_under": {"from": "deck"}}, "place_under.from"),
    ({"place_under": {"from": ["hand", "hand"]}}, "place_under.from"),
    ({"place_under": {"from": "hand", "activate": "main"}}, "place_under.activate"),
    ({"place_under": {"from": "hand", "optional": 1}}, "place_under.optional"),
    ({"place_under": {"from": "hand", "max_dp": 3000}}, "max_dp"),
    ({"reveal_security": {"count": 0}}, "reveal_security.count"),
    ({"reveal_security": {"count": 2, "trash": -1}}, "reveal_security.trash"),
    ({"memory": {"amount": 1, "per": "own_trash", "every": 1}}, "memory.every"),
    ({"for_each": {"per": "own_hand", "every": "two", "do": [{"draw": 1}]}}, "for_each.every"),
]


def _scenario(step: dict) -> dict:
    return {"description": "x", "cites": ["CR 15-7-1"], "source": {"document": "cr-4.2-en"},
            "cards": {"X": {"category": "digimon", "dp": 1000, "effects": [{"timing": "on_play", "do": [step]}]}},
            "setup": {}, "steps": [{"do": "pass"}]}


@pytest.mark.parametrize("step", GOOD, ids=lambda s: next(iter(s)))
def test_good_steps_load_in_the_engine_and_pass_the_schema(step):
    card_from_spec("X", {"category": "digimon", "dp": 1000, "effects": [{"timing": "on_play", "do": [step]}]})
    jsonschema.validate(_scenario(step), schema())


@pytest.mark.parametrize("step, words", BAD, ids=[w for _, w in BAD])
def test_a_field_the_engine_would_not_apply_is_a_load_error_and_a_schema_error(step, words):
    with pytest.raises(CardError, match=words.replace(".", r"\.")):
        card_from_spec("X", {"category": "digimon", "dp": 1000, "effects": [{"timing": "on_play", "do": [step]}]})
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(_scenario(step), schema())
    name, arg = next(iter(step.items()))
    assert step_problem(name, arg)


def test_the_blitz_keyword_form_is_an_effect_under_its_timing():
    card = card_from_spec("Greymon", {"category": "digimon", "dp": 5000, "keywords": {"blitz": "when_digivolving"}})
    assert [(e.timing, e.steps) for e in card.effects] == [("when_digivolving", ({"blitz": True},))]
    assert card.keyword("blitz") == "when_digivolving"
    with pytest.raises(CardError, match="names the timing"):
        card_from_spec("Greymon", {"category": "digimon", "dp": 5000, "keywords": {"blitz": True}})
    with pytest.raises(CardError, match="unknown keyword 'blitz'"):  # a link effect can't carry it
        card_from_spec("Gatchmon", {"category": "digimon", "dp": 5000, "link": {"keywords": {"blitz": "on_play"}}})


def test_blast_dna_needs_the_cards_dna_requirement():
    with pytest.raises(CardError, match="CR 16-31-5"):
        card_from_spec("Dynasmon", {"category": "digimon", "dp": 13000, "blast_dna": ["A", "B"]})
    card = card_from_spec("Dynasmon", {"category": "digimon", "dp": 13000, "blast_dna": ["A", "B"],
                                       "dna": [{"cost": 0, "parts": [{"name": "A"}, {"name": "B"}]}]})
    assert card.blast_dna == ("A", "B")


# -- random self-play with the common steps on the cards ----------------------------------------
STEP_EFFECTS = [
    {"timing": "on_play", "do": [{"by": {"trash_from_hand": 1}}, {"draw": 2}]},
    {"timing": "when_digivolving", "do": [{"by": {"suspend": "own"}}, {"dp": {"amount": -3000, "target": "opponent"}}]},
    {"timing": "when_attacking", "do": [{"by": {"delete": "own"}}, {"memory": 2}]},
    {"timing": "when_attacking", "do": [{"by": {"trash_security": 1}}, {"dp": {"amount": -5000, "target": "opponent"}}]},
    {"timing": "main", "once_per_turn": True, "do": [{"by": {"suspend": "self"}}, {"memory": 1}]},
    {"timing": "on_play", "do": [{"play": {"from": "hand", "max_level": 4, "optional": True}}]},
    {"timing": "on_deletion", "do": [{"play": {"from": "trash", "max_cost": 4}}]},
    {"timing": "when_attacking", "do": [{"play": {"from": "security", "category": "digimon", "max_cost": 5, "optional": True}}]},
    {"timing": "on_play", "do": [{"play": {"from": "deck_top", "category": "digimon"}}]},
    {"timing": "on_play", "do": [{"reveal": {"count": 3, "to_hand": [{"category": "tamer"}, {"max_level": 4}]}}]},
    {"timing": "when_digivolving", "do": [{"reveal": {"count": 2, "to_hand": {"category": "option"}, "rest": "trash"}}]},
    {"timing": "on_play", "do": [{"to_deck_bottom": {"target": "opponent", "max_level": 5, "sources": "deck"}}]},
    {"timing": "on_play", "do": [{"place_under": {"from": ["hand", "trash"], "optional": True, "activate": "on_play"}}]},
    {"timing": "on_deletion", "do": [{"to_deck_bottom": {"target": "opponent", "sources": "trash"}}]},
    {"timing": "when_attacking", "do": [{"security_to_hand": 1}]},
    {"timing": "on_deletion", "do": [{"trash_to_hand": {"category": "digimon", "max_level": 4, "optional": True}}]},
    {"timing": "on_play", "do": [{"to_security": {"from": "hand", "face_up": True, "optional": True}}]},
    {"timing": "on_deletion", "do": [{"to_security": {"from": "trash", "category": "digimon"}}]},
    {"timing": "when_digivolving", "do": [{"to_security": {"from": "field", "target": "opponent", "max_level": 4}}]},
    {"timing": "end_of_your_turn", "do": [{"trash_security": {"player": "opponent", "from": "bottom"}}]},
    {"timing": "on_play", "do": [{"memory": {"amount": 1, "per": "own_tamers"}}]},
    {"timing": "when_attacking", "do": [{"memory": {"amount": -1, "per": "opponent_digimon", "player": "opponent"}}]},
]
RULESETS = {"official": (Game, random_game_config, 24), "tamer_tactics": (TamerTacticsGame, random_tamer_tactics_config, 14)}
#: The decisions these steps add; self-play must reach each of them.
NEW_DECISIONS = {"cost", "effect_play", "reveal", "deck_order", "to_security", "trash_to_hand", "place_under"}


def _config(ruleset: str, seed: int) -> dict:
    """A random game whose cards print the common steps, <Blitz> and <Blast DNA Digivolve>."""
    config = copy.deepcopy(RULESETS[ruleset][1](seed))
    rng = random.Random(seed * 104729 + 7)
    cards = config["cards"]
    for name, spec in cards.items():
        if spec.get("category") == "digimon" and rng.random() < 0.6:
            spec["effects"] = spec.get("effects", []) + [copy.deepcopy(rng.choice(STEP_EFFECTS))]
        if spec.get("category") == "digimon" and spec.get("level") == 4 and rng.random() < 0.3:
            spec["keywords"] = {**spec.get("keywords", {}), "blitz": "when_digivolving"}
    for prefix, player in zip(("a", "b"), config["players"]):
        level3 = sorted(n for n, s in cards.items() if n.startswith(f"{prefix}-") and s.get("level") == 3
                        and s.get("category") == "digimon" and "link" not in s)
        ace = cards.get(f"{prefix}-ace")
        if ace is not None and len(level3) >= 2:
            pair = [level3[0], level3[-1]]
            ace["dna"] = [{"cost": 0, "parts": [{"name": n} for n in pair]}]
            ace["blast_dna"] = pair
            # More copies of the ACE and [Link] cards in place of the deck's last cards, so self-play meets them.
            player["deck"][-6:] = [f"{prefix}-ace"] * 3 + [f"{prefix}-link"] * 3
    return config


def _card_choices(game) -> list[Action]:
    """Choosing any card of either player: the card choices the common steps' decisions refuse."""
    return [Action("choose", c.uid) for side in game.players for c in side.all_cards()]


def _blast_dna_tries(game) -> list[Action]:
    """<Blast DNA Digivolve> with every hand card, onto every card on the field, with every other card."""
    hand = game.players[game.decision.player].hand
    field = game.stacks() + [p.breeding for p in game.players if p.breeding]
    others = [c.uid for side in game.players for c in side.all_cards()]
    return [Action("blast_dna", ace.uid, s.sid, i, targets=(o,)) for ace in hand for s in field for i in (0, 1) for o in others]


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_self_play_with_the_common_steps_offers_what_it_accepts(ruleset):
    cls, _, games = RULESETS[ruleset]
    kinds, events = set(), set()
    forks = 0
    for seed in range(games):
        game = cls(_config(ruleset, seed)).start()
        rng = random.Random(seed)
        step = forked = 0
        total = sum(1 for side in game.players for c in side.all_cards() if not c.defn.token)
        while not game.is_over:
            where = f"{ruleset} seed {seed} step {step}"
            _check_decision(game, rng, where)
            d = game.decision
            kinds.add(d.kind)
            offered = game.legal_actions()
            if d.kind in NEW_DECISIONS | {"counter"}:
                before = game.dump()
                tries = _blast_dna_tries(game) if d.kind == "counter" else _card_choices(game)
                for action in rng.sample(tries, min(30, len(tries))):
                    if action in offered:
                        continue
                    ref = _ref_of(game, action, where)
                    err = d.check(action)
                    assert err is not None and err.ref == ref, f"{where} ({d.kind}): {action} refused by {ref}, predicate {err}"
                assert game.dump() == before, f"{where}: refusing actions changed the state"
            choice = rng.choice(offered)
            others = [a for a in offered if a != choice]
            if others and forked < 3 and d.kind in NEW_DECISIONS:
                _accepted_on_a_clone(game, rng.choice(others), where)
                forked += 1
                forks += 1
            game.apply(choice)
            step += 1
            assert step < 5000, where
            cards = collections.Counter(c.uid for side in game.players for c in side.all_cards() if not c.defn.token)
            assert all(n == 1 for n in cards.values()), f"{where}: a card is in two places"
            assert sum(cards.values()) == total, f"{where}: cards appeared or vanished"
        events |= {e.kind for e in game.log}
    assert NEW_DECISIONS <= kinds, NEW_DECISIONS - kinds
    assert forks > 10
    assert {"cost_trashed", "blast_dna_digivolve", "to_link", "play_without_cost", "revealed", "to_deck_bottom", "security_to_hand", "to_security",
            "memory_per_count"} <= events, events
