"""One rule, one place: what the engine offers is exactly what it accepts.

Random self-play under the official rules and Tamer Tactics (fixed seeds).  At every
decision:

- every action ``legal_actions()`` offers is accepted by ``apply()`` (on a clone, for the
  ones the game doesn't take; clones replay the whole game, so those are sampled);
- well-formed actions that are *not* offered (attacks by every own Digimon on every
  card and the player, blocks by every card, plays, uses and digivolutions of every hand
  card, special digivolutions, choices of every card, ...) are refused with
  :class:`IllegalAction` whose ref parses as a clause ref, and the state is unchanged;
- every decision is built by a predicate (``Decision.check``): for the kinds of action it
  decides (``Decision.covers``), it allows exactly the offered ones, and a refusal is the
  predicate's own, with its clause: offering and refusing are decided by the same rule.

The random decks get prohibitions sprinkled on ("can't attack", "can't be attacked",
"can't block", CR 15-1-3) and "may attack Tamers" (CR 1-3-1), so the attack and block
predicates meet them in every kind of attack declaration.
"""

from __future__ import annotations

import itertools
import random

import pytest

from judgebase import refs
from judgebase.engine import Action, Game, IllegalAction, TamerTacticsGame
from judgebase.engine.decks import random_game_config, random_tamer_tactics_config

GAMES = 60
OWN_SAMPLE, OTHER_SAMPLE = 40, 10  # refusals tried per decision
FORKS = 4  # offered actions the game doesn't take, tried on a clone, per game
SIMPLE = ("pass", "hatch", "move", "skip", "keep", "mulligan", "no_block", "no_counter", "decline", "yes", "no", "done")
EXTRA_KEYWORDS = ({"cannot_attack": True}, {"cannot_be_attacked": True}, {"cannot_block": True},
                  {"may_attack_tamers": True}, {"blocker": True, "cannot_block": True}, {"vortex": True, "cannot_attack": True})
# More prohibitions (CR 15-1-3) and "isn't affected by your opponent's effects" (CR 15-15-5).
EXTRA_KEYWORDS += ({"cannot_suspend": True}, {"cannot_digivolve": True}, {"cannot_be_deleted_by_effects": "opponent"},
                   {"unaffected_by": "opponent"}, {"blocker": True, "unaffected_by": "opponent_option"})
# Persistent effects on other cards, lasting overall effects, conditions and target filters.
EXTRA_EFFECTS = (
    {"timing": "your_turn", "do": [{"dp": {"amount": 1000, "target": "all_own", "other": True}}]},
    {"timing": "all_turns", "if": {"tamers": {}}, "do": [{"gain": {"keyword": "blocker", "target": "all_own", "max_level": 4}}]},
    {"timing": "opponents_turn", "do": [{"dp": {"amount": -1000, "target": "all_opponent"}}]},
    {"timing": "all_turns", "if": {"this": {"suspended": True}}, "do": [{"gain": {"keyword": "unaffected_by", "value": "opponent_digimon"}}]},
    {"timing": "on_play", "do": [{"draw": 1}, {"if": {"digimon": {"player": "opponent", "at_least": 2}},
                                               "delete": {"target": "opponent", "lowest_dp": True}}]},
    {"timing": "when_digivolving", "do": [{"gain": {"keyword": "cannot_suspend", "target": "opponent", "suspended": False,
                                                    "until": "end_of_opponents_turn"}}]},
    {"timing": "on_play", "do": [{"dp": {"amount": -2000, "target": "all_opponent", "until": "end_of_turn"}}]},
    {"timing": "main", "once_per_turn": True, "if": {"security": {"at_most": 3}}, "do": [{"unsuspend": {"target": "any", "suspended": True}}]},
)
RULESETS = {"official": (Game, random_game_config), "tamer_tactics": (TamerTacticsGame, random_tamer_tactics_config)}


def _config(ruleset: str, seed: int) -> dict:
    """A random game whose Digimon sometimes carry a prohibition, a permission or an effect of the
    vocabulary of conditions, targets and persistent effects."""
    config = RULESETS[ruleset][1](seed)
    rng = random.Random(seed * 7919 + 1)
    for spec in config["cards"].values():
        if spec.get("category") == "digimon" and rng.random() < 0.2:
            spec["keywords"] = {**spec.get("keywords", {}), **rng.choice(EXTRA_KEYWORDS)}
        if spec.get("category") == "digimon" and rng.random() < 0.15:
            spec["effects"] = list(spec.get("effects", [])) + [rng.choice(EXTRA_EFFECTS)]
    return config


def _candidates(game) -> list[Action]:
    """Well-formed actions of every kind the engines know, for the position at hand."""
    d = game.decision
    me = d.player
    ps = game.players[me]
    breeding = [p.breeding for p in game.players if p.breeding]
    everything = game.stacks() + breeding
    own = game.stacks(me)
    own_field = own + ([ps.breeding] if ps.breeding else [])
    hand = ps.hand
    out = [Action(k) for k in SIMPLE]
    for card in hand:
        out += [Action("play", card.uid), Action("use", card.uid), Action("counter", card.uid), Action("choose", card.uid)]
        reqs = len(card.defn.requirements)
        for stack in everything:
            for i in range(reqs + 1):
                out += [Action("digivolve", card.uid, stack.sid, i), Action("blast", card.uid, stack.sid, i)]
            out += [Action("link", card.uid, stack.sid), Action("app_fusion", card.uid, stack.sid, 0)]
        for i, (_cost, parts) in enumerate(card.defn.dna):
            for pair in itertools.permutations(own_field, len(parts)):
                out.append(Action("dna", card.uid, option=i, targets=tuple(s.sid for s in pair)))
        if card.defn.burst:
            for stack in own_field:
                for tamer in everything:
                    out.append(Action("burst", card.uid, stack.sid, 0, targets=(tamer.sid,)))
    for card in ps.eggs:
        out.append(Action("choose", card.uid))
    for attacker in everything:
        out += [Action("attack", attacker.sid, t.sid) for t in everything] + [Action("attack", attacker.sid, -1)]
    for stack in everything:
        out += [Action(k, stack.sid) for k in ("block", "protect", "armor_purge", "evade", "barrier", "decoy")]
        out += [Action("activate", stack.sid, option=i) for i in range(3)]
        out += [Action("instead", stack.sid, option=i) for i in range(2)]  # "would be deleted ... instead"
        out += [Action("choose", target=stack.sid)] + [Action("choose", target=stack.sid, option=i) for i in range(2)]
    out.append(Action("choose", target=-1))
    out += [Action("choose", option=n) for n in range(5)]
    out += [Action("trigger", option=i) for i in range(len(game.pending) + 2)]
    seen = set()
    return [a for a in out if not (a in seen or seen.add(a))]


_PARSED: dict[str, bool] = {}


def _ref_of(game, action, where: str) -> str:
    try:
        game.apply(action)
    except IllegalAction as exc:
        ref = exc.ref
    else:
        raise AssertionError(f"{where}: {action} is not offered, yet apply() accepted it")
    if ref not in _PARSED:
        _PARSED[ref] = bool(ref) and refs.try_parse(ref) is not None
    assert _PARSED[ref], f"{where}: {action} refused with {ref!r}, not a clause ref"
    return ref


def _check_decision(game, rng, where: str) -> int:
    """Every property at this decision; returns how many refusals were checked."""
    d = game.decision
    offered = game.legal_actions()
    assert offered, f"{where}: no legal action at {d.kind}"
    assert d.check is not None and d.covers, f"{where}: the {d.kind} decision has no predicate"
    for action in offered:
        if action.kind in d.covers:
            err = d.check(action)
            assert err is None, f"{where}: {action} is offered, yet its decision's predicate refuses it ({err})"
    # The candidates of this decision's own kinds, and some of every other kind (sampled: there are hundreds).
    candidates = [a for a in _candidates(game) if a not in offered]
    own = [a for a in candidates if a.kind in d.covers]
    rest = [a for a in candidates if a.kind not in d.covers]
    sample = rng.sample(own, min(len(own), OWN_SAMPLE)) + rng.sample(rest, min(len(rest), OTHER_SAMPLE))
    before = game.dump()
    for action in sample:
        ref = _ref_of(game, action, where)
        if action.kind in d.covers:
            err = d.check(action)
            assert err is not None, f"{where} ({d.kind}): {action} is not offered, yet the predicate that builds the offer allows it"
            assert ref == err.ref, f"{where} ({d.kind}): {action} is refused by {ref}, but the offer's predicate says {err.ref}"
    assert game.dump() == before, f"{where}: refusing actions changed the state"
    return len(sample)


def _accepted_on_a_clone(game, action, where: str) -> None:
    twin = game.clone()
    assert twin.dump() == game.dump()
    twin.apply(action)  # raises if refused
    assert twin.history[-1] == action, where


@pytest.mark.parametrize("ruleset", sorted(RULESETS))
def test_offered_actions_are_accepted_and_the_rest_refused_by_the_same_rule(ruleset):
    cls = RULESETS[ruleset][0]
    refusals = forks = 0
    kinds = set()
    for seed in range(GAMES):
        game = cls(_config(ruleset, seed)).start()
        rng = random.Random(seed)
        step = forked = 0
        while not game.is_over:
            where = f"{ruleset} seed {seed} step {step}"
            refusals += _check_decision(game, rng, where)
            offered = game.legal_actions()
            kinds.add(game.decision.kind)
            choice = rng.choice(offered)
            # The game itself takes `choice`; a clone replays the whole game, so the others are tried on
            # clones a few times a game, first at the decisions whose offer a predicate builds.
            others = [a for a in offered if a != choice]
            if others and forked < FORKS and (game.decision.kind not in ("main", "breeding", "group", "mulligan")
                                               or rng.random() < 0.02):
                _accepted_on_a_clone(game, rng.choice(others), where)
                forked += 1
                forks += 1
            game.apply(choice)
            step += 1
            assert step < 5000, where
    assert refusals > 10_000 and forks > 100, (refusals, forks)
    # The sample reaches the decisions whose offer comes from a predicate.
    assert {"main", "breeding", "block", "counter", "vortex", "execute"} <= kinds, kinds
