"""A card's text, read back from its data (the data is the rules; this is its reading).

``maneuver_text`` reads a maneuver back in the rulebook's order: timing, markers, cost, conditions, then
what it does; each call reads as its primitive says (``Primitive.text``, filled by ``text.fill_call``). The
web table, the terminal and the catalogue all show this text, in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import all_primitives as _all_primitives  # noqa: F401  (every primitive registered)
from .cards import cost_label
from .effect_vocabulary import VOCABULARY
from .text import SPEED_WORDS, TIMING, fill_call, word
from .words import _

if TYPE_CHECKING:
    from .cards import CardDef


def call_text(call: Any) -> str:
    """One primitive call (``{draw: {n: 1}}``) as words."""
    return VOCABULARY.text(call, fill_call)


def maneuver_text(m: Any, card: CardDef | None = None) -> str:
    head = [_(TIMING[t]) for t in m.timing]
    if m.speed != "normal":
        head.append(word(SPEED_WORDS, m.speed))
    if m.permanent is True:
        head.append(_("Permanent"))
    elif m.permanent:
        head.append(_("Permanent {n}/turn", n=m.permanent.uses_per_turn))
    cost = (m.cost.magic, m.cost.influence, m.cost.wealth, m.cost.force)
    if any(cost):
        head.append(cost_label(cost))
    if m.per is not None and m.per.pay is not None:
        pay = m.per.pay
        head.append(_("per {cost}", cost=cost_label((pay.magic, pay.influence, pay.wealth, pay.force))))
    for c in m.conditions:
        kind = type(c).__name__
        if kind == "SacrificeUser":
            head.append(_("Sacrifice"))
        elif kind in ("RevealCondition", "PeekCondition"):
            look = c.reveal if kind == "RevealCondition" else c.peek
            word_ = _("Reveal") if kind == "RevealCondition" else _("Peek")
            head.append(_("{condition} {number}", condition=word_, number=look.number)
                        if look.number is not None else word_)
    if m.steps:
        body = " / ".join(_("step {i} ({cost}): {effects}", i=i + 1,
                            cost=cost_label((s.cost.magic, s.cost.influence, s.cost.wealth, s.cost.force)),
                            effects="; ".join(call_text(c) for c in s.effect)) for i, s in enumerate(m.steps))
    elif m.static:
        body = "; ".join(call_text(c) for c in m.static)
    else:
        body = "; ".join(call_text(c) for c in m.effect)
    level = m.level if m.level is not None else (card.level if card is not None and card.card_type == "free_maneuver" else None)
    if level is not None:
        gets = _("the user gets {level:+d}", level=level)
        body = _("{effects}; {more}", effects=body, more=gets) if body else gets
    return _("{head}: {body}", head=", ".join(head), body=body or "—") if head else (body or "—")


def card_text(d: CardDef) -> list[str]:
    """Every maneuver of the card (spec 2.8.a), and the implicit ones of the rules (OP-16)."""
    out = [maneuver_text(m, d) for m in (d.options or d.maneuvers)]
    if d.options:
        out = [_("choose one: {options}", options=" | ".join(out))]
    if d.implicit_sacrifice:
        out.append(_("Permanent: sacrifice this card (the potion's level goes to its leader)") if "potion" in d.subtypes
                   else _("Permanent: sacrifice this card"))
    return out


__all__ = ["call_text", "card_text", "maneuver_text"]
