"""A scenario's position drawn as SVG on the server: a picture a judge can show two players.

Input is the plain position a scenario run stores (:mod:`judgebase.scenarios.position`);
output is one ``<svg>`` element, with no script and no ids (a page holds several, the
static export one per language), every text escaped, every word from the catalogue.
Drawn 360 units wide, so on a 390-px phone one unit is about one pixel and the
smallest text is 9 px.

Official and Tamer Tactics: the opponent at the top, the player the picture is
oriented for at the bottom, each with counters (deck, security, hand, trash), the
breeding area (and Digi-Egg deck) and the battle area; a suspended stack's card is
turned 90° clockwise; Tamer Tactics draws each Tamer's group in its own frame and
marks the protected card.  Between them, the memory gauge (10 … 0 … 10, the bottom
player's side on the right) with the marker on the memory.  Legacy: points, Network
Sea, hand, Land of Darkness, the Digimon Box with its battling Digimon, Evolution and
Power Box, three Option Slots and the Support Box.
"""

from __future__ import annotations

from markupsafe import Markup, escape

from .. import i18n

W = 360  # viewBox width
PAD = 6
FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif"
#: Per player: background tint, frame / chip colour.
COLOURS = ({"tint": "#eaf1fc", "ink": "#1f5fbf"}, {"tint": "#fcecea", "ink": "#b3261e"})
CARD = {"fill": "#ffffff", "stroke": "#5b6475", "text": "#1d2330", "muted": "#5b6475", "gold": "#b07d00"}
CARD_W, CARD_H = 58, 80
SLOT_W, SLOT_H = 86, 112  # room for a card turned either way, its label above and a tag below
CHIP_H = 30
BREEDING_W = 78


def svg(pos: dict | None, lang: str, bottom: int | None = None) -> Markup:
    """The position as an ``<svg>`` element in ``lang``; ``bottom`` is the player drawn at the bottom
    (default: the turn player, P1 for legacy).  Empty markup when there is no position."""
    if not pos:
        return Markup("")
    lang = i18n.ui_lang(lang)
    if pos.get("ruleset") == "legacy":
        return _Legacy(pos, lang, 0 if bottom is None else bottom).draw()
    return _Game(pos, lang, pos.get("turn_player", 0) if bottom is None else bottom).draw()


def caption(pos: dict | None, lang: str) -> str:
    """``turn 3 · P1's turn · main phase``: what the picture can't show by itself."""
    if not pos:
        return ""
    phase = _phase(pos.get("phase"), lang)
    if pos.get("ruleset") == "legacy":
        return i18n.t("board.state.legacy", lang, turn=pos["turn"], phase=phase)
    return i18n.t("board.state", lang, turn=pos["turn"], who=_who(pos["turn_player"]), phase=phase)


def captions(pos: dict | None) -> dict[str, str]:
    return {lang: caption(pos, lang) for lang in i18n.LANGS}


def _phase(phase: str | None, lang: str) -> str:
    key = f"phrase.phase:{phase}"
    if i18n.has(key):
        return i18n.t(key, lang)
    key = f"board.phase.{phase}"
    return i18n.t(key, lang) if i18n.has(key) else str(phase or "")


def _who(player: int) -> str:
    return f"P{int(player) + 1}"


def _num(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _width(text: str, size: float, bold: bool = False) -> float:
    """About how wide ``text`` is drawn (a sans-serif averages a little over half an em per character)."""
    return len(text) * size * (0.6 if bold else 0.56)


class _Canvas:
    """The elements of one picture, in drawing order; every text escaped on the way in."""

    def __init__(self, lang: str):
        self.lang = lang
        self.parts: list[str] = []

    def say(self, key: str, **fields) -> str:
        return i18n.t(key, self.lang, **fields)

    def add(self, markup: str) -> None:
        self.parts.append(markup)

    def rect(self, x, y, w, h, fill="none", stroke="none", rx=4, width=1, dash=None, extra="") -> str:
        more = f' stroke-dasharray="{dash}"' if dash else ""
        return (f'<rect x="{_num(x)}" y="{_num(y)}" width="{_num(w)}" height="{_num(h)}" rx="{rx}" fill="{fill}" '
                f'stroke="{stroke}" stroke-width="{width}"{more}{extra}/>')

    def text(self, x, y, text, size=10, anchor="middle", fill=None, bold=False, italic=False, fit=None,
             cls=None) -> str:
        """One line of text; squeezed to ``fit`` units if it would be wider, cut with … if far wider."""
        text = str(text)
        if fit is not None:
            while len(text) > 2 and _width(text, size, bold) > fit * 1.45:
                text = text[:-2].rstrip() + "…"
        attrs = [f'x="{_num(x)}"', f'y="{_num(y)}"', f'font-size="{_num(size)}"', f'text-anchor="{anchor}"',
                 f'fill="{fill or CARD["text"]}"']
        if bold:
            attrs.append('font-weight="700"')
        if italic:
            attrs.append('font-style="italic"')
        if cls:
            attrs.append(f'class="{cls}"')
        if fit is not None and _width(text, size, bold) > fit:
            attrs.append(f'textLength="{_num(fit)}" lengthAdjust="spacingAndGlyphs"')
        return f"<text {' '.join(attrs)}>{escape(text)}</text>"

    def chip(self, x, y, w, label, value, zone, ink, player) -> str:
        """A counter: its name small on top, the number bold below."""
        return (f'<g class="count" data-player="{player}" data-zone="{zone}" data-count="{escape(str(value))}">'
                + self.rect(x, y, w, CHIP_H, fill="#ffffff", stroke=ink, width=0.8)
                + self.text(x + w / 2, y + 11.5, label, size=9, fill=CARD["muted"], fit=w - 6)
                + self.text(x + w / 2, y + 25, value, size=12, bold=True, fit=w - 6)
                + "</g>")

    def svg(self, height: float, label: str, ruleset: str) -> Markup:
        head = (f'<svg xmlns="http://www.w3.org/2000/svg" class="board-svg" viewBox="0 0 {W} {_num(height)}" '
                f'width="{W}" height="{_num(height)}" role="img" aria-label="{escape(label)}" '
                f'data-ruleset="{escape(ruleset)}" font-family="{FONT}">')
        return Markup(head + "".join(self.parts) + "</svg>")


class _Game(_Canvas):
    """Official and Tamer Tactics positions."""

    def __init__(self, pos: dict, lang: str, bottom: int):
        super().__init__(lang)
        self.pos = pos
        self.bottom = int(bottom) if bottom in (0, 1) else 0
        self.tt = pos.get("ruleset") == "tamer_tactics"

    def draw(self) -> Markup:
        top, bottom = 1 - self.bottom, self.bottom
        backgrounds = []
        y = PAD
        start = y
        y = self.counters(top, y)
        y = self.field(top, y + 4, flip=True)
        backgrounds.append((top, start - 3, y - start + 6))
        y = self.gauge(y + 6)
        start = y + 6
        y = self.field(bottom, start, flip=False)
        y = self.counters(bottom, y + 4)
        backgrounds.append((bottom, start - 3, y - start + 6))
        tints = [self.rect(2, y0, W - 4, h, fill=COLOURS[p]["tint"], rx=8, extra=f' class="half" data-player="{p}"')
                 for p, y0, h in backgrounds]
        self.parts[:0] = tints
        label = self.say("board.aria", top=_who(top), bottom=_who(bottom))
        return self.svg(y + PAD, label, self.pos.get("ruleset", "official"))

    # -- counters -------------------------------------------------------------------
    def counters(self, p: int, y: float) -> float:
        side = self.pos["players"][p]
        ink = COLOURS[p]["ink"]
        self.add(self.rect(PAD, y, 30, CHIP_H, fill=ink, stroke=ink, extra=f' class="player" data-player="{p}"'))
        self.add(self.text(PAD + 15, y + 19.5, _who(p), size=12, bold=True, fill="#ffffff"))
        zones = ("deck", "security", "hand", "trash")
        x0 = PAD + 34
        w = (W - PAD - x0 - 4 * (len(zones) - 1)) / len(zones)
        for i, zone in enumerate(zones):
            self.add(self.chip(x0 + i * (w + 4), y, w, self.say(f"board.{zone}"), side[zone], zone, ink, p))
        return y + CHIP_H

    # -- breeding and battle areas -----------------------------------------------------
    def field(self, p: int, y: float, flip: bool) -> float:
        side = self.pos["players"][p]
        ink = COLOURS[p]["ink"]
        # The breeding area, with the Digi-Egg deck under it.
        self.add(self.text(PAD + BREEDING_W / 2, y + 10, self.say("board.breeding"), size=9, fill=CARD["muted"],
                           fit=BREEDING_W - 4))
        slot_y = y + 12
        self.add(self.rect(PAD, slot_y, BREEDING_W, SLOT_H - 4, stroke=ink, dash="3 3", width=0.8,
                           extra=f' class="area" data-area="breeding" data-player="{p}"'))
        if side.get("breeding"):
            self.stack(side["breeding"], PAD + BREEDING_W / 2, slot_y + SLOT_H / 2 - 2, p)
        self.add(self.chip(PAD, slot_y + SLOT_H, BREEDING_W, self.say("board.eggs"), side["eggs"], "eggs", ink, p))
        breeding_bottom = slot_y + SLOT_H + CHIP_H

        # The battle area: stacks in rows, or one frame per Tamer's group (Tamer Tactics).
        x0 = PAD + BREEDING_W + 6
        width = W - PAD - x0
        self.add(self.text(x0 + 2, y + 10, self.say("board.battle"), size=9, anchor="start", fill=CARD["muted"]))
        stacks = side["battle"]
        yy = y + 12
        if self.tt and stacks:
            for title, members, tamer in self.groups(stacks):
                yy = self.group(title, members, tamer, x0, yy, width, ink, p) + 4
            yy -= 4
        else:
            yy = self.rows(stacks, x0, yy, width, p)
        return max(breeding_bottom, yy)

    def groups(self, stacks: list[dict]):
        """(title, stacks, tamer id) per Tamer's group, Tamer first; then the Digimon of no group."""
        tamers = [s for s in stacks if s.get("category") == "tamer"]
        ids = {s["id"] for s in tamers}
        for tamer in tamers:
            members = [tamer] + [s for s in stacks if s is not tamer and s.get("group") == tamer["id"]
                                 and s.get("category") != "tamer"]
            yield self.say("board.group", tamer=tamer["name"]), members, tamer["id"]
        rest = [s for s in stacks if s.get("category") != "tamer" and s.get("group") not in ids]
        if rest:
            yield self.say("board.no_group"), rest, None

    def group(self, title, members, tamer, x0, y, width, ink, p) -> float:
        inner = self.rows(members, x0 + 3, y + 14, width - 6, p, capture=True)
        height = inner["bottom"] - y + 2
        tag = "" if tamer is None else f' data-tamer="{tamer}"'
        self.add(f'<g class="group" data-player="{p}"{tag}>'
                 + self.rect(x0, y, width, height, stroke=ink, width=1.2, rx=6)
                 + self.text(x0 + 6, y + 11, title, size=9.5, anchor="start", bold=True, fill=ink, fit=width - 12)
                 + "".join(inner["parts"]) + "</g>")
        return y + height

    def rows(self, stacks, x0, y, width, p, capture=False):
        per_row = max(1, int(width // SLOT_W))
        gap = (width - per_row * SLOT_W) / per_row
        saved = self.parts
        if capture:
            self.parts = []
        if not stacks:
            self.add(self.rect(x0, y, width, SLOT_H - 4, stroke=COLOURS[p]["ink"], dash="3 3", width=0.8,
                               extra=f' class="area" data-area="battle" data-player="{p}"'))
            self.add(self.text(x0 + width / 2, y + SLOT_H / 2, self.say("board.empty"), size=9.5, fill=CARD["muted"],
                               italic=True))
            bottom = y + SLOT_H - 4
        else:
            for i, s in enumerate(stacks):
                row, col = divmod(i, per_row)
                cx = x0 + col * (SLOT_W + gap) + (SLOT_W + gap) / 2
                cy = y + row * SLOT_H + SLOT_H / 2
                self.stack(s, cx, cy, p)
            bottom = y + ((len(stacks) - 1) // per_row + 1) * SLOT_H
        if capture:
            parts, self.parts = self.parts, saved
            return {"parts": parts, "bottom": bottom}
        return bottom

    def stack(self, s: dict, cx: float, cy: float, p: int) -> None:
        """One Digimon or Tamer: its top card (turned if suspended), the cards under it as edges behind."""
        suspended = bool(s.get("suspended"))
        name = str(s.get("name", ""))
        label = s.get("label")
        level, dp = s.get("level"), s.get("dp")
        facts = [name]
        if label and label.lower() != name.lower():
            facts.append(f"“{label}”")
        if level is not None:
            facts.append(self.say("board.level", level=level))
        if dp is not None:
            facts.append(self.say("board.dp", dp=dp))
        if s.get("cards", 1) > 1:
            facts.append(i18n.tn("board.cards", s["cards"], self.lang))
        if suspended:
            facts.append(self.say("board.suspended"))
        if s.get("protected"):
            facts.append(self.say("board.protected"))
        out = [f'<g class="stack" data-player="{p}" data-name="{escape(name)}" data-label="{escape(label or "")}" '
               f'data-suspended="{"true" if suspended else "false"}"'
               f'{" data-protected=" + chr(34) + "true" + chr(34) if s.get("protected") else ""}>',
               f"<title>{escape(' · '.join(facts))}</title>"]
        # The card itself: drawn upright and turned 90° clockwise about its centre when suspended.
        turn = f' transform="rotate(90 {_num(cx)} {_num(cy)})"' if suspended else ""
        out.append(f'<g class="card"{turn}>')
        x, y = cx - CARD_W / 2, cy - CARD_H / 2
        for k in range(min(s.get("cards", 1) - 1, 3), 0, -1):  # the cards under it, as edges
            out.append(self.rect(x + 3 * k, y - 3 * k, CARD_W, CARD_H, fill="#f1f3f7", stroke=CARD["stroke"], width=0.7))
        gold = s.get("protected")
        out.append(self.rect(x, y, CARD_W, CARD_H, fill=CARD["fill"], stroke=CARD["gold"] if gold else CARD["stroke"],
                             width=2.5 if gold else 1, rx=5, extra=' class="face"'))
        out.append("</g>")
        # Its text, always upright so it reads at a glance; laid out for the card's shape.
        w, h = (CARD_H, CARD_W) if suspended else (CARD_W, CARD_H)
        top = cy - h / 2
        if label and label.lower() != name.lower():
            out.append(self.text(cx, cy - SLOT_H / 2 + 11, label, size=9, italic=True, fill=CARD["muted"], fit=SLOT_W - 4))
        out.append(self.text(cx, top + 13, name, size=10, bold=True, fit=w - 6))
        detail = self.say("board.level", level=level) if level is not None else self._category(s)
        if suspended:
            if dp is not None:
                detail += " · " + self.say("board.dp", dp=dp)
            out.append(self.text(cx, top + 27, detail, size=9.5, fit=w - 6))
            lines = [self.say("board.suspended")]
            if s.get("cards", 1) > 1:
                lines.insert(0, i18n.tn("board.cards", s["cards"], self.lang))
            for i, line in enumerate(lines):
                out.append(self.text(cx, top + 40 + 11 * i, line, size=9, fill=CARD["muted"], italic=i == len(lines) - 1,
                                     fit=w - 6))
        else:
            out.append(self.text(cx, top + 27, detail, size=9.5, fit=w - 6))
            if dp is not None:
                out.append(self.text(cx, top + 48, dp, size=14, bold=True, fit=w - 6))
                out.append(self.text(cx, top + 59, "DP", size=9, fill=CARD["muted"]))
            if s.get("cards", 1) > 1:
                out.append(self.text(cx, top + 74, i18n.tn("board.cards", s["cards"], self.lang), size=9,
                                     fill=CARD["muted"], fit=w - 6))
        if gold:
            out.append(self.text(cx, cy + SLOT_H / 2 - 3, self.say("board.protected"), size=9, bold=True,
                                 fill=CARD["gold"], fit=SLOT_W - 4))
        out.append("</g>")
        self.add("".join(out))

    def _category(self, s: dict) -> str:
        key = f"board.category.{s.get('category')}"
        return self.say(key) if i18n.has(key) else str(s.get("category") or "")

    # -- the memory gauge --------------------------------------------------------------------
    def gauge(self, y: float) -> float:
        """21 cells, 10 … 0 … 10: the top player's side on the left, the bottom player's on the right."""
        top, bottom = 1 - self.bottom, self.bottom
        memory = int(self.pos.get("memory") or 0)  # on P1's side
        value = max(-10, min(10, memory if bottom == 0 else -memory))  # on the bottom player's side
        cell = (W - 2 * PAD) / 21
        self.add(self.text(PAD, y + 10, "◂ " + _who(top), size=10, anchor="start", bold=True, fill=COLOURS[top]["ink"]))
        self.add(self.text(W / 2, y + 10, self.say("board.memory"), size=10, fill=CARD["muted"]))
        self.add(self.text(W - PAD, y + 10, _who(bottom) + " ▸", size=10, anchor="end", bold=True,
                           fill=COLOURS[bottom]["ink"]))
        cy = y + 14 + 11
        parts = ['<g class="gauge">']
        for i in range(21):
            v = i - 10
            owner = bottom if v > 0 else (top if v < 0 else None)
            fill = "#ffffff" if owner is None else COLOURS[owner]["tint"]
            stroke = CARD["stroke"] if owner is None else COLOURS[owner]["ink"]
            parts.append(self.rect(PAD + i * cell, y + 14, cell, 22, fill=fill, stroke=stroke, rx=2, width=0.6,
                                   extra=f' class="cell" data-value="{v}"'))
            parts.append(self.text(PAD + i * cell + cell / 2, cy + 3.5, abs(v), size=9.5, fill=CARD["text"]))
        side = "none" if value == 0 else ("p" + str((bottom if value > 0 else top) + 1))
        mx = PAD + (value + 10) * cell + cell / 2
        parts.append(f'<g class="marker" data-value="{value}" data-side="{side}">'
                     f'<circle cx="{_num(mx)}" cy="{_num(cy)}" r="{_num(cell / 2 + 1.5)}" fill="#1d2330" '
                     f'stroke="#ffffff" stroke-width="1.5"/>'
                     + self.text(mx, cy + 3.5, abs(value), size=10, bold=True, fill="#ffffff") + "</g>")
        parts.append("</g>")
        self.add("".join(parts))
        return y + 14 + 22


class _Legacy(_Canvas):
    """The legacy Hyper Colosseum board."""

    def __init__(self, pos: dict, lang: str, bottom: int):
        super().__init__(lang)
        self.pos = pos
        self.bottom = int(bottom) if bottom in (0, 1) else 0

    def draw(self) -> Markup:
        top, bottom = 1 - self.bottom, self.bottom
        tints = []
        y = PAD
        start = y
        y = self.counters(top, y)
        y = self.field(top, y + 6)
        tints.append((top, start - 3, y - start + 6))
        y += 8
        self.add(f'<line x1="{PAD}" y1="{_num(y)}" x2="{W - PAD}" y2="{_num(y)}" stroke="{CARD["stroke"]}" '
                 f'stroke-width="0.8" stroke-dasharray="4 3"/>')
        y += 8
        start = y
        y = self.field(bottom, y)
        y = self.counters(bottom, y + 6)
        tints.append((bottom, start - 3, y - start + 6))
        self.parts[:0] = [self.rect(2, y0, W - 4, h, fill=COLOURS[p]["tint"], rx=8, extra=f' class="half" data-player="{p}"')
                          for p, y0, h in tints]
        label = self.say("board.aria", top=_who(top), bottom=_who(bottom))
        return self.svg(y + PAD, label, "legacy")

    def counters(self, p: int, y: float) -> float:
        side = self.pos["players"][p]
        ink = COLOURS[p]["ink"]
        self.add(self.rect(PAD, y, 30, CHIP_H, fill=ink, stroke=ink, extra=f' class="player" data-player="{p}"'))
        self.add(self.text(PAD + 15, y + 19.5, _who(p), size=12, bold=True, fill="#ffffff"))
        x = PAD + 34
        points_w = 76
        self.add(self.chip(x, y, points_w, self.say("board.points"), side["points"], "points", ink, p))
        x += points_w + 4
        zones = ("network", "hand", "darkness")
        w = (W - PAD - x - 4 * (len(zones) - 1)) / len(zones)
        for i, zone in enumerate(zones):
            self.add(self.chip(x + i * (w + 4), y, w, self.say(f"board.{zone}"), side[zone], zone, ink, p))
        return y + CHIP_H

    def field(self, p: int, y: float) -> float:
        side = self.pos["players"][p]
        ink = COLOURS[p]["ink"]
        box_w, col_w, slot_w = 92, 68, 58
        # The Digimon Box: the battling Digimon on top of the cards under it.
        self.add(self.text(PAD + box_w / 2, y + 10, self.say("board.digimon_box"), size=9, fill=CARD["muted"],
                           fit=box_w - 4))
        top_y = y + 14
        box = side.get("box") or []
        self.add(self.rect(PAD, top_y, box_w, 100, stroke=ink, dash="3 3", width=0.8,
                           extra=f' class="area" data-area="box" data-player="{p}" data-count="{len(box)}"'))
        if box:
            self.digimon(box[-1], len(box), side.get("attack"), PAD + box_w / 2, top_y + 50, p)
        # The Evolution and Power Boxes: how many cards each holds.
        x = PAD + box_w + 6
        self.add(self.chip(x, top_y, col_w, self.say("board.evolution"), side["evolution"], "evolution", ink, p))
        self.add(self.chip(x, top_y + CHIP_H + 5, col_w, self.say("board.power"), side["power"], "power", ink, p))
        if side.get("exchange"):
            self.add(self.chip(x, top_y + 2 * (CHIP_H + 5), col_w, self.say("board.exchange"), side["exchange"],
                               "exchange", ink, p))
        # The Option Slots, 1 to 3.
        x += col_w + 6
        gap = (W - PAD - x - 3 * slot_w) / 2
        for i, card in enumerate(side.get("slots") or [None, None, None]):
            self.slot(i + 1, card, x + i * (slot_w + gap), top_y, slot_w, p, ink)
        bottom = top_y + 100
        support = side.get("support") or []
        if support:
            text = self.say("board.support") + ": " + ", ".join(map(str, support))
            self.add(f'<g class="count" data-player="{p}" data-zone="support" data-count="{len(support)}">'
                     + self.text(PAD, bottom + 13, text, size=9.5, anchor="start", fit=W - 2 * PAD) + "</g>")
            bottom += 17
        return bottom

    def digimon(self, card: dict, count: int, attack, cx: float, cy: float, p: int) -> None:
        w, h = 80, 92
        x, y = cx - w / 2, cy - h / 2
        name = str(card.get("name", ""))
        level = card.get("level")
        level_text = (i18n.t(f"phrase.level:{level}", self.lang) if i18n.has(f"phrase.level:{level}")
                      else self.say("board.level", level=level)) if level is not None else ""
        values = card.get("attack") or {}
        facts = [name, level_text]
        out = [f'<g class="stack" data-player="{p}" data-name="{escape(name)}" data-suspended="false">']
        for k in range(min(count - 1, 3), 0, -1):
            out.append(self.rect(x + 3 * k, y - 3 * k, w, h, fill="#f1f3f7", stroke=CARD["stroke"], width=0.7))
        out.append(self.rect(x, y, w, h, fill=CARD["fill"], stroke=CARD["stroke"], rx=5, extra=' class="face"'))
        out.append(self.text(cx, y + 13, name, size=10, bold=True, fit=w - 6))
        line = level_text
        if card.get("battle_type"):
            line += " · " + self.say("board.battle_type", type=card["battle_type"])
        out.append(self.text(cx, y + 26, line, size=9, fit=w - 6))
        if values:
            out.append(self.text(cx, y + 39, "  ".join(f"{k} {v}" for k, v in sorted(values.items())), size=9,
                                 fill=CARD["muted"], fit=w - 6))
        if attack is not None:
            out.append(self.text(cx, y + 56, self.say("board.attack"), size=9, fill=CARD["muted"], fit=w - 6))
            out.append(self.text(cx, y + 71, attack, size=14, bold=True, fit=w - 6))
            facts.append(f"{self.say('board.attack')} {attack}")
        if count > 1:
            out.append(self.text(cx, y + 86, i18n.tn("board.cards", count, self.lang), size=9, fill=CARD["muted"],
                                 fit=w - 6))
            facts.append(i18n.tn("board.cards", count, self.lang))
        out.insert(1, f"<title>{escape(' · '.join(f for f in facts if f))}</title>")
        out.append("</g>")
        self.add("".join(out))

    def slot(self, n: int, card, x: float, y: float, w: float, p: int, ink: str) -> None:
        h = 100
        filled = card is not None
        out = [f'<g class="slot" data-player="{p}" data-slot="{n}" data-card="{escape(card["name"]) if filled else ""}"'
               f' data-face-up="{"true" if filled and card.get("face_up") else "false"}">']
        out.append(self.text(x + w / 2, y - 4, self.say("board.slot", n=n), size=9, fill=CARD["muted"], fit=w))
        if not filled:
            out.append(self.rect(x, y, w, h, stroke=ink, dash="3 3", width=0.8))
            out.append(self.text(x + w / 2, y + h / 2 + 3, self.say("board.empty"), size=9, italic=True,
                                 fill=CARD["muted"], fit=w - 4))
        else:
            face_up = bool(card.get("face_up"))
            out.append(self.rect(x, y, w, h, fill=CARD["fill"] if face_up else "#e4e7ee", stroke=CARD["stroke"], rx=5))
            out.append(self.text(x + w / 2, y + 16, card["name"], size=9.5, bold=True, fit=w - 6))
            if not face_up:
                out.append(self.text(x + w / 2, y + 30, self.say("board.face_down"), size=9, italic=True,
                                     fill=CARD["muted"], fit=w - 6))
        out.append("</g>")
        self.add("".join(out))
