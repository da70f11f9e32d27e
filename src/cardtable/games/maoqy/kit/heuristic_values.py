"""The MAOQY heuristic's worth of a card: to the bot, to the opponents, what giving it up costs, whether it fits a
street and how soon (functions of a :class:`~.heuristic_turn._Turn`, bound into it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heuristic_weights import KEEP_DENY, PLACE, SECOND_STREET, TARGET_FLOOR

if TYPE_CHECKING:
    from .heuristic_turn import _Turn


def value(self: _Turn, c: int) -> float:
    """Worth of card ``c`` to the bot itself (held or not)."""
    v = self._value.get(c)
    if v is not None:
        return v
    bot = self.bot
    k = bot.king[c]
    if k < 0:
        v = 0.0
    elif self.owner[k] == self.me:
        v = 1.0
    elif self.owner[k] >= 0 or not self.can_open:
        v = 0.0
    else:
        bit = 1 << bot.num[c]
        m = self.amask[k]
        cache = bot._pot
        hi = cache.get(m | bit)
        if hi is None:
            hi = bot.pot(m | bit)
        low = cache.get(m & ~bit)
        if low is None:
            low = bot.pot(m & ~bit)
        v = (hi - low) / bot.norm
        if v > 1.0:
            v = 1.0
        v *= 1.0 - self.opp_kind[k]
        if self.has_street:
            v *= SECOND_STREET
        # Every card of a promising kingdom will be needed to complete it.
        floor = TARGET_FLOOR * self.score[k] / self.top_score
        if v < floor:
            v = floor
    self._value[c] = v
    return v


def opp_need(self: _Turn, c: int) -> float:
    k = self.bot.king[c]
    if k < 0 or self.owner[k] == self.me:
        return 0.0
    return self.opp_adj.get(c, self.opp_kind[k])


def keep(self: _Turn, c: int) -> float:
    """What giving up ``c`` costs: its worth to the bot and to whoever would pick it up."""
    k = self.bot.king[c]
    if k < 0:
        return 0.0
    v = self.value(c)
    if self.owner[k] != self.me:
        v += KEEP_DENY * self.opp_adj.get(c, self.opp_kind[k])
    return v


def fits(self: _Turn, k: int) -> int:
    """The numbers of kingdom ``k`` that would go into a street on the next turn if the bot held them
    (with its hidden and open hand): next to its street's ends, or completing a run it may open."""
    f = self._fits[k]
    if f is not None:
        return f
    bot = self.bot
    hm = self.hmask[k]
    per = bot.per
    o = self.owner[k]
    f = 0
    if o == self.me:
        d = self.lo[k] - 1
        while d >= 1 and hm >> d & 1:
            d -= 1
        if d >= 1:
            f |= 1 << d
        u = self.hi[k] + 1
        while u <= per and hm >> u & 1:
            u += 1
        if u <= per:
            f |= 1 << u
    elif o < 0 and self.can_open:
        need = bot.street_min
        below = 0  # held numbers right below x
        for x in range(1, per + 1):
            if hm >> x & 1:
                below += 1
                continue
            above = 0
            y = x + 1
            while y <= per and hm >> y & 1:
                above += 1
                y += 1
            if below + above + 1 >= need and not (bot.start_one and x - below != 1):
                f |= 1 << x
            below = 0
    self._fits[k] = f
    return f


def placeable(self: _Turn, c: int) -> bool:
    """Could ``c`` (not in the hidden or open hand) go into a street on the next turn?"""
    k = self.bot.king[c]
    return k >= 0 and self.fits(k) >> self.bot.num[c] & 1 == 1


def draw_value(self: _Turn, c: int) -> float:
    v = self.value(c)
    if v > 0.0 and self.placeable(c):
        v += PLACE
    return v


def urgency(self: _Turn, c: int) -> int:
    """How soon ``c`` can go into a street (higher = sooner)."""
    bot = self.bot
    k = bot.king[c]
    if k < 0:
        return -100
    x = bot.num[c]
    if self.owner[k] == self.me:
        return -min(abs(x - self.lo[k]), abs(x - self.hi[k]))
    m = self.amask[k]
    best = -100
    for w in bot.windows_of[x]:
        n = (m & w).bit_count()
        if n > best:
            best = n
    return best
