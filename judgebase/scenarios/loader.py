"""The one scenario loader: read a file once, then hand its data to the runner it declares.

``kind: deck_check`` goes to :mod:`.deck_runner`, ``ruleset: legacy`` to
:mod:`.legacy_runner`, everything else (official, Tamer Tactics) to the game runner
in :mod:`.runner`.  Each runner validates the data against its part of schema.json;
the runners share :mod:`.common` and never import each other or this module.
"""

from __future__ import annotations

from pathlib import Path

from .. import yamlsrc
from . import claims
from .common import ScenarioError, ScenarioResult
from .deck_runner import run_deck_check
from .legacy_runner import run_legacy
from .runner import run_game

__all__ = ["RUNNERS", "ScenarioError", "ScenarioResult", "kind_of", "read", "run"]

RUNNERS = {"deck_check": run_deck_check, "legacy": run_legacy, "game": run_game}


def read(path: str | Path) -> tuple[object, str]:
    """Read and parse a scenario file, once: ``(data, shown)``, or ScenarioError(path, line, message)."""
    shown = str(path)
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ScenarioError(shown, 1, f"cannot read: {exc}") from None
    try:
        data = yamlsrc.load(text)
    except yamlsrc.YamlError as exc:
        raise ScenarioError(shown, exc.line, str(exc)) from None
    return data, shown


def kind_of(data) -> str:
    """Which runner the data declares: ``deck_check``, ``legacy`` or ``game`` (official / Tamer Tactics).

    Anything that is not a mapping goes to the game runner, which says what is wrong with it.
    """
    if isinstance(data, dict):
        if data.get("kind") == "deck_check":
            return "deck_check"
        if data.get("ruleset") == "legacy":
            return "legacy"
    return "game"


def run(path: str | Path) -> ScenarioResult:
    """Run one scenario file.  ScenarioError if the file is bad; a failed result if the engine disagrees.

    The result also says what the file claims (its cites) and which refs its assertions carry.
    """
    data, shown = read(path)
    result = RUNNERS[kind_of(data)](data, shown)
    result.claims, result.asserted = claims.cites(data), claims.assertions(data)
    return result
