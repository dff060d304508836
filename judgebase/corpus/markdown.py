"""Read clause files: Markdown headings that start with a clause number.

A file looks like::

    ```meta
    ruleset: official
    lang: es
    ```
    # 6 Procedimientos del juego
    Text ...
    ### 6-1-4 Condiciones de fin de turno
    ```meta
    kind: source
    ```
    Text ...

markdown-it-py gives every block token its source lines, so a clause's text is
kept as the Markdown written between its heading and the next one (the web UI
renders it later), and every problem can name its line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from .. import yamlsrc
from .errors import Problems

_md = MarkdownIt("commonmark")

FILE_KEYS = {"ruleset", "lang", "kind", "source"}
CLAUSE_KEYS = {"kind", "source", "checked", "note"}
PROVENANCE_KEYS = {"checked", "note"}

_NUMBER = {
    "official": re.compile(r"^(?:CR\s*)?(\d{1,2}(?:-\d{1,2})*)(?:\s+(.*))?$"),
    "tamer_tactics": re.compile(r"^(?:TT\s*)?§?\s*(\d{1,2}(?:\.\d{1,2})*)(?:\s+(.*))?$"),
    "legacy": re.compile(r"^(?:LEG\s*)?(\d{1,2}(?:\.\d{1,2})*)\.?(?:\s+(.*))?$"),
}


@dataclass
class RawClause:
    """One clause as written in one language file, before merging languages."""

    number: str
    title: str
    text: str
    line: int
    meta: dict = field(default_factory=dict)
    meta_lines: dict = field(default_factory=dict)


@dataclass
class ClauseFile:
    path: str
    meta: dict
    clauses: list[RawClause]


def parse_clause_file(path: str, text: str, problems: Problems) -> ClauseFile | None:
    """Parse one clause file; problems are collected, never raised."""
    lines = text.splitlines()
    try:
        tokens = _md.parse(text)
    except Exception as exc:  # markdown-it accepts any text; be safe anyway
        problems.add(path, 1, f"cannot parse Markdown: {exc}")
        return None

    file_meta: dict | None = None
    clauses: list[RawClause] = []
    current: RawClause | None = None
    body_start = 0
    skip_ranges: list[tuple[int, int]] = []

    def close(upto: int) -> None:
        if current is None:
            return
        body = [
            lines[i]
            for i in range(body_start, upto)
            if not any(a <= i < b for a, b in skip_ranges)
        ]
        current.text = "\n".join(body).strip()
        if not current.text:
            problems.add(path, current.line, f"clause {current.number} has no text")

    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.type == "heading_open" and tok.level == 0:
            start, end = tok.map
            close(start)
            heading = tokens[i + 1].content.strip()
            if file_meta is None:
                problems.add(path, start + 1, "the file must start with a ```meta block (ruleset, lang)")
                return None
            number_re = _NUMBER.get(file_meta.get("ruleset"), _NUMBER["official"])
            m = number_re.match(heading)
            if not m:
                problems.add(path, start + 1, f"heading must start with a clause number: {heading!r}")
                current = None
            else:
                title = (m.group(2) or "").strip()
                if not title:
                    problems.add(path, start + 1, f"clause {m.group(1)} has no title")
                current = RawClause(m.group(1), title, "", start + 1)
                clauses.append(current)
            body_start = end
            skip_ranges = []
            i += 3
            continue
        if tok.type == "fence" and tok.info.strip() == "meta":
            start, end = tok.map
            try:
                data = yamlsrc.load(tok.content, first_line=start + 2) or {}
            except yamlsrc.YamlError as exc:
                problems.add(path, exc.line, str(exc))
                data = {}
            if not isinstance(data, dict):
                problems.add(path, start + 1, "a meta block must be a YAML mapping")
                data = {}
            if file_meta is None and not clauses:
                _check_keys(path, data, FILE_KEYS, problems, "file")
                file_meta = dict(data)
            elif current is not None and _only_blank(lines, body_start, start, skip_ranges):
                _check_keys(path, data, CLAUSE_KEYS, problems, "clause")
                current.meta = dict(data)
                current.meta_lines = dict(getattr(data, "key_lines", {}))
            else:
                problems.add(path, start + 1, "a meta block must come right after a clause heading")
            skip_ranges.append((start, end))
        i += 1
    close(len(lines))
    if file_meta is None:
        problems.add(path, 1, "the file must start with a ```meta block (ruleset, lang)")
        return None
    return ClauseFile(path, file_meta, clauses)


def _only_blank(lines: list[str], start: int, end: int, skip: list[tuple[int, int]]) -> bool:
    return all(
        not lines[i].strip() or any(a <= i < b for a, b in skip) for i in range(start, end)
    )


def _check_keys(path: str, data: dict, allowed: set[str], problems: Problems, where: str) -> None:
    for key in data:
        if key not in allowed:
            line = data.line_of(key) if hasattr(data, "line_of") else 1
            problems.add(path, line, f"unknown {where} meta key {key!r} (allowed: {', '.join(sorted(allowed))})")
