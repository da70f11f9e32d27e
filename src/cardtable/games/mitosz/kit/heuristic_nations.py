"""The Mítosz heuristic's nation placement: the cells a nation fits, the free roads, and the score of a
placement."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import OPPOSITE, ROAD_OFFSET

if TYPE_CHECKING:
    from .heuristic_decision import _Decision


def board_copies(self: _Decision, cid: str) -> int:
    scope = [self.my] if self.s.options.get("nation_copy_scope") == "player" else self.v["players"]
    return sum(1 for p in scope for n in p["nations"] if n["card"] == cid)


def nation_copies_left(self: _Decision, cid: str) -> int:
    return len(self.s.roads.get(cid, {})) - self.board_copies(cid)


def cells_for(self: _Decision, cid: str, grid: dict[tuple[int, int], str]) -> int:
    if not grid:
        return 1
    roads = self.s.roads[cid]
    every = self.s.options.get("nation_placement_rule") == "all_shared_edges_match"
    seen = set()
    count = 0
    for (x, y) in grid:
        for dx, dy in ROAD_OFFSET.values():
            c = (x + dx, y + dy)
            if c in grid or c in seen:
                continue
            seen.add(c)
            ok = False
            bad = False
            for r, (ex, ey) in ROAD_OFFSET.items():
                m = grid.get((c[0] + ex, c[1] + ey))
                if m is None:
                    continue
                facing = OPPOSITE[r] in self.s.roads[m]
                if r in roads and facing:
                    ok = True
                if every and (r in roads) != facing:
                    bad = True
            if ok and not bad:
                count += 1
    return count


def free_roads(self: _Decision, grid: dict[tuple[int, int], str]) -> int:
    n = 0
    for (x, y), cid in grid.items():
        for r in self.s.roads[cid]:
            dx, dy = ROAD_OFFSET[r]
            if (x + dx, y + dy) not in grid:
                n += 1
    return n


def remaining_nations(self: _Decision) -> dict[str, int]:
    """Nation definitions the bot may still place: its deck list less those on the board or gone."""
    left: dict[str, int] = {}
    for cid in self.s.deck(self.v, self.me):
        if self.s.type.get(cid) == "nation":
            left[cid] = left.get(cid, 0) + 1
    gone = [n["card"] for n in self.my["nations"]]
    gone += [c["card"] for c in self.my["afterworld"]] + [c["card"] for c in self.my["oblivion"]]
    for cid in gone:
        if cid in left:
            left[cid] -= 1
    return left


def place_score(self: _Decision, a: Any) -> tuple[float, int, int, int]:
    s = self.s
    cid = s.instances[a.card]
    grid = {(n["x"], n["y"]): n["card"] for n in self.my["nations"]}
    grid[(a.x, a.y)] = cid
    left = self.remaining_nations()
    if cid in left:
        left[cid] -= 1
    room = 0.0
    for d, n in left.items():
        if n <= 0:
            continue
        copies = len(s.roads[d]) - self.board_copies(d) - (1 if d == cid else 0)
        n = min(n, copies)
        if n <= 0:
            continue
        held = self.hand.count(d) - (1 if d == cid else 0)
        weight = s.pp[d] * (2.0 if held > 0 else 1.0)
        room += weight * min(self.cells_for(d, grid), n)
    return (6.0 * s.pp[cid] + room, -self.free_roads(grid), -a.y, -a.x)
