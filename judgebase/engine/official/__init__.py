"""The official rules engine (Comprehensive Rules Ver. 4.2), one module per part of the rules."""

from .common import MAX_TURNS, PHASES
from .game import Game

__all__ = ["Game", "MAX_TURNS", "PHASES"]
