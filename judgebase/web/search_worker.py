"""The judge's searches in a worker process.

A search is a few milliseconds of pure-Python CPU work. In the server's own process it
shares one interpreter lock with datasette's table pages, so under load its latency is
set by theirs; in a worker process the operating system schedules it on its own. If the
worker can't start or dies, searches run in a thread of the server instead.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

_searcher = None  # the worker's own Searcher


def _start(path: str) -> None:
    global _searcher
    from ..search.searcher import Searcher

    _searcher = Searcher(path)
    threading.Thread(target=_exit_with, args=(os.getppid(),), daemon=True).start()


def _exit_with(parent: int) -> None:
    """A worker outlives nothing: when the server goes (even killed), the worker goes too."""
    import time

    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def answer(searcher, query: str, chosen: str | None, fallback: str, ruleset: str | None, limit: int) -> dict:
    """The query's language (when no language was chosen) and the results, as plain data."""
    from ..search.searcher import IndexDamaged, QueryError

    searcher = searcher or _searcher
    query_lang = None
    if chosen is None:
        try:
            query_lang = searcher.query_language(query)
        except IndexDamaged:
            query_lang = None
    try:  # snippets in the judge's language, else in the query's own (Korean too), else the page's
        found = searcher.search(query, lang=chosen or query_lang or fallback, ruleset=ruleset, limit=limit)
    except QueryError as exc:
        return {"query_lang": query_lang, "results": [], "where": (os.getpid(), threading.current_thread().name),
                "error": {"message": str(exc), "key": exc.key, "fields": exc.fields}}
    results = [{"ref": r.ref, "kind": r.kind, "ruleset": r.ruleset, "title": r.title, "snippet": r.snippet,
                "proven": r.proven, "examples": [{"id": rid, "question": q} for rid, q in r.examples]} for r in found]
    return {"query_lang": query_lang, "results": results, "error": None,
            "where": (os.getpid(), threading.current_thread().name)}


def _in_worker(query, chosen, fallback, ruleset, limit) -> dict:
    return answer(None, query, chosen, fallback, ruleset, limit)


class SearchWorker:
    """One worker process with its own Searcher over the database at ``path``."""

    def __init__(self, path: str, searcher):
        self.searcher = searcher  # the server's own, for the fallback
        try:
            context = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self.pool = ProcessPoolExecutor(max_workers=1, mp_context=context, initializer=_start, initargs=(path,))
        except (OSError, ValueError):
            self.pool = None

    async def answer(self, query, chosen, fallback, ruleset, limit) -> dict:
        if self.pool is not None:
            try:
                return await asyncio.get_running_loop().run_in_executor(
                    self.pool, _in_worker, query, chosen, fallback, ruleset, limit)
            except (BrokenProcessPool, OSError, RuntimeError):
                self.pool = None
        return await asyncio.to_thread(answer, self.searcher, query, chosen, fallback, ruleset, limit)

    def close(self) -> None:
        if self.pool is not None:
            self.pool.shutdown(wait=False, cancel_futures=True)
