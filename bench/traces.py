"""Same games before and after: record the action and event traces of seeded self-play, compare.

    python bench/traces.py record traces.json [--games N]
    python bench/traces.py compare traces.json [--games N]

Speed work must not change a single game: random self-play draws every action from
legal_actions(), so the same seed must offer the same actions in the same order, take the
same ones and log the same events (kind, clause, player, details) and the same result.
``record`` writes one digest per game and ruleset; ``compare`` replays them with this
checkout and names every game that differs, exiting non-zero.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgebase.engine import Game, TamerTacticsGame  # noqa: E402
from judgebase.engine.decks import random_game_config, random_tamer_tactics_config  # noqa: E402
from judgebase.engine.legacy import LegacyGame, random_config  # noqa: E402

RULESETS = {"official": (Game, random_game_config), "tamer_tactics": (TamerTacticsGame, random_tamer_tactics_config),
            "legacy": (LegacyGame, random_config)}


def game_digest(ruleset: str, seed: int) -> str:
    """A digest of everything a game showed: each offer, each action taken, each event, the result."""
    game_cls, config = RULESETS[ruleset]
    game = game_cls(config(seed)).start()
    rng = random.Random(seed)
    h = hashlib.sha256()
    while not game.is_over:
        offered = game.legal_actions()
        h.update(repr(offered).encode())
        game.apply(rng.choice(offered))
    for event in game.log:
        h.update(str(event).encode())
    h.update(repr((game.winner, game.over_reason, len(game.history))).encode())
    return h.hexdigest()


def digests(games: int) -> dict[str, list[str]]:
    return {ruleset: [game_digest(ruleset, seed) for seed in range(games)] for ruleset in RULESETS}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", choices=("record", "compare"))
    parser.add_argument("path", type=Path)
    parser.add_argument("--games", type=int, default=40)
    args = parser.parse_args()
    now = digests(args.games)
    if args.mode == "record":
        args.path.write_text(json.dumps(now, indent=1))
        print(f"recorded {args.games} games per ruleset in {args.path}")
        return 0
    before = json.loads(args.path.read_text())
    differ = [(ruleset, seed) for ruleset, seeds in before.items()
              for seed, digest in enumerate(seeds[:args.games]) if now[ruleset][seed] != digest]
    for ruleset, seed in differ:
        print(f"{ruleset} seed {seed}: the game differs")
    print(f"{'differ' if differ else 'same'}: {len(differ)} of {sum(min(len(s), args.games) for s in before.values())} games")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
