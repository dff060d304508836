"""Where the sources and the default database live, and building it on first use.

``pip install -e . && judgebase search 6-1-4`` must work on a fresh clone, so a
command run without ``--db`` builds the default database when it is missing or
older than the sources (compared by content fingerprint, not by file times).
"""

from __future__ import annotations

import fcntl
import hashlib
import os
import sqlite3
from contextlib import closing, contextmanager
from pathlib import Path


class NoSources(RuntimeError):
    """No rules/ folder could be found to build from."""


def source_root() -> Path:
    """``$JUDGEBASE_SOURCE``, else the checkout this package was installed from."""
    env = os.environ.get("JUDGEBASE_SOURCE")
    root = Path(env) if env else Path(__file__).resolve().parent.parent
    if not (root / "rules").is_dir():
        raise NoSources(
            f"no rules/ folder in {root}; set JUDGEBASE_SOURCE to a judgebase checkout or pass --db"
        )
    return root


def default_db_path(root: Path | None = None) -> Path:
    """``$JUDGEBASE_DB``, else a per-checkout file in the user's cache directory."""
    env = os.environ.get("JUDGEBASE_DB")
    if env:
        return Path(env)
    root = root or source_root()
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    key = hashlib.sha256(str(root.resolve()).encode()).hexdigest()[:12]
    return cache / "judgebase" / key / "judgebase.db"


def stored_fingerprint(db_path: Path) -> str | None:
    try:
        with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
            row = conn.execute("select value from meta where key = 'fingerprint'").fetchone()
    except sqlite3.Error:
        return None
    return row[0] if row else None


@contextmanager
def _build_lock(db_path: Path):
    db_path.parent.mkdir(parents=True, exist_ok=True)
    with open(db_path.with_name(db_path.name + ".lock"), "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def ensure_default_database(notify=None) -> Path:
    """Return the default database, (re)building it first if the sources changed."""
    from .fingerprint import fingerprint

    root = source_root()
    db_path = default_db_path(root)
    wanted = fingerprint(root)
    if db_path.exists() and stored_fingerprint(db_path) == wanted:
        return db_path
    with _build_lock(db_path):
        if db_path.exists() and stored_fingerprint(db_path) == wanted:
            return db_path  # another process built it while we waited
        if notify:
            notify(f"Building the rules database from {root} (first use or sources changed)…")
        from .build import build

        build(root, db_path)
    return db_path
