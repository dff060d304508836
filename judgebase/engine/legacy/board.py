"""One side of the legacy game board, an effect in force, and what a legacy set-up may say."""

from __future__ import annotations

from dataclasses import dataclass, field

from ..setup import Level, PLAYER_NAMES
from ..state import Card
from .cards import PHASES, SLOTS, START_POINTS


# -- state --------------------------------------------------------------------------
@dataclass
class Side:
    """One player's side of the game board (002 §3.2.1)."""

    network: list[Card] = field(default_factory=list)  # Network Sea, index 0 is the top
    hand: list[Card] = field(default_factory=list)
    darkness: list[Card] = field(default_factory=list)  # Land of Darkness, last is the top
    box: list[Card] = field(default_factory=list)  # Digimon Box, bottom to top; the top one battles
    evolution: list[Card] = field(default_factory=list)  # Evolution Box, in digivolution order
    power: list[Card] = field(default_factory=list)  # Power Box
    exchange: list[Card] = field(default_factory=list)  # a Level III placed for exchange (LEG 3.2.2.4)
    support: list[Card] = field(default_factory=list)  # Support Box
    slots: list = field(default_factory=lambda: [None] * SLOTS)  # Option Slots 1..option_slots
    gauge: list[Card] = field(default_factory=list)  # the face-down score marker (LEG 3.2.1.4)
    points: int = START_POINTS

    def all_cards(self) -> list[Card]:
        slotted = [c for c in self.slots if c is not None]
        return (self.network + self.hand + self.darkness + self.box + self.evolution + self.power + self.exchange
                + self.support + slotted + self.gauge)

    @property
    def top(self) -> Card | None:
        return self.box[-1] if self.box else None


@dataclass
class Mod:
    """An effect on an attack value in force: whose value, what, from where, until when."""

    target: int
    kind: str  # add, base_add, multiply, divide, zero
    value: object
    source: str
    until: str = "phase"  # "phase" or "turn"
    origin: str = "option"  # "option", "support" or "ability"


class _GameOver(Exception):
    pass


# -- what a setup may say ---------------------------------------------------------------
# The vocabulary of a legacy setup (see judgebase/engine/setup.py); the reader is
# ``LegacyGame._build`` and schema.json's legacy_* setup definitions are generated from it.
_NAMES = {"type": "array", "items": {"type": "string"}}
PREP_STEP_NAMES = ("discard", "refill", "exchange", "prepare", "set")
SETUP = {
    "setup": Level({
        "turn": {"type": "integer", "minimum": 1},
        "phase": {"enum": ["setup", *PHASES]},
        "first_player": {"enum": list(PLAYER_NAMES)},
        "option_slots": {"type": "integer", "minimum": 1,
                         "description": "Option Slots on each board (LEG 3.2.2.7 gives no number; default 3, the highest slot LEG 3.4.4.3 names)"},
        "to_act": {"enum": list(PLAYER_NAMES), "description": "Battle Phase: who acts now (LEG 3.2.4.4.2, LEG 3.2.4.4.3)"},
        "passed": {"type": "boolean", "description": "Battle Phase: the other player passed last; one more pass ends it (LEG 3.2.4.4.4)"},
        "p1": {"$ref": "zones"},
        "p2": {"$ref": "zones"},
    }),
    "zones": Level({
        "points": {"type": "integer", "minimum": 0},
        "deck": {"type": "array", "items": {"oneOf": [
            {"type": "string"},
            {"type": "object", "required": ["card"], "additionalProperties": False,
             "properties": {"card": {"type": "string"}, "copies": {"type": "integer", "minimum": 1}}}]}},
        "network": _NAMES,
        "hand": _NAMES,
        "darkness": _NAMES,
        "digimon_box": _NAMES,
        "evolution_box": _NAMES,
        "power_box": _NAMES,
        "exchange": _NAMES,
        "support": _NAMES,
        "slots": {"type": "array", "items": {"anyOf": [{"type": ["string", "null"]}, {"$ref": "slot_card"}]},
                  "description": "slot 1 first; null for an empty slot; {card, face_up: true} for an Option in use"},
        "in_force": {"type": "array", "items": {"$ref": "in_force"},
                     "description": "effects this player used that are still in force, other than face-up Options in a slot"},
        "used_this_turn": {**_NAMES, "description": "\"only 1\" Option cards this player used this turn (LEG 3.4.5.3)"},
        "refilled": {"type": "boolean", "description": "drew from the Network Sea this turn (LEG 3.2.2.3)"},
        "support_used": {"type": "boolean", "description": "used a support ability this turn (LEG 3.2.4.3.3)"},
        "ability_used": {"type": "boolean", "description": "used its ◎ ability this phase (LEG 3.4.2.1)"},
        "final_attack": {"type": "integer", "minimum": 0,
                         "description": "Point Calculation Phase: the attack value at the end of the Battle Phase (LEG 3.2.5.1)"},
        "prep_step": {"enum": list(PREP_STEP_NAMES), "description": "Preparation Phase: the last step taken (LEG 3.2.2)"},
        "prepared": {"type": "boolean", "description": "Preparation Phase: this player has finished preparing"},
    }),
    "slot_card": Level({"card": {"type": "string"}, "face_up": {"type": "boolean"}}, required=("card",)),
    "in_force": Level({"card": {"type": "string"}, "origin": {"enum": ["option", "support", "ability"]}}, required=("card",)),
}
CONFIG_KEYS = ("seed", "cards", "players")
