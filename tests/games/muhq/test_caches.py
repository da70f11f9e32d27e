"""The kept answers are the fresh answers: muhq keeps what it derives from the board (stats, board order, unit and
fast action lists, the state check's findings) until a write announces that it is stale (``games/muhq/writes.py``,
docs/engine.md). At every decision of random games on every sample board, what the state keeps equals what a
clone with nothing kept computes, and a state check the state skips (nothing announced since the last one found
nothing, or only a few suspects to look at) would find nothing a full check finds."""

from __future__ import annotations

import random

import pytest

from cardtable.games.muhq import flow, flow_phases
from cardtable.games.muhq.flow_victory import check_victory, lethal_scan, state_check
from cardtable.games.muhq.stats import Stats

from .helpers import fresh
from .test_invariants import BOARDS, choose


def _stats(stats: dict[int, Stats]) -> dict[int, tuple[object, ...]]:
    return {pid: tuple(getattr(st, name) for name in Stats.__slots__) for pid, st in stats.items()}


@pytest.mark.parametrize("board", BOARDS)
@pytest.mark.parametrize("auto_pass", [True, False])
def test_kept_answers_equal_a_fresh_computation(board, auto_pass, monkeypatch):
    checked = skipped = incremental = 0

    def looked_at_with_a_full_scan_beside(state):
        """Every state check the machine runs (most of them between decisions), compared with a full one."""
        nonlocal incremental
        if state._clean is state._memo:  # the board is as at the last clean check: only the suspects are scanned
            incremental += 1
            nothing = state.clone()
            nothing.forget_fields()
            missed = set(lethal_scan(nothing)) - set(state._suspects)
            assert not missed, f"decision {len(state.history)}: lethal permanents no write announced: {missed}"
        return state_check(state)

    monkeypatch.setattr(flow, "state_check", looked_at_with_a_full_scan_beside)
    monkeypatch.setattr(flow_phases, "state_check", looked_at_with_a_full_scan_beside)
    for seed in range(6):
        s = fresh(seed, board, auto_pass=auto_pass, lethal_rule="at_least" if seed % 2 else "greater_than")
        rng = random.Random(seed)
        while not s.is_terminal() and len(s.history) < 1500:
            nothing = s.clone()
            nothing.forget_fields()  # every cache back to empty: a full state check is due
            where = f"seed {seed} decision {len(s.history)}"
            assert s.legal_actions() == nothing.legal_actions(), f"{where}: the kept legal actions differ"
            assert _stats(s.stats()) == _stats(nothing.stats()), f"{where}: the kept stats differ"
            if not s._dirty:  # the state check would be skipped: a full one finds nothing either
                skipped += 1
                assert lethal_scan(nothing) == [], f"{where}: a lethal permanent the skipped check misses"
                assert not check_victory(nothing.clone()), f"{where}: a victory the skipped check misses"
            checked += 1
            s.apply(choose(s.legal_actions(), rng))
    # the cases compared happened (else this test would compare nothing kept)
    assert checked > 600 and skipped > 60 and incremental > 60, (checked, skipped, incremental)
