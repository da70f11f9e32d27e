"""The Mítosz heuristic's battles and duels: which one to declare, and what to play in the rounds of the
fight in progress."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import ATTACK_MARGIN, DUEL_MARGIN, ROW_NAMES
from .heuristic_text import _keyword_mod, _level_delta, _part_text

if TYPE_CHECKING:
    from .heuristic_decision import Action, _Decision

    #: a fight member: (side, row, kind, card, level, mode)
    _Member = tuple[str, int, str, str, int, str | None]
    #: a play in a fight round: (gain, cost, decisive, key card, action)
    _Option = tuple[float, tuple[int, ...], bool, int, Action]


def best_declaration(self: _Decision, least_margin: float | None = ATTACK_MARGIN) -> Action | None:
    """A battle whose likely army clearly beats the defender's likely best, or a duel won in advance. With
    ``least_margin`` None, the battle with the widest margin, however narrow (duels as always)."""
    mine = {ld["id"]: ld for ld in self.my["leaders"]}
    best: Action | None = None
    best_key: tuple[Any, ...] | None = None
    cache: dict[int, float] = {}
    for a in self.by_type("declare_battle"):
        cmd = mine.get(a.commander)
        p, nation = self.find_nation(a.nation)
        if cmd is None or nation is None:
            continue
        if a.commander not in cache:
            level, army = self.best_army(self.my, cmd)
            cache[a.commander] = level + self.supply_plan(army, self.spheres, None, "att")
        attack = cache[a.commander]
        defence = self.defence_guess(p, nation, a.road)  # type: ignore[arg-type]  # p: the nation's owner
        margin = attack - defence
        if least_margin is not None and margin < least_margin:
            continue
        road_level = nation["roads"][a.road]["level"]
        key: tuple[Any, ...] = (self.nation_worth(p, nation),  # type: ignore[arg-type]  # p: the nation's owner
                                margin >= ATTACK_MARGIN + 2, -road_level,
                                -self.leader_value(cmd), -a.nation, a.road, -a.commander)
        if least_margin is None:
            key = (margin, *key)
        if best_key is None or key > best_key:
            best, best_key = a, key
    for a in self.by_type("declare_duel"):
        me_ld = mine.get(a.challenger)
        if me_ld is None:
            continue
        owner = next((p for p in self.opps for ld in p["leaders"] if ld["id"] == a.challenged), None)
        if owner is None:
            continue
        them = next(ld for ld in owner["leaders"] if ld["id"] == a.challenged)
        mine_level = self.leader_level(me_ld, self.me) + self.boost_plan([me_ld], self.spheres)
        their_level = self.leader_level(them, owner["seat"]) + self.god_boost(owner) + DUEL_MARGIN
        if mine_level <= their_level:
            continue
        worth = self.leader_value(them, owner["god"]["name"])
        if worth < 10.0:
            continue  # only a leader with power points is worth a hero's risk
        key = (worth, False, 0, -self.leader_value(me_ld), -a.challenged, "", -a.challenger)
        if least_margin is None:
            key = (mine_level - their_level, *key)
        if best_key is None or key > best_key:
            best, best_key = a, key
    return best


def fight_side(self: _Decision) -> str | None:
    f = self.v.get("fight")
    if f is None:
        return None
    return "att" if f["attacker"] == self.me else "def" if f["defender"] == self.me else None


def fight_members(self: _Decision) -> dict[int, _Member]:
    """id -> (side, row, kind, card, level, mode) of the fight's leaders and supplies."""
    f = self.v["fight"]
    out: dict[int, _Member] = {}
    for side in ("att", "def"):
        for r, row in enumerate(f["sides"][side]["rows"]):
            ld = row.get("leader")
            if ld is not None:
                out[ld["id"]] = (side, r, "leader", ld["card"], row.get("leader_level") or 0, "full")
            for sp in row.get("supplies") or ():
                out[sp["id"]] = (side, r, "supply", sp["card"], sp.get("fight_level") or 0, sp.get("mode"))
    return out


def fight_nation(self: _Decision) -> tuple[dict[str, Any], dict[str, Any]] | tuple[None, None]:
    f = self.v.get("fight")
    if f is None or not f.get("nation"):
        return None, None
    return self.find_nation(f["nation"]["id"])


def rotated_ids(self: _Decision) -> set[int]:
    return {ld["id"] for p in self.v["players"] for ld in p["leaders"] if ld.get("rotated")}


def counts(self: _Decision, member: _Member) -> bool:
    return member[2] == "leader" or member[5] != "maneuvers"


def fight_gain(self: _Decision, a: Any, side: str) -> tuple[float, bool]:
    """(levels the bot gains relative to the enemy, does it end the fight in its favour) for a maneuver
    used in a fight round."""
    s = self.s
    if not (0 <= a.card < len(s.instances)):
        return 0.0, False
    if a.type == "use_maneuver" and a.maneuver == "sacrifice":
        return 0.0, False
    cid = s.instances[a.card]
    text = _part_text(s.text.get(cid, ""), a)
    if "battle" not in text and "level" not in text and "volley" not in text and "poison" not in text \
            and "fear" not in text:
        return 0.0, False
    members = self.fight_members()
    enemy = "def" if side == "att" else "att"
    user = a.user if a.type == "use_free_maneuver" else a.card
    targets = tuple(getattr(a, "targets", ()) or ())
    gain = 0.0
    decisive = False
    if "volley" in text or "poison" in text:
        t = targets[-1] if targets else None
        m = members.get(t)  # type: ignore[arg-type]  # no target: None, no member
        if m is None or m[0] != enemy:
            return -1.0, False
        destroy = "volley" in text or t in self.rotated_ids()
        if destroy:
            if m[2] == "leader" and m[1] == 0:
                decisive = True  # OP-51: a side whose commander leaves the board loses at once
            gain += m[4] if self.counts(m) else 0.0
        else:
            gain += 0.3
    elif "fear" in text:
        um = members.get(user)
        if um is None:
            return 0.0, False
        threshold = um[4] + _keyword_mod(text, "fear")
        low = s.number.get(cid, 0)
        for _iid, m in members.items():
            if m[0] != enemy:
                continue
            creature = m[2] == "leader" or bool(s.subtypes.get(m[3], frozenset()) & {"troop", "beast"})
            if creature and low < m[4] < threshold:
                gain += 0.5 * (m[4] if self.counts(m) else 0.0)  # its player may pay to keep it
    delta = _level_delta(text)
    if delta:
        if "the user" in text:  # i18n: no (the game's English words: agents decide in English)
            um = members.get(user)
            if um is not None and um[0] == side and self.counts(um):
                gain += delta
        elif "the target" in text:  # i18n: no (the game's English words: agents decide in English)
            for t in targets:
                m = members.get(t)
                if m is None or not self.counts(m):
                    continue
                gain += delta if m[0] == side else -delta
    if "sacrifice" in text.split(":", 1)[0]:
        um = members.get(user)
        if um is not None and um[0] == side and self.counts(um):
            gain -= um[4]
    return gain, decisive


def supply_gain(self: _Decision, a: Any, side: str) -> float:
    s = self.s
    f = self.v["fight"]
    cid = s.instances[a.card]
    if a.row not in ROW_NAMES:
        return 0.0
    r = ROW_NAMES.index(a.row)
    row = f["sides"][side]["rows"][r] if r < len(f["sides"][side]["rows"]) else None
    if row is None or row.get("leader") is None:
        return 0.0
    _p, nation = self.fight_nation()
    adj = (1 if side == "def" else -1) if self.fortress(nation) else 0
    level: float = max(0, s.level[cid] + self.myth_bonus(cid, row["leader"]["card"], self.me) + adj)
    if r == 2 and s.text.get(cid):
        level /= 2.0  # the opponent chooses: its level may not count (MIT-3.8.e)
    return level


def fight_round(self: _Decision) -> Action | None:
    """A fight round: play what raises the army when behind or level, kill a commander when possible,
    otherwise pass."""
    s = self.s
    side = self.fight_side()
    f = self.v["fight"]
    passing = next((a for a in self.legal if a.type == "pass"), None)
    if side is None:
        return passing
    enemy = "def" if side == "att" else "att"
    mine = f["sides"][side]["level"]
    theirs = f["sides"][enemy]["level"]
    options: list[_Option] = []  # (gain, cost, decisive, key card, action)
    decisive: bool | list[_Option]  # an option's flag in the loop, then the decisive options
    for a in self.legal:
        if a.type in ("summon", "play_unsummoned") and getattr(a, "row", None):
            cost = (0, 0, 0, 0) if a.type == "play_unsummoned" else s.cost[s.instances[a.card]]
            options.append((self.supply_gain(a, side), cost, False, a.card, a))
        elif a.type in ("use_maneuver", "use_free_maneuver", "use_fate"):
            gain, decisive = self.fight_gain(a, side)
            if gain > 0 or decisive:
                options.append((gain, self.action_cost(a), decisive, a.card, a))
    if not options:
        return passing
    # one option per card: the strongest target of a volley or a poison, the best row of a supply
    per_card: dict[int, _Option] = {}
    for o in options:
        k = per_card.get(o[3])
        if k is None or (o[2], o[0], -sum(o[1])) > (k[2], k[0], -sum(k[1])):
            per_card[o[3]] = o
    options = sorted(per_card.values(), key=lambda o: o[3])
    decisive = [o for o in options if o[2]]
    if decisive:
        return min(decisive, key=lambda o: (sum(o[1]), -o[0], o[3]))[4]
    need = theirs + 1 - mine
    if need <= 0:
        return passing
    useful = [o for o in options if o[0] > 0]
    if not useful:
        return passing
    # the cheapest way to get ahead: free plays first, then the most level per point (each card once)
    budget = list(self.spheres)
    plan = []
    total = 0.0
    for o in sorted(useful, key=lambda o: (sum(o[1]) > 0, sum(o[1]) / o[0], -o[0], o[3])):
        if any(o[1][i] > budget[i] for i in range(4)):
            continue
        budget = [budget[i] - o[1][i] for i in range(4)]
        plan.append(o)
        total += o[0]
    if not plan or mine + total < theirs:
        return passing  # hopeless: keep the cards and the spheres
    target = need if mine + total >= theirs + 1 else need - 1  # a win, or at least a draw
    if target <= 0:
        return passing  # level already, and no win within reach
    free = [o for o in plan if sum(o[1]) == 0]
    if free:
        return max(free, key=lambda o: (o[0], -o[3]))[4]
    enough = [o for o in plan if o[0] >= target]
    if enough:
        return min(enough, key=lambda o: (sum(o[1]), o[0], o[3]))[4]
    return plan[0][4]
