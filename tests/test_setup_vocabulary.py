"""Any position can be set up: what the setup readers accept, what schema.json accepts and what the
README documents are the same keys, for every ruleset; every key changes the position it places;
and a setup that describes no possible position fails with file:line."""

from __future__ import annotations

import copy
import json
import re

import pytest

from judgebase.engine import RULESETS
from judgebase.engine.setup import SetupError
from judgebase.scenarios import setup_schema
from judgebase.scenarios.legacy_runner import legacy_config
from judgebase.scenarios.loader import ScenarioError, run
from judgebase.scenarios.runner import game_config

from conftest import ROOT

SCHEMA = json.loads((ROOT / "judgebase/scenarios/schema.json").read_text(encoding="utf-8"))
SETUP_DEF = {"official": "setup", "tamer_tactics": "tt_setup", "legacy": "legacy_setup"}


# -- the schema is the engines' vocabulary -------------------------------------------------------
def test_the_setup_part_of_the_schema_is_generated_from_the_engines():
    generated = setup_schema.definitions()
    stale = [name for name, value in generated.items() if SCHEMA["$defs"].get(name) != value]
    assert not stale, f"schema.json is out of date for {stale}: run python -m judgebase.scenarios.setup_schema"


def _schema_keys(definition: str) -> set[str]:
    """``level.key`` for every key a setup definition of schema.json accepts, following its references."""
    found: set[str] = set()
    seen: set[str] = set()

    def walk(fragment) -> None:
        if isinstance(fragment, dict):
            ref = fragment.get("$ref", "")
            if ref.startswith("#/$defs/"):
                name = ref.rsplit("/", 1)[1]
                if name not in seen:
                    seen.add(name)
                    level = re.sub(r"^(tt_|legacy_)", "", name)
                    for key, value in SCHEMA["$defs"][name]["properties"].items():
                        found.add(f"{level}.{key}")
                        walk(value)
                return
            for value in fragment.values():
                walk(value)
        elif isinstance(fragment, list):
            for value in fragment:
                walk(value)

    walk({"$ref": f"#/$defs/{definition}"})
    return found


@pytest.mark.parametrize("ruleset", list(SETUP_DEF))
def test_schema_and_engine_accept_the_same_setup_keys(ruleset):
    in_schema = _schema_keys(SETUP_DEF[ruleset])
    in_engine = setup_schema.items(ruleset)
    assert in_engine - in_schema == set(), "the engine reads keys the schema refuses"
    assert in_schema - in_engine == set(), "the schema accepts keys the engine doesn't read"


def test_a_scenario_is_checked_against_its_own_rulesets_setup():
    """Tamer Tactics keys are refused in an official scenario, by the schema and by the engine."""
    from judgebase.scenarios.runner import validate
    from judgebase import yamlsrc

    text = (ROOT / "rulings/tamer_tactics/scenarios/tt-setup-position-attack-counters.yaml").read_text(encoding="utf-8")
    official = text.replace("ruleset: tamer_tactics\n", "")
    with pytest.raises(ScenarioError) as info:
        validate(yamlsrc.load(official), "x.yaml")
    assert "x.yaml:19: setup/p1: Additional properties are not allowed ('attacks' was unexpected)" in str(info.value)
    with pytest.raises(SetupError) as err:
        RULESETS["official"]({"players": [{"battle": [{"cards": ["Tai"], "group": "x"}]}, {}],
                              "cards": {"Tai": {"category": "tamer", "colours": ["red"], "play_cost": 2}}})
    assert err.value.path == ["p1", "battle", 0, "group"] and "'group' is not a setup key here" in err.value.message


# -- every key is read ---------------------------------------------------------------------------
CARDS = {
    "Agumon": {"category": "digimon", "level": 3, "colours": ["red"], "dp": 2000, "play_cost": 3,
               "effects": [{"timing": "main", "once_per_turn": True, "do": [{"memory": 1}]},
                           {"timing": "on_play", "do": [{"draw": 1}]},
                           {"timing": "on_deletion", "do": [{"draw": 1}]}],
               "inherited": {"effects": [{"timing": "when_attacking", "once_per_turn": True, "do": [{"draw": 1}]}]}},
    "Greymon": {"category": "digimon", "level": 4, "colours": ["red"], "dp": 5000, "play_cost": 5,
                "keywords": {"vortex": True, "retaliation": True}},
    "Guard": {"category": "digimon", "level": 4, "colours": ["red"], "dp": 5000, "play_cost": 5, "keywords": {"blocker": True}},
    "Plug": {"category": "digimon", "level": 3, "colours": ["red"], "dp": 1000, "play_cost": 2,
             "link": {"cost": 1, "requirement": {"colours": ["red"]}, "dp": 1000}},
    "Tai": {"category": "tamer", "colours": ["red"], "play_cost": 2},
    "Koromon": {"category": "digi-egg", "level": 2, "colours": ["red"]},
    "Wall": {"category": "option", "colours": ["red"], "use_cost": 0, "effects": [{"timing": "counter", "do": [{"memory": 1}]}]},
}
GAME_BASE = {"turn": 3, "turn_player": "p1", "phase": "main", "memory": 3,
             "p1": {"deck": ["Agumon"] * 3}, "p2": {"deck": ["Agumon"] * 3}}
A = {"label": "a", "cards": ["Agumon"]}
G = {"label": "g", "cards": ["Agumon", "Greymon"]}
ATTACKER = {"label": "g", "cards": ["Agumon", "Greymon"], "suspended": True}
DEFENDER = {"security": ["Agumon"], "hand": ["Wall"], "battle": [{"cards": ["Guard"]}]}  # a counter timing to stop at
TAI = {"label": "tai", "cards": ["Tai"]}
# key -> (what the setup adds to the base position, the path of the key in it)
OFFICIAL = {
    "setup.turn": ({"turn": 5}, ["turn"]),
    "setup.turn_player": ({"turn_player": "p2"}, ["turn_player"]),
    "setup.first_player": ({"turn": 1, "phase": "draw", "first_player": "p2"}, ["first_player"]),
    "setup.phase": ({"phase": "breeding"}, ["phase"]),
    "setup.memory": ({"memory": 5}, ["memory"]),
    "setup.p1": ({"p1": {"hand": ["Agumon"]}}, ["p1"]),
    "setup.p2": ({"p2": {"hand": ["Agumon"]}}, ["p2"]),
    "setup.attack": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER, "attack": {"attacker": "g", "target": "player"}}, ["attack"]),
    "zones.deck": ({"p1": {"deck": ["Greymon"]}}, ["p1", "deck"]),
    "zones.eggs": ({"p1": {"eggs": ["Koromon"]}}, ["p1", "eggs"]),
    "zones.hand": ({"p1": {"hand": ["Agumon"]}}, ["p1", "hand"]),
    "zones.trash": ({"p1": {"trash": ["Agumon"]}}, ["p1", "trash"]),
    "zones.security": ({"p1": {"security": ["Agumon"]}}, ["p1", "security"]),
    "zones.breeding": ({"p1": {"breeding": {"cards": ["Koromon"]}}}, ["p1", "breeding"]),
    "zones.battle": ({"p1": {"battle": [A]}}, ["p1", "battle"]),
    "zones.pending": ({"p1": {"battle": [A], "pending": [{"card": "a", "effect": 1}]}}, ["p1", "pending"]),
    "security_card.card": ({"p1": {"security": [{"card": "Agumon", "face_up": True}]}}, ["p1", "security", 0, "card"]),
    "security_card.face_up": ({"p1": {"security": [{"card": "Agumon", "face_up": True}]}}, ["p1", "security", 0, "face_up"]),
    "stack.label": ({"p1": {"battle": [A]}}, ["p1", "battle", 0, "label"]),
    "stack.cards": ({"p1": {"battle": [A]}}, ["p1", "battle", 0, "cards"]),
    "stack.suspended": ({"p1": {"battle": [{**A, "suspended": True}]}}, ["p1", "battle", 0, "suspended"]),
    "stack.placed_this_turn": ({"p1": {"battle": [{**A, "placed_this_turn": True}]}}, ["p1", "battle", 0, "placed_this_turn"]),
    "stack.links": ({"p1": {"battle": [{**A, "links": ["Plug"]}]}}, ["p1", "battle", 0, "links"]),
    "stack.modifiers": ({"p1": {"battle": [{**A, "modifiers": [{"dp": 1000}]}]}}, ["p1", "battle", 0, "modifiers"]),
    "stack.used_this_turn": ({"p1": {"battle": [{**A, "used_this_turn": [0]}]}}, ["p1", "battle", 0, "used_this_turn"]),
    "stack.burst_this_turn": ({"p1": {"battle": [{**G, "burst_this_turn": True}]}}, ["p1", "battle", 0, "burst_this_turn"]),
    "stack.face_down": ({"p1": {"battle": [{**A, "face_down": True}]}}, ["p1", "battle", 0, "face_down"]),
    "stack.placed_by_effect": ({"p1": {"battle": [{"label": "w", "cards": ["Wall"], "placed_by_effect": False}]}},
                               ["p1", "battle", 0, "placed_by_effect"]),
    "stack.face_down_cards": ({"p1": {"battle": [{**G, "face_down_cards": 1}]}}, ["p1", "battle", 0, "face_down_cards"]),
    "modifier.dp": ({"p1": {"battle": [{**A, "modifiers": [{"dp": 1000}]}]}}, ["p1", "battle", 0, "modifiers", 0, "dp"]),
    "modifier.security_attack": ({"p1": {"battle": [{**A, "modifiers": [{"security_attack": 1}]}]}},
                                 ["p1", "battle", 0, "modifiers", 0, "security_attack"]),
    "modifier.keyword": ({"p1": {"battle": [{**A, "modifiers": [{"keyword": "blocker"}]}]}},
                         ["p1", "battle", 0, "modifiers", 0, "keyword"]),
    "modifier.value": ({"p1": {"battle": [{**A, "modifiers": [{"keyword": "decoy", "value": "red"}]}]}},
                       ["p1", "battle", 0, "modifiers", 0, "value"]),
    "modifier.until": ({"p1": {"battle": [{**A, "modifiers": [{"dp": 1000, "until": "permanent"}]}]}},
                       ["p1", "battle", 0, "modifiers", 0, "until"]),
    "used_effect.effect": ({"p1": {"battle": [{**A, "used_this_turn": [{"effect": 0}]}]}}, ["p1", "battle", 0, "used_this_turn", 0, "effect"]),
    "used_effect.inherited": ({"p1": {"battle": [{**G, "used_this_turn": [{"from": "Agumon", "inherited": 0}]}]}},
                              ["p1", "battle", 0, "used_this_turn", 0, "inherited"]),
    "used_effect.from": ({"p1": {"battle": [{**G, "used_this_turn": [{"from": "Agumon", "inherited": 0}]}]}},
                         ["p1", "battle", 0, "used_this_turn", 0, "from"]),
    "pending.card": ({"p1": {"battle": [A], "pending": [{"card": "a", "effect": 1}]}}, ["p1", "pending", 0, "card"]),
    "pending.trash": ({"p1": {"trash": ["Agumon"], "pending": [{"trash": "Agumon", "effect": 2}]}}, ["p1", "pending", 0, "trash"]),
    "pending.from": ({"p1": {"battle": [G], "pending": [{"card": "g", "from": "Agumon", "inherited": 0}]}}, ["p1", "pending", 0, "from"]),
    "pending.effect": ({"p1": {"battle": [A], "pending": [{"card": "a", "effect": 1}]}}, ["p1", "pending", 0, "effect"]),
    "pending.inherited": ({"p1": {"battle": [G], "pending": [{"card": "g", "from": "Agumon", "inherited": 0}]}},
                          ["p1", "pending", 0, "inherited"]),
    "pending.keyword": ({"p1": {"battle": [G], "pending": [{"card": "g", "keyword": "vortex"}]}}, ["p1", "pending", 0, "keyword"]),
    "pending.against": ({"p1": {"trash": ["Greymon"], "pending": [{"trash": "Greymon", "keyword": "retaliation", "against": "x"}]},
                         "p2": {"battle": [{"label": "x", "cards": ["Agumon"]}]}}, ["p1", "pending", 0, "against"]),
    "attack.attacker": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER, "attack": {"attacker": "g", "target": "player"}}, ["attack", "attacker"]),
    "attack.target": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER, "attack": {"attacker": "g", "target": "player"}}, ["attack", "target"]),
    "attack.blocked_by": ({"p1": {"battle": [ATTACKER]}, "p2": {"security": ["Agumon"], "battle": [{"label": "b", "cards": ["Guard"], "suspended": True}]},
                           "attack": {"attacker": "g", "target": "player", "blocked_by": "b"}}, ["attack", "blocked_by"]),
    "attack.countered": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER, "attack": {"attacker": "g", "target": "player", "countered": True}},
                         ["attack", "countered"]),
    "attack.via": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER, "attack": {"attacker": "g", "target": "player", "via": "execute"}}, ["attack", "via"]),
    "attack.next": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER,
                     "attack": {"attacker": "g", "target": "player", "next": "block"}}, ["attack", "next"]),
    "attack.dp_bonus": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER, "attack": {"attacker": "g", "target": "player", "dp_bonus": 1000}},
                        ["attack", "dp_bonus"]),
    "attack.extra_checks": ({"p1": {"battle": [ATTACKER]}, "p2": DEFENDER, "attack": {"attacker": "g", "target": "player", "extra_checks": 1}},
                            ["attack", "extra_checks"]),
}
def _in_a_group(example):
    """Tamer Tactics: the attacker of an example is in Tai's group (TT §2.4.5: no group, no security attack)."""
    change, path = copy.deepcopy(example)
    if "attack" in change:
        change["p1"]["battle"] = [TAI] + [{**s, "group": "tai"} for s in change["p1"]["battle"]]
    return change, path


TAMER_TACTICS = {
    **{item: _in_a_group(example) for item, example in OFFICIAL.items()},
    "zones.tamers_moved": ({"p1": {"tamers_moved": 1}}, ["p1", "tamers_moved"]),
    "zones.safety_valve": ({"p1": {"safety_valve": True}}, ["p1", "safety_valve"]),
    "zones.attacks": ({"p1": {"attacks": {"on_digimon": 1}}}, ["p1", "attacks"]),
    "zones.protected_this_turn": ({"p1": {"protected_this_turn": True}}, ["p1", "protected_this_turn"]),
    "attacks.security": ({"p1": {"battle": [TAI], "attacks": {"security": ["tai"]}}}, ["p1", "attacks", "security"]),
    "attacks.on_digimon": ({"p1": {"attacks": {"on_digimon": 2}}}, ["p1", "attacks", "on_digimon"]),
    "attacks.extra": ({"p1": {"attacks": {"extra": True}}}, ["p1", "attacks", "extra"]),
    "stack.group": ({"p1": {"battle": [TAI, {**A, "group": "tai"}]}}, ["p1", "battle", 1, "group"]),
    "stack.protections": ({"p1": {"battle": [{**A, "protections": 1}]}}, ["p1", "battle", 0, "protections"]),
    "stack.protected": ({"p1": {"battle": [{**A, "protected": True}]}}, ["p1", "battle", 0, "protected"]),
    "stack.eligible": ({"p1": {"battle": [{**A, "eligible": "open"}]}}, ["p1", "battle", 0, "eligible"]),
}
LEGACY_CARDS = {
    "Agumon": {"level": 3, "battle_type": "A", "attack": {"A": 300, "B": 350, "C": 250},
               "lost_points": {"3": 10, "4": 20, "perfect": 30, "ultimate": 40},
               "ability": {"effect": {"add": 50}, "timing": "battle"}, "support": {"effect": {"add": 100}}},
    "Gabumon": {"level": 3, "battle_type": "B", "attack": {"A": 320, "B": 300, "C": 280},
                "lost_points": {"3": 10, "4": 20, "perfect": 30, "ultimate": 40}, "support": {"effect": {"add": 200}}},
    "Greymon": {"level": 4, "battle_type": "A", "attack": {"A": 420, "B": 400, "C": 380},
                "lost_points": {"3": 10, "4": 20, "perfect": 30, "ultimate": 40}},
    "Plus": {"kind": "option", "effect": {"add": 100}},
    "Only": {"kind": "option", "only_one": True, "effect": {"add": 100}},
    "Quick": {"kind": "option", "needs_slot": False, "effect": {"add": 100}},
}
LEGACY_BASE = {"turn": 2, "phase": "battle", "first_player": "p1",
               "p1": {"digimon_box": ["Agumon"], "network": ["Plus"] * 3}, "p2": {"digimon_box": ["Gabumon"], "network": ["Plus"] * 3}}
PREP = {"phase": "preparation"}
LEGACY = {
    "setup.turn": ({"turn": 5}, ["turn"]),
    "setup.phase": ({"phase": "point"}, ["phase"]),
    "setup.first_player": ({"first_player": "p2"}, ["first_player"]),
    "setup.option_slots": ({"option_slots": 4}, ["option_slots"]),
    "setup.to_act": ({"to_act": "p1"}, ["to_act"]),
    "setup.passed": ({"passed": True}, ["passed"]),
    "setup.p1": ({"p1": {"points": 50}}, ["p1"]),
    "setup.p2": ({"p2": {"points": 50}}, ["p2"]),
    "zones.points": ({"p1": {"points": 50}}, ["p1", "points"]),
    "zones.deck": ({"phase": "setup", "p1": {"deck": [{"card": "Agumon"}, {"card": "Plus", "copies": 29}]},
                    "p2": {"deck": [{"card": "Gabumon"}, {"card": "Plus", "copies": 29}]}}, ["p1", "deck"], {"first_player": "p1"}),
    "zones.network": ({"p1": {"network": ["Quick"]}}, ["p1", "network"]),
    "zones.hand": ({"p1": {"hand": ["Plus"]}}, ["p1", "hand"]),
    "zones.darkness": ({"p1": {"darkness": ["Plus"]}}, ["p1", "darkness"]),
    "zones.digimon_box": ({"p1": {"digimon_box": ["Agumon", "Greymon"]}}, ["p1", "digimon_box"]),
    "zones.evolution_box": ({"p1": {"evolution_box": ["Greymon"]}}, ["p1", "evolution_box"]),
    "zones.power_box": ({"p1": {"power_box": ["Plus"]}}, ["p1", "power_box"]),
    "zones.exchange": ({"p1": {"exchange": ["Agumon"]}}, ["p1", "exchange"]),
    "zones.support": ({"p1": {"support": ["Gabumon"]}}, ["p1", "support"]),
    "zones.slots": ({"p1": {"slots": ["Plus"]}}, ["p1", "slots"]),
    "zones.in_force": ({"p2": {"support": ["Gabumon"], "in_force": [{"card": "Gabumon"}]}}, ["p2", "in_force"]),
    "zones.used_this_turn": ({"p1": {"used_this_turn": ["Only"]}}, ["p1", "used_this_turn"]),
    "zones.refilled": ({"p1": {"refilled": True}}, ["p1", "refilled"]),
    "zones.support_used": ({"p1": {"support_used": True}}, ["p1", "support_used"]),
    "zones.ability_used": ({"p1": {"ability_used": True}}, ["p1", "ability_used"]),
    "zones.final_attack": ({"phase": "point", "p1": {"final_attack": 900}}, ["p1", "final_attack"]),
    "zones.prep_step": ({**PREP, "p1": {"prep_step": "refill"}}, ["p1", "prep_step"]),
    "zones.prepared": ({**PREP, "p1": {"prepared": True}}, ["p1", "prepared"]),
    "slot_card.card": ({"p1": {"slots": [{"card": "Plus", "face_up": True}]}}, ["p1", "slots", 0, "card"]),
    "slot_card.face_up": ({"p1": {"slots": [{"card": "Plus", "face_up": True}]}}, ["p1", "slots", 0, "face_up"]),
    "in_force.card": ({"p2": {"support": ["Gabumon"], "in_force": [{"card": "Gabumon"}]}}, ["p2", "in_force", 0, "card"]),
    "in_force.origin": ({"p1": {"support": ["Agumon"], "in_force": [{"card": "Agumon", "origin": "ability"}]}},
                        ["p1", "in_force", 0, "origin"]),
}
EXAMPLES = {"official": OFFICIAL, "tamer_tactics": TAMER_TACTICS, "legacy": LEGACY}


def _merge(base: dict, change: dict) -> dict:
    out = copy.deepcopy(base)
    for key, value in change.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else copy.deepcopy(value)
    return out


def _without(setup: dict, path: list) -> dict:
    out = copy.deepcopy(setup)
    node = out
    for key in path[:-1]:
        node = node[key]
    del node[path[-1]]
    return out


def _position(ruleset: str, setup: dict):
    """What a setup places, as far as a game shows it: the state, the log, the labels, and the state
    after each action the first decision offers.  Or the error that refuses the setup."""
    if ruleset == "legacy":
        config = legacy_config({"cards": LEGACY_CARDS, "setup": setup, "seed": 0})
    else:
        config = game_config({"cards": CARDS, "setup": setup, "seed": 0})
    try:
        game = RULESETS[ruleset](config).start()
    except (SetupError, ValueError) as exc:
        return ("refused", type(exc).__name__)
    after = []
    for action in game.legal_actions()[:40]:
        twin = game.clone()
        twin.apply(action)
        after.append((str(action), twin.dump(), [str(e) for e in twin.log]))
    return (game.dump(), [str(e) for e in game.log], dict(getattr(game, "labels", {})), after)


@pytest.mark.parametrize("ruleset", list(EXAMPLES))
def test_every_setup_key_has_an_example(ruleset):
    assert set(EXAMPLES[ruleset]) == setup_schema.items(ruleset), "give each setup key an example here"


@pytest.mark.parametrize("ruleset,item", [(r, i) for r in EXAMPLES for i in sorted(EXAMPLES[r])])
def test_every_setup_key_changes_the_position(ruleset, item):
    """With the key, the setup places another position than without it (or, without a key it
    needs, the setup is refused): the engine reads every key the schema accepts."""
    change, path, *base = EXAMPLES[ruleset][item]
    base = base[0] if base else LEGACY_BASE if ruleset == "legacy" else GAME_BASE
    setup = _merge(base, change)
    node = setup
    for key in path:
        node = node[key]
    with_key = _position(ruleset, setup)
    assert with_key[0] != "refused", f"the example of {item} is refused: {with_key}"
    assert _position(ruleset, _without(setup, path)) != with_key


@pytest.mark.parametrize("ruleset,level", sorted({(r, i.split(".")[0]) for r in EXAMPLES for i in EXAMPLES[r]}))
def test_the_reader_refuses_an_unknown_key_at_every_level(ruleset, level):
    change, path, *base = next(EXAMPLES[ruleset][i] for i in sorted(EXAMPLES[ruleset]) if i.startswith(level + "."))
    setup = _merge(base[0] if base else LEGACY_BASE if ruleset == "legacy" else GAME_BASE, change)
    node = setup
    for key in path[:-1]:
        node = node[key]
    node["flying"] = True
    config = (legacy_config({"cards": LEGACY_CARDS, "setup": setup}) if ruleset == "legacy"
              else game_config({"cards": CARDS, "setup": setup}))
    with pytest.raises(SetupError) as info:
        RULESETS[ruleset](config)
    assert info.value.path[-1] == "flying" and "not a setup key" in info.value.message


def test_the_readme_documents_every_setup_key():
    readme = (ROOT / "judgebase/scenarios/README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Setup: any position"):readme.index("## Cards")]
    legacy = readme[readme.index("## Legacy scenarios"):]
    text = readme[:readme.index("## Cards")] + legacy  # the format's example, the setup section, the legacy section
    documented = set(re.findall(r"\b([a-z_0-9]+):", text)) | set(re.findall(r"`([a-z_0-9]+)`", text))
    for ruleset in EXAMPLES:
        missing = {i for i in setup_schema.items(ruleset) if i.split(".")[1] not in documented}
        assert not missing, f"{ruleset}: document {sorted(missing)} in the README's setup section"
    assert "`option_slots: N`" in section and "`needs_slot: false`" in legacy


# -- a setup that describes no possible position ---------------------------------------------------
SCENARIOS = ROOT / "rulings"
BAD = [
    ("official/scenarios/vocab-setup-pending-effects.yaml", "- {card: tai, effect: 0}", "- {card: sora, effect: 0}",
     "setup/p1/pending/0/card: no unique Digimon or Tamer called 'sora'"),
    ("official/scenarios/vocab-setup-pending-effects.yaml", "- {card: tai, effect: 0}", "- {card: tai, effect: 3}",
     "setup/p1/pending/0/effect: Tai has 1 effects"),
    ("official/scenarios/vocab-setup-pending-effects.yaml", "- {trash: Gabumon, effect: 0}", "- {trash: Agumon, effect: 0}",
     "setup/p2/pending/0/trash: no 'Agumon' in p2's trash"),
    ("official/scenarios/vocab-setup-once-per-turn-used.yaml", "used_this_turn: [0]}", "used_this_turn: [1]}",
     "setup/p1/battle/0/used_this_turn/0/effect: Engine has 1 effects"),
    ("official/scenarios/vocab-setup-once-per-turn-used.yaml", "cards: [Koromon, Greymon], used_this_turn",
     "cards: [Greymon], used_this_turn", "setup/p1/battle/2/used_this_turn/0/from: no 'Koromon' in that stack"),
    ("official/scenarios/vocab-setup-attack-under-way.yaml", "cards: [Greymon], suspended: true,", "cards: [Greymon], suspended: false,",
     "setup/attack/attacker: 'greymon' suspended to attack (CR 11-2-8-1)", "attack: {attacker"),
    ("official/scenarios/vocab-setup-attack-under-way.yaml", "countered: true,", "countered: true, next: counter,",
     "setup/attack/countered: the counter timing comes once per attack (CR 11-3-2)", "attack: {attacker"),
    ("official/scenarios/vocab-setup-modifiers.yaml", "{keyword: cannot_attack, until: end_of_turn}",
     "{keyword: cannot_fly, until: end_of_turn}", "setup/p1/battle/1/modifiers/0/keyword: 'cannot_fly' is not a keyword"),
    ("official/scenarios/vocab-setup-modifiers.yaml", "modifiers: [{dp: 2000}]", "modifiers: [{dp: 2000, until: end_of_attack}]",
     "setup/p1/battle/0/modifiers/0/until: lasts until the end of an attack, and no attack is under way"),
    ("official/scenarios/vocab-setup-link-cards.yaml", "cards: [Gabumon], links: [Navimon]", "cards: [Gabumon], links: [Navimon, Gatchmon]",
     "setup/p1/battle/2/links: full@3 can hold 1 link card(s) (CR 4-9-5)"),
    ("tamer_tactics/scenarios/tt-setup-position-protected-this-turn.yaml", "group: tai, eligible: open,",
     "group: tai, protected: true,", "setup/p1/battle/2/protected: only 1 card can be protected per turn (TT §4.2.6)",
     "label: second"),
    ("tamer_tactics/scenarios/tt-setup-position-protection-cap.yaml", "group: tai, protections: 1, eligible: open}",
     "group: tai, protections: 0, protected: true}", "setup/p1/battle/2/protections: a protected card's line has been protected at least once"),
    ("tamer_tactics/scenarios/tt-setup-position-attack-counters.yaml", "security: [tai]", "security: [greymon]",
     "setup/p1/attacks/security/0: 'greymon' is not a Tamer leading a group (TT §2.4.1)"),
    ("tamer_tactics/scenarios/tt-setup-position-attack-under-way.yaml", "- {label: orphan, cards: [Agumon]}",
     "- {label: orphan, cards: [Agumon]}\n    attacks: {security: [tai]}", "setup/attack/attacker: its group has already attacked security this turn (TT §4.1.1)",
     "attack: {attacker"),
    ("tamer_tactics/scenarios/tt-setup-position-grace-window.yaml", "cards: [Tai]}", "cards: [Tai], group: tai}",
     "setup/p1/battle/0/group: only Digimon join a Tamer's group (TT §2.4.1)"),
    ("legacy/scenarios/leg-setup-option-slots-setting.yaml", "slots: [Plus 100]}", "slots: [Plus 100, Double]}",
     "setup/p1/slots: the board has 1 Option Slots (option_slots)"),
    ("legacy/scenarios/leg-setup-effects-in-force.yaml", "used_this_turn: [Hidden Power]}", "used_this_turn: [Double]}",
     "setup/p1/used_this_turn/0: 'Double' is not an \"only 1\" Option card (LEG 3.4.5.3)"),
    ("legacy/scenarios/leg-setup-effects-in-force.yaml", "in_force: [{card: Gomamon}]", "in_force: [{card: Patamon}]",
     "setup/p2/in_force/0/card: a support ability is in force from its Digimon in the Support Box (LEG 3.4.3.2)"),
    ("legacy/scenarios/leg-setup-preparation-steps.yaml", "prepared: true}", "prep_step: discard}",
     "setup/p2/prep_step: the first player prepares first; the second player has not started (LEG 3.2.2)", "prep_step: refill"),
]


@pytest.mark.parametrize("bad", BAD, ids=lambda b: f"{b[0].rsplit('/', 1)[1]}:{b[3].split(':')[0]}")
def test_a_bad_setup_fails_with_file_and_line(tmp_path, bad):
    source, old, new, message, *marker = bad
    text = (SCENARIOS / source).read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    marker = marker[0] if marker else new.splitlines()[-1].strip()
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if marker in l)
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert message in str(info.value)
    assert str(info.value).startswith(f"{path}:{line}: "), (str(info.value), line)
