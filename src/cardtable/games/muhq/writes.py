"""Every change to what muhq keeps derived facts of, and its announcement, in one place (docs/engine.md).

The state keeps what it derives from the board (stats, board order, the unit and fast action lists, answers
about the board in ``_memo``) and whether a state check is due (``_dirty``, with the permanents that may have
become lethal since the last clean one, ``_suspects``). Those facts read the fields in :data:`OWNED`, and
only the functions here write them: each changes the fields and announces, inside, what became stale. A rule
never announces and never writes one of these fields itself; ``tests/games/muhq/test_writes.py`` fails for a
write anywhere else, and ``tests/games/muhq/test_caches.py`` checks over random games that what the state keeps
equals what a state that keeps nothing computes.

The announcements, from the broadest: ``changed()`` (a permanent came, went, changed field, pile, controller or
modifiers: everything derived from the board is dropped), :func:`_moved` and :func:`_entered` (the same, keeping
what the move cannot have changed), ``touched()`` (a state check is due: resource or victory points went up),
:func:`_raised` (a damage, poison or wear marker went up: the state check looks at that permanent again).

What no kept fact reads is written by the rules directly: hands, decks and discard piles (the hand's parts are
checked against the hand at every use), taps, used actions and the other markers (the unit and fast action
lists are kept with the values they read and checked against them), the step, the stack and priority. Lowering
a resource, a marker or victory points announces nothing: it cannot make anything lethal or win a game, and
nothing derived from the board reads it. The legal actions are made anew at every decision (``advance``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .stats import own_stats

if TYPE_CHECKING:  # pragma: no cover
    from .objects import Drop, Perm
    from .state import MuhqState

#: The fields only this module writes, by the record that has them (the state builds them in ``__init__`` and
#: ``setup``, and a record in its own ``__init__``). ``alive`` and ``_alive`` are who is still in the game.
OWNED: dict[str, tuple[str, ...]] = {
    "MuhqState": ("perms", "occ", "drops", "_alive"),
    "Perm": ("cell", "base", "pile", "controller", "eot", "damage", "poison", "worn"),
    "Player": ("resource", "vp", "alive"),
    "Drop": ("members",),
}

#: What ``changed()`` forgets but depends only on which permanents are on the board (not on where they stand):
#: kept by :func:`_moved`.
MEMBERSHIP_MEMOS = ("trigger_sources", "trigger_sources_by_event", "defeated", "board_statics")


# -- the finer announcements ---------------------------------------------------------------------------
def board_statics(state: MuhqState) -> bool:
    """Has a permanent on the board a static ability that looks for its subjects on the board
    (``Def.board_statics``)? Without one, each permanent's stats depend on it, its pile and its field alone
    (stats.own_stats). Kept with the board's permanents (MEMBERSHIP_MEMOS)."""
    found = state._memo.get("board_statics")
    if found is None:
        found = False
        for p in state.perms.values():
            if p.d.board_statics:
                found = True
                break
        state._memo["board_statics"] = found
    return bool(found)


def _moved(state: MuhqState, *pids: int) -> None:
    """The permanents ``pids`` (with their piles) changed fields or piles, and nothing else (no permanent came
    or went, no controller, ability or marker changed): like changed(), but the answers that depend only on
    which permanents are on the board are kept. Without static abilities that look for their subjects on the
    board (board_statics), no permanent's stats depend on where another stands: the stats are kept too, made
    anew only for those that moved. And then no life depends on where a permanent stands at all (only
    attack ranges do, on high ground), so if the last state check found nothing lethal on the board as it
    was, the next one need look only at the permanents it was told of since (_suspects): damage, poison and
    wear are as they were."""
    memo = state._memo
    was_clean = state._clean is memo
    stats = state._stats
    state.changed()
    new = state._memo
    for name in MEMBERSHIP_MEMOS:
        if name in memo:
            new[name] = memo[name]
    if not board_statics(state):
        if was_clean:
            state._clean = new
        if stats is not None:
            stats = dict(stats)
            perms = state.perms
            todo = list(pids)
            while todo:
                pid = todo.pop()
                stats[pid] = own_stats(state, pid)
                todo.extend(perms[pid].pile)
            state._stats = stats


def _entered(state: MuhqState, pid: int) -> None:
    """The permanent ``pid`` came onto a field, alone (no pile), and nothing else changed: like changed(), but
    without static abilities that look for their subjects on the board (board_statics), the other
    permanents' stats are as they were (the newcomer equips no one yet), so the stats are kept with the
    newcomer's added; and if the last state check found nothing lethal, only the newcomer is new to check."""
    was_clean = state._clean is state._memo
    stats = state._stats
    state.changed()
    if not board_statics(state):
        if was_clean:
            state._clean = state._memo
            state._suspects.append(pid)
        if stats is not None:
            stats = dict(stats)
            stats[pid] = own_stats(state, pid)
            state._stats = stats


def _raised(state: MuhqState, pid: int) -> None:
    """Damage, poison or wear went up on the permanent ``pid``: a state check is due, and it looks at this
    permanent again. (Nothing else can make a permanent lethal but a change of the board, which changed()
    announces; lowering them cannot.)"""
    state._suspects.append(pid)
    state.touched()


# -- permanents coming and going -------------------------------------------------------------------------
def arrive(state: MuhqState, p: Perm) -> None:
    """``p`` comes onto its field (``p.cell``), alone."""
    pid = p.id
    state.perms[pid] = p
    state.occ[p.cell] = pid  # type: ignore[index]  # a permanent arriving has its field
    _entered(state, pid)


def join(state: MuhqState, member: Perm, base: int) -> None:
    """``member`` goes into the pile of ``base`` (from its field, or from off the board: it is a permanent
    from now on)."""
    state.perms[member.id] = member
    if member.cell is not None:
        del state.occ[member.cell]
        member.cell = None
    member.base = base
    state.perms[base].pile.append(member.id)
    state.changed()


def lift(state: MuhqState, pid: int) -> tuple[Perm, int | None]:
    """The permanent ``pid`` is taken off its field or out of its pile (its own pile stays with it). Returns
    it and the field it stood on (its pile's base's, for a member)."""
    p = state.perms.pop(pid)
    cell = None
    if p.base is not None:
        base = state.perms.get(p.base)
        if base is not None and pid in base.pile:
            base.pile.remove(pid)
        b = base
        while b is not None and b.base is not None:
            b = state.perms.get(b.base)
        cell = b.cell if b is not None else None
    elif p.cell is not None:
        cell = p.cell
        del state.occ[cell]
    state.changed()
    return p, cell


def remove(state: MuhqState, pid: int) -> Perm:
    """The permanent ``pid``, on no field and in no pile (a member waiting in a drop, or just dropped from
    its pile), stops being a permanent."""
    p = state.perms.pop(pid)
    state.changed()
    return p


def empty_pile(state: MuhqState, p: Perm) -> list[int]:
    """``p``'s pile falls apart: its members, in the order they joined, stand nowhere (until dropped)."""
    members = p.pile
    perms = state.perms
    for m in members:
        perms[m].base = None
    p.pile = []
    state.changed()
    return members


# -- where permanents stand ------------------------------------------------------------------------------
def relocate(state: MuhqState, unit: int, cell: int) -> None:
    """Put a unit (with its pile, MUHQ-MOVE-6) on a field, or into the pile of the crewable unit there."""
    p = state.perms[unit]
    if p.base is not None:  # MUHQ-MOVE-9: out of the pile
        state.perms[p.base].pile.remove(unit)
        p.base = None
    elif p.cell is not None:
        del state.occ[p.cell]
    p.cell = None
    other = state.occ.get(cell)
    if other is not None:
        p.base = other
        state.perms[other].pile.append(unit)  # MUHQ-CREW-2
    else:
        p.cell = cell
        state.occ[cell] = unit
    _moved(state, unit)


def swap(state: MuhqState, unit: int, art: int) -> None:
    """The unit and the artifact trade fields (both stand on one)."""
    a, u = state.perms[art], state.perms[unit]
    ca, cu = a.cell, u.cell
    a.cell, u.cell = cu, ca
    state.occ[cu], state.occ[ca] = art, unit  # type: ignore[index]  # both stand on fields (swappable)
    _moved(state, unit, art)


def pick_up(state: MuhqState, art: int) -> int:
    """The artifact is lifted off its field to be carried; returns the field."""
    a = state.perms[art]
    old: int = a.cell  # type: ignore[assignment]  # a carriable artifact stands on a field
    del state.occ[old]
    a.cell = None
    state.changed()
    return old


def set_down(state: MuhqState, art: int, cell: int, carrier: int) -> None:
    """The carried artifact is put down on ``cell`` beside its carrier, who moved."""
    state.perms[art].cell = cell
    state.occ[cell] = art
    _moved(state, carrier, art)


def place(state: MuhqState, pid: int, cell: int) -> None:
    """A permanent standing nowhere (a drop's member) is placed on ``cell``."""
    state.perms[pid].cell = cell
    state.occ[cell] = pid
    state.changed()


# -- drops -----------------------------------------------------------------------------------------------
def add_drop(state: MuhqState, drop: Drop) -> None:
    state.drops.append(drop)
    state.changed()


def take_from_drop(state: MuhqState, drop: Drop, member: int) -> None:
    """``member`` leaves the drop (placed or destroyed); a drop with no members left is done."""
    drop.members.remove(member)
    if not drop.members:
        state.drops.remove(drop)
    state.changed()


def order_drops(state: MuhqState, start: int, key: Callable[[Drop], Any]) -> None:
    """The drops from ``start`` on, in the order ``key`` says (stable). Which permanents wait in drops is as
    it was: nothing derived changes."""
    state.drops[start:] = sorted(state.drops[start:], key=key)


def prune_drops(state: MuhqState) -> None:
    """Members that are no permanents any more leave their drops; empty drops are done."""
    perms = state.perms
    for d in state.drops:
        d.members = [m for m in d.members if m in perms]
    state.drops = [d for d in state.drops if d.members]
    state.changed()


# -- control and modifiers -------------------------------------------------------------------------------
def give_control(state: MuhqState, pid: int, seat: int) -> None:
    state.perms[pid].controller = seat
    state.changed()


def modify_until_end_of_turn(state: MuhqState, pid: int, modifier: dict[str, Any]) -> None:
    p = state.perms[pid]
    p.eot = p.eot + (modifier,)
    state.changed()


def end_modifiers(state: MuhqState) -> None:
    """Every until-end-of-turn modifier ends."""
    changed = False
    for p in state.perms.values():
        if p.eot:
            p.eot = ()
            changed = True
    if changed:
        state.changed()


# -- markers ---------------------------------------------------------------------------------------------
def add_damage(state: MuhqState, pid: int, amount: int) -> None:
    state.perms[pid].damage += amount
    _raised(state, pid)


def heal(state: MuhqState, pid: int, amount: int) -> None:
    p = state.perms[pid]
    p.damage = max(0, p.damage - amount)


def add_marker(state: MuhqState, pid: int, marker: str, count: int) -> None:
    """One of the five condition markers (objects.MARKERS) goes up by ``count``; poison can make a unit lethal."""
    p = state.perms[pid]
    setattr(p, marker, getattr(p, marker) + count)
    if marker == "poison":
        _raised(state, pid)


def set_marker(state: MuhqState, pid: int, marker: str, count: int) -> None:
    """A condition marker lowered (or removed) to ``count``."""
    setattr(state.perms[pid], marker, count)


def wear(state: MuhqState, pid: int, amount: int) -> None:
    """An equipment loses durability."""
    state.perms[pid].worn += amount
    _raised(state, pid)


# -- resource, victory points, who is in the game ----------------------------------------------------------
def gain(state: MuhqState, seat: int, amount: int) -> None:
    state.players[seat].resource += amount
    state.touched()


def spend(state: MuhqState, seat: int, amount: int) -> None:
    """Resource paid or lost (never below 0: the callers check or clamp)."""
    state.players[seat].resource -= amount


def score(state: MuhqState, seat: int, points: int) -> None:
    state.players[seat].vp += points
    state.touched()


def leave_game(state: MuhqState, seat: int) -> None:
    """``seat`` is out of the game (what is derived from who is still in, as the defeated seats, is dropped)."""
    state.players[seat].alive = False
    state._alive = tuple(s for s in state._alive if s != seat)
    state.changed()
