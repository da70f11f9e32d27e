"""MAOQY's rules: the state of a Level 1 game and every transition (spec sections 3, 5-8).

Representation is chosen for the hot path: every position is a plain list of card IDs (the top of the
Unknown and of the Known = the last element; a street in number order), seats are small ints, the phase an
``IntEnum`` compared by identity, and legal-action lists are built from prebuilt action objects.
"""

from __future__ import annotations

from functools import lru_cache
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar

from cardtable.engine import GAME_OVER, Action, IllegalAction, State
from cardtable.engine.core import copied, custom, each, nested, own, record, shared
from cardtable.engine.i18n import Translator
from cardtable.engine.rng import Rng

from . import cards as C
from .actions import (
    DIRECTIONS, DISCARD, DRAW_HIDING, DRAW_KNOWN, DRAW_KNOWN_CARD, DRAW_OPEN, DRAW_UNKNOWN, HIDE, OPEN, PASS,
    STREET_ONE, Direction, Discard, Draw, Hide, Open, Pass, Street,
)
from . import draws as _draws, laydowns as _laydowns, view as _views
from .cards import NUMBER, PER_KINGDOM
from .rules_tables import BIT, DIRECTION, DIRECTION_NAMES, END_RULES, OVER, PHASE_NAMES, PLAY, STREET_KINGDOM, Phase

_ = Translator("maoqy")

if TYPE_CHECKING:
    from .game import MaoqyGame


@record(copy="clone")
class MaoqyState(State):
    # The typed field list: every field with its type and how a clone takes it (engine.core; no policy: shared).
    game: MaoqyGame
    seed: int
    rng: Rng = own()
    history: list[tuple[int, Action]] = copied()
    current_player: int
    phase: Phase
    n: int
    direction: int
    first_player: int
    first_draw: list[list[list[int]]] = shared()  # never changed after setup
    unknown: list[int] = copied()
    known: list[int] = copied()  # MAOQY-2.2
    hands: list[list[int]] = nested()
    opened: list[list[int]] = nested()
    streets: list[list[list[int]]] = custom("[[s[:] for s in x] for x in v]")
    hiding: list[list[int]] = nested()
    public: list[set[int]] = each()  # hidden-hand cards everyone saw arrive
    claimed: list[int] = copied()  # seat whose street holds each kingdom
    turn: int
    passes: int
    winners: list[int] = copied()
    end_reason: str | None
    # the options, read once
    limit: int
    hide_size: int
    street_min: int
    start_one: bool
    max_streets: int
    extended: bool
    known_any: bool
    open_all: bool
    backs: bool
    turn_limit: int
    claimed_open: bool
    clone: ClassVar[Callable[[MaoqyState], MaoqyState]]
    #: The fields the digest (``snapshot``) leaves out (tests/engine/test_core.py keeps the list exact): the game,
    #: the player count and the options read once.
    NOT_IN_DIGEST: ClassVar[frozenset[str]] = frozenset((
        "game", "n", "limit", "hide_size", "street_min", "start_one", "max_streets", "extended", "known_any",
        "open_all", "backs", "turn_limit", "claimed_open"))

    def __init__(self, game: MaoqyGame, seed: int) -> None:
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
        self.known = []  # MAOQY-2.2
        # MAOQY-2.3: nothing is dealt; every hand, street and hiding place starts empty
        self.hands = [[] for _ in range(n)]
        self.opened = [[] for _ in range(n)]
        self.streets = [[] for _ in range(n)]
        self.hiding = [[] for _ in range(n)]
        self.public = [set() for _ in range(n)]  # hidden-hand cards everyone saw arrive
        self.claimed = [-1] * C.NUM_KINGDOMS  # seat whose street holds each kingdom
        self.turn = 0
        self.passes = 0
        self.winners = []
        self.end_reason = None
        self.direction = 0
        self.first_draw = []
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
    def apply(self, action: Action | Mapping[str, Any], player: int | None = None) -> None:
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
        if self.phase is not PLAY:
            return list(DIRECTIONS) if self.phase is DIRECTION else []
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
        return self.phase is OVER

    def returns(self) -> list[float]:
        if self.phase is not OVER:
            return [0.0] * self.n
        sharing = self.winners or range(self.n)  # MAOQY-8.4: nobody has a street: a draw among all (docs/engine.md)
        share = 1.0 / len(sharing)
        return [share if i in sharing else 0.0 for i in range(self.n)]

    def end_rule(self) -> str | None:
        return END_RULES.get(self.end_reason or "") if self.phase is OVER else None

    def scores(self) -> list[int]:
        """Cards in each player's street(s): what MAOQY-8.4 compares."""
        return [sum(len(s) for s in streets) for streets in self.streets]

    def _apply(self, a: Action) -> None:
        phase = self.phase
        if phase is not PLAY:
            if phase is OVER:
                raise IllegalAction(GAME_OVER, _("the game is over; no more actions are taken"))
            if a.__class__ is not Direction:
                raise IllegalAction("MAOQY-3.5", _("the first player first chooses the direction of play: "
                                                   "'direction' with value 'cw' or 'ccw'"), _json(DIRECTIONS))
            self.direction = 1 if a.value == "cw" else -1  # fixed for the whole game
            self.phase = PLAY  # MAOQY-3.6: the first player then takes the first turn
            return
        # MAOQY-4.2: exactly one action, then the turn passes. (The hot path: ``a.__class__ is`` narrows the action
        # for mypy at the cost of an attribute read; a type() call or a cast() per action cost several per cent.)
        if a.__class__ is Draw:
            self._draw(a)
        elif a.__class__ is Discard:
            self._discard(a)
        elif a.__class__ is Open:
            self._open(a)
        elif a.__class__ is Hide:
            self._hide(a)
        elif a.__class__ is Street:
            if self._street(a):  # MAOQY-8.1: a complete kingdom ends the game at once
                self.turn += 1
                self._finish([self.current_player], "complete")
                return
        elif a.__class__ is Pass:
            self.passes += 1  # MAOQY-7.1: always legal on one's own turn
            self._end_turn()
            return
        elif a.__class__ is Direction:
            raise IllegalAction("MAOQY-3.5", _("the direction was chosen at the start and stays fixed for the whole game"))
        else:
            raise IllegalAction("ACTION-1", _("{action} is not a MAOQY action", action=repr(a)))
        self.passes = 0
        self._end_turn()

    # -- draws (MAOQY-5) -----------------------------------------------------------------------
    _draw = _draws.draw
    _claimed_by_other = _draws.claimed_by_other
    _check_known_card = _draws.check_known_card
    _check_open_card = _draws.check_open_card
    _check_own_hiding = _draws.check_own_hiding
    _not_here = _draws.not_here

    # -- lay-downs (MAOQY-6) -------------------------------------------------------------------
    _own_card = _laydowns.own_card
    _discard = _laydowns.discard
    _open = _laydowns.open_
    _hide = _laydowns.hide
    _leave = _laydowns.leave
    _street = _laydowns.street
    _show_claimed = _laydowns.show_claimed

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
    view = _views.view
    _last_action = _views.last_action

    # -- the digest --------------------------------------------------------------------------------
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


def _json(actions: Iterable[Action]) -> list[dict[str, Any]]:
    return [a.to_json() for a in actions]
