"""The acceptance scenarios of spec section 11, each named after the rules it checks (AS-01, AS-04 and AS-05's
geometry is also in test_grid.py)."""

from __future__ import annotations

from cardtable.games.muhq.actions import Activate, Attack, Move, PlaySpell

from .helpers import P0, P1, at, hand, pass_all, put, ready, rejected, resource, scene


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
