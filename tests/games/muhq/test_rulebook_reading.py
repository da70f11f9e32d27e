"""Rules settled by the second full reading of the German rulebook (issue 33): each test names the rule it
enforces; the departures and their reasons are in docs/muhq.md, "Departures from the rulebook"."""

from __future__ import annotations

from cardtable.games.muhq.actions import PASS, Activate, Attack, Move, PlaySpell

from .helpers import P0, P1, at, hand, pass_all, put, ready, rejected, resource, scene


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
