"""Effects and their timing (CR 15-4 ... 15-7, 15-8-3, 15-8-5, 15-14): triggers on a card's own
timings and on events of any card, pending effects, the order of activation, [X Per Turn] counts,
immediate "when this card would be played" effects, and carrying out an effect.
"""

from __future__ import annotations

from ..cards import COLOURS, PLAYER_EVENTS, TIMINGS, WINDOWS, ZONE_TIMINGS, Effect
from ..state import (
    Action,
    Card,
    IllegalAction,
    Pending,
    Stack,
)
from .common_steps import STOP


class Effects:
    """Triggering, ordering and activating effects."""

    # -------------------------------------------------------- [X Per Turn] ----
    def _per_turn_key(self, card: Card, effect: Effect):
        """CR 15-14-1-3: counted per card copy; CR 15-14-1-5-2: a new card counts afresh;
        CR 15-14-1-5-1: the turn is part of the key, so the count starts over each turn."""
        for where, effects in (("effects", card.defn.effects), ("inherited", card.defn.inherited),
                               ("option", (card.defn.option_side or {}).get("effects", ()))):
            for i, e in enumerate(effects):
                if e is effect:
                    return (card.uid, card.incarnation, where, i, self.turn)
        return (card.uid, card.incarnation, "other", effect.timing, self.turn)

    def per_turn_uses(self, card: Card, effect: Effect) -> int:
        """How many times this copy has activated this effect this turn (CR 15-14-1-1)."""
        return self.per_turn_used.get(self._per_turn_key(card, effect), 0)

    def per_turn_spent(self, card: Card, effect: Effect) -> bool:
        """CR 15-14-1-2: an [X Per Turn] effect used X times this turn neither triggers nor activates again."""
        return effect.per_turn > 0 and self.per_turn_uses(card, effect) >= effect.per_turn

    def _spend_use(self, player: int, card: Card, effect: Effect) -> None:
        """CR 15-14-1-4: choosing to activate uses 1 of the X, even if the processing can't be carried out."""
        if not effect.per_turn:
            return
        key = self._per_turn_key(card, effect)
        # Used before this turn by the same physical card, when it was another card: it counts afresh (CR 15-14-1-5-2).
        afresh = key not in self.per_turn_used and any(k[0] == key[0] and k[2:] == key[2:] for k in self.per_turn_used)
        self.per_turn_used[key] = self.per_turn_used.get(key, 0) + 1
        # Another copy of the card has used it this turn: each copy counts on its own (CR 15-14-1-3).
        other_copy = not afresh and self.per_turn_used[key] == 1 and any(
            c is not card and c.defn is card.defn and self.per_turn_uses(c, effect)
            for s in self.stacks() for c in s.cards)
        # A second or later use of an [X Per Turn] effect: up to X times a turn (CR 15-14-1-1).
        ref = ("CR 15-14-1-5-2" if afresh else "CR 15-14-1-3" if other_copy
               else "CR 15-14-1-1" if self.per_turn_used[key] > 1 else "CR 15-14-1-4")
        self.emit("per_turn_use", ref, player, card=card.name,
                  used=self.per_turn_used[key], of=effect.per_turn)

    def _new_turn_counts(self) -> None:
        """CR 15-14-1-5-1: when the turn changes, every [X Per Turn] count starts over."""
        if self.per_turn_used:
            self.emit("per_turn_reset", "CR 15-14-1-5-1", self.turn_player, effects=len(self.per_turn_used))
            self.per_turn_used = {}

    # ------------------------------------------------------------ triggers ----
    def _pend(self, player: int, source: str, effect, stack: Stack | None = None, card: Card | None = None,
              occurrences: int = 1, subject: Stack | None = None) -> None:
        """Put a triggered effect in pending activation (CR 15-4-4-1), noting which card it belongs to
        as that card is now (CR 15-4-4-3: if it becomes a new card, the effect can't activate) and how
        many times its trigger condition was met at once (CR 4-27-5)."""
        data = {"incarnation": card.incarnation} if card is not None else {}
        if stack is not None and stack.area == "breeding":
            data["area"] = "breeding"  # moved to the battle area, it is no longer pending (CR 4-17-5)
        if isinstance(effect, Effect) and effect.condition and effect.timing != "would":
            # CR 15-8-3-9-1: it triggers whether or not its processing conditions hold; note whether they did.
            data["met_at_trigger"] = self._condition_met(effect, player, stack)
            if not data["met_at_trigger"]:
                self.emit("triggers_regardless", "CR 15-8-3-9-1", player, card=card.name if card else source)
        if occurrences > 1:
            data["occurrences"] = occurrences
        if subject is not None:  # what it measures against that Digimon stays as it is now (CR 15-8-3-8)
            data["subject_level"] = self.level(subject)
            data["subject"] = subject  # what its conditions read of it is read as it is then (CR 15-8-3-9-3)
        self.pending.append(Pending(player, source, effect, stack=stack, card=card, data=data))

    def _pending_again(self, effect, card: Card) -> bool:
        """Whether this effect of this card has triggered already and not been activated yet: meeting
        its trigger conditions again makes it trigger again (CR 15-4-2-4)."""
        waiting = [self.pending, *self._older_pending, *self._waiting]
        return any(p.effect is effect and p.card is card for level in waiting for p in level)

    def _trigger_on(self, stack: Stack, timing: str) -> None:
        top = stack.cards[-1]
        own, inherited = top.defn.timings  # (which effects can trigger now, looked up before looping)
        if stack.area == "breeding":
            # CR 3-4-7-4: nothing works from the breeding area but a {Breeding} effect (CR 15-14-4-1).
            if timing not in own:
                return
            for effect in top.defn.effects:
                if effect.timing == timing and effect.zone == "breeding" and self._may_trigger(stack.owner, top, effect):
                    self._pend(stack.owner, f"[{timing}] of {top.name}", effect, stack=stack, card=top)
                    self.emit("triggered", "CR 15-14-4-1", stack.owner, card=top.name, effect=f"[{timing}] of {top.name}")
            return
        if stack.area != "battle":
            return  # CR 3-4-7-4
        # Each timing icon triggers at the moment its own clause names (CR 15-16-2-1 ... 15-16-16-1).
        if timing in own:
            for effect in top.defn.effects:
                if effect.timing == timing and effect.zone is None and self._may_trigger(stack.owner, top, effect):
                    self._pend(stack.owner, f"[{timing}] of {top.name}", effect, stack=stack, card=top)
                    self.emit("triggered", TIMINGS[timing], stack.owner, card=top.name, effect=f"[{timing}] of {top.name}")
        # (``succession_card`` is asked only where a card of this game has <Succession>: every stack is asked)
        gained = self.succession_card(stack) if "succession" in self._keywords_in_game else None
        if gained is not None and timing in gained.defn.timings[0]:  # its <Succession> card's effects are its own (CR 16-47-1)
            for effect in gained.defn.effects:
                if effect.timing == timing and effect.zone is None and self._may_trigger(stack.owner, gained, effect):
                    source = f"[{timing}] of {gained.name} (<Succession>)"
                    self._pend(stack.owner, source, effect, stack=stack, card=gained)
                    self._succession_effect(stack, gained, source)
                    self.emit("triggered", TIMINGS[timing], stack.owner, card=gained.name, effect=source)
        if timing in inherited:
            # CR 15-3-1: an inherited effect works from under a Digimon, never from the top card itself.
            self.emit("inherited_inactive", "CR 15-3-1", stack.owner, card=top.name)
        for card in stack.sources:
            if card.hidden is not None and timing in card.hidden.timings[1]:
                # CR 4-7-9: face down, it is a card without information: no inherited effect to trigger.
                self.emit("face_down_no_information", "CR 4-7-9", stack.owner, card=repr(stack), timing=timing)
            if timing not in card.defn.timings[1]:
                continue
            for effect in card.defn.inherited:
                if effect.timing == timing and effect.zone is None and self._may_trigger(stack.owner, card, effect):
                    source = f"[{timing}] (inherited) of {card.name}"
                    self._pend(stack.owner, source, effect, stack=stack, card=card)
                    self.emit("triggered", TIMINGS[timing], stack.owner, card=card.name, effect=source)

    def _trigger_timing(self, timing: str, player: int) -> None:
        if timing not in self._timings_in_game:
            return  # no card of this game has an effect at this timing, printed or inherited
        for stack in self.stacks(player):
            self._trigger_on(stack, timing)
        if timing not in ZONE_TIMINGS:
            return
        ps = self.players[player]
        if ps.breeding is not None:
            self._trigger_on(ps.breeding, timing)
        if timing not in self._zone_timings:
            return  # no card of this game has a {Trash}, {Hand} or {Security} effect at this timing
        # {Trash} effects of cards in the trash (CR 15-14-3-1), {Security} effects of face-up security cards
        # (CR 15-14-5-1), {Hand} effects of cards in the hand (CR 15-14-2-1).
        for zone, cards, ref in (("trash", ps.trash, "CR 15-14-3-1"), ("hand", ps.hand, "CR 15-14-2-1"),
                                 ("security", [c for c in ps.security if c.face_up], "CR 15-14-5-1")):
            for card in list(cards):
                if timing not in card.defn.timings[0]:
                    continue
                for effect in card.defn.effects:
                    if effect.timing == timing and effect.zone == zone and self._may_trigger(player, card, effect):
                        source = f"[{timing}] of {card.name}"
                        self._pend(player, source, effect, card=card)
                        self.emit("triggered", ref, player, card=card.name, effect=source)

    def _may_trigger(self, player: int, card: Card, effect: Effect) -> bool:
        if self.per_turn_spent(card, effect):
            self.emit("once_per_turn_spent", "CR 15-14-1-2", player, card=card.name)
            return False
        if effect.attacking is not None and self.attack is not None:
            declared = self.attack.declared_target
            target = "player" if declared is None else self._category(declared)
            if target != effect.attacking:
                # CR 11-2-7-6: "if attacking XX" reads the target chosen at the declaration.
                self.emit("not_attacking_named", "CR 11-2-7-6", player, card=card.name, named=effect.attacking,
                          declared="player" if declared is None else repr(declared))
                return False
        return True

    def _watching(self, stack: Stack, event: str, timing: str = "when"):
        """(effect, card) pairs of this Digimon or Tamer that watch ``event``: its top card's and its
        digivolution cards' inherited ones (CR 15-3).  A list, not a generator: asked of every Digimon
        at every event, it usually finds none."""
        if timing not in self._timings_in_game:
            return ()  # no card of this game has such an effect
        cards = stack.cards
        top = cards[-1]
        out = []
        if timing in top.defn.timings[0]:
            for effect in top.defn.effects:
                if effect.timing == timing and effect.event == event:
                    out.append((effect, top))
        gained = self.succession_card(stack) if "succession" in self._keywords_in_game else None
        if gained is not None:  # CR 16-47-1
            for effect in gained.defn.effects:
                if effect.timing == timing and effect.event == event:
                    out.append((effect, gained))
        for card in cards[:-1]:
            if timing not in card.defn.timings[1]:
                continue
            for effect in card.defn.inherited:
                if effect.timing == timing and effect.event == event:
                    out.append((effect, card))
        return out

    def _event_concerns(self, effect: Effect, watcher: Stack, owner: int, subject: Stack | None, by_effect: bool) -> bool:
        """Whether the event (to ``subject``, or to ``owner``'s security stack) meets the effect's
        trigger conditions apart from its window: whose card, another one, caused by an effect."""
        if effect.whose == "own" and owner != watcher.owner:
            return False
        if effect.whose == "opponent" and owner == watcher.owner:
            return False
        if effect.other and subject is watcher:
            return False
        if effect.event == "source_added" and subject is not watcher:
            return False  # "under this Digimon"
        return effect.by_effect is None or effect.by_effect == by_effect

    def _in_window(self, effect: Effect, owner: int) -> bool:
        """CR 15-16-8-1 / 15-16-9-1: [Your Turn], [Opponent's Turn] or [All Turns]."""
        if effect.window == "your_turn":
            return self.turn_player == owner
        if effect.window == "opponents_turn":
            return self.turn_player != owner
        return True

    def _sources_added(self, stack: Stack, placed=()) -> None:
        """An effect put a card under ``stack`` as a digivolution card (<Training>, <Mind Link>): effects
        watching one of a player's Digimon get cards added (CR 4-8-1) and effects watching this very
        Digimon get one placed under it (CR 15-5-3) trigger, the placed card's own among them."""
        self._fire("sources_added", [stack], by_effect=True, placed=placed)
        self._fire("source_added", [stack], by_effect=True, placed=placed)

    def _fire(self, event: str, subjects=(), owner: int | None = None, by_effect: bool = False, departed=(), cards: int = 1,
              placed=()) -> None:
        """A game event happened: every "when ..." effect whose trigger conditions it meets triggers
        and goes pending (CR 15-8-3-1, 15-4-4-1).  ``subjects`` are the Digimon it happened to at one
        and the same moment (security events name the stack's ``owner`` and how many ``cards``); each effect
        triggers once however many of them meet its conditions (CR 15-5-2).  ``departed`` are
        Digimon that left the field in this very event, whose effects still see it (CR 15-8-3-5); ``placed``
        the cards the event put where their effects work, which see it too (CR 15-5-3)."""
        if event not in self._events_watched:
            return  # no card of this game has a "when ..." effect watching this event
        if event in PLAYER_EVENTS:
            concerned = [(owner, None)] * cards
        else:
            concerned = [(s.owner, s) for s in subjects if s.top.defn.category in ("digimon", "digi-egg")]
        if not concerned:
            return
        in_field = [(o, s) for o, s in concerned if s is None or s.area == "battle"]
        watchers = self.stacks() + [s for s in departed if s not in self.stacks()]
        for watcher in watchers:
            for effect, card in self._watching(watcher, event):
                meets = [(o, s) for o, s in in_field if self._event_concerns(effect, watcher, o, s, by_effect)]
                if not meets:
                    if any(s is not None and s.area != "battle" and self._event_concerns(effect, watcher, o, s, by_effect)
                           for o, s in concerned):
                        # CR 3-4-7-6: a card in the breeding area meets no trigger condition.
                        self.emit("no_trigger_condition_in_breeding_area", "CR 3-4-7-6", watcher.owner, card=card.name, watched=event)
                    else:
                        # CR 15-8-3-4: whose card it was, or whether an effect caused it, doesn't meet its conditions.
                        self.emit("trigger_condition_not_met", "CR 15-8-3-4", watcher.owner, card=card.name, watched=event)
                    continue
                if effect.while_this and self._filter_problem(effect.while_this, watcher, None) is not None:
                    # CR 15-8-3-4: "while this Digimon is ...": the card with the effect doesn't meet it now.
                    self.emit("trigger_condition_not_met", "CR 15-8-3-4", watcher.owner, card=card.name, watched=event)
                    continue
                if not self._in_window(effect, watcher.owner):
                    self.emit("not_triggered", WINDOWS[effect.window], watcher.owner, card=card.name, watched=event,
                              window=effect.window)
                    continue
                if not self._may_trigger(watcher.owner, card, effect):
                    continue
                source = f"[when_{event}]{' (inherited)' if card is not watcher.top else ''} of {card.name}"
                # Met by several cards at one moment, it still triggers once (CR 15-5-2); a Digimon that
                # left the field in this very deletion still sees it, like an [On Deletion] (CR 15-8-3-5).
                # [All Turns]: it triggers in the opponent's turn as in its own (CR 15-16-9-1); mid-effect,
                # it still triggers (CR 15-4-2-2).
                all_turns = effect.window == "all_turns" and self.turn_player != watcher.owner
                # CR 15-1-9: a deleted token counts as put in the trash though it leaves the game (CR 4-21-5).
                tokens = event == "deleted" and all(s is not None and s.top.defn.token for _, s in meets)
                # CR 15-5-3: the card was placed by this very event where its effect can trigger, and it triggers.
                ref = ("CR 15-5-3" if card in placed
                       else "CR 15-5-2" if len(meets) > 1 else "CR 15-1-9" if tokens else "CR 15-8-3-5" if watcher in departed
                       else "CR 15-4-2-4" if self._pending_again(effect, card)
                       else "CR 15-16-9-1" if all_turns
                       else "CR 18-2-4" if self._overwriting  # it waits until the overwrite is done
                       else "CR 15-4-2-2" if self._processing
                       # CR 15-8-3-3: the conditions its own text adds (another Digimon, caused by an effect) were met.
                       else "CR 15-8-3-3" if effect.other or effect.by_effect is not None
                       else "CR 15-8-3-1")
                self.emit("triggered", ref, watcher.owner, card=card.name, watched=event, effect=source)
                self._pend(watcher.owner, source, effect, stack=watcher, card=card, occurrences=len(meets),
                           subject=meets[0][1])

    def _never_added(self, owner: int, card: Card, event: str) -> None:
        """A token or Digi-Egg sent to ``owner``'s area other than the field never really gets there
        (CR 4-21-5, 3-1-3-9): effects waiting for a card to be added to it don't trigger (CR 15-1-10)."""
        for watcher in self.stacks():
            for effect, watching in self._watching(watcher, event):
                if self._event_concerns(effect, watcher, owner, None, True):
                    self.emit("never_added_no_trigger", "CR 15-1-10", watcher.owner, card=watching.name,
                              watched=event, redirected=card.name)

    def _digivolved(self, stack: Stack, player: int, by_effect: bool = False) -> None:
        """A Digimon has digivolved (by any procedure): its [When Digivolving] effects and the effects
        watching for a digivolution trigger (CR 15-16-3-1, 15-8-3-1)."""
        if stack.area == "battle":
            self._trigger_on(stack, "when_digivolving")
        self._fire("digivolved", [stack], by_effect=by_effect)

    def _security_changed(self, player: int, event: str, by_effect: bool, cards: int = 1) -> None:
        """Cards were added to or removed from ``player``'s security stack (once per moment, CR 15-5-2)."""
        self._fire(event, owner=player, by_effect=by_effect, cards=cards)

    # ---------------------------------------------- immediate: would be played ----
    def _would_be_played(self, player: int, card: Card):
        """CR 7-1-2-2: "when this card would be played" effects trigger right after the card is revealed,
        before the cost is paid and before DigiXros or Assembly is declared (CR 7-2-2-2, CR 7-3-2-2).
        They are resolved at once, as immediate-type effects (CR 15-8-5-2).  Returns the change to the
        play cost they made (CR 4-2-3-1)."""
        if not any(e.timing == "would" and e.event == "played" for e in card.defn.effects):
            return 0
        self._playing.append({"card": card, "change": 0, "relied_on": self._relied_on_reduction(player, card)})
        try:
            yield from self._would_happen(player, card, "played")
            if card.defn.digixros or card.defn.assembly:
                # CR 7-2-3-1 / 7-3-3-1: the procedure stops at the reveal until these are resolved.
                self.emit("play_triggers_first", "CR 7-2-3-1" if card.defn.digixros else "CR 7-3-3-1", player,
                          card=card.name, procedure="DigiXros" if card.defn.digixros else "Assembly")
        finally:
            playing = self._playing.pop()
        return playing["change"]

    # The clause that places "when this card would be ..." in each procedure, and the event naming it.
    WOULD_POINTS = {"played": ("would_be_played", "CR 7-1-2-2"), "digivolved": ("would_digivolve", "CR 8-1-2-4"),
                    "used": ("would_be_used", "CR 9-1-6"), "linked": ("would_link", "CR 10-1-2-3")}

    def _would_happen(self, player: int, card: Card, event: str, effects=None):
        """"When this card would be played / digivolved into / used / linked" effects trigger right after the
        card is revealed (and the Digimon it goes onto is chosen), before any cost is paid, and are resolved
        at once as immediate-type effects (CR 7-1-2-2, 8-1-2-4, 9-1-6, 10-1-2-3; CR 15-8-5-2)."""
        effects = [e for e in (card.defn.effects if effects is None else effects) if e.timing == "would" and e.event == event]
        if not effects:
            return
        kind, ref = self.WOULD_POINTS[event]
        self.emit(kind, ref, player, card=card.name, effects=len(effects))
        outer, self.pending = self.pending, []
        try:
            for effect in effects:
                if self._may_trigger(player, card, effect):
                    self._pend(player, f"[{kind}] of {card.name}", effect, card=card)
            yield from self._resolve()
        finally:
            self.pending = outer + self.pending

    def _relied_on_reduction(self, player: int, card: Card) -> bool:
        """CR 1-3-11-3: the card was declared although its cost can't be paid without the reductions
        that need optional processing, so that processing must now be carried out as far as needed."""
        d = card.defn
        if d.digixros or d.assembly:
            return False  # their own reductions may be what the player counted on (CR 1-3-11-4)
        free = sum(int(step["reduce_play_cost"]) for effect, step in self._play_cost_reduction_steps(d)
                   if not any("by" in s for s in effect.steps[:effect.steps.index(step)])
                   and ("if" not in step or self.conditions_hold(step["if"], player, None)))
        return self.payment_problem(player, max(0, (d.play_cost or 0) - free), "") is not None

    def _relied_on(self, card: Card, effect: Effect) -> bool:
        """Whether ``effect`` lowers the play cost of ``card`` that was declared counting on it (CR 1-3-11-3)."""
        playing = self._playing[-1] if self._playing else None
        return (playing is not None and playing["card"] is card and playing["relied_on"]
                and any("reduce_play_cost" in step for step in effect.steps))

    def _reduce_play_cost(self, player: int, card: Card, amount: int) -> None:
        playing = self._playing[-1] if self._playing else None
        if playing is None or playing["card"] is not card:
            return
        playing["change"] -= amount
        self.emit("play_cost_reduced", "CR 4-2-3-1", player, card=card.name, amount=amount)

    def _relied_on_problem(self, a: Action) -> IllegalAction | None:
        """"Activate this optional effect?" for a play cost reduction the declaration counted on."""
        if a.kind == "no":
            return IllegalAction("the card was declared counting on this lowered cost, so the processing that lowers it "
                                 "must be carried out", "CR 1-3-11-3")
        return self._optional_problem(a)

    def _optional_problem(self, a: Action) -> IllegalAction | None:
        """The predicate of "activate this optional effect?": yes or no.  While the effects of a card
        that would be played resolve, its DigiXros or Assembly can't be declared yet; while an effect
        triggered during another's resolution is asked, an older pending effect can't go first."""
        older = [p for level in self._older_pending for p in level]
        if a.kind == "trigger" and older:
            tp = self.turn_player
            deriving = self.decision.player if self.decision is not None else tp
            return IllegalAction("the effect that triggered while others were resolving is activated before them",
                                 "CR 15-4-5-3" if deriving != tp and any(p.player == tp for p in older) else "CR 15-4-5-2")
        if self._playing and a.kind in ("choose", "done"):
            d = self._playing[-1]["card"].defn
            if d.digixros:
                return IllegalAction("the effects triggered when the card would be played resolve before DigiXros is declared",
                                     "CR 7-2-2-2")
            if d.assembly:
                return IllegalAction("the effects triggered when the card would be played resolve before Assembly is declared",
                                     "CR 7-3-2-2")
        return None

    # ------------------------------------------------------------ resolving ----
    def _resolve(self):
        """CR 15-4-3-5: the turn player activates all their pending effects first, one at a time.
        (Asked after every action and every effect, it usually finds nothing pending and nothing for a
        format to settle: then it is nothing to iterate, not a generator to start.)"""
        settle = self.variant.before_resolve()  # what a format settles at once (Tamer Tactics' regrouping)
        if not self.pending and settle == ():
            return ()
        return self._resolve_pending(settle)

    def _resolve_pending(self, settle):
        yield from settle
        if self.pending:
            self._continuous_check()  # pending effects see what persistent effects do now (CR 15-8-2-2)
        # Effects that triggered together (CR 15-4-3-1); <Piercing> triggers with the battle's (CR 16-7-4).
        batch = len(self.pending) > 1 or bool(self.attack and self.attack.pending_piercing)
        resolved = False
        while self.pending and not self.is_over:
            tp = self.turn_player
            player = tp if any(p.player == tp for p in self.pending) else 1 - tp
            mine = [p for p in self.pending if p.player == player]
            if len(mine) > 1:
                if resolved:
                    # CR 15-4-3-4: the order is chosen one step at a time, after each effect has been resolved.
                    self.emit("next_in_order", "CR 15-4-3-4", player, effects=len(mine))
                def check(a: Action, n=len(mine), mine=mine) -> IllegalAction | None:
                    if a.kind in ("decline", "no") and any(isinstance(p.effect, str) or not p.effect.optional for p in mine):
                        # CR 15-1-5: a mandatory effect is carried out whenever it can be; it can't be passed over.
                        return IllegalAction("a mandatory effect is pending: it is activated, never skipped", "CR 15-1-5")
                    if a.kind == "trigger" and a.targets and a.option is None:
                        return IllegalAction("triggered effects are activated one at a time, never together", "CR 15-4-2-3")
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
            older = [p for level in self._older_pending for p in level]
            if older and not simultaneous:
                # CR 15-4-5-2: a derived trigger is activated before the older effects still pending,
                # even the turn player's when it is the other player's (CR 15-4-5-3).
                ref = "CR 15-4-5-3" if player != tp and any(p.player == tp for p in older) else "CR 15-4-5-2"
            else:
                # CR 15-4-3-5-1: the turn player's own first; CR 15-4-3-5-2: then the non-turn player's.
                ref = ("CR 15-4-3-5-1" if player == tp else "CR 15-4-3-5-2") if simultaneous else "CR 15-4-4-2"
            if (yield from self._loop_check(chosen)):
                if self.is_over:
                    return
                continue  # CR 18-3-3-3: the loop stops here
            if self._ending_turn and self.mem(tp) >= 0:
                # CR 15-8-3-6: the memory is back on the turn player's side, but it triggered at the end of the turn.
                self.emit("stays_triggered", "CR 15-8-3-6", player, effect=chosen.source, memory=self.mem(tp))
            self.emit("activate", ref, player, effect=chosen.source)
            self._waiting.append(outer)  # still pending while this one resolves (CR 15-4-2-4)
            try:
                yield from self._activate_pending(chosen)
            finally:
                self._waiting.pop()
            resolved = True
            yield from self._rule_check()
            # CR 15-4-5: effects triggered while resolving go before the older pending ones.
            self._older_pending.append(outer)
            try:
                yield from self._resolve()
            finally:
                self._older_pending.pop()
            self.pending = outer + self.pending

    def _resolve_unless_processing(self):
        """Pending effects activate now, unless an effect is still being processed: then they wait
        until it has been resolved in full (CR 15-8-3-2)."""
        if not self._processing:
            yield from self._resolve()

    def _pending_lost(self, p: Pending) -> IllegalAction | None:
        """Why a pending effect can no longer be activated (CR 15-4-4-3, 15-4-4-4), or None."""
        card = p.card
        if card is not None and "incarnation" in p.data and card.incarnation != p.data["incarnation"]:
            return IllegalAction(f"{card.name} has become a new card since its effect triggered", "CR 15-4-4-3")
        stack = p.stack
        if stack is not None and p.data.get("area") == "breeding" and stack.area == "battle":
            return IllegalAction(f"{stack!r} has moved to the battle area since its effect triggered, and a moved "
                                 "Digimon's effect states don't go with it", "CR 4-17-5")
        if card is not None and stack is not None and stack in self.stacks(stack.owner):
            own = (card is stack.top or card is self.succession_card(stack)) and any(e is p.effect for e in card.defn.effects)
            inherited = card in stack.sources and any(e is p.effect for e in card.defn.inherited)
            linked = card in stack.links and p.effect.timing == "when_linking"  # CR 15-16-6-1
            if not (own or inherited or linked):
                return IllegalAction(f"{stack!r} no longer has that effect of {card.name}", "CR 15-4-4-4")
            if isinstance(p.effect, Effect) and p.effect.while_this and self._filter_problem(p.effect.while_this, stack, None) is not None:
                return IllegalAction(f"{stack!r} no longer meets the trigger conditions of {card.name}'s effect", "CR 15-4-4-5")
        return None

    def _activate_pending(self, p: Pending):
        if isinstance(p.effect, Effect):
            effect, card = p.effect, p.card
            lost = self._pending_lost(p)
            if lost is not None:
                self.emit("cannot_activate", lost.ref, p.player, card=card.name, effect=p.source)
                return
            if self.per_turn_spent(card, effect):
                self.emit("once_per_turn_spent", "CR 15-14-1-2", p.player, card=card.name)
                return
            checked = False
            if "met_at_trigger" in p.data:
                then = p.data["met_at_trigger"]
                if p.data.get("left"):
                    # CR 15-8-3-9-4: triggered by leaving an area, its conditions read the state it triggered in.
                    if not then:
                        self.emit("condition_not_met", "CR 15-8-3-9-4", p.player, card=card.name)
                        return
                    self.emit("condition_met", "CR 15-8-3-9-4", p.player, card=card.name)
                    checked = True
                else:
                    # CR 15-8-3-9-2 / 15-8-3-9-3: its conditions are read as it activates, not as it triggered.
                    now = self._condition_met(effect, p.player, p.stack)
                    if now and not then:
                        self.emit("condition_met", "CR 15-8-3-9-2", p.player, card=card.name)
                        checked = True
                    elif then and not now:
                        self.emit("condition_not_met", "CR 15-8-3-9-3", p.player, card=card.name)
                        return
            self.occurrences.append(p.data.get("occurrences", 1))
            self.trigger_levels.append(p.data.get("subject_level"))
            self.trigger_subjects.append(p.data.get("subject"))
            try:
                yield from self._run_effect(p.player, effect, card, p.stack, checked=checked)
            finally:
                self.occurrences.pop()
                self.trigger_levels.pop()
                self.trigger_subjects.pop()
            return
        kw = p.effect
        if kw == "burst_trash":  # pending processing, carried out as if it triggered now (CR 18-1-1)
            self._burst_trash_top(p.stack)
        elif kw == "retaliation":
            target = p.stack
            if target in self.players[target.owner].battle:
                self._keyword_mandatory(p.player, "retaliation", p.source.removeprefix("<Retaliation> of "))
                self.emit("retaliation", "CR 16-13-1", p.player, deletes=repr(target))
                yield from self._delete([target], cause="effect", ref="CR 16-13-1", by=p.player)
        elif kw == "fortitude":
            card = p.card
            if card in self.players[p.player].trash:
                self.players[p.player].trash.remove(card)
                self._keyword_mandatory(p.player, "fortitude", card.name)
                self.emit("fortitude", "CR 16-27-1", p.player, card=card.name)
                yield from self._play(p.player, card, cost=None, ref="CR 16-27-1")
        elif kw == "ascension":
            yield from self._ascension(p)
        elif kw == "raid":
            yield from self._raid(p)
        elif kw == "alliance":
            yield from self._alliance(p)
        elif kw in ("vortex", "execute", "engage"):
            yield from self._keyword_attack(p.player, p.stack, kw)
        elif kw == "overclock":
            yield from self._overclock(p)

    def _run_effect(self, controller: int, effect: Effect, card: Card, stack: Stack | None, count_use: bool = True,
                    checked: bool = False):
        """Carry out an effect's steps.  Returns "placed" when the card was put somewhere by its own effect.

        An effect whose processing condition isn't met, or that the player declines, is not activated
        and so uses none of its [X Per Turn] count (CR 15-6-3, CR 15-14-1-4); ``count_use`` is False
        when the count was taken at declaration ([Main], CR 15-8-4-2); ``checked`` when its processing
        conditions have been read already (CR 15-8-3-9)."""
        if not checked and not self._condition_met(effect, controller, stack):
            self._explain_unmet(effect.condition, controller, stack, card)
            self.emit("condition_not_met", "CR 15-6-3", controller, card=card.name)
            return None
        if effect.optional:
            check = self._optional_problem
            if self._playing and self._relied_on(card, effect):
                check = self._relied_on_problem
            choice = yield self.decide(controller, "optional", [Action("yes"), Action("no")], f"activate {card.name}'s optional effect?",
                                       check)
            if choice.kind == "no":
                self.emit("declined", "CR 15-9-2-2", controller, card=card.name)  # optional processing may be left undone
                return None
            # CR 15-1-6: choosing to carry out the processing is what activates the effect.
            self.emit("effect_chosen", "CR 15-1-6", controller, card=card.name)
        if effect.zone == "hand":
            # CR 15-14-2-1: a {Hand} effect is activated by revealing its card from the hand; it stays there.
            self.emit("revealed_from_hand", "CR 15-14-2-1", controller, card=card.name)
        if count_use:
            self._spend_use(controller, card, effect)
        self._processing += 1
        try:
            result = yield from self._run_steps(controller, effect, card, stack)
        finally:
            self._processing -= 1
        return result

    def _choose_colour(self, controller: int, card: Card):
        """"Choose a colour": the choice is one of the seven colours (CR 2-4-2)."""
        def check(a: Action) -> IllegalAction | None:
            if a.kind == "choose" and (a.option not in COLOURS or a.card is not None or a.target is not None or a.targets):
                return IllegalAction(f"a colour chosen is one of {', '.join(COLOURS)}", "CR 2-4-2")
            return None

        pick = yield self.decide(controller, "colour", [Action("choose", option=c) for c in COLOURS],
                                 f"{card.name}: choose a colour", check)
        self.emit("colour_chosen", "CR 2-4-2", controller, card=card.name, colour=pick.option)
        return pick.option

    def _run_steps(self, controller: int, effect: Effect, card: Card, stack: Stack | None):
        waiting, paid_at = len(self.pending), None
        at_zero = set()
        if len(effect.steps) > 1:
            # CR 15-1-2: the processes are carried out one after another, in the order the text gives them.
            self.emit("in_text_order", "CR 15-1-2", controller, card=card.name, processes=len(effect.steps))
        self._at_zero.append(at_zero)
        try:
            result, paid_at = yield from self._each_step(controller, effect.steps, card, stack, at_zero)
        finally:
            self._at_zero.pop()
        if len(effect.steps) > 1:
            # CR 15-1-4: an effect with several processes is resolved once every one of them has ended.
            self.emit("effect_resolved", "CR 15-1-4", controller, card=card.name, processes=len(effect.steps))
        if paid_at is not None and any(e.kind == "no_target" for e in self.log[paid_at:]):
            # CR 15-7-5: the cost could be paid although what follows it had nothing to act on.
            self.emit("cost_paid_anyway", "CR 15-7-5", controller, card=card.name)
        if len(self.pending) > waiting:
            # CR 15-8-3-2: what triggered during the processing has waited until the effect was resolved.
            self.emit("triggered_effects_wait", "CR 15-8-3-2", controller, card=card.name, effects=len(self.pending) - waiting)
            if len(self.pending) - waiting > 1:
                # CR 15-4-3-2: triggered before this one effect was resolved, they count as triggering together.
                self.emit("triggered_simultaneously", "CR 15-4-3-2", controller, card=card.name, effects=len(self.pending) - waiting)
        return result

    def _each_step(self, controller: int, steps, card: Card, stack: Stack | None, at_zero: set):
        """An effect's steps in the order of its text; returns (result, where in the log a cost was paid)."""
        result, paid_at, incarnation = None, None, card.incarnation
        chosen = None  # the colour a choose_colour step chose, for the steps after it
        for i, step in enumerate(steps):
            if card.incarnation != incarnation:
                # CR 15-4-1-2: once activated, the effect is resolved in full though its card is now a new card.
                self.emit("effect_continues", "CR 15-4-1-2", controller, card=card.name)
                incarnation = card.incarnation
            if "if" in step and not self._step_condition(step, controller, card, stack):
                continue  # CR 15-6-2: a step's own condition binds that step only
            (name, arg), = ((k, v) for k, v in step.items() if k != "if")
            if name == "reduce_play_cost":
                self._reduce_play_cost(controller, card, int(arg))
                continue
            if name == "choose_colour":
                chosen = yield from self._choose_colour(controller, card)
                continue
            if isinstance(arg, dict) and arg.get("colour") == "chosen":
                arg = {**arg, "colour": chosen}  # "that colour": the one this effect chose
            r = yield from self._step(controller, name, arg, card, stack)
            if r == STOP:
                break  # CR 15-7-2: a cost not paid, nothing after it
            if name == "by":
                paid_at = len(self.log)
            result = r or result
            if i < len(steps) - 1:
                self._rule_check_waits(at_zero)  # CR 17-1-2-2
        return result, paid_at
