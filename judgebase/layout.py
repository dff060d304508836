"""Where a database's companion files live: its search index, next to it."""

from __future__ import annotations

import sqlite3
from contextlib import closing
from pathlib import Path


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
