"""``judgebase conformance export DIR``: the suite as plain JSON for other tool chains.

    DIR/manifest.json          suite format and version (a digest of everything below), protocol, counts,
                               the citations to re-check, files
    DIR/INTERPRETING.md        the host contract
    DIR/schema.json            the scenario JSON Schema
    DIR/vocabulary.json        every vocabulary item per category
    DIR/clauses.json           every cited clause: its pinned text (source language), version, fingerprint,
                               and its text in every language
    DIR/scenarios/<ruleset>/<name>.json   each scenario as JSON, with its id, requirements, protocol and pins

A scenario's JSON is its YAML source as data (nothing renamed, nothing added inside it),
wrapped as ``{"id", "path", "ruleset", "kind", "cites", "pins", "to_recheck", "in_protocol",
"protocol", "requirements", "scenario"}``.  ``pins`` are the clause versions and
fingerprints the scenario was last checked against (``rulings/cites.lock``); a cite whose
clause reads differently now is in ``to_recheck`` (and in the manifest's list).

The clause texts and pins come in as arguments (the command reads them with
:mod:`judgebase.pins`), so this module stays in the scenarios layer.
"""

from __future__ import annotations

import hashlib
import json
import shutil
from pathlib import Path

from ..scenarios.common import _plain, schema
from .protocol import PROTOCOL, PROTOCOLS, SINCE, SUITE_FORMAT, requirements, vocabulary

HERE = Path(__file__).resolve().parent


def _dump(path: Path, value) -> str:
    text = json.dumps(value, ensure_ascii=False, indent=2) + "\n"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return text


def export(out_dir: str | Path, suite, clauses: dict | None = None, pins: dict | None = None,
           to_recheck: list | None = None) -> dict:
    """Write the suite (a list of harness Scenarios) into ``out_dir``; returns the manifest.

    ``clauses``: canonical ref -> the clause's JSON record (pinned text, version, fingerprint, texts);
    ``pins``: (scenario id, clause) -> ``{"version", "fingerprint"}`` as pinned;
    ``to_recheck``: the citations whose clause changed since they were pinned, as JSON records.
    """
    clauses, pins, to_recheck = clauses or {}, pins or {}, to_recheck or []
    recheck = {}
    for item in to_recheck:
        recheck.setdefault(item["scenario"], []).append(item["clause"])
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
    cited = sorted({ref for sc in suite for ref in sc.cites})
    add("clauses.json", _dump(out / "clauses.json", {ref: clauses[ref] for ref in cited if ref in clauses}))
    in_protocol = 0
    for sc in suite:
        data = _plain(sc.data)
        supported = SINCE[sc.kind] <= PROTOCOL
        in_protocol += supported
        entry = {"id": sc.id, "path": sc.path, "ruleset": sc.ruleset, "kind": sc.kind, "cites": sc.cites,
                 "pins": {ref: pins.get((sc.id, ref)) for ref in sc.cites}, "to_recheck": recheck.get(sc.id, []),
                 "ruling": sc.ruling, "in_protocol": supported, "protocol": SINCE[sc.kind],
                 "requirements": requirements(data, sc.kind) if supported else None, "scenario": data}
        rel = f"scenarios/{sc.id}.json"
        add(rel, _dump(out / rel, entry))
    for rel in sorted(files):
        digest.update(f"{rel}\0{files[rel]}\n".encode())
    manifest = {
        "suite": "judgebase conformance",
        "format": SUITE_FORMAT,
        "version": digest.hexdigest()[:16],
        "protocol": PROTOCOL,
        "protocols": list(PROTOCOLS),
        "counts": {"scenarios": len(suite), "protocol": in_protocol,
                   "by_ruleset": {r: sum(1 for s in suite if s.ruleset == r) for r in sorted({s.ruleset for s in suite})},
                   "by_kind": {k: sum(1 for s in suite if s.kind == k) for k in sorted({s.kind for s in suite})},
                   "to_recheck": len(to_recheck)},
        "clauses": cited,
        "to_recheck": to_recheck,
        "files": files,
    }
    _dump(out / "manifest.json", manifest)
    return manifest
