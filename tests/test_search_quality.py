"""Search quality on the development query set (897 judge questions): floors that may only rise.

The target is recall@5 >= 0.95 and MRR >= 0.85 in each language; bench/search.py prints where
the set stands against it, per batch ("dev", tuned on; "fresh-2" to "fresh-9", each written before a round
of ranking changes and measured apart) and with a tuning half and a held-out half.  This
test holds the floors already reached on the "dev" batch and on the whole set, so a change that makes
search worse fails here.
"""

from judgebase.search.quality import by_set, evaluate, load_queries, shown_as

from conftest import ROOT

QUERIES = load_queries(ROOT / "tests" / "queries.yaml")
LANGS = ("es", "en", "de")
#: recall@5 and MRR reached per language (rounded down), on the "dev" batch and on the whole set: they may only rise.
#: They fell three times, each time for the questions nobody tuned on. When the asked questions (rules/asked/) came in:
#: dev de MRR 0.894 -> 0.854 (German questions a ruling answers, "kann das angegriffene digimon selbst blocken",
#: now behind clauses whose asked questions say the same) while fresh-4, written before, went 0.783/0.642 ->
#: 0.950/0.825. When a second pass doubled them (12,811) and they came to count as much as the texts (ASKED_WEIGHT
#: 0.7 -> 1.0): dev 0.980/0.863 -> 0.965/0.858 (the batch three rounds of text ranking were tuned on) while
#: fresh-2 went 0.900/0.771 -> 0.917/0.802, fresh-3 0.967/0.843 -> 0.967/0.867, fresh-4 0.950/0.828 -> 0.950/0.839
#: and fresh-5 (written before the second pass) 0.867/0.746 -> 0.883/0.782 (recall@5 / MRR). Matching the asked
#: questions in the query's language only (for query time: p95 -12%) moved the whole set's German 0.935/0.832 ->
#: 0.929/0.829 while Spanish and English rose (0.946/0.847 -> 0.953/0.843, 0.959/0.842 -> 0.962/0.849).
#: The whole set then grew by fresh-6 (90 questions written blind before this round's changes). A third pass of
#: asked questions (situations told in players' words, German and Spanish as typed: 13,993 official questions
#: from 11,506) moved dev Spanish MRR 0.859 -> 0.832 and the whole set's 0.862 -> 0.849 (six dev questions a place
#: or two lower, each behind a neighbouring clause) while every batch written before it rose or held: fresh-2
#: 0.917/0.795 -> 0.933/0.802, fresh-4 0.950/0.843 -> 0.950/0.863, fresh-5 0.883/0.782 -> 0.900/0.794, fresh-6
#: 0.956/0.855 -> 0.967/0.858 (fresh-3 0.967/0.875 -> 0.967/0.867); the whole set 0.952/0.845 -> 0.958/0.848.
#: Then fresh-7 (90, written blind while this round's changes were made, measured once before and once after them:
#: 0.911/0.777 -> 0.922/0.800) joined: the whole set's English and German floors are those of 649 questions.
#: Keeping the stop words that carry a rule ("before", "vor", "antes", "more", "other", "under": analysis.KEEP) moved
#: dev's MRR 0.861 -> 0.856 (English 0.880 -> 0.871) while the later batches rose, but for fresh-2's MRR (fresh-2
#: 0.933/0.801 -> 0.950/0.791, fresh-4 0.950/0.863 -> 0.967/0.875, fresh-6 0.967/0.864 -> 0.967/0.875, fresh-7
#: 0.922/0.800 -> 0.922/0.807), and so did 2,496 asked questions held out of the index, one per clause and language
#: (0.851/0.686 -> 0.858/0.697, each language up); the whole set's English 0.952/0.847 -> 0.950/0.840 (207 of 218).
#: Then fresh-8 joined (110 questions written blind before that change, measured once before and once after it:
#: 0.927/0.840 -> 0.936/0.856): the whole set's floors are those of 759 questions.
#: Then fresh-9 joined (138 written blind, from a copy of the clause texts only) and a fourth pass of asked questions
#: came in, one more English and German question per rule-stating clause that tells it from its siblings (15,657
#: official from 13,993). Measured once before and once after: fresh-9 0.957/0.879 -> 0.964/0.891 (de 0.932/0.846 ->
#: 0.955/0.873), fresh-8 en 0.886/0.817 -> 0.914/0.852, held-out asked questions 0.858/0.697 -> 0.870/0.715; the
#: whole 897 0.955/0.851 -> 0.960/0.868. German recall on fresh-2 and fresh-8 fell by one question each (0.950 ->
#: 0.900, 0.949 -> 0.923: "aus welchen bereichen besteht das spielfeld" 5th -> 6th behind CR 3-1-1, "kann jedes
#: digimon blocken" likewise) while every German MRR rose but fresh-5's (0.728 -> 0.723) and every English figure rose
#: or held (fresh-7 0.867/0.770 -> 0.933/0.819); the floors are the 897's after the pass.
#: The same pass in Spanish (832 more, 16,489 official), after the asked questions' slips came to be indexed as the
#: words meant: held-out asked questions es 0.857/0.689 -> 0.877/0.730, fresh-8 es 0.972/0.883 -> 1.000/0.940, fresh-9
#: 0.957/0.905 -> 0.979/0.901, fresh-5 0.950/0.956 -> 1.000/0.950, the whole set's es 0.964/0.865 -> 0.967/0.875,
#: while dev's Spanish recall fell 0.993 -> 0.964 (MRR 0.832 -> 0.843): "save poner la carta debajo del tamer" 5th ->
#: 6th and a legacy question 5th -> 7th, each behind a neighbouring clause.
#: A fifth pass, es/en/de, asked as a player asks with the card in hand (what a card says, and what it means here:
#: 2,496 more, 18,985 official): held-out asked questions 0.876/0.729 -> 0.889/0.746, fresh-8 0.945/0.896 ->
#: 0.982/0.911 (en 0.914 -> 0.971, de 0.923 -> 0.974), fresh-9 0.971/0.886 -> 0.978/0.893, every other batch up
#: but fresh-5's Spanish MRR (0.950 -> 0.917); the whole 897 0.962/0.871 -> 0.968/0.879. dev fell 0.976/0.874 ->
#: 0.967/0.877 (Spanish recall 0.964 -> 0.942: "efecto que dice en su lugar como funciona" 4th -> 6th). With it, a near
#: spelling of a glossary word came to bring the word's translations ("soruces": digivolution cards, stack): the whole
#: 0.968/0.879 -> 0.968/0.880 (fresh-5 de MRR 0.741 -> 0.766, fresh-9 en 0.908 -> 0.919), one question a place lower.
FLOORS = {
    "dev": {"es": (0.94, 0.85), "en": (0.99, 0.90), "de": (0.96, 0.87), "all": (0.96, 0.87)},
    "whole": {"es": (0.96, 0.88), "en": (0.97, 0.87), "de": (0.96, 0.87), "all": (0.96, 0.87)},
}


def test_query_set_shape(db):
    per_lang = {lang: sum(1 for q in QUERIES if q.lang == lang) for lang in LANGS}
    assert len(QUERIES) >= 150 and all(n >= 50 for n in per_lang.values()), per_lang
    assert sum(1 for q in QUERIES if q.note == "cross") >= 30
    chapters = {int(ref[3:].split("-")[0]) for q in QUERIES for ref in q.refs if ref.startswith("CR ")}
    assert chapters >= set(range(1, 19)), sorted(set(range(1, 19)) - chapters)
    for query in QUERIES:
        for expected in query.refs:
            if expected[:3] in ("CR ", "TT ", "LEG"):
                assert db.has_clause(__import__("judgebase.refs", fromlist=["parse"]).parse(expected)), expected
            else:
                assert expected in db.ruling_ids, expected


def test_recall_at_5_and_mrr_never_fall(searcher, db_path):
    shown = shown_as(db_path)  # an example ruling is listed with its clause
    ranked = {q.q: [r.ref for r in searcher.search(q.q, limit=10)] for q in QUERIES}
    for name, queries in (("dev", by_set(QUERIES)["dev"]), ("whole", QUERIES)):
        scores = evaluate(lambda q, lang: ranked[q], queries, shown)
        report = "\n".join(f"[{q.lang}] {q.q!r}: expected {q.expect}, got {top}" for q, top in scores["all"].misses)
        figures = {lang: (round(scores[lang].recall_at_5, 3), round(scores[lang].mrr, 3)) for lang in (*LANGS, "all")}
        for lang, (recall, mrr) in FLOORS[name].items():
            assert scores[lang].recall_at_5 >= recall, (name, lang, figures, report)
            assert scores[lang].mrr >= mrr, (name, lang, figures, report)
