"""Every change to where Mítosz's cards are and what hangs on them, and its announcement, in one place
(docs/engine.md).

The state keeps facts of the board's layout (``layout``: which cards are on it, their controllers and hosts,
dormancy, the grids and leader rows), facts that also follow from the effects, tokens and fights
(``statics_cache``), what is kept about a fight's members (keyed by its ``members_version``), and facts that
hold until anything happens (``dcache``, and what is keyed by the ``version`` or a seat's version). The fields
they read are in :data:`OWNED`, and only the functions here write them: each changes the fields and
announces, inside, what became stale (``layout_changed()``, ``statics_changed()``, ``touch()``,
``hand_changed()``). A rule never writes one of these fields itself and never announces;
``tests/games/mitosz/test_writes.py`` fails for a write anywhere else. The turn machine itself moves the
version around every step and decision (``flow/machine.py``), and so do the state checks when they changed
something (``checks.py``) and a new round of triggers (``effects/triggers.py``): "something happened" is theirs.

What the rules write directly is read by no kept fact, or only by facts that hold until the machine's next step:
rotation, the hands, decks and piles (whose changes move the ``piles`` counter or a seat's version), spheres,
the stack, the prompt.
"""

from __future__ import annotations

from bisect import insort
from operator import attrgetter
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .core import Eff, Inst
    from .fights.fight import Fight
    from .state import MitoszState

_IID = attrgetter("iid")

#: The fields only this module writes, by the record that has them (a record sets them in its ``__init__``, its
#: ``reset`` and its ``copy``; the state in ``_setup``).
OWNED: dict[str, tuple[str, ...]] = {
    "MitoszState": ("effects", "fight", "seat_versions"),
    "Inst": ("zone", "controller", "host", "dormant", "cell", "tokens"),
    "Player": ("leaders", "grid"),
    "Fight": ("leaders", "supplies", "members_version"),
}


# -- zones ---------------------------------------------------------------------------------------------
def set_zone(state: MitoszState, inst: Inst, zone: str) -> None:
    """A card off the board changes zone (hand, deck, afterworld, oblivion, the stack). The board's facts do
    not read where an off-board card is; the public piles have their own counter (``piles``, moves.py)."""
    inst.zone = zone


def arrive(state: MitoszState, inst: Inst, seat: int) -> bool:
    """The card comes onto the board (or is put onto it again) under ``seat``'s control, unrotated. Returns
    whether it arrives from elsewhere (a card on the board already is only taken over)."""
    arrives = inst.zone != "board"
    inst.zone = "board"
    inst.controller = seat
    inst.entered = state.turn
    inst.rotated = False
    state.layout_changed()
    board = state.board
    if board is not None and arrives:  # a new list in instance order (``levels.board.board_insts``)
        board = board[:]
        insort(board, inst, key=_IID)
        state.board = board
    return arrives


def depart(state: MitoszState, inst: Inst, to: str) -> None:
    """The card leaves the board for its owner's zone ``to``: out of its controller's grid and leader row, and
    everything it was on the board is forgotten (MIT-1.2.6, ``Inst.reset``)."""
    iid = inst.iid
    ctrl = state.players[inst.controller]
    if inst.d.card_type == "nation" and inst.cell is not None:
        ctrl.grid.pop(inst.cell, None)
    if iid in ctrl.leaders:
        ctrl.leaders.remove(iid)
    inst.reset()
    inst.zone = to
    state.layout_changed()
    if state.board is not None:  # a new list (``levels.board.board_insts``)
        board = state.board[:]
        board.remove(inst)
        state.board = board


# -- hosts, rows, grids, control -------------------------------------------------------------------------
def attach(state: MitoszState, inst: Inst, host: int, *, dormant: str | None = None,
           controller: int | None = None) -> None:
    """The card on the board is attached to ``host`` (leaving its controller's leader row if it stood there),
    dormant until ``dormant`` (a leader, OP-35), under ``controller`` if given (a stolen attachment)."""
    row = state.players[inst.controller].leaders
    if inst.iid in row:
        row.remove(inst.iid)
    inst.host = host
    inst.dormant = dormant
    if controller is not None:
        inst.controller = controller
    state.layout_changed()


def to_row(state: MitoszState, inst: Inst, seat: int) -> None:
    """The card on the board stands as a leader in ``seat``'s leader row, under ``seat``'s control: from another
    row (stolen or given back), from a host (awake now, or come back to its owner), or newly arrived."""
    iid = inst.iid
    old = state.players[inst.controller].leaders
    if iid in old:
        old.remove(iid)
    inst.host = -1
    inst.dormant = None
    inst.controller = seat
    state.players[seat].leaders.append(iid)
    state.layout_changed()


def place_nation(state: MitoszState, inst: Inst, cell: tuple[int, int]) -> None:
    """A nation on the board takes its cell of its controller's empire grid."""
    inst.cell = cell
    state.players[inst.controller].grid[cell] = inst.iid
    state.layout_changed()


# -- tokens and effects ----------------------------------------------------------------------------------
def set_tokens(state: MitoszState, inst: Inst, tokens: tuple[tuple[Any, ...], ...]) -> None:
    inst.tokens = tokens
    state.statics_changed()


def add_effect(state: MitoszState, effect: Eff) -> None:
    state.effects.append(effect)
    state.statics_changed()


def set_effects(state: MitoszState, effects: list[Eff]) -> None:
    """The active effects are now ``effects`` (some ended or changed)."""
    state.effects = effects
    state.statics_changed()


# -- fights ----------------------------------------------------------------------------------------------
def start_fight(state: MitoszState, f: Fight) -> None:
    """The fight begins: its membership changes what filters match."""
    state.fight = f
    state.statics_changed()
    state.touch()


def end_fight(state: MitoszState) -> None:
    state.fight = None
    state.statics_changed()
    state.touch()


def _members_changed(state: MitoszState, f: Fight) -> None:
    """Who is in the fight changed: what is kept about the members (and target candidates, whose key holds the
    members' version) is no longer used, and the decision's facts are dropped."""
    f.members_version += 1
    state.touch()


def join_fight(state: MitoszState, f: Fight, leader: int, place: tuple[str, int],
               supplies: Sequence[tuple[int, tuple[str, int, str]]] = ()) -> None:
    """A leader joins the fight at ``place`` (side, row), with the supplies that fight beside it."""
    f.leaders[leader] = place
    for iid, supply_place in supplies:
        f.supplies[iid] = supply_place
    _members_changed(state, f)


def add_supply(state: MitoszState, f: Fight, iid: int, place: tuple[str, int, str]) -> None:
    f.supplies[iid] = place
    _members_changed(state, f)


def remove_supply(state: MitoszState, f: Fight, iid: int) -> None:
    del f.supplies[iid]
    _members_changed(state, f)


def set_supply_mode(state: MitoszState, f: Fight, iid: int, place: tuple[str, int, str]) -> None:
    """A supply's mode (full, level, maneuvers, undecided) is set: it stays a member; what is kept about the
    members (who they are, their cards) does not read the mode."""
    f.supplies[iid] = place


# -- hands -----------------------------------------------------------------------------------------------
def hand_will_change(state: MitoszState, seat: int) -> None:
    """Only ``seat``'s hand and deck are about to change (its draw): nothing another player may do depends on
    them (spec 9), so only that seat's version moves."""
    state.seat_versions[seat] += 1
    state.hand_changed()
