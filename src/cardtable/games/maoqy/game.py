"""MAOQY as a cardtable game: its description, options and the checks that tie them together."""

from __future__ import annotations

from typing import Any

from cardtable.engine import Game, GameInfo, OptionError
from cardtable.engine.game import fresh_seed

from . import cards as C
from .actions import CODEC, Direction, Discard, Draw, Hide, Open, Pass, Street
from .options import OPTIONS
from .state import MaoqyState


class MaoqyGame(Game):
    info = GameInfo(
        name="maoqy",
        title="MAOQY",
        summary="Level 1: draw, lay down or pass; lay runs of a kingdom as a street; a complete kingdom (17) wins.",
        min_players=2,  # OP-1
        max_players=12,
        default_players=2,  # two seats, as `simulate --agents random,random` expects
        rules_version="maoqy/1",
        turn_rule="MAOQY-4.3",
        limit_rules=("MAOQY-8.3",),
        docs="docs/maoqy.md",
        rule_pattern=r"MAOQY-\d+(?:\.\d+)*",
    )
    declared_options = OPTIONS
    codec = CODEC

    def check_options(self) -> None:
        opts = self.options
        opts["kingdoms"] = list(opts["kingdoms"])  # a game's own copy of the (possibly default) list
        kingdoms = len(opts["kingdoms"])
        if self.num_players > kingdoms:  # OP-1: each player needs a kingdom nobody else can claim
            raise OptionError(f"{self.num_players} players need at least {self.num_players} colour kingdoms in the deck; "
                              f"option kingdoms has {kingdoms} ({', '.join(opts['kingdoms'])})")

    def new_initial_state(self, seed: int | None = None) -> MaoqyState:
        return MaoqyState(self, fresh_seed(seed))

    def describe(self) -> dict[str, Any]:
        return {**super().describe(), "level": 1, "docs": self.info.docs}

    def catalogue(self) -> dict[str, Any]:
        deck = C.deck(self.options["kingdoms"], self.options["extra_cards"])
        return {
            "cards": [C.catalogue_entry(c) for c in deck],
            "kingdoms": [{"index": k, "name": name, "name_de": C.KINGDOMS_DE[k], "complement": C.KINGDOMS[C.COMPLEMENT[k]],
                          "in_deck": name in self.options["kingdoms"]} for k, name in enumerate(C.KINGDOMS)],
            "other_kingdoms": list(C.OTHER_KINGDOMS),
            "figures": list(C.FIGURES),
            "figures_de": list(C.FIGURES_DE),
            "cards_per_kingdom": C.PER_KINGDOM,
            "backs": list(C.ALL_KINGDOMS) + [C.NO_KINGDOM],
        }

    def undoable(self, state, action) -> bool:
        # A draw from the Unknown shows its drawer a hidden card and may reshuffle; every other action
        # moves a card the actor could already see (or that was public) and uses no chance.
        return not (isinstance(action, Draw) and action.source == "unknown")

    def display_order(self, actions, view=None):
        kinds = {"direction": 0, "street": 1, "draw": 2, "discard": 3, "open": 4, "hide": 5, "pass": 6}
        sources = {"unknown": 0, "known": 1, "open": 2, "hiding": 3, "hand": 4, "street": 5}

        def key(a):
            cards = getattr(a, "cards", None) or (getattr(a, "card", None),)
            first = -1 if cards[0] is None else cards[0]
            return (kinds[a.type], sources.get(getattr(a, "source", ""), 0), getattr(a, "player", None) or 0,
                    -len(cards), first, getattr(a, "value", ""))

        return sorted(actions, key=key)

    def action_label(self, action) -> str:
        if isinstance(action, Direction):
            # the order from seat 0, as the table shows it ("seat 0 → 2 → 1"), not a formula
            step = 1 if action.value == "cw" else -1
            n = self.num_players
            order = " → ".join(str(step * i % n) for i in range(min(n, 5))) + (" …" if n > 5 else "")
            return f"play {'clockwise' if step == 1 else 'counter-clockwise'} (seat {order})"
        if isinstance(action, Draw):
            if action.source == "unknown":
                return "draw from the Unknown"
            if action.source == "known":
                return "draw the top card of the Known" if action.card is None else f"draw {C.label(action.card)} from the Known"
            if action.source == "open":
                return f"draw {_label(action.card)} from seat {action.player}'s open hand"
            if action.source == "hiding":
                return f"take back {_label(action.card)} from the hiding place"
            return f"draw from a {action.source}"
        if isinstance(action, Discard):
            return f"discard {C.label(action.card)} onto the Known"
        if isinstance(action, Open):
            return f"open {C.label(action.card)} (to the open hand)"
        if isinstance(action, Hide):
            return f"hide {C.label(action.card)} (in the hiding place)"
        if isinstance(action, Street):
            cards = sorted(action.cards)
            if cards and all(c < C.STANDARD_CARDS for c in cards) and len({c // C.PER_KINGDOM for c in cards}) == 1:
                numbers = [C.NUMBER[c] for c in cards]
                run = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 and numbers[-1] - numbers[0] == len(numbers) - 1 \
                    else ", ".join(map(str, numbers))
                return f"street: {C.KINGDOMS[C.KINGDOM[cards[0]]]} {run}"
            return f"street: {C.labels(cards)}"
        if isinstance(action, Pass):
            return "pass"
        return str(action)

    def view_label(self, action, view: dict[str, Any]) -> str | None:
        """A draw from the reader's own open hand reads as theirs ('seat 0's open hand' to seat 0 read oddly)."""
        if isinstance(action, Draw) and action.source == "open" and action.player == view.get("viewer"):
            return f"take {_label(action.card)} back from your open hand"
        return None

    secret_actions = True  # hiding a card, and taking one back from the hiding place

    def log_entry(self, action, actor: int, viewer: int | None) -> tuple[str, dict[str, Any]]:
        """What ``viewer`` reads of ``actor``'s action: others learn that a card was hidden or taken
        back, and its kingdom only where backs show it (MAOQY section 7), never the card."""
        public = self.public_action(action, actor, viewer)
        if not _secret(action, actor, viewer):
            return self.action_label(action), public
        back = C.BACK[action.card] if self.options["backs_show_kingdom"] else None
        a_card = f"a {back} card" if back and back != C.NO_KINGDOM else "a card"
        if isinstance(action, Hide):
            return f"hide {a_card} (in the hiding place)", public
        return f"take back {a_card} from the hiding place", public

    def public_action(self, action, actor: int, viewer: int | None) -> dict[str, Any]:
        """The JSON form of ``action`` by ``actor`` as ``viewer`` saw it (spec section 7): the card of a hide
        or of a take-back from a hiding place is known only to the actor. For logs shown to other seats."""
        out = action.to_json()
        if _secret(action, actor, viewer):
            out.pop("card", None)
        return out


def _secret(action, actor: int, viewer: int | None) -> bool:
    """Does ``viewer`` not learn the card of ``actor``'s action? (a hide, or a take-back from hiding)"""
    return viewer != actor and (isinstance(action, Hide) or (isinstance(action, Draw) and action.source == "hiding"))


def _label(card: int | None) -> str:
    """A drawn card's label; ``a card`` for a draw that names none (the codec lets the field be left out)."""
    return C.label(card) if card is not None else "a card"
