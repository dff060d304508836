"""Every reference a judge can meet resolves to a clause with text in es, en and de.

The engines' refs (event log and refusals: the whole scenario suite, 200 self-play games
per ruleset, and every literal ref in the engine's source) and every ref written in a
clause, ruling, keyword, conflict or note.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from judgebase import refs
from judgebase.engine import Game, TamerTacticsGame
from judgebase.engine.decks import random_game_config, random_tamer_tactics_config
from judgebase.engine.legacy import LegacyGame, random_config as random_legacy_config
from judgebase.proofs import run_all

from conftest import ROOT

ENGINE = Path(refs.__file__).parent / "engine"
LITERAL = re.compile(r"""["']((?:CR|TT|LEG) [§\d][\w.\-§]*)["']""")


def _complete(corpus, text: str) -> bool:
    ref = refs.try_parse(text)
    clause = corpus.clauses.get(ref) if ref else None
    return clause is not None and all(clause.texts.get(l) and clause.texts[l].text.strip() for l in ("es", "en", "de"))


def _self_play_refs(games: int = 200) -> set[str]:
    seen = set()
    for cls, config in ((Game, random_game_config), (TamerTacticsGame, random_tamer_tactics_config),
                        (LegacyGame, random_legacy_config)):
        for seed in range(games):
            game = cls(config(seed)).start()
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            seen.update(e.ref for e in game.log if e.ref)
    return seen


def test_every_ref_the_engines_emit_resolves(corpus):
    emitted = set()
    for result in run_all(ROOT):
        emitted.update(e.ref for e in result.log if e.ref)
    emitted |= _self_play_refs()
    for path in ENGINE.glob("*.py"):
        emitted.update(LITERAL.findall(path.read_text(encoding="utf-8")))
    assert len(emitted) > 100
    missing = sorted(r for r in emitted if not _complete(corpus, r))
    assert not missing, f"{len(missing)} engine refs without a clause in es/en/de: {missing[:20]}"


def test_every_ref_written_in_the_sources_resolves(corpus):
    assert corpus.unresolved == []
    for ruling in corpus.rulings.values():
        assert all(_complete(corpus, str(r)) for r in ruling.cites), ruling.id
    for conflict in corpus.conflicts:
        assert all(_complete(corpus, str(r)) for r in conflict.refs), conflict.id


def test_all_official_clause_numbers_have_text_in_three_languages(corpus):
    from judgebase.corpus.load import official_numbers

    numbers = official_numbers()
    assert len(numbers) == 1132
    missing = sorted(n for n in numbers if not _complete(corpus, f"CR {n}"))
    assert missing == []


@pytest.mark.parametrize("ref", ["CR 11-2-8-1", "CR 11-6-1", "CR 6-6-3", "CR 16-8-1", "CR 15-4-4-2", "CR 15-15",
                                 "CR 16-1", "CR 4-6-3", "CR 11-2-7-2"])
def test_clauses_judges_and_the_engine_cite_most_exist(run_cli, ref):
    import json

    for lang in ("es", "en", "de"):
        result = run_cli("clause", ref, "--lang", lang, "--json")
        assert result.exit_code == 0, result.output
        data = json.loads(result.output)
        assert data["lang"] == lang and data["text"].strip()
