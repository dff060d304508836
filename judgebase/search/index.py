"""Build the search index from the database (never from the sources directly).

The index is one SQLite file, ``search.sqlite``, beside the database's other
companion files. It holds everything a query needs, analysed once at build time:
the documents (one per clause, ruling and keyword, with their ruleset, citations,
Rule Q&A numbers and prior), the sentences a result's snippet is picked from with the
terms of each, per field the length of every document, per (field, term) the
postings with positions, the glossary with its lookup keys and the stems of every
translation, the stop and question words, and the ranking constants.

Both query paths read it: the server's (``scoring.py``, a few SQLite look-ups per
query, nothing loaded up front) and the static export's (:func:`export_json`
writes the same tables as one JSON object for ``site/static/search.js``). That is
what makes offline search rank as the server does.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from ..refs import CR_VERSION, example_of
from ..store import sync_file
from .analysis import KEEP, LANGUAGES, QUESTION_WORDS, analyse, compound_parts
from .glossary import glossary_data
from .ranking import ASKED_LANGS, COMPOUND_MIN_LENGTH, constants, parent_refs
from .scoring import FORMAT, INDEX_FILE, bm25_part, ints, to_blob
from .snippets import prepared
from .stopwords import STOPWORDS

INDEX_LANGS = ("es", "en", "de", "ko")
#: A word in a title counts twice (whoosh's field boost, kept when the index became ours).
TITLE_BOOST = 2.0

_SCHEMA = """
create table meta (key text primary key, value text not null);  -- JSON values
create table fields (name text primary key, boost real not null, avg real not null, lengths blob not null);
create table postings (field text not null, term text not null, docs blob not null, counts blob not null,
                       positions blob not null, parts blob not null, primary key (field, term)) without rowid;
create table snippets (doc integer not null, lang text not null, sentences text not null,
                       primary key (doc, lang)) without rowid;  -- JSON: [[sentence, [term, ...]], ...]
"""
# Numbers are stored as arrays of 32-bit little-endian integers (``scoring.ints``): a term's
# postings load in microseconds, where parsing them from JSON took a millisecond for a common word.
# ``parts`` holds each posting's BM25 term-frequency part (64-bit floats), the one number per
# document a query would otherwise work out; the static export leaves it out and search.js
# computes it with the same formula from counts and lengths.


def fields() -> list[str]:
    return ([f"{part}_{lang}" for lang in INDEX_LANGS for part in ("title", "body")] + [f"path_{lang}" for lang in PATH_LANGS]
            + [f"asked_{lang}" for lang in ASKED_LANGS])


#: The questions judges ask that a clause answers (``rules/asked/``) have a field of their own per language
#: (``ranking.ASKED_LANGS``), each question apart from the next (ASKED_GAP positions), so a phrase never runs
#: from one into another.
ASKED_GAP = 10


#: A clause's ancestors' titles, per language: what the section it sits in is about ("how many security
#: cards at the start" is answered by a clause of "Game Setup" whose own text doesn't say "start").
PATH_LANGS = ("es", "en", "de")
#: How many sections up: the two nearest say what a clause is about; a chapter's title is
#: in the path of hundreds of clauses, and matching it costs more than it tells.
PATH_DEPTH = 2


def documents(conn: sqlite3.Connection):
    """Yield one document per clause, ruling and keyword: its attributes and its text per field."""
    from .ranking import prior

    conn.row_factory = sqlite3.Row
    texts: dict[str, dict[str, sqlite3.Row]] = {}
    for row in conn.execute("select ref, lang, title, text from clause_text"):
        texts.setdefault(row["ref"], {})[row["lang"]] = row
    parents = dict(conn.execute("select ref, parent from clauses"))
    asked: dict[str, dict[str, list[str]]] = {}
    for row in conn.execute("select ref, lang, question from clause_asked order by ref, lang, n"):
        asked.setdefault(row["ref"], {}).setdefault(row["lang"], []).append(row["question"])
    # An example ruling's question is one more way judges ask about the clause it illustrates (and is shown as).
    for row in conn.execute("select rulings.item, ruling_text.lang, ruling_text.question from rulings"
                            " join ruling_text on ruling_text.ruling = rulings.id order by rulings.id, ruling_text.lang"):
        example = example_of(row["item"])
        if example is not None and row["lang"] in ASKED_LANGS and row["question"]:
            asked.setdefault(str(example), {}).setdefault(row["lang"], []).append(row["question"])

    def path(ref: str, lang: str) -> str:
        titles, up = [], parents.get(ref)
        while up:
            row = texts.get(up, {}).get(lang)
            if row is not None:
                titles.append(row["title"])
            up = parents.get(up) if len(titles) < PATH_DEPTH else None
        return "\n".join(reversed(titles))

    for row in conn.execute("select ref, ruleset, children from clauses order by position"):
        doc = {"ref": row["ref"], "kind": "clause", "ruleset": row["ruleset"], "cites": [], "qa": []}
        doc["shown"] = {}
        for lang, text in texts.get(row["ref"], {}).items():
            doc[f"title_{lang}"] = text["title"]
            doc[f"body_{lang}"] = f"{text['title']}\n{text['text']}"
            doc["shown"][lang] = text["text"]
            if lang in PATH_LANGS:
                doc[f"path_{lang}"] = path(row["ref"], lang)
        for lang, questions in asked.get(row["ref"], {}).items():
            doc[f"asked_{lang}"] = questions
        doc["prior"] = prior("clause", row["ref"], json.loads(row["children"] or "[]") != [])
        yield doc

    questions: dict[str, dict[str, sqlite3.Row]] = {}
    for row in conn.execute("select ruling, lang, question, answer from ruling_text"):
        questions.setdefault(row["ruling"], {})[row["lang"]] = row
    for row in conn.execute("select id, ruleset, cites, qa, item from rulings order by id"):
        example = example_of(row["item"])
        doc = {"ref": row["id"], "kind": "ruling", "ruleset": row["ruleset"], "cites": json.loads(row["cites"]),
               "qa": json.loads(row["qa"] or "[]"), "prior": prior("ruling", row["id"]), "shown": {},
               "example_of": str(example) if example else None}
        for lang, text in questions.get(row["id"], {}).items():
            doc[f"title_{lang}"] = text["question"] or ""
            doc[f"body_{lang}"] = f"{text['question'] or ''}\n{text['answer'] or ''}"
            doc["shown"][lang] = text["answer"]
        yield doc

    for row in conn.execute("select * from keywords"):
        aliases = json.loads(row["aliases"] or "{}")
        doc = {"ref": row["ref"], "kind": "keyword", "ruleset": "official", "cites": [], "qa": [],
               "prior": prior("keyword", row["ref"]), "shown": {}}  # a keyword's snippet is its summary
        for lang in ("es", "en", "de"):
            name = row[f"name_{lang}"] or ""
            words = " ".join(aliases.get(lang, []))
            doc[f"title_{lang}"] = f"{name} {words}".strip()
            doc[f"body_{lang}"] = f"{name} {words}\n{row[f'summary_{lang}'] or ''}"
        yield doc


def groups(docs: list[dict]) -> list[int]:
    """The document each document is shown as: an example ruling as the clause it illustrates, all else as itself.

    A clause and its example are one thing to a judge: they take one place among the results,
    the clause's, with the example attached (``ranking.Ranker.rank`` reads this list).
    """
    clauses = {d["ref"]: n for n, d in enumerate(docs) if d["kind"] == "clause"}
    return [clauses.get(d.get("example_of"), n) for n, d in enumerate(docs)]


#: The fields whose compounds also count as their last part (``with_compound_heads``).
COMPOUND_FIELDS = ("body_de",)  # a title or path word also in every compound of it ranks too much


def with_compound_heads(texts: list[list[tuple[str, int]]], known: set[str]) -> list[list[tuple[str, int]]]:
    """German texts whose compounds also stand for their last part, at the same position.

    A judge asks "aus welchen Bereichen besteht das Spielfeld" of a text that names the
    "Aufzuchtbereich" and the "Kampfbereich": a compound's last part names what it is. Each term
    whose known tail (a term of ``known``, the German texts' own words: ``analysis.compound_parts``)
    differs from it is followed by that tail; a text's length stays its count of words. The query
    side does the same for an unknown word of the query (``ranking.Ranker``).
    """
    heads: dict[str, tuple[str, ...]] = {}
    out = []
    for analysed in texts:
        expanded = []
        for term, pos in analysed:
            expanded.append((term, pos))
            if len(term) >= COMPOUND_MIN_LENGTH:
                found = heads.get(term)
                if found is None:
                    found = heads[term] = tuple(t for t in compound_parts("de", term, known.__contains__) if t != term)
                expanded.extend((head, pos) for head in found)
        out.append(expanded)
    return out


#: A word of the asked questions that no text of their language has, found in at most SLIP_MAX_DOCS documents'
#: questions, SLIP_MIN_LENGTH letters or more, that is a word of at least SLIP_MIN_DF documents (texts and questions
#: counted apart) typed with two letters swapped, one left out or one doubled.
SLIP_MAX_DOCS = 2
SLIP_MIN_DF = 10
SLIP_MIN_LENGTH = 5


def slips(asked: list[list[tuple[str, int]]], body_df: dict[str, int]) -> dict[str, str]:
    """The asked questions' typing slips ("memroia", "soruces", "digimn") and the word each stands for.

    The questions are written as judges type, slips included, but a slip kept as a word of the index
    is worse than none: a judge who makes the same slip gets that one question's clause, where the
    near spelling the query side looks for an unknown word (``ranking.Ranker``) would have found
    every clause about the word. So a rare word of the questions that the texts don't have, and that
    is a common word (of the texts, or of the questions: "sources") mistyped the ways thumbs do, is
    indexed as that word. A wrong letter is not taken for a slip: "beast" and "blast", "shake" and
    "share" are both words. Slang ("opp", "swing") is no such slip, or is asked in more questions,
    and stays as written.
    """
    asked_df: dict[str, int] = {}
    for analysed in asked:
        for term in {term for term, _ in analysed}:
            asked_df[term] = asked_df.get(term, 0) + 1
    df_of = {word: body_df.get(word, 0) + asked_df.get(word, 0) for word in body_df.keys() | asked_df.keys()}
    common = {word for word, df in df_of.items() if df >= SLIP_MIN_DF}
    left_out: dict[str, list[str]] = {}  # a common word with one letter left out -> those words
    for word in common:
        for i in range(len(word)):
            left_out.setdefault(word[:i] + word[i + 1:], []).append(word)
    out = {}
    for term, df in asked_df.items():
        if df > SLIP_MAX_DOCS or term in body_df or len(term) < SLIP_MIN_LENGTH or not term.isalpha():
            continue
        swapped = {term[:i] + term[i + 1] + term[i] + term[i + 2:] for i in range(len(term) - 1)}
        undoubled = {term[:i] + term[i + 1:] for i in range(len(term) - 1) if term[i] == term[i + 1]}
        near = ((swapped | undoubled) & common) | set(left_out.get(term, ()))
        if near:
            out[term] = max(sorted(near), key=df_of.__getitem__)
    return out


def build_index(db_path: str | Path, index_dir: str | Path, progress=None) -> int:
    """Write a fresh index for the database at ``db_path`` into the new folder ``index_dir``; return the document count."""
    index_dir = Path(index_dir)
    index_dir.mkdir(parents=True, exist_ok=False)
    names = fields()
    lengths: dict[str, list[int]] = {name: [] for name in names}
    # field -> term -> (documents, counts, positions)
    postings: dict[str, dict[str, tuple[list[int], list[int], list[int]]]] = {name: {} for name in names}
    docs = []

    def post(name: str, n: int, analysed: list[tuple[str, int]]) -> None:
        where: dict[str, list[int]] = {}
        for term, pos in analysed:
            where.setdefault(term, []).append(pos)
        for term, positions in where.items():
            found = postings[name].get(term)
            if found is None:
                found = postings[name][term] = ([], [], [])
            found[0].append(n)
            found[1].append(len(positions))
            found[2].extend(positions)

    # Posted once the texts' vocabulary is known: German compounds' heads, the asked questions' slips.
    later: dict[str, list[list[tuple[str, int]]]] = {name: [] for name in names
                                                    if name in COMPOUND_FIELDS or name.startswith("asked_")}
    with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
        for n, doc in enumerate(documents(conn)):
            docs.append(doc)
            for name in names:
                analysed = _analysed(name, doc.get(name))
                lengths[name].append(len(analysed))
                if name in later:
                    later[name].append(analysed)
                else:
                    post(name, n, analysed)
            if progress:
                progress(1)
        glossary = glossary_data(_glossary(conn))
        number_map = _number_map(conn)
    known = {term for analysed in later["body_de"] for term, _ in analysed}
    for name in COMPOUND_FIELDS:
        for n, analysed in enumerate(with_compound_heads(later[name], known)):
            post(name, n, analysed)
    for lang in ASKED_LANGS:
        body_df = {term: len(found[0]) for term, found in postings[f"body_{lang}"].items()}
        corrected = slips(later[f"asked_{lang}"], body_df)
        for n, analysed in enumerate(later[f"asked_{lang}"]):
            post(f"asked_{lang}", n, [(corrected.get(term, term), pos) for term, pos in analysed])
    count = len(docs)
    meta = {
        "format": FORMAT,
        "doc_count": count,
        "cr_version": CR_VERSION,
        # The documents, one list per attribute, by document number.
        "doc_refs": [d["ref"] for d in docs],
        "doc_kinds": [d["kind"] for d in docs],
        "doc_rulesets": [d["ruleset"] for d in docs],
        # An example ruling stands for its clause, and starts where its clause does.
        "doc_priors": [docs[g]["prior"] for g in groups(docs)],
        "doc_cites": [d["cites"] for d in docs],
        "doc_qa": [d["qa"] for d in docs],
        "doc_groups": groups(docs),
        "doc_parents": parent_refs([d["ref"] for d in docs], [d["kind"] for d in docs]),
        "constants": constants(),
        "stopwords": {lang: sorted(STOPWORDS[lang]) for lang in LANGUAGES},
        "keep": KEEP,
        "question_words": {lang: sorted(words) for lang, words in QUESTION_WORDS.items()},
        "glossary": glossary,
        "number_map": number_map,
    }
    with closing(sqlite3.connect(index_dir / INDEX_FILE)) as out:
        out.execute("PRAGMA journal_mode = OFF")  # a new file in a new folder, renamed into place when whole
        out.execute("PRAGMA synchronous = OFF")
        out.executescript(_SCHEMA)
        out.executemany("insert into meta values (?, ?)", [(k, _dumps(v)) for k, v in meta.items()])
        boosts = {name: TITLE_BOOST if name.startswith("title_") else 1.0 for name in names}
        averages = {name: ((sum(lengths[name]) / count) if count else 1.0) or 1.0 for name in names}
        out.executemany("insert into fields values (?, ?, ?, ?)",
                        [(name, boosts[name], averages[name], to_blob(lengths[name])) for name in names])

        def rows():
            for name in names:
                boost, avg, length = boosts[name], averages[name], lengths[name]
                for term, (d, c, p) in sorted(postings[name].items()):
                    parts = [bm25_part(n, boost, length[doc], avg) for doc, n in zip(d, c)]
                    yield name, term, to_blob(d), to_blob(c), to_blob(p), to_blob(parts, "d")

        out.executemany("insert into postings values (?, ?, ?, ?, ?, ?)", rows())
        out.executemany("insert into snippets values (?, ?, ?)",
                        ((n, lang, _dumps(prepared(text, lang))) for n, doc in enumerate(docs)
                         for lang, text in doc["shown"].items()))
        out.commit()
        out.execute("vacuum")
    sync_file(index_dir / INDEX_FILE)
    return count


def _analysed(name: str, value) -> list[tuple[str, int]]:
    """(term, position) pairs of a field's text; a list of questions is analysed one by one, ASKED_GAP apart."""
    lang = name.rsplit("_", 1)[1]
    if not isinstance(value, list):
        return analyse(lang, value or "")
    out: list[tuple[str, int]] = []
    start = 0
    for text in value:
        analysed = analyse(lang, text)
        out += [(term, pos + start) for term, pos in analysed]
        start += (analysed[-1][1] + 1 if analysed else 0) + ASKED_GAP
    return out


def _glossary(conn) -> list[dict[str, list[str]]]:
    return [{lang: json.loads(row[lang] or "[]") for lang in ("es", "en", "de", "ko")}
            for row in conn.execute("select * from glossary")]


def _number_map(conn) -> dict[str, dict[str, list]]:
    """CR numbers of older versions -> [today's number or None, status] (``v4.0 3-4-4`` in a query)."""
    if conn.execute("select 1 from sqlite_master where name = 'cr_number_map'").fetchone() is None:
        return {}
    out: dict[str, dict[str, list]] = {}
    for row in conn.execute("select version, old, new, status from cr_number_map"):
        out.setdefault(row["version"], {})[row["old"]] = [row["new"], row["status"]]
    return out


def _dumps(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def export_json(index_file: str | Path) -> str:
    """The whole index as one JSON object, for the static export's client-side search.

    ``{"meta": {key: value, ...}, "fields": {name: {"boost", "avg", "lengths", "terms": {term: postings}}}}``:
    the meta values as stored, and each term's postings as one flat list,
    ``[doc, count, position × count, doc, count, …]``.
    """
    with closing(sqlite3.connect(f"file:{index_file}?mode=ro", uri=True)) as conn:
        meta = ",".join(f"{json.dumps(k)}:{v}" for k, v in conn.execute("select key, value from meta order by key"))
        items = []
        for name, boost, avg, lengths in conn.execute("select name, boost, avg, lengths from fields order by name"):
            terms = []
            for term, docs, counts, positions in conn.execute(
                    "select term, docs, counts, positions from postings where field = ? order by term", (name,)):
                flat, at = [], 0
                positions = ints(positions)
                for doc, count in zip(ints(docs), ints(counts)):
                    flat += [doc, count, *positions[at:at + count]]
                    at += count
                terms.append(f"{json.dumps(term, ensure_ascii=False)}:{_dumps(flat)}")
            items.append(f'{json.dumps(name)}:{{"boost":{boost!r},"avg":{avg!r},'
                         f'"lengths":{_dumps(list(ints(lengths)))},"terms":{{{",".join(terms)}}}}}')
    return f'{{"meta":{{{meta}}},"fields":{{{",".join(items)}}}}}'
