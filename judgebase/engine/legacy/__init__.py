"""The legacy Hyper Colosseum battle of the old Digital Monster Card Game (002 §3, refs ``LEG x.y``).

Same shape as the official engine: ``start()``, ``legal_actions()``, ``apply(action)``
(an illegal action raises :class:`IllegalAction` with the ``LEG`` clause that forbids
it and leaves the state exactly as it was), ``current_player``, ``is_over``,
``winner``, ``clone()``, ``dump()`` and a ``log`` of :class:`Event`, each naming the
``LEG`` clause that caused it.

A turn is the Preparation Phase (LEG 3.2.2), the Digivolution Phase (LEG 3.2.3),
the Battle Phase (LEG 3.2.4) and the Point Calculation Phase (LEG 3.2.5).  Each
player's battling Digimon is the top card of their Digimon Box; it attacks with
the value printed for the letter of the *opponent's* battle type (LEG 3.2.4.1,
LEG 3.2.4.4.1), changed by Option cards, support abilities and special abilities
as LEG 3.4.8 says.

Cards are defined inline (see ``judgebase/scenarios/README.md``, section "Legacy
scenarios"): a Digimon card has a level (3, 4, ``perfect``, ``ultimate``), a
battle type (A/B/C), attack values for A, B and C, Lost Points per opponent level,
a digivolution requirement (how many ●/X cards go to the Power Box), optional
◎ special abilities and a ■ support ability; an Option card has one effect from
a small vocabulary (:data:`EFFECT_KEYS`).

Where 002 is silent the engine makes a documented choice; each one is marked
``Reading:`` in a comment next to the code that implements it.

The rules live where 002 puts them: ``cards`` (card definitions), ``board`` (a side of the board,
set-up vocabulary), ``game`` (the state and the flow), and one mixin per phase: ``preparation``
(LEG 3.2.1-3.2.2), ``digivolution`` (LEG 3.2.3), ``battle`` (LEG 3.2.4), ``point`` (LEG 3.2.5).
"""

from .board import (
    Side,
    Mod,
    PREP_STEP_NAMES,
    SETUP,
    CONFIG_KEYS,
)
from .cards import (
    LEVELS,
    SPECIAL_LEVELS,
    NEXT_LEVEL,
    TYPES,
    PHASES,
    DECK_SIZE,
    HAND_MAX,
    START_POINTS,
    SLOTS,
    MAX_TURNS,
    EFFECT_KEYS,
    DEFAULT_TARGET,
    MOD_REFS,
    PHASE_REFS,
    USE_REFS,
    ABILITY_REFS,
    PREP_STEPS,
    LegacyCardDef,
    legacy_card_from_spec,
)
from .game import LegacyGame
from .selfplay import random_config

__all__ = [
    "ABILITY_REFS",
    "CONFIG_KEYS",
    "DECK_SIZE",
    "DEFAULT_TARGET",
    "EFFECT_KEYS",
    "HAND_MAX",
    "LEVELS",
    "LegacyCardDef",
    "LegacyGame",
    "MAX_TURNS",
    "MOD_REFS",
    "Mod",
    "NEXT_LEVEL",
    "PHASES",
    "PHASE_REFS",
    "PREP_STEPS",
    "PREP_STEP_NAMES",
    "SETUP",
    "SLOTS",
    "SPECIAL_LEVELS",
    "START_POINTS",
    "Side",
    "TYPES",
    "USE_REFS",
    "legacy_card_from_spec",
    "random_config",
]
