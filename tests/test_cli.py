"""The command line contract: names, JSON fields, exit codes."""

import json

CLAUSE_FIELDS = {"ref", "ruleset", "title", "text", "langs", "parent", "children", "rulings", "source"}
RULING_FIELDS = {"id", "ruleset", "question", "answer", "langs", "cites", "source", "proven", "scenario"}
SEARCH_FIELDS = {"ref", "kind", "ruleset", "lang", "title", "snippet", "score"}


def test_search_json_contract(run_cli):
    result = run_cli("search", "bloquear", "--lang", "es", "--json", "--limit", "8")
    assert result.exit_code == 0
    items = json.loads(result.output)
    assert items and len(items) <= 8
    for item in items:
        assert SEARCH_FIELDS <= set(item)
        assert item["lang"] == "es"
        if item["kind"] == "ruling":
            assert isinstance(item["cites"], list) and isinstance(item["proven"], bool)
            assert item["status"] in ("proven", "failing", "unproven")
            assert item["proven"] == (item["status"] == "proven")


def test_search_text_output(run_cli):
    result = run_cli("search", "6-1-4")
    assert result.exit_code == 0
    assert "CR 6-1-4" in result.output.splitlines()[0]


def test_clause_json_contract(run_cli):
    data = json.loads(run_cli("clause", "8-1-3", "--json").output)
    assert CLAUSE_FIELDS <= set(data)
    assert data["parent"] == "CR 8-1"
    assert "CR 8-1-3-3" in data["children"]
    assert data["ruleset"] == "official" and data["version"] == "4.2"


def test_clause_text_output_shows_context(run_cli):
    out = run_cli("clause", "CR 8-2-2-1-1", "--lang", "de").output
    assert "CR 8-2-2-1-1" in out and "CR 8-2" in out and "Quelle:" in out  # labels in German too


def test_clause_unknown_reference_suggests_and_fails(run_cli):
    result = run_cli("clause", "6-1-9")
    assert result.exit_code == 1
    assert "CR 6-1-9" in result.output and "Nearest:" in result.output
    result = run_cli("clause", "99-1")
    assert result.exit_code == 1 and "not a clause number of CR Ver. 4.2" in result.output


def test_clause_rejects_non_references(run_cli):
    result = run_cli("clause", "blocker")
    assert result.exit_code == 2 and "not a clause reference" in result.output


def test_ruling_json_contract(run_cli, db):
    rid = db.ruling_ids[0]
    data = json.loads(run_cli("ruling", rid, "--json", "--lang", "de").output)
    assert RULING_FIELDS <= set(data)
    assert data["id"] == rid and data["lang"] == "de"
    assert data["proven"] in (True, False, None) and (data["proven"] is None) == (data["scenario"] is None)


def test_ruling_unknown_id(run_cli, db):
    rid = db.ruling_ids[0]
    result = run_cli("ruling", rid[:-2] + "zz")
    assert result.exit_code == 1 and "Nearest:" in result.output


def test_bad_options_are_clean_errors(run_cli):
    assert run_cli("search", "x", "--lang", "fr").exit_code == 2
    assert run_cli("search", "x", "--ruleset", "pokemon").exit_code == 2
    result = run_cli("search", "\"'()")
    assert result.exit_code == 2 and "nothing to search for" in result.output


def test_missing_database_is_a_clear_error(tmp_path):
    from click.testing import CliRunner

    from judgebase.cli import cli

    result = CliRunner().invoke(cli, ["search", "x", "--db", str(tmp_path / "none.db")])
    assert result.exit_code == 1 and "no database at" in result.output
