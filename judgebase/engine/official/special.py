"""Special ways to play and digivolve: DNA, DigiXros, Assembly, Burst, Link (from the hand or
the battle area) and App Fusion, DUAL cards and Arts Digivolve, ACE cards with <Blast Digivolve>,
<Blast DNA Digivolve> and <Overflow>.

A mixin of :class:`judgebase.engine.official.Game`; every refusal and event names
its clause, as everywhere in the engine.
"""

from __future__ import annotations

from itertools import product

from ..cards import Requirement
from ..state import Action, Card, IllegalAction, Pending, Stack

SPECIAL_KINDS = ("dna", "burst", "app_fusion", "link")


class SpecialDigivolutions:
    # ------------------------------------------------------------- requirements ----
    def requirement_problem(self, req: Requirement, base: Card) -> IllegalAction | None:
        """Why ``base`` doesn't meet a digivolution requirement (CR 2-3-5), or None."""
        # Asked of every card on the field for every card in the hand while the legal actions are
        # listed, so the words of a refusal are only put together when read (both are immutable).
        # The answer depends on the two definitions only: whether it is met is kept per pair and
        # game, with the pair (so neither id is reused meanwhile); a refusal is worded afresh.
        d = base.defn
        key = (id(req), id(d))
        known = self._fits.get(key)
        if known is not None and known[0]:
            return None
        problem = self._requirement_refusal(req, d)
        if known is None:
            self._fits[key] = (problem is None, req, d)
        return problem

    def requirement_met(self, req: Requirement, base: Card) -> bool:
        """Whether ``requirement_problem`` finds nothing: read from what it keeps per pair of
        definitions, so offering asks each pair once and words no refusal."""
        known = self._fits.get((id(req), id(base.defn)))
        if known is None:
            return self.requirement_problem(req, base) is None
        return known[0]

    def _requirement_refusal(self, req: Requirement, d) -> IllegalAction | None:
        if d.token:
            return IllegalAction("cards can't be stacked on a token", "CR 4-21-3")
        if req.name:
            if d.name != req.name:
                return IllegalAction(lambda: f"the requirement needs [{req.name}], not {d.name}", "CR 2-3-5-3")
            return None
        if req.level is not None:
            if d.level is None:
                return IllegalAction(lambda: f"{d.name} has no level, so a level requirement can't be met", "CR 2-9-2")
            if d.level != req.level:
                return IllegalAction(lambda: f"the requirement needs level {req.level}, not level {d.level}", "CR 2-3-5")
        if req.colours and not set(req.colours).intersection(d.colours):
            return IllegalAction(lambda: f"the requirement needs a {'/'.join(req.colours)} card; "
                                         f"{d.name} is {'/'.join(d.colours) or 'colourless'}", "CR 2-3-5")
        return None

    # ------------------------------------------------------------ main actions ----
    def _special_candidates(self, tp: int) -> list[Action]:
        """Candidates for the special digivolutions, generated only where each material meets its
        requirement (``requirement_problem``, the question ``_check_special`` asks of it), with a Tamer
        Burst may return (``_burst_tamer_problem``) and a Digimon App Fusion may use (``_app_fusion_problem``)."""
        out = []
        mine = self.stacks(tp)
        breeding = [self.players[tp].breeding] if self.players[tp].breeding else []
        for card in self.players[tp].hand:
            d = card.defn
            if not (d.dna or d.burst or d.app_fusion or d.link):
                continue  # (most cards have none of them)
            for i, (_cost, parts) in enumerate(d.dna):
                fits = [[s for s in mine if self.requirement_met(part, s.top)] for part in parts]
                for pair in product(*fits):
                    if len(set(pair)) == len(pair):
                        out.append(Action("dna", card.uid, option=i, targets=tuple(s.sid for s in pair)))
            for i, (req, tamer_name) in enumerate(d.burst):
                tamers = None
                for stack in mine + breeding:
                    if self.requirement_met(req, stack.top):
                        if tamers is None:  # the Tamers it may return (``_burst_tamer_problem``)
                            tamers = [t for t in mine if self._burst_tamer_problem(tp, t, tamer_name) is None]
                        out += [Action("burst", card.uid, stack.sid, i, targets=(tamer.sid,)) for tamer in tamers]
            for i, (_cost, names) in enumerate(d.app_fusion):
                for stack in mine:
                    if self._app_fusion_problem(tp, stack, names) is None:
                        out.append(Action("app_fusion", card.uid, stack.sid, i))
            if d.link:
                for stack in mine:
                    if self.requirement_met(d.link["requirement"], stack.top):
                        out.append(Action("link", card.uid, stack.sid))
        for source in mine:  # CR 6-5-1-4-1: a card with [Link] in the battle area links too
            if source.cards[-1].defn.link:
                out += [Action("link", source.top.uid, stack.sid) for stack in mine if stack is not source]
        return out

    def _dna_problem(self, tp: int, card, a: Action) -> IllegalAction | None:
        """Why ``card`` can't be DNA digivolved into from the Digimon ``a.targets`` (CR 8-2), or None:
        the main phase action's question, and an effect's that DNA digivolves."""
        d = card.defn
        if not d.dna or a.option is None or not 0 <= a.option < len(d.dna):
            return IllegalAction(f"{d.name} has no such [DNA Digivolution] requirement", "CR 8-2-1")
        _cost, parts = d.dna[a.option]
        if len(a.targets) != len(parts) or len(set(a.targets)) != len(a.targets):
            return IllegalAction(f"DNA digivolution needs {len(parts)} different Digimon", "CR 8-2-3-1")
        for sid, part in zip(a.targets, parts):
            stack = self.find_stack(sid)
            if stack is None or stack.owner != tp:
                return IllegalAction("DNA digivolution uses your own Digimon", "CR 8-2-3-1")
            if stack.area != "battle":
                return IllegalAction(f"{stack!r} is in the breeding area; DNA digivolution uses Digimon in your battle area", "CR 6-5-1-2-2")
            if stack.top.defn.category != "digimon":
                return IllegalAction(f"{stack!r} is not a Digimon", "CR 6-5-1-2-2")
            problem = self.requirement_problem(part, stack.top)
            if problem:
                return IllegalAction(f"DNA requirement not met: {problem.reason}", "CR 8-2-3-1")
            problem = self.digivolve_prohibition(stack, "dna")
            if problem:
                return problem
        return None

    def _check_special(self, tp: int, a: Action) -> IllegalAction | None:
        if self.phase != "main" or self.attack is not None:
            return IllegalAction("this is a main phase action, with nothing pending", "CR 6-5-1")
        if a.kind == "link":
            return self.link_problem(tp, a)
        card = next((c for c in self.players[tp].hand if c.uid == a.card), None)
        if card is None:
            return IllegalAction("that card is not in the turn player's hand", "CR 6-5-1")
        d = card.defn
        if a.kind == "dna":
            return self._dna_problem(tp, card, a)
        if a.kind == "burst":
            if not d.burst or a.option is None or not 0 <= a.option < len(d.burst):
                return IllegalAction(f"{d.name} has no [Burst Digivolve] requirement", "CR 8-3-1")
            req, tamer_name = d.burst[a.option]
            stack = self.find_stack(a.target)
            if stack is None or stack.owner != tp:
                return IllegalAction("Burst digivolve one of your own cards on the field", "CR 8-3-3-1")
            problem = self.requirement_problem(req, stack.top) or self.digivolve_prohibition(stack, "burst")
            if problem:
                return problem
            return self._burst_tamer_problem(tp, self.find_stack(a.targets[0]) if a.targets else None, tamer_name)
        if a.kind == "app_fusion":
            if not d.app_fusion or a.option is None or not 0 <= a.option < len(d.app_fusion):
                return IllegalAction(f"{d.name} has no [App Fusion] requirement", "CR 8-4-1")
            _cost, names = d.app_fusion[a.option]
            return self._app_fusion_problem(tp, self.find_stack(a.target), names)
        return None

    def _burst_tamer_problem(self, tp: int, tamer: Stack | None, tamer_name: str) -> IllegalAction | None:
        """The Tamer part of ``_check_special``'s Burst rule: the Tamer it returns (CR 8-3-3-2), the
        one it names (CR 8-3-1).  Candidates are generated only with a Tamer it allows."""
        if tamer is None or tamer.owner != tp or tamer.area != "battle" or tamer.top.defn.category != "tamer":
            return IllegalAction("Burst Digivolve returns one of your Tamers from the battle area", "CR 8-3-3-2")
        if tamer.top.defn.name != tamer_name:
            return IllegalAction(f"this Burst Digivolve needs [{tamer_name}], not {tamer.top.defn.name}", "CR 8-3-1")
        return None

    def _app_fusion_problem(self, tp: int, stack: Stack | None, names: tuple[str, ...]) -> IllegalAction | None:
        """The Digimon part of ``_check_special``'s App Fusion rule: a linked Digimon of yours whose
        link card makes the pair (CR 8-4-1, 8-4-2-1, 8-4-3-1).  Candidates are generated only where it
        allows one."""
        if stack is None or stack.owner != tp or stack.area != "battle":
            return IllegalAction("App Fusion uses one of your linked Digimon in the battle area", "CR 8-4-3-1")
        if not stack.links:
            return IllegalAction(f"{stack!r} has no link card", "CR 8-4-1")
        if not self._app_pair(stack, names):
            return IllegalAction(f"{stack!r} and its link card aren't 2 different cards of {' & '.join(names)}", "CR 8-4-2-1")
        return self.digivolve_prohibition(stack, "app_fusion")

    def link_source(self, tp: int, uid: int | None) -> tuple[Card | None, Stack | None]:
        """The card a link declaration names: in the hand, or the top card of a Digimon in your
        battle area (CR 6-5-1-4-1), with that Digimon."""
        card = next((c for c in self.players[tp].hand if c.uid == uid), None)
        if card is not None:
            return card, None
        source = next((s for s in self.players[tp].battle if s.top.uid == uid), None)
        return (source.top, source) if source is not None else (None, None)

    def link_problem(self, tp: int, a: Action) -> IllegalAction | None:
        """Why linking ``a.card`` into ``a.target`` is refused now (CR 10-1), or None."""
        card, source = self.link_source(tp, a.card)
        if card is None:
            return IllegalAction("a link card comes from your hand or your battle area", "CR 6-5-1-4-1")
        link = card.defn.link
        if not link:
            return IllegalAction(f"{card.name} has no [Link] information", "CR 10-1-1")
        stack = self.find_stack(a.target) if a.target is not None else None
        if stack is None or stack.owner != tp or stack.area != "battle" \
                or not (stack.top.defn.category == "digimon" or self.treated_as_digimon(stack)):
            # (a card an effect treats as a Digimon is one to the rules for Digimon, CR 15-12-1-4)
            return IllegalAction("a link goes into one of your Digimon in the battle area", "CR 10-1-1")
        if stack is source:
            return IllegalAction(f"{stack!r} can't be linked into itself: choose 1 of your other Digimon", "CR 10-1-3-1")
        if stack.top.defn.token:
            return IllegalAction("tokens can't get linked", "CR 4-21-4")
        problem = self.requirement_problem(link["requirement"], stack.top)
        if problem:
            return IllegalAction(f"link requirement not met: {problem.reason}", "CR 10-1-3-1")
        return None

    def _app_pair(self, stack: Stack, names: tuple[str, ...]) -> Card | None:
        """The link card that forms a valid App Fusion pair with this Digimon (CR 8-4-2-1)."""
        if stack.top.defn.name not in names:
            return None
        for link in stack.links:
            if link.defn.name in names and link.defn.name != stack.top.defn.name:
                return link
        return None

    def _do_special(self, tp: int, a: Action):
        if a.kind == "link":
            card, source = self.link_source(tp, a.card)
            if source is None:
                self._take_from_hand(tp, a.card)
            yield from self._link(tp, card, self.find_stack(a.target))
            return
        card = self._take_from_hand(tp, a.card)
        if a.kind == "dna":
            yield from self._dna(tp, card, a)
        elif a.kind == "burst":
            yield from self._burst(tp, card, a)
        elif a.kind == "app_fusion":
            yield from self._app_fusion(tp, card, a)

    # ------------------------------------------------------------------ DNA ----
    def _dna(self, tp: int, card: Card, a: Action):
        cost, parts = card.defn.dna[a.option]
        materials = [self.find_stack(sid) for sid in a.targets]
        self.emit("dna_declared", "CR 8-2-3-1", tp, card=card.name, materials=", ".join(repr(s) for s in materials))
        cost = self.changed_digivolve_cost(tp, materials, cost, "CR 8-2-2-5", card)
        self.pay(tp, cost, "CR 8-2-3-2", f"DNA digivolve into {card.name}")
        # What the materials were doesn't carry over to the new Digimon (CR 8-2-2-1-1 ... 8-2-2-1-7).
        suspended = [s for s in materials if s.suspended]
        affected = [s for s in materials if s.modifiers]
        used = [c for s in materials for c in s.cards if any(k[:2] == (c.uid, c.incarnation) for k in self.per_turn_used)]
        played_now = [s for s in materials if s.placed_turn == self.turn]
        cards: list[Card] = []
        for stack in materials:
            if stack.sources:  # CR 8-2-2-3: its digivolution cards come along, their order unchanged
                self.emit("digivolution_cards_kept", "CR 8-2-2-3", tp, card=repr(stack),
                          cards=", ".join(c.name for c in reversed(stack.sources)))
        for stack in reversed(materials):  # CR 8-2-2-2: the left-named Digimon ends on top
            for link in stack.links:
                self.players[tp].trash.append(link)
                self.emit("link_trashed", "CR 8-2-2-1-2", tp, card=link.name)
            stack.links = []
            self.players[tp].battle.remove(stack)
            for c in stack.cards:
                c.incarnation += 1  # CR 8-2-2-1-2: new cards
            cards += stack.cards
            if self.attack and (self.attack.attacker is stack or self.attack.target is stack):
                ref = "CR 8-2-2-1-3" if self.attack.attacker is stack else "CR 8-2-2-1-4"
                self.emit("attack_participant_gone", ref, tp, card=repr(stack))
        card.face_up = True
        card.incarnation += 1
        result = self.new_stack(tp, cards + [card])
        result.placed_turn = self.turn - 1  # CR 8-2-2-1-7: it can attack this turn
        self.players[tp].battle.append(result)
        self._dna_result(result, materials)
        self.emit("dna_stacked", "CR 8-2-2-2", tp, card=repr(result), order=", ".join(s.top.name for s in materials))
        self.emit("dna_digivolved", "CR 8-2-3-3", tp, card=repr(result), unsuspended="CR 8-2-2-1-1", cards=len(result.cards))
        if suspended:
            self.emit("dna_unsuspended", "CR 8-2-2-1-1", tp, card=repr(result), was=", ".join(repr(s) for s in suspended))
        if affected:
            self.emit("dna_effects_end", "CR 8-2-2-1-5", tp, card=", ".join(repr(s) for s in affected))
        if used:
            self.emit("dna_per_turn_reset", "CR 8-2-2-1-6", tp, card=", ".join(c.name for c in used))
        if played_now:
            self.emit("played_this_turn_cleared", "CR 8-2-2-1-7", tp, card=repr(result), was=", ".join(repr(s) for s in played_now))
        self._bonus_draw(tp, "CR 8-2-3-3")
        self._digivolved(result, tp)
        yield from self._resolve_unless_processing()  # an effect's DNA digivolution: after that effect

    def _dna_result(self, result: Stack, materials: list[Stack]) -> None:
        """What a format tracks about a Digimon (Tamer Tactics groups) carries over to the result."""
        self.variant.dna_result(result, materials)

    def _bonus_draw(self, tp: int, ref: str) -> None:
        if self.players[tp].deck:
            self._draw(tp, 1, ref)
        else:
            self.emit("no_bonus_draw", "CR 8-1-2-8", tp)

    # ---------------------------------------------------------------- Burst ----
    def _burst(self, tp: int, card: Card, a: Action):
        req, tamer_name = card.defn.burst[a.option]
        stack = self.find_stack(a.target)
        tamer = self.find_stack(a.targets[0])
        self.emit("burst_declared", "CR 8-3-3-1", tp, card=card.name, onto=repr(stack))
        yield from self._about_to_leave(tamer)  # "when this Tamer would leave the battle area" (CR 15-8-5-2)
        if tamer in self.players[tp].battle:
            self._return_burst_tamer(tamer)
        self.pay(tp, self.changed_digivolve_cost(tp, [stack], req.cost, "CR 8-3-2-3", card), "CR 8-3-3-3",
                 f"Burst digivolve into {card.name}")
        card.face_up = True
        stack.cards.append(card)
        self.emit("burst_digivolved", "CR 8-3-3-4", tp, card=repr(stack))
        self._bonus_draw(tp, "CR 8-3-3-4")
        self.burst_pending.append((stack.sid, card.uid, self.turn))
        self._digivolved(stack, tp)
        yield from self._resolve()
        self.variant.digivolved(stack, "burst")

    def _return_burst_tamer(self, tamer: Stack) -> None:
        if not self.variant.return_burst_tamer(tamer):
            self._leave_field(tamer, "hand", "CR 8-3-3-2")

    def _burst_end_of_turn(self) -> None:
        """CR 8-3-2-1: pending processing - the top card is trashed at the end of that turn.  It waits
        there like an effect triggered at that timing (CR 18-1-1), so it takes its turn among the
        end-of-turn effects in the order the player chooses (CR 18-1-2)."""
        for sid, uid, turn in self.burst_pending:
            if turn != self.turn:
                continue
            stack = self.find_stack(sid)
            if stack is None:
                continue
            source = f"Burst Digivolve of {stack!r}: trash its top card"
            self.emit("pending_processing", "CR 18-1-1", stack.owner, card=repr(stack), effect=source)
            self.pending.append(Pending(stack.owner, source, "burst_trash", stack=stack, data={"pending_processing": True}))
        self.burst_pending = []
        for turn, player, effect, card in self.later:
            if turn == self.turn:
                source = f"what {card.name}'s effect left for the end of the turn"
                self.emit("pending_processing", "CR 18-1-1", player, card=card.name, effect=source)
                self.pending.append(Pending(player, source, effect, card=card, data={"pending_processing": True}))
        self.later = []

    def _burst_trash_top(self, stack: Stack) -> None:
        """CR 8-3-2-1: the pending processing of a Burst Digivolve, carried out: trash the top card."""
        if stack not in self.players[stack.owner].battle:
            return
        if len(stack.cards) < 2 or stack.top.defn.category != "digimon":
            self.emit("burst_nothing_trashed", "CR 8-3-2-1", stack.owner, card=repr(stack))
            return
        top = stack.cards.pop()
        top.incarnation += 1
        self.players[stack.owner].trash.append(top)
        self.emit("burst_top_trashed", "CR 8-3-2-1", stack.owner, card=top.name, now=repr(stack))
        if any(e.timing == "on_deletion" for e in top.defn.effects):
            self.emit("trashed_not_deleted", "CR 4-16-3", stack.owner, card=top.name)  # no [On Deletion]
        self._new_top_card(stack)
        self._overflow([top], stack.owner)

    def _new_top_card(self, stack: Stack) -> None:
        """The top card of ``stack`` has left and the card under it is the top card now (a Burst
        Digivolve's pending trashing, <De-Digivolve>): it takes over the stack's orientation, which is
        neither suspending nor unsuspending it (CR 4-7-6)."""
        if stack.suspended:
            self.emit("orientation_kept", "CR 4-7-6", stack.owner, card=repr(stack))

    # ----------------------------------------------------------- Link / App ----
    def _link(self, tp: int, card: Card, stack: Stack):
        link = card.defn.link
        source = next((s for s in self.players[tp].battle if s.top is card), None)
        self.emit("link_declared", "CR 10-1-3-1", tp, card=card.name, onto=repr(stack),
                  origin="battle" if source is not None else "hand")
        yield from self._would_happen(tp, card, "linked")  # CR 10-1-2-3: revealed and its Digimon chosen
        self.pay(tp, link["cost"], "CR 10-1-3-2", f"link {card.name}")
        if source is not None:
            yield from self._about_to_leave(source)  # "when this Digimon would leave the battle area" (CR 15-8-5-2)
            if source not in self.players[tp].battle:
                return  # its own effect has moved it: there is no card left to link
        if source is not None:
            # It leaves the field to become a link card (not on the field, CR 4-9-4); the cards
            # under it go to the trash (CR 4-7-8).
            self._leave_field(source, "link", "CR 4-7-8", order=[card])
        limit = self.link_limit(stack)
        trashed = []
        while len(stack.links) >= limit and stack.links:
            old = stack.links.pop(0)  # CR 4-9-5: as many existing link cards are trashed
            old.incarnation += 1
            self.players[tp].trash.append(old)
            trashed.append(old.name)
        card.face_up = True
        card.incarnation += 1
        stack.links.append(card)  # CR 10-1-2-1: plugged in at the bottom
        self.emit("linked", "CR 10-1-3-3", tp, card=card.name, onto=repr(stack), link_dp=link["dp"], trashed=trashed or None)
        self.emit("link_at_bottom", "CR 10-1-2-1", tp, card=card.name, onto=repr(stack),
                  beneath=len(stack.cards) + len(stack.links) - 1)
        # CR 10-1-2-2: from now on it is a link card (CR 4-9): not a Digimon, not a digivolution card.
        self.emit("became_link_card", "CR 10-1-2-2", tp, card=card.name, onto=repr(stack))
        if trashed:
            # CR 4-9-5: 1 link card; raised by <Link +> (CR 16-40-1), by each instance of it (CR 16-40-3)
            plus = self._keyword_values(stack, "link_plus") if limit > 1 else []
            if len(plus) > 1:  # each an instance of its own, never one with their sum (CR 16-40-3)
                self.emit("link_limit", "CR 16-40-3", tp, card=repr(stack), trashed=", ".join(trashed),
                          instances=", ".join(f"<Link +{int(v)}>" for v in plus))
            else:
                self.emit("link_limit", "CR 16-40-1" if plus else "CR 4-9-5", tp, card=repr(stack), trashed=", ".join(trashed))
        if link["dp"]:
            self.emit("link_dp", "CR 4-3-4", tp, card=repr(stack), link=card.name, amount=link["dp"], dp=self.dp(stack))
        if link.get("keywords"):
            self.emit("link_effect", "CR 4-3-5", tp, card=repr(stack), link=card.name,
                      effects=", ".join(key for key, _ in link["keywords"]))
        # CR 15-16-6-1: the [When Linking] effects of the card that has just become a link card.
        for effect in card.defn.effects:
            if effect.timing == "when_linking" and self._may_trigger(tp, card, effect):
                source = f"[when_linking] of {card.name}"
                self._pend(tp, source, effect, stack=stack, card=card)
                self.emit("triggered", "CR 15-16-6-1", tp, card=card.name, effect=source)
        yield from self._resolve()
        self.variant.digivolved(stack, "link")

    def link_limit(self, stack: Stack) -> int:
        """CR 4-9-5: 1 link card, plus <Link +X> (CR 16-40-1)."""
        return 1 + (self.keyword(stack, "link_plus") or 0)

    def _app_fusion(self, tp: int, card: Card, a: Action):
        cost, names = card.defn.app_fusion[a.option]
        stack = self.find_stack(a.target)
        link = self._app_pair(stack, names)
        self.emit("app_fusion_declared", "CR 8-4-3-1", tp, card=card.name, onto=repr(stack), link=link.name)
        cost = self.changed_digivolve_cost(tp, [stack], cost, "CR 8-4-2-3", card)
        self.pay(tp, cost, "CR 8-4-3-2", f"App Fusion into {card.name}")
        stack.links.remove(link)
        stack.cards.append(link)
        card.face_up = True
        stack.cards.append(card)
        self.emit("app_fused", "CR 8-4-3-3", tp, card=repr(stack), cards=len(stack.cards))
        self._bonus_draw(tp, "CR 8-4-3-3")
        self._digivolved(stack, tp)
        yield from self._resolve()

    # ---------------------------------------------------- DigiXros / Assembly ----
    def _materials(self, tp: int, card: Card, cost: int | None = None, by_effect: bool = False):
        """CR 7-2 / 7-3: declared just before paying the play cost; returns (cost, cards placed under).
        ``cost`` is the play cost as "would be played" effects left it (CR 7-2-2-2); ``by_effect``: an
        effect plays the card, which may still use Assembly (CR 7-3-2-10)."""
        d = card.defn
        cost = (d.play_cost or 0) if cost is None else cost
        placed: list[Card] = []
        if d.digixros:
            reduction, names = d.digixros
            chosen: dict[str, Card | Stack] = {}  # every card is chosen before any is placed (CR 7-2-2-3)
            while True:
                candidates = [Action("choose", c.uid) for c in self.players[tp].hand]
                candidates += [Action("choose", target=s.sid) for s in self.stacks(tp)] + [Action("done")]
                decision = self.decide(tp, "digixros", candidates, f"DigiXros for {d.name}: choose a card to place under it, or done",
                                       lambda a, chosen=chosen: self._xros_problem(tp, names, chosen, a, d.digixros_any)
                                       if a.kind == "choose" else None)
                if len(decision.actions) == 1:
                    break
                pick = yield decision
                if pick.kind == "done":
                    break
                if pick.card is not None:
                    material = next(c for c in self.players[tp].hand if c.uid == pick.card)
                    chosen[self._xros_name(material, names, chosen, tp, d.digixros_any)] = material
                else:
                    stack = self.find_stack(pick.target)
                    chosen[self._xros_name(stack.top, names, chosen, tp, d.digixros_any)] = stack
            if chosen:
                # CR 7-2-3-2: declared at the moment the cards are chosen, just before paying.
                self.emit("digixros_declared", "CR 7-2-3-2", tp, card=d.name, cards=", ".join(chosen))
                # CR 7-2-2-3: every card is chosen before any is placed, and none is chosen after.
                self.emit("digixros_chosen_first", "CR 7-2-2-3", tp, card=d.name, count=len(chosen))
                from_hand = [m for m in chosen.values() if isinstance(m, Card)]
                if from_hand:
                    self.emit("revealed_for_digixros", "CR 7-2-2-6", tp, cards=", ".join(c.name for c in from_hand))
                for name, material in list(chosen.items()):
                    if isinstance(material, Card):
                        self.players[tp].hand.remove(material)
                    else:
                        # "when this Digimon would leave the battle area" acts first (CR 15-8-5-2); what it
                        # moves can't be chosen any more (CR 7-2-2-3)
                        yield from self._about_to_leave(material)
                        if material not in self.players[tp].battle:
                            del chosen[name]
                            continue
                        self.players[tp].battle.remove(material)  # CR 7-2-2-7: it leaves the field
                        self._turn_face_up(material.sources)
                        for other in material.sources + material.links:
                            self.players[tp].trash.append(other)
                        self.emit("left_field_for_digixros", "CR 7-2-2-7", tp, card=repr(material))
                        chosen[name] = material.top
                # CR 7-2-2-8: stacked in the order of the requirements, the card named first on top
                # (the cards for "any number of ..." come last in the text, so at the bottom).
                placed = [chosen[n] for n in reversed(list(chosen)) if n not in names] + [chosen[n] for n in reversed(names) if n in chosen]
                self.emit("digixros_stacked", "CR 7-2-2-8", tp, card=d.name, order=", ".join(c.name for c in reversed(placed)))
                for material in placed:
                    if material.defn.overflow and material in from_hand:
                        self.emit("no_overflow_under", "CR 4-19-4", tp, card=material.name)  # only leaving costs memory
                if len(placed) < len(names) and not d.digixros_any:
                    # CR 7-2-2-4: any number of the named cards may be placed, not necessarily all of them.
                    self.emit("digixros_some_cards", "CR 7-2-2-4", tp, card=d.name, placed=len(placed), named=len(names))
                cost = max(0, cost - reduction * len(placed))
                self.emit("digixros", "CR 7-2-2-1", tp, card=d.name, placed=len(placed), cost=cost)
            elif d.digixros:
                self.emit("no_digixros", "CR 7-2-2-12", tp, card=d.name)
        elif d.assembly:
            reduction, count, name = d.assembly
            matching = [c for c in self.players[tp].trash if c.defn.name == name]
            if matching:
                def check(a: Action, have=len(matching)) -> IllegalAction | None:
                    # Declaring is only possible with the exact number in the trash (CR 7-3-2-4).
                    if a.kind == "yes" and have < count:
                        return IllegalAction(f"Assembly needs exactly {count} cards from the trash; there are {have}", "CR 7-3-2-4")
                    return None

                choice = yield self.decide(tp, "assembly", [Action("yes"), Action("no")],
                                           f"Assembly for {d.name}: place {count} [{name}] from your trash?", check)
                if len(matching) < count:
                    self.emit("assembly_impossible", "CR 7-3-2-4", tp, card=d.name, have=len(matching), need=count)
                if choice.kind == "yes":
                    placed = matching[:count]
                    self.emit("assembly_declared", "CR 7-3-3-2", tp, card=d.name, cards=", ".join(c.name for c in placed))
                    # CR 7-3-2-3: chosen as it is declared, all of them before any goes under; none after.
                    self.emit("assembly_chosen_first", "CR 7-3-2-3", tp, card=d.name, count=count)
                    # CR 7-3-2-6: one name given a number: the player orders them, and any order is the same stack.
                    self.emit("assembly_stacked", "CR 7-3-2-6", tp, card=d.name, name=name, count=count)
                    if len(matching) > count:
                        # CR 7-3-2-5: an Assembly that states a number places that many, never more.
                        self.emit("assembly_count_only", "CR 7-3-2-5", tp, card=d.name, placed=count, left=len(matching) - count)
                    for c in placed:
                        self.players[tp].trash.remove(c)
                    if by_effect:
                        self.emit("assembly_by_effect", "CR 7-3-2-10", tp, card=d.name, placed=count)
                    else:
                        cost = max(0, cost - reduction)
                        self.emit("assembly", "CR 7-3-2-1", tp, card=d.name, placed=count, cost=cost)
                elif len(matching) >= count:
                    self.emit("no_assembly", "CR 7-3-2-9", tp, card=d.name)
            else:
                # CR 7-3-1: Assembly takes its cards from the trash only; named cards anywhere else don't count.
                elsewhere = any(c.defn.name == name for c in self.players[tp].hand) or \
                    any(s.top.defn.name == name for s in self.stacks(tp))
                self.emit("assembly_impossible", "CR 7-3-1" if elsewhere else "CR 7-3-2-4", tp, card=d.name, have=0, need=count)
        for c in placed:
            c.incarnation += 1
            c.face_up = True
        return cost, placed

    def _xros_problem(self, tp: int, names: tuple[str, ...], chosen: dict, a: Action, any_trait: str | None = None) -> IllegalAction | None:
        """Why this card can't be placed for the DigiXros being declared (CR 7-2), or None; ``any_trait``:
        the requirement also takes any number of Digimon cards with that trait and different card numbers."""
        if (a.card is None) == (a.target is None) or a.option is not None or a.targets:
            return IllegalAction("choose 1 card from your hand or battle area", "CR 7-2-1")
        card = next((c for c in self.players[tp].hand if c.uid == a.card), None) if a.card is not None else None
        stack = self.find_stack(a.target) if a.target is not None else None
        if a.card is not None and card is None or a.target is not None and (stack is None or stack.owner != tp or stack.area != "battle"):
            return IllegalAction("DigiXros uses the named cards from your hand and/or battle area", "CR 7-2-1")
        named = card or stack.top
        if any(m is (card or stack) for m in chosen.values()):
            return IllegalAction(f"only 1 {named.defn.name} can be placed for this DigiXros", "CR 7-2-2-5")
        fills = [n for n in (named.defn.name, named.defn.xros_as) if n in names and n not in chosen]
        if fills:
            return None
        if any_trait is not None:
            return self._xros_any_problem(named, any_trait, chosen, names)
        if named.defn.name not in names and named.defn.xros_as not in names:
            return IllegalAction(f"{named.defn.name} is not named in the DigiXros requirements", "CR 7-2-1")
        return IllegalAction(f"only 1 {named.defn.name} can be placed for this DigiXros", "CR 7-2-2-5")

    def _xros_any_problem(self, named: Card, trait: str, chosen: dict, names: tuple[str, ...]) -> IllegalAction | None:
        """"+ any number of Digimon cards with [trait] with different card numbers": only cards that meet
        it themselves; one that could only stand in for another can't (CR 15-15-6-2)."""
        d = named.defn
        if d.category != "digimon" or trait not in d.traits:
            if d.xros_as:
                return IllegalAction(f"{d.name} could only stand in for [{d.xros_as}], and a requirement for cards that "
                                     "differ from one another can't be met by a stand-in", "CR 15-15-6-2")
            return IllegalAction(f"{d.name} is neither named in the DigiXros requirements nor a Digimon card with [{trait}]",
                                 "CR 7-2-1")
        number = d.number or d.name
        taken = [m if isinstance(m, Card) else m.top for n, m in chosen.items() if n not in names]
        if any((c.defn.number or c.defn.name) == number for c in taken):
            return IllegalAction(f"the cards with [{trait}] must have different card numbers; {number} is placed already", "CR 7-2-1")
        return None

    def _xros_name(self, card: Card, names: tuple[str, ...], chosen: dict, tp: int, any_trait: str | None = None) -> str:
        """The name of the DigiXros requirement ``card`` fills: its own, the one its text lets it
        stand in for (CR 15-15-6-1), or one of "any number of [trait]" (keyed by its number)."""
        if card.defn.name in names and card.defn.name not in chosen:
            return card.defn.name
        if any_trait is not None and not (card.defn.xros_as in names and card.defn.xros_as not in chosen):
            return f"{card.defn.name} ({card.defn.number})" if card.defn.number else f"{card.defn.name} [{any_trait}]"
        self.emit("xros_stands_in", "CR 15-15-6-1", tp, card=card.defn.name, stands_for=card.defn.xros_as)
        return card.defn.xros_as

    # ------------------------------------------------------- DUAL and ACE ----
    def _arts_digivolve(self, tp: int, card: Card):
        """CR 4-20-1: instead of trashing the used DUAL card, digivolve into it for free."""
        field = self.stacks(tp) + ([self.players[tp].breeding] if self.players[tp].breeding else [])
        candidates = [Action("decline")] + [Action("choose", target=stack.sid, option=i)
                                            for stack in field for i in range(len(card.defn.requirements))]

        def check(a: Action) -> IllegalAction | None:
            if a.kind != "choose":
                return None
            stack = self.find_stack(a.target) if a.target is not None else None
            if stack is None or stack.owner != tp:
                return IllegalAction("digivolve one of your own cards on the field", "CR 8-1-3-1")
            return self._requirement_choice_problem(card, stack, a.option)

        decision = self.decide(tp, "arts_digivolve", candidates, f"Arts Digivolve into {card.name}?", check)
        if len(decision.actions) == 1:
            return False
        pick = yield decision
        if pick.kind != "choose":
            return False
        stack = self.find_stack(pick.target)
        if card in self.players[tp].processing:
            self.players[tp].processing.remove(card)  # it leaves "in no area" as it goes onto the Digimon
        card.face_up = True
        card.incarnation += 1
        stack.cards.append(card)
        self.emit("arts_digivolve", "CR 4-20-1", tp, card=repr(stack), cost=0)
        self._bonus_draw(tp, "CR 8-1-3-3")
        self._digivolved(stack, tp, by_effect=False)  # CR 4-20-1: not digivolving by an effect
        yield from self._resolve()
        return True

    def _requirement_choice_problem(self, card: Card, stack: Stack, option: int | None) -> IllegalAction | None:
        """Digivolving ``stack`` into ``card`` with its requirement ``option`` (CR 8-1-3-1, CR 2-3-5).

        Without an index, the problem of the first requirement when none is met."""
        reqs = card.defn.requirements
        prohibited = self.digivolve_prohibition(stack)
        if prohibited:
            return prohibited
        if option is None:
            problems = [self.requirement_problem(r, stack.top) for r in reqs]
            if not problems:
                return IllegalAction(f"{card.name} has no digivolution requirement", "CR 8-1-2-1")
            if all(problems):
                return problems[0]
            return IllegalAction("choose 1 digivolution requirement of the revealed card", "CR 8-1-2-1")
        if not 0 <= option < len(reqs):
            return IllegalAction("this card has no such digivolution requirement", "CR 8-1-2-1")
        return self.requirement_problem(reqs[option], stack.top)

    def _blast_candidates(self, player: int) -> list[Action]:
        return [Action("blast", card.uid, stack.sid, i) for card in self.players[player].hand if card.defn.blast
                for stack in self.stacks(player) for i in range(len(card.defn.requirements))]

    def blast_problem(self, player: int, a: Action) -> IllegalAction | None:
        """Why <Blast Digivolve> can't digivolve ``a.target`` into the ACE card ``a.card`` now (CR 16-26-1)."""
        card = next((c for c in self.players[player].hand if c.uid == a.card), None)
        if card is None:
            return IllegalAction("<Blast Digivolve> digivolves into a card in your hand", "CR 16-26-1")
        if not card.defn.blast:
            return IllegalAction(f"{card.name} has no <Blast Digivolve>", "CR 16-26-1")
        stack = self.find_stack(a.target) if a.target is not None else None
        if stack is None or stack.owner != player:
            return IllegalAction("digivolve one of your own cards on the field", "CR 8-1-3-1")
        if stack.area != "battle":
            return IllegalAction("<Blast Digivolve> digivolves a Digimon in the battle area", "CR 16-26-4")
        return self._requirement_choice_problem(card, stack, a.option)

    def _blast(self, player: int, a: Action):
        """CR 16-26-1: at counter timing, digivolve into the ACE card from the hand for free."""
        card = self._take_from_hand(player, a.card)
        stack = self.find_stack(a.target)
        card.face_up = True
        stack.cards.append(card)
        self.emit("blast_digivolve", "CR 16-26-1", player, card=repr(stack), cost=0)
        self._bonus_draw(player, "CR 8-1-3-3")
        self._digivolved(stack, player, by_effect=True)  # <Blast Digivolve> is the ACE card's effect
        yield from self._resolve()

    # ---------------------------------------------------------- Blast DNA ----
    def _blast_dna_candidates(self, player: int) -> list[Action]:
        hand = self.players[player].hand
        return [Action("blast_dna", ace.uid, stack.sid, i, targets=(other.uid,))
                for ace in hand if ace.defn.blast_dna for i in range(len(ace.defn.dna))
                for stack in self.stacks(player) for other in hand if other is not ace]

    def _blast_dna_order(self, parts, stack: Stack, other: Card) -> list | None:
        """The materials left to right as the DNA requirement names them, or None if they don't meet it
        (CR 16-31-5): the Digimon meets one part and the card from the hand the other."""
        if self.requirement_problem(parts[0], stack.top) is None and self.requirement_problem(parts[1], other) is None:
            return [stack, other]
        if self.requirement_problem(parts[1], stack.top) is None and self.requirement_problem(parts[0], other) is None:
            return [other, stack]
        return None

    def blast_dna_problem(self, player: int, a: Action) -> IllegalAction | None:
        """Why <Blast DNA Digivolve> can't DNA digivolve ``a.target`` and the hand card ``a.targets[0]``
        into the ACE card ``a.card`` now (CR 16-31), or None."""
        hand = self.players[player].hand
        ace = next((c for c in hand if c.uid == a.card), None)
        if ace is None or not ace.defn.blast_dna:
            return IllegalAction("<Blast DNA Digivolve> digivolves into its card in your hand", "CR 16-31-1")
        if a.option is None or not 0 <= a.option < len(ace.defn.dna):
            return IllegalAction(f"{ace.name} has no such DNA digivolution requirement", "CR 8-2-3-1")
        parts = ace.defn.dna[a.option][1]
        if len(parts) != 2:
            return IllegalAction("<Blast DNA Digivolve> uses 1 Digimon and 1 card from your hand", "CR 16-31-1")
        other = next((c for c in hand if len(a.targets) == 1 and c.uid == a.targets[0] and c is not ace), None)
        if other is None:
            return IllegalAction("<Blast DNA Digivolve> uses 1 other card from your hand", "CR 16-31-6")
        if other.defn.category != "digimon":
            return IllegalAction(f"{other.name} is not a Digimon card", "CR 16-31-1")
        stack = self.find_stack(a.target) if a.target is not None else None
        if stack is None or stack.owner != player or stack.area != "battle" or stack.top.defn.category != "digimon":
            return IllegalAction("<Blast DNA Digivolve> uses 1 of your Digimon in the battle area", "CR 16-31-1")
        if stack.top.defn.name not in ace.defn.blast_dna:
            return IllegalAction(f"{stack!r} is not a Digimon <Blast DNA Digivolve> names ({' + '.join(ace.defn.blast_dna)})",
                                 "CR 16-31-1")
        if self._blast_dna_order(parts, stack, other) is None:
            return IllegalAction(f"{stack.top.name} and {other.name} don't meet the DNA digivolution requirement", "CR 16-31-5")
        return None

    def _blast_dna(self, player: int, a: Action):
        """CR 16-31: the named Digimon and a card from the hand DNA digivolve into the ACE card, free."""
        ace = self._take_from_hand(player, a.card)
        other = self._take_from_hand(player, a.targets[0])
        stack = self.find_stack(a.target)
        order = self._blast_dna_order(ace.defn.dna[a.option][1], stack, other)
        # CR 16-31-6: the hand card is revealed as the Digimon is chosen.
        self.emit("blast_dna_declared", "CR 16-31-6", player, card=ace.name, digimon=repr(stack), hand_card=other.name)
        for link in stack.links:
            link.incarnation += 1
            self.players[player].trash.append(link)
            self.emit("link_trashed", "CR 8-2-2-1-2", player, card=link.name)
        stack.links = []
        self.players[player].battle.remove(stack)
        if self.attack and (self.attack.attacker is stack or self.attack.target is stack):
            ref = "CR 8-2-2-1-3" if self.attack.attacker is stack else "CR 8-2-2-1-4"
            self.emit("attack_participant_gone", ref, player, card=repr(stack))
        cards: list[Card] = []
        for material in reversed(order):  # CR 8-2-2-2: the left-named material ends on top
            cards += material.cards if isinstance(material, Stack) else [material]
        for c in cards + [ace]:
            c.incarnation += 1  # CR 8-2-2-1-2: new cards
        result = self.new_stack(player, cards + [ace])
        result.placed_turn = self.turn - 1  # CR 8-2-2-1-7
        self.players[player].battle.append(result)
        self._dna_result(result, [stack])
        self.emit("blast_dna_digivolve", "CR 16-31-4", player, card=repr(result), cost=0, cards=len(result.cards),
                  unsuspended="CR 8-2-2-1-1")
        self._bonus_draw(player, "CR 8-2-3-3")
        self._trigger_on(result, "when_digivolving")
        yield from self._resolve()

    def _overflow(self, cards: list[Card], owner: int, mid_effect: bool = False) -> None:
        """CR 4-19-1: an ACE card leaving the field or a stack costs its owner memory.  Several at once
        are processed one by one, the turn player's first (CR 4-19-5-1), then the other player's
        (CR 4-19-5-2).  ``mid_effect``: an effect's step moved it and the effect goes on; the memory
        moves at once all the same (CR 4-19-2)."""
        aces = [card for card in cards if card.defn.overflow]
        ref = ("CR 4-19-2" if mid_effect else "CR 4-19-1") if len(aces) < 2 else \
            "CR 4-19-5-1" if owner == self.turn_player else "CR 4-19-5-2"
        for card in aces:
            self.set_mem(owner, self.mem(owner) - card.defn.overflow, ref, f"<Overflow> of {card.name}")
