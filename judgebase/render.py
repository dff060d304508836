"""Terminal output: readable at a glance, at a table, on a narrow screen."""

from __future__ import annotations

import shutil
import textwrap

import click

from .textclean import plain


def _width() -> int:
    return max(40, min(shutil.get_terminal_size((100, 20)).columns, 100))


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


def _badge(proven) -> str:
    if proven is True:
        return click.style("proven", fg="green")
    if proven is False:
        return click.style("FAILING", fg="red", bold=True)
    return click.style("unproven", fg="yellow")


def search_results(query: str, results) -> str:
    if not results:
        return f'No results for "{query}". Try fewer words, another language, or a clause number such as 6-1-4.'
    lines = []
    for i, r in enumerate(results, 1):
        tag = r.kind if r.kind != "ruling" else f"ruling · {_badge(r.proven)}"
        head = f"{i:>2}. {click.style(r.ref, bold=True)}  {r.title}"
        if r.notice and r.match == "near":  # the number asked for doesn't exist: say so above its neighbours
            lines.append(click.style(r.notice, fg="yellow"))
        lines.append(f"{head}  [{tag} · {r.ruleset}]")
        if r.notice and r.match != "near":
            lines.append(click.style(f"     {r.notice}", fg="yellow"))
        if r.snippet:
            lines.append(textwrap.fill(r.snippet, _width(), initial_indent="     ", subsequent_indent="     "))
        if r.kind == "ruling" and r.cites:
            lines.append("     cites: " + ", ".join(r.cites))
    lang = results[0].lang
    lines.append(click.style(f"\n{len(results)} result(s) · language {lang} · `judgebase clause REF` for a whole clause", dim=True))
    return "\n".join(lines)


def clause_page(db, data: dict) -> str:
    out = []
    if data.get("asked"):
        out.append(click.style(data["asked"]["notice"], fg="yellow"))
    title = f"{data['ref']} · {data['title']}"
    out.append(click.style(title, bold=True) + (click.style(f"   ({data['version_label']})", dim=True) if data.get("version_label") else ""))
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
        out.append(click.style(" › ".join(crumbs), dim=True))
    out.append("")
    out.append(_wrap(data["text"]))
    if data["children"]:
        out.append("")
        out.append(click.style("Sub-clauses", bold=True))
        for child in data["children"]:
            out.append(f"  {child}  {data['children_titles'].get(child) or ''}")
    if data["rulings"]:
        out.append("")
        out.append(click.style("Rulings citing it", bold=True))
        for rid in data["rulings"]:
            r = db.ruling(rid, data["lang"])
            out.append(f"  {rid}  [{_badge(r['proven'])}]")
            out.append(textwrap.fill(r["question"], _width(), initial_indent="    ", subsequent_indent="    "))
    for conflict in data["conflicts"]:
        out.append("")
        out.append(click.style(f"Recorded conflict: {conflict['id']} ({conflict['type']})", fg="yellow", bold=True))
        resolution = conflict["resolution"].get(data["lang"]) or conflict["resolution"].get("en", "")
        out.append(_wrap(resolution, "  "))
        if conflict["seed_text"]:
            out.append(_wrap(f"Seed ({', '.join(conflict['sources'])}): “{conflict['seed_text']}”", "  "))
    if data.get("history"):
        from .notices import HISTORY_KINDS

        kinds = HISTORY_KINDS.get(data["lang"], HISTORY_KINDS["en"])
        out.append("")
        out.append(click.style("Update history (official)", bold=True))
        for h in data["history"]:
            shown = "" if h["number"] == data["ref"].removeprefix("CR ") else f" as {h['number']}"
            into = f" into {h['into']}" if h.get("into") else ""
            out.append(f"  Ver. {h['version']} ({h['date']}): {kinds.get(h['kind'], h['kind'])}{shown}{into}")
    out.append("")
    kind = data["kind"]
    others = [lang for lang in data["langs"] if lang != data["lang"]]
    meta = [f"Text ({data['lang']}): {kind}", f"source: {data['source']}"]
    if data.get("version_label"):
        meta.append(f"numbered and worded by {data['version_label']}")
    if data.get("notice"):
        meta.append(data["notice"])
    if data.get("checked"):
        meta.append(f"checked against: {data['checked']}")
    if data.get("note"):
        meta.append(f"note: {data['note']}")
    if others:
        meta.append("also in: " + ", ".join(others) + f"  (judgebase clause '{data['ref']}' --lang {others[0]})")
    out.extend(click.style(textwrap.fill(m, _width(), subsequent_indent="  "), dim=True) for m in meta)
    return "\n".join(out)


def ruling_page(db, data: dict) -> str:
    out = [click.style(data["id"], bold=True) + f"  [{_badge(data['proven'])} · {data['ruleset']}]", ""]
    out.append(click.style("Q: ", bold=True) + data["question"])
    out.append("")
    out.append(_wrap("A: " + data["answer"]))
    out.append("")
    out.append(click.style("Cites", bold=True))
    for ref in data["cites"]:
        title = db._title(ref, data["lang"]) or ""
        out.append(f"  {ref}  {title}")
    src = data["source"]
    where = f"{src['file'] or src['document']} · {src['item']}"
    if src["qa"]:
        where += " · Rule Q&A " + ", ".join(src["qa"])
    out.append("")
    out.append(click.style(f"Source: {where}", dim=True))
    out.append(click.style(f"Text ({data['lang']}): {data['kind']}; also in: {', '.join(l for l in data['langs'] if l != data['lang'])}", dim=True))
    if data["proven"] is None:
        out.append(click.style(f"Unproven: {data['unproven_reason']}", dim=True))
    else:
        out.append(click.style(f"Scenario: {data['scenario']}", dim=True))
    return "\n".join(out)


def build_summary(report) -> str:
    lines = [f"Built {report.db_path} in {report.seconds:.1f} s from {report.files} source files."]
    rulesets = sorted({rs for rs, _ in report.clauses})
    for rs in rulesets:
        per_lang = ", ".join(f"{lang} {n}" for (r, lang), n in sorted(report.clauses.items()) if r == rs)
        lines.append(f"  clauses  {rs:<14} {per_lang}")
    for rs, n in sorted(report.rulings.items()):
        lines.append(f"  rulings  {rs:<14} {n}")
    lines.append(
        f"  keywords {report.keywords}, glossary terms {report.glossary}, conflicts {report.conflicts}, "
        f"notes {report.notes}, search documents {report.documents}"
    )
    lines.append(f"  scenarios run: {report.scenarios}, failing: {len(report.failing)}")
    for f in report.failing[:10]:
        lines.append(f"    {f}")
    if report.cr_missing is not None:
        lines.append(f"  CR Ver. 4.2 clauses: {report.cr_total - len(report.cr_missing)} of {report.cr_total}, "
                     f"missing: {len(report.cr_missing)}" + (f" ({', '.join(report.cr_missing[:10])}…)" if report.cr_missing else ""))
    lines.append(f"  missing translations: {len(report.warnings)}")
    for w in report.warnings[:20]:
        lines.append(f"    {w}")
    if len(report.warnings) > 20:
        lines.append(f"    … {len(report.warnings) - 20} more")
    lines.append(f"  unresolved references in texts: {len(report.unresolved)}")
    for u in report.unresolved[:20]:
        lines.append(f"    {u}")
    if len(report.unresolved) > 20:
        lines.append(f"    … {len(report.unresolved) - 20} more")
    return "\n".join(lines)
