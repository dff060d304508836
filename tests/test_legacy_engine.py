"""The legacy (Hyper Colosseum) engine: random legal self-play, illegal actions, cloning, scenario files."""

import collections
import json
import random

import pytest

from judgebase.engine import RULESETS, Action, IllegalAction
from judgebase.engine.legacy import DECK_SIZE, LegacyGame, random_config
from judgebase.scenarios.common import schema
from judgebase.scenarios.loader import ScenarioError, run

from conftest import ROOT

GAMES = 200
LEGACY = ROOT / "rulings/legacy/scenarios"
EXAMPLE = LEGACY / "leg-002-multiply-before-add.yaml"


def _uids(game):
    return collections.Counter(c.uid for side in game.players for c in side.all_cards())


def test_registered_as_the_legacy_ruleset():
    assert RULESETS["legacy"] is LegacyGame


def test_random_self_play_keeps_every_invariant():
    outcomes = collections.Counter()
    events = collections.Counter()
    for seed in range(GAMES):
        game = LegacyGame(random_config(seed)).start()
        rng = random.Random(seed)
        total = sum(_uids(game).values())
        assert total == 2 * DECK_SIZE
        steps = 0
        while not game.is_over:
            actions = game.legal_actions()
            assert actions, f"seed {seed}: no legal action but the game is not over ({game.decision})"
            game.apply(rng.choice(actions))
            steps += 1
            cards = _uids(game)
            assert all(n == 1 for n in cards.values()), f"seed {seed}: a card is in two places"
            assert sum(cards.values()) == total, f"seed {seed}: cards appeared or vanished"
            assert all(side.points >= 0 for side in game.players), f"seed {seed}: negative points"
            assert all(len([c for c in side.slots if c is not None]) <= 3 for side in game.players)
            assert steps < 20_000
        assert game.winner is not None or game.over_reason, f"seed {seed}: ended without a winner or reason"
        if game.winner is not None:
            assert game.players[1 - game.winner].points == 0
        outcomes["winner" if game.winner is not None else game.over_reason] += 1
        events.update(e.kind for e in game.log)
    assert sum(outcomes.values()) == GAMES
    assert outcomes["winner"] > GAMES // 2
    # The random decks really exercise the rules.
    for kind in ("partner", "refill", "prepare", "digivolve", "decline", "exchange", "set", "support", "support_no_effect",
                 "ability", "attack_mod", "technique_zero", "halved", "direct_attack", "lost_multiply", "once_more_points",
                 "forced_draw", "nullified", "option_void", "death_check", "win"):
        assert events[kind] > 0, f"no {kind} in {GAMES} games"


def _midgame(seed, steps):
    game = LegacyGame(random_config(seed)).start()
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_illegal_actions_leave_the_state_exactly_as_it_was():
    checked = collections.Counter()
    for seed in range(40):
        for steps in (3, 12, 25, 40, 60):
            game = _midgame(seed, steps)
            if game.is_over:
                continue
            p = game.current_player
            side, other = game.players[p], game.players[1 - p]
            mine = [c.uid for c in side.hand + side.network + side.box + [s for s in side.slots if s]]
            theirs = [c.uid for c in other.hand + other.box + [s for s in other.slots if s]]
            bogus = [Action("use", 99999), Action("support", 99999), Action("ability", 99999), Action("set", 99999, option=1),
                     Action("prepare", 99999), Action("fly"), Action("refill"), Action("done"), Action("pass"),
                     Action("digivolve"), Action("partner", 99999)]
            bogus += [Action(kind, uid) for uid in mine[:6] + theirs[:3] for kind in ("use", "support", "ability", "discard", "prepare", "exchange")]
            bogus += [Action("set", uid, option=s) for uid in mine[:4] for s in (1, 2, 3, 4)]
            before = game.dump()
            legal = game.legal_actions()
            for action in bogus:
                if action in legal:
                    continue
                with pytest.raises(IllegalAction) as info:
                    game.apply(action)
                assert info.value.ref.startswith("LEG "), info.value.ref
                assert game.dump() == before, f"seed {seed}: {action} changed the state"
                checked[game.decision.kind] += 1
    assert sum(checked.values()) >= 500
    assert {"preparation", "battle"} <= set(checked)


def test_a_finished_game_refuses_every_action():
    game = _midgame(2, 10_000)
    assert game.is_over
    before = game.dump()
    with pytest.raises(IllegalAction) as info:
        game.apply(Action("pass"))
    assert info.value.ref == "LEG 3.2.5.8" and game.dump() == before


def test_clone_is_identical_and_independent():
    for seed in range(3, 40):  # a position where the game goes on, so independence can be seen
        game = _midgame(seed, 40)
        if not game.is_over:
            break
    assert not game.is_over
    twin = game.clone()
    assert twin.dump() == game.dump()
    assert [str(e) for e in twin.log] == [str(e) for e in game.log]
    before = game.dump()
    twin.apply(twin.legal_actions()[0])
    assert twin.dump() != before and game.dump() == before


def test_same_seed_same_game():
    def play(seed):
        game = LegacyGame(random_config(seed)).start()
        rng = random.Random(seed)
        while not game.is_over:
            game.apply(rng.choice(game.legal_actions()))
        return [str(e) for e in game.log]

    assert play(11) == play(11)
    assert play(11) != play(12)


def test_every_log_event_cites_a_legacy_clause():
    game = _midgame(5, 10_000)
    assert game.log and all(e.ref.startswith("LEG ") for e in game.log)


def test_deck_must_be_30_cards_with_a_level_iii():
    config = random_config(1)
    config["players"][0]["deck"] = config["players"][0]["deck"][:29]
    with pytest.raises(ValueError, match="LEG 3.2.1.1"):
        LegacyGame(config).start()
    config = random_config(1)
    config["players"][1]["deck"] = [n for n in config["players"][1]["deck"] if not n.startswith("L3-")]
    config["players"][1]["deck"] += ["Plus 100"] * (DECK_SIZE - len(config["players"][1]["deck"]))
    with pytest.raises(ValueError, match="Level III"):
        LegacyGame(config).start()


# -- scenario files -----------------------------------------------------------------
def test_every_legacy_ruling_has_a_passing_scenario():
    import yaml

    rulings = sorted((ROOT / "rulings/legacy").glob("*.yaml"))
    assert len(rulings) >= 20
    for path in rulings:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        assert data.get("scenario"), f"{path.name} is not proven"
        result = run(path.parent / data["scenario"])
        assert result.passed, result.message
        assert result.ruling == data["id"] and result.ruleset == "legacy"


@pytest.fixture(scope="module")
def legacy_proofs():
    """How many passing legacy scenarios prove each clause (cite it and assert it)."""
    proven = collections.Counter()
    for path in LEGACY.glob("*.yaml"):
        result = run(path)
        if result.passed:
            proven.update(result.proves)
    return proven


@pytest.mark.parametrize("n", range(1, 9))
def test_every_calculation_note_of_leg_3_4_8_is_proven(legacy_proofs, n):
    assert legacy_proofs[f"LEG 3.4.8.{n}"] > 0, f"no passing scenario cites and asserts LEG 3.4.8.{n}"


def test_the_direct_attack_is_proven(legacy_proofs):
    assert legacy_proofs["LEG 3.4.7"] > 0


def test_schema_dispatches_on_the_ruleset():
    import jsonschema

    from judgebase.scenarios.legacy_runner import _keys_as_text
    from judgebase import yamlsrc

    validator = jsonschema.Draft202012Validator(schema())
    legacy = _keys_as_text(json.loads(json.dumps(yamlsrc.load(EXAMPLE.read_text(encoding="utf-8")))))
    assert not list(validator.iter_errors(legacy))
    official = json.loads(json.dumps(yamlsrc.load((ROOT / "rulings/official/scenarios/off-000-faq-01-block-own-target.yaml").read_text(encoding="utf-8"))))
    assert not list(validator.iter_errors(official))
    # A legacy file without "ruleset: legacy" is checked (and refused) as an official one.
    del legacy["ruleset"]
    assert list(validator.iter_errors(legacy))


def _variant(tmp_path, old, new):
    text = EXAMPLE.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "bad.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    line = next(i for i, l in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if new.splitlines()[0] in l)
    return path, line


@pytest.mark.parametrize(
    "old, new, message",
    [
        ("battle_type: A, attack: {A: 420", "battle_type: D, attack: {A: 420", "'D' is not one of"),
        ("lost_points: {3: 10, 4: 20, perfect: 30, ultimate: 40}}\n  Garurumon",
         "lost_points: {3: 10, 4: 20, perfect: 30}}\n  Garurumon", "'ultimate' is a required property"),
        ("effect: {multiply: 2}", "effect: {multiply: 2, add: 5}", "has one effect"),
        ("{do: use, by: p1, card: Double}", "{do: fly, by: p1, card: Double}", "'fly' is not one of"),
        ("p1: {digimon_box: [Greymon]", "p1: {digimon_box: [Greymonn]", "unknown card 'Greymonn'"),
        ("phase: battle", "phase: lunch", "'lunch' is not one of"),
    ],
)
def test_bad_legacy_scenarios_fail_with_file_and_line(tmp_path, old, new, message):
    path, line = _variant(tmp_path, old, new)
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert message in str(info.value)
    assert str(info.value).startswith(f"{path}:") and info.value.line == line


def test_a_card_missing_from_its_zone_is_a_file_error(tmp_path):
    path, line = _variant(tmp_path, "{do: use, by: p1, card: Double}", "{do: use, by: p1, card: Triple}")
    with pytest.raises(ScenarioError) as info:
        run(path)
    assert info.value.line == line and "Triple" in info.value.message


def test_a_wrong_legacy_expectation_fails_with_its_line(tmp_path):
    path, line = _variant(tmp_path, "p1: {attack: 900}", "p1: {attack: 1000}")
    result = run(path)
    assert not result.passed and result.ruleset == "legacy"
    # The failure names the expect step (the line just above the changed one).
    assert result.message.startswith(f"{path}:{line - 1}:") and "expected 1000, found 900" in result.message


def test_wrong_illegal_ref_fails(tmp_path):
    src = LEGACY / "leg-002-level-iii-ability-only-on-top.yaml"
    path = tmp_path / "bad.yaml"
    path.write_text(src.read_text(encoding="utf-8").replace("illegal: LEG 3.4.2.3", "illegal: LEG 3.4.2.2"), encoding="utf-8")
    result = run(path)
    assert not result.passed and "LEG 3.4.2.3" in result.message



_LOST = {"3": 10, "4": 20, "perfect": 30, "ultimate": 40}
_SPIRIT_CARDS = {
    "Agumon": {"level": 3, "battle_type": "A", "attack": {"A": 300, "B": 300, "C": 300}, "lost_points": _LOST},
    "Agunimon": {"level": "hybrid", "battle_type": "A", "attack": {"A": 300, "B": 300, "C": 300},
                 "lost_points": _LOST, "spirit": "Spirit of Fire"},
    "Kazemon": {"level": "hybrid", "battle_type": "C", "attack": {"A": 500, "B": 500, "C": 500},
                "lost_points": _LOST, "spirit": "Spirit of Wind"},
    "Devimon": {"level": 4, "battle_type": "B", "attack": {"A": 400, "B": 400, "C": 400}, "lost_points": {**_LOST, "hybrid": 25}},
    "Patamon": {"level": 3, "battle_type": "B", "attack": {"A": 300, "B": 300, "C": 300}, "lost_points": _LOST,
                "support": {"target": {"battle_type": "A"}, "effect": {"add": 50}}},
    "Spirit of Fire": {"kind": "option", "category": "Spirit", "effect": {"add": 10}},
    "Spirit of Wind": {"kind": "option", "category": "Spirit", "effect": {"add": 10}},
    "Filler": {"kind": "option", "effect": {"add": 10}},
}


def _spirit_game(p1, p2=None):
    """A Battle Phase with p1 as the second player (it acts first) and p2's Devimon."""
    players = [{"network": ["Filler"] * 4, **p1}, {"network": ["Filler"] * 4, "digimon_box": ["Devimon"], **(p2 or {})}]
    return LegacyGame({"cards": _SPIRIT_CARDS, "turn": 3, "phase": "battle", "first_player": 1, "players": players}).start()


def test_a_hybrid_is_set_up_only_beside_its_spirit():
    from judgebase.engine.setup import SetupError

    with pytest.raises(SetupError, match="LEG 3.2.2.1.5"):
        _spirit_game({"digimon_box": ["Agumon", "Agunimon"]})
    with pytest.raises(SetupError, match="LEG 3.2.2.1.5"):
        _spirit_game({"digimon_box": ["Agumon"], "support": ["Spirit of Fire"]})
    game = _spirit_game({"digimon_box": ["Agumon", "Agunimon"], "support": ["Spirit of Fire"]})
    assert game.top(0).name == "Agunimon"


def test_the_spirit_is_no_support_digimon_and_leaves_after_its_hybrid():
    game = _spirit_game({"digimon_box": ["Agumon", "Agunimon"], "support": ["Spirit of Fire"], "hand": ["Patamon"]})
    assert game.current_player == 0
    patamon = next(c for c in game.players[0].hand if c.name == "Patamon")
    game.apply(Action("support", patamon.uid))  # LEG 3.4.3.1 counts support Digimon only
    assert [c.name for c in game.players[0].support] == ["Spirit of Fire", "Patamon"]
    game.apply(Action("pass"))
    game.apply(Action("pass"))
    # Devimon (400) beats Agunimon (350): Agunimon goes at the death check with the support Digimon;
    # its Spirit follows at the end of the Point Calculation Phase.
    kinds = [(e.kind, e.ref, e.data.get("why")) for e in game.log]
    death = kinds.index(("to_darkness", "LEG 3.4.3.3", "support Digimon at the death check"))
    spirit = kinds.index(("to_darkness", "LEG 3.2.2.1.5", "its Hybrid has left the Digimon Box"))
    assert death < spirit < kinds.index(("turn_end", "LEG 3.2.5.7", None))
    assert game.players[0].support == [] and "Spirit of Fire" in [c.name for c in game.players[0].darkness]


@pytest.mark.parametrize("loser, lost", [("Devimon", 25), ("Agumon", 0)])
def test_lost_points_against_a_hybrid_winner(loser, lost):
    # Devimon prints 25 Lost Points for a Hybrid; a card printing no place for it loses nothing.
    game = _spirit_game({"digimon_box": ["Agumon", "Kazemon"], "support": ["Spirit of Wind"]}, {"digimon_box": [loser]})
    game.apply(Action("pass"))
    game.apply(Action("pass"))
    assert game.result == 0 and game.players[1].points == 100 - lost
