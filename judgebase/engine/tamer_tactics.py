"""The Tamer Tactics format (seed 001, v0.9.1) on top of the official engine.

Everything the format does not change works as in :class:`~judgebase.engine.official.Game`.
What it changes, each citing its ``TT §`` section: the Tamer+Digi-Egg pile and the
starting Tamer (§2.0), always a Tamer in play (§2.1), later Tamers (§2.2), Tamers'
[On Play] (§2.3), groups and orphans (§2.4, §2.5), effect reach (§3), attack limits
(§4.1) and the protected card of the turn (§4.2).

Where 001 can be read two ways the engine takes one reading and says so:
- moving Tamers (conflict tamer-move-cost-count): the first Tamer a player moves from
  the breeding area is free, every later one costs 2 memory;
- an attack from <Blitz>/<Vortex>/<Execute> on the opponent's security uses the group's
  security attack, not the keyword +1 (conflict keyword-attack-on-player); on a Digimon
  it uses the +1;
- an Option used from the hand has no group, so its "your Digimon" reaches all of them
  (conflict option-effect-group).
"""

from __future__ import annotations

from .official import Game
from .setup import PLAYER_NAMES, Level, SetupError, integer, listed
from .state import Action, IllegalAction, Stack

NORMAL_ATTACKS = 3
EXTRA_ATTACKS = 1
PROTECTIONS_PER_LINE = 2
TAMER_MOVE_COST = 2

# What a Tamer Tactics setup adds to the official one (judgebase/engine/official/position.py):
# groups, protection, and the counters the format keeps per turn.
SETUP = {
    **Game.SETUP,
    "zones": Game.SETUP["zones"].extend({
        "tamers_moved": {"type": "integer", "minimum": 0,
                         "description": "Tamers this player has moved from the breeding area (TT §2.2.3: only the first is free)"},
        "safety_valve": {"type": "boolean", "description": "the next hatch searches a Tamer (TT §2.1.2)"},
        "attacks": {"$ref": "attacks"},
        "protected_this_turn": {"type": "boolean",
                                "description": "this turn's protection is already declared (TT §4.2.6), on a card no longer protected"},
    }),
    "stack": Game.SETUP["stack"].extend({
        "group": {"type": "string", "description": "Tamer Tactics: label of the Tamer whose group this Digimon is in"},
        "protections": {"type": "integer", "minimum": 0, "maximum": PROTECTIONS_PER_LINE,
                        "description": "times this evolution line has been protected (TT §4.2.5)"},
        "protected": {"type": "boolean", "description": "the protected card of its owner's turn (TT §4.2.4)"},
        "eligible": {"enum": ["open", "closed"],
                     "description": "eligible for protection this turn (TT §4.2.1); open: the grace window is still open (TT §4.2.3)"},
    }),
    "attacks": Level({
        "security": {"type": "array", "items": {"type": "string"},
                     "description": "labels of the Tamers whose group has attacked security this turn (TT §4.1.1)"},
        "on_digimon": {"type": "integer", "minimum": 0, "maximum": NORMAL_ATTACKS,
                       "description": "normal attacks on cards declared this turn (TT §4.1.4.1)"},
        "extra": {"type": "boolean", "description": "the extra attack from keywords is used (TT §4.1.4.2)"},
    }, description="the turn player's attacks declared this turn, before any attack under way"),
}


class TamerTacticsGame(Game):
    ruleset = "tamer_tactics"
    MAIN_KINDS = Game.MAIN_KINDS + ("protect",)  # TT §4.2.2: protection is declared in the main phase
    DECISION_REFS = {**Game.DECISION_REFS, "search_tamer": "TT §2.0.3", "group": "TT §2.4.1", "keep_tamer": "TT §2.1.1"}

    def __init__(self, config: dict):
        self.tt_security_attacks: set[tuple[int, int]] = set()  # (turn, group)
        self.tt_non_security: dict[tuple[int, int], int] = {}  # (turn, player) -> normal attacks declared
        self.tt_extra_used: set[tuple[int, int]] = set()  # (turn, player)
        self.tt_tamers_moved = [0, 0]
        self.tt_valve = [False, False]
        self.tt_window: set[int] = set()  # stacks eligible for protection until the next main action (TT §4.2.3)
        self.tt_eligible: dict[int, set[int]] = {}  # turn -> every stack that was eligible at some point
        self.tt_protected_turn: dict[int, int] = {}
        self.tt_regroup: list[int] = []
        super().__init__(config)

    # ------------------------------------------------------------ building ----
    SETUP = SETUP

    def _build(self, config: dict) -> None:
        """The official position, then this format's state: groups, protection, the turn's counters."""
        super()._build(config)
        for p, spec in enumerate(config.get("players") or [{}, {}]):
            path = [PLAYER_NAMES[p]]
            if spec.get("breeding"):
                for key in ("group", "protected", "eligible"):
                    if key in spec["breeding"]:
                        raise SetupError([*path, "breeding", key], "only a Digimon in the battle area has a group or protection")
            for i, (item, stack) in enumerate(zip(listed(spec.get("battle"), [*path, "battle"]), self.players[p].battle)):
                self._stack_tt_state(stack, item, [*path, "battle", i])
            if "tamers_moved" in spec:
                self.tt_tamers_moved[p] = integer(spec["tamers_moved"], [*path, "tamers_moved"], minimum=0)
            if spec.get("safety_valve"):
                breeding = self.players[p].breeding
                if self.tamers(p) or (breeding is not None and breeding.top.defn.category == "tamer"):
                    raise SetupError([*path, "safety_valve"], "the safety valve is armed only with no Tamer in battle or breeding (TT §2.1.2)")
                self.tt_valve[p] = True
            for key in ("protected_this_turn", "attacks"):
                if spec.get(key) is not None and (p != self.turn_player or self.phase != "main"):
                    raise SetupError([*path, key], "protection and attacks are declared in the turn player's main phase (TT §4.2.2, CR 6-5-1-5)")
            if spec.get("protected_this_turn"):
                self.tt_protected_turn[p] = self.turn
            if spec.get("attacks") is not None:
                self._attacks_from_setup(p, self.SETUP["attacks"].check(spec["attacks"], [*path, "attacks"]), [*path, "attacks"])
        if self.attack is not None:
            self._count_attack_under_way()

    def _stack_tt_state(self, stack: Stack, item: dict, path: list) -> None:
        owner = stack.owner
        is_digimon = stack.top.defn.category == "digimon"
        if item.get("group") is not None:
            tamer = self._setup_stack(item["group"], [*path, "group"], owner=owner)
            if tamer.top.defn.category != "tamer" or tamer.area != "battle":
                raise SetupError([*path, "group"], f"{item['group']!r} is not a Tamer in the battle area (TT §2.4.1)")
            if not is_digimon:
                raise SetupError([*path, "group"], "only Digimon join a Tamer's group (TT §2.4.1)")
            stack.group = tamer.sid
        if (item.get("protected") or "protections" in item or "eligible" in item) and not is_digimon:
            raise SetupError(path, "only a Digimon is protected (TT §4.2.1)")
        if "protections" in item:
            stack.protections = integer(item["protections"], [*path, "protections"], 0, PROTECTIONS_PER_LINE)
        if item.get("protected"):
            if "protections" in item and stack.protections == 0:
                raise SetupError([*path, "protections"], "a protected card's line has been protected at least once (TT §4.2.5)")
            stack.protections = max(stack.protections, 1)
            if any(self.is_protected(s) for s in self.players[owner].battle if s is not stack):
                raise SetupError([*path, "protected"], "only 1 card can be protected per turn (TT §4.2.6)")
            own_turn = owner == self.turn_player
            if own_turn and self.phase != "main":
                raise SetupError([*path, "protected"], "in its owner's turn a protected card was declared in this main phase (TT §4.2.2, §4.2.4)")
            # TT §4.2.4: until the start of its owner's next turn, declared in their own turn.
            stack.protected_until = self.turn + (2 if own_turn else 1)
            if own_turn:
                if self._config_player(owner).get("protected_this_turn") is False:
                    raise SetupError([*path, "protected"], "it was protected this turn, so this turn's protection is declared")
                self.tt_protected_turn[owner] = self.turn
        if "eligible" in item:
            if owner != self.turn_player:
                raise SetupError([*path, "eligible"], "eligibility lasts for its owner's turn (TT §4.2.1)")
            if item["eligible"] not in ("open", "closed"):
                raise SetupError([*path, "eligible"], "must be open or closed")
            self.tt_eligible.setdefault(self.turn, set()).add(stack.sid)
            if item["eligible"] == "open":
                self.tt_window.add(stack.sid)

    def _config_player(self, p: int) -> dict:
        return (self._config.get("players") or [{}, {}])[p] or {}

    def _attacks_from_setup(self, p: int, spec: dict, path: list) -> None:
        for i, label in enumerate(listed(spec.get("security"), [*path, "security"])):
            tamer = self._setup_stack(label, [*path, "security", i], owner=p)
            if tamer.top.defn.category != "tamer" or tamer.area != "battle":
                raise SetupError([*path, "security", i], f"{label!r} is not a Tamer leading a group (TT §2.4.1)")
            self.tt_security_attacks.add((self.turn, tamer.sid))
        if "on_digimon" in spec:
            self.tt_non_security[(self.turn, p)] = integer(spec["on_digimon"], [*path, "on_digimon"], 0, NORMAL_ATTACKS)
        if spec.get("extra"):
            self.tt_extra_used.add((self.turn, p))

    def _count_attack_under_way(self) -> None:
        """The set-up attack was declared this turn: it counts as ``_declare_attack`` counts it."""
        a, tp = self.attack, self.turn_player
        if a.declared_target is not None and self.is_protected(a.declared_target):
            raise SetupError(["attack", "target"], "the protected card of the turn can't be attacked (TT §4.2.4)")
        if a.declared_target is None:
            if a.attacker.group is None:
                raise SetupError(["attack", "attacker"], "a Digimon with no group can't attack security (TT §2.4.5)")
            if (self.turn, a.attacker.group) in self.tt_security_attacks:
                raise SetupError(["attack", "attacker"], "its group has already attacked security this turn (TT §4.1.1)")
            self.tt_security_attacks.add((self.turn, a.attacker.group))
        elif a.via == "normal":
            count = self.tt_non_security.get((self.turn, tp), 0) + 1
            if count > NORMAL_ATTACKS:
                raise SetupError(["attack"], f"{NORMAL_ATTACKS} attacks on Digimon were already declared this turn (TT §4.1.4.1)")
            self.tt_non_security[(self.turn, tp)] = count
        else:
            if (self.turn, tp) in self.tt_extra_used:
                raise SetupError(["attack", "via"], "the extra attack from keywords was already used this turn (TT §4.1.4.2)")
            self.tt_extra_used.add((self.turn, tp))

    def dump(self) -> dict:
        state = super().dump()
        state["tamer_tactics"] = {
            "security_attacks": sorted(self.tt_security_attacks), "non_security": sorted(self.tt_non_security.items()),
            "extra_used": sorted(self.tt_extra_used), "tamers_moved": list(self.tt_tamers_moved), "valve": list(self.tt_valve),
            "window": sorted(self.tt_window), "eligible": sorted((t, sorted(s)) for t, s in self.tt_eligible.items()),
            "protected_turn": sorted(self.tt_protected_turn.items()), "regroup": list(self.tt_regroup),
        }
        return state

    def _eligible(self, stack: Stack) -> None:
        """TT §4.2.1: this card may be declared protected until its owner's next main action."""
        self.tt_window.add(stack.sid)
        self.tt_eligible.setdefault(self.turn, set()).add(stack.sid)

    def _may_stay_in_breeding(self, stack: Stack) -> bool:
        # TT §2.2.2: later Tamers hatch into the breeding area and wait there to be moved out.
        return stack.top.defn.category == "tamer" or super()._may_stay_in_breeding(stack)

    def tamers(self, player: int) -> list[Stack]:
        return [s for s in self.players[player].battle if s.top.defn.category == "tamer"]

    def group_of(self, stack: Stack) -> int | None:
        return stack.sid if stack.top.defn.category == "tamer" else stack.group

    def is_protected(self, stack: Stack) -> bool:
        return stack.protected_until > self.turn

    # ------------------------------------------------------------- set-up ----
    def _setup(self):
        """TT §2.0: shuffle, starting Tamer straight to the battle area, its [On Play], then hands."""
        first = self.turn_player
        self.emit("first_player", "TT §2.0.1", first)
        for p in (0, 1):
            self.rng.shuffle(self.players[p].deck)
            self.rng.shuffle(self.players[p].eggs)
            self.emit("shuffle", "TT §2.0.2", p)
        for p in (0, 1):
            yield from self._search_tamer(p, to="battle", ref="TT §2.0.3")
        for p in (first, 1 - first):  # TT §2.0.4: the first player's [On Play] first
            for stack in self.tamers(p):
                self._trigger_on(stack, "on_play")
                self.emit("starting_tamer_on_play", "TT §2.0.4", p, card=repr(stack))
            yield from self._resolve()
        yield from self._hands_security_memory(first, "TT §2.0.5", "TT §2.0.6", "TT §2.0.7", "TT §2.0.8")

    def _search_tamer(self, p: int, to: str, ref: str):
        ps = self.players[p]
        card = yield from self._pick_tamer(p, "search a Tamer")
        if card is None:
            self.emit("no_tamer_to_search", ref, p)
            return None
        ps.eggs.remove(card)
        self.rng.shuffle(ps.eggs)
        card.incarnation += 1
        if to == "battle":
            stack = self.new_stack(p, [card])
            ps.battle.append(stack)
        else:
            stack = self.new_stack(p, [card], area="breeding")
            ps.breeding = stack
        self.emit("tamer_searched", ref, p, card=repr(stack), to=to)
        return card

    def _pick_tamer(self, p: int, prompt: str):
        """One Tamer card from the pile, chosen by the player when there are different ones."""
        firsts: dict[str, object] = {}
        for c in self.players[p].eggs:
            if c.defn.category == "tamer":
                firsts.setdefault(c.defn.name, c)
        if not firsts:
            return None
        if len(firsts) == 1:
            return next(iter(firsts.values()))
        def check(a: Action) -> IllegalAction | None:
            if a.kind != "choose":
                return None
            card = next((c for c in self.players[p].eggs if c.uid == a.card), None)
            if card is None or card.defn.category != "tamer" or a.target is not None or a.option is not None or a.targets:
                return IllegalAction("choose a Tamer from your Tamer+Digi-Egg pile", "TT §2.0.3")
            if firsts[card.defn.name] is not card:
                return IllegalAction(f"copies of {card.name} are the same choice", "TT §2.0.3")
            return None

        pick = yield self.decide(p, "search_tamer", [Action("choose", c.uid) for c in self.players[p].eggs],
                                 f"{prompt}: {', '.join(firsts)}", check)
        return next(c for c in firsts.values() if c.uid == pick.card)

    # ---------------------------------------------------------- breeding ----
    def _hatch_card(self, tp: int):
        if self.tt_valve[tp]:
            # TT §2.1.2: after a voluntary Burst left no Tamer, the next hatch searches one.
            self.tt_valve[tp] = False
            ps = self.players[tp]
            card = yield from self._pick_tamer(tp, "safety valve: search a Tamer")
            if card is not None:
                ps.eggs.remove(card)
                self.rng.shuffle(ps.eggs)
                self.emit("safety_valve", "TT §2.1.2", tp, card=card.name)
                return card
        return self.players[tp].eggs.pop(0)

    def _check(self, a: Action):
        tp = self.turn_player
        ps = self.players[tp]
        if a.kind == "move" and ps.breeding is not None and ps.breeding.top.defn.category == "tamer":
            return None  # TT §2.2.2: Tamers move from the breeding area to the battle area
        if a.kind == "protect":
            return self._check_protect(tp, a)
        return super()._check(a)

    def _after_place(self, stack: Stack, how: str):
        tp = stack.owner
        if stack.top.defn.category == "tamer":
            if how == "move":
                if self.tt_tamers_moved[tp] >= 1:
                    self.pay(tp, TAMER_MOVE_COST, "TT §2.2.3", "move a Tamer to the battle area")
                self.tt_tamers_moved[tp] += 1
                # TT §2.3.1: a Tamer's [On Play] fires when it enters the battle area.
                self._trigger_on(stack, "on_play")
                self.emit("tamer_on_play", "TT §2.3.1", tp, card=repr(stack))
            return
        if stack.top.defn.category != "digimon":
            return
        yield from self._join_group(stack, "TT §2.4.1" if how in ("play", "move") else "TT §2.4.3")
        if how == "play":
            self._eligible(stack)  # TT §4.2.1: a card just played from the main deck

    def _join_group(self, stack: Stack, ref: str):
        tamers = self.tamers(stack.owner)
        if not tamers:
            stack.group = None
            self.emit("orphan", "TT §2.4.5", stack.owner, card=repr(stack))
            return
        if len(tamers) == 1:
            chosen = tamers[0]
        else:
            def problem(t: Stack | None) -> IllegalAction | None:
                if t is None or t.owner != stack.owner or t.area != "battle" or t.top.defn.category != "tamer":
                    return IllegalAction("a Digimon joins the group of 1 of your Tamers in the battle area", ref)
                return None

            pick = yield self._pick(stack.owner, "group", f"{stack!r} joins which Tamer's group?", problem, optional=False)
            chosen = self.find_stack(pick.target)
        stack.group = chosen.sid
        self.emit("joins_group", ref, stack.owner, card=repr(stack), tamer=repr(chosen))

    # ------------------------------------------------------------- playing ----
    def _check_play(self, tp, card, a):
        err = super()._check_play(tp, card, a)
        if err:
            return err
        if card.defn.category == "tamer":
            return IllegalAction("Tamers enter from the Tamer+Digi-Egg pile, not from the hand", "TT §2.2.2")
        if card.defn.category == "digimon" and not self.tamers(tp):
            return IllegalAction("no Digimon can be played without a Tamer in your battle area", "TT §2.2.5")
        return None

    def _check_digivolve(self, tp, card, a):
        stack = self.find_stack(a.target)
        if stack is not None and stack.top.defn.category == "tamer":
            return IllegalAction("a Tamer can't digivolve into a Digimon in this format", "TT §2.2.4")
        return super()._check_digivolve(tp, card, a)

    def _digivolve(self, tp, a: Action, cost=None, by_effect=False):
        stack = self.find_stack(a.target)
        yield from super()._digivolve(tp, a, cost, by_effect)
        if stack is not None and stack.area == "battle":
            self._eligible(stack)  # TT §4.2.2: declared after its [When Digivolving]

    def _burst(self, tp, card, a):
        stack = self.find_stack(a.target)
        yield from super()._burst(tp, card, a)
        if stack is not None and stack.area == "battle":
            self._eligible(stack)  # TT §4.2.1: the result of a digivolution made this turn

    def _check_special(self, tp: int, a: Action):
        err = super()._check_special(tp, a)
        if err:
            return err
        if a.kind == "dna":
            groups = {self.find_stack(sid).group for sid in a.targets}
            if len(groups) != 1 or None in groups:
                return IllegalAction("DNA materials must all belong to the same group", "TT §3.5")
        if a.kind == "burst":
            stack = self.find_stack(a.target)
            if stack is not None and stack.top.defn.category == "tamer":
                return IllegalAction("a Tamer can't digivolve into a Digimon in this format", "TT §2.2.4")
        return None

    def _dna_result(self, result: Stack, materials: list[Stack]) -> None:
        result.group = materials[0].group
        result.protections = 0  # TT §4.2.5: a DNA digivolution starts a new evolution line
        self._eligible(result)

    def _link(self, tp, card, stack):
        yield from super()._link(tp, card, stack)
        self._eligible(stack)  # TT §4.2.1: a Digimon that just received a link card

    # ------------------------------------------------------ Tamers leaving ----
    def _return_burst_tamer(self, tamer: Stack) -> None:
        # TT §2.5: the Tamer returned by Burst Digivolve leaves the game for good.
        owner = tamer.owner
        self.players[owner].battle.remove(tamer)
        for card in tamer.cards:
            card.incarnation += 1
            self.players[owner].removed.append(card)
        self.emit("tamer_out_of_game", "TT §2.5", owner, card=repr(tamer))
        self._orphan_group(tamer)
        if not self.tamers(owner) and not (self.players[owner].breeding and self.players[owner].breeding.top.defn.category == "tamer"):
            self.tt_valve[owner] = True
            self.emit("safety_valve_armed", "TT §2.1.2", owner)

    def _leave_field(self, stack: Stack, to: str, ref: str, deleted: bool = False, order=None) -> None:
        was_tamer = stack.top.defn.category == "tamer" and stack.area == "battle"
        super()._leave_field(stack, to, ref, deleted, order)
        if was_tamer:
            self._orphan_group(stack)

    def _orphan_group(self, tamer: Stack) -> None:
        for digimon in self.players[tamer.owner].battle:
            if digimon.group == tamer.sid:
                digimon.group = None
                self.tt_regroup.append(digimon.sid)
                self.emit("orphaned", "TT §2.4.5", tamer.owner, card=repr(digimon))

    def _resolve(self):
        # TT §2.4.6: orphans regroup at once, before anything else goes on.
        while self.tt_regroup and not self.is_over:
            stack = self.find_stack(self.tt_regroup.pop(0))
            if stack is None or stack.area != "battle":
                continue
            tamers = self.tamers(stack.owner)
            if not tamers:
                self.emit("true_orphan", "TT §2.4.6", stack.owner, card=repr(stack))
                continue
            yield from self._join_group(stack, "TT §2.4.6")
            self._eligible(stack)  # TT §4.2.1: a card just regrouped
        yield from super()._resolve()

    # ---------------------------------------------------------- effect reach ----
    def _choose_targets(self, controller, who, step, source=None):
        stacks = super()._choose_targets(controller, who, step, source)
        if who == "opponent_tamer" and not stacks and len(self.tamers(1 - controller)) == 1:
            self.emit("last_tamer_immune", "TT §2.1.1", 1 - controller, card=repr(self.tamers(1 - controller)[0]))
        return stacks

    def effect_target_problem(self, controller, who, step, source, stack):
        err = super().effect_target_problem(controller, who, step, source, stack)
        if err:
            return err
        opponents = stack.owner != controller  # "your opponent's", or either player's ("any", "all")
        if opponents and who not in ("opponent_tamer", "all_opponent_tamers") and self.is_protected(stack):
            return IllegalAction(f"{stack!r} is the protected card of the turn", "TT §4.2.4")
        if opponents and not who.startswith("all") and stack.top.defn.category == "tamer" and len(self.tamers(1 - controller)) <= 1:
            # TT §2.1.1: the last Tamer can't be chosen by the opponent's removal.
            return IllegalAction(f"{stack!r} is the opponent's last Tamer", "TT §2.1.1")
        if not opponents and source is not None and source.owner == controller and stack.group != self.group_of(source):
            return IllegalAction(f"{stack!r} is in another group than the effect's source", "TT §3.1")  # TT §3.1, §3.3
        return None

    def _refusal(self, d, a):
        if a.kind == "protect" and d is not None and d.kind != "main":
            return IllegalAction("protection is declared in your main phase, after the card's effects have resolved", "TT §4.2.2")
        return super()._refusal(d, a)

    def _all_affected(self, controller: int, who: str, stacks: list[Stack]):
        """TT §2.1.1: if an opponent's effect would leave a player with no Tamer, they keep one of their choice."""
        if who != "all_opponent_tamers" or not stacks or len(stacks) < len(self.tamers(1 - controller)):
            return stacks
        victim = 1 - controller
        def problem(s: Stack | None) -> IllegalAction | None:
            if s not in stacks:
                return IllegalAction("choose 1 of your Tamers the effect would affect", "TT §2.1.1")
            return None

        pick = yield self._pick(victim, "keep_tamer", "choose the Tamer that stays (TT §2.1.1)", problem, optional=False)
        kept = self.find_stack(pick.target)
        self.emit("last_tamer_kept", "TT §2.1.1", victim, card=repr(kept))
        return [s for s in stacks if s is not kept]

    def _decoy_problem(self, decoy: Stack, protected: Stack):
        if decoy.group is None or decoy.group != protected.group:
            return IllegalAction("<Decoy> only protects Digimon of its own group", "TT §3.7")
        return None

    # -------------------------------------------------------------- attacks ----
    def _attack_limit_problem(self, tp, attacker, target_sid, via):
        """This format's limits on attacks the official rules allow (TT §4.1): one security attack
        per group, 3 normal attacks on cards a turn, and 1 extra attack from keywords."""
        if target_sid == -1:
            return self._security_attack_problem(attacker)
        if via == "normal":
            if self.tt_non_security.get((self.turn, tp), 0) >= NORMAL_ATTACKS:
                return IllegalAction(f"{NORMAL_ATTACKS} attacks on Digimon already declared this turn", "TT §4.1.4.1")
        elif (self.turn, tp) in self.tt_extra_used:
            return IllegalAction("the 1 extra attack from keywords was already used this turn", "TT §4.1.4.2")
        return None

    def _security_attack_problem(self, attacker: Stack):
        if attacker.group is None:
            return IllegalAction(f"{attacker!r} has no group and can't attack security", "TT §2.4.5")
        if (self.turn, attacker.group) in self.tt_security_attacks:
            return IllegalAction("this group has already attacked security this turn", "TT §4.1.1")
        return None

    def _may_attack_unsuspended(self, attacker, via):
        return True  # TT §4.1.2: any opponent's Digimon, suspended or not

    def _target_problem(self, tp, attacker, target_sid, via):
        target = self.find_stack(target_sid) if target_sid not in (None, -1) else None
        if target is not None and target.owner != tp and target.area == "battle" and target.top.defn.category == "tamer":
            if not self.keyword(attacker, "may_attack_tamers"):
                return IllegalAction("a Tamer can be attacked only when a card's effect allows it", "TT §4.1.3")
            if len(self.tamers(target.owner)) <= 1:
                return IllegalAction("the opponent's last Tamer can never be attacked", "TT §2.1.1")
        err = super()._target_problem(tp, attacker, target_sid, via)
        if err:
            return err
        if target is not None and self.is_protected(target):
            return IllegalAction("the protected card of the turn can't be attacked", "TT §4.2.4")
        return None

    def _declare_attack(self, tp, attacker: Stack, target_sid: int, via: str):
        if target_sid == -1:
            self.tt_security_attacks.add((self.turn, attacker.group))
            self.emit("security_attack_used", "TT §4.1.1", tp, group=attacker.group)
        elif via == "normal":
            key = (self.turn, tp)
            self.tt_non_security[key] = self.tt_non_security.get(key, 0) + 1
            self.emit("attack_counted", "TT §4.1.4.1", tp, count=self.tt_non_security[key])
        else:
            self.tt_extra_used.add((self.turn, tp))
            self.emit("extra_attack_used", "TT §4.1.4.2", tp, via=via)
        yield from super()._declare_attack(tp, attacker, target_sid, via)

    def block_problem(self, blocker):
        err = super().block_problem(blocker)
        if err:
            return err
        if self.is_protected(blocker) and self._collision_active(blocker.owner):
            # TT §4.2.4: forced target redirection such as <Collision> can't touch the protected card.
            return IllegalAction(f"{blocker!r} is the protected card of the turn; <Collision> can't redirect the attack to it", "TT §4.2.4")
        return None

    def _redirect_problem(self, stack: Stack):
        if self.is_protected(stack):
            # TT §4.2.4: forced target redirection such as <Raid> can't touch the protected card.
            return IllegalAction(f"{stack!r} is the protected card of the turn", "TT §4.2.4")
        return None

    # --------------------------------------------------------- protection ----
    def _main_actions(self, tp: int) -> list[Action]:
        actions = super()._main_actions(tp)
        for sid in sorted(self.tt_window):
            a = Action("protect", sid)
            if self._check_protect(tp, a) is None:
                actions.append(a)
        return actions

    def _check_protect(self, tp: int, a: Action):
        if self.phase != "main" or self.attack is not None:
            return IllegalAction("protection is declared in your main phase", "TT §4.2.2")
        if self.tt_protected_turn.get(tp) == self.turn:
            return IllegalAction("only 1 card can be protected per turn", "TT §4.2.6")
        stack = self.find_stack(a.card)
        if stack is None or stack.owner != tp or stack.area != "battle" or stack.top.defn.category != "digimon":
            return IllegalAction("protect one of your own Digimon in the battle area", "TT §4.2.1")
        if stack.sid not in self.tt_window:
            if stack.sid in self.tt_eligible.get(self.turn, ()):
                return IllegalAction("the grace window closed with your next main-phase action", "TT §4.2.3")
            return IllegalAction("only a card just played, regrouped, digivolved or linked this turn can be protected", "TT §4.2.1")
        if stack.protections >= PROTECTIONS_PER_LINE:
            return IllegalAction(f"this evolution line has been protected {PROTECTIONS_PER_LINE} times already", "TT §4.2.5")
        return None

    def _do_main(self, tp, a: Action):
        if a.kind == "protect":
            stack = self.find_stack(a.card)
            stack.protected_until = self.turn + 2  # until the start of its owner's next turn
            stack.protections += 1
            self.tt_protected_turn[tp] = self.turn
            self.tt_window = set()
            self.emit("protected", "TT §4.2.4", tp, card=repr(stack), line_uses=stack.protections)
            return
        if a.kind != "pass":
            self.tt_window = set()  # TT §4.2.3: any further main-phase action closes the grace window
        yield from super()._do_main(tp, a)
