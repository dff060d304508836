"""Load ``rules/`` and ``rulings/`` into a checked :class:`Corpus`.

Every problem is collected with its ``path:line`` and raised together at the
end, so one build run tells an editor everything that is wrong.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from .. import refs
from ..refs import CR_VERSION, Ref
from .. import yamlsrc
from .errors import Problems
from .markdown import parse_clause_file
from .model import (
    LANGS,
    TEXT_KINDS,
    Clause,
    ClauseText,
    Conflict,
    Corpus,
    GlossaryTerm,
    Keyword,
    Location,
    Note,
    Ruling,
    Source,
)

CLAUSE_LANGS = {"official": LANGS, "tamer_tactics": LANGS, "legacy": LANGS + ("ko",)}
CONFLICT_TYPES = ("seeds-disagree", "seed-vs-official", "vague", "version", "reconstruction")


def official_numbers() -> set[str]:
    """Every clause number of the official Comprehensive Rules Ver. 4.2."""
    text = resources.files("judgebase").joinpath("data/cr-4.2-numbers.txt").read_text()
    return set(text.split())


def load_corpus(root: str | Path) -> Corpus:
    """Read and check every source under ``root``; raise SourceError listing all problems."""
    root = Path(root)
    problems = Problems()
    loader = _Loader(root, problems)
    corpus = loader.load()
    problems.raise_if_any()
    return corpus


class _Loader:
    def __init__(self, root: Path, problems: Problems):
        self.root = root
        self.problems = problems
        self.files = 0

    # -- helpers -------------------------------------------------------------
    def rel(self, path: Path) -> str:
        try:
            return str(path.relative_to(self.root))
        except ValueError:
            return str(path)

    def read_yaml(self, path: Path):
        self.files += 1
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            self.problems.add(self.rel(path), 1, f"cannot read: {exc}")
            return None
        try:
            return yamlsrc.load(text)
        except yamlsrc.YamlError as exc:
            self.problems.add(self.rel(path), exc.line, str(exc))
            return None

    def ref(self, text, path: str, line: int) -> Ref | None:
        if not isinstance(text, str):
            self.problems.add(path, line, f"a reference must be a string, got {text!r}")
            return None
        ref = refs.try_parse(text)
        if ref is None:
            self.problems.add(path, line, f"not a clause reference: {text!r}")
        return ref

    def lang_map(self, data, key: str, path: str, langs=LANGS, required=True) -> dict[str, str]:
        value = data.get(key)
        line = data.line_of(key) if hasattr(data, "line_of") else 1
        if not isinstance(value, dict):
            if required:
                self.problems.add(path, line, f"{key!r} must map languages ({', '.join(langs)}) to text")
            return {}
        out = {}
        for lang, text in value.items():
            if lang not in langs + ("ko",):
                self.problems.add(path, value.line_of(lang), f"unknown language {lang!r} in {key!r}")
            elif not isinstance(text, str) or not text.strip():
                self.problems.add(path, value.line_of(lang), f"{key}.{lang} must be non-empty text")
            else:
                out[lang] = text.strip()
        return out

    # -- the whole corpus ------------------------------------------------------
    def load(self) -> Corpus:
        if not (self.root / "rules").is_dir():
            self.problems.add(str(self.root), 0, "no rules/ folder here: not a judgebase source tree")
            self.problems.raise_if_any()
        sources = self.load_sources()
        clauses = self.load_clauses(sources)
        corpus = Corpus(
            sources=sources,
            clauses=clauses,
            rulings=self.load_rulings(clauses, sources),
            keywords=self.load_keywords(clauses),
            glossary=self.load_glossary(),
            conflicts=self.load_conflicts(clauses, sources),
            notes=self.load_notes(),
        )
        self.load_asked(clauses)
        self.load_versions(corpus)
        self.load_not_testable(corpus)
        self.check_text_references(corpus)
        self.check_translations(corpus)
        corpus.files = self.files
        return corpus

    def load_versions(self, corpus: Corpus) -> None:
        """The Update History and the number maps of older versions (rules/versions/)."""
        from . import versions

        folder = self.root / "rules" / "versions"
        numbers = official_numbers()
        for path in sorted(folder.glob("cr-*-to-4.2.tsv")):
            self.files += 1
            old = path.name.removeprefix("cr-").split("-to-")[0]
            corpus.number_maps[old] = versions.load_number_map(path, self.rel(path), old, self.problems, numbers)
        path = folder / "cr-update-history.yaml"
        if path.exists():
            data = self.read_yaml(path)
            if data is not None:
                corpus.history, corpus.versions = versions.load_history(
                    path, self.rel(path), data, self.problems, corpus.number_maps, numbers)

    def load_not_testable(self, corpus: Corpus) -> None:
        """The clauses no scenario can prove, with their kind and reason (rules/not-testable.tsv)."""
        from .manifest import FILE, load_not_testable

        path = self.root / "rules" / FILE
        if path.exists():
            self.files += 1
            corpus.not_testable = load_not_testable(path, self.rel(path), self.problems, corpus.clauses)

    def load_sources(self) -> dict[str, Source]:
        path = self.root / "rules" / "sources.yaml"
        data = self.read_yaml(path) if path.exists() else None
        rel = self.rel(path)
        if not isinstance(data, list):
            self.problems.add(rel, 1, "sources.yaml must be a list of documents")
            return {}
        out = {}
        for i, item in enumerate(data):
            line = data.line_of(i)
            if not isinstance(item, dict) or not item.get("id"):
                self.problems.add(rel, line, "each source needs an id")
                continue
            sid = str(item["id"])
            out[sid] = Source(
                id=sid,
                file=item.get("file"),
                lang=str(item.get("lang", "")),
                title=str(item.get("title", "")),
                version=_opt_str(item.get("version")),
                date=_opt_str(item.get("date")),
                ruleset=str(item.get("ruleset", "")),
                description=str(item.get("description", "")).strip(),
            )
        return out

    def load_clauses(self, sources: dict[str, Source]) -> dict[Ref, Clause]:
        clauses: dict[Ref, Clause] = {}
        numbers = official_numbers()
        for path in sorted((self.root / "rules").glob("*/*/*.md")):
            self.files += 1
            rel = self.rel(path)
            ruleset_dir, lang_dir = path.parent.parent.name, path.parent.name
            try:
                text = path.read_text(encoding="utf-8")
            except (OSError, UnicodeDecodeError) as exc:
                self.problems.add(rel, 1, f"cannot read: {exc}")
                continue
            parsed = parse_clause_file(rel, text, self.problems)
            if parsed is None:
                continue
            meta = parsed.meta
            ruleset, lang = meta.get("ruleset"), meta.get("lang")
            if ruleset != ruleset_dir or lang != lang_dir:
                self.problems.add(
                    rel, 2, f"meta says ruleset={ruleset!r} lang={lang!r} but the file lives in {ruleset_dir}/{lang_dir}/"
                )
                continue
            if lang not in CLAUSE_LANGS.get(ruleset, ()):
                self.problems.add(rel, 2, f"language {lang!r} is not used for ruleset {ruleset!r}")
                continue
            for raw in parsed.clauses:
                ref = refs.try_parse(raw.number, default_ruleset=ruleset)
                if ref is None or ref.ruleset != ruleset:
                    self.problems.add(rel, raw.line, f"bad clause number {raw.number!r} for ruleset {ruleset}")
                    continue
                if ruleset == "official" and ref.number not in numbers:
                    self.problems.add(rel, raw.line, f"{ref} is not a clause number of CR Ver. {CR_VERSION}")
                    continue
                merged = {**meta, **raw.meta}
                kind = merged.get("kind")
                if kind not in TEXT_KINDS:
                    self.problems.add(
                        rel, raw.meta_lines.get("kind", raw.line),
                        f"{ref}: kind must be one of {', '.join(TEXT_KINDS)}, got {kind!r}",
                    )
                    continue
                srcs = merged.get("source")
                srcs = [str(s) for s in (srcs if isinstance(srcs, list) else [srcs] if srcs else [])]
                if not srcs:
                    self.problems.add(rel, raw.line, f"{ref}: no source seed given")
                for s in srcs:
                    if s not in sources:
                        self.problems.add(rel, raw.meta_lines.get("source", raw.line), f"{ref}: unknown source {s!r}")
                clause = clauses.setdefault(ref, Clause(ref, version=CR_VERSION if ruleset == "official" else None))
                if lang in clause.texts:
                    first = clause.texts[lang].at
                    self.problems.add(rel, raw.line, f"duplicate clause {ref} in {lang} (first at {first})")
                    continue
                for key in ("checked", "note"):
                    if key in raw.meta:
                        if lang != "en":
                            self.problems.add(rel, raw.meta_lines.get(key, raw.line), f"{ref}: {key!r} belongs in the English file")
                        else:
                            setattr(clause, key, str(raw.meta[key]).strip())
                clause.texts[lang] = ClauseText(lang, raw.title, raw.text, kind, srcs, Location(rel, raw.line))
        for ref, clause in clauses.items():
            parent = ref.parent
            if parent is not None and parent not in clauses:
                self.problems.add(str(clause.at.path), clause.at.line, f"{ref} has no parent clause {parent}")
        return clauses

    def load_rulings(self, clauses: dict[Ref, Clause], sources) -> dict[str, Ruling]:
        out: dict[str, Ruling] = {}
        for path in sorted((self.root / "rulings").glob("*/*.yaml")):
            rel = self.rel(path)
            data = self.read_yaml(path)
            if data is None:
                continue
            if not isinstance(data, dict):
                self.problems.add(rel, 1, "a ruling file must be a YAML mapping")
                continue
            rid = data.get("id")
            if rid != path.stem:
                self.problems.add(rel, data.line_of("id"), f"id {rid!r} must equal the file name {path.stem!r}")
                continue
            ruleset = data.get("ruleset")
            if ruleset != path.parent.name:
                self.problems.add(rel, data.line_of("ruleset"), f"ruleset {ruleset!r} but the file lives in rulings/{path.parent.name}/")
                continue
            source = data.get("source")
            if not isinstance(source, dict) or str(source.get("document", "")) not in sources:
                self.problems.add(rel, data.line_of("source"), "source.document must name a seed from rules/sources.yaml")
                source = source if isinstance(source, dict) else {}
            cites = []
            raw_cites = data.get("cites")
            if not isinstance(raw_cites, list) or not raw_cites:
                self.problems.add(rel, data.line_of("cites"), "cites must be a non-empty list of clause references")
                raw_cites = []
            for i, text in enumerate(raw_cites):
                line = raw_cites.line_of(i)
                ref = self.ref(text, rel, line)
                if ref is None:
                    continue
                if ref not in clauses:
                    self.problems.add(rel, line, f"cited clause {ref} does not exist{_nearest_hint(ref, clauses)}")
                    continue
                cites.append(ref)
            scenario, reason = data.get("scenario"), data.get("unproven_reason")
            if bool(scenario) == bool(reason):
                self.problems.add(rel, data.line, "a ruling needs exactly one of scenario: or unproven_reason:")
            elif scenario and not (path.parent / str(scenario)).is_file():
                self.problems.add(rel, data.line_of("scenario"), f"scenario file {scenario} does not exist (relative to {self.rel(path.parent)}/)")
            kind = self.lang_map(data, "kind", rel, required=True)
            for lang, value in kind.items():
                if value not in TEXT_KINDS:
                    self.problems.add(rel, data["kind"].line_of(lang), f"kind.{lang} must be one of {', '.join(TEXT_KINDS)}")
            qa = source.get("qa") or []
            out[rid] = Ruling(
                id=rid,
                ruleset=ruleset,
                document=str(source.get("document", "")),
                item=str(source.get("item", "")),
                qa=[str(q) for q in qa] if isinstance(qa, list) else [str(qa)],
                cites=cites,
                question=self.lang_map(data, "question", rel),
                answer=self.lang_map(data, "answer", rel),
                kind=kind,
                unproven_reason=_opt_str(reason),
                scenario=f"{self.rel(path.parent)}/{scenario}" if scenario else None,
                at=Location(rel, data.line),
            )
        return out

    def load_keywords(self, clauses) -> list[Keyword]:
        path = self.root / "rules" / "official" / "keywords.yaml"
        if not path.exists():
            return []
        rel = self.rel(path)
        data = self.read_yaml(path)
        if not isinstance(data, list):
            self.problems.add(rel, 1, "keywords.yaml must be a list")
            return []
        out, seen = [], {}
        for i, item in enumerate(data):
            line = data.line_of(i)
            if not isinstance(item, dict):
                self.problems.add(rel, line, "each keyword must be a mapping")
                continue
            ref = self.ref(item.get("ref"), rel, item.line_of("ref"))
            if ref is None:
                continue
            if ref not in clauses:
                self.problems.add(rel, item.line_of("ref"), f"keyword clause {ref} does not exist")
            if ref in seen:
                self.problems.add(rel, line, f"duplicate keyword {ref} (first at line {seen[ref]})")
            seen[ref] = line
            aliases = item.get("aliases") or {}
            out.append(
                Keyword(
                    ref=ref,
                    name=self.lang_map(item, "name", rel),
                    aliases={k: [str(a) for a in v] for k, v in aliases.items() if isinstance(v, list)},
                    summary=self.lang_map(item, "summary", rel),
                    at=Location(rel, line),
                )
            )
        return out

    #: A question of ``rules/asked/`` is a line typed into a search box, not a paragraph.
    ASKED_MAX_CHARS = 200

    def load_asked(self, clauses: dict[Ref, Clause]) -> None:
        """The questions judges ask, per clause and language (``rules/asked/<ruleset>/*.yaml``).

        They are ours, written for search: a judge's words for what a clause decides ("bounce",
        "3 jugadores") that its text doesn't use. Each key is a clause of that folder's ruleset.
        """
        folder = self.root / "rules" / "asked"
        for path in sorted(folder.glob("*/*.yaml")):
            rel = self.rel(path)
            ruleset = path.parent.name
            if ruleset not in CLAUSE_LANGS:
                self.problems.add(rel, 1, f"unknown ruleset folder {ruleset!r} (one of {', '.join(CLAUSE_LANGS)})")
                continue
            data = self.read_yaml(path)
            if data is None:
                continue
            if not isinstance(data, dict):
                self.problems.add(rel, getattr(data, "line", 1) or 1,
                                  "an asked file maps clause references to questions per language (es, en, de)")
                continue
            for key, langs in data.items():
                line = data.line_of(key)
                ref = self.ref(key, rel, line)
                if ref is None:
                    continue
                clause = clauses.get(ref)
                if clause is None or ref.ruleset != ruleset:
                    self.problems.add(rel, line, f"{ref} is not a clause of the {ruleset} rules")
                    continue
                if not isinstance(langs, dict) or not langs:
                    self.problems.add(rel, line, f"{ref}: questions go under es, en and de")
                    continue
                for lang, questions in langs.items():
                    at = langs.line_of(lang)
                    if lang not in LANGS:
                        self.problems.add(rel, at, f"{ref}: unknown language {lang!r} (es, en, de)")
                        continue
                    if not isinstance(questions, list) or not questions:
                        self.problems.add(rel, at, f"{ref} {lang}: a list of questions")
                        continue
                    for i, question in enumerate(questions):
                        if not isinstance(question, str) or not question.strip():
                            self.problems.add(rel, questions.line_of(i), f"{ref} {lang}: a question must be non-empty text")
                        elif len(question) > self.ASKED_MAX_CHARS:
                            self.problems.add(rel, questions.line_of(i),
                                              f"{ref} {lang}: a question is a line of at most {self.ASKED_MAX_CHARS} characters")
                        else:
                            clause.asked.setdefault(lang, []).append(question.strip())

    def load_glossary(self) -> list[GlossaryTerm]:
        path = self.root / "rules" / "glossary.yaml"
        if not path.exists():
            return []
        rel = self.rel(path)
        data = self.read_yaml(path)
        if not isinstance(data, list):
            self.problems.add(rel, 1, "glossary.yaml must be a list of terms")
            return []
        out, seen = [], set()
        for i, item in enumerate(data):
            line = data.line_of(i)
            if not isinstance(item, dict) or not item.get("id"):
                self.problems.add(rel, line, "each glossary term needs an id")
                continue
            if item["id"] in seen:
                self.problems.add(rel, line, f"duplicate glossary id {item['id']!r}")
            seen.add(item["id"])
            terms = {}
            for lang in LANGS + ("ko",):
                words = item.get(lang) or []
                if not isinstance(words, list) or not all(isinstance(w, str) for w in words):
                    self.problems.add(rel, item.line_of(lang), f"{lang} must be a list of words")
                    continue
                terms[lang] = words
            missing = [lang for lang in LANGS if not terms.get(lang)]
            if missing:
                self.problems.add(rel, line, f"glossary term {item['id']!r} has no words for {', '.join(missing)}")
            not_ours = item.get("not_ours") or {}
            if not isinstance(not_ours, dict) or not all(
                lang in LANGS + ("ko",) and isinstance(words, list) and all(isinstance(w, str) for w in words)
                for lang, words in not_ours.items()
            ):
                self.problems.add(rel, item.line_of("not_ours"), "not_ours must map a language to a list of words")
                not_ours = {}
            for lang, words in not_ours.items():
                terms[lang] = terms.get(lang, []) + [w for w in words if w not in terms.get(lang, [])]
            out.append(GlossaryTerm(str(item["id"]), terms, Location(rel, line), dict(not_ours)))
        return out

    def load_conflicts(self, clauses, sources) -> list[Conflict]:
        out, seen = [], {}
        for path in sorted((self.root / "rules" / "conflicts").glob("*.yaml")):
            rel = self.rel(path)
            data = self.read_yaml(path)
            if data is None:
                continue
            if not isinstance(data, list):
                self.problems.add(rel, 1, "a conflicts file must be a list (use [] when empty)")
                continue
            for i, item in enumerate(data):
                line = data.line_of(i)
                if not isinstance(item, dict) or not item.get("id"):
                    self.problems.add(rel, line, "each conflict needs an id")
                    continue
                cid = str(item["id"])
                if cid in seen:
                    self.problems.add(rel, line, f"duplicate conflict id {cid!r} (first at {seen[cid]})")
                    continue
                seen[cid] = f"{rel}:{line}"
                crefs = []
                for j, text in enumerate(item.get("refs") or []):
                    ref = self.ref(text, rel, item["refs"].line_of(j))
                    if ref is not None and ref not in clauses:
                        self.problems.add(rel, item["refs"].line_of(j), f"conflict {cid}: clause {ref} does not exist")
                    elif ref is not None:
                        crefs.append(ref)
                if not crefs:
                    self.problems.add(rel, line, f"conflict {cid} must name the clauses it touches (refs)")
                ctype = item.get("type")
                if ctype not in CONFLICT_TYPES:
                    self.problems.add(rel, item.line_of("type"), f"conflict {cid}: type must be one of {', '.join(CONFLICT_TYPES)}")
                srcs = [str(s) for s in item.get("sources") or []]
                for s in srcs:
                    if s not in sources:
                        self.problems.add(rel, item.line_of("sources"), f"conflict {cid}: unknown source {s!r}")
                out.append(
                    Conflict(
                        id=cid,
                        refs=crefs,
                        sources=srcs,
                        type=str(ctype),
                        seed_text=str(item.get("seed_text") or "").strip(),
                        resolution=self.lang_map(item, "resolution", rel),
                        at=Location(rel, line),
                    )
                )
        return out

    def load_notes(self) -> list[Note]:
        out = []
        for path in sorted((self.root / "rules").glob("*/notes.yaml")):
            rel = self.rel(path)
            data = self.read_yaml(path)
            if not isinstance(data, list):
                self.problems.add(rel, 1, "notes.yaml must be a list")
                continue
            for i, item in enumerate(data):
                if not isinstance(item, dict) or "section" not in item:
                    self.problems.add(rel, data.line_of(i), "each note needs a section")
                    continue
                out.append(
                    Note(
                        ruleset=path.parent.name,
                        section=str(item["section"]),
                        title=self.lang_map(item, "title", rel, langs=("ko", "en")),
                        text=self.lang_map(item, "text", rel, langs=("ko", "en")),
                        at=Location(rel, data.line_of(i)),
                    )
                )
        return out

    # -- cross checks -----------------------------------------------------------
    def check_text_references(self, corpus: Corpus) -> None:
        """References written inside texts should resolve; those that don't are listed."""
        for clause in corpus.clauses.values():
            for text in clause.texts.values():
                for ref in refs.refs_in_text(text.text):
                    if ref not in corpus.clauses:
                        corpus.unresolved.append((text.at, ref))
        for ruling in corpus.rulings.values():
            for text in list(ruling.question.values()) + list(ruling.answer.values()):
                for ref in refs.refs_in_text(text):
                    if ref not in corpus.clauses:
                        corpus.unresolved.append((ruling.at, ref))

    def check_translations(self, corpus: Corpus) -> None:
        for clause in sorted(corpus.clauses.values(), key=lambda c: c.ref.sort_key()):
            missing = [lang for lang in CLAUSE_LANGS[clause.ref.ruleset] if lang not in clause.texts]
            if missing:
                corpus.warnings.append(f"{clause.at}: {clause.ref} has no text in {', '.join(missing)}")
        for ruling in corpus.rulings.values():
            for part in ("question", "answer"):
                missing = [lang for lang in LANGS if lang not in getattr(ruling, part)]
                if missing:
                    corpus.warnings.append(f"{ruling.at}: ruling {ruling.id} has no {part} in {', '.join(missing)}")


def _opt_str(value) -> str | None:
    return None if value is None else str(value).strip()


def _nearest_hint(ref: Ref, clauses) -> str:
    from ..suggest import nearest_refs

    near = nearest_refs(ref, list(clauses), limit=3)
    return f" (nearest: {', '.join(map(str, near))})" if near else ""
