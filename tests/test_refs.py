import pytest

from judgebase import refs
from judgebase.refs import Ref


@pytest.mark.parametrize(
    "text, expected",
    [
        ("6-1-4", "CR 6-1-4"),
        ("RM 6-1-4", "CR 6-1-4"),
        ("rm 6-1-4", "CR 6-1-4"),
        ("CR 8-1-3-3", "CR 8-1-3-3"),
        ("CR8-1-3-3", "CR 8-1-3-3"),
        ("6.1.4", "CR 6-1-4"),
        ("  10 ", "CR 10"),
        ("§2.2", "TT §2.2"),
        ("§ 2.2", "TT §2.2"),
        ("TT 2.2", "TT §2.2"),
        ("TT §2.0", "TT §2.0"),
        ("tt §4", "TT §4"),
        ("LEG 3.4", "LEG 3.4"),
        ("LEG 3.2.4", "LEG 3.2.4"),
        ("leg 3-2-4", "LEG 3.2.4"),
        ("CR 06-01-04", "CR 6-1-4"),
    ],
)
def test_parse_canonical(text, expected):
    assert str(refs.parse(text)) == expected


@pytest.mark.parametrize("text", ["", "blocker", "6-1-4-", "RM", "§", "1-2-3-4-5-6-7x", "'6-1-4", "6--1"])
def test_parse_rejects(text):
    assert refs.try_parse(text) is None
    with pytest.raises(refs.RefError):
        refs.parse(text)


def test_bare_dotted_number_uses_default_ruleset():
    assert refs.parse("2.2", default_ruleset="tamer_tactics") == Ref("tamer_tactics", "2.2")
    assert refs.parse("3.4", default_ruleset="legacy") == Ref("legacy", "3.4")
    assert refs.parse("3.4") == Ref("official", "3-4")


def test_parent_chain_and_slug():
    ref = refs.parse("CR 8-2-2-1-1")
    assert [str(r) for r in ref.ancestors()] == ["CR 8-2-2-1", "CR 8-2-2", "CR 8-2", "CR 8"]
    assert ref.slug == "CR-8-2-2-1-1"
    assert refs.from_slug("CR-8-2-2-1-1") == ref
    assert refs.from_slug("TT-2.2") == refs.parse("§2.2")
    assert refs.parse("TT §2.4.1").parent == refs.parse("TT §2.4")
    assert refs.parse("CR 8").parent is None


def test_find_in_text_expands_lists_and_slashes():
    text = "Mulligan (RM 5-2-1-4/5); ver (CR 8-2-2-2, 8-2-3) y RM 15-14-1-3/5, §2.4 y LEG 3.4."
    found = [str(r) for r in refs.refs_in_text(text)]
    assert found == [
        "CR 5-2-1-4", "CR 5-2-1-5", "CR 8-2-2-2", "CR 8-2-3", "CR 15-14-1-3", "CR 15-14-1-5",
        "TT §2.4", "LEG 3.4",
    ]


def test_find_in_text_spans_cover_each_number():
    text = "see CR 8-2-2-2, 8-2-3 now"
    spans = [(f.ref, text[f.start:f.end]) for f in refs.find_in_text(text)]
    assert spans == [(refs.parse("8-2-2-2"), "CR 8-2-2-2"), (refs.parse("8-2-3"), "8-2-3")]


def test_prose_numbers_are_not_references():
    assert refs.refs_in_text("Ver. 4.2 del 2026-08-18, 50 cartas, 3 de memoria") == []
