"""The turn machine: the draft, the five phases, priority rounds, state checks, drops, victory
(MUHQ-DRAFT, MUHQ-TURN, MUHQ-UPKEEP, MUHQ-STACK, MUHQ-STATE, MUHQ-WIN).

``advance`` runs every turn-based step until someone has a decision to make, then names that player and the
kind of decision (``mode``): draft, drop, place_token, trigger, priority, open (the active player's action
phase with an empty stack), upkeep, closing (the order of the last activations), buy, discard, over.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .flow_draft import draft_picker
from .flow_phases import (close_one, end_activation, end_of_turn, has_activation_effects, income, next_turn,
                          score_areas, start_phase, victory_item_check)
from .flow_victory import state_check
from .turn import (ACTION_PHASE, ACTION_PRIO, ACTION_STEP, BUY_MODE, BUY_PHASE, BUY_PRIO, BUY_STEP, CLOSING_MODE,
                   CLOSING_STEP, DISCARD_MODE, DISCARD_STEP, DRAFT_MODE, DRAFT_PHASE, DROP, END_PHASE, END_PRIO,
                   NEXT_TURN, OPEN, OVER, PLACE_TOKEN, PRIORITY, START_PHASE, START_PRIO, START_STEP, TRIGGER,
                   UPKEEP_INCOME, UPKEEP_MODE, UPKEEP_PAY, UPKEEP_PHASE, UPKEEP_PRIO, UPKEEP_SCORE,
                   UPKEEP_TRIGGER_PRIO, UPKEEP_TRIGGERS, Step)
from .ai import ai_step
from .board import drop_fields, place_dropped, upkeep_reshuffle
from .board_events import event
from .declare_fast import declare_trigger
from .legal import trigger_target_choices
from .legal_fast import closing_candidates, fast_list, find_free_action_sources
from .legal_unit import unit_list
from .places import board_order
from .rounds import goto_step, next_seat, start_round
from .priority import pass_priority

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    from .state import MuhqState

#: The steps of a turn, in order. A "*_prio" step is the priority round at the end of a phase (MUHQ-STACK-9).
STEPS = (START_STEP, START_PRIO, UPKEEP_INCOME, UPKEEP_SCORE, UPKEEP_TRIGGERS, UPKEEP_TRIGGER_PRIO, UPKEEP_PAY,
         UPKEEP_PRIO, ACTION_STEP, CLOSING_STEP, ACTION_PRIO, BUY_STEP, BUY_PRIO, DISCARD_STEP, END_PRIO)
#: After each priority round step, the step that follows.
AFTER_ROUND = {s: (STEPS[STEPS.index(s) + 1] if s is not END_PRIO else NEXT_TURN)
               for s in (START_PRIO, UPKEEP_TRIGGER_PRIO, UPKEEP_PRIO, ACTION_PRIO, BUY_PRIO, END_PRIO)}


# -- the main loop ----------------------------------------------------------------------------------
def advance(self: "MuhqState") -> None:
    self.priority_changed()
    if self.phase is DRAFT_PHASE and self.winners is None:
        # The draft ends inside a pick (start_draft_round), and nothing below leads back into it: it is
        # looked at once here, not at every turn of the loop.
        seat = draft_picker(self)
        if seat is not None:
            self.mode, self.current_player = DRAFT_MODE, seat
            return
    while True:
        if self.winners is not None:
            self.mode, self.current_player = OVER, -1
            return
        if self.drops:
            if settle_drop(self):
                continue
            self.mode, self.current_player = DROP, self.drops[0].controller
            return
        if self.resolving is not None:
            self.mode, self.current_player = PLACE_TOKEN, self.resolving[0].controller
            return
        if self._dirty and state_check(self):  # (state_check itself returns at once when clean)
            continue
        if self.triggers:
            seat = trigger_declarer(self)
            if auto_declare(self, seat):
                continue
            self.mode, self.current_player = TRIGGER, seat
            return
        if self.priority is not None:
            if self.opts["auto_pass"]:  # MUHQ-STACK-10
                # Passing to the next seat changes nothing the checks above read, so the next seat is
                # asked at once; the pass that ends the round (resolving, or ending the step) goes round.
                alive = len(self._alive)
                everyone = alive == self.n  # (then the next seat is simply seat + 1, as rounds.next_seat says)
                players = self.players
                while True:
                    seat = self.priority
                    # has_fast_action(seat), its first answers inlined: 2 cards in hand make the universal
                    # free action (MUHQ-CARD-9); no card and no permanent with free actions, nothing
                    hand = players[seat].hand
                    if len(hand) >= 2:
                        self.mode, self.current_player = PRIORITY, seat
                        return
                    if hand or (self._memo.get("free_sources") or find_free_action_sources(self))[seat]:
                        if fast_list(self, seat):
                            self.mode, self.current_player = PRIORITY, seat
                            return
                    if self.passes + 1 >= alive:  # the last pass of the round
                        pass_priority(self)
                        break
                    # priority.pass_priority, when the round goes on: the next seat is asked
                    self.passes += 1
                    self.priority = (seat + 1) % self.n if everyone else next_seat(self, seat)
                continue
            self.mode, self.current_player = PRIORITY, self.priority
            return
        if not STEP_WORK[self.step](self):  # step_machine(), without a call in between
            return


# -- priority (MUHQ-STACK-4..9) ----------------------------------------------------------------------
    # else MUHQ-STACK-8: the step ends (the step machine moves on); in the action phase open priority returns


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
            return ai_step(self)
        elif self.perms[self.activation].controller != self.active:
            # MUHQ-APHASE-4: its controller changed (Mind Tide in answer to a move): the rulebook's "der
            # Beherrscher der angreifenden Unit" names the defender, so the former one may not go on with it
            end_activation(self)
            return True
        elif not unit_list(self, self.activation):  # MUHQ-APHASE-4: no unit action is available
            end_activation(self)
            return True
    self.mode, self.current_player = OPEN, self.active
    return False


def _step_round_over(self: "MuhqState") -> bool:
    """A priority round step whose round is over (or was never started): on to the next step."""
    return goto_step(self, AFTER_ROUND[self.step])


def _step_start(self: "MuhqState") -> bool:
    self.phase = START_PHASE
    start_phase(self)
    return goto_step(self, START_PRIO)


def _step_upkeep_income(self: "MuhqState") -> bool:
    self.phase = UPKEEP_PHASE
    if victory_item_check(self):
        return True
    upkeep_reshuffle(self, self.active)  # MUHQ-DECK-4: the deck the start phase's draw emptied
    income(self)
    self.step = UPKEEP_SCORE
    return True


def _step_upkeep_score(self: "MuhqState") -> bool:
    score_areas(self)
    self.step = UPKEEP_TRIGGERS
    return True


def _step_upkeep_triggers(self: "MuhqState") -> bool:
    fired = False
    for pid in board_order(self):  # MUHQ-UPKEEP-3
        p = self.perms[pid]
        if p.controller == self.active and p.d.triggers:
            before = len(self.triggers)
            event(self, "upkeep_start", pid)
            fired = fired or len(self.triggers) > before
    self.step = UPKEEP_TRIGGER_PRIO
    if fired:
        start_round(self)
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
    return goto_step(self, UPKEEP_PRIO)


def _step_closing(self: "MuhqState") -> bool:
    if self.activation is not None:
        if self.activation in self.perms and self.ai is not None:
            return ai_step(self)
        end_activation(self)
        return True
    left = closing_candidates(self)
    if not left:
        return goto_step(self, ACTION_PRIO)
    special = []  # (a loop: a comprehension here would make every step pay for a closure over self)
    for pid in left:
        if has_activation_effects(self, pid):
            special.append(pid)
    if len(special) >= 2:
        self.mode, self.current_player = CLOSING_MODE, self.active
        return False
    close_one(self, (special or left)[0])
    return True


def _step_buy(self: "MuhqState") -> bool:
    self.phase = BUY_PHASE
    if self.players[self.active].bought:
        return goto_step(self, BUY_PRIO)
    self.mode, self.current_player = BUY_MODE, self.active
    return False


def _step_discard(self: "MuhqState") -> bool:
    self.phase = END_PHASE
    if not self.players[self.active].hand:
        end_of_turn(self)
        return goto_step(self, END_PRIO)
    self.mode, self.current_player = DISCARD_MODE, self.active
    return False


def _step_next_turn(self: "MuhqState") -> bool:
    next_turn(self)
    return True


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
        if not any(True for _ in trigger_target_choices(self, self.triggers[i])):
            self.triggers.pop(i)
            return True
    if len(mine) != 1:
        return False
    choices = list(trigger_target_choices(self, self.triggers[mine[0]], limit=2))
    if len(choices) != 1:
        return False
    declare_trigger(self, mine[0], choices[0])
    return True


# -- drops (MUHQ-PILE-4) --------------------------------------------------------------------------
def settle_drop(self: "MuhqState") -> bool:
    """Place or destroy what needs no choice; True if something happened. A member with no available field
    is destroyed; one member with one field is placed."""
    drop = self.drops[0]
    fields = {m: drop_fields(self, drop, m) for m in drop.members}
    for m, fs in fields.items():
        if not fs:
            place_dropped(self, drop, m, None)
            return True
    if len(drop.members) == 1 and len(fields[drop.members[0]]) == 1:
        place_dropped(self, drop, drop.members[0], fields[drop.members[0]][0])
        return True
    return False


#: What step_machine does in each step of a turn (a look-up, not a chain of comparisons: it runs at almost every
#: decision), for every step but the draft's. A plain dict, for the interpreter's fast path of its subscript: a step
#: is a Step (mypy refuses any other name), and one missing here raises KeyError (test_turn_enums checks none is).
STEP_WORK: dict[Step, Callable[[MuhqState], bool]] = {
    ACTION_STEP: _step_action, START_STEP: _step_start,
    UPKEEP_INCOME: _step_upkeep_income, UPKEEP_SCORE: _step_upkeep_score,
    UPKEEP_TRIGGERS: _step_upkeep_triggers, UPKEEP_PAY: _step_upkeep_pay,
    CLOSING_STEP: _step_closing, BUY_STEP: _step_buy, DISCARD_STEP: _step_discard,
    NEXT_TURN: _step_next_turn}
STEP_WORK.update((s, _step_round_over) for s in AFTER_ROUND)
