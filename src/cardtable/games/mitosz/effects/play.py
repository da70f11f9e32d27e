"""Cards played by an effect (spec 6.4 ``play_card``): the ways to play a fitting card, the choice, and
playing the chosen one."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar

from ..text import ROW_INTO, word
from ..vocabulary import ROWS
from ..words import N_, Said, said
from ..core import Item
from .common import SUSPEND, ZONE_FROM
from ..modes import PROMPT
from ..schema.primitives import PlayCardP
from ..effect_vocabulary import ASKS, VOCABULARY, MitoszPrimitive
from ..acts_costs import summon_cost
from ..acts_summon import _host_problem, _unique_on_board, god_owner, item_hosts, location_hosts
from .stack import _ask_on_enter, _resolve_card
from . import targets as _targets
from ..fights.strength import row_capacity, row_supplies
from ..fights.supplies import enter_row, is_monster
from ..levels.filters import matches
from ..moves import can_pay, pay
from .. import upcalls as _up


if TYPE_CHECKING:
    from ..core import Inst
    from ..state import MitoszState


@VOCABULARY.register
class PlayCard(MitoszPrimitive):
    """The player plays one card that fits the filter from the named zone: a leader into the leader row, an
    item or a location onto a legal host, an intrigue, a supply into an own row of the battle being fought.
    ``free`` pays nothing (MIT-1.5.3.b); ``unsummoned`` is also free and ignores what forbids summoning it
    (MIT-1.5.3.c: a unique copy may come, then MIT-2.3.c); otherwise the summoning cost is paid. Placement
    rules hold (OP-07). With several ways the player chooses (a prompt); with none nothing happens."""

    name = "play_card"
    params = PlayCardP
    flags = ASKS
    #: the call read by the zone it plays from
    FROM: ClassVar[dict[str, str]] = {"hand": N_("play a card from the hand"),
                                      "afterworld": N_("play a card from the afterworld"),
                                      "deck": N_("play a card from the deck")}

    def text(self, p: PlayCardP, fill: Callable[[str, Any], str]) -> str:
        return word(self.FROM, p.from_)

    def resolve(self, state: MitoszState, p: PlayCardP, item: Item) -> bool:
        seat = item.player
        choices = play_choices(state, seat, p, item)
        how = {"free": p.free or p.unsummoned, "unsummoned": p.unsummoned}
        if not choices:
            state.note(N_("P{seat} has no card in {zone} to play (spec 6.4)"), seat=seat,
                      zone=Said(ZONE_FROM.get(p.from_, p.from_)))
            return True
        if len(choices) == 1:
            return play_by_effect(state, seat, choices[0], how)
        labels = [_play_label(state, seat, c, how) for c in choices]
        _up.set_prompt(state, "play_card", seat, rule="MIT-6.5.1", options=labels, choices=tuple(choices), **how)
        return SUSPEND


def play_choices(self: MitoszState, seat: int, p: Any, item: Item) -> list[tuple[int, str, int]]:
    """(card, how, where) for every way to play a fitting card: ``leader``, ``intrigue``, ``host`` (an item's or
    a location's host) or ``row`` (a supply's row); one card of each definition."""
    zone = p.from_
    f = p.filter.model_copy(update={"zone": zone}) if p.filter is not None else None
    refs = _targets.refs(self, item)
    free = p.free or p.unsummoned
    out = []
    for iid in _up.distinct(self, list(reversed(getattr(self.players[seat], zone)))):
        inst = self.cards[iid]
        d = inst.d
        if f is not None and not matches(self, inst, f, seat, refs):
            continue
        if d.unique and not p.unsummoned and _unique_on_board(self, d):
            continue  # MIT-2.3.b
        t = d.card_type
        if t == "leader":
            ways = [] if god_owner(self, seat, iid) is not None else [("leader", -1)]  # MIT-3.4.3.c asks leave
        elif t == "intrigue":
            ways = [("intrigue", -1)]
        elif t in ("item", "location"):
            hosts = item_hosts(self, seat, iid) if t == "item" else location_hosts(self, seat, iid)
            ways = [("host", h) for h in hosts
                    if _host_problem(self, seat, inst, h) is None]  # (it reads the definition only)
        elif t == "supply":
            ways = [("row", r) for r in _rows_open_to(self, seat, inst)]
        else:
            ways = []  # a nation is placed, a fate or a free maneuver used, by their player's act
        for how, where in ways:
            if free or can_pay(self, seat, summon_cost(self, iid, where if how == "host" else None)):
                out.append((iid, how, where))
    return out


def _rows_open_to(self: MitoszState, seat: int, inst: Inst) -> list[int]:
    """The own rows of the battle being fought that a supply may enter now (MIT-7.3.4, OP-48, MIT-8.flying)."""
    f = self.fight
    if f is None or f.kind != "battle" or f.stage != "rounds":
        return []  # MIT-3.8.a
    side = f.side_of(seat)
    if side is None or (side == "att" and _up._flying_restricted(self) and "flying" not in inst.d.subtypes):
        return []
    out = []
    for row in range(3):
        leader = f.row_leader(side, row)
        if leader < 0 or self.cards[leader].zone != "board" or self.cards[leader].controller != seat:
            continue
        here = row_supplies(self, side, row)
        if not any(is_monster(self.cards[i].d) for i in here) and len(here) < row_capacity(self, side, row):
            out.append(row)
    return out


def _play_label(self: MitoszState, seat: int, choice: tuple[int, str, int], how: dict[str, Any]) -> Said:
    iid, kind, where = choice
    d = self.cards[iid].d
    if kind == "host":
        text = said(N_("{card} onto {host}"), card=d, host=self.cards[where].d)
    elif kind == "row":
        text = said(N_("{card} {into}"), card=d, into=Said(ROW_INTO[ROWS[where]]))
    else:
        text = said("{card}", card=d)
    cost = (0, 0, 0, 0) if how["free"] else summon_cost(self, iid, where if kind == "host" else None)
    return said(N_("{card} (pays {cost})"), card=text, cost="/".join(map(str, cost))) if any(cost) else text


def play_by_effect(self: MitoszState, seat: int, choice: tuple[int, str, int], how: dict[str, Any]) -> bool:
    """The chosen card is played now, inside the effect's resolution: paid, then onto the board as a summon
    puts it (MIT-6.3.6; no counter round of its own, OP-43.4). From the deck, the deck is shuffled (MIT-1.3.3)."""
    iid, kind, where = choice
    inst = self.cards[iid]
    came_from = inst.zone
    cost = (0, 0, 0, 0) if how["free"] else summon_cost(self, iid, where if kind == "host" else None)
    pay(self, seat, cost)
    zone = Said(ZONE_FROM.get(came_from, came_from))
    if any(cost):
        self.note(N_("P{seat} plays {card} from {zone} by an effect (pays {cost}) (MIT-6.5.1)"), seat=seat,
                  card=inst.d, zone=zone, cost="/".join(map(str, cost)))
    else:
        self.note(N_("P{seat} plays {card} from {zone} by an effect for free (MIT-6.5.1)"), seat=seat, card=inst.d,
                  zone=zone)
    it = Item(-1, "unsummoned" if how["unsummoned"] else "summon", seat, iid, host=where if kind == "host" else -1)
    if kind == "row":
        it.kind, it.row, it.paid = "supply", where, not how["unsummoned"]  # a summon fires ``summoned``
        enter_row(self, it)  # may ask the supply's mode (OP-20): the resolution waits for the answer
    else:
        _resolve_card(self, it)
        _ask_on_enter(self, it)  # MIT-6.3.7: as when it is summoned (the question waits for its answer)
    if came_from == "deck":
        self.rng.shuffle(self.players[seat].deck)
    return SUSPEND if self.mode is PROMPT else True
