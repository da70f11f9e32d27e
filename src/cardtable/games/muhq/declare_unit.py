"""The activated unit's actions in muhq: move, attack, full action, equip, swap, carry and clearing
paralysis, each checked and declared onto the stack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .declare_checks import bad
from .effects import Ctx
from .objects import NEUTRAL, Item
from .stats import profile
from .words import N_, CardName, Text, _
from .board_combat import defender_problem
from .declare_checks import cell_at, path_cells, push
from . import declare_phase as _declare_phase
from .declare_phase import not_crew, not_paralyzed, unit_for
from .effects_targets import check_targets
from .legal_unit import carriable, equippable, swappable, unit_action_listed
from .places import can_crew, cell_of, name_of

if TYPE_CHECKING:  # pragma: no cover
    from .actions import Attack, Carry, ClearParalysis, Equip, FullAction, Move, Swap
    from .objects import Perm
    from .state import MuhqState


def _do_move(self: "MuhqState", a: Move) -> None:
    p = unit_for(self, a.unit)
    _declare_phase.spend(self, p, "move")
    not_paralyzed(self, p)
    cells = path_cells(self, a.path)
    # A move in the unit's list of actions (kept for exactly this position) follows one of the cheapest legal
    # paths, which path_problem accepts; any other path is checked in full.
    problem = None if unit_action_listed(self, a) else path_problem(self, a.unit, cells)
    if problem:
        raise bad(*problem)
    declare_move(self, p, cells)
    # The path is legal on this board: while the board stays as it is (the same board memo, see changed()),
    # resolving the move need not check it again (_resolve_move).
    self._move_checked = (self._memo, self.stack[-1])


def declare_move(self: "MuhqState", p: Perm, cells: tuple[int, ...]) -> None:
    p.move_used = True
    xy = self.grid.xy(cells[-1])
    push(self, Item("move", p.controller, p.id, p.d.id, params=(("path", cells),),
                   label=Text(N_("{card} moves to ({x}, {y})"), card=CardName(p.d), x=xy[0], y=xy[1])))


def path_problem(self: "MuhqState", unit: int, cells: tuple[int, ...], ignore: int | None = None
                 ) -> tuple[str, str] | None:
    stats = self.stats()
    st = stats[unit]
    start = cell_of(self, unit)
    if ignore is None:
        occupied = self.occ
    else:
        occupied = dict(self.occ)
        for c, o in self.occ.items():
            if o == ignore:
                del occupied[c]
    # Crewing needs a unit with crew capacity (MUHQ-CREW-2): can_crew is asked only for those. (Loops, not
    # comprehensions: no closure over these locals for every path checked.)
    crewable = []
    for c, o in occupied.items():
        if o != unit and stats[o].crew > 0 and can_crew(self, unit, o) and c != start:
            crewable.append(c)
    # (a unit whose path is checked stands on the board: it has a field)
    problem = self.grid.check_path(start, cells, st.movement, st.swimming, occupied, crewable)  # type: ignore[arg-type]
    if problem and problem[0] == "MUHQ-MOVE-4" and cells and cells[-1] in occupied and \
            self.perms[occupied[cells[-1]]].d.type == "unit" and self.perms[occupied[cells[-1]]].d.crew:
        return "MUHQ-CREW-2", _("{problem}; a unit may end on a crewable unit of its controller with room",
                                problem=problem[1])
    return problem


def _do_attack(self: "MuhqState", a: Attack) -> None:
    p = unit_for(self, a.unit)
    _declare_phase.spend(self, p, "attack")
    not_paralyzed(self, p)
    if not profile(self, a.unit):
        raise bad("MUHQ-COMBAT-13", _("{name} has no attack", name=name_of(self, a.unit)))
    if p.base is not None:
        raise bad("MUHQ-PILE-6", _("{name} is crew in a pile and cannot attack itself", name=name_of(self, a.unit)))
    problem = defender_problem(self, a.unit, a.defender)
    if problem:
        raise bad(*problem)
    declare_attack(self, p, a.defender)


def declare_attack(self: "MuhqState", p: Perm, defender: int) -> None:
    p.attack_used = True
    push(self, Item("attack", p.controller, p.id, p.d.id, params=(("defender", defender),),
                   label=Text(N_("{card} attacks {defender}"), card=CardName(p.d), defender=name_of(self, defender))))


def _do_full_action(self: "MuhqState", a: FullAction) -> None:
    p = unit_for(self, a.unit)
    if p.move_used or p.attack_used:
        raise bad("MUHQ-UNIT-6", _("a full action needs both the move and the attack action unused"))
    not_paralyzed(self, p)
    not_crew(self, p)
    ability = dict(p.d.full_actions).get(a.ability)
    if ability is None or p.base is not None:
        raise bad("MUHQ-ACT-1", _("{card} has no full action number {number}", card=p.d.shown_name,
                                  number=a.ability))
    specs = tuple(ability.get("targets", {}).items())
    problem = check_targets(self, specs, a.targets, Ctx(a.unit, p.d, p.controller))
    if problem:
        raise bad(*problem)
    declare_full_action(self, p, a.ability, a.targets)


def declare_full_action(self: "MuhqState", p: Perm, index: int, targets: tuple[int, ...]) -> None:
    p.move_used = p.attack_used = True
    names = tuple(p.d.ability(index).get("targets", {}))
    push(self, Item("full_action", p.controller, p.id, p.d.id, index, tuple(zip(names, targets)),
                   label=Text(N_("{card}: full action"), card=CardName(p.d))))


def _do_equip(self: "MuhqState", a: Equip) -> None:
    p = unit_for(self, a.unit)
    _declare_phase.spend(self, p, a.spend, "MUHQ-UNIT-7")
    not_paralyzed(self, p)
    not_crew(self, p)
    if p.base is not None or a.equipment not in equippable(self, a.unit):
        raise bad("MUHQ-EQUIP-5", _("#{id} is not an unequipped equipment within range 1 that this unit may "
                                    "equip (own, neutral, or an enemy's that is not solid)", id=a.equipment))
    p.use(a.spend)
    push(self, Item("equip", p.controller, a.unit, p.d.id, params=(("equipment", a.equipment),),
                   label=Text(N_("{card} equips {equipment}"), card=CardName(p.d),
                              equipment=name_of(self, a.equipment))))


def _do_swap(self: "MuhqState", a: Swap) -> None:
    p = unit_for(self, a.unit)
    _declare_phase.spend(self, p, a.spend, "MUHQ-UNIT-7")
    not_paralyzed(self, p)
    not_crew(self, p)
    art = self.perms.get(a.artifact)
    if art is not None and art.d.landmark:
        raise bad("MUHQ-ART-4", _("{name} is a landmark (MUHQ-PERM-10)", name=name_of(self, a.artifact)))
    if art is not None and art.d.solid is not None and art.controller not in (p.controller, NEUTRAL):
        raise bad("MUHQ-SOLID-1", _("{name} is an enemy's solid artifact", name=name_of(self, a.artifact)))
    if p.base is not None or a.artifact not in swappable(self, a.unit):
        raise bad("MUHQ-ART-3", _("#{id} is not an adjacent artifact whose field both may take", id=a.artifact))
    p.use(a.spend)
    push(self, Item("swap", p.controller, a.unit, p.d.id, params=(("artifact", a.artifact),),
                   label=Text(N_("{card} swaps with {artifact}"), card=CardName(p.d),
                              artifact=name_of(self, a.artifact))))


def _do_carry(self: "MuhqState", a: Carry) -> None:
    p = unit_for(self, a.unit)
    if p.move_used or p.attack_used:
        raise bad("MUHQ-UNIT-6", _("carrying is a full action: it needs both the move and the attack action"))
    not_paralyzed(self, p)
    not_crew(self, p)
    art = self.perms.get(a.artifact)
    if art is not None and art.d.landmark:
        raise bad("MUHQ-ART-4", _("{name} is a landmark (MUHQ-PERM-10)", name=name_of(self, a.artifact)))
    if art is not None and art.d.solid is not None and art.controller not in (p.controller, NEUTRAL):
        raise bad("MUHQ-SOLID-1", _("{name} is an enemy's solid artifact", name=name_of(self, a.artifact)))
    if p.base is not None or a.artifact not in carriable(self, a.unit):
        raise bad("MUHQ-ART-2", _("#{id} is not an artifact adjacent to {unit}", id=a.artifact,
                                  unit=name_of(self, a.unit)))
    cells = path_cells(self, a.path)
    drop = cell_at(self, a.drop, drop=True)
    # MUHQ-ART-2: any legal move (MUHQ-MOVE) with the artifact's field empty, not into a pile; the drop field
    # is available after the move (the unit's start field and the artifact's old field are empty then).
    problem = path_problem(self, a.unit, cells, ignore=a.artifact)
    if problem:
        raise bad(*problem)
    end = cells[-1]
    if self.occ.get(end, a.artifact) != a.artifact:
        raise bad("MUHQ-ART-2", _("a unit that carries an artifact cannot end its move in a pile"))
    swims = self.stats()[a.artifact].swimming
    if drop == end or self.grid.distance(end, drop) > 1 or not self.grid.fits(drop, swims) \
            or self.occ.get(drop, a.artifact) not in (a.artifact, a.unit):
        raise bad("MUHQ-ART-2", _("{field} is not an available field within range 1 of the path's end",
                                  field=list(a.drop)))
    p.move_used = p.attack_used = True
    push(self, Item("carry", p.controller, a.unit, p.d.id, params=(("artifact", a.artifact), ("path", cells),
                                                                  ("drop", drop)),
                   label=Text(N_("{card} carries {artifact}"), card=CardName(p.d),
                              artifact=name_of(self, a.artifact))))


def _do_clear_paralysis(self: "MuhqState", a: ClearParalysis) -> None:
    p = unit_for(self, a.unit)
    if not p.paralysis:
        raise bad("MUHQ-PARA-3", _("{name} is not paralyzed", name=name_of(self, a.unit)))
    _declare_phase.spend(self, p, a.spend, "MUHQ-PARA-3")
    declare_clear_paralysis(self, p, a.spend)


def declare_clear_paralysis(self: "MuhqState", p: Perm, spend: str) -> None:
    p.use(spend)
    push(self, Item("clear_paralysis", p.controller, p.id, p.d.id, label=Text(N_("{card} clears paralysis"),
                                                                         card=CardName(p.d))))
