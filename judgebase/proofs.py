"""Run every scenario of a source tree: the proofs the database records next to the rulings.

This is where the knowledge base and the engine meet.  The engine knows nothing
of rulings or the database; a scenario run is just a fact (file, passed,
message) that the build stores, and that every interface then shows as
proven / failing / unproven.
"""

from __future__ import annotations

from pathlib import Path

from .scenarios.loader import ScenarioResult, run


def scenario_files(root: str | Path, ruleset: str | None = None) -> list[Path]:
    root = Path(root)
    pattern = f"{ruleset or '*'}/scenarios/*.yaml"
    return sorted((root / "rulings").glob(pattern))


def run_all(root: str | Path, files: list[Path] | None = None) -> list[ScenarioResult]:
    """Run the scenarios; a malformed file raises ScenarioError (path:line) and stops the run."""
    root = Path(root)
    results = []
    for path in files if files is not None else scenario_files(root):
        result = run(path)
        try:
            result.path = str(Path(result.path).resolve().relative_to(root.resolve()))
        except ValueError:
            pass
        results.append(result)
    return results
