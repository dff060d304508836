"""YAML sources, scenarios and restriction lists share one loader: bounded, and always path:line."""

from __future__ import annotations

import time

import pytest
from click.testing import CliRunner

from judgebase.cli import cli
from judgebase import yamlsrc


def _laughs(levels: int = 9) -> str:
    """A few hundred bytes whose aliases expand ninefold per level."""
    lines = ['a0: &a0 ["x", "x", "x", "x", "x", "x", "x", "x", "x"]']
    for i in range(1, levels):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * 9) + "]")
    return "\n".join(lines) + "\n"


# Exponential expansions would run for minutes and eat the memory: a hang guard, not a speed target.
HANG = 20


HOSTILE = {
    "nested aliases": (_laughs(), "aliases expand"),
    "alias to itself": ("a: &a [1, *a]\n", "refers to the mapping or list that contains it"),
    "3,000-deep flow nesting": ("[" * 3000 + "]" * 3000 + "\n", "levels deep"),
    "3,000-deep block nesting": ("".join(" " * i + "k:\n" for i in range(3000)), "levels deep"),
    "month 13": ("when: 2020-13-45\n", "month must be in 1..12"),
    "30 February": ("when: 2020-02-30\n", "day is out of range"),
    "huge integer": ("n: " + "9" * 5000 + "\n", "too long"),
}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_hostile_yaml_is_a_line_numbered_error_in_bounded_time(name):
    text, words = HOSTILE[name]
    started = time.perf_counter()
    with pytest.raises(yamlsrc.YamlError) as info:
        yamlsrc.load(text, first_line=3)
    assert time.perf_counter() - started < HANG
    assert words in str(info.value)
    assert info.value.line >= 3


def test_a_small_laughs_file_is_refused_quickly():
    text = _laughs()
    assert len(text) < 600
    started = time.perf_counter()
    with pytest.raises(yamlsrc.YamlError):
        yamlsrc.load(text)
    assert time.perf_counter() - started < HANG


def test_ordinary_aliases_still_work():
    data = yamlsrc.load("base: &b {level: 3, dp: 4000}\ncard: *b\n")
    assert data["card"] == {"level": 3, "dp": 4000}


@pytest.mark.parametrize("name", sorted(HOSTILE))
def test_verify_reports_a_hostile_scenario_as_file_line(tmp_path, name):
    text, _ = HOSTILE[name]
    path = tmp_path / "bad.yaml"
    path.write_text("description: hostile\n" + text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 1
    assert "Traceback" not in result.output and result.exception is None or isinstance(result.exception, SystemExit)
    assert f"{path}:" in result.output


@pytest.mark.parametrize("name", ["nested aliases", "huge integer", "month 13"])
def test_deck_restrictions_file_that_is_hostile(tmp_path, name):
    text, _ = HOSTILE[name]
    deck = tmp_path / "deck.txt"
    deck.write_text("4 BT1-010\n", encoding="utf-8")
    restrictions = tmp_path / "restrictions.yaml"
    restrictions.write_text(text, encoding="utf-8")
    result = CliRunner().invoke(cli, ["deck", "check", str(deck), "--restrictions", str(restrictions)])
    assert result.exit_code == 2
    assert isinstance(result.exception, SystemExit)
    assert str(restrictions) in result.output
