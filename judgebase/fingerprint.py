"""Which files a build reads, and one hash over them (cheap: no parsing)."""

from __future__ import annotations

import hashlib
from pathlib import Path

SCHEMA_VERSION = 1

# Code whose change alters what a build produces.
_BUILD_CODE = ("corpus/load.py", "corpus/markdown.py", "corpus/yamlsrc.py", "store.py", "search/index.py",
               "search/analysis.py", "refs.py", "build.py", "fingerprint.py")


def source_files(root: Path) -> list[Path]:
    """The files a build reads (also what decides whether a database is stale)."""
    rules = root / "rules"
    files = [rules / "sources.yaml", rules / "glossary.yaml"]
    files += sorted(rules.glob("*/*/*.md"))
    files += sorted(rules.glob("*/*.yaml"))
    files += sorted((rules / "conflicts").glob("*.yaml"))
    files += sorted((root / "rulings").glob("*/*.yaml"))
    return [f for f in dict.fromkeys(files) if f.exists()]


def fingerprint(source_root: str | Path) -> str:
    """A hash of every source file and of the build code: equal hashes, equal databases."""
    root = Path(source_root)
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\n".encode())
    for path in source_files(root):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes())
    package = Path(__file__).parent
    for name in _BUILD_CODE:
        digest.update(name.encode() + b"\0" + (package / name).read_bytes())
    return digest.hexdigest()
