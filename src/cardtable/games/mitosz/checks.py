"""State checks (spec 5.9), expiry of effects (5.13), winning by a hold (OP-02) or by deck-out (OP-04)."""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from .words import N_, Said
from .levels.board import board_insts, cache, is_cursed, layout_facts, leader_limit, row_leaders
from .levels.level import base_level, road_level
from .levels.power import power_total
from .moves import leave_board, leave_together
from . import upcalls as _up
from .writes import set_effects, to_row

if TYPE_CHECKING:
    from .core import Eff, Inst
    from .state import MitoszState


class DeckOut(NamedTuple):
    """The deck-out round's bookkeeping (MIT-1.3.4, OP-04); public, immutable (states share it when copied)."""

    streak: int = 0  # finished consecutive turns whose draw phase failed on an empty deck and in which no one drew
    failed: bool = False  # this turn's draw phase found the deck empty and drew nothing
    drew: bool = False  # someone drew a card in this turn
    since: int = -1  # any_player mode: the turn of the first draw that fell short


_NO_DECKOUT = DeckOut()


def state_checks(self: MitoszState) -> bool:
    """Run the checks until nothing changes. False if a player must choose (the leader limit)."""
    if self.checked == self.version:
        return True  # nothing has happened since the last clean check
    # The checks read the board's facts (where cards are, attachments, tokens, the statics and the effects:
    # any change of them drops the cache) and, through card types, who fights as a supply (the fight's
    # members): when they passed with these, they pass again.
    fight = self.fight
    clean_key = ("clean", fight.members_version if fight is not None else None)
    if cache(self).get(clean_key):
        self.checked = self.version
        return True
    log_size = len(self.log)
    clean = _state_checks(self)
    if len(self.log) != log_size:  # every change the checks make is logged
        self.touch()
    if clean:
        self.checked = self.version
        fight = self.fight
        cache(self)[("clean", fight.members_version if fight is not None else None)] = True
    return clean


def _check_scan(self: MitoszState) -> tuple[list[list[int]], set[int], list[int], list[Inst]]:
    """What the checks read of the board, gathered in one pass and kept with the layout's facts (it changes
    only as cards enter or leave the board or get attached): the ids of identical unique cards (each list
    longer than one), the hosts of negative modifiers, the attachments whose host left, and the cards whose
    base level may fall below 1 even when no effect lowers it."""
    c = layout_facts(self)
    scan: tuple[list[list[int]], set[int], list[int], list[Inst]] | None = c.get("check_scan")
    if scan is not None:
        return scan
    cards = self.cards
    board = board_insts(self)
    uniques: dict[str, list[int]] = {}
    negative: set[int] = set()
    orphans: list[int] = []
    for inst in board:
        d = inst.d
        if d.unique:
            uniques.setdefault(d.id, []).append(inst.iid)
        if inst.host >= 0:
            if (d.level or 0) < 0:
                negative.add(inst.host)
            if cards[inst.host].zone != "board":
                orphans.append(inst.iid)
    if negative:
        low = [inst for inst in board if inst.d.low_level or inst.iid in negative]
    else:
        low = [inst for inst in board if inst.d.low_level]
    scan = c["check_scan"] = ([iids for iids in uniques.values() if len(iids) > 1], negative, orphans, low)
    return scan


def _state_checks(self: MitoszState) -> bool:
    cards = self.cards
    for _ in range(50):
        changed = False
        # one pass gathers what each check needs; most of the time nothing is wrong
        dupes, negative, orphans, low = _check_scan(self)
        # 1. MIT-2.3.c: identical unique cards on the board are all destroyed
        for iids in dupes:
            self.note(N_("{n} copies of the unique {card} are on the board: all are destroyed (MIT-2.3.c)"),
                      n=len(iids), card=cards[iids[0]].d)
            leave_together(self, iids, "afterworld", "destroy")
            changed = True
        if changed:
            continue
        # 2. MIT-2.2.c, OP-08: base level below 1 goes to the afterworld (not a destruction); without an
        # effect lowering base levels only the cards in ``low`` can be below 1
        lowering = any(e.kind == "modify_base_level" for e in self.effects) if self.effects else False
        for inst in (list(board_insts(self)) if lowering else list(low)):
            d = inst.d
            if inst.zone != "board":
                continue
            if d.card_type == "nation":
                if all(road_level(self, inst.iid, r, base=True) < 1 for r in d.roads):
                    self.note(N_("every road of {card} is below level 1 (MIT-2.2.c)"), card=d)
                    leave_board(self, inst.iid, "afterworld", "rule")
                    changed = True
            elif d.level is not None and not d.is_modifier and d.card_type in ("leader", "supply") \
                    and base_level(self, inst.iid) < 1:
                self.note(N_("{card}'s base level fell below 1 (MIT-2.2.c)"), card=d)
                leave_board(self, inst.iid, "afterworld", "rule")
                changed = True
        if changed:
            continue
        # 3. MIT-1.4.2.a: attachments whose host left the board
        for iid in list(orphans):
            if cards[iid].zone == "board":
                leave_board(self, iid, "afterworld", "attachment")
                changed = True
        if changed:
            continue
        # 6. MIT-3.4.2.b, OP-14: the leader limit
        for seat in self.order:
            over = len(row_leaders(self, seat)) - leader_limit(self, seat)
            if over > 0:
                _up.set_prompt(self, "sacrifice_leader", seat, n=over, rule="MIT-3.4.2.b")
                self.touch()
                return False
        break
    track_holds(self)
    return True


def limit_candidates(self: MitoszState, seat: int) -> list[int]:
    """OP-14: non-cursed leaders first (cursed ones cannot be sacrificed, MIT-2.4.b)."""
    leaders = row_leaders(self, seat)
    plain = [i for i in leaders if not is_cursed(self, self.cards[i])]
    return plain or list(leaders)


# -- winning (MIT-1.1.1, OP-02; MIT-1.3.4, OP-04) -----------------------------------------------
def track_holds(self: MitoszState) -> None:
    target = self.opts["win_target"]
    for p in self.players:
        total = power_total(self, p.seat)
        if total >= target and p.hold is None:
            p.hold = (self.active, self.turn)
            self.note(N_("P{seat} holds {total} power points: P{seat} wins at the start of P{active}'s next turn "
                         "if the total stays at {target} or more (MIT-1.1.1)"), seat=p.seat, total=total,
                      active=self.active, target=target)
        elif total < target and p.hold is not None:
            p.hold = None
            self.note(N_("P{seat}'s power points fell to {total}: the hold is broken"), seat=p.seat, total=total)


def check_holds(self: MitoszState) -> None:
    done = [p.seat for p in self.players if p.hold is not None and p.hold[0] == self.active
            and p.hold[1] < self.turn]
    if not done:
        return
    totals = {s: power_total(self, s) for s in done}
    if len(done) > 1 and self.opts["simultaneous_hold"] == "draw":
        winners = done
    else:
        best = max(totals.values())
        winners = [s for s in done if totals[s] == best]
    end_game(self, winners, "MIT-1.1.1", N_("held the win target for a round"))


def drew_cards(self: MitoszState) -> None:
    """Someone drew a card: this turn cannot count towards the deck-out round (MIT-1.3.4)."""
    d = self.deckout or _NO_DECKOUT
    if not d.drew:
        self.deckout = d._replace(drew=True)


def draw_attempted(self: MitoszState, seat: int, wanted: int, drawn: int) -> None:
    """The active player's draw phase (MIT-6.2.2.1) is the draw attempt MIT-1.3.4 counts: it failed when the
    deck was empty and nothing was drawn (a draw phase that still drew one of two cards drew a card)."""
    d = self.deckout or _NO_DECKOUT
    if drawn == 0 and not self.players[seat].deck:
        d = d._replace(failed=True)
    if drawn < wanted and d.since < 0:
        d = d._replace(since=self.turn)  # OP-04's any_player mode: from the first draw that fell short
    self.deckout = d


def check_deckout(self: MitoszState) -> None:
    """MIT-1.3.4: the game ends once, through a whole round, no player could draw because the deck ran out.

    A round is n consecutive turns starting in any player's turn and lasting until that player's next turn
    begins (MIT-6.1.3), so at the start of each turn the turn just ended is counted: it continues the run of
    such turns if its player's draw phase failed on an empty deck and nobody drew a card in it; the game
    ends at the start of a turn when the run has n turns. A card put onto a deck breaks the run
    (effects.put_on_deck). OP-04's `any_player` mode instead ends the game one round after the first draw
    that fell short."""
    d = self.deckout
    if d is None:
        return
    streak = d.streak + 1 if d.failed and not d.drew else 0
    self.deckout = _NO_DECKOUT._replace(streak=streak, since=d.since)
    if self.opts["deckout_mode"] == "all_players":
        if streak < self.n:
            return
    elif d.since < 0 or self.turn - d.since < self.n:
        return
    totals = [power_total(self, s) for s in range(self.n)]
    best = max(totals)
    # MIT-1.3.4 "Ha egyenlő a hatalompontok állása, a játék döntetlennel ér véget": with three or four players
    # the rulebook does not say whether only the top scorers share the draw; we read "the most power points"
    # as shared by the tied top scorers, and the others lose (docs/mitosz.md, departures).
    winners = [s for s in range(self.n) if totals[s] == best]
    end_game(self, winners, "MIT-1.3.4", N_("the decks ran out"))


def end_game(self: MitoszState, winners: list[int], rule: str, why: str) -> None:
    totals = [power_total(self, s) for s in range(self.n)]
    self.result = {"winners": sorted(winners), "rule": rule, "reason": why, "totals": totals}
    if len(winners) == 1:
        self.note(N_("P{seat} wins: {why} ({rule}); power points {totals}"), seat=winners[0], why=Said(why),
                  rule=rule, totals=str(totals))
    else:
        self.note(N_("The game is a draw: {why} ({rule}); power points {totals}"), why=Said(why), rule=rule,
                  totals=str(totals))


# -- durations (spec 5.13) ---------------------------------------------------------------------
def expire_at_turn_start(self: MitoszState) -> None:
    """MIT-6.2.1.2: effects that last until the start of a turn, or for N rounds, end now."""
    keep, ended = [], []
    for e in self.effects:
        u = e.until
        if (u[0] == "turn" and u[1] <= self.turn) or \
                (u[0] == "rounds" and u[1] == self.active and self.turns_taken[u[1]] >= u[2]):
            ended.append(e)
        else:
            keep.append(e)
    if ended:
        end_effects(self, ended)


def end_effects(self: MitoszState, ended: list[Eff]) -> None:
    """The effects ``ended`` end now: a stolen card goes back (OP-30), and a fate or free maneuver whose
    effect is over leaves the board (MIT-3.7.g, MIT-3.9.g)."""
    if not ended:
        return
    gone = {id(e) for e in ended}
    set_effects(self, [e for e in self.effects if id(e) not in gone])
    for e in ended:
        if e.kind == "steal":
            (iid,) = e.targets  # type: ignore[misc]  # a steal has its one target
            inst = self.cards[iid]
            if inst.zone == "board" and inst.controller != inst.owner:
                if inst.host >= 0:  # a stolen mount its thief attached (or made dormant) comes back to the row
                    set_effects(self, [e for e in self.effects if e.until != ("attached", iid)])
                to_row(self, inst, inst.owner)
                self.note(N_("{card} returns to P{owner} (OP-30)"), card=inst.d, owner=inst.owner)
    sources = {e.source for e in self.effects}
    for lst in (self.fates, self.lingering):
        for iid in list(lst):
            if iid not in sources:  # MIT-3.7.g, MIT-3.9.g: its effect ended
                leave_board(self, iid, "afterworld", "rule")
