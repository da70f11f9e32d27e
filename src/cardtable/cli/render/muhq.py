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
"""

from __future__ import annotations

from rich.console import Console
from rich.text import Text

from . import print_hanging, title_rule

#: How the terminal's own lines name a seat: as the board and the log do.
SEAT_LABEL = "P{}"

SEAT_STYLE = ("bold cyan", "bold red", "bold green", "bold yellow", "bold magenta", "bold blue")
NEUTRAL_STYLE = "bold white"
TERRAIN = {"normal": "", "deep_water": "~", "high_ground": "^", "wall": "#"}
TERRAIN_STYLE = {"deep_water": "blue", "high_ground": "yellow", "wall": "grey50", "normal": ""}
TERRAIN_WORDS = {"normal": "normal", "deep_water": "deep water", "high_ground": "high ground", "wall": "wall"}
TYPE_LETTER = {"unit": "U", "artifact": "A", "equipment": "E"}
PHASE_WORDS = {"draft": "draft", "start": "start phase", "upkeep": "upkeep", "action": "action phase",
               "buy": "buy phase", "end": "end phase"}
MARKER_WORDS = {"paralysis": "paralysis", "poison": "poison", "panic": "panic", "rage": "rage",
                "protection": "protection"}
CELL = 7  # inner width of a field on the full-size board
LOG_LINES = 8


def seat_style(seat: int | None) -> str:
    if seat is None or seat < 0:
        return NEUTRAL_STYLE
    return SEAT_STYLE[seat % len(SEAT_STYLE)]


def who(seat: int | None, view: dict, seat_names: list[str] | None = None) -> str:
    if seat is None or seat < 0:
        return "neutral"
    me = view.get("viewer")
    if seat_names is None:
        return f"P{seat}" + (" (you)" if seat == me else "")
    name = seat_names[seat] if seat < len(seat_names) else f"seat {seat}"
    return f"P{seat} ({name}{', you' if seat == me else ''})"


def _ctrl(seat: int | None) -> str:
    return "N" if seat is None or seat < 0 else f"P{seat}"


def _xy(field) -> str:
    return f"({field[0]}, {field[1]})"


def _attack(attack) -> str:
    """'2@R1 + 1@R3': the attack components (value at range)."""
    return " + ".join(f"{v}@R{r}" for v, r in attack) if attack else "none"


def code(perm: dict) -> str:
    """How the board names a permanent: type letter and id, 'U14'."""
    return f"{TYPE_LETTER.get(perm['type'], '?')}{perm['id']}"


def field_tags(field: dict) -> list[str]:
    tags = []
    if field.get("spawn"):
        tags.append("S" + "".join(str(s) for s in field["spawn"]))
    if field.get("income"):
        tags.append(f"${field['income']}")
    if field.get("area"):
        tags.append(field["area"][:3])
    return tags


# -- cards ------------------------------------------------------------------------------------------------
def card_info(view: dict, card: dict) -> dict:
    return (view.get("cards") or {}).get(card["card"], {"name": card["name"], "type": card.get("type")})


def cost_words(info: dict, buy: bool = True) -> list[str]:
    out = []
    if buy and info.get("buy") is not None:
        out.append(f"buy {info['buy']}")
    if info.get("play") is not None:
        out.append(f"play {info['play']}")
    elif info.get("type") and not info.get("token"):
        out.append("cannot be played")
    if info.get("type") == "unit":
        out.append(f"upkeep {info.get('upkeep', 0)}")
    return out


def stat_words(info: dict) -> list[str]:
    out = []
    if info.get("type") == "unit":
        out += [f"life {info.get('life', 0)}", f"move {info.get('movement', 0)}",
                f"attack {_attack(info.get('attack'))}"]
    if info.get("solid") is not None:
        out.append(f"solid {info['solid']}")
    if info.get("durability"):
        out.append(f"durability {info['durability']}")
    return out


def card_line(view: dict, card: dict, indent: str = "  ", with_text: bool = True, buy: bool = True) -> list[Text]:
    """'Pikeman #14 — unit · buy 3 · play 0 · upkeep 1 · life 2 · move 2 · attack 2@R1', then its text."""
    info = card_info(view, card)
    line = Text(indent)
    line.append(f"{card['name']} #{card['id']}", style="bold")
    parts = [info.get("type") or card.get("type") or "card"] + cost_words(info, buy) + stat_words(info)
    line.append(" — " + " · ".join(parts), style="dim")
    out = [line]
    if with_text and info.get("text"):
        out.append(Text(f"{indent}    {info['text']}"))
    return out


def _grouped(cards: list[dict]) -> str:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c["name"]] = counts.get(c["name"], 0) + 1
    return ", ".join(f"{n}×{k}" if k > 1 else n for n, k in counts.items())


# -- the board ---------------------------------------------------------------------------------------------
def _occupants(view: dict) -> dict[tuple[int, int], dict]:
    return {tuple(p["field"]): p for p in view["permanents"] if p.get("field") is not None}


def _terrain_line(field: dict, width: int) -> Text:
    kind = field["type"]
    if kind == "wall":
        return Text("#" * width, style=TERRAIN_STYLE["wall"])
    tags = " ".join(field_tags(field))
    if kind == "deep_water":
        body = "~" + tags if tags else ""
    elif kind == "high_ground":
        body = "^^" + (" " + tags if tags else "")
    else:
        body = tags
    body = body[:width]
    pad = "~" if kind == "deep_water" else " "
    return Text(body + pad * (width - len(body)), style=TERRAIN_STYLE[kind])


def _occupant_line(perm: dict | None, width: int, view: dict) -> Text:
    if perm is None:
        return Text(" " * width)
    label = f"{code(perm)} {_ctrl(perm['controller'])}"
    if len(label) > width - 1:
        label = label.replace(" ", "")
    flags = ""
    if perm.get("pile"):
        flags += "+"
    if perm["id"] == view.get("activation"):
        flags += "!"
    elif perm.get("tapped"):
        flags += "'"
    label = (label + flags)[:width]
    style = seat_style(perm["controller"])
    if perm.get("tapped"):
        style += " dim"
    if perm["id"] == view.get("activation"):
        style += " reverse"
    return Text(label.ljust(width), style=style)


def grid_width(view: dict) -> int:
    return 4 + view["board"]["width"] * (CELL + 1)


def board_lines(view: dict) -> list[Text]:
    """The board, one field a box of CELL × 2 characters: its terrain and tags, then its occupant."""
    b = view["board"]
    w, h = b["width"], b["height"]
    fields = b["fields"]
    occ = _occupants(view)
    out = []
    head = Text("    ")
    for x in range(w):
        head.append(f" {str(x).center(CELL)}")
    out.append(head)
    out.append(Text("   ┌" + "┬".join("─" * CELL for _ in range(w)) + "┐"))
    for y in range(h):
        top = Text(f"{y:>2} │")
        low = Text("   │")
        for x in range(w):
            f = fields[y * w + x]
            top.append_text(_terrain_line(f, CELL))
            top.append("│")
            low.append_text(_occupant_line(occ.get((x, y)), CELL, view))
            low.append("│")
        out += [top, low]
        if y < h - 1:
            out.append(Text("   ├" + "┼".join("─" * CELL for _ in range(w)) + "┤"))
    out.append(Text("   └" + "┴".join("─" * CELL for _ in range(w)) + "┘"))
    return out


def compact_board_lines(view: dict) -> list[Text]:
    """The board for narrow terminals: one line per row, six characters per field ('U14:0' = unit 14 of P0)."""
    b = view["board"]
    w, h = b["width"], b["height"]
    occ = _occupants(view)
    out = []
    head = Text("    ")
    for x in range(w):
        head.append(f"{x:<6}")
    out.append(head)
    for y in range(h):
        line = Text(f"{y:>2}  ")
        for x in range(w):
            f = b["fields"][y * w + x]
            perm = occ.get((x, y))
            if perm is not None:
                c = perm["controller"]
                label = f"{code(perm)}:{c if c is not None and c >= 0 else 'N'}"
                line.append(f"{label:<6}"[:6], style=seat_style(c) + (" dim" if perm.get("tapped") else ""))
                continue
            if f["type"] == "wall":
                line.append("##### ", style=TERRAIN_STYLE["wall"])
                continue
            tags = field_tags(f)
            glyph = {"deep_water": "~~", "high_ground": "^^"}.get(f["type"], ".")
            text = (glyph + tags[0] if f["type"] != "normal" and tags else (tags[0] if tags else glyph))[:5]
            line.append(f"{text:<6}", style=TERRAIN_STYLE[f["type"]])
        out.append(line)
    return out


def board_key(view: dict) -> Text:
    b = view["board"]
    kinds = {f["type"] for f in b["fields"]}
    parts = []
    if "deep_water" in kinds:
        parts.append("~ deep water (swimming only)")
    if "high_ground" in kinds:
        parts.append("^^ high ground (+1 range for ranged)")
    if "wall" in kinds:
        parts.append("# wall")
    parts.append("S0 spawn of P0")
    if any(f.get("income") for f in b["fields"]):
        parts.append("$1 income")
    if b.get("areas"):
        parts.append("area: " + ", ".join(f"{a[:3]} = {a} ({p} VP)" for a, p in b["areas"].items()))
    parts.append("U/A/E unit/artifact/equipment + id, controller; + pile, ' tapped, ! activated")
    return Text("   " + " · ".join(parts), style="dim")


# -- permanents in words -------------------------------------------------------------------------------------
def perm_words(view: dict, p: dict, in_pile: bool = False) -> Text:
    by_id = {q["id"]: q for q in view["permanents"]}
    line = Text()
    line.append(code(p), style=seat_style(p["controller"]))
    line.append(f" {p['name']}", style="bold")
    parts = [p["type"]]
    if p["controller"] == p["owner"]:
        parts.append(f"{_ctrl(p['controller'])}" if p["controller"] >= 0 else "neutral")
    else:
        parts.append(f"controlled by {_ctrl(p['controller'])}, owned by {_ctrl(p['owner'])}")
    if in_pile:
        parts.append("equipped" if p["type"] == "equipment" else "crew")
    elif p.get("field") is not None:
        parts.append(f"at {_xy(p['field'])}")
    if p.get("role"):
        parts.append({"vip": "VIP", "building": "building", "victory_item": "victory item"}.get(p["role"], p["role"]))
    if p["type"] == "unit":
        parts.append(f"damage {p.get('damage', 0)} of life {p.get('life', 0)}")
        parts.append(f"move {p.get('movement', 0)}")
        parts.append(f"attack {_attack(p.get('attack'))}")
        if p.get("armor"):
            parts.append(f"armor {p['armor']}")
        info = (view.get("cards") or {}).get(p["card"], {})
        if info.get("upkeep"):
            parts.append(f"upkeep {info['upkeep']}")
    elif p.get("solid") is not None:
        parts.append(f"solid: damage {p.get('damage', 0)} of {p['solid']}")
    if p["type"] == "equipment" and p.get("durability") is not None:
        parts.append(f"durability {p['durability']}")
    if p.get("crew"):
        crew = sum(1 for m in p.get("pile", []) if by_id.get(m, {}).get("type") == "unit")
        parts.append(f"crew {crew}/{p['crew']}")
    for key, word in (("swimming", "swimming"), ("veiled", "veiled"), ("landmark", "landmark")):
        if p.get(key):
            parts.append(word)
    for m, n in (p.get("markers") or {}).items():
        parts.append(f"{n} {MARKER_WORDS.get(m, m)}")
    for mod in p.get("until_end_of_turn") or ():
        parts.append("until end of turn " + ", ".join(f"{k} {v:+d}" if isinstance(v, int) else f"{k} {v}"
                                                      for k, v in mod.items()))
    line.append(" · " + " · ".join(parts))
    state = []
    if p["id"] == view.get("activation"):
        state.append("ACTIVATED")
    if p.get("tapped"):
        state.append("tapped")
    if p["type"] == "unit":
        used = [w for w, k in (("move", "move_used"), ("attack", "attack_used")) if p.get(k)]
        if used:
            state.append(" and ".join(used) + " used")
    if state:
        line.append(" · " + ", ".join(state), style="yellow")
    return line


def permanent_lines(view: dict) -> list[Text]:
    by_id = {p["id"]: p for p in view["permanents"]}
    out = []

    def add(p: dict, depth: int) -> None:
        prefix = "   " + "    " * depth + ("└ " if depth else "")
        out.append(Text(prefix) + perm_words(view, p, in_pile=depth > 0))
        for m in p.get("pile") or ():
            if m in by_id:
                add(by_id[m], depth + 1)

    for p in view["permanents"]:
        if p.get("base") is None:
            add(p, 0)
    return out


# -- victory -----------------------------------------------------------------------------------------------
def victory_lines(view: dict) -> list[str]:
    perms = view["permanents"]
    role = {r: [p for p in perms if p.get("role") == r] for r in ("vip", "building", "victory_item")}
    out = []
    for v in view["victory"]:
        kind = v["kind"]
        if kind == "vip":
            vips = ", ".join(f"{code(p)} {p['name']} of {_ctrl(p['controller'])}" for p in role["vip"]) or "gone"
            out.append(f"VIP: a player whose VIP leaves the board loses ({vips}) (MUHQ-WIN-3)")
        elif kind == "resource_race":
            out.append(f"resource race: {v.get('target')} resource wins; a unit dealing combat damage to an enemy "
                       f"unit steals {v.get('combat_steal', 1)} (MUHQ-WIN-4)")
        elif kind == "capture_points":
            areas = ", ".join(f"{a} {pts}" for a, pts in view["board"].get("areas", {}).items())
            out.append(f"capture points: {v.get('target')} VP win; each upkeep you score the areas where you have "
                       f"the most units ({areas}) (MUHQ-WIN-5)")
        elif kind == "destroy_buildings":
            blds = ", ".join(f"{code(p)} of {_ctrl(p['controller'])}" for p in role["building"]) or "none left"
            out.append(f"buildings: a player whose buildings have all left the board loses ({blds}) (MUHQ-WIN-6)")
        elif kind == "victory_item":
            item = role["victory_item"]
            where = (f"{code(item[0])} {item[0]['name']}" if item else "the victory item")
            out.append(f"victory item: a player whose unit has {where} equipped at the start of their upkeep wins "
                       f"(MUHQ-WIN-7)")
        else:
            out.append(kind)
    if not out:
        out.append("no victory condition on this board")
    if view.get("max_turns"):
        out.append(f"a draw after turn {view['max_turns']} (MUHQ-WIN-10)")
    return out


# -- players ---------------------------------------------------------------------------------------------
def player_lines(view: dict, pl: dict, seat_names: list[str]) -> list[Text]:
    seat = pl["seat"]
    head = Text()
    head.append(who(seat, view, seat_names), style=seat_style(seat) + (" reverse" if seat == view["to_act"] else ""))
    bits = [f"resource {pl['resource']}", f"VP {pl['vp']}", f"hand {pl['hand_count']}", f"deck {pl['deck']}"]
    if view["phase"] != "draft":
        bits += [f"discard {len(pl['discard'])}", f"store {len(pl['store'])}"]
    if seat == view.get("active") and view["phase"] != "draft":
        bits.append("active player")
    if pl.get("bought"):
        bits.append("bought a card this turn")
    if not pl["alive"]:
        bits.append("ELIMINATED")
    if view.get("winners") and seat in view["winners"]:
        bits.append("WINNER")
    head.append(" · " + " · ".join(bits))
    out = [head]
    if view["phase"] == "draft":
        drafted = pl.get("drafted")
        if isinstance(drafted, list):
            text = ", ".join(f"{c['name']} (buy {card_info(view, c).get('buy', '–')})" for c in drafted) or "none yet"
            out.append(Text(f"   your picks ({len(drafted)}): {text}"))
        elif drafted is not None:
            out.append(Text(f"   has picked {drafted} card{'s' if drafted != 1 else ''} (hidden until the draft ends)",
                            style="dim"))
    if pl["store"]:
        store = sorted(pl["store"], key=lambda c: (card_info(view, c).get("buy") or 0, c["name"], c["id"]))
        line = Text(f"   store ({len(store)}, with buy costs): ")
        for i, c in enumerate(store):
            if i:
                line.append(", ")
            line.append(c["name"])
            line.append(f" {card_info(view, c).get('buy', '–')}", style="green")
        out.append(line)
    elif view["phase"] != "draft":
        out.append(Text("   store: empty", style="dim"))
    if view["phase"] != "draft":
        out.append(Text(f"   discard pile: {_grouped(pl['discard']) or 'empty'}", style="" if pl["discard"] else "dim"))
    if pl["pending"]:
        out.append(Text(f"   pending equipment (to the next unit): {_grouped(pl['pending'])}"))
    return out


# -- stack, triggers, drops, prompt ----------------------------------------------------------------------------
def stack_lines(view: dict) -> list[Text]:
    if not view["stack"]:
        return []
    by_id = {p["id"]: p for p in view["permanents"]}
    out = [Text("Action stack (resolves top first; top is last):", style="bold")]
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
            line.append("  ← top", style="bold")
        out.append(line)
    return out


def waiting_lines(view: dict) -> list[Text]:
    out = []
    if view.get("triggers"):
        out.append(Text("Triggered actions to declare: " + ", ".join(
            f"{t['card']} ({_ctrl(t['controller'])})" for t in view["triggers"]), style="magenta"))
    if view.get("mode") == "upkeep" and view.get("upkeep_todo"):
        by_id = {p["id"]: p for p in view["permanents"]}
        units = [by_id[u] for u in view["upkeep_todo"] if u in by_id]
        out.append(Text("Upkeep still to pay: " + ", ".join(
            f"{code(u)} {u['name']} ({(view.get('cards') or {}).get(u['card'], {}).get('upkeep', '?')})" for u in units),
            style="magenta"))
    drop = view.get("drop")
    if drop:
        out.append(Text(f"A pile is dropped around {_xy(drop['field'])}: {_ctrl(drop['controller'])} places "
                        f"{', '.join('#' + str(m) for m in drop['members'])} (MUHQ-PILE-4)", style="magenta"))
    return out


def header(view: dict) -> str:
    b = view["board"]
    if view["mode"] == "over":
        winners = view.get("winners") or []
        return (f"muhq's game · {b['name']} · turn {view['turn']} · game over · "
                + (f"won by {' and '.join(f'P{w}' for w in winners)}" if winners else "a draw"))
    if view["phase"] == "draft":
        state = "your pick" if view["to_act"] == view.get("viewer") else f"P{view['to_act']} picks"
        return f"muhq's game · {b['name']} · draft · {state}"
    turn = f"turn {view['turn']}" + (f" of {view['max_turns']}" if view.get("max_turns") else "")
    phase = PHASE_WORDS.get(view["phase"], view["phase"])
    state = "your move" if view["to_act"] == view.get("viewer") else f"P{view['to_act']} to act"
    return f"muhq's game · {b['name']} · {turn} · P{view['active']}'s turn · {phase} · {state}"


def result_words(view: dict) -> str:
    winners = view.get("winners")
    if winners is None:
        return ""
    if not winners:
        if view.get("max_turns") and view["turn"] >= view["max_turns"]:
            return "a draw: the turn limit was reached (MUHQ-WIN-10)"
        return "a draw (MUHQ-WIN-9)"
    who_won = " and ".join(f"P{w}" for w in winners)
    return f"{'won by' if len(winners) == 1 else 'a shared win of'} {who_won}: {win_reason(view)}"


def win_reason(view: dict) -> str:
    """Why the winners won, with the rule: the view names them, the position tells why."""
    kinds = {v["kind"]: v for v in view["victory"]}
    winners = view["winners"]
    losers = [p for p in view["players"] if p["seat"] not in winners]
    if losers and all(not p["alive"] for p in losers):
        if "vip" in kinds:
            return "every other player lost their VIP (MUHQ-WIN-3, MUHQ-WIN-8)"
        if "destroy_buildings" in kinds:
            return "every other player lost all their buildings (MUHQ-WIN-6, MUHQ-WIN-8)"
        return "every other player was eliminated (MUHQ-WIN-8)"
    won = [p for p in view["players"] if p["seat"] in winners]
    if "capture_points" in kinds and all(p["vp"] >= kinds["capture_points"]["target"] for p in won):
        return f"{kinds['capture_points']['target']} VP reached (MUHQ-WIN-5)"
    if "resource_race" in kinds and all(p["resource"] >= kinds["resource_race"]["target"] for p in won):
        return f"{kinds['resource_race']['target']} resource reached (MUHQ-WIN-4)"
    if "victory_item" in kinds:
        return "the victory item was held (MUHQ-WIN-7)"
    return "a victory condition was met (MUHQ-WIN-1)"


def result_line(view: dict, seat_names: list[str]) -> str:
    return f"The game is over: {result_words(view)}."


def log_line(view: dict, entry: dict) -> str:
    """A log entry in words: who declared an action (it goes on the stack), what resolved, what happened."""
    p = entry.get("player")
    prefix = f"P{p} " if isinstance(p, int) and p >= 0 else ""
    if entry.get("kind") == "declare":
        return f"{prefix}declares: {entry['text']}"
    if entry.get("kind") == "resolve":
        return f"resolves: {entry['text']}"
    return f"{prefix}{entry['text']}"


# -- the whole table -------------------------------------------------------------------------------------------
def _drawn_before(view: dict) -> bool:
    """In the draft, has the viewer been shown the board already (at their first pick)?"""
    me = view.get("viewer")
    if view["phase"] != "draft" or me is None:
        return False
    drafted = view["players"][me].get("drafted")
    return isinstance(drafted, list) and len(drafted) > 0


def render(console: Console, game, view: dict, seat_names: list[str]) -> None:
    me = view.get("viewer")
    if me is None:  # the view does not name its viewer: the player whose hand is in it
        me = next((p["seat"] for p in view["players"] if p.get("hand") is not None), None)
    view = {**view, "viewer": me}
    title_rule(console, header(view))  # the board's name comes from its file: plain text
    b = view["board"]
    income = f"income {b['income']['base']} per upkeep" + (
        f" + {b['income']['per_unit']} per unit" if b["income"].get("per_unit") else "")
    console.print(Text(f"{b['name']} ({b['width']} × {b['height']}) · {income} · hand size {b['hand_size']}"))
    for condition in victory_lines(view):
        console.print(Text(f"Victory: {condition}", style="bold"))
    if _drawn_before(view):
        # nothing moves on the board while the cards are drafted: a grid redrawn at each of some thirty picks
        # would push the pack off the screen
        console.print(Text("The board is as drawn at your first pick: nothing moves on it until the draft ends.",
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
        console.print(Text("On the board:", style="bold"))
        for line in permanent_lines(view):
            print_hanging(console, line)
    order = [p for p in view["players"] if p["seat"] != me] + [p for p in view["players"] if p["seat"] == me]
    for pl in order:
        for line in player_lines(view, pl, seat_names):
            print_hanging(console, line)
    for line in stack_lines(view) + waiting_lines(view):
        print_hanging(console, line)
    if view["mode"] == "over":
        console.print(Text(result_line(view, seat_names), style="bold green"))
    else:
        to_act = view["to_act"]
        line = Text("Decision for ", style="bold yellow")
        line.append(who(to_act, view, seat_names), style="bold yellow")
        line.append(f": {view['prompt']}")
        if view.get("activation") is not None:
            act = next((p for p in view["permanents"] if p["id"] == view["activation"]), None)
            if act is not None:
                line.append(f" (activated: {code(act)} {act['name']}" + (", run by its AI" if view.get("ai") else "") + ")")
        console.print(line)
    if me is not None and view["phase"] == "draft" and view.get("pack") is not None:
        pack = view["pack"]
        console.print(Text(f"The pack you hold ({len(pack)} card{'s' if len(pack) != 1 else ''}):", style="bold"))
        for card in sorted(pack, key=lambda c: (c["name"], c["id"])):
            for line in card_line(view, card):
                print_hanging(console, line)
    if me is not None:
        mine = view["players"][me]
        if mine.get("hand") is not None and view["phase"] != "draft":
            hand = mine["hand"]
            console.print(Text(f"Your hand ({len(hand)}, refilled to {b['hand_size']} each turn):", style="bold"))
            if not hand:
                console.print(Text("  empty", style="dim"))
            for card in sorted(hand, key=lambda c: (c["type"], c["name"], c["id"])):
                for line in card_line(view, card, buy=False):
                    print_hanging(console, line)
    log = view.get("log") or []
    if log:
        size = view.get("log_size", len(log))
        console.print(Text(f"Log (last {min(LOG_LINES, len(log))} of {size}):", style="bold"))
        for entry in log[-LOG_LINES:]:
            print_hanging(console, Text(f"  {log_line(view, entry)}", style="dim"))


def events(game, before: dict, after: dict, actor: int, seat_names: list[str]) -> list[str]:
    """The new public log lines (spectator views: nothing private slips in), a new turn, the draft's end and
    the end of the game."""
    lines = []
    if before["phase"] == "draft" and after["phase"] != "draft":
        lines.append("The draft is over: every store is public now (MUHQ-DRAFT-7).")
    new = after.get("log_size", 0) - before.get("log_size", 0)
    if new > 0:
        lines += [f"  · {log_line(after, e)}" for e in (after.get("log") or [])[-new:]]
    if after["turn"] != before["turn"] and after["phase"] != "draft" and after["mode"] != "over":
        lines.append(f"— turn {after['turn']}: P{after['active']}'s turn —")
    if after.get("winners") is not None and before.get("winners") is None:
        lines.append(result_line({**after, "viewer": None}, seat_names))
    return lines
