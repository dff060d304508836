"""BM25 over the search index file, read a term at a time.

Nothing is loaded up front: a query reads the postings of its own terms (one
SQLite look-up each, arrays of integers that load in microseconds, cached), the
lengths of the fields it touches and the documents' attributes, so a whole
``judgebase search`` process costs a few milliseconds more than Python itself.
``site/static/search.js`` computes the same scores from the same data (see
:func:`judgebase.search.index.export_json`).
"""

from __future__ import annotations

import json
import math
import sqlite3
import sys
import threading
from array import array
from functools import lru_cache
from itertools import accumulate

from .ranking import B, K1, Alternative

#: The index file in an index folder, and the shape of its tables (bump on a change: an
#: older index is then rebuilt, never misread).
INDEX_FILE = "search.sqlite"
FORMAT = 1


def to_blob(numbers) -> bytes:
    """Integers as 32-bit little-endian bytes."""
    out = array("i", numbers)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def ints(blob: bytes) -> array:
    """The integers of :func:`to_blob`."""
    out = array("i")
    out.frombytes(blob)
    if sys.byteorder == "big":
        out.byteswap()
    return out


class IndexFormatError(RuntimeError):
    """The index file is not one this version can read (a rebuild writes one)."""


class Postings:
    """Postings, field lengths and documents of one index file, cached per term."""

    def __init__(self, path):
        self.path = str(path)
        self._local = threading.local()
        if self.meta("format") != FORMAT:
            raise IndexFormatError(f"index format {self.meta('format')}, expected {FORMAT}")
        self.doc_count: int = self.meta("doc_count")
        self._fields: dict[str, tuple[array, float, float]] = {}
        self._columns: dict[str, list] = {}
        self._lock = threading.Lock()
        self._load = lru_cache(maxsize=200_000)(self._load_term)
        self._where = lru_cache(maxsize=50_000)(self._load_positions)
        self._bm25 = lru_cache(maxsize=200_000)(self._load_bm25)
        self._fuzzy = lru_cache(maxsize=20_000)(self._load_fuzzy)

    def _conn(self) -> sqlite3.Connection:
        """One read-only connection per thread."""
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = self._local.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        return conn

    def meta(self, key: str):
        row = self._conn().execute("select value from meta where key = ?", (key,)).fetchone()
        return json.loads(row[0]) if row else None

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None

    # -- documents -----------------------------------------------------------------
    def _column(self, name: str) -> list:
        found = self._columns.get(name)
        if found is None:
            found = self.meta(f"doc_{name}")
            with self._lock:
                self._columns[name] = found
        return found

    @property
    def refs(self) -> list[str]:
        return self._column("refs")

    @property
    def kinds(self) -> list[str]:
        return self._column("kinds")

    @property
    def rulesets(self) -> list[str]:
        return self._column("rulesets")

    @property
    def priors(self) -> list[float]:
        """A document's standing before any word matches (see :func:`judgebase.search.ranking.prior`)."""
        return self._column("priors")

    @property
    def cites(self) -> list[list[str]]:
        return self._column("cites")

    # -- postings --------------------------------------------------------------------
    def field(self, name: str) -> tuple[array, float, float]:
        """(length of every document, average length, boost) of a field."""
        found = self._fields.get(name)
        if found is None:
            row = self._conn().execute("select lengths, avg, boost from fields where name = ?", (name,)).fetchone()
            found = (ints(row[0]), row[1], row[2]) if row else (array("i", [0] * self.doc_count), 1.0, 1.0)
            with self._lock:
                self._fields[name] = found
        return found

    def _load_term(self, field: str, text: str) -> dict[int, int]:
        """Document -> occurrences of the term in the field."""
        row = self._conn().execute("select docs, counts from postings where field = ? and term = ?",
                                   (field, text)).fetchone()
        return dict(zip(ints(row[0]), ints(row[1]))) if row else {}

    def _load_positions(self, field: str, text: str) -> dict[int, array]:
        row = self._conn().execute("select docs, counts, positions from postings where field = ? and term = ?",
                                   (field, text)).fetchone()
        if row is None:
            return {}
        docs, positions = ints(row[0]), ints(row[2])
        starts = list(accumulate(ints(row[1]), initial=0))
        return {doc: positions[starts[i]:starts[i + 1]] for i, doc in enumerate(docs)}

    def _load_bm25(self, field: str, text: str) -> tuple[float, dict[int, float]]:
        """The term's IDF, and per document its BM25 term-frequency part (the score is IDF × boost × that)."""
        counts = self.tf(field, text)
        df = len(counts)
        idf = math.log(1 + (self.doc_count - df + 0.5) / (df + 0.5))
        lengths, avg, boost = self.field(field)
        avg = avg or 1.0
        parts = {}
        for doc, count in counts.items():
            tf = count * boost
            parts[doc] = tf * (K1 + 1) / (tf + K1 * (1 - B + B * lengths[doc] / avg))
        return idf, parts

    def _load_fuzzy(self, field: str, text: str, maxdist: int) -> tuple[str, ...]:
        """Terms of the field within ``maxdist`` edits of ``text`` that share its first letter, in term order."""
        if not text:
            return ()
        rows = self._conn().execute(
            "select term from postings where field = ? and term >= ? and term < ? and length(term) between ? and ?"
            " order by term", (field, text[0], chr(ord(text[0]) + 1), len(text) - maxdist, len(text) + maxdist))
        return tuple(term for (term,) in rows if term != text and within(term, text, maxdist))

    def tf(self, field: str, text: str) -> dict[int, int]:
        return self._load(field, text)

    def positions(self, field: str, text: str) -> dict[int, array]:
        return self._where(field, text)

    def fuzzy(self, field: str, text: str, maxdist: int) -> tuple[str, ...]:
        return self._fuzzy(field, text, maxdist)

    def df(self, field: str, text: str) -> int:
        return len(self.tf(field, text))

    # -- scoring -------------------------------------------------------------------
    def term_scores(self, field: str, text: str, boost: float = 1.0) -> dict[int, float]:
        """BM25 of the term in every document of the field that has it."""
        idf, parts = self._bm25(field, text)
        weight = idf * boost
        return {doc: weight * part for doc, part in parts.items()}

    def alternative_scores(self, alt: Alternative) -> dict[int, float]:
        """Scores of one alternative: a term's BM25, or the summed BM25 of a phrase where it occurs."""
        if len(alt.terms) == 1:
            return self.term_scores(alt.field, alt.terms[0], alt.boost)
        docs = None
        for text in alt.terms:
            found = self.tf(alt.field, text).keys()
            docs = set(found) if docs is None else docs & found
            if not docs:
                return {}
        matched = sorted(d for d in docs if self._in_order(alt.field, alt.terms, d, alt.slop))
        if not matched:
            return {}
        total: dict[int, float] = dict.fromkeys(matched, 0.0)
        for text in alt.terms:
            idf, parts = self._bm25(alt.field, text)
            weight = idf * (alt.boost / len(alt.terms))
            for d in matched:
                total[d] += weight * parts[d]
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


def within(a: str, b: str, maxdist: int) -> bool:
    """Levenshtein distance of ``a`` and ``b`` at most ``maxdist`` (insert, delete, substitute; no transpositions)."""
    if abs(len(a) - len(b)) > maxdist:
        return False
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        if min(current) > maxdist:
            return False
        previous = current
    return previous[-1] <= maxdist
