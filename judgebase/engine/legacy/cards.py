"""Legacy cards: the constants of the rules, a card as a scenario defines it, and reading one (LEG 3.2.1, LEG 3.4.8)."""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import cached_property, CardError


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
    "ignore_requirements",  # "ignore digivolution requirements" this turn: no ●/X cards needed (not appearance, LEG 3.2.2.1.7)
    "destroy_slot",  # send N face-down cards in the opponent's Option Slot to the Land of Darkness (LEG 3.5.7)
)
# Who an effect reaches when the card does not say (``target: self|opponent``).
DEFAULT_TARGET = {
    "add": "self", "base_add": "self", "multiply": "self", "divide": "self", "zero": "opponent",
    "direct": "opponent", "lost_multiply": "opponent", "once_more": "opponent", "force_draw": "self", "nullify": "opponent",
    "destroy_slot": "opponent", "ignore_requirements": "self",
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
PREP_STEPS = {"discard": 2, "refill": 3, "exchange": 4, "prepare": 5, "use": 6, "ability": 6, "support": 6, "set": 7, "done": 8}


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
    # Capsule digivolution: the Option card it fuses with, by the Opt procedure (LEG 3.2.2.1.4); no_fusion_from:
    # a species no Digimon used for the fusion may be (LEG 3.2.2.1.4); species: the Digimon's own
    fusion: str | None = None
    no_fusion_from: str | None = None
    species: str | None = None
    # Spirit digivolution: the Spirit (an Option card) placed in the Support Box to digivolve into this Hybrid;
    # with ``appears``, the appearance conditions that Spirit must meet to be placed there (LEG 3.2.2.1.5)
    spirit: str | None = None
    opt: str | None = None  # Opt digivolution: the "Win Rate" Option card to place face down in the Power Box (LEG 3.2.2.1.2)
    digivolve_cost: int = 0  # "send N more cards from your hand to the Land of Darkness" as it is digivolved into (LEG 3.2.3.6)
    # appearance conditions: {points_at_most|points_at_least: N}; once they are ready it comes from the hand
    # straight into the Digimon Box at the start of the battle (LEG 3.2.2.1.6, LEG 3.3.4.1-2)
    appears: dict | None = None
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
    # "digivolution requirements cannot be ignored": information without ◎ or ■, so no special ability; it
    # holds wherever the card's requirements are read, face down in the Evolution Box too (LEG 3.3.3.2)
    requirements_not_ignored: bool = False
    # ◎ "during the battle, for each face-down card in your slots sent to the Land of Darkness by the
    # opponent, immediately reduce the opponent's points by N" (LEG 3.5.7)
    slot_revenge: int = 0
    ignores_options: bool = False  # ◎ "not affected by the effects of the opponent's Option cards" (LEG 3.5.2)
    # ◎ "during the battle, you may discard 1 card from your hand to add the attack C of one Digimon in a
    # neighbouring box to your attack value": a neighbouring box is a Digimon Box, never the Support Box (LEG 3.5.8)
    neighbour_c: bool = False
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
    # "situational" activation condition: {points_at_most|points_at_least: N} on its player's points; turned
    # face up without it, the card waits and its effect activates once the condition is met (LEG 3.3.6.2)
    condition: dict | None = None
    set_face_up: bool = False  # worded "face up~": set face up, its effect activating in its phase (LEG 3.4.4.4)
    category: str | None = None  # "Spirit", "Plug-in", ...; nothing printed is category none, whatever the name (LEG 3.4.6)
    nullifies_category: str | None = None  # a nullifying card that reaches only Option cards of this category (LEG 3.4.6)

    @cached_property
    def is_digimon(self) -> bool:
        """(worked out once: asked of every card in hand each time candidates are listed)"""
        return self.kind == "digimon"

    def attack_for(self, letter: str) -> int:
        return dict(self.attack)[letter]

    def lost_for(self, level) -> int | None:
        """The Lost Points printed for an opponent of ``level``; None when the card prints none for it
        (a Hybrid has no level, LEG 3.3.2, and a card need not print a place for it)."""
        return dict(self.lost_points).get(_level_key(level))

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
    if key == "ignore_requirements" and value is not True:
        raise CardError(f"card {name!r}: {where}.ignore_requirements must be true")
    if key == "destroy_slot" and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
        raise CardError(f"card {name!r}: {where}.destroy_slot must be a whole number of at least 1")
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
        condition = spec.get("condition")
        if condition is not None:
            if not (isinstance(condition, dict) and len(condition) == 1
                    and next(iter(condition)) in ("points_at_most", "points_at_least")
                    and isinstance(next(iter(condition.values())), int)):
                raise CardError(f"card {name!r}: condition is {{points_at_most: N}} or {{points_at_least: N}}")
            condition = dict(condition)
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
            cost=cost, condition=condition, set_face_up=bool(spec.get("set_face_up", False)), category=spec.get("category"),
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
    if sorted(set(lost) - {"hybrid"}) != sorted(map(str, LEVELS)):
        raise CardError(f"card {name!r}: lost_points needs 3, 4, perfect and ultimate (and may give hybrid)")
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
    if "no_fusion_from" in spec and "fusion" not in spec:
        raise CardError(f"card {name!r}: no_fusion_from belongs to a card with a fusion requirement")
    if sum(k in spec for k in ("opt", "fusion", "jogress", "requirement", "spirit")) > 1:
        raise CardError(f"card {name!r}: requirement, jogress, opt, fusion and spirit are each a card's whole requirement")
    if "spirit" in spec and (level != "hybrid" or not isinstance(spec["spirit"], str)):
        raise CardError(f"card {name!r}: spirit names the Spirit card a Hybrid digivolves by (level: hybrid)")
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
    appears = spec.get("appears")
    if appears is not None:
        if not (isinstance(appears, dict) and len(appears) == 1
                and next(iter(appears)) in ("points_at_most", "points_at_least")
                and isinstance(next(iter(appears.values())), int)):
            raise CardError(f"card {name!r}: appears is {{points_at_most: N}} or {{points_at_least: N}}")
        appears = dict(appears)
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
        lost_points=tuple((str(k), int(lost[str(k)])) for k in (*LEVELS, "hybrid") if str(k) in lost),
        requirement=int(spec.get("requirement", 0 if any(k in spec for k in ("jogress", "opt", "fusion", "spirit")) else 1)),
        jogress=jogress, opt=spec.get("opt"), spirit=spec.get("spirit"), fusion=spec.get("fusion"), no_fusion_from=spec.get("no_fusion_from"),
        species=spec.get("species"), digivolve_cost=int(spec.get("digivolve_cost", 0)),
        field=spec.get("field"), background=spec.get("background"),
        board_bonus=board_bonus, appears=appears, digivolves_from=tuple(spec.get("digivolves_from") or ()),
        battle_start=None if spec.get("battle_start") is None else _effect(name, spec["battle_start"], "battle_start"),
        zeroes=tuple(sorted(zeroes.items())), halve_opponent=bool(spec.get("halve_opponent", False)),
        no_modification=bool(spec.get("no_modification", False)), draw_immune=bool(spec.get("draw_immune", False)),
        nullify_abilities=bool(spec.get("nullify_abilities", False)), keeps_abilities=bool(spec.get("keeps_abilities", False)),
        not_zeroed=bool(spec.get("not_zeroed", False)), requirements_not_ignored=bool(spec.get("requirements_not_ignored", False)),
        ignores_options=bool(spec.get("ignores_options", False)), neighbour_c=bool(spec.get("neighbour_c", False)),
        slot_revenge=int(spec.get("slot_revenge", 0)),
        ability=ability, support=support, on_digivolve=on_digivolve,
    )
