"""judgebase serve: datasette, read-only, FTS search from its own UI, loopback only."""

import asyncio
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

import pytest

from judgebase.serve import SITE, datasette_args


@pytest.fixture(scope="module")
def datasette(db_path):
    from datasette.app import Datasette

    ds = Datasette(immutables=[str(db_path)], metadata=json.loads((SITE / "metadata.json").read_text()))
    return ds


def _get(ds, path):
    return asyncio.run(ds.client.get(path))


def test_database_is_immutable(datasette):
    assert datasette.databases["judgebase"].is_mutable is False


def test_fts_search_on_text_tables(datasette):
    response = _get(datasette, "/judgebase/clause_text.json?_search=memoria&_shape=array")
    assert response.status_code == 200
    rows = response.json()
    assert rows and all("memoria" in (r["text"] + r["title"]).lower() for r in rows)
    response = _get(datasette, "/judgebase/ruling_text.json?_search=Sicherheit&_shape=array")
    assert response.status_code == 200 and response.json()


def test_user_input_with_operators_does_not_break_fts(datasette):
    # datasette escapes _search input (no _searchmode=raw): quotes and dashes are words, never syntax.
    for query in ('RM+8-1-3+"', "memoria+OR", "NOT+(", "%22%22%22", "8-1-3*"):
        response = _get(datasette, f"/judgebase/clause_text.json?_search={query}&_shape=array")
        assert response.status_code == 200, (query, response.text[:200])
        assert isinstance(response.json(), list)
    rows = _get(datasette, "/judgebase/clause_text.json?_search=RM+8-1-3&_shape=array").json()
    assert rows == [] or all("8" in r["text"] + r["title"] + r["ref"] for r in rows)


def test_writes_are_refused(datasette):
    response = _get(datasette, "/judgebase.json?sql=delete+from+clauses")
    assert response.status_code in (400, 403)
    post = asyncio.run(datasette.client.post("/judgebase/clauses", data={"ref": "x"}))
    assert post.status_code >= 400
    count = _get(datasette, "/judgebase.json?sql=select+count(*)+as+n+from+clauses&_shape=array").json()[0]["n"]
    assert count > 300


def test_command_line_uses_immutable_loopback(db_path):
    args = datasette_args(db_path, "127.0.0.1", 8123)
    assert args[:3] == ["serve", "-i", str(db_path)]
    assert args[args.index("--host") + 1] == "127.0.0.1"


def _free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_serve_answers_on_loopback(db_path):
    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "judgebase", "serve", "--db", str(db_path), "--port", str(port)],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )
    try:
        deadline = time.time() + 30
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/judgebase/clauses.json?_shape=array&ref=CR+6-1-4") as r:
                    rows = json.loads(r.read())
                break
            except (urllib.error.URLError, ConnectionError):
                if time.time() > deadline or proc.poll() is not None:
                    raise
                time.sleep(0.2)
        assert rows[0]["ref"] == "CR 6-1-4"
    finally:
        proc.terminate()
        proc.wait(timeout=10)
