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
        restrictions: data/restrictions-example.yaml   # optional, inside this scenario's folder
        cards: data/cards.csv                          # optional: a card file (judgebase deck check --cards)
        expect: {legal: false, refs: [TT §1.2]}

The file is validated against ``deck_check_scenario`` in schema.json first; every
mistake in it (a wrong type, an empty list, a restriction list outside the
scenario's folder, a list or restriction list the deck check can't read) is a
:class:`ScenarioError` with the file and line.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..engine.state import Event
from .common import ScenarioError, ScenarioResult, _line_of, _plain, schema

FORMATS = ("official", "tamer_tactics")


@lru_cache(maxsize=1)
def _validator():
    import jsonschema

    return jsonschema.Draft202012Validator({"$defs": schema()["$defs"], "$ref": "#/$defs/deck_check_scenario"})


def _brief(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def validate_deck_check(data, shown: str) -> dict:
    """Validate a parsed deck-check scenario; ScenarioError(path, line, message) if it is wrong."""
    import jsonschema

    error = jsonschema.exceptions.best_match(_validator().iter_errors(_plain(data)))
    if error is not None:
        path = list(error.absolute_path)
        where = "/".join(str(p) for p in path) or "(top level)"
        if error.instance is None:
            message = "is empty"
        elif error.validator == "pattern" and error.validator_value == "\\S":
            message = "is blank"
        else:
            message = error.message if len(error.message) <= 200 else error.message[:197] + "..."
        if error.validator == "additionalProperties" and isinstance(error.instance, dict):
            known = error.schema.get("properties", {})
            path += [next(k for k in error.instance if k not in known)]  # the line of the first stray key
        raise ScenarioError(shown, _line_of(data, path), f"{where}: {message}")
    return data


def _restrictions_path(path: str | Path, shown: str, item: dict, line: int, key: str = "restrictions") -> Path:
    """The check's restriction list (or card file, ``key``): a file inside the scenario's own folder, nowhere else."""
    named = item[key]
    folder = Path(path).parent
    try:
        home = folder.resolve()
        target = (home / named).resolve()
    except (OSError, ValueError, RuntimeError) as exc:
        raise ScenarioError(shown, line, f"{key}: {_brief(named)} is not a usable path ({exc})") from None
    what = "restriction list" if key == "restrictions" else "card file"
    if not target.is_relative_to(home):
        raise ScenarioError(shown, line, f"{key}: {_brief(named)} is outside the scenario's folder ({folder}); "
                                         f"a scenario's {what} lives beside it, e.g. data/"
                                         f"{'restrictions-example.yaml' if key == 'restrictions' else 'cards.csv'}")
    if not target.is_file():
        raise ScenarioError(shown, line, f"{key}: no {what} {_brief(named)} in {folder}")
    return target


def read_check(item: dict, index: int, path: str | Path, shown: str):
    """One check's list, restriction list and card file, read: ``(DeckList, Restrictions | None, cards | None)``;
    ScenarioError if any can't be."""
    from .. import deck

    restrictions = cards = None
    if "cards" in item:
        at = item.line_of("cards")
        target = _restrictions_path(path, shown, item, at, "cards")
        try:
            cards = deck.load_cards(target)
        except deck.DeckInputError as exc:
            raise ScenarioError(shown, at, "cards: " + "; ".join(exc.messages)) from None
    if "restrictions" in item:
        at = item.line_of("restrictions")
        target = _restrictions_path(path, shown, item, at)
        try:
            restrictions = deck.load_restrictions(target, label=item["restrictions"])
        except deck.DeckInputError as exc:
            raise ScenarioError(shown, at, "restrictions: " + "; ".join(exc.messages)) from None
    try:
        listed = deck.parse(item["list"], source=f"{Path(path).name}#{index + 1}", cards=cards)
    except deck.DeckInputError as exc:
        raise ScenarioError(shown, item.line_of("list"), "list: " + "; ".join(exc.messages)) from None
    return listed, restrictions, cards


def disagreement(want: dict, legal: bool, problems, shown: str, line: int) -> str | None:
    """What a check's verdict says against the scenario's ``expect``, as ``path:line: ...``; None if it agrees.

    ``problems`` are ``(message, ref)`` pairs.  The conformance harness judges another
    engine's verdict with this same function.
    """
    got_refs = {ref for _, ref in problems if ref}
    if "legal" in want and legal != want["legal"]:
        why = "; ".join(f"{message} [{ref}]" for message, ref in problems)
        return (f"{shown}:{line}: expected {'legal' if want['legal'] else 'not legal'}, the check says "
                f"{'legal' if legal else 'not legal'}" + (f": {why}" if why else ""))
    missing = [r for r in want.get("refs", []) if r not in got_refs]
    if missing:
        return f"{shown}:{line}: expected problems citing {missing}; the check cited {sorted(got_refs)}"
    return None


def run_deck_check(data, shown: str) -> ScenarioResult:
    from .. import deck

    data, path = validate_deck_check(data, shown), Path(shown)
    ruleset = data.get("ruleset", "official")
    result = ScenarioResult(shown, str(data["description"]), data.get("ruling"), list(data["cites"]), True, "passed",
                            ruleset=ruleset)
    for i, item in enumerate(data["checks"]):
        line = data["checks"].line_of(i)
        listed, restrictions, cards = read_check(item, i, path, shown)
        checked = deck.check(listed, ruleset, cards=cards, restrictions=restrictions)
        for problem in checked.problems:
            result.log.append(Event("deck_problem", problem.ref or problem.rule, None, {"message": problem.message}))
        result.log.append(Event("deck_legal" if checked.legal else "deck_not_legal", "TT §1" if ruleset == "tamer_tactics" else "CR 1-4-1", None, {}))
        wrong = disagreement(item["expect"], checked.legal, [(p.message, p.ref) for p in checked.problems], shown, line)
        if wrong:
            result.passed, result.message = False, wrong
            break
        result.steps += 1
    return result
