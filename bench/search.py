"""Search benchmark: quality (server, offline, FTS5 baseline), latency, start-up ratios, build time.

    python bench/search.py [--runs N]

Builds a fresh database from this checkout, then reports, all from this one run:

* recall@5 and MRR per language on tests/queries.yaml for judgebase search (the server),
  also for each half of the fixed split ranking changes are tuned on (``quality.halves``),
  for the static export's offline search (site/static/search.js over the exported index,
  run in node when it is installed) and for plain SQLite FTS5 bm25 on the same database;
  how many queries get the same top five offline as on the server;
* in-process query latency (median, p95) over all queries, the first pass included;
* whole-process time of ``judgebase clause 8-1-3-3`` and ``judgebase search`` as ratios to
  a bare ``python -c pass`` measured in the same rounds (interleaved, medians);
* ``judgebase build`` time.

Targets (issue 15, DESIGN.md): clause <= 2x, search with words <= 2.5x bare Python,
query p95 <= 5 ms, build <= 5 s; offline recall@5 within 0.01 of the server's and the
same top five for >= 95% of queries. Processes run without PYTHONDONTWRITEBYTECODE (as a
user's would: the bytecode cache is written once, then read).
"""

from __future__ import annotations

import argparse
import json
import os
import resource
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
from judgebase.search.quality import FtsBaseline, by_set, evaluate, halves, load_queries, shown_as  # noqa: E402
from judgebase.search.searcher import Searcher  # noqa: E402

WORDS = "blocker propio objetivo"
TARGETS = {"clause": 2.0, "search": 2.5, "p95": 5.0, "build": 5.0}


def _children_cpu() -> float:
    """CPU seconds of this process's finished children (the commands timed, the build's scenario process)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def percentile(values, pct):
    values = sorted(values)
    k = (len(values) - 1) * pct / 100
    lo, hi = int(k), min(int(k) + 1, len(values) - 1)
    return values[lo] + (values[hi] - values[lo]) * (k - lo)


def quality_table(title: str, rows: dict, base: dict | None = None) -> None:
    print(title)
    head = f"{'lang':<5} {'n':>3}  {'recall@5':>9} {'MRR':>6}"
    print(head + (f"   {'FTS5 recall@5':>13} {'FTS5 MRR':>8}" if base else ""))
    for lang in ("es", "en", "de", "all"):
        if lang not in rows:
            continue
        o = rows[lang]
        line = f"{lang:<5} {o.count:>3}  {o.recall_at_5:>9.3f} {o.mrr:>6.3f}"
        if base:
            b = base[lang]
            line += f"   {b.recall_at_5:>13.3f} {b.mrr:>8.3f}"
        print(line)


def offline_results(db: Path, queries: list[str], tmp: Path) -> list[list[str]] | None:
    """The static export's search on these queries (None without node)."""
    node = shutil.which("node")
    if not node:
        return None
    from judgebase.web.export import export_site

    export_site(db, tmp / "site")
    (tmp / "queries.json").write_text(json.dumps(queries), encoding="utf-8")
    out = subprocess.run([node, str(ROOT / "bench" / "static_search.js"), str(tmp / "site"), str(tmp / "queries.json")],
                         capture_output=True, text=True, check=True)
    return json.loads(out.stdout)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="repetitions for timings (default 15)")
    args = parser.parse_args()
    verdict = {}
    print(f"Load average at start: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores "
          "(wall-clock times grow with it; CPU times, shown beside them, much less)\n")

    with tempfile.TemporaryDirectory() as tmp:
        tmp = Path(tmp)
        db = tmp / "judgebase.db"
        build_times, build_cpu = [], []
        for _ in range(3):
            started, cpu, children = time.perf_counter(), time.process_time(), _children_cpu()
            build(ROOT, db)
            build_times.append(time.perf_counter() - started)
            build_cpu.append((time.process_time() - cpu, _children_cpu() - children))

        queries = load_queries(ROOT / "tests" / "queries.yaml")
        searcher = Searcher(db)
        baseline = FtsBaseline(db)
        shown = shown_as(db)  # an example ruling is listed with its clause: found where the clause ranks

        # -- latency first, on a fresh searcher: the first pass over the queries is a cold one --------
        latencies, first_pass, cpu_times = [], [], []
        for run in range(max(1, args.runs // 3)):
            for query in queries:
                started, cpu = time.perf_counter(), time.process_time()
                searcher.search(query.q, limit=10)
                latencies.append((time.perf_counter() - started) * 1000)
                cpu_times.append((time.process_time() - cpu) * 1000)
                if run == 0:
                    first_pass.append(latencies[-1])

        server_lists = {q.q: [r.ref for r in searcher.search(q.q, limit=10)] for q in queries}
        ours = evaluate(lambda q, lang: server_lists[q], queries, shown)
        base = evaluate(lambda q, lang: baseline.search(q, lang), queries, shown)
        quality_table(f"Search quality on {len(queries)} judge queries (tests/queries.yaml); language guessed from the query\n"
                      "Server (judgebase search):", ours, base)

        for name, part in by_set(queries).items():
            quality_table(f"\nServer, set {name!r} ({len(part)} questions):", evaluate(lambda q, lang: server_lists[q], part, shown),
                          evaluate(lambda q, lang: baseline.search(q, lang), part, shown))

        tuning, held_out = halves(queries)
        for title, part in (("tuning half (even positions per language)", tuning),
                            ("held-out half (odd positions per language)", held_out)):
            quality_table(f"\nServer, {title}:", evaluate(lambda q, lang: server_lists[q], part, shown),
                          evaluate(lambda q, lang: baseline.search(q, lang), part, shown))

        offline = offline_results(db, [q.q for q in queries], tmp)
        if offline is None:
            print("\nOffline search (static export): node is not installed, not measured")
        else:
            by_query = dict(zip([q.q for q in queries], offline))
            theirs = evaluate(lambda q, lang: by_query[q], queries, shown)
            quality_table("\nOffline search (static export: site/static/search.js over the exported index, in node):", theirs)
            same = sum(1 for q in queries if by_query[q.q][:5] == server_lists[q.q][:5])
            share = same / len(queries)
            gap = abs(ours["all"].recall_at_5 - theirs["all"].recall_at_5)
            print(f"Same top 5 as the server: {same}/{len(queries)} queries ({share:.0%}, target >= 95%); "
                  f"recall@5 difference {gap:.3f} (target <= 0.01)")
            verdict["offline = server"] = share >= 0.95 and gap <= 0.01

        base_lat = []
        for query in queries:
            started = time.perf_counter()
            baseline.search(query.q)
            base_lat.append((time.perf_counter() - started) * 1000)
        p95 = percentile(latencies, 95)
        print(f"\nIn-process query latency over {len(latencies)} queries ({max(1, args.runs // 3)} passes, the first one cold): "
              f"median {statistics.median(latencies):.2f} ms, p95 {p95:.2f} ms (target <= {TARGETS['p95']:.0f} ms; "
              f"CPU time p95 {percentile(cpu_times, 95):.2f} ms); "
              f"first pass median {statistics.median(first_pass):.2f} ms, p95 {percentile(first_pass, 95):.2f} ms; "
              f"FTS5 baseline median {statistics.median(base_lat):.2f} ms")
        verdict["query p95"] = p95 <= TARGETS["p95"]

        # -- whole processes, interleaved with bare Python so that the machine's load hits all alike --------
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["JUDGEBASE_DB"] = str(db)
        commands = {
            "python -c pass": [sys.executable, "-c", "pass"],
            "judgebase clause 8-1-3-3": [sys.executable, "-m", "judgebase", "clause", "8-1-3-3"],
            "judgebase search 6-1-4": [sys.executable, "-m", "judgebase", "search", "6-1-4"],
            f"judgebase search '{WORDS}'": [sys.executable, "-m", "judgebase", "search", WORDS],
        }
        for argv in commands.values():  # bytecode written, default database found fresh once
            subprocess.run(argv, env=env, check=True, capture_output=True)
        times: dict[str, list[float]] = {label: [] for label in commands}
        cpus: dict[str, list[float]] = {label: [] for label in commands}
        for _ in range(args.runs):
            for label, argv in commands.items():
                started, cpu = time.perf_counter(), _children_cpu()
                subprocess.run(argv, env=env, check=True, capture_output=True)
                times[label].append((time.perf_counter() - started) * 1000)
                cpus[label].append((_children_cpu() - cpu) * 1000)
        bare, bare_cpu = statistics.median(times["python -c pass"]), statistics.median(cpus["python -c pass"])
        print(f"\nWhole-process time, {args.runs} interleaved rounds (medians; ratio to bare python; CPU time beside):")
        for label, values in times.items():
            ratio = statistics.median(values) / bare
            target = TARGETS["clause"] if "clause" in label else TARGETS["search"] if "search" in label else None
            note = f"(target <= {target}x)" if target else ""
            print(f"  {label:<44} median {statistics.median(values):6.1f} ms   {ratio:5.2f}x   "
                  f"CPU {statistics.median(cpus[label]):6.1f} ms {statistics.median(cpus[label]) / bare_cpu:5.2f}x  {note}")
            if target:
                verdict[label] = ratio <= target

        build_median = statistics.median(build_times)
        main_cpu = statistics.median(c for c, _ in build_cpu)
        child_cpu = statistics.median(c for _, c in build_cpu)
        print(f"\njudgebase build (3 runs): median {build_median:.2f} s, max {max(build_times):.2f} s "
              f"(target <= {TARGETS['build']:.0f} s); CPU {main_cpu:.2f} s in the build's process and {child_cpu:.2f} s "
              "in the scenario process running beside it")
        verdict["build"] = build_median <= TARGETS["build"]

        print("\nTargets: " + ", ".join(f"{name} {'met' if ok else 'MISSED'}" for name, ok in verdict.items()))

        worst = ours["all"].misses
        if worst:
            print(f"\nQueries below full recall@5 on the server ({len(worst)}):")
            for q, top in worst:
                print(f"  [{q.lang}] {q.q!r}: expected {q.expect}, got {top}")
        searcher.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
