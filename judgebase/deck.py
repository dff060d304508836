"""Deck lists: read the lists judges are handed and check them before a round.

The library behind ``judgebase deck check`` (no click here).  Two steps:

1. :func:`parse` turns a list into :class:`Entry` records (count, card number,
   name, the section it was listed under, its line) and collects every junk line
   as a :class:`Problem` with its line number.  Nothing raises on bad lines; only
   input that can't be read at all raises :class:`DeckInputError`.
2. :func:`check` resolves each card's zone and category and applies the format's
   rules (``official`` or ``tamer_tactics``) and the restriction list, returning a
   :class:`Result` that lists every problem with the rule it breaks.

Card identity is the card number (CR 1-4-1-2-2 counts copies by card number);
names are only for people.  A parallel-art suffix (``BT1-010_P1``) is dropped.
Lines listing the same name and number are one card (CR 2-12-1): a copy limit that
only several lines together break (a parallel printing listed apart) cites that clause.
The deck rules themselves (sizes, copy limits, which card goes where, with their
clauses) live in :mod:`judgebase.engine.decks`, shared with the engine's self-play
decks; this module reads lists and words the problems.  Each problem and warning is a
catalogue entry (:class:`Said`, keys ``deck.*`` in :mod:`judgebase.i18n`): English in its
``message`` and in the JSON output, any of es/en/de through ``say(lang)``.

Hostile input is expected: a list is at most 10 MB (:data:`MAX_BYTES`; longer input
is refused unread) and is read in time linear in its size (every pattern here is
free of backtracking that grows with a line's length; a repeated line is read once).
UTF-8 (with or without a byte-order mark) and UTF-16 / UTF-32 with a byte-order mark
are read.  A count above :data:`COUNT_MAX` is not a plausible number of copies;
control characters, bidi overrides and lone surrogates make a line unreadable.
Lines that can't be read are reported (the first :data:`LISTED_MAX` one by one) and
counted: the summary and every size problem say how many, so a total is never given
as if the whole list had been read.

Plain-text lists
----------------
One card per line, in any of these shapes (case of the number doesn't matter)::

    4 Agumon BT1-010        4 BT1-010        4x Agumon (BT1-010)
    4 x Agumon [BT1-010]    Agumon BT1-010 x4    - 4 Agumon BT1-010

A line with a count and a name but no card number is accepted only when the
``--cards`` file has exactly one card of that name.  A near miss of a card number
gets a suggestion: ``BT1-O10`` (letter O), ``BT1010`` (no dash) and ``bt1-o10`` are
"did you mean BT1-010?" (:func:`suggest_number`).  ``#`` and ``//`` start a comment
(a whole line, or the rest of a line after a space); blank lines are skipped.  Section headers (case-insensitive, with an optional trailing colon and
an optional count such as ``Digimon (30)`` or ``Main deck: 50``):

=================================  ==============================================
``Main deck``, ``Main``            the main deck
``Digi-Egg deck``, ``Egg deck``    the Digi-Egg deck (its cards count as Digi-Eggs)
``Tamer+Digi-Egg pile``, ``Pile``  Tamer Tactics' pile (official: the Digi-Egg deck)
``Digimon``, ``Options``           cards of that category, in the main deck
``Tamers``                         Tamers: in the zone named by the last zone header,
                                   else the main deck (official) or the pile
                                   (Tamer Tactics)
``Digi-Egg``, ``Digi-Eggs``,       Digi-Eggs: in the pile if the last zone header
``Eggs``                           named it, else the Digi-Egg deck
``Deck``, ``Deck list``            the whole list, unsorted (see below)
=================================  ==============================================

A header may also be written in brackets: ``[Digimon]``.

Cards listed before any header, or under ``Deck``, are *unsorted*: their zone
comes from their category (``--cards``, or a category header).  When a list has
no Digi-Egg section at all, an unsorted card whose category is unknown can't be
placed and is reported; when the list has one, unsorted cards go in the main deck.
A header's count is compared with the cards listed under it (a warning, not a
problem).  Any other line is junk and reported as ``path:line: what is wrong``.

JSON lists
----------
Either an object whose keys are section names (the same words as the headers:
``main``, ``eggs``, ``pile``, ``tamers``, ``digimon``, ``options``, ``deck``...)
and whose values are lists of entries, or a flat list of entries::

    {"main": [{"count": 4, "number": "BT1-010", "name": "Agumon"}],
     "eggs": [{"count": 4, "number": "BT1-001"}],
     "pile": [...]}
    [{"count": 4, "number": "BT1-010", "section": "Digimon"}, ...]

An entry is an object with ``count`` (a whole number, required), ``number``
(required), ``name``, ``section`` (a header word, for this entry only) and
``category`` (``Digimon``, ``Tamer``, ``Option``, ``Digi-Egg`` or ``Token``);
other keys are ignored.  A string entry is read like a text line (``"4 Agumon
BT1-010"``, or a header such as ``"Tamers"``, which then applies to the strings
after it).  The object may also carry ``name``, ``player``, ``notes`` and
``format`` (compared with the format checked).  Problems in JSON entries give the
line where the entry's object starts (for a key, the key's line); unreadable
entries are counted as "entries".

Card file (``--cards``)
-----------------------
CSV with a header row: ``number`` (required), ``name``, ``category`` (Digimon,
Tamer, Option, Digi-Egg, Token; blank = unknown), ``level``, and optionally
``max_copies`` for a card whose own text allows more than 4 copies, and ``also_number``
for a card whose (Rule) says its card number is also treated as another (one or more
numbers, separated by spaces): its copies count toward that number too.  Where the
card file and the list's section disagree about a category, the card file wins
and a warning says so.

Restriction list
----------------
YAML, read by :func:`load_restrictions` and passed to :func:`check` (which file is
the default, ``rules/restrictions.yaml``, is the command's business, not this
module's)::

    banned: [BT1-001]
    restricted: {BT1-002: 1}
    banned_pairs: [[BT1-003, BT1-004]]
    note: free text printed with every check

Copies are counted over all of a player's cards (main deck and Digi-Egg deck or
pile).  These problems have ``ref: null`` (official; the list is a tournament
document, not a CR clause) or ``TT §1.3`` (Tamer Tactics, which adopts the list),
and ``rule: "restriction list (<file>)"``.
"""

from __future__ import annotations

import codecs
import csv
import gc
import io
import json
import re
from collections import Counter
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from .engine.decks import (  # the deck rules, shared with the engine's self-play decks
    COPIES_MAX,
    EGGS_MAX,
    MAIN_SIZE,
    PILE_EGGS,
    PILE_SIZE,
    PILE_TAMERS,
    RULES,
    Breach,
    official_breaches,
    tamer_tactics_breaches,
)

__all__ = [
    "CATEGORIES", "COPIES_MAX", "COUNT_MAX", "EGGS_MAX", "FORMATS", "JUNK_RULE", "LISTED_MAX", "MAIN_SIZE", "MAX_BYTES",
    "PILE_EGGS", "PILE_SIZE",
    "PILE_TAMERS", "RULES", "Card", "DeckInputError", "DeckList", "Entry", "Note", "Problem", "Restrictions", "Result",
    "category_of", "check", "check_text", "decode", "header_of", "load_cards", "load_restrictions", "normalise_number",
    "parse", "read_file", "suggest_number", "summary_line",
]

FORMATS = ("official", "tamer_tactics")
CATEGORIES = ("Digimon", "Tamer", "Option", "Digi-Egg", "Token")

MAX_BYTES = 10 * 1024 * 1024  # a deck list is a few KB; anything over 10 MB is refused unread
COUNT_MAX = 99  # a count above this is not a plausible number of copies (a main deck has 50 cards)
HEADER_MAX = 80  # section headers are short; a longer line is never one
LISTED_MAX = 1000  # unreadable lines (and warnings) listed one by one; the rest are counted

JUNK_RULE = "deck list format"

# All patterns are linear: no two adjacent quantifiers can match the same characters
# (lines are whitespace-collapsed first, so a space is always exactly one space).
_NUMBER = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{1,5}[0-9]{0,2}-[0-9]{2,3})(_[Pp][0-9]+)?(?![A-Za-z0-9])")
# The common shapes, "4 Agumon BT1-010" and "4 BT1-010", read with one match (the general path reads
# them the same way, only slower).
_FAST_LINE = re.compile(r"(\d{1,2}) (?:(?![xX] )([^\d\W][\w' .\-]*?) )?([A-Za-z]{1,5}[0-9]{0,2}-[0-9]{2,3})")
_COUNT_FIRST = re.compile(r"(\d+) ?(?:[xX×](?= |[(\[]|$) ?| )(.*)")
_COUNT_FIRST_X = re.compile(r"(\d+)[xX×](\S.*)")
_COUNT_LAST = re.compile(r" [xX×] ?(\d+)$")
_BULLET = re.compile(r"[-*•] ")
_HEADER_LABEL = re.compile(r"[A-Za-z][A-Za-z +&/\-]*")
_HEADER_TAIL = re.compile(r":? ?(?:(?:[(\[] ?)?(\d+) ?(?:[Cc][Aa][Rr][Dd][Ss]?)? ?[)\]]?)? ?:?")
_EMPTY_BRACKETS = re.compile(r"[(\[] ?[)\]]")
_TOKEN_WORD = re.compile(r"\btokens?\b", re.I)
_NOT_LOWER = re.compile(r"[^a-z]")
_DIGIT = re.compile(r"\d")
_NOT_ALNUM = re.compile(r"[^a-z0-9]")
# A word that may be a mistyped card number (bounded quantifiers only: linear).
_NEAR_WORD = re.compile(r"(?<![A-Za-z0-9\-])[A-Za-z]{1,5}[0-9Oo]{0,2}-?[0-9Oo]{2,5}(?![A-Za-z0-9\-])")
_NEAR_NUMBER = re.compile(r"([A-Z]{1,5}?)([0-9O]{0,2})(-?)([0-9O]{2,5})")  # PO01: P, O0 1 -> P-001
# Characters no deck list holds: C0/C1 controls (not tab, CR, LF), bidi overrides, lone surrogates.
_BAD_CHAR = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")

# Header words (lower case, letters only) -> ("zone", zone) or ("category", category).
_HEADERS: dict[str, tuple[str, str | None]] = {}
for _words, _what in [
    (("main", "maindeck", "maindecklist"), ("zone", "main")),
    (("deck", "decklist", "list", "cards"), ("zone", None)),
    (("digieggdeck", "eggdeck", "eggsdeck", "digieggsdeck", "digitamadeck"), ("zone", "eggs")),
    (("tamerdigieggpile", "tamerdigieggdeck", "tameranddigieggpile", "tameranddigieggdeck", "tamerspile",
      "tamereggpile", "tamereggdeck", "tamerpile", "pile", "tamersdigieggspile", "tamersanddigieggs",
      "tamersdigieggs", "tamerdigitamapile"), ("zone", "pile")),
    (("digimon",), ("category", "Digimon")),
    (("tamer", "tamers"), ("category", "Tamer")),
    (("option", "options"), ("category", "Option")),
    (("digiegg", "digieggs", "egg", "eggs", "digitama"), ("category", "Digi-Egg")),
]:
    for _word in _words:
        _HEADERS[_word] = _what

_CATEGORY_WORDS = {
    "digimon": "Digimon", "tamer": "Tamer", "tamers": "Tamer", "option": "Option", "options": "Option",
    "digiegg": "Digi-Egg", "digieggs": "Digi-Egg", "egg": "Digi-Egg", "eggs": "Digi-Egg", "digitama": "Digi-Egg",
    "token": "Token", "tokens": "Token",
}
_JSON_META = {"name", "player", "notes", "format", "event", "date"}


class Said:
    """A message as a catalogue key and its fields (:mod:`judgebase.i18n`, keys ``deck.*``): English in the JSON
    output (``str(said)``), the judge's language on the command line (``said(lang)``).  A field may be a Said too."""

    __slots__ = ("key", "fields")

    def __init__(self, key: str, /, **fields):
        self.key, self.fields = key, fields

    def __call__(self, lang: str) -> str:
        from .i18n import t

        return t(self.key, lang, **{k: v(lang) if isinstance(v, Said) else v for k, v in self.fields.items()})

    def __str__(self) -> str:
        return self("en")

    def __repr__(self) -> str:
        return f"Said({self.key!r}, {self.fields!r})"


def _counted(key: str, n: int, **fields) -> Said:
    """``key.one`` for 1, ``key.other`` otherwise."""
    return Said(f"{key}.{'one' if n == 1 else 'other'}", n=n, **fields)


class DeckInputError(Exception):
    """Input that can't be read at all (missing file, bad encoding, broken JSON or CSV or YAML)."""

    def __init__(self, messages: list[str] | str):
        self.messages = [messages] if isinstance(messages, str) else list(messages)
        super().__init__("\n".join(self.messages))


@dataclass(slots=True)
class Problem:
    """One reason a list is not legal (or can't be judged).  ``message`` is English (the JSON output);
    ``said`` words it in any language."""

    message: str
    ref: str | None
    rule: str
    line: int | None = None
    said: Said | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, said: Said, ref: str | None, rule: str, line: int | None = None) -> "Problem":
        return cls(str(said), ref, rule, line, said)

    def as_json(self) -> dict:
        return {"line": self.line, "message": self.message, "ref": self.ref, "rule": self.rule}

    def say(self, lang: str = "en") -> str:
        return self.said(lang) if self.said is not None else self.message

    def label(self, lang: str = "en") -> str:
        rule = self.rule
        if rule == JUNK_RULE:
            rule = Said("deck.rule.junk")(lang)
        elif rule.startswith("restriction list"):
            rule = Said("deck.rule.restriction_list")(lang) + rule[len("restriction list"):]
            if self.ref:
                return f"{self.ref}; {rule}"
        return self.ref or rule

    def render(self, source: str, lang: str = "en") -> str:
        where = f"{source}:{self.line}: " if self.line is not None else ""
        return f"{where}{self.say(lang)}  [{self.label(lang)}]"


@dataclass(slots=True)
class Note:
    """Something a judge should look at that doesn't make the list illegal (``message`` English, ``said`` any language)."""

    message: str
    line: int | None = None
    said: Said | None = field(default=None, repr=False, compare=False)

    @classmethod
    def of(cls, said: Said, line: int | None = None) -> "Note":
        return cls(str(said), line, said)

    def as_json(self) -> dict:
        return {"line": self.line, "message": self.message}

    def say(self, lang: str = "en") -> str:
        return self.said(lang) if self.said is not None else self.message

    def render(self, source: str, lang: str = "en") -> str:
        where = f"{source}:{self.line}: " if self.line is not None else ""
        return f"{where}{self.say(lang)}"


@dataclass(slots=True)
class Entry:
    """One listed line: ``count`` copies of card ``number``."""

    count: int
    number: str
    name: str
    line: int | None
    zone: str | None = None  # "main", "eggs", "pile" or None (unsorted)
    category: str | None = None  # from the list: header or the entry's own "category"
    where: str = ""  # JSON location, e.g. main[3]


@dataclass
class DeckList:
    source: str
    entries: list[Entry] = field(default_factory=list)
    problems: list[Problem] = field(default_factory=list)
    warnings: list[Note] = field(default_factory=list)
    declared_format: str | None = None
    unit: str = "line"  # what an unreadable piece is called: "line" (text) or "entry" (JSON)
    unreadable: int = 0  # how many lines (JSON entries) could not be read as cards or headers


@dataclass(frozen=True)
class Card:
    number: str
    name: str
    category: str | None
    level: int | None = None
    max_copies: int | None = None
    also: tuple[str, ...] = ()  # card numbers its (Rule) says it is also treated as (CR 2-3-4-5-1)


@dataclass
class Restrictions:
    banned: list[str] = field(default_factory=list)
    restricted: dict[str, int] = field(default_factory=dict)
    banned_pairs: list[tuple[str, str]] = field(default_factory=list)
    note: str | None = None
    label: str | None = None  # how problems name the file, e.g. rules/restrictions.yaml

    @property
    def rule(self) -> str:
        return f"restriction list ({self.label})" if self.label else "restriction list"


@dataclass
class Result:
    legal: bool
    format: str
    source: str
    counts: dict
    problems: list[Problem]
    warnings: list[Note]
    placed: list = field(repr=False)  # (Entry, [zone, category, ...]) for each listed line
    restrictions: dict | None
    unit: str = "line"

    @property
    def cards(self) -> list[dict]:
        """One row per listed line: number, name, count, zone, category, line."""
        return [{"number": e.number, "name": e.name, "count": e.count, "zone": kind[0], "category": kind[1], "line": e.line}
                for e, kind in self.placed]

    def as_json(self) -> dict:
        return {
            "legal": self.legal,
            "format": self.format,
            "source": self.source,
            "counts": self.counts,
            "problems": [p.as_json() for p in self.problems],
            "warnings": [w.as_json() for w in self.warnings],
            "restrictions": self.restrictions,
            "cards": self.cards,
        }


@contextmanager
def _bulk():
    """No cyclic garbage collection while a list's many small acyclic objects are made.

    A 10 MB list makes millions of them; each generation-2 pass walks them all, which
    doubles the time.  Nothing made here is part of a cycle, so nothing is kept
    longer than it would be; the collector's previous state is restored.
    """
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


# ---------------------------------------------------------------------------
# Reading

_BOMS = [  # longest first: a UTF-32 LE mark starts with the UTF-16 LE one
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
]


def _too_big(source: str) -> DeckInputError:
    return DeckInputError(f"{source}: more than {MAX_BYTES // 1024 // 1024} MB; a deck list is a few KB, and longer "
                          "input is not read (is this the right file?)")


def decode(data: bytes, source: str) -> str:
    """Bytes of a list as text: UTF-8 (BOM allowed), or UTF-16 / UTF-32 with a BOM; a clear error otherwise."""
    if len(data) > MAX_BYTES:
        raise _too_big(source)
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            try:
                text = data.decode(codec)
            except UnicodeDecodeError as exc:
                line = data[: exc.start].decode(codec, errors="replace").count("\n") + 1
                raise DeckInputError(f"{source}:{line}: not {name} text although it starts with a {name} "
                                     f"byte-order mark ({exc.reason})") from None
            if "\0" in text:
                raise DeckInputError(f"{source}: not a text file")
            return text.removeprefix("\ufeff")
    if b"\0" in data:
        if len(data) >= 4 and (data[1::2].count(0) > len(data) // 4 or data[0::2].count(0) > len(data) // 4):
            raise DeckInputError(f"{source}: looks like UTF-16 text without a byte-order mark; save it as UTF-8 "
                                 "(or as UTF-16 with a byte-order mark)")
        raise DeckInputError(f"{source}: not a text file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeckInputError(f"{source}:{line}: not UTF-8 text ({exc.reason})") from None


def read_file(path: str | Path) -> str:
    """A deck list, card file or restriction list as text (at most :data:`MAX_BYTES`)."""
    path = Path(path)
    try:
        with path.open("rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except IsADirectoryError:
        raise DeckInputError(f"{path}: is a directory, not a deck list") from None
    except OSError as exc:
        raise DeckInputError(f"{path}: can't read: {exc.strerror or exc}") from None
    if len(data) > MAX_BYTES:
        raise _too_big(str(path))
    return decode(data, str(path))


def normalise_number(text: str) -> str:
    match = _NUMBER.fullmatch(text.strip())
    return match.group(1).upper() if match else text.strip().upper()


def suggest_number(text: str) -> str | None:
    """The card number ``text`` was probably meant to be: ``BT1-O10``, ``BT1010``, ``bt1-o10`` -> ``BT1-010``.

    None if ``text`` is already a card number or looks like none (a near miss has a
    set prefix of 1-5 letters and at least three digits, two of them real; the letter
    O is read as zero and a missing dash is put back).  Lower case alone is no
    mistake: card numbers are read in any case.
    """
    token = text.strip().upper()
    if len(token) > 16 or _NUMBER.fullmatch(token) or sum(map(str.isdigit, token)) < 2:
        return None
    match = _NEAR_NUMBER.fullmatch(token)
    if not match:
        return None
    prefix, set_digits, dash, digits = match.groups()
    set_digits, digits = set_digits.replace("O", "0"), digits.replace("O", "0")
    if len(set_digits + digits) < 3:  # every card number has at least 3 digits (ST1-01, P-001)
        return None
    if dash:
        candidates = [(set_digits, digits)]
    else:  # where the dash goes: BT1-010, BT10-010, ST1-01 (a set number never starts with 0), P-001
        joined = set_digits + digits
        splits = [(1, 3), (2, 3), (1, 2), (2, 2), (0, 3), (0, 2)]
        if len(prefix) == 1:
            splits = splits[4:] + splits[:4]
        candidates = [(joined[:k], joined[k:]) for k, n in splits
                      if len(joined) == k + n and not joined[:k].startswith("0")]
    for set_part, number_part in candidates:
        guess = f"{prefix}{set_part}-{number_part}"
        if _NUMBER.fullmatch(guess):
            return guess
    return None


def _suggestions(text: str) -> list[str]:
    return list(dict.fromkeys(s for s in map(suggest_number, _NEAR_WORD.findall(text, 0, 1000)) if s))[:3]


def _did_you_mean(text: str) -> Said | str:
    found = _suggestions(text)
    if not found:
        return ""
    return Said(f"deck.did_you_mean.{len(found)}", **dict(zip("abc", found)))


def category_of(text: str) -> str | None:
    """``"digi-egg"`` -> ``"Digi-Egg"``; None if it isn't a category word."""
    text = str(text)
    return _CATEGORY_WORDS.get(_NOT_LOWER.sub("", text.lower())) if len(text) <= HEADER_MAX else None


def _collapse(text: str) -> str:
    """Strip, and every run of whitespace (any Unicode space or line break) as one space."""
    return " ".join(text.split())


def _split_header(text: str, collapsed: bool = False) -> tuple[str, str | None] | None:
    """(label, count digits) if ``text`` has a header's shape, else None.  Linear: the label
    can't hold digits or brackets, so where it ends is fixed, and the tail has no repeats."""
    if not collapsed:
        text = _collapse(text) if len(text) <= 4 * HEADER_MAX else ""
    if not text or len(text) > HEADER_MAX:
        return None
    if text[0] == "[":  # [Digimon], [Digi-Egg deck (5)]:
        text = text.rstrip(": ")
        if not text.endswith("]"):
            return None
        text = text[1:-1].strip()
    label = _HEADER_LABEL.match(text)
    if not label:
        return None
    tail = _HEADER_TAIL.fullmatch(text, label.end())
    if not tail:
        return None
    return label.group(), tail.group(1)


def header_of(text: str, collapsed: bool = False) -> tuple[tuple[str, str | None], int | None] | None:
    """(("zone"|"category", value), declared count) if ``text`` is a section header."""
    split = _split_header(str(text), collapsed)
    if split is None:
        return None
    label, count = split
    what = _HEADERS.get(_NOT_LOWER.sub("", label.lower()))
    if what is None:
        return None
    return what, (int(count) if count is not None else None)


def _bad_char(text: str, shown: str) -> Said | None:
    """Why ``text`` is not text a deck list can hold, or None."""
    match = _BAD_CHAR.search(text)
    if match is None:
        return None
    char = match.group()
    if "\ud800" <= char <= "\udfff":
        return Said("deck.junk.surrogate", code=f"{ord(char):04X}", shown=shown)
    return Said("deck.junk.control", code=f"{ord(char):04X}", shown=shown)


def _shown(text: str) -> str:
    return text if len(text) <= 60 else text[:57] + "..."


def _show_digits(digits: str) -> str:
    digits = digits.lstrip("0") or "0"
    return digits if len(digits) <= 12 else f"{digits[:6]}...{digits[-3:]} ({len(digits):,} digits)"


def _count_of(digits: str) -> int | None:
    """The count ``digits`` stands for, or None if it is not a plausible number of copies."""
    significant = digits.lstrip("0")
    if len(significant) > len(str(COUNT_MAX)):
        return None  # never int() thousands of digits
    value = int(significant or "0")
    return value if value <= COUNT_MAX else None


def _implausible(digits: str, shown: str) -> Said:
    return Said("deck.junk.implausible", digits=_show_digits(digits), shown=shown, size=MAIN_SIZE)


# A line, read without regard to where it is in the list (so a repeated line is read once).
_CARD, _NAME_ONLY, _TOKEN, _JUNK, _SKIP, _HEADER = range(6)


def _no_number(shown: str, rest: str) -> Said:
    return Said("deck.junk.no_number", shown=shown, hint=_did_you_mean(rest) or Said("deck.junk.no_number_hint"))


def _no_card(shown: str, body: str) -> Said:
    return Said("deck.junk.not_a_line", shown=shown, hint=_did_you_mean(body))


def _no_count(shown: str, body: str) -> Said:
    return Said("deck.junk.no_count", shown=shown, body=_shown(body))


def _read_card_line(text: str, clean: bool = False, fast: bool = True) -> tuple:
    """``text`` (whitespace-collapsed) -> (_CARD, count, number, name) | (_NAME_ONLY, count, name, shown, hint) |
    (_TOKEN, count, name) | (_JUNK, message or a function making it, its arguments).

    ``clean``: the caller knows ``text`` holds no control character or lone surrogate.
    A junk message that takes work (a suggestion) is made only if it is listed.
    ``fast``: try the one-match reading of the common shapes first (the tests turn it
    off to show that both readings agree).
    """
    fast = fast and _FAST_LINE.fullmatch(text)
    if fast:
        count, name = int(fast.group(1)), fast.group(2) or ""
        if count and not (name and "-" in name and _NUMBER.search(name)):
            return (_CARD, count, fast.group(3).upper(), name.strip(" -|,;:"))
    shown = _shown(text)
    if not clean:
        bad = _bad_char(text, shown)
        if bad:
            return (_JUNK, bad, ())
    if not _DIGIT.search(text):  # every card line has a count
        return (_JUNK, Said("deck.junk.not_a_line", shown=shown, hint=""), ())
    body = text[2:] if text[1:2] == " " and text[0] in "-*•" else text
    match = (_COUNT_FIRST.match(body) or _COUNT_FIRST_X.match(body)) if body[:1].isdigit() else None
    if match:
        digits, rest = match.group(1), match.group(2).strip()
    else:
        match = _COUNT_LAST.search(body)
        if match and match.start() > 0:
            digits, rest = match.group(1), body[: match.start()].strip()
        elif _NUMBER.search(body):
            return (_JUNK, _no_count, (shown, body))
        else:
            return (_JUNK, _no_card, (shown, body))
    count = _count_of(digits)
    if count is None:
        return (_JUNK, _implausible, (digits, shown))
    if count < 1:
        return (_JUNK, Said("deck.junk.zero", count=count, shown=shown), ())
    if not rest:
        return (_JUNK, Said("deck.junk.no_card", shown=shown), ())
    numbers = list(dict.fromkeys(m.group(1).upper() for m in _NUMBER.finditer(rest)))
    if len(numbers) > 1:
        listed = ", ".join(numbers[:5]) + (", ..." if len(numbers) > 5 else "")
        return (_JUNK, Said("deck.junk.many_numbers", listed=listed, shown=shown), ())
    if not numbers:
        name = rest.strip(" -|,;()[]")
        if _TOKEN_WORD.search(name):
            return (_TOKEN, count, name)
        return (_NAME_ONLY, count, name, shown, rest)
    name = _NUMBER.sub(" ", rest)
    name = _EMPTY_BRACKETS.sub(" ", name)
    return (_CARD, count, numbers[0], _collapse(name).strip(" -|,;:"))


class _Sections:
    """Where the next card goes: the zone of the last zone header, and the last category header."""

    __slots__ = ("zone", "category", "where")

    def __init__(self, zone: str | None = None, category: str | None = None):
        self.zone = zone  # named by a zone header: main, eggs, pile, or None
        self.category = category
        self.where = self.place()

    def copy(self) -> "_Sections":
        return _Sections(self.zone, self.category)

    def apply(self, what: tuple[str, str | None]) -> None:
        kind, value = what
        if kind == "zone":
            # The official Digi-Egg deck holds only Digi-Eggs, so naming it names the category too.
            self.zone, self.category = value, ("Digi-Egg" if value == "eggs" else None)
        else:
            self.category = value
        self.where = self.place()

    def place(self) -> str | None:
        """The zone of a card listed here (None: the format and the card's category decide)."""
        if self.category in ("Digimon", "Option"):
            return "main"
        if self.category == "Digi-Egg":
            return "pile" if self.zone == "pile" else "eggs"
        if self.category == "Tamer":
            return self.zone if self.zone in ("main", "pile") else None
        return self.zone


_CACHE_MAX = 4096  # distinct card lines remembered per list


class _Parser:
    def __init__(self, source: str, cards: dict[str, Card] | None):
        self.deck = DeckList(source)
        self.cards = cards or {}
        self.by_name: dict[str, list[Card]] = {}
        for card in self.cards.values():
            if card.name:
                self.by_name.setdefault(_name_key(card.name), []).append(card)
        self.headers: list[dict] = []  # declared counts to compare
        self.zone_header: dict | None = None
        self.category_header: dict | None = None
        self.read: dict[str, tuple] = {}
        self.first_unlisted: int | None = None
        self.clean = False  # True when the input is known to hold no control character or lone surrogate

    def junk(self, line: int | None, message, args: tuple = ()) -> None:
        """An unreadable line; ``message`` is a :class:`Said`, or a function of ``args`` making one (called only if listed)."""
        self.deck.unreadable += 1
        if self.deck.unreadable <= LISTED_MAX:
            self.deck.problems.append(Problem.of(message if isinstance(message, Said) else message(*args), None, JUNK_RULE,
                                                 line))
        elif self.first_unlisted is None:
            self.first_unlisted = line

    def header(self, what, declared: int | None, line: int | None, label: str) -> None:
        """A zone header counts the cards up to the next zone header; a category header up to the next header."""
        record = {"line": line, "declared": declared, "label": label, "listed": 0, "zone": what[1]}
        self.headers.append(record)
        if what[0] == "zone":
            self.zone_header, self.category_header = record, None
        else:
            self.category_header = record

    def add(self, entry: Entry) -> None:
        self.deck.entries.append(entry)
        if self.category_header is not None:
            self.category_header["listed"] += entry.count
        z = self.zone_header
        if z is not None and (z["zone"] is None or entry.zone == z["zone"]):
            z["listed"] += entry.count

    def card_line(self, text: str, line: int | None, state: _Sections, where: str = "", clean: bool = False) -> None:
        """A line that isn't a header (whitespace-collapsed): a card, or junk."""
        read = self.read.get(text)
        if read is None:
            read = _read_card_line(text, clean)
            if len(self.read) < _CACHE_MAX:
                self.read[text] = read
        self.apply(read, line, state, where)

    def apply(self, read: tuple, line: int | None, state: _Sections, where: str = "") -> None:
        """Add what :func:`_read_card_line` read on ``line`` to the list."""
        kind = read[0]
        if kind == _CARD:
            self.add(Entry(read[1], read[2], read[3], line, state.where, state.category, where))
        elif kind == _JUNK:
            self.junk(line, read[1], read[2])
        elif kind == _TOKEN:
            self.deck.problems.append(Problem.of(
                Said("deck.token_line", count=read[1], name=read[2]), "CR 1-4-4-2", RULES["CR 1-4-4-2"], line))
        else:
            _, count, name, shown, rest = read
            found = self.by_name.get(_name_key(name), [])
            if len(found) == 1:
                self.add(Entry(count, found[0].number, name, line, state.where, state.category, where))
                self.deck.warnings.append(Note.of(Said("deck.note.name_only", name=name, filed=found[0].name,
                                                       number=found[0].number), line))
            elif len(found) > 1:
                self.junk(line, Said("deck.junk.ambiguous_name", shown=shown, n=len(found),
                                     numbers=", ".join(c.number for c in found[:5])))
            else:
                self.junk(line, _no_number, (shown, rest))

    def finish(self) -> DeckList:
        deck = self.deck
        if deck.unreadable > LISTED_MAX:
            more = deck.unreadable - LISTED_MAX
            deck.problems.append(Problem.of(
                _counted("deck.more_unreadable", more, unit=_counted(f"deck.unit.{deck.unit}", more), listed=LISTED_MAX),
                None, JUNK_RULE, self.first_unlisted))
        for h in self.headers:
            if h["declared"] is not None and h["declared"] != h["listed"]:
                deck.warnings.append(Note.of(Said("deck.note.header_count", label=h["label"], declared=h["declared"],
                                                  listed=h["listed"]), h["line"]))
        return deck


def _capped(warnings: list[Note]) -> list[Note]:
    if len(warnings) <= LISTED_MAX:
        return warnings
    return warnings[:LISTED_MAX] + [Note.of(Said("deck.note.capped", n=len(warnings) - LISTED_MAX))]


def _name_key(name: str) -> str:
    return _NOT_ALNUM.sub("", name.lower())


def _first_line(text: str) -> str:
    end = len(text)
    for sep in "\n\r":
        i = text.find(sep, 0, end)
        if i >= 0:
            end = i
    return text[:end]


def parse(text: str, source: str = "<stdin>", cards: dict[str, Card] | None = None) -> DeckList:
    """Read a plain-text or JSON deck list.  Junk becomes problems; unreadable JSON raises."""
    if len(text) > MAX_BYTES:
        raise _too_big(source)
    text = text.removeprefix("\ufeff")
    start = text.lstrip()
    if not start:
        raise DeckInputError(f"{source}: empty deck list")
    first = start[:1]
    with _bulk():
        if first == "{" or (first == "[" and _split_header(_first_line(start)) is None):
            return _parse_json(text, source, cards)
        return _parse_text(text, source, cards)


def _parse_text(text: str, source: str, cards: dict[str, Card] | None) -> DeckList:
    parser = _Parser(source, cards)
    state = _Sections()
    seen: dict[str, tuple] = {}  # raw line -> what it says: a repeated line is read once
    entries = parser.deck.entries
    clean = _BAD_CHAR.search(text) is None
    for number, raw in enumerate(text.splitlines(), 1):
        read = seen.get(raw)
        if read is None:
            read = _read_line(raw, clean)
            if len(seen) < _CACHE_MAX:
                seen[raw] = read
        kind = read[0]
        if kind == _CARD:
            entry = Entry(read[1], read[2], read[3], number, state.where, state.category)
            if parser.category_header is None and parser.zone_header is None:
                entries.append(entry)
            else:
                parser.add(entry)
        elif kind == _SKIP:
            continue
        elif kind == _HEADER:
            state.apply(read[1])
            parser.header(read[1], read[2], number, read[3])
        else:
            parser.apply(read, number, state)
    return parser.finish()


def _read_line(raw: str, clean: bool = False) -> tuple:
    """One line of a text list: (_SKIP,), (_HEADER, what, declared count, label) or what
    :func:`_read_card_line` reads."""
    line = _collapse(raw)
    if not line or line[0] == "#" or line.startswith("//"):
        return (_SKIP,)
    if "#" in line:  # a comment after a space
        cut = line.find(" #")
        if cut >= 0:
            line = line[:cut]
    if "//" in line:
        cut = line.find(" //")
        if cut >= 0:
            line = line[:cut]
    first = line[0]
    if len(line) <= HEADER_MAX and not first.isdigit() and (first.isalpha() or first == "["):
        found = header_of(line, collapsed=True)
        if found:
            return (_HEADER, found[0], found[1], line)
    return _read_card_line(line, clean)


# ---------------------------------------------------------------------------
# JSON lists


class _BigInt(str):
    """A JSON integer too long to be a count (kept as its digits; never int() thousands of digits)."""


def _parse_int(digits: str):
    return int(digits) if len(digits) <= 30 else _BigInt(digits)


class _JsonList(list):
    line: int = 1
    item_lines: list


_JSON_WS = re.compile(r"[ \t\n\r]*")


class _BadJson(Exception):
    pass


class _JsonReader:
    """Reads a JSON list with the C scanner, recording the line where each list item (and
    each section of the top object) starts.  Linear: lines are counted incrementally."""

    def __init__(self, text: str):
        self.text = text
        self.decoder = json.JSONDecoder(parse_int=_parse_int)
        self.scan = self.decoder.scan_once
        self.at, self.at_line = 0, 1

    def line(self, pos: int) -> int:
        if pos < self.at:
            self.at, self.at_line = 0, 1
        self.at_line += self.text.count("\n", self.at, pos)
        self.at = pos
        return self.at_line

    def skip(self, i: int) -> int:
        return _JSON_WS.match(self.text, i).end()

    def value(self, i: int):
        try:
            return self.scan(self.text, i)
        except StopIteration:
            raise _BadJson from None

    def array(self, i: int) -> tuple[_JsonList, int]:
        text = self.text
        out = _JsonList()
        out.line, out.item_lines = self.line(i), []
        i = self.skip(i + 1)
        if text.startswith("]", i):
            return out, i + 1
        while True:
            out.item_lines.append(self.line(i))
            value, i = self.value(i)
            out.append(value)
            i = self.skip(i)
            if text.startswith(",", i):
                i = self.skip(i + 1)
            elif text.startswith("]", i):
                return out, i + 1
            else:
                raise _BadJson

    def read(self):
        """A _JsonList, or a list of (key, key line, value) for an object; raises _BadJson."""
        text = self.text
        i = self.skip(0)
        if text.startswith("[", i):
            data, i = self.array(i)
        elif text.startswith("{", i):
            data = []
            i = self.skip(i + 1)
            if text.startswith("}", i):
                i += 1
            else:
                while True:
                    if not text.startswith('"', i):
                        raise _BadJson
                    key_line = self.line(i)
                    key, i = self.value(i)
                    i = self.skip(i)
                    if not text.startswith(":", i):
                        raise _BadJson
                    i = self.skip(i + 1)
                    if text.startswith("[", i):
                        value, i = self.array(i)
                    else:
                        value, i = self.value(i)
                    data.append((key, key_line, value))
                    i = self.skip(i)
                    if text.startswith(",", i):
                        i = self.skip(i + 1)
                    elif text.startswith("}", i):
                        i += 1
                        break
                    else:
                        raise _BadJson
        else:
            data, i = self.value(i)
        if self.skip(i) != len(text):
            raise _BadJson
        return data


def _json_error(text: str, source: str) -> DeckInputError:
    """The JSON decoder's own account of what is wrong where."""
    try:
        json.JSONDecoder(parse_int=_parse_int).decode(text)
    except json.JSONDecodeError as exc:
        return DeckInputError(f"{source}:{exc.lineno}: invalid JSON: {exc.msg} (column {exc.colno})")
    except RecursionError:
        return DeckInputError(f"{source}: invalid JSON: nested too deeply")
    return DeckInputError(f"{source}: invalid JSON")


def _preview(value) -> str:
    """A short, safe rendering of a JSON value for a message (never recurses into containers)."""
    if isinstance(value, _BigInt):
        return _show_digits(value)
    if isinstance(value, str):
        return json.dumps(value[:40] + ("..." if len(value) > 40 else ""))
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return json.dumps(value)


def _parse_json(text: str, source: str, cards: dict[str, Card] | None) -> DeckList:
    try:
        data = _JsonReader(text).read()
    except (_BadJson, json.JSONDecodeError, ValueError):
        raise _json_error(text, source) from None
    except RecursionError:
        raise DeckInputError(f"{source}: invalid JSON: nested too deeply") from None
    parser = _Parser(source, cards)
    parser.deck.unit = "entry"
    # No raw bad character and no \u escape: no string can hold one, so none is searched.
    parser.clean = "\\u" not in text and _BAD_CHAR.search(text) is None
    if isinstance(data, _JsonList):
        _json_entries(parser, data, _Sections(), "")
    elif isinstance(data, list):
        for key, line, value in data:
            if key in _JSON_META:
                if key == "format" and isinstance(value, str) and not _BAD_CHAR.search(value):
                    parser.deck.declared_format = value[:HEADER_MAX]
                continue
            bad = _bad_char(key, _shown(key))
            found = None if bad else header_of(key)
            if found is None:
                parser.junk(line, bad or Said("deck.json.unknown_key", key=_shown(key)))
                continue
            state = _Sections()
            state.apply(found[0])
            if not isinstance(value, _JsonList):
                parser.junk(line, Said("deck.json.not_a_list", key=key, value=_preview(value)))
                continue
            parser.header(found[0], None, value.line, key)
            _json_entries(parser, value, state, key)
    else:
        kind = ("a number" if isinstance(data, (_BigInt, int, float)) and not isinstance(data, bool)
                else {str: "a string", bool: "true or false"}.get(type(data), "null"))
        raise DeckInputError(f"{source}:1: a JSON deck list must be an object or a list, not {kind}")
    return parser.finish()


def _json_entries(parser: _Parser, items: _JsonList, state: _Sections, where: str) -> None:
    for i, item in enumerate(items):
        loc = f"{where}[{i}]"
        line = items.item_lines[i]
        if isinstance(item, str):
            text = _collapse(item)
            if not text:
                continue
            found = header_of(text, collapsed=True) if not text[0].isdigit() and (
                parser.clean or not _BAD_CHAR.search(text)) else None
            if found:
                state.apply(found[0])
                parser.header(found[0], found[1], line, text)
            else:
                before = len(parser.deck.problems)
                parser.card_line(text, line, state, loc, parser.clean)
                for p in parser.deck.problems[before:]:
                    p.said = Said("deck.at", loc=loc, text=p.said if p.said is not None else p.message)
                    p.message = str(p.said)
            continue
        if not isinstance(item, dict):
            parser.junk(line, Said("deck.at", loc=loc, text=Said("deck.json.not_an_object", value=_preview(item))))
            continue
        _json_entry(parser, item, line, state, loc)


def _json_entry(parser: _Parser, item: dict, at: int, state: _Sections, loc: str) -> None:
    for key in () if parser.clean else ("number", "name", "section", "category"):
        value = item.get(key)
        if isinstance(value, str):
            bad = _bad_char(value, _shown(value))
            if bad:
                parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.in_key", key=key, text=bad)))
                return
    entry_state = state.copy()
    section = item.get("section")
    if section is not None:
        found = header_of(section) if isinstance(section, str) else None
        if found is None:
            parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.unknown_section", value=_preview(section))))
            return
        entry_state.apply(found[0])
    category = item.get("category")
    if category is not None:
        cat = category_of(category) if isinstance(category, str) else None
        if cat is None:
            parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.unknown_category", value=_preview(category))))
            return
        category = cat
    zone = entry_state.place()
    category = category if category is not None else entry_state.category
    count = item.get("count")
    if isinstance(count, _BigInt):
        parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.implausible", digits=_show_digits(count),
                                                            size=MAIN_SIZE)))
        return
    if isinstance(count, bool) or not isinstance(count, int):
        parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.count_type", value=_preview(count))))
        return
    if count < 1:
        parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.zero", count=count)))
        return
    if count > COUNT_MAX:
        parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.implausible", digits=count, size=MAIN_SIZE)))
        return
    number, name = item.get("number"), item.get("name")
    if name is None:
        name = ""
    elif isinstance(name, (int, float)) and not isinstance(name, bool):
        name = str(name)
    elif not isinstance(name, str):
        parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.name_type", value=_preview(name))))
        return
    if not isinstance(number, str) or not number.strip():
        if category == "Token" or _TOKEN_WORD.search(name):
            parser.deck.problems.append(Problem.of(
                Said("deck.at", loc=loc, text=Said("deck.token_line", count=count, name=_collapse(name)[:60] or "token")),
                "CR 1-4-4-2", RULES["CR 1-4-4-2"], at))
            return
        parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.no_number")))
        return
    match = _NUMBER.fullmatch(number.strip())
    if not match:
        hint = _did_you_mean(number) or Said("deck.json.number_hint")
        parser.junk(at, Said("deck.at", loc=loc, text=Said("deck.json.not_a_number", value=_shown(number), hint=hint)))
        return
    parser.add(Entry(count, match.group(1).upper(), _collapse(name) if name else "", at, zone, category, loc))


# ---------------------------------------------------------------------------
# Card file and restriction list


def load_cards(path: str | Path) -> dict[str, Card]:
    """A CSV card file (number,name,category,level[,max_copies][,also_number]) keyed by card number."""
    text = read_file(path)
    errors: list[str] = []
    reader = csv.DictReader(io.StringIO(text))
    try:
        fieldnames = reader.fieldnames
        if not fieldnames:
            raise DeckInputError(f"{path}:1: empty card file (expected a header row: number,name,category,level)")
        fields = {f: (f or "").strip().lower() for f in fieldnames}
        if "number" not in fields.values():
            raise DeckInputError(f"{path}:1: no 'number' column (expected a header row: number,name,category,level)")
        cards: dict[str, Card] = {}
        for row in reader:
            line = reader.line_num
            row = {fields.get(k, k): (v or "").strip() if isinstance(v, str) else "" for k, v in row.items() if k is not None}
            raw_number = row.get("number", "")
            if not raw_number and not any(row.values()):
                continue
            bad = next((_bad_char(v, _shown(v)) for v in row.values() if _BAD_CHAR.search(v)), None)
            if bad:
                errors.append(f"{path}:{line}: {bad}")
                continue
            if not _NUMBER.fullmatch(raw_number):
                errors.append(f"{path}:{line}: {_shown(raw_number)!r} is not a card number{_did_you_mean(raw_number)}")
                continue
            number = normalise_number(raw_number)
            category = None
            if row.get("category"):
                category = category_of(row["category"])
                if category is None:
                    errors.append(f"{path}:{line}: unknown category {_shown(row['category'])!r} (Digimon, Tamer, Option, "
                                  "Digi-Egg, Token)")
                    continue
            level, copies = _small_int(row.get("level", "")), _small_int(row.get("max_copies", ""))
            if level is False or copies is False:
                errors.append(f"{path}:{line}: level and max_copies must be whole numbers from 0 to {COUNT_MAX}")
                continue
            also = tuple(row.get("also_number", "").replace(";", " ").split())
            bad_also = next((a for a in also if not _NUMBER.fullmatch(a)), None)
            if bad_also is not None:
                errors.append(f"{path}:{line}: also_number: {_shown(bad_also)!r} is not a card number")
                continue
            card = Card(number, row.get("name", ""), category, level, copies,
                        tuple(normalise_number(a) for a in also if normalise_number(a) != number))
            old = cards.get(number)
            if old is not None and old.category and card.category and old.category != card.category:
                errors.append(f"{path}:{line}: {number} is {card.category} here but {old.category} on an earlier row")
                continue
            if old is None or (not old.category and card.category):
                cards[number] = card
    except csv.Error as exc:
        limit = csv.field_size_limit()
        if "field larger than field limit" in str(exc):
            reason = f"a field longer than {limit:,} characters; a card file's fields are short (is this the right file?)"
        else:
            reason = f"not a CSV card file ({exc})"
        raise DeckInputError(errors + [f"{path}:{reader.line_num + 1}: {reason}"]) from None  # the line being read
    if errors:
        raise DeckInputError(errors)
    return cards


def _small_int(text: str):
    """None for blank, False for anything but a whole number 0..COUNT_MAX."""
    if not text:
        return None
    if not text.isascii() or not text.isdigit():
        return False
    value = _count_of(text)
    return False if value is None else value


def load_restrictions(path: str | Path, label: str | None = None) -> Restrictions:
    """Read a restriction list; every mistake is reported as ``path:line: message``."""
    from . import yamlsrc  # YAML with line numbers: alias bombs, depth and huge numbers are refused there

    text = read_file(path)
    try:
        data = yamlsrc.load(text)
    except yamlsrc.YamlError as exc:
        raise DeckInputError(f"{path}:{exc.line}: {exc}") from None
    out = Restrictions(label=label or str(path))
    if data is None:
        return out
    if not isinstance(data, dict):
        raise DeckInputError(f"{path}:1: a restriction list is a mapping with banned, restricted and banned_pairs")
    errors: list[str] = []

    def line(obj, key=None, index=None):
        if key is not None and hasattr(obj, "line_of"):
            return obj.line_of(key)
        if index is not None and hasattr(obj, "line_of"):
            return obj.line_of(index)
        return getattr(obj, "line", 1)

    def number(value, at) -> str | None:
        if not isinstance(value, str) or not _NUMBER.fullmatch(value.strip()):
            shown = _shown(value) if isinstance(value, str) else _preview(value)
            hint = _did_you_mean(value) if isinstance(value, str) else ""
            errors.append(f"{path}:{at}: {shown!r} is not a card number{hint}")
            return None
        return normalise_number(value)

    for key in data:
        if key not in ("banned", "restricted", "banned_pairs", "note"):
            errors.append(f"{path}:{line(data, key)}: unknown key {_shown(str(key))!r} (banned, restricted, banned_pairs, note)")
    banned = data.get("banned") or []
    if not isinstance(banned, list):
        errors.append(f"{path}:{line(data, 'banned')}: banned must be a list of card numbers")
    else:
        for i, value in enumerate(banned):
            n = number(value, line(banned, index=i))
            if n:
                out.banned.append(n)
    restricted = data.get("restricted") or {}
    if not isinstance(restricted, dict):
        errors.append(f"{path}:{line(data, 'restricted')}: restricted must map card numbers to the copies allowed")
    else:
        for key, value in restricted.items():
            n = number(key, line(restricted, key))
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= COUNT_MAX:
                errors.append(f"{path}:{line(restricted, key)}: {_shown(str(key))}: copies allowed must be a whole number "
                              f"from 0 to {COUNT_MAX}, got {_preview(value) if not isinstance(value, int) else value}")
            elif n:
                out.restricted[n] = value
    pairs = data.get("banned_pairs") or []
    if not isinstance(pairs, list):
        errors.append(f"{path}:{line(data, 'banned_pairs')}: banned_pairs must be a list of [number, number]")
    else:
        for i, pair in enumerate(pairs):
            at = line(pairs, index=i)
            if not isinstance(pair, list) or len(pair) != 2:
                errors.append(f"{path}:{at}: a banned pair is a list of two card numbers, got {_preview(pair)}")
                continue
            a, b = number(pair[0], at), number(pair[1], at)
            if a and b:
                out.banned_pairs.append((a, b))
    note = data.get("note")
    if note is not None:
        out.note = str(note).strip() if isinstance(note, (str, int, float)) else None
    if errors:
        raise DeckInputError(errors)
    return out


# ---------------------------------------------------------------------------
# Checking


class _Group:
    """All lines of one card number in one zone."""

    __slots__ = ("number", "count", "lines", "n_lines", "last", "name", "category", "most")
    SHOWN = 10  # line numbers named in a message

    def __init__(self, number: str):
        self.number = number
        self.count = 0
        self.lines: list[int] = []  # the first SHOWN lines
        self.n_lines = 0  # how many lines in all (entries come in the list's order: a line seen is the last one)
        self.last: int | None = None
        self.name = ""
        self.category: str | None = None
        self.most = 0  # the most copies one line gives (more lines of one card: CR 2-12-1)

    def add(self, entry: Entry, category: str | None) -> None:
        self.count += entry.count
        line = entry.line
        if line is not None and line != self.last:
            self.last = line
            self.n_lines += 1
            if len(self.lines) < self.SHOWN:
                self.lines.append(line)
        if entry.name and not self.name:
            self.name = entry.name
        if self.category is None:
            self.category = category

    @property
    def line(self) -> int | None:
        return self.lines[0] if self.lines else None

    @property
    def title(self) -> str:
        return f"{self.number} ({self.name})" if self.name else self.number

    @property
    def on_lines(self) -> Said | str:
        if self.n_lines <= 1:
            return ""
        more = self.n_lines - len(self.lines)
        lines = ", ".join(map(str, self.lines))
        return Said("deck.on_lines.more", lines=lines, more=more) if more else Said("deck.on_lines", lines=lines)

    @property
    def card(self) -> Said:
        """The card and the lines it is listed on: ``BT1-010 (Agumon) (lines 3, 7)``."""
        return Said("deck.card", title=self.title, lines=self.on_lines)


def _a(category: str | None) -> Said:
    key = f"deck.a.{str(category).lower()}"
    from .i18n import has

    return Said(key) if has(key) else Said("deck.a.other", category=category)


def _words(count: int, unit: str) -> Said:
    return _counted(f"deck.units.{unit}", count)


def check(deck: DeckList, format: str = "official", cards: dict[str, Card] | None = None,
          restrictions: Restrictions | None = None) -> Result:
    """Check a parsed list for ``format``; every problem is listed, none is guessed away.

    ``restrictions`` is the restriction list to apply (None: none, with a warning).
    """
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}; one of {', '.join(FORMATS)}")
    cards = cards or {}
    problems = list(deck.problems)
    warnings = list(deck.warnings)
    tt = format == "tamer_tactics"
    if deck.declared_format and deck.declared_format.strip().lower().replace(" ", "_") != format:
        warnings.append(Note.of(Said("deck.note.declared_format", declared=deck.declared_format, format=format)))

    has_egg_section = any(e.zone in ("eggs", "pile") for e in deck.entries)
    groups: dict[str, dict[str, _Group]] = {"main": {}, "eggs": {}, "pile": {}, "unsorted": {}}
    # A kind of entry: (number, listed category, listed zone, name) -> [zone, category, group, copies].  Without a
    # card file a name matters only if it names a token.
    kinds: dict[tuple, list] = {}
    placed: list[tuple[Entry, list]] = []
    shown = _Group.SHOWN
    token = _TOKEN_WORD.search
    with _bulk():
        for entry in deck.entries:
            name = entry.name
            if cards:
                key = (entry.number, entry.category, entry.zone, name)
            else:
                key = (entry.number, entry.category, entry.zone, entry.category is None and name and token(name) is not None)
            kind = kinds.get(key)
            if kind is None:  # each kind of entry is placed (and warned about) once, however often it is listed
                zone, category = _place(entry, cards, tt, has_egg_section, warnings)
                by_number = groups[zone]
                group = by_number.get(entry.number)
                if group is None:
                    group = by_number[entry.number] = _Group(entry.number)
                if entry.name and not group.name:
                    group.name = entry.name
                if group.category is None:
                    group.category = category
                kind = kinds[key] = [zone, category, group, 0]
            kind[3] += entry.count
            placed.append((entry, kind))
            group = kind[2]
            group.count += entry.count
            if entry.count > group.most:
                group.most = entry.count
            line = entry.line
            if line is not None and line != group.last:  # entries come in the list's order
                group.last = line
                group.n_lines += 1
                if group.n_lines <= shown:
                    group.lines.append(line)

    size = {zone: sum(g.count for g in by_number.values()) for zone, by_number in groups.items()}
    zones = {zone: {n: (g.count, g.category) for n, g in by_number.items()} for zone, by_number in groups.items()}
    max_copies = {n: c.max_copies for n, c in cards.items() if c.max_copies is not None}
    if tt:
        breaches = tamer_tactics_breaches(zones["main"], zones["pile"], zones["unsorted"], max_copies)
    else:
        also = {n: c.also for n, c in cards.items() if c.also}
        largest = {zone: {n: g.most for n, g in by_number.items()} for zone, by_number in groups.items()}
        breaches = official_breaches(zones["main"], zones["eggs"], zones["unsorted"], max_copies, also, largest)
    unread = deck.unreadable
    read_note = _counted("deck.read_note", unread, units=_words(unread, deck.unit)) if unread else ""
    for b in breaches:
        group = groups.get(b.zone if not b.zone.startswith("pile_") else "pile", {}).get(b.number) if b.number else None
        message = _breach_message(b, group, tt, read_note)
        problems.append(Problem.of(message, b.ref, RULES[b.ref], group.line if group else None))
    if groups["unsorted"]:
        ref = "TT §1.1" if tt else "CR 1-4-1-1"
        problems.append(Problem.of(Said("deck.unsorted", n=len(groups["unsorted"])), ref, RULES[ref]))

    restrictions_info = None
    if restrictions is not None:
        restrictions_info = {"file": restrictions.label, "note": restrictions.note}
        problems += _restriction_problems(placed, restrictions, "TT §1.3" if tt else None)
    else:
        warnings.append(Note.of(Said("deck.note.no_restrictions")))

    by_cat: Counter = Counter()
    for zone, category, _, copies in kinds.values():
        by_cat[category or "unknown"] += copies
    counts = {
        "main": size["main"],
        "eggs": size["eggs"],
        "pile": size["pile"],
        "unsorted": size["unsorted"],
        "digimon": by_cat["Digimon"],
        "tamers": by_cat["Tamer"],
        "options": by_cat["Option"],
        "digi_eggs": by_cat["Digi-Egg"],
        "tokens": by_cat["Token"],
        "unknown": by_cat["unknown"],
        "total": sum(size.values()),
        "unreadable": unread,
    }
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    return Result(not problems, format, deck.source, counts, problems, _capped(warnings), placed, restrictions_info,
                  deck.unit)


def _place(entry: Entry, cards: dict[str, Card], tt: bool, has_egg_section: bool, warnings: list[Note]) -> tuple:
    """(zone, category) of a listed card: the card file's category wins over the list's."""
    card = cards.get(entry.number)
    category = entry.category
    if card is not None and card.category:
        if category and category != card.category:
            warnings.append(Note.of(Said("deck.note.category_differs", number=entry.number, listed=category,
                                         filed=card.category), entry.line))
        category = card.category
    elif category is None and _TOKEN_WORD.search(entry.name):
        category = "Token"
    if cards and card is None:
        warnings.append(Note.of(Said("deck.note.not_in_cards", number=entry.number), entry.line))
    if card is not None and card.name and entry.name and _name_key(card.name) != _name_key(entry.name):
        warnings.append(Note.of(Said("deck.note.name_differs", number=entry.number, filed=card.name, listed=entry.name),
                                entry.line))
    zone = entry.zone
    if zone is None:
        if category == "Digi-Egg":
            zone = "eggs"
        elif category == "Tamer":
            zone = "pile" if tt else "main"
        elif category in ("Digimon", "Option", "Token") or has_egg_section:
            zone = "main"
        else:
            zone = "unsorted"
    if tt and zone == "eggs":
        zone = "pile"
    if not tt and zone == "pile":
        zone = "eggs"
    return zone, category


def _breach_message(b: Breach, g: _Group | None, tt: bool, read_note: Said | str) -> Said:
    """The judge's wording of a deck-rule breach (the rule itself is in judgebase.engine.decks)."""
    if b.kind == "size":
        if b.zone == "main":
            return Said("deck.size.main", count=b.count, read_note=read_note, size=MAIN_SIZE)
        if b.zone == "eggs":
            return Said("deck.size.eggs", count=b.count, read_note=read_note, most=EGGS_MAX)
        if b.zone == "pile":
            return Said("deck.size.pile", count=b.count, read_note=read_note, low=b.low, high=b.high)
        key = "deck.size.pile_tamers" if b.zone == "pile_tamers" else "deck.size.pile_eggs"
        return Said(key, count=b.count, read_note=read_note, low=b.low, high=b.high)
    assert g is not None
    card = g.card
    if b.kind == "token":
        return Said("deck.token", count=g.count, card=card)
    if b.kind == "copies":
        if b.zone in ("pile_tamers", "pile_eggs"):
            return Said(f"deck.copies.{b.zone}", count=g.count, card=card, high=b.high)
        return Said(f"deck.copies.{b.zone}", count=b.count, card=card, high=b.high)
    if b.kind == "unknown":
        if b.zone == "unsorted":
            return Said(f"deck.unknown.unsorted.{'tamer_tactics' if tt else 'official'}", title=g.title)
        return Said("deck.unknown.main" if b.zone == "main" else "deck.unknown.pile", title=g.title)
    # kind == "category"
    if b.zone == "eggs":
        return Said("deck.category.eggs", count=g.count, card=card, a_category=_a(g.category))
    if b.zone == "pile":
        return Said("deck.category.pile", count=g.count, card=card, a_category=_a(g.category))
    if not tt:
        return Said("deck.category.main_egg", count=g.count, card=card)
    if g.category == "Tamer":
        return Said("deck.category.main_tamer_tt", count=g.count, card=card)
    return Said("deck.category.main_egg_tt", count=g.count, card=card)


def _restriction_problems(placed: list[tuple[Entry, list]], restrictions: Restrictions, ref: str | None) -> list[Problem]:
    watched = set(restrictions.banned) | set(restrictions.restricted) | {n for pair in restrictions.banned_pairs for n in pair}
    first: dict[str, _Group] = {}
    for entry, kind in placed:
        if entry.number not in watched:
            continue
        group = first.get(entry.number)
        if group is None:
            group = first[entry.number] = _Group(entry.number)
        group.add(entry, kind[1])

    def total(number: str) -> int:
        return first[number].count if number in first else 0

    rule = restrictions.rule
    out = []
    for number in dict.fromkeys(restrictions.banned):
        if total(number):
            g = first[number]
            out.append(Problem.of(Said("deck.banned", card=g.card), ref, rule, g.line))
    for number, limit in restrictions.restricted.items():
        if number in restrictions.banned:
            continue
        if total(number) > limit:
            g = first[number]
            allowed = Said("deck.allowed.banned") if limit == 0 else _counted("deck.allowed", limit)
            out.append(Problem.of(Said("deck.restricted", count=g.count, card=g.card, allowed=allowed), ref, rule, g.line))
    for a, b in restrictions.banned_pairs:
        if total(a) and total(b):
            ga, gb = first[a], first[b]
            lines = [n for n in (ga.line, gb.line) if n is not None]
            out.append(Problem.of(Said("deck.banned_pair", a=ga.title, b=gb.title), ref, rule, max(lines) if lines else None))
    return out


def check_text(text: str, source: str = "<stdin>", format: str = "official", cards: dict[str, Card] | None = None,
               restrictions: Restrictions | None = None) -> Result:
    """Parse and check in one call."""
    return check(parse(text, source, cards), format, cards, restrictions)


def summary_line(result: Result, lang: str = "en") -> str:
    """``main deck 50 · Digi-Egg deck 5  (Digimon 40, Options 10, Digi-Eggs 5)`` in ``lang``."""
    c = result.counts
    zones = [Said("deck.summary.main", n=c["main"])]
    if result.format == "tamer_tactics":
        zones.append(Said("deck.summary.pile", n=c["pile"]))
    else:
        zones.append(Said("deck.summary.eggs", n=c["eggs"]))
    if c["unsorted"]:
        zones.append(Said("deck.summary.unsorted", n=c["unsorted"]))
    if c.get("unreadable"):
        zones.insert(0, _counted("deck.summary.unreadable", c["unreadable"], total=c["total"],
                                 units=_words(c["unreadable"], result.unit)))
    parts = [Said(f"deck.summary.{key}", n=c[key])(lang)
             for key in ("digimon", "tamers", "options", "digi_eggs", "tokens", "unknown") if c[key]]
    return " · ".join(z(lang) for z in zones) + (f"  ({', '.join(parts)})" if parts else "")
