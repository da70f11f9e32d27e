"""MAOQY's actions (spec section 6) and the tables of their instances used on the hot path.

The JSON forms are the spec's. A draw names its source with the field ``"from"``, a Python keyword:
the dataclass field is ``source`` and :class:`MaoqyCodec` translates, so ``{"type": "draw", "from":
"unknown"}`` is the only form accepted and written.
"""

from __future__ import annotations

from typing import Any, Literal

from cardtable.engine import Action, ActionCodec, IllegalAction, action
from cardtable.engine.actions import MALFORMED
from cardtable.engine.i18n import Translator

from .cards import NUM_IDS

_ = Translator("maoqy")

MAX_SEATS = 12


@action("direction")
class Direction(Action):
    value: Literal["cw", "ccw"]


@action("draw")
class Draw(Action):
    # "hand" and "street" are well formed but never legal (MAOQY-5.7, MAOQY-5.6): naming them gets the rule.
    source: Literal["unknown", "known", "open", "hiding", "hand", "street"]
    player: int | None = None
    card: int | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "draw", "from": self.source}
        if self.player is not None:
            out["player"] = self.player
        if self.card is not None:
            out["card"] = self.card
        return out


@action("discard")
class Discard(Action):
    card: int


@action("open")
class Open(Action):
    card: int


@action("hide")
class Hide(Action):
    card: int


@action("street")
class Street(Action):
    cards: tuple[int, ...]


@action("pass")
class Pass(Action):
    pass


class MaoqyCodec(ActionCodec):
    """The engine's codec, with a draw's ``"from"`` field mapped to the ``source`` attribute."""

    def parse(self, data: Any) -> Action:
        if isinstance(data, dict) and data.get("type") == "draw":
            if "source" in data:
                raise IllegalAction(MALFORMED, _("'draw' has no field 'source'; name where to draw with 'from' "
                                                 "('unknown', 'known', 'open' or 'hiding')"))
            data = {("source" if key == "from" else key): value for key, value in data.items()}
            try:
                return super().parse(data)
            except IllegalAction as exc:
                raise IllegalAction(exc.rule, exc.message.replace("'source'", "'from'")) from None
        return super().parse(data)


CODEC = MaoqyCodec(Direction, Draw, Discard, Open, Hide, Street, Pass)

# Every action a legal-action list can hold, made once: legal_actions hands out these objects.
DIRECTIONS = (Direction("cw"), Direction("ccw"))
DRAW_UNKNOWN = Draw("unknown")
DRAW_KNOWN = Draw("known")
DRAW_KNOWN_CARD = tuple(Draw("known", card=c) for c in range(NUM_IDS))
DRAW_OPEN = tuple(tuple(Draw("open", seat, c) for c in range(NUM_IDS)) for seat in range(MAX_SEATS))
DRAW_HIDING = tuple(Draw("hiding", card=c) for c in range(NUM_IDS))
DISCARD = tuple(Discard(c) for c in range(NUM_IDS))
OPEN = tuple(Open(c) for c in range(NUM_IDS))
HIDE = tuple(Hide(c) for c in range(NUM_IDS))
STREET_ONE = tuple(Street((c,)) for c in range(NUM_IDS))
PASS = Pass()
