"""Places where the engine followed the English spec but the Hungarian rulebook says otherwise (issue 33):
each test names the rulebook's rule; docs/mitosz.md, "Departures from the rulebook", gives the sentence."""

from __future__ import annotations

import pytest

from cardtable.games.mitosz.actions import PASS
from tests.games.mitosz.helpers import A, B, empty_deck, fresh, nation, ready


# -- MIT-1.3.4: the deck-out round -----------------------------------------------------------------------
def _deckout_scene(players: int, cards_left: dict[int, int], cityfolk: tuple[int, ...] = ()):
    """Seat 0's turn has begun (phase start); every deck is empty except ``cards_left`` (seat -> cards); the
    seats ``cityfolk`` (Dawn Court decks) control a Gilded Cityfolk (2 power points)."""
    s = fresh(0, None, players)
    s.order = tuple(range(players))
    s.active = 0
    s.phase = "start"
    for seat in cityfolk:
        nation(s, seat, "Gilded Cityfolk")
    for seat in range(players):
        empty_deck(s, seat, keep=cards_left.get(seat, 0))
    return ready(s)


def _play_out(s, limit: int = 3000) -> None:
    for _ in range(limit):
        if s.result is not None:
            return
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    raise AssertionError("the game does not end")


@pytest.mark.parametrize("players, drawer, ends_in_seat, turns", [
    # A draws her last card in turn t (a round in which someone drew does not count); B fails in t+1, A in t+2:
    # the round that began in B's turn is full at the start of B's next turn, t+3.
    (2, {0: 1}, 1, 3),
    # seat 0 fails in t, seat 1 still draws in t+1, seats 2, 0, 1 fail in t+2 … t+4: the round began in seat 2's
    # turn (MIT-6.1.3: a round may begin in any player's turn) and is full at the start of t+5.
    (3, {1: 2}, 2, 5),
    # four players: seat 2 draws in t+2; seats 3, 0, 1, 2 fail in t+3 … t+6; the game ends at the start of t+7.
    (4, {2: 2}, 3, 7),
])
def test_MIT_1_3_4_a_whole_round_in_which_nobody_can_draw(players, drawer, ends_in_seat, turns):
    s = _deckout_scene(players, drawer)
    start = s.turn
    _play_out(s)
    assert s.result["rule"] == "MIT-1.3.4"
    assert s.turn == start + turns and s.active == ends_in_seat
    assert s.result["winners"] == list(range(players))  # nobody holds power points: a draw


def test_MIT_1_3_4_a_round_with_a_draw_does_not_count():
    # the old reading (OP-04) ended the 2-player game at the start of A's turn t+2, the round after A's draw
    # phase that drew one card of two; A drew in that round
    s = _deckout_scene(2, {0: 1})
    start = s.turn
    for _ in range(3000):
        if s.turn == start + 2 and s.phase == "draw":
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.result is None and s.deckout.streak == 1  # only B's turn t+1 counts so far


def test_MIT_1_3_4_a_deck_that_receives_a_card_breaks_the_round():
    s = _deckout_scene(2, {})
    start = s.turn
    for _ in range(3000):
        if s.turn == start + 1 and s.phase == "summon_1":
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.deckout.streak == 1 and s.deckout.failed  # A's turn t counted, B's draw in t+1 failed
    s.deckout = None  # what effects.put_on_deck does when a card goes onto a deck
    _play_out(s)
    assert s.turn == start + 4  # B's turn t+1 no longer counts: the round is A's t+2 and B's t+3


def test_MIT_1_3_4_top_scorers_share_the_deck_out_draw():
    # "Ha egyenlő a hatalompontok állása, a játék döntetlennel ér véget": the rulebook does not say, for three
    # players, whether a player with fewer points shares the draw; our reading: the tied top scorers draw
    s = _deckout_scene(3, {}, cityfolk=(0, 2))  # seat 1 (Frost Clans) holds no power points
    _play_out(s)
    assert s.result["rule"] == "MIT-1.3.4" and s.result["winners"] == [0, 2]
    assert s.result["totals"] == [2, 0, 2]
