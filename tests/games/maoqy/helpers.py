"""Build a MAOQY position for a rule scenario.

Cards are named as the spec writes them, ``"blue 7"``, or as runs, ``"blue 3-7"``; their IDs are
computed here from the spec (section 2.3: kingdom index × 17 + number − 1, kingdoms in seed order),
independently of the code under test. Every card of the deck stays in exactly one position (INV-1):
what is not placed lies in the Unknown. The top of the Unknown and of the Known is the LAST element.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Iterable, Mapping

import pytest

import cardtable
from cardtable.games.maoqy import state as S

# Spec 2.1, written out again: the twelve colour kingdoms in seed order.
SPEC_KINGDOMS = ("red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow",
                 "white", "black")


def c(name: str) -> int:
    """The ID of one colour card: c("blue 7") == 40."""
    kingdom, number = name.split()
    number = int(number)
    assert 1 <= number <= 17, name
    return SPEC_KINGDOMS.index(kingdom) * 17 + number - 1


def cards(*names: str) -> list[int]:
    """IDs of cards and runs: cards("blue 3-5", "green 9") == [c("blue 3"), c("blue 4"), c("blue 5"), c("green 9")]."""
    out = []
    for name in names:
        m = re.fullmatch(r"(\w+) (\d+)-(\d+)", name)
        if m:
            out += [c(f"{m[1]} {x}") for x in range(int(m[2]), int(m[3]) + 1)]
        else:
            out.append(c(name))
    return out


def name(card: int) -> str:
    return f"{SPEC_KINGDOMS[card // 17]} {card % 17 + 1}"


def names(ids: Iterable[int]) -> list[str]:
    return [name(x) for x in ids]


def _per_seat(spec, players: int) -> dict[int, list]:
    if spec is None:
        return {}
    if isinstance(spec, Mapping):
        return {int(p): v for p, v in spec.items()}
    return {p: v for p, v in enumerate(spec) if v is not None}


def _as_list(v) -> list[str]:
    return [v] if isinstance(v, str) else list(v)


def fresh(players: int = 3, options: dict | None = None, seed: int = 0):
    return cardtable.load("maoqy", players=players, options=options).new_initial_state(seed=seed)


def setup(
    players: int = 3,
    options: dict | None = None,
    *,
    hands=None,
    opened=None,
    streets=None,
    hiding=None,
    known=(),
    unknown_top=(),
    unknown=None,
    current: int = 0,
    direction: int = 1,
    turn: int = 0,
    passes: int = 0,
    seed: int = 0,
):
    """A fresh game, its direction chosen, rearranged into the given position.

    hands / opened / hiding: {seat: [cards]}; streets: {seat: "blue 3-7"} or {seat: ["blue 3-7", "red 1-5"]}
    (one string per street); known: bottom -> top; unknown_top: cards on top of the Unknown, top first;
    unknown: the exact Unknown, top first (the cards left over go to the bottom of the Known).
    """
    state = fresh(players, options, seed)
    pool = sorted(state.unknown)

    def take(names_) -> list[int]:
        ids = cards(*_as_list(names_))
        for x in ids:
            assert x in pool, f"{name(x)} is not in the deck or placed twice"
            pool.remove(x)
        return ids

    state.hands = [take(_per_seat(hands, players).get(p, ())) for p in range(players)]
    state.opened = [take(_per_seat(opened, players).get(p, ())) for p in range(players)]
    state.hiding = [take(_per_seat(hiding, players).get(p, ())) for p in range(players)]
    state.streets = [[sorted(take(s)) for s in _as_list(_per_seat(streets, players).get(p, ()))] for p in range(players)]
    claimed = [-1] * 12
    for p, own in enumerate(state.streets):
        for s in own:
            claimed[s[0] // 17] = p
    state.claimed = claimed
    known_ids = take(known)
    if unknown is not None:
        state.unknown = list(reversed(take(unknown)))
        state.known = pool + known_ids
    else:
        top = take(unknown_top)
        state.unknown = pool + list(reversed(top))
        state.known = known_ids
    state.public = [set() for _ in range(players)]
    state.direction = direction
    state.current_player = current
    state.first_player = current
    state.phase = S.PLAY
    state.turn = turn
    state.passes = passes
    check_zones(state)
    return state


def first_player_draw(players: int, drawn: list[str], options: dict | None = None, seed: int = 0):
    """A fresh game whose first-player draw is redone with ``drawn`` on top of the Unknown (first drawn first)."""
    state = fresh(players, options, seed)
    top = cards(*drawn)
    rest = [x for x in sorted(state.unknown) if x not in top]
    state.unknown = rest + list(reversed(top))
    state.first_draw = []
    state.first_player = state._choose_first_player()
    state.current_player = state.first_player
    return state


# -- reading a position --------------------------------------------------------------------------
def all_cards(state) -> list[int]:
    out = list(state.unknown) + list(state.known)
    for zone in (state.hands, state.opened, state.hiding):
        for part in zone:
            out += part
    for streets in state.streets:
        for s in streets:
            out += s
    return out


def locations(state) -> dict[int, tuple]:
    """Where every card is: ("unknown",), ("known",), (zone, seat) or ("street", seat, index)."""
    where = {x: ("unknown",) for x in state.unknown}
    where.update({x: ("known",) for x in state.known})
    for zone in ("hands", "opened", "hiding"):
        for p, part in enumerate(getattr(state, zone)):
            where.update({x: (zone, p) for x in part})
    for p, streets in enumerate(state.streets):
        for i, s in enumerate(streets):
            where.update({x: ("street", p, i) for x in s})
    return where


def check_zones(state) -> None:
    """INV-1: every card of the deck in exactly one position."""
    counts = Counter(all_cards(state))
    assert max(counts.values(), default=1) == 1, f"cards in two positions: {[name(x) for x, k in counts.items() if k > 1]}"
    deck_size = 17 * len(state.game.options["kingdoms"])
    if state.game.options["extra_cards"] == "none":
        assert len(counts) == deck_size


def street(state, p: int, i: int = 0) -> list[str]:
    return names(state.streets[p][i])


def hand(state, p: int) -> list[str]:
    return names(sorted(state.hands[p]))


def rejects(state, act, rule: str, player=None):
    """The action is refused citing ``rule``, and the state is exactly as before (INV-10)."""
    before = state.snapshot()
    digest = state.digest()
    with pytest.raises(cardtable.IllegalAction) as info:
        state.apply(act, player=player)
    assert info.value.rule == rule, info.value
    assert state.snapshot() == before
    assert state.digest() == digest
    return info.value


def act(state, data, player=None):
    """Apply an action (JSON form or Action) for the player to act (or ``player``)."""
    p = state.current_player if player is None else player
    state.apply(data, player=p)
