"""Property tests for the invariants INV-1 … INV-13 of the Mojo specification (rules/mojo.md, section 8).

Every test plays random games. Hypothesis draws the player count, a point of the option space, a
seed, a play style and the action choices (the first HYPOTHESIS_DECISIONS of a game through
``st.randoms(use_true_random=False)``, the rest from a Random seeded by the game's seed), so a failing
game shrinks to a short one. The checks derive what should happen from the specification
itself: the card table of section 2.1 is written out again here, raw scores are recomputed from
card values, and a small independent :class:`Referee` follows each game to predict whose turn it is,
what a play does to the hand, when a round ends, who holds the Mojo card and what everyone scores.
Nothing the checks compare against comes from the helpers of the code under test.

To reproduce a failure outside Hypothesis, the failing example notes the game's record (JSON lines);
``cardtable.engine.read_records(text.splitlines())[0].replay()`` re-creates the game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, assume, given, note, settings
from hypothesis import strategies as st

import cardtable
from cardtable import IllegalAction
from cardtable.engine import read_records
from cardtable.games.mojo.actions import Draw, Play, Reveal, Stop
from tests.spec import spec_matches

# --------------------------------------------------------------------------------------------
# The card table of spec section 2.1, written out independently of cardtable.games.mojo.cards.
# --------------------------------------------------------------------------------------------

_SPEC_TABLE = (  # (colour, value, copies), IDs by ascending value then copy
    ("blue", 0, 4), ("blue", 1, 4),
    ("green", 2, 5), ("green", 3, 5), ("green", 4, 5),
    ("yellow", 5, 6), ("yellow", 6, 6), ("yellow", 7, 6),
    ("orange", 8, 7), ("orange", 9, 7), ("orange", 10, 7),
    ("red", 11, 8), ("red", 12, 8),
)
SPEC_VALUE: tuple[int, ...] = tuple(v for _, v, k in _SPEC_TABLE for _ in range(k))
SPEC_COLOUR: tuple[str, ...] = tuple(c for c, _, k in _SPEC_TABLE for _ in range(k))
ALL_IDS = tuple(range(78))
MAX_RAW = 34  # 1 + 4 + 7 + 10 + 12 (section 2.1)
assert len(SPEC_VALUE) == 78
assert SPEC_VALUE[0:4] == (0,) * 4 and SPEC_VALUE[62:70] == (11,) * 8 and SPEC_VALUE[77] == 12


def spec_raw(cards) -> int:
    """MOJO-6.4: per colour the highest value held; colours not held add 0."""
    best: dict[str, int] = {}
    for c in cards:
        best[SPEC_COLOUR[c]] = max(best.get(SPEC_COLOUR[c], 0), SPEC_VALUE[c])
    return sum(best.values())


SPEC_RULES = spec_matches("mojo.md", r"MOJO-\d+(?:\.\d+)*")  # empty without the spec: then only a rule ID's form is checked
ENGINE_RULES = {"ACTION-1", "ACTION-2", "GAME-OVER"}


# --------------------------------------------------------------------------------------------
# Random games
# --------------------------------------------------------------------------------------------

STYLES = ("uniform", "low", "high", "chain")
#: decisions drawn from Hypothesis per game (these shrink); later ones come from a Random seeded by
#: the setup's seed, which keeps a game cheap and its choice sequence short
HYPOTHESIS_DECISIONS = 48
#: a game that has not ended after this many actions is stopped (not a failure: no rule bounds it)
MAX_ACTIONS = 4000


@dataclass(frozen=True)
class Setup:
    players: int
    options: dict[str, Any]
    seed: int
    style: str

    @property
    def threshold(self) -> int:  # MOJO-5.1, independent of the game's own resolution
        t = self.options["mojo_threshold"]
        return (2 if self.players == 2 else 3) if t == "auto" else t

    def __repr__(self) -> str:
        return f"Setup(players={self.players}, options={self.options!r}, seed={self.seed}, style={self.style!r})"


_THRESHOLDS = st.sampled_from(("auto", 0, 1, 2, 3, 4, 5))
_HAND_KINDS = st.sampled_from(("default", "smallest", "largest", "any"))
_SEATS_OR_RANDOM = st.integers(0, 8)  # 0 (and seats beyond the table): "random"
_PILES = st.sampled_from((1, 2))
_REPLAY = st.sampled_from(("may", "must"))
_EMPTY = st.sampled_from(("reshuffle", "skip"))
_CARD_TO = st.sampled_from(("round_ender", "first_trigger"))
_DIRECTION = st.sampled_from(("mojo_card", "clockwise"))
_STARTER = st.sampled_from(("after_mojo_holder", "mojo_holder", "rotate"))
_TARGET = st.integers(10, 60)
_SEED = st.integers(0, 2**32 - 1)
_STYLE = st.sampled_from(STYLES)


@st.composite
def setups(draw, discard_piles=None, owner_sees_facedown=None) -> Setup:
    """Players 2..8 and a point of the option space (section 4) that the option checks accept."""
    n = draw(st.integers(2, 8))
    piles = draw(_PILES) if discard_piles is None else discard_piles
    threshold = draw(_THRESHOLDS)
    t = (2 if n == 2 else 3) if threshold == "auto" else threshold
    most = min(39, (78 - piles) // n)  # hand_size x players + piles <= 78
    assume(t < most)
    kind = draw(_HAND_KINDS)
    if kind == "default":
        hand_size = max(8, t + 1) if max(8, t + 1) <= most else most
    elif kind == "smallest":
        hand_size = t + 1
    elif kind == "largest":
        hand_size = most
    else:
        hand_size = draw(st.integers(t + 1, most))
    first = draw(_SEATS_OR_RANDOM)
    options = {
        "hand_size": hand_size,
        "discard_piles": piles,
        "equal_value_replay": draw(_REPLAY),
        "empty_draw_pile": draw(_EMPTY),
        "mojo_threshold": threshold,
        "mojo_card_to": draw(_CARD_TO),
        "direction_mode": draw(_DIRECTION),
        "first_player": first - 1 if 0 < first <= n else "random",
        "round_starter": draw(_STARTER),
        "target_score": draw(_TARGET),
        "owner_sees_facedown": draw(st.booleans()) if owner_sees_facedown is None else owner_sees_facedown,
    }
    return Setup(n, options, draw(_SEED), draw(_STYLE))


def new_state(setup: Setup):
    game = cardtable.load("mojo", players=setup.players, options=setup.options)
    return game.new_initial_state(seed=setup.seed)


class Chooser:
    """Picks actions: from Hypothesis for the first decisions, then from a Random seeded by the setup."""

    def __init__(self, setup: Setup, rnd: random.Random):
        self.setup = setup
        self.rnd = rnd
        self.fallback = random.Random(setup.seed)
        self.used = 0

    def index(self, k: int) -> int:
        if k <= 1:
            return 0
        self.used += 1
        source = self.rnd if self.used <= HYPOTHESIS_DECISIONS else self.fallback
        return source.randrange(k)

    def action(self, state, legal):
        """One choice per decision; the style makes some kinds of play more likely (never certain)."""
        style = self.setup.style
        if style != "uniform":
            plays = [a for a in legal if isinstance(a, Play)]

            def rel(a):
                v, t = SPEC_VALUE[a.card], SPEC_VALUE[state.piles[a.pile][-1]]
                return (v > t) - (v < t)

            if style == "low":  # shed without drawing: rounds end by Mojo moments
                pref = [a for a in plays if rel(a) < 0]
            elif style == "high":  # draw a lot: empties the draw pile (reshuffle / skip)
                pref = [a for a in plays if rel(a) > 0]
            else:  # chains of equal plays, going out (MOJO-5.8)
                pref = [a for a in plays if rel(a) == 0] or [a for a in plays if rel(a) < 0]
            if pref:
                legal = pref * 4 + list(legal)
        stops = [a for a in legal if isinstance(a, Stop)]
        if stops:  # stopping after an equal play would otherwise be rare
            legal = list(legal) + stops * 3
        return legal[self.index(len(legal))]


@dataclass
class Zones:
    """A copy of the public and hidden zones of a state, taken with plain list copies."""

    hands: list[list[int]]
    down: list[list[int]]
    up: list[list[int]]
    deck: list[int]
    piles: list[list[int]]
    in_mojo: list[bool]
    known: list[list[int]]
    totals: list[int]
    rounds: int
    current: int
    terminal: bool

    @classmethod
    def of(cls, s) -> "Zones":
        return cls(
            hands=[list(h) for h in s.hands], down=[list(d) for d in s.down], up=[list(u) for u in s.up],
            deck=list(s.deck), piles=[list(p) for p in s.piles], in_mojo=list(s.in_mojo),
            known=[sorted(k) for k in s.known], totals=list(s.totals), rounds=len(s.rounds),
            current=s.current_player, terminal=s.is_terminal(),
        )


@dataclass
class Outcome:
    """What the rules say one action does (computed by the Referee from the zones before it)."""

    expected_actor: int | None  # None: round 1 with a random first player, before its first action
    pending_before: Any  # None, "replay" or ("draw", other_pile)
    kind: str = ""  # lower / equal / higher / draw / stop / reveal
    turn_ends: bool = True
    pending_after: Any = None
    hand_after: list[int] | None = None  # actor's hand after the action (before a Mojo entry), pool card excluded
    pool_draw: list[int] | None = None  # the drawn card is one of these (a reshuffle happened)
    drew: bool = False
    enters_mojo: bool = False
    round_ends: bool = False
    ender: int | None = None
    holdings: list[list[int]] | None = None  # sorted holdings of every seat at the round end
    raw: list[int] | None = None
    holder: int | None = None
    scores: list[int] | None = None
    totals: list[int] | None = None
    game_over: bool = False
    next_player: int | None = None
    next_direction: int | None = None
    revealed: int | None = None
    public_draw: int | None = None  # a card taken from a discard pile: face up, so public (section 7)


class Referee:
    """Follows a game with the rules of the specification only (sections 3, 6) and predicts outcomes."""

    def __init__(self, setup: Setup):
        o = setup.options
        self.setup = setup
        self.n = setup.players
        self.threshold = setup.threshold
        self.npiles = o["discard_piles"]
        self.may_stop = o["equal_value_replay"] == "may"
        self.reshuffle = o["empty_draw_pile"] == "reshuffle"
        self.round = 1
        self.direction = 1  # MOJO-2.4, OP-10: "0" side up in round 1 means clockwise
        self.first = None if o["first_player"] == "random" else o["first_player"]  # MOJO-3.3
        self.current = self.first
        self.pending = None
        self.mojo = [False] * self.n
        self.triggers: list[int] = []
        self.totals = [0] * self.n
        self.rounds: list[dict[str, Any]] = []  # own summaries: holdings, raw, holder, scores
        self.over = False

    # -- legal actions of spec section 6, computed from the zones ------------------------------
    def legal(self, z: Zones) -> set:
        if self.over:
            return set()
        p = z.current if self.current is None else self.current
        if self.pending and self.pending[0] == "draw":
            return {Draw("deck"), Draw("pile", self.pending[1])}
        if self.mojo[p]:
            if self.setup.options["owner_sees_facedown"]:
                return {Reveal(card=c) for c in z.down[p]}
            return {Reveal(position=i) for i in range(len(z.down[p]))}
        acts = {Play(c, pile) for c in z.hands[p] for pile in range(self.npiles)}
        if self.pending == "replay" and self.may_stop:
            acts.add(Stop())
        return acts

    def observe(self, z: Zones, actor: int, a) -> Outcome:
        """Predict what ``a`` by ``actor`` does to the zones ``z`` and advance the referee."""
        out = Outcome(expected_actor=self.current, pending_before=self.pending)
        if self.current is None:
            self.current = self.first = actor  # round 1, random first player: any seat
        hand = list(z.hands[actor])
        n = self.n
        drawn_pool = None
        if isinstance(a, Play):
            left = list(hand)
            left.remove(a.card)
            v, t = SPEC_VALUE[a.card], SPEC_VALUE[z.piles[a.pile][-1]]
            hand_after = left
            if v < t:  # MOJO-4.3.1
                out.kind = "lower"
            elif v == t:  # MOJO-4.3.2
                out.kind = "equal"
                if left:
                    out.turn_ends = False
                    out.pending_after = "replay"
            else:  # MOJO-4.3.3
                out.kind = "higher"
                # after the play the played pile holds >= 2 cards, so a reshuffle always finds one
                deck_ok = bool(z.deck) or self.reshuffle
                other = 1 - a.pile if self.npiles == 2 else None
                pile_ok = other is not None and len(z.piles[other]) >= 2  # MOJO-8.4
                if pile_ok and deck_ok:  # MOJO-8.3: a choice
                    out.turn_ends = False
                    out.pending_after = ("draw", other)
                elif pile_ok:  # only the other pile: applied automatically
                    hand_after = left + [z.piles[other][-1]]
                    out.drew = True
                    out.public_draw = z.piles[other][-1]
                elif deck_ok:
                    out.drew = True
                    if z.deck:
                        hand_after = left + [z.deck[-1]]
                    else:  # MOJO-4.6 / MOJO-8.5: all but each pile's top card, the play included
                        piles = [list(p) for p in z.piles]
                        piles[a.pile].append(a.card)
                        drawn_pool = sorted(c for p in piles for c in p[:-1])
                # else: no card anywhere, the draw is skipped (MOJO-4.6)
            out.hand_after = hand_after
        elif isinstance(a, Draw):
            out.kind = "draw"
            out.drew = True
            if a.source == "pile":
                out.hand_after = hand + [z.piles[a.pile][-1]]
                out.public_draw = z.piles[a.pile][-1]
            elif z.deck:
                out.hand_after = hand + [z.deck[-1]]
            else:
                out.hand_after = hand
                drawn_pool = sorted(c for p in z.piles for c in p[:-1])
        elif isinstance(a, Stop):
            out.kind = "stop"
            out.hand_after = hand
        elif isinstance(a, Reveal):
            out.kind = "reveal"
            out.hand_after = hand
            out.revealed = a.card if a.card is not None else z.down[actor][a.position]
        else:  # pragma: no cover
            raise AssertionError(f"unexpected action {a!r}")
        out.pool_draw = drawn_pool
        self.pending = out.pending_after

        if not out.turn_ends:
            out.next_player = actor
            return out
        # End-of-turn checks (section 6) or the reveal's end (MOJO-5.5, MOJO-5.7)
        if out.kind == "reveal":
            ends = len(z.down[actor]) == 1
        else:
            size = len(out.hand_after) + (1 if drawn_pool is not None else 0)
            ends = size == 0  # MOJO-5.8
            if not ends and size <= self.threshold and not self.mojo[actor]:  # MOJO-5.2, MOJO-5.9
                out.enters_mojo = True
                self.mojo[actor] = True
                self.triggers.append(actor)
        if not ends:
            out.next_player = (actor + self.direction) % n  # MOJO-3.5
            self.current = out.next_player
            return out

        # MOJO-6: round end and scoring
        out.round_ends = True
        out.ender = actor
        holdings = []
        for i in range(n):
            cards = list(z.hands[i]) + list(z.down[i]) + list(z.up[i])
            if i == actor and isinstance(a, Play):
                cards.remove(a.card)
            holdings.append(sorted(cards))
        raw = [spec_raw(h) for h in holdings]
        holder = actor  # MOJO-6.3
        if self.setup.options["mojo_card_to"] == "first_trigger" and self.triggers:
            holder = self.triggers[0]  # OP-9
        scores = list(raw)
        lowest = all(raw[holder] <= raw[i] for i in range(n) if i != holder)
        scores[holder] = 0 if lowest else raw[holder] + 10  # MOJO-6.5
        self.totals = [t + s for t, s in zip(self.totals, scores)]
        out.holdings, out.raw, out.holder, out.scores, out.totals = holdings, raw, holder, scores, list(self.totals)
        self.rounds.append({"holdings": holdings, "raw": raw, "holder": holder, "scores": scores})
        target = self.setup.options["target_score"]
        if max(self.totals) >= target:  # MOJO-7.1
            out.game_over = True
            self.over = True
            self.current = -1
            out.next_player = -1
            return out
        # MOJO-6.6, MOJO-3.2, MOJO-3.4
        o = self.setup.options
        new_dir = 1 if o["direction_mode"] == "clockwise" or lowest else -1
        if o["round_starter"] == "mojo_holder":
            first = holder
        elif o["round_starter"] == "rotate":
            first = (self.first + 1) % n
        else:
            first = (holder + new_dir) % n
        self.round += 1
        self.direction = new_dir
        self.first = first
        self.current = first
        self.pending = None
        self.mojo = [False] * n
        self.triggers = []
        out.next_player = first
        out.next_direction = new_dir
        return out


@dataclass
class Step:
    index: int  # 0 for the initial position, then 1, 2, …
    state: Any  # the live state after the action
    before: Zones | None
    actor: int | None
    action: Any
    after: Zones
    outcome: Outcome | None
    referee: Referee


def random_game(setup: Setup, rnd: random.Random, max_actions: int = MAX_ACTIONS,
                stop_at: int | None = None) -> Iterator[Step]:
    """Play one random game, yielding the initial position and then every action with its outcome."""
    state = new_state(setup)
    referee = Referee(setup)
    chooser = Chooser(setup, rnd)
    z = Zones.of(state)
    yield Step(0, state, None, None, None, z, None, referee)
    limit = max_actions if stop_at is None else min(stop_at, max_actions)
    for i in range(1, limit + 1):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        action = chooser.action(state, legal)
        actor = state.current_player
        outcome = referee.observe(z, actor, action)
        state.apply(action, player=actor)
        after = Zones.of(state)
        yield Step(i, state, z, actor, action, after, outcome, referee)
        z = after


def run_game(setup: Setup, rnd, check, **kw) -> Step:
    """Play one random game and call ``check(step)`` on every position; returns the last step.

    On a failure it notes the setup and the game's record, so the falsifying example can be replayed.
    """
    note(repr(setup))
    step = None
    try:
        for step in random_game(setup, rnd, **kw):
            check(step)
    except Exception:
        if step is not None:
            note(f"failed at action {step.index}: {step.action!r} by seat {step.actor}")
            note("record (replay with cardtable.engine.read_records(text.splitlines())[0].replay()):\n"
                 + step.state.record().dumps())
        raise
    return step


def frozen(state) -> str:
    """The whole state as a string, so later changes cannot reach it (snapshot() may share lists)."""
    return json.dumps(state.snapshot(), sort_keys=True)


def all_zone_cards(z: Zones) -> list[int]:
    cards = list(z.deck)
    for zone in (z.piles, z.hands, z.down, z.up):
        for part in zone:
            cards.extend(part)
    return cards


def scored_round(step) -> bool:
    """Did this action end a round? The state and the rules (MOJO-5.7, MOJO-5.8) must agree."""
    if step.outcome is None:
        return False
    ended = step.after.rounds > step.before.rounds
    assert step.after.rounds <= step.before.rounds + 1
    assert ended == step.outcome.round_ends, (
        f"{step.action} by seat {step.actor}: round {'ended' if ended else 'goes on'}, "
        f"by MOJO-5.7/5.8 it {'ends' if step.outcome.round_ends else 'goes on'}")
    return ended


def examples(n: int) -> int:
    """``n`` examples under the default profile (100); scaled when the loaded profile asks for more or fewer
    (tests/conftest.py: CARDTABLE_HYPOTHESIS=thorough)."""
    return max(1, n * settings().max_examples // 100)


GAME_SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
RANDOMS = st.randoms(use_true_random=False)


# --------------------------------------------------------------------------------------------
# INV-1 … INV-13
# --------------------------------------------------------------------------------------------


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_1_every_card_in_exactly_one_zone(setup, rnd):
    n = setup.players
    h = setup.options["hand_size"]
    npiles = setup.options["discard_piles"]

    def check(step):
        z = step.after
        counts = Counter(all_zone_cards(z))
        assert sorted(counts) == list(ALL_IDS), (
            f"cards missing: {sorted(set(ALL_IDS) - set(counts))}, unknown: {sorted(set(counts) - set(ALL_IDS))}")
        assert all(k == 1 for k in counts.values()), f"cards in two zones: {sorted(c for c, k in counts.items() if k > 1)}"
        ended = step.before is not None and z.rounds > step.before.rounds  # the state scored a round
        if step.index == 0 or (ended and not z.terminal):  # MOJO-1.2, MOJO-2: a fresh deal
            assert all(len(hand) == h for hand in z.hands), f"dealt {[len(x) for x in z.hands]}, hand_size {h}"
            assert [len(p) for p in z.piles] == [1] * npiles
            assert len(z.deck) == 78 - n * h - npiles
            assert not any(z.down) and not any(z.up) and not any(z.in_mojo)
        if ended:
            # the finished round's holdings + its draw pile + its discard piles: each card once
            summary = step.state.rounds[-1]
            b = step.before
            piles = [c for p in b.piles for c in p] + ([step.action.card] if isinstance(step.action, Play) else [])
            everything = sorted(b.deck + piles + [c for cards in summary["cards"] for c in cards])
            assert everything == list(ALL_IDS), "the round-end holdings do not fit the rest of the cards"

    run_game(setup, rnd, check)


@settings(max_examples=examples(200), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_2_discard_piles_never_empty(setup, rnd):
    npiles = setup.options["discard_piles"]

    def check(step):
        z = step.after
        assert len(z.piles) == npiles
        assert all(len(p) >= 1 for p in z.piles), f"empty discard pile: {z.piles}"
        if step.index % 5 == 0:
            view = step.state.view(None)
            assert len(view["piles"]) == npiles and all(view["piles"])

    run_game(setup, rnd, check)


@settings(max_examples=examples(200), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_3_mojo_players_have_no_hand_others_no_rows(setup, rnd):
    n = setup.players

    def check(step):
        z = step.after
        for p in range(n):
            if z.in_mojo[p]:
                assert z.hands[p] == [], f"seat {p} is in the Mojo moment but holds {z.hands[p]}"
                if not z.terminal:  # the round goes on only while the face-down row holds a card
                    assert z.down[p], f"seat {p} is in the Mojo moment with an empty face-down row"
            else:
                assert z.down[p] == [] and z.up[p] == [], f"seat {p} is not in the Mojo moment but has rows {z.down[p]}, {z.up[p]}"
        o = step.outcome
        if o is None or scored_round(step):
            return
        b = step.before
        for p in range(n):  # MOJO-5.9: once in, in for the rest of the round
            if b.in_mojo[p]:
                assert z.in_mojo[p], f"seat {p} left the Mojo moment during the round"
        entered = [p for p in range(n) if z.in_mojo[p] and not b.in_mojo[p]]
        assert entered == ([step.actor] if o.enters_mojo else []), (
            f"entered the Mojo moment: {entered}; by MOJO-5.2: {[step.actor] if o.enters_mojo else []}")
        if step.index % 5 == 0:
            assert [s["in_mojo"] for s in step.state.view(None)["seats"]] == z.in_mojo

    run_game(setup, rnd, check)


@settings(max_examples=examples(200), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_4_hand_above_threshold_at_normal_turn_start(setup, rnd):
    threshold = setup.threshold
    first = setup.options["first_player"]
    starts = []

    def check(step):
        z = step.after
        if z.terminal:
            return
        o = step.outcome
        if o is not None and not o.turn_ends:
            assert z.current == step.actor, "the turn passed although the rules keep it (equal play, draw choice)"
            return
        p = z.current  # a turn begins
        assert 0 <= p < setup.players
        if o is not None:  # MOJO-3.4, MOJO-3.5: whose turn begins
            assert p == o.next_player, f"seat {p} to act; by the rules seat {o.next_player}"
        elif first != "random":  # MOJO-3.3
            assert p == first
        if not z.in_mojo[p]:  # a normal turn begins
            starts.append(p)
            assert len(z.hands[p]) > threshold, f"seat {p} starts a normal turn with {len(z.hands[p])} cards, threshold {threshold}"
            assert all(isinstance(a, Play) for a in step.state.legal_actions()), "a normal turn starts with plays only"

    run_game(setup, rnd, check)
    assert starts


@settings(max_examples=examples(200), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_5_rows_never_exceed_threshold(setup, rnd):
    threshold = setup.threshold

    def check(step):
        z = step.after
        for p in range(setup.players):
            assert len(z.down[p]) + len(z.up[p]) <= threshold, (
                f"seat {p}: rows {z.down[p]} + {z.up[p]} exceed the threshold {threshold}")
        o = step.outcome
        if o is not None and o.kind == "reveal" and not scored_round(step):  # MOJO-5.6: one card turns over
            b, p = step.before, step.actor
            assert len(z.down[p]) == len(b.down[p]) - 1 and len(z.up[p]) == len(b.up[p]) + 1
            assert Counter(z.down[p] + z.up[p]) == Counter(b.down[p] + b.up[p]), "a reveal changed the cards in front of the player"
            assert z.up[p][:-1] == b.up[p] and z.up[p][-1] in b.down[p]
            if step.action.card is not None:
                assert z.up[p][-1] == step.action.card
            assert z.piles == b.piles and z.deck == b.deck, "a reveal touched the piles or the draw pile"

    run_game(setup, rnd, check)


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_6_hand_changes_only_on_own_turn(setup, rnd):
    n = setup.players

    def check(step):
        o = step.outcome
        if o is None:
            return
        b, z, p = step.before, step.after, step.actor
        if o.expected_actor is not None:  # MOJO-3.6: the actor is the player whose turn it is by the rules
            assert p == o.expected_actor, f"seat {p} acted; by the rules it is seat {o.expected_actor}'s turn"
        if scored_round(step):
            return  # the next round is dealt afresh (INV-1)
        for q in range(n):
            if q != p:
                assert sorted(z.hands[q]) == sorted(b.hands[q]), f"seat {q}'s hand changed on seat {p}'s turn"
                assert z.down[q] == b.down[q] and z.up[q] == b.up[q], f"seat {q}'s rows changed on seat {p}'s turn"
        if o.enters_mojo:  # the hand is set to 0 and goes face down (MOJO-5.2)
            assert z.hands[p] == [], f"seat {p} entered the Mojo moment but still holds {z.hands[p]}"
            held = sorted(z.down[p])
        else:
            held = sorted(z.hands[p])
        delta = len(held) - len(b.hands[p])
        expected = {"lower": -1, "equal": -1, "higher": -1 + o.drew, "draw": 1, "stop": 0, "reveal": 0}[o.kind]
        assert delta == expected, f"{o.kind} {step.action}: hand size changed by {delta}, the rules say {expected}"
        if o.pool_draw is None:
            assert held == sorted(o.hand_after), f"{o.kind} {step.action}: hand {held}, by the rules {sorted(o.hand_after)}"
        else:  # reshuffled (MOJO-4.6): the drawn card is one of the discard cards below the tops
            extra = Counter(held) - Counter(o.hand_after)
            assert sum(extra.values()) == 1 and next(iter(extra)) in o.pool_draw
            assert [len(pile) for pile in z.piles] == [1] * len(z.piles)
            assert sorted(z.deck) == sorted(set(o.pool_draw) - set(extra)), "the reshuffled draw pile is not the rest of the discards"

    run_game(setup, rnd, check)


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_7_raw_score_is_best_card_per_colour(setup, rnd):
    seen = []

    def check(step):
        o = step.outcome
        if not scored_round(step):
            return
        seen.append(step.index)
        summary = step.state.rounds[-1]
        assert [sorted(c) for c in summary["cards"]] == o.holdings, "the round summary lists other cards than the players held"
        for p in range(setup.players):
            raw = summary["raw"][p]
            assert raw == spec_raw(o.holdings[p]), f"seat {p}: raw {raw}; by the card values {spec_raw(o.holdings[p])}"
            assert 0 <= raw <= MAX_RAW

    last = run_game(setup, rnd, check)
    assert len(seen) == len(last.state.rounds)


@settings(max_examples=examples(300), deadline=None)
@given(cards=st.lists(st.sampled_from(ALL_IDS), unique=True, max_size=40))
def test_INV_7_raw_score_of_any_card_set(cards):
    from cardtable.games.mojo.cards import VALUE, raw_score  # the implementation's table and helper

    raw = spec_raw(cards)
    assert 0 <= raw <= MAX_RAW
    assert spec_raw([7, 22, 40, 61, 77]) == MAX_RAW  # one top card per colour
    assert tuple(VALUE) == SPEC_VALUE
    assert raw_score(cards) == raw


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_8_one_mojo_holder_and_round_scores(setup, rnd):
    n = setup.players

    def check(step):
        o = step.outcome
        if not scored_round(step):
            return
        summary = step.state.rounds[-1]
        holder = summary["holder"]
        assert isinstance(holder, int) and not isinstance(holder, bool) and 0 <= holder < n
        assert holder == o.holder, f"holder {holder}; by mojo_card_to={setup.options['mojo_card_to']} seat {o.holder} (ender {o.ender})"
        assert summary["ender"] == o.ender
        raw, scores = summary["raw"], summary["scores"]
        assert scores[holder] in (0, raw[holder] + 10), f"holder {holder} scores {scores[holder]}, raw {raw[holder]}"
        assert scores[holder] == 0 or 10 <= scores[holder] <= 44
        for p in range(n):
            if p != holder:
                assert scores[p] == raw[p], f"seat {p} is not the holder and scores {scores[p]}, raw {raw[p]}"
        assert scores == o.scores, f"scores {scores}; by the rules {o.scores}"
        assert step.state.view(None)["mojo_card"]["holder"] == holder

    run_game(setup, rnd, check)


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_9_holder_scores_zero_iff_lowest_raw(setup, rnd):
    n = setup.players

    def check(step):
        o = step.outcome
        if not scored_round(step):
            return
        summary = step.state.rounds[-1]
        raw, holder = summary["raw"], summary["holder"]
        score = summary["scores"][holder]
        lowest = all(raw[holder] <= raw[p] for p in range(n) if p != holder)
        assert (score == 0) == lowest, f"holder {holder} with raw {raw[holder]} of {raw} scored {score}"
        assert summary["mojo_side"] == ("0" if lowest else "+10")  # MOJO-6.6
        if not o.game_over:  # the side sets the next round's direction (MOJO-3.2) and first player (MOJO-3.4)
            view = step.state.view(None)
            clockwise = setup.options["direction_mode"] == "clockwise" or lowest
            assert view["direction"] == ("clockwise" if clockwise else "counter-clockwise")
            assert view["mojo_card"]["side"] == ("0" if lowest else "+10")
            assert step.state.current_player == o.next_player

    run_game(setup, rnd, check)


@settings(max_examples=examples(200), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_10_totals_never_decrease_and_sum_round_scores(setup, rnd):
    n = setup.players
    previous = [[0] * n]

    def check(step):
        z = step.after
        prev = previous[0]
        assert all(t >= q for t, q in zip(z.totals, prev)), f"a total decreased: {prev} -> {z.totals}"
        if step.outcome is not None and not scored_round(step):
            assert z.totals == prev, "totals changed outside a round's scoring"
        rounds = step.state.rounds
        sums = [sum(r["scores"][p] for r in rounds) for p in range(n)]
        assert z.totals == sums, f"totals {z.totals} are not the sums of the round scores {sums}"
        assert z.totals == step.referee.totals, f"totals {z.totals}; scored by the rules {step.referee.totals}"
        running = [0] * n
        for r in rounds:
            running = [a + b for a, b in zip(running, r["scores"])]
            assert r["totals"] == running
        assert step.state.scores() == z.totals
        previous[0] = z.totals

    run_game(setup, rnd, check)


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_11_game_ends_only_after_scoring_at_target(setup, rnd):
    target = setup.options["target_score"]
    n = setup.players

    def check(step):
        z, s, o = step.after, step.state, step.outcome
        ended_round = scored_round(step)
        if z.terminal:
            assert ended_round, "the game ended without a round's scoring"
            assert max(z.totals) >= target
            assert s.current_player == -1 and s.legal_actions() == []
            low = min(z.totals)
            winners = [p for p in range(n) if z.totals[p] == low]  # MOJO-7.3, OP-13
            assert s.returns() == pytest.approx([1 / len(winners) if p in winners else 0.0 for p in range(n)])
            assert s.view(None)["result"]["winners"] == winners
        else:
            assert max(z.totals) < target, f"totals {z.totals} reached {target} but the game goes on"
            assert 0 <= s.current_player < n and s.legal_actions()
            if step.index % 5 == 0:
                assert s.returns() == [0.0] * n
        if ended_round:
            assert z.terminal == o.game_over

    last = run_game(setup, rnd, check)
    assert last.state.is_terminal() or last.index == MAX_ACTIONS


@settings(max_examples=examples(120), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS, data=st.data())
def test_INV_12_same_seed_options_actions_same_states(setup, rnd, data):
    stop_at = data.draw(st.one_of(st.none(), st.integers(0, 150)), label="stop_at")
    clone_at = data.draw(st.integers(0, 100), label="clone_at")
    twin = new_state(setup)  # same game object kind, separately loaded
    twin2 = cardtable.load("mojo", players=setup.players, options=dict(setup.options)).new_initial_state(seed=setup.seed)
    clones = []

    def check(step):
        s = step.state
        if step.action is not None:
            twin.apply(step.action.to_json(), player=step.actor)  # the JSON form replays too
            twin2.apply(step.action, player=step.actor)
            for c in clones:
                c.apply(step.action, player=step.actor)
        for other in (twin, twin2, *clones):  # the zones after every action
            assert Zones.of(other) == step.after, f"the same seed, options and actions give other zones at action {step.index}"
        # the whole snapshot (rng state and history included) after each of the first actions, then
        # after every 10th (a snapshot's history grows with the game, so each one costs more)
        if step.index <= 60 or step.index % 10 == 0 or s.is_terminal():
            snap = s.snapshot()
            assert twin.snapshot() == snap, f"the same seed, options and actions give another state at action {step.index}"
            assert twin2.snapshot() == snap
            for c in clones:
                assert c.snapshot() == snap, f"a clone taken at action {clone_at} differs at action {step.index}"
        if step.index == clone_at:
            snap = s.snapshot()
            c = s.clone()
            assert c.snapshot() == snap and c.digest() == s.digest()
            clones.append(c)
        if step.index % 7 == 0:
            for p in [None, *range(setup.players)]:
                assert twin.view(p) == s.view(p)
            assert twin.legal_actions() == s.legal_actions()

    final = run_game(setup, rnd, check, stop_at=stop_at).state
    assert twin.snapshot() == final.snapshot() and twin.digest() == final.digest()
    # the record replays to the same state, through its text form
    text = final.record().dumps()
    records = read_records(text.splitlines())
    assert len(records) == 1
    assert records[0].actions == [(p, a.to_json()) for p, a in final.history]
    replayed = records[0].replay()
    assert replayed.digest() == final.digest()
    assert replayed.snapshot() == final.snapshot()
    assert replayed.is_terminal() == final.is_terminal()
    if final.is_terminal():
        assert records[0].result["digest"] == final.digest()


@settings(max_examples=examples(60), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_12_13_snapshot_and_view_are_detached_values(setup, rnd):
    """snapshot() is "the whole state as JSON": taken at one action it must still describe that state
    later, and changing a view or a snapshot must not change the state. Without this, stored snapshots
    cannot show INV-12 (same states) or INV-13 (state unchanged)."""
    kept: list[tuple[int, dict, str]] = []

    def check(step):
        s = step.state
        if len(kept) < 3 and step.index % 10 == 0:
            snap = s.snapshot()
            kept.append((step.index, snap, json.dumps(snap, sort_keys=True)))
        if step.outcome is not None and step.outcome.round_ends:
            for index, snap, text in kept:
                assert json.dumps(snap, sort_keys=True) == text, (
                    f"the snapshot taken at action {index} changed when a round ended at action {step.index}")
            before = frozen(s)
            view = s.view(step.actor)
            for r in view["rounds"]:
                for key in ("raw", "scores", "totals"):
                    r[key].append(99)
                for cards in r["cards"]:
                    cards.append(99)
            assert frozen(s) == before, "changing a view's round summaries changed the state"
            snap = s.snapshot()
            snap["rounds"].append({"round": -1})
            for key in ("hands", "deck", "piles", "totals", "history"):
                snap[key].append(99)
            assert frozen(s) == before, "changing a snapshot changed the state"

    run_game(setup, rnd, check)


def _illegal_candidates(referee: Referee, z: Zones, rng: random.Random) -> list[tuple[Any, str | None]]:
    """(action or JSON form, the rule the spec names or None) pairs that the specification makes illegal now."""
    p = z.current
    npiles = referee.npiles
    pending = referee.pending
    in_mojo = referee.mojo[p]
    hand, down, up = z.hands[p], z.down[p], z.up[p]
    out: list[tuple[Any, str | None]] = []
    not_held = [c for c in ALL_IDS if c not in hand]
    card = hand[rng.randrange(len(hand))] if hand else 0
    draw_pending = bool(pending) and pending[0] == "draw"

    # cards not in the player's hand (MOJO-4.2; scenario 7: MOJO-5.4 in the Mojo moment), cards that do not exist
    for c in rng.sample(not_held, min(3, len(not_held))):
        rule = None if draw_pending else ("MOJO-5.4" if in_mojo else "MOJO-4.2")
        out.append((Play(c, rng.randrange(npiles)), rule))
    for c in (78, -1, 10**9):
        out.append((Play(c, 0), None))
    if hand:  # a held card on a pile that does not exist
        for pile in (npiles, -1, 7):
            out.append((Play(card, pile), None))
    # draws that are not pending or not allowed (MOJO-4.3.3, MOJO-8.3, MOJO-8.4)
    if not draw_pending:
        out.append((Draw("deck"), None))
        out.append((Draw("pile", rng.randrange(2)), None))
    else:
        other = pending[1]
        out.append((Draw("pile", 1 - other), None))  # the pile just played on (MOJO-8.3.2)
        out.append(({"type": "draw", "source": "pile"}, None))
        out.append((Draw("pile", 2), None))
        out.append((Play(card, 0), None))
    if npiles == 1:
        out.append((Draw("pile", 0), None))
    # stop without a pending replay, or when replaying is compulsory (MOJO-4.4, scenario 2)
    if pending != "replay":
        out.append((Stop(), None))
    elif not referee.may_stop:
        out.append((Stop(), "MOJO-4.4"))
    # reveals
    if not in_mojo:
        out.append((Reveal(card=card), None))
        out.append((Reveal(position=0), None))
    else:
        out.append((Reveal(card=rng.choice([c for c in ALL_IDS if c not in down])), None))
        if up:
            out.append((Reveal(card=up[0]), None))  # already revealed
        out.append((Reveal(position=len(down)), None))
        out.append((Reveal(position=-1), None))
        out.append(({"type": "reveal"}, None))
        out.append((Reveal(card=down[0], position=0), None))
        if referee.setup.options["owner_sees_facedown"]:
            out.append((Reveal(position=0), None))  # the owner names the card (section 6)
        else:
            out.append((Reveal(card=down[0]), None))  # the owner names positions only (OP-7)
    # malformed JSON forms and unknown types (engine rules)
    out += [
        ("play", "ACTION-2"), (5, "ACTION-2"), (None, "ACTION-2"), ([{"type": "stop"}], "ACTION-2"),
        ({}, "ACTION-1"), ({"type": "pass"}, "ACTION-1"), ({"type": "PLAY", "card": card}, "ACTION-1"),
        ({"type": None}, "ACTION-1"), ({"type": 3}, "ACTION-1"),
        ({"type": "play"}, "ACTION-2"), ({"type": "play", "card": str(card)}, "ACTION-2"),
        ({"type": "play", "card": True}, "ACTION-2"), ({"type": "play", "card": float(card)}, "ACTION-2"),
        ({"type": "play", "card": card, "pile": "0"}, "ACTION-2"),
        ({"type": "play", "card": card, "colour": "red"}, "ACTION-2"),
        ({"type": "draw"}, "ACTION-2"), ({"type": "draw", "source": "hand"}, "ACTION-2"),
        ({"type": "stop", "now": True}, "ACTION-2"), ({"type": "reveal", "card": "x"}, "ACTION-2"),
    ]
    return out


class Baseline:
    """A position before an action is tried: its whole snapshot (detached), legal actions and view."""

    def __init__(self, s):
        self.snapshot = json.loads(json.dumps(s.snapshot()))
        self.legal = s.legal_actions()
        self.viewer = s.current_player if s.current_player >= 0 else None
        self.view = s.view(self.viewer)

    def unchanged(self, s) -> bool:
        return s.snapshot() == self.snapshot and s.legal_actions() == self.legal and s.view(self.viewer) == self.view


def rejected(s, base: Baseline, action, player=None, rule=None) -> None:
    """``action`` raises IllegalAction naming a rule (``rule`` when the spec names one) and changes nothing."""
    with pytest.raises(IllegalAction) as info:
        s.apply(action, player=player)
    exc = info.value
    assert isinstance(exc.rule, str) and exc.rule, f"{action!r}: IllegalAction without a rule"
    assert exc.rule in ENGINE_RULES or exc.rule in SPEC_RULES or not SPEC_RULES, f"{action!r}: rule {exc.rule!r} is not in the spec"
    if rule is not None:
        assert exc.rule == rule, f"{action!r} by seat {player}: rule {exc.rule}; the spec names {rule}"
    assert base.unchanged(s), f"the rejected action {action!r} changed the state"


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_13_rejected_action_leaves_state_unchanged(setup, rnd):
    probe = random.Random(setup.seed ^ 0x13)  # where to probe and which illegal actions to try
    n = setup.players
    probed = []

    def check(step):
        s, z, referee = step.state, step.after, step.referee
        if z.terminal:
            return
        # probe the start, some ordinary positions, and more often the rarer ones
        rare = referee.pending is not None or referee.mojo[z.current]
        if step.index > 0 and (len(probed) >= 12 or probe.randrange(4 if rare else 16)):
            return
        probed.append(step.index)
        legal = s.legal_actions()
        spec_legal = referee.legal(z)
        assert set(legal) == spec_legal, f"legal actions {sorted(map(str, legal))}; by section 6 {sorted(map(str, spec_legal))}"
        assert len(set(legal)) == len(legal), "an action is listed twice"
        base = Baseline(s)
        # every legal action is accepted, as an action and as JSON (by clones; the original is untouched)
        for a in legal:
            s.clone().apply(a, player=z.current)
        for a in probe.sample(legal, min(4, len(legal))):
            s.clone().apply(a.to_json())
        assert base.unchanged(s), "applying an action to a clone changed the original"
        # illegal actions are rejected, citing a rule, and change nothing
        candidates = _illegal_candidates(referee, z, probe)
        specific = [c for c in candidates if c[1] is not None and not c[1].startswith("ACTION")]
        general = [c for c in candidates if c not in specific]
        for action, rule in specific + probe.sample(general, min(10, len(general))):
            if isinstance(action, (Play, Draw, Stop, Reveal)):
                assert action not in spec_legal  # the candidate really is illegal by the spec
                rejected(s, base, action if probe.randrange(2) else action.to_json(), rule=rule)
            else:
                rejected(s, base, action, rule=rule)
        # out of turn (MOJO-3.6, scenario 13): the current player's legal action, the other's own card
        q = probe.choice([q for q in range(n) if q != z.current])
        rejected(s, base, probe.choice(legal), player=q, rule="MOJO-3.6")
        if z.hands[q]:
            rejected(s, base, {"type": "play", "card": z.hands[q][0], "pile": 0}, player=q, rule="MOJO-3.6")

    last = run_game(setup, rnd, check)
    assert probed
    s = last.state
    if s.is_terminal():  # after the game, everything is rejected
        base = Baseline(s)
        for action in (Play(0, 0), Draw("deck"), Draw("pile", 1), Draw("pile", 0), Stop(), Reveal(card=0), Reveal(position=0)):
            rejected(s, base, action, rule="GAME-OVER")
            rejected(s, base, action, player=0, rule="GAME-OVER")
        rejected(s, base, {"type": "nonsense"})
