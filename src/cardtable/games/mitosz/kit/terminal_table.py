"""Mítosz in the terminal: the parts of the table — a player's area (high god, spheres, power, hold, piles,
nations, leaders), the fight in progress and the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from rich.console import Console
from rich.text import Text

from cardtable.engine.i18n import N_, Translator

from cardtable.engine.terminal import print_hanging

from .terminal_cards import _cards, _flags, _who, board_card, card_name
from .terminal_grid import grid_lines, grid_width, nation_list
from .terminal_words import (
    BOLD_GREEN, BOLD_MAGENTA, BOLD_RED, BOLD_REVERSE, BOLD_YELLOW, ROAD_WORDS, ROW_WORDS, SPHERE_LETTERS,
    SPHERE_STYLE, SPHERES, STAGE_WORDS, SUPPLY_MODES, _type,
)

if TYPE_CHECKING:
    from cardtable.engine import Game

    from .terminal_cards import Names

_ = Translator("mitosz-ui")


# -- the parts of the table -----------------------------------------------------------------------------------
def spheres(player: dict[str, Any]) -> Text:
    text = Text()
    for i, letter in enumerate(SPHERE_LETTERS):
        if i:
            text.append("  ")
        text.append(f"{_(SPHERES[i])} ", style="dim")
        text.append(f"{_(letter, n='')} {player['spheres'][i]}/{player['sphere_max'][i]}", style=SPHERE_STYLE[i])
    return text


def _player(console: Console, game: Game, view: dict[str, Any], p: dict[str, Any], seat_names: list[str],
            dup: Names) -> None:
    seat = p["seat"]
    head = Text(_who(seat, view, seat_names), style=BOLD_REVERSE if seat == view["to_act"] else "bold")
    head.append(" · " + _("high god") + " ")
    head.append_text(card_name(p["god"]))
    head.append(" · " + _("deck {name}", name=p["deck_name"]), style="dim")
    console.print(head)
    power = Text("   ")
    power.append_text(spheres(p))
    power.append(" · ")
    power.append(_("power {points} of {target}", points=p["power"], target=view["win_target"]),
                 style=BOLD_GREEN if p["power"] >= view["win_target"] else "bold")
    print_hanging(console, power)
    if p.get("hold"):
        console.print(Text("   " + _("HOLDING {target}+ power points since turn {turn}: wins at the start of "
                                     "P{anchor}'s next turn if the total stays", target=view["win_target"],
                                     turn=p["hold"]["since_turn"], anchor=p["hold"]["anchor"]) + " (MIT-1.1.1)",
                           style=BOLD_YELLOW))
    piles = Text("   " + _("deck {deck} · hand {hand} (size {size})", deck=p["deck"], hand=p["hand_count"],
                             size=p["hand_size"]))
    if p["afterworld"]:
        piles.append(" · " + _("afterworld {n}, top", n=len(p["afterworld"])) + " ")
        piles.append_text(card_name(p["afterworld"][0]))
    else:
        piles.append(" · " + _("afterworld empty"))
    if p["oblivion"]:
        piles.append(" · " + _("oblivion:") + " ")
        piles.append_text(Text(", ").join(card_name(c) for c in p["oblivion"]))
    print_hanging(console, piles)
    if p["god"].get("attached") or _flags(p["god"]):
        print_hanging(console, Text("   " + _("high god:") + " ").append_text(board_card(p["god"], dup)))
    nations = p["nations"]
    caption = Text("   " + (_("Nations ({n}), one placed this turn:", n=len(nations)) if p["nation_placed"]
                            else _("Nations ({n}):", n=len(nations))))
    if not nations:
        caption.append(" " + _("none"), style="dim")
        print_hanging(console, caption)
    else:
        caption.append("  " + _("roads: 2 = free road of level 2, ×2 = closed; x,y = cell; +Name = attached location"),
                       style="dim")
        print_hanging(console, caption)
        if grid_width(nations) <= console.width:
            for line in grid_lines(nations, dup):
                console.print(line, no_wrap=True, overflow="crop", crop=True)
        else:  # too wide for this terminal: one line per nation
            for line in nation_list(nations, dup):
                print_hanging(console, line)
    leaders = Text("   " + _("Leaders ({n} of {limit}):", n=len(p["leaders"]), limit=p["leader_limit"]) + " ")
    leaders.append_text(_cards(p["leaders"], dup))
    print_hanging(console, leaders)


def _fight(console: Console, view: dict[str, Any]) -> None:
    """The fight in progress: both armies by row with levels and supplies, the attacked road, who acts."""
    f = view.get("fight")
    if not f:
        return
    if f["kind"] == "battle":
        head = _("Battle: P{attacker} attacks {nation} (P{defender}) through its {road} road (level {level})",
                 attacker=f["attacker"], nation=f["nation"]["name"], defender=f["defender"],
                 road=_(ROAD_WORDS[f["road"]]) if f["road"] in ROAD_WORDS else f["road"],
                 level=f["road_level"])
    else:
        head = _("Duel: P{attacker} challenges P{defender}", attacker=f["attacker"], defender=f["defender"])
    stage = STAGE_WORDS.get(f["stage"])
    stage = _(stage) if stage else f["stage"].replace("_", " ")
    console.print(Text(f"{head} · {stage}", style=BOLD_MAGENTA))
    for side in ("att", "def"):
        army = f["sides"][side]
        title = (_("attacker P{seat} · level {level}:", seat=army["player"], level=army["level"]) if side == "att"
                 else _("defender P{seat} · level {level}:", seat=army["player"], level=army["level"]))
        line = Text(f"  {title} ", style="magenta")
        parts = []
        for row in army["rows"]:
            if row["leader"] is None and not row["supplies"]:
                continue
            leader = (f"{row['leader']['name']} {row['leader_level']}" if row["leader"] is not None
                      else _("no leader"))
            supplies = ", ".join(f"{c['name']} {c['fight_level']}"
                                 + ("" if c["mode"] == "full" else f" ({_(SUPPLY_MODES.get(c['mode'], c['mode']))})")
                                 for c in row["supplies"])
            cap = f" [{len(row['supplies'])}/{row['capacity']}]" if view["fight"]["kind"] == "battle" else ""
            row_word = _(ROW_WORDS[row["row"]]) if row["row"] in ROW_WORDS else row["row"]
            parts.append(f"{row_word}: {leader}" + (f" + {supplies}" if supplies else "") + cap)
        line.append("; ".join(parts) if parts else _("no army"))
        console.print(line)
    if f["compared"]:
        winner = {"att": N_("the attacker wins"), "def": N_("the defender wins"), None: N_("a draw")}[f["winner"]]
        console.print(Text("  " + _("compared {a} against {b}: {winner}", a=f["compared"][0], b=f["compared"][1],
                                    winner=_(winner)), style=BOLD_MAGENTA))


def _stack(console: Console, view: dict[str, Any], seat_names: list[str], dup: Names) -> None:
    if not view["stack"]:
        return
    console.print(Text(_("Stack (resolves top first; top is last):"), style="bold"))
    for i, it in enumerate(view["stack"], 1):
        text = it.get("text") or f"{it['kind']} {it['card']['name']}"
        if not text.startswith(f"P{it['player']} "):
            text = f"P{it['player']} {text}"
        line = Text(f"  {i}. {text}")
        if it["kind"] in ("summon", "nation"):
            line.append(f" ({_type(it['card'].get('type'))})", style="dim")
        elif it["targets"] and " on " not in text:
            line.append(" " + _("on {targets}", targets=", ".join(it["targets"])))
        if it.get("neutralized"):
            line.append(" " + _("NEUTRALIZED"), style=BOLD_RED)
        if i == len(view["stack"]):
            line.append("  " + _("← top"), style="bold")
        console.print(line)
