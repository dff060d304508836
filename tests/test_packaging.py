"""Installed anywhere: the pytest plugin is opt-in, and an installation without a checkout finds its sources."""

from __future__ import annotations

import os
import subprocess
import sys
from importlib import metadata
from pathlib import Path

from judgebase import shipped

FAILING_SCENARIO = "description: not ours\ncites: [CR 1-1]\nsource: {document: x}\nsteps: []\n"


def _pytest(folder: Path, *args):
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST")}
    return subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
                          cwd=folder, capture_output=True, text=True, env=env, timeout=120)


def test_an_unrelated_project_collects_nothing_of_ours(tmp_path):
    (tmp_path / "rulings/mine/scenarios").mkdir(parents=True)
    (tmp_path / "rulings/mine/scenarios/thing.yaml").write_text(FAILING_SCENARIO)
    result = _pytest(tmp_path)
    assert result.returncode == 5, result.stdout + result.stderr  # "no tests ran"
    assert "thing" not in result.stdout


def test_engine_developers_enable_the_plugin_explicitly(tmp_path):
    (tmp_path / "rulings/mine/scenarios").mkdir(parents=True)
    (tmp_path / "rulings/mine/scenarios/thing.yaml").write_text(FAILING_SCENARIO)
    result = _pytest(tmp_path, "-p", "judgebase.scenarios.pytest_plugin", "--collect-only")
    assert "thing" in result.stdout, result.stdout + result.stderr


def test_no_pytest11_entry_point_is_installed():
    points = metadata.entry_points(group="pytest11")
    assert not [p for p in points if p.value.startswith("judgebase")]


def test_a_wheel_install_reads_its_shipped_copy(tmp_path, monkeypatch):
    checkout = tmp_path / "site-packages"
    bundle = checkout / "judgebase" / "_shipped"
    for name in ("rules", "rulings", "site/templates"):
        (bundle / name).mkdir(parents=True)
    monkeypatch.setattr(shipped, "CHECKOUT", checkout)  # no rules/ next to the package: not a checkout
    monkeypatch.setattr(shipped, "SHIPPED", bundle)
    assert shipped.sources_root() == bundle
    assert shipped.site_dir() == bundle / "site"



def test_the_repository_holds_no_build_output():
    """A fresh clone shows no modified files after `pip install -e .`: build output is never committed."""
    import shutil

    root = Path(__file__).resolve().parent.parent
    if shutil.which("git") is None or not (root / ".git").exists():
        import pytest

        pytest.skip("not a git checkout")
    tracked = subprocess.run(["git", "ls-files"], cwd=root, capture_output=True, text=True, check=True).stdout.split()
    assert not [p for p in tracked if p.endswith(".whl") or ".egg-info/" in p or p.startswith(("build/", "dist/"))]
    ignored = (root / ".gitignore").read_text().split()
    assert {"*.egg-info/", "*.whl", "/build/", "/dist/"} <= set(ignored)
