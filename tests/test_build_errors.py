"""Bad sources fail the build with path:line, exit 1, and leave the old database intact."""

import shutil
import sqlite3
from pathlib import Path

import pytest
from click.testing import CliRunner

from judgebase.cli import cli

from conftest import ROOT


@pytest.fixture(scope="module")
def built_once(tmp_path_factory):
    """One full build (every scenario run) for the whole module: the database bad sources must not touch."""
    out = tmp_path_factory.mktemp("built") / "judgebase.db"
    result = CliRunner().invoke(cli, ["build", "--source", str(ROOT), "--db", str(out), "-q"])
    assert result.exit_code == 0, result.output
    return out


@pytest.fixture
def sources(tmp_path, built_once):
    """A private copy of the sources, plus a copy of a database already built from them.

    Bad sources are caught before any scenario runs, so each test copies the one full
    build instead of repeating it.
    """
    root = tmp_path / "src"
    shutil.copytree(ROOT / "rules", root / "rules")
    shutil.copytree(ROOT / "rulings", root / "rulings")
    db = tmp_path / "out" / "judgebase.db"
    db.parent.mkdir()
    shutil.copy2(built_once, db)
    index = built_once.with_name(built_once.name + ".index")
    shutil.copytree(index, db.with_name(db.name + ".index"))
    return root, db


def _build(root, db):
    return CliRunner().invoke(cli, ["build", "--source", str(root), "--db", str(db), "-q"])


def _snapshot(db: Path):
    index_root = db.with_name(db.name + ".index")
    return db.read_bytes(), sorted(p.name for p in index_root.iterdir())


def _edit(path: Path, old: str, new: str, count: int = 1):
    text = path.read_text(encoding="utf-8")
    assert old in text, f"{old!r} not in {path}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def _line_of(path: Path, needle: str) -> int:
    for i, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        if needle in line:
            return i
    raise AssertionError(needle)


def _assert_failed_cleanly(result, db, before, expected: str):
    assert result.exit_code == 1, result.output
    assert expected in result.output, result.output
    assert "Traceback" not in result.output
    assert _snapshot(db) == before, "the previous database and index must be untouched"
    leftovers = [p.name for p in db.parent.iterdir() if p.name.endswith(".tmp")]
    assert leftovers == []
    # ... and still answers queries.
    ok = CliRunner().invoke(cli, ["search", "6-1-4", "--db", str(db), "--json"])
    assert ok.exit_code == 0 and '"CR 6-1-4"' in ok.output


def test_malformed_meta_block(sources):
    root, db = sources
    before = _snapshot(db)
    path = root / "rules/official/en/06-game-procedures.md"
    _edit(path, "lang: en", "lang: [en")
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, "rules/official/en/06-game-procedures.md:")
    assert "invalid YAML" in result.output


def test_heading_without_number(sources):
    root, db = sources
    before = _snapshot(db)
    path = root / "rules/official/es/06-game-procedures.md"
    with path.open("a", encoding="utf-8") as f:
        f.write("\n## Una cláusula sin número\n\nTexto.\n")
    line = len(path.read_text(encoding="utf-8").splitlines()) - 2
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, f"rules/official/es/06-game-procedures.md:{line}: heading must start with a clause number")


def test_duplicate_clause_number(sources):
    root, db = sources
    before = _snapshot(db)
    path = root / "rules/official/de/06-game-procedures.md"
    with path.open("a", encoding="utf-8") as f:
        f.write("\n### 6-1-4 Nochmal\n\nDoppelt.\n")
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, "duplicate clause CR 6-1-4 in de (first at rules/official/de/06-game-procedures.md:")


def test_number_not_in_ver_4_2(sources):
    root, db = sources
    before = _snapshot(db)
    path = root / "rules/official/en/06-game-procedures.md"
    with path.open("a", encoding="utf-8") as f:
        f.write("\n### 6-99 Invented\n\nNot a rule.\n")
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, "CR 6-99 is not a clause number of CR Ver. 4.2")


def test_malformed_ruling_yaml(sources):
    root, db = sources
    before = _snapshot(db)
    path = sorted((root / "rulings/official").glob("*.yaml"))[0]
    _edit(path, "question:", "question: [unclosed\nbroken:")
    result = _build(root, db)
    rel = path.relative_to(root)
    _assert_failed_cleanly(result, db, before, f"{rel}:")
    assert "invalid YAML" in result.output


def test_citation_that_does_not_resolve(sources):
    root, db = sources
    before = _snapshot(db)
    path = sorted((root / "rulings/official").glob("*.yaml"))[0]
    text = path.read_text(encoding="utf-8")
    import re

    text, n = re.subn(r"^cites: \[", "cites: [CR 6-1-4-1-9, ", text, count=1, flags=re.M)
    if n == 0:
        text = re.sub(r"^cites:\n", "cites:\n  - CR 6-1-4-1-9\n", text, count=1, flags=re.M)
    path.write_text(text, encoding="utf-8")
    line = _line_of(path, "CR 6-1-4-1-9")
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, f"{path.relative_to(root)}:{line}: cited clause CR 6-1-4-1-9 does not exist")


def test_ruling_id_must_match_file_name(sources):
    root, db = sources
    before = _snapshot(db)
    path = sorted((root / "rulings/tamer_tactics").glob("*.yaml"))[0]
    _edit(path, f"id: {path.stem}", "id: something-else")
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, "must equal the file name")


def test_every_problem_is_reported_in_one_run(sources):
    root, db = sources
    before = _snapshot(db)
    _edit(root / "rules/official/en/06-game-procedures.md", "lang: en", "lang: [en")
    path = sorted((root / "rulings/official").glob("*.yaml"))[0]
    _edit(path, f"id: {path.stem}", "id: nope")
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, "06-game-procedures.md")
    assert "must equal the file name" in result.output


def test_binary_garbage_in_a_source(sources):
    root, db = sources
    before = _snapshot(db)
    (root / "rulings/official/zz-garbage.yaml").write_bytes(b"\xff\xfe\x00garbage\x80")
    result = _build(root, db)
    _assert_failed_cleanly(result, db, before, "rulings/official/zz-garbage.yaml:1: cannot read")


def test_rebuild_after_fix_replaces_the_database(sources):
    root, db = sources
    path = root / "rules/official/en/06-game-procedures.md"
    original = path.read_text(encoding="utf-8")
    _edit(path, "lang: en", "lang: [en")
    assert _build(root, db).exit_code == 1
    path.write_text(original.replace("# 6 ", "# 6 Renamed ", 1) if "# 6 " in original else original, encoding="utf-8")
    result = _build(root, db)
    assert result.exit_code == 0, result.output
    assert "Built" in result.output and "missing translations" in result.output
    with sqlite3.connect(db) as conn:
        assert conn.execute("select count(*) from clauses").fetchone()[0] > 300


def test_asked_question_for_a_clause_that_does_not_exist(sources):
    """rules/asked/: each key must be a clause of that folder's ruleset, each question a line of text."""
    root, db = sources
    before = _snapshot(db)
    path = root / "rules/asked/official/99-test.yaml"
    path.write_text('CR 6-1-4:\n  es:\n    - "se acaba el turno?"\n'
                    'CR 6-99:\n  en:\n    - "invented"\n'
                    'TT §2.1:\n  en:\n    - "a Tamer Tactics clause in the official folder"\n'
                    'CR 6-1-3:\n  fr:\n    - "langue inconnue"\n'
                    'CR 6-1-2:\n  de:\n    - ""\n', encoding="utf-8")
    result = _build(root, db)
    rel = "rules/asked/official/99-test.yaml"
    _assert_failed_cleanly(result, db, before, f"{rel}:4: CR 6-99 is not a clause of the official rules")
    assert f"{rel}:7: TT §2.1 is not a clause of the official rules" in result.output
    assert f"{rel}:11: CR 6-1-3: unknown language 'fr'" in result.output
    assert f"{rel}:15: CR 6-1-2 de: a question must be non-empty text" in result.output
