"""Mítosz's rules assembled: the slots of ``upcalls`` filled with the rules they name, and the machine's table of
steps given the fight's steps (the layers below could not name them without importing upward). Imported once, by
``state``, before any state exists."""

from __future__ import annotations

from .acts_announce import stack_item
from .acts_options import _variants, god_allowances
from .acts_summon import god_linked
from .acts_targets import effect_keys
from .checks import drew_cards
from .effects.attach import wake
from .effects.stack import describe_use
from .fights.armies import _flying_restricted, _step_fight_summoned
from .fights.procedure import (_advance, _join, _step_fight, answer_army, answer_monster_return,
                               answer_save_nation, answer_supply_mode)
from .fights.results import _take_spoils, end_rounds_early, fight_broken
from .fights.supplies import check_supply
from .flow.prompts import _place_in_order, _prompt_options, ask, distinct, set_prompt
from .flow.windows import start_counter_round
from .levels.abilities import immune
from .levels.card_types import card_type, retyped
from .levels.filters import matches, value
from .flow import machine as _flow
from .flow.machine import _push, _run
from . import upcalls as _up

# acts_announce
_up.stack_item = stack_item
# acts_options
_up._variants = _variants
_up.god_allowances = god_allowances
# acts_summon
_up.god_linked = god_linked
# acts_targets
_up.effect_keys = effect_keys
# checks
_up.drew_cards = drew_cards
# effects.attach
_up.wake = wake
# effects.stack
_up.describe_use = describe_use
# fights.armies
_up._flying_restricted = _flying_restricted
# fights.procedure
_up._advance = _advance
_up._join = _join
_up.answer_army = answer_army
_up.answer_monster_return = answer_monster_return
_up.answer_save_nation = answer_save_nation
_up.answer_supply_mode = answer_supply_mode
# fights.results
_up._take_spoils = _take_spoils
_up.end_rounds_early = end_rounds_early
_up.fight_broken = fight_broken
# fights.supplies
_up.check_supply = check_supply
# flow.machine
_up._push = _push
_up._run = _run
# flow.prompts
_up._place_in_order = _place_in_order
_up._prompt_options = _prompt_options
_up.ask = ask
_up.distinct = distinct
_up.set_prompt = set_prompt
# flow.windows
_up.start_counter_round = start_counter_round
# levels.abilities
_up.immune = immune
# levels.card_types
_up.card_type = card_type
_up.retyped = retyped
# levels.filters
_up.matches = matches
_up.value = value

_flow.STEPS.update(fight=_step_fight, fight_summoned=_step_fight_summoned)
