"""Mítosz's rules assembled: the slots of ``upcalls`` filled with the rules they name, and the machine's table of
steps given the fight's steps (the layers below could not name them without importing upward). Imported once, by
``state``, before any state exists."""

from __future__ import annotations

from . import acts_announce as _acts_announce
from . import acts_options as _acts_options
from . import acts_summon as _acts_summon
from . import acts_targets as _acts_targets
from . import checks as _checks
from .effects import attach as _attach
from .effects import stack as _stack
from .fights import armies as _armies
from .fights import procedure as _procedure
from .fights import results as _results
from .fights import supplies as _supplies
from .flow import prompts as _prompts
from .flow import windows as _windows
from .levels import abilities as _abilities
from .levels import card_types as _card_types
from .levels import filters as _filters
from .flow import machine as _flow
from . import upcalls as _up

# acts_announce
_up.stack_item = _acts_announce.stack_item
# acts_options
_up._variants = _acts_options._variants
_up.god_allowances = _acts_options.god_allowances
# acts_summon
_up.god_linked = _acts_summon.god_linked
# acts_targets
_up.effect_keys = _acts_targets.effect_keys
# checks
_up.drew_cards = _checks.drew_cards
# effects.attach
_up.wake = _attach.wake
# effects.stack
_up.describe_use = _stack.describe_use
# fights.armies
_up._flying_restricted = _armies._flying_restricted
# fights.procedure
_up._advance = _procedure._advance
_up._join = _procedure._join
_up._members_changed = _procedure._members_changed
_up.answer_army = _procedure.answer_army
_up.answer_monster_return = _procedure.answer_monster_return
_up.answer_save_nation = _procedure.answer_save_nation
_up.answer_supply_mode = _procedure.answer_supply_mode
# fights.results
_up._take_spoils = _results._take_spoils
_up.end_rounds_early = _results.end_rounds_early
_up.fight_broken = _results.fight_broken
# fights.supplies
_up.check_supply = _supplies.check_supply
# flow
_up._push = _flow._push
_up._run = _flow._run
# flow.prompts
_up._place_in_order = _prompts._place_in_order
_up._prompt_options = _prompts._prompt_options
_up.ask = _prompts.ask
_up.distinct = _prompts.distinct
_up.set_prompt = _prompts.set_prompt
# flow.windows
_up.start_counter_round = _windows.start_counter_round
# levels.abilities
_up.immune = _abilities.immune
# levels.card_types
_up.card_type = _card_types.card_type
_up.retyped = _card_types.retyped
# levels.filters
_up.matches = _filters.matches
_up.value = _filters.value

_flow.STEPS.update(fight=_procedure._step_fight, fight_summoned=_armies._step_fight_summoned)
