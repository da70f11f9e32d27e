"""The effect interpreter's dispatch (spec 6.4): one primitive call to the method that runs it, and the
primitives that branch (``choose_one``, ``if``) with the conditions they test."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards import call_parts
from ..schema import number_range
from ..words import N_, Said
from .common import SUSPEND, _ImmunityWord

if TYPE_CHECKING:
    from ..prompts import Option
    from ..state import Item, MitoszState


_HANDLERS: dict[Any, Any] = {}  # (state class, primitive) -> the method that runs it (``Effects.run_call``)


def run_call(self: MitoszState, call: Any, item: Item) -> bool:
    name, p = call_parts(call)
    key = (type(self), name)
    handler = _HANDLERS.get(key, _HANDLERS)
    if handler is _HANDLERS:  # the primitive's method, looked up once per state class
        handler = _HANDLERS[key] = getattr(type(self), "_p_" + name, None)
    if handler is None:
        self.note(N_("({name} has no effect outside a fight)"), name=Said("{word}", word=_ImmunityWord(name)))
        return True
    return handler(self, p, item)  # type: ignore[no-any-return]  # a primitive's method says whether to go on


def _p_choose_one(self: MitoszState, p: Any, item: Item) -> bool:
    labels = [", ".join(call_parts(c)[0] for c in option) for option in p.options]
    self.set_prompt("option", item.player, rule="MIT-3.9.e", options=labels, sid=item.sid)
    item.queue[0:0] = [("choose_one", p)]  # type: ignore[index]  # remembered until the answer (resolving: a queue)
    return SUSPEND


def answer_option(self: MitoszState, pr: Option, index: int) -> None:
    for it in self.stack:
        if it.sid == pr.sid and it.queue and isinstance(it.queue[0], tuple):
            _, p = it.queue.pop(0)
            it.queue[0:0] = list(p.options[index])
            return


def _p_if(self: MitoszState, p: Any, item: Item) -> bool:
    branch = p.then if self.condition(p.cond, item) else p.else_
    item.queue[0:0] = list(branch)  # type: ignore[index]  # resolving: the item has its queue
    return True


def condition(self: MitoszState, cond: Any, item: Item) -> bool:
    name, p = call_parts(cond)
    refs = self.refs(item)
    if name == "all":
        return all(self.condition(c, item) for c in p)
    if name == "any":
        return any(self.condition(c, item) for c in p)
    if name == "not":
        return not self.condition(p, item)
    if name == "count":
        return self.compare(sum(1 for i in self.cards if self.matches(i, p.filter, item.player, refs)), p, refs,
                            item)
    if name == "card":
        iid = refs.get(p.ref, -1)
        if iid < 0:
            return False
        f = p.filter if p.filter.zone else p.filter.model_copy(update={"zone": self.cards[iid].zone})
        return self.matches(self.cards[iid], f, item.player, refs)
    if name == "number":
        iid = refs.get(p.of, -1)
        return iid >= 0 and self.cards[iid].d.number in number_range(p.is_)
    if name == "compare":
        return self.compare(self.value(p.value, refs, item), p, refs, item)
    return False
