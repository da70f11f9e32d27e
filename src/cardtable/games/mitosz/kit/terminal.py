"""Mítosz in the terminal (docs/mitosz.md): per player the high god with its spheres (current/max), power
points and hold, the nation grid drawn cell by cell with its roads (level, closed ones marked ×) and
attached locations, the leader row (level, rotation, attachments); the shared intrigues, fates, lingering
maneuvers and effects; the stack (top last); the prompt; your hand with each card's text from the
catalogue; the last lines of the log. After each move, the new public log lines.

A renderer only gets a view: an opponent's hand is a count (MIT-1.5, spec section 9). Card texts come
from ``game.catalogue()`` (static, public).

The renderer is split by the part of the table drawn: ``terminal_words`` (the board's words and styles),
``terminal_cards`` (cards and the hand), ``terminal_grid`` (the nation grid), ``terminal_table`` (a player's
area, the fight, the stack); this module draws the whole view, the header, the end and the moves' labels.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from cardtable.engine.i18n import Translator

from cardtable.engine.terminal import print_hanging, title_rule

from .terminal_cards import (
    _CATALOGUES as _CATALOGUES, Names as Names, _cards as _cards, _flags as _flags, _names_seen as _names_seen,
    _tokens_short as _tokens_short, _who as _who, board_card as board_card, card_name as card_name,
    catalogue as catalogue, hand_card as hand_card, link_names as link_names,
)
from .terminal_grid import (
    _cell as _cell, _road as _road, _wrap as _wrap, grid_lines as grid_lines, grid_width as grid_width,
    nation_list as nation_list,
)
from .terminal_table import _fight as _fight, _player as _player, _stack as _stack, spheres as spheres
from .terminal_words import (
    BOLD_GREEN as BOLD_GREEN, BOLD_MAGENTA as BOLD_MAGENTA, BOLD_RED as BOLD_RED, BOLD_REVERSE as BOLD_REVERSE,
    BOLD_YELLOW as BOLD_YELLOW, CELL as CELL, EFFECT_WORDS as EFFECT_WORDS, LOG_LINES as LOG_LINES,
    MODE_WORDS as MODE_WORDS, ROAD_MARKS as ROAD_MARKS, ROAD_WORDS as ROAD_WORDS, ROW_WORDS as ROW_WORDS,
    SPHERE_LETTERS as SPHERE_LETTERS, SPHERE_STYLE as SPHERE_STYLE, SPHERES as SPHERES,
    STAGE_WORDS as STAGE_WORDS, SUBTYPE_WORDS as SUBTYPE_WORDS, SUPPLY_MODES as SUPPLY_MODES,
    TYPE_WORDS as TYPE_WORDS, _subtype as _subtype, _type as _type, effect_words as effect_words,
    road_mark as road_mark,
)

if TYPE_CHECKING:
    from cardtable.engine import Action, Game

_ = Translator("mitosz-ui")

#: How the terminal's own lines name a seat: as the board and the log do.
SEAT_LABEL = "P{}"


def header(view: dict[str, Any], seat_names: list[str]) -> str:
    if view["result"]:
        winners = view["result"].get("winners") or []
        end = (_("won by {seats}", seats=_(" and ").join(f"P{w}" for w in winners)) if winners
               else _("no winner"))
        return _("Mítosz · turn {turn} · game over · {end}", turn=view["turn"], end=end)
    who = _("your move") if view["to_act"] == view.get("viewer") else _("P{seat} to act", seat=view["to_act"])
    mode = MODE_WORDS.get(view["mode"])
    return _("Mítosz · turn {turn} · P{active}'s turn · {phase} · {mode} · {who}", turn=view["turn"],
             active=view["active"], phase=view["phase_title"], mode=_(mode) if mode else view["mode"], who=who)


def render(console: Console, game: Game, view: dict[str, Any], seat_names: list[str]) -> None:
    me = view.get("viewer")
    if me is None:  # the view does not name its viewer: the player whose hand is in it
        me = next((p["seat"] for p in view["players"] if p.get("hand") is not None), None)
    view = {**view, "viewer": me}
    dup = _names_seen(view, game)
    title_rule(console, header(view, seat_names))
    order = [p for p in view["players"] if p["seat"] != me] + [p for p in view["players"] if p["seat"] == me]
    for p in order:
        _player(console, game, view, p, seat_names, dup)
    shared = Text(_("Intrigues ({n} of {limit}):", n=len(view["intrigues"]), limit=view["intrigue_limit"]) + " ")
    shared.append_text(Text(", ").join(board_card(c, dup).append(f" (P{c['controller']})", style="dim")
                                       for c in view["intrigues"]) if view["intrigues"] else Text(_("none"), style="dim"))
    console.print(shared)
    if view["fates"] or view["lingering"]:
        line = Text(_("Fates:") + " ").append_text(_cards(view["fates"], dup))
        line.append(" · " + _("Lingering maneuvers:") + " ").append_text(_cards(view["lingering"], dup))
        console.print(line)
    for e in view["effects"]:
        console.print(Text(_("Effect: {source} — {effect} on {on}, {ends}", source=e["source"], effect=effect_words(e),
                             on=e["on"], ends=e["ends"]), style="dim"))
    _fight(console, view)
    _stack(console, view, seat_names, dup)
    if view["prompt"]:
        pr = view["prompt"]
        line = Text(_("Decision for P{seat} (you):", seat=pr["player"]) if pr["player"] == me
                    else _("Decision for P{seat}:", seat=pr["player"]), style=BOLD_YELLOW)
        line.append(f" {pr['text']}")
        console.print(line)
    if view["result"]:
        console.print(Text(result_line(view, seat_names), style=BOLD_GREEN))
    if me is not None:
        mine = view["players"][me]
        if mine.get("hand") is not None:
            console.print(Text(_("Your hand ({n}, hand size {size}):", n=len(mine["hand"]), size=mine["hand_size"]),
                               style="bold"))
            if not mine["hand"]:
                console.print(Text("  " + _("empty"), style="dim"))
            for card in sorted(mine["hand"], key=lambda c: (c.get("type", ""), c["name"], c["id"])):
                for line in hand_card(game, card, dup):
                    print_hanging(console, line)
    log = view.get("log") or []
    if log:
        console.print(Text(_("Log (last {n} of {total}):", n=min(LOG_LINES, len(log)), total=view.get("log_size", len(log))),
                           style="bold"))
        for entry in log[-LOG_LINES:]:
            print_hanging(console, Text(f"  {entry}", style="dim"))


def result_line(view: dict[str, Any], seat_names: list[str]) -> str:
    r = view["result"]
    winners = r.get("winners") or []
    totals = r.get("totals")
    why = f"{r.get('reason', '')} ({r['rule']})" if r.get("rule") else r.get("reason", "")
    who = _(" and ").join(_who(w, view, seat_names) for w in winners) if winners else _("nobody")
    line = _("The game is over: {why}. Winner: {who}.", why=why, who=who)
    if totals:
        line += " " + _("Power points: {totals}.", totals=", ".join(f"P{i} {t}" for i, t in enumerate(totals)))
    return line


def events(game: Game, before: dict[str, Any], after: dict[str, Any], actor: int, seat_names: list[str]) -> list[str]:
    """The new public log lines (spectator views: nothing private slips in), and the end of the game."""
    new = after.get("log_size", 0) - before.get("log_size", 0)
    lines = [f"  · {t}" for t in (after.get("log") or [])[-new:]] if new > 0 else []
    if after.get("result") and not before.get("result"):
        lines.append(result_line({**after, "viewer": None}, seat_names))
    return lines


ID_KEYS = ("card", "host", "user", "mount", "nation", "commander", "challenger", "challenged", "via")


def move_labels(game: Game, view: dict[str, Any], actions: list[Action]) -> list[str]:
    """The actions' labels, with the instance ids ('[#72]', as the board and the hand number equal cards) of
    the cards whose name another card in view bears; where two labels still read the same, every id."""
    gods = {p["god"]["id"] for p in view["players"] if p.get("god")}  # a label names a god '… (high god)'
    shared = {i for ids in _names_seen(view).values() if len(ids) > 1 for i in ids} - gods

    def tagged(labels: list[str], every: set[str]) -> list[str]:
        out = []
        for label, action in zip(labels, actions):
            data = action.to_json()
            ids = [data[k] for k in ID_KEYS if isinstance(data.get(k), int)]
            ids += [i for k in ("cards", "targets") for i in data.get(k) or () if isinstance(i, int)]
            ids = [i for i in ids if i < 100_000 and (label in every or i in shared)]
            out.append(label + (" [" + ", ".join(f"#{i}" for i in ids) + "]" if ids else ""))
        return out

    plain = [game.move_label(a, view) for a in actions]
    first = tagged(plain, set())
    same = {label for label in first if first.count(label) > 1}
    return tagged(plain, {p for p, f in zip(plain, first) if f in same}) if same else first
