"""Problems found in the sources, each reported as ``path:line: message``."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.message}"


class SourceError(Exception):
    """The sources can't be built; carries every problem found, not just the first."""

    def __init__(self, problems: list[Problem]):
        self.problems = sorted(problems, key=lambda p: (p.path, p.line))
        super().__init__("\n".join(str(p) for p in self.problems))


class Problems:
    """Collects problems while loading so that one build reports all of them."""

    def __init__(self) -> None:
        self.items: list[Problem] = []

    def add(self, path: str, line: int, message: str) -> None:
        self.items.append(Problem(path, line, message))

    def raise_if_any(self) -> None:
        if self.items:
            raise SourceError(self.items)
