"""Permanents on the board: entering, leaving, destroying, piles and drops, damage and combat, and the events
they raise (MUHQ-PERM, MUHQ-PILE, MUHQ-DMG, MUHQ-COMBAT, MUHQ-TOKEN, spec 7.7 events). Damage and combat are in
``board_combat``, the events in ``board_events``; BoardMixin binds them all."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import board_combat as _combat
from . import board_events as _events
from .effects import Ctx
from .objects import NEUTRAL, Drop, Perm
from .turn import UPKEEP_PHASE
from .words import N_, CardName, Text

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


# -- where things are ------------------------------------------------------------------------------------
def field_of(self: "MuhqState", pid: int) -> int:
    """The field of a permanent on the board (its own, or its pile's base's): for the rules that ask it only of
    those (a unit acting, a target chosen on the board). Raises for one off the board, a bug in the rules."""
    p = self.perms[pid]
    while p.base is not None:
        p = self.perms[p.base]
    cell = p.cell
    if cell is None:
        raise RuntimeError(f"permanent {pid} stands on no field")  # i18n: no (a rules bug, for a developer)
    return cell


def cell_of(self: "MuhqState", pid: int) -> int | None:
    """A permanent's field; a pile member uses its base's field (MUHQ-PILE-2, MUHQ-RANGE-6)."""
    p = self.perms.get(pid)
    while p is not None and p.base is not None:
        p = self.perms.get(p.base)
    return None if p is None else p.cell


def board_order(self: "MuhqState") -> list[int]:
    """Every permanent on the board, in reading order of its field; pile members after their base.
    Kept until the next change (callers must not modify the list)."""
    if self._order is not None:
        return self._order
    out: list[int] = []
    perms, occ = self.perms, self.occ
    for cell in sorted(occ):
        pid = occ[cell]
        if perms[pid].pile:  # the base, then its members depth first (a loop, not a recursive closure:
            # a closure that calls itself is a reference cycle, garbage only the cyclic collector frees)
            stack = [pid]
            while stack:
                top = stack.pop()
                out.append(top)
                stack.extend(reversed(perms[top].pile))
        else:
            out.append(pid)  # (most permanents stand alone)
    self._order = out
    return out


def name_of(self: "MuhqState", pid: int) -> str:
    """A permanent as a message names it, ``Scout #12 at (3, 4)``: a :class:`~.words.Text`, so a label or a
    log line that holds it shows it in each reader's language."""
    p = self.perms.get(pid)
    if p is None:
        return f"#{pid}"
    where = p.cell if p.base is None else self.cell_of(pid)
    if where is None:
        return Text("{name} #{id}", name=CardName(p.d), id=pid)
    return Text(N_("{name} #{id} at ({x}, {y})"), name=CardName(p.d), id=pid, x=self.grid.x[where],
                y=self.grid.y[where])


def available(self: "MuhqState", cell: int, swimming: bool) -> bool:
    """MUHQ-BOARD-6."""
    return self.grid.available_for(cell, swimming, self.occ)


def static_sources(self: "MuhqState") -> list[int]:
    return [pid for pid in self.board_order() if self.perms[pid].d.statics]


def static_subjects(self: "MuhqState", src: Perm, applies_to: Any) -> list[int]:
    ctx = Ctx(src.id, src.d, src.controller)
    if applies_to == "self":
        return [src.id]
    if applies_to == "equipped_unit":
        return [src.base] if src.d.type == "equipment" and src.base is not None else []
    if isinstance(applies_to, dict) and "each" in applies_to:
        return self.group(applies_to, ctx, use_stats=False)
    return []


# -- entering the board ---------------------------------------------------------------------------------
def enter(self: "MuhqState", card: int, controller: int, cell: int, played: bool = False) -> int:
    """Put a card onto a field as a permanent (untapped, no markers; MUHQ-APHASE-7); `enters` happens.
    ``played``: it was played from hand (a token created on the board was not)."""
    d = self.card_def[card]
    p = Perm(card, d, self.card_owner[card], controller, cell)
    self.perms[card] = p
    self.occ[cell] = card
    self.entered(card)
    if played and d.type == "unit":
        pending = self.players[controller].pending
        # MUHQ-EQUIP-3 (b): pending equipment goes to "die nächste gespielte Unit", the next unit played this
        # turn; a token that enters (Levy) is not played
        if pending:
            for eq in list(pending):
                pending.remove(eq)
                e = Perm(eq, self.card_def[eq], self.card_owner[eq], controller, None)
                self.perms[eq] = e
                self.join_pile(eq, card)
    self.event("enters", card)
    return card


def join_pile(self: "MuhqState", member: int, base: int) -> None:
    m = self.perms[member]
    if m.cell is not None:
        del self.occ[m.cell]
        m.cell = None
    m.base = base
    self.perms[base].pile.append(member)
    self.changed()


def crew_count(self: "MuhqState", pid: int) -> int:
    perms = self.perms
    count = 0
    for m in perms[pid].pile:
        if perms[m].d.type == "unit":
            count += 1
    return count


def can_crew(self: "MuhqState", unit: int, base: int) -> bool:
    """MUHQ-CREW-2: a unit may end its move on a crewable unit of the same controller with room."""
    b = self.perms.get(base)
    if b is None or b.d.type != "unit" or base == unit or b.base is not None:
        return False
    # An equipped unit may board with its equipment (its own pile stays with it, MUHQ-PILE-5); a unit that
    # carries crew itself may not (no crew inside crew).
    return (b.controller == self.perms[unit].controller and self.stats()[base].crew > self.crew_count(base)
            and not self.crew_count(unit))


# -- leaving the board (MUHQ-PERM-5, 6; MUHQ-TOKEN-2) ------------------------------------------------
def take_off(self: "MuhqState", pid: int) -> tuple[Perm, int | None]:
    """Step (a): off its field or out of its pile. Returns the permanent and its former field."""
    p = self.perms.pop(pid)
    cell = None
    if p.base is not None:
        base = self.perms.get(p.base)
        if base is not None and pid in base.pile:
            base.pile.remove(pid)
        b = base
        while b is not None and b.base is not None:
            b = self.perms.get(b.base)
        cell = b.cell if b is not None else None
    elif p.cell is not None:
        cell = p.cell
        del self.occ[cell]
    if self.activation == pid:
        self.activation = None  # MUHQ-APHASE-4: the activation ends when the permanent leaves
        self.ai = None
    self.changed()
    return p, cell


def leave_board(self: "MuhqState", pid: int, zone: str) -> None:
    """MUHQ-PERM-6: a permanent leaves other than by destruction (to its owner's hand)."""
    p, cell = self.take_off(pid)
    self.start_drop(p, cell)
    if p.d.token:
        self.removed.append(pid)  # MUHQ-TOKEN-2
    elif zone == "hand" and p.owner != NEUTRAL:
        self.players[p.owner].hand.append(pid)
    else:
        self.put_in_discard(pid)
    self.after_leaving(p, cell)


def destroy(self: "MuhqState", pid: int) -> None:
    """MUHQ-PERM-5: (a) off the field, (b) drop the pile, (c) markers go, (d) to the owner's discard pile
    (a token is removed from the game); a unit dies (OP-23)."""
    p, cell = self.take_off(pid)
    self.start_drop(p, cell)
    if p.d.token:
        self.removed.append(pid)
    else:
        self.put_in_discard(pid)
    if p.d.type == "unit":
        self.event("dies", pid, departed=p)
    self.after_leaving(p, cell)


def after_leaving(self: "MuhqState", p: Perm, cell: int | None) -> None:
    if self.victory_item is not None and p.id == self.victory_item:
        self.return_victory_item()


def put_in_discard(self: "MuhqState", card: int) -> None:
    owner = self.card_owner[card]
    if self.card_def[card].token:
        self.removed.append(card)  # MUHQ-TOKEN-3
    elif owner == NEUTRAL or not self.players[owner].alive:
        self.removed.append(card)
    else:
        self.players[owner].discard.append(card)  # MUHQ-DISC-2


def discard_from_hand(self: "MuhqState", player: int, card: int) -> None:
    self.players[player].hand.remove(card)
    self.put_in_discard(card)


def start_drop(self: "MuhqState", p: Perm, cell: int | None) -> None:
    """MUHQ-PILE-4: the pile's members are dropped around the former field by the former controller.
    Equipment lose 1 durability first and are destroyed below 1 (MUHQ-EQUIP-7)."""
    if not p.pile:
        return
    members = []
    for m in p.pile:
        mp = self.perms[m]
        mp.base = None
        if mp.d.type == "equipment":
            mp.worn += 1
            self.mark_raised(m)
            if mp.d.durability - mp.worn < 1:
                self.perms.pop(m)
                self.start_drop(mp, cell)
                self.put_in_discard(m)
                self.after_leaving(mp, cell)
                continue
        members.append(m)
    p.pile = []
    if members and cell is not None:
        # Members wait off the board (no field) until placed; they stay permanents in self.perms.
        self.drops.append(Drop(p.controller, cell, members))
    self.changed()


def drop_fields(self: "MuhqState", drop: Drop, member: int) -> list[int]:
    sw = self.stats()[member].swimming
    return [c for c in self.grid.cells_in_range(drop.cell, 1) if self.available(c, sw)]


def place_dropped(self: "MuhqState", drop: Drop, member: int, cell: int | None) -> None:
    drop.members.remove(member)
    if cell is None:  # no available field: destroyed (MUHQ-PILE-4, 5)
        mp = self.perms.pop(member)
        self.start_drop(mp, drop.cell)
        self.put_in_discard(member)
        if mp.d.type == "unit":
            self.event("dies", member, departed=mp)
        self.after_leaving(mp, drop.cell)
    else:
        mp = self.perms[member]
        mp.cell = cell
        self.occ[cell] = member
    if not drop.members:
        self.drops.remove(drop)
    self.changed()


def return_victory_item(self: "MuhqState") -> None:
    """MUHQ-WIN-7 / OP-42: the item goes back to its start field or the nearest available one."""
    item: int = self.victory_item  # type: ignore[assignment]  # (only called when there is one)
    for zone in (self.removed, *(pl.discard for pl in self.players)):
        if item in zone:
            zone.remove(item)
    d = self.card_def[item]
    cell = self.grid.nearest_available(self.victory_item_home, lambda c: self.available(c, d.swimming))
    if cell is None:
        self.removed.append(item)
        return
    p = Perm(item, d, self.card_owner[item], NEUTRAL, cell)
    self.perms[item] = p
    self.occ[cell] = item
    self.changed()


# -- resource ---------------------------------------------------------------------------------------
def steal(self: "MuhqState", thief: int, victim: int, amount: int) -> None:
    """MUHQ-RES-4."""
    n = min(amount, self.players[victim].resource)
    self.players[victim].resource -= n
    self.players[thief].resource += n


def draw(self: "MuhqState", seat: int, count: int) -> None:
    """MUHQ-DECK-2: from the top; an empty deck draws nothing (no reshuffle, OP-4), except in the upkeep
    (MUHQ-DECK-4, upkeep_reshuffle)."""
    pl = self.players[seat]
    for _ in range(count):
        if not pl.deck:
            if pl.discard and (self.opts["reshuffle_on_empty_draw"] or self.upkeep_of(seat)):
                pl.deck, pl.discard = pl.discard, []
                self.rng.shuffle(pl.deck)
            else:
                return
        pl.hand.append(pl.deck.pop())
    self.upkeep_reshuffle(seat)


def upkeep_of(self: "MuhqState", seat: int) -> bool:
    """Is it ``seat``'s upkeep, with the rulebook's reshuffle in it (option upkeep_reshuffle)?"""
    return self.phase is UPKEEP_PHASE and seat == self.active and self.opts["upkeep_reshuffle"]


def upkeep_reshuffle(self: "MuhqState", seat: int) -> None:
    """MUHQ-DECK-4 (rulebook, Deck: "Wenn das [Deck] während des Upkeeps keine Karten mehr enthält … mische
    den Ablagestapel als neues Deck"): whenever the deck is empty during its owner's upkeep, the shuffled
    discard pile becomes the deck (at the upkeep's start, and after a draw in it)."""
    pl = self.players[seat]
    if not pl.deck and pl.discard and self.upkeep_of(seat):
        pl.deck, pl.discard = pl.discard, []
        self.rng.shuffle(pl.deck)


class BoardMixin:
    # -- where things are ------------------------------------------------------------------------------------
    cell_of = cell_of
    field_of = field_of
    board_order = board_order
    name_of = name_of
    available = available
    static_sources = static_sources
    static_subjects = static_subjects

    # -- entering the board ---------------------------------------------------------------------------------
    enter = enter
    join_pile = join_pile
    crew_count = crew_count
    can_crew = can_crew

    # -- leaving the board (MUHQ-PERM-5, 6; MUHQ-TOKEN-2) ------------------------------------------------
    take_off = take_off
    leave_board = leave_board
    destroy = destroy
    after_leaving = after_leaving
    put_in_discard = put_in_discard
    discard_from_hand = discard_from_hand
    start_drop = start_drop
    drop_fields = drop_fields
    place_dropped = place_dropped
    return_victory_item = return_victory_item

    # -- resource ---------------------------------------------------------------------------------------
    steal = steal
    draw = draw
    upkeep_of = upkeep_of
    upkeep_reshuffle = upkeep_reshuffle

    # -- damage and combat (MUHQ-DMG, MUHQ-COMBAT) -------------------------------------------------------
    lethal = _combat.lethal
    deal_damage = _combat.deal_damage
    defender_problem = _combat.defender_problem
    combat = _combat.combat
    turn_order_of_steal = _combat.turn_order_of_steal

    # -- events and triggers (MUHQ-ACT-7, spec 7.7) --------------------------------------------------------
    event = _events.event
    subject_matches = _events.subject_matches
    trigger_sources = property(_events.trigger_sources)
    trigger_sources_by_event = _events.trigger_sources_by_event
