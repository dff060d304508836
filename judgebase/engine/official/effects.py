"""Effects and their timing (CR 15-4 ... 15-7, 15-14): triggers, pending effects, the order of
activation, once-per-turn counts, and carrying out an effect.
"""

from __future__ import annotations

from ..cards import Effect
from ..state import (
    Action,
    Card,
    IllegalAction,
    Pending,
    Stack,
)
from .common import EITHER


class Effects:
    """Triggering, ordering and activating effects."""

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
        if self.pending:
            self._continuous_check()  # pending effects see what persistent effects do now (CR 15-8-2-2)
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
                if self._condition_met(effect, p.player, p.stack):
                    self.once_used.add(key)  # not when its conditions fail: then it isn't activated (CR 15-6-3)
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

    def _run_effect(self, controller: int, effect: Effect, card: Card, stack: Stack | None):
        """Carry out an effect's steps.  Returns "placed" when the card was put somewhere by its own effect."""
        if not self._condition_met(effect, controller, stack):
            self.emit("condition_not_met", "CR 15-6-3", controller, card=card.name)  # none of its conditions holds
            return None
        if effect.optional:
            choice = yield self.decide(controller, "optional", [Action("yes"), Action("no")], f"activate {card.name}'s optional effect?",
                                       EITHER)
            if choice.kind == "no":
                self.emit("declined", "CR 15-7", controller, card=card.name)
                return None
        result = None
        for step in effect.steps:
            if "if" in step and not self._step_condition(step, controller, card, stack):
                continue  # CR 15-6-2: a step's own condition binds that step only
            (name, arg), = ((k, v) for k, v in step.items() if k != "if")
            r = yield from self._step(controller, name, arg, card, stack)
            result = r or result
        return result
