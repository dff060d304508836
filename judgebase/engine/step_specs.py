"""The common effect steps real cards print, as card-spec data: which fields each takes.

Costs paid with "By ..." (CR 15-7), playing a card without paying its cost, revealing the
top of the deck (CR 15-15-3), sending a Digimon to the bottom of the deck, moving security
cards, and memory gained or lost per count (CR 4-27).  :func:`step_problem` checks a step's
argument when a card is loaded, so a field the engine would not apply is an error naming
that field, never ignored.  ``judgebase/scenarios/schema.json`` accepts the same fields
(``tests/test_common_steps_vocabulary.py`` compares the two).
"""

from __future__ import annotations

#: How a card is picked from a zone: "1 [Agumon]", "1 Digimon card with a play cost of 4 or less", ...
CARD_FILTERS = ("name", "name_contains", "trait", "category", "colour", "level", "max_level", "max_cost")
#: Where a played card comes from.
PLAY_ZONES = ("hand", "trash", "security", "deck_top")
#: What memory can be gained or lost for each of ("for each of your Tamers", CR 4-27-1).
MEMORY_COUNTS = ("own_digimon", "own_tamers", "opponent_digimon", "opponent_tamers", "own_security",
                 "opponent_security", "own_hand", "opponent_hand", "own_trash", "digivolution_cards",
                 "occurrences")
#: The fields of each common step that takes a mapping.
STEP_FIELDS: dict[str, tuple[str, ...]] = {
    "by": ("trash_from_hand", "trash_security", "suspend", "delete", "trash_to_deck_bottom"),
    "play": ("from", "optional") + CARD_FILTERS,
    "reveal": ("count", "to_hand", "rest", "look", "digivolve"),
    "to_deck_bottom": ("target", "max_dp", "max_level", "min_level", "highest_level", "lowest_level", "sources"),
    "trash_sources": ("target", "max_dp", "max_level", "amount", "per", "every", "from"),
    "for_each": ("per", "every", "do"),
    "activate_main": ("from", "optional") + CARD_FILTERS,
    "trash_to_hand": ("amount", "optional") + CARD_FILTERS,
    "place_under": ("from", "optional", "activate") + CARD_FILTERS,
    "sources_to_hand": ("amount", "optional") + CARD_FILTERS,
    "security_to_hand": ("amount",),
    "reveal_security": ("count", "trash"),
    "to_security": ("from", "target", "face_up", "optional", "bottom", "max_dp", "max_level") + CARD_FILTERS,
    "memory": ("amount", "per", "every", "player"),
    "trash_security": ("amount", "player", "from"),
}
#: Fields of one selection among revealed cards (``reveal.to_hand``).
REVEAL_PICK_FIELDS = ("amount", "up_to", "different", "text", "effect_text", "inherited_text", "link_text") + CARD_FILTERS
#: "with different XX" (CR 4-25-1): the information the cards picked together must differ in.
DIFFERENT = ("name", "colour", "level")
COMMON_STEPS = ("by", "play", "reveal", "to_deck_bottom", "security_to_hand", "to_security", "reveal_security", "trash_sources", "for_each",
                "activate_main", "trash_to_hand", "place_under", "sources_to_hand")
#: Where "place 1 card ... under this Digimon as its bottom digivolution card" takes the card from.
PLACE_UNDER_ZONES = ("hand", "trash")
#: The timing icons of the placed card's effects that "activate 1 of that card's [...] effects" may name.
PLACE_UNDER_ACTIVATES = ("when_digivolving", "on_play", "when_attacking")
#: The steps "do A and B for each X" may repeat (CR 4-27-4), each with a whole number.
FOR_EACH_STEPS = ("draw", "memory", "recovery", "trash_security")
#: Common steps that choose their Digimon the way delete or suspend do (target, max_dp, max_level).
TARGETED_STEPS = ("to_deck_bottom", "trash_sources")

_TARGETS = ("self", "own", "opponent")
_CATEGORIES = ("digimon", "tamer", "option", "digi-egg")


def step_problem(name: str, arg) -> str | None:
    """What is wrong with the argument of step ``name`` (a common step), or None."""
    if name == "for_each":
        problem = _fields(name, arg) or _required(name, arg, "per", "do") or _enum(name, arg, "per", MEMORY_COUNTS) \
            or _every(name, arg)
        if problem:
            return problem
        for i, sub in enumerate(arg["do"] if isinstance(arg["do"], list) else [None]):
            if not (isinstance(sub, dict) and len(sub) == 1 and next(iter(sub)) in FOR_EACH_STEPS
                    and isinstance(next(iter(sub.values())), int)):
                return f"for_each.do[{i}]: one of {', '.join(FOR_EACH_STEPS)} with a whole number"
        return None
    if name == "memory":
        if isinstance(arg, int) and not isinstance(arg, bool):
            return None
        return _fields(name, arg) or _required(name, arg, "amount", "per") or _enum(name, arg, "per", MEMORY_COUNTS) \
            or _enum(name, arg, "player", ("self", "opponent")) or _every(name, arg)
    if name == "trash_security":
        if isinstance(arg, int) and not isinstance(arg, bool):
            return None
        return _fields(name, arg) or _enum(name, arg, "player", ("self", "opponent", "both")) or _enum(name, arg, "from", ("top", "bottom"))
    if name == "security_to_hand":
        if isinstance(arg, int) and not isinstance(arg, bool):
            return None if arg >= 1 else "security_to_hand: the number of cards is 1 or more"
        return _fields(name, arg)
    if name == "reveal_security":
        problem = _fields(name, arg) if isinstance(arg, dict) else "reveal_security: {count: N, trash: M}"
        if problem:
            return problem
        if not isinstance(arg.get("count"), int) or isinstance(arg.get("count"), bool) or arg["count"] < 1:
            return "reveal_security.count: how many security cards to reveal (1 or more)"
        trash = arg.get("trash", 0)
        if not isinstance(trash, int) or isinstance(trash, bool) or not 0 <= trash <= arg["count"]:
            return "reveal_security.trash: how many of the revealed cards to trash (0 to count)"
        return None
    if name not in COMMON_STEPS:
        return None
    problem = _fields(name, arg)
    if problem:
        return problem
    if name == "by":
        if len(arg) != 1:
            return "by: name exactly 1 cost (trash_from_hand, trash_security, suspend, delete or trash_to_deck_bottom)"
        (kind, value), = arg.items()
        if kind == "trash_from_hand":
            if isinstance(value, int) and not isinstance(value, bool):
                return None if value >= 1 else "by.trash_from_hand: the number of cards is 1 or more"
            return _fields("by.trash_from_hand", value, ("amount",) + CARD_FILTERS) or _filter_problem("by.trash_from_hand", value)
        if kind == "trash_to_deck_bottom":  # "By returning 1 [A] and 1 [B] from your trash to the bottom of the deck"
            if not isinstance(value, list) or not value or not all(isinstance(part, dict) and part for part in value):
                return "by.trash_to_deck_bottom: a list of card filters, one card each ([{name: Kimeramon}, {name: Machinedramon}])"
            for i, part in enumerate(value):
                problem = _fields(f"by.trash_to_deck_bottom[{i}]", part, CARD_FILTERS) or _filter_problem(f"by.trash_to_deck_bottom[{i}]", part)
                if problem:
                    return problem
            return None
        if kind == "trash_security":  # "By trashing your top N security cards"
            ok = isinstance(value, int) and not isinstance(value, bool) and value >= 1
            return None if ok else "by.trash_security: the number of your top security cards to trash (1 or more)"
        if kind == "suspend" and isinstance(value, dict):  # "By suspending N of your Digimon"
            amount = value.get("amount")
            if set(value) != {"amount"} or not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
                return "by.suspend: {amount: N} (N of your Digimon, 1 or more) is its only form as a mapping"
            return None
        return None if value in ("self", "own") else f"by.{kind}: self (this card) or own (1 of your Digimon)"
    if name in ("trash_to_hand", "sources_to_hand"):  # "return N cards from your trash / its digivolution cards to the hand"
        amount = arg.get("amount", 1)
        where = "the trash" if name == "trash_to_hand" else "this Digimon's digivolution cards"
        if not isinstance(amount, int) or isinstance(amount, bool) or amount < 1:
            return f"{name}.amount: how many cards go from {where} to the hand (1 or more)"
        if "optional" in arg and not isinstance(arg["optional"], bool):
            return f"{name}.optional: true (\"you may return\") or false"
        return _filter_problem(name, arg)
    if name == "place_under":  # "place 1 [...] card from your hand or trash under this Digimon as its bottom digivolution card"
        zones = arg.get("from")
        zones = zones if isinstance(zones, list) else [zones]
        if not zones or any(z not in PLACE_UNDER_ZONES for z in zones) or len(set(zones)) != len(zones):
            return f"place_under.from: {' or '.join(PLACE_UNDER_ZONES)}, or a list of both"
        if "optional" in arg and not isinstance(arg["optional"], bool):
            return "place_under.optional: true (\"you may place\") or false"
        if "activate" in arg and arg["activate"] not in PLACE_UNDER_ACTIVATES:
            return f"place_under.activate: the timing of the placed card's effects to activate 1 of ({', '.join(PLACE_UNDER_ACTIVATES)})"
        return _filter_problem(name, arg)
    if name == "activate_main":
        return _required(name, arg, "from") or _enum(name, arg, "from", ("trash",)) or _filter_problem(name, arg)
    if name == "play":
        return _required(name, arg, "from") or _enum(name, arg, "from", PLAY_ZONES) or _filter_problem(name, arg)
    if name == "reveal":
        if not isinstance(arg.get("count"), int) or arg["count"] < 1:
            return "reveal.count: how many cards to reveal (1 or more)"
        picks = arg.get("to_hand", [])
        for i, pick in enumerate(picks if isinstance(picks, list) else [picks]):
            problem = _fields(f"reveal.to_hand[{i}]", pick, REVEAL_PICK_FIELDS) or _filter_problem(f"reveal.to_hand[{i}]", pick)
            part = next((k for k in ("effect_text", "inherited_text", "link_text") if k in pick and not (isinstance(pick[k], str) and pick[k])), None)
            if not problem and part:
                problem = f"reveal.to_hand[{i}].{part}: the keyword it names (e.g. blocker)"
            if not problem and "different" in pick and pick["different"] not in DIFFERENT:
                problem = f"reveal.to_hand[{i}].different: one of {', '.join(DIFFERENT)} (\"with different names\" ...)"
            if problem:
                return problem
        if "digivolve" in arg:
            problem = _fields("reveal.digivolve", arg["digivolve"], CARD_FILTERS) or _filter_problem("reveal.digivolve", arg["digivolve"])
            if problem:
                return problem
        if "look" in arg and arg["look"] is not True:
            return "reveal.look: true (\"look at\" the cards instead of revealing them) or left out"
        return _enum(name, arg, "rest", ("bottom", "trash"))
    if name == "to_deck_bottom":
        # No default for sources: the rules trash the cards under it (CR 4-7-8) unless the card
        # says "and all of its digivolution cards", so the spec says which text the card prints.
        # "all of ...": they go at the same time, in one order their player chooses (CR 3-1-3-4).
        return _required(name, arg, "sources") or _enum(name, arg, "target", _TARGETS + ("all_own", "all_opponent", "all")) \
            or _enum(name, arg, "sources", ("deck", "trash")) or _flag(name, arg, "highest_level", (True,)) \
            or _flag(name, arg, "lowest_level", (True,))
    if name == "trash_sources":
        return _required(name, arg, "from") or _enum(name, arg, "target", _TARGETS) \
            or _enum(name, arg, "from", ("top", "bottom")) or _enum(name, arg, "per", MEMORY_COUNTS) or _every(name, arg)
    if name == "to_security":
        problem = _required(name, arg, "from") or _enum(name, arg, "from", ("hand", "trash", "field", "self")) \
            or _flag(name, arg, "bottom", (True, False))
        if problem:
            return problem
        if arg["from"] == "self":  # "place this card ...": nothing to choose
            other = [k for k in arg if k not in ("from", "face_up", "bottom")]
            return f"to_security.{other[0]}: this card is placed as it is; only face_up and bottom apply" if other else None
        if arg["from"] == "field" and "bottom" in arg:
            return "to_security.bottom: a card from the field goes on top of the security stack"
        if arg["from"] == "field":
            other = [k for k in arg if k in CARD_FILTERS + ("optional",) and k != "max_level"]
            if other:
                return f"to_security.{other[0]}: a card from the field is chosen with target, max_dp and max_level"
            return _enum(name, arg, "target", _TARGETS)
        for key in ("target", "max_dp"):
            if key in arg:
                return f"to_security.{key}: only for a card from the field (from: field), not from the {arg['from']}"
        return _filter_problem(name, arg)
    return None


def _fields(name: str, arg, allowed: tuple[str, ...] | None = None) -> str | None:
    allowed = STEP_FIELDS[name] if allowed is None else allowed
    if not isinstance(arg, dict):
        return f"{name}: expected a mapping with {', '.join(allowed)}"
    unknown = [k for k in arg if k not in allowed]
    if unknown:
        return f"{name}: unknown field {unknown[0]!r} (known: {', '.join(allowed)})"
    return None


def _every(name: str, arg: dict) -> str | None:
    """``every: N`` ("for every N X"): a whole number of 2 or more, with the ``per`` it divides."""
    if "every" not in arg:
        return None
    n = arg["every"]
    if not isinstance(n, int) or isinstance(n, bool) or n < 2:
        return f"{name}.every: a whole number of 2 or more (\"for every 2 ...\")"
    return None if "per" in arg else f"{name}.every: needs per, the count it groups"


def _required(name: str, arg: dict, *keys: str) -> str | None:
    for key in keys:
        if key not in arg:
            return f"{name}: {key} is required"
    return None


def _enum(name: str, arg: dict, key: str, values) -> str | None:
    if key in arg and arg[key] not in values:
        return f"{name}.{key}: {arg[key]!r} is not one of {', '.join(values)}"
    return None


def _flag(name: str, arg: dict, key: str, values: tuple[bool, ...]) -> str | None:
    if key in arg and not any(arg[key] is v for v in values):
        return f"{name}.{key}: {' or '.join(str(v).lower() for v in values)}"
    return None


def _filter_problem(name: str, spec: dict) -> str | None:
    if "category" in spec and spec["category"] not in _CATEGORIES:
        return f"{name}.category: {spec['category']!r} is not one of {', '.join(_CATEGORIES)}"
    for key in ("level", "max_level", "max_cost", "amount"):
        if key in spec and (not isinstance(spec[key], int) or isinstance(spec[key], bool)):
            return f"{name}.{key}: a whole number"
    return None


def printed_name(d) -> str:
    """The card name rules and effects read: "ACE" in a printed name is not part of it (CR 2-3-1-4)."""
    return d.name[:-4] if d.name.endswith(" ACE") else d.name


def has_name(d, name: str) -> bool:
    """Whether the card is named [name]: its own name or a (Rule) name (CR 2-3-1-2, 2-3-4-3-1)."""
    return name == printed_name(d) or name in d.rule_names


def name_contains(d, text: str) -> bool:
    """Whether the card has [text] in its name, counting (Rule) names and name text (CR 2-3-1-3, 2-3-4-4-1)."""
    return any(text in n for n in (printed_name(d),) + d.rule_names + d.rule_name_parts)


def all_traits(d) -> tuple[str, ...]:
    """Its printed traits and those its (Rule) gives it (CR 2-3-4-2-1)."""
    return d.traits + d.rule_traits


def card_filter_problem(defn, spec: dict) -> str | None:
    """Why a card doesn't match a card filter ("1 [Agumon]", "level 3 or lower", ...), or None."""
    if "name" in spec and not has_name(defn, spec["name"]):
        return f"{defn.name} is not [{spec['name']}]"
    if "name_contains" in spec and not name_contains(defn, spec["name_contains"]):
        return f"{defn.name} doesn't have [{spec['name_contains']}] in its name"
    if "trait" in spec and spec["trait"] not in all_traits(defn):
        return f"{defn.name} doesn't have the [{spec['trait']}] trait"
    if "category" in spec and defn.category != spec["category"]:
        return f"{defn.name} is not a {spec['category']} card"
    if "colour" in spec and spec["colour"] not in defn.colours:
        return f"{defn.name} is not {spec['colour']}"
    if "level" in spec and defn.level != spec["level"]:
        return f"{defn.name} is not level {spec['level']}"
    if "max_level" in spec and (defn.level is None or defn.level > spec["max_level"]):
        return f"{defn.name} is not level {spec['max_level']} or lower"
    if "max_cost" in spec and (defn.play_cost is None or defn.play_cost > spec["max_cost"]):
        return f"{defn.name} doesn't have a play cost of {spec['max_cost']} or less"
    if "text" in spec and spec["text"] not in set().union(*printed_icons(defn)):
        return f"{defn.name} has no <{spec['text']}> in its text"
    if "effect_text" in spec and spec["effect_text"] not in printed_icons(defn)[0]:
        return f"{defn.name} has no <{spec['effect_text']}> in its effect"
    if "inherited_text" in spec and spec["inherited_text"] not in printed_icons(defn)[1]:
        return f"{defn.name} has no <{spec['inherited_text']}> in its inherited effect"
    if "link_text" in spec and spec["link_text"] not in {k for k, _ in (defn.link or {}).get("keywords", ())}:
        return f"{defn.name} has no <{spec['link_text']}> in its link effect"
    return None


# The filter and condition keys whose value is a keyword icon the card's text names.
NAMED_ICON_KEYS = ("text", "has_keyword", "effect_text", "inherited_text", "link_text")


def printed_icons(defn) -> tuple[set, set]:
    """The keyword icons printed on a card (CR 4-23-1), in its own text and in its inherited effect:
    its keywords and the keyword steps of its effects, whether or not they could work now (CR 4-23-3),
    and the icons its conditions and filters name ("while this Digimon has <Save> in its text" prints
    <Save> too). Each icon is its own name: <Material Save> is not <Save> (CR 4-23-4)."""
    def named(spec, found: set) -> None:
        # "with <XX> (in its text)" names the icon XX wherever a condition or filter says it.
        if isinstance(spec, dict):
            for key, value in spec.items():
                if key in NAMED_ICON_KEYS and isinstance(value, str):
                    found.add(value)
                else:
                    named(value, found)
        elif isinstance(spec, (list, tuple)):
            for value in spec:
                named(value, found)

    def icons(keywords, effects) -> set:
        found = {name for name, _ in keywords}
        for effect in effects:
            named(effect.condition, found)
            for step in effect.steps:
                found.update(k for k in step if k not in ("if", "by"))
                gain = step.get("gain")
                if isinstance(gain, dict) and "keyword" in gain:
                    found.add(gain["keyword"])
                named(step, found)
        return found
    return icons(defn.keywords, defn.effects), icons(defn.inherited_keywords, defn.inherited)
