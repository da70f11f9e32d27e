"""muhq's board geometry (grid.py): distance and ranges (MUHQ-RANGE, spec 4.1), fields and availability
(MUHQ-BOARD), movement paths (MUHQ-MOVE), the nearest-field order (MUHQ-WIN-7, MUHQ-PILE-4), and the
acceptance scenarios AS-01, AS-04 and AS-05.

There is no game state yet: occupants are plain cell indices. The property tests compare the path search
with a brute force over every step sequence, written here from the rules with coordinates only.
"""

from __future__ import annotations

import re
import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from cardtable.games.muhq.data import load_board
from cardtable.games.muhq.grid import (DEEP_WATER, HIGH_GROUND, NORMAL, WALL, Grid, adjacent,
                                       count_in_range, distance, in_range, move_cost, range_offsets)
from tests.spec import spec_text

# Spec 4.1: the distance around an origin, row = dy from -4 to +4, column = dx from -4 to +4 (O = 0).
TABLE_9X9 = """
6 5 5 4 4 4 5 5 6
5 4 4 3 3 3 4 4 5
5 4 3 2 2 2 3 4 5
4 3 2 1 1 1 2 3 4
4 3 2 1 O 1 2 3 4
4 3 2 1 1 1 2 3 4
5 4 3 2 2 2 3 4 5
5 4 4 3 3 3 4 4 5
6 5 5 4 4 4 5 5 6
"""
# Spec 4.1: |x| across, |y| down.
TABLE_5X5 = [[0, 1, 2, 3, 4], [1, 1, 2, 3, 4], [2, 2, 3, 4, 5], [3, 3, 4, 4, 5], [4, 4, 5, 5, 6]]
# Spec 4.1 test points and AS-01's checks: (x, y) relative to the origin -> d.
TEST_POINTS = {(0, 0): 0, (1, 1): 1, (2, 2): 3, (3, 3): 4, (4, 4): 6, (3, 1): 3, (1, 3): 3, (3, 2): 4,
               (-3, 2): 4, (4, 2): 5, (4, 3): 5, (0, -4): 4, (-4, -1): 4}
AS_01_POINTS = {(0, 0): 0, (1, 0): 1, (1, 1): 1, (2, 1): 2, (2, 2): 3, (3, 1): 3, (3, 2): 4, (3, 3): 4,
                (4, 2): 5, (4, 3): 5, (4, 4): 6, (-3, 2): 4, (0, -4): 4}


def parse_table(text: str) -> dict[tuple[int, int], int]:
    rows = [line.split() for line in text.strip().splitlines()]
    return {(dx - 4, dy - 4): 0 if v == "O" else int(v) for dy, row in enumerate(rows) for dx, v in enumerate(row)}


def arena() -> Grid:
    return Grid.from_board(load_board("arena-9"))


def cells(grid: Grid, *xys: tuple[int, int]) -> list[int]:
    return [grid.cell(x, y) for x, y in xys]


# -- MUHQ-RANGE ----------------------------------------------------------------------------------------
def test_MUHQ_RANGE_1_radius_zero_holds_only_the_origin():
    g = arena()
    for c in range(g.size):
        assert g.cells_in_range(c, 0) == (c,)
        assert g.cells_in_range(c, -1) == ()
    assert range_offsets(0) == ((0, 0),) and count_in_range(-1) == 0


def test_MUHQ_RANGE_2_distance_table():
    table = parse_table(TABLE_9X9)
    assert len(table) == 81
    for (dx, dy), d in table.items():
        assert distance(0, 0, dx, dy) == d, (dx, dy)
        assert distance(4, 4, 4 + dx, 4 + dy) == d  # only the difference counts
        assert distance(dx, dy, 0, 0) == d
        assert TABLE_5X5[abs(dy)][abs(dx)] == d
    for (x, y), d in TEST_POINTS.items():
        assert distance(0, 0, x, y) == d, (x, y)
    # max(|dx|, |dy|) + floor(min / 2), also far out
    for dx in range(-20, 21):
        for dy in range(-20, 21):
            a, b = sorted((abs(dx), abs(dy)))
            assert distance(3, -7, 3 + dx, -7 + dy) == b + a // 2
    g = arena()
    for a in range(g.size):
        for b in range(g.size):
            assert g.distance(a, b) == distance(*g.xy(a), *g.xy(b))


def test_MUHQ_RANGE_2_table_is_the_spec_table():
    spec = spec_text("muhq.md")
    if spec is None:
        pytest.skip("the specification is not beside the checkout")
    section = spec[spec.index("### 4.1 "):spec.index("### 4.2 ")]
    block = re.search(r"```\n(6 5 5 .*?)```", section, re.S).group(1)
    assert parse_table(block) == parse_table(TABLE_9X9)
    line = next(ln for ln in section.splitlines() if ln.startswith("Test points:")).replace("−", "-")
    points = re.findall(r"d\((-?\d+),\s*(-?\d+)\)\s*=\s*(\d+)", line)
    assert {(int(x), int(y)): int(d) for x, y, d in points} == TEST_POINTS


def test_MUHQ_RANGE_3_in_range():
    assert in_range(0, 0, 0, 0, 0)  # the origin is in every range of itself
    assert not in_range(0, 0, 3, 2, 3) and in_range(0, 0, 3, 2, 4)
    assert in_range(0, 0, -2, -2, 3) and not in_range(0, 0, -2, -2, 2)
    g = arena()
    centre = g.cell(4, 4)
    for r in range(0, 8):
        inside = g.cells_in_range(centre, r)
        assert inside == tuple(sorted(inside))  # reading order
        assert set(inside) == {c for c in range(g.size) if distance(4, 4, *g.xy(c)) <= r}
        assert all(g.in_range(centre, c, r) == (c in inside) for c in range(g.size))
    # a corner sees fewer fields; a radius beyond the board holds the whole board
    assert len(g.cells_in_range(0, 1)) == 4 and g.cells_in_range(0, 99) == tuple(range(g.size))


def test_MUHQ_RANGE_4_adjacent():
    around = {(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)} - {(0, 0)}
    for dx in range(-3, 4):
        for dy in range(-3, 4):
            assert adjacent(5, 5, 5 + dx, 5 + dy) == ((dx, dy) in around)
            assert in_range(5, 5, 5 + dx, 5 + dy, 1) == ((dx, dy) in around | {(0, 0)})
    g = arena()
    assert [g.xy(c) for c, _ in g.neighbours[g.cell(4, 4)]] == [
        (3, 3), (4, 3), (5, 3), (3, 4), (5, 4), (3, 5), (4, 5), (5, 5)]
    assert [diag for _, diag in g.neighbours[g.cell(4, 4)]] == [True, False, True, False, False, True, False, True]
    assert len(g.neighbours[0]) == 3 and len(g.neighbours[g.cell(4, 0)]) == 5
    # the end of a row is not next to the start of the following one, although their indices are
    assert not g.adjacent(g.cell(8, 0), g.cell(0, 1)) and g.cell(0, 1) - g.cell(8, 0) == 1
    assert not g.adjacent(0, 0)


def test_MUHQ_RANGE_5_ranges_ignore_field_types_and_occupants():
    g = Grid.from_rows(["~#^", "#.#", "^#~"])
    assert g.cells_in_range(g.cell(1, 1), 1) == tuple(range(9))
    assert g.distance(g.cell(0, 0), g.cell(2, 2)) == 3


def test_counts_of_fields_in_range_on_an_unbounded_grid():
    assert [count_in_range(r) for r in range(5)] == [1, 9, 21, 37, 61]
    big = Grid.from_rows(["." * 21] * 21)
    centre = big.cell(10, 10)
    assert [len(big.cells_in_range(centre, r)) for r in range(5)] == [1, 9, 21, 37, 61]
    # further out, the board agrees with the pure count as long as the range stays on it (d(10, 5) = 12)
    assert all(len(big.cells_in_range(centre, r)) == count_in_range(r) for r in range(11))


# -- AS-01 ---------------------------------------------------------------------------------------------
def test_AS_01_range_function():
    for (x, y), d in AS_01_POINTS.items():
        assert distance(0, 0, x, y) == d, (x, y)
    assert not in_range(0, 0, 3, 2, 3)
    assert in_range(0, 0, 3, 2, 4)
    assert in_range(0, 0, -2, -2, 3)
    table = parse_table(TABLE_9X9)
    assert all(distance(0, 0, x, y) == table[x, y] for x in range(-4, 5) for y in range(-4, 5))
    # the same on the test board, from its centre
    g = arena()
    for c in range(g.size):
        x, y = g.xy(c)
        assert g.distance(g.cell(4, 4), c) == table[x - 4, y - 4]


# -- MUHQ-BOARD ----------------------------------------------------------------------------------------
def test_MUHQ_BOARD_2_cells_and_coordinates():
    g = Grid.from_rows(["....", "....", "...."])
    assert (g.width, g.height, g.size) == (4, 3, 12)
    assert [g.xy(c) for c in range(g.size)] == [(x, y) for y in range(3) for x in range(4)]  # reading order
    assert g.cell(3, 1) == 7 and g.cell_or_none(4, 0) is None and g.cell_or_none(0, -1) is None
    with pytest.raises(ValueError):
        g.cell(4, 0)
    with pytest.raises(ValueError):
        Grid.from_rows(["...", ".."])
    with pytest.raises(ValueError):
        Grid(2, 2, [NORMAL] * 3)


def test_MUHQ_BOARD_3_field_types_and_properties_of_the_packaged_boards():
    for name in ("arena-9", "river-crown", "three-hills", "bastion-run"):
        board = load_board(name)
        g = Grid.from_board(board)
        assert (g.width, g.height, g.name) == (board.width, board.height, name)
        for c in range(g.size):
            f = board.field_at(*g.xy(c))
            assert (g.types[c], g.income[c], g.area_of[c]) == (f.type, f.income, f.area)
            assert g.high_ground[c] == (f.type == HIGH_GROUND) and g.is_wall(c) == (f.type == WALL)
        for seat in range(board.players):
            reading = sorted(board.spawn_fields(seat), key=lambda p: (p[1], p[0]))
            assert [g.xy(c) for c in g.spawn_cells(seat)] == reading
            assert all(seat in g.spawn_seats[c] for c in g.spawn_cells(seat))
        for area in board.areas:
            assert sorted(g.xy(c) for c in g.area_cells(area)) == sorted(board.area_fields(area))
    hills = Grid.from_board(load_board("three-hills"))
    assert hills.area_points == {"center": 2, "west_hill": 1, "east_hill": 1}
    assert [hills.xy(c) for c in hills.area_cells("center")] == [(2, 2), (3, 2), (2, 3), (3, 3)]
    assert hills.income[hills.cell(4, 1)] == 1 and hills.high_ground[hills.cell(1, 1)]
    river = Grid.from_board(load_board("river-crown"))
    assert [river.xy(c) for c in range(river.size) if river.types[c] == DEEP_WATER] == [
        (0, 3), (1, 3), (2, 3), (4, 3), (5, 3), (6, 3)]
    assert river.spawn_seats[river.cell(0, 3)] == {0} and river.spawn_seats[river.cell(3, 3)] == frozenset()
    bastion = Grid.from_board(load_board("bastion-run"))
    assert [bastion.xy(c) for c in range(bastion.size) if bastion.is_wall(c)] == [(3, 0), (3, 4)]
    with pytest.raises(ValueError):
        Grid(1, 1, ["lava"])


def test_MUHQ_BOARD_5_field_types_and_swimming():
    g = Grid.from_rows([".~^#"])
    normal, water, hill, wall = range(4)
    assert [g.types[c] for c in range(4)] == [NORMAL, DEEP_WATER, HIGH_GROUND, WALL]
    assert [g.fits(c, False) for c in range(4)] == [True, False, True, False]
    assert [g.fits(c, True) for c in range(4)] == [False, True, False, False]
    assert "wall" in g.unavailable_reason(wall, True, ()) and "MUHQ-BOARD-5" in g.unavailable_reason(water, False, ())
    assert "swimming" in g.unavailable_reason(hill, True, ())
    assert g.unavailable_reason(normal, False, ()) is None and g.unavailable_reason(water, True, ()) is None


def test_MUHQ_BOARD_6_available_fields():
    g = Grid.from_rows([".~^#"])
    normal, water, hill, wall = range(4)
    assert g.available_for(normal, False, set()) and g.available_for(hill, False, [])
    assert not g.available_for(normal, False, {normal})  # a permanent stands on it
    assert g.available_for(water, True, {normal}) and not g.available_for(water, True, {water})
    assert not g.available_for(wall, False, ()) and not g.available_for(wall, True, ())
    assert not g.available_for(-1, False, ()) and not g.available_for(4, False, ())  # not on the board
    assert "occupied" in g.unavailable_reason(normal, False, {normal})
    assert "not on the board" in g.unavailable_reason(9, False, ())


def test_MUHQ_BOARD_7_a_crewable_unit_only_as_the_last_field():
    # A land unit boards a ship in deep water (MUHQ-CREW-2: the field type does not restrict it) ...
    g = Grid.from_rows(["...", ".~.", "..."])
    start, ship, beyond = cells(g, (0, 1), (1, 1), (2, 1))
    occupied = {start, ship}
    assert g.check_path(start, [ship], 2, False, occupied, may_end_on={ship}) is None
    reach = g.reachable(start, 2, False, occupied, may_end_on={ship})
    assert reach[ship] == (1, (ship,))
    # ... but never passes through it, and without the exception the field is not available
    assert g.check_path(start, [ship, beyond], 2, False, occupied, may_end_on={ship})[0] == "MUHQ-MOVE-4"
    assert "last field" in g.check_path(start, [ship, beyond], 2, False, occupied, may_end_on={ship})[1]
    assert beyond not in g.reachable(start, 2, False, occupied, may_end_on={ship})  # around the ship: 3
    assert g.reachable(start, 3, False, occupied, may_end_on={ship})[beyond] == (
        3, tuple(cells(g, (0, 0), (1, 0), (2, 1))))  # 1 + 1 + 1; (1,0), (2,0), (2,1) costs 3 too but reads later
    assert ship not in g.reachable(start, 2, False, occupied)
    assert g.check_path(start, [ship], 2, False, occupied)[0] == "MUHQ-MOVE-4"
    # occupied fields around a crewable one still block
    g = arena()
    start, blocker, wagon = cells(g, (0, 0), (1, 0), (2, 0))
    assert wagon not in g.reachable(start, 2, False, {start, blocker, wagon}, may_end_on={wagon})
    reach = g.reachable(start, 3, False, {start, blocker, wagon}, may_end_on={wagon})
    # cost 3 either way: (1,1) then (2,0) costs 1 + 2; (0,1), (1,1), (2,0) costs 1 + 1 + 1 and reads first
    assert reach[wagon] == (3, tuple(cells(g, (0, 1), (1, 1), (2, 0))))
    assert reach[wagon][0] == g.path_cost(start, reach[wagon][1])


# -- MUHQ-MOVE -----------------------------------------------------------------------------------------
def test_MUHQ_MOVE_1_steps_go_to_the_8_adjacent_fields():
    g = arena()
    start = g.cell(4, 4)
    ends = g.reachable(start, 1, False, {start})
    assert sorted(ends) == sorted(c for c, _ in g.neighbours[start])  # orthogonal and the first diagonal: 1
    problem = g.check_path(start, [g.cell(6, 4)], 9, False, set())
    assert problem[0] == "MUHQ-MOVE-1" and "(4, 4) to (6, 4)" in problem[1]
    assert g.check_path(g.cell(8, 0), [g.cell(0, 1)], 9, False, set())[0] == "MUHQ-MOVE-1"  # no wrap-around
    assert g.check_path(start, [start + 1, start + 1], 9, False, set())[0] == "MUHQ-MOVE-1"  # standing still
    with pytest.raises(ValueError):
        g.path_cost(start, [g.cell(6, 6)])
    with pytest.raises(ValueError):
        g.check_path(-1, [0], 4, False, ())


def test_MUHQ_MOVE_2_diagonal_costs():
    g = arena()
    o = g.cell(0, 0)
    diag = cells(g, (1, 1), (2, 2), (3, 3), (4, 4))
    assert [g.path_cost(o, diag[:k]) for k in range(1, 5)] == [1, 3, 4, 6]  # 1, 1+2, 1+2+1, 1+2+1+2
    assert g.path_cost(o, cells(g, (1, 1), (2, 1))) == 2  # one diagonal + one orthogonal
    assert g.path_cost(o, cells(g, (1, 0), (2, 1))) == 2  # in either order
    # orthogonal steps between diagonals do not reset the count: 1 + 1 + 2
    assert g.path_cost(o, cells(g, (1, 1), (2, 1), (3, 2))) == 4
    assert [move_cost(k, 0) for k in range(7)] == [0, 1, 3, 4, 6, 7, 9] and move_cost(1, 1) == 2
    # the count restarts with every move action: two moves of one diagonal step cost 1 each
    assert g.reachable(o, 1, False, {o})[g.cell(1, 1)] == (1, (g.cell(1, 1),))
    assert g.reachable(g.cell(1, 1), 1, False, {g.cell(1, 1)})[g.cell(2, 2)] == (1, (g.cell(2, 2),))


def test_MUHQ_MOVE_3_cost_at_most_movement_and_end_within_range():
    g = arena()
    start = g.cell(4, 4)
    for m in range(0, 7):
        ends = g.reachable(start, m, False, {start})
        assert set(ends) == set(g.cells_in_range(start, m)) - {start}
        assert all(cost <= m for cost, _ in ends.values())
    problem = g.check_path(start, cells(g, (5, 5), (6, 6)), 2, False, {start})
    assert problem[0] == "MUHQ-MOVE-3" and "costs 3" in problem[1] and "movement 2" in problem[1]
    assert g.reachable(start, 0, False, ()) == {} and g.reachable(start, -3, False, ()) == {}


def test_MUHQ_MOVE_4_every_entered_field_available():
    g = Grid.from_rows([".....", ".#~..", "....."])
    start = g.cell(0, 1)
    own, enemy = g.cell(0, 0), g.cell(1, 0)
    occupied = {start, own, enemy}
    reach = g.reachable(start, 4, False, occupied)
    assert own not in reach and enemy not in reach  # own and enemy permanents alike
    assert g.cell(1, 1) not in reach and g.cell(2, 1) not in reach  # wall, deep water
    # the way east goes along the bottom row. (1,2), (2,2), (3,1) costs 1 + 1 + 2 (the second diagonal);
    # (0,2), (1,2), (2,2), (3,1) costs 1 + 1 + 1 + 1 as well and comes first in reading order
    assert reach[g.cell(3, 1)] == (4, tuple(cells(g, (0, 2), (1, 2), (2, 2), (3, 1))))
    assert g.path_cost(start, cells(g, (1, 2), (2, 2), (3, 1))) == 4
    assert g.cell(3, 0) not in reach
    problem = g.check_path(start, cells(g, (1, 0), (2, 0)), 9, False, occupied)
    assert problem == ("MUHQ-MOVE-4", "step 1: (1, 0) is occupied; a unit cannot enter or pass through a "
                                      "permanent (MUHQ-BOARD-6)")
    assert "wall" in g.check_path(start, [g.cell(1, 1)], 9, False, occupied)[1]
    assert g.check_path(start, [start], 9, False, occupied)[0] == "MUHQ-MOVE-1"  # not a step at all
    # the start field is never entered again, even when it is not marked occupied
    assert g.check_path(start, cells(g, (0, 2), (0, 1)), 9, False, set())[0] == "MUHQ-MOVE-4"
    assert start not in g.reachable(start, 9, False, set())
    # a path that enters another field twice is legal if every entered field is available
    assert g.check_path(start, cells(g, (0, 2), (1, 2), (0, 2)), 9, False, occupied) is None
    assert g.check_path(start, [-1], 9, False, occupied)[0] == "MUHQ-MOVE-4"


def test_MUHQ_MOVE_5_at_least_one_step():
    g = arena()
    start = g.cell(2, 2)
    assert g.check_path(start, [], 4, False, {start}) == ("MUHQ-MOVE-5", "a move needs at least one step")
    assert start not in g.reachable(start, 4, False, {start})
    boxed = {c for c, _ in g.neighbours[start]} | {start}
    assert g.reachable(start, 4, False, boxed) == {}


def test_MUHQ_MOVE_9_the_start_field_need_not_be_available():
    # A land crew member leaves a ship standing in deep water: its path starts on the ship's field.
    g = Grid.from_rows(["~~~", "~~.", "~~~"])
    ship, shore = g.cell(1, 1), g.cell(2, 1)
    assert g.reachable(ship, 2, False, {ship}) == {shore: (1, (shore,))}
    assert g.check_path(ship, [shore], 1, False, {ship}) is None
    # the guard for an ordinary move: a land unit cannot stand in deep water
    with pytest.raises(ValueError, match="MUHQ-BOARD-5"):
        g.reachable(ship, 2, False, {ship}, start_needs_not_be_available=False)
    assert g.reachable(shore, 1, False, {shore}, start_needs_not_be_available=False) == {}


def test_MUHQ_MOVE_10_a_swimming_unit_enters_only_deep_water():
    river = Grid.from_board(load_board("river-crown"))
    start = river.cell(0, 3)
    reach = river.reachable(start, 9, True, {start})
    assert [river.xy(c) for c in reach] == [(1, 3), (2, 3)]  # the ford (3, 3) is land
    assert reach[river.cell(2, 3)] == (2, tuple(cells(river, (1, 3), (2, 3))))
    problem = river.check_path(start, [river.cell(0, 2)], 9, True, {start})
    assert problem[0] == "MUHQ-MOVE-4" and "MUHQ-MOVE-10" in problem[1]
    # and a land unit never enters the river; it crosses at the ford
    land = river.reachable(river.cell(3, 4), 2, False, {river.cell(3, 4)})
    assert river.cell(3, 3) in land and not any(river.types[c] == DEEP_WATER for c in land)


def test_reachable_results_are_fresh_and_in_reading_order():
    g = arena()
    start = g.cell(4, 4)
    first = g.reachable(start, 3, False, {start, g.cell(5, 5)})
    assert list(first) == sorted(first)
    first.clear()
    again = g.reachable(start, 3, False, [start, g.cell(5, 5)])
    assert again and g.cell(5, 5) not in again
    # occupants out of reach do not matter (the cache key keeps only those within range)
    assert g.reachable(start, 3, False, {start, g.cell(5, 5), g.cell(0, 0)}) == again
    assert g.reachable(start, 3, False, {start}) != again


# -- nearest fields (MUHQ-WIN-7, MUHQ-PILE-4) and reading order (MUHQ-AI-4) ----------------------------
def test_MUHQ_WIN_7_nearest_available_field():
    g = arena()
    item = g.cell(4, 4)
    taken = {item}
    assert g.nearest_available(item, lambda c: c not in taken) == g.cell(3, 3)  # distance 1, first in reading order
    assert g.nearest_available(item, lambda c: True) == item  # its start field first
    taken = set(g.cells_in_range(item, 1))
    assert g.nearest_available(item, lambda c: c not in taken) == g.cell(3, 2)  # d 2; (2,2) is at d 3
    order = [c for _, c in g.cells_by_distance(item)]
    assert order[:9] == [item] + cells(g, (3, 3), (4, 3), (5, 3), (3, 4), (5, 4), (3, 5), (4, 5), (5, 5))
    keys = [(g.distance(item, c), g.y[c], g.x[c]) for c in order]
    assert keys == sorted(keys) and len(order) == g.size
    assert g.nearest_available(item, lambda c: False) is None


def test_MUHQ_PILE_4_drop_fields_within_range_1_of_the_former_field():
    g = arena()
    wagon = g.cell(0, 0)  # AS-10: the Wagon left (0,0); Recruits stand on (1,0), (0,1), (1,1)
    recruits = set(cells(g, (1, 0), (0, 1), (1, 1)))
    free = [c for c in g.cells_in_range(wagon, 1) if g.available_for(c, False, recruits)]
    assert free == [wagon]
    first = g.nearest_available(wagon, lambda c: g.available_for(c, False, recruits), max_distance=1)
    assert first == wagon
    second = g.nearest_available(wagon, lambda c: g.available_for(c, False, recruits | {first}), max_distance=1)
    assert second is None  # the second member is destroyed


def test_MUHQ_AI_4_cheapest_path_first_in_reading_order():
    # AS-20: from (4,4) to (2,3) the path (3,3), (2,3) comes before (3,4), (2,3); both cost 2.
    g = arena()
    start = g.cell(4, 4)
    enemies = cells(g, (4, 6), (7, 5))
    reach = g.reachable(start, 2, False, {start, *enemies})
    assert reach[g.cell(2, 3)] == (2, tuple(cells(g, (3, 3), (2, 3))))
    assert g.path_cost(start, cells(g, (3, 4), (2, 3))) == 2
    # Two equally cheap ways into the same search state, found in the opposite order: (4,1), (3,1), (2,0)
    # (1 + 1 + 2) is found first, from the cheaper (3,1); (4,1), (3,0), (2,0) (1 + 2 + 1) reads first.
    start = g.cell(5, 2)
    assert g.reachable(start, 4, False, {start})[g.cell(2, 0)] == (4, tuple(cells(g, (4, 1), (3, 0), (2, 0))))


# -- acceptance scenarios AS-04, AS-05 -----------------------------------------------------------------
def test_AS_04_movement_with_diagonal_costs():
    g = arena()
    outrider = g.cell(0, 0)
    occupied = {outrider}
    path_a = cells(g, (1, 1), (2, 2), (3, 3))
    assert g.path_cost(outrider, path_a) == 4 and g.check_path(outrider, path_a, 4, False, occupied) is None
    assert g.reachable(outrider, 4, False, occupied)[g.cell(3, 3)] == (4, tuple(path_a))
    path_b = cells(g, (1, 1), (2, 2), (3, 3), (4, 4))
    assert g.path_cost(outrider, path_b) == 6
    assert g.check_path(outrider, path_b, 4, False, occupied)[0] == "MUHQ-MOVE-3"
    path_c = cells(g, (1, 1), (2, 1), (3, 1), (4, 1))
    assert g.path_cost(outrider, path_c) == 4 and g.check_path(outrider, path_c, 4, False, occupied) is None
    path_d = cells(g, (1, 1), (2, 2), (3, 2), (4, 2))
    assert g.path_cost(outrider, path_d) == 5
    assert g.check_path(outrider, path_d, 4, False, occupied)[0] == "MUHQ-MOVE-3"
    assert g.cell(4, 2) not in g.reachable(outrider, 4, False, occupied)  # no path to (4,2) costs less than 5
    assert g.reachable(outrider, 5, False, occupied)[g.cell(4, 2)][0] == 5 == distance(0, 0, 4, 2)


def test_AS_05_movement_blocked_by_a_permanent():
    g = arena()
    pikeman, recruit = g.cell(0, 0), g.cell(1, 0)
    occupied = {pikeman, recruit}
    problem = g.check_path(pikeman, cells(g, (1, 0), (2, 0)), 2, False, occupied)
    assert problem[0] == "MUHQ-MOVE-4" and "(1, 0) is occupied" in problem[1]
    problem = g.check_path(pikeman, cells(g, (1, 1), (2, 0)), 2, False, occupied)
    assert problem[0] == "MUHQ-MOVE-3" and "costs 3" in problem[1]
    path_c = cells(g, (1, 1), (2, 1))
    assert g.check_path(pikeman, path_c, 2, False, occupied) is None
    reach = g.reachable(pikeman, 2, False, occupied)
    assert reach[g.cell(2, 1)] == (2, tuple(path_c))
    assert g.cell(2, 0) not in reach and recruit not in reach
    assert [g.xy(c) for c in reach] == [(0, 1), (1, 1), (2, 1), (0, 2), (1, 2)]


# -- properties -----------------------------------------------------------------------------------------
def brute_force(grid: Grid, start: int, movement: int, swimming: bool, occupied: set[int],
                may_end_on: set[int]) -> dict[int, tuple[int, tuple[int, ...]]]:
    """Every step sequence from the rules, with coordinates: end -> the smallest (cost, path)."""
    w, h = grid.width, grid.height
    sx, sy = start % w, start // w
    land = {NORMAL, HIGH_GROUND}
    best: dict[int, tuple[int, tuple[int, ...]]] = {}

    def enterable(x: int, y: int) -> bool:
        c = y * w + x
        t = grid.types[c]
        return (t == DEEP_WATER if swimming else t in land) and c not in occupied

    def walk(x: int, y: int, cost: int, diagonals: int, path: tuple[int, ...]) -> None:
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                nx, ny = x + dx, y + dy
                if (dx, dy) == (0, 0) or not (0 <= nx < w and 0 <= ny < h) or (nx, ny) == (sx, sy):
                    continue
                diagonal = dx != 0 and dy != 0
                step = (2 if (diagonals + 1) % 2 == 0 else 1) if diagonal else 1
                if cost + step > movement:
                    continue
                c = ny * w + nx
                free = enterable(nx, ny)
                if not free and c not in may_end_on:
                    continue
                new = (cost + step, path + (c,))
                if c not in best or new < best[c]:
                    best[c] = new
                if free:
                    walk(nx, ny, cost + step, diagonals + diagonal, path + (c,))

    walk(sx, sy, 0, 0, ())
    return dict(sorted(best.items()))


# Mostly land, so that land units find long paths with ties between them; walls and water still common.
FIELD_MIX = [NORMAL] * 5 + [HIGH_GROUND, DEEP_WATER, DEEP_WATER, WALL]


@st.composite
def boards(draw, max_side: int = 7):
    """A random board with a start, occupied cells (about one in six) and crewable ones among them."""
    w, h = draw(st.integers(1, max_side)), draw(st.integers(1, max_side))
    types = draw(st.lists(st.sampled_from(FIELD_MIX), min_size=w * h, max_size=w * h))
    grid = Grid(w, h, types)
    start = draw(st.integers(0, w * h - 1))
    marks = draw(st.lists(st.integers(0, 11), min_size=w * h, max_size=w * h))
    occupied = {c for c, m in enumerate(marks) if m < 2} | {start}
    may_end_on = {c for c, m in enumerate(marks) if m == 0}
    return grid, start, occupied, may_end_on


@settings(max_examples=300)
@given(boards(), st.integers(0, 5), st.booleans())
def test_reachable_is_the_brute_force_over_all_step_sequences(case, movement, swimming):
    grid, start, occupied, may_end_on = case
    reach = grid.reachable(start, movement, swimming, occupied, may_end_on=may_end_on)
    # the same ends, the same cheapest cost, and the same path: the first of the cheapest in reading order
    assert reach == brute_force(grid, start, movement, swimming, occupied, may_end_on)
    for end, (cost, path) in reach.items():
        assert path[-1] == end and grid.path_cost(start, path) == cost <= movement
        assert grid.check_path(start, path, movement, swimming, occupied, may_end_on) is None
        assert grid.check_path(start, path, cost - 1, swimming, occupied, may_end_on)[0] == "MUHQ-MOVE-3"
        assert grid.distance(start, end) <= cost  # MUHQ-MOVE-3: the end is within range movement


@settings(max_examples=300)
@given(boards(), st.integers(1, 6), st.booleans(), st.lists(st.integers(0, 7), min_size=1, max_size=6))
def test_a_path_check_passes_exactly_when_the_search_offers_that_end_as_cheap(case, movement, swimming, turns):
    """A declared path (a random walk) is legal only if its end is reachable at no more than its cost."""
    grid, start, occupied, may_end_on = case
    path, here = [], start
    for t in turns:
        options = grid.neighbours[here]
        here = options[t % len(options)][0] if options else here
        path.append(here)
    problem = grid.check_path(start, path, movement, swimming, occupied, may_end_on)
    reach = grid.reachable(start, movement, swimming, occupied, may_end_on=may_end_on)
    if problem is None:
        assert path[-1] in reach and reach[path[-1]][0] <= grid.path_cost(start, path) <= movement
    else:
        assert problem[0] in ("MUHQ-MOVE-1", "MUHQ-MOVE-3", "MUHQ-MOVE-4")


@settings(max_examples=200)
@given(st.integers(0, 12), st.integers(0, 12), st.integers(0, 12), st.integers(0, 12))
def test_unobstructed_cheapest_cost_is_the_distance(ax, ay, bx, by):
    g = Grid.from_rows(["." * 13] * 13)
    a, b = g.cell(ax, ay), g.cell(bx, by)
    d = distance(ax, ay, bx, by)
    reach = g.reachable(a, d, False, {a})
    if a == b:
        assert b not in reach
    else:
        assert reach[b][0] == d and g.path_cost(a, reach[b][1]) == d
        assert b not in g.reachable(a, d - 1, False, {a})


def test_unobstructed_brute_force_agrees_with_the_distance():
    """Spec 4.1: zig-zag paths are never cheaper than d; checked over every step sequence."""
    g = Grid.from_rows(["." * 9] * 9)
    start = g.cell(4, 4)
    reach = brute_force(g, start, 5, False, {start}, set())
    assert {c: cost for c, (cost, _) in reach.items()} == {
        c: g.distance(start, c) for c in g.cells_in_range(start, 5) if c != start}


@given(*[st.integers(-30, 30)] * 6)
def test_INV_15_distance_symmetric_bounded_and_almost_a_triangle(ax, ay, bx, by, cx, cy):
    d_ab = distance(ax, ay, bx, by)
    assert d_ab == distance(bx, by, ax, ay) and distance(ax, ay, ax, ay) == 0
    dx, dy = abs(ax - bx), abs(ay - by)
    assert max(dx, dy) <= d_ab <= dx + dy
    # INV-15: the triangle inequality fails by at most one (the second leg's diagonals shift parity)
    assert distance(ax, ay, cx, cy) <= d_ab + distance(bx, by, cx, cy) + 1


def test_INV_15_the_triangle_inequality_does_not_hold():
    assert distance(0, 0, 2, 2) == 3 > distance(0, 0, 1, 1) + distance(1, 1, 2, 2) == 2


# -- module hygiene ------------------------------------------------------------------------------------
def test_grid_imports_without_pydantic():
    """The hot-path module stays light: the board model is only a type annotation."""
    code = ("import sys; import cardtable.games.muhq.grid; "
            "assert 'pydantic' not in sys.modules, 'pydantic imported'")
    subprocess.run([sys.executable, "-c", code], check=True)
