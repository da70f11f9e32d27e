"""The Mítosz heuristic's summons in its summon phases: leaders, locations and items (those for the fights
from spare points only), mounts, and the payment that leaves the spheres closest to what the hand needs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import FIGHTERS_WANTED, _linked_free
from .heuristic_text import _paid

if TYPE_CHECKING:
    from .heuristic_decision import Action, _Decision


def best_summon(self: _Decision) -> Action | None:
    s = self.s
    names = self.on_board_names()
    leaders = self.my["leaders"]
    room = self.my["leader_limit"] - len(leaders)
    weakest = min((self.leader_value(ld) for ld in leaders), default=0.0)
    res = self.reserve()
    holding = self.my["power"] >= self.target
    spare = self.spare()
    best: Action | None = None
    best_key: tuple[float, int, float, int] | None = None
    for a in self.by_type("summon", "play_unsummoned"):
        if getattr(a, "row", None):
            continue  # a supply into a fight (fight_round)
        cid = s.instances[a.card]
        t = s.type.get(cid)
        paid = _paid(s.cost[cid], a)
        if a.type == "play_unsummoned":
            paid = (0, 0, 0, 0)
        if a.host is not None and t == "location" and 0 <= a.host < len(s.instances) \
                and _linked_free(s, cid, s.instances[a.host]):
            paid = (0, 0, 0, 0)
        extra = False  # a summon for the fights, paid only from spare points
        if t == "leader":
            if self.unique_blocked(cid, names):
                continue
            ppv = self.pp_value(cid)
            if ppv <= 0:
                worth = self.fighter_worth(cid, room)
                extra = True
            else:
                worth = 10.0 * ppv
                if room <= 0 and worth <= weakest:
                    continue
        elif t == "location":
            if s.pp[cid] > 0:
                worth = 10.0 * s.pp[cid]
            elif sum(paid) == 0 and (cid in s.producer or s.links[cid]):
                worth = 1.0
            else:
                worth = self.location_fight_worth(a, cid)
                extra = True
        elif t == "item":
            worth = self.item_worth(a, cid)
            extra = True
        else:
            continue
        if worth <= 0:
            continue
        if extra and any(paid[i] > spare[i] for i in range(4)):
            continue
        after = [self.spheres[i] - paid[i] for i in range(4)]
        if holding and any(after[i] < res[i] for i in range(4)):
            continue  # a hold to protect: the counter comes first
        key = (worth, -sum(paid), self.leftover_score(after, exclude=a.card), -a.card)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def best_mount(self: _Decision) -> Action | None:
    """A mount goes onto the strongest leader without one: it leaves the leader row (a free place) and
    fights beside its leader (MIT-8.mount, OP-57)."""
    mine = {ld["id"]: ld for ld in self.my["leaders"]}
    options = [a for a in self.by_type("attach_mount") if a.share is None and a.host in mine]
    if not options:
        return None
    return max(options, key=lambda a: (self.leader_level(mine[a.host], self.me),  # type: ignore[no-any-return]
                                       self.leader_value(mine[a.host]), -a.host, -a.mount))  # (an action: Any)


def fighter_worth(self: _Decision, cid: str, room: int) -> float:
    """A leader without power points defends the empire and leads attacks: worth a free place in the
    leader row the hand's power-point leaders do not need, while the bot has few fighters."""
    s = self.s
    if room <= 0 or s.level.get(cid, 0) < 2:
        return 0.0
    names = self.on_board_names()
    wanted = sum(1 for c in self.hand if s.type.get(c) == "leader" and self.pp_value(c) > 0
                 and not self.unique_blocked(c, names))
    fighters = [ld for ld in self.my["leaders"] if self.leader_level(ld, self.me) >= 2]
    if self.my["leaders"] and room - min(wanted, 1) <= 0:
        return 0.0
    if len(fighters) >= FIGHTERS_WANTED:
        return 0.0
    return 1.0 + s.level[cid]


def item_worth(self: _Decision, a: Any, cid: str) -> float:
    """A weapon or an armour raises its leader's level for good; a curse (a negative level) goes on the
    strongest enemy leader; a potion waits on the strongest own leader for a fight."""
    s = self.s
    host = a.host
    mine = {ld["id"]: ld for ld in self.my["leaders"]}
    level = s.level.get(cid, 0)
    if host in mine:
        if level <= 0:
            return 0.0
        strongest = max(mine.values(), key=lambda ld: self.leader_level(ld, self.me))
        bonus = 0.5 if host == strongest["id"] else 0.0
        if "potion" in s.subtypes.get(cid, ()):
            return 0.5 + bonus if host == strongest["id"] else 0.0
        if any(s.type.get(x["card"]) == "item" for x in mine[host].get("attached") or ()):
            bonus -= 0.25  # spread the risk of losing them all at once
        return level + self.myth_bonus(cid, mine[host]["card"], self.me) + bonus
    for p in self.opps:
        for ld in p["leaders"]:
            if ld["id"] == host and level < 0:
                return 1.0 + self.leader_level(ld, p["seat"]) / 2.0
    return 0.0


def location_fight_worth(self: _Decision, a: Any, cid: str) -> float:
    """A location with a level raises the roads of its nation (MIT-3.3.b); a fortress helps defend it."""
    s = self.s
    level = s.level.get(cid, 0)
    if level <= 0 or a.host is None:
        return 0.0
    nation = next((n for n in self.my["nations"] if n["id"] == a.host), None)
    if nation is None:
        return 0.0
    free = sum(1 for r in (nation.get("roads") or {}).values() if not r.get("closed"))
    if free == 0:
        return 0.0
    return level * 0.5 + (0.5 if "fortress" in s.subtypes.get(cid, ()) else 0.0) + 0.1 * s.pp.get(nation["card"], 0)


def leftover_score(self: _Decision, after: list[int], exclude: int | None = None) -> float:
    """How well the spheres left after a payment serve the rest of the wanted hand and the reserve."""
    res = self.reserve()
    score = -sum(max(0, res[i] - after[i]) for i in range(4)) * 3.0
    for worth, cost in self.wanted_costs()[:3]:
        short = sum(max(0, cost[i] - after[i]) for i in range(4))
        score -= short * worth / 10.0
    return score
