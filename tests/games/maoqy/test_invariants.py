"""Property tests for the invariants INV-1 … INV-10 of the MAOQY specification (rules/maoqy.md, section 8).

Every test plays random games. Hypothesis draws the player count, a point of the option space, a
seed, a play style and the action choices (the first HYPOTHESIS_DECISIONS of a game through
``st.randoms(use_true_random=False)``, the rest from a Random seeded by the game's seed), so a failing
game shrinks to a short one. The checks derive what should happen from the specification itself: card
IDs, kingdoms and numbers are recomputed from spec 2.3, and a small independent :class:`Referee` follows
each game to predict whose turn it is, what the legal actions are (spec section 6), where every card
goes, and when and how the game ends. Nothing the checks compare against comes from the code under test.

To reproduce a failure outside Hypothesis, the failing example notes the game's record (JSON lines);
``cardtable.engine.read_records(text.splitlines())[0].replay()`` re-creates the game.
"""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Iterator

import pytest
from hypothesis import HealthCheck, given, note, settings
from hypothesis import strategies as st

import cardtable
from cardtable import IllegalAction
from cardtable.engine import read_records
from cardtable.games.maoqy import state as S
from cardtable.games.maoqy.actions import Direction, Discard, Draw, Hide, Open, Pass, Street
from tests.spec import spec_matches

# --------------------------------------------------------------------------------------------
# The cards of spec section 2, written out independently of cardtable.games.maoqy.cards.
# --------------------------------------------------------------------------------------------

SPEC_KINGDOMS = ("red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow",
                 "white", "black")
WEBSITE_EXTRAS = tuple(range(204, 239))  # numbers 18 … 52 of section 12, no kingdom


def kingdom(card: int) -> int:
    """Colour kingdom index of a colour card; -1 for an extra card (never in a street, MAOQY-9.2)."""
    return card // 17 if card < 204 else -1


def number(card: int) -> int:
    return card % 17 + 1 if card < 204 else card - 204 + 18


def back(card: int) -> str:
    """What the card's back shows (OP-10); the website's extra cards name no kingdom."""
    return SPEC_KINGDOMS[card // 17] if card < 204 else "extra"


def spec_deck(options: dict) -> list[int]:
    ids = [SPEC_KINGDOMS.index(k) * 17 + i for k in options["kingdoms"] for i in range(17)]
    if options["extra_cards"] == "website":
        ids += WEBSITE_EXTRAS
    return sorted(ids)


SPEC_RULES = spec_matches("maoqy.md", r"MAOQY-\d+(?:\.\d+)*")  # empty without the spec: then only a rule ID's form is checked
ENGINE_RULES = {"ACTION-1", "ACTION-2", "GAME-OVER"}

# --------------------------------------------------------------------------------------------
# Random games
# --------------------------------------------------------------------------------------------

STYLES = ("uniform", "collector", "churn", "hoard")
HYPOTHESIS_DECISIONS = 48
MAX_ACTIONS = 3000


@dataclass(frozen=True)
class Setup:
    players: int
    options: dict[str, Any]
    seed: int
    style: str

    def __repr__(self) -> str:
        return f"Setup(players={self.players}, options={self.options!r}, seed={self.seed}, style={self.style!r})"


@st.composite
def setups(draw, backs_show_kingdom=None, small=None) -> Setup:
    """Players 2..12 and a point of the option space (section 4) that the option checks accept."""
    n = draw(st.integers(2, 12) if not small else st.integers(2, 4))
    few = draw(st.booleans()) if small is None else small
    if few:  # a small deck: streets form and complete in random play
        count = draw(st.integers(max(n, 2), max(n, 4)))
        kingdoms = draw(st.lists(st.sampled_from(SPEC_KINGDOMS), min_size=count, max_size=count, unique=True))
    else:
        kingdoms = list(SPEC_KINGDOMS)
    options = {
        "kingdoms": [k for k in SPEC_KINGDOMS if k in kingdoms],
        "hand_limit": draw(st.sampled_from((5, 6, 8, 12, 12, 16))),
        "street_min": draw(st.sampled_from((1, 2, 3, 3, 4, 5, 5, 6))),
        "street_start": draw(st.sampled_from(("any", "any", "one"))),
        "max_streets": draw(st.sampled_from((1, 1, 2, 3))),
        "extended_draw": draw(st.sampled_from((True, True, False))),
        "known_draw": draw(st.sampled_from(("top", "any"))),
        "open_hand_access": draw(st.sampled_from(("all", "owner"))),
        "hiding_place_size": draw(st.sampled_from((1, 1, 2, 3))),
        "backs_show_kingdom": draw(st.booleans()) if backs_show_kingdom is None else backs_show_kingdom,
        "turn_limit": draw(st.sampled_from((1, 5, 30, 150, 300, 400, 400))),
        # The referee models the rulebook's text; the table rule MAOQY-6.6 (claimed_cards = open, the
        # default) has its own random-game properties in test_claimed_cards.py.
        "claimed_cards": "anywhere",
        "extra_cards": draw(st.sampled_from(("none", "none", "website"))),
    }
    return Setup(n, options, draw(st.integers(0, 2**32 - 1)), draw(st.sampled_from(STYLES)))


def new_state(setup: Setup):
    return cardtable.load("maoqy", players=setup.players, options=setup.options).new_initial_state(seed=setup.seed)


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

    def action(self, z: "Zones", legal):
        style = self.setup.style
        if style == "uniform" or z.phase != "play":
            return legal[self.index(len(legal))]
        if style == "collector":
            weights = self.collector_weights(z, legal)
        else:
            table = ({Discard: 6, Open: 5, Draw: 5, Street: 3, Hide: 1} if style == "churn"  # traffic: reshuffles
                     else {Draw: 8, Hide: 6, Street: 6, Open: 1, Discard: 1})  # hoard: the Unknown runs out
            weights = [table.get(type(a), 0 if len(legal) > 1 else 1) for a in legal]
        pool = [a for a, w in zip(legal, weights) for _ in range(w)] or list(legal)
        return pool[self.index(len(pool))]

    def collector_weights(self, z: "Zones", legal) -> list[int]:
        """Build a street: aim at one kingdom (the own street's, else the one held most), keep its cards,
        take them wherever they are, store them in the open hand when the hidden hand fills, shed the rest."""
        p = z.current
        held = [x for x in z.hands[p] + z.opened[p] if x < 204]
        own = [kingdom(s[0]) for s in z.streets[p]]
        claimed = {kingdom(s[0]) for q in range(len(z.streets)) if q != p for s in z.streets[q]}
        counts = Counter(kingdom(x) for x in held if kingdom(x) not in claimed)
        targets = set(own)
        if len(own) < self.setup.options["max_streets"] and counts:
            targets.add(counts.most_common(1)[0][0])
        full = len(z.hands[p]) >= self.setup.options["hand_limit"] - 1
        mine = lambda x: x is not None and x < 204 and kingdom(x) in targets  # noqa: E731
        weights = []
        for a in legal:
            if isinstance(a, Street):
                w = 60 * len(a.cards)
            elif isinstance(a, Draw):
                if a.source == "unknown":
                    w = 12 if z.unknown and mine(z.unknown[-1]) else 4
                elif a.source == "known" and a.card is None:
                    w = 20 if mine(z.known[-1]) else 0
                else:
                    w = 20 if mine(a.card) and (a.source != "open" or a.player != p) else 0
            elif isinstance(a, Discard):
                w = 0 if mine(a.card) else (12 if full else 3)
            elif isinstance(a, Open):
                w = (10 if full else 1) if mine(a.card) else 0
            elif isinstance(a, Hide):
                w = 1
            else:
                w = 0 if len(legal) > 1 else 1
            weights.append(w)
        return weights


@dataclass
class Zones:
    """A detached copy of a state's positions."""

    unknown: list[int]
    known: list[int]
    hands: list[list[int]]
    opened: list[list[int]]
    streets: list[list[list[int]]]
    hiding: list[list[int]]
    current: int
    phase: str
    turn: int
    terminal: bool

    @classmethod
    def of(cls, s) -> "Zones":
        return cls(
            unknown=list(s.unknown), known=list(s.known), hands=[list(h) for h in s.hands],
            opened=[list(o) for o in s.opened], streets=[[list(x) for x in own] for own in s.streets],
            hiding=[list(h) for h in s.hiding], current=s.current_player, phase=S.PHASE_NAMES[s.phase],
            turn=s.turn, terminal=s.is_terminal(),
        )

    def copy(self) -> "Zones":
        return Zones(list(self.unknown), list(self.known), [list(h) for h in self.hands],
                     [list(o) for o in self.opened], [[list(x) for x in own] for own in self.streets],
                     [list(h) for h in self.hiding], self.current, self.phase, self.turn, self.terminal)

    def cards(self) -> list[int]:
        out = self.unknown + self.known
        for part in (*self.hands, *self.opened, *self.hiding):
            out = out + part
        for own in self.streets:
            for s in own:
                out = out + s
        return out


@dataclass
class Outcome:
    """What the rules say one action does, computed by the Referee from the positions before it."""

    expected_actor: int
    expected: Zones  # positions after the action (the Unknown is left open after a reshuffle)
    reshuffle_pool: list[int] | None = None  # a reshuffle happened: the new Unknown + drawn card are these
    game_over: bool = False
    reason: str | None = None
    winners: list[int] = field(default_factory=list)
    next_player: int = -1
    public_draw: int | None = None  # a card taken face up into a hidden hand (section 7)


class Referee:
    """Follows a game with the rules of the specification only and predicts legal actions and outcomes."""

    def __init__(self, setup: Setup, first: int):
        o = setup.options
        self.setup = setup
        self.o = o
        self.n = setup.players
        self.first = first
        self.direction = 0
        self.passes = 0
        self.turns = 0
        self.over = False

    # -- spec section 6: the legal-action generator --------------------------------------------
    def legal(self, z: Zones) -> set:
        o, n = self.o, self.n
        if self.over:
            return set()
        if self.direction == 0:
            return {Direction("cw"), Direction("ccw")}
        p = z.current
        hand, own_open = z.hands[p], z.opened[p]
        acts: set = {Pass()}
        if len(hand) < o["hand_limit"]:
            if z.unknown or len(z.known) >= 2:
                acts.add(Draw("unknown"))
            if o["extended_draw"]:
                if z.known:
                    if o["known_draw"] == "top":
                        acts.add(Draw("known"))
                    else:
                        acts |= {Draw("known", card=x) for x in z.known}
                seats = range(n) if o["open_hand_access"] == "all" else [p]
                acts |= {Draw("open", q, x) for q in seats for x in z.opened[q]}
            acts |= {Draw("hiding", card=x) for x in z.hiding[p]}
        acts |= {Discard(x) for x in hand + own_open}
        acts |= {Open(x) for x in hand}
        if len(z.hiding[p]) < o["hiding_place_size"]:
            acts |= {Hide(x) for x in hand}
        acts |= self.street_actions(z, p)
        return acts

    def street_actions(self, z: Zones, p: int) -> set:
        o = self.o
        held: dict[int, set[int]] = {}
        for x in z.hands[p] + z.opened[p]:
            if x < 204:
                held.setdefault(kingdom(x), set()).add(number(x))
        claimed = {kingdom(s[0]): q for q in range(self.n) for s in z.streets[q]}
        out = set()
        for k, nums in held.items():
            ids = lambda xs: tuple(k * 17 + x - 1 for x in sorted(xs))  # noqa: E731
            if claimed.get(k) == p:  # single cards at each end, and the longest extension
                own = next(s for s in z.streets[p] if kingdom(s[0]) == k)
                lo, hi = number(own[0]), number(own[-1])
                below = []
                while lo - len(below) - 1 in nums:
                    below.append(lo - len(below) - 1)
                above = []
                while hi + len(above) + 1 in nums:
                    above.append(hi + len(above) + 1)
                if below:
                    out.add(Street(ids([below[0]])))
                if above:
                    out.add(Street(ids([above[0]])))
                if len(below) + len(above) > 1:
                    out.add(Street(ids(below + above)))
            elif k not in claimed and len(z.streets[p]) < o["max_streets"]:  # maximal runs of street_min or more
                runs: list[list[int]] = []
                for x in sorted(nums):
                    if runs and runs[-1][-1] == x - 1:
                        runs[-1].append(x)
                    else:
                        runs.append([x])
                for run in runs:
                    if o["street_start"] == "one" and run[0] != 1:
                        continue
                    if len(run) >= o["street_min"]:
                        out.add(Street(ids(run)))
        return out

    # -- what an action does -------------------------------------------------------------------
    def observe(self, z: Zones, actor: int, a) -> Outcome:
        expected_actor = z.current
        e = z.copy()
        out = Outcome(expected_actor=expected_actor, expected=e)
        if isinstance(a, Direction):  # MAOQY-3.5, MAOQY-3.6
            self.direction = 1 if a.value == "cw" else -1
            e.phase = "play"
            out.next_player = actor
            e.current = actor
            return out
        p = actor
        hand = e.hands[p]
        complete = False
        if isinstance(a, Draw):
            if a.source == "unknown":
                if e.unknown:
                    hand.append(e.unknown.pop())
                else:  # MAOQY-5.2: all of the Known but its top card
                    out.reshuffle_pool = sorted(e.known[:-1])
                    e.known = e.known[-1:]
            elif a.source == "known":
                card = e.known.pop() if a.card is None else a.card
                if a.card is not None:
                    e.known.remove(card)
                hand.append(card)
                out.public_draw = card
            elif a.source == "open":
                e.opened[a.player].remove(a.card)
                hand.append(a.card)
                out.public_draw = a.card
            else:
                e.hiding[p].remove(a.card)
                hand.append(a.card)
        elif isinstance(a, (Discard, Open, Hide)):
            source = hand if a.card in hand else e.opened[p]
            source.remove(a.card)
            target = {Discard: e.known, Open: e.opened[p], Hide: e.hiding[p]}[type(a)]
            target.append(a.card)
        elif isinstance(a, Street):
            for x in a.cards:
                (hand if x in hand else e.opened[p]).remove(x)
            k = kingdom(a.cards[0])
            own = next((s for s in e.streets[p] if kingdom(s[0]) == k), None)
            if own is None:
                e.streets[p].append(sorted(a.cards))
            else:
                own[:] = sorted(own + list(a.cards))
            complete = any(len(s) == 17 for s in e.streets[p])
        self.passes = self.passes + 1 if isinstance(a, Pass) else 0
        self.turns += 1
        e.turn = self.turns
        if complete:  # MAOQY-8.1
            out.game_over, out.reason, out.winners = True, "complete", [p]
        elif self.passes >= self.n:  # MAOQY-8.2
            out.game_over, out.reason = True, "deadlock"
        elif self.turns >= self.o["turn_limit"]:  # MAOQY-8.3
            out.game_over, out.reason = True, "turn_limit"
        if out.game_over:
            if out.reason != "complete":  # MAOQY-8.4
                counts = [sum(len(s) for s in own) for own in e.streets]
                best = max(counts)
                out.winners = [q for q in range(self.n) if counts[q] == best] if best else []
            self.over = True
            e.terminal, e.phase, e.current = True, "over", -1
            out.next_player = -1
        else:
            out.next_player = (p + self.direction) % self.n  # MAOQY-4.1
            e.current = out.next_player
        return out


@dataclass
class Step:
    index: int
    state: Any
    before: Zones | None
    actor: int | None
    action: Any
    after: Zones
    outcome: Outcome | None
    referee: Referee


def random_game(setup: Setup, rnd: random.Random, max_actions: int = MAX_ACTIONS,
                stop_at: int | None = None) -> Iterator[Step]:
    state = new_state(setup)
    referee = Referee(setup, state.first_player)
    chooser = Chooser(setup, rnd)
    z = Zones.of(state)
    yield Step(0, state, None, None, None, z, None, referee)
    limit = max_actions if stop_at is None else min(stop_at, max_actions)
    for i in range(1, limit + 1):
        if state.is_terminal():
            return
        legal = state.legal_actions()
        action = chooser.action(z, legal)
        actor = state.current_player
        outcome = referee.observe(z, actor, action)
        state.apply(action, player=actor)
        after = Zones.of(state)
        yield Step(i, state, z, actor, action, after, outcome, referee)
        z = after


def run_game(setup: Setup, rnd, check, **kw) -> Step:
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


def examples(n: int) -> int:
    return max(1, n * settings().max_examples // 100)


GAME_SETTINGS = dict(deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
RANDOMS = st.randoms(use_true_random=False)


# --------------------------------------------------------------------------------------------
# INV-1 … INV-10
# --------------------------------------------------------------------------------------------


@settings(max_examples=examples(200), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_1_every_card_in_exactly_one_position(setup, rnd):
    deck = spec_deck(setup.options)

    def check(step):
        counts = Counter(step.after.cards())
        assert sorted(counts) == deck, f"cards missing {sorted(set(deck) - set(counts))}, unknown {sorted(set(counts) - set(deck))}"
        assert max(counts.values()) == 1, f"cards in two positions: {[x for x, k in counts.items() if k > 1]}"

    run_game(setup, rnd, check)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_2_hidden_hands_within_the_limit(setup, rnd):
    limit = setup.options["hand_limit"]

    def check(step):
        sizes = [len(h) for h in step.after.hands]
        assert max(sizes) <= limit, f"hidden hands {sizes}, hand_limit {limit}"
        view = step.state.view(None)
        assert [s["hand_size"] for s in view["seats"]] == sizes

    run_game(setup, rnd, check)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_3_hiding_places_within_their_size(setup, rnd):
    size = setup.options["hiding_place_size"]

    def check(step):
        assert all(len(h) <= size for h in step.after.hiding), f"hiding places {step.after.hiding}, size {size}"

    run_game(setup, rnd, check)


@settings(max_examples=examples(200), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_4_streets_are_runs_of_one_kingdom(setup, rnd):
    o = setup.options

    def check(step):
        for p, own in enumerate(step.after.streets):
            for s in own:
                assert len(s) >= o["street_min"], f"seat {p}'s street {s} is shorter than street_min {o['street_min']}"
                assert all(x < 204 for x in s), f"an additional card in seat {p}'s street {s} (MAOQY-9.2)"
                assert len({kingdom(x) for x in s}) == 1, f"seat {p}'s street {s} mixes kingdoms"
                nums = [number(x) for x in s]
                assert nums == list(range(nums[0], nums[0] + len(nums))), f"seat {p}'s street {nums} is not in order or has gaps"
                if o["street_start"] == "one":
                    assert nums[0] == 1
        assert step.state.view(None)["seats"][0]["streets"] == step.after.streets[0]

    run_game(setup, rnd, check)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_5_no_kingdom_in_two_streets(setup, rnd):
    most = setup.options["max_streets"]

    def check(step):
        kingdoms = [kingdom(s[0]) for own in step.after.streets for s in own]
        assert len(kingdoms) == len(set(kingdoms)), f"a kingdom is in two streets: {kingdoms}"
        assert all(len(own) <= most for own in step.after.streets), f"more than {most} streets: {step.after.streets}"

    run_game(setup, rnd, check)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(small=True), rnd=RANDOMS)
def test_INV_6_streets_never_lose_a_card(setup, rnd):
    def check(step):
        if step.before is None:
            return
        for p in range(setup.players):
            before = {kingdom(s[0]): set(s) for s in step.before.streets[p]}
            after = {kingdom(s[0]): set(s) for s in step.after.streets[p]}
            for k, cards in before.items():
                assert k in after and cards <= after[k], f"seat {p}'s {SPEC_KINGDOMS[k]} street lost cards"
            assert list(after)[: len(before)] == list(before), "streets changed their order"

    run_game(setup, rnd, check)


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_7_one_action_of_the_current_player_then_the_next_in_the_direction(setup, rnd):
    def check(step):
        o = step.outcome
        if o is None:
            assert step.after.phase == "direction" and step.after.current == step.state.first_player
            return
        assert step.actor == o.expected_actor, f"seat {step.actor} acted; by the rules it is seat {o.expected_actor}'s turn"
        z, e = step.after, o.expected
        if o.reshuffle_pool is not None:  # MAOQY-5.2: the Known but its top card became the Unknown, then a draw
            drawn = z.hands[step.actor][-1]
            assert drawn in o.reshuffle_pool and sorted(z.unknown + [drawn]) == o.reshuffle_pool
            e = e.copy()
            e.hands[step.actor].append(drawn)
        else:
            assert z.unknown == e.unknown, f"{step.action} changed the Unknown"
        assert z.current == o.next_player, f"seat {z.current} to act; by MAOQY-4.1 seat {o.next_player}"
        assert z.hands == e.hands and z.opened == e.opened and z.hiding == e.hiding, (
            f"{step.action} by seat {step.actor} moved other cards than the rules say")
        assert z.streets == e.streets, f"{step.action}: streets {z.streets}, by MAOQY-6.4 {e.streets}"
        assert z.known == e.known, f"{step.action}: the Known {z.known}, by the rules {e.known}"
        assert z.turn == e.turn and z.phase == e.phase

    run_game(setup, rnd, check)


@settings(max_examples=examples(250), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_8_game_over_exactly_at_complete_street_passes_or_turn_limit(setup, rnd):
    n = setup.players

    def check(step):
        s, o = step.state, step.outcome
        if o is None:
            assert not s.is_terminal()
            return
        assert s.is_terminal() == o.game_over, (
            f"terminal {s.is_terminal()}; by MAOQY-8 {'over: ' + str(o.reason) if o.game_over else 'goes on'}")
        if o.game_over:
            assert s.current_player == -1 and s.legal_actions() == []
            assert s.winners == o.winners and s.end_reason == o.reason
            sharing = o.winners or list(range(n))  # no winner: a draw among all (docs/engine.md)
            share = [1 / len(sharing) if q in sharing else 0.0 for q in range(n)]
            assert s.returns() == pytest.approx(share)
            assert sum(s.returns()) == pytest.approx(1.0)
            assert s.end_rule() == {"complete": "MAOQY-8.1", "deadlock": "MAOQY-8.2", "turn_limit": "MAOQY-8.3"}[o.reason]
            assert s.view(None)["result"]["winners"] == o.winners
        else:
            assert s.legal_actions() and 0 <= s.current_player < n
            assert s.returns() == [0.0] * n
        assert s.scores() == [sum(len(x) for x in own) for own in step.after.streets]

    last = run_game(setup, rnd, check)
    assert last.state.is_terminal() or last.index == MAX_ACTIONS


def test_INV_8_every_kind_of_game_end_occurs():
    """The random games of these tests reach all three game ends (else INV-8 would be checked vacuously)."""
    seen = Counter()
    for seed in range(60):
        style = ("collector", "uniform", "churn")[seed % 3]
        kingdoms = list(SPEC_KINGDOMS[: 2 + seed % 3])
        opts = {"kingdoms": kingdoms, "street_min": 3, "turn_limit": 400}
        setup = Setup(2, {**cardtable.load("maoqy", 2, opts).options}, seed, style)
        last = None
        for last in random_game(setup, random.Random(seed)):
            pass
        seen[last.state.end_reason] += 1
    assert set(seen) == {"complete", "deadlock", "turn_limit"}, seen


@settings(max_examples=examples(100), **GAME_SETTINGS)
@given(setup=setups())
def test_INV_9_after_setup_the_unknown_holds_every_card(setup):
    state = new_state(setup)
    z = Zones.of(state)
    assert sorted(z.unknown) == spec_deck(setup.options)
    assert z.known == [] and not any(z.hands) and not any(z.opened) and not any(z.hiding) and not any(z.streets)
    # the first-player draw (MAOQY-3): every seat in round 1, then only the tied seats, one is highest
    rounds = state.first_draw
    assert [s for s, _ in rounds[0]] == list(range(setup.players))
    for before, after in zip(rounds, rounds[1:]):
        best = max(number(x) for _, x in before)
        assert [s for s, _ in after] == [s for s, x in before if number(x) == best]
    last = [number(x) for _, x in rounds[-1]]
    assert last.count(max(last)) == 1
    assert dict((s, number(x)) for s, x in rounds[-1])[state.first_player] == max(last)
    assert state.legal_actions() == [Direction("cw"), Direction("ccw")]
    assert state.current_player == state.first_player


@settings(max_examples=examples(100), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS, data=st.data())
def test_INV_10_same_seed_options_actions_same_states(setup, rnd, data):
    stop_at = data.draw(st.one_of(st.none(), st.integers(0, 150)), label="stop_at")
    clone_at = data.draw(st.integers(0, 100), label="clone_at")
    twin = new_state(setup)
    clones = []

    def check(step):
        s = step.state
        if step.action is not None:
            twin.apply(step.action.to_json(), player=step.actor)  # the JSON form replays too
            for c in clones:
                c.apply(step.action, player=step.actor)
        for other in (twin, *clones):
            assert Zones.of(other) == step.after
        if step.index <= 40 or step.index % 10 == 0 or s.is_terminal():
            snap = s.snapshot()
            assert twin.snapshot() == snap
            for c in clones:
                assert c.snapshot() == snap, f"a clone taken at action {clone_at} differs at action {step.index}"
        if step.index == clone_at:
            c = s.clone()
            assert c.snapshot() == s.snapshot() and c.digest() == s.digest()
            clones.append(c)
        if step.index % 7 == 0:
            for p in [None, *range(setup.players)]:
                assert twin.view(p) == s.view(p)
            assert twin.legal_actions() == s.legal_actions()

    final = run_game(setup, rnd, check, stop_at=stop_at).state
    assert twin.digest() == final.digest()
    text = final.record().dumps()
    records = read_records(text.splitlines())
    assert records[0].actions == [(p, a.to_json()) for p, a in final.history]
    replayed = records[0].replay()
    assert replayed.digest() == final.digest() and replayed.snapshot() == final.snapshot()
    if final.is_terminal():
        assert records[0].result["digest"] == final.digest()


@settings(max_examples=examples(60), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_10_snapshot_and_view_are_detached_values(setup, rnd):
    kept: list[tuple[int, dict, str]] = []

    def check(step):
        s = step.state
        if len(kept) < 3 and step.index % 10 == 0:
            snap = s.snapshot()
            kept.append((step.index, snap, json.dumps(snap, sort_keys=True)))
        if step.index % 13 == 5:
            for index, snap, text in kept:
                assert json.dumps(snap, sort_keys=True) == text, f"the snapshot of action {index} changed later"
            before = json.dumps(s.snapshot(), sort_keys=True)
            view = s.view(step.actor)
            view["known"].append(999)
            for seat in view["seats"]:
                seat["open"].append(999)
                for st_ in seat["streets"]:
                    st_.append(999)
                seat.get("hand", []).append(999)
            snap = s.snapshot()
            for key in ("unknown", "known", "hands", "open", "hiding", "history"):
                snap[key].append(999)
            assert json.dumps(s.snapshot(), sort_keys=True) == before, "changing a view or a snapshot changed the state"

    run_game(setup, rnd, check)


def _illegal_candidates(referee: Referee, z: Zones, rng: random.Random) -> list[tuple[Any, str | None]]:
    """(action or JSON form, the rule the spec names or None) that the specification makes illegal now."""
    o, n, p = referee.o, referee.n, z.current
    hand, own_open = z.hands[p], z.opened[p]
    out: list[tuple[Any, str | None]] = [
        ({"type": "draw", "from": "hand", "player": (p + 1) % n}, "MAOQY-5.7"),
        ({"type": "draw", "from": "street", "player": p}, "MAOQY-5.6"),
        (Direction("cw"), "MAOQY-3.5"),
    ]
    full = len(hand) >= o["hand_limit"]
    if full and (z.unknown or len(z.known) >= 2):
        out.append((Draw("unknown"), "MAOQY-5.1"))
    if not z.unknown and len(z.known) < 2 and not full:
        out.append((Draw("unknown"), "MAOQY-5.2"))
    if not o["extended_draw"]:
        out.append((Draw("known"), "MAOQY-5.8"))
        out.append((Draw("open", p, 0), "MAOQY-5.8"))
    elif not z.known and not full:
        out.append((Draw("known", card=None if o["known_draw"] == "top" else 0), "MAOQY-5.3"))
    elif o["known_draw"] == "top" and len(z.known) >= 2 and not full:
        out.append((Draw("known", card=z.known[0]), "MAOQY-5.3"))
    others = [q for q in range(n) if q != p]
    foreign_hidden = [x for q in others for x in z.hiding[q]]
    if foreign_hidden:
        x = rng.choice(foreign_hidden)
        out.append((Draw("hiding", card=x), "MAOQY-5.5"))
    street_cards = [x for own in z.streets for s in own for x in s]
    if street_cards:
        x = rng.choice(street_cards)
        out.append((Discard(x), "MAOQY-6.4.6"))
        q = next(q for q in range(n) if any(x in s for s in z.streets[q]))
        if o["extended_draw"] and (q == p or o["open_hand_access"] == "all"):
            out.append((Draw("open", q, x), "MAOQY-5.6"))
    foreign_open = [x for q in others for x in z.opened[q]]
    if foreign_open:
        out.append((Discard(rng.choice(foreign_open)), "MAOQY-6.5"))
    if own_open:
        out.append((Open(rng.choice(own_open)), "MAOQY-6.2"))
        out.append((Hide(rng.choice(own_open)), "MAOQY-6.3"))
    if hand and len(z.hiding[p]) >= o["hiding_place_size"]:
        out.append((Hide(rng.choice(hand)), "MAOQY-6.3"))
    colour = [x for x in hand + own_open if x < 204]
    two = {kingdom(x): x for x in colour}
    if len(two) >= 2:
        out.append((Street(tuple(list(two.values())[:2])), "MAOQY-6.4.1"))
    extras = [x for x in hand + own_open if x >= 204]
    if extras:
        out.append((Street((extras[0],)), "MAOQY-9.2"))
    invisible = set(z.unknown) | {x for q in others for x in z.hands[q] + z.hiding[q]}
    if invisible:
        x = rng.choice(sorted(invisible))
        out.append((Discard(x), "MAOQY-6.1"))
        out.append((Open(x), None))
        out.append((Street((x,)), None))
    out += [
        ("pass", "ACTION-2"), (5, "ACTION-2"), ({"type": "pass", "now": True}, "ACTION-2"),
        ({"type": "draw", "source": "unknown"}, "ACTION-2"), ({"type": "draw", "from": "deck"}, "ACTION-2"),
        ({"type": "discard", "card": "1"}, "ACTION-2"), ({"type": "street", "cards": 5}, "ACTION-2"),
        ({}, "ACTION-1"), ({"type": "play", "card": 1}, "ACTION-1"),
        (Discard(10**6), None), (Street(()), "MAOQY-6.4"), (Draw("open", n, 0), None),
    ]
    return out


class Baseline:
    def __init__(self, s):
        self.snapshot = json.loads(json.dumps(s.snapshot()))
        self.legal = s.legal_actions()
        self.viewer = s.current_player if s.current_player >= 0 else None
        self.view = s.view(self.viewer)

    def unchanged(self, s) -> bool:
        return s.snapshot() == self.snapshot and s.legal_actions() == self.legal and s.view(self.viewer) == self.view


def rejected(s, base: Baseline, action, player=None, rule=None) -> IllegalAction:
    with pytest.raises(IllegalAction) as info:
        s.apply(action, player=player)
    exc = info.value
    assert isinstance(exc.rule, str) and exc.rule, f"{action!r}: IllegalAction without a rule"
    assert exc.rule in ENGINE_RULES or exc.rule in SPEC_RULES or not SPEC_RULES, f"{action!r}: rule {exc.rule!r} is not in the spec"
    if rule is not None:
        assert exc.rule == rule, f"{action!r} by seat {player}: rule {exc.rule}; the spec names {rule}"
    assert base.unchanged(s), f"the rejected action {action!r} changed the state"
    return exc


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_INV_10_legal_actions_as_section_6_and_rejected_actions_change_nothing(setup, rnd):
    probe = random.Random(setup.seed ^ 0x10)
    n = setup.players
    probed = []

    def check(step):
        s, z, referee = step.state, step.after, step.referee
        if z.terminal:
            return
        # probe the start, some ordinary positions, and more often the rarer ones with street actions
        rare = any(isinstance(a, Street) for a in s.legal_actions())
        if step.index > 1 and (len(probed) >= 16 or probe.randrange(2 if rare else 8)):
            return
        probed.append(step.index)
        legal = s.legal_actions()
        spec_legal = referee.legal(z)
        assert set(legal) == spec_legal, (
            f"legal actions {sorted(map(str, set(legal) - spec_legal))} not in section 6; "
            f"missing {sorted(map(str, spec_legal - set(legal)))}")
        assert len(set(legal)) == len(legal), "an action is listed twice"
        base = Baseline(s)
        for a in legal:
            s.clone().apply(a, player=z.current)
        for a in probe.sample(legal, min(4, len(legal))):
            s.clone().apply(a.to_json())
        assert base.unchanged(s), "applying an action to a clone changed the original"
        if z.phase == "direction":
            rejected(s, base, Pass(), rule="MAOQY-3.5")
            rejected(s, base, Draw("unknown"), rule="MAOQY-3.5")
        else:
            for action, rule in _illegal_candidates(referee, z, probe):
                if isinstance(action, (Draw, Discard, Open, Hide, Street, Pass, Direction)):
                    assert action not in spec_legal, f"candidate {action} is legal by section 6"
                    rejected(s, base, action if probe.randrange(2) else action.to_json(), rule=rule)
                else:
                    rejected(s, base, action, rule=rule)
        # out of turn (MAOQY-4.3): the current player's legal action sent by another seat
        q = probe.choice([q for q in range(n) if q != z.current])
        choice = probe.choice([a for a in legal if not (isinstance(a, Draw) and a.source == "hiding")])
        rejected(s, base, choice, player=q, rule="MAOQY-4.3")

    last = run_game(setup, rnd, check)
    assert probed
    s = last.state
    if s.is_terminal():
        base = Baseline(s)
        for action in (Pass(), Draw("unknown"), Discard(0), Street((0,)), Direction("cw")):
            rejected(s, base, action, rule="GAME-OVER")
            rejected(s, base, action, player=0, rule="GAME-OVER")


@st.composite
def positions(draw):
    """A random position in play: the current player's hands, streets of every seat, the other cards in the Unknown."""
    n = draw(st.integers(2, 4))
    options = {
        "kingdoms": ["red", "blue", "gold", "black"],
        "street_min": draw(st.integers(1, 7)),
        "street_start": draw(st.sampled_from(("any", "one"))),
        "max_streets": draw(st.integers(1, 3)),
        "hand_limit": 16,
        "extra_cards": draw(st.sampled_from(("none", "website"))),
    }
    deck = spec_deck({**options, "kingdoms": options["kingdoms"]})
    free = set(deck)
    streets: list[list[list[int]]] = [[] for _ in range(n)]
    for k in draw(st.lists(st.sampled_from((0, 2, 5, 11)), unique=True, max_size=3)):
        seat = draw(st.integers(0, n - 1))
        if len(streets[seat]) >= options["max_streets"]:
            continue
        lo = 1 if options["street_start"] == "one" else draw(st.integers(1, 17))
        hi = draw(st.integers(lo, 17))
        if hi - lo + 1 < options["street_min"] or hi - lo + 1 == 17:
            continue
        run = [k * 17 + x - 1 for x in range(lo, hi + 1)]
        streets[seat].append(run)
        free -= set(run)
    near = sorted({x for own in streets for s in own for x in (s[0] - 2, s[0] - 1, s[-1] + 1, s[-1] + 2)
                   if x in free and kingdom(x) == kingdom(s[0])})  # cards that may extend a street
    held = draw(st.lists(st.sampled_from(near), unique=True)) if near else []
    held += [x for x in draw(st.lists(st.sampled_from(sorted(free)), unique=True, max_size=24)) if x not in held]
    split = draw(st.integers(0, len(held)))
    return n, options, streets, held[:split][:16], held[split:]


@settings(max_examples=examples(400), deadline=None)
@given(position=positions(), seed=st.integers(0, 2**20))
def test_INV_10_street_actions_of_random_positions(position, seed):
    """Spec section 6's street generator on arbitrary hands and streets: the legal street actions are the
    maximal runs that may open a street and, per own street, the single cards at each end and the longest
    extension; each of them is accepted and leaves a street that keeps INV-4."""
    n, options, streets, hand, opened = position
    state = cardtable.load("maoqy", n, options).new_initial_state(seed=seed)
    state.apply(Direction("cw"))
    p = state.current_player
    placed = set(hand + opened + [x for own in streets for s in own for x in s])
    state.unknown = [x for x in state.unknown if x not in placed]
    state.hands[p], state.opened[p] = list(hand), list(opened)
    state.streets = [[list(s) for s in own] for own in streets]
    state.claimed = [-1] * 12
    for q, own in enumerate(streets):
        for s in own:
            state.claimed[kingdom(s[0])] = q
    opts = state.game.options
    referee = Referee(Setup(n, opts, seed, "uniform"), p)
    referee.direction = 1
    z = Zones.of(state)
    got = {a for a in state.legal_actions() if isinstance(a, Street)}
    assert got == referee.street_actions(z, p), f"hand {hand}, open {opened}, streets {streets}"
    for a in got:
        after = state.clone()
        after.apply(a, player=p)
        own = next(s for s in after.streets[p] if kingdom(s[0]) == kingdom(a.cards[0]))
        nums = [number(x) for x in own]
        assert nums == list(range(nums[0], nums[0] + len(nums))) and len(nums) >= opts["street_min"]
