"""How the search bot judges a muhq position where a rollout stops: victory points, then resource; the guided
search grades what the board's victory conditions reward."""

from __future__ import annotations

from operator import attrgetter
from typing import TYPE_CHECKING

from cardtable.engine.search import SearchProfile, shares, softmax

if TYPE_CHECKING:
    from ..state import MuhqState


def evaluate(s: MuhqState) -> list[float]:
    return shares([x["vp"] * 1000 + x["resource"] for x in s.scores()], max)


def graded(s: MuhqState) -> list[float]:
    """What the board's victory conditions reward (MUHQ-WIN), graded: the life left on each seat's VIP (and
    buildings), its units on the board (life left and attack), victory points and resource, progress to a
    race or capture target."""
    game = s.game
    kinds = game.victory_kinds
    perms = s.perms
    values = []
    for seat in range(s.n):
        pl = s.players[seat]
        if not pl.alive:
            values.append(-1000.0)
            continue
        v = 0.25 * pl.resource + 3.0 * pl.vp
        if game.race_target:
            v += 10.0 * pl.resource / game.race_target
        if game.capture_target:
            v += 10.0 * pl.vp / game.capture_target
        vip = s.vips.get(seat)
        keys = set()
        if vip is not None and "vip" in kinds:
            keys.add(vip)
            p = perms.get(vip)
            v += 3.0 * (p.d.life - p.damage) if p is not None else -100.0
        if "destroy_buildings" in kinds:
            for b in s.buildings.get(seat, ()):
                keys.add(b)
                p = perms.get(b)
                if p is not None:
                    v += 2.0 * max(0, p.d.life - p.damage)
        for pid, p in perms.items():
            if p.controller != seat or pid in keys or p.cell is None or p.d.type != "unit":
                continue
            v += 1.0 + 0.5 * max(0, p.d.life - p.damage) + 0.5 * sum(a for a, _ in p.d.attack)
        values.append(v)
    return softmax(values, 3.0)


PROFILE = SearchProfile(
    evaluate=evaluate,
    guided_evaluate=graded,
    defaults={"rollout_depth": 60},
    guided_defaults={"rollout_depth": 20},
    turn=attrgetter("turn"),
    strong="ismcts-45+k3-d40-t2-m3-z15",
)
