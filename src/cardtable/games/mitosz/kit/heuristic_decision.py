"""The Mítosz heuristic's decision: the view read once, the choice dispatched by what is asked; the scoring
methods live in one module per decision kind (heuristic_values, _nations, _summons, ...) and are bound here."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.agent import Observation

from . import heuristic_values as _values
from . import heuristic_nations as _nations
from . import heuristic_summons as _summons
from . import heuristic_maneuvers as _maneuvers
from . import heuristic_counters as _counters
from . import heuristic_armies as _armies
from . import heuristic_battles as _battles
from . import heuristic_fight_prompts as _fight_prompts
from . import heuristic_prompts as _prompts
from .heuristic_static import SUMMON_PHASES, _Static

if TYPE_CHECKING:
    # the bot knows the engine through engine/agent.py alone (tests/agents): its Action and Game, re-exported here
    from cardtable.engine.agent import Action as Action, Game as Game


class _Decision:
    """One decision: the view read once, then the legal actions scored."""

    def __init__(self, s: _Static, obs: Observation) -> None:
        self.s = s
        self.obs = obs
        # the bot reads an action's fields by its type (it imports none of the game's action classes): Any to it
        self.legal: list[Any] = obs.legal_actions
        self.me = obs.player
        v = obs.view
        self.v = v
        players = v["players"]
        self.my: dict[str, Any] = next(p for p in players if p["seat"] == self.me)
        self.opps: list[dict[str, Any]] = [p for p in players if p["seat"] != self.me]
        self.god_name: str = self.my["god"]["name"]
        self.spheres: list[int] = list(self.my["spheres"])
        self.smax: list[int] = list(self.my["sphere_max"])
        self.hand: list[str] = [c["card"] for c in (self.my.get("hand") or [])]
        self.target: int = v.get("win_target") or 12
        self.my_turn: bool = v.get("active") == self.me
        # my cards on the board (by instance id): nations, leaders, attachments
        self.board: dict[int, str] = {}
        for n in self.my["nations"]:
            self.board[n["id"]] = n["card"]
            for a in n.get("attached") or ():
                self.board[a["id"]] = a["card"]
        for ld in self.my["leaders"]:
            self.board[ld["id"]] = ld["card"]
            for a in ld.get("attached") or ():
                self.board[a["id"]] = a["card"]
        self.board[self.my["god"]["id"]] = self.my["god"]["card"]
        self._reserve: list[int] | None = None
        self._board_ids: set[str] | None = None
        # on_board_names, wanted_costs: asked many times a decision, read once
        self._names: frozenset[str | None] | None = None
        self._wanted: tuple[tuple[float, tuple[int, ...]], ...] | None = None

    # -- values and spheres (heuristic_values) -------------------------------------------------------------
    pp_value = _values.pp_value
    leader_value = _values.leader_value
    on_board_names = _values.on_board_names
    unique_blocked = _values.unique_blocked
    keep_value = _values.keep_value
    wanted_costs = _values.wanted_costs
    _wanted_costs = _values._wanted_costs
    opponent_threatens = _values.opponent_threatens
    reserve = _values.reserve
    counter_cost = _values.counter_cost
    spare = _values.spare

    # -- nations (heuristic_nations) -----------------------------------------------------------------------
    board_copies = _nations.board_copies
    nation_copies_left = _nations.nation_copies_left
    cells_for = _nations.cells_for
    free_roads = _nations.free_roads
    remaining_nations = _nations.remaining_nations
    place_score = _nations.place_score

    # -- summons (heuristic_summons) -----------------------------------------------------------------------
    best_summon = _summons.best_summon
    best_mount = _summons.best_mount
    fighter_worth = _summons.fighter_worth
    item_worth = _summons.item_worth
    location_fight_worth = _summons.location_fight_worth
    leftover_score = _summons.leftover_score

    # -- maneuvers (heuristic_maneuvers) -------------------------------------------------------------------
    best_maneuver = _maneuvers.best_maneuver
    rotation_ok = _maneuvers.rotation_ok
    action_cost = _maneuvers.action_cost
    maneuver_value = _maneuvers.maneuver_value
    is_threat_user = _maneuvers.is_threat_user
    breaks_hold = _maneuvers.breaks_hold

    # -- counter rounds (heuristic_counters) ---------------------------------------------------------------
    threat = _counters.threat
    own_item_worth = _counters.own_item_worth
    counter = _counters.counter

    # -- fights (chapter 7): what the public fight view and the bot's own hand say (heuristic_armies) ------
    player = _armies.player
    linked = _armies.linked
    myth_bonus = _armies.myth_bonus
    can_fight = _armies.can_fight
    leader_level = _armies.leader_level
    find_nation = _armies.find_nation
    nation_worth = _armies.nation_worth
    fortress = _armies.fortress
    row_capacity = _armies.row_capacity
    companion_ok = _armies.companion_ok
    best_army = _armies.best_army
    hand_supplies = _armies.hand_supplies
    supply_plan = _armies.supply_plan
    boost_plan = _armies.boost_plan
    enemy_extra = _armies.enemy_extra
    god_boost = _armies.god_boost
    defence_guess = _armies.defence_guess

    # -- declarations and the fight in progress (heuristic_battles) ----------------------------------------
    best_declaration = _battles.best_declaration
    fight_side = _battles.fight_side
    fight_members = _battles.fight_members
    fight_nation = _battles.fight_nation
    rotated_ids = _battles.rotated_ids
    counts = _battles.counts
    fight_gain = _battles.fight_gain
    supply_gain = _battles.supply_gain
    fight_round = _battles.fight_round

    # -- fight prompts (heuristic_fight_prompts) -----------------------------------------------------------
    option_labels = _fight_prompts.option_labels
    pick_option = _fight_prompts.pick_option
    answer_fight_leader = _fight_prompts.answer_fight_leader
    answer_supply_mode = _fight_prompts.answer_supply_mode
    maneuver_worth = _fight_prompts.maneuver_worth
    answer_save_nation = _fight_prompts.answer_save_nation
    answer_spoils = _fight_prompts.answer_spoils
    answer_monster = _fight_prompts.answer_monster
    answer_fear = _fight_prompts.answer_fear

    # -- prompts (heuristic_prompts) -----------------------------------------------------------------------
    answer = _prompts.answer
    refill = _prompts.refill
    option = _prompts.option

    # -- the choice ------------------------------------------------------------------------------------
    def choose(self) -> Action | None:
        v = self.v
        prompt = v.get("prompt")
        if prompt is not None and prompt.get("player") == self.me:
            return self.answer(prompt)
        if v.get("mode") == "counter":
            return self.counter()
        return self.window()

    def by_type(self, *types: str) -> list[Any]:
        return [a for a in self.legal if a.type in types]

    def window(self) -> Action | None:
        phase = self.v.get("phase")
        if phase == "battle":
            fight = self.v.get("fight")
            if fight is None:
                passing = next((a for a in self.legal if a.type == "pass"), None)
                if passing is None:  # asked without the pass (a search ranking its alternatives): the likeliest win
                    return self.best_declaration(least_margin=None)
                return self.best_declaration() or passing
            if fight.get("stage") == "rounds":
                return self.fight_round()
        if self.my_turn and phase in SUMMON_PHASES:
            places: list[Action] = self.by_type("place_nation")
            if places:
                return max(places, key=self.place_score)
            summon = self.best_summon()
            if summon is not None:
                return summon
            mount = self.best_mount()
            if mount is not None:
                return mount
        maneuver = self.best_maneuver()
        if maneuver is not None:
            return maneuver
        return next((a for a in self.legal if a.type == "pass"), None)
