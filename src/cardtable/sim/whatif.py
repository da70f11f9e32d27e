"""Paired what-if runs: the same games played under two versions — two workspaces, a workspace against the packaged
files, two option sets — with common random numbers, and the difference read game by game.

Game ``i`` of both sides uses seed ``seed + i``, the same line-up rotated by ``i`` seats and the same bots' seeds
(:func:`cardtable.sim.balance.play_one`), so the deal, the draws and every bot's coin flips start from the same
random numbers. Where a change does not matter to a game (the changed card is never drawn), the two games are the
same game; where it does, they part from the same start. Each game's outcome under B minus its outcome under A is
one paired difference, and the interval of their mean (:func:`~cardtable.sim.stats.mean_interval`) leaves out
everything the two sides share. The report gives beside it the interval the same numbers would have if the games
were not paired (Newcombe for a rate, Welch for a mean), so the designer sees what pairing bought.

A run is played in chunks of game indices, each chunk playing both sides of its games
(:func:`play_pairs`), through ``cardtable.sim.executors``: this process, local workers or Ray, a checkpoint to
resume, Ctrl-C keeping the chunks finished. A stopped run is still a paired sample: every game it holds was played
on both sides.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from cardtable.engine.i18n import Translator

from .balance import FORMAT, MIN_SAMPLE, BalanceSpec, analyse, compare, play_one, spec_game
from .stats import difference_interval, mean_interval, welch_interval

_ = Translator("cardtable")


@dataclass(frozen=True)
class WhatIfJob:
    """The two sides of a what-if, with a label each (``packaged``, a workspace folder, ``DIR@3`` …)."""

    a: BalanceSpec
    b: BalanceSpec
    label_a: str = "A"
    label_b: str = "B"


def play_pairs(job: WhatIfJob, start: int, stop: int) -> list[dict[str, Any]]:
    """Games ``start`` … ``stop - 1`` under both sides: the unit of work of a parallel what-if."""
    return [{"index": i, "a": play_one(job.a, i), "b": play_one(job.b, i)} for i in range(start, stop)]


@dataclass
class WhatIf:
    """A what-if being played or played: its job, the games planned and the pairs finished."""

    job: WhatIfJob
    planned: int
    pairs: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    def play(self, on_pair: Callable[[dict[str, Any]], None] | None = None,
             should_stop: Callable[[], bool] | None = None, workers: int | None = 1, backend: str | None = None,
             address: str | None = None, chunk_size: int | None = None, checkpoint: Any = None) -> "WhatIf":
        """Play the pairs not played yet (as :meth:`cardtable.sim.balance.BalanceRun.play`)."""
        from .executors.indexed import play_missing

        rules = [spec_game(s).info.rules_version for s in (self.job.a, self.job.b)]

        def run_key(size: int) -> dict[str, Any]:
            return {"command": "whatif", "a": self.job.a.to_json(), "b": self.job.b.to_json(), "rules": rules,
                    "games": self.planned, "chunk_size": size}

        report = play_missing(play_pairs, self.pairs, self.planned, context=self.job, run_key=run_key, on_item=on_pair,
                              chunk_size=chunk_size, workers=workers, backend=backend, address=address,
                              checkpoint=checkpoint, should_stop=should_stop)
        self.interrupted = self.interrupted or report.stop_reason == "interrupted"
        self.seconds += report.seconds
        return self

    @property
    def partial(self) -> bool:
        return len(self.pairs) < self.planned

    def numbers(self, min_sample: int = MIN_SAMPLE) -> dict[str, Any]:
        return what_if_numbers(self.job, self.pairs, self.planned, min_sample=min_sample, seconds=self.seconds)


def what_if_numbers(job: WhatIfJob, pairs: Sequence[dict[str, Any]], planned: int | None = None,
                    min_sample: int = MIN_SAMPLE, seconds: float | None = None) -> dict[str, Any]:
    """The what-if's numbers: each side's full balance numbers, the side-by-side comparison, and the paired
    differences with their intervals and the unpaired intervals of the same numbers."""
    pairs = sorted(pairs, key=lambda p: p["index"])
    a_facts = [p["a"] for p in pairs]
    b_facts = [p["b"] for p in pairs]
    a = analyse(job.a, a_facts, planned, min_sample=min_sample)
    b = analyse(job.b, b_facts, planned, min_sample=min_sample)
    both = [p for p in pairs if p["a"]["error"] is None and p["b"]["error"] is None]
    paired = _paired(job, both)
    same = sum(1 for p in both if _same_game(p["a"], p["b"]))
    return {
        "format": FORMAT,
        "kind": "whatif",
        "labels": {"a": job.label_a, "b": job.label_b},
        "games_planned": planned if planned is not None else len(pairs),
        "games_paired": len(both),
        "partial": planned is not None and len(pairs) < planned,
        "seconds": None if seconds is None else round(seconds, 3),
        "unchanged_games": same,
        "paired": paired,
        "a": a,
        "b": b,
        "compare": compare(a, b),
    }


def _same_game(a: dict[str, Any], b: dict[str, Any]) -> bool:
    """Did the change leave this game as it was (the same length, result and leads)? Then it did not matter here."""
    return bool(a["actions"] == b["actions"] and a["returns"] == b["returns"] and a["leads"] == b["leads"])


def _paired(job: WhatIfJob, both: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """One row per outcome: the mean under A and B, the paired difference B − A with its 95 % interval, and the
    unpaired interval of the same difference with the ratio of the two widths."""
    n = job.a.players
    rows: list[dict[str, Any]] = []

    def add(metric: str, key: str, per_game: Callable[[dict[str, Any]], float | None], rate: bool) -> None:
        values = [(per_game(p["a"]), per_game(p["b"])) for p in both]
        kept = [(x, y) for x, y in values if x is not None and y is not None]
        if not kept:
            return
        xs = [x for x, _ in kept]
        ys = [y for _, y in kept]
        diff, low, high = mean_interval([y - x for x, y in kept])
        if rate:
            u_low, u_high = difference_interval(sum(ys), len(ys), sum(xs), len(xs))
        else:
            _d, u_low, u_high = welch_interval(xs, ys)
        width, u_width = high - low, u_high - u_low
        rows.append({
            "metric": metric, "key": key, "n": len(kept),
            "a": round(sum(xs) / len(xs), 6), "b": round(sum(ys) / len(ys), 6),
            "difference": round(diff, 6), "ci95": [_r(low), _r(high)], "clear": low > 0 or high < 0,
            "unpaired_ci95": [_r(u_low), _r(u_high)],
            "width_ratio": None if not math.isfinite(u_width) or u_width <= 0 else round(width / u_width, 4),
        })

    def seat_return(seat: int) -> Callable[[dict[str, Any]], float | None]:
        return lambda f: float(f["returns"][seat])

    def agent_rate(name: str) -> Callable[[dict[str, Any]], float | None]:
        return lambda f: _agent_rate(f, name)

    for s in range(n):
        add(_("seat {seat} wins", seat=s), f"seat{s}", seat_return(s), True)
    add(_("the player who moved first wins"), "first", lambda f: f["returns"][f["first_actor"]], True)
    agents = sorted(set(job.a.agents) | set(job.b.agents))
    if len(agents) > 1:
        for name in agents:
            add(_("{agent} wins (per seat held)", agent=name), f"agent:{name}", agent_rate(name), True)
    add(_("games with one winner"), "decided", lambda f: 1.0 if f["winner"] >= 0 else 0.0, True)
    add(_("actions per game"), "actions", lambda f: float(f["actions"]), False)
    return rows


def _agent_rate(facts: dict[str, Any], name: str) -> float | None:
    held = [r for a, r in zip(facts["seats"], facts["returns"]) if a == name]
    return sum(held) / len(held) if held else None


def _r(x: float) -> float | None:
    return round(x, 6) if math.isfinite(x) else None
