"""Pick the sentence of a text that best answers the query, in the asked language."""

from __future__ import annotations

import re
from functools import lru_cache

from ..textclean import plain
from .analysis import LANGUAGES, TOKEN, fold, terms

MAX_LEN = 240
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")
# A full stop that ends an abbreviation or sits inside a keyword's brackets ends no sentence:
# "usw.", "z. B.", "p. ej.", "etc.", "Ver. 4.2", "<Security A. +1>".
_ABBREVIATION = re.compile(
    r"(?:\b(?:usw|bzw|z|B|d|h|ggf|vgl|etc|ej|p|e|g|i|Ver|Nr|núm|pág|S|ca|vs|Abs)\.|<[^<>]{0,40})$", re.IGNORECASE)


def snippet(text: str, lang: str, query_terms: set[str]) -> str:
    """The sentence with most query terms (the first one when none match), cut to length."""
    sentences = plain_sentences(text or "")
    if not sentences:
        return ""
    best, best_score = 0, 0
    if query_terms:
        initials = {t[0] for t in query_terms if t}
        initials |= {c.upper() for c in initials}
        for i, sentence in enumerate(sentences):
            if lang in LANGUAGES:
                # A stem begins with its word's first letter: the other words can't match, and aren't stemmed.
                words = " ".join(w for w in TOKEN.findall(sentence)
                                 if w[0] in initials or (not w[0].isascii() and fold(w[0])[:1] in initials))
                sentence_terms = terms(lang, words)
            else:
                sentence_terms = terms(lang, sentence)
            score = len(set(sentence_terms) & query_terms)
            if score > best_score:
                best, best_score = i, score
    return _shape(sentences, best)


def prepared(text: str, lang: str) -> list[list]:
    """The text's sentences with the terms of each, as the search index stores them (build time)."""
    return [[sentence, sorted(set(terms(lang, sentence)))] for sentence in plain_sentences(text or "")]


def snippet_of(sentences: list[tuple[str, frozenset]], query_terms: set[str]) -> str:
    """:func:`snippet` from :func:`prepared` sentences: nothing to split or stem at query time."""
    if not sentences:
        return ""
    best, best_score = 0, 0
    for i, (_, sentence_terms) in enumerate(sentences):
        score = len(sentence_terms & query_terms)
        if score > best_score:
            best, best_score = i, score
    return _shape([sentence for sentence, _ in sentences], best)


def _shape(sentences: list[str], best: int) -> str:
    """The chosen sentence, with the next ones while it is short, cut to MAX_LEN."""
    chosen = sentences[best]
    if len(chosen) < 80:
        for extra in sentences[sentences.index(chosen) + 1:]:
            if len(chosen) + len(extra) + 1 > MAX_LEN:
                break
            chosen = f"{chosen} {extra}"
    if len(chosen) > MAX_LEN:
        chosen = chosen[: MAX_LEN - 1].rsplit(" ", 1)[0] + "…"
    return chosen


@lru_cache(maxsize=8192)
def plain_sentences(text: str) -> list[str]:
    """The text's sentences as plain text, without empty ones (kept: the same texts come up again and again)."""
    return [s for s in (plain(s) for s in _sentences(text)) if s]


def _sentences(text: str) -> list[str]:
    """Split at sentence ends, but not after an abbreviation or inside <…> (a keyword's name)."""
    out: list[str] = []
    for piece in _SENTENCE.split(text):
        if out and _ABBREVIATION.search(out[-1]) and not out[-1].endswith("\n"):
            out[-1] = f"{out[-1]} {piece}"
        else:
            out.append(piece)
    return out
