"""Encoders: how a game's view and actions become fixed-size vectors and integer actions for RL libraries.

An :class:`Encoder` is made once per game (its player count and options fixed) and turns

* a player's **view** (``state.view(player)``, the only thing a player may see) into a float32 vector of a
  fixed length, every entry in [0, 1] (the environments' ``Box(0, 1)`` observation space), and
* the acting player's **legal actions** into a map ``{index: action}`` over ``range(num_actions)``: the
  ``Discrete(num_actions)`` action space and the action mask.

An encoder never sees a state: :meth:`Encoder.observe` takes the view and, for the acting player, the map of
their legal actions (which name only that player's own options). So whatever is hidden from a player can
never reach their observation, and two states that a player sees alike give that player equal observations.

Two kinds of action encoding exist:

* a **fixed table** (:class:`TableEncoder`): every index always means the same action (Mojo's "play a 7 on
  pile 0", MAOQY's "discard blue 7"). A policy can learn what each output means.
* an **ordered slot encoding** (:class:`SlotEncoder`), the fallback for games whose action sets are large
  and combinatorial (Mítosz's targets and payments, muhq's paths): index *k* is the *k*-th legal action in a
  canonical order (by action type, then by the action's fields), capped at ``slots`` indices. The meaning
  of an index changes from one decision to the next, so the observation also carries a short description
  of the action in each slot (its type and the card it names). What is lost: actions past the cap are
  never offered (the mask hides them), and a slot's meaning has to be read from the observation.

Each game's encoder lives in ``games/<game>/kit/encoder.py``, named by its kit; a game without one gets the
:class:`GenericEncoder` (feature hashing of the view, slot actions). Encoders read only the engine
interface (views, ``game.catalogue()``, ``game.options``, action fields), never a game's internals.
"""

from __future__ import annotations

import zlib
from typing import Any, Iterable, Mapping, Sequence

import numpy as np

from .actions import Action
from .game import Game

ActionMap = dict[int, Action]

#: The rule ID of an ``IllegalAction`` raised by an environment for an index its action mask does not allow.
NOT_IN_MASK = "ENV-1"


class Encoder:
    """Base class. Subclasses set :attr:`observation_size` and :attr:`num_actions` in ``__init__`` and
    implement :meth:`features` and :meth:`action_map`."""

    #: a one-line description of the encoding, shown in docs and ``repr``
    kind = "encoder"
    observation_size: int
    num_actions: int

    def __init__(self, game: Game):
        self.game = game
        self.num_players = game.num_players

    # -- to override -------------------------------------------------------------------------
    def features(self, view: Mapping[str, Any], player: int, out: np.ndarray, actions: ActionMap) -> None:
        """Write the observation of ``player`` into ``out`` (zeros, length :attr:`observation_size`).

        ``actions`` is the map of the player's legal actions when they are to act, else empty."""
        raise NotImplementedError

    def action_map(self, legal: Sequence[Action], view: Mapping[str, Any], player: int) -> ActionMap:
        """``{index: action}`` for the legal actions of ``player`` (to act). When two legal actions share an
        index, the encoder decides which one the index stands for (and documents why that loses nothing, or
        what it loses)."""
        raise NotImplementedError

    # -- shared ------------------------------------------------------------------------------
    def observe(self, view: Mapping[str, Any], player: int, actions: ActionMap | None = None) -> np.ndarray:
        out = np.zeros(self.observation_size, dtype=np.float32)
        self.features(view, player, out, actions or {})
        np.clip(out, 0.0, 1.0, out=out)
        return out

    def mask(self, actions: ActionMap) -> np.ndarray:
        mask = np.zeros(self.num_actions, dtype=np.int8)
        if actions:
            mask[list(actions)] = 1
        return mask

    def __repr__(self) -> str:
        return (f"<{type(self).__name__} {self.game.info.name} players={self.num_players} "
                f"obs={self.observation_size} actions={self.num_actions}>")


class Layout:
    """Named blocks of an observation vector, laid out once: ``layout.add("hand", 13)`` returns the block's
    offset; ``layout.size`` is the total length. The names are kept for docs and debugging
    (``encoder.layout.blocks``)."""

    def __init__(self) -> None:
        self.size = 0
        self.blocks: dict[str, tuple[int, int]] = {}

    def add(self, name: str, length: int) -> int:
        if name in self.blocks:
            raise ValueError(f"observation block {name!r} declared twice")  # i18n: no (programmers: the Python API)
        start = self.size
        self.blocks[name] = (start, length)
        self.size += length
        return start


class TableEncoder(Encoder):
    """An encoder whose actions are a fixed table: subclasses fill :attr:`labels` (one text per index, for
    docs and ``describe_action``) and implement :meth:`index_of` (an action -> its index, or None)."""

    kind = "fixed table"  # i18n: no (programmers: the Python API)
    labels: list[str]

    def index_of(self, action: Action, view: Mapping[str, Any], player: int) -> int | None:
        raise NotImplementedError

    def preference(self, action: Action, view: Mapping[str, Any], player: int) -> Any:
        """Among legal actions sharing an index, the one with the smallest preference is kept."""
        return 0

    def action_map(self, legal: Sequence[Action], view: Mapping[str, Any], player: int) -> ActionMap:
        out: ActionMap = {}
        prefs: dict[int, Any] = {}
        for a in legal:
            i = self.index_of(a, view, player)
            if i is None:
                continue
            if i in out:
                p = self.preference(a, view, player)
                if p < prefs[i]:
                    out[i], prefs[i] = a, p
            else:
                out[i] = a
                prefs[i] = self.preference(a, view, player)
        return out

    def describe_action(self, index: int) -> str:
        return self.labels[index]


def _sortable(value: Any) -> tuple[Any, ...]:
    if isinstance(value, bool):
        return (0, int(value))
    if isinstance(value, int):
        return (0, value)
    if isinstance(value, str):
        return (1, value)
    if isinstance(value, (list, tuple)):
        return (2, tuple(_sortable(v) for v in value))
    return (3, repr(value))


def canonical_key(action: Action, rank: Mapping[str, int]) -> tuple[Any, ...]:
    """The sort key of the slot encoding: the type's rank, then the action's JSON fields (name, value) in
    name order. It depends on the action's value only, never on the engine's list order (which may follow
    hidden internals, such as the order of cards in a hand)."""
    data = action.to_json()
    kind = data.pop("type")
    return (rank.get(kind, len(rank)), kind, tuple((k, _sortable(v)) for k, v in sorted(data.items())))


class SlotEncoder(Encoder):
    """The fallback for large, combinatorial action sets: index *k* = the *k*-th legal action in canonical
    order (:func:`canonical_key`), for ``k < slots``. Legal actions past the cap are not offered.

    :attr:`type_order` lists the action types that sort first (ends of phases, passes: the cheap actions
    that must stay within the cap); types not listed follow in name order. Each slot is described in the
    observation by :meth:`slot_features` (``slot_width`` floats per slot; by default the type, one-hot)."""

    kind = "ordered slots"  # i18n: no (programmers: the Python API)
    slots: int = 64
    type_order: tuple[str, ...] = ("pass",)

    def __init__(self, game: Game, slots: int | None = None):
        super().__init__(game)
        if slots is not None:
            if slots < 1:
                raise ValueError(f"slots must be at least 1, not {slots}")  # i18n: no (programmers: the Python API)
            self.slots = slots
        names = list(game.codec.classes)
        first = [t for t in self.type_order if t in names]
        self.types = first + sorted(t for t in names if t not in first)
        self.type_rank = {t: i for i, t in enumerate(self.types)}
        self.num_actions = self.slots
        #: how many decisions had more legal actions than slots (and so lost some): see docs/envs.md
        self.truncated_decisions = 0

    @property
    def slot_width(self) -> int:
        return len(self.types)

    def slot_features(self, action: Action, view: Mapping[str, Any], player: int, out: np.ndarray) -> None:
        """Describe ``action`` in ``out`` (zeros, length :attr:`slot_width`). By default: its type, one-hot."""
        out[self.type_rank[action.type]] = 1.0

    def action_map(self, legal: Sequence[Action], view: Mapping[str, Any], player: int) -> ActionMap:
        rank = self.type_rank
        ordered = sorted(legal, key=lambda a: canonical_key(a, rank))
        if len(ordered) > self.slots:
            self.truncated_decisions += 1
            del ordered[self.slots:]
        return dict(enumerate(ordered))

    def write_slots(self, view: Mapping[str, Any], player: int, out: np.ndarray, offset: int, actions: ActionMap) -> None:
        width = self.slot_width
        for k, a in actions.items():
            start = offset + k * width
            self.slot_features(a, view, player, out[start:start + width])


# -- small helpers for the per-game encoders -------------------------------------------------------------
def relative(seat: int | None, player: int, n: int) -> int:
    """Seat numbers as the player sees the table: 0 is the player, 1 the next seat, …; -1 for none."""
    if seat is None or not isinstance(seat, int) or seat < 0:
        return -1
    return (seat - player) % n


def one_hot(out: np.ndarray, offset: int, index: int, length: int) -> None:
    if 0 <= index < length:
        out[offset + index] = 1.0


def bucket(text: Any, buckets: int) -> int:
    """A stable bucket for a string (crc32: the same in every process, unlike ``hash``)."""
    return zlib.crc32(str(text).encode()) % buckets


def count_into(out: np.ndarray, offset: int, indices: Iterable[int | None], scale: float) -> None:
    for i in indices:
        if i is not None:
            out[offset + i] += scale


class GenericEncoder(SlotEncoder):
    """For a game without an encoder of its own: the view's leaves hashed into ``hash_size`` buckets
    (path and value together for strings and booleans, the path weighted by the value for numbers), plus the
    acting seat; actions in ordered slots. It works for any game, and learns poorly: a game worth training
    on deserves its own encoder (``games/<game>/kit/encoder.py``, named by its kit)."""

    kind = "generic (hashed view, ordered slots)"  # i18n: no (programmers: the Python API)
    hash_size = 256
    slots = 32

    def __init__(self, game: Game, slots: int | None = None):
        super().__init__(game, slots)
        lay = self.layout = Layout()
        self.o_turn = lay.add("to_act (relative seat)", self.num_players)  # i18n: no (programmers: the Python API)
        self.o_hash = lay.add("hashed view", self.hash_size)  # i18n: no (programmers: the Python API)
        self.o_slots = lay.add("slots", self.slots * self.slot_width)
        self.observation_size = lay.size

    def features(self, view: Mapping[str, Any], player: int, out: np.ndarray, actions: ActionMap) -> None:
        to_act = view.get("current_player", view.get("to_act"))
        one_hot(out, self.o_turn, relative(to_act, player, self.num_players), self.num_players)
        h = self.hash_size
        base = self.o_hash

        def walk(node: Any, path: str) -> None:
            if isinstance(node, Mapping):
                for k, v in node.items():
                    walk(v, f"{path}/{k}")
            elif isinstance(node, (list, tuple)):
                for i, v in enumerate(node[:64]):
                    walk(v, f"{path}/{i}")
            elif isinstance(node, bool) or isinstance(node, str):
                out[base + bucket(f"{path}={node}", h)] += 0.25
            elif isinstance(node, (int, float)):
                out[base + bucket(path, h)] += min(abs(float(node)), 100.0) / 100.0

        walk({k: v for k, v in view.items() if k not in ("viewer", "log")}, "")
        self.write_slots(view, player, out, self.o_slots, actions)
