"""Deck checks in the protocol (protocol 2): the request the harness sends, the answer our engine gives.

A deck-check scenario holds lists and what the check must say of each (``legal``, and
refs the problems must cite).  The harness sends each list as a ``deck_check`` request
(:func:`request`) and judges the host's ``deck`` answer with the deck runner's own
comparison (``deck_runner.disagreement``); the reference adapter answers with
``judgebase deck check``'s library (:func:`answer`).
"""

from __future__ import annotations

from .. import deck

RESTRICTION_KEYS = ("banned", "restricted", "banned_pairs")


def request(scenario_id: str, fmt: str, index: int, item: dict, listed, restrictions, cards=None) -> dict:
    """The ``deck_check`` request for check ``index`` (0-based) of a scenario, its list, restriction list and card file read."""
    return {
        "type": "deck_check",
        "scenario": scenario_id,
        "check": index + 1,
        "format": fmt,
        "list": item["list"],
        "entries": [{"count": e.count, "number": e.number, "name": e.name or None, "zone": e.zone, "category": e.category}
                    for e in listed.entries],
        "restrictions": None if restrictions is None else {
            "name": restrictions.label,
            "banned": list(restrictions.banned),
            "restricted": dict(restrictions.restricted),
            "banned_pairs": [list(pair) for pair in restrictions.banned_pairs],
        },
        "cards": None if cards is None else [
            {"number": c.number, "name": c.name or None, "category": c.category, "level": c.level, "max_copies": c.max_copies,
             "also_number": list(c.also)}
            for c in cards.values()],
    }


def _restrictions(value) -> deck.Restrictions | None:
    if value is None:
        return None
    if not isinstance(value, dict):
        raise ValueError("restrictions must be an object or null")
    for key in RESTRICTION_KEYS:
        if not isinstance(value.get(key, [] if key != "restricted" else {}), dict if key == "restricted" else list):
            raise ValueError(f"restrictions.{key} has the wrong type")
    return deck.Restrictions(
        banned=[deck.normalise_number(str(n)) for n in value.get("banned", [])],
        restricted={deck.normalise_number(str(n)): int(c) for n, c in value.get("restricted", {}).items()},
        banned_pairs=[(deck.normalise_number(str(a)), deck.normalise_number(str(b))) for a, b in value.get("banned_pairs", [])],
        label=value.get("name"),
    )


def _cards(value) -> dict | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(c, dict) and isinstance(c.get("number"), str) for c in value):
        raise ValueError("cards must be a list of objects with a card number, or null")
    return {deck.normalise_number(c["number"]): deck.Card(deck.normalise_number(c["number"]), c.get("name") or "",
                                                          c.get("category"), c.get("level"), c.get("max_copies"),
                                                          tuple(deck.normalise_number(str(n)) for n in c.get("also_number") or ()))
            for c in value}


def answer(msg: dict) -> dict:
    """Our engine's answer to a ``deck_check`` request: it reads the list itself, as ``judgebase deck check`` does."""
    fmt = msg.get("format")
    if fmt not in deck.FORMATS:
        return {"type": "unsupported", "reason": f"no deck check for format {fmt!r}"}
    text = msg.get("list")
    if not isinstance(text, str):
        return {"type": "error", "message": "deck_check needs the list as text"}
    try:
        restrictions, cards = _restrictions(msg.get("restrictions")), _cards(msg.get("cards"))
        checked = deck.check(deck.parse(text, source=f"{msg.get('scenario')}#{msg.get('check')}", cards=cards), fmt,
                             cards=cards, restrictions=restrictions)
    except (ValueError, TypeError, deck.DeckInputError) as exc:
        return {"type": "error", "message": f"cannot check this list: {exc}"}
    return {"type": "deck", "legal": checked.legal,
            "problems": [{"ref": p.ref, "rule": p.rule, "message": p.message} for p in checked.problems]}
