"""The corpus as a whole: counts, languages, provenance, conflicts."""

import re

from judgebase.corpus.load import official_numbers
from judgebase.refs import parse


def test_every_clause_has_es_en_de_and_a_source(corpus):
    for clause in corpus.clauses.values():
        langs = set(clause.texts)
        assert {"es", "en", "de"} <= langs, f"{clause.ref} lacks {({'es', 'en', 'de'} - langs)}"
        if clause.ref.ruleset == "legacy":
            assert "ko" in langs, f"{clause.ref} lacks the Korean original"
        assert clause.sources, f"{clause.ref} has no source"
        for text in clause.texts.values():
            assert text.kind in ("source", "paraphrase", "translation")
            assert text.text.strip()


def test_every_clause_has_questions_judges_ask_in_es_en_de(corpus):
    """rules/asked/: search finds a clause by a judge's words only if it has some, in each language."""
    missing = [f"{c.at}: {c.ref} has no asked questions in {', '.join(l for l in ('es', 'en', 'de') if not c.asked.get(l))}"
               for c in corpus.clauses.values() if not all(c.asked.get(l) for l in ("es", "en", "de"))]
    assert not missing, "\n".join(missing[:20])
    assert sum(len(qs) for c in corpus.clauses.values() for qs in c.asked.values()) >= 10_000


def test_official_clauses_use_ver_4_2_numbers(corpus):
    numbers = official_numbers()
    assert len(numbers) == 1132
    for ref in corpus.clauses:
        if ref.ruleset == "official":
            assert ref.number in numbers
            assert corpus.clauses[ref].version == "4.2"


def test_chapter_titles_1_to_16(corpus):
    for chapter in range(1, 17):
        assert parse(f"CR {chapter}") in corpus.clauses


def test_tamer_tactics_sections(corpus):
    for number in ("0", "1", "2.0", "2.1", "2.2", "2.3", "2.4", "2.5", "3", "4", "4.1", "4.2", "4.3"):
        assert parse(f"TT §{number}") in corpus.clauses, number
    # Numbers used before 2026-12, when reach of effects was §2.6: gone, so no stale citation resolves.
    for number in ("2.6", "2.6.1", "4.7", "4.1.4.4"):
        assert parse(f"TT §{number}") not in corpus.clauses, number


def test_tamer_tactics_numbering_follows_001s_own_cross_references(corpus):
    """Every "§n" 001 writes points at a TT section of the same number, on the matching subject."""
    from conftest import SEEDS

    seed = next(SEEDS.glob("001_*.txt")).read_text(encoding="utf-8")
    cited = set(re.findall(r"(?<![\w.])§(\d+(?:\.\d+)*)", seed))
    assert {"0", "2.0", "2.1", "2.2", "2.3", "2.4", "2.5", "3", "4"} <= cited
    for number in cited:
        if number == "12":  # "RULES.md §12–15": another document's numbering
            continue
        assert parse(f"TT §{number}") in corpus.clauses, number
    assert "(ver §3)" in seed and "peleando contra Digimon rivales (§4)" in seed and "la protección de §4" in seed

    def title(number: str) -> str:
        return corpus.clauses[parse(f"TT §{number}")].texts["en"].title

    assert "<Blocker>" in title("3.6") and title("3") == "Reach of effects"  # "(ver §3)", the <Blocker> exception
    assert title("4.1") == "Attacks" and "Protected card" in title("4.2")  # "(§4)" fights, "la protección de §4"


def test_legacy_sections_and_notes(corpus):
    for number in ("3.1", "3.2", "3.2.1", "3.2.2", "3.2.2.1", "3.2.3", "3.2.4", "3.2.5", "3.3", "3.4", "3.5", "3.6"):
        assert parse(f"LEG {number}") in corpus.clauses, number
    sections = {n.section for n in corpus.notes}
    assert {"1", "2", "4", "5", "6"} <= sections
    assert not any(parse(f"LEG {s}") in corpus.clauses for s in ("1", "2", "4", "5", "6"))


def test_rulings(corpus):
    assert len(corpus.rulings) >= 60
    for ruling in corpus.rulings.values():
        for part in (ruling.question, ruling.answer):
            assert {"es", "en", "de"} <= set(part), ruling.id
        assert ruling.cites, ruling.id
        for ref in ruling.cites:
            assert ref in corpus.clauses
        assert ruling.document in corpus.sources
        assert ruling.scenario or ruling.unproven_reason


def test_rulings_from_every_seed_part(corpus):
    items = {(r.document, r.item) for r in corpus.rulings.values()}
    assert sum(1 for d, i in items if d == "000" and i.startswith("FAQ")) == 13
    qa = {q for r in corpus.rulings.values() if r.document == "003" for q in r.qa}
    assert {"Q22", "Q25", "Q26", "Q27", "Q42", "Q67", "Q69", "Q95", "Q291", "Q371", "Q383", "Q388", "Q397",
            "Q399", "Q409", "Q418", "Q423", "Q4501", "Q5971", "Q6132", "Q6136", "Q6137"} <= qa
    assert sum(1 for r in corpus.rulings.values() if r.document == "001") >= 19
    assert sum(1 for r in corpus.rulings.values() if r.document == "002") >= 10


def test_keywords_and_glossary(corpus):
    refs = [k.ref for k in corpus.keywords]
    assert len(refs) == 44 == len(set(refs))
    assert {str(r) for r in refs} == {f"CR 16-{n}" for n in range(4, 48)}
    for keyword in corpus.keywords:
        assert {"es", "en", "de"} <= set(keyword.name) and {"es", "en", "de"} <= set(keyword.summary)
    by_en = {t.terms["en"][0]: t for t in corpus.glossary}
    assert "digitieren" in by_en["digivolve"].terms["de"] and "진화" in by_en["digivolve"].terms["ko"]
    assert "Sicherheit" in by_en["security"].terms["de"]


def test_known_conflicts_are_recorded(corpus):
    touched = {str(r) for c in corpus.conflicts for r in c.refs}
    assert "CR 4-6" in touched or "CR 4-6-1" in touched  # DUAL cards: 000 vs 003
    for keyword in ("16-6", "16-9", "16-10", "16-11", "16-14", "16-16", "16-17", "16-23"):
        assert f"CR {keyword}" in touched, keyword  # keyword rows of 000 known to be off
    for conflict in corpus.conflicts:
        assert conflict.seed_text and {"es", "en", "de"} <= set(conflict.resolution), conflict.id
