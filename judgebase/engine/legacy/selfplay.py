"""Random legacy games for self-play and benchmarks."""

from __future__ import annotations

import random

from .cards import DECK_SIZE, LEVELS, TYPES


# -- random games (self-play, benchmarks) ----------------------------------------------
def random_config(seed: int) -> dict:
    """A new game between two random 30-card decks built from a random card pool."""
    rng = random.Random(seed)
    cards: dict[str, dict] = {}
    base = {3: 300, 4: 400, "perfect": 500, "ultimate": 600}  # LEG 3.2.3.9.4
    lost = {3: (10, 20, 30, 40), 4: (10, 20, 30, 40), "perfect": (10, 10, 20, 30), "ultimate": (10, 10, 10, 20)}
    for level in LEVELS:
        for i in range(4):
            name = f"L{level}-{i}"
            spec = {
                "level": level, "battle_type": rng.choice(TYPES),
                "attack": {t: base[level] + rng.choice((-100, -50, 0, 50, 100)) for t in TYPES},
                "lost_points": dict(zip(("3", "4", "perfect", "ultimate"), lost[level])),
                "requirement": 0 if level == 3 else rng.randint(1, 3),
            }
            roll = rng.random()
            if roll < 0.15:
                spec["zeroes"] = {"C": "A"}
            elif roll < 0.22:
                spec["halve_opponent"] = True
            elif roll < 0.28:
                spec["no_modification"] = True
            elif roll < 0.33:
                spec["draw_immune"] = True
            if rng.random() < 0.3:
                spec["ability"] = {"effect": {"add": 100}, "timing": rng.choice(("battle", "point"))}
            if rng.random() < 0.4:
                spec["support"] = {"condition": rng.choice(({}, {"points_at_most": 60})),
                                   "target": rng.choice(({}, {"battle_type": rng.choice(TYPES)})),
                                   "effect": {"add": rng.choice((100, 200, 400))}}
            cards[name] = spec
    options = {
        "Plus 100": {"effect": {"add": 100}}, "Minus 200": {"effect": {"add": -200, "target": "opponent"}},
        "Base Plus 100": {"effect": {"base_add": 100}}, "Double": {"effect": {"multiply": 2}},
        "Triple": {"effect": {"multiply": 3}, "only_one": True}, "Halve Them": {"effect": {"divide": 2, "target": "opponent"}},
        "Zero A": {"effect": {"zero": "A"}}, "Zero All": {"effect": {"zero": "all"}, "level": ["perfect", "ultimate"]},
        "Direct 10": {"effect": {"direct": 10}, "slot": 3},
        "Double Lost": {"effect": {"lost_multiply": 2}, "timing": "point"},
        "Once More": {"effect": {"once_more": True}, "timing": "point"},
        "Stop Fighting": {"effect": {"force_draw": True}},
        "Tactics": {"effect": {"nullify": True}, "before_effect": True},
        "Lasting Plus": {"effect": {"add": 50}, "limit": "turn"},
    }
    for name, spec in options.items():
        cards[name] = {"kind": "option", **spec}
    digimon = [n for n in cards if cards[n].get("kind") != "option"]
    opts = list(options)
    players = []
    for _ in range(2):
        deck = [f"L3-{rng.randrange(4)}" for _ in range(3)]
        deck += [rng.choice(digimon) for _ in range(15)]
        deck += [rng.choice(opts) for _ in range(DECK_SIZE - len(deck))]
        rng.shuffle(deck)
        players.append({"deck": deck})
    return {"seed": seed, "cards": cards, "players": players, "phase": "setup"}
