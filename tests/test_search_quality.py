"""Search quality on the development query set: recall@5 >= 0.9 overall and per language."""

from judgebase.search.quality import evaluate, load_queries

from conftest import ROOT

QUERIES = load_queries(ROOT / "tests" / "queries.yaml")


def test_query_set_shape(db):
    per_lang = {lang: sum(1 for q in QUERIES if q.lang == lang) for lang in ("es", "en", "de")}
    assert all(n >= 15 for n in per_lang.values()), per_lang
    assert sum(1 for q in QUERIES if q.note == "cross") >= 6
    for query in QUERIES:
        for expected in query.refs:
            if expected[:3] in ("CR ", "TT ", "LEG"):
                assert db.has_clause(__import__("judgebase.refs", fromlist=["parse"]).parse(expected)), expected
            else:
                assert expected in db.ruling_ids, expected


def test_recall_at_5(searcher):
    scores = evaluate(lambda q, lang: [r.ref for r in searcher.search(q, limit=10)], QUERIES)
    report = "\n".join(f"[{q.lang}] {q.q!r}: expected {q.expect}, got {top}" for q, top in scores["all"].misses)
    assert scores["all"].recall_at_5 >= 0.9, report
    for lang in ("es", "en", "de"):
        assert scores[lang].recall_at_5 >= 0.85, (lang, report)
