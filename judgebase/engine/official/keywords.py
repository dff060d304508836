"""Keyword effects (CR 16): the registry of keywords and the keywords that need code of their own.
"""

from __future__ import annotations

from ..keywords import BY_KEY as KEYWORD_REGISTRY
from ..step_specs import card_filter_problem
from ..state import (
    Action,
    IllegalAction,
    Pending,
    Stack,
)
from .common import EITHER


class Keywords:
    """What a Digimon's keywords are, and the keywords that act by themselves."""

    # Keywords that are persistent effects (CR 15-8-2): gained, they apply at once, never activated.
    PERSISTENT_KEYWORDS = {"blocker": ("<Blocker>", "CR 16-5-2"), "jamming": ("<Jamming>", "CR 16-9-2"),
                           "reboot": ("<Reboot>", "CR 16-11-2"), "rush": ("<Rush>", "CR 16-15-2"),
                           "collision": ("<Collision>", "CR 16-30-2"), "iceclad": ("<Iceclad>", "CR 16-35-2"),
                           "progress": ("<Progress>", "CR 16-39-2"), "link_plus": ("<Link +>", "CR 16-40-2")}
    # Keywords that carry out processing within the effect that holds them (no category of their own).
    PROCESSING_KEYWORDS = {"draw": ("<Draw>", "CR 16-8-2"), "recovery": ("<Recovery>", "CR 16-6-2"),
                           "de_digivolve": ("<De-Digivolve>", "CR 16-12-2"), "blitz": ("<Blitz>", "CR 16-16-2"),
                           "save": ("<Save>", "CR 16-20-2"), "mind_link": ("<Mind Link>", "CR 16-28-2"),
                           "blast_digivolve": ("<Blast Digivolve>", "CR 16-26-2"),
                           "blast_dna_digivolve": ("<Blast DNA Digivolve>", "CR 16-31-2")}

    # Keywords whose processing the player can't decline: no choice is offered, it is carried out.
    MANDATORY_KEYWORDS = {"piercing": ("<Piercing>", "CR 16-7-3"), "draw": ("<Draw>", "CR 16-8-3"),
                          "reboot": ("<Reboot>", "CR 16-11-4"), "retaliation": ("<Retaliation>", "CR 16-13-3"),
                          "fortitude": ("<Fortitude>", "CR 16-27-3")}

    def _keyword_mandatory(self, player: int, key: str, holder: str) -> None:
        """Log that ``holder``'s mandatory keyword is carried out with no choice offered to its player."""
        printed, ref = self.MANDATORY_KEYWORDS[key]
        self.emit("keyword_mandatory", ref, player, keyword=printed, card=holder)

    def _same_keyword(self, player: int, key: str, chosen) -> None:
        """A step naming a keyword reaches a Digimon whose instance carries a number or specified
        cards: it still counts as that keyword, whatever the value (CR 16-2)."""
        for s in chosen:
            values = [v for v in self._keyword_values(s, key) if not isinstance(v, bool)]
            if values:
                self.emit("same_keyword", "CR 16-2", player, card=repr(s), keyword=KEYWORD_REGISTRY[key].printed,
                          values=", ".join(str(v) for v in values))

    def _keyword_processing(self, player: int, key: str, card) -> None:
        """Log that a processing keyword is carried out now, as part of ``card``'s effect."""
        printed, ref = self.PROCESSING_KEYWORDS[key]
        self.emit("keyword_processing", ref, player, keyword=printed, card=card.name)

    def _inherited_keyword(self, player: int, stack: Stack, name: str) -> None:
        """Log each digivolution card whose inherited effect gives this Digimon the keyword ``name``
        it is carrying out now: the Digimon has the inherited effects of the cards under it (CR 4-3-3)."""
        for card in stack.sources:
            if card.defn.keyword_maps[1].get(name) is not None:
                self.emit("inherited_keyword", "CR 4-3-3", player, card=repr(stack), keyword=KEYWORD_REGISTRY[name].printed,
                          source=card.name)

    def keyword(self, stack: Stack, name: str):
        """The value of keyword ``name`` on this Digimon (printed, inherited, gained, given by a
        persistent or lasting effect), else None.  What an effect the Digimon isn't affected by
        gives it doesn't count (CR 15-15-5-4)."""
        if stack.area != "battle":
            return None  # CR 3-4-7-8: breeding-area information isn't referenced
        if name not in self._keywords_in_game and not stack.modifiers:
            return None  # (asked here too, before the call: most keywords asked of most Digimon are in no card of the game)
        values = self._keyword_values(stack, name)
        if not values:
            return None
        if values[0] is True and len(values) == 1:
            return True  # (the usual case: one instance, no value)
        if all(isinstance(v, bool) for v in values):
            return True
        parts = [v for v in values if isinstance(v, tuple)]
        if parts:
            return parts[0]  # <Partition>: its specified cards
        texts = [v for v in values if isinstance(v, (str, dict))]  # dict: the specified cards (CR 16-3)
        # e.g. <Decoy (Black)>: the colour it protects; else the values add up (<Security A. +1>)
        return texts[0] if texts else sum(v for v in values if not isinstance(v, bool))

    def _only_gained(self, stack: Stack, name: str) -> bool:
        """Whether this Digimon has keyword ``name`` only because it gained it (CR 15-15-2-1): from an
        effect's "gains", not printed on it, inherited or given by a link card."""
        if stack.top.defn.keyword_maps[0].get(name) is not None or any(
                c.defn.keyword_maps[1].get(name) is not None for c in stack.sources) or any(
                key == name for link in stack.links for key, _ in (link.defn.link or {}).get("keywords", ())):
            return False
        gained = any(m.kind == "keyword" and m.value[0] == name and self.unaffected_ref(stack, m.by, m.etype) is None
                     for m in stack.modifiers)
        return gained or bool(self.continuous(stack, "keyword", name))

    def _keyword_possible(self, name: str, stacks) -> bool:
        """Whether one of ``stacks`` could have keyword ``name`` at all: some card of this game has or
        gives it (``_keywords_in_game``, kept by ``persistent._learn`` as cards are made), or the stack
        carries changes effects left on it.  Where no Digimon could, the actions of that keyword are
        not even put to its predicate: it would refuse every one ("has no <...>")."""
        if name in self._keywords_in_game:
            return True
        for s in stacks:  # (a loop, not any() over a generator: asked for every leave, save and block)
            if s.modifiers:
                return True
        return False

    def _keyword_values(self, stack: Stack, name: str, raw: bool = False) -> list:
        """Every value of ``name`` the Digimon has; ``raw`` counts those from effects it isn't
        affected by too (what "isn't affected" itself is read from)."""
        if name not in self._keywords_in_game and not stack.modifiers:
            return []  # no card of this game has it or gives it (``_keyword_possible``)
        # (Asked many times an action: the parts a Digimon doesn't have - cards under it, changes, link
        # cards - are skipped without a look.)
        cards = stack.cards
        value = cards[-1].defn.keyword_maps[0].get(name)
        values = [] if value is None else [value]
        if len(cards) > 1:
            for card in stack.sources:
                value = card.defn.keyword_maps[1].get(name)
                if value is not None:
                    values.append(value)
        if name != "succession" and "succession" in self._keywords_in_game:
            gained = self.succession_card(stack)  # every effect of that card but <Succession> (CR 16-47-1)
            value = None if gained is None else gained.defn.keyword_maps[0].get(name)
            if value is not None:
                values.append(value)
        if stack.modifiers:
            for mod in stack.modifiers:
                if mod.kind == "keyword" and mod.value[0] == name and (raw or self.unaffected_ref(stack, mod.by, mod.etype) is None):
                    values.append(mod.value[1])
        if stack.links:
            for link in stack.links:
                for key, value in (link.defn.link or {}).get("keywords", ()):
                    if key == name:
                        values.append(value)
        given = ("keyword", name)
        if given in self._may_give_others or given in self._may_give_self:
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
        if stack.cards[-1].defn.keyword(name) is not None:
            return True
        # (loops, not any() over generators: asked of the attacker for every <Blocker> lookup during an attack)
        for c in stack.sources:
            if c.defn.keyword(name, inherited=True) is not None:
                return True
        for m in stack.modifiers:
            if m.kind == "keyword" and m.value[0] == name:
                return True
        return False

    def _keyword_attack(self, player: int, stack: Stack, via: str):
        """A keyword effect lets ``stack`` attack now (<Blitz>, <Vortex>, <Execute>, <Engage>): the player may
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
        elif via in ("vortex", "execute", "engage", "blitz"):  # CR 16-33-3, 16-38-3, 16-44-3, 16-16-3: the attack is optional
            self.emit("declined", {"vortex": "CR 16-33-3", "execute": "CR 16-38-3", "engage": "CR 16-44-3",
                                   "blitz": "CR 16-16-3"}[via], player, card=repr(stack))

    def _ascension(self, p: Pending):
        """CR 16-43-1: the deleted card with <Ascension> may go from the trash to the top of its
        player's security stack; the player may decline (CR 16-43-3)."""
        card = p.card
        ps = self.players[p.player]
        if card not in ps.trash:
            return
        choice = yield self.decide(p.player, "ascension", [Action("yes"), Action("no")],
                                   f"<Ascension>: place {card.name} on top of your security stack?", EITHER)
        if choice.kind == "no":
            self.emit("declined", "CR 16-43-3", p.player, card=card.name)
            return
        ps.trash.remove(card)
        card.incarnation += 1
        card.face_up = False
        ps.security.insert(0, card)
        self.emit("ascension", "CR 16-43-1", p.player, card=card.name)
        self._security_changed(p.player, "security_added", by_effect=True)

    def succession_card(self, stack: Stack):
        """The digivolution card whose effects the Digimon has through the <Succession> printed on its
        top card: the topmost one that fits the keyword's specification (CR 16-47-1), or None.  Every
        reader of a Digimon's own effects (keywords, triggers, [Main] effects) asks this one place."""
        if "succession" not in self._keywords_in_game or stack.area != "battle":
            return None
        return self._succession_in(stack.cards)

    def _succession_in(self, cards):
        """The <Succession> card of a stack of ``cards`` (bottom to top), wherever it is now: an
        [On Deletion] effect reads the Digimon as it was on the field (CR 15-8-3-5)."""
        if "succession" not in self._keywords_in_game:
            return None
        spec = cards[-1].defn.keyword_maps[0].get("succession")
        if spec is None:
            return None
        for card in reversed(cards[:-1]):
            if self._specified(card, spec):
                return card
        return None

    def _succession_check(self) -> None:
        """<Succession> is a persistent effect (CR 16-47-2): a Digimon has the specified card's effects
        from the moment that card is its topmost fitting digivolution card, and loses them as soon as it
        isn't.  Log each start and stop (positions set up that way count as already started)."""
        if "succession" not in self._keywords_in_game:
            return
        now = {}
        for stack in self.stacks():
            card = self.succession_card(stack)
            if card is not None:
                now[stack.sid] = (stack, card)
        before, self._succession_seen = self._succession_seen, now
        if before is None:
            return
        for sid, (stack, card) in before.items():
            if stack in self.stacks() and (sid not in now or now[sid][1] is not card):
                self.emit("succession_ends", "CR 16-47-2", stack.owner, card=repr(stack), source=card.name)
        for sid, (stack, card) in now.items():
            if sid not in before or before[sid][1] is not card:
                self.emit("succession_applies", "CR 16-47-2", stack.owner, card=repr(stack), source=card.name)

    def _succession_effect(self, stack: Stack, card, effect: str) -> None:
        """Say that an effect the Digimon uses is one it has from its <Succession> card (CR 16-47-1)."""
        self.emit("succession_effect", "CR 16-47-1", stack.owner, card=repr(stack), source=card.name, effect=effect)

    @staticmethod
    def _specified(card, spec) -> bool:
        """Whether ``card`` is one of a keyword's specified cards (CR 16-3): ``true`` names any card,
        a mapping names them as a card filter does (a list of colours: any of them)."""
        if spec is True:
            return True
        colours = spec.get("colour")
        if isinstance(colours, (list, tuple)):
            return any(card_filter_problem(card.defn, {**spec, "colour": c}) is None for c in colours)
        return card_filter_problem(card.defn, spec) is None

    def _overclock(self, p: Pending):
        """CR 16-34: at the end of your turn, by deleting 1 of your Tokens or another of your Digimon
        the keyword specifies, the Digimon with <Overclock> attacks a player without suspending."""
        player, stack = p.player, p.stack
        if stack is None or stack not in self.players[player].battle:
            return
        problem = self.attack_problem(player, stack, -1, "overclock")
        if problem is not None:  # the attack the deletion pays for can't be made
            self.emit("overclock_unavailable", problem.ref, player, card=repr(stack), why=problem.reason)
            return
        trait = self.keyword(stack, "overclock")

        def fodder(s: Stack | None) -> IllegalAction | None:
            if s is None or s.owner != player or s.area != "battle" or not self.is_digimon(s) or s is stack:
                return IllegalAction("<Overclock> deletes 1 of your Tokens or another of your Digimon", "CR 16-34-1")
            if not s.top.defn.token and trait not in s.top.defn.traits:
                # CR 16-3: the cards the keyword's parentheses specify
                return IllegalAction(f"{s!r} is neither a Token nor a specified card (a Digimon with the [{trait}] trait)", "CR 16-3")
            return None

        decision = self._pick(player, "overclock", f"<Overclock>: delete a Token or a [{trait}] Digimon so {stack!r} attacks?", fodder)
        if len(decision.actions) == 1:
            return  # nothing it could delete
        choice = yield decision
        if choice.kind != "choose":
            self.emit("declined", "CR 16-34-3", player, card=repr(stack))  # deleting is optional
            return
        victim = self.find_stack(choice.target)
        deleted = yield from self._delete([victim], cause="effect", ref="CR 16-34-1", by=player)
        if not deleted:  # CR 15-7-2: the processing condition wasn't fulfilled, so no attack follows
            self.emit("condition_not_fulfilled", "CR 15-7-2", player, card=repr(stack), keyword="<Overclock>")
            return
        if self.attack_problem(player, stack, -1, "overclock") is None:
            # CR 16-34-3: once the Digimon is deleted, the attack on a player is mandatory.
            self.emit("overclock", "CR 16-34-3", player, card=repr(stack), deleted=repr(victim))
            yield from self._declare_attack(player, stack, -1, via="overclock")

    @staticmethod
    def _source_pick_problem(stack: Stack, chosen: list, a: Action, wrong: str, ref: str):
        """(the digivolution card of ``stack`` that the ``choose`` action ``a`` picks, why it can't be
        picked or None): it must name one of them (``wrong``, ``ref``), not one chosen already (CR 15-10-2-3)."""
        picked = next((c for c in stack.sources if c.uid == a.card), None)
        if picked is None or a.target is not None or a.option is not None or a.targets:
            return picked, IllegalAction(wrong, ref)
        if picked in chosen:
            return picked, IllegalAction(f"{picked.name} is already chosen", "CR 15-10-2-3")
        return picked, None

    def _digi_burst(self, me: int, amount: int, card, stack: Stack | None):
        """CR 16-14: trashing ``amount`` digivolution cards of this Digimon makes the rest of the effect
        activate; the player may decline (CR 16-14-2), and then nothing after it happens."""
        if stack is None or stack not in self.players[me].battle or len(stack.sources) < amount:
            self.emit("cost_unpaid", "CR 15-7-4", me, card=card.name)
            return False
        chosen: list = []

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                return IllegalAction("the digivolution cards can't be trashed only in part", "CR 15-7-3") if chosen else None
            if a.kind != "choose":
                return None
            return self._source_pick_problem(stack, chosen, a, f"<Digi-Burst> trashes digivolution cards of {stack!r}", "CR 16-14-1")[1]

        while len(chosen) < amount:
            candidates = [Action("decline")] + [Action("choose", c.uid) for c in stack.sources]
            pick = yield self.decide(me, "digi_burst", candidates,
                                     f"<Digi-Burst {amount}>: trash {amount - len(chosen)} more digivolution card(s) of {stack!r}?", check)
            if pick.kind == "decline":
                self.emit("declined", "CR 16-14-2", me, card=card.name)
                return False
            chosen.append(next(c for c in stack.sources if c.uid == pick.card))
        self._turn_face_up(chosen)
        for c in chosen:  # all of them at once
            stack.cards.remove(c)
            c.incarnation += 1
            self.players[stack.owner].trash.append(c)
        self._overflow(chosen, stack.owner, mid_effect=True)
        self.emit("digi_burst", "CR 16-14-1", me, card=repr(stack), trashed=[c.name for c in chosen])
        return True

    def _tamer_problem(self, me: int, printed: str, ref: str):
        """The predicate of choosing 1 of your Tamers for ``printed`` (<Save>, <Material Save>)."""
        def problem(s: Stack | None) -> IllegalAction | None:
            if s is None or s.owner != me or s.area != "battle" or s.top.defn.category != "tamer":
                return IllegalAction(f"{printed} puts the card(s) under 1 of your Tamers", ref)
            return None
        return problem

    def _put_under_tamer(self, me: int, tamer: Stack, cards: list, printed: str, ref: str) -> None:
        """The cards go under the Tamer one after another, each below those already there (CR 4-4-2)."""
        already = len(tamer.cards) > 1
        for c in cards:
            c.incarnation += 1
            tamer.cards.insert(0, c)
        if already:
            self.emit("under_tamer_bottom", ref, me, cards=[c.name for c in cards], tamer=repr(tamer), keyword=printed)

    def _save(self, me: int, card):
        """CR 16-20: this card may go under 1 of your Tamers (optional, CR 16-20-3); it comes from the
        trash, where an [On Deletion] effect finds it."""
        ps = self.players[me]
        if card not in ps.trash:
            self.emit("save_unavailable", "CR 16-20-1", me, card=card.name, why="the card is no longer in the trash")
            return
        decision = self._pick(me, "save", f"<Save>: put {card.name} under 1 of your Tamers?",
                              self._tamer_problem(me, "<Save>", "CR 16-20-1"))
        if len(decision.actions) == 1:
            self.emit("save_unavailable", "CR 16-20-1", me, card=card.name, why="you have no Tamer")
            return
        choice = yield decision
        if choice.kind != "choose":
            self.emit("declined", "CR 16-20-3", me, card=card.name)
            return
        tamer = self.find_stack(choice.target)
        ps.trash.remove(card)
        printed = [e for e in card.defn.effects if any("save" in step for step in e.steps)]
        if not printed:
            # CR 15-3-3: the <Save> came from an inherited effect, so "this card" is the digivolution card
            # that gave it, not the Digimon's top card.
            self.emit("this_card_inherited", "CR 15-3-3", me, card=card.name)
        self.emit("save", "CR 16-20-1", me, card=card.name, tamer=repr(tamer))
        self._put_under_tamer(me, tamer, [card], "<Save>", "CR 4-4-2")

    def _material_save(self, stack: Stack):
        """CR 16-21: as the Digimon is about to be deleted, its player may put X of its digivolution cards
        named in its top card's DigiXros requirements under 1 of their Tamers."""
        me = stack.owner
        amount = self.keyword(stack, "material_save")
        names = (stack.top.defn.digixros or (0, ()))[1]
        eligible = [c for c in stack.sources if c.defn.name in names]
        problem = self._tamer_problem(me, "<Material Save>", "CR 16-21-1")
        if not amount or not eligible or not any(problem(s) is None for s in self.stacks(me)):
            return
        self.emit("immediate_trigger", "CR 16-21-2", me, card=repr(stack), effect=f"<Material Save {amount}> of {stack!r}")
        decision = self._pick(me, "material_save", f"<Material Save {amount}>: choose the Tamer to put cards under", problem)
        choice = yield decision
        if choice.kind != "choose":
            self.emit("declined", "CR 16-21-3", me, card=repr(stack))
            return
        tamer = self.find_stack(choice.target)
        want = min(amount, len(eligible))  # CR 16-21-3: the full number, as far as possible
        chosen: list = []

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                return IllegalAction(f"<Material Save> places {want} card(s) once it is carried out", "CR 16-21-3")
            if a.kind != "choose":
                return None
            picked, problem = self._source_pick_problem(stack, chosen, a, f"<Material Save> takes digivolution cards of {stack!r}",
                                                        "CR 16-21-1")
            if problem is None and picked.defn.name not in names:
                return IllegalAction(f"{picked.name} isn't named in {stack.name}'s DigiXros requirements", "CR 16-21-1")
            return problem

        while len(chosen) < want:
            candidates = [Action("decline")] + [Action("choose", c.uid) for c in stack.sources]
            pick = yield self.decide(me, "material_save_card", candidates,
                                     f"<Material Save>: the next card to put under {tamer!r} ({len(chosen) + 1} of {want})", check)
            picked = next(c for c in stack.sources if c.uid == pick.card)
            # CR 16-21-5: copies of one named card may be chosen; CR 16-21-4: in the order the player picks
            ref = "CR 16-21-5" if any(c.defn.name == picked.defn.name for c in chosen) else "CR 16-21-4"
            chosen.append(picked)
            self.emit("material_save_card", ref, me, card=picked.name, order=len(chosen))
        for c in chosen:
            stack.cards.remove(c)
        self.emit("material_save", "CR 16-21-1", me, card=repr(stack), tamer=repr(tamer), cards=[c.name for c in chosen])
        self._put_under_tamer(me, tamer, chosen, "<Material Save>", "CR 16-21-6")

    def _mind_link(self, me: int, spec, card, stack: Stack | None):
        """CR 16-28: the Tamer with it goes among the digivolution cards of 1 of your Digimon that has no
        Tamer card among its digivolution cards (at the bottom); mandatory (CR 16-28-3)."""
        if stack is None or stack not in self.players[me].battle or stack.top.defn.category != "tamer":
            self.emit("mind_link_unavailable", "CR 16-28-1", me, card=card.name, why="the Tamer is not in the battle area")
            return
        spec = spec if isinstance(spec, dict) else {}

        def problem(s: Stack | None) -> IllegalAction | None:
            if s is None or s.owner != me or s.area != "battle" or s.top.defn.category != "digimon":
                return IllegalAction("<Mind Link> goes under 1 of your Digimon", "CR 16-28-1")
            if any(c.defn.category == "tamer" for c in s.sources):
                return IllegalAction(f"{s!r} already has a Tamer card among its digivolution cards", "CR 16-28-1")
            why = card_filter_problem(s.top.defn, spec)
            return IllegalAction(why, "CR 16-3") if why else None

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline":
                return IllegalAction("<Mind Link> is mandatory: the Tamer must go under a Digimon", "CR 16-28-3")
            if a.kind != "choose":
                return None
            if a.target is None or a.card is not None or a.option is not None or a.targets:
                return IllegalAction("choose 1 of your Digimon", "CR 16-28-1")
            return problem(self.find_stack(a.target))

        candidates = [Action("decline")] + [Action("choose", target=s.sid) for s in self.stacks()]
        decision = self.decide(me, "mind_link", candidates, f"<Mind Link>: the Digimon {card.name} goes under", check)
        if not decision.actions:
            self.emit("mind_link_unavailable", "CR 16-28-1", me, card=card.name, why="no Digimon can take it")
            return
        choice = yield decision
        target = self.find_stack(choice.target)
        self.players[me].battle.remove(stack)
        tamer = stack.top
        for c in stack.cards[:-1]:  # cards under the Tamer stay on the field no longer
            c.incarnation += 1
            self.players[me].trash.append(c)
        target.cards.insert(0, tamer)
        self.emit("mind_link", "CR 16-28-1", me, card=tamer.name, digimon=repr(target))
        # CR 4-7-7: under the top card it is part of that Digimon's information, no longer on the field
        self.emit("left_field_under", "CR 4-7-7", me, card=tamer.name, under=repr(target))
        self._continuous_check()
        self._sources_added(target, placed=(tamer,))

    def _partition(self, stack: Stack, cause: str, by: int | None):
        """CR 16-29: the Digimon is about to leave the battle area, not by battle nor by its player's
        effects; if 1 of each specified card is among its digivolution cards, its player may play them
        all without paying their costs (CR 16-29-3, 16-29-4).  The Digimon still leaves."""
        me = stack.owner
        parts = self.keyword(stack, "partition")
        if not parts or cause == "battle" or (cause == "effect" and by == me) or stack not in self.players[me].battle:
            return
        specs = [dict(part) for part in parts]
        if not self._partition_assignable(stack.sources, specs):
            return
        self.emit("partition_trigger", "CR 16-29-2", me, card=repr(stack))
        choice = yield self.decide(me, "partition", [Action("yes"), Action("no")], f"<Partition> of {stack!r}: play the specified cards?",
                                   lambda a: None)
        if choice.kind == "no":
            self.emit("declined", "CR 16-29-3", me, card=repr(stack))
            return
        chosen: list = []
        for n, spec in enumerate(specs):
            def check(a: Action, spec=spec) -> IllegalAction | None:
                if a.kind == "decline":
                    return IllegalAction("<Partition> plays every specified card, not only some", "CR 16-29-4")
                if a.kind != "choose":
                    return None
                picked = next((c for c in stack.sources if c.uid == a.card), None)
                if picked is None or a.target is not None or a.option is not None or a.targets:
                    return IllegalAction(f"<Partition> plays digivolution cards of {stack!r}", "CR 16-29-1")
                if picked in chosen:
                    return IllegalAction(f"{picked.name} is already chosen", "CR 15-10-2-3")
                why = card_filter_problem(picked.defn, spec)
                if why is None and not self._partition_assignable([c for c in stack.sources if c not in chosen and c is not picked],
                                                                  specs[n + 1:]):
                    why = f"{picked.name} is needed for another specified card"
                return IllegalAction(why, "CR 16-3") if why else None

            candidates = [Action("decline")] + [Action("choose", c.uid) for c in stack.sources]
            decision = self.decide(me, "partition_card", candidates, f"<Partition>: specified card {n + 1} of {len(specs)}", check)
            if len(decision.actions) == 1:
                pick = decision.actions[0]
            else:
                pick = yield decision
            chosen.append(next(c for c in stack.sources if c.uid == pick.card))
        self.emit("partition", "CR 16-29-1", me, card=repr(stack), cards=[c.name for c in chosen])
        for c in chosen:
            stack.cards.remove(c)
        for c in chosen:  # CR 16-29-4: every specified card is played, none of their costs paid
            yield from self._play(me, c, cost=None, ref="CR 16-29-4")

    @staticmethod
    def _partition_assignable(cards: list, specs: list[dict]) -> bool:
        """Whether a different card can be found for each specified card (1 of each, CR 16-29-1)."""
        if not specs:
            return True
        return any(card_filter_problem(c.defn, specs[0]) is None
                   and Keywords._partition_assignable([x for x in cards if x is not c], specs[1:]) for c in cards)

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
            before, a.target = a.target, self.find_stack(choice.target)
            tie = sum(1 for s in eligible if self.dp(s) == top) > 1  # CR 16-23-4: the player picks among equals
            # CR 11-2-7-5: the switch touches the attacking player only, so a target unaffected by their effects is still switched to
            ref = "CR 11-2-7-5" if self.unaffected_ref(a.target, p.player) else "CR 16-23-4" if tie else "CR 16-23-1"
            self.emit("target_switched", ref, p.player, target=repr(a.target))
            # CR 11-2-7-2: an effect changes the target chosen at the declaration.
            self.emit("attack_target_changed", "CR 11-2-7-2", p.player, before=repr(before) if before else "player",
                      after=repr(a.target))
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
            a.helpers.append((helper, added))
            a.extra_checks += 1
            self.emit("alliance", "CR 16-24-1", p.player, suspended=repr(helper), dp_added=added)
        else:  # CR 16-24-3: no Digimon suspended, so no DP and no <Security A. +1> follow
            self.emit("declined", "CR 16-24-3", p.player, card=repr(p.stack))

    def _alliance_bonuses_hold(self) -> None:
        """When the battle compares DP: what <Alliance> added stays as it was when the helper was
        suspended (CR 16-24-4).  A helper that left the battle area is said where it leaves (CR 16-24-5,
        ``rule_checks._leave_field``)."""
        a = self.attack
        for helper, added in a.helpers if a is not None else ():
            if helper in self.players[helper.owner].battle and (self.dp(helper) or 0) != added:
                self.emit("alliance_dp_fixed", "CR 16-24-4", a.attacker.owner, attacker=repr(a.attacker), helper=repr(helper),
                          dp_added=added, dp_now=self.dp(helper) or 0)

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

    def _de_digivolve_instance(self, me: int, stack: Stack, spec: dict, card, etype: str, instance: int):
        """Before the next separate instance of <De-Digivolve> in one effect: the chosen card's state
        as the last one left it is confirmed (CR 16-12-8); True when this instance goes ahead, on its
        own (CR 16-12-7)."""
        self._continuous_check()
        if stack not in self.players[stack.owner].battle:
            return False
        ref = self.unaffected_ref(stack, me, etype)
        if ref is not None:
            self.emit("de_digivolve_instance_ignored", "CR 16-12-8", me, card=repr(stack), top=stack.top.name,
                      left=int(spec.get("instances", 1)) - instance)
            return False
        self.emit("de_digivolve_instance", "CR 16-12-7", me, card=repr(stack), instance=instance + 1,
                  amount=int(spec.get("amount", 1)), source=card.name)
        return True
        yield  # pragma: no cover - a generator, like the other steps

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
        first = stack.top.defn.category
        for _ in range(amount):
            top = stack.top
            if len(stack.cards) == 1 or (top.defn.level is not None and top.defn.level <= 3):
                break
            if trashed and top.defn.category != first:  # CR 16-12-6: the trashing goes on to the declared number
                self.emit("de_digivolve_goes_on", "CR 16-12-6", me, card=repr(stack), top=top.name)
            stack.cards.pop()
            top.incarnation += 1
            self.players[stack.owner].trash.append(top)
            self._overflow([top], stack.owner)
            trashed.append(top.name)
        if trashed:
            self.emit("de_digivolve", "CR 16-12-1", me, card=repr(stack), trashed=trashed)
            if len(trashed) > 1:  # CR 16-12-5: taken one after another, trashed at the same moment
                self.emit("trashed_together", "CR 16-12-5", me, card=repr(stack), cards=trashed)
            self._new_top_card(stack)
        else:
            self.emit("de_digivolve_blocked", "CR 16-12-4", me, card=repr(stack))
