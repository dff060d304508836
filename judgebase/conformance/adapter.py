"""The reference adapter: our own engine behind the conformance protocol.

    python -m judgebase.conformance.adapter            # speaks INTERPRETING.md on stdin/stdout

It resolves a step's names (hand cards by name, Digimon by label) exactly as the
in-process runners do (the game runner's, the legacy runner's), and checks deck lists
with ``judgebase deck check``'s library, so ``judgebase conformance run --engine
"python -m judgebase.conformance.adapter"`` and ``judgebase verify`` judge every
scenario alike.  It speaks protocol 2 (and 1, if that is all the harness offers).

``--break RULE`` (tests only) plays one rule wrong, to prove the suite can fail:

- ``attacked-may-block``: the attacked Digimon may block (breaks CR 12-1-5);
- ``no-bonus-draw``: digivolving draws no card (breaks CR 8-1-3-3 and the special digivolutions' bonus draws);
- ``keep-turn``: the turn does not end when memory crosses to the opponent (breaks CR 6-1-4-1);
- ``own-battle-type`` (legacy): a Digimon attacks with the value for its own battle type,
  not the opponent's (breaks LEG 3.2.4.1);
- ``ignore-restrictions`` (deck checks): the restriction list is not applied (breaks TT §1.3).
"""

from __future__ import annotations

import argparse
import json
import sys

from ..deck import FORMATS
from ..engine import RULESETS, IllegalAction
from ..scenarios import legacy_runner
from ..scenarios.common import AT_ANY_MOMENT, PLAYERS, ScenarioError, ScenarioFailure
from ..scenarios.runner import _action, game_config
from . import deck_check, legacy
from .protocol import PROTOCOL, PROTOCOLS, event_of, state_of, vocabulary

BONUS_DRAW_REFS = {"CR 8-1-3-3", "CR 8-2-3-3", "CR 8-3-3-4", "CR 8-4-3-3"}


class _AttackedMayBlock:
    """CR 12-1-5 forgotten: the attack's target counts as any other Digimon when blocking."""

    def _without_target(self, method, *args):
        att = self.attack
        if att is None:
            return method(*args)
        target, att.target = att.target, None
        try:
            return method(*args)
        finally:
            att.target = target

    def block_problem(self, blocker):  # the engine's one predicate behind offered and refused blocks
        return self._without_target(super().block_problem, blocker)

    def blockers(self, defender):
        return self._without_target(super().blockers, defender)

    def _check_block(self, a):
        return self._without_target(super()._check_block, a)


class _NoBonusDraw:
    def _draw(self, player, n, ref):
        if ref in BONUS_DRAW_REFS:
            return None
        return super()._draw(player, n, ref)


class _KeepTurn:
    def _turn_should_end(self):
        return False


class _OwnBattleType:
    """LEG 3.2.4.1 misread: the attacker's own battle type picks its attack value."""

    def technique(self, player):
        me = self.top(player)
        return None if me is None else me.defn.battle_type


BREAKS = {"attacked-may-block": _AttackedMayBlock, "no-bonus-draw": _NoBonusDraw, "keep-turn": _KeepTurn}
LEGACY_BREAKS = {"own-battle-type": _OwnBattleType}
DECK_BREAKS = {"ignore-restrictions"}


def _broken(cls, mixin):
    return type(f"{mixin.__name__.strip('_')}{cls.__name__}", (mixin, cls), {})


def game_classes(breaks=()) -> dict:
    """The game classes (official, Tamer Tactics) with these rules broken."""
    classes = {name: cls for name, cls in RULESETS.items() if name != "legacy"}
    for rule in breaks:
        if rule in BREAKS:
            classes = {name: _broken(cls, BREAKS[rule]) for name, cls in classes.items()}
    return classes


def legacy_class(breaks=()):
    """The legacy game class with these rules broken."""
    cls = RULESETS["legacy"]
    for rule in breaks:
        if rule in LEGACY_BREAKS:
            cls = _broken(cls, LEGACY_BREAKS[rule])
    return cls


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("judgebase")
    except PackageNotFoundError:  # pragma: no cover - run from a bare checkout
        return "unknown"


class Adapter:
    """One engine session: answers one request (a dict) with one reply (a dict)."""

    def __init__(self, breaks=()):
        self.classes = game_classes(breaks)
        self.legacy_class = legacy_class(breaks)
        self.ignore_restrictions = "ignore-restrictions" in breaks
        self.game = None
        self.legacy = False  # the game is a legacy one
        self.seen = 0  # events already sent by observe

    def handle(self, msg) -> dict:
        if not isinstance(msg, dict):
            return {"type": "error", "message": "a request must be a JSON object"}
        kind = msg.get("type")
        handler = getattr(self, f"_on_{kind}", None) if isinstance(kind, str) else None
        if handler is None:
            return {"type": "error", "message": f"unknown request type {kind!r}"}
        return handler(msg)

    def _on_hello(self, msg) -> dict:
        offered = msg.get("protocols") if isinstance(msg.get("protocols"), list) else [msg.get("protocol")]
        spoken = [v for v in offered if type(v) is int and v in PROTOCOLS]
        version = max(spoken) if spoken else PROTOCOL  # none in common: the harness says so
        reply = {"type": "hello", "protocol": version, "engine": {"name": "judgebase", "version": _version()},
                 "rulesets": sorted(self.classes), "vocabulary": vocabulary()}
        if version >= 2:
            reply["rulesets"] = sorted([*self.classes, "legacy"])
            reply["deck_check"] = list(FORMATS)
        return reply

    def _on_setup(self, msg) -> dict:
        ruleset = msg.get("ruleset", "official")
        self.game, self.legacy = None, ruleset == "legacy"
        cls = self.legacy_class if self.legacy else self.classes.get(ruleset)
        if cls is None:
            return {"type": "unsupported", "reason": f"ruleset {ruleset!r}"}
        data = {"cards": msg.get("cards") or {}, "setup": msg.get("setup") or {}, "seed": msg.get("seed", 0)}
        try:
            config = legacy_runner.legacy_config(data) if self.legacy else game_config(data)
            self.game = cls(config).start()
        except Exception as exc:  # a position our engine can't build: say so, don't die
            self.game = None
            return {"type": "error", "message": f"cannot set up: {exc!r}"}
        self.seen = 0
        return {"type": "ready"}

    def _on_deck_check(self, msg) -> dict:
        if self.ignore_restrictions:
            msg = {**msg, "restrictions": None}
        return deck_check.answer(msg)

    def _on_act(self, msg) -> dict:
        game, step = self.game, msg.get("step")
        if game is None:
            return {"type": "error", "message": "no game: send setup first"}
        if not isinstance(step, dict) or not isinstance(step.get("do"), str):
            return {"type": "error", "message": "act needs a step with 'do'"}
        if game.is_over:
            return {"type": "error", "message": f"the game is already over ({game.over_reason})"}
        if self.legacy:
            return self._act_legacy(game, step)
        try:
            action = _action(game, step, 0, "act")
        except (ScenarioError, ScenarioFailure) as exc:
            return {"type": "error", "message": exc.message}
        who = step.get("by")
        if who is not None and who not in PLAYERS:
            return {"type": "error", "message": f"unknown player {who!r}"}
        before = {s.sid for s in game.stacks()}
        try:
            if who is not None and game.current_player != PLAYERS[who] and step["do"] not in AT_ANY_MOMENT:
                raise game.why_illegal(action)
            game.apply(action)
        except IllegalAction as exc:
            return {"type": "illegal", "ref": exc.ref, "reason": exc.reason}
        if step.get("as"):
            new = [s for s in game.stacks() if s.sid not in before]
            if not new:
                return {"type": "error", "message": f"nothing new on the field to call {step['as']!r}"}
            game.labels[step["as"]] = max(new, key=lambda s: s.sid).sid
        return {"type": "ok"}

    def _act_legacy(self, game, step) -> dict:
        who = step.get("by")
        if who is not None and who not in PLAYERS:
            return {"type": "error", "message": f"unknown player {who!r}"}
        player = PLAYERS[who] if who is not None else game.current_player
        if player is None:
            return {"type": "error", "message": "nobody has a decision to make"}
        try:
            action = legacy_runner._action(game, step, 0, "act", player)
        except (ScenarioError, ScenarioFailure) as exc:
            return {"type": "error", "message": exc.message}
        try:
            if game.current_player != player:
                raise game.why_illegal(action, player)
            game.apply(action)
        except IllegalAction as exc:
            return {"type": "illegal", "ref": exc.ref, "reason": exc.reason}
        return {"type": "ok"}

    def _on_observe(self, msg) -> dict:
        if self.game is None:
            return {"type": "error", "message": "no game: send setup first"}
        events = [event_of(e) for e in self.game.log[self.seen:]]
        self.seen = len(self.game.log)
        state = legacy.state_of(self.game) if self.legacy else state_of(self.game)
        return {"type": "state", "state": state, "events": events}

    def _on_bye(self, msg) -> dict:
        return {"type": "bye"}


def serve(stdin, stdout, breaks=()) -> None:
    adapter = Adapter(breaks)
    for line in stdin:
        line = line.strip()
        if not line:
            continue
        try:
            msg = json.loads(line)
        except ValueError:
            reply = {"type": "error", "message": "not JSON"}
        else:
            try:
                reply = adapter.handle(msg)
            except Exception as exc:  # the engine crashed on this request: report it and stay up
                reply = {"type": "error", "message": f"engine crash: {exc!r}"}
        stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        stdout.flush()
        if reply.get("type") == "bye":
            return


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m judgebase.conformance.adapter", description=__doc__.split("\n\n")[0])
    parser.add_argument("--break", dest="breaks", action="append", default=[],
                        choices=sorted([*BREAKS, *LEGACY_BREAKS, *DECK_BREAKS]),
                        help="play this rule wrong (tests only: proves the suite can fail)")
    args = parser.parse_args(argv)
    stdin = open(sys.stdin.fileno(), encoding="utf-8", errors="replace", closefd=False)
    serve(stdin, sys.stdout, args.breaks)
    return 0


if __name__ == "__main__":
    sys.exit(main())
