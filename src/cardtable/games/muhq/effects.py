"""The words of muhq's effect language every rule reads (spec 7.5-7.7): who does an effect (:class:`Ctx`), filters,
references, groups, conditions and protection (MUHQ-PROT-2/3). Targets, costs and the steps of an effect are in
``effects_targets``, ``effects_costs`` and ``effects_steps``, above this one. A card's behaviour is its data;
nothing here names a card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .objects import NEUTRAL
from .places import board_order, field_of

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


class Ctx:
    """Who does an effect: its source (a permanent, a spell card, or None), the source's definition, the
    controller ("you", MUHQ-GEN-6), the chosen targets by name and the event references of a trigger."""

    __slots__ = ("source", "d", "you", "targets", "refs", "item")

    def __init__(self, source: int | None, d: Any, you: int, targets: dict[str, Any] | None = None,
                 refs: dict[str, Any] | None = None, item: Any = None) -> None:
        self.source, self.d, self.you = source, d, you
        self.targets = targets if targets is not None else {}
        self.refs = refs if refs is not None else {}
        self.item = item


# -- filters (spec 7.5) ---------------------------------------------------------------------------------
def relation(self: "MuhqState", controller: int, you: int) -> str:
    if controller == NEUTRAL:
        return "neutral"
    return "you" if controller == you else "enemy"


def def_matches(self: "MuhqState", d: Any, controller: int, filt: dict[str, Any], you: int, life: int | None = None,
                pid: int | None = None, ctx: Ctx | None = None) -> bool:
    """Does a card (its definition and controller) match a filter, seen from player ``you``?"""
    rel = filt.get("controller")
    if rel is not None and rel != "any" and relation(self, controller, you) != rel:
        return False
    kind = filt.get("type")
    if kind is not None:
        kinds = kind if isinstance(kind, list) else [kind]
        if d.type not in kinds and not ("artifact" in kinds and d.type == "equipment"):
            return False
    if "name" in filt and d.name != filt["name"]:
        return False
    if "buy_gt" in filt and (d.buy is None or not d.buy > filt["buy_gt"]):
        return False
    if "buy_lt" in filt and (d.buy is None or not d.buy < filt["buy_lt"]):
        return False
    if "life_le" in filt and (d.type != "unit" or (d.life if life is None else life) > filt["life_le"]):
        return False
    if "landmark" in filt and d.landmark != filt["landmark"]:
        return False
    if "other_than" in filt and ctx is not None and pid is not None:
        if pid in objects(self, filt["other_than"], ctx):
            return False
    return True


def perm_matches(self: "MuhqState", pid: int, filt: dict[str, Any] | None, you: int, ctx: Ctx | None = None,
                 use_stats: bool = True) -> bool:
    if not filt:
        return True
    p = self.perms[pid]
    life = self.stats()[pid].life if use_stats and "life_le" in filt else None
    return def_matches(self, p.d, p.controller, filt, you, life, pid, ctx)


def kind_matches(self: "MuhqState", pid: int, kind: str) -> bool:
    t = self.perms[pid].d.type
    return kind == "permanent" or t == kind or (kind == "artifact" and t == "equipment")


# -- references and groups --------------------------------------------------------------------------------
def objects(self: "MuhqState", ref: Any, ctx: Ctx) -> list[int]:
    """The permanents a reference, target name or group names now (only those on the board)."""
    perms = self.perms
    if isinstance(ref, dict):
        if "each" in ref:
            return group(self, ref, ctx)
        return []
    if ref == "self":
        found = ctx.source
    elif ref == "equipped_unit":
        src = perms.get(ctx.source) if ctx.source is not None else None
        found = src.base if src is not None and src.d.type == "equipment" else None
    elif ref in ("event.unit", "event.damaged", "event.defender"):
        found = ctx.refs.get(ref)
    else:  # a target name
        found = ctx.targets.get(ref)
    return [found] if found is not None and found in perms else []


def cell_of_ref(self: "MuhqState", ref: Any, ctx: Ctx) -> list[int]:
    if ref == "unit_you_control":
        return [field_of(self, pid) for pid, p in self.perms.items()  # all on the board
                if p.controller == ctx.you and p.d.type == "unit"]
    return [field_of(self, pid) for pid in objects(self, ref, ctx)]  # objects: on the board


def group(self: "MuhqState", g: dict[str, Any], ctx: Ctx, use_stats: bool = True) -> list[int]:
    """``{each: kind, filter, within}``: every matching permanent on the board, in reading order of their
    fields (pile members after their base). Groups do not target: veiled does not protect (MUHQ-VEIL-2)."""
    within: Any  # (the group's "within" dict, or None)
    kind, filt, within = g["each"], g.get("filter"), g.get("within")
    origins = cell_of_ref(self, within["of"], ctx) if within else None
    if within and not origins:
        return []
    grid = self.grid
    out = []
    for pid in board_order(self):
        if not kind_matches(self, pid, kind):
            continue
        if origins is not None:
            cell = field_of(self, pid)  # (pid is on the board)
            if not any(grid.distance(o, cell) <= within["range"] for o in origins):
                continue
        if perm_matches(self, pid, filt, ctx.you, ctx, use_stats):
            out.append(pid)
    return out


def players_of(self: "MuhqState", ref: Any, ctx: Ctx) -> list[int]:
    """The seats a player reference names: you, controller_of: <ref>, a player target, each player."""
    if ref == "you":
        return [ctx.you]
    if isinstance(ref, dict):
        if "controller_of" in ref:
            inner = ref["controller_of"]
            if inner in ("event.unit", "event.damaged", "event.defender") and inner + ".controller" in ctx.refs:
                c = ctx.refs[inner + ".controller"]
                return [c] if c != NEUTRAL else []
            return [self.perms[pid].controller for pid in objects(self, inner, ctx)
                    if self.perms[pid].controller != NEUTRAL]
        if ref.get("each") == "player":
            rel = (ref.get("filter") or {}).get("controller", "any")
            return [p for p in self.alive_seats() if rel == "any" or relation(self, p, ctx.you) == rel]
    if isinstance(ref, str) and ref in ctx.targets and isinstance(ctx.targets[ref], int):
        return [ctx.targets[ref]]
    return []


# -- conditions (spec 7.7 "if") ---------------------------------------------------------------------------
def condition_holds(self: "MuhqState", cond: dict[str, Any] | None, ctx: Ctx) -> bool:
    if not cond:
        return True
    if "in_range" in cond:
        c = cond["in_range"]
        a, b = cell_of_ref(self, c["object"], ctx), cell_of_ref(self, c["of"], ctx)
        return any(self.grid.distance(x, y) <= c["range"] for x in a for y in b)
    if "resource_at_least" in cond:
        return self.players[ctx.you].resource >= cond["resource_at_least"]  # type: ignore[no-any-return]  # data
    if "controls_at_least" in cond:
        c = cond["controls_at_least"]
        n = sum(1 for pid, p in self.perms.items()
                if p.controller == ctx.you and perm_matches(self, pid, c["filter"], ctx.you, ctx))
        return n >= c["count"]  # type: ignore[no-any-return]  # (c["count"]: the card's data)
    return False


def protected_from(self: "MuhqState", pid: int, source_d: Any, source_controller: int | None) -> bool:
    """MUHQ-PROT-2/3: the permanent has protection from this source (the universal free action has no
    source and matches nothing, MUHQ-PROT-4)."""
    if source_d is None:
        return False
    prot = self.stats()[pid].protection_from
    if not prot:
        return False
    you = self.perms[pid].controller
    controller = source_controller if source_controller is not None else NEUTRAL
    for f in prot:  # (a loop: any() over a generator would make every call build a closure)
        if def_matches(self, source_d, controller, f, you):
            return True
    return False
