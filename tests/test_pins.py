"""Pinned citations: a scenario whose cited clause changed is listed "to re-check" by verify and the export,
until it is re-pinned; an unchanged corpus has none; a translation fix or a reflowed line asks for nothing."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from judgebase import pins
from judgebase.cli import cli

ROOT = Path(__file__).resolve().parent.parent
CLAUSE = "CR 8-1-2-3"


@pytest.fixture()
def tree(tmp_path):
    """A private copy of the sources (rules/ and rulings/) to change."""
    for name in ("rules", "rulings"):
        shutil.copytree(ROOT / name, tmp_path / name)
    return tmp_path


def _citing(root: Path, clause: str) -> set[str]:
    """Scenario ids whose pins name ``clause`` (the lock lists every cite of every scenario)."""
    return {sid for sid, ref in pins.read_lock(root) if ref == clause}


def _reword(root: Path, clause: str, lang: str, new_words: str) -> None:
    """Change the first line of ``clause``'s text in ``lang`` (it must occur once in its file)."""
    ruleset = "official" if clause.startswith("CR") else None
    text = pins.clause_texts(root, [ruleset])[clause][lang]["text"]
    first = text.splitlines()[0]
    for path in (root / "rules" / ruleset / lang).glob("*.md"):
        content = path.read_text(encoding="utf-8")
        if first in content:
            assert content.count(first) == 1
            path.write_text(content.replace(first, first + new_words), encoding="utf-8")
            return
    raise AssertionError(f"{clause} not found in {lang}")


def _verify(root: Path, *args) -> tuple[int, dict | str]:
    result = CliRunner().invoke(cli, ["verify", "--source", str(root), *args])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.output) if "--json" in args else result.output


def _export(root: Path, out: Path) -> dict:
    result = CliRunner().invoke(cli, ["conformance", "export", str(out), "--source", str(root)])
    assert result.exit_code == 0, result.output
    return json.loads((out / "manifest.json").read_text())


def test_the_shipped_lock_pins_every_cite_of_every_scenario():
    files = sorted((ROOT / "rulings").glob("*/scenarios/*.yaml"))
    from judgebase.scenarios import loader

    cited = []
    for path in files:
        data, shown = loader.read(path)
        cited.append((path, shown, data["cites"]))
    result = pins.check(ROOT, cited, whole_tree=True)
    assert result.to_recheck == [] and result.stale == []
    assert result.checked == len(pins.read_lock(ROOT)) > len(files)


def _file(root: Path, sid: str) -> Path:
    ruleset, stem = sid.split("/")
    return root / "rulings" / ruleset / "scenarios" / f"{stem}.yaml"


def test_a_changed_clause_is_to_recheck_in_verify_and_the_export_until_repinned(tree, tmp_path):
    citing = _citing(tree, CLAUSE)
    assert len(citing) >= 3
    old = pins.clause_sources(tree, ["official"])[CLAUSE].pin  # (the unchanged tree: see the first test)

    _reword(tree, CLAUSE, "en", " Only on Tuesdays.")
    new = pins.clause_sources(tree, ["official"])[CLAUSE].pin
    assert new.version == old.version and new.fingerprint != old.fingerprint
    code, data = _verify(tree, "--json")  # the whole tree: exactly the citing scenarios
    assert code == 1 and data["failed"] == 0  # every scenario still passes: only the pins say something changed
    assert {r["scenario"] for r in data["to_recheck"]} == citing
    for r in data["to_recheck"]:
        assert r["clause"] == CLAUSE and r["reason"] == "changed"
        assert r["pinned"] == old.as_json() and r["now"] == new.as_json()
        line = (tree / r["file"]).read_text(encoding="utf-8").splitlines()[r["line"] - 1]
        assert CLAUSE in line  # file:line points at the cite itself
    files = [str(_file(tree, sid)) for sid in sorted(citing)]
    code, text = _verify(tree, *files)
    assert code == 1 and "TO RE-CHECK" in text and "judgebase verify --repin" in text
    first = min(data["to_recheck"], key=lambda r: r["file"])
    assert f"{first['file']}:{first['line']}: {CLAUSE} changed since it was pinned ({old} -> {new})" in text

    manifest = _export(tree, tmp_path / "after")
    assert {r["scenario"] for r in manifest["to_recheck"]} == citing and manifest["counts"]["to_recheck"] == len(citing)
    sid = sorted(citing)[0]
    entry = json.loads((tmp_path / "after" / "scenarios" / f"{sid}.json").read_text())
    assert entry["to_recheck"] == [CLAUSE] and entry["pins"][CLAUSE] == old.as_json()
    assert json.loads((tmp_path / "after" / "clauses.json").read_text())[CLAUSE]["fingerprint"] == new.fingerprint

    # Re-pinning one re-checked scenario clears it alone; re-pinning the rest clears them all.
    lock_before = (tree / pins.LOCK).read_text(encoding="utf-8")
    code, text = _verify(tree, "--repin", files[0])
    assert code == 0 and "1 pin changed" in text
    code, data = _verify(tree, "--json", *files)
    assert code == 1 and {r["scenario"] for r in data["to_recheck"]} == citing - {sid}
    code, text = _verify(tree, "--repin", *files[1:])
    assert code == 0 and f"{len(citing) - 1} pins changed" in text
    code, data = _verify(tree, "--json")
    assert code == 0 and data["to_recheck"] == []
    assert _export(tree, tmp_path / "repinned")["to_recheck"] == []
    changed = set((tree / pins.LOCK).read_text(encoding="utf-8").splitlines()) ^ set(lock_before.splitlines())
    assert len(changed) == 2 * len(citing) and all(f"\t{CLAUSE}\t" in line for line in changed)  # only its pins


def test_a_translation_fix_or_reflowed_text_asks_for_no_recheck(tree):
    _reword(tree, CLAUSE, "de", " (umformuliert)")
    en = pins.clause_sources(tree, ["official"])[CLAUSE]
    path, line = en.at.rsplit(":", 1)
    content = (tree / path).read_text(encoding="utf-8")
    first = en.text.splitlines()[0]
    (tree / path).write_text(content.replace(first, first.replace(" ", "  \n", 1), 1), encoding="utf-8")
    assert pins.clause_sources(tree, ["official"])[CLAUSE].pin == en.pin
    cited = [(_file(tree, sid), sid, [CLAUSE]) for sid in _citing(tree, CLAUSE)]
    assert pins.check(tree, cited).to_recheck == []


def test_a_new_version_asks_for_every_citing_scenario(tree):
    sources = tree / "rules" / "sources.yaml"
    sources.write_text(sources.read_text(encoding="utf-8").replace("version: v0.9.1", "version: v1.0"), encoding="utf-8")
    cited = [(_file(tree, sid), sid, [ref]) for sid, ref in pins.read_lock(tree) if ref.startswith("TT ")]
    result = pins.check(tree, cited)
    assert len(result.to_recheck) == len(cited) > 0
    assert {(r.pinned.version, r.now.version) for r in result.to_recheck} == {("TT v0.9.1", "TT v1.0")}


def test_a_new_scenario_is_unpinned_until_pinned(tree):
    src = tree / "rulings" / "official" / "scenarios" / "off-000-faq-01-block-own-target.yaml"
    new = src.with_name("zz-new-block-own-target.yaml")
    shutil.copyfile(src, new)
    code, data = _verify(tree, str(new), "--json")
    assert code == 1 and data["failed"] == 0
    assert {(r["scenario"], r["clause"], r["reason"]) for r in data["to_recheck"]} == {
        ("official/zz-new-block-own-target", c, "unpinned") for c in ("CR 12-1-5", "CR 12-1-7-1")}
    code, _ = _verify(tree, str(new), "--repin")
    assert code == 0 and ("official/zz-new-block-own-target", "CR 12-1-5") in pins.read_lock(tree)
    new.unlink()  # a scenario gone leaves stale pins: a note, not a failure; a whole-tree re-pin drops them
    code, text = _verify(tree, "--ruleset", "legacy")  # (a ruleset is not the whole tree: no note)
    assert code == 0 and "no scenario makes" not in text
    code, text = _verify(tree)
    assert code == 0 and "2 pins in rulings/cites.lock are of citations no scenario makes any more" in text
    code, text = _verify(tree, "--repin")
    assert code == 0 and "2 pins changed" in text
    assert not any(sid == "official/zz-new-block-own-target" for sid, _ in pins.read_lock(tree))


def test_a_scenario_outside_the_source_tree_is_not_pinned(tmp_path):
    src = ROOT / "rulings" / "official" / "scenarios" / "off-000-faq-01-block-own-target.yaml"
    outside = tmp_path / "draft.yaml"
    shutil.copyfile(src, outside)
    code, data = _verify(ROOT, str(outside), "--json")
    assert code == 0 and data["to_recheck"] == []


@pytest.mark.parametrize("line,words", [
    ("official/x\tCR 1-1\tCR Ver. 4.2\n", "expected 4 tab-separated fields"),
    ("official/x\tCR 1-1\tCR Ver. 4.2\tNOT-A-PRINT\n", "'NOT-A-PRINT' is not a fingerprint"),
])
def test_a_broken_lock_line_is_reported_with_its_line(tree, line, words):
    lock = tree / pins.LOCK
    lines = lock.read_text(encoding="utf-8").splitlines(keepends=True)
    lines.insert(10, line)
    lock.write_text("".join(lines), encoding="utf-8")
    src = tree / "rulings" / "official" / "scenarios" / "off-000-faq-01-block-own-target.yaml"
    code, text = _verify(tree, str(src))
    assert code == 1 and "rulings/cites.lock:11: " in text and words in text
