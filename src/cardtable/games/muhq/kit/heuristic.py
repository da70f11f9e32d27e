"""A muhq's game player that goes for the board's victory condition, from its own view only.

Every decision is recomputed from the observation (``obs.view``, ``obs.legal_actions``, the catalogue, the
options and the board's public definition: its areas' points): the bot keeps no memory between decisions, so
an undo or a takeover is safe. It never looks at the state. Equal options are ordered by a shuffle seeded from
the view alone (seat, turn, step, log size), so the same observation gives the same move: taken in the legal
list's own order, reading order (top-left first), ties favoured the side of the board nearer the top (on the
point-symmetric Three Hills, 68 % to 32 % between two of these bots; 50 % to 50 % between random players).
(It keeps answers that follow from the board alone — the fields within a range, walking distances — to be
faster, not wiser.)

- **Draft.** On curve: each card has a worth (``WORTH``: cheap, sturdy units and removal spells first),
  less a little per point of buy cost; cards of the set it has picked most get a bonus once it has a few
  picks (it sticks to one set when it can); swimming units are worth little on a board without a
  deep-water spawn of its own.
- **Buy.** The worthiest card it can afford (nothing below ``BUY_FLOOR``).
- **Upkeep.** Pays for its worthiest units first; declines a unit only when it cannot pay.
- **Objective.** By the board's victory conditions: the enemy VIP (``vip``); the victory item, then whoever
  carries it (``victory_item``); the enemy buildings (``destroy_buildings``); areas and income fields
  (``capture_points``: each unit claims the best free field, weighted by the area's points).
- **Action phase.** Coin purses and other helpful fast cards first, equipment "to the next unit" when a unit
  follows, then units onto the spawn field nearest the objective; then it activates its units, the one
  nearest the objective first: it equips the victory item, attacks when the attack is favourable (it kills,
  or hits the objective, and does not lose more than it kills), uses a worthwhile full action (gain
  resource, heal, panic or paralyse an enemy), and moves toward its goal (walking distance over fields it
  may enter; a ranged unit stops where it can shoot). Then it ends the phase.
- **Priority.** Removal on an enemy unit it kills (or on the objective), protection on its endangered
  carrier; otherwise it passes. It never discards cards at random; at the end of its turn it discards only
  cards it cannot use here (swimming units without water, equipment without units), so that it draws new
  ones.
- **Forced choices.** Drops and tokens go to the field nearest the objective; triggers and the order of the
  last activations take the first offer. Any surprise falls back to a pass (or the first action).
"""

from __future__ import annotations

import random
import re
from collections import deque
from typing import Any

from cardtable.engine.agent import Agent, Observation

#: Worth of a card to the bot (draft, buy, upkeep, end-of-turn discards), by card id.
WORTH = {
    # Iron Vanguard
    "vanguard/pikeman": 6, "vanguard/longbow_archer": 6, "vanguard/crossbow_sentry": 5,
    "vanguard/shield_bearer": 5, "vanguard/outrider": 7, "vanguard/siege_wagon": 3, "vanguard/field_medic": 2,
    "vanguard/berserker": 7, "vanguard/war_drummer": 2, "vanguard/banner_knight": 8, "vanguard/forager": 4,
    "vanguard/veteran_captain": 6, "vanguard/watchtower": 1, "vanguard/supply_depot": 2, "vanguard/caltrops": 1,
    "vanguard/iron_helm": 3, "vanguard/rangers_bow": 3, "vanguard/war_banner": 3, "vanguard/volley": 7,
    "vanguard/shield_wall": 3, "vanguard/rally": 1, "vanguard/forced_march": 2, "vanguard/conscription": 4,
    "vanguard/requisition": 0, "vanguard/challenge": 4, "vanguard/levy": 3,
    # Tidecallers
    "tide/bog_stalker": 6, "tide/spitting_newt": 5, "tide/harpoon_skiff": 4, "tide/war_galley": 4,
    "tide/siren": 3, "tide/eel_swarm": 4, "tide/reef_guardian": 6, "tide/smuggler": 5, "tide/tide_priestess": 4,
    "tide/drowned_thrall": 5, "tide/kraken_spawn": 5, "tide/mire_witch": 4, "tide/lantern_warden": 5,
    "tide/tide_totem": 1, "tide/sunken_idol": 2, "tide/lighthouse": 1, "tide/coral_mail": 3,
    "tide/venom_blade": 4, "tide/cloak_of_mist": 3, "tide/toxic_spray": 4, "tide/terrify": 3, "tide/enrage": 1,
    "tide/undertow": 5, "tide/mind_tide": 5, "tide/perish": 7, "tide/paralyzing_mist": 4, "tide/brine_bubble": 3,
    # core
    "core/recruit": 3, "core/scout": 3, "core/coin_purse": 4,
}
#: Spells (and free actions) by what they do to their target: "harm" goes on enemy units, "help" on own.
DAMAGE = {"vanguard/volley": 2, "tide/perish": 3}
HARM = {"vanguard/volley", "tide/perish", "tide/toxic_spray", "tide/terrify", "tide/undertow", "tide/mind_tide",
        "tide/paralyzing_mist", "vanguard/challenge"}
HELP = {"vanguard/shield_wall", "tide/brine_bubble"}
GAIN = {"core/coin_purse"}  # played whenever the bot holds priority
#: Full actions worth a unit's whole turn, by card id: "gain", "heal" (own damaged unit), "harm" (enemy).
FULL = {"vanguard/forager": "gain", "vanguard/field_medic": "heal", "tide/siren": "harm", "tide/mire_witch": "harm"}
BUY_FLOOR = 3
SET_BONUS = 4.0  # draft: a card of the set the bot has picked most, once it has SET_AFTER picks
SET_AFTER = 2
CURVE = 0.35  # draft: worth lost per point of buy cost
PASSIVE = {"pass", "end_activation", "end_action_phase", "skip_buy"}


def distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    """MUHQ-RANGE-2: every second diagonal step counts double."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return max(dx, dy) + min(dx, dy) // 2


def enterable(field_type: str, swimming: bool) -> bool:
    """May a unit stand on a field of this type: deep water for a swimmer, normal and high ground for the others."""
    return field_type == "deep_water" if swimming else field_type in ("normal", "high_ground")


def attack_value(comps, delta: int) -> int:
    return sum(v for v, r in comps if r >= delta)


def attack_range(comps) -> int:
    return max((r for _, r in comps), default=0)


class MuhqHeuristic(Agent):
    name = "heuristic"

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        cat = game.catalogue()
        self.cards = cat["cards"]
        self.swimming = {cid for cid, c in self.cards.items() if "swimming" in (c.get("text") or "").lower()}
        self.solid = {cid: int(m.group(1)) for cid, c in self.cards.items()
                      if (m := re.search(r"\bSolid (\d+)", c.get("text") or ""))}
        options = dict(getattr(game, "options", {}) or {})
        self.at_least = options.get("lethal_rule") == "at_least"
        board = getattr(game, "board", None)  # the board's public definition: the points of its areas
        self.area_points = {a: int(getattr(area, "points", 1)) for a, area in (getattr(board, "areas", {}) or {}).items()}
        #: (width, height, field, range) -> the fields within range: the same every decision (rollouts of the
        #: search ask thousands of times)
        self.within: dict[tuple, list[tuple[int, int]]] = {}
        #: field types of a board -> _Walks: walking distances depend on the fields alone (occupants are
        #: ignored), so they hold across decisions
        self.walks: dict[tuple, _Walks] = {}

    def act(self, obs: Observation):
        legal = obs.legal_actions
        if not legal:
            return None
        if len(legal) == 1:
            return legal[0]
        fallback = next((a for a in legal if a.type in PASSIVE), None)
        if fallback is None:
            fallback = next((a for a in legal if a.type == "end_discard" and not getattr(a, "cards", ())), legal[0])
        try:
            choice = _Decision(self, obs).choose()
        except Exception:  # never crash a game: the safe answer is a pass (or the first action)
            return fallback
        return choice if choice is not None and choice in legal else fallback


class _Walks:
    """Walking distances on one board: from every field a unit may enter to the nearest of some goal fields,
    over fields it may enter (deep water for a swimmer, normal and high ground for the others), 8 directions,
    one step each. They follow from the field types alone, so one bot keeps them for every decision (a
    search's rollouts ask the same few thousand times); at most ``LIMIT`` goal sets are kept."""

    LIMIT = 4096

    def __init__(self, width: int, height: int, types: tuple[str, ...]):
        self.memo: dict[tuple, dict] = {}
        self.neighbours = {}
        for swimming in (False, True):
            ok = [enterable(t, swimming) for t in types]
            table = {}
            for y in range(height):
                for x in range(width):
                    table[(x, y)] = [(x + dx, y + dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1)
                                     if (dx or dy) and 0 <= x + dx < width and 0 <= y + dy < height
                                     and ok[(y + dy) * width + x + dx]]
            self.neighbours[swimming] = table

    def steps(self, goals: frozenset, swimming: bool) -> dict:
        key = (goals, swimming)
        dist = self.memo.get(key)
        if dist is not None:
            return dist
        neighbours = self.neighbours[swimming]
        dist = {g: 0 for g in goals}
        queue = deque(goals)
        while queue:
            here = queue.popleft()
            d = dist[here] + 1
            for nxt in neighbours.get(here, ()):
                if nxt not in dist:
                    dist[nxt] = d
                    queue.append(nxt)
        if len(self.memo) >= self.LIMIT:
            self.memo.clear()
        self.memo[key] = dist
        return dist


class _Decision:
    """One decision: the view read once, then the legal actions weighed."""

    def __init__(self, bot: MuhqHeuristic, obs: Observation):
        self.bot = bot
        self.me = obs.player
        v = obs.view
        self.v = v
        #: breaks ties among equal options (see the module docstring): seeded from the view, so no memory
        self.ties = random.Random(f"{self.me}:{v['turn']}:{v['step']}:{v['log_size']}:{len(obs.legal_actions)}")
        self.legal = list(obs.legal_actions)
        self.ties.shuffle(self.legal)
        board = v["board"]
        self.width, self.height = board["width"], board["height"]
        self.fields = board["fields"]
        self.my = v["players"][self.me]
        self.resource = self.my["resource"]
        self.perms = {p["id"]: p for p in v["permanents"]}
        self.victory = {k["kind"]: k for k in v["victory"]}
        self.hand = {c["id"]: c["card"] for c in (self.my.get("hand") or [])}
        self._goals: dict | None = None
        types = tuple(f["type"] for f in self.fields)
        walks = bot.walks.get(types)
        if walks is None:
            walks = bot.walks[types] = _Walks(self.width, self.height, types)
        self._walks = walks
        self._goal_fields: dict = {}  # unit id -> its goal fields: asked once per field the unit might stand on

    # -- the board --------------------------------------------------------------------------------------
    def field(self, xy) -> dict:
        return self.fields[xy[1] * self.width + xy[0]]

    def where(self, pid: int) -> tuple[int, int] | None:
        p = self.perms.get(pid)
        while p is not None and p.get("base") is not None:
            p = self.perms.get(p["base"])
        return tuple(p["field"]) if p is not None and p.get("field") is not None else None

    def at(self, pid: int) -> tuple[int, int]:
        """``where`` of a permanent that stands on the board; one on no field is a surprise, and the decision falls
        back to a pass (``act``)."""
        xy = self.where(pid)
        if xy is None:
            raise LookupError(f"permanent {pid} is on no field")  # i18n: no (an invariant)
        return xy

    def mine(self, p: dict) -> bool:
        return p["controller"] == self.me

    def enemy(self, p: dict) -> bool:
        return p["controller"] not in (self.me, -1)

    def units(self, own: bool) -> list[dict]:
        return [p for p in self.perms.values() if p["type"] == "unit" and p.get("base") is None and
                p.get("field") is not None and (self.mine(p) if own else self.enemy(p))]

    def can_enter(self, xy, swimming: bool) -> bool:
        return enterable(self.field(xy)["type"], swimming)

    def walking(self, goals: frozenset, swimming: bool) -> dict:
        """Steps from every field the unit may enter to the nearest goal field (occupants ignored)."""
        return self._walks.steps(goals, swimming)

    def cells_within(self, xy, r: int) -> list[tuple[int, int]]:
        key = (self.width, self.height, tuple(xy), r)
        cells = self.bot.within.get(key)
        if cells is None:
            cells = self.bot.within[key] = [(x, y) for x in range(self.width) for y in range(self.height)
                                            if distance(xy, (x, y)) <= r]
        return cells

    def is_swimming(self, p: dict) -> bool:
        xy = self.where(p["id"])
        return p["card"] in self.bot.swimming or (xy is not None and self.field(xy)["type"] == "deep_water")

    # -- worth ------------------------------------------------------------------------------------------
    def has_water_spawn(self) -> bool:
        return any(f["type"] == "deep_water" and self.me in f.get("spawn", ()) for f in self.fields)

    def worth(self, cid: str) -> float:
        w = float(WORTH.get(cid, 2))
        if cid in self.bot.swimming and not self.has_water_spawn():
            w = 0.5
        return w

    def unit_worth(self, p: dict) -> float:
        if p["card"] == "core/sovereign":
            return 100.0
        life = p.get("life", 1) - p.get("damage", 0)
        return self.worth(p["card"]) + 0.5 * life + attack_value(p.get("attack") or [], 1)

    # -- objectives -------------------------------------------------------------------------------------
    def goals(self) -> dict:
        """What the bot goes for: ``targets`` (enemy permanents to attack, most important first), ``item``
        (the victory item on a field), ``carrier`` (my unit carrying it), ``areas`` (field -> worth)."""
        if self._goals is not None:
            return self._goals
        g: dict[str, Any] = {"targets": [], "item": None, "carrier": None, "areas": {}}
        perms = self.perms
        if "victory_item" in self.victory:
            for p in perms.values():
                if p["card"] == "core/crown_of_embers" or (p["type"] == "equipment" and p["owner"] == -1
                                                            and p["controller"] == -1 and p.get("field")):
                    if p.get("base") is None and p.get("field") is not None:
                        g["item"] = p["id"]
                    elif p.get("base") is not None:
                        holder = perms.get(p["base"])
                        if holder is not None and self.mine(holder):
                            g["carrier"] = holder["id"]
                        elif holder is not None and self.enemy(holder):
                            g["targets"].append(holder["id"])
                    break
        if "vip" in self.victory:
            g["targets"] += [p["id"] for p in perms.values() if p["card"] == "core/sovereign" and self.enemy(p)]
        if "destroy_buildings" in self.victory:
            g["targets"] += [p["id"] for p in perms.values() if p["type"] == "artifact" and self.enemy(p)
                             and p["card"] == "core/bastion"]
        if "capture_points" in self.victory or "resource_race" in self.victory:
            for i, f in enumerate(self.fields):
                xy = (i % self.width, i // self.width)
                worth = 0.0
                if f.get("area"):
                    worth += 2.0 * self.bot.area_points.get(f["area"], 1)
                if f.get("income"):
                    worth += 1.0 * f["income"]
                if worth:
                    g["areas"][xy] = worth
        self._goals = g
        return g

    def my_vip(self) -> dict | None:
        return next((p for p in self.perms.values() if p["card"] == "core/sovereign" and self.mine(p)), None)

    def goal_fields(self, p: dict) -> frozenset:
        """The fields unit ``p`` should walk to (where it can attack its target, stand on an area, equip)."""
        hit = self._goal_fields.get(p["id"])
        if hit is None:
            hit = self._goal_fields[p["id"]] = self._find_goal_fields(p)
        return hit

    def _find_goal_fields(self, p: dict) -> frozenset:
        g = self.goals()
        comps = p.get("attack") or []
        reach = max(1, attack_range(comps))
        sw = self.is_swimming(p)
        if g["carrier"] == p["id"]:  # hold the item: stay away from enemies (handled by the danger score)
            here = self.where(p["id"])
            return frozenset([here]) if here else frozenset()
        if g["item"] is not None and not sw:
            return frozenset(c for c in self.cells_within(self.where(g["item"]), 1) if c != self.where(g["item"])
                             and self.can_enter(c, sw))
        if g["areas"]:
            claimed = self.claims()
            free = {c: w for c, w in g["areas"].items() if claimed.get(c) in (None, p["id"])}
            if free:
                here = self.where(p["id"])
                walk = {c: self.walking(frozenset([c]), sw).get(here, 99) for c in free}
                fields = sorted(free)
                self.ties.shuffle(fields)
                best = max(fields, key=lambda c: free[c] - 0.6 * walk[c])
                return frozenset([best])
        for t in g["targets"]:
            txy = self.where(t)
            if txy is not None:
                return frozenset(c for c in self.cells_within(txy, reach) if c != txy and self.can_enter(c, sw))
        enemies = self.units(own=False)
        if enemies:
            out: set[tuple[int, int]] = set()
            for e in enemies:
                exy = self.at(e["id"])
                out.update(c for c in self.cells_within(exy, reach) if c != exy and self.can_enter(c, sw))
            return frozenset(out)
        return frozenset()

    def claims(self) -> dict:
        """Capture fields -> the own unit standing on it (a unit on an area field keeps it)."""
        out = {}
        for u in self.units(own=True):
            xy = self.where(u["id"])
            if xy in self.goals()["areas"]:
                out[xy] = u["id"]
        return out

    def place_score(self, p: dict, xy) -> float:
        """How good field ``xy`` is for unit ``p`` to stand on (higher is better)."""
        sw = self.is_swimming(p)
        goals = self.goal_fields(p)
        score = 0.0
        if goals:
            score -= self.walking(goals, sw).get(xy, 50)
        g = self.goals()
        if g["areas"].get(xy):
            score += 0.5 * g["areas"][xy]
        if g["carrier"] == p["id"]:
            score -= 2.0 * self.danger(xy, p)
        # do not block a spawn field of mine
        if self.me in self.field(xy).get("spawn", ()):
            score -= 0.3
        return score

    def danger(self, xy, p: dict) -> float:
        """Damage enemy units could deal to ``p`` on ``xy`` next turn (a rough guess: move + reach)."""
        total = 0.0
        for e in self.units(own=False):
            exy = self.at(e["id"])
            comps = e.get("attack") or []
            d = distance(exy, xy)
            if d <= attack_range(comps) + e.get("movement", 0):
                total += attack_value(comps, 1)
        return total

    # -- combat --------------------------------------------------------------------------------------
    def lethal(self, damage: int, life: int) -> bool:
        return damage >= life if self.bot.at_least else damage > life

    def hit(self, dmg: int, target: dict) -> int:
        if target.get("markers", {}).get("protection"):
            return 0
        return max(0, dmg - target.get("armor", 0))

    def attack_score(self, att: dict, dfn: dict) -> float:
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

    # -- the decision --------------------------------------------------------------------------------
    def choose(self):
        mode = self.v["mode"]
        handler = getattr(self, "on_" + mode, None)
        return handler() if handler is not None else None

    def of(self, *types: str) -> list:
        return [a for a in self.legal if a.type in types]

    def on_draft(self):
        picks = self.my.get("drafted") or []
        sets: dict[str, int] = {}
        for c in picks:
            sets[c["card"].split("/")[0]] = sets.get(c["card"].split("/")[0], 0) + 1
        main = max(sets, key=sets.get) if sets and len(picks) >= SET_AFTER else None
        pack = {c["id"]: c["card"] for c in self.v.get("pack") or []}

        def score(a):
            cid = pack.get(a.card) or ""
            card = self.bot.cards.get(cid, {})
            s = self.worth(cid) - CURVE * (card.get("buy") or 0)
            if main and cid.startswith(main + "/"):
                s += SET_BONUS
            return (s, -a.card)

        return max(self.of("draft_pick"), key=score, default=None)

    def on_buy(self):
        store = {c["id"]: c["card"] for c in self.my["store"]}
        best = max(self.of("buy"), key=lambda a: (self.worth(store.get(a.card, "")), -a.card), default=None)
        if best is not None and self.worth(store.get(best.card, "")) >= BUY_FLOOR:
            return best
        return next(iter(self.of("skip_buy")), None)

    def on_upkeep(self):
        pays = self.of("pay_upkeep")
        if pays:
            return max(pays, key=lambda a: (self.unit_worth(self.perms[a.unit]), -a.unit))
        return min(self.of("decline_upkeep"), key=lambda a: (self.unit_worth(self.perms[a.unit]), a.unit), default=None)

    def on_discard(self):
        useless = [a for a in self.of("end_discard") if a.cards and self.useless(self.hand.get(a.cards[0], ""))]
        if useless:
            return useless[0]
        return next((a for a in self.of("end_discard") if not a.cards), None)

    def useless(self, cid: str) -> bool:
        card = self.bot.cards.get(cid, {})
        if cid in self.bot.swimming and not self.has_water_spawn():
            return True
        if card.get("type") == "equipment":
            return not any(self.bot.cards.get(c, {}).get("type") == "unit" for c in self.hand.values())
        return WORTH.get(cid, 2) <= 1

    def on_closing(self):
        return next(iter(self.of("activate")), None)

    def on_trigger(self):
        return next(iter(self.of("declare_trigger")), None)

    def on_drop(self):
        drops = self.of("drop_place")
        if not drops:
            return None
        return max(drops, key=lambda a: self.place_score(self.perms.get(a.member) or {"id": a.member, "card": "",
                                                                                       "attack": []}, a.field))

    def on_place_token(self):
        places = self.of("place_token")
        goals = [self.where(t) for t in self.goals()["targets"] if self.where(t)]
        if not places or not goals:
            return places[0] if places else None
        return min(places, key=lambda a: min(distance(a.field, gxy) for gxy in goals))

    def on_priority(self):
        fast = self.best_fast()
        return fast if fast is not None else next(iter(self.of("pass")), None)

    # -- fast actions --------------------------------------------------------------------------------
    def best_fast(self):
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

    def spell_score(self, a) -> float:
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
            if t["id"] == g["carrier"] or (t["card"] == "core/sovereign" and self.danger(self.where(t["id"]), t) > 0):
                return 6.0
        return 0.0

    def free_score(self, a) -> float:
        src = self.perms.get(a.source)
        if src is None:
            return 0.0
        if src["card"] == "vanguard/supply_depot":
            return 15.0  # tap: gain 1 resource
        return 0.0

    # -- the action phase ----------------------------------------------------------------------------
    def on_open(self):
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

    def best_play(self):
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

    def spawn_score(self, p: dict, xy) -> float:
        goals = self.goal_fields_for_new(p)
        if not goals:
            return 0.0
        return -self.walking(goals, p["card"] in self.bot.swimming).get(tuple(xy), 50)

    def goal_fields_for_new(self, p: dict) -> frozenset:
        g = self.goals()
        sw = p["card"] in self.bot.swimming
        if g["item"] is not None and not sw:
            ixy = self.where(g["item"])
            return frozenset(c for c in self.cells_within(ixy, 1) if c != ixy and self.can_enter(c, sw))
        if g["areas"]:
            return frozenset(c for c in g["areas"] if self.can_enter(c, sw))
        txys = [self.where(t) for t in g["targets"] if self.where(t)]
        return frozenset(c for t in txys for c in self.cells_within(t, 1) if c != t and self.can_enter(c, sw))

    def best_activation(self):
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
                if not any(distance(self.where(e["id"]), self.where(p["id"])) <= attack_range(p.get("attack") or [])
                           for e in self.units(own=False)):
                    continue
            if p.get("move_used") and p.get("attack_used"):
                continue
            goals = self.goal_fields(p)
            here = self.where(p["id"])
            walk = self.walking(goals, self.is_swimming(p)).get(here, 50) if goals else 50
            key = (walk, here[1] if here else 0, here[0] if here else 0)
            if g["carrier"] == p["id"]:
                key = (-1,) + key[1:]
            if best_key is None or key < best_key:
                best, best_key = a, key
        return best

    def in_activation(self, pid: int):
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
            here = self.where(pid)
            now = self.place_score(p, here)
            scored = [(self.place_score(p, (a.path[-2], a.path[-1])), -len(a.path), a) for a in moves]
            best = max(scored, key=lambda x: (x[0], x[1]))  # equal moves: the first of the shuffled list
            if best[0] > now + 1e-9:
                return best[2]
        return end

    def best_full(self, p: dict):
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
