"""Mojo in the terminal: piles, seats, your hand; round results when a round ends."""

from __future__ import annotations

from typing import Any, Iterable

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from cardtable.engine import Game
from cardtable.engine.i18n import N_, Translator

from cardtable.engine.terminal import title_rule

_ = Translator("mojo-ui")
_n = _.plural

#: the view's direction (data) as a person reads it
DIRECTION = {"clockwise": N_("clockwise"), "counter-clockwise": N_("counter-clockwise")}

STYLE = {"blue": "bold blue", "green": "bold green", "yellow": "bold yellow", "orange": "bold dark_orange", "red": "bold red"}  # i18n: no (styles)


def _cards(game: Game, ids: Iterable[int], empty: str = "—") -> Text:  # (the dash is no word)
    cards = game.catalogue()["cards"]
    text = Text()
    for i, card in enumerate(ids):
        if i:
            text.append(" ")
        text.append(f"{cards[card]['value']:>2}", style=STYLE[cards[card]["colour"]])
    return text if ids else Text(empty, style="dim")


def render(console: Console, game: Game, view: dict[str, Any], seat_names: list[str]) -> None:
    me = view["viewer"]
    mojo = view["mojo_card"]
    direction = _(DIRECTION.get(view["direction"], view["direction"]))
    title_rule(console, _("Mojo · round {round} · {direction} · game to {target}, lowest total wins",
                          round=view["round"], direction=direction, target=game.options["target_score"]))
    side = f"[bold]{mojo['side']}[/]"  # markup around the side, not a word
    if mojo["holder"] is not None:
        card = _("Mojo card shows {side}, held by seat {holder} last round", side=side, holder=mojo["holder"])
    else:
        card = _("Mojo card shows {side}", side=side)
    console.print(" · ".join((
        card,
        _("Mojo moment at ≤ {n} cards", n=view["threshold"]),
        _n("draw pile {n} card", "draw pile {n} cards", view["draw_pile"]),
    )))
    for i, pile in enumerate(view["piles"]):
        shown = pile[-8:]
        line = Text(_("Pile {pile}: ", pile=i) if len(view["piles"]) > 1 else _("Discard pile: "))
        if len(pile) > len(shown):
            line.append(_("({n} more) ", n=len(pile) - len(shown)), style="dim")
        line.append_text(_cards(game, shown[:-1]) if len(shown) > 1 else Text())
        line.append("  " + _("top") + " ")
        line.append_text(_cards(game, shown[-1:]))
        console.print(line)
    table = Table(show_edge=False, pad_edge=False)
    for col in (_("seat"), _("player"), _("hand"), _("face-down"), _("revealed"), _("total"), ""):
        table.add_column(col)
    for seat in view["seats"]:
        i = seat["seat"]
        status = []
        if i == view["current_player"]:
            status.append("[bold]" + escape(_("to act")) + "[/]")
        if seat["in_mojo"]:
            status.append("[magenta]" + escape(_("Mojo moment")) + "[/]")
        facedown = Text(str(seat["facedown_size"]))  # a count, as for every seat; the values where you may see them
        if seat.get("facedown"):
            facedown.append(": ").append_text(_cards(game, seat["facedown"]))
        hand = Text(str(seat["hand_size"]))
        if seat["known"]:
            hand.append(" " + _("incl.") + " ")
            hand.append_text(_cards(game, seat["known"]))
        name = _("{name} (you)", name=seat_names[i]) if i == me else seat_names[i]
        table.add_row(str(i), escape(name), hand, facedown, _cards(game, seat["revealed"]), str(seat["total"]), " ".join(status))
    console.print(table)
    if me is not None and "hand" in view["seats"][me]:
        mine = view["seats"][me]
        line = Text(_("Your hand: "))
        line.append_text(_cards(game, mine["hand"]))
        console.print(line)
    if view["result"]:
        console.print(Text(result_line(game, view, seat_names), style="bold green"))  # seat names: plain text; i18n: no (style)
    if view["pending"]["replay"]:
        if game.options["equal_value_replay"] == "may":
            console.print(escape(_("Equal value: you may play another card or stop.")))
        else:
            console.print(escape(_("Equal value: you must play another card.")))
    if view["pending"]["draw_choice"] is not None:
        console.print(escape(_("Higher value: draw from the draw pile or take the top of pile {pile}.",
                               pile=view["pending"]["draw_choice"])))


def result_line(game: Game, view: dict[str, Any], seat_names: list[str]) -> str:
    """Why the game ended (MOJO-7.1) and who won by which rule (MOJO-7.3)."""
    totals, winners = view["result"]["totals"], view["result"]["winners"]
    top = max(range(len(totals)), key=lambda i: totals[i])
    names = [_("seat {seat} ({name})", seat=w, name=seat_names[w]) for w in winners]
    why = _("The game is over: seat {seat}'s total reached {total} (the target is {target}, MOJO-7.1); "
            "the lowest total wins (MOJO-7.3).", seat=top, total=totals[top], target=game.options["target_score"])
    if len(winners) == 1:
        who = _("Winner: {who} with {total}.", who=names[0], total=totals[winners[0]])
    else:
        who = _("Winners: {who} with {total} each, shared.", who=_(" and ").join(names), total=totals[winners[0]])
    return why + " " + who


def events(game: Game, before: dict[str, Any], after: dict[str, Any], actor: int, seat_names: list[str]) -> list[str]:
    lines = []
    if len(after["rounds"]) > len(before["rounds"]):
        r = after["rounds"][-1]
        lines.append(_("Round {round} over: seat {ender} ended it; seat {holder} takes the Mojo card ({side}).",
                       round=r["round"], ender=r["ender"], holder=r["holder"], side=r["mojo_side"]))
        cards = game.catalogue()["cards"]
        for i, held in enumerate(r["cards"]):
            values = " ".join(str(cards[c]["value"]) for c in held) or _("no cards")
            lines.append("  " + _("seat {seat} {name}: {values} → raw {raw}, scores {score}, total {total}",
                                  seat=i, name=seat_names[i], values=values, raw=r["raw"][i], score=r["scores"][i],
                                  total=r["totals"][i]))
        if after["result"]:
            lines.append(result_line(game, after, seat_names))
        return lines
    was, now = before["seats"][actor], after["seats"][actor]
    if now["in_mojo"] and not was["in_mojo"]:
        lines.append(_n("seat {seat} enters the Mojo moment with {n} face-down card.",
                        "seat {seat} enters the Mojo moment with {n} face-down cards.", now["facedown_size"], seat=actor))
    elif now["hand_size"] >= was["hand_size"] and not now["in_mojo"]:
        taken = sorted(set(now["known"]) - set(was["known"]))
        if taken:
            value = game.catalogue()["cards"][taken[0]]["value"]
            lines.append(_("seat {seat} takes the {value} from the other discard pile.", seat=actor, value=value))
        elif after["pending"]["draw_choice"] is None and (
                now["hand_size"] > was["hand_size"] or after["draw_pile"] < before["draw_pile"]):
            # a card came from the deck (a stop changes neither the hand nor the deck: no line then)
            lines.append(_("seat {seat} draws a card.", seat=actor))
    return lines
