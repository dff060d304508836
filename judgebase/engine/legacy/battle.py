"""The Battle Phase of the legacy game (LEG 3.2.4) and the effects used in it (LEG 3.4, LEG 3.5)."""

from __future__ import annotations

from ..setup import SetupError
from ..state import Action, Card, Decision, IllegalAction
from .board import Mod
from .cards import ABILITY_REFS, LegacyCardDef, MOD_REFS, USE_REFS


class Battle:
    """Attack checks, turns to act, Options, support and special abilities; a mixin of LegacyGame."""

    # -- Battle Phase (LEG 3.2.4) -----------------------------------------------------
    def _phase_battle(self):
        # LEG 3.3.4.1 - LEG 3.3.4.2: Digimon that appear at the start of the battle, the second player's first.
        for p in (self.second_player, self.first_player):
            self._appear(p)
        # LEG 3.3.4.3: "at the start of the battle~" effects and abilities, second player then first player,
        # before the Battle Phase proper begins.
        for p in (self.second_player, self.first_player):
            if self.top(p) is not None and self.top(1 - p) is not None and self.special(p, "battle_start"):
                self.emit("battle_start_effect", "LEG 3.3.4.3", p, card=self.top(p).name)
                self._resolve(p, self.top(p).defn.battle_start, self.top(p).name, "LEG 3.3.4.3", until="phase",
                              origin="ability")
        # LEG 3.2.4.4.1: the second player checks first, then the first player.
        for p in (self.second_player, self.first_player):
            if self.top(p) is None or self.top(1 - p) is None:
                continue
            if self.nullified(p):
                self.emit("abilities_nullified", "LEG 3.5.1", p, card=self.top(p).name, nullifier=self.top(1 - p).name)
            elif self.top(1 - p).defn.nullify_abilities:
                self.emit("abilities_kept", "LEG 3.4.2.4", p, card=self.top(p).name, against=self.top(1 - p).name)
            if self._technique_zero(p):
                self.emit("technique_zero", "LEG 3.2.4.1.1", 1 - p, letter=self.technique(p),
                          by_technique=self.top(p).defn.battle_type)
            elif self.top(p).defn.not_zeroed and dict(self.top(1 - p).defn.zeroes).get(self.top(p).defn.battle_type) == self.technique(p):
                # LEG 3.3.3.3: the card's own text without ◎ keeps its letter; it is no special ability, so nullifying leaves it.
                self.emit("not_zeroed", "LEG 3.3.3.3" if self.nullified(p) else "LEG 3.2.4.1.1", p,
                          card=self.top(p).name, letter=self.technique(p))
            if self.special(1 - p, "halve_opponent"):
                if self.special(p, "no_modification"):
                    self.emit("not_halved", "LEG 3.5.6", p, card=self.top(p).name)
                else:
                    self.emit("halved", "LEG 3.5.4", p, by=self.top(1 - p).name)
            # LEG 3.2.4.1: the opponent's battle type names the technique (letter) this Digimon uses.
            self.emit("technique", "LEG 3.2.4.1", p, letter=self.technique(p), opponent=self.top(1 - p).name)
            # LEG 3.4.8.1: the number printed for that letter is the base attack value.
            self.emit("base_attack", "LEG 3.4.8.1", p, card=self.top(p).name, technique=self.technique(p),
                      value=self.top(p).defn.attack_for(self.technique(p)))
            self.emit("attack_value", "LEG 3.2.4.4.1", p, technique=self.technique(p), value=self.attack(p))
        # LEG 3.2.4.4.2 - LEG 3.2.4.4.4: second player first, alternating until both have nothing more.
        actor = self._resume.pop("to_act", self.second_player)
        passes = 1 if self._resume.pop("passed", False) else 0  # a set-up position: the other player just passed
        self.stage = "act"
        while passes < 2:
            # Passing is always a decision here, even with nothing left to use: it is what hands the
            # turn to act over (LEG 3.2.4.4.2 - LEG 3.2.4.4.3).
            action = yield Decision(actor, "battle", self._legal(actor, self._battle_candidates(actor)))
            if action.kind == "pass":
                ref = "LEG 3.2.4.4.2" if actor == self.second_player else "LEG 3.2.4.4.3"
                self.emit("pass", ref, actor)
                passes += 1
                actor = 1 - actor
                continue
            passes = 0
            yield from self._act(actor, action)
        self.emit("battle_end", "LEG 3.2.4.4.4", None)
        self.final_attack = [self.attack(0), self.attack(1)]
        self.battled = True

    def _appear(self, p: int) -> None:
        """Reading: a Digimon whose appearance conditions are ready appears from the hand (the first such card);
        002 states the order of appearing, not a choice to hold it back."""
        side = self.players[p]
        ready = [c for c in side.hand if c.defn.is_digimon and c.defn.appears is not None and c.defn.spirit is None
                 and all(side.points <= n if k == "points_at_most" else side.points >= n for k, n in c.defn.appears.items())]
        if not ready:
            if p in self.ignoring:
                for c in side.hand:
                    if c.defn.is_digimon and c.defn.appears is not None and c.defn.spirit is None:
                        # LEG 3.2.3.7: ignoring digivolution requirements does not reach appearance conditions.
                        self.emit("appearance_not_ignored", "LEG 3.2.3.7", p, card=c.name)
            return
        card = ready[0]
        side.hand.remove(card)
        card.face_up = True
        # LEG 3.2.2.1.6: straight into the Digimon Box; the Digimon in play until then, other than the Level III, go.
        before = [c for c in side.box if c.defn.level != 3]
        side.box = [c for c in side.box if c.defn.level == 3] + [card]
        self._to_darkness(p, before, "LEG 3.2.2.1.6", "the Digimon in play before the appearance")
        self.emit("appear", "LEG 3.3.4.1" if p == self.second_player else "LEG 3.3.4.2", p, card=card.name)

    def _battle_candidates(self, p: int) -> list[Action]:
        side = self.players[p]
        acts = self._use_candidates(p, "battle")
        acts += self._support_candidates(p)
        acts += self._ability_candidates(p, "battle")
        acts.append(Action("pass"))
        return acts

    # The candidates of using a card are built only for the cards the card part of their check allows
    # (the same part, asked again by the check): a card it refuses would be refused in every position.
    def _use_candidates(self, p: int, phase: str) -> list[Action]:
        """``use`` actions to ask ``_check_use`` about: the Options ``p`` might use whose timing is ``phase``."""
        return [Action("use", c.uid) for c in self._usable(p) if self._timing_problem(c.defn, phase) is None]

    def _support_candidates(self, p: int) -> list[Action]:
        """``support`` actions to ask ``_check_support`` about: none while ``p`` may use no support ability at all,
        else the hand's Digimon that have one."""
        if self._support_player_problem(p) is not None:
            return []
        return [Action("support", c.uid) for c in self.players[p].hand if self._support_card_problem(c.defn) is None]

    def _ability_candidates(self, p: int, phase: str) -> list[Action]:
        """``ability`` actions to ask ``_check_ability`` about: the battling Digimon, if it has a ◎ ability of ``phase``."""
        return [Action("ability", c.uid) for c in self.players[p].box
                if self._battling_problem(p, c) is None and self._ability_timing_problem(c, phase) is None]

    def _check_use(self, p: int, a: Action, phase: str, response: bool = False) -> IllegalAction | None:
        found = self._own_card(p, a.card)
        if found is None:
            return IllegalAction("that card is not yours", "LEG 3.2.4.2")
        zone, card = found
        d = card.defn
        if d.is_digimon:
            return IllegalAction("a Digimon card is not used like an Option card", "LEG 3.2.4.2")
        if zone != "slot" and not (zone == "hand" and not d.needs_slot):
            return IllegalAction("Option cards are used from the Option Slot", "LEG 3.2.2.7")
        if zone == "slot" and card.face_up:
            return IllegalAction("that card has already been turned face up", "LEG 3.4.5.4")
        problem = self._timing_problem(d, phase)
        if problem is not None:
            return problem
        if d.levels and (self.top(p) is None or self.top(p).defn.level not in d.levels):
            return IllegalAction(f"{d.name} can be used only while your Digimon is {'/'.join(map(str, d.levels))}", "LEG 3.3.6.1")
        if response and not d.before_effect:
            return IllegalAction("only a card that says \"before the effect takes effect\" can be used before the "
                                 "opponent's card has taken effect", "LEG 3.2.4.2")
        if d.nullifies_category is not None and (self.pending is None or self.pending.defn.category != d.nullifies_category):
            return IllegalAction(f"{d.name} reaches only Option cards of the category {d.nullifies_category}; the card "
                                 "it would answer is not one (nothing printed there is category none)", "LEG 3.4.6")
        return None

    @staticmethod
    def _timing_problem(d: LegacyCardDef, phase: str) -> IllegalAction | None:
        """The card part of using an Option: its activation timing (LEG 3.4.5)."""
        if phase not in d.timing:
            return IllegalAction(lambda: f"{d.name} is used in the {'/'.join(d.timing)} phase, not now", "LEG 3.4.5")
        return None

    def _check_support(self, p: int, a: Action) -> IllegalAction | None:
        side = self.players[p]
        card = next((c for c in side.hand if c.uid == a.card), None)  # (a uid names one card: none but p's hand's)
        if card is None:
            return IllegalAction("a support Digimon comes from your hand", "LEG 3.2.4.3.1")
        d = card.defn
        problem = self._support_card_problem(d) or self._support_player_problem(p)
        if problem is not None:
            return problem
        cond = d.support["condition"]
        if "points_at_most" in cond and side.points > cond["points_at_most"]:
            return IllegalAction(f"its condition is {cond['points_at_most']} points or fewer", "LEG 3.4.3.6")
        if "points_at_least" in cond and side.points < cond["points_at_least"]:
            return IllegalAction(f"its condition is {cond['points_at_least']} points or more", "LEG 3.4.3.6")
        if any(c.defn.card_no == d.card_no for c in side.box):
            return IllegalAction("you cannot have Digimon with the same card No. on the game board", "LEG 3.4.3.4")
        return None

    @staticmethod
    def _support_card_problem(d: LegacyCardDef) -> IllegalAction | None:
        """The card part of using a support ability: a Digimon card with a ■ support ability (LEG 3.2.4.3.1)."""
        if not d.is_digimon or d.support is None:
            return IllegalAction(lambda: f"{d.name} has no ■ support ability", "LEG 3.2.4.3.1")
        return None

    def _support_player_problem(self, p: int) -> IllegalAction | None:
        """The player part of using a support ability, whatever the card: once per turn, one support Digimon at a time."""
        if p in self.supported:
            return IllegalAction("a support ability can be used only once per turn", "LEG 3.2.4.3.3")
        if self.support_digimon(p):
            return IllegalAction("only one support Digimon at a time can be in the Support Box", "LEG 3.4.3.1")
        return None

    def _check_ability(self, p: int, a: Action, phase: str) -> IllegalAction | None:
        card = next((c for c in self.players[p].box if c.uid == a.card), None)  # (none but p's box's)
        if card is None:
            return IllegalAction("only a Digimon in your Digimon Box uses a special ability", "LEG 3.2.4.2")
        problem = self._battling_problem(p, card)
        if problem is not None:
            return problem
        if a.target is not None or (card.defn.neighbour_c and card.defn.ability is None):
            return self._neighbour_c_problem(p, card, a.target, phase)
        problem = self._ability_timing_problem(card, phase)
        if problem is not None:
            return problem
        if self.nullified(p):
            return IllegalAction(f"{card.name}'s special abilities are nullified by {self.top(1 - p).name}", "LEG 3.5.1")
        if (p, phase) in self.abilities_used:
            return IllegalAction("that ability has been used in this phase", "LEG 3.4.2.1")
        return None

    def _battling_problem(self, p: int, card: Card) -> IllegalAction | None:
        """The card part of using an ability of a Digimon in ``p``'s box: only the battling one uses them."""
        if card is not self.top(p):
            if card.defn.level == 3:
                return IllegalAction("a Level III uses its abilities only while on top of the Digimon Box", "LEG 3.4.2.3")
            return IllegalAction("only the battling Digimon uses its abilities", "LEG 3.4.2.2")
        return None

    @staticmethod
    def _ability_timing_problem(card: Card, phase: str) -> IllegalAction | None:
        """The card part of using a ◎ ability (no Digimon named): one whose timing is ``phase``.  Without it the
        check refuses the ability here, or, for a card with only the neighbour-C ability, in ``_neighbour_c_problem``."""
        if card.defn.ability is None or card.defn.ability["timing"] != phase:
            return IllegalAction(lambda: f"{card.name} has no ◎ ability to use now", ABILITY_REFS[phase])
        return None

    def _neighbour_c_problem(self, p: int, card: Card, target: int | None, phase: str) -> IllegalAction:
        """The ◎ ability adding the attack C of "one Digimon in a neighbouring box" (LEG 3.5.8), used (``target``:
        the Digimon named) by ``p``'s battling Digimon ``card``.  A neighbouring box is a Digimon Box, not the
        Support Box.  Reading: the Hyper Colosseum battle gives each player one Digimon Box (LEG 3.2.1.2), with
        the Support Box beside it and the opponent's box facing it, so no Digimon Box neighbours it and the
        ability finds no Digimon to add: it is refused wherever the Digimon named is."""
        if not card.defn.neighbour_c:
            return IllegalAction(f"{card.name} has no ability that adds another Digimon's attack C", ABILITY_REFS[phase])
        if phase != "battle":
            return IllegalAction(f"{card.name}'s ability is used during the battle", ABILITY_REFS[phase])
        if self.nullified(p):
            return IllegalAction(f"{card.name}'s special abilities are nullified by {self.top(1 - p).name}", "LEG 3.5.1")
        found = self.find_card(target) if target is not None else None
        if found is None:
            why = "it needs one Digimon in a neighbouring Digimon Box, and the only Digimon Box on your side is its own"
        elif found[1] == "support":
            why = f"{found[2].name} is in the Support Box, which is not a neighbouring box: only a Digimon Box is"
        elif found[1] == "box":
            where = "its own Digimon Box" if found[0] == p else "the opponent's Digimon Box, which faces it"
            why = f"{found[2].name} is in {where}, not in a neighbouring one"
        else:
            why = f"{found[2].name} is in no Digimon Box"
        return IllegalAction(f"{card.name} cannot add that attack C: {why}", "LEG 3.5.8")

    def _act(self, p: int, a: Action):
        """Use an Option card, a support ability or a special ability in the Battle Phase."""
        side = self.players[p]
        if a.kind == "support":
            card = self._take(side.hand, a.card)
            card.face_up = True
            side.support.append(card)
            self.supported.add(p)
            # LEG 3.2.4.3.1: placed beside the battling Digimon; outside the Battle Phase, at the timing of special
            # abilities (LEG 3.2.4.3.3), which each phase names (LEG 3.2.2.6, LEG 3.2.3.8, LEG 3.2.5.4).
            self.emit("support", "LEG 3.2.4.3.1" if self.phase == "battle" else ABILITY_REFS[self.phase], p, card=card.name)
            if card.defn.level in ("d-reaper", "reaper"):
                # LEG 3.3.1: a D-Reaper or Reaper card is a Digimon card, so it can be a support Digimon.
                self.emit("counts_as_digimon", "LEG 3.3.1", p, card=card.name, level=card.defn.level)
            if self._board_bonus_from(p) == "support":
                self.emit("board_bonus", "LEG 3.4.3.8", p, card=self.top(p).name, on_board=card.name,
                          add=self.top(p).defn.board_bonus["add"], attack=self.attack(p))
            if not self._support_target_ok(p, card.defn.support["target"]):
                self.emit("support_no_effect", "LEG 3.4.3.7", p, card=card.name, target=self.top(p).name if self.top(p) else None)
                return
            if self.nullified(p) or (card.defn.support["effect"]["target"] == "opponent"
                                     and self.special(1 - p, "ignores_options")):
                # LEG 3.2.4.3.4: a support ability is neither a special ability nor an Option card, so neither
                # "special abilities nullified" nor "not affected by the opponent's Option cards" stops it.
                self.emit("support_unaffected", "LEG 3.2.4.3.4", p, card=card.name, against=self.top(1 - p).name)
            top = self.top(p).defn
            if "field" in card.defn.support["target"] and top.field is None:
                self.emit("field_by_background", "LEG 3.3.8", p, card=top.name, background=top.background, support_card=card.name)
            self._resolve(p, card.defn.support["effect"], card.name, "LEG 3.2.4.3.1", until="phase", origin="support")
            return
        if a.kind == "ability":
            card = self.top(p)
            self.abilities_used.add((p, self.phase))
            self.emit("ability", ABILITY_REFS[self.phase], p, card=card.name)
            self._resolve(p, card.defn.ability["effect"], card.name, "LEG 3.4.2.1", until="phase", origin="ability")
            return
        yield from self._use_option(p, a)

    def support_digimon(self, p: int) -> list[Card]:
        """``p``'s support Digimon: the Digimon cards in the Support Box.  A Spirit placed there for a Spirit
        digivolution is an Option card, no support Digimon (LEG 3.2.2.1.5, LEG 3.4.3.1)."""
        return [c for c in self.players[p].support if c.defn.is_digimon]

    def _board_bonus_from(self, p: int) -> str | None:
        """Where the card ``p``'s ◎ board bonus names is on ``p``'s game board ("box" or "support"), if it is;
        a Digimon in the Support Box counts as one on the game board (LEG 3.4.3.8)."""
        if not self.special(p, "board_bonus"):
            return None
        side, wanted = self.players[p], self.top(p).defn.board_bonus["name"]
        if any(c.name == wanted for c in side.box if c is not side.top):
            return "box"
        return "support" if any(c.name == wanted for c in side.support) else None

    def _support_target_ok(self, p: int, target: dict) -> bool:
        top = self.top(p)
        if top is None:
            return False
        d = top.defn
        checks = {"name": d.name, "level": d.level, "battle_type": d.battle_type, "field": self._field(d)}
        return all(checks[k] == v for k, v in target.items())

    @staticmethod
    def _field(d: LegacyCardDef) -> str | None:
        """The field a Digimon belongs to: its field icon, or with none, the field its background shows (LEG 3.3.8)."""
        return d.field if d.field is not None else d.background

    def _usable(self, p: int) -> list[Card]:
        """Option cards ``p`` might use: those in the Option Slot, and those in the hand that need
        no slot (LEG 3.2.2.7: "most" Option cards need one)."""
        side = self.players[p]
        return [c for c in side.slots if c is not None] + [c for c in side.hand if not c.defn.needs_slot]

    def _use_option(self, p: int, a: Action):
        side = self.players[p]
        card = next(c for c in self._usable(p) if c.uid == a.card)
        d = card.defn
        card.face_up = True
        ref = USE_REFS[self.phase]
        self.emit("option_used", ref, p, card=card.name, **({} if card in side.slots else {"from_hand": "LEG 3.2.2.7"}))
        if d.only_one and (p, d.name) in self.used_this_turn:
            # LEG 3.4.5.4: the second copy of an "only 1" card goes at once; LEG 3.4.5.3: its effect is not activated.
            self._slot_out(p, card)
            self._to_darkness(p, [card], "LEG 3.4.5.4", "a second copy of an \"only 1\" card; no effect")
            self.emit("option_void", "LEG 3.4.5.3", p, card=card.name)
            return
        if d.only_one:
            self.used_this_turn.append((p, d.name))
        # LEG 3.4.5.1: turning the card face up is paying the cost its activation timing field names.
        self._pay(p, card, "face_up", "LEG 3.4.5.1")
        if self.phase == "battle" and self.stage == "act":
            opp = 1 - p
            self.pending, self.pending_user = card, p  # what an answer would answer (LEG 3.4.6 asks its category)
            answers = self._legal(opp, self._use_candidates(opp, "battle"), response=True)
            self.pending, self.pending_user = None, None
            if answers:
                # LEG 3.2.4.5: a "before the effect takes effect" card may answer before this card takes effect.
                self.pending, self.pending_user = card, p
                self.stage = "response"
                action = yield Decision(opp, "response", answers + [Action("pass")])
                self.stage = "act"
                if action.kind != "pass":
                    answer = next(c for c in self._usable(opp) if c.uid == action.card)
                    answer.face_up = True
                    self.emit("response", "LEG 3.2.4.5", opp, card=answer.name, against=card.name)
                    if answer.defn.only_one:
                        self.used_this_turn.append((opp, answer.defn.name))
                    self._resolve(opp, answer.defn.effect, answer.name, "LEG 3.2.4.5", until=answer.defn.limit)
                    self._spent_from_hand(opp, answer)
                self.pending, self.pending_user = None, None
                if card not in side.slots and card not in side.hand:  # nullified
                    if d.cost and "effect" in d.cost:
                        # LEG 3.3.5: nullified before its effect took effect: the effect field's cost is not paid.
                        self.emit("cost_skipped", "LEG 3.3.5", p, card=card.name)
                    return
        if d.condition and not self._condition_met(p, d.condition):
            # LEG 3.3.6.2: turned face up all the same; the card stays and waits for its condition.
            self.conditional.append((p, card))
            self.emit("condition_waiting", "LEG 3.3.6.2", p, card=card.name)
            return
        self._resolve(p, d.effect, card.name, ref, until=d.limit)
        # LEG 3.3.5: the cost in the effect field is paid as the effect takes effect.
        self._pay(p, card, "effect", "LEG 3.3.5")
        self._spent_from_hand(p, card)

    def _spent_from_hand(self, p: int, card: Card) -> None:
        """Reading: an Option used without a slot has no slot to lie in while its limit runs (LEG 3.3.7);
        002 says no more, so it goes to the Land of Darkness once it has taken effect, and what it
        changed lasts until its limit like any Option's."""
        side = self.players[p]
        if card in side.hand:
            side.hand.remove(card)
            self._to_darkness(p, [card], "LEG 3.2.2.7", "an Option used without a slot, once it has taken effect")

    def _slot_out(self, p: int, card: Card) -> None:
        """Take a used Option out of its slot (or, used without a slot, out of the hand)."""
        side = self.players[p]
        if card in side.hand:
            side.hand.remove(card)
            return
        side.slots[side.slots.index(card)] = None

    def _in_force(self, p: int, effect: dict, source: str, until: str, origin: str, path=None) -> tuple[str, int]:
        """Put ``p``'s effect in force: a change to an attack value (until the end of the phase or
        turn), or an effect on this turn's points; returns (its key, whose value it changes).
        With ``path`` (a set-up position), an effect that acts once and is over is refused."""
        key = next(k for k in effect if k != "target")
        value = effect[key]
        target = p if effect["target"] == "self" else 1 - p
        if key in ("add", "base_add", "multiply", "divide", "zero"):
            self.mods.append(Mod(target, key, value, source, "turn" if until == "turn" else "phase", origin))
        elif key in ("lost_multiply", "once_more", "force_draw"):
            self.battle_effects.append((target, key, value, source))
        elif key == "ignore_requirements":
            self.ignoring.add(target)  # until the end of the turn
        elif path is not None:
            raise SetupError(path, f"{source}'s effect ({key}) takes effect at once; nothing of it stays in force")
        return key, target

    def _option_shield(self, p: int, effect: dict) -> tuple[bool, str] | None:
        """Whether the opponent's ◎ "not affected by the effects of the opponent's Option cards" keeps
        ``p``'s Option ``effect`` off (True) or not (False), with the clause deciding it (LEG 3.5.2)."""
        owner = 1 - p
        if not self.special(owner, "ignores_options"):
            return None
        key = next(k for k in effect if k != "target")
        if key == "force_draw":  # a card reaching both players: kept off when the opponent uses it
            return True, "LEG 3.5.2.4"
        if key == "nullify":
            if self.pending is None or self.pending_user != owner:
                return None
            used = self.pending.defn.effect
            if "force_draw" in used:  # the owner's card reaching both: the nullifying card is kept off
                return True, "LEG 3.5.2.4"
            # Used on the opponent, the nullifying card counts as on the opponent's own board and works;
            # used on the owner's own side, it reaches the owner and is kept off.
            return used["target"] == "self", "LEG 3.5.2.3"
        if effect["target"] == "opponent":  # it reaches the owner's Digimon, board or hand
            return True, "LEG 3.5.2.1"
        return False, "LEG 3.5.2.2"  # the opponent's card on their own side

    def _resolve(self, p: int, effect: dict, source: str, ref: str, until: str, origin: str = "option") -> None:
        """Apply one effect (an Option card, a support ability or a special ability) at once."""
        shield = self._option_shield(p, effect) if origin == "option" else None
        if shield is not None:
            kept_off, shield_ref = shield
            self.emit("option_ignored" if kept_off else "option_not_ignored", shield_ref, 1 - p, card=source,
                      owner_card=self.top(1 - p).name)
            if kept_off:
                return
        key, target = self._in_force(p, effect, source, until, origin)
        value = effect[key]
        if key in ("add", "base_add", "multiply", "divide", "zero"):
            mref = MOD_REFS["zero_all"] if (key == "zero" and value == "all") else MOD_REFS[key]
            immune = self.special(target, "no_modification")
            if immune and not (key == "zero" and value != "all"):
                self.emit("not_modified", "LEG 3.5.6", target, card=source, effect=f"{key} {value}")
            self.emit("attack_mod", mref, target, card=source, effect=f"{key} {value}", attack=self.attack(target))
            both = {m.kind for m in self.mods if m.target == target} >= {"add"} and \
                bool({m.kind for m in self.mods if m.target == target} & {"multiply", "divide"})
            if key in ("add", "multiply", "divide") and both and not immune:
                # LEG 3.2.4.1.2: with both in force, the multiplication (division) is made before the addition.
                self.emit("multiply_first", "LEG 3.2.4.1.2", target, card=source, attack=self.attack(target))
            if key == "add" and not immune and self.attack(target, floor=False) < 0:
                # LEG 3.4.8.6: the subtractions would take it below 0; it stays at 0.
                self.emit("attack_floored", "LEG 3.4.8.6", target, card=source, attack=self.attack(target))
        elif key == "direct":
            self.emit("direct_attack", "LEG 3.4.7", target, card=source, amount=value)
            doubling = [e for e in self.battle_effects if e[1] == "lost_multiply" and e[0] == target]
            if doubling:
                # LEG 3.4.8.8: "double the Lost Points" cannot be used on a direct attack.
                self.emit("not_doubled", "LEG 3.4.8.8", target, card=source, by_card=doubling[-1][3])
            self._lose_points(target, value, "LEG 3.4.7", card=source)
        elif key in ("lost_multiply", "once_more", "force_draw"):
            ref2 = {"lost_multiply": "LEG 3.4.8.2", "once_more": "LEG 3.4.8.7", "force_draw": "LEG 3.5.3"}[key]
            self.emit(key, ref2, target, card=source, value=value)
        elif key == "destroy_slot":
            side = self.players[target]
            gone = [c for c in side.slots if c is not None and not c.face_up][:value]
            for c in gone:
                self._slot_out(target, c)
            self._to_darkness(target, gone, ref, "face-down Option cards sent by the opponent's effect")
            if gone and self.phase == "battle" and self.special(target, "slot_revenge"):
                # LEG 3.5.7: for each of them, at once; cards sent earlier were counted then.
                amount = self.top(target).defn.slot_revenge * len(gone)
                self.emit("slot_revenge", "LEG 3.5.7", target, card=self.top(target).name, cards=len(gone), amount=amount)
                self._lose_points(p, amount, "LEG 3.5.7", card=self.top(target).name)
        elif key == "nullify":
            pending = self.pending
            if pending is not None and self.pending_user == target:
                self._slot_out(target, pending)
                self._to_darkness(target, [pending], "LEG 3.2.4.5", "nullified before its effect took effect")
                self.emit("nullified", "LEG 3.2.4.5", target, card=pending.name, by=source)
        self.emit("resolved", ref, p, card=source, attack_p1=self.attack(0), attack_p2=self.attack(1))
