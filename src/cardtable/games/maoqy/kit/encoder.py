"""MAOQY (Level 1): a fixed action table over the deck's cards, and an observation of card planes.

Every card of MAOQY is unique (kingdom × number), so the table names cards. With ``D`` the cards in the deck
(the chosen kingdoms, plus any extra cards), ``K`` its colour kingdoms and ``n`` seats::

    0, 1                       choose the direction: cw, ccw (MAOQY-4)
    2                          draw from the Unknown
    3                          draw the top of the Known
    4 + d                      draw card d from the Known (known_draw = any)
    … + q·D + d                draw card d from the open hand of relative seat q (0 = own)
    … + d                      take card d back from the own hiding place
    … + d                      discard card d (from the hand or the own open hand)
    … + d                      open card d
    … + d                      hide card d
    … + k·153 + (lo, hi)       lay street cards of kingdom k, numbers lo … hi (lo ≤ hi: 153 pairs)
    last                       pass

A street action is named by its kingdom and its lowest and highest number: an opening is one run, an
extension adds cards below and/or above the own street, so (kingdom, lo, hi) names one legal action exactly
(a single card below, a single above, or the longest extension at both ends differ in lo or hi). Nothing is
lost.

Observation (relative seats: 0 is the observer):

* per deck card: in the own hand, in the own hiding place, in the Known, on top of the Known; per seat: in
  that seat's open hand, in its street(s), known to be in its hidden hand (``hand_public``);
* per seat: hand size / hand limit, hiding place size / its capacity, street cards / 17, to act, and the
  kingdoms the backs of its hidden hand and hiding place show (counts per back / hand limit; present only
  with ``backs_show_kingdom``, and always for the own cards);
* phase (direction, play, over), direction, turn / turn limit, passes / seats, Unknown size / D, the back of
  the Unknown's top card one-hot, the first player.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from cardtable.engine import Game
from cardtable.engine.encoding import ActionMap, Layout, TableEncoder, one_hot, relative

PHASES = ("direction", "play", "over")
PER_KINGDOM = 17
PAIRS = PER_KINGDOM * (PER_KINGDOM + 1) // 2  # (lo, hi) with 1 ≤ lo ≤ hi ≤ 17


def _pair_index(lo: int, hi: int) -> int:
    # row lo (1-based) holds the pairs (lo, lo) … (lo, 17)
    before = sum(PER_KINGDOM - r + 1 for r in range(1, lo))
    return before + (hi - lo)


PAIR_INDEX = {(lo, hi): _pair_index(lo, hi) for lo in range(1, PER_KINGDOM + 1) for hi in range(lo, PER_KINGDOM + 1)}


class MaoqyEncoder(TableEncoder):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = self.num_players
        cat = game.catalogue()
        opts = game.options
        self.cards = [c["id"] for c in cat["cards"]]
        self.pos = {c: i for i, c in enumerate(self.cards)}
        D = self.D = len(self.cards)
        in_deck = [k["name"] for k in cat["kingdoms"] if k["in_deck"]]
        self.kingdom_slot = {name: i for i, name in enumerate(in_deck)}
        by_id = {c["id"]: c for c in cat["cards"]}
        # (kingdom slot, number) of each street card, by card ID
        self.street_of = {c: (self.kingdom_slot[e["kingdom"]], e["number"]) for c, e in by_id.items()
                          if e.get("street") and e["kingdom"] in self.kingdom_slot}
        self.backs = list(cat["backs"])
        self.back_index = {b: i for i, b in enumerate(self.backs)}
        self.limit = max(1, opts["hand_limit"])
        self.hide_size = max(1, opts["hiding_place_size"])
        self.turn_limit = max(1, opts["turn_limit"])

        self.i_dir = 0
        self.i_unknown = 2
        self.i_known_top = 3
        self.i_known = 4
        self.i_open_draw = self.i_known + D
        self.i_hiding = self.i_open_draw + n * D
        self.i_discard = self.i_hiding + D
        self.i_open = self.i_discard + D
        self.i_hide = self.i_open + D
        self.i_street = self.i_hide + D
        self.i_pass = self.i_street + len(in_deck) * PAIRS
        self.num_actions = self.i_pass + 1
        label = {c: f"{e['kingdom'] or e['name']} {e['number']}" for c, e in by_id.items()}
        pair_names = sorted(PAIR_INDEX, key=PAIR_INDEX.__getitem__)
        self.labels = (["direction cw", "direction ccw", "draw from the Unknown", "draw the top of the Known"]  # i18n: no (programmers: the Python API)
                       + [f"draw {label[c]} from the Known" for c in self.cards]  # i18n: no (programmers: the Python API)
                       + [f"draw {label[c]} from the open hand of seat +{q}" for q in range(n) for c in self.cards]  # i18n: no (programmers: the Python API)
                       + [f"take {label[c]} back from the hiding place" for c in self.cards]  # i18n: no (programmers: the Python API)
                       + [f"discard {label[c]}" for c in self.cards] + [f"open {label[c]}" for c in self.cards]
                       + [f"hide {label[c]}" for c in self.cards]
                       + [f"street {k} {lo}-{hi}" for k in in_deck for lo, hi in pair_names] + ["pass"])
        assert len(self.labels) == self.num_actions

        lay = self.layout = Layout()
        self.o_own = lay.add("own hand, own hiding place, Known, Known top (per card)", 4 * D)  # i18n: no (programmers: the Python API)
        self.o_seat_cards = lay.add("per seat: open hand, streets, public hand cards (per card)", 3 * n * D)  # i18n: no (programmers: the Python API)
        nb = len(self.backs)
        self.seat_width = 4 + 2 * nb
        self.o_seats = lay.add("per seat: sizes, to act, backs", n * self.seat_width)  # i18n: no (programmers: the Python API)
        self.o_misc = lay.add("phase, direction, turn, passes, Unknown, first player", len(PHASES) + 2 + 3 + nb + n)  # i18n: no (programmers: the Python API)
        self.observation_size = lay.size

    # -- actions -----------------------------------------------------------------------------
    # ``a`` is one of MAOQY's actions: its ``type`` says which, and so which fields it has (a dispatch on the type
    # string, which a type checker cannot follow: hence Any).
    def index_of(self, a: Any, view: Mapping[str, Any], player: int) -> int | None:
        kind = a.type
        pos = self.pos
        if kind == "discard":
            return self.i_discard + pos[a.card]
        if kind == "open":
            return self.i_open + pos[a.card]
        if kind == "hide":
            return self.i_hide + pos[a.card]
        if kind == "draw":
            src = a.source
            if src == "unknown":
                return self.i_unknown
            if src == "known":
                return self.i_known_top if a.card is None else self.i_known + pos[a.card]
            if src == "open":
                return self.i_open_draw + relative(a.player, player, self.num_players) * self.D + pos[a.card]
            if src == "hiding":
                return self.i_hiding + pos[a.card]
            return None
        if kind == "street":
            spots = [self.street_of[c] for c in a.cards]
            k = spots[0][0]
            nums = [num for _, num in spots]
            return self.i_street + k * PAIRS + PAIR_INDEX[(min(nums), max(nums))]
        if kind == "pass":
            return self.i_pass
        if kind == "direction":
            return self.i_dir + int(a.value == "ccw")
        return None

    # -- observation -------------------------------------------------------------------------
    def features(self, view: Mapping[str, Any], player: int, out: np.ndarray, actions: ActionMap) -> None:
        n = self.num_players
        D = self.D
        pos = self.pos
        seats = view["seats"]
        me = seats[player]
        o = self.o_own
        for c in me.get("hand") or ():
            out[o + pos[c]] = 1.0
        for c in me.get("hiding") or ():
            out[o + D + pos[c]] = 1.0
        known = view["known"]
        for c in known:
            out[o + 2 * D + pos[c]] = 1.0
        if known:
            out[o + 3 * D + pos[known[-1]]] = 1.0
        to_act = view["current_player"]
        back = self.back_index
        nb = len(self.backs)
        w = self.seat_width
        for seat in seats:
            i = seat["seat"]
            r = relative(i, player, n)
            base = self.o_seat_cards + r * 3 * D
            for c in seat["open"]:
                out[base + pos[c]] = 1.0
            for street in seat["streets"]:
                for c in street:
                    out[base + D + pos[c]] = 1.0
            for c in seat["hand_public"]:
                out[base + 2 * D + pos[c]] = 1.0
            base = self.o_seats + r * w
            out[base] = seat["hand_size"] / self.limit
            out[base + 1] = seat["hiding_size"] / self.hide_size
            out[base + 2] = seat["street_cards"] / PER_KINGDOM
            out[base + 3] = i == to_act
            for b in seat.get("hand_backs") or ():
                out[base + 4 + back[b]] += 1 / self.limit
            for b in seat.get("hiding_backs") or ():
                out[base + 4 + nb + back[b]] += 1 / self.hide_size
        base = self.o_misc
        phase = view["phase"]
        one_hot(out, base, PHASES.index(phase) if phase in PHASES else -1, len(PHASES))
        base += len(PHASES)
        out[base] = view["direction"] == "cw"
        out[base + 1] = view["direction"] == "ccw"
        out[base + 2] = view["turn"] / self.turn_limit
        out[base + 3] = view["passes"] / n
        out[base + 4] = view["unknown_size"] / D
        top = view.get("unknown_top_back")
        if top is not None:
            one_hot(out, base + 5, back.get(top, -1), nb)
        one_hot(out, base + 5 + nb, relative(view.get("first_player"), player, n), n)


__all__ = ["MaoqyEncoder"]
