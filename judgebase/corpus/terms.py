"""One word per game term per language: find texts that use a variant the glossary marks as not ours."""

from __future__ import annotations

import re
from dataclasses import dataclass

from .model import Corpus


@dataclass(frozen=True)
class Variant:
    where: str  # path:line of the text
    item: str  # clause ref or ruling id
    lang: str
    word: str  # the variant found
    ours: str  # the word to use instead

    def __str__(self) -> str:
        return f"{self.where}: {self.item} ({self.lang}) uses {self.word!r}; ours is {self.ours!r}"


def _pattern(word: str) -> re.Pattern:
    return re.compile(r"(?<![\w-])" + re.escape(word) + r"(?![\w-])", re.IGNORECASE)


def variants_used(corpus: Corpus) -> list[Variant]:
    """Every clause, ruling, keyword summary and conflict resolution using a not-ours variant."""
    rules = [(lang, word, term.terms[lang][0], _pattern(word))
             for term in corpus.glossary for lang, words in term.not_ours.items() for word in words]
    texts = []
    for clause in corpus.clauses.values():
        for lang, t in clause.texts.items():
            texts.append((f"{t.at.path}:{t.at.line}", str(clause.ref), lang, f"{t.title}\n{t.text}"))
    for ruling in corpus.rulings.values():
        for lang in ruling.question:
            text = f"{ruling.question.get(lang, '')}\n{ruling.answer.get(lang, '')}"
            texts.append((f"{ruling.at.path}:{ruling.at.line}", ruling.id, lang, text))
    for conflict in corpus.conflicts:
        for lang, text in (conflict.resolution or {}).items():
            texts.append((f"{conflict.at.path}:{conflict.at.line}", conflict.id, lang, text))
    for keyword in corpus.keywords:
        for lang, text in keyword.summary.items():
            texts.append((f"{keyword.at.path}:{keyword.at.line}", str(keyword.ref), lang, text))
    out = []
    for where, item, lang, text in texts:
        for rule_lang, word, ours, pattern in rules:
            if rule_lang == lang and pattern.search(text):
                out.append(Variant(where, item, lang, word, ours))
    return out
