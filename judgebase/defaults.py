"""Where the sources and the default database live, and building it on first use.

``pip install -e . && judgebase search 6-1-4`` must work on a fresh clone, so a
command run without ``--db`` builds the default database when it is missing,
damaged, or older than the sources (a stat listing first, content hashes only when
the listing changed).
"""

from __future__ import annotations

import json
import os
import sqlite3
from contextlib import closing
from pathlib import Path


class NoSources(RuntimeError):
    """No rules/ folder could be found to build from."""


def source_root() -> Path:
    """``$JUDGEBASE_SOURCE``, else the checkout this package was installed from, else the wheel's copy."""
    from .shipped import sources_root

    env = os.environ.get("JUDGEBASE_SOURCE")
    root = Path(env) if env else sources_root()
    if root is None or not (root / "rules").is_dir():
        raise NoSources(
            f"no rules/ folder in {root or 'this installation'}; set JUDGEBASE_SOURCE to a judgebase checkout or pass --db"
        )
    return root


def default_db_path(root: Path | None = None) -> Path:
    """``$JUDGEBASE_DB``, else a per-checkout file in the user's cache directory."""
    env = os.environ.get("JUDGEBASE_DB")
    if env:
        return Path(env)
    root = root or source_root()
    cache = Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")
    return cache / "judgebase" / _folder_name(str(root.resolve())) / "judgebase.db"


def _folder_name(text: str) -> str:
    """A short stable name for a checkout's cache folder: FNV-1a, 48 bits (no hashing library to import)."""
    h = 0xCBF29CE484222325
    for byte in text.encode("utf-8", "surrogateescape"):
        h = ((h ^ byte) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return f"{h:016x}"[:12]


def _read_meta(db_path: Path) -> dict[str, str] | None:
    try:
        with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
            return dict(conn.execute("select key, value from meta").fetchall())
    except sqlite3.Error:
        return None


def stored_fingerprint(db_path: Path) -> str | None:
    meta = _read_meta(db_path)
    return meta.get("fingerprint") if meta else None


def damage(db_path: Path) -> str | None:
    """What is wrong with a built database or its index, or None when both read back whole."""
    from .layout import index_root

    try:
        with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
            result = conn.execute("pragma quick_check").fetchone()[0]
            meta = dict(conn.execute("select key, value from meta").fetchall())
    except sqlite3.Error as exc:
        return f"the database can't be read ({exc})"
    if result != "ok":
        return f"the database is damaged ({result})"
    try:
        expected = json.loads(meta["index_files"])
        index_dir = index_root(db_path) / meta["build_id"]
    except (KeyError, ValueError):
        return "the database records no search index"
    import hashlib

    for name, (size, digest) in expected.items():
        path = index_dir / name
        try:
            if path.stat().st_size != size or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
                return f"the search index file {name} is damaged"
        except OSError:
            return f"the search index file {name} is missing"
    return None


def _stat_file(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".fresh")


def _stat_key(root: Path, db_path: Path) -> str:
    """Inputs' stat listing plus the database's and its index's own: any change means 'look closer'."""
    from .fingerprint import stat_key
    from .layout import index_root

    extra = [str(db_path)]
    try:
        for build in sorted(os.scandir(index_root(db_path)), key=lambda e: e.name):
            if build.is_dir():
                extra += sorted(f.path for f in os.scandir(build.path) if f.is_file() and f.name != ".in-use")
    except OSError:
        pass
    return stat_key(root, extra)


def is_fresh(root: Path, db_path: Path) -> bool:
    """The stat listing matches the one recorded when the database was last found fresh."""
    try:
        return _stat_file(db_path).read_text(encoding="utf-8", errors="surrogateescape") == _stat_key(root, db_path)
    except OSError:
        return False


def ensure_default_database(notify=None) -> Path:
    """Return the default database, (re)building it first if the sources changed or it is damaged.

    Cheap when nothing changed: one stat listing. Otherwise the sources are hashed and
    the database and index checked; a rebuild happens only when they really differ.
    """
    notify = notify or (lambda message: None)
    root = source_root()
    db_path = default_db_path(root)
    if db_path.exists() and is_fresh(root, db_path):
        return db_path
    from .build import build
    from .fingerprint import fingerprint

    wanted = fingerprint(root)

    def problem() -> str | None:
        if not db_path.exists():
            return "first use"
        if stored_fingerprint(db_path) != wanted:
            return "sources changed"
        return damage(db_path)

    reason = problem()
    if reason is not None:
        if reason not in ("first use", "sources changed"):
            notify(f"{reason}; rebuilding {db_path}")

        def still_needed() -> bool:  # asked again once the build lock is ours
            why = problem()
            if why is not None:
                notify(f"Building the rules database from {root} ({why})…")
            return why is not None

        try:
            build(root, db_path, notify=notify, still_needed=still_needed)
        except OSError as exc:
            return _unwritable(db_path, exc, notify)
    try:
        _stat_file(db_path).write_text(_stat_key(root, db_path), encoding="utf-8", errors="surrogateescape")
    except OSError:
        pass  # a read-only cache: fresh all the same, checked again next time
    return db_path


class CannotBuild(RuntimeError):
    """The default database can't be written where it lives, and there is none to fall back on."""


def _unwritable(db_path: Path, exc: OSError, notify) -> Path:
    advice = "build one elsewhere with `judgebase build --db PATH` and pass --db PATH, or set JUDGEBASE_DB"
    if db_path.exists() and damage(db_path) is None:
        notify(f"warning: can't rebuild {db_path} ({exc.strerror or exc}); using the existing database, "
               f"which may be out of date; {advice}")
        return db_path
    raise CannotBuild(f"can't build the rules database at {db_path} ({exc.strerror or exc}); {advice}") from None
