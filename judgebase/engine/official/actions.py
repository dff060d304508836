"""The main phase: which actions are offered and why the others are refused (CR 6-5).

Every action kind is decided by one predicate (``_check`` and the ``*_problem`` methods it calls);
the same predicate builds the list of legal actions and refuses an action not in it.
"""

from __future__ import annotations

from ..state import (
    Action,
    Decision,
    IllegalAction,
    Stack,
)
from .common import FAMILIES
from .special import SPECIAL_KINDS


class MainPhaseActions:
    """Offering and refusing main phase actions with one predicate per rule."""

    def _main_actions(self, tp: int) -> list[Action]:
        """Every main phase action the rules allow now (CR 6-5-1).

        Each candidate is asked the predicate of its kind — the one ``_check`` asks when
        ``apply`` refuses it: ``_check_play``, ``_check_use``, ``_check_digivolve``,
        ``_check_special``, ``attack_problem``, ``_check`` for the rest.  ``attack_problem`` is
        asked in its parts: whether the Digimon can declare an attack at all, once per Digimon;
        what each target decides alone, once per target, and whether an attacker that may attack
        only suspended Digimon may attack it, once per target; then each pair.  Candidates are
        only generated where a requirement can be met (``requirement_problem``), so listing the
        legal actions doesn't run every combination through the whole refusal path.
        """
        a = Action("pass")
        legal = [a] if self._check(a) is None else []
        if self._cards_problem() is None:
            ps = self.players[tp]
            field = self.stacks(tp) + ([ps.breeding] if ps.breeding else [])
            tops = [(s, id(s.cards[-1].defn), s.cards[-1]) for s in field]
            fits = self._fits
            card_problem = self._card_problem
            bases: dict[int, list] = {}  # requirement -> the cards on the field meeting it, in field order
            for card in ps.hand:
                d = card.defn
                category = d.category
                if category == "digimon" or category == "tamer":
                    a = Action("play", card.uid)
                    if card_problem(tp, card, a) is None:
                        legal.append(a)
                if category == "option" or d.option_side:
                    a = Action("use", card.uid)
                    if card_problem(tp, card, a) is None:
                        legal.append(a)
                if category == "digimon":
                    for i, req in enumerate(d.requirements):
                        # whether a card meets a requirement depends on the two definitions only:
                        # requirement_problem keeps the answer per pair and game, read here without a
                        # call, and the cards meeting it are listed once for copies in the hand
                        meeting = bases.get(id(req))
                        if meeting is None:
                            rid = id(req)
                            meeting = bases[rid] = [
                                s for s, did, top in tops
                                if (known[0] if (known := fits.get((rid, did))) is not None
                                    else self.requirement_met(req, top))]
                        for s in meeting:
                            a = Action("digivolve", card.uid, s.sid, i)
                            if card_problem(tp, card, a) is None:
                                legal.append(a)
            legal += [a for a in self._special_candidates(tp) if self._special_problem(tp, a) is None]
        targets = only_suspended = None
        for stack in self.stacks(tp):
            if self._declaration_problem(tp, stack, "normal") is None:
                if targets is None:  # the part of each target's problem no attacker changes, asked once
                    targets = [(t, target) for t in self._attack_candidates(tp)
                               for problem, target in (self._attack_target(tp, t, "normal"),) if problem is None]
                    pair_problem, limit_problem = self._attacker_target_problem, self._attack_limit_problem
                if self._may_attack_unsuspended(stack, "normal"):
                    unsuspended, candidates = True, targets
                else:
                    if only_suspended is None:  # the targets of an attacker that may attack only suspended
                        # Digimon: the part of the pair's problem that depends on the attacker only so
                        only_suspended = [(t, target) for t, target in targets
                                          if target is None or self._suspended_only_problem(target) is None]
                    unsuspended, candidates = False, only_suspended
                legal += [Action("attack", stack.sid, t) for t, target in candidates
                          if (target is None or pair_problem(tp, stack, target, "normal", unsuspended) is None)
                          and limit_problem(tp, stack, t, "normal") is None]
            for i in range(len(self._activation_effects(stack))):
                a = Action("activate", stack.sid, option=i)
                if self._check(a) is None:
                    legal.append(a)
        breeding = self.players[tp].breeding
        if breeding is not None:  # <Training> is activated in the breeding area too (CR 16-41-1)
            for i in range(len(self._activation_effects(breeding))):
                a = Action("activate", breeding.sid, option=i)
                if self._check(a) is None:
                    legal.append(a)
        return legal + self.variant.main_actions(tp)

    # The words a hand action's payment refusal uses.
    _CARD_VERBS = {"play": "playing", "use": "using", "digivolve": "digivolving into"}

    def _card_problem(self, tp: int, card, a: Action) -> IllegalAction | None:
        """Playing, using or digivolving ``card``: the rule of that action (``_check_play``,
        ``_check_use``, ``_check_digivolve``), then whether its cost can be paid at all (CR 4-2-2): a card whose
        cost can't be paid can't be declared (CR 1-3-11-1), nor used (CR 9-1-8)."""
        kind = a.kind
        if kind == "play":
            problem = self._check_play(tp, card, a)
        elif kind == "use":
            problem = self._check_use(tp, card, a)
        else:
            problem = self._check_digivolve(tp, card, a)
        if problem is not None:
            return problem
        cost = self.lowest_cost(tp, card, a)
        problem = self.payment_problem(tp, cost, f"{self._CARD_VERBS[kind]} {card.defn.name}")
        if problem is None:
            return None
        if kind == "use":
            # CR 9-1-8: a card whose cost can't be paid can't be used; it stays put and no memory moves.
            return IllegalAction(lambda unpaid=problem: f"{unpaid.reason}; the card can't be used, so it stays "
                                 "in the hand and no memory moves", "CR 9-1-8")
        problem = self._undeclarable(problem)
        if kind == "play":
            problem = self.declaration_problem(tp, card, cost, problem)
        return problem

    def _special_problem(self, tp: int, a: Action) -> IllegalAction | None:
        """DNA, Burst, App Fusion and Link: their rules (``_check_special``), then the cost (CR 4-2-2,
        CR 1-3-11-1)."""
        problem = self._check_special(tp, a) or self.variant.special_problem(tp, a)
        if problem is None:
            problem = self.payment_problem(tp, self._special_cost(tp, a), f"this {a.kind.replace('_', ' ')}")
            if problem is not None:
                problem = self._undeclarable(problem)
        return problem

    @staticmethod
    def _undeclarable(unpaid: IllegalAction) -> IllegalAction:
        """CR 1-3-11-1: playing, digivolving or linking a card may be declared only if its cost can be
        paid; ``unpaid`` says why it can't (CR 4-2-2), and the declaration itself is what is refused."""
        return IllegalAction(lambda: f"{unpaid.reason}; a card whose cost can't be paid can't be declared", "CR 1-3-11-1")

    def _special_cost(self, tp: int, a: Action) -> int | None:
        ps = self.players[tp]
        card = next((c for c in ps.hand if c.uid == a.card), None) or next((s.top for s in ps.battle if s.top.uid == a.card), None)
        d = card.defn if card is not None else None
        if d is None:
            return None
        if a.kind == "dna" and a.option is not None and 0 <= a.option < len(d.dna):
            return max(0, d.dna[a.option][0] + self.digivolve_cost_change(tp, [self.find_stack(t) for t in a.targets or ()]))
        if a.kind == "burst" and a.option is not None and 0 <= a.option < len(d.burst):
            return max(0, d.burst[a.option][0].cost + self.digivolve_cost_change(tp, [self.find_stack(a.target)]))
        if a.kind == "app_fusion" and a.option is not None and 0 <= a.option < len(d.app_fusion):
            return max(0, d.app_fusion[a.option][0] + self.digivolve_cost_change(tp, [self.find_stack(a.target)]))
        if a.kind == "link" and d.link:
            return d.link["cost"]
        return None

    # The main phase action (CR 6-5-1-1 to 6-5-1-3) that plays, digivolves into or uses a card from the hand.
    HAND_ACTION_REFS = {"play": "CR 6-5-1-1", "digivolve": "CR 6-5-1-2", "use": "CR 6-5-1-3"}

    def _cards_problem(self, kind: str | None = None) -> IllegalAction | None:
        """Cards are played, used and digivolved in the main phase (CR 6-5-1-1 to 6-5-1-3), with
        nothing pending (CR 6-5-1)."""
        if self.phase != "main":
            what = {"play": "playing a card", "digivolve": "digivolving", "use": "using an Option card"}.get(kind, "this")
            return IllegalAction(f"{what} is a main phase action", self.HAND_ACTION_REFS.get(kind, "CR 6-5-1"))
        if self.attack is not None:
            return IllegalAction("cards are played in the main phase, with nothing pending", "CR 6-5-1")
        return None

    def _pick(self, player: int, kind: str, prompt: str, problem, optional: bool = True,
              committed: IllegalAction | None = None) -> Decision:
        """A decision to choose 1 card on the field (``choose target=``), or to decline when optional.

        ``problem(stack)`` is the one predicate that both offers each card and refuses the others;
        ``committed`` is why declining is refused when the player has committed to the choice."""
        ref = self.DECISION_REFS.get(kind, "CR 6-1-3")
        optional = optional and committed is None

        def check(a: Action) -> IllegalAction | None:
            if a.kind == "decline" and committed is not None:
                return committed
            if a.kind == "decline" and not optional:
                return IllegalAction("choosing cards means choosing at least 1; none is not a choice", "CR 1-3-6")
            if a.kind != "choose":
                return None
            if a.target is None or a.card is not None or a.option is not None or a.targets:
                if kind == "target" and a.card is not None and a.target is None and a.option is None and not a.targets:
                    # CR 15-1-7: an effect that names no area chooses in the battle area, not in a hand or trash.
                    return IllegalAction("an effect that names no area chooses a card in the battle area", "CR 15-1-7")
                return IllegalAction("choose 1 card on the field", ref)
            return problem(self.find_stack(a.target))

        pool = self.stacks() + [ps.breeding for ps in self.players if ps.breeding]
        candidates = ([Action("decline")] if optional else []) + [Action("choose", target=s.sid) for s in pool]
        return self.decide(player, kind, candidates, prompt, check)

    def _phase_check(self, kind: str):
        """The predicate of a breeding or main phase decision: ``_check`` for that phase's actions."""
        family = self.MAIN_KINDS if kind == "main" else FAMILIES[kind]
        return lambda a: self._check(a) if a.kind in family else None

    def _activation_effects(self, stack: Stack):
        """The activation-type effects of a card on the field (CR 15-2-3), each with the card it is
        printed on.  Asked of every card whenever the legal actions are listed, and most cards have
        none: each source is asked only where some card of the game could give one."""
        top = stack.cards[-1]
        d = top.defn
        if d.category == "option":
            # An Option placed in the battle area isn't used again; only its <Delay> activates (CR 16-17-1).
            return [(e, top) for e in d.effects if e.timing == "delay"]
        if stack.area == "breeding":
            # CR 3-4-7-8: breeding-area cards aren't referenced, but <Training> says it can be activated there.
            printed = d.keyword("training") is not None or any(
                c.defn.keyword("training", inherited=True) is not None for c in stack.sources)
            return [("training", top)] if printed else []
        own = d.timings[0]  # (most cards have no activation-type effect: not looped over)
        out = [(e, top) for e in d.effects if e.timing in ("main", "delay")] if "main" in own or "delay" in own else []
        in_game = self._keywords_in_game
        if "succession" in in_game:  # (``succession_card`` is None in a game without <Succession>)
            gained = self.succession_card(stack)
            if gained is not None:  # CR 16-47-1: the [Main] effects of its <Succession> card are its own
                out += [(e, gained) for e in gained.defn.effects if e.timing == "main"]
        for c in stack.sources:
            if "main" in c.defn.timings[1]:
                out += [(e, c) for e in c.defn.inherited if e.timing == "main"]
        if ("training" in in_game or stack.modifiers) and self.keyword(stack, "training"):
            out.append(("training", top))  # CR 16-41-2: an activation-type effect
        return out

    def training_problem(self, stack: Stack) -> IllegalAction | None:
        """Why <Training> can't be activated now: suspending the Digimon is its condition (CR 16-41-3)."""
        if stack.suspended:
            return IllegalAction(f"{stack!r} is suspended, so it can't suspend for <Training>", "CR 16-41-3")
        if self.keyword(stack, "cannot_suspend"):
            return IllegalAction(f"an effect says {stack!r} can't suspend", "CR 15-7-2")
        return None

    def _training(self, tp: int, stack: Stack) -> None:
        """CR 16-41: suspend the Digimon (the optional condition, 16-41-3), then the top card of the deck
        must go under it as its bottom digivolution card (16-41-1)."""
        self.emit("activate", "CR 16-41-2", tp, card=stack.top.name)
        stack.suspended = True
        self.emit("suspend", "CR 16-41-3", tp, card=repr(stack))
        deck = self.players[tp].deck
        if deck:
            card = deck.pop(0)
            card.incarnation += 1
            stack.cards.insert(0, card)
            self.emit("training", "CR 16-41-1", tp, card=repr(stack), placed=card.name)
            # CR 4-7-5: cards under a card lie face up unless something says otherwise; <Training> does.
            self._turn_face_down(card)
            self.emit("placed_face_down", "CR 4-7-5", tp, card=repr(stack), source="<Training>")
            self._sources_added(stack, placed=(card,))

    def why_illegal(self, action: Action, check_only: bool = False):
        """The IllegalAction that forbids ``action`` now (or, with check_only, None when it is legal)."""
        if check_only:
            return self._check(action)
        d = self.decision
        timing = self.attack_timing_problem(action)  # CR 11-1-4: not before the attack's timing has come
        if timing is not None:
            return timing
        if d is not None and d.check is not None:
            err = d.check(action)  # the predicate that built this decision's options explains its refusals
            if err is not None:
                return err
        if action.kind == "attack" and self.attack is not None:
            return IllegalAction("a new attack can't be declared during an attack", "CR 11-2-4")
        if action.kind == "block":
            return self._check_block(action) or IllegalAction("no block is possible now", "CR 12-1-1")
        if action.kind in ("blast", "blast_dna") and (d is None or d.kind != "counter"):
            if self.attack is not None and self.attack.countered:
                return IllegalAction("only 1 [Counter] effect can be activated per attack", "CR 11-3-2")
            name = "<Blast DNA Digivolve>" if action.kind == "blast_dna" else "<Blast Digivolve>"
            return IllegalAction(f"{name} is used at the counter timing of an opponent's attack", "CR 11-3-1")
        if d is not None and d.kind == "effect_digivolve" and action.kind in ("dna", "burst", "app_fusion"):
            ref = {"dna": "CR 8-2-2-4", "burst": "CR 8-3-2-2", "app_fusion": "CR 8-4-2-2"}[action.kind]
            return IllegalAction(f"an effect that lets you digivolve doesn't allow {action.kind.replace('_', ' ')}", ref)
        if action.kind == "counter" and (d is None or d.kind != "counter"):
            if self.attack is not None and self.attack.countered:
                return IllegalAction("only 1 [Counter] effect can be activated per attack", "CR 11-3-2")
            return IllegalAction("[Counter] effects activate at the counter timing of an opponent's attack", "CR 11-3-1")
        refusal = self._refusal(d, action) or self._other_phase_problem(d, action)
        if refusal is not None:
            return refusal
        if d is not None and action.kind not in FAMILIES.get(d.kind, ()) and action.kind not in {x.kind for x in d.actions}:
            if d.kind == "main" and action.kind in ("no_block", "counter", "no_counter"):
                return IllegalAction(f"{action.kind} is only possible during an attack", "CR 11-1-3")
            return IllegalAction(f"now P{d.player + 1} must decide: {d.kind}", self.DECISION_REFS.get(d.kind, "CR 6-1-3"))
        err = self._check(action) or self._refusal(d, action)
        return err or IllegalAction(f"{action} is not a choice here (waiting for: {d.kind if d else 'nothing'})", self.DECISION_REFS.get(d.kind if d else "", "CR 6-1-3"))

    def _other_phase_problem(self, d: Decision | None, a: Action) -> IllegalAction | None:
        """An action of another step of the turn than the one waiting: refused by the rule of its phase.

        Main phase actions need the main phase with nothing waiting to be processed (CR 6-5-1); in
        the breeding phase they are refused by their own predicate (a pass by CR 6-5-1-7, an attack
        by CR 6-5-1-5), and while something of an earlier phase is still being processed the game
        hasn't moved on (CR 6-1-3).  Hatching and moving are breeding phase actions (``_check``), and
        the turn player takes exactly one breeding phase action (CR 6-4-1)."""
        if d is None or a.kind in FAMILIES.get(d.kind, ()):
            return None
        if a.kind in self.MAIN_KINDS:
            if d.kind == "trigger_order":
                return IllegalAction("the pending effects are activated first, one at a time", "CR 15-4-3-5")
            if self.phase == "main" or self.attack is not None:
                if a.kind == "activate":
                    return IllegalAction("an activation-type effect is declared only while nothing is left to process", "CR 15-8-4-2")
                return IllegalAction("main phase actions are taken only while nothing is waiting to be processed", "CR 6-5-1")
            if d.kind == "breeding":
                if a.kind in SPECIAL_KINDS:  # DNA, Burst, App Fusion digivolve from the hand; linking has its own clause
                    what, ref = ("linking", "CR 6-5-1-4") if a.kind == "link" else ("digivolving", "CR 6-5-1-2")
                    return IllegalAction(f"{what} is a main phase action", ref)
                return self._check(a)
            if self.phase == "setup":
                return None
            return IllegalAction("the game doesn't move on to the next phase while anything is waiting to be processed", "CR 6-1-3")
        if a.kind in FAMILIES["breeding"]:
            if self.phase == "breeding":  # what the breeding phase action set off is still being processed
                return IllegalAction("the turn player performs exactly one breeding phase action", "CR 6-4-1")
            if a.kind in ("hatch", "move"):
                return self._check(a)
        return None

    def _refusal(self, d: Decision | None, a: Action) -> IllegalAction | None:
        """The clause behind refusing an action of another decision's kind: none officially, a format's
        own (``variant.refusal``).  A decision's own choices are refused by its ``check``."""
        return self.variant.refusal(d, a)

    def _check(self, a: Action) -> IllegalAction | None:
        tp = self.turn_player
        ps = self.players[tp]
        if a.kind == "pass":
            return None if self.phase == "main" else IllegalAction("passing is a main phase action", "CR 6-5-1-7")
        if a.kind in ("hatch", "move") and self.phase != "breeding":
            what = "hatching a Digi-Egg" if a.kind == "hatch" else "moving a Digimon out of the breeding area"
            return IllegalAction(f"{what} is a breeding phase action", "CR 6-4-1-1" if a.kind == "hatch" else "CR 6-4-1-2")
        if a.kind == "hatch":
            if ps.breeding is not None:
                return IllegalAction("the breeding area already holds a card", "CR 4-18-3")
            if not ps.eggs:
                return IllegalAction("no cards in the Digi-Egg deck", "CR 4-18-2")
            return None
        if a.kind == "move":
            if ps.breeding is None:
                return IllegalAction("no card in the breeding area to move", "CR 4-17-1")
            if ps.breeding.top.defn.dp is None and not self.variant.may_move(ps.breeding):
                return IllegalAction("only Digimon with DP can be moved", "CR 4-17-2")
            return None
        if a.kind == "skip":
            return None
        if a.kind == "block":
            return self._check_block(a)
        if a.kind in ("use", "digivolve") and a.targets:  # several cards or Digimon named in one action
            if a.kind == "use":
                return IllegalAction("cards are used one at a time, never 2 or more together", "CR 9-1-7")
            return IllegalAction("each digivolution is of 1 Digimon; several can't digivolve at the same time", "CR 8-1-2-5")
        if a.kind in ("play", "use", "digivolve"):
            if self._cards_problem(a.kind) is not None:
                return self._cards_problem(a.kind)
            card = next((c for c in ps.hand if c.uid == a.card), None)
            if card is None:
                return IllegalAction("that card is not in the turn player's hand", "CR 6-5-1")
            return self._card_problem(tp, card, a)
        if a.kind == "attack":
            if a.targets:  # several Digimon named as attackers of one declaration
                return IllegalAction("each attack declaration makes exactly one Digimon attack", "CR 11-2-3")
            return self.attack_problem(tp, self.find_stack(a.card) if a.card is not None else None, a.target)
        if a.kind in SPECIAL_KINDS:
            return self._special_problem(tp, a)
        if a.kind == "activate":
            if self.phase != "main":
                return IllegalAction("activating an activation-type effect is a main phase action", "CR 6-5-1-6")
            stack = self.find_stack(a.card)
            if stack is not None and stack.owner != tp and any(e != "training" and e.timing == "main"
                                                               for e, _ in self._activation_effects(stack)):
                return IllegalAction("a [Main] effect is declared only in its owner's own main phase", "CR 15-16-7-1")
            if stack is None or stack.owner != tp or stack.area != "battle" and not self._activation_effects(stack):
                return IllegalAction("activation-type effects are activated from your battle area", "CR 6-5-1-6")
            effects = self._activation_effects(stack)
            if a.option is None or not 0 <= a.option < len(effects):
                return IllegalAction("that card has no such activation-type effect", "CR 6-5-1-6-1")
            effect, card = effects[a.option]
            if effect == "training":
                return self.training_problem(stack)
            if effect.timing == "delay" and stack.placed_turn == self.turn:
                return IllegalAction("<Delay> can't be activated the turn the card was placed", "CR 16-17-3")
            if self.per_turn_spent(card, effect):
                return IllegalAction(f"this card has already used this effect {effect.per_turn} times this turn, as many as it may"
                                     if effect.per_turn > 1 else "[Once Per Turn] effect already used this turn by this card",
                                     "CR 15-14-1-2")
            if not self._condition_met(effect, tp, stack):
                return IllegalAction("its processing conditions aren't met now, so it can't be declared", "CR 15-8-4-3-1")
            cost = next((step["by"] for step in effect.steps if "by" in step), None)
            if cost is not None and not self._cost_payable(tp, cost, card, stack):
                return IllegalAction("its cost (“by ...”) can't be paid now, so it can't be declared", "CR 15-8-4-4-1")
            return None
        if a.kind in self.variant.MAIN_KINDS:
            return self.variant.main_action_problem(tp, a)
        return None

    # The steps that pay the cost and place the card, per play procedure (CR 7-1-3, 7-2-3, 7-3-3).
    PLAY_PROCEDURES = {
        "play": ("CR 7-1-3-2", "CR 7-1-3-3"),
        "digixros": ("CR 7-2-3-3", "CR 7-2-3-4"),
        "assembly": ("CR 7-3-3-3", "CR 7-3-3-4"),
    }

    def _play_fails(self, tp: int, card, cost: int, sources, procedure: str) -> None:
        """The revealed card can't be played after all: its cost can't be paid (CR 4-2-2).  The cards
        already put under it are trashed (CR 7-2-2-11, CR 7-3-2-8); it goes back to the hand, which
        is not leaving an area, and no memory moves (CR 7-1-2-3)."""
        ps = self.players[tp]
        if sources:
            ps.trash.extend(sources)
            self.emit("materials_trashed", "CR 7-2-2-11" if procedure == "digixros" else "CR 7-3-2-8", tp,
                      card=card.name, cards=", ".join(c.name for c in sources))
            self._overflow(list(sources), tp)
        ps.processing.remove(card)
        ps.hand.append(card)
        self.emit("cannot_play", "CR 7-1-2-3", tp, card=card.name, cost=cost, memory=self.mem(tp))

    # The main phase action each kind of declaration is (CR 6-5-1); pass and activate have events of their own.
    MAIN_ACTION_REFS = {
        "play": "CR 6-5-1-1-1", "digivolve": "CR 6-5-1-2-1", "dna": "CR 6-5-1-2-2", "burst": "CR 6-5-1-2-3",
        "app_fusion": "CR 6-5-1-2-4", "use": "CR 6-5-1-3-1", "link": "CR 6-5-1-4-1", "attack": "CR 6-5-1-5-1",
    }

    def _do_main(self, tp, a: Action):
        if self.variant.main_action(tp, a):  # the format's own action (Tamer Tactics' protection)
            return
        if a.kind in self.MAIN_ACTION_REFS:
            self.emit("main_action", self.MAIN_ACTION_REFS[a.kind], tp, action=a.kind)
        if a.kind == "pass":
            self.emit("pass", "CR 6-5-1-7-1", tp)
            self.set_mem(tp, -3, "CR 6-5-1-7-1", "pass")
        elif a.kind == "play":
            card = self._take_from_hand(tp, a.card)
            self.players[tp].processing.append(card)
            self.emit("play_declared", "CR 7-1-3-1", tp, card=card.name)
            change = yield from self._would_be_played(tp, card)
            cost = (card.defn.play_cost or 0) + change
            if cost < 0:
                self.emit("cost_not_negative", "CR 1-3-9", tp, card=card.name, reduced=cost)
                cost = 0
            cost, sources = yield from self._materials(tp, card, cost=cost)
            procedure = "play" if not sources else "digixros" if card.defn.digixros else "assembly"
            if procedure == "digixros" and change:
                # CR 7-2-2-13: what an effect did to playing the card holds for its DigiXros play too.
                self.emit("play_effect_kept", "CR 7-2-2-13", tp, card=card.name, change=change)
            if sources:  # CR 6-5-1-1-2, 6-5-1-1-3: the card played by this action may be DigiXrosed or use Assembly
                self.emit("main_action", "CR 6-5-1-1-2" if procedure == "digixros" else "CR 6-5-1-1-3", tp, action=procedure)
            if self.payment_problem(tp, cost, f"playing {card.name}"):
                self._play_fails(tp, card, cost, sources, procedure)
            else:
                pay_ref, place_ref = self.PLAY_PROCEDURES[procedure]
                yield from self._play(tp, card, cost=cost, ref=place_ref, sources=sources, declared=True, pay_ref=pay_ref)
        elif a.kind in SPECIAL_KINDS:
            yield from self._do_special(tp, a)
        elif a.kind == "use":
            card = self._take_from_hand(tp, a.card)
            yield from self._use_option(tp, card)
        elif a.kind == "digivolve":
            yield from self._digivolve(tp, a)
        elif a.kind == "attack":
            yield from self._declare_attack(tp, self.find_stack(a.card), a.target, via="normal")
        elif a.kind == "activate":
            stack = self.find_stack(a.card)
            effect, card = self._activation_effects(stack)[a.option]
            if effect == "training":
                self._training(tp, stack)
            elif effect.timing == "delay":
                # CR 16-17-1: trash the card to activate its <Delay> effect.
                self._leave_field(stack, "trash", "CR 16-17-1")
                self.emit("delay", "CR 16-17-1", tp, card=card.name)
                yield from self._run_effect(tp, effect, card, None)
            else:
                self.emit("activate", "CR 6-5-1-6-1", tp, card=card.name)
                if card is not stack.top and any(e is effect for e in card.defn.effects):
                    self._succession_effect(stack, card, f"[Main] of {card.name} (<Succession>)")  # CR 16-47-1
                self._spend_use(tp, card, effect)  # CR 15-14-1-4: declaring the activation uses it
                self._committed_cost = card  # CR 15-8-4-4-1: declared, its cost must be paid
                yield from self._run_effect(tp, effect, card, stack, count_use=False)
                self._committed_cost = None
        yield from self._rule_check()
