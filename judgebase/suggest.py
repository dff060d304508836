"""Suggest the clauses nearest to a reference that does not exist.

A judge who types ``6-1-9`` most likely wants a sibling (``6-1-4``) or the
parent (``6-1``); a typo in a middle part (``8-2-9-1``) still shares a prefix.
"""

from __future__ import annotations

from .refs import Ref


def nearest_refs(ref: Ref, candidates: list[Ref], limit: int = 5) -> list[Ref]:
    parts = ref.parts

    def distance(other: Ref) -> tuple:
        theirs = other.parts
        common = 0
        for a, b in zip(parts, theirs):
            if a != b:
                break
            common += 1
        step = abs(parts[common] - theirs[common]) if common < min(len(parts), len(theirs)) else 0
        return (-common, abs(len(theirs) - len(parts)), step, other.sort_key())

    same = [c for c in candidates if c.ruleset == ref.ruleset and c != ref]
    ranked = sorted(same, key=distance)
    return [c for c in ranked if distance(c)[0] < 0][:limit] or ranked[:limit]
