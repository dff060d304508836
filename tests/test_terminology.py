"""One word per game term per language (the glossary's first word; never a not_ours variant)."""

from judgebase.corpus.load import load_corpus
from judgebase.corpus.terms import variants_used
from conftest import ROOT


def test_no_clause_ruling_or_keyword_uses_a_variant_that_is_not_ours(corpus):
    found = variants_used(corpus)
    assert not found, "\n".join(map(str, found[:30]))


def test_the_check_flags_a_variant(tmp_path, corpus):
    import shutil

    shutil.copytree(ROOT / "rules", tmp_path / "rules")
    shutil.copytree(ROOT / "rulings", tmp_path / "rulings")
    path = tmp_path / "rules/official/de/13-security-checks.md"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("Sicherheitscheck ", "Sicherheitsprüfung ", 1), encoding="utf-8")
    found = variants_used(load_corpus(tmp_path))
    assert [(v.lang, v.word, v.ours) for v in found] == [("de", "Sicherheitsprüfung", "Sicherheitscheck")]
    assert found[0].where.startswith("rules/official/de/13-security-checks.md:")


def test_search_still_understands_the_variants_judges_type(searcher):
    for query, ref in (("enderezar fase", "CR 6-2"), ("Sicherheitsprüfung", "CR 13")):
        refs = [r.ref for r in searcher.search(query, limit=10)]
        assert any(r == ref or r.startswith(ref + "-") for r in refs), (query, refs)
