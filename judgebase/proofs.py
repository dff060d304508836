"""Run every scenario of a source tree: the proofs the database records next to the rulings.

This is where the knowledge base and the engine meet.  The engine knows nothing
of rulings or the database; a scenario run is just a fact (file, passed,
message) that the build stores, and that every interface then shows as
proven / failing / unproven.  A passing scenario proves the clauses it cites
and asserts (``scenarios/claims.py``); a cite no assertion backs is an error
that ``verify`` reports and the build refuses.
"""

from __future__ import annotations

from dataclasses import dataclass
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


@dataclass(frozen=True)
class UnbackedCite:
    """A clause a scenario cites but no expectation of it asserts: a claim without a proof."""

    path: str
    line: int
    ref: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: cites {self.ref} but no expectation asserts it"


def unbacked_cites(results: list[ScenarioResult]) -> list[UnbackedCite]:
    """Every cite of these runs that no assertion backs, in file and line order."""
    found = [UnbackedCite(r.path, c.line, c.ref) for r in results for c in r.unbacked]
    return sorted(found, key=lambda u: (u.path, u.line, u.ref))


def proofs_by_clause(results: list[ScenarioResult]) -> dict[str, list[ScenarioResult]]:
    """Clause ref -> the passing scenarios that prove it (cited and asserted), in run order."""
    out: dict[str, list[ScenarioResult]] = {}
    for r in results:
        if r.passed:
            for ref in dict.fromkeys(r.proves):
                out.setdefault(ref, []).append(r)
    return out
