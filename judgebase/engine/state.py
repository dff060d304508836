"""Game state: zones, cards, the event log, and the decision loop.

The shape follows OpenSpiel: ``legal_actions()``, ``apply(action)``,
``current_player``, ``is_over``, ``winner``, ``clone()``.  The rules live in
:mod:`judgebase.engine.official`; this module only holds what the state is.

The game runs as one generator that yields a :class:`Decision` whenever a
player must choose.  ``clone()`` therefore replays the actions taken so far
from the same starting position and seed: deterministic, and exactly equal.
"""

from __future__ import annotations

import itertools
import marshal
from copy import deepcopy
from dataclasses import dataclass, field

from .cards import CardDef


class IllegalAction(Exception):
    """An action the rules forbid; ``ref`` is the clause that forbids it."""

    __slots__ = ("_reason", "ref")  # (set faster than instance-dict attributes)

    # Built for every candidate action the rules refuse while legal actions are listed, so it
    # keeps ``args`` as given (reason, ref) and formats its message only when shown: ``reason``
    # may be a function that words it, called the first time the reason is read.
    def __init__(self, reason, ref: str):
        self._reason = reason
        self.ref = ref

    @property
    def reason(self) -> str:
        if callable(self._reason):
            self._reason = self._reason()
            self.args = (self._reason, self.ref)
        return self._reason

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.reason!r}, {self.ref!r})"

    def __str__(self) -> str:
        return f"{self.reason} ({self.ref})"


@dataclass(frozen=True, init=False)
class Action:
    """One decision.  ``kind`` names it; the other fields say which card, target or option."""

    kind: str
    card: int | None = None  # a card uid (hand card) or a stack id (field)
    target: int | None = None  # a stack id; -1 means the opponent player
    option: int | None = None  # requirement index, pending-effect index, choice index
    targets: tuple[int, ...] = ()  # several stack ids: DNA materials, Burst's Tamer

    def __init__(self, kind: str, card: int | None = None, target: int | None = None, option: int | None = None,
                 targets: tuple[int, ...] = ()):
        # Every candidate the rules are asked about is an Action: filled in directly, which is more
        # than twice as fast as the frozen dataclass's own __init__ (it stays frozen afterwards).
        fields = self.__dict__
        fields["kind"] = kind
        fields["card"] = card
        fields["target"] = target
        fields["option"] = option
        fields["targets"] = targets

    def __str__(self) -> str:
        fields = (("card", self.card), ("target", self.target), ("option", self.option), ("targets", self.targets or None))
        parts = [self.kind] + [f"{k}={v}" for k, v in fields if v is not None]
        return " ".join(parts)


@dataclass(slots=True)
class Event:
    """One thing that happened, and the clause that made it happen."""

    kind: str
    ref: str
    player: int | None = None
    data: dict = field(default_factory=dict)

    def __str__(self) -> str:
        who = f"P{self.player + 1} " if self.player is not None else ""
        details = ", ".join(f"{k}={v}" for k, v in self.data.items())
        return f"{who}{self.kind}{(' (' + details + ')') if details else ''}  [{self.ref}]"


@dataclass(slots=True)
class Decision:
    """Who must choose now, and from what.

    ``check`` is the predicate that built ``actions`` (each candidate it allows is offered);
    the same predicate explains why an action this decision doesn't offer is refused, so
    one rule decides both (``DecisionLoop.decide`` builds such a decision).
    """

    player: int
    kind: str
    actions: list[Action]
    prompt: str = ""
    check: object = field(default=None, repr=False, compare=False)  # Action -> IllegalAction | None
    covers: frozenset = field(default=frozenset(), repr=False, compare=False)  # the action kinds ``check`` decides


_uids = itertools.count(1)


def copy_config(config: dict) -> dict:
    """A private copy of a game's config, so ``clone()`` replays the same start whatever the caller
    changes later.  Configs are plain data: marshal copies them several times faster than deepcopy,
    which stays the fallback for anything else (a date a YAML file carried, say)."""
    try:
        return marshal.loads(marshal.dumps(config))
    except ValueError:
        return deepcopy(config)


def freeze_config(config: dict):
    """A private copy of a game's config kept packed (marshalled): unpacked by ``thaw_config`` only
    when read, which most games never are (``clone()``).  Anything marshal can't pack is deep-copied."""
    try:
        return marshal.dumps(config)
    except ValueError:
        return deepcopy(config)


def thaw_config(frozen) -> dict:
    return marshal.loads(frozen) if isinstance(frozen, bytes) else deepcopy(frozen)


@dataclass(eq=False, slots=True)
class Card:
    """A physical card.  ``incarnation`` changes whenever it becomes a new card (CR 3-1-3-1)."""

    defn: CardDef
    owner: int
    uid: int = field(default_factory=lambda: next(_uids))
    incarnation: int = 0
    face_up: bool = False
    # Lying face down under another card, it has no information (CR 4-7-9): ``defn`` is then the blank
    # FACE_DOWN and its own information waits here until it leaves the stack.
    hidden: CardDef | None = None

    @property
    def name(self) -> str:
        return self.defn.name

    def __repr__(self) -> str:
        return f"{self.defn.name}#{self.uid}"


@dataclass(slots=True)
class Modifier:
    """A temporary change on a Digimon: DP, a gained keyword, security checks."""

    kind: str  # "dp", "keyword", "security_attack"
    value: object
    until: str  # "end_of_turn", "end_of_attack", "end_of_opponents_turn", "permanent"
    source: str = ""
    turn: int = 0
    by: int | None = None  # whose effect made it (CR 15-10-1-1-1); None: the card's own
    etype: str = "digimon"  # the kind of effect (CR 15-2-1), for "isn't affected by ... effects"
    chosen_if: dict | None = None  # the conditions its target was chosen by (CR 15-11-1-3-2)
    chosen: bool = False  # individual processing: its target was chosen (CR 15-11-1-1, 15-11-1-2)


@dataclass(eq=False, slots=True)
class Stack:
    """A Digimon or Tamer on the field: its cards bottom to top, orientation and state."""

    sid: int
    owner: int
    cards: list[Card]
    suspended: bool = False
    placed_turn: int = 0
    modifiers: list[Modifier] = field(default_factory=list)
    links: list[Card] = field(default_factory=list)
    area: str = "battle"  # "battle" or "breeding"
    label: str | None = None
    xros_placed: int = 0  # cards its DigiXros put under it when it was played ("if DigiXrosing", CR 7-2-2-9)
    placed_by_effect: bool = False  # an Option an effect placed in the battle area may stay there (CR 17-1-3-2-2)
    face_down: bool = False  # a card lying face down on the field, which a rule check trashes (CR 17-1-3-2-4)
    assembly_placed: int = 0  # cards its Assembly put under it when it was played (CR 7-3-2-7)

    @property
    def top(self) -> Card:
        return self.cards[-1]

    @property
    def sources(self) -> list[Card]:
        """Digivolution cards: every card under the top one (CR 4-8-1).  Cards under a Tamer (<Save>,
        <Material Save>, CR 4-4-2) are not digivolution cards."""
        cards = self.cards
        if len(cards) > 1 and cards[-1].defn.category == "tamer":
            return []
        return cards[:-1]

    @property
    def name(self) -> str:
        return self.top.defn.name

    def __repr__(self) -> str:
        return f"{self.label or self.cards[-1].defn.name}@{self.sid}"


@dataclass(slots=True)
class PlayerState:
    deck: list[Card] = field(default_factory=list)  # index 0 is the top
    eggs: list[Card] = field(default_factory=list)  # index 0 is the top
    hand: list[Card] = field(default_factory=list)
    trash: list[Card] = field(default_factory=list)  # last is the top
    security: list[Card] = field(default_factory=list)  # index 0 is the top
    battle: list[Stack] = field(default_factory=list)
    breeding: Stack | None = None
    removed: list[Card] = field(default_factory=list)  # tokens that left the field
    # Cards in no area for a moment: an Option being used (CR 9-1-4), a checked security
    # card (CR 13-1-6), a card revealed for digivolution.  Listed so every card is somewhere.
    processing: list[Card] = field(default_factory=list)

    def all_cards(self) -> list[Card]:
        field_cards = [c for s in self.battle for c in s.cards + s.links]
        if self.breeding:
            field_cards += self.breeding.cards
        return self.deck + self.eggs + self.hand + self.trash + self.security + field_cards + self.removed + self.processing


@dataclass(slots=True)
class Pending:
    """A triggered effect waiting to activate (CR 15-4-4)."""

    player: int
    source: str  # description for the log
    effect: object  # cards.Effect or a keyword name
    stack: Stack | None = None
    card: Card | None = None
    data: dict = field(default_factory=dict)


@dataclass(slots=True)
class Attack:
    attacker: Stack
    target: Stack | None  # None: the opponent player
    declared_target: Stack | None
    blocked: bool = False
    countered: bool = False
    extra_checks: int = 0
    dp_bonus: int = 0
    helpers: list = field(default_factory=list)  # (Digimon suspended for <Alliance>, the DP it added)
    via: str = "normal"  # "normal", "blitz", "vortex", "execute", "engage"
    pending_piercing: bool = False
    execute_delete: bool = False
    goes_on: str | None = None  # a set-up attack under way: where it goes on ("counter", "block", "resolve")
    # Which of the attack's timings is under way (CR 11-1-3): declaration, counter, block, confirm, end.
    timing: str = "declaration"
    ended: bool = False  # an effect has ended it: the end of attack timing comes next (CR 15-15-1-1)


class DecisionLoop:
    """The OpenSpiel-shaped API shared by every ruleset's game.

    Subclasses set ``_config``, ``decision``, ``history``, ``winner``, ``over_reason``,
    write the game as the generator ``_game()``, and explain refusals in ``why_illegal``.
    ``clone()`` replays the same start and actions: deterministic given the seed.
    """

    GAME_OVER_REF = "CR 1-2-2"

    @property
    def _config(self) -> dict:
        """The config the game started from: a private copy (``copy_config``), or one unpacked
        from the packed copy ``freeze_config`` made, when first read."""
        config = self.__dict__.get("_config_copy")
        if config is None:
            config = self._config_copy = thaw_config(self._frozen_config)
        return config

    @_config.setter
    def _config(self, config: dict) -> None:
        self._config_copy = config

    @property
    def current_player(self) -> int | None:
        return None if self.decision is None else self.decision.player

    @property
    def is_over(self) -> bool:
        return self.winner is not None or self.over_reason is not None

    @staticmethod
    def decide(player: int, kind: str, candidates, prompt: str, check) -> Decision:
        """A decision offering exactly the candidates ``check`` allows; ``check`` also explains every refusal."""
        candidates = list(candidates)
        return Decision(player, kind, [a for a in candidates if check(a) is None], prompt, check,
                        frozenset({a.kind for a in candidates}))

    def legal_actions(self) -> list[Action]:
        return [] if self.decision is None else list(self.decision.actions)

    def apply(self, action: Action) -> None:
        """Take ``action``; raise IllegalAction (state untouched) if the rules forbid it."""
        if self.is_over or self.decision is None:
            raise IllegalAction("the game is over", self.GAME_OVER_REF)
        actions = self.decision.actions
        # (An action taken from legal_actions() is one of these very objects: found by identity without
        # comparing it field by field with every action listed before it.)
        if id(action) not in map(id, actions) and action not in actions:
            raise self.why_illegal(action)
        self.history.append(action)
        self._advance(action)

    def clone(self):
        """An identical, independent game: the same start replayed with the same actions."""
        twin = type(self)(self._config)
        twin.start()
        for action in self.history:
            twin.apply(action)
        return twin

    def start(self):
        self._flow = self._game()
        self._advance(None)
        return self

    def _advance(self, action) -> None:
        try:
            self.decision = self._flow.send(action)
        except StopIteration:
            self.decision = None
