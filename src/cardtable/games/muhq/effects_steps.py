"""The effect steps (spec 7.6): running a card's steps in order and what each step does; functions bound into
:class:`~.effects.EffectsMixin`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from .effects import Ctx
    from .state import MuhqState


def run_steps(self: "MuhqState", steps: tuple[dict[str, Any], ...], ctx: Ctx, start: int = 0) -> None:
    """Apply the steps in order (MUHQ-ACT-5). A step that needs a choice (placing a token) suspends the
    resolution; :meth:`resume` continues with the next step."""
    for i in range(start, len(steps)):
        step = steps[i]
        op = step["do"]
        if op == "create_token":
            if self.create_tokens(step, ctx, i, steps):
                return  # suspended: a field must be chosen
            continue
        getattr(self, "_op_" + op)(step, ctx)
    self.touched()


def _op_damage(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for pid in self.objects(step["to"], ctx):
        self.deal_damage(ctx.d, ctx.you, ctx.source, pid, step["amount"])


def _op_heal(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for pid in self.objects(step["to"], ctx):
        p = self.perms[pid]
        p.damage = max(0, p.damage - step["amount"])


def _op_add_marker(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    marker = step["marker"]
    for pid in self.objects(step["to"], ctx):
        p = self.perms[pid]
        if p.d.type == "unit":  # MUHQ-COND-3
            setattr(p, marker, getattr(p, marker) + step["count"])
            self.mark_raised(pid)  # (poison is one of them)


def _op_remove_marker(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    marker, count = step["marker"], step["count"]
    for pid in self.objects(step["to"], ctx):
        p = self.perms[pid]
        have = getattr(p, marker)
        setattr(p, marker, 0 if count == "all" else max(0, have - count))


def _op_gain_resource(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for seat in self.players_of(step["player"], ctx):
        self.players[seat].resource += step["amount"]


def _op_lose_resource(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for seat in self.players_of(step["player"], ctx):
        pl = self.players[seat]
        pl.resource = max(0, pl.resource - step["amount"])  # MUHQ-RES-4


def _op_steal_resource(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for seat in self.players_of(step["from"], ctx):
        if seat != ctx.you:
            self.steal(ctx.you, seat, step["amount"])


def _op_draw(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for seat in self.players_of(step["player"], ctx):
        self.draw(seat, step["count"])


def _op_destroy(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for pid in self.objects(step["to"], ctx):
        if pid in self.perms:
            self.destroy(pid)


def _op_return_to_hand(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for pid in self.objects(step["to"], ctx):
        if pid in self.perms and not self.perms[pid].d.landmark:  # MUHQ-PERM-10
            self.leave_board(pid, "hand")


def _op_gain_control(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    seats = self.players_of(step["player"], ctx)
    if not seats:
        return
    for pid in self.objects(step["to"], ctx):
        p = self.perms[pid]
        if not p.d.landmark:  # MUHQ-PERM-10; tapped state, markers and pile stay (MUHQ-CARD-5)
            p.controller = seats[0]
            self.changed()


def _op_modify_until_eot(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for pid in self.objects(step["to"], ctx):
        p = self.perms[pid]
        p.eot = p.eot + (dict(step["modify"]),)
        self.changed()


def _op_combat(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    att, dfn = self.objects(step["attacker"], ctx), self.objects(step["defender"], ctx)
    if att and dfn and self.defender_problem(att[0], dfn[0]) is None:  # MUHQ-COMBAT-14, 12
        self.combat(att[0], dfn[0], bonus=step.get("attacker_damage_bonus", 0), action=False)


def _op_reduce_durability(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> None:
    for pid in self.objects(step["to"], ctx):
        p = self.perms[pid]
        if p.d.type == "equipment":
            p.worn += step["amount"]
            self.mark_raised(pid)
