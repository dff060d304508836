"""Fuzzing every door a user or a source file opens: search, clause, ruling, deck check, scenario files.

Over 1,000 generated inputs in all; each must end with a message or an answer (never a
traceback) within a time bound. Inputs include bytes that aren't UTF-8, stray quotes
and query operators, lone surrogates, control characters and very long strings.
"""

from __future__ import annotations

import os
import random
import time

from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from conftest import ROOT
from judgebase.cli import cli

TIME_BOUND = 3.0  # seconds per input, generous for a shared 2-core machine
FUZZ = settings(max_examples=250, deadline=None, database=None, derandomize=True,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])

FRAGMENTS = ["6-1-4", "RM 8-1-3", "CR8-1-3-3", "§2.2", "TT 2.2", "LEG 3.4", "Q42", "QA Q7", "v4.0 3-1-3", "5-2-1-4/5",
             '"', "'", "*", "?", "OR", "AND", "NOT", "(", ")", "~2", "^3", ":", "body_es:", "[", "]", "{", "}", "\\",
             "blocker", "bloquear", "digitieren", "Sicherheit", "진화", "seguridad", "<Blitz>", "-", "--", "%", "\x00",
             "\u202e", "\ufeff", "\U0001F600", " ", "\t", "\n", "ÄÖÜß", "ñ", "9" * 50]


def _bytes_argument(data: bytes) -> str:
    """What a program receives in argv for arbitrary bytes (surrogate-escaped)."""
    return os.fsdecode(data.replace(b"\0", b""))


arguments = st.one_of(
    st.lists(st.sampled_from(FRAGMENTS), min_size=1, max_size=8).map(" ".join),
    st.text(min_size=1, max_size=60),
    st.binary(min_size=1, max_size=40).map(_bytes_argument),
    st.text(alphabet=st.sampled_from("6-1.4§ "), min_size=1, max_size=400),
)


def _invoke(args):
    started = time.perf_counter()
    result = CliRunner().invoke(cli, args)
    elapsed = time.perf_counter() - started
    assert result.exception is None or isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert "Traceback" not in result.output, args
    assert elapsed < TIME_BOUND, (args, elapsed)
    return result


@FUZZ
@given(query=arguments, lang=st.sampled_from([None, "es", "en", "de", "ko"]))
def test_search(query, lang, db_path):
    args = ["search", query, "--db", str(db_path)] + (["--lang", lang] if lang else [])
    assert _invoke(args).exit_code in (0, 1, 2)


@FUZZ
@given(ref=arguments)
def test_clause(ref, db_path):
    assert _invoke(["clause", ref, "--json", "--db", str(db_path)]).exit_code in (0, 1, 2)


@FUZZ
@given(rid=arguments)
def test_ruling(rid, db_path):
    assert _invoke(["ruling", rid, "--db", str(db_path)]).exit_code in (0, 1, 2)


DECK_LINES = ["4 BT1-010", "4x BT1-010 Agumon", "BT1-010 x4", "Digi-Egg deck", "[Main deck]", "// comment", "# Tamers",
              "99999999999999999999 BT1-010", "4 bt1-O10", "-1 BT1-010", "4 ST1-01", "{", "[", "]", '"', "4 BT1010",
              "A" + " " * 300 + "!", "\ufeff", "\x00", "☃ 4 BT1-010", "Main Deck (50)"]


@FUZZ
@given(lines=st.lists(st.one_of(st.sampled_from(DECK_LINES), st.text(max_size=40)), max_size=60),
       encoding=st.sampled_from(["utf-8", "utf-16", "utf-8-sig", "latin-1"]),
       fmt=st.sampled_from(["official", "tamer_tactics"]))
def test_deck_check(lines, encoding, fmt, tmp_path_factory):
    path = tmp_path_factory.mktemp("deck") / "list.txt"
    path.write_bytes("\n".join(lines).encode(encoding, "surrogatepass" if encoding.startswith("utf") else "replace"))
    assert _invoke(["deck", "check", str(path), "--format", fmt]).exit_code in (0, 1, 2)


SCENARIOS = sorted((ROOT / "rulings").glob("*/scenarios/*.yaml"))


def _mutate(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    for _ in range(rng.randint(1, 4)):
        if not lines:
            break
        i = rng.randrange(len(lines))
        choice = rng.randrange(6)
        if choice == 0:
            del lines[i]
        elif choice == 1:
            lines.insert(i, lines[rng.randrange(len(lines))])
        elif choice == 2:
            key = lines[i].split(":", 1)[0]
            lines[i] = f"{key}: {rng.choice(['5', '[]', '{}', '~', '-1', '2020-13-45', '*x', '&a [*a]', '9' * 5000, ''])}"
        elif choice == 3:
            lines[i] = lines[i][: rng.randrange(len(lines[i]) + 1)]
        elif choice == 4:
            lines[i] = " " * rng.randrange(8) + lines[i]
        else:
            lines[i] = lines[i].replace(rng.choice(["p1", "p2", "main", "Agumon", "CR", "true"]), rng.choice(["p3", "", "??", "CR 99-9"]))
    return "\n".join(lines) + "\n"


@FUZZ
@given(index=st.integers(0, len(SCENARIOS) - 1), seed=st.integers(0, 2**32))
def test_scenario_files(index, seed, tmp_path_factory):
    source = SCENARIOS[index]
    folder = tmp_path_factory.mktemp("scenario")
    path = folder / source.name
    path.write_text(_mutate(source.read_text(encoding="utf-8"), random.Random(seed)), encoding="utf-8")
    result = _invoke(["verify", str(path)])
    assert result.exit_code in (0, 1)
    if result.exit_code == 1 and "FAIL" not in result.output:
        assert f"{path}:" in result.output, result.output  # a bad file says where
