"""Interface words: ``key: (en, es, de)``.  Placeholders are ``str.format`` fields, the same in all three.

Terms follow ``rules/glossary.yaml`` (the first word of each language): ``memoria``,
``seguridad``, ``área de cría``, ``Speicher``, ``Sicherheitscheck``, ``Aufzuchtbereich`` …
A ruling is a *resolución* in Spanish and an *Entscheidung* in German.  Keys ending in
``.one`` / ``.other`` are the two forms of a message with a count (see ``i18n.tn``).
"""

MESSAGES: dict[str, tuple[str, str, str]] = {
    # -- notices shown with every official clause ------------------------------------------
    "notice.japanese_prevails": (
        "The Japanese text of the Comprehensive Rules prevails over every translation, including this one.",
        "El texto japonés de las Comprehensive Rules prevalece sobre cualquier traducción, incluida esta.",
        "Der japanische Text der Comprehensive Rules hat Vorrang vor jeder Übersetzung, auch vor dieser."),
    "notice.renumbered": (
        "CR {old} of Ver. {version} is CR {new} in Ver. {current} ({what}).",
        "CR {old} de la Ver. {version} es CR {new} en la Ver. {current} ({what}).",
        "CR {old} aus Ver. {version} ist in Ver. {current} CR {new} ({what})."),
    "notice.renumbered.renumbered": ("renumbered", "renumerada", "neu nummeriert"),
    "notice.renumbered.changed": ("text changed", "con otro texto", "Text geändert"),
    "notice.renumbered.same": ("same number", "mismo número", "gleiche Nummer"),
    "notice.no_clause_number": (
        "{ref} is not a clause number of CR Ver. {version}; nearest clauses:",
        "{ref} no es un número de cláusula de las CR Ver. {version}; las cláusulas más cercanas:",
        "{ref} ist keine Klauselnummer der CR Ver. {version}; die nächsten Klauseln:"),
    "notice.no_section": (
        "{ref} is not a section of {book}; nearest sections:",
        "{ref} no es una sección de {book}; las secciones más cercanas:",
        "{ref} ist kein Abschnitt von {book}; die nächsten Abschnitte:"),
    "notice.book.tamer_tactics": ("Tamer Tactics", "Tamer Tactics", "Tamer Tactics"),
    "notice.book.legacy": ("the legacy rules", "las reglas clásicas", "den klassischen Regeln"),

    # -- the official Update History --------------------------------------------------------
    "history.added": ("added", "añadida", "hinzugefügt"),
    "history.updated": ("updated", "actualizada", "geändert"),
    "history.merged": ("merged", "fusionada", "zusammengeführt"),
    "history.deleted": ("deleted", "eliminada", "gestrichen"),
    "history.renumbered": ("moved", "movida", "verschoben"),
    "history.corrected": ("corrected", "corregida", "korrigiert"),

    # -- words shared by the pages and the command line ------------------------------------
    "status.proven": ("proven", "probada", "bewiesen"),
    "status.failing": ("failing", "falla", "scheitert"),
    "status.unproven": ("unproven", "sin probar", "unbewiesen"),
    "status.FAILING": ("FAILING", "FALLA", "SCHEITERT"),
    "kind.clause": ("clause", "cláusula", "Klausel"),
    "kind.ruling": ("ruling", "resolución", "Entscheidung"),
    "kind.keyword": ("keyword", "palabra clave", "Schlüsselwort"),
    "textkind.source": ("source wording", "texto de la fuente", "Wortlaut der Quelle"),
    "textkind.paraphrase": ("paraphrase", "paráfrasis", "Umschreibung"),
    "textkind.translation": ("translation made here", "traducción nuestra", "eigene Übersetzung"),
    "ruleset.official": ("Comprehensive Rules", "Comprehensive Rules", "Comprehensive Rules"),
    "ruleset.tamer_tactics": ("Tamer Tactics", "Tamer Tactics", "Tamer Tactics"),
    "ruleset.legacy": ("Legacy (Hyper Colosseum)", "Reglas clásicas (Hyper Colosseum)", "Klassische Regeln (Hyper Colosseum)"),
    "conflict.vague": ("vague source", "fuente imprecisa", "ungenaue Quelle"),
    "conflict.seed-vs-official": ("source against the official text", "fuente frente al texto oficial",
                                  "Quelle gegen den offiziellen Text"),
    "conflict.seeds-disagree": ("sources disagree", "las fuentes discrepan", "Quellen widersprechen sich"),
    "conflict.reconstruction": ("reconstruction", "reconstrucción", "Rekonstruktion"),
    "conflict.version": ("version difference", "diferencia de versión", "Versionsunterschied"),
    "label.subclauses": ("Sub-clauses", "Subcláusulas", "Unterklauseln"),
    "label.rulings_citing": ("Rulings citing it", "Resoluciones que la citan", "Entscheidungen, die sie zitieren"),
    "label.cites": ("Cites", "Cláusulas citadas", "Zitierte Klauseln"),
    "label.source": ("Source", "Fuente", "Quelle"),
    "label.proof": ("Proof", "Prueba", "Beweis"),
    "label.history": ("Update history (official)", "Historial de cambios (oficial)", "Änderungsverlauf (offiziell)"),
    "label.conflict": ("Recorded conflict: {id}", "Conflicto registrado: {id}", "Erfasster Widerspruch: {id}"),
    "label.also_in": ("Also in:", "También en:", "Auch auf:"),
    "label.rule_qa": ("Rule Q&A {numbers}", "Q&A de reglas {numbers}", "Regel-Q&A {numbers}"),
    "label.numbered_by": ("Numbered and worded by {label}", "Numerada y redactada según {label}",
                          "Nummeriert und formuliert nach {label}"),
    "label.checked": ("Checked against: {what}", "Comprobada con: {what}", "Geprüft anhand: {what}"),
    "label.scenario": ("Scenario {file}", "Escenario {file}", "Szenario {file}"),
    "label.unproven": ("Unproven: {reason}", "Sin probar: {reason}", "Unbewiesen: {reason}"),
    "label.no_rulings": ("No ruling cites this clause yet.", "Ninguna resolución cita esta cláusula todavía.",
                         "Noch keine Entscheidung zitiert diese Klausel."),
    "label.proven_by": ("Scenarios that prove it", "Escenarios que la prueban", "Szenarien, die sie beweisen"),
    "label.proves_ruling": ("proves ruling {id}", "prueba la resolución {id}", "beweist Entscheidung {id}"),
    "label.no_ruling_scenario": ("not tied to a ruling", "sin resolución asociada", "keiner Entscheidung zugeordnet"),
    "label.not_testable": ("Not testable:", "No comprobable:", "Nicht prüfbar:"),
    "label.no_proof": ("No scenario proves this clause yet.", "Ningún escenario prueba esta cláusula todavía.",
                       "Noch kein Szenario beweist diese Klausel."),
    "label.history.as": ("as {number}", "como {number}", "als {number}"),
    "label.history.into": ("into {number}", "en {number}", "in {number}"),
    # "Checked against" lines are written as "CR Ver. 4.2 (date), official English text, clause 1-2-3".
    "checked.official_text": ("official English text", "texto oficial en inglés", "offizieller englischer Text"),
    "checked.clauses": ("clauses", "cláusulas", "Klauseln"),
    "checked.clause": ("clause", "cláusula", "Klausel"),
    "checked.and_subclauses": ("and its sub-clauses", "y sus subcláusulas", "und ihre Unterklauseln"),
    "checked.to": ("to", "a", "bis"),
    "checked.and": ("and", "y", "und"),
    "checked.with": ("with", "con", "mit"),
    "checked.for": ("for", "para", "für"),
    "checked.at": ("at", "en", "in"),
    "checked.removed_target": ("a removed target", "un objetivo retirado", "ein entferntes Ziel"),
    "checked.moving_as": ("moving as defined in", "mover según", "Bewegen wie in"),

    # -- the judge's pages ------------------------------------------------------------------
    "web.search": ("Search", "Buscar", "Suchen"),
    "web.search_title": ("Search", "Búsqueda", "Suche"),
    "web.search_label": ("Search rules and rulings", "Buscar reglas y resoluciones", "Regeln und Entscheidungen durchsuchen"),
    "web.language": ("Language", "Idioma", "Sprache"),
    "web.nav.keywords": ("Keywords", "Palabras clave", "Schlüsselwörter"),
    "web.nav.glossary": ("Glossary", "Glosario", "Glossar"),
    "web.nav.coverage": ("Coverage", "Cobertura", "Abdeckung"),
    "web.nav.sql": ("Tables & SQL", "Tablas y SQL", "Tabellen und SQL"),
    "web.footer": (
        "judgebase · Digimon Card Game rules for judges · clause numbers of CR Ver. {version} · "
        "texts marked as source wording, paraphrase or our translation",
        "judgebase · reglas del Digimon Card Game para jueces · números de cláusula de las CR Ver. {version} · "
        "cada texto indica si es de la fuente, una paráfrasis o traducción nuestra",
        "judgebase · Regeln des Digimon Card Game für Judges · Klauselnummern der CR Ver. {version} · "
        "jeder Text ist als Wortlaut der Quelle, Umschreibung oder eigene Übersetzung gekennzeichnet"),
    "web.home.heading": ("Rules and rulings, at the table", "Reglas y resoluciones, en la mesa",
                         "Regeln und Entscheidungen, direkt am Tisch"),
    "web.home.hint": (
        "Type a clause number ({refs}), a Rule Q&A number ({qa}) or a question in Spanish, English or German.",
        "Escribe un número de cláusula ({refs}), un número de las Q&A de reglas ({qa}) o una pregunta en español, "
        "inglés o alemán.",
        "Gib eine Klauselnummer ({refs}), eine Nummer der Regel-Q&A ({qa}) oder eine Frage auf Spanisch, Englisch "
        "oder Deutsch ein."),
    "web.ruleset": ("Ruleset", "Reglamento", "Regelwerk"),
    "web.all": ("all", "todos", "alle"),
    "web.no_results": ("No results for “{query}”. Try fewer words, another language, or a clause number.",
                       "Sin resultados para «{query}». Prueba con menos palabras, otro idioma o un número de cláusula.",
                       "Keine Ergebnisse für „{query}“. Versuche weniger Wörter, eine andere Sprache oder eine "
                       "Klauselnummer."),
    "web.no_clause": ("No clause {ref} in the knowledge base.", "No hay ninguna cláusula {ref} en la base de conocimiento.",
                      "Keine Klausel {ref} in der Wissensbasis."),
    "web.no_ruling": ("No ruling {id} in the knowledge base.", "No hay ninguna resolución {id} en la base de conocimiento.",
                      "Keine Entscheidung {id} in der Wissensbasis."),
    "search.nothing": (
        "nothing to search for: type a clause number (6-1-4, §2.2, LEG 3.4) or some words",
        "nada que buscar: escribe un número de cláusula (6-1-4, §2.2, LEG 3.4) o algunas palabras",
        "nichts zu suchen: gib eine Klauselnummer (6-1-4, §2.2, LEG 3.4) oder ein paar Wörter ein"),
    "search.no_number_map": ("no number map for CR Ver. {version} (known: {known})",
                             "no hay tabla de números para las CR Ver. {version} (conocidas: {known})",
                             "keine Nummerntabelle für CR Ver. {version} (bekannt: {known})"),
    "web.breadcrumbs": ("Breadcrumbs", "Ruta", "Navigationspfad"),
    "web.from": ("from {sources}", "de {sources}", "aus {sources}"),
    "web.seed": ("seed {sources}", "fuente {sources}", "Quelle {sources}"),
    "web.ruling_crumb": ("ruling", "resolución", "Entscheidung"),
    "web.note_lang": ("Editor's note", "Nota del editor (en inglés)", "Anmerkung der Redaktion (Englisch)"),
    "web.keywords.title": ("Keywords", "Palabras clave", "Schlüsselwörter"),
    "web.keywords.heading": ("Keyword effects", "Efectos de palabra clave", "Schlüsselwort-Effekte"),
    "web.keywords.hint": (
        "The {n} keyword clauses of the Comprehensive Rules (CR 16-4 … 16-47), as the official Ver. {version} text "
        "defines them.",
        "Las {n} cláusulas de palabras clave de las Comprehensive Rules (CR 16-4 … 16-47), tal como las define el "
        "texto oficial de la Ver. {version}.",
        "Die {n} Schlüsselwort-Klauseln der Comprehensive Rules (CR 16-4 … 16-47), wie der offizielle Text der "
        "Ver. {version} sie festlegt."),
    "web.col.clause": ("Clause", "Cláusula", "Klausel"),
    "web.col.summary": ("Summary", "Resumen", "Zusammenfassung"),
    "web.col.ruleset": ("Ruleset", "Reglamento", "Regelwerk"),
    "web.col.chapter": ("Chapter", "Capítulo", "Kapitel"),
    "web.col.proven": ("Proven", "Probadas", "Bewiesen"),
    "web.conflicts.one": ("{n} conflict recorded", "{n} conflicto registrado", "{n} Widerspruch erfasst"),
    "web.conflicts.other": ("{n} conflicts recorded", "{n} conflictos registrados", "{n} Widersprüche erfasst"),
    "web.glossary.title": ("Glossary", "Glosario", "Glossar"),
    "web.glossary.hint": (
        "Game terms in Spanish, English, German and (legacy) Korean. Search uses this table to find answers across "
        "languages.",
        "Términos del juego en español, inglés, alemán y (reglas clásicas) coreano. La búsqueda usa esta tabla para "
        "encontrar respuestas en cualquier idioma.",
        "Spielbegriffe auf Spanisch, Englisch, Deutsch und (klassische Regeln) Koreanisch. Die Suche nutzt diese "
        "Tabelle, um Antworten in allen Sprachen zu finden."),
    "web.coverage.title": ("Coverage", "Cobertura", "Abdeckung"),
    "web.coverage.heading": ("Proof coverage", "Cobertura de pruebas", "Beweisabdeckung"),
    "web.coverage.hint": (
        "A clause is proven when a passing scenario cites it and asserts it: an expected event that carries the "
        "clause, or an action refused because of it. A clause is not proven by its sub-clauses. Not testable: "
        "headings, definitions, card layout, physical items and tournament rules, each listed with a reason. Gaps: "
        "clauses that are neither, which still need a scenario.",
        "Una cláusula está probada cuando un escenario que pasa la cita y la comprueba: un evento esperado que "
        "lleva la cláusula, o una acción rechazada por ella. Sus subcláusulas no prueban una cláusula. No "
        "comprobables: títulos, definiciones, diseño de las cartas, objetos físicos y reglas de torneo, cada una "
        "con su motivo. Huecos: cláusulas que no son ni lo uno ni lo otro y que aún necesitan un escenario.",
        "Eine Klausel ist bewiesen, wenn ein bestandenes Szenario sie zitiert und prüft: ein erwartetes Ereignis "
        "mit dieser Klausel oder eine Aktion, die wegen ihr abgelehnt wird. Unterklauseln beweisen ihre Klausel "
        "nicht. Nicht prüfbar: Überschriften, Definitionen, Kartenaufbau, physische Gegenstände und Turnierregeln, "
        "jeweils mit Grund. Lücken: Klauseln, die nichts davon sind und noch ein Szenario brauchen."),
    "web.coverage.scenarios": (
        "{passing} passing scenarios count, {without} of them tied to no ruling: a scenario proves clauses whether "
        "or not it proves a ruling.",
        "Cuentan {passing} escenarios que pasan, {without} de ellos sin resolución asociada: un escenario prueba "
        "cláusulas pruebe o no una resolución.",
        "Es zählen {passing} bestandene Szenarien, {without} davon ohne zugehörige Entscheidung: ein Szenario "
        "beweist Klauseln, ob es eine Entscheidung beweist oder nicht."),
    "web.coverage.totals": (
        "{clauses} clauses: {proven} proven · {not_testable} not testable · {gaps} gaps",
        "{clauses} cláusulas: {proven} probadas · {not_testable} no comprobables · {gaps} huecos",
        "{clauses} Klauseln: {proven} bewiesen · {not_testable} nicht prüfbar · {gaps} Lücken"),
    "web.coverage.gaps_heading": ("Gaps: clauses no scenario proves yet", "Huecos: cláusulas que ningún escenario prueba aún",
                                  "Lücken: Klauseln, die noch kein Szenario beweist"),
    "web.coverage.gaps.one": (
        "{ruleset} · chapter {chapter}: {n} gap",
        "{ruleset} · capítulo {chapter}: {n} hueco",
        "{ruleset} · Kapitel {chapter}: {n} Lücke"),
    "web.coverage.gaps.other": (
        "{ruleset} · chapter {chapter}: {n} gaps",
        "{ruleset} · capítulo {chapter}: {n} huecos",
        "{ruleset} · Kapitel {chapter}: {n} Lücken"),
    "web.coverage.no_gaps": ("No gaps: every clause is proven or listed as not testable.",
                             "Sin huecos: cada cláusula está probada o figura como no comprobable.",
                             "Keine Lücken: jede Klausel ist bewiesen oder als nicht prüfbar gelistet."),
    "web.coverage.not_testable_heading": ("Not testable (reasons in English)", "No comprobables (motivos en inglés)",
                                          "Nicht prüfbar (Gründe auf Englisch)"),
    "web.coverage.not_testable.one": (
        "{ruleset} · chapter {chapter}: {n} clause not testable",
        "{ruleset} · capítulo {chapter}: {n} cláusula no comprobable",
        "{ruleset} · Kapitel {chapter}: {n} Klausel nicht prüfbar"),
    "web.coverage.not_testable.other": (
        "{ruleset} · chapter {chapter}: {n} clauses not testable",
        "{ruleset} · capítulo {chapter}: {n} cláusulas no comprobables",
        "{ruleset} · Kapitel {chapter}: {n} Klauseln nicht prüfbar"),
    "web.coverage.proven_heading": ("Proven", "Probadas", "Bewiesen"),
    "web.coverage.proven.one": (
        "{ruleset} · chapter {chapter}: {n} clause proven",
        "{ruleset} · capítulo {chapter}: {n} cláusula probada",
        "{ruleset} · Kapitel {chapter}: {n} Klausel bewiesen"),
    "web.coverage.proven.other": (
        "{ruleset} · chapter {chapter}: {n} clauses proven",
        "{ruleset} · capítulo {chapter}: {n} cláusulas probadas",
        "{ruleset} · Kapitel {chapter}: {n} Klauseln bewiesen"),
    "web.coverage.by_scenarios.one": ("by {n} scenario", "por {n} escenario", "durch {n} Szenario"),
    "web.coverage.by_scenarios.other": ("by {n} scenarios", "por {n} escenarios", "durch {n} Szenarien"),
    "web.col.not_testable": ("Not testable", "No comprobables", "Nicht prüfbar"),
    "web.col.gaps": ("Gaps", "Huecos", "Lücken"),
    # Kinds of the not-testable manifest (rules/not-testable.tsv).
    "nottestable.heading": ("heading", "título", "Überschrift"),
    "nottestable.definition": ("definition", "definición", "Definition"),
    "nottestable.card-layout": ("card layout", "diseño de la carta", "Kartenaufbau"),
    "nottestable.physical-item": ("physical item", "objeto físico", "physischer Gegenstand"),
    "nottestable.tournament": ("tournament rule", "regla de torneo", "Turnierregel"),
    # Written by app.js in the static export (search-index results, no answer).
    "js.no_results": ("No results for “{query}”.", "Sin resultados para «{query}».", "Keine Ergebnisse für „{query}“."),

    # -- the command line -------------------------------------------------------------------
    "cli.error": ("Error: {message}", "Error: {message}", "Fehler: {message}"),
    "cli.nearest": ("Nearest: {refs}", "Más cercanas: {refs}", "Am nächsten: {refs}"),
    "cli.no_results": (
        'No results for "{query}". Try fewer words, another language, or a clause number such as 6-1-4.',
        'Sin resultados para «{query}». Prueba con menos palabras, otro idioma o un número de cláusula como 6-1-4.',
        'Keine Ergebnisse für „{query}“. Versuche weniger Wörter, eine andere Sprache oder eine Klauselnummer '
        'wie 6-1-4.'),
    "cli.results.one": (
        "{n} result · language {lang} · `judgebase clause REF` for a whole clause",
        "{n} resultado · idioma {lang} · `judgebase clause REF` para una cláusula entera",
        "{n} Ergebnis · Sprache {lang} · `judgebase clause REF` für eine ganze Klausel"),
    "cli.results.other": (
        "{n} results · language {lang} · `judgebase clause REF` for a whole clause",
        "{n} resultados · idioma {lang} · `judgebase clause REF` para una cláusula entera",
        "{n} Ergebnisse · Sprache {lang} · `judgebase clause REF` für eine ganze Klausel"),
    "cli.cites": ("cites: {refs}", "cita: {refs}", "zitiert: {refs}"),
    "cli.ruling_id": ("ruling: {id}", "resolución: {id}", "Entscheidung: {id}"),
    "cli.seed": ("Seed ({sources}): “{text}”", "Fuente ({sources}): «{text}»", "Quelle ({sources}): „{text}“"),
    "cli.history_line": ("Ver. {version} ({date}): {kind}", "Ver. {version} ({date}): {kind}", "Ver. {version} ({date}): {kind}"),
    "cli.text_kind": ("Text ({lang}): {kind}", "Texto ({lang}): {kind}", "Text ({lang}): {kind}"),
    "cli.source": ("source: {source}", "fuente: {source}", "Quelle: {source}"),
    "cli.numbered_by": ("numbered and worded by {label}", "numerada y redactada según {label}",
                        "nummeriert und formuliert nach {label}"),
    "cli.checked": ("checked against: {what}", "comprobada con: {what}", "geprüft anhand: {what}"),
    "cli.note": ("note (English): {note}", "nota (en inglés): {note}", "Anmerkung (Englisch): {note}"),
    "cli.also_in": ("also in: {langs}  (judgebase clause '{ref}' --lang {first})",
                    "también en: {langs}  (judgebase clause '{ref}' --lang {first})",
                    "auch auf: {langs}  (judgebase clause '{ref}' --lang {first})"),
    "cli.question": ("Q: ", "P: ", "F: "),
    "cli.answer": ("A: ", "R: ", "A: "),
    "cli.source_line": ("Source: {where}", "Fuente: {where}", "Quelle: {where}"),
    "cli.ruling_text": ("Text ({lang}): {kind}; also in: {langs}", "Texto ({lang}): {kind}; también en: {langs}",
                        "Text ({lang}): {kind}; auch auf: {langs}"),
    "cli.scenario": ("Scenario: {file}", "Escenario: {file}", "Szenario: {file}"),
    "cli.not_a_reference": (
        "{ref!r} is not a clause reference (try 6-1-4, CR 8-1-3-3, §2.2, LEG 3.4)",
        "{ref!r} no es una referencia de cláusula (prueba 6-1-4, CR 8-1-3-3, §2.2, LEG 3.4)",
        "{ref!r} ist keine Klauselreferenz (versuche 6-1-4, CR 8-1-3-3, §2.2, LEG 3.4)"),
    "cli.no_clause": ("no clause {ref} in the knowledge base", "no hay ninguna cláusula {ref} en la base de conocimiento",
                      "keine Klausel {ref} in der Wissensbasis"),
    "cli.no_ruling": ("no ruling {id!r} in the knowledge base",
                      "no hay ninguna resolución {id!r} en la base de conocimiento",
                      "keine Entscheidung {id!r} in der Wissensbasis"),
    "cli.uncovered": ("{ref} exists in CR Ver. {version}, but no source we have covers it",
                      "{ref} existe en las CR Ver. {version}, pero ninguna de nuestras fuentes la cubre",
                      "{ref} gibt es in den CR Ver. {version}, aber keine unserer Quellen deckt sie ab"),
    "cli.not_cr_number": ("{ref} is not a clause number of CR Ver. {version}",
                          "{ref} no es un número de cláusula de las CR Ver. {version}",
                          "{ref} ist keine Klauselnummer der CR Ver. {version}"),
    "cli.version_only_cr": ("--version applies to Comprehensive Rules numbers (CR x-y-z)",
                            "--version solo vale para números de las Comprehensive Rules (CR x-y-z)",
                            "--version gilt nur für Nummern der Comprehensive Rules (CR x-y-z)"),
    "cli.no_number_map": ("no number map for CR Ver. {version}; known: {known} (and today's Ver. {current})",
                          "no hay tabla de números para las CR Ver. {version}; conocidas: {known} (y la Ver. {current} actual)",
                          "keine Nummerntabelle für CR Ver. {version}; bekannt: {known} (und die heutige Ver. {current})"),
    "cli.no_counterpart": (
        "{ref} of CR Ver. {version} has no counterpart in Ver. {current} (removed or folded into another clause)",
        "{ref} de las CR Ver. {version} no tiene equivalente en la Ver. {current} (eliminada o integrada en otra cláusula)",
        "{ref} aus CR Ver. {version} hat kein Gegenstück in Ver. {current} (gestrichen oder in eine andere Klausel "
        "aufgegangen)"),
    "cli.explain.unknown": (
        "{arg!r} is neither a scenario file nor a ruling id",
        "{arg!r} no es ni un archivo de escenario ni el id de una resolución",
        "{arg!r} ist weder eine Szenariodatei noch die ID einer Entscheidung"),
    "cli.explain.no_scenario": (
        "ruling {id} has no scenario: {reason}",
        "la resolución {id} no tiene escenario: {reason}",
        "Entscheidung {id} hat kein Szenario: {reason}"),
    "cli.explain.pass.one": ("PASS: {n} step as the rules say", "CORRECTO: {n} paso como dicen las reglas",
                             "BESTANDEN: {n} Schritt wie die Regeln sagen"),
    "cli.explain.pass.other": ("PASS: {n} steps as the rules say", "CORRECTO: {n} pasos como dicen las reglas",
                               "BESTANDEN: {n} Schritte wie die Regeln sagen"),
    "cli.explain.fail": ("FAIL: {message}", "FALLO: {message}", "FEHLER: {message}"),
    "cli.verify.pass": ("PASS", "BIEN", "OK"),
    "cli.verify.fail": ("FAIL", "FALLO", "FEHLER"),
    "cli.verify.summary": ("{total} scenarios: {passed} passed, {failed} failed",
                           "{total} escenarios: {passed} correctos, {failed} fallidos",
                           "{total} Szenarien: {passed} bestanden, {failed} gescheitert"),
    "cli.verify.unbacked": ("; {n} cites no expectation asserts", "; {n} citas que ninguna expectativa comprueba",
                            "; {n} Zitate, die keine Erwartung prüft"),
    "cli.coverage.total": (
        "Proof coverage: {clauses} clauses, {proven} proven ({percent}%), {not_testable} not testable, {gaps} gaps",
        "Cobertura de pruebas: {clauses} cláusulas, {proven} probadas ({percent}%), {not_testable} no comprobables, "
        "{gaps} huecos",
        "Beweisabdeckung: {clauses} Klauseln, {proven} bewiesen ({percent}%), {not_testable} nicht prüfbar, "
        "{gaps} Lücken"),
    "cli.coverage.chapter": (
        "{proven} proven, {not_testable} not testable, {gaps} gaps of {clauses}",
        "{proven} probadas, {not_testable} no comprobables, {gaps} huecos de {clauses}",
        "{proven} bewiesen, {not_testable} nicht prüfbar, {gaps} Lücken von {clauses}"),
    "cli.coverage.no_chapter": ("no chapter {chapter} (ruleset: {ruleset})", "no hay capítulo {chapter} (reglamento: {ruleset})",
                                "kein Kapitel {chapter} (Regelwerk: {ruleset})"),
    "cli.coverage.check_failed": (
        "{n} clauses are neither proven by a scenario nor listed as not testable",
        "{n} cláusulas no están probadas por ningún escenario ni figuran como no comprobables",
        "{n} Klauseln sind weder durch ein Szenario bewiesen noch als nicht prüfbar gelistet"),
    "cli.build.coverage": (
        "proof coverage: {clauses} clauses, {proven} proven, {not_testable} not testable, {gaps} gaps",
        "cobertura de pruebas: {clauses} cláusulas, {proven} probadas, {not_testable} no comprobables, {gaps} huecos",
        "Beweisabdeckung: {clauses} Klauseln, {proven} bewiesen, {not_testable} nicht prüfbar, {gaps} Lücken"),
    "cli.verify.unproven": ("; {n} rulings still unproven", "; {n} resoluciones aún sin probar",
                            "; {n} Entscheidungen noch unbewiesen"),
    "cli.export.done": (
        "Wrote {pages} pages ({clauses} clauses, {rulings} rulings) to {out}; open {index}",
        "Escritas {pages} páginas ({clauses} cláusulas, {rulings} resoluciones) en {out}; abre {index}",
        "{pages} Seiten ({clauses} Klauseln, {rulings} Entscheidungen) nach {out} geschrieben; öffne {index}"),
    "cli.serve.note": (
        "judgebase: the judge's pages pick up a new `judgebase build` of this database by themselves; "
        "datasette's own tables (/judgebase) keep the build they started with until serve is restarted.",
        "judgebase: las páginas del juez toman solas cada nuevo `judgebase build` de esta base de datos; "
        "las tablas propias de datasette (/judgebase) siguen con la versión con la que empezaron hasta reiniciar serve.",
        "judgebase: die Judge-Seiten übernehmen jedes neue `judgebase build` dieser Datenbank von selbst; "
        "datasettes eigene Tabellen (/judgebase) behalten ihren Stand, bis serve neu gestartet wird."),
    "cli.build.left": ("{path} was left as it was.", "{path} se ha dejado como estaba.", "{path} blieb unverändert."),
    "cli.build.failed": ("build failed: {n} problem(s) in the sources", "la construcción falló: {n} problema(s) en las fuentes",
                         "Erstellung gescheitert: {n} Problem(e) in den Quellen"),
    "cli.build.built": ("Built {path} in {seconds:.1f} s from {files} source files.",
                        "Construida {path} en {seconds:.1f} s a partir de {files} archivos fuente.",
                        "{path} in {seconds:.1f} s aus {files} Quelldateien erstellt."),
    "cli.build.clauses": ("clauses", "cláusulas", "Klauseln"),
    "cli.build.rulings": ("rulings", "resoluciones", "Entscheidungen"),
    "cli.build.counts": (
        "keywords {keywords}, glossary terms {glossary}, conflicts {conflicts}, notes {notes}, search documents {documents}",
        "palabras clave {keywords}, términos del glosario {glossary}, conflictos {conflicts}, notas {notes}, "
        "documentos de búsqueda {documents}",
        "Schlüsselwörter {keywords}, Glossarbegriffe {glossary}, Widersprüche {conflicts}, Anmerkungen {notes}, "
        "Suchdokumente {documents}"),
    "cli.build.scenarios": ("scenarios run: {n}, failing: {failing}", "escenarios ejecutados: {n}, fallidos: {failing}",
                            "Szenarien ausgeführt: {n}, gescheitert: {failing}"),
    "cli.build.cr": ("CR Ver. {version} clauses: {have} of {total}, missing: {missing}",
                     "cláusulas de las CR Ver. {version}: {have} de {total}, faltan: {missing}",
                     "Klauseln der CR Ver. {version}: {have} von {total}, fehlen: {missing}"),
    "cli.build.missing": ("missing translations: {n}", "traducciones que faltan: {n}", "fehlende Übersetzungen: {n}"),
    "cli.build.unresolved": ("unresolved references in texts: {n}", "referencias sin resolver en los textos: {n}",
                             "nicht auflösbare Verweise in Texten: {n}"),
    "cli.build.more": ("… {n} more", "… {n} más", "… {n} weitere"),
}
