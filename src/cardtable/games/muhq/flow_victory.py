"""State checks and victory (MUHQ-STATE, MUHQ-WIN): what is lethal, who lost, who won, and removing a
loser from the game."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from .turn import END_PRIO
from .board import after_leaving, destroy, start_drop, take_off
from .places import board_order, cell_of
from .rounds import start_round
from .writes import leave_game, order_drops, prune_drops

if TYPE_CHECKING:  # pragma: no cover
    from .objects import Drop
    from .state import MuhqState


def state_check(self: "MuhqState") -> bool:
    """MUHQ-STATE-2..5: destroy everything lethal at once, then check victory. True if anything changed
    (the loop runs again, so drops and repeated checks happen)."""
    if not self._dirty:
        return False  # nothing changed since a check that found nothing
    if self._clean is not self._memo:
        doomed = lethal_scan(self)
    elif self._suspects:
        doomed = lethal_scan(self, self._suspects)
    else:  # the board and every damage, poison and wear marker are as when a check last found nothing
        doomed = []  # lethal (lowering a marker cannot make anything lethal): the scan would find nothing again
    if doomed:
        perms = self.perms
        waiting = len(self.drops)
        for pid in doomed:
            if pid in perms:
                destroy(self, pid)
        # MUHQ-STATE-3: the resulting drops base by base, in turn order from the active player (stable sort:
        # one player's bases stay in board order); each base's former controller places its members.
        order_drops(self, waiting, functools.partial(turn_order_of_drop, self))
        check_victory(self)
        return True
    game = self.game
    if (game.race_target or game.capture_target or self._memo.get("defeated") != ()) and check_victory(self):
        return True  # (check_victory finds nothing when no one lost and no one can win by counting)
    self._dirty = False
    self._clean = self._memo
    if self._suspects:
        self._suspects = []
    return False


def turn_order_of_drop(self: "MuhqState", drop: Drop) -> int:
    """A drop's place in turn order from the active player (a method, not a lambda: state_check runs at
    almost every decision and would make a closure over self every time)."""
    return (drop.controller - self.active) % self.n


def lethal_scan(self: "MuhqState", suspects: list[int] | None = None) -> list[int]:
    """MUHQ-STATE-2: everything lethal now, in board order (MUHQ-UNIT-2, MUHQ-POISON-3, MUHQ-SOLID-3,
    MUHQ-EQUIP-2). With ``suspects``, only those of them on the board are looked at: the caller knows that
    nothing else can be lethal (state_check)."""
    doomed: list[int] = []
    perms = self.perms
    at_least = self.opts["lethal_rule"] == "at_least"  # OP-15, as in lethal(); inlined: this runs often
    order: tuple[int, ...] | list[int]
    if suspects is not None:
        if len(suspects) == 1:
            pid = suspects[0]
            order = (pid,) if pid in perms and cell_of(self, pid) is not None else ()
        else:
            order = []  # (a loop: a comprehension would make a closure over suspects)
            for pid in board_order(self):
                if pid in suspects:
                    order.append(pid)
    else:
        # With "greater than" (OP-15) nothing without damage, poison or wear can be lethal: skip the scan.
        if not at_least:
            for p in perms.values():
                if p.damage or p.poison or p.worn:
                    break
            else:
                return doomed
        order = board_order(self)
    st = self.stats()
    for pid in order:
        p = perms[pid]
        d = p.d
        if d.type == "unit":
            life = st[pid].life
            if (p.damage >= life if at_least else p.damage > life) or p.poison > life:  # MUHQ-UNIT-2, POISON-3
                doomed.append(pid)
        elif d.solid is not None:
            if p.damage >= d.solid if at_least else p.damage > d.solid:  # MUHQ-SOLID-3
                doomed.append(pid)
        elif d.type == "equipment" and d.durability - p.worn < 1:  # MUHQ-EQUIP-2
            doomed.append(pid)
    return doomed


def defeated(self: "MuhqState") -> tuple[int, ...]:
    """The seats that lost their VIP (MUHQ-WIN-3) or every building (MUHQ-WIN-6), where the board plays so.
    This depends on the board alone, so it is kept until the board changes."""
    memo = self._memo
    found = memo.get("defeated")
    if found is None:
        kinds = self.game.victory_kinds
        losers = []
        if "vip" in kinds or "destroy_buildings" in kinds:  # the board's kinds of defeat (has_victory)
            perms = self.perms
            for seat in self.alive_seats():
                vip = self.vips.get(seat)
                if vip is not None and "vip" in kinds and vip not in perms:  # MUHQ-WIN-3
                    losers.append(seat)
                blds = self.buildings.get(seat)
                if blds and "destroy_buildings" in kinds and perms.keys().isdisjoint(blds):
                    losers.append(seat)  # MUHQ-WIN-6: none of them is left
        found = memo["defeated"] = tuple(losers)
    return found


def check_victory(self: "MuhqState") -> bool:
    game = self.game
    race = game.race_target
    cap = game.capture_target
    losers = self._memo.get("defeated")
    if losers is None:
        losers = defeated(self)
    if not losers and not race and not cap:
        return False  # no one lost and no one can win by counting (what follows would find nothing)
    winners = []
    if race or cap:
        players = self.players
        for seat in self.alive_seats():
            if seat in losers:
                continue
            pl = players[seat]
            if (race and pl.resource >= race) or (cap and pl.vp >= cap):  # MUHQ-WIN-4, 5
                winners.append(seat)
    if winners:
        self.winners = winners  # MUHQ-WIN-9: several at once share a draw
        self.ending = "MUHQ-WIN-9" if len(winners) > 1 else "MUHQ-WIN-4" if race else "MUHQ-WIN-5"
        return True
    if losers:
        alive = []  # (a loop: a comprehension would make every check pay for a closure over losers)
        for s in self.alive_seats():
            if s not in losers:
                alive.append(s)
        if not alive:
            self.winners, self.ending = [], "MUHQ-WIN-9"  # the last players lose together: a draw
            return True
        for seat in set(losers):
            eliminate(self, seat)
        if len(alive) == 1:  # MUHQ-WIN-8
            self.winners, self.ending = alive, "MUHQ-WIN-8"
        return True
    return False


def eliminate(self: "MuhqState", seat: int) -> None:
    """MUHQ-WIN-8: the loser's permanents and every card of theirs are removed from the game."""
    pl = self.players[seat]
    leave_game(self, seat)
    for pid in list(board_order(self)):
        p = self.perms.get(pid)
        if p is not None and (p.controller == seat or p.owner == seat):
            _, cell = take_off(self, pid)
            start_drop(self, p, cell)
            self.removed.append(pid)
            after_leaving(self, p, cell)  # a victory item they held goes back to its start (MUHQ-WIN-7)
    for zone in (pl.store, pl.deck, pl.hand, pl.discard, pl.pending):
        self.removed.extend(zone)
        zone.clear()
    prune_drops(self)  # members of the loser's piles were removed with them
    self.triggers = [t for t in self.triggers if t.controller != seat]
    # Their cards on the stack (spells, permanents being played) are removed too, not lost; their actions
    # do not resolve.
    self.removed.extend(i.card for i in self.stack
                        if i.controller == seat and i.kind in ("spell", "play_permanent"))
    self.stack = [i for i in self.stack if i.controller != seat]
    if self.active == seat and self.winners is None:
        self.priority, self.activation, self.ai = None, None, None
        self.step = END_PRIO
    elif self.priority == seat:
        start_round(self)  # a new round among the players left
