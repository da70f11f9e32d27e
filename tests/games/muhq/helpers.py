"""Build a muhq position for a rule scenario, piece by piece, in the style of XMage's card tests.

The common setup of the acceptance scenarios (spec section 11): board ``arena-9``, players P0 and P1, P0 the
active player in the action phase with open priority, empty stack, no activation, nothing on the board, empty
hands, decks, discard piles and stores, both resources 0:

    s = scene()
    archer = put(s, P0, "Longbow Archer", 4, 4)
    a = put(s, P1, "Recruit", 7, 5)
    volley, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)                              # always last: runs the machine to the first decision
    s.apply(Activate(archer))
    s.apply(Attack(archer, a))
    pass_all(s)                           # every player passes until the top action resolves

Cards are named by their display name (unique in the pool, MUHQ-CARD-6); each call makes a new card instance
owned by the given seat. ``terrain`` changes field types of this state only (e.g. a high-ground field).
"""

from __future__ import annotations

from typing import Any

from cardtable.engine import IllegalAction
from cardtable.games.muhq import MuhqGame
from cardtable.games.muhq import actions as A
from cardtable.games.muhq.grid import Grid
from cardtable.games.muhq.turn import Phase, Step
from cardtable.games.muhq import board as _board
from cardtable.games.muhq import flow as _flow
from cardtable.games.muhq import places as _places

P0, P1 = 0, 1
_GAMES: dict = {}


def game(board: str = "arena-9", sets: str = "vanguard,tide", **options: Any) -> MuhqGame:
    opts = {"board": board, "sets": sets, "first_player": 0, **options}
    key = tuple(sorted(opts.items()))
    if key not in _GAMES:
        _GAMES[key] = MuhqGame(2, opts)
    return _GAMES[key]


def fresh(seed: int = 0, board: str = "river-crown", **options: Any):
    """A new game exactly as the engine deals it (the draft comes first)."""
    return game(board, **options).new_initial_state(seed)


def def_id(s, name: str) -> str:
    for d in s.game.defs.values():
        if d.name == name:
            return d.id
    raise KeyError(f"no card named {name!r} in this game's pool")


def scene(board: str = "arena-9", active: int = P0, step: str = "action", **options: Any):
    """A game past its draft with everything emptied: ``active``'s turn, at ``step`` (a step of flow.STEPS).

    Players pass explicitly, as in the spec's scenarios ("both pass"): ``auto_pass`` is off unless given.
    ``play_out_hand`` is off unless given too: a scenario ends the action phase with the cards it set in hand
    (the option's own tests turn it on)."""
    options.setdefault("auto_pass", False)
    options.setdefault("play_out_hand", False)
    return emptied(game(board, **options).new_initial_state(0), step, active)


def emptied(s, step: str = "action", active: int = P0):
    """Any state with everything emptied (board, zones, stack, counters), ``active``'s turn at ``step``."""
    for pid in list(_places.board_order(s)):
        _board.take_off(s, pid)
    s.perms.clear()
    s.occ.clear()
    for p in s.players:
        for zone in (p.store, p.deck, p.hand, p.discard, p.pending, p.drafted):
            zone.clear()
        p.resource = p.vp = 0
        p.bought = False
    s.vips.clear()
    s.buildings.clear()
    s.victory_item = None
    s.packs, s._undealt = [], []
    s.stack.clear()
    s.triggers.clear()
    s.drops.clear()
    s.phase, s.step, s.turn, s.active = Phase.ACTION, Step(step), 1, active  # members, as the rules set them
    s.priority, s.activation, s.ai, s.resolving, s.winners = None, None, None, None, None
    s.log.clear()
    s.changed()
    return s


def put(s, seat: int, name: str, x: int, y: int, controller: int | None = None, **counters: int) -> int:
    """A permanent of ``seat`` (its owner) on (x, y); ``counters``: damage, paralysis, poison, panic, rage,
    protection, worn. No `enters` trigger fires (the scenario starts with it on the board)."""
    card = s.new_card(def_id(s, name), seat)
    _board.enter(s, card, seat if controller is None else controller, s.grid.cell(x, y))
    s.triggers.clear()
    for key, value in counters.items():
        setattr(s.perms[card], key, value)
    s.changed()
    return card


def crew(s, base: int, seat: int, name: str, **counters: int) -> int:
    """A unit or an equipment of ``seat`` in the pile of ``base`` (crew or equipped)."""
    from cardtable.games.muhq.objects import Perm

    card = s.new_card(def_id(s, name), seat)
    s.perms[card] = Perm(card, s.card_def[card], seat, seat, None)
    _board.join_pile(s, card, base)
    for key, value in counters.items():
        setattr(s.perms[card], key, value)
    return card


def hand(s, seat: int, *names: str) -> list[int]:
    cards = [s.new_card(def_id(s, n), seat) for n in names]
    s.players[seat].hand.extend(cards)
    return cards


def zone(s, seat: int, where: str, *names: str) -> list[int]:
    """Cards into a zone of ``seat``: store, deck (the last one on top) or discard."""
    cards = [s.new_card(def_id(s, n), seat) for n in names]
    getattr(s.players[seat], where).extend(cards)
    return cards


def resource(s, seat: int, amount: int) -> None:
    s.players[seat].resource = amount


def terrain(s, types: dict[tuple[int, int], str]) -> None:
    """Change field types of this state's board (a copy of the grid; the game's stays as it is)."""
    g = s.grid
    cells = list(g.types)
    for (x, y), t in types.items():
        cells[y * g.width + x] = t
    s.grid = Grid(g.width, g.height, cells, spawns=g.spawns, income=g.income, area_of=g.area_of,
                  area_points=g.area_points, name=g.name)
    s.changed()


def ready(s) -> None:
    """Run the machine from the set-up position to the first decision."""
    s.changed()
    _flow.advance(s)


def pass_all(s, limit: int = 20) -> None:
    """Every player passes priority until the top action has resolved, or until nobody holds priority."""
    resolved = sum(1 for entry in s.log if entry[0] == "resolve")
    for _ in range(limit):
        if s.mode != "priority" or sum(1 for entry in s.log if entry[0] == "resolve") > resolved:
            return
        s.apply(A.PASS)
    raise AssertionError("priority never ended")


def rejected(s, action, rule: str) -> IllegalAction:
    """``action`` is refused citing ``rule`` and the state is unchanged."""
    before = s.digest()
    try:
        s.apply(action)
    except IllegalAction as exc:
        assert exc.rule == rule, f"rejected with {exc.rule} ({exc.message}), expected {rule}"
        assert s.digest() == before, "a rejected decision changed the state"
        return exc
    raise AssertionError(f"{action} was accepted; expected a rejection citing {rule}")


def at(s, pid: int) -> tuple[int, int] | None:
    cell = _places.cell_of(s, pid)
    return None if cell is None else s.grid.xy(cell)
