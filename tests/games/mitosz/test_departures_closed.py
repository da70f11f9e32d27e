"""The four departures from the rulebook that issue 33 left open, closed: each test is named after the rule it
restores and fails on the engine before the fix (docs/mitosz.md, "Departures from the rulebook", gives the
rulebook's sentences)."""

from __future__ import annotations

from cardtable.agents import Observation, make_agent
from cardtable.games.mitosz.actions import PASS, Choose, DeclareBattle, Refill, UseFate
from tests.games.mitosz.helpers import (A, B, custom_decks, deck_top, do, hand, leader, nation,
                                        pass_counter, ready, rejects, scene, sph, spheres)
from tests.games.mitosz.test_fights import answer

CLOSED_SET = """
code: TST
name: open departures
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Quick Wits"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        speed: counter
        effect:
          - draw: {player: self, n: 1}
  - id: TST-002
    set: TST
    serial: 2
    name: "Twin Omens"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        conditions:
          - reveal: {number: "5+"}
        targets:
          t1: {select: chosen, count: 2, filter: {card_type: [leader], controller: enemy}}
        effect:
          - destroy: {target: $t1}
  - id: TST-003
    set: TST
    serial: 3
    name: "Blood Price"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        conditions:
          - sacrifice: {filter: {card_type: [leader]}, n: 1}
        effect:
          - draw: {player: self, n: 1}
  - id: TST-004
    set: TST
    serial: 4
    name: "Grim Tithe"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        conditions:
          - discard: {n: 1}
        effect:
          - draw: {player: self, n: 2}
  - id: TST-005
    set: TST
    serial: 5
    name: "Oath of Blood"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        conditions:
          - discard: {n: 1, filter: {card_type: [leader]}}
        effect:
          - draw: {player: self, n: 1}
"""


def consistent(s) -> None:
    """The kept legal actions and views equal a fresh clone's (docs/engine.md: caches drop on every change)."""
    fresh = s.clone()
    fresh.forget_caches()
    assert s.legal_actions() == fresh.legal_actions()
    for viewer in (A, B, None):
        assert s.view(viewer) == fresh.view(viewer)


def _options(tmp_path, monkeypatch, name: str) -> dict:
    return custom_decks(tmp_path, monkeypatch, name, CLOSED_SET, b=["TST-001", "TST-002", "TST-003", "TST-004",
                                                                               "TST-005"])


def _b_fates(tmp_path, monkeypatch, name: str, phase: str = "summon_1", active: int = B):
    """B holds Hrimgar, Frost Father (the god leader's allowance lets B use an unlinked fate, MIT-8.god), Jarl
    Skeld and Vigdis, and the Fjord Wardens; spheres 3/2/3/6."""
    s = scene(options=_options(tmp_path, monkeypatch, name), phase=phase, active=active)
    god_leader = leader(s, B, "Hrimgar, Frost Father")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    nation(s, B, "Fjord Wardens")  # room for three leaders (MIT-3.4.2)
    spheres(s, B, "3/2/3/6")
    return s, god_leader, skeld, vigdis


# -- MIT-6.5.1 / OP-40: the end phase's steps are events -----------------------------------------------------
def _end_phase(hand_over: bool = True, cap: bool = True, rotated: bool = True):
    s = scene(phase="end")
    nation(s, A, "Gilded Cityfolk")
    orren = leader(s, A, "Captain Orren", rotated=rotated)
    hand(s, A, *(["Gate Spearmen"] * 4 + ["Gilded Archers"] * 3 + ["Siege Ballista"] * hand_over))
    spheres(s, A, "4/6/0/2" if cap else "4/5/4/3")
    ready(s)
    s.apply(PASS)  # the end phase's window (OP-40): A, then B
    s.apply(PASS)
    return s, orren


def _round_after(s, what: str) -> None:
    """A counter round is open on an empty stack, from the active player A (whom the step affected)."""
    assert s.mode == "counter" and not s.stack and s.current_player == A, (what, s.mode, s.prompt)
    consistent(s)
    for _ in range(s.n):  # everyone passes once: this round ends (the next step may open another)
        s.apply(PASS)


def test_MIT_6_5_1_each_end_phase_step_that_changes_something_opens_a_counter_round():
    """„Kontra kört elindító esemény: … 3, Főisten szférapontjainak megváltozása 4, Lapmozgás a
    kéz/pakli/pást/túlvilág/feledés között … 7, Lap elforgatása/visszaforgatása”: the discard (a card moves from
    the hand to the afterworld), the cap and the refill (the high god's sphere points change) and the unrotation
    are events, inside the turn (6.2.4.6.b bans acts only after it ends): each opens a counter round."""
    s, orren = _end_phase()
    assert s.prompt.kind == "discard_hand"  # MIT-6.2.4.1
    do(s, Choose((s.players[A].hand[-1],)))
    assert sph(s, A) == "4/6/0/2"  # the cap (MIT-6.2.4.2) waits for the discard's round
    _round_after(s, "discard")
    assert sph(s, A) == "4/5/0/2"
    _round_after(s, "cap")
    assert s.prompt.kind == "refill"
    do(s, Refill((0, 0, 3, 0)))
    assert s.cards[orren].rotated  # the unrotation (MIT-6.2.4.4) waits for the refill's round
    _round_after(s, "refill")
    assert not s.cards[orren].rotated
    _round_after(s, "unrotation")
    assert s.active == B


def test_MIT_6_5_1_an_end_phase_step_that_changes_nothing_opens_no_round():
    s, _orren = _end_phase(hand_over=False, cap=False, rotated=False)
    assert s.active == B  # the hand fits, the spheres are full, no leader is rotated: no counter round


def test_MIT_6_5_1_a_counter_fate_answers_the_end_phase_discard(tmp_path, monkeypatch):
    s, god_leader, _skeld, _vigdis = _b_fates(tmp_path, monkeypatch, "endround", phase="end", active=A)
    (wits,) = hand(s, B, "Quick Wits")
    hand(s, A, *(["Gate Spearmen"] * 4 + ["Gilded Archers"] * 3 + ["Siege Ballista"]))
    ready(s)
    s.apply(PASS)
    s.apply(PASS)
    do(s, Choose((s.players[A].hand[-1],)))
    do(s, PASS)  # A, the affected player, answers first
    do(s, UseFate(wits, god_leader, ()))  # B, in A's end phase, after the discard
    pass_counter(s)
    assert s.cards[wits].zone == "afterworld" and len(s.players[B].hand) == 1  # it drew
    assert len(s.players[A].hand) == 7


# -- MIT-7.4.3.1 with MIT-6.3.5: a leader summoned to defend has its counter round ---------------------------
def _defend_scene():
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    (skeld,) = hand(s, B, "Jarl Skeld Ironbrow")  # F3
    spheres(s, B, "3/2/3/6")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    return s, skeld


def test_MIT_7_4_3_1_a_leader_summoned_to_defend_has_a_counter_round_of_its_own():
    """„Idézhet kezéből is védő vezért” with „6.3.5 Kontra kör kezdődik”: the summon is paid, the leader goes on
    the stack, and a counter round from the defender follows before it enters the leader row and the army."""
    s, skeld = _defend_scene()
    answer(s, B, "fight_leader", "summon Jarl Skeld Ironbrow into the front")
    assert sph(s, B) == "3/2/3/3"  # MIT-6.3.3: paid at once
    assert s.mode == "counter" and s.current_player == B and s.cards[skeld].zone == "stack"
    assert [it.card for it in s.stack] == [skeld] and s.fight.commander("def") < 0
    consistent(s)
    pass_counter(s)
    consistent(s)
    assert skeld in s.players[B].leaders and not s.cards[skeld].rotated and s.fight.commander("def") == skeld
    assert s.fight.stage == "rounds"  # no companion to name on either side: the rounds begin


def test_MIT_7_4_3_1_a_defending_leader_destroyed_on_the_stack_leaves_its_place_empty():
    s, skeld = _defend_scene()
    answer(s, B, "fight_leader", "summon Jarl Skeld Ironbrow into the front")
    s.stack[-1].destroyed = True  # what a counter effect destroying a card being played does (OP-27)
    pass_counter(s)
    assert s.cards[skeld].zone == "afterworld" and skeld not in s.players[B].leaders
    assert s.fight.commander("def") < 0  # MIT-7.4.3.2: the attack meets the road alone


# -- MIT-4.2.3.b: one reveal per affected card -----------------------------------------------------------------
def test_MIT_4_2_3_b_a_maneuver_on_two_cards_reveals_a_card_for_each(tmp_path, monkeypatch):
    """„Ha a manőver több lapra/játékosra hat, mindegyik után fel kell csapni egy lapot”: Twin Omens (5+,
    destroys two enemy leaders) reveals two cards of A's deck: Dunewatch Nomads (6) for Orren, who is destroyed,
    and Gate Spearmen (1) for Lysa, who stays."""
    s, god_leader, _skeld, _vigdis = _b_fates(tmp_path, monkeypatch, "twinomens")
    orren, lysa = leader(s, A, "Captain Orren"), leader(s, A, "Lysa Brightspear")
    (omens,) = hand(s, B, "Twin Omens")
    nomads, spearmen = deck_top(s, A, "Dunewatch Nomads", "Gate Spearmen")
    ready(s)
    do(s, UseFate(omens, god_leader, (orren, lysa)))
    pass_counter(s)
    consistent(s)
    assert s.players[A].deck[:2] == [spearmen, nomads]  # both revealed, both to the bottom
    assert s.cards[orren].zone == "afterworld" and s.cards[lysa].zone == "board"


def test_MIT_4_2_3_b_no_reveal_that_holds_no_effect(tmp_path, monkeypatch):
    s, god_leader, _skeld, _vigdis = _b_fates(tmp_path, monkeypatch, "twinomensfail")
    orren, lysa = leader(s, A, "Captain Orren"), leader(s, A, "Lysa Brightspear")
    (omens,) = hand(s, B, "Twin Omens")
    deck_top(s, A, "Gate Spearmen", "Captain Orren")  # 1 and 2
    ready(s)
    do(s, UseFate(omens, god_leader, (orren, lysa)))
    pass_counter(s)
    assert s.cards[orren].zone == "board" and s.cards[lysa].zone == "board"
    assert s.cards[omens].zone == "afterworld"


# -- MIT-5.11 / MIT-4.2.3: the user's player chooses what its conditions take ----------------------------------
def test_MIT_5_11_the_player_chooses_the_card_it_sacrifices(tmp_path, monkeypatch):
    """„úgy annak minden esetben a lapot idéző/használó játékosnak kell megfelelnie”: the player who meets the
    condition chooses which of its fitting cards it sacrifices — a prompt, each fitting leader an answer."""
    s, god_leader, skeld, vigdis = _b_fates(tmp_path, monkeypatch, "bloodprice")
    (price,) = hand(s, B, "Blood Price")
    ready(s)
    do(s, UseFate(price, god_leader, ()))
    pass_counter(s)
    assert s.mode == "prompt" and s.prompt.kind == "sacrifice" and s.prompt.player == B
    assert set(s.legal_actions()) == {Choose((god_leader,)), Choose((skeld,)), Choose((vigdis,))}
    consistent(s)
    rejects(s, Choose((price,)), "MIT-5.11")
    do(s, Choose((vigdis,)))
    assert s.cards[vigdis].zone == "afterworld"
    assert s.cards[skeld].zone == "board" and s.cards[god_leader].zone == "board"
    assert len(s.players[B].hand) == 1  # the effect drew a card


def test_MIT_5_11_the_player_chooses_the_card_it_discards(tmp_path, monkeypatch):
    s, god_leader, _skeld, _vigdis = _b_fates(tmp_path, monkeypatch, "grimtithe")
    (tithe,) = hand(s, B, "Grim Tithe")
    kept, dropped = hand(s, B, "Jarl Skeld Ironbrow", "The Rime Wyrm")
    ready(s)
    do(s, UseFate(tithe, god_leader, ()))
    pass_counter(s)
    assert s.mode == "prompt" and s.prompt.kind == "discard" and s.prompt.player == B
    assert set(s.legal_actions()) >= {Choose((kept,)), Choose((dropped,))}
    consistent(s)
    do(s, Choose((dropped,)))
    consistent(s)
    assert s.cards[dropped].zone == "afterworld" and s.cards[kept].zone == "hand"
    assert s.mode == "window"


def test_MIT_5_11_a_discard_condition_with_a_filter_takes_only_fitting_cards(tmp_path, monkeypatch):
    s, god_leader, _skeld, _vigdis = _b_fates(tmp_path, monkeypatch, "oathofblood")
    (oath,) = hand(s, B, "Oath of Blood")
    (pinewood,) = hand(s, B, "Pinewood Tribes")
    ready(s)
    rejects(s, UseFate(oath, god_leader, ()), "MIT-5.11")  # no leader in the hand to discard
    skeld2, wyrm = hand(s, B, "Jarl Skeld Ironbrow", "The Rime Wyrm")
    ready(s)
    do(s, UseFate(oath, god_leader, ()))
    pass_counter(s)
    assert s.prompt.kind == "discard" and set(s.legal_actions()) == {Choose((skeld2,)), Choose((wyrm,))}
    do(s, Choose((wyrm,)))
    assert s.cards[wyrm].zone == "afterworld" and s.cards[pinewood].zone == "hand" and s.cards[skeld2].zone == "hand"


def test_MIT_5_11_the_others_do_not_read_the_hand_the_discard_chooses_from(tmp_path, monkeypatch):
    s, god_leader, _skeld, _vigdis = _b_fates(tmp_path, monkeypatch, "grimtithehidden")
    (tithe,) = hand(s, B, "Grim Tithe")
    hand(s, B, "Jarl Skeld Ironbrow", "The Rime Wyrm")
    ready(s)
    do(s, UseFate(tithe, god_leader, ()))
    pass_counter(s)
    seen = s.view(A)
    assert seen["prompt"]["kind"] == "discard" and seen["prompt"]["options"] is None
    assert "Rime Wyrm" not in seen["prompt"]["text"] and "Skeld" not in seen["prompt"]["text"]


def test_MIT_5_11_the_heuristic_sacrifices_the_cheapest_fitting_card(tmp_path, monkeypatch):
    s, god_leader, skeld, vigdis = _b_fates(tmp_path, monkeypatch, "bloodpricebot")
    (price,) = hand(s, B, "Blood Price")
    ready(s)
    do(s, UseFate(price, god_leader, ()))
    pass_counter(s)
    bot = make_agent("heuristic", s.game, 0)
    # Vigdis: no power points, 0/1/0/1; Skeld and Hrimgar are worth a power point each
    assert bot.act(Observation(s, B)) == Choose((vigdis,))
