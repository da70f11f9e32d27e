"""Targets (spec 7.5): why a value is not a legal target, the candidates
and every legal assignment of a card's targets."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Iterator

from .objects import LazyName
from .words import N_, _, _n
from .board_combat import defender_problem
from .effects import cell_of_ref, kind_matches, perm_matches, protected_from
from .places import board_order, field_of

#: At most this many target assignments are listed for one card or ability (target_choices).
TARGET_LIMIT = 400

if TYPE_CHECKING:  # pragma: no cover
    from .effects import Ctx
    from .state import MuhqState

    #: A card's or ability's targets in order: (name, target spec) (``Def.targets``).
    TargetSpecs = tuple[tuple[str, dict[str, Any]], ...]


#: Why a permanent is not a target of a kind (MUHQ-ACT-3), by the kind.
NOT_OF_KIND = {"unit": N_("{name} is not a unit"), "artifact": N_("{name} is not an artifact"),
               "equipment": N_("{name} is not an equipment"), "permanent": N_("{name} is not a permanent")}
#: Why a permanent is not within a target's range, by the range's origin (``target``: an earlier target).
NOT_WITHIN = {"self": N_("{name} is not within range {range} of this card"),
              "unit_you_control": N_("{name} is not within range {range} of a unit you control"),
              "target": N_("{name} is not within range {range} of {target}")}


def target_problem(self: "MuhqState", spec: dict[str, Any], value: Any, ctx: Ctx) -> tuple[str, str] | None:
    """Why ``value`` is not a legal choice for a target spec now, or None (MUHQ-ACT-3, MUHQ-ACT-6)."""
    kind = spec["kind"]
    if kind == "player":
        if not isinstance(value, int) or value not in self.alive_seats():
            return "MUHQ-ACT-3", _("{value} is not a player in the game", value=value)
        return None
    p = self.perms.get(value) if isinstance(value, int) else None
    if p is None:
        return "MUHQ-ACT-6", _("#{id} is not a permanent on the board; only permanents on the board are targets",
                               id=value)
    name = LazyName(self, value)
    if not kind_matches(self, value, kind):
        return "MUHQ-ACT-3", _(NOT_OF_KIND[kind], name=name)
    if p.base is not None and not spec.get("in_pile_ok"):
        return "MUHQ-ACT-3", _("{name} is in a pile; this target must stand on a field (spec 7.5)", name=name)
    if self.stats()[value].veiled:
        return "MUHQ-VEIL-1", _("{name} is veiled and cannot be chosen as a target", name=name)
    if protected_from(self, value, ctx.d, ctx.you):
        return "MUHQ-PROT-2", _("{name} has protection from {card}", name=name, card=ctx.d.shown_name)
    if not perm_matches(self, value, spec.get("filter"), ctx.you, ctx):
        return "MUHQ-ACT-3", _("{name} does not match the card's filter {filter}", name=name,
                               filter=spec.get("filter"))
    within = spec.get("within")
    if within:
        origins = cell_of_ref(self, within["of"], ctx)
        cell = field_of(self, value)  # (a permanent on the board, checked above)
        if not any(self.grid.distance(o, cell) <= within["range"] for o in origins):
            message = NOT_WITHIN.get(within["of"], NOT_WITHIN["target"])
            return "MUHQ-ACT-3", _(message, name=name, range=within["range"], target=within["of"])
    attacker = spec.get("legal_defender_for")
    if attacker:
        att = ctx.targets.get(attacker)
        if att is None or att not in self.perms:
            return "MUHQ-ACT-6", _("the attacker {target} is gone", target=attacker)
        problem = defender_problem(self, att, value)
        if problem:
            return problem
    return None


def target_candidates(self: "MuhqState", spec: dict[str, Any], ctx: Ctx) -> list[int]:
    if spec["kind"] == "player":
        return list(self.alive_seats())
    # The permanents for which target_problem finds nothing, with its checks in its order; what does not
    # depend on the candidate (the origins of "within", the named attacker) is worked out once, because
    # the list is made before ctx changes. Keep this in step with target_problem.
    perms = self.perms
    st = self.stats()
    kind = spec["kind"]
    pile_ok = spec.get("in_pile_ok")
    filt = spec.get("filter")
    within = spec.get("within")
    origins = cell_of_ref(self, within["of"], ctx) if within else ()
    attacker = spec.get("legal_defender_for")
    att = ctx.targets.get(attacker) if attacker else None
    dist_from = self.grid.dist_from
    you, source_d = ctx.you, ctx.d
    out = []
    for pid in board_order(self):
        p = perms[pid]
        t = p.d.type
        if not (kind == "permanent" or t == kind or (kind == "artifact" and t == "equipment")):  # MUHQ-ACT-3
            continue
        if p.base is not None and not pile_ok:  # spec 7.5: a target stands on a field
            continue
        if st[pid].veiled:  # MUHQ-VEIL-1
            continue
        if st[pid].protection_from and protected_from(self, pid, source_d, you):  # MUHQ-PROT-2
            continue
        if filt and not perm_matches(self, pid, filt, you, ctx):  # MUHQ-ACT-3
            continue
        if within:
            cell = field_of(self, pid)  # (pid is on the board)
            reach = within["range"]
            for o in origins:
                if dist_from(o)[cell] <= reach:
                    break
            else:
                continue
        if attacker and (att is None or att not in perms or defender_problem(self, att, pid) is not None):
            continue  # MUHQ-ACT-6, MUHQ-COMBAT-3, 4
        out.append(pid)
    return out


def target_choices(self: "MuhqState", specs: TargetSpecs, ctx: Ctx,
                   limit: int = TARGET_LIMIT) -> Iterator[tuple[int, ...]]:
    """Every legal assignment of the card's targets, in order (a later target may depend on an earlier)."""
    if not specs:
        yield ()
        return

    count = 0
    for choice in _target_assignments(self, specs, ctx, 0, ()):
        yield choice
        count += 1
        if count >= limit:
            return


def _target_assignments(self: "MuhqState", specs: TargetSpecs, ctx: Ctx, i: int,
                        chosen: tuple[int, ...]) -> Iterator[tuple[int, ...]]:
    """``target_choices`` from target ``i`` on (a method, not a closure that calls itself: such a closure is
    a reference cycle, and muhq's random play spent a tenth of its time collecting them)."""
    if i == len(specs):
        yield chosen
        return
    name, spec = specs[i]
    for value in target_candidates(self, spec, ctx):
        ctx.targets[name] = value
        yield from _target_assignments(self, specs, ctx, i + 1, chosen + (value,))
    ctx.targets.pop(name, None)


def check_targets(self: "MuhqState", specs: TargetSpecs, values: tuple[Any, ...], ctx: Ctx) -> tuple[str, str] | None:
    if len(values) != len(specs):
        names = ", ".join(n for n, _spec in specs) or _("none")
        return "MUHQ-ACT-3", _n("this needs {n} target ({names}), not {given}",
                                "this needs {n} targets ({names}), not {given}", len(specs), names=names,
                                given=len(values))
    for (name, spec), value in zip(specs, values):
        ctx.targets[name] = value
        problem = target_problem(self, spec, value, ctx)
        if problem:
            return problem[0], _("target {target}: {problem}", target=name, problem=problem[1])
    return None
