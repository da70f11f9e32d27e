"""The cheapest-path search behind Grid.reachable and Grid.flat_reachable: tables of candidate paths for short
moves, a search by cost buckets for long ones; functions bound into :class:`~.grid.Grid`."""

from __future__ import annotations

from itertools import chain
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only for annotations (grid imports this module)
    from .grid import Candidate, Cell, Grid, MoveTable, Path


def _flat_paths(self: Grid, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
                ends: tuple[Cell, ...]) -> tuple[tuple[Cell, tuple[int, ...]], ...]:
    if movement > self.TABLE_MOVEMENT:
        xs, ys = self.x, self.y
        return tuple((end, tuple(v for c in path for v in (xs[c], ys[c])))
                     for end, (_, path) in self._search(start, movement, swimming, blocked, ends))
    return self._table_pick(start, movement, swimming, blocked, ends, 2)


def _table_search(self: Grid, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
                  ends: tuple[Cell, ...]) -> tuple[tuple[Cell, tuple[int, Path]], ...]:
    """What :meth:`_search` answers, looked up instead of searched (see _table_pick)."""
    if movement > self.TABLE_MOVEMENT:
        return self._search(start, movement, swimming, blocked, ends)
    return self._table_pick(start, movement, swimming, blocked, ends, 1)


def _table_pick(self: Grid, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
                ends: tuple[Cell, ...], form: int) -> tuple[tuple[Cell, Any], ...]:
    """Each legal end field with its best path, in reading order of the end: as (end, (cost, path)) with
    ``form`` 1 (what _search answers), as (end, path flattened to x, y pairs) with ``form`` 2.

    For each end field the table lists the paths that can be its answer, best first (cheapest, then first
    in reading order); the answer is the first of them whose entered fields before the end are all free,
    because blocking fields only takes paths away: the best path that is left is the best of all (see
    _move_table)."""
    table = self._move_tables.get((start, movement, swimming))
    if table is None:
        table = self._move_table(start, movement, swimming)
    out: list[tuple[Cell, Any]] = []
    if not blocked and not ends:  # nothing in the way: every end's best path is its first candidate
        for end, end_fits, candidates in table:
            if end_fits:
                out.append((end, candidates[0][form]))
        return tuple(out)
    blocked_mask = 0  # the occupied fields as bits (bit c: cell c), like the candidates' fields
    for c in blocked:
        blocked_mask |= 1 << c
    for end, end_fits, candidates in table:
        # The end is entered as an available field (its type fits, no one on it), or as a crewable unit's
        # field (``ends``), as in _search's kinds 1 and 2.
        if not end_fits or blocked_mask >> end & 1:
            if end not in ends:
                continue
        for candidate in candidates:
            if not candidate[0] & blocked_mask:  # no field entered before the end is occupied
                out.append((end, candidate[form]))
                break
    return tuple(out)


def _move_table(self: Grid, start: Cell, movement: int, swimming: bool) -> MoveTable:
    """Every end field within ``movement`` of ``start`` (in reading order) as (end, its type fits, candidate
    paths), each candidate as (the fields entered before the end as bits, bit c for cell c; (cost, path); the
    path flattened to x, y pairs). (Bits, not sets: a test is one ``&``, and plain ints give the garbage
    collector nothing to walk in these long-lived tables.)

    The candidates are the paths that never enter a field twice nor the start, whose fields before the end
    fit the unit's type, and that cost at most ``movement`` (MUHQ-MOVE-1..4, 10); a cheapest path never enters
    a field twice (a loop costs at least 3, and changes the cost of later diagonal steps by at most 1). They
    are sorted by cost, then field by field in reading order (MUHQ-AI-4), which is the order in which
    _search prefers them. A candidate is dropped when an earlier one enters only fields it enters too: that
    one is free whenever it is, so it could never be chosen. Occupants are not known here: they only take
    candidates away, so the answer for an occupied board is the first candidate that avoids them all."""
    fits = self._fits[swimming]
    neighbours = self.neighbours
    by_end: dict[Cell, list[tuple[int, Path, int, int]]] = {}
    # Breadth first, one step per round, without recursion: each path as (its last field, cost, diagonal
    # parity, the path, its fields as bits). A path's fields before a new end are the path so far, so its
    # bits are the new candidate's.
    frontier: list[tuple[Cell, int, int, Path, int]] = [(start, 0, 0, (), 0)]
    while frontier:
        longer = []
        for cell, cost, parity, path, inner in frontier:
            for nxt, diagonal in neighbours[cell]:
                if nxt == start or inner >> nxt & 1:
                    continue
                if diagonal:  # MUHQ-MOVE-2: diagonal steps cost 1, 2, 1, 2, … in this move
                    new_cost, new_parity = cost + 1 + parity, parity ^ 1
                else:
                    new_cost, new_parity = cost + 1, parity
                if new_cost > movement:
                    continue
                new_path = path + (nxt,)
                # Only a field the unit may stand on can be passed through, and only with movement left.
                extend = new_cost < movement and fits[nxt]
                found = by_end.get(nxt)
                if found is None:
                    by_end[nxt] = [(new_cost, new_path, inner, new_parity)]
                else:
                    # A path found before to the same field that comes first (by cost, then path) and enters
                    # only fields this one enters too would be kept before it (below): this one is not listed.
                    # If that one also comes first with every continuation, each continuation of this one is
                    # beaten the same way: this one goes no further either. Continuations keep the order of
                    # the two paths (which differ before either ends) unless the cost order turns: the next
                    # diagonal steps cost that one up to 1 more only if its diagonal count is odd and this
                    # one's even, so then it must come first by that 1 more. (Saves most detours; the table
                    # is the same.)
                    listed = True
                    for a_cost, a_path, a_inner, a_parity in found:
                        if a_inner | inner == inner and (a_cost < new_cost or (a_cost == new_cost and
                                                                                a_path < new_path)):
                            listed = False
                            if a_parity <= new_parity or a_cost + 1 < new_cost or (a_cost + 1 == new_cost and
                                                                                   a_path < new_path):
                                extend = False
                                break
                    if listed:
                        found.append((new_cost, new_path, inner, new_parity))
                if extend:
                    longer.append((nxt, new_cost, new_parity, new_path, inner | 1 << nxt))
        frontier = longer
    xy = self._xy_pairs.__getitem__
    table: list[tuple[Cell, bool, tuple[Candidate, ...]]] | MoveTable  # a list, made a tuple when complete
    table = []
    for end in sorted(by_end):
        kept: list[Candidate] = []
        for cost, path, inner, _ in sorted(by_end[end]):  # by cost, then path (the paths differ)
            for k in kept:
                if k[0] | inner == inner:  # an earlier one's fields are a subset
                    break
            else:
                kept.append((inner, (cost, path), tuple(chain.from_iterable(map(xy, path)))))
        table.append((end, fits[end], tuple(kept)))
    table = self._move_tables[(start, movement, swimming)] = tuple(table)
    return table


def _search(self: Grid, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
            ends: tuple[Cell, ...]) -> tuple[tuple[Cell, tuple[int, Path]], ...]:
    # A shortest-path search over states (cell, parity): parity 0/1 = diagonal steps so far even/odd,
    # because the next diagonal step costs 1 at even and 2 at odd parity (MUHQ-MOVE-2), so the cell alone
    # is not enough state (spec 4.1); parity 2 = standing on a crewable unit, where the move must end.
    # Steps cost 1 or 2, so states are settled bucket by bucket in cost order (Dijkstra without a heap):
    # every way into a state comes from a cheaper, already settled state. Each state keeps its cheapest
    # path and, among equally cheap ones, the first in reading order (tuples of cell indices compare in
    # reading order, MUHQ-AI-4). Measured: about twice as fast as a heap keyed on (cost, path).
    fits = self._fits[swimming]
    blocked_set = set(blocked)
    kind: dict[Cell, int] = {}  # enterable cells: 1 = available, 2 = only as the last field (crewable)
    for c in self.cells_in_range(start, movement):
        if c != start and fits[c] and c not in blocked_set:
            kind[c] = 1
    for c in ends:
        if c not in kind and c != start:
            kind[c] = 2
    neighbours = self.neighbours
    cost_of: dict[int, int] = {start * 3: 0}  # state cell * 3 + parity -> cheapest cost so far
    path_of: dict[int, Path] = {start * 3: ()}
    buckets: list[list[tuple[Cell, int]]] = [[] for _ in range(movement + 1)]
    buckets[0].append((start, 0))
    best: dict[Cell, tuple[int, Path]] = {}
    for cost in range(movement + 1):
        for cell, parity in buckets[cost]:
            state = cell * 3 + parity
            if cost_of[state] != cost:  # superseded by a cheaper way in, settled in an earlier bucket
                continue
            path = path_of[state]
            if path:
                known = best.get(cell)  # the cell's other parity, settled at a cost <= this one
                if known is None or (known[0] == cost and path < known[1]):
                    best[cell] = (cost, path)
            if parity == 2:
                continue
            for nxt, diagonal in neighbours[cell]:
                k = kind.get(nxt)
                if k is None:
                    continue
                if diagonal:
                    new_cost, new_parity = cost + 1 + parity, parity ^ 1
                else:
                    new_cost, new_parity = cost + 1, parity
                if new_cost > movement:
                    continue
                if k == 2:
                    new_parity = 2
                new_state = nxt * 3 + new_parity
                old = cost_of.get(new_state)
                if old is None or new_cost < old:
                    cost_of[new_state] = new_cost
                    path_of[new_state] = path + (nxt,)
                    buckets[new_cost].append((nxt, new_parity))
                elif new_cost == old:
                    candidate = path + (nxt,)
                    if candidate < path_of[new_state]:
                        path_of[new_state] = candidate
    return tuple(sorted(best.items()))


def _in_range(cells: Any, start: Cell, row: Any, movement: int) -> tuple[Cell, ...]:
    """The cells other than ``start`` within ``movement`` of it, in reading order (= sorted indices): the form
    the path tables are keyed by. (A loop, not a comprehension: no closure made for every call.)"""
    near = []
    for c in cells:
        if c != start and row[c] <= movement:
            near.append(c)
    near.sort()
    return tuple(near)
