"""muhq's game in the terminal: the board's victory conditions, and the end of the game (who won and why,
with the rule)."""

from __future__ import annotations

from typing import Any

from cardtable.engine.i18n import Translator

from .terminal_words import _ctrl, code

_ = Translator("muhq-ui")


# -- victory -----------------------------------------------------------------------------------------------
def victory_lines(view: dict[str, Any]) -> list[str]:
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


def _and(names: list[str]) -> str:
    """'P0 and P1' (and 'P0, P1 and P2') in the reader's language."""
    if len(names) < 2:
        return "".join(names)
    return _("{names} and {last}", names=", ".join(names[:-1]), last=names[-1])


def result_words(view: dict[str, Any]) -> str:
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


def win_reason(view: dict[str, Any]) -> str:
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


def result_line(view: dict[str, Any], seat_names: list[str]) -> str:
    return _("The game is over: {result}.", result=result_words(view))
