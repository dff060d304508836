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


def say(key: str, **fields) -> str:
    """A notice in the user's language (``$JUDGEBASE_LANG``, else the locale), from the catalogue."""
    from .i18n import from_env, t

    return t(key, from_env(), **fields)


def source_root() -> Path:
    """``$JUDGEBASE_SOURCE``, else the checkout this package was installed from, else the wheel's copy."""
    from .shipped import sources_root

    env = os.environ.get("JUDGEBASE_SOURCE")
    root = Path(env) if env else sources_root()
    if root is None or not (root / "rules").is_dir():
        raise NoSources(say("cli.rebuild.no_sources", root=root or say("cli.rebuild.this_installation")))
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
    """What is wrong with a built database or its index (in the user's language), or None when both read back whole."""
    found = _damage(db_path)
    return None if found is None else say(found[0], **found[1])


def _damage(db_path: Path) -> tuple[str, dict] | None:
    """(catalogue key, fields) of what is wrong, or None."""
    from .layout import index_root

    try:
        with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
            result = conn.execute("pragma quick_check").fetchone()[0]
            meta = dict(conn.execute("select key, value from meta").fetchall())
    except sqlite3.Error as exc:
        return "cli.rebuild.unreadable", {"error": exc}
    if result != "ok":
        return "cli.rebuild.damaged", {"result": result}
    try:
        expected = json.loads(meta["index_files"])
        index_dir = index_root(db_path) / meta["build_id"]
    except (KeyError, ValueError):
        return "cli.rebuild.no_index", {}
    import hashlib

    for name, (size, digest) in expected.items():
        path = index_dir / name
        try:
            if path.stat().st_size != size or hashlib.sha256(path.read_bytes()).hexdigest() != digest:
                return "cli.rebuild.index_damaged", {"name": name}
        except OSError:
            return "cli.rebuild.index_missing", {"name": name}
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

    def problem() -> tuple[str, dict] | None:
        if not db_path.exists():
            return "cli.rebuild.first_use", {}
        if stored_fingerprint(db_path) != wanted:
            return "cli.rebuild.sources_changed", {}
        return _damage(db_path)

    reason = problem()
    if reason is not None:
        if reason[0] not in ("cli.rebuild.first_use", "cli.rebuild.sources_changed"):
            notify(say("cli.rebuild.rebuilding", reason=say(reason[0], **reason[1]), path=db_path))

        def still_needed() -> bool:  # asked again once the build lock is ours
            why = problem()
            if why is not None:
                notify(say("cli.rebuild.building", root=root, why=say(why[0], **why[1])))
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
    advice = say("cli.rebuild.advice")
    if db_path.exists() and _damage(db_path) is None:
        notify(say("cli.rebuild.stale", path=db_path, error=exc.strerror or exc, advice=advice))
        return db_path
    raise CannotBuild(say("cli.rebuild.cannot", path=db_path, error=exc.strerror or exc, advice=advice)) from None
