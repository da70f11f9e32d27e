"""The terminal's list of moves (``print_moves``): one a line, or in columns when it is long and its labels are
short enough, numbered down each column; never wider than the console."""

from __future__ import annotations

import io
import re

from rich.console import Console

from cardtable.cli.render import COLUMNS_FROM, print_moves


def _printed(labels: list[str], width: int) -> list[str]:
    console = Console(file=io.StringIO(), width=width, color_system=None)
    print_moves(console, labels)
    return console.file.getvalue().splitlines()


def _numbers(lines: list[str]) -> list[list[int]]:
    return [[int(n) for n in re.findall(r"(?:^|\s{2})\s*(\d+) ", line)] for line in lines]


MAOQY_TURN = (["draw from the Unknown", "draw the top card of the Known", "draw black 1 from seat 0's open hand"]
              + [f"discard {c} onto the Known" for c in ("blue 2", "brown 2", "violet 6", "violet 7", "black 17")]
              + [f"open {c} (to the open hand)" for c in ("blue 2", "brown 2", "violet 6", "violet 7", "black 17")]
              + [f"hide {c} (in the hiding place)" for c in ("blue 2", "brown 2", "violet 6", "violet 7")]
              + ["pass"])


def test_a_short_list_is_one_move_a_line():
    assert _printed(["draw from the Unknown", "pass"], 120) == ["   1 draw from the Unknown", "   2 pass"]


def test_a_long_list_of_short_labels_is_printed_in_columns_numbered_down_each_column():
    lines = _printed(MAOQY_TURN, 120)
    assert len(lines) < len(MAOQY_TURN) and all(len(line) <= 120 for line in lines)
    numbers = _numbers(lines)
    assert sorted(n for row in numbers for n in row) == list(range(1, len(MAOQY_TURN) + 1))
    rows = len(lines)
    assert [row[0] for row in numbers] == list(range(1, rows + 1))  # the first column: 1 … rows
    assert numbers[0][1] == rows + 1  # the second column goes on where the first ends
    text = "\n".join(lines)
    for i, label in enumerate(MAOQY_TURN, 1):
        assert f"{i:>2} {label}" in text


def test_columns_line_up():
    lines = _printed(MAOQY_TURN, 120)
    starts = {line.index(f"  {row[1]:>2} ", 5) for line, row in zip(lines, _numbers(lines)) if len(row) > 1}
    assert len(starts) == 1, lines


def test_labels_too_long_for_two_columns_stay_one_a_line():
    lines = _printed(MAOQY_TURN, 70)
    assert len(lines) == len(MAOQY_TURN)
    assert lines[0] == "   1 draw from the Unknown"


def test_a_list_just_under_the_threshold_is_not_split():
    labels = ["pass"] * (COLUMNS_FROM - 1)
    assert len(_printed(labels, 200)) == COLUMNS_FROM - 1
    assert len(_printed(labels + ["pass"], 200)) < COLUMNS_FROM


def test_a_hundred_moves_keep_their_numbers_aligned():
    labels = [f"move {i}" for i in range(100)]
    lines = _printed(labels, 200)
    assert len(lines) <= 13 and "  100 move 99" in "\n".join(lines)
