"""Scenarios for the legacy Hyper Colosseum battle (``ruleset: legacy``): load, run, compare.

The file format is the official one (description, ruling, cites, source, cards,
setup, steps) with legacy cards, a legacy set-up and legacy steps; see the
"Legacy scenarios" section of README.md in this folder and ``legacy_scenario``
in schema.json.  :func:`judgebase.scenarios.loader.run` reads the file and hands
its parsed data to :func:`run_legacy` when it declares ``ruleset: legacy``, so
``judgebase verify``, ``judgebase explain``, the build and the pytest plugin run
these files unchanged.
"""

from __future__ import annotations

from collections import Counter

from ..engine.cards import CardError
from ..engine.legacy import LegacyGame, legacy_card_from_spec
from ..engine.setup import SetupError
from ..engine.state import Action, IllegalAction
from .common import NAMES, PLAYERS, ScenarioError, ScenarioFailure, ScenarioResult, _line_of, _plain, check_decision, check_log, engine_crashed, run_steps, schema, snapshot

ZONES = {  # scenario name -> Side attribute
    "network": "network", "hand": "hand", "darkness": "darkness", "digimon_box": "box", "evolution_box": "evolution",
    "power_box": "power", "exchange": "exchange", "support": "support",
}
ORDERED = {"network", "digimon_box", "evolution_box", "power_box"}


def _keys_as_text(value):
    """YAML reads ``lost_points: {3: 10}`` with number keys; JSON Schema (like JSON) has text keys."""
    if isinstance(value, dict):
        return {str(k): _keys_as_text(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_keys_as_text(v) for v in value]
    return value


def validate_legacy(data, shown: str) -> dict:
    """Check a parsed legacy scenario against the schema and its cards; ScenarioError with the offending line."""
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(_keys_as_text(_plain(data))), key=lambda e: list(e.absolute_path))
    if errors:
        err = next((e for e in errors if e.validator not in ("oneOf", "if")), errors[0])
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        raise ScenarioError(shown, _line_of(data, list(err.absolute_path)), f"{where}: {err.message}")
    for name, spec in data["cards"].items():
        try:
            legacy_card_from_spec(name, _plain(spec))
        except CardError as exc:
            raise ScenarioError(shown, data["cards"].line_of(name), str(exc)) from None
    known = set(data["cards"])
    for side in ("p1", "p2"):
        zones = data["setup"].get(side) or {}
        for zone in list(ZONES) + ["slots", "deck"]:
            names = zones.get(zone) or []
            for i, item in enumerate(names):
                name = item["card"] if isinstance(item, dict) else item
                if name is not None and name not in known:
                    raise ScenarioError(shown, names.line_of(i), f"unknown card {name!r} in setup.{side}.{zone} (define it under cards:)")
    return data


def legacy_config(data: dict) -> dict:
    """The engine's config for a legacy scenario: decks written out, players as a list; every other
    setup key goes to the engine as it is, which reads it or refuses it."""
    setup = data["setup"]
    players = []
    for side in ("p1", "p2"):
        spec = _plain(setup.get(side) or {})
        deck = []
        for item in spec.pop("deck", []):
            deck += [item["card"]] * int(item.get("copies", 1)) if isinstance(item, dict) else [item]
        if deck:
            spec["deck"] = deck
        players.append(spec)
    config = {key: _plain(value) for key, value in setup.items() if key not in ("p1", "p2")}
    config.update({
        "seed": data.get("seed", 0),
        "cards": _keys_as_text(_plain(data["cards"])),
        "turn": setup.get("turn", 1),
        "phase": setup.get("phase", "battle"),
        "players": players,
    })
    for key in ("first_player", "to_act"):
        if key in setup:
            config[key] = PLAYERS.get(setup[key], setup[key])
    return config


def run_legacy(data, shown: str) -> ScenarioResult:
    """Run one parsed legacy scenario.  ScenarioError if the file is bad; a failed result if the engine disagrees."""
    data = validate_legacy(data, shown)
    result = ScenarioResult(shown, data["description"], data.get("ruling"), list(data["cites"]), True, "passed", ruleset="legacy")
    try:
        game = LegacyGame(legacy_config(data))
        before = snapshot(game)  # as set up, before the engine starts
        game.start()
    except SetupError as exc:
        raise ScenarioError(shown, _line_of(data, ["setup", *exc.path]), str(exc)) from None
    except ValueError as exc:
        raise ScenarioError(shown, data.line_of("setup"), str(exc)) from None
    except Exception as exc:  # the engine itself failed on a well-formed position
        return engine_crashed(result, shown, data.line_of("setup"), exc)
    run_steps(game, data, shown, result, _expect, _do)
    result.board = {"before": before, "after": snapshot(game)}
    return result


# -- actions ---------------------------------------------------------------------
def _find(cards, name):
    return next((c for c in cards if c is not None and c.name == name), None)


def _card(game, player: int, step: dict, line: int, path: str) -> int:
    """The uid of the named card, looked for where the action takes it from."""
    side = game.players[player]
    name, kind = step["card"], step["do"]
    face_down_slots = [c for c in side.slots if c is not None and not c.face_up]
    if kind == "partner":
        places = [side.network]
    elif kind == "discard":
        places = [side.slots] if step.get("from") == "slot" else [side.hand, side.slots]
    elif kind == "use":
        places = [face_down_slots, side.slots, side.hand]
    elif kind == "return":
        places = [side.slots]
    elif kind == "ability":
        places = [list(reversed(side.box))]
    else:
        places = [side.hand]
    for cards in places:
        card = _find(cards, name)
        if card is not None:
            return card.uid
    raise ScenarioError(path, line, f"P{player + 1} has no {name!r} where {kind} takes it from")


def _action(game, step: dict, line: int, path: str, player: int) -> Action:
    kind = step["do"]
    if kind == "auto":
        actions = game.legal_actions()
        if len(actions) != 1:
            raise ScenarioFailure(line, f"'auto' needs exactly one legal action, there are {len(actions)}: {', '.join(map(str, actions))}")
        return actions[0]
    if kind in ("refill", "done", "digivolve", "decline", "draw", "pass"):
        return Action(kind)
    if "target" in step and kind != "ability":
        raise ScenarioError(path, line, "target: names the Digimon an ability is used on (do: ability)")
    if kind == "ability" and "card" not in step:
        top = game.top(player)
        uid = top.uid if top else None
    elif "card" not in step:
        raise ScenarioError(path, line, f"{kind} needs a card")
    else:
        uid = _card(game, player, step, line, path)
    if kind == "set":
        return Action("set", uid, option=int(step.get("slot", 1)))
    if "target" in step:
        return Action(kind, uid, target=_target(game, player, step["target"], line, path))
    return Action(kind, uid)


def _target(game, player: int, name: str, line: int, path: str) -> int:
    """The uid of the Digimon an ability names: on the player's own board first (Support Box, then
    Digimon Box from the top), then the opponent's."""
    for p in (player, 1 - player):
        side = game.players[p]
        card = _find(side.support, name) or _find(list(reversed(side.box)), name)
        if card is not None:
            return card.uid
    raise ScenarioError(path, line, f"no Digimon {name!r} in a Support Box or Digimon Box")


def _do(game, step: dict, line: int, path: str) -> None:
    if game.is_over:
        raise ScenarioFailure(line, f"the game is already over ({game.over_reason})")
    who = step.get("by")
    player = PLAYERS[who] if who else game.current_player
    if player is None:
        raise ScenarioFailure(line, "nobody has a decision to make")
    if who is not None and game.current_player != player and not step.get("illegal"):
        waiting = game.decision.kind if game.decision else "nothing"
        raise ScenarioFailure(line, f"{who} can't act now: P{(game.current_player or 0) + 1} must decide ({waiting})")
    action = _action(game, step, line, path, player)
    if step.get("illegal"):
        before = game.dump()
        try:
            if game.current_player != player:
                raise game.why_illegal(action, player)
            game.apply(action)
        except IllegalAction as exc:
            if exc.ref != step["illegal"]:
                raise ScenarioFailure(line, f"{action} is illegal, but because of {exc.ref} ({exc.reason}), not {step['illegal']}") from None
            if game.dump() != before:
                raise ScenarioFailure(line, "an illegal action changed the state") from None
            return
        raise ScenarioFailure(line, f"{action} was accepted, but {step['illegal']} forbids it")
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise ScenarioFailure(line, f"{step['do']} refused: {exc.reason} ({exc.ref})") from None


# -- expectations --------------------------------------------------------------------
def _names(cards) -> list:
    return [None if c is None else c.name for c in cards]


def _compare(line, label, cards, expected, ordered):
    if isinstance(expected, int):
        got = [c for c in cards if c is not None]
        if len(got) != expected:
            raise ScenarioFailure(line, f"{label}: expected {expected} cards, found {len(got)} ({', '.join(_names(got))})")
        return
    got = _names(cards)
    if ordered and got != list(expected):
        raise ScenarioFailure(line, f"{label}: expected {list(expected)}, found {got}")
    if not ordered and Counter(got) != Counter(expected):
        raise ScenarioFailure(line, f"{label}: expected {sorted(expected)}, found {sorted(got)}")


def _who(value):
    return "none" if value is None else ("draw" if value == "draw" else NAMES[value])


def _expect(game, exp: dict, line: int) -> None:
    if "turn" in exp and game.turn != exp["turn"]:
        raise ScenarioFailure(line, f"expected turn {exp['turn']}, it is turn {game.turn}")
    if "phase" in exp and game.phase != exp["phase"]:
        raise ScenarioFailure(line, f"expected the {exp['phase']} phase, it is {game.phase}")
    if "first_player" in exp and game.first_player != PLAYERS[exp["first_player"]]:
        raise ScenarioFailure(line, f"expected {exp['first_player']} as first player, it is {NAMES[game.first_player]}")
    if "winner" in exp:
        want = None if exp["winner"] == "none" else PLAYERS[exp["winner"]]
        if game.winner != want:
            raise ScenarioFailure(line, f"expected winner {exp['winner']}, got {_who(game.winner)} ({game.over_reason or 'game not over'})")
    if "over" in exp and game.is_over != exp["over"]:
        raise ScenarioFailure(line, f"expected the game {'over' if exp['over'] else 'going on'}, it is {'over' if game.is_over else 'going on'}")
    if "result" in exp and _who(game.result) != exp["result"]:
        raise ScenarioFailure(line, f"expected battle result {exp['result']}, got {_who(game.result)}")
    if "decision" in exp:
        check_decision(game, exp["decision"], line)
    for side_name in ("p1", "p2"):
        if side_name not in exp:
            continue
        p = PLAYERS[side_name]
        side = game.players[p]
        want = exp[side_name]
        if "points" in want and side.points != want["points"]:
            raise ScenarioFailure(line, f"{side_name} points: expected {want['points']}, found {side.points}")
        if "attack" in want and game.attack(p) != want["attack"]:
            raise ScenarioFailure(line, f"{side_name} attack value: expected {want['attack']}, found {game.attack(p)}")
        if "final_attack" in want and game.final_attack[p] != want["final_attack"]:
            raise ScenarioFailure(line, f"{side_name} final attack value: expected {want['final_attack']}, found {game.final_attack[p]}")
        if "top" in want:
            got = side.top.name if side.top else None
            if got != want["top"]:
                raise ScenarioFailure(line, f"{side_name} battling Digimon: expected {want['top']}, found {got}")
        for zone, attr in ZONES.items():
            if zone in want:
                _compare(line, f"{side_name} {zone}", getattr(side, attr), want[zone], zone in ORDERED)
        if "slots" in want:
            _compare(line, f"{side_name} slots", side.slots, want["slots"], True)
    check_log(game.log, exp, line)
