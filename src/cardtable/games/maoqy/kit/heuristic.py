"""A MAOQY (Level 1) player that builds a street, from its own view only.

Every decision is recomputed from the view (``obs.view``, ``obs.legal_actions``, the catalogue and the
options): the bot keeps no memory between turns, so an undo or a takeover in mid-game is safe. Its only
randomness is a fixed, seeded preference between otherwise equal kingdoms.

- **Worth of a card to the bot.** A card of a kingdom the bot has a street of: 1. A card of a kingdom
  nobody has a street of, while the bot may still open one: how much closer it brings a run. Each
  window of ``street_min`` numbers of the kingdom (only 1 … street_min with ``street_start = one``)
  counts ``B ** (cards held in it) - 1``; the kingdom's *promise* is the sum, a card is worth the rise it
  gives the promise, scaled so that a card leaving a window one short of a run is worth 1, and at least
  ``TARGET_FLOOR`` times its kingdom's promise relative to the best kingdom (the target). Promise is
  discounted for a kingdom an opponent visibly collects (backs in their hidden hand and hiding place,
  their open hand). Cards of another player's street kingdom and extra cards are worth nothing.
- **Worth to the opponents.** A card of an opponent's street kingdom: 1.5 next to an end of that
  street, 0.8 / 0.5 two / three away, 0.25 further out (holding the end cards blocks the street); a card
  of a kingdom an opponent visibly collects: up to 0.6.
- **Order of choices.** A street action (complete > extend by the most > open the longest run) → a pass
  only when it ends the game (MAOQY-8.2) with the bot alone in the lead → below the hand limit, the
  best draw: an open hand's or the Known's card that is useful (or blocks an opponent) and better than
  what the bot would lay down for it, a hidden card that now fits the street, else the Unknown, valued
  by the kingdom its top back shows (or by the odds) → at the hand limit, lay down the card it can best
  do without: discard it if it is junk (hide it if an opponent needs it), else keep it: open it (the
  open hand has no limit and street actions use it) unless an opponent needs it, else hide it.
- **Passing.** Only to win as above, or when nothing else is legal or useful and the pass does not
  end the game with the bot not alone in the lead.
"""

from __future__ import annotations

from cardtable.engine.agent import Agent, Observation

B = 4  # weight base of the cards held in one window
JUNK = 0.2  # a card worth less is never drawn from the Known or an open hand
KEEP_MIN = 0.2  # a hidden card worth less is discarded; a better one is kept (opened or hidden) when room is needed
MARGIN = 0.05  # a card drawn into a hand that is then full beats the least useful held card by this much
PLACE = 0.3  # bonus for a card that can go into a street right after it is drawn
DENY = 0.45  # weight of an opponent's need when choosing what to draw
KEEP_DENY = 0.6  # weight of an opponent's need when choosing what to give up
BLOCK = 0.5  # an opponent's need from which a card is hidden rather than shown (discarded or opened)
#: An opponent's need of a card of their street's kingdom at distance 1, 2, 3 from an end; further out.
NEAR = (1.5, 0.8, 0.5, 0.25)
TARGET_FLOOR = 0.3  # least worth of a card of the target kingdom (less for less promising kingdoms)
SECOND_STREET = 0.5  # worth of run progress once the bot has a street (further streets, max_streets > 1)


# (B, windows) -> {mask of held numbers: promise}; shared by every bot of the process.
_POT: dict = {}


class MaoqyHeuristic(Agent):
    name = "heuristic"

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        cat = game.catalogue()
        names = [k["name"] for k in cat["kingdoms"]]
        self.nk = nk = len(names)
        self.per = per = cat["cards_per_kingdom"]
        self.back_index = {name: i for i, name in enumerate(names)}  # other backs: not a colour kingdom
        size = max(c["id"] for c in cat["cards"]) + 1
        king = [-1] * size
        num = [0] * size
        for c in cat["cards"]:
            num[c["id"]] = c["number"]
            if c["street"]:
                king[c["id"]] = self.back_index[c["kingdom"]]
        self.king, self.num = king, num
        # card ID of number x of kingdom k
        self.ids = [[-1] * (per + 2) for _ in range(nk)]
        for c in cat["cards"]:
            if c["street"]:
                self.ids[king[c["id"]]][c["number"]] = c["id"]
        self.in_deck = [k for k in range(nk) if cat["kingdoms"][k]["in_deck"]]
        self.extras = sum(1 for c in cat["cards"] if not c["street"])
        self.full = sum(1 << x for x in range(1, per + 1))
        opts = game.options
        self.street_min = m = opts["street_min"]
        self.start_one = opts["street_start"] == "one"
        self.max_streets = opts["max_streets"]
        # MAOQY-6.6 (claimed_cards = open): a card of another player's street lies face up in an open hand,
        # where its owner draws it, so holding it blocks nothing: there is no use in drawing it to deny it.
        self.can_block = opts.get("claimed_cards", "anywhere") != "open"
        starts = [1] if self.start_one else range(1, per - m + 2)
        self.windows = [sum(1 << x for x in range(a, a + m)) for a in starts]
        # windows_of[x]: the windows that hold number x
        self.windows_of = [[w for w in self.windows if w >> x & 1] for x in range(per + 2)]
        key = (B, tuple(self.windows))
        self._pot = _POT.setdefault(key, {})
        self.norm = float((B - 1) * B ** max(0, m - 2))  # the rise to one short of a run
        # A fixed, seeded preference between kingdoms: ties between equal kingdoms go the same way all game.
        self.pref = [self.rng.random() * 1e-6 for _ in range(nk)]

    def pot(self, mask: int) -> int:
        """Promise of a kingdom whose held numbers are ``mask``: the sum over the windows of
        B ** (cards held in the window) - 1. Cached per deck shape: it is the hot path."""
        v = self._pot.get(mask)
        if v is None:
            v = self._pot[mask] = sum(B ** (mask & w).bit_count() - 1 for w in self.windows)
        return v

    def act(self, obs: Observation):
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if legal[0].type == "direction":
            # Nothing is known yet that would favour either neighbour.
            return next(a for a in legal if getattr(a, "value", None) == "cw")
        return _Turn(self, obs.view, obs.player, legal).choose()


class _Turn:
    """One decision: the view digested into per-kingdom bit masks, then the choice."""

    __slots__ = ("bot", "view", "me", "legal", "seats", "hand", "open", "hiding", "owner", "lo", "hi",
                 "hmask", "amask", "can_open", "has_street", "target", "opp_kind", "opp_adj",
                 "street_count", "score", "top_score", "_value", "_seen", "_fits")

    def __init__(self, bot: MaoqyHeuristic, view, me: int, legal):
        self.bot = bot
        self.view = view
        self.me = me
        self.legal = legal
        self.seats = seats = view["seats"]
        mine = seats[me]
        self.hand = mine["hand"]
        self.open = mine["open"]
        self.hiding = mine["hiding"]
        self._value: dict[int, float] = {}
        self._seen: list[int] | None = None
        self._fits: list[int | None] = [None] * bot.nk
        king, num = bot.king, bot.num
        nk = bot.nk
        owner = [-1] * nk
        lo = [0] * nk
        hi = [0] * nk
        for seat in seats:
            for st in seat["streets"]:
                k = king[st[0]]
                owner[k] = seat["seat"]
                lo[k] = num[st[0]]
                hi[k] = num[st[-1]]
        self.owner, self.lo, self.hi = owner, lo, hi
        self.street_count = [seat["street_cards"] for seat in seats]
        self.has_street = bool(mine["streets"])
        self.can_open = len(mine["streets"]) < bot.max_streets

        hmask = [0] * nk  # hidden + open hand: what a street action can use
        for cards in (self.hand, self.open):
            for c in cards:
                k = king[c]
                if k >= 0:
                    hmask[k] |= 1 << num[c]
        amask = hmask[:]  # and the hiding place
        for c in self.hiding:
            k = king[c]
            if k >= 0:
                amask[k] |= 1 << num[c]
        self.hmask = hmask

        # What the opponents visibly collect, and the cards next to their streets' ends.
        back_index = bot.back_index
        opp_kind = [0.0] * nk
        opp_adj = {}
        for seat in seats:
            q = seat["seat"]
            if q == me:
                continue
            for st in seat["streets"] if bot.can_block else ():
                # Holding the cards next to the ends blocks the street; cards further out matter less.
                opp_kind[king[st[0]]] = NEAR[-1]
                for d in range(1, len(NEAR)):
                    if num[st[0]] - d >= 1:
                        opp_adj[st[0] - d] = NEAR[d - 1]
                    if num[st[-1]] + d <= bot.per:
                        opp_adj[st[-1] + d] = NEAR[d - 1]
            if len(seat["streets"]) >= bot.max_streets:
                continue  # cannot open another street: collects nothing new
            held = [0] * nk
            backs = seat["hand_backs"]
            if backs is not None:
                for name in backs + seat["hiding_backs"]:
                    k = back_index.get(name, -1)
                    if k >= 0:
                        held[k] += 1
            else:
                for c in seat["hand_public"]:
                    k = king[c]
                    if k >= 0:
                        held[k] += 1
            for c in seat["open"]:
                k = king[c]
                if k >= 0:
                    held[k] += 1
            for k in range(nk):
                if held[k] > 2 and owner[k] < 0:
                    need = min(0.6, 0.12 * (held[k] - 2))
                    if need > opp_kind[k]:
                        opp_kind[k] = need
        self.opp_kind, self.opp_adj = opp_kind, opp_adj

        # The promise of each free kingdom, and the target (the most promising).
        self.target = -1
        self.amask = amask
        if self.can_open:
            pot = bot.pot
            best, best_score = -1, -1.0
            score = self.score = [0.0] * nk
            for k in bot.in_deck:
                if owner[k] >= 0:
                    continue
                sc = score[k] = pot(amask[k]) * (1.0 - opp_kind[k]) + bot.pref[k]
                if sc > best_score:
                    best, best_score = k, sc
            self.target = best
            self.top_score = max(best_score, 1e-9)

    # -- values ---------------------------------------------------------------------------------
    def value(self, c: int) -> float:
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

    def opp_need(self, c: int) -> float:
        k = self.bot.king[c]
        if k < 0 or self.owner[k] == self.me:
            return 0.0
        return self.opp_adj.get(c, self.opp_kind[k])

    def keep(self, c: int) -> float:
        """What giving up ``c`` costs: its worth to the bot and to whoever would pick it up."""
        k = self.bot.king[c]
        if k < 0:
            return 0.0
        v = self.value(c)
        if self.owner[k] != self.me:
            v += KEEP_DENY * self.opp_adj.get(c, self.opp_kind[k])
        return v

    def fits(self, k: int) -> int:
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

    def placeable(self, c: int) -> bool:
        """Could ``c`` (not in the hidden or open hand) go into a street on the next turn?"""
        k = self.bot.king[c]
        return k >= 0 and self.fits(k) >> self.bot.num[c] & 1 == 1

    def draw_value(self, c: int) -> float:
        v = self.value(c)
        if v > 0.0 and self.placeable(c):
            v += PLACE
        return v

    def urgency(self, c: int) -> int:
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

    def _visible(self) -> list:
        groups = [self.view["known"], self.hiding, self.hand]
        for seat in self.seats:
            groups.append(seat["open"])
            groups.append(seat["hand_public"])
            groups.extend(seat["streets"])
        return groups

    def seen(self) -> list[int]:
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

    def seen_of(self, k: int) -> int:
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

    def kingdom_draw(self, k: int) -> float:
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

    def unknown_value(self) -> float:
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

    # -- choice ---------------------------------------------------------------------------------
    def choose(self):
        legal = self.legal
        me = self.me
        draws = []
        streets = []
        discards = {}
        hides = {}
        opens = {}
        pass_action = None
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
        best_draw, best_value = None, -1.0
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
        for a in legal:
            if a.type != "pass":
                return a
        return pass_action if pass_action is not None else legal[0]

    def best_street(self, streets):
        bot = self.bot
        me = self.me
        owner = self.owner
        best, best_key = None, None
        for a in streets:
            k = bot.king[a.cards[0]]
            if owner[k] == me:
                size = self.hi[k] - self.lo[k] + 1 + len(a.cards)
                key = (size == bot.per, 1, len(a.cards), size, 0.0)
            else:  # opening: the longest run, then the target
                key = (False, 0, len(a.cards), 0, float(k == self.target) + bot.pref[k])
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def lay_down(self, card, discards, hides):
        """Give up ``card``: hidden if an opponent needs it and there is room, else discarded."""
        if card in hides and self.opp_need(card) >= BLOCK:
            return hides[card]
        return discards[card]

    def store(self, worst, discards, hides, opens):
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
