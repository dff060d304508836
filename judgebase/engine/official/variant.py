"""The points where a format built on the official rules may change them.

The official :class:`~judgebase.engine.official.game.Game` asks its ``variant`` at each of these
points; :class:`Variant` gives the official answer (nothing added, nothing refused), so a format
such as Tamer Tactics changes the rules by implementing hooks, never by overriding the engine's
own methods, and keeps its state in a structure of its own.  Every problem a hook returns is an
:class:`~judgebase.engine.state.IllegalAction` carrying the format's clause; the predicate that
calls it both offers the actions and refuses the others, so a hook can't make the two drift apart.
See ``judgebase/engine/README.md`` for the list and when each is asked.
"""

from __future__ import annotations

import weakref

from ..state import Action, Card, Decision, IllegalAction, Stack

NOTHING = ()


class Variant:
    """The official rules: every hook a no-op.  ``game`` is the game that asks."""

    NAME: str | None = None  # the key of the format's state in ``Game.dump()``
    MAIN_KINDS: tuple[str, ...] = ()  # main phase actions of the format's own (CR 6-5-1 has the rest)
    DECISION_REFS: dict[str, str] = {}  # the clause behind each decision kind of the format's own

    def __init__(self, game) -> None:
        self._game = weakref.ref(game)

    @property
    def game(self):
        """The game that asks.  Held by a weak reference: the game holds its variant, and a cycle between
        the two would leave every finished game for the cyclic garbage collector, whose full collections
        then walk all of them (a self-play run of many games spent about a tenth of its time there)."""
        return self._game()

    # ------------------------------------------------------------ state ----
    def build(self, config: dict) -> None:
        """The format's own setup keys, read after the official position (a ``SetupError`` names the key)."""

    def dump(self) -> dict | None:
        """The format's own state, for comparing two positions; None when there is none."""
        return None

    # ------------------------------------------------- set-up and breeding ----
    def setup(self):
        """A generator that replaces the official set-up (CR 5-2-1), or None to keep it."""
        return None

    def hatch_card(self, player: int):
        """A generator returning the card to hatch instead of the top of the pile, or None (CR 4-18-1)."""
        return None
        yield  # pragma: no cover

    def may_move(self, stack: Stack) -> bool:
        """Whether a card with no DP may be moved out of the breeding area anyway (CR 4-17-2 says no)."""
        return False

    def may_stay_in_breeding(self, stack: Stack) -> bool:
        """Whether a card that is not a Digimon may stay in the breeding area (CR 17-1-3-2-3 says no)."""
        return False

    # --------------------------------------------------------- main phase ----
    def main_actions(self, player: int) -> list[Action]:
        """The format's own main phase actions (of ``MAIN_KINDS``) that are legal now."""
        return []

    def main_action_problem(self, player: int, action: Action) -> IllegalAction | None:
        """Why an action of ``MAIN_KINDS`` is illegal now: the predicate behind ``main_actions`` too."""
        return None

    def main_action(self, player: int, action: Action) -> bool:
        """Called as any main phase action is carried out; True when the format carried it out itself."""
        return False

    def refusal(self, decision: Decision | None, action: Action) -> IllegalAction | None:
        """The clause behind refusing an action of another decision's kind."""
        return None

    # -------------------------------------------------- playing and digivolving ----
    def play_problem(self, player: int, card: Card, action: Action) -> IllegalAction | None:
        """Why playing ``card`` from the hand is illegal, once the official rules allow it."""
        return None

    def digivolve_problem(self, player: int, card: Card, action: Action) -> IllegalAction | None:
        """Why digivolving onto ``action.target`` is illegal, asked before the official rules."""
        return None

    def special_problem(self, player: int, action: Action) -> IllegalAction | None:
        """Why a DNA, Burst, App Fusion or link action is illegal, once the official rules allow it."""
        return None

    def after_place(self, stack: Stack, how: str):
        """A generator run when a card enters the battle area (``how``: play, effect, move)."""
        return NOTHING

    def digivolved(self, stack: Stack, how: str) -> None:
        """A digivolution (``how``: digivolve, burst) or a link (link) onto ``stack`` is done, its effects resolved."""

    def dna_result(self, result: Stack, materials: list[Stack]) -> None:
        """A DNA digivolution made ``result`` out of ``materials``."""

    def return_burst_tamer(self, tamer: Stack) -> bool:
        """The Tamer a Burst digivolution returns (CR 8-3-3-2); True when the format moved it itself."""
        return False

    def left_field(self, stack: Stack) -> None:
        """``stack`` left the field; ``stack.area`` still says where from (battle or breeding)."""

    def before_resolve(self):
        """A generator run before pending effects are resolved: what the format settles at once."""
        return NOTHING

    # ------------------------------------------------------------ effects ----
    def effect_target_problem(self, controller: int, who: str, step: dict, source: Stack | None,
                              stack: Stack) -> IllegalAction | None:
        """Why an effect may not choose or affect ``stack``, once the official rules allow it."""
        return None

    def targets_chosen(self, controller: int, who: str, source: Stack | None, stacks: list[Stack]) -> None:
        """An effect step of ``source``'s found the cards it may choose or reach."""

    def all_affected(self, controller: int, who: str, stacks: list[Stack]):
        """A generator returning which of ``stacks`` an "all ..." effect reaches (all, officially)."""
        return stacks
        yield  # pragma: no cover

    def decoy_problem(self, decoy: Stack, protected: Stack) -> IllegalAction | None:
        """Why this <Decoy> may not protect that Digimon, once CR 16-18 allows it."""
        return None

    # ------------------------------------------------------------ attacks ----
    def may_attack_unsuspended(self, attacker: Stack, via: str) -> bool:
        """Whether an unsuspended Digimon may be attacked (CR 11-2-7-1 says no, <Execute> aside)."""
        return False

    def attack_target_problem(self, player: int, attacker: Stack, target: Stack, via: str) -> IllegalAction | None:
        """Why ``target``, an opponent's card in the battle area, may not be attacked: asked first."""
        return None

    def attack_limit_problem(self, player: int, attacker: Stack, target_sid: int, via: str) -> IllegalAction | None:
        """Limits on attacks the official rules allow (the official rules have none)."""
        return None

    def attack_declared(self, player: int, attacker: Stack, target_sid: int, via: str) -> None:
        """An attack is declared, before the official declaration steps."""

    def block_problem(self, blocker: Stack) -> IllegalAction | None:
        """Why ``blocker`` may not block, once CR 12-1 allows it."""
        return None

    def blocked(self, blocker: Stack, attack) -> None:
        """``blocker`` has blocked ``attack`` and become its target (CR 12-1-7-1)."""

    def redirect_problem(self, stack: Stack) -> IllegalAction | None:
        """Why an effect may not make ``stack`` the attack target (<Raid>)."""
        return None
