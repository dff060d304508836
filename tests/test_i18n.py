"""Every word of the interface in es, en and de: the catalogue, the choice of language, the pages,
the command line, and a judge's sentence for every event the engines emit."""

from __future__ import annotations

import ast
import asyncio
import json
import random
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest

from judgebase import i18n
from judgebase.i18n.events import translatable

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "judgebase" / "engine"


# ------------------------------------------------------------------ the catalogue ----
def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_message_has_es_en_de_with_the_same_placeholders():
    table = i18n.catalogue(events=True, help=True)
    assert len(table) > 400
    bad = []
    for key, entry in table.items():
        if len(entry) != 3 or not all(isinstance(x, str) and x.strip() for x in entry):
            bad.append(f"{key}: needs en, es and de")
        elif len({frozenset(_fields(x)) for x in entry}) != 1:
            bad.append(f"{key}: placeholders differ {[sorted(_fields(x)) for x in entry]}")
    assert not bad, "\n".join(bad)


def test_counted_messages_come_in_pairs():
    keys = set(i18n.catalogue(events=True, help=True))
    for key in keys:
        if key.endswith(".one"):
            assert key[:-4] + ".other" in keys, key


def test_the_catalogue_costs_a_clause_lookup_nothing():
    code = ("import sys, judgebase.cli, judgebase.i18n, judgebase.render; "
            "heavy = [m for m in ('judgebase.i18n.events', 'jinja2', 'whoosh', 'datasette', 'babel') if m in sys.modules]; "
            "print(heavy)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip()
    assert out == "[]"


def test_the_notices_speak_each_language():
    assert "japonés" in i18n.prevails("es") and "japanische" in i18n.prevails("de") and "Japanese" in i18n.prevails("en")
    assert i18n.renumbered("en", "4.0", "3-4-4", "3-4-6", "renumbered") == "CR 3-4-4 of Ver. 4.0 is CR 3-4-6 in Ver. 4.2 (renumbered)."
    assert i18n.renumbered("de", "4.0", "6-1-4", "6-1-4", "same").endswith("(gleiche Nummer).")
    assert i18n.history_kind("updated", "es") == "actualizada" and i18n.history_kind("unknown-kind", "de") == "unknown-kind"
    assert i18n.version_label() == "CR Ver. 4.2, 2026-08-18"


# ------------------------------------------------------------- choosing a language ----
@pytest.mark.parametrize("env, expected", [
    ({"JUDGEBASE_LANG": "es"}, "es"),
    ({"JUDGEBASE_LANG": "de_AT.UTF-8", "LANG": "es_ES.UTF-8"}, "de"),
    ({"JUDGEBASE_LANG": "fr", "LANG": "de_DE.UTF-8"}, "de"),  # an unsupported choice falls through
    ({"LANG": "es_ES.UTF-8"}, "es"),
    ({"LC_ALL": "de_DE.UTF-8", "LANG": "es_ES.UTF-8"}, "de"),
    ({"LANGUAGE": "fr:de", "LANG": "es_ES.UTF-8"}, "de"),
    ({"LC_MESSAGES": "C.UTF-8", "LANG": "es_ES.UTF-8"}, "en"),  # the first locale variable set decides
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "POSIX"}, "en"),
    ({}, "en"),
])
def test_the_command_lines_language(env, expected):
    assert i18n.from_env(env) == expected


@pytest.mark.parametrize("header, expected", [
    ("de-DE,de;q=0.9,en;q=0.8", "de"),
    ("fr-FR, es;q=0.5, en;q=0.4", "es"),
    ("en;q=0.2, de;q=0.7", "de"),
    ("es;q=0, de", "de"),
    ("fr, it", None),
    ("", None),
    (";;;q=x,,", None),
])
def test_accept_language(header, expected):
    assert i18n.from_accept_language(header) == expected


# ------------------------------------------------------------------- the web pages ----
@pytest.fixture(scope="module")
def ds(db_path):
    from datasette.app import Datasette

    return Datasette(immutables=[str(db_path)])


def get(ds, path, **headers):
    return asyncio.run(ds.client.get(path, headers=headers))


def visible(html: str, lang: str) -> str:
    """What a reader of ``lang`` sees: no hidden element, no text declared in another language, no tags."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    for tag in ("section", "div", "span", "blockquote"):
        html = re.sub(rf"<{tag}\b[^>]*\shidden\b[^>]*>.*?</{tag}>", " ", html, flags=re.S)
        html = re.sub(rf'<{tag}\b[^>]*\slang="(?!{lang}")[a-z]+"[^>]*>.*?</{tag}>', " ", html, flags=re.S)
    labels = " ".join(re.findall(r'(?:aria-label|title|placeholder)="([^"]*)"', html))
    html = re.sub(r"<[^>]+>", " ", html)
    return re.sub(r"\s+", " ", html + " " + labels)


COMMON = ["Search", "Keywords", "Glossary", "Coverage", "Tables &amp; SQL", "rules for judges", "Language"]
#: Per page kind: English words of its interface, and a path to one such page.
PAGES = {
    "home": ("/", ["Rules and rulings, at the table", "Type a clause number", "Ruleset", "Legacy (Hyper Colosseum)"]),
    "search": ("/search?q=blocker+target", ["ruling", "clause", "proven", "Ruleset"]),
    "clause": ("/clause/CR-8-2-2-1-1", ["Rulings citing it", "Source", "Also in", "Numbered and worded by",
                                        "Checked against", "official English text", "paraphrase", "Breadcrumbs", "proven"]),
    "clause with history and conflicts": ("/clause/CR-4-6-2", ["Update history", "Recorded conflict", "sources disagree",
                                                               "updated", "seed"]),
    "clause with sub-clauses": ("/clause/CR-16-16", ["Sub-clauses", "source against the official text"]),
    "ruling": ("/ruling/off-000-faq-01-block-own-target",
               ["Cites", "Proof", "Scenario", "Source", "proven", "ruling", "enters the main phase", "suspends",
                "is deleted", "Battle", "The Digimon that is the attack target", "Before the first action",
                "After the last action", "Security", "Memory", "Breeding area", "Battle area", "suspended",
                "What happens, step by step"]),
    "keywords": ("/keywords", ["Keyword effects", "Clause", "Summary", "conflict"]),
    "glossary": ("/glossary", ["Game terms in Spanish"]),
    "coverage": ("/coverage", ["Proof coverage", "Chapter", "Proven", "Not testable", "Gaps", "heading",
                               "passing scenarios count", "A clause is proven"]),
    "clause proven by scenarios": ("/clause/CR-16-16-1", ["Scenarios that prove it", "not tied to a ruling"]),
    "clause not testable": ("/clause/CR-1-1", ["Scenarios that prove it", "Not testable:", "heading"]),
    "not found": ("/clause/CR-99-9", ["No clause", "in the knowledge base"]),
}


def _has(text: str, label: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(label)}(?![\w-])", text) is not None


@pytest.mark.parametrize("kind", sorted(PAGES))
def test_a_spanish_page_has_no_english_interface_word(ds, kind):
    path, labels = PAGES[kind]
    sep = "&" if "?" in path else "?"
    english = visible(get(ds, f"{path}{sep}lang=en").text, "en")
    spanish_html = get(ds, f"{path}{sep}lang=es").text
    spanish = visible(spanish_html, "es")
    assert '<html lang="es">' in spanish_html
    for label in COMMON + labels:
        assert _has(english, label), f"{kind}: {label!r} missing from the English page"
        assert not _has(spanish, label), f"{kind}: {label!r} left on the Spanish page"


def test_spanish_and_german_words_are_there(ds):
    es = visible(get(ds, "/clause/CR-8-2-2-1-1?lang=es").text, "es")
    for word in ("Buscar", "Resoluciones que la citan", "Fuente", "Palabras clave", "probada"):
        assert word in es
    ruling = visible(get(ds, "/ruling/off-000-faq-01-block-own-target?lang=de").text, "de")
    for word in ("Zitierte Klauseln", "Beweis", "Quelle", "bewiesen", "Hauptphase", "wird gelöscht", "[CR 14-2-2]"):
        assert word in ruling
    # The titles in the "Cites" list are in the page's language too.
    assert "El objetivo del ataque no puede bloquear" in visible(get(ds, "/ruling/off-000-faq-01-block-own-target?lang=es").text, "es")


def test_accept_language_de_gives_german(ds):
    r = get(ds, "/keywords", **{"accept-language": "de-DE,de;q=0.9,en;q=0.5"})
    assert '<html lang="de">' in r.text and "Schlüsselwort-Effekte" in r.text and "Keyword effects" not in r.text
    assert "Accept-Language" in r.headers.get("vary", "")
    assert '<html lang="en">' in get(ds, "/keywords", **{"accept-language": "fr-FR"}).text


def test_the_switch_beats_the_browser_and_is_remembered(ds):
    r = get(ds, "/glossary?lang=es", **{"accept-language": "de"})
    assert '<html lang="es">' in r.text and "jb_lang=es" in r.headers.get("set-cookie", "")
    remembered = get(ds, "/glossary", **{"accept-language": "de", "cookie": "jb_lang=es"})
    assert '<html lang="es">' in remembered.text
    assert '<html lang="en">' in get(ds, "/glossary?lang=en", cookie="jb_lang=es").text


def test_a_spanish_question_on_the_default_page_is_answered_in_spanish(ds):
    home = get(ds, "/", **{"accept-language": "en-US,en;q=0.9"}).text
    assert 'name="lang"' not in home  # the search box doesn't pin the page's language on the query
    r = get(ds, "/search?q=bloquear+con+el+digimon+atacado", **{"accept-language": "en-US,en;q=0.9"})
    page = visible(r.text, "es")
    assert '<html lang="es">' in r.text
    assert "Buscar" in page and "resolución" in page and "probada" in page
    assert "¿Puedo bloquear el ataque" in page  # the answers themselves in Spanish
    assert "jb_lang" not in r.headers.get("set-cookie", "")  # a guess is not a choice: nothing remembered
    # A German question, a German page; the judge's remembered switch still wins over the query.
    assert '<html lang="de">' in get(ds, "/search?q=Bonuskarte+beim+Digitieren").text
    assert '<html lang="en">' in get(ds, "/search?q=bloquear+con+el+digimon+atacado", cookie="jb_lang=en").text


def test_the_language_a_results_page_answered_in_carries_over_to_the_ruling(ds):
    english_browser = {"accept-language": "en-US,en;q=0.9"}
    results = get(ds, "/search?q=bloquear+con+el+digimon+atacado", **english_browser).text
    links = re.findall(r'<a class="title" href="([^"]+)"', results)
    assert links and all(link.endswith("?query_lang=es") for link in links)
    assert "/ruling/off-000-faq-01-block-own-target?query_lang=es" in links
    r = get(ds, "/ruling/off-000-faq-01-block-own-target?query_lang=es", **english_browser)
    page = visible(r.text, "es")
    assert '<html lang="es">' in r.text and "¿Puedo bloquear el ataque" in page
    assert "Cláusulas citadas" in page and "Buscar" in page and "Cites" not in page
    assert "jb_lang" not in r.headers.get("set-cookie", "")  # still a guess: nothing remembered
    # ... and on along the ruling's links: a cited clause answers in Spanish too.
    cited = re.findall(r'<ul class="cites"><li><a href="([^"]+)"', r.text)[0]
    assert cited.endswith("?query_lang=es")
    assert '<html lang="es">' in get(ds, cited, **english_browser).text
    # The judge's switch (remembered) beats it, and a page whose language the judge chose carries nothing.
    assert '<html lang="de">' in get(ds, "/ruling/off-000-faq-01-block-own-target?query_lang=es", cookie="jb_lang=de").text
    chosen = get(ds, "/search?q=bloquear+con+el+digimon+atacado&lang=es").text
    assert "query_lang" not in chosen and '<html lang="es">' in chosen
    assert "query_lang" not in get(ds, "/search?q=blocker+target", **english_browser).text  # English: no guess needed
    # Without it, the same ruling follows the browser, as before.
    assert '<html lang="en">' in get(ds, "/ruling/off-000-faq-01-block-own-target", **english_browser).text


def test_a_number_jumps_to_the_clause_without_pinning_a_language(ds):
    r = get(ds, "/search?q=6-1-4")
    assert r.status_code == 302 and r.headers["location"] == "/clause/CR-6-1-4"
    assert get(ds, "/search?q=6-1-4&lang=de").headers["location"] == "/clause/CR-6-1-4?lang=de"


def test_errors_speak_the_page_language(ds):
    assert "No hay ninguna cláusula CR-99-9" in get(ds, "/clause/CR-99-9?lang=es").text
    assert "nichts zu suchen" in get(ds, "/search?q=%22%27()&lang=de").text


def test_the_stored_proof_log_has_every_language(db):
    row = db.conn.execute("select log from scenario_runs where ruling = 'off-000-faq-01-block-own-target'").fetchone()
    log = json.loads(row[0])
    for texts, ref in log:
        assert set(texts) == {"es", "en", "de"} and all(t.endswith(f"  [{ref}]") for t in texts.values())


# --------------------------------------------------------------- the static export ----
@pytest.fixture(scope="module")
def exported(db_path, tmp_path_factory):
    from judgebase.web.export import export_site

    out = tmp_path_factory.mktemp("export") / "site"
    export_site(db_path, out, lang="es")
    return out


def test_the_static_export_shows_the_chosen_language_and_keeps_the_others_for_the_switch(exported):
    for page, labels in (("index.html", ["Search", "Rules and rulings, at the table", "Keywords"]),
                         ("clause/CR-8-2-2-1-1.html", ["Rulings citing it", "Source", "Sub-clauses"]),
                         ("ruling/off-000-faq-01-block-own-target.html", ["Cites", "Proof", "suspends", "proven"])):
        html = (exported / page).read_text(encoding="utf-8")
        assert '<html lang="es">' in html and 'data-lang="es"' in html
        shown = visible(html, "es")
        for label in labels:
            if label != "Sub-clauses" or "Subcláusulas" in shown:
                assert not _has(shown, label), f"{page}: {label!r} shown on the Spanish export"
        # ...but the English and German words are in the page, hidden, for the offline switch.
        assert re.search(r'<span data-lang="en" hidden>(Search|Rulings citing it|Cites)</span>', html), page
        assert re.search(r'<span data-lang="de" hidden>(Suchen|Entscheidungen, die sie zitieren|Zitierte Klauseln)</span>', html)
    words = (exported / "static" / "words.js").read_text(encoding="utf-8")
    table = json.loads(words.removeprefix("window.JB_WORDS = ").rstrip().rstrip(";"))
    assert table["status.proven"] == {"es": "probada", "en": "proven", "de": "bewiesen"}
    assert "{query}" in table["js.no_results"]["es"]


def test_the_export_command_takes_the_users_language(tmp_path, db_path, monkeypatch):
    from click.testing import CliRunner

    from judgebase.cli import cli

    monkeypatch.setenv("JUDGEBASE_LANG", "de")
    out = tmp_path / "site"
    result = CliRunner().invoke(cli, ["site", "export", str(out), "--db", str(db_path)])
    assert result.exit_code == 0 and "Seiten" in result.output
    assert '<html lang="de">' in (out / "index.html").read_text(encoding="utf-8")


# ---------------------------------------------------------------- the command line ----
def test_clause_and_ruling_follow_judgebase_lang(run_cli, monkeypatch):
    monkeypatch.setenv("JUDGEBASE_LANG", "es")
    out = run_cli("clause", "8-2-2-1-1").output
    assert "Resoluciones que la citan" in out and "probada" in out and "Rulings citing it" not in out
    assert "Siempre sin suspender" in out  # the text too
    ruling = run_cli("ruling", "off-000-faq-01-block-own-target").output
    assert "Cláusulas citadas" in ruling and "Fuente:" in ruling and "¿Puedo bloquear" in ruling
    assert "Cites" not in ruling
    english = run_cli("clause", "8-2-2-1-1", "--lang", "en").output  # --lang beats the environment
    assert "Rulings citing it" in english


def test_clause_follows_the_locale_when_judgebase_lang_is_unset(run_cli, monkeypatch):
    monkeypatch.delenv("JUDGEBASE_LANG")
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    out = run_cli("clause", "6-1-4").output
    assert "Entscheidungen, die sie zitieren" in out and "japanische Text" in out
    error = run_cli("clause", "6-1-9")
    assert error.exit_code == 1 and "Fehler:" in error.output and "Am nächsten:" in error.output


def test_search_labels_follow_the_answers(run_cli):
    out = run_cli("search", "bloquear", "con", "el", "digimon", "atacado").output
    assert "resolución" in out and "resultados · idioma es" in out
    assert "ergebnisse" in run_cli("search", "Bonuskarte", "beim", "Digitieren").output.lower()


def _explain(*args, env=None):
    from click.testing import CliRunner

    from judgebase.cli import cli

    return CliRunner().invoke(cli, ["explain", *args], env=env, catch_exceptions=False)


@pytest.mark.parametrize("lang, words", [
    ("es", ["¿Puedo bloquear", "entra en la fase principal", "suspende a guard para bloquear", "es eliminado",
            "CORRECTO: 5 pasos", "resolución: off-000-faq-01-block-own-target"]),
    ("de", ["Kann ich einen Angriff", "beginnt die Hauptphase", "zum Blocken", "wird gelöscht",
            "BESTANDEN: 5 Schritte", "Entscheidung: off-000-faq-01-block-own-target"]),
])
def test_explain_a_ruling_id_in_each_language(lang, words):
    result = _explain("off-000-faq-01-block-own-target", "--lang", lang)
    assert result.exit_code == 0, result.output
    for word in words:
        assert word in result.output, word
    steps = [line for line in result.output.splitlines() if re.match(r"\s*\d+\. ", line)]
    assert steps and all(re.search(r"  \[(CR|TT|LEG) [^\]]+\]$", line) for line in steps)
    for english in ("enters the", "suspends", "is deleted", "PASS"):
        assert english not in result.output


def test_explain_a_file_and_a_ruling_id_print_the_same_steps():
    scenario = ROOT / "rulings/official/scenarios/off-000-faq-01-block-own-target.yaml"
    by_file = _explain(str(scenario), env={"JUDGEBASE_LANG": "de"}).output
    by_id = _explain("off-000-faq-01-block-own-target", "--lang", "de").output
    assert by_file == by_id


def test_explain_an_unknown_ruling_suggests(monkeypatch):
    result = _explain("off-000-faq-01-block-own-targt")
    assert result.exit_code == 1 and "Nearest: off-000-faq-01-block-own-target" in result.output
    assert _explain("missing/scenario.yaml").exit_code == 2


# -------------------------------------------------------- a sentence for every event ----
def _static_kinds() -> set[str]:
    """Every event kind the engines emit by name (``self.emit("kind", …)``)."""
    kinds = set()
    for path in ENGINE.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "emit"
                    and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
                kinds.add(node.args[0].value)
    return kinds


@pytest.fixture(scope="module")
def emitted():
    """Events of every scenario and of some self-play in each ruleset (kinds whose name is built at run time too)."""
    from judgebase.engine import Game, TamerTacticsGame
    from judgebase.engine.decks import random_game_config, random_tamer_tactics_config
    from judgebase.engine.legacy import LegacyGame, random_config
    from judgebase.proofs import scenario_files
    from judgebase.scenarios.loader import run

    events = []
    for path in scenario_files(ROOT):
        events += run(path).log
    for game_cls, config in ((Game, random_game_config), (TamerTacticsGame, random_tamer_tactics_config),
                             (LegacyGame, random_config)):
        for seed in range(20):
            game, rng, steps = game_cls(config(seed)).start(), random.Random(seed), 0
            while not game.is_over and steps < 5000:
                game.apply(rng.choice(game.legal_actions()))
                steps += 1
            events += game.log
    return events


def test_every_event_kind_has_a_judges_sentence_in_es_en_de(emitted):
    from judgebase.engine.narrate import variant

    kinds = _static_kinds() | {e.kind for e in emitted}
    assert len(kinds) >= 143
    keys = set(i18n.catalogue(events=True))
    missing = sorted(k for k in kinds if not any(key == f"event.{k}" or key.startswith(f"event.{k}.") for key in keys))
    assert not missing, f"no sentence for: {missing}"
    for event in emitted:
        assert i18n.has(variant(event)), variant(event)


def test_every_emitted_event_reads_as_a_sentence_with_its_clause(emitted):
    from judgebase.engine.narrate import TRANSLATED, describe, sentence

    seen, untranslated = set(), set()
    for event in emitted:
        key = (event.kind, tuple(sorted(event.data)), event.player is None)
        if key in seen and event.kind not in ("memory", "to_darkness", "win", "deck_problem", "activate"):
            continue
        seen.add(key)
        for lang in ("es", "en", "de"):
            text = sentence(event, lang)
            assert text, (event, lang)
            assert "{" not in text and "None" not in text, (event, lang, text)
            assert describe(event, lang).endswith(f"  [{event.ref}]")
        for field, value in event.data.items():
            value = str(value)
            if field in TRANSLATED and value not in ("None", "") and not re.search(r"@\d|^-?\d+$", value):
                if not translatable(value, field):
                    untranslated.add((event.kind, field, value))
    assert not untranslated, f"engine phrases without es/de words: {sorted(untranslated)[:20]}"


def test_the_engine_phrases_are_said_in_the_language_asked():
    from judgebase.engine.narrate import describe
    from judgebase.engine.state import Event

    memory = Event("memory", "CR 8-1-3-2", 0, {"before": 4, "after": 2, "why": "digivolve into Greymon"})
    assert describe(memory, "es") == "La memoria del lado de P1 pasa de 4 a 2 (digivolucionar a Greymon)  [CR 8-1-3-2]"
    assert describe(memory, "de") == "Der Speicher auf der Seite von P1 geht von 4 auf 2 (zu Greymon digitieren)  [CR 8-1-3-2]"
    win = Event("win", "LEG 3.2.5.8", 1, {"why": "P1's points reached 0"})
    assert describe(win, "es") == "P2 gana: los puntos de P1 llegaron a 0  [LEG 3.2.5.8]"
    odd = Event("a_kind_from_tomorrow", "CR 1-1", None, {"card": "x@3"})
    assert describe(odd, "de") == "Das Spiel: a kind from tomorrow (card x)  [CR 1-1]"  # never a crash


# ------------------------------------------------- notices about the default database ----
def test_rebuild_notices_speak_the_users_language(tmp_path, monkeypatch):
    from judgebase import defaults

    broken = tmp_path / "judgebase.db"
    broken.write_bytes(b"not a database at all" * 100)
    monkeypatch.setenv("JUDGEBASE_LANG", "es")
    assert defaults.damage(broken).startswith("no se puede leer la base de datos")
    monkeypatch.setenv("JUDGEBASE_LANG", "de")
    assert defaults.damage(broken).startswith("die Datenbank kann nicht gelesen werden")
    monkeypatch.setenv("JUDGEBASE_SOURCE", str(tmp_path / "nowhere"))
    with pytest.raises(defaults.NoSources) as info:
        defaults.source_root()
    assert "kein Ordner rules/" in str(info.value) and "JUDGEBASE_SOURCE" in str(info.value)
    monkeypatch.setenv("JUDGEBASE_LANG", "es")  # a damaged database can't be kept: say where to build instead
    with pytest.raises(defaults.CannotBuild) as info:
        defaults._unwritable(broken, PermissionError(13, "Permission denied"), print)
    assert str(info.value).startswith("no se puede construir la base de datos de reglas en") and "--db PATH" in str(info.value)


# ------------------------------------------------------------------ deck checks ----
DECKS = ROOT / "tests" / "decks"
#: Lines and JSON entries that reach every kind of unreadable-line message.
JUNK_TEXT = "\n".join([
    "Digimon (3)", "4 Agumon BT1-010", "4 Agumon", "4 Agumn BT1-O10", "Agumon BT1-010", "0 BT1-011", "4 BT1-012 BT1-013",
    "hello there", "150 Agumon BT1-010", "4", "4 Gear Token", "4 Agu\x07mon BT1-014", "1 Tamer Six", "1 Tamer One",
    "Digi-Egg deck", "5 Koromon BT1-001", "1 BT1-084", "1 BT1-084", "3 BT1-099", "4x", "4 Twin", "4 Gabumon BT1-010",
    "Digimon", "1 Koromon BT1-002", "Tamer+Digi-Egg pile", "1 BT1-091",
])
JUNK_JSON = json.dumps({
    "format": "tamer tactics", "digimon": [
        {"count": 4, "number": "BT1-010"}, {"count": 0, "number": "BT1-011"}, {"count": "4", "number": "BT1-012"},
        {"count": 4, "number": "XX"}, {"count": 4}, {"count": 4, "name": "Gear Token"}, {"count": 1000, "number": "BT1-013"},
        {"count": 4, "number": "BT1-014", "section": "sideboard"}, {"count": 4, "number": "BT1-015", "category": "land"},
        {"count": 4, "number": "BT1-016", "name": 5.5}, {"count": 4, "number": "BT1-017", "name": ["x"]}, 7,
        "4 Agumon BT1-018", "hello there", {"count": 4, "number": "BT1-\ud800"},
        {"count": 1, "number": "BT1-020", "category": "Token"}],
    "sideboard": [], "eggs": "none"})


def _deck_results():
    from judgebase import deck as decklib

    cards = decklib.load_cards(DECKS / "cards.csv")
    cards.update({n: decklib.Card(n, "Twin", "Digimon", 3, None) for n in ("BT2-001", "BT2-002")})  # one name, two cards
    restrictions = decklib.load_restrictions(DECKS / "restrictions.yaml")
    texts = {p.name: p.read_text(encoding="utf-8") for p in sorted(DECKS.iterdir()) if p.suffix in (".txt", ".json")}
    texts.update({"junk lines": JUNK_TEXT, "junk json": JUNK_JSON, "the same line 12 times": "4 Agumon BT1-010\n" * 12})
    for name, text in texts.items():
        for fmt in decklib.FORMATS:
            for with_cards in (None, cards):
                for listed in (None, restrictions):
                    yield name, decklib.check_text(text, name, fmt, with_cards, listed)


def test_every_deck_check_message_is_said_in_es_en_de():
    seen = set()
    for name, result in _deck_results():
        for item in result.problems + result.warnings:
            assert item.said is not None, f"{name}: {item.message!r} has no catalogue entry"
            assert item.say("en") == item.message  # the JSON output keeps its English message
            for lang in ("es", "de"):
                assert item.say(lang) != item.message, f"{name}: {item.message!r} untranslated ({lang})"
            seen.update(_keys(item.said))
        from judgebase.deck import summary_line

        assert summary_line(result, "en") != summary_line(result, "de")
    # The messages of problems and warnings these lists reach: all but the few that need a huge or odd list.
    messages = {k for k in i18n.catalogue("deck.") if k.split(".")[1] in ("junk", "json", "note", "size", "copies",
                                                                          "unknown", "category", "token", "banned")}
    rare = {"deck.junk.surrogate", "deck.note.capped", "deck.size.pile_eggs", "deck.unknown.main"}
    assert messages - rare <= seen, sorted(messages - rare - seen)


def _keys(said) -> set:
    from judgebase.deck import Said

    return {said.key}.union(*(_keys(v) for v in said.fields.values() if isinstance(v, Said)))


def test_deck_check_speaks_the_chosen_language_and_keeps_json_english(run_cli, monkeypatch):
    args = ["deck", "check", str(DECKS / "tt_bad.txt"), "--format", "tamer_tactics",
            "--restrictions", str(DECKS / "restrictions.yaml")]
    english = run_cli(*args, "--lang", "en", db=False)
    spanish = run_cli(*args, "--lang", "es", db=False)
    assert english.exit_code == spanish.exit_code == 1
    assert spanish.output.startswith("NO LEGAL  ") and "10 problema(s):" in spanish.output
    assert "lista de restricciones: " in spanish.output and "[TT §1.3; lista de restricciones (" in spanish.output
    from judgebase import deck as decklib

    result = decklib.check_text((DECKS / "tt_bad.txt").read_text(encoding="utf-8"), str(DECKS / "tt_bad.txt"),
                                "tamer_tactics", None, decklib.load_restrictions(DECKS / "restrictions.yaml"))
    for p in result.problems:
        assert p.message in english.output and p.message not in spanish.output
        assert p.say("es") in spanish.output
    assert json.loads(run_cli(*args, "--json", "--lang", "es", db=False).output) == \
        json.loads(run_cli(*args, "--json", "--lang", "en", db=False).output)
    monkeypatch.setenv("JUDGEBASE_LANG", "de")  # no --lang: the user's language
    german = run_cli(*args, db=False)
    assert german.output.startswith("NICHT LEGAL  ") and "Tamer+Digi-Egg-Stapel 8" in german.output
    missing = run_cli("deck", "check", str(DECKS / "nothing-here.txt"), db=False)
    assert missing.exit_code == 2 and "Fehler: " in missing.output


# ------------------------------------------------------------ the command line's help ----
def _command_paths() -> list[tuple[str, ...]]:
    """Every command of the CLI as typed after ``judgebase`` (the groups loaded on demand too)."""
    import click

    from judgebase.cli import cli

    paths = []

    def walk(command, path):
        paths.append(path)
        if isinstance(command, click.Group):
            ctx = click.Context(command)
            for name in command.list_commands(ctx):
                walk(command.get_command(ctx, name), path + (name,))

    walk(cli, ())
    return paths


COMMAND_PATHS = _command_paths()


def _command(path):
    import click

    from judgebase.cli import cli

    command = cli
    for name in path:
        command = command.get_command(click.Context(command), name)
    return command


def _help_page(path, lang: str) -> str:
    """``judgebase PATH --help`` for a user of ``lang``, unwrapped (one line per paragraph or option)."""
    from click.testing import CliRunner

    from judgebase.cli import cli

    result = CliRunner().invoke(cli, [*path, "--help"], env={"JUDGEBASE_LANG": lang}, catch_exceptions=False,
                                prog_name="judgebase", terminal_width=100_000, max_content_width=100_000)
    assert result.exit_code == 0, result.output
    return result.output


def _said(path) -> list[str]:
    """The catalogue keys of a command's help page: its own text and each option's."""
    command = _command(path)
    return [command.help_key] + [p.help_key for p in command.get_params(_context(command)) if getattr(p, "help_key", None)]


def _context(command):
    import click

    return click.Context(command)


#: English help sentences of the catalogue: none may be left on a Spanish or German help page.
ENGLISH_HELP = {key: en for key, (en, es, de) in i18n.catalogue("help.", help=True).items()
                if " " in en and not key.startswith("help.metavar.")}
ENGLISH_CLICK = {key: en for key, (en, es, de) in i18n.catalogue("click.", help=True).items()
                 if " " in en and "{" not in en}


@pytest.mark.parametrize("lang", ["es", "de"])
@pytest.mark.parametrize("path", COMMAND_PATHS, ids=lambda p: " ".join(p) or "judgebase")
def test_every_help_page_speaks_the_users_language(path, lang):
    page = _help_page(path, lang)
    english = _help_page(path, "en")
    keys = _said(path)
    assert len(keys) > 1 or not path, "a command with no documented option"
    for key in keys:
        assert i18n.t(key, lang) in page, f"{key} not said in {lang}"
        assert i18n.t(key, "en") in english
    for key, en in {**ENGLISH_HELP, **ENGLISH_CLICK}.items():
        if en != i18n.template(key, lang):
            assert en not in page, f"{key}: English left on the {lang} help of {' '.join(path)!r}"
    # click's own words: the usage line, the section titles, --help itself.
    assert page.startswith(i18n.t("click.usage", lang) + " judgebase") and english.startswith("Usage: judgebase")
    assert f"\n{i18n.t('click.options', lang)}:\n" in page and i18n.t("click.help", lang) in page
    assert not re.search(r"^(Usage|Options|Commands):|\[OPTIONS\]|COMMAND \[ARGS\]", page, flags=re.M)
    if path in (("deck",), ("site",), ("conformance",), ()):
        assert f"\n{i18n.t('click.commands', lang)}:\n" in page


def test_the_help_is_english_in_english_and_follows_the_locale():
    english = _help_page(("search",), "en")
    assert "Options:" in english and "[OPTIONS] QUERY..." in english and "Show this message and exit." in english
    assert "How many results at most.  [default: 10; 1<=x<=200]" in english
    result = subprocess.run([sys.executable, "-m", "judgebase", "clause", "--help"], capture_output=True, text=True,
                            env={**_clean_env(), "LANG": "de_DE.UTF-8"}, check=True)  # no JUDGEBASE_LANG: the locale
    assert result.stdout.startswith("Aufruf: judgebase clause [OPTIONEN] REF") and "Zeigt eine Klausel:" in result.stdout


def _clean_env() -> dict:
    import os

    return {k: v for k, v in os.environ.items() if k not in ("JUDGEBASE_LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")}


@pytest.mark.parametrize("lang, words", [
    ("es", ["Uso: cli clause [OPCIONES] REF", "Prueba 'cli clause --help' para ver la ayuda.",
            "Error: No existe la opción '--nope'."]),
    ("de", ["Aufruf: cli clause [OPTIONEN] REF", "Hilfe gibt es mit 'cli clause --help'.",
            "Fehler: Keine Option '--nope'."]),
])
def test_usage_errors_speak_the_users_language(run_cli, monkeypatch, lang, words):
    monkeypatch.setenv("JUDGEBASE_LANG", lang)
    result = run_cli("clause", "--nope", "6-1-4")
    assert result.exit_code == 2
    for word in words:
        assert word in result.output
    assert "No such option" not in result.output and "Usage:" not in result.output
    for args, said in ((["search", "x", "--limit", "0"], "click.not_in_range"),
                       (["search", "x", "--lang", "fr"], "click.not_choice.other"),
                       (["verify", "/no/such/path"], "click.no_such_path"),
                       (["sarch"], "click.no_such_command"),
                       (["ruling"], "click.missing_argument")):
        result = run_cli(*args, db=False)
        assert result.exit_code == 2, (args, result.output)
        start = i18n.template(said, lang).split("{")[0] or i18n.template(said, lang).split("}")[-1]
        assert start.strip() in result.output, (args, result.output)
        assert i18n.t("click.error", lang, message="") in result.output
    assert "'/no/such/path'" in run_cli("verify", "/no/such/path", db=False).output
    # Once the command is over, click speaks English again (other click programs in the process are untouched).
    import click.core
    import gettext

    assert click.core._ is gettext.gettext


def test_every_click_word_in_the_catalogue_is_one_click_says():
    """The ``click.`` entries translate click's words by their English text: a click that rewords one
    would silently show English again, so each must still be in click's source."""
    import click

    from judgebase.i18n.help import CLICK

    said = set()
    for path in Path(click.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("_", "ngettext"):
                said.update(a.value for a in node.args if isinstance(a, ast.Constant) and isinstance(a.value, str))
    dynamic = {"required"}  # passed as _(extra["required"]), the word set in Option.get_help_extra
    for english, key in CLICK.items():
        assert english in said or english in dynamic, f"{key}: click no longer says {english!r}"
        if i18n.has(f"{key}.other"):
            assert i18n.template(f"{key}.other", "en") in said
    for essential in ("Usage:", "Options", "Commands", "Show this message and exit.", "Error: {message}",
                      "No such option {name!r}.", "Missing argument", "Try '{command} {option}' for help."):
        assert essential in CLICK


def test_a_lookup_reads_no_help_words(db_path):
    """Help texts are read only when help is shown: a Spanish clause lookup loads neither them nor the
    command groups it doesn't use."""
    code = ("import sys; from judgebase.cli import cli; "
            f"cli.main(['clause', '8-1-3-3', '--db', {str(db_path)!r}], standalone_mode=False); "
            "print(sorted(m for m in ('judgebase.i18n.help', 'judgebase.deck_cli', 'judgebase.conformance_cli') "
            "if m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         env={**_clean_env(), "JUDGEBASE_LANG": "es"}).stdout
    assert "Resoluciones que la citan" in out and out.strip().endswith("[]")
