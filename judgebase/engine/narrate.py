"""Turn log events into the sentences a judge would say at the table, clause by clause, in es/en/de.

The sentences are in the message catalogue (:mod:`judgebase.i18n.events`, one entry per
event kind and variant); this module picks the variant, puts the event's data in the
words of the asked language (reasons, phases, effect names) and ends every line with
the clause that caused the event.
"""

from __future__ import annotations

import re

from .. import i18n
from ..i18n.events import translate
from .state import Event

#: Fields whose values the engines write as English words; they are said in the asked language.
TRANSLATED = ("why", "reason", "loser", "result", "effect", "requirement", "phase", "until", "step", "keyword",
              "to", "origin", "message", "via", "level", "winner_level", "allows", "choice", "etype", "zone", "info")
#: Event kinds whose sentence depends on a count: (field, forms).
COUNTED = {"draw": "cards", "security_check": "cards", "recovery": "cards",
           "start_of_turn_effects": "effects", "end_of_turn_effects": "effects"}
_RULES = {"cannot_attack", "cannot_block", "cannot_be_attacked", "may_attack_tamers", "may_attack_unsuspended", "cannot_suspend", "cannot_digivolve",
          "cannot_be_deleted_by_effects", "unaffected_by"}
#: Events about a persistent or lasting effect reaching a card: their sentence depends on what it gives.
_CONTINUOUS = ("effect_applies", "effect_ends")


def _fmt(value) -> str:
    if value is None:
        return ""
    if isinstance(value, (list, tuple)):
        return ", ".join(_fmt(v) for v in value)
    return re.sub(r"@\d+", "", str(value))


def _signed(value) -> str:
    try:
        n = int(value)
    except (TypeError, ValueError):
        return _fmt(value)
    return f"+{n}" if n > 0 else str(n)


def variant(event: Event) -> str:
    """The catalogue key of the sentence for ``event``: ``event.<kind>`` or one of its variants."""
    kind, data = event.kind, event.data
    key = f"event.{kind}"
    if kind in COUNTED:
        try:
            n = int(data.get(COUNTED[kind], 0))
        except (TypeError, ValueError):
            n = 2
        return f"{key}.{'none' if n == 0 else 'one' if n == 1 else 'other'}"
    if kind == "attack" and data.get("without_suspending"):
        return key + ".without_suspending"
    if kind == "attack" and data.get("target") == "player":
        return key + ".player"
    if kind in ("counter_timing", "block_timing") and data.get("attacker_left"):
        return key + ".attacker_left"
    if kind == "attack_successful" and data.get("target") == "player":
        return key + ".player"
    if kind == "block" and data.get("forced"):
        return key + ".forced"
    if kind == "battle":
        if "security_digimon" in data:
            return key + ".security"
        return key + (".tie" if data.get("tie") else "")
    if kind in ("deleted", "to_trash", "to_hand") and int(data.get("cards") or 1) > 1:
        return key + ".stack"
    if kind == "main_action" and data.get("action"):
        return f"{key}.{data['action']}"
    if kind == "rule_check" and int(data.get("deleted") or 0) + int(data.get("trashed") or 0) > 1:
        return key + ".together"
    if kind == "turn_end" and event.player is None:
        return key + ".game"
    if kind == "phase" and "turn" in data:
        return key + ".turn"
    if kind == "first_player" and "kept" in data:
        return key + (".kept" if data["kept"] else ".winner")
    if kind == "use_declared" and data.get("side"):
        return key + ".dual"
    if kind == "unsuspend" and data.get("why"):
        return key + ".why"
    if kind == "activate" and not data.get("effect"):
        return key + ".card"
    if kind == "gains_keyword" and data.get("keyword") in _RULES:
        return key + ".rule"
    if kind in _CONTINUOUS:
        if "keyword" in data:
            return key + (".rule" if data["keyword"] in _RULES else ".keyword")
        if "given" in data:
            return key + ".info"
        return key + (".security_attack" if "security_attack" in data else ".dp")
    if kind in ("info_added", "info_overwritten", "info_changed", "info_not_changed") and data.get("info") in ("dp", "level", "name"):
        return f"{key}.{data['info']}"
    if kind in ("security_attack_count", "link_limit") and data.get("instances"):
        return key + ".instances"
    if kind == "condition_not_met" and data.get("step") == "overwrite":
        return key + ".overwrite"
    if kind == "condition_not_met" and data.get("step"):
        return key + ".step"
    if kind == "exchange" and not data.get("old"):
        return key + ".new"
    if kind == "points" and "printed" in data:
        return key + ".battle"
    if kind == "death_check" and data.get("network_refreshed"):
        return key + ".refreshed"
    if kind == "to_security" and data.get("at") == "bottom":
        return key + ".bottom"
    if kind == "security_reveal" and data.get("already_face_up"):
        return key + ".face_up"
    if kind == "option_used" and data.get("from_hand"):
        return key + ".hand"
    return key


def fields(event: Event, lang: str) -> dict[str, str]:
    """The event's data as the sentence in ``lang`` shows it, with ``who``."""
    who = f"P{event.player + 1}" if event.player is not None else i18n.t("event.who.game", lang)
    out = {"who": who}
    for k, v in event.data.items():
        out[k] = translate(_fmt(v), lang, k) if k in TRANSLATED and v is not None else _fmt(v)
    if event.kind in ("dp_change", "security_attack_change") + _CONTINUOUS and "amount" in event.data:
        out["amount"] = _signed(event.data["amount"])
    if event.kind in _CONTINUOUS and "security_attack" in event.data:
        out["security_attack"] = _signed(event.data["security_attack"])
    return out


def sentence(event: Event, lang: str = "en") -> str | None:
    """The judge's sentence for ``event`` in ``lang`` (no clause), or None if the catalogue has none."""
    key = variant(event)
    if not i18n.has(key):
        return None
    try:
        return i18n.t(key, lang, **fields(event, lang))
    except (KeyError, IndexError, ValueError):
        return None


def describe(event: Event, lang: str = "en") -> str:
    """One sentence for one event in ``lang`` (es, en, de), ending with the clause that caused it."""
    text = sentence(event, lang)
    if text is None:  # a kind the catalogue doesn't know yet: its data, plainly
        data = fields(event, lang)
        who = data.pop("who")
        details = ", ".join(f"{k} {v}" for k, v in data.items() if v not in ("None", ""))
        text = i18n.t("event.generic", lang, who=who, kind=event.kind.replace("_", " ")) + (f" ({details})" if details else "")
    return f"{text[0].upper()}{text[1:]}  [{event.ref}]"


def describe_all(event: Event) -> dict[str, str]:
    """The event's line in every interface language: ``{"es": …, "en": …, "de": …}``."""
    return {lang: describe(event, lang) for lang in i18n.LANGS}
