"""Deck lists as hostile input: time, size, numbers, encodings, and honest totals.

Each test here failed on the deck check before it was hardened (regexes that
backtracked for hours, quadratic counting, tracebacks on huge numbers, CSV fields,
surrogates and UTF-16, totals that hid unreadable lines).  Timing bounds are
generous (the machine is shared); a quadratic or catastrophic case misses them by
orders of magnitude, and is cut short so that it fails instead of hanging.
"""

from __future__ import annotations

import codecs
import json
import signal
import subprocess
import sys
import textwrap
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from click.testing import CliRunner

from judgebase import deck as decklib
from judgebase.cli import cli

DECKS = Path(__file__).parent / "decks"
NONE = str(DECKS / "none.yaml")  # an empty restriction list
LEGAL = (DECKS / "official_legal.txt").read_text(encoding="utf-8")


def run(*args, input=None):
    return CliRunner().invoke(cli, ["deck", "check", *args], input=input, catch_exceptions=False)


def write(tmp_path, name, data):
    path = tmp_path / name
    if isinstance(data, bytes):
        path.write_bytes(data)
    else:
        path.write_text(data, encoding="utf-8")
    return str(path)


# A guard against hangs (the quadratic and backtracking cases took minutes to hours), not a
# speed target: the speed of these lists is measured by bench/deck.py, where noise can't fail CI.
HANG = 60


@contextmanager
def deadline(seconds: float):
    """Fail (TimeoutError) instead of hanging when Python-level work takes far too long."""
    def expired(signum, frame):
        raise TimeoutError(f"more than {seconds} s")

    old = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def elapsed(text: str, fmt: str = "official") -> float:
    started = time.perf_counter()
    decklib.check(decklib.parse(text, "t"), fmt)
    return time.perf_counter() - started


# ---------------------------------------------------------------------------
# 1. Regexes: linear in the line's length

# Run in a child process: a backtracking regex is one C call that no signal interrupts,
# so the only way to fail instead of hanging is to kill the process.
_LONG_LINES = textwrap.dedent("""
    import json, time
    from judgebase import deck
    spaces = [300, 2_000, 1_000_000]
    cases = []
    for n in spaces:
        pad = " " * n
        cases += ["A" + pad + "!", "[A" + pad + "!", "[A" + pad + "]x", "4 A" + pad + "x", "Main" + pad + "(1" + pad,
                  "Digimon" + pad + ":" + pad + "5" + pad + "cards" + pad + "!", "4" + pad + "x" + pad + "!",
                  "A" + pad + "x" + pad + "!", "- " + "- " * (n // 2) + "!", "A" + "(" * n, "4 " + "BT1-" * (n // 4)]
    worst = 0.0
    for line in cases:
        started = time.perf_counter()
        deck.header_of(line)
        for text in (line + "\\n" + line, json.dumps({line: [line], "main": [line, {"count": 1, "number": line, "name": line,
                                                                                     "section": line, "category": line}]})):
            try:
                deck.check(deck.parse(text, "t"))
            except deck.DeckInputError:  # "[A..." is broken JSON; 1 MB x 7 is over 10 MB
                pass
        worst = max(worst, time.perf_counter() - started)
    print(worst)
""")


def test_long_lines_of_spaces_and_brackets_are_read_in_linear_time():
    # Before: `A`, 300 spaces and `!` took 24 s in the header regex; a 2 KB line took hours.
    done = subprocess.run([sys.executable, "-c", _LONG_LINES], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]  # a backtracking regex hangs past the timeout


def test_a_header_line_of_300_spaces_in_process():
    line = "A" + " " * 300 + "!"
    with deadline(HANG):
        assert decklib.header_of(line) is None
        result = decklib.check_text("Digimon\n" + line + "\n[A" + " " * 300 + "!\n", "t")
    assert result.counts["unreadable"] == 2


@pytest.mark.parametrize("header, what, count", [
    ("Main deck 50 cards", ("zone", "main"), 50), ("[Digimon (30)]:", ("category", "Digimon"), 30),
    ("Tamer + Digi-Egg pile (9):", ("zone", "pile"), 9), ("Digi-Egg deck: [5 cards]", ("zone", "eggs"), 5),
    ("  Options   :   12  ", ("category", "Option"), 12), ("tamers:4", ("category", "Tamer"), 4),
])
def test_header_shapes_are_still_read(header, what, count):
    assert decklib.header_of(header) == (what, count)


@pytest.mark.parametrize("line", ["Digimon 30)(", "Sideboard (4)", "Digimon (4) extra", "A" * 81, "Digimon ()"])
def test_lines_that_only_look_like_headers_are_not_headers(line):
    assert decklib.header_of(line) is None


# ---------------------------------------------------------------------------
# 2. Counting: linear in the list's size


def test_40000_repeated_lines_in_well_under_a_second():
    text = "4 Agumon BT1-010\n" * 40_000  # before: 9.5 s
    with deadline(HANG):
        elapsed(text)
    result = decklib.check_text(text, "t")
    assert result.counts["total"] == 160_000 and result.counts["unreadable"] == 0
    problem = next(p for p in result.problems if "copies of BT1-010" in p.message)
    assert "(lines 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 and 39,990 more)" in problem.message and problem.line == 1


def test_100000_entry_json_list_in_seconds_not_minutes():
    text = "[\n" + ",\n".join(['{"count": 1, "number": "BT1-010"}'] * 100_000) + "\n]"  # before: over a minute
    with deadline(HANG):
        elapsed(text)
    result = decklib.check_text(text, "t")
    assert result.counts["unsorted"] == 100_000
    assert result.cards[-1]["line"] == 100_001  # line numbers are still exact


def _ten_mb(line: str) -> str:
    return line * (10_000_000 // len(line))


@pytest.mark.parametrize("name, text", [
    ("repeated card lines", _ten_mb("4 Agumon BT1-010\n")),
    ("a legal list pasted over and over", _ten_mb(LEGAL + "\n")),
    ("distinct card lines", "".join(f"{i % 4 + 1} Card{i} BT{i % 24 + 1}-{i % 120:03d}\n" for i in range(465_000))),
    ("junk lines", "".join(f"junk {i} ;; BT1O{i % 100:02d}\n" for i in range(440_000))),
    ("JSON entries", "[" + ",\n".join(['{"count": 1, "number": "BT1-010", "name": "Agumon"}'] * 188_000) + "]"),
    ("JSON strings", json.dumps(["4 Agumon BT1-010"] * 500_000)),
    ("one long line", "4 Agumon " + "x" * 9_999_000 + " BT1-010"),
    ("blank lines", "4 BT1-010\n" + "\n" * 9_999_000),
])
def test_a_10_mb_list_is_checked_without_hanging(name, text):
    assert len(text.encode()) <= 10_000_000
    with deadline(HANG):
        elapsed(text)


def _best_time(text: str, rounds: int = 5) -> float:
    """The fastest of a few runs: what the work costs, with the noise of a shared machine left out."""
    return min(elapsed(text) for _ in range(rounds))


@pytest.mark.parametrize("n, shape", [
    (60_000, lambda n: "4 Agumon BT1-010\n" * n),
    (60_000, lambda n: "Digimon (4)\n4 BT1-010\n" * (n // 2)),
    (20_000, lambda n: "".join(f"{i % 4 + 1} Card{i} BT{i % 24 + 1}-{i % 120:03d}\n" for i in range(n))),
    (20_000, lambda n: "[" + ",\n".join(['{"count": 1, "number": "BT1-010"}'] * n) + "]"),
    (40_000, lambda n: json.dumps({"main": ["4 Agumon BT1-010"] * n})),
], ids=["repeated", "headers", "distinct", "json-entries", "json-strings"])
def test_parse_and_check_grow_linearly(n, shape):
    """t(4n) / t(n) is about 4 when the work is linear and 16 when it is quadratic."""
    with deadline(90):
        small, large = _best_time(shape(n)), _best_time(shape(4 * n))
    assert large / small < 10, f"t(n) = {small:.3f} s, t(4n) = {large:.3f} s"


def test_lists_over_10_mb_are_refused_unread(tmp_path):
    big = b"4 Agumon BT1-010\n" * 700_000  # 11.9 MB
    with deadline(30):  # refused unread: no time at all
        result = run(write(tmp_path, "big.txt", big), "--restrictions", NONE)
    assert result.exit_code == 2 and "more than 10 MB" in result.output and "Traceback" not in result.output
    result = run("-", "--restrictions", NONE, input=big)
    assert result.exit_code == 2 and "<stdin>: more than 10 MB" in result.output
    with pytest.raises(decklib.DeckInputError, match="more than 10 MB"):
        decklib.parse(big.decode(), "t")
    with pytest.raises(decklib.DeckInputError, match="t: more than 10 MB"):
        decklib.decode(big, "t")


# ---------------------------------------------------------------------------
# 3. Numbers, CSV fields, surrogates, encodings: clear messages, never a traceback


@pytest.mark.parametrize("text", [
    "4" * 5000 + " Agumon BT1-010",
    "Agumon BT1-010 x" + "9" * 5000,
    "4" * 5000 + "x Agumon BT1-010",
    "- " + "7" * 4301 + " BT1-010",
    "100 Agumon BT1-010",
    "0" * 5000 + "100 BT1-010",
])
def test_an_absurd_count_is_not_a_plausible_number_of_copies(tmp_path, text):
    result = decklib.check_text(text + "\n", "t")
    (junk,) = [p for p in result.problems if p.rule == decklib.JUNK_RULE]
    assert "is not a plausible number of copies" in junk.message and junk.line == 1
    assert len(junk.message) < 300  # thousands of digits are not echoed
    out = run(write(tmp_path, "d.txt", text + "\n"), "--restrictions", NONE)
    assert out.exit_code == 1 and "not a plausible number of copies" in out.output and "Traceback" not in out.output


def test_counts_up_to_99_are_read_and_judged():
    result = decklib.check_text("Digimon\n60 Agumon BT1-010\n0099 BT1-011\n", "t")
    assert result.counts["main"] == 159 and result.counts["unreadable"] == 0
    assert {p.ref for p in result.problems} == {"CR 1-4-1-2-1", "CR 1-4-1-2-2"}


@pytest.mark.parametrize("count", ["4" * 5000, "-" + "4" * 5000, "100", "1e999"])
def test_an_absurd_json_count_is_a_problem_not_a_traceback(tmp_path, count):
    text = '{"main": [{"count": ' + count + ', "number": "BT1-010"}, {"count": 4, "number": "BT1-011"}]}'
    result = decklib.check_text(text, "t")
    junk = [p for p in result.problems if p.rule == decklib.JUNK_RULE]
    assert len(junk) == 1 and junk[0].message.startswith("main[0]: ") and len(junk[0].message) < 300
    assert result.counts["main"] == 4 and result.counts["unreadable"] == 1
    out = run(write(tmp_path, "d.json", text), "--restrictions", NONE, "--json")
    assert out.exit_code == 1 and json.loads(out.output)["counts"]["unreadable"] == 1


def test_a_json_number_of_thousands_of_digits_anywhere():
    for text in ("[" + "7" * 5000 + "]", '{"main": ' + "7" * 5000 + "}", "[" + "7" * 5000):
        try:
            result = decklib.check_text(text, "t")
        except decklib.DeckInputError as exc:
            assert exc.messages[0].startswith("t:") and len(exc.messages[0]) < 300
        else:
            assert result.counts["unreadable"] == 1 and all(len(p.message) < 300 for p in result.problems)


def test_a_card_file_field_over_128_kb_is_unreadable_input(tmp_path):
    path = write(tmp_path, "cards.csv", "number,name,category\nBT1-010,Agumon,Digimon\nBT1-011," + "a" * 140_000 + ",Digimon\n")
    result = run(str(DECKS / "official_legal.txt"), "--cards", path, "--restrictions", NONE)
    assert result.exit_code == 2 and "Traceback" not in result.output
    assert f"{path}:3: a field longer than 131,072 characters" in result.output
    path = write(tmp_path, "cards2.csv", "number," + "n" * 140_000 + "\n")  # in the header row
    result = run(str(DECKS / "official_legal.txt"), "--cards", path, "--restrictions", NONE)
    assert result.exit_code == 2 and "a field longer than" in result.output


def test_card_file_numbers_of_thousands_of_digits(tmp_path):
    path = write(tmp_path, "cards.csv", "number,name,category,level,max_copies\nBT1-010,Agumon,Digimon,3," + "9" * 5000 + "\n")
    result = run(str(DECKS / "official_legal.txt"), "--cards", path, "--restrictions", NONE)
    assert result.exit_code == 2 and f"{path}:2: level and max_copies must be whole numbers from 0 to 99" in result.output
    assert len(result.output) < 500


def test_restriction_list_numbers_of_thousands_of_digits(tmp_path):
    for text in ("restricted: {BT1-010: " + "9" * 5000 + "}\n", "restricted: {BT1-010: 1000}\n", "banned: [" + "9" * 5000 + "]\n"):
        path = write(tmp_path, "r.yaml", text)
        result = run(str(DECKS / "official_legal.txt"), "--restrictions", path)
        assert result.exit_code == 2 and f"{path}:1:" in result.output and "Traceback" not in result.output
        assert len(result.output) < 500


@pytest.mark.parametrize("text, where", [
    ('["\\ud800"]', "[0]: a lone surrogate (U+D800)"),
    ('["4 Agumon\\udc00 BT1-010"]', "[0]: a lone surrogate (U+DC00)"),
    ('[{"count": 4, "number": "BT1-010", "name": "Agu\\ud800"}]', "[0]: 'name': a lone surrogate"),
    ('[{"count": 4, "number": "BT1-01\\ud800"}]', "[0]: 'number': a lone surrogate"),
    ('{"main": [{"count": 4, "number": "BT1-010", "section": "\\udfff"}]}', "main[0]: 'section': a lone surrogate"),
    ('{"ma\\ud800in": [{"count": 4, "number": "BT1-010"}]}', "a lone surrogate (U+D800)"),
    ('[{"count": 4, "number": "BT1-010", "name": "Agu\\u001b[31mmon"}]', "[0]: 'name': a control character (U+001B)"),
])
def test_lone_surrogates_and_control_characters_in_json(tmp_path, text, where):
    result = decklib.check_text(text, "t")
    assert result.counts["unreadable"] == 1
    (junk,) = [p for p in result.problems if p.rule == decklib.JUNK_RULE]
    assert where in junk.message and junk.line == 1
    encoded = json.dumps(result.as_json(), ensure_ascii=False).encode("utf-8")  # no surrogate left to choke on
    assert b"\x1b" not in encoded
    for output in ("--json", None):
        out = run(write(tmp_path, "d.json", text), "--restrictions", NONE, *([output] if output else []))
        assert out.exit_code == 1 and "Traceback" not in out.output and "\x1b[31m" not in out.output


def test_control_characters_in_a_text_line_are_junk_not_echoed():
    result = decklib.check_text("Digimon\n4 Agu\x1b[2Jmon BT1-010\n4 Gabu\u202emon BT1-011\n4 BT1-012\n", "t")
    junk = [p for p in result.problems if p.rule == decklib.JUNK_RULE]
    assert [p.line for p in junk] == [2, 3]
    assert "control character (U+001B)" in junk[0].message and "control character (U+202E)" in junk[1].message
    assert "\x1b" not in junk[0].message and "\u202e" not in junk[1].message
    assert result.counts["main"] == 4


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-8-sig", "utf-32", "utf-32-be"])
def test_lists_with_a_byte_order_mark_are_read(tmp_path, encoding):
    data = LEGAL.encode(encoding)
    if not data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE, codecs.BOM_UTF8, codecs.BOM_UTF32_BE)):
        data = "\ufeff".encode(encoding) + data  # Windows Notepad's "Unicode" writes the mark
    result = run(write(tmp_path, "d.txt", data), "--restrictions", NONE)
    assert result.exit_code == 0 and result.output.startswith("LEGAL"), result.output
    json_data = (DECKS / "official_legal.json").read_text(encoding="utf-8")
    result = run(write(tmp_path, "d.json", codecs.BOM_UTF16_LE + json_data.encode("utf-16-le")), "--restrictions", NONE)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("data, words", [
    ("4 Agumon BT1-010\n".encode("utf-16-le"), "looks like UTF-16 text without a byte-order mark"),
    (codecs.BOM_UTF16_LE + "4 Agumon BT1-010\n".encode("utf-16-le") + b"\x00", "not UTF-16 text although it starts"),
    (codecs.BOM_UTF16_LE + b"4\x00\n\x00\x00\xdc", ":2: not UTF-16 text"),
    (codecs.BOM_UTF16_LE + "4 BT1-010\x00".encode("utf-16-le"), "not a text file"),
])
def test_broken_utf16_is_unreadable_input_with_a_reason(tmp_path, data, words):
    result = run(write(tmp_path, "d.txt", data), "--restrictions", NONE)
    assert result.exit_code == 2 and words in result.output and "Traceback" not in result.output


# ---------------------------------------------------------------------------
# 4. What could be read, what could not, and what was meant


def _54_cards_with_junk() -> str:
    # A legal list (50 + 5) with three lines that can't be read: "4 Agumon BT1-O10" (a typo), a
    # stray word and a sideboard header.  Read: 46 + 5 cards.  Before: "46 cards; it must have exactly 50".
    text = LEGAL.replace("4 Agumon BT1-010", "4 Agumon BT1-O10")
    return text.replace("Options (12)", "Options (12)\nsee you at the table\nSideboard:")


def test_totals_say_what_was_read_and_how_many_lines_were_not(tmp_path):
    path = write(tmp_path, "d.txt", _54_cards_with_junk())
    result = run(path, "--restrictions", NONE)
    assert result.exit_code == 1
    summary = result.output.splitlines()[1]
    assert summary.startswith("51 cards read, 3 lines could not be read · main deck 46 · Digi-Egg deck 5")
    assert "the main deck has 46 cards that could be read (3 lines could not be read); it must have exactly 50" in result.output
    assert "has 46 cards; it must" not in result.output
    data = json.loads(run(path, "--restrictions", NONE, "--json").output)
    assert data["counts"]["unreadable"] == 3 and data["counts"]["total"] == 51
    assert [p["line"] for p in data["problems"] if p["rule"] == "deck list format"] == [9, 23, 24]
    # A list that reads cleanly says nothing of the kind.
    assert run(str(DECKS / "official_legal.txt"), "--restrictions", NONE).output.splitlines()[1].startswith("main deck 50")


def test_tamer_tactics_pile_counts_also_say_lines_could_not_be_read():
    text = (DECKS / "tt_legal.txt").read_text(encoding="utf-8").replace("1 Tamer Five BT1-088", "1 Tamer Five BT1088")
    result = decklib.check_text(text, "t", "tamer_tactics")
    messages = [p.message for p in result.problems]
    assert any("no card number in '1 Tamer Five BT1088'; did you mean BT1-088?" in m for m in messages)
    assert "the Tamer+Digi-Egg pile has 7 cards that could be read (1 line could not be read); " not in messages
    assert result.counts["unreadable"] == 1
    assert all("could be read (1 line could not be read)" in m for m in messages if "pile has" in m or "deck has" in m)


def test_json_lists_count_entries_that_could_not_be_read():
    text = json.dumps({"main": [{"count": 4, "number": "BT1-010"}, {"count": 4, "number": "BT1O10"}, 17],
                       "sideboard": []})
    result = decklib.check_text(text, "t")
    assert result.counts["unreadable"] == 3 and result.unit == "entry"
    assert decklib.summary_line(result).startswith("4 cards read, 3 entries could not be read · ")
    assert any("'BT1O10' is not a card number; did you mean BT1-010?" in p.message for p in result.problems)


def test_thousands_of_junk_lines_are_counted_and_the_first_thousand_listed():
    text = "Digimon\n4 BT1-010\n" + "".join(f"junk {i}\n" for i in range(5000))
    result = decklib.check_text(text, "t")
    junk = [p for p in result.problems if p.rule == decklib.JUNK_RULE]
    assert result.counts["unreadable"] == 5000 and len(junk) == 1001
    assert junk[-1].message.startswith("4,000 more lines could not be read (the first 1,000 are listed)")
    assert junk[-1].line == 1003
    assert decklib.summary_line(result).startswith("4 cards read, 5,000 lines could not be read")


@pytest.mark.parametrize("line, meant", [
    ("4 Agumon BT1-O10", "BT1-010"),  # letter O for zero
    ("4 Agumon BT1010", "BT1-010"),  # no dash
    ("4 agumon bt1-o10", "BT1-010"),  # lower case (and O)
    ("4 Agumon bt1010", "BT1-010"),
    ("4 Agumon (BT10O10)", "BT10-010"),
    ("2 Starter ST101", "ST1-01"),
    ("1 Promo P001", "P-001"),
    ("1 Promo PO01", "P-001"),
    ("Agumon BT1O10", "BT1-010"),  # no count either
])
def test_a_malformed_card_number_gets_a_did_you_mean(line, meant):
    result = decklib.check_text(line + "\n", "t")
    (junk,) = [p for p in result.problems if p.rule == decklib.JUNK_RULE]
    assert junk.message.endswith(f"did you mean {meant}?"), junk.message


def test_no_suggestion_where_nothing_was_meant():
    result = decklib.check_text("4 Agumon\n4 Agumon 2010\n4 BT10 Agumon\n", "t")
    assert not any("did you mean" in p.message for p in result.problems)


def test_lower_case_card_numbers_are_read_as_they_are_meant():
    # Not a mistake at all (the docstring says so), so no suggestion: read as BT1-010.
    result = decklib.check_text("Digimon\n4 Agumon bt1-010\n", "t")
    assert result.cards[0]["number"] == "BT1-010" and result.counts["unreadable"] == 0


def test_did_you_mean_in_card_files_and_restriction_lists(tmp_path):
    cards = write(tmp_path, "c.csv", "number,name,category\nBT1O10,Agumon,Digimon\n")
    result = run(str(DECKS / "official_legal.txt"), "--cards", cards, "--restrictions", NONE)
    assert result.exit_code == 2 and "c.csv:2: 'BT1O10' is not a card number; did you mean BT1-010?" in result.output
    restrictions = write(tmp_path, "r.yaml", "banned: [BT1-O10]\n")
    result = run(str(DECKS / "official_legal.txt"), "--restrictions", restrictions)
    assert result.exit_code == 2 and "r.yaml:1: 'BT1-O10' is not a card number; did you mean BT1-010?" in result.output


@pytest.mark.parametrize("text, meant", [
    ("BT1-O10", "BT1-010"), ("BT1010", "BT1-010"), ("bt1-o10", "BT1-010"), ("BT10010", "BT10-010"),
    ("ST101", "ST1-01"), ("ST1O1", "ST1-01"), ("P001", "P-001"), ("EX1001", "EX1-001"), ("LM001", "LM-001"),
    ("BT1-010", None), ("bt1-010", None), ("Agumon", None), ("BT10", None), ("1234", None), ("B" * 40 + "1010", None),
])
def test_suggest_number(text, meant):
    assert decklib.suggest_number(text) == meant
