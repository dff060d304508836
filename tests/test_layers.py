"""Imports run one way: every import in the package (module level or inside a function) goes
to the module's own layer or a lower one, in the order DESIGN.md and the README state."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "judgebase"

# Lowest first. A module belongs to the first entry that matches its dotted name.
LAYERS = [
    ("base", ["refs", "textclean", "i18n", "shipped", "yamlsrc", "suggest"]),
    ("engine", ["engine"]),
    ("decks", ["deck"]),
    ("scenarios", ["scenarios", "proofs", "coverage", "conformance"]),
    ("corpus", ["corpus", "pins"]),
    ("store", ["store", "db", "layout"]),
    ("search", ["search"]),
    ("build", ["build", "defaults", "fingerprint"]),
    ("web", ["web", "serve"]),
    ("cli", ["cli", "cli_words", "deck_cli", "conformance_cli", "render", "entry", "__main__"]),
]


def layer_of(module: str) -> int:
    name = module.removeprefix("judgebase.")
    for rank, (_, prefixes) in enumerate(LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return rank
    raise AssertionError(f"judgebase.{name} belongs to no layer: add it to LAYERS (and to the README)")


def imports(path: Path) -> list[tuple[int, str]]:
    module = "judgebase." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            names = [f"{target}.{a.name}" if _is_module(f"{target}.{a.name}") else target for a in node.names]
            out += [(node.lineno, n) for n in dict.fromkeys(names) if n.startswith("judgebase")]
        elif isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.startswith("judgebase")]
    return out


def _is_module(dotted: str) -> bool:
    path = PACKAGE.parent.joinpath(*dotted.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def _modules():
    return [p for p in sorted(PACKAGE.rglob("*.py")) if "_shipped" not in p.parts]


def test_every_import_goes_down_or_sideways():
    wrong = []
    for path in _modules():
        module = "judgebase." + ".".join(path.relative_to(PACKAGE).with_suffix("").parts)
        if module == "judgebase.__init__":
            continue  # the package's version string, nothing else
        own = layer_of(module.removesuffix(".__init__"))
        for line, target in imports(path):
            if target == "judgebase":
                continue
            if layer_of(target) > own:
                wrong.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {module} ({LAYERS[own][0]}) imports "
                             f"{target} ({LAYERS[layer_of(target)][0]})")
    assert not wrong, "\n".join(wrong)


def test_the_engine_knows_nothing_else_of_judgebase():
    for path in (PACKAGE / "engine").rglob("*.py"):
        for line, target in imports(path):
            assert target.startswith("judgebase.engine") or layer_of(target) == 0, f"{path}:{line}: {target}"


def test_scenario_runners_do_not_import_each_other():
    runners = {p.stem for p in (PACKAGE / "scenarios").glob("*_runner.py")} | {"runner"}
    for path in (PACKAGE / "scenarios").glob("*.py"):
        if path.stem not in runners:
            continue
        for line, target in imports(path):
            other = target.removeprefix("judgebase.scenarios.").split(".")[0]
            assert other == path.stem or other not in runners, f"{path.name}:{line} imports {target}"


def test_the_checker_sees_function_level_imports(tmp_path):
    sample = PACKAGE / "deck.py"
    assert any(t.startswith("judgebase.engine") for _, t in imports(sample))
