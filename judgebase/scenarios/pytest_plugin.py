"""pytest plugin: every ``rulings/<ruleset>/scenarios/*.yaml`` file is a test item.

Opt-in: enable it with ``-p judgebase.scenarios.pytest_plugin`` or
``pytest_plugins = ["judgebase.scenarios.pytest_plugin"]`` in a conftest.py (this
repository does, so ``python -m pytest`` runs the ruling scenarios next to the unit
tests). A failure shows the rule the engine got wrong together with the event log.
"""

from __future__ import annotations

import pytest

from .loader import ScenarioError, run


def pytest_collect_file(parent, file_path):
    if (
        file_path.suffix == ".yaml"
        and file_path.parent.name == "scenarios"
        and file_path.parent.parent.parent.name == "rulings"
    ):
        return ScenarioFile.from_parent(parent, path=file_path)
    return None


class ScenarioFile(pytest.File):
    def collect(self):
        yield ScenarioItem.from_parent(self, name=self.path.stem)


class ScenarioFailed(Exception):
    def __init__(self, result):
        super().__init__(result.message)
        self.result = result


class ScenarioItem(pytest.Item):
    def runtest(self) -> None:
        result = run(self.path)
        if not result.passed:
            raise ScenarioFailed(result)

    def repr_failure(self, excinfo, style=None):
        if isinstance(excinfo.value, ScenarioFailed):
            result = excinfo.value.result
            log = "\n".join(f"  {e}" for e in result.log[-25:])
            return f"{result.message}\n\nevent log (last 25):\n{log}"
        if isinstance(excinfo.value, ScenarioError):
            return str(excinfo.value)
        return super().repr_failure(excinfo)

    def reportinfo(self):
        return self.path, 0, f"scenario: {self.name}"
