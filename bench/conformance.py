"""Conformance harness benchmark: per-scenario cost through the protocol vs in-process verify.

    python bench/conformance.py [--rounds N]

Runs every scenario (official and Tamer Tactics games, legacy games, deck checks) N times
both ways: in process (``loader.run``, what ``judgebase verify`` does) and through the
harness against the reference adapter in a child process (``judgebase conformance run``).
Prints, overall and per kind, the median per-scenario time of each, the median of the
per-scenario overhead (harness minus in-process on the same parsed data), and whole-suite
wall times (the harness's includes starting the engine).
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
from judgebase.scenarios import deck_runner, legacy_runner, loader, runner  # noqa: E402

ADAPTER = [sys.executable, "-m", "judgebase.conformance.adapter"]
# kind -> (module, its validator's name, its run function): the run alone, on data load_suite already validated
RUN_ONLY = {
    "game": (runner, "validate", runner.run_game),
    "legacy": (legacy_runner, "validate_legacy", legacy_runner.run_legacy),
    "deck_check": (deck_runner, "validate_deck_check", deck_runner.run_deck_check),
}


def _run_only(sc) -> float:
    module, name, run = RUN_ONLY[sc.kind]
    validate = getattr(module, name)
    setattr(module, name, lambda data, shown: data)
    try:
        t0 = time.perf_counter()
        result = run(sc.data, sc.file)
        elapsed = time.perf_counter() - t0
    finally:
        setattr(module, name, validate)
    assert result.passed, result.message
    return elapsed


def _ms(values, sign: str = "") -> str:
    return f"{statistics.median(values) * 1000:{sign}.2f} ms"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    t0 = time.perf_counter()
    suite = load_suite(ROOT)
    load = time.perf_counter() - t0
    local = {sc.id: [] for sc in suite}
    run_only = {sc.id: [] for sc in suite}
    remote = {sc.id: [] for sc in suite}
    walls_local, walls_remote = [], []
    for _ in range(args.rounds):
        started = time.perf_counter()
        for sc in suite:
            t0 = time.perf_counter()
            loader.run(ROOT / sc.path)  # reads, validates and runs: what verify does per file
            local[sc.id].append(time.perf_counter() - t0)
        walls_local.append(time.perf_counter() - started)
        for sc in suite:
            run_only[sc.id].append(_run_only(sc))
        started = time.perf_counter()
        report = run_suite(ADAPTER, suite)
        walls_remote.append(time.perf_counter() - started)
        assert report.ok and report.counts["unsupported"] == 0, (report.counts, report.unexpected_failures)
        for r in report.results:
            remote[r.id].append(r.seconds)
    med = {name: {i: statistics.median(v) for i, v in table.items()}
           for name, table in (("local", local), ("run", run_only), ("remote", remote))}
    kinds = {"all": suite, **{k: [sc for sc in suite if sc.kind == k] for k in RUN_ONLY}}
    print(f"{len(suite)} scenarios, {args.rounds} rounds; medians per scenario")
    print(f"{'':12} {'n':>4} {'verify (read+validate+run)':>27} {'run only':>10} {'harness':>10} {'overhead':>10} {'ratio':>6}")
    for kind, picked in kinds.items():
        ids = [sc.id for sc in picked]
        run = [med["run"][i] for i in ids]
        rem = [med["remote"][i] for i in ids]
        overhead = [med["remote"][i] - med["run"][i] for i in ids]
        print(f"{kind:12} {len(ids):4} {_ms([med['local'][i] for i in ids]):>27} {_ms(run):>10} {_ms(rem):>10} "
              f"{_ms(overhead, '+'):>10} {statistics.median(rem) / statistics.median(run):5.1f}x")
    print("overhead = harness through the reference adapter minus the in-process run of the same parsed scenario")
    print(f"whole suite: in-process {statistics.median(walls_local):.2f} s, "
          f"harness {statistics.median(walls_remote):.2f} s (engine start included) + {load:.2f} s loading the suite once")
    return 0


if __name__ == "__main__":
    sys.exit(main())
