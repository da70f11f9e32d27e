"""Mítosz in the terminal (docs/mitosz.md): per player the high god with its spheres (current/max), power
points and hold, the nation grid drawn cell by cell with its roads (level, closed ones marked ×) and
attached locations, the leader row (level, rotation, attachments); the shared intrigues, fates, lingering
maneuvers and effects; the stack (top last); the prompt; your hand with each card's text from the
catalogue; the last lines of the log. After each move, the new public log lines.

A renderer only gets a view: an opponent's hand is a count (MIT-1.5, spec section 9). Card texts come
from ``game.catalogue()`` (static, public).
"""

from __future__ import annotations

import weakref

from rich.console import Console
from rich.text import Text

from . import print_hanging, title_rule

#: How the terminal's own lines name a seat: as the board and the log do.
SEAT_LABEL = "P{}"

SPHERES = ("magic", "influence", "wealth", "force")
SPHERE_LETTERS = ("M", "I", "W", "F")
SPHERE_STYLE = ("bold medium_purple", "bold gold3", "bold green4", "bold red3")
TYPE_WORDS = {"high_god": "high god", "free_maneuver": "free maneuver"}
MODE_WORDS = {
    "window": "open window",
    "counter": "counter round",
    "prompt": "a decision",
    "over": "game over",
}
CELL = 14  # inner width of a nation cell
LOG_LINES = 8

_CATALOGUES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def catalogue(game) -> dict:
    """The game's card definitions by definition id, made once per game object."""
    try:
        return _CATALOGUES[game]
    except (KeyError, TypeError):
        pass
    cards = game.catalogue().get("cards", {})
    try:
        _CATALOGUES[game] = cards
    except TypeError:
        pass
    return cards


def _type(t: str | None) -> str:
    return TYPE_WORDS.get(t or "", (t or "card").replace("_", " "))


def _who(seat: int | None, view: dict, seat_names: list[str]) -> str:
    if seat is None:
        return "?"
    me = view.get("viewer")
    name = seat_names[seat] if seat < len(seat_names) else f"seat {seat}"
    return f"P{seat} ({name}{', you' if seat == me else ''})"


class Names(dict):
    """Card name -> the instance ids in view that bear it (to tell equal cards apart); ``pp``: the power
    points of each card definition (from the catalogue)."""

    pp: dict[str, int] = {}


def _names_seen(view: dict, game=None) -> Names:
    """Every card name in the view with the instance ids that bear it (to tell equal cards apart)."""
    seen = Names()
    if game is not None:
        seen.pp = {k: c.get("power_points") or 0 for k, c in catalogue(game).items()}

    def add(card):
        if not card:
            return
        seen.setdefault(card["name"], set()).add(card["id"])
        for a in card.get("attached") or ():
            add(a)

    for p in view["players"]:
        add(p["god"])
        for group in ("nations", "leaders", "hand", "afterworld", "oblivion"):
            for c in p.get(group) or ():
                add(c)
    for group in ("intrigues", "fates", "lingering"):
        for c in view[group]:
            add(c)
    for it in view["stack"]:
        add(it["card"])
        add(it["user"])
    return seen


def card_name(card: dict, dup: dict[str, set[int]] | None = None) -> Text:
    """The card's name, with '#id' when another card of the same name is in view."""
    text = Text(card["name"], style="bold" if card.get("type") in ("leader", "high_god", "nation") else "")
    if dup and len(dup.get(card["name"], ())) > 1 and card.get("id") is not None:  # (a stack entry whose card
        # went back to a hand or deck names no copy)
        text.append(f" #{card['id']}", style="dim")
    return text


def _flags(card: dict) -> list[str]:
    out = []
    if card.get("rotated"):
        out.append("rotated")
    if card.get("spent"):
        out.append("spent")
    if card.get("neutralized"):
        out.append("NEUTRALIZED")
    for kind, n in (card.get("tokens") or {}).items():
        out.append(f"{n} {kind} token{'s' if n != 1 else ''}")
    if card.get("controller") is not None and card.get("controller") != card.get("owner"):
        out.append(f"owned by P{card['owner']}")
    return out


def board_card(card: dict, dup=None, level: bool = True) -> Text:
    """'Lysa Brightspear L3 (rotated) [+ Sunsteel Blade L2]'."""
    text = card_name(card, dup)
    if level and card.get("level") is not None:
        text.append(f" L{card['level']}", style="cyan")
    if dup is not None and dup.pp.get(card.get("card")):
        text.append(f" {dup.pp[card['card']]}PP", style="green")
    flags = _flags(card)
    if flags:
        text.append(f" ({', '.join(flags)})", style="yellow")
    attached = card.get("attached") or []
    if attached:
        text.append(" [+ ")
        text.append_text(Text(", ").join(board_card(a, dup) for a in attached))
        text.append("]")
    return text


def _cards(cards: list[dict], dup=None, empty: str = "none") -> Text:
    if not cards:
        return Text(empty, style="dim")
    return Text(", ").join(board_card(c, dup) for c in cards)


# -- the nation grid ---------------------------------------------------------------------------------------
def _road(road: dict | None) -> str:
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


def _cell(nation: dict, dup) -> list[Text]:
    """Six lines of 3 + CELL + 3 characters: the N road in the top border, W/E roads beside the name,
    the S road in the bottom border; its level, tokens, flags; its attached locations."""
    roads = nation.get("roads") or {}
    width = CELL

    def border(left: str, right: str, road: dict | None, label: str = "") -> Text:
        text = Text("  " + left)
        mark = _road(road)
        if mark:
            body = f"┤{mark}├"
            pad = width - len(body) - len(label)
            lpad = pad // 2
            text.append(label + "─" * lpad, style="dim" if label else "")
            text.append(body, style="bold red" if road is not None and road["closed"] else "bold green")
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
        style = "bold red" if road["closed"] else "bold green"
        if left:
            return Text(f"{mark:>2}", style=style) + Text("┤")
        return Text("├") + Text(f"{mark:<2}", style=style)

    name = nation["name"] + (f" #{nation['id']}" if dup and len(dup.get(nation["name"], ())) > 1 else "")
    n1, n2 = _wrap(name, CELL, 2)
    status = []
    if nation.get("level") is not None:
        status.append(f"L{nation['level']}")
    if dup is not None and dup.pp.get(nation["card"]):
        status.append(f"{dup.pp[nation['card']]}PP")
    status += [f.replace(" tokens", "").replace(" token", "") for f in _flags(nation)]
    attached = [("+" + a["name"]) for a in nation.get("attached") or []]
    place = " ".join(attached) or ""
    lines = [border("┌", "┐", roads.get("N"), f"{nation['x']},{nation['y']}")]
    lines.append(side("W", True) + Text(f"{n1:<{CELL}}", style="bold") + side("E", False))
    lines.append(Text("  │") + Text(f"{n2:<{CELL}}", style="bold") + Text("│  "))
    lines.append(Text("  │") + Text(f"{' '.join(status)[:CELL]:<{CELL}}", style="cyan") + Text("│  "))
    lines.append(Text("  │") + Text(_wrap(place, CELL, 1)[0].ljust(CELL), style="magenta") + Text("│  "))
    lines.append(border("└", "┘", roads.get("S")))
    return lines


def grid_lines(nations: list[dict], dup=None) -> list[Text]:
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


def grid_width(nations: list[dict]) -> int:
    if not nations:
        return 0
    xs = [n["x"] for n in nations]
    return 3 + (max(xs) - min(xs) + 1) * (CELL + 6)


def nation_list(nations: list[dict], dup=None) -> list[Text]:
    """The grid as lines, for narrow terminals: '(0,1) Sunfield Herders L1 · roads N1 E×1 … [+ Plains]'."""
    out = []
    for n in sorted(nations, key=lambda n: (-n["y"], n["x"])):
        line = Text(f"   ({n['x']},{n['y']}) ")
        line.append_text(board_card({**n, "attached": []}, dup))
        roads = " ".join(f"{d}{_road(r)}" for d, r in (n.get("roads") or {}).items())
        line.append(f" · roads {roads or 'none'}", style="dim")
        if n.get("attached"):
            line.append(" [+ ")
            line.append_text(Text(", ").join(board_card(a, dup) for a in n["attached"]))
            line.append("]")
        out.append(line)
    return out


# -- the parts of the table -----------------------------------------------------------------------------------
def spheres(player: dict) -> Text:
    text = Text()
    for i, letter in enumerate(SPHERE_LETTERS):
        if i:
            text.append("  ")
        text.append(f"{SPHERES[i]} ", style="dim")
        text.append(f"{letter} {player['spheres'][i]}/{player['sphere_max'][i]}", style=SPHERE_STYLE[i])
    return text


def _player(console: Console, game, view: dict, p: dict, seat_names: list[str], dup) -> None:
    seat = p["seat"]
    head = Text(_who(seat, view, seat_names), style="bold reverse" if seat == view["to_act"] else "bold")
    head.append(" · high god ")
    head.append_text(card_name(p["god"]))
    head.append(f" · deck {p['deck_name']}", style="dim")
    console.print(head)
    power = Text("   ")
    power.append_text(spheres(p))
    power.append(" · power ")
    power.append(f"{p['power']}", style="bold green" if p["power"] >= view["win_target"] else "bold")
    power.append(f" of {view['win_target']}")
    print_hanging(console, power)
    if p.get("hold"):
        console.print(Text(f"   HOLDING {view['win_target']}+ power points since turn {p['hold']['since_turn']}: "
                           f"wins at the start of P{p['hold']['anchor']}'s next turn if the total stays "
                           f"(MIT-1.1.1)", style="bold yellow"))
    piles = Text(f"   deck {p['deck']} · hand {p['hand_count']} (size {p['hand_size']})")
    if p["afterworld"]:
        piles.append(f" · afterworld {len(p['afterworld'])}, top ")
        piles.append_text(card_name(p["afterworld"][0]))
    else:
        piles.append(" · afterworld empty")
    if p["oblivion"]:
        piles.append(" · oblivion: ")
        piles.append_text(Text(", ").join(card_name(c) for c in p["oblivion"]))
    print_hanging(console, piles)
    if p["god"].get("attached") or _flags(p["god"]):
        print_hanging(console, Text("   high god: ").append_text(board_card(p["god"], dup)))
    nations = p["nations"]
    caption = Text(f"   Nations ({len(nations)})" + (", one placed this turn" if p["nation_placed"] else "") + ":")
    if not nations:
        caption.append(" none", style="dim")
        print_hanging(console, caption)
    else:
        caption.append("  roads: 2 = free road of level 2, ×2 = closed; x,y = cell; +Name = attached location",
                       style="dim")
        print_hanging(console, caption)
        if grid_width(nations) <= console.width:
            for line in grid_lines(nations, dup):
                console.print(line, no_wrap=True, overflow="crop", crop=True)
        else:  # too wide for this terminal: one line per nation
            for line in nation_list(nations, dup):
                print_hanging(console, line)
    leaders = Text(f"   Leaders ({len(p['leaders'])} of {p['leader_limit']}): ")
    leaders.append_text(_cards(p["leaders"], dup))
    print_hanging(console, leaders)


def _fight(console: Console, view: dict) -> None:
    """The fight in progress: both armies by row with levels and supplies, the attacked road, who acts."""
    f = view.get("fight")
    if not f:
        return
    if f["kind"] == "battle":
        head = (f"Battle: P{f['attacker']} attacks {f['nation']['name']} (P{f['defender']}) through its "
                f"{f['road']} road (level {f['road_level']})")
    else:
        head = f"Duel: P{f['attacker']} challenges P{f['defender']}"
    stage = {"rounds": "fight rounds", "commander": "naming the defending commander"}.get(f["stage"], f["stage"])
    console.print(Text(f"{head} · {stage.replace('_', ' ')}", style="bold magenta"))
    for side, title in (("att", "attacker"), ("def", "defender")):
        army = f["sides"][side]
        line = Text(f"  {title} P{army['player']} · level {army['level']}: ", style="magenta")
        parts = []
        for row in army["rows"]:
            if row["leader"] is None and not row["supplies"]:
                continue
            leader = (f"{row['leader']['name']} {row['leader_level']}" if row["leader"] is not None
                      else "no leader")
            supplies = ", ".join(f"{c['name']} {c['fight_level']}" + ("" if c["mode"] == "full" else f" ({c['mode']})")
                                 for c in row["supplies"])
            cap = f" [{len(row['supplies'])}/{row['capacity']}]" if view["fight"]["kind"] == "battle" else ""
            parts.append(f"{row['row']}: {leader}" + (f" + {supplies}" if supplies else "") + cap)
        line.append("; ".join(parts) if parts else "no army")
        console.print(line)
    if f["compared"]:
        winner = {"att": "the attacker wins", "def": "the defender wins", None: "a draw"}[f["winner"]]
        console.print(Text(f"  compared {f['compared'][0]} against {f['compared'][1]}: {winner}", style="bold magenta"))


def _stack(console: Console, view: dict, seat_names: list[str], dup) -> None:
    if not view["stack"]:
        return
    console.print(Text("Stack (resolves top first; top is last):", style="bold"))
    for i, it in enumerate(view["stack"], 1):
        text = it.get("text") or f"{it['kind']} {it['card']['name']}"
        if not text.startswith(f"P{it['player']} "):
            text = f"P{it['player']} {text}"
        line = Text(f"  {i}. {text}")
        if it["kind"] in ("summon", "nation"):
            line.append(f" ({_type(it['card'].get('type'))})", style="dim")
        elif it["targets"] and " on " not in text:
            line.append(" on " + ", ".join(it["targets"]))
        if it.get("neutralized"):
            line.append(" NEUTRALIZED", style="bold red")
        if i == len(view["stack"]):
            line.append("  ← top", style="bold")
        console.print(line)


def hand_card(game, card: dict, dup=None) -> list[Text]:
    """A card in hand with its data and maneuver texts from the catalogue."""
    info = catalogue(game).get(card["card"], {})
    line = Text("  ")
    line.append_text(card_name(card, dup))
    parts = [_type(info.get("type") or card.get("type"))]
    if info.get("subtypes"):
        parts[0] += f" ({', '.join(info['subtypes'])})"
    if info.get("cost_label"):
        parts.append(f"cost {info['cost_label']}")
    if info.get("level") is not None:
        parts.append(f"level {info['level']}")
    if info.get("power_points"):
        parts.append(f"{info['power_points']} PP")
    if info.get("roads"):
        parts.append("roads " + " ".join(f"{d}{l}" for d, l in info["roads"].items()))
    flags = [w for w in ("unique", "magical", "cursed") if info.get(w)]
    if flags:
        parts.append("/".join(flags))
    line.append(" — " + " · ".join(parts), style="dim")
    out = [line]
    for t in info.get("text") or []:
        out.append(Text(f"      {t}"))
    if info.get("requirements"):
        out.append(Text("      user: " + " or ".join(" + ".join(g) for g in info["requirements"])
                        + (" (or a linked card)" if info.get("links") else ""), style="dim"))
    if info.get("links"):
        out.append(Text("      links: " + ", ".join(info["links"]), style="dim"))
    return out


def header(view: dict, seat_names: list[str]) -> str:
    if view["result"]:
        winners = view["result"].get("winners") or []
        return (f"Mítosz · turn {view['turn']} · game over · "
                + (f"won by {' and '.join(f'P{w}' for w in winners)}" if winners else "no winner"))
    who = "your move" if view["to_act"] == view.get("viewer") else f"P{view['to_act']} to act"
    return (f"Mítosz · turn {view['turn']} · P{view['active']}'s turn · {view['phase_title']} · "
            f"{MODE_WORDS.get(view['mode'], view['mode'])} · {who}")


def render(console: Console, game, view: dict, seat_names: list[str]) -> None:
    me = view.get("viewer")
    if me is None:  # the view does not name its viewer: the player whose hand is in it
        me = next((p["seat"] for p in view["players"] if p.get("hand") is not None), None)
    view = {**view, "viewer": me}
    dup = _names_seen(view, game)
    title_rule(console, header(view, seat_names))
    order = [p for p in view["players"] if p["seat"] != me] + [p for p in view["players"] if p["seat"] == me]
    for p in order:
        _player(console, game, view, p, seat_names, dup)
    shared = Text(f"Intrigues ({len(view['intrigues'])} of {view['intrigue_limit']}): ")
    shared.append_text(Text(", ").join(board_card(c, dup).append(f" (P{c['controller']})", style="dim")
                                       for c in view["intrigues"]) if view["intrigues"] else Text("none", style="dim"))
    console.print(shared)
    if view["fates"] or view["lingering"]:
        line = Text("Fates: ").append_text(_cards(view["fates"], dup))
        line.append(" · Lingering maneuvers: ").append_text(_cards(view["lingering"], dup))
        console.print(line)
    for e in view["effects"]:
        value = e.get("value")
        value = "" if value in (None, [], "") else f" {value if not isinstance(value, list) else ', '.join(map(str, value))}"
        console.print(Text(f"Effect: {e['source']} — {e['kind'].replace('_', ' ')}{value} on {e['on']}, {e['ends']}",
                           style="dim"))
    _fight(console, view)
    _stack(console, view, seat_names, dup)
    if view["prompt"]:
        pr = view["prompt"]
        line = Text("Decision for ", style="bold yellow")
        line.append(f"P{pr['player']}" + (" (you)" if pr["player"] == me else ""), style="bold yellow")
        line.append(f": {pr['text']}")
        console.print(line)
    if view["result"]:
        console.print(Text(result_line(view, seat_names), style="bold green"))
    if me is not None:
        mine = view["players"][me]
        if mine.get("hand") is not None:
            console.print(Text(f"Your hand ({len(mine['hand'])}, hand size {mine['hand_size']}):", style="bold"))
            if not mine["hand"]:
                console.print(Text("  empty", style="dim"))
            for card in sorted(mine["hand"], key=lambda c: (c.get("type", ""), c["name"], c["id"])):
                for line in hand_card(game, card, dup):
                    print_hanging(console, line)
    log = view.get("log") or []
    if log:
        console.print(Text(f"Log (last {min(LOG_LINES, len(log))} of {view.get('log_size', len(log))}):", style="bold"))
        for entry in log[-LOG_LINES:]:
            print_hanging(console, Text(f"  {entry}", style="dim"))


def result_line(view: dict, seat_names: list[str]) -> str:
    r = view["result"]
    winners = r.get("winners") or []
    totals = r.get("totals")
    why = f"{r.get('reason', '')} ({r['rule']})" if r.get("rule") else r.get("reason", "")
    who = " and ".join(_who(w, view, seat_names) for w in winners) if winners else "nobody"
    return f"The game is over: {why}. Winner: {who}." + (f" Power points: {', '.join(f'P{i} {t}' for i, t in enumerate(totals))}." if totals else "")


def events(game, before: dict, after: dict, actor: int, seat_names: list[str]) -> list[str]:
    """The new public log lines (spectator views: nothing private slips in), and the end of the game."""
    new = after.get("log_size", 0) - before.get("log_size", 0)
    lines = [f"  · {t}" for t in (after.get("log") or [])[-new:]] if new > 0 else []
    if after.get("result") and not before.get("result"):
        lines.append(result_line({**after, "viewer": None}, seat_names))
    return lines


ID_KEYS = ("card", "host", "user", "mount", "nation", "commander", "challenger", "challenged", "via")


def move_labels(game, view: dict, actions: list) -> list[str]:
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
