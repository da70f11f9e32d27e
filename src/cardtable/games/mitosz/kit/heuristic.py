"""A Mítosz player that builds power points, from its own view only.

Every decision is recomputed from the observation (``obs.view``, ``obs.legal_actions``, the catalogue and
the options): the bot keeps no memory between decisions, so an undo or a takeover is safe, and it uses
no chance at all. What it knows of the cards comes from ``game.catalogue()`` (types, subtypes, costs,
power points, roads, texts); deck lists are public static data (the catalogue's instance layout).

- **Nations.** One every turn it can: the most power points first, then the cell that leaves the most
  room for the nations it still holds or may draw (cells where they could join the empire, within the
  copy limit), then the fewest free roads (an empire is attacked only through its free roads).
- **Summons.** Power-point leaders (its own god leader counts one more), locations that add power
  points, within the leader limit; a free building or region that produces spheres. For the fights, from
  spare sphere points only: a leader without power points but of level 2 or more while it has fewer than
  two such fighters (never in a place the hand's power-point leaders need), a weapon or armour on its
  strongest leader, a curse item on the strongest enemy leader, a location with a level (a fortress) on a
  nation with free roads; a mount goes onto its strongest leader (a free place in the row). Of the
  payments, the one that leaves the spheres closest to what the rest of its hand (and its counters) needs.
- **Fights.** From the public fight view, its own hand and the public deck lists only. It declares a
  battle when its likely army (the commander, the allies it can name, the supplies in hand it can pay for
  and its battle boosts) beats the defender's likely best (the road, the strongest army of the defender's
  unrotated leaders, the supplies its hidden hand probably holds) by two levels or more: the nation worth
  most power points first, then the lowest road; a duel when a hero is clearly stronger than an enemy
  leader. It defends with the leader that makes the strongest army (one summoned from hand when clearly
  better), adds companions (as attacker always), and in the rounds plays supplies and level maneuvers when
  behind or level — free (linked) plays first, then the most level per point, never when even everything
  would not reach a draw — shoots a volley or poison at the strongest enemy creature, at once at a
  commander it can kill, and passes when ahead. Its supplies count their level, an enemy reserve supply
  the mode that helps it least; it saves a nation with its commander only when the nation is worth more,
  steals the sphere its hand needs (influence, force first) or draws as spoils, pays to keep a creature of
  level 2 or more from fear, keeps a winning monster that brings power points.
- **Counters.** Holding a counter card (a maneuver or fate that neutralizes), it keeps that sphere
  cost back for the opponent's turn while the opponent could hurt it (a steal in the opponent's deck and
  an unrotated leader to use it), and spends it on an enemy act aimed at its cards (a steal, an exile,
  a neutralize of its own act, ...).
- **Maneuvers.** Only with spare sphere points: draws (with a discard of its worst card), a recover of a
  power-point leader, a free peek-and-exile, a rotate of an enemy ruler that could steal, frost tokens
  and searches last; a steal of a power-point leader only when it breaks the opponent's hold. A small
  gain never rotates one of its leaders before a battle phase (a rotated leader neither attacks nor
  defends): such maneuvers wait for its own second summon phase, while the end phase can unrotate them.
- **Prompts.** Discard the least useful card; refill toward the cheapest wanted summon and the counter
  reserve; unrotate the strongest leaders with the most useful maneuvers; sacrifice the least valuable
  leader; pick the best card of a search or recover; refuse to lend its high god as a leader; lay the
  most useful card on top of the afterworld.
- **Passing.** When nothing above applies. Any surprise falls back to pass (or the first action).

This module is the entry point (the agent); the decision is ``_Decision`` (heuristic_decision), scored by one
module per decision kind, on the static data of heuristic_static and the text readers of heuristic_text.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.agent import Agent, Observation, bots_are_strict

# the names this module always had, re-exported (the bot's parts live in the heuristic_* modules)
from .heuristic_decision import _Decision
from .heuristic_static import (ATTACK_MARGIN, COUNTER_THRESHOLD, DUEL_MARGIN, FIGHTERS_WANTED, KEEP_COUNTER,
                               KEEP_DRAW, KEEP_EXILE, KEEP_FIGHT, KEEP_NATION, KEEP_OTHER, KEEP_PP_LEADER,
                               KEEP_PP_LOCATION, KEEP_PRODUCER, KEEP_RECOVER, KEEP_STEAL, OPPOSITE, RACES,
                               ROAD_OFFSET, ROTATE_WORTH, ROW_NAMES, SPHERE_NAMES, SPOILS_TASTE, STACK_ID_BASE,
                               SUMMON_PENALTY, SUMMON_PHASES, UNROTATE_PER_TURN, _linked_free, _Static, _texts)
from .heuristic_text import _cost_from_text, _keyword_mod, _level_delta, _level_gain, _paid, _part_text

if TYPE_CHECKING:
    from .heuristic_decision import Action, Game

_STATIC: dict[int, tuple[Game, _Static]] = {}


class MitoszHeuristic(Agent):
    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
        super().__init__(game, seed)
        key = id(game)
        static = _STATIC.get(key)
        if static is None or static[0] is not game:
            static = (game, _Static(game))
            _STATIC[key] = static
        self.s = static[1]

    # -- the entry point ---------------------------------------------------------------------------
    def act(self, obs: Observation) -> Action | None:  # type: ignore[override]  # None: asked with no legal action
        legal = obs.legal_actions
        if not legal:
            return None
        fallback = next((a for a in legal if a.type == "pass"), legal[0])
        if len(legal) == 1:
            return legal[0]
        try:
            choice = _Decision(self.s, obs).choose()
        except Exception:  # never crash a game: the safe answer is a pass (or the first action) ...
            if bots_are_strict():  # ... but under the tests a failing decision is a bug to see
                raise
            return fallback
        return choice if choice is not None else fallback

