"""muhq's game in the terminal: the action stack (top last), the triggers, upkeep and drops waiting, and a
log entry in words."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cardtable.engine.i18n import Translator

from .terminal_words import _ctrl, _xy, code, seat_style

_ = Translator("muhq-ui")


# -- stack, triggers, drops, prompt ----------------------------------------------------------------------------
def stack_lines(view: dict[str, Any]) -> list[Text]:
    if not view["stack"]:
        return []
    by_id = {p["id"]: p for p in view["permanents"]}
    out = [Text(_("Action stack (resolves top first; top is last):"), style="bold")]
    n = len(view["stack"])
    for i, it in enumerate(view["stack"], 1):
        line = Text(f"  {i}. ")
        line.append(_ctrl(it["controller"]), style=seat_style(it["controller"]))
        line.append(f" {it.get('text') or it['kind']}")
        if it.get("card") and it["card"]["name"] not in (it.get("text") or ""):
            line.append(f" ({it['card']['name']})", style="dim")
        targets = []
        for name, value in (it.get("targets") or {}).items():
            if isinstance(value, int) and value in by_id:
                targets.append(f"{name} = {code(by_id[value])} {by_id[value]['name']}")
            else:
                targets.append(f"{name} = {value}")
        if targets:
            line.append(" → " + ", ".join(targets), style="dim")
        if i == n:
            line.append("  ← " + _("top"), style="bold")
        out.append(line)
    return out


def waiting_lines(view: dict[str, Any]) -> list[Text]:
    out = []
    if view.get("triggers"):
        out.append(Text(_("Triggered actions to declare: {triggers}", triggers=", ".join(
            f"{t['card']} ({_ctrl(t['controller'])})" for t in view["triggers"])), style="magenta"))
    if view.get("mode") == "upkeep" and view.get("upkeep_todo"):
        by_id = {p["id"]: p for p in view["permanents"]}
        units = [by_id[u] for u in view["upkeep_todo"] if u in by_id]
        cards = view.get("cards") or {}
        todo = ", ".join(f"{code(u)} {u['name']} ({cards.get(u['card'], {}).get('upkeep', '?')})" for u in units)
        out.append(Text(_("Upkeep still to pay: {units}", units=todo), style="magenta"))
    drop = view.get("drop")
    if drop:
        out.append(Text(_("A pile is dropped around {field}: {seat} places {members}", field=_xy(drop["field"]),
                          seat=_ctrl(drop["controller"]), members=", ".join("#" + str(m) for m in drop["members"]))
                        + " (MUHQ-PILE-4)", style="magenta"))
    return out


def log_line(view: dict[str, Any], entry: dict[str, Any]) -> str:
    """A log entry in words: who declared an action (it goes on the stack), what resolved, what happened."""
    p = entry.get("player")
    prefix = f"P{p} " if isinstance(p, int) and p >= 0 else ""
    if entry.get("kind") == "declare":
        return prefix + _("declares: {text}", text=entry["text"])
    if entry.get("kind") == "resolve":
        return _("resolves: {text}", text=entry["text"])
    return f"{prefix}{entry['text']}"
