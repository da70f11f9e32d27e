"""The acceptance scenarios of the Mítosz specification (rules/mitosz.md, section 11) that need no fight.

Players A (seat 0, Deck A "Dawn Court", Solvane) and B (seat 1, Deck B "Frost Clans", Hrimgar), default
options. Spheres are written M/I/W/F. Scenarios S-17 … S-22 and S-24 are fights (Mítosz II); the fight
parts of S-09, S-10, S-11 and S-25 are left out and named where they would be.
"""

from __future__ import annotations

import yaml
import pytest

from cardtable.games.mitosz.game import MitoszGame
from cardtable.games.mitosz import data as D
from cardtable.games.mitosz.actions import (PASS, STACK_ID_BASE, Choose, PlaceNation, Refill, Summon, UseFate,
                                            UseFreeManeuver, UseManeuver)
from tests.games.mitosz.helpers import (A, B, attach, custom_decks, deck_top, do, empty_deck, fresh, god,
                                        hand, intrigue, leader, nation, pass_counter, pass_until, ready,
                                        rejects, scene, sph, spheres)
from cardtable.games.mitosz import checks
from cardtable.games.mitosz import acts_targets as _acts_targets
from cardtable.games.mitosz.levels import abilities as _abilities
from cardtable.games.mitosz.levels import board as _board
from cardtable.games.mitosz.levels import level as _level
from cardtable.games.mitosz.levels import power as _power
from cardtable.games.mitosz import moves as _moves

DATA = D.PACKAGE_DIR if hasattr(D, "PACKAGE_DIR") else None


def sid(s, k: int = -1) -> int:
    """The target id of the k-th item on the stack."""
    return STACK_ID_BASE + s.stack[k].sid


def reveals(s) -> list[str]:
    return [text for _t, text, to in s.log if " reveals " in text and to is None]


# -- S-01 -----------------------------------------------------------------------------------------------
def _deck(tmp_path, change, name):
    from pathlib import Path

    import cardtable.games.mitosz as pkg

    raw = yaml.safe_load((Path(pkg.__file__).parent / "data" / "deck-dawn-court.yaml").read_text(encoding="utf-8"))
    change(raw)
    path = tmp_path / f"deck-{name}.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def _entry(raw, card_id):
    (e,) = [e for e in raw["cards"] if e["card"] == card_id]
    return e


def test_S01_MIT_1_3_1_b_MIT_1_3_1_c_MIT_1_3_1_d_deck_validation(tmp_path):
    def fewer(raw):
        _entry(raw, "SMP-081")["copies"] = 2  # two Gate Spearmen removed: 58 + high god, short under either OP-03

    def fifth(raw):
        _entry(raw, "SMP-081")["copies"] = 5  # a fifth Gate Spearmen replacing a Shield Oath
        _entry(raw, "SMP-097")["copies"] = 2

    def hrimgar(raw):
        raw["cards"].append({"card": "SMP-002", "copies": 1, "name": "Hrimgar, Frost Father"})

    for change, rule in ((fewer, "MIT-1.3.1.b"), (fifth, "MIT-1.3.1.c"), (hrimgar, "MIT-1.3.1.d")):
        with pytest.raises(D.DeckError) as info:
            D.load_deck_file(_deck(tmp_path, change, rule.replace(".", "-")))
        assert rule in info.value.rules, (rule, info.value)
    assert D.load_deck("dawn-court").size() == 60
    assert D.load_deck("frost-clans").size() == 60


# -- S-02 -----------------------------------------------------------------------------------------------
def test_S02_MIT_6_1_1_b_MIT_6_1_2_MIT_3_1_d_setup_turn_order_first_draws():
    s = fresh(61)  # A's top card Dunewatch Nomads (number 6), B's Frost Wolves (number 0)
    assert reveals(s) == ["P0 reveals Dunewatch Nomads (number 6)", "P1 reveals Frost Wolves (number 0)"]
    assert s.order == (B, A) and s.active == B  # the lowest number starts (MIT-6.1.1.b)
    for seat in (A, B):
        assert s.cards[god(s, seat)].zone == "board"  # MIT-6.1.1.a
        assert len(s.players[seat].hand) == 7  # MIT-6.1.2
        assert len(s.players[seat].deck) == 53
    assert sph(s, A) == "4/5/4/3" and sph(s, B) == "3/2/3/6"  # MIT-3.1.d
    assert s.phase == "start" and s.current_player == B
    pass_until(s, "draw", B)
    assert len(s.players[B].hand) == 9 and len(s.players[A].hand) == 7  # B's first draw phase: 2 cards


def test_S02_OP_36_tied_reveals_are_revealed_again():
    s = fresh(7)
    shown = reveals(s)
    assert len(shown) == 4  # both showed number 2: both shuffle and reveal again
    numbers = [int(t.rsplit("number ", 1)[1].rstrip(")")) for t in shown]
    assert numbers[0] == numbers[1] and numbers[2] != numbers[3]
    first = A if numbers[2] < numbers[3] else B
    assert s.order[0] == first and s.active == first


def test_S02_MIT_1_3_2_OP_04_a_failed_draw_has_no_penalty():
    s = scene(phase="start", active=A)
    empty_deck(s, A, keep=1)
    ready(s)
    before = len(s.players[A].hand)
    pass_until(s, "draw", A)
    assert len(s.players[A].hand) == before + 1 and s.players[A].deck == []
    assert s.result is None and not s.deckout.failed  # A drew a card: the turn does not count (MIT-1.3.4)
    assert any("could not be drawn" in t for _x, t, _to in s.log)


# -- S-03 -----------------------------------------------------------------------------------------------
def test_S03_MIT_6_2_3_1_summon_outside_the_summon_phase():
    s = scene(phase="draw", active=A)
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    rejects(s, Summon(orren), "MIT-6.2.3.1")
    pass_until(s, "summon_1", A)
    do(s, Summon(orren))
    pass_counter(s)
    assert sph(s, A) == "4/5/3/1"
    assert orren in s.players[A].leaders


# -- S-04 -----------------------------------------------------------------------------------------------
def test_S04_MIT_3_1_g_MIT_3_3_b_MIT_5_8_MIT_6_3_3_paying_costs_substitution():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    temple, orren = hand(s, A, "Temple of First Light", "Captain Orren")
    spheres(s, A, "0/2/1/1")
    ready(s)
    rejects(s, Summon(temple, city), "MIT-6.3.3")  # magic 0: only with the substitution
    do(s, Summon(temple, city, pay_from="influence", pay_for="magic"))
    assert sph(s, A) == "0/0/1/1"
    pass_counter(s)
    assert s.cards[temple].zone == "board" and s.cards[temple].host == city
    assert _level.road_level(s, city, "E") == 4 and _level.road_level(s, city, "W") == 4  # 2 + 1 level + 1 m
    pass_until(s, "summon_1", A)  # B passes; priority back to A in the same window
    assert s.current_player == A
    rejects(s, Summon(orren), "MIT-6.3.3")  # force 1 < 2, and Orren is not linked to Solvane
    rejects(s, Summon(orren, pay_from="wealth", pay_for="force"), "MIT-3.1.g")


# -- S-05 -----------------------------------------------------------------------------------------------
def test_S05_MIT_3_2_1_b_MIT_3_2_1_c_MIT_3_2_1_e_MIT_3_2_1_h_nation_placement():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk", 0, 0)
    nomads, herders = hand(s, A, "Dunewatch Nomads", "Sunfield Herders")
    ready(s)
    rejects(s, PlaceNation(nomads, 1, 0), "MIT-3.2.1.c")  # Cityfolk's E road faces Nomads' roadless W edge
    rejects(s, PlaceNation(nomads, 1, 1), "MIT-3.2.1.b")  # corner contact only
    do(s, PlaceNation(herders, 1, 0))
    pass_counter(s)
    assert s.players[A].grid[(1, 0)] == herders
    pass_until(s, "summon_2", A)
    rejects(s, PlaceNation(nomads, 1, 1), "MIT-3.2.1.e")
    pass_until(s, "summon_1", A)  # A's next turn
    do(s, PlaceNation(nomads, 1, 1))
    pass_counter(s)
    assert s.players[A].grid[(1, 1)] == nomads
    free = {(s.cards[n].d.name, r) for n in (city, herders, nomads) for r in s.cards[n].d.roads
            if not _level.road_closed(s, n, r)}
    closed = {(s.cards[n].d.name, r) for n in (city, herders, nomads) for r in s.cards[n].d.roads
              if _level.road_closed(s, n, r)}
    assert free == {("Gilded Cityfolk", "W"), ("Sunfield Herders", "E"), ("Sunfield Herders", "S"),
                    ("Dunewatch Nomads", "N")}
    assert closed == {("Gilded Cityfolk", "E"), ("Sunfield Herders", "W"), ("Sunfield Herders", "N"),
                      ("Dunewatch Nomads", "S")}
    assert _board.leader_limit(s, A) == 5


# -- S-06 -----------------------------------------------------------------------------------------------
def test_S06_MIT_3_2_1_g_nation_copy_limit():
    s = scene(active=B)
    nation(s, B, "Cliffside Clans", 0, 0)
    nation(s, B, "Fjord Wardens", 0, -1)
    (second,) = hand(s, B, "Cliffside Clans")
    ready(s)
    rejects(s, PlaceNation(second, 1, -1), "MIT-3.2.1.g")
    rejects(s, PlaceNation(second, 0, -2), "MIT-3.2.1.g")

    s = scene()
    c1 = nation(s, A, "Gilded Cityfolk", 0, 0)
    c2 = nation(s, A, "Gilded Cityfolk", 1, 0)
    (third,) = hand(s, A, "Gilded Cityfolk")
    ready(s)
    rejects(s, PlaceNation(third, 2, 0), "MIT-3.2.1.g")
    _moves.leave_board(s, c2, "afterworld", "destroy")
    assert s.cards[c1].zone == "board"
    ready(s)
    do(s, PlaceNation(third, 1, 0))
    pass_counter(s)
    assert s.players[A].grid[(1, 0)] == third


# -- S-07 -----------------------------------------------------------------------------------------------
def test_S07_MIT_3_4_2_b_leader_limit():
    s = scene()
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    (ivo,) = hand(s, A, "Magister Ivo")
    ready(s)
    assert _board.leader_limit(s, A) == 2
    do(s, Summon(ivo))
    pass_counter(s)
    assert s.mode == "prompt" and s.prompt.kind == "sacrifice_leader" and s.current_player == A
    assert set(s.legal_actions()) == {Choose((orren,)), Choose((lysa,)), Choose((ivo,))}
    do(s, Choose((lysa,)))
    assert s.players[A].leaders == [orren, ivo]
    assert s.players[A].afterworld[-1] == lysa
    assert s.mode == "window"

    # variant: a nation first, limit 3, no sacrifice
    s = scene()
    leader(s, A, "Captain Orren")
    leader(s, A, "Lysa Brightspear")
    ivo, city = hand(s, A, "Magister Ivo", "Gilded Cityfolk")
    ready(s)
    do(s, PlaceNation(city, 0, 0))
    pass_counter(s)
    pass_until(s, "summon_1", A)
    do(s, Summon(ivo))
    pass_counter(s)
    assert s.mode == "window" and len(s.players[A].leaders) == 3 and _board.leader_limit(s, A) == 3


# -- S-08 -----------------------------------------------------------------------------------------------
def test_S08_MIT_2_3_b_MIT_2_3_c_uniqueness():
    s = scene()
    nation(s, A, "Gilded Cityfolk")
    lysa = leader(s, A, "Lysa Brightspear")
    (second,) = hand(s, A, "Lysa Brightspear")
    ready(s)
    rejects(s, Summon(second), "MIT-2.3.b")
    # a test-only effect puts the second Lysa onto the board
    _moves.enter_board(s, second, A)
    s.players[A].leaders.append(second)
    assert checks.state_checks(s)
    assert s.cards[lysa].zone == "afterworld" and s.cards[second].zone == "afterworld"
    assert s.players[A].afterworld[-2:] == [lysa, second] or s.players[A].afterworld[-2:] == [second, lysa]
    assert s.players[A].leaders == []


# -- S-09 -----------------------------------------------------------------------------------------------
def test_S09_MIT_2_4_c_MIT_2_2_c_MIT_1_4_2_a_MIT_G1_cursed_item_and_base_level():
    s = scene(active=B)
    nation(s, A, "Gilded Cityfolk")
    ivo = leader(s, A, "Magister Ivo")
    (torc,) = hand(s, B, "Torc of Thorns")
    ready(s)
    do(s, Summon(torc, ivo))
    assert sph(s, B) == "2/2/3/6"
    pass_counter(s)
    assert s.cards[ivo].zone == "afterworld" and ivo in s.players[A].afterworld  # base 1 - 1 = 0
    assert s.cards[torc].zone == "afterworld" and torc in s.players[B].afterworld  # its owner's (MIT-G1)
    assert s.players[A].leaders == []


def test_S09_MIT_2_4_b_OP_16_the_cursed_torc_cannot_be_sacrificed():
    # Variant: the Torc on Captain Orren (base 3 -> 2). (A's declare_battle with Orren, MIT-7.2.3.a, is a
    # fight: Mítosz II.)
    s = scene(active=B)
    nation(s, A, "Gilded Cityfolk")
    orren = leader(s, A, "Captain Orren")
    (torc,) = hand(s, B, "Torc of Thorns")
    ready(s)
    do(s, Summon(torc, orren))
    pass_counter(s)
    assert s.cards[torc].host == orren and _level.base_level(s, orren) == 2 and _level.level(s, orren) == 2
    assert _abilities.restricted(s, s.cards[orren], "cannot_attack")
    ready(s, priority=A)
    rejects(s, UseManeuver(torc, "sacrifice"), "MIT-2.4.b")
    ready(s, priority=B)
    rejects(s, UseManeuver(torc, "sacrifice"), "MIT-2.4.b")


CURSED_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Thorned Reliquary"
    card_type: item
    mythology: aurelian
    cursed: true
    magical: true
    level: 0
    level_is_modifier: true
    cost: {magic: 1}
    power_points: 0
    maneuvers:
      - id: m1
        conditions: [sacrifice_user]
        effect:
          - draw: {player: self, n: 1}
"""


def test_MIT_2_4_b_a_cursed_card_cannot_be_sacrificed_for_its_own_maneuver(tmp_path, monkeypatch):
    # S-09 tries only the Torc's implicit sacrifice: no sample cursed card has a sacrifice_user maneuver
    s = scene(options=custom_decks(tmp_path, monkeypatch, "reliquary", CURSED_SET, a=["TST-001"]))
    orren = leader(s, A, "Captain Orren")
    reliquary = attach(s, A, "Thorned Reliquary", orren)
    ready(s)
    rejects(s, UseManeuver(reliquary, "m1"), "MIT-2.4.b")


# -- S-10 -----------------------------------------------------------------------------------------------
def test_S10_MIT_5_2_a_OP_30_steal_keeps_ownership():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")
    spheres(s, A, "2/3/2/2")
    ready(s)
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))
    assert sph(s, A) == "2/0/2/2" and s.cards[ivo].rotated
    pass_counter(s)
    v = s.cards[vigdis]
    assert v.controller == A and v.owner == B and v.zone == "board"
    assert s.players[A].leaders == [ivo, vigdis] and s.players[B].leaders == []
    assert s.cards[gold].zone == "afterworld" or gold in s.lingering
    # (The battle with Vigdis as commander, MIT-7.4.10.3, is a fight: Mítosz II.)
    # Variant: at MIT-6.2.1.2 of B's next turn Vigdis returns unchanged.
    pass_until(s, "start", B)
    assert v.controller == B and s.players[B].leaders == [vigdis] and s.players[A].leaders == [ivo]
    assert not v.rotated and v.owner == B
    assert gold in s.players[A].afterworld  # MIT-3.9.g: the effect ended


# -- S-11 -----------------------------------------------------------------------------------------------
def test_S11_MIT_6_2_4_4_OP_42_end_phase_unrotation():
    # (The rejected declare_battle with the rotated Orren, MIT-6.2.3.2.b, is a fight: Mítosz II.)
    s = scene(phase="end")
    nation(s, A, "Gilded Cityfolk")
    orren = leader(s, A, "Captain Orren", rotated=True)
    lysa = leader(s, A, "Lysa Brightspear", rotated=True)
    ivo = leader(s, A, "Magister Ivo", rotated=True)
    ready(s)
    s.apply(PASS)
    s.apply(PASS)
    assert s.mode == "prompt" and s.prompt.kind == "unrotate" and s.current_player == A
    assert set(s.legal_actions()) == {Choose((orren,)), Choose((lysa,)), Choose((ivo,))}
    do(s, Choose((ivo,)))
    assert s.prompt.kind == "unrotate"
    assert set(s.legal_actions()) == {Choose((orren,)), Choose((lysa,))}
    do(s, Choose((orren,)))
    assert not s.cards[ivo].rotated and not s.cards[orren].rotated and s.cards[lysa].rotated
    pass_counter(s)  # MIT-6.5.1 item 7: after the unrotation
    assert s.active == B  # the turn ended; the third stays rotated


# -- S-12 -----------------------------------------------------------------------------------------------
def test_S12_MIT_6_2_4_1_to_MIT_6_2_4_6_a_end_phase():
    s = scene(phase="end")
    city = nation(s, A, "Gilded Cityfolk")
    granary = attach(s, A, "Granary Hall", city)
    cards = hand(s, A, "Captain Orren", "Captain Orren", "Magister Ivo", "Lysa Brightspear", "Dunewatch Nomads",
                 "Sunfield Herders", "Gate Spearmen", "Gilded Archers", "Siege Ballista")
    spheres(s, A, "4/6/0/2")
    ready(s)
    s.apply(PASS)
    s.apply(PASS)
    assert s.prompt.kind == "discard_hand" and s.prompt.n == 2  # MIT-6.2.4.1
    do(s, Choose((cards[-1],)))
    do(s, Choose((cards[-2],)))
    assert len(s.players[A].hand) == 7 and s.players[A].afterworld[-2:] == [cards[-1], cards[-2]]
    pass_counter(s)  # MIT-6.5.1: a counter round after the discard, another after the cap
    assert s.prompt.kind == "refill"
    assert s.players[A].spheres[1] == 5  # MIT-6.2.4.2: influence 6 -> 5
    rejects(s, Refill((1, 0, 2, 0)), "MIT-6.2.4.3")  # magic is at its maximum
    do(s, Refill((0, 0, 2, 1)))
    assert sph(s, A) == "4/5/3/3"  # 4/5/2/3, then Granary Hall produces W+1
    assert s.cards[granary].zone == "board"
    pass_counter(s)  # MIT-6.5.1: after the refill
    assert s.active == B and len(s.players[A].hand) == 7  # MIT-6.2.4.6.a


def test_MIT_6_2_4_6_a_a_hand_grown_after_the_discard_is_checked_again():
    # No card of the set can draw between the discard step and the turn's end (turn_end and refill triggers are
    # not fired yet), so S-12's final hand of 7 holds without the re-check: the card is moved by hand here,
    # standing in for such an effect.
    s = scene(phase="end")
    cards = hand(s, A, "Captain Orren", "Captain Orren", "Magister Ivo", "Lysa Brightspear", "Dunewatch Nomads",
                 "Sunfield Herders", "Gate Spearmen", "Gilded Archers")
    spheres(s, A, "4/6/0/2")
    ready(s)
    s.apply(PASS)
    s.apply(PASS)
    do(s, Choose((cards[-1],)))
    pass_counter(s)  # MIT-6.5.1: after the discard and after the cap
    assert s.prompt.kind == "refill" and len(s.players[A].hand) == 7
    _moves._move_to_hand(s, s.players[A].deck.pop())
    do(s, Refill((0, 0, 2, 1)))
    pass_counter(s)  # … and after the refill
    assert s.active == A and s.prompt.kind == "discard_hand" and s.prompt.n == 1
    do(s, Choose((s.players[A].hand[-1],)))
    assert s.active == B and len(s.players[A].hand) == 7


# -- S-13 -----------------------------------------------------------------------------------------------
def _s13():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    tribute, oath = hand(s, A, "Tribute of the Hearth", "Oath Unmade")
    spheres(s, A, "1/3/4/0")
    ulfar = leader(s, B, "Old Ulfar the Seer")
    omen, pool = hand(s, B, "Omen of Ravens", "Scrying Pool")
    spheres(s, B, "2/2/3/6")
    ready(s)
    return s, ivo, tribute, oath, ulfar, omen, pool


def test_S13_MIT_6_4_1_MIT_3_9_h_MIT_3_7_g_MIT_3_9_g_MIT_4_3_a_counter_round_last_in_first_out():
    s, ivo, tribute, oath, ulfar, omen, pool = _s13()
    hand_before = len(s.players[A].hand)
    mark = len(s.log)
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1))
    assert sph(s, A) == "1/3/2/0" and s.cards[ivo].rotated and len(s.stack) == 1
    x = sid(s)
    assert s.mode == "counter" and s.current_player == A  # affected: A
    s.apply(PASS)
    assert s.current_player == B
    rejects(s, UseFreeManeuver(pool, ulfar, "m1"), "MIT-6.4.1")
    do(s, UseFreeManeuver(omen, ulfar, "m1", (x,)))
    assert sph(s, B) == "2/2/3/6" and s.cards[ulfar].rotated  # free: Omen is linked to Ulfar
    y = sid(s)
    assert s.mode == "counter" and s.current_player == A  # Y targets A's maneuver
    do(s, UseFate(oath, None, (y,)))
    assert sph(s, A) == "1/1/2/0" and len(s.stack) == 3
    assert s.current_player == B  # Z targets B's maneuver
    s.apply(PASS)
    s.apply(PASS)
    assert s.stack == []
    assert s.players[A].afterworld[:1] == [oath] or oath in s.players[A].afterworld  # MIT-3.7.g
    assert omen in s.players[B].afterworld  # MIT-3.9.g
    assert s.cards[ulfar].rotated and s.cards[ulfar].zone == "board"
    assert not any("reveals" in t for _x, t, _to in s.log[mark:])  # neutralized: no reveal (MIT-4.6.5)
    assert len(s.players[A].hand) == hand_before - 1 - 1 + 1  # Tribute and Oath left, one card drawn
    assert tribute in s.players[A].afterworld  # MIT-4.3.a
    assert s.players[A].afterworld.index(oath) < s.players[A].afterworld.index(tribute)  # Z resolved first
    assert s.mode == "window" and s.current_player == B  # MIT-6.1.4.b


def test_S13_MIT_4_2_1_a_MIT_4_2_1_c_illegal_variants():
    s, ivo, tribute, oath, ulfar, omen, pool = _s13()
    ready(s, active=B, priority=A)
    rejects(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1), "MIT-4.2.1.a")
    s, ivo, tribute, oath, ulfar, omen, pool = _s13()
    ready(s, phase="battle", priority=B)
    rejects(s, UseFreeManeuver(pool, ulfar, "m1"), "MIT-4.2.1.c")


# -- S-14 -----------------------------------------------------------------------------------------------
def test_S14_MIT_4_2_3_b_reveal_condition_fails():
    s, ivo, tribute, oath, ulfar, omen, pool = _s13()
    (herders,) = deck_top(s, A, "Sunfield Herders")
    second = s.players[A].deck[-2]
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1))
    x = sid(s)
    s.apply(PASS)
    do(s, UseFreeManeuver(omen, ulfar, "m1", (x,)))
    s.apply(PASS)  # A does not respond
    s.apply(PASS)
    assert "P1 reveals P0's top card: Sunfield Herders (number 2); it goes to the bottom of the deck" in \
        [t for _x, t, to in s.log if to is None]
    assert s.players[A].deck[0] == herders  # the bottom
    assert omen in s.players[B].afterworld
    assert second in s.players[A].hand  # X happened: A drew the next card
    assert tribute in s.players[A].afterworld


def test_S14_MIT_4_2_3_b_nothing_to_reveal():
    s, ivo, tribute, oath, ulfar, omen, pool = _s13()
    empty_deck(s, A)
    ready(s)
    before = len(s.players[A].hand)
    mark = len(s.log)
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1))
    x = sid(s)
    s.apply(PASS)
    do(s, UseFreeManeuver(omen, ulfar, "m1", (x,)))
    s.apply(PASS)
    s.apply(PASS)
    assert not any(" reveals " in t for _x, t, _to in s.log[mark:])
    assert any("nothing can be revealed" in t for _x, t, _to in s.log[mark:])
    assert len(s.players[A].hand) == before - 1  # Tribute left; its draw failed
    assert omen in s.players[B].afterworld and tribute in s.players[A].afterworld


# -- S-15 -----------------------------------------------------------------------------------------------
def test_S15_MIT_4_1_e_MIT_4_2_1_b_neutralized_bound_maneuver_is_locked_out():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo", rotated=True)
    ulfar = leader(s, B, "Old Ulfar the Seer")
    (omen,) = hand(s, B, "Omen of Ravens")
    hand(s, A, "Captain Orren")
    spheres(s, A, "2/5/4/3")
    deck_top(s, A, "Dunewatch Nomads")
    ready(s, priority=A)
    do(s, UseManeuver(ivo, "m1"))  # permanent: the rotated Ivo may use it
    assert s.players[A].spheres[0] == 1
    x = sid(s)
    s.apply(PASS) if s.current_player == A else None
    do(s, UseFreeManeuver(omen, ulfar, "m1", (x,)))
    pass_counter(s)
    assert any("Dunewatch Nomads (number 6)" in t for _x, t, _to in s.log)
    assert s.players[A].spheres[0] == 1  # the cost stays paid
    assert len(s.players[A].hand) == 1  # nothing drawn
    pass_until(s, "summon_1", B)
    if s.current_player != A:
        s.apply(PASS)
    assert s.current_player == A
    rejects(s, UseManeuver(ivo, "m1"), "MIT-4.1.e")  # one of two uses taken, but locked out
    pass_until(s, "summon_1", A)  # A's next turn: the lock-out ended (MIT-6.2.1.1) ...
    assert s.cards[ivo].blocked == ()
    rejects(s, UseManeuver(ivo, "m1"), "MIT-4.2.1.b")  # ... but a reaction waits for B's turn
    pass_until(s, "summon_1", B)
    if s.current_player != A:
        s.apply(PASS)
    do(s, UseManeuver(ivo, "m1"))


# -- S-16 -----------------------------------------------------------------------------------------------
def _s16():
    s = scene(phase="summon_2")
    w1 = intrigue(s, A, "Whispering Court")
    w2 = intrigue(s, A, "Whispering Court")
    bf = intrigue(s, B, "Blood Feud")
    ivo = leader(s, A, "Magister Ivo")
    (feud,) = hand(s, B, "Blood Feud")
    (veil,) = hand(s, A, "Veil Counterspell")
    spheres(s, B, "3/2/3/6")
    ready(s, priority=B)
    return s, w1, w2, bf, ivo, feud, veil


def test_S16_MIT_3_6_b_MIT_3_6_c_intrigue_limit():
    s, w1, w2, bf, ivo, feud, veil = _s16()
    assert _board.intrigue_limit(s) == 3
    do(s, Summon(feud))
    assert sph(s, B) == "3/1/3/5"
    pass_counter(s)
    assert s.intrigues == [feud]
    assert w1 in s.players[A].afterworld and w2 in s.players[A].afterworld and bf in s.players[B].afterworld


def test_S16_MIT_4_2_6_c_OP_27_MIT_3_6_d_destroying_the_incoming_intrigue():
    s, w1, w2, bf, ivo, feud, veil = _s16()
    assert _level.level(s, ivo) == 2  # MIT-3.6.d: two Whispering Courts, one effect: 1 + 1, not 3
    do(s, Summon(feud))
    incoming = sid(s)
    if s.current_player == B:
        s.apply(PASS)
    do(s, UseFreeManeuver(veil, ivo, "o2", (incoming,)))
    pass_counter(s)
    assert feud in s.players[B].afterworld
    assert s.intrigues == [w1, w2, bf]
    assert veil in s.players[A].afterworld


# -- S-23 -----------------------------------------------------------------------------------------------
@pytest.fixture
def frost_with_dawnbreak(tmp_path, monkeypatch):
    """A variant of Deck B with two Dawnbreaks (not linked to Hrimgar) for two Omen of Ravens."""
    options = custom_decks(tmp_path, monkeypatch, "dawn", b=[{"card": "SMP-071", "copies": 2, "name": "Dawnbreak"}],
                           drop=["SMP-098"])
    return MitoszGame(2, options)


def test_S23_MIT_3_7_a_MIT_8_god_MIT_8_shrine_MIT_5_12_fate_permission(frost_with_dawnbreak):
    s = scene(options=frost_with_dawnbreak.options, active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow", rotated=True)
    dawn1, dawn2, hrimgar, winter = hand(s, B, "Dawnbreak", "Dawnbreak", "Hrimgar, Frost Father", "Long Winter")
    city = nation(s, A, "Gilded Cityfolk", 0, 0)
    temple = attach(s, A, "Temple of First Light", city)
    herders = nation(s, A, "Sunfield Herders", 1, 0)
    spheres(s, B, "3/2/3/6")
    ready(s)
    rejects(s, UseFate(dawn1, None, (skeld,)), "MIT-3.7.a")
    do(s, Summon(hrimgar, None, pay_from="force", pay_for="magic"))
    assert sph(s, B) == "3/2/3/2"
    pass_counter(s)
    pass_until(s, "summon_1", B)
    assert s.current_player == B and hrimgar in s.players[B].leaders
    do(s, UseFate(dawn1, hrimgar, (skeld,)))
    pass_counter(s)
    assert not s.cards[skeld].rotated and dawn1 in s.players[B].afterworld
    s.cards[skeld].rotated = True  # (for a second target)
    pass_until(s, "summon_1", B)
    rejects(s, UseFate(dawn2, hrimgar, (skeld,)), "MIT-8.god")
    rejects(s, UseFate(dawn2, None, (skeld,)), "MIT-3.7.a")
    before = {(n, r): _level.road_level(s, n, r) for n in (city, herders) for r in s.cards[n].d.roads}
    do(s, UseFate(winter, None, ()))  # linked to Hrimgar: no allowance needed
    pass_counter(s)
    assert winter in s.fates
    after = {(n, r): _level.road_level(s, n, r) for n in (city, herders) for r in s.cards[n].d.roads}
    assert all(after[k] == before[k] - 1 for k in before)  # also the nation carrying the shrine
    keys = _acts_targets.effect_keys(s, winter, s.cards[winter].d.maneuvers[0], -1)
    assert _abilities.immune(s, s.cards[temple], keys) and not _abilities.immune(s, s.cards[city], keys)
    # two rounds: still on during A's next turn and B's next turn; gone at B's second following turn
    pass_until(s, "summon_1", A)
    assert _level.road_level(s, city, "E") == before[(city, "E")] - 1
    pass_until(s, "summon_1", B)
    assert _level.road_level(s, city, "E") == before[(city, "E")] - 1 and winter in s.fates
    pass_until(s, "start", B)  # B's second following turn: the two rounds are over (MIT-6.2.1.2)
    assert _level.road_level(s, city, "E") == before[(city, "E")]
    assert winter in s.players[B].afterworld and winter not in s.fates


# -- S-25 -----------------------------------------------------------------------------------------------
def _s25():
    s = scene()
    s.turn = 9
    c1 = nation(s, A, "Gilded Cityfolk", 0, 0)
    c2 = nation(s, A, "Gilded Cityfolk", 1, 0)
    nation(s, A, "Sunfield Herders", 2, 0)
    nation(s, A, "Dunewatch Nomads", 2, 1)
    attach(s, A, "Temple of First Light", c1)
    leader(s, A, "Captain Orren")
    leader(s, A, "Magister Ivo")
    nomads, city = hand(s, A, "Dunewatch Nomads", "Gilded Cityfolk")
    ready(s)
    return s, c2, nomads, city


def test_S25_MIT_1_1_1_OP_02_winning_by_holding_12_for_a_round():
    s, c2, nomads, city = _s25()
    assert _power.power_total(s, A) == 10
    do(s, PlaceNation(nomads, 2, 2))
    pass_counter(s)
    assert _power.power_total(s, A) == 12 and s.players[A].hold == (A, 9)
    pass_until(s, "summon_1", B)
    assert s.turn == 10 and s.result is None
    for _ in range(200):
        if s.result is not None:
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.result["winners"] == [A] and s.result["rule"] == "MIT-1.1.1" and s.turn == 11
    assert s.phase == "start" and s.legal_actions() == [] and s.current_player == -1
    with pytest.raises(Exception):
        s.apply(PASS)


def test_S25_OP_02_a_broken_hold_starts_again():
    s, c2, nomads, city = _s25()
    do(s, PlaceNation(nomads, 2, 2))
    pass_counter(s)
    pass_until(s, "summon_1", B)
    _moves.leave_board(s, c2, "afterworld", "destroy")  # (stands for B winning a battle: Mítosz II)
    ready(s, active=B)
    s.apply(PASS)  # acting re-runs the machine; the state checks see the loss at the next resolution
    assert checks.state_checks(s)
    assert _power.power_total(s, A) == 10 and s.players[A].hold is None
    pass_until(s, "summon_1", A)
    assert s.turn == 11 and s.result is None
    do(s, PlaceNation(city, 1, 0))
    pass_counter(s)
    assert s.players[A].hold == (A, 11)
    pass_until(s, "summon_1", B, turn=12)
    assert s.result is None  # not at the start of turn 13's round yet
    for _ in range(400):
        if s.result is not None:
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.turn == 13 and s.active == A and s.result["winners"] == [A]  # the earliest win


def test_S25_OP_04_MIT_1_3_4_deck_out_ends_the_game():
    s = scene(phase="start")
    nation(s, A, "Gilded Cityfolk")
    empty_deck(s, A)
    empty_deck(s, B)
    ready(s)
    for _ in range(400):
        if s.result is not None:
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.result is not None and s.result["rule"] == "MIT-1.3.4"
    assert s.result["winners"] == [A]  # 2 power points against 0
    s = scene(phase="start")
    empty_deck(s, A)
    empty_deck(s, B)
    ready(s)
    for _ in range(400):
        if s.result is not None:
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.result["rule"] == "MIT-1.3.4" and s.result["winners"] == [A, B]  # equal totals: a draw


def test_MIT_1_3_4_OP_04_the_game_goes_on_while_another_player_still_draws():
    # both deck-out scenarios emptied both decks: a round in which only one player failed to draw was never tried
    s = scene(phase="start")
    nation(s, A, "Gilded Cityfolk")
    empty_deck(s, A)
    ready(s)
    turn = s.turn
    for _ in range(400):
        if s.result is not None or s.turn >= turn + 5:
            break
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.deckout is not None and s.deckout.streak < 2  # A failed to draw, B did not: B's turns break the run
    assert s.turn >= turn + 5 and s.result is None  # two full rounds since A's first failed draw
