"""Movement on one board's grid (MUHQ-MOVE): the cost of a path, the check of a declared path, and every legal
end field of a move with its cheapest path; functions bound into :class:`~.grid.Grid`."""

from __future__ import annotations

from collections.abc import Container, Iterable, Sequence
from typing import TYPE_CHECKING

from .grid_search import _in_range
from .words import _

if TYPE_CHECKING:  # only for annotations (grid imports this module)
    from .grid import Cell, Grid, Path, Problem


def path_cost(self: Grid, start: Cell, path: Sequence[Cell]) -> int:
    """MUHQ-MOVE-2: the cost of the steps ``start -> path[0] -> … -> path[-1]``; the diagonal count
    starts at 0 with this move. ValueError if a step is not to an adjacent field."""
    cost, diagonals, here = 0, 0, start
    for c in path:
        if not (0 <= here < self.size and c in self._adjacent[here]):
            raise ValueError(f"not a step: cell {here} to cell {c} (MUHQ-MOVE-1)")  # i18n: no
        if self.x[c] != self.x[here] and self.y[c] != self.y[here]:
            diagonals += 1
            cost += 2 if diagonals % 2 == 0 else 1
        else:
            cost += 1
        here = c
    return cost


def check_path(self: Grid, start: Cell, path: Sequence[Cell], movement: int, swimming: bool,
               occupied: Container[Cell], may_end_on: Container[Cell] = ()) -> Problem | None:
    """Validate a declared path (the entered fields, without the start). None if it is legal, else
    ``(rule ID, message)``. Checks in order: at least one step (MUHQ-MOVE-5); each step to one of the 8
    adjacent fields (MUHQ-MOVE-1); each entered field available (MUHQ-MOVE-4 with MUHQ-BOARD-5/6), the
    last one may instead be in ``may_end_on`` (a crewable unit, MUHQ-BOARD-7, MUHQ-CREW-2); the start
    field is never re-entered; total cost <= movement (MUHQ-MOVE-3). A cell index off the board (e.g.
    -1 for an (x, y) off the board) fails MUHQ-MOVE-4."""
    self._check_start(start)
    if not path:
        return "MUHQ-MOVE-5", _("a move needs at least one step")
    here, last = start, len(path) - 1
    for k, c in enumerate(path):
        if not 0 <= c < self.size:
            return "MUHQ-MOVE-4", _("step {step} leaves the board (MUHQ-BOARD-6)", step=k + 1)
        if c not in self._adjacent[here]:
            return "MUHQ-MOVE-1", _("step {step} goes from {start} to {end}; a step goes to one of the 8 "
                                    "adjacent fields", step=k + 1, start=self._at(here), end=self._at(c))
        if c == start:
            return "MUHQ-MOVE-4", _("step {step} re-enters the start field {field}, where the moving unit (or "
                                    "its base) stands", step=k + 1, field=self._at(c))
        if not (k == last and c in may_end_on):
            reason = self.unavailable_reason(c, swimming, occupied)
            if reason is not None:
                if c in may_end_on:
                    return "MUHQ-MOVE-4", _("step {step}: {reason} (only the last field may be a crewable unit, "
                                            "MUHQ-BOARD-7)", step=k + 1, reason=reason)
                return "MUHQ-MOVE-4", _("step {step}: {reason}", step=k + 1, reason=reason)
        here = c
    cost = self.path_cost(start, path)
    if cost > movement:
        return "MUHQ-MOVE-3", _("the path costs {cost} (orthogonal steps 1, diagonal steps 1, 2, 1, 2, …; "
                                "MUHQ-MOVE-2), more than the movement {movement}", cost=cost, movement=movement)
    return None


def reachable(self: Grid, start: Cell, movement: int, swimming: bool, occupied: Container[Cell],
              start_needs_not_be_available: bool = True,
              may_end_on: Container[Cell] = ()) -> dict[Cell, tuple[int, Path]]:
    """Every legal end field of one move action -> (cheapest cost, path), in reading order of the end.

    The path lists the entered fields (not the start). Among the cheapest paths to an end it is the first
    in reading order, compared field by field (MUHQ-AI-4). Legal means MUHQ-MOVE-1..5, 10: at least one
    step, cost <= movement, every entered field available for the unit (MUHQ-BOARD-6), except that the
    last field may be one of ``may_end_on`` (a crewable unit, whatever its field type: MUHQ-BOARD-7,
    MUHQ-CREW-2). The start is never checked (MUHQ-MOVE-9) and never re-entered.

    ``start_needs_not_be_available=False`` is a consistency guard for an ordinary move: the unit stands on
    its start field, so that field's type must fit it (MUHQ-BOARD-5, INV-4), else ValueError.

    Results are cached on (start, movement, swimming, and occupants and ``may_end_on`` cells within range
    ``movement`` of the start): every entered field lies within that range (a prefix of a path costs at
    least the distance to its end, MUHQ-MOVE-3), so nothing further away can change the answer.
    """
    self._check_start(start)
    if not start_needs_not_be_available and not self.fits(start, swimming):
        raise ValueError(f"the unit stands on {self._at(start)}, a field of type {self.types[start]} that "  # i18n: no
                         f"{'a swimming' if swimming else 'a non-swimming'} unit cannot occupy (MUHQ-BOARD-5)")
    if movement < 1:
        return {}
    movement = min(movement, self._max_movement)
    region = self.cells_in_range(start, movement)
    blocked = tuple(c for c in region if c in occupied and c != start)
    ends = tuple(c for c in region if c in may_end_on and c != start) if may_end_on else ()
    return dict(self._reach(start, movement, bool(swimming), blocked, ends))


def flat_reachable(self: Grid, start: Cell, movement: int, swimming: bool, occupied: Iterable[Cell],
                   may_end_on: Iterable[Cell] = ()) -> tuple[tuple[Cell, tuple[int, ...]], ...]:
    """:meth:`reachable` (the same rules, the same ends in the same order) as (end, path) pairs, the path
    flattened to ``(x1, y1, x2, y2, …)``, the form a move action names it in. ``occupied`` and
    ``may_end_on`` are iterated (a dict or a list of cells, each cell once), so only the few occupants are
    looked at, not every field in range. Cached on the same key as reachable."""
    self._check_start(start)
    if movement < 1:
        return ()
    if movement > self._max_movement:
        movement = self._max_movement
    row = self.dist_from(start)
    blocked = _in_range(occupied, start, row, movement)
    ends = _in_range(may_end_on, start, row, movement) if may_end_on else ()
    return self._paths(start, movement, bool(swimming), blocked, ends)


def _check_start(self: Grid, start: Cell) -> None:
    # A start off the board is a caller's mistake, not a rule violation; a negative index would
    # otherwise silently wrap around the per-cell tuples.
    if not 0 <= start < self.size:
        raise ValueError(f"the start cell {start} is not on the {self.width} × {self.height} board")  # i18n: no
