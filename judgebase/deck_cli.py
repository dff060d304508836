"""``judgebase deck check``: a thin click layer over :mod:`judgebase.deck`.

Exit status: 0 legal, 1 not legal, 2 input that can't be read (the list, the card
file or the restriction list).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

FORMATS = ("official", "tamer_tactics")  # judgebase.deck.FORMATS; the library is imported only when a command runs


@click.group()
def deck():
    """Deck lists: check legality for the official format or Tamer Tactics."""


@deck.command()
@click.argument("file", metavar="FILE")
@click.option("--format", "fmt", type=click.Choice(FORMATS), default="official", show_default=True,
              help="The format to check against.")
@click.option("--cards", "cards_path", type=click.Path(dir_okay=False, path_type=Path),
              help="CSV card file: number,name,category,level (tells Digimon, Tamers, Options and Digi-Eggs apart).")
@click.option("--restrictions", "restrictions_path", type=click.Path(dir_okay=False, path_type=Path),
              help="Restriction list YAML (default: rules/restrictions.yaml).")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON object.")
def check(file, fmt, cards_path, restrictions_path, as_json):
    """Check the deck list FILE (plain text or JSON; '-' reads standard input)."""
    from . import deck as decklib

    try:
        if file == "-":
            source = "<stdin>"
            stdin = sys.stdin
            limit = decklib.MAX_BYTES + 1  # more is refused, unread
            data = stdin.buffer.read(limit) if hasattr(stdin, "buffer") else stdin.read(limit).encode("utf-8", "surrogatepass")
            text = decklib.decode(data, source)
        else:
            source = file
            text = decklib.read_file(file)
        cards = decklib.load_cards(cards_path) if cards_path else None
        if restrictions_path is not None:
            restrictions = decklib.load_restrictions(restrictions_path)
        else:
            default = default_restrictions_path()
            restrictions = decklib.load_restrictions(default, label="rules/restrictions.yaml") if default else None
        result = decklib.check(decklib.parse(text, source, cards), fmt, cards, restrictions)
    except decklib.DeckInputError as exc:
        for message in exc.messages:
            click.echo(f"Error: {message}", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(result.as_json(), ensure_ascii=False, indent=2))
    else:
        click.echo(render(result))
    sys.exit(0 if result.legal else 1)


def default_restrictions_path() -> Path | None:
    """This checkout's ``rules/restrictions.yaml`` (or ``$JUDGEBASE_SOURCE``'s), if there is one.

    Finding the default is the command's business: :mod:`judgebase.deck` takes the
    restriction list as an argument and knows nothing of sources or builds.
    """
    from .defaults import NoSources, source_root

    try:
        path = source_root() / "rules" / "restrictions.yaml"
    except NoSources:
        return None
    return path if path.is_file() else None


def render(result) -> str:
    """The text a judge reads (for a :class:`judgebase.deck.Result`): verdict, counts, one line per problem."""
    from . import deck as decklib

    fmt = {"official": "official", "tamer_tactics": "Tamer Tactics"}[result.format]
    verdict = click.style("LEGAL", fg="green", bold=True) if result.legal else click.style("NOT LEGAL", fg="red", bold=True)
    lines = [f"{verdict}  {result.source} · {fmt} format", decklib.summary_line(result)]
    if result.problems:
        lines.append("")
        lines.append(f"{len(result.problems)} problem(s):")
        lines += [f"  {p.render(result.source)}" for p in result.problems]
    if result.warnings:
        lines.append("")
        lines += [click.style(f"  warning: {w.render(result.source)}", fg="yellow") for w in result.warnings]
    if result.restrictions:
        note = result.restrictions.get("note")
        lines.append(click.style(f"restriction list: {result.restrictions['file']}" + (f" — {note}" if note else ""), dim=True))
    return "\n".join(lines)
