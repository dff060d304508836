"""Turn log events into the sentences a judge would say at the table, clause by clause."""

from __future__ import annotations

import re

from .state import Event

_TEMPLATES = {
    "phase": "{who} enters the {phase} phase",
    "turn_start": "{who} starts turn {turn}",
    "turn_end": "{who}'s turn {turn} ends",
    "turn_end_conditions": "the memory is on the opponent's side ({memory}) with nothing pending: the turn ends",
    "turn_end_postponed": "the memory came back to {who}'s side ({memory}): the turn goes on",
    "draw": "{who} draws {cards}",
    "no_draw": "{who} goes first and doesn't draw on the first turn",
    "memory": "memory on {who}'s side goes from {before} to {after} ({why})",
    "pass": "{who} passes",
    "hatch": "{who} hatches {card}",
    "move": "{who} moves {card} to the battle area",
    "play_declared": "{who} reveals {card} to play it",
    "played": "{card} is placed on the field, unsuspended",
    "digivolve_declared": "{who} reveals {card} to digivolve {onto} ({requirement})",
    "digivolved": "{card} digivolves; it keeps its orientation",
    "dna_declared": "{who} reveals {card} to DNA digivolve {materials}",
    "dna_digivolved": "{card} is stacked from the materials with the new card on top, unsuspended, as a new Digimon",
    "burst_declared": "{who} reveals {card} to Burst digivolve {onto}",
    "burst_digivolved": "{card} Burst digivolves",
    "burst_top_trashed": "at the end of the turn the top card {card} is trashed; the Digimon is now {now}",
    "to_hand": "{card} returns to the hand",
    "link_declared": "{who} links {card} to {onto}",
    "linked": "{card} is plugged into {onto} (+{link_dp} DP)",
    "link_limit": "{card} is at its link limit: {trashed} is trashed",
    "app_fusion_declared": "{who} App Fuses {onto} and its link card {link} into {card}",
    "app_fused": "the link card goes on top of the Digimon and {card} on top of it",
    "digixros": "DigiXros: {placed} card(s) go under {card}; the cost becomes {cost}",
    "assembly": "Assembly: {placed} cards from the trash go under {card}; the cost becomes {cost}",
    "arts_digivolve": "Arts Digivolve: instead of being trashed, the DUAL card goes on top of {card} for free",
    "blast_digivolve": "<Blast Digivolve>: {card} digivolves for free at counter timing",
    "attack": "{who} suspends {attacker} to attack {target}",
    "attack_player": "{who} suspends {attacker} to attack the opponent",
    "block": "{who} suspends {blocker} to block; it becomes the attack target",
    "counter": "{who} uses {card} at counter timing",
    "security_check": "{attacker} checks {cards} security card(s)",
    "security_reveal": "{who}'s top security card is revealed: {card}",
    "security_effect": "{card}'s [Security] effect activates at once",
    "battle": "battle: {detail}",
    "deleted": "{card} is deleted",
    "not_deleted": "{card} is not deleted ({why})",
    "trash": "{card} goes to the trash",
    "activate": "{who} activates {effect}",
    "end_of_attack": "the attack by {attacker} ends",
    "attack_fails": "the attack fails: {why}",
    "win": "{who} wins: {why}",
    "piercing": "<Piercing>: {attacker} checks security before the attack ends",
    # legacy (Hyper Colosseum)
    "attack_value": "{who}'s attack value for technique {technique}: {value}",
    "option_used": "{who} uses {card}",
    "attack_mod": "{card}: {effect} makes {who}'s attack {attack}",
    "resolved": "{card} resolved: attacks P1 {attack_p1}, P2 {attack_p2}",
    "battle_result": "battle result: {result} (P1 {attack_p1}, P2 {attack_p2})",
    "point_gauge": "{who} starts with {points} points",
    "game_end": "the game ends: {why}",
    "deck_problem": "deck check: {message}",
    "deck_legal": "deck check: the list is legal",
    "deck_not_legal": "deck check: the list is not legal",
    "no_battle": "no battle with {target}: {why}",
    "last_tamer_kept": "{who} keeps {card}: the last Tamer stays",
    "last_tamer_immune": "{card} is {who}'s last Tamer: the opponent's removal can't choose it",
    "joins_group": "{card} joins {tamer}'s group",
    "protected": "{who} declares {card} the protected card of the turn",
}


def _fmt(value) -> str:
    text = str(value)
    return re.sub(r"@\d+", "", text)


def describe(event: Event) -> str:
    """One sentence for one event, ending with the clause that caused it."""
    who = f"P{event.player + 1}" if event.player is not None else "the game"
    data = {k: _fmt(v) for k, v in event.data.items()}
    if event.kind == "battle":
        if "security_digimon" in data:
            data["detail"] = (f"{data.get('attacker')} ({data.get('attacker_dp')} DP) against the Security Digimon "
                              f"{data.get('security_digimon')} ({data.get('security_dp')} DP); loser: {data.get('loser')}")
        else:
            data["detail"] = (f"{data.get('attacker')} ({data.get('attacker_value')}) against {data.get('defender')} "
                              f"({data.get('defender_value')}); loser: {data.get('loser')}")
    if event.kind == "draw":
        n = int(event.data.get("cards", 0))
        data["cards"] = "a card" if n == 1 else f"{n} cards"
    kind = "attack_player" if event.kind == "attack" and data.get("target") == "player" else event.kind
    template = _TEMPLATES.get(kind)
    try:
        sentence = template.format(who=who, **data) if template else None
    except KeyError:
        sentence = None
    if sentence is None:
        details = ", ".join(f"{k} {v}" for k, v in data.items() if v not in ("None", ""))
        sentence = f"{who}: {event.kind.replace('_', ' ')}" + (f" ({details})" if details else "")
    return f"{sentence[0].upper()}{sentence[1:]}  [{event.ref}]"
