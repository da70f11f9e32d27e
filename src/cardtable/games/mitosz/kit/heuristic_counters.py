"""The Mítosz heuristic in counter rounds: how much an enemy item on the stack would hurt, and the counter
spent on it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import COUNTER_THRESHOLD, STACK_ID_BASE
from .heuristic_text import _level_delta

if TYPE_CHECKING:
    from .heuristic_decision import Action, _Decision


def threat(self: _Decision, item: dict[str, Any]) -> float:
    """How much an enemy item on the stack would hurt the bot."""
    s = self.s
    if item.get("player") == self.me or item.get("neutralized"):
        return 0.0
    kind = item.get("kind")
    if kind not in ("maneuver", "free", "fate"):
        return 0.0
    cid = (item.get("card") or {}).get("card")
    text = s.text.get(cid, "") + " " + (item.get("text") or "").lower()
    targets = item.get("target_ids") or []
    worst = 0.0
    side = self.fight_side()
    members = self.fight_members() if side is not None else {}
    for t in targets:
        if t is None:  # a target that went back to a hand or deck: no longer on the board to lose
            continue
        if t >= STACK_ID_BASE:
            mine = next((it for it in self.v["stack"] if it["id"] == t and it.get("player") == self.me), None)
            if mine is not None and "neutralize" in text:
                worst = max(worst, self.own_item_worth(mine))
            continue
        m = members.get(t)
        if m is not None and m[0] == side and ("volley" in text or "poison" in text or _level_delta(text) < 0):
            # a fight member of the bot's: its commander decides the fight (OP-51)
            commander = m[2] == "leader" and m[1] == 0
            worst = max(worst, 25.0 if commander and "poison" not in text else 2.0 * m[4])
            continue
        if t not in self.board:
            continue
        mycid = self.board[t]
        if "steal" in text:
            worst = max(worst, 10.0 * self.pp_value(mycid) + 1.0)
        elif "destroy" in text or "sacrifice" in text:
            worst = max(worst, 10.0 * self.pp_value(mycid) + 1.0)
        elif "neutralize" in text or "rotate" in text:
            worst = max(worst, 1.0)
        else:
            worst = max(worst, 0.5)
    if not targets and ("exile" in text or "discard" in text) and "peek" in text:
        worst = max(worst, 3.0 if self.hand else 0.0)
    return worst


def own_item_worth(self: _Decision, item: dict[str, Any]) -> float:
    cid = (item.get("card") or {}).get("card")
    text = self.s.text.get(cid, "")
    if "steal" in text:
        return 20.0
    if "neutralize" in text:
        return max((self.threat(it) for it in self.v["stack"] if it["id"] in (item.get("target_ids") or [])
                    and it.get("player") != self.me), default=0.0)
    return 2.0 if "draw" in text or "recover" in text else 0.5


def counter(self: _Decision) -> Action | None:
    best: Action | None = None
    best_key: tuple[float, int, int, int] | None = None
    stack = {it["id"]: it for it in self.v.get("stack") or ()}
    for a in self.legal:
        if a.type not in ("use_maneuver", "use_free_maneuver", "use_fate"):
            continue
        cid = self.s.instances[a.card]
        if cid not in self.s.counter:
            continue
        text = self.s.text[cid]
        option_text = text
        if a.type == "use_free_maneuver" and a.option and a.option.startswith("o") and "choose one:" in text:  # i18n: no (the game's English words: agents decide in English)
            k = int(a.option[1:]) - 1 if a.option[1:].isdigit() else 0
            opts = text.split("choose one:", 1)[-1].split(" | ")
            option_text = opts[k] if 0 <= k < len(opts) else text
        if "neutralize" not in option_text:
            continue
        value = max((self.threat(stack[t]) for t in (a.targets or ()) if t in stack), default=0.0)
        if value < COUNTER_THRESHOLD:
            continue
        cost = self.action_cost(a)
        if any(cost[i] > self.spheres[i] for i in range(4)):
            continue
        certain = 0 if "reveal" in option_text else 1
        key = (value, certain, -sum(cost), -a.card)
        if best_key is None or key > best_key:
            best, best_key = a, key
    if best is not None:
        return best
    return next((a for a in self.legal if a.type == "pass"), None)
