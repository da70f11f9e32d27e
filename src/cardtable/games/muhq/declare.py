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

from .declare_fast import _do_declare_trigger, _do_free_action, _do_pass, _do_play_spell, _do_universal_free_action
from .declare_phase import _do_activate, _do_end_action_phase, _do_end_activation, _do_play_permanent
from .declare_turn import (_do_buy, _do_decline_upkeep, _do_draft_pick, _do_drop_place, _do_end_discard,
                           _do_pay_upkeep, _do_place_token, _do_skip_buy)
from .declare_unit import _do_attack, _do_carry, _do_clear_paralysis, _do_equip, _do_full_action, _do_move, _do_swap
from .declare_checks import WAITING as WAITING, all_in as all_in, bad as bad
from .turn import OVER
from .words import _
from .flow import advance

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
    advance(self)


#: What each action type does (MUHQ-ACT), by the decision's ``type``.
HANDLERS: dict[str, Callable[["MuhqState", Any], None]] = {
    "activate": _do_activate, "attack": _do_attack, "buy": _do_buy, "carry": _do_carry,
    "clear_paralysis": _do_clear_paralysis, "declare_trigger": _do_declare_trigger,
    "decline_upkeep": _do_decline_upkeep, "draft_pick": _do_draft_pick,
    "drop_place": _do_drop_place, "end_action_phase": _do_end_action_phase,
    "end_activation": _do_end_activation, "end_discard": _do_end_discard, "equip": _do_equip,
    "free_action": _do_free_action, "full_action": _do_full_action, "move": _do_move,
    "pass": _do_pass, "pay_upkeep": _do_pay_upkeep, "place_token": _do_place_token,
    "play_permanent": _do_play_permanent, "play_spell": _do_play_spell, "skip_buy": _do_skip_buy,
    "swap": _do_swap, "universal_free_action": _do_universal_free_action,
}
