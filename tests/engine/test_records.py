import json
import random

import pytest

import cardtable
from cardtable.engine import RecordError, read_records


def finished_state(seed=3, players=3):
    state = cardtable.load("mojo", players=players, options={"target_score": 20}).new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        state.apply(rng.choice(state.legal_actions()))
    return state


def test_record_replays_to_the_same_state():
    state = finished_state()
    text = state.record().dumps()
    lines = [json.loads(l) for l in text.splitlines()]
    assert lines[0]["kind"] == "header" and lines[0]["format_version"] == 1 and lines[0]["rules_version"] == "mojo/1"
    assert lines[-1]["kind"] == "result" and lines[-1]["scores"] == state.scores()
    (rec,) = read_records(text.splitlines())
    assert rec.replay(check=True).digest() == state.digest()


def test_several_records_in_one_file():
    text = finished_state(1).record().dumps() + finished_state(2, 2).record().dumps()
    recs = read_records(text.splitlines())
    assert [r.players for r in recs] == [3, 2]


def test_unfinished_game_has_no_result_and_replays():
    state = cardtable.load("mojo").new_initial_state(seed=1)
    state.apply(state.legal_actions()[0])
    (rec,) = read_records(state.record().dumps().splitlines())
    assert rec.result is None
    assert rec.replay().snapshot() == state.snapshot()


def tamper(text, index, change):
    lines = [json.loads(l) for l in text.splitlines()]
    change(lines[index])
    return [json.dumps(l) for l in lines]


def test_a_changed_action_is_reported_with_its_number():
    state = finished_state()
    text = state.record().dumps()

    def swap_card(line):
        line["action"] = {"type": "play", "card": 999}

    (rec,) = read_records(tamper(text, 1, swap_card))
    with pytest.raises(RecordError, match=r"action 0 .* is illegal: MOJO-4.2"):
        rec.replay()


def test_a_changed_result_is_detected():
    text = finished_state().record().dumps()

    def change_scores(line):
        line["scores"] = [0, 0, 0]

    (rec,) = read_records(tamper(text, -1, change_scores))
    with pytest.raises(RecordError, match="final scores differ"):
        rec.replay(check=True)


def test_a_changed_digest_is_detected():
    text = finished_state().record().dumps()

    def change_digest(line):
        line["digest"] = "0" * 16

    (rec,) = read_records(tamper(text, -1, change_digest))
    with pytest.raises(RecordError, match="final digest differs: record says '0000"):
        rec.replay(check=True)


@pytest.mark.parametrize(
    "lines, words",
    [
        (["not json"], "record:1: not JSON"),
        (['{"kind": "action", "n": 0}'], "action line before any header"),
        (['{"kind": "header", "format": "other"}'], "not a cardtable record"),
        (['{"kind": "header", "format": "cardtable.record", "format_version": 9}'], "version 9 is not supported"),
        (['{"kind": "header", "format": "cardtable.record", "format_version": 1, "game": "mojo"}'], "header lacks"),
        ([], "no record"),
        # found by an audit: a KeyError and a RecursionError before
        (['{"kind": "header", "format": "cardtable.record", "format_version": 1, "game": "mojo", "players": 2, '
          '"options": {}, "seed": 1, "rules_version": "mojo/1"}', '{"kind": "action", "n": 0, "action": {}}'],
         "record:2: action lacks 'player'"),
        (["[" * 100_000 + "]" * 100_000], "record:1: not a record line"),
    ],
)
def test_corrupt_files_name_the_line(lines, words):
    with pytest.raises(RecordError, match=words):
        read_records(lines)


# found by an audit: `replay --check` (strict) said a record without its result line checked out
def test_strict_replay_refuses_a_record_that_ends_before_the_result():
    state = cardtable.load("mojo").new_initial_state(seed=1)
    state.apply(state.legal_actions()[0])
    unfinished = state.record().dumps()  # what `play --record` writes for a game quit midway
    (rec,) = read_records(unfinished.splitlines())
    assert rec.replay(check=True).snapshot() == state.snapshot()  # without strict: replays, nothing to check
    with pytest.raises(RecordError, match=r"^record: the record ends before the game's result "
                                          r"\(line 2 is the last; the game is not over after it\)$"):
        rec.replay(check=True, strict=True)
    # a file that lost only its result line: the game is over, but there is nothing to check it against
    finished = finished_state().record().dumps().splitlines()
    (rec,) = read_records(finished[:-1])
    with pytest.raises(RecordError, match=rf"ends before its result line \(line {len(finished) - 1} is the last; "
                                          r"the game is over after it, but there is no result"):
        rec.replay(check=True, strict=True)
    # the line is the file's, in a file of several records
    two = read_records(unfinished.splitlines() + finished, source="games.jsonl")
    with pytest.raises(RecordError, match=r"^games.jsonl: the record ends before the game's result \(line 2 is"):
        two[0].replay(strict=True, source="games.jsonl")
    assert two[1].replay(strict=True).is_terminal()


# found by an audit: `replay --check` (strict) ignored the record's rules version
def test_strict_replay_refuses_a_record_made_under_other_rules():
    lines = finished_state().record().dumps().splitlines()
    header = json.loads(lines[0])
    header["rules_version"] = "mojo/0"
    (rec,) = read_records([json.dumps(header), *lines[1:]])
    assert rec.current_rules_version() == "mojo/1"
    assert rec.replay(check=True).is_terminal()  # without strict: replays as before
    with pytest.raises(RecordError, match=r"^record: recorded under rules mojo/0, this cardtable plays mojo/1; "
                                          r"replaying it may not give the same game$"):
        rec.replay(check=True, strict=True)
