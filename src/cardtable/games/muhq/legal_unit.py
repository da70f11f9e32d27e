"""The unit actions of an activated permanent: moves, attacks, full actions, equipping, swapping and carrying
(with the paths and fields they may take)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine import Action

from . import actions as A
from .effects import Ctx
from .legal_interned import ATTACK, CARRY, move_actions
from .stats import attack_range, profile
from .effects_targets import target_choices
from .places import can_crew, field_of
from .effects import protected_from

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState

    #: The actions of an activated unit (those unit_list keeps).
    UnitAction = A.Move | A.Attack | A.FullAction | A.Equip | A.Swap | A.Carry | A.ClearParalysis


def unit_actions(self: "MuhqState", pid: int) -> list[Action]:
    """MUHQ-UNIT-11: the available unit actions of the activated permanent (none for artifacts)."""
    out: list[Action] = []
    p = self.perms.get(pid)
    if p is None or p.d.type != "unit":
        return out
    if p.paralysis:  # MUHQ-PARA-2, 3
        if not p.move_used:
            out.append(A.ClearParalysis(pid, "move"))
        if not p.attack_used:
            out.append(A.ClearParalysis(pid, "attack"))
        return out
    if not p.move_used:
        out.extend(move_actions(pid, move_paths(self, pid)))
    if p.base is None and not p.attack_used:
        reach = attack_range(profile(self, pid))  # 0 without attack components (MUHQ-COMBAT-13)
        if reach:
            occ, perms, st = self.occ, self.perms, self.stats()
            me, source_d = p.controller, p.d
            # only what stands within reach (the ignore: without a base, p stands on a field)
            for cell in self.grid.cells_in_range(p.cell, reach):  # type: ignore[arg-type]
                d = occ.get(cell)
                if d is None or d == pid:
                    continue
                # defender_problem(pid, d) is None, checked here in its order: the occupant of a field is
                # in no pile, and it stands within reach (MUHQ-COMBAT-4). Keep in step with it.
                dp = perms[d]
                if dp.d.type != "unit" and (dp.d.solid is None or dp.controller == me):
                    continue  # MUHQ-ART-5, MUHQ-SOLID-2
                if st[d].veiled:  # MUHQ-VEIL-1
                    continue
                if st[d].protection_from and protected_from(self, d, source_d, me):  # MUHQ-PROT-2
                    continue
                out.append(ATTACK[pid, d])
    if p.base is not None:
        return out  # MUHQ-CREW-5: crew only move out and clear paralysis
    both = not p.move_used and not p.attack_used
    if both:
        for index, ability in p.d.full_actions:
            ctx = Ctx(pid, p.d, p.controller)
            for targets in target_choices(self, tuple(ability.get("targets", {}).items()), ctx):
                out.append(A.FullAction(pid, index, targets))
    # Equipping, swapping and carrying all need an artifact (equipment included) on an adjacent field.
    occ, perms = self.occ, self.perms
    for c, _ in self.grid.neighbours[p.cell]:  # type: ignore[index]  # (no base: p stands on a field)
        o = occ.get(c)
        if o is not None and perms[o].d.is_artifact:
            break
    else:
        return out
    spends = [s for s, used in (("move", p.move_used), ("attack", p.attack_used)) if not used]
    if spends:
        for eq in equippable(self, pid):
            for sp in spends:
                out.append(A.Equip(pid, eq, sp))  # type: ignore[arg-type]  # (sp: "move" or "attack")
        for art in swappable(self, pid):
            for sp in spends:
                out.append(A.Swap(pid, art, sp))  # type: ignore[arg-type]  # (sp: "move" or "attack")
    if both:
        for art in carriable(self, pid):
            for path, drop in carry_options(self, pid, art):
                out.append(CARRY[pid, art, path, drop])
    return out


def unit_list(self: "MuhqState", pid: int) -> list[Action]:
    """The unit actions of the activated permanent. Besides the board they read only its paralysis and its
    used move and attack actions: the list is kept with those until the board changes, and used again while
    they are equal (asked by the step machine, MUHQ-APHASE-4, then by the legal-action list)."""
    p = self.perms.get(pid)
    key = None if p is None else (p.paralysis, p.move_used, p.attack_used)
    memo = self._units
    if memo is None:
        memo = self._units = {}
    cached = memo.get(pid)
    if cached is None or cached[0] != key:
        actions = unit_actions(self, pid)
        # (the identities of the listed actions: an action taken from the list is found by identity, without
        # comparing it field by field with the others; unit_action_listed)
        cached = memo[pid] = (key, actions, frozenset(map(id, actions)))
    return cached[1]


def unit_action_listed(self: "MuhqState", action: UnitAction) -> bool:
    """Is ``action`` in the unit actions kept for its unit (unit_list) in this very position?"""
    memo = self._units
    cached = memo.get(action.unit) if memo is not None else None
    if cached is None:
        return False
    p = self.perms.get(action.unit)
    return p is not None and cached[0] == (p.paralysis, p.move_used, p.attack_used) and (
        id(action) in cached[2] or action in cached[1])

# -- movement helpers -----------------------------------------------------------------------------
def move_paths(self: "MuhqState", pid: int) -> tuple[tuple[int, tuple[int, ...]], ...]:
    """MUHQ-MOVE: the legal end fields of the unit's move with the cheapest path to each (the first in reading
    order, MUHQ-AI-4), as (end, path flattened to x, y pairs as a move action names it), by end in reading
    order; the last field may be a crewable unit (MUHQ-CREW-2). The grid keeps the answers."""
    p = self.perms[pid]
    st = self.stats()
    start = field_of(self, pid)  # (pid is on the board)
    occupied = self.occ
    # Crewing needs a unit with crew capacity (MUHQ-CREW-2): can_crew is asked only for those.
    crewable = []  # (a loop, not a comprehension: no closure over these locals for every call)
    for c, o in occupied.items():
        if o != pid and st[o].crew > 0 and can_crew(self, pid, o):
            crewable.append(c)
    if p.base is not None and start in crewable:  # MUHQ-MOVE-9: out of a pile, the base's field is the start
        crewable.remove(start)
    return self.grid.flat_reachable(start, st[pid].movement, st[pid].swimming, occupied, crewable)


def equippable(self: "MuhqState", pid: int) -> list[int]:
    """MUHQ-EQUIP-5 (OP-26): unequipped equipment within range 1: own, neutral or a non-solid enemy one."""
    cell = field_of(self, pid)  # (pid is on the board)
    me = self.perms[pid].controller
    out = []
    for c in self.grid.cells_in_range(cell, 1):
        o = self.occ.get(c)
        if o is None:
            continue
        e = self.perms[o]
        if e.d.type == "equipment" and (e.controller in (me, -1) or e.d.solid is None):
            out.append(o)
    return out


def movable_artifact(self: "MuhqState", pid: int, art: int) -> bool:
    """MUHQ-ART-4, MUHQ-SOLID-1: never a landmark, never an enemy's solid artifact."""
    a = self.perms[art]
    if not a.d.is_artifact or a.base is not None or a.d.landmark:
        return False
    me = self.perms[pid].controller
    return not (a.d.solid is not None and a.controller not in (me, -1))


def swappable(self: "MuhqState", pid: int) -> list[int]:
    """MUHQ-ART-3: adjacent artifacts whose field fits the unit and whose type fits the other field."""
    cell = field_of(self, pid)  # (pid is on the board)
    out = []
    sw = self.stats()[pid].swimming
    for c, _ in self.grid.neighbours[cell]:
        o = self.occ.get(c)
        if o is None or not movable_artifact(self, pid, o):
            continue
        if self.grid.fits(c, sw) and self.grid.fits(cell, self.stats()[o].swimming):
            out.append(o)
    return out


def carriable(self: "MuhqState", pid: int) -> list[int]:
    cell = field_of(self, pid)  # (pid is on the board)
    return [o for c, _ in self.grid.neighbours[cell] if (o := self.occ.get(c)) is not None
            and movable_artifact(self, pid, o)]


def carry_options(self: "MuhqState", pid: int, art: int) -> list[tuple[tuple[int, ...], tuple[int, int]]]:
    """MUHQ-ART-2: a normal move with the artifact's field empty, then a drop field within range 1 (not the
    end itself), as (path flattened to x, y pairs, drop field as (x, y))."""
    st = self.stats()
    unit_cell = field_of(self, pid)  # (pid is on the board)
    occ = {c: o for c, o in self.occ.items() if o != art}
    grid = self.grid
    fits = grid.fits_table(st[art].swimming)
    xs, ys, neighbours = grid.x, grid.y, grid.neighbours
    out = []
    for end, path in grid.flat_reachable(unit_cell, st[pid].movement, st[pid].swimming, occ):
        for c, _ in neighbours[end]:  # the fields in range 1 of the end but the end, in reading order
            if fits[c] and (c not in occ or c == unit_cell):
                out.append((path, (xs[c], ys[c])))
    return out
