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
    "label.asked": ("Judges ask it as", "Los jueces lo preguntan así", "So fragen Judges danach"),
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
    "web.not_served": ("judgebase: no database named judgebase is being served",
                       "judgebase: no se está sirviendo ninguna base de datos llamada judgebase",
                       "judgebase: es wird keine Datenbank namens judgebase bereitgestellt"),
    "web.not_ours": ("Not served by judgebase.", "judgebase no sirve esta página.", "Wird von judgebase nicht bereitgestellt."),
    "web.read_only": ("Method not allowed: the judge's pages are read-only.",
                      "Método no permitido: las páginas del juez son de solo lectura.",
                      "Methode nicht erlaubt: die Judge-Seiten sind nur lesbar."),
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

    # -- the position, drawn (judgebase/web/board.py) ---------------------------------------
    "board.before": ("Before the first action", "Antes de la primera acción", "Vor der ersten Aktion"),
    "board.after": ("After the last action", "Después de la última acción", "Nach der letzten Aktion"),
    "board.steps": ("What happens, step by step, each with the clause that makes it happen:",
                    "Lo que pasa, paso a paso, cada paso con la cláusula que lo causa:",
                    "Was geschieht, Schritt für Schritt, jeweils mit der Klausel, die es bewirkt:"),
    "board.state": ("turn {turn} · {who}'s turn · {phase}", "turno {turn} · turno de {who} · {phase}",
                    "Zug {turn} · {who} ist am Zug · {phase}"),
    "board.state.legacy": ("turn {turn} · {phase}", "turno {turn} · {phase}", "Zug {turn} · {phase}"),
    "board.phase.setup": ("set-up", "preparación de la partida", "Spielvorbereitung"),
    "board.aria": ("The position: {top} at the top, {bottom} at the bottom",
                   "La posición: {top} arriba, {bottom} abajo", "Die Stellung: {top} oben, {bottom} unten"),
    "board.deck": ("Deck", "Mazo", "Deck"),
    "board.security": ("Security", "Seguridad", "Sicherheit"),
    "board.hand": ("Hand", "Mano", "Hand"),
    "board.trash": ("Trash", "Trash", "Trash"),
    "board.eggs": ("Digi-Egg deck", "Mazo Digi-Egg", "Digi-Egg-Deck"),
    "board.breeding": ("Breeding area", "Área de cría", "Aufzuchtbereich"),
    "board.battle": ("Battle area", "Área de batalla", "Kampfbereich"),
    "board.memory": ("Memory", "Memoria", "Speicher"),
    "board.empty": ("empty", "vacía", "leer"),
    "board.level": ("Lv.{level}", "Lv.{level}", "Lv.{level}"),
    "board.dp": ("{dp} DP", "{dp} DP", "{dp} DP"),
    "board.cards.one": ("{n} card", "{n} carta", "{n} Karte"),
    "board.cards.other": ("{n} cards", "{n} cartas", "{n} Karten"),
    "board.suspended": ("suspended", "suspendido", "suspendiert"),
    "board.protected": ("protected", "protegida", "geschützt"),
    "board.group": ("Group of {tamer}", "Grupo de {tamer}", "Gruppe von {tamer}"),
    "board.no_group": ("No group", "Sin grupo", "Ohne Gruppe"),
    "board.category.tamer": ("Tamer", "Tamer", "Tamer"),
    "board.category.option": ("Option", "Option", "Option"),
    "board.category.digi-egg": ("Digi-Egg", "Digi-Egg", "Digi-Egg"),
    "board.category.digimon": ("Digimon", "Digimon", "Digimon"),
    "board.points": ("Points", "Puntos", "Punkte"),
    "board.network": ("Network Sea", "Mar de la Red", "Netzwerk-Meer"),
    "board.darkness": ("Darkness", "Oscuridad", "Finsternis"),
    "board.digimon_box": ("Digimon Box", "Digimon Box", "Digimon Box"),
    "board.evolution": ("Evolution Box", "Evolution Box", "Evolution Box"),
    "board.power": ("Power Box", "Power Box", "Power Box"),
    "board.exchange": ("Exchange", "Intercambio", "Tausch"),
    "board.support": ("Support Box", "Support Box", "Support Box"),
    "board.slot": ("Slot {n}", "Slot {n}", "Slot {n}"),
    "board.face_down": ("face down", "boca abajo", "verdeckt"),
    "board.attack": ("attack", "ataque", "Angriff"),
    "board.battle_type": ("type {type}", "tipo {type}", "Typ {type}"),

    # -- deck checks (judgebase/deck.py, deck_cli.py): the JSON output keeps the English message ---
    "deck.legal": ("LEGAL", "LEGAL", "LEGAL"),
    "deck.not_legal": ("NOT LEGAL", "NO LEGAL", "NICHT LEGAL"),
    "deck.verdict": ("{verdict}  {source} · {format} format", "{verdict}  {source} · formato {format}",
                     "{verdict}  {source} · Format {format}"),
    "deck.format.official": ("official", "oficial", "offiziell"),
    "deck.format.tamer_tactics": ("Tamer Tactics", "Tamer Tactics", "Tamer Tactics"),
    "deck.problems": ("{n} problem(s):", "{n} problema(s):", "{n} Problem(e):"),
    "deck.warning": ("warning: {text}", "aviso: {text}", "Warnung: {text}"),
    "deck.restriction_list": ("restriction list: {file}", "lista de restricciones: {file}", "Beschränkungsliste: {file}"),
    "deck.error": ("Error: {message}", "Error: {message}", "Fehler: {message}"),
    "deck.rule.junk": ("deck list format", "formato de la lista", "Format der Deckliste"),
    "deck.rule.restriction_list": ("restriction list", "lista de restricciones", "Beschränkungsliste"),
    "deck.summary.main": ("main deck {n}", "mazo principal {n}", "Hauptdeck {n}"),
    "deck.summary.pile": ("Tamer+Digi-Egg pile {n}", "pila Tamer+Digi-Egg {n}", "Tamer+Digi-Egg-Stapel {n}"),
    "deck.summary.eggs": ("Digi-Egg deck {n}", "mazo Digi-Egg {n}", "Digi-Egg-Deck {n}"),
    "deck.summary.unsorted": ("unsorted {n}", "sin clasificar {n}", "nicht zugeordnet {n}"),
    "deck.summary.unreadable.one": ("{total:,} cards read, {units} could not be read",
                                    "{total:,} cartas leídas, {units} no se pudo leer",
                                    "{total:,} Karten gelesen, {units} konnte nicht gelesen werden"),
    "deck.summary.unreadable.other": ("{total:,} cards read, {units} could not be read",
                                      "{total:,} cartas leídas, {units} no se pudieron leer",
                                      "{total:,} Karten gelesen, {units} konnten nicht gelesen werden"),
    "deck.summary.digimon": ("Digimon {n}", "Digimon {n}", "Digimon {n}"),
    "deck.summary.tamers": ("Tamers {n}", "Tamers {n}", "Tamer {n}"),
    "deck.summary.options": ("Options {n}", "Options {n}", "Options {n}"),
    "deck.summary.digi_eggs": ("Digi-Eggs {n}", "Digi-Eggs {n}", "Digi-Eggs {n}"),
    "deck.summary.tokens": ("tokens {n}", "tokens {n}", "Token {n}"),
    "deck.summary.unknown": ("unknown {n}", "desconocidas {n}", "unbekannt {n}"),
    "deck.units.line.one": ("{n:,} line", "{n:,} línea", "{n:,} Zeile"),
    "deck.units.line.other": ("{n:,} lines", "{n:,} líneas", "{n:,} Zeilen"),
    "deck.units.entry.one": ("{n:,} entry", "{n:,} entrada", "{n:,} Eintrag"),
    "deck.units.entry.other": ("{n:,} entries", "{n:,} entradas", "{n:,} Einträge"),
    "deck.unit.line.one": ("line", "línea", "Zeile"),
    "deck.unit.line.other": ("lines", "líneas", "Zeilen"),
    "deck.unit.entry.one": ("entry", "entrada", "Eintrag"),
    "deck.unit.entry.other": ("entries", "entradas", "Einträge"),
    "deck.at": ("{loc}: {text}", "{loc}: {text}", "{loc}: {text}"),
    "deck.card": ("{title}{lines}", "{title}{lines}", "{title}{lines}"),
    "deck.on_lines": (" (lines {lines})", " (líneas {lines})", " (Zeilen {lines})"),
    "deck.on_lines.more": (" (lines {lines} and {more:,} more)", " (líneas {lines} y {more:,} más)",
                           " (Zeilen {lines} und {more:,} weitere)"),
    "deck.a.digimon": ("a Digimon", "un Digimon", "ein Digimon"),
    "deck.a.tamer": ("a Tamer", "un Tamer", "ein Tamer"),
    "deck.a.option": ("an Option", "una carta Option", "eine Option"),
    "deck.a.digi-egg": ("a Digi-Egg", "un Digi-Egg", "ein Digi-Egg"),
    "deck.a.token": ("a Token", "un token", "ein Token"),
    "deck.a.other": ("a {category}", "un {category}", "ein {category}"),
    "deck.did_you_mean.1": ("; did you mean {a}?", "; ¿quisiste decir {a}?", "; meintest du {a}?"),
    "deck.did_you_mean.2": ("; did you mean {a} or {b}?", "; ¿quisiste decir {a} o {b}?", "; meintest du {a} oder {b}?"),
    "deck.did_you_mean.3": ("; did you mean {a} or {b} or {c}?", "; ¿quisiste decir {a}, {b} o {c}?",
                            "; meintest du {a}, {b} oder {c}?"),
    # lines that can't be read
    "deck.junk.surrogate": (
        "a lone surrogate (U+{code}) in {shown!r}: half of a UTF-16 pair, not a character "
        "(a broken \\u escape or a badly converted file)",
        "un sustituto suelto (U+{code}) en {shown!r}: la mitad de un par UTF-16, no un carácter "
        "(un escape \\u roto o un archivo mal convertido)",
        "ein einzelnes Surrogat (U+{code}) in {shown!r}: die Hälfte eines UTF-16-Paars, kein Zeichen "
        "(ein kaputtes \\u-Escape oder eine schlecht umgewandelte Datei)"),
    "deck.junk.control": ("a control character (U+{code}) in {shown!r}: a deck list is plain text",
                          "un carácter de control (U+{code}) en {shown!r}: una lista de mazo es texto plano",
                          "ein Steuerzeichen (U+{code}) in {shown!r}: eine Deckliste ist reiner Text"),
    "deck.junk.not_a_line": ("not a card line or a known section header: {shown!r}{hint}",
                             "no es una línea de carta ni un encabezado de sección conocido: {shown!r}{hint}",
                             "weder eine Kartenzeile noch eine bekannte Abschnittsüberschrift: {shown!r}{hint}"),
    "deck.junk.no_count": ("no copy count in {shown!r} (write it first: '1 {body}')",
                           "no hay número de copias en {shown!r} (escríbelo primero: '1 {body}')",
                           "keine Anzahl in {shown!r} (schreib sie zuerst: '1 {body}')"),
    "deck.junk.implausible": (
        "count {digits} in {shown!r} is not a plausible number of copies (a main deck has {size} cards)",
        "{digits} en {shown!r} no es un número de copias verosímil (un mazo principal tiene {size} cartas)",
        "die Anzahl {digits} in {shown!r} ist keine glaubhafte Zahl von Exemplaren (ein Hauptdeck hat {size} Karten)"),
    "deck.junk.zero": ("a count of {count} in {shown!r}: a listed card needs at least 1 copy",
                       "{count} copias en {shown!r}: una carta de la lista necesita al menos 1 copia",
                       "Anzahl {count} in {shown!r}: eine gelistete Karte braucht mindestens 1 Exemplar"),
    "deck.junk.no_card": ("a count but no card in {shown!r}", "un número de copias pero ninguna carta en {shown!r}",
                          "eine Anzahl, aber keine Karte in {shown!r}"),
    "deck.junk.many_numbers": ("more than one card number ({listed}) in {shown!r}",
                               "más de un número de carta ({listed}) en {shown!r}",
                               "mehr als eine Kartennummer ({listed}) in {shown!r}"),
    "deck.junk.no_number": ("no card number in {shown!r}{hint}", "no hay número de carta en {shown!r}{hint}",
                            "keine Kartennummer in {shown!r}{hint}"),
    "deck.junk.no_number_hint": (" (cards are identified by number, e.g. '4 Agumon BT1-010')",
                                 " (las cartas se identifican por su número, p. ej. '4 Agumon BT1-010')",
                                 " (Karten werden an ihrer Nummer erkannt, z. B. '4 Agumon BT1-010')"),
    "deck.junk.ambiguous_name": (
        "no card number in {shown!r}, and the card file has {n} cards of that name ({numbers})",
        "no hay número de carta en {shown!r}, y el archivo de cartas tiene {n} cartas con ese nombre ({numbers})",
        "keine Kartennummer in {shown!r}, und die Kartendatei hat {n} Karten dieses Namens ({numbers})"),
    "deck.more_unreadable.one": (
        "{n:,} more {unit} could not be read (the first {listed:,} are listed); is this a deck list?",
        "no se pudo leer {n:,} {unit} más (se listan las primeras {listed:,}); ¿es esto una lista de mazo?",
        "{n:,} weitere(r) {unit} konnte nicht gelesen werden (die ersten {listed:,} sind aufgeführt); "
        "ist das eine Deckliste?"),
    "deck.more_unreadable.other": (
        "{n:,} more {unit} could not be read (the first {listed:,} are listed); is this a deck list?",
        "no se pudieron leer {n:,} {unit} más (se listan las primeras {listed:,}); ¿es esto una lista de mazo?",
        "{n:,} weitere {unit} konnten nicht gelesen werden (die ersten {listed:,} sind aufgeführt); "
        "ist das eine Deckliste?"),
    "deck.token_line": ("{count} {name}: a token is not a card that can be in a deck",
                        "{count} {name}: un token no es una carta que pueda estar en un mazo",
                        "{count} {name}: ein Token ist keine Karte, die in einem Deck sein kann"),
    # JSON lists
    "deck.json.unknown_key": ("unknown key {key!r} (use main, eggs, pile, tamers, digimon, options, deck or cards)",
                              "clave desconocida {key!r} (usa main, eggs, pile, tamers, digimon, options, deck o cards)",
                              "unbekannter Schlüssel {key!r} (verwende main, eggs, pile, tamers, digimon, options, "
                              "deck oder cards)"),
    "deck.json.not_a_list": ("{key!r} must be a list of cards, not {value}", "{key!r} debe ser una lista de cartas, no {value}",
                             "{key!r} muss eine Liste von Karten sein, nicht {value}"),
    "deck.json.not_an_object": (
        'an entry must be an object like {{"count": 4, "number": "BT1-010"}}, not {value}',
        'cada entrada debe ser un objeto como {{"count": 4, "number": "BT1-010"}}, no {value}',
        'ein Eintrag muss ein Objekt wie {{"count": 4, "number": "BT1-010"}} sein, nicht {value}'),
    "deck.json.in_key": ("{key!r}: {text}", "{key!r}: {text}", "{key!r}: {text}"),
    "deck.json.unknown_section": ("unknown section {value}", "sección desconocida {value}", "unbekannter Abschnitt {value}"),
    "deck.json.unknown_category": ("unknown category {value} (Digimon, Tamer, Option, Digi-Egg or Token)",
                                   "categoría desconocida {value} (Digimon, Tamer, Option, Digi-Egg o Token)",
                                   "unbekannte Kategorie {value} (Digimon, Tamer, Option, Digi-Egg oder Token)"),
    "deck.json.implausible": (
        "count {digits} is not a plausible number of copies (a main deck has {size} cards)",
        "{digits} no es un número de copias verosímil (un mazo principal tiene {size} cartas)",
        "die Anzahl {digits} ist keine glaubhafte Zahl von Exemplaren (ein Hauptdeck hat {size} Karten)"),
    "deck.json.count_type": ("'count' must be a whole number, got {value}",
                             "'count' debe ser un número entero, y es {value}",
                             "'count' muss eine ganze Zahl sein, ist aber {value}"),
    "deck.json.zero": ("a count of {count}: a listed card needs at least 1 copy",
                       "{count} copias: una carta de la lista necesita al menos 1 copia",
                       "Anzahl {count}: eine gelistete Karte braucht mindestens 1 Exemplar"),
    "deck.json.name_type": ("'name' must be text, got {value}", "'name' debe ser texto, y es {value}",
                            "'name' muss Text sein, ist aber {value}"),
    "deck.json.no_number": ('no card number ("number": "BT1-010")', 'no hay número de carta ("number": "BT1-010")',
                            'keine Kartennummer ("number": "BT1-010")'),
    "deck.json.not_a_number": ("{value!r} is not a card number{hint}", "{value!r} no es un número de carta{hint}",
                               "{value!r} ist keine Kartennummer{hint}"),
    "deck.json.number_hint": (" (like BT1-010, ST1-01, P-001)", " (como BT1-010, ST1-01, P-001)",
                              " (etwa BT1-010, ST1-01, P-001)"),
    # the deck rules, broken
    "deck.read_note.one": (" that could be read ({units} could not be read)", " legibles ({units} no se pudo leer)",
                           ", die gelesen werden konnten ({units} konnte nicht gelesen werden)"),
    "deck.read_note.other": (" that could be read ({units} could not be read)", " legibles ({units} no se pudieron leer)",
                             ", die gelesen werden konnten ({units} konnten nicht gelesen werden)"),
    "deck.size.main": ("the main deck has {count} cards{read_note}; it must have exactly {size}",
                       "el mazo principal tiene {count} cartas{read_note}; debe tener exactamente {size}",
                       "das Hauptdeck hat {count} Karten{read_note}; es muss genau {size} haben"),
    "deck.size.eggs": ("the Digi-Egg deck has {count} cards{read_note}; at most {most}",
                       "el mazo Digi-Egg tiene {count} cartas{read_note}; como máximo {most}",
                       "das Digi-Egg-Deck hat {count} Karten{read_note}; höchstens {most}"),
    "deck.size.pile": ("the Tamer+Digi-Egg pile has {count} cards{read_note}; it must have {low} to {high}",
                       "la pila Tamer+Digi-Egg tiene {count} cartas{read_note}; debe tener de {low} a {high}",
                       "der Tamer+Digi-Egg-Stapel hat {count} Karten{read_note}; er muss {low} bis {high} haben"),
    "deck.size.pile_tamers": ("the Tamer+Digi-Egg pile has {count} Tamers{read_note}; it needs {low} to {high}",
                              "la pila Tamer+Digi-Egg tiene {count} Tamers{read_note}; necesita de {low} a {high}",
                              "der Tamer+Digi-Egg-Stapel hat {count} Tamer{read_note}; er braucht {low} bis {high}"),
    "deck.size.pile_eggs": ("the Tamer+Digi-Egg pile has {count} Digi-Eggs{read_note}; it needs {low} to {high}",
                            "la pila Tamer+Digi-Egg tiene {count} Digi-Eggs{read_note}; necesita de {low} a {high}",
                            "der Tamer+Digi-Egg-Stapel hat {count} Digi-Eggs{read_note}; er braucht {low} bis {high}"),
    "deck.token": ("{count} × {card} is a token; tokens can't be put in a deck",
                   "{count} × {card} es un token; los tokens no pueden ponerse en un mazo",
                   "{count} × {card} ist ein Token; Token dürfen nicht ins Deck"),
    "deck.copies.pile_tamers": (
        "{count} copies of the Tamer {card} in the pile; each Tamer must have a different card number ({high} copy each)",
        "{count} copias del Tamer {card} en la pila; cada Tamer debe tener un número de carta distinto ({high} copia de cada uno)",
        "{count} Exemplare des Tamers {card} im Stapel; jeder Tamer braucht eine andere Kartennummer ({high} Exemplar je Tamer)"),
    "deck.copies.pile_eggs": ("{count} copies of the Digi-Egg {card} in the pile; at most {high}",
                              "{count} copias del Digi-Egg {card} en la pila; como máximo {high}",
                              "{count} Exemplare des Digi-Eggs {card} im Stapel; höchstens {high}"),
    "deck.copies.main": ("{count} copies of {card} in the main deck; at most {high}",
                         "{count} copias de {card} en el mazo principal; como máximo {high}",
                         "{count} Exemplare von {card} im Hauptdeck; höchstens {high}"),
    "deck.copies.eggs": ("{count} copies of {card} in the Digi-Egg deck; at most {high}",
                         "{count} copias de {card} en el mazo Digi-Egg; como máximo {high}",
                         "{count} Exemplare von {card} im Digi-Egg-Deck; höchstens {high}"),
    "deck.copies.unsorted": ("{count} copies of {card} in the list; at most {high}",
                             "{count} copias de {card} en la lista; como máximo {high}",
                             "{count} Exemplare von {card} in der Liste; höchstens {high}"),
    "deck.unknown.unsorted.official": ("{title}: category unknown: main deck or Digi-Egg deck?",
                                       "{title}: categoría desconocida: ¿mazo principal o mazo Digi-Egg?",
                                       "{title}: Kategorie unbekannt: Hauptdeck oder Digi-Egg-Deck?"),
    "deck.unknown.unsorted.tamer_tactics": ("{title}: category unknown: main deck or Tamer+Digi-Egg pile?",
                                            "{title}: categoría desconocida: ¿mazo principal o pila Tamer+Digi-Egg?",
                                            "{title}: Kategorie unbekannt: Hauptdeck oder Tamer+Digi-Egg-Stapel?"),
    "deck.unknown.main": (
        "{title}: category unknown; Tamer Tactics needs it to tell that the main deck holds only Digimon and Options "
        "(list it under Digimon or Options, or give --cards)",
        "{title}: categoría desconocida; Tamer Tactics la necesita para saber que el mazo principal solo tiene Digimon "
        "y Options (ponla bajo Digimon u Options, o pasa --cards)",
        "{title}: Kategorie unbekannt; Tamer Tactics braucht sie, um zu prüfen, dass das Hauptdeck nur Digimon und "
        "Options enthält (führe sie unter Digimon oder Options auf oder gib --cards an)"),
    "deck.unknown.pile": (
        "{title}: category unknown; Tamer Tactics needs it to count the pile's Tamers and Digi-Eggs "
        "(list it under Tamers or Digi-Egg, or give --cards)",
        "{title}: categoría desconocida; Tamer Tactics la necesita para contar los Tamers y Digi-Eggs de la pila "
        "(ponla bajo Tamers o Digi-Egg, o pasa --cards)",
        "{title}: Kategorie unbekannt; Tamer Tactics braucht sie, um die Tamer und Digi-Eggs des Stapels zu zählen "
        "(führe sie unter Tamers oder Digi-Egg auf oder gib --cards an)"),
    "deck.category.eggs": ("{count} × {card} is {a_category} in the Digi-Egg deck; only Digi-Eggs go there",
                           "{count} × {card} es {a_category} en el mazo Digi-Egg; allí solo van Digi-Eggs",
                           "{count} × {card} ist {a_category} im Digi-Egg-Deck; dorthin gehören nur Digi-Eggs"),
    "deck.category.pile": (
        "{count} × {card} is {a_category} in the Tamer+Digi-Egg pile, which holds only Tamers and Digi-Eggs",
        "{count} × {card} es {a_category} en la pila Tamer+Digi-Egg, que solo tiene Tamers y Digi-Eggs",
        "{count} × {card} ist {a_category} im Tamer+Digi-Egg-Stapel, der nur Tamer und Digi-Eggs enthält"),
    "deck.category.main_egg": (
        "{count} × {card} is a Digi-Egg in the main deck; Digi-Eggs go in the Digi-Egg deck",
        "{count} × {card} es un Digi-Egg en el mazo principal; los Digi-Eggs van en el mazo Digi-Egg",
        "{count} × {card} ist ein Digi-Egg im Hauptdeck; Digi-Eggs gehören ins Digi-Egg-Deck"),
    "deck.category.main_tamer_tt": (
        "{count} × {card} is a Tamer in the main deck; in Tamer Tactics Tamers go in the Tamer+Digi-Egg pile",
        "{count} × {card} es un Tamer en el mazo principal; en Tamer Tactics los Tamers van en la pila Tamer+Digi-Egg",
        "{count} × {card} ist ein Tamer im Hauptdeck; in Tamer Tactics gehören Tamer in den Tamer+Digi-Egg-Stapel"),
    "deck.category.main_egg_tt": (
        "{count} × {card} is a Digi-Egg in the main deck; the main deck holds only Digimon and Options",
        "{count} × {card} es un Digi-Egg en el mazo principal; el mazo principal solo tiene Digimon y Options",
        "{count} × {card} ist ein Digi-Egg im Hauptdeck; das Hauptdeck enthält nur Digimon und Options"),
    "deck.unsorted": (
        "{n} card number(s) can't be placed without their category, so the deck sizes weren't checked: list them "
        "under section headers (Digimon, Tamers, Options, Digi-Egg) or pass --cards",
        "{n} número(s) de carta no se pueden colocar sin su categoría, así que no se comprobó el tamaño de los mazos: "
        "ponlos bajo encabezados de sección (Digimon, Tamers, Options, Digi-Egg) o pasa --cards",
        "{n} Kartennummer(n) lassen sich ohne ihre Kategorie nicht zuordnen, daher wurden die Deckgrößen nicht geprüft: "
        "führe sie unter Abschnittsüberschriften auf (Digimon, Tamers, Options, Digi-Egg) oder gib --cards an"),
    "deck.banned": ("{card} is banned", "{card} está prohibida", "{card} ist verboten"),
    "deck.restricted": ("{count} copies of {card}; it is {allowed}", "{count} copias de {card}; está {allowed}",
                        "{count} Exemplare von {card}; sie ist {allowed}"),
    "deck.allowed.banned": ("banned (0 copies)", "prohibida (0 copias)", "verboten (0 Exemplare)"),
    "deck.allowed.one": ("restricted to {n} copy", "limitada a {n} copia", "auf {n} Exemplar beschränkt"),
    "deck.allowed.other": ("restricted to {n} copies", "limitada a {n} copias", "auf {n} Exemplare beschränkt"),
    "deck.banned_pair": ("{a} and {b} are a banned pair: a deck may hold one or the other, not both",
                         "{a} y {b} son una pareja prohibida: un mazo puede tener una u otra, no las dos",
                         "{a} und {b} sind ein verbotenes Paar: ein Deck darf die eine oder die andere enthalten, "
                         "nicht beide"),
    # warnings
    "deck.note.name_only": ("{name!r} has no card number; the card file's only {filed} is {number}",
                            "{name!r} no tiene número de carta; la única carta llamada {filed} en el archivo de cartas "
                            "es {number}",
                            "{name!r} hat keine Kartennummer; die einzige Karte namens {filed} in der Kartendatei "
                            "ist {number}"),
    "deck.note.header_count": ("the header {label!r} says {declared} cards but {listed} are listed under it",
                               "el encabezado {label!r} dice {declared} cartas, pero debajo hay {listed}",
                               "die Überschrift {label!r} nennt {declared} Karten, darunter stehen aber {listed}"),
    "deck.note.capped": ("{n:,} more warnings are not listed", "no se listan {n:,} avisos más",
                         "{n:,} weitere Warnungen werden nicht aufgeführt"),
    "deck.note.declared_format": ("the list says format {declared!r}; it was checked as {format}",
                                  "la lista dice formato {declared!r}; se comprobó como {format}",
                                  "die Liste nennt das Format {declared!r}; geprüft wurde sie als {format}"),
    "deck.note.no_restrictions": (
        "no restriction list was given, so banned and restricted cards were not checked",
        "no se dio ninguna lista de restricciones, así que no se comprobaron las cartas prohibidas ni las limitadas",
        "es wurde keine Beschränkungsliste angegeben, daher wurden verbotene und beschränkte Karten nicht geprüft"),
    "deck.note.category_differs": (
        "{number} is listed as {listed} but the card file says {filed}; using {filed}",
        "{number} figura como {listed}, pero el archivo de cartas dice {filed}; se usa {filed}",
        "{number} ist als {listed} aufgeführt, die Kartendatei sagt aber {filed}; verwendet wird {filed}"),
    "deck.note.not_in_cards": ("{number} is not in the card file", "{number} no está en el archivo de cartas",
                               "{number} steht nicht in der Kartendatei"),
    "deck.note.name_differs": (
        "{number} is {filed!r} in the card file but {listed!r} in the list: check the number",
        "{number} es {filed!r} en el archivo de cartas pero {listed!r} en la lista: revisa el número",
        "{number} ist {filed!r} in der Kartendatei, aber {listed!r} in der Liste: prüfe die Nummer"),

    # -- rebuilding the default database (judgebase/defaults.py, build.py) -----------------------
    "cli.rebuild.first_use": ("first use", "primer uso", "erste Verwendung"),
    "cli.rebuild.sources_changed": ("sources changed", "las fuentes han cambiado", "die Quellen haben sich geändert"),
    "cli.rebuild.unreadable": ("the database can't be read ({error})", "no se puede leer la base de datos ({error})",
                               "die Datenbank kann nicht gelesen werden ({error})"),
    "cli.rebuild.damaged": ("the database is damaged ({result})", "la base de datos está dañada ({result})",
                            "die Datenbank ist beschädigt ({result})"),
    "cli.rebuild.no_index": ("the database records no search index", "la base de datos no registra ningún índice de búsqueda",
                             "die Datenbank verzeichnet keinen Suchindex"),
    "cli.rebuild.index_damaged": ("the search index file {name} is damaged",
                                  "el archivo {name} del índice de búsqueda está dañado",
                                  "die Suchindexdatei {name} ist beschädigt"),
    "cli.rebuild.index_missing": ("the search index file {name} is missing", "falta el archivo {name} del índice de búsqueda",
                                  "die Suchindexdatei {name} fehlt"),
    "cli.rebuild.rebuilding": ("{reason}; rebuilding {path}", "{reason}; se reconstruye {path}",
                               "{reason}; {path} wird neu erstellt"),
    "cli.rebuild.building": ("Building the rules database from {root} ({why})…",
                             "Construyendo la base de datos de reglas a partir de {root} ({why})…",
                             "Die Regeldatenbank wird aus {root} erstellt ({why})…"),
    "cli.rebuild.waiting": ("waiting for another build of {path} to finish…",
                            "esperando a que termine otra construcción de {path}…",
                            "warte, bis ein anderer Aufbau von {path} fertig ist…"),
    "cli.rebuild.advice": (
        "build one elsewhere with `judgebase build --db PATH` and pass --db PATH, or set JUDGEBASE_DB",
        "construye una en otro lugar con `judgebase build --db PATH` y pasa --db PATH, o define JUDGEBASE_DB",
        "erstelle eine an anderer Stelle mit `judgebase build --db PATH` und gib --db PATH an, oder setze JUDGEBASE_DB"),
    "cli.rebuild.stale": (
        "warning: can't rebuild {path} ({error}); using the existing database, which may be out of date; {advice}",
        "aviso: no se puede reconstruir {path} ({error}); se usa la base de datos existente, que puede estar "
        "desactualizada; {advice}",
        "Warnung: {path} kann nicht neu erstellt werden ({error}); die vorhandene Datenbank wird verwendet, sie ist "
        "womöglich veraltet; {advice}"),
    "cli.rebuild.cannot": ("can't build the rules database at {path} ({error}); {advice}",
                           "no se puede construir la base de datos de reglas en {path} ({error}); {advice}",
                           "die Regeldatenbank kann unter {path} nicht erstellt werden ({error}); {advice}"),
    "cli.rebuild.no_sources": (
        "no rules/ folder in {root}; set JUDGEBASE_SOURCE to a judgebase checkout or pass --db",
        "no hay ninguna carpeta rules/ en {root}; define JUDGEBASE_SOURCE con una copia de judgebase o pasa --db",
        "kein Ordner rules/ in {root}; setze JUDGEBASE_SOURCE auf eine judgebase-Arbeitskopie oder gib --db an"),
    "cli.rebuild.this_installation": ("this installation", "esta instalación", "dieser Installation"),

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
    "label.example": ("Example", "Ejemplo", "Beispiel"),
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
    "cli.verify.recheck": ("TO RE-CHECK", "REVISAR", "NEU PRÜFEN"),
    "cli.verify.recheck.changed": (
        "{clause} changed since it was pinned ({old} -> {new})",
        "{clause} cambió desde que se fijó ({old} -> {new})",
        "{clause} hat sich seit dem Festschreiben geändert ({old} -> {new})"),
    "cli.verify.recheck.unpinned": (
        "{clause} is not pinned yet (a new scenario or a new citation)",
        "{clause} aún no está fijada (un escenario nuevo o una cita nueva)",
        "{clause} ist noch nicht festgeschrieben (ein neues Szenario oder ein neues Zitat)"),
    "cli.verify.recheck.missing": (
        "{clause} is not a clause of the sources (any more)",
        "{clause} no es (ya) una cláusula de las fuentes",
        "{clause} ist (nicht mehr) eine Klausel der Quellen"),
    "cli.verify.recheck.summary.one": (
        "1 citation to re-check: read its scenario again against the clause as it reads now "
        "(judgebase clause REF), correct it if needed, then pin it: judgebase verify --repin FILE",
        "1 cita por revisar: vuelve a leer su escenario frente a la cláusula tal como dice ahora "
        "(judgebase clause REF), corrígelo si hace falta y fíjalo: judgebase verify --repin ARCHIVO",
        "1 Zitat neu zu prüfen: sein Szenario noch einmal gegen den jetzigen Text der Klausel lesen "
        "(judgebase clause REF), wenn nötig korrigieren, dann festschreiben: judgebase verify --repin DATEI"),
    "cli.verify.recheck.summary.other": (
        "{n} citations to re-check, in {scenarios} of the scenarios: read each scenario again against its clause as it "
        "reads now (judgebase clause REF), correct it if needed, then pin it: judgebase verify --repin FILE ...",
        "{n} citas por revisar, en {scenarios} de los escenarios: vuelve a leer cada escenario frente a su cláusula tal "
        "como dice ahora (judgebase clause REF), corrígelo si hace falta y fíjalo: judgebase verify --repin ARCHIVO ...",
        "{n} Zitate neu zu prüfen, in {scenarios} der Szenarien: jedes Szenario noch einmal gegen den jetzigen Text "
        "seiner Klausel lesen (judgebase clause REF), wenn nötig korrigieren, dann festschreiben: "
        "judgebase verify --repin DATEI ..."),
    "cli.verify.repinned.one": (
        "1 pin changed in {lock}",
        "1 fijación cambiada en {lock}",
        "1 Festschreibung in {lock} geändert"),
    "cli.verify.repinned.other": (
        "{n} pins changed in {lock}",
        "{n} fijaciones cambiadas en {lock}",
        "{n} Festschreibungen in {lock} geändert"),
    "cli.verify.stale.one": (
        "note: 1 pin in {lock} is of a citation no scenario makes any more; judgebase verify --repin drops it",
        "nota: 1 fijación de {lock} es de una cita que ya ningún escenario hace; judgebase verify --repin la quita",
        "Hinweis: 1 Festschreibung in {lock} gehört zu einem Zitat, das kein Szenario mehr macht; "
        "judgebase verify --repin entfernt sie"),
    "cli.verify.stale.other": (
        "note: {n} pins in {lock} are of citations no scenario makes any more; judgebase verify --repin drops them",
        "nota: {n} fijaciones de {lock} son de citas que ya ningún escenario hace; judgebase verify --repin las quita",
        "Hinweis: {n} Festschreibungen in {lock} gehören zu Zitaten, die kein Szenario mehr macht; "
        "judgebase verify --repin entfernt sie"),
    "cli.verify.cannot_pin": (
        "cannot write {lock}: {error}",
        "no se puede escribir {lock}: {error}",
        "{lock} kann nicht geschrieben werden: {error}"),
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
    "cli.export.not_a_folder": (
        "{path} exists and is not a folder; choose a new folder name",
        "{path} existe y no es una carpeta; elige otro nombre de carpeta",
        "{path} existiert und ist kein Ordner; wähle einen neuen Ordnernamen"),
    "cli.export.not_empty": (
        "{path} is not empty and holds no previous export ({marker} is missing); nothing was changed. "
        "Choose a new or empty folder.",
        "{path} no está vacía y no contiene ninguna exportación anterior (falta {marker}); no se ha cambiado nada. "
        "Elige una carpeta nueva o vacía.",
        "{path} ist nicht leer und enthält keinen früheren Export ({marker} fehlt); nichts wurde geändert. "
        "Wähle einen neuen oder leeren Ordner."),
    "cli.no_database": (
        "no database at {path}; build it with: judgebase build --db {path}",
        "no hay ninguna base de datos en {path}; constrúyela con: judgebase build --db {path}",
        "keine Datenbank unter {path}; erstelle sie mit: judgebase build --db {path}"),
    "cli.build.cannot_write": (
        "can't write {path} ({error}); choose another place with --db PATH",
        "no se puede escribir {path} ({error}); elige otro lugar con --db RUTA",
        "{path} kann nicht geschrieben werden ({error}); wähle mit --db PFAD einen anderen Ort"),
    # the steps of a build, as its progress bars name them
    "cli.build.step.sources": ("reading sources", "leyendo las fuentes", "Quellen lesen"),
    "cli.build.step.scenarios": ("running scenarios", "ejecutando los escenarios", "Szenarien ausführen"),
    "cli.build.step.database": ("writing database", "escribiendo la base de datos", "Datenbank schreiben"),
    "cli.build.step.index": ("building search index", "construyendo el índice de búsqueda", "Suchindex erstellen"),
    "cli.lock.cannot_read": ("cannot read: {error}", "no se puede leer: {error}", "kann nicht gelesen werden: {error}"),
    "cli.lock.fields": (
        "expected 4 tab-separated fields: scenario, clause, version, fingerprint (rewrite the file with "
        "judgebase verify --repin)",
        "se esperaban 4 campos separados por tabuladores: escenario, cláusula, versión, huella (reescribe el archivo "
        "con judgebase verify --repin)",
        "erwartet: 4 durch Tabulatoren getrennte Felder: Szenario, Klausel, Version, Fingerabdruck (schreibe die "
        "Datei mit judgebase verify --repin neu)"),
    "cli.lock.fingerprint": (
        "{mark!r} is not a fingerprint (16 lowercase hex digits)",
        "{mark!r} no es una huella (16 dígitos hexadecimales en minúscula)",
        "{mark!r} ist kein Fingerabdruck (16 kleingeschriebene Hexadezimalziffern)"),
    "cli.lock.twice": ("{scenario} {clause} is pinned twice", "{scenario} {clause} está fijada dos veces",
                       "{scenario} {clause} ist zweimal festgeschrieben"),
    "cli.conformance.no_rulings": (
        "no rulings/ folder in {root}; pass --source or set JUDGEBASE_SOURCE",
        "no hay ninguna carpeta rulings/ en {root}; pasa --source o define JUDGEBASE_SOURCE",
        "kein Ordner rulings/ in {root}; gib --source an oder setze JUDGEBASE_SOURCE"),
    "cli.conformance.cannot_write": ("cannot write {path}: {error}", "no se puede escribir {path}: {error}",
                                     "{path} kann nicht geschrieben werden: {error}"),
    "cli.conformance.wrote": (
        "wrote {scenarios} scenarios ({in_protocol} in protocol {protocol}) and {clauses} cited clauses to {out}",
        "escritos {scenarios} escenarios ({in_protocol} en el protocolo {protocol}) y {clauses} cláusulas citadas "
        "en {out}",
        "{scenarios} Szenarien ({in_protocol} im Protokoll {protocol}) und {clauses} zitierte Klauseln nach {out} "
        "geschrieben"),
    "cli.conformance.recheck": (
        "warning: {n} citations to re-check (their clause changed since it was pinned); listed under to_recheck in "
        "{manifest}; see judgebase verify",
        "aviso: {n} citas por revisar (su cláusula cambió desde que se fijó); listadas en to_recheck de {manifest}; "
        "ver judgebase verify",
        "Warnung: {n} Zitate neu zu prüfen (ihre Klausel hat sich seit dem Festschreiben geändert); aufgeführt unter "
        "to_recheck in {manifest}; siehe judgebase verify"),
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
