"""MAOQY in the terminal: the Unknown and the Known, every seat (hidden hand as backs by kingdom, open
hand, street, hiding place), your hand grouped by kingdom; after each move, what changed for everyone.

Every kingdom is written by name (or a three-letter code) as well as in its colour, so nothing rests on
colour alone. A renderer gets only a view: it never shows what its viewer may not see. Text about another
seat's move comes from ``game.log_entry`` (the view's ``last_action`` is already the viewer's version).
"""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from cardtable.engine.i18n import Translator, current_language
from cardtable.games.maoqy.cards import kingdom_name

from cardtable.engine.terminal import title_rule

if TYPE_CHECKING:
    from cardtable.engine import Game

_ = Translator("maoqy-ui")
_n = _.plural

# Rich styles of the twelve kingdoms; white and black get a background so that they show on any terminal.
STYLE = {
    "red": "bold red3", "turquoise": "bold dark_cyan", "blue": "bold dodger_blue2", "brown": "bold orange4",  # i18n: no
    "violet": "bold medium_purple", "gold": "bold gold3", "green": "bold green4", "orange": "bold dark_orange",  # i18n: no
    "silver": "bold grey62", "yellow": "bold yellow3", "white": "bold black on grey93", "black": "bold grey93 on grey15",  # i18n: no
}
EXTRA_STYLE = "bold magenta"  # i18n: no
# the numbers after a kingdom's name in your hand: no background there, it would make a wide bar
NUMBER_STYLE = {**STYLE, "white": "bold", "black": "bold"}
PER_KINGDOM = 17


def _info(game: Game, card: int) -> dict[str, Any]:
    info: dict[str, Any] = _catalogue(game)["by_id"].get(card) or {"id": card, "number": "?", "name": f"#{card}",
                                                                   "title": f"#{card}", "kingdom": None}
    return info


_BY_ID: "weakref.WeakKeyDictionary[Game, dict[str | None, dict[str, Any]]]" = weakref.WeakKeyDictionary()


def _catalogue(game: Game) -> dict[str, Any]:
    """The game's catalogue by card ID, made once per game object and language (its names are translated)."""
    lang = current_language()
    try:
        return _BY_ID[game][lang]
    except (KeyError, TypeError):
        pass
    catalogue = game.catalogue()
    titles = {t["id"]: t["title"] for t in catalogue.get("card_titles", ())}
    by_id = {"by_id": {c["id"]: {**c, "title": titles.get(c["id"], c["name"])} for c in catalogue["cards"]}}
    try:
        _BY_ID.setdefault(game, {})[lang] = by_id
    except TypeError:  # not weakly referenceable: build it each time
        pass
    return by_id


def _style(kingdom: str | None) -> str:
    return STYLE.get(kingdom or "", EXTRA_STYLE)


def _kname(kingdom: str | None) -> str:
    """A kingdom (or a back's 'extra') as the reader reads it."""
    return kingdom_name(kingdom)


def _kingdom(kingdom: str | None, text: str | None = None) -> Text:
    return Text(text if text is not None else _kname(kingdom), style=_style(kingdom))


def card_text(game: Game, card: int, long: bool = False) -> Text:
    """'red 7' in red (with the figure when ``long``); an extra card as '18 Der Leopard'."""
    c = _info(game, card)
    title = c.get("title", c["name"])
    if c.get("kingdom") in STYLE:
        if long:
            label = _("{kingdom} {number} {figure}", kingdom=_kname(c["kingdom"]), number=c["number"], figure=title)
        else:
            label = _("{kingdom} {number}", kingdom=_kname(c["kingdom"]), number=c["number"])
    else:
        label = _("{number} {name}", number=c["number"], name=title)
    return Text(label, style=_style(c.get("kingdom")))


def _cards(game: Game, cards: list[int], empty: str = "—") -> Text:
    if not cards:
        return Text(empty, style="dim")
    return Text(", ").join(card_text(game, c) for c in cards)


def _by_kingdom(game: Game, cards: list[int], empty: str = "—") -> Text:
    """An open hand as 'turquoise 3 4 5, gold 7 8' (kingdoms in the game's order, numbers rising), the extra
    cards after them; an open hand's order is no part of the game."""
    if not cards:
        return Text(empty, style="dim")
    order = list(STYLE)
    groups: dict[str, list[int]] = {}
    extras = []
    for c in cards:
        kingdom = _info(game, c).get("kingdom")
        if kingdom in STYLE:
            groups.setdefault(kingdom, []).append(_info(game, c)["number"])
        else:
            extras.append(card_text(game, c))
    parts = [_kingdom(k, f"{_kname(k)} " + " ".join(map(str, sorted(groups[k])))) for k in sorted(groups, key=order.index)]
    return Text(", ").join(parts + extras)


def _run(game: Game, cards: list[int]) -> str:
    numbers = sorted(_info(game, c)["number"] for c in cards)
    if len(numbers) > 1 and numbers[-1] - numbers[0] == len(numbers) - 1:
        return f"{numbers[0]}-{numbers[-1]}"
    return ", ".join(map(str, numbers))


def _street(game: Game, cards: list[int]) -> Text:
    kingdom = _info(game, cards[0]).get("kingdom")
    text = _kingdom(kingdom, f"{_kname(kingdom)} {_run(game, cards)}")
    text.append(f" ({len(cards)}/{PER_KINGDOM})", style="bold" if len(cards) == PER_KINGDOM else "dim")
    return text


def _backs(backs: list[str] | None, size: int) -> Text:
    """'3: red×2 blue' — how many cards, and the kingdoms their backs show (when they show any)."""
    text = Text(str(size))
    if backs:
        text.append(": ")
        counts: dict[str, int] = {}
        for k in backs:
            counts[k] = counts.get(k, 0) + 1
        for i, (k, n) in enumerate(counts.items()):
            if i:
                text.append(" ")
            text.append_text(_kingdom(k, f"{_kname(k)}×{n}" if n > 1 else _kname(k)))
    return text


def _seq(view: dict[str, Any], step: int) -> str:
    n = view["players"]
    start = view["first_player"] if view["first_player"] is not None else 0
    seats = [str((start + step * i) % n) for i in range(min(n, 5))]
    return " → ".join(seats) + (" …" if n > 5 else "")


def _direction(view: dict[str, Any]) -> str:
    if view["direction"] == "cw":
        return _("clockwise ↻ (seat {order})", order=_seq(view, 1))
    if view["direction"] == "ccw":
        return _("counter-clockwise ↺ (seat {order})", order=_seq(view, -1))
    return _("direction not chosen yet")


def _first_draw(game: Game, view: dict[str, Any]) -> Text:
    text = Text(_("First-player draw: "))
    for r, shown in enumerate(view["first_draw"]):
        if r:
            text.append(_("; tie, again: "), style="dim")
        for i, entry in enumerate(shown):
            if i:
                text.append(", ")
            text.append(_("seat {seat} ", seat=entry["seat"]))
            text.append_text(card_text(game, entry["card"]))
    if view["first_player"] is not None:
        text.append(_(" → seat {seat} begins", seat=view["first_player"]), style="bold")
    return text


def render(console: Console, game: Game, view: dict[str, Any], seat_names: list[str]) -> None:
    me = view["viewer"]
    n = view["players"]
    cur = view["current_player"]
    if view["result"]:
        winners = view["result"]["winners"]
        if winners:
            who = _("game over · won by seat {seats}", seats=_(" and ").join(map(str, winners)))
        else:
            who = _("game over · no winner")
    elif cur == me:
        who = _("your turn (seat {seat})", seat=me)
    else:
        who = _("seat {seat} to act", seat=cur)
    title_rule(console, _("MAOQY · turn {turn} of {limit} · {direction} · {who}", turn=view["turn"],
                          limit=view["turn_limit"], direction=_direction(view), who=who))
    if view["turn"] < n or view["phase"] == "direction":
        console.print(_first_draw(game, view))

    unknown = Text(_n("The Unknown: {n} card", "The Unknown: {n} cards", view["unknown_size"]))
    if view["unknown_top_back"]:
        unknown.append(_(", top card's back "))
        unknown.append_text(_kingdom(view["unknown_top_back"]))
    elif not view["unknown_size"] and len(view["known"]) > 1:
        unknown.append(_(" (a draw shuffles the Known but its top into a new Unknown)"), style="dim")
    console.print(unknown)
    known = view["known"]
    line = Text(_("The Known ({n}): ", n=len(known)))
    if known:
        below = known[-9:-1]
        if len(known) > 9:
            line.append(_("{n} more, ", n=len(known) - 9), style="dim")
        if below:
            line.append_text(_cards(game, below))
            line.append(", ")
        line.append(_("top "))
        line.append_text(card_text(game, known[-1], long=True))
    else:
        line.append(_("empty"), style="dim")
    console.print(line)
    if view["passes"]:
        warn = view["passes"] == n - 1
        if warn:
            text = _n("{n} pass in a row — one more pass ends the game (MAOQY-8.2)",
                      "{n} passes in a row — one more pass ends the game (MAOQY-8.2)", view["passes"])
        else:
            text = _n("{n} pass in a row ({players} in a row end the game)",
                      "{n} passes in a row ({players} in a row end the game)", view["passes"], players=n)
        console.print(text, style="bold yellow" if warn else None)  # i18n: no

    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    for col in (_("seat"), _("player"), _("hidden hand"), _("open hand"), _("street"), _("hiding"), ""):
        table.add_column(col, overflow="fold")
    for seat in view["seats"]:
        i = seat["seat"]
        hand = _backs(seat["hand_backs"] if i != me else None, seat["hand_size"])
        if seat["hand_public"] and i != me:
            hand.append(_(" incl. "))
            hand.append_text(_cards(game, seat["hand_public"]))
        streets = Text(" ").join(_street(game, s) for s in seat["streets"]) if seat["streets"] else Text("—", style="dim")
        hiding = _backs(seat["hiding_backs"] if i != me else None, seat["hiding_size"]) if seat["hiding_size"] else Text("—", style="dim")
        status = []
        if i == view["current_player"]:
            status.append("[bold]" + escape(_("to act")) + "[/]")
        if i == view["first_player"]:
            status.append(escape(_("began")))
        if view["result"] and i in view["result"]["winners"]:
            status.append("[bold green]" + escape(_("winner")) + "[/]")  # i18n: no
        name = _("{name} (you)", name=seat_names[i]) if i == me else seat_names[i]
        table.add_row(str(i), escape(name), hand, _by_kingdom(game, seat["open"]), streets, hiding, " ".join(status))
    console.print(table)

    if me is not None and "hand" in view["seats"][me]:
        _render_own(console, game, view, view["seats"][me])


def _render_own(console: Console, game: Game, view: dict[str, Any], mine: dict[str, Any]) -> None:
    hand = mine["hand"]
    seen = set(mine["hand_public"])
    console.print(Text(_("Your hidden hand ({n} of {limit}):", n=len(hand), limit=view["hand_limit"]), style="bold"))
    if not hand:
        console.print(Text("  " + _("empty"), style="dim"))
    groups: dict[str | None, list[int]] = {}
    for c in sorted(hand):
        groups.setdefault(_info(game, c).get("kingdom"), []).append(c)
    for kingdom, cards in groups.items():
        line = Text("  ")
        line.append_text(_kingdom(kingdom, f"{_kname(kingdom):<10}"))
        for c in cards:
            info = _info(game, c)
            line.append(f" {info['number']:>2}" if kingdom else f" {info['number']} {info.get('title', info['name'])},",
                        style=NUMBER_STYLE.get(kingdom or "", EXTRA_STYLE))
            if c in seen:
                line.append("*", style="bold")
        console.print(line)
    if seen:
        console.print(Text("  " + _("* everybody saw this card arrive in your hand"), style="dim"))
    if mine["open"]:
        console.print(Text(_("Your open hand: ")).append_text(_by_kingdom(game, mine["open"])))
    if mine["hiding"]:
        console.print(Text(_("Your hiding place: ")).append_text(_cards(game, mine["hiding"]))
                      .append(_(" (hidden: only you see it)"), style="dim"))
    if mine["streets"]:
        console.print(Text(_("Your street: ")).append_text(Text(" ").join(_street(game, s) for s in mine["streets"])))


def result_line(view: dict[str, Any], seat_names: list[str]) -> str:
    result = view["result"]
    winners = result["winners"]
    why = {
        "complete": _("a street holds a whole kingdom (MAOQY-8.1)"),
        "deadlock": _("everybody passed in one full round (MAOQY-8.2)"),
        "turn_limit": _("the turn limit of {limit} was reached (MAOQY-8.3)", limit=view["turn_limit"]),
    }.get(result["reason"], result["reason"] or "")
    if not winners:
        return _("The game is over: {why}. Nobody has a street, so nobody wins.", why=why)
    names = _(" and ").join(_("seat {seat} ({name})", seat=w, name=seat_names[w]) for w in winners)
    if result["reason"] == "complete":
        return _("The game is over: {why}. Winner: {names}.", why=why, names=names)
    return _("The game is over: {why}; the most cards in a street ({most}) win. Winner: {names}.", why=why,
             most=max(result["street_cards"]), names=names)


def events(game: Game, before: dict[str, Any], after: dict[str, Any], actor: int,
           seat_names: list[str]) -> list[str]:
    """What everybody saw happen besides the move itself (the move's own line comes from log_entry):
    the direction, a reshuffle of the Known, a street opened or grown, passes about to end the game, the end.
    Built from public views only, so nothing hidden can slip in."""
    lines = []
    if after["direction"] and not before["direction"]:
        lines.append(_("Play goes {direction}.", direction=_direction(after)))
    if after["unknown_size"] > before["unknown_size"]:
        lines.append(_n("The Unknown ran out: the Known but its top card was shuffled into a new Unknown of {n} card.",
                        "The Unknown ran out: the Known but its top card was shuffled into a new Unknown of {n} cards.",
                        after["unknown_size"] + 1))  # +1: the card just drawn from it
    was, now = before["seats"][actor], after["seats"][actor]
    if now["street_cards"] > was["street_cards"]:
        for street in now["streets"]:
            if street not in was["streets"]:
                kingdom = _info(game, street[0]).get("kingdom")
                opened = not any(_info(game, s[0]).get("kingdom") == kingdom for s in was["streets"])
                params = dict(seat=actor, kingdom=_kname(kingdom), run=_run(game, street), count=len(street),
                              total=PER_KINGDOM)
                if opened:
                    lines.append(_("seat {seat} opens a {kingdom} street: now {kingdom} {run}, {count} of {total}.", **params))
                else:
                    lines.append(_("seat {seat} grows the {kingdom} street: now {kingdom} {run}, {count} of {total}.", **params))
    n = after["players"]
    if after["phase"] != "over" and after["passes"] == n - 1 and n > 1:
        lines.append(_n("{n} pass in a row: if seat {seat} passes too, the game ends (MAOQY-8.2).",
                        "{n} passes in a row: if seat {seat} passes too, the game ends (MAOQY-8.2).",
                        n - 1, seat=after["current_player"]))
    if after["result"] and not before["result"]:
        lines.append(result_line(after, seat_names))
    return lines
