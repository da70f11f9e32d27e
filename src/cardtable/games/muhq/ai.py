"""The AI behaviours "shy" and "aggressive" that run a panicked or raging unit's activation
(MUHQ-AI-1..7, MUHQ-PANIC-2, MUHQ-RAGE-2, MUHQ-COND-5; OP-32, OP-33).

``self.ai`` is ``(behaviour, stage)``; each call of :meth:`ai_step` declares at most one action (it goes on
the stack and players may respond, MUHQ-AI-1) and records where the run continues.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .effects import Ctx
from .objects import NEUTRAL
from .stats import attack_range, profile
from .board_combat import defender_problem
from .declare_unit import declare_attack, declare_clear_paralysis, declare_full_action, declare_move
from .effects_targets import target_choices
from .flow_phases import end_activation
from .places import board_order, cell_of, field_of

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable
    from typing import TypeVar

    from .grid import Path
    from .state import MuhqState

    _T = TypeVar("_T")
    #: A field the unit may end on as the AI weighs it: (field, cost, path).
    _Option = tuple[int, int, Path]
    #: A defender as the AI weighs it: (remaining life, distance, field).
    _DefenderKey = tuple[int, int, int | None]


def enemy_units(self: "MuhqState", unit: int) -> list[int]:
    """MUHQ-AI-2: units of other players standing on fields."""
    me = self.perms[unit].controller
    return [pid for pid in board_order(self) if (p := self.perms[pid]).d.type == "unit" and p.base is None
            and p.controller not in (me, NEUTRAL)]


def tie_pick(self: "MuhqState", options: list[_T], key: Callable[[_T], Any],
             step_key: Callable[[_T], Any] | None = None) -> _T:
    """MUHQ-AI-4: the best by ``key`` (the step's own criteria, then the reading-order tie-breaks). With
    ai_tiebreak=random the tie-breaks are not used: the seeded generator picks uniformly among the options
    that tie on ``step_key`` (the step's own criteria; None: the step has none, every option ties)."""
    if self.opts["ai_tiebreak"] == "random":
        crit = step_key or (lambda o: 0)
        best = min(crit(o) for o in options)
        tied = [o for o in options if crit(o) == best]
        return tied[self.rng.below(len(tied))] if len(tied) > 1 else tied[0]
    best = min(key(o) for o in options)
    return next(o for o in options if key(o) == best)


def defender_key(self: "MuhqState", unit: int) -> Callable[[int], _DefenderKey]:
    st = self.stats()
    here = field_of(self, unit)  # the unit stands on a field

    def key(d: int) -> _DefenderKey:  # lowest remaining life, then distance, then reading order of the field
        return (st[d].life - self.perms[d].damage,
                self.grid.distance(here, field_of(self, d)),  # so does each defender
                cell_of(self, d))
    return key


def ai_defender(self: "MuhqState", unit: int) -> int | None:
    p = self.perms[unit]
    if p.attack_used or p.base is not None or not profile(self, unit):
        return None
    legal = [d for d in enemy_units(self, unit) if defender_problem(self, unit, d) is None]
    return tie_pick(self, legal, defender_key(self, unit)) if legal else None


def ai_moves(self: "MuhqState", unit: int) -> dict[int, tuple[int, Path]]:
    """Reachable fields without crewing (MUHQ-AI-2) -> (cost, path)."""
    p = self.perms[unit]
    st = self.stats()[unit]
    return self.grid.reachable(field_of(self, unit),  # the unit stands on a field
                               st.movement, st.swimming, self.occ) if not p.move_used else {}


def ai_step(self: "MuhqState") -> bool:
    unit: int = self.activation  # type: ignore[assignment]  # an AI run drives the activated unit
    p = self.perms[unit]
    if p.controller != self.active:  # MUHQ-APHASE-4: the unit changed controller during the run; it ends
        return end_ai_run(self)
    behaviour, stage = self.ai  # type: ignore[misc]  # set while a run goes on
    if stage <= 0:  # MUHQ-AI-3: a unit paralyzed when the run starts only clears paralysis, then the run ends
        if p.paralysis or stage < 0:  # stage -1: clearing has begun; it never goes on to the behaviour
            for spend in ("move", "attack"):
                if not getattr(p, spend + "_used") and p.paralysis:
                    self.ai = (behaviour, -1)
                    declare_clear_paralysis(self, p, spend)
                    return True
            return end_ai_run(self)
        self.ai = (behaviour, 1)
        return True
    if p.paralysis:  # paralyzed by a response during the run: no further step is legal (MUHQ-AI-1, PARA-2)
        return end_ai_run(self)
    if behaviour == "shy":
        return shy(self, unit, stage)
    return aggressive(self, unit, stage)


def shy(self: "MuhqState", unit: int, stage: int) -> bool:
    """MUHQ-AI-5."""
    p = self.perms[unit]
    enemies = enemy_units(self, unit)
    here = field_of(self, unit)  # the unit stands on a field
    dist = self.grid.distance
    if stage == 1:
        self.ai = ("shy", 2)
        threatened = any(dist(field_of(self, e), here)  # enemy units stand on fields
                         <= attack_range(profile(self, e)) for e in enemies)
        if not threatened and not p.move_used and not p.attack_used and p.base is None:
            for index, ability in p.d.full_actions:  # S1: its first full action that can be declared
                ctx = Ctx(unit, p.d, p.controller)
                specs = tuple(ability.get("targets", {}).items())
                choices = list(target_choices(self, specs, ctx))
                if choices:
                    choice = choices[0] if len(choices) == 1 else ai_targets(self, unit, choices)
                    declare_full_action(self, p, index, choice)
                    self.ai = ("shy", 4)
                    return True
        return True
    if stage == 2:
        self.ai = ("shy", 3)
        if not p.move_used and enemies:  # S2: the field farthest from the enemies
            options = [(here, 0, ())] + [(c, cost, path) for c, (cost, path) in ai_moves(self, unit).items()]
            ecells: list[int] = [field_of(self, e) for e in enemies]  # enemy units stand on fields

            def key(o: _Option) -> tuple[int, int, int, int]:
                ds = [dist(o[0], e) for e in ecells]
                return (-min(ds), -sum(ds), o[1], o[0])
            best = tie_pick(self, options, key, lambda o: key(o)[:2])
            if best[0] != here:
                declare_move(self, p, best[2])
        return True
    if stage == 3:
        self.ai = ("shy", 4)
        d = ai_defender(self, unit)  # S3
        if d is not None:
            declare_attack(self, p, d)
        return True
    return end_ai_run(self)


def aggressive(self: "MuhqState", unit: int, stage: int) -> bool:
    """MUHQ-AI-6."""
    p = self.perms[unit]
    if stage == 1:  # A1
        self.ai = ("aggressive", 2)
        d = ai_defender(self, unit)
        if d is not None:
            declare_attack(self, p, d)
        return True
    if stage == 2:  # A2: toward the nearest enemy unit
        self.ai = ("aggressive", 3)
        enemies = enemy_units(self, unit)
        if not p.move_used and enemies:
            here = field_of(self, unit)  # the unit stands on a field
            dist = self.grid.distance
            key = defender_key(self, unit)
            # (enemy units stand on fields)
            target = tie_pick(self, enemies,
                                   lambda e: (dist(here, field_of(self, e)), key(e)),
                                   lambda e: dist(here, field_of(self, e)))
            tc = field_of(self, target)  # so does the target
            options = [(here, 0, ())] + [(c, cost, path) for c, (cost, path) in ai_moves(self, unit).items()]
            best = tie_pick(self, options, lambda o: (dist(o[0], tc), o[1], o[0]), lambda o: dist(o[0], tc))
            if best[0] != here:
                declare_move(self, p, best[2])
                if not p.attack_used:
                    self.ai = ("aggressive", 1)  # after the move, back to A1
        return True
    return end_ai_run(self)


def ai_targets(self: "MuhqState", unit: int, choices: list[tuple[int, ...]]) -> tuple[int, ...]:
    key = defender_key(self, unit)
    return tie_pick(self, choices, lambda ch: tuple(key(t) if t in self.perms else (0, 0, t) for t in ch))


def end_ai_run(self: "MuhqState") -> bool:
    """The run ends: one marker of the behaviour's kind is removed, the unit is tapped (MUHQ-PANIC-2,
    MUHQ-RAGE-2, MUHQ-APHASE-4)."""
    behaviour, _ = self.ai  # type: ignore[misc]  # set while a run goes on
    p = self.perms.get(self.activation)  # type: ignore[arg-type]  # (None finds nothing)
    if p is not None:
        if behaviour == "shy":
            p.panic = max(0, p.panic - 1)
        else:
            p.rage = max(0, p.rage - 1)
    end_activation(self)
    return True
