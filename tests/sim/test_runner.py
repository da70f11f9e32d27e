from cardtable.sim import simulate, wilson_interval
from cardtable.sim.runner import seating


def test_seats_rotate_so_every_agent_sits_everywhere():
    lineup = ["a", "b", "c"]
    assert [seating(lineup, i) for i in range(3)] == [["a", "b", "c"], ["b", "c", "a"], ["c", "a", "b"]]


def test_summary_counts_and_is_reproducible():
    one = simulate("mojo", 12, players=3, agents=["heuristic", "random", "random"], seed=9)
    two = simulate("mojo", 12, players=3, agents=["heuristic", "random", "random"], seed=9)
    assert one["wins"] == two["wins"]
    assert one["per_agent"]["heuristic"]["seats"] == 12 and one["per_agent"]["random"]["seats"] == 24
    assert abs(sum(one["wins"].values()) - 12) < 1e-9


def test_wilson_interval():
    low, high = wilson_interval(50, 100)
    assert 0.40 < low < 0.41 and 0.59 < high < 0.60
    assert wilson_interval(0, 0) == (0.0, 1.0)
