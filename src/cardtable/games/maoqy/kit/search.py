"""How the search bot plays MAOQY: it evaluates at once (random play lays no street and passes into deadlocks,
so its rollouts say nothing), counting street cards and what the held cards promise."""

from __future__ import annotations

from operator import attrgetter

from cardtable.engine.search import SearchProfile, softmax

from ..cards import PER_KINGDOM
from ..rules_tables import BIT, STREET_KINGDOM
from ..state import MaoqyState


def evaluate(s: MaoqyState) -> list[float]:
    """Cards in streets (MAOQY-8.4) plus what each seat's own cards promise: the cards that would extend its
    street now, and its best window of ``street_min`` numbers in a kingdom it may still open."""
    need = s.street_min
    claimed = s.claimed
    values = []
    for i in range(s.n):
        masks: dict[int, int] = {}
        for zone in (s.hands[i], s.opened[i], s.hiding[i]):
            for c in zone:
                k = STREET_KINGDOM[c]
                if k >= 0:
                    masks[k] = masks.get(k, 0) | BIT[c]
        streets = s.streets[i]
        value = float(sum(len(street) for street in streets))
        can_open = len(streets) < s.max_streets
        best_window = 0
        for k, mask in masks.items():
            owner = claimed[k]
            if owner == i:
                street = next(st for st in streets if st[0] // PER_KINGDOM == k)
                lo, hi = street[0] % PER_KINGDOM + 1, street[-1] % PER_KINGDOM + 1
                x = lo - 1
                while x >= 1 and mask >> x & 1:
                    value += 1
                    x -= 1
                x = hi + 1
                while x <= PER_KINGDOM and mask >> x & 1:
                    value += 1
                    x += 1
            elif owner < 0 and can_open:
                starts = range(1, 2) if s.start_one else range(1, PER_KINGDOM - need + 2)
                for start in starts:
                    held = (mask >> start & ((1 << need) - 1)).bit_count()
                    if held > best_window:
                        best_window = held
        values.append(value + (best_window * best_window / need if can_open else 0.0))
    return softmax(values, 1.5)


PROFILE = SearchProfile(
    evaluate=evaluate,
    defaults={"rollout_depth": 0},  # random play lays no streets and passes into deadlocks: evaluate at once
    guided_defaults={"rollout_depth": 20},
    turn=attrgetter("turn"),
    strong="ismcts-30+k3-d10-m3",
)
