"""What a judge says at the table for each engine event, and the engine's own phrases: ``key: (en, es, de)``.

``event.<kind>`` is the sentence for an event kind; ``event.<kind>.<variant>`` a form of it
that :mod:`judgebase.engine.narrate` picks from the event's data (a count of one, an
attack on the player, a tie).  ``{who}`` is the player (``P1``, ``P2``) or the game;
every other field is the event's own data.  The clause that caused the event is added
after each sentence by the narrator, never written here.

``phrase.<field>:<value>`` translates a value the engines write in English (a reason,
a phase, a step of an effect); :data:`PATTERNS` covers values with a name inside
("digivolve into Greymon").  :func:`translate` applies both.
"""

from __future__ import annotations

import re

MESSAGES: dict[str, tuple[str, str, str]] = {
    "event.who.game": ("the game", "la partida", "das Spiel"),
    "event.generic": ("{who}: {kind}", "{who}: {kind}", "{who}: {kind}"),

    # -- set-up and turn structure (CR 5, CR 6, TT §2.0) -------------------------------------
    "event.shuffle": ("{who} shuffles their deck", "{who} baraja su mazo", "{who} mischt sein Deck"),
    "event.first_player": ("{who} goes first", "{who} juega primero", "{who} beginnt"),
    "event.first_player.kept": ("the battle was a draw: {who} stays first player",
                                "la batalla fue un empate: {who} sigue siendo el primer jugador",
                                "der Kampf endete unentschieden: {who} bleibt Startspieler"),
    "event.first_player.winner": ("{who} won the battle and is first player next turn",
                                  "{who} ganó la batalla y es el primer jugador del turno siguiente",
                                  "{who} hat den Kampf gewonnen und ist im nächsten Zug Startspieler"),
    "event.mulligan": ("{who} takes a mulligan and draws a new hand", "{who} hace mulligan y roba una mano nueva",
                       "{who} nimmt einen Mulligan und zieht eine neue Hand"),
    "event.memory_capped": ("memory can't go past 10 on either side: the gauge stops at {value}",
                            "la memoria no puede pasar de 10 en ningún lado: el medidor se queda en {value}",
                            "der Speicher kann auf keiner Seite über 10 steigen: die Anzeige bleibt bei {value}"),
    "event.security_attack_count": ("{attacker} checks {checks} security cards (<Security A.>)",
                                    "{attacker} comprueba {checks} cartas de seguridad (<Security A.>)",
                                    "{attacker} prüft {checks} Sicherheitskarten (<Security A.>)"),
    "event.no_security_check": ("{attacker} checks no security cards: its <Security A.> values bring the number to 0",
                                "{attacker} no comprueba ninguna carta de seguridad: sus valores de <Security A.> dejan el número en 0",
                                "{attacker} prüft keine Sicherheitskarte: seine <Security A.>-Werte senken die Zahl auf 0"),
    "event.rush": ("{card} attacks the turn it was placed, as <Rush> allows",
                   "{card} ataca el turno en que fue colocado, como permite <Rush>",
                   "{card} greift in dem Zug an, in dem es ausgespielt wurde, wie <Rush> es erlaubt"),
    "event.security_set": ("{who} places {cards} cards face down as security",
                           "{who} coloca {cards} cartas boca abajo como seguridad",
                           "{who} legt {cards} Karten verdeckt als Sicherheit aus"),
    "event.memory_set": ("the memory gauge starts at {value}", "el medidor de memoria empieza en {value}",
                         "die Speicheranzeige beginnt bei {value}"),
    "event.game_start": ("the game starts; {who} takes the first turn", "empieza la partida; {who} juega el primer turno",
                         "das Spiel beginnt; {who} hat den ersten Zug"),
    "event.phase": ("{who} enters the {phase}", "{who} entra en la {phase}", "{who} beginnt die {phase}"),
    "event.phase.turn": ("turn {turn}: the {phase} begins, {who} acts first",
                         "turno {turn}: empieza la {phase}; {who} actúa primero",
                         "Zug {turn}: die {phase} beginnt, {who} handelt zuerst"),
    "event.turn_start": ("{who} starts turn {turn}", "{who} empieza el turno {turn}", "{who} beginnt Zug {turn}"),
    "event.turn_end": ("{who}'s turn {turn} ends", "termina el turno {turn} de {who}", "Zug {turn} von {who} endet"),
    "event.turn_end.game": ("turn {turn} ends", "termina el turno {turn}", "Zug {turn} endet"),
    "event.turn_end_conditions": (
        "the memory is on the opponent's side ({memory}) with nothing pending: the turn ends",
        "la memoria está en el lado del rival ({memory}) y no queda nada pendiente: el turno termina",
        "der Speicher steht auf der Seite des Gegners ({memory}) und nichts ist ausstehend: der Zug endet"),
    "event.turn_end_postponed": ("the memory came back to {who}'s side ({memory}): the turn goes on",
                                 "la memoria ha vuelto al lado de {who} ({memory}): el turno continúa",
                                 "der Speicher ist auf die Seite von {who} zurückgekehrt ({memory}): der Zug geht weiter"),
    "event.draw.none": ("{who} draws no card", "{who} no roba ninguna carta", "{who} zieht keine Karte"),
    "event.draw.one": ("{who} draws a card", "{who} roba una carta", "{who} zieht eine Karte"),
    "event.draw.other": ("{who} draws {cards} cards", "{who} roba {cards} cartas", "{who} zieht {cards} Karten"),
    "event.no_draw": ("{who} goes first and doesn't draw on the first turn",
                      "{who} juega primero y no roba en su primer turno",
                      "{who} beginnt und zieht im ersten Zug keine Karte"),
    "event.breeding_skip": ("{who} does nothing in the breeding phase", "{who} no hace nada en la fase de cría",
                            "{who} tut in der Aufzuchtphase nichts"),
    "event.memory": ("memory on {who}'s side goes from {before} to {after} ({why})",
                     "la memoria del lado de {who} pasa de {before} a {after} ({why})",
                     "der Speicher auf der Seite von {who} geht von {before} auf {after} ({why})"),
    "event.pass": ("{who} passes", "{who} pasa", "{who} passt"),
    "event.game_over": ("the game ends: {reason}", "la partida termina: {reason}", "das Spiel endet: {reason}"),
    "event.win": ("{who} wins: {why}", "{who} gana: {why}", "{who} gewinnt: {why}"),

    # -- breeding area, playing, digivolving (CR 4, 7, 8, 9, 10) -----------------------------
    "event.hatch": ("{who} hatches {card}", "{who} eclosiona {card}", "{who} brütet {card} aus"),
    "event.move": ("{who} moves {card} to the battle area", "{who} mueve {card} al área de batalla",
                   "{who} bewegt {card} in den Kampfbereich"),
    "event.play_declared": ("{who} reveals {card} to play it", "{who} muestra {card} para jugarla",
                            "{who} zeigt {card} vor, um sie auszuspielen"),
    "event.played": ("{card} is placed on the field, unsuspended", "{card} se coloca en el campo, sin suspender",
                     "{card} kommt aufrecht aufs Spielfeld"),
    "event.token_played": ("{who} plays the token {card}", "{who} juega el token {card}", "{who} spielt den Token {card} aus"),
    "event.placed": ("{card} is placed in the battle area", "{card} se coloca en el área de batalla",
                     "{card} wird in den Kampfbereich gelegt"),
    "event.digivolve_declared": ("{who} reveals {card} to digivolve {onto} ({requirement})",
                                 "{who} muestra {card} para digivolucionar a {onto} ({requirement})",
                                 "{who} zeigt {card} vor, um {onto} zu digitieren ({requirement})"),
    "event.digivolved": ("{card} digivolves; it keeps its orientation", "{card} digivoluciona; conserva su orientación",
                         "{card} digitiert; es behält seine Ausrichtung"),
    "event.no_bonus_draw": ("no bonus draw for this digivolution", "esta digivolución no da robo de bono",
                            "diese Digitation bringt keine Bonuskarte"),
    "event.dna_declared": ("{who} reveals {card} to DNA digivolve {materials}",
                           "{who} muestra {card} para la digivolución DNA de {materials}",
                           "{who} zeigt {card} vor, um {materials} per DNA-Digitation zu digitieren"),
    "event.dna_digivolved": (
        "{card} is stacked from the materials with the new card on top, unsuspended, as a new Digimon",
        "{card} se apila con los materiales y la carta nueva encima, sin suspender, como un Digimon nuevo",
        "{card} wird aus den Materialien gestapelt, die neue Karte oben, aufrecht, als neues Digimon"),
    "event.link_trashed": ("the link card {card} is trashed", "la carta de link {card} va al trash",
                           "die Link-Karte {card} kommt in den Trash"),
    "event.attack_participant_gone": ("{card} was in the attack; as a material it leaves the attack",
                                      "{card} participaba en el ataque; como material deja el ataque",
                                      "{card} war am Angriff beteiligt; als Material scheidet es aus dem Angriff aus"),
    "event.burst_declared": ("{who} reveals {card} to Burst digivolve {onto}",
                             "{who} muestra {card} para hacer Burst Digivolve con {onto}",
                             "{who} zeigt {card} vor, um {onto} per Burst Digivolve zu digitieren"),
    "event.burst_digivolved": ("{card} Burst digivolves", "{card} hace Burst Digivolve", "{card} digitiert per Burst Digivolve"),
    "event.burst_top_trashed": ("at the end of the turn the top card {card} is trashed; the Digimon is now {now}",
                                "al final del turno la carta superior {card} va al trash; el Digimon es ahora {now}",
                                "am Ende des Zuges kommt die oberste Karte {card} in den Trash; das Digimon ist jetzt {now}"),
    "event.burst_nothing_trashed": ("at the end of the turn {card} has no Burst card on top to trash",
                                    "al final del turno {card} ya no tiene encima la carta Burst que iría al trash",
                                    "am Ende des Zuges liegt auf {card} keine Burst-Karte mehr, die in den Trash käme"),
    "event.link_declared": ("{who} links {card} to {onto}", "{who} enlaza {card} a {onto}", "{who} verlinkt {card} mit {onto}"),
    "event.linked": ("{card} is plugged into {onto} (+{link_dp} DP)", "{card} se conecta a {onto} (+{link_dp} DP)",
                     "{card} wird an {onto} angeschlossen (+{link_dp} DP)"),
    "event.link_limit": ("{card} is at its link limit: {trashed} is trashed",
                         "{card} está en su límite de links: {trashed} va al trash",
                         "{card} hat sein Link-Limit erreicht: {trashed} kommt in den Trash"),
    "event.app_fusion_declared": ("{who} App Fuses {onto} and its link card {link} into {card}",
                                  "{who} hace App Fusion de {onto} y su carta de link {link} en {card}",
                                  "{who} verschmilzt {onto} und seine Link-Karte {link} per App Fusion zu {card}"),
    "event.app_fused": (
        "App Fusion: the link card goes on top of the Digimon and the new card on top of it ({card}, {cards} cards)",
        "App Fusion: la carta de link va encima del Digimon y la carta nueva encima de ella ({card}, {cards} cartas)",
        "App Fusion: die Link-Karte kommt auf das Digimon und die neue Karte darauf ({card}, {cards} Karten)"),
    "event.digixros": ("DigiXros: {placed} card(s) go under {card}; the cost becomes {cost}",
                       "DigiXros: {placed} carta(s) van debajo de {card}; el costo pasa a ser {cost}",
                       "DigiXros: {placed} Karte(n) kommen unter {card}; die Kosten werden {cost}"),
    "event.no_digixros": ("{who} plays {card} without DigiXros", "{who} juega {card} sin DigiXros",
                          "{who} spielt {card} ohne DigiXros aus"),
    "event.left_field_for_digixros": ("{card} leaves the field to go under the DigiXros card",
                                      "{card} deja el campo para ir debajo de la carta DigiXros",
                                      "{card} verlässt das Spielfeld und kommt unter die DigiXros-Karte"),
    "event.assembly": ("Assembly: {placed} cards from the trash go under {card}; the cost becomes {cost}",
                       "Assembly: {placed} cartas del trash van debajo de {card}; el costo pasa a ser {cost}",
                       "Assembly: {placed} Karten aus dem Trash kommen unter {card}; die Kosten werden {cost}"),
    "event.assembly_impossible": ("Assembly for {card} needs {need} matching cards in the trash; there are {have}",
                                  "el Assembly de {card} necesita {need} cartas adecuadas en el trash; hay {have}",
                                  "Assembly für {card} braucht {need} passende Karten im Trash; es gibt {have}"),
    "event.arts_digivolve": (
        "Arts Digivolve: instead of being trashed, the DUAL card goes on top of {card} for free",
        "Arts Digivolve: en lugar de ir al trash, la carta DUAL va encima de {card} gratis",
        "Arts Digivolve: statt in den Trash kommt die DUAL-Karte kostenlos auf {card}"),
    "event.blast_digivolve": ("<Blast Digivolve>: {card} digivolves for free at counter timing",
                              "<Blast Digivolve>: {card} digivoluciona gratis en el momento de contraataque",
                              "<Blast Digivolve>: {card} digitiert kostenlos zum Konter-Zeitpunkt"),
    "event.use_declared": ("{who} reveals {card} to use it", "{who} muestra {card} para usarla",
                           "{who} zeigt {card} vor, um sie einzusetzen"),
    "event.use_declared.dual": ("{who} reveals {card} to use its Option side", "{who} muestra {card} para usar su parte Option",
                                "{who} zeigt {card} vor, um ihre Option-Seite einzusetzen"),
    "event.option_main": ("{card}'s [Main] effect activates", "se activa el efecto [Main] de {card}",
                          "der [Main]-Effekt von {card} wird aktiviert"),
    "event.delay": ("<Delay>: {card} is trashed to activate its effect", "<Delay>: {card} va al trash para activar su efecto",
                    "<Delay>: {card} kommt in den Trash, um seinen Effekt zu aktivieren"),

    # -- attacks, blocks, security checks, battles (CR 11 - 14) -----------------------------
    "event.attack": ("{who} suspends {attacker} to attack {target}", "{who} suspende a {attacker} para atacar a {target}",
                     "{who} suspendiert {attacker}, um {target} anzugreifen"),
    "event.attack.player": ("{who} suspends {attacker} to attack the opponent",
                            "{who} suspende a {attacker} para atacar al rival",
                            "{who} suspendiert {attacker}, um den Gegner anzugreifen"),
    "event.block": ("{who} suspends {blocker} to block; it becomes the attack target",
                    "{who} suspende a {blocker} para bloquear; pasa a ser el objetivo del ataque",
                    "{who} suspendiert {blocker} zum Blocken; es wird zum Angriffsziel"),
    "event.block.forced": ("{who} suspends {blocker} to block, as an effect requires; it becomes the attack target",
                           "{who} suspende a {blocker} para bloquear, como exige un efecto; pasa a ser el objetivo del ataque",
                           "{who} suspendiert {blocker} zum Blocken, wie ein Effekt es verlangt; es wird zum Angriffsziel"),
    "event.counter": ("{who} uses {card} at counter timing", "{who} usa {card} en el momento de contraataque",
                      "{who} setzt {card} zum Konter-Zeitpunkt ein"),
    "event.target_switched": ("<Raid>: the attack target switches to {target}",
                              "<Raid>: el objetivo del ataque cambia a {target}",
                              "<Raid>: das Angriffsziel wechselt zu {target}"),
    "event.alliance": ("<Alliance>: {suspended} is suspended; the attacker gets +{dp_added} DP",
                       "<Alliance>: {suspended} se suspende; el atacante obtiene +{dp_added} DP",
                       "<Alliance>: {suspended} wird suspendiert; der Angreifer erhält +{dp_added} DP"),
    "event.digisorption": ("<Digisorption>: {suspended} is suspended; the digivolve cost becomes {cost}",
                           "<Digisorption>: {suspended} se suspende; el costo de digivolución pasa a ser {cost}",
                           "<Digisorption>: {suspended} wird suspendiert; die Digitationskosten werden {cost}"),
    "event.attack_fails": ("the attack fails: {why}", "el ataque fracasa: {why}", "der Angriff scheitert: {why}"),
    "event.no_battle": ("no battle with {target}: {why}", "no hay batalla con {target}: {why}", "kein Kampf mit {target}: {why}"),
    "event.security_check.none": ("{attacker} checks no security card", "{attacker} no chequea ninguna carta de seguridad",
                                  "{attacker} prüft keine Sicherheitskarte"),
    "event.security_check.one": ("{attacker} checks 1 security card", "{attacker} chequea 1 carta de seguridad",
                                 "{attacker} prüft 1 Sicherheitskarte"),
    "event.security_check.other": ("{attacker} checks {cards} security cards", "{attacker} chequea {cards} cartas de seguridad",
                                   "{attacker} prüft {cards} Sicherheitskarten"),
    "event.security_reveal": ("{who}'s top security card is revealed: {card}",
                              "se revela la carta superior de la seguridad de {who}: {card}",
                              "die oberste Sicherheitskarte von {who} wird aufgedeckt: {card}"),
    "event.security_reveal.face_up": ("{who}'s top security card, already lying face up, is revealed and stays face up: {card}",
                                      "se revela la carta superior de la seguridad de {who}, que ya estaba boca arriba y sigue así: {card}",
                                      "die oberste Sicherheitskarte von {who}, die schon offen lag, wird aufgedeckt und bleibt offen: {card}"),
    "event.security_effect": ("{card}'s [Security] effect activates at once", "el efecto [Security] de {card} se activa de inmediato",
                              "der [Security]-Effekt von {card} wird sofort aktiviert"),
    "event.security_check_stops": ("the security check stops: {why}", "el chequeo de seguridad se detiene: {why}",
                                   "der Sicherheitscheck endet: {why}"),
    "event.piercing": ("<Piercing>: {attacker} checks security before the attack ends",
                       "<Piercing>: {attacker} chequea la seguridad antes de que termine el ataque",
                       "<Piercing>: {attacker} prüft die Sicherheit, bevor der Angriff endet"),
    "event.piercing_no_cards": ("<Piercing>: {attacker} would check security, but there is no security card",
                                "<Piercing>: {attacker} chequearía la seguridad, pero no queda ninguna carta de seguridad",
                                "<Piercing>: {attacker} würde die Sicherheit prüfen, aber es gibt keine Sicherheitskarte"),
    "event.battle": ("battle: {attacker} ({attacker_value}) against {defender} ({defender_value}); loser: {loser}",
                     "batalla: {attacker} ({attacker_value}) contra {defender} ({defender_value}); pierde: {loser}",
                     "Kampf: {attacker} ({attacker_value}) gegen {defender} ({defender_value}); verliert: {loser}"),
    "event.battle.tie": ("battle: {attacker} ({attacker_value}) against {defender} ({defender_value}): a tie, both lose",
                         "batalla: {attacker} ({attacker_value}) contra {defender} ({defender_value}): empate, pierden los dos",
                         "Kampf: {attacker} ({attacker_value}) gegen {defender} ({defender_value}): Gleichstand, beide verlieren"),
    "event.battle.security": (
        "battle: {attacker} ({attacker_dp} DP) against the Security Digimon {security_digimon} ({security_dp} DP); "
        "loser: {loser}",
        "batalla: {attacker} ({attacker_dp} DP) contra el Digimon de seguridad {security_digimon} ({security_dp} DP); "
        "pierde: {loser}",
        "Kampf: {attacker} ({attacker_dp} DP) gegen das Sicherheits-Digimon {security_digimon} ({security_dp} DP); "
        "verliert: {loser}"),
    "event.deleted": ("{card} is deleted", "{card} es eliminado", "{card} wird gelöscht"),
    "event.deleted.stack": ("{card} is deleted ({cards} cards go to the trash)",
                            "{card} es eliminado ({cards} cartas van al trash)",
                            "{card} wird gelöscht ({cards} Karten kommen in den Trash)"),
    "event.not_deleted": ("{card} is not deleted ({why})", "{card} no es eliminado ({why})", "{card} wird nicht gelöscht ({why})"),
    "event.to_trash": ("{card} goes to the trash", "{card} va al trash", "{card} kommt in den Trash"),
    "event.to_trash.stack": ("{card} goes to the trash ({cards} cards)", "{card} va al trash ({cards} cartas)",
                             "{card} kommt in den Trash ({cards} Karten)"),
    "event.to_hand": ("{card} returns to the hand", "{card} vuelve a la mano", "{card} kehrt auf die Hand zurück"),
    "event.to_hand.stack": ("{card} returns to the hand; the cards under it go to the trash",
                            "{card} vuelve a la mano; las cartas de debajo van al trash",
                            "{card} kehrt auf die Hand zurück; die Karten darunter kommen in den Trash"),
    "event.trash": ("{card} goes to the trash", "{card} va al trash", "{card} kommt in den Trash"),
    "event.trash_security": ("{card} is trashed from {who}'s security", "{card} va al trash desde la seguridad de {who}",
                             "{card} kommt aus der Sicherheit von {who} in den Trash"),
    "event.end_of_attack": ("the attack by {attacker} ends", "termina el ataque de {attacker}", "der Angriff von {attacker} endet"),

    # -- effects and keywords (CR 15, CR 16) --------------------------------------------------
    "event.activate": ("{who} activates {effect}", "{who} activa {effect}", "{who} aktiviert {effect}"),
    "event.activate.card": ("{who} activates the effect of {card}", "{who} activa el efecto de {card}",
                            "{who} aktiviert den Effekt von {card}"),
    "event.condition_not_met": ("the condition of {card}'s effect isn't met: it doesn't activate",
                                "no se cumple la condición del efecto de {card}: no se activa",
                                "die Bedingung des Effekts von {card} ist nicht erfüllt: er wird nicht aktiviert"),
    "event.declined": ("{who} chooses not to activate {card}'s optional effect",
                       "{who} decide no activar el efecto opcional de {card}",
                       "{who} verzichtet darauf, den optionalen Effekt von {card} zu aktivieren"),
    "event.once_per_turn_spent": ("{card}'s effect was already used this turn (once per turn)",
                                  "el efecto de {card} ya se usó este turno (una vez por turno)",
                                  "der Effekt von {card} wurde in diesem Zug schon genutzt (einmal pro Zug)"),
    "event.no_target": ("{card}: the step “{step}” of its effect has no target and does nothing",
                        "{card}: el paso «{step}» de su efecto no tiene objetivo y no hace nada",
                        "{card}: der Schritt „{step}“ seines Effekts hat kein Ziel und bewirkt nichts"),
    "event.no_trigger_in_breeding_area": ("{card} is in the breeding area: its effect doesn't trigger",
                                          "{card} está en el área de cría: su efecto no se activa",
                                          "{card} ist im Aufzuchtbereich: sein Effekt wird nicht ausgelöst"),
    "event.dp_change": ("{card} gets {amount} DP {until}; it now has {dp} DP",
                        "{card} obtiene {amount} DP {until}; ahora tiene {dp} DP",
                        "{card} erhält {amount} DP {until}; es hat jetzt {dp} DP"),
    "event.security_attack_change": ("{card} gets <Security Attack {amount}>", "{card} obtiene <Security Attack {amount}>",
                                     "{card} erhält <Security Attack {amount}>"),
    "event.gains_keyword": ("{card} gains {keyword}", "{card} obtiene {keyword}", "{card} erhält {keyword}"),
    "event.gains_keyword.rule": ("by an effect, {card} {keyword}", "por un efecto, {card} {keyword}",
                                 "durch einen Effekt gilt für {card}: {keyword}"),
    "event.suspend": ("{card} is suspended", "{card} queda suspendido", "{card} wird suspendiert"),
    "event.unsuspend": ("{card} is unsuspended", "{card} se des-suspende", "{card} wird aufgerichtet"),
    "event.unsuspend.why": ("{card} is unsuspended ({why})", "{card} se des-suspende ({why})", "{card} wird aufgerichtet ({why})"),
    "event.recovery.none": ("<Recovery>: no card can be added to security", "<Recovery>: no se puede añadir ninguna carta a la seguridad",
                            "<Recovery>: es kommt keine Karte zur Sicherheit"),
    "event.recovery.one": ("<Recovery>: the top card of the deck goes on top of security",
                           "<Recovery>: la carta superior del mazo va encima de la seguridad",
                           "<Recovery>: die oberste Karte des Decks kommt oben auf die Sicherheit"),
    "event.recovery.other": ("<Recovery>: the top {cards} cards of the deck go on top of security",
                             "<Recovery>: las {cards} cartas superiores del mazo van encima de la seguridad",
                             "<Recovery>: die obersten {cards} Karten des Decks kommen oben auf die Sicherheit"),
    "event.retaliation": ("<Retaliation>: {deletes} is deleted too", "<Retaliation>: {deletes} también es eliminado",
                          "<Retaliation>: {deletes} wird ebenfalls gelöscht"),
    "event.decoy": ("<Decoy>: {deleted} is deleted instead of {protected}",
                    "<Decoy>: {deleted} es eliminado en lugar de {protected}",
                    "<Decoy>: {deleted} wird anstelle von {protected} gelöscht"),
    "event.evade": ("<Evade>: {card} is suspended instead of being deleted",
                    "<Evade>: {card} se suspende en lugar de ser eliminado",
                    "<Evade>: {card} wird suspendiert, statt gelöscht zu werden"),
    "event.fortitude": ("<Fortitude>: {card} is played from the trash without paying its cost",
                        "<Fortitude>: {card} se juega desde el trash sin pagar su costo",
                        "<Fortitude>: {card} wird aus dem Trash ausgespielt, ohne Kosten zu bezahlen"),
    "event.barrier": ("<Barrier>: {trashed_security} is trashed from security instead of {card} being deleted",
                      "<Barrier>: {trashed_security} va al trash desde la seguridad en lugar de que {card} sea eliminado",
                      "<Barrier>: {trashed_security} kommt aus der Sicherheit in den Trash, statt dass {card} gelöscht wird"),
    "event.armor_purge": ("<Armor Purge>: the top card {trashed} is trashed instead of {card} being deleted",
                          "<Armor Purge>: la carta superior {trashed} va al trash en lugar de que {card} sea eliminado",
                          "<Armor Purge>: die oberste Karte {trashed} kommt in den Trash, statt dass {card} gelöscht wird"),
    "event.de_digivolve": ("<De-Digivolve>: the top card(s) of {card} go to the trash: {trashed}",
                           "<De-Digivolve>: las cartas superiores de {card} van al trash: {trashed}",
                           "<De-Digivolve>: die obersten Karten von {card} kommen in den Trash: {trashed}"),
    "event.de_digivolve_blocked": ("<De-Digivolve>: the top card of {card} is level 3 or lower and can't be trashed",
                                   "<De-Digivolve>: la carta superior de {card} es de nivel 3 o menos y no puede ir al trash",
                                   "<De-Digivolve>: die oberste Karte von {card} hat Level 3 oder weniger und kann nicht "
                                   "in den Trash"),
    "event.blitz_unavailable": ("<Blitz> can't be used: {why}", "<Blitz> no se puede usar: {why}",
                                "<Blitz> kann nicht eingesetzt werden: {why}"),
    "event.vortex_unavailable": ("<Vortex> can't be used: {why}", "<Vortex> no se puede usar: {why}",
                                 "<Vortex> kann nicht eingesetzt werden: {why}"),
    "event.execute_unavailable": ("<Execute> can't be used: {why}", "<Execute> no se puede usar: {why}",
                                  "<Execute> kann nicht eingesetzt werden: {why}"),

    # -- Tamer Tactics (TT) ------------------------------------------------------------------
    "event.tamer_searched": ("{who} searches the Tamer {card} and places it in the {to}",
                             "{who} busca el Tamer {card} y lo coloca en el {to}",
                             "{who} sucht den Tamer {card} heraus und legt ihn in den {to}"),
    "event.no_tamer_to_search": ("{who} has no Tamer to search", "{who} no tiene ningún Tamer que buscar",
                                 "{who} hat keinen Tamer zum Heraussuchen"),
    "event.starting_tamer_on_play": ("the [On Play] effects of the starting Tamer {card} trigger",
                                     "se activan los efectos [On Play] del Tamer inicial {card}",
                                     "die [On Play]-Effekte des Start-Tamers {card} werden ausgelöst"),
    "event.tamer_on_play": ("{card} enters the battle area: its [On Play] effects trigger",
                            "{card} entra en el área de batalla: se activan sus efectos [On Play]",
                            "{card} kommt in den Kampfbereich: seine [On Play]-Effekte werden ausgelöst"),
    "event.safety_valve": ("safety valve: {who} hatches the Tamer {card} from the Tamer+Digi-Egg pile",
                           "válvula de seguridad: {who} eclosiona el Tamer {card} de la pila Tamer+Digi-Egg",
                           "Sicherheitsventil: {who} brütet den Tamer {card} aus dem Tamer+Digi-Egg-Stapel aus"),
    "event.safety_valve_armed": ("{who} has no Tamer left: the safety valve applies to their next hatch",
                                 "{who} se queda sin Tamers: la válvula de seguridad se aplica a su próxima eclosión",
                                 "{who} hat keinen Tamer mehr: das Sicherheitsventil gilt für das nächste Ausbrüten"),
    "event.joins_group": ("{card} joins {tamer}'s group", "{card} se une al grupo de {tamer}", "{card} tritt der Gruppe von {tamer} bei"),
    "event.orphan": ("{card} has no Tamer to join: it belongs to no group",
                     "{card} no tiene Tamer al que unirse: no pertenece a ningún grupo",
                     "{card} hat keinen Tamer, dem es beitreten kann: es gehört zu keiner Gruppe"),
    "event.orphaned": ("{card} loses its group: its Tamer left", "{card} pierde su grupo: su Tamer se fue",
                       "{card} verliert seine Gruppe: sein Tamer ist weg"),
    "event.true_orphan": ("{card} stays without a group: {who} has no Tamer left",
                          "{card} se queda sin grupo: {who} ya no tiene Tamers",
                          "{card} bleibt ohne Gruppe: {who} hat keinen Tamer mehr"),
    "event.tamer_out_of_game": ("{card} is removed from the game", "{card} queda fuera de la partida",
                                "{card} wird aus dem Spiel entfernt"),
    "event.last_tamer_immune": ("{card} is {who}'s last Tamer: the opponent's removal can't choose it",
                                "{card} es el último Tamer de {who}: la retirada del rival no puede elegirlo",
                                "{card} ist der letzte Tamer von {who}: die Entfernung durch den Gegner kann ihn nicht wählen"),
    "event.last_tamer_kept": ("{who} keeps {card}: the last Tamer stays", "{who} conserva a {card}: el último Tamer se queda",
                              "{who} behält {card}: der letzte Tamer bleibt"),
    "event.security_attack_used": ("group {group} of {who} uses its one security attack of the turn",
                                   "el grupo {group} de {who} usa su único ataque a la seguridad del turno",
                                   "Gruppe {group} von {who} nutzt ihren einen Sicherheitsangriff des Zuges"),
    "event.attack_counted": ("{who} has made {count} attack(s) this turn that were not security attacks",
                             "{who} lleva {count} ataque(s) este turno que no son ataques a la seguridad",
                             "{who} hat in diesem Zug {count} Angriff(e) gemacht, die keine Sicherheitsangriffe waren"),
    "event.extra_attack_used": ("{who} uses the turn's extra attack through {via}",
                                "{who} usa el ataque extra del turno mediante {via}",
                                "{who} nutzt den zusätzlichen Angriff des Zuges durch {via}"),
    "event.protected": ("{who} declares {card} the protected card of the turn",
                        "{who} declara a {card} carta protegida del turno",
                        "{who} erklärt {card} zur geschützten Karte des Zuges"),

    # -- deck checks -------------------------------------------------------------------------
    "event.deck_problem": ("deck check: {message}", "comprobación del mazo: {message}", "Deckprüfung: {message}"),
    "event.deck_legal": ("deck check: the list is legal", "comprobación del mazo: la lista es legal",
                         "Deckprüfung: die Liste ist legal"),
    "event.deck_not_legal": ("deck check: the list is not legal", "comprobación del mazo: la lista no es legal",
                             "Deckprüfung: die Liste ist nicht legal"),

    # -- legacy (Hyper Colosseum, LEG) -------------------------------------------------------
    "event.partner": ("{who} places their partner Digimon face down in the Digimon Box",
                      "{who} coloca su Digimon compañero boca abajo en la Digimon Box",
                      "{who} legt sein Partner-Digimon verdeckt in die Digimon Box"),
    "event.network_sea": ("{who} shuffles the Network Sea ({cards} cards)", "{who} baraja el Mar de la Red ({cards} cartas)",
                          "{who} mischt das Netzwerk-Meer ({cards} Karten)"),
    "event.point_gauge": ("{who} starts with {points} points", "{who} empieza con {points} puntos",
                          "{who} beginnt mit {points} Punkten"),
    "event.prepared": ("{who} is done preparing", "{who} termina la preparación", "{who} ist mit der Vorbereitung fertig"),
    "event.refill": ("{who} refills the hand: draws {cards} ({hand} in hand)",
                     "{who} rellena la mano: roba {cards} (tiene {hand} en la mano)",
                     "{who} füllt die Hand auf: zieht {cards} ({hand} auf der Hand)"),
    "event.exchange_prepared": ("{who} sets a Level III Digimon face down to exchange",
                                "{who} prepara boca abajo un Digimon de nivel III para el cambio",
                                "{who} legt verdeckt ein Level-III-Digimon zum Tausch bereit"),
    "event.prepare": ("{who} prepares a digivolution to level {level} face down, with {power} card(s) for its requirement",
                      "{who} prepara boca abajo una digivolución a nivel {level}, con {power} carta(s) para su requisito",
                      "{who} bereitet verdeckt eine Digitation auf Level {level} vor, mit {power} Karte(n) für die Bedingung"),
    "event.set": ("{who} sets an Option card face down in slot {slot}",
                  "{who} coloca una carta Option boca abajo en el slot {slot}",
                  "{who} legt eine Optionskarte verdeckt in Slot {slot}"),
    "event.reveal": ("{who}'s partner {card} is turned face up", "el compañero de {who}, {card}, se pone boca arriba",
                     "der Partner von {who}, {card}, wird aufgedeckt"),
    "event.exchange": ("{who} exchanges {old} for {new}", "{who} cambia {old} por {new}", "{who} tauscht {old} gegen {new}"),
    "event.exchange.new": ("{who} brings in {new}", "{who} saca a {new}", "{who} bringt {new} ins Spiel"),
    "event.decline": ("{who} doesn't digivolve", "{who} no digivoluciona", "{who} digitiert nicht"),
    "event.digivolve": ("{who} digivolves {previous} into {card} (level {level})",
                        "{who} digivoluciona {previous} a {card} (nivel {level})",
                        "{who} digitiert {previous} zu {card} (Level {level})"),
    "event.technique_zero": ("{who}'s technique {letter} becomes 0 against technique {by_technique}",
                             "la técnica {letter} de {who} pasa a 0 contra la técnica {by_technique}",
                             "Technik {letter} von {who} wird gegen Technik {by_technique} zu 0"),
    "event.halved": ("{by} halves {who}'s attack", "{by} reduce a la mitad el ataque de {who}", "{by} halbiert den Angriff von {who}"),
    "event.not_halved": ("{card} is not halved: modifications don't affect it",
                         "{card} no se reduce a la mitad: las modificaciones no le afectan",
                         "{card} wird nicht halbiert: Änderungen wirken nicht auf es"),
    "event.attack_value": ("{who}'s attack value for technique {technique}: {value}",
                           "valor de ataque de {who} con la técnica {technique}: {value}",
                           "Angriffswert von {who} mit Technik {technique}: {value}"),
    "event.battle_end": ("the battle phase's actions end", "terminan las acciones de la fase de batalla",
                         "die Aktionen der Kampfphase enden"),
    "event.support": ("{who} puts {card} in the Support Box", "{who} pone {card} en la Support Box",
                      "{who} legt {card} in die Support Box"),
    "event.support_no_effect": ("{card}'s support ability doesn't apply to {target}",
                                "la habilidad de apoyo de {card} no se aplica a {target}",
                                "die Unterstützungsfähigkeit von {card} gilt nicht für {target}"),
    "event.ability": ("{who} uses the special ability of {card}", "{who} usa la habilidad especial de {card}",
                      "{who} setzt die Spezialfähigkeit von {card} ein"),
    "event.option_used": ("{who} uses {card}", "{who} usa {card}", "{who} setzt {card} ein"),
    "event.option_used.hand": ("{who} uses {card} from the hand: it needs no Option Slot",
                               "{who} usa {card} desde la mano: no necesita Option Slot",
                               "{who} setzt {card} aus der Hand ein: sie braucht keinen Option Slot"),
    "event.option_void": ("{card} has no effect: a second copy of an “only 1” card",
                          "{card} no tiene efecto: segunda copia de una carta «solo 1»",
                          "{card} hat keine Wirkung: zweites Exemplar einer „nur 1“-Karte"),
    "event.response": ("{who} answers {against} with {card}", "{who} responde a {against} con {card}",
                       "{who} antwortet auf {against} mit {card}"),
    "event.nullified": ("{by} nullifies {card}", "{by} anula {card}", "{by} annulliert {card}"),
    "event.attack_mod": ("{card}: {effect} makes {who}'s attack {attack}", "{card}: {effect} deja el ataque de {who} en {attack}",
                         "{card}: {effect} setzt den Angriff von {who} auf {attack}"),
    "event.not_modified": ("{who}'s Digimon is not affected by {card} ({effect})",
                           "el Digimon de {who} no se ve afectado por {card} ({effect})",
                           "das Digimon von {who} ist von {card} nicht betroffen ({effect})"),
    "event.direct_attack": ("{card}: a direct attack of {amount} points against {who}",
                            "{card}: ataque directo de {amount} puntos contra {who}",
                            "{card}: direkter Angriff über {amount} Punkte gegen {who}"),
    "event.lost_multiply": ("{card}: the Lost Points of {who}'s Digimon are multiplied by {value}",
                            "{card}: los puntos perdidos del Digimon de {who} se multiplican por {value}",
                            "{card}: die verlorenen Punkte des Digimon von {who} werden mit {value} multipliziert"),
    "event.once_more": ("{card}: if {who} loses, the point calculation is made once more",
                        "{card}: si {who} pierde, el cálculo de puntos se hace una vez más",
                        "{card}: verliert {who}, wird die Punkteberechnung noch einmal gemacht"),
    "event.force_draw": ("{card}: the battle will be a draw", "{card}: la batalla será un empate",
                         "{card}: der Kampf wird unentschieden"),
    "event.forced_draw": ("{card} makes the battle a draw", "{card} convierte la batalla en empate",
                          "{card} macht den Kampf unentschieden"),
    "event.draw_ignored": ("{card} is not affected by the effect that makes the battle a draw",
                           "a {card} no le afecta el efecto que convierte la batalla en empate",
                           "{card} ist von dem Effekt, der den Kampf unentschieden macht, nicht betroffen"),
    "event.resolved": ("{card} resolved: attacks P1 {attack_p1}, P2 {attack_p2}",
                       "{card} resuelta: ataques P1 {attack_p1}, P2 {attack_p2}",
                       "{card} abgehandelt: Angriffe P1 {attack_p1}, P2 {attack_p2}"),
    "event.battle_result": ("battle result: {result} (P1 {attack_p1}, P2 {attack_p2})",
                            "resultado de la batalla: {result} (P1 {attack_p1}, P2 {attack_p2})",
                            "Kampfergebnis: {result} (P1 {attack_p1}, P2 {attack_p2})"),
    "event.points": ("{who} loses {lost} points from {card} ({before} → {after})",
                     "{who} pierde {lost} puntos por {card} ({before} → {after})",
                     "{who} verliert {lost} Punkte durch {card} ({before} → {after})"),
    "event.points.battle": (
        "{who} loses {lost} points: {card}'s Lost Points against level {winner_level} are {printed}, × {factor} "
        "({before} → {after})",
        "{who} pierde {lost} puntos: los puntos perdidos de {card} contra nivel {winner_level} son {printed}, × {factor} "
        "({before} → {after})",
        "{who} verliert {lost} Punkte: die verlorenen Punkte von {card} gegen Level {winner_level} sind {printed}, "
        "× {factor} ({before} → {after})"),
    "event.once_more_points": ("{card}: the calculation once more: {who} loses {lost} points ({before} → {after})",
                               "{card}: el cálculo otra vez: {who} pierde {lost} puntos ({before} → {after})",
                               "{card}: die Berechnung noch einmal: {who} verliert {lost} Punkte ({before} → {after})"),
    "event.death_check": ("death check: {who} has {network} card(s) left in the Network Sea",
                          "comprobación de muerte: a {who} le quedan {network} carta(s) en el Mar de la Red",
                          "Todesprüfung: {who} hat noch {network} Karte(n) im Netzwerk-Meer"),
    "event.death_check.refreshed": (
        "death check: {who}'s Network Sea ran out and is made again from the Land of Darkness ({network} cards)",
        "comprobación de muerte: el Mar de la Red de {who} se agotó y se rehace con la Tierra de la Oscuridad "
        "({network} cartas)",
        "Todesprüfung: das Netzwerk-Meer von {who} war leer und wird aus dem Land der Finsternis neu gebildet "
        "({network} Karten)"),
    "event.effects_end": ("the effects of {cards} ({origin}) end with the {phase}",
                          "terminan los efectos de {cards} ({origin}) con la {phase}",
                          "die Effekte von {cards} ({origin}) enden mit der {phase}"),
    "event.to_darkness": ("to the Land of Darkness: {cards} ({why})", "a la Tierra de la Oscuridad: {cards} ({why})",
                          "ins Land der Finsternis: {cards} ({why})"),
    "event.game_end": ("the game ends: {why}", "la partida termina: {why}", "das Spiel endet: {why}"),

    # -- phrases: values the engines write in English -----------------------------------------
    "phrase.phase:unsuspend": ("unsuspend phase", "fase de des-suspensión", "Aufrichtphase"),
    "phrase.phase:draw": ("draw phase", "fase de robo", "Ziehphase"),
    "phrase.phase:breeding": ("breeding phase", "fase de cría", "Aufzuchtphase"),
    "phrase.phase:main": ("main phase", "fase principal", "Hauptphase"),
    "phrase.phase:end": ("end phase", "fase final", "Endphase"),
    "phrase.phase:preparation": ("preparation phase", "fase de preparación", "Vorbereitungsphase"),
    "phrase.phase:digivolution": ("digivolution phase", "fase de digivolución", "Digitationsphase"),
    "phrase.phase:battle": ("battle phase", "fase de batalla", "Kampfphase"),
    "phrase.phase:point": ("point phase", "fase de puntos", "Punktephase"),
    "phrase.colour:red": ("red", "rojo", "rot"),
    "phrase.colour:blue": ("blue", "azul", "blau"),
    "phrase.colour:yellow": ("yellow", "amarillo", "gelb"),
    "phrase.colour:green": ("green", "verde", "grün"),
    "phrase.colour:black": ("black", "negro", "schwarz"),
    "phrase.colour:purple": ("purple", "morado", "lila"),
    "phrase.colour:white": ("white", "blanco", "weiß"),
    "phrase.requirement:colour": ("{colours} Lv.{level}: cost {cost}", "{colours} Lv.{level}: costo {cost}",
                                  "{colours} Lv.{level}: Kosten {cost}"),
    "phrase.requirement:name": ("[{name}]: cost {cost}", "[{name}]: costo {cost}", "[{name}]: Kosten {cost}"),
    "phrase.until:end_of_turn": ("until the end of the turn", "hasta el final del turno", "bis zum Ende des Zuges"),
    "phrase.until:end_of_attack": ("until the end of the attack", "hasta el final del ataque", "bis zum Ende des Angriffs"),
    "phrase.until:end_of_opponents_turn": ("until the end of the opponent's turn", "hasta el final del turno del rival",
                                           "bis zum Ende des gegnerischen Zuges"),
    "phrase.until:permanent": ("for as long as it stays", "mientras permanezca", "solange es bleibt"),
    "phrase.step:draw": ("draw", "robar", "ziehen"),
    "phrase.step:memory": ("memory", "memoria", "Speicher"),
    "phrase.step:dp": ("DP change", "cambio de DP", "DP-Änderung"),
    "phrase.step:delete": ("delete", "eliminar", "löschen"),
    "phrase.step:suspend": ("suspend", "suspender", "suspendieren"),
    "phrase.step:unsuspend": ("unsuspend", "des-suspender", "aufrichten"),
    "phrase.step:return_to_hand": ("return to hand", "volver a la mano", "auf die Hand zurück"),
    "phrase.step:play_token": ("play a token", "jugar un token", "Token ausspielen"),
    "phrase.step:recovery": ("<Recovery>", "<Recovery>", "<Recovery>"),
    "phrase.step:de_digivolve": ("<De-Digivolve>", "<De-Digivolve>", "<De-Digivolve>"),
    "phrase.step:trash_security": ("trash from security", "mandar seguridad al trash", "Sicherheit in den Trash"),
    "phrase.step:gain": ("gain", "obtener", "erhalten"),
    "phrase.step:blitz": ("<Blitz>", "<Blitz>", "<Blitz>"),
    "phrase.step:play_self": ("play itself", "jugarse a sí misma", "sich selbst ausspielen"),
    "phrase.step:use_main": ("use [Main]", "usar [Main]", "[Main] einsetzen"),
    "phrase.step:place_in_battle_area": ("place in the battle area", "colocar en el área de batalla",
                                         "in den Kampfbereich legen"),
    "phrase.step:security_attack": ("<Security Attack>", "<Security Attack>", "<Security Attack>"),
    "phrase.step:digivolve": ("digivolve", "digivolucionar", "digitieren"),
    "phrase.keyword:cannot_attack": ("can't attack", "no puede atacar", "kann nicht angreifen"),
    "phrase.keyword:cannot_block": ("can't block", "no puede bloquear", "kann nicht blocken"),
    "phrase.keyword:cannot_be_attacked": ("can't be attacked", "no puede ser atacado", "kann nicht angegriffen werden"),
    "phrase.keyword:may_attack_tamers": ("can attack Tamers", "puede atacar a Tamers", "kann Tamer angreifen"),
    "phrase.to:battle": ("battle area", "área de batalla", "Kampfbereich"),
    "phrase.to:breeding": ("breeding area", "área de cría", "Aufzuchtbereich"),
    "phrase.origin:option": ("Option cards", "cartas Option", "Optionskarten"),
    "phrase.origin:ability": ("special abilities", "habilidades especiales", "Spezialfähigkeiten"),
    "phrase.origin:support": ("support abilities", "habilidades de apoyo", "Unterstützungsfähigkeiten"),
    "phrase.result:draw": ("a draw", "empate", "unentschieden"),
    "phrase.result:p1 wins": ("P1 wins", "gana P1", "P1 gewinnt"),
    "phrase.result:p2 wins": ("P2 wins", "gana P2", "P2 gewinnt"),
    "phrase.level:perfect": ("Perfect", "Perfecto", "Perfekt"),
    "phrase.level:ultimate": ("Ultimate", "Definitivo", "Ultimativ"),
    "phrase.loser:security Digimon": ("the Security Digimon", "el Digimon de seguridad", "das Sicherheits-Digimon"),
    "phrase.loser:attacker": ("the attacker", "el atacante", "der Angreifer"),
    "phrase.loser:both": ("both", "los dos", "beide"),
    "phrase.loser:and": ("{a} and {b}", "{a} y {b}", "{a} und {b}"),
    "phrase.legacy:add": ("{n}", "{n}", "{n}"),
    "phrase.legacy:base_add": ("{n} to the base value", "{n} al valor base", "{n} auf den Grundwert"),
    "phrase.legacy:multiply": ("×{n}", "×{n}", "×{n}"),
    "phrase.legacy:divide": ("÷{n}", "÷{n}", "÷{n}"),
    "phrase.legacy:zero": ("technique {n} to 0", "técnica {n} a 0", "Technik {n} auf 0"),
    "phrase.legacy:zero_all": ("every technique to 0", "todas las técnicas a 0", "alle Techniken auf 0"),
    "phrase.timing": ("{timing} of {card}", "{timing} de {card}", "{timing} von {card}"),
    "phrase.timing_inherited": ("{timing} (inherited) of {card}", "{timing} (heredado) de {card}",
                                "{timing} (vererbt) von {card}"),
    # reasons (why / reason fields), written whole
    "phrase.why:pass": ("pass", "pasar", "passen"),
    "phrase.why:move a Tamer to the battle area": ("move a Tamer to the battle area", "mover un Tamer al área de batalla",
                                                   "einen Tamer in den Kampfbereich bewegen"),
    "phrase.why:the opponent has no memory": ("the opponent has no memory", "el rival no tiene memoria",
                                              "der Gegner hat keinen Speicher"),
    "phrase.why:placed on the field this turn": ("it was placed on the field this turn", "se colocó en el campo este turno",
                                                 "es kam in diesem Zug aufs Spielfeld"),
    "phrase.why:attacks are declared in the main phase": ("attacks are declared in the main phase",
                                                          "los ataques se declaran en la fase principal",
                                                          "Angriffe werden in der Hauptphase angesagt"),
    "phrase.why:a new attack can't be declared during an attack": (
        "a new attack can't be declared during an attack", "no se puede declarar un ataque nuevo durante un ataque",
        "während eines Angriffs kann kein neuer Angriff angesagt werden"),
    "phrase.why:only the turn player's Digimon in the battle area can attack": (
        "only the turn player's Digimon in the battle area can attack",
        "solo pueden atacar los Digimon del jugador de turno que están en el área de batalla",
        "nur Digimon des Zugspielers im Kampfbereich können angreifen"),
    "phrase.why:the attacker left the battle area": ("the attacker left the battle area", "el atacante dejó el área de batalla",
                                                     "der Angreifer hat den Kampfbereich verlassen"),
    "phrase.why:the attacker can't perform any security check": (
        "the attacker can't perform any security check", "el atacante no puede hacer ningún chequeo de seguridad",
        "der Angreifer kann keinen Sicherheitscheck durchführen"),
    "phrase.why:the attack target left the battle area": (
        "the attack target left the battle area", "el objetivo del ataque dejó el área de batalla",
        "das Angriffsziel hat den Kampfbereich verlassen"),
    "phrase.why:the target has no DP": ("the target has no DP", "el objetivo no tiene DP", "das Ziel hat keine DP"),
    "phrase.why:the checking Digimon left the battle area": (
        "the checking Digimon left the battle area", "el Digimon que chequea dejó el área de batalla",
        "das prüfende Digimon hat den Kampfbereich verlassen"),
    "phrase.why:Security Digimon aren't deleted": ("Security Digimon aren't deleted",
                                                   "los Digimon de seguridad no son eliminados",
                                                   "Sicherheits-Digimon werden nicht gelöscht"),
    "phrase.why:cannot draw in the draw phase": ("the opponent can't draw in the draw phase",
                                                 "el rival no puede robar en la fase de robo",
                                                 "der Gegner kann in der Ziehphase nicht ziehen"),
    "phrase.why:successful attack with 0 security cards": ("a successful attack with 0 security cards",
                                                           "ataque con éxito con 0 cartas de seguridad",
                                                           "erfolgreicher Angriff bei 0 Sicherheitskarten"),
    "phrase.why:discarded from the hand": ("discarded from the hand", "descartada de la mano", "von der Hand abgeworfen"),
    "phrase.why:discarded from the Option Slot": ("discarded from the Option Slot", "descartada del Option Slot",
                                                  "aus dem Option Slot abgeworfen"),
    "phrase.why:the exchanged Level III": ("the exchanged Level III", "el nivel III cambiado", "das getauschte Level III"),
    "phrase.why:no digivolution was made": ("no digivolution was made", "no se hizo ninguna digivolución",
                                            "es wurde nicht digitiert"),
    "phrase.why:the Digimon before the digivolution": ("the Digimon before the digivolution",
                                                       "el Digimon anterior a la digivolución",
                                                       "das Digimon vor der Digitation"),
    "phrase.why:the cards that met the digivolution requirement": (
        "the cards that met the digivolution requirement", "las cartas que cumplieron el requisito de digivolución",
        "die Karten, die die Digitationsbedingung erfüllt haben"),
    "phrase.why:a second copy of an \"only 1\" card; no effect": (
        "a second copy of an “only 1” card; no effect", "segunda copia de una carta «solo 1»; sin efecto",
        "zweites Exemplar einer „nur 1“-Karte; keine Wirkung"),
    "phrase.why:an Option used without a slot, once it has taken effect": (
        "an Option used without a slot, once it has taken effect", "una Option usada sin slot, una vez aplicado su efecto",
        "eine ohne Slot eingesetzte Option, nachdem ihr Effekt gewirkt hat"),
    "phrase.why:nullified before its effect took effect": ("nullified before its effect took effect",
                                                           "anulada antes de que su efecto se aplicara",
                                                           "annulliert, bevor ihr Effekt wirkte"),
    "phrase.why:the Digimon that lost": ("the Digimon that lost", "el Digimon que perdió", "das Digimon, das verloren hat"),
    "phrase.why:support Digimon at the death check": ("support Digimon at the death check",
                                                      "Digimon de apoyo en la comprobación de muerte",
                                                      "Unterstützungs-Digimon bei der Todesprüfung"),
    "phrase.why:the Network Sea has run out": ("the Network Sea has run out", "el Mar de la Red se ha agotado",
                                               "das Netzwerk-Meer ist aufgebraucht"),
    "phrase.why:used Option cards at the end of the turn": ("Option cards used, at the end of the turn",
                                                            "cartas Option usadas, al final del turno",
                                                            "eingesetzte Optionskarten, am Ende des Zuges"),
    "phrase.why:support Digimon at the end of the turn": ("support Digimon at the end of the turn",
                                                          "Digimon de apoyo al final del turno",
                                                          "Unterstützungs-Digimon am Ende des Zuges"),
    # reasons with a name inside (see PATTERNS)
    "phrase.pattern:play": ("play {card}", "jugar {card}", "{card} ausspielen"),
    "phrase.pattern:digivolve": ("digivolve into {card}", "digivolucionar a {card}", "zu {card} digitieren"),
    "phrase.pattern:dna": ("DNA digivolve into {card}", "digivolución DNA a {card}", "DNA-Digitation zu {card}"),
    "phrase.pattern:burst": ("Burst digivolve into {card}", "Burst Digivolve a {card}", "Burst Digivolve zu {card}"),
    "phrase.pattern:app_fusion": ("App Fusion into {card}", "App Fusion en {card}", "App Fusion zu {card}"),
    "phrase.pattern:use": ("use {card}", "usar {card}", "{card} einsetzen"),
    "phrase.pattern:link": ("link {card}", "enlazar {card}", "{card} verlinken"),
    "phrase.pattern:effect": ("{card} effect", "efecto de {card}", "Effekt von {card}"),
    "phrase.pattern:overflow": ("<Overflow> of {card}", "<Overflow> de {card}", "<Overflow> von {card}"),
    "phrase.pattern:points_zero": ("{player}'s points reached 0", "los puntos de {player} llegaron a 0",
                                   "die Punkte von {player} sind auf 0 gefallen"),
    "phrase.pattern:turn_limit": ("turn limit of {n} reached", "se alcanzó el límite de {n} turnos", "Zuglimit von {n} erreicht"),
    "phrase.pattern:option_end_phase": ("Option cards used, at the end of the {phase}", "cartas Option usadas, al final de la {phase}",
                                        "eingesetzte Optionskarten, am Ende der {phase}"),
    "phrase.pattern:not_digimon": ("{card} is not a Digimon; only Digimon attack", "{card} no es un Digimon; solo atacan los Digimon",
                                   "{card} ist kein Digimon; nur Digimon greifen an"),
    "phrase.pattern:suspended": ("{card} is suspended and can't suspend to attack",
                                 "{card} está suspendido y no puede suspenderse para atacar",
                                 "{card} ist suspendiert und kann sich zum Angreifen nicht suspendieren"),
    "phrase.pattern:prohibited": ("an effect says {card} can't attack, and that beats any permission",
                                  "un efecto dice que {card} no puede atacar, y eso prevalece sobre cualquier permiso",
                                  "ein Effekt sagt, dass {card} nicht angreifen kann, und das schlägt jede Erlaubnis"),
    "phrase.pattern:placed": ("{card} was placed on the field this turn", "{card} se colocó en el campo este turno",
                              "{card} kam in diesem Zug aufs Spielfeld"),
    # deck-check messages seen in scenarios (judgebase.deck words them in English)
    "phrase.pattern:banned": ("{card} is banned", "{card} está prohibida", "{card} ist verboten"),
    "phrase.pattern:restricted": ("{n} copies of {card}; it is restricted to {k} copy",
                                  "{n} copias de {card}; está restringida a {k} copia",
                                  "{n} Exemplare von {card}; sie ist auf {k} Exemplar beschränkt"),
    "phrase.pattern:banned_pair": ("{a} and {b} are a banned pair: a deck may hold one or the other, not both",
                                   "{a} y {b} son una pareja prohibida: un mazo puede tener una u otra, no las dos",
                                   "{a} und {b} sind ein verbotenes Paar: ein Deck darf eine davon enthalten, nicht beide"),
    "phrase.pattern:pile_count": ("the Tamer+Digi-Egg pile has {n} {what}; it needs {lo} to {hi}",
                                  "la pila Tamer+Digi-Egg tiene {n} {what}; necesita de {lo} a {hi}",
                                  "der Tamer+Digi-Egg-Stapel hat {n} {what}; er braucht {lo} bis {hi}"),
    "phrase.pattern:tamer_copies": (
        "{n} copies of the Tamer {card} in the pile; each Tamer must have a different card number (1 copy each)",
        "{n} copias del Tamer {card} en la pila; cada Tamer debe tener un número de carta distinto (1 copia de cada uno)",
        "{n} Exemplare des Tamers {card} im Stapel; jeder Tamer braucht eine andere Kartennummer (je 1 Exemplar)"),
    "phrase.what:Tamers": ("Tamers", "Tamers", "Tamer"),
    "phrase.what:Digi-Eggs": ("Digi-Eggs", "Digi-Eggs", "Digi-Eggs"),
}

_TIMINGS = {
    "on_play": "[On Play]", "when_digivolving": "[When Digivolving]", "when_attacking": "[When Attacking]",
    "on_deletion": "[On Deletion]", "end_of_attack": "[End of Attack]", "when_moving": "[When Moving]",
    "when_blocking": "[When Blocking]", "when_linking": "[When Linking]", "start_of_your_turn": "[Start of Your Turn]",
    "end_of_your_turn": "[End of Your Turn]", "end_of_opponents_turn": "[End of Opponent's Turn]", "main": "[Main]",
    "counter": "[Counter]", "security": "[Security]", "your_turn": "[Your Turn]", "all_turns": "[All Turns]",
    "opponents_turn": "[Opponent's Turn]", "delay": "<Delay>",
}

#: Engine phrases with a name inside: (pattern, key of the message, fields translated as a field of that name).
PATTERNS: list[tuple[re.Pattern, str]] = [(re.compile(p), key) for p, key in (
    (r"^play (?P<card>.+)$", "phrase.pattern:play"),
    (r"^digivolve into (?P<card>.+)$", "phrase.pattern:digivolve"),
    (r"^DNA digivolve into (?P<card>.+)$", "phrase.pattern:dna"),
    (r"^Burst digivolve into (?P<card>.+)$", "phrase.pattern:burst"),
    (r"^App Fusion into (?P<card>.+)$", "phrase.pattern:app_fusion"),
    (r"^use (?P<card>.+)$", "phrase.pattern:use"),
    (r"^link (?P<card>.+)$", "phrase.pattern:link"),
    (r"^<Overflow> of (?P<card>.+)$", "phrase.pattern:overflow"),
    (r"^(?P<card>.+) effect$", "phrase.pattern:effect"),
    (r"^(?P<player>P[12])'s points reached 0$", "phrase.pattern:points_zero"),
    (r"^(?P<card>.+) is not a Digimon; only Digimon attack$", "phrase.pattern:not_digimon"),
    (r"^(?P<card>.+) is suspended and can't suspend to attack$", "phrase.pattern:suspended"),
    (r"^an effect says (?P<card>.+) can't attack, and that beats any permission$", "phrase.pattern:prohibited"),
    (r"^(?P<card>.+) was placed on the field this turn$", "phrase.pattern:placed"),
    (r"^turn limit (?:of (?P<n>\d+)|\((?P<n2>\d+) turns\)) reached$", "phrase.pattern:turn_limit"),
    (r"^used Option cards at the end of the (?P<phase>\w+) phase$", "phrase.pattern:option_end_phase"),
    (r"^(?P<card>.+?) is banned$", "phrase.pattern:banned"),
    (r"^(?P<n>\d+) copies of (?P<card>.+?); it is restricted to (?P<k>\d+) copy$", "phrase.pattern:restricted"),
    (r"^(?P<a>.+?) and (?P<b>.+?) are a banned pair: a deck may hold one or the other, not both$",
     "phrase.pattern:banned_pair"),
    (r"^the Tamer\+Digi-Egg pile has (?P<n>\d+) (?P<what>Tamers|Digi-Eggs); it needs (?P<lo>\d+) to (?P<hi>\d+)$",
     "phrase.pattern:pile_count"),
    (r"^(?P<n>\d+) copies of the Tamer (?P<card>.+?) in the pile; each Tamer must have a different card number "
     r"\(1 copy each\)$", "phrase.pattern:tamer_copies"),
)]

_ORDER = {"en": 0, "es": 1, "de": 2}
_TIMING = re.compile(r"^\[(?P<timing>[^\]]+)\](?P<inherited> \(inherited\))? of (?P<card>.+)$")
_KEYWORD_OF = re.compile(r"^<(?P<keyword>[^>]+)> of (?P<card>.+)$")
_COLOUR_REQ = re.compile(r"^(?P<colours>[a-z]+(?:/[a-z]+)*) Lv\.(?P<level>\d+): cost (?P<cost>\d+)$")
_NAME_REQ = re.compile(r"^\[(?P<name>.+)\]: cost (?P<cost>\d+)$")
_KEYWORD = re.compile(r"^<[A-Z][^<>]*>$")
_LEGACY_EFFECT = re.compile(r"^(?P<op>add|base_add|multiply|divide|zero) (?P<n>\S+)$")


def _msg(key: str, lang: str, **fields) -> str:
    text = MESSAGES[key][_ORDER.get(lang, 0)]
    return text.format(**fields) if fields else text


def keyword_name(key: str) -> str:
    """``security_attack`` -> ``<Security Attack>``; ``link_plus`` -> ``<Link +>``: keywords as cards print them."""
    words = key.replace("_plus", " +").replace("_", " ").split()
    special = {"de": "De-"}
    return "<" + " ".join(special.get(w, w.capitalize()) for w in words).replace("De- ", "De-") + ">"


def translate(text, lang: str, field: str | None = None) -> str:
    """``text`` (an engine value) as ``lang`` says it; anything not known is returned as it is."""
    text = "" if text is None else str(text)
    found = _translate(text, lang, field)
    return text if found is None else found


def translatable(text, field: str | None = None) -> bool:
    """Whether :func:`translate` knows ``text`` (the tests list the engine phrases it doesn't)."""
    return _translate("" if text is None else str(text), "es", field) is not None


def _translate(text: str, lang: str, field: str | None) -> str | None:
    if _KEYWORD.match(text):  # <Reboot>, <Jamming>: keywords are printed in English everywhere
        return text
    if field == "winner_level":
        field = "level"
    if field:
        key = f"phrase.{field}:{text}"
        if key in MESSAGES:
            return _msg(key, lang)
    key = f"phrase.why:{text}"
    if key in MESSAGES:
        return _msg(key, lang)
    if field in ("keyword", "via"):
        return keyword_name(text)
    if field == "requirement":
        m = _COLOUR_REQ.match(text)
        if m:
            colours = "/".join(translate(c, lang, "colour") for c in m["colours"].split("/"))
            return _msg("phrase.requirement:colour", lang, colours=colours, level=m["level"], cost=m["cost"])
        m = _NAME_REQ.match(text)
        if m:
            return _msg("phrase.requirement:name", lang, name=m["name"], cost=m["cost"])
    if field == "effect":
        m = _TIMING.match(text)
        if m:
            timing = _TIMINGS.get(m["timing"], f"[{m['timing']}]")
            key = "phrase.timing_inherited" if m["inherited"] else "phrase.timing"
            return _msg(key, lang, timing=timing, card=m["card"])
        m = _KEYWORD_OF.match(text)
        if m:
            return _msg("phrase.timing", lang, timing=f"<{m['keyword']}>", card=m["card"])
        m = _LEGACY_EFFECT.match(text)
        if m:
            op, n = m["op"], m["n"]
            if op in ("add", "base_add") and not n.startswith("-"):
                n = "+" + n
            if op == "zero" and n == "all":
                return _msg("phrase.legacy:zero_all", lang)
            return _msg(f"phrase.legacy:{op}", lang, n=n)
    if field == "loser" and " and " in text:
        a, _, b = text.partition(" and ")
        return _msg("phrase.loser:and", lang, a=a, b=b)
    for pattern, key in PATTERNS:
        m = pattern.match(text)
        if m:
            fields = {k: v for k, v in m.groupdict().items() if v is not None}
            if "n2" in fields:
                fields["n"] = fields.pop("n2")
            if "phase" in fields:
                fields["phase"] = translate(fields["phase"], lang, "phase")
            if "what" in fields:
                fields["what"] = translate(fields["what"], lang, "what")
            return _msg(key, lang, **fields)
    return None
