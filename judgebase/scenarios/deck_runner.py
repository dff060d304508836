"""Deck-check scenarios: rulings about deck lists, proven by running the deck check.

Some rulings are not game positions but list rules (Tamer Tactics FAQ: "4-7 Tamers
+ 2-5 Digi-Eggs", "the official restriction list applies").  Such a scenario holds a
deck list, the format, the restriction list if any, and what the check must say::

    kind: deck_check
    description: ...
    ruling: tt-001-faq-07-...
    ruleset: tamer_tactics
    cites: [TT §1.2]
    source: {document: "001", item: FAQ 7}
    checks:
      - list: |
          Main deck
          ...
        expect: {legal: false, refs: [TT §1.2]}
"""

from __future__ import annotations

import re
from pathlib import Path

from ..corpus import yamlsrc
from ..engine.state import Event
from .runner import ScenarioError, ScenarioResult

_KIND_LINE = re.compile(r"""^kind:[ \t]*(["']?)deck_check\1[ \t]*(#.*)?$""", re.M)
FORMATS = ("official", "tamer_tactics")


def is_deck_check(path: str | Path) -> bool:
    try:
        return _KIND_LINE.search(Path(path).read_text(encoding="utf-8")) is not None
    except (OSError, UnicodeDecodeError):
        return False


def run_deck_check(path: str | Path) -> ScenarioResult:
    from .. import deck

    shown = str(path)
    try:
        data = yamlsrc.load(Path(path).read_text(encoding="utf-8"))
    except yamlsrc.YamlError as exc:
        raise ScenarioError(shown, exc.line, str(exc)) from None
    for key in ("description", "cites", "source", "checks"):
        if key not in data:
            raise ScenarioError(shown, getattr(data, "line", 1), f"a deck_check scenario needs {key!r}")
    ruleset = data.get("ruleset", "official")
    if ruleset not in FORMATS:
        raise ScenarioError(shown, data.line_of("ruleset"), f"deck checks exist for {', '.join(FORMATS)}")
    result = ScenarioResult(shown, str(data["description"]), data.get("ruling"), list(data["cites"]), True, "passed",
                            ruleset=ruleset)
    for i, item in enumerate(data["checks"]):
        line = data["checks"].line_of(i)
        if not isinstance(item, dict) or "list" not in item or "expect" not in item:
            raise ScenarioError(shown, line, "each check needs `list` and `expect`")
        restrictions = None
        if item.get("restrictions"):
            target = Path(path).parent / str(item["restrictions"])
            if not target.is_file():
                raise ScenarioError(shown, item.line_of("restrictions"), f"no restriction list at {target}")
            restrictions = deck.load_restrictions(target)
        checked = deck.check(deck.parse(str(item["list"]), source=f"{Path(path).name}#{i + 1}"), ruleset,
                             restrictions=restrictions)
        for problem in checked.problems:
            result.log.append(Event("deck_problem", problem.ref or problem.rule, None, {"message": problem.message}))
        result.log.append(Event("deck_legal" if checked.legal else "deck_not_legal", "TT §1" if ruleset == "tamer_tactics" else "CR 1-4-1", None, {}))
        want = item["expect"]
        got_refs = {p.ref for p in checked.problems if p.ref}
        if "legal" in want and checked.legal != bool(want["legal"]):
            result.passed = False
            result.message = f"{shown}:{line}: expected {'legal' if want['legal'] else 'not legal'}, the check says {'legal' if checked.legal else 'not legal'}: " + "; ".join(f"{p.message} [{p.ref}]" for p in checked.problems)
            break
        missing = [r for r in want.get("refs", []) if r not in got_refs]
        if missing:
            result.passed = False
            result.message = f"{shown}:{line}: expected problems citing {missing}; the check cited {sorted(got_refs)}"
            break
        result.steps += 1
    return result
