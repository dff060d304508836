"""This repository's ruling scenarios are test items: the plugin is enabled here, explicitly.

judgebase installs no pytest plugin automatically (a project next to it must not collect
its own ``rulings/`` folders by surprise); engine developers enable it the same way, with
``-p judgebase.scenarios.pytest_plugin`` or this line in their conftest.py.
"""

pytest_plugins = ["judgebase.scenarios.pytest_plugin"]
