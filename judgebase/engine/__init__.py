"""The judgebase game engine: pure Python, deterministic given a seed, no database.

    from judgebase.engine import Game
    game = Game(config).start()
    while not game.is_over:
        game.apply(random.choice(game.legal_actions()))

Every illegal action raises :class:`IllegalAction` carrying the clause that
forbids it; every event in ``game.log`` carries the clause that caused it.
"""

from .cards import CardDef, CardError, card_from_spec
from .legacy import LegacyGame
from .official import Game
from .tamer_tactics import TamerTacticsGame
from .state import Action, Event, IllegalAction

RULESETS = {"official": Game, "tamer_tactics": TamerTacticsGame, "legacy": LegacyGame}

__all__ = ["Action", "CardDef", "CardError", "Event", "Game", "IllegalAction", "RULESETS", "card_from_spec"]
