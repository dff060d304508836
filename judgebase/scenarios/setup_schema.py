"""The setup part of schema.json, generated from what the engines' setup readers accept.

Each ruleset's reader declares its vocabulary (``SETUP``: one
:class:`~judgebase.engine.setup.Level` per mapping) and refuses any other key.  This module
turns those levels into JSON Schema definitions: the official ones under their own names
(``setup``, ``zones``, ``stack``, ...), the Tamer Tactics levels that differ from them under
``tt_`` (``tt_setup``, ``tt_zones``, ...), and the legacy ones under ``legacy_``.  Run
``python -m judgebase.scenarios.setup_schema`` after changing a vocabulary; the tests fail
while schema.json and the engines disagree.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.legacy import SETUP as LEGACY
from ..engine.official.position import SETUP as OFFICIAL
from ..engine.setup import Level
from ..engine.tamer_tactics import SETUP as TAMER_TACTICS

SCHEMA = Path(__file__).parent / "schema.json"
# ruleset -> (its vocabulary, the prefix of its definitions)
VOCABULARIES = {"official": (OFFICIAL, ""), "tamer_tactics": (TAMER_TACTICS, "tt_"), "legacy": (LEGACY, "legacy_")}


def render(level: Level, names: dict[str, str]) -> dict:
    """One level as a JSON Schema object; ``names`` maps level names to definition names."""
    schema: dict = {"type": "object"}
    if level.description:
        schema["description"] = level.description
    if level.required:
        schema["required"] = list(level.required)
    schema["additionalProperties"] = False
    schema["properties"] = {key: _refs(value, names) for key, value in level.keys.items()}
    schema.update(level.extra)
    return schema


def _refs(value, names: dict[str, str]):
    if isinstance(value, dict):
        if set(value) == {"$ref"} and not value["$ref"].startswith("#"):
            return {"$ref": f"#/$defs/{names[value['$ref']]}"}
        return {k: _refs(v, names) for k, v in value.items()}
    if isinstance(value, list):
        return [_refs(v, names) for v in value]
    return value


def names_of(ruleset: str) -> dict[str, str]:
    """Level name -> definition name for a ruleset.  A Tamer Tactics level that comes out the same
    as the official one (after its own references are named) is the official definition."""
    vocabulary, prefix = VOCABULARIES[ruleset]
    names = {level: prefix + level for level in vocabulary}
    if ruleset != "tamer_tactics":
        return names
    official = {level: render(spec, names_of("official")) for level, spec in OFFICIAL.items()}
    changed = True
    while changed:
        changed = False
        for level, spec in vocabulary.items():
            if names[level] != level and level in official and render(spec, names) == official[level]:
                names[level] = level
                changed = True
    return names


def definitions() -> dict[str, dict]:
    """Every setup definition of schema.json, by name."""
    out: dict[str, dict] = {}
    for ruleset, (vocabulary, _prefix) in VOCABULARIES.items():
        names = names_of(ruleset)
        for level, spec in vocabulary.items():
            name = names[level]
            if name not in out:
                out[name] = render(spec, names)
    return out


def items(ruleset: str) -> set[str]:
    """Every key a ruleset's setup may hold, as ``level.key`` (``stack.modifiers``)."""
    vocabulary, _prefix = VOCABULARIES[ruleset]
    return {f"{level}.{key}" for level, spec in vocabulary.items() for key in spec.keys}


def keys_used(setup, ruleset: str) -> set[str]:
    """The keys one setup uses, as ``level.key``, following the levels its keys lead to."""
    vocabulary, _prefix = VOCABULARIES[ruleset]
    used: set[str] = set()

    def walk(value, fragment) -> None:
        if not isinstance(fragment, dict):
            return
        if "$ref" in fragment and isinstance(value, dict):
            level = fragment["$ref"]
            for key, sub in value.items():
                if key in vocabulary[level].keys:
                    used.add(f"{level}.{key}")
                    walk(sub, vocabulary[level].keys[key])
        elif "items" in fragment and isinstance(value, list):
            for item in value:
                walk(item, fragment["items"])
        elif "anyOf" in fragment:
            for option in fragment["anyOf"]:
                walk(value, option)

    walk(setup, {"$ref": "setup"})
    return used


def write(path: Path = SCHEMA) -> bool:
    """Rewrite the setup definitions in schema.json; True if the file changed.  A new definition goes
    right after ``setup`` (official, Tamer Tactics) or ``legacy_setup``; every other definition is
    kept as it is, in its place."""
    text = path.read_text(encoding="utf-8")
    schema = json.loads(text)
    generated = definitions()
    new = [name for name in generated if name not in schema["$defs"]]
    defs: dict[str, dict] = {}
    for name, value in schema["$defs"].items():
        defs[name] = generated.get(name, value)
        if name in ("setup", "legacy_setup"):
            for extra in new:
                if extra.startswith("legacy_") == (name == "legacy_setup"):
                    defs[extra] = generated[extra]
    for name, value in generated.items():
        defs.setdefault(name, value)
    schema["$defs"] = defs
    out = json.dumps(schema, indent=2, ensure_ascii=False) + "\n"
    if out != text:
        path.write_text(out, encoding="utf-8")
    return out != text


if __name__ == "__main__":  # pragma: no cover - a maintenance command
    print("schema.json updated" if write() else "schema.json already matches the engines")
