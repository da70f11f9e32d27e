"""Nations and summoning: where a nation, item or location may go, and the checks of placing a nation,
summoning a card and playing one without summoning (the rule each check enforces)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import PlaceNation, PlayUnsummoned, Summon, made
from .acts_info import FAIL, Bad
from .modes import SUMMON_PHASES
from .cards import OPPOSITE, ROAD_OFFSET, linked
from .moves import spheres_text
from .text import CARD_TYPE_WORDS, ROAD_NAMES, SUBTYPE_WORDS, kept
from .words import N_, Said, said
from .modes import BATTLE
from .acts_costs import substitution_problem, summon_cost
from .levels.board import attached, attachments, board_insts, god_name, layout_facts, opponents
from .levels.card_types import card_type
from .moves import can_pay
from . import upcalls as _up

if TYPE_CHECKING:  # pragma: no cover
    from .cards import CardDef
    from .state import Inst, MitoszState


def _nation_cells_for(self: MitoszState, seat: int, d: CardDef) -> list[tuple[int, int]]:
    """The cells where the nation ``d`` may be placed (OP-12). They follow from the grid alone (its cells and
    their nations' roads), so they are kept by the grid's contents, across every other change."""
    memo = self.legal_memo
    if memo is None:
        memo = self.legal_memo = {}
    grid = self.players[seat].grid
    key = ("nation_cells", d, tuple(grid.items()))
    hit: list[tuple[int, int]] | None = memo.get(key)
    if hit is None:
        cells = nation_cells(self, seat)
        hit = memo[key] = [(x, y) for x, y in cells
                           if _nation_cell_problem(self, seat, d, x, y, explain=False) is None]
    return hit


def nation_cells(self: MitoszState, seat: int) -> list[tuple[int, int]]:
    grid = self.players[seat].grid
    if not grid:
        return [(0, 0)]
    cells = set()
    for (x, y) in grid:
        for dx, dy in ROAD_OFFSET.values():
            c = (x + dx, y + dy)
            if c not in grid:
                cells.add(c)
    return sorted(cells)


def item_hosts(self: MitoszState, seat: int, iid: int) -> list[int]:
    return [h for p in self.players for h in p.leaders]


def location_hosts(self: MitoszState, seat: int, iid: int) -> list[int]:
    d = self.cards[iid].d
    # MIT-2.4.c: a cursed location may also go onto another player's nation (or region)
    seats = range(self.n) if d.cursed else (seat,)
    out = [n for s in seats for n in self.players[s].grid.values()]
    if "building" in d.subtypes:
        out += [i.iid for i in board_insts(self) if i.controller in seats
                and i.d.card_type == "location" and "region" in i.d.subtypes]
    return sorted(out)


def god_linked(self: MitoszState, seat: int, iid: int) -> bool:
    return linked(self.cards[iid].d, self.cards[self.players[seat].god].d)


def _unsummoned_options(self: MitoszState, seat: int, iid: int) -> list[PlayUnsummoned]:
    out: list[PlayUnsummoned] = []
    partners = self.cards[iid].d.partners
    if not partners:
        return out
    for host in item_hosts(self, seat, iid):
        if self.cards[host].d.name not in partners:
            continue  # MIT-3.5.d: only onto a linked leader
        a = made(PlayUnsummoned, iid, host)
        if check_unsummoned(self, seat, a) is None:
            out.append(a)
    return out


# -- checks ------------------------------------------------------------------------------------
def _in_hand(self: MitoszState, seat: int, iid: int, what: str) -> Bad | None:
    if not isinstance(iid, int) or not 0 <= iid < len(self.cards) or self.cards[iid].zone != "hand" \
            or self.cards[iid].owner != seat:
        return ("MIT-1.5.1.a", said(N_("card {iid} is not in your hand; {what} from your hand"), iid=iid, what=Said(what)))
    return None


def _window_only(self: MitoszState, counter: bool, what: str) -> Bad | None:
    if counter:
        return ("MIT-6.4.1", said(N_("in a counter round only counter or locked effects may be used, not {what} (OP-23)"),
                               what=Said(what)))
    if self.phase is BATTLE:
        return ("MIT-7.2.1.b", said(N_("in the battle phase only a fight may be declared, or pass (OP-39)")))
    return None


def check_place_nation(self: MitoszState, seat: int, a: PlaceNation, counter: bool = False) -> Bad | None:
    bad = _in_hand(self, seat, a.card, N_("place a nation")) or _nation_card_problem(self, seat, a.card, counter)
    return bad or _nation_cell_problem(self, seat, self.cards[a.card].d, a.x, a.y)


def _nation_card_problem(self: MitoszState, seat: int, iid: int, counter: bool) -> Bad | None:
    d = self.cards[iid].d
    if d.card_type != "nation":
        return ("MIT-3.2.1.j", said(N_("{card} is a {type}, not a nation"), card=d, type=kept(CARD_TYPE_WORDS, d.card_type)))
    bad = _window_only(self, counter, N_("placing a nation"))
    if bad:
        return bad
    p = self.players[seat]
    if seat != self.active or self.phase not in SUMMON_PHASES:
        return ("MIT-6.2.3.1", said(N_("a nation is put onto the board only in its player's summon phase")))
    if p.nation_placed:
        return ("MIT-3.2.1.e", said(N_("one nation per turn: you have already put a nation onto the board this turn")))
    copies = _grid_copies(self, seat).get(d.id, 0)
    if self.stack:
        copies += sum(1 for it in self.stack if it.kind == "nation" and self.cards[it.card].d.id == d.id)
    if copies >= len(d.roads):
        return ("MIT-3.2.1.g", said(N_("{copies} {card} already on the board, as many as its roads ({n}): no more copies may be played"), copies=copies, card=d, n=len(d.roads)))
    return None


def _grid_copies(self: MitoszState, seat: int) -> dict[str, int]:
    """Nation card id -> copies in the grids that the copy limit counts (OP-13); kept with the layout's facts
    (the grids change only as nations enter or leave the board)."""
    cache = layout_facts(self)
    key = ("grid_copies", seat)
    hit: dict[str, int] | None = cache.get(key)
    if hit is None:
        scope = self.players if self.opts["nation_copy_scope"] == "board" else [self.players[seat]]
        hit = cache[key] = {}
        for q in scope:
            for i in q.grid.values():
                cid = self.cards[i].d.id
                hit[cid] = hit.get(cid, 0) + 1
    return hit


def _nation_cell_problem(self: MitoszState, seat: int, d: CardDef, x: int, y: int, explain: bool = True) -> Bad | None:
    """OP-12: the first nation at (0, 0); later ones beside the empire with a facing road pair. The legal-action
    list asks without ``explain`` (a refusal then carries no words)."""
    cell = (x, y)
    grid = self.players[seat].grid
    if not grid:
        if cell != (0, 0):
            return ("MIT-3.2.1.b", said(N_("your first nation goes to the cell (0, 0) (OP-12)")))
        return None
    if cell in grid:
        return ("MIT-3.2.1.f", said(N_("a nation already stands at ({x}, {y})"), x=x, y=y)) if explain else FAIL
    neighbours = [(r, grid[(x + dx, y + dy)]) for r, (dx, dy) in ROAD_OFFSET.items()
                  if (x + dx, y + dy) in grid]
    if not neighbours:
        return ("MIT-3.2.1.b", said(N_("({x}, {y}) does not touch your empire by a side; a new nation must join the empire (corner contact is not enough)"), x=x, y=y)) if explain else FAIL
    matches = [r in d.roads and OPPOSITE[r] in self.cards[m].d.roads for r, m in neighbours]
    if self.opts["nation_placement_rule"] == "all_shared_edges_match":
        for r, m in neighbours:
            if (r in d.roads) != (OPPOSITE[r] in self.cards[m].d.roads):
                return ("MIT-3.2.1.c", said(N_("the {road} edge of {card} and the facing edge of {other} do not match (every shared edge "
                                         "must)"), road=kept(ROAD_NAMES, r), card=d, other=self.cards[m].d)) \
                    if explain else FAIL
    if not any(matches):
        return ("MIT-3.2.1.c", said(N_("no road of {card} at ({x}, {y}) faces a road of a neighbouring nation"), card=d, x=x, y=y)) \
            if explain else FAIL
    return None


def check_summon(self: MitoszState, seat: int, a: Summon, counter: bool = False) -> Bad | None:
    if a.row is None and (bad := _in_hand(self, seat, a.card, N_("summon a card"))):
        return bad
    if _is_supply_play(self, a):
        return _window_only_fight(self, counter) or _up.check_supply(self, seat, a)
    bad = _summon_card_problem(self, seat, a.card, counter)
    if bad:
        return bad
    inst = self.cards[a.card]
    d = inst.d
    bad = _host_problem(self, seat, inst, a.host)
    if bad:
        return bad
    cost = list(summon_cost(self, a.card, a.host))
    bad = substitution_problem(self, seat, a.card, cost, a.pay_from, a.pay_for)
    if bad:
        return bad
    if not can_pay(self, seat, cost):
        return ("MIT-6.3.3", said(N_("{card} costs {cost}; your spheres hold {spheres}"), card=d, cost=spheres_text(cost),
                               spheres="/".join(map(str, self.players[seat].spheres))))
    return None


def _summon_card_problem(self: MitoszState, seat: int, iid: int, counter: bool) -> Bad | None:
    """The checks of a summon that do not depend on where the card goes or how it is paid."""
    d = self.cards[iid].d
    t = d.card_type
    if t == "nation":
        return ("MIT-3.2.1.j", said(N_("a nation is not summoned: place it (place_nation)")))
    if t in ("high_god", "free_maneuver", "fate"):
        rule = {"high_god": "MIT-6.3.8.b", "free_maneuver": "MIT-3.9.d", "fate": "MIT-3.7.c"}[t]
        return (rule, said(N_("a {type} need not and cannot be summoned"), type=kept(CARD_TYPE_WORDS, t)))
    if t == "supply":
        return ("MIT-3.8.a", said(N_("a supply can only be summoned into a battle")))
    bad = _window_only(self, counter, N_("summoning"))
    if bad:
        return bad
    if t != "intrigue" and (seat != self.active or self.phase not in SUMMON_PHASES):
        return ("MIT-6.2.3.1", said(N_("a {type} is summoned only in its player's summon phase"), type=kept(CARD_TYPE_WORDS, t)))
    if d.unique and _unique_on_board(self, d):
        return ("MIT-2.3.b", said(N_("{card} is unique and already on the board"), card=d))
    if t == "leader" and (self.turn, seat, d.id) in self.refusals:
        return ("MIT-3.4.3.c", said(N_("{card} is another player's high god, and that player refused to let you summon it this turn"), card=d))
    return None


def god_owner(self: MitoszState, seat: int, iid: int) -> int | None:
    """MIT-3.4.3.c: the other player whose high god this leader is, if any."""
    d = self.cards[iid].d
    if d.card_type != "leader":
        return None
    return next((o for o in opponents(self, seat) if d.name == god_name(self, o)), None)


def _unique_on_board(self: MitoszState, d: CardDef) -> bool:
    return any(i.d.id == d.id for i in board_insts(self)) or \
        any(self.cards[it.card].d.id == d.id for it in self.stack if it.card >= 0)


def _host_problem(self: MitoszState, seat: int, inst: Inst, host: int | None) -> Bad | None:
    d = inst.d
    t = d.card_type
    if t in ("leader", "intrigue"):
        return ("MIT-3.5.a", said(N_("a {type} is not attached to a card"), type=kept(CARD_TYPE_WORDS, t))) if host is not None else None
    if host is None or not isinstance(host, int) or not 0 <= host < len(self.cards) \
            or self.cards[host].zone != "board":
        if t == "item":
            return ("MIT-3.5.a", said(N_("name an own leader on the board to attach {card} to"), card=d))
        return ("MIT-3.3.a", said(N_("name an own nation on the board to attach {card} to"), card=d))
    h = self.cards[host]
    if t == "item":
        if card_type(self, h) != "leader" or host not in self.players[h.controller].leaders:
            return ("MIT-3.5.a", said(N_("an item is attached to a leader in a leader row")))
        if h.controller != seat and not d.cursed:
            return ("MIT-2.4.c", said(N_("only a cursed item may be attached to an enemy leader")))
        others = [a.d for a in attached(self, host)]
        for sub in ("weapon", "armor"):
            if sub in d.subtypes and any(sub in o.subtypes for o in others):
                return (f"MIT-8.{sub}", said(N_("{host} already carries a {subtype}: at most one per leader"), host=h.d,
                                                    subtype=kept(SUBTYPE_WORDS, sub)))
        if "relic" in d.subtypes and d.mythology != h.d.mythology and "kharenian" not in (d.mythology,
                                                                                        h.d.mythology):
            return ("MIT-8.relic", said(N_("a relic goes only on a leader of its mythology ({mythology}), unless one of them is Kharenian"), mythology=d.mythology))
        return None
    # a location
    if h.controller != seat and not d.cursed:
        return ("MIT-3.3.a", said(N_("a location is attached to an own nation (only a cursed one also to an enemy's, MIT-2.4.c)")))
    if h.d.card_type == "nation":
        if any(self.cards[x].d.card_type == "location" for x in attachments(self, host)):
            return ("MIT-3.3.a", said(N_("{host} already has a location: one location per nation"), host=h.d))
        return None
    if h.d.card_type == "location" and "region" in h.d.subtypes:
        if "building" not in d.subtypes:
            return ("MIT-8.region.a", said(N_("only a building may be attached to a region")))
        if any("building" in self.cards[x].d.subtypes for x in attachments(self, host)):
            return ("MIT-8.building.a", said(N_("{host} already has a building: at most one per region"), host=h.d))
        return None
    return ("MIT-3.3.a", said(N_("a location is attached to a nation (a building also to a region)")))


def _is_supply_play(self: MitoszState, a: Summon | PlayUnsummoned) -> bool:
    """A supply into a fight: a row given, or a supply card. A card not in one's hand is refused by
    ``_in_hand`` before this is asked (without a row), so the answer never depends on a hidden card's type."""
    return a.row is not None or (isinstance(a.card, int) and 0 <= a.card < len(self.cards)
                                 and self.cards[a.card].d.card_type == "supply")


def _window_only_fight(self: MitoszState, counter: bool) -> Bad | None:
    if counter:
        return ("MIT-6.4.1", said(N_("in a counter round only counter or locked effects may be used, not a supply (OP-23)")))
    return None


def check_unsummoned(self: MitoszState, seat: int, a: PlayUnsummoned, counter: bool = False) -> Bad | None:
    if a.row is None and (bad := _in_hand(self, seat, a.card, N_("play a card"))):
        return bad
    if _is_supply_play(self, a):
        return _window_only_fight(self, counter) or _up.check_supply(self, seat, a)
    inst = self.cards[a.card]
    d = inst.d
    bad = _window_only(self, counter, N_("playing a card"))
    if bad:
        return bad
    if d.card_type != "item":
        rule = "MIT-3.8.f" if d.card_type == "supply" else "MIT-6.3.8.a"
        return (rule, said(N_("{card} cannot be played without summoning here"), card=d))
    if d.unique and _unique_on_board(self, d):
        return ("MIT-2.3.b", said(N_("{card} is unique and already on the board"), card=d))
    bad = _host_problem(self, seat, inst, a.host)
    if bad:
        return bad
    if not linked(d, self.cards[a.host].d):  # type: ignore[index]  # (``_host_problem`` found the host)
        return ("MIT-3.5.d", said(N_("{card} is not linked to {host}: it must be summoned"), card=d,
                                  host=self.cards[a.host].d))  # type: ignore[index]
    return None
