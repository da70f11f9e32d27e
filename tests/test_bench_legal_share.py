"""bench/legal_share.py (the incremental-list bound of docs/benchmarks.md) runs and its shares are consistent."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "legal_share.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True, timeout=120)


def test_the_shares_are_consistent_and_mitosz_repeats_its_forced_passes():
    out = _run("--game", "mojo", "--game", "mitosz", "--games", "2", "--json")
    assert out.returncode == 0, out.stderr
    rows = {r["game"]: r for r in json.loads(out.stdout)["rows"]}
    for r in rows.values():
        assert r["actions"] > 0
        assert 0 < r["legal_share"] + r["apply_share"] <= 1
        assert r["incremental_bound"] <= r["legal_share"]
        assert r["repeat_share_of_legal"] <= 1 and r["repeat_lists"] <= 1
    # Mojo's hand changes every turn: no list repeats; Mítosz's open windows repeat the lone pass
    assert rows["mojo"]["repeat_lists"] == 0
    assert rows["mitosz"]["forced_share"] > 0.5 and rows["mitosz"]["repeat_lists"] > 0.3


def test_a_bad_argument_is_refused():
    out = _run("--games", "0")
    assert out.returncode == 2 and "--games must be at least 1" in out.stderr
    assert _run("--game", "chess").returncode == 2
