"""The Point Calculation Phase of the legacy game (LEG 3.2.5) and the ends of phases and turns."""

from __future__ import annotations

from ..state import Action, Decision


class PointCalculation:
    """Deciding the battle, points, the death check, and what ends with a phase or turn; a mixin of LegacyGame."""

    # -- Point Calculation Phase (LEG 3.2.5) --------------------------------------------
    def _phase_point(self):
        fp, sp = self.first_player, self.second_player
        if not self.battled:  # a position set up at this phase: no Battle Phase effects
            self.final_attack = [self.attack(0), self.attack(1)]
        # LEG 3.2.5.1: compare the final attack values of the Battle Phase.
        a0, a1 = self.final_attack
        self.result = "draw" if a0 == a1 else (0 if a0 > a1 else 1)
        forced = [e for e in self.battle_effects if e[1] == "force_draw"]
        if forced and self.result != "draw":
            immune = [p for p in (0, 1) if self.special(p, "draw_immune")]
            if immune:
                # LEG 3.5.3: not affected by effects that make the battle a draw.
                self.emit("draw_ignored", "LEG 3.5.3", immune[0], card=self.top(immune[0]).name)
            else:
                self.result = "draw"
                self.emit("forced_draw", "LEG 3.5.3", None, card=forced[-1][3])
        self.emit("battle_result", "LEG 3.2.5.1", None if self.result == "draw" else self.result,
                  result="draw" if self.result == "draw" else f"p{self.result + 1} wins",
                  attack_p1=a0, attack_p2=a1)
        # LEG 3.2.5.2: Options, first player first; no second round for the first player.
        self.stage = "options"
        for p in (fp, sp):
            yield from self._point_window(p, "options")
        # LEG 3.2.5.3: the loser loses its own card's Lost Points for the winner's level.
        self.stage = "points"
        if self.result != "draw":
            winner, loser = self.result, 1 - self.result
            lost_card, win_card = self.top(loser), self.top(winner)
            printed = lost_card.defn.lost_for(win_card.defn.level)
            if printed is None:
                # Reading: the loser's card prints no Lost Points for the winner's level (a Hybrid has no level,
                # LEG 3.3.2, and a card may print no place for it): there is nothing written to lose.
                printed = 0
            mults = [e for e in self.battle_effects if e[1] == "lost_multiply" and e[0] == loser]
            # LEG 3.4.8.2 - LEG 3.4.8.3: a multiplication of the Lost Points works on the printed value; the last counts.
            factor = mults[-1][2] if mults else 1
            amount = printed * factor
            self._lose_points(loser, amount, "LEG 3.2.5.3", card=lost_card.name, winner_level=win_card.defn.level,
                              printed=printed, factor=factor)
            for effect in [e for e in self.battle_effects if e[1] == "once_more" and e[0] == loser]:
                # LEG 3.4.8.7: after the normal calculation, the calculation is made once more (not a direct attack).
                self._lose_points(loser, amount, "LEG 3.4.8.7", event="once_more_points", card=effect[3])
        # LEG 3.2.5.4: abilities, first player first; no second round for the first player.
        self.stage = "abilities"
        for p in (fp, sp):
            yield from self._point_window(p, "abilities")
        # LEG 3.2.5.5: the defeated Digimon (not a Level III), support Digimon (LEG 3.4.3.3), then the death check.
        self.stage = "death_check"
        if self.result != "draw":
            loser = 1 - self.result
            side = self.players[loser]
            if side.top is not None and side.top.defn.level != 3:
                gone = side.box.pop()
                self._to_darkness(loser, [gone], "LEG 3.2.5.5", "the Digimon that lost")
                ended = [m for m in self.mods if m.origin == "ability" and m.source == gone.name]
                if ended:
                    # LEG 3.4.2.2: an ability changing an attack value ends the moment its owner leaves the box.
                    self.mods = [m for m in self.mods if m not in ended]
                    self.emit("effects_end", "LEG 3.4.2.2", loser, phase=self.phase, origin="ability", cards=gone.name)
        for p in (0, 1):
            side = self.players[p]
            gone = self.support_digimon(p)
            if gone:
                self._to_darkness(p, gone, "LEG 3.4.3.3", "support Digimon at the death check")
                side.support = [c for c in side.support if c not in gone]
        for p in (fp, sp):
            side = self.players[p]
            refreshed = not side.network
            if refreshed:
                rest = [c for c in side.box if c.defn.level != 3]
                for c in rest:
                    side.box.remove(c)
                self._to_darkness(p, rest, "LEG 3.2.5.5", "the Network Sea has run out")
                side.network = side.darkness
                side.darkness = []
                for c in side.network:
                    c.face_up = False
                self.rng.shuffle(side.network)
            self.emit("death_check", "LEG 3.2.5.5", p, network_refreshed=refreshed, network=len(side.network))
        # LEG 3.2.5.6: the battle's winner goes first next; a draw keeps the order.
        if self.result != "draw":
            self.first_player = self.result
        self.emit("first_player", "LEG 3.2.5.6", self.first_player, kept=self.result == "draw")

    def _point_window(self, p: int, what: str):
        # Reading: a player with nothing they could use gets no window; a window once opened lasts until
        # the player passes, as in the Battle Phase.
        self.acted_in_point[what].add(p)
        opened = False
        while True:
            cands = (self._use_candidates(p, "point") if what == "options"
                     else self._ability_candidates(p, "point") + self._support_candidates(p))
            actions = self._legal(p, cands + [Action("pass")])
            if actions == [Action("pass")] and not opened:
                return
            opened = True
            kind = "point_options" if what == "options" else "point_abilities"
            action = yield Decision(p, kind, actions)
            if action.kind == "pass":
                self.emit("pass", "LEG 3.2.5.2" if what == "options" else "LEG 3.2.5.4", p)
                return
            yield from self._act(p, action)

    # -- ends of phases and turns ----------------------------------------------------------
    def _end_of_phase(self, phase: str) -> None:
        # LEG 3.3.7: an Option with no written limit goes to the Land of Darkness at the end of its phase;
        # LEG 3.4.2.1 / LEG 3.4.3.2: special and support abilities last only for the phase.
        for p, side in enumerate(self.players):
            spent = [c for c in side.slots
                     if c is not None and c.face_up and c.defn.limit != "turn" and c.uid not in self.waiting]
            for c in spent:
                self._slot_out(p, c)
            self._to_darkness(p, spent, "LEG 3.3.7", f"used Option cards at the end of the {phase} phase")
        ending = [m for m in self.mods if m.until == "phase"]
        for origin, ref in (("option", "LEG 3.3.7"), ("ability", "LEG 3.4.2.1"), ("support", "LEG 3.4.3.2")):
            sources = sorted({m.source for m in ending if m.origin == origin})
            if sources:
                if origin == "support":  # LEG 3.2.4.3.5: a support effect ends when the phase changes
                    self.emit("support_effect_ended", "LEG 3.2.4.3.5", None, phase=phase, cards=", ".join(sources))
                self.emit("effects_end", ref, None, phase=phase, origin=origin, cards=", ".join(sources))
        self.mods = [m for m in self.mods if m.until != "phase"]
        self._spirits_left(phase)

    def _spirits_left(self, phase: str) -> None:
        """LEG 3.2.2.1.5: a Spirit whose Spirit digivolution could not be carried out goes to the Land of Darkness
        at the end of the Digivolution Phase.  Reading: 002 says no more; a Spirit whose digivolution was made
        stays in the Support Box beside its Hybrid, and once the Hybrid has left the Digimon Box it goes the same
        way at the end of that phase.  A Spirit whose Hybrid still waits in the Evolution Box stays."""
        for p, side in enumerate(self.players):
            waiting = {c.defn.spirit for c in side.box + side.evolution if c.defn.spirit is not None}
            gone = [c for c in side.support if not c.defn.is_digimon and c.name not in waiting]
            if gone:
                side.support = [c for c in side.support if c not in gone]
                why = ("its Spirit digivolution could not be carried out" if phase == "digivolution"
                       else "its Hybrid has left the Digimon Box")
                self._to_darkness(p, gone, "LEG 3.2.2.1.5", why)

    def _end_of_turn(self) -> None:
        for p, side in enumerate(self.players):
            spent = [c for c in side.slots if c is not None and c.face_up and c.uid not in self.waiting]
            for c in spent:
                self._slot_out(p, c)
            self._to_darkness(p, spent, "LEG 3.3.7", "used Option cards at the end of the turn")
            gone = self.support_digimon(p)
            if gone:  # normally gone at the death check already (LEG 3.4.3.3)
                self._to_darkness(p, gone, "LEG 3.2.4.3.5", "support Digimon at the end of the turn")
                side.support = [c for c in side.support if c not in gone]
        self.mods = []
        self.emit("turn_end", "LEG 3.2.5.7", None, turn=self.turn)
        self.battle_effects = []
        self.battled = False
        self.used_this_turn = []
        self.conditional = []
        self.ignoring = set()
        self.refilled = set()
        self.supported = set()
        self.abilities_used = set()
        self.acted_in_point = {"options": set(), "abilities": set()}
