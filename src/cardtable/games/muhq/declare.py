"""Checking and carrying out decisions (spec section 8), declaring actions onto the stack (MUHQ-ACT-3, 4) and
resolving them (MUHQ-ACT-5, 6; MUHQ-STACK).

Every ``_do_<type>`` checks everything first and raises :class:`IllegalAction` with the rule it breaks before
it changes anything, so a rejected decision leaves the state as it was.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardtable.engine import Action
from cardtable.engine.game import GAME_OVER

from . import declare_fast as _fast
from . import declare_phase as _phase
from . import declare_turn as _turn
from . import declare_unit as _unit
from .declare_checks import WAITING as WAITING, all_in as all_in, bad as bad
from .turn import OVER
from .words import _
from . import flow as _flow

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def _apply(self: "MuhqState", action: Action) -> None:
    if self.mode is OVER:
        raise bad(GAME_OVER, _("the game is over; no more decisions are accepted (INV-16)"))
    handler = HANDLERS.get(action.type)
    if handler is None:  # not one of muhq's actions: fails here as it always did
        raise AttributeError(f"'MuhqState' object has no attribute '_do_{action.type}'")  # i18n: no (a bug)
    handler(self, action)
    # Whatever moves a permanent or changes an ability calls changed() itself (resolving, entering,
    # leaving, drops), and whatever the state check reads (damage, poison and wear markers, resource, VP)
    # is raised only where touched() follows (damage, effects, resolving, income). A decision on its own
    # only lowers counters and changes hands and flags, which no state check reads: so no touched() here,
    # and the state check is not redone for nothing. advance() makes the legal actions anew.
    _flow.advance(self)


#: What each action type does (MUHQ-ACT), by the decision's ``type``.
HANDLERS: dict[str, Callable[["MuhqState", Any], None]] = {
    "activate": _phase._do_activate, "attack": _unit._do_attack, "buy": _turn._do_buy, "carry": _unit._do_carry,
    "clear_paralysis": _unit._do_clear_paralysis, "declare_trigger": _fast._do_declare_trigger,
    "decline_upkeep": _turn._do_decline_upkeep, "draft_pick": _turn._do_draft_pick,
    "drop_place": _turn._do_drop_place, "end_action_phase": _phase._do_end_action_phase,
    "end_activation": _phase._do_end_activation, "end_discard": _turn._do_end_discard, "equip": _unit._do_equip,
    "free_action": _fast._do_free_action, "full_action": _unit._do_full_action, "move": _unit._do_move,
    "pass": _fast._do_pass, "pay_upkeep": _turn._do_pay_upkeep, "place_token": _turn._do_place_token,
    "play_permanent": _phase._do_play_permanent, "play_spell": _fast._do_play_spell, "skip_buy": _turn._do_skip_buy,
    "swap": _unit._do_swap, "universal_free_action": _fast._do_universal_free_action,
}
