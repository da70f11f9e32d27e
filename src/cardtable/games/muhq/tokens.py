"""Tokens a step creates (MUHQ-TOKEN, spec 7.6 create_token): made on the field the card names, or, when more
than one field fits, the step waits for its controller to choose one (``finish_token``, in ``declare_resolve``,
goes on with the effect)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .board import enter
from .effects import cell_of_ref
from .places import available, spawn_fields
from .effects import Ctx
from .objects import PendingTokens

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def create_tokens(self: "MuhqState", step: dict[str, Any], ctx: Ctx, count: int | None = None) -> bool:
    """Create ``count`` tokens; on the board the controller chooses each field. True if suspended (the token
    waits in ``resolving``; ``run_effect`` fills in where it stands)."""
    left = step["count"] if count is None else count
    while left > 0:
        if step["zone"] == "hand":
            card = self.new_card(step["card"], ctx.you)
            self.players[ctx.you].hand.append(card)  # MUHQ-TOKEN-3 (OP-39)
            left -= 1
            continue
        fields = token_fields_for(self, step, ctx)
        if not fields:
            return False  # no available field: no token (spec 7.6)
        if len(fields) == 1:
            enter(self, self.new_card(step["card"], ctx.you), ctx.you, fields[0])
            left -= 1
            continue
        self.resolving = PendingTokens(ctx.item, -1, left, ctx, (), step)
        return True
    return False


def token_fields_for(self: "MuhqState", step: dict[str, Any], ctx: Ctx) -> list[int]:
    sw = self.game.defs[step["card"]].swimming
    where = step.get("field", "own_spawn")
    if where == "own_spawn":
        return spawn_fields(self, ctx.you, sw)
    origins = cell_of_ref(self, where["adjacent_to"], ctx)
    return sorted({c for o in origins for c, _ in self.grid.neighbours[o] if available(self, c, sw)})


def token_fields(self: "MuhqState") -> list[int]:
    pending = self.resolving
    assert pending is not None  # asked only while a token waits (PLACE_TOKEN)
    return token_fields_for(self, pending.step, pending.ctx)
