"""The datasette plugin behind ``judgebase serve``: the judge's pages next to datasette's own.

Registered through datasette's ``datasette`` entry point.  Routes are GET only and
the database is opened immutable, so nothing can be written through the server.
"""

from __future__ import annotations

import asyncio
import re
import sqlite3
import time
from pathlib import Path

from datasette import hookimpl
from datasette.utils.asgi import Response

from .. import refs
from ..db import Database, NotFound
from ..i18n import LANGS, from_accept_language, t
from .app import render_page
from .pages import Links, Site
from .search_worker import SearchWorker

#: Longest value one SQL statement may produce (a clause text is a few KB): bounds
#: ``select randomblob(400000000)`` and friends before they reach memory.
MAX_VALUE_BYTES = 1_000_000
#: How often the judge's pages look for a rebuilt database.
RECHECK_SECONDS = 1.0


class _Opened:
    """The judge's view of one database file, reopened when a build replaces the file."""

    def __init__(self, path: str):
        from ..search.searcher import Searcher

        self.path = path
        self.identity = _identity(path)
        self.site = Site(Database(path), Links())
        self.searcher = Searcher(path)
        self.worker = SearchWorker(path, self.searcher)
        self.checked = time.monotonic()
        self.pages: dict[tuple, str] = {}  # (page, lang, carried language) -> HTML of pages that only change with a build

    def page(self, name: str, lang: str, carried: str | None, render) -> str:
        key = (name, lang, carried)
        if key not in self.pages:
            self.pages[key] = render()
        return self.pages[key]

    def close(self) -> None:
        self.worker.close()
        self.site.db.close()
        self.searcher.close()


def _identity(path: str):
    st = Path(path).stat()
    return (st.st_ino, st.st_mtime_ns, st.st_size)


_open: dict[str, _Opened] = {}


def _site(datasette):
    """(Site, Searcher) of the served database, or (None, None)."""
    opened = _opened(datasette)
    return (opened.site, opened.searcher) if opened else (None, None)


def _opened(datasette) -> _Opened | None:
    db = datasette.databases.get("judgebase") or next(
        (d for d in datasette.databases.values() if getattr(d, "path", None)), None
    )
    if db is None or db.path is None:
        return None
    opened = _open.get(db.path)
    now = time.monotonic()
    if opened is not None and now - opened.checked > RECHECK_SECONDS:
        opened.checked = now
        try:
            if _identity(db.path) != opened.identity:  # `judgebase build` replaced it: serve the new build
                _open.pop(db.path).close()
                opened = None
        except OSError:
            pass  # mid-replace: keep the open one, look again next time
    if opened is None:
        opened = _open[db.path] = _Opened(db.path)
    return opened


def _chosen(request) -> str | None:
    """The language the judge picked: ``?lang=`` now, or the switch remembered in the ``jb_lang`` cookie."""
    for lang in (request.args.get("lang"), request.cookies.get("jb_lang")):
        if lang in LANGS:
            return lang
    return None


def _lang(request, query_lang: str | None = None) -> str:
    """The page's language, in this order: the judge's switch (``?lang=``, remembered in the
    ``jb_lang`` cookie), the language the query is written in (a search's, or the one a results
    page carried here in ``?query_lang=``), the browser's ``Accept-Language``, English."""
    return (_chosen(request) or _query_lang(request, query_lang)
            or from_accept_language(request.headers.get("accept-language")) or "en")


def _query_lang(request, detected: str | None = None) -> str | None:
    """The language of the query: the one just detected, else the one carried in ``?query_lang=``."""
    for lang in (detected, request.args.get("query_lang")):
        if lang in LANGS:
            return lang
    return None


def _carried(request, detected: str | None = None) -> str | None:
    """The language this page's links carry: the query's, when that is what chose the page's
    language (a guess, so never remembered: the judge's switch beats it and is what is kept)."""
    query = None if _chosen(request) else _query_lang(request, detected)
    browser = from_accept_language(request.headers.get("accept-language")) or "en"
    return query if query != browser else None


def _site_for(site, request, detected: str | None = None):
    """The site with links that carry the query's language where it chose this page's language."""
    carried = _carried(request, detected)
    return site.with_links(site.links.carrying(carried)) if carried else site


def _html(body: str, request, status: int = 200) -> Response:
    # The same URL answers in another language for another cookie or browser: caches must know.
    response = Response.html(body, status=status, headers={"Vary": "Cookie, Accept-Language"})
    if request.args.get("lang") in LANGS:
        response.set_cookie("jb_lang", request.args["lang"], max_age=31536000, samesite="lax")
    return response


def _keep_lang(request) -> str:
    """``?lang=xx`` for a redirect when the judge asked for it in this request, ``?query_lang=xx`` when the
    request carried the language of an earlier query (else the page decides again)."""
    lang = request.args.get("lang")
    if lang in LANGS:
        return f"?lang={lang}"
    carried = _carried(request)
    return f"?query_lang={carried}" if carried else ""


async def home(request, datasette):
    return await search(request, datasette)


async def search(request, datasette):
    site, searcher = _site(datasette)
    if site is None:
        return Response.text(t("web.not_served", _lang(request)), status=500)
    query = (request.args.get("q") or "").strip()
    ruleset = request.args.get("ruleset") or None
    if ruleset not in (None, "official", "tamer_tactics", "legacy"):
        ruleset = None
    if query:
        from ..search.query import split_version

        version, rest = split_version(query)
        ref = refs.try_parse(rest, default_ruleset=ruleset)
        if ref is not None and version and version != refs.CR_VERSION and ref.ruleset == "official":
            old = site.db.old_number(version, ref.number)
            if old and old["new"]:  # an older version's number: today's clause, with a notice
                keep = _keep_lang(request)
                return Response.redirect(f"{site.links.clause('CR ' + old['new'])}{keep or '?'}{'&' if keep else ''}"
                                         f"from={version}:{ref.number}")
        elif ref is not None and site.db.has_clause(ref):
            return Response.redirect(f"{site.links.clause(str(ref))}{_keep_lang(request)}")
    # In the search worker process: detecting the language and searching are this page's CPU
    # work, and one slow query must not stall every other page.
    chosen = _chosen(request)
    answer = {"query_lang": None, "results": [], "error": None}
    if query:
        answer = await _opened(datasette).worker.answer(query, chosen, _lang(request, None), ruleset, 20)
    lang = _lang(request, answer["query_lang"])
    site = _site_for(site, request, answer["query_lang"])
    error = None
    if answer["error"]:
        from ..search.query import QueryError

        e = answer["error"]
        error = QueryError(e["message"], e["key"], **e["fields"]).say(lang)
    results = [{**{k: r[k] for k in ("ref", "kind", "ruleset", "title", "snippet")},
                "status": "unproven" if r["proven"] is None else ("proven" if r["proven"] else "failing"),
                "url": site.links.ruling(r["ref"]) if r["kind"] == "ruling" else site.links.clause(r["ref"]),
                "examples": [{**e, "url": site.links.ruling(e["id"])} for e in r.get("examples", [])]}
               for r in answer["results"]]
    body = await asyncio.to_thread(render_page, "jb_home.html", site.links, lang, query=query, results=results,
                                   ruleset=ruleset, error=error)
    return _html(body, request)


async def clause(request, datasette):
    site, _ = _site(datasette)
    site, lang = _site_for(site, request), _lang(request)
    try:
        data = site.clause(request.url_vars["slug"])
    except (NotFound, refs.RefError):
        body = render_page("jb_home.html", site.links, lang, query=request.url_vars["slug"], results=[], ruleset=None,
                           error=t("web.no_clause", lang, ref=request.url_vars["slug"]))
        return _html(body, request, status=404)
    return _html(render_page("jb_clause.html", site.links, lang, c=data, asked=_asked(site, request, lang)), request)


def _asked(site, request, lang: str) -> str | None:
    """The notice for ``?from=4.0:3-4-4``: this page is what an older version's number became."""
    from ..i18n import renumbered

    version, _, number = (request.args.get("from") or "").partition(":")
    old = site.db.old_number(version, number) if version and number else None
    return renumbered(lang, version, number, old["new"], old["status"]) if old and old["new"] else None


async def ruling(request, datasette):
    site, _ = _site(datasette)
    site, lang = _site_for(site, request), _lang(request)
    try:
        data = site.ruling(request.url_vars["rid"])
    except NotFound:
        body = render_page("jb_home.html", site.links, lang, query=request.url_vars["rid"], results=[], ruleset=None,
                           error=t("web.no_ruling", lang, id=request.url_vars["rid"]))
        return _html(body, request, status=404)
    return _html(render_page("jb_ruling.html", site.links, lang, r=data), request)


def _build_page(datasette, request, name: str, template: str, data: str):
    """A page that changes only with a new build: rendered once per language and build."""
    opened, lang = _opened(datasette), _lang(request)
    site = _site_for(opened.site, request)
    render = lambda: render_page(template, site.links, lang, **{data: getattr(site, data)()})  # noqa: E731
    return _html(opened.page(name, lang, site.links.query_lang, render), request)


async def keywords(request, datasette):
    return _build_page(datasette, request, "keywords", "jb_keywords.html", "keywords")


async def glossary(request, datasette):
    return _build_page(datasette, request, "glossary", "jb_glossary.html", "glossary")


async def coverage(request, datasette):
    return _build_page(datasette, request, "coverage", "jb_coverage.html", "coverage")


def _authorize(action, arg1, arg2, db_name, trigger):
    """Nobody reads the database's file path through SQL (``pragma_database_list``)."""
    if action == sqlite3.SQLITE_READ and arg1 == "pragma_database_list" and arg2 == "file":
        return sqlite3.SQLITE_IGNORE  # the column reads as NULL
    return sqlite3.SQLITE_OK


def escape_fts(query: str) -> str:
    """Every word of a user's ``_search`` as a quoted FTS5 term: quotes and operators are never syntax.

    datasette's own escape_fts leaves a query of only quotes (``\"\"\"``) as an FTS5
    syntax error; this one has no input it can't quote.
    """
    words = re.findall(r'[^\s"]+', query or "")
    return " ".join(f'"{w}"' for w in words) or '"\u2205"'  # nothing to look for: a term no text holds


@hookimpl(trylast=True)  # after datasette's own hook, so this escape_fts is the one registered
def prepare_connection(conn):
    conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_VALUE_BYTES)
    conn.set_authorizer(_authorize)
    conn.create_function("escape_fts", 1, escape_fts, deterministic=True)


async def databases_json(request, datasette):
    """datasette's list of databases, without where they live on this machine."""
    rows = [{"name": d.name, "is_mutable": d.is_mutable, "is_memory": d.is_memory, "hash": d.hash}
            for d in datasette.databases.values() if not d.name.startswith("_")]
    return Response.json(rows)


async def not_served(request, datasette):
    return Response.text(t("web.not_ours", _lang(request)), status=404)


def _get_only(handler):
    """The judge's pages answer GET and HEAD; anything else is refused (405), nothing is written."""

    async def guarded(request, datasette):
        if request.method not in ("GET", "HEAD"):
            return Response.text(t("web.read_only", _lang(request)), status=405,
                                 headers={"Allow": "GET, HEAD", "Vary": "Cookie, Accept-Language"})
        return await handler(request, datasette)

    return guarded


@hookimpl
def register_routes():
    return [(pattern, _get_only(handler)) for pattern, handler in _routes()]


def _routes():
    return [
        (r"^/-/databases(\.json)?$", databases_json),
        (r"^/-/threads(\.json)?$", not_served),
        (r"^/$", home),
        (r"^/search$", search),
        (r"^/clause/(?P<slug>[^/]+)$", clause),
        (r"^/ruling/(?P<rid>[a-z0-9-]+)$", ruling),
        (r"^/keywords$", keywords),
        (r"^/glossary$", glossary),
        (r"^/coverage$", coverage),
    ]
