"""The turn machine: the draft, the five phases, priority rounds, state checks, drops, victory
(MUHQ-DRAFT, MUHQ-TURN, MUHQ-UPKEEP, MUHQ-STACK, MUHQ-STATE, MUHQ-WIN).

``advance`` runs every turn-based step until someone has a decision to make, then names that player and the
kind of decision (``mode``): draft, drop, place_token, trigger, priority, open (the active player's action
phase with an empty stack), upkeep, closing (the order of the last activations), buy, discard, over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import flow_draft as _draft
from . import flow_phases as _phases
from . import flow_victory as _victory
from .turn import (ACTION_PHASE, ACTION_PRIO, ACTION_STEP, BUY_MODE, BUY_PHASE, BUY_PRIO, BUY_STEP, CLOSING_MODE,
                   CLOSING_STEP, DISCARD_MODE, DISCARD_STEP, DRAFT_MODE, DRAFT_PHASE, DROP, END_PHASE, END_PRIO,
                   NEXT_TURN, OPEN, OVER, PLACE_TOKEN, PRIORITY, START_PHASE, START_PRIO, START_STEP, TRIGGER,
                   UPKEEP_INCOME, UPKEEP_MODE, UPKEEP_PAY, UPKEEP_PHASE, UPKEEP_PRIO, UPKEEP_SCORE,
                   UPKEEP_TRIGGER_PRIO, UPKEEP_TRIGGERS, Step)
from . import ai as _ai

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from .state import MuhqState

#: The steps of a turn, in order. A "*_prio" step is the priority round at the end of a phase (MUHQ-STACK-9).
STEPS = (START_STEP, START_PRIO, UPKEEP_INCOME, UPKEEP_SCORE, UPKEEP_TRIGGERS, UPKEEP_TRIGGER_PRIO, UPKEEP_PAY,
         UPKEEP_PRIO, ACTION_STEP, CLOSING_STEP, ACTION_PRIO, BUY_STEP, BUY_PRIO, DISCARD_STEP, END_PRIO)
OPTIONAL_ROUNDS = (START_PRIO, BUY_PRIO, END_PRIO)  # MUHQ-TURN-8
#: The priority rounds at the end of a phase that goto_step starts.
PHASE_END_ROUNDS = (START_PRIO, UPKEEP_PRIO, ACTION_PRIO, BUY_PRIO, END_PRIO)
#: After each priority round step, the step that follows.
AFTER_ROUND = {s: (STEPS[STEPS.index(s) + 1] if s is not END_PRIO else NEXT_TURN)
               for s in (START_PRIO, UPKEEP_TRIGGER_PRIO, UPKEEP_PRIO, ACTION_PRIO, BUY_PRIO, END_PRIO)}
#: The members by value, for a step named by a plain string (goto's callers outside the rules).
STEP_OF = {s.value: s for s in Step}


# -- the main loop ----------------------------------------------------------------------------------
def advance(self: "MuhqState") -> None:
    self.priority_changed()
    if self.phase is DRAFT_PHASE and self.winners is None:
        # The draft ends inside a pick (start_draft_round), and nothing below leads back into it: it is
        # looked at once here, not at every turn of the loop.
        seat = self.draft_picker()
        if seat is not None:
            self.mode, self.current_player = DRAFT_MODE, seat
            return
    while True:
        if self.winners is not None:
            self.mode, self.current_player = OVER, -1
            return
        if self.drops:
            if self.settle_drop():
                continue
            self.mode, self.current_player = DROP, self.drops[0].controller
            return
        if self.resolving is not None:
            self.mode, self.current_player = PLACE_TOKEN, self.resolving[0].controller
            return
        if self._dirty and self.state_check():  # (state_check itself returns at once when clean)
            continue
        if self.triggers:
            seat = self.trigger_declarer()
            if self.auto_declare(seat):
                continue
            self.mode, self.current_player = TRIGGER, seat
            return
        if self.priority is not None:
            if self.opts["auto_pass"]:  # MUHQ-STACK-10
                # Passing to the next seat changes nothing the checks above read, so the next seat is
                # asked at once; the pass that ends the round (resolving, or ending the step) goes round.
                alive = len(self._alive)
                everyone = alive == self.n  # (then the next seat is simply seat + 1, as next_seat says)
                players = self.players
                while True:
                    seat = self.priority
                    # has_fast_action(seat), its first answers inlined: 2 cards in hand make the universal
                    # free action (MUHQ-CARD-9); no card and no permanent with free actions, nothing
                    hand = players[seat].hand
                    if len(hand) >= 2:
                        self.mode, self.current_player = PRIORITY, seat
                        return
                    if hand or (self._memo.get("free_sources") or self.find_free_action_sources())[seat]:
                        if self.fast_list(seat):
                            self.mode, self.current_player = PRIORITY, seat
                            return
                    if self.passes + 1 >= alive:  # the last pass of the round
                        self.pass_priority()
                        break
                    # pass_priority, when the round goes on: the next seat is asked
                    self.passes += 1
                    self.priority = (seat + 1) % self.n if everyone else self.next_seat(seat)
                continue
            self.mode, self.current_player = PRIORITY, self.priority
            return
        if not STEP_WORK[self.step](self):  # step_machine(), without a call in between
            return


# -- priority (MUHQ-STACK-4..9) ----------------------------------------------------------------------
def start_round(self: "MuhqState") -> None:
    self.priority = self.active  # MUHQ-STACK-5
    self.passes = 0


def next_seat(self: "MuhqState", seat: int) -> int:
    n = self.n
    if len(self._alive) == n:
        return (seat + 1) % n  # everyone plays on: the next seat (the loop below would say the same)
    for k in range(1, self.n + 1):
        s = (seat + k) % self.n
        if self.players[s].alive:
            return s
    return seat


def pass_priority(self: "MuhqState") -> None:
    self.passes += 1
    if self.passes < len(self._alive):  # alive_seats()
        n = self.n
        # next_seat: with everyone still playing, simply the next seat
        # (the ignores: priority is a seat while a round runs)
        self.priority = ((self.priority + 1) % n if len(self._alive) == n  # type: ignore[operator]
                         else self.next_seat(self.priority))  # type: ignore[arg-type]
        return
    self.priority = None
    if self.stack:  # MUHQ-STACK-7
        self.resolve_top()
        if self.stack or not (self.step is ACTION_STEP or self.step is CLOSING_STEP):
            self.start_round()
    # else MUHQ-STACK-8: the step ends (the step machine moves on); in the action phase open priority returns


def after_declare(self: "MuhqState") -> None:
    """MUHQ-STACK-6: a declared action starts a new priority round with the active player."""
    self.start_round()


# -- the steps of a turn ----------------------------------------------------------------------------
def step_machine(self: "MuhqState") -> bool:
    """Do the current step's turn-based work. True: something happened, loop again. False: a decision
    is waiting (``mode`` and ``current_player`` are set). (advance looks the step's work up itself.)"""
    return STEP_WORK[self.step](self)


def _step_action(self: "MuhqState") -> bool:
    self.phase = ACTION_PHASE
    if self.activation is not None:
        if self.activation not in self.perms:
            self.activation, self.ai = None, None
        elif self.ai is not None:
            return _ai.ai_step(self)
        elif self.perms[self.activation].controller != self.active:
            # MUHQ-APHASE-4: its controller changed (Mind Tide in answer to a move): the rulebook's "der
            # Beherrscher der angreifenden Unit" names the defender, so the former one may not go on with it
            self.end_activation()
            return True
        elif not self.unit_list(self.activation):  # MUHQ-APHASE-4: no unit action is available
            self.end_activation()
            return True
    self.mode, self.current_player = OPEN, self.active
    return False


def _step_round_over(self: "MuhqState") -> bool:
    """A priority round step whose round is over (or was never started): on to the next step."""
    return self.goto_step(AFTER_ROUND[self.step])


def _step_start(self: "MuhqState") -> bool:
    self.phase = START_PHASE
    self.start_phase()
    return self.goto_step(START_PRIO)


def _step_upkeep_income(self: "MuhqState") -> bool:
    self.phase = UPKEEP_PHASE
    if self.victory_item_check():
        return True
    self.upkeep_reshuffle(self.active)  # MUHQ-DECK-4: the deck the start phase's draw emptied
    self.income()
    self.step = UPKEEP_SCORE
    return True


def _step_upkeep_score(self: "MuhqState") -> bool:
    self.score_areas()
    self.step = UPKEEP_TRIGGERS
    return True


def _step_upkeep_triggers(self: "MuhqState") -> bool:
    fired = False
    for pid in self.board_order():  # MUHQ-UPKEEP-3
        p = self.perms[pid]
        if p.controller == self.active and p.d.triggers:
            before = len(self.triggers)
            self.event("upkeep_start", pid)
            fired = fired or len(self.triggers) > before
    self.step = UPKEEP_TRIGGER_PRIO
    if fired:
        self.start_round()
    return True


def _step_upkeep_pay(self: "MuhqState") -> bool:
    while self.upkeep_todo:  # MUHQ-UPKEEP-4: the player handles each unit, in an order they choose
        pid = self.upkeep_todo[0]
        p = self.perms.get(pid)
        if p is None or p.controller != self.active or p.d.upkeep == 0:  # MUHQ-UPKEEP-6
            self.upkeep_todo.pop(0)
            continue
        self.mode, self.current_player = UPKEEP_MODE, self.active
        return False
    return self.goto_step(UPKEEP_PRIO)


def _step_closing(self: "MuhqState") -> bool:
    if self.activation is not None:
        if self.activation in self.perms and self.ai is not None:
            return _ai.ai_step(self)
        self.end_activation()
        return True
    left = self.closing_candidates()
    if not left:
        return self.goto_step(ACTION_PRIO)
    special = []  # (a loop: a comprehension here would make every step pay for a closure over self)
    for pid in left:
        if self.has_activation_effects(pid):
            special.append(pid)
    if len(special) >= 2:
        self.mode, self.current_player = CLOSING_MODE, self.active
        return False
    self.close_one((special or left)[0])
    return True


def _step_buy(self: "MuhqState") -> bool:
    self.phase = BUY_PHASE
    if self.players[self.active].bought:
        return self.goto_step(BUY_PRIO)
    self.mode, self.current_player = BUY_MODE, self.active
    return False


def _step_discard(self: "MuhqState") -> bool:
    self.phase = END_PHASE
    if not self.players[self.active].hand:
        self.end_of_turn()
        return self.goto_step(END_PRIO)
    self.mode, self.current_player = DISCARD_MODE, self.active
    return False


def _step_next_turn(self: "MuhqState") -> bool:
    self.next_turn()
    return True


def goto(self: "MuhqState", step: Step | str) -> bool:
    """Go to ``step``, a member or its value as a plain string (as tests name steps): made the member, so the
    state holds members only. (The rules call goto_step with a member and pay nothing for the conversion.)"""
    return self.goto_step(step if type(step) is Step else STEP_OF[step])


def goto_step(self: "MuhqState", step: Step) -> bool:
    self.step = step
    if step is UPKEEP_PAY:  # crew units are units you control too (MUHQ-UPKEEP-4)
        self.upkeep_todo = self.units_of_active()
    if step in PHASE_END_ROUNDS:
        if step in OPTIONAL_ROUNDS and not self.opts["phase_end_priority"]:
            return True
        self.start_round()
    return True


def units_of_active(self: "MuhqState") -> list[int]:
    """The active player's units on the board, in board order (its own method, so that goto_step, which runs at
    every step, makes no closure for this list)."""
    perms, active = self.perms, self.active
    units = []  # (a loop: a comprehension would make a closure over perms and active)
    for pid in self.board_order():
        p = perms[pid]
        if p.controller == active and p.d.type == "unit":
            units.append(pid)
    return units


# -- triggers (MUHQ-ACT-7, 8) -------------------------------------------------------------------------
def trigger_declarer(self: "MuhqState") -> int:
    seats = {t.controller for t in self.triggers}
    for k in range(self.n):
        s = (self.active + k) % self.n
        if s in seats:
            return s
    return self.triggers[0].controller


def auto_declare(self: "MuhqState", seat: int) -> bool:
    """Declare for the player when there is nothing to choose: one pending trigger with one (or no)
    legal choice of targets. A trigger without a legal target is not put on the stack (MUHQ-ACT-7)."""
    mine = [i for i, t in enumerate(self.triggers) if t.controller == seat]
    for i in mine:
        if not any(True for _ in self.trigger_target_choices(self.triggers[i])):
            self.triggers.pop(i)
            return True
    if len(mine) != 1:
        return False
    choices = list(self.trigger_target_choices(self.triggers[mine[0]], limit=2))
    if len(choices) != 1:
        return False
    self.declare_trigger(mine[0], choices[0])
    return True


# -- drops (MUHQ-PILE-4) --------------------------------------------------------------------------
def settle_drop(self: "MuhqState") -> bool:
    """Place or destroy what needs no choice; True if something happened. A member with no available field
    is destroyed; one member with one field is placed."""
    drop = self.drops[0]
    fields = {m: self.drop_fields(drop, m) for m in drop.members}
    for m, fs in fields.items():
        if not fs:
            self.place_dropped(drop, m, None)
            return True
    if len(drop.members) == 1 and len(fields[drop.members[0]]) == 1:
        self.place_dropped(drop, drop.members[0], fields[drop.members[0]][0])
        return True
    return False


class FlowMixin:
    # -- the draft (MUHQ-DRAFT) ------------------------------------------------------------------------------
    start_draft_round = _draft.start_draft_round
    draft_picker = _draft.draft_picker
    draft_pick = _draft.draft_pick

    # -- the main loop ----------------------------------------------------------------------------------
    advance = advance

    # -- priority (MUHQ-STACK-4..9) ----------------------------------------------------------------------
    start_round = start_round
    next_seat = next_seat
    pass_priority = pass_priority
    after_declare = after_declare

    # -- the steps of a turn ----------------------------------------------------------------------------
    step_machine = step_machine
    _step_action = _step_action
    _step_round_over = _step_round_over
    _step_start = _step_start
    _step_upkeep_income = _step_upkeep_income
    _step_upkeep_score = _step_upkeep_score
    _step_upkeep_triggers = _step_upkeep_triggers
    _step_upkeep_pay = _step_upkeep_pay
    _step_closing = _step_closing
    _step_buy = _step_buy
    _step_discard = _step_discard
    _step_next_turn = _step_next_turn
    goto = goto
    goto_step = goto_step
    units_of_active = units_of_active

    # -- the work of the phases: flow_phases ------------------------------------------------------------
    start_phase = _phases.start_phase
    income = _phases.income
    score_areas = _phases.score_areas
    victory_item_check = _phases.victory_item_check
    closing_candidates = _phases.closing_candidates
    has_activation_effects = _phases.has_activation_effects
    close_one = _phases.close_one
    end_activation = _phases.end_activation
    end_of_turn = _phases.end_of_turn
    next_turn = _phases.next_turn

    # -- triggers (MUHQ-ACT-7, 8) -------------------------------------------------------------------------
    trigger_declarer = trigger_declarer
    auto_declare = auto_declare

    # -- drops (MUHQ-PILE-4) --------------------------------------------------------------------------
    settle_drop = settle_drop

    # -- state checks and victory (MUHQ-STATE, MUHQ-WIN) ----------------------------------------------------
    state_check = _victory.state_check
    turn_order_of_drop = _victory.turn_order_of_drop
    lethal_scan = _victory.lethal_scan
    defeated = _victory.defeated
    check_victory = _victory.check_victory
    eliminate = _victory.eliminate


#: What step_machine does in each step of a turn (a look-up, not a chain of comparisons: it runs at almost every
#: decision), for every step but the draft's. A plain dict, for the interpreter's fast path of its subscript: a step
#: is a Step (mypy refuses any other name), and one missing here raises KeyError (test_turn_enums checks none is).
STEP_WORK: dict[Step, Callable[[MuhqState], bool]] = {
    ACTION_STEP: FlowMixin._step_action, START_STEP: FlowMixin._step_start,
    UPKEEP_INCOME: FlowMixin._step_upkeep_income, UPKEEP_SCORE: FlowMixin._step_upkeep_score,
    UPKEEP_TRIGGERS: FlowMixin._step_upkeep_triggers, UPKEEP_PAY: FlowMixin._step_upkeep_pay,
    CLOSING_STEP: FlowMixin._step_closing, BUY_STEP: FlowMixin._step_buy, DISCARD_STEP: FlowMixin._step_discard,
    NEXT_TURN: FlowMixin._step_next_turn}
STEP_WORK.update((s, FlowMixin._step_round_over) for s in AFTER_ROUND)
