"""Engine invariants: random legal self-play, illegal actions, cloning, deck rules."""

import collections
import random

import pytest

from judgebase.engine import Action, Game, IllegalAction
from judgebase.engine.decks import deck_problems, random_game_config

GAMES = 200


def _cards(game):
    return collections.Counter(c.uid for p in game.players for c in p.all_cards() if not c.defn.token)


def test_random_self_play_keeps_every_invariant():
    outcomes = collections.Counter()
    events = collections.Counter()
    for seed in range(GAMES):
        game = Game(random_game_config(seed)).start()
        rng = random.Random(seed)
        total = sum(_cards(game).values())
        steps = 0
        while not game.is_over:
            actions = game.legal_actions()
            assert actions, f"seed {seed}: no legal action but the game is not over ({game.decision})"
            game.apply(rng.choice(actions))
            steps += 1
            cards = _cards(game)
            assert all(n == 1 for n in cards.values()), f"seed {seed}: a card is in two places"
            assert sum(cards.values()) == total, f"seed {seed}: cards appeared or vanished"
            assert -10 <= game.memory <= 10
            assert steps < 20_000
        assert game.winner is not None or game.over_reason, f"seed {seed}: ended without a winner or reason"
        outcomes[game.over_reason] += 1
        events.update(e.kind for e in game.log)
    assert sum(outcomes.values()) == GAMES
    # Both ways to win occur in a real sample of games.
    assert outcomes["successful attack with 0 security cards"] > 0
    # The random decks really exercise the special mechanics and keywords.
    for kind in ("dna_digivolved", "digixros", "assembly", "burst_digivolved", "linked", "arts_digivolve",
                 "blast_digivolve", "block", "counter", "security_effect", "retaliation", "barrier"):
        assert events[kind] > 0, f"no {kind} in {GAMES} games"


def _midgame(seed=7, steps=60):
    game = Game(random_game_config(seed)).start()
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game, rng


def test_illegal_actions_leave_the_state_exactly_as_it_was():
    checked = 0
    for seed in range(20):
        game, rng = _midgame(seed, 40)
        if game.is_over or game.decision.kind != "main":
            continue
        before = game.dump()
        tp = game.turn_player
        bogus = [
            Action("attack", 99999, -1),
            Action("play", 99999),
            Action("block", 1),
            Action("hatch"),
            Action("digivolve", game.players[tp].hand[0].uid if game.players[tp].hand else 1, 99999, 0),
            Action("activate", 99999, option=0),
        ]
        for action in bogus:
            if action in game.legal_actions():
                continue
            with pytest.raises(IllegalAction) as info:
                game.apply(action)
            assert info.value.ref.startswith("CR ")
            assert game.dump() == before
            checked += 1
    assert checked >= 30


def test_clone_is_identical_and_independent():
    for seed in range(3, 40):  # a position where the game goes on, so independence can be seen
        game, rng = _midgame(seed, 50)
        if not game.is_over:
            break
    assert not game.is_over
    twin = game.clone()
    assert twin.dump() == game.dump()
    before = game.dump()
    twin.apply(twin.legal_actions()[0])
    assert twin.dump() != before and game.dump() == before


def test_same_seed_same_game():
    def play(seed):
        game = Game(random_game_config(seed)).start()
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        return [str(e) for e in game.log]

    assert play(11) == play(11)


def test_every_log_event_cites_a_clause():
    game, _ = _midgame(5, 200)
    assert game.log and all(e.ref.startswith("CR ") for e in game.log)


def test_deck_rules():
    deck = ["A"] * 4 + [f"C{i}" for i in range(46)]
    assert deck_problems(deck, ["E"] * 4) == []
    problems = deck_problems(deck[:49], ["E"] * 6)
    refs = {ref for _, ref in problems}
    assert refs == {"CR 1-4-1-2-1", "CR 1-4-1-3-1", "CR 1-4-1-3-2"}
    five = ["A"] * 5 + [f"C{i}" for i in range(45)]
    assert [ref for _, ref in deck_problems(five, [])] == ["CR 1-4-1-2-2"]
    # Copies are counted by card number, not by name.
    assert deck_problems(["A", "B"] * 25, [], numbers={"A": "BT1-1", "B": "BT1-1"})[0][1] == "CR 1-4-1-2-2"


def test_digixros_any_number_of_cards_takes_different_card_numbers_only():
    """"+ any number of [Xros Heart] cards with different card numbers": a second copy of a card number
    already chosen is refused, a card of that name with another number is not (CR 7-2-1)."""
    from judgebase.engine.official.game import Game as OfficialGame
    from judgebase.scenarios.runner import game_config

    xh = {"category": "digimon", "level": 4, "colours": ["yellow"], "dp": 5000, "play_cost": 5, "traits": ["Xros Heart"]}
    data = {
        "cards": {
            "Shoutmon DX": {"category": "digimon", "level": 6, "colours": ["red"], "dp": 12000, "play_cost": 12,
                            "digixros": {"reduction": 2, "cards": ["Shoutmon"], "any_different": {"trait": "Xros Heart"}}},
            "Ballistamon": {**xh, "number": "BT7-040"},
            "Ballistamon P": {**xh, "name": "Ballistamon", "number": "P-070"},
        },
        "setup": {"turn": 3, "turn_player": "p1", "phase": "main", "memory": 6,
                  "p1": {"hand": ["Shoutmon DX", "Ballistamon", "Ballistamon", "Ballistamon P"], "deck": ["Ballistamon"]},
                  "p2": {"deck": ["Ballistamon"], "security": ["Ballistamon"]}},
    }
    game = OfficialGame(game_config(data)).start()
    hand = game.players[0].hand
    game.apply(Action("play", next(c.uid for c in hand if c.defn.name == "Shoutmon DX")))
    first, second, promo = [c for c in hand if c.defn.name == "Ballistamon"]
    game.apply(Action("choose", first.uid))
    assert Action("choose", second.uid) not in game.legal_actions()
    refused = game.why_illegal(Action("choose", second.uid))
    assert refused.ref == "CR 7-2-1" and "different card numbers" in str(refused)
    assert Action("choose", promo.uid) in game.legal_actions()
    game.apply(Action("choose", promo.uid))
    with pytest.raises(IllegalAction):
        game.apply(Action("choose", second.uid))


def test_a_colour_chosen_is_one_of_the_seven_and_the_next_step_reads_it():
    """"Choose a colour": the decision offers exactly the seven colours, refuses any other (CR 2-4-2),
    and the step after it reads "that colour"."""
    from judgebase.engine.cards import COLOURS
    from judgebase.engine.official.game import Game as OfficialGame
    from judgebase.scenarios.runner import game_config

    digimon = {"category": "digimon", "level": 3, "dp": 4000, "play_cost": 3}
    data = {
        "cards": {
            "Sweep": {"category": "option", "colours": ["red"], "use_cost": 0,
                      "effects": [{"timing": "main", "do": [{"choose_colour": True},
                                                            {"dp": {"amount": -1000, "target": "all_opponent", "colour": "chosen"}}]}]},
            "Agumon": {**digimon, "colours": ["red"]},
            "Palmon": {**digimon, "colours": ["green"]},
        },
        "setup": {"turn": 3, "turn_player": "p1", "phase": "main", "memory": 3,
                  "p1": {"hand": ["Sweep"], "deck": ["Agumon"], "battle": [{"cards": ["Agumon"]}]},
                  "p2": {"deck": ["Agumon"], "battle": [{"cards": ["Agumon"]}, {"cards": ["Palmon"]}]}},
    }
    game = OfficialGame(game_config(data)).start()
    game.apply(Action("use", game.players[0].hand[0].uid))
    assert game.decision.kind == "colour"
    assert sorted(a.option for a in game.legal_actions()) == sorted(COLOURS)
    for wrong in ("pink", "Red", None):
        refused = game.why_illegal(Action("choose", option=wrong))
        assert refused.ref == "CR 2-4-2"
    game.apply(Action("choose", option="green"))
    chosen = [e for e in game.log if e.kind == "colour_chosen"]
    assert len(chosen) == 1 and chosen[0].ref == "CR 2-4-2" and chosen[0].data["colour"] == "green"
    dps = sorted((s.top.defn.name, game.dp(s)) for s in game.stacks(1))
    assert dps == [("Agumon", 4000), ("Palmon", 3000)]
