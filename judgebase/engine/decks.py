"""Deck rules (CR 1-4-1, TT §1) and real-looking random decks for self-play.

The deck rules live here, once: the self-play generators below and ``judgebase
deck check`` (:mod:`judgebase.deck`, a higher layer) both apply them.  A rule is a
constant with the clause that sets it, and :func:`official_breaches` /
:func:`tamer_tactics_breaches` turn a deck's per-zone card counts into
:class:`Breach` records (which rule, which zone, which card, how many, what the
limit is); each caller words the message its own way.

The random decks look like constructed decks: two colours, a level curve from 3
to 6 with digivolution lines, a few Tamers and Options, five Digi-Eggs, and
cards carrying keywords and vocabulary effects, so that random play reaches
every part of the engine.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Mapping

from .cards import COLOURS

# ---------------------------------------------------------------------------
# The rules, each with its clause

MAIN_SIZE = 50  # CR 1-4-1-2-1 (official), TT §1.1 (Tamer Tactics): exactly 50 cards
COPIES_MAX = 4  # CR 1-4-1-2-2 (deck), CR 1-4-1-3-2 (Digi-Egg deck), TT §1.1, TT §1.2 (pile Digi-Eggs)
EGGS_MAX = 5  # CR 1-4-1-3-1: a Digi-Egg deck has 0 to 5 cards
PILE_TAMERS = (4, 7)  # TT §1.2: 4-7 Tamers in the Tamer+Digi-Egg pile ...
PILE_TAMER_COPIES = 1  # TT §1.2: ... all with different card numbers
PILE_EGGS = (2, 5)  # TT §1.2: 2-5 Digi-Eggs in the pile
PILE_SIZE = (6, 12)  # TT §1.2: 6-12 cards in the pile
OWN_LIMIT_REF = "CR 2-3-4-6-1"  # a card whose (Rule) allows up to X copies: at most X of it
ALSO_NUMBER_REF = "CR 2-3-4-5-1"  # a card whose (Rule) gives it another card number counts as that number too
SAME_CARD_REF = "CR 2-12-1"  # cards with the same name and card number are one card, however many lines list them
DECK_SIZE, EGG_DECK_MAX = MAIN_SIZE, EGGS_MAX  # the names the generators have always used

# What each ref says (the ``rule`` of a deck-check problem).
RULES = {
    "CR 1-4-1-1": "Digi-Eggs go in the Digi-Egg deck, and only Digi-Eggs go there",
    "CR 1-4-1-2-1": f"a deck has exactly {MAIN_SIZE} cards",
    "CR 1-4-1-2-2": f"at most {COPIES_MAX} copies of a card number in a deck",
    "CR 1-4-1-3-1": f"a Digi-Egg deck has 0 to {EGGS_MAX} cards",
    "CR 1-4-1-3-2": f"at most {COPIES_MAX} copies of a card number in a Digi-Egg deck",
    "CR 1-4-4-2": "tokens can't be put in a deck or Digi-Egg deck",
    OWN_LIMIT_REF: "a card whose (Rule) allows up to X copies: at most X copies of it in a deck",
    ALSO_NUMBER_REF: "a card whose (Rule) gives it another card number counts toward that number's copies too",
    SAME_CARD_REF: ("cards with the same name and card number are the same card, whatever printing or line lists them: "
                    "their copies are counted together"),
    "TT §1.1": f"main deck: exactly {MAIN_SIZE} Digimon and Option cards, no Tamers, at most {COPIES_MAX} copies of a card number",
    "TT §1.2": (f"Tamer+Digi-Egg pile: {PILE_TAMERS[0]}-{PILE_TAMERS[1]} Tamers, all different, and "
                f"{PILE_EGGS[0]}-{PILE_EGGS[1]} Digi-Eggs, at most {COPIES_MAX} copies each; "
                f"{PILE_SIZE[0]}-{PILE_SIZE[1]} cards"),
}

# card number -> (copies, category); a category is "Digimon", "Tamer", "Option", "Digi-Egg", "Token"
# in any case, or None when it isn't known.
Zone = Mapping[str, "tuple[int, str | None]"]


@dataclass(frozen=True)
class Breach:
    """One way a deck breaks a deck rule.

    ``kind`` is ``"size"`` (``count`` cards where ``low``..``high`` are allowed),
    ``"copies"`` (``count`` copies of ``number``, at most ``high``), ``"category"``
    (``number`` of ``category`` may not be in ``zone``), ``"token"`` (tokens can't be
    in a deck) or ``"unknown"`` (the rule needs ``number``'s category, which isn't
    known).  ``zone`` is ``main``, ``eggs``, ``pile``, ``unsorted`` (cards whose zone
    isn't known) or, for the pile's counts, ``pile_tamers`` / ``pile_eggs``.
    """

    ref: str
    kind: str
    zone: str
    count: int
    low: int | None = None
    high: int | None = None
    number: str | None = None
    category: str | None = None


def _cat(category: str | None) -> str | None:
    return category.lower() if category else None


def _total(zone: Zone) -> int:
    return sum(n for n, _ in zone.values())


def _tokens(zones: dict[str, Zone]) -> list[Breach]:
    return [Breach("CR 1-4-4-2", "token", name, n, number=number, category=cat)
            for name, zone in zones.items() for number, (n, cat) in zone.items() if _cat(cat) == "token"]


def _copies(zone: Zone, name: str, ref: str, max_copies: Mapping[str, int], own_ref: str | None = None,
            also: Mapping[str, tuple[str, ...]] | None = None, largest: Mapping[str, int] | None = None) -> list[Breach]:
    """Cards over their copy limit; past a higher limit the card's own (Rule) sets, the breach cites
    ``own_ref`` (CR 2-3-4-6-1) when given.  A card whose (Rule) gives it another card number
    (``also``) counts toward that number too, and a breach it brings about cites CR 2-3-4-5-1.
    ``largest`` is the most copies of a number that one line of the list gives: a number over its limit
    only because several lines (printings, parallel arts) list it is one card counted once (CR 2-12-1)."""
    extra: dict[str, int] = {}
    for number, numbers in (also or {}).items():
        for other in numbers:
            extra[other] = extra.get(other, 0) + zone.get(number, (0, None))[0]
    out = []
    for number, (n, cat) in zone.items():
        limit = max(COPIES_MAX, max_copies.get(number, COPIES_MAX))  # a card's own text may allow more
        total = n + extra.get(number, 0)
        if n > limit:
            if own_ref and limit > COPIES_MAX:
                why = own_ref
            elif largest is not None and largest.get(number, n) <= limit:
                why = SAME_CARD_REF  # no line alone is over the limit: the lines list one card
            else:
                why = ref
            out.append(Breach(why, "copies", name, n, 0, limit, number, cat))
        elif total > limit:
            out.append(Breach(ALSO_NUMBER_REF, "copies", name, total, 0, limit, number, cat))
    return out


def official_breaches(main: Zone, eggs: Zone, unsorted: Zone | None = None,
                      max_copies: Mapping[str, int] | None = None,
                      also: Mapping[str, tuple[str, ...]] | None = None,
                      largest: Mapping[str, Mapping[str, int]] | None = None) -> list[Breach]:
    """Every way a deck and Digi-Egg deck break CR 1-4-1 (and CR 1-4-4-2).

    ``unsorted`` holds cards whose zone isn't known: their copies are still counted,
    but the deck sizes can't be judged while there are any.  ``largest`` (zone -> card number ->
    the most copies one listed line gives) lets a breach name CR 2-12-1 when only lines taken
    together break a copy limit.
    """
    unsorted, max_copies = unsorted or {}, max_copies or {}
    out = _tokens({"main": main, "eggs": eggs, "unsorted": unsorted})
    out += [Breach("CR 1-4-1-1", "unknown", "unsorted", n, number=number, category=cat)
            for number, (n, cat) in unsorted.items() if cat is None]
    out += [Breach("CR 1-4-1-1", "category", "main", n, number=number, category=cat)
            for number, (n, cat) in main.items() if _cat(cat) == "digi-egg"]
    out += [Breach("CR 1-4-1-1", "category", "eggs", n, number=number, category=cat)
            for number, (n, cat) in eggs.items() if _cat(cat) in ("digimon", "tamer", "option")]
    if not unsorted:
        if _total(main) != MAIN_SIZE:
            out.append(Breach("CR 1-4-1-2-1", "size", "main", _total(main), MAIN_SIZE, MAIN_SIZE))
        if _total(eggs) > EGGS_MAX:
            out.append(Breach("CR 1-4-1-3-1", "size", "eggs", _total(eggs), 0, EGGS_MAX))
    largest = largest or {}
    out += _copies(main, "main", "CR 1-4-1-2-2", max_copies, OWN_LIMIT_REF, also, largest.get("main"))
    out += _copies(unsorted, "unsorted", "CR 1-4-1-2-2", max_copies, OWN_LIMIT_REF, also, largest.get("unsorted"))
    out += _copies(eggs, "eggs", "CR 1-4-1-3-2", max_copies, OWN_LIMIT_REF, also, largest.get("eggs"))
    return out


def tamer_tactics_breaches(main: Zone, pile: Zone, unsorted: Zone | None = None,
                           max_copies: Mapping[str, int] | None = None) -> list[Breach]:
    """Every way a main deck and Tamer+Digi-Egg pile break TT §1.1 / §1.2 (and CR 1-4-4-2).

    The pile's Tamer and Digi-Egg counts need every pile card's category; sizes
    need every card's zone (``unsorted`` empty).
    """
    unsorted, max_copies = unsorted or {}, max_copies or {}
    out = _tokens({"main": main, "pile": pile, "unsorted": unsorted})
    out += [Breach("TT §1.1", "unknown", "unsorted", n, number=number, category=cat)
            for number, (n, cat) in unsorted.items() if cat is None]
    for number, (n, cat) in main.items():
        if _cat(cat) in ("tamer", "digi-egg"):
            out.append(Breach("TT §1.1", "category", "main", n, number=number, category=cat))
        elif cat is None:
            out.append(Breach("TT §1.1", "unknown", "main", n, number=number))
    if not unsorted and _total(main) != MAIN_SIZE:
        out.append(Breach("TT §1.1", "size", "main", _total(main), MAIN_SIZE, MAIN_SIZE))
    out += _copies(main, "main", "TT §1.1", max_copies)
    out += _copies(unsorted, "unsorted", "TT §1.1", max_copies)
    unknown_in_pile = False
    for number, (n, cat) in pile.items():
        if _cat(cat) in ("digimon", "option"):
            out.append(Breach("TT §1.2", "category", "pile", n, number=number, category=cat))
        elif cat is None:
            unknown_in_pile = True
            out.append(Breach("TT §1.2", "unknown", "pile", n, number=number))
    tamers = {k: v for k, v in pile.items() if _cat(v[1]) == "tamer"}
    eggs = {k: v for k, v in pile.items() if _cat(v[1]) == "digi-egg"}
    out += [Breach("TT §1.2", "copies", "pile_tamers", n, 0, PILE_TAMER_COPIES, number, cat)
            for number, (n, cat) in tamers.items() if n > PILE_TAMER_COPIES]
    out += [Breach("TT §1.2", "copies", "pile_eggs", n, 0, COPIES_MAX, number, cat)
            for number, (n, cat) in eggs.items() if n > COPIES_MAX]
    if not unknown_in_pile and not unsorted:
        for name, cards, (lo, hi) in (("pile_tamers", tamers, PILE_TAMERS), ("pile_eggs", eggs, PILE_EGGS)):
            if not lo <= _total(cards) <= hi:
                out.append(Breach("TT §1.2", "size", name, _total(cards), lo, hi))
    if not unsorted and not PILE_SIZE[0] <= _total(pile) <= PILE_SIZE[1]:
        out.append(Breach("TT §1.2", "size", "pile", _total(pile), *PILE_SIZE))
    return out


_ZONE_NAMES = {"main": "main deck", "eggs": "Digi-Egg deck", "pile": "Tamer+Digi-Egg pile", "unsorted": "list",
               "pile_tamers": "Tamer+Digi-Egg pile", "pile_eggs": "Tamer+Digi-Egg pile"}


def describe(b: Breach) -> str:
    """A plain message for a breach (the generators' wording; the deck check words its own)."""
    where = _ZONE_NAMES[b.zone]
    if b.kind == "size":
        what = {"pile_tamers": "Tamers", "pile_eggs": "Digi-Eggs"}.get(b.zone, "cards")
        need = f"exactly {b.low}" if b.low == b.high else (f"at most {b.high}" if not b.low else f"{b.low} to {b.high}")
        return f"the {where} has {b.count} {what}; it must have {need}"
    if b.kind == "copies":
        return f"{b.count} copies of {b.number} in the {where}; at most {b.high}"
    if b.kind == "token":
        return f"{b.count} × {b.number} is a token; tokens can't be put in a deck"
    if b.kind == "unknown":
        return f"{b.number}: category unknown in the {where}"
    return f"{b.count} × {b.number} is a {b.category} in the {where}"


def _zone(names: list[str], numbers: Mapping[str, str], categories: Mapping[str, str]) -> dict:
    """Card names -> {card number: (copies, category)}; copies are counted by card number."""
    counts = Counter(numbers.get(n, n) for n in names)
    cats: dict[str, str | None] = {}
    for n in names:
        cats.setdefault(numbers.get(n, n), categories.get(n))
    return {number: (count, cats[number]) for number, count in sorted(counts.items())}


def deck_problems(deck: list[str], eggs: list[str], numbers: dict[str, str] | None = None,
                  categories: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(message, ref) for each way a deck breaks CR 1-4-1; card identity is the card number.

    ``categories`` (card name -> category) lets Digi-Eggs outside the Digi-Egg deck, and
    other cards in it, be found too (CR 1-4-1-1).
    """
    numbers, categories = numbers or {}, categories or {}
    return [(describe(b), b.ref)
            for b in official_breaches(_zone(deck, numbers, categories), _zone(eggs, numbers, categories))]


_KEYWORDS = [
    {"blocker": True}, {"security_attack": 1}, {"piercing": True}, {"jamming": True}, {"reboot": True},
    {"retaliation": True}, {"rush": True}, {"armor_purge": True}, {"evade": True}, {"raid": True},
    {"alliance": True}, {"barrier": True}, {"fortitude": True}, {"collision": True}, {"vortex": True},
    {"iceclad": True}, {"execute": True}, {"progress": True}, {"decoy": True}, {"digisorption": 2},
    {"fragment": 1}, {"training": True}, {"ascension": True}, {"engage": True}, {"guard": True}, {"detach": True},
    {"decode": True},
]
_EFFECTS = [
    {"timing": "on_play", "do": [{"draw": 1}]},
    {"timing": "when_digivolving", "do": [{"dp": {"amount": -2000, "target": "opponent"}}]},
    {"timing": "when_attacking", "once_per_turn": True, "do": [{"memory": 1}]},
    {"timing": "on_deletion", "do": [{"draw": 1}]},
    {"timing": "when_digivolving", "do": [{"blitz": True}]},
    {"timing": "your_turn", "do": [{"dp": {"amount": 1000, "target": "self"}}]},
    {"timing": "when_digivolving", "optional": True, "do": [{"suspend": {"target": "opponent"}}]},
    {"timing": "on_play", "do": [{"play_token": {"name": "Gear", "dp": 3000, "colours": ["yellow"]}}]},
    {"timing": "end_of_your_turn", "do": [{"recovery": 1}]},
    {"timing": "when_digivolving", "do": [{"de_digivolve": {"amount": 1, "target": "opponent"}}]},
    # triggers on events of any card, [X Per Turn], immediate "would" effects
    {"timing": "when", "event": "played", "whose": "own", "window": "your_turn", "once_per_turn": True, "do": [{"draw": 1}]},
    {"timing": "when", "event": "attacks", "whose": "opponent", "window": "opponents_turn",
     "do": [{"dp": {"amount": -1000, "target": "opponent"}}]},
    {"timing": "when", "event": "security_removed", "whose": "own", "per_turn": 2, "optional": True, "do": [{"memory": 1}]},
    {"timing": "when", "event": "deleted", "whose": "any", "other": True, "by_effect": False, "do": [{"draw": 1}]},
    {"timing": "would", "event": "deleted", "optional": True, "once_per_turn": True, "instead": {"trash_from_hand": 1}},
    {"timing": "would", "event": "played", "optional": True, "do": [{"reduce_play_cost": 1}]},
]


def random_cards(rng: random.Random, colours: tuple[str, str], prefix: str) -> tuple[dict, list[str], list[str]]:
    """Card definitions, a legal 50-card deck and a 5-card Digi-Egg deck."""
    cards: dict[str, dict] = {}
    deck: list[str] = []
    eggs: list[str] = []
    curve = {3: 3, 4: 3, 5: 2, 6: 1}  # distinct cards per level
    for colour in colours:
        egg = f"{prefix}-{colour}-egg"
        cards[egg] = {"category": "digi-egg", "level": 2, "colours": [colour], "number": egg,
                      "inherited": {"effects": [{"timing": "your_turn", "do": [{"dp": {"amount": 1000, "target": "self"}}]}]}}
        eggs += [egg] * (3 if colour == colours[0] else 2)
        for level, distinct in curve.items():
            for i in range(distinct):
                name = f"{prefix}-{colour}-L{level}-{i}"
                spec = {
                    "category": "digimon", "level": level, "colours": [colour], "number": name,
                    "dp": 1000 * (level * 2 - 3) + 1000 * rng.randint(0, 1),
                    "play_cost": level + rng.randint(-1, 2),
                    "digivolve": [{"colours": [colour], "level": level - 1, "cost": max(0, level - 2 + rng.randint(-1, 1))}],
                }
                if rng.random() < 0.6:
                    spec["keywords"] = dict(rng.choice(_KEYWORDS))
                if rng.random() < 0.6:
                    spec["effects"] = [rng.choice(_EFFECTS)]
                if rng.random() < 0.4:
                    spec["inherited"] = {"keywords": dict(rng.choice(_KEYWORDS[:8]))}
                if level == 3 and rng.random() < 0.3:
                    spec["effects"] = spec.get("effects", []) + [{"timing": "security", "do": [{"play_self": True}]}]
                cards[name] = spec
                deck += [name] * {3: 4, 4: 3, 5: 2, 6: 2}[level]
    tamer = f"{prefix}-tamer"
    cards[tamer] = {"category": "tamer", "colours": list(colours), "play_cost": 2, "number": tamer,
                    "effects": [{"timing": "start_of_your_turn", "do": [{"memory": 1}], "if": {"memory_at_most": 2}},
                                {"timing": "security", "do": [{"play_self": True}]}]}
    options = {
        f"{prefix}-opt-delete": {"category": "option", "colours": [colours[0]], "use_cost": 3, "number": f"{prefix}-opt-delete",
                                 "effects": [{"timing": "main", "do": [{"delete": {"target": "opponent", "max_dp": 5000}}]},
                                             {"timing": "security", "do": [{"use_main": True}]}]},
        f"{prefix}-opt-draw": {"category": "option", "colours": [colours[1]], "use_cost": 1, "number": f"{prefix}-opt-draw",
                               "effects": [{"timing": "main", "do": [{"draw": 2}]}]},
        f"{prefix}-opt-counter": {"category": "option", "colours": [colours[0]], "use_cost": 0, "number": f"{prefix}-opt-counter",
                                  "effects": [{"timing": "counter", "do": [{"suspend": {"target": "opponent"}}]}]},
    }
    cards.update(options)
    extras = [tamer] * 2 + [n for n in options for _ in range(2)]
    extras += _special_cards(cards, colours, prefix, tamer)
    deck = (extras + sorted(deck, key=lambda n: (int(n.split("-L")[1][0]), n)))[:DECK_SIZE]
    return cards, deck, eggs[:EGG_DECK_MAX]


def random_game_config(seed: int) -> dict:
    """A new game between two random real-looking decks, starting at set-up."""
    rng = random.Random(seed)
    cards: dict[str, dict] = {}
    players = []
    for prefix in ("a", "b"):
        colours = tuple(rng.sample(COLOURS, 2))
        defs, deck, eggs = random_cards(rng, colours, prefix)
        categories = {n: defs[n]["category"] for n in set(deck) | set(eggs)}
        assert not deck_problems(deck, eggs, categories=categories), deck_problems(deck, eggs, categories=categories)
        cards.update(defs)
        players.append({"deck": deck, "eggs": eggs})
    return {"seed": seed, "cards": cards, "players": players, "phase": "setup", "first_player": rng.randint(0, 1)}


def _special_cards(cards: dict, colours: tuple[str, str], prefix: str, tamer: str) -> list[str]:
    """One card per special mechanic (DNA, DigiXros, Assembly, Burst, Link, App Fusion, DUAL, ACE)."""
    a, b = colours
    l3a, l3b, l4a, l4b = f"{prefix}-{a}-L3-0", f"{prefix}-{b}-L3-0", f"{prefix}-{a}-L4-0", f"{prefix}-{b}-L4-0"
    specials = {
        f"{prefix}-dna": {"category": "digimon", "level": 5, "colours": [a, b], "dp": 9000, "play_cost": 12,
                          "dna": [{"cost": 1, "parts": [{"colours": [a], "level": 4}, {"colours": [b], "level": 4}]}]},
        f"{prefix}-xros": {"category": "digimon", "level": 5, "colours": [a], "dp": 8000, "play_cost": 9,
                           "digixros": {"reduction": 2, "cards": [l3a, l3b]}},
        f"{prefix}-assembly": {"category": "digimon", "level": 5, "colours": [b], "dp": 8000, "play_cost": 10,
                               "assembly": {"reduction": 5, "count": 2, "name": l3a}},
        f"{prefix}-burst": {"category": "digimon", "level": 6, "colours": [a], "dp": 12000, "play_cost": 14,
                            "burst": [{"colours": [a], "level": 5, "cost": 0, "tamer": tamer}],
                            "digivolve": [{"colours": [a], "level": 5, "cost": 4}]},
        f"{prefix}-link": {"category": "digimon", "level": 3, "colours": [b], "dp": 3000, "play_cost": 3,
                           "link": {"cost": 1, "requirement": {"colours": [a, b]}, "dp": 2000}},
        f"{prefix}-app": {"category": "digimon", "level": 5, "colours": [b], "dp": 7000, "play_cost": 9,
                          "app_fusion": [{"cost": 1, "cards": [l4a, l4b, f"{prefix}-link"]}]},
        f"{prefix}-dual": {"category": "digimon", "level": 4, "colours": [a], "dp": 6000, "play_cost": 6,
                           "digivolve": [{"colours": [a], "level": 3, "cost": 2}],
                           "option": {"use_cost": 2, "colours": [a], "effects": [{"timing": "main", "do": [{"draw": 1}]}]}},
        f"{prefix}-ace": {"category": "digimon", "level": 5, "colours": [b], "dp": 8000, "play_cost": 6, "overflow": 3,
                          "blast_digivolve": True, "digivolve": [{"colours": [b], "level": 4, "cost": 3}]},
    }
    for name, spec in specials.items():
        spec["number"] = name
        cards[name] = spec
    return [n for n in specials for _ in range(1)]


def tamer_tactics_problems(deck: list[str], pile: list[str], categories: dict[str, str]) -> list[tuple[str, str]]:
    """(message, ref) for each way a Tamer Tactics deck breaks TT §1.1 / §1.2."""
    return [(describe(b), b.ref) for b in tamer_tactics_breaches(_zone(deck, {}, categories), _zone(pile, {}, categories))]


def random_tamer_tactics_config(seed: int) -> dict:
    """A new Tamer Tactics game: 50-card main decks without Tamers, 6-12 card Tamer+Digi-Egg piles."""
    rng = random.Random(seed)
    cards: dict[str, dict] = {}
    players = []
    for prefix in ("a", "b"):
        colours = tuple(rng.sample(COLOURS, 2))
        defs, deck, eggs = random_cards(rng, colours, prefix)
        cards.update(defs)
        deck = [n for n in deck if defs[n]["category"] != "tamer"]
        filler = [n for n in defs if defs[n]["category"] == "digimon" and deck.count(n) < COPIES_MAX]
        while len(deck) < DECK_SIZE:
            name = rng.choice(filler)
            if deck.count(name) < COPIES_MAX:
                deck.append(name)
        tamers = [f"{prefix}-tamer"]  # the Tamer the Burst card names
        for i in range(rng.randint(3, 6)):
            name = f"{prefix}-tt-tamer-{i}"
            cards[name] = {"category": "tamer", "colours": [rng.choice(colours)], "play_cost": 2, "number": name,
                           "effects": [rng.choice([
                               {"timing": "on_play", "do": [{"draw": 1}]},
                               {"timing": "your_turn", "do": [{"dp": {"amount": 1000, "target": "self"}}]},
                               {"timing": "on_play", "do": [{"memory": 1}]},
                           ])]}
            tamers.append(name)
        pile = tamers + eggs[: rng.randint(2, 5)]
        categories = {n: cards[n]["category"] for n in set(deck) | set(pile)}
        assert not tamer_tactics_problems(deck, pile, categories), tamer_tactics_problems(deck, pile, categories)
        players.append({"deck": deck, "eggs": pile})
    return {"seed": seed, "cards": cards, "players": players, "phase": "setup", "first_player": rng.randint(0, 1)}
