"""The muhq heuristic's decisions outside the action phase, one per mode: the draft pick, the buy, upkeep,
end-of-turn discards, priority, and the forced choices (last activations, triggers, drops, tokens)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_board import distance
from .heuristic_worth import BUY_FLOOR, CURVE, SET_AFTER, SET_BONUS

if TYPE_CHECKING:
    from .heuristic import _Decision, _Legal


def on_draft(self: _Decision) -> _Legal | None:
    picks = self.my.get("drafted") or []
    sets: dict[str, int] = {}
    for c in picks:
        sets[c["card"].split("/")[0]] = sets.get(c["card"].split("/")[0], 0) + 1
    main = max(sets, key=sets.__getitem__) if sets and len(picks) >= SET_AFTER else None
    pack = {c["id"]: c["card"] for c in self.v.get("pack") or []}

    def score(a: _Legal) -> tuple[float, int]:
        cid = pack.get(a.card) or ""
        card = self.bot.cards.get(cid, {})
        s = self.worth(cid) - CURVE * (card.get("buy") or 0)
        if main and cid.startswith(main + "/"):
            s += SET_BONUS
        return (s, -a.card)

    return max(self.of("draft_pick"), key=score, default=None)


def on_buy(self: _Decision) -> _Legal | None:
    store = {c["id"]: c["card"] for c in self.my["store"]}
    best = max(self.of("buy"), key=lambda a: (self.worth(store.get(a.card, "")), -a.card), default=None)
    if best is not None and self.worth(store.get(best.card, "")) >= BUY_FLOOR:
        return best
    return next(iter(self.of("skip_buy")), None)


def on_upkeep(self: _Decision) -> _Legal | None:
    pays = self.of("pay_upkeep")
    if pays:
        return max(pays, key=lambda a: (self.unit_worth(self.perms[a.unit]), -a.unit))
    return min(self.of("decline_upkeep"), key=lambda a: (self.unit_worth(self.perms[a.unit]), a.unit), default=None)


def on_discard(self: _Decision) -> _Legal | None:
    useless = [a for a in self.of("end_discard") if a.cards and self.useless(self.hand.get(a.cards[0], ""))]
    if useless:
        return useless[0]
    return next((a for a in self.of("end_discard") if not a.cards), None)


def on_closing(self: _Decision) -> _Legal | None:
    return next(iter(self.of("activate")), None)


def on_trigger(self: _Decision) -> _Legal | None:
    return next(iter(self.of("declare_trigger")), None)


def on_drop(self: _Decision) -> _Legal | None:
    drops = self.of("drop_place")
    if not drops:
        return None
    return max(drops, key=lambda a: self.place_score(self.perms.get(a.member) or {"id": a.member, "card": "",
                                                                                   "attack": []}, a.field))


def on_place_token(self: _Decision) -> _Legal | None:
    places = self.of("place_token")
    goals = [xy for t in self.goals()["targets"] if (xy := self.where(t))]
    if not places or not goals:
        return places[0] if places else None
    return min(places, key=lambda a: min(distance(a.field, gxy) for gxy in goals))


def on_priority(self: _Decision) -> _Legal | None:
    fast = self.best_fast()
    return fast if fast is not None else next(iter(self.of("pass")), None)
