"""Mítosz's determinizer (spec section 9: what each seat sees).

Hidden from seat ``p``, and redealt: every other player's hand together with their deck (cards never change
owner, MIT-G1, and a card in hand or deck is in its owner's, so what another player holds in hand and deck
is, as a multiset, exactly their cards that are nowhere in sight: the hand keeps its size, the deck takes
the rest in random order), and the order of ``p``'s own deck. Public: the board, gods and spheres,
afterworlds, oblivion, the stack, the fight, effects, ``p``'s own hand.

Left out (the redeal is a little wider than a perfect-recall player's information set): a card revealed
from the top of a deck goes to its bottom (MIT-4.2.3.b, OP-33), where everyone knows it is; a card
peeked at in a hand (MIT-4.2.3.c) is known to the peeker; a card shown after a search is known to be in
that hand. Call it for the player to act (a search bot does): a prompt addressed to another player may
name cards of that player's hand or deck.

Kept in place: a card of another player's hand that a prompt addressed to ``player`` names, and the top cards of
a deck that ``player`` looked at and is putting back in an order (``look_top`` with ``reorder``). A high god's
owner is asked leave when another player would summon it as a leader (MIT-3.4.3.c, decks sharing a high god):
the question names the card, and answering it announces that very card from the asker's hand. A deck holds one
high god (MIT-1.3.1), so naming the card tells which copy it is.

Also here: the hooks by which a search bot learns from another player's pass (``agents/inference.py``):
``passed_before``, ``before_pass``, ``hidden_key``, ``with_hidden``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from cardtable.engine.resample import fresh_rng, shuffled
from cardtable.engine.rng import Rng
from cardtable.games.mitosz.prompts.cards import DeckOrder
from cardtable.games.mitosz.state import MitoszState
from cardtable.games.mitosz.writes import set_zone

if TYPE_CHECKING:
    from cardtable.games.mitosz.core import Player
    from cardtable.games.mitosz.prompts.base import Prompt


def determinize(state: MitoszState, player: int, rng: Rng) -> MitoszState:
    s = state.clone()
    s.rng = fresh_rng(rng)
    # The log may hold notes for one seat only (what an unrestricted search found, a peeked card): keep those
    # the player may read, so nothing of another seat's travels with the determinization.
    s.keep_log_for(player)
    if s.result is not None:
        return s
    prompt = s.prompt
    card = getattr(prompt, "card", None) if prompt is not None and prompt.player == player else None
    shown = () if card is None else (card,)
    seen = _looked_at(prompt, player)
    for p in s.players:
        on_top = [i for i in p.deck if i in seen]  # where the player saw them, in that order
        if p.seat == player:
            p.deck = shuffled([i for i in p.deck if i not in seen], rng) + on_top
            continue
        kept = [i for i in p.hand if i in shown]
        keep = len(p.hand) - len(kept)
        pool = shuffled([i for i in p.hand if i not in kept] + [i for i in p.deck if i not in seen], rng)
        p.hand, p.deck = kept + pool[:keep], pool[keep:] + on_top
        _mark_zones(s, p)
    s.forget_caches()
    return s


def _looked_at(prompt: Prompt | None, player: int) -> frozenset[int]:
    """The top cards of decks that ``player`` is putting back in an order (spec 6.4 ``look_top`` with
    ``reorder``): they looked at them, so the redeal leaves them on top."""
    if not isinstance(prompt, DeckOrder) or prompt.player != player:
        return frozenset()
    return frozenset(prompt.cards).union(*(cards for _owner, cards in prompt.rest))


# -- what a pass tells (``agents/inference.py``) ---------------------------------------------------------------
def passed_before(state: MitoszState, player: int) -> int | None:
    """The seat whose pass has just given ``player`` priority, when the public state shows it without doubt, else
    None. In an open window the player who acts first (the active player, in a fight's rounds its first player,
    OP-44) starts the cycle of passes (MIT-6.1.4.c): with that cycle begun by one pass and ``player`` next, the
    last action was that first player's pass, and it changed nothing but who holds priority. (Other passes leave
    no such mark: a window that resumes after an act also hands priority on.)"""
    if state.mode != "window" or state.priority != player or not state.cycle or state.passes != 1:
        return None
    first = state.fight.first if state.fight is not None else state.active
    return None if first == player else first


def before_pass(state: MitoszState, seat: int) -> None:
    """Put ``state`` back to the moment ``seat`` passed (``passed_before``): priority with it, no pass counted."""
    state.priority = state.current_player = seat
    state.passes = 0
    state.cycle = False


def hidden_key(state: MitoszState, seat: int) -> tuple[int, frozenset[int]]:
    """What ``seat``'s hidden cards are, as everyone knows it: the hand's size and the cards in hand or deck.
    While the key stays the same, no card has entered or left that hand (as long as no effect swaps a card
    of the hand with one of the deck, which the sample set has not)."""
    p = state.players[seat]
    return len(p.hand), frozenset(p.hand).union(p.deck)


def with_hidden(base: MitoszState, seat: int, source: MitoszState) -> MitoszState:
    """A copy of ``base`` in which ``seat`` holds the hand it holds in ``source`` (whose ``hidden_key`` for
    ``seat`` is the same), the rest of those cards in its deck."""
    s = base.clone()
    p = s.players[seat]
    hand = list(source.players[seat].hand)
    held = set(hand)
    p.deck = sorted(i for i in set(p.hand).union(p.deck) if i not in held)
    p.hand = hand
    _mark_zones(s, p)
    s.forget_caches()
    return s


def _mark_zones(s: MitoszState, p: Player) -> None:
    """After a player's hand and deck were dealt anew: each card knows its zone again."""
    cards = s.cards
    for iid in p.hand:
        set_zone(s, cards[iid], "hand")
    for iid in p.deck:
        set_zone(s, cards[iid], "deck")
