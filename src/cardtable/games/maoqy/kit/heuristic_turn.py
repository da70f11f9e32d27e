"""One decision of the MAOQY heuristic: the view digested into per-kingdom bit masks; the values, what it has
seen and the choice are functions in heuristic_values, heuristic_seen and heuristic_choice, bound into it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from . import heuristic_choice as _choice, heuristic_seen as _seen, heuristic_values as _values
from .heuristic_weights import NEAR

if TYPE_CHECKING:
    from cardtable.engine import Action

    from .heuristic import MaoqyHeuristic


class _Turn:
    """One decision: the view digested into per-kingdom bit masks, then the choice."""

    __slots__ = ("bot", "view", "me", "legal", "seats", "hand", "open", "hiding", "owner", "lo", "hi",
                 "hmask", "amask", "can_open", "has_street", "target", "opp_kind", "opp_adj",
                 "street_count", "score", "top_score", "_value", "_seen", "_fits")

    def __init__(self, bot: MaoqyHeuristic, view: dict[str, Any], me: int, legal: list[Action]) -> None:
        self.bot = bot
        self.view = view
        self.me = me
        self.legal = legal
        self.seats = seats = view["seats"]
        mine = seats[me]
        self.hand = mine["hand"]
        self.open = mine["open"]
        self.hiding = mine["hiding"]
        self._value: dict[int, float] = {}
        self._seen: list[int] | None = None
        self._fits: list[int | None] = [None] * bot.nk
        king, num = bot.king, bot.num
        nk = bot.nk
        owner = [-1] * nk
        lo = [0] * nk
        hi = [0] * nk
        for seat in seats:
            for st in seat["streets"]:
                k = king[st[0]]
                owner[k] = seat["seat"]
                lo[k] = num[st[0]]
                hi[k] = num[st[-1]]
        self.owner, self.lo, self.hi = owner, lo, hi
        self.street_count = [seat["street_cards"] for seat in seats]
        self.has_street = bool(mine["streets"])
        self.can_open = len(mine["streets"]) < bot.max_streets

        hmask = [0] * nk  # hidden + open hand: what a street action can use
        for cards in (self.hand, self.open):
            for c in cards:
                k = king[c]
                if k >= 0:
                    hmask[k] |= 1 << num[c]
        amask = hmask[:]  # and the hiding place
        for c in self.hiding:
            k = king[c]
            if k >= 0:
                amask[k] |= 1 << num[c]
        self.hmask = hmask

        # What the opponents visibly collect, and the cards next to their streets' ends.
        back_index = bot.back_index
        opp_kind = [0.0] * nk
        opp_adj: dict[int, float] = {}
        for seat in seats:
            q = seat["seat"]
            if q == me:
                continue
            for st in seat["streets"] if bot.can_block else ():
                # Holding the cards next to the ends blocks the street; cards further out matter less.
                opp_kind[king[st[0]]] = NEAR[-1]
                for d in range(1, len(NEAR)):
                    if num[st[0]] - d >= 1:
                        opp_adj[st[0] - d] = NEAR[d - 1]
                    if num[st[-1]] + d <= bot.per:
                        opp_adj[st[-1] + d] = NEAR[d - 1]
            if len(seat["streets"]) >= bot.max_streets:
                continue  # cannot open another street: collects nothing new
            held = [0] * nk
            backs = seat["hand_backs"]
            if backs is not None:
                for name in backs + seat["hiding_backs"]:
                    k = back_index.get(name, -1)
                    if k >= 0:
                        held[k] += 1
            else:
                for c in seat["hand_public"]:
                    k = king[c]
                    if k >= 0:
                        held[k] += 1
            for c in seat["open"]:
                k = king[c]
                if k >= 0:
                    held[k] += 1
            for k in range(nk):
                if held[k] > 2 and owner[k] < 0:
                    need = min(0.6, 0.12 * (held[k] - 2))
                    if need > opp_kind[k]:
                        opp_kind[k] = need
        self.opp_kind, self.opp_adj = opp_kind, opp_adj

        # The promise of each free kingdom, and the target (the most promising).
        self.target = -1
        self.amask = amask
        if self.can_open:
            pot = bot.pot
            best, best_score = -1, -1.0
            score = self.score = [0.0] * nk
            for k in bot.in_deck:
                if owner[k] >= 0:
                    continue
                sc = score[k] = pot(amask[k]) * (1.0 - opp_kind[k]) + bot.pref[k]
                if sc > best_score:
                    best, best_score = k, sc
            self.target = best
            self.top_score = max(best_score, 1e-9)

    # -- values (heuristic_values) ----------------------------------------------------------------
    value = _values.value
    opp_need = _values.opp_need
    keep = _values.keep
    fits = _values.fits
    placeable = _values.placeable
    draw_value = _values.draw_value
    urgency = _values.urgency

    # -- what it has seen (heuristic_seen) ------------------------------------------------------
    _visible = _seen._visible
    seen = _seen.seen
    seen_of = _seen.seen_of
    kingdom_draw = _seen.kingdom_draw
    unknown_value = _seen.unknown_value

    # -- choice (heuristic_choice) --------------------------------------------------------------
    choose = _choice.choose
    best_street = _choice.best_street
    lay_down = _choice.lay_down
    store = _choice.store
