"""What an effect may choose and what it can't touch (CR 15-6, 15-10, 15-11, 15-15-5): processing
conditions, target filters, and cards that aren't affected by the opponent's effects.

The persistent and lasting effects that reach cards are in ``persistent.py``.
"""

from __future__ import annotations

from ..cards import Effect
from ..conditions import FILTERS, RANKINGS
from ..step_specs import CARD_FILTERS, all_traits, card_filter_problem, has_name, name_contains, printed_icons, printed_name
from ..state import (
    IllegalAction,
    Stack,
)

# Which player's cards a target names: the effect's player (CR 15-10-1-1-1), the opponent
# (CR 15-10-1-2-1) or either (None).
SIDE = {"own": "own", "all_own": "own", "opponent": "opponent", "all_opponent": "opponent",
        "opponent_tamer": "opponent", "all_opponent_tamers": "opponent", "any": None, "all": None}
FILTER_KEYS = frozenset(FILTERS) - {"category"}
TYPE_REFS = {"digimon": "CR 15-2-1-1", "tamer": "CR 15-2-1-2", "option": "CR 15-2-1-3", "digimon+tamer": "CR 15-12-1-6"}  # the three effect types  # the category is checked with the target's side
DUAL_TYPE_REFS = {"digimon": "CR 4-6-5-3", "option": "CR 4-6-6-3"}  # a DUAL card's Digimon / Option information


class Targets:
    """Conditions, targets, and being unaffected by effects."""

    # ---------------------------------------------------------------- conditions ----
    def _condition_met(self, effect: Effect, player: int, stack: Stack | None = None) -> bool:
        return self.conditions_hold(effect.condition, player, stack)

    def conditions_hold(self, cond: dict | None, player: int, stack: Stack | None, departed: bool = False) -> bool:
        """Whether every processing condition holds now (CR 15-6-1), read from the battle areas
        only (CR 3-4-7-7, 3-4-7-8); ``stack`` is the card whose effect it is ("this Digimon"),
        ``departed`` when it has just left the battle area and is read as it was there (CR 15-8-3-9-4)."""
        for key, value in (cond or {}).items():
            if key == "memory_at_most" and self.mem(player) > value:
                return False
            if key == "memory_at_least" and self.mem(player) < value:
                return False
            if key == "opponent_memory_at_most" and self.mem(1 - player) > value:
                return False
            if key == "opponent_memory_at_least" and self.mem(1 - player) < value:
                return False
            if key == "this" and departed:
                if stack is None or self._filter_problem(value, stack, None) is not None:
                    return False
            elif key == "this" and (stack is None or stack.area != "battle" or stack not in self.stacks()
                                    or self._filter_problem(value, stack, None) is not None):
                return False
            if key in ("digimon", "tamers", "security", "hand") and not self._count_holds(key, value, player):
                return False
            if key == "digixrosed" and not self._digixrosed(value, stack):
                return False
            if key == "assembled" and (stack is None or stack.assembly_placed < 1):
                return False
            if key == "trigger":  # "that Digimon": the one that triggered the effect, as it is now (CR 15-8-3-9-3)
                subject = self.trigger_subjects[-1] if self.trigger_subjects else None
                if subject is None or subject not in self.stacks() or self._filter_problem(value, subject, None) is not None:
                    return False
        return True

    @staticmethod
    def _digixrosed(value, stack: Stack | None) -> bool:
        """"If DigiXrosing": 1 card or more was placed under it (CR 7-2-2-9); "with N cards": exactly N (CR 7-2-2-10)."""
        placed = stack.xros_placed if stack is not None else 0
        return placed >= 1 if value is True else placed == value

    def _explain_unmet(self, cond: dict | None, player: int, stack: Stack | None, card) -> None:
        """Say which rule made a processing condition fail, before ``condition_not_met``: a memory
        amount is read from that player's side of the gauge (your own CR 4-1-2, the opponent's
        CR 4-1-3), and a card in the breeding
        area would have met a count had it counted (CR 3-4-7-7)."""
        for key, value in (cond or {}).items():
            if key in ("memory_at_most", "memory_at_least") and (
                    self.mem(player) > value if key == "memory_at_most" else self.mem(player) < value):
                kind = "memory_above_condition" if key == "memory_at_most" else "memory_below_condition"
                self.emit(kind, "CR 4-1-2", player, card=card.name, memory=self.mem(player), limit=value)
            if key in ("opponent_memory_at_most", "opponent_memory_at_least") and (
                    self.mem(1 - player) > value if key == "opponent_memory_at_most" else self.mem(1 - player) < value):
                kind = "memory_above_condition" if key == "opponent_memory_at_most" else "memory_below_condition"
                self.emit(kind, "CR 4-1-3", 1 - player, card=card.name, memory=self.mem(1 - player), limit=value)
            if key == "digixrosed" and not self._digixrosed(value, stack):
                placed = stack.xros_placed if stack is not None else 0
                if placed == 0:  # no card under it: no DigiXros was performed, declared or not
                    self.emit("no_digixros_performed", "CR 7-2-2-9", player, card=card.name)
                else:  # some cards, but not the X the condition names
                    self.emit("not_x_card_digixros", "CR 7-2-2-10", player, card=card.name, placed=placed, needed=value)
            if key == "this" and stack is not None and "min_sources" in value \
                    and len(stack.sources) < value["min_sources"]:
                # CR 4-26-1: "with N digivolution cards" is met by N or more, and this Digimon has fewer.
                self.emit("too_few_digivolution_cards", "CR 4-26-1", player, card=card.name,
                          have=len(stack.sources), needed=value["min_sources"])
            if key == "assembled" and (stack is None or stack.assembly_placed < 1):
                # CR 7-3-2-7: no card ended up under it, so no Assembly was performed, declared or not.
                self.emit("no_assembly_performed", "CR 7-3-2-7", player, card=card.name)
            if key in ("digimon", "tamers") and not self._count_holds(key, value, player) \
                    and self._count_holds(key, value, player, breeding=True):
                self.emit("breeding_area_not_counted", "CR 3-4-7-7", player, card=card.name, condition=key)
            if key == "digimon" and not self._count_holds(key, value, player) \
                    and self._count_holds(key, value, player, links=True):
                self.emit("link_card_not_counted", "CR 4-9-4", player, card=card.name, condition=key)
            if key in ("digimon", "tamers") and "colour" in value and not self._count_holds(key, value, player) \
                    and self._count_holds(key, value, player, single_colour=True):
                # CR 2-4-3-2: a multicolour card counted by one of its colours can't be treated as lacking it.
                self.emit("multicolour_not_lacking", "CR 2-4-3-2", player, card=card.name, condition=key,
                          colour="/".join(value["colour"]) if isinstance(value["colour"], list) else value["colour"])

    def _count_holds(self, what: str, spec: dict, player: int, breeding: bool = False, links: bool = False,
                     single_colour: bool = False) -> bool:
        """Whether a count condition holds; ``breeding`` counts the breeding areas too, which the
        rules never do (CR 3-4-7-7), ``links`` the Digimon cards plugged in as link cards, which
        aren't on the field (CR 4-9-4), and ``single_colour`` leaves out multicolour cards, which
        can't be treated as lacking a colour they have (CR 2-4-3-2); all three tell why a condition failed."""
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
                    if self._is_a(s, (category,)) and self._filter_problem(filters, s, None) is None
                    and not (single_colour and len(s.top.defn.colours) > 1))
            if breeding:
                n += sum(1 for p in players for s in [self.players[p].breeding]
                         if s is not None and self._category(s) == category and self._filter_problem(filters, s, None) is None)
            if links and category == "digimon" and all(k in CARD_FILTERS for k in filters):
                n += sum(1 for p in players for s in self.stacks(p) for c in s.links
                         if c.defn.category == "digimon" and card_filter_problem(c.defn, filters) is None)
        at_least, at_most = spec.get("at_least"), spec.get("at_most")
        if at_least is None and at_most is None:
            at_least = 1  # "if you have a Tamer"
        return (at_least is None or n >= at_least) and (at_most is None or n <= at_most)

    def _step_condition(self, step: dict, controller: int, card, stack: Stack | None) -> bool:
        """A condition on one step ("Then, if ...") binds that step only (CR 15-6-2)."""
        subject = self.trigger_subjects[-1] if "trigger" in step["if"] and self.trigger_subjects else None
        if subject is not None and subject in self.stacks():
            # CR 15-8-3-9-3: what it reads of the Digimon that triggered the effect is read as that Digimon is now.
            self.emit("trigger_subject_read", "CR 15-8-3-9-3", controller, card=card.name, subject=repr(subject),
                      level=self.level(subject), then=self.trigger_levels[-1] if self.trigger_levels else None)
        if self.conditions_hold(step["if"], controller, stack):
            return True
        name = next(k for k in step if k != "if")
        self._explain_unmet(step["if"], controller, stack, card)
        self.emit("condition_not_met", "CR 15-6-2", controller, card=card.name, step=name)
        return False

    # ------------------------------------------------------------------- filters ----
    def _category(self, stack: Stack) -> str:
        category = stack.top.defn.category
        return "digimon" if category == "digi-egg" else category  # CR 4-3-1: a Digi-Egg on the field is a Digimon

    def _is_a(self, stack: Stack, categories) -> bool:
        """Whether the card is one of ``categories``: its own category, or a Digimon because an effect
        has it treated as one as well (CR 15-12-1-4)."""
        return self._category(stack) in categories or "digimon" in categories and self.treated_as_digimon(stack)

    def _filter_problem(self, spec: dict, stack: Stack, source: Stack | None) -> IllegalAction | None:
        """Why ``stack`` doesn't meet these conditions for a target (each with the clause that
        decides it), or None."""
        d = stack.top.defn  # the top card's name, traits, colours and level (CR 4-3-3)
        for key, want in spec.items():
            changed = key in ("name", "name_contains") and self._info_may_differ(stack) and self.info(stack, "name")
            if changed and changed != printed_name(d):  # its name changed by an effect (CR 15-12-2-1)
                if key == "name" and changed != want or key == "name_contains" and want not in changed:
                    return IllegalAction(f"{stack!r} is named [{changed}] now", "CR 15-12-2-1")
                continue
            if key == "name" and not has_name(d, want):
                # CR 2-3-1-4: "ACE" isn't part of the name; CR 2-3-4-4-1: having [XX] in the name by a (Rule) is not being [XX]
                ref = ("CR 2-3-1-4" if d.name == want else "CR 2-3-4-4-1" if want in d.rule_name_parts
                       else self._printed_ref(stack, key, want))
                return IllegalAction(f"{stack!r} is not [{want}]", ref)
            if key == "name_contains" and not name_contains(d, want):
                ref = "CR 2-3-1-4" if want in d.name else self._printed_ref(stack, key, want)
                return IllegalAction(f"{stack!r} has no [{want}] in its name", ref)
            if key == "trait" and want not in all_traits(d):
                return IllegalAction(f"{stack!r} doesn't have the [{want}] trait", self._printed_ref(stack, key, want))
            if key == "trait_contains" and not any(want in t for t in all_traits(d)):
                return IllegalAction(f"{stack!r} has no [{want}] in any of its traits", self._printed_ref(stack, key, want))
            if key == "colour":
                colours = want if isinstance(want, list) else [want]
                if not set(colours) & set(d.colours):
                    return IllegalAction(f"{stack!r} is not {' or '.join(colours)}", self._printed_ref(stack, key, want))
            if key == "not_colour":
                has = [c for c in (want if isinstance(want, list) else [want]) if c in d.colours]
                if has:
                    # CR 2-4-3-2: a multicolour card can't be treated as lacking one of its colours.
                    return IllegalAction(f"{stack!r} is {' and '.join(has)}", "CR 2-4-3-2" if len(d.colours) > 1 else "CR 2-4-1")
            if key in ("level", "min_level", "max_level"):
                level = self.level(stack)  # its information as effects left it (CR 15-12)
                if level is None:
                    return IllegalAction(f"{stack!r} has no level", "CR 2-9-2")
                if (key == "level" and level != want or key == "min_level" and level < want
                        or key == "max_level" and level > want):
                    bound = {"level": "", "min_level": " or higher", "max_level": " or lower"}[key]
                    return IllegalAction(f"the effect names a level {want}{bound} card; {stack!r} is level {level}", FILTERS[key])
            if key in ("min_dp", "max_dp"):
                dp = self.dp(stack)
                if dp is None:
                    return IllegalAction(f"{stack!r} has no DP", "CR 2-5-3")
                if key == "min_dp" and dp < want or key == "max_dp" and dp > want:
                    bound = "or more" if key == "min_dp" else "or less"
                    return IllegalAction(f"the effect names a card with {want} DP {bound}; {stack!r} has {dp} DP", FILTERS[key])
            if key == "suspended" and stack.suspended != want:
                if want:
                    return IllegalAction(f"the effect names a suspended card; {stack!r} is unsuspended", FILTERS[key])
                return IllegalAction(f"the effect names an unsuspended card; {stack!r} is suspended", "CR 4-13-1-1-2")
            if key in ("min_sources", "max_sources"):
                n = len(stack.sources)
                if key == "min_sources" and n < want or key == "max_sources" and n > want:
                    bound = "or more" if key == "min_sources" else "or fewer"
                    # CR 4-9-2: its link cards would make up the number, but they aren't stacked cards.
                    ref = "CR 4-9-2" if key == "min_sources" and n + len(stack.links) >= want else FILTERS[key]
                    others = sum(1 for c in stack.sources if c.defn.category not in ("digimon", "digi-egg"))
                    if key == "max_sources" and n - others <= want:
                        ref = "CR 4-3-2"  # a Tamer or Option card under it is a digivolution card all the same
                    return IllegalAction(f"the effect names a Digimon with {want} digivolution cards {bound}; {stack!r} has {n}", ref)
            if key == "with_source" and not any(card_filter_problem(c.defn, want) is None for c in stack.sources):
                # CR 4-8-2: only the cards treated as its digivolution cards are read (not link cards,
                # not cards under a Tamer; a face-down one has no information, CR 4-7-9).
                return IllegalAction(f"{stack!r} has no such card among its digivolution cards", "CR 4-8-2")
            if key == "text" and want not in set().union(*printed_icons(d)):
                # CR 4-23-2: a keyword it has gained, or has from the cards under it, is not in its text
                gained = self.keyword(stack, want) or any(want in set().union(*printed_icons(c.defn)) for c in stack.sources)
                similar = any(want in icon for icon in set().union(*printed_icons(d)))
                return IllegalAction(f"{stack!r} has no <{want}> in its text",
                                     "CR 4-23-2" if gained else "CR 4-23-5" if want in d.notes
                                     else "CR 4-23-4" if similar else "CR 4-23-1")
            if key == "has_keyword" and not self.keyword(stack, want):
                return IllegalAction(f"the effect names a card with {want}; {stack!r} has none", FILTERS[key])
            if key == "other" and stack is source:
                return IllegalAction(f"the effect names your other cards, not {stack!r} itself", FILTERS[key])
            if key == "category":
                wanted = want if isinstance(want, list) else [want]
                if not self._is_a(stack, wanted):
                    return self._category_problem(stack, wanted)
        return None

    def _rule_counted(self, me: int, spec: dict, chosen: list[Stack]) -> None:
        """Say so when a chosen card has the trait or the name the effect names only by its (Rule)
        text, which always applies (CR 2-3-4-2-1, 2-3-4-3-1), or only once "ACE" is left out of its
        name (CR 2-3-1-4); and when an Option card in the battle area is chosen, that an effect put
        it there (CR 4-28-1)."""
        wanted = spec.get("category")
        for stack in chosen:
            d = stack.top.defn
            if d.category == "option" and "option" in (wanted if isinstance(wanted, list) else [wanted]):
                # CR 4-28-1: "an Option card in the battle area" is one an effect put there.
                self.emit("option_in_battle_area", "CR 4-28-1", me, card=repr(stack))
            if "trait" in spec and spec["trait"] not in d.traits and spec["trait"] in d.rule_traits:
                self.emit("rule_counts", "CR 2-3-4-2-1", me, card=repr(stack), counts_as=f"[{spec['trait']}] trait")
            if "name" in spec and spec["name"] in d.rule_names and spec["name"] != printed_name(d):
                self.emit("rule_counts", "CR 2-3-4-3-1", me, card=repr(stack), counts_as=f"[{spec['name']}]")
            if "name" in spec and spec["name"] == printed_name(d) != d.name:
                self.emit("ace_not_in_name", "CR 2-3-1-4", me, card=repr(stack), name=spec["name"])

    @staticmethod
    def _printed_ref(stack: Stack, key: str, want) -> str:
        """The clause that decides a name, trait or colour filter the top card fails: CR 4-3-3 when
        a digivolution card under it has what was asked (only inherited effects carry over, not
        the cards' names, traits or colours); CR 4-6-5-2 when the top card is a DUAL card whose Option
        information has the colour (as a Digimon it has only its Digimon information's); else the
        filter's own clause."""
        wants = want if isinstance(want, list) else [want]
        dual = stack.top.defn.option_side
        if key == "colour" and dual and set(wants) & set(dual.get("colours", ())):
            return "CR 4-6-5-2"
        for card in stack.sources:
            d = card.defn
            if (key == "name" and d.name == want or key == "name_contains" and want in d.name
                    or key == "trait" and want in d.traits or key == "trait_contains" and any(want in t for t in d.traits)
                    or key == "colour" and set(wants) & set(d.colours)):
                return "CR 4-3-3"
        return FILTERS[key]

    def _category_problem(self, stack: Stack, wanted: list[str]) -> IllegalAction:
        names = {"digimon": "Digimon", "tamer": "Tamers", "option": "Option cards"}
        if "option" in wanted and stack.top.defn.option_side:
            return IllegalAction(f"{stack!r} is a DUAL card on the field: a Digimon, never an Option card", "CR 4-6-3")
        ref = {"digimon": "CR 4-3-1", "tamer": "CR 4-4-1"}.get(wanted[0], "CR 2-2-1")
        if len(wanted) > 1:
            ref = "CR 4-24-1"  # "Digimon/Tamer": either one meets it, and this card is neither
        return IllegalAction(f"the effect names {' or '.join(names.get(w, w) for w in wanted)}; {stack!r} is not one", ref)

    # ------------------------------------------------------------------- targets ----
    def _breeding_left_out(self, me: int, who: str, spec: dict, card, source: Stack | None) -> None:
        """Say so when an effect reaching "all" the cards it names leaves out one in a breeding area
        that it names: effects don't affect cards there (CR 3-4-7-3)."""
        sides = {"all_own": [me], "all_opponent": [1 - me], "all_opponent_tamers": [1 - me]}.get(who, [])
        wanted = {"category": spec.get("category", "tamer" if who == "all_opponent_tamers" else "digimon")}
        wanted.update((k, v) for k, v in spec.items() if k in FILTER_KEYS)
        for p in sides:
            s = self.players[p].breeding
            if s is not None and self._filter_problem(wanted, s, source) is None:
                self.emit("breeding_area_unaffected", "CR 3-4-7-3", p, card=repr(s), source=card.name)

    def _all_affected(self, controller: int, who: str, stacks: list[Stack]):
        """Which of the stacks an "all ..." effect reaches: all of them, officially."""
        return (yield from self.variant.all_affected(controller, who, stacks))

    def _choose_targets(self, controller: int, who: str, step: dict, source: Stack | None = None):
        """Stacks an effect step may affect (``effect_target_problem``), or None for "this Digimon"."""
        if who == "self":
            return None
        stacks = [s for s in self.stacks() if self.effect_target_problem(controller, who, step, source, s) is None]
        self.variant.targets_chosen(controller, who, source, stacks)
        return stacks

    def effect_target_problem(self, controller: int, who: str, step: dict, source: Stack | None, stack: Stack | None):
        """Why an effect step of ``controller``'s may not choose or affect ``stack``, or None: the one
        predicate behind the targets offered, the choices refused and the cards an "all ..." or a
        persistent effect reaches.  Each refusal cites the clause that decides it."""
        problem = self._target_problem_unranked(controller, who, step, source, stack)
        if problem is not None:
            return problem
        ranked = [key for key in RANKINGS if key in step]
        if not ranked:
            return self.variant.effect_target_problem(controller, who, step, source, stack)
        # "with the lowest / highest DP / level": among the cards the step could otherwise take (CR 15-11-1-3-1).
        eligible = [s for s in self.stacks() if self._target_problem_unranked(controller, who, step, source, s) is None]
        for key in ranked:
            what = key.split("_")[1]
            read = self.dp if what == "dp" else self.level
            values = [read(s) for s in eligible if read(s) is not None]
            mine = read(stack)
            if mine is None:
                return IllegalAction(f"{stack!r} has no DP", "CR 2-5-3") if what == "dp" else \
                    IllegalAction(f"{stack!r} has no level", "CR 2-9-2")
            best = min(values) if key.startswith("lowest") else max(values)
            if mine != best:
                shown = "DP" if what == "dp" else "level"
                return IllegalAction(f"{stack!r} doesn't have the {key.split('_')[0]} {shown} ({best}) of the cards the effect names",
                                     "CR 15-11-1-3-1")
        return self.variant.effect_target_problem(controller, who, step, source, stack)

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
        if not self._is_a(stack, wanted):
            return self._category_problem(stack, wanted)
        if stack.owner != controller and self.attack and self.attack.attacker is stack and self.keyword(stack, "progress"):
            # CR 16-39: <Progress> - not affected by the opponent's effects while attacking.
            return IllegalAction(f"{stack!r} has <Progress> and is attacking", "CR 16-39-1")
        return self._filter_problem({k: v for k, v in step.items() if k in FILTER_KEYS}, stack, source)

    # ------------------------------------------------------- unaffected by effects ----
    def effect_type(self, card, stack: Stack | None) -> str:
        """Digimon, Tamer or Option effect (CR 15-2-1): by the card that activates it, an inherited
        effect being a Digimon effect (CR 15-3-2); a DUAL card being used with its Option information
        activates Option card effects (CR 4-6-6-3)."""
        if stack is None and card.defn.option_side and any(card in p.processing for p in self.players):
            return "option"
        category = (stack.top if stack is not None and stack.area == "battle" else card).defn.category
        if category == "tamer" and stack is not None and stack.area == "battle" and self.treated_as_digimon(stack):
            return "digimon+tamer"  # treated as a Digimon and a Tamer: its effects are both (CR 15-12-1-6)
        return {"tamer": "tamer", "option": "option"}.get(category, "digimon")

    def unaffected_ref(self, stack: Stack, by: int | None, etype: str = "digimon") -> str | None:
        """The clause that keeps an effect of player ``by`` off ``stack``, or None: "isn't affected by
        your opponent's effects" (CR 15-15-5-1) or <Progress> while attacking (CR 16-39-1)."""
        if by is None or by == stack.owner or stack.area != "battle":
            return None
        if ("unaffected_by" not in self._keywords_in_game and not stack.modifiers
                and (self.attack is None or self.attack.attacker is not stack)):
            return None  # no card of this game has or gives it (as ``keyword`` reasons), and <Progress> needs an attack
        return self._memoised(("unaffected", stack.sid, by, etype), lambda: self._unaffected_ref(stack, etype), None)

    def _unaffected_ref(self, stack: Stack, etype: str) -> str | None:
        for value in self._raw_keyword_values(stack, "unaffected_by"):
            if value == "opponent" or value.startswith("opponent_") and value[9:] in etype.split("+"):
                return "CR 15-15-5-1"
        if self.attack is not None and self.attack.attacker is stack and self._raw_keyword_values(stack, "progress"):
            return "CR 16-39-1"
        return None

    def _type_decides(self, me: int, target: Stack, card, stack: Stack | None, etype: str) -> None:
        """When ``target`` is unaffected by one type of the opponent's effects only, which type this
        effect is decides it: say so, with the clause that gives the type (CR 15-2-1-1 ... 15-2-1-3;
        an inherited effect is a Digimon effect whatever its card, CR 15-3-2)."""
        if target.owner == me or target.area != "battle":
            return
        if not any(v in ("opponent_digimon", "opponent_tamer", "opponent_option")
                   for v in self._raw_keyword_values(target, "unaffected_by")):
            return
        inherited = stack is not None and stack.area == "battle" and card is not stack.top and card in stack.sources
        ref = "CR 15-3-2" if inherited else TYPE_REFS[etype]
        if not inherited and card.defn.option_side and etype in DUAL_TYPE_REFS:
            ref = DUAL_TYPE_REFS[etype]  # a DUAL card: the side the effect is printed in gives its type
        self.emit("effect_type", ref, me, source=card.name, etype=etype, card=repr(target))

    def _unaffected_left_out(self, me: int, chosen: list[Stack], card, stack: Stack | None, step: str,
                             picked: bool = False) -> list[Stack]:
        """The chosen cards an effect of ``me``'s processes: one that isn't affected by it is still
        chosen but left as it is (CR 15-15-5-1, 15-15-5-3)."""
        etype = self.effect_type(card, stack)
        out = []
        for s in chosen:
            self._type_decides(me, s, card, stack, etype)
            ref = self.unaffected_ref(s, me, etype)
            if ref is None:
                out.append(s)
                if s.owner != me and s.area == "battle" and self.keyword(s, "progress"):
                    # CR 16-39-3: <Progress> works only while its Digimon is attacking.
                    self.emit("progress_inactive", "CR 16-39-3", s.owner, card=repr(s), source=card.name)
            else:
                if picked and ref == "CR 15-15-5-1":
                    # The player could choose it all the same (CR 15-15-5-3); the effect just does nothing to it.
                    self.emit("chosen_unaffected", "CR 15-15-5-3", me, card=repr(s), source=card.name)
                if step in ("gain", "security_attack") and ref == "CR 15-15-5-1":
                    ref = "CR 15-15-5-4"  # what it gains doesn't count as its own
                self.emit("unaffected", ref, s.owner, card=repr(s), source=card.name, step=step)
        return out
