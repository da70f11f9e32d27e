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

from cardtable.engine.i18n import N_, Translator, current_language, language

from cardtable.engine.terminal import print_hanging, title_rule

_ = Translator("mitosz-ui")
_n = _.plural

#: How the terminal's own lines name a seat: as the board and the log do.
SEAT_LABEL = "P{}"

SPHERES = (N_("magic"), N_("influence"), N_("wealth"), N_("force"))
#: a sphere's initial, as the costs write it ("M1"; the same messages as the engine's catalog: the cards' notation)
SPHERE_LETTERS = (N_("M{n}"), N_("I{n}"), N_("W{n}"), N_("F{n}"))
#: a road's edge in a sentence ("through its N road": "N oldali út", "Weg N"), as the engine's catalog writes it
ROAD_WORDS = {"N": N_("N"), "E": N_("E"), "S": N_("S"), "W": N_("W")}
#: a road with its level in a list of roads ("N1 E×2"; the board's letters in every language so far)
ROAD_MARKS = {"N": N_("N{level}"), "E": N_("E{level}"), "S": N_("S{level}"), "W": N_("W{level}")}


def road_mark(edge: str, level) -> str:
    return _(ROAD_MARKS[edge], level=level) if edge in ROAD_MARKS else f"{edge}{level}"
SPHERE_STYLE = ("bold medium_purple", "bold gold3", "bold green4", "bold red3")  # i18n: no (rich styles)
BOLD_RED = "bold red"  # i18n: no (a rich style)
BOLD_GREEN = "bold green"  # i18n: no (a rich style)
BOLD_REVERSE = "bold reverse"  # i18n: no (a rich style)
BOLD_MAGENTA = "bold magenta"  # i18n: no (a rich style)
BOLD_YELLOW = "bold yellow"  # i18n: no (a rich style)
TYPE_WORDS = {
    "high_god": N_("high god"), "nation": N_("nation"), "location": N_("location"), "leader": N_("leader"),
    "item": N_("item"), "intrigue": N_("intrigue"), "fate": N_("fate"), "supply": N_("supply"),
    "free_maneuver": N_("free maneuver"), "card": N_("card"),
}
#: the subtypes (vocabulary.SUBTYPES) as a card's type line reads them (the rulebook's section 8)
SUBTYPE_WORDS = {
    "forest": N_("forest"), "mountain": N_("mountain"), "deep": N_("deep"), "swamp": N_("swamp"),
    "steppe": N_("steppe"), "polar": N_("polar"), "desert": N_("desert"), "urban": N_("urban"),
    "aquatic": N_("aquatic"), "shapeshifter": N_("shapeshifter"), "demon": N_("demon"), "undead": N_("undead"),
    "sprite": N_("sprite"), "giant": N_("giant"), "dragon": N_("dragon"), "dwarf": N_("dwarf"), "elf": N_("elf"),
    "region": N_("region"), "building": N_("building"), "shrine": N_("shrine"), "fortress": N_("fortress"),
    "warlord": N_("warlord"), "mount": N_("mount"), "hero": N_("hero"), "god": N_("god"),
    "monster": N_("monster"), "ruler": N_("ruler"), "relic": N_("relic"), "weapon": N_("weapon"),
    "potion": N_("potion"), "armor": N_("armor"), "strike": N_("strike"), "beast": N_("beast"),
    "troop": N_("troop"), "war_machine": N_("war machine"), "sage": N_("sage"), "charm": N_("charm"),
    "enchanter": N_("enchanter"), "song": N_("song"), "bard": N_("bard"), "life": N_("life"),
    "healer": N_("healer"), "earth": N_("earth"), "death": N_("death"), "necromancer": N_("necromancer"),
    "priest": N_("priest"), "prophecy": N_("prophecy"), "seer": N_("seer"), "craft": N_("craft"),
    "air": N_("air"), "flying": N_("flying"), "rune": N_("rune"), "scribe": N_("scribe"), "fire": N_("fire"),
    "spell": N_("spell"), "wizard": N_("wizard"), "water": N_("water"),
}
MODE_WORDS = {
    "window": N_("open window"),
    "counter": N_("counter round"),
    "prompt": N_("a decision"),
    "over": N_("game over"),
}
ROW_WORDS = {"front": N_("front"), "auxiliary": N_("auxiliary"), "reserve": N_("reserve")}
SUPPLY_MODES = {"level": N_("level"), "maneuvers": N_("maneuvers")}
STAGE_WORDS = {
    "rounds": N_("fight rounds"), "commander": N_("naming the defending commander"),
    "monsters": N_("monsters return"), "outcome": N_("the outcome"), "compare": N_("comparing the armies"),
}
EFFECT_WORDS = {
    "modify_level": N_("level"), "modify_base_level": N_("base level"), "modify_road": N_("road level"),
    "close_road": N_("closed road"), "grant_immunity": N_("immunity"), "grant_subtype": N_("subtype"),
    "grant_fate_use": N_("may use a fate"), "modify_army": N_("army level"), "modify_cost": N_("cost"),
    "modify_hand_size": N_("hand size"), "modify_power_points": N_("power points"),
    "neutralize_ability": N_("ability neutralized"), "restrict": N_("restriction"), "set_card_type": N_("card type"),
    "steal": N_("stolen"),
}
CELL = 14  # inner width of a nation cell
LOG_LINES = 8

_CATALOGUES: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def catalogue(game) -> dict:
    """The game's card definitions by definition id, made once per game object and language (its names and
    texts are in the reader's language)."""
    lang = current_language()
    try:
        return _CATALOGUES[game][lang]
    except (KeyError, TypeError):
        pass
    cards = game.catalogue().get("cards", {})
    try:
        _CATALOGUES.setdefault(game, {})[lang] = cards
    except TypeError:
        pass
    return cards


def link_names(game) -> dict[str, str]:
    """Links name cards by their English name (a key): English name -> the card's name in the reader's language."""
    lang = current_language()
    key = ("links", lang)
    try:
        return _CATALOGUES[game][key]
    except (KeyError, TypeError):
        pass
    with language("en"):
        english = game.catalogue().get("cards", {})
    here = catalogue(game)
    names = {c["name"]: here[cid]["name"] for cid, c in english.items() if cid in here}
    try:
        _CATALOGUES.setdefault(game, {})[key] = names
    except TypeError:
        pass
    return names


def _type(t: str | None) -> str:
    word = TYPE_WORDS.get(t or "card")
    return _(word) if word else (t or "card").replace("_", " ")


def _subtype(s: str) -> str:
    word = SUBTYPE_WORDS.get(s)
    return _(word) if word else s.replace("_", " ")


def _who(seat: int | None, view: dict, seat_names: list[str]) -> str:
    if seat is None:
        return "?"
    me = view.get("viewer")
    name = seat_names[seat] if seat < len(seat_names) else _("seat {seat}", seat=seat)
    if seat == me:
        return _("P{seat} ({name}, you)", seat=seat, name=name)
    return _("P{seat} ({name})", seat=seat, name=name)


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
        out.append(_("rotated"))
    if card.get("spent"):
        out.append(_("spent"))
    if card.get("neutralized"):
        out.append(_("NEUTRALIZED"))
    for kind, n in (card.get("tokens") or {}).items():
        out.append(_n("{n} {kind} token", "{n} {kind} tokens", n, kind=kind))
    if card.get("controller") is not None and card.get("controller") != card.get("owner"):
        out.append(_("owned by P{seat}", seat=card["owner"]))
    return out


def _tokens_short(flag: str, card: dict) -> str:
    """A flag as a nation cell shows it: a token count without the word 'token(s)'."""
    for kind, n in (card.get("tokens") or {}).items():
        if flag == _n("{n} {kind} token", "{n} {kind} tokens", n, kind=kind):
            return f"{n} {kind}"
    return flag


def board_card(card: dict, dup=None, level: bool = True) -> Text:
    """'Lysa Brightspear L3 (rotated) [+ Sunsteel Blade L2]'."""
    text = card_name(card, dup)
    if level and card.get("level") is not None:
        text.append(" " + _("L{level}", level=card["level"]), style="cyan")
    if dup is not None and dup.pp.get(card.get("card")):
        text.append(" " + _("{n}PP", n=dup.pp[card["card"]]), style="green")
    flags = _flags(card)
    if flags:
        text.append(f" ({', '.join(flags)})", style="yellow")
    attached = card.get("attached") or []
    if attached:
        text.append(" [+ ")
        text.append_text(Text(", ").join(board_card(a, dup) for a in attached))
        text.append("]")
    return text


def _cards(cards: list[dict], dup=None, empty: str | None = None) -> Text:
    if not cards:
        return Text(empty if empty is not None else _("none"), style="dim")
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
            text.append(body, style=BOLD_RED if road is not None and road["closed"] else BOLD_GREEN)
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
        style = BOLD_RED if road["closed"] else BOLD_GREEN
        if left:
            return Text(f"{mark:>2}", style=style) + Text("┤")
        return Text("├") + Text(f"{mark:<2}", style=style)

    name = nation["name"] + (f" #{nation['id']}" if dup and len(dup.get(nation["name"], ())) > 1 else "")
    n1, n2 = _wrap(name, CELL, 2)
    status = []
    if nation.get("level") is not None:
        status.append(_("L{level}", level=nation["level"]))
    if dup is not None and dup.pp.get(nation["card"]):
        status.append(_("{n}PP", n=dup.pp[nation["card"]]))
    status += [_tokens_short(f, nation) for f in _flags(nation)]
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
        roads = " ".join(road_mark(d, _road(r)) for d, r in (n.get("roads") or {}).items())
        line.append(" · " + _("roads {roads}", roads=roads or _("none")), style="dim")
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
        text.append(f"{_(SPHERES[i])} ", style="dim")
        text.append(f"{_(letter, n='')} {player['spheres'][i]}/{player['sphere_max'][i]}", style=SPHERE_STYLE[i])
    return text


def _player(console: Console, game, view: dict, p: dict, seat_names: list[str], dup) -> None:
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


def _fight(console: Console, view: dict) -> None:
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


def _stack(console: Console, view: dict, seat_names: list[str], dup) -> None:
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


def hand_card(game, card: dict, dup=None) -> list[Text]:
    """A card in hand with its data and maneuver texts from the catalogue."""
    info = catalogue(game).get(card["card"], {})
    line = Text("  ")
    line.append_text(card_name(card, dup))
    parts = [_type(info.get("type") or card.get("type"))]
    if info.get("subtypes"):
        parts[0] += f" ({', '.join(_subtype(s) for s in info['subtypes'])})"
    if info.get("cost_label"):
        parts.append(_("cost {cost}", cost=info["cost_label"]))
    if info.get("level") is not None:
        parts.append(_("level {level}", level=info["level"]))
    if info.get("power_points"):
        parts.append(_("{n} PP", n=info["power_points"]))
    if info.get("roads"):
        parts.append(_("roads {roads}", roads=" ".join(road_mark(d, l) for d, l in info["roads"].items())))
    flags = [_(w) for w in (N_("unique"), N_("magical"), N_("cursed")) if info.get(w)]
    if flags:
        parts.append("/".join(flags))
    line.append(" — " + " · ".join(parts), style="dim")
    out = [line]
    for t in info.get("text") or []:
        out.append(Text(f"      {t}"))
    if info.get("requirements"):
        groups = _(" or ").join(" + ".join(_subtype(s) for s in g) for g in info["requirements"])
        out.append(Text("      " + (_("user: {groups} (or a linked card)", groups=groups) if info.get("links")
                                    else _("user: {groups}", groups=groups)), style="dim"))
    if info.get("links"):
        out.append(Text("      " + _("links: {cards}", cards=", ".join(link_names(game).get(n, n) for n in info["links"])), style="dim"))
    return out


def header(view: dict, seat_names: list[str]) -> str:
    if view["result"]:
        winners = view["result"].get("winners") or []
        end = (_("won by {seats}", seats=_(" and ").join(f"P{w}" for w in winners)) if winners
               else _("no winner"))
        return _("Mítosz · turn {turn} · game over · {end}", turn=view["turn"], end=end)
    who = _("your move") if view["to_act"] == view.get("viewer") else _("P{seat} to act", seat=view["to_act"])
    mode = MODE_WORDS.get(view["mode"])
    return _("Mítosz · turn {turn} · P{active}'s turn · {phase} · {mode} · {who}", turn=view["turn"],
             active=view["active"], phase=view["phase_title"], mode=_(mode) if mode else view["mode"], who=who)


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


def result_line(view: dict, seat_names: list[str]) -> str:
    r = view["result"]
    winners = r.get("winners") or []
    totals = r.get("totals")
    why = f"{r.get('reason', '')} ({r['rule']})" if r.get("rule") else r.get("reason", "")
    who = _(" and ").join(_who(w, view, seat_names) for w in winners) if winners else _("nobody")
    line = _("The game is over: {why}. Winner: {who}.", why=why, who=who)
    if totals:
        line += " " + _("Power points: {totals}.", totals=", ".join(f"P{i} {t}" for i, t in enumerate(totals)))
    return line


def effect_words(e: dict) -> str:
    """An effect's kind and value: 'level +1', 'closed road N'."""
    value = e.get("value")
    value = "" if value in (None, [], "") else f" {value if not isinstance(value, list) else ', '.join(map(str, value))}"
    kind = EFFECT_WORDS.get(e["kind"])
    return (_(kind) if kind else e["kind"].replace("_", " ")) + value


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
