"""muhq's game in the terminal (docs/muhq.md, spec rules/muhq.md sections 1-3, 8, 9): the board drawn as a
grid with its coordinates, each field's type and properties (deep water ~, high ground ^, wall #, spawn S0,
income $1, area), the permanents on it by id and controller; below it every permanent in words (owner and
controller, life and damage, movement, attack, armor, upkeep, condition markers, tapped, used actions, its
pile of crew and equipment); the victory conditions; per player resource, VP, hand and deck counts, the store
with buy costs, the discard pile, pending equipment; the action stack (top last), triggers and drops waiting;
in the draft the pack you hold and your own picks; your hand with each card's costs, stats and text; the
prompt; the last lines of the log. After each move, the new log lines.

A renderer only gets a view: an opponent's hand is a count, a pack is shown only to its holder, picks only
to their picker (spec section 9). Card data comes from the view's ``cards`` (only the cards it shows).

The renderer is split by the part of the table drawn: ``terminal_words`` (the table's words and styles),
``terminal_board`` (the grid), ``terminal_permanents`` (the permanents in words), ``terminal_players`` (cards
and each player's line), ``terminal_stack`` (stack, waiting, log lines), ``terminal_victory`` (the victory
conditions and the end); this module draws the whole view, its header and the lines after each move.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from cardtable.engine.i18n import Translator
from cardtable.engine.terminal import print_hanging, title_rule

from .terminal_board import (
    _occupant_line as _occupant_line, _occupants as _occupants, _terrain_line as _terrain_line,
    board_key as board_key, board_lines as board_lines, compact_board_lines as compact_board_lines,
    grid_width as grid_width,
)
from .terminal_permanents import perm_words as perm_words, permanent_lines as permanent_lines
from .terminal_players import (
    _grouped as _grouped, card_info as card_info, card_line as card_line, cost_words as cost_words,
    player_lines as player_lines, stat_words as stat_words,
)
from .terminal_stack import log_line as log_line, stack_lines as stack_lines, waiting_lines as waiting_lines
from .terminal_victory import (
    _and as _and, result_line as result_line, result_words as result_words, victory_lines as victory_lines,
    win_reason as win_reason,
)
from .terminal_words import (
    CELL as CELL, LOG_LINES as LOG_LINES, MARKER_WORDS as MARKER_WORDS, MODIFY_WORDS as MODIFY_WORDS,
    NEUTRAL_STYLE as NEUTRAL_STYLE, PHASE_WORDS as PHASE_WORDS, ROLE_WORDS as ROLE_WORDS,
    SEAT_STYLE as SEAT_STYLE, TERRAIN as TERRAIN, TERRAIN_STYLE as TERRAIN_STYLE, TERRAIN_WORDS as TERRAIN_WORDS,
    TYPE_LETTER as TYPE_LETTER, TYPE_WORDS as TYPE_WORDS, _attack as _attack, _ctrl as _ctrl, _word as _word,
    _xy as _xy, code as code, field_tags as field_tags, seat_style as seat_style, type_word as type_word,
    who as who,
)

if TYPE_CHECKING:
    from cardtable.engine import Game

_ = Translator("muhq-ui")
_n = _.plural

#: How the terminal's own lines name a seat: as the board and the log do.
SEAT_LABEL = "P{}"


def header(view: dict[str, Any]) -> str:
    b = view["board"]
    game = _("muhq's game")
    if view["mode"] == "over":
        winners = view.get("winners") or []
        result = _("won by {seats}", seats=_and([f"P{w}" for w in winners])) if winners else _("a draw")
        return " · ".join((game, b["name"], _("turn {turn}", turn=view["turn"]), _("game over"), result))
    if view["phase"] == "draft":
        state = _("your pick") if view["to_act"] == view.get("viewer") else _("P{seat} picks", seat=view["to_act"])
        return " · ".join((game, b["name"], _("draft"), state))
    if view.get("max_turns"):
        turn = _("turn {turn} of {max}", turn=view["turn"], max=view["max_turns"])
    else:
        turn = _("turn {turn}", turn=view["turn"])
    phase = _word(PHASE_WORDS, view["phase"])
    state = _("your move") if view["to_act"] == view.get("viewer") else _("P{seat} to act", seat=view["to_act"])
    return " · ".join((game, b["name"], turn, _("P{seat}'s turn", seat=view["active"]), phase, state))


# -- the whole table -------------------------------------------------------------------------------------------
def _drawn_before(view: dict[str, Any]) -> bool:
    """In the draft, has the viewer been shown the board already (at their first pick)?"""
    me = view.get("viewer")
    if view["phase"] != "draft" or me is None:
        return False
    drafted = view["players"][me].get("drafted")
    return isinstance(drafted, list) and len(drafted) > 0


def render(console: Console, game: Game, view: dict[str, Any], seat_names: list[str]) -> None:
    me = view.get("viewer")
    if me is None:  # the view does not name its viewer: the player whose hand is in it
        me = next((p["seat"] for p in view["players"] if p.get("hand") is not None), None)
    view = {**view, "viewer": me}
    title_rule(console, header(view))  # the board's name comes from its file: plain text
    b = view["board"]
    if b["income"].get("per_unit"):
        income = _("income {base} per upkeep + {per_unit} per unit", base=b["income"]["base"],
                   per_unit=b["income"]["per_unit"])
    else:
        income = _("income {base} per upkeep", base=b["income"]["base"])
    console.print(Text(f"{b['name']} ({b['width']} × {b['height']}) · {income} · "
                       + _("hand size {n}", n=b["hand_size"])))
    for condition in victory_lines(view):
        console.print(Text(_("Victory: {condition}", condition=condition), style="bold"))
    if _drawn_before(view):
        # nothing moves on the board while the cards are drafted: a grid redrawn at each of some thirty picks
        # would push the pack off the screen
        console.print(Text(_("The board is as drawn at your first pick: nothing moves on it until the draft ends."),
                           style="dim"))
    else:
        if grid_width(view) <= console.width:
            for line in board_lines(view):
                console.print(line, no_wrap=True, overflow="crop", crop=True)
        else:
            for line in compact_board_lines(view):
                console.print(line, no_wrap=True, overflow="crop", crop=True)
        console.print(board_key(view))
    if view["permanents"]:
        console.print(Text(_("On the board:"), style="bold"))
        for line in permanent_lines(view):
            print_hanging(console, line)
    order = [p for p in view["players"] if p["seat"] != me] + [p for p in view["players"] if p["seat"] == me]
    for pl in order:
        for line in player_lines(view, pl, seat_names):
            print_hanging(console, line)
    for line in stack_lines(view) + waiting_lines(view):
        print_hanging(console, line)
    if view["mode"] == "over":
        console.print(Text(result_line(view, seat_names), style="bold green"))  # i18n: no
    else:
        to_act = view["to_act"]
        line = Text(_("Decision for {seat}", seat=who(to_act, view, seat_names)), style="bold yellow")  # i18n: no
        line.append(f": {view['prompt']}")
        if view.get("activation") is not None:
            act = next((p for p in view["permanents"] if p["id"] == view["activation"]), None)
            if act is not None:
                unit = f"{code(act)} {act['name']}"
                line.append(" (" + (_("activated: {unit}, run by its AI", unit=unit) if view.get("ai")
                                    else _("activated: {unit}", unit=unit)) + ")")
        console.print(line)
    if me is not None and view["phase"] == "draft" and view.get("pack") is not None:
        pack = view["pack"]
        console.print(Text(_n("The pack you hold ({n} card):", "The pack you hold ({n} cards):", len(pack)),
                           style="bold"))
        for card in sorted(pack, key=lambda c: (c["name"], c["id"])):
            for line in card_line(view, card):
                print_hanging(console, line)
    if me is not None:
        mine = view["players"][me]
        if mine.get("hand") is not None and view["phase"] != "draft":
            hand = mine["hand"]
            console.print(Text(_("Your hand ({n}, refilled to {size} each turn):", n=len(hand), size=b["hand_size"]),
                               style="bold"))
            if not hand:
                console.print(Text("  " + _("empty"), style="dim"))
            for card in sorted(hand, key=lambda c: (c["type"], c["name"], c["id"])):
                for line in card_line(view, card, buy=False):
                    print_hanging(console, line)
    log = view.get("log") or []
    if log:
        size = view.get("log_size", len(log))
        console.print(Text(_("Log (last {n} of {size}):", n=min(LOG_LINES, len(log)), size=size), style="bold"))
        for entry in log[-LOG_LINES:]:
            print_hanging(console, Text(f"  {log_line(view, entry)}", style="dim"))


def events(game: Game, before: dict[str, Any], after: dict[str, Any], actor: int, seat_names: list[str]) -> list[str]:
    """The new public log lines (spectator views: nothing private slips in), a new turn, the draft's end and
    the end of the game."""
    lines = []
    if before["phase"] == "draft" and after["phase"] != "draft":
        lines.append(_("The draft is over: every store is public now") + " (MUHQ-DRAFT-7).")
    new = after.get("log_size", 0) - before.get("log_size", 0)
    if new > 0:
        lines += [f"  · {log_line(after, e)}" for e in (after.get("log") or [])[-new:]]
    if after["turn"] != before["turn"] and after["phase"] != "draft" and after["mode"] != "over":
        lines.append("— " + _("turn {turn}: P{seat}'s turn", turn=after["turn"], seat=after["active"]) + " —")
    if after.get("winners") is not None and before.get("winners") is None:
        lines.append(result_line({**after, "viewer": None}, seat_names))
    return lines
