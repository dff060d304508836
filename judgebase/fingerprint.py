"""Which files decide a build's output, and two ways to tell whether they changed.

``stat_key`` lists paths, sizes and modification times (a few milliseconds, no file
is read, nothing hashed: the listing itself is the key, so the command a judge runs
imports no hashing library); ``fingerprint`` hashes their contents. A database is
checked with the cheap key first and hashed only when the key differs, so "still
fresh" costs nothing on an unchanged checkout and can't be fooled by a touched or
restored file.
"""

from __future__ import annotations

import os
from pathlib import Path

from .layout import SCHEMA_VERSION


PACKAGE = Path(__file__).resolve().parent
_CODE_SUFFIXES = (".py", ".json", ".txt", ".md", ".yaml")
_SKIP_DIRS = {"__pycache__", ".git", "_shipped"}  # _shipped: the wheel's copy of the sources, listed as sources


def _walk(folder: str, prefix: str, suffixes: tuple[str, ...] | None = None) -> list[tuple[str, str]]:
    """(name, path) of every file under ``folder``, sorted, names relative and prefixed; os.scandir for speed."""
    out = []
    try:
        entries = sorted(os.scandir(folder), key=lambda e: e.name)
    except OSError:
        return out
    for entry in entries:
        if entry.name.startswith("."):
            continue
        if entry.is_dir(follow_symlinks=False):
            if entry.name not in _SKIP_DIRS:
                out += _walk(entry.path, f"{prefix}{entry.name}/", suffixes)
        elif not suffixes or entry.name.endswith(suffixes):
            out.append((prefix + entry.name, entry.path))
    return out


def source_files(root: Path) -> list[Path]:
    """Every file under ``rules/`` and ``rulings/``: sources, scenarios and their data files."""
    return [Path(path) for _, path in _sources(Path(root))]


def code_files() -> list[Path]:
    """Every module and data file of the package: any of them can change what a build writes."""
    return [Path(path) for _, path in _walk(str(PACKAGE), "", _CODE_SUFFIXES)]


def _sources(root: Path) -> list[tuple[str, str]]:
    return _walk(str(root / "rules"), "src/rules/") + _walk(str(root / "rulings"), "src/rulings/")


def _named(root: Path) -> list[tuple[str, str]]:
    return _sources(Path(root)) + _walk(str(PACKAGE), "pkg/", _CODE_SUFFIXES)


def stat_key(source_root: str | Path, extra: list = ()) -> str:
    """Every build input's path, size and mtime (and ``extra`` files', e.g. the database's), one per line."""
    lines = [f"stat {SCHEMA_VERSION}"]
    for name, path in _named(Path(source_root)) + [(str(p), str(p)) for p in extra]:
        try:
            st = os.stat(path)
            lines.append(f"{name}\t{st.st_size}\t{st.st_mtime_ns}")
        except OSError:
            lines.append(f"{name}\tmissing")
    return "\n".join(lines) + "\n"


def fingerprint(source_root: str | Path) -> str:
    """A hash of every source file and of the package's code: equal hashes, equal databases."""
    import hashlib

    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\n".encode())
    for name, path in _named(Path(source_root)):
        digest.update(name.encode("utf-8", "surrogateescape") + b"\0" + Path(path).read_bytes() + b"\0")
    return digest.hexdigest()
