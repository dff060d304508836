"""Deck checks (judgebase.deck and `judgebase deck check`): both formats, the restriction list, bad input.

Example lists live in tests/decks/.  Variants with one thing wrong are made from the
legal lists in a temp dir, so each test shows exactly which rule it breaks.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from click.testing import CliRunner

from judgebase import deck as decklib
from judgebase.cli import cli
from judgebase.corpus.load import official_numbers
from judgebase.refs import try_parse

DECKS = Path(__file__).parent / "decks"
NONE = str(DECKS / "none.yaml")  # an empty restriction list
TEST_LIST = str(DECKS / "restrictions.yaml")
PROBLEM_FIELDS = {"line", "message", "ref", "rule"}


def run(*args, input=None):
    return CliRunner().invoke(cli, ["deck", "check", *args], input=input, catch_exceptions=False)


def check_json(*args, input=None):
    result = run(*args, "--json", input=input)
    data = json.loads(result.output)
    assert result.exit_code == (0 if data["legal"] else 1)
    return data


def refs(data):
    return [p["ref"] for p in data["problems"]]


def write(tmp_path, name, text):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return str(path)


def variant(tmp_path, base, old, new, count=1):
    text = (DECKS / base).read_text()
    assert text.count(old) >= count, old
    return write(tmp_path, base, text.replace(old, new, count))


# ---------------------------------------------------------------------------
# Legal lists


@pytest.mark.parametrize("name", ["official_legal.txt", "official_legal.json", "unsorted.txt"])
def test_official_legal_lists(name):
    extra = ["--cards", str(DECKS / "cards.csv")] if name == "unsorted.txt" else []
    data = check_json(str(DECKS / name), "--restrictions", NONE, *extra)
    assert data["legal"] is True and data["problems"] == []
    assert data["format"] == "official"
    assert data["counts"]["main"] == 50 and data["counts"]["eggs"] == 5
    assert data["counts"]["tamers"] == 6


@pytest.mark.parametrize("name", ["tt_legal.txt", "tt_legal.json"])
def test_tamer_tactics_legal_lists(name):
    data = check_json(str(DECKS / name), "--format", "tamer_tactics", "--restrictions", NONE)
    assert data["legal"] is True, data["problems"]
    c = data["counts"]
    assert (c["main"], c["pile"], c["tamers"], c["digi_eggs"], c["eggs"]) == (50, 8, 5, 3, 0)


def test_the_list_shapes_judges_get_are_all_read():
    deck = decklib.parse((DECKS / "official_legal.txt").read_text(), "x.txt")
    assert not deck.problems
    got = {(e.number, e.count, e.name) for e in deck.entries}
    assert ("BT1-010", 4, "Agumon") in got  # 4 Agumon BT1-010
    assert ("BT1-011", 4, "") in got  # 4 BT1-011
    assert ("BT1-012", 4, "Digimon Twelve") in got  # 4x Name (BT1-012)
    assert ("BT1-013", 4, "Digimon Thirteen") in got  # 4 x Name [BT1-013]
    assert ("BT1-014", 4, "Digimon Fourteen") in got  # Name BT1-014 x4
    assert ("BT1-015", 4, "Digimon Fifteen") in got  # - 4 Name BT1-015
    assert ("BT1-016", 4, "") in got  # lower case, trailing comment
    assert ("BT1-017", 4, "") in got  # parallel printing BT1-017_P1


@pytest.mark.parametrize("header, what", [
    ("Main deck", ("zone", "main")), ("MAIN DECK:", ("zone", "main")), ("Deck:", ("zone", None)),
    ("Digi-Egg deck", ("zone", "eggs")), ("Digi-Egg", ("category", "Digi-Egg")), ("Eggs (5)", ("category", "Digi-Egg")),
    ("Tamer+Digi-Egg pile", ("zone", "pile")), ("Tamer + Digi-Egg pile (9):", ("zone", "pile")),
    ("tamers: 4", ("category", "Tamer")), ("Digimon (32)", ("category", "Digimon")), ("Options", ("category", "Option")),
])
def test_section_headers(header, what):
    assert decklib.header_of(header.rstrip(":"))[0] == what


def test_copies_are_counted_by_card_number_across_lines(tmp_path):
    # 2 more BT1-010 under another name and a parallel printing: 6 copies of one number.
    path = variant(tmp_path, "official_legal.txt", "2 Tamer Two BT1-085", "2 Agumon (alt art) BT1-010_P1")
    data = check_json(path, "--restrictions", NONE)
    (problem,) = data["problems"]
    # No line alone is over 4: the lines list one card (same name and number, CR 2-12-1).
    assert problem["ref"] == "CR 2-12-1" and "6 copies of BT1-010" in problem["message"]
    assert problem["line"] == 9 and "lines 9, 20" in problem["message"]


# ---------------------------------------------------------------------------
# Official format: each rule on its own


def test_official_main_deck_not_50(tmp_path):
    data = check_json(variant(tmp_path, "official_legal.txt", "4 BT1-011", "3 BT1-011"), "--restrictions", NONE)
    assert refs(data) == ["CR 1-4-1-2-1"] and "49 cards" in data["problems"][0]["message"]
    assert data["problems"][0]["line"] is None
    data = check_json(variant(tmp_path, "official_legal.txt", "2 Tamer Two", "3 Tamer Two"), "--restrictions", NONE)
    assert refs(data) == ["CR 1-4-1-2-1"] and "51 cards" in data["problems"][0]["message"]


def test_official_more_than_4_copies(tmp_path):
    path = variant(tmp_path, "official_legal.txt", "4 BT1-011\n", "5 BT1-011\n")
    text = Path(path).read_text().replace("2 Tamer Two BT1-085", "1 Tamer Two BT1-085")
    data = check_json(write(tmp_path, "d.txt", text), "--restrictions", NONE)
    assert refs(data) == ["CR 1-4-1-2-2"]
    assert data["problems"][0]["line"] == 10 and "5 copies of BT1-011" in data["problems"][0]["message"]


def test_official_digi_egg_deck_too_big(tmp_path):
    data = check_json(variant(tmp_path, "official_legal.txt", "1 BT1-002", "2 BT1-002"), "--restrictions", NONE)
    assert refs(data) == ["CR 1-4-1-3-1"] and "6 cards" in data["problems"][0]["message"]


def test_official_more_than_4_copies_in_digi_egg_deck(tmp_path):
    data = check_json(variant(tmp_path, "official_legal.txt", "4 Koromon BT1-001\n1 BT1-002", "5 Koromon BT1-001"),
                      "--restrictions", NONE)
    assert refs(data) == ["CR 1-4-1-3-2"] and data["problems"][0]["line"] == 5


def test_official_digi_egg_in_main_deck_and_tamer_in_digi_egg_deck(tmp_path):
    # Known from the card file: BT1-002 is a Digi-Egg, BT1-086 a Tamer.
    text = (DECKS / "official_legal.txt").read_text()
    text = text.replace("1 BT1-002", "1 Tamer Three BT1-086")
    text = text.replace("4 BT1-011\n", "3 BT1-011\n1 Egg Two BT1-002\n")
    path = write(tmp_path, "d.txt", text)
    data = check_json(path, "--restrictions", NONE, "--cards", str(DECKS / "cards.csv"))
    assert refs(data) == ["CR 1-4-1-1", "CR 1-4-1-1"], data["problems"]
    first, second = data["problems"]
    assert "Tamer in the Digi-Egg deck" in first["message"] and first["line"] == 6
    assert "Digi-Egg in the main deck" in second["message"] and second["line"] == 11
    # The section said Digimon, the card file says Digi-Egg: the card file wins, with a warning.
    assert any("listed as Digimon but the card file says Digi-Egg" in w["message"] for w in data["warnings"])
    # The same mistake in JSON, with categories given in the entries.
    data = check_json(write(tmp_path, "d.json", json.dumps({
        "main": [{"count": 50, "number": "BT1-010", "category": "Digimon"}],
        "eggs": [{"count": 1, "number": "BT1-084", "category": "Tamer"}],
    })), "--restrictions", NONE)
    assert "CR 1-4-1-1" in refs(data)


def test_official_token_in_deck(tmp_path):
    path = variant(tmp_path, "official_legal.txt", "2 Tamer Two BT1-085", "1 Tamer Two BT1-085\n1 Gear Token")
    data = check_json(path, "--restrictions", NONE)
    assert "CR 1-4-4-2" in refs(data)
    # A token known by number from the card file.
    path = variant(tmp_path, "official_legal.txt", "2 Tamer Two BT1-085", "1 Tamer Two BT1-085\n1 TK-001")
    data = check_json(path, "--restrictions", NONE, "--cards", str(DECKS / "cards.csv"))
    assert refs(data) == ["CR 1-4-4-2"] and data["problems"][0]["line"] == 21


def test_official_mixed_section_needs_categories():
    data = check_json(str(DECKS / "unsorted.txt"), "--restrictions", NONE)
    assert not data["legal"]
    assert set(refs(data)) == {"CR 1-4-1-1"}
    unknown = [p for p in data["problems"] if p["line"] is not None]
    assert len(unknown) == 15 and unknown[0]["line"] == 2 and "category unknown" in unknown[0]["message"]
    assert data["counts"]["unsorted"] == 55


def test_unsorted_cards_go_in_the_main_deck_when_the_list_has_a_digi_egg_section(tmp_path):
    text = (DECKS / "unsorted.txt").read_text().replace("4 Koromon BT1-001\n1 BT1-002\n", "")
    text += "Digi-Egg deck\n4 Koromon BT1-001\n1 BT1-002\n"
    data = check_json(write(tmp_path, "d.txt", text), "--restrictions", NONE)
    assert data["legal"] and data["counts"]["main"] == 50


# ---------------------------------------------------------------------------
# Tamer Tactics: each rule on its own


def tt(tmp_path, old, new, *extra):
    return check_json(variant(tmp_path, "tt_legal.txt", old, new), "--format", "tamer_tactics", "--restrictions", NONE, *extra)


def test_tt_main_deck_not_50(tmp_path):
    data = tt(tmp_path, "2 BT1-019", "1 BT1-019")
    assert refs(data) == ["TT §1.1"] and "49 cards" in data["problems"][0]["message"]


def test_tt_no_tamers_in_main_deck(tmp_path):
    data = tt(tmp_path, "2 BT1-019", "1 BT1-019\nTamers\n1 Tamer Six BT1-089")
    assert refs(data) == ["TT §1.1"] and "Tamer in the main deck" in data["problems"][0]["message"]
    assert data["problems"][0]["line"] == 15


def test_tt_more_than_4_copies_in_main_deck(tmp_path):
    data = tt(tmp_path, "4 BT1-011\n4 BT1-012", "5 BT1-011\n3 BT1-012")
    assert refs(data) == ["TT §1.1"] and "5 copies of BT1-011" in data["problems"][0]["message"]


def test_tt_pile_needs_4_to_7_tamers(tmp_path):
    data = tt(tmp_path, "1 Tamer Four BT1-087\n1 Tamer Five BT1-088\n", "")
    assert refs(data) == ["TT §1.2"] and "3 Tamers" in data["problems"][0]["message"]
    data = tt(tmp_path, "1 Tamer Five BT1-088\n", "1 Tamer Five BT1-088\n1 BT1-089\n1 BT1-090\n1 BT1-094\n")
    assert "TT §1.2" in refs(data) and any("8 Tamers" in p["message"] for p in data["problems"])


def test_tt_tamers_all_different(tmp_path):
    data = tt(tmp_path, "1 Tamer Five BT1-088", "2 Tamer Five BT1-088")
    assert refs(data) == ["TT §1.2"] and "different card number" in data["problems"][0]["message"]


def test_tt_pile_needs_2_to_5_digi_eggs_with_at_most_4_copies(tmp_path):
    data = tt(tmp_path, "1 Tamer Five BT1-088\nDigi-Eggs\n3 Koromon BT1-001", "Digi-Eggs\n1 Koromon BT1-001")
    assert set(refs(data)) == {"TT §1.2"} and any("1 Digi-Eggs" in p["message"] for p in data["problems"])
    assert any("6 to 12" in p["message"] for p in data["problems"])  # 4 + 1 = 5 cards
    data = tt(tmp_path, "3 Koromon BT1-001", "4 Koromon BT1-001\n2 BT1-002")
    assert refs(data) == ["TT §1.2"] and "6 Digi-Eggs" in data["problems"][0]["message"]
    data = tt(tmp_path, "3 Koromon BT1-001", "5 Koromon BT1-001")
    assert refs(data) == ["TT §1.2"] and "5 copies of the Digi-Egg" in data["problems"][0]["message"]


def test_tt_pile_holds_only_tamers_and_digi_eggs(tmp_path):
    data = check_json(variant(tmp_path, "tt_legal.txt", "3 Koromon BT1-001", "3 Koromon BT1-001\n1 BT1-019"),
                      "--format", "tamer_tactics", "--restrictions", NONE, "--cards", str(DECKS / "cards.csv"))
    messages = [p["message"] for p in data["problems"]]
    assert "TT §1.2" in refs(data) and any("Digimon in the Tamer+Digi-Egg pile" in m for m in messages)


def test_tt_token(tmp_path):
    data = tt(tmp_path, "2 BT1-019", "1 BT1-019\n1 Familiar Token")
    assert "CR 1-4-4-2" in refs(data)


def test_tt_unknown_category_is_reported_not_guessed(tmp_path):
    # A pile with no category headers: which cards are Tamers can't be known.
    text = (DECKS / "tt_legal.txt").read_text().replace("Tamers\n", "").replace("Digi-Eggs\n", "")
    data = check_json(write(tmp_path, "d.txt", text), "--format", "tamer_tactics", "--restrictions", NONE)
    assert not data["legal"]
    unknown = [p for p in data["problems"] if "category unknown" in p["message"]]
    assert len(unknown) == 6 and {p["ref"] for p in unknown} == {"TT §1.2"}
    assert unknown[0]["line"] == 20
    # The card file answers it.
    data = check_json(write(tmp_path, "d.txt", text), "--format", "tamer_tactics", "--restrictions", NONE,
                      "--cards", str(DECKS / "cards.csv"))
    assert data["legal"], data["problems"]
    # A main deck without Digimon/Options headers: Tamers can't be ruled out.
    text = (DECKS / "tt_legal.txt").read_text().replace("Digimon (38)\n", "").replace("Options (12)\n", "")
    data = check_json(write(tmp_path, "d.txt", text), "--format", "tamer_tactics", "--restrictions", NONE)
    assert {p["ref"] for p in data["problems"]} == {"TT §1.1"} and len(data["problems"]) == 13


def test_official_does_not_need_categories_when_sections_say_where_cards_go(tmp_path):
    text = "Main deck\n" + "".join(f"4 BT1-0{n}\n" for n in range(10, 22)) + "2 BT1-022\nDigi-Egg deck\n4 BT1-001\n"
    data = check_json(write(tmp_path, "d.txt", text), "--restrictions", NONE)
    assert data["legal"], data["problems"]


# ---------------------------------------------------------------------------
# Restriction list


@pytest.mark.parametrize("fmt, ref", [("official", None), ("tamer_tactics", "TT §1.3")])
def test_banned_restricted_and_banned_pair(fmt, ref):
    base = "official_legal.txt" if fmt == "official" else "tt_legal.txt"
    data = check_json(str(DECKS / base), "--format", fmt, "--restrictions", TEST_LIST)
    rule = f"restriction list ({TEST_LIST})"
    listed = [p for p in data["problems"] if p["rule"] == rule]
    assert len(listed) == 3 == len(data["problems"])
    assert all(p["ref"] == ref for p in listed)
    messages = " | ".join(p["message"] for p in listed)
    assert "BT1-012" in messages and "is banned" in messages
    assert "4 copies of BT1-011" in messages and "restricted to 1 copy" in messages
    assert "banned pair" in messages and "BT1-013" in messages and "BT1-093" in messages


def test_restricted_count_is_over_the_whole_list(tmp_path):
    path = write(tmp_path, "r.yaml", "restricted: {BT1-001: 3}\n")
    data = check_json(str(DECKS / "official_legal.txt"), "--restrictions", path)
    assert len(data["problems"]) == 1 and "4 copies of BT1-001" in data["problems"][0]["message"]
    path = write(tmp_path, "r.yaml", "restricted: {BT1-001: 4}\n")
    assert check_json(str(DECKS / "official_legal.txt"), "--restrictions", path)["legal"]


def test_shipped_restriction_list_is_an_example_and_is_used_by_default():
    shipped = Path(__file__).resolve().parent.parent / "rules" / "restrictions.yaml"
    assert "EXAMPLE" in shipped.read_text().splitlines()[0]
    loaded = decklib.load_restrictions(shipped)
    assert loaded.banned and loaded.restricted and loaded.banned_pairs and "EXAMPLE" in loaded.note
    data = check_json(str(DECKS / "official_legal.txt"))
    assert data["restrictions"]["file"] == "rules/restrictions.yaml" and "EXAMPLE" in data["restrictions"]["note"]
    banned = loaded.banned[0]
    text = (DECKS / "official_legal.txt").read_text().replace("BT1-093", banned)
    result = decklib.check_text(text, "x.txt", restrictions=decklib.load_restrictions(shipped, "rules/restrictions.yaml"))
    assert [p.rule for p in result.problems] == ["restriction list (rules/restrictions.yaml)"]
    assert result.problems[0].ref is None


def test_bad_restriction_list_is_unreadable_input(tmp_path):
    path = write(tmp_path, "r.yaml", "banned: [BT1-001, 42]\nrestricted: {BT1-002: many}\nbanned_pairs: [[BT1-003]]\nextra: 1\n")
    result = run(str(DECKS / "official_legal.txt"), "--restrictions", path)
    assert result.exit_code == 2
    for line in (1, 2, 3, 4):
        assert f"r.yaml:{line}:" in result.output
    path = write(tmp_path, "r2.yaml", "banned: [BT1-001\n")
    result = run(str(DECKS / "official_legal.txt"), "--restrictions", path)
    assert result.exit_code == 2 and "invalid YAML" in result.output and "Traceback" not in result.output


# ---------------------------------------------------------------------------
# Junk, unreadable input, output forms


def test_junk_lines_are_reported_with_line_numbers_and_the_rest_is_still_checked():
    result = run(str(DECKS / "junk.txt"), "--restrictions", NONE)
    assert result.exit_code == 1
    out = result.output
    assert out.startswith("NOT LEGAL")
    path = str(DECKS / "junk.txt")
    for line, words in [(5, "no card number"), (6, "no copy count"), (7, "count of 0"), (8, "more than one card number"),
                        (9, "Sideboard"), (11, ";;;;")]:
        matching = [ln for ln in out.splitlines() if ln.strip().startswith(f"{path}:{line}: ")]
        assert matching and words in matching[0], (line, out)
    assert "the main deck has 8 cards" in out and "[CR 1-4-1-2-1]" in out  # still checked
    data = check_json(str(DECKS / "junk.txt"), "--restrictions", NONE)
    junk = [p for p in data["problems"] if p["rule"] == "deck list format"]
    assert [p["line"] for p in junk] == [5, 6, 7, 8, 9, 11] and all(p["ref"] is None for p in junk)


def test_json_output_contract():
    data = check_json(str(DECKS / "junk.txt"), "--restrictions", NONE)
    assert {"legal", "format", "counts", "problems"} <= set(data)
    assert {"main", "eggs", "pile", "tamers", "digimon", "options", "digi_eggs"} <= set(data["counts"])
    assert data["problems"] and all(set(p) == PROBLEM_FIELDS for p in data["problems"])


def test_text_output_has_verdict_and_one_line_per_problem_with_its_ref(tmp_path):
    result = run(str(DECKS / "tt_legal.txt"), "--format", "tamer_tactics", "--restrictions", NONE)
    assert result.exit_code == 0 and result.output.startswith("LEGAL") and "Tamer Tactics" in result.output
    result = run(str(DECKS / "tt_legal.txt"), "--format", "tamer_tactics", "--restrictions", TEST_LIST)
    assert result.exit_code == 1 and result.output.startswith("NOT LEGAL")
    lines = [ln for ln in result.output.splitlines() if "[" in ln and "]" in ln]
    assert len(lines) == 3 and all(f"[TT §1.3; restriction list ({TEST_LIST})]" in ln for ln in lines)


def test_stdin(tmp_path):
    text = (DECKS / "official_legal.txt").read_text()
    result = run("-", "--restrictions", NONE, input=text)
    assert result.exit_code == 0 and result.output.startswith("LEGAL") and "<stdin>" in result.output
    data = check_json("-", "--format", "tamer_tactics", "--restrictions", NONE, input=(DECKS / "tt_legal.json").read_text())
    assert data["legal"] and data["source"] == "<stdin>"
    result = run("-", "--restrictions", NONE, input="4 Agumon\n")
    assert result.exit_code == 1 and "<stdin>:1: no card number" in result.output


@pytest.mark.parametrize("content, words", [
    (None, "can't read"),
    (b"", "empty deck list"),
    (b"  \n\n", "empty deck list"),
    (b"\x89PNG\r\n\x1a\n\x00\x00", "not a text file"),
    (b"4 Agumon BT1-010\n4 \xff\xfe BT1-011\n", ":2: not UTF-8"),
    (b'{"main": [{"count": 4, "number": "BT1-010"},\n  oops]}', ":2: invalid JSON"),
    (b"[1, 2", ":1: invalid JSON"),
])
def test_unreadable_input_exits_2(tmp_path, content, words):
    path = tmp_path / "deck.txt"
    if content is not None:
        path.write_bytes(content)
    result = run(str(path), "--restrictions", NONE)
    assert result.exit_code == 2, result.output
    assert words in result.output and "Traceback" not in result.output


def test_bad_card_file_exits_2(tmp_path):
    path = write(tmp_path, "c.csv", "number,name,category\nBT1-010,Agumon,Digimon\nBT1-011,X,Wizard\nnope,Y,Tamer\n")
    result = run(str(DECKS / "official_legal.txt"), "--cards", path, "--restrictions", NONE)
    assert result.exit_code == 2 and "c.csv:3: unknown category" in result.output and "c.csv:4:" in result.output
    path = write(tmp_path, "c2.csv", "id,name\nBT1-010,Agumon\n")
    assert run(str(DECKS / "official_legal.txt"), "--cards", path).exit_code == 2


def test_bad_json_entries_are_problems_with_lines(tmp_path):
    text = ('{\n  "main": [\n    {"count": 4, "number": "BT1-010"},\n    {"count": "four", "number": "BT1-011"},\n'
            '    {"count": 4, "number": "hello"},\n    {"count": 4},\n    17\n  ],\n  "sideboard": []\n}\n')
    data = check_json(write(tmp_path, "d.json", text), "--restrictions", NONE)
    junk = {p["line"]: p["message"] for p in data["problems"] if p["rule"] == "deck list format"}
    assert "main[1]" in junk[4] and "count" in junk[4]
    assert "not a card number" in junk[5] and "no card number" in junk[6]
    assert "main[4]" in junk[7] and "sideboard" in junk[9]  # the line of the key itself


def test_header_count_that_disagrees_is_a_warning(tmp_path):
    data = check_json(variant(tmp_path, "official_legal.txt", "Options (12)", "Options (13)"), "--restrictions", NONE)
    assert data["legal"] and any("says 13 cards but 12" in w["message"] for w in data["warnings"])


def test_card_file_disagreements_are_warnings(tmp_path):
    path = variant(tmp_path, "official_legal.txt", "4 Agumon BT1-010", "4 Gabumon BT1-010")
    data = check_json(path, "--restrictions", NONE, "--cards", str(DECKS / "cards.csv"))
    assert data["legal"] and any("'Agumon' in the card file" in w["message"] for w in data["warnings"])


def test_random_garbage_never_crashes(tmp_path):
    rng = random.Random(7)
    alphabet = "0123456789 xX()[]-_:#/+BTEXPSTabc\t\u00e9\u4e2d\u200b{}\","
    for i in range(300):
        lines = ["".join(rng.choice(alphabet) for _ in range(rng.randint(0, 30))) for _ in range(rng.randint(1, 12))]
        text = rng.choice(["", "{", "[", "Digimon\n4 BT1-010\n"]) + "\n".join(lines)
        for fmt in decklib.FORMATS:
            try:
                result = decklib.check_text(text, "fuzz", fmt)
            except decklib.DeckInputError as exc:
                assert exc.messages and all(m.startswith("fuzz") for m in exc.messages)
                continue
            assert result.legal is False  # no random list is a legal 50-card deck
            json.dumps(result.as_json())
        if i % 30 == 0:
            path = write(tmp_path, "fuzz.txt", text)
            assert run(path, "--restrictions", NONE).exit_code in (1, 2)


def test_bracketed_headers_are_text_not_json(tmp_path):
    text = (DECKS / "official_legal.txt").read_text().replace("Digi-Egg deck (5)", "[Digi-Egg deck]")
    text = "[Digi-Egg deck]\n" + text.split("[Digi-Egg deck]\n", 1)[1]
    data = check_json(write(tmp_path, "d.txt", text), "--restrictions", NONE)
    assert data["legal"], data["problems"]


def test_name_without_number_resolved_only_by_a_unique_name_in_the_card_file(tmp_path):
    path = variant(tmp_path, "official_legal.txt", "4 Agumon BT1-010", "4 Agumon")
    assert check_json(path, "--restrictions", NONE)["legal"] is False
    data = check_json(path, "--restrictions", NONE, "--cards", str(DECKS / "cards.csv"))
    assert data["legal"] and any("BT1-010" in w["message"] and w["line"] == 9 for w in data["warnings"])


def test_every_ref_a_problem_can_cite_exists(corpus):
    """CR refs are clause numbers of Ver. 4.2 (some only as part of a grouped record); TT refs are records."""
    cited = set(decklib.RULES) | {"TT §1.3"}
    numbers = official_numbers()
    for ref in cited:
        parsed = try_parse(ref)
        assert parsed is not None and str(parsed) == ref
        if parsed.ruleset == "official":
            assert parsed.number in numbers, ref
        else:
            assert parsed in corpus.clauses, ref


def test_readme_example_is_what_the_command_prints(monkeypatch):
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text()
    block = readme.split("## Deck checks", 1)[1].split("```console\n", 1)[1].split("```", 1)[0]
    command, *expected = block.rstrip("\n").split("\n")
    args = command.removeprefix("$ judgebase deck check ").split()
    monkeypatch.chdir(Path(__file__).resolve().parent.parent)
    result = run(*args)
    assert result.exit_code == 1
    assert result.output.rstrip("\n").split("\n") == expected


def test_cli_and_library_agree_on_formats():
    from judgebase import deck_cli

    assert deck_cli.FORMATS == decklib.FORMATS
