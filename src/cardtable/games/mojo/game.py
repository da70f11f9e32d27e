"""Mojo as a cardtable game: its description, options and the checks that tie them together."""

from __future__ import annotations

from typing import Any, Mapping, Sequence

from cardtable.engine import Action, Game, GameInfo, OptionError, State
from cardtable.engine.game import fresh_seed
from cardtable.engine.i18n import N_, Translator

from .kit import KIT
from . import cards as C
from .actions import CODEC, Draw, Play, Reveal, Stop
from .options import OPTIONS
from .phases import REPLAY
from .state import MojoState

_ = Translator("mojo")
_n = _.plural


class MojoGame(Game):
    info = GameInfo(
        name="mojo",
        title="Mojo",
        summary=N_("Shedding game: play lower, equal or higher than the discard pile; lowest total wins."),
        min_players=2,  # OP-3
        max_players=8,
        default_players=3,
        rules_version="mojo/1",
        turn_rule="MOJO-3.6",
        docs="docs/mojo.md",
        rule_pattern=r"MOJO-\d+(?:\.\d+)*",
    )
    kit = KIT
    declared_options = OPTIONS
    codec = CODEC

    def check_options(self) -> None:
        opts = self.options
        n = self.num_players
        threshold = opts["mojo_threshold"]
        self.threshold = (2 if n == 2 else 3) if threshold == "auto" else threshold  # MOJO-5.1
        if opts["hand_size"] <= self.threshold:
            raise OptionError(_("option hand_size={size} must be greater than the Mojo threshold {threshold} (MOJO-2.2)",
                                size=opts["hand_size"], threshold=self.threshold))
        if opts["hand_size"] * n + opts["discard_piles"] > C.NUM_CARDS:
            raise OptionError(_n(
                "hand_size {size} × {players} players + {piles} discard pile needs more than the 78 cards",
                "hand_size {size} × {players} players + {piles} discard piles needs more than the 78 cards",
                opts["discard_piles"], size=opts["hand_size"], players=n, piles=opts["discard_piles"]))
        first = opts["first_player"]
        if first != "random" and first >= n:
            raise OptionError(_("option first_player={first} is not a seat; seats are 0 to {last} (MOJO-3.3)",
                                first=first, last=n - 1))

    def new_initial_state(self, seed: int | None = None) -> MojoState:
        return MojoState(self, fresh_seed(seed))

    def catalogue(self) -> dict[str, Any]:
        return {
            "cards": [{"id": i, "value": C.VALUE[i], "colour": C.COLOURS[C.COLOUR[i]]} for i in range(C.NUM_CARDS)],
            "colours": list(C.COLOURS),
            "max_raw_score": C.MAX_RAW_SCORE,
        }

    def undoable(self, state: State, action: Action) -> bool:
        # An equal play keeps the turn (MOJO-4.3.2) and draws nothing: taking it back reveals nothing
        # new. Every other action ends the turn, draws or reveals.
        return isinstance(action, Play) and isinstance(state, MojoState) and state.phase is REPLAY

    def display_order(self, actions: Sequence[Action], view: Mapping[str, Any] | None = None) -> list[Action]:
        kinds = {"play": 0, "stop": 1, "draw": 2, "reveal": 3}

        def key(a: Action) -> tuple[int, int, int, int, int]:
            card = getattr(a, "card", None)
            return (kinds[a.type], C.VALUE[card] if card is not None else -1, card or 0, getattr(a, "pile", 0) or 0,
                    getattr(a, "position", 0) or 0)

        return sorted(actions, key=key)

    def describe(self) -> dict[str, Any]:
        """The engine's description with the game's own words (summary, option help) in the reader's language."""
        out = super().describe()
        out["summary"] = _(self.info.summary)
        out["options"] = [{**o, "doc": _(o["doc"])} for o in out["options"]]
        return out

    def action_label(self, action: Action) -> str:
        """A move as a person reads it, in the reader's language (made when read: never cached)."""
        if isinstance(action, Play):
            if self.options["discard_piles"] == 2:
                return _("play {card} on pile {pile}", card=C.label(action.card), pile=action.pile)
            return _("play {card}", card=C.label(action.card))
        if isinstance(action, Draw):
            if action.source == "deck":
                return _("draw from the draw pile")
            return _("draw the top card of pile {pile}", pile=action.pile)
        if isinstance(action, Stop):
            return _("stop (end your turn)")
        if isinstance(action, Reveal):
            if action.card is not None:
                return _("reveal {card}", card=C.label(action.card))
            if action.position is not None:
                return _("reveal face-down card #{number}", number=action.position + 1)
        return str(action)
