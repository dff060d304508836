"""Search benchmark: quality against an FTS5 baseline, latency, whole-process time, build time.

    python bench/search.py [--runs N]

Builds a fresh database from this checkout, then reports, all from this one run:
recall@5 and MRR per language on tests/queries.yaml for judgebase search and for
plain SQLite FTS5 bm25 on the same database; in-process query latency (median,
p95); whole-process `judgebase search` time (median); `judgebase build` time.
Targets (DESIGN.md): query p95 < 15 ms, whole process median < 300 ms, build < 15 s.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgebase.build import build  # noqa: E402
from judgebase.search.quality import FtsBaseline, evaluate, load_queries  # noqa: E402
from judgebase.search.searcher import Searcher  # noqa: E402


def percentile(values, pct):
    values = sorted(values)
    k = (len(values) - 1) * pct / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="repetitions for timings (default 15)")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "judgebase.db"
        build_times = []
        for _ in range(3):
            started = time.perf_counter()
            build(ROOT, db)
            build_times.append(time.perf_counter() - started)

        queries = load_queries(ROOT / "tests" / "queries.yaml")
        searcher = Searcher(db)
        baseline = FtsBaseline(db)
        ours = evaluate(lambda q, lang: [r.ref for r in searcher.search(q, limit=10)], queries)
        base = evaluate(lambda q, lang: baseline.search(q, lang), queries)

        print(f"Search quality on {len(queries)} judge queries (tests/queries.yaml); language guessed from the query")
        print(f"{'lang':<5} {'n':>3}  {'recall@5':>9} {'MRR':>6}   {'FTS5 recall@5':>13} {'FTS5 MRR':>8}   {'ratio R@5':>9}")
        for lang in ("es", "en", "de", "all"):
            o, b = ours[lang], base[lang]
            ratio = o.recall_at_5 / b.recall_at_5 if b.recall_at_5 else float("inf")
            print(f"{lang:<5} {o.count:>3}  {o.recall_at_5:>9.3f} {o.mrr:>6.3f}   {b.recall_at_5:>13.3f} {b.mrr:>8.3f}   {ratio:>9.2f}")

        latencies = []
        for _ in range(max(1, args.runs // 3)):
            for query in queries:
                started = time.perf_counter()
                searcher.search(query.q, limit=10)
                latencies.append((time.perf_counter() - started) * 1000)
        base_lat = []
        for query in queries:
            started = time.perf_counter()
            baseline.search(query.q)
            base_lat.append((time.perf_counter() - started) * 1000)
        print(f"\nIn-process query latency over {len(latencies)} queries: median {statistics.median(latencies):.2f} ms, "
              f"p95 {percentile(latencies, 95):.2f} ms (target p95 < 15 ms); "
              f"FTS5 baseline median {statistics.median(base_lat):.2f} ms")

        env = {**os.environ, "JUDGEBASE_DB": str(db)}
        cmd_times = {}
        for label, argv in (
            ("search 6-1-4", ["search", "6-1-4"]),
            ("search 'blocker propio objetivo'", ["search", "blocker propio objetivo"]),
            ("clause 8-1-3-3", ["clause", "8-1-3-3"]),
        ):
            times = []
            for _ in range(args.runs):
                started = time.perf_counter()
                subprocess.run([sys.executable, "-m", "judgebase", *argv], env=env, check=True, capture_output=True)
                times.append((time.perf_counter() - started) * 1000)
            cmd_times[label] = times
        started = time.perf_counter()
        subprocess.run([sys.executable, "-c", "pass"], check=True)
        bare = (time.perf_counter() - started) * 1000
        print(f"\nWhole-process time, {args.runs} runs each (default database, already built; bare python {bare:.0f} ms):")
        for label, times in cmd_times.items():
            print(f"  judgebase {label:<34} median {statistics.median(times):6.0f} ms   p95 {percentile(times, 95):6.0f} ms")
        print("  target: search median < 300 ms")

        print(f"\njudgebase build (3 runs): median {statistics.median(build_times):.2f} s, max {max(build_times):.2f} s (target < 15 s)")

        node = shutil.which("node")
        if node:
            import json

            from judgebase.web.export import export_site

            export_site(db, Path(tmp) / "site")
            (Path(tmp) / "queries.json").write_text(json.dumps([q.__dict__ for q in queries]), encoding="utf-8")
            out = subprocess.run([node, str(ROOT / "bench" / "static_search.js"), str(Path(tmp) / "site"), str(Path(tmp) / "queries.json")],
                                 capture_output=True, text=True, check=True)
            print(f"Static export's offline search (site/static/app.js, run in node): recall@5 {out.stdout.strip()} on the same queries")

        worst = [(q, top) for q, top in ours["all"].misses]
        if worst:
            print(f"\nQueries below full recall@5 ({len(worst)}):")
            for q, top in worst:
                print(f"  [{q.lang}] {q.q!r}: expected {q.expect}, got {top}")
        searcher.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
