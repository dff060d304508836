"""The one message catalogue: every word judgebase shows, in Spanish, English and German.

    from judgebase.i18n import t
    t("web.search", "es")                       # 'Buscar'
    t("cli.results", "de", n=3, lang="de")      # placeholders are str.format fields

Each entry is ``key: (en, es, de)``.  Interface words live in :mod:`.ui`, the judge's
sentence for every engine event (and the engine's reason phrases) in :mod:`.events`,
loaded only when an event is described, and the command line's help (click's own words
included) in :mod:`.help`, loaded only when help or a usage error is shown, so a clause
lookup pays for neither.
``tests/test_i18n.py`` checks that every key has all three languages with the same
placeholders, so a missing translation fails a test instead of showing English.

The language a user sees: :func:`from_env` for the command line (``$JUDGEBASE_LANG``,
then the locale), :func:`from_accept_language` for a browser's header.  Base layer:
imports nothing of judgebase but ``refs``.
"""

from __future__ import annotations

import os
import re

from ..refs import CR_DATE, CR_VERSION
from .ui import MESSAGES

#: Interface languages, in the order the pages list them.
LANGS = ("es", "en", "de")
#: Position of each language in a catalogue entry.
ORDER = {"en": 0, "es": 1, "de": 2}
DEFAULT = "en"
#: Languages a clause or ruling text may be asked for (Korean texts exist for the legacy rules;
#: the interface around them is English).
CONTENT_LANGS = ("es", "en", "de", "ko")

#: Tables read only when one of their keys is asked for: key prefix -> loader.
_LAZY_PREFIXES = {"event.": "events", "phrase.": "events", "help.": "help", "click.": "help"}
_lazy: dict[str, dict] = {}


def ui_lang(lang: str | None) -> str:
    """The interface language for ``lang``: itself if the catalogue has it, else English."""
    return lang if lang in ORDER else DEFAULT


def _entry(key: str):
    table = _LAZY_PREFIXES.get(key[: key.find(".") + 1])
    return _lazy_table(table).get(key) if table else MESSAGES.get(key)


def _lazy_table(name: str) -> dict:
    if name not in _lazy:
        if name == "events":
            from . import events as module
        else:
            from . import help as module
        _lazy[name] = module.MESSAGES
    return _lazy[name]


def has(key: str) -> bool:
    return _entry(key) is not None


def template(key: str, lang: str | None) -> str:
    """The message ``key`` in ``lang`` as written, placeholders unfilled."""
    entry = _entry(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    return entry[ORDER[ui_lang(lang)]]


def t(key: str, lang: str | None, /, **fields) -> str:
    """The message ``key`` in ``lang`` (English for a language the catalogue lacks), formatted with ``fields``."""
    entry = _entry(key)
    if entry is None:
        raise KeyError(f"no message {key!r} in the catalogue")
    text = entry[ORDER[ui_lang(lang)]]
    return text.format(**fields) if fields or "{" in text else text


def tn(key: str, n: int, lang: str | None, /, **fields) -> str:
    """A message with a count: ``key.one`` for 1, ``key.other`` otherwise (es, en and de share this rule)."""
    return t(f"{key}.{'one' if n == 1 else 'other'}", lang, n=n, **fields)


def each(key: str, /, **fields) -> dict[str, str]:
    """The message in every interface language: ``{"es": …, "en": …, "de": …}``."""
    return {lang: t(key, lang, **fields) for lang in LANGS}


def catalogue(prefix: str = "", events: bool = False, help: bool = False) -> dict[str, tuple[str, str, str]]:
    """Entries whose key starts with ``prefix`` (the event sentences too with ``events=True``, the
    command line's help with ``help=True``)."""
    table = dict(MESSAGES)
    if events:
        table.update(_lazy_table("events"))
    if help:
        table.update(_lazy_table("help"))
    return {k: v for k, v in table.items() if k.startswith(prefix)}


# -- which language -------------------------------------------------------------------
_TAG = re.compile(r"^\s*([A-Za-z]{2,3})(?:[-_.@].*)?\s*$")


def parse_lang(value: str | None, supported=CONTENT_LANGS) -> str | None:
    """``es_ES.UTF-8``, ``de-AT``, ``EN`` -> ``es``, ``de``, ``en``; None when unsupported or empty."""
    m = _TAG.match(value or "")
    if not m:
        return None
    lang = m.group(1).lower()
    return lang if lang in supported else None


def from_env(environ=None, supported=CONTENT_LANGS) -> str:
    """The command line's language: ``$JUDGEBASE_LANG``, else the locale's language, else English.

    The locale is read as gettext reads it: ``LANGUAGE`` (a colon-separated list),
    then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``C`` and ``POSIX`` mean English.
    """
    env = os.environ if environ is None else environ
    chosen = parse_lang(env.get("JUDGEBASE_LANG"), supported)
    if chosen:
        return chosen
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var)
        if not value:
            continue
        if var == "LANGUAGE":
            for part in value.split(":"):
                found = parse_lang(part, supported)
                if found:
                    return found
            continue
        return parse_lang(value, supported) or DEFAULT  # the first locale variable set decides
    return DEFAULT


def from_accept_language(header: str | None, supported=LANGS) -> str | None:
    """The first supported language of an ``Accept-Language`` header, by quality; None if none is."""
    best = []
    for i, part in enumerate((header or "").split(",")):
        tag, _, params = part.strip().partition(";")
        q = 1.0
        m = re.search(r"q\s*=\s*([0-9.]+)", params)
        if m:
            try:
                q = float(m.group(1))
            except ValueError:
                q = 0.0
        lang = parse_lang(tag, supported)
        if lang and q > 0:
            best.append((-q, i, lang))
    return min(best)[2] if best else None


# -- notices a judge must see wherever clause text is shown ------------------------------
CURRENT, CURRENT_DATE = CR_VERSION, CR_DATE


def version_label(version: str | None = CURRENT) -> str:
    """``CR Ver. 4.2, 2026-08-18``: the version a clause is numbered and worded by."""
    version = version or CURRENT
    return f"CR Ver. {version}, {CURRENT_DATE}" if version == CURRENT else f"CR Ver. {version}"


def prevails(lang: str) -> str:
    """The official rules say the Japanese text decides; every translation, ours and Bandai's, gives way to it."""
    return t("notice.japanese_prevails", lang)


def renumbered(lang: str, version: str, old: str, new: str, status: str) -> str:
    """What a judge reads when an old version's number was asked for."""
    what = t(f"notice.renumbered.{status if status in ('renumbered', 'changed') else 'same'}", lang)
    return t("notice.renumbered", lang, version=version, old=old, new=new, current=CURRENT, what=what)


def history_kind(kind: str, lang: str) -> str:
    """``added``, ``updated``, … of the official Update History, in ``lang``."""
    key = f"history.{kind}"
    return t(key, lang) if has(key) else kind


_CHECKED_WORDS = (("official English text", "checked.official_text"), ("and its sub-clauses", "checked.and_subclauses"),
                  ("moving as defined in", "checked.moving_as"), ("a removed target", "checked.removed_target"),
                  ("clauses", "checked.clauses"), ("clause", "checked.clause"), ("to", "checked.to"),
                  ("and", "checked.and"), ("with", "checked.with"), ("for", "checked.for"), ("at", "checked.at"))


def checked_line(text: str | None, lang: str) -> str | None:
    """A clause's "checked against" line (``CR Ver. 4.2 (…), official English text, clauses 1-2 to 1-2-6``) in ``lang``."""
    if not text or ui_lang(lang) == "en":
        return text
    for english, key in _CHECKED_WORDS:
        text = re.sub(rf"(?<![\w<-]){re.escape(english)}(?![\w>-])", t(key, lang).replace("\\", "\\\\"), text)
    return text


def phrase(text, lang: str) -> str:
    """An engine's English phrase (a reason, a phase, an effect's name) in ``lang``; unknown text is kept."""
    from .events import translate

    return translate(text, lang)
