"""Card text for people, written from the card's data (the data is the rules; this is its reading).

``maneuver_text`` reads a maneuver back in the rulebook's order: timing, markers, cost, conditions,
then what it does. The web table, the terminal and the catalogue all show this text.
"""

from __future__ import annotations

from .cards import SPHERE_LETTER, call_parts, cost_label

TIMING = {"action": "Action", "reaction": "Reaction", "rite": "Rite", "battle": "Battle"}
VERBS = {
    "draw": "draw {n}", "discard": "discard {n}", "mill": "put {n} from the deck into the afterworld",
    "destroy": "destroy {target}", "sacrifice": "sacrifice {target}", "return_to_hand": "return {target} to hand",
    "search_deck": "search the deck for {filter}", "recover": "recover {target}{filter}",
    "exile": "exile {target}", "put_on_deck": "put {target} on the deck", "shuffle_deck": "shuffle the deck",
    "look_top": "look at the top {n} card(s)", "rotate": "rotate {target}", "unrotate": "unrotate {target}",
    "gain_spheres": "gain sphere points", "lose_spheres": "lose sphere points", "steal_spheres": "steal {n} sphere point(s)",
    "modify_level": "{target} {delta} level", "modify_road": "roads of {nation} {delta}",
    "close_road": "close a road of {nation}", "open_road": "open a road of {nation}",
    "modify_army": "army {delta}", "neutralize": "neutralize {target}",
    "neutralize_ability": "neutralize the ability of {target}", "steal": "steal {target}",
    "add_token": "put a {kind} token on {target}", "remove_token": "remove a {kind} token from {target}",
    "grant_immunity": "{target} immune to {against}", "restrict": "{target}: {what}",
    "produce_spheres": "produces sphere points at refill", "volley": "arrow volley {mod:+d}",
    "fear": "fear {mod:+d}", "poison": "poison {mod:+d}", "extra_draw": "draw {n} more in the draw phase",
    "modify_hand_size": "hand size {delta}", "grant_subtype": "{target} becomes {subtype}",
    "attach": "attach {card} to {host}", "set_card_type": "{target} becomes a {card_type}",
    "play_card": "play a card from the {from_}", "modify_cost": "{applies_to} costs change",
    "grant_fate_use": "{n} more fate use(s) a turn", "modify_capacity": "capacity of {row_leader}'s row {delta}",
}


def _target(t) -> str:
    if t is None:
        return ""
    if isinstance(t, str):
        return {"$t1": "the target", "$t2": "the second target", "$self": "this card", "$user": "the user",
                "$host": "its card", "$bearer": "this card", "$peeked": "the peeked card",
                "$revealed": "the revealed card"}.get(t, t)
    f = t.filter
    what = "cards"
    if f is not None:
        what = "/".join(f.card_type) if f.card_type else "cards"
        if f.subtypes_any:
            what = "/".join(f.subtypes_any) + " " + what
        if f.controller == "enemy":
            what = "enemy " + what
        elif f.controller == "self":
            what = "own " + what
        if f.zone == "stack":
            what += " on the stack"
        elif f.zone and f.zone != "board":
            what += f" in the {f.zone}"
    return ("every " if t.select == "all" else "a ") + what


def call_text(call) -> str:
    name, p = call_parts(call)
    if name == "choose_one":
        return "choose: " + " / ".join("; ".join(call_text(c) for c in option) for option in p.options)
    if name == "if":
        return "if …: " + "; ".join(call_text(c) for c in p.then)
    template = VERBS.get(name, name.replace("_", " "))
    values = {}
    for key in ("n", "delta", "mod", "kind", "what", "subtype", "card_type", "from_", "applies_to"):
        if hasattr(p, key):
            v = getattr(p, key)
            values[key] = (f"{v:+d}" if key == "delta" and isinstance(v, int) else v) if v is not None else ""
    for key in ("target", "nation", "card", "host", "row_leader"):
        if hasattr(p, key):
            values[key] = _target(getattr(p, key))
    values["filter"] = _target(type("S", (), {"filter": getattr(p, "filter", None), "select": "chosen"})) \
        if getattr(p, "filter", None) is not None else ""
    if hasattr(p, "against"):
        values["against"] = ", ".join(p.against)
    try:
        return template.format(**values)
    except (KeyError, ValueError):
        return name.replace("_", " ")


def maneuver_text(m, card=None) -> str:
    head = [TIMING[t] for t in m.timing]
    if m.speed != "normal":
        head.append(m.speed.title())
    if m.permanent is True:
        head.append("Permanent")
    elif m.permanent:
        head.append(f"Permanent {m.permanent.uses_per_turn}/turn")
    cost = (m.cost.magic, m.cost.influence, m.cost.wealth, m.cost.force)
    if any(cost):
        head.append(cost_label(cost))
    if m.per is not None and m.per.pay is not None:
        pay = m.per.pay
        head.append("per " + cost_label((pay.magic, pay.influence, pay.wealth, pay.force)))
    for c in m.conditions:
        kind = type(c).__name__
        if kind == "SacrificeUser":
            head.append("Sacrifice")
        elif kind in ("RevealCondition", "PeekCondition"):
            look = c.reveal if kind == "RevealCondition" else c.peek
            word = "Reveal" if kind == "RevealCondition" else "Peek"
            head.append(f"{word} {look.number}" if look.number is not None else word)
    if m.steps:
        body = " / ".join(f"step {i + 1} ({cost_label((s.cost.magic, s.cost.influence, s.cost.wealth, s.cost.force))}):"
                          f" " + "; ".join(call_text(c) for c in s.effect) for i, s in enumerate(m.steps))
    elif m.static:
        body = "; ".join(call_text(c) for c in m.static)
    else:
        body = "; ".join(call_text(c) for c in m.effect)
    level = m.level if m.level is not None else (card.level if card is not None and card.card_type == "free_maneuver" else None)
    if level is not None:
        body = (body + "; " if body else "") + f"the user gets {level:+d}"
    return (", ".join(head) + ": " if head else "") + (body or "—")


def card_text(d) -> list[str]:
    """Every maneuver of the card (spec 2.8.a), and the implicit ones of the rules (OP-16)."""
    out = [maneuver_text(m, d) for m in (d.options or d.maneuvers)]
    if d.options:
        out = ["choose one: " + " | ".join(out)]
    if d.implicit_sacrifice:
        out.append("Permanent: sacrifice this card" + (" (the potion's level goes to its leader)"
                                                       if "potion" in d.subtypes else ""))
    return out


__all__ = ["maneuver_text", "card_text", "call_text", "SPHERE_LETTER"]
