"""The Mítosz heuristic's maneuvers outside fights and counter rounds: what one is worth, what it costs, and
whether its user may rotate now."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import ROTATE_WORTH, UNROTATE_PER_TURN
from .heuristic_text import _cost_from_text, _part_text

if TYPE_CHECKING:
    from .heuristic_decision import Action, _Decision


def best_maneuver(self: _Decision) -> Action | None:
    best: Action | None = None
    best_value = 0.0
    spare = self.spare()
    spare_all = self.spare(every=True)
    for a in self.legal:
        if a.type not in ("use_maneuver", "use_free_maneuver", "use_fate"):
            continue
        value = self.maneuver_value(a, spare)
        if 0 < value < 3 and any(c > sp for c, sp in zip(self.action_cost(a), spare_all)):
            continue  # a small gain is not worth a point the hand will need
        if 0 < value < ROTATE_WORTH and not self.rotation_ok(a):
            continue  # its user is wanted for a fight
        if value > best_value:
            best, best_value = a, value
    return best


def rotation_ok(self: _Decision, a: Any) -> bool:
    """May the maneuver's user (one of the bot's leaders) rotate now? A rotated leader neither attacks
    nor defends: fine after the bot's own battle phase while the end phase unrotates it again."""
    s = self.s
    user = a.user if a.type == "use_free_maneuver" else a.card if a.type == "use_maneuver" else None
    leaders = {ld["id"]: ld for ld in self.my["leaders"]}
    if user not in leaders:
        return True
    if not (0 <= a.card < len(s.instances)) or "permanent" in _part_text(s.text.get(s.instances[a.card], ""), a):
        return True
    if self.my_turn and self.v.get("phase") in ("summon_2", "end"):
        rotated = sum(1 for ld in self.my["leaders"] if ld.get("rotated"))
        return rotated + 1 <= UNROTATE_PER_TURN
    return False


def action_cost(self: _Decision, a: Any) -> tuple[int, ...]:
    """What using ``a`` costs in sphere points, read from the card text (M1, I2, per W2 …)."""
    s = self.s
    cid = s.instances[a.card]
    if a.type == "use_free_maneuver":
        user = s.instances[a.user] if 0 <= a.user < len(s.instances) else None
        if user is not None and s.name[cid] in s.links.get(user, ()):
            return (0, 0, 0, 0)
    text = s.text[cid]
    parts = text.split(" | ")
    if a.type == "use_free_maneuver" and a.option and a.option.startswith("o") and a.option[1:].isdigit():
        k = int(a.option[1:]) - 1
        opts = text.split("choose one:", 1)[-1].split(" | ")
        if 0 <= k < len(opts):
            parts = [opts[k]]
    elif a.type == "use_maneuver" and a.maneuver and a.maneuver.startswith("m") and a.maneuver[1:].isdigit():
        k = int(a.maneuver[1:]) - 1
        if 0 <= k < len(parts):
            parts = [parts[k]]
    cost = list(_cost_from_text(parts[0]))
    times = getattr(a, "times", None) or 1
    steps = getattr(a, "steps", None)
    if steps and "step" in parts[0]:
        cost = [0, 0, 0, 0]
        for step in parts[0].split("step ")[1:steps + 1]:
            c = _cost_from_text(step)
            cost = [x + y for x, y in zip(cost, c)]
    return tuple(c * times for c in cost)


def maneuver_value(self: _Decision, a: Any, spare: list[int]) -> float:
    s = self.s
    if a.type == "use_maneuver" and a.maneuver == "sacrifice":
        return 0.0
    cid = s.instances[a.card]
    if cid in s.counter and self.v.get("mode") != "counter":
        return 0.0
    text = s.text[cid]
    if a.type == "use_maneuver" and a.maneuver and a.maneuver.startswith("m") and a.maneuver[1:].isdigit():
        parts = text.split(" | ")
        k = int(a.maneuver[1:]) - 1
        if 0 <= k < len(parts):
            text = parts[k]
    cost = self.action_cost(a)
    if any(cost[i] > spare[i] for i in range(4)):
        if not ("steal" in text and self.breaks_hold(a)):
            return 0.0
    targets = tuple(getattr(a, "targets", ()) or ())
    mine = [t for t in targets if t in self.board]
    if "steal" in text:
        return 30.0 if self.breaks_hold(a) else 0.0
    if "draw" in text:
        if len(self.hand) >= 9:
            return 0.0
        return 8.0 + (getattr(a, "times", None) or 1)
    if "recover" in text:
        best = max((self.pp_value(s.instances[t]) for t in targets if 0 <= t < len(s.instances)), default=0)
        return 7.0 if best > 0 and not mine else 0.0
    if "exile" in text or "peek" in text:
        return 5.0
    if mine:
        return 0.0  # never aimed at its own cards (unrotate aside, below)
    if "rotate the target" in text and "unrotate" not in text:  # i18n: no (the game's English words: agents decide in English)
        return 3.0 if any(self.is_threat_user(t) for t in targets) else 0.0
    if "frost" in text or "token" in text:
        return 1.0 if targets else 0.0
    if "search" in text:
        return 0.5
    return 0.0


def is_threat_user(self: _Decision, iid: int) -> bool:
    for p in self.opps:
        for ld in p["leaders"]:
            if ld["id"] == iid and not ld.get("rotated"):
                subs = self.s.subtypes.get(ld["card"], ())
                return (bool(subs & {"ruler", "wizard", "seer", "god"})  # type: ignore[operator]  # a card: never ()
                        or "draw" in self.s.text.get(ld["card"], ""))
    return False


def breaks_hold(self: _Decision, a: Any) -> bool:
    """Stealing this leader drops an opponent who holds the win target below it."""
    for t in getattr(a, "targets", ()) or ():
        for p in self.opps:
            for ld in p["leaders"]:
                if ld["id"] == t and p.get("hold"):
                    if p["power"] - self.pp_value(ld["card"], p["god"]["name"]) < self.target:
                        return True
    return False
