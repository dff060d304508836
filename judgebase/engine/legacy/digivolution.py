"""The Digivolution Phase of the legacy game (LEG 3.2.3)."""

from __future__ import annotations

from ..state import Action, Card, Decision


class Digivolution:
    """Revealing, exchanging and digivolving, and the abilities of this phase; a mixin of LegacyGame."""

    # -- Digivolution Phase (LEG 3.2.3) -------------------------------------------------
    def _phase_digivolution(self):
        for p in (self.first_player, self.second_player):
            side = self.players[p]
            for card in side.box:
                if not card.face_up:
                    card.face_up = True  # LEG 3.2.3.1: the partner is turned face up now
                    self.emit("reveal", "LEG 3.2.3.1", p, card=card.name)
            if side.exchange:
                new = side.exchange.pop()
                new.face_up = True
                old = side.box.pop(0) if side.box else None
                side.box.insert(0, new)
                self.emit("exchange", "LEG 3.2.3.2", p, old=old.name if old else None, new=new.name)
                if old is not None:
                    self._to_darkness(p, [old], "LEG 3.2.3.4", "the exchanged Level III")
            if not side.evolution:
                continue
            if p == self.second_player:
                # LEG 3.2.3.3: only the second player decides, after seeing the first player's digivolution;
                # it is all the prepared levels or none (LEG 3.2.3.9.1).
                action = yield Decision(p, "digivolve", [Action("digivolve"), Action("decline")])
                if action.kind == "decline":
                    self.emit("decline", "LEG 3.2.3.3", p)
                    self._to_darkness(p, side.evolution + side.power, "LEG 3.2.3.4", "no digivolution was made")
                    side.evolution, side.power = [], []
                    continue
            ref = "LEG 3.2.3.1" if p == self.first_player else "LEG 3.2.3.3"
            for i, card in enumerate(side.evolution):
                previous = side.top
                if card.defn.digivolve_cost:
                    need = card.defn.digivolve_cost
                    if len(side.hand) < need:
                        # LEG 3.2.3.6: the requirement is not met partway; it stops at the stage before.
                        self.emit("digivolution_stopped", "LEG 3.2.3.6", p, card=card.name,
                                  at=previous.name if previous else None, hand=len(side.hand), needed=need)
                        self._to_darkness(p, side.evolution[i:], "LEG 3.2.3.6", "no digivolution was made")
                        side.evolution = side.evolution[:i]
                        break
                    self.stage = "digivolve_cost"
                    for _ in range(need):
                        action = yield Decision(p, "digivolve_cost", [Action("discard", c.uid) for c in side.hand],
                                                f"{card.name}: send a card from your hand to the Land of Darkness")
                        self._to_darkness(p, [self._take(side.hand, action.card)], "LEG 3.2.3.6",
                                          "sent from the hand as digivolution requirement")
                    self.stage = ""
                card.face_up = True
                side.box.append(card)
                self.emit("digivolve", ref, p, card=card.name, level=card.defn.level,
                          previous=previous.name if previous else None)
                if previous is not None and previous.defn.level == card.defn.level:
                    # LEG 3.2.3.9.2: a special requirement naming the Digimon allows the same level.
                    self.emit("same_level", "LEG 3.2.3.9.2", p, card=card.name, previous=previous.name)
                if previous is not None and previous.defn.level != 3:
                    side.box.remove(previous)
                    self._to_darkness(p, [previous], "LEG 3.2.3.5", "the Digimon before the digivolution")
                if card.defn.spirit is not None:
                    # LEG 3.2.2.1.5: the Spirit in the Support Box made the digivolution into its Hybrid.
                    spirit = next(c for c in side.support if c.name == card.defn.spirit and not c.defn.is_digimon)
                    spirit.face_up = True
                    self.emit("spirit_digivolution", "LEG 3.2.2.1.5", p, card=card.name, spirit=spirit.name,
                              previous=previous.name if previous else None)
                if card.defn.on_digivolve and self.special(p, "on_digivolve"):
                    # At once, even partway through a digivolution of several levels (LEG 3.5.5, LEG 3.5.9).
                    yield from self._on_digivolve(p, card)
            if len(side.evolution) > 1:
                # LEG 3.2.3.9.1: several levels in one turn, all of them (no stopping partway).
                self.emit("several_levels", "LEG 3.2.3.9.1", p, cards=" → ".join(c.name for c in side.evolution),
                          levels=len(side.evolution))
            # Reading: 002 sends the Power Box to the Land of Darkness when no digivolution was made
            # (LEG 3.2.3.4) and says nothing of the used cards; they have met the requirement and go there too.
            self._to_darkness(p, side.power, "LEG 3.2.2.1.1", "the cards that met the digivolution requirement")
            side.evolution, side.power = [], []
        # LEG 3.2.3.8: special abilities and support abilities can be used in this phase, once the digivolutions are made.
        self.stage = "abilities"
        for p in (self.first_player, self.second_player):
            opened = False
            while True:
                side = self.players[p]
                actions = self._legal(p, self._ability_candidates(p, "digivolution") + self._support_candidates(p)
                                      + [Action("pass")])
                if actions == [Action("pass")] and not opened:
                    break
                opened = True
                action = yield Decision(p, "digivolution_abilities", actions)
                if action.kind == "pass":
                    self.emit("pass", "LEG 3.2.3.8", p)
                    break
                yield from self._act(p, action)

    def _on_digivolve(self, p: int, card: Card):
        """The ◎ ability of a Digimon digivolved into, as it comes into the box."""
        what = card.defn.on_digivolve
        if "draw" in what:
            # LEG 3.5.9: "you may immediately draw 2 cards from the Network Sea".
            action = yield Decision(p, "draw_ability", [Action("draw"), Action("decline")],
                                    f"{card.name}: draw {what['draw']} cards from the Network Sea?")
            if action.kind == "draw":
                self.emit("ability_draw", "LEG 3.5.9", p, card=card.name, cards=self._draw(p, what["draw"]))
            return
        # LEG 3.5.5: the opponent's card of that name goes; one played after this Digimon came stays.
        opp = self.players[1 - p]
        gone = [c for c in opp.slots if c is not None and c.name == what["opponent_option"]]
        for c in gone:
            self._slot_out(1 - p, c)
        self._to_darkness(1 - p, gone, "LEG 3.5.5", "sent by the ability of the Digimon digivolved into")
