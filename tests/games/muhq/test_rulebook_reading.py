"""Rules settled by the second full reading of the German rulebook (issue 33): each test names the rule it
enforces; the departures and their reasons are in docs/muhq.md, "Departures from the rulebook"."""

from __future__ import annotations

from cardtable.games.muhq import MuhqGame
from cardtable.games.muhq import actions as A
from cardtable.games.muhq.actions import PASS, Activate, Attack, FreeAction, Move, PlaceToken, PlayPermanent, PlaySpell

from .helpers import P0, P1, at, crew, hand, pass_all, put, ready, rejected, resource, scene, zone
from cardtable.games.muhq import flow as _flow


def steal_during_move(s, unit: int) -> None:
    """P0 moves ``unit`` one field up; P1 answers with Mind Tide on it; both resolve."""
    mind, = hand(s, P1, "Mind Tide")
    resource(s, P1, 3)
    ready(s)
    s.apply(Activate(unit))
    x, y = at(s, unit)
    s.apply(Move(unit, (x, y - 1)))
    s.apply(PASS)  # P0 passes; P1 answers the move
    s.apply(PlaySpell(mind, (unit,)))
    pass_all(s)  # Mind Tide resolves first (MUHQ-STACK-1) ...
    pass_all(s)  # ... then the move


def test_MUHQ_APHASE_4_control_change_ends_the_activation():
    # "Bei Initialisierung gibt der Beherrscher der angreifenden Unit die angegriffene Unit an": once P1
    # controls the unit, P0 may not go on using it; before, P0 attacked its own Pikeman with it.
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    own = put(s, P0, "Pikeman", 4, 2)
    put(s, P1, "Pikeman", 6, 4)  # P1's unit within range 3 of the Recruit, for Mind Tide
    steal_during_move(s, rec)
    assert s.perms[rec].controller == P1 and at(s, rec) == (4, 3)  # the declared move still resolved
    assert s.activation is None and s.perms[rec].tapped  # the activation ended; the unit is tapped
    assert s.mode == "open" and s.current_player == P0
    assert not any(getattr(a, "unit", None) == rec for a in s.legal_actions())
    rejected(s, Attack(rec, own), "MUHQ-APHASE-3")
    assert s.perms[own].damage == 0


def test_MUHQ_APHASE_4_control_change_ends_an_ai_run():
    # A raging unit stolen during its AI run: the run ends (one rage marker goes, as at any end of a run).
    # Its new controller's enemies are P0's units, which it would otherwise attack on P0's turn.
    s = scene()
    mad = put(s, P0, "Recruit", 4, 6, rage=2)
    own = put(s, P0, "Pikeman", 3, 5)  # P0's own unit next to wherever the Recruit ends its move
    put(s, P1, "Recruit", 4, 3)  # the nearest enemy: the raging Recruit walks toward it
    mind, = hand(s, P1, "Mind Tide")
    resource(s, P1, 3)
    ready(s)
    s.apply(Activate(mad))  # the aggressive AI declares a move (MUHQ-RAGE-2, MUHQ-AI-6 A2)
    assert s.stack and s.stack[-1].kind == "move"
    s.apply(PASS)
    s.apply(PlaySpell(mind, (mad,)))
    pass_all(s)
    pass_all(s)
    assert s.perms[mad].controller == P1
    assert s.activation is None and s.ai is None and s.perms[mad].tapped and s.perms[mad].rage == 1
    assert not s.stack and s.perms[own].damage == 0 and s.mode == "open"


def test_MUHQ_EQUIP_3_pending_equipment_waits_for_a_played_unit_not_a_token():
    # "Ein Equipment kann einzeln oder an die nächste gespielte Unit ausgerüstet ausgespielt werden": a Levy
    # token that enters is not played; before, it took the Coral Mail.
    s = scene()
    mail, conscription, pikeman = hand(s, P0, "Coral Mail", "Conscription", "Pikeman")
    resource(s, P0, 3)
    ready(s)
    s.apply(PlayPermanent(mail, None, "next_unit"))
    pass_all(s)
    assert s.players[P0].pending == [mail]
    s.apply(PlaySpell(conscription))
    pass_all(s)
    if s.mode == "place_token":
        s.apply(PlaceToken((0, 8)))
    levy = s.occ[s.grid.cell(0, 8)]
    assert s.card_def[levy].name == "Levy" and s.perms[levy].pile == [] and s.players[P0].pending == [mail]
    s.apply(PlayPermanent(pikeman, (4, 8)))
    pass_all(s)
    assert s.perms[pikeman].pile == [mail] and s.players[P0].pending == []


def test_MUHQ_WIN_5_crew_in_a_pile_count_for_holding_an_area():
    # "Gebiet gilt als von dir gehalten wenn du die meisten Units darin kontrollierst": the crew is in the area
    # (its field is the Wagon's); before, pile members were not counted and 1 against 1 held nothing.
    s = scene(board="three-hills", step="start")
    wagon = put(s, P0, "Siege Wagon", 3, 3)
    crew(s, wagon, P0, "Recruit")
    put(s, P1, "Recruit", 2, 2)
    ready(s)
    while s.mode != "upkeep":  # to step 4 (paying the Wagon), after step 2 scored
        s.apply(PASS)
    assert s.players[P0].vp == 2  # the centre: 2 units against 1


def end_phase_playable(play_out_hand: bool):
    s = scene(play_out_hand=play_out_hand)
    purse, = hand(s, P0, "Coin Purse")
    ready(s)
    return s, purse


def test_MUHQ_APHASE_1_the_action_phase_goes_on_while_a_card_in_hand_can_be_played():
    # "Solange kontrollierte ungetappte Karte auf dem Spielfeld oder spielbare Karte in der Hand: Spiele Karte
    # von der Hand Oder Wähle ungetappte Karte": option play_out_hand, on by default.
    assert MuhqGame(2, {"board": "arena-9"}).options["play_out_hand"] is True
    s, purse = end_phase_playable(True)
    assert A.END_ACTION_PHASE not in s.legal_actions()
    rejected(s, A.END_ACTION_PHASE, "MUHQ-APHASE-1")
    s.apply(PlaySpell(purse))
    pass_all(s)
    assert A.END_ACTION_PHASE in s.legal_actions()  # nothing playable is left
    big, = hand(s, P0, "War Galley")  # a card that cannot be played (no deep-water spawn) does not hold it up
    s.changed()
    _flow.advance(s)
    assert A.END_ACTION_PHASE in s.legal_actions()
    s.apply(A.END_ACTION_PHASE)
    assert s.step != "action"


def test_MUHQ_APHASE_1_play_out_hand_off_ends_the_phase_with_a_playable_card():
    s, purse = end_phase_playable(False)
    assert A.END_ACTION_PHASE in s.legal_actions()
    s.apply(A.END_ACTION_PHASE)
    assert purse in s.players[P0].hand and s.step != "action"


def upkeep_deck(upkeep_reshuffle: bool):
    """P0's start phase draws the last 2 cards of its deck; 3 cards lie in its discard pile."""
    s = scene(step="start", upkeep_reshuffle=upkeep_reshuffle)
    zone(s, P0, "deck", "Recruit", "Scout")
    pile = zone(s, P0, "discard", "Volley", "Rally", "Pikeman")
    ready(s)
    while s.phase != "action":
        s.apply(PASS)
    return s, pile


def test_MUHQ_DECK_4_an_empty_deck_during_the_upkeep_is_replaced():
    # "Wenn das [Deck] während des Upkeeps keine Karten mehr enthält … mische den Ablagestapel als neues Deck":
    # option upkeep_reshuffle, on by default; before, the deck stayed empty until the next start phase.
    assert MuhqGame(2, {"board": "arena-9"}).options["upkeep_reshuffle"] is True
    s, pile = upkeep_deck(True)
    pl = s.players[P0]
    assert len(pl.hand) == 2 and sorted(pl.deck) == sorted(pile) and pl.discard == []


def test_MUHQ_DECK_4_upkeep_reshuffle_off_waits_for_the_start_phase():
    s, pile = upkeep_deck(False)
    pl = s.players[P0]
    assert len(pl.hand) == 2 and pl.deck == [] and sorted(pl.discard) == sorted(pile)


def test_MUHQ_DECK_4_a_draw_in_the_upkeep_that_empties_the_deck_refills_it():
    s = scene(step="start", upkeep_reshuffle=True)
    totem = put(s, P0, "Tide Totem", 2, 2)
    zone(s, P0, "deck", "Recruit", "Scout", "Outrider")
    ready(s)  # the start phase draws all three
    assert s.phase == "start" and s.mode == "priority" and s.players[P0].deck == []
    s.apply(PASS)
    s.apply(PASS)
    assert s.phase == "upkeep" and s.players[P0].deck == []  # nothing to reshuffle yet
    pl = s.players[P0]
    for _ in range(20):  # to the upkeep's closing priority round
        if s.mode == "priority" and s.current_player == P0 and s.phase == "upkeep":
            break
        s.apply(PASS)
    first = pl.hand[0]
    s.apply(FreeAction(totem, 0, (), (first,)))  # discard a card: draw a card
    pass_all(s)
    # the draw found the deck empty in the upkeep: the discard pile (the card just discarded) became the deck
    assert first in pl.hand and pl.deck == [] and pl.discard == []
