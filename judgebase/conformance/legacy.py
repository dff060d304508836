"""The legacy Hyper Colosseum battle in the protocol (protocol 2): its normalised state and its view.

- :func:`state_of` — the normalised state of a :class:`~judgebase.engine.legacy.LegacyGame`
  (the reference adapter's ``observe`` for ``ruleset: legacy``).
- :class:`LegacyView` — an observed legacy state as an object the legacy runner's own
  expectation check (``legacy_runner._expect``) reads as it reads a live game.
- :func:`comparable` — the normative part of a legacy state (what a refused action must not change).

Zones keep the scenario format's names (``digimon_box``, ``evolution_box``, ``power_box``...),
so a host reads its set-up and reports its state in the same words.
"""

from __future__ import annotations

from ..scenarios.common import NAMES, PLAYERS
from ..scenarios.legacy_runner import ZONES
from .protocol import ProtocolViolation, _Card, _decision_in, _player, _players_in

#: Ordered card lists per player, in the scenario format's names (``slots`` holds null for an empty slot).
LEGACY_ZONES = tuple(ZONES) + ("slots",)
LEGACY_DECISIONS = ("partner", "preparation", "digivolve", "battle", "response", "point_options", "point_abilities", "draw_ability", "digivolution_abilities", "digivolve_cost")


def _result(value):
    return None if value is None else "draw" if value == "draw" else NAMES[value]


def state_of(game) -> dict:
    """The normalised state of one of our legacy games."""
    d = game.decision
    players = {}
    for p, side_name in NAMES.items():
        side = game.players[p]
        zones = {zone: [c.name for c in getattr(side, attr)] for zone, attr in ZONES.items()}
        players[side_name] = {
            "points": side.points,
            "attack": game.attack(p),
            "final_attack": game.final_attack[p],
            "top": side.top.name if side.top else None,
            **zones,
            "slots": [None if c is None else c.name for c in side.slots],
        }
    return {
        "turn": game.turn,
        "phase": game.phase,
        "first_player": NAMES[game.first_player],
        "winner": None if game.winner is None else NAMES[game.winner],
        "over": bool(game.is_over),
        "over_reason": game.over_reason,
        "result": _result(game.result),
        "decision": None if d is None else {"player": NAMES[d.player], "kind": d.kind},
        "players": players,
    }


class _LegacySide:
    def __init__(self, owner: int, data):
        side = NAMES[owner]
        if not isinstance(data, dict):
            raise ProtocolViolation(f"players.{side} must be an object")
        for zone, attr in ZONES.items():
            names = data.get(zone, [])
            if not isinstance(names, list):
                raise ProtocolViolation(f"players.{side}.{zone} must be a list of card names")
            setattr(self, attr, [_Card(str(n)) for n in names])
        slots = data.get("slots", [])
        if not isinstance(slots, list):
            raise ProtocolViolation(f"players.{side}.slots must be a list of card names or nulls")
        self.slots = [None if n is None else _Card(str(n)) for n in slots]
        top = data.get("top")
        self.top = None if top is None else _Card(str(top))
        self.points = data.get("points")
        self.attack = data.get("attack")
        self.final_attack = data.get("final_attack")


class LegacyView:
    """An observed legacy state and the events so far, with what ``legacy_runner._expect`` reads of a game."""

    def __init__(self, state: dict, events: list):
        if not isinstance(state, dict):
            raise ProtocolViolation("the state must be an object")
        self.turn = state.get("turn")
        self.phase = state.get("phase")
        self.first_player = _player(state.get("first_player"), "first_player")
        self.winner = _player(state.get("winner"), "winner", optional=True)
        self.over_reason = state.get("over_reason") or ("game over" if state.get("over") else None)
        self.is_over = bool(state.get("over")) or self.winner is not None
        result = state.get("result")
        self.result = "draw" if result == "draw" else _player(result, "result (or 'draw')", optional=True)
        self.decision = _decision_in(state)
        players = _players_in(state)
        self.players = [_LegacySide(p, players.get(side)) for p, side in NAMES.items()]
        self.final_attack = [s.final_attack for s in self.players]
        self.log = events

    def attack(self, player: int):
        return self.players[player].attack


def comparable(state: dict) -> dict:
    """The normative part of a legacy state: what must not change when an action is refused."""
    out = {k: state.get(k) for k in ("turn", "phase", "first_player", "winner", "over", "result", "decision")}
    players = state.get("players") if isinstance(state.get("players"), dict) else {}
    for side in PLAYERS:
        data = players.get(side) if isinstance(players.get(side), dict) else {}
        out[side] = {k: data.get(k) for k in ("points", "attack", "final_attack", "top") + LEGACY_ZONES}
    return out
