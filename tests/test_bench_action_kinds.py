"""bench/action_kinds.py (the per-kind timing of docs/benchmarks.md) runs and its shares add up."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "bench" / "action_kinds.py"


@pytest.mark.parametrize("game", ["mojo", "mitosz"])
def test_the_kinds_cover_every_action_once(game):
    out = subprocess.run([sys.executable, str(SCRIPT), game, "--seconds", "0.3", "--json"], capture_output=True,
                         text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    result = json.loads(out.stdout)
    kinds = result["kinds"]
    assert result["games"] >= 1 and sum(k["actions"] for k in kinds) == result["actions"] > 0
    assert sum(k["share_of_actions"] for k in kinds) == pytest.approx(1.0)
    assert sum(k["share_of_time"] for k in kinds) + result["setup_share"] == pytest.approx(1.0)
    assert [k["share_of_time"] for k in kinds] == sorted((k["share_of_time"] for k in kinds), reverse=True)
    if game == "mitosz":  # a forced pass in an open window is its most common action
        top = max(kinds, key=lambda k: k["actions"])
        assert (top["action"], top["only_legal_action"], top["mode"]) == ("Pass", True, "window")


def test_a_bad_argument_is_refused():
    out = subprocess.run([sys.executable, str(SCRIPT), "mojo", "--seconds", "0"], capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 2 and "--seconds and --top must be positive" in out.stderr
