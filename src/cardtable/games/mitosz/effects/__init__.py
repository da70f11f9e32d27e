"""Resolving the stack: cards entering the board (MIT-6.3.6) and the effect interpreter (spec 6.4).

A maneuver's effect is a queue of primitive calls kept on its stack item, so that a call that needs a
player's choice (a discard, a searched card) can stop the resolution with a prompt and the next
action carries on from there.

The ``Effects`` mixin of ``MitoszState`` binds the rules' functions, one module a job: ``stack`` (resolving
one stack item), ``conditions`` (a maneuver's conditions), ``triggers`` (spec 6.6), ``lasting`` (effects with a
duration), ``targets`` (references and selectors), ``interpreter`` (the dispatch and branching), ``zones``,
``board``, ``attach`` and ``play`` (the primitives); ``common`` holds what they share.
"""

from __future__ import annotations

from . import stack as _stack
from . import conditions as _conditions
from . import triggers as _triggers
from . import lasting as _lasting
from . import targets as _targets
from . import interpreter as _interpreter
from . import zones as _zones
from . import board as _board
from . import attach as _attach
from . import play as _play
from .attach import WAKE_TEXT as WAKE_TEXT, iid_in_fight as iid_in_fight
from .common import SUSPEND as SUSPEND, ZONE_FROM as ZONE_FROM, _ImmunityWord as _ImmunityWord, _Off as _Off
from .triggers import TRIGGER_CHAIN_LIMIT as TRIGGER_CHAIN_LIMIT, TRIGGER_WORDS as TRIGGER_WORDS
from .triggers import _trigger_sameness as _trigger_sameness


class Effects:
    # -- helpers used by the rules -----------------------------------------------------------------
    statics_of = _lasting.statics_of
    hand_size = _lasting.hand_size
    describe_use = _stack.describe_use
    target_name = _stack.target_name

    # -- resolving one stack item ------------------------------------------------------------------
    resolve_item = _stack.resolve_item
    _effect_calls = _stack._effect_calls
    _resolve_card = _stack._resolve_card

    # -- MIT-6.3.7: a maneuver used when the card is played ------------------------------------------
    on_enter_options = _stack.on_enter_options
    _ask_on_enter = _stack._ask_on_enter
    answer_on_enter = _stack.answer_on_enter
    _look = _conditions._look
    _reveal = _conditions._reveal
    _reveal_each = _conditions._reveal_each
    _target_name = _conditions._target_name
    _look_holds = _conditions._look_holds
    _ask_enemy = _conditions._ask_enemy
    _enemy_target = _conditions._enemy_target
    _enemy_for = _conditions._enemy_for
    _finish = _conditions._finish
    pay_conditions = _conditions.pay_conditions
    answer_sacrifice = _conditions.answer_sacrifice
    _sacrifice_implicit = _conditions._sacrifice_implicit

    # -- triggered abilities (spec 6.6) ----------------------------------------------------------------
    triggered = _triggers.triggered
    _waiting = _triggers._waiting
    _trigger_items = _triggers._trigger_items
    event = _triggers.event
    _holds = _triggers._holds
    fire_pending = _triggers.fire_pending
    push_triggers = _triggers.push_triggers
    _order_triggers = _triggers._order_triggers
    _ask_trigger_order = _triggers._ask_trigger_order
    _distinct_triggers = _triggers._distinct_triggers
    answer_trigger_order = _triggers.answer_trigger_order

    # -- effects with a duration (spec 5.13) -------------------------------------------------------
    _until = _lasting._until
    _add_effect = _lasting._add_effect

    # -- references and selectors (spec 6.1, 6.2) --------------------------------------------------
    refs = _targets.refs
    _chosen = _targets._chosen
    resolve_target = _targets.resolve_target
    static_players = _targets.static_players
    players_of = _targets.players_of

    # -- the primitives (spec 6.4) -----------------------------------------------------------------
    _found = _zones._found
    answer_search = _zones.answer_search
    answer_pick = _zones.answer_pick
    _recover = _zones._recover
    _ask_deck_order = _zones._ask_deck_order
    answer_deck_order = _zones.answer_deck_order
    _amount = _board._amount
    _targets_or_selector = _lasting._targets_or_selector
    _steal_attachment = _board._steal_attachment

    # -- attaching (spec 6.4 ``attach``; MIT-5.15, OP-35) ---------------------------------------------
    _attach_card = _attach._attach_card
    _dormant_problem = _attach._dormant_problem
    wake = _attach.wake
    wake_attacked = _attach.wake_attacked

    # -- cards played by an effect (spec 6.4 ``play_card``; MIT-6.5.1 item 2) -----------------------------
    play_choices = _play.play_choices
    _rows_open_to = _play._rows_open_to
    _play_label = _play._play_label
    play_by_effect = _play.play_by_effect
    answer_option = _interpreter.answer_option
    condition = _interpreter.condition
