"""The README's first command: no --db, the default database is built on first use."""

import json
import os
import shutil
import subprocess
import sys

from conftest import ROOT


def _run(args, env):
    return subprocess.run(
        [sys.executable, "-m", "judgebase", *args], capture_output=True, text=True, env=env, timeout=120
    )


def test_first_use_builds_then_reuses_then_rebuilds_on_change(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOT / "rules", src / "rules")
    shutil.copytree(ROOT / "rulings", src / "rulings")
    env = {**os.environ, "JUDGEBASE_SOURCE": str(src), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("JUDGEBASE_DB", None)

    first = _run(["search", "6-1-4", "--json"], env)
    assert first.returncode == 0, first.stderr
    assert "Building the rules database" in first.stderr
    assert json.loads(first.stdout)[0]["ref"] == "CR 6-1-4"

    second = _run(["search", "6-1-4", "--json"], env)
    assert second.returncode == 0 and "Building" not in second.stderr

    path = src / "rules/official/en/06-game-procedures.md"
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    third = _run(["clause", "6-1-4", "--json"], {**env, "JUDGEBASE_LANG": "es"})  # the notice in the user's language
    assert third.returncode == 0 and "Construyendo la base de datos de reglas" in third.stderr
    assert "las fuentes han cambiado" in third.stderr and "Building" not in third.stderr
    assert json.loads(third.stdout)["ref"] == "CR 6-1-4"


def test_default_build_failure_is_reported_cleanly(tmp_path):
    src = tmp_path / "src"
    shutil.copytree(ROOT / "rules", src / "rules")
    shutil.copytree(ROOT / "rulings", src / "rulings")
    path = src / "rules/official/en/06-game-procedures.md"
    path.write_text(path.read_text(encoding="utf-8").replace("lang: en", "lang: [en", 1), encoding="utf-8")
    env = {**os.environ, "JUDGEBASE_SOURCE": str(src), "XDG_CACHE_HOME": str(tmp_path / "cache")}
    env.pop("JUDGEBASE_DB", None)
    result = _run(["search", "6-1-4"], env)
    assert result.returncode == 1
    assert "rules/official/en/06-game-procedures.md:" in result.stderr and "Traceback" not in result.stderr
