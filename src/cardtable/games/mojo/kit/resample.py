"""Mojo's determinizer (spec section 7: what each seat sees).

Hidden from seat ``p``, and redealt: the other players' hands and face-down rows, except the cards that
everybody saw go there (``known``: taken face up from a discard pile, MOJO-8.3.2), and the draw pile. With
``owner_sees_facedown = false`` nobody knows which position of a face-down row holds which card (the row
was shuffled when it was laid, OP-7), so every row is shuffled, ``p``'s own too; ``p`` keeps its own row's
cards (they were its hand). Sizes are kept. Public: the discard piles, revealed rows, totals, finished
rounds.

Left out: a draw pile made by a reshuffle of the discard piles (MOJO-4.6) holds only cards that were on
the piles; a player with perfect recall could know which ones. The redeal mixes all hidden cards.
"""

from __future__ import annotations

from cardtable.engine.resample import fresh_rng, shuffled
from cardtable.engine.rng import Rng
from cardtable.games.mojo.phases import OVER
from cardtable.games.mojo.state import MojoState


def determinize(state: MojoState, player: int, rng: Rng) -> MojoState:
    s = state.clone()
    s.rng = fresh_rng(rng)
    if s.phase is OVER:  # everything is revealed at the end (section 7)
        return s
    others = [i for i in range(s.n) if i != player]
    hidden: list[int] = list(s.deck)
    kept: dict[int, tuple[list[int], int, list[int], int]] = {}
    for i in others:
        known = s.known[i]
        hand, down = s.hands[i], s.down[i]
        keep_hand = sorted(c for c in hand if c in known)
        keep_down = sorted(c for c in down if c in known)
        hidden.extend(c for c in hand if c not in known)
        hidden.extend(c for c in down if c not in known)
        kept[i] = (keep_hand, len(hand) - len(keep_hand), keep_down, len(down) - len(keep_down))
    pool = shuffled(hidden, rng)
    at = 0
    for i in others:
        keep_hand, nh, keep_down, nd = kept[i]
        s.hands[i] = keep_hand + pool[at:at + nh]
        at += nh
        row = keep_down + pool[at:at + nd]
        at += nd
        if not s.owner_sees:
            rng.shuffle(row)  # positions are unknown to everyone
        s.down[i] = row
    s.deck = pool[at:]
    if not s.owner_sees and s.down[player]:
        s.down[player] = shuffled(s.down[player], rng)
    return s
