"""The glossary as search sees it: game terms and their translations, by folded word.

Its lookup keys (each word and phrase folded, and each single word's stem per
language) and the index terms of every translation are worked out at build time
(:func:`glossary_data`) and stored in the search index, so a query stems nothing
of the glossary.
"""

from __future__ import annotations

from .analysis import LANGUAGES, fold, terms

_HYPHENS = str.maketrans({"-": " ", "\u2010": " ", "\u2013": " "})


def key(phrase: str) -> str:
    """Glossary lookup key: folded, hyphens and runs of spaces as one space (``search.js``: ``glossaryKey``)."""
    return " ".join(fold(phrase).translate(_HYPHENS).split())


def glossary_data(entries: list[dict[str, list[str]]]) -> dict:
    """What the index stores of the glossary: keys -> entries and languages, and each entry's translations with their terms."""
    by_word: dict[str, list[int]] = {}
    langs_by_word: dict[str, list[str]] = {}
    longest = 1
    for i, entry in enumerate(entries):
        for lang, words in entry.items():
            for word in words:
                k = key(word)
                longest = max(longest, len(k.split()))
                by_word.setdefault(k, []).append(i)
                if lang not in langs_by_word.setdefault(k, []):
                    langs_by_word[k].append(lang)
                stems = terms(lang, word) if lang in LANGUAGES and " " not in k else ()
                if len(stems) == 1:
                    by_word.setdefault(f"{lang}:{stems[0]}", []).append(i)
    translations = [[[lang, phrase, list(terms(lang, phrase))] for lang, phrases in entry.items() if lang in LANGUAGES
                     for phrase in phrases] for entry in entries]
    return {"keys": by_word, "langs": langs_by_word, "longest": longest, "translations": translations}


class GlossaryMap:
    """Glossary lookup by folded word or phrase, in any language (from :func:`glossary_data`)."""

    def __init__(self, data: dict):
        self.by_word: dict[str, list[int]] = data["keys"]
        self.langs_by_word: dict[str, list[str]] = data["langs"]
        self.longest: int = data["longest"]
        self.entries: list[list[list]] = data["translations"]

    def languages_of(self, folded: str) -> list[str]:
        return self.langs_by_word.get(folded, [])

    def phrases(self, words: list[str]) -> list[tuple[int, int]]:
        """Multi-word glossary terms in the query (``área de cría``), as (start, length), longest first."""
        found: list[tuple[int, int]] = []
        taken: set[int] = set()
        for n in range(self.longest, 1, -1):
            for i in range(len(words) - n + 1):
                span = set(range(i, i + n))
                if not span & taken and key(" ".join(words[i:i + n])) in self.by_word:
                    found.append((i, n))
                    taken |= span
        return sorted(found)

    def translations_of_term(self, lang: str, term: str) -> list[list[tuple[str, str, tuple[str, ...]]]]:
        """Like :meth:`translations`, for a word known only by its term in one language (a near spelling's)."""
        return self._entries(self.by_word.get(f"{lang}:{term}", []))

    def translations(self, word: str) -> list[list[tuple[str, str, tuple[str, ...]]]]:
        """For each glossary entry the word or phrase belongs to, all its (lang, phrase, terms)."""
        ids = set(self.by_word.get(key(word), []))
        for lang in LANGUAGES:
            for tok in terms(lang, word)[:1]:
                ids.update(self.by_word.get(f"{lang}:{tok}", []))
        return self._entries(ids)

    def _entries(self, ids) -> list[list[tuple[str, str, tuple[str, ...]]]]:
        return [[(lang, phrase, tuple(toks)) for lang, phrase, toks in self.entries[i]] for i in sorted(set(ids))]
