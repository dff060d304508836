"""Render the judge's pages with Jinja2: shared by the datasette plugin and the static export."""

from __future__ import annotations

from functools import lru_cache

from jinja2 import Environment, FileSystemLoader, select_autoescape

from ..shipped import site_dir
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


def render_page(template: str, links: Links, lang: str, **context) -> str:
    return environment().get_template(template).render(
        links=links, lang=lang, shown=lang, langs=LANGS, rulesets=RULESET_NAMES, **context
    )
