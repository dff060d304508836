"""`judgebase site export DIR` never deletes what the user owns (issue: data loss)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from judgebase.cli import cli
from judgebase.web import export as export_mod
from judgebase.web.export import MARKER, ExportRefused, export_site


def _export(out, db_path):
    return CliRunner().invoke(cli, ["site", "export", str(out), "--db", str(db_path)])


def test_a_folder_with_user_files_is_refused_and_left_untouched(tmp_path, db_path):
    target = tmp_path / "mine"
    target.mkdir()
    (target / "thesis.txt").write_text("years of work")
    (target / "sub").mkdir()
    (target / "sub" / "notes.md").write_text("more")
    result = _export(target, db_path)
    assert result.exit_code == 1
    assert "not empty" in result.output and "nothing was changed" in result.output
    assert "Traceback" not in result.output
    assert (target / "thesis.txt").read_text() == "years of work"
    assert (target / "sub" / "notes.md").read_text() == "more"
    assert sorted(p.name for p in target.iterdir()) == ["sub", "thesis.txt"]
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".jb-export")]


def test_export_into_the_current_directory_of_a_checkout_is_refused(tmp_path, db_path, monkeypatch):
    (tmp_path / "pyproject.toml").write_text("[project]\n")
    monkeypatch.chdir(tmp_path)
    result = _export(".", db_path)
    assert result.exit_code == 1
    assert (tmp_path / "pyproject.toml").exists()


def test_a_file_as_target_is_refused(tmp_path, db_path):
    target = tmp_path / "report.pdf"
    target.write_bytes(b"%PDF")
    result = _export(target, db_path)
    assert result.exit_code != 0 and "Traceback" not in result.output
    assert target.read_bytes() == b"%PDF"


def test_missing_empty_and_previous_exports_are_written(tmp_path, db_path):
    fresh = tmp_path / "a" / "b"
    export_site(db_path, fresh)
    assert (fresh / "index.html").is_file() and (fresh / MARKER).is_file()
    (fresh / "stale.html").write_text("old page")
    export_site(db_path, fresh)  # a previous export is replaced as a whole
    assert not (fresh / "stale.html").exists() and (fresh / "index.html").is_file()
    empty = tmp_path / "empty"
    empty.mkdir()
    export_site(db_path, empty)
    assert (empty / MARKER).is_file()
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".jb-export")]


def test_an_interrupted_export_leaves_the_previous_one(tmp_path, db_path, monkeypatch):
    out = tmp_path / "site"
    export_site(db_path, out)
    before = sorted(p.relative_to(out) for p in out.rglob("*"))

    def boom(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(export_mod, "render_page", boom)
    with pytest.raises(KeyboardInterrupt):
        export_site(db_path, out)
    assert sorted(p.relative_to(out) for p in out.rglob("*")) == before
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".jb-export")]


def test_library_refuses_too(tmp_path, db_path):
    (tmp_path / "keep.txt").write_text("x")
    with pytest.raises(ExportRefused):
        export_site(db_path, tmp_path)
    assert (tmp_path / "keep.txt").read_text() == "x"
