"""Playing, using and digivolving cards (CR 7-1, 8-1, 9): costs, colours, requirements.

The special digivolutions (DNA, DigiXros, Burst, App Fusion, Link, ...) live in ``special.py``.
"""

from __future__ import annotations

from ..cards import CardDef
from ..state import (
    Action,
    Card,
    IllegalAction,
    Stack,
)


class Playing:
    """Playing Digimon and Tamers, using Options, digivolving."""

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
        return self.requirement_problem(d.requirements[a.option], stack.top) or self.digivolve_prohibition(stack)

    def digivolve_prohibition(self, stack: Stack) -> IllegalAction | None:
        """"Can't digivolve" beats every permission to digivolve (CR 15-1-3): from the hand, by an
        effect, DNA, Burst, App Fusion, Arts or <Blast Digivolve>."""
        if self.keyword(stack, "cannot_digivolve"):
            return IllegalAction(f"an effect says {stack!r} can't digivolve, and that beats any permission", "CR 15-1-3")
        return None

    def _take_from_hand(self, tp, uid) -> Card:
        hand = self.players[tp].hand
        card = next(c for c in hand if c.uid == uid)
        hand.remove(card)
        return card

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
                if self.keyword(s, "cannot_suspend"):
                    # CR 16-10-3: suspending is <Digisorption>'s optional condition; without it nothing follows.
                    return IllegalAction(f"an effect says {s!r} can't suspend", "CR 15-7-2")
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
