"""Card definitions: what a scenario or a deck says a card is.

Scenarios define their cards inline so a ruling never depends on a card
database.  A definition carries the printed information (category, level,
colours, DP, costs, digivolution requirements), keyword effects, and effects
from a small vocabulary (see ``judgebase/scenarios/README.md``), each bound to a
timing icon.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import NamedTuple

from .conditions import TARGETED_STEPS, check_condition, check_targeted

CATEGORIES = ("digimon", "tamer", "option", "digi-egg")
COLOURS = ("red", "blue", "yellow", "green", "black", "purple", "white")

# Keywords a card has as a property (persistent, trigger-type or immediate-type).
PROPERTY_KEYWORDS = {
    "blocker": "CR 16-5",
    "security_attack": "CR 16-4",
    "piercing": "CR 16-7",
    "jamming": "CR 16-9",
    "digisorption": "CR 16-10",
    "reboot": "CR 16-11",
    "retaliation": "CR 16-13",
    "rush": "CR 16-15",
    "decoy": "CR 16-18",
    "armor_purge": "CR 16-19",
    "evade": "CR 16-22",
    "raid": "CR 16-23",
    "alliance": "CR 16-24",
    "barrier": "CR 16-25",
    "fortitude": "CR 16-27",
    "collision": "CR 16-30",
    "vortex": "CR 16-33",
    "iceclad": "CR 16-35",
    "execute": "CR 16-38",
    "progress": "CR 16-39",
    "link_plus": "CR 16-40",
    # Not keywords: card text such as "this Digimon can attack your opponent's Tamers" (CR 1-3-1),
    # and prohibitions ("can't attack", "can't block", "can't be attacked"), which beat any
    # permission (CR 15-1-3).
    "may_attack_tamers": "CR 1-3-1",
    "cannot_attack": "CR 15-1-3",
    "cannot_block": "CR 15-1-3",
    "cannot_be_attacked": "CR 15-1-3",
    # More prohibitions (CR 15-1-3): a Digimon that can't suspend can't attack or block either
    # (CR 11-2-5, 12-1-4); "can't be deleted by effects" (true) or "... by your opponent's effects"
    # (opponent) leaves deletion in battle and by rule processing alone.
    "cannot_suspend": "CR 15-1-3",
    "cannot_digivolve": "CR 15-1-3",
    "cannot_be_deleted_by_effects": "CR 15-1-3",
    # "Isn't affected by your opponent's effects" (CR 15-15-5): opponent, or only the opponent's
    # Digimon / Tamer / Option card effects (CR 15-2-1).
    "unaffected_by": "CR 15-15-5",
}
# Keywords whose value is one of a few words rather than true or a number.
KEYWORD_VALUES = {
    "cannot_be_deleted_by_effects": (True, "opponent"),
    "unaffected_by": ("opponent", "opponent_digimon", "opponent_tamer", "opponent_option"),
}

# Timing icons an effect can be bound to, with the clause that defines each.
TIMINGS = {
    "on_play": "CR 15-16",
    "when_digivolving": "CR 15-16",
    "when_attacking": "CR 15-16",
    "on_deletion": "CR 15-16",
    "end_of_attack": "CR 15-16",
    "when_moving": "CR 15-16",
    "when_blocking": "CR 15-16",
    "when_linking": "CR 15-16",
    "start_of_your_turn": "CR 15-16",
    "end_of_your_turn": "CR 15-16",
    "end_of_opponents_turn": "CR 15-16",
    "main": "CR 15-16",
    "counter": "CR 11-3",
    "security": "CR 15-16-10",
    "your_turn": "CR 15-8-2",  # persistent while it is your turn
    "all_turns": "CR 15-8-2",  # persistent
    "opponents_turn": "CR 15-8-2",  # persistent
    "delay": "CR 16-17",
}
PERSISTENT_TIMINGS = ("your_turn", "all_turns", "opponents_turn")

# Steps an effect can take.  Values are validated in scenarios/schema.json.
STEPS = (
    "draw", "memory", "dp", "delete", "suspend", "unsuspend", "return_to_hand", "play_token",
    "recovery", "de_digivolve", "trash_security", "gain", "blitz", "play_self", "use_main",
    "place_in_battle_area", "security_attack", "digivolve",
)


class CardError(ValueError):
    """A card definition that can't be used; the message says which field."""


@dataclass(frozen=True)
class Requirement:
    """A digivolution requirement: colour(s) and level, or a card name; and the cost."""

    cost: int
    colours: tuple[str, ...] = ()
    level: int | None = None
    name: str | None = None

    def describe(self) -> str:
        if self.name:
            return f"[{self.name}]: cost {self.cost}"
        return f"{'/'.join(self.colours)} Lv.{self.level}: cost {self.cost}"


@dataclass(frozen=True)
class Effect:
    timing: str
    steps: tuple[dict, ...]
    optional: bool = False
    once_per_turn: bool = False
    condition: dict | None = None

    @property
    def persistent(self) -> bool:
        return self.timing in PERSISTENT_TIMINGS


@dataclass(frozen=True)
class CardDef:
    name: str
    category: str
    number: str = ""
    level: int | None = None
    colours: tuple[str, ...] = ()
    dp: int | None = None
    play_cost: int | None = None
    use_cost: int | None = None
    requirements: tuple[Requirement, ...] = ()
    keywords: tuple[tuple[str, object], ...] = ()
    effects: tuple[Effect, ...] = ()
    inherited_keywords: tuple[tuple[str, object], ...] = ()
    inherited: tuple[Effect, ...] = ()
    token: bool = False
    traits: tuple[str, ...] = field(default=())
    # Special ways to play or digivolve (CR 7-2, 7-3, 8-2, 8-3, 8-4, 10, 4-6, 4-19, 16-26).
    dna: tuple[tuple[int, tuple[Requirement, ...]], ...] = ()  # (cost, parts left to right)
    digixros: tuple[int, tuple[str, ...]] | None = None  # (reduction per card, names left to right)
    assembly: tuple[int, int, str] | None = None  # (reduction, exact count, card name)
    burst: tuple[tuple[Requirement, str], ...] = ()  # (requirement, Tamer name to return)
    app_fusion: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (cost, names)
    link: dict | None = None  # {cost, requirement: Requirement, dp, keywords}
    option_side: dict | None = None  # DUAL card: {use_cost, colours, effects}
    overflow: int | None = None  # ACE: memory lost when it leaves the field or a stack
    blast: bool = False  # ACE: {Hand} [Counter] <Blast Digivolve>

    # What its persistent effects (CR 15-8-2) do, step by step, worked out once: DP and keywords
    # are looked up many times per action.
    @cached_property
    def persistent_parts(self) -> tuple[PersistentPart, ...]:
        """The steps of its own persistent effects."""
        return _persistent_parts(self.effects)

    @cached_property
    def inherited_persistent_parts(self) -> tuple[PersistentPart, ...]:
        """The steps of the persistent effects it gives the Digimon it is under (CR 15-3)."""
        return _persistent_parts(self.inherited)

    @cached_property
    def reaches_others(self) -> tuple[bool, bool]:
        """Whether its own / inherited persistent effects name cards other than their own Digimon."""
        return (any(p.target != "self" for p in self.persistent_parts),
                any(p.target != "self" for p in self.inherited_persistent_parts))

    @cached_property
    def keyword_maps(self) -> tuple[dict, dict]:
        """Its keywords and its inherited keywords by name, for the lookups made many times an action."""
        return dict(reversed(self.keywords)), dict(reversed(self.inherited_keywords))

    def keyword(self, name: str, inherited: bool = False):
        for key, value in (self.inherited_keywords if inherited else self.keywords):
            if key == name:
                return value
        return None

    @property
    def is_digimon(self) -> bool:
        return self.category == "digimon"


def _keywords(spec, where: str) -> tuple[tuple[str, object], ...]:
    if spec is None:
        return ()
    if isinstance(spec, list):
        spec = {k: True for k in spec}
    if not isinstance(spec, dict):
        raise CardError(f"{where}: keywords must be a mapping such as {{blocker: true, security_attack: 1}}")
    out = []
    for key, value in spec.items():
        if key not in PROPERTY_KEYWORDS:
            raise CardError(f"{where}: unknown keyword {key!r} (known: {', '.join(sorted(PROPERTY_KEYWORDS))})")
        if key in KEYWORD_VALUES and value not in KEYWORD_VALUES[key]:
            raise CardError(f"{where}: {key} is one of {', '.join(map(str, KEYWORD_VALUES[key]))}, not {value!r}")
        out.append((key, value))
    return tuple(out)


def _effects(spec, where: str) -> tuple[Effect, ...]:
    if spec is None:
        return ()
    if not isinstance(spec, list):
        raise CardError(f"{where}: effects must be a list")
    out = []
    for i, item in enumerate(spec):
        if not isinstance(item, dict) or "timing" not in item:
            raise CardError(f"{where}[{i}]: an effect needs a timing ({', '.join(TIMINGS)})")
        if item["timing"] not in TIMINGS:
            raise CardError(f"{where}[{i}]: unknown timing {item['timing']!r} (known: {', '.join(TIMINGS)})")
        steps = item.get("do") or []
        if not isinstance(steps, list) or not steps:
            raise CardError(f"{where}[{i}]: 'do' must list the effect's steps")
        for j, step in enumerate(steps):
            # A step may carry its own condition ("Then, if ...", CR 15-6-2) beside its one key.
            keys = [k for k in step if k != "if"] if isinstance(step, dict) else []
            if len(keys) != 1 or keys[0] not in STEPS:
                raise CardError(f"{where}[{i}].do[{j}]: a step is one of {', '.join(STEPS)}, e.g. {{draw: 1}}")
        effect = Effect(
            timing=item["timing"],
            steps=tuple(steps),
            optional=bool(item.get("optional", False)),
            once_per_turn=bool(item.get("once_per_turn", False)),
            condition=item.get("if"),
        )
        _check_vocabulary(item, effect, f"{where}[{i}]")
        out.append(effect)
    return tuple(out)


# -- conditions, targets and persistent effects (CR 15-6, 15-8-2, 15-11) ------------------------
class PersistentPart(NamedTuple):
    """One step of a persistent effect: what it gives (``name``: dp, security_attack, gain) to
    which cards (``target`` and the filters in ``spec``)."""

    index: int  # of the effect in its list
    step: int
    effect: Effect
    name: str
    target: str
    spec: dict


def _persistent_parts(effects: tuple[Effect, ...]) -> tuple[PersistentPart, ...]:
    out = []
    for i, effect in enumerate(effects):
        if not effect.persistent:
            continue
        for j, step in enumerate(effect.steps):
            (name, arg), = step.items()
            spec = arg if isinstance(arg, dict) else {"amount": arg}
            out.append(PersistentPart(i, j, effect, name, spec.get("target", "self"), spec))
    return tuple(out)


PERSISTENT_STEPS = ("dp", "security_attack", "gain")  # what a persistent effect does to the cards it names
PERSISTENT_TARGETS = ("self", "all_own", "all_opponent", "all")  # it chooses nothing (CR 15-10-2-4-1)


def _check_vocabulary(item: dict, effect: Effect, where: str) -> None:
    """The conditions, targets and filters of one effect, and what a persistent effect may do."""
    if effect.condition is not None:
        check_condition(effect.condition, f"{where}.if")
    for j, step in enumerate(effect.steps):
        here = f"{where}.do[{j}]"
        if "if" in step:
            check_condition(step["if"], f"{here}.if")
        (name, arg), = ((k, v) for k, v in step.items() if k != "if")
        if name in TARGETED_STEPS:
            check_targeted(name, arg, f"{here}.{name}", persistent=effect.persistent)
    if not effect.persistent:
        return
    what = f"{where}: a [{effect.timing}] effect is persistent (CR 15-8-2)"
    for key in ("optional", "once_per_turn"):
        if item.get(key):
            raise CardError(f"{what}; it applies without activating, so it can't be {key}")
    for step in effect.steps:
        if "if" in step:
            raise CardError(f"{what}; give its condition with the effect's own if")
        (name, arg), = step.items()
        if name not in PERSISTENT_STEPS:
            raise CardError(f"{what}; it changes DP, <Security A.> or gives a keyword ({', '.join(PERSISTENT_STEPS)}), not {name}")
        spec = arg if isinstance(arg, dict) else {"amount": arg}
        if spec.get("target", "self") not in PERSISTENT_TARGETS:
            raise CardError(f"{what}; it names the cards it applies to ({', '.join(PERSISTENT_TARGETS)}), "
                            f"it doesn't choose {spec['target']!r} (CR 15-10-2-4-1)")
        if "until" in spec:
            raise CardError(f"{what}; it applies while its window is open, not until {spec['until']}")
        if name in ("dp", "security_attack") and (isinstance(spec.get("amount"), bool) or not isinstance(spec.get("amount"), int)):
            raise CardError(f"{what}; {name} needs an amount")


def card_from_spec(name: str, spec: dict) -> CardDef:
    """Build a CardDef from a scenario's inline definition; raise CardError on bad fields."""
    if not isinstance(spec, dict):
        raise CardError(f"card {name!r}: its definition must be a mapping")
    category = spec.get("category")
    if category not in CATEGORIES:
        raise CardError(f"card {name!r}: category must be one of {', '.join(CATEGORIES)}")
    colours = spec.get("colours", spec.get("colors", []))
    if isinstance(colours, str):
        colours = [colours]
    for colour in colours:
        if colour not in COLOURS:
            raise CardError(f"card {name!r}: unknown colour {colour!r}")
    reqs = []
    for i, req in enumerate(spec.get("digivolve", []) or []):
        if not isinstance(req, dict) or "cost" not in req:
            raise CardError(f"card {name!r}: digivolve[{i}] needs a cost and colours+level or a name")
        rc = req.get("colours", req.get("colors", []))
        reqs.append(
            Requirement(
                cost=int(req["cost"]),
                colours=tuple([rc] if isinstance(rc, str) else rc),
                level=req.get("level"),
                name=req.get("name"),
            )
        )
    if category == "digimon" and spec.get("dp") is None:
        raise CardError(f"card {name!r}: a Digimon card needs dp")
    inherited = spec.get("inherited") or {}
    special = _special(name, spec)
    return CardDef(
        **special,
        name=str(spec.get("name", name)),
        number=str(spec.get("number", "")),
        category=category,
        level=spec.get("level"),
        colours=tuple(colours),
        dp=spec.get("dp"),
        play_cost=spec.get("play_cost"),
        use_cost=spec.get("use_cost"),
        requirements=tuple(reqs),
        keywords=_keywords(spec.get("keywords"), f"card {name!r} keywords"),
        effects=_effects(spec.get("effects"), f"card {name!r} effects"),
        inherited_keywords=_keywords(inherited.get("keywords"), f"card {name!r} inherited keywords"),
        inherited=_effects(inherited.get("effects"), f"card {name!r} inherited effects"),
        token=bool(spec.get("token", False)),
        traits=tuple(spec.get("traits", ())),
    )


def _requirement(name: str, req, where: str) -> Requirement:
    if not isinstance(req, dict):
        raise CardError(f"card {name!r}: {where} must be a requirement such as {{colours: [red], level: 4}} or {{name: Agumon}}")
    rc = req.get("colours", req.get("colors", []))
    return Requirement(
        cost=int(req.get("cost", 0)),
        colours=tuple([rc] if isinstance(rc, str) else rc),
        level=req.get("level"),
        name=req.get("name"),
    )


def _special(name: str, spec: dict) -> dict:
    """The special play/digivolve information of a card spec, checked."""
    out: dict = {}
    for i, item in enumerate(spec.get("dna") or []):
        parts = tuple(_requirement(name, p, f"dna[{i}].parts") for p in item.get("parts") or [])
        if len(parts) < 2:
            raise CardError(f"card {name!r}: dna[{i}] needs at least 2 parts")
        out.setdefault("dna", ())
        out["dna"] += ((int(item.get("cost", 0)), parts),)
    if spec.get("digixros"):
        x = spec["digixros"]
        out["digixros"] = (int(x["reduction"]), tuple(x["cards"]))
    if spec.get("assembly"):
        x = spec["assembly"]
        out["assembly"] = (int(x["reduction"]), int(x["count"]), str(x["name"]))
    for i, item in enumerate(spec.get("burst") or []):
        if "tamer" not in item:
            raise CardError(f"card {name!r}: burst[{i}] needs the Tamer to return (tamer: NAME)")
        out.setdefault("burst", ())
        out["burst"] += ((_requirement(name, item, f"burst[{i}]"), str(item["tamer"])),)
    for i, item in enumerate(spec.get("app_fusion") or []):
        out.setdefault("app_fusion", ())
        out["app_fusion"] += ((int(item.get("cost", 0)), tuple(item["cards"])),)
    if spec.get("link"):
        x = spec["link"]
        out["link"] = {
            "cost": int(x.get("cost", 0)),
            "requirement": _requirement(name, x.get("requirement") or {}, "link.requirement"),
            "dp": int(x.get("dp", 0)),
            "keywords": _keywords(x.get("keywords"), f"card {name!r} link keywords"),
        }
    if spec.get("option"):
        x = spec["option"]
        out["option_side"] = {
            "use_cost": int(x["use_cost"]),
            "colours": tuple(x.get("colours", spec.get("colours", []))),
            "effects": _effects(x.get("effects"), f"card {name!r} option effects"),
        }
    if spec.get("overflow") is not None:
        out["overflow"] = int(spec["overflow"])
    if spec.get("blast_digivolve"):
        out["blast"] = True
    return out
