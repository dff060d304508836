"""What an effect may choose, when it applies, and what it can't touch (CR 15-6, 15-8-2, 15-10,
15-11, 15-15-5): processing conditions, target filters, the persistent and lasting effects that
reach cards, and cards that aren't affected by the opponent's effects.

Persistent effects ([Your Turn], [Opponent's Turn], [All Turns], CR 15-8-2) and overall processing
that lasts for a while ("all of your opponent's Digimon get -3000 DP for the turn", CR 15-11-2) are
never stamped onto cards: every DP, <Security A.> and keyword lookup computes what reaches the card
now, so a Digimon that arrives later is reached too (CR 15-11-2-2) and an effect whose window closes
or whose condition fails stops at once (CR 15-8-2-3, 15-8-2-6-2).  ``_continuous_check`` logs each
start and stop with its clause.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Effect
from ..conditions import FILTERS
from ..state import (
    IllegalAction,
    Stack,
)

STEP_KIND = {"dp": "dp", "security_attack": "security_attack", "gain": "keyword"}
# Which player's cards a target names: the effect's player (CR 15-10-1-1-1), the opponent
# (CR 15-10-1-2-1) or either (None).
SIDE = {"own": "own", "all_own": "own", "opponent": "opponent", "all_opponent": "opponent",
        "opponent_tamer": "opponent", "all_opponent_tamers": "opponent", "any": None, "all": None}
FILTER_KEYS = frozenset(FILTERS) - {"category"}  # the category is checked with the target's side


@dataclass(frozen=True)
class Applied:
    """One persistent or lasting effect reaching a card now."""

    kind: str  # dp, security_attack, keyword
    value: object  # an amount, or (keyword, value)
    by: int  # whose effect it is (CR 15-10-1-1-1)
    etype: str  # digimon, tamer or option effect (CR 15-2-1)
    source: str  # the card it comes from
    key: tuple  # the effect instance, to tell its start and its stop apart in the log
    persistent: bool = True


@dataclass
class Lasting:
    """Overall processing with a duration: it reaches every card that meets its conditions while it
    lasts, cards that arrive later too (CR 15-11-2-2, 15-11-2-3)."""

    uid: int
    name: str  # dp, security_attack, gain
    spec: dict
    by: int
    etype: str
    source: str
    stack: Stack | None  # the card whose effect it is (Tamer Tactics groups read it)
    until: str
    turn: int


class Targets:
    """Conditions, targets, persistent and lasting effects, and being unaffected by effects."""

    # ---------------------------------------------------------------- conditions ----
    def _condition_met(self, effect: Effect, player: int, stack: Stack | None = None) -> bool:
        return self.conditions_hold(effect.condition, player, stack)

    def conditions_hold(self, cond: dict | None, player: int, stack: Stack | None) -> bool:
        """Whether every processing condition holds now (CR 15-6-1), read from the battle areas
        only (CR 3-4-7-7, 3-4-7-8); ``stack`` is the card whose effect it is ("this Digimon")."""
        for key, value in (cond or {}).items():
            if key == "memory_at_most" and self.mem(player) > value:
                return False
            if key == "memory_at_least" and self.mem(player) < value:
                return False
            if key == "this" and (stack is None or stack.area != "battle" or stack not in self.stacks()
                                  or self._filter_problem(value, stack, None) is not None):
                return False
            if key in ("digimon", "tamers", "security", "hand") and not self._count_holds(key, value, player):
                return False
        return True

    def _count_holds(self, what: str, spec: dict, player: int) -> bool:
        side = spec.get("player", "own")
        players = [player] if side == "own" else [1 - player] if side == "opponent" else [0, 1]
        if what == "security":
            n = sum(len(self.players[p].security) for p in players)
        elif what == "hand":
            n = sum(len(self.players[p].hand) for p in players)
        else:
            category = "tamer" if what == "tamers" else "digimon"
            filters = {k: v for k, v in spec.items() if k not in ("player", "at_least", "at_most")}
            n = sum(1 for p in players for s in self.stacks(p)
                    if self._category(s) == category and self._filter_problem(filters, s, None) is None)
        at_least, at_most = spec.get("at_least"), spec.get("at_most")
        if at_least is None and at_most is None:
            at_least = 1  # "if you have a Tamer"
        return (at_least is None or n >= at_least) and (at_most is None or n <= at_most)

    def _step_condition(self, step: dict, controller: int, card, stack: Stack | None) -> bool:
        """A condition on one step ("Then, if ...") binds that step only (CR 15-6-2)."""
        if self.conditions_hold(step["if"], controller, stack):
            return True
        name = next(k for k in step if k != "if")
        self.emit("condition_not_met", "CR 15-6-2", controller, card=card.name, step=name)
        return False

    # ------------------------------------------------------------------- filters ----
    def _category(self, stack: Stack) -> str:
        category = stack.top.defn.category
        return "digimon" if category == "digi-egg" else category  # CR 4-3-1: a Digi-Egg on the field is a Digimon

    def _filter_problem(self, spec: dict, stack: Stack, source: Stack | None) -> IllegalAction | None:
        """Why ``stack`` doesn't meet these conditions for a target (each with the clause that
        decides it), or None."""
        d = stack.top.defn  # the top card's name, traits, colours and level (CR 4-3-3)
        for key, want in spec.items():
            if key == "name" and d.name != want:
                return IllegalAction(f"{stack!r} is not [{want}]", "CR 2-3-1-1")
            if key == "name_contains" and want not in d.name:
                return IllegalAction(f"{stack!r} has no [{want}] in its name", "CR 2-3-1-3")
            if key == "trait" and want not in d.traits:
                return IllegalAction(f"{stack!r} doesn't have the [{want}] trait", "CR 2-3-2-3")
            if key == "trait_contains" and not any(want in t for t in d.traits):
                return IllegalAction(f"{stack!r} has no [{want}] in any of its traits", "CR 2-3-2-4")
            if key == "colour":
                colours = want if isinstance(want, list) else [want]
                if not set(colours) & set(d.colours):
                    return IllegalAction(f"{stack!r} is not {' or '.join(colours)}", "CR 2-4-3-1")
            if key in ("level", "min_level", "max_level"):
                if d.level is None:
                    return IllegalAction(f"{stack!r} has no level", "CR 2-9-2")
                if (key == "level" and d.level != want or key == "min_level" and d.level < want
                        or key == "max_level" and d.level > want):
                    bound = {"level": "", "min_level": " or higher", "max_level": " or lower"}[key]
                    return IllegalAction(f"the effect names a level {want}{bound} card; {stack!r} is level {d.level}", "CR 2-9-1")
            if key in ("min_dp", "max_dp"):
                dp = self.dp(stack)
                if dp is None:
                    return IllegalAction(f"{stack!r} has no DP", "CR 2-5-3")
                if key == "min_dp" and dp < want or key == "max_dp" and dp > want:
                    bound = "or more" if key == "min_dp" else "or less"
                    return IllegalAction(f"the effect names a card with {want} DP {bound}; {stack!r} has {dp} DP", "CR 2-5-2")
            if key == "suspended" and stack.suspended != want:
                if want:
                    return IllegalAction(f"the effect names a suspended card; {stack!r} is unsuspended", "CR 4-13-1-2-2")
                return IllegalAction(f"the effect names an unsuspended card; {stack!r} is suspended", "CR 4-13-1-1-2")
            if key in ("min_sources", "max_sources"):
                n = len(stack.sources)
                if key == "min_sources" and n < want or key == "max_sources" and n > want:
                    bound = "or more" if key == "min_sources" else "or fewer"
                    return IllegalAction(f"the effect names a Digimon with {want} digivolution cards {bound}; {stack!r} has {n}", "CR 4-8-1")
            if key == "has_keyword" and not self.keyword(stack, want):
                return IllegalAction(f"the effect names a card with {want}; {stack!r} has none", "CR 15-11-1-3-1")
            if key == "other" and stack is source:
                return IllegalAction(f"the effect names your other cards, not {stack!r} itself", "CR 15-11-1-3-1")
            if key == "category":
                wanted = want if isinstance(want, list) else [want]
                if self._category(stack) not in wanted:
                    return self._category_problem(stack, wanted)
        return None

    def _category_problem(self, stack: Stack, wanted: list[str]) -> IllegalAction:
        names = {"digimon": "Digimon", "tamer": "Tamers", "option": "Option cards"}
        ref = {"digimon": "CR 4-3-1", "tamer": "CR 4-4-1"}.get(wanted[0], "CR 2-2-1")
        return IllegalAction(f"the effect names {' or '.join(names.get(w, w) for w in wanted)}; {stack!r} is not one", ref)

    # ------------------------------------------------------------------- targets ----
    def _all_affected(self, controller: int, who: str, stacks: list[Stack]):
        """Hook: which of the stacks an "all ..." effect reaches (all of them, officially)."""
        return stacks
        yield  # pragma: no cover

    def _choose_targets(self, controller: int, who: str, step: dict, source: Stack | None = None):
        """Stacks an effect step may affect (``effect_target_problem``), or None for "this Digimon"."""
        if who == "self":
            return None
        return [s for s in self.stacks() if self.effect_target_problem(controller, who, step, source, s) is None]

    def effect_target_problem(self, controller: int, who: str, step: dict, source: Stack | None, stack: Stack | None):
        """Why an effect step of ``controller``'s may not choose or affect ``stack``, or None: the one
        predicate behind the targets offered, the choices refused and the cards an "all ..." or a
        persistent effect reaches.  Each refusal cites the clause that decides it."""
        problem = self._target_problem_unranked(controller, who, step, source, stack)
        if problem is not None or not ("lowest_dp" in step or "highest_dp" in step):
            return problem
        # "with the lowest / highest DP": among the cards the step could otherwise take (CR 15-11-1-3-1).
        eligible = [s for s in self.stacks() if self._target_problem_unranked(controller, who, step, source, s) is None]
        values = [self.dp(s) for s in eligible if self.dp(s) is not None]
        mine = self.dp(stack)
        if mine is None:
            return IllegalAction(f"{stack!r} has no DP", "CR 2-5-3")
        if "lowest_dp" in step and mine > min(values):
            return IllegalAction(f"{stack!r} doesn't have the lowest DP ({min(values)}) of the cards the effect names", "CR 15-11-1-3-1")
        if "highest_dp" in step and mine < max(values):
            return IllegalAction(f"{stack!r} doesn't have the highest DP ({max(values)}) of the cards the effect names", "CR 15-11-1-3-1")
        return None

    def _target_problem_unranked(self, controller: int, who: str, step: dict, source: Stack | None, stack: Stack | None):
        if stack is None:
            return IllegalAction("an effect that names no area chooses a card in the battle area", "CR 15-1-7")
        if stack.area != "battle":
            return IllegalAction(f"{stack!r} is in a breeding area; effects can't choose it", "CR 3-4-7-5")
        side = SIDE[who]
        if side == "own" and stack.owner != controller:
            return IllegalAction(f"“your” cards are the effect's player's; {stack!r} is the opponent's", "CR 15-10-1-1-1")
        if side == "opponent" and stack.owner == controller:
            return IllegalAction(f"the effect names your opponent's cards; {stack!r} is yours", "CR 15-10-1-2-1")
        wanted = step.get("category", "tamer" if who in ("opponent_tamer", "all_opponent_tamers") else "digimon")
        wanted = wanted if isinstance(wanted, list) else [wanted]
        if self._category(stack) not in wanted:
            return self._category_problem(stack, wanted)
        if stack.owner != controller and self.attack and self.attack.attacker is stack and self.keyword(stack, "progress"):
            # CR 16-39: <Progress> - not affected by the opponent's effects while attacking.
            return IllegalAction(f"{stack!r} has <Progress> and is attacking", "CR 16-39-1")
        return self._filter_problem({k: v for k, v in step.items() if k in FILTER_KEYS}, stack, source)

    # ------------------------------------------------------- unaffected by effects ----
    def effect_type(self, card, stack: Stack | None) -> str:
        """Digimon, Tamer or Option effect (CR 15-2-1): by the card that activates it, an inherited
        effect being a Digimon effect (CR 15-3-2)."""
        category = (stack.top if stack is not None and stack.area == "battle" else card).defn.category
        return {"tamer": "tamer", "option": "option"}.get(category, "digimon")

    def unaffected_ref(self, stack: Stack, by: int | None, etype: str = "digimon") -> str | None:
        """The clause that keeps an effect of player ``by`` off ``stack``, or None: "isn't affected by
        your opponent's effects" (CR 15-15-5-1) or <Progress> while attacking (CR 16-39-1)."""
        if by is None or by == stack.owner or stack.area != "battle":
            return None
        return self._memoised(("unaffected", stack.sid, by, etype), lambda: self._unaffected_ref(stack, etype), None)

    def _unaffected_ref(self, stack: Stack, etype: str) -> str | None:
        for value in self._raw_keyword_values(stack, "unaffected_by"):
            if value in ("opponent", f"opponent_{etype}"):
                return "CR 15-15-5-1"
        if self.attack is not None and self.attack.attacker is stack and self._raw_keyword_values(stack, "progress"):
            return "CR 16-39-1"
        return None

    def _unaffected_left_out(self, me: int, chosen: list[Stack], card, stack: Stack | None, step: str) -> list[Stack]:
        """The chosen cards an effect of ``me``'s processes: one that isn't affected by it is still
        chosen but left as it is (CR 15-15-5-1, 15-15-5-3)."""
        etype = self.effect_type(card, stack)
        out = []
        for s in chosen:
            ref = self.unaffected_ref(s, me, etype)
            if ref is None:
                out.append(s)
            else:
                self.emit("unaffected", ref, s.owner, card=repr(s), source=card.name, step=step)
        return out

    # ----------------------------------------------- persistent and lasting effects ----
    def _persistent_parts(self) -> list:
        """(source stack, card, key, part) of every step of a persistent effect in the battle areas.
        Breeding-area cards have none (CR 3-4-7-4)."""
        self._reach_index()
        return self._parts

    def _reach_index(self) -> tuple[set, bool, set]:
        """What persistent and lasting effects could give at all: the (kind, keyword) pairs, whether
        any names other cards, and the cards whose own effects name themselves.  Worked out again
        only when the cards in the battle areas or the lasting effects have changed."""
        if self._index_version == self._version:
            return self._index
        layout = [(s.sid, len(s.cards), s.cards[-1].uid) for p in self.players for s in p.battle]
        layout.append(tuple(x.uid for x in self.lasting))
        if layout != self._layout:
            self._layout = layout
            self._parts = parts = []
            self._simple = not self.lasting  # only unconditional effects on their own Digimon
            kinds, reach_all, selves = set(), bool(self.lasting), set()
            for src in self.stacks():
                last = len(src.cards) - 1
                for n, card in enumerate(src.cards):
                    for part in card.defn.persistent_parts if n == last else card.defn.inherited_persistent_parts:
                        parts.append((src, card, (card.uid, card.incarnation, n == last, part.index, src.sid), part))
                        kinds.add((STEP_KIND[part.name], part.spec.get("keyword")))
                        if part.target == "self" and not part.effect.condition:
                            selves.add(src.sid)
                        else:
                            selves.add(src.sid)
                            reach_all = reach_all or part.target != "self"
                            self._simple = False
            for lasting in self.lasting:
                kinds.add((STEP_KIND[lasting.name], lasting.spec.get("keyword")))
            self._index = (kinds, reach_all, selves)
        self._index_version = self._version
        return self._index

    def _fresh_memo(self) -> dict:
        """The lookups worked out in this state (none once it has changed)."""
        if self._memo_version != self._version:
            self._memo.clear()
            self._memo_version = self._version
        return self._memo

    def _learn(self, defn) -> None:
        """What a card definition's effects could give: the persistent effects naming their own
        Digimon, and the persistent and lasting effects that name other cards."""
        self._known_defs[id(defn)] = defn
        for part in defn.persistent_parts + defn.inherited_persistent_parts:
            (self._may_give_self if part.target == "self" else self._may_give_others).add(
                (STEP_KIND[part.name], part.spec.get("keyword")))
        effects = defn.effects + defn.inherited + tuple((defn.option_side or {}).get("effects", ()))
        for effect in effects:
            for step in effect.steps:
                for name, arg in step.items():
                    if name in STEP_KIND and isinstance(arg, dict) and str(arg.get("target", "")).startswith("all"):
                        self._may_give_others.add((STEP_KIND[name], arg.get("keyword")))
                    if name == "gain" and isinstance(arg, dict):
                        self._keywords_in_game.add(arg.get("keyword"))
        self._keywords_in_game.update(key for key, _value in defn.keywords + defn.inherited_keywords)
        self._keywords_in_game.update(key for key, _value in (defn.link or {}).get("keywords", ()))
        if "collision" in self._keywords_in_game:
            self._keywords_in_game.add("blocker")  # <Collision> gives it (CR 16-30-1)

    def _own_parts(self, stack: Stack, kind: str, keyword: str | None) -> list[Applied]:
        """What the Digimon's own persistent effects give it now (no other card's can give that)."""
        if stack.area != "battle":
            return []
        out = []
        last = len(stack.cards) - 1
        for n, card in enumerate(stack.cards):
            for part in card.defn.persistent_parts if n == last else card.defn.inherited_persistent_parts:
                if (part.target == "self" and STEP_KIND[part.name] == kind and part.spec.get("keyword") == keyword
                        and self._persistent_status(part.effect, stack) == "on"):
                    key = (card.uid, card.incarnation, n == last, part.index, stack.sid, part.step)
                    out.append(self._applied(part.name, part.spec, stack.owner, self.effect_type(card, stack), card.name, key))
        return out

    def _own_dp(self, stack: Stack) -> int:
        """The DP the Digimon's own persistent effects give it now: ``_own_parts`` for DP, summed
        without building records (it is looked up many times an action)."""
        if stack.area != "battle":
            return 0
        total = 0
        cards = stack.cards
        last = len(cards) - 1
        for n, card in enumerate(cards):
            for part in card.defn.persistent_parts if n == last else card.defn.inherited_persistent_parts:
                if part.name == "dp" and part.target == "self" and self._persistent_status(part.effect, stack) == "on":
                    total += int(part.spec["amount"])
        return total

    def _persistent_status(self, effect: Effect, src: Stack) -> str:
        """"on", or why it doesn't apply now: "window" (not its turn, CR 15-16-8-1) or "condition"
        (its processing conditions fail, CR 15-8-2-6-2)."""
        if effect.timing != "all_turns" and (effect.timing == "your_turn") != (self.turn_player == src.owner):
            return "window"
        if effect.condition and not self.conditions_hold(effect.condition, src.owner, src):
            return "condition"
        return "on"

    def _persistent_instances(self) -> dict:
        """key -> (effect, status) of every persistent effect in the battle areas."""
        seen = {}
        for src, _card, key, part in self._persistent_parts():
            if key not in seen:
                seen[key] = (part.effect, self._persistent_status(part.effect, src))
        return seen

    def _reaching(self, stack: Stack, kind: str | None, keyword: str | None = None) -> list[Applied]:
        """Every persistent or lasting effect that names ``stack`` now, whether or not it is affected
        by it: ``kind`` dp, security_attack or keyword (None: all), ``keyword`` one keyword."""
        parts = self._persistent_parts()
        if stack.area != "battle" or not (parts or self.lasting):
            return []  # CR 3-4-7-3: effects don't affect breeding-area cards
        out = []
        status = {}
        for src, card, key, part in parts:
            if part.target == "self" and src is not stack:
                continue
            if kind is not None and STEP_KIND.get(part.name) != kind:
                continue
            if keyword is not None and part.spec.get("keyword") != keyword:
                continue
            if part.target != "self" and self.effect_target_problem(src.owner, part.target, part.spec, src, stack) is not None:
                continue
            if key not in status:
                status[key] = self._persistent_status(part.effect, src)
            if status[key] == "on":
                out.append(self._applied(part.name, part.spec, src.owner, self.effect_type(card, src), card.name, key + (part.step,)))
        for lasting in self.lasting:
            if kind is not None and STEP_KIND[lasting.name] != kind:
                continue
            if keyword is not None and lasting.spec.get("keyword") != keyword:
                continue
            if self.effect_target_problem(lasting.by, lasting.spec["target"], lasting.spec, lasting.stack, stack) is None:
                out.append(self._applied(lasting.name, lasting.spec, lasting.by, lasting.etype, lasting.source,
                                         ("lasting", lasting.uid), persistent=False))
        return out

    @staticmethod
    def _applied(name, spec, by, etype, source, key, persistent=True) -> Applied:
        value = (spec["keyword"], spec.get("value", True)) if name == "gain" else int(spec["amount"])
        return Applied(STEP_KIND[name], value, by, etype, source, key, persistent)

    def continuous(self, stack: Stack, kind: str, keyword: str | None = None, raw: bool = False) -> list[Applied]:
        """What persistent and lasting effects give ``stack`` now (CR 15-8-2, 15-11-2), leaving out
        those it isn't affected by (``raw``: all of them).  A lookup made while computing the same
        one gets nothing, so an effect that reads the value it changes can't loop."""
        if (kind, keyword) not in self._may_give_others:
            if (kind, keyword) not in self._may_give_self:
                return []
            reaching = self._own_parts(stack, kind, keyword)  # only its own effects could: no need to look further
            return reaching if raw else [a for a in reaching if self.unaffected_ref(stack, a.by, a.etype) is None]
        kinds, reach_all, selves = self._reach_index()
        if (kind, keyword) not in kinds or not (reach_all or stack.sid in selves):
            return []  # nothing on the field gives that
        reaching = self._memoised((kind, keyword, stack.sid), lambda: self._reaching(stack, kind, keyword), [])
        return reaching if raw else [a for a in reaching if self.unaffected_ref(stack, a.by, a.etype) is None]

    def _memoised(self, key: tuple, compute, cut):
        """``compute()`` once per state.  A lookup asked again while it is being computed gets ``cut``
        (so an effect that reads the value it changes can't loop); only a lookup made outside any
        other is kept, as one made inside may have been cut short."""
        memo = self._fresh_memo()
        if key in memo:
            return memo[key]
        if key in self._computing:
            return cut
        outermost = not self._computing
        self._computing.add(key)
        try:
            value = compute()
        finally:
            self._computing.discard(key)
        if outermost and self._memo_version == self._version:
            self._memo[key] = value
        return value

    def modifiers(self, stack: Stack, kind: str) -> list:
        """The changes chosen effects left on ``stack`` that still reach it (CR 15-15-5-2, 15-15-5-4)."""
        if not stack.modifiers:
            return []
        return [m for m in stack.modifiers if m.kind == kind and self.unaffected_ref(stack, m.by, m.etype) is None]

    def _add_lasting(self, me: int, name: str, spec: dict, card, stack: Stack | None) -> None:
        """"All of ... get/gain ... for a while": overall processing (CR 15-11-2-1), computed from now
        on for every card it names, later ones too (CR 15-11-2-2)."""
        self._lasting_uid += 1
        etype = self.effect_type(card, stack)
        lasting = Lasting(self._lasting_uid, name, dict(spec), me, etype, card.name, stack,
                          spec.get("until", "end_of_turn"), self.turn)
        self.lasting.append(lasting)
        self._touch()
        for s in self.stacks():
            if self.effect_target_problem(me, spec["target"], spec, stack, s) is not None:
                continue
            ref = self.unaffected_ref(s, me, etype)
            if ref is not None:
                self.emit("unaffected", ref, s.owner, card=repr(s), source=card.name, step=name)
            elif name == "dp":
                self.emit("dp_change", "CR 15-11-2-1", me, card=repr(s), amount=int(spec["amount"]), until=lasting.until, dp=self.dp(s))
            elif name == "security_attack":
                self.emit("security_attack_change", "CR 15-11-2-1", me, card=repr(s), amount=int(spec["amount"]))
            else:
                self.emit("gains_keyword", "CR 15-11-2-1", me, card=repr(s), keyword=spec["keyword"])
        self._continuous_check()  # the cards reached now are logged above, not again

    def _expire_lasting(self, until: str) -> None:
        """Lasting overall effects end with their duration, like the changes chosen effects leave."""
        def ends(x: Lasting) -> bool:
            if x.until == until:
                return True
            # "until the end of your opponent's turn": the end of a turn that isn't the effect player's.
            return x.until == "end_of_opponents_turn" and until == "end_of_turn" and self.turn_player != x.by
        self.lasting = [x for x in self.lasting if not ends(x)]
        self._touch()

    def _continuous_check(self) -> None:
        """Log each persistent or lasting effect that starts or stops reaching a card since the last
        look, with the clause that makes it start or stop."""
        if self._checked_version == self._version:
            return  # nothing happened since the last look
        self._reach_index()
        looked_at = (self._layout, self.turn_player)
        if not (self._simple and self._looked_at[0] is looked_at[0] and self._looked_at[1] == looked_at[1]):
            # (unconditional effects on their own Digimon change only with the cards and the turn)
            self._look_again()
        self._looked_at = looked_at
        self._checked_version = self._version  # its own events change nothing it looks at

    def _look_again(self) -> None:
        instances = self._persistent_instances()
        if not instances and not self.lasting and not (self._continuous_seen and self._continuous_seen[0]):
            self._continuous_seen = None
            return  # nothing applies and nothing did: the usual case, kept cheap
        on_field = {s.sid: s for s in self.stacks()}
        status = {key: st for key, (_e, st) in instances.items()}
        conditional = {key for key, (e, _st) in instances.items() if e.condition}
        now = {}
        _kinds, reach_all, selves = self._reach_index()
        for stack in on_field.values():
            if not (reach_all or stack.sid in selves):
                continue
            for applied in self._reaching(stack, None):
                blocked = self.unaffected_ref(stack, applied.by, applied.etype)
                now[(applied.key, stack.sid, applied.kind, repr(applied.value))] = (applied, blocked, stack)
        lasting = {("lasting", x.uid) for x in self.lasting}
        before = self._continuous_seen
        self._continuous_seen = (now, status, set(on_field), lasting)
        if before is None:
            before = ({}, {}, set(), set())
        was, was_status, was_field, was_lasting = before
        for k, (applied, blocked, _stack) in was.items():
            if blocked is not None:
                continue
            stack = on_field.get(k[1])
            if stack is None:
                continue  # it left the field
            new = now.get(k)
            inst = applied.key[:-1] if applied.persistent else applied.key
            if new is not None:
                if new[1] is None:
                    continue
                ref = new[1]  # it isn't affected any more
            elif applied.persistent and status.get(inst) != "on":
                ref = "CR 15-8-2-6-2" if status.get(inst) == "condition" else "CR 15-8-2-3"
            elif not applied.persistent and inst not in lasting:
                continue  # its duration ended
            else:
                ref = "CR 15-11-2-3-2"
            self._log_continuous("effect_ends", ref, applied, stack)
        for k, (applied, blocked, stack) in now.items():
            old = was.get(k)
            if blocked is not None or (old is not None and old[1] is None):
                continue
            inst = applied.key[:-1] if applied.persistent else applied.key
            if old is not None:
                ref = "CR 15-15-5-2"  # it was unaffected, and can be affected again
            elif applied.persistent and was_status.get(inst) != "on":
                ref = "CR 15-8-2-6-1" if inst in conditional else "CR 15-8-2-2"
            elif not applied.persistent and inst not in was_lasting:
                continue  # logged when the effect was processed
            elif stack.sid not in was_field:
                ref = "CR 15-11-2-2"
            else:
                ref = "CR 15-11-2-3-3"
            self._log_continuous("effect_applies", ref, applied, stack)

    def _log_continuous(self, kind: str, ref: str, applied: Applied, stack: Stack) -> None:
        data = {"card": repr(stack), "source": applied.source}
        if applied.kind == "dp":
            data.update(amount=applied.value, dp=self.dp(stack))
        elif applied.kind == "security_attack":
            data.update(security_attack=applied.value)
        else:
            data.update(keyword=applied.value[0])
        self.emit(kind, ref, applied.by, **data)

