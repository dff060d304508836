"""Originality check: which English clauses share a run of 8+ words with the official text.

    python bench/overlap.py OFFICIAL.md [--words 8]

OFFICIAL.md is the official English Comprehensive Rules as plain text (not part of this
repository: our clauses are written in our own words from its facts, and this script is
how that is checked). Clause titles are left out: they are the official section names.
Prints each clause that shares a run, the runs, and the note that
justifies it (quoted card text, lists of names); exits 1 if a run has no such note.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from judgebase.corpus import load_corpus  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
JUSTIFIED = re.compile(r"quot|card text|list of names", re.IGNORECASE)


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("official", type=Path)
    parser.add_argument("--words", type=int, default=8)
    args = parser.parse_args()
    n = args.words
    official = words(args.official.read_text(encoding="utf-8"))
    runs = {tuple(official[i:i + n]) for i in range(len(official) - n + 1)}
    corpus = load_corpus(ROOT)
    checked, shared, unjustified = 0, 0, 0
    for clause in corpus.clauses.values():
        if clause.ref.ruleset != "official" or "en" not in clause.texts:
            continue
        checked += 1
        ws = words(clause.texts["en"].text)  # titles are the official section names, used as names
        hits = sorted({" ".join(ws[i:i + n]) for i in range(len(ws) - n + 1) if tuple(ws[i:i + n]) in runs})
        if hits:
            shared += 1
            ok = bool(clause.note and JUSTIFIED.search(clause.note))
            unjustified += not ok
            print(f"{clause.ref}: {len(hits)} run(s) {'(justified: ' + clause.note + ')' if ok else 'NOT JUSTIFIED'}")
            for h in hits[:3]:
                print(f"    … {h} …")
    print(f"{checked} English clauses checked: {shared} share a run of {n}+ words, {unjustified} without a justifying note")
    return 1 if unjustified else 0


if __name__ == "__main__":
    sys.exit(main())
