"""Cut a judge's query into clause references, Q&A numbers and words.

A query is never handed to a query parser: judges type quotes, colons and
stray operators, and none of that should be an error.
"""

from __future__ import annotations

import re

from .. import refs, textclean
from ..refs import Ref
from .analysis import WORD

MAX_QUERY = 300
_BARE_DASH_REF = re.compile(r"(?<![\w§.-])(\d{1,2}(?:-\d{1,2})+)(?:/(\d{1,2}))?(?![\w-])")
_BARE_DOT_REF = re.compile(r"(?<![\w§.-])(\d{1,2}(?:\.\d{1,2})+)(?![\w.])")
_QA = re.compile(r"\b(?:QA\s*)?Q\s?(\d{1,5})\b", re.IGNORECASE)

_VERSION = re.compile(r"(?<![\w.])(?:v|ver\.?\s*|version\s+)(\d{1,2}\.\d{1,2})(?![\w.])", re.IGNORECASE)


def split_version(query: str) -> tuple[str | None, str]:
    """``v4.0 3-1-3`` / ``Ver. 4.0 3-1-3`` -> ("4.0", "3-1-3"): numbers meant in an older CR version."""
    m = _VERSION.search(query or "")
    if m is None:
        return None, query
    return m.group(1), (query[: m.start()] + " " + query[m.end():]).strip()


_NAMED = {
    # The format's name, or a thing only it has (the protected card of the turn, the Tamer+Digi-Egg pile).
    "tamer_tactics": re.compile(r"(?<![\w§])(?:tt|tamer[\s-]*tactics?|homebrew|casero|protected\s+card|carta\s+protegida|"
                                r"gesch[uü]tzte\s+karte|tamer\s*\+\s*digi-?egg|pila\s+de\s+tamers?)(?!\w)", re.IGNORECASE),
    "legacy": re.compile(r"(?<![\w§])(?:leg|legacy|legado|hyper[\s-]*colosseum|colosseum|coliseo|digital\s+monster|"
                         r"디지털\s*몬스터|하이퍼\s*콜로세움)(?!\w)", re.IGNORECASE),
}


# The names of the other rulesets alone (not the things only they have): they pick the ruleset, they are not the topic.
_FORMAT_NAME = re.compile(r"(?<![\w§])(?:tamer[\s-]*tactics?|homebrew|casero|legacy|legado|hyper[\s-]*colosseum|colosseum|"
                          r"coliseo|digital\s+monster|디지털\s*몬스터|하이퍼\s*콜로세움)(?!\w)", re.IGNORECASE)


def topic_words(words: list[str]) -> list[str]:
    """The words to rank by: without a ruleset's name ("legacy", "hyper colosseum"), unless that is all there is.

    "hyper colosseum max hand size" asks about hand size in the legacy rules; the name says
    where to look (:func:`named_rulesets`), and matching it in the texts would rank the
    clauses that mention the game's name above the one that answers.
    """
    kept = WORD.findall(_FORMAT_NAME.sub(" ", " ".join(words)))
    return kept or words


def named_rulesets(query: str) -> set[str]:
    """The non-official rulesets a query names ("TT", "tamer tactics", "legacy", "hyper colosseum")."""
    return {ruleset for ruleset, pattern in _NAMED.items() if pattern.search(query or "")}


class QueryError(ValueError):
    """A query that can't be searched (empty after cleaning); the message says why.

    ``key`` and ``fields`` name the same message in the catalogue (:mod:`judgebase.i18n`),
    so an interface can say it in its own language.
    """

    def __init__(self, message: str, key: str | None = None, **fields):
        super().__init__(message)
        self.key = key
        self.fields = fields

    def say(self, lang: str) -> str:
        from ..i18n import t

        return t(self.key, lang, **self.fields) if self.key else str(self)


class Parsed:
    """A query taken apart: clause references, Rule Q&A numbers, and the words left."""

    __slots__ = ("refs", "qa", "words")

    def __init__(self, refs: list[Ref], qa: list[str], words: list[str]):
        self.refs, self.qa, self.words = refs, qa, words


def clean(query: str) -> str:
    """Normalise Unicode, drop control characters and bad bytes, cap the length."""
    return textclean.clean(query, MAX_QUERY)


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
