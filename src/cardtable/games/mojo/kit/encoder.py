"""Mojo: a fixed action table by card *value*, and an observation of counts per value.

Mojo's 78 cards have 13 values, and a card's colour follows from its value (spec 2.1): two cards of the same
value are the same card for every rule. So the encoding works by value, not card ID.

Actions (``P`` = number of discard piles, ``T`` = the Mojo threshold, at least 1)::

    [0, 13·P)              play a card of value v on pile p           index p·13 + v
    13·P                   stop (after an equal play, MOJO-4.4)
    13·P + 1               draw from the draw pile
    13·P + 2 + p           draw the top card of pile p (two-pile variant, MOJO-8.3)
    13·P + 2 + P + v       reveal a face-down card of value v (MOJO-5.5)
    … + 13 + i             reveal face-down card #i (owner_sees_facedown = false)

When a player holds two cards of one value, "play a 7" plays the copy the other players already know about
(``known`` in the view: a card drawn from a pile), else the lowest card ID: playing the known copy keeps the
hidden one hidden. Nothing else is lost.

Observation (every entry in [0, 1]; seats are relative: 0 is the observer, 1 the next seat, …):

* own hand and own face-down row (when the owner may see it): cards per value / 8;
* per seat: total / target_score, hand size / 20, face-down row size / 10, revealed cards per value / 8, the
  cards of that seat everybody knows of per value / 8, in the Mojo moment, to act, holds the Mojo card;
* per pile: the top card's value one-hot, pile size / 78; all discard-pile cards per value / 8 (the cards
  played so far: public, and what a good player counts);
* draw pile / 78, phase one-hot (play, replay, draw_choice, over), direction, the Mojo card's side,
  round / 10.
"""

from __future__ import annotations

from typing import Any, Mapping

import numpy as np

from cardtable.engine import Action, Game
from cardtable.engine.encoding import ActionMap, Layout, TableEncoder, one_hot, relative

from ..actions import Draw, Play, Reveal, Stop

VALUES = 13
PHASES = ("play", "replay", "draw_choice", "over")


class MojoEncoder(TableEncoder):
    def __init__(self, game: Game) -> None:
        super().__init__(game)
        n = self.num_players
        cat = game.catalogue()
        self.value = [c["value"] for c in sorted(cat["cards"], key=lambda c: c["id"])]
        self.npiles = game.options["discard_piles"]
        self.target = max(1, game.options["target_score"])
        threshold = getattr(game, "threshold", None)
        if not isinstance(threshold, int):  # the game's resolved MOJO-5.1 threshold; 'auto' is 2 or 3
            t = game.options["mojo_threshold"]
            threshold = (2 if n == 2 else 3) if t == "auto" else t
        self.positions = max(1, threshold)
        P = self.npiles
        self.i_stop = VALUES * P
        self.i_draw_deck = self.i_stop + 1
        self.i_draw_pile = self.i_draw_deck + 1
        self.i_reveal_value = self.i_draw_pile + P
        self.i_reveal_pos = self.i_reveal_value + VALUES
        self.num_actions = self.i_reveal_pos + self.positions
        self.labels = ([f"play a {v} on pile {p}" for p in range(P) for v in range(VALUES)] + ["stop", "draw from the draw pile"]  # i18n: no (programmers: the Python API)
                       + [f"draw the top of pile {p}" for p in range(P)] + [f"reveal a {v}" for v in range(VALUES)]  # i18n: no (programmers: the Python API)
                       + [f"reveal face-down card #{i + 1}" for i in range(self.positions)])  # i18n: no (programmers: the Python API)

        lay = self.layout = Layout()
        self.o_hand = lay.add("own hand per value", VALUES)  # i18n: no (programmers: the Python API)
        self.o_down = lay.add("own face-down row per value", VALUES)  # i18n: no (programmers: the Python API)
        self.seat_width = 6 + 2 * VALUES
        self.o_seats = lay.add("seats (relative)", n * self.seat_width)  # i18n: no (programmers: the Python API)
        self.o_piles = lay.add("piles: top value one-hot, size", P * (VALUES + 1))  # i18n: no (programmers: the Python API)
        self.o_played = lay.add("discard-pile cards per value", VALUES)  # i18n: no (programmers: the Python API)
        self.o_misc = lay.add("draw pile, phase, direction, Mojo side, round, draw choice", 1 + len(PHASES) + 3 + P)  # i18n: no (programmers: the Python API)
        self.observation_size = lay.size

    # -- actions -----------------------------------------------------------------------------
    def index_of(self, a: Action, view: Mapping[str, Any], player: int) -> int | None:
        value: list[int] = self.value
        if isinstance(a, Play):
            return a.pile * VALUES + value[a.card]
        if isinstance(a, Reveal):
            if a.card is not None:
                return int(self.i_reveal_value + value[a.card])
            assert a.position is not None, "a reveal names a card or a position"
            return int(self.i_reveal_pos + a.position) if a.position < self.positions else None
        if isinstance(a, Draw):
            return int(self.i_draw_deck) if a.source == "deck" else int(self.i_draw_pile + (a.pile or 0))
        if isinstance(a, Stop):
            return int(self.i_stop)
        return None

    def preference(self, a: Action, view: Mapping[str, Any], player: int) -> Any:
        card = getattr(a, "card", None)
        if card is None:
            return 0
        known = view["seats"][player]["known"]
        return (card not in known, card)

    # -- observation -------------------------------------------------------------------------
    def features(self, view: Mapping[str, Any], player: int, out: np.ndarray, actions: ActionMap) -> None:
        n = self.num_players
        value = self.value
        seats = view["seats"]
        me = seats[player]
        for c in me.get("hand") or ():
            out[self.o_hand + value[c]] += 1 / 8
        for c in me.get("facedown") or ():
            out[self.o_down + value[c]] += 1 / 8
        holder = view["mojo_card"]["holder"]
        to_act = view["current_player"]
        w = self.seat_width
        for seat in seats:
            i = seat["seat"]
            base = self.o_seats + relative(i, player, n) * w
            out[base] = seat["total"] / self.target
            out[base + 1] = seat["hand_size"] / 20
            out[base + 2] = seat["facedown_size"] / 10
            out[base + 3] = seat["in_mojo"]
            out[base + 4] = i == to_act
            out[base + 5] = i == holder
            for c in seat["revealed"]:
                out[base + 6 + value[c]] += 1 / 8
            for c in seat["known"]:
                out[base + 6 + VALUES + value[c]] += 1 / 8
        for p, pile in enumerate(view["piles"]):
            base = self.o_piles + p * (VALUES + 1)
            if pile:
                out[base + value[pile[-1]]] = 1.0
            out[base + VALUES] = len(pile) / 78
            for c in pile:
                out[self.o_played + value[c]] += 1 / 8
        base = self.o_misc
        out[base] = view["draw_pile"] / 78
        one_hot(out, base + 1, PHASES.index(view["phase"]) if view["phase"] in PHASES else -1, len(PHASES))
        base += 1 + len(PHASES)
        out[base] = view["direction"] == "clockwise"
        out[base + 1] = view["mojo_card"]["side"] != "0"
        out[base + 2] = view["round"] / 10
        choice = view["pending"]["draw_choice"]
        if choice is not None:
            one_hot(out, base + 3, choice, self.npiles)


__all__ = ["MojoEncoder"]
