"""The `cardtable` command as a person uses it: real processes, real stdin."""

import importlib.util
import json
import socket
import time

import pytest

from .helpers import cardtable


def test_games_lists_mojo_with_options():
    out = cardtable("games", "--json")
    assert out.returncode == 0
    (mojo,) = [g for g in json.loads(out.stdout) if g["name"] == "mojo"]
    assert mojo["players"] == [2, 8]
    assert {o["name"] for o in mojo["options"]} >= {"hand_size", "discard_piles", "equal_value_replay", "target_score"}


@pytest.mark.parametrize("game", ["maoqy", "mitosz", "muhq"])
def test_games_shows_whole_option_names_values_and_help_at_80_columns(game):
    """Issue 33: a table cut option names and values at 80 columns ("deck_min_includes_high…")."""
    described = json.loads(cardtable("games", game, "--json").stdout)
    out = cardtable("games", game, columns=80)
    assert out.returncode == 0 and "…" not in out.stdout
    text = " ".join(out.stdout.split())  # wrapped lines joined
    for o in described["options"]:
        assert f"{o['name']} = " in text and " ".join(o["allowed"].split()) in text and o["rule"] in text


def test_games_lists_the_names_a_text_option_can_take():
    (mitosz,) = [g for g in json.loads(cardtable("games", "--json").stdout) if g["name"] == "mitosz"]
    deck = {o["name"]: o for o in mitosz["options"]}["deck_a"]
    assert deck["text"] and deck["known"] == ["dawn-court", "frost-clans"] and "dawn-court" in deck["allowed"]


def test_scripted_play_session_to_the_end(tmp_path):
    record = tmp_path / "game.jsonl"
    # A bad number, an illegal JSON move, then always the first legal move until the game ends.
    script = "9\n" + '{"type": "play", "card": 999}\n' + "1\n" * 400
    out = cardtable("play", "mojo", "--players", "2", "--seed", "4", "--option", "target_score=15",
                    "--record", str(record), input=script)
    assert out.returncode == 0, out.stderr
    assert "There is no move 9" in out.stdout
    assert "Rejected (MOJO-4.2)" in out.stdout
    assert "Your hand:" in out.stdout
    assert "Final result" in out.stdout and "Winner: seat" in out.stdout
    check = cardtable("replay", str(record), "--check")
    assert check.returncode == 0 and "ok" in check.stdout


def test_hot_seat_shows_each_human_only_their_own_hand():
    out = cardtable("play", "mojo", "--players", "2", "--seat", "human", "--seat", "human", "--seed", "1",
                    input="\n1\n\n1\nq\n")
    assert out.returncode == 0, out.stderr
    assert "Seat 0: take the keyboard" in out.stdout and "Seat 1: take the keyboard" in out.stdout
    assert "Game left unfinished" in out.stdout


def test_simulate_json_summary():
    out = cardtable("simulate", "mojo", "--games", "20", "--players", "2", "--agents", "heuristic,random", "--seed", "1", "--json")
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    for key in ("game", "games", "players", "agents", "wins", "mean_actions", "errors", "seconds", "games_per_s", "actions_per_s"):
        assert key in summary
    assert summary["games"] == 20 and summary["errors"] == 0
    assert sum(summary["wins"].values()) == pytest.approx(20)
    assert out.stderr == ""  # no progress bar with --json


def test_simulate_is_deterministic_for_a_seed():
    runs = [json.loads(cardtable("simulate", "mojo", "-n", "10", "--agents", "heuristic,random,random", "--json").stdout) for _ in range(2)]
    assert runs[0]["wins"] == runs[1]["wins"] and runs[0]["mean_actions"] == runs[1]["mean_actions"]


def test_replay_check_fails_on_a_tampered_record(tmp_path):
    record = tmp_path / "games.jsonl"
    assert cardtable("simulate", "mojo", "-n", "3", "--record", str(record), "--json").returncode == 0
    assert cardtable("replay", str(record), "--check").returncode == 0
    lines = [json.loads(l) for l in record.read_text().splitlines()]
    result = next(l for l in lines if l["kind"] == "result")
    result["scores"] = [s + 1 for s in result["scores"]]
    tampered = tmp_path / "tampered.jsonl"
    tampered.write_text("\n".join(json.dumps(l) for l in lines) + "\n")
    out = cardtable("replay", str(tampered), "--check")
    assert out.returncode == 1
    assert "final scores differ" in out.stderr


# found by an audit: `replay --check` said a record without its result line checked out
def test_replay_check_fails_on_a_record_that_ends_before_the_result(tmp_path):
    quit_midway = tmp_path / "quit.jsonl"  # `play` writes a record of a game quit midway: a legitimate record
    out = cardtable("play", "mojo", "--players", "2", "--seed", "4", "--seat", "human", "--record", str(quit_midway),
                    input="1\n1\nq\n")
    assert out.returncode == 0 and "Game left unfinished" in out.stdout, out.stderr
    last = len(quit_midway.read_text().splitlines())
    plain = cardtable("replay", str(quit_midway))
    assert plain.returncode == 0 and "unfinished" in plain.stdout and plain.stderr == ""
    check = cardtable("replay", str(quit_midway), "--check")
    assert check.returncode == 1 and "ok" not in check.stdout
    assert (f"FAILED {quit_midway} record 1: the record ends before the game's result (line {last} is the last; "
            "the game is not over after it)") in check.stderr.splitlines()
    assert "Traceback" not in check.stderr
    # a file cut off after its last action: the game is over, its result line lost
    games = tmp_path / "games.jsonl"
    assert cardtable("simulate", "mojo", "-n", "1", "--record", str(games), "--json").returncode == 0
    lines = games.read_text().splitlines()
    games.write_text("\n".join(lines[:-1]) + "\n")
    check = cardtable("replay", str(games), "--check")
    assert check.returncode == 1
    assert any(line.startswith(f"FAILED {games} record 1: the record ends before its result line (line {len(lines) - 1}")
               for line in check.stderr.splitlines()), check.stderr


# found by an audit: `replay --check` ignored the record's rules version
def test_replay_check_fails_on_a_record_made_under_other_rules(tmp_path):
    games = tmp_path / "games.jsonl"
    assert cardtable("simulate", "mojo", "-n", "2", "--record", str(games), "--json").returncode == 0
    lines = [json.loads(line) for line in games.read_text().splitlines()]
    for line in lines:
        if line["kind"] == "header":
            line["rules_version"] = "mojo/0"
    games.write_text("".join(json.dumps(line) + "\n" for line in lines))
    words = "recorded under rules mojo/0, this cardtable plays mojo/1; replaying it may not give the same game"
    check = cardtable("replay", str(games), "--check")
    assert check.returncode == 1 and "ok" not in check.stdout
    assert f"FAILED {games} record 1: {words}" in check.stderr.splitlines()
    assert f"FAILED {games} record 2: {words}" in check.stderr.splitlines()
    plain = cardtable("replay", str(games))  # without --check: one warning, then the replay as before
    assert plain.returncode == 0 and plain.stdout.count(", over, scores") == 2
    assert plain.stderr.splitlines() == [f"warning: {games}: {words}"]

NEEDS_RAY = pytest.mark.skipif(importlib.util.find_spec("ray") is None, reason="Ray is not installed")


@pytest.mark.parametrize(
    "args, words",
    [
        (["play", "chess"], "unknown game 'chess'"),
        (["simulate", "mojo", "--option", "colour=red"], "unknown option colour"),
        (["simulate", "mojo", "--option", "discard_piles=3"], "discard_piles=3 is not allowed"),
        (["simulate", "mojo", "--option", "hand_size"], "--option takes key=value"),
        (["simulate", "mojo", "--agents", "wizard"], "unknown agent 'wizard'"),
        (["simulate", "mojo", "--players", "9"], "2 to 8 players"),
        (["play", "mojo", "--seat", "wizard"], "unknown seat 'wizard'"),
        (["tournament", "mojo", "-n", "1", "--agents", "ismcts-30+k3-i4,random"], "agent 'ismcts-30+k3-i4': -iI (inference from passes) is not available in mojo"),
        (["replay", "/nonexistent/record.jsonl"], "cannot read"),
        (["simulate", "mojo", "-n", "1", "--agents", "ismcts-5-t2"], "mojo has no turns to align rollouts with"),
        # numbers that would never finish (a run built in memory first, a search that never moves)
        (["simulate", "mojo", "-n", "99999999999999"], "less than or equal to 10000000"),
        (["tournament", "mojo", "-n", str(2**70)], "less than or equal to 10000000"),
        (["simulate", "mojo", "-n", "1", "--agents", "ismcts-99999999999999999999"],
         "agent 'ismcts-99999999999999999999': every number in a search name is at most 1,000,000"),
        # an output path that cannot be written is refused before the games, not after them (found by an audit)
        (["play", "mojo", "-p", "2", "--seat", "random", "--seat", "random", "--record", "/nonexistent/r.jsonl"],
         "cannot write /nonexistent/r.jsonl"),
        (["simulate", "mojo", "-n", "1", "--record", "/nonexistent/r.jsonl"], "cannot write /nonexistent/r.jsonl"),
        (["balance", "mojo", "-n", "1", "--out", "/proc/no-report"], "cannot write /proc/no-report"),
        (["serve", "--db", "/nonexistent/t.db"], "cannot write /nonexistent/t.db"),
        # a PostgreSQL nobody answers at: one line, the password left out (it would reach logs)
        (["serve", "--db", "postgresql://ann:secret@127.0.0.1:1/cardtable"],
         "cannot use the database postgresql://ann:***@127.0.0.1:1/cardtable:"),
        # a Ray address is checked before Ray is asked (found by an audit: Ray retried for minutes)
        pytest.param(["simulate", "mojo", "-n", "1", "--address", "HEAD"],
                     "--address HEAD is not a Ray cluster's address; give HOST:PORT", marks=NEEDS_RAY),
        pytest.param(["tournament", "mojo", "-n", "1", "--address", "HEAD:70000"],
                     "--address HEAD:70000: the port is 1–65535, not 70000", marks=NEEDS_RAY),
        pytest.param(["balance", "mojo", "-n", "1", "--address", "nowhere.invalid:1", "--out", "/proc/no-report"],
                     "no Ray cluster answers at nowhere.invalid:1: nowhere.invalid does not resolve", marks=NEEDS_RAY),
    ],
)
def test_bad_input_gets_one_clear_line_and_a_nonzero_exit(args, words):
    out = cardtable(*args)
    assert out.returncode != 0
    assert words in out.stderr
    assert "Traceback" not in out.stderr


def test_corrupt_record_file(tmp_path):
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{not json\n")
    out = cardtable("replay", str(bad))
    assert out.returncode != 0 and "bad.jsonl:1: not JSON" in out.stderr


def test_serve_passes_its_options_to_the_server(monkeypatch, tmp_path):
    """`cardtable serve --search-workers N` caps the search bots' worker pool; a bad count is refused."""
    from typer.testing import CliRunner

    import cardtable.server.app as server_app
    from cardtable.cli.app import app

    calls = []
    monkeypatch.setattr(server_app, "serve", lambda *args, **kwargs: calls.append((args, kwargs)))
    db = tmp_path / "t.db"
    port = free_port()  # serve checks that it can listen there before it starts
    out = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", str(db), "--search-workers", "3",
                                   "--bot-delay", "0"])
    assert out.exit_code == 0, out.output
    assert calls == [(("127.0.0.1", port, str(db)), {"bot_delay": 0.0, "search_workers": 3, "smtp": None,
                                                      "base_url": f"http://127.0.0.1:{port}", "allow_local_webhooks": False,
                                                      "lease_seconds": 10.0})]
    assert f"http://127.0.0.1:{port}/" in out.output
    calls.clear()
    out = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", str(db), "--smtp", "mail.example.org:2525",
                                   "--smtp-from", "t@example.org", "--public-url", "https://cards.example.org",
                                   "--allow-local-webhooks"])
    assert out.exit_code == 0, out.output
    (_, kwargs), = calls
    assert (kwargs["smtp"].host, kwargs["smtp"].port, kwargs["smtp"].sender) == ("mail.example.org", 2525, "t@example.org")
    assert kwargs["base_url"] == "https://cards.example.org" and kwargs["allow_local_webhooks"] is True
    bad_smtp = CliRunner().invoke(app, ["serve", "--port", str(port), "--db", str(db), "--smtp", "nohost"])
    assert bad_smtp.exit_code == 2 and "HOST:PORT" in bad_smtp.output
    bad = CliRunner().invoke(app, ["serve", "--search-workers", "0"])
    assert bad.exit_code == 2 and "search-workers" in bad.output and len(calls) == 1
    # found by an audit: port 0 served on a port nobody was told (the page said :0)
    zero = CliRunner().invoke(app, ["serve", "--port", "0", "--db", str(db)])
    assert zero.exit_code == 2 and "'--port'" in zero.output and len(calls) == 1


def free_port() -> int:
    """A port on 127.0.0.1 that was free a moment ago and that nobody listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


# found by an audit: uvicorn's own log, and a traceback, instead of one line
def test_serve_where_it_cannot_listen_is_one_clear_line_before_it_starts(tmp_path):
    db = tmp_path / "t.db"
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        in_use = cardtable("serve", "--port", str(port), "--db", str(db))
    assert (in_use.returncode, in_use.stdout) == (2, "")
    assert in_use.stderr.splitlines() == [f"error: cannot listen on 127.0.0.1:{port} — Address already in use "
                                          f"(another program listens there; choose another --port)"]
    bad_host = cardtable("serve", "--host", "999.1.1.1", "--db", str(db))
    assert (bad_host.returncode, bad_host.stdout) == (2, "")
    assert len(bad_host.stderr.splitlines()) == 1, bad_host.stderr
    assert bad_host.stderr.startswith("error: cannot listen on 999.1.1.1:8000 — 999.1.1.1 does not resolve (")
    assert not db.exists()


# found by an audit: Ray retried an address where nobody listens for a minute or more before it failed
@NEEDS_RAY
@pytest.mark.parametrize("command, address, reason", [
    (["simulate", "mojo", "-n", "1", "--record", "{tmp}/r.jsonl"], "127.0.0.1:{port}", "Connection refused"),
    (["tournament", "mojo", "-n", "1", "--out", "{tmp}/t.csv"], "nowhere.invalid:6379",
     "nowhere.invalid does not resolve ("),
    (["balance", "mojo", "-n", "1", "--out", "{tmp}/report"], "ray://127.0.0.1:{port}", "Connection refused"),
])
def test_a_ray_address_where_nobody_answers_is_one_clear_line_before_any_game(tmp_path, command, address, reason):
    address = address.format(port=free_port())
    began = time.monotonic()
    out = cardtable(*(a.format(tmp=tmp_path) for a in command), "--address", address)  # never starts Ray
    assert time.monotonic() - began < 60
    assert (out.returncode, out.stdout) == (2, "")
    assert len(out.stderr.splitlines()) == 1, out.stderr
    assert out.stderr.startswith(f"error: no Ray cluster answers at {address}: {reason}")
    assert list(tmp_path.iterdir()) == []  # refused before any output file


def test_play_seats_take_every_agent_name_the_other_commands_take():
    """A tuned search measured with `tournament` can also sit at the terminal table; a bad name still fails."""
    from cardtable.cli.play import parse_seats
    from cardtable.engine import CardtableError
    from cardtable.engine.registry import load

    game = load("mojo", 3)
    assert parse_seats(game, ["human", "ismcts-30+h"]) == ["human", "ismcts-30+h", "heuristic"]
    with pytest.raises(CardtableError, match="unknown seat 'ismcts-30\\+zz'"):
        parse_seats(game, ["ismcts-30+zz"])
    with pytest.raises(CardtableError, match="unknown seat 'ismcts-0' \\(a search needs at least 1 iteration"):
        parse_seats(game, ["ismcts-0"])


def test_help_texts_flow_as_paragraphs():
    """Help is markdown: a docstring's line breaks do not cut the command list's descriptions short (a line
    is only short where a description ends)."""
    out = cardtable("--help")
    assert out.returncode == 0
    lines = out.stdout.splitlines()
    start = next(i for i, l in enumerate(lines) if "Commands" in l) + 1
    box = [l.strip().strip("│").rstrip() for l in lines[start:] if l.strip().startswith("│")]
    for line, following in zip(box, box[1:]):
        if following.startswith("  "):  # the description goes on: this line must be full
            assert len(line) > 80, f"a description breaks early: {line!r}"


def test_every_argument_and_option_of_every_command_has_a_help_text():
    import typer.main

    from cardtable.cli.app import app

    group = typer.main.get_command(app)
    bare = [f"{name} {param.name}" for name, command in group.commands.items() for param in command.params
            if not getattr(param, "help", None)]
    assert bare == []


def test_simulate_reports_the_first_seats_win_rate_with_its_interval():
    summary = json.loads(cardtable("simulate", "mojo", "-n", "30", "--players", "2", "--agents", "heuristic",
                                   "--seed", "3", "--json").stdout)
    rate, (low, high) = summary["first_seat_win_rate"], summary["first_seat_win_rate_ci95"]
    assert 0 <= low <= rate <= high <= 1 and high - low > 0.2  # 30 games: a wide interval
    out = cardtable("simulate", "mojo", "-n", "30", "--players", "2", "--agents", "heuristic", "--seed", "3")
    assert out.returncode == 0, out.stderr
    assert f"seat 0 won {rate:.1%} of the games, 95 % interval {low:.1%} – {high:.1%} (even seats: 50.0%)" in out.stdout
