"""Where things are on muhq's board: a permanent's field, the board's reading order, a permanent's name in a
message, which fields are free, spawn fields and crews (MUHQ-BOARD, MUHQ-PILE-2, MUHQ-RANGE-6). Queries only:
they change nothing, and every rule layer above may ask them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .words import N_, CardName, Text

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def field_of(self: "MuhqState", pid: int) -> int:
    """The field of a permanent on the board (its own, or its pile's base's): for the rules that ask it only of
    those (a unit acting, a target chosen on the board). Raises for one off the board, a bug in the rules."""
    p = self.perms[pid]
    while p.base is not None:
        p = self.perms[p.base]
    cell = p.cell
    if cell is None:
        raise RuntimeError(f"permanent {pid} stands on no field")  # i18n: no (a rules bug, for a developer)
    return cell


def cell_of(self: "MuhqState", pid: int) -> int | None:
    """A permanent's field; a pile member uses its base's field (MUHQ-PILE-2, MUHQ-RANGE-6)."""
    p = self.perms.get(pid)
    while p is not None and p.base is not None:
        p = self.perms.get(p.base)
    return None if p is None else p.cell


def board_order(self: "MuhqState") -> list[int]:
    """Every permanent on the board, in reading order of its field; pile members after their base.
    Kept until the next change (callers must not modify the list)."""
    if self._order is not None:
        return self._order
    out: list[int] = []
    perms, occ = self.perms, self.occ
    for cell in sorted(occ):
        pid = occ[cell]
        if perms[pid].pile:  # the base, then its members depth first (a loop, not a recursive closure:
            # a closure that calls itself is a reference cycle, garbage only the cyclic collector frees)
            stack = [pid]
            while stack:
                top = stack.pop()
                out.append(top)
                stack.extend(reversed(perms[top].pile))
        else:
            out.append(pid)  # (most permanents stand alone)
    self._order = out
    return out


def name_of(self: "MuhqState", pid: int) -> str:
    """A permanent as a message names it, ``Scout #12 at (3, 4)``: a :class:`~.words.Text`, so a label or a
    log line that holds it shows it in each reader's language."""
    p = self.perms.get(pid)
    if p is None:
        return f"#{pid}"
    where = p.cell if p.base is None else cell_of(self, pid)
    if where is None:
        return Text("{name} #{id}", name=CardName(p.d), id=pid)
    return Text(N_("{name} #{id} at ({x}, {y})"), name=CardName(p.d), id=pid, x=self.grid.x[where],
                y=self.grid.y[where])


def available(self: "MuhqState", cell: int, swimming: bool) -> bool:
    """MUHQ-BOARD-6."""
    return self.grid.available_for(cell, swimming, self.occ)


def crew_count(self: "MuhqState", pid: int) -> int:
    perms = self.perms
    count = 0
    for m in perms[pid].pile:
        if perms[m].d.type == "unit":
            count += 1
    return count


def can_crew(self: "MuhqState", unit: int, base: int) -> bool:
    """MUHQ-CREW-2: a unit may end its move on a crewable unit of the same controller with room."""
    b = self.perms.get(base)
    if b is None or b.d.type != "unit" or base == unit or b.base is not None:
        return False
    # An equipped unit may board with its equipment (its own pile stays with it, MUHQ-PILE-5); a unit that
    # carries crew itself may not (no crew inside crew).
    return (b.controller == self.perms[unit].controller and self.stats()[base].crew > crew_count(self, base)
            and not crew_count(self, unit))


def spawn_fields(self: "MuhqState", seat: int, swimming: bool) -> list[int]:
    """MUHQ-BOARD-8 (OP-21): the player's available spawn fields for this permanent."""
    fits, occ = self.grid.fits_table(swimming), self.occ  # available() for each (spawn fields are on the board)
    out = []  # (a loop: a comprehension would make a closure over fits and occ at every call)
    for c in self.grid.spawn_cells(seat):
        if fits[c] and c not in occ:
            out.append(c)
    return out
