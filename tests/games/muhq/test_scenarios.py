"""The acceptance scenarios of spec section 11, each named after the rules it checks (AS-01, AS-04 and AS-05's
geometry is also in test_grid.py)."""

from __future__ import annotations

from cardtable.engine.game import GAME_OVER
from cardtable.games.muhq import MuhqGame
from cardtable.games.muhq.actions import (END_ACTION_PHASE, END_ACTIVATION, Activate, Attack, Buy, Carry,
                                          ClearParalysis, DeclineUpkeep, DraftPick, DropPlace, Equip, Move,
                                          PayUpkeep, PlaceToken, PlayPermanent, PlaySpell, UniversalFreeAction)
from cardtable.games.muhq.stats import attack_range, attack_value, profile

from .helpers import P0, P1, at, crew, hand, pass_all, put, ready, rejected, resource, scene, terrain, zone
from .turns import to_action_phase


def test_AS_02_MUHQ_COMBAT_4_ranged_attack_range_no_return_damage_threshold():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    a = put(s, P1, "Recruit", 7, 5)
    b = put(s, P1, "Recruit", 7, 6)
    ready(s)
    s.apply(Activate(archer))
    rejected(s, Attack(archer, b), "MUHQ-COMBAT-4")
    assert not s.perms[archer].attack_used
    s.apply(Attack(archer, a))
    pass_all(s)
    assert s.perms[a].damage == 1 and a in s.perms  # 1 is not greater than life 1 (MUHQ-UNIT-2)
    assert s.perms[archer].damage == 0  # the Recruit's range 1 < 3 (MUHQ-COMBAT-7)
    assert s.perms[archer].attack_used


def test_AS_04_MUHQ_MOVE_2_diagonal_costs_in_a_game():
    s = scene()
    rider = put(s, P0, "Outrider", 0, 0)
    ready(s)
    s.apply(Activate(rider))
    rejected(s, Move(rider, (1, 1, 2, 2, 3, 3, 4, 4)), "MUHQ-MOVE-3")
    rejected(s, Move(rider, (1, 1, 2, 2, 3, 2, 4, 2)), "MUHQ-MOVE-3")
    s.apply(Move(rider, (1, 1, 2, 2, 3, 3)))
    pass_all(s)
    assert at(s, rider) == (3, 3)


def test_AS_06_MUHQ_COMBAT_8_simultaneous_damage_both_die():
    s = scene()
    berserker = put(s, P0, "Berserker", 4, 4, damage=2)
    pikeman = put(s, P1, "Pikeman", 4, 5, damage=1)
    ready(s)
    s.apply(Activate(berserker))
    s.apply(Attack(berserker, pikeman))
    pass_all(s)
    # the Berserker's "is dealt damage" trigger is declared and resolves without effect (MUHQ-ACT-10)
    assert [i.label for i in s.stack] == ["Berserker: trigger"]
    pass_all(s)
    assert berserker not in s.perms and pikeman not in s.perms
    assert berserker in s.players[P0].discard and pikeman in s.players[P1].discard
    assert s.activation is None and s.mode == "open"


def test_AS_12_MUHQ_STACK_1_last_in_first_out():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6)
    volley, = hand(s, P0, "Volley")
    wall, = hand(s, P1, "Shield Wall")
    resource(s, P0, 1)
    resource(s, P1, 1)
    ready(s)
    s.apply(PlaySpell(volley, (recruit,)))
    s.apply(PASS)
    s.apply(PlaySpell(wall, (recruit,)))
    pass_all(s)
    assert s.perms[recruit].protection == 2
    pass_all(s)
    assert s.perms[recruit].damage == 0 and s.perms[recruit].protection == 0
    assert volley in s.players[P0].discard and wall in s.players[P1].discard
    assert s.mode == "open" and s.current_player == P0


from cardtable.games.muhq.actions import PASS  # noqa: E402


# -- AS-03 ------------------------------------------------------------------------------------------------

def test_AS_03_MUHQ_COMBAT_10_high_ground_adds_range_to_ranged_components_only():
    s = scene()
    terrain(s, {(4, 4): "high_ground"})
    archer = put(s, P0, "Longbow Archer", 4, 4)
    put(s, P1, "Recruit", 7, 5)
    b = put(s, P1, "Recruit", 7, 6)
    ready(s)
    s.apply(Activate(archer))
    s.apply(Attack(archer, b))  # range 3 + 1 = 4, d = 4
    pass_all(s)
    assert s.perms[b].damage == 1
    # Given 2: a melee unit on high ground gets no bonus
    s = scene()
    terrain(s, {(4, 4): "high_ground"})
    pikeman = put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 6, 4)
    ready(s)
    s.apply(Activate(pikeman))
    rejected(s, Attack(pikeman, recruit), "MUHQ-COMBAT-4")


# -- AS-05 ------------------------------------------------------------------------------------------------

def test_AS_05_MUHQ_MOVE_4_movement_blocked_by_a_permanent():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 0, 0)
    put(s, P1, "Recruit", 1, 0)
    ready(s)
    s.apply(Activate(pikeman))
    rejected(s, Move(pikeman, (1, 0, 2, 0)), "MUHQ-MOVE-4")
    rejected(s, Move(pikeman, (1, 1, 2, 0)), "MUHQ-MOVE-3")
    s.apply(Move(pikeman, (1, 1, 2, 1)))
    pass_all(s)
    assert at(s, pikeman) == (2, 1)


# -- AS-07 ------------------------------------------------------------------------------------------------

def test_AS_07a_MUHQ_DMG_4_armor_reduces_to_zero_no_damage_no_event():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    pikeman = put(s, P1, "Pikeman", 4, 7)
    ready(s)
    s.apply(Activate(archer))
    s.apply(Attack(archer, pikeman))
    pass_all(s)
    assert s.perms[pikeman].damage == 0
    assert not s.stack and not s.triggers and s.mode == "open"


def test_AS_07b_MUHQ_PMARK_2_one_protection_marker_prevents_all_damage():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6, protection=1)
    perish, = hand(s, P0, "Perish!")
    resource(s, P0, 2)
    ready(s)
    s.apply(PlaySpell(perish, (recruit,)))
    pass_all(s)
    r = s.perms[recruit]
    assert r.damage == 0 and r.protection == 0
    assert s.players[P0].resource == 0
    assert perish in s.players[P0].discard


def test_AS_07c_MUHQ_PMARK_2_markers_removed_equal_to_the_damage():
    s = scene()
    sentry = put(s, P0, "Crossbow Sentry", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6, protection=3)
    ready(s)
    s.apply(Activate(sentry))
    s.apply(Attack(sentry, recruit))
    pass_all(s)
    assert s.perms[recruit].damage == 0 and s.perms[recruit].protection == 1
    assert s.perms[sentry].damage == 0  # range 1 < 2: no strike back


def test_AS_07d_MUHQ_DMG_1_armor_before_protection_markers():
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    pikeman = put(s, P1, "Pikeman", 4, 5, protection=1)
    ready(s)
    s.apply(Activate(recruit))
    s.apply(Attack(recruit, pikeman))
    pass_all(s)
    assert s.perms[pikeman].protection == 1 and s.perms[pikeman].damage == 0  # OP-17
    assert recruit not in s.perms and recruit in s.players[P0].discard


# -- AS-08 ------------------------------------------------------------------------------------------------

def test_AS_08_MUHQ_POISON_2_poison_kills_on_activation():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 2, 2, poison=2)
    ready(s)
    s.apply(Activate(pikeman))
    assert pikeman not in s.perms and pikeman in s.players[P0].discard  # MUHQ-POISON-3, MUHQ-COND-4
    assert s.activation is None and s.mode == "open" and s.current_player == P0


def test_AS_08_variant_MUHQ_POISON_3_poison_equal_to_life_survives_and_acts():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 2, 2, poison=1)
    ready(s)
    s.apply(Activate(pikeman))
    assert s.perms[pikeman].poison == 2 and s.activation == pikeman
    s.apply(Move(pikeman, (2, 3)))
    pass_all(s)
    assert at(s, pikeman) == (2, 3)


# -- AS-09 ------------------------------------------------------------------------------------------------

def test_AS_09_MUHQ_PARA_3_paralysis_cleared_with_unit_actions():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 2, 2, paralysis=2)
    enemy = put(s, P1, "Recruit", 2, 5)
    resource(s, P0, 1)  # for the Pikeman's upkeep next turn
    ready(s)
    s.apply(Activate(pikeman))
    rejected(s, Move(pikeman, (2, 3)), "MUHQ-PARA-2")
    s.apply(ClearParalysis(pikeman, "move"))
    pass_all(s)
    p = s.perms[pikeman]
    assert p.paralysis == 1 and p.move_used and not p.attack_used
    assert s.activation == pikeman
    s.apply(ClearParalysis(pikeman, "attack"))
    pass_all(s)
    assert p.paralysis == 0
    assert s.activation is None and p.tapped  # MUHQ-APHASE-4: no unused action left
    to_action_phase(s, P0)
    s.apply(Activate(pikeman))
    s.apply(Move(pikeman, (2, 3, 2, 4)))
    pass_all(s)
    assert at(s, pikeman) == (2, 4)
    s.apply(Attack(pikeman, enemy))
    pass_all(s)
    assert enemy not in s.perms  # 2 damage > life 1


# -- AS-10 ------------------------------------------------------------------------------------------------

def _as10(first: str):
    s = scene(active=P1)
    wagon = put(s, P0, "Siege Wagon", 0, 0, damage=2)
    pikeman = crew(s, wagon, P0, "Pikeman")
    archer = crew(s, wagon, P0, "Longbow Archer")
    for x, y in ((1, 0), (0, 1), (1, 1)):
        put(s, P1, "Recruit", x, y)
    perish, = hand(s, P1, "Perish!")
    resource(s, P1, 2)
    ready(s)
    s.apply(PlaySpell(perish, (wagon,)))
    pass_all(s)
    assert wagon not in s.perms and wagon in s.players[P0].discard
    # the Wagon left (0,0) first (OP-23): (0,0) is the only available field; P0 drops the pile
    assert s.mode == "drop" and s.current_player == P0
    assert {(a.member, a.field) for a in s.legal_actions()} == {(pikeman, (0, 0)), (archer, (0, 0))}
    placed, lost = (pikeman, archer) if first == "pikeman" else (archer, pikeman)
    s.apply(DropPlace(placed, (0, 0)))
    assert at(s, placed) == (0, 0)
    assert lost not in s.perms and lost in s.players[P0].discard
    return s


def test_AS_10_MUHQ_PILE_4_drop_with_no_available_field_destroys_the_member():
    _as10("pikeman")


def test_AS_10_MUHQ_PILE_4_drop_order_chosen_by_the_former_controller():
    _as10("archer")


# -- AS-11 ------------------------------------------------------------------------------------------------

def test_AS_11_MUHQ_EQUIP_7_equipment_loses_durability_when_dropped():
    s = scene(active=P1)
    recruit = put(s, P0, "Recruit", 2, 2)
    bow = crew(s, recruit, P0, "Ranger's Bow")
    helm = crew(s, recruit, P0, "Iron Helm")
    berserker = put(s, P1, "Berserker", 2, 3)
    ready(s)
    assert s.stats()[recruit].armor == 1
    comps = profile(s, recruit)
    assert attack_value(comps, 1) == 2 and attack_value(comps, 2) == attack_value(comps, 3) == 1
    s.apply(Activate(berserker))
    s.apply(Attack(berserker, recruit))
    pass_all(s)
    assert recruit not in s.perms
    assert s.perms[berserker].damage == 2
    # the Bow (durability 1) is gone; the Helm (durability 2 -> 1) is placed by P0
    assert bow not in s.perms and s.mode == "drop" and s.current_player == P0
    assert all(a.member == helm for a in s.legal_actions())
    s.apply(DropPlace(helm, (1, 1)))
    assert at(s, helm) == (1, 1) and s.perms[helm].d.durability - s.perms[helm].worn == 1
    assert recruit in s.players[P0].discard and bow in s.players[P0].discard
    pass_all(s)  # the Berserker's trigger
    assert s.perms[berserker].rage == 1


# -- AS-12b -----------------------------------------------------------------------------------------------

def test_AS_12b_MUHQ_ACT_6_a_target_that_disappears():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6)
    perish, = hand(s, P0, "Perish!")
    undertow, = hand(s, P1, "Undertow")
    resource(s, P0, 2)
    resource(s, P1, 2)
    ready(s)
    s.apply(PlaySpell(perish, (recruit,)))
    s.apply(PASS)
    s.apply(PlaySpell(undertow, (recruit,)))
    pass_all(s)
    assert recruit not in s.perms and recruit in s.players[P1].hand
    pass_all(s)
    assert perish in s.players[P0].discard and undertow in s.players[P1].discard
    assert s.players[P0].resource == 0


# -- AS-13 ------------------------------------------------------------------------------------------------

def test_AS_13_MUHQ_UPKEEP_5_an_unpaid_unit_is_defeated(monkeypatch):
    s = scene(step="upkeep_income")
    board = s.game.board
    monkeypatch.setattr(s.game, "board", board.model_copy(update={"income": board.income.model_copy(
        update={"base": 1})}))
    pikeman = put(s, P0, "Pikeman", 2, 2)
    sentry = put(s, P0, "Crossbow Sentry", 4, 4)
    recruit = put(s, P0, "Recruit", 6, 6)
    ready(s)
    assert s.mode == "upkeep" and s.players[P0].resource == 1
    # upkeep 0: paid automatically (MUHQ-UPKEEP-6); the player is asked about the other two only
    assert {a.unit for a in s.legal_actions()} == {pikeman, sentry}
    s.apply(PayUpkeep(pikeman))
    assert s.players[P0].resource == 0
    rejected(s, PayUpkeep(sentry), "MUHQ-UPKEEP-5")
    s.apply(DeclineUpkeep(sentry))
    assert sentry not in s.perms and sentry in s.players[P0].discard
    assert pikeman in s.perms and recruit in s.perms
    assert s.players[P0].resource == 0


# -- AS-14 ------------------------------------------------------------------------------------------------

def test_AS_14_MUHQ_BUY_3_buying():
    s = scene(step="buy")
    pikeman, forager, knight = zone(s, P0, "store", "Pikeman", "Forager", "Banner Knight")
    outrider, = zone(s, P1, "store", "Outrider")
    resource(s, P0, 5)
    ready(s)
    assert s.mode == "buy"
    rejected(s, Buy(outrider), "MUHQ-BUY-1")
    rejected(s, Buy(knight), "MUHQ-BUY-2")
    s.apply(Buy(pikeman))
    assert s.players[P0].resource == 2
    assert pikeman not in s.players[P0].store and pikeman in s.players[P0].discard
    rejected(s, Buy(forager), "MUHQ-BUY-3")


# -- AS-15 ------------------------------------------------------------------------------------------------

def test_AS_15_MUHQ_TIMING_2_slow_and_fast_timing_universal_free_action():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6)
    volley, pike0 = hand(s, P0, "Volley", "Pikeman")
    pike1, wall = hand(s, P1, "Pikeman", "Shield Wall")
    resource(s, P0, 1)
    resource(s, P1, 1)
    ready(s)
    s.apply(PlaySpell(volley, (recruit,)))
    s.apply(PASS)
    assert s.current_player == P1
    rejected(s, PlayPermanent(pike1, (4, 0)), "MUHQ-TIMING-2")  # a: P1 is not the active player
    s.apply(UniversalFreeAction((pike1, wall)))  # b
    assert pike1 in s.players[P1].discard and wall in s.players[P1].discard
    assert s.mode == "priority" and s.current_player == P0  # a new round starts with the active player
    pass_all(s)
    assert s.players[P1].resource == 2
    assert [i.label for i in s.stack] == ["Volley"] and s.current_player == P0
    rejected(s, PlayPermanent(pike0, (4, 8)), "MUHQ-TIMING-2")  # c: the stack is not empty
    s.apply(PASS)
    assert s.current_player == P1 and not s.players[P1].hand
    rejected(s, UniversalFreeAction((pike1, wall)), "MUHQ-CARD-9")  # d
    assert archer in s.perms


# -- AS-16 ------------------------------------------------------------------------------------------------

def _start(deck: int, discard: int, hand_n: int):
    s = scene(step="start")
    zone(s, P0, "deck", *["Coin Purse"] * deck)
    zone(s, P0, "discard", *["Coin Purse"] * discard)
    hand(s, P0, *["Coin Purse"] * hand_n)
    ready(s)
    pl = s.players[P0]
    return s, (len(pl.deck), len(pl.discard), len(pl.hand))


def test_AS_16a_MUHQ_DECK_4_empty_deck_replaced_then_refill():
    s, (deck, discard, hand_n) = _start(0, 5, 1)
    assert (deck, discard, hand_n) == (3, 0, 3)


def test_AS_16b_MUHQ_DECK_2_no_reshuffle_during_the_draw():
    s, counts = _start(1, 4, 0)
    assert counts == (0, 4, 1)


def test_AS_16c_MUHQ_DECK_4_empty_deck_and_discard_is_legal():
    s, counts = _start(0, 0, 0)
    assert counts == (0, 0, 0)
    assert s.winners is None and s.mode != "over"
    for _ in range(10):
        s.apply(s.legal_actions()[0]) if s.mode != "priority" else s.apply(PASS)
        if s.step == "action":
            break
    assert s.step == "action" and s.players[P0].alive


def test_AS_16d_MUHQ_TURN_3_refill_draws_nothing_with_a_full_hand():
    s, counts = _start(5, 0, 4)
    assert counts == (5, 0, 4)


# -- AS-17 ------------------------------------------------------------------------------------------------

def test_AS_17a_MUHQ_PROT_2_protection_from_spells_forbids_targeting():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    knight = put(s, P1, "Banner Knight", 4, 6)
    volley, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    rejected(s, PlaySpell(volley, (knight,)), "MUHQ-PROT-2")


def test_AS_17b_MUHQ_PROT_2_protection_from_units_with_buy_gt_5_forbids_the_attack():
    s = scene()
    knight = put(s, P0, "Banner Knight", 4, 4)
    guardian = put(s, P1, "Reef Guardian", 4, 5)
    ready(s)
    s.apply(Activate(knight))
    rejected(s, Attack(knight, guardian), "MUHQ-PROT-2")


def test_AS_17c_MUHQ_PROT_3_a_protected_defender_takes_no_damage_from_the_source():
    s = scene(active=P1)
    knight = put(s, P0, "Banner Knight", 4, 4)
    guardian = put(s, P1, "Reef Guardian", 4, 5)
    ready(s)
    s.apply(Activate(guardian))
    s.apply(Attack(guardian, knight))
    pass_all(s)
    assert s.perms[knight].damage == 1  # 2 - 1 armor
    assert s.perms[guardian].damage == 0  # the Knight's 3 is prevented


def test_AS_17d_MUHQ_PROT_1_protection_from_a_card_name():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    warden = put(s, P1, "Lantern Warden", 4, 6)
    perish, volley = hand(s, P0, "Perish!", "Volley")
    resource(s, P0, 3)
    ready(s)
    rejected(s, PlaySpell(perish, (warden,)), "MUHQ-PROT-2")
    s.apply(PlaySpell(volley, (warden,)))
    pass_all(s)
    assert s.perms[warden].damage == 2  # 2 is not > 2: it survives


# -- AS-18 ------------------------------------------------------------------------------------------------

def _as18(lighthouse: bool = False):
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    stalker = put(s, P1, "Bog Stalker", 4, 5)
    recruit = put(s, P1, "Recruit", 5, 5)
    if lighthouse:
        put(s, P0, "Lighthouse", 3, 3)
    mist, = hand(s, P0, "Paralyzing Mist")
    resource(s, P0, 1)
    ready(s)
    return s, pikeman, stalker, recruit, mist


def test_AS_18a_MUHQ_VEIL_1_a_veiled_unit_cannot_be_named_as_defender():
    s, pikeman, stalker, recruit, mist = _as18()
    s.apply(Activate(pikeman))
    rejected(s, Attack(pikeman, stalker), "MUHQ-VEIL-1")


def test_AS_18b_MUHQ_VEIL_2_groups_affect_veiled_units():
    s, pikeman, stalker, recruit, mist = _as18()
    s.apply(PlaySpell(mist, (recruit,)))
    pass_all(s)
    assert [s.perms[u].paralysis for u in (recruit, stalker, pikeman)] == [1, 1, 1]


def test_AS_18c_MUHQ_VEIL_1_lighthouse_removes_veiled():
    s, pikeman, stalker, recruit, mist = _as18(lighthouse=True)
    assert not s.stats()[stalker].veiled
    s.apply(Activate(pikeman))
    s.apply(Attack(pikeman, stalker))
    pass_all(s)
    assert s.perms[stalker].damage == 2 and stalker in s.perms
    assert s.perms[pikeman].damage == 0 and s.perms[pikeman].poison == 0
    assert not s.stack and not s.triggers


# -- AS-19 ------------------------------------------------------------------------------------------------

def _as19(enemies: bool = True, pikeman: bool = True, active: int = P0):
    s = scene(active=active)
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    archer = crew(s, wagon, P0, "Longbow Archer")
    pike = crew(s, wagon, P0, "Pikeman") if pikeman else None
    x = put(s, P1, "Recruit", 4, 6) if enemies else None
    y = put(s, P1, "Recruit", 5, 5) if enemies else None
    return s, wagon, archer, pike, x, y


def test_AS_19a_MUHQ_COMBAT_5_pile_attack_profile():
    s, wagon, *_ = _as19()
    ready(s)
    comps = profile(s, wagon)
    assert [attack_value(comps, d) for d in (1, 2, 3, 4)] == [4, 1, 1, 0]
    assert attack_range(comps) == 3


def test_AS_19b_MUHQ_COMBAT_7_pile_attack_at_range_2_no_return_damage():
    s, wagon, archer, pike, x, y = _as19()
    ready(s)
    s.apply(Activate(wagon))
    s.apply(Attack(wagon, x))
    pass_all(s)
    assert s.perms[x].damage == 1 and s.perms[wagon].damage == 0


def test_AS_19cd_MUHQ_PILE_6_pile_attack_in_melee_and_crew_cannot_attack():
    s, wagon, archer, pike, x, y = _as19()
    ready(s)
    s.apply(Activate(wagon))
    s.apply(Attack(wagon, y))
    pass_all(s)
    assert y not in s.perms and s.perms[wagon].damage == 1
    s.apply(END_ACTIVATION)
    s.apply(Activate(archer))
    rejected(s, Attack(archer, x), "MUHQ-PILE-6")


def test_AS_19e_MUHQ_COMBAT_3_crew_cannot_be_named_as_defender():
    s, wagon, archer, pike, x, y = _as19(active=P1)
    ready(s)
    s.apply(Activate(y))
    rejected(s, Attack(y, pike), "MUHQ-COMBAT-3")


def test_AS_19f_MUHQ_CREW_2_boarding_a_crewable_unit():
    s, wagon, archer, pike, x, y = _as19(enemies=False, pikeman=False)
    recruit = put(s, P0, "Recruit", 4, 6)
    second = put(s, P0, "Recruit", 4, 2)
    ready(s)
    s.apply(Activate(recruit))
    s.apply(Move(recruit, (4, 5, 4, 4)))  # cost 2
    pass_all(s)
    assert s.perms[recruit].base == wagon and s.perms[wagon].pile == [archer, recruit]
    assert at(s, recruit) == (4, 4)
    assert s.activation is None  # crew have no attack of their own: nothing left to do (MUHQ-APHASE-4)
    s.apply(Activate(second))
    rejected(s, Move(second, (4, 3, 4, 4)), "MUHQ-CREW-2")  # the pile is full


def test_AS_19f_MUHQ_CREW_2_an_enemy_unit_can_never_board():
    s, wagon, archer, pike, x, y = _as19(enemies=False, pikeman=False, active=P1)
    enemy = put(s, P1, "Recruit", 4, 6)
    ready(s)
    s.apply(Activate(enemy))
    rejected(s, Move(enemy, (4, 5, 4, 4)), "MUHQ-CREW-2")


# -- AS-20 ------------------------------------------------------------------------------------------------

def test_AS_20_MUHQ_PANIC_2_panic_runs_the_shy_ai():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, panic=1)
    put(s, P1, "Recruit", 4, 6)
    put(s, P1, "Recruit", 7, 5)
    ready(s)
    s.apply(Activate(pikeman))
    assert [i.label for i in s.stack] == ["Pikeman moves to (2, 3)"]
    assert s.stack[0].param("path") == (s.grid.cell(3, 3), s.grid.cell(2, 3))
    rejected(s, END_ACTIVATION, "MUHQ-COND-5")
    pass_all(s)
    p = s.perms[pikeman]
    assert at(s, pikeman) == (2, 3)
    assert p.panic == 0 and p.tapped and s.activation is None and s.mode == "open"
    assert p.attack_used is False and p.damage == 0


# -- AS-21 ------------------------------------------------------------------------------------------------

def test_AS_21_MUHQ_RAGE_2_rage_runs_the_aggressive_ai():
    s = scene()
    berserker = put(s, P0, "Berserker", 2, 2, rage=1)
    target = put(s, P1, "Recruit", 5, 4)
    put(s, P1, "Recruit", 2, 7)
    ready(s)
    s.apply(Activate(berserker))
    assert [i.label for i in s.stack] == ["Berserker moves to (4, 3)"]
    assert s.stack[0].param("path") == (s.grid.cell(3, 2), s.grid.cell(4, 3))
    pass_all(s)
    assert [i.kind for i in s.stack] == ["attack"] and s.stack[0].param("defender") == target
    pass_all(s)
    assert target not in s.perms and target in s.players[P1].discard
    assert [i.label for i in s.stack] == ["Berserker: trigger"]
    pass_all(s)
    b = s.perms[berserker]
    assert at(s, berserker) == (4, 3) and b.tapped and b.damage == 1 and b.rage == 1
    assert s.activation is None and s.mode == "open"


# -- AS-22 ------------------------------------------------------------------------------------------------

def test_AS_22_MUHQ_UNIT_6_equip_used_actions_full_actions():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    helm = put(s, P0, "Iron Helm", 3, 4)
    bow = put(s, P0, "Ranger's Bow", 3, 5)
    depot = put(s, P0, "Supply Depot", 2, 2)
    ready(s)
    s.apply(Activate(pikeman))
    s.apply(Equip(pikeman, helm, "move"))
    pass_all(s)
    assert s.perms[pikeman].pile == [helm] and s.perms[helm].base == pikeman
    assert s.grid.cell(3, 4) not in s.occ
    assert s.stats()[pikeman].armor == 2
    rejected(s, Move(pikeman, (4, 4)), "MUHQ-UNIT-4")
    rejected(s, Equip(pikeman, bow, "attack"), "MUHQ-EQUIP-5")
    rejected(s, Carry(pikeman, depot, (3, 2), (2, 2)), "MUHQ-UNIT-6")


# -- AS-23 ------------------------------------------------------------------------------------------------

def test_AS_23a_MUHQ_TOKEN_3_spell_token_is_removed_instead_of_discarded():
    s = scene(active=P1)
    thrall = put(s, P0, "Drowned Thrall", 4, 4, damage=1)
    recruit = put(s, P1, "Recruit", 4, 6)
    volley, = hand(s, P1, "Volley")
    resource(s, P1, 1)
    ready(s)
    s.apply(PlaySpell(volley, (thrall,)))
    pass_all(s)
    assert thrall not in s.perms and thrall in s.players[P0].discard
    assert [i.label for i in s.stack] == ["Drowned Thrall: trigger"]  # MUHQ-ACT-10: its source has left
    pass_all(s)
    bubble, = s.players[P0].hand
    assert s.card_def[bubble].name == "Brine Bubble" and s.card_owner[bubble] == P0
    s.apply(END_ACTION_PHASE)  # P1's recruit is activated and tapped; the end-of-phase round follows
    while s.current_player != P0:
        s.apply(s.legal_actions()[0] if s.mode != "priority" else PASS)
    assert s.mode == "priority"
    s.apply(PlaySpell(bubble, (recruit,)))
    pass_all(s)
    assert s.perms[recruit].protection == 1
    assert bubble in s.removed and bubble not in s.players[P0].discard


def test_AS_23b_MUHQ_PERM_5_owner_versus_controller():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6)
    tide, = hand(s, P0, "Mind Tide")
    resource(s, P0, 4)
    ready(s)
    s.apply(PlaySpell(tide, (recruit,)))
    pass_all(s)
    r = s.perms[recruit]
    assert r.controller == P0 and r.owner == P1 and s.card_owner[recruit] == P1
    to_action_phase(s, P1)
    assert s.perms[recruit].controller == P0
    to_action_phase(s, P0)  # P0's upkeep handled the Recruit (upkeep 0) and the Pikeman (paid 1)
    assert s.perms[recruit].controller == P0 and pikeman in s.perms
    s.apply(Activate(pikeman))
    s.apply(Move(pikeman, (4, 5)))
    pass_all(s)
    s.apply(Attack(pikeman, recruit))  # an own unit may be attacked (OP-19)
    pass_all(s)
    assert recruit not in s.perms
    assert recruit in s.players[P1].discard and recruit not in s.players[P0].discard


def test_AS_23c_MUHQ_TOKEN_2_a_permanent_token_leaving_the_board_is_removed():
    s = scene()
    conscription, = hand(s, P0, "Conscription")
    resource(s, P0, 2)
    put(s, P1, "Recruit", 4, 5)  # d((4,5),(4,8)) = 3
    undertow, = hand(s, P1, "Undertow")
    resource(s, P1, 2)
    ready(s)
    s.apply(PlaySpell(conscription, ()))
    pass_all(s)
    assert s.mode == "place_token" and s.current_player == P0
    s.apply(PlaceToken((4, 8)))
    levy = s.occ[s.grid.cell(4, 8)]
    assert s.card_def[levy].name == "Levy" and s.perms[levy].owner == P0
    assert conscription in s.players[P0].discard
    to_action_phase(s, P1)
    s.apply(PlaySpell(undertow, (levy,)))
    pass_all(s)
    assert levy not in s.perms and levy in s.removed and levy not in s.players[P0].hand


# -- AS-24 ------------------------------------------------------------------------------------------------

def _draft(g, seed: int = 0):
    """Run the draft (first card of the held pack each time); the number of completed pick steps, checking
    that every player picks exactly one card per step (MUHQ-DRAFT-4)."""
    s = g.new_initial_state(seed)
    steps, this_step = 0, set()
    while s.phase == "draft":
        seat = s.current_player
        assert seat not in this_step
        this_step.add(seat)
        s.apply(DraftPick(s.packs[seat][0]))
        if len(this_step) == s.n:
            steps, this_step = steps + 1, set()
    assert not this_step
    return s, steps


def test_AS_24_MUHQ_DRAFT_2_draft_arithmetic_two_players():
    g = MuhqGame(2, {"board": "river-crown", "sets": "vanguard,tide", "first_player": 0})
    s, picks = _draft(g)
    assert [len(p.store) for p in s.players] == [20, 20]
    assert len(s.unused) == 11
    assert picks == 20


def test_AS_24_variant_MUHQ_DRAFT_1_three_players(tmp_path, monkeypatch):
    import yaml

    from cardtable.games.muhq.data import PACKAGED_DIR as DATA

    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    (tmp_path / "muhq").mkdir()
    doc = yaml.safe_load((DATA / "arena-9.yaml").read_text(encoding="utf-8"))
    doc.update(id="arena-3p", players=3)
    doc["spawns"][2] = [[0, 4]]
    (tmp_path / "muhq" / "arena-3p.yaml").write_text(yaml.safe_dump(doc), encoding="utf-8")
    g = MuhqGame(3, {"board": "arena-3p", "sets": "vanguard,tide", "first_player": 0})
    s, picks = _draft(g)
    assert [len(p.store) for p in s.players] == [10, 10, 10]
    assert len(s.unused) == 21  # 2 packs and 1 card
    assert picks == 10


# -- AS-25 ------------------------------------------------------------------------------------------------

def test_AS_25a_MUHQ_WIN_5_capture_points_scored_in_upkeep_step_2():
    s = scene(board="three-hills", step="upkeep_income")
    for x, y in ((2, 2), (3, 3), (1, 1)):
        put(s, P0, "Recruit", x, y)
    for x, y in ((2, 3), (4, 4)):
        put(s, P1, "Recruit", x, y)
    s.players[P0].vp, s.players[P1].vp = 5, 7
    ready(s)
    assert s.players[P0].vp == 8 and s.players[P1].vp == 7
    assert s.winners == [P0] and s.mode == "over"
    rejected(s, PASS, GAME_OVER)  # INV-16


def _as25(defender: str):
    s = scene(board="three-hills")
    smuggler = put(s, P0, "Smuggler", 2, 2)
    victim = put(s, P1, defender, 2, 1)
    resource(s, P0, 18)
    resource(s, P1, 3)
    ready(s)
    s.apply(Activate(smuggler))
    s.apply(Attack(smuggler, victim))
    pass_all(s)
    return s, smuggler, victim


def test_AS_25b_MUHQ_WIN_4_combat_steal_and_trigger_win_the_resource_race():
    s, smuggler, forager = _as25("Forager")
    assert s.perms[forager].damage == 1 and s.perms[smuggler].damage == 0
    assert [p.resource for p in s.players] == [19, 2] and s.winners is None
    assert [i.label for i in s.stack] == ["Smuggler: trigger"]
    pass_all(s)
    assert [p.resource for p in s.players] == [20, 1]
    assert s.winners == [P0] and s.mode == "over"


def test_AS_25c_MUHQ_WIN_4_both_steals_in_turn_order():
    s, smuggler, recruit = _as25("Recruit")
    assert s.perms[recruit].damage == 1 and s.perms[smuggler].damage == 1
    assert [p.resource for p in s.players] == [18, 3] and s.winners is None
    pass_all(s)
    assert [p.resource for p in s.players] == [19, 2] and s.winners is None
