"""Mojo's four actions (spec section 6) and the tables of their instances used on the hot path."""

from __future__ import annotations

from typing import Literal

from cardtable.engine import Action, ActionCodec, action

from .cards import NUM_CARDS


@action("play")
class Play(Action):
    card: int
    pile: int = 0


@action("draw")
class Draw(Action):
    source: Literal["deck", "pile"]
    pile: int | None = None


@action("stop")
class Stop(Action):
    pass


@action("reveal")
class Reveal(Action):
    card: int | None = None
    position: int | None = None


CODEC = ActionCodec(Play, Draw, Stop, Reveal)

# Every action a legal-action list can hold, made once: legal_actions hands out these objects.
PLAY = tuple(tuple(Play(card, pile) for card in range(NUM_CARDS)) for pile in (0, 1))
REVEAL_CARD = tuple(Reveal(card=card) for card in range(NUM_CARDS))
REVEAL_POSITION = tuple(Reveal(position=i) for i in range(NUM_CARDS))
DRAW_DECK = Draw("deck")
DRAW_PILE = (Draw("pile", 0), Draw("pile", 1))
STOP = Stop()
