"""The flow of a game: setup, turns and their phases (CR 5, 6), drawing, winning and losing (CR 1-2).
"""

from __future__ import annotations

from ..state import (
    Action,
    Decision,
    IllegalAction,
    Pending,
)
from .common import EITHER, LOOK_ZONES, MAX_TURNS, PHASES, REARRANGE_ZONES


class Flow:
    """The turn and its phases, in the order CR 6 gives them."""

    def _game(self):
        start_phase = self._start_phase
        if start_phase == "setup":
            yield from self.variant.setup() or self._setup()
            start_phase = "unsuspend"
        else:
            yield from self._resume()  # position.py: an attack under way or effects pending go on first
        while not self.is_over:
            yield from self._turn(start_phase)
            start_phase = "start"
            if self.turn > MAX_TURNS and not self.is_over:
                self.over_reason = f"turn limit of {MAX_TURNS} reached"
                self.emit("game_over", "CR 1-2-2", reason=self.over_reason)

    def _setup(self):
        # CR 5-2-1: the set-up steps CR 5-2-1-1 to CR 5-2-1-8, in that order.
        self.emit("setup", "CR 5-2-1")
        self.emit("two_players", "CR 1-1-1")  # CR 1-1-1: one player against the other, no more
        for p in (0, 1):
            self.rng.shuffle(self.players[p].deck)
            self.emit("shuffle", "CR 5-2-1-1", p)
        for p in (0, 1):
            eggs = self.players[p].eggs
            if eggs:
                self.rng.shuffle(eggs)
                self.emit("shuffle_eggs", "CR 5-2-1-2", p, cards=len(eggs))
            else:  # CR 5-2-1-2: no Digi-Egg deck, so straight on to the next step
                self.emit("no_digi_egg_deck", "CR 5-2-1-2", p)
        first = self.turn_player
        self.emit("first_player", "CR 5-2-1-3", first)
        yield from self._hands_security_memory(first, "CR 5-2-1-4", "CR 5-2-1-6", "CR 5-2-1-7", "CR 5-2-1-8")

    def _hands_security_memory(self, first: int, hand_ref: str, security_ref: str, memory_ref: str, start_ref: str):
        """Opening hands and one mulligan each (first player first), security, memory 0, game start."""
        for p in (0, 1):
            self._draw(p, 5, hand_ref)
        for p in (first, 1 - first):  # CR 5-2-1-4: starting with the first player
            choice = yield self.decide(p, "mulligan", [Action("keep"), Action("mulligan")], "keep or re-draw?", EITHER)
            if choice.kind == "mulligan":
                ps = self.players[p]
                ps.deck.extend(ps.hand)
                ps.hand.clear()
                self.emit("mulligan", "CR 5-2-1-5", p)
                self.rng.shuffle(ps.deck)
                self.emit("shuffle", "CR 1-3-10", p)  # into a random order
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
                self._new_turn_counts()
                # Persistent effects follow the turn at once: "[Your Turn]" ones start, "[Opponent's
                # Turn]" ones stop, before anything else happens in it (CR 15-8-2-2, 15-8-2-3).
                self._continuous_check()
            # CR 6-2-1-1: start-of-turn effects are processed before unsuspending.
            self._trigger_timing("start_of_your_turn", tp)
            self._trigger_timing("start_of_opponents_turn", 1 - tp)  # CR 15-16-11-2: also before unsuspending
            if self.pending:
                self.emit("start_of_turn_effects", "CR 6-2-1-1", tp, effects=len(self.pending))
            # The turn changes which persistent effects apply (CR 15-8-2-2/3); a Digimon whose DP is
            # now 0 is deleted, its [On Deletion] triggering with them (CR 15-4-3-3, 17-1-3-1-1).
            yield from self._rule_check()
            yield from self._resolve()
            if self.is_over:
                return
            start = "unsuspend"
        phases = PHASES[PHASES.index(start):] if start in PHASES else PHASES
        for phase in phases:
            if self._turn_should_end():
                # CR 6-6-1: the turn ends in the phase under way; the later phases don't happen.
                # CR 6-2-1-2: met once the start-of-turn effects are done, it ends before unsuspending.
                if phase == "unsuspend":
                    self.emit("turn_ends_before_unsuspend", "CR 6-2-1-2", tp, memory=self.mem(tp))
                elif self.phase in PHASES:
                    self.emit("turn_ends_early", "CR 6-6-1", tp, phase=self.phase, memory=self.mem(tp))
                break
            self.phase = phase
            if phase == "main" and start != "main":
                self._main_arrives = self.turn  # the main phase comes now (not a position set up in it)
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
        self.emit("phase", "CR 6-1-2", tp, phase="unsuspend")  # CR 6-1-2: the phases in their fixed order
        turn_players = 0
        for stack in self.stacks(tp) + ([self.players[tp].breeding] if self.players[tp].breeding else []):
            if stack.suspended:
                stack.suspended = False
                turn_players += 1
                self.emit("unsuspend", "CR 6-2-1", tp, card=repr(stack))
        if turn_players > 1:  # CR 6-2-1-3: all at once, so no card waits for another
            self.emit("unsuspend_any_order", "CR 6-2-1-3", tp, cards=turn_players)
        for stack in self.stacks(1 - tp):
            if stack.suspended and self.keyword(stack, "reboot"):
                self._keyword_mandatory(1 - tp, "reboot", repr(stack))
                stack.suspended = False  # CR 16-11-1, 16-11-5: at the same time
                self.emit("unsuspend", "CR 16-11-1", 1 - tp, card=repr(stack), why="<Reboot>")
                instances = len(self._keyword_values(stack, "reboot"))
                if instances > 1:  # CR 16-11-3: still unsuspended just once in this phase
                    self.emit("reboot_once", "CR 16-11-3", 1 - tp, card=repr(stack), instances=instances)
                if turn_players:  # CR 16-11-5: no order between these unsuspensions
                    self.emit("reboot_simultaneous", "CR 16-11-5", 1 - tp, card=repr(stack), cards=turn_players)
        self._continuous_check()  # "while suspended" effects stop here (CR 15-8-2-6-2)
        return
        yield  # pragma: no cover - makes this a generator

    def _phase_draw(self):
        tp = self.turn_player
        self.emit("phase", "CR 6-1-2", tp, phase="draw")  # CR 6-1-2: the phases in their fixed order
        if self.turn == 1 and tp == self._first_player and not self._draw_on_turn_1:
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
        self.emit("phase", "CR 6-1-2", tp, phase="breeding")  # CR 6-1-2: the phases in their fixed order
        choice = yield self.decide(tp, "breeding", [Action("hatch"), Action("move"), Action("skip")], "hatch, move or do nothing",
                                   self._phase_check("breeding"))
        ps = self.players[tp]
        if choice.kind == "hatch":
            card = yield from self._hatch_card(tp)
            card.incarnation += 1
            ps.breeding = self.new_stack(tp, [card], area="breeding")
            self.emit("hatch", "CR 4-18-1", tp, card=card.name)
        elif choice.kind == "move":
            yield from self._move_to_battle(tp)
            yield from self._resolve()
        else:
            self.emit("breeding_skip", "CR 6-4-1-3", tp)

    def _move_to_battle(self, tp: int):
        """CR 4-17-1: the Digimon in the breeding area goes to the battle area, by the breeding phase's
        action or by an effect.  Orientation and changes go with it (CR 4-17-3, 4-17-4); effect states
        don't (CR 4-17-5: a pending effect of it is no longer pending, see ``_pending_lost``)."""
        ps = self.players[tp]
        stack = ps.breeding
        ps.breeding = None
        stack.area = "battle"
        ps.battle.append(stack)
        self.emit("move", "CR 4-17-1", tp, card=repr(stack))
        if stack.suspended:
            self.emit("moved_stays_suspended", "CR 4-17-3", tp, card=repr(stack))  # orientation is kept
        if stack.modifiers:
            self.emit("moved_changes_kept", "CR 4-17-4", tp, card=repr(stack), changes=len(stack.modifiers))
        yield from self._after_place(stack, "move")
        self._trigger_on(stack, "when_moving")

    def _hatch_card(self, tp: int):
        """CR 4-18-1: the top card of the Digi-Egg deck, unless a format says otherwise."""
        card = yield from self.variant.hatch_card(tp)
        return self.players[tp].eggs.pop(0) if card is None else card

    def _phase_main(self):
        tp = self.turn_player
        if self.phase != "main" or self._main_logged != (self.turn, tp):
            self.emit("phase", "CR 6-1-2", tp, phase="main")
            self._main_logged = (self.turn, tp)
            if self._main_arrives == self.turn:
                # CR 15-16-13-1 / 15-16-13-2: effects that trigger when a main phase comes.
                self._trigger_timing("start_of_your_main_phase", tp)
                self._trigger_timing("start_of_opponents_main_phase", 1 - tp)
                yield from self._resolve()
        self.phase = "main"
        while not self.is_over and not self._turn_should_end():
            choice = yield Decision(tp, "main", self._main_actions(tp), "main phase action", self._phase_check("main"),
                                    frozenset(self.MAIN_KINDS))
            yield from self._do_main(tp, choice)
            yield from self._resolve()
        if not self.is_over:
            self._delay_left_unused(tp)

    def _delay_left_unused(self, tp: int) -> None:
        """The main phase ends with a <Delay> the player could have activated: using it is optional
        (CR 16-17-2), so the card simply stays in the battle area."""
        for stack in self.stacks(tp):
            if stack.cards[-1].defn.category != "option":
                continue
            for i, (effect, card) in enumerate(self._activation_effects(stack)):
                if effect.timing == "delay" and self._check(Action("activate", card=stack.sid, option=i)) is None:
                    self.emit("delay_unused", "CR 16-17-2", tp, card=card.name)

    def _end_of_turn(self):
        """CR 6-6: end-of-turn effects; if memory comes back to the turn player, the phase goes on."""
        tp = self.turn_player
        self.emit("turn_end_conditions", "CR 6-1-4-1", tp, memory=self.mem(tp))
        self._burst_end_of_turn()
        self._trigger_timing("end_of_your_turn", tp)
        self._trigger_timing("end_of_opponents_turn", 1 - tp)
        for p in (tp, 1 - tp):
            self._trigger_timing("end_of_all_turns", p)  # CR 15-16-12-3: whoever's turn it is
        for stack in list(self.stacks(tp)):
            for kw in ("vortex", "execute", "overclock", "engage"):
                # (keyword() answers None at once for a keyword no card of this game has, asked of a Digimon
                # without changes on it: not asked at all then)
                if (kw in self._keywords_in_game or stack.modifiers) and self.keyword(stack, kw):
                    # trigger-type, set off by the end of the turn (CR 16-33-2, 16-38-2, 16-34-2, 16-44-2)
                    self.emit("triggered", {"vortex": "CR 16-33-2", "execute": "CR 16-38-2", "overclock": "CR 16-34-2",
                                            "engage": "CR 16-44-2"}[kw], tp, card=repr(stack),
                              watched="end_of_turn", effect=f"<{kw.title()}> of {stack!r}")
                    self.pending.append(Pending(tp, f"<{kw.title()}> of {stack!r}", kw, stack=stack))
        if len(self.pending) > 1 and any(p.data.get("pending_processing") for p in self.pending):
            # CR 18-1-2: pending processing due now is ordered with the triggered effects as if it had triggered with them.
            self.emit("pending_processing_together", "CR 18-1-2", tp, effects=len(self.pending))
        if self.pending:
            # CR 6-6-2: the phase goes on until everything pending at the end of the turn is resolved.
            self.emit("end_of_turn_effects", "CR 6-6-2", tp, effects=len(self.pending))
        self._ending_turn = True  # what triggered at the end of the turn stays triggered (CR 15-8-3-6)
        try:
            yield from self._resolve()
        finally:
            self._ending_turn = False
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
        # "Until the end of your opponent's turn" is said by the effect's player: it ends with a
        # turn that isn't theirs (a card's own effect: its owner's).
        for stack in self.stacks():
            if not stack.modifiers:
                continue  # (most Digimon have none: nothing to expire)
            stack.modifiers = [
                m for m in stack.modifiers
                if not (m.until == until or (m.until == "end_of_opponents_turn" and until == "end_of_turn"
                                             and self.turn_player != (stack.owner if m.by is None else m.by)))
            ]
        self._expire_lasting(until)

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
        if drawn:
            waiting = len(self.pending)
            self._fire("drew", owner=player)
            if len(self.pending) > waiting:  # CR 4-14-1: deck to hand is drawing, whatever made the player draw
                self.emit("counts_as_drawing", "CR 4-14-1", player, cards=drawn)

    def apply(self, action: Action) -> None:
        """Take ``action``; a forfeit (``Action("forfeit", option=player)``) may come from either player
        at any moment, whoever is deciding (CR 1-2-4)."""
        if action.kind == "forfeit":
            self._forfeit(action)
            return
        if action.kind == "rearrange":
            self._rearrange(action)
            return
        if action.kind == "look":
            self._look(action)
            return
        super().apply(action)

    def _look(self, action: Action) -> None:
        """Look at the cards of an area, or count them, at any moment.  Counting is always allowed
        (CR 3-1-3-2); the field (CR 3-4-2) and the trash (CR 3-6-3) are public, and a player may look
        at their own hand (CR 3-5-3); nobody may look through a deck (CR 3-2-2), a Digi-Egg deck
        (CR 3-3-2), a security stack (CR 3-7-2) or the opponent's hand (CR 3-1-2-2-1).  ``Action("look",
        option=player, target=stack id)`` checks the cards of one stack on the field, bottom to top: a
        public area shows its cards and their order to both players (CR 3-1-2-1-1).
        ``Action("look", option=player, targets=(LOOK_ZONES index, 0 own / 1 the opponent's,
        1 to count only))``; nothing in the game changes."""
        if self.is_over:
            raise IllegalAction("the game is over", "CR 1-2-2")
        player = action.option
        if player in (0, 1) and action.target is not None and not action.targets:
            self._look_at_stack(player, action.target)
            return
        if player not in (0, 1) or len(action.targets) != 3:
            raise IllegalAction("looking names the player, the area and whose it is", "CR 3-1-3-2")
        zone, whose, count_only = LOOK_ZONES[action.targets[0]], action.targets[1], action.targets[2]
        owner = player if whose == 0 else 1 - player
        if zone == "revealed":
            self._look_at_shown(player, owner)
            return
        cards = getattr(self.players[owner], zone)
        if count_only:
            self.emit("counted", "CR 3-1-3-2", player, zone=zone, owner=f"P{owner + 1}", cards=len(cards))
            tokens = sum(1 for s in cards if s.top.defn.token) if zone == "battle" else 0
            if tokens:
                self.emit("tokens_counted", "CR 4-21-2", player, owner=f"P{owner + 1}", tokens=tokens)
            return
        private = {"deck": "CR 3-2-2", "eggs": "CR 3-3-2", "security": "CR 3-7-2"}
        if zone in private:
            raise IllegalAction(f"the {zone} is a private area: its cards are face down", private[zone])
        if zone == "hand" and owner != player:
            raise IllegalAction("the opponent's hand is a private area", "CR 3-1-2-2-1")
        ref = {"hand": "CR 3-5-3", "trash": "CR 3-6-3", "battle": "CR 3-4-2"}[zone]
        self.emit("looked", ref, player, zone=zone, owner=f"P{owner + 1}", cards=len(cards))

    def _look_at_stack(self, player: int, sid: int) -> None:
        """Look at the cards of one stack on the field and their order: a public area, so either player
        may (CR 3-1-2-1-1), but a card lying face down under another is hidden, and only the stack's
        owner may look at it (CR 4-7-10)."""
        stack = self.find_stack(sid)
        if stack is None:
            raise IllegalAction("there is no such card on the field", "CR 3-4-2")
        hidden = [c.hidden.name for c in stack.cards if c.hidden is not None]
        if hidden and stack.owner != player:
            raise IllegalAction(f"the face-down cards under {stack!r} are hidden from its opponent", "CR 4-7-10")
        self.emit("looked_stack", "CR 3-1-2-1-1", player, card=repr(stack), order=[c.name for c in stack.cards])
        if hidden:
            self.emit("looked_face_down", "CR 4-7-10", player, card=repr(stack), cards=", ".join(hidden))

    def _look_at_shown(self, player: int, owner: int) -> None:
        """See the cards ``owner``'s effect is revealing or looking at.  Revealed cards are shown to both
        players (CR 15-15-3-8-1); cards an effect "looks at" are shown to one player only
        (CR 15-15-3-9-1), the effect's player when the text names none (CR 15-15-3-9-2)."""
        shown = [s for s in self._shown if s[0] == owner]
        if not shown:
            raise IllegalAction(f"no effect of P{owner + 1}'s is revealing cards: a deck's cards are face down", "CR 3-2-2")
        _, cards, looked_at, _zone = shown[-1]
        if looked_at and player != owner:
            raise IllegalAction(f"P{owner + 1}'s effect looks at the cards: they are shown to P{owner + 1} only",
                                "CR 15-15-3-9-1")
        self.emit("saw_shown_cards", "CR 15-15-3-9-2" if looked_at else "CR 15-15-3-8-1", player,
                  owner=f"P{owner + 1}", cards=len(cards))

    def _rearrange(self, action: Action) -> None:
        """Put the cards of one of your areas in another order, at any moment: your hand (CR 3-5-2)
        and your trash (CR 3-6-2) may be rearranged; the deck (CR 3-2-3), the Digi-Egg deck
        (CR 3-3-3), the security stack (CR 3-7-3) and a stack on the field (CR 4-7-3) may not.
        ``Action("rearrange", option=player, targets=(REARRANGE_ZONES index,))`` names an area,
        ``target=stack id`` a stack.  The engine reads no order in a hand or trash, so the cards stay
        as they are."""
        if self.is_over:
            raise IllegalAction("the game is over", "CR 1-2-2")
        player = action.option
        if player not in (0, 1):
            raise IllegalAction("a rearrangement names the player who makes it", "CR 3-5-2")
        if action.target is not None:
            stack = self.find_stack(action.target)
            if stack is None:
                raise IllegalAction("there is no such card on the field", "CR 4-7-3")
            if len(stack.cards) == 1:
                raise IllegalAction(f"{stack!r} is a single card, not stacked cards: it has no order to change", "CR 4-7-2")
            if stack.top.defn.category == "tamer":
                # CR 4-7-1: a Tamer with cards under it forms stacked cards as a Digimon does (CR 4-7-3).
                raise IllegalAction(f"the cards of {stack!r}, a Tamer with cards under it, are stacked cards: "
                                    "their order can't be changed", "CR 4-7-1")
            raise IllegalAction(f"the order of the cards in {stack!r} can't be changed", "CR 4-7-3")
        zone = REARRANGE_ZONES[action.targets[0]]
        fixed = {"deck": "CR 3-2-3", "eggs": "CR 3-3-3", "security": "CR 3-7-3"}
        if zone in fixed:
            raise IllegalAction(f"the order of the cards in the {zone} can't be changed", fixed[zone])
        cards = getattr(self.players[player], zone)
        self.emit(f"{zone}_rearranged", "CR 3-5-2" if zone == "hand" else "CR 3-6-2", player, cards=len(cards))

    def _forfeit(self, action: Action) -> None:
        if self.is_over:
            raise IllegalAction("the game is over", "CR 1-2-2")
        if action.option not in (0, 1) or action.card is not None or action.target is not None or action.targets:
            raise IllegalAction("a forfeit names the player who forfeits", "CR 1-2-4")
        player = action.option
        self.history.append(action)
        self.emit("forfeit", "CR 1-2-4", player)
        # CR 1-2-5: losing by forfeit makes no effect trigger or activate, not even those already pending.
        self.emit("forfeit_no_effects", "CR 1-2-5", player, pending=len(self.pending))
        self.pending = []
        self.decision = None
        self._win(1 - player, "CR 1-2-4", "the opponent forfeited")

    def _win(self, player: int, ref: str, why: str, condition: str | None = None) -> None:
        """``player`` wins by ``ref``; ``condition`` is the victory condition (CR 1-2-3-x) when ``ref``
        is the procedure that found it met.  The game is over at once (CR 1-2-2)."""
        if condition is None and ref.startswith("CR 1-2-3-"):
            condition = ref  # the procedure is the victory condition itself (CR 1-2-3-2)
        if condition is not None:
            if condition != ref:
                self.emit("victory_condition", condition, player, why=why)
            # CR 1-2-1: meeting a victory condition is what wins the game.
            self.emit("wins_by_condition", "CR 1-2-1", player, condition=condition)
        self.winner = player
        self.over_reason = why
        self.emit("win", ref, player, why=why)
        self.emit("game_over", "CR 1-2-2", reason=why)

    def _lose(self, player: int, ref: str, why: str) -> None:
        self._win(1 - player, ref, why)
