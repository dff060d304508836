"""The server under hostile or careless use: bounded answers, no machine paths, no stalls, fresh builds."""

from __future__ import annotations

import asyncio
import os
import shutil
import sqlite3
import threading

import pytest

from judgebase.layout import index_root
from judgebase.web import plugin


@pytest.fixture
def served(tmp_path, db_path):
    """A private copy of the database, served in-process (datasette's own client, no port)."""
    from datasette.app import Datasette

    db = tmp_path / "judgebase.db"
    shutil.copy(db_path, db)
    shutil.copytree(index_root(db_path), index_root(db))
    ds = Datasette(immutables=[str(db)])
    yield ds, db
    for opened in list(plugin._open.values()):
        if opened.path == str(db):
            plugin._open.pop(opened.path).close()


def get(ds, path):
    return asyncio.run(ds.client.get(path))


def test_a_huge_value_is_refused_not_built(served):
    ds, _ = served
    r = get(ds, "/judgebase.json?sql=select+randomblob(400000000)")
    assert r.status_code >= 400
    assert len(r.content) < 100_000 and "too big" in r.text


def test_ordinary_sql_still_answers(served):
    ds, _ = served
    r = get(ds, "/judgebase.json?sql=select+ref+from+clauses+limit+3&_shape=array")
    assert r.status_code == 200 and len(r.json()) == 3


def test_no_absolute_path_of_the_machine_is_served(served, tmp_path):
    ds, db = served
    secret = str(tmp_path)
    pages = ["/-/databases.json", "/-/threads.json", "/-/versions.json", "/-/settings.json", "/-/metadata.json",
             "/judgebase", "/judgebase.json", "/judgebase/meta.json?_shape=array",
             "/judgebase.json?sql=select+*+from+pragma_database_list&_shape=array",
             "/judgebase.json?sql=select+file+from+pragma_database_list()&_shape=array"]
    for page in pages:
        r = get(ds, page)
        assert secret not in r.text, page
        assert str(db) not in r.text, page
    rows = get(ds, "/judgebase.json?sql=select+file+from+pragma_database_list&_shape=array").json()
    assert rows and all(row["file"] is None for row in rows)
    assert get(ds, "/-/threads.json").status_code == 404
    names = {row["name"] for row in get(ds, "/-/databases.json").json()}
    assert "judgebase" in names
    keys = {k for (k,) in sqlite3.connect(db).execute("select key from meta")}
    assert "source_root" not in keys


def test_judge_searches_run_off_the_event_loop(served, db_path):
    """In a worker process (its own interpreter lock), or in a thread of the server if that can't start."""
    import os

    from judgebase.search.searcher import Searcher
    from judgebase.web.search_worker import SearchWorker

    ds, _ = served
    r = get(ds, "/search?q=blocker+suspended&lang=en")
    assert r.status_code == 200 and 'class="result' in r.text
    searcher = Searcher(db_path)
    worker = SearchWorker(str(db_path), searcher)
    try:
        answer = asyncio.run(worker.answer("blocker suspended", "en", "en", None, 5))
        assert answer["results"] and answer["where"][0] != os.getpid()
        worker.pool = None  # the fallback: a thread of the server, never the event loop's
        answer = asyncio.run(worker.answer("blocker suspended", "en", "en", None, 5))
        assert answer["results"] and answer["where"][0] == os.getpid()
        assert answer["where"][1] != threading.main_thread().name
    finally:
        worker.close()
        searcher.close()


def test_a_rebuild_is_picked_up_by_the_judge_pages(served, monkeypatch, tmp_path):
    ds, db = served
    monkeypatch.setattr(plugin, "RECHECK_SECONDS", 0.0)
    assert "REBUILT-MARKER" not in get(ds, "/clause/CR-6-1-4?lang=en").text
    new = tmp_path / "next.db"
    shutil.copy(db, new)
    with sqlite3.connect(new) as conn:
        conn.execute("update clause_text set text = text || ' REBUILT-MARKER' where ref = 'CR 6-1-4' and lang = 'en'")
    os.replace(new, db)
    assert "REBUILT-MARKER" in get(ds, "/clause/CR-6-1-4?lang=en").text


def test_serve_says_what_needs_a_restart(db_path, monkeypatch, capsys):
    from datasette import cli as datasette_cli

    from judgebase import serve

    monkeypatch.setattr(datasette_cli.cli, "main", lambda *a, **k: None)
    serve.serve_datasette(db_path)
    assert "restarted" in capsys.readouterr().err
