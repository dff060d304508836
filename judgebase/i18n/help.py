"""The command line's help in es, en and de: ``key: (en, es, de)``, loaded only when help (or a
usage error) is shown, so a clause lookup never reads it.

- ``help.cmd.<command path>``: what each command does (``help.cmd.site.export``).
- ``help.opt.…``: what each option does; options that mean the same share an entry.
- ``help.metavar.<WORD>``: the placeholders of a usage line (``FILE`` -> ``ARCHIVO``).
- ``click.…``: click's own words ("Usage:", "Show this message and exit.", "Error: …"). click
  marks them with gettext; :data:`CLICK` maps each English original to its entry, and
  :mod:`judgebase.cli_words` hands click the translation.  The English text of a ``click.`` entry
  is exactly click's (``tests/test_i18n.py`` checks that click still says it), placeholders
  included, since click fills them in after translating.

A help text names a command's arguments by their placeholder, translated the same way as the
usage line shows it (``FILE`` is ``ARCHIVO`` in both).
"""

MESSAGES: dict[str, tuple[str, str, str]] = {
    # -- the commands ------------------------------------------------------------------------
    "help.cmd.judgebase": (
        "Digimon Card Game rules for judges: look up clauses, search rulings, in es/en/de.",
        "Reglas del Digimon Card Game para jueces: consulta cláusulas y busca resoluciones, en es/en/de.",
        "Regeln des Digimon Card Game für Judges: Klauseln nachschlagen, Entscheidungen suchen, auf es/en/de."),
    "help.cmd.build": (
        "Check every source and build the database and search index (all or nothing).",
        "Comprueba todas las fuentes y construye la base de datos y el índice de búsqueda (todo o nada).",
        "Prüft jede Quelle und erstellt Datenbank und Suchindex (alles oder nichts)."),
    "help.cmd.search": (
        'Search clauses, rulings and keywords: "6-1-4", "§2.2", "blocker propio objetivo".',
        'Busca cláusulas, resoluciones y palabras clave: "6-1-4", "§2.2", "bloquear propio objetivo".',
        'Sucht Klauseln, Entscheidungen und Schlüsselwörter: "6-1-4", "§2.2", "Blocker eigenes Ziel".'),
    "help.cmd.clause": (
        "Show one clause: text, parent, children, rulings, source, history.",
        "Muestra una cláusula: texto, cláusula superior, subcláusulas, resoluciones, fuente, historial.",
        "Zeigt eine Klausel: Text, übergeordnete Klausel, Unterklauseln, Entscheidungen, Quelle, Verlauf."),
    "help.cmd.ruling": (
        "Show one ruling: question, answer, citations, source, proof status.",
        "Muestra una resolución: pregunta, respuesta, citas, fuente, estado de la prueba.",
        "Zeigt eine Entscheidung: Frage, Antwort, Zitate, Quelle, Stand des Beweises."),
    "help.cmd.coverage": (
        "Proof coverage per chapter: clauses proven by a scenario, not testable, and the gaps.",
        "Cobertura de pruebas por capítulo: cláusulas probadas por un escenario, no comprobables y huecos.",
        "Beweisabdeckung je Kapitel: durch ein Szenario bewiesene Klauseln, nicht prüfbare und Lücken."),
    "help.cmd.verify": (
        "Run ruling scenarios through the engine; exit 1 if any fails, cites a clause none of its assertions carries, "
        "or cites a clause changed since it was pinned.",
        "Pasa los escenarios de las resoluciones por el motor; sale con 1 si alguno falla, cita una cláusula que "
        "ninguna de sus comprobaciones lleva, o cita una cláusula que cambió desde que se fijó.",
        "Spielt die Szenarien der Entscheidungen mit der Engine durch; Exit-Code 1, wenn eines scheitert, eine Klausel "
        "zitiert, die keine seiner Prüfungen trägt, oder eine "
        "Klausel zitiert, die sich seit dem Festschreiben geändert hat."),
    "help.cmd.explain": (
        "Print a scenario's event log (a file, or the one that proves a ruling), each event with its clause.",
        "Muestra el registro de eventos de un escenario (un archivo, o el que prueba una resolución), cada evento "
        "con su cláusula.",
        "Gibt das Ereignisprotokoll eines Szenarios aus (einer Datei oder des Szenarios, das eine Entscheidung "
        "beweist), jedes Ereignis mit seiner Klausel."),
    "help.cmd.serve": (
        "The judge's pages and datasette over the database (read-only), on 127.0.0.1.",
        "Las páginas del juez y datasette sobre la base de datos (solo lectura), en 127.0.0.1.",
        "Die Judge-Seiten und datasette über der Datenbank (nur lesend), auf 127.0.0.1."),
    "help.cmd.site": (
        "The judge's web pages as static files.",
        "Las páginas web del juez como archivos estáticos.",
        "Die Webseiten für Judges als statische Dateien."),
    "help.cmd.site.export": (
        "Write every page as static HTML with offline search (open OUT_DIR/index.html).",
        "Escribe cada página como HTML estático con búsqueda sin conexión (abre CARPETA/index.html).",
        "Schreibt jede Seite als statisches HTML mit Offline-Suche (öffne ORDNER/index.html)."),
    "help.cmd.deck": (
        "Deck lists: check legality for the official format or Tamer Tactics.",
        "Listas de mazo: comprueba si son legales en el formato oficial o en Tamer Tactics.",
        "Decklisten: prüft, ob sie im offiziellen Format oder in Tamer Tactics legal sind."),
    "help.cmd.deck.check": (
        "Check the deck list FILE (plain text or JSON; '-' reads standard input).",
        "Comprueba la lista de mazo ARCHIVO (texto plano o JSON; '-' lee la entrada estándar).",
        "Prüft die Deckliste DATEI (einfacher Text oder JSON; '-' liest die Standardeingabe)."),
    "help.cmd.conformance": (
        "Run the ruling scenarios against any engine that speaks the conformance protocol.",
        "Pasa los escenarios de las resoluciones por cualquier motor que hable el protocolo de conformidad.",
        "Spielt die Szenarien der Entscheidungen mit jeder Engine durch, die das Konformitätsprotokoll spricht."),
    "help.cmd.conformance.run": (
        "Drive every scenario through the engine; exit 1 on an unexpected failure or pass, 2 if the engine can't "
        "start.",
        "Pasa cada escenario por el motor; sale con 1 ante un fallo o un acierto inesperado, con 2 si el motor no "
        "puede arrancar.",
        "Spielt jedes Szenario mit der Engine durch; Exit-Code 1 bei einem unerwarteten Fehlschlag oder Erfolg, 2, "
        "wenn die Engine nicht starten kann."),
    "help.cmd.conformance.export": (
        "Write the suite as plain JSON into OUT_DIR (scenarios, schema, contract, clause texts, manifest).",
        "Escribe la batería como JSON simple en CARPETA (escenarios, esquema, contrato, textos de las cláusulas, "
        "manifiesto).",
        "Schreibt die Testsammlung als einfaches JSON nach ORDNER (Szenarien, Schema, Vertrag, Klauseltexte, "
        "Manifest)."),

    # -- the options ---------------------------------------------------------------------------
    "help.opt.help": ("Show this message and exit.", "Muestra este mensaje y sale.", "Zeigt diese Hilfe an und beendet das Programm."),
    "help.opt.version": ("Show the version and exit.", "Muestra la versión y sale.", "Zeigt die Version an und beendet das Programm."),
    "help.opt.db": (
        "Database to use (default: built on first use from this checkout's sources).",
        "Base de datos que usar (por defecto: se construye en el primer uso a partir de las fuentes de esta copia).",
        "Zu verwendende Datenbank (Standard: beim ersten Gebrauch aus den Quellen dieser Arbeitskopie erstellt)."),
    "help.opt.source.rules": (
        "Checkout holding rules/ and rulings/.",
        "Copia que contiene rules/ y rulings/.",
        "Arbeitskopie mit rules/ und rulings/."),
    "help.opt.source.rulings": (
        "Checkout holding rulings/.",
        "Copia que contiene rulings/.",
        "Arbeitskopie mit rulings/."),
    "help.opt.quiet": ("No progress bar.", "Sin barra de progreso.", "Ohne Fortschrittsbalken."),
    "help.opt.allow_gaps": ("Build even when a clause is neither proven by a scenario nor listed as not testable "
                            "(a source tree being written); judgebase coverage lists those gaps.",
                            "Construir aunque alguna cláusula no esté probada por un escenario ni listada como no comprobable "
                            "(un árbol de fuentes en elaboración); judgebase coverage muestra esas lagunas.",
                            "Auch bauen, wenn eine Klausel weder durch ein Szenario bewiesen noch als nicht prüfbar gelistet ist "
                            "(ein Quellbaum in Arbeit); judgebase coverage listet diese Lücken."),
    "help.opt.lang": (
        "Language of the text and the labels (default: $JUDGEBASE_LANG, else your locale's language, else en).",
        "Idioma del texto y de las etiquetas (por defecto: $JUDGEBASE_LANG; si no, el idioma de tu configuración "
        "regional; si no, en).",
        "Sprache des Textes und der Beschriftungen (Standard: $JUDGEBASE_LANG, sonst die Sprache deiner "
        "Locale-Einstellung, sonst en)."),
    "help.opt.lang.search": (
        "Language of titles and snippets (default: guessed from the query).",
        "Idioma de los títulos y los fragmentos (por defecto: el que se deduce de la consulta).",
        "Sprache der Titel und Textausschnitte (Standard: aus der Suchanfrage erraten)."),
    "help.opt.lang.export": (
        "Language shown first (default: $JUDGEBASE_LANG, else your locale's language, else en).",
        "Idioma que se muestra primero (por defecto: $JUDGEBASE_LANG; si no, el idioma de tu configuración "
        "regional; si no, en).",
        "Sprache, die zuerst gezeigt wird (Standard: $JUDGEBASE_LANG, sonst die Sprache deiner "
        "Locale-Einstellung, sonst en)."),
    "help.opt.lang.deck": (
        "Language of the report (default: $JUDGEBASE_LANG, else your locale's language, else en).",
        "Idioma del informe (por defecto: $JUDGEBASE_LANG; si no, el idioma de tu configuración regional; "
        "si no, en).",
        "Sprache des Berichts (Standard: $JUDGEBASE_LANG, sonst die Sprache deiner Locale-Einstellung, sonst en)."),
    "help.opt.ruleset": ("Only this ruleset.", "Solo este reglamento.", "Nur dieses Regelwerk."),
    "help.opt.ruleset.scenarios": (
        "Only this ruleset's scenarios.", "Solo los escenarios de este reglamento.", "Nur die Szenarien dieses Regelwerks."),
    "help.opt.kind": (
        "Only clauses, rulings or keywords.", "Solo cláusulas, resoluciones o palabras clave.",
        "Nur Klauseln, Entscheidungen oder Schlüsselwörter."),
    "help.opt.limit": ("How many results at most.", "Cuántos resultados como máximo.", "Höchstens so viele Ergebnisse."),
    "help.opt.json.list": ("Print a JSON list.", "Imprime una lista JSON.", "Gibt eine JSON-Liste aus."),
    "help.opt.chapter": ("Only chapter N (of every ruleset, or of --ruleset).",
                         "Solo el capítulo N (de cada reglamento, o del de --ruleset).",
                         "Nur Kapitel N (jedes Regelwerks oder des mit --ruleset gewählten)."),
    "help.opt.json.coverage": ("Print a JSON object: totals, per ruleset and per chapter.",
                               "Imprime un objeto JSON: totales, por reglamento y por capítulo.",
                               "Gibt ein JSON-Objekt aus: Summen, je Regelwerk und je Kapitel."),
    "help.opt.check.coverage": ("Exit 1 while a clause is neither proven nor listed as not testable.",
                                "Sale con 1 mientras haya una cláusula ni probada ni listada como no comprobable.",
                                "Beendet sich mit 1, solange eine Klausel weder bewiesen noch als nicht prüfbar gelistet ist."),
    "help.opt.json.object": ("Print a JSON object.", "Imprime un objeto JSON.", "Gibt ein JSON-Objekt aus."),
    "help.opt.json.deck": (
        "Print a JSON object (its messages are in English).",
        "Imprime un objeto JSON (sus mensajes están en inglés).",
        "Gibt ein JSON-Objekt aus (seine Meldungen sind auf Englisch)."),
    "help.opt.json.report": (
        "Print the report as a JSON object.", "Imprime el informe como un objeto JSON.",
        "Gibt den Bericht als JSON-Objekt aus."),
    "help.opt.cr_version": (
        "REF is numbered as in this older CR version (e.g. 4.0); shows today's clause.",
        "REF está numerada como en esta versión anterior de las CR (p. ej. 4.0); muestra la cláusula de hoy.",
        "REF ist nummeriert wie in dieser älteren CR-Version (z. B. 4.0); zeigt die heutige Klausel."),
    "help.opt.repin": (
        "Pin these scenarios' cited clauses as they read now (after re-checking them); see rulings/cites.lock.",
        "Fija las cláusulas que citan estos escenarios tal como dicen ahora (tras revisarlas); ver rulings/cites.lock.",
        "Schreibt die von diesen Szenarien zitierten Klauseln so fest, wie sie jetzt lauten (nachdem sie neu geprüft "
        "wurden); siehe rulings/cites.lock."),
    "help.opt.raw": (
        "Print the events as data instead of sentences.", "Imprime los eventos como datos en lugar de frases.",
        "Gibt die Ereignisse als Daten statt als Sätze aus."),
    "help.opt.host": (
        "Address to listen on.", "Dirección en la que escuchar.", "Adresse, auf der gelauscht wird."),
    "help.opt.port": ("Port to listen on.", "Puerto en el que escuchar.", "Port, auf dem gelauscht wird."),
    "help.opt.deck.format": (
        "The format to check against.", "El formato con el que comprobar.", "Das Format, gegen das geprüft wird."),
    "help.opt.deck.cards": (
        "CSV card file: number,name,category,level (tells Digimon, Tamers, Options and Digi-Eggs apart).",
        "Archivo CSV de cartas: number,name,category,level (distingue Digimon, Tamers, Options y Digi-Eggs).",
        "CSV-Kartendatei: number,name,category,level (unterscheidet Digimon, Tamer, Options und Digi-Eggs)."),
    "help.opt.deck.restrictions": (
        "Restriction list YAML (default: rules/restrictions.yaml).",
        "Lista de restricciones en YAML (por defecto: rules/restrictions.yaml).",
        "Beschränkungsliste als YAML (Standard: rules/restrictions.yaml)."),
    "help.opt.engine": (
        'The engine command, e.g. "python -m judgebase.conformance.adapter" or "node my-engine.js".',
        'El comando que arranca el motor, p. ej. "python -m judgebase.conformance.adapter" o "node my-engine.js".',
        'Der Befehl, der die Engine startet, z. B. "python -m judgebase.conformance.adapter" oder '
        '"node my-engine.js".'),
    "help.opt.expect_failures": (
        "Scenario ids expected to fail, one per line; such a scenario that passes is an error.",
        "Ids de escenarios que se espera que fallen, uno por línea; si uno de ellos pasa, es un error.",
        "IDs von Szenarien, die scheitern sollen, eine pro Zeile; besteht eines davon, ist das ein Fehler."),
    "help.opt.junit": (
        "Also write JUnit XML here.", "Escribe también XML de JUnit aquí.", "Schreibt außerdem JUnit-XML hierhin."),
    "help.opt.isolate": (
        "Start the engine afresh for every scenario.", "Arranca el motor de nuevo para cada escenario.",
        "Startet die Engine für jedes Szenario neu."),
    "help.opt.timeout": (
        "Seconds one scenario may take (hello included).",
        "Segundos que puede durar un escenario (hello incluido).",
        "Sekunden, die ein Szenario dauern darf (hello eingeschlossen)."),
    "help.opt.verbose": (
        "List passing and unsupported scenarios too.",
        "Lista también los escenarios que pasan y los no soportados.",
        "Listet auch bestandene und nicht unterstützte Szenarien auf."),

    # -- the placeholders of a usage line --------------------------------------------------------
    "help.metavar.OPTIONS": ("OPTIONS", "OPCIONES", "OPTIONEN"),
    "help.metavar.COMMAND": ("COMMAND", "COMANDO", "BEFEHL"),
    "help.metavar.ARGS": ("ARGS", "ARGUMENTOS", "ARGUMENTE"),
    "help.metavar.FILE": ("FILE", "ARCHIVO", "DATEI"),
    "help.metavar.DIRECTORY": ("DIRECTORY", "CARPETA", "ORDNER"),
    "help.metavar.PATH": ("PATH", "RUTA", "PFAD"),
    "help.metavar.PATHS": ("PATHS", "RUTAS", "PFADE"),
    "help.metavar.TEXT": ("TEXT", "TEXTO", "TEXT"),
    "help.metavar.INTEGER": ("INTEGER", "ENTERO", "ZAHL"),
    "help.metavar.QUERY": ("QUERY", "CONSULTA", "SUCHE"),
    "help.metavar.RULING_ID": ("RULING_ID", "ID_RESOLUCIÓN", "ENTSCHEIDUNGS_ID"),
    "help.metavar.SCENARIO": ("SCENARIO", "ESCENARIO", "SZENARIO"),
    "help.metavar.OUT_DIR": ("OUT_DIR", "CARPETA", "ORDNER"),
    "help.metavar.CMD": ("CMD", "COMANDO", "BEFEHL"),
    "help.metavar.VER": ("VER", "VER", "VER"),
    "help.metavar.HOST": ("HOST", "HOST", "HOST"),
    "help.metavar.SECONDS": ("SECONDS", "SEGUNDOS", "SEKUNDEN"),
    # the names click gives a number type in its messages ("'x' is not a valid integer range.")
    "help.type.integer_range": ("integer range", "un número entero", "eine ganze Zahl"),
    "help.type.float_range": ("float range", "un número", "eine Zahl"),

    # -- click's own words (the English text is click's, exactly) --------------------------------
    "click.usage": ("Usage:", "Uso:", "Aufruf:"),
    "click.options": ("Options", "Opciones", "Optionen"),
    "click.arguments": ("Positional arguments", "Argumentos", "Argumente"),
    "click.commands": ("Commands", "Comandos", "Befehle"),
    "click.help": ("Show this message and exit.", "Muestra este mensaje y sale.", "Zeigt diese Hilfe an und beendet das Programm."),
    "click.version": ("Show the version and exit.", "Muestra la versión y sale.", "Zeigt die Version an und beendet das Programm."),
    "click.default": ("default: {default}", "por defecto: {default}", "Standard: {default}"),
    "click.env_var": ("env var: {var}", "variable de entorno: {var}", "Umgebungsvariable: {var}"),
    "click.required": ("required", "obligatoria", "erforderlich"),
    "click.dynamic": ("(dynamic)", "(dinámico)", "(dynamisch)"),
    "click.deprecated": ("deprecated", "obsoleta", "veraltet"),
    "click.aborted": ("Aborted!", "¡Cancelado!", "Abgebrochen!"),
    "click.error": ("Error: {message}", "Error: {message}", "Fehler: {message}"),
    "click.try_help": ("Try '{command} {option}' for help.", "Prueba '{command} {option}' para ver la ayuda.",
                       "Hilfe gibt es mit '{command} {option}'."),
    "click.invalid_value": ("Invalid value: {message}", "Valor no válido: {message}", "Ungültiger Wert: {message}"),
    "click.invalid_value_for": ("Invalid value for {param_hint}: {message}", "Valor no válido para {param_hint}: {message}",
                                "Ungültiger Wert für {param_hint}: {message}"),
    "click.missing_argument": ("Missing argument", "Falta el argumento", "Fehlendes Argument"),
    "click.missing_option": ("Missing option", "Falta la opción", "Fehlende Option"),
    "click.missing_parameter": ("Missing parameter", "Falta el parámetro", "Fehlender Parameter"),
    "click.missing_type": ("Missing {param_type}", "Falta {param_type}", "Fehlt: {param_type}"),
    "click.missing_parameter_named": ("Missing parameter: {param_name}", "Falta el parámetro: {param_name}",
                                      "Fehlender Parameter: {param_name}"),
    "click.missing_command": ("Missing command.", "Falta el comando.", "Befehl fehlt."),
    "click.no_such_option": ("No such option {name!r}.", "No existe la opción {name!r}.", "Keine Option {name!r}."),
    "click.no_such_command": ("No such command {name!r}.", "No existe el comando {name!r}.", "Kein Befehl {name!r}."),
    "click.did_you_mean.one": ("Did you mean {possibility}?", "¿Querías decir {possibility}?", "Meintest du {possibility}?"),
    "click.did_you_mean.other": ("(Did you mean one of: {possibilities}?)", "(¿Querías decir una de: {possibilities}?)",
                                 "(Meintest du eines von: {possibilities}?)"),
    "click.extra_arguments.one": ("Got unexpected extra argument ({args})", "Sobra un argumento inesperado ({args})",
                                  "Unerwartetes zusätzliches Argument ({args})"),
    "click.extra_arguments.other": ("Got unexpected extra arguments ({args})", "Sobran argumentos inesperados ({args})",
                                    "Unerwartete zusätzliche Argumente ({args})"),
    "click.takes_values.one": ("Takes {nargs} values but 1 was given.", "Espera {nargs} valores, pero se dio 1.",
                               "Erwartet {nargs} Werte, aber 1 wurde angegeben."),
    "click.takes_values.other": ("Takes {nargs} values but {len} were given.", "Espera {nargs} valores, pero se dieron {len}.",
                                 "Erwartet {nargs} Werte, aber {len} wurden angegeben."),
    "click.iterable": ("Value must be an iterable.", "El valor debe ser iterable.", "Der Wert muss iterierbar sein."),
    "click.no_value": ("Option {name!r} does not take a value.", "La opción {name!r} no lleva valor.",
                       "Die Option {name!r} nimmt keinen Wert."),
    "click.requires_argument.one": ("Option {name!r} requires an argument.", "La opción {name!r} necesita un argumento.",
                                    "Die Option {name!r} braucht ein Argument."),
    "click.requires_argument.other": ("Option {name!r} requires {nargs} arguments.",
                                      "La opción {name!r} necesita {nargs} argumentos.",
                                      "Die Option {name!r} braucht {nargs} Argumente."),
    "click.argument_values": ("Argument {name!r} takes {nargs} values.", "El argumento {name!r} lleva {nargs} valores.",
                              "Das Argument {name!r} nimmt {nargs} Werte."),
    "click.not_choice.one": ("{value!r} is not {choice}.", "{value!r} no es {choice}.", "{value!r} ist nicht {choice}."),
    "click.not_choice.other": ("{value!r} is not one of {choices}.", "{value!r} no es ninguno de {choices}.",
                               "{value!r} ist keiner der Werte {choices}."),
    "click.not_in_range": ("{value} is not in the range {range}.", "{value} no está en el rango {range}.",
                           "{value} liegt nicht im Bereich {range}."),
    "click.not_a_number": ("{value!r} is not a valid {number_type}.", "{value!r} no es válido: se espera {number_type}.",
                           "{value!r} ist ungültig: erwartet wird {number_type}."),
    "click.file": ("file", "archivo", "Datei"),
    "click.directory": ("directory", "carpeta", "Ordner"),
    "click.path": ("path", "ruta", "Pfad"),
    "click.no_such_path": ("{name} {filename!r} does not exist.", "{name} {filename!r} no existe.",
                           "{name} {filename!r} existiert nicht."),
    "click.is_a_file": ("{name} {filename!r} is a file.", "{name} {filename!r} es un archivo.",
                        "{name} {filename!r} ist eine Datei."),
    "click.is_a_directory": ("{name} {filename!r} is a directory.", "{name} {filename!r} es una carpeta.",
                             "{name} {filename!r} ist ein Ordner."),
    "click.not_readable": ("{name} {filename!r} is not readable.", "{name} {filename!r} no se puede leer.",
                           "{name} {filename!r} ist nicht lesbar."),
    "click.not_writable": ("{name} {filename!r} is not writable.", "{name} {filename!r} no se puede escribir.",
                           "{name} {filename!r} ist nicht beschreibbar."),
    "click.not_executable": ("{name} {filename!r} is not executable.", "{name} {filename!r} no se puede ejecutar.",
                             "{name} {filename!r} ist nicht ausführbar."),
    "click.cannot_open": ("Could not open file {filename!r}: {message}", "No se pudo abrir el archivo {filename!r}: {message}",
                          "Die Datei {filename!r} konnte nicht geöffnet werden: {message}"),
    "click.unknown_error": ("unknown error", "error desconocido", "unbekannter Fehler"),
}

#: click's English words (as its code passes them to gettext) -> their entry above.  A word click
#: passes with a count (``ngettext``) is listed by its singular and has ``.one``/``.other`` entries.
CLICK: dict[str, str] = {en: key for key, (en, _, _) in MESSAGES.items()
                         if key.startswith("click.") and not key.endswith(".other")}
CLICK = {en: key.removesuffix(".one") for en, key in CLICK.items()}
