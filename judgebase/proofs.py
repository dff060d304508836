"""Run every scenario of a source tree: the proofs the database records next to the rulings.

This is where the knowledge base and the engine meet.  The engine knows nothing
of rulings or the database; a scenario run is just a fact (file, passed,
message) that the build stores, and that every interface then shows as
proven / failing / unproven.  A passing scenario proves the clauses it cites
and asserts (``scenarios/claims.py``); a cite no assertion backs is an error
that ``verify`` reports and the build refuses.
"""

from __future__ import annotations

import os
import sys
from dataclasses import dataclass
from pathlib import Path

from .scenarios.common import ScenarioError
from .scenarios.loader import ScenarioResult, run


def scenario_files(root: str | Path, ruleset: str | None = None) -> list[Path]:
    root = Path(root)
    pattern = f"{ruleset or '*'}/scenarios/*.yaml"
    return sorted((root / "rulings").glob(pattern))


def run_all(root: str | Path, files: list[Path] | None = None, workers: int | None = None) -> list[ScenarioResult]:
    """Run the scenarios, in file order; a malformed file raises ScenarioError (path:line).

    Scenarios are independent, so on a machine with several cores they run in that many forked
    processes (``workers``; 1 runs them here), and the results come back in file order: the
    suite keeps its running time as it grows.  The first malformed file in file order is the
    error raised, as in a run in one process.
    """
    root = Path(root)
    files = list(files if files is not None else scenario_files(root))
    workers = _worker_count(len(files)) if workers is None else workers
    results = _run_forked(files, workers) if workers > 1 else None
    if results is None:
        results = [run(path) for path in files]
    for result in results:
        try:
            result.path = str(Path(result.path).resolve().relative_to(root.resolve()))
        except ValueError:
            pass
    return results


#: Below this many scenarios a fork costs more than it saves.
_FORK_FROM = 40


def _worker_count(n: int) -> int:
    if n < _FORK_FROM or sys.platform != "linux":
        return 1
    try:
        cores = len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        cores = os.cpu_count() or 1
    return max(1, min(cores, 4, n // _FORK_FROM))


def _run_forked(files: list[Path], workers: int) -> list[ScenarioResult] | None:
    """Each worker runs every ``workers``-th file and sends back (index, result) pairs, or the
    index and problem of its first malformed file.  None if the processes can't be had (then
    the caller runs the files itself)."""
    import multiprocessing

    try:
        context = multiprocessing.get_context("fork")
        pipes, processes = [], []
        for k in range(workers):
            receive, send = context.Pipe(duplex=False)
            # The worker closes the read ends it inherits: when this process dies, its sends fail
            # and it exits instead of waiting for a reader that is gone.
            process = context.Process(target=_worker, args=(files, k, workers, send, [*pipes, receive]), daemon=True)
            process.start()
            send.close()
            pipes.append(receive)
            processes.append(process)
    except (OSError, ValueError, AssertionError):  # AssertionError: a daemonic process can't fork workers
        return None
    runs: dict[int, ScenarioResult] = {}
    errors = []
    heard = 0
    try:
        for receive in pipes:
            try:
                kind, payload = receive.recv()
            except (EOFError, OSError):
                return None  # a worker died: run here, and meet whatever stopped it
            heard += 1
            if kind == "error":
                errors.append(payload)
            else:
                runs.update(payload)
    finally:
        stop_processes(processes, pipes, early=heard < len(processes))
    if errors:
        index, path, line, message = min(errors)
        if all(i in runs for i in range(index)):
            raise ScenarioError(path, line, message)
    return [runs[i] for i in range(len(files))] if len(runs) == len(files) else None


#: How long a stopped process may take to end before it is killed.
_STOP_TIMEOUT = 10.0


def stop_processes(processes: list, pipes: list, early: bool) -> None:
    """End the workers. Stopped early (an error, or this process is being stopped), the read ends close first:
    a worker blocked sending results nobody will read then fails (EPIPE) and ends, where a SIGTERM that came
    just before its send began would leave it waiting for a reader forever; one that still lingers is killed."""
    if early:
        for receive in pipes:
            receive.close()
    for process in processes:
        if early and process.is_alive():
            process.terminate()
        process.join(_STOP_TIMEOUT)
        if process.is_alive():
            process.kill()
            process.join()
    for receive in pipes:
        receive.close()


def _worker(files: list[Path], first: int, step: int, pipe, inherited: list) -> None:
    for receive in inherited:
        receive.close()
    done = []
    try:
        for index in range(first, len(files), step):
            try:
                done.append((index, run(files[index])))
            except ScenarioError as exc:
                pipe.send(("error", (index, exc.path, exc.line, exc.message)))
                return
        pipe.send(("runs", done))
    except OSError:
        pass  # the reader stopped listening (it was stopped early): nothing is waiting for these results
    finally:
        pipe.close()


@dataclass(frozen=True)
class UnbackedCite:
    """A clause a scenario cites but no expectation of it asserts: a claim without a proof."""

    path: str
    line: int
    ref: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: cites {self.ref} but no expectation asserts it"


def unbacked_cites(results: list[ScenarioResult]) -> list[UnbackedCite]:
    """Every cite of these runs that no assertion backs, in file and line order."""
    found = [UnbackedCite(r.path, c.line, c.ref) for r in results for c in r.unbacked]
    return sorted(found, key=lambda u: (u.path, u.line, u.ref))


def proofs_by_clause(results: list[ScenarioResult]) -> dict[str, list[ScenarioResult]]:
    """Clause ref -> the passing scenarios that prove it (cited and asserted), in run order."""
    out: dict[str, list[ScenarioResult]] = {}
    for r in results:
        if r.passed:
            for ref in dict.fromkeys(r.proves):
                out.setdefault(ref, []).append(r)
    return out
