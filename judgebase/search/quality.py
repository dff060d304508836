"""Measure search quality on a set of judge questions with known answers.

Used by the test suite (recall@5 must stay >= 0.9) and by ``bench/search.py``,
which also runs the same questions through a plain SQLite FTS5 bm25 baseline.
"""

from __future__ import annotations

import re
import sqlite3
import statistics
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

import yaml

SearchFn = Callable[[str, str], list[str]]  # (query, lang) -> ranked refs


@dataclass
class Query:
    q: str
    lang: str
    expect: list[str | list[str]]  # each item one answer; a list item is one answer found under any of its refs
    note: str = ""
    #: which batch of questions: "dev" (looked at while tuning) or a fresh batch written before a round of tuning
    set: str = "dev"

    @property
    def answers(self) -> list[set[str]]:
        return [set(e) if isinstance(e, list) else {e} for e in self.expect]

    @property
    def refs(self) -> list[str]:
        return [r for answer in self.answers for r in sorted(answer)]


@dataclass
class Score:
    recall_at_5: float
    mrr: float
    count: int
    misses: list[tuple[Query, list[str]]]


def load_queries(path: str | Path) -> list[Query]:
    data = yaml.safe_load(Path(path).read_text(encoding="utf-8"))
    return [Query(item["q"], item["lang"], list(item["expect"]), item.get("note", ""), item.get("set", "dev"))
            for item in data]


def by_set(queries: list[Query]) -> dict[str, list[Query]]:
    """The questions grouped by batch, in file order: a fresh batch measures questions nobody tuned for."""
    groups: dict[str, list[Query]] = {}
    for query in queries:
        groups.setdefault(query.set, []).append(query)
    return groups


def halves(queries: list[Query]) -> tuple[list[Query], list[Query]]:
    """The development set split by a fixed rule: even and odd positions within each language, in file order.

    Ranking changes are tuned looking only at the first half's misses; the second half,
    never looked at while tuning, shows whether a change helps questions it was not made for.
    """
    seen: dict[str, int] = {}
    tuning, held_out = [], []
    for query in queries:
        position = seen.get(query.lang, 0)
        seen[query.lang] = position + 1
        (tuning if position % 2 == 0 else held_out).append(query)
    return tuning, held_out


def shown_as(db_path: str | Path) -> dict[str, str]:
    """Example ruling -> the clause it is listed as: search shows an example with its clause, never apart."""
    from ..db import Database

    db = Database(db_path)
    try:
        return {rid: ref for ref, ids in db.examples.items() for rid in ids}
    finally:
        db.close()


def evaluate(search: SearchFn, queries: list[Query], shown: dict[str, str] | None = None) -> dict[str, Score]:
    """recall@5 (share of expected answers in the top 5) and MRR, per language and overall.

    ``shown`` (see :func:`shown_as`) maps an example ruling to the clause it is listed with: where
    that clause ranks, the judge reads the example's question, so an expected example is found there.
    """
    shown = shown or {}
    per: dict[str, list[tuple[float, float, Query, list[str]]]] = {}
    for query in queries:
        ranked = search(query.q, query.lang)
        top5 = set(ranked[:5])
        answers = [answer | {shown[r] for r in answer if r in shown} for answer in query.answers]
        recall = sum(1 for answer in answers if answer & top5) / len(answers)
        wanted = set().union(*answers)
        rank = next((i for i, ref in enumerate(ranked, 1) if ref in wanted), None)
        rr = 1.0 / rank if rank else 0.0
        per.setdefault(query.lang, []).append((recall, rr, query, ranked[:5]))
        per.setdefault("all", []).append((recall, rr, query, ranked[:5]))
    return {
        lang: Score(
            recall_at_5=statistics.fmean(r for r, _, _, _ in rows),
            mrr=statistics.fmean(m for _, m, _, _ in rows),
            count=len(rows),
            misses=[(q, top) for r, _, q, top in rows if r < 1.0],
        )
        for lang, rows in per.items()
    }


class FtsBaseline:
    """Plain SQLite FTS5 with bm25 over the same database: the bar our search must clear."""

    TABLES = (
        ("clause_text", "ref", "clause_text_fts"),
        ("ruling_text", "ruling", "ruling_text_fts"),
        ("keywords", "ref", "keywords_fts"),
    )

    def __init__(self, db_path: str | Path):
        self.conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)

    def search(self, query: str, lang: str | None = None, limit: int = 10) -> list[str]:
        words = re.findall(r"[^\W_]+", query)
        if not words:
            return []
        match = " OR ".join('"' + w.replace('"', '""') + '"' for w in words)
        scored: list[tuple[float, str]] = []
        for table, key, fts in self.TABLES:
            rows = self.conn.execute(
                f"select {table}.{key}, bm25({fts}) from {fts} join {table} on {table}.rowid = {fts}.rowid"
                f" where {fts} match ? order by bm25({fts}) limit ?",
                (match, limit * 3),
            )
            scored.extend((score, ref) for ref, score in rows)
        scored.sort()
        seen: dict[str, None] = {}
        for _, ref in scored:
            seen.setdefault(ref, None)
        return list(seen)[:limit]
