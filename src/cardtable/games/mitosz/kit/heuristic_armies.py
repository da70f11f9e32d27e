"""The Mítosz heuristic's fight estimates (chapter 7), from the public fight view, its own hand and the public
deck lists: leader levels, the strongest army, the supplies and boosts either side may add."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import RACES
from .heuristic_text import _cost_from_text, _level_gain

if TYPE_CHECKING:
    from .heuristic_decision import _Decision


def player(self: _Decision, seat: int) -> dict[str, Any]:
    return next(p for p in self.v["players"] if p["seat"] == seat)


def linked(self: _Decision, a: str, b: str) -> bool:
    """MIT-2.8.c/d: either card lists the other's name, copies of one card, a high god and its leader."""
    if a == b:
        return True
    return self.s.linked(a, b)


def myth_bonus(self: _Decision, cid: str, partner: str, seat: int) -> int:
    """MIT-5.8: +1 when both cards share the mythology of their controller's high god."""
    myth = self.s.myth.get(self.player(seat)["god"]["card"])
    return 1 if myth and self.s.myth.get(cid) == myth and self.s.myth.get(partner) == myth else 0


def can_fight(self: _Decision, ld: dict[str, Any], attack: bool) -> bool:
    if ld.get("rotated"):
        return False
    for a in ld.get("attached") or ():
        text = self.s.text.get(a["card"], "")
        if "cannot_fight" in text or (attack and "cannot_attack" in text):
            return False
    return True


def leader_level(self: _Decision, ld: dict[str, Any], seat: int, nation: dict[str, Any] | None = None) -> int:
    """A leader's level in a fight: its current level, +1 defending a nation of its mythology."""
    level = ld.get("level")
    if level is None:
        level = self.s.level.get(ld["card"], 0)
    if nation is not None:
        level += self.myth_bonus(ld["card"], nation["card"], seat)
    for a in ld.get("attached") or ():  # a mount fights beside its leader (OP-57)
        if self.s.type.get(a["card"]) == "leader":
            level += a.get("level", self.s.level.get(a["card"], 0))
    return level


def find_nation(self: _Decision, iid: int) -> tuple[dict[str, Any], dict[str, Any]] | tuple[None, None]:
    for p in self.v["players"]:
        for n in p["nations"]:
            if n["id"] == iid:
                return p, n
    return None, None


def nation_worth(self: _Decision, p: dict[str, Any], n: dict[str, Any]) -> float:
    """Power points lost with a nation (its attached locations go too), and a leader over the limit."""
    worth = 10.0 * self.s.pp.get(n["card"], 0)
    for a in n.get("attached") or ():
        worth += 10.0 * self.s.pp.get(a["card"], 0)
    if len(p["leaders"]) > p["leader_limit"] - 1 and p["leaders"]:
        worth += min(self.leader_value(ld, p["god"]["name"]) for ld in p["leaders"])
    return worth


def fortress(self: _Decision, nation: dict[str, Any] | None) -> bool:
    return nation is not None and any("fortress" in self.s.subtypes.get(a["card"], ())
                                      for a in nation.get("attached") or ())


def row_capacity(self: _Decision, cid: str, front_def: bool = False, nation: dict[str, Any] | None = None) -> int:
    """OP-48: a row holds as many supplies as its leader's summoning cost (+1 warlord, +1 kin defenders)."""
    s = self.s
    cap = sum(s.cost.get(cid, (0, 0, 0, 0)))
    if "warlord" in s.subtypes.get(cid, ()):
        cap += 1
    if front_def and nation is not None and s.subtypes.get(nation["card"], frozenset()) & RACES \
            & s.subtypes.get(cid, frozenset()):
        cap += 1
    return cap


def companion_ok(self: _Decision, p: dict[str, Any], cid: str, last: str, nation: dict[str, Any] | None) -> bool:
    """OP-50: a companion is an ally of the last named leader; a defender's also one linked to the
    attacked nation or its location, or any when the nation is linked to the high god (OP-13)."""
    if self.linked(cid, last):
        return True
    if nation is None:
        return False
    if self.linked(cid, nation["card"]) or self.linked(nation["card"], p["god"]["card"]):
        return True
    return any(self.s.type.get(a["card"]) == "location" and self.linked(cid, a["card"])
               for a in nation.get("attached") or ())


def best_army(self: _Decision, p: dict[str, Any], commander: dict[str, Any], nation: dict[str, Any] | None = None
              ) -> tuple[int, list[dict[str, Any]]]:
    """The strongest army ``commander`` can lead (``nation``: defending it): its leaders' total level
    and the leaders, commander first. Companions come from the leader row, unrotated."""
    attack = nation is None
    seat = p["seat"]
    pool = [ld for ld in p["leaders"] if ld["id"] != commander["id"] and self.can_fight(ld, attack)]
    lvl = {ld["id"]: self.leader_level(ld, seat, nation) for ld in pool + [commander]}
    best = (lvl[commander["id"]], [commander])
    for c1 in pool:
        if not self.companion_ok(p, c1["card"], commander["card"], nation):
            continue
        cand = (lvl[commander["id"]] + lvl[c1["id"]], [commander, c1])
        follow = [c2 for c2 in pool if c2 is not c1 and self.companion_ok(p, c2["card"], c1["card"], nation)]
        if follow:
            c2 = max(follow, key=lambda ld: lvl[ld["id"]])
            cand = (cand[0] + lvl[c2["id"]], [commander, c1, c2])
        if cand[0] > best[0]:
            best = cand
    return best


def hand_supplies(self: _Decision) -> list[tuple[int, str]]:
    return [(c["id"], c["card"]) for c in (self.my.get("hand") or []) if self.s.type.get(c["card"]) == "supply"]


def supply_plan(self: _Decision, leaders: list[dict[str, Any]], budget: list[int], nation: dict[str, Any] | None,
                side: str, capacity_used: list[int] | None = None) -> float:
    """The level the bot's own supplies in hand could add to an army led by ``leaders`` (rows in order),
    paid from ``budget``: linked ones free, then the cheapest per level."""
    s = self.s
    rows = [(ld["card"], self.row_capacity(ld["card"], side == "def" and r == 0, nation))
            for r, ld in enumerate(leaders)]
    used = list(capacity_used or [0] * len(rows))
    budget = list(budget)
    adj = (1 if side == "def" else -1) if self.fortress(nation) else 0
    options = []
    for _iid, cid in self.hand_supplies():
        best = None
        for r, (lcid, _cap) in enumerate(rows):
            free = self.linked(cid, lcid)
            level: float = max(0, s.level[cid] + self.myth_bonus(cid, lcid, self.me) + adj)
            if r == 2 and self.s.text.get(cid):
                level = level / 2.0  # the opponent chooses its mode (MIT-3.8.e)
            cost = (0, 0, 0, 0) if free else s.cost[cid]
            key = (sum(cost), -level, r)
            if best is None or key < best[0]:
                best = (key, r, level, cost)
        if best is not None:
            options.append(best)
    options.sort(key=lambda o: o[0])
    total = 0.0
    for _key, r0, level, cost in options:
        for r in [r0] + [x for x in range(len(rows)) if x != r0]:
            if used[r] >= rows[r][1]:
                continue
            if cost != (0, 0, 0, 0) and any(cost[i] > budget[i] for i in range(4)):
                break
            used[r] += 1
            budget = [budget[i] - cost[i] for i in range(4)]
            total += level
            break
    return total + self.boost_plan(leaders, budget)


def boost_plan(self: _Decision, leaders: list[dict[str, Any]], budget: list[int]) -> float:
    """Level the bot's battle maneuvers in hand and its high god's could add (one use each)."""
    s = self.s
    subs: set[str] = set()
    for ld in leaders:
        subs |= s.subtypes.get(ld["card"], frozenset())
    total = 0.0
    budget = list(budget)
    sources = [cid for cid in self.hand if s.type.get(cid) == "free_maneuver"]
    sources.append(self.my["god"]["card"])
    for cid in sources:
        text = s.text.get(cid, "")
        if "battle" not in text:
            continue
        gain = _level_gain(text)
        if gain <= 0:
            continue
        reqs = self.s.requirements.get(cid)
        if reqs and not any(set(r) <= subs for r in reqs):
            continue
        cost = _cost_from_text(text)
        if any(cost[i] > budget[i] for i in range(4)):
            continue
        budget = [budget[i] - cost[i] for i in range(4)]
        total += gain
    return total


def enemy_extra(self: _Decision, p: dict[str, Any], leaders: list[dict[str, Any]],
                nation: dict[str, Any] | None = None) -> float:
    """What an opponent's hidden hand may add to a fight: the expected supplies in its hand (from its
    public deck list, less what is already out of it), within its spheres and rows."""
    s = self.s
    deck = [cid for cid in s.deck(self.v, p["seat"]) if s.type.get(cid) == "supply"]
    if not deck or not leaders:
        return self.god_boost(p)
    gone = sum(1 for c in list(p["afterworld"]) + list(p["oblivion"]) if s.type.get(c["card"]) == "supply")
    unknown = max(1, p["deck"] + p["hand_count"])
    frac = max(0, len(deck) - gone) / unknown
    expected = p["hand_count"] * frac
    capacity = sum(self.row_capacity(ld["card"]) for ld in leaders)
    avg_cost = sum(sum(s.cost[c]) for c in deck) / len(deck)
    afford = sum(p["spheres"]) / max(1.0, avg_cost)
    n: float = min(expected, capacity, afford)
    avg_level = sum(s.level[c] for c in deck) / len(deck)
    myth = 1 if any(self.myth_bonus(ld["card"], deck[0], p["seat"]) for ld in leaders) else 0
    return n * (avg_level + myth) + self.god_boost(p)


def god_boost(self: _Decision, p: dict[str, Any]) -> float:
    god = p["god"]["card"]
    text = self.s.text.get(god, "")
    if "battle" not in text:
        return 0.0
    gain = _level_gain(text)
    cost = _cost_from_text(text)
    if gain <= 0 or any(cost[i] > p["spheres"][i] for i in range(4)):
        return 0.0
    return float(gain)


def defence_guess(self: _Decision, p: dict[str, Any], nation: dict[str, Any], road: str) -> float:
    """The defender's likely best: the road, its strongest army of unrotated leaders, what its hand may add."""
    road_level: int = (nation.get("roads") or {}).get(road, {}).get("level", 0)
    best = 0
    army = []
    for ld in p["leaders"]:
        if not self.can_fight(ld, attack=False):
            continue
        total, leaders = self.best_army(p, ld, nation)
        if total > best:
            best, army = total, leaders
    return road_level + best + self.enemy_extra(p, army, nation)
