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
        candidates = [Action("pass")]
        ps = self.players[tp]
        field = self.stacks(tp) + ([ps.breeding] if ps.breeding else [])
        for card in ps.hand:
            d = card.defn
            if d.category in ("digimon", "tamer"):
                candidates.append(Action("play", card.uid))
            if d.category == "option" or d.option_side:
                candidates.append(Action("use", card.uid))
            if d.category == "digimon":
                for stack in field:
                    for i in range(len(d.requirements)):
                        candidates.append(Action("digivolve", card.uid, stack.sid, i))
        candidates += self._special_candidates(tp)
        for stack in self.stacks(tp):
            candidates += [Action("attack", stack.sid, t) for t in self._attack_candidates(tp)]
            for i, (effect, _card) in enumerate(self._activation_effects(stack)):
                candidates.append(Action("activate", stack.sid, option=i))
        return [a for a in candidates if self.why_illegal(a, check_only=True) is None]

    def _pick(self, player: int, kind: str, prompt: str, problem, optional: bool = True) -> Decision:
        """A decision to choose 1 card on the field (``choose target=``), or to decline when optional.

        ``problem(stack)`` is the one predicate that both offers each card and refuses the others."""
        ref = self.DECISION_REFS.get(kind, "CR 6-1-3")

        def check(a: Action) -> IllegalAction | None:
            if a.kind != "choose":
                return None
            if a.target is None or a.card is not None or a.option is not None or a.targets:
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
        if stack.top.defn.category == "option":
            # An Option placed in the battle area isn't used again; only its <Delay> activates (CR 16-17-1).
            return [(e, stack.top) for e in stack.top.defn.effects if e.timing == "delay"]
        out = [(e, stack.top) for e in stack.top.defn.effects if e.timing in ("main", "delay")]
        out += [(e, c) for c in stack.sources for e in c.defn.inherited if e.timing == "main"]
        return out

    def why_illegal(self, action: Action, check_only: bool = False):
        """The IllegalAction that forbids ``action`` now (or, with check_only, None when it is legal)."""
        if check_only:
            return self._check(action)
        d = self.decision
        if d is not None and d.check is not None:
            err = d.check(action)  # the predicate that built this decision's options explains its refusals
            if err is not None:
                return err
        if action.kind == "attack" and self.attack is not None:
            return IllegalAction("a new attack can't be declared during an attack", "CR 11-2-4")
        if action.kind == "block":
            return self._check_block(action) or IllegalAction("no block is possible now", "CR 12-1-1")
        if action.kind == "blast" and (d is None or d.kind != "counter"):
            if self.attack is not None and self.attack.countered:
                return IllegalAction("only 1 [Counter] effect can be activated per attack", "CR 11-3-2")
            return IllegalAction("<Blast Digivolve> is used at the counter timing of an opponent's attack", "CR 11-3-1")
        if d is not None and d.kind == "effect_digivolve" and action.kind in ("dna", "burst", "app_fusion"):
            ref = {"dna": "CR 8-2-2-4", "burst": "CR 8-3-2-2", "app_fusion": "CR 8-4-2-2"}[action.kind]
            return IllegalAction(f"an effect that lets you digivolve doesn't allow {action.kind.replace('_', ' ')}", ref)
        if action.kind == "counter" and (d is None or d.kind != "counter"):
            if self.attack is not None and self.attack.countered:
                return IllegalAction("only 1 [Counter] effect can be activated per attack", "CR 11-3-2")
            return IllegalAction("[Counter] effects activate at the counter timing of an opponent's attack", "CR 11-3-1")
        refusal = self._refusal(d, action)
        if refusal is not None:
            return refusal
        if d is not None and action.kind not in FAMILIES.get(d.kind, ()) and action.kind not in {x.kind for x in d.actions}:
            if d.kind == "main" and action.kind in ("no_block", "counter", "no_counter"):
                return IllegalAction(f"{action.kind} is only possible during an attack", "CR 11-1-3")
            return IllegalAction(f"now P{d.player + 1} must decide: {d.kind}", self.DECISION_REFS.get(d.kind, "CR 6-1-3"))
        err = self._check(action) or self._refusal(d, action)
        return err or IllegalAction(f"{action} is not a choice here (waiting for: {d.kind if d else 'nothing'})", self.DECISION_REFS.get(d.kind if d else "", "CR 6-1-3"))

    def _refusal(self, d: Decision | None, a: Action) -> IllegalAction | None:
        """Hook: the clause behind refusing an action of another decision's kind (Tamer Tactics'
        protection outside the main phase).  A decision's own choices are refused by its ``check``."""
        return None

    def _check(self, a: Action) -> IllegalAction | None:
        tp = self.turn_player
        ps = self.players[tp]
        if a.kind == "pass":
            return None if self.phase == "main" else IllegalAction("passing is a main phase action", "CR 6-5-1-7")
        if a.kind == "hatch":
            if ps.breeding is not None:
                return IllegalAction("the breeding area already holds a card", "CR 4-18-3")
            if not ps.eggs:
                return IllegalAction("no cards in the Digi-Egg deck", "CR 4-18-2")
            return None
        if a.kind == "move":
            if ps.breeding is None:
                return IllegalAction("no card in the breeding area to move", "CR 4-17-1")
            if ps.breeding.top.defn.dp is None:
                return IllegalAction("only Digimon with DP can be moved", "CR 4-17-2")
            return None
        if a.kind == "skip":
            return None
        if a.kind == "block":
            return self._check_block(a)
        if a.kind in ("play", "use", "digivolve"):
            if self.phase != "main" or self.attack is not None:
                return IllegalAction("cards are played in the main phase, with nothing pending", "CR 6-5-1")
            card = next((c for c in ps.hand if c.uid == a.card), None)
            if card is None:
                return IllegalAction("that card is not in the turn player's hand", "CR 6-5-1")
            return getattr(self, f"_check_{a.kind}")(tp, card, a)
        if a.kind == "attack":
            return self.attack_problem(tp, self.find_stack(a.card) if a.card is not None else None, a.target)
        if a.kind in SPECIAL_KINDS:
            return self._check_special(tp, a)
        if a.kind == "activate":
            stack = self.find_stack(a.card)
            if stack is None or stack.owner != tp or stack.area != "battle":
                return IllegalAction("activation-type effects are activated from your battle area", "CR 6-5-1-6")
            effects = self._activation_effects(stack)
            if a.option is None or not 0 <= a.option < len(effects):
                return IllegalAction("that card has no such activation-type effect", "CR 6-5-1-6-1")
            effect, card = effects[a.option]
            if effect.timing == "delay" and stack.placed_turn == self.turn:
                return IllegalAction("<Delay> can't be activated the turn the card was placed", "CR 16-17-3")
            if effect.once_per_turn and self._once_key(card, effect) in self.once_used:
                return IllegalAction("[Once Per Turn] effect already used this turn by this card", "CR 15-14-1-2")
            if not self._condition_met(effect, tp, stack):
                return IllegalAction("its processing conditions aren't met now, so it can't be declared", "CR 15-8-4-3-1")
            return None
        return None

    def _do_main(self, tp, a: Action):
        if a.kind == "pass":
            self.emit("pass", "CR 6-5-1-7-1", tp)
            self.set_mem(tp, -3, "CR 6-5-1-7-1", "pass")
        elif a.kind == "play":
            card = self._take_from_hand(tp, a.card)
            self.players[tp].processing.append(card)
            self.emit("play_declared", "CR 7-1-3-1", tp, card=card.name)
            cost, sources = yield from self._materials(tp, card)
            yield from self._play(tp, card, cost=cost, ref="CR 7-1-3", sources=sources, declared=True)
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
            if effect.timing == "delay":
                # CR 16-17-1: trash the card to activate its <Delay> effect.
                self._leave_field(stack, "trash", "CR 16-17-1")
                self.emit("delay", "CR 16-17-1", tp, card=card.name)
                yield from self._run_effect(tp, effect, card, None)
            else:
                self.once_used.add(self._once_key(card, effect)) if effect.once_per_turn else None
                self.emit("activate", "CR 6-5-1-6-1", tp, card=card.name)
                yield from self._run_effect(tp, effect, card, stack)
        self._rule_check()
