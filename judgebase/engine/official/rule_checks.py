"""Deletion, leaving the field and rule processing (CR 4-15, 15-8-5, 17).
"""

from __future__ import annotations

from ..state import (
    Action,
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
        for stack in stacks:
            if stack not in self.players[stack.owner].battle:
                continue
            if cause == "effect" and self._deletion_refused(stack, by, etype):
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
            if self.keyword(stack, "cannot_suspend"):
                # CR 16-22-3: suspending is <Evade>'s optional condition; without it nothing follows.
                return IllegalAction(f"an effect says {stack!r} can't suspend, so <Evade> prevents nothing", "CR 15-7-2")
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
            if self.deletion_prohibited(other, owner):
                # CR 16-18-3: deleting the <Decoy> Digimon is the optional condition; without it nothing follows.
                return IllegalAction(f"{other!r} can't be deleted by effects, so its <Decoy> prevents nothing", "CR 15-7-2")
            return self._decoy_problem(other, stack)
        return None

    def _may_stay_in_breeding(self, stack: Stack) -> bool:
        """CR 17-1-3-2-3: only Digimon (Digi-Eggs included) stay in the breeding area."""
        return stack.top.defn.category in ("digimon", "digi-egg")

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
        self._continuous_check()  # its persistent effects stop at once (CR 15-8-2-3)

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
        if deleted:
            self._continuous_check()  # the log shows a persistent effect's DP change before the deletion it causes
        for stack in deleted:
            self._leave_field(stack, "trash", "CR 17-1-3-1-1", deleted=True)
            self._trigger_deleted(stack, "rule")
