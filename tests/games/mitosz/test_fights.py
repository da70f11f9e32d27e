"""Fights (spec chapter 7, section 5.12): the acceptance scenarios S-17 … S-19, S-22, S-24 and a test per
rule ID of the fight procedure. Spheres are written M/I/W/F; A attacks, B defends.
"""

from __future__ import annotations

from cardtable.games.mitosz.modes import Phase
from cardtable.games.mitosz.actions import (PASS, ChooseOption, DeclareBattle, DeclareDuel, PlayUnsummoned,
                                            Summon, UseFreeManeuver, UseManeuver)
from tests.games.mitosz.helpers import (A, B, attach, custom_decks, do, fresh, god, hand, leader, nation,
                                        on_board, pass_counter, ready, rejects, scene, sph, spheres)
from cardtable.games.mitosz import acts_targets as _acts_targets
from cardtable.games.mitosz.fights import members as _members
from cardtable.games.mitosz.fights import strength as _strength
from cardtable.games.mitosz.levels import card_types as _card_types
from cardtable.games.mitosz.levels import level as _level
from cardtable.games.mitosz import moves as _moves


def answer(s, seat: int, kind: str, option_text: str) -> None:
    """Answer the pending fight prompt of ``seat`` with the option whose label contains ``option_text``."""
    assert s.mode == "prompt" and s.prompt.kind == kind and s.prompt.player == seat, s.prompt
    index = next(i for i, o in enumerate(s.prompt.options) if option_text in o)
    do(s, ChooseOption(index))


def s17_board():
    """S-17's position: A's battle phase; A's Orren, Lysa with Sunsteel Blade, rotated Ivo; B's Fjord Wardens
    at (0,0) and Pinewood Tribes at (1,0), Skeld and Vigdis."""
    s = scene(phase="battle")
    spheres(s, A, "2/5/2/3")
    spheres(s, B, "3/2/3/6")
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    attach(s, A, "Sunsteel Blade", lysa)
    leader(s, A, "Magister Ivo", rotated=True)
    nation(s, A, "Gilded Cityfolk", 0, 0)
    nation(s, A, "Sunfield Herders", 1, 0)
    nation(s, A, "Dunewatch Nomads", 2, 0)
    gate, archers, ballista = hand(s, A, "Gate Spearmen", "Gilded Archers", "Siege Ballista")
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    pine = nation(s, B, "Pinewood Tribes", 1, 0)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    wolves, bearers = hand(s, B, "Frost Wolves", "Shieldwall Bearers")
    ready(s)
    return s, dict(orren=orren, lysa=lysa, gate=gate, archers=archers, ballista=ballista, fjord=fjord, pine=pine,
                   skeld=skeld, vigdis=vigdis, wolves=wolves, bearers=bearers)


def s17_to_rounds(s, c, vigdis_row: str = "auxiliary"):
    """Steps 1-2 of S-17: the declaration, the commanders and the companions."""
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    answer(s, B, "fight_leader", f"Vigdis the Wolf-Sworn into the {vigdis_row}")
    assert s.fight.stage == "rounds" and s.mode == "window" and s.current_player == A


def test_S_17_MIT_7_4_full_battle_with_rows():
    s, c = s17_board()
    # 1. through road E: it faces Pinewood, so it is closed
    rejects(s, DeclareBattle(c["fjord"], "E", c["orren"]), "MIT-3.2.2.a")
    s17_to_rounds(s, c)
    # 3. round 1: Gate Spearmen without summoning (linked to Orren), Frost Wolves summoned
    do(s, PlayUnsummoned(c["gate"], row="front"))
    pass_counter(s)
    do(s, Summon(c["wolves"], row="front"))
    pass_counter(s)
    assert sph(s, B) == "3/2/3/5"
    # 4. round 2: Archers into the auxiliaries, mode level; Bearers likewise
    do(s, Summon(c["archers"], row="auxiliary"))
    pass_counter(s)
    answer(s, A, "supply_mode", "level")
    assert sph(s, A) == "2/5/2/2"
    do(s, Summon(c["bearers"], row="auxiliary"))
    pass_counter(s)
    answer(s, B, "supply_mode", "level")
    assert sph(s, B) == "3/2/2/5"
    # 5. round 3: the Ballista into the front (capacity 3 + 1 warlord = 4); B passes
    assert _strength.row_capacity(s, "att", 0) == 4
    do(s, Summon(c["ballista"], row="front"))
    pass_counter(s)
    assert sph(s, A) == "2/5/0/2"
    do(s, PASS)  # B
    # 6. round 4: both pass: compare 17 against 15
    do(s, PASS)
    do(s, PASS)
    assert s.fight.levels == (17, 15)
    # 7. A wins; B declines to sacrifice Skeld: Fjord Wardens is destroyed
    answer(s, B, "save_nation", "destroyed")
    assert s.cards[c["fjord"]].zone == "afterworld"
    # 8. spoils: 1 influence, above A's maximum this turn
    answer(s, A, "spoils", "steal 1 influence")
    assert sph(s, B) == "3/1/2/5" and sph(s, A) == "2/6/0/2"
    # 9. cleanup: the army leaders rotate, the supplies go to their owners' afterworlds, summon_2 begins
    for who in ("orren", "lysa", "skeld", "vigdis"):
        assert s.cards[c[who]].rotated
    for who in ("gate", "archers", "ballista"):
        assert c[who] in s.players[A].afterworld
    for who in ("wolves", "bearers"):
        assert c[who] in s.players[B].afterworld
    assert s.fight is None and s.phase == "summon_2"
    assert not _level.road_closed(s, c["pine"], "W")


def test_S_18_defender_saves_the_nation():
    s, c = s17_board()
    s17_to_rounds(s, c)
    do(s, PlayUnsummoned(c["gate"], row="front"))
    pass_counter(s)
    do(s, PASS)
    do(s, PASS)
    do(s, PASS)
    assert s.fight.winner == "att"
    answer(s, B, "save_nation", "sacrifice Jarl Skeld Ironbrow")
    assert s.cards[c["skeld"]].zone == "afterworld" and on_board(s, c["fjord"])
    assert s.prompt.kind == "spoils" and s.prompt.player == A  # OP-52: still the winner


def test_S_19_MIT_8_fortress_MIT_7_4_3_2_undefended_battle():
    s = scene(phase="battle")
    spheres(s, A, "2/5/2/3")
    lysa = leader(s, A, "Lysa Brightspear")
    attach(s, A, "Sunsteel Blade", lysa)
    nation(s, A, "Gilded Cityfolk", 0, 0)
    (gate,) = hand(s, A, "Gate Spearmen")
    nation(s, B, "Fjord Wardens", 0, 0)
    pine = nation(s, B, "Pinewood Tribes", 1, 0)
    bastion = attach(s, B, "Ironhold Bastion", pine)
    leader(s, B, "Jarl Skeld Ironbrow", rotated=True)
    ready(s)
    assert _level.road_level(s, pine, "E") == 4  # 1 + (2 + 1 same mythology)
    do(s, DeclareBattle(pine, "E", lysa))
    pass_counter(s)
    # B's leaders are all rotated: nobody to name, no prompt (MIT-7.4.3.2)
    assert s.fight.stage == "rounds" and s.fight.commander("def") == -1
    do(s, Summon(gate, row="front"))  # not linked to Lysa: paid
    pass_counter(s)
    assert _strength.fight_level(s, gate) == 2  # 2 +1 same mythology −1 fortress (OP-61)
    do(s, PASS)  # B
    do(s, PASS)
    do(s, PASS)
    assert s.fight.levels == (7, 4)
    assert s.cards[pine].zone == "afterworld" and s.cards[bastion].zone == "afterworld"
    assert s.prompt.kind == "afterworld_order"  # MIT-1.4.2.c: they went together; B orders them
    while s.prompt.kind == "afterworld_order":
        do(s, s.legal_actions()[0])
    assert s.prompt.kind == "spoils"


def test_S_22_MIT_7_6_1_MIT_7_6_2_MIT_7_6_3_MIT_7_6_4_MIT_7_5_3_duel():
    s = scene(phase="battle")
    lysa = leader(s, A, "Lysa Brightspear")
    attach(s, A, "Sunsteel Blade", lysa)
    nation(s, A, "Gilded Cityfolk", 0, 0)
    ulfar = leader(s, B, "Old Ulfar the Seer")
    nation(s, B, "Fjord Wardens", 0, 0)
    (wolves,) = hand(s, B, "Frost Wolves")
    spheres(s, B, "3/2/3/6")
    ready(s)
    do(s, DeclareDuel(lysa, ulfar))
    pass_counter(s)
    # MIT-7.6.3: the rounds start with the challenged player
    assert s.fight.stage == "rounds" and s.current_player == B
    hrimgar = god(s, B)
    do(s, UseManeuver(hrimgar, "m1", (ulfar,)))
    pass_counter(s)
    assert _strength.fight_level(s, ulfar) == 2
    do(s, PASS)  # A
    rejects(s, UseManeuver(hrimgar, "m1", (ulfar,)), "MIT-4.5")
    rejects(s, Summon(wolves, row="front"), "MIT-7.5.3")
    do(s, PASS)
    do(s, PASS)
    assert s.fight is None
    assert s.cards[ulfar].zone == "afterworld"  # MIT-7.6.4
    assert s.cards[lysa].rotated  # MIT-7.6.6
    assert s.phase == "summon_2"  # no spoils after a duel (OP-54)


def test_S_22_variant_OP_54_equal_levels_nobody_is_destroyed():
    s = scene(phase="battle")
    lysa = leader(s, A, "Lysa Brightspear")  # level 2
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")  # level 2
    ready(s)
    do(s, DeclareDuel(lysa, vigdis))
    pass_counter(s)
    do(s, PASS)
    do(s, PASS)
    assert on_board(s, lysa) and on_board(s, vigdis)


def test_S_24_MIT_7_2_5_keywords_MIT_7_2_5_1_volley_MIT_7_2_5_3_poison():
    s, c = s17_board()
    volley, = hand(s, A, "Gilded Volley")
    adder, = hand(s, B, "Adder Swarm")
    spheres(s, B, "3/2/3/6")
    ready(s)
    s17_to_rounds(s, c)
    do(s, PlayUnsummoned(c["gate"], row="front"))
    pass_counter(s)
    do(s, Summon(c["wolves"], row="front"))
    pass_counter(s)
    # Gilded Volley (user Orren): V = 3 + 1 = 4 → Frost Wolves (3 < 4) is hit
    do(s, UseFreeManeuver(volley, c["orren"], "m1", (c["wolves"],)))
    pass_counter(s)
    assert s.cards[c["wolves"]].zone == "afterworld"
    assert _strength.fight_level(s, c["orren"]) == 5  # +1 from the card, +1 same mythology (OP-25, MIT-5.8)
    do(s, Summon(adder, row="front"))
    pass_counter(s)
    do(s, PASS)  # A
    # poison level 2 + 1 = 3: Gate Spearmen (3) is not lower; Gilded Archers would be
    rejects(s, UseManeuver(adder, "m1", (c["gate"],)), "MIT-4.6.1")


def test_MIT_7_2_5_1_a_volley_hits_a_leader_only_below_half_its_strength():
    # S-24 hits only a supply: a leader measured against V itself (not V / 2) went unnoticed
    s, c = s17_board()
    (volley,) = hand(s, A, "Gilded Volley")
    ready(s)
    s17_to_rounds(s, c)
    assert _strength.fight_level(s, c["vigdis"]) == 3  # V = Orren's 3 + 1 = 4: 3 < 4, but not below 4 // 2 = 2
    rejects(s, UseFreeManeuver(volley, c["orren"], "m1", (c["vigdis"],)), "MIT-4.6.1")


def wolves_ready_to_howl(**options):
    """S-17's fight in its rounds with A's Gilded Archers (level 2) in the auxiliary row and B's Frost Wolves
    (fear) in the front, A having passed: B may use the Wolves' fear next. ``options`` are set on this state."""
    s, c = s17_board()
    if options:
        s.opts = {**s.opts, **options}  # this state only
    s17_to_rounds(s, c)
    do(s, Summon(c["archers"], row="auxiliary"))
    pass_counter(s)
    answer(s, A, "supply_mode", "level")
    do(s, Summon(c["wolves"], row="front"))
    pass_counter(s)
    do(s, PASS)  # A
    return s, c


def test_MIT_7_2_5_2_OP_46_fear_creatures_flee_unless_paid():
    s, c = wolves_ready_to_howl()
    do(s, UseManeuver(c["wolves"], "m1"))  # fear: threshold 3; Lysa 5 and Orren 3 stay, Archers 2 flee
    pass_counter(s)
    answer(s, A, "fear_resist", "flee")
    assert c["archers"] in s.players[A].hand
    assert on_board(s, c["lysa"]) and on_board(s, c["orren"])


def test_MIT_7_2_5_2_OP_46_fear_resist_cost_is_an_option():
    s, c = wolves_ready_to_howl(fear_resist_sphere="force", fear_resist_amount=2)
    do(s, UseManeuver(c["wolves"], "m1"))  # fear: the Archers (2) would flee
    pass_counter(s)
    force = s.players[A].spheres[3]
    answer(s, A, "fear_resist", "pay 2 force")
    assert s.players[A].spheres[3] == force - 2
    assert on_board(s, c["archers"])


def test_MIT_7_2_5_2_OP_46_a_creature_at_its_own_number_does_not_flee():
    # the Frost Wolves' number is 0: no test had a creature whose level equals the number (fear is "higher than")
    s, c = wolves_ready_to_howl(fear_number_source="each_creature")  # each creature's own number
    assert s.cards[c["archers"]].d.number == 2 and _strength.fight_level(s, c["archers"]) == 2  # 2 is not higher than 2
    do(s, UseManeuver(c["wolves"], "m1"))  # fear, threshold 3: Orren (3) and Lysa (5) are not below it
    pass_counter(s)
    assert s.mode != "prompt" and on_board(s, c["archers"]) and c["archers"] in s.fight.supplies


def test_MIT_7_4_10_3_a_lost_attack_destroys_the_commander():
    s = scene(phase="battle")
    ivo = leader(s, A, "Magister Ivo")  # level 1
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)  # N2
    ready(s)
    do(s, DeclareBattle(fjord, "N", ivo))
    pass_counter(s)
    do(s, PASS)
    do(s, PASS)
    assert s.cards[ivo].zone == "afterworld"
    answer(s, B, "spoils", "draw a card")  # MIT-7.4.11: the winning defender draws


def test_MIT_6_2_3_2_b_MIT_6_2_3_2_c_one_fight_with_an_unrotated_leader():
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren", rotated=True)
    lysa = leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    ready(s)
    rejects(s, DeclareBattle(fjord, "N", orren), "MIT-6.2.3.2.b")
    rejects(s, DeclareDuel(orren, vigdis), "MIT-6.2.3.2.b")
    rejects(s, DeclareBattle(fjord, "N", vigdis), "MIT-6.2.3.2.b")  # not one of A's leaders
    do(s, DeclareDuel(lysa, vigdis))
    pass_counter(s)
    do(s, PASS)
    do(s, PASS)
    assert s.phase == "summon_2"
    assert s.fought == s.turn


SHACKLES_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Frost Shackles"
    card_type: free_maneuver
    mythology: nordan
    power_points: 0
    maneuvers:
      - id: m1
        speed: counter
        targets:
          t1: {select: chosen, count: 1, filter: {zone: board, controller: enemy, card_type: [leader]}}
        effect:
          - rotate: {target: $t1}
"""


def test_MIT_6_2_3_2_c_a_declaration_that_comes_to_nothing_still_uses_up_the_battle_phase(tmp_path, monkeypatch):
    # every test let the first fight happen (and end the battle phase): none tried a second declaration
    s = scene(phase="battle", options=custom_decks(tmp_path, monkeypatch, "shackles", SHACKLES_SET, b=["TST-001"]))
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    (shackles,) = hand(s, B, "Frost Shackles")
    ready(s)
    do(s, DeclareDuel(lysa, vigdis))
    assert s.mode == "counter" and s.current_player == B
    do(s, UseFreeManeuver(shackles, skeld, "m1", (lysa,)))  # B rotates the challenger
    pass_counter(s)
    assert s.fight is None and s.phase == "battle" and s.cards[lysa].rotated  # the duel did not happen (OP-39)
    assert s.mode == "window" and s.current_player == B  # B has priority after its answer resolved
    do(s, PASS)
    assert s.mode == "window" and s.current_player == A
    rejects(s, DeclareBattle(fjord, "N", orren), "MIT-6.2.3.2.c")


def test_MIT_7_2_1_c_MIT_7_4_1_fights_only_against_enemy_cards():
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    own = nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    ready(s)
    rejects(s, DeclareBattle(own, "N", orren), "MIT-7.2.1.c")
    rejects(s, DeclareDuel(lysa, orren), "MIT-7.2.1.c")
    rejects(s, DeclareBattle(fjord, "S", orren), "MIT-7.4.1")  # Fjord Wardens has no S road
    rejects(s, DeclareDuel(orren, lysa), "MIT-8.hero")


def test_MIT_7_2_1_b_OP_39_only_fight_cards_act_in_the_battle_phase():
    s, c = s17_board()
    rejects(s, Summon(c["gate"], row="front"), "MIT-3.8.a")  # no battle yet
    s17_to_rounds(s, c)
    # Magister Ivo takes no part in the fight
    ivo = next(i for i in s.players[A].leaders if s.cards[i].d.name == "Magister Ivo")
    s.cards[ivo].rotated = False
    s.forget_caches()
    rejects(s, UseManeuver(ivo, "m1", ()), "MIT-4.2.1.b")  # a reaction, and not in the fight


def test_MIT_7_3_4_b_MIT_7_3_4_c_OP_48_capacity_and_rows_without_a_leader():
    s, c = s17_board()
    s17_to_rounds(s, c, vigdis_row="reserve")
    assert _strength.row_capacity(s, "att", 1) == 2  # Lysa's cost
    do(s, Summon(c["gate"], row="auxiliary"))
    pass_counter(s)
    do(s, PASS)  # B
    do(s, Summon(c["archers"], row="auxiliary"))
    pass_counter(s)
    answer(s, A, "supply_mode", "level")
    do(s, PASS)  # B
    rejects(s, Summon(c["ballista"], row="auxiliary"), "MIT-7.3.4.b")
    rejects(s, Summon(c["ballista"], row="reserve"), "MIT-7.3.4.c")


def test_MIT_3_8_e_OP_20_the_opponent_chooses_the_reserve_mode():
    s, c = s17_board()
    s17_to_rounds(s, c, vigdis_row="reserve")
    do(s, PASS)  # A
    do(s, Summon(c["bearers"], row="reserve"))
    pass_counter(s)
    answer(s, A, "supply_mode", "maneuvers")  # A chooses for B's reserve
    assert s.fight.supplies[c["bearers"]][2] == "maneuvers"
    before = _strength.army_level(s, "def")
    assert before == _strength.fight_level(s, c["skeld"]) + _strength.fight_level(s, c["vigdis"]) + _level.road_level(s, c["fjord"], "N")


def test_MIT_3_8_f_a_linked_supply_is_played_without_summoning():
    s, c = s17_board()
    s17_to_rounds(s, c)
    rejects(s, PlayUnsummoned(c["archers"], row="front"), "MIT-3.8.f")  # not linked to Orren
    do(s, PlayUnsummoned(c["gate"], row="front"))
    pass_counter(s)
    assert sph(s, A) == "2/5/2/3"


def test_MIT_7_4_9_MIT_7_4_10_1_a_draw_has_no_winner():
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")  # 3
    nation(s, A, "Gilded Cityfolk", 0, 0)
    cliff = nation(s, B, "Cliffside Clans", 0, 0)  # S3
    ready(s)
    do(s, DeclareBattle(cliff, "S", orren))
    pass_counter(s)
    do(s, PASS)
    do(s, PASS)
    assert on_board(s, orren) and on_board(s, cliff)
    assert s.phase == "summon_2"  # no spoils after a draw


def test_MIT_8_flying_OP_59_closed_roads_and_flying_companions():
    s = scene(phase="battle")
    spheres(s, A, "2/5/2/3")
    orren = leader(s, A, "Captain Orren")
    gryphon = leader(s, A, "Skyreaver Gryphon")  # a flying leader
    nation(s, A, "Gilded Cityfolk", 0, 0)
    (gate,) = hand(s, A, "Gate Spearmen")
    nation(s, B, "Fjord Wardens", 0, 0)
    cliff = nation(s, B, "Cliffside Clans", 0, 1)  # its only road S faces Fjord Wardens: closed
    ready(s)
    rejects(s, DeclareBattle(cliff, "S", orren), "MIT-3.2.2.a")
    do(s, DeclareBattle(cliff, "S", gryphon))
    pass_counter(s)
    assert s.fight.stage == "rounds"  # Orren may not join: the only other leader does not fly
    rejects(s, Summon(gate, row="front"), "MIT-8.flying")


# -- the rule IDs of the procedure, one by one ------------------------------------------------------------
def battle_scene(**kw):
    """A's battle phase: Orren (warlord, L3) and Lysa (hero, L2) against B's Fjord Wardens (N2 E2) with Skeld
    and Vigdis."""
    s = scene(phase="battle")
    spheres(s, A, "2/5/2/3")
    spheres(s, B, "3/2/3/6")
    c = dict(orren=leader(s, A, "Captain Orren"), lysa=leader(s, A, "Lysa Brightspear"),
             fjord=nation(s, B, "Fjord Wardens", 0, 0), skeld=leader(s, B, "Jarl Skeld Ironbrow"),
             vigdis=leader(s, B, "Vigdis the Wolf-Sworn"))
    nation(s, A, "Gilded Cityfolk", 0, 0)
    ready(s)
    return s, c


def battle_lost_by_the_defender():
    """``battle_scene`` fought to its end: Orren with Sunsteel Blade and Lysa (auxiliary) against Vigdis (front),
    the rounds passed; the attacker won, and the defender is asked whether to save Fjord Wardens."""
    s, c = battle_scene()
    attach(s, A, "Sunsteel Blade", c["orren"])
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "Vigdis the Wolf-Sworn into the front")
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    answer(s, B, "fight_leader", "name no one")
    do(s, PASS)
    do(s, PASS)
    return s, c


def test_MIT_7_1_1_MIT_7_1_1_1_MIT_7_4_2_a_battle_is_led_by_a_commander_against_a_nation():
    s, c = battle_scene()
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    assert s.fight.kind == "battle" and s.fight.nation == c["fjord"] and s.fight.commander("att") == c["orren"]


def test_MIT_7_1_1_2_MIT_7_5_1_MIT_8_hero_a_duel_is_between_two_leaders():
    s, c = battle_scene()
    rejects(s, DeclareDuel(c["orren"], c["vigdis"]), "MIT-8.hero")  # Orren is no hero (only a duel was tried)
    do(s, DeclareDuel(c["lysa"], c["vigdis"]))
    pass_counter(s)
    assert s.fight.kind == "duel" and set(s.fight.leaders) == {c["lysa"], c["vigdis"]}


def test_MIT_7_2_3_a_a_creature_that_cannot_attack():
    s, c = battle_scene()
    attach(s, A, "Torc of Thorns", c["orren"], owner=B)  # cursed: "cannot attack" on its host
    ready(s)
    rejects(s, DeclareBattle(c["fjord"], "N", c["orren"]), "MIT-7.2.3.a")
    do(s, DeclareBattle(c["fjord"], "N", c["lysa"]))


def test_MIT_7_4_3_1_MIT_7_4_4_MIT_7_4_5_MIT_3_4_1_b_OP_50_commanders_and_allied_companions():
    s, c = battle_scene()
    ivo = leader(s, A, "Magister Ivo")  # not an ally of Orren
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    # MIT-7.4.3.1: the defender names a commander (or no one)
    assert s.prompt.kind == "fight_leader" and s.prompt.player == B
    assert "name no one" in s.prompt.options
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    # MIT-7.4.4: only allies of the commander: Lysa, not Ivo; into the auxiliaries or the reserve
    assert s.prompt.player == A
    assert not any("Magister Ivo" in o for o in s.prompt.options)
    assert any("Lysa Brightspear into the reserve" in o for o in s.prompt.options)
    answer(s, A, "fight_leader", "Lysa Brightspear into the reserve")
    # MIT-7.4.5: the defender's companion, an ally of Skeld, into the row left
    answer(s, B, "fight_leader", "Vigdis the Wolf-Sworn into the auxiliary")
    assert s.fight.leaders == {c["orren"]: ("att", 0), c["skeld"]: ("def", 0), c["lysa"]: ("att", 2),
                               c["vigdis"]: ("def", 1)}
    assert ivo not in s.fight.leaders


def test_MIT_7_4_6_MIT_7_4_7_second_companions_are_allies_of_the_first():
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    gryphon = leader(s, A, "Skyreaver Gryphon")  # an ally of Lysa, not of Orren
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)  # B has no leader: no defending commander, no companions
    assert not any("Skyreaver" in o for o in s.prompt.options)  # not an ally of Orren
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    answer(s, A, "fight_leader", "Skyreaver Gryphon into the reserve")  # MIT-7.4.6: an ally of Lysa
    assert s.fight.leaders[gryphon] == ("att", 2) and s.fight.stage == "rounds"


def test_MIT_7_2_2_MIT_7_4_8_a_fight_rounds_in_turn_order_from_the_attacker():
    s, c = battle_scene()
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "name no one")
    answer(s, A, "fight_leader", "name no one")
    assert s.current_player == A
    do(s, PASS)
    assert s.current_player == B and s.fight.stage == "rounds"
    do(s, PASS)
    assert s.fight.stage != "rounds"  # a round in which everyone passed ends the rounds (then the outcome)


def test_MIT_7_4_8_b_OP_51_the_attacking_commander_flees_and_the_defender_wins():
    s, c = battle_scene()
    (wolves,) = hand(s, B, "Frost Wolves")
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["lysa"]))  # Lysa, level 2
    pass_counter(s)
    answer(s, B, "fight_leader", "Vigdis the Wolf-Sworn into the front")
    answer(s, A, "fight_leader", "name no one")
    answer(s, B, "fight_leader", "name no one")
    do(s, PASS)  # A
    do(s, PlayUnsummoned(wolves, row="front"))  # linked to Vigdis
    pass_counter(s)
    do(s, PASS)  # A
    do(s, UseManeuver(wolves, "m1"))  # fear 3: Lysa (2) flees
    pass_counter(s)
    answer(s, A, "fear_resist", "flee")
    assert c["lysa"] in s.players[A].hand
    # the attacking commander left the board: the defender wins at once, and takes the spoils
    assert s.prompt.kind == "spoils" and s.prompt.player == B


def test_MIT_7_3_1_MIT_7_3_2_MIT_7_3_3_MIT_3_2_2_b_army_levels():
    s, c = battle_scene()
    (gate,) = hand(s, A, "Gate Spearmen")
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    answer(s, B, "fight_leader", "name no one")
    do(s, PlayUnsummoned(gate, row="front"))
    pass_counter(s)
    # the army: its leaders and supplies; the defender adds the road's level (MIT-3.2.2.b)
    assert _strength.army_level(s, "att") == 3 + 2 + 3  # Orren, Lysa, Spearmen 2 +1 same mythology
    assert _strength.army_level(s, "def") == 4 + 2  # Skeld 3 +1 defending a nation of his mythology, road N 2


def test_MIT_7_3_4_a_MIT_7_3_4_c_rows_by_name():
    s, c = battle_scene()
    (gate,) = hand(s, A, "Gate Spearmen")
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "name no one")
    answer(s, A, "fight_leader", "name no one")
    rejects(s, Summon(gate, row="flank"), "MIT-7.3.4.a")
    rejects(s, Summon(gate, row="auxiliary"), "MIT-7.3.4.c")


def test_MIT_7_3_4_c_a_supply_whose_row_lost_its_leader_does_not_count():
    # the tests only refused a supply into a leaderless row; the army level kept counting one left behind
    s, c = s17_board()
    s17_to_rounds(s, c)
    do(s, Summon(c["gate"], row="auxiliary"))  # beside Lysa
    pass_counter(s)
    before = _strength.army_level(s, "att")
    lost = _strength.fight_level(s, c["lysa"]) + _strength.fight_level(s, c["gate"])
    _moves.leave_board(s, c["lysa"], "afterworld", "destroy")
    assert on_board(s, c["gate"])
    assert _strength.army_level(s, "att") == before - lost


def test_MIT_3_8_b_MIT_8_warlord_MIT_3_8_g_OP_21_capacities():
    s = scene(phase="battle")
    lysa = leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    cliff = nation(s, B, "Cliffside Clans", 0, 0)  # dwarf
    skeld = leader(s, B, "Jarl Skeld Ironbrow")  # warlord, dwarf, cost F3
    ready(s)
    do(s, DeclareBattle(cliff, "S", lysa))
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    assert _strength.row_capacity(s, "att", 0) == 2  # Lysa's cost
    assert _strength.row_capacity(s, "def", 0) == 3 + 1 + 1  # cost, warlord, race match
    assert skeld in s.fight.leaders


def test_MIT_3_8_c_MIT_3_8_d_MIT_6_2_3_2_d_supply_modes_by_row():
    s, c = battle_scene()
    gate, archers = hand(s, A, "Gate Spearmen", "Gilded Archers")
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "name no one")
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    do(s, Summon(archers, row="front"))
    pass_counter(s)
    assert s.fight.supplies[archers][2] == "full" and s.mode == "window"  # the front line: no question
    do(s, PASS)  # B
    do(s, Summon(gate, row="auxiliary"))
    pass_counter(s)
    assert s.fight.supplies[gate][2] == "full"  # no maneuver: nothing to choose, its level counts


def test_MIT_7_3_5_MIT_7_5_2_only_cards_in_the_fight_act():
    s = scene(phase="battle", active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    hrimgar = leader(s, B, "Hrimgar, Frost Father")  # an action maneuver, outside the fight
    nation(s, B, "Fjord Wardens", 0, 0)
    cityfolk = nation(s, A, "Gilded Cityfolk", 0, 0)
    spheres(s, B, "3/3/3/6")
    ready(s)
    do(s, DeclareBattle(cityfolk, "E", skeld))
    pass_counter(s)
    while s.mode == "prompt":
        do(s, ChooseOption(0))
    assert s.current_player == B
    rejects(s, UseManeuver(hrimgar, "m1", ()), "MIT-7.2.1.b")


def test_MIT_7_4_10_2_OP_52_saving_the_nation_and_MIT_7_4_11_spoils():
    s, c = battle_scene()
    attach(s, A, "Sunsteel Blade", c["orren"])  # Orren 3 + 2 +1 same mythology
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "Vigdis the Wolf-Sworn into the front")  # 2 +1 + 2 road = 5
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")  # 6 + 2 = 8
    answer(s, B, "fight_leader", "name no one")
    do(s, PASS)
    do(s, PASS)
    answer(s, B, "save_nation", "sacrifice Vigdis")
    assert on_board(s, c["fjord"]) and s.cards[c["vigdis"]].zone == "afterworld"
    assert s.prompt.options == ["take nothing", "steal 1 magic", "steal 1 influence", "steal 1 wealth",
                                   "steal 1 force"]
    answer(s, A, "spoils", "take nothing")
    assert sph(s, A) == "2/5/2/3"


def test_MIT_7_4_10_2_MIT_7_4_11_the_unsaved_nation_is_destroyed_and_the_winner_steals_a_point():
    # the rule's tests saved the nation and took nothing: neither the destruction nor the steal was checked
    s, c = battle_lost_by_the_defender()
    answer(s, B, "save_nation", "destroyed")
    assert s.cards[c["fjord"]].zone == "afterworld" and c["fjord"] in s.players[B].afterworld
    answer(s, A, "spoils", "steal 1 force")
    assert sph(s, B) == "3/2/3/5" and sph(s, A) == "2/5/2/4"


def test_MIT_7_4_13_MIT_7_6_5_MIT_7_6_6_fight_effects_end_with_the_fight():
    s = scene(phase="battle", active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    nation(s, B, "Fjord Wardens", 0, 0)
    ulfar = leader(s, B, "Old Ulfar the Seer")
    cityfolk = nation(s, A, "Gilded Cityfolk", 0, 0)
    orren = leader(s, A, "Captain Orren")
    spheres(s, B, "3/3/3/6")
    ready(s)
    do(s, DeclareBattle(cityfolk, "E", skeld))
    pass_counter(s)
    answer(s, A, "fight_leader", "name no one")
    while s.mode == "prompt":
        do(s, ChooseOption(0))
    do(s, UseManeuver(god(s, B), "m1", (skeld,)))  # Hrimgar: +1 to a leader in the fight
    pass_counter(s)
    assert _level.level(s, skeld) == 3 + 1
    assert any(e.until == ("fight",) for e in s.effects)  # MIT-4.2.1.d: a battle maneuver lasts the fight
    for _ in range(10):
        if s.fight is None:
            break
        do(s, ChooseOption(0) if s.mode == "prompt" else PASS)
    assert s.fight is None and s.cards[skeld].rotated  # MIT-7.4.13: the army leaders rotate
    assert not any(e.until == ("fight",) for e in s.effects) and _level.level(s, skeld) == 3
    assert not s.cards[ulfar].rotated and not s.cards[orren].rotated  # not in the fight


def test_MIT_3_1_h_OP_11_any_leader_defends_a_nation_linked_to_the_high_god():
    s, c = battle_scene()
    ulfar = leader(s, B, "Old Ulfar the Seer")  # no ally of Skeld
    pine = nation(s, B, "Pinewood Tribes", 1, 0)
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))  # Fjord Wardens is linked to Hrimgar
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    answer(s, A, "fight_leader", "name no one")
    assert any("Old Ulfar the Seer" in o for o in s.prompt.options)
    # against Pinewood Tribes (not linked to Hrimgar) only Skeld's allies may join him
    s2, c2 = battle_scene()
    leader(s2, B, "Old Ulfar the Seer")
    pine2 = nation(s2, B, "Pinewood Tribes", 1, 0)
    ready(s2)
    do(s2, DeclareBattle(pine2, "E", c2["orren"]))
    pass_counter(s2)
    answer(s2, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    answer(s2, A, "fight_leader", "name no one")
    assert not any("Old Ulfar the Seer" in o for o in s2.prompt.options)
    assert ulfar >= 0 and pine >= 0


def test_MIT_7_6_a_duel_ends_the_battle_phase():
    s, c = battle_scene()
    do(s, DeclareDuel(c["lysa"], c["skeld"]))
    pass_counter(s)
    while s.fight is not None:
        do(s, ChooseOption(0) if s.mode == "prompt" else PASS)
    assert s.phase == "summon_2" and s.cards[c["lysa"]].zone == "afterworld"  # 2 against 3 (+0): Lysa loses


def test_S_20_MIT_8_mount_OP_57_a_mount_carries_its_leader_through_a_closed_road():
    s = scene(phase="summon_1")
    spheres(s, A, "2/5/2/3")
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    gryphon = leader(s, A, "Skyreaver Gryphon")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    (gate,) = hand(s, A, "Gate Spearmen")
    nation(s, B, "Fjord Wardens", 0, 0)
    cliff = nation(s, B, "Cliffside Clans", 0, 1)  # its only road S faces Fjord Wardens: closed
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    ready(s)
    from cardtable.games.mitosz.actions import AttachMount
    rejects(s, AttachMount(gryphon, lysa, "mount"), "MIT-8.mount")  # a leader subtype cannot be shared
    rejects(s, AttachMount(lysa, orren), "MIT-8.mount")  # Lysa is no mount
    do(s, AttachMount(gryphon, lysa, "flying"))
    pass_counter(s)
    assert s.cards[gryphon].host == lysa and gryphon not in s.players[A].leaders
    assert "flying" in _card_types.subtypes(s, s.cards[lysa])
    rejects(s, AttachMount(gryphon, orren), "MIT-8.mount")  # no longer in the leader row
    ready(s, phase="battle")
    rejects(s, DeclareBattle(cliff, "S", orren), "MIT-3.2.2.a")
    do(s, DeclareBattle(cliff, "S", lysa))
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    assert _strength.row_capacity(s, "def", 0) == 3 + 1 + 1  # MIT-3.8.g: Skeld and Cliffside are dwarves
    # OP-59: Orren does not fly, so A has nobody to name; B has no ally of Skeld in the row
    assert s.fight.stage == "rounds" and [i for i, (side, _r) in s.fight.leaders.items() if side == "att"] == [lysa]
    rejects(s, Summon(gate, row="front"), "MIT-8.flying")
    # the Gryphon fights in Lysa's row as a beast supply: 2 +1 same mythology, taking no room
    assert s.fight.supplies[gryphon][:2] == ("att", 0) and _strength.fight_level(s, gryphon) == 3
    assert _strength.row_supplies(s, "att", 0) == []
    assert _strength.army_level(s, "att") == _strength.fight_level(s, lysa) + 3
    while s.fight is not None:
        do(s, s.legal_actions()[0] if s.mode == "prompt" else PASS)
    # 5 against Skeld's 7: the attack fails, Lysa is destroyed (MIT-7.4.10.3) and her mount goes with her
    assert "P0 5 against P1 7 — the defender wins" in " ".join(text for _t, text, _to in s.log)
    assert s.cards[lysa].zone == "afterworld" and s.cards[gryphon].zone == "afterworld"
    assert s.cards[skeld].zone == "board" and s.cards[cliff].zone == "board"


def monster_battle(b_spheres: str):
    s, c = battle_scene()
    spheres(s, B, b_spheres)
    wyrm, wolves = hand(s, B, "The Rime Wyrm", "Frost Wolves")
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    answer(s, A, "fight_leader", "name no one")
    answer(s, B, "fight_leader", "name no one")
    do(s, PASS)  # A
    return s, c, wyrm, wolves


def test_MIT_8_monster_MIT_8_monster_1_MIT_8_monster_2_MIT_8_monster_3_a_monster_fights_as_a_supply():
    s, c, wyrm, wolves = monster_battle("4/2/3/6")
    do(s, Summon(wyrm, row="front"))  # M2 F3
    pass_counter(s)
    assert sph(s, B) == "2/2/3/3"
    assert s.fight.supplies[wyrm] == ("def", 0, "full") and wyrm not in s.players[B].leaders
    assert _strength.fight_level(s, wyrm) == 5 + 1  # MIT-5.8: nordan beside Skeld
    do(s, PASS)  # A
    rejects(s, PlayUnsummoned(wolves, row="front"), "MIT-8.monster.3")  # the row is closed
    assert _strength.army_level(s, "def") == 4 + 6 + 2


def test_MIT_8_monster_3_no_monster_joins_a_row_that_already_holds_a_supply():
    # the other test closes a row by the monster; a monster coming after a supply was never tried
    s, c, wyrm, wolves = monster_battle("4/2/3/6")
    do(s, Summon(wolves, row="front"))
    pass_counter(s)
    do(s, PASS)  # A
    rejects(s, Summon(wyrm, row="front"), "MIT-8.monster.3")


def test_MIT_8_monster_5_MIT_8_monster_4_the_winning_monster_may_stay_as_a_leader():
    s, c, wyrm, _wolves = monster_battle("4/2/3/6")
    do(s, Summon(wyrm, row="front"))
    pass_counter(s)
    assert not _acts_targets.stealable(s, s.cards[wyrm])  # MIT-8.monster.4
    while s.mode != "prompt" or s.prompt.kind != "monster_return":
        do(s, s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.cards[c["orren"]].zone == "afterworld"  # the attack failed
    answer(s, B, "monster_return", "keep it as a leader")
    assert sph(s, B) in ("0/2/3/0", "0/2/3/1")  # its cost again (after the spoils choice)
    assert wyrm in s.players[B].leaders and not s.cards[wyrm].rotated and s.fight is None


def test_MIT_8_monster_5_a_monster_that_cannot_be_paid_again_goes_to_the_afterworld():
    s, c, wyrm, _wolves = monster_battle("3/2/3/6")
    do(s, Summon(wyrm, row="front"))
    pass_counter(s)
    while s.fight is not None:
        assert not (s.mode == "prompt" and s.prompt.kind == "monster_return")
        do(s, s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert s.cards[wyrm].zone == "afterworld"


def test_MIT_7_2_1_a_OP_44_fight_effects_reach_only_the_fight():
    s = scene(phase="battle", active=B)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    nation(s, B, "Fjord Wardens", 0, 0)
    ulfar = leader(s, B, "Old Ulfar the Seer")  # outside the fight
    cityfolk = nation(s, A, "Gilded Cityfolk", 0, 0)
    spheres(s, B, "3/3/3/6")
    ready(s)
    do(s, DeclareBattle(cityfolk, "E", skeld))
    pass_counter(s)
    while s.mode == "prompt":
        do(s, ChooseOption(0))
    hrimgar = god(s, B)
    # Hrimgar's high god maneuver targets an own leader in the fight: Skeld, never Ulfar
    rejects(s, UseManeuver(hrimgar, "m1", (ulfar,)), "MIT-4.6.1")
    do(s, UseManeuver(hrimgar, "m1", (skeld,)))


def test_MIT_7_2_1_a_OP_44_no_player_level_effects_in_a_fight_unless_lenient():
    for scope, allowed in (("strict", False), ("lenient", True)):
        s = scene(phase="battle", options={"fight_effect_scope": scope})
        ivo = leader(s, A, "Magister Ivo")  # a ruler: Tribute of the Hearth (draw) may use him
        nation(s, A, "Gilded Cityfolk", 0, 0)
        fjord = nation(s, B, "Fjord Wardens", 0, 0)
        (tribute,) = hand(s, A, "Tribute of the Hearth")
        spheres(s, A, "4/5/4/3")
        ready(s)
        do(s, DeclareBattle(fjord, "N", ivo))
        pass_counter(s)
        draw = UseFreeManeuver(tribute, ivo, "m1", (), None, 1)
        if allowed:
            s.forget_caches()
            assert draw in s.legal_actions() or any(getattr(a, "card", None) == tribute for a in s.legal_actions())
        else:
            rejects(s, draw, "MIT-7.2.1.a")


def test_MIT_7_4_3_1_OP_50_the_defender_may_summon_a_leader_to_defend():
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    (skeld,) = hand(s, B, "Jarl Skeld Ironbrow")  # F3
    spheres(s, B, "3/2/3/6")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    answer(s, B, "fight_leader", "summon Jarl Skeld Ironbrow into the front")
    assert sph(s, B) == "3/2/3/3"
    pass_counter(s)  # MIT-6.3.5: the summon's counter round
    assert skeld in s.players[B].leaders and not s.cards[skeld].rotated and s.fight.commander("def") == skeld


def test_MIT_7_4_4_MIT_7_4_5_MIT_7_3_4_d_MIT_5_13_OP_65_helpers_with_three_players():
    s = fresh(0, players=3)
    for p in s.players:
        for iid in list(p.hand):
            _moves.to_zone(s, iid, "deck")
    s.order = (0, 1, 2)
    s.active = 0
    s.phase = Phase.BATTLE
    orren = leader(s, 0, "Captain Orren")
    nation(s, 0, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, 1, "Fjord Wardens", 0, 0)
    skeld = leader(s, 1, "Jarl Skeld Ironbrow")
    lysa3 = leader(s, 2, "Lysa Brightspear")  # P2's Lysa: an ally of Orren
    (gate3,) = hand(s, 2, "Gate Spearmen")
    spheres(s, 2, "2/2/2/2")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    answer(s, 1, "fight_leader", "Jarl Skeld Ironbrow into the front")
    # the attacker may ask P2 (not the defender) for help
    assert "ask P2 for help" in s.prompt.options and "ask P1 for help" not in s.prompt.options
    answer(s, 0, "fight_leader", "ask P2 for help")
    answer(s, 2, "fight_help", "send Lysa Brightspear into the auxiliary")
    assert s.fight.helpers == {2: "att"} and s.fight.leaders[lysa3] == ("att", 1)
    assert _members.fight_players(s) == (0, 1, 2)
    while s.fight.stage != "rounds":
        do(s, ChooseOption(0))
    # the helper plays into the row its leader leads (MIT-7.3.4.d); the attacker may not
    assert s.current_player == 0
    do(s, PASS)
    assert s.current_player == 1
    do(s, PASS)
    assert s.current_player == 2
    do(s, Summon(gate3, row="auxiliary"))
    pass_counter(s)
    assert s.fight.supplies[gate3][:2] == ("att", 1)
    assert skeld in s.fight.leaders


RETREAT_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Horn of Retreat"
    card_type: fate
    mythology: nordan
    power_points: 0
    links: []
    duration: instant
    maneuvers:
      - id: m1
        timing: [battle]
        effect:
          - force_retreat: {}
"""


def test_force_retreat_MIT_7_4_10_1_OP_51_the_battle_ends_without_a_winner(tmp_path, monkeypatch):
    from cardtable.games.mitosz.actions import UseFate

    s = scene(phase="battle", options=custom_decks(tmp_path, monkeypatch, "horn", RETREAT_SET, b=["TST-001"]))
    orren = leader(s, A, "Captain Orren")
    attach(s, A, "Sunsteel Blade", orren)
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    (horn,) = hand(s, B, "Horn of Retreat")
    god_leader = leader(s, B, "Hrimgar, Frost Father")  # a god leader's allowance lets B use the fate (OP-62)
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    answer(s, B, "fight_leader", "name no one")
    do(s, PASS)  # A
    do(s, UseFate(horn, god_leader))
    pass_counter(s)
    while s.fight is not None:
        do(s, s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert on_board(s, fjord) and on_board(s, orren)  # no winner, no loser: nothing is destroyed
    assert s.phase == "summon_2"


def test_MIT_5_12_OP_34_immunity_covers_the_side_of_the_fight():
    s = scene(phase="summon_1", active=B)
    lysa = leader(s, A, "Lysa Brightspear")  # level 2
    ivo = leader(s, A, "Magister Ivo")  # a scribe
    cityfolk = nation(s, A, "Gilded Cityfolk", 0, 0)
    (rune, archers) = hand(s, A, "Rune of Warding", "Gilded Archers")
    spheres(s, A, "4/5/4/3")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    nation(s, B, "Fjord Wardens", 0, 0)
    (adder,) = hand(s, B, "Adder Swarm")
    spheres(s, B, "3/2/3/6")
    ready(s, priority=A)
    do(s, UseFreeManeuver(rune, ivo, "m1", (lysa,)))  # Lysa: immune to poison until the next turn
    pass_counter(s)
    ready(s, phase="battle")
    do(s, DeclareBattle(cityfolk, "E", skeld))
    pass_counter(s)
    answer(s, A, "fight_leader", "Lysa Brightspear into the front")
    while s.mode == "prompt":
        do(s, ChooseOption(0))
    do(s, Summon(adder, row="front"))  # B
    pass_counter(s)
    do(s, Summon(archers, row="front"))  # A: Gilded Archers, level 1 +1 = 2
    pass_counter(s)
    # poison level 2 +1 = 3 would reach Lysa (2) and the Archers (2): both fight on the immune card's side
    targets = {a.targets for a in s.legal_actions() if isinstance(a, UseManeuver) and a.card == adder}
    assert (lysa,) not in targets and (archers,) not in targets
    rejects(s, UseManeuver(adder, "m1", (archers,)), "MIT-4.6.1")


def test_OP_20_supply_mode_timing_on_first_use():
    s = scene(phase="battle", options={"supply_mode_timing": "on_first_use"})
    spheres(s, A, "2/5/2/3")
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    (archers,) = hand(s, A, "Gilded Archers")
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    (wolves,) = hand(s, B, "Frost Wolves")
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    answer(s, B, "fight_leader", "Vigdis the Wolf-Sworn into the front")
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    while s.mode == "prompt":
        do(s, ChooseOption(0))
    do(s, Summon(archers, row="auxiliary"))
    pass_counter(s)
    assert s.mode == "window" and s.fight.supplies[archers][2] == "undecided"  # no question asked
    before = _strength.army_level(s, "att")
    assert before == _strength.fight_level(s, orren) + _strength.fight_level(s, lysa) + _strength.fight_level(s, archers)
    do(s, PlayUnsummoned(wolves, row="front"))  # B
    pass_counter(s)
    # the volley (2 +1 = 3) cannot reach the Wolves (3); its only target is the Archers themselves
    rejects(s, UseManeuver(archers, "m1", (wolves,)), "MIT-4.6.1")
    do(s, UseManeuver(archers, "m1", (archers,)))
    assert s.fight.supplies[archers][2] == "maneuvers"  # the first use fixed its mode: its level stops counting
    assert _strength.army_level(s, "att") == before - _strength.fight_level(s, archers)


FIGHT_TEST_SET = """
code: TST
name: Test cards
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Watchtower Folk"
    card_type: nation
    subtypes: [mountain]
    mythology: nordan
    roads: {N: 2, E: 1}
    power_points: 1
    maneuvers:
      - id: m1
        timing: [battle]
        cost: {force: 1}
        effect:
          - modify_road: {nation: $self, road: all, delta: 2}
  - id: TST-003
    set: TST
    serial: 3
    name: "Signal Fires"
    card_type: location
    subtypes: [building]
    mythology: nordan
    level: 1
    level_is_modifier: true
    cost: {wealth: 1}
    power_points: 0
    maneuvers:
      - id: m1
        timing: [battle]
        cost: {force: 1}
        effect:
          - modify_road: {nation: $host, road: all, delta: 1}
  - id: TST-002
    set: TST
    serial: 2
    name: "Chains of Peace"
    card_type: item
    mythology: nordan
    cursed: true
    level: 0
    level_is_modifier: true
    cost: {magic: 1}
    power_points: 0
    maneuvers:
      - id: m1
        speed: locked
        static:
          - restrict: {target: $host, what: cannot_fight}
"""


def test_MIT_3_2_2_c_a_nation_battle_maneuver_only_while_it_is_defended(tmp_path, monkeypatch):
    options = custom_decks(tmp_path, monkeypatch, "tower", FIGHT_TEST_SET, b=["TST-001"])
    s = scene(phase="battle", options=options)
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    tower = nation(s, B, "Watchtower Folk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 1, 0)
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))  # Watchtower Folk is not attacked
    pass_counter(s)
    while s.mode == "prompt":
        do(s, ChooseOption(0))
    do(s, PASS)  # A
    rejects(s, UseManeuver(tower, "m1"), "MIT-3.2.2.c")
    # a battle against it: now it may
    s2 = scene(phase="battle", options=options)
    orren2 = leader(s2, A, "Captain Orren")
    nation(s2, A, "Gilded Cityfolk", 0, 0)
    tower2 = nation(s2, B, "Watchtower Folk", 0, 0)
    ready(s2)
    do(s2, DeclareBattle(tower2, "N", orren2))
    pass_counter(s2)
    while s2.mode == "prompt":
        do(s2, ChooseOption(0))
    do(s2, PASS)  # A
    do(s2, UseManeuver(tower2, "m1"))
    pass_counter(s2)
    assert _level.road_level(s2, tower2, "N") == 4


def test_MIT_7_2_3_b_a_creature_that_cannot_fight(tmp_path, monkeypatch):
    options = custom_decks(tmp_path, monkeypatch, "chains", FIGHT_TEST_SET, b=["TST-002"])
    s = scene(phase="battle", options=options)
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    attach(s, A, "Chains of Peace", orren, owner=B)
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    ready(s)
    rejects(s, DeclareBattle(fjord, "N", orren), "MIT-7.2.3.b")
    do(s, DeclareBattle(fjord, "N", lysa))
    pass_counter(s)
    answer(s, B, "fight_leader", "name no one")
    # it cannot join the battle either: A is not even asked for a companion
    assert orren not in s.fight.leaders and s.fight.stage == "rounds"
    assert vigdis >= 0


def test_MIT_3_3_c_a_location_battle_maneuver_only_while_its_nation_is_defended(tmp_path, monkeypatch):
    options = custom_decks(tmp_path, monkeypatch, "fires", FIGHT_TEST_SET, b=["TST-003"])
    s = scene(phase="battle", options=options)
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    pine = nation(s, B, "Pinewood Tribes", 1, 0)
    fires = attach(s, B, "Signal Fires", pine)
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))  # Pinewood Tribes, which carries the fires, is not attacked
    pass_counter(s)
    while s.mode == "prompt":
        do(s, ChooseOption(0))
    do(s, PASS)  # A
    rejects(s, UseManeuver(fires, "m1"), "MIT-3.3.c")


# -- Mítosz II: end-of-fight effects, army and capacity changes, a monster's card type ----------------------
FIGHT_II_SET = """
code: TST
name: Test cards of Mitosz II fights
cards:
  - id: TST-011
    set: TST
    serial: 11
    name: "Skald of Victory"
    card_type: leader
    mythology: aurelian
    level: 1
    cost: {influence: 1}
    power_points: 0
    maneuvers:
      - id: won
        speed: locked
        trigger: {on: fight_end, result: won}
        effect:
          - gain_spheres: {player: self, amount: {wealth: 1}, over_max: true}
      - id: lost
        speed: locked
        trigger: {on: fight_end, result: lost}
        effect:
          - gain_spheres: {player: self, amount: {magic: 1}, over_max: true}
      - id: draw
        speed: locked
        trigger: {on: fight_end, result: draw}
        effect:
          - gain_spheres: {player: self, amount: {force: 1}, over_max: true}
      - id: any
        speed: locked
        trigger: {on: fight_end}
        effect:
          - modify_level: {target: $self, delta: 2, duration: until_fight_end}
          - modify_level: {target: $self, delta: 1}
  - id: TST-012
    set: TST
    serial: 12
    name: "War Horn"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    maneuvers:
      - id: m1
        timing: [battle]
        effect:
          - modify_army: {side: self, delta: 3}
  - id: TST-013
    set: TST
    serial: 13
    name: "Field Camp"
    card_type: free_maneuver
    mythology: aurelian
    power_points: 0
    maneuvers:
      - id: m1
        timing: [battle]
        effect:
          - modify_capacity: {row_leader: $user, delta: 1}
"""


def skald_battle(tmp_path, monkeypatch, name):
    """A's battle phase; both players have a Skald of Victory in their leader row (not in the fight)."""
    options = custom_decks(tmp_path, monkeypatch, name, FIGHT_II_SET, a=["TST-011", "TST-012", "TST-013"],
                           b=["TST-011"])
    s = scene(phase="battle", options=options)
    spheres(s, A, "2/5/2/3")
    spheres(s, B, "3/2/3/6")
    c = dict(orren=leader(s, A, "Captain Orren"), lysa=leader(s, A, "Lysa Brightspear"),
             skald_a=leader(s, A, "Skald of Victory"), fjord=nation(s, B, "Fjord Wardens", 0, 0),
             vigdis=leader(s, B, "Vigdis the Wolf-Sworn"), skald_b=leader(s, B, "Skald of Victory"))
    nation(s, A, "Gilded Cityfolk", 0, 0)
    ready(s)
    return s, c


def test_MIT_7_4_12_end_of_fight_effects_happen_by_the_result(tmp_path, monkeypatch):
    from cardtable.games.mitosz.schema.primitives import CALL_MODELS

    s, c = skald_battle(tmp_path, monkeypatch, "skald")
    attach(s, A, "Sunsteel Blade", c["orren"])  # Orren 3 + 2 +1 = 6 against the road's 2
    token = CALL_MODELS["add_token"].model_validate({"add_token": {"target": "$t1", "kind": "glory", "effect": {
        "trigger": {"on": "fight_end", "result": "won"},
        "effect": [{"gain_spheres": {"player": "self", "amount": {"influence": 1}, "over_max": True}}]}}}).add_token
    s.cards[c["orren"]].tokens = (("glory", 1, token.effect),)  # a token that acts on an event (spec 6.6)
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "name no one")
    answer(s, A, "fight_leader", "name no one")
    do(s, PASS)
    do(s, PASS)
    answer(s, A, "spoils", "take nothing")
    # MIT-7.4.12: after the spoils, the triggers go on the stack (the active player's first); each player
    # orders their own (OP-43.4: here in the order listed), then a counter round follows; the fight goes on
    for seat in (A, A, B):
        assert s.mode == "prompt" and s.prompt.kind == "trigger_order" and s.prompt.player == seat
        do(s, ChooseOption(0))
    assert s.mode == "counter" and s.fight is not None and s.current_player == A
    assert [it.kind for it in s.stack] == ["trigger"] * 5 and [it.player for it in s.stack] == [A, A, A, B, B]
    assert {it.m.id if it.m else "glory" for it in s.stack[:3]} == {"won", "any", "glory"}
    assert [it.m.id for it in s.stack[3:]] == ["any", "lost"]  # B chose "lost" first: it lies on top
    assert s.view(B)["stack"][-1]["text"] == "Skald of Victory's locked ability triggers: the fight is over (spec 6.6)"
    pass_counter(s)
    assert sph(s, A) == "2/6/3/3" and sph(s, B) == "4/2/3/6"  # A won: wealth (and the token's influence); B lost:
    # magic; nobody: force
    # the +2 lasted until the end of the fight (MIT-7.4.13); the +1 until the start of the next turn
    assert s.fight is None and s.phase == "summon_2"
    assert _level.level(s, c["skald_a"]) == 1 + 1 and _level.level(s, c["skald_b"]) == 1 + 1


def test_MIT_7_6_5_MIT_7_4_12_a_drawn_duel_and_triggers_beyond_neutralizing(tmp_path, monkeypatch):
    from cardtable.games.mitosz.actions import UseFate

    s, c = skald_battle(tmp_path, monkeypatch, "skald-duel")
    (oath,) = hand(s, A, "Oath Unmade")  # a counter fate: "neutralize a maneuver or fate"
    ready(s)
    do(s, DeclareDuel(c["lysa"], c["vigdis"]))  # 2 against 2
    pass_counter(s)
    do(s, PASS)  # B, the challenged player, first
    do(s, PASS)
    while s.mode == "prompt" and s.prompt.kind == "trigger_order":  # each orders their two (OP-43.4)
        do(s, ChooseOption(0))
    assert s.mode == "counter" and {it.m.id for it in s.stack} == {"draw", "any"}
    assert not any(isinstance(a, UseFate) and a.card == oath for a in s.legal_actions())  # locked: no target
    pass_counter(s)
    assert sph(s, A) == "2/5/2/4" and sph(s, B) == "3/2/3/7"  # a draw: force for both
    assert s.fight is None and on_board(s, c["lysa"]) and on_board(s, c["vigdis"])


def test_spec_6_4_modify_army_and_modify_capacity(tmp_path, monkeypatch):
    s, c = skald_battle(tmp_path, monkeypatch, "horn")
    horn, camp = hand(s, A, "War Horn", "Field Camp")
    gates = hand(s, A, "Gate Spearmen", "Gate Spearmen", "Gate Spearmen", "Gate Spearmen")
    spheres(s, A, "4/5/4/6")
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "Vigdis the Wolf-Sworn into the front")
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    answer(s, B, "fight_leader", "name no one")
    before = _strength.army_level(s, "att")
    do(s, UseFreeManeuver(horn, c["orren"], "m1"))  # the army of its user's player, for the fight
    pass_counter(s)
    assert _strength.army_level(s, "att") == before + 3 and _strength.army_level(s, "def") == _strength.fight_level(s, c["vigdis"]) + 2
    do(s, PASS)  # B
    assert _strength.row_capacity(s, "att", 1) == 2  # Lysa's cost: I1 F1
    do(s, UseFreeManeuver(camp, c["lysa"], "m1"))
    pass_counter(s)
    assert _strength.row_capacity(s, "att", 1) == 3
    for gate in gates[:3]:
        do(s, PASS)  # B
        do(s, Summon(gate, row="auxiliary"))
        pass_counter(s)
    do(s, PASS)  # B
    rejects(s, Summon(gates[3], row="auxiliary"), "MIT-7.3.4.b")
    while s.fight is not None:
        do(s, s.legal_actions()[0] if s.mode == "prompt" else PASS)
    assert not any(e.kind in ("modify_army", "modify_capacity") for e in s.effects)  # they lasted the fight


def test_MIT_5_16_OP_58_a_monster_fighting_as_a_supply_is_no_leader():
    s, c, wyrm, _wolves = monster_battle("4/2/3/6")
    do(s, Summon(wyrm, row="front"))
    pass_counter(s)
    assert _card_types.card_type(s, s.cards[wyrm]) == "supply" and s.cards[wyrm].d.card_type == "leader"
    do(s, PASS)  # A
    # Hrimgar's maneuver gives +1 to an own leader in the fight: Skeld, not the Wyrm (it lost the leader type)
    hrimgar = god(s, B)
    targets = {a.targets for a in s.legal_actions() if isinstance(a, UseManeuver) and a.card == hrimgar}
    assert targets == {(c["skeld"],)}
    rejects(s, UseManeuver(hrimgar, "m1", (wyrm,)), "MIT-4.6.1")
    assert _card_types.is_creature(s, s.cards[wyrm])  # still a creature (MIT-5.6): a volley or poison may hit it
    while s.mode != "prompt" or s.prompt.kind != "monster_return":
        do(s, s.legal_actions()[0] if s.mode == "prompt" else PASS)
    answer(s, B, "monster_return", "keep it as a leader")
    assert _card_types.card_type(s, s.cards[wyrm]) == "leader"  # the fight is over: a leader again


# -- MIT-7.2.6 (OP-38, Appendix C): who acts in each step of a fight ----------------------------------------
def test_MIT_7_2_6_MIT_7_4_1_MIT_7_4_2_only_the_attacker_declares_the_others_pass():
    s, c = battle_scene()
    cityfolk = s.players[A].grid[(0, 0)]
    assert any(isinstance(a, DeclareBattle) for a in s.legal_actions())
    do(s, PASS)
    assert s.current_player == B and s.legal_actions() == [PASS]
    rejects(s, DeclareBattle(cityfolk, "E", c["skeld"]), "MIT-6.2.3.2.b")


def test_MIT_7_2_6_MIT_7_4_3_1_the_defender_names_its_commander():
    s, c = battle_scene()
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    assert s.prompt.kind == "fight_leader" and s.current_player == B and s.prompt.rule == "MIT-7.4.3.1"
    rejects(s, ChooseOption(0), "MIT-6.1.4.b", player=A)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")


def test_MIT_7_2_6_MIT_7_4_4_MIT_7_4_6_the_attacker_names_companions_a_helper_sends_its_own():
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    leader(s, A, "Lysa Brightspear")
    leader(s, A, "Skyreaver Gryphon")  # an ally of Lysa
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    leader(s, B, "Jarl Skeld Ironbrow")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    for rule in ("MIT-7.4.4", "MIT-7.4.6"):  # the first companion, then the second (the defender has none)
        assert s.current_player == A and s.prompt.rule == rule
        rejects(s, ChooseOption(0), "MIT-6.1.4.b", player=B)
        do(s, ChooseOption(len(s.prompt.options) - 1))
    assert s.fight.stage == "rounds"
    # with three players the asked player answers for its own leader
    s3 = fresh(0, players=3)
    for p in s3.players:
        for iid in list(p.hand):
            _moves.to_zone(s3, iid, "deck")
    s3.order, s3.active, s3.phase = (0, 1, 2), 0, Phase.BATTLE
    orren3 = leader(s3, 0, "Captain Orren")
    nation(s3, 0, "Gilded Cityfolk", 0, 0)
    fjord3 = nation(s3, 1, "Fjord Wardens", 0, 0)
    leader(s3, 2, "Lysa Brightspear")
    ready(s3)
    do(s3, DeclareBattle(fjord3, "N", orren3))
    pass_counter(s3)
    answer(s3, 0, "fight_leader", "ask P2 for help")
    assert s3.current_player == 2 and s3.prompt.kind == "fight_help"
    rejects(s3, ChooseOption(1), "MIT-6.1.4.b", player=0)
    answer(s3, 2, "fight_help", "send Lysa Brightspear")


def test_MIT_7_2_6_MIT_7_4_5_MIT_7_4_7_the_defender_names_companions():
    s, c = battle_scene()
    ulfar = leader(s, B, "Old Ulfar the Seer")  # Fjord Wardens is linked to Hrimgar: any leader defends it
    ready(s)
    do(s, DeclareBattle(c["fjord"], "N", c["orren"]))
    pass_counter(s)
    answer(s, B, "fight_leader", "Jarl Skeld Ironbrow into the front")
    answer(s, A, "fight_leader", "Lysa Brightspear into the auxiliary")
    for rule, name in (("MIT-7.4.5", "Vigdis the Wolf-Sworn"), ("MIT-7.4.7", "Old Ulfar the Seer")):
        if s.prompt.player == A:
            answer(s, A, "fight_leader", "name no one")  # the attacker's second companion (MIT-7.4.6)
        assert s.current_player == B and s.prompt.rule == rule
        rejects(s, ChooseOption(0), "MIT-6.1.4.b", player=A)
        answer(s, B, "fight_leader", name)
    assert s.fight.leaders[ulfar][0] == "def" and s.fight.stage == "rounds"


def test_MIT_7_2_6_MIT_7_4_8_the_rounds_go_round_the_fights_players_from_the_attacker():
    s = fresh(0, players=3)
    for p in s.players:
        for iid in list(p.hand):
            _moves.to_zone(s, iid, "deck")
    s.order, s.active, s.phase = (0, 1, 2), 2, Phase.BATTLE  # P2 attacks P1; P0, between them, is not in the fight
    orren = leader(s, 2, "Captain Orren")
    nation(s, 2, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, 1, "Fjord Wardens", 0, 0)
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    seen = []
    while s.fight is not None and s.fight.stage == "rounds":
        seen.append(s.current_player)
        do(s, PASS)
    assert seen == [2, 1]  # the attacker first, then the defender; P0 never has priority in the rounds


def test_MIT_7_2_6_MIT_7_4_10_2_the_defender_decides_on_saving_the_nation():
    s, c = battle_lost_by_the_defender()
    assert s.prompt.kind == "save_nation" and s.current_player == B
    rejects(s, ChooseOption(0), "MIT-6.1.4.b", player=A)


def test_MIT_7_2_6_MIT_7_4_11_the_winner_takes_the_spoils():
    for strong, winner in ((True, A), (False, B)):
        s, c = battle_scene()
        if strong:
            attach(s, A, "Sunsteel Blade", c["orren"])
        ready(s)
        do(s, DeclareBattle(c["fjord"], "N", c["orren"] if strong else c["lysa"]))
        pass_counter(s)
        answer(s, B, "fight_leader", "Skeld" if not strong else "name no one")
        while s.mode == "prompt" and s.prompt.kind == "fight_leader":
            do(s, ChooseOption(0))
        do(s, PASS)
        do(s, PASS)
        assert s.prompt.kind == "spoils" and s.current_player == winner
        rejects(s, ChooseOption(0), "MIT-6.1.4.b", player=1 - winner)


def test_MIT_7_2_6_MIT_7_6_1_MIT_7_6_2_the_active_player_names_challenger_and_challenged():
    s, c = battle_scene()
    do(s, PASS)
    assert s.current_player == B
    rejects(s, DeclareDuel(c["vigdis"], c["lysa"]), "MIT-6.2.3.2.b")


def test_MIT_7_2_6_MIT_7_6_3_duel_rounds_start_with_the_challenged_player():
    s, c = battle_scene()
    do(s, DeclareDuel(c["lysa"], c["skeld"]))
    pass_counter(s)
    assert s.fight.stage == "rounds" and s.current_player == B
    rejects(s, PASS, "MIT-6.1.4.b", player=A)
    do(s, PASS)
    assert s.current_player == A
