"""The muhq heuristic's objectives from the board's victory conditions: what it goes for, the fields a unit
(or one about to be played) should walk to, how good a field is to stand on and how dangerous."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_board import attack_range, attack_value, distance

if TYPE_CHECKING:
    from collections.abc import Sequence

    from .heuristic import _Decision
    from .heuristic_board import XY


# -- objectives -------------------------------------------------------------------------------------
def goals(self: _Decision) -> dict[str, Any]:
    """What the bot goes for: ``targets`` (enemy permanents to attack, most important first), ``item``
    (the victory item on a field), ``carrier`` (my unit carrying it), ``areas`` (field -> worth)."""
    if self._goals is not None:
        return self._goals
    g: dict[str, Any] = {"targets": [], "item": None, "carrier": None, "areas": {}}
    perms = self.perms
    if "victory_item" in self.victory:
        for p in perms.values():
            if p["card"] == "core/crown_of_embers" or (p["type"] == "equipment" and p["owner"] == -1
                                                        and p["controller"] == -1 and p.get("field")):
                if p.get("base") is None and p.get("field") is not None:
                    g["item"] = p["id"]
                elif p.get("base") is not None:
                    holder = perms.get(p["base"])
                    if holder is not None and self.mine(holder):
                        g["carrier"] = holder["id"]
                    elif holder is not None and self.enemy(holder):
                        g["targets"].append(holder["id"])
                break
    if "vip" in self.victory:
        g["targets"] += [p["id"] for p in perms.values() if p["card"] == "core/sovereign" and self.enemy(p)]
    if "destroy_buildings" in self.victory:
        g["targets"] += [p["id"] for p in perms.values() if p["type"] == "artifact" and self.enemy(p)
                         and p["card"] == "core/bastion"]
    if "capture_points" in self.victory or "resource_race" in self.victory:
        for i, f in enumerate(self.fields):
            xy = (i % self.width, i // self.width)
            worth = 0.0
            if f.get("area"):
                worth += 2.0 * self.bot.area_points.get(f["area"], 1)
            if f.get("income"):
                worth += 1.0 * f["income"]
            if worth:
                g["areas"][xy] = worth
    self._goals = g
    return g


def my_vip(self: _Decision) -> dict[str, Any] | None:
    return next((p for p in self.perms.values() if p["card"] == "core/sovereign" and self.mine(p)), None)


def goal_fields(self: _Decision, p: dict[str, Any]) -> frozenset[XY]:
    """The fields unit ``p`` should walk to (where it can attack its target, stand on an area, equip)."""
    hit = self._goal_fields.get(p["id"])
    if hit is None:
        hit = self._goal_fields[p["id"]] = self._find_goal_fields(p)
    return hit


def _find_goal_fields(self: _Decision, p: dict[str, Any]) -> frozenset[XY]:
    g = self.goals()
    comps = p.get("attack") or []
    reach = max(1, attack_range(comps))
    sw = self.is_swimming(p)
    if g["carrier"] == p["id"]:  # hold the item: stay away from enemies (handled by the danger score)
        here = self.where(p["id"])
        return frozenset([here]) if here else frozenset()
    if g["item"] is not None and not sw:
        return frozenset(c for c in self.cells_within(self.at(g["item"]), 1) if c != self.where(g["item"])
                         and self.can_enter(c, sw))
    if g["areas"]:
        claimed = self.claims()
        free = {c: w for c, w in g["areas"].items() if claimed.get(c) in (None, p["id"])}
        if free:
            here = self.where(p["id"])
            walk = {c: self.walking(frozenset([c]), sw).get(here, 99)  # type: ignore[arg-type]  # None: 99
                    for c in free}
            fields = sorted(free)
            self.ties.shuffle(fields)
            best = max(fields, key=lambda c: free[c] - 0.6 * walk[c])
            return frozenset([best])
    for t in g["targets"]:
        txy = self.where(t)
        if txy is not None:
            return frozenset(c for c in self.cells_within(txy, reach) if c != txy and self.can_enter(c, sw))
    enemies = self.units(own=False)
    if enemies:
        out: set[tuple[int, int]] = set()
        for e in enemies:
            exy = self.at(e["id"])
            out.update(c for c in self.cells_within(exy, reach) if c != exy and self.can_enter(c, sw))
        return frozenset(out)
    return frozenset()


def claims(self: _Decision) -> dict[XY | None, int]:
    """Capture fields -> the own unit standing on it (a unit on an area field keeps it)."""
    out: dict[XY | None, int] = {}
    for u in self.units(own=True):
        xy = self.where(u["id"])
        if xy in self.goals()["areas"]:
            out[xy] = u["id"]
    return out


def place_score(self: _Decision, p: dict[str, Any], xy: XY) -> float:
    """How good field ``xy`` is for unit ``p`` to stand on (higher is better)."""
    sw = self.is_swimming(p)
    goals = self.goal_fields(p)
    score = 0.0
    if goals:
        score -= self.walking(goals, sw).get(xy, 50)
    g = self.goals()
    if g["areas"].get(xy):
        score += 0.5 * g["areas"][xy]
    if g["carrier"] == p["id"]:
        score -= 2.0 * self.danger(xy, p)
    # do not block a spawn field of mine
    if self.me in self.field(xy).get("spawn", ()):
        score -= 0.3
    return score


def danger(self: _Decision, xy: XY, p: dict[str, Any]) -> float:
    """Damage enemy units could deal to ``p`` on ``xy`` next turn (a rough guess: move + reach)."""
    total = 0.0
    for e in self.units(own=False):
        exy = self.at(e["id"])
        comps = e.get("attack") or []
        d = distance(exy, xy)
        if d <= attack_range(comps) + e.get("movement", 0):
            total += attack_value(comps, 1)
    return total


def spawn_score(self: _Decision, p: dict[str, Any], xy: Sequence[int]) -> float:  # xy: a list or a tuple
    goals = self.goal_fields_for_new(p)
    if not goals:
        return 0.0
    return -self.walking(goals, p["card"] in self.bot.swimming).get(tuple(xy), 50)  # type: ignore[arg-type]


def goal_fields_for_new(self: _Decision, p: dict[str, Any]) -> frozenset[XY]:
    g = self.goals()
    sw = p["card"] in self.bot.swimming
    if g["item"] is not None and not sw:
        ixy = self.at(g["item"])
        return frozenset(c for c in self.cells_within(ixy, 1) if c != ixy and self.can_enter(c, sw))
    if g["areas"]:
        return frozenset(c for c in g["areas"] if self.can_enter(c, sw))
    txys = [xy for t in g["targets"] if (xy := self.where(t))]
    return frozenset(c for t in txys for c in self.cells_within(t, 1) if c != t and self.can_enter(c, sw))
