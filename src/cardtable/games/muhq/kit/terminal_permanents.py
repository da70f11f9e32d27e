"""muhq's game in the terminal: every permanent on the board in words (control, life and damage, stats,
markers, tapped, used actions), with its pile of crew and equipment below it."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cardtable.engine.i18n import N_, Translator

from .terminal_words import (
    MARKER_WORDS, MODIFY_WORDS, ROLE_WORDS, _attack, _ctrl, _word, _xy, code, seat_style, type_word,
)

_ = Translator("muhq-ui")


# -- permanents in words -------------------------------------------------------------------------------------
def perm_words(view: dict[str, Any], p: dict[str, Any], in_pile: bool = False) -> Text:
    by_id = {q["id"]: q for q in view["permanents"]}
    line = Text()
    line.append(code(p), style=seat_style(p["controller"]))
    line.append(f" {p['name']}", style="bold")
    parts = [type_word(p["type"])]
    if p["controller"] == p["owner"]:
        parts.append(f"{_ctrl(p['controller'])}" if p["controller"] >= 0 else _("neutral"))
    else:
        parts.append(_("controlled by {controller}, owned by {owner}", controller=_ctrl(p["controller"]),
                       owner=_ctrl(p["owner"])))
    if in_pile:
        parts.append(_("equipped") if p["type"] == "equipment" else _("crew"))
    elif p.get("field") is not None:
        parts.append(_("at {field}", field=_xy(p["field"])))
    if p.get("role"):
        parts.append(_word(ROLE_WORDS, p["role"]))
    if p["type"] == "unit":
        parts.append(_("damage {damage} of life {life}", damage=p.get("damage", 0), life=p.get("life", 0)))
        parts.append(_("move {n}", n=p.get("movement", 0)))
        parts.append(_("attack {attack}", attack=_attack(p.get("attack"))))
        if p.get("armor"):
            parts.append(_("armor {n}", n=p["armor"]))
        info = (view.get("cards") or {}).get(p["card"], {})
        if info.get("upkeep"):
            parts.append(_("upkeep {n}", n=info["upkeep"]))
    elif p.get("solid") is not None:
        parts.append(_("solid: damage {damage} of {solid}", damage=p.get("damage", 0), solid=p["solid"]))
    if p["type"] == "equipment" and p.get("durability") is not None:
        parts.append(_("durability {n}", n=p["durability"]))
    if p.get("crew"):
        crew = sum(1 for m in p.get("pile", []) if by_id.get(m, {}).get("type") == "unit")
        parts.append(_("crew {crew}/{places}", crew=crew, places=p["crew"]))
    for key, word in (("swimming", N_("swimming")), ("veiled", N_("veiled")), ("landmark", N_("landmark"))):
        if p.get(key):
            parts.append(_(word))
    for m, n in (p.get("markers") or {}).items():
        parts.append(_("{n} {marker}", n=n, marker=_word(MARKER_WORDS, m)))
    for mod in p.get("until_end_of_turn") or ():
        changes = ", ".join(f"{_word(MODIFY_WORDS, k)} {v:+d}" if isinstance(v, int)
                            else f"{_word(MODIFY_WORDS, k)} {v}" for k, v in mod.items())
        parts.append(_("until end of turn {changes}", changes=changes))
    line.append(" · " + " · ".join(parts))
    state = []
    if p["id"] == view.get("activation"):
        state.append(_("ACTIVATED"))
    if p.get("tapped"):
        state.append(_("tapped"))
    if p["type"] == "unit":
        used = (p.get("move_used"), p.get("attack_used"))
        if all(used):
            state.append(_("move and attack used"))
        elif used[0]:
            state.append(_("move used"))
        elif used[1]:
            state.append(_("attack used"))
    if state:
        line.append(" · " + ", ".join(state), style="yellow")
    return line


def permanent_lines(view: dict[str, Any]) -> list[Text]:
    by_id = {p["id"]: p for p in view["permanents"]}
    out = []

    def add(p: dict[str, Any], depth: int) -> None:
        prefix = "   " + "    " * depth + ("└ " if depth else "")
        out.append(Text(prefix) + perm_words(view, p, in_pile=depth > 0))
        for m in p.get("pile") or ():
            if m in by_id:
                add(by_id[m], depth + 1)

    for p in view["permanents"]:
        if p.get("base") is None:
            add(p, 0)
    return out
