"""muhq's determinizer (spec section 9 and MUHQ-DRAFT-7: what each seat sees).

After the draft, hidden from seat ``p`` and redealt: every other player's hand together with their deck
(a card only ever goes to its owner's hand, deck, discard pile or store, so what another player holds in
hand and deck is, as a multiset, exactly their cards that are nowhere in sight: the hand keeps its size,
the deck takes the rest in random order), and the order of ``p``'s own deck. Public: the board, stores,
discard piles, pending cards, the stack, ``p``'s own hand.

During the draft, hidden from ``p`` and redealt among themselves: the packs the other seats hold, the other
seats' picks, the packs not dealt yet and the pool's left-over cards (sizes kept; the picks' owner set to
their seat, the rest neutral). Public: ``p``'s own pack and picks.

Left out (the redeal is a little wider than a perfect-recall player's information set): a permanent
returned to its owner's hand and a token made in a hand are public cards in that hand; in the draft, the
packs ``p`` saw pass through its hands.
"""

from __future__ import annotations

from cardtable.engine.resample import fresh_rng, shuffled
from cardtable.engine.rng import Rng
from cardtable.games.muhq.objects import NEUTRAL
from cardtable.games.muhq.state import MuhqState
from cardtable.games.muhq.turn import DRAFT_PHASE


def determinize(state: MuhqState, player: int, rng: Rng) -> MuhqState:
    s = state.clone()
    s.rng = fresh_rng(rng)
    if s.winners is not None:
        return s
    for q, pl in enumerate(s.players):
        if q == player:
            pl.deck = shuffled(pl.deck, rng)
        else:
            keep = len(pl.hand)
            pool = shuffled(pl.hand + pl.deck, rng)
            pl.hand, pl.deck = pool[:keep], pool[keep:]
    if s.phase is DRAFT_PHASE:
        _redeal_draft(s, player, rng)
    s.forget_fields()  # hands, decks and the draft were dealt anew: nothing derived is kept
    return s


def _redeal_draft(s: MuhqState, player: int, rng: Rng) -> None:
    others = [q for q in range(s.n) if q != player]
    hidden = list(s.unused)
    for pack in s._undealt:
        hidden.extend(pack)
    for q in others:
        if s.packs:
            hidden.extend(s.packs[q])
        hidden.extend(s.players[q].drafted)
    pool = shuffled(hidden, rng)
    at = 0

    def take(k: int) -> list[int]:
        nonlocal at
        at += k
        return pool[at - k:at]

    for q in others:
        if s.packs:
            s.packs[q] = take(len(s.packs[q]))
            for c in s.packs[q]:
                s.card_owner[c] = NEUTRAL
        picks = s.players[q].drafted = take(len(s.players[q].drafted))
        for c in picks:
            s.card_owner[c] = q
    s._undealt = [take(len(pack)) for pack in s._undealt]
    s.unused = take(len(s.unused))
    for c in s.unused:
        s.card_owner[c] = NEUTRAL
    for pack in s._undealt:
        for c in pack:
            s.card_owner[c] = NEUTRAL
