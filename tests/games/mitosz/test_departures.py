"""Departures from the original rulebook (Mítosz 1.1.2) found on a full reading and fixed: each test is named
after the rule it restores and fails on the engine before the fix (see docs/mitosz.md, "Departures from the
rulebook")."""

from __future__ import annotations

import pytest

from cardtable.games.mitosz import data as D
from cardtable.games.mitosz.actions import PASS, DeclareBattle, Summon, UseFate
from tests.games.mitosz.helpers import (A, B, custom_decks, do, hand, leader, nation, pass_counter, ready, rejects,
                                        scene, spheres)
from tests.games.mitosz.test_data import deck_file, entry
from cardtable.games.mitosz.levels import level as _level

COUNTER_FATE_SET = """
code: TST
name: counter fates
cards:
  - id: TST-001
    set: TST
    serial: 1
    name: "Sudden Vigour"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        speed: counter
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader], controller: self}}
        effect:
          - modify_level: {target: $t1, delta: 2}
  - id: TST-002
    set: TST
    serial: 2
    name: "Slow Vigour"
    card_type: fate
    mythology: nordan
    duration: instant
    power_points: 0
    maneuvers:
      - id: m1
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader], controller: self}}
        effect:
          - modify_level: {target: $t1, delta: 2}
  - id: TST-003
    set: TST
    serial: 3
    name: "Iron Vow"
    card_type: fate
    mythology: nordan
    duration: {rounds: 1}
    power_points: 0
    maneuvers:
      - id: m1
        speed: locked
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader], controller: self}}
        effect:
          - modify_level: {target: $t1, delta: 2}
"""


def _fate_scene(tmp_path, monkeypatch, name):
    options = custom_decks(tmp_path, monkeypatch, name, COUNTER_FATE_SET, b=["TST-001", "TST-002", "TST-003"])
    s = scene(options=options, active=B)
    god_leader = leader(s, B, "Hrimgar, Frost Father")  # its allowance lets B use an unlinked fate (MIT-8.god)
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    spheres(s, B, "3/2/3/6")
    return s, god_leader, skeld


def test_MIT_3_7_g_a_counter_fates_effect_ends_with_its_use(tmp_path, monkeypatch):
    """"kontra fátum esetében használata után a túlvilágba kerül és hatása megszűnik": a counter fate goes to
    the afterworld after its use and its effect ends — the +2 it gave does not last to the next turn."""
    s, god_leader, skeld = _fate_scene(tmp_path, monkeypatch, "counterfate")
    (vigour,) = hand(s, B, "Sudden Vigour")
    ready(s)
    before = _level.level(s, skeld)
    do(s, UseFate(vigour, god_leader, (skeld,)))
    pass_counter(s)
    assert s.cards[vigour].zone == "afterworld"
    assert _level.level(s, skeld) == before
    assert not [e for e in s.effects if e.source == vigour]


def test_MIT_3_7_g_a_normal_fates_effect_lasts_its_duration(tmp_path, monkeypatch):
    """The other side of MIT-3.7.g: a fate that is not a counter keeps its effect for the default duration."""
    s, god_leader, skeld = _fate_scene(tmp_path, monkeypatch, "normalfate")
    (vigour,) = hand(s, B, "Slow Vigour")
    ready(s)
    before = _level.level(s, skeld)
    do(s, UseFate(vigour, god_leader, (skeld,)))
    pass_counter(s)
    assert s.cards[vigour].zone == "afterworld" and _level.level(s, skeld) == before + 2


def test_MIT_3_7_g_a_locked_fate_with_rounds_stays_on_the_board_while_it_lasts(tmp_path, monkeypatch):
    """"A lap bal felső sarkában található esetleges szám azt jelzi, hogy hány fordulóig tart a hatása. A
    feltüntetett fordulók lejártakor … a túlvilágba kerül": only a counter fate goes at once; a locked fate with
    a number of rounds stays on the board until they expire, as a normal one does."""
    s, god_leader, skeld = _fate_scene(tmp_path, monkeypatch, "lockedfate")
    (vow,) = hand(s, B, "Iron Vow")
    ready(s)
    before = _level.level(s, skeld)
    do(s, UseFate(vow, god_leader, (skeld,)))
    pass_counter(s)
    assert _level.level(s, skeld) == before + 2
    assert s.cards[vow].zone == "board" and vow in s.fates


def test_MIT_1_3_1_b_the_high_god_counts_towards_the_minimum_by_default(tmp_path):
    """"legalább annyi lapból áll, amennyi a győzelemhez szükséges hatalompontok ötszöröse … főisten lapból csak
    egy": the high god is one of the deck's cards, so 59 cards and the high god make a legal deck of 60."""
    assert D.DeckRules().deck_min_includes_high_god is True
    path = deck_file(tmp_path, lambda d: entry(d, "SMP-031").update(copies=3))
    assert D.load_deck_file(path).size() == 59
    with pytest.raises(D.DeckError, match=r"59 cards besides its high god"):  # OP-03's other reading
        D.load_deck_file(path, D.DeckRules(deck_min_includes_high_god=False))


def test_MIT_1_3_1_b_the_game_option_defaults_to_the_rulebook():
    from cardtable.games.mitosz.options import OPTIONS

    (opt,) = [o for o in OPTIONS if o.name == "deck_min_includes_high_god"]
    assert opt.default is True


def _flying_scene(options=None):
    """A's flying Skyreaver Gryphon attacks B's Fjord Wardens through a FREE road; Gate Spearmen (no flying) in
    A's hand."""
    s = scene(phase="battle", options=options)
    spheres(s, A, "2/5/2/3")
    gryphon = leader(s, A, "Skyreaver Gryphon")
    leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    (gate,) = hand(s, A, "Gate Spearmen")
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    ready(s)
    do(s, DeclareBattle(fjord, "N", gryphon))
    pass_counter(s)
    while s.fight is not None and s.fight.stage != "rounds":
        s.apply(s.legal_actions()[0])  # nobody named: the defender and the companions
    return s, gate


def test_MIT_8_flying_every_attack_a_flying_commander_leads_flies_by_default():
    """"Minden, a seregbe kijelölt hadvezérnek és idézett hadtápnak repülő típusúnak kell lennie": the sentence
    has no condition, so even through a free road a flying commander's army admits only flying supplies."""
    s, gate = _flying_scene()
    assert s.opts["flying_restriction"] == "always"
    rejects(s, Summon(gate, row="front"), "MIT-8.flying")


def test_MIT_8_flying_OP_59_when_closed_road_reading_is_an_option():
    s, gate = _flying_scene({"flying_restriction": "when_closed_road"})
    do(s, Summon(gate, row="front"))


CURSED_LOCATION_SET = """
code: TST
name: a cursed location
cards:
  - id: TST-010
    set: TST
    serial: 10
    name: "Blighted Marsh"
    card_type: location
    mythology: aurelian
    cursed: true
    level: -1
    level_is_modifier: true
    cost: {magic: 1}
    power_points: 0
    maneuvers: []
  - id: TST-011
    set: TST
    serial: 11
    name: "Quiet Meadow"
    card_type: location
    mythology: aurelian
    level: 1
    level_is_modifier: true
    cost: {magic: 1}
    power_points: 0
    maneuvers: []
"""


def test_MIT_2_4_c_a_cursed_location_may_be_attached_to_an_enemy_nation(tmp_path, monkeypatch):
    """"Átkozott lapot nem lehet feláldozni és ellenséges laphoz is csatolható": a cursed card may also be
    attached to an enemy card — a location too, not only an item. A location that is not cursed still goes only
    onto an own nation (MIT-3.3.a)."""
    options = custom_decks(tmp_path, monkeypatch, "cursedloc", CURSED_LOCATION_SET, a=["TST-010", "TST-011"])
    s = scene(options=options)
    spheres(s, A, "2/5/2/3")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    marsh, meadow = hand(s, A, "Blighted Marsh", "Quiet Meadow")
    ready(s)
    before = _level.road_level(s, fjord, "N")
    rejects(s, Summon(meadow, fjord), "MIT-3.3.a")
    do(s, Summon(marsh, fjord))
    pass_counter(s)
    assert s.cards[marsh].zone == "board" and s.cards[marsh].host == fjord
    assert _level.road_level(s, fjord, "N") == before - 1


def _mount_scene(options=None, phase="draw", active=A, priority=None):
    s = scene(phase=phase, active=active, options=options)
    gryphon = leader(s, A, "Skyreaver Gryphon")  # a mount
    lysa = leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    ready(s, priority=priority)
    return s, gryphon, lysa


def test_MIT_8_mount_a_mount_is_attached_whenever_its_player_may_act():
    """"Hátas: : A vezérsorból csatolható egy nem-hátas vezérhez" sets no time, and moving a card is an act
    (6.1.4 „Cselekedet a lapkijátszás, lapmozgatás, …”): a mount is attached in the draw phase, and in another
    player's turn when its player has priority — not in the battle phase (MIT-7.2.1.b)."""
    from cardtable.games.mitosz.actions import AttachMount

    s, gryphon, lysa = _mount_scene()
    assert s.opts["mount_timing"] == "any_window"
    do(s, AttachMount(gryphon, lysa))
    pass_counter(s)
    assert s.cards[gryphon].host == lysa
    s, gryphon, lysa = _mount_scene(phase="summon_1", active=B, priority=A)
    do(s, AttachMount(gryphon, lysa))
    pass_counter(s)
    assert s.cards[gryphon].host == lysa
    s, gryphon, lysa = _mount_scene(phase="battle")
    rejects(s, AttachMount(gryphon, lysa), "MIT-7.2.1.b")


def test_MIT_8_mount_OP_57_summon_phases_reading_is_an_option():
    from cardtable.games.mitosz.actions import AttachMount

    s, gryphon, lysa = _mount_scene({"mount_timing": "summon_phases"})
    rejects(s, AttachMount(gryphon, lysa), "MIT-8.mount")
    s, gryphon, lysa = _mount_scene({"mount_timing": "summon_phases"}, phase="summon_1")
    do(s, AttachMount(gryphon, lysa))
