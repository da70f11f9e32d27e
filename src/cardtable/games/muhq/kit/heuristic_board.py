"""The muhq heuristic's board reasoning: distances (MUHQ-RANGE-2), the fields a unit may enter, walking
distances kept across decisions, and one decision's reading of the board (where a permanent stands, whose it is)."""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from .heuristic import _Decision

    XY = tuple[int, int]  # a field (x, y)
    Comps = Iterable[Sequence[int]]  # attack components (value, range)


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """MUHQ-RANGE-2: every second diagonal step counts double."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + min(dx, dy) // 2


def enterable(field_type: str, swimming: bool) -> bool:
    """May a unit stand on a field of this type: deep water for a swimmer, normal and high ground for the others."""
    return field_type == "deep_water" if swimming else field_type in ("normal", "high_ground")


def attack_value(comps: Comps, delta: int) -> int:
    return sum(v for v, r in comps if r >= delta)


def attack_range(comps: Comps) -> int:
    return max((r for _, r in comps), default=0)


class _Walks:
    """Walking distances on one board: from every field a unit may enter to the nearest of some goal fields,
    over fields it may enter (deep water for a swimmer, normal and high ground for the others), 8 directions,
    one step each. They follow from the field types alone, so one bot keeps them for every decision (a
    search's rollouts ask the same few thousand times); at most ``LIMIT`` goal sets are kept."""

    LIMIT = 4096

    def __init__(self, width: int, height: int, types: tuple[str, ...]):
        self.memo: dict[tuple[frozenset[XY], bool], dict[XY, int]] = {}
        self.neighbours: dict[bool, dict[XY, list[XY]]] = {}
        for swimming in (False, True):
            ok = [enterable(t, swimming) for t in types]
            table: dict[XY, list[XY]] = {}
            for y in range(height):
                for x in range(width):
                    table[(x, y)] = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                     if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
                                     and ok[(y + dy) * width + x + dx]]
            self.neighbours[swimming] = table

    def steps(self, goals: frozenset[XY], swimming: bool) -> dict[XY, int]:
        key = (goals, swimming)
        dist = self.memo.get(key)
        if dist is not None:
            return dist
        neighbours = self.neighbours[swimming]
        dist = {g: 0 for g in goals}
        queue = deque(goals)
        while queue:
            here = queue.popleft()
            d = dist[here] + 1
            for nxt in neighbours.get(here, ()):
                if nxt not in dist:
                    dist[nxt] = d
                    queue.append(nxt)
        if len(self.memo) >= self.LIMIT:
            self.memo.clear()
        self.memo[key] = dist
        return dist


# -- the board --------------------------------------------------------------------------------------
def field(self: _Decision, xy: Sequence[int]) -> dict[str, Any]:
    return self.fields[xy[1] * self.width + xy[0]]


def where(self: _Decision, pid: int) -> tuple[int, int] | None:
    p = self.perms.get(pid)
    while p is not None and p.get("base") is not None:
        p = self.perms.get(p["base"])
    return tuple(p["field"]) if p is not None and p.get("field") is not None else None


def at(self: _Decision, pid: int) -> tuple[int, int]:
    """``where`` of a permanent that stands on the board; one on no field is a surprise, and the decision falls
    back to a pass (``act``)."""
    xy = self.where(pid)
    if xy is None:
        raise LookupError(f"permanent {pid} is on no field")  # i18n: no (an invariant)
    return xy


def mine(self: _Decision, p: dict[str, Any]) -> bool:
    controller: int = p["controller"]
    return controller == self.me


def enemy(self: _Decision, p: dict[str, Any]) -> bool:
    return p["controller"] not in (self.me, -1)


def units(self: _Decision, own: bool) -> list[dict[str, Any]]:
    return [p for p in self.perms.values() if p["type"] == "unit" and p.get("base") is None and
            p.get("field") is not None and (self.mine(p) if own else self.enemy(p))]


def can_enter(self: _Decision, xy: Sequence[int], swimming: bool) -> bool:
    return enterable(self.field(xy)["type"], swimming)


def walking(self: _Decision, goals: frozenset[XY], swimming: bool) -> dict[XY, int]:
    """Steps from every field the unit may enter to the nearest goal field (occupants ignored)."""
    return self._walks.steps(goals, swimming)


def cells_within(self: _Decision, xy: XY, r: int) -> list[tuple[int, int]]:
    key = (self.width, self.height, tuple(xy), r)
    cells = self.bot.within.get(key)
    if cells is None:
        cells = self.bot.within[key] = [(x, y) for x in range(self.width) for y in range(self.height)
                                        if distance(xy, (x, y)) <= r]
    return cells


def is_swimming(self: _Decision, p: dict[str, Any]) -> bool:
    xy = self.where(p["id"])
    return p["card"] in self.bot.swimming or (xy is not None and self.field(xy)["type"] == "deep_water")
