"""muhq's game in the terminal: the board drawn as a grid of fields (terrain, tags, occupant), the compact
board for narrow terminals, and the board's key."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cardtable.engine.i18n import Translator

from .terminal_words import CELL, TERRAIN_STYLE, _ctrl, code, field_tags, seat_style

_ = Translator("muhq-ui")


# -- the board ---------------------------------------------------------------------------------------------
def _occupants(view: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {tuple(p["field"]): p for p in view["permanents"] if p.get("field") is not None}


def _terrain_line(field: dict[str, Any], width: int) -> Text:
    kind = field["type"]
    if kind == "wall":
        return Text("#" * width, style=TERRAIN_STYLE["wall"])
    tags = " ".join(field_tags(field))
    if kind == "deep_water":
        body = "~" + tags if tags else ""
    elif kind == "high_ground":
        body = "^^" + (" " + tags if tags else "")
    else:
        body = tags
    body = body[:width]
    pad = "~" if kind == "deep_water" else " "
    return Text(body + pad * (width - len(body)), style=TERRAIN_STYLE[kind])


def _occupant_line(perm: dict[str, Any] | None, width: int, view: dict[str, Any]) -> Text:
    if perm is None:
        return Text(" " * width)
    label = f"{code(perm)} {_ctrl(perm['controller'])}"
    if len(label) > width - 1:
        label = label.replace(" ", "")
    flags = ""
    if perm.get("pile"):
        flags += "+"
    if perm["id"] == view.get("activation"):
        flags += "!"
    elif perm.get("tapped"):
        flags += "'"
    label = (label + flags)[:width]
    style = seat_style(perm["controller"])
    if perm.get("tapped"):
        style += " dim"
    if perm["id"] == view.get("activation"):
        style += " reverse"
    return Text(label.ljust(width), style=style)


def grid_width(view: dict[str, Any]) -> int:
    width: int = view["board"]["width"]
    return 4 + width * (CELL + 1)


def board_lines(view: dict[str, Any]) -> list[Text]:
    """The board, one field a box of CELL × 2 characters: its terrain and tags, then its occupant."""
    b = view["board"]
    w, h = b["width"], b["height"]
    fields = b["fields"]
    occ = _occupants(view)
    out = []
    head = Text("    ")
    for x in range(w):
        head.append(f" {str(x).center(CELL)}")
    out.append(head)
    out.append(Text("   ┌" + "┬".join("─" * CELL for _ in range(w)) + "┐"))
    for y in range(h):
        top = Text(f"{y:>2} │")
        low = Text("   │")
        for x in range(w):
            f = fields[y * w + x]
            top.append_text(_terrain_line(f, CELL))
            top.append("│")
            low.append_text(_occupant_line(occ.get((x, y)), CELL, view))
            low.append("│")
        out += [top, low]
        if y < h - 1:
            out.append(Text("   ├" + "┼".join("─" * CELL for _ in range(w)) + "┤"))
    out.append(Text("   └" + "┴".join("─" * CELL for _ in range(w)) + "┘"))
    return out


def compact_board_lines(view: dict[str, Any]) -> list[Text]:
    """The board for narrow terminals: one line per row, six characters per field ('U14:0' = unit 14 of P0)."""
    b = view["board"]
    w, h = b["width"], b["height"]
    occ = _occupants(view)
    out = []
    head = Text("    ")
    for x in range(w):
        head.append(f"{x:<6}")
    out.append(head)
    for y in range(h):
        line = Text(f"{y:>2}  ")
        for x in range(w):
            f = b["fields"][y * w + x]
            perm = occ.get((x, y))
            if perm is not None:
                c = perm["controller"]
                label = f"{code(perm)}:{c if c is not None and c >= 0 else 'N'}"
                line.append(f"{label:<6}"[:6], style=seat_style(c) + (" dim" if perm.get("tapped") else ""))
                continue
            if f["type"] == "wall":
                line.append("##### ", style=TERRAIN_STYLE["wall"])
                continue
            tags = field_tags(f)
            glyph = {"deep_water": "~~", "high_ground": "^^"}.get(f["type"], ".")
            text = (glyph + tags[0] if f["type"] != "normal" and tags else (tags[0] if tags else glyph))[:5]
            line.append(f"{text:<6}", style=TERRAIN_STYLE[f["type"]])
        out.append(line)
    return out


def board_key(view: dict[str, Any]) -> Text:
    b = view["board"]
    kinds = {f["type"] for f in b["fields"]}
    parts = []
    if "deep_water" in kinds:
        parts.append(_("~ deep water (swimming only)"))
    if "high_ground" in kinds:
        parts.append(_("^^ high ground (+1 range for ranged)"))
    if "wall" in kinds:
        parts.append(_("# wall"))
    parts.append(_("S0 spawn of P0"))
    if any(f.get("income") for f in b["fields"]):
        parts.append(_("$1 income"))
    if b.get("areas"):
        areas = ", ".join(_("{short} = {area} ({n} VP)", short=a[:3], area=a, n=p) for a, p in b["areas"].items())
        parts.append(_("area: {areas}", areas=areas))
    parts.append(_("U/A/E unit/artifact/equipment + id, controller; + pile, ' tapped, ! activated"))
    return Text("   " + " · ".join(parts), style="dim")
