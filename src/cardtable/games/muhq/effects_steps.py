"""The effect steps (spec 7.6), one primitive class each, and running a card's steps in order (MUHQ-ACT-5).

A step that needs a choice (a field for a token) suspends the resolution (the engine's ``Vocabulary.run``):
the steps after it wait in ``MuhqState.resolving`` with the step itself, and placing the token resumes them
(``declare_resolve.finish_token``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.effects import GO_ON, SUSPEND

from .effect_vocabulary import ASKS, VOCABULARY, MuhqPrimitive
from .schema import (AddMarkerStep, CombatStep, CreateTokenStep, DamageStep, DestroyStep, DrawStep, GainControlStep,
                     GainResourceStep, HealStep, LoseResourceStep, ModifyUntilEotStep, ReduceDurabilityStep,
                     RemoveMarkerStep, ReturnToHandStep, StealResourceStep)
from .board import destroy, draw, leave_board, steal
from .board_combat import combat, deal_damage, defender_problem
from .effects import objects, players_of
from .tokens import create_tokens
from .writes import add_marker, gain, give_control, heal, modify_until_end_of_turn, set_marker, spend, wear

if TYPE_CHECKING:  # pragma: no cover
    from .effects import Ctx
    from .state import MuhqState


def run_steps(self: "MuhqState", steps: tuple[dict[str, Any], ...], ctx: Ctx, start: int = 0) -> None:
    """Apply the steps from ``start`` on, in order (MUHQ-ACT-5)."""
    run_effect(self, list(steps[start:]), ctx, start)


def run_effect(self: "MuhqState", queue: list[dict[str, Any]], ctx: Ctx, first: int) -> None:
    """Apply the steps of ``queue`` (the first of them is step ``first`` of its effect). On a suspension the
    pending token (``create_tokens``) learns where it stands and which steps follow it."""
    n = len(queue)
    if VOCABULARY.run(self, queue, ctx) is SUSPEND:
        assert self.resolving is not None  # a step suspends only by leaving its token pending
        self.resolving = self.resolving._replace(at=first + n - len(queue) - 1, rest=tuple(queue))


@VOCABULARY.register
class CreateToken(MuhqPrimitive):
    """Spec 7.6 ``create_token`` (MUHQ-TOKEN): tokens into the hand, or onto fields; where several fields are
    available the controller chooses each (the resolution waits: ``PLACE_TOKEN``)."""

    name = "create_token"
    params = CreateTokenStep
    flags = ASKS

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        return SUSPEND if create_tokens(state, step, ctx) else GO_ON


@VOCABULARY.register
class Damage(MuhqPrimitive):
    name = "damage"
    params = DamageStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for pid in objects(state, step["to"], ctx):
            deal_damage(state, ctx.d, ctx.you, ctx.source, pid, step["amount"])
        return GO_ON


@VOCABULARY.register
class Heal(MuhqPrimitive):
    name = "heal"
    params = HealStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for pid in objects(state, step["to"], ctx):
            heal(state, pid, step["amount"])
        return GO_ON


@VOCABULARY.register
class AddMarker(MuhqPrimitive):
    name = "add_marker"
    params = AddMarkerStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        marker = step["marker"]
        for pid in objects(state, step["to"], ctx):
            if state.perms[pid].d.type == "unit":  # MUHQ-COND-3
                add_marker(state, pid, marker, step["count"])
        return GO_ON


@VOCABULARY.register
class RemoveMarker(MuhqPrimitive):
    name = "remove_marker"
    params = RemoveMarkerStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        marker, count = step["marker"], step["count"]
        for pid in objects(state, step["to"], ctx):
            have = getattr(state.perms[pid], marker)
            set_marker(state, pid, marker, 0 if count == "all" else max(0, have - count))
        return GO_ON


@VOCABULARY.register
class GainResource(MuhqPrimitive):
    name = "gain_resource"
    params = GainResourceStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for seat in players_of(state, step["player"], ctx):
            gain(state, seat, step["amount"])
        return GO_ON


@VOCABULARY.register
class LoseResource(MuhqPrimitive):
    name = "lose_resource"
    params = LoseResourceStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for seat in players_of(state, step["player"], ctx):
            spend(state, seat, min(step["amount"], state.players[seat].resource))  # MUHQ-RES-4
        return GO_ON


@VOCABULARY.register
class StealResource(MuhqPrimitive):
    name = "steal_resource"
    params = StealResourceStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for seat in players_of(state, step["from"], ctx):
            if seat != ctx.you:
                steal(state, ctx.you, seat, step["amount"])
        return GO_ON


@VOCABULARY.register
class Draw(MuhqPrimitive):
    name = "draw"
    params = DrawStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for seat in players_of(state, step["player"], ctx):
            draw(state, seat, step["count"])
        return GO_ON


@VOCABULARY.register
class Destroy(MuhqPrimitive):
    name = "destroy"
    params = DestroyStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for pid in objects(state, step["to"], ctx):
            if pid in state.perms:
                destroy(state, pid)
        return GO_ON


@VOCABULARY.register
class ReturnToHand(MuhqPrimitive):
    name = "return_to_hand"
    params = ReturnToHandStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for pid in objects(state, step["to"], ctx):
            if pid in state.perms and not state.perms[pid].d.landmark:  # MUHQ-PERM-10
                leave_board(state, pid, "hand")
        return GO_ON


@VOCABULARY.register
class GainControl(MuhqPrimitive):
    name = "gain_control"
    params = GainControlStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        seats = players_of(state, step["player"], ctx)
        if not seats:
            return GO_ON
        for pid in objects(state, step["to"], ctx):
            if not state.perms[pid].d.landmark:  # MUHQ-PERM-10; tapped state, markers and pile stay (MUHQ-CARD-5)
                give_control(state, pid, seats[0])
        return GO_ON


@VOCABULARY.register
class ModifyUntilEot(MuhqPrimitive):
    name = "modify_until_eot"
    params = ModifyUntilEotStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for pid in objects(state, step["to"], ctx):
            modify_until_end_of_turn(state, pid, dict(step["modify"]))
        return GO_ON


@VOCABULARY.register
class Combat(MuhqPrimitive):
    name = "combat"
    params = CombatStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        att, dfn = objects(state, step["attacker"], ctx), objects(state, step["defender"], ctx)
        if att and dfn and defender_problem(state, att[0], dfn[0]) is None:  # MUHQ-COMBAT-14, 12
            combat(state, att[0], dfn[0], bonus=step.get("attacker_damage_bonus", 0), action=False)
        return GO_ON


@VOCABULARY.register
class ReduceDurability(MuhqPrimitive):
    name = "reduce_durability"
    params = ReduceDurabilityStep

    def resolve(self, state: "MuhqState", step: dict[str, Any], ctx: Ctx) -> bool:
        for pid in objects(state, step["to"], ctx):
            if state.perms[pid].d.type == "equipment":
                wear(state, pid, step["amount"])
        return GO_ON
