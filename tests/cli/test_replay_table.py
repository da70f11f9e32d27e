"""`cardtable replay --at N --as S`: the table of a recorded game at any step, drawn as `play` draws it, through
one seat's view (or the spectator's)."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
import urllib.request

import pytest

from cardtable.engine import load, load_records
from cardtable.engine.steps import Steps
from cardtable.engine.errors import RecordError

from .helpers import cardtable, rendered


@pytest.fixture(scope="module")
def mojo_games(tmp_path_factory):
    path = tmp_path_factory.mktemp("replay") / "mojo.jsonl"
    out = cardtable("simulate", "mojo", "-n", "2", "-p", "2", "--agents", "heuristic,random", "--seed", "5", "--record", str(path),
                    "--json")
    assert out.returncode == 0, out.stderr
    return path


def _drawn(out: str) -> str:
    """The table as the command drew it: between its heading line and its last line ('next: …' or 'over: …')."""
    lines = out.splitlines()
    return "\n".join(lines[1:-1]) + "\n"


@pytest.mark.parametrize("seat", [0, 1, None])
def test_the_table_after_n_actions_is_the_seats_view_then(mojo_games, seat):
    rec = load_records(mojo_games)[1]
    step = 7
    args = ["replay", str(mojo_games), "--record", "2", "--at", str(step)] + ([] if seat is None else ["--as", str(seat)])
    out = cardtable(*args)
    assert out.returncode == 0, out.stderr
    state = rec.replay(upto=step)
    assert _drawn(out.stdout) == rendered(state.game, state.view(seat), 120, names=rec.meta["agents"])
    whose = "a spectator" if seat is None else f"seat {seat}"
    assert f"after {step} of {len(rec.actions)} actions · as {whose} sees it" in out.stdout
    mover = rec.actions[step][0]
    last = out.stdout.splitlines()[-1]
    # the next move is named only to its mover: its label is read from the mover's view
    if seat == mover:
        assert last.startswith(f"next: action {step} by seat {mover}: play")
    else:
        assert last == f"next: action {step} by seat {mover}"


def test_each_seat_sees_its_own_hand_and_a_spectator_none(mojo_games):
    hands = {}
    for seat in (0, 1):
        out = cardtable("replay", str(mojo_games), "-r", "1", "--at", "3", "--as", str(seat)).stdout
        (hands[seat],) = [line for line in out.splitlines() if line.startswith("Your hand:")]
    assert hands[0] != hands[1]
    spectator = cardtable("replay", str(mojo_games), "-r", "1", "--at", "3").stdout
    assert "Your hand:" not in spectator


def test_as_without_at_draws_the_end(mojo_games):
    rec = load_records(mojo_games)[0]
    out = cardtable("replay", str(mojo_games), "-r", "1", "--as", "0")
    assert out.returncode == 0, out.stderr
    assert f"after {len(rec.actions)} of {len(rec.actions)} actions" in out.stdout
    assert out.stdout.splitlines()[-1] == f"over: scores {rec.result['scores']}"


def test_a_mitosz_table_mid_game_as_a_spectator(tmp_path):
    path = tmp_path / "mitosz.jsonl"
    assert cardtable("simulate", "mitosz", "-n", "1", "--agents", "heuristic,random", "--seed", "2", "--record", str(path),
                     "--json").returncode == 0
    rec = load_records(path)[0]
    out = cardtable("replay", str(path), "--at", "150")
    assert out.returncode == 0, out.stderr
    state = rec.replay(upto=150)
    assert _drawn(out.stdout) == rendered(state.game, state.view(None), 120, names=rec.meta["agents"])
    assert "Your hand" not in out.stdout


@pytest.mark.parametrize("args, message", [
    (["--at", "3"], "holds 2 records: choose the one to draw with --record K (1 to 2)"),
    (["--as", "0"], "holds 2 records: choose the one to draw with --record K (1 to 2)"),
    (["-r", "3"], "holds 2 record(s): there is no record 3"),
    (["-r", "1", "--as", "2"], "has 2 players: --as takes a seat from 0 to 1"),
    (["-r", "1", "--at", "100000"], "actions: --at takes 0 to "),
])
def test_bad_choices_are_refused_with_the_reason(mojo_games, args, message):
    out = cardtable("replay", str(mojo_games), *args)
    assert out.returncode == 2
    assert message in out.stderr
    assert out.stdout == ""


def test_replay_upto_stops_inside_the_game_and_checks_nothing(mojo_games):
    rec = load_records(mojo_games)[0]
    fresh = rec.replay(upto=0)
    assert fresh.digest() == load_records(mojo_games)[0].replay(upto=0).digest()
    assert len(fresh.history) == 0
    middle = rec.replay(upto=10)
    assert len(middle.history) == 10 and not middle.is_terminal()
    rec.result = dict(rec.result, scores=[-1, -1])  # a result the end would fail
    rec.replay(check=True, strict=True, upto=10)  # stopping inside the game reads no result
    with pytest.raises(RecordError, match="final scores differ"):
        rec.replay(check=True, upto=len(rec.actions))
    with pytest.raises(RecordError, match=r"there is no position after action 99999 \(choose 0 to"):
        rec.replay(upto=99999)


def _headers(out: str) -> list[int]:
    return [int(m) for m in re.findall(r"· after (\d+) of \d+ actions ·", out)]


def test_step_walks_the_game_as_typed(mojo_games):
    rec = load_records(mojo_games)[0]
    out = cardtable("replay", str(mojo_games), "-r", "1", "--step", "--as", "1", input="\n\nb\n7\nx\n7\ne\n\nq\n")
    assert out.returncode == 0, out.stderr
    assert _headers(out.stdout) == [0, 1, 2, 1, 7, len(rec.actions)]
    assert "Not understood: 'x'" in out.stdout
    assert "Already there: step 7." in out.stdout and "Already there: the end." in out.stdout
    # a step forward of at most ten actions lists them, as seat 1 heard of them (Mojo's plays are public)
    game = load("mojo", players=2, options=rec.options)
    told = re.findall(r"^(?:step \d+ of \d+ > )?\s*(\d+) seat (\d): (.+)$", out.stdout, re.M)
    expected = [0, 1] + list(range(1, 7))  # Enter, Enter, (b), 7 from 1; e jumps too far to list
    assert [int(n) for n, _, _ in told] == expected
    for n, player, text in told:
        assert int(player) == rec.actions[int(n)][0]
        assert text == game.log_entry(game.parse_action(rec.actions[int(n)][1]), int(player), 1)[0]
    # each step drawn is seat 1's view of that moment
    steps = Steps(game, rec.seed, rec.actions)
    drawn = out.stdout.split("· after 7 of")[1].split("\n", 1)[1].split("\nnext: ")[0] + "\n"
    assert drawn == rendered(steps.at(7).game, steps.at(7).view(1), 120, names=rec.meta["agents"])


def test_step_starts_at_at_and_ends_with_the_input(mojo_games):
    out = cardtable("replay", str(mojo_games), "-r", "2", "--step", "--at", "4", input="b\n")
    assert out.returncode == 0, out.stderr
    assert _headers(out.stdout) == [4, 3]
    assert "as a spectator sees it" in out.stdout and "Your hand" not in out.stdout


def test_step_needs_one_record(mojo_games):
    out = cardtable("replay", str(mojo_games), "--step")
    assert out.returncode == 2 and "choose the one to draw with --record K" in out.stderr


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_web_serves_the_recorded_game_as_a_finished_table(mojo_games, tmp_path):
    rec = load_records(mojo_games)[1]
    port = _free_port()
    db = tmp_path / "kept.db"
    proc = subprocess.Popen([sys.executable, "-m", "cardtable.cli.app", "replay", str(mojo_games), "-r", "2", "--web",
                             "--port", str(port), "--db", str(db)],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    try:
        line = proc.stdout.readline()
        match = re.search(rf"http://127\.0\.0\.1:{port}/table/([0-9a-f]+)", line)
        assert match, line + proc.stderr.read()
        table_id = match.group(1)
        base = f"http://127.0.0.1:{port}/api/tables/{table_id}"
        deadline = time.monotonic() + 30
        while True:
            try:
                summary = json.loads(urllib.request.urlopen(base, timeout=2).read())["table"]
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not answer"
                time.sleep(0.1)
        assert summary["status"] == "finished" and summary["actions"] == len(rec.actions)
        assert [s["kind"] for s in summary["seats"]] == rec.meta["agents"]
        step = json.loads(urllib.request.urlopen(f"{base}/steps/6?seat=1", timeout=5).read())
        assert step["view"] == json.loads(json.dumps(rec.replay(upto=6).view(1)))
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    from cardtable.store import SqliteStore
    store = SqliteStore(str(db))
    (stored,) = store.load_all()
    store.close()
    assert (stored.id, stored.seed, len(stored.actions)) == (table_id, rec.seed, len(rec.actions))


def test_web_refuses_a_game_that_is_not_over(mojo_games, tmp_path):
    lines = mojo_games.read_text().splitlines()
    unfinished = tmp_path / "unfinished.jsonl"
    rec = load_records(mojo_games)[0]
    header, actions = lines[0], [l for l in lines[1:] if json.loads(l).get("kind") == "action"][:len(rec.actions) // 2]
    unfinished.write_text("\n".join([header] + actions) + "\n")
    out = cardtable("replay", str(unfinished), "--web", "--port", str(_free_port()))
    assert out.returncode == 2
    assert "the game is not over, and the web table replays finished games (walk through this one with --step)" in out.stderr


def test_step_tells_a_secret_move_only_to_its_mover(tmp_path):
    """MAOQY's hides are secret (spec section 7): stepping over one, the other seat and a spectator hear that a
    card was hidden, never which; the mover hears the card."""
    path = tmp_path / "maoqy.jsonl"
    assert cardtable("simulate", "maoqy", "-p", "2", "-n", "1", "--agents", "heuristic", "--seed", "0", "--record",
                     str(path), "--json").returncode == 0
    rec = load_records(path)[0]
    game = load("maoqy", players=2, options=rec.options)
    n, (mover, data) = next((i, a) for i, a in enumerate(rec.actions) if a[1]["type"] == "hide")
    label = game.action_label(game.parse_action(data))
    heard = {}
    for seat in (mover, 1 - mover, None):
        args = ["replay", str(path), "--step", "--at", str(n)] + ([] if seat is None else ["--as", str(seat)])
        out = cardtable(*args, input="\nq\n")
        assert out.returncode == 0, out.stderr
        (heard[seat],) = re.findall(rf"^(?:step \d+ of \d+ > )?\s*{n} seat {mover}: (.+)$", out.stdout, re.M)
    assert heard[mover] == label
    assert heard[1 - mover] == heard[None] != label
    assert heard[None].startswith("hide a") and "card" in heard[None]
