"""The position, drawn: the snapshot a scenario run keeps (judgebase/scenarios/position.py) and its
SVG picture (judgebase/web/board.py), read back as XML."""

from __future__ import annotations

import json
import re
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from judgebase import i18n
from judgebase.scenarios.loader import kind_of, read, run
from judgebase.web.board import caption, svg

ROOT = Path(__file__).resolve().parent.parent
SVG = "{http://www.w3.org/2000/svg}"
BLOCK = ROOT / "rulings/official/scenarios/off-000-faq-01-block-own-target.yaml"
PROTECT = ROOT / "rulings/tamer_tactics/scenarios/tt-001-faq-19-protection-cap-per-evolution-line.yaml"
LEGACY = ROOT / "rulings/legacy/scenarios/leg-002-attack-never-negative.yaml"


def parse(markup) -> ET.Element:
    root = ET.fromstring(str(markup))
    assert root.tag == f"{SVG}svg"
    return root


def stacks(root, **attrs):
    found = root.iter(f"{SVG}g")
    return [g for g in found if "stack" in g.get("class", "").split()
            and all(g.get(f"data-{k}") == v for k, v in attrs.items())]


def card_turn(stack: ET.Element) -> str | None:
    card = next(g for g in stack.iter(f"{SVG}g") if g.get("class") == "card")
    return card.get("transform")


def texts(root) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter(f"{SVG}text")]


def _yaml_position(tmp_path, body: str):
    path = tmp_path / "s.yaml"
    path.write_text(body, encoding="utf-8")
    return run(path)


# ------------------------------------------------------------ the stored position ----
def test_the_run_keeps_the_position_as_set_up_and_after_the_last_step():
    result = run(BLOCK)
    before, after = result.board["before"], result.board["after"]
    assert before["phase"] == "main" and before["turn"] == 3 and before["memory"] == 4  # the set-up, as written
    p2 = before["players"][1]
    assert [(s["label"], s["suspended"]) for s in p2["battle"]] == [("target", True), ("guard", False)]
    assert p2["security"] == 1 and before["players"][0]["deck"] == 2
    # After: the blocker was deleted, the attacker is suspended, the trash holds the deleted card.
    assert [s["label"] for s in after["players"][1]["battle"]] == ["target"]
    assert after["players"][1]["trash"] == 1 and after["players"][0]["battle"][0]["suspended"] is True
    json.dumps(result.board)  # plain data: the build stores it as JSON


def test_tamer_tactics_positions_carry_groups_and_protection():
    after = run(PROTECT).board["after"]
    mine = after["players"][0]["battle"]
    tamer = next(s for s in mine if s["category"] == "tamer")
    protected = [s for s in mine if s["protected"]]
    assert len(protected) == 1 and protected[0]["group"] == tamer["id"] and tamer["group"] == tamer["id"]


def test_stored_runs_have_both_pictures(db):
    rows = db.conn.execute("select scenario, board from scenario_runs").fetchall()
    deck_checks = {r["scenario"] for r in rows if kind_of(read(ROOT / r["scenario"])[0]) == "deck_check"}
    missing = [r["scenario"] for r in rows if r["board"] is None and r["scenario"] not in deck_checks]
    assert not missing and len(rows) - len(deck_checks) > 300
    for r in rows:
        if r["board"]:
            board = json.loads(r["board"])
            assert board["before"]["players"] and board["after"]["players"], r["scenario"]


# ------------------------------------------------------------------------ the SVG ----
def test_the_picture_parses_and_turns_the_suspended_card():
    before = run(BLOCK).board["before"]
    root = parse(svg(before, "en"))
    target, = stacks(root, label="target")
    guard, = stacks(root, label="guard")
    assert target.get("data-suspended") == "true" and guard.get("data-suspended") == "false"
    assert re.fullmatch(r"rotate\(90 [\d.]+ [\d.]+\)", card_turn(target) or "")
    assert card_turn(guard) is None
    greymon, = stacks(root, name="Greymon")
    assert card_turn(greymon) is None  # unsuspended before the attack …
    after = parse(svg(run(BLOCK).board["after"], "en"))
    greymon, = stacks(after, name="Greymon")
    assert (card_turn(greymon) or "").startswith("rotate(90")  # … suspended by attacking


def _cells(root):
    return {int(r.get("data-value")): r for r in root.iter(f"{SVG}rect") if r.get("class") == "cell"}


def _marker(root):
    g = next(g for g in root.iter(f"{SVG}g") if g.get("class") == "marker")
    return g, g.find(f"{SVG}circle")


@pytest.mark.parametrize("bottom, expected", [(0, 4), (1, -4)])
def test_the_memory_marker_sits_on_the_scenarios_memory(bottom, expected):
    before = run(BLOCK).board["before"]  # P1's turn with 4 memory
    root = parse(svg(before, "en", bottom=bottom))
    cells = _cells(root)
    assert sorted(cells) == list(range(-10, 11))
    g, circle = _marker(root)
    assert int(g.get("data-value")) == expected and g.get("data-side") == "p1"
    cell = cells[expected]
    centre = float(cell.get("x")) + float(cell.get("width")) / 2
    assert abs(float(circle.get("cx")) - centre) < 0.01
    # The number on the marker says the memory, and P1's side is the half the marker is on.
    assert "".join(g.find(f"{SVG}text").itertext()) == "4"


def test_memory_on_the_opponents_side_and_zero():
    pos = run(BLOCK).board["before"]
    for memory, value, side in ((-3, -3, "p2"), (0, 0, "none"), (15, 10, "p1")):
        g, _ = _marker(parse(svg({**pos, "memory": memory}, "en", bottom=0)))
        assert (int(g.get("data-value")), g.get("data-side")) == (value, side)


def test_every_text_is_escaped():
    pos = json.loads(json.dumps(run(BLOCK).board["before"]))
    nasty = "<script>alert('x')</script> & \"Grey\""
    pos["players"][0]["battle"][0]["name"] = nasty
    pos["players"][0]["battle"][0]["label"] = "</svg><b>"
    markup = str(svg(pos, "en"))
    root = parse(markup)
    assert not [e for e in root.iter() if e.tag.endswith("script") or e.tag == "b"]
    stack, = stacks(root, label="</svg><b>")
    assert stack.get("data-name") == nasty
    shown = texts(root)
    assert any(t.startswith("<script>") for t in shown) and "</svg><b>" in shown
    assert "<script>" not in markup


def test_words_come_from_the_catalogue_in_the_asked_language():
    before = run(BLOCK).board["before"]
    for lang in i18n.LANGS:
        shown = set(texts(parse(svg(before, lang))))
        for key in ("board.security", "board.deck", "board.hand", "board.breeding", "board.memory", "board.suspended"):
            assert i18n.t(key, lang) in shown, (lang, key)
        others = {i18n.t("board.security", other) for other in i18n.LANGS if other != lang}
        assert not shown & others
    assert caption(before, "es") == "turno 3 · turno de P1 · fase principal"
    assert caption(before, "de") == "Zug 3 · P1 ist am Zug · Hauptphase"


def test_tamer_tactics_draws_each_group_in_its_frame_and_marks_the_protected_card():
    after = run(PROTECT).board["after"]
    root = parse(svg(after, "en"))
    groups = [g for g in root.iter(f"{SVG}g") if g.get("class") == "group"]
    mine = [g for g in groups if g.get("data-player") == "0"]
    assert len(mine) == 1 and "Group of Takato" in texts(mine[0])
    names = {s.get("data-name") for s in stacks(mine[0])}
    assert names == {"Takato", "Omnimon"}
    protected, = stacks(root, protected="true")
    assert protected.get("data-name") == "Omnimon" and "protected" in texts(protected)


def test_digimon_without_a_group_get_their_own_frame(tmp_path):
    result = _yaml_position(tmp_path, """\
description: an orphan
ruleset: tamer_tactics
cites: [TT §2.4.5]
source: {document: "001", item: a test}
cards:
  Takato: {category: tamer, play_cost: 2}
  Guilmon: {category: digimon, level: 3, dp: 2000, play_cost: 3}
setup:
  turn: 3
  phase: main
  memory: 2
  p1:
    battle:
      - {label: takato, cards: [Takato]}
      - {label: in_group, cards: [Guilmon], group: takato}
      - {label: orphan, cards: [Guilmon]}
steps:
  - expect: {p1: {memory: 2}}
""")
    assert result.passed, result.message
    root = parse(svg(result.board["before"], "de"))
    frames = {g.get("data-tamer"): g for g in root.iter(f"{SVG}g") if g.get("class") == "group"}
    assert {s.get("data-label") for s in stacks(frames[None])} == {"orphan"}
    assert "Ohne Gruppe" in texts(frames[None])
    tamer_frame = next(g for k, g in frames.items() if k is not None)
    assert {s.get("data-label") for s in stacks(tamer_frame)} == {"takato", "in_group"}
    assert "Gruppe von Takato" in texts(tamer_frame)


def test_the_legacy_board_shows_points_box_and_option_slots():
    result = run(LEGACY)
    before = parse(svg(result.board["before"], "es"))
    assert before.get("data-ruleset") == "legacy"
    slots = [g for g in before.iter(f"{SVG}g") if g.get("class") == "slot"]
    assert len(slots) == 6
    crush = [g for g in slots if g.get("data-card")]
    assert [(g.get("data-player"), g.get("data-slot"), g.get("data-card"), g.get("data-face-up")) for g in crush] \
        == [("1", "1", "Crush", "false")]
    assert "boca abajo" in texts(crush[0])
    counts = {(g.get("data-player"), g.get("data-zone")): g.get("data-count")
              for g in before.iter(f"{SVG}g") if g.get("class") == "count"}
    assert counts[("0", "points")] == "100" and counts[("0", "network")] == "2"
    after = parse(svg(result.board["after"], "es"))
    counts = {(g.get("data-player"), g.get("data-zone")): g.get("data-count")
              for g in after.iter(f"{SVG}g") if g.get("class") == "count"}
    assert counts[("0", "points")] == "90"  # P1 lost the battle: 100 - 10 Lost Points
    tanemon, = stacks(after, name="Tanemon")
    assert "Mar de la Red" in texts(after) and "Puntos" in texts(after)
    assert "100" in texts(tanemon)  # its attack value now


def test_every_stored_position_draws_in_every_language(db):
    rows = db.conn.execute("select scenario, board from scenario_runs where board is not null").fetchall()
    assert rows
    for row in rows:
        board = json.loads(row["board"])
        for which in ("before", "after"):
            for lang in i18n.LANGS:
                root = parse(svg(board[which], lang))
                assert float(root.get("viewBox").split()[2]) == 360, row["scenario"]


def test_no_position_no_picture():
    assert str(svg(None, "en")) == "" and caption(None, "en") == ""
