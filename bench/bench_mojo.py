#!/usr/bin/env python3
"""Benchmark Mojo random play against OpenSpiel's ``crazy_eights`` and RLCard's ``uno``.

This is ``python bench/bench_games.py --game mojo``: see that program and docs/benchmarks.md for
what is measured and how. It takes the same options, ``--game`` apart::

    python bench/bench_mojo.py                  # 5 s per measurement, median of 3, 2 players
    python bench/bench_mojo.py --players 3 --seconds 2
    python bench/bench_mojo.py --json           # one JSON object on stdout
    python bench/bench_mojo.py --profile        # also cProfile Mojo's hot path (stderr with --json)
"""

from __future__ import annotations

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_games import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(game="mojo", description=__doc__.split("\n\n")[0]))
