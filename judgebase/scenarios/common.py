"""What every scenario runner shares: the errors, the result, the schema, the step loop and the log checks.

The runners (``runner.py`` for official / Tamer Tactics games, ``legacy_runner.py``,
``deck_runner.py``) import from here and never from each other; ``loader.py`` reads a
file once and hands its parsed data to the runner it declares.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..engine.state import Event

PLAYERS = {"p1": 0, "p2": 1}
NAMES = {0: "p1", 1: "p2"}
#: Actions either player may take at any moment, whoever must decide now: conceding (CR 1-2-4),
#: putting their own hand or trash in another order, looking at or counting an area (CR 3-1-3-2).
AT_ANY_MOMENT = ("forfeit", "rearrange", "look")


class ScenarioError(ValueError):
    """The scenario file itself is wrong (not the engine)."""

    def __init__(self, path: str, line: int, message: str):
        super().__init__(f"{path}:{line}: {message}")
        self.path, self.line, self.message = path, line, message


class ScenarioFailure(AssertionError):
    """The engine did not do what the scenario expects."""

    def __init__(self, line: int, message: str):
        super().__init__(f"line {line}: {message}")
        self.line, self.message = line, message


@dataclass
class ScenarioResult:
    path: str
    description: str
    ruling: str | None
    cites: list[str]
    passed: bool
    message: str
    log: list[Event] = field(default_factory=list)
    steps: int = 0
    ruleset: str = "official"
    #: The position before the first step and after the last (:mod:`.position`), for drawing; None for deck checks.
    board: dict | None = None
    #: the cites with their lines, and every ref an assertion carries (see claims.py); set by loader.run
    claims: list = field(default_factory=list)
    asserted: dict = field(default_factory=dict)

    @property
    def proves(self) -> list[str]:
        """The cited clauses this scenario proves when it passes: those an assertion carries."""
        return [c.ref for c in self.claims if c.ref in self.asserted]

    @property
    def unbacked(self) -> list:
        """Cites no assertion carries: claims the scenario does not prove."""
        return [c for c in self.claims if c.ref not in self.asserted]


@lru_cache(maxsize=1)
def schema() -> dict:
    return json.loads((Path(__file__).parent / "schema.json").read_text())


def snapshot(game) -> dict | None:
    """The game's position as plain data (:func:`.position.position`); None if the position can't be read,
    e.g. after an engine crash, which the result already reports as a failed proof."""
    from .position import position

    try:
        return position(game)
    except Exception:  # a picture is never worth failing a proof over
        return None


def _plain(value):
    if isinstance(value, dict):
        return {k: _plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _line_of(data, path: list) -> int:
    node, line = data, getattr(data, "line", 1)
    for key in path:
        if isinstance(node, dict) and key in node:
            line = node.line_of(key) if hasattr(node, "line_of") else line
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and key < len(node):
            line = node.line_of(key) if hasattr(node, "line_of") else line
            node = node[key]
        else:
            break
    return line


def run_steps(game, data: dict, shown: str, result: ScenarioResult, expect, do) -> ScenarioResult:
    """Take the scenario's steps in order; the first disagreement (or engine crash) fails the result."""
    try:
        for i, step in enumerate(data["steps"]):
            line = data["steps"].line_of(i)
            if "expect" in step:
                expect(game, step["expect"], line)
            else:
                do(game, step, line, shown)
            result.steps += 1
    except ScenarioFailure as exc:
        result.passed = False
        result.message = f"{shown}:{exc.line}: {exc.message}"
    except ScenarioError:
        raise
    except Exception as exc:  # an engine crash is a failed proof, reported with where it happened
        step = data["steps"].line_of(result.steps) if result.steps < len(data["steps"]) else data.line
        engine_crashed(result, shown, step, exc)
    result.log = list(game.log)
    return result


def engine_crashed(result: ScenarioResult, shown: str, line: int, exc: Exception) -> ScenarioResult:
    """Fail ``result`` for an engine crash, saying where in the engine it happened (never a traceback)."""
    import traceback

    where = traceback.extract_tb(exc.__traceback__)[-1]
    result.passed = False
    result.message = f"{shown}:{line}: the engine crashed: {exc!r} at {Path(where.filename).name}:{where.lineno}"
    return result


def check_decision(game, want: dict, line: int) -> None:
    """`decision: {by, kind}`: who must decide now, and what."""
    d = game.decision
    if d is None or ("by" in want and d.player != PLAYERS[want["by"]]) or ("kind" in want and d.kind != want["kind"]):
        got = "none" if d is None else f"{NAMES[d.player]} {d.kind}"
        raise ScenarioFailure(line, f"expected decision {dict(want)}, got {got}")


def check_log(events: list[Event], exp: dict, line: int) -> None:
    """`log`: these events in this order (with these refs); `no_log`: none of these."""
    if "log" in exp:
        pos = 0
        for entry in exp["log"]:
            found = next((i for i in range(pos, len(events)) if _matches(events[i], entry)), None)
            if found is None:
                tail = "\n    ".join(str(e) for e in events[-15:])
                raise ScenarioFailure(line, f"no event {dict(entry)} (in order) in the log; last events:\n    {tail}")
            pos = found + 1
    for entry in exp.get("no_log") or []:
        hit = next((e for e in events if _matches(e, entry)), None)
        if hit is not None:
            raise ScenarioFailure(line, f"unexpected event in the log: {hit}")


def _matches(event: Event, entry: dict) -> bool:
    if event.kind != entry["event"]:
        return False
    if "ref" in entry and event.ref != entry["ref"]:
        return False
    if "by" in entry and event.player != PLAYERS[entry["by"]]:
        return False
    for key, value in entry.items():
        if key in ("event", "ref", "by"):
            continue
        if str(event.data.get(key)) != str(value):
            return False
    return True
