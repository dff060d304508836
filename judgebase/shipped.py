"""Where the rule sources and the web templates are: the checkout, or the copy shipped in the wheel.

A checkout (``pip install -e .``) reads ``rules/``, ``rulings/`` and ``site/`` at the top
of the repository. A wheel carries the same folders inside the package, under
``judgebase/_shipped/`` (copied there when the wheel is built; see setup.py), so an
installed tool answers and serves pages with no checkout anywhere.
"""

from __future__ import annotations

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
CHECKOUT = PACKAGE.parent
SHIPPED = PACKAGE / "_shipped"


def sources_root() -> Path | None:
    """The folder holding ``rules/`` and ``rulings/``: the checkout, else the wheel's copy."""
    for root in (CHECKOUT, SHIPPED):
        if (root / "rules").is_dir() and (root / "rulings").is_dir():
            return root
    return None


def site_dir() -> Path:
    """Templates, static files and datasette metadata of the judge's pages."""
    for root in (CHECKOUT, SHIPPED):
        if (root / "site" / "templates").is_dir():
            return root / "site"
    return CHECKOUT / "site"
