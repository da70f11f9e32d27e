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
from typing import TYPE_CHECKING, Any

from . import grid_move as _move
from . import grid_search as _paths
from .grid_search import _in_range as _in_range  # (kept importable here)
from .words import N_, _

if TYPE_CHECKING:  # only for annotations: importing the model would pull pydantic into the hot path's import
    from .schema.boards import Board

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
#: A candidate path in a move table: (the fields entered before the end as bits, (cost, path), the path
#: flattened to x, y pairs).
Candidate = tuple[int, tuple[int, Path], tuple[int, ...]]
#: The candidate paths of every move from one start (_move_table): each end field as (end, its type fits, its
#: candidates, best first).
MoveTable = tuple[tuple[Cell, bool, tuple[Candidate, ...]], ...]


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
        self._fields_json: list[dict[str, Any]] = []
        for c in range(n):
            f: dict[str, Any] = {"type": self.types[c]}
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
        self._move_tables: dict[tuple[Cell, int, bool], MoveTable] = {}
        self._dist_from: list[tuple[int, ...] | None] = [None] * n  # distance rows, filled on first use
        self._xy_pairs = tuple(zip(self.x, self.y))  # (x, y) by cell, for flattening paths
        self._pair_cells: dict[tuple[int, ...], tuple[Cell, ...]] = {}  # paths as x, y pairs -> cells (pair_cells)

    # -- construction ------------------------------------------------------------------------------------
    def fields_json(self) -> list[dict[str, Any]]:
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

    # -- movement (MUHQ-MOVE): in grid_move; the path search behind it in grid_search ----------------------
    path_cost = _move.path_cost
    check_path = _move.check_path
    reachable = _move.reachable
    flat_reachable = _move.flat_reachable
    _flat_paths = _paths._flat_paths

    #: Moves up to this movement are answered from the candidate tables (_move_table); longer ones (no card has
    #: them, but modifiers add up) by the search, whose tables would grow too large.
    TABLE_MOVEMENT = 4

    _table_search = _paths._table_search
    _table_pick = _paths._table_pick
    _move_table = _paths._move_table
    _check_start = _move._check_start
    _search = _paths._search
