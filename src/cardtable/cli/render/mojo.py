"""Mojo in the terminal: piles, seats, your hand; round results when a round ends."""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from . import title_rule

STYLE = {"blue": "bold blue", "green": "bold green", "yellow": "bold yellow", "orange": "bold dark_orange", "red": "bold red"}


def _cards(game, ids, empty: str = "—") -> Text:
    cards = game.catalogue()["cards"]
    text = Text()
    for i, card in enumerate(ids):
        if i:
            text.append(" ")
        text.append(f"{cards[card]['value']:>2}", style=STYLE[cards[card]["colour"]])
    return text if ids else Text(empty, style="dim")


def render(console: Console, game, view: dict, seat_names: list[str]) -> None:
    me = view["viewer"]
    mojo = view["mojo_card"]
    holder = f", held by seat {mojo['holder']} last round" if mojo["holder"] is not None else ""
    title_rule(console, f"Mojo · round {view['round']} · {view['direction']} · "
                 f"game to {game.options['target_score']}, lowest total wins")
    console.print(
        f"Mojo card shows [bold]{mojo['side']}[/]{holder} · Mojo moment at ≤ {view['threshold']} cards · "
        f"draw pile {view['draw_pile']} cards"
    )
    for i, pile in enumerate(view["piles"]):
        shown = pile[-8:]
        line = Text(f"Pile {i}: " if len(view["piles"]) > 1 else "Discard pile: ")
        if len(pile) > len(shown):
            line.append(f"({len(pile) - len(shown)} more) ", style="dim")
        line.append_text(_cards(game, shown[:-1]) if len(shown) > 1 else Text())
        line.append("  top ")
        line.append_text(_cards(game, shown[-1:]))
        console.print(line)
    table = Table(show_edge=False, pad_edge=False)
    for col in ("seat", "player", "hand", "face-down", "revealed", "total", ""):
        table.add_column(col)
    for seat in view["seats"]:
        i = seat["seat"]
        status = []
        if i == view["current_player"]:
            status.append("[bold]to act[/]")
        if seat["in_mojo"]:
            status.append("[magenta]Mojo moment[/]")
        facedown = Text(str(seat["facedown_size"]))  # a count, as for every seat; the values where you may see them
        if seat.get("facedown"):
            facedown.append(": ").append_text(_cards(game, seat["facedown"]))
        hand = Text(str(seat["hand_size"]))
        if seat["known"]:
            hand.append(" incl. ")
            hand.append_text(_cards(game, seat["known"]))
        name = seat_names[i] + (" (you)" if i == me else "")
        table.add_row(str(i), escape(name), hand, facedown, _cards(game, seat["revealed"]), str(seat["total"]), " ".join(status))
    console.print(table)
    if me is not None and "hand" in view["seats"][me]:
        mine = view["seats"][me]
        line = Text("Your hand: ")
        line.append_text(_cards(game, mine["hand"]))
        console.print(line)
    if view["result"]:
        console.print(Text(result_line(game, view, seat_names), style="bold green"))  # seat names: plain text
    if view["pending"]["replay"]:
        console.print("Equal value: you may play another card" + (" or stop." if game.options["equal_value_replay"] == "may" else "."))
    if view["pending"]["draw_choice"] is not None:
        console.print(f"Higher value: draw from the draw pile or take the top of pile {view['pending']['draw_choice']}.")


def result_line(game, view: dict, seat_names: list[str]) -> str:
    """Why the game ended (MOJO-7.1) and who won by which rule (MOJO-7.3)."""
    totals, winners = view["result"]["totals"], view["result"]["winners"]
    top = max(range(len(totals)), key=lambda i: totals[i])
    who = " and ".join(f"seat {w} ({seat_names[w]})" for w in winners)
    return (f"The game is over: seat {top}'s total reached {totals[top]} (the target is "
            f"{game.options['target_score']}, MOJO-7.1); the lowest total wins (MOJO-7.3). Winner: {who} with "
            f"{totals[winners[0]]}" + (" each, shared." if len(winners) > 1 else "."))


def events(game, before: dict, after: dict, actor: int, seat_names: list[str]) -> list[str]:
    lines = []
    if len(after["rounds"]) > len(before["rounds"]):
        r = after["rounds"][-1]
        lines.append(f"Round {r['round']} over: seat {r['ender']} ended it; seat {r['holder']} takes the Mojo card ({r['mojo_side']}).")
        cards = game.catalogue()["cards"]
        for i, held in enumerate(r["cards"]):
            values = " ".join(str(cards[c]["value"]) for c in held) or "no cards"
            lines.append(f"  seat {i} {seat_names[i]}: {values} → raw {r['raw'][i]}, scores {r['scores'][i]}, total {r['totals'][i]}")
        if after["result"]:
            lines.append(result_line(game, after, seat_names))
        return lines
    was, now = before["seats"][actor], after["seats"][actor]
    if now["in_mojo"] and not was["in_mojo"]:
        lines.append(f"seat {actor} enters the Mojo moment with {now['facedown_size']} face-down card(s).")
    elif now["hand_size"] >= was["hand_size"] and not now["in_mojo"]:
        taken = sorted(set(now["known"]) - set(was["known"]))
        if taken:
            value = game.catalogue()["cards"][taken[0]]["value"]
            lines.append(f"seat {actor} takes the {value} from the other discard pile.")
        elif after["pending"]["draw_choice"] is None and (
                now["hand_size"] > was["hand_size"] or after["draw_pile"] < before["draw_pile"]):
            # a card came from the deck (a stop changes neither the hand nor the deck: no line then)
            lines.append(f"seat {actor} draws a card.")
    return lines
