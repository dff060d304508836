"""Render the judge's pages with Jinja2: shared by the datasette plugin and the static export.

Every word of a template comes from the message catalogue (:mod:`judgebase.i18n`) through
``_`` (:class:`Words`): a server page holds the words of its language only; a static page
holds them in all three languages (``data-lang`` spans, the others ``hidden``), so its
language switch works offline, from file://, without a server to ask.
"""

from __future__ import annotations

import json
from functools import lru_cache

from jinja2 import Environment, FileSystemLoader, select_autoescape
from markupsafe import Markup, escape

from .. import i18n
from ..refs import CR_VERSION
from ..shipped import site_dir
from . import board
from .pages import LANGS, RULESET_NAMES, Links

SITE = site_dir()


@lru_cache(maxsize=1)
def environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(str(SITE / "templates")),
        autoescape=select_autoescape(["html"]),
        trim_blocks=True,
        lstrip_blocks=True,
    )


class Words:
    """The catalogue for one page: ``_('web.search')`` in a template.

    A field given as a dict (``{"es": …, "en": …, "de": …}``) is taken in each
    language; a :class:`~markupsafe.Markup` field is inserted as HTML, anything else escaped.
    """

    def __init__(self, lang: str, static: bool):
        self.lang = i18n.ui_lang(lang)
        self.static = static

    def _fmt(self, key: str, lang: str, fields: dict) -> Markup:
        values = {k: (v.get(lang) or v.get("en", "")) if isinstance(v, dict) else v for k, v in fields.items()}
        return Markup(escape(i18n.template(key, lang))).format(**values) if values else escape(i18n.template(key, lang))

    def __call__(self, key: str, **fields) -> Markup:
        """Element content: the page's language (server), or all three with the others hidden (static)."""
        if not self.static:
            return self._fmt(key, self.lang, fields)
        return self._spans({lang: self._fmt(key, lang, fields) for lang in LANGS})

    def n(self, key: str, n: int, **fields) -> Markup:
        """A message with a count (``key.one`` / ``key.other``)."""
        return self(f"{key}.{'one' if n == 1 else 'other'}", n=n, **fields)

    def attr(self, key: str, **fields) -> str:
        """An attribute value or a <title>/<option> text: the page's language only (the template escapes it)."""
        return i18n.t(key, self.lang, **{k: (v.get(self.lang) or v.get("en", "")) if isinstance(v, dict) else v
                                          for k, v in fields.items()})

    def data(self, key: str, attr: str | None = None, **fields) -> Markup:
        """For a static page: ``data-i18n`` holding the words in every language (app.js puts them in the
        element's text, or in attribute ``attr``); nothing on a server page."""
        if not self.static:
            return Markup("")
        words = {lang: i18n.t(key, lang, **fields) for lang in LANGS}
        out = f' data-i18n="{escape(json.dumps(words, ensure_ascii=False))}"'
        if attr:
            out += f' data-i18n-attr="{escape(attr)}"'
        return Markup(out)

    def has(self, key: str) -> bool:
        return i18n.has(key)

    def code(self, text) -> Markup:
        return Markup("<code>{}</code>").format(text)

    def codes(self, items) -> Markup:
        return Markup(", ").join(self.code(i) for i in items)

    def each(self, key: str, **fields) -> dict[str, str]:
        return i18n.each(key, **fields)

    def pick(self, texts: dict | None) -> Markup:
        """Content given per language (titles, event lines): the page's language, or all of them (static)."""
        texts = {lang: text for lang, text in (texts or {}).items() if text is not None}
        if not texts:
            return Markup("")
        if not self.static:
            chosen = texts.get(self.lang)
            if chosen is None:
                chosen = texts.get("en", next(iter(texts.values())))
            return escape(chosen)
        return self._spans({lang: escape(text) for lang, text in texts.items()})

    def _spans(self, by_lang: dict) -> Markup:
        shown = self.lang if self.lang in by_lang else ("en" if "en" in by_lang else next(iter(by_lang)))
        inner = "".join(f'<span data-lang="{lang}"{"" if lang == shown else " hidden"}>{text}</span>'
                        for lang, text in by_lang.items())
        return Markup(f'<span class="tr">{inner}</span>')


def render_page(template: str, links: Links, lang: str, **context) -> str:
    return environment().get_template(template).render(
        links=links, lang=lang, shown=lang, langs=LANGS, rulesets=RULESET_NAMES, _=Words(lang, links.static),
        cr_version=CR_VERSION, board=board, **context
    )


def client_words() -> dict[str, dict[str, str]]:
    """The words app.js writes itself in the static export (result tags, badges, "no results")."""
    keys = [k for k in i18n.catalogue() if k.startswith(("js.", "kind.", "status.", "ruleset.")) or k == "label.example"]
    return {key: i18n.each(key) if "{" not in i18n.template(key, "en") else
            {lang: i18n.template(key, lang) for lang in LANGS} for key in keys}
