"""Places where the engine followed the English spec but the Hungarian rulebook says otherwise (issue 33):
each test names the rulebook's rule; docs/mitosz.md, "Departures from the rulebook", gives the sentence."""

from __future__ import annotations

import pytest

from cardtable.games.mitosz.modes import Phase
from cardtable.games.mitosz.actions import PASS, DeclareBattle, PlayUnsummoned, Summon, UseFate, UseFreeManeuver
from tests.games.mitosz.helpers import (A, B, attach, custom_decks, do, empty_deck, fresh, hand, intrigue, leader,
                                        nation, pass_counter, ready, rejects, scene, sph as spheres_of, spheres)
from tests.games.mitosz.test_fights import answer
from cardtable.games.mitosz.fights import keywords
from cardtable.games.mitosz import acts_announce as _acts_announce
from cardtable.games.mitosz.fights import members as _members
from cardtable.games.mitosz.fights import strength as _strength
from cardtable.games.mitosz.levels import level as _level
from cardtable.games.mitosz import moves as _moves


# -- MIT-1.3.4: the deck-out round -----------------------------------------------------------------------
def _deckout_scene(players: int, cards_left: dict[int, int], cityfolk: tuple[int, ...] = ()):
    """Seat 0's turn has begun (phase start); every deck is empty except ``cards_left`` (seat -> cards); the
    seats ``cityfolk`` (Dawn Court decks) control a Gilded Cityfolk (2 power points)."""
    s = fresh(0, None, players)
    s.order = tuple(range(players))
    s.active = 0
    s.phase = Phase.START
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


def test_MIT_1_3_4_a_card_drawn_by_an_effect_breaks_the_round():
    # B's draw phase in t+1 fails, then B draws a card by an effect (a war spoil, a draw maneuver): somebody could
    # still draw in that turn, so the run restarts; the round is A's t+2 and B's t+3
    s = _deckout_scene(2, {})
    start = s.turn
    for _ in range(3000):
        if s.turn == start + 1 and s.phase == "summon_1":
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    _moves.to_zone(s, s.players[B].hand[0], "deck")  # a card for the effect to draw, without breaking the run itself
    assert _moves.draw(s, B, 1) == 1 and s.deckout.drew
    _play_out(s)
    assert s.turn == start + 4


def test_MIT_1_3_4_top_scorers_share_the_deck_out_draw():
    # "Ha egyenlő a hatalompontok állása, a játék döntetlennel ér véget": the rulebook does not say, for three
    # players, whether a player with fewer points shares the draw; our reading: the tied top scorers draw
    s = _deckout_scene(3, {}, cityfolk=(0, 2))  # seat 1 (Frost Clans) holds no power points
    _play_out(s)
    assert s.result["rule"] == "MIT-1.3.4" and s.result["winners"] == [0, 2]
    assert s.result["totals"] == [2, 0, 2]


# -- MIT-6.4.1: the affected player answers first ---------------------------------------------------------
def _long_winter_scene(players: int, active: int, nations: tuple[int, ...]):
    """B (Hrimgar) holds Long Winter (a fate linked to Hrimgar: every enemy nation's roads -1, no chosen
    target) and may act in ``active``'s summon phase; the seats ``nations`` control a nation."""
    s = fresh(0, None, players)
    for p in s.players:
        for iid in list(p.hand):
            _moves.to_zone(s, iid, "deck")
    s.order = tuple(range(players))
    s.active = active
    s.phase = Phase.SUMMON_1
    for seat in nations:
        nation(s, seat, "Gilded Cityfolk" if seat != B else "Fjord Wardens")
    (winter,) = hand(s, B, "Long Winter")
    spheres(s, B, "2/0/0/0")
    ready(s, priority=B)
    return s, winter


def test_MIT_6_4_1_an_untargeted_effect_opens_with_the_player_it_affects():
    # B uses Long Winter in A's turn: it weakens only A's nation, so A answers first (not B, the actor)
    s, winter = _long_winter_scene(2, A, (A,))
    do(s, UseFate(winter))
    assert s.mode == "counter" and s.priority == A
    assert _acts_announce.affected(s, s.stack[-1]) == A


def test_MIT_6_4_1_the_affected_player_need_not_be_the_turn_player():
    # three players, seat 2's turn: Long Winter of seat 1 touches only seat 0's nation
    s, winter = _long_winter_scene(3, 2, (0,))
    do(s, UseFate(winter))
    assert s.mode == "counter" and s.priority == 0


def test_MIT_6_4_1_several_affected_players_the_turn_player_answers_first():
    # seat 1's Long Winter in seat 2's turn touches seats 0 and 2: the player whose turn it is (seat 2) begins
    s, winter = _long_winter_scene(3, 2, (0, 2))
    do(s, UseFate(winter))
    assert s.priority == 2


def test_MIT_6_4_1_an_effect_that_touches_no_one_opens_with_its_actor():
    # the fallback: no enemy nation on the board, so Long Winter changes nothing but what B paid
    s, winter = _long_winter_scene(2, A, ())
    do(s, UseFate(winter))
    assert s.priority == B


# -- MIT-7.2.5.1: an arrow volley from outside the fight -------------------------------------------------
def _volley_scene(orren_fights: bool):
    """A's battle against Fjord Wardens, led by Captain Orren (warlord 3, with Sunsteel Blade level 6) or, with
    Orren left out, by Lysa; B's Vigdis commands, Frost Wolves (2 + 1 same mythology = 3) and Adder Swarm
    (1 + 1 = 2) in her front; A, holding Gilded Volley (volley +1, for a warlord user), has priority."""
    s = scene(phase="battle")
    spheres(s, A, "2/5/2/3")
    spheres(s, B, "3/2/3/6")
    orren = leader(s, A, "Captain Orren")
    attach(s, A, "Sunsteel Blade", orren)
    lysa = leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    leader(s, B, "Vigdis the Wolf-Sworn")
    (volley,) = hand(s, A, "Gilded Volley")
    wolves, adder = hand(s, B, "Frost Wolves", "Adder Swarm")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren if orren_fights else lysa))
    pass_counter(s)
    answer(s, B, "fight_leader", "Vigdis the Wolf-Sworn into the front")
    while s.mode == "prompt":
        answer(s, s.current_player, "fight_leader", "name no one")
    for play in (PlayUnsummoned(wolves, row="front"), Summon(adder, row="front")):  # the Wolves are Vigdis's ally
        do(s, PASS)  # A
        do(s, play)  # B
        pass_counter(s)
    assert s.fight.stage == "rounds" and s.current_player == A
    assert (_strength.fight_level(s, wolves), _strength.fight_level(s, adder), _level.level(s, orren)) == (3, 2, 6)
    return s, volley, orren, wolves, adder


def test_MIT_7_2_5_1_a_volley_from_inside_the_fight_at_full_level():
    s, volley, orren, wolves, _adder = _volley_scene(orren_fights=True)
    assert keywords.keyword_strength(s, s.cards[volley].d.maneuvers[0], volley, orren) == ("volley", 7)  # 6 + 1
    do(s, UseFreeManeuver(volley, orren, "m1", (wolves,)))
    pass_counter(s)
    assert s.cards[wolves].zone == "afterworld"


def test_MIT_7_2_5_1_a_volley_from_outside_the_fight_at_half_level():
    # "Akkor is használható ha a használó nem vesz részt a harcban; ekkor szintje feleződik": Orren is not in
    # the fight (Lysa leads it); his volley is (6 + 1) / 2 = 3.5, rounded
    # down (MIT-5.3) to 3: the Adder Swarm (2), not the Frost Wolves (3)
    s, volley, orren, wolves, adder = _volley_scene(orren_fights=False)
    assert orren not in _members.fight_cards(s)
    assert keywords.keyword_strength(s, s.cards[volley].d.maneuvers[0], volley, orren) == ("volley", 3)
    offered = [a for a in s.legal_actions() if isinstance(a, UseFreeManeuver) and a.card == volley]
    assert [a.targets for a in offered if a.user == orren] == [(adder,)]
    rejects(s, UseFreeManeuver(volley, orren, "m1", (wolves,)), "MIT-4.6.1")
    do(s, UseFreeManeuver(volley, orren, "m1", (adder,)))
    pass_counter(s)
    assert s.cards[adder].zone == "afterworld" and s.cards[wolves].zone == "board"


# -- MIT-3.1: a sphere point substituted at every summon -------------------------------------------------
def _wyrm_battle(b_spheres: str):
    """A's Orren attacks B's Fjord Wardens; B holds The Rime Wyrm (a monster linked to Hrimgar, B's high god;
    cost M2 F3) with one magic point short: only a substitution pays it."""
    s = scene(phase="battle")
    spheres(s, A, "2/5/2/3")
    spheres(s, B, b_spheres)
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    leader(s, B, "Jarl Skeld Ironbrow")
    (wyrm,) = hand(s, B, "The Rime Wyrm")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    return s, wyrm


def test_MIT_3_1_g_a_monster_summoned_as_a_supply_may_substitute_a_sphere_point():
    s, wyrm = _wyrm_battle("1/2/3/6")
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    while s.mode == "prompt":
        answer(s, s.current_player, "fight_leader", "name no one")
    do(s, PASS)  # A
    offered = [a for a in s.legal_actions() if isinstance(a, Summon) and a.card == wyrm]
    # one magic point short: it is paid with influence, wealth or force, one point
    assert offered == [Summon(wyrm, None, k, "magic", "front") for k in ("influence", "wealth", "force")]
    rejects(s, Summon(wyrm, row="front"), "MIT-6.3.3")
    do(s, offered[-1])
    pass_counter(s)
    assert spheres_of(s, B) == "0/2/3/2" and s.fight.supplies[wyrm] == ("def", 0, "full")


def test_MIT_3_1_g_a_defending_leader_summoned_from_the_hand_may_substitute_a_sphere_point():
    s, wyrm = _wyrm_battle("1/2/3/6")
    labels = s.prompt.options
    assert "summon The Rime Wyrm into the front (pays 1/0/0/4, 1 magic paid with force)" in labels
    assert not any(label.startswith("summon The Rime Wyrm into the front (pays 2/0/0/3") for label in labels)
    answer(s, B, "fight_leader", "summon The Rime Wyrm into the front (pays 1/0/0/4, 1 magic paid with force)")
    pass_counter(s)  # MIT-6.3.5: the summon's counter round
    assert spheres_of(s, B) == "0/2/3/2" and s.fight.commander("def") == wyrm


# -- MIT-3.6.d: identical intrigues of two players ---------------------------------------------------------
def test_MIT_3_6_d_identical_intrigues_of_two_players_each_reach_their_own_cards(tmp_path, monkeypatch):
    # Whispering Court: "own rulers +1". A's and B's copies are no identical effect (other cards): both work
    s = scene(options=custom_decks(tmp_path, monkeypatch, "court", b=["SMP-061"]))
    ivo, ulfar = leader(s, A, "Magister Ivo"), leader(s, B, "Old Ulfar the Seer")
    intrigue(s, A, "Whispering Court")
    intrigue(s, B, "Whispering Court")
    intrigue(s, A, "Whispering Court")  # A's second copy does not combine with A's first
    ready(s)
    assert (_level.level(s, ivo), _level.level(s, ulfar)) == (2, 2)


def test_MIT_3_6_d_identical_intrigues_of_two_players_do_not_combine_on_one_card(tmp_path, monkeypatch):
    # Blood Feud: "every hero +1", from A and from B: Lysa and Vigdis get +1 once
    s = scene(options=custom_decks(tmp_path, monkeypatch, "feud", a=["SMP-062"]))
    lysa, vigdis = leader(s, A, "Lysa Brightspear"), leader(s, B, "Vigdis the Wolf-Sworn")
    intrigue(s, A, "Blood Feud")
    intrigue(s, B, "Blood Feud")
    ready(s)
    assert (_level.level(s, lysa), _level.level(s, vigdis)) == (3, 3)
