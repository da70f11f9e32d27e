"""The muhq heuristic's fights: whether an attack is favourable (it kills, or hits the objective, and does not
lose more than it kills), and the fast actions worth playing (removal, protection, resource)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_board import attack_range, attack_value, distance
from .heuristic_worth import DAMAGE, GAIN, HARM, HELP

if TYPE_CHECKING:
    from .heuristic import _Decision, _Legal


# -- combat --------------------------------------------------------------------------------------
def lethal(self: _Decision, damage: int, life: int) -> bool:
    return damage >= life if self.bot.at_least else damage > life


def hit(self: _Decision, dmg: int, target: dict[str, Any]) -> int:
    if target.get("markers", {}).get("protection"):
        return 0
    armor: int = target.get("armor", 0)
    return max(0, dmg - armor)


def attack_score(self: _Decision, att: dict[str, Any], dfn: dict[str, Any]) -> float:
    if not self.enemy(dfn):  # the rules allow attacking one's own units; the bot never does
        return -1000.0
    axy, dxy = self.at(att["id"]), self.at(dfn["id"])
    delta = distance(axy, dxy)
    mine = self.hit(attack_value(att.get("attack") or [], delta), dfn)
    dcomps = dfn.get("attack") or [] if dfn["type"] == "unit" else []
    back = self.hit(attack_value(dcomps, delta), att) if delta <= attack_range(dcomps) else 0
    g = self.goals()
    if dfn["type"] == "unit":
        life = dfn.get("life", 1)
        kills = self.lethal(dfn.get("damage", 0) + mine, life)
    else:  # a solid artifact: its solid value is its life; nothing comes back
        life = self.bot.solid.get(dfn["card"], 4)
        kills = self.lethal(dfn.get("damage", 0) + mine, life)
    dies = self.lethal(att.get("damage", 0) + back, att.get("life", 1))
    objective = dfn["id"] in g["targets"]
    score = 0.0
    if kills:
        score += self.unit_worth(dfn) if dfn["type"] == "unit" else 50
    else:
        score += mine * (3.0 if objective else 1.0)
    if objective:
        score += 10 + 5 * mine
    if dies:
        score -= self.unit_worth(att)
    else:
        score -= back * 0.8
    if mine == 0:
        score -= 5
    return score


# -- fast actions --------------------------------------------------------------------------------
def best_fast(self: _Decision) -> _Legal | None:
    best, best_score = None, 0.0
    for a in self.legal:
        if a.type == "play_spell":
            s = self.spell_score(a)
        elif a.type == "free_action":
            s = self.free_score(a)
        else:
            continue
        if s > best_score:
            best, best_score = a, s
    return best


def spell_score(self: _Decision, a: _Legal) -> float:
    cid = self.hand.get(a.card, "")
    if cid in GAIN:
        return 20.0
    found = [self.perms.get(t) for t in a.targets]
    targets = [t for t in found if t is not None]
    if len(targets) < len(found) or not targets:
        if cid == "vanguard/conscription":
            return 4.0 if self.v["active"] == self.me else 0.0
        return 0.0
    t = targets[0]
    g = self.goals()
    if cid in HARM:
        if cid == "vanguard/challenge":
            if len(targets) < 2 or not self.mine(t) or not self.enemy(targets[1]):
                return 0.0
            return self.attack_score(t, targets[1]) + 1
        if not self.enemy(t) or t["type"] != "unit":
            return 0.0
        objective = t["id"] in g["targets"]
        worth = self.unit_worth(t)
        if cid in DAMAGE:
            dmg = self.hit(DAMAGE[cid], t)
            if self.lethal(t.get("damage", 0) + dmg, t.get("life", 1)):
                return 5 + min(worth, 60)
            return 3 + 3 * dmg if objective else 0.0
        if cid == "tide/undertow" or cid == "tide/mind_tide":
            return 4 + min(worth, 30) if (objective or worth >= 8) else 0.0
        if cid in ("tide/terrify", "tide/paralyzing_mist", "tide/toxic_spray"):
            return 3 + (10 if objective else 0) if worth >= 6 or objective else 0.0
        return 0.0
    if cid in HELP:
        if not self.mine(t) or t["type"] != "unit" or t.get("markers", {}).get("protection"):
            return 0.0
        if t["id"] == g["carrier"] or (t["card"] == "core/sovereign"
                                         and self.danger(self.where(t["id"]), t) > 0):  # type: ignore[arg-type]
            return 6.0
    return 0.0


def free_score(self: _Decision, a: _Legal) -> float:
    src = self.perms.get(a.source)
    if src is None:
        return 0.0
    if src["card"] == "vanguard/supply_depot":
        return 15.0  # tap: gain 1 resource
    return 0.0
