"""Which files a build reads, and one hash over them (cheap: no parsing)."""

from __future__ import annotations

import hashlib
from pathlib import Path

SCHEMA_VERSION = 1

# Code whose change alters what a build produces.
_BUILD_CODE = ("corpus/load.py", "corpus/markdown.py", "corpus/yamlsrc.py", "store.py", "search/index.py",
               "search/analysis.py", "refs.py", "build.py", "fingerprint.py", "proofs.py")
# Scenario results are stored in the database, so the engine is part of what a build depends on.
_BUILD_CODE_DIRS = ("engine", "scenarios")


def source_files(root: Path) -> list[Path]:
    """The files a build reads (also what decides whether a database is stale)."""
    rules = root / "rules"
    files = [rules / "sources.yaml", rules / "glossary.yaml"]
    files += sorted(rules.glob("*/*/*.md"))
    files += sorted(rules.glob("*/*.yaml"))
    files += sorted((rules / "conflicts").glob("*.yaml"))
    files += sorted((root / "rulings").glob("*/*.yaml"))
    files += sorted((root / "rulings").glob("*/scenarios/*.yaml"))
    return [f for f in dict.fromkeys(files) if f.exists()]


def fingerprint(source_root: str | Path) -> str:
    """A hash of every source file and of the build code: equal hashes, equal databases."""
    root = Path(source_root)
    digest = hashlib.sha256(f"schema {SCHEMA_VERSION}\n".encode())
    for path in source_files(root):
        digest.update(str(path.relative_to(root)).encode() + b"\0")
        digest.update(path.read_bytes())
    package = Path(__file__).parent
    code = [package / name for name in _BUILD_CODE]
    for folder in _BUILD_CODE_DIRS:
        code += sorted((package / folder).glob("*.py")) + sorted((package / folder).glob("*.json"))
    for path in code:
        digest.update(str(path.relative_to(package)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()
