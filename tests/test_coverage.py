"""Proof coverage: a clause is proven only by an assertion that carries its ref; every clause is
proven, listed as not testable, or a gap; verify, build, `judgebase coverage` and the pages agree."""

from __future__ import annotations

import json
import shutil

import pytest
from click.testing import CliRunner

from judgebase.cli import cli
from judgebase.corpus.manifest import KINDS
from judgebase.coverage import compute
from judgebase.proofs import proofs_by_clause, unbacked_cites
from judgebase.scenarios.loader import run

from conftest import ROOT

EXAMPLE = ROOT / "rulings/official/scenarios/off-000-faq-01-block-own-target.yaml"
MANIFEST = ROOT / "rules/not-testable.tsv"


def _scenario(folder, cites: str, name: str = "proof.yaml", extra_expect: str = "") -> tuple:
    """The block ruling's scenario (it asserts CR 12-1-7-1 by an event and CR 12-1-5 by a refusal), citing ``cites``."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = "\n".join(l for l in text.splitlines() if not l.startswith("ruling:")) + "\n"
    old_cites = next(l for l in text.splitlines() if l.startswith("cites:"))
    text = text.replace(old_cites, f"cites: {cites}")
    text += extra_expect
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    path.write_text(text, encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if l.startswith("cites:"))
    return path, line


# ------------------------------------------------------------------ what proves a clause ----
def test_an_expected_event_with_the_ref_proves_the_clause(tmp_path):
    path, _ = _scenario(tmp_path, "[CR 12-1-7-1]")
    result = run(path)
    assert result.passed and result.proves == ["CR 12-1-7-1"] and result.unbacked == []


def test_an_illegal_step_refused_with_the_ref_proves_the_clause(tmp_path):
    path, _ = _scenario(tmp_path, "[CR 12-1-5]")
    result = run(path)
    assert result.passed and result.proves == ["CR 12-1-5"] and result.unbacked == []


def test_a_parent_is_not_proven_by_its_child(tmp_path):
    # The scenario asserts CR 12-1-7-1 (an event) but cites its parent CR 12-1-7.
    path, line = _scenario(tmp_path, "[CR 12-1-7, CR 12-1-7-1]")
    result = run(path)
    assert result.passed
    assert result.proves == ["CR 12-1-7-1"]
    assert [(c.ref, c.line) for c in result.unbacked] == [("CR 12-1-7", line)]
    coverage = compute(["CR 12-1", "CR 12-1-7", "CR 12-1-7-1"], {r: [s.path for s in rs] for r, rs in proofs_by_clause([result]).items()}, {})
    status = {c.ref: c.status for c in coverage.clauses}
    assert status == {"CR 12-1": "gap", "CR 12-1-7": "gap", "CR 12-1-7-1": "proven"}


def test_a_child_is_not_proven_by_its_parent(tmp_path):
    path, _ = _scenario(tmp_path, "[CR 12-1-7-1-1]")
    assert run(path).proves == []


def test_an_absence_asserts_nothing(tmp_path):
    # `no_log` passes just as well for an engine that never names the clause: it is no proof.
    path, _ = _scenario(tmp_path, "[CR 14-2-3]", extra_expect="  - expect:\n      no_log: [{event: not_deleted, ref: CR 14-2-3}]\n")
    result = run(path)
    assert result.passed and result.proves == [] and [c.ref for c in result.unbacked] == ["CR 14-2-3"]


def test_a_failing_scenario_proves_nothing(tmp_path):
    path, _ = _scenario(tmp_path, "[CR 12-1-7-1]",
                        extra_expect="  - expect: {log: [{event: block, ref: CR 12-1-7-1, by: p1}]}\n")
    result = run(path)
    assert not result.passed and result.proves == ["CR 12-1-7-1"]  # what it would prove, if it passed ...
    assert proofs_by_clause([result]) == {}                        # ... but it proves nothing


def test_a_deck_check_proves_the_refs_its_problems_must_cite():
    result = run(ROOT / "rulings/tamer_tactics/scenarios/tt-001-faq-07-tamer-digi-egg-pile-size.yaml")
    assert result.passed and result.proves == ["TT §1.2"] and result.unbacked == []


def test_every_repository_scenario_backs_its_cites():
    from judgebase.proofs import run_all

    results = run_all(ROOT)
    assert len(results) > 300
    assert [str(u) for u in unbacked_cites(results)] == []
    assert sum(len(r.proves) for r in results) > 400


# ---------------------------------------------------------------- verify and build refuse ----
def test_verify_reports_an_unbacked_cite_with_file_and_line(tmp_path):
    path, line = _scenario(tmp_path, "[CR 12-1-5, CR 16-5]")
    result = CliRunner().invoke(cli, ["verify", str(path)])
    assert result.exit_code == 1, result.output
    assert f"{path}:{line}: cites CR 16-5 but no expectation asserts it" in result.output
    assert "PASS" in result.output and "Traceback" not in result.output
    data = json.loads(CliRunner().invoke(cli, ["verify", str(path), "--json"]).output)
    assert data["failed"] == 0 and data["proves"] == {str(path): ["CR 12-1-5"]}
    assert data["unbacked"] == [{"file": str(path), "line": line, "ref": "CR 16-5",
                                 "message": f"{path}:{line}: cites CR 16-5 but no expectation asserts it"}]
    backed, _ = _scenario(tmp_path, "[CR 12-1-5]", name="backed.yaml")
    assert CliRunner().invoke(cli, ["verify", str(backed)]).exit_code == 0


@pytest.fixture
def tree(tmp_path):
    """A source tree with every rule, one legacy ruling and the scenarios a test writes: builds in seconds."""
    root = tmp_path / "src"
    shutil.copytree(ROOT / "rules", root / "rules")
    (root / "rulings/legacy/scenarios").mkdir(parents=True)
    for name in ("leg-002-equal-attack-is-draw.yaml", "scenarios/leg-002-equal-attack-is-draw.yaml"):
        shutil.copy2(ROOT / "rulings/legacy" / name, root / "rulings/legacy" / name)
    return root


def _build(root, db):
    return CliRunner().invoke(cli, ["build", "--source", str(root), "--db", str(db), "-q"])


def test_build_fails_on_an_unbacked_cite(tree, tmp_path):
    _, line = _scenario(tree / "rulings/official/scenarios", "[CR 12-1-5, CR 16-5]")
    db = tmp_path / "out.db"
    result = _build(tree, db)
    assert result.exit_code == 1, result.output
    assert f"rulings/official/scenarios/proof.yaml:{line}: cites CR 16-5 but no expectation asserts it" in result.output
    assert "Traceback" not in result.output and not db.exists()


def test_build_fails_on_a_cite_of_no_clause(tree, tmp_path):
    _, line = _scenario(tree / "rulings/official/scenarios", "[CR 12-1-5, CR 12-1-99]")
    result = _build(tree, tmp_path / "out.db")
    assert result.exit_code == 1
    assert f"rulings/official/scenarios/proof.yaml:{line}: cites CR 12-1-99, which is not a clause of the rules" in result.output


def _manifest_line(root, line: str) -> int:
    path = root / "rules/not-testable.tsv"
    with path.open("a", encoding="utf-8") as handle:
        handle.write(line + "\n")
    return len(path.read_text(encoding="utf-8").splitlines())


def test_build_fails_on_a_manifest_entry_a_passing_scenario_proves(tree, tmp_path):
    _scenario(tree / "rulings/official/scenarios", "[CR 12-1-5]")
    at = _manifest_line(tree, "CR 12-1-5\tdefinition\tsays what may block")
    result = _build(tree, tmp_path / "out.db")
    assert result.exit_code == 1, result.output
    assert (f"rules/not-testable.tsv:{at}: CR 12-1-5 is listed as not testable (definition), but a passing scenario "
            "proves it: rulings/official/scenarios/proof.yaml; take it off the manifest") in result.output


def test_a_manifest_entry_only_a_failing_scenario_proves_is_kept(tree, tmp_path):
    _scenario(tree / "rulings/official/scenarios", "[CR 12-1-5]",
              extra_expect="  - expect: {log: [{event: block, ref: CR 12-1-7-1, by: p1}]}\n")
    _manifest_line(tree, "CR 12-1-5\tdefinition\tsays what may block")
    db = tmp_path / "out.db"
    assert _build(tree, db).exit_code == 0
    out = CliRunner().invoke(cli, ["coverage", "--db", str(db), "--json", "--ruleset", "official", "--chapter", "12"])
    chapter = json.loads(out.output)["chapters"][0]
    assert chapter["proven"] == 0 and chapter["not_testable"] >= 1 and "CR 12-1-5" not in chapter["gaps"]


@pytest.mark.parametrize("line, message", [
    ("CR 1-1-1 heading only a title", "expected 3 fields separated by tabs (ref, kind, reason), found 1"),
    ("CR 1-1-1\theading", "expected 3 fields separated by tabs (ref, kind, reason), found 2"),
    ("CR 1-1-1\theading\tx\ty", "expected 3 fields separated by tabs (ref, kind, reason), found 4"),
    ("CR 1-1-1\tboring\tno behaviour", "unknown kind 'boring'; one of heading, definition, card-layout, physical-item, tournament"),
    ("CR 1-1-1\tdefinition\t", "CR 1-1-1: the reason is empty"),
    ("CR 99-1\tdefinition\tx", "CR 99-1 is not a clause of the rules"),
    ("RM 1-1-1\tdefinition\tx", "'RM 1-1-1' is not a clause reference in canonical form"),
    ("CR 01-1-1\tdefinition\tx", "write 'CR 01-1-1' as 'CR 1-1-1'"),
    ("hello\tdefinition\tx", "'hello' is not a clause reference"),
    ("CR 1-1\theading\tlisted again", "CR 1-1 is listed twice (first at line"),
])
def test_a_malformed_manifest_line_fails_the_build_with_its_line(tree, tmp_path, line, message):
    at = _manifest_line(tree, line)
    db = tmp_path / "out.db"
    result = _build(tree, db)
    assert result.exit_code == 1, result.output
    assert f"rules/not-testable.tsv:{at}: {message}" in result.output
    assert "Traceback" not in result.output and not db.exists()


# ------------------------------------------------------------------------- the manifest ----
def test_the_manifest_lists_only_known_kinds_and_headings_that_have_sub_clauses(corpus):
    assert corpus.not_testable, "rules/not-testable.tsv is read"
    kinds = {e.kind for e in corpus.not_testable.values()}
    assert kinds <= set(KINDS) and {"heading", "definition", "card-layout", "physical-item"} <= kinds
    parents = {c.ref.parent for c in corpus.clauses.values()}
    lonely = [str(r) for r, e in corpus.not_testable.items()
              if e.kind == "heading" and r not in parents and "sub-clause" in e.reason]
    assert lonely == [], "a heading whose reason names sub-clauses must have some"


def test_every_manifest_kind_has_words_in_every_language():
    from judgebase import i18n

    for kind in KINDS:
        assert i18n.has(f"nottestable.{kind}")


# ------------------------------------------------------------------ judgebase coverage ----
def test_coverage_json_shape_and_arithmetic(run_cli, corpus):
    result = run_cli("coverage", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert set(data) == {"totals", "rulesets", "chapters", "gaps", "filter"}
    figures = {"clauses", "proven", "not_testable", "gap", "proven_percent", "not_testable_by_kind"}
    totals = data["totals"]
    assert set(totals) == figures and totals["clauses"] == len(corpus.clauses)
    assert totals["proven"] + totals["not_testable"] + totals["gap"] == totals["clauses"]
    assert totals["not_testable"] == len(corpus.not_testable) == sum(totals["not_testable_by_kind"].values())
    assert set(data["rulesets"]) == {"official", "tamer_tactics", "legacy"}
    assert data["rulesets"]["official"]["clauses"] == 1132
    for chapter in data["chapters"]:
        assert set(chapter) == figures | {"ruleset", "chapter", "ref", "title", "gaps"}
        assert chapter["proven"] + chapter["not_testable"] + chapter["gap"] == chapter["clauses"] == \
            sum(1 for r in corpus.clauses if r.ruleset == chapter["ruleset"] and r.chapter == chapter["chapter"])
        assert len(chapter["gaps"]) == chapter["gap"]
    for key in ("clauses", "proven", "not_testable", "gap"):
        assert sum(c[key] for c in data["chapters"]) == totals[key]
    assert data["gaps"] == [g for c in data["chapters"] for g in c["gaps"]]
    # A gap is neither proven nor listed; a listed clause is no gap.
    listed = {str(r) for r in corpus.not_testable}
    assert not listed & set(data["gaps"])
    assert data["filter"] == {"ruleset": None, "chapter": None}


def test_coverage_filters_by_ruleset_and_chapter(run_cli):
    data = json.loads(run_cli("coverage", "--json", "--ruleset", "official", "--chapter", "16").output)
    assert [(c["ruleset"], c["chapter"], c["ref"]) for c in data["chapters"]] == [("official", 16, "CR 16")]
    assert data["totals"]["clauses"] == data["chapters"][0]["clauses"] == 207
    assert data["filter"] == {"ruleset": "official", "chapter": 16}
    legacy = json.loads(run_cli("coverage", "--json", "--ruleset", "legacy").output)
    assert set(legacy["rulesets"]) == {"legacy"}
    both = json.loads(run_cli("coverage", "--json", "--chapter", "2").output)
    assert [c["ref"] for c in both["chapters"]] == ["CR 2", "TT §2"]
    missing = run_cli("coverage", "--chapter", "42")
    assert missing.exit_code == 2 and "no chapter 42" in missing.output


def test_coverage_text_lists_each_chapters_gaps_under_its_figures(run_cli):
    result = run_cli("coverage", "--ruleset", "official", "--chapter", "18")
    assert result.exit_code == 0
    lines = result.output.splitlines()
    assert lines[0].startswith("Proof coverage: 16 clauses")
    head = next(i for i, l in enumerate(lines) if l.startswith("CR 18 "))
    gaps = json.loads(run_cli("coverage", "--json", "--ruleset", "official", "--chapter", "18").output)["gaps"]
    assert [l.split()[0] + " " + l.split()[1] for l in lines[head + 1:]] == gaps


def test_coverage_check_fails_while_there_are_gaps(run_cli, monkeypatch):
    from judgebase import db as dbmodule

    gap = compute(["CR 1", "CR 1-1", "CR 1-2"], {"CR 1-1": ["a.yaml"]}, {"CR 1": ("heading", "a title")})
    monkeypatch.setattr(dbmodule.Database, "coverage", lambda self, lang="en": gap)
    result = run_cli("coverage", "--check")
    assert result.exit_code == 1
    assert "clauses are neither proven by a scenario nor listed as not testable" in result.output
    closed = compute(["CR 1", "CR 1-1"], {"CR 1-1": ["a.yaml"]}, {"CR 1": ("heading", "a title")})
    monkeypatch.setattr(dbmodule.Database, "coverage", lambda self, lang="en": closed)
    assert run_cli("coverage", "--check").exit_code == 0


def test_the_build_summary_counts_coverage(built):
    assert built.coverage["clauses"] == built.coverage["proven"] + built.coverage["not_testable"] + built.coverage["gap"]
    assert built.coverage["proven"] > 150 and built.coverage["not_testable"] > 300


# ------------------------------------------------------------------------------ the pages ----
def test_scenarios_without_a_ruling_count_and_clause_pages_name_them(db):
    from judgebase.web.pages import Site

    site = Site(db)
    # CR 16-16-1 (<Blitz>) is proven only by scenarios that prove no ruling.
    proofs = site.clause("CR-16-16-1")["proofs"]
    assert proofs and all(p["ruling"] is None and p["ruling_url"] is None and p["scenario"].endswith(".yaml") for p in proofs)
    assert "CR 16-16-1" not in db.coverage().as_json()["gaps"]
    # A ruling's scenario links to that ruling.
    block = site.clause("CR-12-1-5")["proofs"]
    assert any(p["ruling"] == "off-000-faq-01-block-own-target" and p["ruling_url"] for p in block)
    # A listed clause says why it needs no proof.
    assert site.clause("CR-1-1")["not_testable"]["kind"] == "heading"
    page = site.coverage()
    assert page["scenarios"]["without_ruling"] > 0
    assert page["scenarios"]["passing"] == page["scenarios"]["with_ruling"] + page["scenarios"]["without_ruling"]


def test_the_coverage_page_shows_figures_then_the_gap_lists_first(db):
    from judgebase.web.app import render_page
    from judgebase.web.pages import Links, Site

    site = Site(db)
    data = site.coverage()
    totals = db.coverage().as_json()["totals"]
    assert data["totals"] == totals
    html = render_page("jb_coverage.html", Links(), "en", coverage=data)
    assert f"{totals['clauses']} clauses: {totals['proven']} proven · {totals['not_testable']} not testable · {totals['gap']} gaps" in html
    gaps, listed, proven = (html.index(f'<details class="{c}"') for c in ("gaps", "not-testable", "proven"))
    assert gaps < listed < proven
    gap_refs = [g["ref"] for c in data["chapters"] for g in c["gaps"]]
    if gap_refs:  # the first gap listed is shown (with no gap left, there is none to show)
        assert f'<span class="ref">{gap_refs[0]}</span>' in html
    assert html.count('<tr><td>') == len(data["chapters"])
