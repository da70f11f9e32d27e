"""Property tests for MAOQY's hidden information (rules/maoqy.md, section 7).

The main property: what seat p sees, ``view(p)``, must not change when only cards that p may not see
change places. At random positions of random games a variant of the state is built in which the cards
hidden from p (the Unknown, other players' hidden hands and hiding places) are shuffled among those
places, sizes kept. Card backs are visible (option ``backs_show_kingdom``, OP-10): then a card only
trades places with a card of the same back where p sees that back (the top of the Unknown, every card in
another hidden hand or hiding place). Cards taken face up from the Known or an open hand stay public and
keep their places; which cards those are is tracked here from the actions, independently of the state's
own bookkeeping (which is checked against it).

The random games, the Referee and the spec's card table come from ``test_invariants``.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings

from cardtable import IllegalAction
from cardtable.games.maoqy.actions import Discard, Draw, Hide, Open, Street

from .test_invariants import GAME_SETTINGS, RANDOMS, back, examples, run_game, setups, spec_deck


class PublicCards:
    """Cards in hidden hands that everybody knows: taken face up from the Known or an open hand."""

    def __init__(self, n: int):
        self.known: list[set[int]] = [set() for _ in range(n)]

    def follow(self, step) -> None:
        o = step.outcome
        if o is None or step.actor is None:
            return
        p = step.actor
        a = step.action
        if isinstance(a, (Discard, Open, Hide)):
            self.known[p].discard(a.card)
        if isinstance(a, Street):
            self.known[p] -= set(a.cards)
        if o.public_draw is not None:
            self.known[p].add(o.public_draw)


def hidden_slots(state, viewer: int | None, known: list[set[int]]) -> list[tuple[list[int], int, Any]]:
    """(position, index, what the viewer sees of the card) for every card the viewer may not see (section 7)."""
    backs = state.game.options["backs_show_kingdom"]
    slots: list[tuple[list[int], int, Any]] = []
    unknown = state.unknown
    for k in range(len(unknown)):
        top = k == len(unknown) - 1
        slots.append((unknown, k, back(unknown[k]) if backs and top else None))
    for i in range(state.game.num_players):
        if i == viewer:
            continue
        for zone, skip in ((state.hands[i], known[i]), (state.hiding[i], set())):
            for k, x in enumerate(zone):
                if x not in skip:
                    slots.append((zone, k, back(x) if backs else None))
    return slots


def permuted(state, viewer: int | None, known: list[set[int]], rng: random.Random):
    """A clone whose hidden cards (for ``viewer``) are shuffled among the hidden places that show the same back."""
    variant = state.clone()
    groups: dict[Any, list[tuple[list[int], int]]] = {}
    for zone, k, seen in hidden_slots(variant, viewer, known):
        groups.setdefault(seen, []).append((zone, k))
    moved = False
    for slots in groups.values():
        cards = [zone[k] for zone, k in slots]
        shuffled = list(cards)
        rng.shuffle(shuffled)
        if len(cards) >= 2 and shuffled == cards:
            shuffled = shuffled[1:] + shuffled[:1]
        moved = moved or len(cards) >= 2
        for (zone, k), x in zip(slots, shuffled):
            zone[k] = x
    return variant, moved


def card_ids(obj: Any, skip=("first_draw", "result")) -> list[int]:
    """Every integer that may name a card: integers in lists and values of "card" keys, except under ``skip``
    (the public first-player draw, and the result: winning seats and street sizes)."""
    found: list[int] = []
    if isinstance(obj, dict):
        for key, value in obj.items():
            if key in skip:
                continue
            if key == "card" and isinstance(value, int):
                found.append(value)
            found.extend(card_ids(value, skip))
    elif isinstance(obj, list):
        for value in obj:
            if isinstance(value, int) and not isinstance(value, bool):
                found.append(value)
            else:
                found.extend(card_ids(value, skip))
    return found


def _positions(setup, rnd, every: int, check) -> None:
    pick = random.Random(setup.seed ^ 0x7)
    public = PublicCards(setup.players)

    def each(step):
        public.follow(step)
        s = step.state
        assert [sorted(k) for k in s.public] == [sorted(k) for k in public.known], (
            f"the state's public hand cards {s.public} differ from the cards taken face up {public.known}")
        if step.index <= 1 or not pick.randrange(every):
            check(step, public.known)

    run_game(setup, rnd, each)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_view_unchanged_when_hidden_cards_are_permuted(setup, rnd):
    shuffler = random.Random(setup.seed ^ 0x5)
    deck = spec_deck(setup.options)
    moved = []

    def check(step, known):
        s = step.state
        for viewer in (None, *range(setup.players)):
            variant, changed = permuted(s, viewer, known, shuffler)
            moved.append(changed)
            everything = variant.unknown + variant.known + [x for z in (*variant.hands, *variant.opened, *variant.hiding) for x in z]
            everything += [x for own in variant.streets for st_ in own for x in st_]
            assert sorted(everything) == deck
            assert variant.view(viewer) == s.view(viewer), (
                f"view({viewer}) depends on hidden cards: hands {s.hands} / {variant.hands}, "
                f"hiding {s.hiding} / {variant.hiding}, Unknown top {s.unknown[-1:]} / {variant.unknown[-1:]}")
            if viewer is not None and s.current_player == viewer:
                assert variant.legal_actions() == s.legal_actions()

    _positions(setup, rnd, 5, check)
    assert any(moved)


@settings(max_examples=examples(150), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_view_never_contains_hidden_card_ids(setup, rnd):
    backs = setup.options["backs_show_kingdom"]

    def check(step, known):
        s = step.state
        for viewer in (None, *range(setup.players)):
            view = s.view(viewer)
            hidden = {zone[k] for zone, k, _ in hidden_slots(s, viewer, known)}
            leaked = hidden & set(card_ids(view))
            assert not leaked, f"view({viewer}) shows hidden cards {sorted(leaked)}"
            assert view["unknown_size"] == len(s.unknown)
            assert view["known"] == s.known  # the whole Known, in order, is public
            assert view["unknown_top_back"] == (back(s.unknown[-1]) if backs and s.unknown else None)
            for i, seat in enumerate(view["seats"]):
                assert seat["hand_size"] == len(s.hands[i]) and seat["hiding_size"] == len(s.hiding[i])
                assert seat["open"] == s.opened[i] and seat["streets"] == s.streets[i]  # public
                assert seat["hand_public"] == sorted(known[i])
                if i == viewer:  # own hidden hand and hiding place: full contents
                    assert seat["hand"] == sorted(s.hands[i]) and seat["hiding"] == s.hiding[i]
                else:
                    assert "hand" not in seat and "hiding" not in seat
                if i == viewer or backs:  # the kingdoms the backs show, in no telling order
                    assert seat["hand_backs"] == sorted(map(back, s.hands[i]), key=_back_key)
                    assert seat["hiding_backs"] == sorted(map(back, s.hiding[i]), key=_back_key)
                else:
                    assert seat["hand_backs"] is None and seat["hiding_backs"] is None

    _positions(setup, rnd, 5, check)


_BACKS = ("red", "turquoise", "blue", "brown", "violet", "gold", "green", "orange", "silver", "yellow", "white",
          "black", "humans", "earthly", "cosmos", "nature", "extra")


def _back_key(name: str) -> int:
    return _BACKS.index(name)


@settings(max_examples=examples(100), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_spectator_sees_only_public_information(setup, rnd):
    def check(step, known):
        s = step.state
        view = s.view(None)
        assert view["viewer"] is None
        for seat in view["seats"]:
            assert "hand" not in seat and "hiding" not in seat, f"a spectator sees {seat}"
        hidden = {x for i in range(setup.players) for x in s.hands[i] + s.hiding[i] if x not in known[i]} | set(s.unknown)
        assert not hidden & set(card_ids(view)), "a spectator sees hidden cards"
        last = view["last_action"]
        if last and (last["type"] == "hide" or last.get("from") == "hiding"):
            assert "card" not in last

    _positions(setup, rnd, 4, check)


@settings(max_examples=examples(100), **GAME_SETTINGS)
@given(setup=setups(), rnd=RANDOMS)
def test_rejections_do_not_tell_where_a_hidden_card_is(setup, rnd):
    """An action naming a card the actor cannot see is refused with the same rule and words wherever that
    card is hidden (the Unknown, another hidden hand, another hiding place)."""
    pick = random.Random(setup.seed ^ 0x9)
    tried = []

    def check(step, known):
        s = step.state
        p = s.current_player
        if p < 0 or s.view(None)["phase"] != "play":
            return
        hidden = sorted({zone[k] for zone, k, _ in hidden_slots(s, p, known)})
        if len(hidden) < 2:
            return
        x, y = pick.sample(hidden, 2)
        q = pick.randrange(setup.players)
        forms = [lambda c: Discard(c), lambda c: Open(c), lambda c: Hide(c), lambda c: Street((c,)),
                 lambda c: Draw("hiding", card=c), lambda c: Draw("open", q, c), lambda c: Draw("known", card=c)]
        for form in forms:
            answers = []
            for c in (x, y):
                with pytest.raises(IllegalAction) as info:
                    s.clone().apply(form(c), player=p)
                answers.append((info.value.rule, str(info.value).replace(f"card {c} ", "card # ")))
            tried.append(form)
            assert answers[0] == answers[1], f"{answers[0]} vs {answers[1]}: the refusal tells where a hidden card is"

    _positions(setup, rnd, 6, check)


@settings(max_examples=examples(60), **GAME_SETTINGS)
@given(setup=setups(backs_show_kingdom=False), rnd=RANDOMS)
def test_without_card_backs_no_kingdom_of_a_face_down_card_is_shown(setup, rnd):
    def check(step, known):
        s = step.state
        for viewer in (None, *range(setup.players)):
            view = s.view(viewer)
            assert view["unknown_top_back"] is None
            for i, seat in enumerate(view["seats"]):
                if i != viewer:
                    assert seat["hand_backs"] is None and seat["hiding_backs"] is None

    _positions(setup, rnd, 3, check)
