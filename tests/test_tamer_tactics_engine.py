"""Tamer Tactics engine invariants under random legal self-play (TT §4.1 attack limits included)."""

import collections
import random

from judgebase.engine import TamerTacticsGame
from judgebase.engine.decks import random_tamer_tactics_config

GAMES = 200


def test_random_self_play_keeps_the_format_limits():
    outcomes = collections.Counter()
    events = collections.Counter()
    for seed in range(GAMES):
        game = TamerTacticsGame(random_tamer_tactics_config(seed)).start()
        rng = random.Random(seed)
        total = sum(1 for p in game.players for c in p.all_cards() if not c.defn.token)
        while not game.is_over:
            actions = game.legal_actions()
            assert actions, f"seed {seed}: stuck at {game.decision}"
            game.apply(rng.choice(actions))
            cards = collections.Counter(c.uid for p in game.players for c in p.all_cards() if not c.defn.token)
            assert all(n == 1 for n in cards.values()) and sum(cards.values()) == total, f"seed {seed}: cards"
            assert -10 <= game.memory <= 10
            for p in (0, 1) if game.phase != "setup" else ():
                # TT §2.1: a player always has a Tamer, unless a voluntary Burst removed the last one.
                assert game.tamers(p) or game.variant.state.valve[p] or any(
                    e.kind == "tamer_out_of_game" and e.player == p for e in game.log
                ), f"seed {seed}: P{p + 1} has no Tamer"
        assert game.winner is not None or game.over_reason
        outcomes[game.over_reason] += 1
        events.update(e.kind for e in game.log)
        normal, extra, security = collections.Counter(), collections.Counter(), collections.Counter()
        turn = 0
        for e in game.log:
            if e.kind == "turn_start":
                turn = e.data["turn"]
            elif e.kind == "attack_counted":
                normal[(turn, e.player)] += 1
            elif e.kind == "extra_attack_used":
                extra[(turn, e.player)] += 1
            elif e.kind == "security_attack_used":
                security[(turn, e.data["group"])] += 1
        assert max(normal.values(), default=0) <= 3, f"seed {seed}: more than 3 attacks on Digimon in a turn"
        assert max(extra.values(), default=0) <= 1, f"seed {seed}: more than 1 keyword attack in a turn"
        assert max(security.values(), default=0) <= 1, f"seed {seed}: a group attacked security twice in a turn"
    assert sum(outcomes.values()) == GAMES
    for kind in ("joins_group", "security_attack_used", "attack_counted", "protected", "hatch"):
        assert events[kind] > 0, kind


def test_setup_places_a_starting_tamer_before_hands():
    game = TamerTacticsGame(random_tamer_tactics_config(3)).start()
    while game.decision.kind in ("search_tamer", "trigger_order", "optional", "target"):
        game.apply(game.legal_actions()[0])
    kinds = [e.kind for e in game.log]
    assert kinds.index("tamer_searched") < kinds.index("draw")
    for p in (0, 1):
        assert len(game.tamers(p)) == 1
