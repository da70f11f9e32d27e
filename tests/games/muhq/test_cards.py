"""Every card of the sample sets works as written: the cards no acceptance scenario or rule test uses yet
(the others are named in test_scenarios.py, test_rules_board.py and test_rules_flow.py; the last test here
checks that every card of the sets is named somewhere in the tests)."""

from __future__ import annotations

import re
from pathlib import Path

from cardtable.games.muhq.actions import Activate, Attack, PlayPermanent
from cardtable.games.muhq.data import load_set

from .helpers import P0, P1, crew, hand, pass_all, put, ready, scene, terrain
from cardtable.games.muhq import places as _places

HERE = Path(__file__).resolve().parent


def settle(s) -> None:
    """Pass until nothing waits on the stack, no trigger waits to be declared and no pile to be dropped."""
    for _ in range(20):
        if s.mode in ("trigger", "drop"):
            s.apply(s.legal_actions()[0])
        elif s.mode == "priority":
            pass_all(s)
        else:
            return


def test_eel_swarm_MUHQ_BOARD_5_swims_and_its_combat_damage_paralyzes():
    s = scene()
    terrain(s, {(4, 4): "deep_water", (4, 5): "deep_water"})
    eels = put(s, P0, "Eel Swarm", 4, 4)
    recruit = put(s, P1, "Recruit", 5, 4)
    ready(s)
    s.apply(Activate(eels))
    ends = {tuple(a.path[-2:]) for a in s.legal_actions() if a.type == "move"}
    assert ends == {(4, 5)}  # a swimming unit enters only deep water (MUHQ-BOARD-5, MUHQ-MOVE-10)
    s.apply(Attack(eels, recruit))
    pass_all(s)
    settle(s)
    assert s.perms[recruit].damage == 1 and s.perms[recruit].paralysis == 1
    assert s.perms[eels].damage == 1 and s.perms[eels].paralysis == 0  # the Recruit's damage does not paralyze


def test_kraken_spawn_MUHQ_PANIC_1_entering_panics_enemy_units_within_range_2():
    s = scene()
    terrain(s, {(4, 8): "deep_water"})
    kraken, = hand(s, P0, "Kraken Spawn")
    near = put(s, P1, "Recruit", 4, 6)  # distance 2
    far = put(s, P1, "Recruit", 4, 5)  # distance 3
    own = put(s, P0, "Recruit", 3, 7)  # own units are not enemies
    ready(s)
    s.apply(PlayPermanent(kraken, (4, 8)))
    pass_all(s)
    settle(s)
    assert _places.cell_of(s, kraken) == s.grid.cell(4, 8)
    assert s.perms[near].panic == 1 and s.perms[far].panic == 0 and s.perms[own].panic == 0


def test_venom_blade_MUHQ_COMBAT_6_plus_one_attack_and_poison_on_combat_damage():
    s = scene()
    recruit = put(s, P0, "Recruit", 4, 4)
    crew(s, recruit, P0, "Venom Blade")
    pikeman = put(s, P1, "Pikeman", 4, 5)
    ready(s)
    assert s.stats()[recruit].attack == [(2, 1)]  # 1 + 1 on the first printed component
    s.apply(Activate(recruit))
    s.apply(Attack(recruit, pikeman))
    pass_all(s)
    settle(s)
    assert s.perms[pikeman].damage == 1  # 2 - armor 1
    assert s.perms[pikeman].poison == 1  # the equipped unit dealt combat damage (it died of the return blow)
    assert recruit not in s.perms


def test_every_card_of_the_sample_sets_is_named_in_a_test():
    text = "".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py"))
    names = [c.name for name in ("core", "vanguard", "tide") for c in load_set(name).cards]
    missing = [n for n in names if not re.search(re.escape(f'"{n}"'), text)]
    assert len(names) == 59 and not missing, missing
