"""Typed records read from the sources: what the database is built from."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..refs import Ref

LANGS = ("es", "en", "de")
TEXT_KINDS = ("source", "paraphrase", "translation")


@dataclass(frozen=True)
class Location:
    """Where a record stands in the sources, for error messages and provenance."""

    path: str
    line: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}"


@dataclass
class ClauseText:
    lang: str
    title: str
    text: str
    kind: str
    sources: list[str]
    at: Location


@dataclass
class Clause:
    ref: Ref
    texts: dict[str, ClauseText] = field(default_factory=dict)
    checked: str | None = None
    note: str | None = None
    version: str | None = None
    #: Questions judges ask that this clause answers, per language (``rules/asked/``): search matches them.
    asked: dict[str, list[str]] = field(default_factory=dict)

    @property
    def at(self) -> Location:
        return next(iter(self.texts.values())).at

    @property
    def sources(self) -> list[str]:
        seen: dict[str, None] = {}
        for text in self.texts.values():
            for source in text.sources:
                seen.setdefault(source, None)
        return list(seen)


@dataclass
class Ruling:
    id: str
    ruleset: str
    document: str
    item: str
    qa: list[str]
    cites: list[Ref]
    question: dict[str, str]
    answer: dict[str, str]
    kind: dict[str, str]
    unproven_reason: str | None
    scenario: str | None
    at: Location


@dataclass
class Keyword:
    ref: Ref
    name: dict[str, str]
    aliases: dict[str, list[str]]
    summary: dict[str, str]
    at: Location


@dataclass
class GlossaryTerm:
    id: str
    terms: dict[str, list[str]]  # words search expands to, ours first, then not_ours
    at: Location
    not_ours: dict[str, list[str]] = field(default_factory=dict)  # variants our texts must not use


@dataclass
class Conflict:
    id: str
    refs: list[Ref]
    sources: list[str]
    type: str
    seed_text: str
    resolution: dict[str, str]
    at: Location


@dataclass
class Note:
    ruleset: str
    section: str
    title: dict[str, str]
    text: dict[str, str]
    at: Location


@dataclass
class Source:
    id: str
    file: str | None
    lang: str
    title: str
    version: str | None
    date: str | None
    ruleset: str
    description: str


@dataclass
class Corpus:
    sources: dict[str, Source]
    clauses: dict[Ref, Clause]
    rulings: dict[str, Ruling]
    keywords: list[Keyword]
    glossary: list[GlossaryTerm]
    conflicts: list[Conflict]
    notes: list[Note]
    warnings: list[str] = field(default_factory=list)
    unresolved: list[tuple[Location, Ref]] = field(default_factory=list)
    files: int = 0
    history: list = field(default_factory=list)  # versions.HistoryChange, newest version first
    versions: dict = field(default_factory=dict)  # version -> (date, note), as the Update History gives them
    number_maps: dict = field(default_factory=dict)  # old version -> {old number: versions.OldNumber}
    not_testable: dict = field(default_factory=dict)  # Ref -> manifest.NotTestable (rules/not-testable.tsv)
