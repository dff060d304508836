"""Answer a judge's query: references first, then ranked text matches.

A query is never handed to a query parser: judges type quotes, colons and
stray operators, and none of that should be an error.  Instead the query is cut
into references (``6-1-4``, ``RM 8-1-3``, ``§2.2``, ``LEG 3.4``, ``Q42``) and words.
Each word becomes a disjunction over every language field (its own analyser),
its glossary translations, and -- when the word is unknown -- fuzzy variants.
Documents matching more of the query's words rank higher.
"""

from __future__ import annotations

import json
import math
import re
import threading
import unicodedata
from dataclasses import dataclass

from whoosh import index as whoosh_index
from whoosh.query import And, DisjunctionMax, FuzzyTerm, Or, Phrase, Term

from .. import refs
from ..db import Database, pick_lang
from ..layout import index_dir_for
from ..refs import Ref
from .analysis import LANGUAGES, WORD, fold, is_question_word, stopwords, terms
from .snippets import snippet

KINDS = ("clause", "ruling", "keyword")
# Every document has text in es, en and de, so the query's own language carries the
# match; the other languages catch mixed queries ("blocker propio objetivo").
FOREIGN_WEIGHT = 0.35
# A ruling is a question already answered: for a question typed in words it is the
# most useful hit, so it gets a small prior over the clause it cites.
RULING_PRIOR = 1.25
# Glossary synonyms and translations count, but less than the word the judge typed.
GLOSSARY_WEIGHT = 0.6
TITLE_WEIGHT = 0.5
PROXIMITY_WEIGHT = 0.4
QUESTION_WORD_WEIGHT = 0.3
MAX_QUERY = 300
_BARE_DASH_REF = re.compile(r"(?<![\w§.-])(\d{1,2}(?:-\d{1,2})+)(?:/(\d{1,2}))?(?![\w-])")
_BARE_DOT_REF = re.compile(r"(?<![\w§.-])(\d{1,2}(?:\.\d{1,2})+)(?![\w.])")
_QA = re.compile(r"\b(?:QA\s*)?Q\s?(\d{1,5})\b", re.IGNORECASE)
_HANGUL = re.compile(r"[\uac00-\ud7a3]")


class QueryError(ValueError):
    """A query that can't be searched (empty after cleaning); the message says why."""


@dataclass
class Result:
    ref: str
    kind: str
    ruleset: str
    lang: str
    title: str
    snippet: str
    score: float
    cites: list[str] | None = None
    proven: bool | None = None
    match: str = "text"  # "ref" when the query named it, "text" for ranked matches

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
        if self.kind == "ruling":
            out["cites"] = self.cites or []
            out["proven"] = self.proven
        return out


@dataclass
class Parsed:
    refs: list[Ref]
    qa: list[str]
    words: list[str]


def clean(query: str) -> str:
    """Normalise Unicode, drop control characters, cap the length."""
    query = unicodedata.normalize("NFKC", query or "")
    query = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in query)
    return query.strip()[:MAX_QUERY]


def parse_query(query: str, ruleset: str | None = None) -> Parsed:
    """Split a query into clause references, Q&A numbers and plain words."""
    text = clean(query)
    whole = refs.try_parse(text, default_ruleset=ruleset) if text else None
    if whole is not None and (ruleset is None or whole.ruleset == ruleset):
        return Parsed([whole], [], [])
    found: list[Ref] = []
    spans: list[tuple[int, int]] = []
    for item in refs.find_in_text(text):
        found.append(item.ref)
        spans.append((item.start, item.end))
    for m in _BARE_DASH_REF.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        head = m.group(1)
        found.append(refs.parse(head))
        if m.group(2):
            found.append(refs.parse(head.rsplit("-", 1)[0] + "-" + m.group(2)))
        spans.append(m.span())
    for m in _BARE_DOT_REF.finditer(text):
        if any(a <= m.start() < b for a, b in spans):
            continue
        found.append(refs.parse(m.group(1), default_ruleset=ruleset))
        spans.append(m.span())
    qa = []
    for m in _QA.finditer(text):
        if not any(a <= m.start() < b for a, b in spans):
            qa.append(f"Q{int(m.group(1))}")
            spans.append(m.span())
    rest = "".join(" " if any(a <= i < b for a, b in spans) else c for i, c in enumerate(text))
    words = [w for w in WORD.findall(rest) if not _is_prefix_word(w)]
    return Parsed(list(dict.fromkeys(found)), qa, words)


def _is_prefix_word(word: str) -> bool:
    return word.upper() in {"RM", "CR", "TT", "LEG", "QA"}


class Searcher:
    """Search one built database.  Cheap to query, not to open: keep one around.

    Thread-safe: whoosh searchers must not be shared between threads, so each
    thread gets its own.
    """

    def __init__(self, db_path):
        self.db = Database(db_path)
        self.index = whoosh_index.open_dir(str(index_dir_for(db_path)))
        self._local = threading.local()
        self._glossary = _GlossaryMap(self.db.glossary())

    @property
    def searcher(self):
        s = getattr(self._local, "searcher", None)
        if s is None:
            s = self._local.searcher = self.index.searcher()
        return s

    def close(self) -> None:
        s = getattr(self._local, "searcher", None)
        if s is not None:
            s.close()
        self.db.close()

    # -- public ----------------------------------------------------------------
    def search(
        self,
        query: str,
        lang: str | None = None,
        ruleset: str | None = None,
        kind: str | None = None,
        limit: int = 10,
    ) -> list[Result]:
        parsed = parse_query(query, ruleset)
        if not parsed.refs and not parsed.qa and not parsed.words:
            raise QueryError("nothing to search for: type a clause number (6-1-4, §2.2, LEG 3.4) or some words")
        lang = lang or self.detect_language(parsed.words)
        results: list[Result] = []
        seen: set[tuple[str, str]] = set()

        def add(result: Result | None) -> None:
            if result and (result.kind, result.ref) not in seen and _allowed(result, ruleset, kind):
                seen.add((result.kind, result.ref))
                results.append(result)

        query_terms = self._snippet_terms(parsed.words, lang)
        for ref in parsed.refs:
            if self.db.has_clause(ref):
                add(self._clause_result(str(ref), lang, 1000.0, query_terms, match="ref"))
        for number in parsed.qa:
            for rid in self.db.rulings_with_qa(number):
                add(self._ruling_result(rid, lang, 900.0, query_terms, match="ref"))
        if parsed.words:
            for key, score in self._text_hits(parsed.words, lang, ruleset, kind, limit + len(results) + 5, parsed.refs):
                kind_, ref = key.split(":", 1)
                add(self._result(kind_, ref, lang, score, query_terms))
        elif parsed.refs:
            # A bare reference: the clause, then the rulings that cite it, then its children.
            for ref in parsed.refs:
                for rid in self.db.rulings_citing(str(ref)):
                    add(self._ruling_result(rid, lang, 500.0, query_terms, match="ref"))
                if self.db.has_clause(ref):
                    keyword = self.db.conn.execute("select ref from keywords where ref = ?", (str(ref),)).fetchone()
                    if keyword:
                        add(self._keyword_result(str(ref), lang, 450.0, query_terms, match="ref"))
                    for child in json.loads(self.db.conn.execute(
                            "select children from clauses where ref = ?", (str(ref),)).fetchone()[0]):
                        add(self._clause_result(child, lang, 400.0, query_terms, match="ref"))
                else:
                    from ..suggest import nearest_refs

                    for near in nearest_refs(ref, self.db.refs, limit=3):
                        add(self._clause_result(str(near), lang, 100.0, query_terms, match="near"))
        return results[:limit]

    def detect_language(self, words: list[str]) -> str:
        """Guess the query's language from stop words, glossary words and index vocabulary."""
        if not words:
            return "en"
        score = dict.fromkeys(LANGUAGES, 0.0)
        reader = self.searcher.reader()
        for word in words:
            folded = fold(word)
            for lang in LANGUAGES:
                if folded in stopwords(lang):
                    score[lang] += 1.0
                if self._glossary.languages_of(folded).__contains__(lang):
                    score[lang] += 1.5
                toks = terms(lang, word)
                if toks and reader.doc_frequency(f"body_{lang}", toks[0]):
                    score[lang] += 0.5
        best = max(score.values())
        for lang in ("en", "es", "de"):
            if score[lang] == best:
                return lang
        return "en"

    # -- ranking ---------------------------------------------------------------
    def _word_query(self, word: str, lang: str, reader):
        """Every way one typed word can match, scored by the best of them."""
        alternatives = []
        foreign_ok = fold(word) not in stopwords(lang)
        for field_lang in LANGUAGES:
            if field_lang != lang and not foreign_ok:
                continue
            weight = 1.0 if field_lang == lang else FOREIGN_WEIGHT
            toks = terms(field_lang, word)
            if len(toks) > 1:  # a glossary phrase: its words together, in order
                alternatives.append(Phrase(f"body_{field_lang}", toks, slop=2, boost=weight))
            else:
                alternatives.extend(Term(f"body_{field_lang}", tok, boost=weight) for tok in toks)
        if _HANGUL.search(word):
            grams = terms("ko", word)
            if grams:
                alternatives.append(And([Term("body_ko", g) for g in grams]))
        for translations in self._glossary.translations(word):
            for field_lang, phrase in translations:
                toks = terms(field_lang, phrase)
                weight = GLOSSARY_WEIGHT * (1.0 if field_lang == lang else FOREIGN_WEIGHT)
                if len(toks) == 1:
                    alternatives.append(Term(f"body_{field_lang}", toks[0], boost=weight))
                elif toks:
                    alternatives.append(Phrase(f"body_{field_lang}", toks, boost=weight / len(toks)))
        known = any(
            reader.doc_frequency(q.fieldname, q.text)
            for q in alternatives
            if isinstance(q, Term)
        )
        if not known and len(word) >= 4:
            maxdist = 1 if len(word) < 8 else 2
            for field_lang in LANGUAGES:
                for tok in terms(field_lang, word):
                    alternatives.append(
                        FuzzyTerm(f"body_{field_lang}", tok, boost=0.6, maxdist=maxdist, prefixlength=1)
                    )
        if not alternatives:
            return None
        weight = QUESTION_WORD_WEIGHT if is_question_word(word, lang) else 1.0
        body = DisjunctionMax(alternatives, tiebreak=0.1, boost=weight)
        # A word in the title is a strong sign the clause is about it: added on top.
        titles = [Term(f"title_{lang}", tok, boost=TITLE_WEIGHT) for tok in terms(lang, word)]
        return Or([body, *titles]) if titles else body

    def _rarity(self, query, reader) -> float:
        """IDF of the rarest term a word's query can match: how much that word tells apart."""
        n = reader.doc_count_all() or 1
        best = 0.0
        for fieldname, text in _terms_of(query, reader):
            df = reader.doc_frequency(fieldname, text)
            if df:
                best = max(best, math.log(1 + n / df))
        return best  # 0 for a word no document contains: it can't be covered, so it doesn't count

    def _proximity_query(self, words: list[str], lang: str):
        """Adjacent query words found close together ("security Digimon") earn a bonus."""
        toks = [t for w in words for t in terms(lang, w)]
        pairs = [Phrase(f"body_{lang}", [a, b], slop=3, boost=PROXIMITY_WEIGHT) for a, b in zip(toks, toks[1:]) if a != b]
        return pairs

    def _text_hits(self, words, lang, ruleset, kind, limit, named_refs):
        reader = self.searcher.reader()
        per_word, query_words = [], []
        phrases = self._glossary.phrases(words)
        # Words inside a glossary phrase ("how long", "área de cría") are searched as that phrase.
        inside = {i for start, n in phrases for i in range(start, start + n)}
        units = [w for i, w in enumerate(words) if i not in inside] + [" ".join(words[a:a + n]) for a, n in phrases]
        for word in units:
            q = self._word_query(word, lang, reader)
            if q is not None:
                per_word.append(q)
                query_words.append(word)
        if not per_word:
            return []
        filters = []
        if ruleset:
            filters.append(Term("ruleset", ruleset))
        if kind:
            filters.append(Term("kind", kind))
        query = Or(per_word + self._proximity_query(words, lang))
        hits = self.searcher.search(
            query, limit=max(limit * 3, 30), filter=And(filters) if filters else None, terms=True
        )
        word_terms = [{text for _, text in _terms_of(q, reader)} for q in per_word]
        weights = [
            self._rarity(q, reader) * (QUESTION_WORD_WEIGHT if is_question_word(w, lang) else 1.0)
            for w, q in zip(query_words, per_word)
        ]
        total = sum(weights) or 1.0
        cited = {str(r) for r in named_refs}
        scored = []
        for hit in hits:
            matched = {text for _, text in hit.matched_terms()}
            # Share of the query's meaning the document covers, rare words counting more.
            coverage = sum(w for wt, w in zip(word_terms, weights) if wt & matched) / total
            score = hit.score * (0.35 + 0.65 * coverage ** 2)
            if cited and hit.get("cites") and cited & set(hit["cites"].split(",")):
                score *= 2.0
            if hit["kind"] == "ruling":
                score *= RULING_PRIOR
            if hit["kind"] == "clause" and _is_chapter(hit["ref"]):
                score *= 0.7  # a chapter heading is an overview, rarely the answer
            scored.append((hit["key"], score))
        scored.sort(key=lambda x: -x[1])
        return scored[:limit]

    # -- result rows -------------------------------------------------------------
    def _snippet_terms(self, words, lang) -> set[str]:
        out = set()
        for word in words:
            out.update(terms(lang, word))
            for translations in self._glossary.translations(word):
                for field_lang, phrase in translations:
                    if field_lang == lang:
                        out.update(terms(lang, phrase))
        return out

    def _result(self, kind, ref, lang, score, query_terms):
        if kind == "clause":
            return self._clause_result(ref, lang, score, query_terms)
        if kind == "ruling":
            return self._ruling_result(ref, lang, score, query_terms)
        return self._keyword_result(ref, lang, score, query_terms)

    def _clause_result(self, ref, lang, score, query_terms, match="text"):
        row = self.db.conn.execute("select ruleset from clauses where ref = ?", (ref,)).fetchone()
        if row is None:
            return None
        texts = {t["lang"]: t for t in self.db.conn.execute("select lang, title, text from clause_text where ref = ?", (ref,))}
        shown = pick_lang(texts, lang)
        t = texts[shown]
        return Result(ref, "clause", row["ruleset"], shown, t["title"], snippet(t["text"], shown, query_terms), score, match=match)

    def _ruling_result(self, rid, lang, score, query_terms, match="text"):
        row = self.db.conn.execute("select ruleset, cites, proven from rulings where id = ?", (rid,)).fetchone()
        if row is None:
            return None
        texts = {t["lang"]: t for t in self.db.conn.execute("select lang, question, answer from ruling_text where ruling = ?", (rid,))}
        shown = pick_lang(texts, lang)
        t = texts[shown]
        proven = None if row["proven"] is None else bool(row["proven"])
        return Result(
            rid, "ruling", row["ruleset"], shown, t["question"], snippet(t["answer"], shown, query_terms), score,
            cites=json.loads(row["cites"]), proven=proven, match=match,
        )

    def _keyword_result(self, ref, lang, score, query_terms, match="text"):
        row = self.db.conn.execute("select * from keywords where ref = ?", (ref,)).fetchone()
        if row is None:
            return None
        shown = lang if lang in LANGUAGES and row[f"name_{lang}"] else "en"
        title = row[f"name_{shown}"]
        return Result(ref, "keyword", "official", shown, title, row[f"summary_{shown}"] or "", score, match=match)


def _is_chapter(ref: str) -> bool:
    return not re.search(r"\d[-.]\d", ref)


def _allowed(result: Result, ruleset: str | None, kind: str | None) -> bool:
    return (ruleset is None or result.ruleset == ruleset) and (kind is None or result.kind == kind)


def _terms_of(query, reader) -> set[tuple[str, bytes]]:
    """Every index term a query can match, fuzzy expansions included."""
    out = set()
    for leaf in query.leaves():
        if isinstance(leaf, FuzzyTerm):
            pairs = leaf.expanded_terms(reader)
        else:
            pairs = leaf.iter_all_terms()
        for fieldname, text in pairs:
            out.add((fieldname, text.encode("utf-8") if isinstance(text, str) else text))
    return out


def _key(phrase: str) -> str:
    """Glossary lookup key: folded, hyphens and runs of spaces as one space."""
    return " ".join(re.split(r"[\s\-‐–]+", fold(phrase).strip()))


class _GlossaryMap:
    """Glossary lookup by folded word or phrase, in any language."""

    def __init__(self, entries: list[dict[str, list[str]]]):
        self.entries = entries
        self.by_word: dict[str, list[int]] = {}
        self.langs_by_word: dict[str, set[str]] = {}
        self.longest = 1
        for i, entry in enumerate(entries):
            for lang, words in entry.items():
                for word in words:
                    key = _key(word)
                    self.longest = max(self.longest, len(key.split()))
                    self.by_word.setdefault(key, []).append(i)
                    self.langs_by_word.setdefault(key, set()).add(lang)
                    stems = terms(lang, word) if lang in LANGUAGES and " " not in key else []
                    if len(stems) == 1:
                        self.by_word.setdefault(f"{lang}:{stems[0]}", []).append(i)

    def languages_of(self, folded: str) -> set[str]:
        return self.langs_by_word.get(folded, set())

    def phrases(self, words: list[str]) -> list[tuple[int, int]]:
        """Multi-word glossary terms in the query (``área de cría``), as (start, length), longest first."""
        found: list[tuple[int, int]] = []
        taken: set[int] = set()
        for n in range(self.longest, 1, -1):
            for i in range(len(words) - n + 1):
                span = set(range(i, i + n))
                if not span & taken and _key(" ".join(words[i:i + n])) in self.by_word:
                    found.append((i, n))
                    taken |= span
        return sorted(found)

    def translations(self, word: str) -> list[list[tuple[str, str]]]:
        """For each glossary entry the word or phrase belongs to, all its (lang, phrase) pairs."""
        ids = set(self.by_word.get(_key(word), []))
        for lang in LANGUAGES:
            for tok in terms(lang, word)[:1]:
                ids.update(self.by_word.get(f"{lang}:{tok}", []))
        out = []
        for i in sorted(ids):
            out.append([(lang, phrase) for lang, phrases in self.entries[i].items() if lang in LANGUAGES for phrase in phrases])
        return out
