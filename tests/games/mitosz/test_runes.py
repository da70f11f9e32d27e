"""MIT-8.rune, OP-60: a magical or cursed rune makes the card it is attached to magical or cursed while it
stays attached."""

from __future__ import annotations

from cardtable.games.mitosz.actions import PASS, Summon, UseFreeManeuver, UseManeuver
from cardtable.games.mitosz.acts_info import SACRIFICE
from cardtable.games.mitosz.schema.expressions import Filter
from cardtable.games.mitosz.state import Item
from tests.games.mitosz.helpers import (A, B, attach, card_yaml, custom_decks, do, hand, intrigue, leader, nation,
                                        pass_counter, ready, rejects, scene, set_yaml, spheres)
from cardtable.games.mitosz import conflicts
from cardtable.games.mitosz import checks
from cardtable.games.mitosz.levels import board as _board
from cardtable.games.mitosz.levels import card_types as _card_types
from cardtable.games.mitosz.levels import filters as _filters
from cardtable.games.mitosz.levels import level as _level
from cardtable.games.mitosz import moves as _moves


def _rune(serial: int, name: str, cursed: bool = False) -> str:
    """A scribe's rune: +1 level to an own card on the board (while attached, OP-60)."""
    return card_yaml(serial, name, "free_maneuver", f"""    subtypes: [rune]
    cursed: {str(cursed).lower()}
    requirement_groups: [[scribe]]
    maneuvers:
      - id: m1
        cost: {{magic: 1}}
        targets:
          t1: {{select: chosen, count: 1, filter: {{zone: board, controller: self}}}}
        effect:
          - modify_level: {{target: $t1, delta: 1}}
""")


RUNE_SET = set_yaml("Test cards of runes", _rune(61, "Rune of Binding", cursed=True), _rune(63, "Rune of Might"))


def rune_on_lysa(s, rune_name: str):
    ivo = leader(s, A, "Magister Ivo")  # a scribe
    lysa = leader(s, A, "Lysa Brightspear")
    (rune,) = hand(s, A, rune_name)
    spheres(s, A, "4/5/4/3")
    ready(s)
    do(s, UseFreeManeuver(rune, ivo, "m1", (lysa,), attach=True))
    pass_counter(s)
    assert s.cards[rune].host == lysa
    return lysa, rune


def test_MIT_8_rune_OP_60_a_magical_rune_makes_its_host_magical_while_attached():
    s = scene()
    lysa, rune = rune_on_lysa(s, "Rune of Warding")
    assert not s.cards[lysa].d.magical and _board.is_magical(s, s.cards[lysa])
    assert _filters.matches(s, s.cards[lysa], Filter(magical=True, card_type=["leader"]), A, {})
    assert not _filters.matches(s, s.cards[lysa], Filter(magical=False, card_type=["leader"]), A, {})
    # MIT-5.9, OP-33: her maneuvers are a magical source in a conflict
    assert conflicts.act_rank(s, Item(0, "maneuver", A, lysa, lysa)) == (3, True)
    _moves.leave_board(s, rune, "afterworld", "rule")
    assert not _board.is_magical(s, s.cards[lysa]) and conflicts.act_rank(s, Item(0, "maneuver", A, lysa, lysa)) == (3, False)


def test_MIT_8_rune_OP_60_MIT_2_4_b_a_cursed_rune_makes_its_host_cursed(tmp_path, monkeypatch):
    options = custom_decks(tmp_path, monkeypatch, "runes", RUNE_SET, a=["TST-061"])
    s = scene(options=options)
    lysa, rune = rune_on_lysa(s, "Rune of Binding")
    assert _board.is_cursed(s, s.cards[lysa]) and _filters.matches(s, s.cards[lysa], Filter(cursed=True), A, {})
    # MIT-2.4.b: a cursed card is not sacrificed: over the leader limit (OP-14) the others go first
    orren = leader(s, A, "Captain Orren")
    assert lysa not in checks.limit_candidates(s, A) and orren in checks.limit_candidates(s, A)
    _moves.leave_board(s, rune, "afterworld", "rule")
    assert not _board.is_cursed(s, s.cards[lysa]) and lysa in checks.limit_candidates(s, A)


def test_MIT_2_4_b_an_item_cursed_by_a_rune_is_not_sacrificed_as_a_maneuver(tmp_path, monkeypatch):
    options = custom_decks(tmp_path, monkeypatch, "runes", RUNE_SET, a=["TST-061"])
    s = scene(options=options)
    ivo = leader(s, A, "Magister Ivo")
    lysa = leader(s, A, "Lysa Brightspear")
    blade = attach(s, A, "Sunsteel Blade", lysa)
    (rune,) = hand(s, A, "Rune of Binding")
    spheres(s, A, "4/5/4/3")
    ready(s)
    assert UseManeuver(blade, SACRIFICE) in s.legal_actions()  # OP-16: an item may be sacrificed
    do(s, UseFreeManeuver(rune, ivo, "m1", (blade,), attach=True))
    pass_counter(s)
    s.apply(s.legal_actions()[-1])  # B passes: A's window again
    assert s.current_player == A and _board.is_cursed(s, s.cards[blade])
    rejects(s, UseManeuver(blade, SACRIFICE), "MIT-2.4.b")  # and not offered


SCRIBES_SET = set_yaml("Test cards of statics granting a subtype", card_yaml(62, "Hall of Letters", "intrigue", """\
    cost: {influence: 1}
    maneuvers:
      - id: m1
        speed: locked
        static:
          - grant_subtype: {target: {select: all, filter: {card_type: [leader], controller: self}}, subtype: scribe}
          - grant_subtype: {target: {select: all, filter: {subtypes_any: [scribe]}}, subtype: flying}
"""))


def test_MIT_5_7_a_static_grants_a_subtype_to_every_card_it_names_while_it_lasts(tmp_path, monkeypatch):
    s = scene(options=custom_decks(tmp_path, monkeypatch, "letters", SCRIBES_SET, a=["TST-062"]))
    lysa = leader(s, A, "Lysa Brightspear")  # no scribe by print
    skeld = leader(s, 1, "Jarl Skeld Ironbrow")
    (rune,) = hand(s, A, "Rune of Warding")
    (orren,) = hand(s, A, "Captain Orren")
    spheres(s, A, "4/5/4/3")
    ready(s)
    attach_rune = UseFreeManeuver(rune, lysa, "m1", (lysa,), attach=True)
    assert attach_rune not in s.legal_actions()  # Lysa is no scribe
    hall = intrigue(s, A, "Hall of Letters")
    ready(s)
    assert "scribe" in _card_types.subtypes(s, s.cards[lysa]) and "scribe" not in _card_types.subtypes(s, s.cards[skeld])
    # a static's filter reads the printed subtypes (and effects), not what other statics grant: no flying
    assert "flying" not in _card_types.subtypes(s, s.cards[lysa])
    # spec 6.7 statics apply like effects: Lysa, a scribe now, may attach a rune (MIT-8.rune)
    assert attach_rune in s.legal_actions()
    # MIT-5.7: a leader who comes later is a scribe as well
    do(s, Summon(orren))
    pass_counter(s)
    assert "scribe" in _card_types.subtypes(s, s.cards[orren])
    _moves.leave_board(s, hall, "afterworld", "rule")
    assert "scribe" not in _card_types.subtypes(s, s.cards[lysa]) and not _card_types.retyping(s)


def test_MIT_3_9_i_OP_60_an_attached_rune_is_its_hosts_bound_maneuver(tmp_path, monkeypatch):
    s = scene(options=custom_decks(tmp_path, monkeypatch, "might", RUNE_SET, a=["TST-063"]))
    nation(s, A, "Gilded Cityfolk", 0, 0)  # room for three leaders (MIT-3.4.2)
    orren = leader(s, A, "Captain Orren")
    lysa, rune = rune_on_lysa(s, "Rune of Might")
    level = _level.level(s, lysa)  # with the +1 of the attaching use
    s.apply(PASS)  # B: A's window again
    use = UseManeuver(rune, "m1", (lysa,))
    assert s.current_player == A and use in s.legal_actions()  # Lysa, the host, may use it as her own
    rejects(s, UseManeuver(rune, "m1", (orren,)), "OP-60")  # only on the card it is attached to
    magic = s.players[A].spheres[0]
    do(s, use)
    assert s.cards[lysa].rotated and s.players[A].spheres[0] == magic - 1  # MIT-4.6.3: the host pays and rotates
    assert s.cards[rune].zone == "board" and s.cards[rune].host == lysa  # the rune stays attached
    pass_counter(s)
    assert _level.level(s, lysa) == level + 1
    s.apply(PASS)
    assert use not in s.legal_actions()  # MIT-3.4.1.a: a rotated host uses no non-permanent maneuver
    rejects(s, use, "MIT-3.4.1.a")
    # the effect lasts while the rune stays attached (OP-60): both +1s end with it
    _moves.leave_board(s, rune, "afterworld", "rule")
    assert _level.level(s, lysa) == level - 1


def test_MIT_3_9_i_a_rune_is_used_by_its_hosts_player_only(tmp_path, monkeypatch):
    s = scene(options=custom_decks(tmp_path, monkeypatch, "might2", RUNE_SET, a=["TST-063"]))
    lysa, rune = rune_on_lysa(s, "Rune of Might")
    ready(s, priority=1)
    rejects(s, UseManeuver(rune, "m1", (lysa,)), "MIT-3.9.i")
    # a free maneuver lasting on the board that is no attached rune is still not used again (MIT-4.6.2.1)
    s.cards[rune].host = -1
    ready(s)
    rejects(s, UseManeuver(rune, "m1", (lysa,)), "MIT-4.6.2.1")


def test_MIT_8_rune_OP_60_a_rune_is_attached_only_to_a_card_that_carries_bound_maneuvers():
    """OP-60 makes an attached rune its host's bound maneuver (MIT-3.9.i), and only permanent cards and supplies
    carry those (MIT-5.1): a lasting free maneuver on the board (or a fate) is no host. Found by the invariant
    test: a rune on Turncoat Gold, then used, rotated a free maneuver (only leaders and supplies rotate)."""
    s = scene()
    ivo = leader(s, A, "Magister Ivo")  # a ruler and a scribe
    enemy = leader(s, B, "Jarl Skeld Ironbrow")
    (turncoat,) = hand(s, A, "Turncoat Gold")
    (rune,) = hand(s, A, "Rune of Warding")
    spheres(s, A, "5/5/5/5")
    ready(s)
    do(s, UseFreeManeuver(turncoat, ivo, "m1", (enemy,)))
    pass_counter(s)
    assert s.cards[turncoat].zone == "board" and turncoat in s.lingering  # it lasts until the next turn's start
    s.cards[ivo].rotated = False  # (Ivo used Turncoat Gold; the scene lets him act again)
    ready(s)
    error = rejects(s, UseFreeManeuver(rune, ivo, "m1", (turncoat,), attach=True), "MIT-8.rune")
    assert "permanent card or a supply" in error.message
    assert not any(isinstance(a, UseFreeManeuver) and a.card == rune and a.targets == (turncoat,) and a.attach
                   for a in s.legal_actions())
    # the same rune on a leader is attached as before
    do(s, UseFreeManeuver(rune, ivo, "m1", (ivo,), attach=True))
    pass_counter(s)
    assert s.cards[rune].host == ivo
