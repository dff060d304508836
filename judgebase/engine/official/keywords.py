"""Keyword effects (CR 16): the registry of keywords and the keywords that need code of their own.
"""

from __future__ import annotations

from ..state import (
    Action,
    IllegalAction,
    Pending,
    Stack,
)


class Keywords:
    """What a Digimon's keywords are, and the keywords that act by themselves."""

    def keyword(self, stack: Stack, name: str):
        """The value of keyword ``name`` on this Digimon (printed, inherited, gained, given by a
        persistent or lasting effect), else None.  What an effect the Digimon isn't affected by
        gives it doesn't count (CR 15-15-5-4)."""
        if stack.area != "battle":
            return None  # CR 3-4-7-8: breeding-area information isn't referenced
        if name not in self._keywords_in_game and not stack.modifiers:
            return None  # no card of this game has it or gives it
        values = self._keyword_values(stack, name)
        if not values:
            return None
        if all(isinstance(v, bool) for v in values):
            return True
        texts = [v for v in values if isinstance(v, str)]
        # e.g. <Decoy (Black)>: the colour it protects; else the values add up (<Security A. +1>)
        return texts[0] if texts else sum(v for v in values if not isinstance(v, bool))

    def _keyword_values(self, stack: Stack, name: str, raw: bool = False) -> list:
        """Every value of ``name`` the Digimon has; ``raw`` counts those from effects it isn't
        affected by too (what "isn't affected" itself is read from)."""
        cards = stack.cards
        value = cards[-1].defn.keyword_maps[0].get(name)
        values = [] if value is None else [value]
        for card in cards[:-1]:
            value = card.defn.keyword_maps[1].get(name)
            if value is not None:
                values.append(value)
        for mod in stack.modifiers:
            if mod.kind == "keyword" and mod.value[0] == name and (raw or self.unaffected_ref(stack, mod.by, mod.etype) is None):
                values.append(mod.value[1])
        for link in stack.links:
            for key, value in (link.defn.link or {}).get("keywords", ()):
                if key == name:
                    values.append(value)
        if ("keyword", name) in self._may_give_others or ("keyword", name) in self._may_give_self:
            values += [a.value[1] for a in self.continuous(stack, "keyword", name, raw=raw)]
        if name == "blocker" and self.attack is not None and self._collision_active(stack.owner):
            # CR 16-30-1: all of the opponent's Digimon gain <Blocker>; that affects them (CR 16-30-4).
            if raw or self.unaffected_ref(stack, 1 - stack.owner, "digimon") is None:
                values.append(True)
        return values

    def _raw_keyword_values(self, stack: Stack, name: str) -> list:
        return self._keyword_values(stack, name, raw=True)

    def _collision_active(self, defender: int) -> bool:
        a = self.attack
        return (
            a is not None
            and a.attacker.owner != defender
            and a.attacker in self.players[a.attacker.owner].battle
            and self._own_keyword(a.attacker, "collision")
        )

    def _own_keyword(self, stack: Stack, name: str) -> bool:
        if stack.top.defn.keyword(name) is not None:
            return True
        return any(c.defn.keyword(name, inherited=True) is not None for c in stack.sources) or any(
            m.kind == "keyword" and m.value[0] == name for m in stack.modifiers
        )

    def _keyword_attack(self, player: int, stack: Stack, via: str):
        """A keyword effect lets ``stack`` attack now (<Blitz>, <Vortex>, <Execute>): the player may
        choose a target ``attack_problem`` allows, or decline (CR 16-16-3, 16-33-3, 16-38-3)."""
        if stack is None or stack not in self.players[player].battle:
            return
        problem = self._declaration_problem(player, stack, via)
        if problem is not None:
            self.emit(f"{via}_unavailable", problem.ref, player, card=repr(stack), why=problem.reason)
            return

        def check(a: Action) -> IllegalAction | None:
            if a.kind != "choose":
                return None
            if a.card is not None or a.option is not None or a.targets:
                return IllegalAction("the attack declaration chooses only the attack target", "CR 11-2-2")
            return self.attack_problem(player, stack, a.target, via)

        candidates = [Action("decline")] + [Action("choose", target=t) for t in self._attack_candidates(player)]
        decision = self.decide(player, via, candidates, f"<{via.title()}>: attack with {stack!r}?", check)
        if len(decision.actions) == 1:
            return  # no target the attack may take
        choice = yield decision
        if choice.kind == "choose":
            yield from self._declare_attack(player, stack, choice.target, via=via)
        elif via in ("vortex", "execute"):  # CR 16-33-3, 16-38-3: the attack is optional
            self.emit("declined", {"vortex": "CR 16-33-3", "execute": "CR 16-38-3"}[via], player, card=repr(stack))

    def _blitz_attack_goes_on(self, player: int, before: int, after: int) -> None:
        """CR 16-16-4: an attack declared through <Blitz> goes on when the opponent's memory leaves 1+."""
        a = self.attack
        if a is None or a.via != "blitz":
            return
        opponent = 1 - a.attacker.owner
        had = before if player == opponent else -before
        has = after if player == opponent else -after
        if had >= 1 > has:
            self.emit("blitz_attack_goes_on", "CR 16-16-4", a.attacker.owner, attacker=repr(a.attacker), memory=has)

    def _had_keyword(self, stack: Stack, name: str) -> bool:
        return stack.top.defn.keyword(name) is not None or any(c.defn.keyword(name, inherited=True) is not None for c in stack.sources)

    def _decoy_problem(self, decoy: Stack, protected: Stack) -> IllegalAction | None:
        """Hook: why this <Decoy> may not protect that Digimon (Tamer Tactics groups)."""
        return None

    def _raid(self, p: Pending):
        a = self.attack
        if a is None or a.attacker is not p.stack:
            return
        if a.attacker not in self.players[p.player].battle:
            # CR 11-2-7-4: while the attacker is outside the battle area its target can't be switched.
            self.emit("target_not_switched", "CR 11-2-7-4", p.player, attacker=repr(a.attacker))
            return
        def switchable(s: Stack | None) -> IllegalAction | None:
            if s is None or s.owner == p.player or s.area != "battle" or s.suspended or self.dp(s) is None:
                return IllegalAction("<Raid> switches to 1 of the opponent's unsuspended Digimon", "CR 16-23-1")
            if s is a.target:
                return IllegalAction(f"{s!r} is already the attack target", "CR 11-2-7-3")
            return self._redirect_problem(s)

        eligible = [s for s in self.stacks(1 - p.player) if switchable(s) is None]
        top = max((self.dp(s) for s in eligible), default=None)

        def problem(s: Stack | None) -> IllegalAction | None:
            err = switchable(s)
            if err is None and self.dp(s) < top:
                err = IllegalAction(f"{s!r} doesn't have the highest DP ({top}) among them", "CR 16-23-1")
            return err

        decision = self._pick(p.player, "raid", "<Raid>: switch the attack target?", problem)
        if len(decision.actions) == 1:
            return
        choice = yield decision
        if choice.kind == "choose":
            a.target = self.find_stack(choice.target)
            tie = sum(1 for s in eligible if self.dp(s) == top) > 1  # CR 16-23-4: the player picks among equals
            self.emit("target_switched", "CR 16-23-4" if tie else "CR 16-23-1", p.player, target=repr(a.target))
        else:
            self.emit("declined", "CR 16-23-3", p.player, card=repr(p.stack))  # <Raid> is optional

    def _alliance(self, p: Pending):
        a = self.attack
        if a is None or a.attacker is not p.stack:
            return
        def problem(s: Stack | None) -> IllegalAction | None:
            if s is None or s.owner != p.player or s.area != "battle" or not self.is_digimon(s) or s is a.attacker:
                return IllegalAction("<Alliance> suspends 1 of your other Digimon", "CR 16-24-1")
            if s.suspended:
                return IllegalAction(f"{s!r} is already suspended", "CR 16-24-1")
            if self.keyword(s, "cannot_suspend"):
                # CR 16-24-3: suspending is <Alliance>'s optional condition; without it nothing follows.
                return IllegalAction(f"an effect says {s!r} can't suspend", "CR 15-7-2")
            return None

        decision = self._pick(p.player, "alliance", "<Alliance>: suspend another Digimon?", problem)
        if len(decision.actions) == 1:
            return
        choice = yield decision
        if choice.kind == "choose":
            helper = self.find_stack(choice.target)
            helper.suspended = True
            # CR 16-24-4: the DP at the moment of suspension; CR 2-5-3: a helper without DP adds none.
            added = self.dp(helper) or 0
            a.dp_bonus += added
            a.extra_checks += 1
            self.emit("alliance", "CR 16-24-1", p.player, suspended=repr(helper), dp_added=added)
        else:  # CR 16-24-3: no Digimon suspended, so no DP and no <Security A. +1> follow
            self.emit("declined", "CR 16-24-3", p.player, card=repr(p.stack))

    def _declared_number_problem(self, a: Action, room: int, amount: int) -> IllegalAction | None:
        """The number declared for <De-Digivolve>: 1 up to the value, as far as cards can be trashed."""
        if a.kind != "choose":
            return None
        if a.option is None or a.card is not None or a.target is not None or a.targets:
            return IllegalAction("declare a number of cards", "CR 16-12-1")
        if a.option < 1:
            return IllegalAction("once activated, <De-Digivolve> can't trash 0 cards", "CR 16-12-3")
        if a.option > amount:
            return IllegalAction(f"declare a number from 1 up to {amount}", "CR 16-12-1")
        if a.option > room:
            return IllegalAction(f"only {room} card(s) can be trashed: never a level 3 or lower card", "CR 16-12-4")
        return None

    def _de_digivolve_room(self, stack: Stack, amount: int) -> int:
        """How many cards <De-Digivolve> can trash here: never a level 3 or lower card (CR 16-12-4).
        The last card of a stack is kept: the official text is silent on it, and trashing it would
        remove the Digimon, which <De-Digivolve> does not describe."""
        room = 0
        for card in reversed(stack.cards[1:]):
            if room == amount or (card.defn.level is not None and card.defn.level <= 3):
                break
            room += 1
        return room

    def _de_digivolve(self, me: int, stack: Stack, amount: int) -> None:
        """CR 16-12: trash the declared number of cards from the top, one at a time (16-12-5)."""
        trashed = []
        for _ in range(amount):
            top = stack.top
            if len(stack.cards) == 1 or (top.defn.level is not None and top.defn.level <= 3):
                break
            stack.cards.pop()
            top.incarnation += 1
            self.players[stack.owner].trash.append(top)
            self._overflow([top], stack.owner)
            trashed.append(top.name)
        if trashed:
            self.emit("de_digivolve", "CR 16-12-1", me, card=repr(stack), trashed=trashed)
        else:
            self.emit("de_digivolve_blocked", "CR 16-12-4", me, card=repr(stack))
