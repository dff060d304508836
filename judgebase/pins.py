"""Pinned citations: each scenario's cited clauses, fingerprinted as they were when it was checked.

A scenario proves a ruling *as the clauses it cites read*.  When a clause's text changes,
the scenarios citing it may still pass while proving something the rules no longer say,
so ``judgebase verify`` lists them as **to re-check** (and fails) until a judge has
re-read them against the new text and re-pinned them::

    judgebase verify                                   # lists what to re-check, exit 1
    judgebase verify --repin rulings/official/scenarios/off-000-faq-01-block-own-target.yaml

The pins live in one lock file, ``rulings/cites.lock``: one line per scenario and cited
clause (scenario id, clause, version, fingerprint), tab-separated and sorted, written
only by ``--repin``.  A lock file beside the scenarios (rather than a fingerprint inside
each scenario file) keeps the scenarios what a judge writes and reads, shows a text
change as a reviewable diff of exactly the affected lines, and lets a judge re-pin one
scenario after re-checking it without touching the others.

The pinned text of a clause is its text in the language the ruleset's rules are written
from (:data:`SOURCE_LANG`): English for the Comprehensive Rules (the text checked against
the official English manual), Spanish for Tamer Tactics, Korean for the legacy rules.
A translation fix in another language does not ask for a re-check; a change of meaning
changes that text too.  The fingerprint is the first 16 hex digits of the SHA-256 of
``normalise(title) + "\\n" + normalise(text)`` (:func:`fingerprint`); the version names
the document version the clause belongs to (``CR Ver. 4.2``, ``TT v0.9.1``...), so a new
version of the rules asks for every citing scenario to be re-checked too.
"""

from __future__ import annotations

import hashlib
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from . import refs, yamlsrc
from .i18n import t
from .corpus.errors import Problems
from .corpus.markdown import parse_clause_file

LOCK = Path("rulings") / "cites.lock"
#: The language whose text is pinned, per ruleset: the language its rules are written from.
SOURCE_LANG = {"official": "en", "tamer_tactics": "es", "legacy": "ko"}
#: Why a cite is to re-check.
REASONS = ("changed", "unpinned", "missing")

_HEADER = """\
# Pinned citations: the clause texts each scenario was last checked against.
# judgebase verify compares every pin with the clause as it reads now and lists a changed
# clause's scenarios as "to re-check".  Re-read the scenario against the new text, then:
#     judgebase verify --repin rulings/<ruleset>/scenarios/<scenario>.yaml
# Written by judgebase verify --repin; do not edit by hand.  One line per scenario and cited
# clause, tab-separated: scenario id, clause, version, fingerprint (the first 16 hex digits
# of SHA-256 of the clause's normalised title and text in its source language; see judgebase/pins.py).
"""


class LockError(ValueError):
    """The lock file can't be read: ``path:line: message`` (``str()`` in English, :meth:`say` in another language)."""

    def __init__(self, path: str, line: int, key: str, **fields):
        self.path, self.line, self.key, self.fields = path, line, key, fields
        self.message = t(key, "en", **fields)
        super().__init__(f"{path}:{line}: {self.message}")

    def say(self, lang: str) -> str:
        return f"{self.path}:{self.line}: {t(self.key, lang, **self.fields)}"


@dataclass(frozen=True)
class Pin:
    version: str
    fingerprint: str

    def as_json(self) -> dict:
        return {"version": self.version, "fingerprint": self.fingerprint}

    def __str__(self) -> str:
        return f"{self.version} {self.fingerprint}"


@dataclass
class ClauseSource:
    """A clause's pinned text: its title and text in the ruleset's source language, version, fingerprint."""

    ref: str
    ruleset: str
    lang: str
    title: str
    text: str
    version: str
    at: str  # path:line of the text

    @property
    def pin(self) -> Pin:
        return Pin(self.version, fingerprint(self.title, self.text))


@dataclass
class Recheck:
    """A cite whose clause is not as pinned: the scenario must be re-read against the clause now."""

    scenario: str  # scenario id, e.g. official/off-000-faq-01-block-own-target
    file: str  # the scenario file as shown to the user
    line: int  # the line of the cite in it
    clause: str
    reason: str  # changed, unpinned, missing
    pinned: Pin | None
    now: Pin | None

    def as_json(self) -> dict:
        return {"scenario": self.scenario, "file": self.file, "line": self.line, "clause": self.clause,
                "reason": self.reason, "pinned": self.pinned.as_json() if self.pinned else None,
                "now": self.now.as_json() if self.now else None}


def normalise(text: str) -> str:
    """Unicode NFC, every run of white space one space, none at either end."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def fingerprint(title: str, text: str) -> str:
    data = normalise(title) + "\n" + normalise(text)
    return hashlib.sha256(data.encode("utf-8")).hexdigest()[:16]


# -- the clauses as they read now -----------------------------------------------------------------
def versions(root: str | Path) -> dict[str, str]:
    """The version each ruleset's clauses belong to: ``CR Ver. 4.2``, ``TT v0.9.1``, ``LEG …``."""
    out = {"official": f"CR Ver. {refs.CR_VERSION}"}
    path = Path(root) / "rules" / "sources.yaml"
    try:
        data = yamlsrc.load(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yamlsrc.YamlError):
        data = None
    for item in data if isinstance(data, list) else []:
        if not isinstance(item, dict):
            continue
        ruleset, version = item.get("ruleset"), item.get("version")
        if ruleset in refs.PREFIX and ruleset not in out and version and item.get("lang") == SOURCE_LANG[ruleset]:
            out[ruleset] = f"{refs.PREFIX[ruleset]} {version}"
    for ruleset, prefix in refs.PREFIX.items():
        out.setdefault(ruleset, f"{prefix} (no version)")
    return out


def _clauses(root: Path, ruleset: str, lang: str):
    """(canonical ref, RawClause, path:line) of one language's clause files of a ruleset, in file order."""
    for path in sorted((root / "rules" / ruleset / lang).glob("*.md")):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        rel = path.relative_to(root).as_posix()
        parsed = parse_clause_file(rel, text, Problems())
        for raw in parsed.clauses if parsed else []:
            ref = refs.try_parse(raw.number, default_ruleset=ruleset)
            if ref is not None and ref.ruleset == ruleset:
                yield str(ref), raw, f"{rel}:{raw.line}"


def clause_sources(root: str | Path, rulesets=tuple(SOURCE_LANG)) -> dict[str, ClauseSource]:
    """Canonical ref -> the clause's pinned text, for every clause of these rulesets.

    Only the source-language files are read; a file the build would refuse still yields the
    clauses it can (``judgebase build`` is where sources are checked).
    """
    root = Path(root)
    version = versions(root)
    out: dict[str, ClauseSource] = {}
    for ruleset in rulesets:
        lang = SOURCE_LANG[ruleset]
        for ref, raw, at in _clauses(root, ruleset, lang):
            out.setdefault(ref, ClauseSource(ref, ruleset, lang, raw.title, raw.text, version[ruleset], at))
    return out


def clause_texts(root: str | Path, rulesets=tuple(SOURCE_LANG)) -> dict[str, dict[str, dict]]:
    """Canonical ref -> language -> ``{"title", "text"}``: every language's text (informative, for the export)."""
    root = Path(root)
    out: dict[str, dict[str, dict]] = {}
    for ruleset in rulesets:
        folder = root / "rules" / ruleset
        for lang in sorted(p.name for p in folder.iterdir() if p.is_dir()) if folder.is_dir() else []:
            for ref, raw, _ in _clauses(root, ruleset, lang):
                out.setdefault(ref, {}).setdefault(lang, {"title": raw.title, "text": raw.text})
    return out


def rulesets_cited(cites) -> list[str]:
    """The rulesets of these cites (to read only their clause files)."""
    return sorted({_ruleset_of(c) for c in cites} - {None})


# -- the lock file --------------------------------------------------------------------------------
def read_lock(root: str | Path) -> dict[tuple[str, str], Pin]:
    """(scenario id, clause) -> pin; an absent lock is empty.  LockError on a line that can't be read."""
    path = Path(root) / LOCK
    shown = LOCK.as_posix()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except (OSError, UnicodeDecodeError) as exc:
        raise LockError(shown, 1, "cli.lock.cannot_read", error=exc) from None
    pins: dict[tuple[str, str], Pin] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        fields = line.split("\t")
        if len(fields) != 4 or not all(f.strip() for f in fields):
            raise LockError(shown, number, "cli.lock.fields")
        scenario, clause, version, mark = (f.strip() for f in fields)
        if len(mark) != 16 or any(c not in "0123456789abcdef" for c in mark):
            raise LockError(shown, number, "cli.lock.fingerprint", mark=mark)
        if (scenario, clause) in pins:
            raise LockError(shown, number, "cli.lock.twice", scenario=scenario, clause=clause)
        pins[(scenario, clause)] = Pin(version, mark)
    return pins


def write_lock(root: str | Path, pins: dict[tuple[str, str], Pin]) -> Path:
    """Write every pin, sorted (so two changes to different scenarios merge line by line)."""
    path = Path(root) / LOCK
    lines = [f"{scenario}\t{clause}\t{pin.version}\t{pin.fingerprint}\n" for (scenario, clause), pin in sorted(pins.items())]
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(_HEADER + "".join(lines), encoding="utf-8")
    tmp.replace(path)
    return path


# -- comparing --------------------------------------------------------------------------------------
def scenario_id(root: str | Path, path: str | Path) -> str | None:
    """``<ruleset>/<stem>`` for a scenario file of the source tree; None for a file elsewhere (not pinned)."""
    try:
        rel = Path(path).resolve().relative_to((Path(root) / "rulings").resolve())
    except (ValueError, OSError):
        return None
    parts = rel.parts
    if len(parts) != 3 or parts[1] != "scenarios" or rel.suffix != ".yaml":
        return None
    return f"{parts[0]}/{rel.stem}"


def _canonical(cite: str) -> str:
    ref = refs.try_parse(cite)
    return str(ref) if ref is not None else cite


def _ruleset_of(cite: str) -> str | None:
    ref = refs.try_parse(cite)
    return ref.ruleset if ref is not None else None


@dataclass
class PinCheck:
    """The outcome of comparing the pins of some scenarios with the clauses now."""

    to_recheck: list[Recheck]
    stale: list[tuple[str, str]]  # pins of cites no scenario in scope makes any more
    checked: int  # cites compared

    def as_json(self) -> list[dict]:
        return [r.as_json() for r in self.to_recheck]


def _cited(root: Path, cited) -> list[tuple[str, Path, str, list[str]]]:
    """(scenario id, path, shown, cites) for the scenario files of the source tree among ``cited``."""
    out = []
    for path, shown, cites in cited:
        sid = scenario_id(root, path)
        if sid is not None:
            out.append((sid, Path(path), shown, [_canonical(str(c)) for c in cites]))
    return out


def check(root: str | Path, cited, *, whole_tree: bool = False, sources: dict[str, ClauseSource] | None = None) -> PinCheck:
    """Compare the pins of ``cited`` — (path, shown path, cites) per scenario file — with the clauses now.

    Files outside ``root/rulings/<ruleset>/scenarios/`` are not pinned and not compared.
    ``whole_tree``: ``cited`` is every scenario, so a pin of anything else is stale.
    """
    root = Path(root)
    scenarios = _cited(root, cited)
    pins = read_lock(root)
    if sources is None:
        sources = clause_sources(root, rulesets_cited(c for *_, cites in scenarios for c in cites))
    out, checked, seen = [], 0, set()
    lines = _CiteLines()
    for sid, path, shown, cites in scenarios:
        for clause in dict.fromkeys(cites):
            checked += 1
            seen.add((sid, clause))
            pinned = pins.get((sid, clause))
            source = sources.get(clause)
            now = source.pin if source else None
            if now is None:
                reason = "missing"
            elif pinned is None:
                reason = "unpinned"
            elif pinned != now:
                reason = "changed"
            else:
                continue
            out.append(Recheck(sid, shown, lines(path, clause), clause, reason, pinned, now))
    stale = sorted(k for k in pins if k not in seen) if whole_tree else []
    return PinCheck(out, stale, checked)


def repin(root: str | Path, cited, *, whole_tree: bool = False) -> int:
    """Pin the cites of ``cited`` to the clauses as they read now; returns how many pins changed.

    ``whole_tree``: ``cited`` is every scenario, so pins of anything else are dropped.
    A cite of a clause that does not exist can't be pinned (it stays to re-check).
    """
    root = Path(root)
    scenarios = _cited(root, cited)
    pins = read_lock(root)
    sources = clause_sources(root, rulesets_cited(c for *_, cites in scenarios for c in cites))
    fresh: dict[tuple[str, str], Pin] = {}
    for sid, _, _, cites in scenarios:
        for clause in cites:
            if clause in sources:
                fresh[(sid, clause)] = sources[clause].pin
    ids = {sid for sid, *_ in scenarios}
    kept = {} if whole_tree else {k: v for k, v in pins.items() if k[0] not in ids}
    new = {**kept, **fresh}
    changed = sum(1 for k in new.keys() | pins.keys() if new.get(k) != pins.get(k))
    if changed or (fresh and not (root / LOCK).exists()):
        write_lock(root, new)
    return changed


class _CiteLines:
    """The line of a clause in a scenario's ``cites``; each file is read once, and only for a cite to re-check."""

    def __init__(self):
        self.files: dict[Path, object] = {}

    def __call__(self, path: Path, clause: str) -> int:
        from .scenarios import loader

        if path not in self.files:
            try:
                self.files[path], _ = loader.read(path)
            except Exception:  # the runner reports a file it can't read; here it only costs the line number
                self.files[path] = None
        data = self.files[path]
        if not isinstance(data, dict) or not hasattr(data, "line_of"):
            return 1
        cites = data.get("cites")
        if isinstance(cites, list) and hasattr(cites, "line_of"):
            for i, cite in enumerate(cites):
                if _canonical(str(cite)) == clause:
                    return cites.line_of(i)
        return data.line_of("cites")
