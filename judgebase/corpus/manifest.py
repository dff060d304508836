"""The not-testable manifest: clauses no scenario can prove, each with its kind and a reason.

``rules/not-testable.tsv`` has one line per clause, three fields separated by tabs::

    CR 1-1<TAB>heading<TAB>Only the title "Number of Players"; CR 1-1-1 holds the rule.

Blank lines and lines starting with ``#`` are skipped.  Every clause is either
proven by a passing scenario or listed here; a clause with behaviour of its own
never is.  A malformed line, an unknown clause or kind, a missing reason or a
clause listed twice is reported as ``path:line: what is wrong``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import refs
from ..refs import Ref
from .errors import Problems
from .model import Location

FILE = "not-testable.tsv"

#: What a clause may be to need no proof, and what each kind means.
KINDS = {
    "heading": "the official text is only a title; its sub-clauses hold the rules",
    "definition": "defines a term or names a thing; it has no behaviour of its own",
    "card-layout": "where a card shows a piece of information, or how it is printed",
    "physical-item": "a physical item the players bring or use, not a game action",
    "tournament": "a tournament or organisational rule, outside the game engine",
}


@dataclass(frozen=True)
class NotTestable:
    ref: Ref
    kind: str
    reason: str
    at: Location


def load_not_testable(path: Path, rel: str, problems: Problems, clauses) -> dict[Ref, NotTestable]:
    """The manifest's entries by clause; every problem goes to ``problems`` with its line."""
    out: dict[Ref, NotTestable] = {}
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        problems.add(rel, 1, f"cannot read: {exc}")
        return out
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        entry = _entry(line, number, rel, problems, clauses)
        if entry is None:
            continue
        if entry.ref in out:
            problems.add(rel, number, f"{entry.ref} is listed twice (first at line {out[entry.ref].at.line})")
            continue
        out[entry.ref] = entry
    return out


def _entry(line: str, number: int, rel: str, problems: Problems, clauses) -> NotTestable | None:
    fields = [f.strip() for f in line.split("\t")]
    if len(fields) != 3:
        problems.add(rel, number, f"expected 3 fields separated by tabs (ref, kind, reason), found {len(fields)}: {line.strip()[:60]!r}")
        return None
    text, kind, reason = fields
    ref = refs.try_parse(text)
    if ref is None or not text.startswith(("CR ", "TT §", "LEG ")):
        problems.add(rel, number, f"{text!r} is not a clause reference in canonical form (CR 1-2-3, TT §2.2, LEG 3.4)")
        return None
    if str(ref) != text:
        problems.add(rel, number, f"write {text!r} as {str(ref)!r}")
        return None
    if ref not in clauses:
        problems.add(rel, number, f"{ref} is not a clause of the rules")
        return None
    if kind not in KINDS:
        problems.add(rel, number, f"unknown kind {kind!r}; one of {', '.join(KINDS)}")
        return None
    if not reason:
        problems.add(rel, number, f"{ref}: the reason is empty; say in one line why no scenario can prove it")
        return None
    return NotTestable(ref, kind, reason, Location(rel, number))
