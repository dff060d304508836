"""Effects that add or change a card's information (CR 15-12): "treated as a Digimon with 3000 DP",
"its original name becomes [Sukamon]".

What such an effect gives is kept on the card as an ``info`` modifier; :meth:`Information.info` is
the one place that reads the card's information through them, for DP, level, name and being a
Digimon, so every rule and filter that reads that information sees the same value.
"""

from __future__ import annotations

from ..state import Modifier, Stack
from ..step_specs import printed_name


class Information:
    """Added and changed information (CR 15-12-1, 15-12-2)."""

    @staticmethod
    def _printed_info(stack: Stack, key: str):
        d = stack.top.defn
        if key == "name":
            return printed_name(d)
        if key == "category":
            return "digimon" if d.category == "digi-egg" else d.category
        return getattr(d, key)

    def _info_may_differ(self, stack: Stack) -> bool:
        """Whether any effect could have added or changed this card's information (cheap to ask)."""
        return self._info_given or bool(stack.modifiers)  # (_info_given: ("info", None) in _may_give_self or _others)

    @staticmethod
    def _apply_info(value, mode: str, items, key: str):
        for k, v in items:
            if k == key and (mode == "add" or value is not None):
                value = v
        return value

    def info(self, stack: Stack, key: str):
        """The card's ``key`` information now: what is printed, then every effect that added or changed
        it in the order they were applied, the latest prevailing, and last the persistent effects, which
        prevail over all of those while they apply (CR 15-12-1-3, 15-12-2-3).  A change needs
        information to change (CR 15-12-2-2); added DP counts as original DP (CR 15-12-1-5)."""
        value = self._printed_info(stack, key)
        if not self._info_may_differ(stack):
            return value
        for mod in self.modifiers(stack, "info"):
            value = self._apply_info(value, *mod.value, key)
        for applied in self.continuous(stack, "info"):
            value = self._apply_info(value, *applied.value, key)
        return value

    def treated_as_digimon(self, stack: Stack) -> bool:
        """An effect has it treated as a Digimon, whatever its card is (CR 15-12-1-4)."""
        return self._info_may_differ(stack) and self.info(stack, "category") == "digimon"

    def _persistent_info(self, stack: Stack, key: str) -> list:
        """The persistent effects giving ``stack`` its ``key`` information now."""
        return [a for a in self.continuous(stack, "info") if key in dict(a.value[1])]

    def _information_restored(self, applied, stack: Stack) -> None:
        """A persistent effect that added or changed information has stopped applying: the information
        goes back to what it would be without it (CR 15-12-1-3, 15-12-2-3)."""
        self._touch()
        ref = "CR 15-12-1-3" if applied.value[0] == "add" else "CR 15-12-2-3"
        for key, _value in applied.value[1]:
            self.emit("info_restored", ref, applied.by, card=repr(stack), source=applied.source, info=key,
                      now=self.info(stack, key))

    def _information(self, me: int, name: str, spec: dict, chosen: list[Stack], card, until: str, etype: str,
                     chosen_if) -> None:
        """Carry out an ``add_info`` or ``change_info`` step on the chosen cards, saying what each piece
        of information becomes and which clause decides it."""
        mode = "add" if name == "add_info" else "change"
        for s in chosen:
            applied, events = [], []
            for key, value in spec["info"].items():
                before = self.info(s, key)
                held = self._persistent_info(s, key) if key != "category" else []
                if held:  # a persistent effect gives it that information: it prevails (CR 15-12-1-3, 15-12-2-3)
                    events.append(("info_held", "CR 15-12-1-3" if mode == "add" else "CR 15-12-2-3",
                                   {"info": key, "after": value, "now": before, "by_effect": held[-1].source}))
                    applied.append((key, value))
                    continue
                if mode == "change":
                    if before is None:  # nothing to change: the card never had it (CR 15-12-2-2)
                        events.append(("info_not_changed", "CR 15-12-2-2", {"info": key, "value": value}))
                        continue
                    earlier = any(m.kind == "info" and m.value[0] == "change" and key in dict(m.value[1])
                                  for m in self.modifiers(s, "info"))
                    events.append(("info_changed", "CR 15-12-2-3" if earlier else "CR 15-12-2-1",
                                   {"info": key, "before": before, "after": value}))
                elif key == "category":
                    events.append(("treated_as_digimon", "CR 15-12-1-4", {}))
                elif before is None:  # information it didn't have (CR 15-12-1-2); DP counts as printed (CR 15-12-1-5)
                    events.append(("info_added", "CR 15-12-1-5" if key == "dp" else "CR 15-12-1-2",
                                   {"info": key, "after": value}))
                else:  # it had that information: the new value overwrites it, nothing stacks (CR 15-12-1-3)
                    events.append(("info_overwritten", "CR 15-12-1-3", {"info": key, "before": before, "after": value}))
                applied.append((key, value))
            if applied:
                s.modifiers.append(Modifier("info", (mode, tuple(applied)), until, card.name, self.turn, me, etype, chosen_if))
                self._touch()
            for kind, ref, data in events:
                self.emit(kind, ref, me, card=repr(s), source=card.name, **data)
