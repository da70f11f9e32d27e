"""The checks the decisions share (a field, a path, priority, open priority), the error they raise and
declaring an item onto the stack (MUHQ-ACT-4)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Container, Iterable

from cardtable.engine import IllegalAction

from .objects import Item
from .turn import OPEN, PRIORITY
from .words import N_, _, word
from .rounds import after_declare

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def bad(rule: str, message: str) -> IllegalAction:
    return IllegalAction(rule, message)


#: What the game waits for, by mode, for "the game waits for: …"
# Translators: each completes "the game waits for: …"
WAITING = {"draft": N_("draft"), "drop": N_("drop"), "place_token": N_("place token"), "trigger": N_("trigger"),
           "priority": N_("priority"), "open": N_("open"), "upkeep": N_("upkeep"), "closing": N_("closing"),
           "buy": N_("buy"), "discard": N_("discard"), "over": N_("over")}


def all_in(items: Iterable[Any], container: Container[Any]) -> bool:
    """Is every one of ``items`` in ``container``? (A function, not ``all(...)`` over a generator inside the
    handlers: that would make each call of theirs build a closure.)"""
    for x in items:
        if x not in container:
            return False
    return True


def cell_at(self: "MuhqState", field: Any, drop: bool = False) -> int:
    if field is None or len(field) != 2 or not self.grid.on_board(field[0], field[1]):
        given = list(field) if field is not None else None
        message = (N_("drop field {given} is not a field of the {width} × {height} board; give [x, y]") if drop
                   else N_("field {given} is not a field of the {width} × {height} board; give [x, y]"))
        raise bad("MUHQ-BOARD-2", _(message, given=given, width=self.grid.width, height=self.grid.height))
    return self.grid.cell(field[0], field[1])


def path_cells(self: "MuhqState", path: tuple[int, ...]) -> tuple[int, ...]:
    if len(path) % 2:
        raise bad("MUHQ-MOVE-1", _("a path lists fields as x, y pairs: [x1, y1, x2, y2, …]"))
    return self.grid.pair_cells(path)


def need_priority(self: "MuhqState", rule: str) -> None:
    if self.mode is not PRIORITY and self.mode is not OPEN:
        raise bad(rule, _("you do not hold priority now (the game waits for: {mode}); fast actions need "
                          "priority (MUHQ-STACK-4)", mode=word(WAITING, self.mode)))


def need_open(self: "MuhqState") -> None:
    """MUHQ-TIMING-2: slow actions only by the active player in their action phase with an empty stack."""
    if self.mode is PRIORITY:
        why = _("the stack is not empty") if self.stack else _("this is a priority round")
        if self.current_player != self.active:
            why = _("you are not the active player")
        raise bad("MUHQ-TIMING-2", _("a slow action needs open priority in your own action phase; {why}", why=why))
    if self.mode is not OPEN:
        raise bad("MUHQ-TIMING-2", _("a slow action needs open priority in your own action phase; the game "
                                     "waits for: {mode}", mode=word(WAITING, self.mode)))


def push(self: "MuhqState", item: Item) -> None:
    self.stack.append(item)  # MUHQ-ACT-4
    self.log.append(("declare", item.controller, item.label or item.kind))  # the label: a words.Text
    after_declare(self)
