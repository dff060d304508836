"""Pick the sentence of a text that best answers the query, in the asked language."""

from __future__ import annotations

import re

from ..textclean import plain
from .analysis import terms

MAX_LEN = 240
_SENTENCE = re.compile(r"(?<=[.!?])\s+|\n+")


def snippet(text: str, lang: str, query_terms: set[str]) -> str:
    """The sentence with most query terms (the first one when none match), cut to length."""
    sentences = [plain(s) for s in _SENTENCE.split(text or "")]
    sentences = [s for s in sentences if s]
    if not sentences:
        return ""
    best, best_score = sentences[0], 0
    if query_terms:
        for sentence in sentences:
            score = len(set(terms(lang, sentence)) & query_terms)
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
