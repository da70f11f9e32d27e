"""Checking and carrying out decisions (spec section 8), declaring actions onto the stack (MUHQ-ACT-3, 4) and
resolving them (MUHQ-ACT-5, 6; MUHQ-STACK).

Every ``_do_<type>`` checks everything first and raises :class:`IllegalAction` with the rule it breaks before
it changes anything, so a rejected decision leaves the state as it was.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Action
from cardtable.engine.game import GAME_OVER

from . import declare_checks as _checks
from . import declare_fast as _fast
from . import declare_phase as _phase
from . import declare_resolve as _resolve
from . import declare_turn as _turn
from . import declare_unit as _unit
from .declare_checks import WAITING as WAITING, all_in as all_in, bad as bad
from .declare_fast import PERMANENT_IS_SLOW as PERMANENT_IS_SLOW
from .turn import OVER
from .words import _

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def _apply(self: "MuhqState", action: Action) -> None:
    if self.mode is OVER:
        raise bad(GAME_OVER, _("the game is over; no more decisions are accepted (INV-16)"))
    handler = HANDLERS.get(action.type)
    if handler is None:  # not one of muhq's actions: fails here as it always did
        handler = getattr(type(self), "_do_" + action.type)
    handler(self, action)
    # Whatever moves a permanent or changes an ability calls changed() itself (resolving, entering,
    # leaving, drops), and whatever the state check reads (damage, poison and wear markers, resource, VP)
    # is raised only where touched() follows (damage, effects, resolving, income). A decision on its own
    # only lowers counters and changes hands and flags, which no state check reads: so no touched() here,
    # and the state check is not redone for nothing. advance() makes the legal actions anew.
    self.advance()


def resolve_top(self: "MuhqState") -> None:
    item = self.stack.pop()  # MUHQ-STACK-1: last in, first out
    self.log.append(("resolve", item.controller, item.label or item.kind))
    RESOLVERS[item.kind](self, item)
    self.touched()  # what moved or changed an ability said so itself


class DeclareMixin:
    _apply = _apply

    # -- shared checks ---------------------------------------------------------------------------------
    cell_at = _checks.cell_at
    path_cells = _checks.path_cells
    need_priority = _checks.need_priority
    need_open = _checks.need_open
    push = _checks.push

    # -- draft, upkeep, buy, end (turn-based) -------------------------------------------------------------
    _do_draft_pick = _turn._do_draft_pick
    upkeep_unit = _turn.upkeep_unit
    _do_pay_upkeep = _turn._do_pay_upkeep
    _do_decline_upkeep = _turn._do_decline_upkeep
    _do_buy = _turn._do_buy
    _do_skip_buy = _turn._do_skip_buy
    _do_end_discard = _turn._do_end_discard

    # -- priority ----------------------------------------------------------------------------------------
    _do_pass = _fast._do_pass
    _do_play_spell = _fast._do_play_spell
    _do_free_action = _fast._do_free_action
    _do_universal_free_action = _fast._do_universal_free_action
    _do_declare_trigger = _fast._do_declare_trigger
    declare_trigger = _fast.declare_trigger

    # -- forced choices ----------------------------------------------------------------------------------
    _do_drop_place = _turn._do_drop_place
    _do_place_token = _turn._do_place_token

    # -- the action phase --------------------------------------------------------------------------------
    _do_play_permanent = _phase._do_play_permanent
    _do_activate = _phase._do_activate
    activate = _phase.activate
    _do_end_activation = _phase._do_end_activation
    _do_end_action_phase = _phase._do_end_action_phase
    unit_for = _phase.unit_for
    spend = _phase.spend
    not_paralyzed = _phase.not_paralyzed
    not_crew = _phase.not_crew
    _do_move = _unit._do_move
    declare_move = _unit.declare_move
    path_problem = _unit.path_problem
    _do_attack = _unit._do_attack
    declare_attack = _unit.declare_attack
    _do_full_action = _unit._do_full_action
    declare_full_action = _unit.declare_full_action
    _do_equip = _unit._do_equip
    _do_swap = _unit._do_swap
    _do_carry = _unit._do_carry
    _do_clear_paralysis = _unit._do_clear_paralysis
    declare_clear_paralysis = _unit.declare_clear_paralysis

    # -- resolving (MUHQ-ACT-5, 6; MUHQ-STACK-1) ---------------------------------------------------------
    resolve_top = resolve_top

    effect_ctx = _resolve.effect_ctx
    item_target_specs = _resolve.item_target_specs
    _resolve_spell = _resolve._resolve_spell
    _resolve_ability = _resolve._resolve_ability
    _resolve_free_action = _resolve_full_action = _resolve_trigger = _resolve_ability
    _resolve_universal = _resolve._resolve_universal
    _resolve_play_permanent = _resolve._resolve_play_permanent
    _resolve_move = _resolve._resolve_move
    relocate = _resolve.relocate
    _resolve_attack = _resolve._resolve_attack
    _resolve_equip = _resolve._resolve_equip
    _resolve_swap = _resolve._resolve_swap
    _resolve_carry = _resolve._resolve_carry
    _resolve_clear_paralysis = _resolve._resolve_clear_paralysis

    # -- tokens (MUHQ-TOKEN, spec 7.6 create_token) -------------------------------------------------------
    create_tokens = _resolve.create_tokens
    token_fields_for = _resolve.token_fields_for
    token_fields = _resolve.token_fields
    finish_token = _resolve.finish_token


#: The ``_do_<type>`` method for each action type, looked up once.
HANDLERS = {name[4:]: getattr(DeclareMixin, name) for name in dir(DeclareMixin) if name.startswith("_do_")}
#: The ``_resolve_<kind>`` method for each kind of stack item, looked up once.
RESOLVERS = {name[9:]: getattr(DeclareMixin, name) for name in dir(DeclareMixin) if name.startswith("_resolve_")}
