"""The common effect steps real cards print, each with its clause: costs paid "By ..." (CR 15-7),
playing a card without paying its cost, revealing the top of the deck (CR 15-15-3), sending a
Digimon to the bottom of the deck, security cards to the hand or onto the security stack, and
memory gained or lost per count (CR 4-27).

A mixin of :class:`judgebase.engine.official.Game` (through :class:`.steps.Steps`).  The card-spec
fields of each step are in :mod:`judgebase.engine.step_specs`.
"""

from __future__ import annotations

import itertools

from ..state import Action, Card, IllegalAction, Stack
from ..step_specs import CARD_FILTERS, card_filter_problem, printed_icons, printed_name

#: Returned by a step whose cost wasn't paid: nothing after it in the effect is carried out (CR 15-7-2).
STOP = "stop"


def _by_rule_only(d, spec: dict) -> str | None:
    """What a card filter finds in the card only through its (Rule) text (a trait, a name), or None."""
    if "trait" in spec and spec["trait"] not in d.traits and spec["trait"] in d.rule_traits:
        return f"[{spec['trait']}] trait"
    if "name" in spec and spec["name"] != printed_name(d) and spec["name"] in d.rule_names:
        return f"[{spec['name']}]"
    return None


class CommonSteps:
    """Costs, free plays, revealing, the deck bottom, security cards, memory per count."""

    def _common_step(self, me: int, name: str, arg, card: Card, stack: Stack | None):
        """Carry out one common step; returns STOP when a cost wasn't paid."""
        if name == "by":
            return (yield from self._pay_cost(me, arg, card, stack))
        if name == "play":
            yield from self._play_by_effect(me, arg, card)
        elif name == "reveal":
            yield from self._reveal(me, arg, card, stack)
        elif name == "security_to_hand":
            self._security_to_hand(me, int(arg if not isinstance(arg, dict) else arg.get("amount", 1)))
        elif name == "to_security":
            yield from self._to_security(me, arg, card, stack)
        elif name == "reveal_security":
            yield from self._reveal_security(me, arg, card)
        elif name == "activate_main":
            yield from self._activate_main_of(me, arg, card, stack)
        elif name == "trash_to_hand":
            yield from self._trash_to_hand(me, arg, card)
        elif name == "place_under":
            yield from self._place_under(me, arg, card, stack)
        elif name == "sources_to_hand":
            if stack is not None and stack in self.players[stack.owner].battle:
                yield from self._trash_to_hand(me, arg, card, stack)
        elif name == "for_each":
            # CR 4-27-4: "do A and B for each X": X is counted once, then A is done that many times, then B.
            count = self._times(me, arg, card, stack)
            self.emit("for_each_counted", "CR 4-27-4", me, card=card.name, count=count)
            for sub in arg["do"]:
                (sub_name, sub_arg), = sub.items()
                for _ in range(count):
                    yield from self._step(me, sub_name, sub_arg, card, stack)
        return None

    # ------------------------------------------------------------------ costs ----
    def _pay_cost(self, me: int, arg: dict, card: Card, stack: Stack | None):
        """CR 15-7: "By <cost>, <effect>": the player may pay the cost; unpaid, nothing after it happens."""
        (kind, value), = arg.items()
        # An activation-type effect declared with this cost has committed its player to paying it (CR 15-8-4-4-1).
        committed = self._committed_cost is card
        self._committed_cost = None
        if not committed and self._playing and any(self._relied_on(card, e) for e in card.defn.effects
                                                   if any(step.get("by") is arg for step in e.steps)):
            committed = "CR 1-3-11-3"  # the play was declared counting on the reduction this cost buys
        if kind == "trash_from_hand":
            paid = yield from self._trash_from_hand_cost(me, value if isinstance(value, dict) else {"amount": value}, card,
                                                         committed)
        elif kind == "trash_security":
            paid = yield from self._trash_security_cost(me, int(value), card, committed)
        elif kind == "trash_to_deck_bottom":
            paid = yield from self._trash_to_deck_bottom_cost(me, list(value), card, committed)
        else:
            paid = yield from self._field_cost(me, kind, value, card, stack, committed)
        if paid and card.defn.category == "option" and any(
                s.get("by") is arg for e in card.defn.effects if e.timing == "main" for s in e.steps):
            # CR 9-1-3: an Option's [Main] with a condition goes on once the condition is met.
            self.emit("option_condition_met", "CR 9-1-3", me, card=card.name, condition="cost")
        return None if paid else STOP

    @staticmethod
    def _committed_refusal(committed) -> IllegalAction:
        """Why a cost the player is committed to can't be declined: a declared [Main] (CR 15-8-4-4-1), or a
        card declared for play counting on the reduction this cost buys (``committed`` is CR 1-3-11-3)."""
        if committed == "CR 1-3-11-3":
            return IllegalAction("the card was declared counting on the lowered cost, so this processing must be carried "
                                 "out", "CR 1-3-11-3")
        return IllegalAction("the activation was declared, so its cost must be paid", "CR 15-8-4-4-1")

    def _cost_payable(self, me: int, arg: dict, card: Card, stack: Stack | None) -> bool:
        """Whether the "By ..." cost ``arg`` can be paid in full now (CR 15-7-3, 15-8-4-4-1)."""
        (kind, value), = arg.items()
        if kind == "trash_from_hand":
            spec = value if isinstance(value, dict) else {"amount": value}
            return sum(1 for c in self.players[me].hand if card_filter_problem(c.defn, spec) is None) >= int(spec.get("amount", 1))
        if kind == "trash_security":
            return len(self.players[me].security) >= int(value)
        if kind == "trash_to_deck_bottom":
            return _parts_fit(list(value), [], self.players[me].trash)
        if isinstance(value, dict):  # "N of your Digimon": N different ones
            return sum(self._field_cost_problem(me, kind, "own", card, stack, s) is None for s in self.stacks(me)) >= value["amount"]
        return any(self._field_cost_problem(me, kind, value, card, stack, s) is None for s in self.stacks(me))

    def _trash_from_hand_cost(self, me: int, spec: dict, card: Card, committed: bool = False):
        amount = int(spec.get("amount", 1))
        hand = self.players[me].hand
        if sum(1 for c in hand if card_filter_problem(c.defn, spec) is None) < amount:
            # CR 15-7-4 / 15-7-3: it can't be paid in full, so nothing after it is carried out.
            self.emit("cost_unpaid", "CR 15-7-4", me, card=card.name)
            return False

        def problem(picked: Card, _chosen: list[Card]) -> IllegalAction | None:
            found = card_filter_problem(picked.defn, spec)
            return IllegalAction(found, "CR 15-7-1") if found else None

        chosen = yield from self._cost_cards(me, card, hand, self.players[me].trash, amount, problem, committed,
                                             "your hand", "trash {n} more card(s) from your hand")
        if chosen is None:
            return False
        self.emit("cost_trashed", "CR 15-7-1", me, card=card.name, cards=[c.name for c in chosen])
        self._trigger_trashed_from_hand(me, chosen)
        return True

    def _cost_cards(self, me: int, card: Card, pool: list[Card], into: list[Card], amount: int, problem, committed,
                    zone: str, prompt: str):
        """The cards of one of its player's areas that pay a "By ..." cost, chosen one at a time and then moved
        together from ``pool`` to the end of ``into`` (each a new card there); returns them, or None if the
        player declines (CR 15-7-2), which they may do only before the first card: a cost is never paid in
        part (CR 15-7-3), nor declined once committed to (CR 15-8-4-4-1, 1-3-11-3) or within a mandatory
        effect (CR 15-15-7-4). ``problem(picked, chosen)`` refuses a card that doesn't fit the cost."""
        chosen: list[Card] = []
        mandatory = self._mandatory_depth > 0

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                if mandatory:
                    return IllegalAction("the effect that activated this one is mandatory, so this cost must be paid",
                                         "CR 15-15-7-4")
                if chosen:
                    return IllegalAction("the cost can't be paid only in part", "CR 15-7-3")
                if committed:
                    return self._committed_refusal(committed)
                return None
            if a.kind != "choose":
                return None
            if a.card is None or a.target is not None or a.option is not None or a.targets:
                return IllegalAction(f"choose 1 card in {zone}", "CR 15-7-1")
            picked = next((c for c in pool if c.uid == a.card), None)
            if picked is None:
                return IllegalAction(f"the cost takes a card from {zone}", "CR 15-7-1")
            if picked in chosen:
                return IllegalAction(f"{picked.name} is already chosen", "CR 15-10-2-3")
            return problem(picked, chosen)

        while len(chosen) < amount:
            candidates = ([] if mandatory else [Action("decline")]) + [Action("choose", c.uid) for c in pool]
            pick = yield self.decide(me, "cost", candidates,
                                     f"{card.name}: {prompt.format(n=amount - len(chosen))} to pay the cost?", check)
            if pick.kind == "decline":
                self.emit("cost_declined", "CR 15-7-2", me, card=card.name)
                return None
            chosen.append(next(c for c in pool if c.uid == pick.card))
        for c in chosen:  # CR 15-7-3: all of it at once
            pool.remove(c)
            c.incarnation += 1
            into.append(c)
        return chosen

    def _trash_security_cost(self, me: int, amount: int, card: Card, committed=False):
        """"By trashing your top N security cards, ...": the player says yes or declines, even with fewer
        than N cards in the stack; then it can't be carried out, so nothing after it is (CR 15-7-4)."""
        security = self.players[me].security
        mandatory = self._mandatory_depth > 0

        def check(a: Action) -> IllegalAction | None:
            if a.kind not in ("yes", "no"):
                return IllegalAction("the cost trashes your top security card(s): answer yes or no", "CR 15-7-1")
            if a.kind == "no" and mandatory:
                return IllegalAction("the effect that activated this one is mandatory, so this cost must be paid",
                                     "CR 15-15-7-4")
            if a.kind == "no" and committed:
                return self._committed_refusal(committed)
            return None

        pick = yield self.decide(me, "cost", [Action("yes"), Action("no")],
                                 f"{card.name}: trash your top {amount} security card(s) to pay the cost?", check)
        if pick.kind == "no":
            self.emit("cost_declined", "CR 15-7-2", me, card=card.name)
            return False
        if len(security) < amount:
            self.emit("cost_unpaid", "CR 15-7-4", me, card=card.name)
            return False
        trashed = security[:amount]
        del security[:amount]
        for c in trashed:  # CR 15-7-3: all of it at once
            c.incarnation += 1
            self.players[me].trash.append(c)
            self.emit("trash_security", "CR 15-7-1", me, card=c.name)
        self._security_changed(me, "security_removed", by_effect=True, cards=len(trashed))
        return True

    def _trash_to_deck_bottom_cost(self, me: int, parts: list[dict], card: Card, committed=False):
        """"By returning 1 [A] and 1 [B] from your trash to the bottom of the deck, ...": one card of the
        trash for each part, chosen one at a time; all of them go to the bottom of the deck together,
        in the order chosen, or none does: returning only some of them is not paying the cost (CR 15-7-3)."""
        trash = self.players[me].trash
        if not _parts_fit(parts, [], trash):
            # CR 15-7-4: it can't be paid in full, so nothing after it is carried out.
            self.emit("cost_unpaid", "CR 15-7-4", me, card=card.name)
            return False

        def problem(picked: Card, chosen: list[Card]) -> IllegalAction | None:
            if not _parts_fit(parts, chosen + [picked], trash):
                return IllegalAction(f"{picked.name} is none of the cards the cost still asks for", "CR 15-7-1")
            return None

        chosen = yield from self._cost_cards(me, card, trash, self.players[me].deck, len(parts), problem, committed,
                                             "your trash", "return {n} more card(s) from your trash to the bottom of the deck")
        if chosen is None:
            return False
        self.emit("cost_to_deck_bottom", "CR 15-7-1", me, card=card.name, cards=[c.name for c in chosen])
        return True

    def _trigger_trashed_from_hand(self, me: int, cards) -> None:
        """CR 4-16-2: an effect set off by its own card being trashed from the hand by its player's
        effect triggers in the hand and is pending once the card lies in the trash."""
        for c in cards:
            for effect in c.defn.effects:
                if effect.timing == "trashed_from_hand":
                    source = f"[trashed_from_hand] of {c.name}"
                    self.emit("triggered", "CR 4-16-2", me, card=c.name, watched="trashed", effect=source)
                    self._pend(me, source, effect, card=c)

    def _field_cost_problem(self, me: int, kind: str, value: str, card: Card, stack: Stack | None,
                            s: Stack | None) -> IllegalAction | None:
        """Why ``s`` can't pay the cost of suspending or deleting this card or 1 of your Digimon, or None."""
        if value == "self":
            if s is None or s is not stack or s.area != "battle":
                return IllegalAction(f"the cost {kind}s this card ({card.name})", "CR 15-7-1")
        elif s is None or s.owner != me or s.area != "battle" or s.top.defn.category != "digimon":
            return IllegalAction(f"the cost {kind}s 1 of your Digimon in the battle area", "CR 15-7-1")
        if kind == "suspend" and s.suspended:
            return IllegalAction(f"{s!r} is already suspended: suspending it again does nothing", "CR 1-3-3")
        return None

    def _field_cost(self, me: int, kind: str, value: str, card: Card, stack: Stack | None, committed: bool = False):
        """Suspending or deleting this card or 1 of your Digimon as the cost."""
        if isinstance(value, dict):
            return (yield from self._suspend_several_cost(me, int(value["amount"]), card, committed))

        def problem(s: Stack | None) -> IllegalAction | None:
            return self._field_cost_problem(me, kind, value, card, stack, s)

        must = self._committed_refusal(committed) if committed else None
        decision = self._pick(me, "cost", f"{card.name}: {kind} {'this card' if value == 'self' else '1 of your Digimon'} "
                                          "to pay the cost?", problem, committed=must)
        if not any(a.kind == "choose" for a in decision.actions):
            self.emit("cost_unpaid", "CR 15-7-4", me, card=card.name)
            return False
        pick = yield decision
        if pick.kind == "decline":
            self.emit("cost_declined", "CR 15-7-2", me, card=card.name)
            return False
        chosen = self.find_stack(pick.target)
        if kind == "suspend":
            chosen.suspended = True
            self.emit("suspend", "CR 15-7-1", me, card=repr(chosen))
            return True
        deleted = yield from self._delete([chosen], cause="effect", ref="CR 15-7-1", by=me)
        if not deleted:
            # The Digimon stayed (e.g. <Evade>): the cost wasn't carried out.
            self.emit("cost_unpaid", "CR 15-7-2", me, card=card.name)
            return False
        return True

    def _suspend_several_cost(self, me: int, amount: int, card: Card, committed=False):
        """"By suspending N of your Digimon": N different unsuspended Digimon, chosen one at a time and
        suspended together; the cost is paid in full or not at all (CR 15-7-3)."""
        chosen: list[Stack] = []

        def problem(s: Stack | None) -> IllegalAction | None:
            if s is not None and s in chosen:
                return IllegalAction(f"{s!r} is already chosen", "CR 15-10-2-3")
            return self._field_cost_problem(me, "suspend", "own", card, None, s)

        if sum(1 for s in self.stacks(me) if problem(s) is None) < amount:
            self.emit("cost_unpaid", "CR 15-7-4", me, card=card.name)
            return False
        must = self._committed_refusal(committed) if committed else None
        while len(chosen) < amount:
            part = IllegalAction("the cost can't be paid only in part", "CR 15-7-3") if chosen else None
            pick = yield self._pick(me, "cost", f"{card.name}: suspend {amount - len(chosen)} more of your Digimon to pay "
                                                "the cost?", problem, committed=must or part)
            if pick.kind == "decline":
                self.emit("cost_declined", "CR 15-7-2", me, card=card.name)
                return False
            chosen.append(self.find_stack(pick.target))
        for s in chosen:  # CR 15-7-3: all of it at once
            s.suspended = True
            self.emit("suspend", "CR 15-7-1", me, card=repr(s))
        return True

    # ------------------------------------------------- play without the cost ----
    def _play_pool(self, me: int, zone: str) -> list[Card]:
        ps = self.players[me]
        return {"hand": ps.hand, "trash": ps.trash, "security": ps.security, "deck_top": ps.deck[:1]}[zone]

    def effect_play_problem(self, me: int, card: Card, spec: dict) -> IllegalAction | None:
        """Why an effect can't play ``card`` (CR 1-3-11-1: only cards that can be played), or None."""
        d = card.defn
        if d.option_side:
            return IllegalAction("a DUAL card is never played", "CR 4-6-2")
        if d.category == "option":
            return IllegalAction("Option cards are used, not played", "CR 9-1-1")
        if d.category not in ("digimon", "tamer") or d.play_cost is None:
            return IllegalAction(f"{d.name} has no play cost and can't be played", "CR 7-1-1")
        problem = card_filter_problem(d, spec)
        if problem:
            return IllegalAction(problem, "CR 15-11-1-3-1")
        return None

    def _play_by_effect(self, me: int, spec: dict, card: Card):
        """Play 1 card from a zone without paying its cost (CR 7-1-3 without its cost step)."""
        zone = spec["from"]
        optional = bool(spec.get("optional", False))
        where = {"hand": "hand", "trash": "trash", "security": "security stack", "deck_top": "deck's top card"}[zone]

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                return None if optional else IllegalAction("the effect plays a card; it isn't optional", "CR 15-9-1-2")
            if a.kind != "choose":
                return None
            if a.card is None or a.target is not None or a.option is not None or a.targets:
                return IllegalAction(f"choose 1 card from your {where}", "CR 15-11-1-3-1")
            picked = next((c for c in self._play_pool(me, zone) if c.uid == a.card), None)
            if picked is None:
                return IllegalAction(f"the effect plays a card from your {where}", "CR 15-11-1-3-1")
            return self.effect_play_problem(me, picked, spec)

        candidates = [Action("decline")] + [Action("choose", c.uid) for c in self._play_pool(me, zone)]
        decision = self.decide(me, "effect_play", candidates, f"{card.name}: play 1 card from your {where} without paying its cost?", check)
        if not any(a.kind == "choose" for a in decision.actions):
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step="play")
            return
        pick = yield decision
        if pick.kind == "decline":
            self.emit("play_declined", "CR 15-9-2-2", me, card=card.name)
            return
        played = next(c for c in self._play_pool(me, zone) if c.uid == pick.card)
        ps = self.players[me]
        (ps.deck if zone == "deck_top" else self._play_pool(me, zone)).remove(played)
        ps.processing.append(played)
        self.emit("play_declared", "CR 7-1-3-1", me, card=played.name)
        by_rule = _by_rule_only(played.defn, spec)
        if by_rule:  # CR 2-3-4-1: a (Rule) is no effect; it applies at all times, in the hand or the trash too
            self.emit("rule_always_applies", "CR 2-3-4-1", me, card=played.name, origin=zone, counts_as=by_rule)
        self.emit("play_without_cost", "CR 7-1-3-2", me, card=played.name, origin=zone, by=card.name)
        yield from self._play(me, played, cost=None, ref="CR 7-1-3-3", declared=True)

    def _trash_to_hand(self, me: int, spec: dict, card: Card, stack: Stack | None = None):
        """"Return N cards meeting the filters from your trash to the hand", one chosen at a time; with
        ``optional`` ("you may") the player may stop. Each card is a new card in the hand (CR 3-1-3-1-1).
        With ``stack``, the cards come from that Digimon's digivolution cards instead ("return 1 yellow
        Digimon card from this Digimon's digivolution cards to the hand")."""
        ps = self.players[me]
        optional = bool(spec.get("optional", False))
        moved: list[Card] = []
        zone = "trash" if stack is None else "sources"
        where = "your trash" if stack is None else f"{stack!r}'s digivolution cards"

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                return None if optional else IllegalAction("the effect returns a card; it isn't optional", "CR 15-9-1-2")
            if a.kind != "choose":
                return None
            if a.card is None or a.target is not None or a.option is not None or a.targets:
                return IllegalAction(f"choose 1 card in {where}", "CR 15-11-1-3-1")
            picked = next((c for c in pool() if c.uid == a.card), None)
            if picked is None:
                return IllegalAction(f"the effect returns a card from {where}", "CR 15-11-1-3-1")
            problem = card_filter_problem(picked.defn, spec)
            return IllegalAction(problem, "CR 15-11-1-3-1") if problem else None

        def pool() -> list[Card]:
            return ps.trash if stack is None else stack.sources

        for _ in range(int(spec.get("amount", 1))):
            candidates = [Action("decline")] + [Action("choose", c.uid) for c in pool()]
            decision = self.decide(me, f"{zone}_to_hand", candidates,
                                   f"{card.name}: return 1 card from {where} to your hand?", check)
            if not any(a.kind == "choose" for a in decision.actions):
                if not moved:
                    self.emit("no_target", "CR 1-3-2", me, card=card.name, step=f"{zone}_to_hand")
                return
            pick = yield decision
            if pick.kind == "decline":
                self.emit(f"{zone}_to_hand_declined", "CR 15-9-2-2", me, card=card.name)
                return
            picked = next(c for c in pool() if c.uid == pick.card)
            if stack is None:
                ps.trash.remove(picked)
            else:
                stack.cards.remove(picked)
            picked.incarnation += 1
            self.players[picked.owner].hand.append(picked)
            moved.append(picked)
            if stack is None:
                self.emit("trash_to_hand", "CR 3-1-3-1-1", me, card=picked.name, by=card.name)
            else:
                self.emit("source_to_hand", "CR 3-1-3-1-1", me, card=picked.name, by=card.name, stack=repr(stack))

    def _one_card_of(self, me: int, kind: str, pool: list, optional: bool, card: Card, does: str, refusal: str, prompt: str):
        """The one card of ``pool`` a step names, chosen by its player (decision ``kind``): a card outside
        it is refused (CR 15-11-1-3-1), and declining is possible only when the step is optional
        (CR 15-9-2-2; otherwise CR 15-9-1-2).  Returns the card, or None when there was none to choose
        (``no_target``, CR 1-3-2) or the player declined."""
        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                return None if optional else IllegalAction(f"the effect {does}; it isn't optional", "CR 15-9-1-2")
            if a.kind != "choose":
                return None
            if a.card is None or a.target is not None or a.option is not None or a.targets \
                    or not any(c.uid == a.card for c in pool):
                return IllegalAction(refusal, "CR 15-11-1-3-1")
            return None

        decision = self.decide(me, kind, [Action("decline")] + [Action("choose", c.uid) for c in pool], prompt, check)
        if not pool:
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step=kind)
            return None
        pick = yield decision
        if pick.kind == "decline":
            self.emit("declined", "CR 15-9-2-2", me, card=card.name)
            return None
        return next(c for c in pool if c.uid == pick.card)

    def _activate_main_of(self, me: int, spec: dict, card: Card, stack: Stack | None):
        """"Activate the [Main] effect of 1 [...] card in your trash as this card's effect": the card stays
        where it is, and the effect counts as activated by this card (CR 15-15-7-3), processed within
        this one (CR 15-15-7-1)."""
        ps = self.players[me]
        optional = bool(spec.get("optional", False))
        pool = [c for c in ps.trash if card_filter_problem(c.defn, spec) is None
                and any(e.timing == "main" for e in c.defn.effects)]

        source = yield from self._one_card_of(me, "activate_main", pool, optional, card, "activates a [Main] effect",
                                              "choose 1 card in your trash with a [Main] effect that the text names",
                                              f"{card.name}: activate the [Main] effect of 1 card in your trash as this card's effect")
        if source is None:
            return
        main = next(e for e in source.defn.effects if e.timing == "main")
        self.emit("activated_as_this_card", "CR 15-15-7-3", me, card=card.name, effect_of=source.name)
        yield from self._run_effect(me, main, card, stack, count_use=False)

    def _put_under(self, stack: Stack, cards: list[Card]) -> None:
        """``cards`` placed under ``stack`` as its bottom digivolution cards, one at a time, each under the
        ones already there, face up (CR 4-7-5): they are part of it now, their inherited effects count
        (CR 4-3-3), and effects watching for digivolution cards added trigger (CR 4-8-1, 15-5-3) --
        unless ``stack`` is a Tamer, whose cards under it are no digivolution cards (CR 4-4-2).
        The one place every step that puts cards under a card goes through."""
        for c in cards:
            c.incarnation += 1
            c.face_up = True
            stack.cards.insert(0, c)
        self._continuous_check()
        if stack.top.defn.category != "tamer":
            self._sources_added(stack, placed=tuple(cards))

    def _place_under(self, me: int, spec: dict, card: Card, stack: Stack | None):
        """"Place 1 [...] card from your hand or trash under this Digimon as its bottom digivolution card"
        (CR 4-8-1; the cards watching for digivolution cards added see it, CR 15-5-3), then, with
        ``activate``, "activate 1 of that card's [...] effects as an effect of this Digimon": it is
        activated and processed within this effect, and the steps after it wait until it is (CR 15-15-7-1)."""
        ps = self.players[me]
        zones = spec["from"] if isinstance(spec["from"], list) else [spec["from"]]
        optional = bool(spec.get("optional", False))
        filters = {k: v for k, v in spec.items() if k in CARD_FILTERS}
        pool = [c for z in zones for c in getattr(ps, z) if card_filter_problem(c.defn, filters) is None]
        if stack is None or stack not in ps.battle:
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step="place_under")
            return

        where = " or ".join(f"your {z}" for z in zones)
        placed = yield from self._one_card_of(me, "place_under", pool, optional, card, "places a card",
                                              f"choose 1 card in {where} that the text names",
                                              f"{card.name}: place 1 card under {stack!r} as its bottom digivolution card")
        if placed is None:
            return
        zone = next(z for z in zones if placed in getattr(ps, z))
        getattr(ps, zone).remove(placed)
        self.emit("placed_under", "CR 4-8-1", me, card=placed.name, under=repr(stack), origin=zone)
        self._put_under(stack, [placed])
        if "activate" not in spec:
            return
        listed = [e for e in placed.defn.effects if e.timing == spec["activate"]]
        if not listed:
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step="place_under.activate")
            return
        index = 0
        if len(listed) > 1:
            def which(a: Action) -> IllegalAction | None:
                if a.kind == "choose" and (a.option not in range(len(listed)) or a.card is not None or a.target is not None):
                    return IllegalAction(f"choose 1 of the {len(listed)} effects of {placed.name}", "CR 15-15-7-1")
                return IllegalAction("1 of the effects is activated", "CR 15-15-7-1") if a.kind == "decline" else None

            chosen = yield self.decide(me, "place_under_effect", [Action("choose", option=i) for i in range(len(listed))],
                                       f"{card.name}: activate 1 of {placed.name}'s effects", which)
            index = chosen.option
        # CR 15-15-7-1: the other effect activates and is processed now, within this one.
        self.emit("activated_effect_of", "CR 15-15-7-1", me, card=card.name, effect_of=placed.name, timing=spec["activate"])
        yield from self._run_effect(me, listed[index], card, stack, count_use=False)

    # --------------------------------------------------------------- revealing ----
    def _reveal(self, me: int, spec: dict, card: Card, stack: Stack | None = None):
        """CR 15-15-3: reveal the top N, add the matching cards to the hand, let this Digimon digivolve into
        one of them, the rest to the bottom (or trash)."""
        ps = self.players[me]
        revealed = ps.deck[: int(spec["count"])]
        del ps.deck[: len(revealed)]
        ps.processing += revealed  # CR 15-15-3-5: draws now come from the unrevealed cards
        self._shown.append((me, revealed, bool(spec.get("look")), "deck"))
        if spec.get("look"):
            # "Look at" names no player: only the effect's player sees the cards (CR 15-15-3-9-2).
            self.emit("looked_at", "CR 15-15-3-9-2", me, cards=[c.name for c in revealed], count=len(revealed))
        else:
            self.emit("revealed", "CR 15-15-3-8-1", me, cards=[c.name for c in revealed], count=len(revealed))
        picks = spec.get("to_hand") or []
        for pick_spec in picks if isinstance(picks, list) else [picks]:
            different, taken_here = pick_spec.get("different"), []
            for _ in range(int(pick_spec.get("amount", 1))):
                left = [c for c in revealed if c in ps.processing]
                if not any(card_filter_problem(c.defn, pick_spec) is None and _differ(taken_here + [c], different)
                           for c in left):
                    break  # CR 15-10-2-1: as many as possible

                up_to = bool(pick_spec.get("up_to"))

                def check(a: Action, left=left, pick_spec=pick_spec, up_to=up_to) -> IllegalAction | None:
                    if a.kind == "decline" and not up_to:
                        return IllegalAction("the effect adds that many cards while there are any it can take", "CR 15-10-2-1")
                    if a.kind != "choose":
                        return None
                    if a.card is None or a.target is not None or a.option is not None or a.targets:
                        return IllegalAction("choose 1 of the revealed cards", "CR 15-11-1-3-1")
                    picked = next((c for c in left if c.uid == a.card), None)
                    if picked is None:
                        return IllegalAction("the effect adds 1 of the revealed cards to the hand", "CR 15-11-1-3-1")
                    problem = card_filter_problem(picked.defn, pick_spec)
                    if problem:
                        return IllegalAction(problem, _text_ref(picked.defn, pick_spec) or _part_ref(picked.defn, pick_spec)
                                             or "CR 15-11-1-3-1")
                    if not _differ(taken_here + [picked], different):
                        return IllegalAction(f"the cards added must have different {different}s; {picked.name} doesn't differ "
                                             "from the ones already chosen", "CR 4-25-1")
                    return None

                # "Up to X": the player may take fewer, and stop at any point (CR 15-10-2-2).
                choice = yield self.decide(me, "reveal", ([Action("decline")] if up_to else [])
                                           + [Action("choose", c.uid) for c in left],
                                           f"{card.name}: add 1 of the revealed cards to your hand", check)
                if choice.kind == "decline":
                    self.emit("no_more_chosen", "CR 15-10-2-2", me, card=card.name)
                    break
                taken = next(c for c in left if c.uid == choice.card)
                if different and not _differ(taken_here + [taken], different, one_each=True):
                    # CR 4-25-2: it differs only through one of its several colours (a different combination)
                    self.emit("differs_by_combination", "CR 4-25-2", me, card=taken.name, info=different)
                taken_here.append(taken)
                if "text" in pick_spec and pick_spec["text"] not in printed_icons(taken.defn)[0]:
                    # CR 4-23-3: printed in its inherited effect, which can't work from the deck, and that counts
                    self.emit("text_in_inherited_effect", "CR 4-23-3", me, card=taken.name, icon=pick_spec["text"].replace("_", " ").title())
                ps.processing.remove(taken)
                taken.incarnation += 1
                ps.hand.append(taken)
                self.emit("revealed_to_hand", "CR 15-10-2-2" if up_to else "CR 15-10-2-1", me, card=taken.name)
        if "digivolve" in spec:
            yield from self._digivolve_into_revealed(me, spec["digivolve"], card, stack, revealed)
        rest = [c for c in revealed if c in ps.processing]
        if not rest:
            self._reveal_ended(me, card, revealed)
            return
        if spec.get("rest", "bottom") == "trash":
            for c in rest:
                ps.processing.remove(c)
                c.incarnation += 1
                ps.trash.append(c)
            self.emit("revealed_trashed", "CR 4-16-1", me, cards=[c.name for c in rest])
            self._reveal_ended(me, card, revealed)
            return
        order = yield from self._bottom_order(me, rest, "CR 15-15-3-6")
        for c in order:
            ps.processing.remove(c)
            c.face_up = False
            ps.deck.append(c)
        # Looked-at cards go back face down as the deck's rules require (CR 15-15-3-9-3); revealed
        # ones in the order their effect's player chooses (CR 15-15-3-6).
        self.emit("deck_bottom", "CR 15-15-3-9-3" if spec.get("look") else "CR 15-15-3-6", me, cards=[c.name for c in order])
        self._reveal_ended(me, card, revealed)

    def _digivolve_into_revealed(self, me: int, spec: dict, card: Card, stack: Stack | None, revealed: list):
        """"This Digimon may digivolve into a [...] card among them without paying the cost": a standard
        digivolution into a revealed card, whose bonus draw comes from the unrevealed cards (CR 15-15-3-5)."""
        ps = self.players[me]
        if stack is None or stack not in ps.battle:
            return
        left = [c for c in revealed if c in ps.processing]

        def check(a: Action) -> IllegalAction | None:
            if a.kind != "digivolve":
                return None
            picked = next((c for c in left if c.uid == a.card), None)
            if picked is None:
                return IllegalAction("the effect digivolves into 1 of the revealed cards", "CR 15-11-1-3-1")
            if picked.defn.category != "digimon":
                return IllegalAction("you can only digivolve into a Digimon card", "CR 8-1-1")
            problem = card_filter_problem(picked.defn, spec)
            if problem:
                return IllegalAction(problem, "CR 15-11-1-3-1")
            if a.target != stack.sid or a.targets:
                return IllegalAction(f"the effect digivolves {stack!r} only", "CR 15-11-1-3-1")
            return self._requirement_choice_problem(picked, stack, a.option)

        candidates = [Action("decline")] + [Action("digivolve", c.uid, stack.sid, i) for c in left
                                            for i in range(len(c.defn.requirements))]
        pick = yield self.decide(me, "effect_digivolve", candidates, f"{card.name}: digivolve into 1 of the revealed cards?", check)
        if pick.kind == "digivolve":
            yield from self._digivolve(me, pick, cost=0, by_effect=True)

    def _reveal_ended(self, me: int, card: Card, revealed: list) -> None:
        """Revealing is one process until every revealed card is in an area; only then is it over
        and the effect goes on (CR 15-15-3-4)."""
        self._shown = [s for s in self._shown if s[1] is not revealed]
        if revealed:
            self.emit("reveal_ended", "CR 15-15-3-4", me, card=card.name, count=len(revealed))

    def _all_revealed(self, player: int, zone: str) -> bool:
        """Whether every card of ``player``'s ``zone`` ("deck", "security") is being revealed now: none is
        left unrevealed there and an effect still reveals cards from it.  Another effect can't add cards
        to such an area until the revealing is over (CR 15-15-3-3)."""
        ps = self.players[player]
        return not getattr(ps, zone) and any(s[0] == player and s[3] == zone and any(c in ps.processing for c in s[1])
                                             for s in self._shown)

    def _bottom_order(self, chooser: int, cards: list[Card], ref: str):
        """The order in which ``cards`` go to the bottom of a deck, chosen by ``chooser`` one card at a
        time (each next card goes under the previous one); cards of one name need no choice."""
        left, order = list(cards), []
        while len({c.name for c in left}) > 1:
            def check(a: Action, left=left) -> IllegalAction | None:
                if a.kind != "choose":
                    return None
                if a.card is None or a.target is not None or a.option is not None or a.targets:
                    return IllegalAction("choose the card that goes to the bottom of the deck next", ref)
                if not any(c.uid == a.card for c in left):
                    return IllegalAction("choose 1 of the cards going to the bottom of the deck", ref)
                return None

            choice = yield self.decide(chooser, "deck_order", [Action("choose", c.uid) for c in left],
                                       "choose the card that goes to the bottom of the deck next", check)
            picked = next(c for c in left if c.uid == choice.card)
            left.remove(picked)
            order.append(picked)
        return order + left

    # ------------------------------------------------------------ deck bottom ----
    def _stack_to_deck_bottom(self, me: int, stack: Stack, spec: dict):
        """Return a Digimon to the bottom of its owner's deck (CR 3-1-3-8): with all of its digivolution
        cards when the card says so, in the order its player chooses (CR 3-1-3-4); otherwise the cards
        under it go to the trash (CR 4-7-8).  While every card of that deck is being revealed, no other
        effect can add to it, so the Digimon stays (CR 15-15-3-3)."""
        if self._all_revealed(stack.owner, "deck"):
            self.emit("not_added_while_revealed", "CR 15-15-3-3", me, card=repr(stack), zone="deck", owner=f"P{stack.owner + 1}")
            return
        if (yield from self._would_leave(stack, me)) or stack not in self.players[stack.owner].battle:
            return  # kept by <Guard> or <Detach> (CR 16-45, 16-46), or a <Guard> Digimon deleted
        if spec["sources"] == "deck":
            order = yield from self._bottom_order(me, [c for c in stack.cards if not c.defn.token], "CR 3-1-3-4")
            if len(order) > 1:  # CR 3-1-3-6: from the field (public) to the deck (private): the order is shown first
                self.emit("order_shown", "CR 3-1-3-6", me, cards=[c.name for c in order])
            self._leave_field(stack, "deck_bottom", "CR 3-1-3-4", order=order)
        else:
            self._leave_field(stack, "deck_bottom", "CR 4-7-8", order=[stack.top])

    def _stacks_to_deck_bottom(self, me: int, stacks: list[Stack], spec: dict):
        """Return several Digimon to the bottom of their owner's deck at the same time ("all of ..."):
        the effect's player chooses one order for every card going there (CR 3-1-3-4), shown before the
        cards go under the deck (CR 3-1-3-6); the cards under them that don't go along are trashed at
        the same time (CR 4-7-8)."""
        leaving = []
        for stack in stacks:
            if (yield from self._would_leave(stack, me)) or stack not in self.players[stack.owner].battle:
                continue  # kept by <Guard> or <Detach> (CR 16-45, 16-46), or a <Guard> Digimon deleted
            leaving.append(stack)
        moving = {s: [c for c in (s.cards if spec["sources"] == "deck" else [s.top]) if not c.defn.token] for s in leaving}
        order = yield from self._bottom_order(me, [c for s in leaving for c in moving[s]], "CR 3-1-3-4")
        if len(order) > 1:
            self.emit("order_shown", "CR 3-1-3-6", me, cards=[c.name for c in order])
            self.emit("deck_bottom_order", "CR 3-1-3-4", me, cards=[c.name for c in order], digimon=len(leaving))
        for stack in leaving:
            self._leave_field(stack, "deck_bottom", "CR 3-1-3-4", order=moving[stack] or [stack.top])
        for owner in {s.owner for s in leaving}:  # one order for all of them, across the Digimon they came from
            deck = self.players[owner].deck
            placed = [c for c in order if c.owner == owner and c in deck]
            for c in placed:
                deck.remove(c)
            deck.extend(placed)

    # --------------------------------------------------------------- security ----
    def _reveal_security(self, me: int, spec: dict, card: Card):
        """Reveal the top cards of your security stack, trash some of them, put the rest back on top.
        Revealing adds nothing to the stack and takes nothing from it (CR 15-15-3-1); the revealed
        cards that are trashed change its number, as a removal (CR 15-15-3-2)."""
        ps = self.players[me]
        revealed = ps.security[: int(spec["count"])]
        del ps.security[: len(revealed)]
        ps.processing += revealed  # while revealed, not cards of the security stack (CR 15-15-3-1)
        self._shown.append((me, revealed, False, "security"))  # shown to both players (CR 15-15-3-8-1)
        self.emit("security_revealed", "CR 15-15-3-1", me, cards=[c.name for c in revealed], count=len(revealed))
        trashed: list[Card] = []
        for _ in range(min(int(spec.get("trash", 0)), len(revealed))):
            left = [c for c in revealed if c not in trashed]

            def check(a: Action, left=left) -> IllegalAction | None:
                if a.kind != "choose":
                    return None
                if a.card is None or a.target is not None or a.option is not None or a.targets \
                        or not any(c.uid == a.card for c in left):
                    return IllegalAction("choose 1 of the revealed security cards", "CR 15-11-1-3-1")
                return None

            choice = yield self.decide(me, "reveal", [Action("choose", c.uid) for c in left],
                                       f"{card.name}: trash 1 of the revealed security cards", check)
            trashed.append(next(c for c in left if c.uid == choice.card))
        for c in revealed:
            ps.processing.remove(c)
        self._shown = [s for s in self._shown if s[1] is not revealed]
        ps.security[0:0] = [c for c in revealed if c not in trashed]  # the rest go back on top, in order
        for c in trashed:
            c.incarnation += 1
            ps.trash.append(c)
        if trashed:
            self.emit("revealed_security_trashed", "CR 15-15-3-2", me, cards=[c.name for c in trashed])
            self._security_changed(me, "security_removed", by_effect=True, cards=len(trashed))

    def _security_to_hand(self, me: int, amount: int) -> None:
        """Add the top card(s) of your security stack to your hand (CR 3-7-5: moved together)."""
        ps = self.players[me]
        moved = ps.security[:amount]
        del ps.security[: len(moved)]
        for c in moved:
            c.incarnation += 1
            c.face_up = True
            ps.hand.append(c)
        self.emit("security_to_hand", "CR 3-7-5", me, cards=len(moved))

    def _to_security(self, me: int, spec: dict, card: Card, stack: Stack | None):
        """Place a card on top (or at the bottom) of its owner's security stack, face down unless the
        text says face up."""
        face_up = bool(spec.get("face_up", False))
        if spec["from"] == "field":
            placed = yield from self._field_to_security(me, spec, card, stack)
        elif spec["from"] == "self":
            placed = self._self_to_security(me, spec, card)
        else:
            placed = yield from self._zone_to_security(me, spec, card)
        if placed is not None and face_up:
            placed.face_up = True
            self.emit("security_face_up", "CR 3-7-4", placed.owner, card=placed.name)
        if placed is not None:  # "when a card is added to your security stack" (CR 15-8-3-1)
            self._security_changed(placed.owner, "security_added", by_effect=True)

    def _zone_to_security(self, me: int, spec: dict, card: Card):
        zone = spec["from"]
        optional = bool(spec.get("optional", False))
        pool = getattr(self.players[me], zone)

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                return None if optional else IllegalAction("the effect places a card; it isn't optional", "CR 15-9-1-2")
            if a.kind != "choose":
                return None
            if a.card is None or a.target is not None or a.option is not None or a.targets:
                return IllegalAction(f"choose 1 card from your {zone}", "CR 15-11-1-3-1")
            picked = next((c for c in pool if c.uid == a.card), None)
            if picked is None:
                return IllegalAction(f"the effect places a card from your {zone}", "CR 15-11-1-3-1")
            problem = card_filter_problem(picked.defn, spec)
            return IllegalAction(problem, "CR 15-11-1-3-1") if problem else None

        decision = self.decide(me, "to_security", [Action("decline")] + [Action("choose", c.uid) for c in pool],
                               f"{card.name}: place 1 card from your {zone} on top of your security stack", check)
        if not any(a.kind == "choose" for a in decision.actions):
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step="to_security")
            return None
        pick = yield decision
        if pick.kind == "decline":
            self.emit("declined", "CR 15-9-2-2", me, card=card.name)
            return None
        placed = next(c for c in pool if c.uid == pick.card)
        if zone == "hand" and any(key in spec for key in CARD_FILTERS):
            # CR 3-1-3-7: the text names the card's information, so it is shown before it goes face down
            self.emit("revealed_before_private", "CR 3-1-3-7", me, card=placed.name)
        return self._into_security(me, pool, placed, spec)

    def _self_to_security(self, me: int, spec: dict, card: Card):
        """ "Place this card in your security stack": the card with the effect, from the trash where an
        [On Deletion] effect finds it (or the hand); nothing if it is no longer there."""
        ps = self.players[card.owner]
        pool = next((zone for zone in (ps.trash, ps.hand) if card in zone), None)
        if pool is None:
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step="to_security")
            return None
        return self._into_security(card.owner, pool, card, spec)

    def _into_security(self, owner: int, pool: list, placed: Card, spec: dict):
        """``placed`` leaves ``pool`` for its owner's security stack, on top or with ``bottom`` at the
        bottom, face down as that area's rules have it unless the text says otherwise (CR 3-1-3-5)."""
        pool.remove(placed)
        placed.incarnation += 1
        placed.face_up = False
        if placed.defn.category == "digi-egg":
            self.players[owner].eggs.append(placed)  # CR 3-1-3-9-2
            self.emit("to_eggs_bottom", "CR 3-1-3-9-2", owner, card=placed.name)
            self._never_added(owner, placed, "security_added")
            return None
        bottom = bool(spec.get("bottom", False))
        security = self.players[owner].security
        security.insert(len(security) if bottom else 0, placed)
        self.emit("to_security", "CR 3-1-3-5", owner, card=placed.name, cards=1, trashed=0, **({"at": "bottom"} if bottom else {}))
        return placed

    def _field_to_security(self, me: int, spec: dict, card: Card, stack: Stack | None):
        who = spec.get("target", "self")
        if who == "self":
            target = stack if stack is not None and stack in self.players[stack.owner].battle else None
            if target is None:
                self.emit("no_target", "CR 1-3-2", me, card=card.name, step="to_security")
                return None
        else:
            if not self._choose_targets(me, who, spec, stack):
                self.emit("no_target", "CR 1-3-2", me, card=card.name, step="to_security")
                return None
            pick = yield self._pick(me, "target", f"{card.name}: choose the card to place on top of the security stack",
                                    lambda s: self.effect_target_problem(me, who, spec, stack, s), optional=False)
            target = self.find_stack(pick.target)
        if (yield from self._would_leave(target, me)) or target not in self.players[target.owner].battle:
            return None  # kept by <Guard> or <Detach> (CR 16-45, 16-46), or moved by its own immediate effect
        top = target.top
        self._leave_field(target, "security", "CR 3-1-3-5", order=[top])
        if top in self.players[target.owner].security:
            return top
        self._never_added(target.owner, top, "security_added")  # a token or a Digi-Egg went elsewhere
        return None

    # ------------------------------------------------------ memory per count ----
    def _count(self, me: int, per: str, stack: Stack | None) -> int:
        """CR 4-27-1: what "for each ..." counts, as the effect is processed."""
        if per == "digivolution_cards":
            return len(stack.sources) if stack is not None and stack.area == "battle" else 0
        if per == "occurrences":  # met several times at once, it triggered once; "each" counts them (CR 4-27-5)
            return self.occurrences[-1] if self.occurrences else 1
        side, what = per.split("_", 1)
        player = me if side == "own" else 1 - me
        ps = self.players[player]
        if what in ("digimon", "tamers"):
            category = "digimon" if what == "digimon" else "tamer"
            return sum(1 for s in ps.battle if s.top.defn.category == category)
        return len(getattr(ps, what))

    def _times(self, me: int, spec: dict, card: Card, stack: Stack | None) -> int:
        """How many times "for each X" (CR 4-27-1) or "for every N X" does its processing: X counted now; for
        every N, the whole groups of N only, as a changed number is always a whole number (CR 1-3-7)."""
        count = self._count(me, spec["per"], stack)
        every = spec.get("every")
        if not every:
            return count
        times, left = divmod(count, every)
        if left:
            self.emit("whole_number", "CR 1-3-7", me, card=card.name, count=count, every=every, times=times, left=left)
        return times

    def _trash_sources(self, me: int, target: Stack, spec: dict, card: Card, stack: Stack | None) -> None:
        """Trash digivolution cards of ``target``, N (for each of a count, CR 4-27-1): counted from the
        top of the cards under it down (CR 4-27-2) or from the bottom up (CR 4-27-3), as many as there are."""
        count = self._times(me, spec, card, stack) if "per" in spec else 1
        wanted = int(spec.get("amount", 1)) * count
        under = target.sources  # bottom to top
        picked = list(reversed(under))[:wanted] if spec["from"] == "top" else under[:wanted]
        self._turn_face_up(picked)
        for c in picked:  # all of them at once
            target.cards.remove(c)
            c.incarnation += 1
            self.players[target.owner].trash.append(c)
        self._overflow(picked, target.owner, mid_effect=True)
        ref = "CR 4-27-2" if spec["from"] == "top" else "CR 4-27-3"
        self.emit("sources_trashed", ref, me, card=repr(target), cards=[c.name for c in picked], wanted=wanted)

    def _memory_per_count(self, me: int, spec: dict, card: Card, stack: Stack | None) -> None:
        """Gain or lose memory for each of something (CR 4-27-1); gaining and losing move the marker (CR 4-1-4)."""
        count = self._times(me, spec, card, stack)
        total = int(spec["amount"]) * count
        side = me if spec.get("player", "self") == "self" else 1 - me
        ref = "CR 4-27-5" if spec["per"] == "occurrences" else "CR 4-27-1"
        self.emit("memory_per_count", ref, side, card=card.name, count=count, total=total)
        if count == 0:  # done 0 times: not done at all, the marker doesn't move
            self.emit("processed_zero_times", "CR 1-3-4", side, card=card.name, step="memory")
            return
        self.set_mem(side, self.mem(side) + total, "CR 4-1-4", f"{card.name} effect")


def _differ(cards, info: str | None, one_each: bool = False) -> bool:
    """Whether these cards are "with different ``info``" (CR 4-25-1): each can be given one of its own
    values so that no two share one, a card with several colours counting any of them (CR 4-25-2);
    ``one_each`` asks it of every value a card has instead (no combination needed)."""
    if info is None:
        return True
    values = [[c.defn.name] if info == "name" else list(c.defn.colours) if info == "colour"
              else [] if c.defn.level is None else [c.defn.level] for c in cards]
    if one_each:
        return all(not set(a) & set(b) for i, a in enumerate(values) for b in values[i + 1:]) and all(values)
    return any(len(set(combo)) == len(combo) for combo in itertools.product(*values))


def _part_ref(defn, spec: dict) -> str | None:
    """The clause when the part of the card a pick looks at is what it fails: "in its effect" reads only
    the upper text (CR 2-3-3-2), "in its inherited effect" only that text (CR 2-3-11-2-2), "in its link
    effect" only the link effect (CR 2-3-11-4-7); a card without that part can't be found that way."""
    for key, ref in (("effect_text", "CR 2-3-3-2"), ("inherited_text", "CR 2-3-11-2-2"), ("link_text", "CR 2-3-11-4-7")):
        if key in spec and card_filter_problem(defn, {key: spec[key]}) is not None \
                and card_filter_problem(defn, {k: v for k, v in spec.items() if k != key}) is None:
            return ref
    return None


def _text_ref(defn, spec: dict) -> str | None:
    """The clause when "with <XX> in its text" is what a card fails: another icon that names XX too
    (<Material Save> for <Save>) doesn't do (CR 4-23-4), nor a note that only mentions it (CR 4-23-5);
    else it isn't printed there (CR 4-23-1)."""
    if "text" not in spec or card_filter_problem(defn, {k: v for k, v in spec.items() if k != "text"}) is not None:
        return None
    if card_filter_problem(defn, {"text": spec["text"]}) is None:
        return None
    if spec["text"] in defn.notes:
        return "CR 4-23-5"  # a note explaining another keyword is not text
    icons = set().union(*printed_icons(defn))
    return "CR 4-23-4" if any(spec["text"] in icon for icon in icons) else "CR 4-23-1"


def _parts_fit(parts: list[dict], chosen: list, pool: list) -> bool:
    """Whether each part of a cost naming several cards ("1 [A] and 1 [B]") can get its own card
    from ``pool``, the cards already ``chosen`` each taking one of the parts."""
    def assign(i: int, free: list[dict]) -> bool:
        if i == len(chosen):
            rest = [c for c in pool if c not in chosen]
            return _fill(free, rest)
        return any(card_filter_problem(chosen[i].defn, part) is None and assign(i + 1, free[:j] + free[j + 1:])
                   for j, part in enumerate(free))
    return len(chosen) <= len(parts) and assign(0, list(parts))


def _fill(parts: list[dict], pool: list) -> bool:
    if not parts:
        return True
    first, others = parts[0], parts[1:]
    return any(card_filter_problem(c.defn, first) is None and _fill(others, pool[:k] + pool[k + 1:])
               for k, c in enumerate(pool))
