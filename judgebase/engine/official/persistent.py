"""Persistent effects ([Your Turn], [Opponent's Turn], [All Turns], CR 15-8-2) and overall
processing that lasts for a while ("all of your opponent's Digimon get -3000 DP for the turn",
CR 15-11-2): what reaches each card now.

They are never stamped onto cards: every DP, <Security A.> and keyword lookup works out what
reaches the card now, so a Digimon that arrives later is reached too (CR 15-11-2-2) and an effect
whose window closes or whose condition fails stops at once (CR 15-8-2-3, 15-8-2-6-2).
``_continuous_check`` logs each start and stop with its clause.  Lookups are worked out once per
state: the state changes with every event (each rule the engine applies logs one) and ``_touch``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..cards import Effect
from ..state import Stack

STEP_KIND = {"dp": "dp", "security_attack": "security_attack", "gain": "keyword", "add_info": "info", "change_info": "info"}


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


class Persistent:
    """What persistent and lasting effects give each card, and the log of their starts and stops."""

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
        # (the stacks and top cards themselves, compared by identity: one stack per sid, one card per uid)
        p0, p1 = self.players
        layout = [(s, len(s.cards), s.cards[-1]) for s in p0.battle + p1.battle]
        layout.append(tuple([x.uid for x in self.lasting]) if self.lasting else ())
        if layout != self._layout:
            self._layout = layout
            self._parts = parts = []
            self._simple = not self.lasting  # only unconditional effects on their own Digimon
            kinds, reach_all, selves = set(), bool(self.lasting), set()
            for src in self.stacks():
                last = len(src.cards) - 1
                for n, card in enumerate(src.cards):
                    for part in card.defn.persistent_parts if n == last else self._parts_under(src, card):
                        parts.append((src, card, (card.uid, card.incarnation, n == last or any(p is part for p in card.defn.persistent_parts), part.index, src.sid), part))
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

    def _is_succession_card(self, stack: Stack, card) -> bool:
        """Whether ``card``, under ``stack``, is the Digimon's <Succession> card, whose own effects are the
        Digimon's (CR 16-47-1); asked cheaply, as most games have no <Succession> at all."""
        return "succession" in self._keywords_in_game and card is self.succession_card(stack)

    def _parts_under(self, stack: Stack, card) -> tuple:
        """The persistent effects a digivolution card gives its Digimon: its inherited ones (CR 15-3),
        and its own too when it is the Digimon's <Succession> card (CR 16-47-1)."""
        if self._is_succession_card(stack, card):
            return card.defn.inherited_persistent_parts + card.defn.persistent_parts
        return card.defn.inherited_persistent_parts

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
        self._zone_timings.update(e.timing for e in defn.effects if e.zone is not None)
        self._timings_in_game.update(*defn.timings)
        self._events_watched.update(e.event for e in defn.effects + defn.inherited if e.timing == "when")
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
        # (what every DP and information lookup asks of these sets, kept as flags)
        self._dp_given = (("dp", None) in self._may_give_others, ("dp", None) in self._may_give_self)
        self._info_given = ("info", None) in self._may_give_self or ("info", None) in self._may_give_others

    def _own_parts(self, stack: Stack, kind: str, keyword: str | None) -> list[Applied]:
        """What the Digimon's own persistent effects give it now (no other card's can give that)."""
        if stack.area != "battle":
            return []
        out = []
        last = len(stack.cards) - 1
        for n, card in enumerate(stack.cards):
            for part in card.defn.persistent_parts if n == last else self._parts_under(stack, card):
                if (part.target == "self" and STEP_KIND[part.name] == kind and part.spec.get("keyword") == keyword
                        and self._persistent_status(part.effect, stack) == "on"):
                    key = (card.uid, card.incarnation, n == last or any(p is part for p in card.defn.persistent_parts), part.index, stack.sid, part.step)
                    out.append(self._applied(part.name, part.spec, stack.owner, self.effect_type(card, stack), card.name, key))
        return out

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
        if name in ("add_info", "change_info"):  # CR 15-12: (add | change, the information given)
            value = ("add" if name == "add_info" else "change", tuple(sorted(spec["info"].items())))
        else:
            value = (spec["keyword"], spec.get("value", True)) if name == "gain" else int(spec["amount"])
        return Applied(STEP_KIND[name], value, by, etype, source, key, persistent)

    def continuous(self, stack: Stack, kind: str, keyword: str | None = None, raw: bool = False) -> list[Applied]:
        """What persistent and lasting effects give ``stack`` now (CR 15-8-2, 15-11-2), leaving out
        those it isn't affected by (``raw``: all of them).  A lookup made while computing the same
        one gets nothing, so an effect that reads the value it changes can't loop."""
        if (kind, keyword) not in self._may_give_others:
            if (kind, keyword) not in self._may_give_self:
                return []
            # Only its own effects could: no need to look further (still guarded, as its own effect may read
            # what it gives: a Tamer's "this Tamer is also treated as a Digimon" asks what kind of card it is).
            reaching = self._memoised((kind, keyword, stack.sid), lambda: self._own_parts(stack, kind, keyword), [])
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
        unmet = [key for key, st in status.items() if st == "condition" and was_status.get(key) not in ("condition", "on")]
        if unmet:
            # CR 15-6-1: its processing ("while ...") is carried out only while the condition is met; it
            # isn't now, so the effect is there but does nothing yet (once it is met: CR 15-8-2-6-1).
            names = {key: (src, card) for src, card, key, _part in self._persistent_parts()}
            for key in unmet:
                src, card = names[key]
                self.emit("processing_condition_unmet", "CR 15-6-1", src.owner, card=repr(src), source=card.name)
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
                # CR 15-8-2-4: joining another persistent effect that already gives this card the same
                # kind of thing, both apply together.
                together = any(k2 in was and k2[1] == k[1] and k2[2] == k[2] and other.persistent and other.key != applied.key
                               and other_blocked is None for k2, (other, other_blocked, _s) in now.items())
                ref = "CR 15-8-2-6-1" if inst in conditional else "CR 15-8-2-4" if together else "CR 15-8-2-2"
            elif not applied.persistent and inst not in was_lasting:
                continue  # logged when the effect was processed
            elif stack.sid not in was_field:
                ref = "CR 15-11-2-2"
            else:
                ref = "CR 15-11-2-3-3"
            self._log_continuous("effect_applies", ref, applied, stack)
            if applied.kind == "keyword" and applied.value[0] in self.PROHIBITED_BY and self.keyword(stack, self.PROHIBITED_BY[applied.value[0]]):
                # CR 15-8-2-5: a later effect wins a contradiction, but not against a prohibition (CR 15-1-3).
                self.emit("prohibition_stands", "CR 15-8-2-5", stack.owner, card=repr(stack), keyword=applied.value[0],
                          printed=f"<{applied.value[0].title()}>", prohibition=self.PROHIBITED_BY[applied.value[0]], source=applied.source)

    # What a keyword lets a Digimon do, and the prohibition that contradicts it (CR 15-1-3, 15-8-2-5).
    PROHIBITED_BY = {"blocker": "cannot_block", "rush": "cannot_attack"}

    def _log_continuous(self, kind: str, ref: str, applied: Applied, stack: Stack) -> None:
        data = {"card": repr(stack), "source": applied.source}
        if applied.kind == "dp":
            data.update(amount=applied.value, dp=self.dp(stack))
        elif applied.kind == "security_attack":
            data.update(security_attack=applied.value)
        elif applied.kind == "info":
            data.update(given=", ".join(f"DP {v}" if k == "dp" else f"Lv.{v}" if k == "level" else "Digimon"
                                        if k == "category" else f"[{v}]" for k, v in applied.value[1]))
        else:
            data.update(keyword=applied.value[0])
        self.emit(kind, ref, applied.by, **data)
        if applied.kind == "info" and kind == "effect_ends":
            self._information_restored(applied, stack)

