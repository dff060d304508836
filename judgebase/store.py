"""Write a :class:`Corpus` into SQLite with sqlite-utils.

The database is written to a temporary file next to the target and renamed
over it only when everything succeeded, so a failed build never damages the
database judges are using.
"""

from __future__ import annotations

import json
import os
import sqlite3
import tempfile
from contextlib import closing
from datetime import datetime, timezone
from pathlib import Path

import sqlite_utils

from . import refs
from .corpus.model import Corpus
from .engine.narrate import describe_all
from .layout import SCHEMA_VERSION


def write_database(corpus: Corpus, path: str | Path, meta: dict | None = None, runs=()) -> Path:
    """Write ``corpus`` to a new temporary database next to ``path``; return the temp path.

    The caller renames it into place (see :func:`judgebase.build.build`) once
    the search index has been built from it too.
    """
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    os.close(fd)
    try:
        with closing(sqlite3.connect(tmp)) as conn:
            # A temporary file, renamed into place only when whole: no journal, no sync after each table
            # (dozens of fsyncs took seconds); the finished file is synced once below.
            conn.execute("PRAGMA journal_mode = OFF")
            conn.execute("PRAGMA synchronous = OFF")
            db = sqlite_utils.Database(conn)
            _write(db, corpus, meta or {}, list(runs))
            conn.commit()
            conn.execute("VACUUM")
        sync_file(tmp)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return Path(tmp)


def sync_file(path: str | Path) -> None:
    """Make a finished file durable before it is renamed into place."""
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write(db: sqlite_utils.Database, corpus: Corpus, meta: dict, runs: list) -> None:
    db["sources"].insert_all(
        (
            {
                "id": s.id,
                "file": s.file,
                "lang": s.lang,
                "title": s.title,
                "version": s.version,
                "date": s.date,
                "ruleset": s.ruleset,
                "description": s.description,
            }
            for s in corpus.sources.values()
        ),
        pk="id",
    )

    clauses = sorted(corpus.clauses.values(), key=lambda c: c.ref.sort_key())
    children: dict[str, list[str]] = {}
    for c in clauses:
        if c.ref.parent is not None:
            children.setdefault(str(c.ref.parent), []).append(str(c.ref))
    db["clauses"].insert_all(
        (
            {
                "ref": str(c.ref),
                "slug": c.ref.slug,
                "ruleset": c.ref.ruleset,
                "number": c.ref.number,
                "position": i,
                "chapter": c.ref.chapter,
                "depth": len(c.ref.parts),
                "parent": str(c.ref.parent) if c.ref.parent else None,
                "title": (c.texts.get("en") or next(iter(c.texts.values()))).title,
                "version": c.version,
                "sources": json.dumps(c.sources),
                "checked": c.checked,
                "note": c.note,
                "langs": json.dumps(sorted(c.texts)),
                "children": json.dumps(children.get(str(c.ref), [])),
                "path": c.at.path,
                "line": c.at.line,
            }
            for i, c in enumerate(clauses)
        ),
        pk="ref",
        foreign_keys=[("parent", "clauses", "ref")],
    )
    db["clause_text"].insert_all(
        (
            {
                "id": f"{c.ref}|{t.lang}",
                "ref": str(c.ref),
                "lang": t.lang,
                "title": t.title,
                "text": t.text,
                "kind": t.kind,
                "sources": json.dumps(t.sources),
                "path": t.at.path,
                "line": t.at.line,
            }
            for c in clauses
            for t in c.texts.values()
        ),
        pk="id",
        foreign_keys=[("ref", "clauses", "ref")],
    )
    # The questions judges ask that each clause answers (rules/asked/): search matches them.
    db["clause_asked"].insert_all(
        (
            {"ref": str(c.ref), "lang": lang, "n": n, "question": question}
            for c in clauses
            for lang, questions in sorted(c.asked.items())
            for n, question in enumerate(questions)
        ),
        pk=("ref", "lang", "n"),
        columns={"ref": str, "lang": str, "n": int, "question": str},
        foreign_keys=[("ref", "clauses", "ref")],
    )

    rulings = sorted(corpus.rulings.values(), key=lambda r: r.id)
    passed_by_file = {run.path: run.passed for run in runs}
    db["rulings"].insert_all(
        (
            {
                "id": r.id,
                "ruleset": r.ruleset,
                "document": r.document,
                "item": r.item,
                "qa": json.dumps(r.qa),
                "cites": json.dumps([str(c) for c in r.cites]),
                "scenario": r.scenario,
                "unproven_reason": r.unproven_reason,
                "proven": None if not r.scenario else int(passed_by_file.get(r.scenario, False)),
                "path": r.at.path,
            }
            for r in rulings
        ),
        pk="id",
        columns={"proven": int},
    )
    db["ruling_text"].insert_all(
        (
            {
                "id": f"{r.id}|{lang}",
                "ruling": r.id,
                "lang": lang,
                "question": r.question.get(lang),
                "answer": r.answer.get(lang),
                "kind": r.kind.get(lang),
            }
            for r in rulings
            for lang in sorted(set(r.question) | set(r.answer))
        ),
        pk="id",
        foreign_keys=[("ruling", "rulings", "id")],
    )
    db["citations"].insert_all(
        ({"ruling": r.id, "ref": str(c)} for r in rulings for c in r.cites),
        pk=("ruling", "ref"),
        foreign_keys=[("ruling", "rulings", "id"), ("ref", "clauses", "ref")],
    )

    db["keywords"].insert_all(
        (
            {
                "ref": str(k.ref),
                **{f"name_{lang}": k.name.get(lang) for lang in ("es", "en", "de")},
                **{f"summary_{lang}": k.summary.get(lang) for lang in ("es", "en", "de")},
                "aliases": json.dumps(k.aliases, ensure_ascii=False),
            }
            for k in corpus.keywords
        ),
        pk="ref",
        foreign_keys=[("ref", "clauses", "ref")],
    )
    db["glossary"].insert_all(
        (
            {"id": g.id, **{lang: json.dumps(g.terms.get(lang, []), ensure_ascii=False) for lang in ("es", "en", "de", "ko")}}
            for g in corpus.glossary
        ),
        pk="id",
    )
    db["conflicts"].insert_all(
        (
            {
                "id": c.id,
                "type": c.type,
                "refs": json.dumps([str(r) for r in c.refs]),
                "sources": json.dumps(c.sources),
                "seed_text": c.seed_text,
                **{f"resolution_{lang}": c.resolution.get(lang) for lang in ("es", "en", "de")},
                "path": c.at.path,
            }
            for c in corpus.conflicts
        ),
        pk="id",
    )
    db["conflict_refs"].insert_all(
        ({"conflict": c.id, "ref": str(r)} for c in corpus.conflicts for r in c.refs),
        pk=("conflict", "ref"),
        foreign_keys=[("conflict", "conflicts", "id"), ("ref", "clauses", "ref")],
    )
    db["notes"].insert_all(
        (
            {
                "id": f"{n.ruleset}:{n.section}",
                "ruleset": n.ruleset,
                "section": n.section,
                "title_ko": n.title.get("ko"),
                "title_en": n.title.get("en"),
                "text_ko": n.text.get("ko"),
                "text_en": n.text.get("en"),
            }
            for n in corpus.notes
        ),
        pk="id",
    )
    db["text_refs"].insert_all(
        (
            {"from_ref": str(c.ref), "lang": t.lang, "ref": str(r), "resolved": int(r in corpus.clauses)}
            for c in clauses
            for t in c.texts.values()
            for r in refs.refs_in_text(t.text)
        ),
        columns={"from_ref": str, "lang": str, "ref": str, "resolved": int},
    )
    ran_at = datetime.now(timezone.utc).isoformat(timespec="seconds")
    proving = {r.scenario: r.id for r in rulings if r.scenario}
    db["scenario_runs"].insert_all(
        (
            {
                "scenario": run.path,
                "ruling": proving.get(run.path),
                "engine": "judgebase",
                "ruleset": run.ruleset,
                "passed": int(run.passed),
                "message": run.message,
                "description": run.description,
                "cites": json.dumps(run.cites),
                "events": len(run.log),
                # each event as the judge's sentence in es, en and de, with the clause that caused it
                "log": json.dumps([[describe_all(e), e.ref] for e in run.log], ensure_ascii=False),
                # the position before the first step and after the last, as plain data, for the page's pictures
                "board": json.dumps(run.board, ensure_ascii=False, separators=(",", ":")) if run.board else None,
                "ran_at": ran_at,
            }
            for run in runs
        ),
        pk="scenario",
        columns={"scenario": str, "ruling": str, "engine": str, "ruleset": str, "passed": int, "message": str,
                 "description": str, "cites": str, "events": int, "log": str, "board": str, "ran_at": str},
        foreign_keys=[("ruling", "rulings", "id")],
    )

    _write_proofs(db, corpus, runs)

    for table in ("clause_text", "clause_asked", "ruling_text", "citations", "conflict_refs", "text_refs", "scenario_proofs"):
        for column in ("ref", "ruling", "lang"):
            if column in db[table].columns_dict:
                db[table].create_index([column], if_not_exists=True)
    db["clause_text"].enable_fts(["title", "text"], create_triggers=False, tokenize="unicode61 remove_diacritics 2")
    db["ruling_text"].enable_fts(["question", "answer"], create_triggers=False, tokenize="unicode61 remove_diacritics 2")
    db["keywords"].enable_fts(
        ["name_en", "name_es", "name_de", "summary_en", "summary_es", "summary_de", "aliases"],
        create_triggers=False,
        tokenize="unicode61 remove_diacritics 2",
    )

    db.create_view(
        "clause_with_rulings",
        """
        select clauses.ref, clauses.ruleset, clauses.title,
               count(citations.ruling) as ruling_count,
               group_concat(citations.ruling, ', ') as rulings
        from clauses left join citations on citations.ref = clauses.ref
        group by clauses.ref
        order by clauses.position
        """,
    )

    _write_versions(db, corpus)

    now = datetime.now(timezone.utc).isoformat(timespec="seconds")
    db["meta"].insert_all(
        ({"key": k, "value": str(v)} for k, v in {"schema_version": SCHEMA_VERSION, "built_at": now, **meta}.items()),
        pk="key",
    )


def _write_proofs(db: sqlite_utils.Database, corpus: Corpus, runs: list) -> None:
    """What each scenario proves (cited and asserted, with the asserting line) and the not-testable manifest."""
    db["scenario_proofs"].insert_all(
        ({"scenario": run.path, "ref": ref, "line": run.asserted.get(ref)} for run in runs for ref in dict.fromkeys(run.proves)),
        pk=("scenario", "ref"),
        columns={"scenario": str, "ref": str, "line": int},
        foreign_keys=[("scenario", "scenario_runs", "scenario")],
    )
    db["not_testable"].insert_all(
        ({"ref": str(e.ref), "kind": e.kind, "reason": e.reason, "path": e.at.path, "line": e.at.line}
         for e in sorted(corpus.not_testable.values(), key=lambda e: e.ref.sort_key())),
        pk="ref",
        columns={"ref": str, "kind": str, "reason": str, "path": str, "line": int},
        foreign_keys=[("ref", "clauses", "ref")],
    )


def _write_versions(db: sqlite_utils.Database, corpus: Corpus) -> None:
    """The Update History (one row per listed clause) and the number maps of older versions."""
    db["cr_versions"].insert_all(
        ({"version": v, "date": date, "note": note} for v, (date, note) in corpus.versions.items()),
        pk="version",
    )
    db["cr_history"].insert_all(
        ({"position": i, "version": c.version, "date": c.date, "kind": c.kind, "number": c.number,
          "range_from": c.range_from, "range_to": c.range_to, "into": c.into, "note": c.note, "ref": c.ref}
         for i, c in enumerate(corpus.history)),
        pk="position",
        columns={"number": str, "range_from": str, "range_to": str, "into": str, "note": str, "ref": str},
    )
    db["cr_history"].create_index(["ref"], if_not_exists=True)
    db["cr_number_map"].insert_all(
        ({"version": m.version, "old": m.old, "new": m.new, "status": m.status}
         for numbers in corpus.number_maps.values() for m in numbers.values()),
        pk=("version", "old"),
        columns={"new": str},
    )
