"""Determinization (agents/determinize.py, agents/determinizers/*): for every game, at positions of random games,
the copy keeps what the player sees (view, legal actions), keeps the cards (one multiset), redeals the hidden
cards differently for different random streams, depends on the player's information only, and leaves the real
state and its generator untouched."""

from __future__ import annotations

import random
from collections import Counter

import pytest

import cardtable
from cardtable.agents.determinize import NoDeterminizer, deal_by_class, determinize, shuffled
from cardtable.engine.kit import kit_of
from cardtable.engine.rng import Rng

# (game, players, options, positions sampled every k actions, longest game followed)
CASES = [
    ("mojo", 3, {}, 5, 300),
    ("mojo", 2, {"discard_piles": 2, "owner_sees_facedown": False, "empty_draw_pile": "reshuffle"}, 5, 300),
    ("mojo", 4, {"mojo_card_to": "first_trigger", "equal_value_replay": "must"}, 7, 300),
    ("maoqy", 2, {}, 5, 300),
    ("maoqy", 3, {"backs_show_kingdom": False, "hiding_place_size": 2}, 5, 300),
    ("maoqy", 2, {"extended_draw": False, "hand_limit": 6}, 5, 300),
    ("muhq", 2, {}, 9, 260),
    ("mitosz", 2, {}, 23, 300),
    # decks sharing a high god (MIT-3.4.3.c permission questions), who can only pass skipped (OP-43)
    ("mitosz", 2, {"deck_b": "dawn-court", "counter_prompting": "skip_if_no_legal_response"}, 19, 400),
    ("mitosz", 3, {"pp_counts_for": "owner"}, 29, 400),
]
IDS = [f"{g}-{p}p-{i}" for i, (g, p, *_rest) in enumerate(CASES)]


def zones(state) -> Counter:
    """Every card of the state, by identity, wherever it lies (the multiset a redeal must keep)."""
    name = state.game.info.name
    out: Counter = Counter()
    if name == "mojo":
        for zone in [state.deck, *state.piles, *state.hands, *state.down, *state.up]:
            out.update(zone)
    elif name == "maoqy":
        for zone in [state.unknown, state.known, *state.hands, *state.opened, *state.hiding]:
            out.update(zone)
        for streets in state.streets:
            for s in streets:
                out.update(s)
    elif name == "muhq":
        for pl in state.players:
            for zone in (pl.store, pl.deck, pl.hand, pl.discard, pl.pending, pl.drafted):
                out.update(zone)
        for zone in [*state.packs, *state._undealt, state.unused]:
            out.update(zone)
        out.update(list(state.perms))
    elif name == "mitosz":
        for p in state.players:
            out.update(p.hand)
            out.update(p.deck)
            out.update(p.afterworld)
            out.update(p.oblivion)
    return out


def hidden_cards(state, viewer) -> list:
    """The cards hidden from ``viewer`` (what a redeal may move), as the test reads the rules."""
    name = state.game.info.name
    if state.is_terminal():
        return []
    out = []
    others = [i for i in range(state.game.num_players) if i != viewer]
    if name == "mojo":
        out += state.deck
        for i in others:
            out += [c for c in state.hands[i] + state.down[i] if c not in state.known[i]]
    elif name == "maoqy":
        out += state.unknown
        for i in others:
            out += [c for c in state.hands[i] if c not in state.public[i]] + state.hiding[i]
    elif name == "muhq":
        out += state.players[viewer].deck
        for i in others:
            out += state.players[i].hand + state.players[i].deck
        if state.phase == "draft":
            out += state.unused + [c for p in state._undealt for c in p]
            for i in others:
                out += state.packs[i] + state.players[i].drafted
    elif name == "mitosz":
        out += state.players[viewer].deck
        for i in others:
            out += state.players[i].hand + state.players[i].deck
    return out


def zone_tags_agree(state) -> None:
    if state.game.info.name == "mitosz":
        for p in state.players:
            assert all(state.cards[i].zone == "hand" for i in p.hand)
            assert all(state.cards[i].zone == "deck" for i in p.deck)
    if state.game.info.name == "muhq" and state.phase == "draft":
        for q, pl in enumerate(state.players):
            assert all(state.card_owner[c] == q for c in pl.drafted)


def without(snapshot: dict, *keys: str) -> dict:
    return {k: v for k, v in snapshot.items() if k not in keys}


def positions(game_name, players, options, every, longest, seeds=(0, 1)):
    """(state, viewer) at every ``every``-th action of random games: the player to act, and one other seat."""
    game = cardtable.load(game_name, players=players, options=options)
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        steps = 0
        while not state.is_terminal() and steps < longest:
            if steps % every == 0:
                p = state.current_player
                yield state, p
                yield state, (p + 1 + steps // every % (players - 1)) % players
            state.apply(rnd.choice(state.legal_actions()))
            steps += 1
        yield state, 0  # the last position reached (the end, for the short games)


@pytest.mark.parametrize("game_name,players,options,every,longest", CASES, ids=IDS)
def test_determinization_keeps_what_the_player_knows(game_name, players, options, every, longest):
    checked = varied = 0
    for state, viewer in positions(game_name, players, options, every, longest):
        digest = state.digest()
        real_rng = state.rng.state()
        copies = [determinize(state, viewer, Rng(k, "test")) for k in range(6)]
        # the real state and its generator are untouched
        assert state.digest() == digest and state.rng.state() == real_rng
        view = state.view(viewer)
        cards = zones(state)
        for d in copies:
            assert d is not state
            assert d.view(viewer) == view
            assert zones(d) == cards  # the same cards, by identity
            zone_tags_agree(d)
            assert d.current_player == state.current_player and d.is_terminal() == state.is_terminal()
            if state.current_player == viewer:
                assert d.legal_actions() == state.legal_actions()
            assert d.rng.state() != real_rng  # the future chance events are redrawn too
        # hidden cards vary across streams wherever a few are hidden; nothing else changes
        hidden = hidden_cards(state, viewer)
        redealt = {repr(without(d.snapshot(), "rng")) for d in copies}
        if len(set(hidden)) >= 3:
            assert len(redealt) > 1
            varied += 1
        elif not hidden:
            assert len(redealt) == 1
        checked += 1
        # the same stream gives the same copy
        assert determinize(state, viewer, Rng(0, "test")).snapshot() == copies[0].snapshot()
    assert checked >= 5 and varied >= checked // 3


@pytest.mark.parametrize("game_name,players,options,every,longest", CASES, ids=IDS)
def test_determinization_depends_only_on_the_players_information(game_name, players, options, every, longest):
    """Two states the player sees alike (the real one and another world of its information set) give the
    same determinization from the same stream: nothing of the real hidden arrangement leaks through."""
    for state, viewer in positions(game_name, players, options, every, longest, seeds=(3,)):
        other_world = determinize(state, viewer, Rng(99, "other"))
        assert other_world.view(viewer) == state.view(viewer)
        a = determinize(state, viewer, Rng(5, "same"))
        b = determinize(other_world, viewer, Rng(5, "same"))
        assert a.snapshot() == b.snapshot()


@pytest.mark.parametrize("game_name,players,options,every,longest", CASES[:1] + CASES[3:4] + CASES[6:], ids=[IDS[0], IDS[3], *IDS[6:]])
def test_a_determinization_plays_on(game_name, players, options, every, longest):
    """A copy is a real state of the game: random play goes on in it without an error."""
    for state, viewer in positions(game_name, players, options, every * 3, longest, seeds=(4,)):
        d = determinize(state, viewer, Rng(1, "on"))
        rnd = random.Random(1)
        for _ in range(40):
            if d.is_terminal():
                break
            d.apply(rnd.choice(d.legal_actions()))


def test_mojo_public_cards_stay_where_everybody_saw_them():
    """A card taken face up from a discard pile (known) stays in that hand; the piles and revealed rows stay."""
    from tests.games.mojo.helpers import setup

    state = setup(2, {"discard_piles": 2}, hands={0: [1, 5, 9, 12], 1: [0, 3, 7, 11]}, piles=[[4], [8]])
    taken = state.hands[1][2]
    state.known[1].add(taken)
    for k in range(10):
        d = determinize(state, 0, Rng(k, "t"))
        assert taken in d.hands[1] and d.hands[0] == state.hands[0] and d.piles == state.piles
        assert len(d.hands[1]) == 4 and len(d.deck) == len(state.deck)


def test_mojo_own_facedown_row_is_shuffled_when_the_owner_cannot_see_it():
    from tests.games.mojo.helpers import setup

    state = setup(2, {"owner_sees_facedown": False}, facedown={0: [1, 5]}, hands={1: [2, 3, 4, 6]})
    rows = {tuple(determinize(state, 0, Rng(k, "t")).down[0]) for k in range(12)}
    assert len(rows) == 2 and {frozenset(r) for r in rows} == {frozenset(state.down[0])}
    state2 = setup(2, {"owner_sees_facedown": True}, facedown={0: [1, 5]}, hands={1: [2, 3, 4, 6]})
    assert all(determinize(state2, 0, Rng(k, "t")).down[0] == state2.down[0] for k in range(5))


def test_maoqy_backs_are_kept():
    """With backs_show_kingdom every hidden hand and hiding place keeps the kingdoms of its backs, and the top
    of the Unknown its back."""
    from cardtable.games.maoqy import cards as C
    from tests.games.maoqy.helpers import setup

    state = setup(2, {"backs_show_kingdom": True}, hands={0: ["blue 1-3"], 1: ["red 4", "red 9", "green 2"]},
                  hiding={1: ["gold 5"]}, unknown_top=["white 7"])
    for k in range(10):
        d = determinize(state, 0, Rng(k, "t"))
        assert sorted(C.BACK[c] for c in d.hands[1]) == ["green", "red", "red"]
        assert [C.BACK[c] for c in d.hiding[1]] == ["gold"]
        assert C.BACK[d.unknown[-1]] == "white"
        assert d.hands[0] == state.hands[0]
    assert len({tuple(determinize(state, 0, Rng(k, "t")).hands[1]) for k in range(10)}) > 1


@pytest.mark.parametrize("value", ["open", "anywhere"])
def test_MAOQY_6_6_determinization_without_backs_keeps_claimed_cards_out_of_other_hands(value):
    """Without backs a redeal may put any hidden card anywhere, except (claimed_cards = open) a card of a
    seat's street kingdom into another seat's hidden hand or hiding place."""
    from cardtable.games.maoqy import cards as C
    from tests.games.maoqy.helpers import setup

    state = setup(3, {"backs_show_kingdom": False, "claimed_cards": value, "kingdoms": ["red", "blue", "gold"]},
                  streets={0: "blue 1-10", 2: "red 1-5"}, hands={0: ["gold 1"], 1: ["gold 2-9"], 2: ["gold 10-14"]},
                  hiding={1: ["gold 15"]})
    hidden_claimed = 0
    for k in range(30):
        d = determinize(state, 0, Rng(k, "t"))
        for q in (1, 2):
            for c in d.hands[q] + d.hiding[q]:
                owner = d.claimed[C.KINGDOM[c]]
                hidden_claimed += owner not in (-1, q)
        assert sorted(d.unknown + [c for q in (1, 2) for c in d.hands[q] + d.hiding[q]]) == sorted(
            state.unknown + [c for q in (1, 2) for c in state.hands[q] + state.hiding[q]])
    assert (hidden_claimed == 0) == (value == "open")


def test_muhq_draft_redeal_keeps_own_pack_and_picks():
    game = cardtable.load("muhq", players=2)
    state = game.new_initial_state(seed=2)
    state.apply(state.legal_actions()[0])  # a pick: now a few picks are made and hidden
    assert state.phase == "draft"
    viewer = state.current_player
    for k in range(5):
        d = determinize(state, viewer, Rng(k, "t"))
        assert d.packs[viewer] == state.packs[viewer]
        assert d.players[viewer].drafted == state.players[viewer].drafted
        assert [len(p) for p in d.packs] == [len(p) for p in state.packs]
        assert [len(p) for p in d._undealt] == [len(p) for p in state._undealt]
    others = {tuple(determinize(state, viewer, Rng(k, "t")).packs[1 - viewer]) for k in range(6)}
    assert len(others) > 1


def test_mitosz_a_high_god_named_in_a_permission_question_stays_in_the_askers_hand(tmp_path, monkeypatch):
    """MIT-3.4.3.c: A asks B's leave to summon B's high god from A's hand. B, to answer, is shown the card, and
    answering "allow" announces that very card: every determinization for B keeps it in A's hand (the rest of
    A's hand is still redealt), so the answer plays on. A Dawn Court mirror met this in a tournament: the
    search's first rollout failed with MIT-1.5.1.a."""
    from cardtable.games.mitosz.actions import ChooseOption, Summon
    from tests.games.mitosz.helpers import A, B, custom_decks, hand, ready, scene

    options = custom_decks(tmp_path, monkeypatch, "hrimgar-asked",
                           a=[{"card": "SMP-021", "copies": 1, "name": "Hrimgar, Frost Father"}])
    state = scene(options=options)
    (hrimgar,) = hand(state, A, "Hrimgar, Frost Father")
    hand(state, A, "Captain Orren", "Gate Spearmen")
    state.players[A].spheres = [4, 5, 4, 3]
    ready(state)
    state.apply(Summon(hrimgar))
    assert state.prompt.kind == "permission" and state.current_player == B
    redealt = set()
    for k in range(8):
        d = determinize(state, B, Rng(k, "t"))
        assert hrimgar in d.players[A].hand and len(d.players[A].hand) == 3
        assert d.view(B) == state.view(B)
        redealt.add(frozenset(d.players[A].hand) - {hrimgar})
        d.apply(ChooseOption(0))  # B allows: A's summon is announced
        assert d.stack and d.stack[-1].card == hrimgar
    assert len(redealt) > 1  # the rest of the hand is redealt


def test_helpers():
    rng = Rng(1, "h")
    assert shuffled([3, 1, 2], Rng(7)) == shuffled([2, 3, 1], Rng(7))  # the order given does not matter
    taken, rest = deal_by_class([1, 2, 3, 4, 5, 6], ["odd", "even", "odd"], lambda c: "odd" if c % 2 else "even")
    assert taken == [1, 2, 3] and rest == [4, 5, 6]
    with pytest.raises(ValueError):
        deal_by_class([2], ["odd"], lambda c: "odd" if c % 2 else "even")
    assert rng.counter == 0
    assert {name for name in cardtable.game_names() if kit_of(name).has("resample")} == {"mojo", "maoqy", "mitosz", "muhq"}


def test_game_without_determinizer():
    state = cardtable.load("maoqy-ritual").new_initial_state(seed=0)
    with pytest.raises(NoDeterminizer):
        determinize(state, 0, Rng(0))
    with pytest.raises(ValueError):
        determinize(cardtable.load("mojo").new_initial_state(seed=0), 7, Rng(0))
