"""What the MAOQY heuristic has seen, and the expected worth of an unseen card and of a draw from the Unknown
(functions of a :class:`~.heuristic_turn._Turn`, bound into it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_weights import DENY, PLACE, SECOND_STREET, TARGET_FLOOR

if TYPE_CHECKING:
    from .heuristic_turn import _Turn


def _visible(self: _Turn) -> list[list[int]]:
    groups = [self.view["known"], self.hiding, self.hand]
    for seat in self.seats:
        groups.append(seat["open"])
        groups.append(seat["hand_public"])
        groups.extend(seat["streets"])
    return groups


def seen(self: _Turn) -> list[int]:
    """Per kingdom the numbers the bot knows are not in the Unknown; the last entry counts extras."""
    if self._seen is not None:
        return self._seen
    bot = self.bot
    king, num = bot.king, bot.num
    seen = [0] * (bot.nk + 1)
    extras = 0
    for cards in self._visible():
        for c in cards:
            k = king[c]
            if k >= 0:
                seen[k] |= 1 << num[c]
            else:
                extras += 1
    seen[-1] = extras
    self._seen = seen
    return seen


def seen_of(self: _Turn, k: int) -> int:
    """The numbers of kingdom ``k`` the bot knows are not in the Unknown."""
    if self._seen is not None:
        return self._seen[k]
    bot = self.bot
    king, num = bot.king, bot.num
    m = 0
    for cards in self._visible():
        for c in cards:
            if king[c] == k:
                m |= 1 << num[c]
    return m


def kingdom_draw(self: _Turn, k: int) -> float:
    """Expected worth of an unseen card of kingdom ``k``."""
    bot = self.bot
    unseen = bot.full & ~self.seen_of(k)
    if not unseen:
        return 0.0
    n = unseen.bit_count()
    o = self.owner[k]
    if o == self.me:
        return 1.0 + PLACE * (self.fits(k) & unseen).bit_count() / n
    ids = bot.ids[k]
    total = 0.0
    x = unseen
    if o >= 0:  # another player's street: worth only what blocking it is worth
        near = self.opp_adj
        while x:
            low = x & -x
            total += near.get(ids[low.bit_length() - 1], 0.0)
            x ^= low
        return DENY * total / n
    if not self.can_open:
        return 0.0
    # value() of each unseen card, inlined (this runs over every kingdom when backs hide kingdoms)
    m = self.amask[k]
    cache = bot._pot
    base = cache.get(m)
    if base is None:
        base = bot.pot(m)
    norm = bot.norm
    factor = (1.0 - self.opp_kind[k]) * (SECOND_STREET if self.has_street else 1.0)
    floor = TARGET_FLOOR * self.score[k] / self.top_score
    while x:
        low = x & -x
        more = cache.get(m | low)
        if more is None:
            more = bot.pot(m | low)
        v = (more - base) / norm
        v = (1.0 if v > 1.0 else v) * factor
        total += v if v > floor else floor
        x ^= low
    return (total + PLACE * (self.fits(k) & unseen).bit_count()) / n


def unknown_value(self: _Turn) -> float:
    """Expected worth of a draw from the Unknown."""
    view = self.view
    bot = self.bot
    if view["unknown_size"] == 0:  # the draw reshuffles the Known but its top (MAOQY-5.2)
        pool = view["known"][:-1]
        return sum(map(self.draw_value, pool)) / len(pool) if pool else 0.0
    top = view["unknown_top_back"]
    if top is not None:
        k = bot.back_index.get(top, -1)
        return self.kingdom_draw(k) if k >= 0 else 0.0
    seen = self.seen()
    total = 0.0
    count = max(0, bot.extras - seen[-1])
    for k in bot.in_deck:
        unseen = (bot.full & ~seen[k]).bit_count()
        if unseen:
            total += unseen * self.kingdom_draw(k)
            count += unseen
    return total / count if count else 0.0
