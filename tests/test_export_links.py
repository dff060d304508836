"""No dead links in the static export: every internal href and src of every exported page, and every
page the offline search can open, resolves to a file, and every #anchor to an id on that page."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

EXTERNAL = ("http:", "https:", "mailto:", "javascript:", "data:", "tel:")


class _Page(HTMLParser):
    """The links (href, src) and the anchors (id, a name) of one HTML page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.links: list[tuple[str, int]] = []
        self.anchors: set[str] = set()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for name in ("href", "src"):
            if attrs.get(name) is not None:
                self.links.append((attrs[name], self.getpos()[0]))
        if attrs.get("id"):
            self.anchors.add(attrs["id"])
        if tag == "a" and attrs.get("name"):
            self.anchors.add(attrs["name"])

    handle_startendtag = handle_starttag


def _parse(path: Path, cache: dict) -> _Page:
    if path not in cache:
        page = _Page()
        page.feed(path.read_text(encoding="utf-8"))
        cache[path] = page
    return cache[path]


def dead_links(root: Path) -> tuple[list[str], int, int]:
    """(problems as ``page:line: link``, pages read, links checked) for an exported site at ``root``."""
    root = root.resolve()
    cache: dict[Path, _Page] = {}
    problems, checked = [], 0
    pages = sorted(root.rglob("*.html"))

    def check(source: str, base: Path, link: str) -> None:
        nonlocal checked
        if not link or link.startswith(EXTERNAL) or link.startswith("//"):
            return
        checked += 1
        parts = urlsplit(link)
        if parts.scheme or parts.netloc:
            problems.append(f"{source}: {link} (an absolute URL in a site meant to work from disk)")
            return
        target = base if not parts.path else (base.parent / unquote(parts.path)).resolve()
        if parts.path.startswith("/"):
            problems.append(f"{source}: {link} (a root-relative link breaks on file://)")
            return
        if root not in target.parents and target != root:
            problems.append(f"{source}: {link} (outside the export)")
            return
        if target.is_dir():
            target = target / "index.html"
        if not target.is_file():
            problems.append(f"{source}: {link} (no such file)")
            return
        if parts.fragment and target.suffix == ".html" and unquote(parts.fragment) not in _parse(target, cache).anchors:
            problems.append(f"{source}: {link} (no #{parts.fragment} on {target.relative_to(root)})")

    for path in pages:
        page = _parse(path, cache)
        for link, line in page.links:
            check(f"{path.relative_to(root)}:{line}", path, link)
    # The offline search opens these pages from index.html.
    index = (root / "search-index.js").read_text(encoding="utf-8")
    data = json.loads(re.sub(r"^window\.JB_INDEX = |;\s*$", "", index))
    for doc in data["docs"]:  # what each result of the offline search shows, by document number
        check(f"search-index.js: {doc['u']}", root / "index.html", doc["u"])
    return problems, len(pages), checked


@pytest.fixture(scope="module")
def export(db_path, tmp_path_factory):
    from judgebase.web.export import export_site

    out = tmp_path_factory.mktemp("links") / "site"
    counts = export_site(db_path, out)
    return out, counts


def test_every_internal_link_of_the_export_resolves(export, db):
    out, counts = export
    problems, pages, checked = dead_links(out)
    assert not problems, f"{len(problems)} dead links:\n" + "\n".join(problems[:40])
    assert pages == counts["pages"] == len(db.refs) + len(db.ruling_ids) + 4
    assert checked > 20 * pages  # navigation, references, clause trees, the search index: the crawl saw them


def test_every_ruling_page_of_the_export_draws_its_position(export, db):
    out, _ = export
    proven_by_a_game = [r[0] for r in db.conn.execute(
        "select ruling from scenario_runs where ruling is not null and board is not null")]
    assert proven_by_a_game
    for rid in proven_by_a_game:
        html = (out / "ruling" / f"{rid}.html").read_text(encoding="utf-8")
        assert html.count('<figure class="board"') == 2, rid
        assert html.count("<svg ") == 6, rid  # before and after, in es, en and de for the offline switch
        assert "<script" not in html.split('<figure class="board"', 1)[1].split("</article>", 1)[0], rid


def test_the_crawl_finds_a_missing_page_and_a_missing_anchor(export, tmp_path):
    out, _ = export
    site = tmp_path / "site"
    (site / "clause").mkdir(parents=True)
    (site / "static").mkdir()
    (site / "static" / "style.css").write_text("", encoding="utf-8")
    (site / "search-index.js").write_text('window.JB_INDEX = {"docs": [{"r": "x", "u": "clause/gone.html"}]};\n',
                                          encoding="utf-8")
    (site / "index.html").write_text(
        '<link rel="stylesheet" href="static/style.css"><a href="clause/a.html#here">ok</a>\n'
        '<a href="clause/a.html#nowhere">bad anchor</a>\n<a href="clause/missing.html">bad page</a>\n'
        '<a href="#top">bad local anchor</a><a href="https://example.org/">external</a><a href="?lang=es">es</a>',
        encoding="utf-8")
    (site / "clause" / "a.html").write_text('<h1 id="here">A</h1><img src="../static/none.png">', encoding="utf-8")
    problems, pages, checked = dead_links(site)
    found = "\n".join(problems)
    assert pages == 2 and checked == 8
    assert "clause/a.html#nowhere (no #nowhere" in found and "clause/missing.html (no such file)" in found
    assert "#top (no #top on index.html)" in found and "../static/none.png (no such file)" in found
    assert "clause/gone.html (no such file)" in found
    assert len(problems) == 5
