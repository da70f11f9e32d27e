"""MAOQY as a cardtable game: its description, options and the checks that tie them together."""

from __future__ import annotations

from typing import Any

from cardtable.engine import Action, Game, GameInfo, OptionError, State
from cardtable.engine.game import fresh_seed
from cardtable.engine.i18n import N_, Translator

from .kit import KIT
from . import cards as C
from .actions import CODEC, Direction, Discard, Draw, Hide, Open, Pass, Street
from .options import OPTIONS
from .state import MaoqyState

_ = Translator("maoqy")
_n = _.plural
#: the game's summary, translated where it is described
SUMMARY = N_("Level 1: draw, lay down or pass; lay runs of a kingdom as a street; a complete kingdom (17) wins.")


def translated_description(described: dict[str, Any]) -> dict[str, Any]:
    """A game's description with its summary and option help texts in the reader's language."""
    out = dict(described)
    out["summary"] = _(out["summary"])
    out["options"] = [{**o, "doc": _(o["doc"])} for o in out.get("options", [])]
    return out


class MaoqyGame(Game):
    info = GameInfo(
        name="maoqy",
        title="MAOQY",
        summary=SUMMARY,
        min_players=2,  # OP-1
        max_players=12,
        default_players=2,  # two seats, as `simulate --agents random,random` expects
        rules_version="maoqy/1",
        turn_rule="MAOQY-4.3",
        limit_rules=("MAOQY-8.3",),
        docs="docs/maoqy.md",
        rule_pattern=r"MAOQY-\d+(?:\.\d+)*",
    )
    kit = KIT
    declared_options = OPTIONS
    codec = CODEC

    def check_options(self) -> None:
        opts = self.options
        opts["kingdoms"] = list(opts["kingdoms"])  # a game's own copy of the (possibly default) list
        kingdoms = len(opts["kingdoms"])
        if self.num_players > kingdoms:  # OP-1: each player needs a kingdom nobody else can claim
            raise OptionError(_("{players} players need at least {players} colour kingdoms in the deck; option kingdoms "
                                "has {count} ({names})", players=self.num_players, count=kingdoms,
                                names=", ".join(opts["kingdoms"])))

    def new_initial_state(self, seed: int | None = None) -> MaoqyState:
        return MaoqyState(self, fresh_seed(seed))

    def describe(self) -> dict[str, Any]:
        return {**translated_description(super().describe()), "level": 1, "docs": self.info.docs}

    def catalogue(self) -> dict[str, Any]:
        deck = C.deck(self.options["kingdoms"], self.options["extra_cards"])
        return {
            "cards": [C.catalogue_entry(c) for c in deck],
            "card_titles": [C.catalogue_title(c) for c in deck],  # the cards' names in the reader's language
            "kingdoms": [{"index": k, "name": name, "name_de": C.KINGDOMS_DE[k], "complement": C.KINGDOMS[C.COMPLEMENT[k]],
                          "title": C.kingdom_name(k), "in_deck": name in self.options["kingdoms"]}
                         for k, name in enumerate(C.KINGDOMS)],
            "other_kingdoms": list(C.OTHER_KINGDOMS),
            "other_kingdom_titles": [C.kingdom_name(name) for name in C.OTHER_KINGDOMS],
            "figures": list(C.FIGURES),
            "figures_de": list(C.FIGURES_DE),
            "figure_titles": [C.figure_name(n) for n in range(1, C.PER_KINGDOM + 1)],
            "cards_per_kingdom": C.PER_KINGDOM,
            "backs": list(C.ALL_KINGDOMS) + [C.NO_KINGDOM],
        }

    def undoable(self, state: State, action: Action) -> bool:
        # A draw from the Unknown shows its drawer a hidden card and may reshuffle; every other action
        # moves a card the actor could already see (or that was public) and uses no chance.
        return not (isinstance(action, Draw) and action.source == "unknown")

    def display_order(self, actions: list[Action], view: dict[str, Any] | None = None) -> list[Action]:
        kinds = {"direction": 0, "street": 1, "draw": 2, "discard": 3, "open": 4, "hide": 5, "pass": 6}
        sources = {"unknown": 0, "known": 1, "open": 2, "hiding": 3, "hand": 4, "street": 5}

        def key(a: Action) -> tuple[Any, ...]:
            cards = getattr(a, "cards", None) or (getattr(a, "card", None),)
            first = -1 if cards[0] is None else cards[0]
            return (kinds[a.type], sources.get(getattr(a, "source", ""), 0), getattr(a, "player", None) or 0,
                    -len(cards), first, getattr(a, "value", ""))

        return sorted(actions, key=key)

    def action_label(self, action: Action) -> str:
        if isinstance(action, Direction):
            # the order from seat 0, as the table shows it ("seat 0 → 2 → 1"), not a formula
            step = 1 if action.value == "cw" else -1
            n = self.num_players
            order = " → ".join(str(step * i % n) for i in range(min(n, 5))) + (" …" if n > 5 else "")
            if step == 1:
                return _("play clockwise (seat {order})", order=order)
            return _("play counter-clockwise (seat {order})", order=order)
        if isinstance(action, Draw):
            if action.source == "unknown":
                return _("draw from the Unknown")
            if action.source == "known":
                if action.card is None:
                    return _("draw the top card of the Known")
                return _("draw {card} from the Known", card=C.label(action.card))
            if action.source == "open":
                return _("draw {card} from seat {seat}'s open hand", card=_label(action.card), seat=action.player)
            if action.source == "hiding":
                return _("take back {card} from the hiding place", card=_label(action.card))
            if action.source == "hand":
                return _("draw from a hand")
            return _("draw from a street")
        if isinstance(action, Discard):
            return _("discard {card} onto the Known", card=C.label(action.card))
        if isinstance(action, Open):
            return _("open {card} (to the open hand)", card=C.label(action.card))
        if isinstance(action, Hide):
            return _("hide {card} (in the hiding place)", card=C.label(action.card))
        if isinstance(action, Street):
            cards = sorted(action.cards)
            if cards and all(c < C.STANDARD_CARDS for c in cards) and len({c // C.PER_KINGDOM for c in cards}) == 1:
                numbers = [C.NUMBER[c] for c in cards]
                run = f"{numbers[0]}-{numbers[-1]}" if len(numbers) > 1 and numbers[-1] - numbers[0] == len(numbers) - 1 \
                    else ", ".join(map(str, numbers))
                return _("street: {kingdom} {run}", kingdom=C.kingdom_name(C.KINGDOM[cards[0]]), run=run)
            return _("street: {cards}", cards=C.labels(cards))
        if isinstance(action, Pass):
            return _("pass")
        return str(action)

    def view_label(self, action: Action, view: dict[str, Any]) -> str | None:
        """A draw from the reader's own open hand reads as theirs ('seat 0's open hand' to seat 0 read oddly)."""
        if isinstance(action, Draw) and action.source == "open" and action.player == view.get("viewer"):
            return _("take {card} back from your open hand", card=_label(action.card))
        return None

    secret_actions = True  # hiding a card, and taking one back from the hiding place

    def log_entry(self, action: Action, actor: int, viewer: int | None) -> tuple[str, dict[str, Any]]:
        """What ``viewer`` reads of ``actor``'s action: others learn that a card was hidden or taken
        back, and its kingdom only where backs show it (MAOQY section 7), never the card."""
        public = self.public_action(action, actor, viewer)
        if not _secret(action, actor, viewer):
            return self.action_label(action), public
        assert isinstance(action, (Hide, Draw)) and action.card is not None  # a secret action names its card
        back = C.BACK[action.card] if self.options["backs_show_kingdom"] else None
        if back and back != C.NO_KINGDOM:
            a_card = _("a {kingdom} card", kingdom=C.kingdom_name(back))
        else:
            a_card = _("a card")
        if isinstance(action, Hide):
            return _("hide {card} (in the hiding place)", card=a_card), public
        return _("take back {card} from the hiding place", card=a_card), public

    def public_action(self, action: Action, actor: int, viewer: int | None) -> dict[str, Any]:
        """The JSON form of ``action`` by ``actor`` as ``viewer`` saw it (spec section 7): the card of a hide
        or of a take-back from a hiding place is known only to the actor. For logs shown to other seats."""
        out = action.to_json()
        if _secret(action, actor, viewer):
            out.pop("card", None)
        return out


def _secret(action: Action, actor: int, viewer: int | None) -> bool:
    """Does ``viewer`` not learn the card of ``actor``'s action? (a hide, or a take-back from hiding)"""
    return viewer != actor and (isinstance(action, Hide) or (isinstance(action, Draw) and action.source == "hiding"))


def _label(card: int | None) -> str:
    """A drawn card's label; ``a card`` for a draw that names none (the codec lets the field be left out)."""
    return C.label(card) if card is not None else _("a card")
