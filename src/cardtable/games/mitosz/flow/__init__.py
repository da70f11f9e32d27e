"""The turn machine (spec 5.6), open windows (5.7), counter rounds and the stack (5.8), prompts (8.2).

The machine is a list of pending steps (``todo``, run last-pushed first). Each step either runs a rule
step and goes on, or sets up a decision — an open window, a counter round or a prompt — and stops.
The answer to the decision is an action; after it, the machine runs on. Everything is plain data, so a
clone can stop and resume anywhere.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import PASS, Pass
from ..fights import Fights
from . import turns as _turns, windows as _windows, end_phase as _end_phase, prompts as _prompts
from .phases import (PHASES as PHASES, SUMMON_PHASES as SUMMON_PHASES, PHASE_TITLES as PHASE_TITLES,
                     SPHERE_NAMES as SPHERE_NAMES, SPHERE_SAID as SPHERE_SAID, QUIET_STEPS as QUIET_STEPS)
from .prompts import (FIGHT_QUESTIONS as FIGHT_QUESTIONS, FIGHT_PROMPTS as FIGHT_PROMPTS,
                      NUMBERED_PROMPTS as NUMBERED_PROMPTS, PRIVATE_ANSWERS as PRIVATE_ANSWERS, refills as refills,
                      splits as splits)
from ..modes import BATTLE, COUNTER, OVER, PROMPT, WINDOW

if TYPE_CHECKING:
    from cardtable.engine import Action

    from ..state import MitoszState


# -- the driver --------------------------------------------------------------------------------
def _push(self: MitoszState, *steps: str) -> None:
    """Schedule ``steps`` to run in the order given, before anything scheduled earlier."""
    self.todo.extend(reversed(steps))


def _run(self: MitoszState) -> None:
    todo = self.todo
    if not todo and (self.mode is WINDOW or self.mode is COUNTER) \
            and self.opts["counter_prompting"] == "always" and not self.order_requests:
        self.current_player = self.priority  # the common case: a pass that only moved priority on
        return
    skip = self.opts["counter_prompting"] == "skip_if_no_legal_response"
    while True:
        while todo and self.result is None and self.mode is not PROMPT:  # a question waits for its answer
            step = todo.pop()
            if step not in QUIET_STEPS:
                self.touch()
            if STEPS[step](self):
                break
        if self.result is not None:
            self.mode = OVER
            self.current_player = -1
            self.prompt = None
            return
        if self.order_requests:  # MIT-1.4.2.c: before anything else, the owner orders what arrived together
            self._ask_order()
        # (the ignore: in prompt mode a prompt is set)
        self.current_player = self.prompt.player if self.mode is PROMPT else self.priority  # type: ignore[union-attr]
        if skip and self.mode in (WINDOW, COUNTER) and not self._has_choice(self.current_player):
            self._pass(self.current_player)  # OP-43: a simulation skips who can only pass
            continue
        return


def _has_choice(self: MitoszState, seat: int) -> bool:
    return any(not isinstance(a, Pass) for a in self.legal_for(seat))


def act(self: MitoszState, seat: int, action: Action) -> None:
    if isinstance(action, Pass) and self.mode is not PROMPT:
        self._pass(seat)  # a pass changes only who may act: nothing cached depends on it
    elif self.mode is PROMPT:
        options = self._prompt_options()  # the answers just offered (kept until something happens)
        self.touch()
        self._answer(seat, action, options)
        self.touch()
    else:
        offered = self._offered(seat, action)
        self.touch()
        # checks everything first (unless the action is one of the list just offered, which passed the
        # same checks); IllegalAction leaves the state as it was
        self.announce(seat, action, offered=offered)
        self.touch()
    self._run()


def _memo_key(self: MitoszState, seat: int) -> tuple[int, bool, str]:
    counter = self.mode is COUNTER
    # What a player may do changes only when something happens (``version``), with the player's role and
    # the kind of phase: a pass changes neither, so the list is kept across passes.
    phase = self.phase
    if phase is BATTLE:
        kind = "battle"
    elif seat == self.active:
        kind = "summon" if phase in SUMMON_PHASES else "own"
    else:
        kind = "other"
    return seat, counter, kind


def _offered(self: MitoszState, seat: int, action: Action) -> bool:
    """Is ``action`` (this very object) in the legal list kept for ``seat``, still valid?"""
    memo = self.legal_memo
    if not memo:
        return False
    hit = memo.get(self._memo_key(seat))
    return hit is not None and hit[0] == self.version and hit[1] == self.seat_versions[seat] \
        and any(x is action for x in hit[2])


def legal_for(self: MitoszState, seat: int) -> list[Action]:
    mode = self.mode
    if mode is WINDOW:
        counter = False
    elif mode is COUNTER:
        counter = True
    elif mode is PROMPT:
        return self._prompt_options()
    else:
        return []
    # the memo key (``_memo_key``), written out: this runs before every action
    phase = self.phase
    if phase is BATTLE:
        key = (seat, counter, "battle")
    elif seat == self.active:
        key = (seat, counter, "summon" if phase in SUMMON_PHASES else "own")
    else:
        key = (seat, counter, "other")
    memo = self.legal_memo
    if memo is None:
        memo = self.legal_memo = {}
    hit: tuple[int, int, list[Action]] | None = memo.get(key)
    version = self.version
    seat_version = self.seat_versions[seat]
    if hit is not None and hit[0] == version and hit[1] == seat_version:
        return hit[2][:]
    acts = self.legal_acts(seat, counter)
    acts.append(PASS)
    memo[key] = (version, seat_version, acts)
    return acts[:]


class Flow:
    # -- the driver
    _push = _push
    _run = _run
    _has_choice = _has_choice
    act = act
    _memo_key = _memo_key
    _offered = _offered
    legal_for = legal_for
    # -- turns (turns.py)
    _begin_turn = _turns._begin_turn
    _step_turn_start = _turns._step_turn_start
    _step_next_phase = _turns._step_next_phase
    draw_phase = _turns.draw_phase
    # -- open windows, counter rounds and the stack (windows.py)
    _step_window = _windows._step_window
    _step_window_resume = _windows._step_window_resume
    _pass = _windows._pass
    next_in_window = _windows.next_in_window
    start_counter_round = _windows.start_counter_round
    _step_resolve = _windows._step_resolve
    _step_checks = _windows._step_checks
    _step_triggers = _windows._step_triggers
    _step_triggers_done = _windows._step_triggers_done
    # -- the end phase (end_phase.py)
    _hand_over = _end_phase._hand_over
    _step_end_discard = _end_phase._step_end_discard
    _step_end_hand = _end_phase._step_end_hand
    _step_end_round = _end_phase._step_end_round
    _step_end_cap = _end_phase._step_end_cap
    _step_end_refill = _end_phase._step_end_refill
    _step_end_produce = _end_phase._step_end_produce
    _gain = _end_phase._gain
    _step_end_unrotate = _end_phase._step_end_unrotate
    _step_end_unrotate_more = _end_phase._step_end_unrotate_more
    _step_end_effects = _end_phase._step_end_effects
    _step_next_turn = _end_phase._step_next_turn
    # -- prompts (prompts.py)
    _ask_order = _prompts._ask_order
    _place_in_order = _prompts._place_in_order
    set_prompt = _prompts.set_prompt
    ask = _prompts.ask
    _prompt_options = _prompts._prompt_options
    _prompt_choices = _prompts._prompt_choices
    _answer = _prompts._answer
    prompt_answers = _prompts.prompt_answers
    prompt_text = _prompts.prompt_text
    distinct = _prompts.distinct


#: The machine's steps by name (``todo`` holds names: plain data a clone copies).
STEPS = {name[len("_step_"):]: fn for cls in (Flow, Fights) for name, fn in vars(cls).items()
         if name.startswith("_step_")}
