"""What a setup may say: the vocabulary every ruleset's position reader is written against.

A setup (a scenario's ``setup:``, the engine's config) places a position directly: the cards in
every area and every piece of state the rules read.  Each ruleset declares its vocabulary as
:class:`Level` objects, one per mapping (the setup itself, a player's side, a stack, ...), whose
keys are JSON Schema fragments.  The reader refuses any key its level does not list
(:meth:`Level.check`), and ``judgebase.scenarios.setup_schema`` generates the setup part of
``schema.json`` from the same objects, so what the schema accepts and what the engine reads
can't drift apart.
"""

from __future__ import annotations

from dataclasses import dataclass, field

PLAYER_NAMES = ("p1", "p2")


class SetupError(ValueError):
    """A setup that describes no possible position.  ``path`` names the offending key inside the
    setup (``["p1", "battle", 0, "group"]``) so a scenario error can point at its line."""

    def __init__(self, path, message: str):
        self.path = list(path)
        self.message = message
        super().__init__(f"{where(self.path)}: {message}")


def where(path) -> str:
    """``setup/p1/battle/0/group``: the same spelling as the schema's errors."""
    return "/".join(["setup", *map(str, path)])


@dataclass(frozen=True)
class Level:
    """One mapping of a setup: its keys (JSON Schema fragments; ``{"$ref": "stack"}`` names another
    level of the same vocabulary) and which of them are required."""

    keys: dict
    required: tuple[str, ...] = ()
    description: str = ""
    extra: dict = field(default_factory=dict)  # further JSON Schema keywords for the mapping

    def check(self, spec, path) -> dict:
        """``spec`` as a mapping with known keys only, or SetupError naming the first bad key."""
        if spec is None:
            spec = {}
        if not isinstance(spec, dict):
            raise SetupError(path, "must be a mapping")
        for key in spec:
            if key not in self.keys:
                raise SetupError([*path, key], f"{key!r} is not a setup key here (known: {', '.join(sorted(self.keys))})")
        for key in self.required:
            if key not in spec:
                raise SetupError(path, f"{key!r} is required here")
        return spec

    def extend(self, keys: dict | None = None, description: str | None = None, **changes) -> "Level":
        """This level with more keys (a ruleset that reads more than the official rules)."""
        return Level({**self.keys, **(keys or {})}, changes.get("required", self.required),
                     self.description if description is None else description, changes.get("extra", self.extra))


def listed(value, path) -> list:
    """A list given in the setup (``[]`` when absent)."""
    if value is None:
        return []
    if not isinstance(value, list):
        raise SetupError(path, "must be a list")
    return value


def integer(value, path, minimum: int | None = None, maximum: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(path, f"must be a whole number, not {value!r}")
    if minimum is not None and value < minimum or maximum is not None and value > maximum:
        bounds = f"from {minimum}" + (f" to {maximum}" if maximum is not None else " up")
        raise SetupError(path, f"must be {bounds}, not {value}")
    return value
