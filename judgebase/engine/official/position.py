"""Placing any position from a setup: the cards in every area and every piece of state the rules
read - effects already used this turn (CR 15-14-1), effects in pending activation (CR 15-4-4), an
attack under way (CR 11), modifiers in force (DP, gained keywords, <Security A.>, with their
durations), link cards (CR 10-1), a Burst Digivolve's pending processing (CR 8-3-2-1), face-up
security cards (CR 3-7-4).

``SETUP`` is the vocabulary of the official setup, one :class:`~judgebase.engine.setup.Level`
per mapping; the reader refuses every key it does not list, and the setup part of
``schema.json`` is generated from it (``judgebase.scenarios.setup_schema``).  A setup that
describes no possible position raises :class:`~judgebase.engine.setup.SetupError` naming the
key, so a scenario error points at its line.
"""

from __future__ import annotations

from ..cards import PROPERTY_KEYWORDS, Effect, card_from_spec_once
from ..setup import PLAYER_NAMES, Level, SetupError, integer, listed
from ..state import Attack, Card, Modifier, Pending, Stack

PHASE_NAMES = ("setup", "unsuspend", "draw", "breeding", "main", "start")
UNTIL = ("end_of_turn", "end_of_attack", "end_of_opponents_turn", "permanent")
ATTACK_NEXT = ("counter", "block", "resolve")  # CR 11-3 counter timing, CR 11-4 block timing, CR 11-5 resolution
VIA = ("normal", "blitz", "vortex", "execute")
# Timings whose effects never wait in pending activation: activated by the player, applying
# while their window is open, or activated at once when their card is checked (CR 15-16-10).
NOT_PENDING = ("main", "counter", "delay", "security", "your_turn", "all_turns", "opponents_turn")
# Keyword effects that wait in pending activation, and what each needs to name.
PENDING_KEYWORDS = ("retaliation", "fortitude", "raid", "alliance", "vortex", "execute")
CONFIG_KEYS = ("seed", "cards", "players", "draw_on_turn_1")  # engine settings beside the position

_NAMES = {"type": "array", "items": {"type": "string"}}
_COUNT = {"type": "integer", "minimum": 0}

SETUP = {
    "setup": Level({
        "turn": {"type": "integer", "minimum": 1},
        "turn_player": {"enum": list(PLAYER_NAMES)},
        "first_player": {"enum": list(PLAYER_NAMES)},
        "phase": {"enum": list(PHASE_NAMES)},
        "memory": {"type": "integer", "minimum": -10, "maximum": 10},
        "p1": {"$ref": "zones"},
        "p2": {"$ref": "zones"},
        "attack": {"$ref": "attack"},
    }),
    "zones": Level({
        "deck": _NAMES,
        "eggs": _NAMES,
        "hand": _NAMES,
        "trash": _NAMES,
        "security": {"type": "array", "items": {"anyOf": [{"type": "string"}, {"$ref": "security_card"}]},
                     "description": "top card first; {card, face_up: true} for a card lying face up (CR 3-7-4)"},
        "breeding": {"$ref": "stack"},
        "battle": {"type": "array", "items": {"$ref": "stack"}},
        "pending": {"type": "array", "items": {"$ref": "pending"},
                    "description": "this player's effects in pending activation (CR 15-4-4-1), activated first"},
    }),
    "security_card": Level({"card": {"type": "string"}, "face_up": {"type": "boolean"}}, required=("card",)),
    "stack": Level({
        "label": {"type": "string"},
        "cards": {"type": "array", "minItems": 1, "items": {"type": "string"}},
        "suspended": {"type": "boolean"},
        "placed_this_turn": {"type": "boolean"},
        "links": {**_NAMES, "description": "link cards plugged into this Digimon (CR 10-1-2-1), at most its link limit (CR 4-9-5)"},
        "modifiers": {"type": "array", "items": {"$ref": "modifier"},
                      "description": "effects already applied to it: DP, gained keywords, <Security A.>, each with its duration"},
        "used_this_turn": {"type": "array", "items": {"anyOf": [_COUNT, {"$ref": "used_effect"}]},
                           "description": "[Once Per Turn] effects this card has used this turn (CR 15-14-1-3)"},
        "face_down_cards": {**_COUNT, "description": "its N bottom cards lie face down under the others, "
                                                "cards without information (CR 4-7-9)"},
        "burst_this_turn": {"type": "boolean",
                            "description": "it Burst digivolved this turn: its top card is trashed at the end of the turn (CR 8-3-2-1)"},
        "face_down": {"type": "boolean",
                      "description": "its cards lie face down on the field; the next rule check trashes them (CR 17-1-3-2-4)"},
        "placed_by_effect": {"type": "boolean",
                             "description": "an Option in the battle area that an effect placed there (the default for a single Option card); "
                                            "false: it got there otherwise, and the next rule check trashes it (CR 17-1-3-2-2)"},
    }, required=("cards",)),
    "modifier": Level({
        "dp": {"type": "integer"},
        "security_attack": {"type": "integer"},
        "keyword": {"type": "string", "description": "a keyword or card property it gained (CR 15-13)"},
        "value": {"type": ["boolean", "integer", "string"]},
        "until": {"enum": list(UNTIL)},
    }),
    "used_effect": Level({
        "effect": _COUNT,
        "inherited": _COUNT,
        "from": {"type": "string", "description": "the card of the stack that has the effect (default: the top card)"},
    }),
    "pending": Level({
        "card": {"type": "string", "description": "label of the Digimon or Tamer whose effect triggered"},
        "trash": {"type": "string", "description": "a card in this player's trash ([On Deletion], <Fortitude>)"},
        "from": {"type": "string"},
        "effect": _COUNT,
        "inherited": _COUNT,
        "keyword": {"enum": list(PENDING_KEYWORDS)},
        "against": {"type": "string", "description": "<Retaliation>: the Digimon it deletes"},
    }),
    "attack": Level({
        "attacker": {"type": "string"},
        "target": {"type": "string", "description": "a label, or player"},
        "blocked_by": {"type": "string"},
        "countered": {"type": "boolean", "description": "a [Counter] effect was already activated (CR 11-3-2)"},
        "via": {"enum": list(VIA)},
        "next": {"enum": list(ATTACK_NEXT), "description": "what comes next: the counter timing, the block timing, or the attack's resolution"},
        "dp_bonus": _COUNT,
        "extra_checks": _COUNT,
    }, required=("attacker", "target"), description="an attack under way (CR 11)"),
}


class Position:
    """Reading a setup into the game's state."""

    SETUP = SETUP

    # ------------------------------------------------------------ the reader ----
    def _build(self, config: dict) -> None:
        """Place every card where the config says (a new game's decks, or any position) and every
        piece of state the setup gives."""
        for key in config:
            if key not in CONFIG_KEYS and (key not in self.SETUP["setup"].keys or key in PLAYER_NAMES):
                raise SetupError([key], f"{key!r} is not a setup key (known: "
                                 f"{', '.join(sorted(set(self.SETUP['setup'].keys) - set(PLAYER_NAMES)))})")
        defs = {name: card_from_spec_once(name, spec) for name, spec in (config.get("cards") or {}).items()}

        def make(name, owner: int, path, *more) -> Card:
            # (``more`` ends the path: put together only for an error, not for every card of a deck)
            if not isinstance(name, str) or name not in defs:
                raise SetupError([*path, *more], f"unknown card {name!r} (define it under cards:)")
            return self.new_card(defs[name], owner)

        self.turn = integer(config.get("turn", 1), ["turn"], minimum=1)
        for key in ("turn_player", "first_player"):
            if config.get(key, 0) not in (0, 1):
                raise SetupError([key], f"must be p1 or p2, not {config[key]!r}")
        self.turn_player = config.get("turn_player", config.get("first_player", 0))
        self.phase = config.get("phase", "setup")
        if self.phase not in PHASE_NAMES:
            raise SetupError(["phase"], f"must be one of {', '.join(PHASE_NAMES)}")
        if "memory" in config:
            memory = integer(config["memory"], ["memory"], -10, 10)
            self.memory = memory if self.turn_player == 0 else -memory
        specs = list(config.get("players") or [{}, {}])
        if len(specs) != 2:
            raise SetupError([], "a game has 2 players")
        specs = [self.SETUP["zones"].check(spec, [PLAYER_NAMES[p]]) for p, spec in enumerate(specs)]
        placed: list[list[tuple[dict, Stack, list]]] = [[], []]
        for p, spec in enumerate(specs):
            placed[p] = self._place_cards(p, spec, [PLAYER_NAMES[p]], make)
        for p in (0, 1):
            for item, stack, path in placed[p]:
                self._stack_state(stack, item, path)
        if config.get("attack") is not None:
            self._attack_from_setup(config["attack"], ["attack"])
        for p, spec in enumerate(specs):
            for i, item in enumerate(listed(spec.get("pending"), [PLAYER_NAMES[p], "pending"])):
                self.pending.append(self._pending_from_setup(p, item, [PLAYER_NAMES[p], "pending", i]))
        if self.phase == "setup" and (self.pending or self.attack):
            raise SetupError(["attack"] if self.attack else [PLAYER_NAMES[self.pending[0].player], "pending"],
                             "nothing is pending or attacking before the game starts (phase setup)")
        for p in (0, 1):
            for item, stack, path in placed[p]:
                self._stack_checks(stack, item, path)

    def _place_cards(self, p: int, spec: dict, path: list, make) -> list:
        """The cards of one player's areas; returns (item, stack, path) for each stack placed."""
        ps = self.players[p]
        for zone in ("deck", "eggs", "hand", "trash"):
            cards = [make(n, p, path, zone, i) for i, n in enumerate(listed(spec.get(zone), [*path, zone]))]
            for c in cards:
                c.face_up = zone in ("hand", "trash")
            setattr(ps, zone, cards)
        ps.security = []
        for i, item in enumerate(listed(spec.get("security"), [*path, "security"])):
            where = [*path, "security", i]
            if isinstance(item, dict):
                item = self.SETUP["security_card"].check(item, where)
                card = make(item["card"], p, [*where, "card"])
                card.face_up = bool(item.get("face_up", False))  # CR 3-7-4
            else:
                card = make(item, p, where)
            ps.security.append(card)
        placed = []
        for i, item in enumerate(listed(spec.get("battle"), [*path, "battle"])):
            stack = self._stack_from(item, p, [*path, "battle", i], "battle", make)
            ps.battle.append(stack)
            placed.append((item, stack, [*path, "battle", i]))
        if spec.get("breeding"):
            ps.breeding = self._stack_from(spec["breeding"], p, [*path, "breeding"], "breeding", make)
            placed.append((spec["breeding"], ps.breeding, [*path, "breeding"]))
        return placed

    def _stack_from(self, item: dict, owner: int, path: list, area: str, make) -> Stack:
        item = self.SETUP["stack"].check(item, path)
        cards = [make(n, owner, [*path, "cards", i]) for i, n in enumerate(listed(item["cards"], [*path, "cards"]))]
        if not cards:
            raise SetupError([*path, "cards"], "a stack has at least 1 card")
        label = item.get("label")
        if label is not None and label in self.labels:
            raise SetupError([*path, "label"], f"label {label!r} is already used")
        stack = self.new_stack(owner, cards, area=area, label=label)
        face_down = item.get("face_down_cards", 0)
        if face_down >= len(cards):
            raise SetupError([*path, "face_down_cards"], f"only the {len(cards) - 1} card(s) under the top card can lie face down")
        for card in cards[:face_down]:
            self._turn_face_down(card)
        stack.suspended = bool(item.get("suspended", False))
        if item.get("face_down"):
            stack.face_down = True
            for card in cards:
                card.face_up = False
        option = stack.top.defn.category == "option"
        if "placed_by_effect" in item and not (option and area == "battle"):
            raise SetupError([*path, "placed_by_effect"], "only an Option in the battle area is placed there by an effect or not (CR 17-1-3-2-2)")
        stack.placed_by_effect = option and area == "battle" and item.get("placed_by_effect", len(cards) == 1)
        stack.placed_turn = self.turn if item.get("placed_this_turn") else self.turn - 1
        for i, name in enumerate(listed(item.get("links"), [*path, "links"])):
            link = make(name, owner, [*path, "links", i])
            if not link.defn.link:
                raise SetupError([*path, "links", i], f"{name} has no [Link] information (CR 10-1-1)")
            link.face_up = True
            stack.links.append(link)
        if stack.links and (stack.top.defn.category != "digimon" or area != "battle"):
            raise SetupError([*path, "links"], "link cards are plugged into a Digimon in the battle area (CR 10-1-1)")
        if label is not None:
            self.labels[label] = stack.sid
        return stack

    def _stack_state(self, stack: Stack, item: dict, path: list) -> None:
        """What has already happened to this card: modifiers, effects used, a Burst this turn."""
        for i, mod in enumerate(listed(item.get("modifiers"), [*path, "modifiers"])):
            stack.modifiers.append(self._modifier(mod, [*path, "modifiers", i]))
        for i, used in enumerate(listed(item.get("used_this_turn"), [*path, "used_this_turn"])):
            where = [*path, "used_this_turn", i]
            ref = {"effect": used} if isinstance(used, int) and not isinstance(used, bool) else used
            card, effect = self._effect_of(stack, self.SETUP["used_effect"].check(ref, where), where)
            if not effect.per_turn:
                raise SetupError(where, f"that effect of {card.name} is not [Once Per Turn] or [X Per Turn]: nothing counts its uses (CR 15-14-1-1)")
            self._used_this_turn(card, effect)
        if item.get("burst_this_turn"):
            if stack.top.defn.category != "digimon" or len(stack.cards) < 2:
                raise SetupError([*path, "burst_this_turn"], "a Burst Digivolve leaves a Digimon on at least 1 other card (CR 8-3-3-4)")
            self.burst_pending.append((stack.sid, stack.top.uid, self.turn))

    def _used_this_turn(self, card: Card, effect: Effect) -> None:
        """Count one use of ``card``'s [X Per Turn] effect this turn, as activating it does (effects.py)."""
        key = self._per_turn_key(card, effect)
        self.per_turn_used[key] = self.per_turn_used.get(key, 0) + 1

    def _stack_checks(self, stack: Stack, item: dict, path: list) -> None:
        """Checks that need the whole position (keywords from modifiers, the attack)."""
        if len(stack.links) > self.link_limit(stack):
            raise SetupError([*path, "links"], f"{stack!r} can hold {self.link_limit(stack)} link card(s) (CR 4-9-5)")
        for i, mod in enumerate(stack.modifiers):
            if mod.until == "end_of_attack" and self.attack is None:
                raise SetupError([*path, "modifiers", i, "until"], "lasts until the end of an attack, and no attack is under way")

    def _modifier(self, spec, path) -> Modifier:
        spec = self.SETUP["modifier"].check(spec, path)
        kinds = [k for k in ("dp", "security_attack", "keyword") if k in spec]
        if len(kinds) != 1:
            raise SetupError(path, "a modifier is one of dp: N, security_attack: N or keyword: NAME")
        kind = kinds[0]
        until = spec.get("until", "end_of_turn")
        if until not in UNTIL:
            raise SetupError([*path, "until"], f"must be one of {', '.join(UNTIL)}")
        if kind == "keyword":
            name = spec["keyword"]
            if name not in PROPERTY_KEYWORDS:
                raise SetupError([*path, "keyword"], f"{name!r} is not a keyword a Digimon can gain "
                                 f"(known: {', '.join(sorted(PROPERTY_KEYWORDS))})")
            return Modifier("keyword", (name, spec.get("value", True)), until, "setup", self.turn)
        if "value" in spec:
            raise SetupError([*path, "value"], "value goes with keyword:")
        return Modifier(kind, integer(spec[kind], [*path, kind]), until, "setup", self.turn)

    def _setup_stack(self, name, path, owner: int | None = None) -> Stack:
        """The stack a setup names by label (or by its top card's name when only one has it)."""
        if not isinstance(name, str):
            raise SetupError(path, f"must name a card on the field, not {name!r}")
        stacks = self.stacks() + [ps.breeding for ps in self.players if ps.breeding]
        if name in self.labels:
            found = [s for s in stacks if s.sid == self.labels[name]]
        else:
            found = [s for s in stacks if s.top.defn.name == name]
        if len(found) != 1:
            raise SetupError(path, f"no unique Digimon or Tamer called {name!r} on the field (give it a label)")
        if owner is not None and found[0].owner != owner:
            raise SetupError(path, f"{name!r} is {PLAYER_NAMES[found[0].owner]}'s, not {PLAYER_NAMES[owner]}'s")
        return found[0]

    def _effect_of(self, stack: Stack | None, ref: dict, path, cards: list[Card] | None = None) -> tuple[Card, Effect]:
        """The card and the effect an effect reference names: ``effect: N`` of the card's effects or
        ``inherited: N`` of its inherited effects; ``from:`` picks a card under the top one."""
        cards = stack.cards if cards is None else cards
        card = cards[-1]
        if "from" in ref:
            found = [c for c in cards if c.defn.name == ref["from"]]
            if not found:
                raise SetupError([*path, "from"], f"no {ref['from']!r} in that stack")
            card = found[-1]
        if ("effect" in ref) == ("inherited" in ref):
            raise SetupError(path, "name the effect with effect: N (its effects) or inherited: N (its inherited effects)")
        kind = "effect" if "effect" in ref else "inherited"
        effects = card.defn.effects if kind == "effect" else card.defn.inherited
        index = integer(ref[kind], [*path, kind], minimum=0)
        if index >= len(effects):
            raise SetupError([*path, kind], f"{card.name} has {len(effects)} {'effects' if kind == 'effect' else 'inherited effects'}")
        if kind == "inherited" and stack is not None and card is stack.top:
            raise SetupError([*path, "inherited"], f"{card.name} is the top card: its inherited effects apply only from under another card (CR 4-8-1)")
        return card, effects[index]

    # ------------------------------------------------------------ pending ----
    def _pending_from_setup(self, p: int, spec, path) -> Pending:
        """An effect that has triggered and waits in pending activation (CR 15-4-4-1)."""
        spec = self.SETUP["pending"].check(spec, path)
        if ("card" in spec) == ("trash" in spec):
            raise SetupError(path, "name where the effect is: card: (a label on the field) or trash: (a card in the trash)")
        if "keyword" in spec:
            if "effect" in spec or "inherited" in spec:
                raise SetupError(path, "a pending keyword effect has no effect index")
            return self._pending_keyword(p, spec, path)
        if "against" in spec:
            raise SetupError([*path, "against"], "against: goes with keyword: retaliation")
        if "trash" in spec:
            trash = [c for c in self.players[p].trash if c.defn.name == spec["trash"]]
            if not trash:
                raise SetupError([*path, "trash"], f"no {spec['trash']!r} in {PLAYER_NAMES[p]}'s trash")
            if "from" in spec:
                raise SetupError([*path, "from"], "a card in the trash is a card by itself")
            card, effect = self._effect_of(None, spec, path, cards=trash[-1:])
            if effect.timing != "on_deletion":
                raise SetupError(path, f"only an [On Deletion] effect triggers from the trash, not [{effect.timing}]")
            return Pending(p, f"[On Deletion] of {card.name}", effect, card=card, stack=None)
        stack = self._setup_stack(spec["card"], [*path, "card"], owner=p)
        card, effect = self._effect_of(stack, spec, path)
        if effect.timing in NOT_PENDING:
            raise SetupError(path, f"a [{effect.timing}] effect never waits in pending activation (CR 15-4-4-1)")
        if effect.timing == "on_deletion":
            raise SetupError(path, "an [On Deletion] effect triggers once its card is deleted: name it with trash:")
        if stack.area != "battle":
            raise SetupError([*path, "card"], "effects in the breeding area don't trigger (CR 3-4-7-4)")
        inherited = " (inherited)" if card is not stack.top else ""
        return Pending(p, f"[{effect.timing}]{inherited} of {card.name}", effect, stack=stack, card=card)

    def _pending_keyword(self, p: int, spec: dict, path) -> Pending:
        """A keyword effect waiting in pending activation: <Retaliation> and <Fortitude> of a Digimon
        already deleted (its card in the trash), <Raid> and <Alliance> of the attacker, <Vortex> and
        <Execute> at the end of the turn."""
        kw = spec["keyword"]
        if kw not in PENDING_KEYWORDS:
            raise SetupError([*path, "keyword"], f"must be one of {', '.join(PENDING_KEYWORDS)}")
        printed = f"<{kw.title()}>"
        if kw in ("retaliation", "fortitude"):
            if "trash" not in spec:
                raise SetupError(path, f"{printed} triggers once its Digimon is deleted: name its card with trash:")
            found = [c for c in self.players[p].trash if c.defn.name == spec["trash"]]
            if not found:
                raise SetupError([*path, "trash"], f"no {spec['trash']!r} in {PLAYER_NAMES[p]}'s trash")
            if "from" in spec:
                raise SetupError([*path, "from"], "a card in the trash is a card by itself")
            card = found[-1]
            if card.defn.keyword(kw) is None and card.defn.keyword(kw, inherited=True) is None:
                raise SetupError([*path, "keyword"], f"{card.name} has no {printed}")
            if kw == "fortitude":
                if "against" in spec:
                    raise SetupError([*path, "against"], "against: goes with keyword: retaliation")
                return Pending(p, f"<Fortitude> of {card.name}", "fortitude", card=card)
            if "against" not in spec:
                raise SetupError(path, "a pending <Retaliation> names the Digimon it deletes: against: LABEL")
            other = self._setup_stack(spec["against"], [*path, "against"], owner=1 - p)
            return Pending(p, f"<Retaliation> of {card.name}", "retaliation", stack=other)
        if "trash" in spec or "against" in spec:
            raise SetupError([*path, "trash" if "trash" in spec else "against"], f"{printed} is pending for its Digimon on the field: card: LABEL")
        stack = self._setup_stack(spec["card"], [*path, "card"], owner=p)
        if not self.keyword(stack, kw):
            raise SetupError([*path, "keyword"], f"{stack!r} has no {printed}")
        if kw in ("raid", "alliance") and (self.attack is None or self.attack.attacker is not stack):
            raise SetupError([*path, "keyword"], f"{printed} triggers when its Digimon attacks: set up the attack")
        if kw in ("vortex", "execute") and p != self.turn_player:
            raise SetupError([*path, "keyword"], f"{printed} triggers at the end of its owner's turn")
        return Pending(p, f"{printed} of {stack!r}", kw, stack=stack)

    # ------------------------------------------------------------- attack ----
    def _attack_from_setup(self, spec, path) -> None:
        """An attack under way (CR 11): declared, and going on at its counter timing, its block timing
        or its resolution."""
        spec = self.SETUP["attack"].check(spec, path)
        if self.phase != "main":
            raise SetupError(path, "attacks are declared in the main phase (CR 6-5-1-5): set phase: main")
        tp = self.turn_player
        attacker = self._setup_stack(spec["attacker"], [*path, "attacker"], owner=tp)
        if attacker.area != "battle" or attacker.top.defn.category != "digimon":
            raise SetupError([*path, "attacker"], "only the turn player's Digimon in the battle area attack (CR 11-2-1)")
        if not attacker.suspended:
            raise SetupError([*path, "attacker"], f"{spec['attacker']!r} suspended to attack (CR 11-2-8-1): set it suspended: true")
        target = None
        if spec["target"] != "player":
            target = self._setup_stack(spec["target"], [*path, "target"], owner=1 - tp)
            if target.area != "battle":
                raise SetupError([*path, "target"], "the target is in the battle area (CR 11-2-7-1)")
        via = spec.get("via", "normal")
        if via not in VIA:
            raise SetupError([*path, "via"], f"must be one of {', '.join(VIA)}")
        blocker = None
        if spec.get("blocked_by") is not None:
            blocker = self._setup_stack(spec["blocked_by"], [*path, "blocked_by"], owner=1 - tp)
            if blocker is target or blocker.area != "battle" or blocker.top.defn.category != "digimon":
                raise SetupError([*path, "blocked_by"], "a block is made by another of the attacked player's Digimon (CR 12-1-5)")
            if not blocker.suspended:
                raise SetupError([*path, "blocked_by"], "a Digimon suspends to block (CR 12-1-7-1): set it suspended: true")
        next_ = spec.get("next", "resolve" if blocker else "block" if spec.get("countered") else "counter")
        if next_ not in ATTACK_NEXT:
            raise SetupError([*path, "next"], f"must be one of {', '.join(ATTACK_NEXT)}")
        if blocker is not None and next_ != "resolve":
            raise SetupError([*path, "next"], "after a block the attack goes on to its resolution (CR 12-1-7-1)")
        if spec.get("countered") and next_ == "counter":
            raise SetupError([*path, "countered"], "the counter timing comes once per attack (CR 11-3-2): it is over")
        self.attack = Attack(attacker, blocker or target, target, blocked=blocker is not None, goes_on=next_,
                             countered=bool(spec.get("countered", False)), via=via,
                             dp_bonus=integer(spec.get("dp_bonus", 0), [*path, "dp_bonus"], minimum=0),
                             extra_checks=integer(spec.get("extra_checks", 0), [*path, "extra_checks"], minimum=0))

    def _resume(self):
        """A set-up position goes on where it stands: the attack under way, or the pending effects."""
        if self.attack is not None and self.attack.goes_on:
            yield from self._attack_from(self.attack.goes_on)
        elif self.pending:
            yield from self._resolve()
