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
    sentences = _plain_sentences(text or "")
    if not sentences:
        return ""
    best, best_score = sentences[0], 0
    if query_terms:
        initials = {t[0] for t in query_terms if t}
        initials |= {c.upper() for c in initials}
        for sentence in sentences:
            if lang in LANGUAGES:
                # A stem begins with its word's first letter: the other words can't match, and aren't stemmed.
                words = " ".join(w for w in TOKEN.findall(sentence)
                                 if w[0] in initials or (not w[0].isascii() and fold(w[0])[:1] in initials))
                sentence_terms = terms(lang, words)
            else:
                sentence_terms = terms(lang, sentence)
            score = len(set(sentence_terms) & query_terms)
            if score > best_score:
                best, best_score = sentence, score
    if len(best) < 80:
        following = sentences[sentences.index(best) + 1:]
        for extra in following:
            if len(best) + len(extra) + 1 > MAX_LEN:
                break
            best = f"{best} {extra}"
    if len(best) > MAX_LEN:
        best = best[: MAX_LEN - 1].rsplit(" ", 1)[0] + "…"
    return best


@lru_cache(maxsize=8192)
def _plain_sentences(text: str) -> list[str]:
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
