"""What cards, leaders and sphere points are worth to the Mítosz heuristic: the keep value of a card in
hand, the summons it wants, and the sphere points held back for a counter (the reserve) or spare."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import (KEEP_COUNTER, KEEP_DRAW, KEEP_EXILE, KEEP_FIGHT, KEEP_NATION, KEEP_OTHER,
                               KEEP_PP_LEADER, KEEP_PP_LOCATION, KEEP_PRODUCER, KEEP_RECOVER, KEEP_STEAL)
from .heuristic_text import _cost_from_text, _level_gain

if TYPE_CHECKING:
    from .heuristic_decision import _Decision


def pp_value(self: _Decision, cid: str, god_name: str | None = None) -> int:
    s = self.s
    value = s.pp.get(cid, 0)
    if s.type.get(cid) == "leader" and "god" in s.subtypes.get(cid, ()) and \
            s.name.get(cid) == (god_name or self.god_name):
        value += 1
    return value


def leader_value(self: _Decision, leader: dict[str, Any], god_name: str | None = None) -> float:
    cid = leader["card"]
    value = 10.0 * self.pp_value(cid, god_name)
    text = self.s.text.get(cid, "")
    if "draw" in text:
        value += 3
    elif text:
        value += 1
    subs = self.s.subtypes.get(cid, ())
    if subs & {"ruler", "seer", "wizard", "god", "priest"}:  # type: ignore[operator]  # cid is a card: never ()
        value += 1  # users of counters, draws and steals
    return value


def on_board_names(self: _Decision) -> frozenset[str | None]:
    """Names of the bot's cards on the board, its high god aside (a unique leader may share its name)."""
    names = self._names
    if names is None:
        name, kind = self.s.name, self.s.type
        names = self._names = frozenset(name.get(cid) for cid in self.board.values() if kind.get(cid) != "high_god")
    return names


def unique_blocked(self: _Decision, cid: str, names: frozenset[str | None] | None = None) -> bool:
    """A unique card already on the board, anybody's (MIT-2.3.b), or one of its name among the bot's."""
    s = self.s
    if not s.unique.get(cid):
        return False
    if s.name.get(cid) in (names if names is not None else self.on_board_names()):
        return True
    ids = self._board_ids
    if ids is None:
        ids = set()
        for p in self.v["players"]:
            for n in p["nations"]:
                ids.add(n["card"])
                ids.update(a["card"] for a in n.get("attached") or ())
            for ld in p["leaders"]:
                ids.add(ld["card"])
                ids.update(a["card"] for a in ld.get("attached") or ())
        ids.update(c["card"] for c in self.v.get("intrigues") or ())
        self._board_ids = ids
    return cid in ids


def keep_value(self: _Decision, cid: str) -> float:
    """How much a card in hand is worth keeping."""
    s = self.s
    t = s.type.get(cid)
    if t == "nation":
        if self.nation_copies_left(cid) <= 0:
            return 0
        grid = {(n["x"], n["y"]): n["card"] for n in self.my["nations"]}
        if self.cells_for(cid, grid) == 0:
            return KEEP_EXILE  # no cell for it now (it may come later)
        return KEEP_NATION + 10 * s.pp[cid]
    if t == "leader":
        ppv = self.pp_value(cid)
        if self.unique_blocked(cid):
            return 0
        if ppv > 0:
            return KEEP_PP_LEADER + 10 * ppv
        return KEEP_FIGHT + s.level.get(cid, 0) if s.level.get(cid, 0) >= 2 else 2
    if t == "supply":
        return KEEP_FIGHT + s.level.get(cid, 0) - sum(s.cost[cid]) / 2.0
    if t == "location":
        if s.pp[cid] > 0:
            return KEEP_PP_LOCATION + 5 * s.pp[cid]
        return KEEP_PRODUCER if cid in s.producer or s.links[cid] else 2
    if cid in s.counter:
        return KEEP_COUNTER
    if cid in s.steal:
        return KEEP_STEAL
    if cid in s.draw:
        return KEEP_DRAW
    text = s.text.get(cid, "")
    if "recover" in text:
        return KEEP_RECOVER
    if "exile" in text:
        return KEEP_EXILE
    if t == "item" and s.level.get(cid, 0) > 0:
        return KEEP_FIGHT + s.level[cid] - 1
    if "battle" in text and _level_gain(text) > 0:
        return KEEP_FIGHT + _level_gain(text) - 1
    return KEEP_OTHER


def wanted_costs(self: _Decision) -> tuple[tuple[float, tuple[int, ...]], ...]:
    """(worth, cost) of the summons in hand the bot wants, best first."""
    wanted = self._wanted
    if wanted is None:
        wanted = self._wanted = self._wanted_costs()
    return wanted


def _wanted_costs(self: _Decision) -> tuple[tuple[float, tuple[int, ...]], ...]:
    out: list[tuple[float, tuple[int, ...]]] = []
    names = self.on_board_names()
    leaders_room = self.my["leader_limit"] - len(self.my["leaders"])
    nations_free = sum(1 for n in self.my["nations"] if not n.get("attached"))
    for cid in self.hand:
        t = self.s.type.get(cid)
        if t == "leader":
            ppv = self.pp_value(cid)
            if ppv <= 0 or self.unique_blocked(cid, names):
                continue
            out.append((10.0 * ppv + (1 if leaders_room > 0 else 0), self.s.cost[cid]))
        elif t == "location" and self.s.pp[cid] > 0:
            out.append((10.0 * self.s.pp[cid] + (1 if nations_free else 0), self.s.cost[cid]))
    out.sort(key=lambda wc: (-wc[0], sum(wc[1])))
    return tuple(out)


def opponent_threatens(self: _Decision) -> bool:
    """Could the opponent hurt the bot's board in its turn (a steal in its deck, a leader to use it)?"""
    for p in self.opps:
        if not self.s.deck_steals(self.v, p["seat"]):
            continue
        if any(not ld.get("rotated") for ld in p["leaders"]):
            return True
    return False


def reserve(self: _Decision) -> list[int]:
    """Sphere points kept back for a counter in the opponent's turn."""
    if self._reserve is not None:
        return self._reserve
    res = [0, 0, 0, 0]
    if self.my["leaders"] and self.opponent_threatens():
        for cid in self.hand:
            if cid in self.s.counter:
                cost = self.counter_cost(cid)
                if cost is not None:
                    res = [max(a, b) for a, b in zip(res, cost)]
    self._reserve = res
    return res


def counter_cost(self: _Decision, cid: str) -> tuple[int, ...] | None:
    """The sphere cost of using a counter card, or None when no own card may use it."""
    s = self.s
    text = s.text[cid]
    cost = _cost_from_text(text)
    if s.type[cid] == "fate":
        god = self.my["god"]["card"]
        linked = s.name[cid] in s.links.get(god, ()) or s.name.get(god) in s.links.get(cid, ())
        god_leader = any("god" in s.subtypes.get(ld["card"], ()) for ld in self.my["leaders"])
        return cost if (linked or god_leader) else None
    # a free maneuver needs a user; a linked user uses it for free
    users = [ld for ld in self.my["leaders"] if not ld.get("rotated")]
    for ld in users:
        if s.name[cid] in s.links.get(ld["card"], ()):
            return (0, 0, 0, 0)
    return cost if users else None


def spare(self: _Decision, every: bool = False) -> list[int]:
    """Sphere points free for optional spending: above the counter reserve and the next wanted summon
    (``every``: all the wanted summons in hand)."""
    res = self.reserve()
    need = [0, 0, 0, 0]
    for _worth, cost in self.wanted_costs()[:None if every else 1]:
        need = [need[i] + cost[i] for i in range(4)]
    return [self.spheres[i] - res[i] - need[i] for i in range(4)]
