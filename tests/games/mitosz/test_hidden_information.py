"""Mítosz's hidden information (rules/mitosz.md, section 9).

The main property: what seat p sees, ``view(p)``, must not change when only cards p may not see change
places. At random positions of random games a variant is built in which the other player's hand and
deck, and p's own deck, are shuffled among themselves (sizes kept, each card staying with its owner);
p's view of the variant must equal p's view of the game, and so must a spectator's. Peeked cards are
seen only by the peeking player and the owner (OP-24); drawn cards are named to nobody else.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

from cardtable.games.mitosz.actions import PASS, UseFreeManeuver
from tests.games.mitosz.helpers import A, B, fresh, hand, leader, pass_counter, pass_until, ready, scene
from cardtable.games.mitosz import moves as _moves


def permuted(s, viewer: int | None, rng: random.Random):
    """A clone whose cards hidden from ``viewer`` (other hands, every deck) trade places within each owner."""
    v = s.clone()
    for p in v.players:
        places = [(p.deck, k) for k in range(len(p.deck))]
        if p.seat != viewer:
            places += [(p.hand, k) for k in range(len(p.hand))]
        cards = [zone[k] for zone, k in places]
        shuffled = list(cards)
        rng.shuffle(shuffled)
        if len(cards) > 1 and shuffled == cards:
            shuffled = shuffled[1:] + shuffled[:1]
        for (zone, k), iid in zip(places, shuffled):
            zone[k] = iid
        for iid in p.deck:
            v.cards[iid].zone = "deck"
        for iid in p.hand:
            v.cards[iid].zone = "hand"
    return v


def random_positions(seed: int, choices: int, every: int = 9, limit: int = 400, players: int = 2):
    s = fresh(seed, players=players)
    rng = random.Random(choices)
    for step in range(limit):
        if s.result is not None:
            return
        if step % every == 0:
            yield s
        legal = s.legal_actions()
        others = [a for a in legal if a != PASS]
        s.apply(rng.choice(others) if others and rng.random() < 0.6 else rng.choice(legal))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_views_do_not_depend_on_hidden_cards(seed, choices):
    note(f"seed={seed} choices={choices}")
    rng = random.Random(seed ^ choices)
    for s in random_positions(seed, choices):
        for viewer in (A, B, None):
            variant = permuted(s, viewer, rng)
            assert variant.view(viewer) == s.view(viewer), f"view of {viewer} leaks hidden cards"
        assert s.view(A)["players"][B]["hand"] is None and s.view(B)["players"][A]["hand"] is None
        assert s.view(None)["players"][A]["hand"] is None
        assert isinstance(s.view(A)["players"][A]["deck"], int)  # a deck shows only its size


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1))
def test_views_do_not_depend_on_hidden_cards_with_three_players_and_fights(seed, choices):
    note(f"seed={seed} choices={choices}")
    rng = random.Random(seed ^ choices)
    for s in random_positions(seed, choices, every=7, limit=900, players=3):
        for viewer in (0, 1, 2, None):
            variant = permuted(s, viewer, rng)
            assert variant.view(viewer) == s.view(viewer), f"view of {viewer} leaks hidden cards"
        for viewer in (0, 1, 2):
            assert all(p["hand"] is None for seat, p in enumerate(s.view(viewer)["players"]) if seat != viewer)


def test_drawn_cards_are_named_to_nobody_else():
    s = scene(phase="start")
    ready(s)
    top2 = s.players[A].deck[-2:]
    names = {s.cards[i].d.name for i in top2}
    mark_b, mark_none = len(s.view(B)["log"]), s.view(None)["log_size"]
    pass_until(s, "draw", A)
    assert set(top2) <= set(s.players[A].hand)
    for seat in (B, None):
        new = s.view(seat)["log"][-(s.view(seat)["log_size"] - (mark_b if seat == B else mark_none)):]
        assert not any(n in t for t in new for n in names), new
    assert [x["id"] for x in s.view(A)["players"][A]["hand"]] == s.players[A].hand


def test_OP_24_a_peeked_card_is_seen_by_the_peeker_and_the_owner_only():
    s = scene(active=B)
    ulfar = leader(s, B, "Old Ulfar the Seer")
    (pool,) = hand(s, B, "Scrying Pool")
    (secret,) = hand(s, A, "Gate Spearmen")  # number 1: not exiled, stays hidden
    ready(s)
    s.apply(UseFreeManeuver(pool, ulfar, "m1"))
    pass_counter(s)
    name = s.cards[secret].d.name
    assert s.cards[secret].zone == "hand"
    assert any(name in t for t in s.view(A)["log"])  # the owner
    assert any(name in t for t in s.view(B)["log"])  # the peeker
    assert not any(name in t for t in s.view(None)["log"])  # nobody else
    assert any("peeks at a random card" in t for t in s.view(None)["log"])  # only that a peek happened


def test_MIT_7_4_3_1_the_defenders_hand_leaders_are_named_only_to_the_defender():
    from cardtable.games.mitosz.actions import DeclareBattle

    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    from tests.games.mitosz.helpers import nation
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    hand(s, B, "Jarl Skeld Ironbrow")  # B could summon it to defend
    s.players[B].spheres = [3, 2, 3, 6]
    ready(s)
    s.apply(DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    assert s.prompt.kind == "fight_leader" and s.prompt.player == B
    assert any("Jarl Skeld Ironbrow" in answer for answer in s.view(B)["prompt"]["options"])
    for viewer in (A, None):
        assert "Jarl Skeld Ironbrow" not in str(s.view(viewer)), viewer


def test_a_stack_entry_names_no_copy_once_its_card_went_back_to_a_hand():
    """The user of a maneuver waiting on the stack can leave play before it resolves (``return_to_hand``, for a
    designer's card: the sample set has none). The entry keeps the card's face, everyone saw it announced, but
    no longer says which copy in the hand it is, to anyone (spec section 9)."""
    s = scene(active=B)
    ulfar = leader(s, B, "Old Ulfar the Seer")
    (pool,) = hand(s, B, "Scrying Pool")
    hand(s, A, "Gate Spearmen")
    ready(s)
    s.apply(UseFreeManeuver(pool, ulfar, "m1"))
    assert s.mode == "counter"
    entry = s.view(A)["stack"][-1]
    assert entry["user"]["id"] == ulfar and entry["card"]["id"] == pool  # on the board / on the stack: public
    _moves.leave_board(s, ulfar, "hand", "return")  # what a return_to_hand resolving first does
    s.forget_caches()
    for viewer in (A, B, None):
        entry = s.view(viewer)["stack"][-1]
        assert entry["user"] == {"id": None, "card": s.cards[ulfar].d.id, "name": "Old Ulfar the Seer",
                                 "type": "leader", "owner": B}, viewer
        assert entry["card"]["id"] == pool
    assert [c["id"] for c in s.view(B)["players"][B]["hand"]] == s.players[B].hand  # the owner sees it there
