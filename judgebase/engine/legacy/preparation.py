"""The set-up (LEG 3.2.1) and the Preparation Phase (LEG 3.2.2) of the legacy game."""

from __future__ import annotations

from ..state import Action, Card, Decision, IllegalAction
from .cards import DECK_SIZE, HAND_MAX, LegacyCardDef, NEXT_LEVEL, PREP_STEPS, START_POINTS


class Preparation:
    """Set-up steps, Preparation Phase steps and the Options set face up in them; a mixin of LegacyGame."""

    # -- set-up (LEG 3.2.1) -----------------------------------------------------------
    def _setup(self):
        for p in (0, 1):
            deck = self.players[p].network
            threes = [c for c in deck if c.defn.is_digimon and c.defn.level == 3]
            if len(deck) != DECK_SIZE or not threes:
                raise ValueError(f"P{p + 1}'s deck must be {DECK_SIZE} cards with at least one Level III Digimon (LEG 3.2.1.1)")
            self.emit("deck", "LEG 3.2.1.1", p, cards=len(deck), level_iii=len(threes))
        for p in (0, 1):
            side = self.players[p]
            action = yield Decision(p, "partner", self._legal(p, self._partner_candidates(p)), "choose your Level III partner")
            card = self._take(side.network, action.card)
            card.face_up = False
            side.box.append(card)
            self.emit("partner", "LEG 3.2.1.2", p)
        for p in (0, 1):
            side = self.players[p]
            self.rng.shuffle(side.network)
            self.emit("network_sea", "LEG 3.2.1.3", p, cards=len(side.network))
            side.gauge.append(side.network.pop(0))
            side.points = START_POINTS
            self.emit("point_gauge", "LEG 3.2.1.4", p, points=side.points)
            self.emit("draw", "LEG 3.2.1.5", p, cards=self._draw(p, HAND_MAX))
        if "first_player" not in self._config:
            self.first_player = self.rng.randrange(2)  # rock-paper-scissors
        self.emit("first_player", "LEG 3.2.1.6", self.first_player)

    def _partner_candidates(self, p: int) -> list[Action]:
        seen, actions = set(), []
        for card in self.players[p].network:
            if card.defn.is_digimon and card.defn.level == 3 and card.name not in seen:
                seen.add(card.name)
                actions.append(Action("partner", card.uid))
        return actions

    @staticmethod
    def _take(zone: list[Card], uid: int) -> Card:
        for i, card in enumerate(zone):
            if card.uid == uid:
                return zone.pop(i)
        raise KeyError(uid)

    # -- Preparation Phase (LEG 3.2.2) ------------------------------------------------
    def _phase_preparation(self):
        # Reading: 002 gives no order between the players here (everything is placed face
        # down); the first player prepares, then the second.
        self.prep_step = self._resume.pop("prep_step", [0, 0])
        prepared = self._resume.pop("prepared", set())  # a set-up position: players already done
        for p in (self.first_player, self.second_player):
            if p in prepared:
                continue
            while True:
                action = yield Decision(p, "preparation", self._legal(p, self._prep_candidates(p)))
                if action.kind == "done":
                    self.emit("prepared", "LEG 3.2.2", p)
                    break
                if action.kind in ("use", "ability", "support"):
                    self.prep_step[p] = PREP_STEPS[action.kind]
                    yield from self._act(p, action)
                    continue
                self._do_prep(p, action)

    def _prep_candidates(self, p: int) -> list[Action]:
        """The Preparation Phase actions to ask ``_check_prep`` about, in step order.  The candidates of a
        kind its step refuses as a whole (``_prep_step_problem``: a step already past, or any step but
        discarding while the hand is over the limit) would all be refused: they aren't built."""
        side = self.players[p]

        def open_(kind: str) -> bool:
            return self._prep_step_problem(p, kind) is None

        acts = []
        if open_("discard"):
            acts += [Action("discard", c.uid) for c in side.hand + [c for c in side.slots if c is not None]]
        if open_("refill"):
            acts.append(Action("refill"))
        # Of the steps naming a card, only the cards (and slots) the card (slot, stage) parts of their checks
        # allow: the check asks the same parts again.
        if open_("exchange") and self._exchange_side_problem(p) is None:
            acts += [Action("exchange", c.uid) for c in side.hand if self._exchange_card_problem(c.defn) is None]
        if open_("prepare"):
            acts += [Action("prepare", c.uid) for c in side.hand
                     if self._prepare_card_problem(c.defn) is None and self._stage_problem(p, c.defn) is None]
        if open_("use"):  # "use", "ability" and "support" are one step
            acts += self._use_candidates(p, "preparation")
            acts += self._ability_candidates(p, "preparation")
            acts += self._support_candidates(p)
        if open_("set"):
            slots = range(1, len(side.slots) + 1)
            acts += [Action("set", c.uid, option=s) for c in side.hand if self._set_card_problem(c.defn) is None
                     for s in slots if self._set_slot_problem(p, c.defn, s) is None]
        acts.append(Action("done"))
        return acts

    def _prep_step_problem(self, p: int, kind: str) -> IllegalAction | None:
        """Whether a Preparation Phase step may be taken now at all, whatever card it names (LEG 3.2.2)."""
        step = PREP_STEPS.get(kind)
        if step is None:
            return IllegalAction(f"{kind} is not a Preparation Phase step", "LEG 3.2.2")
        if step < self.prep_step[p]:
            # The steps are LEG 3.2.2.2 ... 3.2.2.7 in order: the refusal names the step that is past.
            return IllegalAction("the Preparation Phase steps are carried out in order; that step is past", f"LEG 3.2.2.{step}")
        if step > PREP_STEPS["discard"] and len(self.players[p].hand) > HAND_MAX:
            return IllegalAction(f"more than {HAND_MAX} cards in hand: discard down to {HAND_MAX} first", "LEG 3.2.2.2")
        return None

    def _check_prep(self, p: int, a: Action) -> IllegalAction | None:
        side = self.players[p]
        problem = self._prep_step_problem(p, a.kind)
        if problem is not None:
            return problem
        card, zone = None, None
        if a.kind in ("discard", "exchange", "prepare", "set"):
            # (most offers name a card of the player's own hand: looked for there before the whole board)
            found = None
            for card in side.hand:  # (a plain loop: asked of every card the phase offers)
                if card.uid == a.card:
                    found = ("hand", card)
                    break
            if found is None:
                found = self._own_card(p, a.card)
            if found is None:
                return IllegalAction("that card is not yours", "LEG 3.2.2")
            zone, card = found
        if a.kind == "discard":
            if zone not in ("hand", "slot") or (zone == "slot" and card.face_up):
                return IllegalAction("only cards in the hand or the Option Slot may be discarded", "LEG 3.2.2.2")
            return None
        if a.kind == "refill":
            if p in self.refilled:
                return IllegalAction("drawing from the Network Sea to 6 is possible only once per turn", "LEG 3.2.2.3")
            return None
        if a.kind == "done":
            return None
        if a.kind == "use":  # LEG 3.2.2.6: Options in the slot whose timing is the Preparation Phase
            return self._check_use(p, a, "preparation")
        if a.kind == "ability":  # LEG 3.2.2.6: abilities used in this phase are used at this step
            return self._check_ability(p, a, "preparation")
        if a.kind == "support":  # LEG 3.2.2.6: support abilities too
            return self._check_support(p, a)
        if zone != "hand":
            return IllegalAction("that card is not in the hand", "LEG 3.2.2")
        d = card.defn
        if a.kind == "exchange":
            return self._exchange_card_problem(d) or self._exchange_side_problem(p)
        if a.kind == "prepare":
            problem = self._prepare_card_problem(d) or self._stage_problem(p, d)
            if problem is not None or d.spirit is not None:
                return problem  # (a Hybrid by its Spirit: nothing more is asked, LEG 3.2.2.1.5)
            # Fusion conditions are no digivolution requirements: ignoring those does not reach them (LEG 3.2.2.1.7).
            fusion_ref = "LEG 3.2.2.1.7" if p in self.ignoring else "LEG 3.2.2.1.4"
            if d.fusion and self._opt_card(p, d.fusion) is None:
                return IllegalAction(f"Capsule digivolution: {d.fusion} must be in your hand or Option Slot", fusion_ref)
            if d.no_fusion_from and any(c.defn.species == d.no_fusion_from for c in [side.top, *side.evolution] if c):
                return IllegalAction(f"{d.name} cannot fuse from a {d.no_fusion_from} Digimon, and that applies to every "
                                     "Digimon used for the fusion", fusion_ref)
            if self._requirements_ignored(p, d):
                return None  # the ●/X cards, Jogress partner or Win Rate card are not needed
            # The card's own information "digivolution requirements cannot be ignored" keeps them (LEG 3.3.3.2).
            kept = p in self.ignoring
            if len(side.network) < d.requirement:
                return IllegalAction(f"the Network Sea has {len(side.network)} cards; {d.requirement} are needed for the Power Box"
                                     + (f" ({d.name}'s digivolution requirements cannot be ignored)" if kept else ""),
                                     "LEG 3.3.3.2" if kept else "LEG 3.2.2.1.1")
            if d.jogress and self._jogress_card(p, d, card) is None:
                return IllegalAction(f"Jogress: one of {' ⇔ '.join(d.jogress)} must be in the Digimon Box and the other's "
                                     "card in your hand", "LEG 3.3.3.2" if kept else "LEG 3.2.2.1.3")
            if d.opt and self._opt_card(p, d.opt) is None:
                return IllegalAction(f"Opt digivolution: {d.opt} must be in your hand or Option Slot",
                                     "LEG 3.3.3.2" if kept else "LEG 3.2.2.1.2")
            return None
        if a.kind == "set":
            return self._set_card_problem(d) or self._set_slot_problem(p, d, a.option)
        return IllegalAction(f"{a.kind} is not a Preparation Phase step", "LEG 3.2.2")

    # The parts of the steps naming a hand card that ``_prep_candidates`` asks before building candidates.
    @staticmethod
    def _exchange_card_problem(d: LegacyCardDef) -> IllegalAction | None:
        if not (d.is_digimon and d.level == 3):
            return IllegalAction("only a Level III Digimon can be exchanged in", "LEG 3.2.2.4")
        return None

    def _exchange_side_problem(self, p: int) -> IllegalAction | None:
        """Whether ``p`` may prepare a Level III exchange at all, whatever the card (LEG 3.2.2.4)."""
        side = self.players[p]
        if side.exchange:
            return IllegalAction("a Level III exchange is already prepared", "LEG 3.2.2.4")
        if not side.box:
            return IllegalAction("there is no Level III in the Digimon Box to exchange", "LEG 3.2.2.4")
        return None

    @staticmethod
    def _prepare_card_problem(d: LegacyCardDef) -> IllegalAction | None:
        if not d.is_digimon:
            return IllegalAction("only a Digimon card can be placed in the Evolution Box", "LEG 3.2.2.5")
        return None

    def _stage_problem(self, p: int, d: LegacyCardDef) -> IllegalAction | None:
        """Whether the Digimon ``d`` may go on the Digimon below it (the Evolution Box's last, else the battling
        one), by the way it comes into play: a Hybrid by its Spirit (all ``_spirit_problem`` asks), never one
        that appears, else as the next level.  The requirements are asked after it, in ``_check_prep``."""
        if d.spirit is not None:
            return self._spirit_problem(p, d)
        if d.appears is not None:
            if p in self.ignoring:
                return IllegalAction(f"{d.name} comes by appearance conditions, which are no digivolution requirement: "
                                     "ignoring digivolution requirements does not reach them", "LEG 3.2.2.1.7")
            return IllegalAction(f"{d.name} comes from the hand straight into the Digimon Box once its appearance "
                                 "conditions are ready", "LEG 3.2.2.1.6")
        side = self.players[p]
        below = side.evolution[-1] if side.evolution else side.top
        named_same_level = below is not None and below.name in d.digivolves_from and below.defn.level == d.level
        if (below is None or NEXT_LEVEL.get(below.defn.level) != d.level) and not named_same_level:
            was = "nothing" if below is None else f"Level {below.defn.level}"
            levels = {d.level, below.defn.level if below is not None else None}
            if levels & {"hybrid", "d-reaper"}:
                return IllegalAction(f"{d.name} ({d.level}) and {was}: a special level is no one's next level", "LEG 3.2.3.9.3")
            if "reaper" in levels:
                return IllegalAction(f"{d.name} ({d.level}) and {was}: a Reaper has no level", "LEG 3.3.2")
            return IllegalAction(lambda: f"{d.name} (Level {d.level}) is not the next level after {was}", "LEG 3.2.3.9")
        return None

    @staticmethod
    def _set_card_problem(d: LegacyCardDef) -> IllegalAction | None:
        if d.is_digimon:
            return IllegalAction("only Option cards are set in the Option Slot", "LEG 3.2.2.7")
        return None

    def _set_slot_problem(self, p: int, d: LegacyCardDef, slot) -> IllegalAction | None:
        """Whether the Option ``d`` may be set in ``p``'s Option Slot ``slot``: its own slot, if it names one, and free."""
        side = self.players[p]
        if d.slot is not None and slot != d.slot:
            return IllegalAction(lambda: f"{d.name} must be placed in slot {d.slot}", "LEG 3.4.4.3")
        if slot not in range(1, len(side.slots) + 1) or side.slots[slot - 1] is not None:
            return IllegalAction("that Option Slot is not free", "LEG 3.2.2.7")
        return None

    def _do_prep(self, p: int, a: Action) -> None:
        side = self.players[p]
        self.prep_step[p] = PREP_STEPS[a.kind]
        if a.kind == "discard":
            owner, zone, card = self.find_card(a.card)
            if zone == "hand":
                side.hand.remove(card)
            else:
                side.slots[side.slots.index(card)] = None
            self._to_darkness(p, [card], "LEG 3.2.2.2", f"discarded from the {'hand' if zone == 'hand' else 'Option Slot'}")
        elif a.kind == "refill":
            self.refilled.add(p)
            self.emit("refill", "LEG 3.2.2.3", p, cards=self._draw(p, HAND_MAX - len(side.hand)), hand=len(side.hand))
        elif a.kind == "exchange":
            card = self._take(side.hand, a.card)
            card.face_up = False
            side.exchange.append(card)
            self.emit("exchange_prepared", "LEG 3.2.2.4", p)
        elif a.kind == "prepare":
            card = self._take(side.hand, a.card)
            card.face_up = False
            if card.defn.spirit is not None:
                # LEG 3.2.2.1.5: the Hybrid waits in the Evolution Box, its Spirit goes to the Support Box.
                spirit = self._opt_card(p, card.defn.spirit)
                zone = "hand" if spirit in side.hand else "slot"
                self._slot_out(p, spirit) if zone == "slot" else side.hand.remove(spirit)
                spirit.face_up = False
                side.evolution.append(card)
                side.support.append(spirit)
                self.emit("spirit_placed", "LEG 3.2.2.1.5", p, card=card.name, spirit=spirit.name, zone=zone)
                self.emit("prepare", "LEG 3.2.2.5", p, level=card.defn.level, power=0)
                return
            other = self._jogress_card(p, card.defn, card) if card.defn.jogress else None  # before it is placed
            side.evolution.append(card)
            ignored = self._requirements_ignored(p, card.defn)
            if p in self.ignoring and not ignored:
                # LEG 3.3.3.2: information without ◎ or ■ is no special ability: it holds for the face-down card.
                self.emit("requirements_not_ignored", "LEG 3.3.3.2", p, card=card.name, requirement=card.defn.requirement)
            power = [] if ignored else [side.network.pop(0) for _ in range(card.defn.requirement)]
            other = None if ignored else other
            if other is not None:
                side.hand.remove(other)
                power.append(other)
                self.emit("jogress", "LEG 3.2.2.1.3", p, card=card.name, partner=other.name)
            needed = card.defn.opt or card.defn.fusion
            if needed and (card.defn.fusion or not ignored):
                option = self._opt_card(p, needed)
                zone = "hand" if option in side.hand else "slot"
                self._slot_out(p, option) if zone == "slot" else side.hand.remove(option)
                power.append(option)
                # LEG 3.2.2.1.4: a Capsule digivolution (fusion) follows the Opt procedure (LEG 3.2.2.1.2).
                kind, ref = ("opt", "LEG 3.2.2.1.2") if card.defn.opt else ("fusion", "LEG 3.2.2.1.4")
                self.emit(kind, ref, p, card=card.name, option=option.name, zone=zone)
            for c in power:
                c.face_up = False  # LEG 3.2.2.1.1: nobody looks at them
            side.power.extend(power)
            self.emit("prepare", "LEG 3.2.2.5", p, level=card.defn.level, power=len(power))
        elif a.kind == "set":
            card = self._take(side.hand, a.card)
            card.face_up = False
            if card.defn.set_face_up:
                # LEG 3.4.4.4: set face up now; its effect activates in the phase of its activation timing.
                card.face_up = True
                self.waiting.add(card.uid)
                side.slots[a.option - 1] = card
                self.emit("set", "LEG 3.4.4.4", p, slot=a.option, card=card.name, face_up=True)
                return
            # LEG 3.4.4.1: a second copy of an "only 1" card may be set; the limit is on using it.
            again = card.defn.only_one and any(c is not None and c.name == card.name for c in side.slots)
            side.slots[a.option - 1] = card
            self.emit("set", "LEG 3.4.4.1" if again else "LEG 3.2.2.7", p, slot=a.option)

    def _spirit_problem(self, p: int, d: LegacyCardDef) -> IllegalAction | None:
        """Why the Hybrid ``d`` can't be prepared by Spirit digivolution now (LEG 3.2.2.1.5): its Spirit goes to
        the Support Box, and only a Spirit that meets its appearance conditions may be placed there.  Reading:
        002 doesn't say where the Spirit comes from; as for the Opt procedure, the hand or the Option Slot
        (LEG 3.2.2.1.2).  A Hybrid has no level (LEG 3.3.2): it comes by its Spirit from the Digimon there."""
        side = self.players[p]
        if not side.evolution and side.top is None:
            return IllegalAction(f"{d.name} digivolves from the Digimon in your Digimon Box, and there is none", "LEG 3.2.2.1.5")
        if self._opt_card(p, d.spirit) is None:
            return IllegalAction(f"Spirit digivolution: {d.spirit} goes to the Support Box from your hand or Option Slot",
                                 "LEG 3.2.2.1.5")
        if d.appears is not None and not self._condition_met(p, d.appears):
            # Appearance conditions are no digivolution requirements: ignoring those does not reach them (LEG 3.2.2.1.7).
            return IllegalAction(f"only a Spirit that meets its appearance conditions may be placed in the Support Box; "
                                 f"{d.spirit} does not meet {d.name}'s", "LEG 3.2.2.1.7" if p in self.ignoring else "LEG 3.2.2.1.5")
        return None

    def _requirements_ignored(self, p: int, d: LegacyCardDef) -> bool:
        """An effect ignoring digivolution requirements is in force for ``p`` and reaches ``d``: not a card
        whose information says its requirements cannot be ignored (LEG 3.3.3.2)."""
        return p in self.ignoring and not d.requirements_not_ignored

    def _jogress_card(self, p: int, d: LegacyCardDef, card: Card) -> Card | None:
        """The card of the other Digimon of ``d``'s Jogress team in ``p``'s hand, when one of the team is
        in the Digimon Box (or is the card it digivolves from in the Evolution Box) (LEG 3.2.2.1.3)."""
        side = self.players[p]
        below = side.evolution[-1] if side.evolution else side.top
        if below is None or below.name not in d.jogress:
            return None
        other = d.jogress[1] if below.name == d.jogress[0] else d.jogress[0]
        return next((c for c in side.hand if c.name == other and c is not card), None)

    def _opt_card(self, p: int, name: str) -> Card | None:
        """The "Win Rate" Option an Opt digivolution needs, from the hand or else the Option Slot (LEG 3.2.2.1.2)."""
        side = self.players[p]
        return next((c for c in side.hand + [c for c in side.slots if c is not None and not c.face_up]
                     if c.name == name), None)

    def _activate_waiting(self, phase: str) -> None:
        """The effects of "face up~" Options set face up, as the phase of their activation timing starts
        (LEG 3.4.4.4): activating the effect is applying it, the card already being face up (LEG 3.4.5.2)."""
        for p in (self.second_player, self.first_player):
            for card in [c for c in self.players[p].slots if c is not None and c.uid in self.waiting]:
                if phase in card.defn.timing and self.top(p) is not None and self.top(1 - p) is not None:
                    self.waiting.discard(card.uid)
                    self.emit("effect_activated", "LEG 3.4.5.2", p, card=card.name, phase=phase)
                    self._resolve(p, card.defn.effect, card.name, "LEG 3.4.4.4", until=card.defn.limit)

    def _pay(self, p: int, card: Card, when: str, ref: str) -> None:
        """Pay the part of ``card``'s cost due ``when`` ("face_up" or "effect", LEG 3.3.5)."""
        cost = (card.defn.cost or {}).get(when)
        if not cost:
            return
        if "points" in cost:
            self._lose_points(p, cost["points"], ref, event="cost_paid", card=card.name, when=when)
            return
        side = self.players[p]
        paid = side.network[:cost["network"]]
        del side.network[:len(paid)]
        self._to_darkness(p, paid, ref, "paid as the cost of an Option card")
        self.emit("cost_paid", ref, p, card=card.name, when=when, network=len(paid))
