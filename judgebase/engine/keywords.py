"""The keyword registry: every keyword effect of the Comprehensive Rules (CR 16-4 ... 16-47), one entry each.

An entry names the keyword as a card spec writes it (``key``), as cards print it, the clause
that defines it, the form it takes in the card vocabulary, and the hooks: the engine methods
that read it (``module.method`` under ``judgebase/engine/official/``).  "Where is <Piercing>?"
is answered here.  A keyword the engine does not implement yet is listed with no hooks; a
card spec that uses it is refused with a message naming it (``cards.card_from_spec``), so it
is never silently ignored.  ``engine/README.md`` shows how to add one.
"""

from __future__ import annotations

from dataclasses import dataclass

# How a keyword appears in a card spec.
FORMS = {
    "property": "under keywords: (e.g. keywords: {blocker: true})",
    "step": "as a step of an effect (e.g. do: [{recovery: 1}])",
    "timing": "as the timing of an effect (e.g. timing: delay)",
    "effect": "under keywords:, naming the timing icon it is printed after (e.g. keywords: {blitz: when_digivolving}),"
              " carried out by the step of the same name",
    "digivolution": "as a special way to digivolve in the card spec (e.g. blast_digivolve: true)",
}
# The values a property keyword takes: a flag, a number (<Security A. +1>, <Digisorption -2>),
# a colour (<Decoy (Black)>), a text (<Overclock (trait)>), a list of card filters (<Partition (blue Lv.4 &
# green Lv.4)>), or the specified cards (<Decode (blue Lv.4)>, CR 16-3: true, or a mapping of name, trait,
# colour, level).
VALUES = ("flag", "number", "colour", "text", "cards", "card")


@dataclass(frozen=True)
class Keyword:
    key: str
    printed: str
    clause: str
    form: str = "property"
    value: str = "flag"
    hooks: tuple[str, ...] = ()

    @property
    def implemented(self) -> bool:
        return bool(self.hooks)


KEYWORDS: tuple[Keyword, ...] = (
    Keyword("security_attack", "<Security A.>", "CR 16-4", value="number",
            hooks=("battle.security_checks", "steps._step")),
    Keyword("blocker", "<Blocker>", "CR 16-5", hooks=("battle.block_problem", "keywords.keyword")),
    Keyword("recovery", "<Recovery>", "CR 16-6", form="step", value="number", hooks=("steps._step",)),
    Keyword("piercing", "<Piercing>", "CR 16-7", hooks=("battle._battle", "battle._end_attack")),
    Keyword("draw", "<Draw>", "CR 16-8", form="step", value="number", hooks=("steps._step",)),
    Keyword("jamming", "<Jamming>", "CR 16-9", hooks=("battle._battle",)),
    Keyword("digisorption", "<Digisorption>", "CR 16-10", value="number", hooks=("playing._digivolve",)),
    Keyword("reboot", "<Reboot>", "CR 16-11", hooks=("flow._phase_unsuspend",)),
    Keyword("de_digivolve", "<De-Digivolve>", "CR 16-12", form="step", value="number",
            hooks=("steps._step", "keywords._de_digivolve")),
    Keyword("retaliation", "<Retaliation>", "CR 16-13", hooks=("battle._battle", "effects._activate_pending")),
    Keyword("digi_burst", "<Digi-Burst>", "CR 16-14", form="step", value="number", hooks=("steps._step", "keywords._digi_burst")),
    Keyword("rush", "<Rush>", "CR 16-15", hooks=("battle._declaration_problem",)),
    Keyword("blitz", "<Blitz>", "CR 16-16", form="effect", value="text", hooks=("steps._step", "battle._declare_attack")),
    Keyword("delay", "<Delay>", "CR 16-17", form="timing", hooks=("actions._activation_effects", "actions._check")),
    Keyword("decoy", "<Decoy>", "CR 16-18", value="colour",
            hooks=("rule_checks._would_be_deleted", "rule_checks.save_problem")),
    Keyword("armor_purge", "<Armor Purge>", "CR 16-19",
            hooks=("rule_checks._would_be_deleted", "rule_checks.save_problem")),
    Keyword("save", "<Save>", "CR 16-20", form="step", hooks=("steps._step", "keywords._save")),
    Keyword("material_save", "<Material Save>", "CR 16-21", value="number",
            hooks=("rule_checks._delete", "keywords._material_save")),
    Keyword("evade", "<Evade>", "CR 16-22", hooks=("rule_checks._would_be_deleted", "rule_checks.save_problem")),
    Keyword("raid", "<Raid>", "CR 16-23", hooks=("battle._declare_attack", "keywords._raid")),
    Keyword("alliance", "<Alliance>", "CR 16-24",
            hooks=("battle._declare_attack", "keywords._alliance", "keywords._alliance_bonuses_hold")),
    Keyword("barrier", "<Barrier>", "CR 16-25", hooks=("rule_checks._would_be_deleted", "rule_checks.save_problem")),
    Keyword("blast_digivolve", "<Blast Digivolve>", "CR 16-26", form="digivolution",
            hooks=("special.blast_problem", "battle._counter_timing")),
    Keyword("fortitude", "<Fortitude>", "CR 16-27", hooks=("rule_checks._trigger_deleted", "effects._activate_pending")),
    Keyword("mind_link", "<Mind Link>", "CR 16-28", form="step", hooks=("steps._step", "keywords._mind_link")),
    Keyword("partition", "<Partition>", "CR 16-29", value="cards",
            hooks=("rule_checks._delete", "steps._step", "keywords._partition")),
    Keyword("collision", "<Collision>", "CR 16-30", hooks=("keywords._collision_active", "keywords.keyword")),
    Keyword("blast_dna_digivolve", "<Blast DNA Digivolve>", "CR 16-31", form="digivolution",
            hooks=("special.blast_dna_problem", "battle._counter_timing")),
    Keyword("scapegoat", "<Scapegoat>", "CR 16-32", hooks=("rule_checks._would_be_deleted", "rule_checks.save_problem")),
    Keyword("vortex", "<Vortex>", "CR 16-33",
            hooks=("flow._end_of_turn", "keywords._keyword_attack", "battle._declaration_problem", "battle._target_problem")),
    Keyword("overclock", "<Overclock>", "CR 16-34", value="text",
            hooks=("flow._end_of_turn", "keywords._overclock", "battle._declaration_problem", "battle._target_problem")),
    Keyword("iceclad", "<Iceclad>", "CR 16-35", hooks=("battle._battle",)),
    Keyword("decode", "<Decode>", "CR 16-36", value="card",
            hooks=("rule_checks._leave_candidates", "rule_checks.leave_problem", "rule_checks._keep_from_leaving")),
    Keyword("fragment", "<Fragment>", "CR 16-37", value="number",
            hooks=("rule_checks._save_decision", "rule_checks.save_problem", "rule_checks._fragment")),
    Keyword("execute", "<Execute>", "CR 16-38",
            hooks=("flow._end_of_turn", "keywords._keyword_attack", "battle._may_attack_unsuspended", "battle._end_attack")),
    Keyword("progress", "<Progress>", "CR 16-39", hooks=("targets.effect_target_problem",)),
    Keyword("link_plus", "<Link +>", "CR 16-40", value="number", hooks=("special.link_limit",)),
    Keyword("training", "<Training>", "CR 16-41",
            hooks=("actions._activation_effects", "actions.training_problem", "actions._training")),
    Keyword("use_req", "<Use Req.>", "CR 16-42", value="card",
            hooks=("playing._colour_problem", "playing._use_req_holder", "playing._colour_requirement_met")),
    Keyword("ascension", "<Ascension>", "CR 16-43",
            hooks=("rule_checks._trigger_deleted", "effects._activate_pending", "keywords._ascension")),
    Keyword("engage", "<Engage>", "CR 16-44",
            hooks=("flow._end_of_turn", "keywords._keyword_attack", "battle._declare_attack")),
    Keyword("guard", "<Guard>", "CR 16-45",
            hooks=("rule_checks._leave_candidates", "rule_checks.leave_problem", "rule_checks._keep_from_leaving")),
    Keyword("detach", "<Detach>", "CR 16-46", value="card",
            hooks=("rule_checks._leave_candidates", "rule_checks.leave_problem", "rule_checks._keep_from_leaving")),
    Keyword("succession", "<Succession>", "CR 16-47", value="card",
            hooks=("keywords.succession_card", "keywords._keyword_values", "keywords._succession_check",
                   "effects._trigger_on", "effects._watching", "effects._pending_lost", "actions._activation_effects",
                   "rule_checks._trigger_deleted", "persistent._parts_under")),
)

BY_KEY = {k.key: k for k in KEYWORDS}


def implemented(form: str = "property") -> dict[str, str]:
    """Implemented keywords of one form, key -> clause."""
    return {k.key: k.clause for k in KEYWORDS if k.form == form and k.implemented}


def not_implemented() -> list[Keyword]:
    return [k for k in KEYWORDS if not k.implemented]
