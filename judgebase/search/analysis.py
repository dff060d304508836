"""Per-language analysers for the whoosh index.

They live in an importable module because whoosh pickles the schema (and its
analysers) into the index.  Accents are folded *before* stemming so that a judge
typing ``digivolucion`` or ``Sicherheitsprufung`` meets the same stem as the
accented text.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from whoosh.analysis import (
    CharsetFilter,
    LowercaseFilter,
    NgramWordAnalyzer,
    RegexTokenizer,
    StemFilter,
    StopFilter,
)
from whoosh.lang import stopwords_for_language
from whoosh.support.charset import accent_map

LANGUAGES = ("es", "en", "de")
WORD = re.compile(r"[^\W_]+(?:[’'][^\W_]+)?", re.UNICODE)
_TOKEN_PATTERN = r"[^\W_]+"

# Game words the stop lists would drop but that mean something at a judge's table.
_KEEP = {"de": {"kein", "keine", "nicht"}, "es": {"no", "sin"}, "en": {"no", "not", "can", "t"}}


def language_analyzer(lang: str):
    """Tokenise, lowercase, fold accents, drop stop words, stem."""
    stops = frozenset(w for w in stopwords_for_language(lang) if w not in _KEEP.get(lang, ()))
    return (
        RegexTokenizer(_TOKEN_PATTERN)
        | LowercaseFilter()
        | CharsetFilter(accent_map)
        | StopFilter(stoplist=_fold_all(stops), minsize=1)
        | StemFilter(lang=lang, cachesize=50000)
    )


def korean_analyzer():
    """whoosh has no Korean stemmer; character n-grams find words inside compounds."""
    return NgramWordAnalyzer(2, 3)


def _fold_all(words) -> frozenset:
    return frozenset(fold(w) for w in words)


def fold(text: str) -> str:
    """Lowercase and strip accents (``Aufzuchtbereich`` ~ ``aufzuchtbereich``, ``más`` ~ ``mas``)."""
    text = unicodedata.normalize("NFKD", text.lower())
    text = "".join(c for c in text if not unicodedata.combining(c))
    return text.replace("ß", "ss")


@lru_cache(maxsize=None)
def analyzer(lang: str):
    return korean_analyzer() if lang == "ko" else language_analyzer(lang)


@lru_cache(maxsize=65_536)
def terms(lang: str, text: str) -> tuple[str, ...]:
    """The index terms ``text`` turns into for ``lang`` (cached: snippets stem the same sentences again and again)."""
    return tuple(t.text for t in analyzer(lang)(text))


@lru_cache(maxsize=None)
def stopwords(lang: str) -> frozenset:
    if lang not in LANGUAGES:
        return frozenset()  # whoosh has no Korean stop list
    return _fold_all(stopwords_for_language(lang))


# Question words carry little of a judge's query ("how many times …", "¿quién …?").
# They still match, at a fraction of the weight of the words that name the topic.
QUESTION_WORDS = {
    "es": {"como", "cuando", "cuanto", "cuanta", "cuantos", "cuantas", "quien", "quienes", "que", "cual",
           "cuales", "donde", "puedo", "puede", "pueden", "podria", "hay", "pasa", "ocurre", "sucede", "hago",
           "debo", "tengo", "vez", "veces"},
    "en": {"how", "many", "much", "what", "when", "who", "which", "where", "why", "can", "could", "may", "does",
           "do", "did", "happens", "happen", "must", "should", "times", "time", "i", "my"},
    "de": {"wie", "viele", "viel", "oft", "wann", "wer", "was", "welche", "welcher", "welches", "wo", "warum",
           "kann", "darf", "muss", "passiert", "geschieht", "ich", "mein", "meine", "mal"},
}


def is_question_word(word: str, lang: str) -> bool:
    return fold(word) in QUESTION_WORDS.get(lang, ())
