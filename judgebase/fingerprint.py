"""Which files decide a build's output, and two ways to tell whether they changed.

``stat_key`` lists paths, sizes and modification times (a few milliseconds, no file
is read); ``fingerprint`` hashes their contents. A database is checked with the
cheap key first and hashed only when the key differs, so "still fresh" costs
nothing on an unchanged checkout and can't be fooled by a touched or restored file.
"""

from __future__ import annotations

import hashlib
import os
from pathlib import Path

from .layout import SCHEMA_VERSION


PACKAGE = Path(__file__).resolve().parent
_CODE_SUFFIXES = (".py", ".json", ".txt", ".md", ".yaml")
_SKIP_DIRS = {"__pycache__", ".git"}


def _walk(folder: Path, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    out = []
    for dirpath, dirnames, filenames in os.walk(folder):
        dirnames[:] = sorted(d for d in dirnames if d not in _SKIP_DIRS and not d.startswith("."))
        for name in sorted(filenames):
            if name.startswith(".") or (suffixes and not name.endswith(suffixes)):
                continue
            out.append(Path(dirpath) / name)
    return out


def source_files(root: Path) -> list[Path]:
    """Every file under ``rules/`` and ``rulings/``: sources, scenarios and their data files."""
    return _walk(Path(root) / "rules") + _walk(Path(root) / "rulings")


def code_files() -> list[Path]:
    """Every module and data file of the package: any of them can change what a build writes."""
    return _walk(PACKAGE, _CODE_SUFFIXES)


def _named(root: Path) -> list[tuple[str, Path]]:
    root = Path(root)
    files = [(f"src/{p.relative_to(root).as_posix()}", p) for p in source_files(root)]
    return files + [(f"pkg/{p.relative_to(PACKAGE).as_posix()}", p) for p in code_files()]


def stat_key(source_root: str | Path, extra: list[Path] = ()) -> str:
    """A hash of every build input's path, size and mtime (and of ``extra`` files, e.g. the database)."""
    digest = hashlib.sha256(f"stat {SCHEMA_VERSION}\n".encode())
    for name, path in _named(Path(source_root)) + [(str(p), p) for p in extra]:
        try:
            st = path.stat()
            digest.update(f"{name}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
        except OSError:
            digest.update(f"{name}\0missing\n".encode())
    return digest.hexdigest()


def fingerprint(source_root: str | Path) -> str:
    """A hash of every source file and of the package's code: equal hashes, equal databases."""
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\n".encode())
    for name, path in _named(Path(source_root)):
        digest.update(name.encode() + b"\0" + path.read_bytes() + b"\0")
    return digest.hexdigest()
