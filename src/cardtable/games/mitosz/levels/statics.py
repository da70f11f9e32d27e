"""Statics: the continuous abilities and tokens on the board, and the statics and active effects that reach a
card.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import call_parts
from .board import board_insts, cache
from .. import upcalls as _up

if TYPE_CHECKING:
    from collections.abc import Iterator, Sequence

    from ..core import Eff, Inst
    from ..state import MitoszState

    #: a static on the board (``statics``): (source iid, controller, primitive, params, keys, bearer)
    Static = tuple[int, int, str, Any, frozenset[str], int]


_TRIGGER_TYPES: dict[type, bool] = {}


def is_trigger_call(call: Any) -> bool:
    """Is a token's effect a trigger (it has ``trigger``)? Asked of the call's model type once: ``hasattr`` on a
    pydantic model without the field goes through its slow ``__getattr__``."""
    t = type(call)
    hit = _TRIGGER_TYPES.get(t)
    if hit is None:
        hit = _TRIGGER_TYPES[t] = hasattr(call, "trigger")
    return hit


# -- statics (spec 6.7) ------------------------------------------------------------------------
def statics(self: MitoszState) -> list[Static]:
    """(source iid, controller, primitive, params, keys) of every static on the board, and of tokens."""
    c = cache(self)
    cached: list[Static] | None = c.get("statics")
    if cached is not None:
        return cached
    out: list[Static] = []
    for inst in board_insts(self):
        d = inst.d
        if not d.statics and not inst.tokens:
            continue  # most cards have neither
        if inst.dormant is not None:
            continue  # MIT-5.15, OP-35: a dormant leader is not in play: its abilities wait with it
        if d.statics and intrigue_works(self, inst):
            keys = d.static_keys
            for prim, params in d.static_calls:
                out.append((inst.iid, inst.controller, prim, params, keys, inst.iid))
        for kind, count, call in inst.tokens:
            if call is None or is_trigger_call(call):
                continue  # a token that acts on an event is a trigger (spec 6.6), not a static
            prim, params = call_parts(call)
            for _ in range(count):
                out.append((inst.iid, inst.controller, prim, params, frozenset(("token", kind)), inst.iid))
    c["statics"] = out
    return out


def intrigue_works(self: MitoszState, inst: Inst) -> bool:
    """MIT-3.6.d "Ugyanazon intrika csak egyszer érvényesül, több azonos hatása nem kombinálható": of
    identical intrigues (one card definition) one player controls, only the earliest on the board applies its
    effects. Another player's copy is no identical effect where its text reads "own" (its controller's
    rulers are other cards): it works too; where both copies reach the same card, ``_static_hits`` lets
    only one of them count."""
    if inst.d.card_type != "intrigue" or inst.iid not in self.intrigues:
        return True
    before = self.intrigues[:self.intrigues.index(inst.iid)]
    return not any(self.cards[j].d.id == inst.d.id and self.cards[j].controller == inst.controller
                   for j in before)


def statics_by(self: MitoszState, primitive: str) -> Sequence[Static]:
    """The entries of ``statics()`` that call ``primitive`` (most primitives have none on the board)."""
    c = cache(self)
    index: dict[str, list[Static]] | None = c.get("statics_by")
    if index is None:
        index = c["statics_by"] = {}
        for entry in statics(self):
            index.setdefault(entry[2], []).append(entry)
    return index.get(primitive, ())


def _static_hits(self: MitoszState, primitive: str, inst: Inst, attr: str = "target",
                 immunity: bool = True) -> Iterator[tuple[int, int, Any]]:
    """The statics of ``primitive`` that apply to ``inst``."""
    seen: set[int] | None = None  # MIT-3.6.d: identical intrigues of two players reaching one card count once
    for src, ctrl, prim, params, keys, bearer in statics_by(self, primitive):
        target = getattr(params, attr)
        if isinstance(target, str):
            ref = {"$host": self.cards[src].host, "$self": src, "$bearer": bearer}.get(target, -1)
            if ref != inst.iid:
                continue
        elif not _up.matches(self, inst, target.filter, ctrl, {"$self": src}):
            continue
        if immunity and _up.immune(self, inst, keys, ctrl):
            continue
        if src in self.intrigues and keys is self.cards[src].d.static_keys:  # (not a token on it) a copy's
            # static is its definition's own params object
            if seen is None:
                seen = set()
            elif id(params) in seen:
                continue
            seen.add(id(params))
        yield src, ctrl, params


def _effects_on(self: MitoszState, kind: str, inst: Inst) -> Iterator[Eff]:
    for e in self.effects:
        if e.kind != kind:
            continue
        if e.targets is not None:
            if inst.iid not in e.targets:
                continue
        elif not _up.matches(self, inst, e.selector.filter, e.controller, {}):
            continue
        if _up.immune(self, inst, e.keys, e.controller):
            continue
        yield e
