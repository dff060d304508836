"""Shared fixtures: one database built from this checkout's sources per test session."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SEEDS = ROOT / "rules" / "seeds"


@pytest.fixture(autouse=True)
def _no_default_database_in_home(tmp_path_factory, monkeypatch):
    """Tests never touch the user's cache: the default database lives in a temp dir."""
    if "JUDGEBASE_DB" not in os.environ:
        cache = tmp_path_factory.getbasetemp() / "cache"
        monkeypatch.setenv("XDG_CACHE_HOME", str(cache))


@pytest.fixture(autouse=True)
def _english_unless_asked(monkeypatch):
    """The command line speaks the user's language ($JUDGEBASE_LANG, the locale): tests read English
    unless they ask for another (tests/test_i18n.py)."""
    monkeypatch.setenv("JUDGEBASE_LANG", "en")


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    from judgebase.build import build

    db_path = tmp_path_factory.mktemp("db") / "judgebase.db"
    report = build(ROOT, db_path)
    return report


@pytest.fixture(scope="session")
def db_path(built):
    return built.db_path


@pytest.fixture(scope="session")
def db(db_path):
    from judgebase.db import Database

    database = Database(db_path)
    yield database
    database.close()


@pytest.fixture(scope="session")
def searcher(db_path):
    from judgebase.search.searcher import Searcher

    s = Searcher(db_path)
    yield s
    s.close()


@pytest.fixture(scope="session")
def corpus():
    from judgebase.corpus import load_corpus

    return load_corpus(ROOT)


@pytest.fixture
def run_cli(db_path):
    """Run the judgebase CLI in-process against the session database."""
    from click.testing import CliRunner

    from judgebase.cli import cli

    def run(*args, db=True):
        argv = list(args) + (["--db", str(db_path)] if db else [])
        return CliRunner().invoke(cli, argv, catch_exceptions=False)

    return run
