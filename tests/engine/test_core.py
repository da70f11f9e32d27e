"""engine.core: records whose copies are derived from their field lists, and the games' states built on them."""

from __future__ import annotations

import dataclasses
import random

import pytest

import cardtable
from cardtable.engine import game_names
from cardtable.engine.core import announcement_source, cache, copied, copy_source, counter, custom, each, fresh, \
    nested, own_or_none, record, role, shared, sliced, staleness


@record
class _Part:
    name: str
    marks: list[int] = sliced()

    def __init__(self, name: str) -> None:
        self.name, self.marks = name, []


@record(copy="clone")
class _Whole:
    parts: list[_Part] = each()
    tags: set[str] = copied()
    grid: list[list[int]] = nested()
    rules: dict[str, int] = shared()
    memo: dict[str, int] | None = cache()
    scratch: list[int] = fresh("[]")
    first: _Part | None = custom("c.parts[0] if v is not None else None")
    spare: _Part | None = own_or_none()
    turn: int

    def __init__(self) -> None:
        self.parts, self.tags, self.grid, self.rules = [_Part("a"), _Part("b")], {"x"}, [[1], [2]], {"r": 1}
        self.memo, self.scratch, self.first, self.spare, self.turn = {"m": 1}, [7], self.parts[0], None, 3


def test_a_copy_gets_its_own_containers_and_records_and_shares_what_it_should():
    w = _Whole()
    c = w.clone()
    assert c is not w and c.turn == 3
    assert c.parts is not w.parts and c.parts[0] is not w.parts[0] and c.parts[0].name == "a"
    c.parts[0].marks.append(1)
    c.tags.add("y")
    c.grid[0].append(9)
    assert w.parts[0].marks == [] and w.tags == {"x"} and w.grid == [[1], [2]]
    assert c.rules is w.rules  # shared on purpose: never changed in place
    assert c.memo is None and c.scratch == [] and w.scratch == [7]  # a cache and bookkeeping start anew
    assert c.first is c.parts[0]  # a custom policy points into the copy
    assert c.spare is None


def test_forget_resets_the_caches_only():
    w = _Whole()
    w.forget_fields()
    assert w.memo is None and w.scratch == [7] and w.turn == 3


def test_a_mutable_field_without_a_policy_is_refused_at_import():
    with pytest.raises(TypeError, match="_Bad.items: a list"):
        @record
        class _Bad:
            items: list[int]


def test_the_copy_is_one_assignment_per_field_without_a_loop():
    source = copy_source(_Whole, "clone")
    assert "for x in self.parts" in source and "getattr" not in source
    assert source.index("c.first") > source.index("c.parts")  # the copy's parts exist before ``first`` reads them


def _states(name: str, players: int, seeds: int):
    game = cardtable.load(name, players=players)
    for seed in range(seeds):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 120)):
            if state.is_terminal():
                break
            state.apply(rng.choice(state.legal_actions()))
        yield state


def _containers(obj, path="state", deep=True):
    """Every list, dict and set reachable through record fields, with its path: a field shared on purpose is left
    out, and one copied shallowly (``copied()``, ``sliced()``: of immutable items by design) is looked at, not into."""
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            if role(f) != "shared":
                yield from _containers(getattr(obj, f.name), f"{path}.{f.name}", deep=role(f) != "shallow")
    elif isinstance(obj, (list, dict, set)):
        yield path, obj
        if deep:
            for i, item in (obj.items() if isinstance(obj, dict) else enumerate(obj)):
                if isinstance(item, (list, dict, set)) or dataclasses.is_dataclass(item):
                    yield from _containers(item, f"{path}[{i!r}]")


GAMES = [(n, {"mojo": 3, "maoqy": 3, "mitosz": 3, "muhq": 2}.get(n, 1)) for n in sorted(game_names())]


@pytest.mark.parametrize("name,players", GAMES)
def test_every_game_state_is_a_record_whose_clone_shares_no_mutable_part(name, players):
    for state in _states(name, players, seeds=6):
        assert dataclasses.is_dataclass(state), f"{name}: the state is not an engine.core record"
        copy = state.clone()
        assert copy.digest() == state.digest()
        mine = {id(obj): path for path, obj in _containers(state)}
        shared_parts = [path for path, obj in _containers(copy) if id(obj) in mine]
        assert not shared_parts, f"{name}: the clone shares mutable parts with the original: {shared_parts[:5]}"


@pytest.mark.parametrize("name,players", GAMES)
def test_playing_on_a_clone_leaves_the_original_as_it_was(name, players):
    for state in _states(name, players, seeds=6):
        before = state.digest()
        copy = state.clone()
        rng = random.Random(1)
        for _ in range(30):
            if copy.is_terminal():
                break
            copy.apply(rng.choice(copy.legal_actions()))
        assert state.digest() == before


def _read_by(cls, function, depth: int = 1) -> set[str]:
    """The attributes ``function`` reads of ``self``, and those the methods it calls read (one level deeper)."""
    import inspect
    import re

    source = inspect.getsource(function)
    read = set(re.findall(r"self\.(\w+)", source))
    if depth:
        for name in set(re.findall(r"self\.(\w+)\(", source)):
            method = getattr(cls, name, None)
            if inspect.isfunction(method):
                read |= _read_by(cls, method, depth - 1)
    return read


@pytest.mark.parametrize("name,players", GAMES)
def test_every_field_is_in_the_digest_or_named_as_left_out(name, players):
    """A field added to a state is in its digest (``snapshot``, which stays hand-written: golden files and old
    records are checked against it), unless the state names it in ``NOT_IN_DIGEST`` (with its reason in a comment);
    caches and fresh bookkeeping are not the position. The list stays exact: a name in it is a field the digest
    really does not read."""
    cls = type(cardtable.load(name, players=players).new_initial_state(seed=0))
    read = _read_by(cls, cls.snapshot)
    left_out = getattr(cls, "NOT_IN_DIGEST", frozenset())
    position = [f.name for f in dataclasses.fields(cls) if role(f) not in ("cache", "fresh")]
    missing = sorted(set(position) - read - left_out)
    assert not missing, f"{name}: fields neither in the digest nor in NOT_IN_DIGEST: {missing}"
    assert left_out <= set(position) - read, f"{name}: NOT_IN_DIGEST names {sorted(left_out & read)} the digest reads"


# -- derived facts and the announcements that drop them ---------------------------------------------------
@record(copy="clone")
class _Table:
    version: int = counter("moved")
    seats: list[int] = sliced()
    legal: list[int] | None = cache(forgotten_by=("moved", "passed"))
    reach: dict[int, int] = cache("{}", forgotten_by="moved")
    names: dict[int, str] | None = cache(checked="keyed by the seats at every use")

    def __init__(self) -> None:
        self.version, self.seats, self.legal, self.reach, self.names = 0, [1, 2], [5], {1: 1}, {1: "a"}


def test_an_announcement_drops_the_facts_that_name_it_and_bumps_its_counters():
    t = _Table()
    t.passed()  # type: ignore[attr-defined]  # made by record()
    assert (t.version, t.legal, t.reach, t.names) == (0, None, {1: 1}, {1: "a"})
    t.legal = [5]
    t.moved()  # type: ignore[attr-defined]
    assert (t.version, t.legal, t.reach, t.names) == (1, None, {}, {1: "a"})
    assert announcement_source(_Table, "moved") == (
        "def moved(self):\n    self.version += 1\n    self.legal = None\n    self.reach = {}\n")
    t.forget_fields()  # type: ignore[attr-defined]
    assert t.names is None and t.version == 1  # forget drops every cache; a counter is no cache


def test_an_announcement_its_caches_name_cannot_also_be_written_by_hand():
    with pytest.raises(TypeError, match="written by hand"):
        @record
        class _Twice:
            memo: dict[int, int] | None = cache(forgotten_by="changed")

            def changed(self) -> None:
                self.memo = None


@pytest.mark.parametrize("name,players", GAMES)
def test_every_cache_of_a_state_says_what_makes_it_stale(name, players):
    """A derived fact is dropped by the announcements it names (``forgotten_by``), or says how a use knows it
    is current (``checked``): no cache is left to the hope that someone clears it."""
    cls = type(cardtable.load(name, players=players).new_initial_state(seed=0))
    vague = [f.name for f in dataclasses.fields(cls) if role(f) == "cache" and staleness(f) == ((), "")]
    assert not vague, f"{name}: caches that neither name an announcement nor say how they are checked: {vague}"


@pytest.mark.parametrize("name,players", GAMES)
def test_no_rule_drops_an_announced_cache_by_hand(name, players):
    """A cache that announcements drop is reset only by them (and by the state's __init__): an assignment of its
    reset value elsewhere in the game's rules is an invalidation call scattered past the one layer."""
    import inspect
    import re
    from pathlib import Path

    cls = type(cardtable.load(name, players=players).new_initial_state(seed=0))
    state_file = Path(inspect.getfile(cls))
    init_lines, init_start = inspect.getsourcelines(cls.__init__)
    in_init = range(init_start, init_start + len(init_lines))
    announced = {f.name: f.metadata["cardtable.cache"] for f in dataclasses.fields(cls)
                 if role(f) == "cache" and staleness(f)[0]}
    found = []
    for path in sorted(state_file.parent.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for field, reset in announced.items():
            for m in re.finditer(rf"\.{re.escape(field)} = {re.escape(reset)}(?![\w(\[])", text):
                line = text.count("\n", 0, m.start()) + 1
                if not (path == state_file and line in in_init):
                    found.append(f"{path.name}:{line} {field}")
    assert not found, f"{name}: caches dropped by hand: {found}"
