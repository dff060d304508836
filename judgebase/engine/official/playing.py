"""Playing, using and digivolving cards (CR 7-1, 8-1, 9): costs, colours, requirements.

The special digivolutions (DNA, DigiXros, Burst, App Fusion, Link, ...) live in ``special.py``.
"""

from __future__ import annotations

from ..cards import CardDef
from ..step_specs import card_filter_problem
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
                "CR 4-6-1",
            )
        if d.category not in ("digimon", "tamer"):
            if d.category == "option":
                return IllegalAction("Option cards are used, not played", "CR 9-1-1")
            return IllegalAction("only Digimon and Tamer cards can be played from the hand", "CR 6-5-1-1")
        if d.play_cost is None:
            return IllegalAction("a card without a play cost can't be played", "CR 7-1-1")
        return self.variant.play_problem(tp, card, a)

    def _check_use(self, tp, card, a):
        d = card.defn
        if d.option_side:
            problem = self._colours_problem(tp, d.option_side["colours"])
            if problem is not None and self._colours_problem(tp, d.colours) is None:
                # CR 4-6-6-2: used as an Option card, it has its Option information's colours, not its Digimon's
                return IllegalAction(f"{problem.reason}; used as an Option card, a DUAL card has only the colours of its "
                                     "Option information", "CR 4-6-6-2")
            return problem
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

    # ------------------------------------------------------------------ costs ----
    def payment_problem(self, player: int, cost: int | None, what: str):
        """CR 4-2-2: a cost is paid exactly, and memory never goes past 10 on the opponent's side
        (CR 1-4-2-2), so a cost that would take it there can't be paid."""
        if cost is None or self.mem(player) - cost >= -10:
            return None
        return IllegalAction(f"{what} costs {cost}: paying it from {self.mem(player)} memory would take the memory past 10 "
                             "on the opponent's side, and a cost is paid exactly or not at all", "CR 4-2-2")

    def lowest_cost(self, player: int, card: Card, a: Action) -> int | None:
        """The least the action can cost once every reduction its procedure may bring is applied:
        DigiXros (CR 7-2-2-1), Assembly (CR 7-3-2-1), "when this card would be played" (CR 4-2-3-1),
        <Digisorption> (CR 16-10-1).  None when nothing is paid."""
        d = card.defn
        if a.kind == "play":
            cost = d.play_cost or 0
            if d.digixros:
                reduction, names = d.digixros
                here = {c.defn.name for c in self.players[player].hand if c is not card}
                here |= {s.top.defn.name for s in self.stacks(player)}
                cost -= reduction * len(set(names) & here)
                if d.digixros_any:  # "+ any number of [trait] cards with different card numbers"
                    tops = [c.defn for c in self.players[player].hand if c is not card] + [s.top.defn for s in self.stacks(player)]
                    cost -= reduction * len({x.number or x.name for x in tops if x.category == "digimon"
                                             and d.digixros_any in x.traits and x.name not in names})
            elif d.assembly:
                reduction, count, name = d.assembly
                if sum(c.defn.name == name for c in self.players[player].trash) >= count:
                    cost -= reduction
            if "would" in d.timings[0]:  # (a reduction is a "would be played" effect's step)
                # CR 1-3-11-2 / 1-3-11-3: a reduction counts only while its processing conditions can be met now.
                cost -= sum(int(step["reduce_play_cost"]) for effect, step in self._play_cost_reduction_steps(d)
                            if self._reduction_unavailable(player, card, effect, step) is None)
            return max(0, cost)
        if a.kind == "use":
            return d.option_side["use_cost"] if d.option_side else d.use_cost
        if a.kind == "digivolve":
            if a.option is None or not 0 <= a.option < len(d.requirements):
                return None
            cost = d.requirements[a.option].cost + self.digivolve_cost_change(player, [self.find_stack(a.target)])
            sorption = self._digisorption_values(d)
            if sorption:  # each instance suspends a different Digimon (CR 16-10-4)
                free = sum(1 for s in self.stacks(player) if not s.suspended and s.top.defn.category == "digimon")
                cost -= sum(sorted(sorption, reverse=True)[:free])
            return max(0, cost)
        return None

    def digivolve_cost_change(self, tp: int, digivolving) -> int:
        """How much "[Opponent's Turn] when an opponent's Digimon with no digivolution cards would
        digivolve, raise the cost by N" changes ``tp``'s digivolution of the stacks ``digivolving``:
        only on ``tp``'s turn, and only if one of them has no digivolution cards. It reaches DNA, Burst
        and App Fusion as well (CR 8-2-2-5, 8-3-2-3, 8-4-2-3)."""
        if self.turn_player != tp:
            return 0
        for s in digivolving:
            if s is not None and not s.sources:
                break
        else:
            return 0
        opponents = self.players[1 - tp].battle
        if not self._keyword_possible("opponent_digivolve_cost", opponents):
            return 0  # (no card of this game has it or gives it: most games)
        return sum(int(v) for s in opponents for v in self._keyword_values(s, "opponent_digivolve_cost"))

    def changed_digivolve_cost(self, tp: int, digivolving, cost: int, ref: str, card: Card) -> int:
        """The cost after :meth:`digivolve_cost_change`, logged with the procedure's clause ``ref``."""
        change = self.digivolve_cost_change(tp, digivolving)
        if not change:
            return cost
        self.emit("digivolve_cost_changed", ref, tp, card=card.name, change=change, cost=max(0, cost + change))
        return max(0, cost + change)

    @staticmethod
    def _play_cost_reduction_steps(d) -> list[tuple]:
        """``(effect, step)`` for each play cost reduction the card prints (CR 4-2-3-1)."""
        return [(e, step) for e in d.effects if e.timing == "would" and e.event == "played"
                for step in e.steps if "reduce_play_cost" in step]

    def _reduction_unavailable(self, player: int, card: Card, effect, step) -> str | None:
        """Why a play cost reduction can't be had now, as the clause that says so: its processing
        condition isn't met (CR 1-3-11-2), or the optional processing ("by ...") that comes before it
        in its effect can't be carried out (CR 1-3-11-3); None when it can be had."""
        if "if" in step and not self.conditions_hold(step["if"], player, None):
            return "CR 1-3-11-2"
        cost = next((s["by"] for s in effect.steps[:effect.steps.index(step)] if "by" in s), None)
        if cost is not None and not self._optional_payable(player, cost, card):
            return "CR 1-3-11-3"
        return None

    def _optional_payable(self, player: int, cost: dict, card: Card) -> bool:
        """Whether the "By ..." processing of an effect of ``card``, which is about to be played from the
        hand, can be carried out in full now: the card itself is neither in the hand nor on the field."""
        (kind, value), = cost.items()
        if kind == "trash_from_hand":
            spec = value if isinstance(value, dict) else {"amount": value}
            return sum(1 for c in self.players[player].hand
                       if c is not card and card_filter_problem(c.defn, spec) is None) >= int(spec.get("amount", 1))
        return value != "self" and self._cost_payable(player, cost, card, None)

    def declaration_problem(self, player: int, card: Card, cost: int, problem):
        """Why the card can't be declared for play when its lowest ``cost`` can't be paid (CR 1-3-11):
        a reduction whose processing condition isn't met now (CR 1-3-11-2), or whose optional processing
        can't be carried out now (CR 1-3-11-3), would have made it payable, or DigiXros / Assembly can't
        bring it low enough (CR 1-3-11-4); otherwise ``problem``."""
        if problem is None or card.defn.play_cost is None:
            return problem
        unmet: dict[str, int] = {}
        for effect, step in self._play_cost_reduction_steps(card.defn):
            why = self._reduction_unavailable(player, card, effect, step)
            if why is not None:
                unmet[why] = unmet.get(why, 0) + int(step["reduce_play_cost"])
        if unmet and self.payment_problem(player, max(0, cost - sum(unmet.values())), "") is None:
            if "CR 1-3-11-2" in unmet and self.payment_problem(player, max(0, cost - unmet["CR 1-3-11-2"]), "") is None:
                return IllegalAction(f"{problem.reason}; the condition of its play cost reduction isn't met now", "CR 1-3-11-2")
            return IllegalAction(f"{problem.reason}; the optional processing its play cost reduction needs can't be "
                                 "carried out now", "CR 1-3-11-3")
        if card.defn.digixros or card.defn.assembly:
            return IllegalAction(f"{problem.reason}, even with the cost its DigiXros or Assembly could take off", "CR 1-3-11-4")
        return problem

    @staticmethod
    def _digisorption_values(d) -> list[int]:
        """The value of each <Digisorption> the card prints, one per instance (CR 16-10-4)."""
        value = d.keyword("digisorption")
        if not value:
            return []
        return [int(v) for v in value] if isinstance(value, tuple) else [int(value)]

    def _colour_holders(self, player: int, colours) -> dict[str, Stack | None]:
        """For each colour, a Digimon or Tamer of that colour on the player's field (or None)."""
        field = self.stacks(player) + ([self.players[player].breeding] if self.players[player].breeding else [])
        wanted = set(colours)
        field.sort(key=lambda s: -len(wanted.intersection(s.cards[-1].defn.colours)))  # a multicolour card meets several (CR 4-22-4)
        return {c: next((s for s in field if c in s.top.defn.colours), None) for c in colours}

    def _missing_colours(self, player: int, colours) -> list[str]:
        """The colours no Digimon or Tamer on the player's field has: those ``_colour_holders`` finds
        no holder for (asked for every Option in the hand whenever the legal actions are listed)."""
        ps = self.players[player]
        present = {c for s in ps.battle for c in s.cards[-1].defn.colours}
        if ps.breeding:
            present.update(ps.breeding.cards[-1].defn.colours)
        return [c for c in dict.fromkeys(colours) if c not in present]

    def _colour_problem(self, player: int, d: CardDef):
        problem = self._colours_problem(player, d.colours)
        if problem is None or d.keyword("use_req") is None:
            return problem
        if self._use_req_holder(player, d) is not None:
            return None  # CR 16-42-1: the colour requirements are ignored
        if self._use_req_holder(player, d, breeding=True) is not None:
            # CR 3-4-7-8: <Use Req.> doesn't name the breeding area, so it can't read the card there.
            return IllegalAction(f"{problem.reason}; the card <Use Req.> specifies is in the breeding area, "
                                 "where its effect can't refer to it", "CR 3-4-7-8")
        # CR 16-42-3: only the Digimon or Tamers it specifies, on your field, let you ignore the colours.
        return IllegalAction(f"{problem.reason}, and no Digimon or Tamer that <Use Req.> specifies is on your field", "CR 16-42-3")

    def _use_req_holder(self, player: int, d: CardDef, breeding: bool = False) -> Stack | None:
        """A Digimon or Tamer in the player's battle area that the Option's <Use Req.> specifies (CR 16-42-1);
        ``breeding`` looks in the breeding area too, which the effect never does (CR 3-4-7-8) but which
        tells why it failed."""
        spec = d.keyword("use_req")
        field = self.stacks(player) + ([self.players[player].breeding] if breeding and self.players[player].breeding else [])
        return next((s for s in field if s.top.defn.category in ("digimon", "digi-egg", "tamer") and self._specified(s.top, spec)), None)

    def _colours_problem(self, player: int, colours):
        """CR 4-22-2: a Digimon or Tamer of the Option's colour on your field; CR 4-22-3: a multicolour
        Option needs one for each of its colours."""
        missing = self._missing_colours(player, colours)
        if missing:
            ref = "CR 4-22-3" if len(colours) > 1 else "CR 4-22-2"
            return IllegalAction(f"colour requirement not met: no {', '.join(missing)} Digimon or Tamer on your field", ref)
        return None

    def _colour_requirement_met(self, player: int, card: Card, colours) -> None:
        """Show how the colour requirements were met: one colour (CR 4-22-2), each colour of a multicolour
        Option (CR 4-22-3), or several colours by one multicolour Digimon or Tamer (CR 4-22-4); or
        ignored through a card that <Use Req.> specifies (CR 16-42-1)."""
        holders = self._colour_holders(player, colours)
        if None in holders.values() and card.defn.keyword("use_req") is not None:
            # CR 16-42-2: a persistent effect, it applies to this use by itself; nothing is activated.
            self.emit("keyword_applies", "CR 16-42-2", player, keyword="<Use Req.>", card=card.name)
            self.emit("use_req", "CR 16-42-1", player, card=card.name, met_by=repr(self._use_req_holder(player, card.defn)))
            return
        sids = [s.sid for s in holders.values() if s is not None]
        shared = len(set(sids)) < len(sids)
        ref = "CR 4-22-4" if shared else "CR 4-22-3" if len(colours) > 1 else "CR 4-22-2"
        self.emit("colour_requirement_met", ref, player, card=card.name,
                  met_by="; ".join(f"{c}: {s!r}" for c, s in holders.items()))

    def _check_digivolve(self, tp, card, a):
        problem = self.variant.digivolve_problem(tp, card, a)
        if problem is not None:
            return problem
        d = card.defn
        if d.category != "digimon":
            return IllegalAction("you can only digivolve into a Digimon card", "CR 8-1-1")
        stack = self.find_stack(a.target)
        if stack is None or stack.owner != tp:
            return IllegalAction("digivolve onto one of your own cards on the field", "CR 8-1-3-1")
        if a.option is None or not 0 <= a.option < len(d.requirements):
            return IllegalAction("this card has no such digivolution requirement", "CR 8-1-2-1")
        return self.requirement_problem(d.requirements[a.option], stack.top) or self.digivolve_prohibition(stack)

    # An effect on digivolution applies to these procedures as well, each by its own clause.
    _PROHIBITION_REFS = {"dna": "CR 8-2-2-5", "burst": "CR 8-3-2-3", "app_fusion": "CR 8-4-2-3"}

    def digivolve_prohibition(self, stack: Stack, procedure: str = "digivolve") -> IllegalAction | None:
        """"Can't digivolve" beats every permission to digivolve (CR 15-1-3): from the hand, by an
        effect, DNA, Burst, App Fusion, Arts or <Blast Digivolve>.  For DNA, Burst and App Fusion
        the clause that extends effects on digivolution to them is the one quoted."""
        if self.keyword(stack, "cannot_digivolve"):
            ref = self._PROHIBITION_REFS.get(procedure)
            if ref:
                return IllegalAction(f"an effect says {stack!r} can't digivolve, and that covers {procedure.replace('_', ' ')} too", ref)
            return IllegalAction(f"an effect says {stack!r} can't digivolve, and that beats any permission", "CR 15-1-3")
        return None

    def _take_from_hand(self, tp, uid) -> Card:
        hand = self.players[tp].hand
        card = next(c for c in hand if c.uid == uid)
        hand.remove(card)
        return card

    def _play(self, tp, card: Card, cost: int | None, ref: str, label=None, sources=(), declared=False, pay_ref="CR 7-1-3-2"):
        """Place ``card`` on the field: the play procedure from the reveal (CR 7-1-3), or from paying the
        cost once DigiXros or Assembly has been declared (``declared``).  ``ref`` is the clause of the
        step that places it; ``cost`` None is a play by an effect, which pays nothing."""
        if not declared:
            self.emit("play_declared", "CR 7-1-3-1", tp, card=card.name)
            if card not in self.players[tp].processing:
                self.players[tp].processing.append(card)  # revealed, in no area while "would be played" resolves
            change = yield from self._would_be_played(tp, card)
            if cost is not None:
                cost = max(0, cost + change)  # CR 1-3-9
            elif card.defn.assembly:
                # CR 7-3-2-10: a card an effect plays may still use Assembly (nothing is paid).
                _, sources = yield from self._materials(tp, card, cost=0, by_effect=True)
        if card in self.players[tp].processing:
            self.players[tp].processing.remove(card)
        if cost is not None:
            self.pay(tp, cost, pay_ref, f"play {card.name}")
        card.incarnation += 1
        stack = self.new_stack(tp, list(sources) + [card], label=label)
        if card.defn.digixros:
            stack.xros_placed = len(sources)  # DigiXros is the only way its own play puts cards under it
        elif card.defn.assembly:
            stack.assembly_placed = len(sources)
        self.players[tp].battle.append(stack)
        self.emit("played", ref, tp, card=repr(stack), unsuspended=True)
        if cost is None:  # CR 3-4-3: put onto the field by an effect, it arrives unsuspended all the same
            self.emit("placed_unsuspended", "CR 3-4-3", tp, card=repr(stack))
        if card.defn.overflow:
            self.emit("no_overflow_entering", "CR 4-19-3", tp, card=card.name)  # only leaving costs memory
        how = "play" if cost is not None else "effect"
        yield from self._after_place(stack, how)
        self._trigger_on(stack, "on_play")
        self._fire("played", [stack], by_effect=how == "effect")
        yield from self._resolve_unless_processing()
        return stack

    def _after_place(self, stack: Stack, how: str):
        """A card entered the battle area (played, put there by an effect, moved from the breeding area):
        the area takes it however many cards it holds (CR 3-4-8-2), and it is a Digimon or Tamer of its
        own, apart from any other card of the same name there (CR 3-4-4).  Then what a format tracks about
        it (Tamer Tactics groups)."""
        others = [s for s in self.players[stack.owner].battle if s is not stack]
        if others:
            self.emit("battle_area_any_number", "CR 3-4-8-2", stack.owner, card=repr(stack), others=len(others))
            same = sum(1 for s in others if s.top.name == stack.top.name)
            if same:
                self.emit("separate_digimon", "CR 3-4-4", stack.owner, card=repr(stack), name=stack.top.name, same=same)
        yield from self.variant.after_place(stack, how)

    def _digivolve(self, tp, a: Action, cost: int | None = None, by_effect: bool = False, ignore_requirements: bool = False):
        card = next((c for c in self.players[tp].hand if c.uid == a.card), None)
        if card is None:  # a card an effect is revealing, already in no area (CR 15-15-3-5)
            card = next(c for c in self.players[tp].processing if c.uid == a.card)
        else:
            self.players[tp].hand.remove(card)
            self.players[tp].processing.append(card)
        stack = self.find_stack(a.target)
        req = None if ignore_requirements else card.defn.requirements[a.option]
        self.emit("digivolve_declared", "CR 8-1-3-1", tp, card=card.name, onto=repr(stack), requirement=req.describe() if req else "ignoring digivolution requirements")
        if req is None:  # CR 8-1-2-2: the card's requirements, if it has any, are not looked at
            self.emit("requirements_ignored", "CR 8-1-2-2", tp, card=card.name, onto=repr(stack), printed=len(card.defn.requirements))
        elif req.colours and not req.name and len(stack.top.defn.colours) > 1:
            # CR 2-4-3-1: a multicolour card has every one of its colours, so it meets a requirement for any of them.
            self.emit("multicolour_meets", "CR 2-4-3-1", tp, card=stack.top.name, colours="/".join(stack.top.defn.colours),
                      requirement=req.describe())
        yield from self._would_happen(tp, card, "digivolved")  # CR 8-1-2-4: revealed and its Digimon chosen
        cost = req.cost if cost is None else int(cost)
        instances = self._digisorption_values(card.defn)
        if len(instances) > 1:
            # CR 16-10-4: several <Digisorption> on one card trigger together, each usable for this digivolution.
            self.emit("digisorption_instances", "CR 16-10-4", tp, card=card.name, instances=len(instances),
                      values=", ".join(f"-{v}" for v in instances))
        for sorption in instances:
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
                # CR 16-10-2: immediate-type, set off as the digivolution into this card is about to happen
                self.emit("digisorption_trigger", "CR 16-10-2", tp, card=card.name)
                pick = yield decision
                if pick.kind != "choose":  # CR 16-10-3: suspending is optional; without it, no reduction
                    self.emit("declined", "CR 16-10-3", tp, card=card.name)
                if pick.kind == "choose":
                    chosen = self.find_stack(pick.target)
                    chosen.suspended = True
                    cost = max(0, cost - int(sorption))  # CR 1-3-9 style: never below 0
                    # CR 16-10-5: the Digimon suspended may be the very one being digivolved.
                    self.emit("digisorption", "CR 16-10-5" if chosen is stack else "CR 16-10-1", tp, suspended=repr(chosen), cost=cost)
        cost = self.changed_digivolve_cost(tp, [stack], cost, "CR 8-1-3-2", card)
        if self.payment_problem(tp, cost, f"digivolving into {card.name}"):
            # CR 8-1-2-6: the digivolution can't take place; the revealed card goes back to the hand
            # (it never left an area) and no memory moves.
            self.players[tp].processing.remove(card)
            self.players[tp].hand.append(card)
            self.emit("cannot_digivolve", "CR 8-1-2-6", tp, card=card.name, cost=cost, memory=self.mem(tp))
            return
        self.pay(tp, cost, "CR 8-1-3-2", f"digivolve into {card.name}")
        card.face_up = True
        self.players[tp].processing.remove(card)
        stack.cards.append(card)
        self.emit("digivolved", "CR 8-1-3-3", tp, card=repr(stack), suspended=stack.suspended, kept_orientation="CR 8-1-2-3")
        if any(True for s in self.stacks() for _ in self._watching(s, "sources_added")):
            # CR 8-1-2-7: the card it digivolved from is now under it, but no card was added to its digivolution cards.
            self.emit("digivolving_adds_no_sources", "CR 8-1-2-7", tp, card=repr(stack))
        if card.defn.overflow:
            self.emit("no_overflow_entering", "CR 4-19-3", tp, card=card.name)  # only leaving costs memory
        if stack.suspended:
            self.emit("stays_suspended", "CR 8-1-2-3", tp, card=repr(stack))  # digivolving never unsuspends
        if stack.modifiers:
            # CR 3-1-3-1-3: the cards under the new one aren't new cards, so what applied to the Digimon stays.
            # A gained effect among them stays with the card, as it was when gained (CR 15-13-2).
            ref = "CR 15-13-2" if any(m.kind == "keyword" for m in stack.modifiers) else "CR 3-1-3-1-3"
            self.emit("changes_kept", ref, tp, card=repr(stack), changes=len(stack.modifiers))
            for m in stack.modifiers:
                if m.chosen_if and self._filter_problem(m.chosen_if, stack, None) is not None:
                    # CR 15-11-1-3-2: chosen when it met the conditions, it stays affected now that it doesn't.
                    self.emit("keeps_applying", "CR 15-11-1-3-2", tp, card=repr(stack), source=m.source)
        if any(e.timing == "on_play" for e in card.defn.effects):
            # CR 3-4-5: the Digimon changes into the new top card and stays the same Digimon; nothing is played.
            self.emit("same_digimon", "CR 3-4-5", tp, card=repr(stack), top=card.name)
        if self.players[tp].deck:
            if any(shown[0] == tp and shown[3] == "deck" for shown in self._shown):
                # CR 15-15-3-5: cards of this deck are being revealed; the draw takes the unrevealed ones.
                still = sum(1 for x in self._shown if x[0] == tp and x[3] == "deck" for c in x[1] if c in self.players[tp].processing)
                self.emit("draw_from_unrevealed", "CR 15-15-3-5", tp, revealed=still)
            self._draw(tp, 1, "CR 8-1-3-3")
        else:
            self.emit("no_bonus_draw", "CR 8-1-2-8", tp)
        if stack.area != "battle":
            self.emit("no_trigger_in_breeding_area", "CR 3-4-7-4", tp, card=repr(stack))
        self._digivolved(stack, tp, by_effect=by_effect)
        yield from self._resolve_unless_processing()
        self.variant.digivolved(stack, "digivolve")

    def _use_option(self, tp, card: Card):
        self.players[tp].processing.append(card)
        dual = card.defn.option_side
        self.emit("use_declared", "CR 4-6-2" if dual else "CR 9-1-9-1", tp, card=card.name, side="Option information" if dual else None)
        self._colour_requirement_met(tp, card, dual["colours"] if dual else card.defn.colours)
        yield from self._would_happen(tp, card, "used", dual["effects"] if dual else None)  # CR 9-1-6: right after the reveal
        self.pay(tp, dual["use_cost"] if dual else card.defn.use_cost, "CR 9-1-9-2", f"use {card.name}")
        waiting = len(self.pending)
        self._fire("option_used", owner=tp)
        if len(self.pending) > waiting:
            # CR 9-1-2: what the use triggered waits; nothing comes between the use and its [Main] activation.
            self.emit("main_activates_first", "CR 9-1-2", tp, card=card.name, effects=len(self.pending) - waiting)
        card.incarnation += 1
        effects = dual["effects"] if dual else card.defn.effects
        main = next((e for e in effects if e.timing == "main"), None)
        self.emit("option_main", "CR 9-1-9-3", tp, card=card.name)
        if main:  # in no area until the [Main] effect has resolved: not in the hand, not yet in the trash
            self.emit("option_in_no_area", "CR 9-1-4", tp, card=card.name)
        if main and main.condition and self._condition_met(main, tp):
            self.emit("option_condition_met", "CR 9-1-3", tp, card=card.name, condition="if")  # CR 9-1-3: met, it activates
        placed = (yield from self._run_effect(tp, main, card, None)) if main else None
        if card in self.players[tp].processing:
            self.players[tp].processing.remove(card)
        if dual and placed != "placed":
            self.players[tp].processing.append(card)
            arts = yield from self._arts_digivolve(tp, card)
            if card in self.players[tp].processing:
                self.players[tp].processing.remove(card)
            placed = "placed" if arts else None
            if arts:
                self.emit("not_trashed", "CR 4-20-2", tp, card=card.name)
        if placed != "placed":
            self.players[tp].trash.append(card)
            self.emit("trash", "CR 9-1-5", tp, card=card.name)
