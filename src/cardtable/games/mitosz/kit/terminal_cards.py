"""Mítosz in the terminal: the cards as the table names them (the catalogue in the reader's language, equal
names told apart by id, levels, flags and attachments) and a card in hand with its texts."""

from __future__ import annotations

import weakref
from typing import TYPE_CHECKING, Any

from rich.text import Text

from cardtable.engine.i18n import N_, Translator, current_language, language

from .terminal_words import _subtype, _type, road_mark

if TYPE_CHECKING:
    from cardtable.engine import Game

_ = Translator("mitosz-ui")
_n = _.plural

#: per game object: its cards by language, and ("links", language): English name -> the name in that language
_CATALOGUES: weakref.WeakKeyDictionary[Game, dict[str | tuple[str, str], dict[str, Any]]] = weakref.WeakKeyDictionary()


def catalogue(game: Game) -> dict[str, Any]:
    """The game's card definitions by definition id, made once per game object and language (its names and
    texts are in the reader's language)."""
    lang = current_language()
    try:
        return _CATALOGUES[game][lang]
    except (KeyError, TypeError):
        pass
    cards: dict[str, Any] = game.catalogue().get("cards", {})
    try:
        _CATALOGUES.setdefault(game, {})[lang] = cards
    except TypeError:
        pass
    return cards


def link_names(game: Game) -> dict[str, str]:
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


def _who(seat: int | None, view: dict[str, Any], seat_names: list[str]) -> str:
    if seat is None:
        return "?"
    me = view.get("viewer")
    name = seat_names[seat] if seat < len(seat_names) else _("seat {seat}", seat=seat)
    if seat == me:
        return _("P{seat} ({name}, you)", seat=seat, name=name)
    return _("P{seat} ({name})", seat=seat, name=name)


class Names(dict[str, set[int]]):
    """Card name -> the instance ids in view that bear it (to tell equal cards apart); ``pp``: the power
    points of each card definition (from the catalogue)."""

    pp: dict[str, int] = {}


def _names_seen(view: dict[str, Any], game: Game | None = None) -> Names:
    """Every card name in the view with the instance ids that bear it (to tell equal cards apart)."""
    seen = Names()
    if game is not None:
        seen.pp = {k: c.get("power_points") or 0 for k, c in catalogue(game).items()}

    def add(card: dict[str, Any] | None) -> None:
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


def card_name(card: dict[str, Any], dup: dict[str, set[int]] | None = None) -> Text:
    """The card's name, with '#id' when another card of the same name is in view."""
    text = Text(card["name"], style="bold" if card.get("type") in ("leader", "high_god", "nation") else "")
    if dup and len(dup.get(card["name"], ())) > 1 and card.get("id") is not None:  # (a stack entry whose card
        # went back to a hand or deck names no copy)
        text.append(f" #{card['id']}", style="dim")
    return text


def _flags(card: dict[str, Any]) -> list[str]:
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


def _tokens_short(flag: str, card: dict[str, Any]) -> str:
    """A flag as a nation cell shows it: a token count without the word 'token(s)'."""
    for kind, n in (card.get("tokens") or {}).items():
        if flag == _n("{n} {kind} token", "{n} {kind} tokens", n, kind=kind):
            return f"{n} {kind}"
    return flag


def board_card(card: dict[str, Any], dup: Names | None = None, level: bool = True) -> Text:
    """'Lysa Brightspear L3 (rotated) [+ Sunsteel Blade L2]'."""
    text = card_name(card, dup)
    if level and card.get("level") is not None:
        text.append(" " + _("L{level}", level=card["level"]), style="cyan")
    if dup is not None and dup.pp.get(card.get("card")):  # type: ignore[arg-type]  # no definition: None, no points
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


def _cards(cards: list[dict[str, Any]], dup: Names | None = None, empty: str | None = None) -> Text:
    if not cards:
        return Text(empty if empty is not None else _("none"), style="dim")
    return Text(", ").join(board_card(c, dup) for c in cards)


def hand_card(game: Game, card: dict[str, Any], dup: Names | None = None) -> list[Text]:
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
