"""``--data DIR`` on play, simulate, balance and replay, and ``balance GAME --compare A B`` (a paired what-if), run
as a user runs them: a workspace's files are used, its records say so, bad input gets a clear error."""

from __future__ import annotations

import json

import pytest

from cardtable.studio.workspace import Workspace

from .helpers import cardtable


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    """A workspace with a deck of its own, ``mine`` (a copy of the Dawn Court)."""
    ws = Workspace(tmp_path_factory.mktemp("ws"))
    ws.save("mitosz", "deck-mine.yaml", ws.read("mitosz", "deck-dawn-court.yaml").replace("Dawn Court", "Mine", 1))
    return ws.root


def test_simulate_uses_the_workspace_deck_and_fails_clearly_without_it(workspace):
    done = cardtable("simulate", "mitosz", "-n", "2", "-o", "deck_a=mine", "--data", str(workspace), "--json", "-w", "1")
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["games_played"] == 2
    missing = cardtable("simulate", "mitosz", "-n", "2", "-o", "deck_a=mine", "-w", "1")
    assert missing.returncode == 2 and "no deck 'mine'" in missing.stderr


def test_a_missing_workspace_folder_is_named(tmp_path):
    for command in (["simulate", "mojo"], ["balance", "mojo"], ["play", "mojo"]):
        done = cardtable(*command, "--data", str(tmp_path / "nowhere"))
        assert done.returncode == 2 and "--data" in done.stderr and "no such folder" in done.stderr, done.stderr


def test_a_record_played_with_a_workspace_says_so_and_replays_with_it(workspace, tmp_path):
    record = tmp_path / "game.jsonl"
    done = cardtable("play", "mitosz", "-s", "heuristic", "-s", "heuristic", "--seed", "3", "-o", "deck_a=mine",
                     "--data", str(workspace), "--record", str(record))
    assert done.returncode == 0, done.stderr
    header = json.loads(record.read_text(encoding="utf-8").splitlines()[0])
    assert header["meta"]["data"]["workspace"] == str(workspace)
    assert len(header["meta"]["data"]["digest"]) == 64
    ok = cardtable("replay", str(record), "--check", "--data", str(workspace))
    assert ok.returncode == 0 and "warning" not in ok.stderr, ok.stderr
    without = cardtable("replay", str(record), "--check")
    assert without.returncode == 1
    assert "was played with the files of the workspace" in without.stderr and "no workspace" in without.stderr


def test_balance_compare_of_two_versions_writes_a_paired_what_if(workspace, tmp_path):
    out = tmp_path / "whatif"
    done = cardtable("balance", "maoqy", "-n", "12", "--compare", "packaged", str(workspace), "--out", str(out),
                     "--no-plots", "--json", "-w", "1")
    assert done.returncode == 0, done.stderr
    numbers = json.loads(done.stdout)
    assert numbers["kind"] == "whatif" and numbers["games_paired"] == 12
    assert numbers["unchanged_games"] == 12  # the workspace changes nothing of MAOQY's
    assert {p.name for p in out.iterdir()} == {"whatif.json", "whatif.html", "pairs.jsonl"}
    page = (out / "whatif.html").read_text(encoding="utf-8")
    assert "Paired differences (B − A)" in page and "Each side on its own" in page
    shown = cardtable("balance", "mojo", "-n", "6", "-p", "2", "-b", "target_score=25", "--out", str(tmp_path / "o"),
                      "--no-plots", "-w", "1")
    assert shown.returncode == 0, shown.stderr
    assert "B − A, paired game by game" in shown.stdout and "target_score=25" in shown.stdout


@pytest.mark.parametrize("args,message", [
    (["balance", "mojo", "--compare", "packaged", "/nonexistent/folder"], "no such folder"),
    (["balance", "--option-b", "target_score=3"], "--option-b is for a what-if"),
    (["balance", "mojo", "-b", "nonsense=1"], "unknown option nonsense"),
])
def test_bad_what_if_input_is_refused_before_any_game(args, message, tmp_path):
    done = cardtable(*args, "--out", str(tmp_path / "never"))
    assert done.returncode == 2 and message in done.stderr, done.stderr
    assert not (tmp_path / "never").exists()


def test_compare_with_a_game_refuses_reports(tmp_path):
    report = tmp_path / "r"
    assert cardtable("balance", "mojo", "-n", "4", "-p", "2", "--out", str(report), "--no-plots", "-w", "1").returncode == 0
    done = cardtable("balance", "mojo", "--compare", str(report), str(report))
    assert done.returncode == 2 and "is a report" in done.stderr
