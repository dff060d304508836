"""What each page of the judge's site shows, as plain data for the templates.

The same data feeds the datasette plugin (``judgebase serve``) and the static
export (``judgebase site export``); only the shape of the links differs.
"""

from __future__ import annotations

import json
from collections import OrderedDict
from dataclasses import dataclass
from functools import cached_property

from .. import refs
from ..db import Database, NotFound, pick_lang
from ..i18n import LANGS, checked_line, prevails, version_label
from .markdown import render

#: Each language by its own name (the same on every page).
LANG_NAMES = {"es": "Español", "en": "English", "de": "Deutsch", "ko": "한국어"}
#: Ruleset keys in the order the filter lists them; their names are in the catalogue (``ruleset.<key>``).
RULESET_NAMES = {"official": "Comprehensive Rules", "tamer_tactics": "Tamer Tactics", "legacy": "Legacy (Hyper Colosseum)"}


@dataclass
class Links:
    """URL shapes: absolute paths for the server, relative .html files for the static export."""

    static: bool = False
    depth: int = 0  # static pages in a sub-folder need "../"
    #: The language a search guessed from its query, carried on the links of the pages it leads
    #: to (``?query_lang=es``) so that they answer in it too; unlike the judge's switch it is
    #: never remembered.  (The static export carries it in app.js.)
    query_lang: str | None = None

    @property
    def root(self) -> str:
        return "../" * self.depth if self.static else "/"

    def carrying(self, query_lang: str | None) -> "Links":
        """These links, carrying ``query_lang`` (or nothing, for None)."""
        return Links(self.static, self.depth, query_lang)

    def _carry(self, url: str) -> str:
        return f"{url}?query_lang={self.query_lang}" if self.query_lang and not self.static else url

    def clause(self, ref: str) -> str:
        slug = refs.parse(ref).slug
        return f"{self.root}clause/{slug}.html" if self.static else self._carry(f"/clause/{slug}")

    def ruling(self, rid: str) -> str:
        return f"{self.root}ruling/{rid}.html" if self.static else self._carry(f"/ruling/{rid}")

    def page(self, name: str) -> str:
        if name == "home":
            return f"{self.root}index.html" if self.static else self._carry("/")
        return f"{self.root}{name}.html" if self.static else self._carry(f"/{name}")

    def asset(self, name: str) -> str:
        return f"{self.root}static/{name}" if self.static else f"/assets/{name}"


class Site:
    def __init__(self, db: Database, links: Links | None = None):
        self.db = db
        self.links = links or Links()

    @cached_property
    def known_refs(self) -> set[str]:
        return {r[0] for r in self.db.conn.execute("select ref from clauses")}

    @cached_property
    def keyword_refs(self) -> dict[str, str]:
        """Keyword name (lowercase, no value) -> its clause, for linking <Blocker> and friends."""
        out = {}
        for row in self.db.conn.execute("select ref, name_en, aliases from keywords"):
            name = (row["name_en"] or "").strip("<>").split(" +")[0].split(" X")[0].split(" -")[0].strip()
            out[name.lower()] = row["ref"]
            out[name.lower().rstrip(".")] = row["ref"]
        return out

    @cached_property
    def titles(self) -> dict[str, dict[str, str]]:
        """Every clause's title in each language it has: ``{ref: {lang: title}}``."""
        out: dict[str, dict[str, str]] = {}
        for row in self.db.conn.execute("select ref, lang, title from clause_text"):
            out.setdefault(row["ref"], {})[row["lang"]] = row["title"]
        return out

    def titles_of(self, ref: str) -> dict[str, str]:
        """``ref``'s title in es, en and de (the nearest language there is where one is missing)."""
        have = self.titles.get(ref) or {}
        return {lang: have[pick_lang(have, lang)] for lang in LANGS} if have else {}

    def href(self, ref: str) -> str | None:
        return self.links.clause(ref) if ref in self.known_refs else None

    def md(self, text: str) -> str:
        return render(text, self.href, self.keyword_refs)

    def with_links(self, links: Links) -> "Site":
        site = Site(self.db, links)
        site.__dict__["known_refs"] = self.known_refs
        site.__dict__["keyword_refs"] = self.keyword_refs
        if "titles" in self.__dict__:
            site.__dict__["titles"] = self.titles
        return site

    # ----------------------------------------------------------------- pages ----
    def clause(self, slug_or_ref: str) -> dict:
        try:
            ref = refs.from_slug(slug_or_ref)
        except refs.RefError:
            ref = refs.parse(slug_or_ref)
        row = self.db.conn.execute("select * from clauses where ref = ?", (str(ref),)).fetchone()
        if row is None:
            from ..suggest import nearest_refs

            raise NotFound(f"no clause {ref}", [str(r) for r in nearest_refs(ref, self.db.refs)])
        texts = OrderedDict()
        for t in self.db.conn.execute("select * from clause_text where ref = ? order by lang", (str(ref),)):
            texts[t["lang"]] = {
                "lang": t["lang"],
                "lang_name": LANG_NAMES.get(t["lang"], t["lang"]),
                "title": t["title"],
                "html": self.md(t["text"]),
                "kind": t["kind"],
                "sources": json.loads(t["sources"]),
            }
        chain, parent = [], row["parent"]
        while parent:
            p = self.db.conn.execute("select ref, parent, title from clauses where ref = ?", (parent,)).fetchone()
            chain.append({"ref": p["ref"], "title": p["title"], "titles": self.titles_of(p["ref"]),
                          "url": self.links.clause(p["ref"])})
            parent = p["parent"]
        children = [
            {"ref": c, "title": self.db._title(c, "en"), "url": self.links.clause(c), "titles": self.titles_of(c)}
            for c in json.loads(row["children"])
        ]
        rulings = [self._ruling_summary(rid) for rid in self.db.rulings_citing(str(ref))]
        proofs, not_testable = self.proofs(str(ref)), self.db.not_testable(str(ref))
        sources = [self.db.sources.get(s, {"id": s}) for s in json.loads(row["sources"])]
        asked: dict[str, list[str]] = {}
        for q in self.db.conn.execute("select lang, question from clause_asked where ref = ? order by lang, n", (str(ref),)):
            asked.setdefault(q["lang"], []).append(q["question"])
        conflicts = []
        for c in self.db.conflicts_for(str(ref)):
            conflicts.append({**c, "resolution_html": {l: self.md(t) for l, t in c["resolution"].items()}})
        return {
            "ref": str(ref),
            "slug": ref.slug,
            "ruleset": row["ruleset"],
            "ruleset_name": RULESET_NAMES[row["ruleset"]],
            "title": row["title"],
            "titles": {l: f"{ref} {title}" for l, title in self.titles_of(str(ref)).items()},
            "texts": texts,
            "breadcrumbs": list(reversed(chain)),
            "children": children,
            "rulings": rulings,
            "proofs": proofs,
            "not_testable": not_testable,
            "sources": sources,
            "version": row["version"],
            "version_label": version_label(row["version"]) if row["ruleset"] == "official" else None,
            "notices": {l: prevails(l) for l in LANGS} if row["ruleset"] == "official" else {},
            "history": self.db.history(str(ref)),
            "checked": row["checked"],
            "checked_texts": {l: checked_line(row["checked"], l) for l in LANGS} if row["checked"] else None,
            "note_html": self.md(row["note"]) if row["note"] else None,
            "conflicts": conflicts,
            "asked": asked,  # rules/asked/: the questions judges type that this clause answers
        }

    def _ruling_summary(self, rid: str) -> dict:
        row = self.db.conn.execute("select id, proven from rulings where id = ?", (rid,)).fetchone()
        questions = {t["lang"]: t["question"] for t in self.db.conn.execute("select lang, question from ruling_text where ruling = ?", (rid,))}
        return {"id": rid, "url": self.links.ruling(rid), "status": _status(row["proven"]), "questions": questions}

    def ruling(self, rid: str) -> dict:
        data = self.db.ruling(rid, "en")
        texts = OrderedDict()
        for t in self.db.conn.execute("select * from ruling_text where ruling = ? order by lang", (rid,)):
            texts[t["lang"]] = {
                "lang": t["lang"],
                "lang_name": LANG_NAMES.get(t["lang"], t["lang"]),
                "question": t["question"],
                "answer_html": self.md(t["answer"]),
                "kind": t["kind"],
            }
        run = None
        if data["scenario"]:
            r = self.db.conn.execute("select * from scenario_runs where scenario = ?", (data["scenario"],)).fetchone()
            if r is not None:
                run = {
                    "passed": bool(r["passed"]),
                    "message": r["message"],
                    "description": r["description"],
                    "log": [{"texts": _event_texts(text), "ref": ref, "url": self.href(ref)}
                            for text, ref in json.loads(r["log"] or "[]")],
                    "board": _board(r),
                }
        return {
            **data,
            "texts": texts,
            "status": _status(None if data["proven"] is None else int(data["proven"])),
            "cites": [{"ref": c, "title": self.db._title(c, "en"), "titles": self.titles_of(c), "url": self.href(c)}
                      for c in data["cites"]],
            "run": run,
            "ruleset_name": RULESET_NAMES[data["ruleset"]],
        }

    def keywords(self) -> list[dict]:
        out = []
        for row in self.db.conn.execute("select * from keywords order by cast(substr(ref, 7) as integer)"):
            out.append({
                "ref": row["ref"],
                "url": self.links.clause(row["ref"]),
                "names": {l: row[f"name_{l}"] for l in LANGS},
                "summaries": {l: row[f"summary_{l}"] for l in LANGS},
                "conflicts": len(self.db.conflicts_for(row["ref"])),
            })
        return out

    def glossary(self) -> list[dict]:
        rows = self.db.conn.execute("select * from glossary order by id")
        return [{"id": r["id"], "terms": {l: json.loads(r[l] or "[]") for l in LANGS + ("ko",)}} for r in rows]

    def coverage(self) -> dict:
        """Per ruleset and chapter: clauses proven by a scenario, not testable, and gaps (:mod:`judgebase.coverage`).

        Every passing scenario counts, whether or not it proves a ruling; the page says how many don't.
        """
        report = self.db.coverage()
        runs = self.db.conn.execute("select count(*), count(ruling) from scenario_runs where passed = 1").fetchone()
        chapters = []
        for ch in report.chapters:
            figures, item = ch.as_json(), self._listed
            chapters.append({
                **figures,
                "anchor": refs.parse(ch.ref).slug,
                "titles": self.titles_of(ch.ref),
                "url": self.links.clause(ch.ref),
                "percent": round(100 * figures["proven"] / figures["clauses"]) if figures["clauses"] else 0,
                "gaps": [item(c) for c in ch.gaps],
                "not_testable_list": [item(c, kind=c.kind, reason=c.reason) for c in ch.clauses if c.status == "not_testable"],
                "proven_list": [item(c, scenarios=len(c.scenarios)) for c in ch.clauses if c.status == "proven"],
            })
        return {"totals": report.as_json()["totals"], "chapters": chapters,
                "scenarios": {"passing": runs[0], "with_ruling": runs[1], "without_ruling": runs[0] - runs[1]}}

    def _listed(self, c, **more) -> dict:
        return {"ref": c.ref, "titles": self.titles_of(c.ref), "url": self.links.clause(c.ref), **more}

    def proofs(self, ref: str) -> list[dict]:
        """The passing scenarios that prove a clause: file, description, and the ruling it proves (or none)."""
        return [{**p, "ruling_url": self.links.ruling(p["ruling"]) if p["ruling"] else None}
                for p in self.db.proofs_of(ref) if p["passed"]]

    def search_index(self, documents: list[tuple[str, str]]) -> list[dict]:
        """What the static site shows of each search result, for the index's documents ((kind, ref) in its order).

        ``u`` the page, ``t`` the title and ``b`` the text per language, ``p`` a ruling's proof status; the
        ranking itself reads the search index (``judgebase.search.index.export_json``).
        """
        keywords = {kw["ref"]: kw for kw in self.keywords()}
        statuses = {row["id"]: _status(row["proven"]) for row in self.db.conn.execute("select id, proven from rulings")}
        out = []
        for kind, ref in documents:
            if kind == "clause":
                texts = {t["lang"]: t for t in self.db.conn.execute("select lang, title, text from clause_text where ref = ?", (ref,))}
                out.append({"u": self.links.clause(ref), "t": {l: t["title"] for l, t in texts.items()},
                            "b": {l: _plain(t["text"]) for l, t in texts.items()}})
            elif kind == "ruling":
                texts = {t["lang"]: t for t in self.db.conn.execute("select lang, question, answer from ruling_text where ruling = ?", (ref,))}
                out.append({"u": self.links.ruling(ref), "p": statuses.get(ref), "t": {l: t["question"] for l, t in texts.items()},
                            "b": {l: _plain(t["answer"]) for l, t in texts.items()}})
            else:
                kw = keywords[ref]
                out.append({"u": kw["url"], "t": kw["names"], "b": kw["summaries"]})
        return out


def _event_texts(text) -> dict[str, str]:
    """One stored event line per language, without its trailing ``  [REF]`` (the page links the clause)."""
    texts = text if isinstance(text, dict) else {"en": text}
    return {lang: line.rsplit("  [", 1)[0] for lang, line in texts.items()}


def _board(run) -> dict | None:
    """The positions before the first step and after the last, both drawn for the player whose turn it
    was at the start (so the two pictures face the same way); None for a run that stored none."""
    stored = run["board"] if "board" in run.keys() else None
    board = json.loads(stored) if stored else None
    if not board or not board.get("before") or not board.get("after"):
        return None
    return {**board, "bottom": board["before"].get("turn_player", 0) if board["before"].get("ruleset") != "legacy" else 0}


def _status(proven) -> str:
    return "unproven" if proven is None else ("proven" if proven else "failing")


def _plain(text: str) -> str:
    from ..textclean import plain

    return plain(text)


def pick(texts: dict, lang: str) -> str:
    return pick_lang(texts, lang)
