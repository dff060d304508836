"""The legacy Hyper Colosseum battle of the old Digital Monster Card Game (002 §3, refs ``LEG x.y``).

Same shape as the official engine: ``start()``, ``legal_actions()``, ``apply(action)``
(an illegal action raises :class:`IllegalAction` with the ``LEG`` clause that forbids
it and leaves the state exactly as it was), ``current_player``, ``is_over``,
``winner``, ``clone()``, ``dump()`` and a ``log`` of :class:`Event`, each naming the
``LEG`` clause that caused it.

A turn is the Preparation Phase (LEG 3.2.2), the Digivolution Phase (LEG 3.2.3),
the Battle Phase (LEG 3.2.4) and the Point Calculation Phase (LEG 3.2.5).  Each
player's battling Digimon is the top card of their Digimon Box; it attacks with
the value printed for the letter of the *opponent's* battle type (LEG 3.2.4.1,
LEG 3.2.4.4.1), changed by Option cards, support abilities and special abilities
as LEG 3.4.8 says.

Cards are defined inline (see ``judgebase/scenarios/README.md``, section "Legacy
scenarios"): a Digimon card has a level (3, 4, ``perfect``, ``ultimate``), a
battle type (A/B/C), attack values for A, B and C, Lost Points per opponent level,
a digivolution requirement (how many ●/X cards go to the Power Box), optional
◎ special abilities and a ■ support ability; an Option card has one effect from
a small vocabulary (:data:`EFFECT_KEYS`).

Where 002 is silent the engine makes a documented choice; each one is marked
``Reading:`` in a comment next to the code that implements it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from .cards import CardError
from .setup import PLAYER_NAMES, Level, SetupError, integer, listed
from .state import (
    Action,
    Card,
    Decision,
    DecisionLoop,
    Event,
    IllegalAction,
    copy_config,
)

LEVELS = (3, 4, "perfect", "ultimate")
# Hybrid and D-Reaper are "special levels" (LEG 3.2.3.9.3); Hybrid, D-Reaper and Reaper have no level at all
# (LEG 3.3.2): nothing is their "next level" and they are the next level of nothing.  D-Reaper and Reaper
# cards are Digimon and Digimon cards all the same (LEG 3.3.1).
SPECIAL_LEVELS = ("hybrid", "d-reaper", "reaper")
NEXT_LEVEL = {3: 4, 4: "perfect", "perfect": "ultimate"}  # LEG 3.2.3.9
TYPES = ("A", "B", "C")
PHASES = ("preparation", "digivolution", "battle", "point")
DECK_SIZE = 30  # LEG 3.2.1.1
HAND_MAX = 6  # LEG 3.2.2.2, LEG 3.2.2.3
START_POINTS = 100  # LEG 3.2.1.4
# How many Option Slots a board has: 002 says Options are set in the Option Slot and most can't be
# used from anywhere else (LEG 3.2.2.7), and never gives the number.  It is a setting
# (``option_slots`` in a setup); the default reads the highest slot 002 names, "slot 3" (LEG 3.4.4.3).
SLOTS = 3
MAX_TURNS = 200  # random self-play safety net: a game that long ends with a recorded reason

# Option / ability / support effects: one mapping with these keys (plus ``target``).
EFFECT_KEYS = (
    "add",  # +N / -N to the attack value; additions and subtractions stack (LEG 3.4.8.5)
    "base_add",  # "base attack value +N": part of the printed number (LEG 3.4.8.4)
    "multiply",  # xN on the printed base value; only the last x or / counts (LEG 3.4.8.2-3)
    "divide",  # /N likewise
    "zero",  # "set A to 0" (a letter) or "set all base attack values to 0" (all) (LEG 3.2.4.1.1, LEG 3.5.6)
    "direct",  # "immediately reduce the opponent's points by N": a direct attack (LEG 3.4.7)
    "lost_multiply",  # "double the Lost Points" (2): the loser's printed Lost Points xN (LEG 3.4.8.2, LEG 3.4.8.8)
    "once_more",  # "reduce the points once more": the normal calculation made once more (LEG 3.4.8.7)
    "force_draw",  # "the battle is a draw" ("Let's Stop Fighting", LEG 3.5.3)
    "nullify",  # nullify the opponent's Option card before its effect takes effect (LEG 3.2.4.5, LEG 3.5.2.3)
)
# Who an effect reaches when the card does not say (``target: self|opponent``).
DEFAULT_TARGET = {
    "add": "self", "base_add": "self", "multiply": "self", "divide": "self", "zero": "opponent",
    "direct": "opponent", "lost_multiply": "opponent", "once_more": "opponent", "force_draw": "self", "nullify": "opponent",
}
MOD_REFS = {
    "add": "LEG 3.4.8.5", "base_add": "LEG 3.4.8.4", "multiply": "LEG 3.4.8.3", "divide": "LEG 3.4.8.3",
    "zero": "LEG 3.2.4.1.1", "zero_all": "LEG 3.5.6",
}
PHASE_REFS = {"preparation": "LEG 3.2.2", "digivolution": "LEG 3.2.3", "battle": "LEG 3.2.4", "point": "LEG 3.2.5"}
# Where each phase says Option cards and abilities are used (Options: not in the Digivolution Phase).
USE_REFS = {"preparation": "LEG 3.2.2.6", "digivolution": "LEG 3.2.3.8", "battle": "LEG 3.2.4.2", "point": "LEG 3.2.5.2"}
ABILITY_REFS = {"preparation": "LEG 3.2.2.6", "digivolution": "LEG 3.2.3.8", "battle": "LEG 3.2.4.2", "point": "LEG 3.2.5.4"}
# The Preparation Phase steps in their order (LEG 3.2.2.2 - LEG 3.2.2.7); "done" ends it.
PREP_STEPS = {"discard": 2, "refill": 3, "exchange": 4, "prepare": 5, "use": 6, "ability": 6, "set": 7, "done": 8}


# -- cards --------------------------------------------------------------------------
@dataclass(frozen=True)
class LegacyCardDef:
    """One card as a scenario defines it: a Digimon card or an Option card."""

    name: str
    kind: str  # "digimon" or "option"
    number: str = ""
    # Digimon cards
    level: object = None  # 3, 4, "perfect", "ultimate"
    battle_type: str | None = None  # A, B or C (LEG 3.2.4.1)
    attack: tuple = ()  # ((A, n), (B, n), (C, n)): the base attack values (LEG 3.4.8.1)
    lost_points: tuple = ()  # ((level, n), ...): Lost Points for each opponent level (LEG 3.2.5.3)
    requirement: int = 1  # ● and X marks: cards from the Network Sea to the Power Box (LEG 3.2.2.1.1)
    field: str | None = None  # field / group a support target can name ("Nsp")
    background: str | None = None  # the printed background; with no field icon it decides the field (LEG 3.3.8)
    jogress: tuple = ()  # Jogress: the team (A ⇔ B); one in the box, the other's card to the Power Box (LEG 3.2.2.1.3)
    opt: str | None = None  # Opt digivolution: the "Win Rate" Option card to place face down in the Power Box (LEG 3.2.2.1.2)
    digivolve_cost: int = 0  # "send N more cards from your hand to the Land of Darkness" as it is digivolved into (LEG 3.2.3.6)
    digivolves_from: tuple = ()  # a special requirement naming the Digimon it digivolves from, same level too (LEG 3.2.3.9.2)
    battle_start: dict | None = None  # ◎ "at the start of the battle~": an effect used as the Battle Phase begins (LEG 3.3.4.3)
    board_bonus: dict | None = None  # ◎ "if Name is on your game board, your attack value gets +N": {name, add} (LEG 3.4.3.8)
    zeroes: tuple = ()  # ((technique, letter), ...): "attack C sets the opponent's A to 0" (LEG 3.2.4.1.1)
    halve_opponent: bool = False  # ◎ LEG 3.5.4
    no_modification: bool = False  # ◎ LEG 3.5.6
    draw_immune: bool = False  # ◎ LEG 3.5.3
    nullify_abilities: bool = False  # ◎ the opponent's Digimon becomes "special abilities nullified" (LEG 3.5.1)
    keeps_abilities: bool = False  # ◎ "does not become special abilities nullified": the whole field (LEG 3.4.2.4)
    not_zeroed: bool = False  # "A is not set to 0 by attack C": an effect without ◎, not a special ability (LEG 3.3.3.3)
    ignores_options: bool = False  # ◎ "not affected by the effects of the opponent's Option cards" (LEG 3.5.2)
    # ◎ when a Digimon digivolves into this one: {draw: N} (may draw, LEG 3.5.9) or
    # {opponent_option: Name} (the opponent's Option of that name to the Land of Darkness, LEG 3.5.5)
    on_digivolve: dict | None = None
    ability: dict | None = None  # activated ◎ special ability: {effect: {...}, timing: battle|point}
    support: dict | None = None  # ■ support ability: {condition: {...}, target: {...}, effect: {...}}
    # Option cards
    effect: dict | None = None
    timing: tuple = ("battle",)
    only_one: bool = False  # "only 1 may be used" (LEG 3.4.5.3)
    before_effect: bool = False  # "before the effect takes effect~" (LEG 3.2.4.5)
    slot: int | None = None  # "place in slot N" (LEG 3.4.4.3)
    limit: str = "phase"  # LEG 3.3.7: to the Land of Darkness at the end of the phase (or "turn")
    levels: tuple = ()  # level restriction (LEG 3.3.6.1)
    needs_slot: bool = True  # LEG 3.2.2.7: most Option cards can be used only from the Option Slot (Digimon: always)
    # what using it costs: {face_up: {points|network: N}, effect: {points|network: N}} (LEG 3.3.5)
    cost: dict | None = None
    set_face_up: bool = False  # worded "face up~": set face up, its effect activating in its phase (LEG 3.4.4.4)
    category: str | None = None  # "Spirit", "Plug-in", ...; nothing printed is category none, whatever the name (LEG 3.4.6)
    nullifies_category: str | None = None  # a nullifying card that reaches only Option cards of this category (LEG 3.4.6)

    @property
    def is_digimon(self) -> bool:
        return self.kind == "digimon"

    def attack_for(self, letter: str) -> int:
        return dict(self.attack)[letter]

    def lost_for(self, level) -> int:
        return dict(self.lost_points)[_level_key(level)]

    @property
    def card_no(self) -> str:
        return self.number or self.name


def _level_key(level) -> str:
    return str(level)


def _level(value, where: str, special: bool = False):
    if value in LEVELS or (special and value in SPECIAL_LEVELS):
        return value
    if isinstance(value, str) and value.isdigit() and int(value) in LEVELS:
        return int(value)
    known = "3, 4, perfect, ultimate" + (", hybrid, d-reaper, reaper" if special else "")
    raise CardError(f"{where}: level must be one of {known} (got {value!r})")


def _effect(name: str, spec, where: str) -> dict:
    if not isinstance(spec, dict) or not spec:
        raise CardError(f"card {name!r}: {where} must be a mapping such as {{add: 100}}")
    keys = [k for k in spec if k != "target"]
    unknown = [k for k in keys if k not in EFFECT_KEYS]
    if unknown or not keys:
        raise CardError(f"card {name!r}: {where} needs one of {', '.join(EFFECT_KEYS)} (got {', '.join(map(str, keys)) or 'nothing'})")
    if len(keys) != 1:
        raise CardError(f"card {name!r}: {where} has one effect, not {len(keys)}")
    key = keys[0]
    value = spec[key]
    if key == "zero" and value not in ("A", "B", "C", "all"):
        raise CardError(f"card {name!r}: {where}.zero must be A, B, C or all")
    if key in ("multiply", "divide", "lost_multiply") and (not isinstance(value, int) or value < 1):
        raise CardError(f"card {name!r}: {where}.{key} must be a whole number of at least 1")
    if key in ("add", "base_add", "direct") and not isinstance(value, int):
        raise CardError(f"card {name!r}: {where}.{key} must be a whole number")
    target = spec.get("target", DEFAULT_TARGET[key])
    if target not in ("self", "opponent"):
        raise CardError(f"card {name!r}: {where}.target must be self or opponent")
    return {key: value, "target": target}


def legacy_card_from_spec(name: str, spec: dict) -> LegacyCardDef:
    """Build a card from a scenario's inline definition; raise CardError on bad fields."""
    if not isinstance(spec, dict):
        raise CardError(f"card {name!r}: its definition must be a mapping")
    kind = spec.get("kind", "digimon")
    common = {"name": str(spec.get("name", name)), "number": str(spec.get("number", ""))}
    if kind == "option":
        timing = spec.get("timing", "battle")
        timing = tuple([timing] if isinstance(timing, str) else timing)
        for t in timing:
            if t not in ("preparation", "battle", "point"):
                raise CardError(f"card {name!r}: timing must be preparation, battle or point")
        levels = spec.get("level", ())
        levels = tuple(_level(v, f"card {name!r}") for v in ([levels] if not isinstance(levels, (list, tuple)) else levels))
        slot = spec.get("slot")
        if slot is not None and (isinstance(slot, bool) or not isinstance(slot, int) or slot < 1):
            raise CardError(f"card {name!r}: slot must be a slot number (1 or more)")
        needs_slot = spec.get("needs_slot", True)
        if not isinstance(needs_slot, bool) or (not needs_slot and slot is not None):
            raise CardError(f"card {name!r}: needs_slot is true or false, and a card that names its slot needs one")
        if spec.get("nullifies_category") is not None and "nullify" not in (spec.get("effect") or {}):
            raise CardError(f"card {name!r}: nullifies_category belongs to a card whose effect is nullify")
        cost = spec.get("cost")
        if cost is not None:
            parts_ok = isinstance(cost, dict) and cost and all(
                when in ("face_up", "effect") and isinstance(what, dict) and len(what) == 1
                and next(iter(what)) in ("points", "network") and isinstance(next(iter(what.values())), int)
                and next(iter(what.values())) > 0
                for when, what in cost.items())
            if not parts_ok:
                raise CardError(f"card {name!r}: cost is {{face_up: {{points|network: N}}, effect: {{points|network: N}}}}")
            cost = {when: dict(what) for when, what in cost.items()}
        return LegacyCardDef(
            **common, kind="option", effect=_effect(name, spec.get("effect"), "effect"), timing=timing,
            cost=cost, set_face_up=bool(spec.get("set_face_up", False)), category=spec.get("category"),
            nullifies_category=spec.get("nullifies_category"),
            only_one=bool(spec.get("only_one", False)), before_effect=bool(spec.get("before_effect", False)),
            slot=slot, limit=spec.get("limit", "phase"), levels=levels, needs_slot=needs_slot,
        )
    if kind != "digimon":
        raise CardError(f"card {name!r}: kind must be digimon or option")
    for key in ("level", "battle_type", "attack", "lost_points"):
        if key not in spec:
            raise CardError(f"card {name!r}: a Digimon card needs {key}")
    level = _level(spec["level"], f"card {name!r}", special=True)
    if spec["battle_type"] not in TYPES:
        raise CardError(f"card {name!r}: battle_type must be A, B or C")
    attack = spec["attack"]
    if not isinstance(attack, dict) or sorted(map(str, attack)) != list(TYPES):
        raise CardError(f"card {name!r}: attack needs exactly A, B and C")
    lost = {str(k): v for k, v in (spec["lost_points"] or {}).items()}
    if sorted(lost) != sorted(map(str, LEVELS)):
        raise CardError(f"card {name!r}: lost_points needs 3, 4, perfect and ultimate")
    zeroes = spec.get("zeroes") or {}
    for tech, letter in zeroes.items():
        if tech not in TYPES or letter not in TYPES:
            raise CardError(f"card {name!r}: zeroes maps a technique letter to the opponent's letter, e.g. {{C: A}}")
    ability = spec.get("ability")
    if ability is not None:
        timing = ability.get("timing", "battle")
        if timing not in PHASES:
            raise CardError(f"card {name!r}: ability.timing must be preparation, digivolution, battle or point")
        ability = {"effect": _effect(name, ability.get("effect"), "ability.effect"), "timing": timing}
    jogress = tuple(spec.get("jogress") or ())
    if jogress and (len(jogress) != 2 or "opt" in spec or "requirement" in spec):
        raise CardError(f"card {name!r}: jogress names the two Digimon of the team, and is the card's whole requirement")
    if "opt" in spec and ("requirement" in spec or not isinstance(spec["opt"], str)):
        raise CardError(f"card {name!r}: opt names the Option card that is the card's whole requirement")
    board_bonus = spec.get("board_bonus")
    if board_bonus is not None:
        if not (isinstance(board_bonus, dict) and sorted(board_bonus) == ["add", "name"]
                and isinstance(board_bonus["add"], int) and isinstance(board_bonus["name"], str)):
            raise CardError(f"card {name!r}: board_bonus is {{name: Name, add: N}}")
        board_bonus = dict(board_bonus)
    on_digivolve = spec.get("on_digivolve")
    if on_digivolve is not None:
        ok = isinstance(on_digivolve, dict) and len(on_digivolve) == 1 and (
            (isinstance(on_digivolve.get("draw"), int) and on_digivolve["draw"] > 0)
            or isinstance(on_digivolve.get("opponent_option"), str))
        if not ok:
            raise CardError(f"card {name!r}: on_digivolve is {{draw: N}} or {{opponent_option: Name}}")
        on_digivolve = dict(on_digivolve)
    support = spec.get("support")
    if support is not None:
        condition = dict(support.get("condition") or {})
        for key in condition:
            if key not in ("points_at_most", "points_at_least"):
                raise CardError(f"card {name!r}: support.condition knows points_at_most and points_at_least")
        target = dict(support.get("target") or {})
        for key in target:
            if key not in ("name", "level", "battle_type", "field"):
                raise CardError(f"card {name!r}: support.target knows name, level, battle_type and field")
        support = {"condition": condition, "target": target, "effect": _effect(name, support.get("effect"), "support.effect")}
    return LegacyCardDef(
        **common, kind="digimon", level=level, battle_type=spec["battle_type"],
        attack=tuple((t, int(attack[t])) for t in TYPES),
        lost_points=tuple((str(k), int(lost[str(k)])) for k in LEVELS),
        requirement=int(spec.get("requirement", 0 if ("jogress" in spec or "opt" in spec) else 1)),
        jogress=jogress, opt=spec.get("opt"), digivolve_cost=int(spec.get("digivolve_cost", 0)),
        field=spec.get("field"), background=spec.get("background"),
        board_bonus=board_bonus, digivolves_from=tuple(spec.get("digivolves_from") or ()),
        battle_start=None if spec.get("battle_start") is None else _effect(name, spec["battle_start"], "battle_start"),
        zeroes=tuple(sorted(zeroes.items())), halve_opponent=bool(spec.get("halve_opponent", False)),
        no_modification=bool(spec.get("no_modification", False)), draw_immune=bool(spec.get("draw_immune", False)),
        nullify_abilities=bool(spec.get("nullify_abilities", False)), keeps_abilities=bool(spec.get("keeps_abilities", False)),
        not_zeroed=bool(spec.get("not_zeroed", False)), ignores_options=bool(spec.get("ignores_options", False)),
        ability=ability, support=support, on_digivolve=on_digivolve,
    )


# -- state --------------------------------------------------------------------------
@dataclass
class Side:
    """One player's side of the game board (002 §3.2.1)."""

    network: list[Card] = field(default_factory=list)  # Network Sea, index 0 is the top
    hand: list[Card] = field(default_factory=list)
    darkness: list[Card] = field(default_factory=list)  # Land of Darkness, last is the top
    box: list[Card] = field(default_factory=list)  # Digimon Box, bottom to top; the top one battles
    evolution: list[Card] = field(default_factory=list)  # Evolution Box, in digivolution order
    power: list[Card] = field(default_factory=list)  # Power Box
    exchange: list[Card] = field(default_factory=list)  # a Level III placed for exchange (LEG 3.2.2.4)
    support: list[Card] = field(default_factory=list)  # Support Box
    slots: list = field(default_factory=lambda: [None] * SLOTS)  # Option Slots 1..option_slots
    gauge: list[Card] = field(default_factory=list)  # the face-down score marker (LEG 3.2.1.4)
    points: int = START_POINTS

    def all_cards(self) -> list[Card]:
        slotted = [c for c in self.slots if c is not None]
        return (self.network + self.hand + self.darkness + self.box + self.evolution + self.power + self.exchange
                + self.support + slotted + self.gauge)

    @property
    def top(self) -> Card | None:
        return self.box[-1] if self.box else None


@dataclass
class Mod:
    """An effect on an attack value in force: whose value, what, from where, until when."""

    target: int
    kind: str  # add, base_add, multiply, divide, zero
    value: object
    source: str
    until: str = "phase"  # "phase" or "turn"
    origin: str = "option"  # "option", "support" or "ability"


class _GameOver(Exception):
    pass


# -- what a setup may say ---------------------------------------------------------------
# The vocabulary of a legacy setup (see judgebase/engine/setup.py); the reader is
# ``LegacyGame._build`` and schema.json's legacy_* setup definitions are generated from it.
_NAMES = {"type": "array", "items": {"type": "string"}}
PREP_STEP_NAMES = ("discard", "refill", "exchange", "prepare", "set")
SETUP = {
    "setup": Level({
        "turn": {"type": "integer", "minimum": 1},
        "phase": {"enum": ["setup", *PHASES]},
        "first_player": {"enum": list(PLAYER_NAMES)},
        "option_slots": {"type": "integer", "minimum": 1,
                         "description": "Option Slots on each board (LEG 3.2.2.7 gives no number; default 3, the highest slot LEG 3.4.4.3 names)"},
        "to_act": {"enum": list(PLAYER_NAMES), "description": "Battle Phase: who acts now (LEG 3.2.4.4.2, LEG 3.2.4.4.3)"},
        "passed": {"type": "boolean", "description": "Battle Phase: the other player passed last; one more pass ends it (LEG 3.2.4.4.4)"},
        "p1": {"$ref": "zones"},
        "p2": {"$ref": "zones"},
    }),
    "zones": Level({
        "points": {"type": "integer", "minimum": 0},
        "deck": {"type": "array", "items": {"oneOf": [
            {"type": "string"},
            {"type": "object", "required": ["card"], "additionalProperties": False,
             "properties": {"card": {"type": "string"}, "copies": {"type": "integer", "minimum": 1}}}]}},
        "network": _NAMES,
        "hand": _NAMES,
        "darkness": _NAMES,
        "digimon_box": _NAMES,
        "evolution_box": _NAMES,
        "power_box": _NAMES,
        "exchange": _NAMES,
        "support": _NAMES,
        "slots": {"type": "array", "items": {"anyOf": [{"type": ["string", "null"]}, {"$ref": "slot_card"}]},
                  "description": "slot 1 first; null for an empty slot; {card, face_up: true} for an Option in use"},
        "in_force": {"type": "array", "items": {"$ref": "in_force"},
                     "description": "effects this player used that are still in force, other than face-up Options in a slot"},
        "used_this_turn": {**_NAMES, "description": "\"only 1\" Option cards this player used this turn (LEG 3.4.5.3)"},
        "refilled": {"type": "boolean", "description": "drew from the Network Sea this turn (LEG 3.2.2.3)"},
        "support_used": {"type": "boolean", "description": "used a support ability this turn (LEG 3.2.4.3.3)"},
        "ability_used": {"type": "boolean", "description": "used its ◎ ability this phase (LEG 3.4.2.1)"},
        "final_attack": {"type": "integer", "minimum": 0,
                         "description": "Point Calculation Phase: the attack value at the end of the Battle Phase (LEG 3.2.5.1)"},
        "prep_step": {"enum": list(PREP_STEP_NAMES), "description": "Preparation Phase: the last step taken (LEG 3.2.2)"},
        "prepared": {"type": "boolean", "description": "Preparation Phase: this player has finished preparing"},
    }),
    "slot_card": Level({"card": {"type": "string"}, "face_up": {"type": "boolean"}}, required=("card",)),
    "in_force": Level({"card": {"type": "string"}, "origin": {"enum": ["option", "support", "ability"]}}, required=("card",)),
}
CONFIG_KEYS = ("seed", "cards", "players")


class LegacyGame(DecisionLoop):
    """A Hyper Colosseum battle.  ``config`` is a new game (decks) or any position (zones)."""

    ruleset = "legacy"
    GAME_OVER_REF = "LEG 3.2.5.8"

    def __init__(self, config: dict):
        self._config = copy_config(config)
        self.rng = random.Random(config.get("seed", 0))
        self.defs = {n: legacy_card_from_spec(n, s) for n, s in (config.get("cards") or {}).items()}
        self.players = [Side(), Side()]
        self.turn = config.get("turn", 1)  # both checked by _build
        self.first_player = config.get("first_player", 0)
        self.phase = config.get("phase", "setup")
        self.stage = ""  # where in the phase: "options", "abilities", "response", ...
        self.log: list[Event] = []
        self.history: list[Action] = []
        self.winner: int | None = None
        self.over_reason: str | None = None
        self.decision: Decision | None = None
        self.mods: list[Mod] = []
        self.battle_effects: list[tuple[int, str, object, str]] = []  # (user, key, value, card) this turn
        self.final_attack: list[int | None] = [None, None]  # at the end of the last Battle Phase
        self.result: int | str | None = None  # the last battle: its winner, "draw", or None before any
        self.battled = False  # this turn's Battle Phase has been played
        self.used_this_turn: list[tuple[int, str]] = []  # "only 1" cards used (player, name)
        self.refilled: set[int] = set()
        self.supported: set[int] = set()
        self.abilities_used: set[tuple[int, str]] = set()  # (player, phase)
        self.prep_step = [0, 0]
        self.pending: Card | None = None  # an Option waiting to take effect (response window)
        self.waiting: set[int] = set()  # "face up~" Options set face up, their effect not activated yet (LEG 3.4.4.4)
        self.pending_user: int | None = None
        self.acted_in_point: dict[str, set] = {"options": set(), "abilities": set()}
        self._resume: dict = {}  # where a set-up position stands inside its first phase
        self._uids = 0
        self._flow = None
        self._build(config)

    # ------------------------------------------------------------- building ----
    def new_card(self, name: str, owner: int, face_up: bool = False) -> Card:
        if name not in self.defs:
            raise KeyError(f"unknown card {name!r}: define it under cards:")
        self._uids += 1
        return Card(self.defs[name], owner, uid=self._uids, face_up=face_up)

    def _build(self, config: dict) -> None:
        """Place a new game's decks, or any position: every area, the Option Slots, and what has
        already happened this turn (effects in force, cards used, steps taken)."""
        for key in config:
            if key not in CONFIG_KEYS and (key not in SETUP["setup"].keys or key in PLAYER_NAMES):
                raise SetupError([key], f"{key!r} is not a setup key (known: {', '.join(sorted(set(SETUP['setup'].keys) - set(PLAYER_NAMES)))})")
        self.turn = integer(config.get("turn", 1), ["turn"], minimum=1)
        if config.get("first_player", 0) not in (0, 1):
            raise SetupError(["first_player"], f"must be p1 or p2, not {config['first_player']!r}")
        if self.phase not in ("setup", *PHASES):
            raise SetupError(["phase"], f"must be one of setup, {', '.join(PHASES)}")
        # The board's Option Slots: as many as the setting says (each side's ``slots`` list).
        option_slots = integer(config.get("option_slots", SLOTS), ["option_slots"], minimum=1)
        for name, d in self.defs.items():
            if d.slot is not None and d.slot > option_slots:
                raise SetupError(["option_slots"], f"{name} goes in slot {d.slot} (LEG 3.4.4.3): the board needs that many Option Slots")
        specs = list(config.get("players") or [{}, {}])
        if len(specs) != 2:
            raise SetupError([], "a game has 2 players")
        specs = [SETUP["zones"].check(spec, [PLAYER_NAMES[p]]) for p, spec in enumerate(specs)]
        for p, spec in enumerate(specs):
            self.players[p].slots = [None] * option_slots
            if self.phase == "setup":
                for key in spec:
                    if key != "deck":
                        raise SetupError([PLAYER_NAMES[p], key], "before the game (phase setup) a player has only a deck (LEG 3.2.1.1)")
                self.players[p].network = [self._make(n, p, [PLAYER_NAMES[p], "deck", i]) for i, n in enumerate(listed(spec.get("deck"), [PLAYER_NAMES[p], "deck"]))]
            else:
                self._place(p, spec, [PLAYER_NAMES[p]])
        for key in ("to_act", "passed"):
            if key in config and self.phase != "battle":
                raise SetupError([key], "says who acts in the Battle Phase: set phase: battle")
        if "to_act" in config:
            if config["to_act"] not in (0, 1):
                raise SetupError(["to_act"], f"must be p1 or p2, not {config['to_act']!r}")
            self._resume["to_act"] = config["to_act"]
        if config.get("passed"):
            self._resume["passed"] = True
        if self.phase != "setup":
            for p, spec in enumerate(specs):
                self._state(p, spec, [PLAYER_NAMES[p]])
            self._check_preparation(specs)

    def _make(self, name, owner: int, path, face_up: bool = False) -> Card:
        if not isinstance(name, str) or name not in self.defs:
            raise SetupError(path, f"unknown card {name!r} (define it under cards:)")
        return self.new_card(name, owner, face_up)

    def _place(self, p: int, spec: dict, path: list) -> None:
        """The cards in one player's areas."""
        side = self.players[p]
        if "deck" in spec:
            raise SetupError([*path, "deck"], "a deck is for phase setup; in a game under way the cards are in the network")
        side.points = integer(spec.get("points", START_POINTS), [*path, "points"], minimum=0)
        for zone, attr, up in (("network", "network", False), ("hand", "hand", True), ("darkness", "darkness", True),
                               ("digimon_box", "box", True), ("evolution_box", "evolution", False),
                               ("power_box", "power", False), ("exchange", "exchange", False),
                               ("support", "support", True)):
            cards = listed(spec.get(zone), [*path, zone])
            setattr(side, attr, [self._make(n, p, [*path, zone, i], up) for i, n in enumerate(cards)])
        for i, card in enumerate(side.box):
            if card.defn.level in SPECIAL_LEVELS:
                raise SetupError([*path, "digimon_box", i], f"{card.name} ({card.defn.level}) comes into play by appearance "
                                 "or Spirit digivolution, which the engine does not play yet")
        slots = listed(spec.get("slots"), [*path, "slots"])
        if len(slots) > len(side.slots):
            raise SetupError([*path, "slots"], f"the board has {len(side.slots)} Option Slots (option_slots)")
        for i, item in enumerate(slots):
            where = [*path, "slots", i]
            if item is None:
                continue
            face_up = False
            if isinstance(item, dict):
                item = SETUP["slot_card"].check(item, where)
                face_up = bool(item.get("face_up", False))
                where, item = [*where, "card"], item["card"]
            card = self._make(item, p, where, face_up)
            if card.defn.is_digimon:
                raise SetupError(where, "only Option cards are set in the Option Slot (LEG 3.2.2.7)")
            if card.defn.slot is not None and card.defn.slot != i + 1:
                raise SetupError(where, f"{card.name} must be placed in slot {card.defn.slot} (LEG 3.4.4.3)")
            side.slots[i] = card

    def _state(self, p: int, spec: dict, path: list) -> None:
        """What this player has already done this turn, and the effects still in force."""
        side = self.players[p]
        for card in side.slots:
            if card is not None and card.face_up:
                # LEG 3.4.5.1: a card turned face up has been used; its effect lasts until its limit (LEG 3.3.7).
                self._in_force(p, card.defn.effect, card.name, card.defn.limit, "option", [*path, "slots", side.slots.index(card)])
                if card.defn.only_one:
                    self.used_this_turn.append((p, card.name))
        for i, item in enumerate(listed(spec.get("in_force"), [*path, "in_force"])):
            self._in_force_from_setup(p, SETUP["in_force"].check(item, [*path, "in_force", i]), [*path, "in_force", i])
        for i, name in enumerate(listed(spec.get("used_this_turn"), [*path, "used_this_turn"])):
            d = self.defs.get(name)
            if d is None or d.is_digimon or not d.only_one:
                raise SetupError([*path, "used_this_turn", i], f"{name!r} is not an \"only 1\" Option card (LEG 3.4.5.3)")
            self.used_this_turn.append((p, name))
        if spec.get("refilled"):
            self.refilled.add(p)
        if spec.get("support_used"):
            self.supported.add(p)
        if spec.get("ability_used"):
            self.abilities_used.add((p, self.phase))
        if "final_attack" in spec:
            if self.phase != "point":
                raise SetupError([*path, "final_attack"], "the final attack value is compared in the Point Calculation Phase: set phase: point")
            self.final_attack[p] = integer(spec["final_attack"], [*path, "final_attack"], minimum=0)
            self.battled = True
            other = 1 - p
            if self.final_attack[other] is None:
                self.final_attack[other] = self.attack(other)

    def _in_force_from_setup(self, p: int, item: dict, path: list) -> None:
        d = self.defs.get(item["card"])
        if d is None:
            raise SetupError([*path, "card"], f"unknown card {item['card']!r} (define it under cards:)")
        origins = ["option"] if not d.is_digimon else [o for o, v in (("support", d.support), ("ability", d.ability)) if v]
        origin = item.get("origin", origins[0] if len(origins) == 1 else None)
        if origin not in origins:
            raise SetupError([*path, "origin"], f"{d.name} has {' and '.join(origins) or 'no effect'}: say which with origin:")
        if origin == "option":
            if d.needs_slot:
                raise SetupError([*path, "card"], "an Option used from its slot is in force while it lies face up there: set it up in slots")
            self._in_force(p, d.effect, d.name, d.limit, "option", path)
        elif origin == "support":
            if self.phase != "battle" or not any(c.name == d.name for c in self.players[p].support):
                raise SetupError([*path, "card"], "a support ability is in force in the Battle Phase, from the Support Box (LEG 3.4.3.2)")
            if not self._support_target_ok(p, d.support["target"]):
                raise SetupError([*path, "card"], "its target is not the battling Digimon: it has no effect (LEG 3.4.3.7)")
            self.supported.add(p)
            self._in_force(p, d.support["effect"], d.name, "phase", "support", path)
        else:
            if self.top(p) is None or self.top(p).name != d.name or d.ability["timing"] != self.phase:
                raise SetupError([*path, "card"], "an ability is in force in its phase, from the battling Digimon (LEG 3.4.2.1)")
            self.abilities_used.add((p, self.phase))
            self._in_force(p, d.ability["effect"], d.name, "phase", "ability", path)

    def _check_preparation(self, specs: list[dict]) -> None:
        """``prep_step`` / ``prepared``: how far each player's Preparation Phase has gone (LEG 3.2.2)."""
        steps = [0, 0]
        prepared = set()
        for p, spec in enumerate(specs):
            for key in ("prep_step", "prepared"):
                if key in spec and self.phase != "preparation":
                    raise SetupError([PLAYER_NAMES[p], key], "a Preparation Phase step: set phase: preparation")
            if "prep_step" in spec:
                if spec["prep_step"] not in PREP_STEP_NAMES:
                    raise SetupError([PLAYER_NAMES[p], "prep_step"], f"must be one of {', '.join(PREP_STEP_NAMES)}")
                steps[p] = PREP_STEPS[spec["prep_step"]]
            if spec.get("prepared"):
                prepared.add(p)
            if self.phase == "preparation" and p in self.refilled and steps[p] < PREP_STEPS["refill"] and p not in prepared:
                raise SetupError([PLAYER_NAMES[p], "refilled"], "the refill step (LEG 3.2.2.3) is past: set prep_step: refill or later")
        if self.phase != "preparation":
            return
        first, second = self.first_player, self.second_player
        if first not in prepared and (second in prepared or steps[second]):
            raise SetupError([PLAYER_NAMES[second], "prepared" if second in prepared else "prep_step"],
                             "the first player prepares first; the second player has not started (LEG 3.2.2)")
        self._resume["prep_step"] = steps
        self._resume["prepared"] = prepared

    # ------------------------------------------------------------------ API ----
    @property
    def second_player(self) -> int:
        return 1 - self.first_player

    def dump(self) -> dict:
        """Everything that makes up the position, for comparing two states."""

        def ids(cards):
            return [(c.uid, c.face_up) for c in cards]

        return {
            "turn": self.turn, "phase": self.phase, "stage": self.stage, "first_player": self.first_player,
            "winner": self.winner, "over": self.over_reason, "log": len(self.log), "history": len(self.history),
            "decision": None if self.decision is None else (self.decision.player, self.decision.kind, [str(a) for a in self.decision.actions]),
            "mods": [(m.target, m.kind, m.value, m.source, m.until, m.origin) for m in self.mods],
            "battle_effects": list(self.battle_effects), "final_attack": list(self.final_attack), "result": self.result,
            "battled": self.battled, "acted_in_point": {k: sorted(v) for k, v in self.acted_in_point.items()},
            "used": list(self.used_this_turn), "refilled": sorted(self.refilled), "supported": sorted(self.supported),
            "abilities_used": sorted(map(str, self.abilities_used)), "prep_step": list(self.prep_step),
            "pending": None if self.pending is None else self.pending.uid,
            "players": [
                {
                    "points": s.points, "network": ids(s.network), "hand": ids(s.hand), "darkness": ids(s.darkness),
                    "box": ids(s.box), "evolution": ids(s.evolution), "power": ids(s.power), "exchange": ids(s.exchange),
                    "support": ids(s.support), "gauge": ids(s.gauge),
                    "slots": [None if c is None else (c.uid, c.face_up) for c in s.slots],
                }
                for s in self.players
            ],
        }

    # --------------------------------------------------------------- helpers ---
    def emit(self, kind: str, ref: str, player: int | None = None, **data) -> None:
        self.log.append(Event(kind, ref, player, data))

    def top(self, player: int) -> Card | None:
        return self.players[player].top

    def find_card(self, uid: int) -> tuple[int, str, Card] | None:
        """(owner, zone, card) for a card uid anywhere on the board."""
        for p, side in enumerate(self.players):
            for zone in ("hand", "network", "darkness", "box", "evolution", "power", "exchange", "support", "gauge"):
                for card in getattr(side, zone):
                    if card.uid == uid:
                        return p, zone, card
            for card in side.slots:
                if card is not None and card.uid == uid:
                    return p, "slot", card
        return None

    def _to_darkness(self, player: int, cards: list[Card], ref: str, why: str) -> None:
        if not cards:
            return
        for card in cards:
            card.face_up = True
        self.players[player].darkness.extend(cards)
        self.emit("to_darkness", ref, player, cards=", ".join(c.name for c in cards), why=why)

    def _draw(self, player: int, n: int) -> int:
        side = self.players[player]
        drawn = 0
        while drawn < n and side.network:
            card = side.network.pop(0)
            card.face_up = True
            side.hand.append(card)
            drawn += 1
        return drawn

    def _lose_points(self, player: int, amount: int, ref: str, **data) -> None:
        """Move ``player``'s Point Gauge down; at 0 the game ends (LEG 3.2.5.8)."""
        side = self.players[player]
        before = side.points
        side.points = max(0, before - max(0, amount))  # the gauge has no space below 0
        self.emit(data.pop("event", "points"), ref, player, lost=before - side.points, before=before, after=side.points, **data)
        if side.points == 0:
            self.winner = 1 - player
            self.over_reason = f"P{player + 1}'s points reached 0"
            self.emit("win", "LEG 3.2.5.8", 1 - player, why=self.over_reason)
            raise _GameOver

    # -- attack values (LEG 3.4.8) -------------------------------------------------
    def technique(self, player: int) -> str | None:
        """The letter whose value ``player``'s Digimon uses: the opponent's battle type (LEG 3.2.4.1)."""
        opp = self.top(1 - player)
        return None if opp is None else opp.defn.battle_type

    def _technique_zero(self, player: int) -> bool:
        """The opponent's technique sets this player's technique to 0 (LEG 3.2.4.1.1)."""
        me, opp = self.top(player), self.top(1 - player)
        if me is None or opp is None:
            return False
        # The opponent uses the technique named by my battle type; it may zero one letter of mine.
        return dict(opp.defn.zeroes).get(me.defn.battle_type) == self.technique(player) and not me.defn.not_zeroed

    def nullified(self, player: int) -> bool:
        """``player``'s battling Digimon has its ◎ special abilities nullified by the opponent's (LEG 3.5.1):
        always while the opponent has that ability, both ways when both have it, never with "does not
        become special abilities nullified" (LEG 3.4.2.4).  Text without ◎ stays (LEG 3.3.3.2-3)."""
        me, opp = self.top(player), self.top(1 - player)
        return me is not None and opp is not None and opp.defn.nullify_abilities and not me.defn.keeps_abilities

    def special(self, player: int, name: str) -> bool:
        """``player``'s battling Digimon has the ◎ special ability ``name`` and it is not nullified."""
        me = self.top(player)
        return me is not None and bool(getattr(me.defn, name)) and not self.nullified(player)

    def attack(self, player: int, floor: bool = True) -> int:
        """``player``'s attack value now, every effect in force applied as LEG 3.4.8 says
        (``floor=False``: before LEG 3.4.8.6 stops it at 0, to tell when that rule decided it)."""
        me, opp = self.top(player), self.top(1 - player)
        if me is None or opp is None:
            return 0
        letter = self.technique(player)
        immune = self.special(player, "no_modification")  # LEG 3.5.6: no "+", "-", "x", "half", "all base to 0"
        mods = [m for m in self.mods if m.target == player]
        # LEG 3.4.8.1: the printed number is the base; LEG 3.4.8.4: "base +N" counts as printed.
        base = me.defn.attack_for(letter)
        if not immune:
            base += sum(m.value for m in mods if m.kind == "base_add")
        # LEG 3.2.4.1.1 / LEG 3.4.8.4: "set A to 0" zeroes the printed number with its base bonuses.
        # LEG 3.5.6: attack C's "set A to 0" is not an attack modification, so it reaches an immune Digimon too.
        if self._technique_zero(player) or any(m.kind == "zero" and m.value == letter for m in mods):
            base = 0
        if not immune and any(m.kind == "zero" and m.value == "all" for m in mods):
            base = 0
        value = base
        # LEG 3.4.8.2-3: multiplication and division work on the base value; only the last one counts.
        # LEG 3.2.4.1.2: multiplication (division) first, then addition (subtraction).
        scale = [m for m in mods if m.kind in ("multiply", "divide")] if not immune else []
        if scale:
            last = scale[-1]
            value = value * last.value if last.kind == "multiply" else value // last.value
        # LEG 3.4.8.5: additions and subtractions stack; LEG 3.4.8.6: never below 0.
        if not immune:
            value += sum(m.value for m in mods if m.kind == "add")
            if self._board_bonus_from(player) is not None:
                value += me.defn.board_bonus["add"]
        value = max(0, value) if floor else value
        # LEG 3.5.4: the opponent's ability halves the value after effects and abilities.
        if self.special(1 - player, "halve_opponent") and not immune:
            value //= 2
        return value

    # -- flow -------------------------------------------------------------------------
    def _game(self):
        try:
            if self.phase == "setup":
                yield from self._setup()
                self.phase = "preparation"
            start = PHASES.index(self.phase)
            while True:
                for phase in PHASES[start:]:
                    self.phase = phase
                    self.stage = ""
                    self.emit("phase", PHASE_REFS[phase], self.first_player, phase=phase, turn=self.turn)
                    self._activate_waiting(phase)
                    yield from getattr(self, f"_phase_{phase}")()
                    self._end_of_phase(phase)
                start = 0
                self._end_of_turn()
                if self.turn >= MAX_TURNS:
                    self.over_reason = f"turn limit ({MAX_TURNS} turns) reached"
                    self.emit("game_end", "LEG 3.2.5.8", None, why=self.over_reason)
                    return
                self.turn += 1
        except _GameOver:
            self.pending = None
            return

    # -- set-up (LEG 3.2.1) -----------------------------------------------------------
    def _setup(self):
        for p in (0, 1):
            deck = self.players[p].network
            threes = [c for c in deck if c.defn.is_digimon and c.defn.level == 3]
            if len(deck) != DECK_SIZE or not threes:
                raise ValueError(f"P{p + 1}'s deck must be {DECK_SIZE} cards with at least one Level III Digimon (LEG 3.2.1.1)")
            self.emit("deck", "LEG 3.2.1.1", p, cards=len(deck), level_iii=len(threes))
        for p in (0, 1):
            side = self.players[p]
            action = yield Decision(p, "partner", self._legal(p, self._partner_candidates(p)), "choose your Level III partner")
            card = self._take(side.network, action.card)
            card.face_up = False
            side.box.append(card)
            self.emit("partner", "LEG 3.2.1.2", p)
        for p in (0, 1):
            side = self.players[p]
            self.rng.shuffle(side.network)
            self.emit("network_sea", "LEG 3.2.1.3", p, cards=len(side.network))
            side.gauge.append(side.network.pop(0))
            side.points = START_POINTS
            self.emit("point_gauge", "LEG 3.2.1.4", p, points=side.points)
            self.emit("draw", "LEG 3.2.1.5", p, cards=self._draw(p, HAND_MAX))
        if "first_player" not in self._config:
            self.first_player = self.rng.randrange(2)  # rock-paper-scissors
        self.emit("first_player", "LEG 3.2.1.6", self.first_player)

    def _partner_candidates(self, p: int) -> list[Action]:
        seen, actions = set(), []
        for card in self.players[p].network:
            if card.defn.is_digimon and card.defn.level == 3 and card.name not in seen:
                seen.add(card.name)
                actions.append(Action("partner", card.uid))
        return actions

    @staticmethod
    def _take(zone: list[Card], uid: int) -> Card:
        for i, card in enumerate(zone):
            if card.uid == uid:
                return zone.pop(i)
        raise KeyError(uid)

    # -- Preparation Phase (LEG 3.2.2) ------------------------------------------------
    def _phase_preparation(self):
        # Reading: 002 gives no order between the players here (everything is placed face
        # down); the first player prepares, then the second.
        self.prep_step = self._resume.pop("prep_step", [0, 0])
        prepared = self._resume.pop("prepared", set())  # a set-up position: players already done
        for p in (self.first_player, self.second_player):
            if p in prepared:
                continue
            while True:
                action = yield Decision(p, "preparation", self._legal(p, self._prep_candidates(p)))
                if action.kind == "done":
                    self.emit("prepared", "LEG 3.2.2", p)
                    break
                if action.kind in ("use", "ability"):
                    self.prep_step[p] = PREP_STEPS[action.kind]
                    yield from self._act(p, action)
                    continue
                self._do_prep(p, action)

    def _prep_candidates(self, p: int) -> list[Action]:
        side = self.players[p]
        acts = [Action("discard", c.uid) for c in side.hand + [c for c in side.slots if c is not None]]
        acts.append(Action("refill"))
        acts += [Action("exchange", c.uid) for c in side.hand]
        acts += [Action("prepare", c.uid) for c in side.hand]
        acts += [Action("use", c.uid) for c in self._usable(p)]
        acts += [Action("ability", c.uid) for c in side.box]
        slots = range(1, len(side.slots) + 1)
        acts += [Action("set", c.uid, option=s) for c in side.hand for s in slots]
        acts.append(Action("done"))
        return acts

    def _check_prep(self, p: int, a: Action) -> IllegalAction | None:
        side = self.players[p]
        step = PREP_STEPS.get(a.kind)
        if step is None:
            return IllegalAction(f"{a.kind} is not a Preparation Phase step", "LEG 3.2.2")
        if step < self.prep_step[p]:
            # The steps are LEG 3.2.2.2 ... 3.2.2.7 in order: the refusal names the step that is past.
            return IllegalAction("the Preparation Phase steps are carried out in order; that step is past", f"LEG 3.2.2.{step}")
        if step > PREP_STEPS["discard"] and len(side.hand) > HAND_MAX:
            return IllegalAction(f"more than {HAND_MAX} cards in hand: discard down to {HAND_MAX} first", "LEG 3.2.2.2")
        card, zone = None, None
        if a.kind in ("discard", "exchange", "prepare", "set"):
            found = self.find_card(a.card) if a.card is not None else None
            if found is None or found[0] != p:
                return IllegalAction("that card is not yours", "LEG 3.2.2")
            card = found[2]
            zone = found[1]
        if a.kind == "discard":
            if zone not in ("hand", "slot") or (zone == "slot" and card.face_up):
                return IllegalAction("only cards in the hand or the Option Slot may be discarded", "LEG 3.2.2.2")
            return None
        if a.kind == "refill":
            if p in self.refilled:
                return IllegalAction("drawing from the Network Sea to 6 is possible only once per turn", "LEG 3.2.2.3")
            return None
        if a.kind == "done":
            return None
        if a.kind == "use":  # LEG 3.2.2.6: Options in the slot whose timing is the Preparation Phase
            return self._check_use(p, a, "preparation")
        if a.kind == "ability":  # LEG 3.2.2.6: abilities used in this phase are used at this step
            return self._check_ability(p, a, "preparation")
        if zone != "hand":
            return IllegalAction("that card is not in the hand", "LEG 3.2.2")
        d = card.defn
        if a.kind == "exchange":
            if not (d.is_digimon and d.level == 3):
                return IllegalAction("only a Level III Digimon can be exchanged in", "LEG 3.2.2.4")
            if side.exchange:
                return IllegalAction("a Level III exchange is already prepared", "LEG 3.2.2.4")
            if not side.box:
                return IllegalAction("there is no Level III in the Digimon Box to exchange", "LEG 3.2.2.4")
            return None
        if a.kind == "prepare":
            if not d.is_digimon:
                return IllegalAction("only a Digimon card can be placed in the Evolution Box", "LEG 3.2.2.5")
            below = side.evolution[-1] if side.evolution else side.top
            named_same_level = below is not None and below.name in d.digivolves_from and below.defn.level == d.level
            if (below is None or NEXT_LEVEL.get(below.defn.level) != d.level) and not named_same_level:
                was = "nothing" if below is None else f"Level {below.defn.level}"
                levels = {d.level, below.defn.level if below is not None else None}
                if levels & {"hybrid", "d-reaper"}:
                    return IllegalAction(f"{d.name} ({d.level}) and {was}: a special level is no one's next level", "LEG 3.2.3.9.3")
                if "reaper" in levels:
                    return IllegalAction(f"{d.name} ({d.level}) and {was}: a Reaper has no level", "LEG 3.3.2")
                return IllegalAction(f"{d.name} (Level {d.level}) is not the next level after {was}", "LEG 3.2.3.9")
            if len(side.network) < d.requirement:
                return IllegalAction(f"the Network Sea has {len(side.network)} cards; {d.requirement} are needed for the Power Box",
                                     "LEG 3.2.2.1.1")
            if d.jogress and self._jogress_card(p, d, card) is None:
                return IllegalAction(f"Jogress: one of {' ⇔ '.join(d.jogress)} must be in the Digimon Box and the other's "
                                     "card in your hand", "LEG 3.2.2.1.3")
            if d.opt and self._opt_card(p, d) is None:
                return IllegalAction(f"Opt digivolution: {d.opt} must be in your hand or Option Slot", "LEG 3.2.2.1.2")
            return None
        if a.kind == "set":
            if d.is_digimon:
                return IllegalAction("only Option cards are set in the Option Slot", "LEG 3.2.2.7")
            if d.slot is not None and a.option != d.slot:
                return IllegalAction(f"{d.name} must be placed in slot {d.slot}", "LEG 3.4.4.3")
            if a.option not in range(1, len(side.slots) + 1) or side.slots[a.option - 1] is not None:
                return IllegalAction("that Option Slot is not free", "LEG 3.2.2.7")
            return None
        return IllegalAction(f"{a.kind} is not a Preparation Phase step", "LEG 3.2.2")

    def _do_prep(self, p: int, a: Action) -> None:
        side = self.players[p]
        self.prep_step[p] = PREP_STEPS[a.kind]
        if a.kind == "discard":
            owner, zone, card = self.find_card(a.card)
            if zone == "hand":
                side.hand.remove(card)
            else:
                side.slots[side.slots.index(card)] = None
            self._to_darkness(p, [card], "LEG 3.2.2.2", f"discarded from the {'hand' if zone == 'hand' else 'Option Slot'}")
        elif a.kind == "refill":
            self.refilled.add(p)
            self.emit("refill", "LEG 3.2.2.3", p, cards=self._draw(p, HAND_MAX - len(side.hand)), hand=len(side.hand))
        elif a.kind == "exchange":
            card = self._take(side.hand, a.card)
            card.face_up = False
            side.exchange.append(card)
            self.emit("exchange_prepared", "LEG 3.2.2.4", p)
        elif a.kind == "prepare":
            card = self._take(side.hand, a.card)
            card.face_up = False
            other = self._jogress_card(p, card.defn, card) if card.defn.jogress else None  # before it is placed
            side.evolution.append(card)
            power = [side.network.pop(0) for _ in range(card.defn.requirement)]
            if other is not None:
                side.hand.remove(other)
                power.append(other)
                self.emit("jogress", "LEG 3.2.2.1.3", p, card=card.name, partner=other.name)
            if card.defn.opt:
                option = self._opt_card(p, card.defn)
                zone = "hand" if option in side.hand else "slot"
                self._slot_out(p, option) if zone == "slot" else side.hand.remove(option)
                power.append(option)
                self.emit("opt", "LEG 3.2.2.1.2", p, card=card.name, option=option.name, zone=zone)
            for c in power:
                c.face_up = False  # LEG 3.2.2.1.1: nobody looks at them
            side.power.extend(power)
            self.emit("prepare", "LEG 3.2.2.5", p, level=card.defn.level, power=len(power))
        elif a.kind == "set":
            card = self._take(side.hand, a.card)
            card.face_up = False
            if card.defn.set_face_up:
                # LEG 3.4.4.4: set face up now; its effect activates in the phase of its activation timing.
                card.face_up = True
                self.waiting.add(card.uid)
                side.slots[a.option - 1] = card
                self.emit("set", "LEG 3.4.4.4", p, slot=a.option, card=card.name, face_up=True)
                return
            # LEG 3.4.4.1: a second copy of an "only 1" card may be set; the limit is on using it.
            again = card.defn.only_one and any(c is not None and c.name == card.name for c in side.slots)
            side.slots[a.option - 1] = card
            self.emit("set", "LEG 3.4.4.1" if again else "LEG 3.2.2.7", p, slot=a.option)

    def _jogress_card(self, p: int, d: LegacyCardDef, card: Card) -> Card | None:
        """The card of the other Digimon of ``d``'s Jogress team in ``p``'s hand, when one of the team is
        in the Digimon Box (or is the card it digivolves from in the Evolution Box) (LEG 3.2.2.1.3)."""
        side = self.players[p]
        below = side.evolution[-1] if side.evolution else side.top
        if below is None or below.name not in d.jogress:
            return None
        other = d.jogress[1] if below.name == d.jogress[0] else d.jogress[0]
        return next((c for c in side.hand if c.name == other and c is not card), None)

    def _opt_card(self, p: int, d: LegacyCardDef) -> Card | None:
        """The "Win Rate" Option an Opt digivolution needs, from the hand or else the Option Slot (LEG 3.2.2.1.2)."""
        side = self.players[p]
        return next((c for c in side.hand + [c for c in side.slots if c is not None and not c.face_up]
                     if c.name == d.opt), None)

    def _activate_waiting(self, phase: str) -> None:
        """The effects of "face up~" Options set face up, as the phase of their activation timing starts
        (LEG 3.4.4.4): activating the effect is applying it, the card already being face up (LEG 3.4.5.2)."""
        for p in (self.second_player, self.first_player):
            for card in [c for c in self.players[p].slots if c is not None and c.uid in self.waiting]:
                if phase in card.defn.timing and self.top(p) is not None and self.top(1 - p) is not None:
                    self.waiting.discard(card.uid)
                    self.emit("effect_activated", "LEG 3.4.5.2", p, card=card.name, phase=phase)
                    self._resolve(p, card.defn.effect, card.name, "LEG 3.4.4.4", until=card.defn.limit)

    def _pay(self, p: int, card: Card, when: str, ref: str) -> None:
        """Pay the part of ``card``'s cost due ``when`` ("face_up" or "effect", LEG 3.3.5)."""
        cost = (card.defn.cost or {}).get(when)
        if not cost:
            return
        if "points" in cost:
            self._lose_points(p, cost["points"], ref, event="cost_paid", card=card.name, when=when)
            return
        side = self.players[p]
        paid = side.network[:cost["network"]]
        del side.network[:len(paid)]
        self._to_darkness(p, paid, ref, "paid as the cost of an Option card")
        self.emit("cost_paid", ref, p, card=card.name, when=when, network=len(paid))

    # -- Digivolution Phase (LEG 3.2.3) -------------------------------------------------
    def _phase_digivolution(self):
        for p in (self.first_player, self.second_player):
            side = self.players[p]
            for card in side.box:
                if not card.face_up:
                    card.face_up = True  # LEG 3.2.3.1: the partner is turned face up now
                    self.emit("reveal", "LEG 3.2.3.1", p, card=card.name)
            if side.exchange:
                new = side.exchange.pop()
                new.face_up = True
                old = side.box.pop(0) if side.box else None
                side.box.insert(0, new)
                self.emit("exchange", "LEG 3.2.3.2", p, old=old.name if old else None, new=new.name)
                if old is not None:
                    self._to_darkness(p, [old], "LEG 3.2.3.4", "the exchanged Level III")
            if not side.evolution:
                continue
            if p == self.second_player:
                # LEG 3.2.3.3: only the second player decides, after seeing the first player's digivolution;
                # it is all the prepared levels or none (LEG 3.2.3.9.1).
                action = yield Decision(p, "digivolve", [Action("digivolve"), Action("decline")])
                if action.kind == "decline":
                    self.emit("decline", "LEG 3.2.3.3", p)
                    self._to_darkness(p, side.evolution + side.power, "LEG 3.2.3.4", "no digivolution was made")
                    side.evolution, side.power = [], []
                    continue
            ref = "LEG 3.2.3.1" if p == self.first_player else "LEG 3.2.3.3"
            for i, card in enumerate(side.evolution):
                previous = side.top
                if card.defn.digivolve_cost:
                    need = card.defn.digivolve_cost
                    if len(side.hand) < need:
                        # LEG 3.2.3.6: the requirement is not met partway; it stops at the stage before.
                        self.emit("digivolution_stopped", "LEG 3.2.3.6", p, card=card.name,
                                  at=previous.name if previous else None, hand=len(side.hand), needed=need)
                        self._to_darkness(p, side.evolution[i:], "LEG 3.2.3.6", "no digivolution was made")
                        side.evolution = side.evolution[:i]
                        break
                    self.stage = "digivolve_cost"
                    for _ in range(need):
                        action = yield Decision(p, "digivolve_cost", [Action("discard", c.uid) for c in side.hand],
                                                f"{card.name}: send a card from your hand to the Land of Darkness")
                        self._to_darkness(p, [self._take(side.hand, action.card)], "LEG 3.2.3.6",
                                          "sent from the hand as digivolution requirement")
                    self.stage = ""
                card.face_up = True
                side.box.append(card)
                self.emit("digivolve", ref, p, card=card.name, level=card.defn.level,
                          previous=previous.name if previous else None)
                if previous is not None and previous.defn.level == card.defn.level:
                    # LEG 3.2.3.9.2: a special requirement naming the Digimon allows the same level.
                    self.emit("same_level", "LEG 3.2.3.9.2", p, card=card.name, previous=previous.name)
                if previous is not None and previous.defn.level != 3:
                    side.box.remove(previous)
                    self._to_darkness(p, [previous], "LEG 3.2.3.5", "the Digimon before the digivolution")
                if card.defn.on_digivolve and self.special(p, "on_digivolve"):
                    # At once, even partway through a digivolution of several levels (LEG 3.5.5, LEG 3.5.9).
                    yield from self._on_digivolve(p, card)
            if len(side.evolution) > 1:
                # LEG 3.2.3.9.1: several levels in one turn, all of them (no stopping partway).
                self.emit("several_levels", "LEG 3.2.3.9.1", p, cards=" → ".join(c.name for c in side.evolution),
                          levels=len(side.evolution))
            # Reading: 002 sends the Power Box to the Land of Darkness when no digivolution was made
            # (LEG 3.2.3.4) and says nothing of the used cards; they have met the requirement and go there too.
            self._to_darkness(p, side.power, "LEG 3.2.2.1.1", "the cards that met the digivolution requirement")
            side.evolution, side.power = [], []
        # LEG 3.2.3.8: special abilities can be used in this phase, once the digivolutions are made.
        self.stage = "abilities"
        for p in (self.first_player, self.second_player):
            opened = False
            while True:
                actions = self._legal(p, [Action("ability", c.uid) for c in self.players[p].box] + [Action("pass")])
                if actions == [Action("pass")] and not opened:
                    break
                opened = True
                action = yield Decision(p, "digivolution_abilities", actions)
                if action.kind == "pass":
                    self.emit("pass", "LEG 3.2.3.8", p)
                    break
                yield from self._act(p, action)

    def _on_digivolve(self, p: int, card: Card):
        """The ◎ ability of a Digimon digivolved into, as it comes into the box."""
        what = card.defn.on_digivolve
        if "draw" in what:
            # LEG 3.5.9: "you may immediately draw 2 cards from the Network Sea".
            action = yield Decision(p, "draw_ability", [Action("draw"), Action("decline")],
                                    f"{card.name}: draw {what['draw']} cards from the Network Sea?")
            if action.kind == "draw":
                self.emit("ability_draw", "LEG 3.5.9", p, card=card.name, cards=self._draw(p, what["draw"]))
            return
        # LEG 3.5.5: the opponent's card of that name goes; one played after this Digimon came stays.
        opp = self.players[1 - p]
        gone = [c for c in opp.slots if c is not None and c.name == what["opponent_option"]]
        for c in gone:
            self._slot_out(1 - p, c)
        self._to_darkness(1 - p, gone, "LEG 3.5.5", "sent by the ability of the Digimon digivolved into")

    # -- Battle Phase (LEG 3.2.4) -----------------------------------------------------
    def _phase_battle(self):
        # LEG 3.3.4.3: "at the start of the battle~" effects and abilities, second player then first player,
        # before the Battle Phase proper begins.
        for p in (self.second_player, self.first_player):
            if self.top(p) is not None and self.top(1 - p) is not None and self.special(p, "battle_start"):
                self.emit("battle_start_effect", "LEG 3.3.4.3", p, card=self.top(p).name)
                self._resolve(p, self.top(p).defn.battle_start, self.top(p).name, "LEG 3.3.4.3", until="phase",
                              origin="ability")
        # LEG 3.2.4.4.1: the second player checks first, then the first player.
        for p in (self.second_player, self.first_player):
            if self.top(p) is None or self.top(1 - p) is None:
                continue
            if self.nullified(p):
                self.emit("abilities_nullified", "LEG 3.5.1", p, card=self.top(p).name, nullifier=self.top(1 - p).name)
            elif self.top(1 - p).defn.nullify_abilities:
                self.emit("abilities_kept", "LEG 3.4.2.4", p, card=self.top(p).name, against=self.top(1 - p).name)
            if self._technique_zero(p):
                self.emit("technique_zero", "LEG 3.2.4.1.1", 1 - p, letter=self.technique(p),
                          by_technique=self.top(p).defn.battle_type)
            elif self.top(p).defn.not_zeroed and dict(self.top(1 - p).defn.zeroes).get(self.top(p).defn.battle_type) == self.technique(p):
                # LEG 3.3.3.3: the card's own text without ◎ keeps its letter; it is no special ability, so nullifying leaves it.
                self.emit("not_zeroed", "LEG 3.3.3.3" if self.nullified(p) else "LEG 3.2.4.1.1", p,
                          card=self.top(p).name, letter=self.technique(p))
            if self.special(1 - p, "halve_opponent"):
                if self.special(p, "no_modification"):
                    self.emit("not_halved", "LEG 3.5.6", p, card=self.top(p).name)
                else:
                    self.emit("halved", "LEG 3.5.4", p, by=self.top(1 - p).name)
            # LEG 3.2.4.1: the opponent's battle type names the technique (letter) this Digimon uses.
            self.emit("technique", "LEG 3.2.4.1", p, letter=self.technique(p), opponent=self.top(1 - p).name)
            # LEG 3.4.8.1: the number printed for that letter is the base attack value.
            self.emit("base_attack", "LEG 3.4.8.1", p, card=self.top(p).name, technique=self.technique(p),
                      value=self.top(p).defn.attack_for(self.technique(p)))
            self.emit("attack_value", "LEG 3.2.4.4.1", p, technique=self.technique(p), value=self.attack(p))
        # LEG 3.2.4.4.2 - LEG 3.2.4.4.4: second player first, alternating until both have nothing more.
        actor = self._resume.pop("to_act", self.second_player)
        passes = 1 if self._resume.pop("passed", False) else 0  # a set-up position: the other player just passed
        self.stage = "act"
        while passes < 2:
            # Passing is always a decision here, even with nothing left to use: it is what hands the
            # turn to act over (LEG 3.2.4.4.2 - LEG 3.2.4.4.3).
            action = yield Decision(actor, "battle", self._legal(actor, self._battle_candidates(actor)))
            if action.kind == "pass":
                ref = "LEG 3.2.4.4.2" if actor == self.second_player else "LEG 3.2.4.4.3"
                self.emit("pass", ref, actor)
                passes += 1
                actor = 1 - actor
                continue
            passes = 0
            yield from self._act(actor, action)
        self.emit("battle_end", "LEG 3.2.4.4.4", None)
        self.final_attack = [self.attack(0), self.attack(1)]
        self.battled = True

    def _battle_candidates(self, p: int) -> list[Action]:
        side = self.players[p]
        acts = [Action("use", c.uid) for c in self._usable(p)]
        acts += [Action("support", c.uid) for c in side.hand]
        acts += [Action("ability", c.uid) for c in side.box]
        acts.append(Action("pass"))
        return acts

    def _check_use(self, p: int, a: Action, phase: str, response: bool = False) -> IllegalAction | None:
        found = self.find_card(a.card) if a.card is not None else None
        if found is None or found[0] != p:
            return IllegalAction("that card is not yours", "LEG 3.2.4.2")
        _, zone, card = found
        d = card.defn
        if d.is_digimon:
            return IllegalAction("a Digimon card is not used like an Option card", "LEG 3.2.4.2")
        if zone != "slot" and not (zone == "hand" and not d.needs_slot):
            return IllegalAction("Option cards are used from the Option Slot", "LEG 3.2.2.7")
        if zone == "slot" and card.face_up:
            return IllegalAction("that card has already been turned face up", "LEG 3.4.5.4")
        if phase not in d.timing:
            return IllegalAction(f"{d.name} is used in the {'/'.join(d.timing)} phase, not now", "LEG 3.4.5")
        if d.levels and (self.top(p) is None or self.top(p).defn.level not in d.levels):
            return IllegalAction(f"{d.name} can be used only while your Digimon is {'/'.join(map(str, d.levels))}", "LEG 3.3.6.1")
        if response and not d.before_effect:
            return IllegalAction("only a card that says \"before the effect takes effect\" can be used before the "
                                 "opponent's card has taken effect", "LEG 3.2.4.2")
        if d.nullifies_category is not None and (self.pending is None or self.pending.defn.category != d.nullifies_category):
            return IllegalAction(f"{d.name} reaches only Option cards of the category {d.nullifies_category}; the card "
                                 "it would answer is not one (nothing printed there is category none)", "LEG 3.4.6")
        return None

    def _check_support(self, p: int, a: Action) -> IllegalAction | None:
        found = self.find_card(a.card) if a.card is not None else None
        if found is None or found[0] != p or found[1] != "hand":
            return IllegalAction("a support Digimon comes from your hand", "LEG 3.2.4.3.1")
        d = found[2].defn
        if not d.is_digimon or d.support is None:
            return IllegalAction(f"{d.name} has no ■ support ability", "LEG 3.2.4.3.1")
        side = self.players[p]
        if p in self.supported:
            return IllegalAction("a support ability can be used only once per turn", "LEG 3.2.4.3.3")
        if side.support:
            return IllegalAction("only one support Digimon at a time can be in the Support Box", "LEG 3.4.3.1")
        cond = d.support["condition"]
        if "points_at_most" in cond and side.points > cond["points_at_most"]:
            return IllegalAction(f"its condition is {cond['points_at_most']} points or fewer", "LEG 3.4.3.6")
        if "points_at_least" in cond and side.points < cond["points_at_least"]:
            return IllegalAction(f"its condition is {cond['points_at_least']} points or more", "LEG 3.4.3.6")
        if any(c.defn.card_no == d.card_no for c in side.box):
            return IllegalAction("you cannot have Digimon with the same card No. on the game board", "LEG 3.4.3.4")
        return None

    def _check_ability(self, p: int, a: Action, phase: str) -> IllegalAction | None:
        found = self.find_card(a.card) if a.card is not None else None
        if found is None or found[0] != p or found[1] != "box":
            return IllegalAction("only a Digimon in your Digimon Box uses a special ability", "LEG 3.2.4.2")
        card = found[2]
        if card is not self.top(p):
            if card.defn.level == 3:
                return IllegalAction("a Level III uses its abilities only while on top of the Digimon Box", "LEG 3.4.2.3")
            return IllegalAction("only the battling Digimon uses its abilities", "LEG 3.4.2.2")
        if card.defn.ability is None or card.defn.ability["timing"] != phase:
            return IllegalAction(f"{card.name} has no ◎ ability to use now", ABILITY_REFS[phase])
        if self.nullified(p):
            return IllegalAction(f"{card.name}'s special abilities are nullified by {self.top(1 - p).name}", "LEG 3.5.1")
        if (p, phase) in self.abilities_used:
            return IllegalAction("that ability has been used in this phase", "LEG 3.4.2.1")
        return None

    def _act(self, p: int, a: Action):
        """Use an Option card, a support ability or a special ability in the Battle Phase."""
        side = self.players[p]
        if a.kind == "support":
            card = self._take(side.hand, a.card)
            card.face_up = True
            side.support.append(card)
            self.supported.add(p)
            self.emit("support", "LEG 3.2.4.3.1", p, card=card.name)
            if card.defn.level in ("d-reaper", "reaper"):
                # LEG 3.3.1: a D-Reaper or Reaper card is a Digimon card, so it can be a support Digimon.
                self.emit("counts_as_digimon", "LEG 3.3.1", p, card=card.name, level=card.defn.level)
            if self._board_bonus_from(p) == "support":
                self.emit("board_bonus", "LEG 3.4.3.8", p, card=self.top(p).name, on_board=card.name,
                          add=self.top(p).defn.board_bonus["add"], attack=self.attack(p))
            if not self._support_target_ok(p, card.defn.support["target"]):
                self.emit("support_no_effect", "LEG 3.4.3.7", p, card=card.name, target=self.top(p).name if self.top(p) else None)
                return
            if self.nullified(p) or (card.defn.support["effect"]["target"] == "opponent"
                                     and self.special(1 - p, "ignores_options")):
                # LEG 3.2.4.3.4: a support ability is neither a special ability nor an Option card, so neither
                # "special abilities nullified" nor "not affected by the opponent's Option cards" stops it.
                self.emit("support_unaffected", "LEG 3.2.4.3.4", p, card=card.name, against=self.top(1 - p).name)
            top = self.top(p).defn
            if "field" in card.defn.support["target"] and top.field is None:
                self.emit("field_by_background", "LEG 3.3.8", p, card=top.name, background=top.background, support_card=card.name)
            self._resolve(p, card.defn.support["effect"], card.name, "LEG 3.2.4.3.1", until="phase", origin="support")
            return
        if a.kind == "ability":
            card = self.top(p)
            self.abilities_used.add((p, self.phase))
            self.emit("ability", ABILITY_REFS[self.phase], p, card=card.name)
            self._resolve(p, card.defn.ability["effect"], card.name, "LEG 3.4.2.1", until="phase", origin="ability")
            return
        yield from self._use_option(p, a)

    def _board_bonus_from(self, p: int) -> str | None:
        """Where the card ``p``'s ◎ board bonus names is on ``p``'s game board ("box" or "support"), if it is;
        a Digimon in the Support Box counts as one on the game board (LEG 3.4.3.8)."""
        if not self.special(p, "board_bonus"):
            return None
        side, wanted = self.players[p], self.top(p).defn.board_bonus["name"]
        if any(c.name == wanted for c in side.box if c is not side.top):
            return "box"
        return "support" if any(c.name == wanted for c in side.support) else None

    def _support_target_ok(self, p: int, target: dict) -> bool:
        top = self.top(p)
        if top is None:
            return False
        d = top.defn
        checks = {"name": d.name, "level": d.level, "battle_type": d.battle_type, "field": self._field(d)}
        return all(checks[k] == v for k, v in target.items())

    @staticmethod
    def _field(d: LegacyCardDef) -> str | None:
        """The field a Digimon belongs to: its field icon, or with none, the field its background shows (LEG 3.3.8)."""
        return d.field if d.field is not None else d.background

    def _usable(self, p: int) -> list[Card]:
        """Option cards ``p`` might use: those in the Option Slot, and those in the hand that need
        no slot (LEG 3.2.2.7: "most" Option cards need one)."""
        side = self.players[p]
        return [c for c in side.slots if c is not None] + [c for c in side.hand if not c.defn.needs_slot]

    def _use_option(self, p: int, a: Action):
        side = self.players[p]
        card = next(c for c in self._usable(p) if c.uid == a.card)
        d = card.defn
        card.face_up = True
        ref = USE_REFS[self.phase]
        self.emit("option_used", ref, p, card=card.name, **({} if card in side.slots else {"from_hand": "LEG 3.2.2.7"}))
        if d.only_one and (p, d.name) in self.used_this_turn:
            # LEG 3.4.5.4: the second copy of an "only 1" card goes at once; LEG 3.4.5.3: its effect is not activated.
            self._slot_out(p, card)
            self._to_darkness(p, [card], "LEG 3.4.5.4", "a second copy of an \"only 1\" card; no effect")
            self.emit("option_void", "LEG 3.4.5.3", p, card=card.name)
            return
        if d.only_one:
            self.used_this_turn.append((p, d.name))
        # LEG 3.4.5.1: turning the card face up is paying the cost its activation timing field names.
        self._pay(p, card, "face_up", "LEG 3.4.5.1")
        if self.phase == "battle" and self.stage == "act":
            opp = 1 - p
            self.pending, self.pending_user = card, p  # what an answer would answer (LEG 3.4.6 asks its category)
            answers = self._legal(opp, [Action("use", c.uid) for c in self._usable(opp)], response=True)
            self.pending, self.pending_user = None, None
            if answers:
                # LEG 3.2.4.5: a "before the effect takes effect" card may answer before this card takes effect.
                self.pending, self.pending_user = card, p
                self.stage = "response"
                action = yield Decision(opp, "response", answers + [Action("pass")])
                self.stage = "act"
                if action.kind != "pass":
                    answer = next(c for c in self._usable(opp) if c.uid == action.card)
                    answer.face_up = True
                    self.emit("response", "LEG 3.2.4.5", opp, card=answer.name, against=card.name)
                    if answer.defn.only_one:
                        self.used_this_turn.append((opp, answer.defn.name))
                    self._resolve(opp, answer.defn.effect, answer.name, "LEG 3.2.4.5", until=answer.defn.limit)
                    self._spent_from_hand(opp, answer)
                self.pending, self.pending_user = None, None
                if card not in side.slots and card not in side.hand:  # nullified
                    if d.cost and "effect" in d.cost:
                        # LEG 3.3.5: nullified before its effect took effect: the effect field's cost is not paid.
                        self.emit("cost_skipped", "LEG 3.3.5", p, card=card.name)
                    return
        self._resolve(p, d.effect, card.name, ref, until=d.limit)
        # LEG 3.3.5: the cost in the effect field is paid as the effect takes effect.
        self._pay(p, card, "effect", "LEG 3.3.5")
        self._spent_from_hand(p, card)

    def _spent_from_hand(self, p: int, card: Card) -> None:
        """Reading: an Option used without a slot has no slot to lie in while its limit runs (LEG 3.3.7);
        002 says no more, so it goes to the Land of Darkness once it has taken effect, and what it
        changed lasts until its limit like any Option's."""
        side = self.players[p]
        if card in side.hand:
            side.hand.remove(card)
            self._to_darkness(p, [card], "LEG 3.2.2.7", "an Option used without a slot, once it has taken effect")

    def _slot_out(self, p: int, card: Card) -> None:
        """Take a used Option out of its slot (or, used without a slot, out of the hand)."""
        side = self.players[p]
        if card in side.hand:
            side.hand.remove(card)
            return
        side.slots[side.slots.index(card)] = None

    def _in_force(self, p: int, effect: dict, source: str, until: str, origin: str, path=None) -> tuple[str, int]:
        """Put ``p``'s effect in force: a change to an attack value (until the end of the phase or
        turn), or an effect on this turn's points; returns (its key, whose value it changes).
        With ``path`` (a set-up position), an effect that acts once and is over is refused."""
        key = next(k for k in effect if k != "target")
        value = effect[key]
        target = p if effect["target"] == "self" else 1 - p
        if key in ("add", "base_add", "multiply", "divide", "zero"):
            self.mods.append(Mod(target, key, value, source, "turn" if until == "turn" else "phase", origin))
        elif key in ("lost_multiply", "once_more", "force_draw"):
            self.battle_effects.append((target, key, value, source))
        elif path is not None:
            raise SetupError(path, f"{source}'s effect ({key}) takes effect at once; nothing of it stays in force")
        return key, target

    def _option_shield(self, p: int, effect: dict) -> tuple[bool, str] | None:
        """Whether the opponent's ◎ "not affected by the effects of the opponent's Option cards" keeps
        ``p``'s Option ``effect`` off (True) or not (False), with the clause deciding it (LEG 3.5.2)."""
        owner = 1 - p
        if not self.special(owner, "ignores_options"):
            return None
        key = next(k for k in effect if k != "target")
        if key == "force_draw":  # a card reaching both players: kept off when the opponent uses it
            return True, "LEG 3.5.2.4"
        if key == "nullify":
            if self.pending is None or self.pending_user != owner:
                return None
            used = self.pending.defn.effect
            if "force_draw" in used:  # the owner's card reaching both: the nullifying card is kept off
                return True, "LEG 3.5.2.4"
            # Used on the opponent, the nullifying card counts as on the opponent's own board and works;
            # used on the owner's own side, it reaches the owner and is kept off.
            return used["target"] == "self", "LEG 3.5.2.3"
        if effect["target"] == "opponent":  # it reaches the owner's Digimon, board or hand
            return True, "LEG 3.5.2.1"
        return False, "LEG 3.5.2.2"  # the opponent's card on their own side

    def _resolve(self, p: int, effect: dict, source: str, ref: str, until: str, origin: str = "option") -> None:
        """Apply one effect (an Option card, a support ability or a special ability) at once."""
        shield = self._option_shield(p, effect) if origin == "option" else None
        if shield is not None:
            kept_off, shield_ref = shield
            self.emit("option_ignored" if kept_off else "option_not_ignored", shield_ref, 1 - p, card=source,
                      owner_card=self.top(1 - p).name)
            if kept_off:
                return
        key, target = self._in_force(p, effect, source, until, origin)
        value = effect[key]
        if key in ("add", "base_add", "multiply", "divide", "zero"):
            mref = MOD_REFS["zero_all"] if (key == "zero" and value == "all") else MOD_REFS[key]
            immune = self.special(target, "no_modification")
            if immune and not (key == "zero" and value != "all"):
                self.emit("not_modified", "LEG 3.5.6", target, card=source, effect=f"{key} {value}")
            self.emit("attack_mod", mref, target, card=source, effect=f"{key} {value}", attack=self.attack(target))
            both = {m.kind for m in self.mods if m.target == target} >= {"add"} and \
                bool({m.kind for m in self.mods if m.target == target} & {"multiply", "divide"})
            if key in ("add", "multiply", "divide") and both and not immune:
                # LEG 3.2.4.1.2: with both in force, the multiplication (division) is made before the addition.
                self.emit("multiply_first", "LEG 3.2.4.1.2", target, card=source, attack=self.attack(target))
            if key == "add" and not immune and self.attack(target, floor=False) < 0:
                # LEG 3.4.8.6: the subtractions would take it below 0; it stays at 0.
                self.emit("attack_floored", "LEG 3.4.8.6", target, card=source, attack=self.attack(target))
        elif key == "direct":
            self.emit("direct_attack", "LEG 3.4.7", target, card=source, amount=value)
            doubling = [e for e in self.battle_effects if e[1] == "lost_multiply" and e[0] == target]
            if doubling:
                # LEG 3.4.8.8: "double the Lost Points" cannot be used on a direct attack.
                self.emit("not_doubled", "LEG 3.4.8.8", target, card=source, by_card=doubling[-1][3])
            self._lose_points(target, value, "LEG 3.4.7", card=source)
        elif key in ("lost_multiply", "once_more", "force_draw"):
            ref2 = {"lost_multiply": "LEG 3.4.8.2", "once_more": "LEG 3.4.8.7", "force_draw": "LEG 3.5.3"}[key]
            self.emit(key, ref2, target, card=source, value=value)
        elif key == "nullify":
            pending = self.pending
            if pending is not None and self.pending_user == target:
                self._slot_out(target, pending)
                self._to_darkness(target, [pending], "LEG 3.2.4.5", "nullified before its effect took effect")
                self.emit("nullified", "LEG 3.2.4.5", target, card=pending.name, by=source)
        self.emit("resolved", ref, p, card=source, attack_p1=self.attack(0), attack_p2=self.attack(1))

    # -- Point Calculation Phase (LEG 3.2.5) --------------------------------------------
    def _phase_point(self):
        fp, sp = self.first_player, self.second_player
        if not self.battled:  # a position set up at this phase: no Battle Phase effects
            self.final_attack = [self.attack(0), self.attack(1)]
        # LEG 3.2.5.1: compare the final attack values of the Battle Phase.
        a0, a1 = self.final_attack
        self.result = "draw" if a0 == a1 else (0 if a0 > a1 else 1)
        forced = [e for e in self.battle_effects if e[1] == "force_draw"]
        if forced and self.result != "draw":
            immune = [p for p in (0, 1) if self.special(p, "draw_immune")]
            if immune:
                # LEG 3.5.3: not affected by effects that make the battle a draw.
                self.emit("draw_ignored", "LEG 3.5.3", immune[0], card=self.top(immune[0]).name)
            else:
                self.result = "draw"
                self.emit("forced_draw", "LEG 3.5.3", None, card=forced[-1][3])
        self.emit("battle_result", "LEG 3.2.5.1", None if self.result == "draw" else self.result,
                  result="draw" if self.result == "draw" else f"p{self.result + 1} wins",
                  attack_p1=a0, attack_p2=a1)
        # LEG 3.2.5.2: Options, first player first; no second round for the first player.
        self.stage = "options"
        for p in (fp, sp):
            yield from self._point_window(p, "options")
        # LEG 3.2.5.3: the loser loses its own card's Lost Points for the winner's level.
        self.stage = "points"
        if self.result != "draw":
            winner, loser = self.result, 1 - self.result
            lost_card, win_card = self.top(loser), self.top(winner)
            printed = lost_card.defn.lost_for(win_card.defn.level)
            mults = [e for e in self.battle_effects if e[1] == "lost_multiply" and e[0] == loser]
            # LEG 3.4.8.2 - LEG 3.4.8.3: a multiplication of the Lost Points works on the printed value; the last counts.
            factor = mults[-1][2] if mults else 1
            amount = printed * factor
            self._lose_points(loser, amount, "LEG 3.2.5.3", card=lost_card.name, winner_level=win_card.defn.level,
                              printed=printed, factor=factor)
            for effect in [e for e in self.battle_effects if e[1] == "once_more" and e[0] == loser]:
                # LEG 3.4.8.7: after the normal calculation, the calculation is made once more (not a direct attack).
                self._lose_points(loser, amount, "LEG 3.4.8.7", event="once_more_points", card=effect[3])
        # LEG 3.2.5.4: abilities, first player first; no second round for the first player.
        self.stage = "abilities"
        for p in (fp, sp):
            yield from self._point_window(p, "abilities")
        # LEG 3.2.5.5: the defeated Digimon (not a Level III), support Digimon (LEG 3.4.3.3), then the death check.
        self.stage = "death_check"
        if self.result != "draw":
            loser = 1 - self.result
            side = self.players[loser]
            if side.top is not None and side.top.defn.level != 3:
                gone = side.box.pop()
                self._to_darkness(loser, [gone], "LEG 3.2.5.5", "the Digimon that lost")
                ended = [m for m in self.mods if m.origin == "ability" and m.source == gone.name]
                if ended:
                    # LEG 3.4.2.2: an ability changing an attack value ends the moment its owner leaves the box.
                    self.mods = [m for m in self.mods if m not in ended]
                    self.emit("effects_end", "LEG 3.4.2.2", loser, phase=self.phase, origin="ability", cards=gone.name)
        for p in (0, 1):
            side = self.players[p]
            if side.support:
                self._to_darkness(p, side.support, "LEG 3.4.3.3", "support Digimon at the death check")
                side.support = []
        for p in (fp, sp):
            side = self.players[p]
            refreshed = not side.network
            if refreshed:
                rest = [c for c in side.box if c.defn.level != 3]
                for c in rest:
                    side.box.remove(c)
                self._to_darkness(p, rest, "LEG 3.2.5.5", "the Network Sea has run out")
                side.network = side.darkness
                side.darkness = []
                for c in side.network:
                    c.face_up = False
                self.rng.shuffle(side.network)
            self.emit("death_check", "LEG 3.2.5.5", p, network_refreshed=refreshed, network=len(side.network))
        # LEG 3.2.5.6: the battle's winner goes first next; a draw keeps the order.
        if self.result != "draw":
            self.first_player = self.result
        self.emit("first_player", "LEG 3.2.5.6", self.first_player, kept=self.result == "draw")

    def _point_window(self, p: int, what: str):
        # Reading: a player with nothing they could use gets no window; a window once opened lasts until
        # the player passes, as in the Battle Phase.
        self.acted_in_point[what].add(p)
        opened = False
        while True:
            cands = ([Action("use", c.uid) for c in self._usable(p)] if what == "options"
                     else [Action("ability", c.uid) for c in self.players[p].box])
            actions = self._legal(p, cands + [Action("pass")])
            if actions == [Action("pass")] and not opened:
                return
            opened = True
            kind = "point_options" if what == "options" else "point_abilities"
            action = yield Decision(p, kind, actions)
            if action.kind == "pass":
                self.emit("pass", "LEG 3.2.5.2" if what == "options" else "LEG 3.2.5.4", p)
                return
            yield from self._act(p, action)

    # -- ends of phases and turns ----------------------------------------------------------
    def _end_of_phase(self, phase: str) -> None:
        # LEG 3.3.7: an Option with no written limit goes to the Land of Darkness at the end of its phase;
        # LEG 3.4.2.1 / LEG 3.4.3.2: special and support abilities last only for the phase.
        for p, side in enumerate(self.players):
            spent = [c for c in side.slots
                     if c is not None and c.face_up and c.defn.limit != "turn" and c.uid not in self.waiting]
            for c in spent:
                self._slot_out(p, c)
            self._to_darkness(p, spent, "LEG 3.3.7", f"used Option cards at the end of the {phase} phase")
        ending = [m for m in self.mods if m.until == "phase"]
        for origin, ref in (("option", "LEG 3.3.7"), ("ability", "LEG 3.4.2.1"), ("support", "LEG 3.4.3.2")):
            sources = sorted({m.source for m in ending if m.origin == origin})
            if sources:
                self.emit("effects_end", ref, None, phase=phase, origin=origin, cards=", ".join(sources))
        self.mods = [m for m in self.mods if m.until != "phase"]

    def _end_of_turn(self) -> None:
        for p, side in enumerate(self.players):
            spent = [c for c in side.slots if c is not None and c.face_up and c.uid not in self.waiting]
            for c in spent:
                self._slot_out(p, c)
            self._to_darkness(p, spent, "LEG 3.3.7", "used Option cards at the end of the turn")
            if side.support:  # normally gone at the death check already (LEG 3.4.3.3)
                self._to_darkness(p, side.support, "LEG 3.2.4.3.5", "support Digimon at the end of the turn")
                side.support = []
        self.mods = []
        self.emit("turn_end", "LEG 3.2.5.7", None, turn=self.turn)
        self.battle_effects = []
        self.battled = False
        self.used_this_turn = []
        self.refilled = set()
        self.supported = set()
        self.abilities_used = set()
        self.acted_in_point = {"options": set(), "abilities": set()}

    # -- legality ------------------------------------------------------------------------
    def _legal(self, p: int, candidates: list[Action], response: bool = False) -> list[Action]:
        return [a for a in candidates if self._check(p, a, response=response) is None]

    def _check(self, p: int, a: Action, response: bool = False) -> IllegalAction | None:
        phase = self.phase
        if phase == "setup":
            if a.kind != "partner":
                return IllegalAction("choose your Level III partner first", "LEG 3.2.1.2")
            found = self.find_card(a.card) if a.card is not None else None
            if found is None or found[0] != p or found[1] != "network" or not (found[2].defn.is_digimon and found[2].defn.level == 3):
                return IllegalAction("the partner is a Level III Digimon card from your deck", "LEG 3.2.1.2")
            return None
        if a.kind == "return":
            return IllegalAction("a card set in the Option Slot cannot be returned to the hand", "LEG 3.4.4.2")
        if phase == "preparation":
            return self._check_prep(p, a)
        if phase == "digivolution":
            if a.kind in ("digivolve", "decline", "draw"):
                return None
            if self.stage == "digivolve_cost" and a.kind == "discard":
                found = self.find_card(a.card) if a.card is not None else None
                if found is None or found[0] != p or found[1] != "hand":
                    return IllegalAction("the card is sent from your hand", "LEG 3.2.3.6")
                return None
            if self.stage == "abilities" and a.kind in ("ability", "pass"):
                return None if a.kind == "pass" else self._check_ability(p, a, "digivolution")
            return IllegalAction("only the second player's choice to digivolve is made now", "LEG 3.2.3.3")
        if a.kind == "pass":
            return None
        if phase == "battle":
            if a.kind == "use":
                return self._check_use(p, a, "battle", response=response or self.stage == "response")
            if self.stage == "response" or response:
                return IllegalAction("only a card that says \"before the effect takes effect\" can be used before the "
                                     "opponent's card has taken effect", "LEG 3.2.4.2")
            if a.kind == "support":
                return self._check_support(p, a)
            if a.kind == "ability":
                return self._check_ability(p, a, "battle")
            return IllegalAction(f"{a.kind} is not something to do in the Battle Phase", "LEG 3.2.4")
        if phase == "point":
            if a.kind == "use":
                if self.stage != "options":
                    return IllegalAction("Option cards are used at step 2 of the Point Calculation Phase", "LEG 3.2.5.2")
                return self._check_use(p, a, "point")
            if a.kind == "ability":
                if self.stage != "abilities":
                    return IllegalAction("abilities are used at step 4 of the Point Calculation Phase", "LEG 3.2.5.4")
                return self._check_ability(p, a, "point")
            return IllegalAction(f"{a.kind} is not something to do in the Point Calculation Phase", "LEG 3.2.5")
        return IllegalAction("nothing can be done now", "LEG 3.2")

    def why_illegal(self, action: Action, player: int | None = None) -> IllegalAction:
        """Why ``action`` (by ``player``, default whoever must decide now) is not allowed."""
        if self.is_over or self.decision is None:
            return IllegalAction("the game is over", "LEG 3.2.5.8")
        me = self.decision.player if player is None else player
        if me != self.decision.player:
            return self._not_your_turn(me)
        err = self._check(me, action, response=self.decision.kind == "response")
        if err is not None:
            return err
        return IllegalAction(f"{action} is not possible now ({self.decision.kind})", PHASE_REFS.get(self.phase, "LEG 3.2"))

    def _not_your_turn(self, p: int) -> IllegalAction:
        if self.phase == "battle":
            if self.stage == "response":
                return IllegalAction("the opponent may answer with a \"before the effect takes effect\" card first",
                                     "LEG 3.2.4.5")
            if self.decision.player == self.second_player:
                return IllegalAction("the second player uses cards first; the first player waits until they "
                                     "have taken effect and the turn to act passes", "LEG 3.2.4.2")
            return IllegalAction("it is the opponent's turn to act", "LEG 3.2.4.4.3")
        if self.phase == "point":
            if self.stage == "options":
                if p in self.acted_in_point["options"]:
                    return IllegalAction("unlike in the Battle Phase, the first player cannot use Options again after "
                                         "the second player", "LEG 3.2.5.2")
                return IllegalAction("the first player uses Options first", "LEG 3.2.5.2")
            if p in self.acted_in_point["abilities"]:
                return IllegalAction("unlike in the Battle Phase, the first player cannot use abilities again after "
                                     "the second player", "LEG 3.2.5.4")
            return IllegalAction("the first player uses abilities first", "LEG 3.2.5.4")
        if self.phase == "digivolution":
            return IllegalAction("only the second player chooses whether to digivolve", "LEG 3.2.3.3")
        if self.phase == "preparation":
            return IllegalAction("the other player is preparing", "LEG 3.2.2")
        return IllegalAction("the other player must decide now", "LEG 3.2")


# -- random games (self-play, benchmarks) ----------------------------------------------
def random_config(seed: int) -> dict:
    """A new game between two random 30-card decks built from a random card pool."""
    rng = random.Random(seed)
    cards: dict[str, dict] = {}
    base = {3: 300, 4: 400, "perfect": 500, "ultimate": 600}  # LEG 3.2.3.9.4
    lost = {3: (10, 20, 30, 40), 4: (10, 20, 30, 40), "perfect": (10, 10, 20, 30), "ultimate": (10, 10, 10, 20)}
    for level in LEVELS:
        for i in range(4):
            name = f"L{level}-{i}"
            spec = {
                "level": level, "battle_type": rng.choice(TYPES),
                "attack": {t: base[level] + rng.choice((-100, -50, 0, 50, 100)) for t in TYPES},
                "lost_points": dict(zip(("3", "4", "perfect", "ultimate"), lost[level])),
                "requirement": 0 if level == 3 else rng.randint(1, 3),
            }
            roll = rng.random()
            if roll < 0.15:
                spec["zeroes"] = {"C": "A"}
            elif roll < 0.22:
                spec["halve_opponent"] = True
            elif roll < 0.28:
                spec["no_modification"] = True
            elif roll < 0.33:
                spec["draw_immune"] = True
            if rng.random() < 0.3:
                spec["ability"] = {"effect": {"add": 100}, "timing": rng.choice(("battle", "point"))}
            if rng.random() < 0.4:
                spec["support"] = {"condition": rng.choice(({}, {"points_at_most": 60})),
                                   "target": rng.choice(({}, {"battle_type": rng.choice(TYPES)})),
                                   "effect": {"add": rng.choice((100, 200, 400))}}
            cards[name] = spec
    options = {
        "Plus 100": {"effect": {"add": 100}}, "Minus 200": {"effect": {"add": -200, "target": "opponent"}},
        "Base Plus 100": {"effect": {"base_add": 100}}, "Double": {"effect": {"multiply": 2}},
        "Triple": {"effect": {"multiply": 3}, "only_one": True}, "Halve Them": {"effect": {"divide": 2, "target": "opponent"}},
        "Zero A": {"effect": {"zero": "A"}}, "Zero All": {"effect": {"zero": "all"}, "level": ["perfect", "ultimate"]},
        "Direct 10": {"effect": {"direct": 10}, "slot": 3},
        "Double Lost": {"effect": {"lost_multiply": 2}, "timing": "point"},
        "Once More": {"effect": {"once_more": True}, "timing": "point"},
        "Stop Fighting": {"effect": {"force_draw": True}},
        "Tactics": {"effect": {"nullify": True}, "before_effect": True},
        "Lasting Plus": {"effect": {"add": 50}, "limit": "turn"},
    }
    for name, spec in options.items():
        cards[name] = {"kind": "option", **spec}
    digimon = [n for n in cards if cards[n].get("kind") != "option"]
    opts = list(options)
    players = []
    for _ in range(2):
        deck = [f"L3-{rng.randrange(4)}" for _ in range(3)]
        deck += [rng.choice(digimon) for _ in range(15)]
        deck += [rng.choice(opts) for _ in range(DECK_SIZE - len(deck))]
        rng.shuffle(deck)
        players.append({"deck": deck})
    return {"seed": seed, "cards": cards, "players": players, "phase": "setup"}
