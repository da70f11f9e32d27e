"""The Mítosz heuristic's answers to the fight prompts: army leaders, a supply's mode, saving a nation, war
spoils, a monster's return, fear."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .heuristic_static import ROW_NAMES, SPHERE_NAMES, SPOILS_TASTE, SUMMON_PENALTY
from .heuristic_text import _keyword_mod, _level_delta

if TYPE_CHECKING:
    from collections.abc import Callable

    from .heuristic_decision import Action, _Decision

    #: an army leader to name: (option index, leader, row, cost paid to summon it or None)
    _Choice = tuple[int, dict[str, Any], int, tuple[int, ...] | None]


def option_labels(self: _Decision, prompt: dict[str, Any]) -> list[str] | None:
    """The words of the answers of a question put to this player (the view's ``options``)."""
    labels: list[str] | None = prompt.get("options")
    if labels is None:
        return None
    if len(labels) != len(self.by_type("option")):
        return None
    return labels


def pick_option(self: _Decision, index: int) -> Action | None:
    return next((a for a in self.by_type("option") if a.index == index), None)


def answer_fight_leader(self: _Decision, prompt: dict[str, Any]) -> Action | None:
    """Name an army leader: the defender its strongest (a leader summoned from the hand when that is
    clearly better, MIT-7.4.3.1), the attacker always a companion, the defender one while the fight is
    not safely won."""
    s = self.s
    labels = self.option_labels(prompt)
    f = self.v.get("fight")
    side = self.fight_side()
    if labels is None or f is None or side is None:
        return None
    in_fight = set(self.fight_members())
    _p, nation = self.fight_nation()
    defending = nation if side == "def" else None
    room = self.my["leader_limit"] - len(self.my["leaders"])
    used: dict[tuple[str, str], int] = {}
    choices: list[_Choice] = []  # (index, leader, row, cost paid to summon it or None)
    for i, label in enumerate(labels):
        if " into the " not in label:  # i18n: no (the game's English words: agents decide in English)
            continue
        name, row = label.rsplit(" into the ", 1)  # i18n: no (the game's English words: agents decide in English)
        row = row.split(" (", 1)[0]
        r = ROW_NAMES.index(row) if row in ROW_NAMES else 1
        if name.startswith("summon "):
            name = name[len("summon "):]
            held = [c for c in (self.my.get("hand") or []) if s.name.get(c["card"]) == name
                    and s.type.get(c["card"]) == "leader"]
            if not held:
                continue
            cid = held[0]["card"]
            if self.pp_value(cid) <= 0 and self.fighter_worth(cid, room) <= 0:
                continue
            god_bonus = 1 if "god" in s.subtypes.get(cid, ()) and s.name.get(cid) == self.god_name else 0
            ld = {"id": None, "card": cid, "level": s.level.get(cid, 0) + god_bonus}
            paid = label.rsplit("(pays ", 1)[-1].split(",")[0].rstrip(")") if "(pays " in label else ""
            # what this answer pays: the printed cost, or one point substituted (MIT-3.1.g)
            cost = tuple(int(v) for v in paid.split("/")) if paid.count("/") == 3 else s.cost[cid]
            choices.append((i, ld, r, cost))
            continue
        pool = [ld for ld in self.my["leaders"] if s.name.get(ld["card"]) == name
                and ld["id"] not in in_fight and not ld.get("rotated")]
        if not pool:
            continue
        k = used.get((name, row), 0)
        used[(name, row)] = k + 1
        choices.append((i, pool[min(k, len(pool) - 1)], r, None))
    if not choices:
        return self.pick_option(0)
    enemy = "def" if side == "att" else "att"
    their_level = f["sides"][enemy]["level"]
    mine_level = f["sides"][side]["level"]
    lvl: Callable[[dict[str, Any]], int] = lambda ld: self.leader_level(ld, self.me, defending)  # noqa: E731

    def budget(c: _Choice) -> list[int]:
        cost = c[3] or (0, 0, 0, 0)
        return [self.spheres[k] - cost[k] for k in range(4)]

    if f["stage"] == "commander":
        # the defender names its strongest leader, unless the fight is hopeless and the nation cheap
        def strength(c: _Choice) -> float:
            total, army = self.best_army(self.my, c[1], nation)
            return total + self.supply_plan(army, budget(c), nation, "def") - (SUMMON_PENALTY if c[3] else 0)

        best = max(choices, key=lambda c: (strength(c), lvl(c[1]), -self.leader_value(c[1]), -c[0]))
        potential = mine_level + strength(best) + (SUMMON_PENALTY if best[3] else 0)
        # (only a battle names a commander: its nation is there)
        if potential < their_level and self.nation_worth(self.my, nation) < 15:  # type: ignore[arg-type]
            return self.pick_option(0)
        return self.pick_option(best[0])
    # companions: the attacker always adds them; the defender while the fight is not safely won
    if side == "def":
        p_att = self.player(f["attacker"])
        att_leaders = [ld for ld in p_att["leaders"] if ld["id"] in in_fight]
        threat = their_level + self.enemy_extra(p_att, att_leaders, None)
        if mine_level >= threat + 3:
            return self.pick_option(0)
        choices = [c for c in choices if c[3] is None or mine_level + lvl(c[1]) > their_level >= mine_level]
        if not choices:
            return self.pick_option(0)
    p_me = self.my

    def score(c: _Choice) -> tuple[float, bool, float, int]:
        i, ld, r, cost = c
        follow = 0
        if r == 1:  # a second companion may follow this one
            follow = max((lvl(o) for o in p_me["leaders"] if o["id"] != ld["id"] and o["id"] not in in_fight
                          and self.can_fight(o, side == "att")
                          and self.companion_ok(p_me, o["card"], ld["card"], defending)), default=0)
        return (lvl(ld) + follow - (SUMMON_PENALTY if cost else 0), r == 1, -self.leader_value(ld), -i)

    return self.pick_option(max(choices, key=score)[0])


def answer_supply_mode(self: _Decision, prompt: dict[str, Any]) -> Action | None:
    s = self.s
    f = self.v.get("fight")
    side = self.fight_side()
    text = prompt.get("text") or ""
    if f is None or side is None or not text.startswith("choose how "):  # i18n: no (the game's English words: agents decide in English)
        return None
    name = text[len("choose how "):].split(" fights", 1)[0]  # i18n: no (the game's English words: agents decide in English)
    members = self.fight_members()
    found = None
    for iid, m in members.items():
        if m[2] == "supply" and s.name.get(m[3]) == name and m[5] == "level":
            if (m[0] == side and m[1] == 1) or (m[0] != side and m[1] == 2):
                found = (iid, m)  # the newest one of that name
    if found is None:
        return self.pick_option(0)
    iid, m = found
    use = self.maneuver_worth(m[3], m[4], m[0])
    if m[0] == side:
        return self.pick_option(1 if use > m[4] else 0)
    # an enemy supply in its reserve: the mode that helps it least
    return self.pick_option(1 if m[4] > use else 0)


def maneuver_worth(self: _Decision, cid: str, level: int, side: str) -> float:
    """What a supply's maneuvers could do in the fight, in levels."""
    s = self.s
    text = s.text.get(cid, "")
    members = self.fight_members()
    other = "def" if side == "att" else "att"
    worth = 0.0
    if "volley" in text or "poison" in text:
        strength = level + _keyword_mod(text, "volley" if "volley" in text else "poison")
        for m in members.values():
            if m[0] != other or not self.counts(m):
                continue
            creature = m[2] == "leader" or bool(s.subtypes.get(m[3], frozenset()) & {"troop", "beast"})
            if not creature:
                continue
            if "volley" in text:
                ok = m[4] < strength if m[2] == "supply" else m[4] < strength // 2
                if ok:
                    worth = max(worth, 20.0 if (m[2] == "leader" and m[1] == 0) else m[4])
            elif m[4] < strength:
                worth = max(worth, 1.0)
    elif "fear" in text:
        worth = 1.0
    delta = _level_delta(text)
    if delta > 0:
        worth = max(worth, delta - (level if "sacrifice" in text else 0) + level)
    return worth


def answer_save_nation(self: _Decision) -> Action | None:
    f = self.v.get("fight")
    if f is None:
        return None
    _p, nation = self.fight_nation()
    cmd_id = None
    for r, row in enumerate(f["sides"]["def"]["rows"]):
        if r == 0 and row.get("leader"):
            cmd_id = row["leader"]["id"]
    cmd = next((ld for ld in self.my["leaders"] if ld["id"] == cmd_id), None)
    if nation is None or cmd is None:
        return self.pick_option(0)
    return self.pick_option(1 if self.nation_worth(self.my, nation) > self.leader_value(cmd) else 0)


def answer_spoils(self: _Decision, prompt: dict[str, Any]) -> Action | None:
    labels = self.option_labels(prompt) or []
    if "draw a card" in labels:
        return self.pick_option(labels.index("draw a card"))
    need = [0, 0, 0, 0]
    for _worth, cost in self.wanted_costs()[:3]:
        need = [need[i] + cost[i] for i in range(4)]
    best = None
    for i, label in enumerate(labels):
        if not label.startswith("steal 1 "):
            continue
        sphere = label[len("steal 1 "):]
        if sphere not in SPHERE_NAMES:
            continue
        k = SPHERE_NAMES.index(sphere)
        key = (max(0, need[k] - self.spheres[k]), SPOILS_TASTE[k], -i)
        if best is None or key > best[0]:
            best = (key, i)
    return self.pick_option(best[1] if best else 0)


def answer_monster(self: _Decision, prompt: dict[str, Any]) -> Action | None:
    """MIT-8.monster.5: keep a winning monster as a leader when it brings power points or a fighter the
    leader row has room for."""
    s = self.s
    labels = self.option_labels(prompt) or []
    name = labels[0][len("let "):].rsplit(" go to", 1)[0] if labels and labels[0].startswith("let ") else None  # i18n: no (the game's English words: agents decide in English)
    # (name None: no card of that name)
    cid = next((c for c in s.by_name.get(name, ()) if s.type.get(c) == "leader"), None)  # type: ignore[arg-type]
    if cid is None:
        return self.pick_option(0)
    room = self.my["leader_limit"] - len(self.my["leaders"])
    weakest = min((self.leader_value(ld) for ld in self.my["leaders"]), default=0.0)
    worth = 10.0 * self.pp_value(cid) + s.level.get(cid, 0)
    keep = room > 0 or worth > weakest + 5
    return self.pick_option(1 if keep and (self.pp_value(cid) > 0 or self.fighter_worth(cid, room) > 0) else 0)


def answer_fear(self: _Decision, prompt: dict[str, Any]) -> Action | None:
    labels = self.option_labels(prompt) or []
    members = self.fight_members()
    side = self.fight_side()
    name = labels[0][len("let "):].rsplit(" flee", 1)[0] if labels and labels[0].startswith("let ") else None
    level = 0
    commander = False
    for m in members.values():
        if m[0] == side and self.s.name.get(m[3]) == name:
            level = max(level, m[4])
            commander = commander or (m[2] == "leader" and m[1] == 0)
    return self.pick_option(1 if level >= 2 or commander else 0)
