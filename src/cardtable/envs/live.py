"""What both environments (PettingZoo's AEC and Gymnasium's) say when they are asked to play without a game."""

from __future__ import annotations

from gymnasium.error import ResetNeeded

from cardtable.engine import State


def live(state: State | None) -> State:
    """The game in play: an error that says what to do when there is none (before ``reset``, after ``close``)."""
    if state is None:
        raise ResetNeeded("call reset() first: the environment has no game (it was never reset, or was closed)")  # i18n: no (programmers: the Python API)
    return state
