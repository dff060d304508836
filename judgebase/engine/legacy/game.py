"""The legacy game itself: its state, attack values, the flow of a turn and what is legal when."""

from __future__ import annotations

import random

from ..setup import integer, listed, PLAYER_NAMES, SetupError
from ..state import Action, Card, copy_config, Decision, DecisionLoop, Event, IllegalAction
from .battle import Battle
from .board import _GameOver, CONFIG_KEYS, Mod, PREP_STEP_NAMES, SETUP, Side
from .cards import (
    legacy_card_from_spec,
    MAX_TURNS,
    PHASE_REFS,
    PHASES,
    PREP_STEPS,
    SLOTS,
    SPECIAL_LEVELS,
    START_POINTS,
)
from .digivolution import Digivolution
from .point import PointCalculation
from .preparation import Preparation


class LegacyGame(Preparation, Digivolution, Battle, PointCalculation, DecisionLoop):
    """A Hyper Colosseum battle.  ``config`` is a new game (decks) or any position (zones)."""

    ruleset = "legacy"
    GAME_OVER_REF = "LEG 3.2.5.8"

    def __init__(self, config: dict):
        self._config = copy_config(config)
        self.rng = random.Random(config.get("seed", 0))
        self.defs = {n: legacy_card_from_spec(n, s) for n, s in (config.get("cards") or {}).items()}
        self.players = [Side(), Side()]
        self.turn = config.get("turn", 1)  # both checked by _build
        self.first_player = config.get("first_player", 0)
        self.phase = config.get("phase", "setup")
        self.stage = ""  # where in the phase: "options", "abilities", "response", ...
        self.log: list[Event] = []
        self.history: list[Action] = []
        self.winner: int | None = None
        self.over_reason: str | None = None
        self.decision: Decision | None = None
        self.mods: list[Mod] = []
        self.battle_effects: list[tuple[int, str, object, str]] = []  # (user, key, value, card) this turn
        self.final_attack: list[int | None] = [None, None]  # at the end of the last Battle Phase
        self.result: int | str | None = None  # the last battle: its winner, "draw", or None before any
        self.battled = False  # this turn's Battle Phase has been played
        self.used_this_turn: list[tuple[int, str]] = []  # "only 1" cards used (player, name)
        self.refilled: set[int] = set()
        self.supported: set[int] = set()
        self.abilities_used: set[tuple[int, str]] = set()  # (player, phase)
        self.prep_step = [0, 0]
        self.pending: Card | None = None  # an Option waiting to take effect (response window)
        self.ignoring: set[int] = set()  # players whose digivolution requirements are ignored this turn
        self.conditional: list[tuple[int, Card]] = []  # Options turned face up, waiting for their condition (LEG 3.3.6.2)
        self.waiting: set[int] = set()  # "face up~" Options set face up, their effect not activated yet (LEG 3.4.4.4)
        self.pending_user: int | None = None
        self.acted_in_point: dict[str, set] = {"options": set(), "abilities": set()}
        self._resume: dict = {}  # where a set-up position stands inside its first phase
        self._uids = 0
        self._flow = None
        self._build(config)

    # ------------------------------------------------------------- building ----
    def new_card(self, name: str, owner: int, face_up: bool = False) -> Card:
        if name not in self.defs:
            raise KeyError(f"unknown card {name!r}: define it under cards:")
        self._uids += 1
        return Card(self.defs[name], owner, uid=self._uids, face_up=face_up)

    def _build(self, config: dict) -> None:
        """Place a new game's decks, or any position: every area, the Option Slots, and what has
        already happened this turn (effects in force, cards used, steps taken)."""
        for key in config:
            if key not in CONFIG_KEYS and (key not in SETUP["setup"].keys or key in PLAYER_NAMES):
                raise SetupError([key], f"{key!r} is not a setup key (known: {', '.join(sorted(set(SETUP['setup'].keys) - set(PLAYER_NAMES)))})")
        self.turn = integer(config.get("turn", 1), ["turn"], minimum=1)
        if config.get("first_player", 0) not in (0, 1):
            raise SetupError(["first_player"], f"must be p1 or p2, not {config['first_player']!r}")
        if self.phase not in ("setup", *PHASES):
            raise SetupError(["phase"], f"must be one of setup, {', '.join(PHASES)}")
        # The board's Option Slots: as many as the setting says (each side's ``slots`` list).
        option_slots = integer(config.get("option_slots", SLOTS), ["option_slots"], minimum=1)
        for name, d in self.defs.items():
            if d.slot is not None and d.slot > option_slots:
                raise SetupError(["option_slots"], f"{name} goes in slot {d.slot} (LEG 3.4.4.3): the board needs that many Option Slots")
        specs = list(config.get("players") or [{}, {}])
        if len(specs) != 2:
            raise SetupError([], "a game has 2 players")
        specs = [SETUP["zones"].check(spec, [PLAYER_NAMES[p]]) for p, spec in enumerate(specs)]
        for p, spec in enumerate(specs):
            self.players[p].slots = [None] * option_slots
            if self.phase == "setup":
                for key in spec:
                    if key != "deck":
                        raise SetupError([PLAYER_NAMES[p], key], "before the game (phase setup) a player has only a deck (LEG 3.2.1.1)")
                self.players[p].network = [self._make(n, p, [PLAYER_NAMES[p], "deck", i]) for i, n in enumerate(listed(spec.get("deck"), [PLAYER_NAMES[p], "deck"]))]
            else:
                self._place(p, spec, [PLAYER_NAMES[p]])
        for key in ("to_act", "passed"):
            if key in config and self.phase != "battle":
                raise SetupError([key], "says who acts in the Battle Phase: set phase: battle")
        if "to_act" in config:
            if config["to_act"] not in (0, 1):
                raise SetupError(["to_act"], f"must be p1 or p2, not {config['to_act']!r}")
            self._resume["to_act"] = config["to_act"]
        if config.get("passed"):
            self._resume["passed"] = True
        if self.phase != "setup":
            for p, spec in enumerate(specs):
                self._state(p, spec, [PLAYER_NAMES[p]])
            self._check_preparation(specs)

    def _make(self, name, owner: int, path, face_up: bool = False) -> Card:
        if not isinstance(name, str) or name not in self.defs:
            raise SetupError(path, f"unknown card {name!r} (define it under cards:)")
        return self.new_card(name, owner, face_up)

    def _place(self, p: int, spec: dict, path: list) -> None:
        """The cards in one player's areas."""
        side = self.players[p]
        if "deck" in spec:
            raise SetupError([*path, "deck"], "a deck is for phase setup; in a game under way the cards are in the network")
        side.points = integer(spec.get("points", START_POINTS), [*path, "points"], minimum=0)
        for zone, attr, up in (("network", "network", False), ("hand", "hand", True), ("darkness", "darkness", True),
                               ("digimon_box", "box", True), ("evolution_box", "evolution", False),
                               ("power_box", "power", False), ("exchange", "exchange", False),
                               ("support", "support", True)):
            cards = listed(spec.get(zone), [*path, zone])
            setattr(side, attr, [self._make(n, p, [*path, zone, i], up) for i, n in enumerate(cards)])
        spirits = [c.name for c in side.support if not c.defn.is_digimon]
        for i, card in enumerate(side.box):
            if card.defn.level in SPECIAL_LEVELS and (card.defn.spirit is None or card.defn.spirit not in spirits):
                if card.defn.spirit is not None:
                    raise SetupError([*path, "digimon_box", i], f"{card.name} came by Spirit digivolution: its Spirit "
                                     f"{card.defn.spirit} is in the Support Box beside it (LEG 3.2.2.1.5)")
                raise SetupError([*path, "digimon_box", i], f"{card.name} ({card.defn.level}) comes into play by appearance "
                                 "or Spirit digivolution: a set-up places one only as a Hybrid beside its Spirit (LEG 3.2.2.1.5)")
        hybrids = {c.defn.spirit for c in side.box + side.evolution if c.defn.spirit is not None}
        for i, card in enumerate(side.support):
            if not card.defn.is_digimon and card.name not in hybrids:
                raise SetupError([*path, "support", i], f"{card.name} is an Option card: one is in the Support Box only as "
                                 "the Spirit of a Hybrid in the Digimon Box or Evolution Box (LEG 3.2.2.1.5)")
        slots = listed(spec.get("slots"), [*path, "slots"])
        if len(slots) > len(side.slots):
            raise SetupError([*path, "slots"], f"the board has {len(side.slots)} Option Slots (option_slots)")
        for i, item in enumerate(slots):
            where = [*path, "slots", i]
            if item is None:
                continue
            face_up = False
            if isinstance(item, dict):
                item = SETUP["slot_card"].check(item, where)
                face_up = bool(item.get("face_up", False))
                where, item = [*where, "card"], item["card"]
            card = self._make(item, p, where, face_up)
            if card.defn.is_digimon:
                raise SetupError(where, "only Option cards are set in the Option Slot (LEG 3.2.2.7)")
            if card.defn.slot is not None and card.defn.slot != i + 1:
                raise SetupError(where, f"{card.name} must be placed in slot {card.defn.slot} (LEG 3.4.4.3)")
            side.slots[i] = card

    def _state(self, p: int, spec: dict, path: list) -> None:
        """What this player has already done this turn, and the effects still in force."""
        side = self.players[p]
        for card in side.slots:
            if card is not None and card.face_up:
                # LEG 3.4.5.1: a card turned face up has been used; its effect lasts until its limit (LEG 3.3.7).
                self._in_force(p, card.defn.effect, card.name, card.defn.limit, "option", [*path, "slots", side.slots.index(card)])
                if card.defn.only_one:
                    self.used_this_turn.append((p, card.name))
        for i, item in enumerate(listed(spec.get("in_force"), [*path, "in_force"])):
            self._in_force_from_setup(p, SETUP["in_force"].check(item, [*path, "in_force", i]), [*path, "in_force", i])
        for i, name in enumerate(listed(spec.get("used_this_turn"), [*path, "used_this_turn"])):
            d = self.defs.get(name)
            if d is None or d.is_digimon or not d.only_one:
                raise SetupError([*path, "used_this_turn", i], f"{name!r} is not an \"only 1\" Option card (LEG 3.4.5.3)")
            self.used_this_turn.append((p, name))
        if spec.get("refilled"):
            self.refilled.add(p)
        if spec.get("support_used"):
            self.supported.add(p)
        if spec.get("ability_used"):
            self.abilities_used.add((p, self.phase))
        if "final_attack" in spec:
            if self.phase != "point":
                raise SetupError([*path, "final_attack"], "the final attack value is compared in the Point Calculation Phase: set phase: point")
            self.final_attack[p] = integer(spec["final_attack"], [*path, "final_attack"], minimum=0)
            self.battled = True
            other = 1 - p
            if self.final_attack[other] is None:
                self.final_attack[other] = self.attack(other)

    def _in_force_from_setup(self, p: int, item: dict, path: list) -> None:
        d = self.defs.get(item["card"])
        if d is None:
            raise SetupError([*path, "card"], f"unknown card {item['card']!r} (define it under cards:)")
        origins = ["option"] if not d.is_digimon else [o for o, v in (("support", d.support), ("ability", d.ability)) if v]
        origin = item.get("origin", origins[0] if len(origins) == 1 else None)
        if origin not in origins:
            raise SetupError([*path, "origin"], f"{d.name} has {' and '.join(origins) or 'no effect'}: say which with origin:")
        if origin == "option":
            if d.needs_slot:
                raise SetupError([*path, "card"], "an Option used from its slot is in force while it lies face up there: set it up in slots")
            self._in_force(p, d.effect, d.name, d.limit, "option", path)
        elif origin == "support":
            if not any(c.name == d.name for c in self.players[p].support):
                raise SetupError([*path, "card"], "a support ability is in force from its Digimon in the Support Box (LEG 3.4.3.2)")
            if not self._support_target_ok(p, d.support["target"]):
                raise SetupError([*path, "card"], "its target is not the battling Digimon: it has no effect (LEG 3.4.3.7)")
            self.supported.add(p)
            self._in_force(p, d.support["effect"], d.name, "phase", "support", path)
        else:
            if self.top(p) is None or self.top(p).name != d.name or d.ability["timing"] != self.phase:
                raise SetupError([*path, "card"], "an ability is in force in its phase, from the battling Digimon (LEG 3.4.2.1)")
            self.abilities_used.add((p, self.phase))
            self._in_force(p, d.ability["effect"], d.name, "phase", "ability", path)

    def _check_preparation(self, specs: list[dict]) -> None:
        """``prep_step`` / ``prepared``: how far each player's Preparation Phase has gone (LEG 3.2.2)."""
        steps = [0, 0]
        prepared = set()
        for p, spec in enumerate(specs):
            for key in ("prep_step", "prepared"):
                if key in spec and self.phase != "preparation":
                    raise SetupError([PLAYER_NAMES[p], key], "a Preparation Phase step: set phase: preparation")
            if "prep_step" in spec:
                if spec["prep_step"] not in PREP_STEP_NAMES:
                    raise SetupError([PLAYER_NAMES[p], "prep_step"], f"must be one of {', '.join(PREP_STEP_NAMES)}")
                steps[p] = PREP_STEPS[spec["prep_step"]]
            if spec.get("prepared"):
                prepared.add(p)
            if self.phase == "preparation" and p in self.refilled and steps[p] < PREP_STEPS["refill"] and p not in prepared:
                raise SetupError([PLAYER_NAMES[p], "refilled"], "the refill step (LEG 3.2.2.3) is past: set prep_step: refill or later")
        if self.phase != "preparation":
            return
        first, second = self.first_player, self.second_player
        if first not in prepared and (second in prepared or steps[second]):
            raise SetupError([PLAYER_NAMES[second], "prepared" if second in prepared else "prep_step"],
                             "the first player prepares first; the second player has not started (LEG 3.2.2)")
        self._resume["prep_step"] = steps
        self._resume["prepared"] = prepared

    # ------------------------------------------------------------------ API ----
    @property
    def second_player(self) -> int:
        return 1 - self.first_player

    def dump(self) -> dict:
        """Everything that makes up the position, for comparing two states."""

        def ids(cards):
            return [(c.uid, c.face_up) for c in cards]

        return {
            "turn": self.turn, "phase": self.phase, "stage": self.stage, "first_player": self.first_player,
            "winner": self.winner, "over": self.over_reason, "log": len(self.log), "history": len(self.history),
            "decision": None if self.decision is None else (self.decision.player, self.decision.kind, [str(a) for a in self.decision.actions]),
            "mods": [(m.target, m.kind, m.value, m.source, m.until, m.origin) for m in self.mods],
            "battle_effects": list(self.battle_effects), "final_attack": list(self.final_attack), "result": self.result,
            "battled": self.battled, "acted_in_point": {k: sorted(v) for k, v in self.acted_in_point.items()},
            "used": list(self.used_this_turn), "refilled": sorted(self.refilled), "supported": sorted(self.supported),
            "abilities_used": sorted(map(str, self.abilities_used)), "prep_step": list(self.prep_step),
            "pending": None if self.pending is None else self.pending.uid,
            "players": [
                {
                    "points": s.points, "network": ids(s.network), "hand": ids(s.hand), "darkness": ids(s.darkness),
                    "box": ids(s.box), "evolution": ids(s.evolution), "power": ids(s.power), "exchange": ids(s.exchange),
                    "support": ids(s.support), "gauge": ids(s.gauge),
                    "slots": [None if c is None else (c.uid, c.face_up) for c in s.slots],
                }
                for s in self.players
            ],
        }

    # --------------------------------------------------------------- helpers ---
    def emit(self, kind: str, ref: str, player: int | None = None, **data) -> None:
        self.log.append(Event(kind, ref, player, data))

    def top(self, player: int) -> Card | None:
        box = self.players[player].box  # (Side.top without a second call: asked some 500k times in 300 games)
        return box[-1] if box else None

    # Where actions name cards from, looked through first; the decks and the Land of Darkness last.
    _NEAR_ZONES = ("hand", "box", "evolution", "support", "exchange")
    _FAR_ZONES = ("network", "darkness", "power", "gauge")

    def find_card(self, uid: int) -> tuple[int, str, Card] | None:
        """(owner, zone, card) for a card uid anywhere on the board (a uid is on one card only, so the
        order the sides and zones are looked through in changes nothing but the time it takes)."""
        for p in range(len(self.players)):
            found = self._own_card(p, uid)
            if found is not None:
                return (p, *found)
        return None

    def _own_card(self, p: int, uid: int | None) -> tuple[str, Card] | None:
        """(zone, card) for a card uid on ``p``'s side of the board, else None: what the checks that refuse any
        card not on the acting player's side ask, without looking through the opponent's."""
        side = self.players[p]
        for zone in self._NEAR_ZONES:
            for card in getattr(side, zone):
                if card.uid == uid:
                    return zone, card
        for card in side.slots:
            if card is not None and card.uid == uid:
                return "slot", card
        for zone in self._FAR_ZONES:
            for card in getattr(side, zone):
                if card.uid == uid:
                    return zone, card
        return None

    def _to_darkness(self, player: int, cards: list[Card], ref: str, why: str) -> None:
        if not cards:
            return
        for card in cards:
            card.face_up = True
        self.players[player].darkness.extend(cards)
        self.emit("to_darkness", ref, player, cards=", ".join(c.name for c in cards), why=why)

    def _draw(self, player: int, n: int) -> int:
        side = self.players[player]
        drawn = 0
        while drawn < n and side.network:
            card = side.network.pop(0)
            card.face_up = True
            side.hand.append(card)
            drawn += 1
        return drawn

    def _lose_points(self, player: int, amount: int, ref: str, **data) -> None:
        """Move ``player``'s Point Gauge down; at 0 the game ends (LEG 3.2.5.8)."""
        side = self.players[player]
        before = side.points
        side.points = max(0, before - max(0, amount))  # the gauge has no space below 0
        self.emit(data.pop("event", "points"), ref, player, lost=before - side.points, before=before, after=side.points, **data)
        if side.points == 0:
            self.winner = 1 - player
            self.over_reason = f"P{player + 1}'s points reached 0"
            self.emit("win", "LEG 3.2.5.8", 1 - player, why=self.over_reason)
            raise _GameOver
        self._conditions_met()

    def _condition_met(self, p: int, condition: dict) -> bool:
        points = self.players[p].points
        return all(points <= n if k == "points_at_most" else points >= n for k, n in condition.items())

    def _conditions_met(self) -> None:
        """LEG 3.3.6.2: a situational Option turned face up without its condition activates once it is met."""
        for p, card in list(self.conditional):
            side = self.players[p]
            if card not in side.slots and card not in side.hand:
                self.conditional.remove((p, card))  # gone at its limit
            elif self._condition_met(p, card.defn.condition):
                self.conditional.remove((p, card))
                self.emit("effect_activated", "LEG 3.3.6.2", p, card=card.name, phase=self.phase)
                self._resolve(p, card.defn.effect, card.name, "LEG 3.3.6.2", until=card.defn.limit)

    # -- attack values (LEG 3.4.8) -------------------------------------------------
    def technique(self, player: int) -> str | None:
        """The letter whose value ``player``'s Digimon uses: the opponent's battle type (LEG 3.2.4.1)."""
        opp = self.top(1 - player)
        return None if opp is None else opp.defn.battle_type

    def _technique_zero(self, player: int) -> bool:
        """The opponent's technique sets this player's technique to 0 (LEG 3.2.4.1.1)."""
        me, opp = self.top(player), self.top(1 - player)
        if me is None or opp is None:
            return False
        # The opponent uses the technique named by my battle type; it may zero one letter of mine.
        return dict(opp.defn.zeroes).get(me.defn.battle_type) == self.technique(player) and not me.defn.not_zeroed

    def nullified(self, player: int) -> bool:
        """``player``'s battling Digimon has its ◎ special abilities nullified by the opponent's (LEG 3.5.1):
        always while the opponent has that ability, both ways when both have it, never with "does not
        become special abilities nullified" (LEG 3.4.2.4).  Text without ◎ stays (LEG 3.3.3.2-3)."""
        me, opp = self.top(player), self.top(1 - player)
        return me is not None and opp is not None and opp.defn.nullify_abilities and not me.defn.keeps_abilities

    def special(self, player: int, name: str) -> bool:
        """``player``'s battling Digimon has the ◎ special ability ``name`` and it is not nullified."""
        me = self.top(player)
        return me is not None and bool(getattr(me.defn, name)) and not self.nullified(player)

    def attack(self, player: int, floor: bool = True) -> int:
        """``player``'s attack value now, every effect in force applied as LEG 3.4.8 says
        (``floor=False``: before LEG 3.4.8.6 stops it at 0, to tell when that rule decided it)."""
        me, opp = self.top(player), self.top(1 - player)
        if me is None or opp is None:
            return 0
        letter = self.technique(player)
        immune = self.special(player, "no_modification")  # LEG 3.5.6: no "+", "-", "x", "half", "all base to 0"
        mods = [m for m in self.mods if m.target == player]
        # LEG 3.4.8.1: the printed number is the base; LEG 3.4.8.4: "base +N" counts as printed.
        # (most of the time no effect is in force on it: the passes over ``mods`` below are skipped then)
        base = me.defn.attack_for(letter)
        if mods and not immune:
            base += sum(m.value for m in mods if m.kind == "base_add")
        # LEG 3.2.4.1.1 / LEG 3.4.8.4: "set A to 0" zeroes the printed number with its base bonuses.
        # LEG 3.5.6: attack C's "set A to 0" is not an attack modification, so it reaches an immune Digimon too.
        if self._technique_zero(player) or (mods and any(m.kind == "zero" and m.value == letter for m in mods)):
            base = 0
        if mods and not immune and any(m.kind == "zero" and m.value == "all" for m in mods):
            base = 0
        value = base
        # LEG 3.4.8.2-3: multiplication and division work on the base value; only the last one counts.
        # LEG 3.2.4.1.2: multiplication (division) first, then addition (subtraction).
        scale = [m for m in mods if m.kind in ("multiply", "divide")] if mods and not immune else []
        if scale:
            last = scale[-1]
            value = value * last.value if last.kind == "multiply" else value // last.value
        # LEG 3.4.8.5: additions and subtractions stack; LEG 3.4.8.6: never below 0.
        if not immune:
            if mods:
                value += sum(m.value for m in mods if m.kind == "add")
            if self._board_bonus_from(player) is not None:
                value += me.defn.board_bonus["add"]
        value = max(0, value) if floor else value
        # LEG 3.5.4: the opponent's ability halves the value after effects and abilities.
        if self.special(1 - player, "halve_opponent") and not immune:
            value //= 2
        return value

    # -- flow -------------------------------------------------------------------------
    def _game(self):
        try:
            if self.phase == "setup":
                yield from self._setup()
                self.phase = "preparation"
            start = PHASES.index(self.phase)
            while True:
                for phase in PHASES[start:]:
                    self.phase = phase
                    self.stage = ""
                    # LEG 3.2: the phases come in this order, then the turn repeats from the Preparation Phase.
                    self.emit("phase", "LEG 3.2", self.first_player, phase=phase, turn=self.turn)
                    self._activate_waiting(phase)
                    yield from getattr(self, f"_phase_{phase}")()
                    self._end_of_phase(phase)
                start = 0
                self._end_of_turn()
                if self.turn >= MAX_TURNS:
                    self.over_reason = f"turn limit ({MAX_TURNS} turns) reached"
                    self.emit("game_end", "LEG 3.2.5.8", None, why=self.over_reason)
                    return
                self.turn += 1
        except _GameOver:
            self.pending = None
            return

    # -- legality ------------------------------------------------------------------------
    def _legal(self, p: int, candidates: list[Action], response: bool = False) -> list[Action]:
        return [a for a in candidates if self._check(p, a, response=response) is None]

    def _check(self, p: int, a: Action, response: bool = False) -> IllegalAction | None:
        phase = self.phase
        if phase == "setup":
            if a.kind != "partner":
                return IllegalAction("choose your Level III partner first", "LEG 3.2.1.2")
            found = self.find_card(a.card) if a.card is not None else None
            if found is None or found[0] != p or found[1] != "network" or not (found[2].defn.is_digimon and found[2].defn.level == 3):
                return IllegalAction("the partner is a Level III Digimon card from your deck", "LEG 3.2.1.2")
            return None
        if a.kind == "return":
            return IllegalAction("a card set in the Option Slot cannot be returned to the hand", "LEG 3.4.4.2")
        if phase == "preparation":
            return self._check_prep(p, a)
        if phase == "digivolution":
            if a.kind in ("digivolve", "decline", "draw"):
                return None
            if self.stage == "digivolve_cost" and a.kind == "discard":
                found = self.find_card(a.card) if a.card is not None else None
                if found is None or found[0] != p or found[1] != "hand":
                    return IllegalAction("the card is sent from your hand", "LEG 3.2.3.6")
                return None
            if self.stage == "abilities" and a.kind in ("ability", "support", "pass"):
                if a.kind == "support":  # LEG 3.2.3.8: support abilities can be used in this phase too
                    return self._check_support(p, a)
                return None if a.kind == "pass" else self._check_ability(p, a, "digivolution")
            return IllegalAction("only the second player's choice to digivolve is made now", "LEG 3.2.3.3")
        if a.kind == "pass":
            return None
        if phase == "battle":
            if a.kind == "use":
                return self._check_use(p, a, "battle", response=response or self.stage == "response")
            if self.stage == "response" or response:
                return IllegalAction("only a card that says \"before the effect takes effect\" can be used before the "
                                     "opponent's card has taken effect", "LEG 3.2.4.2")
            if a.kind == "support":
                return self._check_support(p, a)
            if a.kind == "ability":
                return self._check_ability(p, a, "battle")
            return IllegalAction(f"{a.kind} is not something to do in the Battle Phase", "LEG 3.2.4")
        if phase == "point":
            if a.kind == "use":
                if self.stage != "options":
                    return IllegalAction("Option cards are used at step 2 of the Point Calculation Phase", "LEG 3.2.5.2")
                return self._check_use(p, a, "point")
            if a.kind in ("ability", "support"):
                if self.stage != "abilities":
                    return IllegalAction("abilities are used at step 4 of the Point Calculation Phase", "LEG 3.2.5.4")
                # LEG 3.2.4.3.3: a support ability is used at the same timing as special abilities.
                return self._check_ability(p, a, "point") if a.kind == "ability" else self._check_support(p, a)
            return IllegalAction(f"{a.kind} is not something to do in the Point Calculation Phase", "LEG 3.2.5")
        return IllegalAction("nothing can be done now", "LEG 3.2")

    def why_illegal(self, action: Action, player: int | None = None) -> IllegalAction:
        """Why ``action`` (by ``player``, default whoever must decide now) is not allowed."""
        if self.is_over or self.decision is None:
            return IllegalAction("the game is over", "LEG 3.2.5.8")
        me = self.decision.player if player is None else player
        if me != self.decision.player:
            return self._not_your_turn(me)
        err = self._check(me, action, response=self.decision.kind == "response")
        if err is not None:
            return err
        return IllegalAction(f"{action} is not possible now ({self.decision.kind})", PHASE_REFS.get(self.phase, "LEG 3.2"))

    def _not_your_turn(self, p: int) -> IllegalAction:
        if self.phase == "battle":
            if self.stage == "response":
                return IllegalAction("the opponent may answer with a \"before the effect takes effect\" card first",
                                     "LEG 3.2.4.5")
            if self.decision.player == self.second_player:
                return IllegalAction("the second player uses cards first; the first player waits until they "
                                     "have taken effect and the turn to act passes", "LEG 3.2.4.2")
            return IllegalAction("it is the opponent's turn to act", "LEG 3.2.4.4.3")
        if self.phase == "point":
            if self.stage == "options":
                if p in self.acted_in_point["options"]:
                    return IllegalAction("unlike in the Battle Phase, the first player cannot use Options again after "
                                         "the second player", "LEG 3.2.5.2")
                return IllegalAction("the first player uses Options first", "LEG 3.2.5.2")
            if p in self.acted_in_point["abilities"]:
                return IllegalAction("unlike in the Battle Phase, the first player cannot use abilities again after "
                                     "the second player", "LEG 3.2.5.4")
            return IllegalAction("the first player uses abilities first", "LEG 3.2.5.4")
        if self.phase == "digivolution":
            return IllegalAction("only the second player chooses whether to digivolve", "LEG 3.2.3.3")
        if self.phase == "preparation":
            return IllegalAction("the other player is preparing", "LEG 3.2.2")
        return IllegalAction("the other player must decide now", "LEG 3.2")
