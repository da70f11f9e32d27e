"""Seeded randomness. Every shuffle and draw of a game comes from its state's own generator."""

from __future__ import annotations

import hashlib
import random
import secrets


def new_seed() -> int:
    """A fresh seed for a game that was given none; it is stored in the record so the game replays."""
    return secrets.randbits(63)


def make_rng(seed: int) -> random.Random:
    # random.Random with an int seed gives the same sequence on every platform and Python 3 version
    # we support, which is what makes records replay bit for bit.
    return random.Random(seed)


def derive_seed(seed: int, stream: str) -> int:
    """A seed for a separate stream (a bot, a determinization) that never disturbs the game's own."""
    digest = hashlib.sha256(f"{seed}:{stream}".encode()).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def copy_rng(rng: random.Random) -> random.Random:
    clone = random.Random()
    clone.setstate(rng.getstate())
    return clone
