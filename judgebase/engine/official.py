"""The official Digimon Card Game rules (Comprehensive Rules Ver. 4.2).

Every rule enforced here names its clause: an illegal action raises
:class:`IllegalAction` with the ref that forbids it, and every event in the log
carries the ref of the rule that produced it.  That log is what a judge reads.
"""

from __future__ import annotations

import random
from copy import deepcopy

from .cards import CardDef, Effect
from .special import SPECIAL_KINDS, SpecialDigivolutions
from .state import (
    Action,
    DecisionLoop,
    Attack,
    Card,
    Decision,
    Event,
    IllegalAction,
    Modifier,
    Pending,
    PlayerState,
    Stack,
)

PHASES = ("unsuspend", "draw", "breeding", "main")
MAX_TURNS = 300  # random self-play safety net: a game that long ends with a recorded reason


class Game(SpecialDigivolutions, DecisionLoop):
    """A game under the official rules.  Build one with :func:`new_game` or :meth:`from_position`."""

    ruleset = "official"
    # The main phase actions (CR 6-5-1); ``_check`` decides each of them.
    DECISION_REFS: dict[str, str] = {}  # filled in below: the clause behind each kind of decision
    MAIN_KINDS = ("pass", "play", "use", "digivolve", "attack", "activate", "dna", "burst", "app_fusion", "link")

    def __init__(self, config: dict):
        self._config = deepcopy(config)
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
        self.once_used: set = set()
        self.decision: Decision | None = None
        self._sids = 0
        self._uids = 0
        self._flow = None
        self.labels: dict[str, int] = {}  # scenario names for stacks and cards
        self._main_logged = None
        self.burst_pending: list[tuple[int, int, int]] = []  # (stack, card, turn) - CR 8-3-2-1
        self._build(config)

    # ------------------------------------------------------------- building ----
    def new_card(self, defn: CardDef, owner: int) -> Card:
        self._uids += 1
        return Card(defn, owner, uid=self._uids)

    def _build(self, config: dict) -> None:
        """Place every card where the config says: a new game's decks, or any position."""
        from .cards import card_from_spec

        defs = {name: card_from_spec(name, spec) for name, spec in (config.get("cards") or {}).items()}

        def make(name: str, owner: int) -> Card:
            if name not in defs:
                raise KeyError(f"unknown card {name!r}: define it under cards:")
            return self.new_card(defs[name], owner)

        self.turn = int(config.get("turn", 1))
        self.turn_player = int(config.get("turn_player", config.get("first_player", 0)))
        if "memory" in config:
            self.memory = int(config["memory"]) if self.turn_player == 0 else -int(config["memory"])
        for p, spec in enumerate(config.get("players", [{}, {}])):
            ps = self.players[p]
            for zone in ("deck", "eggs", "hand", "trash", "security"):
                cards = [make(n, p) for n in spec.get(zone, [])]
                for c in cards:
                    c.face_up = zone in ("hand", "trash")
                setattr(ps, zone, cards)
            for item in spec.get("battle", []):
                ps.battle.append(self._stack_from(item, p, make, "battle"))
            if spec.get("breeding"):
                ps.breeding = self._stack_from(spec["breeding"], p, make, "breeding")

    def _stack_from(self, item: dict, owner: int, make, area: str) -> Stack:
        cards = [make(n, owner) for n in item["cards"]]
        stack = self.new_stack(owner, cards, area=area, label=item.get("label"))
        stack.suspended = bool(item.get("suspended", False))
        stack.placed_turn = self.turn if item.get("placed_this_turn") else self.turn - 1
        if item.get("label"):
            self.labels[item["label"]] = stack.sid
        return stack


    # --------------------------------------------------------------- helpers ---
    def emit(self, kind: str, ref: str, player: int | None = None, **data) -> None:
        self.log.append(Event(kind, ref, player, data))

    def opponent(self, player: int) -> int:
        return 1 - player

    def mem(self, player: int) -> int:
        """Memory on ``player``'s side (negative: on the opponent's side)."""
        return self.memory if player == 0 else -self.memory

    def set_mem(self, player: int, value: int, ref: str, why: str) -> None:
        # CR 1-4-2-2: the gauge runs to 10 on either side and memory never exceeds 10.
        value = max(-10, min(10, value))
        before = self.mem(player)
        self.memory = value if player == 0 else -value
        if before != value:
            self.emit("memory", ref, player, before=before, after=value, why=why)

    def pay(self, player: int, cost: int, ref: str, why: str) -> None:
        # CR 4-2-2: paying moves the memory toward the opponent by exactly the cost.
        self.set_mem(player, self.mem(player) - max(0, cost), ref, why)

    def new_stack(self, owner: int, cards: list[Card], area: str = "battle", label: str | None = None) -> Stack:
        self._sids += 1
        for card in cards:
            card.face_up = True
        return Stack(self._sids, owner, cards, placed_turn=self.turn, area=area, label=label)

    def stacks(self, player: int | None = None) -> list[Stack]:
        players = [player] if player is not None else [0, 1]
        return [s for p in players for s in self.players[p].battle]

    def find_stack(self, sid: int) -> Stack | None:
        for p in (0, 1):
            for s in self.players[p].battle:
                if s.sid == sid:
                    return s
            b = self.players[p].breeding
            if b is not None and b.sid == sid:
                return b
        return None

    def find_card(self, uid: int) -> Card | None:
        for p in self.players:
            for card in p.all_cards():
                if card.uid == uid:
                    return card
        return None

    def is_digimon(self, stack: Stack) -> bool:
        return stack.top.defn.category in ("digimon", "digi-egg")

    # -- information: DP, keywords, security checks --------------------------------
    def keyword(self, stack: Stack, name: str):
        """The value of keyword ``name`` on this Digimon (printed, inherited, gained), else None."""
        if stack.area != "battle":
            return None  # CR 3-4-7-8: breeding-area information isn't referenced
        values = []
        value = stack.top.defn.keyword(name)
        if value is not None:
            values.append(value)
        for card in stack.sources:
            v = card.defn.keyword(name, inherited=True)
            if v is not None:
                values.append(v)
        for mod in stack.modifiers:
            if mod.kind == "keyword" and mod.value[0] == name:
                values.append(mod.value[1])
        for link in stack.links:
            for key, value in (link.defn.link or {}).get("keywords", ()):
                if key == name:
                    values.append(value)
        if name == "blocker" and self._collision_active(stack.owner):
            values.append(True)  # CR 16-30-1: all of the opponent's Digimon gain <Blocker>
        if not values:
            return None
        if all(isinstance(v, bool) for v in values):
            return True
        texts = [v for v in values if isinstance(v, str)]
        if texts:
            return texts[0]  # e.g. <Decoy (Black)>: the colour it protects
        return sum(v for v in values if not isinstance(v, bool))

    def _collision_active(self, defender: int) -> bool:
        a = self.attack
        return (
            a is not None
            and a.attacker.owner != defender
            and a.attacker in self.players[a.attacker.owner].battle
            and self._own_keyword(a.attacker, "collision")
        )

    def _own_keyword(self, stack: Stack, name: str) -> bool:
        if stack.top.defn.keyword(name) is not None:
            return True
        return any(c.defn.keyword(name, inherited=True) is not None for c in stack.sources) or any(
            m.kind == "keyword" and m.value[0] == name for m in stack.modifiers
        )

    def persistent_effects(self, stack: Stack):
        """(effect, source card) pairs currently applying from this Digimon's own cards."""
        if stack.area != "battle":
            return
        owner_turn = self.turn_player == stack.owner
        candidates = [(e, stack.top) for e in stack.top.defn.effects]
        candidates += [(e, c) for c in stack.sources for e in c.defn.inherited]
        for effect, card in candidates:
            if effect.timing == "all_turns" or (effect.timing == "your_turn" and owner_turn) or (
                effect.timing == "opponents_turn" and not owner_turn
            ):
                if self._condition_met(effect, stack.owner):
                    yield effect, card

    def dp(self, stack: Stack) -> int | None:
        """Current DP: printed DP plus every modifier and persistent effect, netted (CR 1-3-8)."""
        base = stack.top.defn.dp
        if base is None:
            return None
        total = base
        for mod in stack.modifiers:
            if mod.kind == "dp":
                total += mod.value
        for effect, _card in self.persistent_effects(stack):
            for step in effect.steps:
                if "dp" in step and step["dp"].get("target", "self") == "self":
                    total += int(step["dp"]["amount"])
        for link in stack.links:
            total += (link.defn.link or {}).get("dp", 0)  # CR 10-1-1: link DP
        if self.attack and self.attack.attacker is stack:
            total += self.attack.dp_bonus
        return max(0, total)

    def security_checks(self, stack: Stack) -> int:
        """How many cards this Digimon checks (CR 16-4-3, never below 0: CR 16-4-4)."""
        n = 1 + (self.keyword(stack, "security_attack") or 0)
        for mod in stack.modifiers:
            if mod.kind == "security_attack":
                n += mod.value
        for effect, _card in self.persistent_effects(stack):
            for step in effect.steps:
                if "security_attack" in step and step["security_attack"].get("target", "self") == "self":
                    n += int(step["security_attack"]["amount"])
        if self.attack and self.attack.attacker is stack:
            n += self.attack.extra_checks
        return max(0, n)

    def level(self, stack: Stack) -> int | None:
        return stack.top.defn.level

    def _condition_met(self, effect: Effect, player: int) -> bool:
        cond = effect.condition or {}
        if "memory_at_most" in cond and self.mem(player) > cond["memory_at_most"]:
            return False
        if "memory_at_least" in cond and self.mem(player) < cond["memory_at_least"]:
            return False
        return True

    # ------------------------------------------------------------ the flow ----
    def _game(self):
        start_phase = self._config.get("phase", "setup")
        if start_phase == "setup":
            yield from self._setup()
            start_phase = "unsuspend"
        while not self.is_over:
            yield from self._turn(start_phase)
            start_phase = "start"
            if self.turn > MAX_TURNS and not self.is_over:
                self.over_reason = f"turn limit of {MAX_TURNS} reached"
                self.emit("game_over", "CR 1-2-2", reason=self.over_reason)

    def _setup(self):
        for p in (0, 1):
            self.rng.shuffle(self.players[p].deck)
            self.rng.shuffle(self.players[p].eggs)
            self.emit("shuffle", "CR 5-2-1-1", p)
        first = self.turn_player
        self.emit("first_player", "CR 5-2-1-3", first)
        yield from self._hands_security_memory(first, "CR 5-2-1-4", "CR 5-2-1-6", "CR 5-2-1-7", "CR 5-2-1-8")

    def _hands_security_memory(self, first: int, hand_ref: str, security_ref: str, memory_ref: str, start_ref: str):
        """Opening hands and one mulligan each (first player first), security, memory 0, game start."""
        for p in (0, 1):
            self._draw(p, 5, hand_ref)
        for p in (first, 1 - first):  # CR 5-2-1-4: starting with the first player
            choice = yield self.decide(p, "mulligan", [Action("keep"), Action("mulligan")], "keep or re-draw?", _EITHER)
            if choice.kind == "mulligan":
                ps = self.players[p]
                ps.deck.extend(ps.hand)
                ps.hand.clear()
                self.rng.shuffle(ps.deck)
                self.emit("mulligan", "CR 5-2-1-5", p)
                self._draw(p, 5, "CR 5-2-1-5")
        for p in (0, 1):
            ps = self.players[p]
            top5, ps.deck = ps.deck[:5], ps.deck[5:]
            # CR 5-2-1-6: placed one at a time, so the deck's top card ends at the bottom.
            ps.security = list(reversed(top5))
            self.emit("security_set", security_ref, p, cards=len(top5))
        self.memory = 0
        self.emit("memory_set", memory_ref, value=0)
        self.emit("game_start", start_ref, first)

    def _turn(self, start: str):
        tp = self.turn_player
        if start in ("start", "unsuspend"):
            if start == "start":
                self.emit("turn_start", "CR 6-1-1", tp, turn=self.turn)
            # CR 6-2-1-1: start-of-turn effects are processed before unsuspending.
            self._trigger_timing("start_of_your_turn", tp)
            yield from self._resolve()
            if self.is_over:
                return
            start = "unsuspend"
        phases = PHASES[PHASES.index(start):] if start in PHASES else PHASES
        for phase in phases:
            if self._turn_should_end():
                break
            self.phase = phase
            yield from getattr(self, f"_phase_{phase}")()
            if self.is_over:
                return
        while True:
            if self.phase == "main" and not self._turn_should_end():
                yield from self._phase_main()
                if self.is_over:
                    return
            ended = yield from self._end_of_turn()
            if ended or self.is_over:
                break
        if self.is_over:
            return
        self.turn += 1
        self.turn_player = 1 - tp
        self.phase = "start"

    def _turn_should_end(self) -> bool:
        # CR 6-1-4-1: memory at 1 or more on the opponent's side, nothing left to process.
        return self.mem(self.turn_player) < 0 and not self.pending and self.attack is None

    def _phase_unsuspend(self):
        tp = self.turn_player
        self.emit("phase", "CR 6-2", tp, phase="unsuspend")
        for stack in self.stacks(tp) + ([self.players[tp].breeding] if self.players[tp].breeding else []):
            if stack.suspended:
                stack.suspended = False
                self.emit("unsuspend", "CR 6-2-1", tp, card=repr(stack))
        for stack in self.stacks(1 - tp):
            if stack.suspended and self.keyword(stack, "reboot"):
                stack.suspended = False  # CR 16-11-1, 16-11-5: at the same time
                self.emit("unsuspend", "CR 16-11-1", 1 - tp, card=repr(stack), why="<Reboot>")
        return
        yield  # pragma: no cover - makes this a generator

    def _phase_draw(self):
        tp = self.turn_player
        self.emit("phase", "CR 6-3", tp, phase="draw")
        if self.turn == 1 and tp == self._config.get("first_player", 0) and not self._config.get("draw_on_turn_1"):
            self.emit("no_draw", "CR 6-3-1-1", tp)
            return
        if not self.players[tp].deck:
            self._lose(tp, "CR 1-2-3-2", "cannot draw in the draw phase")
            return
        self._draw(tp, 1, "CR 6-3-1")
        return
        yield  # pragma: no cover

    def _phase_breeding(self):
        tp = self.turn_player
        self.emit("phase", "CR 6-4", tp, phase="breeding")
        choice = yield self.decide(tp, "breeding", [Action("hatch"), Action("move"), Action("skip")], "hatch, move or do nothing",
                                   self._phase_check("breeding"))
        ps = self.players[tp]
        if choice.kind == "hatch":
            card = yield from self._hatch_card(tp)
            card.incarnation += 1
            ps.breeding = self.new_stack(tp, [card], area="breeding")
            self.emit("hatch", "CR 4-18-1", tp, card=card.name)
        elif choice.kind == "move":
            stack = ps.breeding
            ps.breeding = None
            stack.area = "battle"
            ps.battle.append(stack)
            self.emit("move", "CR 4-17-1", tp, card=repr(stack))
            yield from self._after_place(stack, "move")
            self._trigger_on(stack, "when_moving")
            yield from self._resolve()
        else:
            self.emit("breeding_skip", "CR 6-4-1-3", tp)

    def _hatch_card(self, tp: int):
        """CR 4-18-1: the top card of the Digi-Egg deck."""
        return self.players[tp].eggs.pop(0)
        yield  # pragma: no cover

    def _phase_main(self):
        tp = self.turn_player
        if self.phase != "main" or self._main_logged != (self.turn, tp):
            self.emit("phase", "CR 6-5", tp, phase="main")
            self._main_logged = (self.turn, tp)
        self.phase = "main"
        while not self.is_over and not self._turn_should_end():
            choice = yield Decision(tp, "main", self._main_actions(tp), "main phase action", self._phase_check("main"),
                                    frozenset(self.MAIN_KINDS))
            yield from self._do_main(tp, choice)
            yield from self._resolve()

    def _end_of_turn(self):
        """CR 6-6: end-of-turn effects; if memory comes back to the turn player, the phase goes on."""
        tp = self.turn_player
        self.emit("turn_end_conditions", "CR 6-1-4-1", tp, memory=self.mem(tp))
        self._burst_end_of_turn()
        self._trigger_timing("end_of_your_turn", tp)
        self._trigger_timing("end_of_opponents_turn", 1 - tp)
        for stack in list(self.stacks(tp)):
            for kw in ("vortex", "execute"):
                if self.keyword(stack, kw):
                    self.pending.append(Pending(tp, f"<{kw.title()}> of {stack!r}", kw, stack=stack))
        yield from self._resolve()
        if self.is_over:
            return True
        if self.mem(tp) >= 0:
            self.emit("turn_end_postponed", "CR 6-6-4", tp, memory=self.mem(tp))
            self.phase = "main"
            return False
        self._expire("end_of_turn")
        self.emit("turn_end", "CR 6-6-3", tp, turn=self.turn)
        return True

    def _expire(self, until: str) -> None:
        for stack in self.stacks():
            stack.modifiers = [
                m for m in stack.modifiers
                if not (m.until == until or (m.until == "end_of_opponents_turn" and until == "end_of_turn" and self.turn_player != stack.owner))
            ]

    # ---------------------------------------------------------- main phase ----
    def _main_actions(self, tp: int) -> list[Action]:
        candidates = [Action("pass")]
        ps = self.players[tp]
        field = self.stacks(tp) + ([ps.breeding] if ps.breeding else [])
        for card in ps.hand:
            d = card.defn
            if d.category in ("digimon", "tamer"):
                candidates.append(Action("play", card.uid))
            if d.category == "option" or d.option_side:
                candidates.append(Action("use", card.uid))
            if d.category == "digimon":
                for stack in field:
                    for i in range(len(d.requirements)):
                        candidates.append(Action("digivolve", card.uid, stack.sid, i))
        candidates += self._special_candidates(tp)
        for stack in self.stacks(tp):
            candidates += [Action("attack", stack.sid, t) for t in self._attack_candidates(tp)]
            for i, (effect, _card) in enumerate(self._activation_effects(stack)):
                candidates.append(Action("activate", stack.sid, option=i))
        return [a for a in candidates if self.why_illegal(a, check_only=True) is None]

    def _pick(self, player: int, kind: str, prompt: str, problem, optional: bool = True) -> Decision:
        """A decision to choose 1 card on the field (``choose target=``), or to decline when optional.

        ``problem(stack)`` is the one predicate that both offers each card and refuses the others."""
        ref = self.DECISION_REFS.get(kind, "CR 6-1-3")

        def check(a: Action) -> IllegalAction | None:
            if a.kind != "choose":
                return None
            if a.target is None or a.card is not None or a.option is not None or a.targets:
                return IllegalAction("choose 1 card on the field", ref)
            return problem(self.find_stack(a.target))

        pool = self.stacks() + [ps.breeding for ps in self.players if ps.breeding]
        candidates = ([Action("decline")] if optional else []) + [Action("choose", target=s.sid) for s in pool]
        return self.decide(player, kind, candidates, prompt, check)

    def _phase_check(self, kind: str):
        """The predicate of a breeding or main phase decision: ``_check`` for that phase's actions."""
        family = self.MAIN_KINDS if kind == "main" else _FAMILIES[kind]
        return lambda a: self._check(a) if a.kind in family else None

    def _activation_effects(self, stack: Stack):
        if stack.top.defn.category == "option":
            # An Option placed in the battle area isn't used again; only its <Delay> activates (CR 16-17-1).
            return [(e, stack.top) for e in stack.top.defn.effects if e.timing == "delay"]
        out = [(e, stack.top) for e in stack.top.defn.effects if e.timing in ("main", "delay")]
        out += [(e, c) for c in stack.sources for e in c.defn.inherited if e.timing == "main"]
        return out

    def why_illegal(self, action: Action, check_only: bool = False):
        """The IllegalAction that forbids ``action`` now (or, with check_only, None when it is legal)."""
        if check_only:
            return self._check(action)
        d = self.decision
        if d is not None and d.check is not None:
            err = d.check(action)  # the predicate that built this decision's options explains its refusals
            if err is not None:
                return err
        if action.kind == "attack" and self.attack is not None:
            return IllegalAction("a new attack can't be declared during an attack", "CR 11-2-4")
        if action.kind == "block":
            return self._check_block(action) or IllegalAction("no block is possible now", "CR 12-1-1")
        if action.kind == "blast" and (d is None or d.kind != "counter"):
            if self.attack is not None and self.attack.countered:
                return IllegalAction("only 1 [Counter] effect can be activated per attack", "CR 11-3-2")
            return IllegalAction("<Blast Digivolve> is used at the counter timing of an opponent's attack", "CR 11-3-1")
        if d is not None and d.kind == "effect_digivolve" and action.kind in ("dna", "burst", "app_fusion"):
            ref = {"dna": "CR 8-2-2-4", "burst": "CR 8-3-2-2", "app_fusion": "CR 8-4-2-2"}[action.kind]
            return IllegalAction(f"an effect that lets you digivolve doesn't allow {action.kind.replace('_', ' ')}", ref)
        if action.kind == "counter" and (d is None or d.kind != "counter"):
            if self.attack is not None and self.attack.countered:
                return IllegalAction("only 1 [Counter] effect can be activated per attack", "CR 11-3-2")
            return IllegalAction("[Counter] effects activate at the counter timing of an opponent's attack", "CR 11-3-1")
        refusal = self._refusal(d, action)
        if refusal is not None:
            return refusal
        if d is not None and action.kind not in _FAMILIES.get(d.kind, ()) and action.kind not in {x.kind for x in d.actions}:
            if d.kind == "main" and action.kind in ("no_block", "counter", "no_counter"):
                return IllegalAction(f"{action.kind} is only possible during an attack", "CR 11-1-3")
            return IllegalAction(f"now P{d.player + 1} must decide: {d.kind}", self.DECISION_REFS.get(d.kind, "CR 6-1-3"))
        err = self._check(action) or self._refusal(d, action)
        return err or IllegalAction(f"{action} is not a choice here (waiting for: {d.kind if d else 'nothing'})", self.DECISION_REFS.get(d.kind if d else "", "CR 6-1-3"))

    def _refusal(self, d: Decision | None, a: Action) -> IllegalAction | None:
        """Hook: the clause behind refusing an action of another decision's kind (Tamer Tactics'
        protection outside the main phase).  A decision's own choices are refused by its ``check``."""
        return None

    def _check(self, a: Action) -> IllegalAction | None:
        tp = self.turn_player
        ps = self.players[tp]
        if a.kind == "pass":
            return None if self.phase == "main" else IllegalAction("passing is a main phase action", "CR 6-5-1-7")
        if a.kind == "hatch":
            if ps.breeding is not None:
                return IllegalAction("the breeding area already holds a card", "CR 4-18-3")
            if not ps.eggs:
                return IllegalAction("no cards in the Digi-Egg deck", "CR 4-18-2")
            return None
        if a.kind == "move":
            if ps.breeding is None:
                return IllegalAction("no card in the breeding area to move", "CR 4-17-1")
            if ps.breeding.top.defn.dp is None:
                return IllegalAction("only Digimon with DP can be moved", "CR 4-17-2")
            return None
        if a.kind == "skip":
            return None
        if a.kind == "block":
            return self._check_block(a)
        if a.kind in ("play", "use", "digivolve"):
            if self.phase != "main" or self.attack is not None:
                return IllegalAction("cards are played in the main phase, with nothing pending", "CR 6-5-1")
            card = next((c for c in ps.hand if c.uid == a.card), None)
            if card is None:
                return IllegalAction("that card is not in the turn player's hand", "CR 6-5-1")
            return getattr(self, f"_check_{a.kind}")(tp, card, a)
        if a.kind == "attack":
            return self.attack_problem(tp, self.find_stack(a.card) if a.card is not None else None, a.target)
        if a.kind in SPECIAL_KINDS:
            return self._check_special(tp, a)
        if a.kind == "activate":
            stack = self.find_stack(a.card)
            if stack is None or stack.owner != tp or stack.area != "battle":
                return IllegalAction("activation-type effects are activated from your battle area", "CR 6-5-1-6")
            effects = self._activation_effects(stack)
            if a.option is None or not 0 <= a.option < len(effects):
                return IllegalAction("that card has no such activation-type effect", "CR 6-5-1-6-1")
            effect, card = effects[a.option]
            if effect.timing == "delay" and stack.placed_turn == self.turn:
                return IllegalAction("<Delay> can't be activated the turn the card was placed", "CR 16-17-3")
            if effect.once_per_turn and self._once_key(card, effect) in self.once_used:
                return IllegalAction("[Once Per Turn] effect already used this turn by this card", "CR 15-14-1-2")
            return None
        return None

    def _check_block(self, a: Action):
        """A block declared now: only in the block timing (CR 11-4-1), then ``block_problem``."""
        problem = self.block_problem(self.find_stack(a.card) if a.card is not None else None)
        if problem is None and (self.decision is None or self.decision.kind != "block"):
            return IllegalAction("a block is declared in the block timing of an attack", "CR 11-4-1")
        return problem

    def block_problem(self, blocker: Stack | None) -> IllegalAction | None:
        """Why ``blocker`` may not block the current attack, or None: the one predicate behind
        the blocks the block timing offers and the blocks ``apply`` refuses (CR 12-1)."""
        att = self.attack
        if att is None:
            return IllegalAction("a block is declared in the block timing of an attack", "CR 11-4-1")
        if att.blocked:
            return IllegalAction("a block can only be performed once per attack", "CR 12-1-2")
        defender = 1 - att.attacker.owner
        if blocker is None or blocker.owner != defender or blocker.area != "battle":
            return IllegalAction("only the attacked player's Digimon in the battle area can block", "CR 12-1-1")
        if blocker is att.target:
            return IllegalAction(f"{blocker!r} is the attack target and can't block", "CR 12-1-5")
        if blocker.top.defn.category != "digimon" or not self.keyword(blocker, "blocker"):
            return IllegalAction(f"{blocker!r} has no <Blocker>", "CR 12-1-1")
        if blocker.suspended:
            return IllegalAction(f"{blocker!r} is suspended and can't suspend to block", "CR 12-1-4")
        if self.keyword(blocker, "cannot_block"):
            return IllegalAction(f"an effect says {blocker!r} can't block, and that beats <Blocker>", "CR 15-1-3")
        if att.attacker not in self.players[att.attacker.owner].battle:
            return IllegalAction("the attacking Digimon is no longer in the battle area", "CR 12-1-6")
        return None

    def _check_play(self, tp, card, a):
        d = card.defn
        if d.option_side:
            return IllegalAction(
                "a DUAL card is never played: declare digivolving with its Digimon information or using its Option information",
                "CR 4-6-2",
            )
        if d.category not in ("digimon", "tamer"):
            if d.category == "option":
                return IllegalAction("Option cards are used, not played", "CR 9-1-1")
            return IllegalAction("only Digimon and Tamer cards can be played from the hand", "CR 6-5-1-1")
        if d.play_cost is None:
            return IllegalAction("a card without a play cost can't be played", "CR 7-1-1")
        return None

    def _check_use(self, tp, card, a):
        d = card.defn
        if d.option_side:
            side = d.option_side
            missing = self._missing_colours(tp, side["colours"])
            if missing:
                return IllegalAction(f"colour requirement not met: no {', '.join(missing)} Digimon or Tamer on your field", "CR 4-22-2")
            return None
        if d.category != "option":
            return IllegalAction("only Option cards can be used", "CR 9-1-1")
        if d.use_cost is None:
            return IllegalAction("this card has no use cost", "CR 9-1-1")
        problem = self._colour_problem(tp, d)
        if problem:
            return problem
        if not any(e.timing == "main" for e in d.effects):
            return IllegalAction("this Option card has no [Main] effect to use", "CR 9-1-1")
        return None

    def _missing_colours(self, player: int, colours) -> list[str]:
        colours_on_field = {c for s in self.stacks(player) for c in s.top.defn.colours}
        if self.players[player].breeding is not None:
            colours_on_field |= set(self.players[player].breeding.top.defn.colours)
        return [c for c in colours if c not in colours_on_field]

    def _colour_problem(self, player: int, d: CardDef):
        """CR 4-22-2/3: a Digimon or Tamer of each of the Option's colours on your field."""
        missing = self._missing_colours(player, d.colours)
        if missing:
            return IllegalAction(f"colour requirement not met: no {', '.join(missing)} Digimon or Tamer on your field", "CR 4-22-2")
        return None

    def _check_digivolve(self, tp, card, a):
        d = card.defn
        if d.category != "digimon":
            return IllegalAction("you can only digivolve into a Digimon card", "CR 8-1-1")
        stack = self.find_stack(a.target)
        if stack is None or stack.owner != tp:
            return IllegalAction("digivolve onto one of your own cards on the field", "CR 8-1-3-1")
        if a.option is None or not 0 <= a.option < len(d.requirements):
            return IllegalAction("this card has no such digivolution requirement", "CR 8-1-2-1")
        return self.requirement_problem(d.requirements[a.option], stack.top)

    # ------------------------------------------------------- attack legality ----
    def attack_problem(self, tp: int, attacker: Stack | None, target_sid: int | None, via: str = "normal") -> IllegalAction | None:
        """Why ``attacker`` may not attack ``target_sid`` (-1: the opponent player) now, or None.

        The one predicate behind every attack declaration: the main-phase attack (what
        ``legal_actions`` offers and what ``apply`` refuses) and the attacks keyword effects
        declare (<Blitz> CR 16-16, <Vortex> CR 16-33, <Execute> CR 16-38) alike, so a
        prohibition ("can't attack", "can't be attacked") beats every permission (CR 15-1-3).
        """
        return self._declaration_problem(tp, attacker, via) or self._target_problem(tp, attacker, target_sid, via)

    def _declaration_problem(self, tp: int, stack: Stack | None, via: str) -> IllegalAction | None:
        """Whether ``stack`` may declare an attack now, whatever the target (CR 11-2)."""
        if via == "normal" and self.phase != "main":
            return IllegalAction("attacks are declared in the main phase", "CR 6-5-1-5")
        if self.attack is not None:
            return IllegalAction("a new attack can't be declared during an attack", "CR 11-2-4")
        if stack is None or stack.owner != tp or stack.area != "battle":
            return IllegalAction("only the turn player's Digimon in the battle area can attack", "CR 11-2-1")
        if stack.top.defn.category != "digimon":
            return IllegalAction(f"{stack.name} is not a Digimon; only Digimon attack", "CR 11-2-1")
        if stack.suspended:
            return IllegalAction(f"{stack!r} is suspended and can't suspend to attack", "CR 11-2-5")
        if self.keyword(stack, "cannot_attack"):
            return IllegalAction(f"an effect says {stack!r} can't attack, and that beats any permission", "CR 15-1-3")
        # CR 16-15-1 <Rush> and CR 16-33-1 <Vortex> allow an attack the turn the Digimon was placed.
        if stack.placed_turn == self.turn and not self.keyword(stack, "rush") and via != "vortex":
            return IllegalAction(f"{stack!r} was placed on the field this turn", "CR 7-1-2-1")
        return None

    def _attack_candidates(self, tp: int) -> list[int]:
        """Every attack target to ask ``attack_problem`` about: the opponent (-1) and their cards."""
        return [-1] + [s.sid for s in self.stacks(1 - tp)]

    def _may_attack_unsuspended(self, attacker: Stack, via: str) -> bool:
        return via == "execute"  # CR 16-38-1; otherwise CR 11-2-7-1: suspended Digimon only

    def _target_problem(self, tp: int, attacker: Stack, target_sid: int | None, via: str) -> IllegalAction | None:
        if target_sid == -1:
            if via == "vortex":
                return IllegalAction("<Vortex> attacks an opponent's Digimon, not the opponent", "CR 16-33-1")
            return None
        target = self.find_stack(target_sid) if target_sid is not None else None
        if target is None or target.owner == tp or target.area != "battle":
            return IllegalAction("the target must be the opponent or 1 of the opponent's Digimon", "CR 11-2-7-1")
        if target.top.defn.category != "digimon" and via == "vortex":
            return IllegalAction("<Vortex> attacks an opponent's Digimon", "CR 16-33-1")
        if target.top.defn.category == "tamer" and self.keyword(attacker, "may_attack_tamers"):
            pass  # CR 1-3-1: the card's text allows attacking Tamers
        elif target.top.defn.category != "digimon":
            return IllegalAction("only Digimon can be attacked", "CR 11-2-7-1")
        if not target.suspended and not self._may_attack_unsuspended(attacker, via):
            return IllegalAction(f"{target!r} is unsuspended; only suspended Digimon can be attacked", "CR 11-2-7-1")
        if self.keyword(target, "cannot_be_attacked"):
            return IllegalAction(f"an effect says {target!r} can't be attacked, and that beats any permission", "CR 15-1-3")
        return None

    def _keyword_attack(self, player: int, stack: Stack, via: str):
        """A keyword effect lets ``stack`` attack now (<Blitz>, <Vortex>, <Execute>): the player may
        choose a target ``attack_problem`` allows, or decline (CR 16-16-3, 16-33-3, 16-38-3)."""
        if stack is None or stack not in self.players[player].battle:
            return
        problem = self._declaration_problem(player, stack, via)
        if problem is not None:
            self.emit(f"{via}_unavailable", problem.ref, player, card=repr(stack), why=problem.reason)
            return

        def check(a: Action) -> IllegalAction | None:
            if a.kind != "choose":
                return None
            if a.card is not None or a.option is not None or a.targets:
                return IllegalAction("the attack declaration chooses only the attack target", "CR 11-2-2")
            return self.attack_problem(player, stack, a.target, via)

        candidates = [Action("decline")] + [Action("choose", target=t) for t in self._attack_candidates(player)]
        decision = self.decide(player, via, candidates, f"<{via.title()}>: attack with {stack!r}?", check)
        if len(decision.actions) == 1:
            return  # no target the attack may take
        choice = yield decision
        if choice.kind == "choose":
            yield from self._declare_attack(player, stack, choice.target, via=via)

    def _do_main(self, tp, a: Action):
        if a.kind == "pass":
            self.emit("pass", "CR 6-5-1-7-1", tp)
            self.set_mem(tp, -3, "CR 6-5-1-7-1", "pass")
        elif a.kind == "play":
            card = self._take_from_hand(tp, a.card)
            self.players[tp].processing.append(card)
            self.emit("play_declared", "CR 7-1-3-1", tp, card=card.name)
            cost, sources = yield from self._materials(tp, card)
            yield from self._play(tp, card, cost=cost, ref="CR 7-1-3", sources=sources, declared=True)
        elif a.kind in SPECIAL_KINDS:
            yield from self._do_special(tp, a)
        elif a.kind == "use":
            card = self._take_from_hand(tp, a.card)
            yield from self._use_option(tp, card)
        elif a.kind == "digivolve":
            yield from self._digivolve(tp, a)
        elif a.kind == "attack":
            yield from self._declare_attack(tp, self.find_stack(a.card), a.target, via="normal")
        elif a.kind == "activate":
            stack = self.find_stack(a.card)
            effect, card = self._activation_effects(stack)[a.option]
            if effect.timing == "delay":
                # CR 16-17-1: trash the card to activate its <Delay> effect.
                self._leave_field(stack, "trash", "CR 16-17-1")
                self.emit("delay", "CR 16-17-1", tp, card=card.name)
                yield from self._run_effect(tp, effect, card, None)
            else:
                self.once_used.add(self._once_key(card, effect)) if effect.once_per_turn else None
                self.emit("activate", "CR 6-5-1-6-1", tp, card=card.name)
                yield from self._run_effect(tp, effect, card, stack)
        self._rule_check()

    def _take_from_hand(self, tp, uid) -> Card:
        hand = self.players[tp].hand
        card = next(c for c in hand if c.uid == uid)
        hand.remove(card)
        return card

    # ---------------------------------------------------- play / digivolve ----
    def _play(self, tp, card: Card, cost: int | None, ref: str, label=None, sources=(), declared=False):
        if card in self.players[tp].processing:
            self.players[tp].processing.remove(card)
        if not declared:
            self.emit("play_declared", "CR 7-1-3-1", tp, card=card.name)
        if cost is not None:
            self.pay(tp, cost, "CR 7-1-3-2", f"play {card.name}")
        card.incarnation += 1
        stack = self.new_stack(tp, list(sources) + [card], label=label)
        self.players[tp].battle.append(stack)
        self.emit("played", ref, tp, card=repr(stack), unsuspended=True)
        yield from self._after_place(stack, "play" if ref == "CR 7-1-3" and cost is not None else "effect")
        self._trigger_on(stack, "on_play")
        yield from self._resolve()
        return stack

    def _after_place(self, stack: Stack, how: str):
        """Hook for rulesets that track more about a card entering the battle area (Tamer Tactics groups)."""
        return
        yield  # pragma: no cover

    def _digivolve(self, tp, a: Action, cost: int | None = None):
        card = next(c for c in self.players[tp].hand if c.uid == a.card)
        stack = self.find_stack(a.target)
        req = card.defn.requirements[a.option]
        self.players[tp].hand.remove(card)
        self.players[tp].processing.append(card)
        self.emit("digivolve_declared", "CR 8-1-3-1", tp, card=card.name, onto=repr(stack), requirement=req.describe())
        cost = req.cost if cost is None else int(cost)
        sorption = card.defn.keyword("digisorption")
        if sorption:
            # CR 16-10: when digivolving into it from the hand, may suspend 1 of your Digimon to reduce the cost.
            def problem(s: Stack | None) -> IllegalAction | None:
                if s is None or s.owner != tp or s.area != "battle" or s.top.defn.category != "digimon":
                    return IllegalAction("<Digisorption> suspends 1 of your Digimon", "CR 16-10-1")
                if s.suspended:
                    return IllegalAction(f"{s!r} is already suspended", "CR 16-10-1")
                return None

            decision = self._pick(tp, "digisorption", "suspend a Digimon for <Digisorption>?", problem)
            if len(decision.actions) > 1:
                pick = yield decision
                if pick.kind == "choose":
                    chosen = self.find_stack(pick.target)
                    chosen.suspended = True
                    cost = max(0, cost - int(sorption))  # CR 1-3-9 style: never below 0
                    self.emit("digisorption", "CR 16-10-1", tp, suspended=repr(chosen), cost=cost)
        self.pay(tp, cost, "CR 8-1-3-2", f"digivolve into {card.name}")
        card.face_up = True
        self.players[tp].processing.remove(card)
        stack.cards.append(card)
        self.emit("digivolved", "CR 8-1-3-3", tp, card=repr(stack), suspended=stack.suspended, kept_orientation="CR 8-1-2-3")
        if self.players[tp].deck:
            self._draw(tp, 1, "CR 8-1-3-3")
        else:
            self.emit("no_bonus_draw", "CR 8-1-2-8", tp)
        if stack.area == "battle":
            self._trigger_on(stack, "when_digivolving")
        else:
            self.emit("no_trigger_in_breeding_area", "CR 3-4-7-4", tp, card=repr(stack))
        yield from self._resolve()

    def _use_option(self, tp, card: Card):
        self.players[tp].processing.append(card)
        dual = card.defn.option_side
        self.emit("use_declared", "CR 4-6-2" if dual else "CR 9-1-9-1", tp, card=card.name, side="Option information" if dual else None)
        self.pay(tp, dual["use_cost"] if dual else card.defn.use_cost, "CR 9-1-9-2", f"use {card.name}")
        card.incarnation += 1
        effects = dual["effects"] if dual else card.defn.effects
        main = next((e for e in effects if e.timing == "main"), None)
        self.emit("option_main", "CR 9-1-9-3", tp, card=card.name)
        placed = (yield from self._run_effect(tp, main, card, None)) if main else None
        if card in self.players[tp].processing:
            self.players[tp].processing.remove(card)
        if dual and placed != "placed":
            self.players[tp].processing.append(card)
            arts = yield from self._arts_digivolve(tp, card)
            if card in self.players[tp].processing:
                self.players[tp].processing.remove(card)
            placed = "placed" if arts else None
        if placed != "placed":
            self.players[tp].trash.append(card)
            self.emit("trash", "CR 9-1-5", tp, card=card.name)

    # ----------------------------------------------------------------- attack ----
    def _declare_attack(self, tp, attacker: Stack, target_sid: int, via: str):
        attacker.suspended = True
        target = None if target_sid == -1 else self.find_stack(target_sid)
        self.attack = Attack(attacker, target, target, via=via)
        self.emit("attack", {"normal": "CR 11-2-8-1", "blitz": "CR 16-16-1", "vortex": "CR 16-33-1", "execute": "CR 16-38-1"}[via], tp,
                  attacker=repr(attacker), target="player" if target is None else repr(target))
        self._trigger_on(attacker, "when_attacking")
        for kw in ("raid", "alliance"):
            if self.keyword(attacker, kw):
                self.pending.append(Pending(tp, f"<{kw.title()}> of {attacker!r}", kw, stack=attacker))
        yield from self._resolve()
        yield from self._counter_timing()
        yield from self._block_timing()
        yield from self._confirm_attack()
        yield from self._end_attack()

    def _redirect_problem(self, stack: Stack) -> IllegalAction | None:
        """Hook: a card an effect may not make the attack target (Tamer Tactics' protected card)."""
        return None

    def _counter_timing(self):
        opp = 1 - self.turn_player
        candidates = [Action("no_counter")] + [Action("counter", c.uid) for c in self.players[opp].hand] + self._blast_candidates(opp)
        decision = self.decide(opp, "counter", candidates, "counter timing: use 1 [Counter] effect?", self._counter_choice_problem)
        if len(decision.actions) == 1:
            return
        choice = yield decision
        if choice.kind == "blast":
            self.attack.countered = True
            self.emit("counter", "CR 11-3-2", opp, card="<Blast Digivolve>")
            yield from self._blast(opp, choice)
            self._rule_check()
            yield from self._resolve()
        if choice.kind == "counter":
            self.attack.countered = True
            card = self._take_from_hand(opp, choice.card)
            self.players[opp].processing.append(card)
            self.emit("counter", "CR 11-3-2", opp, card=card.name)
            self.pay(opp, card.defn.use_cost, "CR 9-1-9-2", f"use {card.name}")
            effect = next(e for e in card.defn.effects if e.timing == "counter")
            yield from self._run_effect(opp, effect, card, None)
            self.players[opp].processing.remove(card)
            self.players[opp].trash.append(card)
            self.emit("trash", "CR 9-1-5", opp, card=card.name)
            self._rule_check()
            yield from self._resolve()

    def counter_problem(self, player: int, uid: int | None) -> IllegalAction | None:
        """Why ``player`` can't use this card's [Counter] effect at this counter timing (CR 11-3)."""
        card = next((c for c in self.players[player].hand if c.uid == uid), None)
        if card is None:
            return IllegalAction("a [Counter] effect is used from a card in your hand", "CR 11-3-1")
        d = card.defn
        if d.category != "option" or d.use_cost is None or not any(e.timing == "counter" for e in d.effects):
            return IllegalAction(f"{card.name} has no [Counter] effect", "CR 15-16-14-1")
        return self._colour_problem(player, d)

    def _counter_choice_problem(self, a: Action) -> IllegalAction | None:
        """The predicate of the counter timing's decision: [Counter] cards and <Blast Digivolve>."""
        if a.kind == "counter":
            return self.counter_problem(1 - self.turn_player, a.card)
        if a.kind == "blast":
            return self.blast_problem(1 - self.turn_player, a)
        return None

    def blockers(self, defender: int) -> list[Stack]:
        """The defender's Digimon that may block the current attack (``block_problem``)."""
        return [s for s in self.stacks(defender) if self.block_problem(s) is None]

    def _block_choice_problem(self, a: Action) -> IllegalAction | None:
        """The predicate of the block timing's decision: blocks by ``block_problem``; not blocking
        is refused while <Collision> forces a block (CR 16-30-1)."""
        if a.kind == "block":
            return self.block_problem(self.find_stack(a.card) if a.card is not None else None)
        if a.kind == "no_block" and self._collision_active(1 - self.turn_player) and self.blockers(1 - self.turn_player):
            return IllegalAction("<Collision>: the opponent must block whenever possible", "CR 16-30-1")
        return None

    def _block_timing(self):
        a = self.attack
        defender = 1 - self.turn_player
        candidates = [Action("no_block")] + [Action("block", s.sid) for s in self.stacks(defender)]
        decision = self.decide(defender, "block", candidates, "block timing: block with a <Blocker>?", self._block_choice_problem)
        if not any(x.kind == "block" for x in decision.actions):
            return
        forced = not any(x.kind == "no_block" for x in decision.actions)
        choice = yield decision
        if choice.kind == "block":
            blocker = self.find_stack(choice.card)
            blocker.suspended = True
            a.target = blocker
            a.blocked = True
            self.emit("block", "CR 12-1-7-1", defender, blocker=repr(blocker), forced=forced)
            self._trigger_on(blocker, "when_blocking")
            yield from self._resolve()

    def _confirm_attack(self):
        a = self.attack
        tp = self.turn_player
        opp = 1 - tp
        if a.attacker not in self.players[tp].battle:
            self.emit("attack_fails", "CR 11-5-1-4", tp, why="the attacker left the battle area")
            return
        if a.target is None:
            if not self.players[opp].security:
                if self.security_checks(a.attacker) >= 1:
                    self._win(tp, "CR 11-5-1-2-1", "successful attack with 0 security cards")
                else:
                    self.emit("attack_fails", "CR 11-5-1-2-1", tp, why="the attacker can't perform any security check")
                return
            yield from self._security_check(a.attacker)
            return
        if a.target not in self.players[opp].battle:
            self.emit("attack_fails", "CR 11-2-6", tp, why="the attack target left the battle area")
            return
        if self.dp(a.target) is None:
            # CR 14-1: a battle compares the DP of two cards; a Tamer has none, so what follows is up to the card's text.
            self.emit("no_battle", "CR 14-1", tp, target=repr(a.target), why="the target has no DP")
            return
        yield from self._battle(a.attacker, a.target)

    def _security_check(self, attacker: Stack):
        tp = attacker.owner
        opp = 1 - tp
        n = self.security_checks(attacker)
        self.emit("security_check", "CR 13-1-2", tp, attacker=repr(attacker), cards=n)
        for _ in range(n):
            if self.is_over:
                return
            if attacker not in self.players[tp].battle:
                self.emit("security_check_stops", "CR 13-1-5", tp, why="the checking Digimon left the battle area")
                return
            if not self.players[opp].security:
                return
            card = self.players[opp].security.pop(0)
            card.face_up = True
            card.incarnation += 1
            self.players[opp].processing.append(card)  # CR 13-1-6: in no particular area
            self.emit("security_reveal", "CR 13-1-8-1-1", opp, card=card.name)
            placed = None
            for effect in card.defn.effects:
                if effect.timing == "security":
                    # CR 15-16-10-2: [Security] effects activate at once, without pending.
                    self.emit("security_effect", "CR 15-16-10-2", opp, card=card.name)
                    placed = (yield from self._run_effect(opp, effect, card, None)) or placed
                    self._rule_check()
            yield from self._resolve()
            if card.defn.category == "digimon" and placed is None and attacker in self.players[tp].battle:
                yield from self._battle(attacker, None, security_card=card)
            if card in self.players[opp].processing:
                self.players[opp].processing.remove(card)
            if placed is None:
                self.players[opp].trash.append(card)
                self.emit("trash", "CR 13-1-8-4", opp, card=card.name)
            if self.is_over:
                return

    def _battle(self, attacker: Stack, defender: Stack | None, security_card: Card | None = None):
        """CR 14: compare DP (or digivolution cards under <Iceclad>); losers are deleted, Security Digimon never."""
        tp = attacker.owner
        a_dp = self.dp(attacker)
        if security_card is not None:
            d_dp = (security_card.defn.dp or 0)
            if a_dp > d_dp:
                result = "attacker"
            elif a_dp < d_dp:
                result = "defender"
            else:
                result = "both"
            loser = {"attacker": "security Digimon", "defender": "attacker", "both": "both"}[result]
            self.emit("battle", "CR 14-2-1", tp, attacker=repr(attacker), attacker_dp=a_dp,
                      security_digimon=security_card.name, security_dp=d_dp, loser=loser)
            if result in ("attacker", "both"):
                self.emit("not_deleted", "CR 14-2-3", 1 - tp, card=security_card.name, why="Security Digimon aren't deleted")
            if result == "attacker":
                return
            if self.keyword(attacker, "jamming"):
                self.emit("not_deleted", "CR 16-9-1", tp, card=repr(attacker), why="<Jamming>")
                return
            yield from self._delete([attacker], cause="battle", ref="CR 14-2-2")
            yield from self._resolve()  # CR 14-2-4: effects triggered by the battle resolve now
            return
        d_dp = self.dp(defender)
        iceclad = self.keyword(attacker, "iceclad") or self.keyword(defender, "iceclad")
        if iceclad:
            av, dv = len(attacker.sources), len(defender.sources)
            ref = "CR 16-35-4"
        else:
            av, dv = a_dp, d_dp
            ref = "CR 14-2-1"
        losers = [attacker, defender] if av == dv else ([defender] if av > dv else [attacker])
        self.emit("battle", ref, tp, attacker=repr(attacker), attacker_value=av, defender=repr(defender),
                  defender_value=dv, loser=" and ".join(repr(s) for s in losers), tie=av == dv)
        deleted = yield from self._delete(losers, cause="battle", ref="CR 14-2-2")
        if self.attack and defender in deleted and attacker not in deleted and self.keyword(attacker, "piercing") and self.attack.attacker is attacker:
            self.attack.pending_piercing = True
        for s in deleted:
            if len(deleted) == 1 and self._had_keyword(s, "retaliation"):
                other = attacker if s is defender else defender
                self.pending.append(Pending(s.owner, f"<Retaliation> of {s!r}", "retaliation", stack=other))
        yield from self._resolve()

    def _had_keyword(self, stack: Stack, name: str) -> bool:
        return stack.top.defn.keyword(name) is not None or any(c.defn.keyword(name, inherited=True) is not None for c in stack.sources)

    def _end_attack(self):
        a = self.attack
        if a is None:
            return
        tp = self.turn_player
        if a.pending_piercing and not self.is_over:
            # CR 16-7-4: processed right before the end of attack timing.
            if a.attacker in self.players[tp].battle and self.players[1 - tp].security:
                self.emit("piercing", "CR 16-7-1", tp, attacker=repr(a.attacker))
                yield from self._security_check(a.attacker)
            elif a.attacker in self.players[tp].battle and not self.players[1 - tp].security:
                self.emit("piercing_no_cards", "CR 16-7-6", tp, attacker=repr(a.attacker))
        if self.is_over:
            self.attack = None
            return
        self.emit("end_of_attack", "CR 11-6-1", tp, attacker=repr(a.attacker))
        if a.attacker in self.players[tp].battle:
            self._trigger_on(a.attacker, "end_of_attack")
        yield from self._resolve()
        if a.via == "execute" and a.attacker in self.players[tp].battle:
            yield from self._delete([a.attacker], cause="effect", ref="CR 16-38-4", by=tp)
        for stack in self.stacks():
            stack.modifiers = [m for m in stack.modifiers if m.until != "end_of_attack"]
        self.attack = None
        self._rule_check()
        yield from self._resolve()

    # ----------------------------------------------------------------- leaving ----
    def _delete(self, stacks: list[Stack], cause: str, ref: str, by: int | None = None):
        """Delete Digimon, offering their immediate 'would be deleted' effects first; return the deleted."""
        deleted = []
        for stack in stacks:
            if stack not in self.players[stack.owner].battle:
                continue
            saved = yield from self._would_be_deleted(stack, cause, by)
            if saved:
                continue
            deleted.append(stack)
        for stack in deleted:
            self._leave_field(stack, "trash", ref, deleted=True)
        for stack in deleted:
            self._trigger_deleted(stack, cause)
        return deleted

    def _would_be_deleted(self, stack: Stack, cause: str, by: int | None):
        owner = stack.owner
        candidates = [Action("decline")] + [Action(k, stack.sid) for k in ("armor_purge", "evade", "barrier")]
        candidates += [Action("decoy", other.sid) for other in self.stacks(owner)]
        decision = self.decide(owner, "would_be_deleted", candidates, f"{stack!r} would be deleted",
                               lambda a: self.save_problem(stack, cause, by, a))
        if len(decision.actions) == 1:
            return False
        choice = yield decision
        if choice.kind == "armor_purge":
            card = stack.cards.pop()
            self.players[owner].trash.append(card)
            self.emit("armor_purge", "CR 16-19-1", owner, trashed=card.name, card=repr(stack))
            self._overflow([card], owner)
            return True
        if choice.kind == "evade":
            stack.suspended = True
            self.emit("evade", "CR 16-22-1", owner, card=repr(stack))
            return True
        if choice.kind == "barrier":
            card = self.players[owner].security.pop(0)
            self.players[owner].trash.append(card)
            self.emit("barrier", "CR 16-25-1", owner, card=repr(stack), trashed_security=card.name)
            return True
        if choice.kind == "decoy":
            other = self.find_stack(choice.card)
            self.emit("decoy", "CR 16-18-1", owner, deleted=repr(other), protected=repr(stack))
            self._leave_field(other, "trash", "CR 16-18-1", deleted=True)
            self._trigger_deleted(other, "effect")
            return True
        return False

    def save_problem(self, stack: Stack, cause: str, by: int | None, a: Action) -> IllegalAction | None:
        """Why ``a`` can't keep ``stack`` from being deleted now, or None: the one predicate behind the
        offered and the refused answers to "would be deleted" (CR 15-8-5)."""
        owner = stack.owner
        if a.kind in ("armor_purge", "evade", "barrier") and a.card != stack.sid:
            ref = {"armor_purge": "CR 16-19-1", "evade": "CR 16-22-1", "barrier": "CR 16-25-1"}[a.kind]
            return IllegalAction(f"only {stack!r}, the Digimon that would be deleted, can use it", ref)
        if a.kind == "armor_purge":
            if not self.keyword(stack, "armor_purge"):
                return IllegalAction(f"{stack!r} has no <Armor Purge>", "CR 16-19-1")
            if len(stack.cards) < 2:
                return IllegalAction(f"{stack!r} has no card under its top card to keep", "CR 16-19-1")
        elif a.kind == "evade":
            if not self.keyword(stack, "evade"):
                return IllegalAction(f"{stack!r} has no <Evade>", "CR 16-22-1")
            if stack.suspended:
                return IllegalAction(f"{stack!r} is suspended and can't suspend for <Evade>", "CR 16-22-1")
        elif a.kind == "barrier":
            if not self.keyword(stack, "barrier"):
                return IllegalAction(f"{stack!r} has no <Barrier>", "CR 16-25-1")
            if cause != "battle":
                return IllegalAction("<Barrier> prevents deletion in battle only", "CR 16-25-1")
            if not self.players[owner].security:
                return IllegalAction("no security card to trash for <Barrier>", "CR 16-25-1")
        elif a.kind == "decoy":
            other = self.find_stack(a.card) if a.card is not None else None
            if other is None or other.owner != owner or other.area != "battle" or other is stack:
                return IllegalAction("<Decoy> deletes another of your Digimon", "CR 16-18-1")
            spec = self.keyword(other, "decoy")
            if not spec:
                return IllegalAction(f"{other!r} has no <Decoy>", "CR 16-18-1")
            if not (spec is True or spec in stack.top.defn.colours):
                return IllegalAction(f"{other!r}'s <Decoy> protects {spec} Digimon only", "CR 16-18-1")
            if cause != "effect" or by is None or by == owner:
                return IllegalAction("<Decoy> prevents deletion by an opponent's effect only", "CR 16-18-1")
            return self._decoy_problem(other, stack)
        return None

    def _all_affected(self, controller: int, who: str, stacks: list[Stack]):
        """Hook: which of the stacks an "all ..." effect reaches (all of them, officially)."""
        return stacks
        yield  # pragma: no cover

    def _may_stay_in_breeding(self, stack: Stack) -> bool:
        """CR 17-1-3-2-3: only Digimon (Digi-Eggs included) stay in the breeding area."""
        return stack.top.defn.category in ("digimon", "digi-egg")

    def _decoy_problem(self, decoy: Stack, protected: Stack) -> IllegalAction | None:
        """Hook: why this <Decoy> may not protect that Digimon (Tamer Tactics groups)."""
        return None

    def _leave_field(self, stack: Stack, to: str, ref: str, deleted: bool = False) -> None:
        owner = stack.owner
        ps = self.players[owner]
        if stack in ps.battle:
            ps.battle.remove(stack)
        elif ps.breeding is stack:
            ps.breeding = None
        cards = stack.cards + stack.links
        self._overflow(cards, owner)
        for card in cards:
            card.incarnation += 1
            if card.defn.token:
                ps.removed.append(card)  # CR 4-21-5
            elif to == "hand" and card is stack.top:
                ps.hand.append(card)
            else:
                ps.trash.append(card)
        self.emit("deleted" if deleted else f"to_{to}", ref, owner, card=repr(stack), cards=len(cards))

    def _trigger_deleted(self, stack: Stack, cause: str) -> None:
        top = stack.top
        for effect in top.defn.effects:
            if effect.timing == "on_deletion":
                self.pending.append(Pending(stack.owner, f"[On Deletion] of {top.name}", effect, card=top, stack=None))
        for card in stack.sources:
            for effect in card.defn.inherited:
                if effect.timing == "on_deletion":
                    self.pending.append(Pending(stack.owner, f"[On Deletion] of {card.name}", effect, card=card, stack=None))
        if self._had_keyword(stack, "fortitude") and stack.sources and not top.defn.token:
            self.pending.append(Pending(stack.owner, f"<Fortitude> of {top.name}", "fortitude", card=top))

    # ---------------------------------------------------------------- effects ----
    def _once_key(self, card: Card, effect: Effect):
        # CR 15-14-1-3/5: counted per card, and a new card counts afresh.
        return (card.uid, card.incarnation, card.defn.effects.index(effect) if effect in card.defn.effects else id(effect), self.turn)

    def _trigger_on(self, stack: Stack, timing: str) -> None:
        if stack.area != "battle":
            return  # CR 3-4-7-4
        top = stack.top
        for effect in top.defn.effects:
            if effect.timing == timing:
                self.pending.append(Pending(stack.owner, f"[{timing}] of {top.name}", effect, stack=stack, card=top))
        for card in stack.sources:
            for effect in card.defn.inherited:
                if effect.timing == timing:
                    self.pending.append(Pending(stack.owner, f"[{timing}] (inherited) of {card.name}", effect, stack=stack, card=card))

    def _trigger_timing(self, timing: str, player: int) -> None:
        for stack in self.stacks(player):
            self._trigger_on(stack, timing)

    def _resolve(self):
        """CR 15-4-3-5: the turn player activates all their pending effects first, one at a time."""
        # Effects that triggered together (CR 15-4-3-1); <Piercing> triggers with the battle's (CR 16-7-4).
        batch = len(self.pending) > 1 or bool(self.attack and self.attack.pending_piercing)
        while self.pending and not self.is_over:
            tp = self.turn_player
            player = tp if any(p.player == tp for p in self.pending) else 1 - tp
            mine = [p for p in self.pending if p.player == player]
            if len(mine) > 1:
                def check(a: Action, n=len(mine)) -> IllegalAction | None:
                    if a.kind == "trigger" and (a.option is None or not 0 <= a.option < n or a.card is not None
                                                or a.target is not None or a.targets):
                        return IllegalAction(f"choose 1 of your {n} pending effects", "CR 15-4-3-5")
                    return None

                choice = yield self.decide(player, "trigger_order", [Action("trigger", option=i) for i in range(len(mine))],
                                           "choose which pending effect activates next: "
                                           + "; ".join(f"{i}: {p.source}" for i, p in enumerate(mine)), check)
                chosen = mine[choice.option]
            else:
                chosen = mine[0]
            simultaneous = batch or len(self.pending) > 1
            self.pending.remove(chosen)
            outer, self.pending = self.pending, []
            self.emit("activate", "CR 15-4-3-5" if simultaneous else "CR 15-4-4-2", player, effect=chosen.source)
            yield from self._activate_pending(chosen)
            self._rule_check()
            # CR 15-4-5: effects triggered while resolving go before the older pending ones.
            yield from self._resolve()
            self.pending = outer + self.pending

    def _activate_pending(self, p: Pending):
        if isinstance(p.effect, Effect):
            effect, card = p.effect, p.card
            if effect.once_per_turn:
                key = self._once_key(card, effect)
                if key in self.once_used:
                    self.emit("once_per_turn_spent", "CR 15-14-1-2", p.player, card=card.name)
                    return
                self.once_used.add(key)
            yield from self._run_effect(p.player, effect, card, p.stack)
            return
        kw = p.effect
        if kw == "retaliation":
            target = p.stack
            if target in self.players[target.owner].battle:
                self.emit("retaliation", "CR 16-13-1", p.player, deletes=repr(target))
                yield from self._delete([target], cause="effect", ref="CR 16-13-1", by=p.player)
        elif kw == "fortitude":
            card = p.card
            if card in self.players[p.player].trash:
                self.players[p.player].trash.remove(card)
                self.emit("fortitude", "CR 16-27-1", p.player, card=card.name)
                yield from self._play(p.player, card, cost=None, ref="CR 16-27-1")
        elif kw == "raid":
            yield from self._raid(p)
        elif kw == "alliance":
            yield from self._alliance(p)
        elif kw in ("vortex", "execute"):
            yield from self._keyword_attack(p.player, p.stack, kw)

    def _raid(self, p: Pending):
        a = self.attack
        if a is None or a.attacker is not p.stack or a.attacker not in self.players[p.player].battle:
            return
        def switchable(s: Stack | None) -> IllegalAction | None:
            if s is None or s.owner == p.player or s.area != "battle" or s.suspended or self.dp(s) is None:
                return IllegalAction("<Raid> switches to 1 of the opponent's unsuspended Digimon", "CR 16-23-1")
            if s is a.target:
                return IllegalAction(f"{s!r} is already the attack target", "CR 11-2-7-3")
            return self._redirect_problem(s)

        eligible = [s for s in self.stacks(1 - p.player) if switchable(s) is None]
        top = max((self.dp(s) for s in eligible), default=None)

        def problem(s: Stack | None) -> IllegalAction | None:
            err = switchable(s)
            if err is None and self.dp(s) < top:
                err = IllegalAction(f"{s!r} doesn't have the highest DP ({top}) among them", "CR 16-23-1")
            return err

        decision = self._pick(p.player, "raid", "<Raid>: switch the attack target?", problem)
        if len(decision.actions) == 1:
            return
        choice = yield decision
        if choice.kind == "choose":
            a.target = self.find_stack(choice.target)
            self.emit("target_switched", "CR 16-23-1", p.player, target=repr(a.target))

    def _alliance(self, p: Pending):
        a = self.attack
        if a is None or a.attacker is not p.stack:
            return
        def problem(s: Stack | None) -> IllegalAction | None:
            if s is None or s.owner != p.player or s.area != "battle" or not self.is_digimon(s) or s is a.attacker:
                return IllegalAction("<Alliance> suspends 1 of your other Digimon", "CR 16-24-1")
            if s.suspended:
                return IllegalAction(f"{s!r} is already suspended", "CR 16-24-1")
            return None

        decision = self._pick(p.player, "alliance", "<Alliance>: suspend another Digimon?", problem)
        if len(decision.actions) == 1:
            return
        choice = yield decision
        if choice.kind == "choose":
            helper = self.find_stack(choice.target)
            helper.suspended = True
            # CR 16-24-4: the DP at the moment of suspension; CR 2-5-3: a helper without DP adds none.
            added = self.dp(helper) or 0
            a.dp_bonus += added
            a.extra_checks += 1
            self.emit("alliance", "CR 16-24-1", p.player, suspended=repr(helper), dp_added=added)

    def _choose_targets(self, controller: int, who: str, step: dict, source: Stack | None = None):
        """Stacks an effect step may affect (``effect_target_problem``), or None for "this Digimon"."""
        if who == "self":
            return None
        return [s for s in self.stacks() if self.effect_target_problem(controller, who, step, source, s) is None]

    def effect_target_problem(self, controller: int, who: str, step: dict, source: Stack | None, stack: Stack | None):
        """Why an effect step of ``controller``'s may not choose or affect ``stack``, or None: the one
        predicate behind the targets offered and the choices refused (CR 15-11-1-3-1)."""
        if stack is None:
            return IllegalAction("choose 1 card on the field", "CR 15-11-1-3-1")
        if stack.area != "battle":
            return IllegalAction(f"{stack!r} is in a breeding area; effects can't choose it", "CR 3-4-7-5")
        side = controller if who in ("own", "all_own") else 1 - controller
        whose = "your" if side == controller else "your opponent's"
        if stack.owner != side:
            return IllegalAction(f"the effect chooses 1 of {whose} cards", "CR 15-11-1-3-1")
        if who in ("opponent_tamer", "all_opponent_tamers"):
            if stack.top.defn.category != "tamer":
                return IllegalAction(f"the effect chooses 1 of {whose} Tamers", "CR 15-11-1-3-1")
            return None
        if not self.is_digimon(stack):
            return IllegalAction(f"the effect chooses 1 of {whose} Digimon", "CR 15-11-1-3-1")
        if side != controller and self.attack and self.attack.attacker is stack and self.keyword(stack, "progress"):
            # CR 16-39: <Progress> - not affected by the opponent's effects while attacking.
            return IllegalAction(f"{stack!r} has <Progress> and is attacking", "CR 16-39-1")
        if "max_dp" in step and (self.dp(stack) or 0) > step["max_dp"]:
            return IllegalAction(f"the effect chooses a Digimon with {step['max_dp']} DP or less", "CR 15-11-1-3-1")
        if "max_level" in step and (stack.top.defn.level or 0) > step["max_level"]:
            return IllegalAction(f"the effect chooses a Digimon of level {step['max_level']} or less", "CR 15-11-1-3-1")
        return None

    def _run_effect(self, controller: int, effect: Effect, card: Card, stack: Stack | None):
        """Carry out an effect's steps.  Returns "placed" when the card was put somewhere by its own effect."""
        if not self._condition_met(effect, controller):
            self.emit("condition_not_met", "CR 15-7", controller, card=card.name)
            return None
        if effect.optional:
            choice = yield self.decide(controller, "optional", [Action("yes"), Action("no")], f"activate {card.name}'s optional effect?",
                                       _EITHER)
            if choice.kind == "no":
                self.emit("declined", "CR 15-7", controller, card=card.name)
                return None
        result = None
        for step in effect.steps:
            (name, arg), = step.items()
            r = yield from self._step(controller, name, arg, card, stack)
            result = r or result
        return result

    def _step(self, me: int, name: str, arg, card: Card, stack: Stack | None):
        opp = 1 - me
        if name == "draw":
            self._draw(me, int(arg), "CR 16-8-1")
            return None
        if name == "memory":
            self.set_mem(me, self.mem(me) + int(arg), "CR 15-8", f"{card.name} effect")
            return None
        if name in ("recovery",):
            ps = self.players[me]
            moved = ps.deck[: int(arg)]
            del ps.deck[: int(arg)]
            ps.security[0:0] = list(reversed(moved))
            self.emit("recovery", "CR 16-6-1", me, cards=len(moved))
            return None
        if name == "trash_security":
            spec = arg if isinstance(arg, dict) else {"amount": arg}
            side = opp if spec.get("player", "opponent") == "opponent" else me
            for _ in range(int(spec.get("amount", 1))):
                if self.players[side].security:
                    c = self.players[side].security.pop(0)
                    self.players[side].trash.append(c)
                    self.emit("trash_security", "CR 15-8", side, card=c.name)
            return None
        if name == "play_self":
            # e.g. a Tamer's [Security]: play this card without paying the cost.
            yield from self._play(me, card, cost=None, ref="CR 7-1-3")
            return "placed"
        if name == "use_main":
            main = next((e for e in card.defn.effects if e.timing == "main"), None)
            if main is not None:
                self.emit("option_main", "CR 15-16-10", me, card=card.name)
                yield from self._run_effect(me, main, card, None)
            return None
        if name == "place_in_battle_area":
            if card in self.players[me].processing:
                self.players[me].processing.remove(card)
            placed = self.new_stack(me, [card])
            self.players[me].battle.append(placed)
            self.emit("placed", "CR 9-1-5", me, card=repr(placed))
            return "placed"
        if name == "blitz":
            if stack is None or stack not in self.players[me].battle:
                return None
            if self.mem(opp) < 1:
                self.emit("blitz_unavailable", "CR 16-16-5", me, why="the opponent has no memory")
                return None
            yield from self._keyword_attack(me, stack, "blitz")
            return None
        if name == "digivolve":
            # "this Digimon may digivolve into a card in your hand": a standard digivolution only.
            if stack is None or stack not in self.players[me].battle:
                return None
            spec = arg if isinstance(arg, dict) else {}
            def check(a: Action) -> IllegalAction | None:
                if a.kind != "digivolve":
                    return None
                card = next((c for c in self.players[me].hand if c.uid == a.card), None)
                if card is None:
                    return IllegalAction("the effect digivolves into a card in your hand", "CR 8-1-3-1")
                if card.defn.category != "digimon":
                    return IllegalAction("you can only digivolve into a Digimon card", "CR 8-1-1")
                if a.target != stack.sid or a.targets:
                    return IllegalAction(f"the effect digivolves {stack!r} only", "CR 15-11-1-3-1")
                return self._requirement_choice_problem(card, stack, a.option)

            candidates = [Action("decline")] + [Action("digivolve", c.uid, stack.sid, i) for c in self.players[me].hand
                                                for i in range(len(c.defn.requirements))]
            pick = yield self.decide(me, "effect_digivolve", candidates, "digivolve by this effect?", check)
            if pick.kind == "digivolve":
                yield from self._digivolve(me, pick, cost=spec.get("cost"))
            return None
        if name == "play_token":
            spec = dict(arg)
            from .cards import card_from_spec

            defn = card_from_spec(spec.get("name", "Token"), {"category": "digimon", "token": True, **spec})
            token = self.new_card(defn, me)
            stack_ = self.new_stack(me, [token])
            self.players[me].battle.append(stack_)
            self.emit("token_played", "CR 4-21-1", me, card=repr(stack_))
            yield from self._after_place(stack_, "effect")
            return None
        # Steps with a target.
        spec = arg if isinstance(arg, dict) else {"amount": arg}
        who = spec.get("target", "self")
        targets = self._choose_targets(me, who, spec, stack)
        if targets is None:
            chosen = [stack] if stack is not None and stack in self.stacks() else []
        elif who.startswith("all_"):
            chosen = yield from self._all_affected(me, who, targets)
        else:
            if not targets:
                self.emit("no_target", "CR 1-3-2", me, card=card.name, step=name)
                return None
            decision = self._pick(me, "target", f"{card.name}: choose the Digimon for {name}",
                                  lambda s: self.effect_target_problem(me, who, spec, stack, s), optional=False)
            pick = yield decision
            chosen = [self.find_stack(pick.target)]
        until = spec.get("until", "end_of_turn")
        if name == "dp":
            for s in chosen:
                s.modifiers.append(Modifier("dp", int(spec["amount"]), until, card.name, self.turn))
                self.emit("dp_change", "CR 15-8", me, card=repr(s), amount=int(spec["amount"]), until=until, dp=self.dp(s))
        elif name == "security_attack":
            for s in chosen:
                s.modifiers.append(Modifier("security_attack", int(spec["amount"]), until, card.name, self.turn))
                self.emit("security_attack_change", "CR 16-4-1", me, card=repr(s), amount=int(spec["amount"]))
        elif name == "gain":
            for s in chosen:
                s.modifiers.append(Modifier("keyword", (spec["keyword"], spec.get("value", True)), until, card.name, self.turn))
                self.emit("gains_keyword", "CR 15-13", me, card=repr(s), keyword=spec["keyword"])
        elif name == "delete":
            yield from self._delete(chosen, cause="effect", ref="CR 4-15-1", by=me)
        elif name == "suspend":
            for s in chosen:
                s.suspended = True
                self.emit("suspend", "CR 4-13", me, card=repr(s))
        elif name == "unsuspend":
            for s in chosen:
                s.suspended = False
                self.emit("unsuspend", "CR 4-13", me, card=repr(s))
        elif name == "return_to_hand":
            for s in chosen:
                self._leave_field(s, "hand", "CR 15-8")
        elif name == "de_digivolve":
            for s in chosen:
                room = self._de_digivolve_room(s, int(spec.get("amount", 1)))
                declared = room
                if room > 1:
                    # CR 16-12-1: the player declares a number from 1 up to the value.
                    pick = yield self.decide(me, "de_digivolve", [Action("choose", option=n) for n in range(1, room + 1)],
                                             f"<De-Digivolve>: how many cards to trash from {s!r} (1-{room})?",
                                             lambda a, room=room, amount=int(spec.get("amount", 1)): self._declared_number_problem(a, room, amount))
                    declared = pick.option
                self._de_digivolve(me, s, max(1, declared))
        return None

    def _declared_number_problem(self, a: Action, room: int, amount: int) -> IllegalAction | None:
        """The number declared for <De-Digivolve>: 1 up to the value, as far as cards can be trashed."""
        if a.kind != "choose":
            return None
        if a.option is None or a.card is not None or a.target is not None or a.targets:
            return IllegalAction("declare a number of cards", "CR 16-12-1")
        if a.option < 1:
            return IllegalAction("once activated, <De-Digivolve> can't trash 0 cards", "CR 16-12-3")
        if a.option > amount:
            return IllegalAction(f"declare a number from 1 up to {amount}", "CR 16-12-1")
        if a.option > room:
            return IllegalAction(f"only {room} card(s) can be trashed: never a level 3 or lower card", "CR 16-12-4")
        return None

    def _de_digivolve_room(self, stack: Stack, amount: int) -> int:
        """How many cards <De-Digivolve> can trash here: never a level 3 or lower card (CR 16-12-4).
        The last card of a stack is kept: the official text is silent on it, and trashing it would
        remove the Digimon, which <De-Digivolve> does not describe."""
        room = 0
        for card in reversed(stack.cards[1:]):
            if room == amount or (card.defn.level is not None and card.defn.level <= 3):
                break
            room += 1
        return room

    def _de_digivolve(self, me: int, stack: Stack, amount: int) -> None:
        """CR 16-12: trash the declared number of cards from the top, one at a time (16-12-5)."""
        trashed = []
        for _ in range(amount):
            top = stack.top
            if len(stack.cards) == 1 or (top.defn.level is not None and top.defn.level <= 3):
                break
            stack.cards.pop()
            top.incarnation += 1
            self.players[stack.owner].trash.append(top)
            self._overflow([top], stack.owner)
            trashed.append(top.name)
        if trashed:
            self.emit("de_digivolve", "CR 16-12-1", me, card=repr(stack), trashed=trashed)
        else:
            self.emit("de_digivolve_blocked", "CR 16-12-4", me, card=repr(stack))

    # --------------------------------------------------------------- rule checks ----
    def _rule_check(self) -> None:
        """CR 17-1-3: 0 DP Digimon are deleted; Digimon without DP and stray cards are trashed."""
        deleted = []
        for p in (0, 1):
            for stack in list(self.players[p].battle):
                d = stack.top.defn
                if d.category == "digimon" and self.dp(stack) == 0:
                    deleted.append(stack)
            breeding = self.players[p].breeding
            if breeding is not None and not self._may_stay_in_breeding(breeding):
                self._leave_field(breeding, "trash", "CR 17-1-3-2-3")
        for stack in deleted:
            self._leave_field(stack, "trash", "CR 17-1-3-1-1", deleted=True)
            self._trigger_deleted(stack, "rule")

    # ------------------------------------------------------------------ basics ----
    def _draw(self, player: int, n: int, ref: str) -> None:
        ps = self.players[player]
        drawn = 0
        for _ in range(n):
            if not ps.deck:
                break
            card = ps.deck.pop(0)
            card.incarnation += 1
            ps.hand.append(card)
            drawn += 1
        self.emit("draw", ref, player, cards=drawn)

    def _win(self, player: int, ref: str, why: str) -> None:
        self.winner = player
        self.over_reason = why
        self.emit("win", ref, player, why=why)

    def _lose(self, player: int, ref: str, why: str) -> None:
        self._win(1 - player, ref, why)

    # -------------------------------------------------------------------- dump ----
    def dump(self) -> dict:
        """Everything that makes up the position, for comparing two states."""

        def stack_dump(s: Stack):
            return {
                "sid": s.sid, "cards": [(c.uid, c.name) for c in s.cards], "suspended": s.suspended,
                "placed_turn": s.placed_turn, "area": s.area, "links": [c.uid for c in s.links],
                "modifiers": [(m.kind, m.value, m.until) for m in s.modifiers],
            }

        return {
            "turn": self.turn, "turn_player": self.turn_player, "phase": self.phase, "memory": self.memory,
            "winner": self.winner, "over": self.over_reason, "log": len(self.log),
            "decision": None if self.decision is None else (self.decision.player, self.decision.kind, [str(a) for a in self.decision.actions]),
            "pending": [p.source for p in self.pending],
            "players": [
                {
                    "deck": [c.uid for c in p.deck], "eggs": [c.uid for c in p.eggs], "hand": [c.uid for c in p.hand],
                    "trash": [c.uid for c in p.trash], "security": [c.uid for c in p.security],
                    "battle": [stack_dump(s) for s in p.battle],
                    "breeding": stack_dump(p.breeding) if p.breeding else None,
                    "removed": [c.uid for c in p.removed],
                }
                for p in self.players
            ],
            "once_used": sorted(map(str, self.once_used)),
        }


def _EITHER(action: Action) -> None:
    """The predicate of a decision between two answers that are always both open (keep or mulligan, yes or no)."""
    return None


_FAMILIES = {
    "main": ("pass", "play", "use", "digivolve", "attack", "activate", "dna", "burst", "app_fusion", "link", "protect"),
    "effect_digivolve": ("digivolve", "decline"),
    "breeding": ("hatch", "move", "skip"),
    "mulligan": ("keep", "mulligan"),
    "block": ("block", "no_block"),
    "counter": ("counter", "no_counter"),
}

_DECISION_REF = {
    "mulligan": "CR 5-2-1-4",
    "breeding": "CR 6-4-1",
    "counter": "CR 11-3-1",
    "block": "CR 12-1-1",
    "trigger_order": "CR 15-4-3-5",
    "would_be_deleted": "CR 15-8-5",
    "target": "CR 15-11-1-3-1",
    "optional": "CR 15-7",
    "digisorption": "CR 16-10-1",
    "raid": "CR 16-23-1",
    "alliance": "CR 16-24-1",
    "blitz": "CR 16-16-1",
    "vortex": "CR 16-33-1",
    "execute": "CR 16-38-1",
    "de_digivolve": "CR 16-12-1",
    "effect_digivolve": "CR 8-1-3-1",
    "arts_digivolve": "CR 4-20-1",
    "digixros": "CR 7-2-1",
    "assembly": "CR 7-3-2-1",
}

Game.DECISION_REFS = _DECISION_REF
