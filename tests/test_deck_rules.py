"""Deck rules exist once: judgebase.engine.decks, used by the engine's self-play decks and by
``judgebase deck check`` (judgebase.deck, a higher layer that takes its inputs as arguments).

Before: the engine had its own copy of the numbers and lacked the Tamer Tactics 6-12
pile size (and never looked for Digimon in the pile or Digi-Eggs in the main deck),
and judgebase.deck found the default restriction list through judgebase.defaults.
"""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from judgebase import deck as decklib
from judgebase.engine import decks as rules
from judgebase.engine.decks import (
    deck_problems,
    random_game_config,
    random_tamer_tactics_config,
    tamer_tactics_problems,
)

PACKAGE = Path(decklib.__file__).resolve().parent


def imports_of(path: Path) -> set[str]:
    """Every judgebase module a file imports (relative imports resolved), at any depth in the file."""
    package = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts[:-1])
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.rsplit(".", node.level - 1)[0] if node.level > 1 else package
                module = f"{base}.{node.module}" if node.module else base
            elif node.module and node.module.startswith("judgebase"):
                module = node.module
            else:
                continue
            for alias in node.names:  # `from . import yamlsrc` imports the submodule judgebase.yamlsrc
                sub = PACKAGE.parent / module.replace(".", "/") / f"{alias.name}.py"
                found.add(f"{module}.{alias.name}" if sub.is_file() else module)
        elif isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("judgebase")}
    return found


def test_the_deck_check_uses_the_engines_rules_not_a_copy():
    for name in ("MAIN_SIZE", "COPIES_MAX", "EGGS_MAX", "PILE_TAMERS", "PILE_EGGS", "PILE_SIZE", "RULES"):
        assert getattr(decklib, name) is getattr(rules, name), name
    assigned = {t.id for node in ast.walk(ast.parse((PACKAGE / "deck.py").read_text(encoding="utf-8")))
                if isinstance(node, ast.Assign) for t in node.targets if isinstance(t, ast.Name)}
    assert not assigned & {"MAIN_SIZE", "COPIES_MAX", "EGGS_MAX", "PILE_TAMERS", "PILE_EGGS", "PILE_SIZE", "RULES"}
    assert rules.PILE_SIZE == (6, 12) and rules.PILE_TAMERS == (4, 7) and rules.PILE_EGGS == (2, 5)


def test_every_rule_cites_its_clause():
    assert set(rules.RULES) == {"CR 1-4-1-1", "CR 1-4-1-2-1", "CR 1-4-1-2-2", "CR 1-4-1-3-1", "CR 1-4-1-3-2",
                                "CR 1-4-4-2", "CR 2-3-4-5-1", "CR 2-3-4-6-1", "CR 2-12-1", "TT §1.1", "TT §1.2"}
    source = (PACKAGE / "engine" / "decks.py").read_text(encoding="utf-8")
    for constant in ("MAIN_SIZE", "COPIES_MAX", "EGGS_MAX", "PILE_TAMERS", "PILE_TAMER_COPIES", "PILE_EGGS", "PILE_SIZE"):
        line = next(ln for ln in source.splitlines() if ln.startswith(f"{constant} = "))
        assert "# CR 1-4-" in line or "# TT §1." in line, line


def test_the_engine_layer_imports_nothing_above_it():
    assert {m for m in imports_of(PACKAGE / "engine" / "decks.py") if not m.startswith("judgebase.engine")} == set()


def test_the_deck_module_knows_nothing_of_sources_or_builds():
    imported = imports_of(PACKAGE / "deck.py")
    # The engine's deck rules, and the YAML reader that keeps line numbers (a leaf module that happens to live in
    # corpus; importing it runs corpus/__init__, which reaches no build, store or default database: checked below),
    # and the message catalogue (base layer, a dict of words) that words the problems in es/en/de.
    assert imported <= {"judgebase.engine.decks", "judgebase.yamlsrc", "judgebase.i18n"}, imported
    assert not hasattr(decklib, "default_restrictions_path")
    code = ("import sys; from pathlib import Path; from judgebase import deck\n"
            "deck.check_text(Path('tests/decks/official_legal.txt').read_text(), 't', "
            "restrictions=deck.load_restrictions('rules/restrictions.yaml'))\n"
            "print(sorted(m for m in sys.modules if m.startswith('judgebase.') and m.split('.')[1] in "
            "('defaults', 'build', 'store', 'db', 'search', 'web', 'cli', 'serve', 'deck_cli')))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60,
                          cwd=PACKAGE.parent)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"


def test_the_restriction_list_is_an_argument():
    text = (Path(__file__).parent / "decks" / "official_legal.txt").read_text(encoding="utf-8")
    result = decklib.check_text(text, "t")
    assert result.legal and result.restrictions is None
    assert any("no restriction list was given" in w.message for w in result.warnings)
    listed = decklib.Restrictions(banned=["BT1-010"], label="mine")
    result = decklib.check_text(text, "t", restrictions=listed)
    assert [p.rule for p in result.problems] == ["restriction list (mine)"]


def test_the_engine_checks_the_tamer_tactics_pile_size_and_contents():
    categories = {"d": "digimon", "x": "digimon"} | {f"t{i}": "tamer" for i in range(7)} | {"e1": "digi-egg", "e2": "digi-egg"}
    pile = [f"t{i}" for i in range(7)] + ["e1"] * 3 + ["e2"] * 2 + ["x"]  # 7 Tamers, 5 Digi-Eggs and a Digimon: 13
    problems = tamer_tactics_problems(["d"] * 50, pile, categories)
    assert [ref for _, ref in problems] == ["TT §1.1", "TT §1.2", "TT §1.2"]
    assert "13 cards" in problems[-1][0] and "6 to 12" in problems[-1][0]
    assert "x" in problems[1][0]  # the Digimon in the pile


def test_the_engine_finds_digi_eggs_outside_the_digi_egg_deck():
    deck = ["e"] + [f"c{i}" for i in range(49)]
    categories = {"e": "digi-egg", "t": "tamer"} | {f"c{i}": "digimon" for i in range(49)}
    assert deck_problems(deck, [], categories=categories) == [
        ("1 × e is a digi-egg in the main deck", "CR 1-4-1-1")]
    assert [ref for _, ref in deck_problems([f"c{i}" for i in range(49)] + ["c0"], ["t"], categories=categories)] == [
        "CR 1-4-1-1"]


_CATEGORY = {"digimon": "Digimon", "tamer": "Tamer", "option": "Option", "digi-egg": "Digi-Egg"}


def _as_list(main: list[str], other: list[str], numbers: dict[str, str], tt: bool) -> str:
    """A plain-text list with zone headers only: categories come from the card file."""
    lines = ["Main deck"] + [f"{n} {numbers[name]}" for name, n in Counter(main).items()]
    lines += ["Tamer+Digi-Egg pile" if tt else "Digi-Egg deck"] + [f"{n} {numbers[name]}" for name, n in Counter(other).items()]
    return "\n".join(lines) + "\n"


def _mutations(rng: random.Random, main: list[str], other: list[str], cats: dict[str, str], tt: bool):
    by = {c: [n for n in cats if cats[n] == c] for c in _CATEGORY}
    yield main, other
    yield main[:-1], other
    yield main + [main[0]], other
    yield main[:-1] + [main[0]] * 4, other
    yield main, other + other[:1] * rng.randint(1, 6)
    yield main, other[:1]
    yield main[:-1] + by["digi-egg"][:1], other
    yield main, other + by["digimon"][:1]
    yield main, other + by["option"][:2]
    if tt:
        yield main[:-1] + by["tamer"][:1], other
        yield main, other + [n for n in other if cats[n] == "tamer"][:1]
        yield main, [n for n in other if cats[n] != "tamer"][:2] + [n for n in other if cats[n] == "tamer"]
        yield main, other + [n for n in other if cats[n] == "digi-egg"] * 2
    else:
        yield main, other + by["tamer"][:1]
    yield main[: rng.randint(0, 50)], other[: rng.randint(0, len(other))]


@pytest.mark.parametrize("tt", [False, True], ids=["official", "tamer_tactics"])
def test_the_engine_and_the_deck_check_agree(tt):
    """Random real-looking decks and broken variants: both name the same broken rules."""
    make = random_tamer_tactics_config if tt else random_game_config
    fmt = "tamer_tactics" if tt else "official"
    compared = 0
    for seed in range(12):
        config = make(seed)
        cats = {name: spec["category"] for name, spec in config["cards"].items()}
        numbers = {name: f"BT{1 + i // 100}-{i % 100:03d}" for i, name in enumerate(sorted(cats))}
        cards = {numbers[n]: decklib.Card(numbers[n], "", _CATEGORY[c]) for n, c in cats.items()}
        rng = random.Random(seed)
        for player in config["players"]:
            for main, other in _mutations(rng, player["deck"], player["eggs"], cats, tt):
                if tt:
                    engine = {ref for _, ref in tamer_tactics_problems(main, other, cats)}
                else:
                    engine = {ref for _, ref in deck_problems(main, other, categories=cats)}
                checked = decklib.check(decklib.parse(_as_list(main, other, numbers, tt), "t", cards), fmt, cards)
                assert {p.ref for p in checked.problems} == engine, (seed, main, other, checked.problems)
                compared += 1
    assert compared >= 12 * 2 * 10
