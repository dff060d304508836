"""Build the database and its search index from the sources, all or nothing.

Order of work: read and check every source (a problem anywhere stops here),
write the database to a temporary file, build the search index from it into a
new directory named after the build, then rename the database into place.  The
database names the index directory it belongs to, so until that last rename
readers keep seeing the previous database *and* the previous index.
"""

from __future__ import annotations

import fcntl
import hashlib
import json
import multiprocessing
import os
import shutil
import sqlite3
import sys
import time
import uuid
from collections import Counter
from contextlib import closing, contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .corpus.load import load_corpus, official_numbers
from .corpus.model import Corpus
from .fingerprint import fingerprint
from .layout import index_in_use, index_root
from .store import write_database

Progress = Callable[[str, int, int], None]  # (stage label, done, total)


@dataclass
class BuildReport:
    db_path: Path
    seconds: float
    files: int
    clauses: Counter = field(default_factory=Counter)  # (ruleset, lang) -> count
    rulings: Counter = field(default_factory=Counter)  # ruleset -> count
    keywords: int = 0
    glossary: int = 0
    conflicts: int = 0
    notes: int = 0
    documents: int = 0
    warnings: list[str] = field(default_factory=list)
    unresolved: list[str] = field(default_factory=list)
    scenarios: int = 0
    failing: list[str] = field(default_factory=list)
    cr_total: int = 0
    cr_missing: list[str] | None = None  # CR Ver. 4.2 numbers with no clause in the sources
    coverage: dict = field(default_factory=dict)  # proven / not testable / gap over every clause (coverage.py)


@contextmanager
def build_lock(db_path: Path, notify=None):
    """One build of ``db_path`` at a time, across processes; say so when we have to wait."""
    db_path.parent.mkdir(parents=True, exist_ok=True)
    with open(db_path.with_name(db_path.name + ".lock"), "a") as handle:
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            if notify:
                from .defaults import say

                notify(say("cli.rebuild.waiting", path=db_path))
            fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def build(source_root: str | Path, db_path: str | Path, progress: Progress | None = None,
          notify=None, still_needed=None, allow_gaps: bool = False) -> BuildReport | None:
    """Build ``db_path`` (and its index) from ``source_root``; raise SourceError on bad sources.

    Holds the build lock of ``db_path`` throughout. ``still_needed``, checked once the
    lock is held, lets a caller skip a build another process finished meanwhile
    (then None is returned).  ``allow_gaps`` builds a source tree in which some clauses
    are neither proven nor listed as not testable (one being written, a partial tree).
    """
    db_path = Path(db_path)
    with build_lock(db_path, notify):
        if still_needed is not None and not still_needed():
            return None
        _remove_leftovers(db_path)
        return _build(Path(source_root), db_path, progress, allow_gaps)


def _remove_leftovers(db_path: Path) -> None:
    """Temporary files of killed builds (safe: we hold the lock, so no build is running)."""
    for path in db_path.parent.glob(db_path.name + ".*.tmp"):
        path.unlink(missing_ok=True)
    root = index_root(db_path)
    if root.is_dir():
        for path in root.glob("*.tmp"):
            shutil.rmtree(path, ignore_errors=True)


def index_manifest(index_dir: Path) -> dict[str, list]:
    """Size and hash of every file of an index: what a damaged index is recognised by."""
    out = {}
    for path in sorted(index_dir.iterdir()):
        if path.is_file() and not path.name.startswith("."):
            out[path.name] = [path.stat().st_size, hashlib.sha256(path.read_bytes()).hexdigest()]
    return out


def _build(source_root: Path, db_path: Path, progress: Progress | None, allow_gaps: bool = False) -> BuildReport:
    started = time.perf_counter()
    tell = progress or (lambda label, done, total: None)

    tell("reading sources", 0, 1)
    scenarios = _ScenariosMeanwhile(source_root)  # the engine proves the rulings while the sources are read
    try:
        corpus = load_corpus(source_root)
    except BaseException:
        scenarios.stop()
        raise
    tell("reading sources", 1, 1)

    tell("running scenarios", 0, 1)
    runs = scenarios.results()
    coverage = check_proofs(corpus, runs, allow_gaps)
    tell("running scenarios", 1, 1)

    build_id = time.strftime("%Y%m%d%H%M%S") + "-" + uuid.uuid4().hex[:8]
    # No absolute paths: the database is served and downloadable (it must not tell where the user's home is).
    meta = {"build_id": build_id, "fingerprint": fingerprint(source_root)}
    tell("writing database", 0, 1)
    tmp_db = write_database(corpus, db_path, meta, runs)
    tell("writing database", 1, 1)

    root = index_root(db_path)
    tmp_index = root / f"{build_id}.tmp"
    try:
        from .search.index import build_index

        total = len(corpus.clauses) + len(corpus.rulings) + len(corpus.keywords)
        done = 0

        def step(n: int) -> None:
            nonlocal done
            done += n
            tell("building search index", done, total)

        documents = build_index(tmp_db, tmp_index, progress=step)
        with closing(sqlite3.connect(tmp_db)) as conn:
            conn.execute("insert into meta (key, value) values ('index_files', ?)", (json.dumps(index_manifest(tmp_index)),))
            conn.commit()
        os.replace(tmp_index, root / build_id)
        os.replace(tmp_db, db_path)
    except BaseException:
        Path(tmp_db).unlink(missing_ok=True)
        shutil.rmtree(tmp_index, ignore_errors=True)
        shutil.rmtree(root / build_id, ignore_errors=True)
        raise
    _remove_old_indexes(root, keep=build_id)
    report = _report(corpus, db_path, documents, time.perf_counter() - started)
    report.scenarios = len(runs)
    report.failing = [f"{r.message}" for r in runs if not r.passed]
    report.coverage = coverage.as_json()["totals"]
    return report


class _ScenariosMeanwhile:
    """The scenario runs, made in a forked process while this one reads the sources.

    Both are about as long, and independent: on two cores a build takes the longer
    of them instead of their sum. Where fork isn't the way to start a process
    (not Linux), or the process can't start or dies, the scenarios run here instead.
    """

    def __init__(self, source_root: Path):
        self.source_root = source_root
        self.process = self.pipe = None
        if sys.platform != "linux":
            return
        try:
            context = multiprocessing.get_context("fork")
            self.pipe, child_end = context.Pipe(duplex=False)
            # Not a daemon: a daemonic process may not fork the workers the scenarios run in (proofs.run_all).
            self.process = context.Process(target=_scenarios_in_child, args=(source_root, child_end))
            self.process.start()
            child_end.close()
        except (OSError, ValueError):
            self.process = None

    def results(self):
        if self.process is not None:
            try:
                outcome = self.pipe.recv()
            except (EOFError, OSError):
                outcome = None  # the process died: run here (and meet whatever stopped it)
            finally:
                self.stop()
            if outcome is not None:
                if outcome[0] == "error":
                    from .corpus.errors import Problem, SourceError

                    raise SourceError([Problem(*outcome[1:])])
                return outcome[1]
        return _run_scenarios(self.source_root)

    def stop(self) -> None:
        """End the child. The read end closes first: a child blocked sending its results to a build that stopped
        listening (a source error) then fails and ends, rather than wait for a reader forever (``proofs.stop_processes``
        does the same for its workers)."""
        if self.process is not None:
            from .proofs import stop_processes

            stop_processes([self.process], [self.pipe], early=True)
            self.process = None


def _scenarios_in_child(source_root: Path, pipe) -> None:
    """The runs, or the scenario file's problem; anything else is left for the parent to meet (and say)."""
    import signal

    from .corpus.errors import SourceError

    # Stopped by the parent (SIGTERM): unwind, so the scenario workers are stopped too.
    signal.signal(signal.SIGTERM, lambda signum, frame: sys.exit(1))
    try:
        outcome = ("runs", _run_scenarios(source_root))
    except SourceError as exc:
        problem = exc.problems[0]
        outcome = ("error", problem.path, problem.line, problem.message)
    except BaseException:
        outcome = None
    try:
        pipe.send(outcome)
    except OSError:
        pass  # the build stopped listening (it met a source error first): nobody waits for these runs
    finally:
        pipe.close()


def _run_scenarios(source_root: Path):
    """Run every scenario; a malformed scenario file is a source error like any other."""
    from .corpus.errors import Problem, SourceError
    from .proofs import run_all
    from .scenarios.loader import ScenarioError

    try:
        return run_all(source_root)
    except ScenarioError as exc:
        path = exc.path
        try:
            path = str(Path(path).resolve().relative_to(source_root.resolve()))
        except ValueError:
            pass
        raise SourceError([Problem(path, exc.line, exc.message)]) from None


def check_proofs(corpus: Corpus, runs, allow_gaps: bool = False):
    """Refuse claims without proof and clauses nobody accounted for; return the coverage the build records.

    A scenario's cite must name a clause and be backed by one of its assertions
    (scenarios/claims.py), a clause in the not-testable manifest must not be
    proven by a passing scenario, and every clause must be one or the other (a gap
    is refused unless ``allow_gaps``: then it is only counted, as ``judgebase
    coverage`` shows it).
    """
    from .corpus.errors import Problems
    from .coverage import compute
    from .proofs import proofs_by_clause, unbacked_cites
    from .refs import parse as parse_ref

    problems = Problems()
    known = {str(ref) for ref in corpus.clauses}
    for run in runs:
        for cite in run.claims:
            if cite.ref not in known:
                problems.add(run.path, cite.line, f"cites {cite.ref}, which is not a clause of the rules")
    for claim in unbacked_cites(runs):
        if claim.ref in known:
            problems.add(claim.path, claim.line, f"cites {claim.ref} but no expectation asserts it")
    proving = {ref: [r.path for r in rs] for ref, rs in proofs_by_clause(runs).items()}
    listed = {str(ref): (e.kind, e.reason) for ref, e in corpus.not_testable.items()}
    order = [str(c.ref) for c in sorted(corpus.clauses.values(), key=lambda c: c.ref.sort_key())]
    coverage = compute(order, proving, listed)
    for entry in coverage.listed_but_proven:
        at = corpus.not_testable[parse_ref(entry.ref)].at
        problems.add(at.path, at.line, f"{entry.ref} is listed as not testable ({entry.kind}), but a passing scenario "
                                       f"proves it: {', '.join(entry.scenarios)}; take it off the manifest")
    if not allow_gaps:
        from .pins import SOURCE_LANG

        for gap in coverage.gaps:
            clause = corpus.clauses[parse_ref(gap.ref)]
            text = clause.texts.get(SOURCE_LANG[clause.ref.ruleset])  # where its rules are written from
            at = text.at if text is not None else clause.at
            problems.add(at.path, at.line, f"{gap.ref} is neither proven by a passing scenario nor listed in "
                                           f"rules/not-testable.tsv: prove it with a scenario, or list it with its kind and reason")
    problems.raise_if_any()
    return coverage


def _remove_old_indexes(root: Path, keep: str) -> None:
    """Indexes of earlier builds, unless a running search or server still reads one (a later build removes it)."""
    for path in root.iterdir():
        if path.name != keep and path.is_dir() and not path.name.endswith(".tmp") and not index_in_use(path):
            shutil.rmtree(path, ignore_errors=True)


def _report(corpus: Corpus, db_path: Path, documents: int, seconds: float) -> BuildReport:
    report = BuildReport(db_path=db_path, seconds=seconds, files=corpus.files, documents=documents)
    for clause in corpus.clauses.values():
        for lang in clause.texts:
            report.clauses[(clause.ref.ruleset, lang)] += 1
    report.rulings.update(r.ruleset for r in corpus.rulings.values())
    report.keywords = len(corpus.keywords)
    report.glossary = len(corpus.glossary)
    report.conflicts = len(corpus.conflicts)
    report.notes = len(corpus.notes)
    report.warnings = list(corpus.warnings)
    report.unresolved = [f"{at}: {ref} does not resolve" for at, ref in corpus.unresolved]
    numbers = official_numbers()
    have = {c.ref.number for c in corpus.clauses.values() if c.ref.ruleset == "official"}
    report.cr_total = len(numbers)
    report.cr_missing = sorted(numbers - have, key=lambda n: [int(x) for x in n.split("-")])
    return report
