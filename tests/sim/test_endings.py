"""How games end, in simulate and balance: the rule of each ending, the limit warning, muhq's dict scores,
and a lone agent's fair share (issue 33, part 4)."""

from __future__ import annotations

from cardtable.sim import simulate
from cardtable.sim.balance import BalanceSpec, analyse, play_one
from cardtable.sim.runner import limit_warning, outcome_from_json


def test_simulate_counts_endings_and_warns_when_a_limit_ends_many_games():
    summary = simulate("maoqy", 4, players=2, agents=["random"], options={"turn_limit": 1})
    assert summary["endings"] == {"MAOQY-8.3": 4} and summary["limit_endings"] == 4
    assert len(summary["warnings"]) == 1 and "4 of 4 games (100%) ended by a limit" in summary["warnings"][0]


def test_simulate_does_not_warn_for_games_that_end_by_their_own_rules():
    summary = simulate("mojo", 6, players=2, agents=["random"])
    assert summary["endings"] == {"MOJO-7.1": 6} and summary["limit_endings"] == 0 and summary["warnings"] == []


def test_limit_warning_starts_above_ten_percent():
    assert limit_warning(10, 100) is None and limit_warning(11, 100) is not None and limit_warning(0, 0) is None


def test_simulate_means_muhq_scores_per_part_not_zero():
    summary = simulate("muhq", 2, players=2, agents=["random"], options={"max_turns": 6})
    score = summary["per_agent"]["random"]["mean_score"]
    assert isinstance(score, dict) and set(score) == {"resource", "vp"}
    assert summary["endings"] == {"MUHQ-WIN-10": 2}


def test_outcomes_of_old_checkpoints_still_read():
    old = [7, ["random", "random"], [1.0, 0.0], [3, 5], 40, None, None]  # written before endings were kept
    o = outcome_from_json(old)
    assert o.end_rule is None and o.by_limit is False and o.returns == [1.0, 0.0]


def test_balance_keeps_endings_and_a_mirror_agent_is_expected_at_its_seat_share():
    spec = BalanceSpec(game="maoqy", players=2, options={"turn_limit": 1}, agents=("random", "random"))
    facts = [play_one(spec, i) for i in range(4)]
    assert all(f["end_rule"] == "MAOQY-8.3" and f["by_limit"] for f in facts)
    numbers = analyse(spec, facts, planned=4)
    assert numbers["results"]["endings"] == {"MAOQY-8.3": 4}
    assert any("ended by a limit" in w for w in numbers["warnings"])
    lone = numbers["agents"]["random"]
    assert lone["expected"] == 0.5 and lone["rate"] == 0.5 and lone["off_expected"] is False
