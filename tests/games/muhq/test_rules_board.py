"""One test (at least) per rule of the board areas of the muhq spec: RANGE, MOVE, COMBAT, DMG, PERM, VEIL, PROT,
PILE, UNIT, ARMOR, CREW, COND, PARA, POISON, PANIC, RAGE, PMARK, ART, SOLID, EQUIP, AI. Each test is named
after its rule ID and plays the rule through the engine (scene-building helpers in ``helpers``)."""

from __future__ import annotations

from cardtable.games.muhq.effect_vocabulary import VOCABULARY
from cardtable.games.muhq import actions as A
from cardtable.games.muhq.actions import (END_ACTIVATION, PASS, Activate, Attack, Carry, ClearParalysis, DropPlace,
                                          Equip, FreeAction, FullAction, Move, PlaceToken, PlayPermanent, PlaySpell,
                                          Swap)
from cardtable.games.muhq.effects import Ctx
from cardtable.games.muhq.objects import NEUTRAL
from cardtable.games.muhq.stats import attack_range, attack_value, profile

from .helpers import P0, P1, at, crew, hand, pass_all, put, ready, rejected, resource, scene, terrain
from .turns import to_action_phase
from cardtable.games.muhq import board_combat as _board_combat
from cardtable.games.muhq import places as _places


def cell(s, x: int, y: int) -> int:
    return s.grid.cell(x, y)


def activated(s, unit: int) -> None:
    ready(s)
    s.apply(Activate(unit))


def resolve(s, action) -> None:
    """Declare ``action`` and let every player pass until it has resolved."""
    s.apply(action)
    pass_all(s)


# == RANGE ================================================================================================

def test_MUHQ_RANGE_1_a_range_has_an_origin_and_a_radius():
    s = scene()
    ready(s)
    c = cell(s, 4, 4)
    assert s.grid.cells_in_range(c, 0) == (c,)
    assert len(s.grid.cells_in_range(c, 1)) == 9 and len(s.grid.cells_in_range(c, 2)) == 21


def test_MUHQ_RANGE_2_distance_counts_every_second_diagonal_double():
    # Volley: target unit within range 3 of a unit you control. Offsets (3, 1): d = 3; (3, 2): d = 4.
    s = scene()
    put(s, P0, "Pikeman", 2, 2)
    near = put(s, P1, "Recruit", 5, 3)
    far = put(s, P1, "Recruit", 5, 4)
    volley, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    assert s.grid.distance(cell(s, 2, 2), cell(s, 5, 4)) == 4
    rejected(s, PlaySpell(volley, (far,)), "MUHQ-ACT-3")
    resolve(s, PlaySpell(volley, (near,)))
    assert near not in s.perms  # 2 damage > life 1


def test_MUHQ_RANGE_3_the_origin_is_in_every_range_of_itself():
    # Shield Bearer: "target unit you control within range 1" — the Bearer itself is at distance 0.
    s = scene()
    bearer = put(s, P0, "Shield Bearer", 4, 4)
    card, = hand(s, P0, "Coin Purse")
    ready(s)
    resolve(s, FreeAction(bearer, 0, (bearer,), (card,)))
    assert s.perms[bearer].protection == 1


def test_MUHQ_RANGE_4_adjacent_includes_diagonals_and_a_pile_member_is_at_distance_0():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    archer = crew(s, wagon, P0, "Longbow Archer")
    captain = crew(s, wagon, P0, "Veteran Captain")  # +1 attack to other own units within range 1
    side = put(s, P0, "Recruit", 5, 5)  # diagonal neighbour: adjacent
    away = put(s, P0, "Recruit", 6, 4)  # distance 2
    ready(s)
    st = s.stats()
    assert st[wagon].attack == [(2, 1)] and st[archer].attack == [(2, 3)]  # distance 0 from the Captain
    assert st[side].attack == [(2, 1)] and st[away].attack == [(1, 1)]
    assert st[captain].attack == [(2, 1)]  # not itself


def test_MUHQ_RANGE_5_ranges_ignore_field_types_and_occupants():
    s = scene()
    terrain(s, {(4, 5): "wall", (4, 6): "deep_water"})
    archer = put(s, P0, "Longbow Archer", 4, 4)
    put(s, P1, "Harpoon Skiff", 4, 6)
    target = put(s, P1, "Recruit", 4, 7)
    activated(s, archer)
    resolve(s, Attack(archer, target))  # over a wall, deep water and a unit
    assert s.perms[target].damage == 1


def test_MUHQ_RANGE_6_a_pile_member_measures_from_its_base_field():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    bearer = crew(s, wagon, P0, "Shield Bearer")
    near = put(s, P0, "Recruit", 5, 5)
    far = put(s, P0, "Recruit", 6, 4)
    c1, c2 = hand(s, P0, "Coin Purse", "Coin Purse")
    ready(s)
    assert at(s, bearer) == (4, 4)
    rejected(s, FreeAction(bearer, 0, (far,), (c1,)), "MUHQ-ACT-3")
    resolve(s, FreeAction(bearer, 0, (near,), (c1,)))
    assert s.perms[near].protection == 1


# == MOVE =================================================================================================

def test_MUHQ_MOVE_1_a_step_goes_to_one_of_the_8_adjacent_fields():
    s = scene()
    rider = put(s, P0, "Outrider", 4, 4)
    activated(s, rider)
    rejected(s, Move(rider, (4, 6)), "MUHQ-MOVE-1")
    resolve(s, Move(rider, (5, 5)))
    assert at(s, rider) == (5, 5)


def test_MUHQ_MOVE_2_the_diagonal_count_restarts_with_every_move_action():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 1, 1)
    resource(s, P0, 5)
    activated(s, pikeman)
    rejected(s, Move(pikeman, (2, 2, 3, 3)), "MUHQ-MOVE-3")  # 1 + 2
    resolve(s, Move(pikeman, (2, 2, 3, 2)))  # 1 + 1
    to_action_phase(s, P0)
    s.apply(Activate(pikeman))
    resolve(s, Move(pikeman, (4, 3, 5, 3)))  # the first diagonal of this move costs 1 again
    assert at(s, pikeman) == (5, 3)


def test_MUHQ_MOVE_3_path_cost_limited_by_movement_after_modifiers():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 0, 4)
    march, = hand(s, P0, "Forced March")
    resource(s, P0, 1)
    activated(s, pikeman)
    rejected(s, Move(pikeman, (1, 4, 2, 4, 3, 4)), "MUHQ-MOVE-3")
    resolve(s, PlaySpell(march, (pikeman,)))  # +2 movement until end of turn
    resolve(s, Move(pikeman, (1, 4, 2, 4, 3, 4, 4, 4)))
    assert at(s, pikeman) == (4, 4)


def test_MUHQ_MOVE_4_a_unit_cannot_pass_through_its_own_permanents():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 0, 0)
    put(s, P0, "Recruit", 1, 0)
    put(s, P0, "Supply Depot", 0, 1)
    activated(s, pikeman)
    rejected(s, Move(pikeman, (1, 0, 2, 0)), "MUHQ-MOVE-4")
    rejected(s, Move(pikeman, (0, 1, 0, 2)), "MUHQ-MOVE-4")
    terrain(s, {(1, 1): "wall"})
    rejected(s, Move(pikeman, (1, 1)), "MUHQ-MOVE-4")


def test_MUHQ_MOVE_5_a_path_has_at_least_one_step():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    activated(s, pikeman)
    rejected(s, Move(pikeman, ()), "MUHQ-MOVE-5")


def test_MUHQ_MOVE_6_the_pile_moves_with_its_base():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    archer = crew(s, wagon, P0, "Longbow Archer")
    helm = crew(s, wagon, P0, "Iron Helm")
    activated(s, wagon)
    resolve(s, Move(wagon, (4, 5, 4, 6)))
    assert at(s, wagon) == at(s, archer) == at(s, helm) == (4, 6)
    assert s.perms[wagon].pile == [archer, helm] and set(s.occ.values()) == {wagon}


def test_MUHQ_MOVE_7_a_path_blocked_at_resolution_means_no_move_but_the_action_is_used():
    s = scene()
    scout = put(s, P0, "Scout", 0, 1)
    conscription, = hand(s, P1, "Conscription")
    resource(s, P1, 2)
    activated(s, scout)
    s.apply(Move(scout, (1, 0, 2, 0)))
    s.apply(PASS)
    s.apply(PlaySpell(conscription, ()))  # P1 responds: a Levy on its spawn field (1, 0)
    pass_all(s)
    s.apply(PlaceToken((1, 0)))
    pass_all(s)  # the move resolves: (1, 0) is taken now
    assert at(s, scout) == (0, 1) and s.perms[scout].move_used


def test_MUHQ_MOVE_8_ends_move_happens_after_a_move():
    # Caltrops: whenever an enemy unit ends a move within range 1 of it, 1 damage to that unit.
    s = scene()
    put(s, P1, "Caltrops", 4, 4)
    outrider = put(s, P0, "Outrider", 4, 7)
    activated(s, outrider)
    resolve(s, Move(outrider, (4, 6, 5, 5)))
    assert [i.label for i in s.stack] == ["Caltrops: trigger"]
    pass_all(s)
    assert s.perms[outrider].damage == 1


def test_MUHQ_MOVE_9_crew_moves_out_of_the_pile_from_the_base_field():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    archer = crew(s, wagon, P0, "Longbow Archer")
    activated(s, archer)
    rejected(s, Move(archer, (4, 5, 4, 6, 4, 7)), "MUHQ-MOVE-3")  # counted from the base's field
    resolve(s, Move(archer, (4, 5, 4, 6)))
    assert at(s, archer) == (4, 6) and s.perms[archer].base is None and s.perms[wagon].pile == []


def test_MUHQ_MOVE_10_swimming_units_enter_only_deep_water():
    s = scene()
    terrain(s, {(x, 4): "deep_water" for x in range(9)})
    skiff = put(s, P0, "Harpoon Skiff", 2, 4)
    activated(s, skiff)
    rejected(s, Move(skiff, (2, 5)), "MUHQ-MOVE-4")
    resolve(s, Move(skiff, (3, 4, 4, 4, 5, 4)))
    assert at(s, skiff) == (5, 4)
    s2 = scene()
    terrain(s2, {(x, 4): "deep_water" for x in range(9)})
    recruit = put(s2, P0, "Recruit", 2, 3)
    activated(s2, recruit)
    rejected(s2, Move(recruit, (2, 4, 2, 5)), "MUHQ-MOVE-4")


# == COMBAT ===============================================================================================

def test_MUHQ_COMBAT_1_an_attack_action_starts_a_combat():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 5)
    activated(s, pikeman)
    s.apply(Attack(pikeman, recruit))
    assert [i.kind for i in s.stack] == ["attack"]  # declared onto the stack first (MUHQ-STACK-2)
    pass_all(s)
    assert recruit not in s.perms and s.perms[pikeman].damage == 0  # 1 - 1 armor


def test_MUHQ_COMBAT_2_the_attacker_is_the_unit_that_starts_the_combat():
    # War Banner: whenever the equipped unit attacks, gain 1. Defending does not count.
    s = scene(active=P1)
    knight = put(s, P0, "Pikeman", 4, 4)
    crew(s, knight, P0, "War Banner")
    enemy = put(s, P1, "Pikeman", 4, 5)
    activated(s, enemy)
    resolve(s, Attack(enemy, knight))
    assert s.perms[knight].damage == 1 and s.perms[enemy].damage == 1
    assert not s.stack and s.players[P0].resource == 0
    s = scene()
    knight = put(s, P0, "Pikeman", 4, 4)
    crew(s, knight, P0, "War Banner")
    enemy = put(s, P1, "Pikeman", 4, 5)
    activated(s, knight)
    resolve(s, Attack(knight, enemy))
    assert [i.label for i in s.stack] == ["War Banner: trigger"]
    pass_all(s)
    assert s.players[P0].resource == 1


def test_MUHQ_COMBAT_3_who_can_be_named_defender():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    own = put(s, P0, "Recruit", 4, 5)
    depot = put(s, P1, "Supply Depot", 3, 4)
    tower = put(s, P0, "Watchtower", 5, 4)
    wagon = put(s, P1, "Siege Wagon", 3, 3)
    member = crew(s, wagon, P1, "Recruit")
    activated(s, pikeman)
    rejected(s, Attack(pikeman, pikeman), "MUHQ-COMBAT-3")
    rejected(s, Attack(pikeman, member), "MUHQ-COMBAT-3")
    rejected(s, Attack(pikeman, depot), "MUHQ-ART-5")
    rejected(s, Attack(pikeman, tower), "MUHQ-SOLID-2")
    resolve(s, Attack(pikeman, own))  # an own unit is a legal defender (OP-19)
    assert own not in s.perms


def test_MUHQ_COMBAT_4_the_defender_must_be_within_attack_range():
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    enemy = put(s, P1, "Recruit", 6, 5)
    activated(s, recruit)
    rejected(s, Attack(recruit, enemy), "MUHQ-COMBAT-4")
    assert not s.perms[recruit].attack_used


def test_MUHQ_COMBAT_5_attack_profile_sums_components_reaching_the_distance():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 2, 2)  # 1 R1
    crew(s, wagon, P0, "Scout")  # 1 R2
    galley_field = {(6, y): "deep_water" for y in range(9)}
    terrain(s, galley_field)
    skiff = put(s, P0, "Harpoon Skiff", 6, 6)  # 1 R2, crew 1
    crew(s, skiff, P0, "Recruit")  # 1 R1
    wagon2 = put(s, P0, "Siege Wagon", 2, 6)
    crew(s, wagon2, P0, "Pikeman")
    crew(s, wagon2, P0, "Recruit")
    ready(s)
    for unit, expect in ((wagon, [2, 1, 0]), (skiff, [2, 1, 0]), (wagon2, [4, 0, 0])):
        comps = profile(s, unit)
        assert [attack_value(comps, d) for d in (1, 2, 3)] == expect
    enemy = put(s, P1, "Recruit", 2, 4)
    s.apply(Activate(wagon))
    resolve(s, Attack(wagon, enemy))  # distance 2: only the Scout's component reaches
    assert s.perms[enemy].damage == 1


def test_MUHQ_COMBAT_6_plus_attack_goes_to_the_first_printed_component():
    s = scene()
    put(s, P0, "Veteran Captain", 4, 4)
    archer = put(s, P0, "Longbow Archer", 4, 5)
    medic = put(s, P0, "Field Medic", 3, 4)
    enemy = put(s, P1, "Pikeman", 4, 7)
    ready(s)
    st = s.stats()
    assert st[archer].attack == [(2, 3)]
    assert st[medic].attack == [(1, 1)]  # no printed component: a melee component (1, 1)
    s.apply(Activate(archer))
    resolve(s, Attack(archer, enemy))
    assert s.perms[enemy].damage == 1  # 2 - 1 armor


def test_MUHQ_COMBAT_6_plus_attack_on_a_unit_without_printed_components_is_a_melee_component():
    s = scene()
    medic = put(s, P0, "Field Medic", 4, 4)
    crew(s, medic, P0, "Ranger's Bow")  # adds a component 1 R3 (listed before the Captain, reading order)
    put(s, P0, "Veteran Captain", 5, 4)
    ready(s)
    comps = profile(s, medic)
    assert sorted(comps) == [(1, 1), (1, 3)]
    assert [attack_value(comps, d) for d in (1, 2, 3)] == [2, 1, 1]


def test_MUHQ_COMBAT_7_the_defender_strikes_back_only_within_its_range():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    sentry = put(s, P1, "Crossbow Sentry", 4, 7)
    activated(s, archer)
    resolve(s, Attack(archer, sentry))  # d = 3 > 2
    assert s.perms[archer].damage == 0 and s.perms[sentry].damage == 1
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    sentry = put(s, P1, "Crossbow Sentry", 4, 6)
    activated(s, archer)
    resolve(s, Attack(archer, sentry))  # d = 2 <= 2
    assert archer not in s.perms and s.perms[sentry].damage == 1


def test_MUHQ_COMBAT_8_both_amounts_from_the_state_before():
    s = scene()
    a = put(s, P0, "Recruit", 4, 4, damage=1)
    b = put(s, P1, "Recruit", 4, 5, damage=1)
    activated(s, a)
    resolve(s, Attack(a, b))
    assert a not in s.perms and b not in s.perms  # the defender dies and still strikes back


def test_MUHQ_COMBAT_9_a_ranged_unit_also_fights_in_melee():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    sentry = put(s, P1, "Crossbow Sentry", 4, 5)
    activated(s, archer)
    resolve(s, Attack(archer, sentry))
    assert s.perms[sentry].damage == 1 and archer not in s.perms  # the Sentry's 2 R2 reaches distance 1


def test_MUHQ_COMBAT_10_high_ground_applies_when_defending():
    s = scene()
    terrain(s, {(4, 4): "high_ground", (4, 8): "high_ground"})
    archer = put(s, P0, "Longbow Archer", 4, 4)
    other = put(s, P1, "Longbow Archer", 4, 8)
    activated(s, archer)
    resolve(s, Attack(archer, other))  # d = 4: both have range 4
    assert s.perms[archer].damage == 1 and s.perms[other].damage == 1
    s = scene()
    terrain(s, {(4, 4): "high_ground"})
    archer = put(s, P0, "Longbow Archer", 4, 4)
    other = put(s, P1, "Longbow Archer", 4, 8)
    activated(s, archer)
    resolve(s, Attack(archer, other))  # the defender is not on high ground: range 3 < 4
    assert s.perms[archer].damage == 0 and s.perms[other].damage == 1


def test_MUHQ_COMBAT_10_high_ground_applies_after_moving_onto_it():
    # the two tests above place units with put(), whose stats come from the full computation; a unit that walks
    # onto high ground gets its stats from the incremental update after a move, which they never ran
    s = scene()
    terrain(s, {(4, 4): "high_ground"})
    archer = put(s, P0, "Longbow Archer", 4, 3)
    other = put(s, P1, "Recruit", 4, 8)
    activated(s, archer)
    resolve(s, Move(archer, (4, 4)))
    assert at(s, archer) == (4, 4)
    resolve(s, Attack(archer, other))  # distance 4: range 3, +1 on high ground
    assert other not in s.perms or s.perms[other].damage > 0
    s = scene()
    terrain(s, {(4, 4): "high_ground"})
    archer = put(s, P0, "Longbow Archer", 4, 4)
    other = put(s, P1, "Recruit", 4, 8)
    activated(s, archer)
    resolve(s, Move(archer, (4, 5)))  # off the high ground: distance 3 now, still in reach of 3
    rejected(s, Attack(archer, put(s, P1, "Recruit", 4, 1)), "MUHQ-COMBAT-4")  # distance 4: the bonus is gone


def test_MUHQ_COMBAT_11_deals_combat_damage_names_the_damaged_unit():
    s = scene()
    newt = put(s, P0, "Spitting Newt", 4, 4)
    enemy = put(s, P1, "Pikeman", 4, 6)
    activated(s, newt)
    resolve(s, Attack(newt, enemy))
    assert s.perms[enemy].damage == 0 and not s.stack  # 1 - 1 armor: no combat damage, no trigger
    s = scene()
    newt = put(s, P0, "Spitting Newt", 4, 4)
    target = put(s, P1, "Outrider", 4, 6)
    activated(s, newt)
    resolve(s, Attack(newt, target))
    assert s.perms[target].damage == 1
    assert [i.label for i in s.stack] == ["Spitting Newt: trigger"]
    pass_all(s)
    assert s.perms[target].poison == 1 and s.perms[newt].poison == 0


def test_MUHQ_COMBAT_12_the_attack_is_checked_again_at_resolution():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 5)
    undertow, = hand(s, P1, "Undertow")
    resource(s, P1, 2)
    activated(s, pikeman)
    s.apply(Attack(pikeman, recruit))
    s.apply(PASS)
    s.apply(PlaySpell(undertow, (recruit,)))  # P1 saves its Recruit
    pass_all(s)
    pass_all(s)
    assert recruit in s.players[P1].hand and s.perms[pikeman].attack_used and s.perms[pikeman].damage == 0


def test_MUHQ_COMBAT_13_a_unit_without_attack_cannot_attack():
    s = scene()
    medic = put(s, P0, "Field Medic", 4, 4)
    enemy = put(s, P1, "Recruit", 4, 5)
    activated(s, medic)
    rejected(s, Attack(medic, enemy), "MUHQ-COMBAT-13")
    assert not any(a.type == "attack" for a in s.legal_actions())


def test_MUHQ_COMBAT_14_a_combat_started_by_an_effect_uses_no_attack_action():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, paralysis=1)  # paralysis does not stop it (OP-31)
    crew(s, pikeman, P0, "War Banner")
    enemy = put(s, P1, "Recruit", 4, 5)
    challenge, = hand(s, P0, "Challenge")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(challenge, (pikeman, enemy)))
    assert enemy not in s.perms  # 2 + 1 bonus
    assert not s.perms[pikeman].attack_used
    assert not s.stack and s.players[P0].resource == 0  # no `attacks` event: not an attack action


# == DMG ==================================================================================================

def test_MUHQ_DMG_1_modifiers_then_armor_then_protection_markers():
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    pikeman = put(s, P1, "Pikeman", 4, 5, protection=1)
    challenge, = hand(s, P0, "Challenge")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(challenge, (recruit, pikeman)))
    # (b) 1 + 1 bonus = 2, (c) - 1 armor = 1 > 0, (d) prevented, one marker removed
    assert s.perms[pikeman].damage == 0 and s.perms[pikeman].protection == 0
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    pikeman = put(s, P1, "Pikeman", 4, 5)
    challenge, = hand(s, P0, "Challenge")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(challenge, (recruit, pikeman)))
    assert s.perms[pikeman].damage == 1


def test_MUHQ_DMG_1_protection_from_comes_before_protection_markers():
    s = scene(active=P1)
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    guardian = put(s, P1, "Reef Guardian", 4, 5, protection=1)
    activated(s, guardian)
    resolve(s, Attack(guardian, wagon))
    assert s.perms[wagon].damage == 2
    assert s.perms[guardian].damage == 0 and s.perms[guardian].protection == 1  # (a): D is 0 before (d)


def test_MUHQ_DMG_2_damage_stays_until_healed():
    s = scene()
    medic = put(s, P0, "Field Medic", 4, 4)
    wagon = put(s, P0, "Siege Wagon", 4, 5, damage=3)
    resource(s, P0, 10)
    ready(s)
    to_action_phase(s, P0)
    assert s.perms[wagon].damage == 3
    s.apply(Activate(medic))
    resolve(s, FullAction(medic, 0, (wagon,)))
    assert s.perms[wagon].damage == 2


def test_MUHQ_DMG_3_only_units_and_solid_artifacts_take_damage_markers():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    tower = put(s, P1, "Watchtower", 4, 5)
    depot = put(s, P1, "Supply Depot", 5, 5)
    activated(s, pikeman)
    resolve(s, Attack(pikeman, tower))
    assert s.perms[tower].damage == 2 and s.perms[pikeman].damage == 0  # it deals no damage back
    volley = s.game.defs[next(k for k, d in s.game.defs.items() if d.name == "Volley")]
    assert _board_combat.deal_damage(s, volley, P0, None, depot, 2) == 0
    assert s.perms[depot].damage == 0 and not s.triggers


def test_MUHQ_DMG_4_no_damage_event_when_everything_is_prevented():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    berserker = put(s, P1, "Berserker", 4, 6, protection=1)
    activated(s, archer)
    resolve(s, Attack(archer, berserker))
    assert s.perms[berserker].damage == 0 and not s.stack and s.perms[berserker].rage == 0
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    berserker = put(s, P1, "Berserker", 4, 6)
    crew(s, berserker, P1, "Iron Helm")
    activated(s, archer)
    resolve(s, Attack(archer, berserker))  # 1 - 1 armor = 0
    assert not s.stack and s.perms[berserker].rage == 0
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    berserker = put(s, P1, "Berserker", 4, 6)
    activated(s, archer)
    resolve(s, Attack(archer, berserker))
    assert [i.label for i in s.stack] == ["Berserker: trigger"]


# == PERM =================================================================================================

def test_MUHQ_PERM_1_a_permanent_occupies_its_field_exclusively():
    s = scene()
    put(s, P0, "Recruit", 4, 8)
    pikeman, = hand(s, P0, "Pikeman")
    ready(s)
    rejected(s, PlayPermanent(pikeman, (4, 8)), "MUHQ-BOARD-8")
    resolve(s, PlayPermanent(pikeman, (5, 8)))
    assert s.occ[cell(s, 5, 8)] == pikeman


def test_MUHQ_PERM_2_no_placement_on_an_occupied_field():
    s = scene()
    for x in range(9):
        if x != 4:
            put(s, P0, "Recruit", x, 8)
    conscription, = hand(s, P0, "Conscription")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlaySpell(conscription, ()))
    levy = s.occ[cell(s, 4, 8)]  # the only free spawn field: no choice to make
    assert s.card_def[levy].name == "Levy" and s.mode == "open"


def test_MUHQ_PERM_3_a_permanent_has_an_owner_and_a_controller():
    s = scene()
    pikeman, = hand(s, P0, "Pikeman")
    enemy = put(s, P1, "Recruit", 4, 6)
    tide, = hand(s, P0, "Mind Tide")
    resource(s, P0, 3)
    ready(s)
    resolve(s, PlayPermanent(pikeman, (4, 8)))
    assert (s.perms[pikeman].owner, s.perms[pikeman].controller) == (P0, P0)
    resolve(s, PlaySpell(tide, (enemy,)))
    assert (s.perms[enemy].owner, s.perms[enemy].controller) == (P1, P0)


def test_MUHQ_PERM_4_a_permanent_stays_until_destroyed_or_moved_away():
    s = scene()
    depot = put(s, P0, "Supply Depot", 2, 2)
    recruit = put(s, P1, "Recruit", 6, 6, damage=1)
    ready(s)
    to_action_phase(s, P0)
    to_action_phase(s, P0)
    assert at(s, depot) == (2, 2) and at(s, recruit) == (6, 6) and s.perms[recruit].damage == 1


def test_MUHQ_PERM_5_destroyed_card_goes_to_its_owners_discard_and_the_unit_dies():
    s = scene()
    thrall = put(s, P1, "Drowned Thrall", 4, 5, controller=P0, poison=1)
    put(s, P0, "Pikeman", 4, 4)
    volley, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(volley, (thrall,)))
    assert thrall not in s.perms and thrall in s.players[P1].discard and thrall not in s.players[P0].discard
    assert [i.label for i in s.stack] == ["Drowned Thrall: trigger"] and s.stack[0].controller == P0
    pass_all(s)
    bubble, = s.players[P0].hand  # the token belongs to the controller of the effect (MUHQ-CARD-3)
    assert s.card_owner[bubble] == P0


def test_MUHQ_PERM_6_leaving_to_hand_drops_the_pile_and_is_no_death():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    wagon = put(s, P1, "Siege Wagon", 4, 6, damage=2)
    member = crew(s, wagon, P1, "Drowned Thrall")
    undertow, = hand(s, P0, "Undertow")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlaySpell(undertow, (wagon,)))
    assert wagon not in s.perms and wagon in s.players[P1].hand
    assert s.mode == "drop" and s.current_player == P1  # the former controller drops the pile
    s.apply(DropPlace(member, (4, 7)))
    assert at(s, member) == (4, 7) and not s.stack and not s.triggers  # the Wagon did not die


def test_MUHQ_PERM_7_only_your_own_permanents_can_be_sacrificed():
    s = scene()
    mine = put(s, P0, "Supply Depot", 2, 2)
    theirs = put(s, P1, "Supply Depot", 6, 6)
    req, = hand(s, P0, "Requisition")
    ready(s)
    rejected(s, PlaySpell(req, (), (theirs,)), "MUHQ-PERM-7")
    resolve(s, PlaySpell(req, (), (mine,)))
    assert mine not in s.perms and mine in s.players[P0].discard and s.players[P0].resource == 3


def test_MUHQ_PERM_8_a_defeated_unit_is_destroyed_and_dies():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    thrall = put(s, P1, "Drowned Thrall", 4, 6)
    spray, = hand(s, P0, "Toxic Spray")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(spray, (thrall,)))  # 2 poison > life 1
    assert thrall not in s.perms and thrall in s.players[P1].discard
    assert [i.label for i in s.stack] == ["Drowned Thrall: trigger"]


def test_MUHQ_PERM_9_keywords_are_properties_of_the_permanent():
    s = scene()
    terrain(s, {(3, 8): "deep_water"})
    galley, = hand(s, P0, "War Galley")
    ready(s)
    rejected(s, PlayPermanent(galley, (4, 8)), "MUHQ-BOARD-8")  # swimming
    resolve(s, PlayPermanent(galley, (3, 8)))
    st = s.stats()[galley]
    assert (st.swimming, st.crew, st.armor) == (True, 3, 1)


def test_MUHQ_PERM_10_landmarks_cannot_be_moved_returned_or_taken():
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    sovereign = put(s, P1, "Sovereign", 4, 5)
    bastion = put(s, P0, "Bastion", 3, 4)
    crown = put(s, NEUTRAL, "Crown of Embers", 5, 4)
    undertow, tide = hand(s, P0, "Undertow", "Mind Tide")
    resource(s, P0, 5)
    activated(s, recruit)
    rejected(s, PlaySpell(undertow, (sovereign,)), "MUHQ-ACT-3")
    rejected(s, PlaySpell(tide, (sovereign,)), "MUHQ-ACT-3")
    rejected(s, Swap(recruit, bastion, "move"), "MUHQ-ART-4")
    rejected(s, Carry(recruit, crown, (4, 3), (5, 3)), "MUHQ-ART-4")
    resolve(s, Equip(recruit, crown, "move"))  # a landmark equipment can be equipped
    assert s.perms[crown].base == recruit and s.perms[crown].controller == P0
    resolve(s, Attack(recruit, sovereign))  # and a landmark can be destroyed
    assert s.perms[sovereign].damage == 1


# == VEIL =================================================================================================

def test_MUHQ_VEIL_1_not_even_its_controller_can_target_a_veiled_unit():
    s = scene(active=P1)
    stalker = put(s, P1, "Bog Stalker", 4, 4)
    wall, = hand(s, P1, "Shield Wall")
    resource(s, P1, 1)
    ready(s)
    rejected(s, PlaySpell(wall, (stalker,)), "MUHQ-VEIL-1")
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    crew(s, pikeman, P0, "Cloak of Mist")  # the equipped unit is veiled
    enemy = put(s, P1, "Recruit", 4, 5)
    volley, = hand(s, P1, "Volley")
    resource(s, P1, 1)
    ready(s)
    s.apply(A.UniversalFreeAction(tuple(hand(s, P0, "Coin Purse", "Coin Purse"))))
    s.apply(PASS)
    rejected(s, PlaySpell(volley, (pikeman,)), "MUHQ-VEIL-1")
    assert enemy in s.perms


def test_MUHQ_VEIL_2_effects_without_targets_affect_veiled_units():
    s = scene()
    drummer = put(s, P0, "War Drummer", 4, 4)
    stalker = put(s, P0, "Bog Stalker", 4, 5)
    activated(s, drummer)
    resolve(s, FullAction(drummer, 0, ()))
    assert s.perms[stalker].rage == 1 and s.perms[drummer].rage == 0


# == PROT =================================================================================================

def test_MUHQ_PROT_1_protection_from_a_condition_on_cards():
    s = scene()
    outrider = put(s, P0, "Outrider", 4, 4)  # buy 5: not > 5
    wagon = put(s, P0, "Siege Wagon", 5, 4)  # buy 6
    guardian = put(s, P1, "Reef Guardian", 4, 5)
    activated(s, wagon)
    rejected(s, Attack(wagon, guardian), "MUHQ-PROT-2")
    s.apply(END_ACTIVATION)
    s.apply(Activate(outrider))
    resolve(s, Attack(outrider, guardian))
    assert s.perms[guardian].damage == 1  # 2 - 1 armor


def test_MUHQ_PROT_2_protection_forbids_targeting_by_own_cards_too():
    s = scene()
    knight = put(s, P0, "Banner Knight", 4, 4)
    wall, = hand(s, P0, "Shield Wall")
    resource(s, P0, 1)
    ready(s)
    rejected(s, PlaySpell(wall, (knight,)), "MUHQ-PROT-2")


def test_MUHQ_PROT_3_a_matching_source_deals_no_damage():
    s = scene(active=P1)
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    guardian = put(s, P1, "Reef Guardian", 4, 5)
    activated(s, guardian)
    resolve(s, Attack(guardian, wagon))
    assert s.perms[wagon].damage == 2 and s.perms[guardian].damage == 0
    # (the Wagon's 1 is already cancelled by the Guardian's armor; a matching source whose damage gets through it:)
    s = scene(active=P1)
    captain = put(s, P0, "Veteran Captain", 4, 4)  # buy 8, attack 2: strikes back for 2
    guardian = put(s, P1, "Reef Guardian", 4, 5)
    activated(s, guardian)
    resolve(s, Attack(guardian, captain))
    assert s.perms[guardian].damage == 0 and s.perms[captain].damage == 2
    s = scene()
    berserker = put(s, P0, "Berserker", 4, 4)  # buy 4, attack 3: not matched, 3 - 1 armor gets through
    guardian = put(s, P1, "Reef Guardian", 4, 5)
    activated(s, berserker)
    resolve(s, Attack(berserker, guardian))
    assert s.perms[guardian].damage == 2


def test_MUHQ_PROT_4_crew_components_count_as_the_bases():
    s = scene()
    terrain(s, {(4, 4): "deep_water"})
    skiff = put(s, P0, "Harpoon Skiff", 4, 4)  # buy 4
    crew(s, skiff, P0, "Banner Knight")  # buy 7: its components count as the Skiff's
    guardian = put(s, P1, "Reef Guardian", 4, 5)  # protection from units with buy cost > 5
    activated(s, skiff)
    resolve(s, Attack(skiff, guardian))
    assert s.perms[guardian].damage == 3  # (1 + 3) - 1 armor
    assert s.perms[skiff].damage == 2


# == PILE =================================================================================================

def test_MUHQ_PILE_1_only_crew_units_and_equipment_form_piles():
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    put(s, P0, "Pikeman", 4, 5)  # no crew
    activated(s, recruit)
    rejected(s, Move(recruit, (4, 5)), "MUHQ-MOVE-4")
    wagon = put(s, P0, "Siege Wagon", 5, 5)
    s.changed()
    resolve(s, Move(recruit, (5, 5)))
    assert s.perms[recruit].base == wagon


def test_MUHQ_PILE_2_pile_members_do_not_occupy_a_field():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    member = crew(s, wagon, P0, "Recruit")
    helm = crew(s, wagon, P0, "Iron Helm")
    ready(s)
    assert at(s, member) == at(s, helm) == (4, 4)
    assert s.occ == {cell(s, 4, 4): wagon} and s.perms[member].cell is None


def test_MUHQ_PILE_3_members_keep_their_own_tapped_state_and_markers():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    archer = crew(s, wagon, P0, "Longbow Archer", paralysis=1)
    activated(s, wagon)
    resolve(s, Move(wagon, (4, 5)))  # nothing left to do: the activation ends
    assert s.perms[wagon].tapped and not s.perms[archer].tapped
    assert s.perms[wagon].paralysis == 0 and s.perms[archer].paralysis == 1
    s.apply(Activate(archer))
    resolve(s, ClearParalysis(archer, "attack"))
    resolve(s, Move(archer, (4, 6)))
    assert at(s, archer) == (4, 6)


def test_MUHQ_PILE_4_the_former_controller_drops_the_pile_within_range_1():
    s = scene(active=P1)
    wagon = put(s, P0, "Siege Wagon", 4, 4, damage=2)
    pikeman = crew(s, wagon, P0, "Pikeman")
    archer = crew(s, wagon, P0, "Longbow Archer")
    put(s, P1, "Recruit", 4, 5)
    perish, = hand(s, P1, "Perish!")
    resource(s, P1, 2)
    ready(s)
    resolve(s, PlaySpell(perish, (wagon,)))
    assert s.mode == "drop" and s.current_player == P0
    fields = {a.field for a in s.legal_actions() if a.member == pikeman}
    assert fields == {(x, y) for x in (3, 4, 5) for y in (3, 4, 5)} - {(4, 5)}
    rejected(s, DropPlace(pikeman, (4, 6)), "MUHQ-PILE-4")
    rejected(s, DropPlace(pikeman, (4, 5)), "MUHQ-PILE-4")
    s.apply(DropPlace(pikeman, (3, 3)))
    s.apply(DropPlace(archer, (4, 4)))
    assert at(s, pikeman) == (3, 3) and at(s, archer) == (4, 4)


def test_MUHQ_PILE_5_dropped_members_keep_markers_and_their_own_pile():
    def setup():
        s = scene(active=P1)
        wagon = put(s, P0, "Siege Wagon", 0, 0, damage=2)
        pikeman = crew(s, wagon, P0, "Pikeman", damage=1, paralysis=1)
        recruit = crew(s, wagon, P0, "Recruit")
        helm = crew(s, recruit, P0, "Iron Helm")
        for x, y in ((1, 0), (0, 1), (1, 1)):
            put(s, P1, "Recruit", x, y)
        perish, = hand(s, P1, "Perish!")
        resource(s, P1, 2)
        ready(s)
        resolve(s, PlaySpell(perish, (wagon,)))
        return s, pikeman, recruit, helm

    s, pikeman, recruit, helm = setup()
    s.apply(DropPlace(pikeman, (0, 0)))
    assert (s.perms[pikeman].damage, s.perms[pikeman].paralysis) == (1, 1)
    # the Recruit had no field and was destroyed; its Helm was dropped from (0, 0) too: durability 1, no field
    assert recruit in s.players[P0].discard and helm not in s.perms and helm in s.players[P0].discard
    s, pikeman, recruit, helm = setup()
    s.apply(DropPlace(recruit, (0, 0)))
    assert s.perms[recruit].pile == [helm] and s.perms[helm].worn == 0  # its own pile stays with it
    assert pikeman in s.players[P0].discard


def test_MUHQ_PILE_6_crew_neither_attack_nor_defend():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    pikeman = crew(s, wagon, P0, "Pikeman")
    enemy = put(s, P1, "Recruit", 4, 5)
    enemy_wagon = put(s, P1, "Siege Wagon", 5, 4)
    enemy_crew = crew(s, enemy_wagon, P1, "Recruit")
    activated(s, pikeman)
    rejected(s, Attack(pikeman, enemy), "MUHQ-PILE-6")
    assert {a.type for a in s.legal_actions() if getattr(a, "unit", None) == pikeman} == {"move"}
    s.apply(END_ACTIVATION)
    s.apply(Activate(wagon))
    rejected(s, Attack(wagon, enemy_crew), "MUHQ-COMBAT-3")
    resolve(s, Attack(wagon, enemy))
    assert enemy not in s.perms  # 1 + 2 from the crew Pikeman


# == UNIT =================================================================================================

def test_MUHQ_UNIT_1_a_unit_has_life_movement_attack_and_upkeep():
    s = scene()
    pikeman, = hand(s, P0, "Pikeman")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlayPermanent(pikeman, (4, 8)))
    st = s.stats()[pikeman]
    assert (st.life, st.movement, st.attack) == (2, 2, [(2, 1)])
    to_action_phase(s, P0)  # P0's next upkeep charged its upkeep 1
    assert s.players[P0].resource == 0 and pikeman in s.perms


def test_MUHQ_UNIT_2_defeated_when_damage_exceeds_life():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    warden = put(s, P1, "Lantern Warden", 4, 6, damage=1)
    archer = put(s, P1, "Longbow Archer", 5, 6)
    v1, v2 = hand(s, P0, "Volley", "Volley")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlaySpell(v1, (archer,)))
    assert archer not in s.perms  # 2 > 1
    resolve(s, PlaySpell(v2, (warden,)))
    assert warden not in s.perms  # 3 > 2
    s = scene(lethal_rule="at_least")  # OP-15, configurable
    put(s, P0, "Pikeman", 4, 4)
    warden = put(s, P1, "Lantern Warden", 4, 6)
    v1, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(v1, (warden,)))
    assert warden not in s.perms  # 2 >= 2


def test_MUHQ_UNIT_3_damage_markers_accumulate():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    wagon = put(s, P1, "Siege Wagon", 4, 6)
    v1, v2 = hand(s, P0, "Volley", "Volley")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlaySpell(v1, (wagon,)))
    resolve(s, PlaySpell(v2, (wagon,)))
    assert s.perms[wagon].damage == 4  # 4 is not > 4


def test_MUHQ_UNIT_4_one_move_and_one_attack_per_turn_in_any_order():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    wagon = put(s, P1, "Siege Wagon", 4, 5)
    resource(s, P0, 1)
    resource(s, P1, 2)
    activated(s, pikeman)
    resolve(s, Attack(pikeman, wagon))
    rejected(s, Attack(pikeman, wagon), "MUHQ-UNIT-4")
    resolve(s, Move(pikeman, (3, 4)))
    assert s.perms[pikeman].move_used and s.perms[pikeman].attack_used and s.activation is None
    to_action_phase(s, P0)
    assert not s.perms[pikeman].move_used and not s.perms[pikeman].attack_used


def test_MUHQ_UNIT_5_units_are_played_as_slow_actions_onto_own_spawn_fields():
    s = scene()
    pikeman, volley = hand(s, P0, "Pikeman", "Volley")
    enemy = put(s, P1, "Recruit", 4, 1)
    put(s, P0, "Longbow Archer", 4, 4)
    resource(s, P0, 1)
    ready(s)
    rejected(s, PlayPermanent(pikeman, (4, 7)), "MUHQ-BOARD-8")
    rejected(s, PlayPermanent(pikeman, (4, 0)), "MUHQ-BOARD-8")  # P1's spawn field
    rejected(s, PlaySpell(pikeman, ()), "MUHQ-TIMING-2")
    s.apply(PlaySpell(volley, (enemy,)))
    rejected(s, PlayPermanent(pikeman, (4, 8)), "MUHQ-TIMING-2")  # the stack is not empty
    pass_all(s)
    resolve(s, PlayPermanent(pikeman, (4, 8)))
    assert at(s, pikeman) == (4, 8)


def test_MUHQ_UNIT_6_a_full_action_needs_and_uses_both_actions():
    s = scene()
    forager = put(s, P0, "Forager", 4, 4)
    activated(s, forager)
    resolve(s, FullAction(forager, 0, ()))
    assert s.players[P0].resource == 2
    f = s.perms[forager]
    assert f.move_used and f.attack_used and f.tapped and s.activation is None
    s = scene()
    drummer = put(s, P0, "War Drummer", 4, 4)
    put(s, P1, "Recruit", 4, 6)
    activated(s, drummer)
    resolve(s, Move(drummer, (4, 5)))
    assert s.activation == drummer  # it may still attack
    rejected(s, FullAction(drummer, 0, ()), "MUHQ-UNIT-6")


def test_MUHQ_UNIT_7_swap_equip_and_clear_paralysis_spend_a_chosen_action():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    depot = put(s, P0, "Supply Depot", 3, 4)
    activated(s, pikeman)
    resolve(s, Swap(pikeman, depot, "attack"))
    assert at(s, pikeman) == (3, 4) and at(s, depot) == (3, 3)
    p = s.perms[pikeman]
    assert p.attack_used and not p.move_used
    rejected(s, Swap(pikeman, depot, "attack"), "MUHQ-UNIT-7")
    resolve(s, Swap(pikeman, depot, "move"))
    assert at(s, pikeman) == (3, 3) and p.move_used


def test_MUHQ_UNIT_8_carry_is_a_full_action():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    depot = put(s, P0, "Supply Depot", 3, 4)
    activated(s, pikeman)
    resolve(s, Carry(pikeman, depot, (3, 2, 3, 1), (4, 1)))
    assert at(s, pikeman) == (3, 1) and at(s, depot) == (4, 1) and cell(s, 3, 4) not in s.occ
    p = s.perms[pikeman]
    assert p.move_used and p.attack_used and s.activation is None


def test_MUHQ_UNIT_9_units_may_have_free_actions():
    s = scene()
    priestess = put(s, P0, "Tide Priestess", 4, 4, poison=1)
    resource(s, P0, 2)
    ready(s)
    resolve(s, FreeAction(priestess, 0, (priestess,)))  # no activation needed (OP-47)
    assert s.perms[priestess].poison == 0 and s.players[P0].resource == 0


def test_MUHQ_UNIT_10_melee_ranged_or_no_attack():
    s = scene()
    units = [put(s, P0, name, x, 4) for x, name in enumerate(("Pikeman", "Longbow Archer", "Field Medic"))]
    ready(s)
    assert [attack_range(profile(s, u)) for u in units] == [1, 3, 0]


def test_MUHQ_UNIT_11_only_available_unit_actions_are_offered():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    put(s, P0, "Supply Depot", 4, 5)
    activated(s, pikeman)
    kinds = {a.type for a in s.legal_actions()}
    assert {"move", "swap", "carry", "end_activation"} <= kinds and "attack" not in kinds  # no defender
    resolve(s, Move(pikeman, (3, 3)))  # the Depot is no longer adjacent: nothing left to do
    assert s.activation is None and s.perms[pikeman].tapped


# == ARMOR ================================================================================================

def test_MUHQ_ARMOR_1_armor_from_several_sources_adds_up():
    s = scene()
    pikeman = put(s, P1, "Pikeman", 4, 6)
    crew(s, pikeman, P1, "Iron Helm")
    crew(s, pikeman, P1, "Coral Mail")
    put(s, P0, "Recruit", 4, 4)
    perish, = hand(s, P0, "Perish!")
    resource(s, P0, 2)
    ready(s)
    assert s.stats()[pikeman].armor == 4
    resolve(s, PlaySpell(perish, (pikeman,)))
    assert s.perms[pikeman].damage == 0


# == CREW =================================================================================================

def test_MUHQ_CREW_1_crew_capacity_counts_units_not_equipment():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    crew(s, wagon, P0, "Iron Helm")
    crew(s, wagon, P0, "Recruit")
    a = put(s, P0, "Recruit", 4, 6)
    b = put(s, P0, "Recruit", 4, 2)
    activated(s, a)
    resolve(s, Move(a, (4, 5, 4, 4)))
    assert s.perms[a].base == wagon  # 2nd crew unit of 2
    s.apply(Activate(b))
    rejected(s, Move(b, (4, 3, 4, 4)), "MUHQ-CREW-2")


def test_MUHQ_CREW_2_a_land_unit_boards_a_ship_in_deep_water():
    s = scene()
    terrain(s, {(4, 4): "deep_water"})
    skiff = put(s, P0, "Harpoon Skiff", 4, 4)
    recruit = put(s, P0, "Recruit", 4, 5)
    activated(s, recruit)
    resolve(s, Move(recruit, (4, 4)))
    assert s.perms[recruit].base == skiff and s.perms[skiff].pile == [recruit]


def test_MUHQ_CREW_2_an_equipped_unit_may_board():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    recruit = put(s, P0, "Recruit", 4, 5)
    helm = crew(s, recruit, P0, "Iron Helm")
    activated(s, recruit)
    resolve(s, Move(recruit, (4, 4)))
    assert s.perms[recruit].base == wagon and s.perms[recruit].pile == [helm] and at(s, helm) == (4, 4)


def test_MUHQ_CREW_3_crew_add_their_attack():
    s = scene()
    terrain(s, {(4, 4): "deep_water"})
    skiff = put(s, P0, "Harpoon Skiff", 4, 4)  # 1 R2
    crew(s, skiff, P0, "Outrider")  # 2 R1
    enemy = put(s, P1, "Siege Wagon", 4, 5)
    activated(s, skiff)
    resolve(s, Attack(skiff, enemy))
    assert s.perms[enemy].damage == 3


def test_MUHQ_CREW_4_crew_leave_only_by_their_own_move():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    archer = crew(s, wagon, P0, "Longbow Archer")
    activated(s, wagon)
    resolve(s, Move(wagon, (4, 5, 4, 6)))
    assert s.perms[archer].base == wagon and at(s, archer) == (4, 6)
    s.apply(Activate(archer))
    resolve(s, Move(archer, (4, 7)))
    assert s.perms[archer].base is None and at(s, archer) == (4, 7) and s.perms[wagon].pile == []


def test_MUHQ_CREW_5_crew_pay_upkeep_and_only_move_or_clear_paralysis():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    forager = crew(s, wagon, P0, "Forager")
    pikeman = crew(s, wagon, P0, "Pikeman")
    put(s, P0, "Iron Helm", 5, 5)
    activated(s, forager)
    assert {a.type for a in s.legal_actions() if getattr(a, "unit", None) == forager} == {"move"}
    rejected(s, FullAction(forager, 0, ()), "MUHQ-CREW-5")
    s.apply(END_ACTIVATION)
    s.apply(Activate(pikeman))
    rejected(s, Equip(pikeman, s.occ[cell(s, 5, 5)], "attack"), "MUHQ-CREW-5")
    s2 = scene(step="upkeep_income")
    wagon = put(s2, P0, "Siege Wagon", 4, 4)
    pikeman = crew(s2, wagon, P0, "Pikeman")
    resource(s2, P0, 3)
    ready(s2)
    assert {a.unit for a in s2.legal_actions() if a.type == "pay_upkeep"} == {wagon, pikeman}
    s2.apply(A.PayUpkeep(wagon))
    s2.apply(A.DeclineUpkeep(pikeman))
    assert pikeman not in s2.perms and s2.perms[wagon].pile == []


# == COND =================================================================================================

def test_MUHQ_COND_1_any_number_of_markers_of_each_kind():
    s = scene()
    unit = put(s, P1, "Siege Wagon", 4, 6, paralysis=1)
    put(s, P0, "Pikeman", 4, 4)
    terrify, spray = hand(s, P0, "Terrify", "Toxic Spray")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlaySpell(terrify, (unit,)))
    resolve(s, PlaySpell(spray, (unit,)))
    assert s.perms[unit].markers() == {"paralysis": 1, "panic": 2, "poison": 2}


def test_MUHQ_COND_2_giving_a_condition_puts_one_marker():
    s = scene()
    witch = put(s, P0, "Mire Witch", 4, 4)
    enemy = put(s, P1, "Recruit", 4, 7)
    activated(s, witch)
    resolve(s, FullAction(witch, 0, (enemy,)))
    assert s.perms[enemy].paralysis == 1


def test_MUHQ_COND_3_only_units_carry_condition_markers():
    s = scene()
    depot = put(s, P0, "Supply Depot", 4, 4)
    ready(s)
    mist = s.game.defs[next(k for k, d in s.game.defs.items() if d.name == "Paralyzing Mist")]
    VOCABULARY["add_marker"].resolve(s, {"do": "add_marker", "to": "T1", "marker": "paralysis", "count": 1},
                                     Ctx(None, mist, P0, targets={"T1": depot}))
    assert s.perms[depot].paralysis == 0


def test_MUHQ_COND_4_poison_first_then_panic_before_rage():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, poison=2, panic=1)
    ready(s)
    s.apply(Activate(pikeman))
    assert pikeman not in s.perms and not s.stack and s.mode == "open"  # dead before any AI
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, panic=1, rage=1)
    put(s, P1, "Recruit", 4, 6)
    ready(s)
    s.apply(Activate(pikeman))
    assert s.ai is not None and s.ai[0] == "shy"
    while s.activation is not None:
        pass_all(s)
    assert s.perms[pikeman].panic == 0 and s.perms[pikeman].rage == 1


def test_MUHQ_COND_5_no_decisions_for_an_ai_unit_but_fast_actions_stay_open():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, panic=1)
    put(s, P1, "Recruit", 4, 6)
    wall, = hand(s, P0, "Shield Wall")
    resource(s, P0, 1)
    ready(s)
    s.apply(Activate(pikeman))
    assert s.stack and s.current_player == P0
    rejected(s, Move(pikeman, (5, 3)), "MUHQ-COND-5")
    rejected(s, END_ACTIVATION, "MUHQ-COND-5")
    s.apply(PlaySpell(wall, (pikeman,)))  # a fast action during the AI run
    pass_all(s)
    assert s.perms[pikeman].protection == 2


# == PARA =================================================================================================

def test_MUHQ_PARA_1_a_paralyzed_unit_may_only_clear_paralysis():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, paralysis=1)
    put(s, P1, "Recruit", 4, 5)
    activated(s, pikeman)
    assert set(s.legal_actions()) == {ClearParalysis(pikeman, "move"), ClearParalysis(pikeman, "attack"),
                                      END_ACTIVATION}


def test_MUHQ_PARA_2_a_paralyzed_unit_performs_none_of_its_actions():
    s = scene()
    bearer = put(s, P0, "Shield Bearer", 4, 4, paralysis=1)
    enemy = put(s, P1, "Recruit", 4, 5)
    depot = put(s, P0, "Supply Depot", 3, 4)
    helm = put(s, P0, "Iron Helm", 5, 4)
    card, = hand(s, P0, "Coin Purse")
    activated(s, bearer)
    rejected(s, Move(bearer, (3, 3)), "MUHQ-PARA-2")
    rejected(s, Attack(bearer, enemy), "MUHQ-PARA-2")
    rejected(s, Equip(bearer, helm, "move"), "MUHQ-PARA-2")
    rejected(s, Swap(bearer, depot, "move"), "MUHQ-PARA-2")
    rejected(s, Carry(bearer, depot, (3, 3), (2, 3)), "MUHQ-PARA-2")
    rejected(s, FreeAction(bearer, 0, (bearer,), (card,)), "MUHQ-PARA-2")
    s = scene()
    forager = put(s, P0, "Forager", 4, 4, paralysis=1)
    activated(s, forager)
    rejected(s, FullAction(forager, 0, ()), "MUHQ-PARA-2")


def test_MUHQ_PARA_3_clearing_paralysis_spends_an_unused_action():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, paralysis=3)
    recruit = put(s, P0, "Recruit", 2, 2)
    activated(s, pikeman)
    resolve(s, ClearParalysis(pikeman, "attack"))
    assert s.perms[pikeman].paralysis == 2 and s.perms[pikeman].attack_used
    rejected(s, ClearParalysis(pikeman, "attack"), "MUHQ-PARA-3")
    s.apply(END_ACTIVATION)
    s.apply(Activate(recruit))
    rejected(s, ClearParalysis(recruit, "move"), "MUHQ-PARA-3")  # not paralyzed


def test_MUHQ_PARA_4_a_paralyzed_defender_still_strikes_back():
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    pikeman = put(s, P1, "Pikeman", 4, 5, paralysis=2)
    activated(s, recruit)
    resolve(s, Attack(recruit, pikeman))
    assert recruit not in s.perms


# == POISON ===============================================================================================

def test_MUHQ_POISON_1_only_a_poisoned_unit_gets_more_poison():
    s = scene()
    clean = put(s, P0, "Siege Wagon", 2, 2)
    sick = put(s, P0, "Siege Wagon", 6, 6, poison=1)
    ready(s)
    s.apply(Activate(clean))
    s.apply(END_ACTIVATION)
    s.apply(Activate(sick))
    assert s.perms[clean].poison == 0 and s.perms[sick].poison == 2


def test_MUHQ_POISON_2_each_activation_adds_a_poison_marker_even_at_phase_end():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 2, 2, poison=1)
    ready(s)
    s.apply(A.END_ACTION_PHASE)  # the remaining untapped permanents are activated (MUHQ-APHASE-6)
    assert s.perms[wagon].poison == 2 and s.perms[wagon].tapped


def test_MUHQ_POISON_3_more_poison_than_life_is_defeat_at_once():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    pikeman = put(s, P1, "Pikeman", 4, 6)
    recruit = put(s, P1, "Recruit", 5, 6)
    s1, s2 = hand(s, P0, "Toxic Spray", "Toxic Spray")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlaySpell(s1, (pikeman,)))
    assert s.perms[pikeman].poison == 2  # 2 is not > 2
    resolve(s, PlaySpell(s2, (recruit,)))
    assert recruit not in s.perms and recruit in s.players[P1].discard


# == PANIC / RAGE =========================================================================================

def test_MUHQ_PANIC_1_terrify_panics_and_each_run_removes_one_marker():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    enemy = put(s, P1, "Recruit", 4, 6)
    terrify, = hand(s, P0, "Terrify")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(terrify, (enemy,)))
    assert s.perms[enemy].panic == 2
    to_action_phase(s, P0)  # P1's turn: the Recruit is activated once, at the end of its action phase
    assert s.perms[enemy].panic == 1


def test_MUHQ_PANIC_2_a_panicked_unit_flees_and_attacks_if_it_still_can():
    # S2: the field farthest from the enemies; S3: attack a legal defender (the Archer reaches it).
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4, panic=1)
    enemy = put(s, P1, "Recruit", 4, 5)
    activated(s, archer)
    label = s.stack[-1].label
    pass_all(s)
    assert label.startswith("Longbow Archer moves") and s.grid.distance(_places.cell_of(s, archer), _places.cell_of(s, enemy)) == 3
    assert [i.kind for i in s.stack] == ["attack"]
    pass_all(s)
    assert s.perms[enemy].damage == 1 and s.perms[archer].panic == 0 and s.activation is None


def test_MUHQ_RAGE_1_enrage_gives_rage_and_the_unit_runs_aggressive():
    s = scene(active=P1)
    outrider = put(s, P1, "Outrider", 4, 4)
    enemy = put(s, P0, "Recruit", 4, 7)
    enrage, = hand(s, P1, "Enrage")
    ready(s)
    resolve(s, PlaySpell(enrage, (outrider,)))
    assert s.perms[outrider].rage == 1
    s.apply(Activate(outrider))
    assert s.ai[0] == "aggressive" and s.stack[-1].kind == "move"
    while s.activation is not None:
        pass_all(s)
    assert enemy not in s.perms and s.perms[outrider].rage == 0 and s.perms[outrider].tapped


def test_MUHQ_RAGE_2_a_raging_unit_attacks_what_it_reaches():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, rage=1)
    weak = put(s, P1, "Recruit", 4, 5)
    strong = put(s, P1, "Outrider", 5, 5)
    activated(s, pikeman)
    assert s.stack[-1].param("defender") == weak  # lowest remaining life first (MUHQ-AI-4)
    pass_all(s)
    assert weak not in s.perms
    pass_all(s)
    assert s.perms[pikeman].rage == 0 and s.activation is None and s.perms[strong].damage == 0


# == PMARK ================================================================================================

def test_MUHQ_PMARK_1_shield_wall_protects_with_two_markers():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    wall, = hand(s, P0, "Shield Wall")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlaySpell(wall, (pikeman,)))
    assert s.perms[pikeman].protection == 2


def test_MUHQ_PMARK_2_big_damage_to_a_protected_unit_is_prevented_completely():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6, protection=2)
    p1, p2 = hand(s, P0, "Perish!", "Perish!")
    resource(s, P0, 4)
    ready(s)
    resolve(s, PlaySpell(p1, (recruit,)))
    assert s.perms[recruit].damage == 0 and s.perms[recruit].protection == 0
    resolve(s, PlaySpell(p2, (recruit,)))
    assert recruit not in s.perms


# == ART ==================================================================================================

def test_MUHQ_ART_1_artifacts_have_no_unit_actions():
    s = scene()
    depot = put(s, P0, "Supply Depot", 4, 4)
    enemy = put(s, P1, "Recruit", 4, 5)
    ready(s)
    s.apply(Activate(depot))  # nothing to do: the activation ends and the Depot is tapped
    assert s.activation is None and s.perms[depot].tapped
    rejected(s, FreeAction(depot, 0, ()), "MUHQ-TIMING-6")  # its tap ability is spent with it
    assert not any(a.type in ("move", "attack") for a in s.legal_actions())
    assert enemy in s.perms


def test_MUHQ_ART_2_carry_moves_the_artifact_with_the_unit():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    depot = put(s, P0, "Supply Depot", 3, 4)
    activated(s, pikeman)
    rejected(s, Carry(pikeman, depot, (3, 2, 3, 1), (5, 1)), "MUHQ-ART-2")  # not within range 1 of the end
    resolve(s, Carry(pikeman, depot, (3, 2, 3, 1), (2, 0)))
    assert at(s, pikeman) == (3, 1) and at(s, depot) == (2, 0)


def test_MUHQ_ART_2_any_legal_path_may_carry():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    depot = put(s, P0, "Supply Depot", 3, 4)
    activated(s, pikeman)
    rejected(s, Carry(pikeman, depot, (2, 2, 1, 1), (0, 0)), "MUHQ-MOVE-3")  # 1 + 2 > 2
    resolve(s, Carry(pikeman, depot, (3, 2, 2, 1), (1, 0)))  # as cheap as (2, 2), (2, 1), the listed path
    assert at(s, pikeman) == (2, 1) and at(s, depot) == (1, 0)


def test_MUHQ_ART_2_carry_fallback_field_chosen_by_the_controller():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 2)
    depot = put(s, P0, "Supply Depot", 3, 3)
    conscription, = hand(s, P1, "Conscription")
    resource(s, P1, 2)
    activated(s, pikeman)
    s.apply(Carry(pikeman, depot, (3, 1,), (3, 0)))
    s.apply(PASS)
    s.apply(PlaySpell(conscription, ()))
    pass_all(s)
    s.apply(PlaceToken((3, 0)))  # the Levy takes the declared drop field
    pass_all(s)
    assert at(s, pikeman) == (3, 1)
    assert s.mode == "drop" and s.current_player == P0  # P0 chooses another field within range 1
    choices = {a.field for a in s.legal_actions()}
    assert (4, 2) in choices and (3, 0) not in choices and (3, 1) not in choices
    rejected(s, A.DropPlace(depot, (3, 4)), "MUHQ-ART-2")
    s.apply(A.DropPlace(depot, (4, 2)))
    assert at(s, depot) == (4, 2)


def test_MUHQ_ART_3_swap_exchanges_fields_if_both_fit():
    s = scene()
    terrain(s, {(3, 4): "deep_water"})
    pikeman = put(s, P0, "Pikeman", 3, 3)
    depot = put(s, P0, "Supply Depot", 4, 4)
    skiff = put(s, P0, "Harpoon Skiff", 3, 4)
    wet = put(s, P0, "Sunken Idol", 2, 4)
    activated(s, pikeman)
    resolve(s, Swap(pikeman, depot, "move"))
    assert at(s, pikeman) == (4, 4) and at(s, depot) == (3, 3)
    s.apply(END_ACTIVATION)
    s.apply(Activate(skiff))
    rejected(s, Swap(skiff, wet, "move"), "MUHQ-ART-3")  # the Idol cannot stand on deep water


def test_MUHQ_ART_4_neutral_artifacts_can_be_swapped_by_anyone_landmarks_by_no_one():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    depot = put(s, NEUTRAL, "Supply Depot", 3, 4)
    bastion = put(s, P0, "Bastion", 2, 3)
    activated(s, pikeman)
    rejected(s, Swap(pikeman, bastion, "move"), "MUHQ-ART-4")
    resolve(s, Swap(pikeman, depot, "move"))
    assert at(s, pikeman) == (3, 4) and s.perms[depot].controller == NEUTRAL


def test_MUHQ_ART_5_only_solid_artifacts_can_be_named_defender():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    depot = put(s, P1, "Supply Depot", 4, 5)
    tower = put(s, P1, "Watchtower", 3, 4)
    activated(s, pikeman)
    assert {a.defender for a in s.legal_actions() if a.type == "attack"} == {tower}
    rejected(s, Attack(pikeman, depot), "MUHQ-ART-5")
    resolve(s, Attack(pikeman, tower))
    assert s.perms[tower].damage == 2


# == SOLID ================================================================================================

def test_MUHQ_SOLID_1_enemy_units_cannot_carry_or_swap_a_solid_artifact():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    tower = put(s, P1, "Watchtower", 3, 4)
    mine = put(s, P0, "Lighthouse", 2, 2)
    activated(s, pikeman)
    rejected(s, Swap(pikeman, tower, "move"), "MUHQ-SOLID-1")
    rejected(s, Carry(pikeman, tower, (4, 3), (5, 3)), "MUHQ-SOLID-1")
    resolve(s, Carry(pikeman, mine, (4, 3, 5, 3), (6, 3)))  # its own solid artifact: fine
    assert at(s, mine) == (6, 3)


def test_MUHQ_SOLID_2_enemies_may_attack_a_solid_artifact_it_deals_nothing_back():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 3, 3)
    tower = put(s, P1, "Watchtower", 3, 4)
    own = put(s, P0, "Lighthouse", 2, 3)
    activated(s, pikeman)
    rejected(s, Attack(pikeman, own), "MUHQ-SOLID-2")
    resolve(s, Attack(pikeman, tower))
    assert s.perms[tower].damage == 2 and s.perms[pikeman].damage == 0


def test_MUHQ_SOLID_3_a_solid_artifact_is_destroyed_when_damage_exceeds_x():
    for before, survives in ((1, True), (2, False)):
        s = scene()
        pikeman = put(s, P0, "Pikeman", 3, 3)
        lighthouse = put(s, P1, "Lighthouse", 3, 4, damage=before)  # solid 3
        activated(s, pikeman)
        resolve(s, Attack(pikeman, lighthouse))
        assert (lighthouse in s.perms) == survives
        if not survives:
            assert lighthouse in s.players[P1].discard


# == EQUIP ================================================================================================

def test_MUHQ_EQUIP_1_equipment_are_artifacts_with_durability():
    s = scene()
    helm = put(s, P0, "Iron Helm", 4, 4)
    req, = hand(s, P0, "Requisition")
    ready(s)
    assert s.perms[helm].d.durability == 2
    resolve(s, PlaySpell(req, (), (helm,)))  # "sacrifice an artifact" accepts an equipment
    assert helm in s.players[P0].discard and s.players[P0].resource == 3


def test_MUHQ_EQUIP_2_equipment_below_durability_1_is_destroyed():
    s = scene()
    loose = put(s, P0, "Iron Helm", 4, 4, worn=2)
    pikeman = put(s, P1, "Pikeman", 6, 6)
    worn = crew(s, pikeman, P0, "Iron Helm", worn=2)
    fine = crew(s, pikeman, P0, "Coral Mail")
    ready(s)
    assert loose not in s.perms and worn not in s.perms
    assert loose in s.players[P0].discard and worn in s.players[P0].discard
    assert s.perms[pikeman].pile == [fine] and s.stats()[pikeman].armor == 3


def test_MUHQ_EQUIP_3_equipment_played_alone_or_to_the_next_unit():
    s = scene()
    helm, mail, pikeman = hand(s, P0, "Iron Helm", "Coral Mail", "Pikeman")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlayPermanent(helm, (0, 8)))
    assert at(s, helm) == (0, 8) and s.perms[helm].base is None
    resolve(s, PlayPermanent(mail, None, "next_unit"))
    assert s.players[P0].pending == [mail] and mail not in s.perms
    resolve(s, PlayPermanent(pikeman, (4, 8)))
    assert s.perms[pikeman].pile == [mail] and s.players[P0].pending == []
    assert s.stats()[pikeman].armor == 3


def test_MUHQ_EQUIP_4_pending_equipment_is_discarded_at_end_of_turn():
    s = scene()
    mail, = hand(s, P0, "Coral Mail")
    resource(s, P0, 1)
    ready(s)
    resolve(s, PlayPermanent(mail, None, "next_unit"))
    to_action_phase(s, P1)
    assert s.players[P0].pending == [] and mail in s.players[P0].discard


def test_MUHQ_EQUIP_5_equipping_an_enemys_equipment_takes_control_of_it():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    theirs = put(s, P1, "Iron Helm", 4, 5)
    far = put(s, P0, "Coral Mail", 4, 6)
    activated(s, pikeman)
    rejected(s, Equip(pikeman, far, "move"), "MUHQ-EQUIP-5")
    resolve(s, Equip(pikeman, theirs, "attack"))
    e = s.perms[theirs]
    assert e.base == pikeman and e.controller == P0 and e.owner == P1


def test_MUHQ_EQUIP_6_equipped_equipment_occupies_no_field_and_affects_its_unit():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    cloak = put(s, P0, "Cloak of Mist", 4, 5)
    activated(s, pikeman)
    assert not s.stats()[pikeman].veiled
    resolve(s, Equip(pikeman, cloak, "move"))
    assert s.stats()[pikeman].veiled and cell(s, 4, 5) not in s.occ and at(s, cloak) == (4, 4)


def test_MUHQ_EQUIP_7_equipment_returned_with_its_unit_loses_durability():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    recruit = put(s, P1, "Recruit", 4, 6)
    helm = crew(s, recruit, P1, "Iron Helm")
    undertow, = hand(s, P0, "Undertow")
    resource(s, P0, 2)
    ready(s)
    resolve(s, PlaySpell(undertow, (recruit,)))
    assert recruit in s.players[P1].hand and s.mode == "drop" and s.current_player == P1
    s.apply(DropPlace(helm, (4, 6)))
    assert at(s, helm) == (4, 6) and s.perms[helm].worn == 1


def test_MUHQ_EQUIP_8_any_number_of_equipment_and_no_unequipping():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    helm = put(s, P0, "Iron Helm", 4, 5)
    mail = put(s, P0, "Coral Mail", 3, 4)
    resource(s, P0, 1)
    activated(s, pikeman)
    resolve(s, Equip(pikeman, helm, "move"))
    resolve(s, Equip(pikeman, mail, "attack"))
    assert s.perms[pikeman].pile == [helm, mail] and s.stats()[pikeman].armor == 4
    to_action_phase(s, P0)
    s.apply(Activate(pikeman))
    assert {a.type for a in s.legal_actions()} <= {"move", "end_activation", "universal_free_action"}


def test_MUHQ_EQUIP_9_unequipped_equipment_is_an_ordinary_artifact():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4)
    helm = put(s, P1, "Iron Helm", 4, 5)
    activated(s, pikeman)
    rejected(s, Attack(pikeman, helm), "MUHQ-ART-5")
    resolve(s, Swap(pikeman, helm, "move"))
    assert at(s, pikeman) == (4, 5) and at(s, helm) == (4, 4)


# == AI ===================================================================================================

def test_MUHQ_AI_1_ai_actions_use_the_stack_and_continue_when_one_fails():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, rage=1)
    near = put(s, P1, "Recruit", 4, 5)
    far = put(s, P1, "Outrider", 7, 4)
    undertow, = hand(s, P1, "Undertow")
    resource(s, P1, 2)
    activated(s, pikeman)
    assert s.stack[-1].kind == "attack" and s.stack[-1].param("defender") == near
    s.apply(PASS)
    s.apply(PlaySpell(undertow, (near,)))  # P1 responds: the attack will find no defender
    pass_all(s)
    pass_all(s)
    assert near in s.players[P1].hand and s.perms[pikeman].attack_used
    assert s.stack[-1].kind == "move"  # the run goes on with A2: toward the Outrider
    pass_all(s)
    assert s.grid.distance(_places.cell_of(s, pikeman), _places.cell_of(s, far)) == 1
    assert s.activation is None and s.perms[pikeman].rage == 0


def test_MUHQ_AI_1_the_ai_declares_no_illegal_action_after_a_response_paralyzes_it():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, rage=1)
    enemy = put(s, P1, "Recruit", 4, 5)
    put(s, P1, "Outrider", 7, 4)
    mist, = hand(s, P1, "Paralyzing Mist")
    resource(s, P1, 1)
    activated(s, pikeman)
    assert s.stack[-1].kind == "attack"
    s.apply(PASS)
    s.apply(PlaySpell(mist, (pikeman,)))
    pass_all(s)
    assert s.perms[pikeman].paralysis == 1
    pass_all(s)  # the attack was declared before: it still resolves
    assert enemy not in s.perms
    assert not s.stack and s.activation is None  # no move for a paralyzed unit (MUHQ-PARA-2)
    assert at(s, pikeman) == (4, 4) and s.perms[pikeman].rage == 0


def test_MUHQ_AI_2_ai_moves_never_crew():
    s = scene()
    terrain(s, {(3, 5): "wall", (5, 5): "wall"})
    sentry = put(s, P0, "Crossbow Sentry", 4, 6, rage=1)  # movement 1
    wagon = put(s, P0, "Siege Wagon", 4, 5)
    put(s, P1, "Recruit", 4, 1)
    activated(s, sentry)
    assert s.activation is None and not s.stack  # boarding the Wagon would have been nearer
    assert at(s, sentry) == (4, 6) and s.perms[wagon].pile == [] and s.perms[sentry].rage == 0


def test_MUHQ_AI_3_a_paralyzed_ai_unit_only_clears_paralysis():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, panic=1, paralysis=2)
    put(s, P1, "Recruit", 4, 5)
    activated(s, pikeman)
    kinds = []
    while s.activation is not None:
        kinds.append(s.stack[-1].kind)
        pass_all(s)
    assert kinds == ["clear_paralysis", "clear_paralysis"]
    p = s.perms[pikeman]
    assert p.paralysis == 0 and p.panic == 0 and at(s, pikeman) == (4, 4) and p.tapped
    # one marker: one action clears it, and the run ends all the same (no flight, no attack)
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, rage=1, paralysis=1)
    enemy = put(s, P1, "Recruit", 4, 5)
    activated(s, pikeman)
    assert s.stack[-1].kind == "clear_paralysis"
    pass_all(s)
    p = s.perms[pikeman]
    assert not s.stack and s.activation is None and p.tapped and p.rage == 0 and p.paralysis == 0
    assert not p.attack_used and enemy in s.perms and s.perms[enemy].damage == 0


def test_MUHQ_AI_4_defender_tie_breaks():
    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4, rage=1)
    put(s, P1, "Siege Wagon", 4, 7, damage=3)  # remaining life 1, distance 3
    second = put(s, P1, "Recruit", 5, 5)  # remaining life 1, distance 1
    first = put(s, P1, "Recruit", 3, 5)  # remaining life 1, distance 1, earlier in reading order
    put(s, P1, "Pikeman", 4, 5)  # remaining life 2
    activated(s, archer)
    assert s.stack[-1].param("defender") == first
    assert second in s.perms


def test_MUHQ_AI_5_shy_uses_its_full_action_when_not_threatened():
    s = scene()
    forager = put(s, P0, "Forager", 4, 4, panic=1)
    put(s, P1, "Recruit", 4, 7)  # distance 3: no threat
    activated(s, forager)
    assert s.stack[-1].kind == "full_action"
    pass_all(s)
    assert s.players[P0].resource == 2 and s.activation is None and s.perms[forager].panic == 0
    s = scene()
    forager = put(s, P0, "Forager", 4, 4, panic=1)
    enemy = put(s, P1, "Recruit", 4, 5)  # threatened: it flees instead
    activated(s, forager)
    assert s.stack[-1].kind == "move"
    pass_all(s)
    assert s.players[P0].resource == 0 and s.grid.distance(_places.cell_of(s, forager), _places.cell_of(s, enemy)) == 3


def test_MUHQ_AI_6_aggressive_attacks_first_then_closes_in():
    s = scene()
    pikeman = put(s, P0, "Pikeman", 4, 4, rage=1)
    near = put(s, P1, "Recruit", 4, 5)
    far = put(s, P1, "Outrider", 1, 4)
    activated(s, pikeman)
    kinds = []
    while s.activation is not None:
        kinds.append(s.stack[-1].kind)
        pass_all(s)
    assert kinds == ["attack", "move"]
    assert near not in s.perms and at(s, pikeman) == (2, 3)  # (2, 3) and (2, 4): cost 2 each; reading order
    assert s.perms[far].damage == 0 and s.perms[pikeman].rage == 0


def test_MUHQ_AI_7_the_ai_never_uses_free_actions_or_plays_cards():
    s = scene()
    bearer = put(s, P0, "Shield Bearer", 4, 4, panic=1)
    enemy = put(s, P1, "Recruit", 4, 7)
    cards = hand(s, P0, "Coin Purse", "Volley", "Shield Wall")
    resource(s, P0, 5)
    activated(s, bearer)
    kinds = []
    while s.activation is not None:
        kinds.append(s.stack[-1].kind)
        pass_all(s)
    assert set(kinds) <= {"move", "attack"} and s.players[P0].hand == cards and s.players[P0].resource == 5
    assert s.perms[bearer].protection == 0 and enemy in s.perms
