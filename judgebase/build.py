"""Build the database and its search index from the sources, all or nothing.

Order of work: read and check every source (a problem anywhere stops here),
write the database to a temporary file, build the search index from it into a
new directory named after the build, then rename the database into place.  The
database names the index directory it belongs to, so until that last rename
readers keep seeing the previous database *and* the previous index.
"""

from __future__ import annotations

import os
import shutil
import time
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from .corpus.load import load_corpus
from .corpus.model import Corpus
from .fingerprint import fingerprint
from .layout import index_root
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


def build(source_root: str | Path, db_path: str | Path, progress: Progress | None = None) -> BuildReport:
    """Build ``db_path`` (and its index) from ``source_root``; raise SourceError on bad sources."""
    started = time.perf_counter()
    source_root, db_path = Path(source_root), Path(db_path)
    tell = progress or (lambda label, done, total: None)

    tell("reading sources", 0, 1)
    corpus = load_corpus(source_root)
    tell("reading sources", 1, 1)

    tell("running scenarios", 0, 1)
    runs = _run_scenarios(source_root)
    tell("running scenarios", 1, 1)

    build_id = time.strftime("%Y%m%d%H%M%S") + "-" + uuid.uuid4().hex[:8]
    meta = {"build_id": build_id, "fingerprint": fingerprint(source_root), "source_root": str(source_root.resolve())}
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
    return report


def _run_scenarios(source_root: Path):
    """Run every scenario; a malformed scenario file is a source error like any other."""
    from .corpus.errors import Problem, SourceError
    from .proofs import run_all
    from .scenarios.runner import ScenarioError

    try:
        return run_all(source_root)
    except ScenarioError as exc:
        path = exc.path
        try:
            path = str(Path(path).resolve().relative_to(source_root.resolve()))
        except ValueError:
            pass
        raise SourceError([Problem(path, exc.line, exc.message)]) from None


def _remove_old_indexes(root: Path, keep: str) -> None:
    for path in root.iterdir():
        if path.name != keep and path.is_dir():
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
    return report
