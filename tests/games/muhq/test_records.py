"""Records of muhq games (docs/records.md): a recorded game replays exactly, decision by decision (every view
and legal-action list the same), on every sample board; a changed decision or result is caught; the CLI's
``simulate --record`` files pass ``replay --check``."""

from __future__ import annotations

import json
import random
import subprocess
import sys

import pytest

import cardtable
from cardtable.agents import Observation, make_agent
from cardtable.engine import RecordError, read_records

BOARDS = ("river-crown", "three-hills", "bastion-run")


def finished(board: str, seed: int, lineup=("heuristic", "random"), options=None):
    game = cardtable.load("muhq", options={"board": board, **(options or {})})
    agents = [make_agent(name, game, seed + i) for i, name in enumerate(lineup)]
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        p = state.current_player
        state.apply(agents[p].act(Observation(state, p)), player=p)
    return state


@pytest.mark.parametrize("board", BOARDS)
def test_a_recorded_game_replays_exactly(board):
    state = finished(board, 11)
    text = state.record().dumps()
    lines = [json.loads(line) for line in text.splitlines()]
    assert lines[0]["kind"] == "header" and lines[0]["game"] == "muhq" and lines[0]["rules_version"] == "muhq/1"
    assert lines[0]["options"]["board"] == board
    assert lines[-1]["kind"] == "result" and lines[-1]["returns"] == state.returns()
    assert sum(1 for line in lines if line["kind"] == "action") == len(state.history)
    (rec,) = read_records(text.splitlines())
    replay = rec.replay(check=True)
    assert replay.digest() == state.digest()
    assert replay.snapshot() == state.snapshot()
    assert replay.log == state.log and replay.winners == state.winners
    for viewer in (0, 1, None):
        assert replay.view(viewer) == state.view(viewer)


def test_a_replay_shows_every_position_of_the_live_game():
    """Step by step: the same player to act, the same legal actions and the same views at every decision."""
    game = cardtable.load("muhq", options={"board": "river-crown", "first_player": 1, "lethal_rule": "at_least"})
    live = game.new_initial_state(seed=21)
    rng = random.Random(21)
    seen = []
    while not live.is_terminal():
        seen.append((live.current_player, list(live.legal_actions()), live.view(0), live.view(1)))
        live.apply(rng.choice(live.legal_actions()))
    (rec,) = read_records(live.record().dumps().splitlines())
    assert rec.options["lethal_rule"] == "at_least" and rec.options["first_player"] == 1
    again = game.new_initial_state(seed=rec.seed)
    for (player, action), (to_act, legal, v0, v1) in zip(rec.actions, seen):
        assert again.current_player == to_act == player
        assert again.legal_actions() == legal
        assert again.view(0) == v0 and again.view(1) == v1
        again.apply(action, player=player)
    assert again.digest() == live.digest()


def test_an_unfinished_game_has_no_result_and_replays():
    state = cardtable.load("muhq").new_initial_state(seed=4)
    rng = random.Random(4)
    for _ in range(90):  # past the draft
        state.apply(rng.choice(state.legal_actions()))
    assert state.phase != "draft" and not state.is_terminal()
    (rec,) = read_records(state.record().dumps().splitlines())
    assert rec.result is None
    assert rec.replay().snapshot() == state.snapshot()


def test_a_changed_decision_or_result_is_caught():
    text = finished("bastion-run", 3).record().dumps()
    lines = [json.loads(line) for line in text.splitlines()]
    first = lines[1]
    assert first["action"]["type"] == "draft_pick"
    first["action"]["card"] = 0  # a Bastion, never in a pack
    (rec,) = read_records([json.dumps(line) for line in lines])
    with pytest.raises(RecordError, match=r"action 0 .* is illegal: MUHQ-DRAFT-4"):
        rec.replay()
    lines = [json.loads(line) for line in text.splitlines()]
    lines[-1]["returns"] = list(reversed(lines[-1]["returns"]))
    (rec,) = read_records([json.dumps(line) for line in lines])
    with pytest.raises(RecordError, match="final returns differ"):
        rec.replay(check=True)


def test_simulate_records_pass_replay_check(tmp_path):
    record = tmp_path / "muhq.jsonl"

    def cardtable_cli(*args):
        return subprocess.run([sys.executable, "-m", "cardtable.cli.app", *args], capture_output=True, text=True,
                              timeout=300, env={"COLUMNS": "120", "PATH": "/usr/bin:/bin", "TERM": "dumb"})

    out = cardtable_cli("simulate", "muhq", "-n", "2", "--agents", "heuristic,random", "-o", "board=three-hills",
                        "--record", str(record))
    assert out.returncode == 0, out.stderr
    assert len(read_records(record.read_text().splitlines())) == 2
    check = cardtable_cli("replay", str(record), "--check")
    assert check.returncode == 0 and "ok" in check.stdout, check.stdout + check.stderr
