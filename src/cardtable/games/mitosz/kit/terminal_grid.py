"""Mítosz in the terminal: a player's nation grid drawn cell by cell with its roads (level, closed ones
marked ×) and attached locations, or as a list of nations on a narrow terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.text import Text

from cardtable.engine.i18n import Translator

from .terminal_cards import _flags, _tokens_short, board_card
from .terminal_words import BOLD_GREEN, BOLD_RED, CELL, road_mark

if TYPE_CHECKING:
    from .terminal_cards import Names

_ = Translator("mitosz-ui")


# -- the nation grid ---------------------------------------------------------------------------------------
def _road(road: dict[str, Any] | None) -> str:
    if road is None:
        return ""
    return f"{'×' if road['closed'] else ''}{road['level']}"


def _wrap(words: str, width: int, lines: int) -> list[str]:
    out, line = [], ""
    for word in words.split():
        while len(word) > width:  # a word longer than the cell: cut it
            if line:
                out.append(line)
                line = ""
            out.append(word[:width])
            word = word[width:]
        if not line:
            line = word
        elif len(line) + 1 + len(word) <= width:
            line += " " + word
        else:
            out.append(line)
            line = word
    if line:
        out.append(line)
    if len(out) > lines:
        out = out[:lines]
        out[-1] = out[-1][: width - 1] + "…"
    return out + [""] * (lines - len(out))


def _cell(nation: dict[str, Any], dup: Names | None) -> list[Text]:
    """Six lines of 3 + CELL + 3 characters: the N road in the top border, W/E roads beside the name,
    the S road in the bottom border; its level, tokens, flags; its attached locations."""
    roads = nation.get("roads") or {}
    width = CELL

    def border(left: str, right: str, road: dict[str, Any] | None, label: str = "") -> Text:
        text = Text("  " + left)
        mark = _road(road)
        if mark:
            body = f"┤{mark}├"
            pad = width - len(body) - len(label)
            lpad = pad // 2
            text.append(label + "─" * lpad, style="dim" if label else "")
            text.append(body, style=BOLD_RED if road is not None and road["closed"] else BOLD_GREEN)
            text.append("─" * (pad - lpad))
        else:
            text.append(label + "─" * (width - len(label)))
        text.append(right + "  ")
        return text

    def side(which: str, left: bool) -> Text:
        road = roads.get(which)
        if road is None:
            return Text("  │" if left else "│  ")
        mark = _road(road)
        style = BOLD_RED if road["closed"] else BOLD_GREEN
        if left:
            return Text(f"{mark:>2}", style=style) + Text("┤")
        return Text("├") + Text(f"{mark:<2}", style=style)

    name = nation["name"] + (f" #{nation['id']}" if dup and len(dup.get(nation["name"], ())) > 1 else "")
    n1, n2 = _wrap(name, CELL, 2)
    status = []
    if nation.get("level") is not None:
        status.append(_("L{level}", level=nation["level"]))
    if dup is not None and dup.pp.get(nation["card"]):
        status.append(_("{n}PP", n=dup.pp[nation["card"]]))
    status += [_tokens_short(f, nation) for f in _flags(nation)]
    attached = [("+" + a["name"]) for a in nation.get("attached") or []]
    place = " ".join(attached) or ""
    lines = [border("┌", "┐", roads.get("N"), f"{nation['x']},{nation['y']}")]
    lines.append(side("W", True) + Text(f"{n1:<{CELL}}", style="bold") + side("E", False))
    lines.append(Text("  │") + Text(f"{n2:<{CELL}}", style="bold") + Text("│  "))
    lines.append(Text("  │") + Text(f"{' '.join(status)[:CELL]:<{CELL}}", style="cyan") + Text("│  "))
    lines.append(Text("  │") + Text(_wrap(place, CELL, 1)[0].ljust(CELL), style="magenta") + Text("│  "))
    lines.append(border("└", "┘", roads.get("S")))
    return lines


def grid_lines(nations: list[dict[str, Any]], dup: Names | None = None) -> list[Text]:
    """The nations on their cells, north up (spec 5.11: N = y+1)."""
    if not nations:
        return []
    xs = [n["x"] for n in nations]
    ys = [n["y"] for n in nations]
    at = {(n["x"], n["y"]): n for n in nations}
    blank = [Text(" " * (CELL + 6)) for _ in range(6)]
    out = []
    for y in range(max(ys), min(ys) - 1, -1):
        cells = [_cell(at[x, y], dup) if (x, y) in at else blank for x in range(min(xs), max(xs) + 1)]
        for i in range(6):
            line = Text("   ")
            for cell in cells:
                line.append_text(cell[i])
            out.append(line)
    return out


def grid_width(nations: list[dict[str, Any]]) -> int:
    if not nations:
        return 0
    xs: list[int] = [n["x"] for n in nations]
    return 3 + (max(xs) - min(xs) + 1) * (CELL + 6)


def nation_list(nations: list[dict[str, Any]], dup: Names | None = None) -> list[Text]:
    """The grid as lines, for narrow terminals: '(0,1) Sunfield Herders L1 · roads N1 E×1 … [+ Plains]'."""
    out = []
    for n in sorted(nations, key=lambda n: (-n["y"], n["x"])):
        line = Text(f"   ({n['x']},{n['y']}) ")
        line.append_text(board_card({**n, "attached": []}, dup))
        roads = " ".join(road_mark(d, _road(r)) for d, r in (n.get("roads") or {}).items())
        line.append(" · " + _("roads {roads}", roads=roads or _("none")), style="dim")
        if n.get("attached"):
            line.append(" [+ ")
            line.append_text(Text(", ").join(board_card(a, dup) for a in n["attached"]))
            line.append("]")
        out.append(line)
    return out
