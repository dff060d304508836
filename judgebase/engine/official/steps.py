"""The steps an effect carries out (draw, memory, DP, delete, play, security, ...), each with its clause.
"""

from __future__ import annotations

from ..cards import Effect, card_from_spec, effects_from_spec
from ..conditions import RANKINGS, limit_reference
from ..step_specs import COMMON_STEPS, TARGETED_STEPS
from ..state import (
    Action,
    Card,
    IllegalAction,
    Modifier,
    Stack,
)
from .common import EITHER
from .common_steps import STOP, CommonSteps
from .targets import FILTER_KEYS


class Steps(CommonSteps):
    """The effect vocabulary: one branch per step a card can print."""

    TARGETED_STEPS = TARGETED_STEPS  # common steps that choose their Digimon like delete or suspend

    def _limits_read(self, me: int, spec: dict, card: Card, stack: Stack | None) -> tuple[dict, set]:
        """A limit that isn't a number written in the text is read from the game as the step is
        processed (CR 15-8-3-7), or, when it names the Digimon that triggered the effect, as that
        Digimon was when it triggered (CR 15-8-3-8).  Returns the spec with the numbers in their place
        and the keys so read."""
        read = {k for k, v in spec.items() if limit_reference(k, v)}
        if not read:
            return spec, read
        spec = dict(spec)
        for key in sorted(read):
            value = spec[key]
            if value == "trigger":
                amount = self.trigger_levels[-1] if self.trigger_levels else None
                kind, ref, what = "limit_read_at_trigger", "CR 15-8-3-8", "trigger"
            elif value == "self":
                amount = self.dp(stack) if stack is not None and stack in self.stacks() else None
                kind, ref, what = "limit_read_now", "CR 15-8-3-7", "self"
            else:
                amount = self._count(me, value["count"], stack)
                kind, ref, what = "limit_read_now", "CR 15-8-3-7", value["count"]
            spec[key] = -1 if amount is None else amount  # nothing to measure against: nothing qualifies
            self.emit(kind, ref, me, source=card.name, limit=key, reads=what, value=spec[key])
        return spec, read

    def _activate_effects(self, me: int, listed: list, card: Card, stack: Stack | None):
        """"Activate all of the effects below": each is activated and processed within this one
        (CR 15-15-7-1), and the player chooses the order, one effect at a time (CR 15-15-7-2)."""
        left = list(range(len(listed)))
        while left:
            if len(left) > 1:
                def check(a: Action, left=tuple(left)) -> IllegalAction | None:
                    if a.kind == "decline":
                        return IllegalAction("every listed effect is activated; only their order is chosen", "CR 15-15-7-2")
                    if a.kind == "choose" and (a.option not in left or a.card is not None or a.target is not None or a.targets):
                        return IllegalAction(f"choose 1 of the effects not activated yet ({', '.join(str(i) for i in left)})",
                                             "CR 15-15-7-2")
                    return None

                pick = yield self.decide(me, "activate_order", [Action("choose", option=i) for i in left],
                                         f"{card.name}: choose which of its effects activates next", check)
                index = pick.option
                self.emit("activation_order", "CR 15-15-7-2", me, card=card.name, effect=index + 1, of=len(listed), left=len(left) - 1)
            else:
                index = left[0]
            left.remove(index)
            self.emit("activated_within", "CR 15-15-7-1", me, card=card.name, effect=index + 1, of=len(listed))
            sub = Effect(timing="main", steps=tuple(listed[index]["do"]))
            yield from self._run_steps(me, sub, card, stack)

    def _overwrite(self, me: int, spec: dict, card: Card, stack: Stack | None):
        """Overwrite processing (CR 18-2-1): the processing the text normally carries out (``do``) is
        replaced by the processing shown for "instead", when its condition holds now.  Optional ("you
        may ... instead"), its player chooses whether to replace it (CR 18-2-2); mandatory, it is
        replaced with no choice.  Either way only one of the two is carried out."""
        replace = "if" not in spec or self._step_condition({"if": spec["if"], "overwrite": spec}, me, card, stack)
        if replace and spec.get("optional"):
            choice = yield self.decide(me, "overwrite", [Action("yes"), Action("no")],
                                       f"{card.name}: carry out its \"instead\" processing in place of the other?", EITHER)
            replace = choice.kind == "yes"
            # CR 18-2-2: optional overwrite processing is optional processing: chosen or left undone.
            self.emit("overwrite_chosen" if replace else "overwrite_declined", "CR 18-2-2", me, card=card.name)
        if replace:
            self.emit("overwritten", "CR 18-2-1", me, card=card.name, steps=len(spec["instead"]))
        steps = spec["instead"] if replace else spec["do"]
        result, _paid_at = yield from self._each_step(me, steps, card, stack, self._at_zero[-1] if self._at_zero else set())
        return result

    def _dp_limit_changed(self, me: int, spec: dict, card: Card, written: bool = True) -> dict:
        """The DP limit of a deletion as ``me``'s cards that add to or reduce it leave it: they change
        the number written in the effect's text (CR 15-15-4-1, 15-15-4-2), and only that one: a limit
        read from the game (``written`` False) stays as it is (CR 15-15-4-3)."""
        change = sum(int(v) for s in self.stacks(me) for v in self._keyword_values(s, "delete_dp_limit"))
        if not change:
            return spec
        if not written:
            self.emit("limit_not_written", "CR 15-15-4-3", me, source=card.name, value="max_dp", limit=int(spec["max_dp"]))
            return spec
        limit = int(spec["max_dp"]) + change
        self.emit("value_changed", "CR 15-15-4-1" if change > 0 else "CR 15-15-4-2", me, source=card.name,
                  value="max_dp", before=int(spec["max_dp"]), after=limit)
        return {**spec, "max_dp": limit}

    def memory_gain_problem(self, player: int, etype: str) -> IllegalAction | None:
        """Why ``player`` can't gain memory through an effect of this type now: an opposing card says
        they gain memory only through one kind of effect (a prohibition, CR 15-1-3), or None."""
        for s in self.stacks(1 - player):
            only = self.keyword(s, "opponent_memory_gain_only_by")
            if only is not None and only not in etype.split("+"):
                return IllegalAction(f"{s!r} lets its opponent gain memory only through {only} effects", "CR 15-1-3")
        return None

    def _memory_gain_refused(self, me: int, card: Card, stack: Stack | None) -> bool:
        """Whether an effect's memory gain is stopped (``memory_gain_problem``); a card treated as a
        Digimon and a Tamer gains through either kind (CR 15-12-1-6), which the log says."""
        etype = self.effect_type(card, stack)
        problem = self.memory_gain_problem(me, etype)
        if problem is not None:
            self.emit("memory_not_gained", problem.ref, me, card=card.name, etype=etype)
            return True
        if "+" in etype and any(self.keyword(s, "opponent_memory_gain_only_by") for s in self.stacks(1 - me)):
            self.emit("effect_type", "CR 15-12-1-6", me, source=card.name, etype=etype, card=repr(stack))
        return False

    def _eggs_under(self, me: int, amount: int, stack: Stack | None) -> None:
        """"Place the top N cards of your Digi-Egg deck under this Digimon as its bottom digivolution
        cards": they are moved one at a time, each going under the cards already there, but all of them
        are placed at one and the same moment (CR 3-3-4), so what watches for digivolution cards being
        added sees one event."""
        ps = self.players[me]
        if stack is None or stack not in ps.battle or not (stack.top.defn.category == "digimon" or self.treated_as_digimon(stack)):
            return  # "this Digimon" is no longer there to place them under
        moved = ps.eggs[:amount]
        del ps.eggs[: len(moved)]
        if not moved:
            return
        self.emit("eggs_under", "CR 4-8-1", me, card=repr(stack), placed=[c.name for c in moved])
        if len(moved) > 1:
            self.emit("moved_together", "CR 3-3-4", me, zone="eggs", cards=len(moved))
        self._put_under(stack, moved)  # one by one, each as the bottom digivolution card

    def _reorder_sources(self, me: int, card: Card, stack: Stack | None):
        """"Place this Digimon's digivolution cards in any order": the player chooses them from the top
        down (the card just under the top card first); cards of one name need no choice.  A new order
        makes none of the stacked cards a new card (CR 3-1-3-1-4): it is the same Digimon, keeping its
        state, the effects applied to it and its [Once Per Turn] counts."""
        if stack is None or stack not in self.players[me].battle or len(stack.sources) < 2:
            return  # no Digimon, or no order to change
        left, order = list(reversed(stack.sources)), []  # top down
        while len({c.name for c in left}) > 1:
            def check(a: Action, left=left) -> IllegalAction | None:
                if a.kind != "choose":
                    return None
                if a.card is None or a.target is not None or a.option is not None or a.targets \
                        or not any(c.uid == a.card for c in left):
                    return IllegalAction(f"choose 1 of the digivolution cards of {stack!r} still to be placed", "CR 15-11-1-3-1")
                return None

            pick = yield self.decide(me, "source_order", [Action("choose", c.uid) for c in left],
                                     f"{card.name}: the next digivolution card of {stack!r}, from the top down", check)
            picked = next(c for c in left if c.uid == pick.card)
            left.remove(picked)
            order.append(picked)
        order += left
        stack.cards[:-1] = list(reversed(order))
        self.emit("sources_reordered", "CR 3-1-3-1-4", me, card=repr(stack), order=[c.name for c in stack.cards])

    def _step(self, me: int, name: str, arg, card: Card, stack: Stack | None):
        opp = 1 - me
        if name in COMMON_STEPS and name not in self.TARGETED_STEPS:
            return (yield from self._common_step(me, name, arg, card, stack))
        if name in self.PROCESSING_KEYWORDS:
            self._keyword_processing(me, name, card)
        if name == "save":
            yield from self._save(me, card)
            return None
        if name == "mind_link":
            yield from self._mind_link(me, arg, card, stack)
            return None
        if name == "digi_burst":
            paid = yield from self._digi_burst(me, int(arg), card, stack)
            return None if paid else STOP
        if name == "draw":
            self._keyword_mandatory(me, "draw", card.name)
            self._draw(me, int(arg), "CR 16-8-1")
            return None
        if name == "decide_game":
            # CR 1-2-6: the effect's player wins or loses at the moment the effect resolves.
            why = f"{card.name} effect"
            (self._win if arg == "win" else self._lose)(me, "CR 1-2-6", why)
            return STOP
        if name == "opponent_draws":
            self._draw(opp, int(arg), "CR 4-14-2")  # from their own deck: the effect names no other
            return None
        if name == "memory" and isinstance(arg, dict):
            self._memory_per_count(me, arg, card, stack)
            return None
        if name == "memory":
            if int(arg) > 0 and self._memory_gain_refused(me, card, stack):
                return None
            self.set_mem(me, self.mem(me) + int(arg), "CR 4-1-4", f"{card.name} effect")
            return None
        if name in ("recovery",):
            ps = self.players[me]
            moved = ps.deck[: int(arg)]
            del ps.deck[: int(arg)]
            ps.security[0:0] = list(reversed(moved))
            self.emit("recovery", "CR 16-6-1", me, cards=len(moved))
            if len(moved) > 1:  # moved one by one, placed at one and the same moment
                self.emit("moved_together", "CR 3-2-4", me, zone="deck", cards=len(moved))
            if moved:
                self._security_changed(me, "security_added", by_effect=True, cards=len(moved))
            return None
        if name == "reorder_sources":
            yield from self._reorder_sources(me, card, stack)
            return None
        if name == "eggs_under":
            self._eggs_under(me, int(arg), stack)
            return None
        if name == "trash_security":
            spec = arg if isinstance(arg, dict) else {"amount": arg}
            player = spec.get("player", "opponent")
            # "Both players" is each of the two players (CR 15-10-1-3-1).
            sides = (me, opp) if player == "both" else (opp,) if player == "opponent" else (me,)
            bottom = spec.get("from", "top") == "bottom"
            for side in sides:
                trashed = 0
                for _ in range(int(spec.get("amount", 1))):
                    if self.players[side].security:
                        c = self.players[side].security.pop(-1 if bottom else 0)
                        c.incarnation += 1
                        self.players[side].trash.append(c)
                        # The top or bottom card: trashing puts it into the trash (CR 4-16-1);
                        # "both players trash": each from their own stack (CR 15-10-1-3-1).
                        ref = "CR 15-10-1-3-1" if player == "both" and not bottom else "CR 4-16-1"
                        self.emit("trash_security", ref, side, card=c.name)
                        trashed += 1
                if trashed > 1:  # CR 3-1-3-3: they leave at the same moment, not one after another
                    self.emit("left_together", "CR 3-1-3-3", side, zone="security", cards=trashed)
                if trashed:
                    self._security_changed(side, "security_removed", by_effect=True, cards=trashed)
            return None
        if name == "play_self":
            # e.g. a Tamer's [Security]: play this card without paying the cost.
            yield from self._play(me, card, cost=None, ref="CR 7-1-3-3")
            return "placed"
        if name == "use_main":
            main = next((e for e in card.defn.effects if e.timing == "main"), None)
            if main is not None and main.condition and not self._condition_met(main, me, None):
                # CR 2-3-3-3: an effect with processing conditions can be referred to only while they are met.
                self._explain_unmet(main.condition, me, None, card)
                self.emit("referenced_effect_unmet", "CR 2-3-3-3", me, card=card.name)
                return None
            if main is not None:
                # An effect that activates another: it is activated and processed within this one (CR 15-15-7-1).
                self.emit("option_main", "CR 15-15-7-1", me, card=card.name)
                # Activated by a mandatory effect, its optional processing conditions are mandatory too (CR 15-15-7-4).
                mandatory = not any(e.optional for e in card.defn.effects if any("use_main" in s for s in e.steps))
                self._mandatory_depth += mandatory
                try:
                    yield from self._run_effect(me, main, card, None)
                finally:
                    self._mandatory_depth -= mandatory
            return None
        if name == "activate_effects":
            yield from self._activate_effects(me, arg, card, stack)
            return None
        if name == "overwrite":
            return (yield from self._overwrite(me, arg, card, stack))
        if name == "at_end_of_turn":
            # CR 18-1-1: part of the effect is left waiting and carried out at the end of the turn.
            later = effects_from_spec([{"timing": "end_of_your_turn", "do": list(arg)}], f"{card.name}: at_end_of_turn")[0]
            self.later.append((self.turn, me, later, card))
            self.emit("pending_processing_set", "CR 18-1-1", me, card=card.name)
            return None
        if name == "end_attack":
            if self.attack is not None and self.attack.timing != "end" and not self.attack.ended:
                self.attack.ended = True  # the timings left are skipped up to the end of attack (CR 15-15-1-1)
                self.emit("attack_ended", "CR 15-15-1-1", me, attacker=repr(self.attack.attacker), by=card.name)
            return None
        if name == "place_in_battle_area":
            if card in self.players[me].processing:
                self.players[me].processing.remove(card)
            placed = self.new_stack(me, [card])
            placed.placed_by_effect = True  # so the rule check leaves it there (CR 17-1-3-2-2)
            self.players[me].battle.append(placed)
            self.emit("placed", "CR 9-1-5", me, card=repr(placed))
            return "placed"
        if name == "blitz":
            if stack is None or stack not in self.players[me].battle:
                return None
            if self.mem(opp) < 1:  # "1 or more" read from the opponent's side of the gauge (CR 4-1-3)
                self.emit("memory_below_condition", "CR 4-1-3", opp, card=card.name, memory=self.mem(opp), limit=1)
                self.emit("blitz_unavailable", "CR 16-16-5", me, why="the opponent has no memory")
                return None
            yield from self._keyword_attack(me, stack, "blitz")
            return None
        if name == "digivolve":
            # "this Digimon may digivolve into a card in your hand": a standard digivolution only.
            if stack is None or stack not in self.players[me].battle:
                return None
            spec = arg if isinstance(arg, dict) else {}
            ignore = bool(spec.get("ignore_requirements"))
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
                if ignore:  # CR 8-1-2-2: no requirement is looked at, and a card with none will do
                    return self.digivolve_prohibition(stack)
                return self._requirement_choice_problem(card, stack, a.option)

            candidates = [Action("decline")] + [Action("digivolve", c.uid, stack.sid, i) for c in self.players[me].hand
                                                for i in (range(1) if ignore else range(len(c.defn.requirements)))]
            pick = yield self.decide(me, "effect_digivolve", candidates, "digivolve by this effect?", check)
            if pick.kind == "digivolve":
                yield from self._digivolve(me, pick, cost=spec.get("cost"), by_effect=True, ignore_requirements=ignore)
            return None
        if name == "move_from_breeding":
            # "move the Digimon in your breeding area to the battle area": only one with DP can move (CR 4-17-2).
            breeding = self.players[me].breeding
            if breeding is None or breeding.top.defn.dp is None:
                self.emit("no_target", "CR 1-3-2" if breeding is None else "CR 4-17-2", me, card=card.name, step=name)
                return None
            yield from self._move_to_battle(me)
            return None
        if name == "to_breeding":
            # "place this Digimon in the empty space in your breeding area": the area holds 1 card (CR 3-4-7-2),
            # so with a card there already nothing moves.  It stays on the field, its cards with it.
            if stack is None or stack not in self.players[stack.owner].battle or stack.top.defn.category != "digimon":
                self.emit("no_target", "CR 1-3-2", me, card=card.name, step=name)  # the step places "this Digimon"
                return None
            ps = self.players[stack.owner]
            if ps.breeding is not None:
                self.emit("breeding_area_full", "CR 3-4-7-2", stack.owner, card=repr(stack), there=repr(ps.breeding))
                return None
            ps.battle.remove(stack)
            stack.area = "breeding"
            ps.breeding = stack
            self.emit("moved_to_breeding", "CR 3-4-7-2", stack.owner, card=repr(stack), cards=len(stack.cards))
            return None
        if name == "dna_digivolve":
            # "this Digimon may DNA digivolve with 1 of your other Digimon into a card in your hand",
            # paying that card's DNA digivolution cost (CR 8-2).
            if stack is None or stack not in self.players[me].battle:
                return None

            def check(a: Action) -> IllegalAction | None:
                if a.kind != "dna":
                    return None
                card = next((c for c in self.players[me].hand if c.uid == a.card), None)
                if card is None:
                    return IllegalAction("the effect DNA digivolves into a card in your hand", "CR 8-2-3-1")
                if stack.sid not in a.targets:
                    return IllegalAction(f"the effect DNA digivolves {stack!r} with another of your Digimon", "CR 15-11-1-3-1")
                problem = self._dna_problem(me, card, a)
                if problem is None and 0 <= a.option < len(card.defn.dna):
                    problem = self.payment_problem(me, card.defn.dna[a.option][0], f"DNA digivolving into {card.name}")
                return problem

            candidates = [Action("decline")] + [a for a in self._special_candidates(me) if a.kind == "dna" and stack.sid in a.targets]
            pick = yield self.decide(me, "effect_dna", candidates, "DNA digivolve by this effect?", check)
            if pick.kind == "dna":
                yield from self._dna(me, self._take_from_hand(me, pick.card), pick)
            return None
        if name == "play_token":
            spec = dict(arg)

            defn = card_from_spec(spec.get("name", "Token"), {"category": "digimon", "token": True, **spec})
            token = self.new_card(defn, me)
            stack_ = self.new_stack(me, [token])
            self.players[me].battle.append(stack_)
            self.emit("token_played", "CR 4-21-1", me, card=repr(stack_))
            self.emit("placed_unsuspended", "CR 3-4-3", me, card=repr(stack_))  # like any card put onto the field
            if defn.play_cost is None:  # unlike other cards (CR 7-1-1), a token needs no play cost to be played
                self.emit("token_without_play_cost", "CR 1-4-4-5", me, card=repr(stack_))
            yield from self._after_place(stack_, "effect")
            self._fire("played", [stack_], by_effect=True)
            return None
        # Steps with a target.
        spec = arg if isinstance(arg, dict) else {"amount": arg}
        who = spec.get("target", "self")
        if name in ("dp", "security_attack", "gain") and who.startswith("all"):
            self._add_lasting(me, name, spec, card, stack)  # overall processing for a while (CR 15-11-2)
            return None
        spec, read = self._limits_read(me, spec, card, stack)
        if name == "delete" and "max_dp" in spec:
            spec = self._dp_limit_changed(me, spec, card, written="max_dp" not in read)
        targets = self._choose_targets(me, who, spec, stack)
        if targets is None:
            chosen = [stack] if stack is not None and stack in self.stacks() else []
        elif who.startswith("all_"):
            chosen = yield from self._all_affected(me, who, targets)
            # "All": nothing is chosen, every card named is processed (CR 15-10-2-4-1); with conditions
            # on the cards, every one that meets them (CR 15-11-2-3-1).
            filtered = any(k in FILTER_KEYS or k in RANKINGS for k in spec)
            self.emit("affects_all", "CR 15-11-2-3-1" if filtered else "CR 15-10-2-4-1", me, source=card.name,
                      step=name, cards=", ".join(repr(s) for s in chosen) or "-")
            self._breeding_left_out(me, who, spec, card, stack)
        else:
            if not targets:
                self.emit("no_target", "CR 1-3-2", me, card=card.name, step=name)
                return None
            # "N of ... Digimon" are chosen at the same time: N different ones, as many as there are (CR 15-10-2-3).
            chosen = []
            if "total_max_dp" in spec:
                chosen = yield from self._choose_up_to_total_dp(me, who, spec, stack, card, name)
            while "total_max_dp" not in spec and len(chosen) < min(int(spec.get("count", 1)), len(targets)):
                def problem(s, chosen=tuple(chosen)):
                    if s in chosen:
                        return IllegalAction(f"{s!r} is already chosen", "CR 15-10-2-3")
                    return self.effect_target_problem(me, who, spec, stack, s)
                pick = yield self._pick(me, "target", f"{card.name}: choose the Digimon for {name}", problem, optional=False)
                chosen.append(self.find_stack(pick.target))
        picked = targets is not None and not who.startswith("all_")
        chosen = self._unaffected_left_out(me, chosen, card, stack, name, picked)  # CR 15-15-5-1
        self._rule_counted(me, spec, chosen)
        if "has_keyword" in spec:
            self._same_keyword(me, spec["has_keyword"], chosen)
        # A chosen target keeps what the effect gave it even once it no longer meets these (CR 15-11-1-3-2).
        chosen_if = {k: v for k, v in spec.items() if k in FILTER_KEYS - {"lowest_dp", "highest_dp", "other"}}
        chosen_if = chosen_if if chosen_if and who in ("own", "opponent", "any") else None
        until = spec.get("until", "end_of_turn")
        etype = self.effect_type(card, stack)
        if name == "dp":
            for s in chosen:
                if self.dp(s) is None:  # nothing to add DP to (an effect may have given it some, CR 15-12-1-5)
                    self.emit("no_dp_to_change", "CR 2-5-3", me, card=repr(s), amount=int(spec["amount"]))
                    continue
                s.modifiers.append(Modifier("dp", int(spec["amount"]), until, card.name, self.turn, me, etype, chosen_if, picked))
                self.emit("dp_change", "CR 15-11-1-1", me, card=repr(s), amount=int(spec["amount"]), until=until, dp=self.dp(s))
                if "and_security_attack" in spec:  # "... get -N DP and <Security A. -M>": the same chosen Digimon
                    if self._at_zero:  # at 0 DP, it still gets <Security A.> first (CR 17-1-2-2)
                        self._rule_check_waits(self._at_zero[-1])
                    s.modifiers.append(Modifier("security_attack", int(spec["and_security_attack"]), until, card.name, self.turn, me,
                                                etype, chosen_if, picked))
                    self.emit("security_attack_change", "CR 16-4-2", me, card=repr(s), amount=int(spec["and_security_attack"]))
                changes = [m.value for m in self.modifiers(s, "dp")] + [a.value for a in self.continuous(s, "dp")]
                if len(changes) > 1:  # the changes are added up first and only the net one applies
                    self.emit("dp_netted", "CR 1-3-8", me, card=repr(s), changes=len(changes), net=sum(changes), dp=self.dp(s))
        elif name == "security_attack":
            for s in chosen:
                s.modifiers.append(Modifier("security_attack", int(spec["amount"]), until, card.name, self.turn, me, etype, chosen_if, picked))
                self.emit("security_attack_change", "CR 16-4-2", me, card=repr(s), amount=int(spec["amount"]))
        elif name == "gain":
            for s in chosen:
                s.modifiers.append(Modifier("keyword", (spec["keyword"], spec.get("value", True)), until, card.name, self.turn, me, etype, chosen_if, picked))
                self.emit("gains_keyword", "CR 15-13-1", me, card=repr(s), keyword=spec["keyword"])
                if spec["keyword"] in self.PERSISTENT_KEYWORDS:  # it applies from now on, never activated
                    printed, ref = self.PERSISTENT_KEYWORDS[spec["keyword"]]
                    self.emit("keyword_in_force", ref, me, card=repr(s), keyword=printed)
        elif name in ("add_info", "change_info"):
            self._information(me, name, spec, chosen, card, until, etype, chosen_if)  # CR 15-12
        elif name == "delete":
            yield from self._delete(chosen, cause="effect", ref="CR 4-15-1", by=me, etype=etype)
        elif name == "suspend":
            for s in chosen:
                if not s.suspended and self.keyword(s, "cannot_suspend"):
                    self.emit("not_suspended", "CR 15-1-3", me, card=repr(s), why="an effect says it can't suspend")
                    continue
                if s.suspended:  # already in that state: suspending it isn't performed (CR 1-3-3)
                    self.emit("already_suspended", "CR 1-3-3", me, card=repr(s))
                    continue
                s.suspended = True
                self.emit("suspend", "CR 4-13-1-2", me, card=repr(s))
        elif name == "unsuspend":
            for s in chosen:
                s.suspended = False
                self.emit("unsuspend", "CR 4-13-1-1", me, card=repr(s))
        elif name == "return_to_hand":
            for s in chosen:
                if self.keyword(s, "partition"):
                    yield from self._partition(s, "effect", me)  # CR 16-29-2: about to leave the battle area
                if (yield from self._would_leave(s, me)) or s not in self.players[s.owner].battle:
                    continue  # kept by <Guard> or <Detach> (CR 16-45, 16-46), or a <Guard> Digimon deleted
                self._leave_field(s, "hand", "CR 3-1-3-8")  # the owner's hand: the text names none
        elif name == "place_digimon_under":
            for s in chosen:
                yield from self._place_digimon_under(me, s, spec, card)
        elif name == "to_deck_bottom":
            if len(chosen) > 1:  # "all of ...": they leave at the same time, in one order (CR 3-1-3-4)
                yield from self._stacks_to_deck_bottom(me, chosen, spec)
            for s in chosen if len(chosen) == 1 else ():
                yield from self._stack_to_deck_bottom(me, s, spec)
        elif name == "trash_sources":
            for s in chosen:
                self._trash_sources(me, s, spec, card, stack)
        elif name == "de_digivolve":
            for s in chosen:
                for instance in range(int(spec.get("instances", 1))):
                    if instance and not (yield from self._de_digivolve_instance(me, s, spec, card, etype, instance)):
                        break
                    yield from self._de_digivolve_declared(me, s, spec)
        return None

    def _choose_up_to_total_dp(self, me: int, who: str, spec: dict, source: Stack | None, card: Card, name: str):
        """ "Choose any number of ... Digimon whose total DP adds up to N or less": one at a time, each
        keeping the total within N (CR 15-11-1-3-1); choosing means choosing at least 1 (CR 1-3-6), after
        which the player may stop (``decline``)."""
        limit = int(spec["total_max_dp"])
        chosen: list[Stack] = []

        def problem(s: Stack | None, chosen: tuple) -> IllegalAction | None:
            if s in chosen:
                return IllegalAction(f"{s!r} is already chosen", "CR 15-10-2-3")
            why = self.effect_target_problem(me, who, spec, source, s)
            if why is not None:
                return why
            dp = self.dp(s)
            if dp is None:
                return IllegalAction(f"{s!r} has no DP to add to the total", "CR 2-5-3")
            total = sum(self.dp(c) or 0 for c in chosen) + dp
            if total > limit:
                return IllegalAction(f"with {s!r} the total DP would be {total}, more than {limit}", "CR 15-11-1-3-1")
            return None

        while any(problem(s, tuple(chosen)) is None for s in self.stacks()):
            pick = yield self._pick(me, "target", f"{card.name}: choose a Digimon for {name} (total DP {limit} or less)",
                                    lambda s, c=tuple(chosen): problem(s, c), optional=bool(chosen))
            if pick.kind == "decline":
                break
            chosen.append(self.find_stack(pick.target))
        if not chosen:
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step=name)
        else:
            self.emit("chosen_within_total", "CR 15-11-1-3-1", me, card=card.name, cards=[repr(s) for s in chosen],
                      total=sum(self.dp(s) or 0 for s in chosen), limit=limit)
        return chosen

    def _place_digimon_under(self, me: int, placed: Stack, spec: dict, card: Card):
        """ "Place 1 of your opponent's Digimon under another of their Digimon as its bottom digivolution
        card, or under 1 of their Tamers": the effect's player chooses the card it goes under (one the
        step's ``onto`` names, never the Digimon itself). Under that card it is part of that card's
        information and has left the field (CR 4-7-7); the cards under it go to the trash (CR 4-7-8)."""
        onto = spec["onto"] if isinstance(spec["onto"], list) else [spec["onto"]]

        def problem(s: Stack | None) -> IllegalAction | None:
            if s is placed:
                return IllegalAction(f"{s!r} is the Digimon being placed; it goes under another card", "CR 15-11-1-3-1")
            problems = [self.effect_target_problem(me, who, {}, None, s) for who in onto]
            return None if None in problems else problems[0]

        if not any(problem(s) is None for s in self.stacks()):
            self.emit("no_target", "CR 1-3-2", me, card=card.name, step="place_digimon_under")
            return
        pick = yield self._pick(me, "target", f"{card.name}: choose the card {placed!r} goes under", problem, optional=False)
        under = self.find_stack(pick.target)
        if (yield from self._would_leave(placed, me)) or placed not in self.players[placed.owner].battle:
            return  # kept by <Guard> or <Detach> (CR 16-45, 16-46), or a <Guard> Digimon deleted
        top = placed.top
        self._leave_field(placed, "under", "CR 4-7-7", order=[top], under=repr(under))
        if top.defn.token:
            return  # a token leaves the game (CR 4-21-5)
        self._put_under(under, [top])

    def _de_digivolve_declared(self, me: int, s: Stack, spec: dict):
        """One instance of <De-Digivolve> on the chosen Digimon: the number declared, then the trashing."""
        room = self._de_digivolve_room(s, int(spec.get("amount", 1)))
        declared = room
        if room > 1:
            # CR 16-12-1: the player declares a number from 1 up to the value.
            pick = yield self.decide(me, "de_digivolve", [Action("choose", option=n) for n in range(1, room + 1)],
                                     f"<De-Digivolve>: how many cards to trash from {s!r} (1-{room})?",
                                     lambda a, room=room, amount=int(spec.get("amount", 1)): self._declared_number_problem(a, room, amount))
            declared = pick.option
        self._de_digivolve(me, s, max(1, declared))
