"""The game runner: an official or Tamer Tactics scenario, run through the engine and compared with the rules.

A scenario is plain data (see README.md in this folder and schema.json): cards
defined inline, a position set up directly, steps taken, expectations checked.
:func:`judgebase.scenarios.loader.run` reads the file and hands its parsed data to
:func:`run_game` unless it declares ``kind: deck_check`` or ``ruleset: legacy``.
Problems in the file itself are reported as ``path:line: message``; a rule the
engine gets wrong is a failed scenario, with the event log to show why.
"""

from __future__ import annotations

from collections import Counter

from ..engine import RULESETS, Action, CardError, IllegalAction
from ..engine.official.common import LOOK_ZONES, REARRANGE_ZONES
from ..engine.setup import SetupError
from .common import AT_ANY_MOMENT, NAMES, PLAYERS, ScenarioError, ScenarioFailure, ScenarioResult, _line_of, _plain, check_decision, check_log, engine_crashed, run_steps, schema, snapshot

SIMPLE = {"pass", "hatch", "move", "skip", "keep", "mulligan", "no_block", "no_counter", "decline", "yes", "no", "done"}


def validate(data, shown: str) -> dict:
    """Check a parsed game scenario against the schema and its cards; ScenarioError with the offending line."""
    if not isinstance(data, dict):
        raise ScenarioError(shown, 1, "a scenario must be a YAML mapping")
    for step in data.get("steps") or []:
        # YAML 1.1 reads a bare `do: yes` as true: take it as the answer it obviously is.
        if isinstance(step, dict) and isinstance(step.get("do"), bool):
            step["do"] = "yes" if step["do"] else "no"
    import jsonschema

    validator = jsonschema.Draft202012Validator(schema())
    errors = sorted(validator.iter_errors(_plain(data)), key=lambda e: list(e.absolute_path))
    if errors:
        err = min(errors, key=lambda e: len(list(e.absolute_path)))
        for candidate in errors:
            if candidate.validator != "oneOf":
                err = candidate
                break
        where = "/".join(str(p) for p in err.absolute_path) or "(top level)"
        raise ScenarioError(shown, _line_of(data, list(err.absolute_path)), f"{where}: {err.message}")
    for name, spec in data["cards"].items():
        try:
            from ..engine.cards import card_from_spec

            card_from_spec(name, _plain(spec))
        except CardError as exc:
            raise ScenarioError(shown, data["cards"].line_of(name), str(exc)) from None
    return data


def game_config(data: dict) -> dict:
    """The engine's config for a scenario: its setup with the format's defaults, players as a list.
    Every other setup key goes to the engine as it is, which reads it or refuses it."""
    setup = data["setup"]
    config = {key: _plain(value) for key, value in setup.items() if key not in ("p1", "p2")}
    config.update({
        "seed": data.get("seed", 0),
        "cards": _plain(data["cards"]),
        "turn": setup.get("turn", 1 if setup.get("phase") == "setup" else 2),
        "turn_player": PLAYERS.get(setup.get("turn_player", "p1"), setup.get("turn_player")),
        "first_player": PLAYERS.get(setup.get("first_player", "p1"), setup.get("first_player")),
        "phase": setup.get("phase", "main"),
        "players": [_plain(setup.get(side) or {}) for side in ("p1", "p2")],
    })
    return config


def run_game(data, shown: str) -> ScenarioResult:
    """Run one parsed official / Tamer Tactics scenario.  ScenarioError if the file is bad; a failed result if the engine disagrees."""
    data = validate(data, shown)
    ruleset = data.get("ruleset", "official")
    game_cls = RULESETS.get(ruleset)
    if game_cls is None:
        raise ScenarioError(shown, data.line_of("ruleset"), f"no engine for ruleset {ruleset!r} yet")
    config = game_config(data)
    try:
        game = game_cls(config)
    except SetupError as exc:
        raise ScenarioError(shown, _line_of(data, ["setup", *exc.path]), str(exc)) from None
    before = snapshot(game)  # as set up: the engine has not started, so no event has happened yet
    if before is not None:
        before["phase"] = config["phase"]  # the engine enters the set-up's phase only when it starts
    result = ScenarioResult(shown, data["description"], data.get("ruling"), list(data["cites"]), True, "passed", ruleset=ruleset)
    try:
        game.start()  # the position's persistent effects and rule checks already run here
    except Exception as exc:
        engine_crashed(result, shown, data.line_of("setup"), exc)
        result.log = list(game.log)
        return result
    run_steps(game, data, shown, result, lambda g, exp, line: _expect(g, exp, line, 0), _do)
    result.board = {"before": before, "after": snapshot(game)}
    return result


# -- actions ---------------------------------------------------------------------
def _stack_id(game, name: str, line: int, path: str) -> int:
    if name == "player":
        return -1
    if name in game.labels:
        return game.labels[name]
    matches = [s for s in game.stacks() if s.top.defn.name == name]
    breeding = [p.breeding for p in game.players if p.breeding and p.breeding.top.defn.name == name]
    matches += breeding
    if len(matches) == 1:
        return matches[0].sid
    raise ScenarioError(path, line, f"no unique Digimon or Tamer called {name!r} on the field (give it a label)")


def _hand_card(game, player: int, name: str, line: int, path: str) -> int:
    for card in game.players[player].hand:
        if card.defn.name == name:
            return card.uid
    raise ScenarioError(path, line, f"P{player + 1} has no {name!r} in hand")


def _any_card(game, player: int, name: str, line: int, path: str) -> int:
    """A card by name wherever it is, ``player``'s own first: to choose one the decision doesn't offer."""
    for side in (player, 1 - player):
        for card in game.players[side].all_cards():
            if card.defn.name == name:
                return card.uid
    raise ScenarioError(path, line, f"no card called {name!r} in the game")


def _action(game, step: dict, line: int, path: str) -> Action:
    kind = step["do"]
    player = PLAYERS.get(step.get("by"), game.current_player if game.current_player is not None else game.turn_player)
    for key, allowed in (("card", "use"), ("onto", "digivolve"), ("attacker", "attack")):
        if isinstance(step.get(key), list) and kind != allowed:
            raise ScenarioError(path, line, f"a list of {key}s is for {allowed} only (asking about a refused {allowed})")
    if kind in SIMPLE:
        return Action(kind)
    if kind == "forfeit":  # either player, at any moment (CR 1-2-4)
        return Action("forfeit", option=player)
    if kind == "rearrange":  # either player, at any moment, one of their own areas or a stack
        if ("zone" in step) == ("stack" in step):
            raise ScenarioError(path, line, "rearrange names either a zone (hand, trash, deck, eggs, security) or a stack")
        if "stack" in step:
            return Action("rearrange", target=_stack_id(game, step["stack"], line, path), option=player)
        if step["zone"] not in REARRANGE_ZONES:
            raise ScenarioError(path, line, f"rearrange names one of the player's areas ({', '.join(REARRANGE_ZONES)}), not {step['zone']}")
        return Action("rearrange", option=player, targets=(REARRANGE_ZONES.index(step["zone"]),))
    if kind == "look":  # either player, at any moment: look at an area or count its cards, or at a stack
        if "stack" in step and "zone" not in step and "whose" not in step and "count" not in step:
            return Action("look", target=_stack_id(game, step["stack"], line, path), option=player)
        if "zone" not in step or "stack" in step:
            raise ScenarioError(path, line, "look names a zone (hand, trash, deck, eggs, security, battle, revealed) or a stack")
        return Action("look", option=player, targets=(LOOK_ZONES.index(step["zone"]),
                                                      1 if step.get("whose") == "opponent" else 0, 1 if step.get("count") else 0))
    if kind == "auto":
        actions = game.legal_actions()
        if len(actions) != 1:
            raise ScenarioFailure(line, f"'auto' needs exactly one legal action, there are {len(actions)}: {', '.join(map(str, actions))}")
        return actions[0]
    if kind == "use" and isinstance(step["card"], list):  # several cards used together (refused, CR 9-1-7)
        hand, uids = list(game.players[player].hand), []
        for name in step["card"]:
            card = next((c for c in hand if c.defn.name == name), None)
            if card is None:
                raise ScenarioError(path, line, f"P{player + 1} has no {name!r} in hand")
            hand.remove(card)
            uids.append(card.uid)
        return Action("use", uids[0], targets=tuple(uids[1:]))
    if kind in ("play", "use", "counter"):
        return Action(kind, _hand_card(game, player, step["card"], line, path))
    if kind == "digivolve":
        onto = step["onto"] if isinstance(step["onto"], list) else [step["onto"]]  # several: refused, CR 8-1-2-5
        sids = [_stack_id(game, label, line, path) for label in onto]
        if any(c.defn.name == step["card"] for c in game.players[player].hand):
            uid = _hand_card(game, player, step["card"], line, path)
        else:  # a card an effect is revealing (reveal.digivolve), or any card of that name, to be refused
            revealed = [c for c in game.players[player].processing if c.defn.name == step["card"]]
            uid = revealed[0].uid if revealed else _any_card(game, player, step["card"], line, path)
        return Action("digivolve", uid, sids[0], step.get("requirement", 0), targets=tuple(sids[1:]))
    if kind == "dna":
        materials = tuple(_stack_id(game, m, line, path) for m in step.get("materials", []))
        return Action("dna", _hand_card(game, player, step["card"], line, path), option=step.get("requirement", 0), targets=materials)
    if kind == "burst":
        return Action("burst", _hand_card(game, player, step["card"], line, path), _stack_id(game, step["onto"], line, path),
                      step.get("requirement", 0), targets=(_stack_id(game, step["tamer"], line, path),))
    if kind == "link" and not any(c.defn.name == step["card"] for c in game.players[player].hand):
        # A card with [Link] in the battle area (CR 6-5-1-4-1): named by its label.
        source = game.find_stack(_stack_id(game, step["card"], line, path))
        return Action("link", source.top.uid, _stack_id(game, step["onto"], line, path))
    if kind in ("app_fusion", "link", "blast"):
        option = step.get("requirement", 0) if kind != "link" else None
        return Action(kind, _hand_card(game, player, step["card"], line, path), _stack_id(game, step["onto"], line, path), option)
    if kind == "blast_dna":
        return Action("blast_dna", _hand_card(game, player, step["card"], line, path), _stack_id(game, step["onto"], line, path),
                      step.get("requirement", 0), targets=(_hand_card(game, player, step["with"], line, path),))
    if kind == "attack":
        attackers = step["attacker"] if isinstance(step["attacker"], list) else [step["attacker"]]
        sids = [_stack_id(game, label, line, path) for label in attackers]
        target = step.get("target", "player")  # null: declared without choosing a target (CR 11-2-2)
        return Action("attack", sids[0], None if target is None else _stack_id(game, target, line, path), targets=tuple(sids[1:]))
    if kind == "block":
        return Action("block", _stack_id(game, step["blocker"], line, path))
    if kind == "activate":
        return Action("activate", _stack_id(game, step["card"], line, path), option=int(step.get("effect", 0)))
    if kind == "choose":
        if "number" in step:  # a declared number, e.g. for <De-Digivolve>
            return Action("choose", option=int(step["number"]))
        if "colour" in step:  # a colour chosen for an effect ("choose a colour", CR 2-4-2)
            return Action("choose", option=str(step["colour"]))
        if "card" in step:  # a card by name: one the decision offers (a Tamer to search), else from the hand
            offered = [a for a in game.legal_actions() if a.kind == "choose" and a.card is not None
                       and (c := game.find_card(a.card)) is not None and c.defn.name == step["card"]]
            if offered:
                return offered[0]
            if any(c.defn.name == step["card"] for c in game.players[player].hand):
                return Action("choose", _hand_card(game, player, step["card"], line, path))
            return Action("choose", _any_card(game, player, step["card"], line, path))
        option = step.get("requirement")
        if option is None and game.decision is not None:
            # Pick the requirement index the engine offers for that target, when there is one.
            sid = _stack_id(game, step["target"], line, path)
            offered = [a for a in game.decision.actions if a.kind == "choose" and a.target == sid]
            return offered[0] if offered else Action("choose", target=sid)
        return Action("choose", target=_stack_id(game, step["target"], line, path), option=option)
    if kind == "protect":
        return Action("protect", _stack_id(game, step["card"], line, path))
    if kind in ("armor_purge", "evade", "barrier", "decoy", "scapegoat", "fragment", "guard"):
        return Action(kind, _stack_id(game, step["card"], line, path))
    if kind in ("detach", "decode"):  # the Digimon labelled `card`, and its link card / digivolution card by name
        stack = game.find_stack(_stack_id(game, step["card"], line, path))
        cards = stack.links if kind == "detach" else stack.sources
        name = step["link" if kind == "detach" else "source"]
        index = next((i for i, c in enumerate(cards) if c.defn.name == name), None)
        if index is None:
            raise ScenarioError(path, line, f"{stack!r} has no {'link' if kind == 'detach' else 'digivolution'} card {name!r}")
        return Action(kind, stack.sid, option=index)
    if kind == "instead":  # a "would be deleted ... instead" effect of the card labelled `card`
        return Action("instead", _stack_id(game, step["card"], line, path), option=int(step.get("effect", 0)))
    if kind == "trigger":
        effect = step.get("effect", 0)
        if isinstance(effect, str):
            mine = [p for p in game.pending if p.player == game.current_player]
            index = next((i for i, p in enumerate(mine) if effect.lower() in p.source.lower()), None)
            if index is None:
                raise ScenarioFailure(line, f"no pending effect matching {effect!r}: {[p.source for p in mine]}")
            effect = index
        if isinstance(effect, list):  # several pending effects at once: the rules refuse it (CR 15-4-2-3)
            return Action("trigger", targets=tuple(int(e) for e in effect))
        return Action("trigger", option=int(effect))
    raise ScenarioError(path, line, f"unknown action {kind!r}")


def _do(game, step: dict, line: int, path: str) -> None:
    if game.is_over:
        raise ScenarioFailure(line, f"the game is already over ({game.over_reason})")
    who = step.get("by")
    out_of_turn = who is not None and game.current_player != PLAYERS[who] and step["do"] not in AT_ANY_MOMENT
    if out_of_turn and not step.get("illegal"):
        waiting = game.decision.kind if game.decision else "nothing"
        raise ScenarioFailure(line, f"{who} can't act now: P{(game.current_player or 0) + 1} must decide ({waiting})")
    action = _action(game, step, line, path)
    if step.get("illegal"):
        before = game.dump()
        try:
            if out_of_turn:
                raise game.why_illegal(action)
            game.apply(action)
        except IllegalAction as exc:
            if exc.ref != step["illegal"]:
                raise ScenarioFailure(line, f"{action} is illegal, but because of {exc.ref} ({exc.reason}), not {step['illegal']}") from None
            if game.dump() != before:
                raise ScenarioFailure(line, "an illegal action changed the state") from None
            return
        raise ScenarioFailure(line, f"{action} was accepted, but {step['illegal']} forbids it")
    before_sids = {s.sid for s in game.stacks()}
    try:
        game.apply(action)
    except IllegalAction as exc:
        raise ScenarioFailure(line, f"{step['do']} refused: {exc.reason} ({exc.ref})") from None
    if step.get("as"):
        new = [s for s in game.stacks() if s.sid not in before_sids]
        if not new:
            raise ScenarioFailure(line, f"nothing new on the field to call {step['as']!r}")
        game.labels[step["as"]] = max(new, key=lambda s: s.sid).sid


# -- expectations --------------------------------------------------------------------
def _names(cards) -> list[str]:
    return [c.defn.name for c in cards]


def _compare_zone(line, label, cards, expected, ordered):
    if isinstance(expected, int):
        if len(cards) != expected:
            raise ScenarioFailure(line, f"{label}: expected {expected} cards, found {len(cards)} ({', '.join(_names(cards))})")
        return
    got = _names(cards)
    if ordered and got != list(expected):
        raise ScenarioFailure(line, f"{label}: expected {list(expected)}, found {got}")
    if not ordered and Counter(got) != Counter(expected):
        raise ScenarioFailure(line, f"{label}: expected {sorted(expected)}, found {sorted(got)}")


def _expect(game, exp: dict, line: int, start: int) -> None:
    if "turn" in exp and game.turn != exp["turn"]:
        raise ScenarioFailure(line, f"expected turn {exp['turn']}, it is turn {game.turn}")
    if "turn_player" in exp and game.turn_player != PLAYERS[exp["turn_player"]]:
        raise ScenarioFailure(line, f"expected {exp['turn_player']}'s turn, it is {NAMES[game.turn_player]}'s")
    if "phase" in exp and game.phase != exp["phase"]:
        raise ScenarioFailure(line, f"expected the {exp['phase']} phase, it is {game.phase}")
    if "winner" in exp:
        want = None if exp["winner"] == "none" else PLAYERS[exp["winner"]]
        if game.winner != want:
            got = "none" if game.winner is None else NAMES[game.winner]
            raise ScenarioFailure(line, f"expected winner {exp['winner']}, got {got} ({game.over_reason or 'game not over'})")
    if "decision" in exp:
        check_decision(game, exp["decision"], line)
    for side in ("p1", "p2"):
        if side not in exp:
            continue
        p = PLAYERS[side]
        ps = game.players[p]
        want = exp[side]
        for zone, ordered in (("hand", False), ("deck", True), ("trash", False), ("security", True)):
            if zone in want:
                _compare_zone(line, f"{side} {zone}", getattr(ps, zone), want[zone], ordered)
        if "battle" in want and len(ps.battle) != want["battle"]:
            raise ScenarioFailure(line, f"{side} battle area: expected {want['battle']}, found {len(ps.battle)} ({ps.battle})")
        if "breeding" in want:
            got = ps.breeding.top.defn.name if ps.breeding else None
            if got != want["breeding"]:
                raise ScenarioFailure(line, f"{side} breeding area: expected {want['breeding']}, found {got}")
        if "memory" in want and game.mem(p) != want["memory"]:
            raise ScenarioFailure(line, f"{side} memory: expected {want['memory']}, found {game.mem(p)} (negative: on the opponent's side)")
    for label, want in (exp.get("field") or {}).items():
        sid = game.labels.get(label)
        if sid is None:
            named = [s for s in game.stacks() if s.top.defn.name == label]
            named += [p.breeding for p in game.players if p.breeding and p.breeding.top.defn.name == label]
            sid = named[0].sid if len(named) == 1 else None
        stack = game.find_stack(sid) if sid is not None else None
        present = stack is not None
        if "present" in want and present != want["present"]:
            raise ScenarioFailure(line, f"{label}: expected {'on' if want['present'] else 'off'} the field, it is {'on' if present else 'off'}")
        if not present:
            if set(want) - {"present"}:
                raise ScenarioFailure(line, f"{label} is not on the field")
            continue
        checks = {
            "dp": game.dp(stack),
            "suspended": stack.suspended,
            "cards": len(stack.cards),
            "top": stack.top.defn.name,
            "area": stack.area,
        }
        for key, value in want.items():
            if key != "present" and checks[key] != value:
                raise ScenarioFailure(line, f"{label} {key}: expected {value}, found {checks[key]}")
    check_log(game.log[start:], exp, line)
