"""Fuzz the deck check with generated hostile lists (no hypothesis: a seeded generator).

At least 300 inputs, each a random mix of valid lines, junk, huge numbers, Unicode
(lone surrogates, bidi overrides, zero-width and line-separator characters), control
characters, long runs of spaces and brackets, and JSON fragments; as text, as JSON
documents and as bytes.  Each must be parsed and checked in under a second and may
raise nothing but DeckInputError; what comes out must be printable and encodable.
"""

from __future__ import annotations

import codecs
import json
import random
import subprocess
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from judgebase import deck as decklib
from judgebase.cli import cli

INPUTS = 360

VALID = [
    "4 Agumon BT1-010", "4 BT1-011", "4x Gabumon (BT1-012)", "4 x Name [BT1-013]", "Name BT1-014 x4", "- 4 Name BT1-015",
    "4 bt1-016 # comment", "4 BT1-017_P1 // parallel", "1 Tamer BT1-084", "2 P-001", "3 ST1-01", "1 Gear Token",
    "Main deck", "Digimon (32)", "Tamers: 4", "Options", "Digi-Egg deck (5)", "Tamer+Digi-Egg pile (9):", "[Digimon]",
    "Eggs", "Deck list", "#", "//", "", "4 Agumon BT1-O10", "4 BT1010",
]
JSON_BITS = ['{', '}', '[', ']', ',', ':', '"', '{"count": 4, "number": "BT1-010"}', '"main": [', '{"count": ',
             '"\\ud800"', '"\\u0000"', '1e999', 'NaN', 'true', 'null', '"section": "Tamers"', '"category": 5', '[[[[', ']]]]']
ODD_CHARS = ["\ud800", "\udfff", "\u202e", "\u2066", "\u200b", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\r",
             "\t", "\x00", "\x1b[31m", "\x7f", "\x9b", "\ufeff", "×", "•", "\u4e2d", "\U0001f600", "Ö", "٤", "４"]


def _piece(rng: random.Random) -> str:
    kind = rng.randrange(9)
    if kind <= 2:
        return rng.choice(VALID)
    if kind == 3:
        return "".join(chr(rng.randrange(32, 127)) for _ in range(rng.randint(0, 40)))
    if kind == 4:
        digits = "".join(rng.choice("0123456789") for _ in range(rng.choice([3, 30, 4301, 6000])))
        return rng.choice([f"{digits} Agumon BT1-010", f"Agumon BT1-010 x{digits}", f"Main deck ({digits})", digits,
                           f"{digits}x BT1-010", f'{{"count": {digits}, "number": "BT1-010"}}'])
    if kind == 5:
        return "".join(rng.choice(ODD_CHARS + list("4 AgumonBT1-010")) for _ in range(rng.randint(1, 30)))
    if kind == 6:
        return rng.choice(JSON_BITS) * rng.randint(1, 3)
    if kind == 7:
        pad = rng.choice([" ", "(", "[", "-", "x", ":", "\t", "4"]) * rng.randint(50, 5000)
        return rng.choice(["A", "[A", "4 A", "Digimon", "4"]) + pad + rng.choice(["!", "]", ")", "", "BT1-010"])
    return "".join(chr(rng.randrange(0x20, 0x3000)) for _ in range(rng.randint(1, 20)))


def _json_value(rng: random.Random, depth: int = 0):
    kind = rng.randrange(7 if depth < 4 else 4)
    if kind == 0:
        return _piece(rng)
    if kind == 1:
        return rng.choice([4, -1, 0, 10 ** rng.randint(1, 60), 4.0, True, None])
    if kind == 2:
        return {"count": rng.choice([4, "4", 10 ** 40, None, [4]]), "number": rng.choice(["BT1-010", "BT1-O10", _piece(rng)]),
                "name": rng.choice(["Agumon", _piece(rng), 7, ["x"]]), "section": rng.choice(["Tamers", "Sideboard", 3])}
    if kind == 3:
        return rng.choice(VALID)
    if kind == 4:
        return [_json_value(rng, depth + 1) for _ in range(rng.randint(0, 6))]
    if kind == 5:
        return {rng.choice(["main", "eggs", "pile", "tamers", _piece(rng)]): [_json_value(rng, depth + 1) for _ in range(3)]}
    return {"format": _piece(rng), "deck": [_json_value(rng, depth + 1)]}


def generate(seed: int):
    """One hostile input: text (str) or bytes."""
    rng = random.Random(seed)
    shape = rng.randrange(6)
    if shape <= 2:
        separator = rng.choice(["\n", "\r\n", "\r", "\n\n", "\u2028"])
        text = separator.join(_piece(rng) for _ in range(rng.randint(1, 40)))
        return rng.choice(["", "Digimon\n", "{", "[", "\ufeff"]) + text
    if shape == 3:
        return json.dumps(_json_value(rng), ensure_ascii=rng.random() < 0.5)
    if shape == 4:
        text = "\n".join(_piece(rng) for _ in range(rng.randint(1, 20)))
        codec = rng.choice(["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-32", "latin-1"])
        data = text.encode(codec, errors="surrogatepass" if codec.startswith("utf") else "replace")
        return data[: rng.randint(0, len(data))] if rng.random() < 0.3 else data
    return "".join(_piece(rng) for _ in range(rng.randint(1, 30)))  # no line breaks at all


def _printable(text: str) -> bool:
    return not any(c in text for c in "\x00\x1b\x7f\x9b\u202e\u2066") and not any("\ud800" <= c <= "\udfff" for c in text)


NONE = Path(__file__).parent / "decks" / "none.yaml"
CARDS = {"BT1-010": decklib.Card("BT1-010", "Agumon", "Digimon"), "BT1-084": decklib.Card("BT1-084", "Tamer", "Tamer")}


def fuzz_block(block: int) -> int:
    """Check one quarter of the inputs; returns how many were checked (both formats)."""
    count = 0
    for seed in range(block * INPUTS // 4, (block + 1) * INPUTS // 4):
        data = generate(seed)
        for fmt in decklib.FORMATS:
            cards = CARDS if seed % 3 == 0 else None
            started = time.perf_counter()
            try:
                text = decklib.decode(data, "fuzz") if isinstance(data, bytes) else data
                result = decklib.check(decklib.parse(text, "fuzz", cards), fmt, cards)
            except decklib.DeckInputError as exc:
                assert exc.messages and all(m.startswith("fuzz") for m in exc.messages), exc.messages
                assert all(_printable(m) and len(m) < 1000 for m in exc.messages), exc.messages
                continue
            finally:
                took = time.perf_counter() - started
                assert took < 20.0, (seed, fmt, took)  # a hang guard; speed is bench/deck.py's
            assert result.legal is False or result.counts["main"] == decklib.MAIN_SIZE
            json.dumps(result.as_json(), ensure_ascii=False).encode("utf-8")  # no lone surrogate anywhere
            shown = [decklib.summary_line(result)] + [p.render("fuzz") for p in result.problems]
            shown += [w.render("fuzz") for w in result.warnings]
            assert all(_printable(line) for line in shown), (seed, [s for s in shown if not _printable(s)])
            assert result.counts["total"] == sum(c["count"] for c in result.cards)
            count += 1
    return count


@pytest.mark.parametrize("block", range(4))
def test_hostile_lists_never_crash_or_hang(block):
    # In a child process: a regex that backtracks without end is one C call no signal can stop,
    # so a timeout that kills the process is what turns such a hang into a failure.
    code = f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import test_deck_fuzz as t; print(t.fuzz_block({block}))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout) > INPUTS // 8


def test_at_least_300_inputs():
    assert INPUTS >= 300
    kinds = {"text": 0, "bytes": 0, "json": 0}
    for seed in range(INPUTS):
        data = generate(seed)
        kinds["bytes" if isinstance(data, bytes) else "json" if data[:1] in ("[", "{") else "text"] += 1
    assert all(n >= 30 for n in kinds.values()), kinds


def cli_block(folder: str) -> int:
    """Every 12th input through `judgebase deck check` (text and --json); returns how many runs."""
    runner = CliRunner()
    path = Path(folder) / "fuzz.txt"
    runs = 0
    for seed in range(0, INPUTS, 12):
        data = generate(seed)
        path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8", errors="surrogatepass"))
        for args in ([str(path)], [str(path), "--json", "--format", "tamer_tactics"]):
            result = runner.invoke(cli, ["deck", "check", *args, "--restrictions", str(NONE)])
            assert result.exit_code in (1, 2), (seed, result.output[-500:], result.exception)
            assert isinstance(result.exception, SystemExit) and "Traceback" not in result.output, (seed, result.exception)
            runs += 1
    return runs


def test_hostile_lists_through_the_command(tmp_path):
    code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); import test_deck_fuzz as t; "
            f"print(t.cli_block({str(tmp_path)!r}))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout) == 2 * len(range(0, INPUTS, 12))


def test_byte_order_marks_in_the_generator_are_read():
    assert decklib.decode(codecs.BOM_UTF16_LE + "4 BT1-010\n".encode("utf-16-le"), "t") == "4 BT1-010\n"


def test_the_one_match_reading_agrees_with_the_general_one():
    """Common card lines are read with one regex match; whatever it reads, the general reading reads the same."""
    from judgebase.deck import _collapse, _read_card_line

    rng = random.Random(11)
    words = ["4", "x", "X", "×", "Agumon", "Agu-mon", "BT1-010", "bt1-010", "(BT1-010)", "-", "Gear", "Token", "99", "0",
             "04", "Agumon's", "St. Name", "BT1-010_P1", "x4", "|", ",", ":", "BT1-011", "Ö", "٤", "P-001", "ST1-01"]
    lines = [" ".join(rng.choice(words) for _ in range(rng.randint(1, 5))) for _ in range(20_000)]
    lines += [line for seed in range(INPUTS) if isinstance(generate(seed), str) for line in generate(seed).splitlines()]
    compared = 0
    for line in map(_collapse, lines):
        if line:
            fast, general = _read_card_line(line), _read_card_line(line, fast=False)
            if fast[0] == 0 or general[0] == 0:  # _CARD
                assert fast == general, line
                compared += 1
    assert compared > 1500
