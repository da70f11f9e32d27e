"""The primitives that move cards between zones (spec 6.4): draw, discard, mill, destroy, sacrifice,
return, search, recover, exile, put on the deck, shuffle, and looking at the top of a deck."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..actions import STACK_ID_BASE
from ..cards import PERMANENT_TYPES
from ..words import N_, Said, join, lazy, said
from .common import SUSPEND, ZONE_FROM
from ..schema.primitives import DiscardP, DrawP, ExileP, LookTopP, MillP, PlayerP, PutOnDeckP, RecoverP, SearchDeckP, TargetP
from ..effect_vocabulary import ASKS, VOCABULARY, MitoszPrimitive
from ..conflicts import prohibition_holds
from .targets import players_of, refs, resolve_target
from ..levels import abilities as _abilities
from ..levels.board import is_cursed
from ..levels.card_types import card_type
from ..levels.filters import matches, value
from ..moves import _move_to_hand, discard_card, draw, leave_board, take_out, to_zone, together
from .. import upcalls as _up


if TYPE_CHECKING:
    from ..prompts.cards import DeckOrder, Pick, Search
    from ..state import Item, MitoszState


@VOCABULARY.register
class Draw(MitoszPrimitive):
    name = "draw"
    params = DrawP
    template = N_("draw {n}")

    def resolve(self, state: MitoszState, p: DrawP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            n = value(state, p.n, refs(state, item), item)
            got = draw(state, seat, n)
            state.note(lazy._n("P{seat} draws {drawn} card", "P{seat} draws {drawn} cards", got, seat=seat, drawn=got))
        return True


@VOCABULARY.register
class Discard(MitoszPrimitive):
    name = "discard"
    params = DiscardP
    template = N_("discard {n}")
    flags = ASKS

    def resolve(self, state: MitoszState, p: DiscardP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            n = value(state, p.n, refs(state, item), item)
            hand = state.players[seat].hand
            if n <= 0 or not hand:
                continue
            if p.chooser == "random":
                for _ in range(min(n, len(hand))):
                    discard_card(state, hand[state.rng.below(len(hand))], Said(N_("at random")))
                continue
            chooser = seat if p.chooser == "owner" else item.player
            if len(hand) <= n:
                for iid in list(hand):
                    discard_card(state, iid, said("{card}", card=state.cards[item.card].d))
                continue
            _up.set_prompt(state, "discard", chooser, n=n, rule="MIT-1.5.1.b", source=said("{card}", card=state.cards[item.card].d))
            return SUSPEND
        return True


@VOCABULARY.register
class Mill(MitoszPrimitive):
    name = "mill"
    params = MillP
    template = N_("put {n} from the deck into the afterworld")

    def resolve(self, state: MitoszState, p: MillP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            deck = state.players[seat].deck
            n = min(value(state, p.n, refs(state, item), item), len(deck))

            def mill(deck: list[int] = deck, seat: int = seat, n: int = n) -> None:
                for _ in range(n):
                    iid = deck[-1]
                    to_zone(state, iid, "afterworld")
                    state.note(N_("{card} goes from P{seat}'s deck to the afterworld"), card=state.cards[iid].d, seat=seat)
            together(state, mill)
        return True


@VOCABULARY.register
class Destroy(MitoszPrimitive):
    name = "destroy"
    params = TargetP
    template = N_("destroy {target}")

    def resolve(self, state: MitoszState, p: TargetP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            if t >= STACK_ID_BASE:  # OP-27: a card being played
                it = _up.stack_item(state, t)
                if it is not None and it.kind in ("summon", "unsummoned", "nation"):
                    it.destroyed = True
                continue
            inst = state.cards[t]
            d = inst.d
            if inst.zone != "board" or d.card_type == "high_god":
                continue  # MIT-1.2.5, MIT-3.1.f
            kind = card_type(state, inst)  # MIT-5.16: the type it has now
            if kind not in PERMANENT_TYPES and kind != "supply":
                continue  # MIT-5.1
            if _abilities.restricted(state, inst, "cannot_be_destroyed") \
                    and prohibition_holds(state, inst, "cannot_be_destroyed", item):
                state.note(N_("{card} cannot be destroyed (MIT-5.9: the prohibition is the stronger effect)"), card=d)
                continue
            leave_board(state, t, "afterworld", "destroy")
        return True


@VOCABULARY.register
class Sacrifice(MitoszPrimitive):
    name = "sacrifice"
    params = TargetP
    template = N_("sacrifice {target}")

    def resolve(self, state: MitoszState, p: TargetP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            inst = state.cards[t]
            if inst.zone != "board" or inst.controller != item.player or is_cursed(state, inst)\
                    or inst.d.card_type == "high_god" or (_abilities.restricted(state, inst, "cannot_be_sacrificed")
                                                          and prohibition_holds(state, inst, "cannot_be_sacrificed", item)):
                continue  # MIT-1.2.4, MIT-2.4.b, MIT-3.1.f
            leave_board(state, t, "afterworld", "sacrifice")
        return True


@VOCABULARY.register
class ReturnToHand(MitoszPrimitive):
    name = "return_to_hand"
    params = TargetP
    template = N_("return {target} to hand")

    def resolve(self, state: MitoszState, p: TargetP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            inst = state.cards[t]
            if inst.zone == "board" and inst.d.card_type not in ("nation", "high_god"):  # MIT-3.2.1.f
                leave_board(state, t, "hand", "return")
        return True


@VOCABULARY.register
class SearchDeck(MitoszPrimitive):
    name = "search_deck"
    params = SearchDeckP
    template = N_("search the deck for {filter}")
    flags = ASKS

    def resolve(self, state: MitoszState, p: SearchDeckP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            f = p.filter.model_copy(update={"zone": "deck"}) if p.filter is not None else None
            found = [i for i in reversed(state.players[seat].deck)
                     if f is None or matches(state, state.cards[i], f, seat, refs(state, item))]
            n = value(state, p.n, refs(state, item), item)
            restricted = p.filter is not None
            if not found:
                state.note(N_("P{seat} searches the deck and finds nothing that fits; the deck is shuffled"), seat=seat)
                state.rng.shuffle(state.players[seat].deck)
                continue
            choices = _up.distinct(state, found)
            if len(choices) == 1 and n == 1:
                _found(state, seat, choices[0], p.to, restricted)
                state.rng.shuffle(state.players[seat].deck)  # MIT-1.3.3
                continue
            _up.set_prompt(state, "search", seat, rule="MIT-1.3.3", cards=tuple(choices), to=p.to, restricted=restricted,
                            left=n)
            return SUSPEND
        return True


def _found(self: MitoszState, seat: int, iid: int, to: str, restricted: bool) -> None:
    d = self.cards[iid].d
    if to == "deck_top":
        deck = self.players[seat].deck
        deck.remove(iid)
        deck.append(iid)
    else:
        take_out(self, iid)
        _move_to_hand(self, iid)
    if restricted:
        self.note(N_("P{seat} searches the deck and shows the card found: {card} (MIT-1.3.3)"), seat=seat, card=d)
    else:
        self.note(N_("P{seat} searches the deck and takes a card"), seat=seat)
        self.note(N_("you found {card}"), (seat,), card=d)


def answer_search(self: MitoszState, pr: Search, card: int) -> None:
    seat = pr.player
    _found(self, seat, card, pr.to, pr.restricted)
    left = pr.left - 1
    remaining = [i for i in pr.cards if i != card and self.cards[i].zone == "deck"]
    if left > 0 and remaining:
        _up.ask(self, replace(pr, cards=tuple(_up.distinct(self, remaining)), left=left))
        return
    self.rng.shuffle(self.players[seat].deck)  # MIT-1.3.3


def answer_pick(self: MitoszState, pr: Pick, card: int) -> None:
    """Recover by filter: the card picked comes back from the afterworld; the next is asked."""
    seat = pr.player
    _recover(self, seat, card)
    left = pr.left - 1
    remaining = [i for i in pr.cards if i != card and self.cards[i].zone == "afterworld"]
    if left > 0 and remaining:
        _up.ask(self, replace(pr, cards=tuple(remaining), left=left))


def _recover(self: MitoszState, seat: int, iid: int) -> None:
    """MIT-1.4.3, OP-06: from the afterworld into the owner's hand, shown; no shuffle."""
    inst = self.cards[iid]
    take_out(self, iid)
    _move_to_hand(self, iid)
    self.note(N_("P{owner} recovers {card} from the afterworld (MIT-1.4.3)"), owner=inst.owner, card=inst.d)


@VOCABULARY.register
class Recover(MitoszPrimitive):
    name = "recover"
    params = RecoverP
    template = N_("recover {target}{filter}")
    flags = ASKS

    def resolve(self, state: MitoszState, p: RecoverP, item: Item) -> bool:
        if p.target is not None:
            for t in resolve_target(state, p.target, item):
                if state.cards[t].zone == "afterworld":
                    _recover(state, item.player, t)
            return True
        assert p.filter is not None  # RecoverP: a filter where there is no target
        for seat in players_of(state, p.player, item):
            f = p.filter.model_copy(update={"zone": "afterworld"})
            pool = [i for i in reversed(state.players[seat].afterworld)
                    if matches(state, state.cards[i], f, seat, refs(state, item))]
            n = value(state, p.n if p.n is not None else 1, refs(state, item), item)
            if not pool:
                continue
            if len(_up.distinct(state, pool)) == 1 and n == 1:
                _recover(state, seat, pool[0])
                continue
            _up.set_prompt(state, "pick", seat, rule="MIT-1.4.3", cards=tuple(_up.distinct(state, pool)), left=n,
                            text=Said(N_("choose a card to recover from the afterworld")))
            return SUSPEND
        return True


@VOCABULARY.register
class Exile(MitoszPrimitive):
    name = "exile"
    params = ExileP
    template = N_("exile {target}")

    def resolve(self, state: MitoszState, p: ExileP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            inst = state.cards[t]
            if inst.zone == "board":
                leave_board(state, t, "oblivion", "exile")
            elif inst.zone in ("hand", "deck", "afterworld"):
                state.note(N_("{card} (P{owner}) sinks into oblivion from {zone} (MIT-1.4.4)"), card=inst.d, owner=inst.owner,
                          zone=Said(ZONE_FROM.get(inst.zone, inst.zone)))
                to_zone(state, t, "oblivion")
        return True


@VOCABULARY.register
class PutOnDeck(MitoszPrimitive):
    name = "put_on_deck"
    params = PutOnDeckP
    template = N_("put {target} on the deck")

    def resolve(self, state: MitoszState, p: PutOnDeckP, item: Item) -> bool:
        for t in resolve_target(state, p.target, item):
            inst = state.cards[t]
            if inst.zone == "board":
                leave_board(state, t, "deck", "deck")
                if p.position == "bottom":
                    deck = state.players[inst.owner].deck
                    deck.remove(t)
                    deck.insert(0, t)
            else:
                to_zone(state, t, "deck", p.position)
            state.deckout = None  # OP-04: a deck received a card
        return True


@VOCABULARY.register
class ShuffleDeck(MitoszPrimitive):
    name = "shuffle_deck"
    params = PlayerP
    template = N_("shuffle the deck")

    def resolve(self, state: MitoszState, p: PlayerP, item: Item) -> bool:
        for seat in players_of(state, p.player, item):
            state.rng.shuffle(state.players[seat].deck)
            state.note(N_("P{seat} shuffles the deck"), seat=seat)
        return True


@VOCABULARY.register
class LookTop(MitoszPrimitive):
    name = "look_top"
    params = LookTopP
    template = N_("look at the top {n} card(s)")
    flags = ASKS

    def resolve(self, state: MitoszState, p: LookTopP, item: Item) -> bool:
        to_order: list[tuple[int, tuple[int, ...]]] = []
        for seat in players_of(state, p.player, item):
            deck = state.players[seat].deck
            n = value(state, p.n, refs(state, item), item)
            top = tuple(reversed(deck[-n:])) if n > 0 else ()  # the top card first
            state.note(N_("P{player} looks at the top {n} card(s) of P{seat}'s deck"), player=item.player, n=n, seat=seat)
            if top:
                state.note(N_("top of the deck: {cards}"), (item.player,), cards=join(state.cards[i].d for i in top))
            else:
                state.note(N_("top of the deck: nothing"), (item.player,))
            if p.reorder and len({state.cards[i].d for i in top}) > 1:
                to_order.append((seat, top))
        if not to_order:
            return True
        _ask_deck_order(state, item.player, to_order)
        return SUSPEND


def _ask_deck_order(self: MitoszState, seat: int, decks: list[tuple[int, tuple[int, ...]]],
                    placed: tuple[int, ...] = ()) -> None:
    """``reorder``: the looker puts the cards back on top of each deck (``decks``: (owner, the cards, the top
    first)) in the order they choose, the top card first; equal cards are one choice."""
    owner, cards = decks[0]
    _up.set_prompt(self, "deck_order", seat, rule="spec 6.4", deck=owner, cards=cards, placed=placed,
                    rest=tuple(decks[1:]))


def answer_deck_order(self: MitoszState, pr: DeckOrder, card: int) -> None:
    placed = pr.placed + (card,)
    left = [i for i in pr.cards if i not in placed]
    if len({self.cards[i].d for i in left}) > 1:
        _ask_deck_order(self, pr.player, [(pr.deck, pr.cards)] + list(pr.rest), placed)
        return
    order = list(placed) + left  # the top card first
    deck = self.players[pr.deck].deck
    for i in order:  # wherever they are now (a redeal of a search bot's may have moved them), on top
        deck.remove(i)
    deck.extend(reversed(order))
    self.note(N_("P{seat} puts the top {n} cards of P{deck}'s deck back in the order they chose"), seat=pr.player, n=len(order), deck=pr.deck)
    self.note(N_("top of the deck now: {cards}"), (pr.player,), cards=join(self.cards[i].d for i in order))
    if pr.rest:
        _ask_deck_order(self, pr.player, list(pr.rest))
