"""Seeded randomness. Every shuffle and draw of a game comes from its state's own generator.

:class:`Rng` is counter-based: the n-th request for random bytes is SHAKE-128 of (key, n), the key
being a hash of the seed and a stream name. Its whole state is a 16-byte key and a counter, so a
clone copies it for free (search bots clone states thousands of times a second), a snapshot shows
it in full, and the same seed gives the same games on every platform and Python version.
"""

from __future__ import annotations

import hashlib
import secrets
import struct
from typing import TypeVar

T = TypeVar("T")


def new_seed() -> int:
    """A fresh seed for a game that was given none; it is stored in the record so the game replays."""
    return secrets.randbits(63)


def derive_seed(seed: int, stream: str) -> int:
    """A seed for a separate stream (a bot, a determinization) that never disturbs the game's own."""
    digest = hashlib.sha256(f"{seed}:{stream}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


class Rng:
    __slots__ = ("key", "counter")

    def __init__(self, seed: int, stream: str = "game"):
        self.key = hashlib.sha256(f"cardtable:{stream}:{seed}".encode()).digest()[:16]
        self.counter = 0

    def _bytes(self, count: int) -> bytes:
        n = self.counter
        self.counter = n + 1
        return hashlib.shake_128(self.key + n.to_bytes(8, "little")).digest(count)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (bias below n / 2**64)."""
        return (int.from_bytes(self._bytes(8), "little") * n) >> 64

    def shuffle(self, items: list[T]) -> None:
        """Fisher–Yates in place, one request for all the random numbers it needs (bias below n / 2**32)."""
        n = len(items)
        if n < 2:
            return
        r = struct.unpack(f"<{n - 1}I", self._bytes(4 * (n - 1)))
        for i in range(n - 1, 0, -1):
            j = (r[i - 1] * (i + 1)) >> 32
            items[i], items[j] = items[j], items[i]

    def copy(self) -> "Rng":
        clone = Rng.__new__(Rng)
        clone.key = self.key
        clone.counter = self.counter
        return clone

    def state(self) -> list[str | int]:
        return [self.key.hex(), self.counter]
