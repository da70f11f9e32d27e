"""Property tests for Mojo's hidden information (rules/mojo.md, section 7).

The main property: what seat p sees, ``view(p)``, must not change when only cards that p may not see
change places. At random positions of random games a variant of the state is built in which every
card hidden from p (other players' hands and face-down rows, the draw pile, and p's own face-down row
when ``owner_sees_facedown`` is false) is shuffled among those places, sizes kept; the views must be
identical. Cards that were face up when a player took them from a discard pile stay public (section 7)
and keep their places; which cards those are is tracked here from the actions, independently of the
state's own bookkeeping (which is checked against it).

The random games, the Referee and the card table come from ``test_invariants``.
"""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings

from cardtable.games.mojo.actions import Play, Reveal

from .test_invariants import ALL_IDS, GAME_SETTINGS, RANDOMS, examples, run_game, setups


class PublicCards:
    """Cards in hands that everybody knows: taken face up from a discard pile (section 7, MOJO-8.3.2)."""

    def __init__(self, n: int):
        self.known: list[set[int]] = [set() for _ in range(n)]

    def follow(self, step) -> None:
        o = step.outcome
        if o is None:
            return
        if o.round_ends:  # a new deal: nothing in the new hands has been seen
            self.known = [set() for _ in self.known]
            return
        p = step.actor
        if isinstance(step.action, Play):
            self.known[p].discard(step.action.card)
        if isinstance(step.action, Reveal):  # face up in the revealed row now
            self.known[p] = {c for c in self.known[p] if c in step.after.down[p] or c in step.after.hands[p]}
        if o.public_draw is not None:
            self.known[p].add(o.public_draw)


def hidden_slots(state, viewer: int | None, known: list[set[int]]) -> list[tuple[list[int], int]]:
    """(zone, index) of every card the viewer may not see, by section 7."""
    slots: list[tuple[list[int], int]] = []
    owner_sees = state.game.options["owner_sees_facedown"]
    for i in range(state.game.num_players):
        zones = []
        if i != viewer:
            zones = [state.hands[i], state.down[i]]  # other players: size only
        elif not owner_sees:
            zones = [state.down[i]]  # own face-down row: size only (OP-7)
        for zone in zones:
            slots.extend((zone, k) for k, c in enumerate(zone) if c not in known[i])
    slots.extend((state.deck, k) for k in range(len(state.deck)))  # draw pile: size only
    return slots


def permuted(state, viewer: int | None, known: list[set[int]], rng: random.Random):
    """A clone whose hidden cards (for ``viewer``) are shuffled among the hidden places, sizes kept."""
    variant = state.clone()
    slots = hidden_slots(variant, viewer, known)
    cards = [zone[k] for zone, k in slots]
    shuffled = list(cards)
    rng.shuffle(shuffled)
    if len(cards) >= 2 and shuffled == cards:
        shuffled = shuffled[1:] + shuffled[:1]  # distinct IDs: a rotation always moves a card
    for (zone, k), card in zip(slots, shuffled):
        zone[k] = card
    return variant, len(cards) >= 2


def int_lists(obj: Any, skip=("rounds",)) -> list[int]:
    """Every integer inside a list anywhere in a view (card IDs live in lists), except under ``skip``."""
    found: list[int] = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key not in skip:
                found.extend(int_lists(value, skip))
    elif isinstance(obj, list):
        for value in obj:
            if isinstance(value, int) and not isinstance(value, bool):
                found.append(value)
            else:
                found.extend(int_lists(value, skip))
    return found


def _positions(setup, rnd, every: int, check) -> None:
    """Call ``check(step, known)`` at the start and at about one position in ``every`` of a random game."""
    pick = random.Random(setup.seed ^ 0x7)
    public = PublicCards(setup.players)

    def each(step):
        public.follow(step)
        s = step.state
        if not s.is_terminal():
            assert [sorted(k) for k in s.known] == [sorted(k) for k in public.known], (
                f"the state's public hand cards {s.known} differ from the cards taken face up {public.known}")
        if step.index == 0 or not pick.randrange(every):
            check(step, public.known)

    run_game(setup, rnd, each)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_view_unchanged_when_hidden_cards_are_permuted(setup, rnd):
    shuffler = random.Random(setup.seed ^ 0x5)
    moved = []

    def check(step, known):
        s = step.state
        if s.is_terminal():
            return
        for viewer in (None, *range(setup.players)):
            variant, changed = permuted(s, viewer, known, shuffler)
            moved.append(changed)
            assert sorted(c for z in (variant.deck, *variant.hands, *variant.down, *variant.up, *variant.piles) for c in z) == list(ALL_IDS)
            assert variant.view(viewer) == s.view(viewer), (
                f"view({viewer}) depends on hidden cards: hands {s.hands} / {variant.hands}, "
                f"face-down {s.down} / {variant.down}")

    _positions(setup, rnd, 5, check)
    assert any(moved)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_view_never_contains_hidden_card_ids(setup, rnd):
    owner_sees = setup.options["owner_sees_facedown"]

    def check(step, known):
        s = step.state
        if s.is_terminal():
            return
        for viewer in (None, *range(setup.players)):
            view = s.view(viewer)
            hidden = {zone[k] for zone, k in hidden_slots(s, viewer, known)}
            leaked = hidden & set(int_lists(view))
            assert not leaked, f"view({viewer}) shows hidden cards {sorted(leaked)}"
            assert len(view["rounds"]) == len(s.rounds)  # only finished rounds, public after scoring
            assert view["draw_pile"] == len(s.deck)
            for i, seat in enumerate(view["seats"]):
                assert seat["hand_size"] == len(s.hands[i]) and seat["facedown_size"] == len(s.down[i])
                assert seat["revealed"] == s.up[i]  # the revealed rows are public
                if i == viewer:  # own hand: full contents; own face-down row only if the option allows
                    assert sorted(seat.get("hand", [])) == sorted(s.hands[i])
                    if owner_sees:
                        assert sorted(seat.get("facedown", [])) == sorted(s.down[i])
                else:
                    assert "hand" not in seat and "facedown" not in seat
            assert view["piles"] == s.piles  # every discard pile, in order, is public

    _positions(setup, rnd, 5, check)


@settings(max_examples=examples(100), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_spectator_view_shows_no_hand(setup, rnd):
    def check(step, known):
        s = step.state
        if s.is_terminal():
            return
        view = s.view(None)
        assert view["viewer"] is None
        for seat in view["seats"]:
            assert "hand" not in seat and "facedown" not in seat, f"a spectator sees {seat}"
        hidden = {c for i in range(setup.players) for c in s.hands[i] + s.down[i] if c not in known[i]} | set(s.deck)
        assert not hidden & set(int_lists(view)), "a spectator sees hidden cards"

    _positions(setup, rnd, 4, check)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_round_end_and_game_end_make_everything_public(setup, rnd):
    n = setup.players

    def check(step):
        o = step.outcome
        if o is None or not o.round_ends:
            return
        s = step.state
        for viewer in (None, *range(n)):  # MOJO-6.2: every card of the finished round is public
            view = s.view(viewer)
            assert [sorted(c) for c in view["rounds"][-1]["cards"]] == o.holdings
        if o.game_over:
            for viewer in (None, *range(n)):
                view = s.view(viewer)
                assert view["result"] is not None
                for i, seat in enumerate(view["seats"]):
                    assert sorted(seat.get("hand", [-1])) == sorted(s.hands[i]), f"view({viewer}) hides seat {i}'s hand at the end"
                    assert sorted(seat.get("facedown", [-1])) == sorted(s.down[i]), f"view({viewer}) hides seat {i}'s face-down row at the end"
                    assert seat["revealed"] == s.up[i]
                    assert sorted(seat["hand"] + seat["facedown"] + seat["revealed"]) == o.holdings[i]

    run_game(setup, rnd, check)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(owner_sees_facedown=False), rnd=RANDOMS)
def test_owner_sees_facedown_false_hides_own_row(setup, rnd):
    shuffler = random.Random(setup.seed ^ 0x3)
    seen = []

    def check(step, known):
        s = step.state
        if s.is_terminal():
            return
        for p in range(setup.players):
            if not s.down[p]:
                continue
            seen.append(p)
            view = s.view(p)
            seat = view["seats"][p]
            assert "facedown" not in seat, f"seat {p} sees its face-down row {seat['facedown']}"
            assert seat["facedown_size"] == len(s.down[p])
            own = [c for c in s.down[p] if c not in known[p]]
            assert not set(own) & set(int_lists(view)), f"seat {p}'s view shows its own face-down cards"
            variant, _ = permuted(s, p, known, shuffler)
            assert variant.view(p) == view, "the owner's view depends on the contents of their face-down row"
            if s.current_player == p:  # the owner reveals by position (OP-7)
                legal = s.legal_actions()
                assert legal and all(isinstance(a, Reveal) and a.card is None for a in legal), legal
                assert sorted(a.position for a in legal) == list(range(len(s.down[p])))

    _positions(setup, rnd, 3, check)


@settings(max_examples=examples(60), **GAME_SETTINGS)
@given(setup=setups(owner_sees_facedown=True), rnd=RANDOMS)
def test_owner_sees_facedown_true_shows_own_row_to_owner_only(setup, rnd):
    def check(step, known):
        s = step.state
        if s.is_terminal():
            return
        for p in range(setup.players):
            if not s.down[p]:
                continue
            assert sorted(s.view(p)["seats"][p]["facedown"]) == sorted(s.down[p])
            for q in (None, *range(setup.players)):
                if q != p:
                    assert "facedown" not in s.view(q)["seats"][p]
            if s.current_player == p:
                assert sorted(a.card for a in s.legal_actions()) == sorted(s.down[p])

    _positions(setup, rnd, 3, check)
