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

from cardtable.engine.i18n import N_, Translator
from cardtable.engine.terminal import print_hanging, title_rule

_ = Translator("muhq-ui")
_n = _.plural

#: How the terminal's own lines name a seat: as the board and the log do.
SEAT_LABEL = "P{}"

SEAT_STYLE = ("bold cyan", "bold red", "bold green", "bold yellow", "bold magenta", "bold blue")  # i18n: no
NEUTRAL_STYLE = "bold white"  # i18n: no
TERRAIN = {"normal": "", "deep_water": "~", "high_ground": "^", "wall": "#"}
TERRAIN_STYLE = {"deep_water": "blue", "high_ground": "yellow", "wall": "grey50", "normal": ""}
TERRAIN_WORDS = {"normal": N_("normal"), "deep_water": N_("deep water"), "high_ground": N_("high ground"),
                 "wall": N_("wall")}
TYPE_LETTER = {"unit": "U", "artifact": "A", "equipment": "E"}
#: a card's or permanent's type as a reader says it
TYPE_WORDS = {"unit": N_("unit"), "artifact": N_("artifact"), "equipment": N_("equipment"), "spell": N_("spell")}
PHASE_WORDS = {"draft": N_("draft"), "start": N_("start phase"), "upkeep": N_("upkeep"),
               "action": N_("action phase"), "buy": N_("buy phase"), "end": N_("end phase")}
MARKER_WORDS = {"paralysis": N_("paralysis"), "poison": N_("poison"), "panic": N_("panic"), "rage": N_("rage"),
                "protection": N_("protection")}
ROLE_WORDS = {"vip": N_("VIP"), "building": N_("building"), "victory_item": N_("victory item")}
#: the values an effect changes until the end of the turn (spec 7.6, ``Modify``)
MODIFY_WORDS = {"attack": N_("attack"), "range": N_("range"), "movement": N_("movement"), "armor": N_("armor"),
                "life": N_("life")}
CELL = 7  # inner width of a field on the full-size board
LOG_LINES = 8


def seat_style(seat: int | None) -> str:
    if seat is None or seat < 0:
        return NEUTRAL_STYLE
    return SEAT_STYLE[seat % len(SEAT_STYLE)]


def _word(table: dict[str, str], key) -> str:
    """A key's word from one of the tables above in the reader's language (an unknown key as it is)."""
    return _(table[key]) if key in table else str(key)


def type_word(kind) -> str:
    return _word(TYPE_WORDS, kind) if kind else _("card")


def who(seat: int | None, view: dict, seat_names: list[str] | None = None) -> str:
    if seat is None or seat < 0:
        return _("neutral")
    me = view.get("viewer")
    if seat_names is None:
        return _("P{seat} (you)", seat=seat) if seat == me else f"P{seat}"
    name = seat_names[seat] if seat < len(seat_names) else _("seat {seat}", seat=seat)
    if seat == me:
        return _("P{seat} ({name}, you)", seat=seat, name=name)
    return f"P{seat} ({name})"


def _ctrl(seat: int | None) -> str:
    return "N" if seat is None or seat < 0 else f"P{seat}"


def _xy(field) -> str:
    return f"({field[0]}, {field[1]})"


def _attack(attack) -> str:
    """'2@R1 + 1@R3': the attack components (value at range)."""
    return " + ".join(f"{v}@R{r}" for v, r in attack) if attack else _("none")


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
        out.append(_("buy {n}", n=info["buy"]))
    if info.get("play") is not None:
        out.append(_("play {n}", n=info["play"]))
    elif info.get("type") and not info.get("token"):
        out.append(_("cannot be played"))
    if info.get("type") == "unit":
        out.append(_("upkeep {n}", n=info.get("upkeep", 0)))
    return out


def stat_words(info: dict) -> list[str]:
    out = []
    if info.get("type") == "unit":
        out += [_("life {n}", n=info.get("life", 0)), _("move {n}", n=info.get("movement", 0)),
                _("attack {attack}", attack=_attack(info.get("attack")))]
    if info.get("solid") is not None:
        out.append(_("solid {n}", n=info["solid"]))
    if info.get("durability"):
        out.append(_("durability {n}", n=info["durability"]))
    return out


def card_line(view: dict, card: dict, indent: str = "  ", with_text: bool = True, buy: bool = True) -> list[Text]:
    """'Pikeman #14 — unit · buy 3 · play 0 · upkeep 1 · life 2 · move 2 · attack 2@R1', then its text."""
    info = card_info(view, card)
    line = Text(indent)
    line.append(f"{card['name']} #{card['id']}", style="bold")
    parts = [type_word(info.get("type") or card.get("type"))] + cost_words(info, buy) + stat_words(info)
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
        parts.append(_("~ deep water (swimming only)"))
    if "high_ground" in kinds:
        parts.append(_("^^ high ground (+1 range for ranged)"))
    if "wall" in kinds:
        parts.append(_("# wall"))
    parts.append(_("S0 spawn of P0"))
    if any(f.get("income") for f in b["fields"]):
        parts.append(_("$1 income"))
    if b.get("areas"):
        areas = ", ".join(_("{short} = {area} ({n} VP)", short=a[:3], area=a, n=p) for a, p in b["areas"].items())
        parts.append(_("area: {areas}", areas=areas))
    parts.append(_("U/A/E unit/artifact/equipment + id, controller; + pile, ' tapped, ! activated"))
    return Text("   " + " · ".join(parts), style="dim")


# -- permanents in words -------------------------------------------------------------------------------------
def perm_words(view: dict, p: dict, in_pile: bool = False) -> Text:
    by_id = {q["id"]: q for q in view["permanents"]}
    line = Text()
    line.append(code(p), style=seat_style(p["controller"]))
    line.append(f" {p['name']}", style="bold")
    parts = [type_word(p["type"])]
    if p["controller"] == p["owner"]:
        parts.append(f"{_ctrl(p['controller'])}" if p["controller"] >= 0 else _("neutral"))
    else:
        parts.append(_("controlled by {controller}, owned by {owner}", controller=_ctrl(p["controller"]),
                       owner=_ctrl(p["owner"])))
    if in_pile:
        parts.append(_("equipped") if p["type"] == "equipment" else _("crew"))
    elif p.get("field") is not None:
        parts.append(_("at {field}", field=_xy(p["field"])))
    if p.get("role"):
        parts.append(_word(ROLE_WORDS, p["role"]))
    if p["type"] == "unit":
        parts.append(_("damage {damage} of life {life}", damage=p.get("damage", 0), life=p.get("life", 0)))
        parts.append(_("move {n}", n=p.get("movement", 0)))
        parts.append(_("attack {attack}", attack=_attack(p.get("attack"))))
        if p.get("armor"):
            parts.append(_("armor {n}", n=p["armor"]))
        info = (view.get("cards") or {}).get(p["card"], {})
        if info.get("upkeep"):
            parts.append(_("upkeep {n}", n=info["upkeep"]))
    elif p.get("solid") is not None:
        parts.append(_("solid: damage {damage} of {solid}", damage=p.get("damage", 0), solid=p["solid"]))
    if p["type"] == "equipment" and p.get("durability") is not None:
        parts.append(_("durability {n}", n=p["durability"]))
    if p.get("crew"):
        crew = sum(1 for m in p.get("pile", []) if by_id.get(m, {}).get("type") == "unit")
        parts.append(_("crew {crew}/{places}", crew=crew, places=p["crew"]))
    for key, word in (("swimming", N_("swimming")), ("veiled", N_("veiled")), ("landmark", N_("landmark"))):
        if p.get(key):
            parts.append(_(word))
    for m, n in (p.get("markers") or {}).items():
        parts.append(_("{n} {marker}", n=n, marker=_word(MARKER_WORDS, m)))
    for mod in p.get("until_end_of_turn") or ():
        changes = ", ".join(f"{_word(MODIFY_WORDS, k)} {v:+d}" if isinstance(v, int)
                            else f"{_word(MODIFY_WORDS, k)} {v}" for k, v in mod.items())
        parts.append(_("until end of turn {changes}", changes=changes))
    line.append(" · " + " · ".join(parts))
    state = []
    if p["id"] == view.get("activation"):
        state.append(_("ACTIVATED"))
    if p.get("tapped"):
        state.append(_("tapped"))
    if p["type"] == "unit":
        used = (p.get("move_used"), p.get("attack_used"))
        if all(used):
            state.append(_("move and attack used"))
        elif used[0]:
            state.append(_("move used"))
        elif used[1]:
            state.append(_("attack used"))
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
            vips = ", ".join(_("{code} {name} of {seat}", code=code(p), name=p["name"], seat=_ctrl(p["controller"]))
                             for p in role["vip"]) or _("gone")
            out.append(_("VIP: a player whose VIP leaves the board loses ({vips})", vips=vips) + " (MUHQ-WIN-3)")
        elif kind == "resource_race":
            out.append(_("resource race: {target} resource wins; a unit dealing combat damage to an enemy unit "
                         "steals {steal}", target=v.get("target"), steal=v.get("combat_steal", 1)) + " (MUHQ-WIN-4)")
        elif kind == "capture_points":
            areas = ", ".join(f"{a} {pts}" for a, pts in view["board"].get("areas", {}).items())
            out.append(_("capture points: {target} VP win; each upkeep you score the areas where you have the most "
                         "units ({areas})", target=v.get("target"), areas=areas) + " (MUHQ-WIN-5)")
        elif kind == "destroy_buildings":
            blds = ", ".join(_("{code} of {seat}", code=code(p), seat=_ctrl(p["controller"]))
                             for p in role["building"]) or _("none left")
            out.append(_("buildings: a player whose buildings have all left the board loses ({buildings})",
                         buildings=blds) + " (MUHQ-WIN-6)")
        elif kind == "victory_item":
            item = role["victory_item"]
            where = (f"{code(item[0])} {item[0]['name']}" if item else _("the victory item"))
            out.append(_("victory item: a player whose unit has {item} equipped at the start of their upkeep wins",
                         item=where) + " (MUHQ-WIN-7)")
        else:
            out.append(kind)
    if not out:
        out.append(_("no victory condition on this board"))
    if view.get("max_turns"):
        out.append(_("a draw after turn {turn}", turn=view["max_turns"]) + " (MUHQ-WIN-10)")
    return out


# -- players ---------------------------------------------------------------------------------------------
def player_lines(view: dict, pl: dict, seat_names: list[str]) -> list[Text]:
    seat = pl["seat"]
    head = Text()
    head.append(who(seat, view, seat_names), style=seat_style(seat) + (" reverse" if seat == view["to_act"] else ""))
    bits = [_("resource {n}", n=pl["resource"]), _("VP {n}", n=pl["vp"]), _("hand {n}", n=pl["hand_count"]),
            _("deck {n}", n=pl["deck"])]
    if view["phase"] != "draft":
        bits += [_("discard {n}", n=len(pl["discard"])), _("store {n}", n=len(pl["store"]))]
    if seat == view.get("active") and view["phase"] != "draft":
        bits.append(_("active player"))
    if pl.get("bought"):
        bits.append(_("bought a card this turn"))
    if not pl["alive"]:
        bits.append(_("ELIMINATED"))
    if view.get("winners") and seat in view["winners"]:
        bits.append(_("WINNER"))
    head.append(" · " + " · ".join(bits))
    out = [head]
    if view["phase"] == "draft":
        drafted = pl.get("drafted")
        if isinstance(drafted, list):
            text = ", ".join(_("{name} (buy {n})", name=c["name"], n=card_info(view, c).get("buy", "–"))
                             for c in drafted) or _("none yet")
            out.append(Text("   " + _("your picks ({n}): {cards}", n=len(drafted), cards=text)))
        elif drafted is not None:
            out.append(Text("   " + _n("has picked {n} card (hidden until the draft ends)",
                                       "has picked {n} cards (hidden until the draft ends)", drafted), style="dim"))
    if pl["store"]:
        store = sorted(pl["store"], key=lambda c: (card_info(view, c).get("buy") or 0, c["name"], c["id"]))
        line = Text("   " + _("store ({n}, with buy costs): ", n=len(store)))
        for i, c in enumerate(store):
            if i:
                line.append(", ")
            line.append(c["name"])
            line.append(f" {card_info(view, c).get('buy', '–')}", style="green")
        out.append(line)
    elif view["phase"] != "draft":
        out.append(Text("   " + _("store: empty"), style="dim"))
    if view["phase"] != "draft":
        out.append(Text("   " + _("discard pile: {cards}", cards=_grouped(pl["discard"]) or _("empty")),
                        style="" if pl["discard"] else "dim"))
    if pl["pending"]:
        out.append(Text("   " + _("pending equipment (to the next unit): {cards}", cards=_grouped(pl["pending"]))))
    return out


# -- stack, triggers, drops, prompt ----------------------------------------------------------------------------
def stack_lines(view: dict) -> list[Text]:
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


def waiting_lines(view: dict) -> list[Text]:
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


def header(view: dict) -> str:
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


def _and(names: list[str]) -> str:
    """'P0 and P1' (and 'P0, P1 and P2') in the reader's language."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def result_words(view: dict) -> str:
    winners = view.get("winners")
    if winners is None:
        return ""
    if not winners:
        if view.get("max_turns") and view["turn"] >= view["max_turns"]:
            return _("a draw: the turn limit was reached") + " (MUHQ-WIN-10)"
        return _("a draw") + " (MUHQ-WIN-9)"
    who_won = _and([f"P{w}" for w in winners])
    if len(winners) == 1:
        return _("won by {seats}: {reason}", seats=who_won, reason=win_reason(view))
    return _("a shared win of {seats}: {reason}", seats=who_won, reason=win_reason(view))


def win_reason(view: dict) -> str:
    """Why the winners won, with the rule: the view names them, the position tells why."""
    kinds = {v["kind"]: v for v in view["victory"]}
    winners = view["winners"]
    losers = [p for p in view["players"] if p["seat"] not in winners]
    if losers and all(not p["alive"] for p in losers):
        if "vip" in kinds:
            return _("every other player lost their VIP") + " (MUHQ-WIN-3, MUHQ-WIN-8)"
        if "destroy_buildings" in kinds:
            return _("every other player lost all their buildings") + " (MUHQ-WIN-6, MUHQ-WIN-8)"
        return _("every other player was eliminated") + " (MUHQ-WIN-8)"
    won = [p for p in view["players"] if p["seat"] in winners]
    if "capture_points" in kinds and all(p["vp"] >= kinds["capture_points"]["target"] for p in won):
        return _("{n} VP reached", n=kinds["capture_points"]["target"]) + " (MUHQ-WIN-5)"
    if "resource_race" in kinds and all(p["resource"] >= kinds["resource_race"]["target"] for p in won):
        return _("{n} resource reached", n=kinds["resource_race"]["target"]) + " (MUHQ-WIN-4)"
    if "victory_item" in kinds:
        return _("the victory item was held") + " (MUHQ-WIN-7)"
    return _("a victory condition was met") + " (MUHQ-WIN-1)"


def result_line(view: dict, seat_names: list[str]) -> str:
    return _("The game is over: {result}.", result=result_words(view))


def log_line(view: dict, entry: dict) -> str:
    """A log entry in words: who declared an action (it goes on the stack), what resolved, what happened."""
    p = entry.get("player")
    prefix = f"P{p} " if isinstance(p, int) and p >= 0 else ""
    if entry.get("kind") == "declare":
        return prefix + _("declares: {text}", text=entry["text"])
    if entry.get("kind") == "resolve":
        return _("resolves: {text}", text=entry["text"])
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


def events(game, before: dict, after: dict, actor: int, seat_names: list[str]) -> list[str]:
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
