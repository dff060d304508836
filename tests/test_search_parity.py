"""Offline search = server search: one index, one ranking, the same answers.

The static export's search (site/static/search.js, run here in node) reads the server's
own index and must give the server's top five; the stemmers and stop words the query
path uses instead of whoosh must give whoosh's stems and lists.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sqlite3
from contextlib import closing

import pytest

from conftest import ROOT
from judgebase.search.analysis import LANGUAGES, TOKEN, fold, terms
from judgebase.search.index import export_json
from judgebase.search.quality import evaluate, load_queries, shown_as
from judgebase.search.scoring import INDEX_FILE
from judgebase.search.stemmers import STEMMERS
from judgebase.search.stopwords import STOPWORDS

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed: the static export's search can't be run")
RUNNER = ROOT / "bench" / "static_search.js"
SEARCH_JS = ROOT / "site" / "static" / "search.js"
QUERIES = load_queries(ROOT / "tests" / "queries.yaml")
# Beyond the development questions: references, Rule Q&A numbers, an older version's number,
# Korean, typos, filters' neighbours, mixed references and words.
MORE = ["6-1-4", "7-2", "7-9", "RM 6-1-4 memoria", "Q42", "§2.2", "LEG 3.4", "TT 2.2", "v4.0 3-4-4", "8.1.3.3",
        "RM 5-2-1-4/5 mulligan Q42 y §2.2", "디지몬 진화", "digivolusionar area de cria", "protected card",
        "who goes first hyper colosseum", "is a digi-egg deck with 0 cards legal", "Sicherheitsprüfung Straße",
        "Empfangt ein Sicherheits-Digimon Schaden und wird gelöscht?", "¿puedo bloquear con el Digimon atacado?",
        "blocker", "recovery +1 keyword", "\"blocker", "((([[", "memoria^2",
        "aufgedeckte Sicherheitskarte entfernt", "Kampfbereichsfeld aufteilung", "Angriffszielwechsel geloescht",
        "guard trigger other digimon leave", "decoy optional", "memroia pasa al rival", "evo soruces placed under"]


@pytest.fixture(scope="module")
def index_file(db_path):
    from judgebase.layout import index_dir_for

    return index_dir_for(db_path) / INDEX_FILE


@pytest.fixture(scope="module")
def exported(index_file, tmp_path_factory):
    path = tmp_path_factory.mktemp("offline") / "index.json"
    path.write_text(export_json(index_file), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def vocabulary(db_path) -> list[str]:
    """Every word of the corpus (and of the development questions), folded as the analyser folds it."""
    words: set[str] = set()
    with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
        for table, columns in (("clause_text", "title, text"), ("ruling_text", "question, answer"),
                               ("keywords", "name_es, name_en, name_de, summary_es, summary_en, summary_de"),
                               ("glossary", "es, en, de")):
            for row in conn.execute(f"select {columns} from {table}"):
                for text in row:
                    words.update(fold(w) for w in TOKEN.findall(text or ""))
    for query in [q.q for q in QUERIES] + MORE:
        words.update(fold(w) for w in TOKEN.findall(query))
    return sorted(words)


def _node(script: str, *args) -> object:
    out = subprocess.run([NODE, "-e", script, *map(str, args)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def _offline(exported, queries: list[str], tmp_path) -> list[list[str]]:
    path = tmp_path / "queries.json"
    path.write_text(json.dumps(queries), encoding="utf-8")
    out = subprocess.run([NODE, str(RUNNER), str(exported), str(path)], capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


# -- the query path's analyser is whoosh's, without whoosh -----------------------------------
def test_stemmers_give_whoosh_stems_for_every_word_of_the_corpus(vocabulary):
    snowball = pytest.importorskip("whoosh.lang.snowball")
    reference = {"es": snowball.SpanishStemmer().stem, "de": snowball.GermanStemmer().stem,
                 "en": snowball.EnglishStemmer().stem}
    # Inflected forms the corpus may not hold, so every suffix rule is exercised.
    endings = ("s", "es", "en", "er", "ern", "ing", "ed", "ly", "ness", "ado", "ando", "ar", "iendo", "ungen", "lich",
               "keit", "isch", "mente", "aciones", "idades", "selo", "ational", "iveness", "fulness")
    words = set(vocabulary) | {w + e for w in vocabulary[::7] for e in endings}
    assert len(words) > 10_000
    for lang in LANGUAGES:
        wrong = [(w, reference[lang](w), STEMMERS[lang](w)) for w in sorted(words) if reference[lang](w) != STEMMERS[lang](w)]
        assert not wrong, (lang, wrong[:20])


def test_stop_words_are_whoosh_lists_folded():
    stoplists = pytest.importorskip("whoosh.lang.stopwords")
    for lang in LANGUAGES:
        assert STOPWORDS[lang] == {fold(w) for w in stoplists.stoplists[lang]}, lang


def test_a_stem_begins_with_its_words_first_letter(vocabulary):
    """What lets a snippet skip stemming the words that can't match (snippets.py)."""
    for lang in LANGUAGES:
        assert all(STEMMERS[lang](w)[:1] == w[:1] for w in vocabulary), lang


def test_snippets_from_the_index_are_the_ones_cut_from_the_text(searcher, db):
    """Ranked results take their snippet from the index's prepared sentences; references cut it from the text."""
    from judgebase.search.snippets import snippet, snippet_of

    postings = searcher.ranker.postings
    term_sets = [set(), {"bloqu", "digimon", "atac"}, {"secur", "digimon", "delet"}, {"sicherheit", "karte"}]
    texts = {(kind, ref, lang): text for kind, sql in (
        ("clause", "select ref, lang, text from clause_text"), ("ruling", "select ruling, lang, answer from ruling_text"))
        for ref, lang, text in db.conn.execute(sql)}
    checked = 0
    for doc, (kind, ref) in enumerate(zip(postings.kinds, postings.refs)):
        for lang in ("es", "en", "de", "ko"):
            text = texts.get((kind, ref, lang))
            if text is None:
                continue
            sentences = postings.sentences(doc, lang)
            for wanted in term_sets:
                assert snippet_of(sentences, wanted) == snippet(text, lang, wanted), (ref, lang, wanted)
            checked += 1
    assert checked > 3000


def test_the_query_path_imports_no_whoosh(db_path):
    code = (f"import sys; from judgebase.search.searcher import Searcher; s = Searcher({str(db_path)!r}); "
            "s.search('bloquear con el digimon atacado'); s.search('6-1-4'); "
            "assert not [m for m in sys.modules if m.split('.')[0] == 'whoosh'], 'whoosh imported'")
    out = subprocess.run([__import__("sys").executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr


# -- search.js analyses and ranks as the server does -------------------------------------------
@needs_node
def test_search_js_stems_and_analyses_like_python(vocabulary, db_path, exported, tmp_path):
    with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
        texts = [(lang, f"{title}\n{text}") for lang, title, text in
                 conn.execute("select lang, title, text from clause_text where lang in ('es', 'en', 'de', 'ko')")]
    texts += [(lang, q) for q in MORE for lang in ("es", "en", "de", "ko")]
    data = tmp_path / "words.json"
    data.write_text(json.dumps({"words": vocabulary, "texts": texts}), encoding="utf-8")
    script = f"""
      const S = require({json.dumps(str(SEARCH_JS))});
      const fs = require("fs");
      const data = JSON.parse(fs.readFileSync(process.argv[1], "utf8"));
      const index = JSON.parse(fs.readFileSync(process.argv[2], "utf8"));
      const engine = S.create(index);
      const stems = {{}};
      for (const lang of ["es", "en", "de"]) stems[lang] = data.words.map((w) => S.stem(lang, w));
      const folded = data.words.map((w) => S.fold(w.toUpperCase()));
      console.log(JSON.stringify({{stems, folded, terms: data.texts.map(([lang, t]) => engine.terms(lang, t))}}));
    """
    out = _node(script, data, exported)
    for lang in LANGUAGES:
        wrong = [(w, STEMMERS[lang](w), js) for w, js in zip(vocabulary, out["stems"][lang]) if STEMMERS[lang](w) != js]
        assert not wrong, (lang, wrong[:20])
    wrong = [(w, fold(w.upper()), js) for w, js in zip(vocabulary, out["folded"]) if fold(w.upper()) != js]
    assert not wrong, wrong[:20]
    wrong = [(lang, text[:60]) for (lang, text), js in zip(texts, out["terms"]) if list(terms(lang, text)) != js]
    assert not wrong, wrong[:20]


@needs_node
def test_offline_search_gives_the_servers_top_five(searcher, exported, tmp_path, db_path):
    questions = [q.q for q in QUERIES] + MORE
    server = [[r.ref for r in searcher.search(q, limit=10)] if _searchable(searcher, q) else [] for q in questions]
    offline = _offline(exported, questions, tmp_path)
    differ = [(q, s[:5], o[:5]) for q, s, o in zip(questions, server, offline) if s[:5] != o[:5]]
    assert len(differ) <= 0.05 * len(questions), "\n".join(f"{q!r}: server {s}, offline {o}" for q, s, o in differ)

    by_query = dict(zip(questions, offline))
    shown = shown_as(db_path)
    ours = evaluate(lambda q, lang: [r.ref for r in searcher.search(q, limit=10)], QUERIES, shown)["all"]
    theirs = evaluate(lambda q, lang: by_query[q], QUERIES, shown)["all"]
    assert abs(ours.recall_at_5 - theirs.recall_at_5) <= 0.01, (ours.recall_at_5, theirs.recall_at_5)
    assert abs(ours.mrr - theirs.mrr) <= 0.01, (ours.mrr, theirs.mrr)


@needs_node
def test_offline_search_reads_its_numbers_from_the_index(exported, tmp_path):
    """The ranking's constants live in the index, not in search.js: change them there and the order changes."""
    query = "is a digi-egg deck with 0 cards legal"
    rank = json.loads(exported.read_text(encoding="utf-8"))
    before = _offline(exported, [query], tmp_path)[0]
    rank["meta"]["constants"]["OTHER_RULESET_FACTOR"] = 100.0
    changed = tmp_path / "changed.json"
    changed.write_text(json.dumps(rank), encoding="utf-8")
    after = _offline(changed, [query], tmp_path)[0]
    official = set(rank["meta"]["doc_refs"][i] for i, r in enumerate(rank["meta"]["doc_rulesets"]) if r == "official")
    assert all(ref in official for ref in before[:5])
    assert after[0] not in official


def _searchable(searcher, query: str) -> bool:
    from judgebase.search.searcher import QueryError

    try:
        searcher.search(query, limit=1)
        return True
    except QueryError:
        return False

