"""Fights (chapter 7, spec 5.12): a battle against a nation through a free road, or a duel of leaders.

A fight is a procedure inside the battle phase, kept as data (:class:`Fight`) so that any clone can
resume it: the declaration goes on the stack like any act (a pre-event counter round, OP-43); when it
resolves the fight begins, and the machine's step ``fight`` moves it on, one stage at a time
(``Fight.stage``): the defending commander and the companions are prompts (MIT-7.4.3.1–7.4.7, OP-50);
the fight rounds are an open window among the fight's players that starts with the first player (OP-44),
where supplies are summoned into rows and battle maneuvers used; a round in which everyone passed ends
them; then the armies are compared (MIT-7.4.9), the outcome applied (MIT-7.4.10), the spoils taken
(MIT-7.4.11), the end-of-fight effects happen (MIT-7.4.12) and the fight is cleaned up (MIT-7.4.13). After a
fight the battle phase ends (OP-39).

Rows are numbered 0 (front line), 1 (auxiliaries), 2 (reserve); a side is ``"att"`` (the attacker, or
the challenger) or ``"def"``.
"""

from __future__ import annotations

from . import (members as _members, strength as _strength, mounts as _mounts, declaring as _declaring,
               procedure as _procedure, armies as _armies, supplies as _supplies, results as _results,
               keywords as _keywords)
from .fight import (ROWS as ROWS, ROW_INDEX as ROW_INDEX, SIDES as SIDES, Fight as Fight, SPHERES as SPHERES,
                    RACES as RACES, LEADER_SUBTYPES as LEADER_SUBTYPES)
from .members import PLAYER_LEVEL as PLAYER_LEVEL, shoots_volley as shoots_volley


class Fights:
    # -- who and what is in the fight (members.py)
    current_fight = _members.current_fight
    fight_players = _members.fight_players
    in_rounds = _members.in_rounds
    fight_members = _members.fight_members
    fight_cards = _members.fight_cards
    scope_problem = _members.scope_problem
    defended_here = _members.defended_here
    fight_scope_problem = _members.fight_scope_problem
    # -- levels in the fight (strength.py)
    fight_level = _strength.fight_level
    _fortress = _strength._fortress
    army_level = _strength.army_level
    row_capacity = _strength.row_capacity
    row_cards = _strength.row_cards
    row_supplies = _strength.row_supplies
    # -- mounts (mounts.py)
    mount_of = _mounts.mount_of
    mount_window = _mounts.mount_window
    mount_options = _mounts.mount_options
    shareable = _mounts.shareable
    check_mount = _mounts.check_mount
    attach_mount = _mounts.attach_mount
    # -- declaring a fight (declaring.py)
    fight_declarations = _declaring.fight_declarations
    _fighter_problem = _declaring._fighter_problem
    _declare_common = _declaring._declare_common
    _battle_problem = _declaring._battle_problem
    _duel_problem = _declaring._duel_problem
    _named = _declaring._named
    fight_text = _declaring.fight_text
    check_declare = _declaring.check_declare
    start_fight = _declaring.start_fight
    # -- the procedure and its prompts (procedure.py)
    _step_fight = _procedure._step_fight
    _advance = _procedure._advance
    _join = _procedure._join
    _members_changed = _procedure._members_changed
    _companions = _procedure._companions
    answer_army = _procedure.answer_army
    answer_supply_mode = _procedure.answer_supply_mode
    answer_save_nation = _procedure.answer_save_nation
    answer_monster_return = _procedure.answer_monster_return
    # -- naming the armies (armies.py)
    army_candidates = _armies.army_candidates
    possible_helpers = _armies.possible_helpers
    defender_summons = _armies.defender_summons
    _flying_restricted = _armies._flying_restricted
    _ask_army_leader = _armies._ask_army_leader
    _summon_label = _armies._summon_label
    _summon_defender = _armies._summon_defender
    _step_fight_summoned = _armies._step_fight_summoned
    # -- supplies (supplies.py)
    supply_options = _supplies.supply_options
    is_monster = staticmethod(_supplies.is_monster)
    is_supply_card = _supplies.is_supply_card
    check_supply = _supplies.check_supply
    first_use = _supplies.first_use
    enter_row = _supplies.enter_row
    # -- comparing and the outcome (results.py)
    fight_broken = _results.fight_broken
    end_rounds_early = _results.end_rounds_early
    _compare = _results._compare
    _outcome = _results._outcome
    _destroy_nation = _results._destroy_nation
    _ask_spoils = _results._ask_spoils
    _take_spoils = _results._take_spoils
    _end_effects = _results._end_effects
    _fight_result_holds = _results._fight_result_holds
    _ask_monster = _results._ask_monster
    _cleanup = _results._cleanup
