"""The draft (MUHQ-DRAFT): dealing the packs round by round, who picks next, a pick and the pass of the
packs."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .turn import START_PHASE, START_STEP

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


def start_draft_round(self: "MuhqState") -> None:
    n = self.n
    stop = self.opts["draft_stop"]
    if len(self._undealt) >= n and all(len(p.drafted) < stop for p in self.players):  # MUHQ-DRAFT-2
        self.packs = [self._undealt.pop(0) for _ in range(n)]  # MUHQ-DRAFT-3, in seat order
        return
    # MUHQ-DRAFT-6: the draft ends; undealt packs are not used; drafted cards become the stores.
    for pack in self._undealt:
        self.unused.extend(pack)
    self._undealt = []
    self.packs = []
    for p in self.players:
        p.store, p.drafted = p.drafted, []
    self.phase, self.step = START_PHASE, START_STEP
    self.turn = 1


def draft_picker(self: "MuhqState") -> int | None:
    """The next seat to pick in this pick step: picks are made seat by seat but stay hidden (MUHQ-DRAFT-4)."""
    size = max(map(len, self.packs), default=0)
    for seat in range(self.n):
        if len(self.packs[seat]) == size:
            return seat
    return None


def draft_pick(self: "MuhqState", seat: int, card: int) -> None:
    self.packs[seat].remove(card)
    self.card_owner[card] = seat  # MUHQ-SETUP-4: the drafter owns the card
    self.players[seat].drafted.append(card)
    if len(set(map(len, self.packs))) == 1:  # every seat picked (all packs equally long): pass to seat + 1
        self.packs = self.packs[-1:] + self.packs[:-1]  # seat s now holds the pack of seat s - 1
        if not self.packs[0]:
            start_draft_round(self)
