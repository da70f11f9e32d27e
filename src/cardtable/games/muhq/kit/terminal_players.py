"""muhq's game in the terminal: the cards (type, costs, stats, text) and each player's line with their store,
discard pile, draft picks and pending equipment."""

from __future__ import annotations

from typing import Any

from rich.text import Text

from cardtable.engine.i18n import Translator

from .terminal_words import _attack, seat_style, type_word, who

_ = Translator("muhq-ui")
_n = _.plural


# -- cards ------------------------------------------------------------------------------------------------
def card_info(view: dict[str, Any], card: dict[str, Any]) -> dict[str, Any]:
    info: dict[str, Any] = (view.get("cards") or {}).get(card["card"], {"name": card["name"],
                                                               "type": card.get("type")})
    return info


def cost_words(info: dict[str, Any], buy: bool = True) -> list[str]:
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


def stat_words(info: dict[str, Any]) -> list[str]:
    out = []
    if info.get("type") == "unit":
        out += [_("life {n}", n=info.get("life", 0)), _("move {n}", n=info.get("movement", 0)),
                _("attack {attack}", attack=_attack(info.get("attack")))]
    if info.get("solid") is not None:
        out.append(_("solid {n}", n=info["solid"]))
    if info.get("durability"):
        out.append(_("durability {n}", n=info["durability"]))
    return out


def card_line(view: dict[str, Any], card: dict[str, Any], indent: str = "  ", with_text: bool = True,
              buy: bool = True) -> list[Text]:
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


def _grouped(cards: list[dict[str, Any]]) -> str:
    counts: dict[str, int] = {}
    for c in cards:
        counts[c["name"]] = counts.get(c["name"], 0) + 1
    return ", ".join(f"{n}×{k}" if k > 1 else n for n, k in counts.items())

# -- players ---------------------------------------------------------------------------------------------
def player_lines(view: dict[str, Any], pl: dict[str, Any], seat_names: list[str]) -> list[Text]:
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
