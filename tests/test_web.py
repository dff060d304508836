"""The judge's pages through datasette, in-process (no port, no network)."""

import asyncio
import re

import pytest

from judgebase.web.markdown import render


@pytest.fixture(scope="module")
def ds(db_path):
    from datasette.app import Datasette

    return Datasette(immutables=[str(db_path)])


def get(ds, path):
    return asyncio.run(ds.client.get(path))


def test_home_and_search_in_each_language(ds):
    assert get(ds, "/").status_code == 200
    for lang, query, word in (("es", "bloquear digimon atacado", "bloquear"), ("en", "dp tie battle", "tie"),
                              ("de", "Bonuskarte digitieren", "Bonuskarte")):
        r = get(ds, f"/search?q={query}&lang={lang}")
        assert r.status_code == 200
        assert 'class="result' in r.text and word.lower() in r.text.lower()
        assert f'<html lang="{lang}">' in r.text


@pytest.mark.parametrize("query, target", [("6-1-4", "/clause/CR-6-1-4"), ("RM 8-1-3-3", "/clause/CR-8-1-3-3"),
                                           ("%C2%A72.2", "/clause/TT-2.2"), ("LEG 3.4", "/clause/LEG-3.4")])
def test_a_clause_number_jumps_to_the_clause(ds, query, target):
    r = get(ds, f"/search?q={query}")
    assert r.status_code == 302 and r.headers["location"].startswith(target)


def test_clause_page(ds):
    r = get(ds, "/clause/CR-8-2-2-1-1?lang=de")
    assert r.status_code == 200
    html = r.text
    assert re.search(r'<section class="lang-block" lang="de" data-lang="de">', html)  # German shown
    assert re.search(r'<section class="lang-block" lang="es" data-lang="es" hidden>', html)  # others one click away
    assert 'href="/clause/CR-8-2-2-1"' in html and 'href="/clause/CR-8"' in html  # breadcrumbs
    assert 'class="badge proven"' in html  # a ruling that cites it, with its proof status
    assert "source wording" in html or "paraphrase" in html or "translation" in html


def test_clause_page_lists_the_questions_judges_ask_in_the_judges_language(ds, db):
    """rules/asked/: a clause's page shows how judges ask about it, in the language the page is read in."""
    ref, lang, question = db.conn.execute(
        "select ref, lang, question from clause_asked where lang = 'es' order by ref, n limit 1").fetchone()
    from judgebase import refs

    html = get(ds, f"/clause/{refs.parse(ref).slug}?lang=es").text
    assert "Los jueces lo preguntan así" in html
    shown = re.search(r'<ul class="asked lang-block" lang="es" data-lang="es">(.*?)</ul>', html, re.S)
    assert shown and question.replace("'", "&#39;").replace('"', "&#34;") in shown.group(1)
    assert re.search(r'<ul class="asked lang-block" lang="en" data-lang="en" hidden>', html)


def test_references_and_keywords_in_text_are_links(ds):
    html = get(ds, "/clause/CR-16-16?lang=en").text
    assert '<a href="/clause/CR-16-16" class="ref" title="CR 16-16">&lt;Blitz&gt;</a>' in html
    assert 'Recorded conflict' in html


def test_ruling_page_shows_proof_and_event_log(ds):
    html = get(ds, "/ruling/off-000-faq-01-block-own-target").text
    assert 'id="proof-status">proven' in html
    assert 'id="event-log"' in html and "[CR 12-1-7-1]" in html
    assert 'href="/clause/CR-12-1-5"' in html


def test_index_pages(ds):
    assert get(ds, "/keywords").text.count('class="ref"') >= 44
    assert "digitieren" in get(ds, "/glossary").text
    coverage = get(ds, "/coverage").text
    assert "Gaps: clauses no scenario proves yet" in coverage and "Comprehensive Rules" in coverage


def test_unknown_pages_are_404_with_a_message(ds):
    r = get(ds, "/clause/CR-99-9")
    assert r.status_code == 404 and "No clause" in r.text
    assert get(ds, "/ruling/nope").status_code == 404


def test_language_is_remembered_in_a_cookie(ds):
    r = get(ds, "/keywords?lang=de")
    assert "jb_lang=de" in r.headers.get("set-cookie", "")


def test_datasette_views_stay_read_only(ds, db_path):
    import hashlib

    before = hashlib.sha256(db_path.read_bytes()).hexdigest()
    assert ds.databases["judgebase"].is_mutable is False
    write = get(ds, "/judgebase.json?sql=insert+into+meta+values+('x','y')")
    assert write.status_code in (400, 403)
    for statement in ("delete+from+clauses", "update+clause_text+set+text='x'", "drop+table+rulings"):
        assert get(ds, f"/judgebase.json?sql={statement}").status_code in (400, 403)
    assert hashlib.sha256(db_path.read_bytes()).hexdigest() == before
    count = get(ds, "/judgebase.json?sql=select+count(*)+as+n+from+meta+where+key='x'&_shape=array").json()
    assert count == [{"n": 0}]


@pytest.mark.parametrize("path", ["/", "/search", "/clause/CR-6-1-4", "/ruling/off-000-faq-01-block-own-target",
                                  "/keywords", "/glossary", "/coverage"])
def test_judge_pages_are_get_only(ds, path):
    for method in ("post", "put", "delete", "patch"):
        r = asyncio.run(getattr(ds.client, method)(path))
        assert r.status_code == 405, (method, path, r.status_code)
        assert "GET" in r.headers.get("allow", "")
    assert get(ds, path).status_code == 200


def test_markdown_rule_links_refs_but_not_code_or_html():
    html = render("See CR 6-1-4 and `CR 6-1-4`, <script>alert(1)</script>",
                  lambda ref: "/clause/" + ref.replace(" ", "-"))
    assert html.count('class="ref"') == 1
    assert "<script>" not in html and "&lt;script&gt;" in html


def test_search_results_show_a_clauses_example_with_it(ds, db, searcher):
    # An example whose question the search answers with its clause first (another ruling on the same
    # point may rightly come first for some examples).
    clause, rids = next((ref, ids) for ref, ids in sorted(db.examples.items())
                        if searcher.search(db.ruling(ids[0], "en")["question"], lang="en", limit=1)[0].ref == ref)
    question = db.ruling(rids[0], "en")["question"]
    r = get(ds, f"/search?q={question}&lang=en")
    assert r.status_code == 200
    first = r.text[r.text.index('class="result'):]
    first = first[:first.index("</li>")]
    assert f">{clause}</span>" in first and 'class="example"' in first and f"/ruling/{rids[0]}" in first
    assert f'<span class="ref">{rids[0]}</span>' not in r.text
