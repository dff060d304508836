"""Scenarios run in forked workers give what one process gives: same results, same order, same first error."""

import shutil

import pytest

from conftest import ROOT
from judgebase.proofs import run_all, scenario_files
from judgebase.scenarios.common import ScenarioError

FILES = scenario_files(ROOT)[:60]


def _outcome(results):
    return [(r.path, r.passed, r.message, r.cites, sorted(r.asserted)) for r in results]


def test_workers_give_the_results_of_one_process_in_file_order():
    one = run_all(ROOT, FILES, workers=1)
    three = run_all(ROOT, FILES, workers=3)
    assert _outcome(three) == _outcome(one)
    assert [r.path for r in three] == [str(p.relative_to(ROOT)) for p in FILES]


@pytest.mark.parametrize("workers", [1, 2, 3])
def test_the_first_malformed_file_in_file_order_is_the_error(tmp_path, workers):
    files = []
    for i, path in enumerate(FILES[:12]):
        copy = tmp_path / f"{i:02d}-{path.name}"
        shutil.copy(path, copy)
        files.append(copy)
    for i in (4, 9):  # two broken files, in different workers' shares when there are several
        files[i].write_text("description: broken\nsteps: [\n", encoding="utf-8")
    with pytest.raises(ScenarioError) as info:
        run_all(tmp_path, files, workers=workers)
    assert info.value.path.endswith(files[4].name)
