"""The official Digimon Card Game rules (Comprehensive Rules Ver. 4.2): the game and its state.

The rules live in one module per part of the Comprehensive Rules, each a mixin of :class:`Game`:
``flow`` (setup, turns, phases), ``actions`` (the main phase's legal actions), ``playing`` and
``special`` (playing, using, digivolving), ``battle`` (attacks, blocks, security checks, battles),
``effects`` (triggers, timing, steps), ``targets`` (conditions, targets, "isn't affected"),
``persistent`` (persistent and lasting effects), ``keywords`` (the keyword registry), ``rule_checks``
(deletion and rule processing).  Every illegal action raises :class:`IllegalAction` with the ref
that forbids it, and every event in the log carries the ref of the rule that produced it.
"""

from __future__ import annotations

import random

from ..cards import CardDef
from ..state import (
    Action,
    Attack,
    Card,
    Decision,
    DecisionLoop,
    Event,
    Pending,
    PlayerState,
    Stack,
    freeze_config,
)
from .actions import MainPhaseActions
from .battle import Battles
from .common import DECISION_REF
from .effects import Effects
from .flow import Flow
from .information import Information
from .keywords import Keywords
from .persistent import Persistent
from .playing import Playing
from .position import Position
from .rule_checks import RuleChecks
from .special import SpecialDigivolutions
from .steps import Steps
from .targets import Targets
from .variant import Variant


class Game(Position, Flow, MainPhaseActions, Playing, SpecialDigivolutions, Battles, Effects, Targets, Persistent, Steps,
           Keywords, RuleChecks, Information, DecisionLoop):
    """A game under the official rules.  Build one with :func:`new_game` or :meth:`from_position`."""

    ruleset = "official"
    # The main phase actions (CR 6-5-1); ``_check`` decides each of them.
    DECISION_REFS: dict[str, str] = DECISION_REF  # the clause behind each kind of decision
    MAIN_KINDS = ("pass", "play", "use", "digivolve", "attack", "activate", "dna", "burst", "app_fusion", "link")
    VARIANT = Variant  # the hooks a format changes the rules through (variant.py); none officially

    def __init__(self, config: dict):
        self._frozen_config = freeze_config(config)  # (unpacked as ``_config`` when read: clone())
        # What the flow reads of the config (flow.py): the start and whether the first player draws.
        self._start_phase = config.get("phase", "setup")
        self._first_player = config.get("first_player", 0)
        self._draw_on_turn_1 = config.get("draw_on_turn_1")
        self.rng = random.Random(config.get("seed", 0))
        self.players = [PlayerState(), PlayerState()]
        self.memory = 0  # from player 0's side: positive = player 0 has memory
        self.turn_player = config.get("first_player", 0)
        self.turn = 1
        self.phase = "setup"
        self.log: list[Event] = []
        self.history: list[Action] = []
        self.winner: int | None = None
        self.over_reason: str | None = None
        self.attack: Attack | None = None
        self.pending: list[Pending] = []
        self.per_turn_used: dict = {}  # [X Per Turn] activations per card copy and turn (CR 15-14-1)
        self.occurrences: list[int] = []  # how many times the trigger of each effect now processing was met (CR 4-27-5)
        self.trigger_levels: list = []  # the level of the Digimon that triggered each effect now processing, then (CR 15-8-3-8)
        self.trigger_subjects: list = []  # that Digimon itself, read as it is now by "if that Digimon is ..." (CR 15-8-3-9-3)
        self._playing: list[dict] = []
        self._committed_cost = None  # the card whose declared [Main] must pay its "By ..." cost (CR 15-8-4-4-1)
        self._ending_turn = False  # resolving what triggered at the end of the turn (CR 15-8-3-6)
        self._cause_used: list[set] = []  # "instead" effects used per deletion being carried out (CR 15-8-5-4)
        self._unmet_at_trigger: list[set] = []  # per deletion: "instead" effects whose condition failed as it was about to happen (CR 15-8-5-5-2)
        self._processing = 0  # effects being processed now: what triggers meanwhile waits (CR 15-8-3-2)
        self._at_zero: list[set] = []  # per effect being processed: Digimon at 0 DP whose rule check waits (CR 17-1-2-2)
        self._overwriting = 0  # an "instead" being carried out: nothing interrupts it (CR 18-2-4)
        self._waiting: list[list] = []  # pending effects set aside while one of them is activated (CR 15-4-2-4)
        self._older_pending: list[list] = []  # pending effects waiting while newer ones resolve (CR 15-4-5)  # cards being played, while their "would be played" effects resolve
        self.decision: Decision | None = None
        self._sids = 0
        self._stack_by_sid: dict[int, Stack] = {}  # every stack ever made; find_stack checks it is still on the field
        self._uids = 0
        self._flow = None
        self.labels: dict[str, int] = {}  # scenario names for stacks and cards
        self._main_logged = None
        self._main_arrives = None
        # (player, cards, looked at, area they come from) an effect is revealing now (CR 15-15-3-8-1, 15-15-3-9-1)
        self._shown: list[tuple] = []
        self._mandatory_depth = 0  # inside another effect activated by a mandatory effect (CR 15-15-7-4)  # the turn whose main phase came in play, not from the setup (CR 15-16-13)
        self.burst_pending: list[tuple[int, int, int]] = []  # (stack, card, turn) - CR 8-3-2-1
        self.later: list = []  # (turn, player, effect, card): steps left for the end of the turn (CR 18-1-1)
        self._choices = [0, 0]  # each player's answers to decisions offering more than 1 action: they could change course
        self._loop_epoch = 0  # phase actions taken: a loop of processing lies between two of them (CR 18-3)
        self._loop_mark, self._loop_seen, self._loops = -1, {}, {}
        self.lasting: list = []  # overall processing that lasts a while (persistent.Lasting, CR 15-11-2)
        self._lasting_uid = 0
        self._computing: set = set()  # lookups under way (persistent.continuous)
        # What persistent and lasting effects give each card is worked out once per state: the state
        # changes with every event (each rule the engine applies logs one) and with ``_touch``.
        self._version = 0
        self._memo: dict = {}
        self._memo_version = -1
        self._checked_version = -1  # the state _continuous_check last looked at
        self._quiet_version = -1  # the last state a rule check found nothing to do in (rule_checks._rule_check)
        # What persistent and lasting effects could give (persistent._reach_index), by battle-area layout.
        self._index, self._index_version, self._layout, self._parts = None, -1, None, []
        self._simple, self._looked_at = False, (None, None)
        # (kind, keyword) pairs the game's cards could give through persistent or lasting effects:
        # to their own Digimon only (CR 15-8-2), or to other cards too (CR 15-11-2).
        self._known_defs: dict = {}
        self._may_give_self: set = set()
        self._may_give_others: set = set()
        # Whether persistent or lasting effects could give DP (to other cards, to their own Digimon) or
        # information (CR 15-12): those sets, asked at every DP lookup (kept by persistent._learn).
        self._dp_given, self._info_given = (False, False), False
        self._keywords_in_game: set = set()  # every keyword a card of this game has or can give
        self._continuous_seen = None  # what persistent and lasting effects reached at the last look
        self._succession_seen = None  # the <Succession> card of each Digimon at the last look (CR 16-47-2)
        self._timings_in_game: set = set()  # timings some card's effects have, printed or inherited (_trigger_timing)
        self._events_watched: set = set()  # events some card's "when ..." effect watches (effects._fire)
        self._zone_timings: set = set()  # timings some card's {Hand}, {Trash}, {Security} effect has (effects._trigger_timing)
        self._fits: dict = {}  # whether a card definition meets a requirement (special.requirement_problem)
        self.variant = self.VARIANT(self)
        self._build(config)  # position.py: the cards and the state the setup gives
        self.variant.build(config)
        self._succession_check()  # the <Succession> cards the position starts with (CR 16-47-2)

    def new_card(self, defn: CardDef, owner: int) -> Card:
        self._uids += 1
        if id(defn) not in self._known_defs:
            self._learn(defn)  # what its effects could ever give other cards (targets)
        return Card(defn, owner, uid=self._uids)

    def emit(self, kind: str, ref: str, player: int | None = None, **data) -> None:
        self.log.append(Event(kind, ref, player, data))
        self._version += 1

    def _touch(self) -> None:
        """The state changed without an event (yet): lookups worked out before are stale."""
        self._version += 1

    def opponent(self, player: int) -> int:
        return 1 - player

    def mem(self, player: int) -> int:
        """Memory on ``player``'s side (negative: on the opponent's side)."""
        return self.memory if player == 0 else -self.memory

    def set_mem(self, player: int, value: int, ref: str, why: str) -> None:
        # CR 1-4-2-2: the gauge runs to 10 on either side and memory never exceeds 10.
        if abs(value) > 10:
            self.emit("memory_capped", "CR 1-4-2-2", player, value=max(-10, min(10, value)))
        value = max(-10, min(10, value))
        before = self.mem(player)
        self.memory = value if player == 0 else -value
        if before != value:
            self.emit("memory", ref, player, before=before, after=value, why=why)
            self._blitz_attack_goes_on(player, before, value)

    def pay(self, player: int, cost: int, ref: str, why: str) -> None:
        # CR 4-2-2: paying moves the memory toward the opponent by exactly the cost.
        self.set_mem(player, self.mem(player) - max(0, cost), ref, why)

    def new_stack(self, owner: int, cards: list[Card], area: str = "battle", label: str | None = None) -> Stack:
        self._sids += 1
        for card in cards:
            card.face_up = True
        stack = Stack(self._sids, owner, cards, placed_turn=self.turn, area=area, label=label)
        self._stack_by_sid[stack.sid] = stack
        return stack

    def stacks(self, player: int | None = None) -> list[Stack]:
        if player is not None:
            return list(self.players[player].battle)
        return self.players[0].battle + self.players[1].battle

    def find_stack(self, sid: int) -> Stack | None:
        """The stack with this id if it is on the field now (battle or breeding area), else None."""
        stack = self._stack_by_sid.get(sid)
        if stack is None:
            return None
        ps = self.players[stack.owner]
        return stack if stack in ps.battle or ps.breeding is stack else None

    def find_card(self, uid: int) -> Card | None:
        for p in self.players:
            for card in p.all_cards():
                if card.uid == uid:
                    return card
        return None

    def is_digimon(self, stack: Stack) -> bool:
        return stack.top.defn.category in ("digimon", "digi-egg") or self.treated_as_digimon(stack)

    def dp(self, stack: Stack) -> int | None:
        """Current DP: printed DP plus every change that reaches the Digimon now, netted (CR 1-3-8):
        those chosen effects left on it, persistent and lasting effects (CR 15-8-2, 15-11-2), link
        DP and <Alliance>.  A card without DP gets none (CR 2-5-3)."""
        # (Read for every Digimon at every rule check: each step is skipped where it can't add anything,
        # and the steps are written out here rather than asked of helpers, as a call costs more than most.)
        cards = stack.cards
        # CR 15-12: information an effect added or changed (``_info_may_differ``, asked inline)
        total = self.info(stack, "dp") if self._info_given or stack.modifiers else cards[-1].defn.dp
        if total is None:
            return None
        if stack.modifiers:
            total += sum(mod.value for mod in self.modifiers(stack, "dp"))
        to_others, to_self = self._dp_given
        if to_others:
            total += sum(a.value for a in self.continuous(stack, "dp"))
        elif to_self and stack.area == "battle":
            # Only their own persistent effects give Digimon DP in this game, and a Digimon is always affected
            # by those: the DP steps of its top card's own effects, of its digivolution cards' inherited ones
            # (CR 15-3) and of its <Succession> card's own ones (CR 16-47-1) that apply now - ``_own_parts``
            # for DP, summed without building records.
            top = cards[-1]
            succession = self.succession_card(stack) if "succession" in self._keywords_in_game else None
            status = self._persistent_status
            for card in cards:
                own, inherited = card.defn.self_dp_parts
                for part in own if card is top else inherited + own if card is succession else inherited:
                    if status(part.effect, stack) == "on":
                        total += int(part.spec["amount"])
        if stack.links:
            for link in stack.links:
                total += (link.defn.link or {}).get("dp", 0)  # CR 10-1-1: link DP
        attack = self.attack
        if attack is not None and attack.attacker is stack:
            total += attack.dp_bonus
        return total if total > 0 else 0

    def level(self, stack: Stack) -> int | None:
        return self.info(stack, "level") if self._info_may_differ(stack) else stack.top.defn.level  # CR 15-12

    def dump(self) -> dict:
        """Everything that makes up the position, for comparing two states."""

        def stack_dump(s: Stack):
            return {
                "sid": s.sid, "cards": [(c.uid, c.name) for c in s.cards], "suspended": s.suspended,
                "placed_turn": s.placed_turn, "area": s.area, "links": [c.uid for c in s.links],
                "modifiers": [(m.kind, m.value, m.until, m.by) for m in s.modifiers],
            }

        state = {
            "turn": self.turn, "turn_player": self.turn_player, "phase": self.phase, "memory": self.memory,
            "winner": self.winner, "over": self.over_reason, "log": len(self.log),
            "decision": None if self.decision is None else (self.decision.player, self.decision.kind, [str(a) for a in self.decision.actions]),
            "pending": [(p.player, p.source, p.stack and p.stack.sid, p.card and p.card.uid) for p in self.pending],
            "players": [
                {
                    "deck": [c.uid for c in p.deck], "eggs": [c.uid for c in p.eggs], "hand": [c.uid for c in p.hand],
                    "trash": [c.uid for c in p.trash], "security": [(c.uid, c.face_up) for c in p.security],
                    "battle": [stack_dump(s) for s in p.battle],
                    "breeding": stack_dump(p.breeding) if p.breeding else None,
                    "removed": [c.uid for c in p.removed],
                }
                for p in self.players
            ],
            "per_turn_used": sorted((str(k), n) for k, n in self.per_turn_used.items()),
            "lasting": [(x.uid, x.name, sorted(x.spec.items(), key=str), x.by, x.until) for x in self.lasting],
        }
        a = self.attack
        state["attack"] = None if a is None else (
            a.attacker.sid, a.target and a.target.sid, a.declared_target and a.declared_target.sid, a.blocked, a.countered,
            a.extra_checks, a.dp_bonus, a.via, a.pending_piercing)
        state["burst_pending"] = list(self.burst_pending)
        state["later"] = [(turn, player, card.uid) for turn, player, _effect, card in self.later]
        extra = self.variant.dump()
        if extra is not None:
            state[self.variant.NAME] = extra
        return state

    def _advance(self, action) -> None:
        d = self.decision
        if d is not None:
            if len(d.actions) > 1:
                self._choices[d.player] += 1
            if d.kind in ("main", "breeding"):
                self._loop_epoch += 1
        super()._advance(action)
        # Whatever persistent or lasting effect started or stopped reaching a card while the action
        # was processed is in the log before the next decision (CR 15-8-2-2, 15-8-2-3).
        if not self.is_over:
            self._continuous_check()
            self._succession_check()
