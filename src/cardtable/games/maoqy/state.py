"""MAOQY's rules: the state of a Level 1 game and every transition (spec sections 3, 5-8).

Representation is chosen for the hot path: every position is a plain list of card IDs (the top of the
Unknown and of the Known = the last element; a street in number order), seats and phases are small
ints, and legal-action lists are built from prebuilt action objects.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from cardtable.engine import GAME_OVER, Action, IllegalAction, State
from cardtable.engine.i18n import N_, Translator
from cardtable.engine.rng import Rng

from . import cards as C
from .actions import (
    DIRECTIONS, DISCARD, DRAW_HIDING, DRAW_KNOWN, DRAW_KNOWN_CARD, DRAW_OPEN, DRAW_UNKNOWN, HIDE, OPEN, PASS,
    STREET_ONE, Direction, Discard, Draw, Hide, Open, Pass, Street,
)
from .cards import KINGDOM, NUMBER, PER_KINGDOM, STANDARD_CARDS

#: Per card ID: the kingdom a street may hold it in (-1 for extra cards, MAOQY-9.2), and 1 << its number,
#: so that a kingdom's cards in a player's hands make one int.
_ = Translator("maoqy")
_n = _.plural

STREET_KINGDOM = tuple(KINGDOM[c] if c < STANDARD_CARDS else -1 for c in range(C.NUM_IDS))
BIT = tuple(1 << NUMBER[c] for c in range(C.NUM_IDS))

DIRECTION = 0  # the first player chooses the direction (MAOQY-3.5)
PLAY = 1
OVER = 2
PHASE_NAMES = ("direction", "play", "over")
DIRECTION_NAMES = {1: "cw", -1: "ccw", 0: None}
END_REASONS = ("complete", "deadlock", "turn_limit")
#: "… is in your open hand": what each lay-down needs (one sentence per lay-down, for word order)
WHAT_FROM_HIDDEN = {
    "discard": N_("{card} is in your open hand; discard takes a card from your hidden hand"),
    "open": N_("{card} is in your open hand; open takes a card from your hidden hand"),
    "hide": N_("{card} is in your open hand; hide takes a card from your hidden hand"),
    "a street": N_("{card} is in your open hand; a street takes a card from your hidden hand"),
}
END_RULES = {"complete": "MAOQY-8.1", "deadlock": "MAOQY-8.2", "turn_limit": "MAOQY-8.3"}


if TYPE_CHECKING:
    from .game import MaoqyGame


class MaoqyState(State):
    game: MaoqyGame
    __slots__ = (
        "game", "seed", "rng", "history", "current_player", "phase", "n", "direction", "first_player",
        "first_draw", "unknown", "known", "hands", "opened", "streets", "hiding", "public", "claimed",
        "turn", "passes", "winners", "end_reason",
        "limit", "hide_size", "street_min", "start_one", "max_streets", "extended", "known_any", "open_all",
        "backs", "turn_limit", "claimed_open",
    )

    def __init__(self, game, seed: int):
        opts = game.options
        n = game.num_players
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        self.n = n
        self.limit = opts["hand_limit"]
        self.hide_size = opts["hiding_place_size"]
        self.street_min = opts["street_min"]
        self.start_one = opts["street_start"] == "one"
        self.max_streets = opts["max_streets"]
        self.extended = opts["extended_draw"]
        self.known_any = opts["known_draw"] == "any"
        self.open_all = opts["open_hand_access"] == "all"
        self.backs = opts["backs_show_kingdom"]
        self.turn_limit = opts["turn_limit"]
        self.claimed_open = opts["claimed_cards"] == "open"
        # MAOQY-1.1, MAOQY-1.2: the standard deck as a normal card game; extra cards only by option (MAOQY-9.1)
        unknown = list(_deck(tuple(opts["kingdoms"]), opts["extra_cards"]))
        self.rng.shuffle(unknown)  # MAOQY-2.1
        self.unknown = unknown
        self.known: list[int] = []  # MAOQY-2.2
        # MAOQY-2.3: nothing is dealt; every hand, street and hiding place starts empty
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.opened: list[list[int]] = [[] for _ in range(n)]
        self.streets: list[list[list[int]]] = [[] for _ in range(n)]
        self.hiding: list[list[int]] = [[] for _ in range(n)]
        self.public: list[set[int]] = [set() for _ in range(n)]  # hidden-hand cards everyone saw arrive
        self.claimed = [-1] * C.NUM_KINGDOMS  # seat whose street holds each kingdom
        self.turn = 0
        self.passes = 0
        self.winners: list[int] = []
        self.end_reason: str | None = None
        self.direction = 0
        self.first_draw: list[list[list[int]]] = []
        self.first_player = self._choose_first_player()
        self.current_player = self.first_player
        self.phase = DIRECTION

    # -- setup ---------------------------------------------------------------------------------
    def _choose_first_player(self) -> int:
        """MAOQY-3.1 to MAOQY-3.4: the first-player draw, a chance step of the engine."""
        unknown = self.unknown
        drawn: list[int] = []
        drawing = list(range(self.n))  # MAOQY-3.1: every seat, in seat order from seat 0
        while True:
            if len(unknown) < len(drawing):  # only conceivable with a tiny deck: the generator decides
                first = drawing[self.rng.below(len(drawing))]
                break
            shown = []
            for seat in drawing:
                card = unknown.pop()
                drawn.append(card)
                shown.append([seat, card])
            self.first_draw.append(shown)
            best = max(NUMBER[card] for _, card in shown)  # MAOQY-3.2, MAOQY-9.3: the printed number
            drawing = [seat for seat, card in shown if NUMBER[card] == best]
            if len(drawing) == 1:
                first = drawing[0]
                break
            # MAOQY-3.3: only the tied players draw again, in seat order
        for card in drawn:  # MAOQY-3.4: back one at a time, in the order drawn, each at a random position
            unknown.insert(self.rng.below(len(unknown) + 1), card)
        return first

    # -- the interface -------------------------------------------------------------------------
    def apply(self, action, player=None) -> None:
        actor = self.current_player
        if player is None or player == actor:
            if not isinstance(action, Action):
                action = self.game.codec.parse(action)
            self._apply(action)
            self.history.append((actor, action))
            return
        if actor >= 0:
            if not isinstance(action, Action):
                action = self.game.codec.parse(action)
            if action.__class__ is Draw and action.source == "hiding" and player in range(self.n):
                # taking from another player's hiding place is refused for that reason, at any time
                self._check_own_hiding(action, player)
        State.apply(self, action, player)

    def legal_actions(self) -> list[Action]:
        # Hot path (random play, search). Hands hold a few cards, and for so short a list a plain loop
        # with append is about three times as fast as `acts += map(TABLE.__getitem__, cards)`.
        if self.phase != PLAY:
            return list(DIRECTIONS) if self.phase == DIRECTION else []
        p = self.current_player
        hand = self.hands[p]
        own_open = self.opened[p]
        hiding = self.hiding[p]
        acts: list[Action] = []
        append = acts.append
        if len(hand) < self.limit:
            if self.unknown or len(self.known) > 1:
                append(DRAW_UNKNOWN)
            if self.extended:
                known = self.known
                shown = self.claimed_open and max(self.claimed) >= 0  # MAOQY-6.6 may forbid some face-up cards
                if known:
                    if self.known_any:  # the whole Known: a long list, where map is the faster
                        if shown:
                            acts += [DRAW_KNOWN_CARD[c] for c in known if not self._claimed_by_other(c, p)]
                        else:
                            acts += map(DRAW_KNOWN_CARD.__getitem__, known)
                    elif not (shown and self._claimed_by_other(known[-1], p)):
                        append(DRAW_KNOWN)
                if self.open_all:
                    for q, cards in enumerate(self.opened):
                        if cards:
                            seat = DRAW_OPEN[q]
                            for c in cards:
                                if not (shown and self._claimed_by_other(c, p)):
                                    append(seat[c])
                elif own_open:
                    seat = DRAW_OPEN[p]
                    for c in own_open:
                        if not (shown and self._claimed_by_other(c, p)):
                            append(seat[c])
            for c in hiding:
                append(DRAW_HIDING[c])
        for c in hand:
            append(DISCARD[c])
        for c in own_open:
            append(DISCARD[c])
        for c in hand:
            append(OPEN[c])
        if len(hiding) < self.hide_size:
            for c in hand:
                append(HIDE[c])
        if self.streets[p] or len(hand) + len(own_open) >= self.street_min:
            self._street_actions(p, hand, own_open, acts)
        append(PASS)
        return acts

    def _street_actions(self, p: int, hand: list[int], own_open: list[int], acts: list[Action]) -> None:
        """Spec section 6: each maximal run that may open a street; for each own street, the single
        cards that extend it at either end and the longest extension."""
        masks: dict[int, int] = {}
        get = masks.get
        for cards in (hand, own_open):
            for c in cards:
                k = STREET_KINGDOM[c]
                if k >= 0:
                    masks[k] = get(k, 0) | BIT[c]
        if not masks:
            return
        claimed = self.claimed
        can_open = len(self.streets[p]) < self.max_streets
        need = self.street_min
        for k, mask in masks.items():
            owner = claimed[k]
            base = k * PER_KINGDOM - 1  # card ID of number x is base + x
            if owner == p:
                street = next(s for s in self.streets[p] if s[0] // PER_KINGDOM == k)
                lo = street[0] - base
                hi = street[-1] - base
                down = lo - 1
                while down >= 1 and mask >> down & 1:
                    down -= 1
                up = hi + 1
                while up <= PER_KINGDOM and mask >> up & 1:
                    up += 1
                if down < lo - 1:
                    acts.append(STREET_ONE[base + lo - 1])
                if up > hi + 1:
                    acts.append(STREET_ONE[base + hi + 1])
                if (lo - 1 - down) + (up - hi - 1) > 1:
                    acts.append(Street(tuple(range(base + down + 1, base + lo)) + tuple(range(base + hi + 1, base + up))))
            elif owner < 0 and can_open and mask.bit_count() >= need:
                x = 1
                while x <= PER_KINGDOM:
                    if mask >> x & 1:
                        start = x
                        while x <= PER_KINGDOM and mask >> x & 1:
                            x += 1
                        if x - start >= need:
                            acts.append(Street(tuple(range(base + start, base + x))))
                        if self.start_one:
                            break
                    elif self.start_one:
                        break
                    x += 1

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.phase != OVER:
            return [0.0] * self.n
        sharing = self.winners or range(self.n)  # MAOQY-8.4: nobody has a street: a draw among all (docs/engine.md)
        share = 1.0 / len(sharing)
        return [share if i in sharing else 0.0 for i in range(self.n)]

    def end_rule(self) -> str | None:
        return END_RULES.get(self.end_reason or "") if self.phase == OVER else None

    def scores(self) -> list[int]:
        """Cards in each player's street(s): what MAOQY-8.4 compares."""
        return [sum(len(s) for s in streets) for streets in self.streets]

    def _apply(self, a) -> None:
        phase = self.phase
        if phase != PLAY:
            if phase == OVER:
                raise IllegalAction(GAME_OVER, _("the game is over; no more actions are taken"))
            if a.__class__ is not Direction:
                raise IllegalAction("MAOQY-3.5", _("the first player first chooses the direction of play: "
                                                   "'direction' with value 'cw' or 'ccw'"), _json(DIRECTIONS))
            self.direction = 1 if a.value == "cw" else -1  # fixed for the whole game
            self.phase = PLAY  # MAOQY-3.6: the first player then takes the first turn
            return
        cls = a.__class__
        # MAOQY-4.2: exactly one action, then the turn passes
        if cls is Draw:
            self._draw(a)
        elif cls is Discard:
            self._discard(a)
        elif cls is Open:
            self._open(a)
        elif cls is Hide:
            self._hide(a)
        elif cls is Street:
            if self._street(a):  # MAOQY-8.1: a complete kingdom ends the game at once
                self.turn += 1
                self._finish([self.current_player], "complete")
                return
        elif cls is Pass:
            self.passes += 1  # MAOQY-7.1: always legal on one's own turn
            self._end_turn()
            return
        elif cls is Direction:
            raise IllegalAction("MAOQY-3.5", _("the direction was chosen at the start and stays fixed for the whole game"))
        else:
            raise IllegalAction("ACTION-1", _("{action} is not a MAOQY action", action=repr(a)))
        self.passes = 0
        self._end_turn()

    # -- draws (MAOQY-5) -----------------------------------------------------------------------
    def _draw(self, a) -> None:
        p = self.current_player
        source = a.source
        if source == "hand":
            raise IllegalAction("MAOQY-5.7", _("a card cannot be drawn from a hidden hand; draw from the Unknown, "
                                               "the Known, an open hand or your hiding place"))
        if source == "street":
            raise IllegalAction("MAOQY-5.6", _("cards in a street can never be drawn"))
        if source in ("known", "open") and not self.extended:
            raise IllegalAction("MAOQY-5.8", _("with extended_draw = false you draw only from the Unknown or "
                                               "your own hiding place"))
        if source == "unknown":
            if a.player is not None or a.card is not None:
                raise IllegalAction("ACTION-2", _("a draw from the Unknown names no player and no card"))
        elif source == "known":
            if a.player is not None:
                raise IllegalAction("ACTION-2", _("a draw from the Known names no player"))
            self._check_known_card(a.card)
        elif source == "open":
            if a.player is None or a.card is None:
                raise IllegalAction("ACTION-2", _("a draw from an open hand names the seat ('player') and the 'card'"))
            self._check_open_card(p, a.player, a.card)
        else:  # hiding
            if a.card is None:
                raise IllegalAction("ACTION-2", _("taking back from the hiding place names the 'card'"))
            self._check_own_hiding(a, p)
        if source in ("known", "open") and self.claimed_open:
            card = self.known[-1] if source == "known" and a.card is None else a.card
            if self._claimed_by_other(card, p):
                raise IllegalAction("MAOQY-6.6", _("{card} belongs to seat {seat}'s street; with claimed_cards = open "
                                                   "only that seat may draw it", card=C.label(card),
                                                   seat=self.claimed[STREET_KINGDOM[card]]))
        hand = self.hands[p]
        if len(hand) >= self.limit:
            raise IllegalAction("MAOQY-5.1", _n("your hidden hand holds {n} card, the most allowed "
                                                "(hand_limit {limit}); lay a card down or pass",
                                                "your hidden hand holds {n} cards, the most allowed "
                                                "(hand_limit {limit}); lay a card down or pass",
                                                len(hand), limit=self.limit))
        if source == "unknown":
            unknown = self.unknown
            if not unknown:
                known = self.known
                if len(known) < 2:
                    raise IllegalAction("MAOQY-5.2", _("the Unknown is empty and the Known holds no card below its "
                                                       "top to reshuffle; draw elsewhere, lay down or pass"))
                # MAOQY-5.2: all of the Known but its top card, shuffled, become the new Unknown
                pool = known[:-1]
                del known[:-1]
                self.rng.shuffle(pool)
                self.unknown = unknown = pool
            card = unknown.pop()
            if self.claimed_open and self._claimed_by_other(card, p):
                self.opened[p].append(card)  # MAOQY-6.6: face up, for the street's owner to draw
            else:
                hand.append(card)
            return
        if source == "known":  # MAOQY-5.3
            card = self.known.pop() if a.card is None else _take(self.known, a.card)
        elif source == "open":  # MAOQY-5.4
            card = a.card
            self.opened[a.player].remove(card)
        else:  # MAOQY-5.5
            card = a.card
            self.hiding[p].remove(card)
            hand.append(card)
            return
        hand.append(card)
        self.public[p].add(card)  # it was face up: everybody saw it go into this hand (spec section 7)

    def _claimed_by_other(self, card: int, p: int) -> bool:
        k = STREET_KINGDOM[card]
        return k >= 0 and self.claimed[k] not in (-1, p)

    def _check_known_card(self, card) -> None:
        known = self.known
        if not known:
            raise IllegalAction("MAOQY-5.3", _("the Known is empty"))
        if not self.known_any:
            if card is not None:
                raise IllegalAction("MAOQY-5.3", _("only the top card of the Known may be drawn (known_draw = top); "
                                                   "name no card"))
        elif card is None:
            raise IllegalAction("MAOQY-5.3", _("with known_draw = any, name the 'card' of the Known to draw"))
        elif card not in known:
            self._not_here(card, _("card {card} is not in the Known", card=card), "MAOQY-5.3")

    def _check_open_card(self, p: int, q, card: int) -> None:
        if not 0 <= q < self.n:
            raise IllegalAction("MAOQY-5.4", _("there is no seat {seat}; seats are 0 to {last}", seat=q, last=self.n - 1))
        if q != p and not self.open_all:
            raise IllegalAction("MAOQY-5.4", _("with open_hand_access = owner you draw only from your own open hand"))
        if card not in self.opened[q]:
            self._not_here(card, _("card {card} is not in seat {seat}'s open hand", card=card, seat=q), "MAOQY-5.4")

    def _check_own_hiding(self, a, p: int) -> None:
        if a.player is not None and a.player != p:
            raise IllegalAction("MAOQY-5.5", _("no player may take a card from another player's hiding place"))
        if a.card not in self.hiding[p]:
            self._not_here(a.card, _("card {card} is not in your hiding place; no player may take a card "
                                     "from another player's hiding place", card=a.card), "MAOQY-5.5")

    def _not_here(self, card, message: str, rule: str):
        """A named card is not where the action needs it. Say more only where the card is public."""
        if isinstance(card, int) and any(card in s for streets in self.streets for s in streets):
            raise IllegalAction("MAOQY-5.6", _("{card} is in a street; cards in a street can never be drawn",
                                               card=C.label(card)))
        raise IllegalAction(rule, message)

    # -- lay-downs (MAOQY-6) -------------------------------------------------------------------
    def _own_card(self, card: int, rule: str, what: str, open_too: bool) -> list[int]:
        """The list (own hidden hand or own open hand) holding ``card``; else refuse with a rule that
        reveals nothing the actor may not see."""
        p = self.current_player
        if card in self.hands[p]:
            return self.hands[p]
        if card in self.opened[p]:
            if open_too:
                return self.opened[p]
            raise IllegalAction(rule, _(WHAT_FROM_HIDDEN[what], card=C.label(card)))
        if card in self.hiding[p]:
            raise IllegalAction(rule, _("{card} is in your hiding place; take it back first", card=C.label(card)))
        for q in range(self.n):
            if q != p and card in self.opened[q]:
                raise IllegalAction("MAOQY-6.5", _("{card} is in seat {seat}'s open hand; a player never lays "
                                                   "down another player's card", card=C.label(card), seat=q))
        for q in range(self.n):
            if any(card in s for s in self.streets[q]):
                raise IllegalAction("MAOQY-6.4.6", _("{card} is in a street; cards in a street stay "
                                                     "there until the game ends", card=C.label(card)))
        if open_too:
            raise IllegalAction(rule, _("card {card} is not in your hidden or open hand", card=card))
        raise IllegalAction(rule, _("card {card} is not in your hidden hand", card=card))

    def _discard(self, a) -> None:
        cards = self._own_card(a.card, "MAOQY-6.1", "discard", True)
        self._leave(cards, a.card)
        self.known.append(a.card)  # MAOQY-6.1: face up on top of the Known

    def _open(self, a) -> None:
        p = self.current_player
        cards = self._own_card(a.card, "MAOQY-6.2", "open", False)
        self._leave(cards, a.card)
        self.opened[p].append(a.card)  # MAOQY-6.2: face up; the open hand has no size limit

    def _hide(self, a) -> None:
        p = self.current_player
        cards = self._own_card(a.card, "MAOQY-6.3", "hide", False)
        if len(self.hiding[p]) >= self.hide_size:
            raise IllegalAction("MAOQY-6.3", _n("your hiding place is full ({n} card); take its card back first",
                                                "your hiding place is full ({n} cards); take its card back first",
                                                self.hide_size))
        self._leave(cards, a.card)
        self.hiding[p].append(a.card)  # face down

    def _leave(self, cards: list[int], card: int) -> None:
        cards.remove(card)
        self.public[self.current_player].discard(card)

    def _street(self, a) -> bool:
        """MAOQY-6.4: one or more cards from one's own hands into one's street. True if it is complete."""
        p = self.current_player
        cards = a.cards
        if not cards:
            raise IllegalAction("MAOQY-6.4", _("name at least one card for the street"))
        if len(set(cards)) != len(cards):
            raise IllegalAction("MAOQY-6.4", _("a card is named twice"))
        for c in cards:
            self._own_card(c, "MAOQY-6.4", "a street", True)
        extra = [c for c in cards if c >= STANDARD_CARDS]
        if extra:
            raise IllegalAction("MAOQY-9.2", _("additional cards cannot be placed in a street ({cards})",
                                               cards=C.labels(extra)))
        k = cards[0] // PER_KINGDOM
        if any(c // PER_KINGDOM != k for c in cards):
            raise IllegalAction("MAOQY-6.4.1", _("all cards of a street belong to one kingdom, not {cards}",
                                                 cards=C.labels(cards)))
        street = next((s for s in self.streets[p] if s[0] // PER_KINGDOM == k), None)
        numbers = sorted(NUMBER[c] for c in cards)
        if street is None:  # MAOQY-6.4.3 … 6.4.5: opening
            owner = self.claimed[k]
            if owner >= 0:
                raise IllegalAction("MAOQY-6.4.5", _("seat {seat}'s street holds the {kingdom} kingdom; a "
                                                     "kingdom may be in at most one street at the table",
                                                     seat=owner, kingdom=C.kingdom_name(k)))
            if len(self.streets[p]) >= self.max_streets:
                held = ", ".join(C.kingdom_name(s[0] // PER_KINGDOM) for s in self.streets[p])
                raise IllegalAction("MAOQY-6.4.4", _n("you have a street of {held} already; a player has at most "
                                                      "{n} street and a street's kingdom is fixed when it opens",
                                                      "you have a street of {held} already; a player has at most "
                                                      "{n} streets and a street's kingdom is fixed when it opens",
                                                      self.max_streets, held=held))
            if numbers[-1] - numbers[0] != len(numbers) - 1:
                raise IllegalAction("MAOQY-6.4.2", _("a street is one unbroken run of numbers; {numbers} has a gap",
                                                     numbers=_numbers(numbers)))
            if self.start_one and numbers[0] != 1:
                raise IllegalAction("MAOQY-6.4.2", _("with street_start = one a street starts with the Beggar (1)"))
            if len(numbers) < self.street_min:
                raise IllegalAction("MAOQY-6.4.3", _("opening a street takes at least {need} cards in one "
                                                     "action, not {count}", need=self.street_min, count=len(numbers)))
            street = sorted(cards)
            self.streets[p].append(street)
            self.claimed[k] = p
            if self.claimed_open:
                self._show_claimed(k, p)
        else:  # extending: the new cards continue the run at either end, without a gap
            lo, hi = NUMBER[street[0]], NUMBER[street[-1]]
            below = [x for x in numbers if x < lo]
            above = [x for x in numbers if x > hi]
            if (below and below != list(range(lo - len(below), lo))) or (above and above != list(range(hi + 1, hi + 1 + len(above)))):
                raise IllegalAction("MAOQY-6.4.2", _("your {kingdom} street runs {lo}-{hi}; {numbers} would leave a gap",
                                                     kingdom=C.kingdom_name(k), lo=lo, hi=hi, numbers=_numbers(numbers)))
            street[:] = sorted(street + list(cards))  # MAOQY-6.4.6: in number order, visible to all
        for c in cards:
            self._leave(self.hands[p] if c in self.hands[p] else self.opened[p], c)
        return len(street) == PER_KINGDOM

    def _show_claimed(self, k: int, owner: int) -> None:
        """MAOQY-6.6 (option claimed_cards = open): once a street holds kingdom ``k``, no other player keeps
        a card of it hidden. Every such card in another hidden hand or hiding place goes face up into that
        player's open hand, where the street's owner may draw it (MAOQY-5.4). Without this a player could
        hold one card of another's street for the whole game (MAOQY-5.5, MAOQY-5.7) and no street could
        ever be completed against a player who does so."""
        for q in range(self.n):
            if q == owner:
                continue
            for held in (self.hands[q], self.hiding[q]):
                shown = [c for c in held if STREET_KINGDOM[c] == k]
                for c in shown:
                    held.remove(c)
                    self.public[q].discard(c)
                    self.opened[q].append(c)

    # -- turn end and game end (MAOQY-4, MAOQY-8) -----------------------------------------------
    def _end_turn(self) -> None:
        """MAOQY-4.4: the game-end checks, then the next player in the fixed direction (MAOQY-4.1)."""
        self.turn += 1
        if self.passes >= self.n:  # MAOQY-8.2: a full cycle of passes
            self._finish(None, "deadlock")
        elif self.turn >= self.turn_limit:  # MAOQY-8.3
            self._finish(None, "turn_limit")
        else:
            self.current_player = (self.current_player + self.direction) % self.n

    def _finish(self, winners: list[int] | None, reason: str) -> None:
        if winners is None:  # MAOQY-8.4: the most cards in streets wins, ties share, no street no winner
            counts = self.scores()
            best = max(counts)
            winners = [i for i in range(self.n) if counts[i] == best] if best > 0 else []
        self.winners = winners
        self.end_reason = reason
        self.phase = OVER
        self.current_player = -1

    # -- what players see ----------------------------------------------------------------------
    def view(self, player: int | None) -> dict[str, Any]:
        """Spec section 7. Every position's public cards; of hidden cards only counts and, with
        backs_show_kingdom, the kingdoms their backs show; a seat's own hidden hand and hiding place."""
        backs = self.backs
        back = C.BACK
        order = C.BACK_ORDER
        seats = []
        for i in range(self.n):
            own = i == player
            seat: dict[str, Any] = {
                "seat": i,
                "hand_size": len(self.hands[i]),
                "hand_public": sorted(self.public[i]),
                "open": list(self.opened[i]),
                "streets": [list(s) for s in self.streets[i]],
                "street_cards": sum(len(s) for s in self.streets[i]),
                "hiding_size": len(self.hiding[i]),
                "hand_backs": sorted((back[c] for c in self.hands[i]), key=order.__getitem__) if backs or own else None,
                "hiding_backs": sorted((back[c] for c in self.hiding[i]), key=order.__getitem__) if backs or own else None,
            }
            if own:
                seat["hand"] = sorted(self.hands[i])
                seat["hiding"] = list(self.hiding[i])
            seats.append(seat)
        over = self.phase == OVER
        return {
            "game": "maoqy",
            "viewer": player,
            "players": self.n,
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player,
            "first_player": self.first_player,
            "direction": DIRECTION_NAMES[self.direction],
            "turn": self.turn,
            "turn_limit": self.turn_limit,
            "passes": self.passes,
            "hand_limit": self.limit,
            "first_draw": [[{"seat": s, "card": c} for s, c in shown] for shown in self.first_draw],
            "unknown_size": len(self.unknown),
            "unknown_top_back": back[self.unknown[-1]] if backs and self.unknown else None,
            "known": list(self.known),
            "seats": seats,
            "last_action": self._last_action(player),
            "result": {"winners": list(self.winners), "reason": self.end_reason, "street_cards": self.scores()} if over else None,
        }

    def _last_action(self, viewer: int | None) -> dict[str, Any] | None:
        """The last action as everybody saw it: the card of a hide or of a take-back from a hiding place
        only for the player who made it."""
        if not self.history:
            return None
        actor, a = self.history[-1]
        return {"actor": actor, **self.game.public_action(a, actor, viewer)}  # "player" stays the open hand's owner

    # -- copies --------------------------------------------------------------------------------
    def clone(self) -> "MaoqyState":
        new = MaoqyState.__new__(MaoqyState)
        new.game = self.game
        new.seed = self.seed
        new.rng = self.rng.copy()
        new.history = self.history.copy()
        new.current_player = self.current_player
        new.phase = self.phase
        new.n = self.n
        new.direction = self.direction
        new.first_player = self.first_player
        new.first_draw = self.first_draw  # never changed after setup: shared
        new.unknown = self.unknown.copy()
        new.known = self.known.copy()
        new.hands = [h.copy() for h in self.hands]
        new.opened = [o.copy() for o in self.opened]
        new.streets = [[s.copy() for s in streets] for streets in self.streets]
        new.hiding = [h.copy() for h in self.hiding]
        new.public = [k.copy() for k in self.public]
        new.claimed = self.claimed.copy()
        new.turn = self.turn
        new.passes = self.passes
        new.winners = self.winners.copy()
        new.end_reason = self.end_reason
        new.limit = self.limit
        new.hide_size = self.hide_size
        new.street_min = self.street_min
        new.start_one = self.start_one
        new.max_streets = self.max_streets
        new.extended = self.extended
        new.known_any = self.known_any
        new.open_all = self.open_all
        new.backs = self.backs
        new.turn_limit = self.turn_limit
        new.claimed_open = self.claimed_open
        return new

    def snapshot(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rng": self.rng.state(),
            "history": [[p, a.to_json()] for p, a in self.history],
            "phase": PHASE_NAMES[self.phase],
            "current_player": self.current_player,
            "first_player": self.first_player,
            "first_draw": [[list(x) for x in shown] for shown in self.first_draw],
            "direction": DIRECTION_NAMES[self.direction],
            "unknown": list(self.unknown),
            "known": list(self.known),
            "hands": [list(h) for h in self.hands],
            "open": [list(o) for o in self.opened],
            "streets": [[list(s) for s in streets] for streets in self.streets],
            "hiding": [list(h) for h in self.hiding],
            "hand_public": [sorted(k) for k in self.public],
            "claimed": list(self.claimed),
            "turn": self.turn,
            "passes": self.passes,
            "winners": list(self.winners),
            "end_reason": self.end_reason,
        }


@lru_cache(maxsize=64)
def _deck(kingdoms: tuple[str, ...], extra: str) -> tuple[int, ...]:
    """C.deck, made once per set of options: building 204 IDs cost a fifth of new_initial_state."""
    return tuple(C.deck(kingdoms, extra))


def _take(cards: list[int], card: int) -> int:
    cards.remove(card)
    return card


def _numbers(numbers: list[int]) -> str:
    return ", ".join(map(str, numbers))


def _json(actions) -> list[dict[str, Any]]:
    return [a.to_json() for a in actions]
