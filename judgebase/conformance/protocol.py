"""The host contract in code: protocol versions, vocabulary, scenario requirements, and the observed view.

``INTERPRETING.md`` (next to this file) is the contract written for engine authors;
this module is what the harness and the reference adapter share of it:

- :data:`PROTOCOL` — the protocol version the harness offers in ``hello``;
  :data:`PROTOCOLS` — every version it still speaks (a host answers with one of them).
- :func:`vocabulary` — every vocabulary item the suite's scenarios may use, per
  category, read from the scenario schema (so a new keyword is a new item at once).
- :func:`requirements` — the items one scenario uses; an engine that lacks one of them
  gets the scenario reported as *unsupported*, not failed.
- :func:`state_of` / :func:`event_of` — the normalised state and events of our engine
  (the reference adapter's ``observe``); :mod:`.legacy` has the legacy game's.
- :class:`View` — an observed state rebuilt as an object the game runner's own
  expectation check (``runner._expect``) reads exactly as it reads a live game, so the
  harness and ``judgebase verify`` judge with one piece of code.
"""

from __future__ import annotations

from functools import lru_cache

from ..engine.state import Event
from ..scenarios.common import NAMES, PLAYERS, schema
from ..scenarios.setup_schema import items as setup_items
from ..scenarios.setup_schema import keys_used

#: Major version of the line protocol.  A change that can make a conforming engine fail is a new version.
#: Protocol 2 adds legacy games (``ruleset: legacy``) and deck checks (``deck_check``) to protocol 1.
PROTOCOL = 2
#: Every version the harness speaks; a protocol-1 host still runs the game scenarios.
PROTOCOLS = (1, 2)
#: The protocol that first carries each kind of scenario.
SINCE = {"game": 1, "legacy": 2, "deck_check": 2}
#: Version of the suite itself (the scenario files' format and the normative state); see the export manifest.
SUITE_FORMAT = "2.0"

CATEGORIES = ("actions", "keywords", "timings", "effect_steps", "card_features", "setup")
LEGACY_CATEGORIES = ("legacy_actions", "legacy_effects", "legacy_card_features")
#: Legacy card fields every engine that plays legacy must read; the others are ``legacy_card_features``.
LEGACY_BASIC_CARD_FIELDS = {"kind", "name", "number", "level", "battle_type", "attack", "lost_points", "requirement",
                            "effect", "timing"}
#: Card fields every engine must read; the other card fields are vocabulary (``card_features``).
BASIC_CARD_FIELDS = {"name", "number", "category", "level", "colours", "dp", "play_cost", "use_cost", "traits",
                     "digivolve", "keywords", "effects"}
#: Setup keys every engine must read (``level.key``, the levels of the setup schema); the others are
#: vocabulary (``setup``): a host that can't place such a position gets the scenario as unsupported.
BASIC_SETUP = {f"setup.{k}" for k in ("turn", "turn_player", "first_player", "phase", "memory", "p1", "p2")} \
    | {f"zones.{k}" for k in ("deck", "eggs", "hand", "trash", "security", "breeding", "battle")} \
    | {f"stack.{k}" for k in ("label", "cards", "suspended", "placed_this_turn", "group")}
#: Fields of the normalised state an expectation may assert (the normative part; see INTERPRETING.md).
NORMATIVE_STATE = ("turn", "turn_player", "phase", "winner", "decision.player", "decision.kind",
                   "players.*.memory", "players.*.hand", "players.*.deck", "players.*.trash", "players.*.security",
                   "players.*.battle[].label", "players.*.battle[].cards", "players.*.battle[].dp",
                   "players.*.battle[].suspended", "players.*.battle[].area", "players.*.breeding")


@lru_cache(maxsize=1)
def vocabulary() -> dict[str, list[str]]:
    """Every item of each vocabulary category, from the scenario schema."""
    d = schema()["$defs"]
    return {
        "actions": sorted(d["step"]["properties"]["do"]["enum"]),
        "keywords": sorted(d["keywords"]["properties"]),
        "timings": sorted(d["effect"]["properties"]["timing"]["enum"]),
        "effect_steps": sorted(d["effect_step"]["properties"]),
        "card_features": sorted(set(d["card"]["properties"]) - BASIC_CARD_FIELDS),
        "legacy_actions": sorted(d["legacy_step"]["properties"]["do"]["enum"]),
        "legacy_effects": sorted(set(d["legacy_effect"]["properties"]) - {"target"}),
        "legacy_card_features": sorted(set(d["legacy_card"]["properties"]) - LEGACY_BASIC_CARD_FIELDS),
        "setup": sorted((setup_items("official") | setup_items("tamer_tactics")) - BASIC_SETUP),
    }


def requirements(data: dict, kind: str = "game") -> dict[str, list[str]]:
    """The vocabulary one scenario uses, per category (sorted lists); a deck check uses none."""
    if kind == "legacy":
        return legacy_requirements(data)
    if kind == "deck_check":
        return {}
    need = {c: set() for c in CATEGORIES}

    def keywords(kw):
        need["keywords"].update((kw or {}).keys())

    def effects(items):
        for eff in items or []:
            need["timings"].add(eff.get("timing"))
            for step in eff.get("do") or []:
                for name, arg in step.items():
                    need["effect_steps"].add(name)
                    if name == "gain" and isinstance(arg, dict) and arg.get("keyword"):
                        need["keywords"].add(arg["keyword"])
                    if name == "play_token" and isinstance(arg, dict):
                        keywords(arg.get("keywords"))

    for spec in (data.get("cards") or {}).values():
        spec = spec or {}
        need["card_features"].update(k for k in spec if k not in BASIC_CARD_FIELDS)
        keywords(spec.get("keywords"))
        effects(spec.get("effects"))
        inherited = spec.get("inherited") or {}
        keywords(inherited.get("keywords"))
        effects(inherited.get("effects"))
        keywords((spec.get("link") or {}).get("keywords"))
        effects((spec.get("option") or {}).get("effects"))
    for step in data.get("steps") or []:
        if "do" in step:
            need["actions"].add(step["do"])
    need["setup"] = keys_used(data.get("setup") or {}, data.get("ruleset", "official")) - BASIC_SETUP
    return {c: sorted(str(x) for x in items if x is not None) for c, items in need.items()}


def legacy_requirements(data: dict) -> dict[str, list[str]]:
    """The vocabulary one legacy scenario uses: its actions, its cards' effects and their optional fields."""
    need = {c: set() for c in LEGACY_CATEGORIES}

    def effect(eff):
        need["legacy_effects"].update(k for k in (eff or {}) if k != "target")

    for spec in (data.get("cards") or {}).values():
        spec = spec or {}
        need["legacy_card_features"].update(k for k in spec if k not in LEGACY_BASIC_CARD_FIELDS)
        effect(spec.get("effect"))
        effect((spec.get("ability") or {}).get("effect"))
        effect((spec.get("support") or {}).get("effect"))
    for step in data.get("steps") or []:
        if "do" in step:
            need["legacy_actions"].add(step["do"])
    return {c: sorted(str(x) for x in items if x is not None) for c, items in need.items()}


def missing(need: dict[str, list[str]], offered) -> list[str]:
    """The items of ``need`` an engine's declared vocabulary lacks, as ``category:item``.

    ``offered`` is the ``vocabulary`` of the engine's hello: ``"*"`` (everything), or a mapping
    from category to ``"*"`` or a list of items; an absent category offers nothing.
    """
    if offered == "*":
        return []
    offered = offered if isinstance(offered, dict) else {}
    out = []
    for category, items in need.items():
        have = offered.get(category, [])
        if have == "*":
            continue
        have = set(have) if isinstance(have, list) else set()
        out += [f"{category}:{item}" for item in items if item not in have]
    return out


# -- our engine -> the normalised state (what the reference adapter's observe answers) ----------------
def _permanent(game, stack, labels: dict[int, str]) -> dict:
    return {
        "label": labels.get(stack.sid),
        "cards": [c.defn.name for c in stack.cards],
        "dp": game.dp(stack),
        "suspended": bool(stack.suspended),
        "area": stack.area,
    }


def state_of(game) -> dict:
    """The normalised state of one of our games (official or Tamer Tactics)."""
    labels = {}
    for label, sid in game.labels.items():
        labels.setdefault(sid, label)
    d = game.decision
    players = {}
    for p, side in NAMES.items():
        ps = game.players[p]
        players[side] = {
            "memory": game.mem(p),
            "hand": [c.defn.name for c in ps.hand],
            "deck": [c.defn.name for c in ps.deck],
            "trash": [c.defn.name for c in ps.trash],
            "security": [c.defn.name for c in ps.security],
            "eggs": [c.defn.name for c in ps.eggs],
            "battle": [_permanent(game, s, labels) for s in ps.battle],
            "breeding": _permanent(game, ps.breeding, labels) if ps.breeding else None,
        }
    return {
        "turn": game.turn,
        "turn_player": NAMES[game.turn_player],
        "phase": game.phase,
        "winner": None if game.winner is None else NAMES[game.winner],
        "over": bool(game.is_over),
        "over_reason": game.over_reason,
        "decision": None if d is None else {"player": NAMES[d.player], "kind": d.kind},
        "players": players,
    }


def _json_value(value):
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    if isinstance(value, (list, tuple)):
        return [_json_value(v) for v in value]
    if isinstance(value, dict):
        return {str(k): _json_value(v) for k, v in value.items()}
    return str(value)


def event_of(event: Event) -> dict:
    return {"kind": event.kind, "ref": event.ref, "player": None if event.player is None else NAMES[event.player],
            "data": {str(k): _json_value(v) for k, v in event.data.items()}}


# -- the normalised state -> an object the game runner's expectation check reads ---------------------
class ProtocolViolation(ValueError):
    """The engine answered something the contract does not allow."""


class _Card:
    __slots__ = ("name",)

    def __init__(self, name: str):
        self.name = name

    @property
    def defn(self):
        return self

    def __repr__(self) -> str:
        return self.name


class _Permanent:
    def __init__(self, sid: int, owner: int, item: dict, area: str):
        cards = item.get("cards")
        if not isinstance(cards, list) or not cards:
            raise ProtocolViolation(f"a permanent needs a non-empty 'cards' list, got {item!r:.200}")
        self.sid, self.owner = sid, owner
        self.cards = [_Card(str(n)) for n in cards]
        self.label = item.get("label")
        self.dp = item.get("dp")
        self.suspended = item.get("suspended")
        self.area = item.get("area", area)

    @property
    def top(self) -> _Card:
        return self.cards[-1]

    def __repr__(self) -> str:
        return f"{self.label or self.top.name}@{self.sid}"


class _Side:
    def __init__(self, owner: int, data: dict, next_sid):
        if not isinstance(data, dict):
            raise ProtocolViolation(f"players.{NAMES[owner]} must be an object")
        for zone in ("hand", "deck", "trash", "security"):
            names = data.get(zone, [])
            if not isinstance(names, list):
                raise ProtocolViolation(f"players.{NAMES[owner]}.{zone} must be a list of card names")
            setattr(self, zone, [_Card(str(n)) for n in names])
        battle = data.get("battle", [])
        if not isinstance(battle, list) or not all(isinstance(b, dict) for b in battle):
            raise ProtocolViolation(f"players.{NAMES[owner]}.battle must be a list of objects")
        self.battle = [_Permanent(next_sid(), owner, item, "battle") for item in battle]
        breeding = data.get("breeding")
        if breeding is not None and not isinstance(breeding, dict):
            raise ProtocolViolation(f"players.{NAMES[owner]}.breeding must be an object or null")
        self.breeding = _Permanent(next_sid(), owner, breeding, "breeding") if breeding else None
        self.memory = data.get("memory")


def _player(value, what: str, optional: bool = False):
    if value is None and optional:
        return None
    if value not in PLAYERS:
        raise ProtocolViolation(f"{what} must be 'p1' or 'p2'{' or null' if optional else ''}, got {value!r:.80}")
    return PLAYERS[value]


class View:
    """An observed state and the events so far, with the attributes ``runner._expect`` reads of a game.

    ``declared`` are the labels the scenario gave (set-up and ``as``): a declared label that
    no permanent carries any more names a Digimon that left the field, as it does in a game.
    """

    def __init__(self, state: dict, events: list[Event], declared=()):
        if not isinstance(state, dict):
            raise ProtocolViolation("the state must be an object")
        self.turn = state.get("turn")
        self.turn_player = _player(state.get("turn_player"), "turn_player")
        self.phase = state.get("phase")
        self.winner = _player(state.get("winner"), "winner", optional=True)
        self.over_reason = state.get("over_reason") or ("game over" if state.get("over") else None)
        d = state.get("decision")
        if d is not None and not isinstance(d, dict):
            raise ProtocolViolation("decision must be an object or null")
        self.decision = None if d is None else _Decision(_player(d.get("player"), "decision.player"), d.get("kind"))
        players = state.get("players")
        if not isinstance(players, dict):
            raise ProtocolViolation("players must be an object with p1 and p2")
        counter = iter(range(1, 10_000))
        self.players = [_Side(p, players.get(side), lambda: next(counter)) for p, side in NAMES.items()]
        self.log = events
        self.labels: dict[str, int] = {}
        for s in self._all():
            if s.label:
                self.labels.setdefault(s.label, s.sid)
        for i, label in enumerate(declared):
            self.labels.setdefault(label, -1000 - i)  # declared, but on the field no more

    def _all(self) -> list[_Permanent]:
        return self.stacks() + [p.breeding for p in self.players if p.breeding]

    def stacks(self) -> list[_Permanent]:
        return [s for p in self.players for s in p.battle]

    def find_stack(self, sid: int):
        return next((s for s in self._all() if s.sid == sid), None)

    def mem(self, player: int):
        return self.players[player].memory

    def dp(self, stack: _Permanent):
        return stack.dp


class _Decision:
    def __init__(self, player: int, kind):
        self.player, self.kind = player, kind


def parse_event(item) -> Event:
    """An event of an observe answer, as one of our Events (``player`` 0/1/None)."""
    if not isinstance(item, dict) or not isinstance(item.get("kind"), str):
        raise ProtocolViolation(f"an event must be an object with a 'kind', got {item!r:.200}")
    data = item.get("data") or {}
    if not isinstance(data, dict):
        raise ProtocolViolation(f"event data must be an object, got {data!r:.200}")
    return Event(item["kind"], item.get("ref"), _player(item.get("player"), "event player", optional=True), data)


def comparable(state: dict) -> dict:
    """The normative part of a state: what must not change when an action is refused."""
    out = {k: state.get(k) for k in ("turn", "turn_player", "phase", "winner", "decision")}
    players = state.get("players") if isinstance(state.get("players"), dict) else {}
    for side in NAMES.values():
        data = players.get(side) if isinstance(players.get(side), dict) else {}
        out[side] = {k: data.get(k) for k in ("memory", "hand", "deck", "trash", "security", "battle", "breeding")}
    return out
