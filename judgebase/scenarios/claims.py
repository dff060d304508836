"""What a scenario claims to prove (its ``cites``) and what it really asserts.

A scenario proves a clause it cites only through an assertion that carries the
clause's ref: an expected log event (``expect: {log: [{event, ref}]}``), a step
that must be refused because of it (``illegal: REF``), or, in a deck-check
scenario, a problem that must cite it (``expect: {refs: [...]}``).  ``no_log``
entries assert an absence, which an engine that never names the clause passes
as well, so they prove nothing.  A parent is not proven by its sub-clauses, nor a
sub-clause by its parent: refs are compared exactly, in canonical form.

This reads the parsed file only; whether the assertions hold is the runner's job.
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import refs


@dataclass(frozen=True)
class Cite:
    """One entry of a scenario's ``cites:`` and the line it stands on."""

    ref: str
    line: int


def canonical(text) -> str:
    """``RM 8-1-3`` and ``CR 8-1-3`` are the same clause; anything unparseable stays as written."""
    parsed = refs.try_parse(str(text))
    return str(parsed) if parsed is not None else str(text)


def cites(data) -> list[Cite]:
    """The scenario's cites with their lines, in file order (an unreadable ``cites:`` gives none)."""
    listed = data.get("cites") if isinstance(data, dict) else None
    if not isinstance(listed, list):
        return []
    line_of = getattr(listed, "line_of", lambda i: getattr(data, "line", 1))
    return [Cite(canonical(ref), line_of(i)) for i, ref in enumerate(listed)]


def assertions(data) -> dict[str, int]:
    """Every ref an assertion of the scenario carries, with the line of its first such assertion."""
    found: dict[str, int] = {}
    if not isinstance(data, dict):
        return found
    if data.get("kind") == "deck_check":
        for check in _items(data.get("checks")):
            want = check.get("expect") if isinstance(check, dict) else None
            for ref in _items((want or {}).get("refs") if isinstance(want, dict) else None):
                found.setdefault(canonical(ref), getattr(want, "line", 1))
        return found
    steps = data.get("steps")
    for i, step in enumerate(_items(steps)):
        if not isinstance(step, dict):
            continue
        if step.get("illegal"):
            found.setdefault(canonical(step["illegal"]), steps.line_of(i) if hasattr(steps, "line_of") else 1)
        expected = step.get("expect")
        if not isinstance(expected, dict):
            continue
        for entry in _items(expected.get("log")):
            if isinstance(entry, dict) and entry.get("ref"):
                found.setdefault(canonical(entry["ref"]), getattr(entry, "line", 1))
    return found


def unbacked(data) -> list[Cite]:
    """Cites that no assertion of the scenario carries."""
    asserted = assertions(data)
    return [c for c in cites(data) if c.ref not in asserted]


def _items(value) -> list:
    return value if isinstance(value, list) else []
