"""Random legal self-play at volume: 2,000 games per ruleset, every invariant at every step.

Marked ``slow`` (about a minute per ruleset): CI runs it; ``-m "not slow"`` skips it for
everyday work. Seeds start at 1,000,000 so they differ from the quick engine tests'.
"""

from __future__ import annotations

import collections
import random

import pytest

from judgebase.engine import Game, TamerTacticsGame
from judgebase.engine.decks import random_game_config, random_tamer_tactics_config
from judgebase.engine.legacy import LegacyGame, random_config as random_legacy_config

RULESETS = {
    "official": (Game, random_game_config),
    "tamer_tactics": (TamerTacticsGame, random_tamer_tactics_config),
    "legacy": (LegacyGame, random_legacy_config),
}
FIRST_SEED = 1_000_000
GAMES = 2_000


def _cards(game):
    return collections.Counter(
        c.uid for side in game.players for c in side.all_cards() if not getattr(getattr(c, "defn", None), "token", False)
    )


def play_checked(ruleset: str, seed: int) -> str:
    """One game with random legal actions; assert the invariants after every action; return how it ended."""
    game_cls, config = RULESETS[ruleset]
    game = game_cls(config(seed)).start()
    rng = random.Random(seed)
    total = sum(_cards(game).values())
    steps = 0
    while not game.is_over:
        actions = game.legal_actions()
        assert actions, f"{ruleset} seed {seed}: no legal action but the game is not over"
        game.apply(rng.choice(actions))
        steps += 1
        cards = _cards(game)
        assert all(n == 1 for n in cards.values()), f"{ruleset} seed {seed}: a card is in two places"
        assert sum(cards.values()) == total, f"{ruleset} seed {seed}: cards appeared or vanished"
        if ruleset != "legacy":
            assert -10 <= game.memory <= 10, f"{ruleset} seed {seed}: memory {game.memory}"
        else:
            assert all(side.points >= 0 for side in game.players), f"legacy seed {seed}: negative points"
        assert steps < 20_000, f"{ruleset} seed {seed}: no end after 20,000 actions"
    assert game.winner is not None or game.over_reason, f"{ruleset} seed {seed}: ended without a winner or reason"
    return str(game.over_reason)


@pytest.mark.parametrize("ruleset, seed", [("official", 1_000_235), ("tamer_tactics", 1_001_034)])
def test_the_seeds_that_found_the_alliance_crash_play_to_the_end(ruleset, seed):
    """These seeds once suspended a Digi-Egg for <Alliance> and crashed (None DP added); the rule
    itself (CR 2-5-3: no DP is added) is proven by kw-alliance-dp-less-helper.yaml."""
    assert play_checked(ruleset, seed)


@pytest.mark.slow
@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_two_thousand_games_keep_every_invariant(ruleset):
    outcomes = collections.Counter(play_checked(ruleset, seed) for seed in range(FIRST_SEED, FIRST_SEED + GAMES))
    assert sum(outcomes.values()) == GAMES
