"""`cardtable tournament`: round robin on mirrored deals, intervals, ratings, crosstable, partial runs.

Statistics are checked on two tiny games registered only here, whose odds are known exactly:
``tt-pick`` (every seat names a number 0–9 once; the highest wins, ties share) and ``tt-luck`` (the deal's
seed alone picks the winning seat). Agents for them: ``max`` (always 9), ``min`` (always 0) and the real
``random``. Command-line tests run the real command on Mojo in a subprocess.
"""

from __future__ import annotations

import csv
import io
import json
import signal
import subprocess
import sys
import time

import pytest

from cardtable.agents import Agent
from cardtable.engine import Action, CardtableError, Game, GameInfo, State, action, registry
from cardtable.engine.actions import ActionCodec
from cardtable.engine.rng import Rng
from cardtable.sim import runner
from cardtable.sim import tournament as tournament_module
from cardtable.sim.stats import bootstrap_interval, wilson_interval
from cardtable.sim.tournament import agent_labels, prepare, schedule, table_seatings, tournament


# -- two games with known odds ---------------------------------------------------------------------------
@action("pick")
class Pick(Action):
    number: int


class PickState(State):
    def __init__(self, game: Game, seed: int):
        self.game, self.seed = game, seed
        self.n = game.num_players
        self.picks: list[int] = []
        self.history = []
        self.lucky = Rng(seed).below(self.n)  # tt-luck: the seat the deal favours
        self.current_player = 0

    def legal_actions(self):
        return [Pick(k) for k in range(10)]

    def _apply(self, a):
        self.picks.append(a.number)
        self.current_player = len(self.picks) if len(self.picks) < self.n else -1

    def is_terminal(self):
        return self.current_player < 0

    def returns(self):
        if not self.is_terminal():
            return [0.0] * self.n
        if self.game.info.name == "tt-luck":
            return [1.0 if seat == self.lucky else 0.0 for seat in range(self.n)]
        best = max(self.picks)
        winners = [seat for seat, p in enumerate(self.picks) if p == best]
        return [1.0 / len(winners) if seat in winners else 0.0 for seat in range(self.n)]

    def scores(self):
        return list(self.picks) + [None] * (self.n - len(self.picks))

    def view(self, player):
        return {"picks": list(self.picks)}

    def record(self):  # pragma: no cover - not needed here
        raise NotImplementedError


class PickGame(Game):
    info = GameInfo("tt-pick", "Pick", "highest number wins", 2, 4, 2, "test", "TT-1")
    codec = ActionCodec(Pick)

    def new_initial_state(self, seed=None):
        return PickState(self, seed or 0)


class LuckGame(PickGame):
    info = GameInfo("tt-luck", "Luck", "the deal picks the winner", 2, 4, 2, "test", "TT-1")


class Always(Agent):
    def __init__(self, game, seed, number):
        super().__init__(game, seed)
        self.number = number

    def act(self, obs):
        return Pick(self.number)


real_make_agent = runner.make_agent


def make_agent(name, game, seed=0):
    if game.info.name.startswith("tt-") and name in ("max", "min"):
        return Always(game, seed, 9 if name == "max" else 0)
    return real_make_agent(name, game, seed)


@pytest.fixture(autouse=True)
def toy_games(monkeypatch):
    registry.game_names()  # discover the real games first, so that ours are only added for this test
    monkeypatch.setitem(registry._GAMES, "tt-pick", PickGame)
    monkeypatch.setitem(registry._GAMES, "tt-luck", LuckGame)
    monkeypatch.setattr(runner, "make_agent", make_agent)


def no_timing(summary):
    return {k: v for k, v in summary.items() if k not in ("seconds", "games_per_s")}


def covers(interval, value):
    return interval[0] <= value <= interval[1]


# -- seats and seeds -------------------------------------------------------------------------------------
def test_two_player_deals_are_mirrored():
    plan = schedule(["a", "b"], 2, deals=3, seed=10)
    assert [(s.deal, s.seed, s.seats) for s in plan] == [
        (0, 10, ("a", "b")), (0, 10, ("b", "a")),
        (1, 11, ("b", "a")), (1, 11, ("a", "b")),
        (2, 12, ("a", "b")), (2, 12, ("b", "a")),
    ]
    assert [s.index for s in plan] == list(range(6))


def test_more_players_fill_seats_alternately_rotated_per_deal_and_mirrored():
    assert table_seatings("a", "b", 3, 0) == [("a", "b", "a"), ("b", "a", "b")]
    assert table_seatings("a", "b", 3, 1) == [("b", "a", "a"), ("a", "b", "b")]
    assert table_seatings("a", "b", 3, 2) == [("a", "a", "b"), ("b", "b", "a")]
    assert table_seatings("a", "b", 4, 1) == [("b", "a", "b", "a"), ("a", "b", "a", "b")]
    for players in (2, 3, 4, 5):
        for deal in range(players):
            first, mirror = table_seatings("a", "b", players, deal)
            for seat in range(players):  # over a deal's two games every seat is taken once by each agent
                assert {first[seat], mirror[seat]} == {"a", "b"}


def test_every_pairing_plays_the_same_deals_deal_by_deal():
    plan = schedule(["x", "y", "z"], 2, deals=4, seed=100)
    assert len(plan) == 3 * 4 * 2
    by_pairing = {}
    for s in plan:
        by_pairing.setdefault(s.pairing, []).append(s.seed)
    assert list(by_pairing) == [("x", "y"), ("x", "z"), ("y", "z")]
    assert all(seeds == [100, 100, 101, 101, 102, 102, 103, 103] for seeds in by_pairing.values())
    assert [s.deal for s in plan[:6]] == [0] * 6  # deal-major: a stopped run covers every pairing


def test_played_games_follow_the_plan_with_the_deal_seed(monkeypatch):
    seen = []
    real = tournament_module.play_game

    def spy(game, names, seed, **kw):
        seen.append((tuple(names), seed))
        return real(game, names, seed, **kw)

    monkeypatch.setattr(tournament_module, "play_game", spy)
    t = tournament("tt-pick", ["max", "random"], 3, players=3, seed=7)
    assert seen == [(tuple(t.labels[x] for x in s.seats), s.seed) for s in t.plan]
    assert [g.outcome.seats for g in t.games] == [list(names) for names, _ in seen]


def test_a_name_given_twice_is_two_independent_players():
    assert agent_labels(["random", "heuristic", "random"]) == {"random#1": "random", "heuristic": "heuristic",
                                                               "random#2": "random"}
    with pytest.raises(CardtableError):
        agent_labels(["random#1", "random", "random"])
    t = tournament("tt-pick", ["random", "random"], 40, seed=3)
    draws = sum(1 for g in t.games if g.winner() == "draw")
    assert draws < 20  # the two copies do not name the same numbers (they would, seeded alike)
    # an agent's stream follows the agent, not the seat: a deal's mirrored games need not cancel out
    same_winner = sum(1 for one, two in zip(t.games[::2], t.games[1::2]) if one.winner() == two.winner() != "draw")
    assert same_winner > 10


# -- statistics on known odds ----------------------------------------------------------------------------
def test_an_agent_that_always_wins_scores_100_percent():
    s = tournament("tt-pick", ["max", "min"], 25, seed=1).summary()
    (p,) = s["pairings"]
    assert (p["a"], p["b"], p["games"], p["a_wins"], p["draws"], p["b_wins"]) == ("max", "min", 50, 50, 0, 0)
    assert p["a_score_rate"] == 1.0 and p["a_ci95_bootstrap"] == [1.0, 1.0]
    assert p["a_ci95_wilson"] == [round(x, 6) for x in wilson_interval(50, 50)]
    assert s["per_agent"]["max"]["score_rate"] == 1.0 and s["per_agent"]["min"]["losses"] == 50
    assert s["crosstable"] == {"max": {"min": 1.0}, "min": {"max": 0.0}}
    assert list(s["ratings"]) == ["max", "min"]
    assert s["ratings"]["max"]["mu"] > 25 > s["ratings"]["min"]["mu"]
    for r in s["ratings"].values():
        assert r["ordinal"] == pytest.approx(r["mu"] - 3 * r["sigma"], abs=1e-3)


def test_random_against_itself_is_near_half_and_draws_count_half():
    s = tournament("tt-pick", ["random", "random"], 300, seed=11).summary()
    (p,) = s["pairings"]
    assert p["games"] == 600 and p["a_wins"] + p["draws"] + p["b_wins"] == 600
    assert 30 <= p["draws"] <= 90  # equal picks: 10 %
    assert p["a_score_rate"] == pytest.approx((p["a_wins"] + p["draws"] / 2) / 600, abs=1e-6)
    assert covers(p["a_ci95_wilson"], 0.5) and covers(p["a_ci95_bootstrap"], 0.5)
    assert p["a_ci95_wilson"][1] - p["a_ci95_wilson"][0] < 0.09


def test_known_odds_against_random():
    # max against random: wins unless random also names 9 (a draw): score rate 0.9 + 0.1 / 2 = 0.95
    s = tournament("tt-pick", ["max", "random"], 300, seed=5).summary()
    (p,) = s["pairings"]
    assert p["b_wins"] == 0
    assert covers(p["a_ci95_wilson"], 0.95) and covers(p["a_ci95_bootstrap"], 0.95)
    assert s["per_agent"]["random"]["score_rate"] == pytest.approx(1 - p["a_score_rate"], abs=1e-6)


def test_mirrored_deals_cancel_seat_luck_exactly():
    # tt-luck: the deal alone names the winning seat; over a deal's two games each agent holds it once.
    for players in (2, 3, 4):
        s = tournament("tt-luck", ["max", "min"], 20, players=players, seed=2).summary()
        (p,) = s["pairings"]
        assert p["a_score_rate"] == 0.5 and p["a_ci95_bootstrap"] == [0.5, 0.5], players
        assert p["complete_deals"] == 20


def test_three_agents_crosstable_and_totals():
    s = tournament("tt-pick", ["min", "max", "random"], 30, players=3, seed=4).summary()
    assert [(p["a"], p["b"]) for p in s["pairings"]] == [("min", "max"), ("min", "random"), ("max", "random")]
    assert all(p["games"] == 60 for p in s["pairings"]) and s["games_played"] == s["games_planned"] == 180
    for row, cells in s["crosstable"].items():
        for col, rate in cells.items():
            assert rate + s["crosstable"][col][row] == pytest.approx(1)
    for label, a in s["per_agent"].items():
        assert a["games"] == 120 and a["wins"] + a["draws"] + a["losses"] == 120
    assert s["crosstable"]["max"]["min"] == 1.0
    assert list(s["ratings"]) == ["max", "random", "min"]


def test_void_games_are_counted_as_errors_and_left_out(monkeypatch):
    class Cheat(Agent):
        name = "cheat"

        def act(self, obs):
            return Pick(99)  # not legal here: the game is void

    def cheating(name, game, seed=0):
        return Cheat(game, seed) if name == "cheat" else make_agent(name, game, seed)

    class Strict(PickGame):
        info = GameInfo("tt-strict", "Strict", "", 2, 2, 2, "test", "TT-1")

        def new_initial_state(self, seed=None):
            state = super().new_initial_state(seed)
            original = state._apply

            def check(a):
                if a not in state.legal_actions():
                    from cardtable.engine import IllegalAction
                    raise IllegalAction("TT-1", "no such number")
                original(a)

            state._apply = check
            return state

    monkeypatch.setitem(registry._GAMES, "tt-strict", Strict)
    monkeypatch.setattr(runner, "make_agent", cheating)
    s = tournament("tt-strict", ["cheat", "max"], 5).summary()
    assert s["errors"] == 10 and s["pairings"][0]["games"] == 0 and s["per_agent"]["max"]["score_rate"] is None
    assert "cheat" in s["error_messages"][0]


def test_bootstrap_interval():
    assert bootstrap_interval([(1, 2)] * 50) == (0.5, 0.5)
    assert bootstrap_interval([]) == (0.0, 1.0)
    blocks = [(1, 2), (2, 2), (0, 2), (1, 2)] * 40  # mean 0.5
    low, high = bootstrap_interval(blocks, seed=3)
    assert low < 0.5 < high and high - low < 0.2
    assert bootstrap_interval(blocks, seed=3) == (low, high)


# -- determinism ------------------------------------------------------------------------------------------
def test_same_seed_same_results_other_seed_other_games():
    one = tournament("mojo", ["heuristic", "random", "random"], 4, players=2, seed=21)
    two = tournament("mojo", ["heuristic", "random", "random"], 4, players=2, seed=21)
    three = tournament("mojo", ["heuristic", "random", "random"], 4, players=2, seed=22)
    assert no_timing(one.summary()) == no_timing(two.summary())
    csvs = []
    for t in (one, two, three):
        fh = io.StringIO()
        assert t.write_csv(fh) == 24
        csvs.append(fh.getvalue())
    assert csvs[0] == csvs[1] != csvs[2]


# -- stopping early ---------------------------------------------------------------------------------------
def test_stop_callback_keeps_the_finished_games():
    calls = []
    t = tournament("tt-pick", ["max", "random", "min"], 50, seed=1,
                   should_stop=lambda: len(calls) >= 9, on_game=calls.append)
    s = t.summary()
    assert s["partial"] and s["stop_reason"] == "stopped"
    assert s["games_played"] == 9 and s["games_planned"] == 300
    assert sum(p["games"] for p in s["pairings"]) == 9
    assert s["seeds"]["played"] == [1, 2]
    t.play()  # a stopped tournament can be played on to its end
    assert not t.partial and len(t.games) == 300 and t.summary()["games_played"] == 300


def test_ctrl_c_during_a_game_keeps_the_games_finished_before(monkeypatch):
    real = tournament_module.play_game
    count = []

    def interrupted(*args, **kw):
        count.append(1)
        if len(count) == 8:
            raise KeyboardInterrupt
        return real(*args, **kw)

    monkeypatch.setattr(tournament_module, "play_game", interrupted)
    t = tournament("tt-pick", ["max", "min"], 50, seed=1)
    s = t.summary()
    assert s["partial"] and s["stop_reason"] == "interrupted" and s["games_played"] == 7
    assert s["pairings"][0]["a_wins"] == 7 and s["pairings"][0]["complete_deals"] == 3
    fh = io.StringIO()
    assert t.write_csv(fh) == 7


def test_bad_input_fails_before_any_game():
    for agents, players in ((["random"], 2), (["random", "nobody"], 2), (["random", "max"], 9)):
        with pytest.raises(CardtableError):
            prepare("tt-pick", agents, 3, players=players)
    with pytest.raises(CardtableError):
        prepare("tt-pick", ["random", "max"], 0)


# -- the command -----------------------------------------------------------------------------------------
ENV = {"COLUMNS": "160", "PATH": "/usr/bin:/bin", "TERM": "dumb"}


def cardtable(*args):
    return subprocess.run([sys.executable, "-m", "cardtable.cli.app", *args], capture_output=True, text=True,
                          timeout=300, env=ENV)


def test_cli_json_and_csv(tmp_path):
    out_file = tmp_path / "games.csv"
    out = cardtable("tournament", "mojo", "--agents", "heuristic,random", "--games", "6", "--players", "3",
                    "-o", "target_score=30", "--seed", "5", "--json", "--out", str(out_file))
    assert out.returncode == 0, out.stderr
    assert out.stderr == ""  # no progress bar with --json
    s = json.loads(out.stdout)
    for key in ("pairings", "per_agent", "ratings", "crosstable", "seeds", "errors", "partial"):
        assert key in s
    assert s["partial"] is False and s["games_played"] == 12 and s["options"]["target_score"] == 30
    assert s["seeds"]["first"] == 5 and s["seeds"]["count"] == 6
    assert set(s["ratings"]["heuristic"]) == {"mu", "sigma", "ordinal"}
    rows = list(csv.DictReader(out_file.open()))
    assert len(rows) == 12
    assert list(rows[0]) == ["game", "pairing", "deal", "seed", "seat0", "seat1", "seat2", "return0", "return1",
                             "return2", "score0", "score1", "score2", "winner", "error"]
    assert [r["seed"] for r in rows[:4]] == ["5", "5", "6", "6"]
    assert (rows[0]["seat0"], rows[0]["seat1"], rows[0]["seat2"]) == ("heuristic", "random", "heuristic")
    assert (rows[1]["seat0"], rows[1]["seat1"], rows[1]["seat2"]) == ("random", "heuristic", "random")
    for row in rows:
        assert row["winner"] in ("heuristic", "random", "draw")
        assert sum(float(row[f"return{i}"]) for i in range(3)) == pytest.approx(1)
    again = cardtable("tournament", "mojo", "--agents", "heuristic,random", "--games", "6", "--players", "3",
                      "-o", "target_score=30", "--seed", "5", "--json")
    assert no_timing(json.loads(again.stdout)) == no_timing(s)


def test_cli_tables():
    out = cardtable("tournament", "mojo", "--agents", "random,random,heuristic", "-n", "3", "-p", "2")
    assert out.returncode == 0, out.stderr
    for words in ("mojo tournament", "pairings", "random#1 vs random#2", "Wilson 95 %", "bootstrap 95 %",
                  "agents by rating", "ordinal", "crosstable", "0 errors"):
        assert words in out.stdout, words


def test_cli_bad_agents_is_one_clear_error():
    out = cardtable("tournament", "mojo", "--agents", "random,nobody", "-n", "2")
    assert out.returncode == 2 and "unknown agent 'nobody'" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize("as_json", [True, False])
def test_cli_ctrl_c_prints_partial_results(tmp_path, as_json):
    out_file = tmp_path / "games.csv"
    checkpoint = tmp_path / "run.ckpt"
    # The default: every core, games in chunks (of 10 here). The checkpoint shows when chunks have finished.
    args = ["tournament", "mojo", "--agents", "heuristic,random", "-n", "100000", "-p", "2", "--out", str(out_file),
            "--chunk-size", "10", "--checkpoint", str(checkpoint)]
    if as_json:
        args.append("--json")
    # Import everything first and say so, so that the interrupt lands in the games, not in the imports.
    script = ("import sys, cardtable.cli.app as app, cardtable.sim.tournament, openskill.models\n"
              "sys.stderr.write('ready\\n'); sys.stderr.flush()\n"
              f"sys.argv = ['cardtable', *{args!r}]\napp.main()\n")
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, env=ENV)
    assert proc.stderr.readline() == "ready\n"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline and (not checkpoint.exists() or len(checkpoint.read_text().splitlines()) < 3):
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    stdout, stderr = proc.communicate(timeout=120)
    assert proc.returncode == 130, stderr
    assert "partial results: stopped after" in stderr
    rows = list(csv.DictReader(out_file.open()))
    if as_json:
        s = json.loads(stdout)
        assert s["partial"] is True and s["stop_reason"] == "interrupted"
        assert 0 < s["games_played"] < s["games_planned"] == 200000
        assert len(rows) == s["games_played"]
    else:
        assert "(PARTIAL)" in stdout and "crosstable" in stdout
        assert len(rows) > 0
