"""Engine benchmark: random self-play, actions and games per second on one core.

    python bench/engine.py [--games N] [--rounds R] [--ruleset R] [--baseline REV]

Every action is drawn from legal_actions() on real-looking random decks (the same
decks the test suite uses).  With ``--baseline REV`` the same games are played by
the engine of git revision REV and by this checkout, round after round in fresh
processes, and the ratio of the medians is printed: on a shared, noisy machine the
absolute rates drift, the ratio measured in one run holds.

Targets: official self-play at least 3x the actions per second of f711c3c (the
engine as it was when that target was set, one 1,551-line official.py); Tamer
Tactics and legacy no slower (ratio >= 1).  Run: python bench/engine.py --baseline f711c3c
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# Runs in a fresh interpreter with the engine under test first on sys.path; it uses only
# the engine's public entry points, which every revision being compared has.
WORKER = r"""
import json, random, sys, time
from judgebase.engine import Game, TamerTacticsGame
from judgebase.engine.decks import random_game_config, random_tamer_tactics_config
from judgebase.engine.legacy import LegacyGame, random_config
RULESETS = {"official": (Game, random_game_config), "tamer_tactics": (TamerTacticsGame, random_tamer_tactics_config),
            "legacy": (LegacyGame, random_config)}
game_cls, config = RULESETS[sys.argv[1]]
games = int(sys.argv[2])
actions = 0
started = time.process_time()
for seed in range(games):
    game = game_cls(config(seed)).start()
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
        actions += 1
print(json.dumps({"elapsed": time.process_time() - started, "actions": actions}))
"""


def run_once(tree: Path, ruleset: str, games: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree))
    out = subprocess.run([sys.executable, "-c", WORKER, ruleset, str(games)], env=env, cwd=tree,
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def checkout(rev: str, into: Path) -> Path:
    """The files of ``rev`` in a temporary folder (git archive: no work tree touched)."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "judgebase"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--ruleset", choices=("official", "tamer_tactics", "legacy"), action="append")
    parser.add_argument("--baseline", metavar="REV", help="compare with the engine of this git revision, e.g. cdabd48")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"this checkout": ROOT}
        if args.baseline:
            trees = {args.baseline: checkout(args.baseline, Path(tmp)), "this checkout": ROOT}
        for ruleset in args.ruleset or ("official", "tamer_tactics", "legacy"):
            rates: dict[str, list[float]] = {name: [] for name in trees}
            games_rates: dict[str, list[float]] = {name: [] for name in trees}
            for _ in range(args.rounds):
                for name, tree in trees.items():  # interleaved, so drift hits both alike
                    r = run_once(tree, ruleset, args.games)
                    rates[name].append(r["actions"] / r["elapsed"])
                    games_rates[name].append(args.games / r["elapsed"])
            print(f"[{ruleset}] {args.games} games x {args.rounds} rounds, fresh process per round, CPU time of the playing process")
            for name in trees:
                print(f"  {name:>14}: actions/s median {statistics.median(rates[name]):8.0f}"
                      f"   games/s median {statistics.median(games_rates[name]):7.1f}")
            if args.baseline:
                ratio = statistics.median(rates["this checkout"]) / statistics.median(rates[args.baseline])
                target = 3.0 if ruleset == "official" else 1.0
                print(f"  ratio (actions/s, this / {args.baseline}): {ratio:.2f}x   target >= {target:.0f}x"
                      f"   {'met' if ratio >= target else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
