"""Plain text: what a user typed (any bytes in, printable Unicode out) and Markdown shown in a terminal.

Command-line arguments that are not valid UTF-8 arrive as lone surrogates
(``\\udcff``), which SQLite and a strict UTF-8 terminal both refuse. Every argument
and query goes through :func:`clean` before it reaches the library.
"""

from __future__ import annotations

import re
import unicodedata

MAX_ARGUMENT = 300
_MARKUP = re.compile(r"\*\*|__|`|^\s*(?:[-+*]|>|#+)\s+", re.MULTILINE)


def clean(text: str | None, limit: int = MAX_ARGUMENT) -> str:
    """Undo surrogate escapes (bad bytes become U+FFFD), normalise, drop control characters, cap the length."""
    text = text or ""
    try:
        text = text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")
    except UnicodeEncodeError:  # surrogates that did not come from bytes: drop them below
        pass
    text = unicodedata.normalize("NFKC", text.encode("utf-8", "replace").decode("utf-8"))
    text = "".join(c if unicodedata.category(c)[0] != "C" else " " for c in text)
    return text.strip()[:limit]


def plain(text: str) -> str:
    """Markdown source to one line of plain text."""
    return re.sub(r"\s+", " ", _MARKUP.sub("", text or "")).strip()
