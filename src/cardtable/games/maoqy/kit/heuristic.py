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

from typing import TYPE_CHECKING

from cardtable.engine.agent import Agent, Observation

# The bot's parts (issue 36: split by job): its weights, one decision (_Turn: its values, what it has seen, its
# choice). The weights and _Turn are re-exported here, where they were.
from .heuristic_turn import _Turn as _Turn
from .heuristic_weights import B as B
from .heuristic_weights import BLOCK as BLOCK
from .heuristic_weights import DENY as DENY
from .heuristic_weights import JUNK as JUNK
from .heuristic_weights import KEEP_DENY as KEEP_DENY
from .heuristic_weights import KEEP_MIN as KEEP_MIN
from .heuristic_weights import MARGIN as MARGIN
from .heuristic_weights import NEAR as NEAR
from .heuristic_weights import PLACE as PLACE
from .heuristic_weights import SECOND_STREET as SECOND_STREET
from .heuristic_weights import TARGET_FLOOR as TARGET_FLOOR

if TYPE_CHECKING:
    from cardtable.engine import Action, Game


# (B, windows) -> {mask of held numbers: promise}; shared by every bot of the process.
_POT: dict[tuple[int, tuple[int, ...]], dict[int, int]] = {}


class MaoqyHeuristic(Agent):
    name = "heuristic"

    def __init__(self, game: Game, seed: int = 0) -> None:
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

    def act(self, obs: Observation) -> Action:
        legal = obs.legal_actions
        if len(legal) == 1:
            return legal[0]
        if legal[0].type == "direction":
            # Nothing is known yet that would favour either neighbour.
            return next(a for a in legal if getattr(a, "value", None) == "cw")
        return _Turn(self, obs.view, obs.player, legal).choose()

