"""Every reference cited in the seeds resolves, with text in es, en and de.

The list is extracted from the seed files themselves (every number after RM/CR,
the rest of a comma list, both halves of 5-2-1-4/5, and the keyword table's
16-4 … 16-47 rows), so it is checked, not typed.
"""

import json
import re

import pytest

from judgebase import refs
from judgebase.refs import Ref

from conftest import SEEDS

OFFICIAL_SEEDS = ("000_1a83421c1398ad1e.txt", "001_a16d92be0d5953db.txt", "003_083312547c7fecc6.txt")


def cited_in_seeds() -> list[Ref]:
    found: dict[Ref, None] = {}
    for name in OFFICIAL_SEEDS:
        text = (SEEDS / name).read_text(encoding="utf-8")
        for ref in refs.refs_in_text(text):
            if ref.ruleset == "official":
                found.setdefault(ref, None)
    keyword_table = (SEEDS / OFFICIAL_SEEDS[0]).read_text(encoding="utf-8")
    for m in re.finditer(r"^\| (16-\d+) \|", keyword_table, re.M):
        found.setdefault(Ref("official", m.group(1)), None)
    return sorted(found, key=Ref.sort_key)


CITED = cited_in_seeds()


def test_extraction_finds_the_whole_list():
    numbers = {r.number for r in CITED}
    # Spot checks on the tricky shapes: slash pairs, the rest of comma lists, keyword rows.
    assert {"5-2-1-4", "5-2-1-5", "15-14-1-3", "15-14-1-5"} <= numbers
    assert {"8-2-3", "4-3-4", "7-2-2-12", "8-4-3-3", "7-3-2-9"} <= numbers
    assert {f"16-{n}" for n in range(4, 48)} <= numbers
    assert {"10", "11", "12", "14"} <= numbers
    assert len(CITED) >= 156


@pytest.mark.parametrize("ref", CITED, ids=str)
def test_cited_reference_resolves_in_every_language(run_cli, ref):
    for lang in ("es", "en", "de"):
        result = run_cli("clause", str(ref), "--lang", lang, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["ref"] == str(ref)
        assert data["lang"] == lang
        assert data["text"].strip() and data["title"].strip()
        assert {"es", "en", "de"} <= set(data["langs"])


def test_parent_chain_of_every_cited_reference_exists(db):
    for ref in CITED:
        for parent in ref.ancestors():
            assert db.has_clause(parent), f"{ref}: missing parent {parent}"


def test_rm_spelling_resolves_to_the_same_clause(run_cli):
    a = json.loads(run_cli("clause", "RM 8-1-3-3", "--json").output)
    b = json.loads(run_cli("clause", "8.1.3.3", "--json").output)
    assert a["ref"] == b["ref"] == "CR 8-1-3-3"
