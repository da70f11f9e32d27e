"""The MAOQY heuristic's choice: a street action, a pass, a draw, or the card to lay down, open or hide
(functions of a :class:`~.heuristic_turn._Turn`, bound into it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_weights import BLOCK, DENY, JUNK, KEEP_MIN, MARGIN, PLACE

if TYPE_CHECKING:
    from cardtable.engine import Action

    from .heuristic_turn import _Turn


def choose(self: _Turn) -> Action:
    # The bot reads an action's fields by its type (it imports none of the game's action classes): Any to it.
    legal: list[Any] = self.legal
    me = self.me
    draws: list[Any] = []
    streets: list[Any] = []
    discards: dict[int, Action] = {}
    hides: dict[int, Action] = {}
    opens: dict[int, Action] = {}
    pass_action: Action | None = None
    for a in legal:
        t = a.type
        if t == "draw":
            draws.append(a)
        elif t == "discard":
            discards[a.card] = a
        elif t == "street":
            streets.append(a)
        elif t == "hide":
            hides[a.card] = a
        elif t == "open":
            opens[a.card] = a
        elif t == "pass":
            pass_action = a

    if streets:
        return self.best_street(streets)

    view = self.view
    n = view["players"]
    counts = self.street_count
    mine = counts[me]
    others = max(counts[q] for q in range(n) if q != me)
    ending_pass = view["passes"] >= n - 1
    if ending_pass and pass_action is not None and mine > others:
        return pass_action  # the pass ends the game (MAOQY-8.2) and the bot alone leads

    # The best draw. A card from view must beat the card that would be laid down next for it,
    # else it would only go round (from an open hand into the hand and back into an open hand).
    hand = self.hand
    limit = view["hand_limit"]
    keep = self.keep
    kept = [(keep(c), c) for c in hand]
    least = min(kept)[0] if kept else 0.0
    floor = JUNK
    if len(hand) + 1 >= limit and hand:
        floor = max(floor, least + MARGIN)
    best_draw: Action | None = None
    best_value = -1.0
    for a in draws:
        src = a.source
        if src == "unknown":
            v = self.unknown_value()
        elif src == "hiding":
            if not self.placeable(a.card):
                continue  # safe where it is until it fits the street
            v = 0.95 * (1.0 + PLACE)
        elif src == "open" and a.player == me:
            continue
        else:
            c = a.card if a.card is not None else view["known"][-1]
            v = self.value(c) + DENY * self.opp_adj.get(c, 0.0)
            if v < JUNK or self.keep(c) < floor:
                continue  # it would be laid down again at once
            if self.placeable(c):
                v += PLACE
        if v > best_value:
            best_draw, best_value = a, v

    if best_draw is not None:
        # Drawing is legal only below the hand limit: with room in the hand the bot always draws,
        # even a card of no use from the Unknown (it turns the Unknown over; laying a card down
        # instead would only change the order of the same two turns).
        return best_draw
    if hand:
        # The hidden card the bot can best do without: junk is laid down, a useful card kept.
        # Among equally useful cards, the one needed last.
        worst = min((c for kv, c in kept if kv <= least + 1e-9), key=lambda c: (self.urgency(c), c))
        if least < KEEP_MIN:
            return self.lay_down(worst, discards, hides)
        return self.store(worst, discards, hides, opens)
    # Nothing useful to do. A pass is harmless unless it ends the game with the bot not alone in the lead.
    if pass_action is not None and (not ending_pass or mine > others):
        return pass_action
    junk = min(self.open, key=self.keep, default=None)
    if junk is not None:
        return discards[junk]
    action: Action
    for action in self.legal:
        if action.type != "pass":
            return action
    return pass_action if pass_action is not None else self.legal[0]


def best_street(self: _Turn, streets: list[Any]) -> Action:
    bot = self.bot
    me = self.me
    owner = self.owner
    best: Action | None = None
    best_key = None
    for a in streets:
        k = bot.king[a.cards[0]]
        if owner[k] == me:
            size = self.hi[k] - self.lo[k] + 1 + len(a.cards)
            key = (size == bot.per, 1, len(a.cards), size, 0.0)
        else:  # opening: the longest run, then the target
            key = (False, 0, len(a.cards), 0, float(k == self.target) + bot.pref[k])
        if best_key is None or key > best_key:
            best, best_key = a, key
    assert best is not None  # there is a street action
    return best


def lay_down(self: _Turn, card: int, discards: dict[int, Action], hides: dict[int, Action]) -> Action:
    """Give up ``card``: hidden if an opponent needs it and there is room, else discarded."""
    if card in hides and self.opp_need(card) >= BLOCK:
        return hides[card]
    return discards[card]


def store(self: _Turn, worst: int, discards: dict[int, Action], hides: dict[int, Action],
          opens: dict[int, Action]) -> Action:
    """Make room in a hidden hand of useful cards: open the least useful card (the open hand has no
    limit and street actions use it) unless an opponent needs it; else hide it; else open the least
    useful card no opponent needs; else discard the least useful."""
    need = self.opp_need
    if need(worst) < BLOCK and worst in opens:
        return opens[worst]
    if worst in hides:
        return hides[worst]
    free = [c for c in self.hand if need(c) < BLOCK and c in opens]
    if free:
        return opens[min(free, key=lambda c: (self.keep(c), self.urgency(c), c))]
    return discards[worst]
