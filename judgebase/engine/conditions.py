"""What card text asks of the board and of its targets: processing conditions ("if", "while",
CR 15-6) and the conditions a target must meet to be chosen or affected (CR 15-11-1-3, 15-11-2-3).

The vocabulary is data here so that a card naming a key the engine does not apply is refused when
it is loaded (``CardError`` saying which field), and so that the scenario schema can be tested
against the same names.  The official engine evaluates them in ``official/targets.py``.
"""

from __future__ import annotations

# Conditions on one card in a battle area: key -> the clause that decides whether a card meets it.
FILTERS = {
    "category": "CR 4-3-1",  # digimon, tamer, option (or a list): "Digimon" are Digimon on the field
    "name": "CR 2-3-1-2",  # "[XX]": only cards whose name is XX
    "name_contains": "CR 2-3-1-3",  # "with [XX] in its name"
    "trait": "CR 2-3-2-3",  # "with the [XX] trait"
    "trait_contains": "CR 2-3-2-4",  # "with [XX] in any of its traits"
    "colour": "CR 2-4-3-1",  # a colour or a list (any of them); a multicolour card has them all
    "not_colour": "CR 2-4-3-2",  # "that isn't X": a multicolour card with X among its colours is X too
    "level": "CR 2-9-1",
    "min_level": "CR 2-9-1",
    "max_level": "CR 2-9-1",
    "min_dp": "CR 2-5-2",  # the current DP is the one referenced
    "max_dp": "CR 2-5-2",
    "suspended": "CR 4-13-1-2-2",  # true: suspended; false: unsuspended (CR 4-13-1-1-2)
    "min_sources": "CR 4-26-1",  # "with N digivolution cards": N is met by N or more
    "max_sources": "CR 4-8-1",
    # "with a [XX] among its digivolution cards": read from the cards treated as its digivolution cards
    "with_source": "CR 4-8-2",
    "has_keyword": "CR 15-11-1-3-1",
    "text": "CR 4-23-1",  # "with <XX> in its text": printed on the top card, never gained (CR 4-23-2)
    "other": "CR 15-11-1-3-1",  # "your other Digimon": not the card with the effect
}
# Conditions that compare a candidate with the other candidates: only for a step's targets.
RANKINGS = {
    "lowest_dp": "CR 15-11-1-3-1",
    "highest_dp": "CR 15-11-1-3-1",
    "lowest_level": "CR 15-11-1-3-1",
    "highest_level": "CR 15-11-1-3-1",
}
# What a step with a target says besides its filters.
STEP_PARAMS = ("amount", "target", "until", "keyword", "value", "instances", "info", "count", "and_security_attack", "onto",
               "total_max_dp")
UNTIL = ("end_of_turn", "end_of_attack", "end_of_opponents_turn", "permanent")  # how long a change lasts
# The steps that choose or affect cards through ``target`` and the filters.
TARGETED_STEPS = ("dp", "security_attack", "gain", "delete", "suspend", "unsuspend", "return_to_hand", "de_digivolve",
                  "add_info", "change_info", "place_digimon_under")
# What a place_digimon_under step may put the chosen Digimon under (CR 4-7-7): another Digimon of that side,
# as its bottom digivolution card, or a Tamer of the opponent.
ONTO = ("own", "opponent", "opponent_tamer")
# What ``info`` of an add_info / change_info step may give (CR 15-12-1, 15-12-2): ``category`` only
# as added information ("treated as a Digimon"), ``name`` only as changed information.
INFO_KEYS = {"add_info": ("dp", "level", "category"), "change_info": ("dp", "level", "name")}
TARGETS = {
    "self": "CR 15-3-3",  # the card with the effect
    "own": "CR 15-10-1-1-1",
    "opponent": "CR 15-10-1-2-1",
    "any": "CR 15-10-1-3-1",  # either player's
    "all_own": "CR 15-10-2-4-1",
    "all_opponent": "CR 15-10-2-4-1",
    "all": "CR 15-10-2-4-1",
    "opponent_tamer": "CR 15-10-1-2-1",
    "all_opponent_tamers": "CR 15-10-2-4-1",
}
# Processing conditions (CR 15-6-1): every key given must hold.
CONDITIONS = {
    "memory_at_most": "CR 4-1-2",
    "memory_at_least": "CR 4-1-2",
    "opponent_memory_at_most": "CR 4-1-3",  # read from the opponent's side of the gauge
    "opponent_memory_at_least": "CR 4-1-3",
    "digimon": "CR 4-3-1",  # {player, at_least, at_most, filters}: Digimon in a battle area (CR 3-4-7-7)
    "tamers": "CR 4-4-1",
    "security": "CR 3-7-1",  # {player, at_least, at_most}: cards in a security stack
    "hand": "CR 3-5-1",
    "this": "CR 15-6-1",  # {filters}: the card whose effect it is
    "digixrosed": "CR 7-2-2-9",  # true: "if DigiXrosing" (1+ cards placed); N: "with N cards", exactly N (CR 7-2-2-10)
    "assembled": "CR 7-3-2-7",  # true: "if played with Assembly": 1+ cards went under it by its Assembly
    # {filters}: "if that Digimon is ...", the Digimon whose event triggered this `when` effect, read as it is
    # when the step is processed (CR 15-8-3-9-3); a step's own condition only
    "trigger": "CR 15-8-3-9-3",
}
COUNT_PARAMS = ("player", "at_least", "at_most")
FILTER_CATEGORIES = ("digimon", "tamer", "option")  # a Digi-Egg on the field is a Digimon (CR 4-3-1)
PLAYERS = ("own", "opponent", "any")

_INT = ("level", "min_level", "max_level", "min_dp", "max_dp", "min_sources", "max_sources")
_STR = ("name", "name_contains", "trait", "trait_contains")
_BOOL = ("suspended",)


def check_filters(spec: dict, where: str, rankings: bool = False) -> None:
    """Refuse a filter the engine doesn't know or a value of the wrong kind (CardError)."""
    from .cards import COLOURS, PROPERTY_KEYWORDS, CardError

    for key, value in spec.items():
        if key in RANKINGS:
            if not rankings:
                raise CardError(f"{where}: {key} compares the targets a step chooses from; it can't be used here")
            if value is not True:
                raise CardError(f"{where}: {key} must be true")
        elif key in _INT:
            if isinstance(value, bool) or not isinstance(value, int):
                raise CardError(f"{where}: {key} must be a whole number")
        elif key in _STR:
            if not isinstance(value, str) or not value:
                raise CardError(f"{where}: {key} must be a name or a trait, e.g. {key}: Greymon")
        elif key in _BOOL:
            if not isinstance(value, bool):
                raise CardError(f"{where}: {key} must be true or false")
        elif key == "other":
            if value is not True:
                raise CardError(f"{where}: other must be true")
        elif key in ("colour", "not_colour"):
            for colour in _one_or_more(value, where, key):
                if colour not in COLOURS:
                    raise CardError(f"{where}: unknown colour {colour!r} (known: {', '.join(COLOURS)})")
        elif key == "category":
            for category in _one_or_more(value, where, key):
                if category not in FILTER_CATEGORIES:
                    raise CardError(f"{where}: unknown category {category!r} (known: {', '.join(FILTER_CATEGORIES)})")
        elif key == "text":
            if not isinstance(value, str) or not value:
                raise CardError(f"{where}: text names a keyword icon, e.g. text: save")
        elif key == "with_source":
            from .step_specs import CARD_FILTERS
            if not isinstance(value, dict) or not value or any(k not in CARD_FILTERS for k in value):
                raise CardError(f"{where}: with_source is a card filter such as {{name: Agumon}} "
                                f"(known: {', '.join(CARD_FILTERS)})")
        elif key == "has_keyword":
            if not isinstance(value, str) or value not in PROPERTY_KEYWORDS:
                raise CardError(f"{where}: unknown keyword {value!r} (known: {', '.join(sorted(PROPERTY_KEYWORDS))})")
        else:
            known = sorted(FILTERS) + (sorted(RANKINGS) if rankings else [])
            raise CardError(f"{where}: unknown filter {key!r} (known: {', '.join(known)})")


def _one_or_more(value, where: str, key: str) -> list:
    from .cards import CardError

    values = value if isinstance(value, list) else [value]
    if not values:
        raise CardError(f"{where}: {key} names at least one")
    return values


def check_condition(spec, where: str) -> None:
    """Refuse a processing condition the engine doesn't know, or a malformed one (CardError)."""
    from .cards import CardError

    if not isinstance(spec, dict) or not spec:
        raise CardError(f"{where}: a condition is a mapping such as {{digimon: {{player: opponent, at_least: 2}}}}")
    for key, value in spec.items():
        here = f"{where}.{key}"
        if key in ("memory_at_most", "memory_at_least", "opponent_memory_at_most", "opponent_memory_at_least"):
            if isinstance(value, bool) or not isinstance(value, int):
                raise CardError(f"{here}: must be a whole number")
        elif key in ("this", "trigger"):  # filters on one card: the one with the effect, the one that triggered it
            what, example = (("the card with the effect", "suspended: true") if key == "this"
                              else ("the Digimon that triggered the effect", "min_level: 4"))
            if not isinstance(value, dict) or not value:
                raise CardError(f"{here}: names what {what} must be, e.g. {{{example}}}")
            if "other" in value:
                raise CardError(f"{here}: other can't describe {what}" + (" itself" if key == "this" else ""))
            check_filters(value, here)
        elif key == "digixrosed":
            if value is not True and (isinstance(value, bool) or not isinstance(value, int) or value < 1):
                raise CardError(f"{here}: true (\"if DigiXrosing\") or a number of cards, 1 or more")
        elif key == "assembled":
            if value is not True:
                raise CardError(f"{here}: true (\"if played with Assembly\")")
        elif key in ("digimon", "tamers", "security", "hand"):
            if not isinstance(value, dict):
                raise CardError(f"{here}: a count such as {{player: opponent, at_least: 2}}")
            _check_count(value, here, filters=key in ("digimon", "tamers"))
        else:
            raise CardError(f"{where}: unknown condition {key!r} (known: {', '.join(CONDITIONS)})")


def _check_count(spec: dict, where: str, filters: bool) -> None:
    from .cards import CardError

    if not isinstance(spec.get("player", "own"), str) or spec.get("player", "own") not in PLAYERS:
        raise CardError(f"{where}.player: one of {', '.join(PLAYERS)}")
    for key in ("at_least", "at_most"):
        value = spec.get(key)
        if value is not None and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise CardError(f"{where}.{key}: must be a whole number, 0 or more")
    rest = {k: v for k, v in spec.items() if k not in COUNT_PARAMS}
    if rest and not filters:
        raise CardError(f"{where}: unknown key {next(iter(rest))!r} (known: {', '.join(COUNT_PARAMS)})")
    if "other" in rest:
        raise CardError(f"{where}: other isn't a condition on the cards counted")
    check_filters(rest, where)


# Limits that are not a number written in the text, read from the game as a step is processed
# (CR 15-8-3-7, 15-8-3-8); effects changing written values don't reach them (CR 15-15-4-3).
LIMIT_COUNTS = ("own_digimon", "own_tamers", "opponent_digimon", "opponent_tamers", "own_security",
                "opponent_security", "own_hand", "opponent_hand", "own_trash", "digivolution_cards")


def limit_reference(key: str, value) -> bool:
    """Whether a max_dp / max_level filter names a value to read ("this Digimon's DP", "the played
    Digimon's level", "the number of your security cards") rather than a written number."""
    return key in ("max_dp", "max_level") and not isinstance(value, int)


def _check_limit_references(name: str, filters: dict, where: str, target: str, persistent: bool, when: bool) -> None:
    from .cards import CardError

    for key, value in filters.items():
        if not limit_reference(key, value) or isinstance(value, bool):
            continue
        here = f"{where}.{key}"
        if persistent or target == "self" or (target.startswith("all") and name in ("dp", "security_attack", "gain")):
            raise CardError(f"{here}: a limit read from the game belongs to a step that chooses or deletes now")
        if key == "max_dp" and value != "self":
            raise CardError(f"{here}: a whole number, or self (no higher than this Digimon's DP)")
        if key == "max_level" and value == "trigger":
            if not when:
                raise CardError(f"{here}: trigger (the level of the Digimon that triggered it) belongs to a `when` effect")
        elif key == "max_level" and not (isinstance(value, dict) and set(value) == {"count"} and value["count"] in LIMIT_COUNTS):
            raise CardError(f"{here}: a whole number, trigger, or {{count: X}} with X one of {', '.join(LIMIT_COUNTS)}")


def check_targeted(name: str, spec, where: str, persistent: bool = False, when: bool = False) -> None:
    """A step with a target: its target, filters and parameters (CardError when unknown)."""
    from .cards import PROPERTY_KEYWORDS, CardError

    if not isinstance(spec, dict):
        return  # a bare amount: "this Digimon"
    target = spec.get("target", "self")
    if not isinstance(target, str) or target not in TARGETS:
        raise CardError(f"{where}: unknown target {target!r} (known: {', '.join(TARGETS)})")
    if spec.get("until", "end_of_turn") not in UNTIL:
        raise CardError(f"{where}: until is one of {', '.join(UNTIL)}, not {spec['until']!r}")
    if name in ("dp", "security_attack") and (isinstance(spec.get("amount"), bool) or not isinstance(spec.get("amount"), int)):
        raise CardError(f"{where}: {name} needs a whole-number amount")
    if name == "gain":
        if not isinstance(spec.get("keyword"), str) or spec["keyword"] not in PROPERTY_KEYWORDS:
            raise CardError(f"{where}: gain names a keyword (known: {', '.join(sorted(PROPERTY_KEYWORDS))}), "
                            f"not {spec.get('keyword')!r}")
    elif "keyword" in spec or "value" in spec:
        raise CardError(f"{where}: keyword and value belong to a gain step")
    if (name in INFO_KEYS) != ("info" in spec):
        raise CardError(f"{where}: info (the information given) belongs to add_info and change_info, which need it")
    if name in INFO_KEYS:
        _check_info(name, spec["info"], f"{where}.info")
        if target.startswith("all") and not persistent:
            raise CardError(f"{where}: {name} gives information to the cards it chooses (self, own, opponent, any, "
                            f"opponent_tamer), not to all of them")
    if "total_max_dp" in spec and (target not in ("own", "opponent", "any") or persistent or "count" in spec
                                   or isinstance(spec["total_max_dp"], bool) or not isinstance(spec["total_max_dp"], int)):
        raise CardError(f"{where}: total_max_dp (a whole number: \"any number of ... whose total DP adds up to N or less\") "
                        f"belongs to a step that chooses own, opponent or any Digimon, without count")
    if (name == "place_digimon_under") != ("onto" in spec):
        raise CardError(f"{where}: onto (what the Digimon goes under) belongs to a place_digimon_under step, which needs it")
    if name == "place_digimon_under":
        onto = spec["onto"] if isinstance(spec["onto"], list) else [spec["onto"]]
        if not onto or any(o not in ONTO for o in onto):
            raise CardError(f"{where}.onto: one or more of {', '.join(ONTO)}")
        if target not in ("own", "opponent", "any"):
            raise CardError(f"{where}: place_digimon_under chooses the Digimon it places (own, opponent or any)")
    if "instances" in spec and (name != "de_digivolve" or isinstance(spec["instances"], bool)
                                or not isinstance(spec["instances"], int) or spec["instances"] < 1):
        raise CardError(f"{where}: instances (a whole number, 1 or more) belongs to a de_digivolve step")
    if "count" in spec and (name not in ("dp", "security_attack", "gain") or target not in ("own", "opponent", "any")
                            or persistent or isinstance(spec["count"], bool) or not isinstance(spec["count"], int)
                            or spec["count"] < 2):
        raise CardError(f"{where}: count (a whole number, 2 or more: \"N of ... Digimon\", chosen at the same time) "
                        f"belongs to a dp, security_attack or gain step that chooses own, opponent or any Digimon")
    if "and_security_attack" in spec and (name != "dp" or isinstance(spec["and_security_attack"], bool)
                                          or not isinstance(spec["and_security_attack"], int)
                                          or target not in ("own", "opponent", "any", "self") or persistent):
        raise CardError(f"{where}: and_security_attack (a whole number: the chosen Digimon also get <Security A. N>) "
                        f"belongs to a dp step that chooses its Digimon")
    if spec.get("colour") == "chosen":  # "that colour": the one a choose_colour step of this effect chose (CR 2-4-2)
        spec = {k: v for k, v in spec.items() if k != "colour"}
    filters = {k: v for k, v in spec.items() if k not in STEP_PARAMS}
    _check_limit_references(name, filters, where, target, persistent, when)
    filters = {k: v for k, v in filters.items() if not limit_reference(k, v) or isinstance(v, bool)}
    check_filters(filters, where, rankings=not persistent and target not in ("self",) and not target.startswith("all"))
    if target == "self" and filters:
        raise CardError(f"{where}: target self is the card with the effect; filters choose among other cards")


def _check_info(name: str, info, where: str) -> None:
    """The information an add_info / change_info step gives (CR 15-12): known keys, values of their kind."""
    from .cards import CardError

    allowed = INFO_KEYS[name]
    if not isinstance(info, dict) or not info:
        raise CardError(f"{where}: a mapping of the information given ({', '.join(allowed)})")
    for key, value in info.items():
        if key not in allowed:
            raise CardError(f"{where}: {name} can't give {key!r} (known: {', '.join(allowed)})")
        if key in ("dp", "level") and (isinstance(value, bool) or not isinstance(value, int) or value < 0):
            raise CardError(f"{where}.{key}: a whole number, 0 or more")
        if key == "category" and value != "digimon":
            raise CardError(f"{where}.category: digimon (\"treated as a Digimon\") is the only category an effect adds")
        if key == "name" and (not isinstance(value, str) or not value):
            raise CardError(f"{where}.name: the card's new name")
