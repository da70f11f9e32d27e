"""The primitives that branch (spec 6.4): ``choose_one`` (the user's player picks one option, MIT-3.9.e) and
``if``, with the conditions they test. (The dispatch of every primitive is the engine's: ``Vocabulary.run``.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..cards import call_parts
from ..schema.primitives import ChooseOneP, IfP
from ..schema.conditions import number_range
from ..words import _
from .common import SUSPEND
from ..effect_vocabulary import ASKS, VOCABULARY, MitoszPrimitive
from . import targets as _targets
from ..levels.filters import compare, matches, value
from .. import upcalls as _up

if TYPE_CHECKING:
    from ..prompts.questions import Option
    from ..state import Item, MitoszState


def _calls_text(calls: Any, fill: Callable[[str, Any], str]) -> str:
    return "; ".join(VOCABULARY.text(c, fill) for c in calls)


@VOCABULARY.register
class ChooseOne(MitoszPrimitive):
    name = "choose_one"
    params = ChooseOneP
    flags = ASKS

    def text(self, p: ChooseOneP, fill: Callable[[str, Any], str]) -> str:
        return _("choose: {options}", options=" / ".join(_calls_text(option, fill) for option in p.options))

    def resolve(self, state: MitoszState, p: ChooseOneP, item: Item) -> bool:
        labels = [", ".join(call_parts(c)[0] for c in option) for option in p.options]
        _up.set_prompt(state, "option", item.player, rule="MIT-3.9.e", options=labels, sid=item.sid)
        item.queue[0:0] = [("choose_one", p)]  # type: ignore[index]  # remembered until the answer (resolving: a queue)
        return SUSPEND


def answer_option(self: MitoszState, pr: Option, index: int) -> None:
    for it in self.stack:
        if it.sid == pr.sid and it.queue and isinstance(it.queue[0], tuple):
            _, p = it.queue.pop(0)
            it.queue[0:0] = list(p.options[index])
            return


@VOCABULARY.register
class IfThenElse(MitoszPrimitive):
    name = "if"
    params = IfP

    def text(self, p: IfP, fill: Callable[[str, Any], str]) -> str:
        return _("if …: {then}", then=_calls_text(p.then, fill))

    def resolve(self, state: MitoszState, p: IfP, item: Item) -> bool:
        branch = p.then if condition(state, p.cond, item) else p.else_
        item.queue[0:0] = list(branch)  # type: ignore[index]  # resolving: the item has its queue
        return True


def condition(self: MitoszState, cond: Any, item: Item) -> bool:
    name, p = call_parts(cond)
    refs = _targets.refs(self, item)
    if name == "all":
        return all(condition(self, c, item) for c in p)
    if name == "any":
        return any(condition(self, c, item) for c in p)
    if name == "not":
        return not condition(self, p, item)
    if name == "count":
        return compare(self, sum(1 for i in self.cards if matches(self, i, p.filter, item.player, refs)), p, refs,
                            item)
    if name == "card":
        iid = refs.get(p.ref, -1)
        if iid < 0:
            return False
        f = p.filter if p.filter.zone else p.filter.model_copy(update={"zone": self.cards[iid].zone})
        return matches(self, self.cards[iid], f, item.player, refs)
    if name == "number":
        iid = refs.get(p.of, -1)
        return iid >= 0 and self.cards[iid].d.number in number_range(p.is_)
    if name == "compare":
        return compare(self, value(self, p.value, refs, item), p, refs, item)
    return False
