"""Deck-check benchmark: parse + check time of big (hostile) lists, and how it grows.

    python bench/deck.py [--rounds N] [--mb SIZE] [--shape NAME ...]

For each shape of list it reports the median time (over --rounds runs) to parse
and check a list of n lines or entries and of 4n, their ratio (about 4 when the
work is linear, 16 when it is quadratic), and the median time for a list of
--mb megabytes.  Target: every list of 10 MB or less is parsed and checked in
under a second; lists over 10 MB are refused unread.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgebase import deck  # noqa: E402

LEGAL = (Path(__file__).resolve().parent.parent / "tests" / "decks" / "official_legal.txt").read_text(encoding="utf-8")


def repeated(n: int) -> str:
    """The same card line n times (the old quadratic counting's worst case)."""
    return "4 Agumon BT1-010\n" * n


def legal_lists(n: int) -> str:
    """A legal list pasted over and over (n lines in all): headers, comments and cards."""
    lines = LEGAL.splitlines()
    return "\n".join(lines[i % len(lines)] for i in range(n))


def distinct(n: int) -> str:
    """n different card lines: nothing can be read only once."""
    rng = random.Random(n)
    return "\n".join(f"{rng.randint(1, 4)} Name{i} {rng.choice(['BT', 'ST', 'EX'])}{rng.randint(1, 24)}-{rng.randint(1, 120):03d}"
                     for i in range(n))


def junk(n: int) -> str:
    """n different lines that are not card lines (only the first 1,000 are listed)."""
    return "\n".join(f"junk {i} ;; BT1O{i % 100:02d}" for i in range(n))


def json_entries(n: int) -> str:
    """A JSON list of n entry objects, one per line."""
    return "[\n" + ",\n".join(json.dumps({"count": 1 + i % 4, "number": f"BT1-{i % 120:03d}"}) for i in range(n)) + "\n]"


def json_strings(n: int) -> str:
    """A one-line JSON list of n card-line strings."""
    return json.dumps(["4 Agumon BT1-010"] * n)


SHAPES = {f.__name__: f for f in (repeated, legal_lists, distinct, junk, json_entries, json_strings)}


def sized(shape, megabytes: float) -> str:
    """A list of this shape of just under ``megabytes`` MB (never over MAX_BYTES)."""
    limit = min(megabytes * 1e6, deck.MAX_BYTES)
    n = 1000
    for _ in range(12):
        text = shape(n)
        size = len(text.encode("utf-8"))
        if 0.97 * limit <= size <= limit:
            break
        n = max(1, int(n * limit / size * 0.985))
    return text


def timed(text: str) -> float:
    started = time.perf_counter()
    deck.check(deck.parse(text, "bench"), "official")
    return time.perf_counter() - started


def median(text: str, rounds: int) -> float:
    return statistics.median(timed(text) for _ in range(rounds))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--n", type=int, default=25_000, help="lines (entries) in the small list")
    parser.add_argument("--mb", type=float, default=10.0)
    parser.add_argument("--shape", choices=sorted(SHAPES), action="append")
    args = parser.parse_args()
    print(f"deck check: parse + check, median of {args.rounds} runs, one core")
    print(f"{'shape':13} {'n':>8} {'t(n)':>9} {'t(4n)':>9} {'ratio':>6}   {args.mb:g} MB list")
    worst = 0.0
    for name in args.shape or SHAPES:
        shape = SHAPES[name]
        small, large = median(shape(args.n), args.rounds), median(shape(4 * args.n), args.rounds)
        big_text = sized(shape, args.mb)
        big = median(big_text, max(1, args.rounds // 2))
        worst = max(worst, big)
        print(f"{name:13} {args.n:8,} {small * 1000:7.1f}ms {large * 1000:7.1f}ms {large / small:6.2f}   "
              f"{big:5.2f}s ({len(big_text.encode()) / 1e6:.1f} MB)")
    print(f"slowest {args.mb:g} MB list: {worst:.2f}s (target < 1 s); ratio about 4 = linear, 16 = quadratic")
    return 0


if __name__ == "__main__":
    sys.exit(main())
