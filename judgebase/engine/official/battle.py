"""Attacks, counter timing, blocks, security checks and battles (CR 11 to 14).
"""

from __future__ import annotations

from ..state import (
    Action,
    Attack,
    Card,
    IllegalAction,
    Pending,
    Stack,
)


class Battles:
    """An attack from its declaration to its end."""

    def security_checks(self, stack: Stack) -> int:
        """How many cards this Digimon checks (CR 16-4-3, never below 0: CR 16-4-4)."""
        n = 1 + (self.keyword(stack, "security_attack") or 0)
        n += sum(mod.value for mod in self.modifiers(stack, "security_attack"))
        n += sum(a.value for a in self.continuous(stack, "security_attack"))
        if self.attack and self.attack.attacker is stack:
            n += self.attack.extra_checks
        return max(0, n)

    def _security_a_instances(self, stack: Stack) -> list[int]:
        """The value of each <Security A.> this Digimon has, one per instance: printed, inherited,
        gained or from effects (CR 16-4-3: they are never merged into one)."""
        values = [int(v) for v in self._keyword_values(stack, "security_attack")]  # printed, inherited, gained
        values += [int(m.value) for m in self.modifiers(stack, "security_attack")]
        values += [int(a.value) for a in self.continuous(stack, "security_attack")]
        return values

    def _check_block(self, a: Action):
        """A block declared now: only in the block timing (CR 11-4-1), then ``block_problem``."""
        problem = self.block_problem(self.find_stack(a.card) if a.card is not None else None)
        if problem is None and (self.decision is None or self.decision.kind != "block"):
            return IllegalAction("a block is declared in the block timing of an attack", "CR 11-4-1")
        return problem

    def block_problem(self, blocker: Stack | None) -> IllegalAction | None:
        """Why ``blocker`` may not block the current attack, or None: the one predicate behind
        the blocks the block timing offers and the blocks ``apply`` refuses (CR 12-1)."""
        att = self.attack
        if att is None:
            return IllegalAction("a block is declared in the block timing of an attack", "CR 11-4-1")
        if att.blocked:
            if blocker is att.target and len(self._keyword_values(blocker, "blocker")) > 1:
                return IllegalAction(f"{blocker!r} has several <Blocker> but blocks only once in a block timing", "CR 16-5-3")
            if att.timing == "block":  # the block is still being carried out, its [When Blocking] effects too
                return IllegalAction("no new block can be declared while a block is being carried out", "CR 12-1-3")
            return IllegalAction("a block can only be performed once per attack", "CR 12-1-2")
        defender = 1 - att.attacker.owner
        if blocker is not None and blocker.owner == defender and blocker.area == "breeding":
            return IllegalAction(f"{blocker!r} is in the breeding area; only Digimon in the battle area block", "CR 4-3-7")
        if blocker is None or blocker.owner != defender or blocker.area != "battle":
            return IllegalAction("only the attacked player's Digimon in the battle area can block", "CR 12-1-1")
        if blocker is att.target:
            return IllegalAction(lambda: f"{blocker!r} is the attack target and can't block", "CR 12-1-5")
        if blocker.top.defn.category != "digimon" or not self.keyword(blocker, "blocker"):
            if (blocker.top.defn.category == "digimon" and self._collision_in_state(defender)
                    and self.unaffected_ref(blocker, 1 - defender, "digimon") is not None):
                # CR 16-30-4: the <Blocker> <Collision> gives affects the Digimon, and this one isn't affected
                return IllegalAction(f"{blocker!r} isn't affected by the opponent's effects, so <Collision> gives it no <Blocker>",
                                     "CR 16-30-4")
            return IllegalAction(lambda: f"{blocker!r} has no <Blocker>", "CR 12-1-1")
        if blocker.suspended:
            return IllegalAction(lambda: f"{blocker!r} is suspended and can't suspend to block", "CR 12-1-4")
        if self.keyword(blocker, "cannot_suspend"):
            return IllegalAction(f"an effect says {blocker!r} can't suspend, so it can't block", "CR 12-1-4")
        if self.keyword(blocker, "cannot_block"):
            return IllegalAction(f"an effect says {blocker!r} can't block, and that beats <Blocker>", "CR 15-1-3")
        if att.attacker not in self.players[att.attacker.owner].battle:
            return IllegalAction("the attacking Digimon is no longer in the battle area", "CR 12-1-6")
        return self.variant.block_problem(blocker)

    def _collision_in_state(self, defender: int) -> bool:
        """``_collision_active``, kept once per state: ``block_problem`` asks it of every Digimon
        without <Blocker> in a block decision, with the same answer for all of them."""
        memo = self._fresh_memo()
        key = ("collision_active", defender)
        active = memo.get(key)
        if active is None:
            active = memo[key] = self._collision_active(defender)
        return active

    def attack_problem(self, tp: int, attacker: Stack | None, target_sid: int | None, via: str = "normal") -> IllegalAction | None:
        """Why ``attacker`` may not attack ``target_sid`` (-1: the opponent player) now, or None.

        The one predicate behind every attack declaration: the main-phase attack (what
        ``legal_actions`` offers and what ``apply`` refuses) and the attacks keyword effects
        declare (<Blitz> CR 16-16, <Vortex> CR 16-33, <Execute> CR 16-38) alike, so a
        prohibition ("can't attack", "can't be attacked") beats every permission (CR 15-1-3).
        A format that limits attacks further does it in ``_attack_limit_problem``.
        """
        return (self._declaration_problem(tp, attacker, via) or self._target_problem(tp, attacker, target_sid, via)
                or self._attack_limit_problem(tp, attacker, target_sid, via))

    def _attack_limit_problem(self, tp: int, attacker: Stack, target_sid: int, via: str) -> IllegalAction | None:
        """Limits a format puts on attacks the official rules allow (Tamer Tactics' attack
        counts, TT §4.1).  The official rules have none."""
        return self.variant.attack_limit_problem(tp, attacker, target_sid, via)

    def _declaration_problem(self, tp: int, stack: Stack | None, via: str) -> IllegalAction | None:
        """Whether ``stack`` may declare an attack now, whatever the target (CR 11-2)."""
        if via == "normal" and self.phase != "main":
            return IllegalAction("attacks are declared in the main phase", "CR 6-5-1-5")
        if self.attack is not None:
            return IllegalAction("a new attack can't be declared during an attack", "CR 11-2-4")
        if stack is not None and stack.owner != tp and stack.area == "battle":
            return IllegalAction("only the turn player attacks", "CR 11-1-2")
        if stack is not None and stack.owner == tp and stack.area == "breeding":
            return IllegalAction(f"{stack!r} is in the breeding area; only Digimon in the battle area attack", "CR 4-3-6")
        if stack is None or stack.owner != tp or stack.area != "battle":
            return IllegalAction("only the turn player's Digimon in the battle area can attack", "CR 11-2-1")
        if stack.top.defn.category != "digimon" and not self.treated_as_digimon(stack):  # CR 15-12-1-4
            return IllegalAction(f"{stack.name} is not a Digimon; only Digimon attack", "CR 11-2-1")
        if via == "overclock":
            pass  # CR 16-34-1: <Overclock> attacks without suspending, so CR 11-2-5 asks nothing of it
        elif stack.suspended:
            return IllegalAction(lambda: f"{stack!r} is suspended and can't suspend to attack", "CR 11-2-5")
        elif self.keyword(stack, "cannot_suspend"):
            return IllegalAction(f"an effect says {stack!r} can't suspend, so it can't attack", "CR 11-2-5")
        if self.keyword(stack, "cannot_attack"):
            return IllegalAction(f"an effect says {stack!r} can't attack, and that beats any permission", "CR 15-1-3")
        # CR 16-15-1 <Rush> and CR 16-33-1 <Vortex> allow an attack the turn the Digimon was placed.
        if stack.placed_turn == self.turn and not self.keyword(stack, "rush") and via != "vortex":
            return IllegalAction(lambda: f"{stack!r} was placed on the field this turn", "CR 7-1-2-1")
        return None

    def _attack_candidates(self, tp: int) -> list[int]:
        """Every attack target to ask ``attack_problem`` about: the opponent (-1) and their cards."""
        return [-1] + [s.sid for s in self.stacks(1 - tp)]

    def _may_attack_unsuspended(self, attacker: Stack, via: str) -> bool:
        # CR 16-38-1; otherwise CR 11-2-7-1: suspended Digimon only, unless a format says otherwise
        return (via == "execute" or self.keyword(attacker, "may_attack_unsuspended")  # card text, CR 1-3-1
                or self.variant.may_attack_unsuspended(attacker, via))

    def _target_problem(self, tp: int, attacker: Stack, target_sid: int | None, via: str) -> IllegalAction | None:
        """Why ``attacker`` may not attack ``target_sid`` (CR 11-2-7-1): asked in two parts, what the
        target decides alone (``_attack_target``) then what depends on the attacker too
        (``_attacker_target_problem``), so offering asks the first once per target, not per attacker."""
        problem, target = self._attack_target(tp, target_sid, via)
        if problem is None and target is not None:
            problem = self._attacker_target_problem(tp, attacker, target, via, self._may_attack_unsuspended(attacker, via))
        return problem

    def _attack_target(self, tp: int, target_sid: int | None, via: str) -> tuple[IllegalAction | None, Stack | None]:
        """The part of ``_target_problem`` no attacker changes: (why the target can't be attacked, the
        target's stack); the stack is None when the opponent player is attacked."""
        if via == "overclock" and target_sid != -1:
            return IllegalAction("<Overclock> attacks a player, not a Digimon", "CR 16-34-1"), None
        if target_sid is None:
            return IllegalAction("the attack target is chosen together with the attack declaration", "CR 11-2-2"), None
        if target_sid == -1:
            if via == "vortex":
                return IllegalAction("<Vortex> attacks an opponent's Digimon, not the opponent", "CR 16-33-1"), None
            return None, None
        target = self.find_stack(target_sid)
        if target is None or target.owner == tp or target.area != "battle":
            return IllegalAction("the target must be the opponent or 1 of the opponent's Digimon", "CR 11-2-7-1"), None
        return None, target

    def _attacker_target_problem(self, tp: int, attacker: Stack, target: Stack, via: str,
                                 may_attack_unsuspended: bool) -> IllegalAction | None:
        """The rest of ``_target_problem``: ``target`` is an opponent's card in the battle area, and
        ``may_attack_unsuspended`` is ``_may_attack_unsuspended(attacker, via)`` (asked once per attacker)."""
        problem = self.variant.attack_target_problem(tp, attacker, target, via)
        if problem is not None:
            return problem
        category = target.cards[-1].defn.category
        if category != "digimon" and via == "vortex":
            return IllegalAction("<Vortex> attacks an opponent's Digimon", "CR 16-33-1")
        if category == "tamer" and self.keyword(attacker, "may_attack_tamers"):
            pass  # CR 1-3-1: the card's text allows attacking Tamers
        elif category != "digimon":
            return IllegalAction("only Digimon can be attacked", "CR 11-2-7-1")
        if not may_attack_unsuspended:
            problem = self._suspended_only_problem(target)
            if problem is not None:
                return problem
        if self.keyword(target, "cannot_be_attacked"):
            return IllegalAction(lambda: f"an effect says {target!r} can't be attacked, and that beats any permission", "CR 15-1-3")
        return None

    @staticmethod
    def _suspended_only_problem(target: Stack) -> IllegalAction | None:
        """CR 11-2-7-1: only suspended Digimon can be attacked (by an attacker ``_may_attack_unsuspended``
        doesn't let attack unsuspended ones).  The part of ``_attacker_target_problem`` no such attacker
        changes: offering asks it once per target, for all of them."""
        if not target.suspended:
            return IllegalAction(lambda: f"{target!r} is unsuspended; only suspended Digimon can be attacked", "CR 11-2-7-1")
        return None

    def _declare_attack(self, tp, attacker: Stack, target_sid: int, via: str):
        self.variant.attack_declared(tp, attacker, target_sid, via)
        if via != "overclock":  # CR 16-34-1: <Overclock> attacks without suspending
            attacker.suspended = True
        target = None if target_sid == -1 else self.find_stack(target_sid)
        self.attack = Attack(attacker, target, target, via=via)
        self.emit("attack", {"normal": "CR 11-2-8-1", "blitz": "CR 16-16-1", "vortex": "CR 16-33-1", "execute": "CR 16-38-1",
                             "overclock": "CR 16-34-1",
                                 "engage": "CR 16-44-1"}[via], tp,
                  attacker=repr(attacker), target="player" if target is None else repr(target),
                  **({"without_suspending": True} if via == "overclock" else {}))
        if via == "normal" and attacker.placed_turn == self.turn:
            self.emit("rush", "CR 16-15-1", tp, card=repr(attacker))  # allowed by _declaration_problem
            # CR 1-3-1: the rules forbid attacking the turn a Digimon is played; <Rush>, card text, wins.
            self.emit("card_text_over_rules", "CR 1-3-1", tp, card=repr(attacker), allows="attack the turn it was played")
        if target is not None and target.top.defn.category == "tamer" and self.keyword(attacker, "may_attack_tamers"):
            # CR 1-3-1: only Digimon can be attacked (CR 11-2-7-1), but the card's text lets it attack a Tamer.
            self.emit("card_text_over_rules", "CR 1-3-1", tp, card=repr(attacker), allows="attack a Tamer")
        if (target is not None and not target.suspended and via == "normal"
                and self.keyword(attacker, "may_attack_unsuspended")):  # only suspended Digimon, by the rules (CR 11-2-7-1)
            self.emit("card_text_over_rules", "CR 1-3-1", tp, card=repr(attacker), allows="attack an unsuspended Digimon")
        self._trigger_on(attacker, "when_attacking")
        self._fire("attacks", [attacker], by_effect=via != "normal")
        for kw in ("raid", "alliance"):
            if self.keyword(attacker, kw):  # trigger-type, set off by the attack (CR 16-23-2, 16-24-2)
                self.emit("triggered", {"raid": "CR 16-23-2", "alliance": "CR 16-24-2"}[kw], tp, card=repr(attacker),
                          watched="attacks", effect=f"<{kw.title()}> of {attacker!r}")
                self.pending.append(Pending(tp, f"<{kw.title()}> of {attacker!r}", kw, stack=attacker))
        yield from self._attack_from("counter")

    def _attack_from(self, step: str):
        """An attack after its declaration: the effects it triggered (CR 15-4-3-5), then from ``step``
        on the counter timing (CR 11-3), the block timing (CR 11-4), the resolution (CR 11-5) and
        the end of the attack (CR 11-6).  A set-up attack under way goes on from here too."""
        yield from self._resolve()
        # An effect that ends the attack sends it straight to the end of attack timing (CR 15-15-1-1).
        if step == "counter" and not self._attack_ended():
            yield from self._counter_timing()
        if step in ("counter", "block") and not self._attack_ended():
            yield from self._block_timing()
        if not self._attack_ended():
            yield from self._confirm_attack()
        yield from self._end_attack()

    def _attack_ended(self) -> bool:
        return self.attack is not None and self.attack.ended

    def _redirect_problem(self, stack: Stack) -> IllegalAction | None:
        """A card an effect may not make the attack target: none officially (Tamer Tactics' protected card)."""
        return self.variant.redirect_problem(stack)

    def _attack_timing(self, kind: str, ref: str) -> None:
        """One of the attack's timings begins (CR 11-1-3).  Once declared, every later timing takes
        place, even when the attacking Digimon has left the battle area (CR 11-1-5)."""
        a = self.attack
        a.timing = kind.removesuffix("_timing")
        player = 1 - self.turn_player
        if a.attacker in self.players[a.attacker.owner].battle:
            self.emit(kind, ref, player, attacker=repr(a.attacker))
        else:
            self.emit(kind, "CR 11-1-5", player, attacker=repr(a.attacker), attacker_left=True)

    def attack_timing_problem(self, a: Action) -> IllegalAction | None:
        """Why a [Counter] or block answer is refused while the attack declaration is still being
        resolved: a timing is resolved completely before the next begins (CR 11-1-4)."""
        att = self.attack
        if att is None or att.timing != "declaration":
            return None
        if a.kind in ("counter", "no_counter", "blast", "block", "no_block"):
            return IllegalAction("the effects triggered by the attack declaration are resolved before the counter timing",
                                 "CR 11-1-4")
        return None

    def _counter_timing(self):
        opp = 1 - self.turn_player
        self._attack_timing("counter_timing", "CR 11-3-1")
        candidates = [Action("no_counter")] + [Action("counter", c.uid) for c in self.players[opp].hand] + self._blast_candidates(opp)
        candidates += self._blast_dna_candidates(opp)
        decision = self.decide(opp, "counter", candidates, "counter timing: use 1 [Counter] effect?", self._counter_choice_problem)
        if len(decision.actions) == 1:
            return
        choice = yield decision
        for kind, ref in (("blast", "CR 16-26-3"), ("blast_dna", "CR 16-31-3")):  # optional processing
            offered = {x.card for x in decision.actions if x.kind == kind}
            if choice.kind == "no_counter" and offered:
                names = sorted({c.name for c in self.players[opp].hand if c.uid in offered})
                self.emit("declined", ref, opp, card=", ".join(names))
        if choice.kind in ("blast", "blast_dna"):
            self.attack.countered = True
            dna = choice.kind == "blast_dna"
            self.emit("counter", "CR 11-3-2", opp, card="<Blast DNA Digivolve>" if dna else "<Blast Digivolve>")
            self._keyword_processing(opp, "blast_dna_digivolve" if dna else "blast_digivolve", self.find_card(choice.card))
            yield from (self._blast_dna(opp, choice) if dna else self._blast(opp, choice))
            yield from self._rule_check()
            yield from self._resolve()
        if choice.kind == "counter":
            self.attack.countered = True
            card = self._take_from_hand(opp, choice.card)
            self.players[opp].processing.append(card)
            self.emit("counter", "CR 11-3-2", opp, card=card.name)
            self.pay(opp, card.defn.use_cost, "CR 9-1-9-2", f"use {card.name}")
            effect = next(e for e in card.defn.effects if e.timing == "counter")
            yield from self._run_effect(opp, effect, card, None)
            self.players[opp].processing.remove(card)
            self.players[opp].trash.append(card)
            self.emit("trash", "CR 9-1-5", opp, card=card.name)
            yield from self._rule_check()
            yield from self._resolve()

    def counter_problem(self, player: int, uid: int | None) -> IllegalAction | None:
        """Why ``player`` can't use this card's [Counter] effect at this counter timing (CR 11-3)."""
        card = next((c for c in self.players[player].hand if c.uid == uid), None)
        if card is None:
            return IllegalAction("a [Counter] effect is used from a card in your hand", "CR 11-3-1")
        d = card.defn
        if d.category != "option" or d.use_cost is None or not any(e.timing == "counter" for e in d.effects):
            return IllegalAction(f"{card.name} has no [Counter] effect", "CR 15-16-14-1")
        return self._colour_problem(player, d)

    def _counter_choice_problem(self, a: Action) -> IllegalAction | None:
        """The predicate of the counter timing's decision: [Counter] cards, <Blast Digivolve> and <Blast DNA Digivolve>."""
        if a.kind == "counter":
            return self.counter_problem(1 - self.turn_player, a.card)
        if a.kind == "blast":
            return self.blast_problem(1 - self.turn_player, a)
        if a.kind == "blast_dna":
            return self.blast_dna_problem(1 - self.turn_player, a)
        return None

    def blockers(self, defender: int) -> list[Stack]:
        """The defender's Digimon that may block the current attack (``block_problem``)."""
        return [s for s in self.stacks(defender) if self.block_problem(s) is None]

    def _block_choice_problem(self, a: Action) -> IllegalAction | None:
        """The predicate of the block timing's decision: blocks by ``block_problem``; not blocking
        is refused while <Collision> forces a block (CR 16-30-1)."""
        if a.kind == "block":
            return self.block_problem(self.find_stack(a.card) if a.card is not None else None)
        if a.kind == "no_block" and self._collision_active(1 - self.turn_player) and self.blockers(1 - self.turn_player):
            return IllegalAction("<Collision>: the opponent must block whenever possible", "CR 16-30-1")
        return None

    def _block_timing(self):
        a = self.attack
        defender = 1 - self.turn_player
        self._attack_timing("block_timing", "CR 11-4-1")
        candidates = [Action("no_block")] + [Action("block", s.sid) for s in self.stacks(defender)]
        decision = self.decide(defender, "block", candidates, "block timing: block with a <Blocker>?", self._block_choice_problem)
        if not any(x.kind == "block" for x in decision.actions):
            return
        forced = not any(x.kind == "no_block" for x in decision.actions)
        choice = yield decision
        if choice.kind == "block":
            blocker = self.find_stack(choice.card)
            # CR 16-5-1: what lets this Digimon block at all is the rule its <Blocker> brings in.
            self.emit("blocker_allows_block", "CR 16-5-1", defender, blocker=repr(blocker))
            if not self._collision_active(defender) and self._only_gained(blocker, "blocker"):
                # CR 15-15-2-2: it gained <Blocker> from an effect, and what a card gains affects that card.
                self.emit("gained_effect_applies", "CR 15-15-2-2", defender, card=repr(blocker), keyword="<Blocker>")
            blocker.suspended = True
            before, a.target = a.target, blocker
            a.blocked = True
            self.emit("block", "CR 12-1-7-1", defender, blocker=repr(blocker), forced=forced)
            # CR 11-2-7-2: a rule changes the target chosen at the declaration.
            self.emit("attack_target_changed", "CR 11-2-7-2", defender, before=repr(before) if before else "player",
                      after=repr(blocker))
            self.variant.blocked(blocker, a)
            self._trigger_on(blocker, "when_blocking")
            self._fire("blocked", [a.attacker])
            yield from self._resolve()

    def _confirm_attack(self):
        """CR 11-5-1: is the attack successful, on the player or on a Digimon, and how many
        security cards does the player have?"""
        a = self.attack
        tp = self.turn_player
        opp = 1 - tp
        a.timing = "confirm"
        self.emit("confirm_timing", "CR 11-5-1", tp, attacker=repr(a.attacker))
        if a.attacker not in self.players[tp].battle:
            self.emit("attack_fails", "CR 11-5-1-4", tp, why="the attacker left the battle area")
            return
        if a.target is None:
            security = len(self.players[opp].security)
            if not security:
                self.emit("attack_successful", "CR 11-5-1-2", tp, attacker=repr(a.attacker), target="player", security=0)
                if self.security_checks(a.attacker) >= 1:
                    self._win(tp, "CR 11-5-1-2-1", "successful attack with 0 security cards", condition="CR 1-2-3-1")
                else:
                    self.emit("attack_fails", "CR 11-5-1-2-1", tp, why="the attacker can't perform any security check")
                return
            self.emit("attack_successful", "CR 11-5-1-1", tp, attacker=repr(a.attacker), target="player", security=security)
            self.emit("checks_security", "CR 11-5-1-1-1", tp, attacker=repr(a.attacker))
            yield from self._security_check(a.attacker)
            return
        if a.target not in self.players[opp].battle:
            self.emit("attack_fails", "CR 11-2-6", tp, why="the attack target left the battle area")
            return
        if self.dp(a.target) is None:
            # CR 14-1: a battle compares the DP of two cards; a Tamer has none, so what follows is up to the card's text.
            self.emit("no_battle", "CR 14-1", tp, target=repr(a.target), why="the target has no DP")
            return
        self.emit("attack_successful", "CR 11-5-1-3", tp, attacker=repr(a.attacker), target=repr(a.target))
        self.emit("battle_begins", "CR 11-5-1-3-1", tp, attacker=repr(a.attacker), defender=repr(a.target))
        attacker, defender = a.attacker, a.target
        yield from self._battle(attacker, defender)
        yield from self._end_of_battle(tp, attacker, defender)

    def _security_check(self, attacker: Stack):
        """CR 13-1: the one security check of an attack, its cards checked one at a time (CR 13-1-3)
        by the procedure of CR 13-1-8."""
        tp = attacker.owner
        opp = 1 - tp
        n = self.security_checks(attacker)
        if n == 0:
            self.emit("no_security_check", "CR 16-4-4", tp, attacker=repr(attacker))
        elif n != 1:
            # CR 16-4-3: several <Security A.> each change the number, each an instance of its own (never
            # one with their sum); one changes it by its value (16-4-1).
            values = self._security_a_instances(attacker)
            if len(values) > 1:
                self.emit("security_attack_count", "CR 16-4-3", tp, attacker=repr(attacker), checks=n,
                          instances=", ".join(f"<Security A. {v:+d}>" for v in values))
            else:
                self.emit("security_attack_count", "CR 16-4-1", tp, attacker=repr(attacker), checks=n)
        elif not self._security_a_instances(attacker):
            self.emit("one_security_check", "CR 4-3-8", tp, attacker=repr(attacker))  # a Digimon checks 1 card
        self.emit("security_check", "CR 13-1-2", tp, attacker=repr(attacker), cards=n)
        if n:  # CR 13-1-4: the attacking player is offered no way to leave it out
            self.emit("security_check_mandatory", "CR 13-1-4", tp, attacker=repr(attacker), cards=n)
        if n > 1:
            self.emit("security_check_one_by_one", "CR 13-1-3", tp, attacker=repr(attacker), cards=n)
        for number in range(1, n + 1):
            if self.is_over:
                return
            if attacker not in self.players[tp].battle:
                self.emit("security_check_stops", "CR 13-1-5", tp, why="the checking Digimon left the battle area")
                return
            if not self.players[opp].security:
                return
            if number > 1:
                self.emit("security_check_next", "CR 13-1-8-5", tp, attacker=repr(attacker), number=number, of=n)
            yield from self._check_security_card(attacker)

    def _check_security_card(self, attacker: Stack):
        """CR 13-1-8: reveal the top card, resolve what the check triggered, battle a Security Digimon,
        trash the card."""
        tp = attacker.owner
        opp = 1 - tp
        card = self.players[opp].security.pop(0)
        # CR 13-1-8-1-1: revealed; a card already lying face up (CR 3-7-4) stays face up.
        was_face_up, card.face_up = card.face_up, True
        card.incarnation += 1
        self.players[opp].processing.append(card)
        self.emit("security_reveal", "CR 13-1-8-1-1", opp, card=card.name, **({"already_face_up": True} if was_face_up else {}))
        self.emit("security_card_in_no_area", "CR 13-1-6", opp, card=card.name)
        if card.defn.category == "digimon":
            self.emit("security_digimon", "CR 13-1-7", opp, card=card.name)
        self._security_changed(opp, "security_removed", by_effect=False)
        placed = None
        activated = False
        for effect in card.defn.effects:
            if effect.timing == "security":
                # CR 15-16-10-1: it triggers as the card is checked; CR 15-16-10-2: it activates at once, without pending.
                self.emit("triggered", "CR 15-16-10-1", opp, card=card.name, effect=f"[Security] of {card.name}")
                self.emit("security_effect", "CR 15-16-10-2", opp, card=card.name)
                if card.defn.category == "option" and self._colours_problem(opp, card.defn.colours) is not None:
                    # CR 4-22-5: the Option isn't used, its effect is only activated; no colour requirements.
                    self.emit("no_colour_requirements", "CR 4-22-5", opp, card=card.name)
                activated = True
                placed = (yield from self._run_effect(opp, effect, card, None)) or placed
                yield from self._rule_check()
        triggered = activated or bool(self.pending)
        yield from self._resolve()
        if triggered and not self.is_over:
            self.emit("security_effects_resolved", "CR 13-1-8-2-1", opp, card=card.name)
        if card.defn.category == "digimon" and placed is None:
            if attacker in self.players[tp].battle and not self.is_over:
                self.emit("battle_begins", "CR 13-1-8-3-1", tp, attacker=repr(attacker), defender=card.name)
                yield from self._battle(attacker, None, security_card=card)
                yield from self._end_of_battle(tp, attacker)
        elif not self.is_over:
            self.emit("no_security_battle", "CR 13-1-8-3-2", opp, card=card.name)
        if card in self.players[opp].processing:
            self.players[opp].processing.remove(card)
        if placed is None:
            self.players[opp].trash.append(card)
            self.emit("trash", "CR 13-1-8-4", opp, card=card.name)

    def _battle(self, attacker: Stack, defender: Stack | None, security_card: Card | None = None):
        """CR 14: compare DP (or digivolution cards under <Iceclad>); losers are deleted, Security Digimon never."""
        tp = attacker.owner
        self._alliance_bonuses_hold()
        a_dp = self.dp(attacker)
        if security_card is not None:
            d_dp = (security_card.defn.dp or 0)
            owner = 1 - tp
            bonus = sum(int(v) for s in self.stacks(owner) for v in self._keyword_values(s, "security_digimon_dp"))
            if bonus:
                # CR 15-1-8: an effect naming Security Digimon reaches this one, though it is in no area (CR 13-1-6).
                d_dp = max(0, d_dp + bonus)
                self.emit("security_digimon_dp", "CR 15-1-8", owner, card=security_card.name, amount=bonus, dp=d_dp)
            if a_dp > d_dp:
                result = "attacker"
            elif a_dp < d_dp:
                result = "defender"
            else:
                result = "both"
            loser = {"attacker": "security Digimon", "defender": "attacker", "both": "both"}[result]
            # DP decides even for a Digimon with <Iceclad>: Security Digimon battles are excluded (CR 16-35-1)
            self.emit("battle", "CR 16-35-1" if self.keyword(attacker, "iceclad") else "CR 14-2-1", tp, attacker=repr(attacker), attacker_dp=a_dp,
                      security_digimon=security_card.name, security_dp=d_dp, loser=loser)
            sides = {"attacker": (repr(attacker), security_card.name), "defender": (security_card.name, repr(attacker))}
            self._battle_result(tp, *sides.get(result, (repr(attacker), security_card.name)), tie=result == "both")
            if result in ("attacker", "both"):
                self.emit("not_deleted", "CR 14-2-3", 1 - tp, card=security_card.name, why="Security Digimon aren't deleted")
            if result == "attacker":
                return
            if self.keyword(attacker, "jamming"):
                self.emit("not_deleted", "CR 16-9-1", tp, card=repr(attacker), why="<Jamming>")
                return
            yield from self._delete([attacker], cause="battle", ref="CR 14-2-2")
            yield from self._battle_triggers(tp)
            return
        d_dp = self.dp(defender)
        iceclad = self.keyword(attacker, "iceclad") or self.keyword(defender, "iceclad")
        if iceclad:
            # CR 16-35-3: <Iceclad> changes the rules of this battle; neither Digimon's DP changes.
            self.emit("battle_rules_changed", "CR 16-35-3", tp, card=repr(attacker if self.keyword(attacker, "iceclad") else defender),
                      attacker_dp=a_dp, defender_dp=d_dp)
            av, dv = len(attacker.sources), len(defender.sources)
            ref = "CR 16-35-4"
        else:
            av, dv = a_dp, d_dp
            ref = "CR 14-2-1"
        losers = [attacker, defender] if av == dv else ([defender] if av > dv else [attacker])
        self.emit("battle", ref, tp, attacker=repr(attacker), attacker_value=av, defender=repr(defender),
                  defender_value=dv, loser=" and ".join(repr(s) for s in losers), tie=av == dv)
        winner = attacker if av > dv else defender
        # <Iceclad> decides the winner by its own clauses (CR 16-35-4-1 to 16-35-4-3)
        self._battle_result(tp, repr(winner), repr(losers[0]), tie=av == dv,
                            refs=("CR 16-35-4-1", "CR 16-35-4-2", "CR 16-35-4-3") if iceclad else None)
        deleted = yield from self._delete(losers, cause="battle", ref="CR 14-2-2")
        if self.attack and defender in deleted and attacker not in deleted and self.keyword(attacker, "piercing") and self.attack.attacker is attacker:
            self.attack.pending_piercing = True
            # CR 16-7-2: trigger-type, set off by deleting the opposing Digimon in battle
            self.emit("triggered", "CR 16-7-2", tp, card=repr(attacker), watched="deleted in battle", effect=f"<Piercing> of {attacker!r}")
        for s in deleted:
            if len(deleted) == 1 and self._had_keyword(s, "retaliation"):
                other = attacker if s is defender else defender
                # CR 16-13-2: trigger-type, set off when its Digimon is the only one deleted in the battle
                self.emit("triggered", "CR 16-13-2", s.owner, card=repr(s), watched="deleted in battle", effect=f"<Retaliation> of {s!r}")
                self.pending.append(Pending(s.owner, f"<Retaliation> of {s!r}", "retaliation", stack=other))
        yield from self._battle_triggers(tp)

    def _battle_result(self, tp: int, winner: str, loser: str, tie: bool, refs: tuple[str, str, str] | None = None) -> None:
        """CR 14-2-1: the higher DP wins (14-2-1-1), the lower loses (14-2-1-2); equal DP, both lose (14-2-1-3).
        ``refs`` names the clauses of a rule that compares something else (<Iceclad>, CR 16-35-4)."""
        won, lost, both = refs or ("CR 14-2-1-1", "CR 14-2-1-2", "CR 14-2-1-3")
        if tie:
            self.emit("battle_tie", both, tp, cards=f"{winner} and {loser}")
            return
        self.emit("battle_won", won, tp, card=winner)
        self.emit("battle_lost", lost, tp, card=loser)

    def _battle_triggers(self, tp: int):
        """CR 14-2-4: what the battle triggered is resolved before anything else goes on."""
        if self.pending and not self.is_over:
            self.emit("battle_triggers", "CR 14-2-4", tp, effects=len(self.pending))
        yield from self._resolve()

    def _end_of_battle(self, tp: int, *fighters: Stack):
        """CR 14-2-5: once the battle is over (what it triggered resolved, CR 14-2-4), the "at the end
        of the battle" effects of the Digimon that fought and are still in the battle area trigger and
        are resolved."""
        if self.is_over:
            return
        for stack in fighters:
            if stack is not None and stack in self.players[stack.owner].battle:
                self._trigger_on(stack, "end_of_battle")
        if self.pending:
            self.emit("end_of_battle", "CR 14-2-5", tp, effects=len(self.pending))
            yield from self._resolve()

    def _end_attack(self):
        a = self.attack
        if a is None:
            return
        tp = self.turn_player
        if a.pending_piercing and not self.is_over:
            # CR 16-7-4: processed right before the end of attack timing, after what the battle triggered.
            self.emit("piercing_processed", "CR 16-7-4", tp, attacker=repr(a.attacker))
            if a.attacker in self.players[tp].battle:
                self._inherited_keyword(tp, a.attacker, "piercing")
            instances = len(self._keyword_values(a.attacker, "piercing")) if a.attacker in self.players[tp].battle else 0
            if instances > 1:  # CR 16-7-5: however many activated, one security check in this attack
                self.emit("piercing_once", "CR 16-7-5", tp, attacker=repr(a.attacker), instances=instances)
            if a.attacker in self.players[tp].battle and self.players[1 - tp].security:
                self._keyword_mandatory(tp, "piercing", repr(a.attacker))
                self.emit("piercing", "CR 16-7-1", tp, attacker=repr(a.attacker))
                yield from self._security_check(a.attacker)
            elif a.attacker in self.players[tp].battle and not self.players[1 - tp].security:
                self.emit("piercing_no_cards", "CR 16-7-6", tp, attacker=repr(a.attacker))
            else:  # CR 16-7-6: no Digimon is left to perform the security check
                self.emit("piercing_no_digimon", "CR 16-7-6", tp, attacker=repr(a.attacker))
        if self.is_over:
            self.attack = None
            return
        a.timing = "end"
        self.emit("end_of_attack", "CR 11-6-1", tp, attacker=repr(a.attacker))
        if a.attacker in self.players[tp].battle:
            self._trigger_on(a.attacker, "end_of_attack")
        yield from self._resolve()
        if a.via == "execute" and a.attacker in self.players[tp].battle:
            yield from self._delete([a.attacker], cause="effect", ref="CR 16-38-4", by=tp)
        for stack in self.stacks():
            stack.modifiers = [m for m in stack.modifiers if m.until != "end_of_attack"]
        self._expire_lasting("end_of_attack")
        # CR 11-6-2: the attack is over once everything at the end of attack timing is resolved.
        self.emit("attack_ends", "CR 11-6-2", tp, attacker=repr(a.attacker))
        if self._collision_active(1 - tp):  # CR 16-30-3: <Collision> is active only during the attack
            self.emit("collision_ends", "CR 16-30-3", tp, attacker=repr(a.attacker))
        self.attack = None
        self._touch()  # <Progress>, <Collision> and "while attacking" end with the attack
        yield from self._rule_check()
        yield from self._resolve()
