"""Supplies in a battle: which may be summoned into which row, the check of a summon, and a supply's mode."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import PlayUnsummoned, Summon, made
from ..cards import linked
from ..text import ROW_NAMES, kept
from ..words import N_, Said, said
from .fight import ROWS, ROW_INDEX
from ..modes import WINDOW
from ..acts_costs import substitution_problem, summon_cost, summon_payments
from ..acts_summon import _in_hand, _unique_on_board
from ..effects.triggers import event
from .members import current_fight, in_rounds
from .strength import row_capacity, row_supplies
from ..moves import can_pay, enter_board, to_zone
from .. import upcalls as _up
from ..writes import add_supply, set_supply_mode

if TYPE_CHECKING:
    from cardtable.engine import Action

    from ..acts_info import Bad
    from ..cards import CardDef
    from ..core import Inst, Item
    from ..state import MitoszState


# -- supplies (MIT-3.8, MIT-7.3.4) -----------------------------------------------------------------
def supply_options(self: MitoszState, seat: int) -> list[Action]:
    f = self.fight
    if f is None or f.kind != "battle" or not in_rounds(self):
        return []
    side = f.side_of(seat)
    if side is None:
        return []
    out: list[Action] = []
    p = self.players[seat]
    cards = [self.cards[i] for i in _up.distinct(self, p.hand) if is_supply_card(self, self.cards[i].d)]
    if not cards or self.mode is not WINDOW:
        return out
    # what check_supply asks of the row, once per row: a leader of this player on the board (MIT-7.3.4.c/d),
    # room (MIT-7.3.4.b, OP-48) or a monster's empty row (MIT-8.monster.3)
    rows = []
    for row in range(3):
        leader = f.row_leader(side, row)
        if leader < 0 or self.cards[leader].zone != "board" or self.cards[leader].controller != seat:
            continue
        here = row_supplies(self, side, row)
        closed = any(is_monster(self.cards[i].d) for i in here)
        room = not closed and len(here) < row_capacity(self, side, row)
        rows.append((row, self.cards[leader].d, room, not here))
    if not rows:
        return out
    flying_only = side == "att" and _up._flying_restricted(self)
    for inst in cards:
        d = inst.d
        if (flying_only and "flying" not in d.subtypes) or (d.unique and _unique_on_board(self, d)):
            continue
        monster = is_monster(d)
        payable = None
        for row, leader_d, room, empty in rows:
            if not (empty if monster else room):
                continue
            if linked(d, leader_d):  # the free way dominates paying (MIT-3.8.f)
                out.append(made(PlayUnsummoned, inst.iid, None, ROWS[row]))
                continue
            if payable is None:  # MIT-3.1.g: a supply linked to the high god may substitute a point
                payable = summon_payments(self, seat, inst.iid, summon_cost(self, inst.iid))
            for pay_from, pay_for in payable:
                out.append(made(Summon, inst.iid, None, pay_from, pay_for, ROWS[row]))
    return out


def is_monster(d: CardDef) -> bool:
    """MIT-8.monster: a monster leader may also be played into a battle as a supply (OP-58)."""
    return d.card_type == "leader" and "monster" in d.subtypes


def is_supply_card(self: MitoszState, d: CardDef) -> bool:
    return d.card_type == "supply" or is_monster(d)


def check_supply(self: MitoszState, seat: int, a: Summon | PlayUnsummoned) -> Bad | None:
    bad = _in_hand(self, seat, a.card, N_("summon a supply"))
    if bad:
        return bad
    d = self.cards[a.card].d
    f = self.fight
    if f is None or f.kind != "battle":
        return ("MIT-3.8.a" if f is None else "MIT-7.5.3", said(N_("a supply can only be summoned into a battle"))
                if f is None else said(N_("no supply can be summoned in a duel")))
    if not in_rounds(self) or self.mode is not WINDOW:
        return ("MIT-6.2.3.2.d", said(N_("supplies are summoned in the fight rounds")))
    side = f.side_of(seat)
    if side is None:
        return ("MIT-7.3.4.d", said(N_("only the players in the fight summon supplies")))
    if a.row not in ROW_INDEX:
        return ("MIT-7.3.4.a", said(N_("name a row: {rows}"), rows=", ".join(ROWS)))
    row = ROW_INDEX[a.row]
    leader = f.row_leader(side, row)
    if leader < 0 or self.cards[leader].zone != "board":
        return ("MIT-7.3.4.c", said(N_("your {row} has no army leader: no supply may be played into it"), row=kept(ROW_NAMES, a.row)))
    if self.cards[leader].controller != seat:
        return ("MIT-7.3.4.d", said(N_("only the player whose leader leads a row plays cards into it")))
    here = row_supplies(self, side, row)
    if is_monster(d):
        if here:  # MIT-8.monster.3: beside an army leader whose row holds no supply yet
            return ("MIT-8.monster.3", said(N_("the {row} already holds a supply: no monster may join it"), row=kept(ROW_NAMES, a.row)))
    elif any(is_monster(self.cards[i].d) for i in here):
        return ("MIT-8.monster.3", said(N_("a monster fights in the {row}: no more supplies may join it"), row=kept(ROW_NAMES, a.row)))
    elif len(here) >= row_capacity(self, side, row):
        return ("MIT-7.3.4.b", said(N_("the {row} holds as many supplies as it may ({n}, OP-48)"), row=kept(ROW_NAMES, a.row),
                                     n=row_capacity(self, side, row)))
    if side == "att" and _up._flying_restricted(self) and "flying" not in d.subtypes:
        return ("MIT-8.flying", said(N_("a flying commander attacked through a closed road: every supply must fly (OP-59)")))
    if d.unique and _unique_on_board(self, d):
        return ("MIT-2.3.b", said(N_("{card} is unique and already on the board"), card=d))
    if isinstance(a, PlayUnsummoned):
        if not linked(d, self.cards[leader].d):
            return ("MIT-3.8.f", said(N_("{card} is not linked to {leader}: it must be summoned"), card=d, leader=self.cards[leader].d))
        return None
    cost = list(summon_cost(self, a.card))
    bad = substitution_problem(self, seat, a.card, cost, a.pay_from, a.pay_for)
    if bad:
        return bad
    if not can_pay(self, seat, cost):
        return ("MIT-6.3.3", said(N_("{card} costs {cost}; your spheres hold {spheres}"), card=d, cost="/".join(map(str, cost)),
                               spheres="/".join(map(str, self.players[seat].spheres))))
    return None


def first_use(self: MitoszState, user: Inst) -> None:
    """OP-20 (``supply_mode_timing=on_first_use``): a supply's first maneuver fixes its mode."""
    place = current_fight(self).supplies.get(user.iid)  # a maneuver used in a fight
    if place is not None and place[2] == "undecided":
        set_supply_mode(self, current_fight(self), user.iid, (place[0], place[1], "maneuvers"))
        self.note(N_("{user} uses a maneuver: from now on its level no longer counts (OP-20)"), user=user.d)


def enter_row(self: MitoszState, item: Item) -> None:
    """A supply resolves into its row; its mode follows the row (MIT-3.8.c, MIT-3.8.d, MIT-3.8.e, OP-20)."""
    f = self.fight
    iid = item.card
    seat = item.player
    side = f.side_of(seat) if f is not None else None
    if f is None or side is None or f.row_leader(side, item.row) < 0:
        to_zone(self, iid, "afterworld")
        self.note(N_("{card} has no row to enter any more: it goes to the afterworld"), card=self.cards[iid].d)
        return
    enter_board(self, iid, seat)
    row = item.row
    add_supply(self, f, iid, (side, row, "full"))
    if is_monster(self.cards[iid].d):
        self.note(N_("{card} enters P{seat}'s {row} as a supply (MIT-8.monster.1)"), card=self.cards[iid].d,
                  seat=seat, row=Said(ROW_NAMES[ROWS[row]]))
    else:
        self.note(N_("{card} enters P{seat}'s {row}"), card=self.cards[iid].d, seat=seat,
                  row=Said(ROW_NAMES[ROWS[row]]))
    if item.paid:
        event(self, "summoned", iid, later=True)  # spec 6.6
    if row == 0 or not self.cards[iid].d.usable or is_monster(self.cards[iid].d):  # MIT-8.monster.2
        return  # nothing to choose: full in the front line; a supply without maneuvers fights with its level
    if self.opts["supply_mode_timing"] == "on_first_use":
        set_supply_mode(self, f, iid, (side, row, "undecided"))  # its level counts until it first uses a maneuver (OP-20)
        return
    chooser = seat if row == 1 else f.seat_of("def" if side == "att" else "att")
    # (self.fight is f, in a fight)
    if row == 2 and current_fight(self).row_leader("def" if side == "att" else "att", 0) >= 0:
        chooser = self.cards[
            current_fight(self).row_leader("def" if side == "att" else "att", 0)].controller
    set_supply_mode(self, f, iid, (side, row, "level"))
    _up.set_prompt(self, "supply_mode", chooser, rule="MIT-3.8.d" if row == 1 else "MIT-3.8.e",
                    options=[Said(N_("its level counts")), Said(N_("its maneuvers work"))], card=iid)
