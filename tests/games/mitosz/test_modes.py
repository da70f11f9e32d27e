"""The turn machine's phase and mode are Enums (issue 36): every value the state takes in random games is a member,
so a rule that sets a word instead fails here (and under mypy), and the views and the digest read the same words."""

from __future__ import annotations

import json
import random

from cardtable.engine import load
from cardtable.games.mitosz.modes import PHASES, Mode, Phase


def test_every_phase_and_mode_of_random_games_is_a_member_and_reads_as_its_word():
    seen_phases: set[Phase] = set()
    seen_modes: set[Mode] = set()
    for seed in range(6):
        state = load("mitosz", players=2 + seed % 2).new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(600):
            assert type(state.phase) is Phase and type(state.mode) is Mode, (state.phase, state.mode)
            seen_phases.add(state.phase)
            seen_modes.add(state.mode)
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        view = json.loads(json.dumps(state.view(0)))
        assert view["mode"] == state.mode.value and type(view["mode"]) is str
    assert set(PHASES) <= seen_phases and {Mode.WINDOW, Mode.COUNTER} <= seen_modes
    assert json.loads(json.dumps(state.snapshot()))["phase"] == str(state.phase)


def test_the_members_are_the_words_the_state_always_kept():
    assert [p.value for p in PHASES] == ["start", "draw", "summon_1", "battle", "summon_2", "end"]
    assert {m.value for m in Mode} == {"setup", "window", "counter", "prompt", "busy", "over"}
