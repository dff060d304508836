"""Builds that race, builds that were killed, caches that are read-only or damaged."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import ROOT
from judgebase import build as build_mod
from judgebase import defaults
from judgebase.build import build
from judgebase.layout import hold_index, index_dir_for, index_root


def _cli(args, env=None, **kw):
    return subprocess.Popen([sys.executable, "-m", "judgebase", *args], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, env=env or os.environ, **kw)


def test_two_builds_of_one_database_take_turns(tmp_path):
    db = tmp_path / "jb.db"
    first, second = _cli(["build", "--db", str(db), "-q"]), _cli(["build", "--db", str(db), "-q"])
    outs = [p.communicate(timeout=300) for p in (first, second)]
    assert [first.returncode, second.returncode] == [0, 0], outs
    assert not any("Traceback" in err for _, err in outs)
    assert any("waiting for another build" in err for _, err in outs)
    index = index_dir_for(db)
    assert index.is_dir() and [p.name for p in index_root(db).iterdir()] == [index.name]
    search = subprocess.run([sys.executable, "-m", "judgebase", "search", "blocker", "--db", str(db)],
                            capture_output=True, text=True, timeout=120)
    assert search.returncode == 0, search.stderr


@pytest.fixture(scope="module")
def template(tmp_path_factory):
    """One default database, copied for each test that damages or locks one."""
    src = tmp_path_factory.mktemp("src")
    shutil.copytree(ROOT / "rules", src / "rules")
    shutil.copytree(ROOT / "rulings", src / "rulings")
    cache = tmp_path_factory.mktemp("cache")
    old = {k: os.environ.get(k) for k in ("JUDGEBASE_SOURCE", "XDG_CACHE_HOME", "JUDGEBASE_DB")}
    os.environ.update(JUDGEBASE_SOURCE=str(src), XDG_CACHE_HOME=str(cache))
    os.environ.pop("JUDGEBASE_DB", None)
    try:
        db = defaults.ensure_default_database()
    finally:
        for k, v in old.items():
            os.environ.pop(k, None) if v is None else os.environ.__setitem__(k, v)
    return src, cache, db.relative_to(cache)


@pytest.fixture
def default_db(template, tmp_path, monkeypatch):
    src, cache, rel = template
    shutil.copytree(cache, tmp_path / "cache", symlinks=True)
    monkeypatch.setenv("JUDGEBASE_SOURCE", str(src))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("JUDGEBASE_DB", raising=False)
    # Copying changed every mtime: let the stat listing settle on the copy first.
    assert defaults.ensure_default_database() == tmp_path / "cache" / rel
    return tmp_path / "cache" / rel


def test_a_killed_build_leaves_nothing_behind_after_the_next(default_db):
    leftover = default_db.with_name(default_db.name + ".k3yx9.tmp")
    leftover.write_bytes(b"half a database")
    half_index = index_root(default_db) / "20260101-dead.tmp"
    half_index.mkdir()
    (half_index / "_MAIN_1.toc").write_bytes(b"x")
    build(os.environ["JUDGEBASE_SOURCE"], default_db)
    assert not leftover.exists() and not half_index.exists()


def test_an_index_in_use_is_kept_until_released(default_db):
    old = index_dir_for(default_db)
    handle = hold_index(old)
    try:
        build(os.environ["JUDGEBASE_SOURCE"], default_db)
        assert old.is_dir(), "a running search's index was removed"
    finally:
        handle.close()
    build(os.environ["JUDGEBASE_SOURCE"], default_db)
    assert not old.exists()


def _segments(db):
    """The index's data files (its SQLite file)."""
    return [p for p in index_dir_for(db).iterdir() if p.is_file() and not p.name.startswith(".")]


@pytest.mark.parametrize("damage", ["zeroed", "truncated", "deleted"])
def test_a_damaged_index_is_rebuilt_and_said(default_db, damage, capsys):
    seg = _segments(default_db)[0]
    if damage == "zeroed":
        seg.write_bytes(b"\0" * seg.stat().st_size)
    elif damage == "truncated":
        seg.write_bytes(seg.read_bytes()[: seg.stat().st_size // 3])
    else:
        seg.unlink()
    said = []
    assert defaults.ensure_default_database(notify=said.append) == default_db
    assert any("search index" in s and "rebuilding" in s for s in said), said
    from judgebase.search.searcher import Searcher

    s = Searcher(default_db)
    assert s.search("blocker")
    s.close()


def test_a_damaged_index_given_with_db_is_a_message(tmp_path, db_path):
    db = tmp_path / "copy.db"
    shutil.copy(db_path, db)
    shutil.copytree(index_root(db_path), index_root(db))
    seg = _segments(db)[0]
    seg.write_bytes(b"\0" * seg.stat().st_size)
    result = subprocess.run([sys.executable, "-m", "judgebase", "search", "blocker", "--db", str(db)],
                            capture_output=True, text=True, timeout=120)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr and "judgebase build --db" in result.stderr


def test_a_database_with_damaged_pages_is_rebuilt(default_db):
    data = bytearray(default_db.read_bytes())
    middle = len(data) // 2
    data[middle: middle + 8192] = b"\xa5" * 8192
    default_db.write_bytes(bytes(data))
    said = []
    defaults.ensure_default_database(notify=said.append)
    assert any("damaged" in s or "can't be read" in s for s in said), said
    assert defaults.damage(default_db) is None


def test_a_read_only_cache_uses_the_stale_database_with_a_warning(default_db, monkeypatch):
    src = Path(os.environ["JUDGEBASE_SOURCE"])
    (src / "rules/glossary.yaml").write_text((src / "rules/glossary.yaml").read_text() + "\n")

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(build_mod, "build_lock", read_only)
    said = []
    assert defaults.ensure_default_database(notify=said.append) == default_db
    assert any("using the existing database" in s and "--db" in s for s in said), said


def test_a_read_only_cache_without_a_database_says_where_to_build(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "ro"))

    def read_only(*args, **kwargs):
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(build_mod, "build_lock", read_only)
    with pytest.raises(defaults.CannotBuild) as info:
        defaults.ensure_default_database()
    assert "--db" in str(info.value) and "JUDGEBASE_DB" in str(info.value)


def test_fresh_is_decided_by_a_stat_listing_without_reading_sources(default_db, monkeypatch):
    opened = []
    real = Path.read_bytes
    monkeypatch.setattr(Path, "read_bytes", lambda self: opened.append(self) or real(self))
    assert defaults.ensure_default_database() == default_db
    assert opened == []


@pytest.mark.parametrize("changed", ["rulings/official/scenarios/{any}.yaml", "judgebase/deck.py"])
def test_any_build_input_changing_means_rebuild(default_db, changed, monkeypatch):
    src = Path(os.environ["JUDGEBASE_SOURCE"])
    if changed.startswith("rulings"):
        target = sorted((src / "rulings/official/scenarios").glob("*.yaml"))[0]
        target.write_text(target.read_text() + "\n# touched\n")
        wanted = True
    else:
        import judgebase.fingerprint as fp

        extra = Path(os.environ["XDG_CACHE_HOME"]) / "pkg"
        shutil.copytree(fp.PACKAGE, extra / "judgebase", ignore=shutil.ignore_patterns("__pycache__"))
        (extra / "judgebase/deck.py").write_text((extra / "judgebase/deck.py").read_text() + "\n# a deck rule changed\n")
        monkeypatch.setattr(fp, "PACKAGE", extra / "judgebase")
        wanted = True
    said = []
    defaults.ensure_default_database(notify=said.append)
    assert any("Building" in s for s in said) == wanted, said
