"""Paired what-ifs (cardtable.sim.whatif): both sides play the same seeds, seats and bots' random numbers; the
paired interval is the interval of the per-game differences, narrower than the unpaired one when the games share
their luck; a run stops, resumes and plays the same on any number of workers."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from cardtable.sim.balance import make_spec
from cardtable.sim.stats import mean_interval, t975, welch_interval
from cardtable.sim.whatif import WhatIf, WhatIfJob, play_pairs, what_if_numbers
from cardtable.studio.workspace import Workspace


def row(numbers, key):
    return next(r for r in numbers["paired"] if r["key"] == key)


@pytest.fixture(scope="module")
def strong_cityfolk(tmp_path_factory):
    """A workspace where the Dawn Court's Gilded Cityfolk (4 copies) is worth 6 power points instead of 2."""
    ws = Workspace(tmp_path_factory.mktemp("ws"))
    text = ws.read("mitosz", "smp.yaml")
    at = text.index("power_points: 2", text.index("id: SMP-031"))
    ws.save("mitosz", "smp.yaml", text[:at] + "power_points: 6" + text[at + 15:])
    return str(ws.root)


def test_the_same_version_on_both_sides_gives_the_same_games_and_a_zero_width_paired_interval():
    spec = make_spec("maoqy", ["heuristic"], seed=5)
    run = WhatIf(WhatIfJob(spec, spec), 30).play()
    numbers = run.numbers()
    assert numbers["games_paired"] == 30 and numbers["unchanged_games"] == 30 and not numbers["partial"]
    for r in numbers["paired"]:
        assert r["difference"] == 0 and r["ci95"] == [0, 0] and r["a"] == r["b"], r
    seat = row(numbers, "seat0")
    assert seat["unpaired_ci95"][0] < -0.1 and seat["unpaired_ci95"][1] > 0.1 and seat["width_ratio"] == 0


def test_both_sides_of_a_pair_play_the_same_seed_and_seats(strong_cityfolk):
    a = make_spec("mitosz", ["heuristic", "random"], seed=3)
    b = make_spec("mitosz", ["heuristic", "random"], seed=3, data=strong_cityfolk)
    for pair in play_pairs(WhatIfJob(a, b), 0, 2):
        assert pair["a"]["seed"] == pair["b"]["seed"] == 3 + pair["index"]
        assert pair["a"]["seats"] == pair["b"]["seats"]


def test_a_stronger_card_shows_a_clear_paired_difference_that_an_unpaired_comparison_misses(strong_cityfolk):
    a = make_spec("mitosz", ["heuristic"], seed=0)
    b = make_spec("mitosz", ["heuristic"], seed=0, data=strong_cityfolk)
    numbers = WhatIf(WhatIfJob(a, b, "packaged", "strong"), 100).play().numbers()
    assert numbers["labels"] == {"a": "packaged", "b": "strong"}
    assert numbers["unchanged_games"] < 100  # the change mattered in some games
    seat0 = row(numbers, "seat0")  # seat 0 plays the Dawn Court
    assert seat0["difference"] > 0 and seat0["clear"], seat0
    assert seat0["unpaired_ci95"][0] < 0 < seat0["unpaired_ci95"][1]  # the same numbers, unpaired: not clear
    assert seat0["width_ratio"] < 0.8
    length = row(numbers, "actions")  # 12 power points come sooner
    assert length["b"] < length["a"] and length["ci95"][1] < 0


def test_a_what_if_of_option_sets():
    a = make_spec("mojo", ["heuristic"], players=3, seed=0)
    b = make_spec("mojo", ["heuristic"], players=3, seed=0, options={"target_score": 25})
    numbers = WhatIf(WhatIfJob(a, b), 20).play().numbers()
    length = row(numbers, "actions")
    assert length["b"] < length["a"] and numbers["b"]["spec"]["options"]["target_score"] == 25


def test_a_stopped_run_keeps_whole_pairs_and_resumes_to_the_same_numbers(tmp_path):
    a = make_spec("maoqy", ["heuristic", "random"], seed=1)
    b = make_spec("maoqy", ["heuristic", "random"], seed=1, options={"street_min": 4})
    whole = WhatIf(WhatIfJob(a, b), 24).play(chunk_size=6).numbers()
    checkpoint = tmp_path / "run.jsonl"
    asked = []

    def stop_after_two() -> bool:
        asked.append(1)
        return len(asked) > 2

    part = WhatIf(WhatIfJob(a, b), 24).play(chunk_size=6, checkpoint=checkpoint, should_stop=stop_after_two)
    assert part.partial and len(part.pairs) == 12 and part.numbers()["partial"]
    assert all(set(p) == {"index", "a", "b"} for p in part.pairs)
    resumed = WhatIf(WhatIfJob(a, b), 24).play(chunk_size=6, checkpoint=checkpoint)
    numbers = resumed.numbers()
    assert numbers["paired"] == whole["paired"] and numbers["unchanged_games"] == whole["unchanged_games"]


def test_two_workers_give_the_numbers_of_one():
    a = make_spec("mojo", ["heuristic"], players=2, seed=7)
    b = make_spec("mojo", ["heuristic", "random"], players=2, seed=7)
    one = WhatIf(WhatIfJob(a, b), 16).play(workers=1, chunk_size=4).numbers()
    two = WhatIf(WhatIfJob(a, b), 16).play(workers=2, chunk_size=4).numbers()
    assert one["paired"] == two["paired"] and one["a"]["seats"] == two["a"]["seats"]


def test_numbers_of_no_pairs_are_empty_not_an_error():
    spec = make_spec("mojo", ["heuristic"])
    numbers = what_if_numbers(WhatIfJob(spec, spec), [], planned=10)
    assert numbers["games_paired"] == 0 and numbers["paired"] == [] and numbers["partial"]


# -- the statistics, on numbers with known answers ------------------------------------------------------------

def test_the_mean_interval_of_known_numbers():
    mean, low, high = mean_interval([1.0, 2.0, 3.0, 4.0])
    assert mean == 2.5
    half = 3.182 * (1.6666666666666667 / 4) ** 0.5  # t(3) = 3.182, variance 5/3
    assert low == pytest.approx(2.5 - half) and high == pytest.approx(2.5 + half)
    assert mean_interval([0.5] * 10) == (0.5, 0.5, 0.5)
    assert mean_interval([1.0])[1] == float("-inf")
    assert t975(1) == 12.706 and t975(30) == 2.042 and t975(31) == pytest.approx(1.96, abs=0.001)


def test_pairs_that_share_their_luck_get_a_narrower_interval_than_the_same_numbers_unpaired():
    rng = random.Random(0)
    luck = [rng.random() for _ in range(400)]
    a = [1.0 if x < 0.5 else 0.0 for x in luck]
    b = [1.0 if x < 0.55 else 0.0 for x in luck]  # B wins the same games and a few more
    diff, low, high = mean_interval([y - x for x, y in zip(a, b)])
    _d, u_low, u_high = welch_interval(a, b)
    assert diff == pytest.approx(_d) and low > 0  # paired: clear
    assert u_low < 0 < u_high  # unpaired: not clear
    assert (high - low) < 0.5 * (u_high - u_low)


def test_a_neutral_change_has_an_interval_that_covers_zero():
    rng = random.Random(1)
    covered = 0
    for _ in range(200):  # independent noise: about 95 % of the intervals cover the true difference, 0
        d = [rng.gauss(0, 1) for _ in range(50)]
        _m, low, high = mean_interval(d)
        covered += low <= 0 <= high
    assert 180 <= covered <= 199
