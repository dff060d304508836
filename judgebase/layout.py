"""Where a database's companion files live: its search index, next to it."""

from __future__ import annotations

import fcntl
import os
import sqlite3
from contextlib import closing
from pathlib import Path

#: The shape of a built database; a change makes every database stale (see fingerprint.py).
SCHEMA_VERSION = 7  # 3: scenario_runs.log holds each event in es, en and de; 4: scenario_runs.board; 5: scenario_proofs, not_testable; 6: search index format 2; 7: clause_asked


def index_root(db_path: Path) -> Path:
    """``judgebase.db`` keeps its indexes in ``judgebase.db.index/<build id>/``."""
    return db_path.with_name(db_path.name + ".index")


def index_dir_for(db_path: str | Path) -> Path:
    """The index directory the database at ``db_path`` was built with."""
    db_path = Path(db_path)
    with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
        row = conn.execute("select value from meta where key = 'build_id'").fetchone()
    if row is None:
        raise FileNotFoundError(f"{db_path}: no build id recorded; rebuild it with `judgebase build`")
    return index_root(db_path) / row[0]


IN_USE = ".in-use"


def hold_index(index_dir: Path):
    """Mark an index as read by this process (a shared lock, released when the handle closes)."""
    try:
        handle = open(Path(index_dir) / IN_USE, "a")
    except PermissionError:  # a read-only index: no build can remove it either
        return open(os.devnull)
    fcntl.flock(handle, fcntl.LOCK_SH)
    return handle


def index_in_use(index_dir: Path) -> bool:
    """Whether some process holds ``index_dir`` (see :func:`hold_index`)."""
    try:
        with open(Path(index_dir) / IN_USE, "a") as handle:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
            fcntl.flock(handle, fcntl.LOCK_UN)
            return False
    except BlockingIOError:
        return True
    except OSError:
        return False
