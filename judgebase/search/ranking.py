"""Rank documents for the words of a query: the ranking's one definition.

Each unit of the query (a word, or a glossary phrase such as ``área de cría``)
can match in several ways -- in the query's language, in another language, as a
glossary synonym or translation, or, for an unknown word, as a near spelling; in a
document's text or in the questions judges ask that it answers (``rules/asked/``) --
and scores by the best of them.  Units add up; adjacent words found close
together earn a bonus; a document's score is then scaled by how much of the
query's meaning it covers, rare words counting more than common ones.

The constants below are written into the search index (:func:`constants`), and
``site/static/search.js`` reads them from there: the static export ranks with the
same numbers, and ``tests/test_search_parity.py`` checks it ranks the same way.
"""

from __future__ import annotations

import heapq
import math
import re
from collections import namedtuple
from functools import lru_cache
from operator import itemgetter

from .analysis import LANGUAGES, compound_parts, fold, is_question_word, stopwords, terms

# The query-time weights below were last set by coordinate ascent (bench/tune_search.py) over the questions
# of tests/queries.yaml as they were before "fresh-6", and checked on fresh-6, written before that tuning.

# BM25's term-frequency saturation and length normalisation.
K1 = 1.2
B = 0.75
# Every document has text in es, en and de, so the query's own language carries the
# match; the other languages catch mixed queries ("blocker propio objetivo").
FOREIGN_WEIGHT = 0.42
# Glossary synonyms and translations count, but less than the word the judge typed.
GLOSSARY_WEIGHT = 0.6
# A near spelling of an unknown word (a typo) counts a little less again.
FUZZY_WEIGHT = 0.6
# The known last part of an unknown German compound, or a participle's verb, counts like a near spelling.
COMPOUND_WEIGHT = 0.6
# A known word this long is looked at as a compound too.
COMPOUND_MIN_LENGTH = 8
# A word in a clause's title is a strong sign the clause is about it.
TITLE_WEIGHT = 0.4
PROXIMITY_WEIGHT = 0.4
# "how many", "¿quién?", "wie oft": they match, at a fraction of a topic word's weight.
QUESTION_WORD_WEIGHT = 0.27
# A ruling is a question already answered: for a question typed in words it is the
# most useful hit, so it gets a small prior over the clause it cites.
RULING_PRIOR = 1.1
# A chapter heading is an overview, rarely the answer.
CHAPTER_FACTOR = 0.7
# So is, less often, a clause with sub-clauses: its summary matches the words of every
# question its sub-clauses answer ("how many link cards": CR 4-9-5 rather than CR 4-9);
# but a section's own text often states the rule its sub-clauses detail, so only a little.
SECTION_FACTOR = 0.9
# An example ruling is shown as the clause it illustrates, whose text already holds the
# example: its question adds the card names and situation of one case, which say less
# about what the clause is about, so it counts this much of its score for the clause.
EXAMPLE_FACTOR = 0.3
# A section ranked above its own sub-clause that covers more of the query moves just below it (this much of the
# sub-clause's score), if the sub-clause scores at least SUB_CLAUSE_SHARE of the section's.
SUB_CLAUSE_YIELD = 0.999
SUB_CLAUSE_SHARE = 0.5
# Second-best ways of matching the same unit add a little (dismax tie-break).
TIEBREAK = 0.1
# A document's score is scaled by COVERAGE_FLOOR + (1 - COVERAGE_FLOOR) * coverage²: a text that lacks the
# query's topic word keeps under a third of what its other words earn.
COVERAGE_FLOOR = 0.3125
#: A judge of the official game asking in words gets the official rules first; another
#: ruleset's text must match clearly better to come ahead of them...
OTHER_RULESET_FACTOR = 0.625
#: ...unless the query names that ruleset ("TT", "legacy", "hyper colosseum").
NAMED_RULESET_FACTOR = 2.4
#: A word found in the titles of the sections a clause sits in (``index.PATH_LANGS``) counts this much.
PATH_WEIGHT = 0.375
#: "RM 6-1-4 memoria": rulings citing the named clause move up.
CITED_FACTOR = 2.0
#: A clause's asked questions (``rules/asked/``) are a judge's words for what it decides: each way a unit
#: matches the text in the query's language also matches them in that language, at this much of its weight
#: (the best way of matching counts, as ever).
ASKED_WEIGHT = 1.0
#: Adjacent query words close together in an asked question earn this much of the texts' proximity bonus.
ASKED_PROXIMITY = 0.7
#: The languages with asked questions (a field ``asked_<lang>`` each in the index).
ASKED_LANGS = ("es", "en", "de")


def has_hangul(text: str) -> bool:
    """Any Hangul syllable in ``text`` (a comparison per character: a regex of that range costs ~1 ms to compile)."""
    return any("\uac00" <= c <= "\ud7a3" for c in text)
_SUB_NUMBER = re.compile(r"\d[-.]\d")
_PARENT = re.compile(r"^(.*\d)[-.]\d+$")


def parent_refs(refs: list[str], kinds: list[str]) -> list[str | None]:
    """Each clause document's parent ref (None for other documents and top-level clauses): written into the
    index at build time (``doc_parents``), so a query doesn't work it out again (search.js does, with PARENT)."""
    out: list[str | None] = []
    for ref, kind in zip(refs, kinds):
        match = _PARENT.match(ref) if kind == "clause" else None
        out.append(match.group(1) if match else None)
    return out


def prior(kind: str, ref: str, has_children: bool = False) -> float:
    """A document's standing before any word matches: rulings a little up, chapter and section headings down.

    An example ruling takes its clause's prior instead (``index.build_index``): it is shown as that clause.
    """
    if kind == "ruling":
        return RULING_PRIOR
    if kind != "clause":
        return 1.0
    out = CHAPTER_FACTOR if not _SUB_NUMBER.search(ref) else 1.0
    return out * SECTION_FACTOR if has_children else out


def constants() -> dict[str, float]:
    """The numbers of the ranking, as the index stores them for the static export."""
    names = ("K1", "B", "FOREIGN_WEIGHT", "GLOSSARY_WEIGHT", "FUZZY_WEIGHT", "TITLE_WEIGHT", "PROXIMITY_WEIGHT",
             "QUESTION_WORD_WEIGHT", "TIEBREAK", "COVERAGE_FLOOR", "OTHER_RULESET_FACTOR", "NAMED_RULESET_FACTOR",
             "CITED_FACTOR", "PATH_WEIGHT", "EXAMPLE_FACTOR", "COMPOUND_WEIGHT", "COMPOUND_MIN_LENGTH",
             "SUB_CLAUSE_YIELD", "SUB_CLAUSE_SHARE", "ASKED_WEIGHT", "ASKED_PROXIMITY")
    return {name: globals()[name] for name in names}


class Alternative(namedtuple("Alternative", "field terms boost slop", defaults=(1.0, 1))):
    """One way a unit of the query can match: a term, or a phrase of terms (in order, ``slop`` apart) in one field."""

    __slots__ = ()


class Unit:
    """One word or glossary phrase of the query, with every way it can match."""

    def __init__(self, text: str, weight: float = 1.0):
        self.text = text
        self.weight = weight
        self.alternatives: list[Alternative] = []
        self.titles: list[Alternative] = []


class Ranker:
    def __init__(self, postings, glossary):
        self.postings = postings
        self.glossary = glossary
        # A word asked once is asked again: its ways of matching and their scores are kept (per process).
        self.unit = lru_cache(maxsize=4096)(self._unit)
        self.unit_scores = lru_cache(maxsize=256)(self._unit_scores)
        self._family_index = None
        self._parent_docs_index = None
        self._members_index = None

    # -- building the query ------------------------------------------------------
    def units(self, words: list[str], lang: str) -> list[Unit]:
        phrases = self.glossary.phrases(words)
        inside = {i for start, n in phrases for i in range(start, start + n)}
        texts = [w for i, w in enumerate(words) if i not in inside]
        texts += [" ".join(words[a:a + n]) for a, n in phrases]
        units = [self.unit(text, lang) for text in texts]
        return [u for u in units if u.alternatives]

    def _unit(self, text: str, lang: str) -> Unit:
        unit = Unit(text, weight=QUESTION_WORD_WEIGHT if is_question_word(text, lang) else 1.0)
        alts = unit.alternatives
        foreign_ok = fold(text) not in stopwords(lang)
        for field_lang in LANGUAGES:
            if field_lang != lang and not foreign_ok:
                continue
            toks = tuple(terms(field_lang, text))
            if toks:
                alts.append(Alternative(f"body_{field_lang}", toks, 1.0 if field_lang == lang else FOREIGN_WEIGHT, slop=2))
                if field_lang == lang:
                    alts.append(Alternative(f"path_{lang}", toks, PATH_WEIGHT, slop=2))
        if has_hangul(text):
            grams = tuple(terms("ko", text))
            if grams:
                alts.append(Alternative("body_ko", grams, 1.0, slop=1))
        for translations in self.glossary.translations(text):
            for field_lang, _, toks in translations:
                if toks:
                    weight = GLOSSARY_WEIGHT * (1.0 if field_lang == lang else FOREIGN_WEIGHT)
                    alts.append(Alternative(f"body_{field_lang}", toks, weight, slop=2))
                    if field_lang == lang:
                        alts.append(Alternative(f"path_{lang}", toks, GLOSSARY_WEIGHT * PATH_WEIGHT, slop=2))
        # A near spelling for an unknown word; a stop word of the query's language is known, just not worth matching
        # ("your" is not a typo of the "you" of a Spanish text).
        # The asked questions are written in every language: the query's own language's are the ones to match,
        # each way the unit matches that language's texts matching them too (search.js: ``askedField``).
        df, body = self.postings.df, f"body_{lang}"
        asked = f"asked_{lang}" if ASKED_WEIGHT and lang in ASKED_LANGS else None
        unknown = not any(df(a.field, t) or (asked and a.field == body and df(asked, t)) for a in alts for t in a.terms)
        # A German compound or participle also matches its known last part ("Spielfeld": "Feld"): an unknown word,
        # or a long one that the texts may use less than its part.
        if foreign_ok and ((unknown and len(text) >= 4) or (len(text) >= COMPOUND_MIN_LENGTH and " " not in text)):
            parts = compound_parts(lang, text, lambda t: self.postings.df(f"body_{lang}", t) > 0)
            if parts and parts != terms(lang, text):
                alts.append(Alternative(f"body_{lang}", parts, COMPOUND_WEIGHT, slop=2))
        if foreign_ok and len(text) >= 4 and unknown:
            maxdist = 1 if len(text) < 8 else 2
            near_words: list[str] = []
            for field_lang in LANGUAGES:
                for tok in terms(field_lang, text):
                    for near in self.postings.fuzzy(f"body_{field_lang}", tok, maxdist):
                        weight = FUZZY_WEIGHT * (1.0 if field_lang == lang else FOREIGN_WEIGHT)
                        alts.append(Alternative(f"body_{field_lang}", (near,), weight))
                        if field_lang == lang:  # "soruces" means what "sources" means: its glossary entry too
                            near_words.append(near)
            for near in near_words:
                for translations in self.glossary.translations_of_term(lang, near):
                    for field_lang, _, toks in translations:
                        if toks and toks != (near,):
                            weight = FUZZY_WEIGHT * GLOSSARY_WEIGHT * (1.0 if field_lang == lang else FOREIGN_WEIGHT)
                            alts.append(Alternative(f"body_{field_lang}", toks, weight, slop=2))
        unit.titles = [Alternative(f"title_{lang}", (tok,), TITLE_WEIGHT) for tok in terms(lang, text)]
        if asked:
            alts += [Alternative(asked, a.terms, a.boost * ASKED_WEIGHT, a.slop) for a in alts if a.field == body]
        return unit

    # -- scoring ----------------------------------------------------------------
    def _unit_scores(self, unit: Unit) -> dict[int, float]:
        """Best alternative per document, a little of the others, plus title words (don't change them)."""
        alternatives = [self.postings.alternative_scores(alt) for alt in unit.alternatives]
        best: dict[int, float] = dict(alternatives[0])  # the first way of matching is the best so far everywhere
        rest: dict[int, float] = {}
        best_of, rest_of = best.get, rest.get
        for scores in alternatives[1:]:
            for doc, score in scores.items():
                was = best_of(doc)
                if was is None:
                    best[doc] = score
                elif score > was:
                    rest[doc] = rest_of(doc, 0.0) + was
                    best[doc] = score
                else:
                    rest[doc] = rest_of(doc, 0.0) + score
        weight = unit.weight
        out = {doc: (score + TIEBREAK * rest_of(doc, 0.0)) * weight for doc, score in best.items()}
        titled = [self.postings.alternative_scores(alt) for alt in unit.titles]
        self._share_in_families(out, titled)
        for scores in titled:
            for doc, score in scores.items():
                if doc in out:
                    out[doc] += score * weight
        return out

    def rarity(self, unit: Unit) -> float:
        """IDF of the rarest term the unit can match: how much that word tells apart."""
        n = self.postings.doc_count or 1
        best = 0.0
        for alt in unit.alternatives:
            for text in alt.terms:
                df = self.postings.df(alt.field, text)
                if df:
                    best = max(best, math.log(1 + n / df))
        return best * unit.weight

    def proximity(self, words: list[str], lang: str) -> dict[int, float]:
        """Adjacent query words found close together ("security Digimon") earn a bonus."""
        toks = [t for w in words for t in terms(lang, w)]
        out: dict[int, float] = {}
        for a, b in zip(toks, toks[1:]):
            if a == b:
                continue
            alt = Alternative(f"body_{lang}", (a, b), PROXIMITY_WEIGHT, slop=3)
            for doc, score in self.postings.alternative_scores(alt).items():
                out[doc] = out.get(doc, 0.0) + score
            if ASKED_WEIGHT and lang in ASKED_LANGS:  # ... or close together in a question judges ask
                alt = Alternative(f"asked_{lang}", (a, b), PROXIMITY_WEIGHT * ASKED_PROXIMITY, slop=3)
                for doc, score in self.postings.alternative_scores(alt).items():
                    out[doc] = out.get(doc, 0.0) + score
        return out

    def rank(self, words: list[str], lang: str, ruleset: str | None = None, kind: str | None = None,
             named: frozenset = frozenset(), cited: frozenset = frozenset(), top: int | None = None) -> list[tuple[int, float]]:
        """(document number, score) best first, of the documents of ``ruleset`` and ``kind`` (None: any); with
        ``top``, only the first ``top`` of them (and any tied with the last), in the same order.

        With no ruleset asked for, the official rules come first: another ruleset's documents
        count OTHER_RULESET_FACTOR of their score, or NAMED_RULESET_FACTOR where the query
        names that ruleset (``named``); a query that names one counts the official rules'
        documents OTHER_RULESET_FACTOR of theirs. Rulings citing a clause the query names (``cited``) count
        CITED_FACTOR times theirs. An example ruling is ranked as the clause it illustrates
        (``postings.groups``), at EXAMPLE_FACTOR of its score, and the clause takes the better score of
        the two, unless ``kind`` is "ruling" (then the example is a ruling like any other).
        """
        units = self.units(words, lang)
        if not units:
            return []
        per_unit = [self.unit_scores(u) for u in units]
        weights = [self.rarity(u) for u in units]
        total_weight = sum(weights) or 1.0
        # Sums start from the first unit's scores (0.0 + x is x: the same numbers as adding them one by one).
        totals: dict[int, float] = dict(per_unit[0])
        covered: dict[int, float] = dict.fromkeys(per_unit[0], weights[0])
        for scores, weight in zip(per_unit[1:], weights[1:]):
            for doc, score in scores.items():
                if doc in totals:
                    totals[doc] += score
                    covered[doc] += weight
                else:
                    totals[doc] = score
                    covered[doc] = weight
        for doc, bonus in self.proximity(words, lang).items():
            if doc in totals:
                totals[doc] += bonus
        postings = self.postings
        priors, rulesets, kinds = postings.priors, postings.rulesets, postings.kinds
        by_ruleset = {} if ruleset else {r: (NAMED_RULESET_FACTOR if r in named else OTHER_RULESET_FACTOR)
                                         for r in ("tamer_tactics", "legacy")}
        if named and not ruleset:
            by_ruleset["official"] = OTHER_RULESET_FACTOR  # "legacy …": the named ruleset's answer, not the official one
        cites = postings.cites if cited else None
        # One result per thing: an example ruling counts for the clause it illustrates, which
        # takes the better of their two scores (unless rulings themselves are asked for).
        groups = postings.groups if kind != "ruling" else None
        floor, spread = COVERAGE_FLOOR, 1 - COVERAGE_FLOOR
        factor_of, filtered = by_ruleset.get, bool(ruleset or kind)
        best: dict[int, float] = {}
        best_of = best.get
        for doc, score in totals.items():
            shown = groups[doc] if groups is not None else doc
            if filtered and ((ruleset and rulesets[shown] != ruleset) or (kind and kinds[shown] != kind)):
                continue
            coverage = covered[doc] / total_weight
            score = score * (floor + spread * coverage * coverage) * priors[doc]
            factor = factor_of(rulesets[doc])
            if factor is not None:
                score = score * factor
            if cites is not None and not cited.isdisjoint(cites[doc]):
                score = score * CITED_FACTOR
            if shown != doc:
                score = score * EXAMPLE_FACTOR
            if score > best_of(shown, -1.0):
                best[shown] = score
        self._yield_to_sub_clauses(best, covered, total_weight, top)
        if top is not None and len(best) > top:
            # Only what is shown is sorted: the documents scoring at least the top-th best score.
            threshold = heapq.nlargest(top, best.values())[-1]
            ranked = [item for item in best.items() if item[1] >= threshold]
        else:
            ranked = list(best.items())
        # Highest score first; equal scores in document order (the browser's search sorts alike).
        ranked.sort(key=itemgetter(0))
        ranked.sort(key=itemgetter(1), reverse=True)
        return ranked

    def _family(self) -> tuple[list, dict]:
        """Each clause document's parent ref (None for other documents and top-level clauses), and the
        documents of each ref: worked out once per index rather than for every document of every query."""
        if self._family_index is None:
            refs = self.postings.refs
            by_ref: dict[str, list[int]] = {}
            for doc, ref in enumerate(refs):
                by_ref.setdefault(ref, []).append(doc)
            self._family_index = (self.postings.parents, by_ref)
        return self._family_index

    def _parent_docs(self) -> list[tuple[int, ...]]:
        """Each document's parent's documents (the clause, and its keyword), empty for a top-level one."""
        if self._parent_docs_index is None:
            parents, by_ref = self._family()
            self._parent_docs_index = [tuple(by_ref.get(ref, ())) if ref is not None else () for ref in parents]
        return self._parent_docs_index

    def _share_in_families(self, out: dict[int, float], titled: list[dict[int, float]]) -> None:
        """A keyword's name says which family of clauses a question is about, not which member answers it.

        "zweimal digisorption beide nutzen": every clause of <Digisorption> has the name, the section and
        its "what it does" clause most often, so the name alone would rank them above CR 16-10-4, which the
        other words point to. Where a keyword's title has the unit, each document of its section (the clause
        and the keyword) and each of its direct sub-clauses that has the unit scores the family's best for it;
        title matches still count apart, after this (search.js: ``shareInFamilies``).
        """
        refs, kinds = self.postings.refs, self.postings.kinds
        named = {refs[doc] for scores in titled for doc in scores if kinds[doc] == "keyword" and doc in out}
        if not named:
            return
        members = self._members()
        for ref in sorted(named):  # in one order, as search.js does
            found = [doc for doc in members[ref] if doc in out]
            best = max(out[doc] for doc in found)
            for doc in found:
                out[doc] = best

    def _members(self) -> dict[str, list[int]]:
        """Each ref's documents followed by its direct sub-clauses' (worked out once per index)."""
        if self._members_index is None:
            parents, by_ref = self._family()
            members = {ref: list(docs) for ref, docs in by_ref.items()}
            for doc, parent in enumerate(parents):
                if parent is not None and parent in members:
                    members[parent].append(doc)
            self._members_index = members
        return self._members_index

    def _yield_to_sub_clauses(self, best: dict[int, float], covered: dict[int, float], total_weight: float,
                              top: int | None = None) -> None:
        """A section (or its keyword) ranked above a sub-clause of its own that covers more of the query's words
        moves just below it: the section summarises, the sub-clause answers ("guard mandatory?": CR 16-45-3, not
        <Guard>). Only sub-clauses scoring at least SUB_CLAUSE_SHARE of the section's score count; scores before any
        move decide, so the order documents come in changes nothing (search.js: ``yieldToSubClauses``).

        With ``top``, only what can reach the first ``top`` is looked at: a moved section keeps more than
        SUB_CLAUSE_SHARE * SUB_CLAUSE_YIELD of its score, so none of the ``top`` best falls below that share of the
        top-th best score, and a section scoring less stays out of the first ``top``, moved or not; the sub-clauses
        that move a section score at least SUB_CLAUSE_SHARE of it."""
        parent_docs = self._parent_docs()
        moved: dict[int, float] = {}
        candidates = best.items()
        if top is not None and len(best) > top:
            lowest = heapq.nlargest(top, best.values())[-1] * SUB_CLAUSE_YIELD * SUB_CLAUSE_SHARE * SUB_CLAUSE_SHARE
            candidates = [(doc, score) for doc, score in candidates if score >= lowest]
        for doc, score in candidates:
            found = parent_docs[doc]
            if not found or doc not in covered:
                continue
            coverage = covered[doc] / total_weight
            for parent in found:
                above = best.get(parent)
                if above is None:
                    continue
                if (parent in covered and coverage > covered[parent] / total_weight + 1e-9
                        and score >= SUB_CLAUSE_SHARE * above and above > score):
                    moved[parent] = max(moved.get(parent, 0.0), score * SUB_CLAUSE_YIELD)
        best.update(moved)
