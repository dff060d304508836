"""Parse and normalise clause references.

Every interface of judgebase prints references in one canonical form:

* ``CR 6-1-4``  -- official Comprehensive Rules (numbering of Ver. 4.2)
* ``TT §2.2``   -- the Tamer Tactics homebrew format
* ``LEG 3.2.4`` -- the legacy Korean Digital Monster Card Game notes

Judges type them in many shapes (``RM 6-1-4``, ``6.1.4``, ``§2.2``, ``TT 2.2``,
``RM 5-2-1-4/5``), so the parser is lenient on input and strict on output.
"""

from __future__ import annotations

import re
from collections import namedtuple

RULESETS = ("official", "tamer_tactics", "legacy")
#: The Comprehensive Rules version every ``CR`` number is numbered and worded by, and its date.
CR_VERSION = "4.2"
CR_DATE = "2026-08-18"
PREFIX = {"official": "CR", "tamer_tactics": "TT", "legacy": "LEG"}
RULESET_OF_PREFIX = {"CR": "official", "RM": "official", "TT": "tamer_tactics", "LEG": "legacy"}


class Ref(namedtuple("Ref", "ruleset number")):
    """A clause address: a ruleset and a number (``"6-1-4"``, ``"2.2"``, ``"3.2.4"``).

    Immutable, hashable and ordered by (ruleset, number); a named tuple rather than a
    dataclass because every command loads this module, and dataclasses cost ~5 ms to import.
    """

    __slots__ = ()

    def __str__(self) -> str:
        if self.ruleset == "tamer_tactics":
            return f"TT §{self.number}"
        return f"{PREFIX[self.ruleset]} {self.number}"

    @property
    def parts(self) -> tuple[int, ...]:
        return tuple(int(p) for p in re.split(r"[-.]", self.number))

    @property
    def separator(self) -> str:
        return "-" if self.ruleset == "official" else "."

    @property
    def parent(self) -> "Ref | None":
        """The enclosing clause (``CR 8-1-3`` for ``CR 8-1-3-3``); ``None`` at a chapter."""
        parts = self.number.split(self.separator)
        if len(parts) == 1:
            return None
        return Ref(self.ruleset, self.separator.join(parts[:-1]))

    @property
    def chapter(self) -> int:
        return self.parts[0]

    @property
    def slug(self) -> str:
        """URL- and file-safe form: ``CR-6-1-4``, ``TT-2.2``, ``LEG-3.2.4``."""
        return f"{PREFIX[self.ruleset]}-{self.number}"

    def ancestors(self) -> list["Ref"]:
        chain, ref = [], self.parent
        while ref is not None:
            chain.append(ref)
            ref = ref.parent
        return chain

    def sort_key(self) -> tuple:
        return (RULESETS.index(self.ruleset), self.parts)


class RefError(ValueError):
    """A string that looks like a reference but is not a valid one."""


_NUM_DASH = r"\d{1,2}(?:-\d{1,2})*"
_NUM_DOT = r"\d{1,2}(?:\.\d{1,2})*"

# A whole query that is nothing but a reference (possibly with a prefix).
_WHOLE = re.compile(
    r"""^\s*
    (?P<prefix>CR|RM|TT|LEG|§)?\s*\.?\s*
    (?P<section>§\s*)?
    (?P<number>\d{1,2}(?:[-.]\d{1,2})*)
    \s*$""",
    re.IGNORECASE | re.VERBOSE,
)


def parse(text: str, default_ruleset: str | None = None) -> Ref:
    """Parse one reference typed by a person.

    ``6-1-4``, ``6.1.4``, ``RM 6-1-4`` and ``CR6-1-4`` are official clauses;
    ``§2.2`` and ``TT 2.2`` are Tamer Tactics; ``LEG 3.4`` is legacy.  A bare
    dotted number (``2.2``) is ambiguous: it is read in ``default_ruleset`` when
    given, otherwise as an official clause.
    """
    m = _WHOLE.match(text)
    if not m:
        raise RefError(f"not a clause reference: {text!r}")
    prefix = (m.group("prefix") or "").upper()
    number = m.group("number")
    if prefix == "§" or m.group("section"):
        ruleset = "tamer_tactics" if prefix in ("", "§", "TT") else RULESET_OF_PREFIX[prefix]
    elif prefix:
        ruleset = RULESET_OF_PREFIX[prefix]
    elif "-" in number:
        ruleset = "official"
    else:
        ruleset = default_ruleset or "official"
    if ruleset == "official":
        number = number.replace(".", "-")
    else:
        number = number.replace("-", ".")
    number = _strip_zeros(number)
    return Ref(ruleset, number)


def _strip_zeros(number: str) -> str:
    sep = "-" if "-" in number else "."
    return sep.join(str(int(p)) for p in number.split(sep))


def try_parse(text: str, default_ruleset: str | None = None) -> Ref | None:
    try:
        return parse(text, default_ruleset)
    except RefError:
        return None


_EXAMPLE = re.compile(r"\bexamples?\b", re.IGNORECASE)


def example_of(item: str | None) -> Ref | None:
    """The clause a ruling illustrates, when its source item marks it as that clause's example.

    ``CR 1-3-11-2, example`` (an "Example:" of a clause turned into a question and answer;
    ``CR 15-11-1-1 and CR 15-11-1-3, examples`` names the first): to a judge the ruling and
    the clause are one thing, and search shows them as one result.
    """
    if not item or not _EXAMPLE.search(item):
        return None
    found = find_in_text(item)
    return found[0].ref if found else None

# References as they stand inside prose: "RM 6-1-4", "(CR 8-2-2-2, 8-2-3)",
# "RM 5-2-1-4/5", "TT §2.2", "§2.4", "LEG 3.4".  A bare number in prose is not a
# reference (it would catch dates and counts).
_IN_TEXT = re.compile(
    r"""
    (?P<cr>\b(?:CR|RM)\s?(?P<crnum>\d{1,2}(?:-\d{1,2})*(?:/\d{1,2})?)
        (?P<more>(?:\s*,\s*\d{1,2}(?:-\d{1,2})+(?:/\d{1,2})?)*))
    |(?P<tt>(?:\bTT\s?§?|§)\s?(?P<ttnum>\d{1,2}(?:\.\d{1,2})*))
    |(?P<leg>\bLEG\s?(?P<legnum>\d{1,2}(?:\.\d{1,2})*))
    """,
    re.VERBOSE,
)


class Found(namedtuple("Found", "ref start end")):
    """A reference found in prose, with where it stands in that text."""

    __slots__ = ()


def find_in_text(text: str) -> list[Found]:
    """Every reference written in ``text``, in order, lists and slashes expanded.

    ``RM 5-2-1-4/5`` yields 5-2-1-4 and 5-2-1-5; ``(CR 8-2-2-2, 8-2-3)`` yields
    both numbers.  Each item covers the characters of its own number so that a
    renderer can turn each into a link.
    """
    found: list[Found] = []
    for m in _IN_TEXT.finditer(text):
        if m.group("cr"):
            found.extend(_expand(m.group("crnum"), m.start("crnum"), "official", m.start()))
            more = m.group("more")
            if more:
                base = m.start("more")
                for part in re.finditer(r"\d{1,2}(?:-\d{1,2})+(?:/\d{1,2})?", more):
                    found.extend(_expand(part.group(), base + part.start(), "official"))
        elif m.group("tt"):
            found.append(Found(Ref("tamer_tactics", _strip_zeros(m.group("ttnum"))), m.start(), m.end()))
        else:
            found.append(Found(Ref("legacy", _strip_zeros(m.group("legnum"))), m.start(), m.end()))
    return found


def _expand(number: str, pos: int, ruleset: str, start: int | None = None) -> list[Found]:
    start = pos if start is None else start
    if "/" not in number:
        return [Found(Ref(ruleset, _strip_zeros(number)), start, pos + len(number))]
    head, alt = number.split("/")
    stem = head.rsplit("-", 1)[0]
    slash = pos + len(head)
    return [
        Found(Ref(ruleset, _strip_zeros(head)), start, slash),
        Found(Ref(ruleset, _strip_zeros(f"{stem}-{alt}")), slash + 1, pos + len(number)),
    ]


def refs_in_text(text: str) -> list[Ref]:
    """The distinct references in ``text``, in first-seen order."""
    seen: dict[Ref, None] = {}
    for item in find_in_text(text):
        seen.setdefault(item.ref, None)
    return list(seen)


def from_slug(slug: str) -> Ref:
    """Inverse of :attr:`Ref.slug`."""
    prefix, _, number = slug.partition("-")
    if prefix.upper() not in RULESET_OF_PREFIX or not number:
        raise RefError(f"not a clause slug: {slug!r}")
    return parse(f"{prefix} {number}")
