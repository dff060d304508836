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

    @property
    def root(self) -> str:
        return "../" * self.depth if self.static else "/"

    def clause(self, ref: str) -> str:
        slug = refs.parse(ref).slug
        return f"{self.root}clause/{slug}.html" if self.static else f"/clause/{slug}"

    def ruling(self, rid: str) -> str:
        return f"{self.root}ruling/{rid}.html" if self.static else f"/ruling/{rid}"

    def page(self, name: str) -> str:
        if name == "home":
            return f"{self.root}index.html" if self.static else "/"
        return f"{self.root}{name}.html" if self.static else f"/{name}"

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
        sources = [self.db.sources.get(s, {"id": s}) for s in json.loads(row["sources"])]
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
            "sources": sources,
            "version": row["version"],
            "version_label": version_label(row["version"]) if row["ruleset"] == "official" else None,
            "notices": {l: prevails(l) for l in LANGS} if row["ruleset"] == "official" else {},
            "history": self.db.history(str(ref)),
            "checked": row["checked"],
            "checked_texts": {l: checked_line(row["checked"], l) for l in LANGS} if row["checked"] else None,
            "note_html": self.md(row["note"]) if row["note"] else None,
            "conflicts": conflicts,
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

    def coverage(self) -> list[dict]:
        """Per ruleset and chapter: clauses with at least one proven ruling, and the gap list."""
        proven = {
            r[0] for r in self.db.conn.execute(
                "select citations.ref from citations join rulings on rulings.id = citations.ruling where rulings.proven = 1")
        }
        chapters: "OrderedDict[tuple[str, int], dict]" = OrderedDict()
        for row in self.db.conn.execute("select ref, ruleset, chapter, title, depth from clauses order by position"):
            key = (row["ruleset"], row["chapter"])
            chapter = chapters.setdefault(key, {
                "ruleset": row["ruleset"], "ruleset_name": RULESET_NAMES[row["ruleset"]], "chapter": row["chapter"],
                "title": None, "total": 0, "proven": 0, "gaps": [],
            })
            if row["depth"] == 1:
                chapter["title"] = row["title"]
                chapter["titles"] = self.titles_of(row["ref"])
                chapter["url"] = self.links.clause(row["ref"])
            chapter["total"] += 1
            if row["ref"] in proven:
                chapter["proven"] += 1
            else:
                chapter["gaps"].append({"ref": row["ref"], "title": row["title"], "titles": self.titles_of(row["ref"]),
                                        "url": self.links.clause(row["ref"])})
        out = list(chapters.values())
        for c in out:
            c["percent"] = round(100 * c["proven"] / c["total"]) if c["total"] else 0
        return out

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


def _status(proven) -> str:
    return "unproven" if proven is None else ("proven" if proven else "failing")


def _plain(text: str) -> str:
    from ..textclean import plain

    return plain(text)


def pick(texts: dict, lang: str) -> str:
    return pick_lang(texts, lang)
