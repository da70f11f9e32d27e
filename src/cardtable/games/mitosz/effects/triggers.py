"""Triggered abilities (spec 6.6): the events they wait for, putting them on the stack, and their players
ordering them."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..core import Item
from ..levels.statics import is_trigger_call
from ..words import N_, join
from ..levels.board import board_insts
from ..levels.statics import intrigue_works
from .. import upcalls as _up

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable

    from ..prompts.questions import TriggerOrder
    from ..state import MitoszState


#: rounds of triggered abilities that may follow one another before an open window (OP-43.4 sets no limit; two
#: cards that trigger each other would otherwise pass priority back and forth for ever)
TRIGGER_CHAIN_LIMIT = 20
#: what happened, in the words of the stack and the log (spec 6.6)
TRIGGER_WORDS = {"turn_start": N_("a turn begins"), "draw_phase": N_("a draw phase"), "refill": N_("a refill"),
                 "turn_end": N_("a turn ends"), "enters_board": N_("{card} enters the board"),
                 "summoned": N_("{card} is summoned"), "leaves_board": N_("{card} leaves the board"),
                 "destroyed": N_("{card} is destroyed"), "sacrificed": N_("{card} is sacrificed"),
                 "maneuver_used": N_("a maneuver is used ({card})"), "fight_declared": N_("a fight is declared"),
                 "fight_end": N_("the fight is over"), "spheres_changed": N_("spheres changed")}


def _trigger_sameness(item: Item) -> tuple[int, int | tuple[Any, ...]]:
    """Triggered abilities that are one choice when their player orders them: the same card's same ability."""
    return item.card, id(item.m) if item.m is not None else item.calls


def triggered(self: MitoszState, event: str, holds: Callable[[Any, int, int], bool]) -> list[Item]:
    """The locked triggered abilities on the board that ``event`` fires — bound maneuvers with a ``trigger``
    and tokens with one — as stack items, the active player's first, then the others' in turn order, a
    player's own in instance order until they order them (``push_triggers``, OP-43.4). ``holds(trigger,
    controller, card)`` says whether the event, as the trigger's parameters narrow it, happened for it."""
    return _trigger_items(self, [found + (-1, event) for found in _waiting(self, event, holds)])


def _waiting(self: MitoszState, event: str,
             holds: Callable[[Any, int, int], bool]) -> list[tuple[int, int, Any, tuple[Any, ...]]]:
    """(controller, card, maneuver, effect calls) of each triggered ability on the board that ``event``
    fires (``triggered``)."""
    found: list[tuple[int, int, Any, tuple[Any, ...]]] = []
    for inst in board_insts(self):
        if inst.dormant is not None:
            continue  # OP-35: a dormant leader's abilities wait with it
        for m in inst.d.triggers if intrigue_works(self, inst) else ():
            if m.trigger.on == event and holds(m.trigger, inst.controller, inst.iid):
                found.append((inst.controller, inst.iid, m, tuple(m.effect)))
        for _kind, count, eff in inst.tokens:
            if eff is not None and is_trigger_call(eff) and eff.trigger.on == event \
                    and holds(eff.trigger, inst.controller, inst.iid):
                found += [(inst.controller, inst.iid, None, tuple(eff.effect))] * count
    return found


def _trigger_items(self: MitoszState, found: list[tuple[int, int, Any, tuple[Any, ...], int, str]]) -> list[Item]:
    """Stack items of (controller, card, maneuver, effect calls, event card, event) in the order of OP-43.4."""
    if not found:
        return []
    start = self.order.index(self.active)
    seats = self.order[start:] + self.order[:start]
    found = sorted(found, key=lambda x: (seats.index(x[0]), x[1]))
    items = []
    for seat, iid, m, calls, about, on in found:
        item = Item(self.next_sid, "trigger", seat, iid, iid, m)
        self.next_sid += 1
        item.calls = calls
        item.event = about
        item.on = on
        items.append(item)
    return items


def event(self: MitoszState, on: str, card: int = -1, player: int = -1, to: str | None = None, later: bool = False) -> None:
    """Spec 6.6, OP-43.4: ``on`` happened — to the card ``card`` (a card event), for ``player`` (whose turn
    or spheres), a card leaving ``to`` a zone. The triggered abilities waiting for it go on the stack at the
    next state check (``fire_pending``). They are found now, with the board as it is at the event (a card
    leaving the board still sees itself leave), or with ``later`` at that check (a card entering the board
    is in its place by then: its cell, host or row). An event no card of the game waits for costs nothing."""
    if on not in self.trigger_on:
        return
    if later:
        self.pending.append((on, card, player, to, None))
        return
    waiting = _waiting(self, on, _holds(self, card, player, to))
    if waiting:
        self.pending.append((on, card, player, to, waiting))


def _holds(self: MitoszState, card: int, player: int, to: str | None) -> Callable[[Any, int, int], bool]:
    """Whether a trigger's parameters (``player``, ``to``, ``filter``) fit an event (``event``)."""
    subject = self.cards[card] if card >= 0 else None

    def holds(trigger: Any, ctrl: int, source: int) -> bool:
        side = getattr(trigger, "player", None)
        if side is not None and side != "any" and (player == ctrl) != (side == "self"):
            return False
        if getattr(trigger, "to", None) is not None and trigger.to != to:
            return False
        f = getattr(trigger, "filter", None)
        return f is None or (subject is not None and _up.matches(self, subject, f, ctrl, {"$self": source}))
    return holds


def fire_pending(self: MitoszState) -> bool:
    """OP-43.4: after a state check, the triggered abilities whose events happened since the last one go on
    the stack (the active player's first) and a counter round follows; then the machine goes on where it
    was. Returns whether a counter round began."""
    if "spheres_changed" in self.trigger_on:
        marks = tuple(tuple(p.spheres) for p in self.players)
        if self.sphere_marks and marks != self.sphere_marks:
            for seat, (now, before) in enumerate(zip(marks, self.sphere_marks)):
                if now != before:
                    event(self, "spheres_changed", player=seat)
        self.sphere_marks = marks
    if not self.pending or self.result is not None:
        return False
    events, self.pending = self.pending, []
    found: list[tuple[int, int, Any, tuple[Any, ...], int, str]] = []
    for on, card, player, to, waiting in events:
        if waiting is None:
            waiting = _waiting(self, on, _holds(self, card, player, to))
        found += [w + (card, on) for w in waiting]
    if not found:
        return False
    if self.trigger_chain >= TRIGGER_CHAIN_LIMIT:  # OP-43.4 (our limit): a loop of triggers ends
        self.note(N_("triggered abilities that do not trigger: {n}; {limit} rounds of triggers followed one "
                     "another without an open window"), n=len(found), limit=TRIGGER_CHAIN_LIMIT)
        return False
    self.trigger_chain += 1
    self.touch()
    # a counter round waits with nothing scheduled (the machine would run it at the first pass): the steps
    # still to come, and the step the stack before went on with, wait for the triggers' stack
    if self.trigger_resume is None:
        self.trigger_resume = (self.after_stack, tuple(self.todo))
    self.todo.clear()
    push_triggers(self, _trigger_items(self, found), "triggers_done")
    return True


def push_triggers(self: MitoszState, items: list[Item], then: str) -> None:
    """OP-43.4: the triggered abilities go on the stack — the active player's first, then the others' in
    turn order, and each player orders their own — and a counter round follows (from the active player);
    when the stack has resolved, the machine goes on with the step ``then``."""
    for item in items:
        self.stack.append(item)
        self.note(N_("P{player}: {use}"), player=item.player, use=_up.describe_use(self, item))
    self.after_stack = then
    _order_triggers(self, list(dict.fromkeys(item.player for item in items)), tuple(it.sid for it in items))


def _order_triggers(self: MitoszState, seats: list[int], new: tuple[int, ...]) -> None:
    """Ask the first of ``seats`` whose triggered abilities just put on the stack (``new``) differ to order
    them (OP-43.4); with none left to ask, the counter round begins."""
    for k, seat in enumerate(seats):
        mine = tuple(it.sid for it in self.stack if it.sid in new and it.player == seat)
        if len(_distinct_triggers(self, mine)) > 1:
            _ask_trigger_order(self, seat, mine, (), tuple(seats[k + 1:]), new)
            return
    _up.start_counter_round(self, self.active, from_window=False, actor=self.active)


def _ask_trigger_order(self: MitoszState, seat: int, sids: tuple[int, ...], placed: tuple[int, ...],
                       later: tuple[int, ...], new: tuple[int, ...]) -> None:
    left = _distinct_triggers(self, [s for s in sids if s not in placed])
    _up.set_prompt(self, "trigger_order", seat, rule="OP-43.4", sids=sids, placed=placed, later=later, new=new,
                    choices=tuple(it.sid for it in left), options=[_up.describe_use(self, it) for it in left])


def _distinct_triggers(self: MitoszState, sids: Iterable[int]) -> list[Item]:
    """The stack items of ``sids``, one of each kind (the same ability of the same card is one choice)."""
    items = {it.sid: it for it in self.stack}
    seen: dict[tuple[int, int | tuple[Any, ...]], Item] = {}
    for sid in sids:
        seen.setdefault(_trigger_sameness(items[sid]), items[sid])
    return list(seen.values())


def answer_trigger_order(self: MitoszState, pr: TriggerOrder, index: int) -> None:
    """The chosen ability resolves before the player's others not chosen yet: when the rest are alike, the
    player's abilities are laid on the stack in that order (the first chosen on top)."""
    placed = pr.placed + (pr.choices[index],)
    left = [s for s in pr.sids if s not in placed]
    if len(_distinct_triggers(self, left)) > 1:
        _ask_trigger_order(self, pr.player, pr.sids, placed, pr.later, pr.new)
        return
    order = list(reversed(list(placed) + left))  # bottom to top: the first chosen last, on top
    spots = [k for k, it in enumerate(self.stack) if it.sid in pr.sids]
    items = {it.sid: it for it in self.stack}
    for spot, sid in zip(spots, order):
        self.stack[spot] = items[sid]
    self.note(N_("P{seat} orders their triggered abilities: {cards} (the first resolves first, OP-43.4)"),
              seat=pr.player, cards=join(self.cards[items[s].card].d for s in list(placed) + left))
    _order_triggers(self, list(pr.later), pr.new)
