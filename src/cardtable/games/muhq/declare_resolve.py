"""Resolving the items of muhq's stack (MUHQ-ACT-5, 6; MUHQ-STACK-1) and the tokens an effect creates
(MUHQ-TOKEN, spec 7.6 create_token)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, cast

from .effects import Ctx
from .objects import Drop, Item, PendingTokens
from .board import enter, join_pile, put_in_discard
from .board_combat import combat, defender_problem
from .board_events import event
from .declare_unit import path_problem
from .effects import condition_holds
from .effects_steps import run_effect, run_steps
from .effects_targets import target_problem
from .legal_unit import carriable, equippable, swappable
from .places import available, spawn_fields
from .tokens import create_tokens
from .writes import add_drop, gain, give_control, pick_up, set_down, swap
from .writes import relocate

if TYPE_CHECKING:  # pragma: no cover
    from .defs import Def
    from .state import MuhqState


def effect_ctx(self: "MuhqState", item: Item) -> tuple[Ctx, bool]:
    """The context of an item's effect with its targets checked again (MUHQ-ACT-6). The flag is False
    when the item had targets and none is legal any more: then it does nothing."""
    d = self.card_def[item.source] if item.source is not None else None
    source = item.source if item.source in self.perms or item.kind == "spell" else None
    ctx = Ctx(source, d, item.controller, refs=dict(item.params), item=item)
    specs = dict(item_target_specs(self, item))
    legal: dict[str, int] = {}
    for name, value in item.targets:
        ctx.targets = dict(legal)
        ctx.targets[name] = value
        if target_problem(self, specs[name], value, ctx) is None:
            legal[name] = value
    ctx.targets = legal
    return ctx, not item.targets or bool(legal)


def item_target_specs(self: "MuhqState", item: Item) -> tuple[tuple[str, dict[str, Any]], ...]:
    d: Def = self.card_def[item.card]
    if item.kind == "spell":
        return d.targets
    return tuple(d.ability(item.ability).get("targets", {}).items())


def _resolve_spell(self: "MuhqState", item: Item) -> None:
    ctx, ok = effect_ctx(self, item)
    if ok:
        run_steps(self, self.card_def[item.card].effect, ctx)
    if self.resolving is None:
        put_in_discard(self, item.card)  # MUHQ-SPELL-4, MUHQ-TOKEN-3


def _resolve_ability(self: "MuhqState", item: Item) -> None:
    ctx, ok = effect_ctx(self, item)
    ability = self.card_def[item.card].ability(item.ability)
    if ok and (item.kind != "trigger" or condition_holds(self, ability.get("if"), ctx)):
        run_steps(self, tuple(ability["effect"]), ctx)

_resolve_free_action = _resolve_full_action = _resolve_trigger = _resolve_ability


def _resolve_universal(self: "MuhqState", item: Item) -> None:
    gain(self, item.controller, 1)  # MUHQ-CARD-7


def _resolve_play_permanent(self: "MuhqState", item: Item) -> None:
    card, seat = item.card, item.controller
    d = self.card_def[card]
    if item.param("mode") == "next_unit":
        self.players[seat].pending.append(card)  # MUHQ-EQUIP-3 (b)
        return
    cell = item.param("cell")
    if not available(self, cell, d.swimming):
        # The field was taken while the play waited: the first available spawn field in reading order,
        # else the card goes to its owner's discard pile (docs/muhq.md, decisions).
        fields = spawn_fields(self, seat, d.swimming)
        if not fields:
            put_in_discard(self, card)
            return
        cell = fields[0]
    enter(self, card, seat, cell, played=True)


def _resolve_move(self: "MuhqState", item: Item) -> None:
    unit = item.source
    if unit not in self.perms:
        return
    cells = item.param("path")
    checked = self._move_checked
    if checked is None or checked[0] is not self._memo or checked[1] is not item:
        if path_problem(self, unit, cells) is not None:
            return  # MUHQ-MOVE-7: the path is blocked now; the move action stays used
    relocate(self, unit, cells[-1])
    event(self, "ends_move", unit)  # MUHQ-MOVE-8


def _resolve_attack(self: "MuhqState", item: Item) -> None:
    att, dfn = item.source, item.param("defender")
    if att in self.perms and self.perms[att].base is None and defender_problem(self, att, dfn) is None:
        combat(self, att, dfn)  # MUHQ-COMBAT-12


def _resolve_equip(self: "MuhqState", item: Item) -> None:
    unit, eq = item.source, item.param("equipment")
    if unit in self.perms and eq in equippable(self, unit):
        join_pile(self, eq, unit)
        give_control(self, eq, self.perms[unit].controller)  # MUHQ-EQUIP-5


def _resolve_swap(self: "MuhqState", item: Item) -> None:
    unit, art = item.source, item.param("artifact")
    if unit in self.perms and art in swappable(self, unit):
        swap(self, unit, art)


def _resolve_carry(self: "MuhqState", item: Item) -> None:
    unit, art = item.source, item.param("artifact")
    if unit not in self.perms or art not in self.perms or art not in carriable(self, unit):
        return
    cells = item.param("path")
    if path_problem(self, unit, cells, ignore=art) is not None:
        return
    old = pick_up(self, art)
    relocate(self, unit, cells[-1])
    drop = item.param("drop")
    sw = self.stats()[art].swimming
    if not available(self, drop, sw):
        # MUHQ-ART-2: the field was taken; the unit's controller chooses another available field within
        # range 1 of the unit (a forced choice, made like a drop), else the artifact stays where it was, or
        # as near to it as there is room.
        fields = [c for c in self.grid.cells_in_range(cells[-1], 1) if available(self, c, sw)]
        if len(fields) > 1:
            add_drop(self, Drop(self.perms[unit].controller, cells[-1], [art], "MUHQ-ART-2"))
            event(self, "ends_move", unit)
            return
        drop = fields[0] if fields else self.grid.nearest_available(old, lambda c: available(self, c, sw))
    set_down(self, art, drop, unit)
    event(self, "ends_move", unit)


def _resolve_clear_paralysis(self: "MuhqState", item: Item) -> None:
    p = self.perms.get(item.card)
    if p is not None and p.paralysis:
        p.paralysis -= 1  # MUHQ-PARA-3


# -- tokens (MUHQ-TOKEN, spec 7.6 create_token) -------------------------------------------------------
def finish_token(self: "MuhqState", cell: int) -> None:
    pending = self.resolving
    assert pending is not None  # a token waits (PLACE_TOKEN)
    item, ctx, step = pending.item, pending.ctx, pending.step
    self.resolving = None
    enter(self, self.new_card(step["card"], ctx.you), ctx.you, cell)
    if create_tokens(self, step, ctx, pending.left - 1):  # the same step waits again, at the same place
        again = cast(PendingTokens, self.resolving)
        self.resolving = again._replace(at=pending.at, rest=pending.rest)
        return
    run_effect(self, list(pending.rest), ctx, pending.at + 1)
    if self.resolving is None and item is not None and item.kind == "spell":
        put_in_discard(self, item.card)


def resolve_top(self: "MuhqState") -> None:
    item = self.stack.pop()  # MUHQ-STACK-1: last in, first out
    self.log.append(("resolve", item.controller, item.label or item.kind))
    RESOLVERS[item.kind](self, item)  # (what it changed that a kept fact reads, the writes announced)


#: How each kind of stack item resolves (MUHQ-ACT-5, 6; MUHQ-STACK-1).
RESOLVERS: dict[str, Callable[["MuhqState", Any], None]] = {
    "ability": _resolve_ability, "attack": _resolve_attack, "carry": _resolve_carry,
    "clear_paralysis": _resolve_clear_paralysis, "equip": _resolve_equip,
    "free_action": _resolve_ability, "full_action": _resolve_ability,
    "move": _resolve_move, "play_permanent": _resolve_play_permanent,
    "spell": _resolve_spell, "swap": _resolve_swap, "trigger": _resolve_ability,
    "universal": _resolve_universal,
}
