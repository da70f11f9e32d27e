"""Board geometry of muhq's game: distance and ranges (MUHQ-RANGE), fields and availability (MUHQ-BOARD),
movement paths (MUHQ-MOVE), and the "nearest available field" order (MUHQ-WIN-7, MUHQ-PILE-4).

Pure and deterministic: no game state, no randomness. The rules engine asks these questions for every unit
at every decision, so a :class:`Grid` is built once per board and answers in integer cell indices
``i = y * width + x``. Integer order is then the spec's reading order (smallest y, then smallest x,
MUHQ-AI-4), so sorting cells sorts them in reading order and comparing paths as tuples compares them "field
by field in reading order". Occupants come in as plain containers of cell indices, so this module knows
nothing about permanents.

Decisions where the spec leaves a gap (also in docs/muhq.md, "Board geometry"):

* The start field of a move is never *entered*, so its availability is never checked (MUHQ-MOVE-9). The
  moving unit (or, for MUHQ-MOVE-9, the base it leaves) still stands on it during the move, so no path may
  re-enter it (MUHQ-MOVE-4), not even as a crewable last field; a move therefore never ends where it began
  (with MUHQ-MOVE-5, "moving" on the spot is impossible).
* A path may enter the same other field twice if it is available both times: no rule forbids it. Such a
  path is never among the cheapest, so :meth:`Grid.reachable` never returns one; :meth:`Grid.check_path`
  accepts it.
* A field is *adjacent* to the 8 fields around it (distance 1), not to itself, although every field is in
  range 1 of itself (MUHQ-RANGE-3, MUHQ-RANGE-4).
* "Nearest available field" (MUHQ-WIN-7, and the drop of MUHQ-PILE-4) includes the field itself at
  distance 0; ties go to reading order.
* The triangle inequality does **not** hold for the distance (spec INV-15: d((0,0),(2,2)) = 3 > 1 + 1);
  what holds is d(A, C) <= d(A, B) + d(B, C) + 1. Nothing here prunes a search with it.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from functools import lru_cache
from itertools import chain
from typing import TYPE_CHECKING, Any

from .words import N_, _

if TYPE_CHECKING:  # only for annotations: importing the model would pull pydantic into the hot path's import
    from .schema import Board

__all__ = ["NORMAL", "DEEP_WATER", "HIGH_GROUND", "WALL", "FIELD_TYPES", "DEFAULT_LEGEND", "Grid",
           "distance", "in_range", "adjacent", "range_offsets", "count_in_range", "move_cost"]

# MUHQ-BOARD-3. Spelled out again rather than imported from schema.FIELD_TYPES, which would import pydantic.
NORMAL, DEEP_WATER, HIGH_GROUND, WALL = "normal", "deep_water", "high_ground", "wall"
FIELD_TYPES = (NORMAL, DEEP_WATER, HIGH_GROUND, WALL)
#: The characters the sample boards use (spec 6.2-6.5); only for :meth:`Grid.from_rows`.
DEFAULT_LEGEND = {".": NORMAL, "~": DEEP_WATER, "^": HIGH_GROUND, "#": WALL}

Cell = int
Path = tuple[int, ...]
Problem = tuple[str, str]  # (rule ID, message)


# -- distance and ranges (MUHQ-RANGE, spec 4.1) ----------------------------------------------------------
def distance(ax: int, ay: int, bx: int, by: int) -> int:
    """MUHQ-RANGE-2: max(|dx|, |dy|) + floor(min(|dx|, |dy|) / 2) — the cheapest unobstructed move cost."""
    dx = ax - bx if ax > bx else bx - ax
    dy = ay - by if ay > by else by - ay
    return dx + (dy >> 1) if dx >= dy else dy + (dx >> 1)


def in_range(ax: int, ay: int, bx: int, by: int, r: int) -> bool:
    """MUHQ-RANGE-3: (bx, by) is in range r of the origin (ax, ay); the origin is in every range of itself."""
    return distance(ax, ay, bx, by) <= r


def adjacent(ax: int, ay: int, bx: int, by: int) -> bool:
    """MUHQ-RANGE-4: two different fields in range 1 of each other, i.e. one of the 8 fields around."""
    return distance(ax, ay, bx, by) == 1


@lru_cache(maxsize=None)
def range_offsets(r: int) -> tuple[tuple[int, int], ...]:
    """The offsets (dx, dy) with distance <= r on an unbounded grid, in reading order (dy, then dx)."""
    return tuple((dx, dy) for dy in range(-r, r + 1) for dx in range(-r, r + 1) if distance(0, 0, dx, dy) <= r)


def count_in_range(r: int) -> int:
    """Fields within range r of an origin on an unbounded grid, origin included (spec 4.1: 1, 9, 21, 37, 61)."""
    return len(range_offsets(r)) if r >= 0 else 0


def move_cost(diagonal_steps: int, orthogonal_steps: int) -> int:
    """MUHQ-MOVE-2: orthogonal steps cost 1; diagonal steps 1, 2, 1, 2, … in the order taken in this move."""
    return orthogonal_steps + diagonal_steps + diagonal_steps // 2


# -- the grid of one board -------------------------------------------------------------------------------
class Grid:
    """The fields of one board with everything precomputed that movement and ranges ask for.

    Cells are ``y * width + x``. Per cell: ``types``, ``x``/``y``, ``income``, ``area_of``, ``spawn_seats``,
    ``high_ground``, ``neighbours`` (the 8-neighbourhood as ``(cell, is_diagonal)`` in reading order).
    Build it with :meth:`from_board` (a loaded board) or :meth:`from_rows` (tests, scenario overrides).
    """

    def __init__(self, width: int, height: int, types: Sequence[str], *,
                 spawns: Mapping[int, Iterable[Cell]] | None = None, income: Sequence[int] | None = None,
                 area_of: Sequence[str | None] | None = None, area_points: Mapping[str, int] | None = None,
                 name: str = "") -> None:
        if width < 1 or height < 1:
            raise ValueError(f"a board needs at least one field, not {width} × {height} (MUHQ-BOARD-2)")  # i18n: no
        n = width * height
        if len(types) != n:
            raise ValueError(f"{len(types)} field types for a {width} × {height} board ({n} fields)")  # i18n: no
        for t in types:
            if t not in FIELD_TYPES:
                raise ValueError(f"unknown field type {t!r}; one of {', '.join(FIELD_TYPES)} (MUHQ-BOARD-3)")  # i18n: no
        self.name = name
        self.width, self.height, self.size = width, height, n
        self.types: tuple[str, ...] = tuple(types)
        self.x: tuple[int, ...] = tuple(i % width for i in range(n))
        self.y: tuple[int, ...] = tuple(i // width for i in range(n))
        self.high_ground: tuple[bool, ...] = tuple(t == HIGH_GROUND for t in self.types)  # MUHQ-COMBAT-10
        self.income: tuple[int, ...] = tuple(income) if income is not None else (0,) * n
        self.area_of: tuple[str | None, ...] = tuple(area_of) if area_of is not None else (None,) * n
        if len(self.income) != n or len(self.area_of) != n:
            raise ValueError("income and area_of need one entry per field")  # i18n: no
        self.area_points: dict[str, int] = dict(area_points or {})
        areas: dict[str, list[Cell]] = {}
        for i, a in enumerate(self.area_of):
            if a is not None:
                areas.setdefault(a, []).append(i)
        self.areas: dict[str, tuple[Cell, ...]] = {a: tuple(cs) for a, cs in sorted(areas.items())}
        self.spawns: dict[int, tuple[Cell, ...]] = {seat: tuple(sorted(set(cs))) for seat, cs in
                                                    sorted((spawns or {}).items())}
        seats: list[set[int]] = [set() for _ in range(n)]
        for seat, cs in self.spawns.items():
            for c in cs:
                if not 0 <= c < n:
                    raise ValueError(f"spawn cell {c} of seat {seat} is not on the {width} × {height} board")  # i18n: no
                seats[c].add(seat)
        self.spawn_seats: tuple[frozenset[int], ...] = tuple(frozenset(s) for s in seats)
        #: each field as a view shows it (type, spawn seats, income, area): the same in every view, so it is
        #: made once; a view copies it (``fields_json``)
        self._fields_json: list[dict] = []
        for c in range(n):
            f: dict = {"type": self.types[c]}
            if self.spawn_seats[c]:
                f["spawn"] = sorted(self.spawn_seats[c])
            if self.income[c]:
                f["income"] = self.income[c]
            if self.area_of[c]:
                f["area"] = self.area_of[c]
            self._fields_json.append(f)

        # MUHQ-BOARD-5: which fields a permanent may stand on, by "is it swimming" (False, True). Indexed by
        # a bool, so the hot path does one tuple lookup per field instead of comparing type strings.
        self._fits: tuple[tuple[bool, ...], tuple[bool, ...]] = (
            tuple(t in (NORMAL, HIGH_GROUND) for t in self.types),
            tuple(t == DEEP_WATER for t in self.types))

        # The 8-neighbourhood, in reading order. MUHQ-MOVE-1: a step goes to one of these.
        nbrs = []
        for i in range(n):
            x, y = self.x[i], self.y[i]
            nbrs.append(tuple((ny * width + nx, nx != x and ny != y)
                              for ny in (y - 1, y, y + 1) for nx in (x - 1, x, x + 1)
                              if (nx, ny) != (x, y) and 0 <= nx < width and 0 <= ny < height))
        self.neighbours: tuple[tuple[tuple[Cell, bool], ...], ...] = tuple(nbrs)
        self._adjacent: tuple[frozenset[Cell], ...] = tuple(frozenset(c for c, _ in ns) for ns in nbrs)
        # The largest distance between two fields of this board: a larger radius changes nothing, so cache
        # keys clamp to it (no unbounded cache growth from r = 10**9).
        self.max_distance = distance(0, 0, width - 1, height - 1)
        # A cheapest path never enters a field twice, so it has at most n - 1 steps of cost <= 2 each.
        self._max_movement = 2 * n
        self._in_range: dict[tuple[Cell, int], tuple[Cell, ...]] = {}
        self._by_distance: dict[Cell, tuple[tuple[int, Cell], ...]] = {}
        # Reachable sets keyed by everything they depend on (see reachable); bounded.
        self._reach = lru_cache(maxsize=8192)(self._table_search)
        self._paths = lru_cache(maxsize=16384)(self._flat_paths)  # the same, flattened (flat_reachable)
        # The candidate paths of every move, by (start, movement, swimming), built on first use (_move_table).
        self._move_tables: dict[tuple[Cell, int, bool], tuple] = {}
        self._dist_from: list[tuple[int, ...] | None] = [None] * n  # distance rows, filled on first use
        self._xy_pairs = tuple(zip(self.x, self.y))  # (x, y) by cell, for flattening paths
        self._pair_cells: dict[tuple[int, ...], tuple[Cell, ...]] = {}  # paths as x, y pairs -> cells (pair_cells)

    # -- construction ------------------------------------------------------------------------------------
    def fields_json(self) -> list[dict]:
        """The fields as a view shows them, a fresh copy each time (a reader may change its view)."""
        return [{**f, "spawn": list(f["spawn"])} if "spawn" in f else f.copy() for f in self._fields_json]

    @classmethod
    def from_board(cls, board: Board) -> Grid:
        """The grid of a loaded board (schema.Board): types, income and area per field, spawns, area points."""
        w, h = board.width, board.height
        fields = [board.field_at(x, y) for y in range(h) for x in range(w)]
        return cls(w, h, [f.type for f in fields], income=[f.income for f in fields],
                   area_of=[f.area for f in fields], area_points={a: v.points for a, v in board.areas.items()},
                   spawns={seat: [y * w + x for x, y in board.spawn_fields(seat)] for seat in range(board.players)},
                   name=board.id)

    @classmethod
    def from_rows(cls, rows: Sequence[str], legend: Mapping[str, str] | None = None, *,
                  spawns: Mapping[int, Iterable[tuple[int, int]]] | None = None, name: str = "") -> Grid:
        """A grid from a layout (row y = rows[y]) and a legend character -> field type (default: . ~ ^ #)."""
        legend = DEFAULT_LEGEND if legend is None else legend
        height, width = len(rows), len(rows[0]) if rows else 0
        if any(len(r) != width for r in rows):
            raise ValueError("every row needs the same number of characters (MUHQ-BOARD-2)")  # i18n: no
        return cls(width, height, [legend[ch] for row in rows for ch in row], name=name,
                   spawns={s: [y * width + x for x, y in at] for s, at in (spawns or {}).items()})

    # -- cells and coordinates (MUHQ-BOARD-2) ------------------------------------------------------------
    def on_board(self, x: int, y: int) -> bool:
        return 0 <= x < self.width and 0 <= y < self.height

    def cell(self, x: int, y: int) -> Cell:
        """The cell index of (x, y); ValueError off the board."""
        if not self.on_board(x, y):
            raise ValueError(f"({x}, {y}) is not on the {self.width} × {self.height} board")  # i18n: no
        return y * self.width + x

    def cell_or_none(self, x: int, y: int) -> Cell | None:
        return y * self.width + x if self.on_board(x, y) else None

    def xy(self, cell: Cell) -> tuple[int, int]:
        return self.x[cell], self.y[cell]

    def pair_cells(self, pairs: Sequence[int]) -> tuple[Cell, ...]:
        """The cells of fields given as x, y pairs (``(x1, y1, x2, y2, …)``, the form a move action names its
        path in; an even length), -1 for a pair off the board. Kept per path (a tuple): the listed moves name
        the same paths again and again."""
        hit = self._pair_cells.get(pairs) if type(pairs) is tuple else None
        if hit is None:
            width, height = self.width, self.height
            cells = []
            for i in range(0, len(pairs), 2):
                x, y = pairs[i], pairs[i + 1]
                cells.append(y * width + x if 0 <= x < width and 0 <= y < height else -1)  # on_board, cell
            hit = tuple(cells)
            if type(pairs) is tuple:
                if len(self._pair_cells) >= 20_000:
                    self._pair_cells.clear()
                self._pair_cells[pairs] = hit
        return hit

    def __repr__(self) -> str:
        return f"Grid({self.name or '?'}, {self.width} × {self.height})"

    # -- field properties (MUHQ-BOARD-3) -----------------------------------------------------------------
    def type_of(self, cell: Cell) -> str:
        return self.types[cell]

    def is_wall(self, cell: Cell) -> bool:
        return self.types[cell] == WALL

    def spawn_cells(self, seat: int) -> tuple[Cell, ...]:
        """The spawn fields of a seat in reading order (MUHQ-BOARD-8)."""
        return self.spawns.get(seat, ())

    def area_cells(self, area: str) -> tuple[Cell, ...]:
        return self.areas.get(area, ())

    # -- availability (MUHQ-BOARD-5, MUHQ-BOARD-6) -------------------------------------------------------
    def fits(self, cell: Cell, swimming: bool) -> bool:
        """MUHQ-BOARD-5: the field's type allows the permanent (walls never; deep water only swimming)."""
        return 0 <= cell < self.size and self._fits[bool(swimming)][cell]

    def fits_table(self, swimming: bool) -> tuple[bool, ...]:
        """MUHQ-BOARD-5 for every cell at once, indexed by cell (what :meth:`fits` looks up)."""
        return self._fits[bool(swimming)]

    def available_for(self, cell: Cell, swimming: bool, occupied: Container[Cell]) -> bool:
        """MUHQ-BOARD-6: on the board, not a wall, the type fits (MUHQ-BOARD-5), no permanent on it."""
        return 0 <= cell < self.size and self._fits[bool(swimming)][cell] and cell not in occupied

    def unavailable_reason(self, cell: Cell, swimming: bool, occupied: Container[Cell]) -> str | None:
        """Why a field is not available for a permanent, in plain words with the rule; None if it is."""
        if not 0 <= cell < self.size:
            return _("cell {cell} is not on the board (MUHQ-BOARD-6)", cell=cell)
        where, t = self._at(cell), self.types[cell]
        if t == WALL:
            return _("{field} is a wall; nothing can stand on a wall (MUHQ-BOARD-5)", field=where)
        if swimming and t != DEEP_WATER:
            message = (N_("{field} is high ground; a swimming unit may enter only deep water (MUHQ-BOARD-5, "
                          "MUHQ-MOVE-10)") if t == HIGH_GROUND else
                       N_("{field} is normal; a swimming unit may enter only deep water (MUHQ-BOARD-5, MUHQ-MOVE-10)"))
            return _(message, field=where)
        if not swimming and t == DEEP_WATER:
            return _("{field} is deep water; only swimming units may enter it (MUHQ-BOARD-5)", field=where)
        if cell in occupied:
            return _("{field} is occupied; a unit cannot enter or pass through a permanent (MUHQ-BOARD-6)",
                     field=where)
        return None

    def _at(self, cell: Cell) -> str:
        return f"({self.x[cell]}, {self.y[cell]})"

    # -- distance and ranges on cells (MUHQ-RANGE) -------------------------------------------------------
    def distance(self, a: Cell, b: Cell) -> int:
        """MUHQ-RANGE-2 between two cells (looked up in the distance row of ``a``, see dist_from)."""
        row = self._dist_from[a]
        if row is None:
            row = self.dist_from(a)
        return row[b]

    def in_range(self, a: Cell, b: Cell, r: int) -> bool:
        return self.distance(a, b) <= r

    def adjacent(self, a: Cell, b: Cell) -> bool:
        """MUHQ-RANGE-4 / MUHQ-MOVE-1: b is one of the 8 fields around a."""
        return b in self._adjacent[a]

    def cells_in_range(self, cell: Cell, r: int) -> tuple[Cell, ...]:
        """Every field within range r of ``cell`` (itself included), in reading order. Ranges ignore field
        types and occupants (MUHQ-RANGE-5). Cached per (cell, r)."""
        if r < 0:
            return ()
        if r > self.max_distance:
            r = self.max_distance
        key = (cell, r)
        hit = self._in_range.get(key)
        if hit is None:
            x0, y0, w, h = self.x[cell], self.y[cell], self.width, self.height
            hit = tuple((y0 + dy) * w + x0 + dx for dx, dy in range_offsets(r)
                        if 0 <= x0 + dx < w and 0 <= y0 + dy < h)
            self._in_range[key] = hit
        return hit

    def dist_from(self, cell: Cell) -> tuple[int, ...]:
        """MUHQ-RANGE-2 from ``cell`` to every cell, indexed by cell. Cached per cell."""
        row = self._dist_from[cell]
        if row is None:
            x0, y0, xs, ys = self.x[cell], self.y[cell], self.x, self.y
            row = self._dist_from[cell] = tuple(distance(x0, y0, xs[c], ys[c]) for c in range(self.size))
        return row

    def cells_by_distance(self, cell: Cell) -> tuple[tuple[int, Cell], ...]:
        """Every field as (distance, cell), by distance, then reading order. Cached per cell."""
        hit = self._by_distance.get(cell)
        if hit is None:
            hit = tuple(sorted((self.distance(cell, c), c) for c in range(self.size)))
            self._by_distance[cell] = hit
        return hit

    def nearest_available(self, start: Cell, is_available: Callable[[Cell], bool],
                          max_distance: int | None = None) -> Cell | None:
        """The first field with ``is_available(cell)`` by smallest distance from ``start``, then reading order
        (MUHQ-WIN-7); ``start`` itself comes first (distance 0). ``max_distance`` limits the search (1 for a
        drop, MUHQ-PILE-4). None if no field qualifies."""
        for d, c in self.cells_by_distance(start):
            if max_distance is not None and d > max_distance:
                return None
            if is_available(c):
                return c
        return None

    # -- movement (MUHQ-MOVE) ----------------------------------------------------------------------------
    def path_cost(self, start: Cell, path: Sequence[Cell]) -> int:
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

    def check_path(self, start: Cell, path: Sequence[Cell], movement: int, swimming: bool,
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

    def reachable(self, start: Cell, movement: int, swimming: bool, occupied: Container[Cell],
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

    def flat_reachable(self, start: Cell, movement: int, swimming: bool, occupied: Iterable[Cell],
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

    def _flat_paths(self, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
                    ends: tuple[Cell, ...]) -> tuple[tuple[Cell, tuple[int, ...]], ...]:
        if movement > self.TABLE_MOVEMENT:
            xs, ys = self.x, self.y
            return tuple((end, tuple(v for c in path for v in (xs[c], ys[c])))
                         for end, (_, path) in self._search(start, movement, swimming, blocked, ends))
        return self._table_pick(start, movement, swimming, blocked, ends, 2)

    #: Moves up to this movement are answered from the candidate tables (_move_table); longer ones (no card has
    #: them, but modifiers add up) by the search, whose tables would grow too large.
    TABLE_MOVEMENT = 4

    def _table_search(self, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
                      ends: tuple[Cell, ...]) -> tuple[tuple[Cell, tuple[int, Path]], ...]:
        """What :meth:`_search` answers, looked up instead of searched (see _table_pick)."""
        if movement > self.TABLE_MOVEMENT:
            return self._search(start, movement, swimming, blocked, ends)
        return self._table_pick(start, movement, swimming, blocked, ends, 1)

    def _table_pick(self, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
                    ends: tuple[Cell, ...], form: int) -> tuple:
        """Each legal end field with its best path, in reading order of the end: as (end, (cost, path)) with
        ``form`` 1 (what _search answers), as (end, path flattened to x, y pairs) with ``form`` 2.

        For each end field the table lists the paths that can be its answer, best first (cheapest, then first
        in reading order); the answer is the first of them whose entered fields before the end are all free,
        because blocking fields only takes paths away: the best path that is left is the best of all (see
        _move_table)."""
        table = self._move_tables.get((start, movement, swimming))
        if table is None:
            table = self._move_table(start, movement, swimming)
        out = []
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

    def _move_table(self, start: Cell, movement: int, swimming: bool) -> tuple:
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
        table = []
        for end in sorted(by_end):
            kept: list[tuple[int, tuple[int, Path], tuple[int, ...]]] = []
            for cost, path, inner, _ in sorted(by_end[end]):  # by cost, then path (the paths differ)
                for k in kept:
                    if k[0] | inner == inner:  # an earlier one's fields are a subset
                        break
                else:
                    kept.append((inner, (cost, path), tuple(chain.from_iterable(map(xy, path)))))
            table.append((end, fits[end], tuple(kept)))
        table = self._move_tables[(start, movement, swimming)] = tuple(table)
        return table

    def _check_start(self, start: Cell) -> None:
        # A start off the board is a caller's mistake, not a rule violation; a negative index would
        # otherwise silently wrap around the per-cell tuples.
        if not 0 <= start < self.size:
            raise ValueError(f"the start cell {start} is not on the {self.width} × {self.height} board")  # i18n: no

    def _search(self, start: Cell, movement: int, swimming: bool, blocked: tuple[Cell, ...],
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
