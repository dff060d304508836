"""Versions: each clause names its version, shows its official history, and old numbers resolve."""

from __future__ import annotations

import asyncio
import json

import pytest

from judgebase.refs import CR_DATE, CR_VERSION


def test_every_official_clause_names_its_version_and_the_japanese_notice(run_cli):
    data = json.loads(run_cli("clause", "6-1-4", "--json").output)
    assert data["version_label"] == f"CR Ver. {CR_VERSION}, {CR_DATE}" == "CR Ver. 4.2, 2026-08-18"
    assert "Japanese" in data["notice"]
    es = json.loads(run_cli("clause", "6-1-4", "--lang", "es", "--json").output)
    assert "japonés" in es["notice"]
    text = run_cli("clause", "6-1-4", "--lang", "de").output
    assert "japanische Text" in text and "CR Ver. 4.2, 2026-08-18" in text


def test_a_clause_shows_the_versions_that_changed_it(run_cli):
    data = json.loads(run_cli("clause", "4-6-2", "--json").output)
    assert {"version": "4.2", "date": "2026-08-07", "kind": "updated"}.items() <= data["history"][0].items()
    assert "Update history" in run_cli("clause", "4-6-2").output
    # A Ver. 4.0 entry reaches today's clause through the number map (Ver. 4.0's 4-5 is today's 4-6).
    dual = json.loads(run_cli("clause", "4-6", "--json").output)
    assert any(h["version"] == "4.0" and h["kind"] == "added" and h["number"] == "4-5" for h in dual["history"])


def test_an_old_number_answers_with_todays_clause_and_says_it_was_renumbered(run_cli):
    result = run_cli("clause", "3-4-4", "--version", "4.0", "--json")
    data = json.loads(result.output)
    assert data["ref"] == "CR 3-4-6"
    assert data["asked"] == {"version": "4.0", "ref": "CR 3-4-4", "status": "renumbered",
                             "notice": "CR 3-4-4 of Ver. 4.0 is CR 3-4-6 in Ver. 4.2 (renumbered)."}
    assert "renumbered" in run_cli("clause", "4-2-1", "--version", "4.0").output  # chapter 4 moved up by one
    assert json.loads(run_cli("clause", "4-2-1", "--version", "v4.0", "--json").output)["ref"] == "CR 4-3-1"
    same = json.loads(run_cli("clause", "6-1-4", "--version", "4.0", "--json").output)
    assert same["ref"] == "CR 6-1-4" and same["asked"]["status"] == "same"


def test_old_numbers_that_are_gone_or_unknown_are_clear_errors(run_cli):
    gone = run_cli("clause", "7-1-2-2", "--version", "4.0")
    assert gone.exit_code == 1 and "no counterpart" in gone.output
    unknown = run_cli("clause", "3-1-3", "--version", "3.9")
    assert unknown.exit_code == 2 and "known: 4.0" in unknown.output


@pytest.mark.parametrize("query", ["v4.0 3-4-4", "Ver. 4.0 3-4-4", "ver4.0 3.4.4"])
def test_search_with_a_version_qualifier(searcher, query):
    top = searcher.search(query, limit=3)[0]
    assert top.ref == "CR 3-4-6" and "Ver. 4.0" in top.notice


def test_the_search_box_takes_a_version_qualifier(db_path):
    from datasette.app import Datasette

    ds = Datasette(immutables=[str(db_path)])
    r = asyncio.run(ds.client.get("/search?q=v4.0+3-4-4&lang=en"))
    assert r.status_code == 302 and r.headers["location"].startswith("/clause/CR-3-4-6")
    page = asyncio.run(ds.client.get(r.headers["location"]))
    assert "CR 3-4-4 of Ver. 4.0 is CR 3-4-6" in page.text
    assert "Japanese text" in page.text and "CR Ver. 4.2, 2026-08-18" in page.text


def test_history_and_map_are_facts_that_resolve(corpus):
    assert corpus.versions["4.2"][0] == "2026-08-07"
    mapped = corpus.number_maps["4.0"]
    assert len(mapped) > 1000 and {m.status for m in mapped.values()} <= {"same", "renumbered", "changed", "removed"}
    official = {c.ref.number for c in corpus.clauses.values() if c.ref.ruleset == "official"}
    assert all(m.new in official for m in mapped.values() if m.new)
    assert all(c.ref[3:] in official for c in corpus.history if c.ref)
