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

Plain-text lists
----------------
One card per line, in any of these shapes (case of the number doesn't matter)::

    4 Agumon BT1-010        4 BT1-010        4x Agumon (BT1-010)
    4 x Agumon [BT1-010]    Agumon BT1-010 x4    - 4 Agumon BT1-010

A line with a count and a name but no card number is accepted only when the
``--cards`` file has exactly one card of that name.  ``#`` and ``//`` start a
comment (a whole line, or the rest of a line after a space); blank lines are
skipped.  Section headers (case-insensitive, with an optional trailing colon and
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
line where the entry's object starts.

Card file (``--cards``)
-----------------------
CSV with a header row: ``number`` (required), ``name``, ``category`` (Digimon,
Tamer, Option, Digi-Egg, Token; blank = unknown), ``level``, and optionally
``max_copies`` for a card whose own text allows more than 4 copies.  Where the
card file and the list's section disagree about a category, the card file wins
and a warning says so.

Restriction list
----------------
YAML, ``rules/restrictions.yaml`` by default (:func:`load_restrictions`)::

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

import csv
import io
import json
import json.decoder
import json.scanner
import re
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

FORMATS = ("official", "tamer_tactics")
CATEGORIES = ("Digimon", "Tamer", "Option", "Digi-Egg", "Token")
MAIN_SIZE = 50
COPIES_MAX = 4
EGGS_MAX = 5
PILE_TAMERS = (4, 7)
PILE_EGGS = (2, 5)
PILE_SIZE = (6, 12)

JUNK_RULE = "deck list format"

# What each ref says, as the ``rule`` of a problem.
RULES = {
    "CR 1-4-1-1": "Digi-Eggs go in the Digi-Egg deck, and only Digi-Eggs go there",
    "CR 1-4-1-2-1": "a deck has exactly 50 cards",
    "CR 1-4-1-2-2": "at most 4 copies of a card number in a deck",
    "CR 1-4-1-3-1": "a Digi-Egg deck has 0 to 5 cards",
    "CR 1-4-1-3-2": "at most 4 copies of a card number in a Digi-Egg deck",
    "CR 1-4-4-2": "tokens can't be put in a deck or Digi-Egg deck",
    "TT §1.1": "main deck: exactly 50 Digimon and Option cards, no Tamers, at most 4 copies of a card number",
    "TT §1.2": "Tamer+Digi-Egg pile: 4-7 Tamers, all different, and 2-5 Digi-Eggs, at most 4 copies each; 6-12 cards",
}


_NUMBER = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{1,5}\d{0,2}-\d{2,3})(_[Pp]\d+)?(?![A-Za-z0-9])")
_COUNT_FIRST = re.compile(r"^(\d+)\s*(?:[xX×](?=[\s(\[]|$)\s*|\s+)(.*)$")
_COUNT_FIRST_X = re.compile(r"^(\d+)[xX×](\S.*)$")
_COUNT_LAST = re.compile(r"^(.+?)\s+[xX×]\s*(\d+)$")
_BRACKET_HEADER = re.compile(r"^\[\s*[A-Za-z][A-Za-z +&/\-]*(?:\(?\d+\)?)?\s*\]\s*:?\s*$")
_BULLET = re.compile(r"^(?:[-*•]\s+)")
_TRAILING_COMMENT = re.compile(r"\s+(?:#|//).*$")
_HEADER = re.compile(
    r"^(?P<label>[A-Za-z][A-Za-z +&/\-]*?)\s*:?\s*"
    r"(?:[(\[]?\s*(?P<count>\d+)\s*(?:cards?)?\s*[)\]]?)?\s*:?$"
)

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


class DeckInputError(Exception):
    """Input that can't be read at all (missing file, bad encoding, broken JSON or CSV or YAML)."""

    def __init__(self, messages: list[str] | str):
        self.messages = [messages] if isinstance(messages, str) else list(messages)
        super().__init__("\n".join(self.messages))


@dataclass
class Problem:
    """One reason a list is not legal (or can't be judged)."""

    message: str
    ref: str | None
    rule: str
    line: int | None = None

    def as_json(self) -> dict:
        return {"line": self.line, "message": self.message, "ref": self.ref, "rule": self.rule}

    def label(self) -> str:
        if self.ref and self.rule.startswith("restriction list"):
            return f"{self.ref}; {self.rule}"
        return self.ref or self.rule

    def render(self, source: str) -> str:
        where = f"{source}:{self.line}: " if self.line is not None else ""
        return f"{where}{self.message}  [{self.label()}]"


@dataclass
class Note:
    """Something a judge should look at that doesn't make the list illegal."""

    message: str
    line: int | None = None

    def as_json(self) -> dict:
        return {"line": self.line, "message": self.message}

    def render(self, source: str) -> str:
        where = f"{source}:{self.line}: " if self.line is not None else ""
        return f"{where}{self.message}"


@dataclass
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


@dataclass(frozen=True)
class Card:
    number: str
    name: str
    category: str | None
    level: int | None = None
    max_copies: int | None = None


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
    cards: list[dict]
    restrictions: dict | None

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


# ---------------------------------------------------------------------------
# Reading


def decode(data: bytes, source: str) -> str:
    """Bytes of a list as text (UTF-8, BOM allowed); a clear error otherwise."""
    if b"\0" in data:
        raise DeckInputError(f"{source}: not a text file")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise DeckInputError(f"{source}:{line}: not UTF-8 text ({exc.reason})") from None


def read_file(path: str | Path) -> str:
    path = Path(path)
    try:
        data = path.read_bytes()
    except IsADirectoryError:
        raise DeckInputError(f"{path}: is a directory, not a deck list") from None
    except OSError as exc:
        raise DeckInputError(f"{path}: can't read: {exc.strerror or exc}") from None
    return decode(data, str(path))


def normalise_number(text: str) -> str:
    match = _NUMBER.fullmatch(text.strip())
    return match.group(1).upper() if match else text.strip().upper()


def category_of(text: str) -> str | None:
    """``"digi-egg"`` -> ``"Digi-Egg"``; None if it isn't a category word."""
    return _CATEGORY_WORDS.get(re.sub(r"[^a-z]", "", str(text).lower()))


def header_of(text: str) -> tuple[tuple[str, str | None], int | None] | None:
    """(("zone"|"category", value), declared count) if ``text`` is a section header."""
    text = text.strip()
    if text.startswith("[") and text.endswith("]"):
        text = text[1:-1].strip()  # [Digimon]
    match = _HEADER.match(text.rstrip(":").strip())
    if not match:
        return None
    what = _HEADERS.get(re.sub(r"[^a-z]", "", match.group("label").lower()))
    if what is None:
        return None
    count = match.group("count")
    return what, (int(count) if count is not None else None)


class _Sections:
    """Where the next card goes: the zone of the last zone header, and the last category header."""

    def __init__(self, zone: str | None = None, category: str | None = None):
        self.zone = zone  # named by a zone header: main, eggs, pile, or None
        self.category = category

    def copy(self) -> "_Sections":
        return _Sections(self.zone, self.category)

    def apply(self, what: tuple[str, str | None]) -> None:
        kind, value = what
        if kind == "zone":
            # The official Digi-Egg deck holds only Digi-Eggs, so naming it names the category too.
            self.zone, self.category = value, ("Digi-Egg" if value == "eggs" else None)
        else:
            self.category = value

    def place(self) -> str | None:
        """The zone of a card listed here (None: the format and the card's category decide)."""
        if self.category in ("Digimon", "Option"):
            return "main"
        if self.category == "Digi-Egg":
            return "pile" if self.zone == "pile" else "eggs"
        if self.category == "Tamer":
            return self.zone if self.zone in ("main", "pile") else None
        return self.zone


class _Parser:
    def __init__(self, source: str, cards: dict[str, Card] | None):
        self.deck = DeckList(source)
        self.cards = cards or {}
        self.by_name: dict[str, list[Card]] = defaultdict(list)
        for card in self.cards.values():
            if card.name:
                self.by_name[_name_key(card.name)].append(card)
        self.headers: list[dict] = []  # declared counts to compare
        self.zone_header: dict | None = None
        self.category_header: dict | None = None

    def junk(self, line: int | None, message: str) -> None:
        self.deck.problems.append(Problem(message, None, JUNK_RULE, line))

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

    def card_line(self, text: str, line: int | None, state: _Sections, where: str = "") -> None:
        """A line that isn't a header: a card, or junk."""
        shown = text if len(text) <= 60 else text[:57] + "..."
        body = _BULLET.sub("", text)
        match = _COUNT_FIRST.match(body) or _COUNT_FIRST_X.match(body)
        if match:
            count, rest = int(match.group(1)), match.group(2).strip()
        else:
            match = _COUNT_LAST.match(body)
            if match and (match.group(1).strip()):
                count, rest = int(match.group(2)), match.group(1).strip()
            else:
                numbers = _NUMBER.findall(body)
                if numbers:
                    self.junk(line, f"no copy count in {shown!r} (write it first: '1 {body}')")
                else:
                    self.junk(line, f"not a card line or a known section header: {shown!r}")
                return
        if count < 1:
            self.junk(line, f"a count of {count} in {shown!r}: a listed card needs at least 1 copy")
            return
        if not rest:
            self.junk(line, f"a count but no card in {shown!r}")
            return
        numbers = list(dict.fromkeys(m.group(1).upper() for m in _NUMBER.finditer(rest)))
        if len(numbers) > 1:
            self.junk(line, f"more than one card number ({', '.join(numbers)}) in {shown!r}")
            return
        if not numbers:
            name = rest.strip(" -|,;()[]")
            if re.search(r"\btokens?\b", name, re.I):
                self.deck.problems.append(Problem(
                    f"{count} {name}: a token is not a card that can be in a deck", "CR 1-4-4-2", RULES["CR 1-4-4-2"], line))
                return
            found = self.by_name.get(_name_key(name), [])
            if len(found) == 1:
                self.add(Entry(count, found[0].number, name, line, state.place(), state.category, where))
                self.deck.warnings.append(Note(f"{name!r} has no card number; the card file's only {found[0].name} is {found[0].number}", line))
                return
            if len(found) > 1:
                self.junk(line, f"no card number in {shown!r}, and the card file has {len(found)} cards of that name "
                                f"({', '.join(c.number for c in found[:5])})")
                return
            self.junk(line, f"no card number in {shown!r} (cards are identified by number, e.g. '4 Agumon BT1-010')")
            return
        number = numbers[0]
        name = _NUMBER.sub(" ", rest)
        name = re.sub(r"[\(\[]\s*[\)\]]", " ", name)
        name = re.sub(r"\s+", " ", name).strip(" -|,;:")
        self.add(Entry(count, number, name, line, state.place(), state.category, where))

    def finish(self) -> DeckList:
        for h in self.headers:
            if h["declared"] is not None and h["declared"] != h["listed"]:
                self.deck.warnings.append(Note(
                    f"the header {h['label']!r} says {h['declared']} cards but {h['listed']} are listed under it", h["line"]))
        return self.deck


def _name_key(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def parse(text: str, source: str = "<stdin>", cards: dict[str, Card] | None = None) -> DeckList:
    """Read a plain-text or JSON deck list.  Junk becomes problems; unreadable JSON raises."""
    if not text.strip():
        raise DeckInputError(f"{source}: empty deck list")
    first = text.lstrip()[:1]
    if first == "{" or (first == "[" and not _BRACKET_HEADER.match(text.lstrip().splitlines()[0])):
        return _parse_json(text, source, cards)
    parser = _Parser(source, cards)
    state = _Sections()
    for number, raw in enumerate(text.splitlines(), 1):
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("//"):
            continue
        line = _TRAILING_COMMENT.sub("", line).strip()
        found = header_of(line.rstrip(":").strip()) if not line[0].isdigit() else None
        if found:
            what, declared = found
            state.apply(what)
            parser.header(what, declared, number, line)
            continue
        parser.card_line(line, number, state)
    return parser.finish()


class _JsonObject(dict):
    line: int | None = None


class _JsonList(list):
    line: int | None = None
    item_lines: list


def _json_loads(text: str):
    """json.loads that records the line where each object, list and list item starts."""
    decoder = json.JSONDecoder()

    def line_at(s: str, index: int) -> int:
        return s.count("\n", 0, index) + 1

    def parse_object(s_and_end, *args, **kwargs):
        s, end = s_and_end
        obj, new_end = json.decoder.JSONObject(s_and_end, *args, **kwargs)
        out = _JsonObject(obj)
        out.line = line_at(s, end)
        return out, new_end

    def parse_array(s_and_end, scan_once, *args, **kwargs):
        s, end = s_and_end
        starts: list[int] = []

        def recording(string, idx):
            starts.append(idx)
            return scan_once(string, idx)

        items, new_end = json.decoder.JSONArray(s_and_end, recording, *args, **kwargs)
        out = _JsonList(items)
        out.line = line_at(s, end)
        out.item_lines = [line_at(s, i) for i in starts[: len(items)]]
        return out, new_end

    decoder.parse_object = parse_object
    decoder.parse_array = parse_array
    decoder.scan_once = json.scanner.py_make_scanner(decoder)
    return decoder.decode(text)


def _parse_json(text: str, source: str, cards: dict[str, Card] | None) -> DeckList:
    try:
        data = _json_loads(text)
    except json.JSONDecodeError as exc:
        raise DeckInputError(f"{source}:{exc.lineno}: invalid JSON: {exc.msg} (column {exc.colno})") from None
    except RecursionError:
        raise DeckInputError(f"{source}: invalid JSON: nested too deeply") from None
    parser = _Parser(source, cards)
    if isinstance(data, list):
        _json_entries(parser, data, _Sections(), "", 1)
    elif isinstance(data, dict):
        line = getattr(data, "line", 1)
        for key, value in data.items():
            if key in _JSON_META:
                if key == "format" and isinstance(value, str):
                    parser.deck.declared_format = value
                continue
            found = header_of(str(key))
            if found is None:
                parser.junk(line, f"unknown key {key!r} (use main, eggs, pile, tamers, digimon, options, deck or cards)")
                continue
            state = _Sections()
            state.apply(found[0])
            if not isinstance(value, list):
                parser.junk(line, f"{key!r} must be a list of cards, not {type(value).__name__}")
                continue
            at = getattr(value, "line", line)
            parser.header(found[0], None, at, str(key))
            _json_entries(parser, value, state, str(key), at)
    else:
        raise DeckInputError(f"{source}:1: a JSON deck list must be an object or a list, not {type(data).__name__}")
    return parser.finish()


def _json_entries(parser: _Parser, items: list, state: _Sections, where: str, line: int | None) -> None:
    item_lines = getattr(items, "item_lines", [])
    for i, item in enumerate(items):
        loc = f"{where}[{i}]"
        line = item_lines[i] if i < len(item_lines) else getattr(items, "line", line)
        if isinstance(item, str):
            found = header_of(item.rstrip(":").strip()) if item.strip() and not item.strip()[0].isdigit() else None
            if found:
                state.apply(found[0])
                parser.header(found[0], found[1], line, item)
            elif item.strip():
                before = len(parser.deck.problems)
                parser.card_line(item.strip(), line, state, loc)
                for p in parser.deck.problems[before:]:
                    p.message = f"{loc}: {p.message}"
            continue
        if not isinstance(item, dict):
            parser.junk(line, f"{loc}: an entry must be an object like {{\"count\": 4, \"number\": \"BT1-010\"}}, not {json.dumps(item)[:40]}")
            continue
        at = getattr(item, "line", line)
        entry_state = state.copy()
        section = item.get("section")
        if section is not None:
            found = header_of(str(section))
            if found is None:
                parser.junk(at, f"{loc}: unknown section {section!r}")
                continue
            entry_state.apply(found[0])
        category = item.get("category")
        if category is not None:
            cat = category_of(category)
            if cat is None:
                parser.junk(at, f"{loc}: unknown category {category!r} (Digimon, Tamer, Option, Digi-Egg or Token)")
                continue
            category = cat
        zone = entry_state.place()
        category = category if category is not None else entry_state.category
        count = item.get("count")
        if isinstance(count, bool) or not isinstance(count, int):
            parser.junk(at, f"{loc}: 'count' must be a whole number, got {json.dumps(count)}")
            continue
        if count < 1:
            parser.junk(at, f"{loc}: a count of {count}: a listed card needs at least 1 copy")
            continue
        number, name = item.get("number"), item.get("name") or ""
        if not isinstance(name, str):
            name = str(name)
        if not isinstance(number, str) or not number.strip():
            if category == "Token" or re.search(r"\btokens?\b", name, re.I):
                parser.deck.problems.append(Problem(
                    f"{loc}: {count} {name or 'token'}: a token is not a card that can be in a deck",
                    "CR 1-4-4-2", RULES["CR 1-4-4-2"], at))
                continue
            parser.junk(at, f"{loc}: no card number (\"number\": \"BT1-010\")")
            continue
        if not _NUMBER.fullmatch(number.strip()):
            parser.junk(at, f"{loc}: {number!r} is not a card number (like BT1-010, ST1-01, P-001)")
            continue
        parser.add(Entry(count, normalise_number(number), name.strip(), at, zone, category, loc))


# ---------------------------------------------------------------------------
# Card file and restriction list


def load_cards(path: str | Path) -> dict[str, Card]:
    """A CSV card file (number,name,category,level[,max_copies]) keyed by card number."""
    text = read_file(path)
    errors: list[str] = []
    reader = csv.DictReader(io.StringIO(text))
    if not reader.fieldnames:
        raise DeckInputError(f"{path}:1: empty card file (expected a header row: number,name,category,level)")
    fields = {f: (f or "").strip().lower() for f in reader.fieldnames}
    if "number" not in fields.values():
        raise DeckInputError(f"{path}:1: no 'number' column (expected a header row: number,name,category,level)")
    cards: dict[str, Card] = {}
    for row in reader:
        line = reader.line_num
        row = {fields.get(k, k): (v or "").strip() if isinstance(v, str) else "" for k, v in row.items() if k is not None}
        raw_number = row.get("number", "")
        if not raw_number and not any(row.values()):
            continue
        if not _NUMBER.fullmatch(raw_number):
            errors.append(f"{path}:{line}: {raw_number!r} is not a card number")
            continue
        number = normalise_number(raw_number)
        category = None
        if row.get("category"):
            category = category_of(row["category"])
            if category is None:
                errors.append(f"{path}:{line}: unknown category {row['category']!r} (Digimon, Tamer, Option, Digi-Egg, Token)")
                continue
        level = _int_or_none(row.get("level", ""))
        copies = _int_or_none(row.get("max_copies", ""))
        if level is False or copies is False:
            errors.append(f"{path}:{line}: level and max_copies must be whole numbers")
            continue
        card = Card(number, row.get("name", ""), category, level, copies)
        old = cards.get(number)
        if old is not None and old.category and card.category and old.category != card.category:
            errors.append(f"{path}:{line}: {number} is {card.category} here but {old.category} on an earlier row")
            continue
        if old is None or (not old.category and card.category):
            cards[number] = card
    if errors:
        raise DeckInputError(errors)
    return cards


def _int_or_none(text: str):
    if not text:
        return None
    try:
        value = int(text)
    except ValueError:
        return False
    return value if value >= 0 else False


def default_restrictions_path() -> Path | None:
    """This checkout's ``rules/restrictions.yaml`` (or ``$JUDGEBASE_SOURCE``'s), if there is one."""
    from .defaults import NoSources, source_root

    try:
        path = source_root() / "rules" / "restrictions.yaml"
    except NoSources:
        return None
    return path if path.is_file() else None


def load_restrictions(path: str | Path, label: str | None = None) -> Restrictions:
    """Read a restriction list; every mistake is reported as ``path:line: message``."""
    from .corpus import yamlsrc

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
            errors.append(f"{path}:{at}: {value!r} is not a card number")
            return None
        return normalise_number(value)

    for key in data:
        if key not in ("banned", "restricted", "banned_pairs", "note"):
            errors.append(f"{path}:{line(data, key)}: unknown key {key!r} (banned, restricted, banned_pairs, note)")
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
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                errors.append(f"{path}:{line(restricted, key)}: {key}: copies allowed must be a whole number >= 0, got {value!r}")
            elif n:
                out.restricted[n] = value
    pairs = data.get("banned_pairs") or []
    if not isinstance(pairs, list):
        errors.append(f"{path}:{line(data, 'banned_pairs')}: banned_pairs must be a list of [number, number]")
    else:
        for i, pair in enumerate(pairs):
            at = line(pairs, index=i)
            if not isinstance(pair, list) or len(pair) != 2:
                errors.append(f"{path}:{at}: a banned pair is a list of two card numbers, got {pair!r}")
                continue
            a, b = number(pair[0], at), number(pair[1], at)
            if a and b:
                out.banned_pairs.append((a, b))
    note = data.get("note")
    if note is not None:
        out.note = str(note).strip()
    if errors:
        raise DeckInputError(errors)
    return out


# ---------------------------------------------------------------------------
# Checking


@dataclass
class _Placed:
    entry: Entry
    zone: str  # main, eggs, pile, unsorted
    category: str | None


class _Group:
    """All lines of one card number in one zone."""

    def __init__(self, number: str):
        self.number = number
        self.count = 0
        self.lines: list[int] = []
        self.names: list[str] = []
        self.category: str | None = None

    def add(self, placed: _Placed) -> None:
        self.count += placed.entry.count
        if placed.entry.line is not None and placed.entry.line not in self.lines:
            self.lines.append(placed.entry.line)
        if placed.entry.name and placed.entry.name not in self.names:
            self.names.append(placed.entry.name)
        self.category = self.category or placed.category

    @property
    def line(self) -> int | None:
        return self.lines[0] if self.lines else None

    @property
    def title(self) -> str:
        return f"{self.number} ({self.names[0]})" if self.names else self.number

    @property
    def on_lines(self) -> str:
        return f" (lines {', '.join(map(str, self.lines))})" if len(self.lines) > 1 else ""


def check(deck: DeckList, format: str = "official", cards: dict[str, Card] | None = None,
          restrictions: Restrictions | None = None) -> Result:
    """Check a parsed list for ``format``; every problem is listed, none is guessed away."""
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}; one of {', '.join(FORMATS)}")
    cards = cards or {}
    problems = list(deck.problems)
    warnings = list(deck.warnings)
    tt = format == "tamer_tactics"
    if deck.declared_format and deck.declared_format.strip().lower().replace(" ", "_") != format:
        warnings.append(Note(f"the list says format {deck.declared_format!r}; it was checked as {format}"))

    has_egg_section = any(e.zone in ("eggs", "pile") for e in deck.entries)
    placed: list[_Placed] = []
    for entry in deck.entries:
        card = cards.get(entry.number)
        category = entry.category
        if card is not None and card.category:
            if category and category != card.category:
                warnings.append(Note(
                    f"{entry.number} is listed as {category} but the card file says {card.category}; using {card.category}", entry.line))
            category = card.category
        elif category is None and re.search(r"\btokens?\b", entry.name, re.I):
            category = "Token"
        if cards and card is None:
            warnings.append(Note(f"{entry.number} is not in the card file", entry.line))
        if card is not None and card.name and entry.name and _name_key(card.name) != _name_key(entry.name):
            warnings.append(Note(
                f"{entry.number} is {card.name!r} in the card file but {entry.name!r} in the list: check the number", entry.line))
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
        placed.append(_Placed(entry, zone, category))

    groups: dict[str, dict[str, _Group]] = defaultdict(dict)
    for p in placed:
        groups[p.zone].setdefault(p.entry.number, _Group(p.entry.number)).add(p)
    size = {zone: sum(g.count for g in groups.get(zone, {}).values()) for zone in ("main", "eggs", "pile", "unsorted")}

    def add(message: str, ref: str, line: int | None = None) -> None:
        problems.append(Problem(message, ref, RULES[ref], line))

    # Tokens, in any zone.
    for zone, by_number in groups.items():
        for g in by_number.values():
            if g.category == "Token":
                add(f"{g.count} × {g.title}{g.on_lines} is a token; tokens can't be put in a deck", "CR 1-4-4-2", g.line)

    # Cards that can't be placed without their category.
    unsorted = groups.get("unsorted", {})
    where = "main deck or Tamer+Digi-Egg pile" if tt else "main deck or Digi-Egg deck"
    for g in unsorted.values():
        add(f"{g.title}: category unknown: {where}?", "TT §1.1" if tt else "CR 1-4-1-1", g.line)
    if unsorted:
        add(f"{len(unsorted)} card number(s) can't be placed without their category, so the deck sizes weren't checked: "
            "list them under section headers (Digimon, Tamers, Options, Digi-Egg) or pass --cards",
            "TT §1.1" if tt else "CR 1-4-1-1")

    max_copies = {n: c.max_copies for n, c in cards.items() if c.max_copies is not None}

    def copies(zone: str, ref: str, where: str) -> None:
        for g in groups.get(zone, {}).values():
            limit = max(COPIES_MAX, max_copies.get(g.number, COPIES_MAX))
            if g.count > limit:
                add(f"{g.count} copies of {g.title}{g.on_lines} in the {where}; at most {limit}", ref, g.line)

    if not tt:
        for g in groups.get("main", {}).values():
            if g.category == "Digi-Egg":
                add(f"{g.count} × {g.title}{g.on_lines} is a Digi-Egg in the main deck; Digi-Eggs go in the Digi-Egg deck", "CR 1-4-1-1", g.line)
        for g in groups.get("eggs", {}).values():
            if g.category in ("Digimon", "Tamer", "Option"):
                add(f"{g.count} × {g.title}{g.on_lines} is a{'n' if g.category == 'Option' else ''} {g.category} in the Digi-Egg deck; "
                    "only Digi-Eggs go there", "CR 1-4-1-1", g.line)
        if not unsorted:
            if size["main"] != MAIN_SIZE:
                add(f"the main deck has {size['main']} cards; it must have exactly {MAIN_SIZE}", "CR 1-4-1-2-1")
            if size["eggs"] > EGGS_MAX:
                add(f"the Digi-Egg deck has {size['eggs']} cards; at most {EGGS_MAX}", "CR 1-4-1-3-1")
        copies("main", "CR 1-4-1-2-2", "main deck")
        copies("unsorted", "CR 1-4-1-2-2", "list")
        copies("eggs", "CR 1-4-1-3-2", "Digi-Egg deck")
    else:
        for g in groups.get("main", {}).values():
            if g.category == "Tamer":
                add(f"{g.count} × {g.title}{g.on_lines} is a Tamer in the main deck; in Tamer Tactics Tamers go in the "
                    "Tamer+Digi-Egg pile", "TT §1.1", g.line)
            elif g.category == "Digi-Egg":
                add(f"{g.count} × {g.title}{g.on_lines} is a Digi-Egg in the main deck; the main deck holds only Digimon and "
                    "Options", "TT §1.1", g.line)
            elif g.category is None:
                add(f"{g.title}: category unknown; Tamer Tactics needs it to tell that the main deck holds only Digimon "
                    "and Options (list it under Digimon or Options, or give --cards)", "TT §1.1", g.line)
        if not unsorted and size["main"] != MAIN_SIZE:
            add(f"the main deck has {size['main']} cards; it must have exactly {MAIN_SIZE}", "TT §1.1")
        copies("main", "TT §1.1", "main deck")
        copies("unsorted", "TT §1.1", "list")
        pile = groups.get("pile", {})
        unknown_in_pile = False
        for g in pile.values():
            if g.category in ("Digimon", "Option"):
                add(f"{g.count} × {g.title}{g.on_lines} is a{'n' if g.category == 'Option' else ''} {g.category} in the "
                    "Tamer+Digi-Egg pile, which holds only Tamers and Digi-Eggs", "TT §1.2", g.line)
            elif g.category is None:
                unknown_in_pile = True
                add(f"{g.title}: category unknown; Tamer Tactics needs it to count the pile's Tamers and Digi-Eggs "
                    "(list it under Tamers or Digi-Egg, or give --cards)", "TT §1.2", g.line)
        tamers = [g for g in pile.values() if g.category == "Tamer"]
        eggs = [g for g in pile.values() if g.category == "Digi-Egg"]
        n_tamers, n_eggs = sum(g.count for g in tamers), sum(g.count for g in eggs)
        for g in tamers:
            if g.count > 1:
                add(f"{g.count} copies of the Tamer {g.title}{g.on_lines} in the pile; each Tamer must have a different "
                    "card number (1 copy each)", "TT §1.2", g.line)
        for g in eggs:
            if g.count > COPIES_MAX:
                add(f"{g.count} copies of the Digi-Egg {g.title}{g.on_lines} in the pile; at most {COPIES_MAX}", "TT §1.2", g.line)
        if not unknown_in_pile and not unsorted:
            lo, hi = PILE_TAMERS
            if not lo <= n_tamers <= hi:
                add(f"the Tamer+Digi-Egg pile has {n_tamers} Tamers; it needs {lo} to {hi}", "TT §1.2")
            lo, hi = PILE_EGGS
            if not lo <= n_eggs <= hi:
                add(f"the Tamer+Digi-Egg pile has {n_eggs} Digi-Eggs; it needs {lo} to {hi}", "TT §1.2")
        if not unsorted:
            lo, hi = PILE_SIZE
            if not lo <= size["pile"] <= hi:
                add(f"the Tamer+Digi-Egg pile has {size['pile']} cards; it must have {lo} to {hi}", "TT §1.2")

    restrictions_info = None
    if restrictions is not None:
        restrictions_info = {"file": restrictions.label, "note": restrictions.note}
        problems += _restriction_problems(placed, restrictions, "TT §1.3" if tt else None)
    else:
        warnings.append(Note("no restriction list was found, so banned and restricted cards were not checked"))

    by_cat = Counter()
    for p in placed:
        by_cat[p.category or "unknown"] += p.entry.count
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
    }
    card_rows = [
        {"number": p.entry.number, "name": p.entry.name, "count": p.entry.count, "zone": p.zone,
         "category": p.category, "line": p.entry.line}
        for p in placed
    ]
    problems.sort(key=lambda p: (p.line is None, p.line or 0))
    return Result(not problems, format, deck.source, counts, problems, warnings, card_rows, restrictions_info)


def _restriction_problems(placed: list[_Placed], restrictions: Restrictions, ref: str | None) -> list[Problem]:
    total: Counter = Counter()
    first: dict[str, _Group] = {}
    for p in placed:
        total[p.entry.number] += p.entry.count
        first.setdefault(p.entry.number, _Group(p.entry.number)).add(p)
    rule = restrictions.rule
    out = []
    for number in dict.fromkeys(restrictions.banned):
        if total[number]:
            g = first[number]
            out.append(Problem(f"{g.title}{g.on_lines} is banned", ref, rule, g.line))
    for number, limit in restrictions.restricted.items():
        if number in restrictions.banned:
            continue
        if total[number] > limit:
            g = first[number]
            allowed = "banned (0 copies)" if limit == 0 else f"restricted to {limit} cop{'y' if limit == 1 else 'ies'}"
            out.append(Problem(f"{total[number]} copies of {g.title}{g.on_lines}; it is {allowed}", ref, rule, g.line))
    for a, b in restrictions.banned_pairs:
        if total[a] and total[b]:
            ga, gb = first[a], first[b]
            lines = [n for n in (ga.line, gb.line) if n is not None]
            out.append(Problem(f"{ga.title} and {gb.title} are a banned pair: a deck may hold one or the other, not both",
                               ref, rule, max(lines) if lines else None))
    return out


def check_text(text: str, source: str = "<stdin>", format: str = "official", cards: dict[str, Card] | None = None,
               restrictions: Restrictions | None = None) -> Result:
    """Parse and check in one call."""
    return check(parse(text, source, cards), format, cards, restrictions)


def summary_line(result: Result) -> str:
    c = result.counts
    zones = [f"main deck {c['main']}"]
    if result.format == "tamer_tactics":
        zones.append(f"Tamer+Digi-Egg pile {c['pile']}")
    else:
        zones.append(f"Digi-Egg deck {c['eggs']}")
    if c["unsorted"]:
        zones.append(f"unsorted {c['unsorted']}")
    parts = [f"{name} {c[key]}" for key, name in (("digimon", "Digimon"), ("tamers", "Tamers"), ("options", "Options"),
                                                  ("digi_eggs", "Digi-Eggs"), ("tokens", "tokens"), ("unknown", "unknown"))
             if c[key]]
    return " · ".join(zones) + (f"  ({', '.join(parts)})" if parts else "")
