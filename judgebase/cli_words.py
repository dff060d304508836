"""The command line's own words in the user's language: help texts, usage lines, click's errors.

The language is the one the commands speak without ``--lang`` (:func:`judgebase.i18n.from_env`:
``$JUDGEBASE_LANG``, else the locale's, else English), since ``--lang`` isn't parsed yet when
help is shown.

- **Help texts** are catalogue keys (``judgebase/i18n/help.py``): the ``help`` of a
  :class:`Command`, :class:`Group` or :class:`Option` is looked up each time it is read, and
  click reads it only to show help, so a command that shows none never loads those words.
- **click's own words** ("Usage:", "Options", "Show this message and exit.", "Error: No such
  option …") go through gettext, which click binds at import as each module's ``_`` and
  ``ngettext``.  Those names are the only place to give click other words short of compiled
  ``.mo`` files (which would follow the locale, never ``$JUDGEBASE_LANG``), so while a judgebase
  command runs in Spanish or German (:meth:`Group.main`) they point at the catalogue, and
  afterwards they are click's again.  In English nothing is touched.
"""

from __future__ import annotations

import re
from contextlib import contextmanager

import click

#: click's modules that say something to a user through gettext.
_CLICK_MODULES = ("core", "decorators", "exceptions", "formatting", "parser", "termui", "types")


class _State:
    depth = 0  # nested speaking() blocks
    lang = "en"  # the language click speaks while depth > 0
    originals: dict = {}  # module -> its own (_, ngettext)


def language() -> str:
    """The user's interface language: ``$JUDGEBASE_LANG``, else the locale's, else English."""
    from .i18n import from_env, ui_lang

    return ui_lang(from_env())


def _current() -> str:
    return _State.lang if _State.depth else language()


def say(key: str) -> str:
    """A help text (or click's word) of the catalogue in the current language, unformatted."""
    from .i18n import template

    return template(key, _current())


@contextmanager
def speaking(lang: str | None = None):
    """click's own words in ``lang`` (default: the user's language) while the block runs."""
    if _State.depth == 0:
        _State.lang = lang or language()
        if _State.lang != "en":
            _give_click_our_words()
    _State.depth += 1
    try:
        yield
    finally:
        _State.depth -= 1
        if _State.depth == 0:
            _give_click_its_words_back()


def _give_click_our_words() -> None:
    import importlib

    for name in _CLICK_MODULES:
        module = importlib.import_module(f"click.{name}")
        own = (getattr(module, "_", None), getattr(module, "ngettext", None))
        if own[0] is None:
            continue
        _State.originals[module] = own
        module._ = _gettext
        if own[1] is not None:
            module.ngettext = _ngettext


def _give_click_its_words_back() -> None:
    for module, (gettext, ngettext) in _State.originals.items():
        module._ = gettext
        if ngettext is not None:
            module.ngettext = ngettext
    _State.originals = {}


def _click_key(english: str) -> str | None:
    from .i18n.help import CLICK

    return CLICK.get(english)


def _gettext(message: str) -> str:
    key = _click_key(message)
    return say(key) if key else message


def _ngettext(singular: str, plural: str, n: int) -> str:
    key = _click_key(singular)
    if key is None:
        return singular if n == 1 else plural
    return say(f"{key}.{'one' if n == 1 else 'other'}")


def metavar(text: str) -> str:
    """A usage line's placeholders in the current language: ``[OPTIONS] FILE`` -> ``[OPCIONES] ARCHIVO``."""
    if _current() == "en":
        return text
    from .i18n import has

    def word(m: re.Match) -> str:
        key = f"help.metavar.{m.group(0)}"
        return say(key) if has(key) else m.group(0)

    return re.sub(r"\b[A-Z][A-Z_]+\b", word, text)


# -- commands and options whose words come from the catalogue ------------------------------------
class _SaidHelp:
    """``help`` given as a catalogue key (kept in ``help_key``), read in the current language each time
    it is shown."""

    @property
    def help(self) -> str | None:
        return say(self.help_key) if self.help_key else None

    @help.setter
    def help(self, key: str | None) -> None:
        self.help_key = key


def _show_help(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


class Command(_SaidHelp, click.Command):
    """A command whose help, usage line and ``--help`` option speak the user's language."""

    _help_option_said = None

    def get_help_option(self, ctx: click.Context):
        """click's ``--help``, with its words looked up when help is shown rather than on every run."""
        names = self.get_help_option_names(ctx)
        if not names or not self.add_help_option:
            return None
        if self._help_option_said is None:
            self._help_option_said = Option(names, is_flag=True, is_eager=True, expose_value=False,
                                            callback=_show_help, help="help.opt.help")
        return self._help_option_said

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        return [metavar(piece) for piece in super().collect_usage_pieces(ctx)]

    def format_help(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with speaking():
            super().format_help(ctx, formatter)


class Group(Command, click.Group):
    """A group of commands that all speak the user's language (see :class:`Command`).

    ``lazy_commands`` (``{"deck": "judgebase.deck_cli:deck"}``) are imported only when one of them
    is run, listed or looked for, so a command that needs none of them doesn't start them up.
    """

    command_class = Command
    group_class = type  # subgroups are Groups too

    def __init__(self, *args, lazy_commands: dict[str, str] | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.lazy_commands = dict(lazy_commands or {})

    def main(self, *args, **kwargs):
        with speaking():
            return super().main(*args, **kwargs)

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *self.lazy_commands})

    def get_command(self, ctx: click.Context, name: str):
        if name not in self.commands:
            # An unknown name loads them all: click suggests the nearest among the loaded ones.
            for lazy in [name] if name in self.lazy_commands else list(self.lazy_commands):
                self._load(lazy)
        return super().get_command(ctx, name)

    def _load(self, name: str) -> None:
        import importlib

        module, _, attribute = self.lazy_commands.pop(name).partition(":")
        self.add_command(getattr(importlib.import_module(module), attribute), name)


class _Said:
    """A parameter whose help and placeholder are said in the user's language."""

    def make_metavar(self, *args, **kwargs) -> str:  # click >= 8.2 passes the context
        return metavar(super().make_metavar(*args, **kwargs))


class Option(_SaidHelp, _Said, click.Option):
    """An option whose ``help`` is a catalogue key (see :class:`Command`)."""


class Argument(_Said, click.Argument):
    """An argument whose placeholder is said in the user's language."""


def option(*param_decls: str, **attrs):
    """``click.option`` with the help text given as a catalogue key."""
    return click.option(*param_decls, cls=Option, **attrs)


def argument(*param_decls: str, **attrs):
    """``click.argument`` with its placeholder said in the user's language."""
    return click.argument(*param_decls, cls=Argument, **attrs)


# -- types whose names (in click's messages) are said in the user's language ------------------------
_TYPE_NAMES = {"integer range": "help.type.integer_range", "float range": "help.type.float_range"}


class _SaidName:
    @property
    def name(self) -> str:
        english = self._english_name
        if _current() == "en":
            return english
        key = _click_key(english) or _TYPE_NAMES.get(english)
        return say(key) if key else english

    @name.setter
    def name(self, english: str) -> None:
        self._english_name = english


class PathType(_SaidName, click.Path):
    """``click.Path``: "File 'x' does not exist." in the user's language."""

    _english_name = "path"


class IntRange(_SaidName, click.IntRange):
    """``click.IntRange``: "'x' is not a valid integer range." in the user's language."""

    _english_name = "integer range"


class FloatRange(_SaidName, click.FloatRange):
    """``click.FloatRange``, as :class:`IntRange`."""

    _english_name = "float range"
