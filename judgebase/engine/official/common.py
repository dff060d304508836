"""What every part of the official engine shares: the phases, the decision families, their clauses."""

from __future__ import annotations

from ..state import Action

PHASES = ("unsuspend", "draw", "breeding", "main")
REARRANGE_ZONES = ("hand", "trash", "deck", "eggs", "security")  # a player's own areas, for ``rearrange``
# The areas a player may ask to look at or count, for ``look``; "revealed" is the cards an effect is
# revealing or looking at now (CR 15-15-3-8-1, 15-15-3-9-1).
LOOK_ZONES = REARRANGE_ZONES + ("battle", "revealed")
MAX_TURNS = 300  # random self-play safety net: a game that long ends with a recorded reason


def EITHER(action: Action) -> None:
    """The predicate of a decision between two answers that are always both open (keep or mulligan, yes or no)."""
    return None

FAMILIES = {
    "main": ("pass", "play", "use", "digivolve", "attack", "activate", "dna", "burst", "app_fusion", "link", "protect"),
    "effect_digivolve": ("digivolve", "decline"),
    "breeding": ("hatch", "move", "skip"),
    "mulligan": ("keep", "mulligan"),
    "block": ("block", "no_block"),
    "counter": ("counter", "no_counter"),
}

DECISION_REF = {
    "mulligan": "CR 5-2-1-4",
    "breeding": "CR 6-4-1",
    "counter": "CR 11-3-1",
    "block": "CR 12-1-1",
    "trigger_order": "CR 15-4-3-5",
    "would_be_deleted": "CR 15-8-5",
    "would_leave": "CR 15-8-5",
    "instead_trash": "CR 18-2-1",
    "overwrite": "CR 18-2-2",
    "target": "CR 15-11-1-3-1",
    "optional": "CR 15-9-2-2",
    "digisorption": "CR 16-10-1",
    "raid": "CR 16-23-1",
    "alliance": "CR 16-24-1",
    "blitz": "CR 16-16-1",
    "vortex": "CR 16-33-1",
    "execute": "CR 16-38-1",
    "overclock": "CR 16-34-1",
    "scapegoat": "CR 16-32-1",
    "digi_burst": "CR 16-14-1",
    "save": "CR 16-20-1",
    "material_save": "CR 16-21-1",
    "material_save_card": "CR 16-21-1",
    "mind_link": "CR 16-28-1",
    "partition": "CR 16-29-3",
    "partition_card": "CR 16-29-4",
    "ascension": "CR 16-43-1",
    "fragment": "CR 16-37-1",
    "engage": "CR 16-44-1",
    "de_digivolve": "CR 16-12-1",
    "loop_count": "CR 18-3-3",
    "colour": "CR 2-4-2",
    "effect_digivolve": "CR 8-1-3-1",
    "activate_order": "CR 15-15-7-2",
    "activate_main": "CR 15-15-7-3",
    "arts_digivolve": "CR 4-20-1",
    "digixros": "CR 7-2-1",
    "assembly": "CR 7-3-2-1",
    "source_order": "CR 15-11-1-3-1",
    # common effect steps (common_steps.py)
    "cost": "CR 15-7-1",
    "effect_play": "CR 15-11-1-3-1",
    "reveal": "CR 15-10-2-1",
    "deck_order": "CR 3-1-3-4",
    "to_security": "CR 15-11-1-3-1",
    "trash_to_hand": "CR 15-11-1-3-1",
    "place_under": "CR 15-11-1-3-1",
    "place_under_effect": "CR 15-15-7-1",
    "sources_to_hand": "CR 15-11-1-3-1",
}
