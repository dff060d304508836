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
FORMAT = 6  # 2: the titles of the two nearest parent sections of each clause; 3: doc_groups; 4: EXAMPLE_FACTOR;
#           5: German compounds also posted under their last part; 6: asked_<lang>, the questions judges ask,
#           and doc_parents


def to_blob(numbers, typecode: str = "i") -> bytes:
    """Integers as 32-bit (``"d"``: floats as 64-bit) little-endian bytes."""
    out = array(typecode, numbers)
    if sys.byteorder == "big":
        out.byteswap()
    return out.tobytes()


def ints(blob: bytes, typecode: str = "i") -> array:
    """The numbers of :func:`to_blob`."""
    out = array(typecode)
    out.frombytes(blob)
    if sys.byteorder == "big":
        out.byteswap()
    return out


def bm25_part(count: int, boost: float, length: int, avg: float) -> float:
    """BM25's term-frequency part for a document (the score is IDF × weight × this); search.js: ``scoreParts``."""
    tf = count * boost
    return tf * (K1 + 1) / (tf + K1 * (1 - B + B * length / avg))


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
        self.term = lru_cache(maxsize=100_000)(self._load_term)
        self._fuzzy = lru_cache(maxsize=20_000)(self._load_fuzzy)
        # Scores of the ways a query word can match, kept for the next query that has the word.
        self.alternative_scores = lru_cache(maxsize=1024)(self._alternative_scores)

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
    def parents(self) -> list[str | None]:
        """Each clause document's parent ref (see ``ranking.parent_refs``)."""
        return self._column("parents")

    @property
    def groups(self) -> list[int]:
        """The document each document is shown as (an example ruling: its clause; see ``index.groups``)."""
        return self._column("groups")

    @property
    def cites(self) -> list[list[str]]:
        return self._column("cites")

    def sentences(self, doc: int, lang: str) -> list[tuple[str, frozenset]] | None:
        """The document's text in ``lang`` as sentences with their terms (see ``snippets.prepared``)."""
        row = self._conn().execute("select sentences from snippets where doc = ? and lang = ?", (doc, lang)).fetchone()
        return [(sentence, frozenset(found)) for sentence, found in json.loads(row[0])] if row else None

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

    def _load_term(self, field: str, text: str) -> "Term":
        row = self._conn().execute("select docs, counts, positions, parts from postings where field = ? and term = ?",
                                   (field, text)).fetchone()
        if row is None:
            return Term(math.log(1 + (self.doc_count + 0.5) / 0.5), array("i"), array("i"), array("i"), array("d"))
        docs = ints(row[0])
        df = len(docs)
        idf = math.log(1 + (self.doc_count - df + 0.5) / (df + 0.5))
        return Term(idf, docs, ints(row[1]), ints(row[2]), ints(row[3], "d"))

    def _load_fuzzy(self, field: str, text: str, maxdist: int) -> tuple[str, ...]:
        """Terms of the field within ``maxdist`` edits of ``text`` that share its first letter, in term order."""
        if not text:
            return ()
        rows = self._conn().execute(
            "select term from postings where field = ? and term >= ? and term < ? and length(term) between ? and ?"
            " order by term", (field, text[0], chr(ord(text[0]) + 1), len(text) - maxdist, len(text) + maxdist))
        return tuple(term for (term,) in rows if term != text and within(term, text, maxdist))

    def fuzzy(self, field: str, text: str, maxdist: int) -> tuple[str, ...]:
        return self._fuzzy(field, text, maxdist)

    def df(self, field: str, text: str) -> int:
        return len(self.term(field, text).docs)

    # -- scoring -------------------------------------------------------------------
    def term_scores(self, field: str, text: str, boost: float = 1.0) -> dict[int, float]:
        """BM25 of the term in every document of the field that has it."""
        term = self.term(field, text)
        weight = term.idf * boost
        return {doc: weight * part for doc, part in zip(term.docs, term.parts)}

    def _alternative_scores(self, alt: Alternative) -> dict[int, float]:
        """Scores of one alternative: a term's BM25, or the summed BM25 of a phrase where it occurs (don't change them)."""
        if len(alt.terms) == 1:
            return self.term_scores(alt.field, alt.terms[0], alt.boost)
        terms = [self.term(alt.field, text) for text in alt.terms]
        matched = phrase_matches(terms, alt.slop)
        if not matched:
            return {}
        total: dict[int, float] = dict.fromkeys(matched, 0.0)
        for term in terms:
            weight = term.idf * (alt.boost / len(alt.terms))
            at, parts = term.locate()[0], term.parts
            for d in matched:
                total[d] += weight * parts[at[d]]
        return total


class Term:
    """One term's postings in one field: documents, occurrences, positions and BM25 parts, with its IDF."""

    __slots__ = ("idf", "docs", "counts", "positions", "parts", "_at", "_starts", "_set")

    def __init__(self, idf: float, docs: array, counts: array, positions: array, parts: array):
        self.idf, self.docs, self.counts, self.positions, self.parts = idf, docs, counts, positions, parts
        self._at: dict[int, int] | None = None
        self._starts: list[int] | None = None
        self._set: frozenset[int] | None = None

    def doc_set(self) -> frozenset[int]:
        """The documents, as a set (kept: a common term is in many phrases and word pairs of a query)."""
        if self._set is None:
            self._set = frozenset(self.docs)
        return self._set

    def locate(self) -> tuple[dict[int, int], list[int]]:
        """Document -> its index in the postings, and where each document's positions start."""
        if self._at is None:
            self._starts = list(accumulate(self.counts, initial=0))
            self._at = dict(zip(self.docs, range(len(self.docs))))
        return self._at, self._starts


def phrase_matches(terms: list[Term], slop: int) -> list[int]:
    """The documents where the terms occur in this order, each within ``slop`` positions after the previous.

    From each occurrence of the first term, each next term is taken at its first occurrence
    after the previous one (positions are ascending); search.js: ``inOrder``.
    """
    # The documents having every term (a set intersection goes through the smaller set).
    common = terms[0].doc_set().intersection(*[term.doc_set() for term in terms[1:]])
    if not common:
        return []
    reach = slop + 1
    located = [(term.positions, *term.locate()) for term in terms]
    matched = []
    for doc in sorted(common):
        lists = []
        for positions, at, starts in located:
            i = at[doc]
            lists.append(positions[starts[i]:starts[i + 1]])
        following = lists[1:]
        for start in lists[0]:
            pos = start
            for later in following:
                hit = None
                for p in later:
                    if p > pos:
                        if p <= pos + reach:
                            hit = p
                        break
                if hit is None:
                    break
                pos = hit
            else:
                matched.append(doc)
                break
    return matched


def within(a: str, b: str, maxdist: int) -> bool:
    """Edit distance of ``a`` and ``b`` at most ``maxdist``: insert, delete, substitute, or swap two adjacent letters
    (optimal string alignment), since a swap ("memroia", "soruces") is the typo thumbs make most on a phone."""
    if abs(len(a) - len(b)) > maxdist:
        return False
    # A common beginning and end cost no edits: compare what lies between.
    start = 0
    while start < len(a) and start < len(b) and a[start] == b[start]:
        start += 1
    end = 0
    while end < len(a) - start and end < len(b) - start and a[-1 - end] == b[-1 - end]:
        end += 1
    a, b = a[start:len(a) - end], b[start:len(b) - end]
    if len(a) <= maxdist and len(b) <= maxdist:
        return True
    before: list[int] = []
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            cost = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                cost = min(cost, before[j - 2] + 1)
            current.append(cost)
        # No cell of a later row can come back under a row's smallest (a swap costs a diagonal step plus one).
        if min(current) > maxdist:
            return False
        before, previous = previous, current
    return previous[-1] <= maxdist
