"""Conformance harness benchmark: per-scenario cost through the protocol vs in-process verify.

    python bench/conformance.py [--rounds N]

Runs every game scenario (official and Tamer Tactics) N times both ways: in process
(``loader.run``, what ``judgebase verify`` does) and through the harness against the
reference adapter in a child process (``judgebase conformance run``).  Prints the median
per-scenario time of each, the median of the per-scenario overhead (harness minus
in-process on the same parsed data), and whole-suite wall times (the harness's includes starting the engine).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from judgebase.conformance.harness import load_suite, run_suite  # noqa: E402
from judgebase.scenarios import loader, runner  # noqa: E402

ADAPTER = [sys.executable, "-m", "judgebase.conformance.adapter"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    t0 = time.perf_counter()
    suite = [sc for sc in load_suite(ROOT) if sc.kind == "game"]
    load = time.perf_counter() - t0
    local: dict[str, list[float]] = {sc.id: [] for sc in suite}
    run_only: dict[str, list[float]] = {sc.id: [] for sc in suite}
    validate = runner.validate
    remote: dict[str, list[float]] = {sc.id: [] for sc in suite}
    walls_local, walls_remote = [], []
    for _ in range(args.rounds):
        started = time.perf_counter()
        for sc in suite:
            t0 = time.perf_counter()
            loader.run(ROOT / sc.path)  # reads, validates and runs: what verify does per file
            local[sc.id].append(time.perf_counter() - t0)
        walls_local.append(time.perf_counter() - started)
        runner.validate = lambda data, shown: data  # already validated by load_suite: time the game alone
        try:
            for sc in suite:
                t0 = time.perf_counter()
                runner.run_game(sc.data, sc.path)
                run_only[sc.id].append(time.perf_counter() - t0)
        finally:
            runner.validate = validate
        started = time.perf_counter()
        report = run_suite(ADAPTER, suite)
        walls_remote.append(time.perf_counter() - started)
        assert report.ok, report.unexpected_failures
        for r in report.results:
            remote[r.id].append(r.seconds)
    med_local = {i: statistics.median(v) for i, v in local.items()}
    med_run = {i: statistics.median(v) for i, v in run_only.items()}
    med_remote = {i: statistics.median(v) for i, v in remote.items()}
    overhead = [med_remote[i] - med_run[i] for i in med_run]
    ms = 1000
    print(f"{len(suite)} game scenarios, {args.rounds} rounds")
    print(f"in-process verify (read + validate + run), median per scenario: {statistics.median(med_local.values()) * ms:.2f} ms")
    print(f"in-process run only (parsed, validated data), median per scenario: {statistics.median(med_run.values()) * ms:.2f} ms")
    print(f"harness + reference adapter, median per scenario: {statistics.median(med_remote.values()) * ms:.2f} ms")
    print(f"protocol overhead per scenario (harness - in-process run only), median: {statistics.median(overhead) * ms:+.2f} ms"
          f" ({statistics.median(med_remote.values()) / statistics.median(med_run.values()):.1f}x)")
    print(f"whole suite: in-process {statistics.median(walls_local):.2f} s, "
          f"harness {statistics.median(walls_remote):.2f} s (engine start included) + {load:.2f} s loading the suite once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
