"""Notices a judge must see wherever clause text is shown (CLI, web pages, static export)."""

from __future__ import annotations

from .refs import CR_DATE as CURRENT_DATE
from .refs import CR_VERSION as CURRENT

#: The official rules say the Japanese text decides; every translation, ours and Bandai's, gives way to it.
JAPANESE_PREVAILS = {
    "en": "The Japanese text of the Comprehensive Rules prevails over every translation, including this one.",
    "es": "El texto japonés de las Comprehensive Rules prevalece sobre cualquier traducción, incluida esta.",
    "de": "Der japanische Text der Comprehensive Rules hat Vorrang vor jeder Übersetzung, auch vor dieser.",
}

HISTORY_KINDS = {
    "en": {"added": "added", "updated": "updated", "merged": "merged", "deleted": "deleted",
           "renumbered": "moved", "corrected": "corrected"},
    "es": {"added": "añadida", "updated": "actualizada", "merged": "fusionada", "deleted": "eliminada",
           "renumbered": "movida", "corrected": "corregida"},
    "de": {"added": "hinzugefügt", "updated": "geändert", "merged": "zusammengeführt", "deleted": "gestrichen",
           "renumbered": "verschoben", "corrected": "korrigiert"},
}


def version_label(version: str | None = CURRENT) -> str:
    """``CR Ver. 4.2, 2026-08-18``: the version a clause is numbered and worded by."""
    version = version or CURRENT
    return f"CR Ver. {version}, {CURRENT_DATE}" if version == CURRENT else f"CR Ver. {version}"


def prevails(lang: str) -> str:
    return JAPANESE_PREVAILS.get(lang, JAPANESE_PREVAILS["en"])


def renumbered(lang: str, version: str, old: str, new: str, status: str) -> str:
    """What a judge reads when an old version's number was asked for."""
    if lang == "es":
        what = "renumerada" if status == "renumbered" else ("con otro texto" if status == "changed" else "mismo número")
        return f"CR {old} de la Ver. {version} es CR {new} en la Ver. {CURRENT} ({what})."
    if lang == "de":
        what = "neu nummeriert" if status == "renumbered" else ("Text geändert" if status == "changed" else "gleiche Nummer")
        return f"CR {old} aus Ver. {version} ist in Ver. {CURRENT} CR {new} ({what})."
    what = "renumbered" if status == "renumbered" else ("text changed" if status == "changed" else "same number")
    return f"CR {old} of Ver. {version} is CR {new} in Ver. {CURRENT} ({what})."
