"""Engine benchmark: complete random self-play games per second on one core.

    python bench/engine.py [--games N]

Every action is drawn from legal_actions() on real-looking random decks (the same
decks the test suite uses).  Target: at least 50 complete games per second.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgebase.engine import Game, TamerTacticsGame  # noqa: E402
from judgebase.engine.decks import random_game_config, random_tamer_tactics_config  # noqa: E402
from judgebase.engine.legacy import LegacyGame, random_config as random_legacy_config  # noqa: E402

RULESETS = {
    "official": (Game, random_game_config),
    "tamer_tactics": (TamerTacticsGame, random_tamer_tactics_config),
    "legacy": (LegacyGame, random_legacy_config),
}


def play(seed: int, ruleset: str = "official") -> int:
    game_cls, config = RULESETS[ruleset]
    game = game_cls(config(seed)).start()
    rng = random.Random(seed)
    actions = 0
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        actions += 1
    return actions


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--ruleset", choices=sorted(RULESETS), action="append")
    args = parser.parse_args()
    for ruleset in args.ruleset or sorted(RULESETS):
        rates, action_rates = [], []
        for _ in range(args.rounds):
            started = time.perf_counter()
            actions = sum(play(seed, ruleset) for seed in range(args.games))
            elapsed = time.perf_counter() - started
            rates.append(args.games / elapsed)
            action_rates.append(actions / elapsed)
        print(f"[{ruleset}] {args.games} games x {args.rounds} rounds, one core")
        print(f"  games per second:   median {statistics.median(rates):8.1f}   (target >= 50 for official)")
        print(f"  actions per second: median {statistics.median(action_rates):8.0f}")
        print(f"  actions per game:   {actions / args.games:.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
