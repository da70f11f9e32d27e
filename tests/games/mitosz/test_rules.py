"""One test per rule of the Mítosz specification (rules/mitosz.md, section 3: golden rules, chapters 1–6
and 8, outside fights), named after the rule ID: test_MIT_3_2_1_g_…, test_MIT_G1_…, test_MIT_8_region_b_….

Each builds a position card by card (tests/games/mitosz/helpers.py), acts, and checks a consequence the
rule demands: for a forbidden act, that it is refused citing the rule with the state unchanged. The rules
of fights (chapter 7 and the fight-only parts of 3 and 8) are tested in test_fights.py. Test-only cards (the
sample set has none doing what is tested) are YAML sets added to the sample decks with
``helpers.custom_decks``; the primitives of spec 6.4 no rule ID covers have tests named test_spec_6_4_….
"""

from __future__ import annotations

from types import SimpleNamespace

from cardtable.games.mitosz.effect_vocabulary import VOCABULARY
from cardtable.games.mitosz.modes import Phase
from cardtable.games.mitosz.actions import (PASS, STACK_ID_BASE, Choose, ChooseOption, DeclareBattle, PlaceNation,
                                            PlayUnsummoned, Refill, Summon, UseFate, UseFreeManeuver, UseManeuver)
from cardtable.games.mitosz.cards import PERMANENT_TYPES, linked
from cardtable.games.mitosz.schema.expressions import Filter
from cardtable.games.mitosz.state import Item
from tests.games.mitosz.helpers import (A, B, afterworld, attach, custom_decks, deck_top, do, fresh, god, hand,
                                        intrigue, leader, legal, named, nation, pass_counter, pass_until, ready,
                                        rejects, scene, sph, spheres)
from cardtable.games.mitosz import checks
from cardtable.games.mitosz import acts_costs as _acts_costs
from cardtable.games.mitosz import acts_options as _acts_options
from cardtable.games.mitosz import acts_summon as _acts_summon
from cardtable.games.mitosz import acts_targets as _acts_targets
from cardtable.games.mitosz.effects import attach as _attach
from cardtable.games.mitosz.effects import conditions as _conditions
from cardtable.games.mitosz.effects import lasting as _lasting
from cardtable.games.mitosz.flow import machine as _flow
from cardtable.games.mitosz.levels import abilities as _abilities
from cardtable.games.mitosz.levels import board as _board
from cardtable.games.mitosz.levels import card_types as _card_types
from cardtable.games.mitosz.levels import filters as _filters
from cardtable.games.mitosz.levels import level as _level
from cardtable.games.mitosz.levels import power as _power
from cardtable.games.mitosz import moves as _moves


def sid(s, k: int = -1) -> int:
    return STACK_ID_BASE + s.stack[k].sid


def d(s, iid):
    return s.cards[iid].d


def fake_item(s, seat: int, card: int, m=None, kind: str = "fate") -> Item:
    return Item(10_000, kind, seat, card, -1, m)


ALL_BOARD = SimpleNamespace(target=SimpleNamespace(select="all", filter=None, count=None))
ITSELF = SimpleNamespace(target=SimpleNamespace(select="self", filter=None, count=None))  # the item's own card


# -- golden rules -------------------------------------------------------------------------------------
def test_MIT_G1_a_stolen_card_keeps_its_owner_and_leaves_to_the_owners_afterworld():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")
    ready(s)
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))
    pass_counter(s)
    assert s.cards[vigdis].controller == A and s.cards[vigdis].owner == B
    _moves.leave_board(s, vigdis, "afterworld", "destroy")
    assert vigdis in s.players[B].afterworld and vigdis not in s.players[A].afterworld


def test_MIT_G2_card_text_prevails_a_permanent_maneuver_of_a_rotated_leader():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo", rotated=True)  # MIT-3.4.1.a: only unrotated leaders use maneuvers …
    hand(s, A, "Captain Orren")
    ready(s, priority=A)
    do(s, UseManeuver(ivo, "m1"))  # … but the card's text says permanent
    assert s.players[A].spheres[0] == 3 and s.cards[ivo].rotated


# -- chapter 1 ------------------------------------------------------------------------------------------
def test_MIT_1_2_1_the_board_is_a_zone_of_its_own():
    s = fresh(3)
    for p in s.players:
        assert all(s.cards[i].zone == "deck" for i in p.deck)
        assert all(s.cards[i].zone == "hand" for i in p.hand)
    assert [i.iid for i in s.cards if i.zone == "board"] == [god(s, A), god(s, B)]


def test_MIT_1_2_2_a_played_cards_go_face_up_onto_their_players_side():
    s = scene()
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    do(s, Summon(orren))
    pass_counter(s)
    assert s.cards[orren].zone == "board" and s.cards[orren].controller == A and orren in s.players[A].leaders
    assert any(x["id"] == orren for x in s.view(B)["players"][A]["leaders"])


def test_MIT_1_2_2_b_MIT_1_5_1_c_only_cards_on_the_board_affect_play():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (court,) = hand(s, A, "Whispering Court")
    afterworld(s, A, "Whispering Court")
    ready(s)
    assert _level.level(s, ivo) == 1  # a Whispering Court in hand and one in the afterworld: no +1
    do(s, Summon(court))
    pass_counter(s)
    assert _level.level(s, ivo) == 2


def test_MIT_1_2_3_a_card_returns_to_hand_from_the_board():
    s = scene()
    orren = leader(s, A, "Captain Orren")
    blade = attach(s, A, "Sunsteel Blade", orren)
    _moves.leave_board(s, orren, "hand", "return")
    assert orren in s.players[A].hand and blade in s.players[A].afterworld


def test_MIT_1_2_4_a_sacrifice_is_made_from_the_board():
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    blade = attach(s, A, "Sunsteel Blade", lysa)
    (blade2,) = hand(s, A, "Sunsteel Blade")
    ready(s)
    rejects(s, UseManeuver(blade2, "sacrifice"), "MIT-4.6.2.2")  # not on the board
    do(s, UseManeuver(blade, "sacrifice"))
    pass_counter(s)
    assert blade in s.players[A].afterworld


def board_with_a_free_maneuver():
    """A's Gilded Cityfolk, Captain Orren and Magister Ivo; Ivo's Turncoat Gold lingers on B's Vigdis (stolen)."""
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    orren = leader(s, A, "Captain Orren")
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")
    ready(s)
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))
    pass_counter(s)
    assert gold in s.lingering
    return s, city, orren, ivo, vigdis, gold


def test_MIT_1_2_5_MIT_5_1_MIT_3_1_f_MIT_3_9_f_only_permanents_on_the_board_are_destroyed():
    s, city, orren, ivo, vigdis, gold = board_with_a_free_maneuver()
    (in_hand,) = hand(s, A, "Lysa Brightspear")
    VOCABULARY["destroy"].resolve(s, ALL_BOARD, fake_item(s, B, -1))
    assert all(s.cards[i].zone == "afterworld" for i in (city, orren, ivo, vigdis))
    # a free maneuver cannot be destroyed (MIT-3.9.f): it leaves only because its effect ended with Vigdis
    assert not any("Turncoat Gold (P0) is destroyed" in t for _x, t, _to in s.log)
    assert gold in s.players[A].afterworld
    assert s.cards[god(s, A)].zone == "board" and s.cards[god(s, B)].zone == "board"  # MIT-3.1.f
    assert s.cards[in_hand].zone == "hand"  # MIT-1.2.5
    assert "free_maneuver" not in PERMANENT_TYPES


def test_MIT_1_2_6_cards_leaving_the_board_have_no_memories():
    s = scene()
    orren = leader(s, A, "Captain Orren", rotated=True)
    blade = attach(s, A, "Sunsteel Blade", orren)
    s.cards[orren].tokens = (("frost", 1, None),)
    _moves.leave_board(s, orren, "hand", "return")
    o = s.cards[orren]
    assert not o.rotated and o.tokens == () and o.host == -1 and o.controller == A
    assert s.cards[blade].zone == "afterworld"


def test_MIT_1_3_1_e_the_deck_is_shuffled_and_holds_no_high_god():
    decks = [tuple(fresh(seed).players[A].deck) for seed in (1, 2, 3)]
    assert len(set(decks)) == 3
    s = fresh(1)
    assert all(d(s, i).card_type != "high_god" for p in s.players for i in p.deck + p.hand)
    assert s.view(A)["players"][A]["deck"] == len(s.players[A].deck)  # face down: only its size


def test_MIT_1_3_3_a_restricted_search_is_shown_and_the_deck_shuffled():
    s = scene(active=B, phase="draw")
    hrimgar = leader(s, B, "Hrimgar, Frost Father")
    ready(s)
    deck_before = list(s.players[B].deck)
    do(s, UseManeuver(hrimgar, "m1"))
    pass_counter(s)
    if s.mode == "prompt":
        do(s, s.legal_actions()[0])
    found = [i for i in s.players[B].hand if d(s, i).card_type == "supply"]
    assert len(found) == 1 and "beast" in d(s, found[0]).subtypes
    assert any(d(s, found[0]).name in t and "shows" in t for t in s.view(A)["log"])  # shown to A
    assert sorted(s.players[B].deck) == sorted(set(deck_before) - set(found))
    assert s.players[B].deck != [i for i in deck_before if i not in found]  # shuffled


def test_MIT_1_4_1_the_afterworld_is_public_and_ordered_newest_on_top():
    s = scene()
    a1, a2 = afterworld(s, A, "Captain Orren", "Magister Ivo")
    view = s.view(B)["players"][A]["afterworld"]
    assert [x["id"] for x in view] == [a2, a1]


def test_MIT_1_4_2_a_MIT_1_4_2_b_attached_cards_go_along_the_host_is_not_destroyed():
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    blade = attach(s, A, "Sunsteel Blade", lysa)
    ready(s)
    do(s, UseManeuver(blade, "sacrifice"))
    pass_counter(s)
    assert blade in s.players[A].afterworld and s.cards[lysa].zone == "board"  # MIT-1.4.2.b
    blade2 = attach(s, A, "Sunsteel Blade", lysa)
    _moves.leave_board(s, lysa, "afterworld", "destroy")
    assert s.players[A].afterworld[-2:] in ([blade2, lysa], [lysa, blade2])  # MIT-1.4.2.a


def test_MIT_1_4_3_recovered_from_the_afterworld_shown_not_shuffled():
    s = scene()
    orren, ivo, gate = afterworld(s, A, "Captain Orren", "Magister Ivo", "Gate Spearmen")
    ready(s)
    do(s, UseManeuver(god(s, A), "m1", (orren,)))  # Solvane: Rite, W2, recover a leader
    pass_counter(s)
    assert orren in s.players[A].hand and s.players[A].afterworld == [ivo, gate]
    assert any("recovers Captain Orren" in t for t in s.view(B)["log"])


def test_MIT_1_4_4_MIT_4_2_3_c_peek_and_oblivion():
    s = scene(active=B)
    ulfar = leader(s, B, "Old Ulfar the Seer")
    (pool,) = hand(s, B, "Scrying Pool")
    (target,) = hand(s, A, "Siege Ballista")  # number 3: below 7
    ready(s)
    do(s, UseFreeManeuver(pool, ulfar, "m1"))
    pass_counter(s)
    assert s.cards[target].zone == "hand"  # 3 is not 7+
    (wolves_like,) = hand(s, B, "Scrying Pool")
    _moves.to_zone(s, target, "afterworld")
    (gryph,) = hand(s, A, "Magister Ivo")  # number 5: not 7+
    _moves.to_zone(s, gryph, "deck")
    (orren,) = hand(s, A, "Gate Spearmen")  # SMP-081: number 1
    _moves.to_zone(s, orren, "deck")
    (court,) = hand(s, A, "Gilded Archers")  # SMP-082: number 2
    _moves.to_zone(s, court, "deck")
    (tribute,) = hand(s, A, "Tribute of the Hearth")  # SMP-095: number 5
    _moves.to_zone(s, tribute, "deck")
    (volley,) = hand(s, A, "Veil Counterspell")  # SMP-092: 2
    _moves.to_zone(s, volley, "deck")
    (shield,) = hand(s, A, "Shield Oath")  # SMP-097: number 7
    ready(s)
    s.cards[ulfar].rotated = False
    do(s, UseFreeManeuver(wolves_like, ulfar, "m1"))
    pass_counter(s)
    assert shield in s.players[A].oblivion and s.cards[shield].zone == "oblivion"  # MIT-1.4.4


def test_MIT_1_5_1_a_MIT_1_5_3_a_MIT_6_3_1_cards_are_played_from_the_hand():
    s = scene()
    orren = [i for i in s.players[A].deck if d(s, i).name == "Captain Orren"][0]
    ready(s)
    rejects(s, Summon(orren), "MIT-1.5.1.a")
    (orren,) = hand(s, A, "Captain Orren")
    assert s.players[A].hand == [orren]
    do(s, Summon(orren))


def test_MIT_1_5_1_a_a_card_outside_ones_hand_is_refused_alike_whatever_it_is():
    # spec 9: the refusal must not tell a supply in the opponent's deck from any other card (the supply check
    # once came first and answered "summon a supply", in a counter round with another rule)
    s = scene()
    wolves = named(s, B, "Frost Wolves", zone="deck")  # a supply
    skeld = named(s, B, "Jarl Skeld Ironbrow", zone="deck")  # a leader
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)

    def refusals():
        found = []
        for make in (Summon, PlayUnsummoned):
            for card in (wolves, skeld):
                error = rejects(s, make(card), "MIT-1.5.1.a")
                found.append(error.message.replace(str(card), "N"))
        return found

    window = refusals()
    assert window[0] == window[1] and window[2] == window[3]
    do(s, Summon(orren))  # a counter round opens
    assert s.mode == "counter"
    assert refusals() == window


def test_MIT_1_5_1_b_a_demanded_discard_goes_from_hand_to_afterworld():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo")
    (keep,) = hand(s, A, "Captain Orren")
    top = s.players[A].deck[-1]
    ready(s, priority=A)
    do(s, UseManeuver(ivo, "m1"))  # draw 1, then discard 1
    pass_counter(s)
    assert s.mode == "prompt" and s.prompt.kind == "discard"
    do(s, Choose((keep,)))
    assert keep in s.players[A].afterworld and s.players[A].hand == [top]


def test_MIT_1_5_2_the_hand_size_holds_at_the_end_of_the_turn():
    s = scene(phase="end")
    hand(s, A, *(["Captain Orren"] * 3 + ["Gate Spearmen"] * 4 + ["Gilded Archers"] * 2))
    spheres(s, A, "4/5/4/3")
    ready(s)
    s.apply(PASS)
    s.apply(PASS)
    assert s.prompt.kind == "discard_hand" and s.prompt.n == 2
    rejects(s, PASS, "MIT-6.2.4.1")
    while s.mode == "prompt":
        s.apply(s.legal_actions()[0])
    assert len(s.players[A].hand) == 7


def test_MIT_1_5_3_b_MIT_1_5_3_c_MIT_3_5_d_a_linked_item_is_played_without_summoning_for_free():
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    orren = leader(s, A, "Captain Orren")
    (blade,) = hand(s, A, "Sunsteel Blade")
    spheres(s, A, "0/0/0/0")
    ready(s)
    rejects(s, Summon(blade, lysa), "MIT-6.3.3")
    rejects(s, PlayUnsummoned(blade, orren), "MIT-3.5.d")  # not linked to Orren
    do(s, PlayUnsummoned(blade, lysa))
    pass_counter(s)
    assert s.cards[blade].host == lysa and sph(s, A) == "0/0/0/0"


def test_MIT_1_5_3_d_OP_07_without_summoning_at_any_time_the_player_may_act():
    s = scene(active=B, phase="draw")
    lysa = leader(s, A, "Lysa Brightspear")
    (blade,) = hand(s, A, "Sunsteel Blade")
    ready(s, priority=A)
    do(s, PlayUnsummoned(blade, lysa))  # in B's draw phase
    pass_counter(s)
    assert s.cards[blade].host == lysa


# -- chapter 2 ------------------------------------------------------------------------------------------
def test_MIT_2_1_MIT_2_10_MIT_2_3_a_mythology_set_and_uniqueness_of_a_card():
    s = scene()
    lysa, orren = hand(s, A, "Lysa Brightspear", "Captain Orren")
    assert d(s, lysa).mythology == "aurelian" and d(s, lysa).set == "SMP"
    assert d(s, lysa).unique and not d(s, orren).unique
    ready(s)
    leader(s, A, "Lysa Brightspear")
    ready(s)
    rejects(s, Summon(lysa), "MIT-2.3.b")
    do(s, Summon(orren))  # a second copy of a non-unique card is fine
    pass_counter(s)
    leader(s, A, "Captain Orren")
    assert checks.state_checks(s) or s.prompt


def test_MIT_2_2_a_MIT_2_2_b_level_and_modifier_cards():
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    assert _level.level(s, lysa) == 2 and d(s, lysa).level == 2
    blade = attach(s, A, "Sunsteel Blade", lysa)
    assert d(s, blade).is_modifier and d(s, blade).level == 2
    assert _level.level(s, lysa) == 2 + 2 + 1  # +2, +1 same mythology (MIT-5.8)


def test_MIT_2_5_MIT_2_6_the_picture_has_no_effect_the_cost_is_a_sphere_vector():
    s = scene()
    (orren,) = hand(s, A, "Captain Orren")
    assert d(s, orren).cost == (0, 0, 1, 2)
    assert not hasattr(d(s, orren), "picture")
    ready(s)
    do(s, Summon(orren))
    assert sph(s, A) == "4/5/3/1"


def test_MIT_2_7_a_MIT_5_5_types_survive_a_neutralized_ability():
    s = scene()
    intrigue(s, A, "Whispering Court")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    ready(s)
    do(s, UseManeuver(s.intrigues[0], "m2", (skeld,)))
    pass_counter(s)
    assert _abilities.neutralized(s, s.cards[skeld]) and _level.level(s, skeld) == 0  # MIT-5.5
    assert _card_types.subtypes(s, s.cards[skeld]) == frozenset({"warlord", "dwarf"})  # MIT-2.7.a
    assert _power.power_total(s, B) == 1  # OP-31: power points stay


def test_MIT_2_7_b_MIT_3_2_1_a_a_nation_is_a_nation_and_joins_the_empire():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    assert d(s, city).card_type == "nation" and "urban" in d(s, city).subtypes
    assert s.players[A].grid == {(0, 0): city}
    assert _power.power_total(s, A) == 2


def test_MIT_2_8_a_MIT_2_8_b_MIT_2_8_c_maneuvers_and_two_way_links():
    s = scene()
    (court,) = hand(s, A, "Whispering Court")
    assert [m.id for m in d(s, court).maneuvers] == ["m1", "m2"]
    lysa, orren = hand(s, A, "Lysa Brightspear", "Captain Orren")
    gryph, blade = hand(s, A, "Skyreaver Gryphon", "Sunsteel Blade")
    assert "Lysa Brightspear" in d(s, orren).links and linked(d(s, orren), d(s, lysa))
    assert "Sunsteel Blade" not in d(s, orren).links and not linked(d(s, orren), d(s, blade))
    # two-way: Temple of First Light lists nothing; Solvane lists it
    temple = hand(s, A, "Temple of First Light")[0]
    assert not d(s, temple).links and linked(d(s, temple), d(s, god(s, A)))


def test_MIT_2_2_c_OP_08_base_level_below_one():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo")
    torc = attach(s, B, "Torc of Thorns", ivo)
    assert _level.base_level(s, ivo) == 0
    ready(s)
    assert checks.state_checks(s)
    assert ivo in s.players[A].afterworld and torc in s.players[B].afterworld


# -- chapter 3: high god --------------------------------------------------------------------------------
def test_MIT_3_1_a_MIT_3_1_b_MIT_6_1_1_a_the_high_god_is_on_the_board_with_four_spheres():
    s = fresh(5)
    for seat in (A, B):
        g = s.cards[god(s, seat)]
        assert g.zone == "board" and g.d.card_type == "high_god" and len(s.players[seat].spheres) == 4
        assert s.view(1 - seat)["players"][seat]["spheres"] == list(g.d.sphere_max)


def test_MIT_3_1_e_MIT_4_5_the_high_gods_maneuver_is_used_once_a_turn():
    s = scene()
    orren, ivo = afterworld(s, A, "Captain Orren", "Magister Ivo")
    ready(s)
    do(s, UseManeuver(god(s, A), "m1", (orren,)))
    pass_counter(s)
    pass_until(s, "summon_1", A)
    rejects(s, UseManeuver(god(s, A), "m1", (ivo,)), "MIT-4.5")


def test_MIT_3_1_f_the_high_god_is_not_a_target():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (gold,) = hand(s, A, "Turncoat Gold")
    ready(s)
    rejects(s, UseFreeManeuver(gold, ivo, "m1", (god(s, B),)), "MIT-4.6.1")
    assert not _acts_targets.stealable(s, s.cards[god(s, B)])


# -- chapter 3: nations ---------------------------------------------------------------------------------
def test_MIT_3_2_1_d_MIT_4_5_nations_do_not_rotate():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    orren = leader(s, A, "Captain Orren")
    VOCABULARY["rotate"].resolve(s, ALL_BOARD, fake_item(s, B, -1))
    assert s.cards[orren].rotated and not s.cards[city].rotated and s.cards[city].spent


def test_MIT_3_2_1_f_a_nation_stays_where_it_is():
    s = scene()
    nation(s, A, "Gilded Cityfolk", 0, 0)
    (c2,) = hand(s, A, "Gilded Cityfolk")
    ready(s)
    rejects(s, PlaceNation(c2, 0, 0), "MIT-3.2.1.f")
    city = s.players[A].grid[(0, 0)]
    VOCABULARY["return_to_hand"].resolve(s, ALL_BOARD, fake_item(s, B, -1))
    assert s.cards[city].zone == "board" and s.players[A].grid == {(0, 0): city}


def test_MIT_3_2_1_i_a_nations_level_gain_goes_to_each_road():
    s = scene()
    herders = nation(s, A, "Sunfield Herders")
    _lasting._add_effect(s, "modify_level", None, (herders,), None, 2, ("permanent",))
    assert [_level.road_level(s, herders, r) for r in "NESW"] == [3, 3, 3, 3]


def test_MIT_3_2_1_j_MIT_3_7_c_MIT_3_9_d_MIT_6_3_8_b_cards_that_are_never_summoned():
    s = scene()
    city, dawn, tribute = hand(s, A, "Gilded Cityfolk", "Dawnbreak", "Tribute of the Hearth")
    ready(s)
    rejects(s, Summon(city), "MIT-3.2.1.j")
    rejects(s, Summon(dawn), "MIT-3.7.c")
    rejects(s, Summon(tribute), "MIT-3.9.d")


def test_MIT_3_2_2_a_free_and_closed_roads():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk", 0, 0)
    c2 = nation(s, A, "Gilded Cityfolk", 1, 0)
    assert _level.road_closed(s, city, "E") and not _level.road_closed(s, city, "W") and _level.road_closed(s, c2, "W")
    fjord = nation(s, B, "Fjord Wardens", 2, 0)  # another player's nation never closes a road
    assert not _level.road_closed(s, c2, "E") and not _level.road_closed(s, fjord, "N")
    _lasting._add_effect(s, "close_road", None, (city,), None, "W", ("permanent",))
    assert _level.road_closed(s, city, "W")


def test_MIT_3_2_2_a_an_attack_through_a_closed_road_is_refused():
    # the rule's test only asked road_closed(); the declaration through a closed road was refused only in S-17
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    nation(s, B, "Pinewood Tribes", 1, 0)  # faces Fjord Wardens' E road
    ready(s)
    rejects(s, DeclareBattle(fjord, "E", orren), "MIT-3.2.2.a")
    legal(s, DeclareBattle(fjord, "N", orren))


def test_MIT_3_2_2_d_MIT_3_3_d_nations_and_locations_use_free_maneuvers_only_in_fights():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    temple = attach(s, A, "Temple of First Light", city)
    (gold,) = hand(s, A, "Turncoat Gold")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    ready(s)
    rejects(s, UseFreeManeuver(gold, city, "m1", (vigdis,)), "MIT-3.2.2.d")
    rejects(s, UseFreeManeuver(gold, temple, "m1", (vigdis,)), "MIT-3.3.d")


# -- chapter 3: locations -------------------------------------------------------------------------------
def test_MIT_3_3_a_one_location_per_nation_on_an_own_nation():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    fjord = nation(s, B, "Fjord Wardens")
    attach(s, A, "Temple of First Light", city)
    temple2, granary = hand(s, A, "Temple of First Light", "Granary Hall")
    ready(s)
    rejects(s, Summon(temple2, city), "MIT-3.3.a")
    rejects(s, Summon(granary, fjord), "MIT-3.3.a")
    rejects(s, Summon(granary, None), "MIT-3.3.a")


def test_MIT_3_3_b_the_location_raises_every_road():
    s = scene(active=B)
    pine = nation(s, B, "Pinewood Tribes")
    attach(s, B, "Ironhold Bastion", pine)
    assert [_level.road_level(s, pine, r) for r in "WNE"] == [4, 4, 4]  # 1 + 2 + 1 m


# -- chapter 3: leaders ---------------------------------------------------------------------------------
def test_MIT_3_4_1_a_a_rotated_leader_uses_no_maneuvers():
    s = scene(phase="draw", active=B)
    hrimgar = leader(s, B, "Hrimgar, Frost Father", rotated=True)
    ready(s)
    rejects(s, UseManeuver(hrimgar, "m1"), "MIT-3.4.1.a")


def test_MIT_3_4_2_a_leaders_stand_in_the_leader_row():
    s = scene()
    (ivo,) = hand(s, A, "Magister Ivo")
    ready(s)
    do(s, Summon(ivo))
    assert ivo not in s.players[A].leaders  # on the stack during the counter round
    pass_counter(s)
    assert s.players[A].leaders == [ivo] and s.view(A)["players"][A]["leaders"][0]["id"] == ivo


def test_MIT_3_4_3_a_the_high_god_as_a_leader():
    s = scene()
    nation(s, A, "Gilded Cityfolk")
    (solvane,) = hand(s, A, "Solvane, Dawn Sovereign")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    intrigue(s, A, "Whispering Court")
    ready(s)
    do(s, Summon(solvane))
    pass_counter(s)
    assert _level.level(s, solvane) == 5  # 4 + 1
    assert _power.power_total(s, A) == 2 + 1 + 1
    assert _abilities.immune(s, s.cards[solvane], frozenset({"intrigue"})) and not _abilities.immune(s, s.cards[skeld],
                                                                               frozenset({"intrigue"}))


def test_MIT_3_4_3_b_OP_15_losing_the_high_god_leader():
    s = scene()
    solvane = leader(s, A, "Solvane, Dawn Sovereign")
    cards = hand(s, A, "Captain Orren", "Gate Spearmen")
    _moves.leave_board(s, solvane, "afterworld", "destroy")
    assert s.players[A].hand == [] and all(c in s.players[A].afterworld for c in cards)
    assert sph(s, A) == "0/0/0/0"
    s = scene()
    solvane = leader(s, A, "Solvane, Dawn Sovereign")
    hand(s, A, "Captain Orren")
    _moves.leave_board(s, solvane, "hand", "return")  # not to the afterworld: nothing lost
    assert len(s.players[A].hand) == 2 and sph(s, A) == "4/5/4/3"


def test_MIT_3_4_3_c_anothers_high_god_needs_permission(tmp_path, monkeypatch):
    options = custom_decks(tmp_path, monkeypatch, "hrimgar",
                           a=[{"card": "SMP-021", "copies": 1, "name": "Hrimgar, Frost Father"}])
    s = scene(options=options)
    (hrimgar,) = hand(s, A, "Hrimgar, Frost Father")
    s.players[A].spheres = [4, 5, 4, 3]
    ready(s)
    before = list(s.players[A].spheres)
    do(s, Summon(hrimgar))  # A asks; nothing is paid, nothing is on the stack
    assert s.mode == "prompt" and s.prompt.kind == "permission" and s.current_player == B
    assert s.players[A].spheres == before and not s.stack and hrimgar in s.players[A].hand
    rejects(s, PASS, "MIT-3.4.3.c")  # only B's answer is asked for
    assert [s.game.move_label(a, s.view(B)) for a in s.game.display_order(s.legal_actions())] == ["allow", "refuse"]
    assert s.view(B)["prompt"]["text"].endswith("allow or refuse")
    do(s, ChooseOption(1))  # B refuses
    assert s.mode == "window" and s.current_player == A and hrimgar in s.players[A].hand
    assert s.players[A].spheres == before
    rejects(s, Summon(hrimgar), "MIT-3.4.3.c")  # not again this turn
    # another turn, B allows: the summon goes on as usual (paid, a counter round, the leader row)
    s.turn += 1
    ready(s)
    do(s, Summon(hrimgar))
    do(s, ChooseOption(0))
    assert s.mode == "counter" and s.stack and s.stack[-1].card == hrimgar
    assert s.players[A].spheres == [before[0] - 1, before[1], before[2], before[3] - 3]
    pass_counter(s)
    assert hrimgar in s.players[A].leaders


# -- chapter 3: items -----------------------------------------------------------------------------------
def test_MIT_3_5_a_MIT_2_4_c_items_go_on_own_leaders_cursed_items_also_on_enemies():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    orren = leader(s, A, "Captain Orren")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    (blade,) = hand(s, A, "Sunsteel Blade")
    ready(s)
    rejects(s, Summon(blade, city), "MIT-3.5.a")
    rejects(s, Summon(blade, None), "MIT-3.5.a")
    rejects(s, Summon(blade, skeld), "MIT-2.4.c")
    do(s, Summon(blade, orren))


def test_MIT_3_5_b_items_are_not_moved_between_leaders():
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    leader(s, A, "Captain Orren")
    blade = attach(s, A, "Sunsteel Blade", lysa)
    ready(s)
    about = [a for a in s.legal_actions() if getattr(a, "card", None) == blade]
    assert about == [UseManeuver(blade, "sacrifice")]


def test_MIT_3_5_c_OP_16_an_own_non_cursed_item_is_sacrificed_as_a_permanent_maneuver():
    s = scene(active=B)
    lysa = leader(s, A, "Lysa Brightspear")
    blade = attach(s, A, "Sunsteel Blade", lysa)
    torc = attach(s, B, "Torc of Thorns", lysa)
    ready(s, priority=A)  # in B's turn: no timing
    assert UseManeuver(blade, "sacrifice") in s.legal_actions()
    rejects(s, UseManeuver(torc, "sacrifice"), "MIT-2.4.b")
    do(s, UseManeuver(blade, "sacrifice"))
    assert not s.cards[blade].spent  # permanent
    pass_counter(s)
    assert blade in s.players[A].afterworld


# -- chapter 3: intrigues -------------------------------------------------------------------------------
def test_MIT_3_6_a_OP_17_intrigues_in_any_window_with_priority():
    s = scene(phase="draw")
    (feud,) = hand(s, B, "Blood Feud")
    ready(s, priority=B)  # A's turn
    do(s, Summon(feud))
    pass_counter(s)
    assert s.intrigues == [feud]


def test_MIT_3_6_b_MIT_3_6_c_the_intrigue_limit():
    s = scene()
    w1 = intrigue(s, A, "Whispering Court")
    f1 = intrigue(s, B, "Blood Feud")
    (w2,) = hand(s, A, "Whispering Court")
    ready(s)
    assert _board.intrigue_limit(s) == 3
    do(s, Summon(w2))
    pass_counter(s)
    assert s.intrigues == [w1, f1, w2]  # three: at the limit, nobody leaves
    (f2,) = hand(s, B, "Blood Feud")
    ready(s, priority=B)
    do(s, Summon(f2))
    pass_counter(s)
    assert s.intrigues == [f2]


def test_MIT_3_6_d_OP_18_identical_intrigues_do_not_combine():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    intrigue(s, A, "Whispering Court")
    assert _level.level(s, ivo) == 2
    intrigue(s, A, "Whispering Court")
    s.forget_caches()
    assert _level.level(s, ivo) == 2


# -- chapter 3: fates -----------------------------------------------------------------------------------
def test_MIT_3_7_b_a_fate_in_the_opponents_turn():
    s = scene(phase="draw")
    nation(s, A, "Gilded Cityfolk")
    (winter,) = hand(s, B, "Long Winter")
    ready(s, priority=B)
    do(s, UseFate(winter))
    pass_counter(s)
    assert winter in s.fates


def test_MIT_3_7_e_a_maneuver_filter_does_not_match_a_fate():
    s = scene()
    nation(s, A, "Gilded Cityfolk")
    ivo = leader(s, A, "Magister Ivo")
    (veil,) = hand(s, A, "Veil Counterspell")
    (winter,) = hand(s, B, "Long Winter")
    ready(s, priority=B)
    do(s, UseFate(winter))
    assert s.current_player == A  # Long Winter touches only A's nation: A, the affected player, answers first
    rejects(s, UseFreeManeuver(veil, ivo, "o1", (sid(s),)), "MIT-4.6.1")


def test_MIT_3_7_f_MIT_3_7_g_OP_19_instant_fates_leave_lasting_fates_stay():
    s = scene()
    nation(s, B, "Fjord Wardens")
    orren = leader(s, A, "Captain Orren", rotated=True)
    (dawn,) = hand(s, A, "Dawnbreak")
    ready(s)
    do(s, UseFate(dawn, None, (orren,)))
    pass_counter(s)
    assert dawn in s.players[A].afterworld and not s.cards[orren].rotated  # instant
    (winter,) = hand(s, B, "Long Winter")
    ready(s, priority=B)
    do(s, UseFate(winter))
    pass_counter(s)
    assert s.cards[winter].zone == "board" and winter in s.fates  # lasting: on the board


# -- chapter 3: supplies and free maneuvers ------------------------------------------------------------
def test_MIT_3_8_a_supplies_only_in_battles():
    s = scene()
    orren = leader(s, A, "Captain Orren")
    (gate,) = hand(s, A, "Gate Spearmen")
    ready(s)
    rejects(s, Summon(gate), "MIT-3.8.a")
    rejects(s, PlayUnsummoned(gate, orren), "MIT-3.8.a")  # linked to Orren, but there is no battle


def test_MIT_3_9_a_MIT_3_9_b_free_maneuver_and_its_user():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    gold, orren = hand(s, A, "Turncoat Gold", "Captain Orren")
    ready(s)
    rejects(s, UseFreeManeuver(orren, ivo, "m1"), "MIT-3.9.a")
    rejects(s, UseFreeManeuver(gold, vigdis, "m1", (vigdis,)), "MIT-3.9.b")
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))


def test_MIT_3_9_c_OP_22_requirement_groups():
    s = scene()
    orren = leader(s, A, "Captain Orren")  # warlord, not a ruler
    (tribute,) = hand(s, A, "Tribute of the Hearth")
    ready(s)
    rejects(s, UseFreeManeuver(tribute, orren, "m1", (), None, 1), "MIT-3.9.c")
    ivo = leader(s, A, "Magister Ivo")
    ready(s)
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1))


REQUIREMENT_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Banner Charge"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    requirement_groups: [[hero, warlord]]
    maneuvers:
      - id: m1
        timing: [action]
        cost: {force: 1}
        effect:
          - draw: {player: self, n: 1}
  - id: TST-002
    set: TST
    serial: 2
    name: "Marshal Edda"
    card_type: leader
    subtypes: [hero, warlord]
    mythology: aurelian
    level: 2
    cost: {force: 2}
    power_points: 0
  - id: TST-003
    set: TST
    serial: 3
    name: "Edda's Summons"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    requirement_groups: [[seer]]
    links: ["Marshal Edda"]
    maneuvers:
      - id: m1
        timing: [action]
        cost: {magic: 1}
        effect:
          - draw: {player: self, n: 1}
"""


def test_MIT_3_9_c_a_group_is_met_only_with_all_its_subtypes(tmp_path, monkeypatch):
    # every sample group has one subtype: a user with only some subtypes of a group was never tried
    s = scene(options=custom_decks(tmp_path, monkeypatch, "groups", REQUIREMENT_SET, a=["TST-001", "TST-002"]))
    orren = leader(s, A, "Captain Orren")  # warlord only
    lysa = leader(s, A, "Lysa Brightspear")  # hero only
    edda = leader(s, A, "Marshal Edda")  # hero and warlord
    (charge,) = hand(s, A, "Banner Charge")
    ready(s)
    rejects(s, UseFreeManeuver(charge, orren, "m1"), "MIT-3.9.c")
    rejects(s, UseFreeManeuver(charge, lysa, "m1"), "MIT-3.9.c")
    do(s, UseFreeManeuver(charge, edda, "m1"))


def test_MIT_3_9_g_MIT_3_9_h_a_linked_free_maneuver_is_free_and_leaves_when_done():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (tribute,) = hand(s, A, "Tribute of the Hearth")
    ulfar = leader(s, B, "Old Ulfar the Seer")
    (omen,) = hand(s, B, "Omen of Ravens")
    spheres(s, B, "0/0/0/0")
    ready(s)
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1))
    s.apply(PASS)
    do(s, UseFreeManeuver(omen, ulfar, "m1", (sid(s),)))  # linked to Ulfar: free, though magic is 0
    pass_counter(s)
    assert omen in s.players[B].afterworld and tribute in s.players[A].afterworld


def test_MIT_3_9_h_a_linked_user_need_not_meet_the_requirements(tmp_path, monkeypatch):
    # the sample's linked pair (Omen of Ravens, Ulfar) meets the groups anyway: the link itself was never needed
    s = scene(options=custom_decks(tmp_path, monkeypatch, "summons", REQUIREMENT_SET, a=["TST-002", "TST-003"]))
    edda = leader(s, A, "Marshal Edda")  # a hero and a warlord, no seer: only the link lets her use it
    (summons,) = hand(s, A, "Edda's Summons")
    ready(s)
    before = sph(s, A)
    do(s, UseFreeManeuver(summons, edda, "m1"))
    assert sph(s, A) == before  # linked: free as well (MIT-3.9.g)


# -- chapter 4: maneuvers -------------------------------------------------------------------------------
def test_MIT_4_1_a_MIT_4_1_c_MIT_4_2_bound_and_free_maneuvers_and_their_parts():
    s = scene()
    court, gold = hand(s, A, "Whispering Court", "Turncoat Gold")
    m1, m2 = d(s, court).maneuvers
    assert m1.speed == "locked" and m1.static and m2.timing == ["action"] and m2.cost.influence == 2
    assert d(s, gold).card_type == "free_maneuver" and d(s, gold).maneuvers[0].targets
    for m in (m1, m2):
        assert hasattr(m, "timing") and hasattr(m, "cost") and hasattr(m, "conditions") and hasattr(m, "subtypes") \
            and hasattr(m, "effect")


def test_MIT_4_1_b_a_maneuver_in_any_phase_its_user_rotates():
    s = scene(phase="draw", active=B)
    hrimgar = leader(s, B, "Hrimgar, Frost Father")
    ready(s)
    do(s, UseManeuver(hrimgar, "m1"))
    assert s.cards[hrimgar].rotated and s.mode == "counter"


def test_MIT_4_1_d_neutralizing_affects_only_maneuvers():
    s = scene()
    (orren,) = hand(s, A, "Captain Orren")
    (oath,) = hand(s, A, "Oath Unmade")
    ready(s)
    do(s, Summon(orren))
    rejects(s, UseFate(oath, None, (sid(s),)), "MIT-4.6.1")  # a summon is not a maneuver


def test_MIT_4_1_e_a_neutralized_maneuver_is_locked_out_until_the_next_turn():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo")
    (oath,) = hand(s, A, "Oath Unmade")
    hrimgar = leader(s, B, "Hrimgar, Frost Father")
    ready(s, priority=B)
    # B's Hrimgar leader is an action; A neutralizes it
    do(s, UseManeuver(hrimgar, "m1"))
    s.apply(PASS) if s.current_player == B else None
    do(s, UseFate(oath, None, (sid(s),)))
    pass_counter(s)
    assert "m1" in s.cards[hrimgar].blocked
    s.cards[hrimgar].rotated = False
    pass_until(s, "summon_1", B)
    rejects(s, UseManeuver(hrimgar, "m1"), "MIT-4.1.e")


def test_MIT_4_2_1_a_MIT_4_2_1_b_action_and_reaction():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo")
    (gold,) = hand(s, A, "Turncoat Gold")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    ready(s, priority=A)
    rejects(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)), "MIT-4.2.1.a")
    do(s, UseManeuver(ivo, "m1"))  # a reaction, in B's turn
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    ready(s)
    rejects(s, UseManeuver(ivo, "m1"), "MIT-4.2.1.b")


def test_MIT_4_2_1_c_a_rite_not_in_the_battle_phase():
    s = scene(phase="battle")
    orren = afterworld(s, A, "Captain Orren")[0]
    ready(s)
    rejects(s, UseManeuver(god(s, A), "m1", (orren,)), "MIT-4.2.1.c")


def test_MIT_4_2_1_d_a_battle_maneuver_only_in_a_fight():
    s = scene(active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    ready(s)
    rejects(s, UseManeuver(god(s, B), "m1", (skeld,)), "MIT-4.2.1.d")
    ready(s, phase="battle")
    rejects(s, UseManeuver(god(s, B), "m1", (skeld,)), "MIT-4.2.1.d")


def test_MIT_4_2_1_e_no_timing_marker_any_time():
    s = scene(active=B, phase="draw")
    ivo = leader(s, A, "Magister Ivo")
    (rune,) = hand(s, A, "Rune of Warding")
    ready(s, priority=A)
    do(s, UseFreeManeuver(rune, ivo, "m1", (ivo,)))
    pass_counter(s)
    assert "poison" in _abilities.immunities(s, s.cards[ivo])


def test_MIT_4_2_2_the_usage_cost_is_paid_from_the_spheres():
    # the rule was checked only by a schema test and inside the MIT-4.2.6.e test (a cost by repetitions)
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")  # I3
    spheres(s, A, "4/2/4/3")
    ready(s)
    rejects(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)), "MIT-4.2.2")
    spheres(s, A, "4/3/4/3")
    ready(s)
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))
    assert sph(s, A) == "4/0/4/3"


def test_MIT_4_2_3_MIT_4_6_5_a_condition_decides_after_the_counter_round():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (tribute,) = hand(s, A, "Tribute of the Hearth")
    ulfar = leader(s, B, "Old Ulfar the Seer")
    (omen,) = hand(s, B, "Omen of Ravens")
    (nomads,) = deck_top(s, A, "Dunewatch Nomads")  # number 6: 5+
    ready(s)
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1))
    s.apply(PASS)
    do(s, UseFreeManeuver(omen, ulfar, "m1", (sid(s),)))
    assert s.players[A].deck[-1] == nomads  # nothing revealed yet (MIT-4.6.5)
    hand_before = len(s.players[A].hand)
    pass_counter(s)
    assert s.players[A].deck[0] == nomads and len(s.players[A].hand) == hand_before  # neutralized: no draw


def test_MIT_4_2_3_a_the_sacrifice_condition():
    s = scene(active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    bearers = s.players[B].deck[0]
    bearers = [i for i in s.players[B].deck if d(s, i).name == "Shieldwall Bearers"][0]
    _moves.enter_board(s, bearers, B)
    m = d(s, bearers).maneuvers[0]
    item = Item(9000, "maneuver", B, bearers, bearers, m, (skeld,))
    _conditions._finish(s, item, happened=False)  # neutralized: the user stays
    assert s.cards[bearers].zone == "board"
    _conditions._finish(s, item, happened=True)
    assert bearers in s.players[B].afterworld


def test_MIT_4_2_4_MIT_4_4_a_maneuver_carries_its_subtypes_and_its_users_types():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (veil,) = hand(s, A, "Veil Counterspell")
    m = d(s, veil).options[0]
    keys = _acts_targets.effect_keys(s, veil, m, ivo)
    assert {"spell", "wizard", "ruler", "scribe", "leader", "neutralize"} <= keys


def test_MIT_4_2_6_MIT_4_2_6_a_permanent_maneuvers_and_their_uses_per_turn():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo")
    hand(s, A, "Captain Orren")
    ready(s, priority=A)
    for _ in range(2):
        do(s, UseManeuver(ivo, "m1"))
        pass_counter(s)
        while s.mode == "prompt":
            s.apply(s.legal_actions()[0])
        if s.current_player != A:
            s.apply(PASS)
        assert not s.cards[ivo].rotated
    rejects(s, UseManeuver(ivo, "m1"), "MIT-4.2.6.a")
    assert s.players[A].spheres[0] == 2


def test_MIT_4_2_6_e_per_slash_repetitions():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (tribute,) = hand(s, A, "Tribute of the Hearth")
    ready(s)
    rejects(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 3), "MIT-4.2.2")  # W6 > 4
    rejects(s, UseFreeManeuver(tribute, ivo, "m1", (), None, None), "MIT-4.2.6.e")
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 2))
    assert sph(s, A) == "4/5/0/3"
    pass_counter(s)
    assert len(s.players[A].hand) == 2


def test_MIT_4_3_a_MIT_4_6_7_a_free_maneuver_with_a_permanent_effect_goes_now():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (tribute,) = hand(s, A, "Tribute of the Hearth")
    ready(s)
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 1))
    assert s.cards[tribute].zone == "stack"
    pass_counter(s)
    assert tribute in s.players[A].afterworld and tribute not in s.lingering


def test_MIT_4_3_b_an_effect_with_a_stated_duration_is_beyond_neutralizing():
    s = scene(phase="draw")
    nation(s, A, "Gilded Cityfolk")
    ivo = leader(s, A, "Magister Ivo")
    (veil,) = hand(s, A, "Veil Counterspell")
    (winter,) = hand(s, B, "Long Winter")
    ready(s, priority=B)
    do(s, UseFate(winter))
    pass_counter(s)
    assert winter in s.fates and s.stack == []
    if s.current_player != A:
        s.apply(PASS)
    assert not any(isinstance(a, UseFreeManeuver) and a.card == veil for a in s.legal_actions())


def test_MIT_4_5_a_card_that_does_not_rotate_uses_one_maneuver_a_turn():
    # the rule's tests covered the high god and a nation rotated by an effect: never a second use of such a card
    s = scene()
    court = intrigue(s, A, "Whispering Court")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    ready(s)
    do(s, UseManeuver(court, "m2", (vigdis,)))
    pass_counter(s)
    if s.current_player == B:
        do(s, PASS)
    assert s.mode == "window" and s.current_player == A and s.players[A].spheres[1] >= 2  # it could pay again
    assert not s.cards[court].rotated
    rejects(s, UseManeuver(court, "m2", (skeld,)), "MIT-4.5")


def test_MIT_4_6_MIT_4_6_1_MIT_4_6_2_1_MIT_4_6_3_MIT_4_6_4_announcing_a_free_maneuver():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")
    ready(s)
    rejects(s, UseFreeManeuver(gold, ivo, "m1", (ivo,)), "MIT-4.6.1")  # not an enemy leader
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))
    assert s.cards[gold].zone == "stack" and s.view(B)["stack"][0]["card"]["name"] == "Turncoat Gold"  # shown
    assert s.view(B)["stack"][0]["user"]["id"] == ivo
    assert sph(s, A) == "4/2/4/3" and s.cards[ivo].rotated  # paid and rotated (MIT-4.6.3)
    assert s.mode == "counter" and s.cards[vigdis].controller == B  # the counter round first (MIT-4.6.4)


def test_MIT_4_6_2_2_a_bound_maneuver_is_named_by_card_and_id():
    s = scene()
    intrigue(s, A, "Whispering Court")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    ready(s)
    court = s.intrigues[0]
    rejects(s, UseManeuver(court, "m9", (skeld,)), "MIT-4.6.2.2")
    rejects(s, UseManeuver(skeld, "m1"), "MIT-4.6.2.2")  # not one of A's cards
    do(s, UseManeuver(court, "m2", (skeld,)))


def test_MIT_4_6_6_MIT_4_2_5_OP_25_the_effect_and_the_level_a_maneuver_gives():
    s = scene(active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    draught = attach(s, B, "Draught of Embers", skeld)
    assert _level.level(s, skeld) == 3  # a potion's level does nothing while merely attached
    ready(s)
    do(s, UseManeuver(draught, "sacrifice"))
    pass_counter(s)
    assert draught in s.players[B].afterworld and _level.level(s, skeld) == 3 + 2 + 1  # MIT-8.potion, +1 m


# -- chapter 5 ------------------------------------------------------------------------------------------
def test_MIT_5_1_only_permanent_cards_can_be_destroyed():
    assert PERMANENT_TYPES == {"leader", "nation", "location", "intrigue", "item", "high_god"}
    s, city, orren, _ivo, _vigdis, gold = board_with_a_free_maneuver()
    blade = attach(s, A, "Sunsteel Blade", orren)
    plains = attach(s, A, "Plains of Aster", city)
    court = intrigue(s, A, "Whispering Court")
    zone = s.cards[gold].zone
    assert zone == "board"
    VOCABULARY["destroy"].resolve(s, ITSELF, fake_item(s, B, gold))  # a free maneuver: no permanent, it stays
    assert gold in s.lingering and s.cards[gold].zone == zone
    for card in (blade, plains, court, orren, city):  # one of each destroyable permanent type
        VOCABULARY["destroy"].resolve(s, ITSELF, fake_item(s, B, card))
        assert s.cards[card].zone == "afterworld", d(s, card).name


def test_MIT_5_2_a_MIT_5_2_b_stolen_then_gone_to_the_afterworld():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")
    ready(s)
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))
    pass_counter(s)
    assert any(e.kind == "steal" for e in s.effects)
    _moves.leave_board(s, vigdis, "afterworld", "destroy")
    assert not any(e.kind == "steal" for e in s.effects)  # the effect ended
    assert vigdis in s.players[B].afterworld


def test_MIT_5_2_c_maneuver_cards_cannot_be_stolen():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")
    ready(s)
    do(s, UseFreeManeuver(gold, ivo, "m1", (vigdis,)))
    pass_counter(s)
    assert gold in s.lingering and not _acts_targets.stealable(s, s.cards[gold])
    assert _acts_targets.stealable(s, s.cards[ivo])


def test_MIT_5_3_rounding_down():
    s = scene()
    assert _filters.value(s, "half(3)", {}, None) == 1 and _filters.value(s, "half(7)", {}, None) == 3


def test_MIT_5_4_draws_and_gains_happen_at_once():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    (tribute,) = hand(s, A, "Tribute of the Hearth")
    ready(s)
    do(s, UseFreeManeuver(tribute, ivo, "m1", (), None, 2))
    s.apply(PASS)
    s.apply(PASS)
    assert len(s.players[A].hand) == 2 and s.mode == "window"  # both cards in one resolution


def test_MIT_5_5_a_neutralized_leader_cannot_use_maneuvers():
    s = scene()
    intrigue(s, A, "Whispering Court")
    wyrm = leader(s, B, "The Rime Wyrm")
    nation(s, A, "Gilded Cityfolk")
    ready(s)
    do(s, UseManeuver(s.intrigues[0], "m2", (wyrm,)))
    pass_counter(s)
    assert _level.level(s, wyrm) == 0
    ready(s, active=B)
    rejects(s, UseManeuver(wyrm, "m1", (s.players[A].grid[(0, 0)],)), "MIT-5.5")


def test_MIT_5_6_creatures_are_leaders_troops_and_beasts():
    s = scene()
    orren = leader(s, A, "Captain Orren")
    city = nation(s, A, "Gilded Cityfolk")
    f = SimpleNamespace(**{k: None for k in (
        "zone", "controller", "owner", "card_type", "subtypes_any", "subtypes_all", "mythology", "name", "unique",
        "magical", "cursed", "rotated", "in_fight", "row", "level", "number", "attached_to", "linked_to",
        "includes_high_god")}, creature=True)
    assert _filters.matches(s, s.cards[orren], f, A, {}) and not _filters.matches(s, s.cards[city], f, A, {})


def test_MIT_5_7_continuous_effects_apply_to_cards_that_come_later():
    s = scene()
    intrigue(s, B, "Blood Feud")  # all heroes +1
    (lysa,) = hand(s, A, "Lysa Brightspear")
    ready(s)
    do(s, Summon(lysa))
    pass_counter(s)
    assert _level.level(s, lysa) == 3


def test_MIT_5_8_OP_32_same_mythology_bonus():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    attach(s, A, "Temple of First Light", city)
    fjord = nation(s, B, "Fjord Wardens")
    attach(s, B, "Temple of First Light", fjord, owner=A)  # an aurelian location on a nordan nation: no bonus
    assert _level.road_level(s, city, "E") == 4 and _level.road_level(s, fjord, "N") == 3
    # B's Torc is nordan like B's high god, but A's Orren is aurelian: no bonus (a partner was never of another)
    orren = leader(s, A, "Captain Orren")
    attach(s, B, "Torc of Thorns", orren)
    assert _level.level(s, orren) == 3 - 1


def test_MIT_5_12_OP_34_immunity_covers_attached_cards():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    blade = attach(s, A, "Sunsteel Blade", ivo)
    _lasting._add_effect(s, "grant_immunity", None, (ivo,), None, frozenset({"poison"}), ("permanent",))
    assert _abilities.immune(s, s.cards[blade], frozenset({"poison"})) and not _abilities.immune(s, s.cards[blade], frozenset({"fear"}))


def test_MIT_5_14_enemy_cards_are_the_other_players():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    orren = leader(s, A, "Captain Orren")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (gold,) = hand(s, A, "Turncoat Gold")
    ready(s)
    targets = {a.targets for a in s.legal_actions() if isinstance(a, UseFreeManeuver) and a.card == gold}
    assert targets == {(vigdis,)} and (orren,) not in targets


def test_MIT_5_17_a_requirement_true_for_several_cards_applies_to_all():
    s = scene(active=B)
    c1 = nation(s, A, "Gilded Cityfolk", 0, 0)
    c2 = nation(s, A, "Sunfield Herders", 1, 0)
    own = nation(s, B, "Fjord Wardens")
    (winter,) = hand(s, B, "Long Winter")
    ready(s)
    do(s, UseFate(winter))
    pass_counter(s)
    assert _level.road_level(s, c1, "E") == 2 + 0 - 1 + 0 and _level.road_level(s, c2, "N") == 0 and _level.road_level(s, own, "N") == 2


# -- chapter 6 ------------------------------------------------------------------------------------------
def test_MIT_6_1_3_a_MIT_6_1_5_in_anothers_turn_only_reacting():
    s = scene()
    orren, feud = hand(s, B, "Jarl Skeld Ironbrow", "Blood Feud")
    ready(s, priority=B)
    rejects(s, Summon(orren), "MIT-6.2.3.1")
    assert Summon(feud) in s.legal_actions()


def test_MIT_6_1_3_b_a_round_lasts_until_the_players_next_turn():
    s = scene(active=B)
    ivo = leader(s, A, "Magister Ivo")
    intrigue(s, B, "Blood Feud")
    s.turn = 4
    nation(s, B, "Fjord Wardens")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (court,) = hand(s, A, "Whispering Court")
    ready(s)
    spheres(s, B, "3/2/3/6")
    for name in ("Cliffside Clans",):
        pass
    s.players[B].hold = None
    checks.track_holds(s)
    assert s.players[A].hold is None and s.players[B].hold is None  # below 12: no hold
    s.opts = dict(s.opts, win_target=2)
    checks.track_holds(s)
    assert s.players[B].hold == (B, 4)  # anchored to the turn in which it began


def test_MIT_6_1_4_a_the_acts():
    names = {cls.__name__ for cls in (PASS.__class__, PlaceNation, Summon, PlayUnsummoned, UseManeuver,
                                      UseFreeManeuver, UseFate)}
    assert len(names) == 7
    s = scene()
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    kinds = {type(a).__name__ for a in s.legal_actions()}
    assert kinds == {"Summon", "Pass"}
    rejects(s, Choose((orren,)), "MIT-6.1.4.a")


def test_MIT_6_1_4_b_MIT_6_1_4_c_priority_passes_on_and_all_pass_ends_the_phase():
    s = scene()
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    do(s, Summon(orren))
    pass_counter(s)
    assert s.phase == "summon_1" and s.current_player == B  # B may react to A's act
    s.apply(PASS)
    assert s.phase == "summon_1" and s.current_player == A
    s.apply(PASS)
    assert s.phase == "summon_1" and s.current_player == B
    s.apply(PASS)
    assert s.phase == "battle"


def test_MIT_6_2_MIT_6_2_3_2_a_the_phases_in_order():
    s = scene(phase="start")
    ready(s)
    seen = [s.phase]
    while s.active == A:
        s.apply(s.legal_actions()[0] if s.mode == "prompt" else PASS)
        if s.phase != seen[-1] and s.active == A:
            seen.append(s.phase)
    assert seen == ["start", "draw", "summon_1", "battle", "summon_2", "end"]


def test_MIT_6_2_1_1_MIT_6_2_1_2_MIT_6_2_1_3_the_start_phase():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    intrigue(s, A, "Whispering Court")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    (city,) = hand(s, A, "Gilded Cityfolk")
    ready(s)
    do(s, PlaceNation(city, 0, 0))
    pass_counter(s)
    s.apply(PASS)  # B
    do(s, UseManeuver(s.intrigues[0], "m2", (skeld,)))
    pass_counter(s)
    assert s.players[A].nation_placed and s.cards[s.intrigues[0]].spent and _abilities.neutralized(s, s.cards[skeld])
    pass_until(s, "start", B)
    assert not s.players[A].nation_placed and not s.cards[s.intrigues[0]].spent  # MIT-6.2.1.1
    assert not _abilities.neutralized(s, s.cards[skeld])  # MIT-6.2.1.2
    assert s.mode == "window"  # MIT-6.2.1.3 (no start-of-turn effects in the sample set), then a window


def test_MIT_6_2_2_1_the_draw_phase_draws_two():
    s = scene(phase="start")
    ready(s)
    top2 = s.players[A].deck[-2:]
    pass_until(s, "draw", A)
    assert sorted(s.players[A].hand) == sorted(top2)


def test_MIT_6_2_3_1_MIT_6_2_3_3_nations_in_either_summon_phase_once():
    s = scene(phase="summon_2")
    c1, c2 = hand(s, A, "Gilded Cityfolk", "Gilded Cityfolk")
    ready(s)
    do(s, PlaceNation(c1, 0, 0))
    pass_counter(s)
    s.apply(PASS)  # B
    rejects(s, PlaceNation(c2, 1, 0), "MIT-3.2.1.e")
    ready(s, phase="draw")
    s.players[A].nation_placed = False
    rejects(s, PlaceNation(c2, 1, 0), "MIT-6.2.3.1")


def test_MIT_6_2_4_1_one_card_over_the_hand_size_is_discarded():
    # S-12 and MIT-1.5.2 are two over: a hand one over the size was never tried
    for extra, asked in ((1, True), (0, False)):
        s = scene(phase="end")
        hand(s, A, *(["Captain Orren"] * 3 + ["Gate Spearmen"] * 4 + ["Gilded Archers"] * extra))
        spheres(s, A, "4/5/4/3")
        ready(s)
        s.apply(PASS)
        s.apply(PASS)
        if asked:
            assert s.mode == "prompt" and s.prompt.kind == "discard_hand" and s.prompt.n == 1
            do(s, Choose((s.players[A].hand[-1],)))
        pass_counter(s)  # MIT-6.5.1: the discard opens a counter round
        assert s.active == B and len(s.players[A].hand) == 7


def test_MIT_6_2_4_3_produced_points_do_not_exceed_the_maximum():
    # S-12's Granary Hall produced into a sphere with room: the cap on produced points was never reached
    s = scene(phase="end")
    city = nation(s, A, "Gilded Cityfolk")
    attach(s, A, "Granary Hall", city)
    spheres(s, A, "4/5/2/2")  # maxima 4/5/4/3: the 3 points fill wealth and force
    ready(s)
    s.apply(PASS)
    s.apply(PASS)
    pass_counter(s)  # MIT-6.5.1: after the refill
    assert s.active == B and sph(s, A) == "4/5/4/3"  # Granary Hall's W+1 finds no room


def test_MIT_6_2_4_2_MIT_6_2_4_3_cap_and_refill():
    s = scene(phase="end")
    spheres(s, A, "4/6/0/0")
    ready(s)
    s.apply(PASS)
    s.apply(PASS)
    pass_counter(s)  # MIT-6.5.1: after the cap
    assert s.players[A].spheres[1] == 5 and s.prompt.kind == "refill"
    offered = set(s.legal_actions())
    assert Refill((0, 0, 3, 0)) in offered and Refill((0, 1, 2, 0)) not in offered
    do(s, Refill((0, 0, 1, 2)))
    assert sph(s, A) == "4/5/1/2"


def test_MIT_6_2_4_5_MIT_6_2_4_6_b_the_turn_ends_and_the_next_begins_at_once():
    s = scene(phase="end")
    ready(s)
    turn = s.turn
    s.apply(PASS)
    s.apply(PASS)
    assert s.active == B and s.turn == turn + 1 and s.phase == "start" and s.current_player == B


def test_MIT_6_3_MIT_6_3_2_MIT_6_3_5_MIT_6_3_6_MIT_6_3_8_the_summon_procedure():
    s = scene()
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    do(s, Summon(orren))
    assert s.cards[orren].zone == "stack" and s.mode == "counter" and sph(s, A) == "4/5/3/1"  # 6.3.2 – 6.3.5
    assert any("summons Captain Orren" in t for t in s.view(B)["log"])
    pass_counter(s)
    assert s.cards[orren].zone == "board" and s.stack == [] and s.mode == "window"  # 6.3.6, 6.3.8


def test_MIT_6_3_4_conditions_of_a_summon_are_met_at_summoning():
    s = scene()
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk")
    b1, b2 = hand(s, A, "Sunsteel Blade", "Sunsteel Blade")
    ready(s)
    do(s, Summon(b1, orren))
    pass_counter(s)
    pass_until(s, "summon_1", A)
    rejects(s, Summon(b2, orren), "MIT-8.weapon")


def test_MIT_6_3_8_a_a_card_without_sphere_icon_is_not_played_without_summoning():
    s = scene()
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    rejects(s, PlayUnsummoned(orren, None), "MIT-6.3.8.a")


def test_MIT_6_5_1_events_open_counter_rounds():
    s = scene()
    (city,) = hand(s, A, "Gilded Cityfolk")
    ready(s)
    do(s, PlaceNation(city, 0, 0))
    assert s.mode == "counter" and s.stack and s.stack[0].kind == "nation"


def test_MIT_7_2_1_b_OP_39_the_battle_phase_offers_only_a_pass():
    s = scene(phase="battle")
    (orren,) = hand(s, A, "Captain Orren")
    (feud,) = hand(s, B, "Blood Feud")
    ready(s)
    assert s.legal_actions() == [PASS]
    rejects(s, Summon(orren), "MIT-7.2.1.b")
    ready(s, priority=B)
    rejects(s, Summon(feud), "MIT-7.2.1.b")


# -- chapter 8 ------------------------------------------------------------------------------------------
def test_MIT_8_power_MIT_8_spheres_power_points_and_spheres():
    s = scene()
    nation(s, A, "Gilded Cityfolk")
    leader(s, A, "Lysa Brightspear")
    leader(s, A, "Captain Orren")
    assert _power.power_total(s, A) == 2 + 0 + 1 and s.view(B)["players"][A]["power"] == 3
    assert s.view(B)["players"][A]["spheres"] == [4, 5, 4, 3]


def test_MIT_8_nation_subtypes_MIT_8_race_MIT_8_extra_subtypes_MIT_8_supply_subtypes_MIT_8_intrigue_tags():
    from cardtable.games.mitosz import vocabulary as V

    words = " ".join(str(getattr(V, k)) for k in dir(V) if k.isupper())
    for sub in ("forest", "mountain", "deep", "swamp", "steppe", "polar", "desert", "urban", "aquatic",
                "shapeshifter", "demon", "undead", "sprite", "giant", "dragon", "dwarf", "elf",
                "beast", "troop", "war_machine", "weapon", "armor", "sage", "scribe", "rune", "seer", "prophecy"):
        assert sub in words, sub
    s = scene()
    court = hand(s, A, "Whispering Court")[0]
    assert d(s, court).subtypes == frozenset()  # an intrigue has no subtypes


def test_MIT_8_maneuver_markers():
    s = scene()
    ivo, omen, reck = (hand(s, seat, name)[0] for seat, name in (
        (A, "Magister Ivo"), (B, "Omen of Ravens"), (B, "Winter's Reckoning")))
    m = d(s, ivo).maneuvers[0]
    assert m.timing == ["reaction"] and m.permanent.uses_per_turn == 2
    o = d(s, omen).maneuvers[0]
    assert o.speed == "counter" and type(o.conditions[0]).__name__ == "RevealCondition"
    assert len(d(s, reck).maneuvers[0].steps) == 2


def test_MIT_8_region_a_MIT_8_region_c_MIT_8_building_a_MIT_8_building_b_region_and_buildings():
    s = scene()
    herders = nation(s, A, "Sunfield Herders")
    plains, granary, granary2, temple = hand(s, A, "Plains of Aster", "Granary Hall", "Granary Hall",
                                             "Temple of First Light")
    spheres(s, A, "0/0/0/0")
    ready(s)
    do(s, Summon(plains, herders))  # linked region: free (MIT-8.region.c)
    pass_counter(s)
    pass_until(s, "summon_1", A)
    rejects(s, Summon(temple, plains), "MIT-8.region.a")  # only a building on a region
    do(s, Summon(granary, plains))  # linked building: free (MIT-8.building.b)
    pass_counter(s)
    assert s.cards[granary].host == plains and sph(s, A) == "0/0/0/0"
    pass_until(s, "summon_1", A)
    spheres(s, A, "4/5/4/3")
    rejects(s, Summon(granary2, plains), "MIT-8.building.a")


def test_MIT_8_region_b_a_destroyed_region_takes_its_nation():
    s = scene()
    herders = nation(s, A, "Sunfield Herders")
    plains = attach(s, A, "Plains of Aster", herders)
    _moves.leave_board(s, plains, "afterworld", "destroy")
    assert herders in s.players[A].afterworld and s.players[A].grid == {}
    s = scene()
    herders = nation(s, A, "Sunfield Herders")
    plains = attach(s, A, "Plains of Aster", herders)
    _moves.leave_board(s, plains, "hand", "return")  # not destroyed: the nation stays
    assert s.cards[herders].zone == "board"


def test_MIT_8_building_c_OP_16_a_building_is_sacrificed_as_a_permanent_maneuver():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    granary = attach(s, A, "Granary Hall", city)
    ready(s)
    do(s, UseManeuver(granary, "sacrifice"))
    pass_counter(s)
    assert granary in s.players[A].afterworld and s.cards[city].zone == "board"


def test_MIT_8_shrine_MIT_8_strike_a_shrine_is_immune_to_strikes():
    s = scene()
    city = nation(s, A, "Gilded Cityfolk")
    temple = attach(s, A, "Temple of First Light", city)
    (winter,) = hand(s, B, "Long Winter")
    assert "strike" in d(s, winter).subtypes
    keys = _acts_targets.effect_keys(s, winter, d(s, winter).maneuvers[0], -1)
    assert _abilities.immune(s, s.cards[temple], keys) and not _abilities.immune(s, s.cards[city], keys)


def test_MIT_8_god_OP_62_a_god_leader_allows_one_fate_a_turn():
    s = scene()
    solvane = leader(s, A, "Solvane, Dawn Sovereign")
    assert _acts_options.god_allowances(s, A) == [solvane]
    (oath,) = hand(s, A, "Oath Unmade")
    ready(s)
    assert _acts_options.god_allowances(s, B) == []


def test_MIT_8_ruler_no_rule_text_only_a_tag():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")
    assert "ruler" in d(s, ivo).subtypes and _level.level(s, ivo) == 1  # no rule of its own
    intrigue(s, A, "Whispering Court")  # cards refer to it
    s.forget_caches()
    assert _level.level(s, ivo) == 2


def test_MIT_8_weapon_MIT_8_armor_one_of_each_per_leader():
    s = scene(active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    attach(s, B, "Scale Hauberk", skeld)
    h2, draught = hand(s, B, "Scale Hauberk", "Draught of Embers")
    ready(s)
    rejects(s, Summon(h2, skeld), "MIT-8.armor")
    do(s, Summon(draught, skeld))
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    attach(s, A, "Sunsteel Blade", lysa)
    (b2,) = hand(s, A, "Sunsteel Blade")
    ready(s)
    rejects(s, PlayUnsummoned(b2, lysa), "MIT-8.weapon")


def test_MIT_8_relic_a_kharenian_relic_goes_on_any_leader():
    s = scene()
    orren = leader(s, A, "Captain Orren")
    (idol,) = hand(s, A, "Idol of Kharen")
    assert d(s, idol).mythology == "kharenian" and "relic" in d(s, idol).subtypes
    ready(s)
    do(s, Summon(idol, orren))
    pass_counter(s)
    assert s.cards[idol].host == orren
    # the rule itself, for a relic that is not Kharenian (none in the sample set): the check refuses
    fake = SimpleNamespace(d=SimpleNamespace(**{**{k: getattr(d(s, idol), k) for k in (
        "name", "card_type", "subtypes", "cursed", "unique")}, "mythology": "nordan"}), iid=idol)
    assert _acts_summon._host_problem(s, A, fake, orren)[0] == "MIT-8.relic"


def test_MIT_8_potion_its_effect_applies_when_sacrificed():
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    draught = attach(s, A, "Draught of Embers", lysa, owner=B)
    assert _level.level(s, lysa) == 2
    ready(s)
    do(s, UseManeuver(draught, "sacrifice"))
    pass_counter(s)
    assert _level.level(s, lysa) == 4 and draught in s.players[B].afterworld  # nordan potion: no bonus for A


def test_MIT_1_4_2_c_OP_05_the_owner_orders_simultaneous_moves_to_the_afterworld():
    s = scene()
    lysa = leader(s, A, "Lysa Brightspear")
    blade = attach(s, A, "Sunsteel Blade", lysa)
    idol = attach(s, A, "Idol of Kharen", lysa)
    ready(s, active=B)
    _moves.leave_board(s, lysa, "afterworld", "destroy")  # Lysa and both items go at the same moment
    _flow._run(s)
    assert s.mode == "prompt" and s.prompt.kind == "afterworld_order" and s.current_player == A
    assert {a.cards[0] for a in s.legal_actions()} == {lysa, blade, idol}
    rejects(s, PASS, "MIT-1.4.2.c")
    do(s, Choose((idol,)))  # lowest
    do(s, Choose((lysa,)))  # then Lysa; the Blade, last, lies on top
    assert s.players[A].afterworld[-3:] == [idol, lysa, blade]
    assert s.mode == "window" and s.current_player == B  # the window it interrupted goes on
    # one card at a time, or copies of one card, ask nothing
    orren = leader(s, A, "Captain Orren")
    ready(s, active=B)
    _moves.leave_board(s, orren, "afterworld", "destroy")
    _flow._run(s)
    assert s.mode == "window" and s.players[A].afterworld[-1] == orren


TEST_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Herald of Dawn"
    card_type: leader
    mythology: aurelian
    level: 1
    cost: {influence: 1}
    power_points: 0
    maneuvers:
      - id: m1
        on_enter: must
        cost: {magic: 1}
        effect:
          - draw: {player: self, n: 1}
  - id: TST-002
    set: TST
    serial: 2
    name: "Quiet Envoy"
    card_type: leader
    mythology: aurelian
    level: 1
    cost: {influence: 1}
    power_points: 0
    maneuvers:
      - id: m1
        on_enter: may
        timing: [reaction]
        effect:
          - draw: {player: self, n: 1}
"""


def test_MIT_6_3_7_a_maneuver_used_as_the_card_is_played(tmp_path, monkeypatch):
    s = scene(options=custom_decks(tmp_path, monkeypatch, "herald", TEST_SET, a=["TST-001", "TST-002"]))
    (herald,) = hand(s, A, "Herald of Dawn")
    (envoy,) = hand(s, A, "Quiet Envoy")
    s.players[A].spheres = [2, 5, 4, 3]
    ready(s)
    # "must": when the Herald enters, its maneuver is used at once (paid), before the summon ends
    do(s, Summon(herald))
    pass_counter(s)
    assert herald in s.players[A].leaders and s.mode == "prompt" and s.prompt.kind == "on_enter"
    options = s.legal_actions()
    assert options == [UseManeuver(herald, "m1")]  # no pass: it must be used
    rejects(s, PASS, "MIT-6.3.7")
    hand_before = len(s.players[A].hand)
    do(s, UseManeuver(herald, "m1"))
    assert s.mode == "counter" and s.stack[-1].card == herald and s.players[A].spheres[0] == 1
    assert s.cards[herald].rotated  # the user rotates (MIT-4.6.3)
    pass_counter(s)
    assert len(s.players[A].hand) == hand_before + 1 and not s.stack
    assert s.mode == "window" and s.current_player == B  # the summon is over; priority moves on
    # "may", and its timing marker (reaction) does not apply: the card says when; the player may decline
    ready(s)
    do(s, Summon(envoy))
    pass_counter(s)
    assert s.prompt.kind == "on_enter" and PASS in s.legal_actions()
    do(s, PASS)
    assert envoy in s.players[A].leaders and not s.stack and s.mode == "window"


PLAYED_BY_EFFECT_SET = TEST_SET + """
  - id: TST-072
    set: TST
    serial: 72
    name: "Call to Arms"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    maneuvers:
      - id: m1
        timing: [action]
        effect:
          - play_card: {from: hand, filter: {card_type: [leader]}, free: true}
          - gain_spheres: {player: self, amount: {wealth: 1}, over_max: true}
"""


def test_MIT_6_3_7_MIT_6_5_1_a_card_played_by_an_effect_uses_its_entry_maneuver(tmp_path, monkeypatch):
    s = scene(options=custom_decks(tmp_path, monkeypatch, "called", PLAYED_BY_EFFECT_SET, a=["TST-001", "TST-072"]))
    orren = leader(s, A, "Captain Orren")
    (herald,) = hand(s, A, "Herald of Dawn")
    (call,) = hand(s, A, "Call to Arms")
    s.players[A].spheres = [2, 5, 4, 3]
    ready(s)
    do(s, UseFreeManeuver(call, orren, "m1"))
    pass_counter(s)
    # the Herald came from the hand by the effect; its "must" maneuver is asked before the effect goes on
    assert herald in s.players[A].leaders and s.mode == "prompt" and s.prompt.kind == "on_enter"
    assert s.legal_actions() == [UseManeuver(herald, "m1")]
    do(s, UseManeuver(herald, "m1"))
    assert s.mode == "counter" and s.stack[-1].card == herald and s.players[A].spheres[0] == 1
    pass_counter(s)
    # the entry maneuver drew a card (the Herald's, on top), then the effect went on with its wealth
    assert len(s.players[A].hand) == 1 and s.players[A].spheres[2] == 5 and not s.stack
    assert s.mode == "window"


def test_MIT_8_rune_MIT_3_9_i_OP_60_a_scribe_attaches_a_rune():
    s = scene()
    ivo = leader(s, A, "Magister Ivo")  # a scribe
    lysa = leader(s, A, "Lysa Brightspear")
    orren = leader(s, A, "Captain Orren")
    (rune,) = hand(s, A, "Rune of Warding")
    spheres(s, A, "4/5/4/3")
    ready(s)
    assert UseFreeManeuver(rune, ivo, "m1", (lysa,)) in s.legal_actions()  # used once, as usual
    attach_act = UseFreeManeuver(rune, ivo, "m1", (lysa,), attach=True)
    do(s, attach_act)
    pass_counter(s)
    assert s.cards[rune].zone == "board" and s.cards[rune].host == lysa  # attached to its target
    assert "poison" in _abilities.immunities(s, s.cards[lysa])
    assert any(e.until == ("attached", rune) for e in s.effects)  # it lasts while attached, not a turn
    checks.expire_at_turn_start(s)
    assert "poison" in _abilities.immunities(s, s.cards[lysa])
    # when its host leaves, the rune goes with it and the immunity ends
    _moves.leave_board(s, lysa, "afterworld", "destroy")
    assert s.cards[rune].zone == "afterworld" and not any(e.until == ("attached", rune) for e in s.effects)
    assert orren >= 0


CONFLICT_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Oathbound Warden"
    card_type: leader
    mythology: aurelian
    level: 2
    cost: {influence: 1}
    power_points: 0
    maneuvers:
      - id: m1
        speed: locked
        static:
          - restrict: {target: $self, what: cannot_be_destroyed}
  - id: TST-002
    set: TST
    serial: 2
    name: "Doom of Kings"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader], controller: enemy}}
        effect:
          - destroy: {target: $t1}
  - id: TST-003
    set: TST
    serial: 3
    name: "Headsman's Axe"
    card_type: item
    mythology: nordan
    level: 0
    level_is_modifier: true
    cost: {force: 1}
    power_points: 0
    maneuvers:
      - id: m1
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader], controller: enemy}}
        effect:
          - destroy: {target: $t1}
  - id: TST-004
    set: TST
    serial: 4
    name: "Executioner"
    card_type: leader
    mythology: nordan
    level: 2
    cost: {force: 1}
    power_points: 0
    maneuvers:
      - id: m1
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader], controller: enemy}}
        effect:
          - destroy: {target: $t1}
"""


def _conflict_scene(tmp_path, monkeypatch, name):
    """A owns the Warden (deck dawn-<name>); B holds the destroying cards (deck frost-<name>)."""
    options = custom_decks(tmp_path, monkeypatch, name, CONFLICT_SET, a=["TST-001"],
                           b=["TST-002", "TST-003", "TST-004"])
    s = scene(options=options, active=B)
    warden = leader(s, A, "Oathbound Warden")
    spheres(s, B, "3/2/3/6")
    return s, warden


def test_MIT_5_9_OP_33_the_lower_rank_wins_a_conflict(tmp_path, monkeypatch):
    s, warden = _conflict_scene(tmp_path, monkeypatch, "ranks")
    (doom,) = hand(s, B, "Doom of Kings")
    god_leader = leader(s, B, "Hrimgar, Frost Father")  # its allowance lets B use an unlinked fate
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    axe_on = attach(s, B, "Headsman's Axe", skeld)
    ready(s)
    # an item (rank 8) against the Warden's own prohibition (a leader, rank 3): the prohibition holds
    do(s, UseManeuver(axe_on, "m1", (warden,)))
    pass_counter(s)
    assert s.cards[warden].zone == "board"
    do(s, PASS)  # A
    # a fate (rank 2) is stronger than a leader: the Warden is destroyed
    do(s, UseFate(doom, god_leader, (warden,)))
    pass_counter(s)
    assert s.cards[warden].zone == "afterworld"


def test_MIT_5_9_OP_33_equal_ranks_reveal_off(tmp_path, monkeypatch):
    s, warden = _conflict_scene(tmp_path, monkeypatch, "reveal")
    executioner = leader(s, B, "Executioner")  # a leader against a leader, neither magical
    deck_top(s, A, "Dunewatch Nomads")  # A reveals 6 …
    deck_top(s, B, "Frost Wolves")  # … B reveals 0: the Warden's controller wins
    ready(s)
    do(s, UseManeuver(executioner, "m1", (warden,)))
    pass_counter(s)
    assert s.cards[warden].zone == "board"
    assert any("to settle a conflict (MIT-5.9)" in text for _t, text, _to in s.log)


STEAL_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Grasping Hand"
    card_type: free_maneuver
    mythology: nordan
    power_points: 0
    requirement_groups: [[ruler]]
    maneuvers:
      - id: m1
        timing: [action]
        cost: {influence: 1}
        targets:
          t1: {select: chosen, count: 1, filter: {zone: board, controller: enemy, card_type: [item]}}
        effect:
          - steal: {target: $t1}
"""


def test_MIT_5_2_d_OP_30_a_stolen_item_is_reattached_for_good(tmp_path, monkeypatch):
    s = scene(options=custom_decks(tmp_path, monkeypatch, "grasp", STEAL_SET, b=["TST-001"]), active=B)
    lysa = leader(s, A, "Lysa Brightspear")
    blade = attach(s, A, "Sunsteel Blade", lysa)
    ulfar = leader(s, B, "Old Ulfar the Seer")  # a ruler
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    (hand_card,) = hand(s, B, "Grasping Hand")
    spheres(s, B, "3/2/3/6")
    ready(s)
    do(s, UseFreeManeuver(hand_card, ulfar, "m1", (blade,)))
    pass_counter(s)
    inst = s.cards[blade]
    assert inst.controller == B and inst.owner == A and inst.host in (ulfar, skeld)  # a legal own host
    checks.expire_at_turn_start(s)
    s.turn += 5
    checks.expire_at_turn_start(s)
    assert s.cards[blade].controller == B  # permanent: no steal effect to expire
    _moves.leave_board(s, inst.host, "afterworld", "destroy")
    assert blade in s.players[A].afterworld  # to its owner's afterworld (MIT-G1)


def test_OP_24_MIT_4_2_3_c_with_three_players_the_user_chooses_whose_hand_to_peek():
    s = fresh(0, players=3)
    for p in s.players:
        for iid in list(p.hand):
            _moves.to_zone(s, iid, "deck")
    s.order = (0, 1, 2)
    s.active = 1
    s.phase = Phase.SUMMON_1
    ulfar = leader(s, 1, "Old Ulfar the Seer")
    (pool,) = hand(s, 1, "Scrying Pool")
    hand(s, 2, "Captain Orren")  # P2 holds one card, P0 none
    ready(s)
    do(s, UseFreeManeuver(pool, ulfar, "m1"))
    pass_counter(s)
    assert s.mode == "prompt" and s.prompt.kind == "choose_enemy" and s.prompt.player == 1
    assert s.prompt.options == ["P0", "P2"]
    do(s, ChooseOption(1))
    assert any("peeks at a random card of P2's hand" in text for _t, text, _to in s.log)


# -- Mítosz II: dormant leaders, card type changes, the rest of spec 6.4's primitives ---------------------------
MITOSZ_II_SET = """
code: TST
name: Test cards of Mitosz II
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Dragon's Lair"
    card_type: location
    mythology: nordan
    level: 1
    level_is_modifier: true
    cost: {wealth: 1}
    power_points: 0
    maneuvers:
      - id: m1
        timing: [rite]
        cost: {magic: 1}
        targets:
          t1: {select: chosen, count: 1, filter: {zone: hand, controller: self, card_type: [leader]}}
        effect:
          - attach: {card: $t1, host: $self}
  - id: TST-002
    set: TST
    serial: 2
    name: "Sleeping Sentinel"
    card_type: leader
    subtypes: [giant]
    mythology: nordan
    level: 3
    cost: {force: 2}
    power_points: 2
    maneuvers:
      - id: m1
        effect:
          - draw: {player: self, n: 1}
      - id: m2
        speed: locked
        static:
          - modify_hand_size: {player: self, delta: 1}
  - id: TST-003
    set: TST
    serial: 3
    name: "Stone Curse"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    maneuvers:
      - id: m1
        timing: [action]
        cost: {magic: 1}
        targets:
          t1: {select: chosen, count: 1, filter: {zone: board, controller: enemy, card_type: [leader]}}
        effect:
          - set_card_type: {target: $t1, card_type: location}
  - id: TST-004
    set: TST
    serial: 4
    name: "Call to Arms"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    maneuvers:
      - id: m1
        timing: [action]
        cost: {influence: 1}
        effect:
          - play_card: {from: afterworld, filter: {card_type: [leader]}, free: true}
  - id: TST-005
    set: TST
    serial: 5
    name: "Guild Charter"
    card_type: intrigue
    mythology: aurelian
    cost: {influence: 1}
    power_points: 0
    maneuvers:
      - id: m1
        speed: locked
        static:
          - modify_cost: {filter: {card_type: [leader], controller: self}, delta: {force: -1}}
          - modify_cost: {filter: {subtypes_any: [wizard], controller: self}, delta: {magic: -1}, applies_to: usage}
          - grant_fate_use: {player: self, n: 1}
          - modify_power_points: {target: $self, delta: 1}
  - id: TST-006
    set: TST
    serial: 6
    name: "Rearm"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    maneuvers:
      - id: m1
        timing: [action]
        targets:
          t1: {select: chosen, count: 1, filter: {zone: afterworld, owner: self, card_type: [item]}}
          t2: {select: chosen, count: 1, filter: {zone: board, controller: self, card_type: [leader]}}
        effect:
          - attach: {card: $t1, host: $t2}
  - id: TST-007
    set: TST
    serial: 7
    name: "Muster"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    maneuvers:
      - id: m1
        timing: [action]
        effect:
          - play_card: {from: hand, filter: {card_type: [item]}}
"""


def mitosz_ii(tmp_path, monkeypatch, name: str, **kw):
    """A game whose decks hold the test cards of Mítosz II (A: the free maneuvers and the charter; B: the lair
    and the sentinel), A's summon phase."""
    a = kw.pop("a", ["TST-003", "TST-004", "TST-005", "TST-006", "TST-007"])
    b = kw.pop("b", ["TST-001", "TST-002"])
    return scene(options=custom_decks(tmp_path, monkeypatch, name, MITOSZ_II_SET, a=a, b=b), **kw)


def test_MIT_5_15_OP_35_an_attached_leader_is_dormant_until_its_nation_is_attacked(tmp_path, monkeypatch):
    from cardtable.games.mitosz.actions import DeclareBattle

    s = mitosz_ii(tmp_path, monkeypatch, "lair", active=B)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    lair = attach(s, B, "Dragon's Lair", fjord)
    skeld, vigdis, ulfar = (leader(s, B, n) for n in ("Jarl Skeld Ironbrow", "Vigdis the Wolf-Sworn",
                                                      "Old Ulfar the Seer"))  # the limit: 1 nation + 2 = 3
    (sentinel,) = hand(s, B, "Sleeping Sentinel")
    spheres(s, B, "3/2/3/6")
    power, size = _power.power_total(s, B), _lasting.hand_size(s, B)
    ready(s)
    do(s, UseManeuver(lair, "m1", (sentinel,)))  # a spec 6.4 attach: from the hand onto the lair
    pass_counter(s)
    inst = s.cards[sentinel]
    assert inst.zone == "board" and inst.host == lair and inst.dormant == "attacked"
    # not a leader on the board: not in the row, not counted for the limit, no power points, no statics …
    assert sentinel not in s.players[B].leaders and s.mode == "window"  # 3 leaders: no sacrifice asked
    assert _power.power_total(s, B) == power and _lasting.hand_size(s, B) == size
    # … chosen as no leader, and it cannot act
    leaders = Filter(card_type=["leader"])
    assert not _filters.matches(s, inst, leaders, A, {}) and _filters.matches(s, s.cards[skeld], leaders, A, {})
    assert not _filters.matches(s, inst, Filter(creature=True), A, {}) and _filters.matches(s, inst, Filter(), A, {})
    ready(s, priority=B)
    rejects(s, UseManeuver(sentinel, "m1"), "MIT-5.15")
    # A attacks the nation under the lair: the sentinel wakes before the defender names a commander
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    ready(s, phase="battle", active=A)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    assert inst.dormant is None and inst.host == -1 and sentinel in s.players[B].leaders
    assert _lasting.hand_size(s, B) == size + 1 and _power.power_total(s, B) == power + 2
    # four leaders for a limit of three: B sacrifices one first (OP-14), then may name the sentinel
    assert s.prompt.kind == "sacrifice_leader" and s.prompt.player == B
    do(s, Choose((ulfar,)))
    assert s.prompt.kind == "fight_leader" and any("Sleeping Sentinel" in o for o in s.prompt.options)
    assert vigdis >= 0


def test_MIT_5_15_OP_35_other_wake_conditions_and_leaving_with_the_host(tmp_path, monkeypatch):
    s = mitosz_ii(tmp_path, monkeypatch, "wake", active=B)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    lair = attach(s, B, "Dragon's Lair", fjord)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    (sentinel,) = hand(s, B, "Sleeping Sentinel")
    ready(s)
    # a leader of the row may be attached too; "host_leaves": it wakes when its host goes
    _attach._attach_card(s, skeld, lair, "host_leaves", B)
    assert s.cards[skeld].dormant == "host_leaves" and skeld not in s.players[B].leaders
    _moves.leave_board(s, fjord, "afterworld", "destroy")  # the nation takes the lair; the leader stays, awake
    assert s.cards[lair].zone == "afterworld" and s.cards[skeld].zone == "board" and skeld in s.players[B].leaders
    # "turn_start": asleep until its player's next turn
    pine = nation(s, B, "Pinewood Tribes", 0, 0)
    ready(s)
    _attach._attach_card(s, sentinel, pine, "turn_start", B)
    assert s.cards[sentinel].dormant == "turn_start"
    pass_until(s, "draw", A)
    assert s.cards[sentinel].dormant == "turn_start"  # not in A's turn
    pass_until(s, "draw", B)
    assert s.cards[sentinel].dormant is None and sentinel in s.players[B].leaders
    # the default, "attacked", goes with its host like any attachment (MIT-1.4.2.a)
    ready(s, priority=B)
    _attach._attach_card(s, sentinel, pine, "attacked", B)
    _moves.leave_board(s, pine, "afterworld", "destroy")
    assert s.cards[sentinel].zone == "afterworld"


def test_MIT_5_16_a_new_card_type_replaces_the_old_one(tmp_path, monkeypatch):
    from cardtable.games.mitosz.actions import DeclareDuel

    s = mitosz_ii(tmp_path, monkeypatch, "curse")
    ivo = leader(s, A, "Magister Ivo")
    lysa = leader(s, A, "Lysa Brightspear")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    ulfar = leader(s, B, "Old Ulfar the Seer")  # B: no nation, the limit is 2
    (curse,) = hand(s, A, "Stone Curse")
    spheres(s, A, "4/5/4/3")
    ready(s)
    rejects(s, UseFreeManeuver(curse, ivo, "m1", (god(s, B),)), "MIT-4.6.1")
    do(s, UseFreeManeuver(curse, ivo, "m1", (vigdis,)))
    pass_counter(s)
    inst = s.cards[vigdis]
    assert _card_types.card_type(s, inst) == "location" and inst.d.card_type == "leader"  # the printed type is kept
    # no leader now: no target of a leader's filter, no fighter, not counted for the limit (3 in the row)
    assert _board.row_leaders(s, B) == [skeld, ulfar] and s.mode == "window"
    ready(s, phase="battle")
    assert not any(getattr(a, "challenged", None) == vigdis for a in s.legal_actions())
    rejects(s, DeclareDuel(lysa, vigdis), "MIT-5.16")
    # the effect ends at the start of the next turn: a leader again, and B is over the limit
    s.turn += 1
    checks.expire_at_turn_start(s)
    assert _card_types.card_type(s, inst) == "leader" and _board.row_leaders(s, B) == [vigdis, skeld, ulfar]
    assert not checks.state_checks(s) and s.prompt.kind == "sacrifice_leader"


def test_MIT_5_16_MIT_1_2_6_a_card_that_leaves_the_board_forgets_its_new_type(tmp_path, monkeypatch):
    s = mitosz_ii(tmp_path, monkeypatch, "curse-back")
    ivo = leader(s, A, "Magister Ivo")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (curse,) = hand(s, A, "Stone Curse")
    spheres(s, A, "4/5/4/3")
    ready(s)
    do(s, UseFreeManeuver(curse, ivo, "m1", (vigdis,)))
    pass_counter(s)
    assert _card_types.card_type(s, s.cards[vigdis]) == "location" and curse in s.lingering  # it lingers while its effect lasts
    _moves.leave_board(s, vigdis, "hand", "return")
    assert not any(e.kind == "set_card_type" for e in s.effects)  # the effect had no other card: it ended
    assert curse in s.players[A].afterworld  # MIT-3.9.g
    _moves.enter_board(s, vigdis, B)
    s.players[B].leaders.append(vigdis)
    assert _card_types.card_type(s, s.cards[vigdis]) == "leader"


def test_spec_6_4_attach_an_item_by_its_rules(tmp_path, monkeypatch):
    s = mitosz_ii(tmp_path, monkeypatch, "rearm")
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    blades = afterworld(s, A, "Sunsteel Blade", "Sunsteel Blade")
    (rearm,) = hand(s, A, "Rearm")
    spheres(s, A, "4/5/4/3")
    ready(s)
    do(s, UseFreeManeuver(rearm, orren, "m1", (blades[-1], lysa)))
    pass_counter(s)
    assert s.cards[blades[-1]].host == lysa and s.cards[blades[-1]].zone == "board"
    # a second weapon is refused by the item's rules (MIT-8.weapon): it stays in the afterworld
    _attach._attach_card(s, blades[0], lysa, "attacked", A)
    assert s.cards[blades[0]].zone == "afterworld"
    assert any("MIT-8.weapon" in text for _t, text, _to in s.log)


def test_spec_6_4_play_card_a_card_played_by_an_effect(tmp_path, monkeypatch):
    s = mitosz_ii(tmp_path, monkeypatch, "arms")
    ivo = leader(s, A, "Magister Ivo")
    lysa = leader(s, A, "Lysa Brightspear")
    orren, lysa2 = afterworld(s, A, "Captain Orren", "Solvane, Dawn Sovereign")
    call, muster, blade = hand(s, A, "Call to Arms", "Muster", "Sunsteel Blade")
    spheres(s, A, "4/5/4/3")
    ready(s)
    do(s, UseFreeManeuver(call, ivo, "m1"))
    pass_counter(s)
    # two leaders in the afterworld: A chooses (others read the question without its options)
    assert s.prompt.kind == "play_card" and s.prompt.player == A
    assert "Captain Orren" not in s.view(B)["prompt"]["text"]
    index = next(i for i, o in enumerate(s.prompt.options) if o.startswith("Captain Orren"))
    do(s, ChooseOption(index))
    assert orren in s.players[A].leaders and sph(s, A) == "4/4/4/3"  # free: only the maneuver's I1 was paid
    # not free: the summoning cost is paid; an item goes onto a legal host (the Blade: linked to Lysa, any leader)
    ready(s)
    do(s, UseFreeManeuver(muster, lysa, "m1"))
    pass_counter(s)
    assert s.prompt.kind == "play_card"
    assert {o.split(" (")[0] for o in s.prompt.options} == {"Sunsteel Blade onto Captain Orren",
                                                               "Sunsteel Blade onto Lysa Brightspear",
                                                               "Sunsteel Blade onto Magister Ivo"}
    do(s, ChooseOption(next(i for i, o in enumerate(s.prompt.options) if "onto Captain Orren" in o)))
    assert s.cards[blade].host == orren and sph(s, A) == "4/4/3/2"  # W1 F1
    assert lysa2 >= 0


def test_spec_6_4_modify_cost_grant_fate_use_and_modify_power_points_as_statics(tmp_path, monkeypatch):
    s = mitosz_ii(tmp_path, monkeypatch, "charter", a=["TST-005", {"card": "SMP-072", "copies": 2}])
    before = _power.power_total(s, A)
    intrigue(s, A, "Guild Charter")
    s.forget_caches()
    assert _power.power_total(s, A) == before + 1  # a modify_power_points static (spec 6.7) counts too
    ivo = leader(s, A, "Magister Ivo")
    orren, winter, winter2 = hand(s, A, "Captain Orren", "Long Winter", "Long Winter")
    nation(s, B, "Fjord Wardens", 0, 0)
    spheres(s, A, "2/0/1/1")
    ready(s)
    # a leader costs one force less: Orren W1 F2 → W1 F1
    assert _acts_costs.summon_cost(s, orren) == (0, 0, 1, 1)
    do(s, Summon(orren))
    assert sph(s, A) == "2/0/0/0"
    pass_counter(s)
    # a fate not linked to Solvane: the charter grants one use a turn (like MIT-8.god)
    charter = s.intrigues[0]
    ready(s)
    do(s, UseFate(winter, charter))
    pass_counter(s)
    spheres(s, A, "4/5/4/3")
    ready(s)
    rejects(s, UseFate(winter2, charter), "MIT-8.god")
    s.players[A].allowances = ()  # the next turn (MIT-6.2.1.1)
    ready(s)
    assert UseFate(winter2, charter) in s.legal_actions()
    # a wizard's maneuvers cost one magic less: Ivo's reaction (M1) is offered, and paid, with no magic
    spheres(s, A, "0/5/4/3")
    ready(s, active=B, priority=A)
    do(s, UseManeuver(ivo, "m1"))
    assert sph(s, A) == "0/5/4/3"


def test_spec_6_4_grant_fate_use_and_modify_cost_as_effects(tmp_path, monkeypatch):
    from cardtable.games.mitosz.schema.primitives import CALL_MODELS

    s = mitosz_ii(tmp_path, monkeypatch, "grants", a=["TST-005", {"card": "SMP-072", "copies": 1}])
    (winter, orren) = hand(s, A, "Long Winter", "Captain Orren")
    spheres(s, A, "4/5/4/3")
    ready(s)
    assert not any(isinstance(a, UseFate) for a in s.legal_actions())  # not linked to Solvane, no god leader
    source = named(s, A, "Tribute of the Hearth")  # the card whose effect grants (its name in the allowance)
    call = CALL_MODELS["grant_fate_use"].model_validate({"grant_fate_use": {"n": 1}}).grant_fate_use
    VOCABULARY["grant_fate_use"].resolve(s, call, fake_item(s, A, source))
    cheaper = CALL_MODELS["modify_cost"].model_validate(
        {"modify_cost": {"filter": {"name": "Captain Orren"}, "delta": {"wealth": -1, "force": 1}}}).modify_cost
    VOCABULARY["modify_cost"].resolve(s, cheaper, fake_item(s, A, source))
    ready(s)
    assert UseFate(winter, source) in s.legal_actions() and _acts_costs.summon_cost(s, orren) == (0, 0, 0, 3)
    s.turn += 1
    checks.expire_at_turn_start(s)  # both lasted until the start of the next turn
    ready(s)
    assert _acts_options.god_allowances(s, A) == [] and _acts_costs.summon_cost(s, orren) == (0, 0, 1, 2)
