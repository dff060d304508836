"""Deck rules (CR 1-4-1) and real-looking random decks for self-play.

The random decks look like constructed decks: two colours, a level curve from 3
to 6 with digivolution lines, a few Tamers and Options, five Digi-Eggs, and
cards carrying keywords and vocabulary effects, so that random play reaches
every part of the engine.
"""

from __future__ import annotations

import random
from collections import Counter

from .cards import COLOURS

DECK_SIZE = 50
EGG_DECK_MAX = 5
COPIES_MAX = 4


def deck_problems(deck: list[str], eggs: list[str], numbers: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(message, ref) for each way a deck breaks CR 1-4-1; card identity is the card number."""
    numbers = numbers or {}
    problems = []
    if len(deck) != DECK_SIZE:
        problems.append((f"the deck has {len(deck)} cards; it must have exactly {DECK_SIZE}", "CR 1-4-1-2-1"))
    for number, count in sorted(Counter(numbers.get(n, n) for n in deck).items()):
        if count > COPIES_MAX:
            problems.append((f"{count} copies of {number} in the deck; at most {COPIES_MAX}", "CR 1-4-1-2-2"))
    if len(eggs) > EGG_DECK_MAX:
        problems.append((f"the Digi-Egg deck has {len(eggs)} cards; at most {EGG_DECK_MAX}", "CR 1-4-1-3-1"))
    for number, count in sorted(Counter(numbers.get(n, n) for n in eggs).items()):
        if count > COPIES_MAX:
            problems.append((f"{count} copies of {number} in the Digi-Egg deck; at most {COPIES_MAX}", "CR 1-4-1-3-2"))
    return problems


_KEYWORDS = [
    {"blocker": True}, {"security_attack": 1}, {"piercing": True}, {"jamming": True}, {"reboot": True},
    {"retaliation": True}, {"rush": True}, {"armor_purge": True}, {"evade": True}, {"raid": True},
    {"alliance": True}, {"barrier": True}, {"fortitude": True}, {"collision": True}, {"vortex": True},
    {"iceclad": True}, {"execute": True}, {"progress": True}, {"decoy": True}, {"digisorption": 2},
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
        assert not deck_problems(deck, eggs), deck_problems(deck, eggs)
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
    problems = []
    if len(deck) != DECK_SIZE:
        problems.append((f"the main deck has {len(deck)} cards; it must have exactly {DECK_SIZE}", "TT §1.1"))
    if any(categories.get(n) not in ("digimon", "option") for n in deck):
        problems.append(("the main deck holds only Digimon and Option cards", "TT §1.1"))
    tamers = [n for n in pile if categories.get(n) == "tamer"]
    eggs = [n for n in pile if categories.get(n) == "digi-egg"]
    if not 4 <= len(tamers) <= 7 or len(set(tamers)) != len(tamers):
        problems.append((f"{len(tamers)} Tamers ({len(set(tamers))} different); the pile needs 4-7, all different", "TT §1.2"))
    if not 2 <= len(eggs) <= 5 or max(Counter(eggs).values(), default=0) > COPIES_MAX:
        problems.append((f"{len(eggs)} Digi-Eggs; the pile needs 2-5, at most {COPIES_MAX} of each", "TT §1.2"))
    return problems


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
