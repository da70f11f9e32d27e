#!/usr/bin/env python3
"""What a paired what-if costs and what the pairing buys: the time of an N-game what-if, and the width of the
paired 95 % interval against the unpaired one at growing game counts (issue 38's measure, docs/balance.md).

It makes a workspace with one card changed (``--change``: a preset per game, below), plays the what-if
``packaged`` against it with heuristic bots on ``--workers`` processes, and prints the wall and CPU time, then for
the first 250, 500, 1,000 … games the width of the paired and of the unpaired interval of seat 0's win rate and
of the actions per game. A prefix of a paired run is itself a paired run (the games are fixed by their index), so
one run gives every row.

Presets (each a small edit a designer might try):

- ``mitosz``: Gilded Cityfolk (SMP-031, 4 copies in the Dawn Court, seat 0's deck) worth 3 power points, not 2;
- ``muhq``: the Pikeman (vanguard) with attack 3, not 2 (both players draft from the same pool).

Usage::

    python bench/whatif_width.py --game mitosz --games 2000
    python bench/whatif_width.py --game muhq --games 500 --workers 2 --json
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

#: game: (file, the entry's id line, old text, new text, what it says)
PRESETS = {
    "mitosz": ("smp.yaml", "id: SMP-031", "power_points: 2", "power_points: 3",
               "Gilded Cityfolk worth 3 power points, not 2"),
    "muhq": ("vanguard.yaml", "id: vanguard/pikeman", "attack: [{value: 2, range: 1}]",
             "attack: [{value: 3, range: 1}]", "Pikeman attack 3, not 2"),
}


def make_workspace(game: str, folder: Path) -> str:
    from cardtable.studio.workspace import Workspace

    filename, anchor, old, new, _said = PRESETS[game]
    ws = Workspace(folder)
    text = ws.read(game, filename)
    at = text.index(old, text.index(anchor))
    ws.save(game, filename, text[:at] + new + text[at + len(old):], _said)
    return str(ws.root)


def widths(job: object, pairs: list[dict], counts: list[int]) -> list[dict]:
    from cardtable.sim.whatif import what_if_numbers

    rows = []
    for n in counts:
        numbers = what_if_numbers(job, pairs[:n])  # type: ignore[arg-type]
        row: dict[str, object] = {"games": n, "unchanged": numbers["unchanged_games"]}
        for r in numbers["paired"]:
            if r["key"] in ("seat0", "actions"):
                paired = r["ci95"][1] - r["ci95"][0]
                unpaired = r["unpaired_ci95"][1] - r["unpaired_ci95"][0]
                row[r["key"]] = {"difference": r["difference"], "paired_width": round(paired, 4),
                                 "unpaired_width": round(unpaired, 4), "ratio": r["width_ratio"]}
        rows.append(row)
    return rows


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", choices=sorted(PRESETS), required=True)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.games < 10:
        parser.error("--games must be at least 10")
    from cardtable.sim.balance import make_spec
    from cardtable.sim.whatif import WhatIf, WhatIfJob

    with tempfile.TemporaryDirectory(prefix="cardtable-whatif-") as folder:
        data = make_workspace(args.game, Path(folder))
        a = make_spec(args.game, ["heuristic"], seed=0)
        b = make_spec(args.game, ["heuristic"], seed=0, data=data)
        job = WhatIfJob(a, b, "packaged", PRESETS[args.game][4])
        load_before = os.getloadavg()[0]
        began = time.perf_counter()
        run = WhatIf(job, args.games).play(workers=args.workers)
        wall = time.perf_counter() - began
        counts = [n for n in (250, 500, 1000, 2000, 4000, 8000) if n < args.games] + [args.games]
        result = {"game": args.game, "change": PRESETS[args.game][4], "games": args.games, "workers": args.workers,
                  "wall_s": round(wall, 1), "load_before": round(load_before, 2),
                  "load_after": round(os.getloadavg()[0], 2), "rows": widths(job, run.pairs, counts)}
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"{args.game}: {result['change']}; {args.games} paired games ({2 * args.games} games) on {args.workers} "
          f"workers: {wall:.1f} s wall; load average {load_before:.2f} "
          f"before, {result['load_after']:.2f} after")
    print(f"{'games':>6} {'unchanged':>9}  {'seat 0 B−A':>10} {'paired':>8} {'unpaired':>8} {'ratio':>6}  "
          f"{'actions B−A':>11} {'paired':>8} {'unpaired':>8} {'ratio':>6}")
    for row in result["rows"]:
        s, a_ = row["seat0"], row["actions"]
        print(f"{row['games']:>6} {row['unchanged']:>9}  {s['difference']:>+10.3f} {s['paired_width']:>8.3f} "
              f"{s['unpaired_width']:>8.3f} {s['ratio']:>6.2f}  {a_['difference']:>+11.1f} {a_['paired_width']:>8.1f} "
              f"{a_['unpaired_width']:>8.1f} {a_['ratio']:>6.2f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
