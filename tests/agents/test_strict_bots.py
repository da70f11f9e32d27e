"""A heuristic's safety net (issue 36): in play a decision that fails answers with the safe move (a pass, or the
first legal action) so that no game crashes; under the tests (CARDTABLE_STRICT_BOTS=1, set by tests/conftest.py)
it raises, so a bug in a bot fails a test instead of looking like a bot that chose to pass."""

from __future__ import annotations

import importlib

import pytest

from cardtable.engine import load
from cardtable.engine.agent import STRICT_BOTS, Observation, bots_are_strict
from cardtable.engine.kit import kit_of

GAMES = ["mitosz", "muhq"]  # the heuristics with a safety net


def _deciding_position(game_name: str):
    """A seeded position where the heuristic has a real choice (more than one legal action)."""
    game = load(game_name, players=2)
    state = game.new_initial_state(seed=3)
    while len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return game, state


def _broken(monkeypatch, game_name: str):
    module = importlib.import_module(kit_of(game_name).heuristic.partition(":")[0])

    def fail(self):
        raise RuntimeError("a bug in the bot")

    monkeypatch.setattr(module._Decision, "choose", fail)


def test_the_suite_runs_with_strict_bots():
    assert bots_are_strict()


@pytest.mark.parametrize("game_name", GAMES)
def test_under_the_tests_a_failing_decision_raises(monkeypatch, game_name):
    game, state = _deciding_position(game_name)
    bot = kit_of(game_name).load("heuristic")(game, 0)
    _broken(monkeypatch, game_name)
    with pytest.raises(RuntimeError, match="a bug in the bot"):
        bot.act(Observation(state, state.current_player))


@pytest.mark.parametrize("game_name", GAMES)
def test_in_play_a_failing_decision_answers_with_the_safe_move(monkeypatch, game_name):
    game, state = _deciding_position(game_name)
    bot = kit_of(game_name).load("heuristic")(game, 0)
    _broken(monkeypatch, game_name)
    monkeypatch.delenv(STRICT_BOTS)
    legal = state.legal_actions()
    action = bot.act(Observation(state, state.current_player))
    assert action in legal
