"""The action objects of the lists, each made once and handed out again by its field values, and a unit's
move actions made once per answer of the grid."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine import Action

from . import actions as A

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Callable

    #: A move_paths answer: (end, path flattened to x, y pairs) by end.
    MovePaths = tuple[tuple[int, tuple[int, ...]], ...]


class Interned(dict[Any, Action]):
    """The actions of one type by their field values, each made once and handed out again (actions are immutable
    values, so one object serves every state and game). Index it with the field values: ``ACTIVATE[pid]``,
    ``MOVE[pid, path]``. At most ``limit`` are kept."""

    __slots__ = ("make", "single", "limit")

    def __init__(self, make: Callable[..., Action], single: bool = False, limit: int = 50_000) -> None:
        super().__init__()
        self.make, self.single, self.limit = make, single, limit  # single: one field, the key is its value

    def __missing__(self, key: Any) -> Action:
        if len(self) >= self.limit:
            self.clear()
        a = self[key] = self.make(key) if self.single else self.make(*key)
        return a


ACTIVATE = Interned(A.Activate, single=True)
BUY = Interned(A.Buy, single=True)
MOVE = Interned(A.Move)
ATTACK = Interned(A.Attack)
PAIR = Interned(A.UniversalFreeAction, single=True)
PLAY_PERMANENT = Interned(A.PlayPermanent)
DRAFT = Interned(A.DraftPick, single=True)
SPELL = Interned(A.PlaySpell)
CARRY = Interned(A.Carry)


#: The move actions of a unit along the paths of one move_paths answer, by the answer's identity: the grid hands
#: out the same tuple while the answer is the same, so the list is made once. Each entry holds its tuple, so
#: the identity cannot be reused by another object while the entry lives.
_MOVE_LISTS: dict[int, tuple[MovePaths, dict[int, tuple[Action, ...]]]] = {}


def move_actions(pid: int, paths: MovePaths) -> tuple[Action, ...]:
    entry = _MOVE_LISTS.get(id(paths))
    if entry is None or entry[0] is not paths:
        if len(_MOVE_LISTS) >= 20_000:
            _MOVE_LISTS.clear()
        entry = _MOVE_LISTS[id(paths)] = (paths, {})
    actions = entry[1].get(pid)
    if actions is None:
        made: list[Action] = []
        for _, path in paths:
            made.append(MOVE[pid, path])
        actions = entry[1][pid] = tuple(made)
    return actions
