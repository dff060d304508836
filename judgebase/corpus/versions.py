"""The official Update History and the Ver. 4.0 → Ver. 4.2 number map, as checked records.

``rules/versions/cr-update-history.yaml`` lists, per version, the clauses added,
updated, merged, deleted or renumbered, in the numbers that version used.
``rules/versions/cr-4.0-to-4.2.tsv`` maps every Ver. 4.0 clause number to today's.
Together they let a clause show the versions that changed it, and an old number
resolve to today's clause with a notice instead of silently meaning something else.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from pathlib import Path

from ..refs import CR_VERSION as CURRENT
from .errors import Problems

KINDS = ("added", "updated", "merged", "deleted", "renumbered", "corrected")
STATUSES = ("same", "renumbered", "changed", "removed")


@dataclass(frozen=True)
class HistoryChange:
    version: str
    date: str
    kind: str
    number: str | None  # as the history prints it, in that version's numbering (None for a range or a general note)
    range_from: str | None
    range_to: str | None
    into: str | None
    note: str | None
    ref: str | None  # today's clause it concerns (CR x-y-z), where that version's numbering can be mapped
    line: int


@dataclass(frozen=True)
class OldNumber:
    version: str
    old: str
    new: str | None
    status: str


def load_history(path: Path, rel: str, data, problems: Problems, maps: dict[str, dict[str, OldNumber]],
                 numbers: set[str]) -> tuple[list[HistoryChange], dict[str, tuple[str, str | None]]]:
    """Checked history changes (newest version first) and {version: (date, note)}."""
    changes: list[HistoryChange] = []
    versions: dict[str, tuple[str, str | None]] = {}
    if not isinstance(data, list):
        problems.add(rel, 1, "the update history must be a list of versions")
        return changes, versions
    for i, item in enumerate(data):
        line = data.line_of(i)
        if not isinstance(item, dict) or "version" not in item or "date" not in item:
            problems.add(rel, line, "each version needs version: and date:")
            continue
        version, date = str(item["version"]), item["date"]
        if not isinstance(date, dt.date):
            problems.add(rel, item.line_of("date"), f"date must be YYYY-MM-DD, got {date!r}")
            continue
        note = item.get("note")
        versions.setdefault(version, (date.isoformat(), str(note) if note else None))
        for j, change in enumerate(item.get("changes") or []):
            at = item["changes"].line_of(j)
            if not isinstance(change, dict) or change.get("kind") not in KINDS:
                problems.add(rel, at, f"each change needs kind: one of {', '.join(KINDS)}")
                continue
            span = change.get("range") or {}
            into = change.get("into")
            into = ", ".join(map(str, into)) if isinstance(into, list) else (str(into) if into else None)
            base = dict(version=version, date=date.isoformat(), kind=change["kind"], into=into,
                        note=str(change["note"]) if change.get("note") else None, line=at)
            listed = change.get("clauses") or []
            if not isinstance(listed, list):
                problems.add(rel, at, "clauses must be a list of clause numbers")
                continue
            for number in map(str, listed):
                changes.append(HistoryChange(number=number, range_from=None, range_to=None,
                                             ref=_today(version, number, maps, numbers), **base))
            if span or not listed:
                changes.append(HistoryChange(number=None, range_from=_opt(span.get("from")), range_to=_opt(span.get("to")),
                                             ref=None, **base))
    return changes, versions


def _opt(value) -> str | None:
    return str(value) if value is not None else None


def _today(version: str, number: str, maps: dict[str, dict[str, OldNumber]], numbers: set[str]) -> str | None:
    """Today's clause for a number as printed in ``version``'s history, or None where it can't be told.

    Ver. 4.2 numbers are today's. Ver. 4.0 numbers go through the aligned number map.
    Ver. 4.1 numbered as Ver. 4.2 except chapter 4, where Ver. 4.2 inserted 4-2 (Costs)
    and so shifted 4-2 … 4-27 by one: those go through the map too. Earlier versions
    numbered differently and we hold no text of them, so their changes are not pinned
    to today's clauses.
    """
    if version == CURRENT:
        return f"CR {number}" if number in numbers else None
    if version == "4.1" and not number.startswith("4-"):
        return f"CR {number}" if number in numbers else None
    if version in ("4.0", "4.1"):
        old = maps.get("4.0", {}).get(number)
        return f"CR {old.new}" if old and old.new else None
    return None


def load_number_map(path: Path, rel: str, version: str, problems: Problems, numbers: set[str]) -> dict[str, OldNumber]:
    out: dict[str, OldNumber] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except (OSError, UnicodeDecodeError) as exc:
        problems.add(rel, 1, f"cannot read: {exc}")
        return out
    for n, line in enumerate(lines, 1):
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 3 or parts[2] not in STATUSES:
            problems.add(rel, n, f"expected OLD<TAB>NEW<TAB>status ({' | '.join(STATUSES)})")
            continue
        old, new, status = parts
        if (status == "removed") != (new == ""):
            problems.add(rel, n, "a removed clause has no new number; every other has one")
            continue
        if new and new not in numbers:
            problems.add(rel, n, f"{new} is not a clause number of CR Ver. {CURRENT}")
            continue
        if old in out:
            problems.add(rel, n, f"{old} is mapped twice")
            continue
        out[old] = OldNumber(version, old, new or None, status)
    return out
