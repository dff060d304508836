"""The glossary as search sees it: game terms and their translations, by folded word."""

from __future__ import annotations

import re

from .analysis import LANGUAGES, fold, terms


def _key(phrase: str) -> str:
    """Glossary lookup key: folded, hyphens and runs of spaces as one space."""
    return " ".join(re.split(r"[\s\-‐–]+", fold(phrase).strip()))


class GlossaryMap:
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
