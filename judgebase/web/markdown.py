"""Render clause and ruling text: Markdown with every reference and keyword as a link.

Linking is a markdown-it core rule that splits text tokens, so references inside
code spans or existing links are left alone and nothing is done by regex over HTML.
Raw HTML is off: ``<Blocker>`` in a clause is text, shown as written, and linked to
its keyword clause.
"""

from __future__ import annotations

import re
from typing import Callable

from markdown_it import MarkdownIt
from markdown_it.token import Token

from .. import refs

_KEYWORD = re.compile(r"<([A-Z][A-Za-z.\- ]+?)(?:\s*[+\-]?\s*(?:\d+|X)|\s*\([^)]*\))?>")


def _split(text: str, env: dict) -> list[Token]:
    href: Callable[[str], str | None] = env["href"]
    keyword_refs: dict[str, str] = env.get("keywords", {})
    marks = []
    for found in refs.find_in_text(text):
        url = href(str(found.ref))
        if url:
            marks.append((found.start, found.end, url, str(found.ref)))
    for m in _KEYWORD.finditer(text):
        ref = keyword_refs.get(m.group(1).strip().lower())
        if ref and not any(a < m.end() and m.start() < b for a, b, _, _ in marks):
            url = href(ref)
            if url:
                marks.append((m.start(), m.end(), url, ref))
    if not marks:
        return []
    marks.sort()
    out, pos = [], 0
    for start, end, url, title in marks:
        if start < pos:
            continue
        if start > pos:
            t = Token("text", "", 0)
            t.content = text[pos:start]
            out.append(t)
        opening = Token("link_open", "a", 1)
        opening.attrs = {"href": url, "class": "ref", "title": title}
        inner = Token("text", "", 0)
        inner.content = text[start:end]
        out += [opening, inner, Token("link_close", "a", -1)]
        pos = end
    if pos < len(text):
        t = Token("text", "", 0)
        t.content = text[pos:]
        out.append(t)
    return out


def link_references(state) -> None:
    """Core rule: turn references and keyword names in text into links."""
    if "href" not in state.env:
        return
    for token in state.tokens:
        if token.type != "inline" or not token.children:
            continue
        children, depth = [], 0
        for child in token.children:
            if child.type == "link_open":
                depth += 1
            elif child.type == "link_close":
                depth -= 1
            if child.type == "text" and depth == 0:
                parts = _split(child.content, state.env)
                if parts:
                    children.extend(parts)
                    continue
            children.append(child)
        token.children = children


def renderer() -> MarkdownIt:
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
    md.core.ruler.push("judgebase_refs", link_references)
    return md


_MD = renderer()


def render(text: str, href: Callable[[str], str | None], keywords: dict[str, str] | None = None) -> str:
    """HTML for ``text``; ``href(ref)`` gives a reference's URL (None: leave it as text)."""
    return _MD.render(text or "", {"href": href, "keywords": keywords or {}})
