"""Mojo's rules: the state of a match and every transition (spec sections 3 and 6).

Representation is chosen for the hot path: zones are plain lists of card IDs (top of a pile or of
the draw pile = last element), the acting player and phase are small ints, and the legal-action
list is built from prebuilt action objects.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, ClassVar, NoReturn

from cardtable.engine import GAME_OVER, Action, IllegalAction, State
from cardtable.engine.core import copied, each, nested, own, record
from cardtable.engine.i18n import N_, Translator
from cardtable.engine.rng import Rng

from . import cards as C
from .cards import VALUE
from . import view as _view
from .phases import DRAW_CHOICE, OVER, PHASE_NAMES, PLAY_PHASE, REPLAY, Phase
from .actions import DRAW_DECK, DRAW_PILE, PLAY, REVEAL_CARD, REVEAL_POSITION, STOP, Draw, Play, Reveal, Stop

if TYPE_CHECKING:
    from .game import MojoGame


_ = Translator("mojo")

# MOJO-4.3.3: after a higher play the player must draw; what they tried instead (one sentence per action, so that
# each language words it as it needs)
MUST_DRAW = {
    "play": N_("you played a higher card and must draw now (from the deck or pile {pile}), not play"),
    "stop": N_("you played a higher card and must draw now (from the deck or pile {pile}), not stop"),
    "reveal": N_("you played a higher card and must draw now (from the deck or pile {pile}), not reveal"),
    "draw": N_("you played a higher card and must draw now (from the deck or pile {pile})"),
}
NOT_NOW = {
    "play": N_("playing a card is not possible now"),
    "stop": N_("stopping is not possible now"),
    "reveal": N_("revealing a card is not possible now"),
    "draw": N_("drawing is not possible now"),
}


@record(copy="clone")
class MojoState(State):
    # The typed field list: every field with its type and how a clone takes it (engine.core; no policy: shared).
    game: MojoGame
    seed: int
    rng: Rng = own()
    history: list[tuple[int, Action]] = copied()
    current_player: int
    phase: Phase
    n: int
    threshold: int
    npiles: int
    may_stop: bool
    reshuffle: bool
    owner_sees: bool
    hands: list[list[int]] = nested()
    down: list[list[int]] = nested()
    up: list[list[int]] = nested()
    deck: list[int] = copied()
    piles: list[list[int]] = nested()
    known: list[set[int]] = each()
    in_mojo: list[bool] = copied()
    mojo_order: list[int] = copied()
    direction: int
    round_no: int
    round_first: int
    totals: list[int] = copied()
    rounds: list[dict[str, Any]] = copied()  # finished rounds are never changed, so they can be shared
    mojo_side: int
    holder: int | None
    draw_other: int
    winners: list[int] = copied()
    clone: ClassVar[Callable[[MojoState], MojoState]]
    #: The fields the digest (``snapshot``) leaves out (tests/engine/test_core.py keeps the list exact): the game
    #: and what it fixes (the player count, the Mojo threshold, the options read once).
    NOT_IN_DIGEST: ClassVar[frozenset[str]] = frozenset((
        "game", "n", "threshold", "npiles", "may_stop", "reshuffle", "owner_sees"))

    def __init__(self, game: MojoGame, seed: int) -> None:
        opts = game.options
        n = game.num_players
        self.game = game
        self.seed = seed
        self.rng = Rng(seed)
        self.history = []
        self.n = n
        self.threshold = game.threshold
        self.npiles = opts["discard_piles"]
        self.may_stop = opts["equal_value_replay"] == "may"
        self.reshuffle = opts["empty_draw_pile"] == "reshuffle"
        self.owner_sees = opts["owner_sees_facedown"]
        self.totals = [0] * n  # MOJO-1.3
        self.rounds = []
        self.round_no = 0
        self.mojo_side = 0  # MOJO-2.4: the "0" side up in round 1
        self.holder = None
        self.winners = []
        first = opts["first_player"]
        if first == "random":
            first = self.rng.below(n)  # MOJO-3.3
        self._start_round(first)

    # -- setup ---------------------------------------------------------------------------------
    def _start_round(self, first: int) -> None:
        """MOJO-2: a fresh round with all 78 cards."""
        n = self.n
        self.round_no += 1
        if self.game.options["direction_mode"] == "clockwise":
            self.direction = 1
        else:
            self.direction = 1 if self.mojo_side == 0 else -1  # MOJO-3.2, MOJO-2.5
        deck = list(range(C.NUM_CARDS))
        self.rng.shuffle(deck)  # MOJO-2.1
        # MOJO-2.2: one card at a time from the top (the end of the list), starting with the first
        # player in the round's direction: the k-th player in that order gets every n-th card.
        size = self.game.options["hand_size"]
        top = len(deck) - 1
        hands: list[list[int]] = [[] for _ in range(n)]
        for k in range(n):
            hands[(first + k * self.direction) % n] = deck[top - k::-n][:size]
        del deck[len(deck) - n * size:]
        self.piles = [[deck.pop()] for _ in range(self.npiles)]  # MOJO-2.3, MOJO-8.1
        self.deck = deck  # MOJO-2.6
        self.hands = hands
        self.down = [[] for _ in range(n)]
        self.up = [[] for _ in range(n)]
        self.known = [set() for _ in range(n)]
        self.in_mojo = [False] * n  # MOJO-2.7
        self.mojo_order = []
        self.round_first = first
        self.current_player = first
        self.phase = PLAY_PHASE
        self.draw_other = -1

    # -- the interface -------------------------------------------------------------------------
    def apply(self, action: Action | Mapping[str, Any], player: int | None = None) -> None:
        # Hot path: a play chosen from legal_actions() by a bot goes straight to the rule.
        if action.__class__ is Play and player is None:
            actor = self.current_player
            self._play(action)
            self.history.append((actor, action))
        else:
            State.apply(self, action, player)

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase is OVER:
            return []
        p = self.current_player
        if phase is DRAW_CHOICE:
            return [DRAW_DECK, DRAW_PILE[self.draw_other]]
        if self.in_mojo[p]:
            if self.owner_sees:
                return [REVEAL_CARD[c] for c in self.down[p]]
            return list(REVEAL_POSITION[: len(self.down[p])])
        hand = self.hands[p]
        if self.npiles == 1:
            plays = PLAY[0]
            acts: list[Action] = [plays[c] for c in hand]
        else:
            p0, p1 = PLAY
            acts = [a for c in hand for a in (p0[c], p1[c])]
        if phase is REPLAY and self.may_stop:
            acts.append(STOP)
        return acts

    def is_terminal(self) -> bool:
        return self.phase is OVER

    def returns(self) -> list[float]:
        if self.phase is not OVER:
            return [0.0] * self.n
        share = 1.0 / len(self.winners)
        return [share if i in self.winners else 0.0 for i in range(self.n)]

    def end_rule(self) -> str | None:
        return "MOJO-7.1" if self.phase is OVER else None

    def scores(self) -> list[int]:
        return list(self.totals)

    def _apply(self, a: Action) -> None:
        if type(a) is Play:
            self._play(a)
        elif type(a) is Reveal:
            self._reveal(a)
        elif type(a) is Draw:
            self._draw(a)
        elif type(a) is Stop:
            self._stop()
        else:
            raise IllegalAction("ACTION-1", _("{action} is not a Mojo action", action=repr(a)))

    # -- transitions ---------------------------------------------------------------------------
    def _play(self, a: Play) -> None:
        p = self.current_player
        if self.phase > REPLAY:
            self._reject_out_of_phase("play")
        if self.in_mojo[p]:
            raise IllegalAction("MOJO-5.4", _("you are in the Mojo moment: you cannot play; reveal one of your face-down cards"))
        pile_index = a.pile
        if not 0 <= pile_index < self.npiles:
            if self.npiles == 1:
                raise IllegalAction("MOJO-2.3", _("there is one discard pile, pile 0, not pile {pile}", pile=pile_index))
            raise IllegalAction("MOJO-8.2", _("choose discard pile 0 or 1, not {pile}", pile=pile_index))
        hand = self.hands[p]
        card = a.card
        try:
            hand.remove(card)  # one scan both checks and removes
        except ValueError:
            raise IllegalAction("MOJO-4.2", _("card {card} ({label}) is not in your hand; you hold {held}",
                                              card=card, label=C.label(card), held=C.values(hand))) from None
        if self.npiles == 2:
            self.known[p].discard(card)
        pile = self.piles[pile_index]
        covered = VALUE[pile[-1]]
        value = VALUE[card]
        pile.append(card)  # MOJO-4.2
        # MOJO-4.7: only values are compared.
        if value < covered:  # MOJO-4.3.1
            self._end_turn()
        elif value == covered:  # MOJO-4.3.2
            if hand:
                self.phase = REPLAY
            else:
                self._end_turn()
        else:  # MOJO-4.3.3
            self._must_draw(pile_index)

    def _must_draw(self, played_pile: int) -> None:
        hand = self.hands[self.current_player]
        if self.npiles == 2:
            other = 1 - played_pile  # MOJO-8.3.2: the pile not chosen for this play
            pile_ok = len(self.piles[other]) >= 2  # MOJO-8.4
            if pile_ok and self._deck_drawable():
                self.phase = DRAW_CHOICE  # MOJO-8.3
                self.draw_other = other
                return
            if pile_ok:  # the only legal source is applied without asking
                hand.append(self.piles[other].pop())
                self.known[self.current_player].add(hand[-1])
            else:
                self._draw_from_deck(hand)
        else:
            self._draw_from_deck(hand)  # MOJO-4.5
        self._end_turn()

    def _deck_drawable(self) -> bool:
        return bool(self.deck) or (self.reshuffle and any(len(pile) > 1 for pile in self.piles))

    def _draw_from_deck(self, hand: list[int]) -> None:
        """MOJO-4.5 with MOJO-4.6 / MOJO-8.5: reshuffle all but each pile's top card when the pile is empty."""
        deck = self.deck
        if not deck:
            if not self.reshuffle:
                return  # option empty_draw_pile = skip
            pool: list[int] = []
            for pile in self.piles:
                pool.extend(pile[:-1])
                del pile[:-1]
            if not pool:
                return  # still no card: the draw is skipped
            self.rng.shuffle(pool)
            self.deck = deck = pool
        hand.append(deck.pop())

    def _draw(self, a: Draw) -> None:
        p = self.current_player
        if self.phase is OVER:  # GAME-OVER: checked before the pile rules, as for every other action
            self._reject_out_of_phase("draw")
        if a.source == "pile":
            if self.npiles == 1:
                raise IllegalAction("MOJO-8.3", _("drawing from a discard pile is only part of the two-pile variant; draw from the deck"))
            if a.pile not in (0, 1):
                raise IllegalAction("MOJO-8.3.2", _("name discard pile 0 or 1 to draw from, not {pile}", pile=repr(a.pile)))
            if len(self.piles[a.pile]) < 2:
                raise IllegalAction("MOJO-8.4", _("pile {pile} holds only its last card, which may not be taken; draw from the deck",
                                                  pile=a.pile))
        if self.phase is not DRAW_CHOICE:
            self._reject_out_of_phase("draw")
        if a.source == "pile":
            if a.pile != self.draw_other:
                raise IllegalAction("MOJO-8.3.2", _("you may draw only from the other pile, pile {pile}, or from the deck",
                                                      pile=self.draw_other))
            card = self.piles[a.pile].pop()
            self.hands[p].append(card)
            self.known[p].add(card)  # it was face up: everybody knows where it went
        else:
            if a.pile is not None:
                raise IllegalAction("ACTION-2", _("a draw from the deck names no pile"))
            self._draw_from_deck(self.hands[p])
        self.phase = PLAY_PHASE
        self._end_turn()

    def _stop(self) -> None:
        if self.phase is not REPLAY:
            self._reject_out_of_phase("stop")
        if not self.may_stop:
            raise IllegalAction("MOJO-4.4", _("with equal_value_replay = must you must play another card after an equal play"))
        self.phase = PLAY_PHASE
        self._end_turn()

    def _reveal(self, a: Reveal) -> None:
        p = self.current_player
        if self.phase is OVER:
            self._reject_out_of_phase("reveal")
        if not self.in_mojo[p]:
            raise IllegalAction("MOJO-5.5", _("only a player in the Mojo moment reveals; play a card from your hand"))
        down = self.down[p]
        if a.card is not None and a.position is not None:
            raise IllegalAction("ACTION-2", _("name a card or a position to reveal, not both"))
        if a.card is not None:
            if not self.owner_sees:
                raise IllegalAction("MOJO-5.5", _("you cannot see your face-down cards (owner_sees_facedown = false); "
                                                    "reveal a position from 0 to {last}", last=len(down) - 1))
            card = a.card
            if card not in down:
                raise IllegalAction("MOJO-5.5", _("card {card} ({label}) is not in your face-down row; it holds {held}",
                                                    card=card, label=C.label(card), held=C.values(down)))
        elif a.position is not None:
            if self.owner_sees:
                raise IllegalAction("MOJO-5.5", _("you see your face-down cards: name the card to reveal ({held})",
                                                    held=C.values(down)))
            if not 0 <= a.position < len(down):
                raise IllegalAction("MOJO-5.5", _("your face-down row has positions 0 to {last}, not {position}",
                                                    last=len(down) - 1, position=a.position))
            card = down[a.position]
        else:
            raise IllegalAction("ACTION-2", _("reveal needs a 'card' (or a 'position')"))
        down.remove(card)  # MOJO-5.6: turned face up in place; no comparison, no draw
        self.up[p].append(card)
        self.known[p].discard(card)
        if down:
            self.current_player = (p + self.direction) % self.n
        else:
            self._end_round(p)  # MOJO-5.7

    def _reject_out_of_phase(self, what: str) -> NoReturn:
        phase = self.phase
        if phase is OVER:
            raise IllegalAction(GAME_OVER, _("the game is over; no more actions are taken"))
        if phase is DRAW_CHOICE:
            raise IllegalAction("MOJO-4.3.3", _(MUST_DRAW[what], pile=self.draw_other))
        if what == "stop":
            raise IllegalAction("MOJO-4.3.2", _("you may stop only right after playing a card of equal value; play a card"))
        if what == "draw":
            raise IllegalAction("MOJO-4.3.3", _("you draw only after playing a higher card; play a card"))
        raise IllegalAction("MOJO-4.1", _(NOT_NOW[what]))

    def _end_turn(self) -> None:
        """End-of-turn checks of a normal turn (spec section 6): going out, Mojo moment, next player."""
        p = self.current_player
        hand = self.hands[p]
        self.phase = PLAY_PHASE
        if not hand:
            self._end_round(p)  # MOJO-5.8
            return
        if len(hand) <= self.threshold and not self.in_mojo[p]:  # MOJO-5.2, MOJO-5.9
            if not self.owner_sees:
                self.rng.shuffle(hand)  # the owner knows the cards but not which position holds which
            self.down[p] = hand
            self.hands[p] = []
            self.in_mojo[p] = True
            self.mojo_order.append(p)  # MOJO-5.3
        self.current_player = (p + self.direction) % self.n  # MOJO-3.5

    def _end_round(self, ender: int) -> None:
        """MOJO-6: reveal all, score, turn the Mojo card, then the next round or the game's end."""
        n = self.n
        holder = ender  # MOJO-6.1, MOJO-6.3
        if self.game.options["mojo_card_to"] == "first_trigger" and self.mojo_order:
            holder = self.mojo_order[0]
        holdings = [self.hands[i] + self.down[i] + self.up[i] for i in range(n)]
        raw = [C.raw_score(cards) for cards in holdings]  # MOJO-6.2, MOJO-6.4
        others = min((raw[i] for i in range(n) if i != holder), default=raw[holder])
        scores = list(raw)  # MOJO-6.5.1
        if raw[holder] <= others:
            scores[holder] = 0  # MOJO-6.5.2
            self.mojo_side = 0  # MOJO-6.6
        else:
            scores[holder] = raw[holder] + 10  # MOJO-6.5.3
            self.mojo_side = 10
        for i in range(n):
            self.totals[i] += scores[i]  # MOJO-6.7, MOJO-1.4
        self.holder = holder
        self.rounds.append({
            "round": self.round_no,
            "first_player": self.round_first,
            "direction": "clockwise" if self.direction == 1 else "counter-clockwise",
            "ender": ender,
            "holder": holder,
            "mojo_side": "0" if self.mojo_side == 0 else "+10",
            "cards": [sorted(cards) for cards in holdings],
            "raw": raw,
            "scores": scores,
            "totals": list(self.totals),
        })
        target = self.game.options["target_score"]
        if max(self.totals) >= target:  # MOJO-7.1
            self.phase = OVER
            self.current_player = -1
            low = min(self.totals)
            self.winners = [i for i in range(n) if self.totals[i] == low]  # MOJO-7.3
            return
        # MOJO-7.2, MOJO-3.4: the next round's first player
        mode = self.game.options["round_starter"]
        if mode == "mojo_holder":
            first = holder
        elif mode == "rotate":
            first = (self.round_first + 1) % n
        else:
            direction = 1 if self.game.options["direction_mode"] == "clockwise" or self.mojo_side == 0 else -1
            first = (holder + direction) % n
        self._start_round(first)

    # -- what players see (spec section 7) ---------------------------------------------------------
    view = _view.view
    _rounds_copy = _view.rounds_copy

    # -- the digest --------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        return {
            "seed": self.seed,
            "rng": self.rng.state(),
            "history": [[p, a.to_json()] for p, a in self.history],
            "current_player": self.current_player,
            "phase": PHASE_NAMES[self.phase],
            "hands": [list(h) for h in self.hands],
            "facedown": [list(d) for d in self.down],
            "revealed": [list(u) for u in self.up],
            "deck": list(self.deck),
            "piles": [list(pile) for pile in self.piles],
            "known": [sorted(k) for k in self.known],
            "in_mojo": list(self.in_mojo),
            "mojo_order": list(self.mojo_order),
            "direction": self.direction,
            "round": self.round_no,
            "round_first": self.round_first,
            "totals": list(self.totals),
            "rounds": self._rounds_copy(),
            "mojo_side": self.mojo_side,
            "holder": self.holder,
            "draw_other": self.draw_other,
            "winners": list(self.winners),
        }
