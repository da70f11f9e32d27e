"""The turn machine (spec 5.6), open windows (5.7), counter rounds and the stack (5.8), prompts (8.2).

The machine is a list of pending steps (``todo``, run last-pushed first). Each step either runs a rule
step and goes on, or sets up a decision — an open window, a counter round or a prompt — and stops.
The answer to the decision is an action; after it, the machine runs on. Everything is plain data, so a
clone can stop and resume anywhere.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..actions import PASS, Pass
from . import turns as _turns, windows as _windows, end_phase as _end_phase, prompts as _prompts
from .phases import SUMMON_PHASES as SUMMON_PHASES, QUIET_STEPS as QUIET_STEPS
from ..modes import BATTLE, COUNTER, OVER, PROMPT, WINDOW
from ..acts_announce import announce
from ..acts_legal import legal_acts

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
            _prompts._ask_order(self)
        # (the ignore: in prompt mode a prompt is set)
        self.current_player = self.prompt.player if self.mode is PROMPT else self.priority  # type: ignore[union-attr]
        if skip and self.mode in (WINDOW, COUNTER) and not _has_choice(self, self.current_player):
            _windows._pass(self, self.current_player)  # OP-43: a simulation skips who can only pass
            continue
        return


def _has_choice(self: MitoszState, seat: int) -> bool:
    return any(not isinstance(a, Pass) for a in legal_for(self, seat))


def act(self: MitoszState, seat: int, action: Action) -> None:
    if isinstance(action, Pass) and self.mode is not PROMPT:
        _windows._pass(self, seat)  # a pass changes only who may act: nothing cached depends on it
    elif self.mode is PROMPT:
        options = _prompts._prompt_options(self)  # the answers just offered (kept until something happens)
        self.touch()
        _prompts._answer(self, seat, action, options)
        self.touch()
    else:
        offered = _offered(self, seat, action)
        self.touch()
        # checks everything first (unless the action is one of the list just offered, which passed the
        # same checks); IllegalAction leaves the state as it was
        announce(self, seat, action, offered=offered)
        self.touch()
    _run(self)


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
    hit = memo.get(_memo_key(self, seat))
    return hit is not None and hit[0] == self.version and hit[1] == self.seat_versions[seat] \
        and any(x is action for x in hit[2])


def legal_for(self: MitoszState, seat: int) -> list[Action]:
    mode = self.mode
    if mode is WINDOW:
        counter = False
    elif mode is COUNTER:
        counter = True
    elif mode is PROMPT:
        return _prompts._prompt_options(self)
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
    acts = legal_acts(self, seat, counter)
    acts.append(PASS)
    memo[key] = (version, seat_version, acts)
    return acts[:]


#: The machine's steps by name (``todo`` holds names: plain data a clone copies).
STEPS: dict[str, Callable[["MitoszState"], Any]] = {
    "turn_start": _turns._step_turn_start, "next_phase": _turns._step_next_phase, "window": _windows._step_window,
    "window_resume": _windows._step_window_resume, "resolve": _windows._step_resolve,
    "checks": _windows._step_checks, "triggers": _windows._step_triggers,
    "triggers_done": _windows._step_triggers_done, "end_discard": _end_phase._step_end_discard,
    "end_hand": _end_phase._step_end_hand, "end_round": _end_phase._step_end_round,
    "end_cap": _end_phase._step_end_cap, "end_refill": _end_phase._step_end_refill,
    "end_produce": _end_phase._step_end_produce, "end_unrotate": _end_phase._step_end_unrotate,
    "end_unrotate_more": _end_phase._step_end_unrotate_more, "end_effects": _end_phase._step_end_effects,
    "next_turn": _end_phase._step_next_turn,
}  # (and the fight's steps, "fight" and "fight_summoned": the fights' layer is above this one, and assembly.py adds
#    them to this table)
