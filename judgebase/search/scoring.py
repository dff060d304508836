"""BM25 scoring straight from whoosh's postings, held in memory.

The index is small (a few thousand documents), and ranking needs to know which
query words each document covers.  Asking whoosh's matcher tree for that
(``terms=True`` over nested disjunctions) costs tens of milliseconds per query in
pure Python; reading each term's postings once into a dict and scoring with
plain arithmetic costs well under one.  whoosh still does what it is good at:
analysis, the term dictionary, positions, and fuzzy term expansion.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

K1 = 1.2
B = 0.75


@dataclass(frozen=True)
class Alternative:
    """One way a unit of the query can match: a term, or a phrase of terms in one field."""

    field: str
    terms: tuple[str, ...]
    boost: float = 1.0
    slop: int = 1


class Postings:
    """Per-term postings and per-field lengths of one whoosh reader, cached."""

    def __init__(self, reader):
        self.reader = reader
        self.doc_count = reader.doc_count_all()
        self.stored = [reader.stored_fields(n) for n in range(self.doc_count)]
        self._lengths: dict[str, list[int]] = {}
        self._avg: dict[str, float] = {}
        self._tf = lru_cache(maxsize=200_000)(self._load_tf)
        self._pos = lru_cache(maxsize=50_000)(self._load_positions)
        self._fuzzy = lru_cache(maxsize=20_000)(self._load_fuzzy)

    # -- raw data ----------------------------------------------------------------
    def lengths(self, field: str) -> list[int]:
        if field not in self._lengths:
            self._lengths[field] = [self.reader.doc_field_length(n, field, 0) or 0 for n in range(self.doc_count)]
            total = sum(self._lengths[field])
            self._avg[field] = (total / self.doc_count) if self.doc_count else 1.0
        return self._lengths[field]

    def _load_tf(self, field: str, text: str) -> dict[int, float]:
        try:
            matcher = self.reader.postings(field, text)
        except Exception:  # term not in the field (whoosh raises TermNotFound)
            return {}
        out = {}
        while matcher.is_active():
            out[matcher.id()] = matcher.weight()
            matcher.next()
        return out

    def _load_positions(self, field: str, text: str) -> dict[int, tuple[int, ...]]:
        try:
            matcher = self.reader.postings(field, text)
        except Exception:
            return {}
        out = {}
        while matcher.is_active():
            out[matcher.id()] = tuple(matcher.value_as("positions"))
            matcher.next()
        return out

    def _load_fuzzy(self, field: str, text: str, maxdist: int) -> tuple[str, ...]:
        if field not in self.reader.indexed_field_names():
            return ()
        return tuple(t for t in self.reader.terms_within(field, text, maxdist, prefix=1) if t != text)

    def tf(self, field: str, text: str) -> dict[int, float]:
        return self._tf(field, text)

    def positions(self, field: str, text: str) -> dict[int, tuple[int, ...]]:
        return self._pos(field, text)

    def fuzzy(self, field: str, text: str, maxdist: int) -> tuple[str, ...]:
        return self._fuzzy(field, text, maxdist)

    def df(self, field: str, text: str) -> int:
        return len(self.tf(field, text))

    def idf(self, field: str, text: str) -> float:
        df = self.df(field, text)
        return math.log(1 + (self.doc_count - df + 0.5) / (df + 0.5))

    # -- scoring -------------------------------------------------------------------
    def term_scores(self, field: str, text: str, boost: float = 1.0) -> dict[int, float]:
        postings = self.tf(field, text)
        if not postings:
            return {}
        lengths = self.lengths(field)
        avg = self._avg[field] or 1.0
        idf = self.idf(field, text) * boost
        return {
            doc: idf * tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[doc] / avg))
            for doc, tf in postings.items()
        }

    def alternative_scores(self, alt: Alternative) -> dict[int, float]:
        """Scores of one alternative: a term's BM25, or the summed BM25 of a phrase where it occurs."""
        if len(alt.terms) == 1:
            return self.term_scores(alt.field, alt.terms[0], alt.boost)
        docs = None
        for text in alt.terms:
            found = set(self.tf(alt.field, text))
            docs = found if docs is None else docs & found
            if not docs:
                return {}
        matched = [d for d in docs if self._in_order(alt.field, alt.terms, d, alt.slop)]
        if not matched:
            return {}
        total: dict[int, float] = dict.fromkeys(matched, 0.0)
        for text in alt.terms:
            scores = self.term_scores(alt.field, text, alt.boost / len(alt.terms))
            for d in matched:
                total[d] += scores[d]
        return total

    def _in_order(self, field: str, terms: tuple[str, ...], doc: int, slop: int) -> bool:
        """Do the terms occur in this order, each within ``slop`` positions of the previous?"""
        starts = self.positions(field, terms[0]).get(doc, ())
        following = [set(self.positions(field, t).get(doc, ())) for t in terms[1:]]
        for start in starts:
            pos, ok = start, True
            for nxt in following:
                hit = next((p for p in range(pos + 1, pos + slop + 2) if p in nxt), None)
                if hit is None:
                    ok = False
                    break
                pos = hit
            if ok:
                return True
        return False
