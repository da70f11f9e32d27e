"""Who a stack item affects, the player who answers first in its counter round (MIT-6.4.1).

"az érintett játékossal kezdve (akire hat az esemény, több játékos esetén, akinek a köre van)": the counter round
begins with the player the event affects; with several, with the player whose turn it is. For an effect aimed at
chosen targets the affected player is the controller of the targets (OP-43.5). An effect with no chosen target
affects the players whose cards or resources it would touch if it resolved now: the controllers of the cards its
selectors would pick (`select: all`, `random`, a choice made at resolution: every candidate), the players its
player values name (`draw`, `lose_spheres` …; a steal touches both players), the fighters its fight values reach.
What using a maneuver costs its actor (paying, rotating the user, the level a maneuver gives its user, OP-25) is
not its effect. An effect that touches no player at all (a summon, a maneuver with no effect on anyone) falls back
to the acting player: the act itself changed only their spheres and cards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import STACK_ID_BASE
from .cards import call_parts
from .acts_targets import effect_keys
from .effects import targets as _targets
from .effects.targets import players_of
from .fights.members import fight_players
from .levels.abilities import immune
from .levels.filters import matches
from . import upcalls as _up

if TYPE_CHECKING:
    from .core import Item
    from .fights.fight import Fight
    from .state import MitoszState

#: parameters of the primitives (schema/primitives.py) that name cards an effect changes
_CARD_FIELDS = ("target", "nation", "row_leader", "card", "host")
#: player-level primitives whose `player` is the one changed (the others' `player` reads a deck or a hand)
_PLAYER_PRIMITIVES = frozenset(("draw", "discard", "mill", "search_deck", "recover", "shuffle_deck", "look_top",
                                "gain_spheres", "lose_spheres", "modify_hand_size", "grant_fate_use"))
#: effects on the actor's own resources or choices (a card played from their zones, their costs, their draws)
_OWN_PRIMITIVES = frozenset(("play_card", "modify_cost", "produce_spheres", "extra_draw"))


def affected_player(state: MitoszState, item: Item) -> int:
    """MIT-6.4.1: the first player of the counter round that ``item``'s announcement opens."""
    owners = target_controllers(state, item)
    if not owners and item.m is not None:
        owners = touched_players(state, item)
    if len(owners) == 1:
        return next(iter(owners))
    return item.player if not owners else state.active


def target_controllers(state: MitoszState, item: Item) -> set[int]:
    """OP-43.5: the controllers of the item's chosen targets (the player of a stack item that is targeted)."""
    owners = set()
    for t in item.targets:
        if t >= STACK_ID_BASE:
            it = _up.stack_item(state, t)
            if it is not None:
                owners.add(it.player)
        elif 0 <= t < len(state.cards):
            owners.add(state.cards[t].controller)
    return owners


def touched_players(state: MitoszState, item: Item) -> set[int]:
    """The players whose cards or resources the item's effect would change if it resolved now."""
    m = item.m
    calls = list(m.effect)
    if m.steps:
        for step in m.steps[:item.steps or len(m.steps)]:
            calls.extend(step.effect)
    out: set[int] = set()
    _walk(state, item, calls, out)
    return out


def _walk(state: MitoszState, item: Item, calls: list[Any], out: set[int]) -> None:
    for call in calls:
        name, p = call_parts(call)
        if p is None:
            continue
        if name == "choose_one":  # any option may be chosen at resolution
            for option in p.options:
                _walk(state, item, option, out)
            continue
        if name == "if":
            _walk(state, item, list(p.then) + list(p.else_), out)
            continue
        for field in _CARD_FIELDS:
            target = getattr(p, field, None)
            if target is not None:
                out.update(state.cards[i].controller for i in _cards_of(state, target, item))
        if name in _PLAYER_PRIMITIVES:
            out.update(players_of(state, p.player, item))
        elif name == "steal_spheres":
            out.update(players_of(state, p.from_, item))
            out.add(item.player)
        elif name in _OWN_PRIMITIVES:
            out.add(item.player)
        elif name in ("fear", "modify_army") and state.fight is not None:
            out.update(_fight_side(state, item.player, enemy=name == "fear" or p.side == "enemy"))


def _cards_of(state: MitoszState, target: Any, item: Item) -> list[int]:
    """The cards a target expression would name now, without the notes resolve_target makes at resolution."""
    if isinstance(target, str):
        if target[1:2] == "t" and target[2:].isdigit():
            return []  # a chosen target: target_controllers counted it
        ref = _targets.refs(state, item).get(target, -1)
        return [ref] if 0 <= ref < len(state.cards) else []
    if target.select in ("self", "user", "host", "revealed", "peeked", "event_subject"):
        ref = _targets.refs(state, item).get("$" + target.select.replace("_subject", ""), -1)
        return [ref] if 0 <= ref < len(state.cards) else []
    refs = _targets.refs(state, item)
    keys = effect_keys(state, item.card, item.m, item.user)
    return [i.iid for i in state.cards if matches(state, i, target.filter, item.player, refs)
            and not immune(state, i, keys, item.player)]


def _fight_side(state: MitoszState, seat: int, enemy: bool) -> list[int]:
    f = state.fight
    assert f is not None  # (called in a fight)
    own = f.side_of(seat)
    return [s for s in fight_players(state) if (f.side_of(s) != own) == enemy]
