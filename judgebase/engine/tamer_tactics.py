"""The Tamer Tactics format (seed 001, v0.9.1) on top of the official engine.

Everything the format does not change works as in :class:`~judgebase.engine.official.Game`.
It changes the official engine only through the hooks of
:class:`~judgebase.engine.official.variant.Variant` (:class:`TamerTactics`), and keeps its own
state in :class:`TamerTacticsState`.  What it changes, each citing its ``TT §`` section: the Tamer+Digi-Egg pile and the
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

from dataclasses import dataclass, field

from .official import Game
from .official.variant import Variant
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



@dataclass
class TamerTacticsState:
    """What the format adds to the official state, by stack id (``Stack.sid``) and player."""

    groups: dict[int, int] = field(default_factory=dict)  # Digimon -> the Tamer leading its group (TT §2.4.1)
    protections: dict[int, int] = field(default_factory=dict)  # times each evolution line was protected (TT §4.2.5)
    protected_until: dict[int, int] = field(default_factory=dict)  # the protected card, until this turn (TT §4.2.4)
    protected_turn: dict[int, int] = field(default_factory=dict)  # player -> last turn they declared protection (TT §4.2.6)
    window: set[int] = field(default_factory=set)  # eligible until the next main action (TT §4.2.3)
    eligible: dict[int, set[int]] = field(default_factory=dict)  # turn -> every card eligible at some point (TT §4.2.1)
    tamers_moved: list[int] = field(default_factory=lambda: [0, 0])  # TT §2.2.3: only the first move is free
    valve: list[bool] = field(default_factory=lambda: [False, False])  # the next hatch searches a Tamer (TT §2.1.2)
    security_attacks: set[tuple[int, int]] = field(default_factory=set)  # (turn, group) (TT §4.1.1)
    non_security: dict[tuple[int, int], int] = field(default_factory=dict)  # (turn, player) -> normal attacks (TT §4.1.4.1)
    extra_used: set[tuple[int, int]] = field(default_factory=set)  # (turn, player) (TT §4.1.4.2)
    regroup: list[int] = field(default_factory=list)  # orphans waiting to regroup (TT §2.4.6)

    def dump(self) -> dict:
        return {
            "security_attacks": sorted(self.security_attacks), "non_security": sorted(self.non_security.items()),
            "extra_used": sorted(self.extra_used), "tamers_moved": list(self.tamers_moved), "valve": list(self.valve),
            "window": sorted(self.window), "eligible": sorted((t, sorted(s)) for t, s in self.eligible.items()),
            "protected_turn": sorted(self.protected_turn.items()), "regroup": list(self.regroup),
            "groups": sorted(self.groups.items()), "protections": sorted(self.protections.items()),
            "protected_until": sorted(self.protected_until.items()),
        }


class TamerTactics(Variant):
    """The format's changes, at the official engine's hooks; each refusal and event cites its TT § clause."""

    NAME = "tamer_tactics"
    MAIN_KINDS = ("protect",)  # TT §4.2.2: protection is declared in the main phase
    DECISION_REFS = {"search_tamer": "TT §2.0.3", "group": "TT §2.4.1", "keep_tamer": "TT §2.1.1"}

    def __init__(self, game) -> None:
        super().__init__(game)
        self.state = TamerTacticsState()

    # ---------------------------------------------------------- queries ----
    def tamers(self, player: int) -> list[Stack]:
        return [s for s in self.game.players[player].battle if s.top.defn.category == "tamer"]

    def group(self, stack: Stack) -> int | None:
        """The Tamer leading the group ``stack`` (a Digimon) is in, or None (TT §2.4.5)."""
        return self.state.groups.get(stack.sid)

    def group_of(self, stack: Stack) -> int | None:
        return stack.sid if stack.top.defn.category == "tamer" else self.state.groups.get(stack.sid)

    def is_protected(self, stack: Stack) -> bool:
        until = self.state.protected_until
        return bool(until) and until.get(stack.sid, 0) > self.game.turn

    def protections(self, stack: Stack) -> int:
        return self.state.protections.get(stack.sid, 0)

    # ------------------------------------------------------------ building ----
    def build(self, config: dict) -> None:
        """This format's state from a setup: groups, protection, the turn's counters."""
        g, st = self.game, self.state
        for p, spec in enumerate(config.get("players") or [{}, {}]):
            path = [PLAYER_NAMES[p]]
            if spec.get("breeding"):
                for key in ("group", "protected", "eligible"):
                    if key in spec["breeding"]:
                        raise SetupError([*path, "breeding", key], "only a Digimon in the battle area has a group or protection")
            for i, (item, stack) in enumerate(zip(listed(spec.get("battle"), [*path, "battle"]), g.players[p].battle)):
                self._stack_state(stack, item, [*path, "battle", i], config)
            if "tamers_moved" in spec:
                st.tamers_moved[p] = integer(spec["tamers_moved"], [*path, "tamers_moved"], minimum=0)
            if spec.get("safety_valve"):
                breeding = g.players[p].breeding
                if self.tamers(p) or (breeding is not None and breeding.top.defn.category == "tamer"):
                    raise SetupError([*path, "safety_valve"], "the safety valve is armed only with no Tamer in battle or breeding (TT §2.1.2)")
                st.valve[p] = True
            for key in ("protected_this_turn", "attacks"):
                if spec.get(key) is not None and (p != g.turn_player or g.phase != "main"):
                    raise SetupError([*path, key], "protection and attacks are declared in the turn player's main phase (TT §4.2.2, CR 6-5-1-5)")
            if spec.get("protected_this_turn"):
                st.protected_turn[p] = g.turn
            if spec.get("attacks") is not None:
                self._attacks_from_setup(p, g.SETUP["attacks"].check(spec["attacks"], [*path, "attacks"]), [*path, "attacks"])
        if g.attack is not None:
            self._count_attack_under_way()

    def _stack_state(self, stack: Stack, item: dict, path: list, config: dict) -> None:
        g, st = self.game, self.state
        owner = stack.owner
        is_digimon = stack.top.defn.category == "digimon"
        if item.get("group") is not None:
            tamer = g._setup_stack(item["group"], [*path, "group"], owner=owner)
            if tamer.top.defn.category != "tamer" or tamer.area != "battle":
                raise SetupError([*path, "group"], f"{item['group']!r} is not a Tamer in the battle area (TT §2.4.1)")
            if not is_digimon:
                raise SetupError([*path, "group"], "only Digimon join a Tamer's group (TT §2.4.1)")
            st.groups[stack.sid] = tamer.sid
        if (item.get("protected") or "protections" in item or "eligible" in item) and not is_digimon:
            raise SetupError(path, "only a Digimon is protected (TT §4.2.1)")
        if "protections" in item:
            st.protections[stack.sid] = integer(item["protections"], [*path, "protections"], 0, PROTECTIONS_PER_LINE)
        if item.get("protected"):
            if "protections" in item and self.protections(stack) == 0:
                raise SetupError([*path, "protections"], "a protected card's line has been protected at least once (TT §4.2.5)")
            st.protections[stack.sid] = max(self.protections(stack), 1)
            if any(self.is_protected(s) for s in g.players[owner].battle if s is not stack):
                raise SetupError([*path, "protected"], "only 1 card can be protected per turn (TT §4.2.6)")
            own_turn = owner == g.turn_player
            if own_turn and g.phase != "main":
                raise SetupError([*path, "protected"], "in its owner's turn a protected card was declared in this main phase (TT §4.2.2, §4.2.4)")
            # TT §4.2.4: until the start of its owner's next turn, declared in their own turn.
            st.protected_until[stack.sid] = g.turn + (2 if own_turn else 1)
            if own_turn:
                players = config.get("players") or [{}, {}]
                if (players[owner] or {}).get("protected_this_turn") is False:
                    raise SetupError([*path, "protected"], "it was protected this turn, so this turn's protection is declared")
                st.protected_turn[owner] = g.turn
        if "eligible" in item:
            if owner != g.turn_player:
                raise SetupError([*path, "eligible"], "eligibility lasts for its owner's turn (TT §4.2.1)")
            if item["eligible"] not in ("open", "closed"):
                raise SetupError([*path, "eligible"], "must be open or closed")
            st.eligible.setdefault(g.turn, set()).add(stack.sid)
            if item["eligible"] == "open":
                st.window.add(stack.sid)

    def _attacks_from_setup(self, p: int, spec: dict, path: list) -> None:
        g, st = self.game, self.state
        for i, label in enumerate(listed(spec.get("security"), [*path, "security"])):
            tamer = g._setup_stack(label, [*path, "security", i], owner=p)
            if tamer.top.defn.category != "tamer" or tamer.area != "battle":
                raise SetupError([*path, "security", i], f"{label!r} is not a Tamer leading a group (TT §2.4.1)")
            st.security_attacks.add((g.turn, tamer.sid))
        if "on_digimon" in spec:
            st.non_security[(g.turn, p)] = integer(spec["on_digimon"], [*path, "on_digimon"], 0, NORMAL_ATTACKS)
        if spec.get("extra"):
            st.extra_used.add((g.turn, p))

    def _count_attack_under_way(self) -> None:
        """The set-up attack was declared this turn: it counts as ``attack_declared`` counts it."""
        g, st = self.game, self.state
        a, tp = g.attack, g.turn_player
        if a.declared_target is not None and self.is_protected(a.declared_target):
            raise SetupError(["attack", "target"], "the protected card of the turn can't be attacked (TT §4.2.4)")
        if a.declared_target is None:
            group = self.group(a.attacker)
            if group is None:
                raise SetupError(["attack", "attacker"], "a Digimon with no group can't attack security (TT §2.4.5)")
            if (g.turn, group) in st.security_attacks:
                raise SetupError(["attack", "attacker"], "its group has already attacked security this turn (TT §4.1.1)")
            st.security_attacks.add((g.turn, group))
        elif a.via == "normal":
            count = st.non_security.get((g.turn, tp), 0) + 1
            if count > NORMAL_ATTACKS:
                raise SetupError(["attack"], f"{NORMAL_ATTACKS} attacks on Digimon were already declared this turn (TT §4.1.4.1)")
            st.non_security[(g.turn, tp)] = count
        else:
            if (g.turn, tp) in st.extra_used:
                raise SetupError(["attack", "via"], "the extra attack from keywords was already used this turn (TT §4.1.4.2)")
            st.extra_used.add((g.turn, tp))

    def dump(self) -> dict:
        return self.state.dump()

    def _eligible(self, stack: Stack) -> None:
        """TT §4.2.1: this card may be declared protected until its owner's next main action."""
        self.state.window.add(stack.sid)
        self.state.eligible.setdefault(self.game.turn, set()).add(stack.sid)

    def may_stay_in_breeding(self, stack: Stack) -> bool:
        # TT §2.2.2: later Tamers hatch into the breeding area and wait there to be moved out.
        return stack.top.defn.category == "tamer"

    def may_move(self, stack: Stack) -> bool:
        return stack.top.defn.category == "tamer"  # TT §2.2.2: Tamers move from the breeding area to the battle area

    # ------------------------------------------------------------- set-up ----
    def setup(self):
        return self._setup()

    def _setup(self):
        """TT §2.0: shuffle, starting Tamer straight to the battle area, its [On Play], then hands."""
        g = self.game
        first = g.turn_player
        g.emit("official_base", "TT §0.1")  # what the format doesn't change is the official rules, CR Ver. 4.2
        g.emit("setup", "TT §2.0")  # TT §2.0: this order replaces the official set-up (CR 5-2-1)
        g.emit("first_player", "TT §2.0.1", first)
        for p in (0, 1):
            g.rng.shuffle(g.players[p].deck)
            g.rng.shuffle(g.players[p].eggs)
            g.emit("shuffle", "TT §2.0.2", p)
        for p in (0, 1):
            yield from self._search_tamer(p, to="battle", ref="TT §2.0.3")
        for p in (first, 1 - first):  # TT §2.0.4: the first player's [On Play] first
            for stack in self.tamers(p):
                g._trigger_on(stack, "on_play")
                g.emit("on_play_at_setup", "TT §2.3.2", p, card=repr(stack))  # placing it at set-up triggers [On Play]
                g.emit("starting_tamer_on_play", "TT §2.0.4", p, card=repr(stack))
            yield from g._resolve()
        for p in (first, 1 - first):
            tamers = self.tamers(p)
            if len(tamers) == 1:
                # TT §2.0.9: from turn 1 each side has its Tamer in battle, so Digimon can be played at once.
                g.emit("tamer_from_turn_one", "TT §2.0.9", p, card=repr(tamers[0]))
        yield from g._hands_security_memory(first, "TT §2.0.5", "TT §2.0.6", "TT §2.0.7", "TT §2.0.8")

    def _search_tamer(self, p: int, to: str, ref: str):
        g = self.game
        ps = g.players[p]
        card = yield from self._pick_tamer(p, "search a Tamer")
        if card is None:
            g.emit("no_tamer_to_search", ref, p)
            return None
        ps.eggs.remove(card)
        g.rng.shuffle(ps.eggs)
        card.incarnation += 1
        if to == "battle":
            stack = g.new_stack(p, [card])
            ps.battle.append(stack)
        else:
            stack = g.new_stack(p, [card], area="breeding")
            ps.breeding = stack
        g.emit("tamer_searched", ref, p, card=repr(stack), to=to)
        if to == "battle":
            g.emit("starting_tamer", "TT §2.2.1", p, card=repr(stack))  # straight to the battle area, not via breeding
        return card

    def _pick_tamer(self, p: int, prompt: str):
        """One Tamer card from the pile, chosen by the player when there are different ones."""
        g = self.game
        firsts: dict[str, object] = {}
        for c in g.players[p].eggs:
            if c.defn.category == "tamer":
                firsts.setdefault(c.defn.name, c)
        if not firsts:
            return None
        if len(firsts) == 1:
            return next(iter(firsts.values()))
        def check(a: Action) -> IllegalAction | None:
            if a.kind != "choose":
                return None
            card = next((c for c in g.players[p].eggs if c.uid == a.card), None)
            if card is None or card.defn.category != "tamer" or a.target is not None or a.option is not None or a.targets:
                return IllegalAction("choose a Tamer from your Tamer+Digi-Egg pile", "TT §2.0.3")
            if firsts[card.defn.name] is not card:
                return IllegalAction(f"copies of {card.name} are the same choice", "TT §2.0.3")
            return None

        pick = yield g.decide(p, "search_tamer", [Action("choose", c.uid) for c in g.players[p].eggs],
                                 f"{prompt}: {', '.join(firsts)}", check)
        return next(c for c in firsts.values() if c.uid == pick.card)

    # ---------------------------------------------------------- breeding ----
    def hatch_card(self, tp: int):
        st = self.state
        if not st.valve[tp]:
            eggs = self.game.players[tp].eggs
            if eggs and eggs[0].defn.category == "digi-egg":
                # TT §2.2.6: a Digi-Egg of the pile hatches, digivolves and moves out as in the official rules.
                self.game.emit("pile_digi_egg", "TT §2.2.6", tp, card=eggs[0].name)
            return None
        # TT §2.1.2: after a voluntary Burst left no Tamer, the next hatch searches one.
        st.valve[tp] = False
        ps = self.game.players[tp]
        card = yield from self._pick_tamer(tp, "safety valve: search a Tamer")
        if card is not None:
            ps.eggs.remove(card)
            self.game.rng.shuffle(ps.eggs)
            self.game.emit("safety_valve", "TT §2.1.2", tp, card=card.name)
        return card

    def after_place(self, stack: Stack, how: str):
        g, st = self.game, self.state
        tp = stack.owner
        if stack.top.defn.category == "tamer":
            if how == "move":
                if st.tamers_moved[tp] >= 1:
                    g.pay(tp, TAMER_MOVE_COST, "TT §2.2.3", "move a Tamer to the battle area")
                st.tamers_moved[tp] += 1
                # TT §2.3.1: a Tamer's [On Play] fires when it enters the battle area.
                g._trigger_on(stack, "on_play")
                g.emit("tamer_on_play", "TT §2.3.1", tp, card=repr(stack))
            return
        if stack.top.defn.category != "digimon":
            return
        yield from self._join_group(stack, "TT §2.4.1" if how in ("play", "move") else "TT §2.4.3")
        if how == "play":
            self._eligible(stack)  # TT §4.2.1: a card just played from the main deck

    def _join_group(self, stack: Stack, ref: str):
        g = self.game
        tamers = self.tamers(stack.owner)
        if not tamers:
            self.state.groups.pop(stack.sid, None)
            g.emit("orphan", "TT §2.4.5", stack.owner, card=repr(stack))
            return
        if len(tamers) == 1:
            chosen = tamers[0]
        else:
            def problem(t: Stack | None) -> IllegalAction | None:
                if t is None or t.owner != stack.owner or t.area != "battle" or t.top.defn.category != "tamer":
                    return IllegalAction("a Digimon joins the group of 1 of your Tamers in the battle area", ref)
                return None

            pick = yield g._pick(stack.owner, "group", f"{stack!r} joins which Tamer's group?", problem, optional=False)
            chosen = g.find_stack(pick.target)
        self.state.groups[stack.sid] = chosen.sid
        g.emit("joins_group", ref, stack.owner, card=repr(stack), tamer=repr(chosen))

    # ------------------------------------------------------------- playing ----
    def play_problem(self, tp, card, a):
        category = card.defn.category
        if category == "tamer":
            return IllegalAction("Tamers enter from the Tamer+Digi-Egg pile, not from the hand", "TT §2.2.2")
        if category == "digimon":  # (asked of every card in the hand whenever the legal actions are listed)
            for s in self.game.players[tp].battle:
                if s.cards[-1].defn.category == "tamer":
                    return None
            return IllegalAction("no Digimon can be played without a Tamer in your battle area", "TT §2.2.5")
        return None

    def digivolve_problem(self, tp, card, a):
        stack = self.game.find_stack(a.target)
        if stack is not None and stack.top.defn.category == "tamer":
            return IllegalAction("a Tamer can't digivolve into a Digimon in this format", "TT §2.2.4")
        return None

    def digivolved(self, stack: Stack, how: str) -> None:
        # TT §4.2.1, §4.2.2: the result of a digivolution made this turn (declared after its
        # [When Digivolving]), or a Digimon that just received a link card.
        if how == "link" or stack.area == "battle":
            self._eligible(stack)

    def special_problem(self, tp: int, a: Action):
        g = self.game
        if a.kind == "dna":
            groups = {self.group(g.find_stack(sid)) for sid in a.targets}
            if len(groups) != 1 or None in groups:
                return IllegalAction("DNA materials must all belong to the same group", "TT §3.5")
        if a.kind == "burst":
            stack = g.find_stack(a.target)
            if stack is not None and stack.top.defn.category == "tamer":
                return IllegalAction("a Tamer can't digivolve into a Digimon in this format", "TT §2.2.4")
        return None

    def dna_result(self, result: Stack, materials: list[Stack]) -> None:
        group = self.group(materials[0])
        if group is not None:
            self.state.groups[result.sid] = group
        # TT §4.2.5: a DNA digivolution starts a new evolution line (a new stack: no protections yet)
        self._eligible(result)

    # ------------------------------------------------------ Tamers leaving ----
    def return_burst_tamer(self, tamer: Stack) -> bool:
        # TT §2.5: the Tamer returned by Burst Digivolve leaves the game for good.
        g = self.game
        owner = tamer.owner
        g.players[owner].battle.remove(tamer)
        for card in tamer.cards:
            card.incarnation += 1
            g.players[owner].removed.append(card)
        g.emit("tamer_out_of_game", "TT §2.5", owner, card=repr(tamer))
        self._orphan_group(tamer)
        breeding = g.players[owner].breeding
        if not self.tamers(owner) and not (breeding and breeding.top.defn.category == "tamer"):
            self.state.valve[owner] = True
            g.emit("safety_valve_armed", "TT §2.1.2", owner)
        return True

    def left_field(self, stack: Stack) -> None:
        if stack.top.defn.category == "tamer" and stack.area == "battle":
            remaining = self.tamers(stack.owner)
            if remaining and any(self.state.groups.get(d.sid) == stack.sid for d in self.game.players[stack.owner].battle):
                # TT §2.4.7: removal orphans a group only while another Tamer remains (the last one can't be removed).
                self.game.emit("orphans_from_removal", "TT §2.4.7", stack.owner, card=repr(stack), tamers=len(remaining))
            self._orphan_group(stack)

    def _orphan_group(self, tamer: Stack) -> None:
        g, st = self.game, self.state
        for digimon in g.players[tamer.owner].battle:
            if st.groups.get(digimon.sid) == tamer.sid:
                del st.groups[digimon.sid]
                st.regroup.append(digimon.sid)
                g.emit("orphaned", "TT §2.4.5", tamer.owner, card=repr(digimon))

    def before_resolve(self):
        return self._regroup() if self.state.regroup else ()

    def _regroup(self):
        # TT §2.4.6: orphans regroup at once, before anything else goes on.
        g, st = self.game, self.state
        while st.regroup and not g.is_over:
            stack = g.find_stack(st.regroup.pop(0))
            if stack is None or stack.area != "battle":
                continue
            if not self.tamers(stack.owner):
                g.emit("true_orphan", "TT §2.4.6", stack.owner, card=repr(stack))
                continue
            yield from self._join_group(stack, "TT §2.4.6")
            self._eligible(stack)  # TT §4.2.1: a card just regrouped

    # ---------------------------------------------------------- effect reach ----
    def targets_chosen(self, controller, who, source, stacks):
        g = self.game
        if who == "opponent_tamer" and not stacks and len(self.tamers(1 - controller)) == 1:
            g.emit("last_tamer_immune", "TT §2.1.1", 1 - controller, card=repr(self.tamers(1 - controller)[0]))
        if who == "opponent_tamer" and len(stacks) > 1:
            # TT §2.4.2: a Tamer whose group is empty still counts as a Tamer in battle (for TT §2.1.1 too).
            led = set(self.state.groups.values())
            empty = [t for t in stacks if t.sid not in led]
            if empty:
                g.emit("empty_group_counts", "TT §2.4.2", 1 - controller, card=repr(empty[0]))
        if who == "all_own" and source is not None and source.owner == controller:
            # TT §3.3: an area effect on "all of your Digimon" reaches only its source's group.
            outside = [s for s in g.stacks(controller) if s not in stacks and s.top.defn.category == "digimon"
                       and self.group(s) != self.group_of(source)]
            if outside:
                g.emit("outside_group", "TT §3.3", controller, source=repr(source), cards=", ".join(map(repr, outside)))
        if who == "opponent" and source is not None and source.owner == controller:
            # TT §3.2: an effect on "1 of your opponent's Digimon" may choose one in any of their groups.
            groups = {self.group(s) for s in stacks if s.owner != controller and s.top.defn.category == "digimon"}
            if len(groups) > 1:
                g.emit("any_opposing_group", "TT §3.2", controller, source=repr(source), groups=len(groups))

    def effect_target_problem(self, controller, who, step, source, stack):
        opponents = stack.owner != controller  # "your opponent's", or either player's ("any", "all")
        if opponents and who not in ("opponent_tamer", "all_opponent_tamers") and self.is_protected(stack):
            return IllegalAction(f"{stack!r} is the protected card of the turn", "TT §4.2.4")
        if opponents and not who.startswith("all") and stack.top.defn.category == "tamer" and len(self.tamers(1 - controller)) <= 1:
            # TT §2.1.1: the last Tamer can't be chosen by the opponent's removal.
            return IllegalAction(f"{stack!r} is the opponent's last Tamer", "TT §2.1.1")
        if not opponents and source is not None and source.owner == controller and self.group(stack) != self.group_of(source):
            return IllegalAction(f"{stack!r} is in another group than the effect's source", "TT §3.1")  # TT §3.1, §3.3
        return None

    def refusal(self, d, a):
        if a.kind == "protect" and d is not None and d.kind != "main":
            return IllegalAction("protection is declared in your main phase, after the card's effects have resolved", "TT §4.2.2")
        return None

    def all_affected(self, controller: int, who: str, stacks: list[Stack]):
        """TT §2.1.1: if an opponent's effect would leave a player with no Tamer, they keep one of their choice."""
        g = self.game
        if who != "all_opponent_tamers" or not stacks or len(stacks) < len(self.tamers(1 - controller)):
            return stacks
        victim = 1 - controller
        def problem(s: Stack | None) -> IllegalAction | None:
            if s not in stacks:
                return IllegalAction("choose 1 of your Tamers the effect would affect", "TT §2.1.1")
            return None

        pick = yield g._pick(victim, "keep_tamer", "choose the Tamer that stays (TT §2.1.1)", problem, optional=False)
        kept = g.find_stack(pick.target)
        g.emit("last_tamer_kept", "TT §2.1.1", victim, card=repr(kept))
        return [s for s in stacks if s is not kept]

    def decoy_problem(self, decoy: Stack, protected: Stack):
        group = self.group(decoy)
        if group is None or group != self.group(protected):
            own = decoy.top.defn.keyword("decoy") is not None or any(c.defn.keyword("decoy", inherited=True) is not None
                                                                      for c in decoy.sources)
            # TT §3.4: a <Decoy> its link card gives is the host's own effect, limited to the host's group.
            return IllegalAction("<Decoy> only protects Digimon of its own group", "TT §3.7" if own else "TT §3.4")
        return None

    # -------------------------------------------------------------- attacks ----
    def attack_limit_problem(self, tp, attacker, target_sid, via):
        """This format's limits on attacks the official rules allow (TT §4.1): one security attack
        per group, 3 normal attacks on cards a turn, and 1 extra attack from keywords."""
        if target_sid == -1:
            return self._security_attack_problem(attacker)
        g, st = self.game, self.state  # (asked of every attack the listing offers)
        if via == "normal":
            if st.non_security.get((g.turn, tp), 0) >= NORMAL_ATTACKS:
                return IllegalAction(f"{NORMAL_ATTACKS} attacks on Digimon already declared this turn", "TT §4.1.4.1")
        elif (g.turn, tp) in st.extra_used:
            return IllegalAction("the 1 extra attack from keywords was already used this turn", "TT §4.1.4.2")
        return None

    def _security_attack_problem(self, attacker: Stack):
        group = self.group(attacker)
        if group is None:
            return IllegalAction(f"{attacker!r} has no group and can't attack security", "TT §2.4.5")
        if (self.game.turn, group) in self.state.security_attacks:
            return IllegalAction("this group has already attacked security this turn", "TT §4.1.1")
        return None

    def may_attack_unsuspended(self, attacker, via):
        return True  # TT §4.1.2: any opponent's Digimon, suspended or not

    def attack_target_problem(self, tp, attacker, target, via):
        if target.cards[-1].defn.category == "tamer":  # (asked of every attacker and target the listing pairs)
            if not self.game.keyword(attacker, "may_attack_tamers"):
                return IllegalAction("a Tamer can be attacked only when a card's effect allows it", "TT §4.1.3")
            if len(self.tamers(target.owner)) <= 1:
                return IllegalAction("the opponent's last Tamer can never be attacked", "TT §2.1.1")
        if self.is_protected(target):
            return IllegalAction("the protected card of the turn can't be attacked", "TT §4.2.4")
        return None

    def attack_declared(self, tp, attacker: Stack, target_sid: int, via: str) -> None:
        g, st = self.game, self.state
        key = (g.turn, tp)
        # TT §4.1.7: the format changes what may attack and how often; the rest of the attack is official.
        g.emit("attack_procedure_official", "TT §4.1.7", tp, attacker=repr(attacker))
        unchanged = [name for kw, name in (("piercing", "<Piercing>"), ("security_attack", "<Security A.>")) if g.keyword(attacker, kw)]
        if unchanged:
            # TT §4.3.4: these keywords keep their official rules here.
            g.emit("keywords_unchanged", "TT §4.3.4", tp, attacker=repr(attacker), keywords=", ".join(unchanged))
        if target_sid == -1:
            group = self.group(attacker)
            st.security_attacks.add((g.turn, group))
            g.emit("security_attack_used", "TT §4.1.1", tp, group=group)
            return
        target = g.find_stack(target_sid)
        if target is not None and target.top.defn.category == "digimon" and not target.suspended and via != "execute":
            # TT §4.1.2: any opponent's Digimon, suspended or not (CR 11-2-7-1 asks for a suspended one).
            g.emit("attack_unsuspended", "TT §4.1.2", tp, target=repr(target))
        if target is not None and target.top.defn.category == "digimon":
            # TT §4.3.3: being attacked and battling are rules, not effects: "isn't affected" and <Progress> don't stop them.
            shielded = [s for s, by in ((attacker, 1 - tp), (target, tp))
                        if g.unaffected_ref(s, by) is not None or (s is attacker and g.keyword(s, "progress"))]
            if shielded:
                g.emit("battle_not_an_effect", "TT §4.3.3", tp, cards=", ".join(map(repr, shielded)))
        if via == "normal":
            st.non_security[key] = st.non_security.get(key, 0) + 1
            g.emit("attack_counted", "TT §4.1.4.1", tp, count=st.non_security[key])
        else:
            st.extra_used.add(key)
            g.emit("extra_attack_used", "TT §4.1.4.2", tp, via=via)
            left = NORMAL_ATTACKS - st.non_security.get(key, 0)
            if left > 0:
                # TT §4.3.2: the keyword attack never takes one of the normal attacks still left.
                g.emit("extra_attack_separate", "TT §4.3.2", tp, via=via, left=left)
        if st.non_security.get(key, 0) >= NORMAL_ATTACKS and key in st.extra_used:
            g.emit("attack_ceiling_reached", "TT §4.1.4.3", tp, total=NORMAL_ATTACKS + EXTRA_ATTACKS)

    def block_problem(self, blocker):
        if self.is_protected(blocker) and self.game._collision_active(blocker.owner):
            # TT §4.2.4: forced target redirection such as <Collision> can't touch the protected card.
            return IllegalAction(f"{blocker!r} is the protected card of the turn; <Collision> can't redirect the attack to it", "TT §4.2.4")
        return None

    def blocked(self, blocker: Stack, attack) -> None:
        # TT §3.6, §4.3.1: <Blocker> is no group effect; it intercepts any attack, whatever it was aimed at.
        target = attack.declared_target
        if target is None:
            self.game.emit("block_security_attack", "TT §4.3.1", blocker.owner, blocker=repr(blocker))
        elif target is not blocker and self.group(target) != self.group(blocker):
            self.game.emit("block_other_group", "TT §3.6", blocker.owner, blocker=repr(blocker), target=repr(target))

    def redirect_problem(self, stack: Stack):
        if self.is_protected(stack):
            # TT §4.2.4: forced target redirection such as <Raid> can't touch the protected card.
            return IllegalAction(f"{stack!r} is the protected card of the turn", "TT §4.2.4")
        return None

    # --------------------------------------------------------- protection ----
    def main_actions(self, tp: int) -> list[Action]:
        actions = []
        for sid in sorted(self.state.window):
            a = Action("protect", sid)
            if self.main_action_problem(tp, a) is None:
                actions.append(a)
        return actions

    def main_action_problem(self, tp: int, a: Action):
        g, st = self.game, self.state
        if g.phase != "main" or g.attack is not None:
            return IllegalAction("protection is declared in your main phase", "TT §4.2.2")
        if st.protected_turn.get(tp) == g.turn:
            return IllegalAction("only 1 card can be protected per turn", "TT §4.2.6")
        stack = g.find_stack(a.card)
        if stack is None or stack.owner != tp or stack.area != "battle" or stack.top.defn.category != "digimon":
            return IllegalAction("protect one of your own Digimon in the battle area", "TT §4.2.1")
        if stack.sid not in st.window:
            if stack.sid in st.eligible.get(g.turn, ()):
                return IllegalAction("the grace window closed with your next main-phase action", "TT §4.2.3")
            return IllegalAction("only a card just played, regrouped, digivolved or linked this turn can be protected", "TT §4.2.1")
        if self.protections(stack) >= PROTECTIONS_PER_LINE:
            return IllegalAction(f"this evolution line has been protected {PROTECTIONS_PER_LINE} times already", "TT §4.2.5")
        return None

    def main_action(self, tp, a: Action) -> bool:
        g, st = self.game, self.state
        if a.kind == "protect":
            stack = g.find_stack(a.card)
            st.protected_until[stack.sid] = g.turn + 2  # until the start of its owner's next turn
            st.protections[stack.sid] = self.protections(stack) + 1
            st.protected_turn[tp] = g.turn
            st.window = set()
            g.emit("protected", "TT §4.2.4", tp, card=repr(stack), line_uses=st.protections[stack.sid])
            return True
        if a.kind != "pass":
            st.window = set()  # TT §4.2.3: any further main-phase action closes the grace window
        if a.kind == "activate":
            stack = g.find_stack(a.card)
            if stack is not None and stack.top.defn.category == "tamer":
                # TT §2.3.3: only a Tamer's [On Play] timing changes; its [Main] effects work as printed.
                g.emit("tamer_effect_as_printed", "TT §2.3.3", tp, card=repr(stack))
        return False


class TamerTacticsGame(Game):
    """A Tamer Tactics game: the official engine with the :class:`TamerTactics` hooks."""

    ruleset = "tamer_tactics"
    VARIANT = TamerTactics
    SETUP = SETUP
    MAIN_KINDS = Game.MAIN_KINDS + TamerTactics.MAIN_KINDS
    DECISION_REFS = {**Game.DECISION_REFS, **TamerTactics.DECISION_REFS}

    # What the judge's pages and the scenario reader ask of a Tamer Tactics position.
    def tamers(self, player: int) -> list[Stack]:
        return self.variant.tamers(player)

    def group_of(self, stack: Stack) -> int | None:
        return self.variant.group_of(stack)

    def is_protected(self, stack: Stack) -> bool:
        return self.variant.is_protected(stack)
