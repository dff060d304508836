"""Deletion, leaving the field, rule processing and infinite loops (CR 4-15, 15-8-5, 17, 18-3).
"""

from __future__ import annotations

from ..cards import FACE_DOWN
from ..state import (
    Action,
    Card,
    IllegalAction,
    Pending,
    Stack,
)


class RuleChecks:
    """Deleting Digimon, cards leaving the field, and the rule processing after each action."""

    def _delete(self, stacks: list[Stack], cause: str, ref: str, by: int | None = None, etype: str = "digimon"):
        """Delete Digimon, offering their immediate 'would be deleted' effects first; return the deleted.
        ``etype``: the kind of effect that deletes (CR 15-2-1; keyword effects are Digimon effects)."""
        deleted = []
        # CR 1-3-5: when both players are asked at once (each may keep a Digimon from this deletion), the
        # turn player chooses first, then the non-turn player.
        stacks = sorted(stacks, key=lambda s: s.owner != self.turn_player)
        asked = set()
        if len({s.owner for s in stacks}) == 2:  # (only then can both players be asked)
            asked = {s.owner for s in stacks if s in self.players[s.owner].battle
                     and any(a.kind != "decline" for a in self._save_decision(s, cause, by).actions)}
        if len(asked) == 2:
            self.emit("turn_player_chooses_first", "CR 1-3-5", self.turn_player, choice="would be deleted")
        self._cause_used.append(set())  # the "instead" effects used against this one cause (CR 15-8-5-4)
        # The "instead" effects trigger now; those whose condition isn't met yet may still be activated
        # if it becomes met before their turn comes (CR 15-8-5-5-2).
        self._unmet_at_trigger.append({(w.sid, i) for owner in {s.owner for s in stacks} for w in self.stacks(owner)
                                       for i, (e, _) in enumerate(self._replacements(w))
                                       if e.condition and not self._condition_met(e, w.owner)})
        try:
            for stack in stacks:
                if stack not in self.players[stack.owner].battle:
                    continue
                if cause == "effect" and self._deletion_refused(stack, by, etype):
                    continue
                yield from self._about_to_leave(stack, deleted=True)  # its own "when this Digimon would ..." (CR 15-8-5-2)
                if stack not in self.players[stack.owner].battle:
                    continue
                if self.keyword(stack, "material_save"):
                    yield from self._material_save(stack)  # CR 16-21-2: as it is about to be deleted
                if self.keyword(stack, "partition"):
                    yield from self._partition(stack, cause, by)  # CR 16-29-2: as it is about to leave the battle area
                saved = yield from self._would_be_deleted(stack, cause, by)
                if saved:
                    continue
                deleted.append(stack)
        finally:
            self._cause_used.pop()
            self._unmet_at_trigger.pop()
        for stack in deleted:
            self._leave_field(stack, "trash", ref, deleted=True)
        for stack in deleted:
            self._trigger_deleted(stack, cause)
        self._fire("deleted", deleted, by_effect=cause == "effect", departed=deleted)
        return deleted

    def deletion_prohibited(self, stack: Stack, by: int | None) -> bool:
        """"Can't be deleted by effects" (or "... by your opponent's effects"), CR 15-1-3."""
        values = self._keyword_values(stack, "cannot_be_deleted_by_effects") if stack.area == "battle" else []
        return any(v is True or (v == "opponent" and by is not None and by != stack.owner) for v in values)

    def _deletion_refused(self, stack: Stack, by: int | None, etype: str) -> bool:
        """An effect would delete ``stack``: not if it can't be deleted by effects (CR 15-1-3), nor by
        an effect it isn't affected by (CR 15-15-5-1)."""
        if self.deletion_prohibited(stack, by):
            self.emit("not_deleted", "CR 15-1-3", stack.owner, card=repr(stack), why="it can't be deleted by effects")
            return True
        ref = self.unaffected_ref(stack, by, etype)
        if ref is not None:
            self.emit("not_deleted", ref, stack.owner, card=repr(stack), why="it isn't affected by the opponent's effects")
            return True
        return False

    def _save_decision(self, stack: Stack, cause: str, by: int | None):
        """The owner's "would be deleted" decision: decline, or an immediate effect that keeps ``stack``."""
        owner = stack.owner
        mine = self.stacks(owner)
        # (a keyword's answers are asked about only where some Digimon could have that keyword)
        candidates = [Action("decline")] + [Action(k, stack.sid) for k in ("armor_purge", "evade", "barrier", "fragment")
                                            if self._keyword_possible(k, (stack,))]
        if self._keyword_possible("decoy", mine):
            candidates += [Action("decoy", other.sid) for other in mine]
        if self._keyword_possible("scapegoat", (stack,)):
            candidates += [Action("scapegoat", other.sid) for other in mine]
        candidates += self._leave_candidates(stack)
        candidates += [Action("instead", other.sid, option=i) for other in self.stacks(owner)
                       for i, _ in enumerate(self._replacements(other))]
        return self.decide(owner, "would_be_deleted", candidates, f"{stack!r} would be deleted",
                           lambda a: self.save_problem(stack, cause, by, a))

    def _would_be_deleted(self, stack: Stack, cause: str, by: int | None):
        owner = stack.owner
        decision = self._save_decision(stack, cause, by)
        if not any(a.kind != "decline" for a in decision.actions):
            return False
        self._immediate_triggers(stack, decision)
        choice = yield decision
        if choice.kind == "instead":
            watcher = self.find_stack(choice.card)
            effect, card = self._replacements(watcher)[choice.option]
            if self._cause_used:
                self._cause_used[-1].add((watcher.sid, choice.option))
            if self._unmet_at_trigger and (watcher.sid, choice.option) in self._unmet_at_trigger[-1]:
                # CR 15-8-5-5-2: its condition wasn't met when it triggered, but it is now.
                self.emit("condition_met_later", "CR 15-8-5-5-2", stack.owner, card=card.name, target=repr(stack))
            yield from self._replace_deletion(stack, watcher, effect, card)
            return True
        if choice.kind == "armor_purge":
            card = stack.cards.pop()
            self.players[owner].trash.append(card)
            self.emit("armor_purge", "CR 16-19-1", owner, trashed=card.name, card=repr(stack))
            self._overflow([card], owner)
            # CR 16-19-3: once the top card is trashed, preventing the deletion is mandatory.
            self.emit("not_deleted", "CR 16-19-3", owner, card=repr(stack), why="<Armor Purge> trashed its top card")
            return True
        if choice.kind == "evade":
            stack.suspended = True
            self.emit("evade", "CR 16-22-1", owner, card=repr(stack))
            return True
        if choice.kind == "barrier":
            card = self.players[owner].security.pop(0)
            self.players[owner].trash.append(card)
            self.emit("barrier", "CR 16-25-1", owner, card=repr(stack), trashed_security=card.name)
            self._security_changed(owner, "security_removed", by_effect=True)
            return True
        if choice.kind == "fragment":
            yield from self._fragment(stack)
            return True
        if choice.kind in ("guard", "detach", "decode"):
            return (yield from self._keep_from_leaving(stack, choice))
        if choice.kind == "decoy":
            yield from self._deleted_in_place_of(stack, self.find_stack(choice.card), "decoy", "CR 16-18-1")
            # CR 16-18-3: once the <Decoy> Digimon is deleted, preventing the deletion is mandatory.
            self.emit("not_deleted", "CR 16-18-3", owner, card=repr(stack), why="<Decoy> was deleted in its place")
            return True
        if choice.kind == "scapegoat":
            other = self.find_stack(choice.card)
            self.emit("scapegoat", "CR 16-32-1", owner, deleted=repr(other), protected=repr(stack))
            gone = yield from self._delete([other], cause="effect", ref="CR 16-32-1", by=owner)
            if not gone:  # CR 15-7-2: the other Digimon wasn't deleted, so nothing is prevented
                self.emit("condition_not_fulfilled", "CR 15-7-2", owner, card=repr(stack), keyword="<Scapegoat>")
                return False
            # CR 16-32-3: once the other Digimon is deleted, preventing the deletion is mandatory.
            self.emit("not_deleted", "CR 16-32-3", owner, card=repr(stack), why="<Scapegoat> deleted another Digimon")
            return True
        offered = {a.kind for a in decision.actions}
        for kw, ref in (("evade", "CR 16-22-3"), ("barrier", "CR 16-25-3"), ("scapegoat", "CR 16-32-3"),
                        ("armor_purge", "CR 16-19-3"), ("decoy", "CR 16-18-3"), ("fragment", "CR 16-37-3"),
                        ("guard", "CR 16-45-3"), ("detach", "CR 16-46-3"), ("decode", "CR 16-36-3")):
            if choice.kind == "decline" and kw in offered:  # its condition is optional: no suspension/trash, no save
                self.emit("declined", ref, owner, card=repr(stack))
        return False

    IMMEDIATE_KEYWORDS = {"armor_purge": ("<Armor Purge>", "CR 16-19-2"), "evade": ("<Evade>", "CR 16-22-2"),
                          "barrier": ("<Barrier>", "CR 16-25-2"), "decoy": ("<Decoy>", "CR 16-18-2"),
                          "scapegoat": ("<Scapegoat>", "CR 16-32-2")}

    def _immediate_triggers(self, stack: Stack, decision) -> None:
        """The keyword immediate effects that can step in now that ``stack`` is about to be deleted
        (CR 15-8-5), each logged with the clause that makes it immediate-type."""
        seen = set()
        for a in decision.actions:
            if a.kind not in self.IMMEDIATE_KEYWORDS:
                continue
            holder = self.find_stack(a.card) if a.kind == "decoy" else stack
            if (a.kind, holder.sid) in seen:
                continue
            seen.add((a.kind, holder.sid))
            printed, ref = self.IMMEDIATE_KEYWORDS[a.kind]
            self.emit("immediate_trigger", ref, stack.owner, card=repr(stack), effect=f"{printed} of {holder!r}")
        seen |= {(a.kind, a.card, a.option) for a in decision.actions if a.kind == "instead"}
        if len(seen) > 1:
            # CR 15-8-5-3: immediate-type effects set off by the same cause trigger together; the
            # player activates them one at a time (the decision takes one answer).
            self.emit("immediate_together", "CR 15-8-5-3", stack.owner, card=repr(stack), effects=len(seen))

    def _deleted_in_place_of(self, stack: Stack, other: Stack, keyword: str, ref: str):
        """<Decoy>, <Guard>: ``other`` is deleted by the keyword's effect in place of ``stack``."""
        self.emit(keyword, ref, stack.owner, deleted=repr(other), protected=repr(stack))
        yield from self._about_to_leave(other, deleted=True)
        if other not in self.players[other.owner].battle:
            return
        self._leave_field(other, "trash", ref, deleted=True)
        self._trigger_deleted(other, "effect")
        self._fire("deleted", [other], by_effect=True, departed=[other])

    def _fragment(self, stack: Stack):
        """CR 16-37-1: the player chooses X of the Digimon's digivolution cards and trashes them; once
        they are trashed the deletion is prevented, no longer a choice (CR 16-37-3)."""
        owner = stack.owner
        amount = self.keyword(stack, "fragment")
        chosen: list = []

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "choose" and (a.target is not None or a.option is not None or a.targets
                                       or not any(c.uid == a.card for c in stack.sources if c not in chosen)):
                return IllegalAction(f"<Fragment> trashes digivolution cards of {stack!r}", "CR 16-37-1")
            return None

        for n in range(amount):
            pick = yield self.decide(owner, "fragment", [Action("choose", c.uid) for c in stack.sources if c not in chosen],
                                     f"<Fragment>: trash a digivolution card of {stack!r} ({n + 1} of {amount})", check)
            chosen.append(next(c for c in stack.sources if c.uid == pick.card))
        self._turn_face_up(chosen)
        for card in chosen:
            stack.cards.remove(card)
            card.incarnation += 1
            self.players[owner].trash.append(card)
        self.emit("fragment", "CR 16-37-1", owner, card=repr(stack), trashed=[c.name for c in chosen])
        self._overflow(chosen, owner)
        self.emit("not_deleted", "CR 16-37-3", owner, card=repr(stack), why="<Fragment> trashed its digivolution cards")

    # ---------------------------------------- "... would be deleted ... instead" ----
    def _replacements(self, stack: Stack) -> list:
        """(effect, card) pairs of this Digimon's "when ... would be deleted, ... instead" effects (CR 18-2)."""
        watching = self._watching(stack, "deleted", timing="would")
        return [(e, c) for e, c in watching if e.instead is not None] if watching else []

    def _about_to_leave(self, stack: Stack, deleted: bool = False):
        """Immediate-type effects of ``stack`` itself that its leaving the battle area sets off: "when this
        Digimon would leave the battle area" (however it leaves) and, when it is about to be deleted, "when
        this Digimon would be deleted" with no "instead". They are activated and resolved right before it
        leaves, which it then does all the same (CR 15-8-5-2)."""
        if stack not in self.players[stack.owner].battle:
            return
        effects = list(self._watching(stack, "leaves", timing="would"))
        if deleted:
            effects += [(e, c) for e, c in self._watching(stack, "deleted", timing="would") if e.instead is None]
        if not effects:
            return
        self.emit("about_to_be_deleted" if deleted else "about_to_leave", "CR 15-8-5-2", stack.owner,
                  card=repr(stack), effects=len(effects))
        outer, self.pending = self.pending, []
        try:
            for effect, card in effects:
                if self._may_trigger(stack.owner, card, effect):
                    self._pend(stack.owner, f"[would {'be deleted' if effect.event == 'deleted' else 'leave'}] of {card.name}",
                               effect, stack=stack, card=card)
            yield from self._resolve()
        finally:
            self.pending = outer + self.pending

    def replacement_problem(self, stack: Stack, cause: str, a: Action) -> IllegalAction | None:
        """Why the "instead" effect ``a`` names can't replace the deletion of ``stack`` now, or None."""
        watcher = self.find_stack(a.card) if a.card is not None else None
        if watcher is None or watcher.owner != stack.owner or watcher.area != "battle":
            return IllegalAction("the effect of 1 of your Digimon in the battle area replaces the deletion", "CR 15-8-5-1")
        effects = self._replacements(watcher)
        if a.option is None or not 0 <= a.option < len(effects) or a.target is not None or a.targets:
            return IllegalAction(f"{watcher!r} has no such \"would be deleted\" effect", "CR 15-8-5-1")
        effect, card = effects[a.option]
        if effect.whose == "self" and watcher is not stack:
            return IllegalAction(f"{card.name}'s effect replaces the deletion of its own Digimon only", "CR 15-8-5-1")
        if effect.other and watcher is stack:
            return IllegalAction(f"{card.name}'s effect replaces the deletion of another of your Digimon only", "CR 15-8-5-1")
        if effect.by_effect is not None and effect.by_effect != (cause == "effect"):
            how = "by an effect" if effect.by_effect else "other than by an effect"
            return IllegalAction(f"{card.name}'s effect replaces a deletion {how} only", "CR 15-8-5-1")
        if not self._in_window(effect, watcher.owner):
            return IllegalAction(f"{card.name}'s effect works in {'your' if effect.window == 'your_turn' else 'your opponent'}'s turn only",
                                 "CR 15-16-8-1")
        if self.per_turn_spent(card, effect):
            return IllegalAction(f"{card.name}'s effect has been used {effect.per_turn} time(s) this turn", "CR 15-14-1-2")
        if self._cause_used and (watcher.sid, a.option) in self._cause_used[-1]:
            return IllegalAction(f"{card.name}'s effect has already been used against this deletion", "CR 15-8-5-4")
        if not self._condition_met(effect, watcher.owner):
            return IllegalAction(f"the condition of {card.name}'s effect isn't met", "CR 15-8-5-5-1")
        return self._instead_problem(stack, watcher, effect)

    def _instead_problem(self, stack: Stack, watcher: Stack, effect) -> IllegalAction | None:
        """CR 18-2-1: the deletion is replaced only by carrying out the "instead" processing, so all of it must be possible."""
        ps = self.players[stack.owner]
        for key, value in effect.instead:
            if key == "trash_from_hand" and len(ps.hand) < value:
                return IllegalAction(f"the replacement trashes {value} card(s) from your hand; you have {len(ps.hand)}", "CR 18-2-1")
            if key == "trash_security" and len(ps.security) < value:
                return IllegalAction(f"the replacement trashes {value} security card(s); you have {len(ps.security)}", "CR 18-2-1")
            if key == "suspend":
                target = watcher if value == "self" else stack
                if target.suspended:
                    return IllegalAction(f"{target!r} is already suspended, so suspending it replaces nothing", "CR 1-3-3")
        return None

    def _mandatory_replacement(self, stack: Stack, cause: str) -> bool:
        """CR 18-2-3: whether a mandatory "instead" can replace this deletion (then it must)."""
        for watcher in self.stacks(stack.owner):
            for i, (effect, _card) in enumerate(self._replacements(watcher)):
                if not effect.optional and self.replacement_problem(stack, cause, Action("instead", watcher.sid, option=i)) is None:
                    return True
        return False

    def _replace_deletion(self, stack: Stack, watcher: Stack, effect, card):
        """Carry out the "instead" processing: the deletion doesn't happen (CR 18-2-1, CR 15-8-5-2)."""
        owner = stack.owner
        ps = self.players[owner]
        self.emit("replaced", "CR 18-2-2" if effect.optional else "CR 18-2-3", owner, card=card.name, target=repr(stack))
        self._spend_use(owner, card, effect)
        self._overwriting += 1  # CR 18-2-4: nothing interrupts it; what it sets off waits
        for key, value in effect.instead:
            if key == "trash_from_hand":
                for n in range(value):
                    def check(a: Action) -> IllegalAction | None:
                        if a.kind != "choose":
                            return IllegalAction("the \"instead\" processing of an immediate effect can't be "
                                                 "interrupted until it is done", "CR 18-2-4")
                        if a.kind == "choose" and (a.target is not None or a.option is not None or a.targets
                                                   or not any(c.uid == a.card for c in ps.hand)):
                            return IllegalAction("the replacement trashes a card from your hand", "CR 18-2-1")
                        return None

                    pick = yield self.decide(owner, "instead_trash", [Action("choose", c.uid) for c in ps.hand],
                                             f"trash a card from your hand instead ({n + 1} of {value})", check)
                    trashed = self._take_from_hand(owner, pick.card)
                    trashed.incarnation += 1
                    ps.trash.append(trashed)
                    self.emit("trash_from_hand", "CR 18-2-1", owner, card=trashed.name)
                    self._trigger_trashed_from_hand(owner, [trashed])
            elif key == "trash_security":
                for _ in range(value):
                    trashed = ps.security.pop(0)
                    trashed.incarnation += 1
                    ps.trash.append(trashed)
                    self.emit("trash_security", "CR 18-2-1", owner, card=trashed.name)
                self._security_changed(owner, "security_removed", by_effect=True, cards=value)
            elif key == "suspend":
                target = watcher if value == "self" else stack
                target.suspended = True
                self.emit("suspend", "CR 18-2-1", owner, card=repr(target))
            elif key == "memory":
                self.set_mem(owner, self.mem(owner) + value, "CR 18-2-1", f"{card.name} effect")
        self._overwriting -= 1
        self.emit("not_deleted", "CR 15-8-5-2", owner, card=repr(stack), why="an effect replaced the deletion")

    def save_problem(self, stack: Stack, cause: str, by: int | None, a: Action) -> IllegalAction | None:
        """Why ``a`` can't keep ``stack`` from being deleted now, or None: the one predicate behind the
        offered and the refused answers to "would be deleted" (CR 15-8-5)."""
        owner = stack.owner
        if a.kind == "instead":
            return self.replacement_problem(stack, cause, a)
        if a.kind in ("guard", "detach", "decode"):
            return self.leave_problem(stack, cause, by, a)
        if a.kind == "decline" and self._mandatory_replacement(stack, cause):
            return IllegalAction("a mandatory \"instead\" effect replaces this deletion", "CR 18-2-3")
        if a.kind in ("armor_purge", "evade", "barrier", "fragment") and a.card != stack.sid:
            ref = {"armor_purge": "CR 16-19-2", "evade": "CR 16-22-1", "barrier": "CR 16-25-1", "fragment": "CR 16-37-2"}[a.kind]
            return IllegalAction(lambda: f"only {stack!r}, the Digimon that would be deleted, can use it", ref)
        if a.kind == "armor_purge":
            if not self.keyword(stack, "armor_purge"):
                return IllegalAction(lambda: f"{stack!r} has no <Armor Purge>", "CR 16-19-1")
            if len(stack.cards) < 2:
                return IllegalAction(f"{stack!r} has no card under its top card to keep", "CR 16-19-1")
        elif a.kind == "evade":
            if not self.keyword(stack, "evade"):
                return IllegalAction(lambda: f"{stack!r} has no <Evade>", "CR 16-22-1")
            if stack.suspended:
                return IllegalAction(f"{stack!r} is suspended and can't suspend for <Evade>", "CR 16-22-1")
            if self.keyword(stack, "cannot_suspend"):
                # CR 16-22-3: suspending is <Evade>'s optional condition; without it nothing follows.
                return IllegalAction(f"an effect says {stack!r} can't suspend, so <Evade> prevents nothing", "CR 15-7-2")
        elif a.kind == "barrier":
            if not self.keyword(stack, "barrier"):
                return IllegalAction(lambda: f"{stack!r} has no <Barrier>", "CR 16-25-1")
            if cause != "battle":
                return IllegalAction("<Barrier> is set off by a deletion in battle only", "CR 16-25-2")
            if not self.players[owner].security:
                return IllegalAction("no security card to trash for <Barrier>", "CR 16-25-1")
        elif a.kind == "scapegoat":
            if not self.keyword(stack, "scapegoat"):
                return IllegalAction(lambda: f"{stack!r} has no <Scapegoat>", "CR 16-32-1")
            if cause == "effect" and by == owner:
                return IllegalAction("<Scapegoat> doesn't step in when one of your own effects deletes it", "CR 16-32-2")
            other = self.find_stack(a.card) if a.card is not None else None
            if other is None or other.owner != owner or other.area != "battle" or other is stack or not self.is_digimon(other):
                return IllegalAction("<Scapegoat> deletes 1 of your other Digimon", "CR 16-32-1")
            if self.deletion_prohibited(other, owner):
                # CR 16-32-3: deleting the other Digimon is the optional condition; without it nothing follows.
                return IllegalAction(f"{other!r} can't be deleted by effects, so <Scapegoat> prevents nothing", "CR 15-7-2")
        elif a.kind == "fragment":
            amount = self.keyword(stack, "fragment")
            if not amount:
                return IllegalAction(lambda: f"{stack!r} has no <Fragment>", "CR 16-37-1")
            if len(stack.sources) < amount:
                return IllegalAction(f"<Fragment ({amount})> trashes {amount} digivolution card(s); {stack!r} has "
                                     f"{len(stack.sources)}", "CR 16-37-1")
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
                return IllegalAction("<Decoy> prevents deletion by an opponent's effect only", "CR 16-18-2")
            if self.deletion_prohibited(other, owner):
                # CR 16-18-3: deleting the <Decoy> Digimon is the optional condition; without it nothing follows.
                return IllegalAction(f"{other!r} can't be deleted by effects, so its <Decoy> prevents nothing", "CR 15-7-2")
            return self.variant.decoy_problem(other, stack)
        return None

    def _may_stay_in_breeding(self, stack: Stack) -> bool:
        """CR 17-1-3-2-3: only Digimon (Digi-Eggs included) stay in the breeding area, unless a format says otherwise."""
        return stack.cards[-1].defn.category in ("digimon", "digi-egg") or self.variant.may_stay_in_breeding(stack)

    @staticmethod
    def _turn_face_down(card: Card) -> None:
        """It lies face down under another card: a card without any information (CR 4-7-9)."""
        if card.hidden is None:
            card.hidden, card.defn = card.defn, FACE_DOWN

    @staticmethod
    def _turn_face_up(cards) -> None:
        """Cards leaving a stack: a face-down one is itself again wherever it goes."""
        for card in cards:
            if card.hidden is not None:
                card.defn, card.hidden = card.hidden, None

    def _leave_field(self, stack: Stack, to: str, ref: str, deleted: bool = False, order: list | None = None, **where) -> None:
        """The Digimon leaves the field for ``to`` (trash, hand, or with ``order``, the cards that go to
        deck_bottom, security, under another card, or become a link card); the other cards under it go
        to the trash (CR 4-7-8). ``where`` adds to the event what the destination was."""
        owner = stack.owner
        ps = self.players[owner]
        self._turn_face_up(stack.cards)
        a = self.attack
        for helper, added in a.helpers if a is not None else ():
            if helper is stack:  # CR 16-24-5: the attacker keeps the DP and <Security A. +1> this Digimon gave it
                self.emit("alliance_bonus_stays", "CR 16-24-5", owner, card=repr(stack), attacker=repr(a.attacker), dp_added=added)
        if stack in ps.battle:
            ps.battle.remove(stack)
        elif ps.breeding is stack:
            ps.breeding = None
        cards = stack.cards + stack.links
        moved = order or []
        # CR 4-19-1: <Overflow> when a card goes to another area; a link card is in none (CR 4-9-4), nor is a
        # card placed under another one, which is part of that card's information (CR 4-7-7).
        self._overflow([c for c in cards if not (to in ("link", "under") and c in moved)], owner)
        if stack.suspended or stack.modifiers:
            # CR 3-1-3-1-1: moved to another area, each card is a new card; its orientation and changes stay behind.
            self.emit("new_card", "CR 3-1-3-1-1", owner, card=repr(stack), to=to)
        for card in cards:
            card.incarnation += 1
            if card in stack.links:  # a link card isn't stacked; it goes to the trash as its card becomes a new one
                self.emit("link_trashed", "CR 4-9-6", owner, card=card.name)
            if card.defn.token:
                ps.removed.append(card)  # CR 4-21-5
                self.emit("token_removed", "CR 4-21-5", owner, card=card.name)
            elif to == "hand" and card is stack.top:
                ps.hand.append(card)
            elif card not in moved:
                ps.trash.append(card)
        under = [c.name for c in stack.cards[:-1] if c not in moved and not c.defn.token]
        if order is None:
            self.emit("deleted" if deleted else f"to_{to}", ref, owner, card=repr(stack), cards=len(cards))
            self._stacked_cards_trashed(stack, to, ref, under)
            self._changes_lost(stack)
            self._continuous_check()  # its persistent effects stop at once (CR 15-8-2-3)
            self.variant.left_field(stack)
            return
        self._place_moved(owner, to, [c for c in moved if not c.defn.token])
        trashed = sum(1 for c in cards if c not in moved and not c.defn.token)
        if not moved or any(not c.defn.token for c in moved):  # a token goes nowhere but out of the game (CR 4-21-5)
            self.emit(f"to_{to}", ref, owner, card=repr(stack), cards=len(cards), trashed=trashed, **where)
        self._stacked_cards_trashed(stack, to, ref, under)
        self._changes_lost(stack)
        self._continuous_check()  # its persistent effects stop at once (CR 15-8-2-3)
        self.variant.left_field(stack)

    def _stacked_cards_trashed(self, stack: Stack, to: str, ref: str, under: list[str]) -> None:
        """CR 4-7-8: the cards under a card leaving the field for anywhere but the trash went to the trash
        at the same time (unless the step that moved it cites that rule itself)."""
        if under and to != "trash" and ref != "CR 4-7-8":
            self.emit("stacked_cards_trashed", "CR 4-7-8", stack.owner, card=repr(stack), to=to, cards=under)

    def _changes_lost(self, stack: Stack) -> None:
        """CR 3-1-3-1-2: each card of a Digimon that left the field is a new card in its new area; what
        applied to the Digimon doesn't follow it, what effects chose it for included (CR 15-11-1-2)."""
        if not stack.modifiers:
            return
        self.emit("changes_lost", "CR 3-1-3-1-2", stack.owner, card=repr(stack), changes=len(stack.modifiers))
        chosen = [m for m in stack.modifiers if m.chosen]
        if chosen:
            self.emit("individual_processing_lost", "CR 15-11-1-2", stack.owner, card=repr(stack),
                      sources=", ".join(sorted({m.source for m in chosen})))

    def _place_moved(self, owner: int, to: str, cards: list) -> None:
        """Where the cards of a Digimon leaving for the deck bottom or the security stack go; Digi-Eggs
        go to the bottom of the Digi-Egg deck instead (CR 3-1-3-9)."""
        ps = self.players[owner]
        for card in cards:
            if to in ("link", "under"):
                continue  # the caller plugs it in (CR 10-1-3-3) or places it under a card (CR 4-7-7)
            card.face_up = False
            if card.defn.category == "digi-egg":
                ps.eggs.append(card)
                self.emit("to_eggs_bottom", "CR 3-1-3-9-1" if to == "deck_bottom" else "CR 3-1-3-9-2", owner, card=card.name)
            elif to == "deck_bottom":
                ps.deck.append(card)
            else:
                ps.security.insert(0, card)

    def _trigger_deleted(self, stack: Stack, cause: str) -> None:
        top = stack.top
        on_deletion = [(effect, top, f"[On Deletion] of {top.name}") for effect in top.defn.effects if effect.timing == "on_deletion"]
        on_deletion += [(effect, card, f"[On Deletion] of {card.name}") for card in stack.sources
                        for effect in card.defn.inherited if effect.timing == "on_deletion"]
        gained = self._succession_in(stack.cards)
        if gained is not None:  # the [On Deletion] effects of its <Succession> card were its own (CR 16-47-1)
            for effect in gained.defn.effects:
                if effect.timing == "on_deletion":
                    source = f"[On Deletion] of {gained.name} (<Succession>)"
                    self._succession_effect(stack, gained, source)
                    on_deletion.append((effect, gained, source))
        for effect, card, source in on_deletion:
            # CR 15-16-4-1: the deletion of the card that has it triggers it; CR 4-15-2: triggered where
            # the card was deleted, it is pending once the deletion has put the card in the trash.
            self.emit("triggered", "CR 15-16-4-1", stack.owner, card=card.name, watched="deleted", effect=source)
            self.emit("pending_from_trash", "CR 4-15-2", stack.owner, card=card.name, effect=source)
            if card is not top:
                # CR 15-8-3-5: an effect from a card under the top one waits on the card that was on top.
                self.emit("pending_on_top_card", "CR 15-8-3-5", stack.owner, card=card.name, top=top.name, effect=source)
            # CR 15-8-3-9-4: its processing conditions are read as things stood when it triggered.
            data = {"met_at_trigger": self.conditions_hold(effect.condition, stack.owner, stack, departed=True),
                    "left": True} if effect.condition else {}
            self.pending.append(Pending(stack.owner, source, effect, card=card, stack=None, data=data))
        if self._had_keyword(stack, "fortitude") and stack.sources and not top.defn.token:
            # CR 16-27-2: trigger-type, set off by the deletion of a Digimon with digivolution cards.
            self.emit("triggered", "CR 16-27-2", stack.owner, card=top.name, watched="deleted", effect=f"<Fortitude> of {top.name}")
            self.pending.append(Pending(stack.owner, f"<Fortitude> of {top.name}", "fortitude", card=top))
        carriers = [top] if top.defn.keyword("ascension") is not None else []
        carriers += [c for c in stack.sources if c.defn.keyword("ascension", inherited=True) is not None]
        for card in carriers:
            if card.defn.token:
                continue
            # CR 16-43-2: trigger-type, set off by the deletion of the card with <Ascension>.
            self.emit("triggered", "CR 16-43-2", stack.owner, card=card.name, watched="deleted", effect=f"<Ascension> of {card.name}")
            self.pending.append(Pending(stack.owner, f"<Ascension> of {card.name}", "ascension", card=card))

    def _rule_check(self):
        """CR 17-1-3: everything a rule check finds is dealt with at one and the same time: Digimon with
        0 DP are deleted (CR 17-1-3-1-1); Digimon without DP, cards that can't stay in the breeding area
        and link cards that can't stay linked are trashed (CR 17-1-3-2).  A deletion by rule processing
        is still a deletion, so the "would be deleted" answers that aren't limited to battle or effects
        are offered (<Armor Purge>, <Evade>, <Fragment>, <Decode>, <Detach>, <Partition>, ...).  What
        those answers leave to be dealt with waits for the next rule check, made as soon as this one is
        over (CR 17-1-2-1)."""
        seen: list = []
        while True:
            if self._quiet_version == self._version:
                return  # nothing has happened since a rule check found nothing to do: it would find nothing again
            deleted, trashed, links = self._rule_check_findings()
            if not (deleted or trashed or links):
                self._quiet_version = self._version
                return
            if seen:
                # CR 17-1-2-1: no rule check is made while one is under way; what it left is dealt with now.
                for stack in deleted:
                    self.emit("next_rule_check", "CR 17-1-2-1", stack.owner, card=repr(stack))
                position = self._loop_position()
                if position in seen:
                    return
                seen.append(position)
            else:
                seen.append(None)
            yield from self._rule_check_round(deleted, trashed, links)
            if self.is_over:
                return

    LOOP_COUNTS = range(1, 11)  # the numbers of repetitions a player may declare (CR 18-3-3-1)

    def _loop_check(self, chosen: Pending):
        """CR 18-3: a generator, True if ``chosen`` must not be activated.  An effect about to be activated
        again from a position it was activated from before is an infinite loop (CR 18-3-1).  If no player
        had a choice since, nobody can stop it and the game is a draw (CR 18-3-2).  Otherwise the players
        who could stop it declare how many times it is repeated, turn player first (CR 18-3-3-1, 18-3-3-2);
        after that many repetitions it stops where it comes back, its effect not activated (CR 18-3-3-3)."""
        if self._loop_mark != self._loop_epoch:
            self._loop_mark, self._loop_seen, self._loops = self._loop_epoch, {}, {}
        seen = self._loop_seen.setdefault(chosen.source, [])
        if not seen:
            seen.append((None, None))
            return False  # (the first activation of an effect is no repetition: the position isn't needed)
        position = self._named_position()
        loop = self._loops.get(chosen.source)
        if loop is not None and loop["position"] == position:
            loop["done"] += 1
            if loop["done"] <= loop["times"]:
                return False
            self.emit("loop_stopped", "CR 18-3-3-3", effect=chosen.source, times=loop["times"])
            return True
        before = next((choices for pos, choices in seen if pos == position), None)
        if before is None:
            seen.append((position, tuple(self._choices)))
            return False
        tp = self.turn_player
        stoppers = [p for p in (tp, 1 - tp) if self._choices[p] != before[p]]
        if not stoppers:
            self.over_reason = "an infinite loop that no player can stop"
            self.emit("infinite_loop_draw", "CR 18-3-2", effect=chosen.source)
            self.emit("game_over", "CR 1-2-2", reason=self.over_reason)
            return True
        self.emit("infinite_loop", "CR 18-3-3", effect=chosen.source, players=len(stoppers))
        declared = []
        for p, ref in ((tp, "CR 18-3-3-1"), (1 - tp, "CR 18-3-3-2")):
            if p not in stoppers:
                self.emit("loop_count_skipped", ref, p)
                continue

            def check(a: Action, ref=ref) -> IllegalAction | None:
                if a.kind == "choose" and (a.option not in self.LOOP_COUNTS or a.card is not None or a.target is not None or a.targets):
                    return IllegalAction(f"declare how many times the loop is repeated ({self.LOOP_COUNTS[0]} to {self.LOOP_COUNTS[-1]})", ref)
                return None

            pick = yield self.decide(p, "loop_count", [Action("choose", option=n) for n in self.LOOP_COUNTS],
                                     f"infinite loop ({chosen.source}): how many times is it repeated?", check)
            declared.append(pick.option)
            self.emit("loop_count_declared", ref, p, times=pick.option)
        # CR 18-3-3-3: at least as many times as each player declared; this activation is the first.
        self._loops[chosen.source] = {"position": position, "times": max(declared), "done": 1}
        return False

    def _named_position(self) -> str:
        """The position by card names, with cards out of the game (removed tokens) left out: a loop that
        makes a new token each time comes back to the same one."""
        def stack(s):
            return (tuple(c.name for c in s.cards), s.suspended, s.area, tuple(c.name for c in s.links),
                    tuple((m.kind, repr(m.value), m.until, m.by) for m in s.modifiers))
        players = tuple((tuple(c.name for c in p.deck), tuple(c.name for c in p.eggs), tuple(sorted(c.name for c in p.hand)),
                         tuple(sorted(c.name for c in p.trash)), tuple((c.name, c.face_up) for c in p.security),
                         tuple(stack(s) for s in p.battle), p.breeding and stack(p.breeding)) for p in self.players)
        a = self.attack
        return repr((self.turn, self.turn_player, self.phase, self.memory, players, sorted(p.source for p in self.pending),
                     sorted(self.per_turn_used.values()), [(x.name, sorted(x.spec.items(), key=str), x.by, x.until) for x in self.lasting],
                     a and (a.attacker.name, a.target and a.target.name, a.blocked, a.via), self.burst_pending, self.variant.dump()))

    def _loop_position(self):
        """The position, without the log, to notice rule processing that comes back to where it was."""
        state = self.dump()
        state.pop("log", None)
        return repr(state)

    def _rule_check_findings(self):
        """(Digimon to delete, (stack, ref) to trash, (stack, link card, ref) to trash) for a rule check."""
        deleted, trashed, links = [], [], []
        for p in (0, 1):
            for stack in self.players[p].battle:  # (finding changes nothing: no copy needed)
                if stack.face_down:
                    trashed.append((stack, "CR 17-1-3-2-4"))
                    continue
                category = stack.cards[-1].defn.category
                if category == "option" and not stack.placed_by_effect:
                    trashed.append((stack, "CR 17-1-3-2-2"))
                    continue
                if category not in ("digimon", "digi-egg") and not self.treated_as_digimon(stack):
                    # (a card an effect treats as a Digimon is checked as one, CR 15-12-1-4.) A link goes into a
                    # Digimon only (CR 10-1-1): a linked card of another category, such as a Tamer no longer
                    # treated as a Digimon, has its link cards trashed (CR 17-1-3-2-7).
                    links += [(stack, card, "CR 17-1-3-2-7") for card in stack.links]
                    continue
                dp = self.dp(stack)
                if dp is None:
                    trashed.append((stack, "CR 17-1-3-2-1"))
                    continue
                if dp == 0:
                    deleted.append(stack)
                if stack.links:  # (a Digimon without link cards has none to trash)
                    links += self._stray_links(stack)
            breeding = self.players[p].breeding
            if breeding is not None and not self._may_stay_in_breeding(breeding):
                trashed.append((breeding, "CR 17-1-3-2-3"))
        return deleted, trashed, links

    def _rule_check_round(self, deleted: list, trashed: list, links: list):
        """One rule check: trash and delete what it found, all at the same time (CR 17-1-3)."""
        found = len(deleted) + len(trashed) + len(links)
        # CR 17-1-1: the check is made by the game itself; CR 17-1-3: several findings at the same time.
        self.emit("rule_check", "CR 17-1-3" if found > 1 else "CR 17-1-1", deleted=len(deleted), trashed=len(trashed) + len(links))
        for stack, card, ref in links:
            stack.links.remove(card)
            card.incarnation += 1
            self.players[stack.owner].trash.append(card)
            self.emit("link_trashed", ref, stack.owner, card=card.name)
        for stack, ref in trashed:
            there = stack in self.players[stack.owner].battle
            yield from self._about_to_leave(stack)  # (a card in a breeding area has none: CR 3-4-7-4)
            if there and stack not in self.players[stack.owner].battle:
                continue  # its own immediate effect has moved it already
            self._leave_field(stack, "trash", ref)
        if deleted:
            self._continuous_check()  # the log shows a persistent effect's DP change before the deletion it causes
        waiting = len(self.pending)
        yield from self._delete(deleted, cause="rule", ref="CR 17-1-3-1-1")
        if waiting and len(self.pending) > waiting:
            # CR 15-4-3-3: what the rule check triggered joins the effects triggered at this timing.
            self.emit("triggered_together", "CR 15-4-3-3", effects=len(self.pending), by_rule_check=len(self.pending) - waiting)

    def _stray_links(self, stack: Stack) -> list:
        """(stack, card, ref) for the link cards a rule check trashes from this Digimon: those whose link
        requirement its top card no longer meets (CR 17-1-3-2-6), then those beyond its link limit,
        the earliest linked first as when linking (CR 17-1-3-2-5, CR 4-9-5)."""
        out, kept = [], []
        for card in stack.links:
            link = card.defn.link or {}
            if "requirement" in link and self.requirement_problem(link["requirement"], stack.top) is not None:
                out.append((stack, card, "CR 17-1-3-2-6"))
            else:
                kept.append(card)
        excess = len(kept) - self.link_limit(stack)
        out += [(stack, card, "CR 17-1-3-2-5") for card in kept[:max(0, excess)]]
        return out

    def _rule_check_waits(self, noted: set) -> None:
        """CR 17-1-2-2: no rule check is made while an effect is being processed, so a Digimon whose DP
        has dropped to 0 stays in the battle area until the whole effect has been carried out."""
        for stack in self.stacks():
            if stack.sid not in noted and (stack.top.defn.category == "digimon" or self.treated_as_digimon(stack)) \
                    and self.dp(stack) == 0:
                noted.add(stack.sid)
                self.emit("rule_check_waits", "CR 17-1-2-2", stack.owner, card=repr(stack))

    # ------------------------------------- "would leave the battle area" (CR 16-36, 16-45, 16-46) ----
    def _leave_candidates(self, stack: Stack) -> list[Action]:
        """The immediate effects a Digimon about to leave the battle area may set off: <Guard> of another
        Digimon, <Detach> with one of its link cards, <Decode> with one of its digivolution cards."""
        mine = self.stacks(stack.owner)
        out = [Action("guard", other.sid) for other in mine] if self._keyword_possible("guard", mine) else []
        if self._keyword_possible("detach", (stack,)):
            out += [Action("detach", stack.sid, option=i) for i in range(len(stack.links))]
        if self._keyword_possible("decode", (stack,)):
            out += [Action("decode", stack.sid, option=i) for i in range(len(stack.sources))]
        return out

    def leave_problem(self, stack: Stack, cause: str, by: int | None, a: Action) -> IllegalAction | None:
        """Why ``a`` can't answer "``stack`` would leave the battle area" now, or None.  ``cause`` is
        "battle", "effect" or "rule"; ``by`` the player whose effect moves it."""
        owner = stack.owner
        if a.kind == "guard":
            other = self.find_stack(a.card) if a.card is not None else None
            if other is None or other.owner != owner or other.area != "battle" or other is stack:
                return IllegalAction("<Guard> deletes another of your Digimon, the one with <Guard>", "CR 16-45-1")
            if not self.keyword(other, "guard"):
                return IllegalAction(lambda: f"{other!r} has no <Guard>", "CR 16-45-1")
            if cause != "effect" or by is None or by == owner:
                return IllegalAction("<Guard> acts when a Digimon would leave by an opponent's effect only", "CR 16-45-2")
            if self.deletion_prohibited(other, owner):
                # CR 16-45-3: deleting the <Guard> Digimon is the optional condition; without it nothing follows.
                return IllegalAction(f"{other!r} can't be deleted by effects, so its <Guard> prevents nothing", "CR 15-7-2")
            return None
        if a.card != stack.sid:
            ref = "CR 16-46-2" if a.kind == "detach" else "CR 16-36-2"
            return IllegalAction(lambda: f"only {stack!r}, the Digimon about to leave, can use it", ref)
        if a.kind == "detach":
            specs = self._keyword_values(stack, "detach") if self.keyword(stack, "detach") else []
            if not specs:
                return IllegalAction(lambda: f"{stack!r} has no <Detach>", "CR 16-46-1")
            if cause == "effect" and by == owner:
                return IllegalAction("<Detach> doesn't act when your own effect moves the Digimon", "CR 16-46-2")
            if a.option is None or not 0 <= a.option < len(stack.links):
                return IllegalAction(f"{stack!r} has no such link card", "CR 16-46-1")
            card = stack.links[a.option]
            if not any(self._specified(card, spec) for spec in specs):
                return IllegalAction(f"{card.name} is not a link card <Detach> specifies", "CR 16-46-1")
            return None
        if a.kind == "decode":
            specs = self._keyword_values(stack, "decode") if self.keyword(stack, "decode") else []
            if not specs:
                return IllegalAction(lambda: f"{stack!r} has no <Decode>", "CR 16-36-1")
            if cause == "battle":
                return IllegalAction("<Decode> doesn't act when the Digimon leaves because of a battle", "CR 16-36-2")
            if a.option is None or not 0 <= a.option < len(stack.sources):
                return IllegalAction(f"{stack!r} has no such digivolution card", "CR 16-36-1")
            card = stack.sources[a.option]
            if card.defn.category != "digimon" or not any(self._specified(card, spec) for spec in specs):
                return IllegalAction(f"{card.name} is not a Digimon card <Decode> specifies", "CR 16-36-1")
            return None
        return None

    def _would_leave(self, stack: Stack, by: int):
        """``stack`` would leave the battle area by ``by``'s effect other than by deletion (to the hand,
        the deck, the security stack): its player may answer with <Guard>, <Detach> or <Decode>
        (CR 15-8-5); True if it stays."""
        if stack not in self.players[stack.owner].battle:
            return False
        yield from self._about_to_leave(stack)  # "when this Digimon would leave the battle area" (CR 15-8-5-2)
        if stack not in self.players[stack.owner].battle:
            return False
        candidates = [Action("decline")] + self._leave_candidates(stack)
        decision = self.decide(stack.owner, "would_leave", candidates, f"{stack!r} would leave the battle area",
                               lambda a: self.leave_problem(stack, "effect", by, a) if a.kind != "decline" else None)
        if len(decision.actions) == 1:
            return False
        choice = yield decision
        if choice.kind != "decline":
            return (yield from self._keep_from_leaving(stack, choice))
        offered = {a.kind for a in decision.actions}
        for kw, ref in (("guard", "CR 16-45-3"), ("detach", "CR 16-46-3"), ("decode", "CR 16-36-3")):
            if kw in offered:
                self.emit("declined", ref, stack.owner, card=repr(stack))
        return False

    def _keep_from_leaving(self, stack: Stack, choice: Action):
        """Carry out <Guard>, <Detach> or <Decode>; True if ``stack`` stays in the battle area."""
        owner = stack.owner
        if choice.kind == "guard":
            yield from self._deleted_in_place_of(stack, self.find_stack(choice.card), "guard", "CR 16-45-1")
            return True
        if choice.kind == "detach":
            card = stack.links.pop(choice.option)
            card.incarnation += 1
            self.players[owner].trash.append(card)
            self.emit("detach", "CR 16-46-1", owner, card=repr(stack), trashed=card.name)
            self.emit("not_leaving", "CR 16-46-3", owner, card=repr(stack))
            return True
        card = stack.sources[choice.option]  # <Decode>: the Digimon still leaves (CR 16-36-1)
        stack.cards.remove(card)
        card.incarnation += 1
        self.emit("decode", "CR 16-36-1", owner, card=repr(stack), played=card.name)
        yield from self._play(owner, card, cost=None, ref="CR 16-36-1")
        return False
