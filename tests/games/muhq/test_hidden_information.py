"""muhq's hidden information (rules/muhq.md, section 9; MUHQ-DECK-3, MUHQ-DRAFT-4, 7).

The main property: what seat p sees, ``view(p)``, and what p may do, ``legal_actions()`` when p is to act,
must not change when only things p may not see change. At random positions of random games (the draft
included) a variant is built in which every deck is shuffled, the other players' hands and decks trade
cards (sizes kept, each card staying with its owner), and, during the draft, the other players' packs, their
picks and the undealt packs trade cards; p's view and legal actions in the variant must equal those of the
game, and so must a spectator's view. Views never name a card p may not see, and the log entries other seats
receive (``Game.log_entry``) hide the draft picks.
"""

from __future__ import annotations

import copy
import random

from hypothesis import HealthCheck, example, given, note, settings
from hypothesis import strategies as st

from cardtable.games.muhq import actions as A
from cardtable.games.muhq.objects import NEUTRAL

from .helpers import P0, P1, fresh, hand, ready, scene, zone

BOARDS = ("river-crown", "three-hills", "bastion-run")
#: Log entry kinds: every one tells of a public act (section 9); none of a draw or a draft pick.
PUBLIC_LOG = {"declare", "upkeep", "buy", "trigger", "activate", "phase", "resolve"}


def _deal(places: list[tuple[list, int]], rng: random.Random) -> None:
    """Shuffle the cards in ``places`` (zone, index) among those places; a different order when possible."""
    cards = [place[k] for place, k in places]
    shuffled = list(cards)
    rng.shuffle(shuffled)
    if len(set(cards)) > 1 and shuffled == cards:
        shuffled = shuffled[1:] + shuffled[:1]
    for (place, k), card in zip(places, shuffled):
        place[k] = card


def permuted(s, viewer: int | None, rng: random.Random):
    """A clone that differs from ``s`` only in what ``viewer`` may not see."""
    v = s.clone()
    for seat, pl in enumerate(v.players):
        _deal([(pl.deck, k) for k in range(len(pl.deck))], rng)  # MUHQ-DECK-3: nobody knows the order
        if seat != viewer:  # other hands: only their size is known; the cards may come from the deck
            _deal([(pl.deck, k) for k in range(len(pl.deck))] + [(pl.hand, k) for k in range(len(pl.hand))], rng)
    if v.phase == "draft":  # MUHQ-DRAFT-7: only the pack one holds and one's own picks are known
        places = [(pack, k) for seat, pack in enumerate(v.packs) if seat != viewer for k in range(len(pack))]
        places += [(pl.drafted, k) for seat, pl in enumerate(v.players) if seat != viewer
                   for k in range(len(pl.drafted))]
        places += [(pack, k) for pack in v._undealt for k in range(len(pack))]
        _deal(places, rng)
        for seat, pl in enumerate(v.players):
            if seat != viewer:
                for c in pl.drafted:
                    v.card_owner[c] = seat  # MUHQ-SETUP-4: the drafter owns its picks
                for c in v.packs[seat] if v.packs else ():
                    v.card_owner[c] = NEUTRAL
        for pack in v._undealt:
            for c in pack:
                v.card_owner[c] = NEUTRAL
    v.changed()
    return v


def hidden_from(s, viewer: int | None) -> set[int]:
    """The cards ``viewer`` may not see now: other hands, every deck, and in the draft the other packs, the
    other players' picks and the undealt packs."""
    out: set[int] = set()
    for seat, pl in enumerate(s.players):
        out.update(pl.deck)
        if seat != viewer:
            out.update(pl.hand)
            if s.phase == "draft":
                out.update(pl.drafted)
                if s.packs:
                    out.update(s.packs[seat])
    for pack in s._undealt:
        out.update(pack)
    return out


def named_cards(view) -> set[int]:
    """Every card number a view names (cards, permanents, piles, waiting drops, upkeep lists)."""
    found: set[int] = set()

    def walk(x):
        if isinstance(x, dict):
            if isinstance(x.get("id"), int):
                found.add(x["id"])
            for key, value in x.items():
                if key in ("pile", "waiting_to_drop", "upkeep_todo") and isinstance(value, list):
                    found.update(v for v in value if isinstance(v, int))
                walk(value)
        elif isinstance(x, list):
            for y in x:
                walk(y)

    walk(view)
    return found


def random_positions(board: str, seed: int, choices: int, every: int = 5, limit: int = 1_500):
    """Positions of a random game, the draft included: every ``every``-th decision."""
    s = fresh(seed, board)
    rng = random.Random(choices)
    for step in range(limit):
        if s.is_terminal():
            return
        if step % every == 0 or s.phase == "draft" and step % 3 == 0:
            yield s
        legal = s.legal_actions()
        busy = [a for a in legal if a.type not in ("pass", "universal_free_action")]
        s.apply(rng.choice(busy) if busy and rng.random() < 0.7 else rng.choice(legal))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), choices=st.integers(0, 2**32 - 1), board=st.sampled_from(BOARDS))
# An Undertow returned Supply Depot (card 27) to P0's hand while the Depot's own action was still on the stack:
# the stack entry named the copy now in a hidden hand.
@example(seed=2329006, choices=622, board="river-crown")
def test_views_and_legal_actions_do_not_depend_on_hidden_cards(seed, choices, board):
    note(f"board={board} seed={seed} choices={choices}")
    rng = random.Random(seed ^ choices)
    drafted = played = 0
    for s in random_positions(board, seed, choices):
        drafted += s.phase == "draft"
        played += s.phase != "draft"
        for viewer in (P0, P1, None):
            variant = permuted(s, viewer, rng)
            assert variant.view(viewer) == s.view(viewer), f"the view of {viewer} leaks hidden cards ({s.mode})"
            if viewer == s.current_player:
                assert variant.legal_actions() == s.legal_actions(), f"the legal actions leak hidden cards ({s.mode})"
            assert not named_cards(s.view(viewer)) & hidden_from(s, viewer), f"the view of {viewer} names a hidden card"
        for seat in (P0, P1):
            other = s.view(1 - seat)["players"][seat]
            assert other["hand"] is None and other["hand_count"] == len(s.players[seat].hand)
            assert isinstance(s.view(seat)["players"][seat]["deck"], int)  # a deck shows only its size
            if s.phase == "draft":
                assert other["drafted"] == len(s.players[seat].drafted)  # only how many picks
                assert [c["id"] for c in s.view(seat)["pack"]] == s.packs[seat]
        if s.phase == "draft":
            assert "pack" not in s.view(None) and s.view(None)["players"][0]["drafted"] == len(s.players[0].drafted)
        assert {entry[0] for entry in s.log} <= PUBLIC_LOG
    assert drafted and played


def test_the_log_says_nothing_during_the_draft_and_names_no_drawn_card():
    s = fresh(3, "river-crown")
    rng = random.Random(3)
    while s.phase == "draft":
        s.apply(rng.choice(s.legal_actions()))
        assert s.log == [], "a draft pick was written to the log every seat reads"
    for _ in range(300):
        if s.is_terminal():
            break
        s.apply(rng.choice(s.legal_actions()))
    assert s.log and all(kind in PUBLIC_LOG for kind, _, _ in s.log)
    assert not any("draw" in text or "drew" in text for _, _, text in s.log)


def test_MUHQ_DRAFT_4_log_entries_hide_draft_picks_from_other_seats_and_spectators():
    s = fresh(5, "three-hills")
    game = s.game
    assert game.secret_actions
    rng = random.Random(5)
    picks = 0
    while s.phase == "draft":
        actor = s.current_player
        action = rng.choice(s.legal_actions())
        s.apply(action)
        picks += 1
        name = s.card_def[action.card].name
        text, data = game.log_entry(action, actor, actor)
        assert data == action.to_json() and name in text  # the picker reads its own pick
        for viewer in (1 - actor, None):
            text, data = game.log_entry(action, actor, viewer)
            assert data == {"type": "draft_pick"} and "card" not in data
            assert name not in text and str(action.card) not in text
    assert picks == 40  # 2 rounds of packs of 10 for each of 2 players (AS-24)
    # after the draft every decision is public (MUHQ-DRAFT-7: stores are public; buying is public)
    for _ in range(200):
        if s.is_terminal():
            break
        actor, action = s.current_player, rng.choice(s.legal_actions())
        s.apply(action)
        for viewer in (P0, P1, None):
            assert game.log_entry(action, actor, viewer) == (game.action_label(action), action.to_json())


def test_a_record_replayed_for_a_seat_shows_it_what_the_live_game_showed():
    """A record holds every pick (it is the whole game, for replays); the views rebuilt from it are the
    live game's, so nothing that a seat could not see enters them."""
    from cardtable.engine import read_records

    s = fresh(9, "bastion-run")
    rng = random.Random(9)
    views = []
    for _ in range(120):
        s.apply(rng.choice(s.legal_actions()))
        views.append((s.view(P0), s.view(P1), s.view(None)))
    (rec,) = read_records(s.record().dumps().splitlines())
    r = rec.replay()
    assert r.digest() == s.digest()
    assert (r.view(P0), r.view(P1), r.view(None)) == views[-1]


def test_deck_order_and_the_opponents_hand_stay_hidden_in_a_scene():
    s = scene(active=P0)
    mine = hand(s, P0, "Volley", "Recruit")
    theirs = hand(s, P1, "Perish!", "Terrify")
    deck = zone(s, P0, "deck", "Pikeman", "Berserker", "Forager")
    ready(s)
    me = s.view(P0)
    assert [c["id"] for c in me["players"][P0]["hand"]] == mine
    assert me["players"][P1]["hand"] is None and me["players"][P1]["hand_count"] == 2
    assert me["players"][P0]["deck"] == 3
    text = str(me)
    assert "Perish" not in text and "Terrify" not in text and "Berserker" not in text and "Forager" not in text
    assert not named_cards(me) & (set(theirs) | set(deck))
    assert any(a.type == "play_permanent" for a in s.legal_actions())
    assert all(getattr(a, "card", None) not in theirs for a in s.legal_actions())
    assert A.PASS not in s.legal_actions()  # open priority: end the phase instead


def test_a_view_is_a_fresh_copy_its_reader_may_change():
    """Parts of a view that are the same every time (the board's fields, a card's printed data) are made once
    and copied: changing one view changes neither the state nor the next view."""
    s = next(p for p in random_positions("river-crown", 7, 7) if p.phase != "draft" and p.perms)
    before = copy.deepcopy(s.view(P0))
    v = s.view(P0)
    for f in v["board"]["fields"]:
        f["type"] = "wall"
        f.get("spawn", []).append(9)
    for data in v["cards"].values():
        data["name"] = "changed"
        for comp in data.get("attack", ()):
            comp.append(99)
    v["permanents"][0]["markers"] = {"rage": 5}
    assert s.view(P0) == before
