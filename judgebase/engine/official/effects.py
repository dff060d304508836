"""Effects and their timing (CR 15): triggers, pending effects, the order of activation,
targets, and the steps an effect carries out.
"""

from __future__ import annotations

from ..cards import Effect, card_from_spec
from ..state import (
    Action,
    Card,
    IllegalAction,
    Modifier,
    Pending,
    Stack,
)
from .common import EITHER


class Effects:
    """Triggering, ordering and carrying out effects."""

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

    def _condition_met(self, effect: Effect, player: int) -> bool:
        cond = effect.condition or {}
        if "memory_at_most" in cond and self.mem(player) > cond["memory_at_most"]:
            return False
        if "memory_at_least" in cond and self.mem(player) < cond["memory_at_least"]:
            return False
        return True

    def _all_affected(self, controller: int, who: str, stacks: list[Stack]):
        """Hook: which of the stacks an "all ..." effect reaches (all of them, officially)."""
        return stacks
        yield  # pragma: no cover

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
                                       EITHER)
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
