"""``judgebase site export DIR``: the judge's pages as static files that work from file://.

Every page is rendered with the same templates as the server; links are relative
``.html`` paths, and search runs in the browser (``static/search.js``) over
``search-index.js``: the server's own search index, written as JSON by
:func:`judgebase.search.index.export_json`, so the export ranks as the server does
(a script, not JSON fetched at run time, because browsers refuse fetch() on file:// pages).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from ..db import Database
from ..i18n import t
from .app import SITE, client_words, render_page
from .pages import Links, Site

#: Written into every export; only a folder holding it (or an empty or missing one) is replaced.
MARKER = ".judgebase-export"


class ExportRefused(Exception):
    """The target folder holds something that is not a previous export: nothing was touched.

    ``str()`` says why in English; :meth:`say` in another language."""

    def __init__(self, key: str, **fields):
        super().__init__(t(key, "en", **fields))
        self.key, self.fields = key, fields

    def say(self, lang: str) -> str:
        return t(self.key, lang, **self.fields)


def check_target(out_dir: Path) -> None:
    """Refuse a target that is a file, or a folder with content that is not a previous export."""
    if out_dir.is_symlink() or (out_dir.exists() and not out_dir.is_dir()):
        raise ExportRefused("cli.export.not_a_folder", path=out_dir)
    if out_dir.is_dir() and any(out_dir.iterdir()) and not (out_dir / MARKER).is_file():
        raise ExportRefused("cli.export.not_empty", path=out_dir, marker=MARKER)


def export_site(db_path: str | Path, out_dir: str | Path, lang: str = "en", progress=None) -> dict:
    """Write the static site into ``out_dir``; return page counts.

    The pages are written into a temporary folder beside ``out_dir`` and swapped in
    only when complete, so an interrupted export leaves the previous one. ``out_dir``
    is replaced only if it is missing, empty, or a previous export (it holds MARKER).
    """
    out_dir = Path(out_dir).absolute()
    check_target(out_dir)
    out_dir.parent.mkdir(parents=True, exist_ok=True)
    db = Database(db_path)
    top = Site(db, Links(static=True, depth=0))
    sub = top.with_links(Links(static=True, depth=1))
    tmp = Path(tempfile.mkdtemp(prefix=".jb-export-", dir=out_dir.parent))
    counts = {"clauses": 0, "rulings": 0}
    try:
        shutil.copytree(SITE / "static", tmp / "static")
        # The words app.js writes itself (result tags, badges), in every language: the switch works offline.
        words = json.dumps(client_words(), ensure_ascii=False, separators=(",", ":"))
        (tmp / "static" / "words.js").write_text(f"window.JB_WORDS = {words};\n", encoding="utf-8")
        (tmp / "clause").mkdir()
        (tmp / "ruling").mkdir()
        pages = {
            "index.html": render_page("jb_home.html", top.links, lang, query="", results=[], ruleset=None, error=None),
            "keywords.html": render_page("jb_keywords.html", top.links, lang, keywords=top.keywords()),
            "glossary.html": render_page("jb_glossary.html", top.links, lang, glossary=top.glossary()),
            "coverage.html": render_page("jb_coverage.html", top.links, lang, coverage=top.coverage()),
        }
        for name, html in pages.items():
            (tmp / name).write_text(html, encoding="utf-8")
        for ref in [r[0] for r in db.conn.execute("select ref from clauses order by position")]:
            data = sub.clause(ref)
            (tmp / "clause" / f"{data['slug']}.html").write_text(render_page("jb_clause.html", sub.links, lang, c=data), encoding="utf-8")
            counts["clauses"] += 1
            if progress:
                progress(1)
        for rid in db.ruling_ids:
            data = sub.ruling(rid)
            (tmp / "ruling" / f"{rid}.html").write_text(render_page("jb_ruling.html", sub.links, lang, r=data), encoding="utf-8")
            counts["rulings"] += 1
            if progress:
                progress(1)
        (tmp / "search-index.js").write_text(_search_index(db_path, top), encoding="utf-8")
        (tmp / MARKER).write_text("Written by `judgebase site export`; the next export replaces this folder.\n", encoding="utf-8")
        _swap_in(tmp, out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        db.close()
    counts["pages"] = counts["clauses"] + counts["rulings"] + 4
    return counts


def _search_index(db_path, site: Site) -> str:
    """``window.JB_INDEX``: the search index (``rank``) and what each result shows (``docs``, by document number).

    Raises IndexDamaged (with how to rebuild) when the database's search index can't be read.
    """
    from ..search.index import export_json
    from ..search.searcher import Searcher

    searcher = Searcher(db_path)
    try:
        postings = searcher.ranker.postings
        shown = site.search_index(list(zip(postings.kinds, postings.refs)))
        rank = export_json(postings.path)
    finally:
        searcher.close()
    docs = json.dumps(shown, ensure_ascii=False, separators=(",", ":"))
    return f"window.JB_INDEX = {{\"docs\":{docs},\"rank\":{rank}}};\n"


def _swap_in(new: Path, out_dir: Path) -> None:
    """Put ``new`` at ``out_dir``; the old export is moved aside first and removed only after."""
    check_target(out_dir)  # again: the folder may have changed while the pages were written
    old = None
    if out_dir.exists():
        old = Path(tempfile.mkdtemp(prefix=".jb-export-old-", dir=out_dir.parent))
        old.rmdir()
        out_dir.rename(old)
    try:
        new.rename(out_dir)
    except BaseException:
        if old is not None:
            old.rename(out_dir)
        raise
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)
