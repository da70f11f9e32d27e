"""The muhq heuristic's action phase: the cards it plays (helpful fast cards, equipment before its unit, units
on the spawn nearest the objective), the unit it activates, and what that unit does (equip, attack, act, move)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_board import attack_range, distance
from .heuristic_worth import FULL

if TYPE_CHECKING:
    from .heuristic import _Decision, _Legal


# -- the action phase ----------------------------------------------------------------------------
def on_open(self: _Decision) -> _Legal | None:
    fast = self.best_fast()
    if fast is not None:
        return fast
    if self.v["activation"] is not None:
        return self.in_activation(self.v["activation"])
    play = self.best_play()
    if play is not None:
        return play
    act = self.best_activation()
    if act is not None:
        return act
    end = next(iter(self.of("end_action_phase")), None)
    if end is None:  # option play_out_hand (MUHQ-APHASE-1): a card that can be played must be, first
        plays = self.of("play_permanent")
        if plays:
            return plays[0]
        spells = self.of("play_spell")
        return max(spells, key=self.spell_score) if spells else None
    return end


def best_play(self: _Decision) -> _Legal | None:
    plays = self.of("play_permanent")
    if not plays:
        return None
    hand_units = [c for c in self.hand.values() if self.bot.cards.get(c, {}).get("type") == "unit"]
    spawns_free = len({a.field for a in plays if a.field is not None})
    best, best_score = None, None
    for a in plays:
        cid = self.hand.get(a.card, "")
        card = self.bot.cards.get(cid, {})
        t = card.get("type")
        if t == "unit":
            if self.worth(cid) < 1:
                continue
            p = {"id": -1, "card": cid, "attack": [tuple(c) for c in card.get("attack") or []]}
            s = 100 + self.worth(cid) + 0.01 * self.spawn_score(p, a.field)
        elif t == "equipment":
            if a.mode != "next_unit" or not hand_units:
                continue
            if self.resource < (card.get("play") or 0):
                continue
            s = 200 + self.worth(cid)  # before the unit it goes to
        elif t == "artifact":
            if cid not in ("vanguard/supply_depot", "tide/sunken_idol") or spawns_free < 3:
                continue
            s = 50 + self.worth(cid) - 0.01 * self.spawn_score({"id": -1, "card": cid, "attack": []}, a.field)
        else:
            continue
        if best_score is None or s > best_score:
            best, best_score = a, s
    return best


def best_activation(self: _Decision) -> _Legal | None:
    acts = self.of("activate")
    if not acts:
        return None
    g = self.goals()
    best, best_key = None, None
    for a in acts:
        p = self.perms.get(a.permanent)
        if p is None or p["type"] != "unit":
            continue
        if p["card"] == "core/sovereign":
            # the VIP stays home; it fights only an enemy next to it
            # (a unit on no field makes ``at`` raise: act falls back to a pass)
            if not any(distance(self.at(e["id"]), self.at(p["id"]))
                       <= attack_range(p.get("attack") or []) for e in self.units(own=False)):
                continue
        if p.get("move_used") and p.get("attack_used"):
            continue
        goals = self.goal_fields(p)
        here = self.where(p["id"])
        walk = (self.walking(goals, self.is_swimming(p)).get(here, 50)  # type: ignore[arg-type]  # None: 50
                if goals else 50)
        key = (walk, here[1] if here else 0, here[0] if here else 0)
        if g["carrier"] == p["id"]:
            key = (-1,) + key[1:]
        if best_key is None or key < best_key:
            best, best_key = a, key
    return best


def in_activation(self: _Decision, pid: int) -> _Legal | None:
    p = self.perms.get(pid)
    end = next(iter(self.of("end_activation")), None)
    if p is None:
        return end
    clears = self.of("clear_paralysis")
    if clears:
        return clears[0]
    g = self.goals()
    # the victory item first
    for a in self.of("equip"):
        if a.equipment == g["item"]:
            return a
    # a favourable attack
    attacks = [(self.attack_score(p, self.perms[a.defender]), a) for a in self.of("attack")
               if a.defender in self.perms]
    attacks.sort(key=lambda x: (-x[0], x[1].defender))
    if attacks and attacks[0][0] > 0 and g["carrier"] != pid:
        return attacks[0][1]
    full = self.best_full(p)
    if full is not None:
        return full
    # other equipment lying next to it
    for a in self.of("equip"):
        e = self.perms.get(a.equipment)
        if e is not None and e["owner"] == self.me and a.spend == ("move" if p.get("attack_used") else "attack"):
            return a
    moves = self.of("move")
    if moves:
        here = self.at(pid)
        now = self.place_score(p, here)
        scored = [(self.place_score(p, (a.path[-2], a.path[-1])), -len(a.path), a) for a in moves]
        best = max(scored, key=lambda x: (x[0], x[1]))  # equal moves: the first of the shuffled list
        if best[0] > now + 1e-9:
            return best[2]
    return end


def best_full(self: _Decision, p: dict[str, Any]) -> _Legal | None:
    kind = FULL.get(p["card"])
    fulls = self.of("full_action")
    if not kind or not fulls:
        return None
    if kind == "gain":
        return fulls[0]
    best, best_score = None, 0.0
    for a in fulls:
        t = self.perms.get(a.targets[0]) if a.targets else None
        if t is None:
            continue
        if kind == "heal" and self.mine(t) and t.get("damage"):
            s = self.unit_worth(t)
        elif kind == "harm" and self.enemy(t) and t["type"] == "unit":
            s = self.unit_worth(t) + (20 if t["id"] in self.goals()["targets"] else 0)
        else:
            continue
        if s > best_score:
            best, best_score = a, s
    return best
