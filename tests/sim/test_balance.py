"""`cardtable balance`: the numbers, the report that shows them, the comparison, the command."""

from __future__ import annotations

import json
import random
import re

import pytest
from typer.testing import CliRunner

from cardtable.cli.app import app
from cardtable.engine import CardtableError
from cardtable.engine import load as load_game
from cardtable.sim.balance import BalanceRun, BalanceSpec, analyse, compare, make_spec, play_chunk, play_one
from cardtable.sim.report import render, render_compare
from cardtable.sim.stats import difference_interval

runner = CliRunner()
CELL = re.compile(r'data-key="([^"]+)" data-value="([^"]*)"')


def unescape(text: str) -> str:
    import html
    return html.unescape(text)


def lookup(doc, key):
    for part in key.split("."):
        doc = doc[int(part)] if isinstance(doc, list) else doc[part]
    return doc


def assert_page_matches(page: str, numbers: dict) -> int:
    cells = CELL.findall(page)
    for key, value in cells:
        assert json.loads(unescape(value)) == lookup(numbers, key), key
    return len(cells)


# -- statistics on a constructed game with known odds ------------------------------------------------------

def synthetic_facts(games: int, p_seat0: float, seed: int = 7) -> list[dict]:
    """Two seats; seat 0 wins with probability ``p_seat0``; seat 0 always has feature "x", seat 1 never."""
    rng = random.Random(seed)
    facts = []
    for i in range(games):
        win0 = rng.random() < p_seat0
        returns = [1.0, 0.0] if win0 else [0.0, 1.0]
        facts.append({"index": i, "seed": i, "seats": ["a", "b"], "actions": 10 + i % 5, "first_actor": i % 2,
                      "error": None, "returns": returns, "winner": 0 if win0 else 1, "standing": [0, 0],
                      "margin": 2.0, "leads": [[0, -1], [3, 1], [6, 0 if win0 else 1]],
                      "units": [{"seat": 0, "features": ["x"], "outcome": returns[0]},
                                {"seat": 1, "features": [], "outcome": returns[1]}],
                      "extra": {}})
    return facts


SPEC = BalanceSpec("mojo", 2, {}, ("a", "b"), 0)


def test_seat_rates_and_intervals_on_known_odds():
    facts = synthetic_facts(2000, 0.7)
    numbers = analyse(SPEC, facts, planned=2000)
    wins0 = sum(f["returns"][0] for f in facts)
    seat0 = numbers["seats"][0]
    assert seat0["rate"] == pytest.approx(wins0 / 2000)
    low, high = seat0["ci95"]
    assert low < 0.7 < high and high - low < 0.05
    assert seat0["off_expected"] and any("seat 0 wins" in w for w in numbers["warnings"])
    # The first player alternates, so the first mover is fair even though seat 0 is not.
    assert numbers["first_actor"]["rate"] == pytest.approx(
        sum(f["returns"][f["first_actor"]] for f in facts) / 2000)
    # Feature "x" belongs to seat 0 alone: with it 0.7, without 0.3, difference 0.4.
    (row,) = numbers["impact"]["rows"]
    assert row["feature"] == "x" and row["with"]["n"] == 2000 and row["without"]["n"] == 2000
    assert row["difference_ci95"][0] < 0.4 < row["difference_ci95"][1] and row["clear"]


def test_fair_game_is_not_flagged_most_of_the_time():
    flagged = sum(analyse(SPEC, synthetic_facts(400, 0.5, seed), planned=400)["seats"][0]["off_expected"]
                  for seed in range(100))
    assert flagged <= 15  # a 95 % interval misses the truth in about 5 of 100 runs


def test_grouped_features_are_compared_within_their_group():
    """Deck A wins 80 %, deck B 20 %; card "a1" (deck A only) does not change deck A's odds: compared within
    deck A its difference is about 0, while the deck feature itself is compared with every other unit."""
    rng = random.Random(3)
    facts = []
    for i in range(4000):
        win_a = rng.random() < 0.8
        has_card = rng.random() < 0.5
        returns = [1.0, 0.0] if win_a else [0.0, 1.0]
        facts.append({"index": i, "seed": i, "seats": ["a", "b"], "actions": 10, "first_actor": 0, "error": None,
                      "returns": returns, "winner": 0 if win_a else 1, "standing": [0, 0], "margin": 1.0,
                      "leads": [[0, -1]], "extra": {},
                      "units": [{"seat": 0, "group": "A", "outcome": returns[0],
                                 "features": ["deck A"] + (["a1"] if has_card else [])},
                                {"seat": 1, "group": "B", "outcome": returns[1], "features": ["deck B"]}]})
    rows = {r["feature"]: r for r in analyse(SPEC, facts)["impact"]["rows"]}
    card = rows["a1"]
    assert card["compared_within"] == ["A"] and card["with"]["n"] + card["without"]["n"] == 4000
    assert card["difference_ci95"][0] < 0 < card["difference_ci95"][1]
    deck = rows["deck A"]
    assert deck["compared_within"] is None and deck["without"]["n"] == 4000
    assert abs(deck["difference"] - 0.6) < 0.05


def test_drama_from_leads():
    facts = synthetic_facts(100, 0.5)
    numbers = analyse(SPEC, facts)
    # Leads: tie, then seat 1 from action 3, then the winner from action 6: one change when seat 0 wins.
    assert numbers["drama"]["lead_changes"]["mean"] == pytest.approx(
        sum(1 for f in facts if f["winner"] == 0) / 100)
    # Two thirds of 10–14 actions is past action 6: the winner leads; no comebacks.
    assert numbers["drama"]["comeback"]["rate"] == 0
    # At half-time (5–7 actions) seat 1 leads unless action 6 has passed.
    assert 0 <= numbers["drama"]["leader_at_half_wins"]["rate"] <= 1


def test_newcombe_difference_interval_matches_the_published_example():
    # Newcombe (1998), Statistics in Medicine 17, table II, example (a): 56/70 - 48/80, method 10.
    low, high = difference_interval(56, 70, 48, 80)
    assert low == pytest.approx(0.0524, abs=5e-4) and high == pytest.approx(0.3339, abs=5e-4)


def test_small_samples_are_flagged():
    numbers = analyse(SPEC, synthetic_facts(10, 0.5), planned=20)
    assert numbers["partial"] and numbers["impact"]["rows"][0]["small_sample"]
    assert any("partial run" in w for w in numbers["warnings"])
    assert any("small sample" in w for w in numbers["warnings"])


def test_void_games_are_counted_and_left_out():
    facts = synthetic_facts(20, 0.5)
    facts[3] = {"index": 3, "seed": 3, "seats": ["a", "b"], "actions": 2, "first_actor": 0, "error": "boom"}
    numbers = analyse(SPEC, facts, planned=20)
    assert numbers["games_valid"] == 19 and numbers["seats"][0]["n"] == 19
    assert any("void" in w for w in numbers["warnings"])


# -- real games --------------------------------------------------------------------------------------------

def test_games_are_reproducible_and_chunks_are_the_same_games():
    spec = make_spec("mojo", ["random"], players=2, seed=5)
    assert play_chunk(spec, 0, 4) == [play_one(spec, i) for i in range(4)]
    assert play_one(spec, 2) == play_one(spec, 2)
    assert play_one(spec, 2)["seed"] == 7


@pytest.mark.parametrize("game, agents, prefix", [
    ("mojo", ["heuristic"], "value"),
    ("maoqy", ["heuristic"], "street of "),
    ("mitosz", ["random"], "played "),
    ("muhq", ["random"], "drafted "),
])
def test_every_game_has_impact_features(game, agents, prefix):
    run = BalanceRun(make_spec(game, agents, players=2), 3).play()
    numbers = run.numbers()
    assert numbers["games_valid"] == 3
    features = [r["feature"] for r in numbers["impact"]["rows"]]
    assert any(f.startswith(prefix) for f in features), features[:10]
    assert assert_page_matches(render(numbers, plots=False), numbers) > 20


def test_mojo_units_are_rounds():
    run = BalanceRun(make_spec("mojo", ["random"], players=3), 4).play()
    rounds = sum(f["extra"]["rounds"] for f in run.facts)
    assert sum(len(f["units"]) for f in run.facts) == rounds * 3
    # Each round has one winner, or a shared win: the outcomes of a round add up to 1.
    assert sum(u["outcome"] for f in run.facts for u in f["units"]) == pytest.approx(rounds)


def test_a_stopped_run_keeps_its_games():
    run = BalanceRun(make_spec("mojo", ["random"]), 10)
    run.play(should_stop=lambda: len(run.facts) >= 3)
    assert len(run.facts) == 3 and run.partial and run.numbers()["partial"]
    run.play()  # and goes on where it stopped
    assert not run.partial and [f["index"] for f in run.facts] == list(range(10))


def test_compare_a_report_with_itself_and_with_another():
    a = BalanceRun(make_spec("mojo", ["random"], players=2), 30).play().numbers()
    same = compare(a, a)
    assert all(r["change"] == 0 and not r["clear"] for r in same["rates"])
    assert all(r["change"] == 0 for r in same["impact"])
    b = BalanceRun(make_spec("mojo", ["random"], players=2, options={"hand_size": 4}), 30).play().numbers()
    other = compare(a, b)
    (length,) = [r for r in other["means"] if r["metric"] == "actions per game"]
    assert length["change"] == pytest.approx(b["length"]["actions"]["mean"] - a["length"]["actions"]["mean"])
    assert assert_page_matches(render_compare(other), other) > 10
    with pytest.raises(Exception, match="format"):
        compare({"format": 99}, a)
    # found by an audit: a list, another game's report, a report missing its numbers (tracebacks or silence before)
    with pytest.raises(CardtableError, match="report A is not a balance.json .* 'list'"):
        compare([], a)
    with pytest.raises(CardtableError, match="report A is of mojo, report B of maoqy"):
        compare(a, {**a, "spec": {**a["spec"], "game": "maoqy"}})
    cut = {k: v for k, v in a.items() if k != "seats"}
    with pytest.raises(CardtableError, match="a report lacks numbers a balance.json holds"):
        compare(a, cut)


# -- the command -------------------------------------------------------------------------------------------

def test_command_writes_a_report_whose_numbers_match_its_json(tmp_path):
    out = tmp_path / "mojo"
    result = runner.invoke(app, ["balance", "mojo", "-n", "8", "--agents", "random", "--out", str(out)])
    assert result.exit_code == 0, result.output
    numbers = json.loads((out / "balance.json").read_text())
    page = (out / "report.html").read_text()
    assert numbers["games_valid"] == 8
    assert assert_page_matches(page, numbers) > 30
    assert page.count("data:image/png;base64,") >= 4  # plots are embedded: the page works offline
    assert len((out / "games.jsonl").read_text().splitlines()) == 8
    # --json prints the same numbers (but the time)
    again = runner.invoke(app, ["balance", "mojo", "-n", "8", "--agents", "random", "--out", str(tmp_path / "b"),
                                "--json", "--no-plots"])
    printed = json.loads(again.stdout)
    printed.pop("seconds"), numbers.pop("seconds")
    assert printed == numbers
    # and --compare reads both folders
    cmp = runner.invoke(app, ["balance", "--compare", str(out), str(tmp_path / "b"), "--out", str(tmp_path / "c")])
    assert cmp.exit_code == 0, cmp.output
    assert (tmp_path / "c" / "compare.html").exists() and "A against B" in cmp.output


def test_command_shorthands_set_the_game_options(tmp_path):
    result = runner.invoke(app, ["balance", "mitosz", "-n", "1", "--agents", "random", "--decks",
                                 "frost-clans,dawn-court", "--out", str(tmp_path), "--json", "--no-plots"])
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["spec"]["options"]
    assert options["deck_a"] == "frost-clans" and options["deck_b"] == "dawn-court"


@pytest.mark.parametrize("args, message", [
    (["balance", "mojo", "--board", "x"], "--board is for games with a 'board' option"),
    (["balance", "mojo", "--compare", "a", "b"], "a: no such folder; a side is 'packaged'"),
    (["balance"], "give a game"),
    (["balance", "--compare", "/nonexistent/a", "/nonexistent/b"], "no such file"),
    (["balance", "mojo", "--agents", "nobody"], "nobody"),
    (["balance", "mojo", "-o", "hand_size=0"], "hand_size"),
])
def test_command_bad_input_is_a_clear_error(args, message, tmp_path):
    result = runner.invoke(app, args + ["--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert message in result.output
    assert not (tmp_path / "x").exists()  # nothing is written for a run that cannot start


def test_the_numbers_are_the_same_on_one_or_two_workers():
    spec = make_spec("mojo", ["heuristic", "random"], players=2, seed=11)
    one = BalanceRun(spec, 12).play(workers=1).numbers()
    two = BalanceRun(spec, 12).play(workers=2, chunk_size=3).numbers()
    one.pop("seconds"), two.pop("seconds")
    assert one == two


def test_a_checkpoint_resumes_a_stopped_run(tmp_path):
    spec = make_spec("mojo", ["random"], players=2, seed=3)
    checkpoint = tmp_path / "run.ckpt"
    first = BalanceRun(spec, 8)
    first.play(chunk_size=2, checkpoint=checkpoint, should_stop=lambda: len(first.facts) >= 4)
    assert len(first.facts) == 4 and first.partial
    resumed = BalanceRun(spec, 8).play(chunk_size=2, checkpoint=checkpoint)
    whole = BalanceRun(spec, 8).play(chunk_size=2)
    assert resumed.facts == whole.facts


def test_muhq_bought_features_are_the_buy_actions_even_of_an_eliminated_seat():
    from cardtable.engine import load
    from cardtable.sim.probes import probe_for

    game = load("muhq")
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        probe = probe_for("muhq")
        probe.start(state)
        rng = random.Random(seed)
        while not state.is_terminal():
            actor = state.current_player
            action = rng.choice(state.legal_actions())
            state.apply(action)
            probe.after(state, actor, action)
        bought = [set() for _ in range(game.num_players)]
        for actor, action in state.history:
            if action.type == "buy":
                bought[actor].add("bought " + state.card_def[action.card].name)
        feats = probe.features(state)
        assert [set(f for f in fs if f.startswith("bought ")) for fs in feats] == bought
        assert all(any(f.startswith("drafted ") for f in fs) for fs in feats)


def test_muhq_first_move_is_the_player_of_the_first_turn_not_the_first_drafter():
    """The draft goes in seat order, so seat 0 always acts first; the first-move row measures the player of the
    first turn (MUHQ-SETUP-8), drawn at setup, which is the seat active when the draft has ended."""
    spec = make_spec("muhq", ["random"], players=2, seed=40)
    facts = [play_one(spec, i) for i in range(6)]
    firsts = []
    for f in facts:
        state = load_game("muhq").new_initial_state(seed=f["seed"])
        assert state.current_player == 0 and state.phase == "draft"
        rng_state = state.clone()
        while rng_state.phase == "draft":
            rng_state.apply(rng_state.legal_actions()[0])
        firsts.append(rng_state.active)
        assert f["first_actor"] == rng_state.active
    assert set(firsts) == {0, 1}  # drawn, not always the first drafter
    numbers = analyse(spec, facts)
    assert numbers["first_label"] == "first turn"
    assert "first turn" in render(numbers, plots=False)


def test_other_games_measure_the_first_to_act():
    spec = make_spec("mojo", ["random"], players=3, seed=3)
    facts = [play_one(spec, i) for i in range(3)]
    assert [f["first_actor"] for f in facts] == [load_game("mojo", players=3).new_initial_state(seed=f["seed"]).current_player
                                                  for f in facts]
    assert analyse(spec, facts)["first_label"] == "first to act"
