"""Card definitions: what a scenario or a deck says a card is.

Scenarios define their cards inline so a ruling never depends on a card
database.  A definition carries the printed information (category, level,
colours, DP, costs, digivolution requirements), keyword effects, and effects
from a small vocabulary (see ``judgebase/scenarios/README.md``), each bound to a
timing icon.
"""

from __future__ import annotations

import marshal
from copy import deepcopy
from dataclasses import MISSING, dataclass, field, fields

from typing import NamedTuple

from . import keywords as keyword_registry
from .conditions import TARGETED_STEPS, check_condition, check_filters, check_targeted
from .step_specs import CARD_FILTERS, COMMON_STEPS, step_problem


class cached_property:
    """``functools.cached_property`` without the lock Python 3.11's takes at every first read (3.12
    dropped it): the facts a card definition works out once are each first read for every new
    definition, and every game of random decks makes dozens of them."""

    def __init__(self, func):
        self.func = func
        self.__doc__ = func.__doc__

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, objtype=None):
        if obj is None:
            return self
        # (kept in the instance's __dict__, which is read before this descriptor from then on)
        value = obj.__dict__[self.name] = self.func(obj)
        return value


def card_filter_problem_keys(spec: dict) -> list[str]:
    """The keys of a card filter that aren't card filters."""
    return [k for k in spec if k not in CARD_FILTERS]

CATEGORIES = ("digimon", "tamer", "option", "digi-egg")
COLOURS = ("red", "blue", "yellow", "green", "black", "purple", "white")

# Card text that is not a keyword but is read like one: "this Digimon can attack your opponent's
# Tamers" (CR 1-3-1), and prohibitions ("can't attack", "can't block", "can't be attacked"), which
# beat any permission (CR 15-1-3).
CARD_PROPERTIES = {
    "may_attack_tamers": "CR 1-3-1",
    # "This Digimon can also attack your opponent's unsuspended Digimon" (card text over CR 11-2-7-1).
    "may_attack_unsuspended": "CR 1-3-1",
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
    # "Your effects that delete by DP get +N (or -N) to that DP limit": it changes a number written
    # in another effect's text (CR 15-15-4-1, 15-15-4-2).
    "delete_dp_limit": "CR 15-15-4",
    # "Your Security Digimon get +N DP" (or -N): an effect that names Security Digimon reaches them,
    # though a card being checked is in no area (CR 15-1-8, 13-1-6).
    "security_digimon_dp": "CR 15-1-8",
    # "Your opponent can't gain memory except through Tamer effects" (a prohibition, CR 15-1-3): the
    # one kind of effect (CR 15-2-1) through which the opponent of this card's player still gains memory.
    "opponent_memory_gain_only_by": "CR 15-1-3",
    # "[Opponent's Turn] When an opponent's Digimon with no digivolution cards would digivolve, the
    # digivolution cost is raised by N" (or lowered, if negative): DNA, Burst and App Fusion too
    # (CR 8-2-2-5, 8-3-2-3, 8-4-2-3).
    "opponent_digivolve_cost": "CR 8-2-2-5",
}
# Keywords whose value is one of a few words rather than true or a number.
KEYWORD_VALUES = {
    "cannot_be_deleted_by_effects": (True, "opponent"),
    "unaffected_by": ("opponent", "opponent_digimon", "opponent_tamer", "opponent_option"),
    "opponent_memory_gain_only_by": ("digimon", "tamer", "option"),
}
# What a card spec may list under keywords: the property keywords of the registry, and the above.
PROPERTY_KEYWORDS = {**keyword_registry.implemented("property"), **CARD_PROPERTIES}

# Timing icons an effect can be bound to, with the clause that defines each.
TIMINGS = {
    "on_play": "CR 15-16-2-1",
    "when_digivolving": "CR 15-16-3-1",
    "when_attacking": "CR 15-16-5-1",
    "on_deletion": "CR 15-16-4-1",
    "end_of_attack": "CR 15-16-15-1",
    "end_of_battle": "CR 14-2-5",  # "at the end of the battle": a Digimon that fought, still in the battle area
    "when_moving": "CR 15-16-16-1",
    "when_blocking": "CR 15-16",
    "when_linking": "CR 15-16-6-1",
    "start_of_your_turn": "CR 15-16-11-1",
    "end_of_your_turn": "CR 15-16-12-1",
    "end_of_opponents_turn": "CR 15-16-12-2",
    "start_of_opponents_turn": "CR 15-16-11-2",
    "end_of_all_turns": "CR 15-16-12-3",
    "start_of_your_main_phase": "CR 15-16-13-1",
    "start_of_opponents_main_phase": "CR 15-16-13-2",
    "main": "CR 15-16-7-1",
    "counter": "CR 11-3",
    "security": "CR 15-16-10",
    "your_turn": "CR 15-8-2",  # persistent while it is your turn
    "all_turns": "CR 15-8-2",  # persistent
    "opponents_turn": "CR 15-8-2",  # persistent
    "delay": "CR 16-17",
    "trashed_from_hand": "CR 4-16-2",  # "when an effect of yours trashes this card from your hand"
    # Triggers on events of any card and immediate-type "when ... would ..." effects (below).
    "when": "CR 15-8-3-1",
    "would": "CR 15-8-5-1",
}
PERSISTENT_TIMINGS = ("your_turn", "all_turns", "opponents_turn")

# -- Triggers on game events, immediate-type effects, [X Per Turn] ------------------------
# ``timing: when`` + ``event``: "[Your Turn] When one of your Digimon is played, ..." - a
# trigger-type effect (CR 15-8-3-1) on an event that may happen to any card.  Each event with
# the clause of the game event it watches.
EVENTS = {
    "played": "CR 7-1-3",
    "digivolved": "CR 8-1-3-3",
    "deleted": "CR 4-15-1",
    "attacks": "CR 11-2-8-1",
    "blocked": "CR 12-1-7-1",
    "security_added": "CR 15-5-2",
    "security_removed": "CR 15-5-2",
    "sources_added": "CR 4-8-1",  # a card goes under a Digimon as a digivolution card (<Training>, <Mind Link>)
    # "when a digivolution card is placed under this Digimon": this Digimon only (CR 15-5-3)
    "source_added": "CR 15-5-3",
    "option_used": "CR 9-1-1",  # a player uses an Option card: the event is the player's, not a Digimon's
    "drew": "CR 4-14-1",  # a player draws: takes cards from their deck into their hand, whatever the reason
}
SECURITY_EVENTS = ("security_added", "security_removed")
PLAYER_EVENTS = SECURITY_EVENTS + ("option_used", "drew")  # events of a player (or their security stack), not of a Digimon
WHOSE = ("own", "opponent", "any")  # whose Digimon (or security stack), seen from the effect's owner
# The icon that says in whose turn the effect can trigger (CR 15-16-8-1, CR 15-16-9-1).
WINDOWS = {"your_turn": "CR 15-16-8-1", "opponents_turn": "CR 15-16-8-1", "all_turns": "CR 15-16-9-1"}
# ``timing: would`` + ``event``: immediate-type effects (CR 15-8-5) that step in before the event.
WOULD_EVENTS = {"deleted": "CR 15-8-5-2", "leaves": "CR 15-8-5-2", "played": "CR 7-1-2-2",
                "digivolved": "CR 8-1-2-4", "used": "CR 9-1-6", "linked": "CR 10-1-2-3"}
# "When this card would be played / digivolved into / used / linked": about the revealed card only,
# triggered right after it is revealed (and its Digimon chosen), before any cost is paid.
REVEALED_WOULD_EVENTS = ("played", "digivolved", "used", "linked")
WOULD_WHOSE = ("self", "own")  # "this Digimon" / "one of your Digimon"
# Overwrite processing ("... instead", CR 18-2-1): what replaces a deletion, carried out in full or not at all.
INSTEAD = ("trash_from_hand", "trash_security", "suspend", "memory")
# Steps only an effect of one kind can take: reduce the play cost of the card that would be played.
TRIGGER_STEPS = ("reduce_play_cost",)
# Every key an effect spec may have; anything else is a load error (the engine would ignore it).
EFFECT_KEYS = ("timing", "do", "optional", "once_per_turn", "if",
               "event", "whose", "window", "by_effect", "other", "per_turn", "instead", "zone", "attacking", "while")
# "... if attacking a player / a Digimon" on an effect an attack triggers: the target declared (CR 11-2-7-6).
ATTACKING = ("player", "digimon")
# The area icons an effect can carry ({Breeding}, CR 15-14-4-1), and the timings they can go with:
# the triggers on a turn's or a main phase's start or end, which the engine fires for that area too.
ZONES = ("breeding", "trash", "security", "hand")
ZONE_TIMINGS = ("start_of_your_turn", "start_of_opponents_turn", "end_of_your_turn", "end_of_opponents_turn",
                "end_of_all_turns", "start_of_your_main_phase", "start_of_opponents_main_phase")

# Steps an effect can take.  Values are validated in scenarios/schema.json.
STEPS = (
    "draw", "memory", "dp", "delete", "suspend", "unsuspend", "return_to_hand", "play_token",
    "recovery", "de_digivolve", "trash_security", "gain", "blitz", "play_self", "use_main",
    "place_in_battle_area", "security_attack", "digivolve", "end_attack", "opponent_draws",
    "at_end_of_turn",  # pending processing: steps carried out at the end of this turn (CR 18-1-1)
    "decide_game",  # "you win the game" / "you lose the game" (CR 1-2-6)
    "choose_colour",  # "choose a colour": one of the seven (CR 2-4-2); later steps name it as colour: chosen
    "add_info", "change_info",  # information added or changed (CR 15-12)
    "move_from_breeding",  # "move the Digimon in your breeding area to the battle area" (CR 4-17-1)
    "to_breeding",  # "place this Digimon in the empty space in your breeding area": only if it is empty (CR 3-4-7-2)
    "reorder_sources",  # "place this Digimon's digivolution cards in any order": still the same Digimon (CR 3-1-3-1-4)
    "eggs_under",  # "place the top N cards of your Digi-Egg deck under this Digimon as its bottom digivolution cards" (CR 3-3-4)
    "dna_digivolve",  # "this Digimon may DNA digivolve with 1 of your other Digimon into a card in your hand" (CR 8-2)
    # keyword steps CR 16-14, 16-20, 16-28
    "digi_burst", "save", "mind_link",
    "activate_effects",  # "activate all of the effects below": each processed within, in the order chosen (CR 15-15-7-2)
    "place_digimon_under",  # "place 1 of your opponent's Digimon under another of their Digimon / a Tamer" (CR 4-7-7)
    "overwrite",  # "... If X, instead ..." / "you may ... instead": other processing replaces these steps (CR 18-2)
)
# Common effect steps (costs, free plays, revealing, deck bottom, security): fields in step_specs.py.
STEPS += COMMON_STEPS

# Keywords printed after a timing icon that carry out processing when that effect activates
# ("[When Digivolving] <Blitz>", CR 16-16-2): the keyword's clause and the step it carries out.
EFFECT_KEYWORDS = {k.key: (k.clause, k.key) for k in keyword_registry.KEYWORDS if k.form == "effect" and k.implemented}
#: The timing icons such a keyword can be printed after (not the persistent ones, <Delay>, or the
#: event-described "when ..." and "would ..." timings).
EFFECT_KEYWORD_TIMINGS = tuple(t for t in TIMINGS if t not in PERSISTENT_TIMINGS + ("delay", "when", "would", "trashed_from_hand",
                                                                                     "end_of_battle"))


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
    condition: dict | None = None
    # Triggers on events, immediate-type effects, [X Per Turn] (see EVENTS, WOULD_EVENTS, INSTEAD).
    per_turn: int = 0  # [X Per Turn]: activations allowed per turn and card copy; 0 = no limit (CR 15-14-1)
    event: str | None = None
    whose: str | None = None
    window: str = "all_turns"
    by_effect: bool | None = None  # True: only when an effect causes the event; False: only when none does
    other: bool = False  # "another of your Digimon": not this card's own Digimon
    instead: tuple[tuple[str, object], ...] | None = None
    # "While this Digimon is ..., when ...": a trigger condition on the card with the effect, met as the
    # event happens and still needed when it activates (CR 15-8-3-4, 15-4-4-5).
    while_this: dict | None = None
    # An area icon: {Breeding}, {Trash}, {Security} - it works only while its card is in that area
    # (CR 15-14-4-1, 15-14-3-1; in the security stack, lying face up, CR 15-14-5-1).
    zone: str | None = None
    # "If attacking XX" on an effect an attack triggers: it triggers only if the target chosen at the
    # declaration is XX, "player" or "digimon" (CR 11-2-7-6).
    attacking: str | None = None

    @property
    def persistent(self) -> bool:
        return self.timing in PERSISTENT_TIMINGS

    @property
    def once_per_turn(self) -> bool:
        """Whether a per-turn limit (CR 15-14-1-1) applies: [Once Per Turn], [Twice Per Turn], ..."""
        return self.per_turn > 0


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
    xros_as: str | None = None  # it may stand in for the card of this name in DigiXros requirements (CR 15-15-6-1)
    # DigiXros "+ any number of Digimon cards with [trait] with different card numbers": that trait
    # (a requirement for cards that differ from one another, CR 15-15-6-2).
    digixros_any: str | None = None
    assembly: tuple[int, int, str] | None = None  # (reduction, exact count, card name)
    burst: tuple[tuple[Requirement, str], ...] = ()  # (requirement, Tamer name to return)
    app_fusion: tuple[tuple[int, tuple[str, ...]], ...] = ()  # (cost, names)
    link: dict | None = None  # {cost, requirement: Requirement, dp, keywords}
    option_side: dict | None = None  # DUAL card: {use_cost, colours, effects}
    overflow: int | None = None  # ACE: memory lost when it leaves the field or a stack
    notes: tuple[str, ...] = ()  # keyword icons named only in a note explaining another keyword: not text (CR 4-23-5)
    blast: bool = False  # ACE: {Hand} [Counter] <Blast Digivolve>
    blast_dna: tuple[str, ...] = ()  # ACE: {Hand} [Counter] <Blast DNA Digivolve> <[A] + [B]>: the named Digimon
    # (Rule) text (CR 2-3-4): not an effect, it always applies.  Traits it has (CR 2-3-4-2-1), names it
    # is also treated as (CR 2-3-4-3-1), text it is treated as having in its name (CR 2-3-4-4-1).
    rule_traits: tuple[str, ...] = ()
    rule_names: tuple[str, ...] = ()
    rule_name_parts: tuple[str, ...] = ()

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
        return (self._inherited_keyword_values if inherited else self._keyword_values).get(name)

    # Read for every candidate action while legal actions are listed: looked up once per card.
    @cached_property
    def _keyword_values(self) -> dict:
        return dict(self.keywords)

    @cached_property
    def _inherited_keyword_values(self) -> dict:
        return dict(self.inherited_keywords)

    @cached_property
    def self_dp_parts(self) -> tuple[tuple[PersistentPart, ...], tuple[PersistentPart, ...]]:
        """Its own and its inherited persistent steps that change their own Digimon's DP: read at
        every DP lookup, and most cards have none."""
        return (tuple(p for p in self.persistent_parts if p.name == "dp" and p.target == "self"),
                tuple(p for p in self.inherited_persistent_parts if p.name == "dp" and p.target == "self"))

    @cached_property
    def timings(self) -> tuple[frozenset, frozenset]:
        """The timings its own and its inherited effects trigger at: every timing is asked of every
        card it could concern, and most cards have effects at few of them."""
        return frozenset(e.timing for e in self.effects), frozenset(e.timing for e in self.inherited)

    @cached_property
    def persistent_effects(self) -> tuple[Effect, ...]:
        """Its own effects that apply while their window is open ([Your Turn], [All Turns], ...)."""
        return tuple(e for e in self.effects if e.persistent)

    @cached_property
    def persistent_inherited(self) -> tuple[Effect, ...]:
        return tuple(e for e in self.inherited if e.persistent)

    @property
    def is_digimon(self) -> bool:
        return self.category == "digimon"

    @classmethod
    def parsed(cls, **given) -> CardDef:
        """A definition as ``CardDef(**given)`` makes it, filled in directly: every card of a random
        deck is parsed afresh, and the frozen dataclass's own __init__ sets its 30 fields one by one."""
        if not _CARDDEF_FIELDS.issuperset(given) or "name" not in given or "category" not in given:
            return cls(**given)  # (which says what is wrong)
        defn = object.__new__(cls)
        values = defn.__dict__
        values.update(_CARDDEF_DEFAULTS)
        values.update(given)
        return defn


# The fields of a card definition, and those with a default (all but name and category).
_CARDDEF_FIELDS = frozenset(f.name for f in fields(CardDef))
_CARDDEF_DEFAULTS = {f.name: f.default for f in fields(CardDef) if f.default is not MISSING}


def _private_copy(data):
    """A copy of plain data sharing nothing with it (marshal, several times faster than deepcopy)."""
    try:
        return marshal.loads(marshal.dumps(data))
    except ValueError:
        return deepcopy(data)


def _keywords(spec, where: str, with_timing: bool = False) -> tuple[tuple[str, object], ...]:
    if spec is None:
        return ()
    if isinstance(spec, list):
        spec = {k: True for k in spec}
    if not isinstance(spec, dict):
        raise CardError(f"{where}: keywords must be a mapping such as {{blocker: true, security_attack: 1}}")
    for value in spec.values():
        if isinstance(value, (dict, list)):
            spec = _private_copy(spec)  # (its values are kept in the definition: nothing the caller changes may reach them)
            break
    out = []
    for key, value in spec.items():
        if with_timing and key in EFFECT_KEYWORDS:
            if value not in EFFECT_KEYWORD_TIMINGS:
                raise CardError(f"{where}: {key} names the timing it is printed with "
                                f"({', '.join(EFFECT_KEYWORD_TIMINGS)}), e.g. {{{key}: when_digivolving}}")
            out.append((key, value))
            continue
        known = keyword_registry.BY_KEY.get(key)
        if known is not None and not known.implemented:
            raise CardError(f"{where}: {known.printed} ({known.clause}) is not implemented by the engine yet, "
                            "so no card can have it (see judgebase/engine/keywords.py)")
        if key not in PROPERTY_KEYWORDS:
            raise CardError(f"{where}: unknown keyword {key!r} (known: {', '.join(sorted(PROPERTY_KEYWORDS))})")
        if known is not None and known.value == "text" and (not isinstance(value, str) or not value):
            raise CardError(f"{where}: {key} names what the keyword specifies, e.g. {{{key}: Puppet}}, not {value!r}")
        if known is not None and known.value == "cards":
            parts = value if isinstance(value, list) else None
            if not parts or not all(isinstance(x, dict) and x and not card_filter_problem_keys(x) for x in parts):
                raise CardError(f"{where}: {key} lists the specified cards as card filters, "
                                f"e.g. {{{key}: [{{colour: blue, level: 4}}, {{colour: green, level: 4}}]}}")
            value = tuple(tuple(sorted(x.items())) for x in parts)
        if key == "delete_dp_limit" and (isinstance(value, bool) or not isinstance(value, int) or not value):
            raise CardError(f"{where}: delete_dp_limit is the change to the DP limit, e.g. 2000 or -1000, not {value!r}")
        if key == "opponent_digivolve_cost" and (isinstance(value, bool) or not isinstance(value, int) or not value):
            raise CardError(f"{where}: opponent_digivolve_cost is the change to the digivolution cost, e.g. 1 or -1, not {value!r}")
        if key == "security_digimon_dp" and (isinstance(value, bool) or not isinstance(value, int) or not value):
            raise CardError(f"{where}: security_digimon_dp is the DP its player's Security Digimon get, e.g. 3000 or -2000, not {value!r}")
        if key == "digisorption":
            # CR 16-10-4: a card may print several <Digisorption>; a list holds one value per instance.
            values = value if isinstance(value, list) else [value]
            if not values or not all(isinstance(v, int) and not isinstance(v, bool) and v >= 1 for v in values):
                raise CardError(f"{where}: digisorption is a whole number 1 or more, or a list of them (one per instance), not {value!r}")
            value = tuple(values) if isinstance(value, list) else value
        if key in KEYWORD_VALUES and value not in KEYWORD_VALUES[key]:
            raise CardError(f"{where}: {key} is one of {', '.join(map(str, KEYWORD_VALUES[key]))}, not {value!r}")
        if known is not None and known.value == "card":
            _specified_cards(value, f"{where}: {key}")
        out.append((key, value))
    return tuple(out)


SPECIFIED_CARD_KEYS = ("name", "trait", "colour", "level", "category")


def _specified_cards(value, where: str) -> None:
    """A keyword's specified cards (CR 16-3): true, or a mapping of name, trait, colour, level, category."""
    if value is True:
        return
    if not isinstance(value, dict) or not value or set(value) - set(SPECIFIED_CARD_KEYS):
        raise CardError(f"{where} names its specified cards: true or a mapping of {', '.join(SPECIFIED_CARD_KEYS)},"
                        f" e.g. {{colour: blue, level: 4}}, not {value!r}")


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
        unknown = sorted(set(item) - set(EFFECT_KEYS))
        if unknown:
            raise CardError(f"{where}[{i}]: unknown field {unknown[0]!r} (an effect has {', '.join(EFFECT_KEYS)})")
        steps = item.get("do")
        if steps is None and item.get("instead") is not None:
            steps = []
        if not isinstance(steps, list) or (not steps and item.get("instead") is None):
            raise CardError(f"{where}[{i}]: 'do' must list the effect's steps")
        colour_chosen = False
        for j, step in enumerate(steps):
            # A step may carry its own condition ("Then, if ...", CR 15-6-2) beside its one key.
            keys = [k for k in step if k != "if"] if isinstance(step, dict) else []
            if len(keys) != 1 or keys[0] not in STEPS + TRIGGER_STEPS:
                raise CardError(f"{where}[{i}].do[{j}]: a step is one of {', '.join(STEPS + TRIGGER_STEPS)}, e.g. {{draw: 1}}")
            if keys[0] == "choose_colour":
                if step["choose_colour"] is not True:
                    raise CardError(f"{where}[{i}].do[{j}].choose_colour: true (\"choose a colour\")")
                colour_chosen = True
            elif isinstance(step[keys[0]], dict) and step[keys[0]].get("colour") == "chosen" and not colour_chosen:
                raise CardError(f"{where}[{i}].do[{j}].{keys[0]}.colour: chosen (\"that colour\") needs a choose_colour "
                                f"step before it in the same effect")
            problem = step_problem(keys[0], step[keys[0]])
            if problem:
                raise CardError(f"{where}[{i}].do[{j}].{problem}")
            if keys[0] == "activate_effects":
                _activated_effects(step["activate_effects"], item["timing"], f"{where}[{i}].do[{j}].activate_effects")
            if keys[0] == "overwrite":
                _overwrite(step["overwrite"], item["timing"], f"{where}[{i}].do[{j}].overwrite")
            if keys[0] == "save" and item["timing"] != "on_deletion":
                raise CardError(f"{where}[{i}].do[{j}]: <Save> puts this card from the trash under a Tamer; "
                                "the engine carries it out in an on_deletion effect only")
        effect = Effect(
            timing=item["timing"],
            steps=tuple(steps),
            optional=bool(item.get("optional", False)),
            condition=item.get("if"),
            **_trigger_fields(item, f"{where}[{i}]"),
        )
        _check_vocabulary(item, effect, f"{where}[{i}]")
        out.append(effect)
    return tuple(out)


def _activated_effects(spec, timing: str, where: str) -> tuple[Effect, ...]:
    """The effects an "activate all of these effects" step lists, each ``{do: [steps]}``: 2 or more,
    their steps checked like any effect's (CR 15-15-7-1, 15-15-7-2)."""
    if not isinstance(spec, list) or len(spec) < 2 or not all(isinstance(x, dict) and set(x) == {"do"} for x in spec):
        raise CardError(f"{where}: lists 2 or more effects, each {{do: [steps]}}")
    return _effects([{"timing": timing, "do": x["do"]} for x in spec], where)


OVERWRITE_KEYS = ("do", "instead", "if", "optional")


def _overwrite(spec, timing: str, where: str) -> None:
    """Overwrite processing (CR 18-2-1): ``do``, the processing the text normally carries out; ``instead``,
    the processing that replaces it; ``if``, when it is replaced (always, without one); ``optional``,
    "you may ... instead" (CR 18-2-2; mandatory otherwise, CR 18-2-3).  Both lists are checked like any
    effect's steps."""
    if not isinstance(spec, dict) or set(spec) - set(OVERWRITE_KEYS) or not {"do", "instead"} <= set(spec):
        raise CardError(f"{where}: a mapping of do (the processing normally carried out), instead (what replaces it), "
                        f"and optionally if and optional, e.g. {{do: [{{draw: 1}}], if: {{tamers: {{}}}}, instead: [{{draw: 2}}]}}")
    if not isinstance(spec.get("optional", False), bool):
        raise CardError(f"{where}.optional: true (\"you may ... instead\") or false")
    if "if" in spec:
        check_condition(spec["if"], f"{where}.if")
        if "trigger" in spec["if"] and timing != "when":
            raise CardError(f"{where}.if.trigger: \"that Digimon\" is the one whose event triggered a `when` effect")
    for key in ("do", "instead"):
        if not isinstance(spec[key], list) or not spec[key]:
            raise CardError(f"{where}.{key}: lists 1 or more steps")
        _effects([{"timing": timing, "do": spec[key]}], f"{where}.{key}")


def effects_from_spec(spec: list, where: str) -> tuple[Effect, ...]:
    """Effects read as a card's ``effects`` are: for steps an effect leaves to be carried out later (CR 18-1-1)."""
    return _effects(spec, where)


def _trigger_fields(item: dict, where: str) -> dict:
    """The event, window, [X Per Turn] and "instead" fields of an effect, checked: a field the
    engine would not apply (a window on an [On Play], ``other`` on a security event, ...) is an error."""
    timing = item["timing"]
    out: dict = {}
    once, per_turn = item.get("once_per_turn"), item.get("per_turn")
    if once is not None and per_turn is not None:
        raise CardError(f"{where}: give once_per_turn or per_turn, not both")
    if per_turn is not None:
        if isinstance(per_turn, bool) or not isinstance(per_turn, int) or per_turn < 1:
            raise CardError(f"{where}: per_turn is how many times per turn the effect can activate (1 or more)")
        out["per_turn"] = per_turn
    elif once:
        out["per_turn"] = 1
    if "zone" in item:
        if item["zone"] not in ZONES:
            raise CardError(f"{where}: zone must be one of {', '.join(ZONES)}")
        if timing not in ZONE_TIMINGS:
            raise CardError(f"{where}: zone {item['zone']!r} goes with the timings {', '.join(ZONE_TIMINGS)}, not {timing!r}")
        out["zone"] = item["zone"]
    event = item.get("event")
    if "attacking" in item:
        if not (timing == "when_attacking" or (timing == "when" and event == "attacks")):
            raise CardError(f"{where}: attacking ('if attacking ...') belongs to an effect an attack triggers "
                            "(timing when_attacking, or when with event attacks)")
        if item["attacking"] not in ATTACKING:
            raise CardError(f"{where}: attacking must be one of {', '.join(ATTACKING)}")
        out["attacking"] = item["attacking"]
    if timing in ("when", "would") and event is None:
        raise CardError(f"{where}: a '{timing}' effect names its event "
                        f"({', '.join(EVENTS if timing == 'when' else WOULD_EVENTS)})")
    if timing not in ("when", "would"):
        for key in ("event", "whose", "window", "by_effect", "other", "instead", "while"):
            if key in item:
                raise CardError(f"{where}: {key!r} belongs to an effect with timing 'when' or 'would', not {timing!r}")
        return out
    events = EVENTS if timing == "when" else WOULD_EVENTS
    if event not in events:
        raise CardError(f"{where}: unknown event {event!r} for timing '{timing}' (known: {', '.join(events)})")
    out["event"] = event
    whose = item.get("whose", "own" if timing == "when" else "self")
    allowed = WHOSE if timing == "when" else WOULD_WHOSE
    if whose not in allowed:
        raise CardError(f"{where}: whose must be one of {', '.join(allowed)}")
    if timing == "would" and event in REVEALED_WOULD_EVENTS and whose != "self":
        raise CardError(f"{where}: 'when this card would be {event}' is about this card only (whose: self)")
    out["whose"] = whose
    window = item.get("window", "all_turns")
    if window not in WINDOWS:
        raise CardError(f"{where}: window must be one of {', '.join(WINDOWS)}")
    out["window"] = window
    if "by_effect" in item:
        if not isinstance(item["by_effect"], bool):
            raise CardError(f"{where}: by_effect is true or false")
        if event == "blocked" or (timing == "would" and event in REVEALED_WOULD_EVENTS):
            raise CardError(f"{where}: by_effect doesn't apply to {'a block' if event == 'blocked' else 'this card about to be ' + event}")
        out["by_effect"] = item["by_effect"]
    if "while" in item:
        if timing != "when" or not isinstance(item["while"], dict) or not item["while"] or "other" in item["while"]:
            raise CardError(f"{where}: while (a 'when' effect's condition on this card, e.g. {{suspended: false}}) "
                            "is a mapping of filters")
        check_filters(item["while"], f"{where}.while")
        out["while_this"] = item["while"]
    if event == "source_added" and (whose != "own" or item.get("other")):
        raise CardError(f"{where}: source_added watches this Digimon only (no whose other than own, no other)")
    if item.get("other"):
        if event in PLAYER_EVENTS or whose in ("opponent", "self"):
            raise CardError(f"{where}: other ('another of your Digimon') doesn't apply to {event} / whose {whose}")
        out["other"] = True
    instead = item.get("instead")
    if timing == "would" and event == "leaves" and (whose != "self" or item.get("other") or item.get("by_effect") is not None):
        raise CardError(f"{where}: a 'would leave the battle area' effect watches this card only "
                        "(\"when this Digimon would leave the battle area\": whose self, no other, no by_effect)")
    if timing == "would" and event == "deleted":
        if instead is None and not item.get("do"):
            raise CardError(f"{where}: a 'would be deleted' effect says what happens instead (instead: {{trash_from_hand: 1}}) "
                            "or what it does right before the deletion (do: [...])")
        if instead is not None and item.get("do"):
            raise CardError(f"{where}: a 'would be deleted' effect either replaces the deletion with its 'instead' or "
                            "does its 'do' before it, not both")
        if instead is None and (whose != "self" or item.get("other") or item.get("by_effect") is not None):
            raise CardError(f"{where}: a 'would be deleted' effect with 'do' watches this Digimon only "
                            "(\"when this Digimon would be deleted\": whose self, no other, no by_effect)")
    elif instead is not None:
        raise CardError(f"{where}: instead replaces a deletion (timing would, event deleted)")
    if instead is not None:
        if not isinstance(instead, dict) or not instead:
            raise CardError(f"{where}: instead is a mapping such as {{trash_from_hand: 1}} ({', '.join(INSTEAD)})")
        for key, value in instead.items():
            if key not in INSTEAD:
                raise CardError(f"{where}: instead can't be {key!r} (known: {', '.join(INSTEAD)})")
            if key == "suspend" and value not in ("self", "it"):
                raise CardError(f"{where}: instead.suspend is self (this card) or it (the Digimon that would be deleted)")
            if key != "suspend" and (isinstance(value, bool) or not isinstance(value, int) or (key != "memory" and value < 1)):
                raise CardError(f"{where}: instead.{key} is a number")
        out["instead"] = tuple(instead.items())
    reduces = any("reduce_play_cost" in step for step in item.get("do") or [] if isinstance(step, dict))
    if reduces and not (timing == "would" and event == "played"):
        raise CardError(f"{where}: reduce_play_cost works in a 'when this card would be played' effect only")
    return out


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


PERSISTENT_STEPS = ("dp", "security_attack", "gain", "add_info", "change_info")  # what a persistent effect does to the cards it names
PERSISTENT_TARGETS = ("self", "all_own", "all_opponent", "all")  # it chooses nothing (CR 15-10-2-4-1)


def _check_vocabulary(item: dict, effect: Effect, where: str) -> None:
    """The conditions, targets and filters of one effect, and what a persistent effect may do."""
    if effect.condition is not None:
        check_condition(effect.condition, f"{where}.if")
        if "trigger" in effect.condition:
            raise CardError(f"{where}.if.trigger: \"that Digimon\" is read as a step is processed (CR 15-8-3-9-3): "
                            f"give it on the step, e.g. {{if: {{trigger: {{min_level: 4}}}}, memory: 1}}")
    for j, step in enumerate(effect.steps):
        here = f"{where}.do[{j}]"
        if "if" in step:
            check_condition(step["if"], f"{here}.if")
            if "trigger" in step["if"] and effect.timing != "when":
                raise CardError(f"{here}.if.trigger: \"that Digimon\" is the one whose event triggered a `when` effect")
        (name, arg), = ((k, v) for k, v in step.items() if k != "if")
        if name in TARGETED_STEPS:
            check_targeted(name, arg, f"{here}.{name}", persistent=effect.persistent, when=effect.timing == "when")
        if name == "digivolve" and isinstance(arg, dict) and arg.get("ignore_requirements") and "cost" not in arg:
            raise CardError(f"{here}.digivolve: ignoring the requirements leaves no cost to read; give its cost")
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
            raise CardError(f"{what}; it changes DP, <Security A.>, information or gives a keyword ({', '.join(PERSISTENT_STEPS)}), not {name}")
        spec = arg if isinstance(arg, dict) else {"amount": arg}
        if spec.get("target", "self") not in PERSISTENT_TARGETS:
            raise CardError(f"{what}; it names the cards it applies to ({', '.join(PERSISTENT_TARGETS)}), "
                            f"it doesn't choose {spec['target']!r} (CR 15-10-2-4-1)")
        if "until" in spec:
            raise CardError(f"{what}; it applies while its window is open, not until {spec['until']}")
        if name in ("dp", "security_attack") and (isinstance(spec.get("amount"), bool) or not isinstance(spec.get("amount"), int)):
            raise CardError(f"{what}; {name} needs an amount")


#: A card lying face down under another card: a card without any card information (CR 4-7-9).
FACE_DOWN = CardDef(name="(face-down card)", category="")


# Definitions already parsed, by (name, spec) as marshalled: each game of a self-play run or of a
# scenario's variations parses the same specs again, and a CardDef never changes once made.
_PARSED: dict[bytes, CardDef] = {}
_PARSED_MAX = 4096


def card_from_spec_once(name: str, spec: dict) -> CardDef:
    """``card_from_spec``, parsed once per distinct spec.  Nothing the caller changes in the spec later
    reaches the definition: it keeps no list or mapping of the spec (``card_from_spec``)."""
    try:
        key = marshal.dumps((name, spec))
    except ValueError:  # not plain data (a date a YAML file carried, say): parsed every time
        return card_from_spec(name, spec)
    # (card_from_spec keeps no part of the spec that can change: see there)
    return _once(_PARSED, key, lambda: card_from_spec(name, spec))


def _once(cache: dict, key, make):
    """``cache[key]``, made by ``make()`` the first time; a full cache (_PARSED_MAX) starts again empty."""
    found = cache.get(key)
    if found is None:
        found = make()
        if len(cache) >= _PARSED_MAX:
            cache.clear()
        cache[key] = found
    return found


# Effect lists already parsed, by (which list of a card, the list as marshalled): random decks give
# every card a spec of its own (so ``_PARSED`` misses), but draw its effects from a few lists.
# Effects are never changed once made; a card's own and inherited lists never share one.
_EFFECTS_PARSED: dict[tuple[str, bytes], tuple[Effect, ...]] = {}


def _effects_once(spec, name: str, which: str) -> tuple[Effect, ...]:
    """``_effects`` of a card's ``which`` list, parsed once per distinct list (from a private copy)."""
    if not spec:
        return _effects(spec, f"card {name!r} {which}")
    try:
        key = (which, marshal.dumps(spec))
    except ValueError:  # not plain data: parsed every time
        return _effects(spec, f"card {name!r} {which}")
    return _once(_EFFECTS_PARSED, key, lambda: _effects(marshal.loads(key[1]), f"card {name!r} {which}"))


def card_from_spec(name: str, spec: dict) -> CardDef:
    """Build a CardDef from a scenario's inline definition; raise CardError on bad fields.  The
    definition keeps no list or mapping of the spec: effects are parsed from copies of their own
    (``_effects_once``), keyword values that are lists or mappings are copied (``_keywords``), and
    everything else is turned into tuples, strings and numbers as it is read."""
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
    # (most cards have no keywords, or no inherited ones: nothing to read, nor to word a message for)
    keywords = spec.get("keywords")
    keywords = () if keywords is None else _keywords(keywords, f"card {name!r} keywords", with_timing=True)
    inherited_keywords = inherited.get("keywords")
    inherited_keywords = () if inherited_keywords is None else _keywords(
        inherited_keywords, f"card {name!r} inherited keywords", with_timing=True)
    if category != "option" and (keywords or inherited_keywords) and any(
            k == "use_req" for k, _ in keywords + inherited_keywords):
        raise CardError(f"card {name!r} keywords: <Use Req.> (CR 16-42) lifts the colour requirements of an Option card "
                        "(CR 4-22), so only an Option card can have it")
    return CardDef.parsed(
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
        keywords=keywords,
        effects=_effects_once(spec.get("effects"), name, "effects") + _keyword_effects(keywords),
        inherited_keywords=inherited_keywords,
        inherited=_effects_once(inherited.get("effects"), name, "inherited effects") + _keyword_effects(inherited_keywords),
        token=bool(spec.get("token", False)),
        traits=tuple(spec.get("traits", ())),
        **_rule(name, spec.get("rule")),
    )


RULE_KEYS = {"trait": "rule_traits", "name": "rule_names", "name_contains": "rule_name_parts"}


def _rule(name: str, spec) -> dict:
    """The card's (Rule) text (CR 2-3-4): ``{trait: X, name: X, name_contains: X}``, each a text or a list."""
    if spec is None:
        return {}
    if not isinstance(spec, dict) or not spec or set(spec) - set(RULE_KEYS):
        raise CardError(f"card {name!r}: rule is a mapping of {', '.join(RULE_KEYS)}, e.g. {{trait: Iliad}}")
    out = {}
    for key, value in spec.items():
        values = value if isinstance(value, list) else [value]
        if not values or not all(isinstance(v, str) and v for v in values):
            raise CardError(f"card {name!r}: rule.{key} names a text or a list of them, e.g. {key}: Greymon")
        out[RULE_KEYS[key]] = tuple(values)
    return out



def _keyword_effects(keywords) -> tuple[Effect, ...]:
    """The effects that keywords such as "[When Digivolving] <Blitz>" print: one step under their timing."""
    if not keywords:
        return ()
    return tuple(Effect(timing=value, steps=({EFFECT_KEYWORDS[key][1]: True},))
                 for key, value in keywords if key in EFFECT_KEYWORDS)


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


# The keys of a card spec that give special play/digivolve information (read by ``_special``).
SPECIAL_KEYS = frozenset(("dna", "digixros", "assembly", "burst", "app_fusion", "link", "option", "overflow", "xros_as",
                          "notes", "blast_digivolve", "blast_dna"))


def _special(name: str, spec: dict) -> dict:
    """The special play/digivolve information of a card spec, checked."""
    out: dict = {}
    if SPECIAL_KEYS.isdisjoint(spec):
        return out  # (most cards have none)
    for i, item in enumerate(spec.get("dna") or []):
        parts = tuple(_requirement(name, p, f"dna[{i}].parts") for p in item.get("parts") or [])
        if len(parts) < 2:
            raise CardError(f"card {name!r}: dna[{i}] needs at least 2 parts")
        out.setdefault("dna", ())
        out["dna"] += ((int(item.get("cost", 0)), parts),)
    if spec.get("digixros"):
        x = spec["digixros"]
        out["digixros"] = (int(x["reduction"]), tuple(x["cards"]))
        if x.get("any_different") is not None:
            if not isinstance(x["any_different"], dict) or set(x["any_different"]) != {"trait"} \
                    or not isinstance(x["any_different"]["trait"], str) or not x["any_different"]["trait"]:
                raise CardError(f"card {name!r}: digixros.any_different names the trait, e.g. {{trait: Xros Heart}}")
            out["digixros_any"] = x["any_different"]["trait"]
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
            "effects": _effects_once(x.get("effects"), name, "option effects"),
        }
    if spec.get("overflow") is not None:
        out["overflow"] = int(spec["overflow"])
    if spec.get("xros_as"):
        out["xros_as"] = str(spec["xros_as"])
    if spec.get("notes") is not None:
        notes = spec["notes"]
        if not isinstance(notes, list) or not notes or not all(isinstance(n, str) for n in notes):
            raise CardError(f"card {name!r}: notes lists the keyword icons its notes mention, e.g. [security_attack]")
        out["notes"] = tuple(notes)
    if spec.get("blast_digivolve"):
        out["blast"] = True
    if spec.get("blast_dna"):
        names = spec["blast_dna"]
        if not isinstance(names, list) or len(names) < 2 or not all(isinstance(n, str) for n in names):
            raise CardError(f"card {name!r}: blast_dna names the Digimon of <Blast DNA Digivolve>, e.g. [Durandamon, BryweLudramon]")
        if not out.get("dna"):
            raise CardError(f"card {name!r}: blast_dna needs the card's DNA digivolution requirement (dna:), "
                            "which <Blast DNA Digivolve> can't ignore (CR 16-31-5)")
        out["blast_dna"] = tuple(names)
    return out
