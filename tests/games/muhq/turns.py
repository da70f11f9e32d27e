"""Playing a muhq scene on through whole turns without choices (used by the scenario and board-rule tests).

``to_action_phase(s, seat)`` answers every decision the simplest way (pass, end the activation or the action
phase, pay upkeep when affordable or else decline it, skip the buy, keep the hand, the first legal choice for
triggers, drops and tokens) until ``seat`` has open priority in the action phase of a later turn.
"""

from __future__ import annotations

from cardtable.games.muhq import actions as A


def step_once(s) -> None:
    """Answer the current decision the simplest way."""
    m = s.mode
    if m == "open":
        s.apply(A.END_ACTIVATION if s.activation is not None else A.END_ACTION_PHASE)
    elif m == "priority":
        s.apply(A.PASS)
    elif m == "upkeep":
        unit = s.upkeep_todo[0]
        cost = s.perms[unit].d.upkeep
        s.apply(A.PayUpkeep(unit) if s.players[s.active].resource >= cost else A.DeclineUpkeep(unit))
    elif m == "buy":
        s.apply(A.SKIP_BUY)
    elif m == "discard":
        s.apply(A.EndDiscard(()))
    else:  # closing, trigger, drop, place_token, draft: the first legal decision
        s.apply(s.legal_actions()[0])


def to_action_phase(s, seat: int, limit: int = 300) -> None:
    """Play on until ``seat`` holds open priority in its action phase, in a later turn than now."""
    turn = s.turn
    for _ in range(limit):
        if s.turn > turn and s.mode == "open" and s.active == seat and s.activation is None:
            return
        if s.mode == "over":
            raise AssertionError("the game ended")
        step_once(s)
    raise AssertionError("never reached the action phase")


def to_step(s, step: str, limit: int = 300) -> None:
    """Play on (as ``step_once``) until the turn machine is at ``step`` (a step of flow.STEPS)."""
    for _ in range(limit):
        if s.step == step:
            return
        step_once(s)
    raise AssertionError(f"never reached step {step}")
