"""A game's position as plain data: what a judge would see on the table, for drawing it.

The runners take one snapshot before a scenario's first step (the position as set up,
before the engine starts) and one after its last, and the build stores both next to
the event log.  Everything here reads the engines' public attributes and methods
(the same ones ``Game.dump()`` reads); nothing is changed.  The result is JSON-ready:
numbers, strings, booleans, lists and dicts only.

Official and Tamer Tactics games::

    {"ruleset", "turn", "turn_player", "phase", "memory" (on P1's side; negative: P2's),
     "players": [{"deck", "eggs", "hand", "trash", "security": counts,
                  "battle": [stack, ...], "breeding": stack or None}, ...]}

    stack = {"id", "name", "category", "level", "dp", "suspended", "cards" (in the stack),
             "label", and for Tamer Tactics "group" (the id of its Tamer) and "protected"}

Legacy games::

    {"ruleset": "legacy", "turn", "phase", "first_player",
     "players": [{"points", "network", "hand", "darkness", "evolution", "power", "exchange": counts,
                  "box": [card, ...] (bottom to top; the top one battles), "support": [names],
                  "slots": [None or {"name", "face_up"}] * 3, "attack": the battling Digimon's value now}]}
"""

from __future__ import annotations


def position(game) -> dict:
    """The position of ``game`` (any of the three engines) as plain data."""
    if getattr(game, "ruleset", "official") == "legacy":
        return _legacy(game)
    return _game(game)


def _game(game) -> dict:
    tamer_tactics = game.ruleset == "tamer_tactics"

    def stack(s) -> dict:
        top = s.top.defn
        out = {
            "id": s.sid, "name": top.name, "category": top.category, "level": top.level,
            "dp": game.dp(s) if s.area == "battle" else top.dp,
            "suspended": bool(s.suspended), "cards": len(s.cards), "label": s.label,
        }
        if tamer_tactics:
            out["group"] = game.group_of(s)
            out["protected"] = bool(game.is_protected(s))
        return out

    players = []
    for p in game.players:
        players.append({
            "deck": len(p.deck), "eggs": len(p.eggs), "hand": len(p.hand), "trash": len(p.trash),
            "security": len(p.security),
            "battle": [stack(s) for s in p.battle],
            "breeding": stack(p.breeding) if p.breeding else None,
        })
    return {"ruleset": game.ruleset, "turn": game.turn, "turn_player": game.turn_player, "phase": game.phase,
            "memory": game.memory, "players": players}


def _legacy(game) -> dict:
    def card(c) -> dict:
        d = c.defn
        return {"name": d.name, "level": d.level, "battle_type": d.battle_type, "attack": dict(d.attack)}

    players = []
    for p, side in enumerate(game.players):
        players.append({
            "points": side.points, "network": len(side.network), "hand": len(side.hand),
            "darkness": len(side.darkness), "evolution": len(side.evolution), "power": len(side.power),
            "exchange": len(side.exchange),
            "box": [card(c) for c in side.box],
            "support": [c.name for c in side.support],
            "slots": [None if c is None else {"name": c.name, "face_up": bool(c.face_up)} for c in side.slots],
            "attack": game.attack(p) if side.box else None,
        })
    return {"ruleset": "legacy", "turn": game.turn, "phase": game.phase, "first_player": game.first_player,
            "players": players}
