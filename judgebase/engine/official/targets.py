"""What an effect may choose and when it applies (CR 15-8, 15-11): conditions, targets, the
effects that apply while their window is open.
"""

from __future__ import annotations

from ..cards import Effect
from ..state import (
    IllegalAction,
    Stack,
)


class Targets:
    """Conditions, targets and persistent effects."""

    def persistent_effects(self, stack: Stack):
        """(effect, source card) pairs currently applying from this Digimon's own cards."""
        if stack.area != "battle":
            return
        owner_turn = self.turn_player == stack.owner
        top = stack.top
        candidates = [(e, top) for e in top.defn.persistent_effects]
        for c in stack.sources:
            if c.defn.persistent_inherited:
                candidates += [(e, c) for e in c.defn.persistent_inherited]
        for effect, card in candidates:
            if effect.timing == "all_turns" or (effect.timing == "your_turn" and owner_turn) or (
                effect.timing == "opponents_turn" and not owner_turn
            ):
                if self._condition_met(effect, stack.owner):
                    yield effect, card

    def _condition_met(self, effect: Effect, player: int) -> bool:
        cond = effect.condition or {}
        if "memory_at_most" in cond and self.mem(player) > cond["memory_at_most"]:
            return False
        if "memory_at_least" in cond and self.mem(player) < cond["memory_at_least"]:
            return False
        return True

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
        predicate behind the targets offered and the choices refused (CR 15-11-1-3-1)."""
        if stack is None:
            return IllegalAction("choose 1 card on the field", "CR 15-11-1-3-1")
        if stack.area != "battle":
            return IllegalAction(f"{stack!r} is in a breeding area; effects can't choose it", "CR 3-4-7-5")
        side = controller if who in ("own", "all_own") else 1 - controller
        whose = "your" if side == controller else "your opponent's"
        if stack.owner != side:
            return IllegalAction(f"the effect chooses 1 of {whose} cards", "CR 15-11-1-3-1")
        if who in ("opponent_tamer", "all_opponent_tamers"):
            if stack.top.defn.category != "tamer":
                return IllegalAction(f"the effect chooses 1 of {whose} Tamers", "CR 15-11-1-3-1")
            return None
        if not self.is_digimon(stack):
            return IllegalAction(f"the effect chooses 1 of {whose} Digimon", "CR 15-11-1-3-1")
        if side != controller and self.attack and self.attack.attacker is stack and self.keyword(stack, "progress"):
            # CR 16-39: <Progress> - not affected by the opponent's effects while attacking.
            return IllegalAction(f"{stack!r} has <Progress> and is attacking", "CR 16-39-1")
        if "max_dp" in step and (self.dp(stack) or 0) > step["max_dp"]:
            return IllegalAction(f"the effect chooses a Digimon with {step['max_dp']} DP or less", "CR 15-11-1-3-1")
        if "max_level" in step and (stack.top.defn.level or 0) > step["max_level"]:
            return IllegalAction(f"the effect chooses a Digimon of level {step['max_level']} or less", "CR 15-11-1-3-1")
        return None
