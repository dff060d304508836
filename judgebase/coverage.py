"""Proof coverage: each clause is proven, not testable, or a gap; counted per chapter and in total.

* **proven** — a passing scenario cites the clause and asserts it (``scenarios/claims.py``),
  whether or not that scenario proves a ruling;
* **not testable** — listed in ``rules/not-testable.tsv`` with its kind and reason;
* **gap** — neither: a clause with behaviour that no scenario checks yet.

A clause that is listed *and* proven is counted as proven and reported in
:attr:`Coverage.listed_but_proven`: the manifest is wrong about it, and the build
refuses it.  Plain data in, plain data out; the build, the database reader, the
command line and the web pages all count with this one function.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from . import refs

STATUSES = ("proven", "not_testable", "gap")


@dataclass
class ClauseCoverage:
    ref: str
    status: str
    scenarios: list[str] = field(default_factory=list)  # the passing scenarios that prove it
    kind: str | None = None  # its manifest entry, if it has one
    reason: str | None = None


@dataclass
class ChapterCoverage:
    ruleset: str
    chapter: int
    ref: str  # the chapter's own clause (CR 5, TT §2, LEG 3)
    title: str | None
    clauses: list[ClauseCoverage] = field(default_factory=list)

    def count(self, status: str) -> int:
        return sum(1 for c in self.clauses if c.status == status)

    @property
    def gaps(self) -> list[ClauseCoverage]:
        return [c for c in self.clauses if c.status == "gap"]

    def as_json(self) -> dict:
        return {"ruleset": self.ruleset, "chapter": self.chapter, "ref": self.ref, "title": self.title,
                **_figures(self.clauses), "gaps": [c.ref for c in self.gaps]}


@dataclass
class Coverage:
    chapters: list[ChapterCoverage]
    listed_but_proven: list[ClauseCoverage] = field(default_factory=list)

    @property
    def clauses(self) -> list[ClauseCoverage]:
        return [c for chapter in self.chapters for c in chapter.clauses]

    @property
    def gaps(self) -> list[ClauseCoverage]:
        return [c for c in self.clauses if c.status == "gap"]

    def only(self, ruleset: str | None = None, chapter: int | None = None) -> "Coverage":
        """The same figures for one ruleset and/or one chapter number."""
        keep = [c for c in self.chapters
                if (ruleset is None or c.ruleset == ruleset) and (chapter is None or c.chapter == chapter)]
        shown = {c.ref for ch in keep for c in ch.clauses}
        return Coverage(keep, [c for c in self.listed_but_proven if c.ref in shown])

    def as_json(self) -> dict:
        rulesets: dict[str, list[ClauseCoverage]] = {}
        for chapter in self.chapters:
            rulesets.setdefault(chapter.ruleset, []).extend(chapter.clauses)
        return {
            "totals": _figures(self.clauses),
            "rulesets": {name: _figures(clauses) for name, clauses in rulesets.items()},
            "chapters": [c.as_json() for c in self.chapters],
            "gaps": [c.ref for c in self.gaps],
        }


def compute(clauses: Iterable[str], proofs: Mapping[str, list[str]], not_testable: Mapping[str, tuple[str, str]],
            titles: Mapping[str, str] | None = None) -> Coverage:
    """Coverage of ``clauses`` (canonical refs, in reading order).

    ``proofs``: clause ref -> the passing scenarios that prove it; ``not_testable``:
    clause ref -> (kind, reason) from the manifest; ``titles``: chapter titles by ref.
    """
    titles = titles or {}
    chapters: dict[tuple[str, int], ChapterCoverage] = {}
    listed_but_proven = []
    for text in clauses:
        ref = refs.parse(text)
        key = (ref.ruleset, ref.chapter)
        if key not in chapters:
            head = str(refs.Ref(ref.ruleset, str(ref.chapter)))
            chapters[key] = ChapterCoverage(ref.ruleset, ref.chapter, head, titles.get(head))
        kind, reason = not_testable.get(text, (None, None))
        proving = list(proofs.get(text, []))
        status = "proven" if proving else ("not_testable" if kind else "gap")
        entry = ClauseCoverage(text, status, proving, kind, reason)
        chapters[key].clauses.append(entry)
        if proving and kind:
            listed_but_proven.append(entry)
    return Coverage(list(chapters.values()), listed_but_proven)


def _figures(clauses: list[ClauseCoverage]) -> dict:
    kinds: dict[str, int] = {}
    for c in clauses:
        if c.status == "not_testable":
            kinds[c.kind] = kinds.get(c.kind, 0) + 1
    total = len(clauses)
    proven = sum(1 for c in clauses if c.status == "proven")
    return {
        "clauses": total,
        "proven": proven,
        "not_testable": sum(kinds.values()),
        "gap": total - proven - sum(kinds.values()),
        "proven_percent": round(100 * proven / total, 1) if total else 0.0,
        "not_testable_by_kind": dict(sorted(kinds.items())),
    }
