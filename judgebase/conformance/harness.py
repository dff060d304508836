"""The conformance harness: every scenario, through the line protocol, against any engine process.

    from judgebase.conformance.harness import load_suite, run_suite
    report = run_suite(["python", "-m", "judgebase.conformance.adapter"], load_suite(root))

Each scenario is set up, acted out step by step and checked with the game runner's own
expectation code (``runner._expect`` reading a :class:`~.protocol.View` of the observed
state; a legacy game with ``legacy_runner._expect`` reading a ``LegacyView``; a deck check
with the deck runner's ``disagreement``), so a scenario passes here exactly when it would
pass in-process.  What the engine's ``hello`` does not offer (protocol version, ruleset,
deck-check format, vocabulary) makes a scenario *unsupported* before anything is sent.  The engine runs
in a child process; every read has a deadline, so an engine that crashes, hangs or
talks nonsense costs one scenario (reported as crashed or timed out) and is restarted.
"""

from __future__ import annotations

import json
import os
import queue
import shlex
import signal
import subprocess
import tempfile
import threading
import time
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ..scenarios import loader
from ..scenarios.common import ScenarioError, ScenarioFailure
from ..scenarios.deck_runner import disagreement, read_check, validate_deck_check
from ..scenarios.legacy_runner import _expect as _expect_legacy
from ..scenarios.legacy_runner import validate_legacy
from ..scenarios.runner import _expect, validate
from . import deck_check, legacy
from .protocol import PROTOCOL, PROTOCOLS, SINCE, ProtocolViolation, View, comparable, missing, parse_event, requirements

STATUSES = ("pass", "fail", "unsupported", "crashed", "timeout")
DEFAULT_TIMEOUT = 10.0


class EngineDied(Exception):
    """The engine process exited (or closed its output)."""


class EngineTimeout(Exception):
    """The engine did not answer before the deadline."""


class HandshakeError(Exception):
    """The engine could not start a session: a wrong protocol version, a bad or missing hello."""


# -- the suite ---------------------------------------------------------------------------------
@dataclass
class Scenario:
    id: str  # "<ruleset folder>/<file stem>"
    path: str
    kind: str  # game, legacy, deck_check
    ruleset: str
    cites: list[str]
    ruling: str | None
    data: object = field(repr=False, default=None)
    file: str | None = None  # the file itself (a deck check's restriction list lives beside it)


def scenario_id(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}"


def load_suite(root: str | Path, ruleset: str | None = None, files=None) -> list[Scenario]:
    """The scenarios under ``root/rulings`` (or the given files), read once; ScenarioError on a bad file."""
    root = Path(root)
    paths = files if files is not None else sorted((root / "rulings").glob(f"{ruleset or '*'}/scenarios/*.yaml"))
    suite = []
    for path in map(Path, paths):
        data, shown = loader.read(path)
        kind = loader.kind_of(data)
        try:
            shown = str(path.resolve().relative_to(root.resolve()))
        except ValueError:
            pass
        data = {"game": validate, "legacy": validate_legacy, "deck_check": validate_deck_check}[kind](data, shown)
        rs = data.get("ruleset", "official") if isinstance(data, dict) else "official"
        if ruleset and rs != ruleset:
            continue
        suite.append(Scenario(scenario_id(path), shown, kind, rs, [str(c) for c in data.get("cites") or []],
                              data.get("ruling"), data, str(path)))
    return suite


# -- the engine process ------------------------------------------------------------------------
class Engine:
    """A child process speaking the protocol; every read has a deadline."""

    def __init__(self, command: list[str], timeout: float = DEFAULT_TIMEOUT):
        self.command, self.timeout = command, timeout
        self.proc = None
        self.hello: dict = {}
        self.protocol = PROTOCOL  # the version the engine answered with

    def start(self) -> dict:
        self.stderr = tempfile.TemporaryFile()
        try:
            self.proc = subprocess.Popen(self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.stderr,
                                         start_new_session=True)
        except OSError as exc:
            raise HandshakeError(f"cannot start the engine {shlex.join(self.command)}: {exc}") from None
        self.lines: queue.Queue = queue.Queue()
        threading.Thread(target=self._read, args=(self.proc.stdout, self.lines), daemon=True).start()
        try:
            reply = self.request({"type": "hello", "protocol": PROTOCOL, "protocols": list(PROTOCOLS)},
                                 time.monotonic() + self.timeout)
        except EngineTimeout:
            self.kill()
            raise HandshakeError(f"the engine did not answer hello within {self.timeout:g} s") from None
        except (EngineDied, ProtocolViolation) as exc:
            self.kill()
            raise HandshakeError(f"the engine failed hello: {exc}") from None
        if reply.get("type") != "hello":
            self.kill()
            raise HandshakeError(f"the engine answered hello with {reply.get('type')!r}")
        version = reply.get("protocol")
        if type(version) is not int or version not in PROTOCOLS:
            self.kill()
            raise HandshakeError(f"the engine speaks protocol {version!r}; this harness speaks "
                                 + " or ".join(map(str, PROTOCOLS)))
        self.hello, self.protocol = reply, version
        return reply

    @staticmethod
    def _read(stream, lines: queue.Queue) -> None:
        try:
            for raw in stream:
                lines.put(raw)
        except (OSError, ValueError):
            pass
        lines.put(None)

    def request(self, msg: dict, deadline: float) -> dict:
        try:
            self.proc.stdin.write((json.dumps(msg, ensure_ascii=False) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
        except (OSError, ValueError):
            raise EngineDied(self._died()) from None
        try:
            raw = self.lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            raise EngineTimeout() from None
        if raw is None:
            raise EngineDied(self._died())
        try:
            reply = json.loads(raw.decode("utf-8", errors="replace"))
        except ValueError:
            raise ProtocolViolation(f"not a JSON line: {raw[:120].decode('utf-8', errors='replace')!r}") from None
        if not isinstance(reply, dict) or not isinstance(reply.get("type"), str):
            raise ProtocolViolation(f"a reply must be an object with a 'type': {raw[:120].decode('utf-8', errors='replace')!r}")
        return reply

    def _died(self) -> str:
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            code = None
        return (f"the engine exited with code {code}" if code is not None else "the engine closed its output") + self._stderr_tail()

    def _stderr_tail(self) -> str:
        try:
            self.stderr.seek(0)
            text = self.stderr.read()[-2000:].decode("utf-8", errors="replace").strip()
        except (OSError, ValueError):
            return ""
        return f"; its last words: {text.splitlines()[-1][:300]}" if text else ""

    def kill(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                self.proc.kill()
        try:
            self.proc.wait(timeout=5)
        except subprocess.TimeoutExpired:  # pragma: no cover - an unkillable child
            pass
        for stream in (self.proc.stdin, self.proc.stdout):
            try:
                stream.close()
            except (OSError, ValueError):
                pass
        self.proc = None

    def close(self) -> None:
        if self.proc is None:
            return
        if self.proc.poll() is None:
            try:
                self.request({"type": "bye"}, time.monotonic() + 1)
            except (EngineDied, EngineTimeout, ProtocolViolation):
                pass
        self.kill()


# -- one scenario ------------------------------------------------------------------------------
@dataclass
class Result:
    id: str
    path: str
    ruleset: str
    cites: list[str]
    ruling: str | None
    status: str
    message: str = ""
    seconds: float = 0.0
    expected_failure: bool = False

    @property
    def passed(self) -> bool:
        return self.status == "pass"


class _Failed(Exception):
    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class _Unsupported(Exception):
    pass


def _declared_labels(data: dict) -> list[str]:
    labels = []
    for side in ("p1", "p2"):
        zones = data["setup"].get(side) or {}
        stacks = list(zones.get("battle") or []) + ([zones["breeding"]] if zones.get("breeding") else [])
        labels += [s["label"] for s in stacks if s.get("label")]
    return labels


class _Session:
    """Drives one game scenario (official or Tamer Tactics) through an engine."""

    def __init__(self, engine: Engine, sc: Scenario, deadline: float):
        self.engine, self.sc, self.deadline = engine, sc, deadline
        self.events = []
        self.labels = _declared_labels(sc.data)

    def ask(self, msg: dict, *allowed: str) -> dict:
        reply = self.engine.request(msg, self.deadline)
        if reply["type"] not in allowed:
            detail = f": {reply.get('message')}" if reply.get("message") else ""
            raise ProtocolViolation(f"{msg['type']} answered with {reply['type']!r}{detail} (expected {' or '.join(allowed)})")
        return reply

    def observe(self) -> dict:
        reply = self.ask({"type": "observe"}, "state")
        events = reply.get("events", [])
        if not isinstance(events, list):
            raise ProtocolViolation("observe: 'events' must be a list")
        self.events += [parse_event(e) for e in events]
        if not isinstance(reply.get("state"), dict):
            raise ProtocolViolation("observe: 'state' must be an object")
        return reply["state"]

    # what differs between the game and the legacy game
    def expect(self, want: dict, line: int) -> None:
        _expect(View(self.observe(), self.events, self.labels), want, line, 0)

    def comparable(self, state: dict) -> dict:
        return comparable(state)

    def run(self) -> None:
        sc, data = self.sc, self.sc.data
        reply = self.ask({"type": "setup", "scenario": sc.id, "ruleset": sc.ruleset, "seed": data.get("seed", 0),
                          "cards": _json(data["cards"]), "setup": _json(data["setup"])}, "ready", "unsupported", "error")
        if reply["type"] == "unsupported":
            raise _Unsupported(f"the engine: {reply.get('reason') or 'unsupported'}")
        if reply["type"] == "error":
            raise _Failed(f"{sc.path}:{data.line_of('setup')}: setup refused: {reply.get('message')}")
        for i, step in enumerate(data["steps"]):
            line = data["steps"].line_of(i)
            try:
                if "expect" in step:
                    self.expect(step["expect"], line)
                else:
                    self.act(step, line)
            except ScenarioFailure as exc:
                raise _Failed(f"{sc.path}:{exc.line}: {exc.message}") from None
            except ScenarioError as exc:
                raise _Failed(f"{sc.path}:{line}: {exc.message}") from None

    def act(self, step: dict, line: int) -> None:
        sent = {k: _json(v) for k, v in step.items() if k != "illegal"}
        forbidden = step.get("illegal")
        before = self.comparable(self.observe()) if forbidden else None
        reply = self.ask({"type": "act", "step": sent}, "ok", "illegal", "error")
        if reply["type"] == "error":
            raise ScenarioFailure(line, f"{step['do']}: the engine could not take this step: {reply.get('message')}")
        if forbidden:
            if reply["type"] == "ok":
                raise ScenarioFailure(line, f"{step['do']} was accepted, but {forbidden} forbids it")
            if reply.get("ref") != forbidden:
                raise ScenarioFailure(line, f"{step['do']} is illegal, but because of {reply.get('ref')} ({reply.get('reason')}), not {forbidden}")
            seen = len(self.events)
            if self.comparable(self.observe()) != before or len(self.events) != seen:
                raise ScenarioFailure(line, "an illegal action changed the state")
            return
        if reply["type"] == "illegal":
            raise ScenarioFailure(line, f"{step['do']} refused: {reply.get('reason')} ({reply.get('ref')})")
        if step.get("as"):
            self.labels.append(step["as"])


class _LegacySession(_Session):
    """Drives one legacy scenario: the same messages, the legacy state and the legacy runner's expectations."""

    def __init__(self, engine: Engine, sc: Scenario, deadline: float):
        self.engine, self.sc, self.deadline = engine, sc, deadline
        self.events = []
        self.labels = []

    def expect(self, want: dict, line: int) -> None:
        _expect_legacy(legacy.LegacyView(self.observe(), self.events), want, line)

    def comparable(self, state: dict) -> dict:
        return legacy.comparable(state)


class _DeckSession(_Session):
    """Sends each list of a deck-check scenario and judges the verdict as the deck runner does."""

    def __init__(self, engine: Engine, sc: Scenario, deadline: float):
        self.engine, self.sc, self.deadline = engine, sc, deadline

    def run(self) -> None:
        sc = self.sc
        for i, item in enumerate(sc.data["checks"]):
            line = sc.data["checks"].line_of(i)
            try:
                listed, restrictions, cards = read_check(item, i, sc.file or sc.path, sc.path)
            except ScenarioError as exc:
                raise _Failed(str(exc)) from None
            reply = self.ask(deck_check.request(sc.id, sc.ruleset, i, item, listed, restrictions, cards),
                             "deck", "unsupported", "error")
            if reply["type"] == "unsupported":
                raise _Unsupported(f"the engine: {reply.get('reason') or 'unsupported'}")
            if reply["type"] == "error":
                raise _Failed(f"{sc.path}:{line}: the engine could not check this list: {reply.get('message')}")
            legal, problems = reply.get("legal"), reply.get("problems", [])
            if not isinstance(legal, bool):
                raise ProtocolViolation("deck: 'legal' must be true or false")
            if not isinstance(problems, list) or not all(isinstance(p, dict) for p in problems):
                raise ProtocolViolation("deck: 'problems' must be a list of objects")
            wrong = disagreement(item["expect"], legal, [(p.get("message"), p.get("ref")) for p in problems], sc.path, line)
            if wrong:
                raise _Failed(wrong)


SESSIONS = {"game": _Session, "legacy": _LegacySession, "deck_check": _DeckSession}
KIND_WORDS = {"game": "game", "legacy": "legacy", "deck_check": "deck-check"}


def _unsupported_by(engine: Engine, sc: Scenario) -> str | None:
    """Why the engine can't be given this scenario (from its hello), or None."""
    if engine.protocol < SINCE[sc.kind]:
        return (f"the engine speaks protocol {engine.protocol}, which has no {KIND_WORDS[sc.kind]} scenarios "
                f"(protocol {SINCE[sc.kind]} adds them)")
    if sc.kind == "deck_check":
        formats = engine.hello.get("deck_check")
        if not isinstance(formats, list) or sc.ruleset not in formats:
            return f"the engine does not check {sc.ruleset!r} deck lists (its hello lists deck_check: {formats!r})"
        return None
    if sc.ruleset not in (engine.hello.get("rulesets") or []):
        return f"the engine does not support ruleset {sc.ruleset!r}"
    lacking = missing(requirements(sc.data, sc.kind), engine.hello.get("vocabulary", {}))
    if lacking:
        return "the engine lacks " + ", ".join(lacking)
    return None


def _json(value):
    return json.loads(json.dumps(value, default=str))


def run_scenario(engine: Engine, sc: Scenario, timeout: float) -> Result:
    """One scenario; the engine may be left dead (the caller restarts it)."""
    result = Result(sc.id, sc.path, sc.ruleset, sc.cites, sc.ruling, "pass")
    started = time.monotonic()
    try:
        why = _unsupported_by(engine, sc)
        if why:
            raise _Unsupported(why)
        SESSIONS[sc.kind](engine, sc, started + timeout).run()
    except _Unsupported as exc:
        result.status, result.message = "unsupported", str(exc)
    except _Failed as exc:
        result.status, result.message = "fail", exc.message
    except EngineTimeout:
        result.status, result.message = "timeout", f"{sc.path}: no answer within {timeout:g} s"
        engine.kill()
    except EngineDied as exc:
        result.status, result.message = "crashed", f"{sc.path}: {exc}"
        engine.kill()
    except ProtocolViolation as exc:
        result.status, result.message = "crashed", f"{sc.path}: protocol error: {exc}"
        engine.kill()
    result.seconds = time.monotonic() - started
    return result


# -- the run -----------------------------------------------------------------------------------
@dataclass
class Report:
    engine: dict
    results: list[Result]
    error: str | None = None  # the run could not start (bad hello, wrong protocol version)
    stale: list[str] = field(default_factory=list)  # expected-failure entries the suite does not have

    @property
    def counts(self) -> dict:
        c = Counter(r.status for r in self.results)
        return {s: c.get(s, 0) for s in STATUSES}

    @property
    def unexpected_failures(self) -> list[Result]:
        return [r for r in self.results if r.status in ("fail", "crashed", "timeout") and not r.expected_failure]

    @property
    def unexpected_passes(self) -> list[Result]:
        return [r for r in self.results if r.status == "pass" and r.expected_failure]

    @property
    def ok(self) -> bool:
        return self.error is None and not self.unexpected_failures and not self.unexpected_passes

    def clauses(self) -> dict[str, dict]:
        """Per cited clause: how many of its scenarios ended in each status."""
        out: dict[str, Counter] = {}
        for r in self.results:
            for ref in r.cites:
                out.setdefault(ref, Counter())[r.status] += 1
        return {ref: {s: c.get(s, 0) for s in STATUSES} for ref, c in sorted(out.items())}

    def as_json(self) -> dict:
        return {
            "protocol": PROTOCOL,
            "engine": self.engine,
            "error": self.error,
            "ok": self.ok,
            "total": len(self.results),
            **self.counts,
            "unexpected_failures": [r.id for r in self.unexpected_failures],
            "unexpected_passes": [r.id for r in self.unexpected_passes],
            "stale_expected_failures": self.stale,
            "results": [asdict(r) for r in self.results],
            "clauses": self.clauses(),
        }


def read_expected_failures(path: str | Path) -> set[str]:
    """One scenario id (``official/off-000-…``) per line; ``#`` starts a comment."""
    out = set()
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            out.add(line)
    return out


def run_suite(command, suite: list[Scenario], *, timeout: float = DEFAULT_TIMEOUT, isolate: bool = False,
              expected_failures=(), progress=None) -> Report:
    """Run every scenario of ``suite`` against the engine ``command`` (a list, or a shell-like string)."""
    command = shlex.split(command) if isinstance(command, str) else list(command)
    expected = set(expected_failures)
    known = {sc.id for sc in suite}
    stale = sorted(e for e in expected if e not in known)
    engine = Engine(command, timeout)
    try:
        hello = engine.start()
    except HandshakeError as exc:
        return Report({}, [], error=str(exc), stale=stale)
    info = {"command": shlex.join(command), "name": (hello.get("engine") or {}).get("name"),
            "version": (hello.get("engine") or {}).get("version"), "protocol": engine.protocol,
            "rulesets": hello.get("rulesets"), "deck_check": hello.get("deck_check")}
    results = []
    try:
        for sc in suite:
            if engine.proc is None:
                try:
                    engine.start()
                except HandshakeError as exc:
                    results.append(Result(sc.id, sc.path, sc.ruleset, sc.cites, sc.ruling, "crashed",
                                          f"{sc.path}: the engine could not be restarted: {exc}"))
                    continue
            result = run_scenario(engine, sc, timeout)
            result.expected_failure = sc.id in expected
            results.append(result)
            if progress is not None:
                progress(result)
            if isolate:
                engine.close()
    finally:
        engine.close()
    return Report(info, results, stale=stale)


def junit(report: Report) -> str:
    """The report as JUnit XML: one test suite per ruleset, one test case per scenario."""
    from xml.sax.saxutils import escape, quoteattr

    by_ruleset: dict[str, list[Result]] = {}
    for r in report.results:
        by_ruleset.setdefault(r.ruleset, []).append(r)
    out = ['<?xml version="1.0" encoding="UTF-8"?>', "<testsuites name=\"judgebase conformance\">"]
    if report.error:
        out.append(f'  <testsuite name="handshake" tests="1" failures="0" errors="1"><testcase name="hello">'
                   f'<error message={quoteattr(report.error)}/></testcase></testsuite>')
    for ruleset, results in sorted(by_ruleset.items()):
        c = Counter(r.status for r in results)
        out.append(f'  <testsuite name={quoteattr(ruleset)} tests="{len(results)}" failures="{c["fail"]}" '
                   f'errors="{c["crashed"] + c["timeout"]}" skipped="{c["unsupported"]}" '
                   f'time="{sum(r.seconds for r in results):.3f}">')
        for r in results:
            out.append(f'    <testcase classname={quoteattr(ruleset)} name={quoteattr(r.id)} time="{r.seconds:.3f}">')
            if r.status == "fail":
                tag = "skipped" if r.expected_failure else "failure"
                out.append(f'      <{tag} message={quoteattr("expected failure" if r.expected_failure else "fail")}>{escape(r.message)}</{tag}>')
            elif r.status in ("crashed", "timeout"):
                out.append(f'      <error type="{r.status}" message={quoteattr(r.message[:200])}>{escape(r.message)}</error>')
            elif r.status == "unsupported":
                out.append(f"      <skipped message={quoteattr(r.message[:200])}/>")
            elif r.expected_failure:
                out.append(f'      <failure message="unexpected pass">{escape(r.id)} passes: remove it from the expected failures</failure>')
            out.append("    </testcase>")
        out.append("  </testsuite>")
    out.append("</testsuites>")
    return "\n".join(out) + "\n"
