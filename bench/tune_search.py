"""Tune the ranking's query-time weights by coordinate ascent over judge questions with known answers.

    python bench/tune_search.py [--sets dev,fresh-2,...] [--rounds 3] [--db PATH]

Each weight of ``judgebase.search.ranking`` that a query reads (not those written into the index
at build time) is tried at 0.6x, 0.8x, 1.25x and 1.6x of its value, one at a time, and kept where
the mean over es, en and de of recall@5 + MRR rises; rounds repeat until nothing rises. It prints
each step and the weights it ends with; it changes no file. Tune on some batches and check the
result on a batch written before the tuning (``--sets`` leaves it out): the weights are few, the
questions a few hundred, and a gain on the tuned batches alone says little.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgebase.build import build  # noqa: E402
from judgebase.search import quality, ranking  # noqa: E402
from judgebase.search.searcher import Searcher  # noqa: E402

#: The ranking's constants (``ranking.constants``) not tuned here: K1, B and COMPOUND_MIN_LENGTH are baked into the
#: index at build time, CITED_FACTOR only moves queries that name a clause, and SUB_CLAUSE_YIELD means "just below".
FIXED = {"K1", "B", "COMPOUND_MIN_LENGTH", "CITED_FACTOR", "SUB_CLAUSE_YIELD"}
WEIGHTS = tuple(name for name in ranking.constants() if name not in FIXED)
STEPS = (0.6, 0.8, 1.25, 1.6)
LANGS = ("es", "en", "de")


def objective(db: Path, queries, shown) -> tuple[float, dict]:
    """Mean over the languages of recall@5 + MRR, with a fresh searcher (its caches hold scores of the old weights)."""
    searcher = Searcher(db)
    try:
        scores = quality.evaluate(lambda q, lang: [r.ref for r in searcher.search(q, limit=10)], queries, shown)
    finally:
        searcher.close()
    figures = {lang: (round(scores[lang].recall_at_5, 3), round(scores[lang].mrr, 3)) for lang in (*LANGS, "all")}
    return sum(scores[lang].recall_at_5 + scores[lang].mrr for lang in LANGS) / len(LANGS), figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", help="comma-separated batches of tests/queries.yaml to tune on (default: all)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--db", type=Path, help="a built database (default: build one from this checkout)")
    args = parser.parse_args()
    queries = quality.load_queries(ROOT / "tests" / "queries.yaml")
    if args.sets:
        wanted = set(args.sets.split(","))
        queries = [q for q in queries if q.set in wanted]
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db
        if db is None:
            db = Path(tmp) / "judgebase.db"
            build(ROOT, db)
        shown = quality.shown_as(db)
        best, figures = objective(db, queries, shown)
        print(f"start: {best:.4f} {figures} on {len(queries)} questions", flush=True)
        for round_ in range(args.rounds):
            improved = False
            for name in WEIGHTS:
                start = kept = getattr(ranking, name)
                for step in STEPS:
                    setattr(ranking, name, start * step)
                    value, found = objective(db, queries, shown)
                    if value > best + 1e-4:
                        best, figures, kept, improved = value, found, start * step, True
                        print(f"round {round_ + 1}: {name} {start:g} -> {start * step:g}: {best:.4f} {figures}", flush=True)
                setattr(ranking, name, kept)
            if not improved:
                break
        print("weights:", json.dumps({name: round(getattr(ranking, name), 4) for name in WEIGHTS}))
        print(f"end: {best:.4f} {figures}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
