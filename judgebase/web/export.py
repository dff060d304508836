"""``judgebase site export DIR``: the judge's pages as static files that work from file://.

Every page is rendered with the same templates as the server; links are relative
``.html`` paths, and search runs in the browser over ``search-index.js`` (a script,
not JSON fetched at run time, because browsers refuse fetch() on file:// pages).
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path

from ..db import Database
from .app import SITE, render_page
from .pages import Links, Site


def export_site(db_path: str | Path, out_dir: str | Path, lang: str = "en", progress=None) -> dict:
    """Write the static site into ``out_dir`` (replaced as a whole); return page counts."""
    out_dir = Path(out_dir)
    db = Database(db_path)
    top = Site(db, Links(static=True, depth=0))
    sub = top.with_links(Links(static=True, depth=1))
    tmp = Path(tempfile.mkdtemp(prefix=".jb-export-", dir=out_dir.parent if out_dir.parent.exists() else None))
    counts = {"clauses": 0, "rulings": 0}
    try:
        shutil.copytree(SITE / "static", tmp / "static")
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
        index = json.dumps(top.search_index(), ensure_ascii=False, separators=(",", ":"))
        (tmp / "search-index.js").write_text(f"window.JB_INDEX = {index};\n", encoding="utf-8")
        if out_dir.exists():
            shutil.rmtree(out_dir)
        tmp.rename(out_dir)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise
    finally:
        db.close()
    counts["pages"] = counts["clauses"] + counts["rulings"] + 4
    return counts
