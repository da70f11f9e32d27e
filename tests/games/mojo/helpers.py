"""Build a Mojo position for a rule scenario.

Cards are named by value; the helper picks card IDs of that value from the pool of 78, so every
card ID stays in exactly one zone (INV-1). Zones follow the state's own layout: the top of a
discard pile and of the draw pile is the LAST element of its list.
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Mapping, Sequence

import pytest

import cardtable
from cardtable.games.mojo import cards as C
from cardtable.games.mojo import state as S
from cardtable.games.mojo.actions import Draw, Play, Reveal, Stop  # noqa: F401  (re-exported for tests)

ALL_IDS = tuple(range(C.NUM_CARDS))


def _per_player(spec, players: int) -> dict[int, list[int]]:
    """Accept {seat: values} or [values per seat] (None = not given)."""
    if spec is None:
        return {}
    if isinstance(spec, Mapping):
        return {int(p): list(v) for p, v in spec.items()}
    return {p: list(v) for p, v in enumerate(spec) if v is not None}


def setup(
    players: int = 3,
    options: dict | None = None,
    *,
    hands=None,
    top: int | Sequence[int] | None = None,
    piles: Sequence[Sequence[int]] | None = None,
    facedown=None,
    revealed=None,
    deck_top: Sequence[int] = (),
    deck: Sequence[int] | None = None,
    current: int = 0,
    mojo_order: Sequence[int] | None = None,
    mojo_side: int = 0,
    direction: int | None = None,
    totals: Sequence[int] | None = None,
    round_first: int | None = None,
    seed: int = 0,
):
    """A fresh state rearranged into the given position.

    hands / facedown / revealed: {seat: [values]} or a list per seat. A seat with a face-down or
    revealed row is in the Mojo moment (hand empty). A seat with no hand given and not in the Mojo
    moment gets filler cards (hand_size of them, or all leftovers when ``deck`` is given exactly).
    top: the value (or values bottom→top) of discard pile 0; piles: values bottom→top of every pile.
    deck_top: values on top of the draw pile, top first; the leftovers lie below.
    deck: the exact draw pile, top first ([] = empty); leftovers then go to filler hands.
    """
    game = cardtable.load("mojo", players=players, options=options)
    state = game.new_initial_state(seed=seed)
    hand_size = game.options["hand_size"]
    pool = list(ALL_IDS)

    def take(value: int) -> int:
        for cid in pool:
            if C.VALUE[cid] == value:
                pool.remove(cid)
                return cid
        raise ValueError(f"no card of value {value} left in the pool")

    def take_all(values: Iterable[int]) -> list[int]:
        return [take(v) for v in values]

    hands_v = _per_player(hands, players)
    down_v = _per_player(facedown, players)
    up_v = _per_player(revealed, players)
    mojo = sorted(set(down_v) | set(up_v))
    for p in mojo:
        assert not hands_v.get(p), f"seat {p} is in the Mojo moment and cannot hold hand cards"

    if piles is None:
        if top is None:
            top = 6
        piles = [[top] if isinstance(top, int) else list(top)]
    piles = [list(p) for p in piles]
    while len(piles) < state.npiles:
        piles.append([6])
    assert len(piles) == state.npiles and all(piles), "every discard pile needs at least one card"

    state.hands = [take_all(hands_v.get(p, ())) for p in range(players)]
    state.down = [take_all(down_v.get(p, ())) for p in range(players)]
    state.up = [take_all(up_v.get(p, ())) for p in range(players)]
    state.piles = [take_all(p) for p in piles]
    deck_given = take_all(deck if deck is not None else deck_top)  # top first

    # Filler: spread the values (one of each value in turn) so filler hands look like real hands.
    pool.sort(key=lambda cid: (cid - C.VALUE.index(C.VALUE[cid]), C.VALUE[cid]))
    fill = [p for p in range(players) if p not in hands_v and p not in mojo]
    if deck is None:
        for p in fill:
            state.hands[p] = [pool.pop(0) for _ in range(hand_size)]
        rest = pool  # below the given top cards
    else:
        assert fill or not pool, "deck given exactly but no seat left to take the other cards"
        for i, cid in enumerate(list(pool)):
            state.hands[fill[i % len(fill)]].append(cid)
        rest = []
    state.deck = list(reversed(rest)) + list(reversed(deck_given))  # top = last

    state.in_mojo = [p in mojo for p in range(players)]
    state.mojo_order = list(mojo_order) if mojo_order is not None else list(mojo)
    state.known = [set() for _ in range(players)]
    state.mojo_side = mojo_side
    if direction is None:
        direction = 1 if (mojo_side == 0 or game.options["direction_mode"] == "clockwise") else -1
    state.direction = direction
    state.current_player = current
    state.round_first = current if round_first is None else round_first
    state.phase = S.PLAY_PHASE
    state.draw_other = -1
    if totals is not None:
        state.totals = list(totals)
    check_zones(state)
    return state


# -- reading a position --------------------------------------------------------------------------
def values(ids: Iterable[int]) -> list[int]:
    """Card values of some card IDs, in the same order."""
    return [C.VALUE[c] for c in ids]


def hand(state, p: int) -> list[int]:
    """Sorted values of seat p's hand."""
    return sorted(values(state.hands[p]))


def pile(state, i: int = 0) -> list[int]:
    """Values of discard pile i, bottom → top."""
    return values(state.piles[i])


def top_value(state, i: int = 0) -> int:
    return C.VALUE[state.piles[i][-1]]


def card(state, p: int, value: int, zone: str = "hands") -> int:
    """The ID of a card of ``value`` held by seat p in ``zone`` ('hands', 'down' or 'up')."""
    for cid in getattr(state, zone)[p]:
        if C.VALUE[cid] == value:
            return cid
    raise AssertionError(f"seat {p} has no {value} in {zone}: {values(getattr(state, zone)[p])}")


def play(state, value: int, pile: int = 0, p: int | None = None):
    """Seat p (default: the player to act) plays a card of ``value`` from their hand."""
    p = state.current_player if p is None else p
    state.apply(Play(card(state, p, value), pile), player=p)


def reveal(state, value: int, p: int | None = None):
    p = state.current_player if p is None else p
    state.apply(Reveal(card=card(state, p, value, "down")), player=p)


def check_zones(state) -> None:
    """INV-1: each of the 78 card IDs is in exactly one zone."""
    zones = [state.deck, *state.piles, *state.hands, *state.down, *state.up]
    counts = Counter(cid for zone in zones for cid in zone)
    assert sorted(counts) == list(ALL_IDS), "some card IDs are missing"
    assert max(counts.values()) == 1, "some card IDs are in two zones"


def rejects(state, act, rule, player=None):
    """The action is refused citing ``rule``, and the state is exactly as before (INV-13)."""
    before = state.snapshot()
    with pytest.raises(cardtable.IllegalAction) as info:
        state.apply(act, player=player)
    assert info.value.rule == rule, info.value
    assert state.snapshot() == before
    return info.value
