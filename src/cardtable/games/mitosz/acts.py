"""What a player may do (spec 8.1) and announcing it: the checks, with the rule each one enforces.

One check per act type returns the first broken rule (or None); the legal-action list is every
candidate the checks accept, and ``announce`` refuses with the same check, so the list and the
refusals never disagree. Announcing pays the cost, rotates the user and puts the act on the stack;
a counter round follows (MIT-4.6.4, MIT-6.3.5).

The ``Acts`` mixin of the state binds the functions of its parts, one job each: ``acts_legal`` (the
legal-action list), ``acts_summon`` (nations and summoning), ``acts_costs`` (costs and payments),
``acts_options`` (maneuver options), ``acts_targets`` (targets), ``acts_maneuvers`` (the checks of a
maneuver use), ``acts_announce`` (announcing); ``acts_info`` holds what they share.
"""

from __future__ import annotations

from . import acts_announce as _announce
from . import acts_costs as _costs
from . import acts_legal as _legal
from . import acts_maneuvers as _maneuvers
from . import acts_options as _options
from . import acts_summon as _summon
from . import acts_targets as _targets
from .acts_info import (
    SUMMON_PHASES as SUMMON_PHASES,
    FAIL as FAIL,
    SACRIFICE as SACRIFICE,
    Bad as Bad,
    IMPLICIT as IMPLICIT,
    MInfo as MInfo,
    chosen_names as chosen_names,
    keyword_maneuver as keyword_maneuver,
    minfo as minfo,
    needs_stack as needs_stack,
    sphere_vector as sphere_vector,
    _CHOSEN as _CHOSEN,
    _INFO as _INFO,
    _NEEDS_STACK as _NEEDS_STACK,
    _ZONED as _ZONED,
    _at_zone as _at_zone,
    _bound_plan as _bound_plan,
    _steady as _steady,
)
from .acts_legal import _hand_looks as _hand_looks


class Acts:
    # -- the legal-action list (acts_legal) -------------------------------------------------------------------
    legal_acts = _legal.legal_acts
    _mine = _legal._mine
    _may_have_bound = _legal._may_have_bound
    _acts_of = _legal._acts_of
    _free_users = _legal._free_users
    # -- nations and summoning: where cards go, the checks (acts_summon) --------------------------------------
    _nation_cells_for = _summon._nation_cells_for
    nation_cells = _summon.nation_cells
    item_hosts = _summon.item_hosts
    location_hosts = _summon.location_hosts
    god_linked = _summon.god_linked
    _unsummoned_options = _summon._unsummoned_options
    _in_hand = _summon._in_hand
    _window_only = _summon._window_only
    check_place_nation = _summon.check_place_nation
    _nation_card_problem = _summon._nation_card_problem
    _grid_copies = _summon._grid_copies
    _nation_cell_problem = _summon._nation_cell_problem
    check_summon = _summon.check_summon
    _summon_card_problem = _summon._summon_card_problem
    god_owner = _summon.god_owner
    _unique_on_board = _summon._unique_on_board
    _host_problem = _summon._host_problem
    _is_supply_play = _summon._is_supply_play
    _window_only_fight = _summon._window_only_fight
    check_unsummoned = _summon.check_unsummoned
    # -- costs and payments (MIT-3.1.g; spec 6.4 ``modify_cost``) (acts_costs) --------------------------------
    summon_payments = _costs.summon_payments
    substitution_problem = _costs.substitution_problem
    summon_cost = _costs.summon_cost
    cost_changes = _costs.cost_changes
    costs_lowered = _costs.costs_lowered
    changed_cost = _costs.changed_cost
    maneuver_cost = _costs.maneuver_cost
    # -- maneuvers: options (acts_options) --------------------------------------------------------------------
    _bound_options = _options._bound_options
    _free_options = _options._free_options
    _free_card_users = _options._free_card_users
    _fate_options = _options._fate_options
    god_allowances = _options.god_allowances
    fate_grants = _options.fate_grants
    _variants = _options._variants
    # -- maneuvers: targets (acts_targets) --------------------------------------------------------------------
    target_options = _targets.target_options
    _target_options = _targets._target_options
    target_candidates = _targets.target_candidates
    _target_candidates = _targets._target_candidates
    stealable = _targets.stealable
    effect_keys = _targets.effect_keys
    _effect_keys = _targets._effect_keys
    _fights_as_supply = _targets._fights_as_supply
    # -- maneuvers: checks (an attached rune too, MIT-3.9.i, OP-60) (acts_maneuvers) --------------------------
    _maneuver_gate = _maneuvers._maneuver_gate
    _user_gate = _maneuvers._user_gate
    _user_may = _maneuvers._user_may
    _user_free_of_effects = _maneuvers._user_free_of_effects
    timing_problem = _maneuvers.timing_problem
    _timing_problem = _maneuvers._timing_problem
    _params_problem = _maneuvers._params_problem
    _conditions_problem = _maneuvers._conditions_problem
    _rune_options = _maneuvers._rune_options
    _rune_use_problem = _maneuvers._rune_use_problem
    check_maneuver = _maneuvers.check_maneuver
    _free_user_problem = _maneuvers._free_user_problem
    _free_user_check = _maneuvers._free_user_check
    _rune_problem = _maneuvers._rune_problem
    check_free = _maneuvers.check_free
    check_fate = _maneuvers.check_fate
    # -- announcing (acts_announce) ---------------------------------------------------------------------------
    announce = _announce.announce
    _to_stack = _announce._to_stack
    _use_up = _announce._use_up
    affected = _announce.affected
    stack_item = _announce.stack_item
