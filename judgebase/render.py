"""Terminal output: readable at a glance, at a table, on a narrow screen.

Plain functions returning text, shared by the click commands (``cli.py``) and the
quick path of ``clause`` and ``search`` (``entry.py``), which must not load click:
:func:`style` writes the same ANSI codes as ``click.style``.
"""

from __future__ import annotations

import json
import os
import sys
import textwrap

from .i18n import checked_line, has, history_kind, t, tn, ui_lang
from .refs import CR_VERSION
from .textclean import plain

_COLOURS = {"black": 30, "red": 31, "green": 32, "yellow": 33, "blue": 34, "magenta": 35, "cyan": 36, "white": 37}


def style(text: str, fg: str | None = None, bold: bool | None = None, dim: bool | None = None) -> str:
    """``click.style`` for the colours and attributes used here, code for code."""
    codes = f"\033[{_COLOURS[fg]}m" if fg else ""
    if bold is not None:
        codes += f"\033[{1 if bold else 22}m"
    if dim is not None:
        codes += f"\033[{2 if dim else 22}m"
    return f"{codes}{text}\033[0m"


def _width() -> int:
    """The terminal's width between 40 and 100 (``shutil.get_terminal_size``'s rule, without importing shutil)."""
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        columns = 0
    if columns <= 0:
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns or 100
        except (AttributeError, ValueError, OSError):
            columns = 100
    return max(40, min(columns, 100))


def _wrap(text: str, indent: str = "") -> str:
    width = _width()
    paragraphs = [p for p in (text or "").split("\n\n") if p.strip()]
    out = []
    for para in paragraphs:
        lines = para.splitlines()
        if all(line.lstrip().startswith(("-", "*", "|")) for line in lines if line.strip()):
            out.append("\n".join(indent + line for line in lines))
        else:
            out.append(textwrap.fill(plain(para), width, initial_indent=indent, subsequent_indent=indent))
    return "\n\n".join(out)


def _badge(proven, lang: str = "en") -> str:
    if proven is True:
        return style(t("status.proven", lang), fg="green")
    if proven is False:
        return style(t("status.FAILING", lang), fg="red", bold=True)
    return style(t("status.unproven", lang), fg="yellow")


def search_results(query: str, results, lang: str = "en") -> str:
    """The results as a judge reads them; labels in ``lang`` (the language of the answers)."""
    lang = ui_lang(lang)
    if not results:
        return t("cli.no_results", lang, query=query)
    lines = []
    for i, r in enumerate(results, 1):
        kind = t(f"kind.{r.kind}", lang)
        tag = kind if r.kind != "ruling" else f"{kind} · {_badge(r.proven, lang)}"
        head = f"{i:>2}. {style(r.ref, bold=True)}  {r.title}"
        if r.notice and r.match == "near":  # the number asked for doesn't exist: say so above its neighbours
            lines.append(style(r.notice, fg="yellow"))
        lines.append(f"{head}  [{tag} · {t('ruleset.' + r.ruleset, lang)}]")
        if r.notice and r.match != "near":
            lines.append(style(f"     {r.notice}", fg="yellow"))
        if r.snippet:
            lines.append(textwrap.fill(r.snippet, _width(), initial_indent="     ", subsequent_indent="     "))
        if r.kind == "ruling" and r.cites:
            lines.append("     " + t("cli.cites", lang, refs=", ".join(r.cites)))
        for rid, question in getattr(r, "examples", ()):  # a clause's example rulings take its place, not their own
            head = f"     {t('label.example', lang)}: "
            room = max(20, _width() - len(head) - len(rid) - 2)
            lines.append(f"{head}{style(rid, bold=True)}  {textwrap.shorten(question, room, placeholder=' …')}")
    lines.append("\n" + style(tn("cli.results", len(results), lang, lang=results[0].lang), dim=True))
    return "\n".join(lines)


def clause_page(db, data: dict, lang: str | None = None) -> str:
    """One clause for the terminal; the labels in ``lang`` (the asked language), the text in the best one there is."""
    lang = ui_lang(lang or data["lang"])
    out = []
    if data.get("asked"):
        out.append(style(data["asked"]["notice"], fg="yellow"))
    title = f"{data['ref']} · {data['title']}"
    out.append(style(title, bold=True) + (style(f"   ({data['version_label']})", dim=True) if data.get("version_label") else ""))
    crumbs = []
    parent = data["parent"]
    chain = []
    while parent:
        chain.append(parent)
        row = db.conn.execute("select parent from clauses where ref = ?", (parent,)).fetchone()
        parent = row[0] if row else None
    for ref in reversed(chain):
        crumbs.append(f"{ref} {db._title(ref, data['lang']) or ''}".strip())
    if crumbs:
        out.append(style(" › ".join(crumbs), dim=True))
    out.append("")
    out.append(_wrap(data["text"]))
    if data["children"]:
        out.append("")
        out.append(style(t("label.subclauses", lang), bold=True))
        for child in data["children"]:
            out.append(f"  {child}  {data['children_titles'].get(child) or ''}")
    if data["rulings"]:
        out.append("")
        out.append(style(t("label.rulings_citing", lang), bold=True))
        for rid in data["rulings"]:
            r = db.ruling(rid, data["lang"])
            out.append(f"  {rid}  [{_badge(r['proven'], lang)}]")
            out.append(textwrap.fill(r["question"], _width(), initial_indent="    ", subsequent_indent="    "))
    out.extend(_proof_lines(data, lang))
    for conflict in data["conflicts"]:
        out.append("")
        kind = t(f"conflict.{conflict['type']}", lang) if has(f"conflict.{conflict['type']}") else conflict["type"]
        out.append(style(f"{t('label.conflict', lang, id=conflict['id'])} ({kind})", fg="yellow", bold=True))
        resolution = conflict["resolution"].get(data["lang"]) or conflict["resolution"].get("en", "")
        out.append(_wrap(resolution, "  "))
        if conflict["seed_text"]:
            out.append(_wrap(t("cli.seed", lang, sources=", ".join(conflict["sources"]), text=conflict["seed_text"]), "  "))
    if data.get("history"):
        out.append("")
        out.append(style(t("label.history", lang), bold=True))
        for h in data["history"]:
            line = t("cli.history_line", lang, version=h["version"], date=h["date"], kind=history_kind(h["kind"], lang))
            if h["number"] != data["ref"].removeprefix("CR "):
                line += " " + t("label.history.as", lang, number=h["number"])
            if h.get("into"):
                line += " " + t("label.history.into", lang, number=h["into"])
            out.append("  " + line)
    out.append("")
    others = [other for other in data["langs"] if other != data["lang"]]
    meta = [t("cli.text_kind", lang, lang=data["lang"], kind=t(f"textkind.{data['kind']}", lang)),
            t("cli.source", lang, source=data["source"])]
    if data.get("version_label"):
        meta.append(t("cli.numbered_by", lang, label=data["version_label"]))
    if data.get("notice"):
        meta.append(t("notice.japanese_prevails", lang) if data["ruleset"] == "official" else data["notice"])
    if data.get("checked"):
        meta.append(t("cli.checked", lang, what=checked_line(data["checked"], lang)))
    if data.get("note"):
        meta.append(t("cli.note", lang, note=data["note"]) if lang != "en" else f"note: {data['note']}")
    if others:
        meta.append(t("cli.also_in", lang, langs=", ".join(others), ref=data["ref"], first=others[0]))
    out.extend(style(textwrap.fill(m, _width(), subsequent_indent="  "), dim=True) for m in meta)
    return "\n".join(out)


def _proof_lines(data: dict, lang: str) -> list[str]:
    """The scenarios that prove the clause, or its not-testable entry; nothing for an older database."""
    if "proven_by" not in data:
        return []
    out = ["", style(t("label.proven_by", lang), bold=True)]
    for proof in data["proven_by"]:
        tied = t("label.proves_ruling", lang, id=proof["ruling"]) if proof["ruling"] else t("label.no_ruling_scenario", lang)
        out.append(f"  {proof['scenario']}  ({tied})")
    if not data["proven_by"]:
        listed = data.get("not_testable")
        if listed:
            out.append(f"  {t('label.not_testable', lang)} {t('nottestable.' + listed['kind'], lang)} — {listed['reason']}")
        else:
            out.append("  " + t("label.no_proof", lang))
    return out


def ruling_page(db, data: dict, lang: str | None = None) -> str:
    """One ruling for the terminal; the labels in ``lang`` (the asked language)."""
    lang = ui_lang(lang or data["lang"])
    out = [style(data["id"], bold=True)
           + f"  [{_badge(data['proven'], lang)} · {t('ruleset.' + data['ruleset'], lang)}]", ""]
    out.append(style(t("cli.question", lang), bold=True) + data["question"])
    out.append("")
    out.append(_wrap(t("cli.answer", lang) + data["answer"]))
    out.append("")
    out.append(style(t("label.cites", lang), bold=True))
    for ref in data["cites"]:
        title = db._title(ref, data["lang"]) or ""
        out.append(f"  {ref}  {title}")
    src = data["source"]
    where = f"{src['file'] or src['document']} · {src['item']}"
    if src["qa"]:
        where += " · " + t("label.rule_qa", lang, numbers=", ".join(src["qa"]))
    out.append("")
    out.append(style(t("cli.source_line", lang, where=where), dim=True))
    out.append(style(t("cli.ruling_text", lang, lang=data["lang"], kind=t(f"textkind.{data['kind']}", lang),
                             langs=", ".join(other for other in data["langs"] if other != data["lang"])), dim=True))
    if data["proven"] is None:
        out.append(style(t("label.unproven", lang, reason=data["unproven_reason"]), dim=True))
    else:
        out.append(style(t("cli.scenario", lang, file=data["scenario"]), dim=True))
    return "\n".join(out)


def build_summary(report, lang: str = "en") -> str:
    lang = ui_lang(lang)
    lines = [t("cli.build.built", lang, path=report.db_path, seconds=report.seconds, files=report.files)]
    rulesets = sorted({rs for rs, _ in report.clauses})
    clauses, rulings = t("cli.build.clauses", lang), t("cli.build.rulings", lang)
    width = max(len(clauses), len(rulings))
    for rs in rulesets:
        per_lang = ", ".join(f"{code} {n}" for (r, code), n in sorted(report.clauses.items()) if r == rs)
        lines.append(f"  {clauses:<{width}} {rs:<14} {per_lang}")
    for rs, n in sorted(report.rulings.items()):
        lines.append(f"  {rulings:<{width}} {rs:<14} {n}")
    lines.append("  " + t("cli.build.counts", lang, keywords=report.keywords, glossary=report.glossary,
                          conflicts=report.conflicts, notes=report.notes, documents=report.documents))
    lines.append("  " + t("cli.build.scenarios", lang, n=report.scenarios, failing=len(report.failing)))
    for f in report.failing[:10]:
        lines.append(f"    {f}")
    if report.coverage:
        c = report.coverage
        lines.append("  " + t("cli.build.coverage", lang, clauses=c["clauses"], proven=c["proven"],
                              not_testable=c["not_testable"], gaps=c["gap"]))
    if report.cr_missing is not None:
        missing = str(len(report.cr_missing)) + (f" ({', '.join(report.cr_missing[:10])}…)" if report.cr_missing else "")
        lines.append("  " + t("cli.build.cr", lang, version=CR_VERSION, have=report.cr_total - len(report.cr_missing),
                              total=report.cr_total, missing=missing))
    for key, items in (("cli.build.missing", report.warnings), ("cli.build.unresolved", report.unresolved)):
        lines.append("  " + t(key, lang, n=len(items)))
        for item in items[:20]:
            lines.append(f"    {item}")
        if len(items) > 20:
            lines.append("    " + t("cli.build.more", lang, n=len(items) - 20))
    return "\n".join(lines)


def coverage_report(report, titles: dict[str, str], lang: str = "en") -> str:
    """Per chapter: its figures, then its gaps one per line (what is left to prove comes first)."""
    lang = ui_lang(lang)
    total = report.as_json()["totals"]
    lines = [style(t("cli.coverage.total", lang, clauses=total["clauses"], proven=total["proven"],
                           percent=total["proven_percent"], not_testable=total["not_testable"], gaps=total["gap"]),
                         bold=True)]
    for chapter in report.chapters:
        figures = chapter.as_json()
        head = f"{chapter.ref} {chapter.title or ''}".strip()
        lines.append("")
        lines.append(style(head, bold=True) + "  " + t(
            "cli.coverage.chapter", lang, clauses=figures["clauses"], proven=figures["proven"],
            not_testable=figures["not_testable"], gaps=figures["gap"]))
        for gap in chapter.gaps:
            lines.append(f"    {style(gap.ref, fg='yellow')}  {titles.get(gap.ref, '')}")
    return "\n".join(lines)


def search_output(searcher, text: str, results, lang: str | None, as_json: bool) -> str:
    """What ``judgebase search`` prints: a JSON list, or the results labelled in the language of the answers."""
    if as_json:
        return json.dumps([r.as_json() for r in results], ensure_ascii=False, indent=2)
    from .i18n import from_env

    # The labels speak the language of the answers: --lang, else the query's, else the user's.
    shown = lang or (results[0].lang if results else None) or searcher.query_language(text) or from_env()
    return search_results(text, results, shown)


def clause_output(db, data: dict, lang: str, as_json: bool) -> str:
    """What ``judgebase clause`` prints: a JSON object, or the clause for the terminal."""
    if as_json:
        return json.dumps(data, ensure_ascii=False, indent=2)
    return clause_page(db, data, lang)
