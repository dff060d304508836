"""The quick entry point: `clause` and `search` answered without click, exactly as click answers them."""

from __future__ import annotations

import subprocess
import sys

import pytest

from judgebase import entry


def _quick(args, capsys) -> str | None:
    """What the quick path prints for ``args``, or None when it leaves them to click."""
    capsys.readouterr()
    answered = entry.quick(list(args))
    out = capsys.readouterr().out
    if not answered:
        assert out == "", "nothing may be printed before handing over to click"
        return None
    return out


@pytest.mark.parametrize("args", [
    ["clause", "8-1-3-3"],
    ["clause", "CR 8-2-2-1-1", "--lang", "de"],
    ["clause", "--json", "§2.2"],
    ["clause", "LEG 3.4", "--lang=es", "--version", "4.2"],
    ["search", "6-1-4"],
    ["search", "blocker", "propio", "objetivo"],
    ["search", "bloquear", "--lang", "es", "--json", "--limit", "8"],
    ["search", "--ruleset", "tamer_tactics", "attack", "--kind=ruling"],
    ["search", "digivolusionar area de cria", "--limit=3"],
    ["search", "7-9", "--limit", "3"],
    ["search", "protected card"],
    ["search", "--db", "{db}", "--", "--wie", "oft", "angreifen"],
])
def test_the_quick_path_prints_what_click_prints(args, db_path, run_cli, capsys):
    given = "{db}" in args
    args = [str(db_path) if a == "{db}" else a for a in args]
    quick = _quick(args + ([] if given else ["--db", str(db_path)]), capsys)
    assert quick is not None, "these arguments are the quick path's"
    result = run_cli(*args, db=not given)
    assert result.exit_code == 0
    assert quick == result.output


@pytest.mark.parametrize("args", [
    ["search", "--help"],
    ["clause", "99-99"],                      # not found: click says so, with the nearest clauses
    ["clause", "not a ref"],
    ["clause", "3-4-4", "--version", "4.0"],  # an older version's number: click maps it
    ["clause", "8-1-3-3", "6-1-4"],
    ["search", "\"' ()"],                     # nothing to search for: a usage error
    ["search", "blocker", "--limit", "0"],
    ["search", "blocker", "--limit", "2_0x"],
    ["search", "blocker", "--kind", "Clause"],
    ["search", "blocker", "--lang", "fr"],
    ["search", "blocker", "--json=yes"],
    ["search", "blocker", "--json", "--json"],
    ["search", "blocker", "-5"],
    ["search", "blocker", "--lim", "3"],
    ["search"],
    ["ruling", "off-000-faq-01-block-own-target"],
    ["build"],
    [],
])
def test_anything_else_goes_to_click(args, db_path, capsys):
    assert _quick(args + ["--db", str(db_path)], capsys) is None


def test_a_missing_database_goes_to_click(tmp_path, capsys):
    assert _quick(["search", "blocker", "--db", str(tmp_path / "none.db")], capsys) is None


def test_clause_and_search_start_without_click(db_path):
    code = ("import sys; from judgebase.entry import main; "
            f"main(['clause', '8-1-3-3', '--db', {str(db_path)!r}]); "
            f"main(['search', 'bloquear con el digimon atacado', '--db', {str(db_path)!r}]); "
            "heavy = [m for m in ('click', 'whoosh', 'hashlib', 'dataclasses', 'shutil') if m in sys.modules]; "
            "assert not heavy, heavy")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    assert "CR 8-1-3-3" in result.stdout and "off-000-faq-01-block-own-target" in result.stdout


def test_errors_still_read_as_click_writes_them(db_path):
    """Handed over, an error exits as it always has: usage errors 2, not found 1, no traceback."""
    for args, code, text in ((["search", "\"' ()"], 2, "nothing to search for"),
                             (["clause", "99-99"], 1, "Nearest:"),
                             (["search", "blocker", "--limit", "0"], 2, "Invalid value for '--limit'")):
        result = subprocess.run([sys.executable, "-m", "judgebase", *args, "--db", str(db_path)],
                                capture_output=True, text=True, timeout=60)
        assert result.returncode == code, (args, result.stderr)
        assert text in result.stderr and "Traceback" not in result.stderr


def test_the_quick_reader_knows_exactly_the_click_commands_options():
    """An option added to `clause` or `search` in cli.py must be added to entry.py too (or the quick path
    would hand it to click, correct but slow; or, worse, take an option click has dropped)."""
    import click

    from judgebase.cli import cli

    for name, spec in entry._OPTIONS.items():
        command = cli.commands[name]
        options = {opt: p for p in command.params if isinstance(p, click.Option) for opt in p.opts}
        assert set(options) == set(spec), name
        for opt, kind in spec.items():
            param = options[opt]
            if isinstance(kind, tuple):
                assert tuple(param.type.choices) == kind, opt
            elif kind is int:
                assert (param.type.min, param.type.max, param.default) == (1, 200, 10), opt
            elif kind is entry._FLAG:
                assert param.is_flag, opt
