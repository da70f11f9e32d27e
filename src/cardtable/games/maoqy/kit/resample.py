"""MAOQY's determinizer (spec section 7: what each seat sees).

Hidden from seat ``p``, and redealt: the Unknown (order and cards), the other players' hidden hands except
the cards everybody saw arrive there (``public``: drawn face up from the Known or an open hand), and the
other players' hiding places. Sizes are kept. With ``backs_show_kingdom`` the backs are public, so each
hidden hand and hiding place keeps the multiset of kingdoms its backs show and the top of the Unknown keeps
its back; the rest of the Unknown shows nothing (only its top back is seen) and takes whatever is left.
Public: the Known, open hands, streets, ``p``'s own hidden hand and hiding place.

With ``claimed_cards = open`` (MAOQY-6.6) no hidden hand or hiding place holds a card of another seat's
street kingdom. With backs shown the dealt backs already keep them out; without, the redeal puts such cards
only where the rule allows them (the Unknown, the owner's own hidden positions).

Left out: the cards of the first-player draw went back into the Unknown (MAOQY-3.4) and an Unknown made by
reshuffling the Known (MAOQY-5.2) holds only cards that were in the Known; a player with perfect recall
could know where some of them are. The redeal mixes all hidden cards.
"""

from __future__ import annotations

from cardtable.engine.resample import deal_by_class, fresh_rng, shuffled
from cardtable.engine.rng import Rng
from cardtable.games.maoqy import cards as C
from cardtable.games.maoqy.rules_tables import OVER
from cardtable.games.maoqy.state import MaoqyState

BACK = C.BACK


def determinize(state: MaoqyState, player: int, rng: Rng) -> MaoqyState:
    s = state.clone()
    s.rng = fresh_rng(rng)
    if s.phase is OVER:
        return s
    others = [i for i in range(s.n) if i != player]
    hidden: list[int] = list(s.unknown)
    keep: dict[int, list[int]] = {}
    secret: dict[int, list[int]] = {}
    for q in others:
        public = s.public[q]
        keep[q] = sorted(c for c in s.hands[q] if c in public)
        secret[q] = [c for c in s.hands[q] if c not in public]
        hidden.extend(secret[q])
        hidden.extend(s.hiding[q])
    pool = shuffled(hidden, rng)
    if s.backs:
        order = C.BACK_ORDER.__getitem__
        wanted: list[str] = []
        for q in others:
            wanted.extend(sorted((BACK[c] for c in secret[q]), key=order))
            wanted.extend(sorted((BACK[c] for c in s.hiding[q]), key=order))
        top = [BACK[s.unknown[-1]]] if s.unknown else []
        taken, rest = deal_by_class(pool, wanted + top, BACK.__getitem__)
        if top:
            rest.append(taken.pop())  # the top of the Unknown keeps its visible back
        pool = taken + rest
    elif s.claimed_open and max(s.claimed) >= 0:
        pool = _claimed_to_the_unknown(s, others, secret, pool, rng)
    at = 0
    for q in others:
        nh, nd = len(secret[q]), len(s.hiding[q])
        s.hands[q] = keep[q] + pool[at:at + nh]
        at += nh
        s.hiding[q] = pool[at:at + nd]
        at += nd
    s.unknown = pool[at:]
    return s


def _claimed_to_the_unknown(s: MaoqyState, others: list[int], secret: dict[int, list[int]], pool: list[int],
                            rng: Rng) -> list[int]:
    """Reorder ``pool`` (dealt to ``others``' hidden hands and hiding places in order, the rest to the Unknown)
    so that no seat gets a card of a kingdom another seat's street holds (MAOQY-6.6)."""
    claimed = s.claimed
    slots: list[int] = []  # the seat each dealt position goes to; -1: the Unknown
    for q in others:
        slots.extend([q] * (len(secret[q]) + len(s.hiding[q])))
    slots.extend([-1] * (len(pool) - len(slots)))

    def allowed(card: int, q: int) -> bool:
        k = card // C.PER_KINGDOM if card < C.STANDARD_CARDS else -1
        return q < 0 or k < 0 or claimed[k] in (-1, q)

    pool = list(pool)
    for i, q in enumerate(slots):
        if allowed(pool[i], q):
            continue
        # Swap with a random later card (of the Unknown or another seat) that fits both places.
        fits = [j for j in range(i + 1, len(pool)) if allowed(pool[j], q) and allowed(pool[i], slots[j])]
        if fits:
            j = fits[rng.below(len(fits))]
            pool[i], pool[j] = pool[j], pool[i]
    return pool
