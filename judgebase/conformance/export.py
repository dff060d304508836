"""``judgebase conformance export DIR``: the suite as plain JSON for other tool chains.

    DIR/manifest.json          suite format and version (a digest of everything below), protocol, counts, files
    DIR/INTERPRETING.md        the host contract
    DIR/schema.json            the scenario JSON Schema
    DIR/vocabulary.json        every vocabulary item per category
    DIR/scenarios/<ruleset>/<name>.json   each scenario as JSON, with its id, requirements and protocol support

A scenario's JSON is its YAML source as data (nothing renamed, nothing added inside it),
wrapped as ``{"id", "path", "ruleset", "kind", "cites", "in_protocol", "requirements", "scenario"}``.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from ..scenarios.common import _plain, schema
from .protocol import PROTOCOL, SUITE_FORMAT, requirements, vocabulary

HERE = Path(__file__).resolve().parent


def _dump(path: Path, value) -> str:
    text = json.dumps(value, ensure_ascii=False, indent=2) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def export(out_dir: str | Path, suite) -> dict:
    """Write the suite (a list of harness Scenarios) into ``out_dir``; returns the manifest."""
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256()
    files = {}

    def add(rel: str, text: str) -> None:
        files[rel] = hashlib.sha256(text.encode("utf-8")).hexdigest()

    for rel, value in (("schema.json", schema()), ("vocabulary.json", vocabulary())):
        add(rel, _dump(out / rel, value))
    shutil.copyfile(HERE / "INTERPRETING.md", out / "INTERPRETING.md")
    add("INTERPRETING.md", (HERE / "INTERPRETING.md").read_text(encoding="utf-8"))
    in_protocol = 0
    for sc in suite:
        data = _plain(sc.data)
        supported = sc.kind == "game"
        in_protocol += supported
        entry = {"id": sc.id, "path": sc.path, "ruleset": sc.ruleset, "kind": sc.kind, "cites": sc.cites,
                 "ruling": sc.ruling, "in_protocol": supported,
                 "requirements": requirements(data) if supported else None, "scenario": data}
        rel = f"scenarios/{sc.id}.json"
        add(rel, _dump(out / rel, entry))
    for rel in sorted(files):
        digest.update(f"{rel}\0{files[rel]}\n".encode())
    manifest = {
        "suite": "judgebase conformance",
        "format": SUITE_FORMAT,
        "version": digest.hexdigest()[:16],
        "protocol": PROTOCOL,
        "counts": {"scenarios": len(suite), "protocol": in_protocol,
                   "by_ruleset": {r: sum(1 for s in suite if s.ruleset == r) for r in sorted({s.ruleset for s in suite})}},
        "clauses": sorted({ref for sc in suite for ref in sc.cites}),
        "files": files,
    }
    _dump(out / "manifest.json", manifest)
    return manifest
