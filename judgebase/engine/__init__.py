"""The judgebase game engine: pure Python, deterministic given a seed, no database.

    from judgebase.engine import Game
    game = Game(config).start()
    while not game.is_over:
        game.apply(random.choice(game.legal_actions()))

Every illegal action raises :class:`IllegalAction` carrying the clause that
forbids it; every event in ``game.log`` carries the clause that caused it.
"""

from importlib import import_module

# The game classes load on first use: `judgebase deck check` needs only engine.decks,
# and importing three rulesets' engines would cost it tens of milliseconds.
_EXPORTS = {
    "CardDef": "cards", "CardError": "cards", "card_from_spec": "cards",
    "Action": "state", "Event": "state", "IllegalAction": "state",
    "SetupError": "setup",
    "Game": "official", "TamerTacticsGame": "tamer_tactics", "LegacyGame": "legacy",
}

__all__ = ["Action", "CardDef", "CardError", "Event", "Game", "IllegalAction", "LegacyGame", "RULESETS",
           "SetupError", "TamerTacticsGame", "card_from_spec"]


def __getattr__(name: str):
    if name == "RULESETS":
        return {"official": __getattr__("Game"), "tamer_tactics": __getattr__("TamerTacticsGame"),
                "legacy": __getattr__("LegacyGame")}
    if name in _EXPORTS:
        value = getattr(import_module(f".{_EXPORTS[name]}", __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
