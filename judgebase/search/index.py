"""Build the whoosh index from the database (never from the sources directly).

One document per clause, ruling and keyword; one title and one body field per
language, each with its language's analyser.
"""

from __future__ import annotations

import json
import sqlite3
from contextlib import closing
from pathlib import Path

from whoosh import fields, index

from .analysis import analyzer

INDEX_LANGS = ("es", "en", "de", "ko")


def schema() -> fields.Schema:
    spec = {
        "key": fields.ID(stored=True, unique=True),
        "ref": fields.ID(stored=True),
        "kind": fields.ID(stored=True),
        "ruleset": fields.ID(stored=True),
        "cites": fields.KEYWORD(stored=True, commas=True),
    }
    for lang in INDEX_LANGS:
        spec[f"title_{lang}"] = fields.TEXT(analyzer=analyzer(lang), field_boost=2.0)
        spec[f"body_{lang}"] = fields.TEXT(analyzer=analyzer(lang))
    return fields.Schema(**spec)


def documents(conn: sqlite3.Connection):
    """Yield one index document per clause, ruling and keyword."""
    conn.row_factory = sqlite3.Row
    texts: dict[str, dict[str, sqlite3.Row]] = {}
    for row in conn.execute("select ref, lang, title, text from clause_text"):
        texts.setdefault(row["ref"], {})[row["lang"]] = row
    for row in conn.execute("select ref, ruleset from clauses order by position"):
        doc = {"key": f"clause:{row['ref']}", "ref": row["ref"], "kind": "clause", "ruleset": row["ruleset"]}
        for lang, text in texts.get(row["ref"], {}).items():
            doc[f"title_{lang}"] = text["title"]
            doc[f"body_{lang}"] = f"{text['title']}\n{text['text']}"
        yield doc

    questions: dict[str, dict[str, sqlite3.Row]] = {}
    for row in conn.execute("select ruling, lang, question, answer from ruling_text"):
        questions.setdefault(row["ruling"], {})[row["lang"]] = row
    for row in conn.execute("select id, ruleset, cites from rulings order by id"):
        doc = {
            "key": f"ruling:{row['id']}",
            "ref": row["id"],
            "kind": "ruling",
            "ruleset": row["ruleset"],
            "cites": ",".join(json.loads(row["cites"])),
        }
        for lang, text in questions.get(row["id"], {}).items():
            doc[f"title_{lang}"] = text["question"] or ""
            doc[f"body_{lang}"] = f"{text['question'] or ''}\n{text['answer'] or ''}"
        yield doc

    for row in conn.execute("select * from keywords"):
        aliases = json.loads(row["aliases"] or "{}")
        doc = {"key": f"keyword:{row['ref']}", "ref": row["ref"], "kind": "keyword", "ruleset": "official"}
        for lang in ("es", "en", "de"):
            name = row[f"name_{lang}"] or ""
            words = " ".join(aliases.get(lang, []))
            doc[f"title_{lang}"] = f"{name} {words}".strip()
            doc[f"body_{lang}"] = f"{name} {words}\n{row[f'summary_{lang}'] or ''}"
        yield doc


def build_index(db_path: str | Path, index_dir: str | Path, progress=None) -> int:
    """Write a fresh single-segment index for the database at ``db_path``; return the document count."""
    index_dir = Path(index_dir)
    index_dir.mkdir(parents=True, exist_ok=False)
    ix = index.create_in(str(index_dir), schema())
    writer = ix.writer(limitmb=128)
    count = 0
    try:
        with closing(sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)) as conn:
            for doc in documents(conn):
                writer.add_document(**doc)
                count += 1
                if progress:
                    progress(1)
        writer.commit(optimize=True)
    except BaseException:
        writer.cancel()
        raise
    return count
