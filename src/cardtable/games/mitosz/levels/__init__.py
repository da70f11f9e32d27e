"""Levels, roads, power points, statics, immunity and card filters (spec 5.10, 6.2, 6.7; MIT-5.5, 5.8, 5.12).

Continuous effects are never stored on the cards: a level is computed from the printed level, the
attached modifier cards, tokens, the active effects and the statics of the cards on the board, each
time it is asked. Statics are gathered once per change of the board (``statics_cache``).
"""

from __future__ import annotations

from . import (board as _board, card_types as _card_types, statics as _statics, abilities as _abilities,
               level as _level, power as _power, filters as _filters)
from .statics import is_trigger_call as is_trigger_call


class Levels:
    # -- where cards are (board.py)
    cache = _board.cache
    layout_facts = _board.layout_facts
    decision_cache = _board.decision_cache
    board_insts = _board.board_insts
    attached = _board.attached
    attachments = _board.attachments
    is_magical = _board.is_magical
    is_cursed = _board.is_cursed
    rune_host = _board.rune_host
    _rune_marks = _board._rune_marks
    opponents = _board.opponents
    next_seat = _board.next_seat
    god_name = _board.god_name
    god_myth = _board.god_myth
    is_god_leader = _board.is_god_leader
    leader_limit = _board.leader_limit
    row_leaders = _board.row_leaders
    intrigue_limit = _board.intrigue_limit
    # -- what a card is (card_types.py)
    card_type = _card_types.card_type
    retyping = _card_types.retyping
    _subtype_statics = _card_types._subtype_statics
    retyped = _card_types.retyped
    subtypes = _card_types.subtypes
    _static_subtypes = _card_types._static_subtypes
    is_creature = _card_types.is_creature
    # -- statics (statics.py)
    statics = _statics.statics
    intrigue_works = _statics.intrigue_works
    statics_by = _statics.statics_by
    _static_hits = _statics._static_hits
    _effects_on = _statics._effects_on
    # -- abilities (abilities.py)
    neutralized = _abilities.neutralized
    _effect_hits = _abilities._effect_hits
    restricted = _abilities.restricted
    immunities = _abilities.immunities
    _immune_to = _abilities._immune_to
    immune = _abilities.immune
    # -- levels and roads (level.py)
    _myth_bonus = _level._myth_bonus
    _is_modifier_attachment = _level._is_modifier_attachment
    mod_current = _level.mod_current
    mod_base = _level.mod_base
    _token_levels = _level._token_levels
    level = _level.level
    base_level = _level.base_level
    road_level = _level.road_level
    road_closed = _level.road_closed
    # -- power points (power.py)
    power_total = _power.power_total
    power_totals = _power.power_totals
    _power_base = _power._power_base
    # -- filters and values (filters.py)
    matches = _filters.matches
    matches_item = _filters.matches_item
    compare = _filters.compare
    value = _filters.value
    _eval = _filters._eval
