"""Build hook: the wheel carries rules/, rulings/ and site/ so an installed judgebase needs no checkout.

Everything else about the package is in pyproject.toml. The folders stay at the top of
the repository (the project's layout); this copies them into judgebase/_shipped/ in the
build directory only (see judgebase/shipped.py for how they are found).
"""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
SHIPPED = ("rules", "rulings", "site")
LEFT_OUT = shutil.ignore_patterns("__pycache__", "*.pyc", "*.png", ".*")


class BuildWithSources(build_py):
    def run(self):
        super().run()
        if getattr(self, "editable_mode", False):
            return  # an editable install reads the checkout itself
        target = Path(self.build_lib) / "judgebase" / "_shipped"
        for name in SHIPPED:
            if (HERE / name).is_dir():
                shutil.copytree(HERE / name, target / name, ignore=LEFT_OUT, dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildWithSources})
