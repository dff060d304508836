"""Read the built database: clauses, rulings, glossary.

Plain ``sqlite3`` opened read-only, so a lookup such as ``judgebase clause 6-1-4``
pays for no heavier import.  Returned dicts follow the JSON contract of
the command line (``clause --json``, ``ruling --json``) and add fields, never rename.
"""

from __future__ import annotations

import json
import sqlite3
from functools import cached_property
from pathlib import Path

from . import refs
from .i18n import prevails, version_label
from .refs import Ref
from .suggest import nearest_refs

FALLBACK_LANGS = ("en", "es", "de", "ko")


class NotFound(LookupError):
    """No such clause or ruling; ``suggestions`` holds the nearest existing ones."""

    def __init__(self, message: str, suggestions: list[str]):
        super().__init__(message)
        self.suggestions = suggestions


def pick_lang(available, lang: str) -> str:
    """The asked language when present, else the first fallback that is."""
    if lang in available:
        return lang
    return next((l for l in FALLBACK_LANGS if l in available), next(iter(available), lang))


class Database:
    def __init__(self, path: str | Path):
        self.path = Path(path)
        if not self.path.exists():
            raise FileNotFoundError(f"no database at {self.path}; build one with `judgebase build --db {self.path}`")
        self.conn = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, check_same_thread=False)
        self.conn.row_factory = sqlite3.Row

    def close(self) -> None:
        self.conn.close()

    def meta(self, key: str) -> str | None:
        row = self.conn.execute("select value from meta where key = ?", (key,)).fetchone()
        return row[0] if row else None

    @cached_property
    def refs(self) -> list[Ref]:
        return [refs.parse(r[0]) for r in self.conn.execute("select ref from clauses order by position")]

    @cached_property
    def sources(self) -> dict[str, dict]:
        return {row["id"]: dict(row) for row in self.conn.execute("select * from sources")}

    def has_clause(self, ref: Ref) -> bool:
        return self.conn.execute("select 1 from clauses where ref = ?", (str(ref),)).fetchone() is not None

    # -- clauses -------------------------------------------------------------
    def clause(self, ref: Ref | str, lang: str = "en") -> dict:
        if isinstance(ref, str):
            ref = refs.parse(ref)
        row = self.conn.execute("select * from clauses where ref = ?", (str(ref),)).fetchone()
        if row is None:
            near = [str(r) for r in nearest_refs(ref, self.refs)]
            raise NotFound(f"no clause {ref} in the knowledge base", near)
        texts = {t["lang"]: t for t in self.conn.execute("select * from clause_text where ref = ?", (str(ref),))}
        shown = pick_lang(texts, lang)
        text = texts[shown]
        rulings = [r[0] for r in self.conn.execute("select ruling from citations where ref = ? order by ruling", (str(ref),))]
        sources = json.loads(row["sources"])
        children = json.loads(row["children"])
        return {
            "ref": str(ref),
            "ruleset": row["ruleset"],
            "title": text["title"],
            "text": text["text"],
            "lang": shown,
            "langs": sorted(texts),
            "parent": row["parent"],
            "children": children,
            "rulings": rulings,
            "source": self._source_summary(sources),
            "sources": [self.sources.get(s, {"id": s}) for s in sources],
            "kind": text["kind"],
            "kinds": {l: t["kind"] for l, t in texts.items()},
            "version": row["version"],
            "checked": row["checked"],
            "note": row["note"],
            "conflicts": self.conflicts_for(str(ref)),
            "parent_title": self._title(row["parent"], shown) if row["parent"] else None,
            "children_titles": {c: self._title(c, shown) for c in children},
            "file": f"{text['path']}:{text['line']}",
            "version_label": version_label(row["version"]) if row["ruleset"] == "official" else None,
            "notice": prevails(shown) if row["ruleset"] == "official" else None,
            "history": self.history(str(ref)),
            "proven_by": [p for p in self.proofs_of(str(ref)) if p["passed"]],
            "not_testable": self.not_testable(str(ref)),
        }

    def history(self, ref: str) -> list[dict]:
        """The official Update History's entries for this clause, newest first."""
        if not self._has_table("cr_history"):
            return []
        return [dict(r) for r in self.conn.execute(
            "select version, date, kind, number, \"into\", note from cr_history where ref = ? order by position", (ref,))]

    def old_number(self, version: str, number: str) -> dict | None:
        """Today's clause for a number of an older version (``{"new", "status"}``), or None if not mapped."""
        if not self._has_table("cr_number_map"):
            return None
        row = self.conn.execute("select new, status from cr_number_map where version = ? and old = ?",
                                (version, number)).fetchone()
        return dict(row) if row else None

    @cached_property
    def old_versions(self) -> list[str]:
        if not self._has_table("cr_number_map"):
            return []
        return [r[0] for r in self.conn.execute("select distinct version from cr_number_map order by version")]

    def _has_table(self, name: str) -> bool:
        return self.conn.execute("select 1 from sqlite_master where type = 'table' and name = ?", (name,)).fetchone() is not None

    def titles(self, lang: str) -> dict[str, str]:
        """Every clause's title in ``lang``, or in the nearest language it has."""
        titles: dict[str, dict[str, str]] = {}
        for row in self.conn.execute("select ref, lang, title from clause_text"):
            titles.setdefault(row[0], {})[row[1]] = row[2]
        return {ref: t[pick_lang(t, lang)] for ref, t in titles.items()}

    def _title(self, ref: str, lang: str) -> str | None:
        rows = {r["lang"]: r["title"] for r in self.conn.execute("select lang, title from clause_text where ref = ?", (ref,))}
        return rows[pick_lang(rows, lang)] if rows else None

    def _source_summary(self, ids: list[str]) -> str:
        parts = []
        for sid in ids:
            s = self.sources.get(sid)
            parts.append(f"{s['file'] or s['title']} ({s['title']}, {s['version']})" if s else sid)
        return "; ".join(parts)

    def conflicts_for(self, ref: str) -> list[dict]:
        rows = self.conn.execute(
            "select conflicts.* from conflicts join conflict_refs on conflict_refs.conflict = conflicts.id"
            " where conflict_refs.ref = ? order by conflicts.id",
            (ref,),
        )
        return [
            {
                "id": r["id"],
                "type": r["type"],
                "refs": json.loads(r["refs"]),
                "sources": json.loads(r["sources"]),
                "seed_text": r["seed_text"],
                "resolution": {l: r[f"resolution_{l}"] for l in ("es", "en", "de") if r[f"resolution_{l}"]},
            }
            for r in rows
        ]

    # -- rulings ---------------------------------------------------------------
    @cached_property
    def ruling_ids(self) -> list[str]:
        return [r[0] for r in self.conn.execute("select id from rulings order by id")]

    def ruling(self, ruling_id: str, lang: str = "en") -> dict:
        row = self.conn.execute("select * from rulings where id = ?", (ruling_id,)).fetchone()
        if row is None:
            import difflib  # only for a ruling id that doesn't exist

            matches = [i for i in self.ruling_ids if ruling_id.lower() in i]
            near = matches[:5] or difflib.get_close_matches(ruling_id, self.ruling_ids, n=5, cutoff=0.4)
            raise NotFound(f"no ruling {ruling_id!r} in the knowledge base", near)
        texts = {t["lang"]: t for t in self.conn.execute("select * from ruling_text where ruling = ?", (ruling_id,))}
        shown = pick_lang(texts, lang)
        source = self.sources.get(row["document"], {})
        return {
            "id": row["id"],
            "ruleset": row["ruleset"],
            "question": texts[shown]["question"],
            "answer": texts[shown]["answer"],
            "lang": shown,
            "langs": sorted(texts),
            "cites": json.loads(row["cites"]),
            "source": {
                "document": row["document"],
                "file": source.get("file"),
                "title": source.get("title"),
                "item": row["item"],
                "qa": json.loads(row["qa"]),
            },
            "proven": None if row["proven"] is None else bool(row["proven"]),
            "scenario": row["scenario"],
            "unproven_reason": row["unproven_reason"],
            "kind": texts[shown]["kind"],
            "file": row["path"],
        }

    @cached_property
    def examples(self) -> dict[str, list[str]]:
        """Clause ref -> the rulings that are its examples (``source.item: CR 1-3-11-2, example``), by id."""
        out: dict[str, list[str]] = {}
        for rid, item in self.conn.execute("select id, item from rulings where item like '%example%' order by id"):
            ref = refs.example_of(item)
            if ref is not None and self.has_clause(ref):
                out.setdefault(str(ref), []).append(rid)
        return out

    def examples_of(self, ref: Ref | str) -> list[str]:
        """The example rulings of one clause, by id: what :attr:`examples` holds for it, without reading them all.

        A search shows a few clauses; reading only the rulings whose source item names
        the clause keeps a judge's first search from parsing every example ruling.
        """
        if isinstance(ref, str):
            ref = refs.parse(ref)
        rows = self.conn.execute("select id, item from rulings where item like '%example%' and item like ? order by id",
                                 (f"%{ref.number}%",))
        return [rid for rid, item in rows if refs.example_of(item) == ref]

    def rulings_citing(self, ref: str) -> list[str]:
        return [r[0] for r in self.conn.execute("select ruling from citations where ref = ? order by ruling", (ref,))]

    def rulings_citing_within(self, ref: Ref | str) -> list[str]:
        """Rulings citing the clause or any of its sub-clauses: the clause's own first, then in clause order."""
        if isinstance(ref, str):
            ref = refs.parse(ref)
        prefix = f"{ref}{ref.separator}"
        rows = self.conn.execute(
            "select citations.ruling, citations.ref from citations join clauses on clauses.ref = citations.ref"
            " where citations.ref = ? or substr(citations.ref, 1, ?) = ?"
            " order by citations.ref != ?, clauses.position, citations.ruling",
            (str(ref), len(prefix), prefix, str(ref)),
        )
        return list(dict.fromkeys(r[0] for r in rows))

    def rulings_with_qa(self, number: str) -> list[str]:
        needle = f'"{number.upper()}"'
        return [r[0] for r in self.conn.execute("select id from rulings where qa like ? order by id", (f"%{needle}%",))]

    # -- proofs and coverage -----------------------------------------------------
    def proofs_of(self, ref: str) -> list[dict]:
        """The scenarios that cite the clause and assert it, passing or not, each with the ruling it proves (if any)."""
        if not self._has_table("scenario_proofs"):
            return []
        rows = self.conn.execute(
            "select scenario_runs.scenario, scenario_runs.ruling, scenario_runs.description, scenario_runs.passed,"
            " scenario_proofs.line from scenario_proofs join scenario_runs on scenario_runs.scenario = scenario_proofs.scenario"
            " where scenario_proofs.ref = ? order by scenario_runs.passed desc, scenario_runs.scenario", (ref,))
        return [{"scenario": r["scenario"], "line": r["line"], "ruling": r["ruling"], "description": r["description"],
                 "passed": bool(r["passed"])} for r in rows]

    def not_testable(self, ref: str) -> dict | None:
        """The clause's entry in the not-testable manifest (kind, reason, where), or None."""
        if not self._has_table("not_testable"):
            return None
        row = self.conn.execute("select kind, reason, path, line from not_testable where ref = ?", (ref,)).fetchone()
        return {"kind": row["kind"], "reason": row["reason"], "file": f"{row['path']}:{row['line']}"} if row else None

    def coverage(self, lang: str = "en"):
        """Every clause as proven / not testable / gap, by chapter (:mod:`judgebase.coverage`); titles in ``lang``."""
        from .coverage import compute

        order = [r[0] for r in self.conn.execute("select ref from clauses order by position")]
        proofs: dict[str, list[str]] = {}
        if self._has_table("scenario_proofs"):
            for row in self.conn.execute(
                    "select scenario_proofs.ref, scenario_proofs.scenario from scenario_proofs join scenario_runs"
                    " on scenario_runs.scenario = scenario_proofs.scenario where scenario_runs.passed = 1"
                    " order by scenario_proofs.scenario"):
                proofs.setdefault(row[0], []).append(row[1])
        listed = {}
        if self._has_table("not_testable"):
            listed = {r[0]: (r[1], r[2]) for r in self.conn.execute("select ref, kind, reason from not_testable")}
        return compute(order, proofs, listed, self.titles(lang))

    # -- glossary --------------------------------------------------------------
    def glossary(self) -> list[dict[str, list[str]]]:
        return [
            {lang: json.loads(row[lang] or "[]") for lang in ("es", "en", "de", "ko")}
            for row in self.conn.execute("select * from glossary")
        ]
