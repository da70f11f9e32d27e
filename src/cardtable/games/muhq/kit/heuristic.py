"""A muhq's game player that goes for the board's victory condition, from its own view only.

Every decision is recomputed from the observation (``obs.view``, ``obs.legal_actions``, the catalogue, the
options and the board's public definition: its areas' points): the bot keeps no memory between decisions, so
an undo or a takeover is safe. It never looks at the state. Equal options are ordered by a shuffle seeded from
the view alone (seat, turn, step, log size), so the same observation gives the same move: taken in the legal
list's own order, reading order (top-left first), ties favoured the side of the board nearer the top (on the
point-symmetric Three Hills, 68 % to 32 % between two of these bots; 50 % to 50 % between random players).
(It keeps answers that follow from the board alone — the fields within a range, walking distances — to be
faster, not wiser.)

- **Draft.** On curve: each card has a worth (``WORTH``: cheap, sturdy units and removal spells first),
  less a little per point of buy cost; cards of the set it has picked most get a bonus once it has a few
  picks (it sticks to one set when it can); swimming units are worth little on a board without a
  deep-water spawn of its own.
- **Buy.** The worthiest card it can afford (nothing below ``BUY_FLOOR``).
- **Upkeep.** Pays for its worthiest units first; declines a unit only when it cannot pay.
- **Objective.** By the board's victory conditions: the enemy VIP (``vip``); the victory item, then whoever
  carries it (``victory_item``); the enemy buildings (``destroy_buildings``); areas and income fields
  (``capture_points``: each unit claims the best free field, weighted by the area's points).
- **Action phase.** Coin purses and other helpful fast cards first, equipment "to the next unit" when a unit
  follows, then units onto the spawn field nearest the objective; then it activates its units, the one
  nearest the objective first: it equips the victory item, attacks when the attack is favourable (it kills,
  or hits the objective, and does not lose more than it kills), uses a worthwhile full action (gain
  resource, heal, panic or paralyse an enemy), and moves toward its goal (walking distance over fields it
  may enter; a ranged unit stops where it can shoot). Then it ends the phase.
- **Priority.** Removal on an enemy unit it kills (or on the objective), protection on its endangered
  carrier; otherwise it passes. It never discards cards at random; at the end of its turn it discards only
  cards it cannot use here (swimming units without water, equipment without units), so that it draws new
  ones.
- **Forced choices.** Drops and tokens go to the field nearest the objective; triggers and the order of the
  last activations take the first offer. Any surprise falls back to a pass (or the first action).
"""

from __future__ import annotations

import random
import re
from typing import TYPE_CHECKING, Any

from cardtable.engine.agent import Agent, Observation, bots_are_strict

from . import heuristic_board as _board
from . import heuristic_worth as _worth
from . import heuristic_goals as _objectives
from . import heuristic_fight as _fight
from . import heuristic_modes as _modes
from . import heuristic_actions as _actions
from .heuristic_board import (
    _Walks as _Walks, attack_range as attack_range, attack_value as attack_value, distance as distance,
    enterable as enterable,
)
from .heuristic_worth import (
    BUY_FLOOR as BUY_FLOOR, CURVE as CURVE, DAMAGE as DAMAGE, FULL as FULL, GAIN as GAIN, HARM as HARM,
    HELP as HELP, SET_AFTER as SET_AFTER, SET_BONUS as SET_BONUS, WORTH as WORTH,
)

if TYPE_CHECKING:
    # the bot imports engine.agent alone (tests/agents/test_muhq_heuristic.py), which has these from the engine
    from cardtable.engine.agent import Action, Game

    from .heuristic_board import XY

    class _Legal(Action):
        """A legal action as the decision reads it: its fields (card, unit, field …) depend on its type."""

        def __getattr__(self, name: str) -> Any: ...

PASSIVE = {"pass", "end_activation", "end_action_phase", "skip_buy"}


class MuhqHeuristic(Agent):
    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0):
        super().__init__(game, seed)
        cat = game.catalogue()
        self.cards = cat["cards"]
        self.swimming = {cid for cid, c in self.cards.items() if "swimming" in (c.get("text") or "").lower()}
        self.solid = {cid: int(m.group(1)) for cid, c in self.cards.items()
                      if (m := re.search(r"\bSolid (\d+)", c.get("text") or ""))}
        options = dict(getattr(game, "options", {}) or {})
        self.at_least = options.get("lethal_rule") == "at_least"
        board = getattr(game, "board", None)  # the board's public definition: the points of its areas
        self.area_points = {a: int(getattr(area, "points", 1)) for a, area in (getattr(board, "areas", {}) or {}).items()}
        #: (width, height, field, range) -> the fields within range: the same every decision (rollouts of the
        #: search ask thousands of times)
        self.within: dict[tuple[int, int, tuple[int, ...], int], list[tuple[int, int]]] = {}
        #: field types of a board -> _Walks: walking distances depend on the fields alone (occupants are
        #: ignored), so they hold across decisions
        self.walks: dict[tuple[str, ...], _Walks] = {}

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if not legal:
            return None  # type: ignore[return-value]  # no legal action: no choice (a game never asks)
        if len(legal) == 1:
            return legal[0]
        fallback = next((a for a in legal if a.type in PASSIVE), None)
        if fallback is None:
            fallback = next((a for a in legal if a.type == "end_discard" and not getattr(a, "cards", ())), legal[0])
        try:
            choice = _Decision(self, obs).choose()
        except Exception:  # never crash a game: the safe answer is a pass (or the first action) ...
            if bots_are_strict():  # ... but under the tests a failing decision is a bug to see
                raise
            return fallback
        return choice if choice is not None and choice in legal else fallback


class _Decision:
    """One decision: the view read once, then the legal actions weighed."""

    width: int
    height: int

    def __init__(self, bot: MuhqHeuristic, obs: Observation):
        self.bot = bot
        self.me = obs.player
        v = obs.view
        self.v = v
        #: breaks ties among equal options (see the module docstring): seeded from the view, so no memory
        self.ties = random.Random(f"{self.me}:{v['turn']}:{v['step']}:{v['log_size']}:{len(obs.legal_actions)}")
        self.legal: list[_Legal] = list(obs.legal_actions)  # type: ignore[arg-type]  # see _Legal
        self.ties.shuffle(self.legal)
        board = v["board"]
        self.width, self.height = board["width"], board["height"]
        self.fields: list[dict[str, Any]] = board["fields"]
        self.my: dict[str, Any] = v["players"][self.me]
        self.resource: int = self.my["resource"]
        self.perms: dict[int, dict[str, Any]] = {p["id"]: p for p in v["permanents"]}
        self.victory: dict[str, dict[str, Any]] = {k["kind"]: k for k in v["victory"]}
        self.hand: dict[int, str] = {c["id"]: c["card"] for c in (self.my.get("hand") or [])}
        self._goals: dict[str, Any] | None = None
        types = tuple(f["type"] for f in self.fields)
        walks = bot.walks.get(types)
        if walks is None:
            walks = bot.walks[types] = _Walks(self.width, self.height, types)
        self._walks = walks
        #: unit id -> its goal fields: asked once per field the unit might stand on
        self._goal_fields: dict[int, frozenset[XY]] = {}

    # -- the decision --------------------------------------------------------------------------------
    def choose(self) -> _Legal | None:
        mode = self.v["mode"]
        handler = getattr(self, "on_" + mode, None)
        return handler() if handler is not None else None

    def of(self, *types: str) -> list[_Legal]:
        return [a for a in self.legal if a.type in types]

    # -- the board -------------------------------------------------------------------------------------------
    field = _board.field
    where = _board.where
    at = _board.at
    mine = _board.mine
    enemy = _board.enemy
    units = _board.units
    can_enter = _board.can_enter
    walking = _board.walking
    cells_within = _board.cells_within
    is_swimming = _board.is_swimming

    # -- worth -----------------------------------------------------------------------------------------------
    has_water_spawn = _worth.has_water_spawn
    worth = _worth.worth
    unit_worth = _worth.unit_worth
    useless = _worth.useless

    # -- objectives ------------------------------------------------------------------------------------------
    goals = _objectives.goals
    my_vip = _objectives.my_vip
    goal_fields = _objectives.goal_fields
    _find_goal_fields = _objectives._find_goal_fields
    claims = _objectives.claims
    place_score = _objectives.place_score
    danger = _objectives.danger
    spawn_score = _objectives.spawn_score
    goal_fields_for_new = _objectives.goal_fields_for_new

    # -- combat and fast actions -----------------------------------------------------------------------------
    lethal = _fight.lethal
    hit = _fight.hit
    attack_score = _fight.attack_score
    best_fast = _fight.best_fast
    spell_score = _fight.spell_score
    free_score = _fight.free_score

    # -- the decision by mode --------------------------------------------------------------------------------
    on_draft = _modes.on_draft
    on_buy = _modes.on_buy
    on_upkeep = _modes.on_upkeep
    on_discard = _modes.on_discard
    on_closing = _modes.on_closing
    on_trigger = _modes.on_trigger
    on_drop = _modes.on_drop
    on_place_token = _modes.on_place_token
    on_priority = _modes.on_priority

    # -- the action phase ------------------------------------------------------------------------------------
    on_open = _actions.on_open
    best_play = _actions.best_play
    best_activation = _actions.best_activation
    in_activation = _actions.in_activation
    best_full = _actions.best_full
