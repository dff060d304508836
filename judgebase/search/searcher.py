"""Answer a judge's query: references first, then ranked text matches.

References (``6-1-4``, ``RM 8-1-3``, ``§2.2``, ``LEG 3.4``, ``Q42``) answer
directly: the clause itself, then the rulings that cite it.  Words go to the
ranker (see :mod:`judgebase.search.ranking`) over the search index file
(:mod:`judgebase.search.index`), opened only when a query has words.  Results mix
clauses, rulings and keywords, each with a snippet in the asked (or guessed)
language.
"""

from __future__ import annotations

import json
import threading

from .. import refs
from ..db import Database, pick_lang
from ..layout import hold_index, index_root
from ..refs import CR_VERSION
from .analysis import LANGUAGES, fold, stopwords, terms
from .glossary import GlossaryMap
from .query import QueryError, named_rulesets, parse_query, split_version, topic_words
from .ranking import NAMED_RULESET_FACTOR, OTHER_RULESET_FACTOR, Ranker, has_hangul
from .snippets import snippet, snippet_of

__all__ = ["IndexDamaged", "QueryError", "Result", "Searcher", "parse_query",
           "OTHER_RULESET_FACTOR", "NAMED_RULESET_FACTOR"]


class IndexDamaged(RuntimeError):
    """The search index can't be read; the message says how to rebuild it."""


class Result:
    """One answer: a clause, ruling or keyword, its title and snippet in ``lang``, and why it was found.

    ``match`` is "ref" when the query named it, "near" for a neighbour of a number that doesn't
    exist, "text" for ranked matches; ``notice`` says e.g. the clause an older version's number now is;
    ``examples`` are a clause's example rulings as (id, question), shown with it rather than apart.
    """

    __slots__ = ("ref", "kind", "ruleset", "lang", "title", "snippet", "score", "cites", "proven", "match", "notice",
                 "examples")

    def __init__(self, ref: str, kind: str, ruleset: str, lang: str, title: str, snippet: str, score: float,
                 cites: list[str] | None = None, proven: bool | None = None, match: str = "text",
                 notice: str | None = None):
        self.ref, self.kind, self.ruleset, self.lang, self.title, self.snippet = ref, kind, ruleset, lang, title, snippet
        self.score, self.cites, self.proven, self.match, self.notice = score, cites, proven, match, notice
        self.examples: list[tuple[str, str]] = []

    def __repr__(self) -> str:
        return f"Result({self.ref!r}, {self.kind!r}, score={self.score:.4f}, match={self.match!r})"

    def as_json(self) -> dict:
        out = {
            "ref": self.ref,
            "kind": self.kind,
            "ruleset": self.ruleset,
            "lang": self.lang,
            "title": self.title,
            "snippet": self.snippet,
            "score": round(self.score, 4),
            "match": self.match,
        }
        if self.notice:
            out["notice"] = self.notice
        if self.kind == "clause":
            out["examples"] = [rid for rid, _ in self.examples]
        if self.kind == "ruling":
            out["cites"] = self.cites or []
            out["proven"] = bool(self.proven)  # the JSON contract says bool; `status` tells failing from unproven
            out["status"] = "unproven" if self.proven is None else ("proven" if self.proven else "failing")
        return out


class Searcher:
    """Search one built database.  Opening costs a millisecond; the index is read as queries need it.

    Thread-safe: each thread reads the index through its own SQLite connection.
    """

    def __init__(self, db_path):
        self.db = Database(db_path)
        self._opened = None
        self._opening = threading.Lock()
        self._hold = None

    @property
    def ranker(self) -> Ranker:
        if self._opened is None:
            with self._opening:
                if self._opened is None:
                    self._opened = self._open_index()
        return self._opened

    def _open_index(self) -> Ranker:
        """Open (and hold, so no build removes it) the index of the database this searcher reads.

        A build that finished since the database was opened may have removed that index;
        the database is opened again then, and its index read.
        """
        from .scoring import INDEX_FILE, Postings

        db_path = self.db.path
        for attempt in range(3):
            try:
                build_id = self.db.meta("build_id")
                if build_id is None:
                    raise FileNotFoundError(f"{db_path}: no build id recorded")
                folder = index_root(db_path) / build_id
                self._hold = hold_index(folder)
                path = folder / INDEX_FILE
                _check_whole(path)
                postings = Postings(path)
                return Ranker(postings, GlossaryMap(postings.meta("glossary")))
            except FileNotFoundError:
                if self._hold is not None:
                    self._hold.close()
                    self._hold = None
                if attempt == 2:
                    break
                self.db.close()
                self.db = Database(db_path)
            except Exception as exc:  # a zeroed, truncated or foreign file: sqlite3 and json raise many kinds
                raise IndexDamaged(_damaged(db_path, exc)) from None
        raise IndexDamaged(_damaged(db_path, "its files are missing"))

    def close(self) -> None:
        if self._opened is not None:
            self._opened.postings.close()
        self.db.close()
        if self._hold is not None:
            self._hold.close()

    # -- public ----------------------------------------------------------------
    def search(
        self,
        query: str,
        lang: str | None = None,
        ruleset: str | None = None,
        kind: str | None = None,
        limit: int = 10,
    ) -> list[Result]:
        """Results for ``query``; QueryError when there is nothing to search, IndexDamaged when the index can't be read."""
        try:
            return self._search(query, lang, ruleset, kind, limit)
        except QueryError:
            raise
        except Exception as exc:  # a zeroed or truncated index file surfaces as any of sqlite3's or json's errors
            raise IndexDamaged(_damaged(self.db.path, f"{type(exc).__name__}: {exc}")) from exc

    def _search(self, query, lang, ruleset, kind, limit) -> list[Result]:
        version, query = split_version(query)
        parsed = parse_query(query, ruleset)
        notices: dict[str, str] = {}
        if version and version != CR_VERSION:
            parsed.refs, notices = self._from_version(version, parsed.refs, lang or "en")
        if not parsed.refs and not parsed.qa and not parsed.words:
            raise QueryError("nothing to search for: type a clause number (6-1-4, §2.2, LEG 3.4) or some words",
                             "search.nothing")
        lang = lang or self.detect_language(parsed.words)
        results: list[Result] = []
        seen: set[str] = set()

        def add(result: Result | None) -> None:
            # One result per thing: a keyword and its clause share a ref, and take one place.
            if result and result.ref not in seen and _allowed(result, ruleset, kind):
                seen.add(result.ref)
                results.append(result)

        query_terms = self._snippet_terms(parsed.words, lang)
        for ref in parsed.refs:
            if self.db.has_clause(ref):
                result = self._clause_result(str(ref), lang, 1000.0, query_terms, match="ref")
                if result is not None:
                    result.notice = notices.get(str(ref))
                add(result)
        for number in parsed.qa:
            for rid in self.db.rulings_with_qa(number):
                add(self._ruling_result(rid, lang, 900.0, query_terms, match="ref"))
        if parsed.words:
            cited = {str(r) for r in parsed.refs}
            named = named_rulesets(query) | {r.ruleset for r in parsed.refs if r.ruleset != "official"}
            shown = 2 * limit + len(results)
            hits = self._text_hits(topic_words(parsed.words), lang, ruleset, kind, cited, named, top=shown)
            postings = self.ranker.postings
            for doc, score in hits[:shown]:
                add(self._result(postings.kinds[doc], postings.refs[doc], lang, score, query_terms, doc))
                if len(results) >= limit:
                    break
        elif parsed.refs:
            # A bare reference: the clause, then the rulings that cite it, then its children.
            for ref in parsed.refs:
                for rid in self.db.rulings_citing_within(ref):  # the clause's own rulings, then its sub-clauses'
                    add(self._ruling_result(rid, lang, 500.0, query_terms, match="ref"))
                if self.db.has_clause(ref):
                    keyword = self.db.conn.execute("select ref from keywords where ref = ?", (str(ref),)).fetchone()
                    if keyword:
                        add(self._keyword_result(str(ref), lang, 450.0, query_terms, match="ref"))
                    row = self.db.conn.execute("select children from clauses where ref = ?", (str(ref),)).fetchone()
                    for child in json.loads(row[0]):
                        add(self._clause_result(child, lang, 400.0, query_terms, match="ref"))
                else:
                    from ..suggest import nearest_refs

                    for i, near in enumerate(nearest_refs(ref, self.db.refs, limit=3)):
                        result = self._clause_result(str(near), lang, 100.0, query_terms, match="near")
                        if result is not None and i == 0:
                            result.notice = _no_such_clause(ref, lang)
                        add(result)
            if kind != "ruling":  # an example ruling is shown with its clause, when that is listed
                shown = {r.ref for r in results if r.kind == "clause"}
                attached = {rid for r in results if r.ref in shown for rid, _ in r.examples}
                results = [r for r in results if r.ref not in attached]
        return results[:limit]

    def query_language(self, query: str) -> str | None:
        """The language a query is written in, or None when its words don't tell (a bare number, a name)."""
        _, rest = split_version(query or "")
        words = parse_query(rest).words
        if not words:
            return None
        if any(has_hangul(w) for w in words):
            return "ko"
        scores = self._language_scores(words)
        best = max(scores.values())
        if best <= 0 or list(scores.values()).count(best) > 1:
            return None
        return next(lang for lang, score in scores.items() if score == best)

    def _language_scores(self, words: list[str]) -> dict[str, float]:
        score = dict.fromkeys(LANGUAGES, 0.0)
        postings = self.ranker.postings
        for word in words:
            folded = fold(word)
            for lang in LANGUAGES:
                if folded in stopwords(lang):
                    score[lang] += 1.0
                if lang in self.ranker.glossary.languages_of(folded):
                    score[lang] += 1.5
                toks = terms(lang, word)
                if toks and postings.df(f"body_{lang}", toks[0]):
                    score[lang] += 0.5
        return score

    def detect_language(self, words: list[str]) -> str:
        """Guess the query's language from stop words, glossary words and index vocabulary."""
        if not words:
            return "en"
        if any(has_hangul(w) for w in words):
            return "ko"
        score = self._language_scores(words)
        best = max(score.values())
        return next(lang for lang in ("en", "es", "de") if score[lang] == best)

    # -- ranking ---------------------------------------------------------------
    def _text_hits(self, words, lang, ruleset, kind, cited, named=frozenset(), top=None) -> list[tuple[int, float]]:
        return self.ranker.rank(words, lang, ruleset, kind, frozenset(named), frozenset(cited), top)

    # -- result rows -------------------------------------------------------------
    def _snippet_terms(self, words, lang) -> set[str]:
        out = set()
        for word in words:
            out.update(terms(lang, word))
            for translations in self.ranker.glossary.translations(word):
                for field_lang, _, toks in translations:
                    if field_lang == lang:
                        out.update(toks)
        return out

    def _result(self, kind, ref, lang, score, query_terms, doc=None):
        if kind == "clause":
            return self._clause_result(ref, lang, score, query_terms, doc=doc)
        if kind == "ruling":
            return self._ruling_result(ref, lang, score, query_terms, doc=doc)
        return self._keyword_result(ref, lang, score, query_terms)

    def _snippet(self, text: str, lang: str, query_terms: set[str], doc: int | None) -> str:
        """From the index's prepared sentences for a ranked document (nothing to split or stem), else from the text."""
        sentences = self.ranker.postings.sentences(doc, lang) if doc is not None else None
        return snippet_of(sentences, query_terms) if sentences is not None else snippet(text, lang, query_terms)

    def _from_version(self, version: str, found: list, lang: str):
        """Map CR numbers of an older version to today's clauses; say what each became."""
        from ..i18n import renumbered

        if version not in self.db.old_versions:
            known = ", ".join(self.db.old_versions) or "none"
            raise QueryError(f"no number map for CR Ver. {version} (known: {known})", "search.no_number_map",
                             version=version, known=known)
        out, notices = [], {}
        for ref in found:
            old = self.db.old_number(version, ref.number) if ref.ruleset == "official" else None
            if old is None or old["new"] is None:
                continue
            new = refs.parse(f"CR {old['new']}")
            out.append(new)
            notices[str(new)] = renumbered(lang, version, ref.number, old["new"], old["status"])
        return out, notices

    def _clause_result(self, ref, lang, score, query_terms, match="text", doc=None):
        row = self.db.conn.execute("select ruleset from clauses where ref = ?", (ref,)).fetchone()
        if row is None:
            return None
        texts = {t["lang"]: t for t in self.db.conn.execute("select lang, title, text from clause_text where ref = ?", (ref,))}
        shown = pick_lang(texts, lang)
        t = texts[shown]
        result = Result(ref, "clause", row["ruleset"], shown, t["title"], self._snippet(t["text"], shown, query_terms, doc),
                        score, match=match)
        result.examples = [(rid, self._question(rid, lang)) for rid in self.db.examples_of(ref)]
        return result

    def _question(self, rid: str, lang: str) -> str:
        texts = {t["lang"]: t["question"] for t in self.db.conn.execute(
            "select lang, question from ruling_text where ruling = ?", (rid,))}
        return texts[pick_lang(texts, lang)] if texts else ""

    def _ruling_result(self, rid, lang, score, query_terms, match="text", doc=None):
        row = self.db.conn.execute("select ruleset, cites, proven from rulings where id = ?", (rid,)).fetchone()
        if row is None:
            return None
        texts = {t["lang"]: t for t in self.db.conn.execute("select lang, question, answer from ruling_text where ruling = ?", (rid,))}
        shown = pick_lang(texts, lang)
        t = texts[shown]
        proven = None if row["proven"] is None else bool(row["proven"])
        return Result(
            rid, "ruling", row["ruleset"], shown, t["question"], self._snippet(t["answer"], shown, query_terms, doc), score,
            cites=json.loads(row["cites"]), proven=proven, match=match,
        )

    def _keyword_result(self, ref, lang, score, query_terms, match="text"):
        row = self.db.conn.execute("select * from keywords where ref = ?", (ref,)).fetchone()
        if row is None:
            return None
        shown = lang if lang in LANGUAGES and row[f"name_{lang}"] else "en"
        title = row[f"name_{shown}"]
        return Result(ref, "keyword", "official", shown, title, row[f"summary_{shown}"] or "", score, match=match)


def _allowed(result: Result, ruleset: str | None, kind: str | None) -> bool:
    return (ruleset is None or result.ruleset == ruleset) and (kind is None or result.kind == kind)


def _check_whole(path) -> None:
    """A truncated index file is damaged even where the pages a query reads are intact."""
    with open(path, "rb") as handle:
        header = handle.read(100)
        size = handle.seek(0, 2)
    if len(header) < 100 or not header.startswith(b"SQLite format 3\0"):
        raise IndexDamaged("not an index file")
    page_size = int.from_bytes(header[16:18], "big")
    page_size = 65536 if page_size == 1 else page_size
    if size != page_size * int.from_bytes(header[28:32], "big"):
        raise IndexDamaged("the file is cut short")


def _damaged(db_path, why) -> str:
    return f"the search index of {db_path} can't be read ({why}); rebuild it with: judgebase build --db {db_path}"


def _no_such_clause(ref, lang: str = "en") -> str:
    """What a judge reads above the neighbours of a number that doesn't exist."""
    from ..i18n import has, t

    if ref.ruleset == "official":
        return t("notice.no_clause_number", lang, ref=ref, version=CR_VERSION)
    book = t(f"notice.book.{ref.ruleset}", lang) if has(f"notice.book.{ref.ruleset}") else ref.ruleset
    return t("notice.no_section", lang, ref=ref, book=book)
