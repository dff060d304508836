"""How text becomes index terms, the same at build time and at query time.

Spanish, English and German: words, lowercased and folded (accents stripped, so
``digivolucion`` meets ``digivolución`` and ``Sicherheitsprufung`` meets
``Sicherheitsprüfung``; in German ``ae``/``oe``/``ue`` too, so ``zurueck`` meets ``zurück``),
stop words dropped, Snowball stems (``stemmers.py``).
Korean: character 2- and 3-grams of each word, which find words inside compounds.

Plain Python and nothing else, because every query pays for what this module
imports; ``site/static/search.js`` does the same in the browser, and
``tests/test_search_parity.py`` checks that both give the same terms.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

from .stemmers import STEMMERS
from .stopwords import STOPWORDS

LANGUAGES = ("es", "en", "de")
WORD = re.compile(r"[^\W_]+(?:[’'][^\W_]+)?")
TOKEN = re.compile(r"[^\W_]+")
_KO_WORD = re.compile(r"[\w*]+(?:\.?[\w*]+)*")

# Game words the stop lists would drop but that mean something at a judge's table: not, before and after, once and
# again, all, each, only, more, same, other, own, under ("vor oder nach", "the one with more DP", "cards under it").
# Each is common, so it counts little alone, but it tells apart sibling clauses that differ by just that word.
KEEP = {"de": ("kein", "keine", "nicht", "vor", "nach", "wieder", "nur", "alle", "andere", "anderen", "jede", "jeder",
              "jedes", "gegen", "unter", "uber", "wahrend", "bis", "zwischen", "noch", "einmal", "selbst"),
        "es": ("no", "sin", "ya", "antes", "mas", "otra", "otro", "otros", "otras", "todos", "todo", "durante", "contra",
               "entre", "sobre", "hasta", "poco"),
        "en": ("no", "not", "can", "t", "before", "after", "again", "once", "only", "same", "both", "each", "all", "any",
               "more", "most", "other", "under", "over", "until", "while", "during", "against", "between", "few", "own")}


class _Decomposed(dict):
    """Each character's compatibility decomposition without its marks (``é`` -> ``e``), worked out once."""

    def __missing__(self, code: int) -> str:
        out = "".join(c for c in unicodedata.normalize("NFKD", chr(code)) if not unicodedata.category(c).startswith("M"))
        self[code] = out
        return out


_DECOMPOSED = _Decomposed()


def fold(text: str) -> str:
    """Lowercase and strip accents (``Aufzuchtbereich`` ~ ``aufzuchtbereich``, ``más`` ~ ``mas``, ``ß`` ~ ``ss``).

    The same as NFKD, dropping every mark (Unicode category M), lowercasing, ``ß`` as
    ``ss``, then NFC: what ``search.js`` does with ``normalize`` and ``/\\p{M}/u``.
    """
    if text.isascii():
        return text.lower()
    return unicodedata.normalize("NFC", text.translate(_DECOMPOSED).lower().replace("ß", "ss"))


def stopwords(lang: str) -> frozenset:
    """The language's stop words, folded (none for Korean)."""
    return STOPWORDS.get(lang, frozenset())


@lru_cache(maxsize=None)
def _dropped(lang: str) -> frozenset:
    """What the analyser drops: the stop words but the game words of KEEP."""
    return stopwords(lang) - frozenset(KEEP.get(lang, ()))


@lru_cache(maxsize=200_000)
def stem(lang: str, word: str) -> str:
    return STEMMERS[lang](word)


def analyse(lang: str, text: str) -> list[tuple[str, int]]:
    """(term, position) pairs of ``text``; positions count the words kept (all n-grams of a word share one)."""
    if lang == "ko":
        out = []
        for pos, word in enumerate(_KO_WORD.findall(text)):
            word = word.lower()
            for start in range(len(word) - 1):
                for size in (2, 3):
                    if start + size <= len(word):
                        out.append((word[start:start + size], pos))
        return out
    dropped = _dropped(lang)
    words = (_fold_word(w) for w in TOKEN.findall(text))
    if lang == "de":
        words = (_umlauts_spelled_out(w) for w in words if w not in dropped)
    return [(stem(lang, w), i) for i, w in enumerate(w for w in words if w not in dropped)]


_SPELLED_UMLAUT = re.compile(r"ae|oe|(?<!q)ue")


def _umlauts_spelled_out(word: str) -> str:
    """German typed without umlauts: ``geloescht`` is ``gelöscht`` (``ae``, ``oe``, ``ue`` as ``a``, ``o``, ``u``, the
    folded umlaut; not ``que``), as Snowball's German2 variant reads them; search.js: ``umlautsSpelledOut``."""
    return _SPELLED_UMLAUT.sub(lambda m: m.group()[0], word) if "e" in word else word


_fold_word = lru_cache(maxsize=200_000)(fold)


@lru_cache(maxsize=65_536)
def terms(lang: str, text: str) -> tuple[str, ...]:
    """The index terms ``text`` turns into for ``lang`` (cached: snippets stem the same sentences again and again)."""
    return tuple(term for term, _ in analyse(lang, text))


# German separable-verb prefixes: "aufgedeckt" is the participle of "aufdecken".
SEPARABLE_PREFIXES = ("", "ab", "an", "auf", "aus", "ein", "mit", "nach", "vor", "weg", "zu", "zurueck")
_MIN_PART = 4


def compound_parts(lang: str, word: str, known) -> tuple[str, ...]:
    """The known terms inside an unknown German word: the head of a compound, or a participle without its ``ge``.

    German glues words together ("Spielfeld", "Angriffsziel", "Sicherheitsdigimon") and builds participles
    with ``ge`` ("aufgedeckt", "gelöscht"), so a judge's word is often absent from texts that use its
    last part or its verb. A compound's last part names what it is: the longest known tail of at least
    four letters is taken. ``known(term)`` says whether the index has a term. Empty where nothing fits
    or outside German; search.js: ``compoundParts``.
    """
    if lang != "de":
        return ()
    folded = _umlauts_spelled_out(fold(word))
    for prefix in SEPARABLE_PREFIXES:
        rest = folded[len(prefix):]
        if folded.startswith(prefix) and rest.startswith("ge") and len(rest) - 2 >= _MIN_PART:
            toks = terms(lang, prefix + rest[2:])
            if toks and all(len(t) >= _MIN_PART and known(t) for t in toks):
                return toks
    for cut in range(3, len(folded) - _MIN_PART + 1):
        toks = terms(lang, folded[cut:])
        if toks and all(len(t) >= _MIN_PART and known(t) for t in toks):
            return toks
    return ()


# Question words carry little of a judge's query ("how many times …", "¿quién …?"), nor does the
# shorthand of a phone ("q pasa", "can u").
# They still match, at a fraction of the weight of the words that name the topic.
QUESTION_WORDS = {
    "es": {"como", "cuando", "cuanto", "cuanta", "cuantos", "cuantas", "quien", "quienes", "que", "cual",
           "cuales", "donde", "puedo", "puede", "pueden", "podria", "hay", "pasa", "ocurre", "sucede", "hago",
           "debo", "tengo", "vez", "veces", "dice", "dicen",
           "q", "k", "xq", "pq", "porq", "tb", "tmb"},  # phone shorthand: que, porque, también
    "en": {"how", "many", "much", "what", "when", "who", "which", "where", "why", "can", "could", "may", "does",
           "do", "did", "happens", "happen", "must", "should", "times", "time", "i", "my", "says", "say",
           "u", "r", "ur", "pls", "plz"},  # phone shorthand: you, are, your, please
    "de": {"wie", "viele", "viel", "oft", "wann", "wer", "was", "welche", "welcher", "welches", "wo", "warum",
           "kann", "darf", "muss", "passiert", "geschieht", "ich", "mein", "meine", "mal", "sagt",
           "u", "n", "nen"},  # phone shorthand: und, ein, einen
}


def is_question_word(word: str, lang: str) -> bool:
    return fold(word) in QUESTION_WORDS.get(lang, ())
