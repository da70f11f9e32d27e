"""A Mítosz player that builds power points, from its own view only.

Every decision is recomputed from the observation (``obs.view``, ``obs.legal_actions``, the catalogue and
the options): the bot keeps no memory between decisions, so an undo or a takeover is safe, and it uses
no chance at all. What it knows of the cards comes from ``game.catalogue()`` (types, subtypes, costs,
power points, roads, texts); deck lists are public static data (the catalogue's instance layout).

- **Nations.** One every turn it can: the most power points first, then the cell that leaves the most
  room for the nations it still holds or may draw (cells where they could join the empire, within the
  copy limit), then the fewest free roads (an empire is attacked only through its free roads).
- **Summons.** Power-point leaders (its own god leader counts one more), locations that add power
  points, within the leader limit; a free building or region that produces spheres. Never zero-point
  leaders, items, intrigues: fights are not in this version, so they add nothing. Of the payments, the
  one that leaves the spheres closest to what the rest of its hand (and its counters) needs.
- **Counters.** Holding a counter card (a maneuver or fate that neutralizes), it keeps that sphere
  cost back for the opponent's turn while the opponent could hurt it (a steal in the opponent's deck and
  an unrotated leader to use it), and spends it on an enemy act aimed at its cards (a steal, an exile,
  a neutralize of its own act, ...).
- **Maneuvers.** Only with spare sphere points: draws (with a discard of its worst card), a recover of a
  power-point leader, a free peek-and-exile, a rotate of an enemy ruler that could steal, frost tokens
  and searches last; a steal of a power-point leader only when it breaks the opponent's hold.
- **Prompts.** Discard the least useful card; refill toward the cheapest wanted summon and the counter
  reserve; unrotate the leaders with the most useful maneuvers; sacrifice the least valuable leader;
  pick the best card of a search or recover.
- **Passing.** When nothing above applies. Any surprise falls back to pass (or the first action).
"""

from __future__ import annotations

from cardtable.agents.base import Agent, Observation

ROAD_OFFSET = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "S": "N", "E": "W", "W": "E"}
STACK_ID_BASE = 100_000
SUMMON_PHASES = ("summon_1", "summon_2")

#: Worth of a card kept in hand (for discards), by what it can do for the bot.
KEEP_NATION = 50
KEEP_PP_LEADER = 40
KEEP_PP_LOCATION = 35
KEEP_COUNTER = 18
KEEP_STEAL = 16
KEEP_DRAW = 14
KEEP_RECOVER = 10
KEEP_EXILE = 8
KEEP_PRODUCER = 6
KEEP_OTHER = 1
#: How much a threat on the stack must be worth before a counter is spent on it.
COUNTER_THRESHOLD = 3


def _texts(card: dict) -> str:
    text = card.get("text") or []
    if isinstance(text, str):
        return text.lower()
    return " | ".join(text).lower()


class _Static:
    """What the catalogue says about each card definition, boiled down for the bot (one per game)."""

    def __init__(self, game):
        cat = game.catalogue()
        self.cards = cat["cards"]
        self.instances = cat["instances"]
        self.options = dict(getattr(game, "options", {}) or {})
        self.text = {cid: _texts(c) for cid, c in self.cards.items()}
        self.subtypes = {cid: frozenset(c.get("subtypes") or ()) for cid, c in self.cards.items()}
        self.roads = {cid: dict(c.get("roads") or {}) for cid, c in self.cards.items()}
        self.cost = {cid: tuple((list(c.get("cost") or []) + [0, 0, 0, 0])[:4]) for cid, c in self.cards.items()}
        self.pp = {cid: int(c.get("power_points") or 0) for cid, c in self.cards.items()}
        self.type = {cid: c.get("type") for cid, c in self.cards.items()}
        self.unique = {cid: bool(c.get("unique")) for cid, c in self.cards.items()}
        self.links = {cid: frozenset(c.get("links") or ()) for cid, c in self.cards.items()}
        self.name = {cid: c.get("name") for cid, c in self.cards.items()}
        t = self.text
        self.counter = {cid for cid in self.cards if "counter" in t[cid] and "neutralize" in t[cid]
                        and self.type[cid] in ("fate", "free_maneuver")}
        self.steal = {cid for cid in self.cards if "steal" in t[cid]}
        self.draw = {cid for cid in self.cards if "draw" in t[cid]}
        self.producer = {cid for cid in self.cards if "produces" in t[cid]}
        self.deck_of: dict[int, list[str]] = {}

    def deck(self, view: dict, seat: int) -> list[str]:
        """The definition ids of ``seat``'s deck (the layout lists the seats' cards in order, god first)."""
        if seat not in self.deck_of:
            starts = sorted((p["god"]["id"], p["seat"]) for p in view["players"])
            for k, (start, s) in enumerate(starts):
                end = starts[k + 1][0] if k + 1 < len(starts) else len(self.instances)
                self.deck_of[s] = list(self.instances[start:end])
        return self.deck_of[seat]


_STATIC: dict = {}


class MitoszHeuristic(Agent):
    name = "heuristic"

    def __init__(self, game, seed: int = 0):
        super().__init__(game, seed)
        key = id(game)
        static = _STATIC.get(key)
        if static is None or static[0] is not game:
            static = (game, _Static(game))
            _STATIC[key] = static
        self.s = static[1]

    # -- the entry point ---------------------------------------------------------------------------
    def act(self, obs: Observation):
        legal = obs.legal_actions
        if not legal:
            return None
        fallback = next((a for a in legal if a.type == "pass"), legal[0])
        if len(legal) == 1:
            return legal[0]
        try:
            choice = _Decision(self.s, obs).choose()
        except Exception:  # never crash a game: the safe answer is a pass (or the first action)
            return fallback
        return choice if choice is not None else fallback


class _Decision:
    """One decision: the view read once, then the legal actions scored."""

    def __init__(self, s: _Static, obs: Observation):
        self.s = s
        self.obs = obs
        self.legal = obs.legal_actions
        self.me = obs.player
        v = obs.view
        self.v = v
        players = v["players"]
        self.my = next(p for p in players if p["seat"] == self.me)
        self.opps = [p for p in players if p["seat"] != self.me]
        self.god_name = self.my["god"]["name"]
        self.spheres = list(self.my["spheres"])
        self.smax = list(self.my["sphere_max"])
        self.hand = [c["card"] for c in (self.my.get("hand") or [])]
        self.target = v.get("win_target") or 12
        self.my_turn = v.get("active") == self.me
        # my cards on the board (by instance id): nations, leaders, attachments
        self.board: dict[int, str] = {}
        for n in self.my["nations"]:
            self.board[n["id"]] = n["card"]
            for a in n.get("attached") or ():
                self.board[a["id"]] = a["card"]
        for ld in self.my["leaders"]:
            self.board[ld["id"]] = ld["card"]
            for a in ld.get("attached") or ():
                self.board[a["id"]] = a["card"]
        self.board[self.my["god"]["id"]] = self.my["god"]["card"]
        self._reserve = None

    # -- values --------------------------------------------------------------------------------------
    def pp_value(self, cid: str, god_name: str | None = None) -> int:
        s = self.s
        value = s.pp.get(cid, 0)
        if s.type.get(cid) == "leader" and "god" in s.subtypes.get(cid, ()) and \
                s.name.get(cid) == (god_name or self.god_name):
            value += 1
        return value

    def leader_value(self, leader: dict, god_name: str | None = None) -> float:
        cid = leader["card"]
        value = 10.0 * self.pp_value(cid, god_name)
        text = self.s.text.get(cid, "")
        if "draw" in text:
            value += 3
        elif text:
            value += 1
        subs = self.s.subtypes.get(cid, ())
        if subs & {"ruler", "seer", "wizard", "god", "priest"}:
            value += 1  # users of counters, draws and steals
        return value

    def on_board_names(self) -> set:
        """Names of the bot's cards on the board, its high god aside (a unique leader may share its name)."""
        return {self.s.name.get(cid) for cid in self.board.values() if self.s.type.get(cid) != "high_god"}

    def keep_value(self, cid: str) -> float:
        """How much a card in hand is worth keeping."""
        s = self.s
        t = s.type.get(cid)
        if t == "nation":
            if self.nation_copies_left(cid) <= 0:
                return 0
            grid = {(n["x"], n["y"]): n["card"] for n in self.my["nations"]}
            if self.cells_for(cid, grid) == 0:
                return KEEP_EXILE  # no cell for it now (it may come later)
            return KEEP_NATION + 10 * s.pp[cid]
        if t == "leader":
            ppv = self.pp_value(cid)
            if s.unique.get(cid) and s.name[cid] in self.on_board_names():
                return 0
            return KEEP_PP_LEADER + 10 * ppv if ppv > 0 else 2
        if t == "location":
            if s.pp[cid] > 0:
                return KEEP_PP_LOCATION + 5 * s.pp[cid]
            return KEEP_PRODUCER if cid in s.producer or s.links[cid] else 2
        if cid in s.counter:
            return KEEP_COUNTER
        if cid in s.steal:
            return KEEP_STEAL
        if cid in s.draw:
            return KEEP_DRAW
        text = s.text.get(cid, "")
        if "recover" in text:
            return KEEP_RECOVER
        if "exile" in text:
            return KEEP_EXILE
        return KEEP_OTHER

    # -- spheres ---------------------------------------------------------------------------------
    def wanted_costs(self) -> list[tuple[float, tuple]]:
        """(worth, cost) of the summons in hand the bot wants, best first."""
        out = []
        names = self.on_board_names()
        leaders_room = self.my["leader_limit"] - len(self.my["leaders"])
        nations_free = sum(1 for n in self.my["nations"] if not n.get("attached"))
        for cid in self.hand:
            t = self.s.type.get(cid)
            if t == "leader":
                ppv = self.pp_value(cid)
                if ppv <= 0 or (self.s.unique.get(cid) and self.s.name[cid] in names):
                    continue
                out.append((10.0 * ppv + (1 if leaders_room > 0 else 0), self.s.cost[cid]))
            elif t == "location" and self.s.pp[cid] > 0:
                out.append((10.0 * self.s.pp[cid] + (1 if nations_free else 0), self.s.cost[cid]))
        out.sort(key=lambda wc: (-wc[0], sum(wc[1])))
        return out

    def opponent_threatens(self) -> bool:
        """Could the opponent hurt the bot's board in its turn (a steal in its deck, a leader to use it)?"""
        for p in self.opps:
            deck = self.s.deck(self.v, p["seat"])
            if not any(cid in self.s.steal for cid in deck):
                continue
            if any(not ld.get("rotated") for ld in p["leaders"]):
                return True
        return False

    def reserve(self) -> list[int]:
        """Sphere points kept back for a counter in the opponent's turn."""
        if self._reserve is not None:
            return self._reserve
        res = [0, 0, 0, 0]
        if self.my["leaders"] and self.opponent_threatens():
            for cid in self.hand:
                if cid in self.s.counter:
                    cost = self.counter_cost(cid)
                    if cost is not None:
                        res = [max(a, b) for a, b in zip(res, cost)]
        self._reserve = res
        return res

    def counter_cost(self, cid: str):
        """The sphere cost of using a counter card, or None when no own card may use it."""
        s = self.s
        text = s.text[cid]
        cost = _cost_from_text(text)
        if s.type[cid] == "fate":
            god = self.my["god"]["card"]
            linked = s.name[cid] in s.links.get(god, ()) or s.name.get(god) in s.links.get(cid, ())
            god_leader = any("god" in s.subtypes.get(ld["card"], ()) for ld in self.my["leaders"])
            return cost if (linked or god_leader) else None
        # a free maneuver needs a user; a linked user uses it for free
        users = [ld for ld in self.my["leaders"] if not ld.get("rotated")]
        for ld in users:
            if s.name[cid] in s.links.get(ld["card"], ()):
                return (0, 0, 0, 0)
        return cost if users else None

    def spare(self, every: bool = False) -> list[int]:
        """Sphere points free for optional spending: above the counter reserve and the next wanted summon
        (``every``: all the wanted summons in hand)."""
        res = self.reserve()
        need = [0, 0, 0, 0]
        for _worth, cost in self.wanted_costs()[:None if every else 1]:
            need = [need[i] + cost[i] for i in range(4)]
        return [self.spheres[i] - res[i] - need[i] for i in range(4)]

    # -- nations ---------------------------------------------------------------------------------------
    def board_copies(self, cid: str) -> int:
        scope = [self.my] if self.s.options.get("nation_copy_scope") == "player" else self.v["players"]
        return sum(1 for p in scope for n in p["nations"] if n["card"] == cid)

    def nation_copies_left(self, cid: str) -> int:
        return len(self.s.roads.get(cid, {})) - self.board_copies(cid)

    def cells_for(self, cid: str, grid: dict) -> int:
        if not grid:
            return 1
        roads = self.s.roads[cid]
        every = self.s.options.get("nation_placement_rule") == "all_shared_edges_match"
        seen = set()
        count = 0
        for (x, y) in grid:
            for dx, dy in ROAD_OFFSET.values():
                c = (x + dx, y + dy)
                if c in grid or c in seen:
                    continue
                seen.add(c)
                ok = False
                bad = False
                for r, (ex, ey) in ROAD_OFFSET.items():
                    m = grid.get((c[0] + ex, c[1] + ey))
                    if m is None:
                        continue
                    facing = OPPOSITE[r] in self.s.roads[m]
                    if r in roads and facing:
                        ok = True
                    if every and (r in roads) != facing:
                        bad = True
                if ok and not bad:
                    count += 1
        return count

    def free_roads(self, grid: dict) -> int:
        n = 0
        for (x, y), cid in grid.items():
            for r in self.s.roads[cid]:
                dx, dy = ROAD_OFFSET[r]
                if (x + dx, y + dy) not in grid:
                    n += 1
        return n

    def remaining_nations(self) -> dict:
        """Nation definitions the bot may still place: its deck list less those on the board or gone."""
        left: dict = {}
        for cid in self.s.deck(self.v, self.me):
            if self.s.type.get(cid) == "nation":
                left[cid] = left.get(cid, 0) + 1
        gone = [n["card"] for n in self.my["nations"]]
        gone += [c["card"] for c in self.my["afterworld"]] + [c["card"] for c in self.my["oblivion"]]
        for cid in gone:
            if cid in left:
                left[cid] -= 1
        return left

    def place_score(self, a) -> tuple:
        s = self.s
        cid = s.instances[a.card]
        grid = {(n["x"], n["y"]): n["card"] for n in self.my["nations"]}
        grid[(a.x, a.y)] = cid
        left = self.remaining_nations()
        if cid in left:
            left[cid] -= 1
        room = 0.0
        for d, n in left.items():
            if n <= 0:
                continue
            copies = len(s.roads[d]) - self.board_copies(d) - (1 if d == cid else 0)
            n = min(n, copies)
            if n <= 0:
                continue
            held = self.hand.count(d) - (1 if d == cid else 0)
            weight = s.pp[d] * (2.0 if held > 0 else 1.0)
            room += weight * min(self.cells_for(d, grid), n)
        return (6.0 * s.pp[cid] + room, -self.free_roads(grid), -a.y, -a.x)

    # -- the choice ------------------------------------------------------------------------------------
    def choose(self):
        v = self.v
        prompt = v.get("prompt")
        if prompt is not None and prompt.get("player") == self.me:
            return self.answer(prompt)
        if v.get("mode") == "counter":
            return self.counter()
        return self.window()

    def by_type(self, *types) -> list:
        return [a for a in self.legal if a.type in types]

    def window(self):
        s = self.s
        phase = self.v.get("phase")
        if self.my_turn and phase in SUMMON_PHASES:
            places = self.by_type("place_nation")
            if places:
                return max(places, key=self.place_score)
            summon = self.best_summon()
            if summon is not None:
                return summon
        maneuver = self.best_maneuver()
        if maneuver is not None:
            return maneuver
        return next((a for a in self.legal if a.type == "pass"), None)

    def best_summon(self):
        s = self.s
        names = self.on_board_names()
        leaders = self.my["leaders"]
        room = self.my["leader_limit"] - len(leaders)
        weakest = min((self.leader_value(ld) for ld in leaders), default=0.0)
        res = self.reserve()
        holding = self.my["power"] >= self.target
        best = None
        best_key = None
        for a in self.by_type("summon"):
            cid = s.instances[a.card]
            t = s.type.get(cid)
            paid = _paid(s.cost[cid], a)
            if a.host is not None and t == "location" and 0 <= a.host < len(s.instances) \
                    and _linked_free(s, cid, s.instances[a.host]):
                paid = (0, 0, 0, 0)
            if t == "leader":
                ppv = self.pp_value(cid)
                if ppv <= 0:
                    continue
                if s.unique.get(cid) and s.name[cid] in names:
                    continue
                worth = 10.0 * ppv
                if room <= 0 and worth <= weakest:
                    continue
            elif t == "location":
                if s.pp[cid] > 0:
                    worth = 10.0 * s.pp[cid]
                elif sum(paid) == 0 and (cid in s.producer or s.links[cid]):
                    worth = 1.0
                else:
                    continue
            else:
                continue
            after = [self.spheres[i] - paid[i] for i in range(4)]
            if holding and any(after[i] < res[i] for i in range(4)):
                continue  # a hold to protect: the counter comes first
            key = (worth, -sum(paid), self.leftover_score(after, exclude=a.card), -a.card)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def leftover_score(self, after: list, exclude: int | None = None) -> float:
        """How well the spheres left after a payment serve the rest of the wanted hand and the reserve."""
        res = self.reserve()
        score = -sum(max(0, res[i] - after[i]) for i in range(4)) * 3.0
        for worth, cost in self.wanted_costs()[:3]:
            short = sum(max(0, cost[i] - after[i]) for i in range(4))
            score -= short * worth / 10.0
        return score

    # -- maneuvers ---------------------------------------------------------------------------------
    def best_maneuver(self):
        best = None
        best_value = 0.0
        spare = self.spare()
        spare_all = self.spare(every=True)
        for a in self.legal:
            if a.type not in ("use_maneuver", "use_free_maneuver", "use_fate"):
                continue
            value = self.maneuver_value(a, spare)
            if 0 < value < 3 and any(c > sp for c, sp in zip(self.action_cost(a), spare_all)):
                continue  # a small gain is not worth a point the hand will need
            if value > best_value:
                best, best_value = a, value
        return best

    def action_cost(self, a) -> tuple:
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

    def maneuver_value(self, a, spare: list) -> float:
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
        if "rotate the target" in text and "unrotate" not in text:
            return 3.0 if any(self.is_threat_user(t) for t in targets) else 0.0
        if "frost" in text or "token" in text:
            return 1.0 if targets else 0.0
        if "search" in text:
            return 0.5
        return 0.0

    def is_threat_user(self, iid: int) -> bool:
        for p in self.opps:
            for ld in p["leaders"]:
                if ld["id"] == iid and not ld.get("rotated"):
                    subs = self.s.subtypes.get(ld["card"], ())
                    return bool(subs & {"ruler", "wizard", "seer", "god"}) or "draw" in self.s.text.get(ld["card"], "")
        return False

    def breaks_hold(self, a) -> bool:
        """Stealing this leader drops an opponent who holds the win target below it."""
        for t in getattr(a, "targets", ()) or ():
            for p in self.opps:
                for ld in p["leaders"]:
                    if ld["id"] == t and p.get("hold"):
                        if p["power"] - self.pp_value(ld["card"], p["god"]["name"]) < self.target:
                            return True
        return False

    # -- counter rounds ----------------------------------------------------------------------------
    def threat(self, item: dict) -> float:
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
        for t in targets:
            if t >= STACK_ID_BASE:
                mine = next((it for it in self.v["stack"] if it["id"] == t and it.get("player") == self.me), None)
                if mine is not None and "neutralize" in text:
                    worst = max(worst, self.own_item_worth(mine))
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

    def own_item_worth(self, item: dict) -> float:
        cid = (item.get("card") or {}).get("card")
        text = self.s.text.get(cid, "")
        if "steal" in text:
            return 20.0
        if "neutralize" in text:
            return max((self.threat(it) for it in self.v["stack"] if it["id"] in (item.get("target_ids") or [])
                        and it.get("player") != self.me), default=0.0)
        return 2.0 if "draw" in text or "recover" in text else 0.5

    def counter(self):
        best = None
        best_key = None
        stack = {it["id"]: it for it in self.v.get("stack") or ()}
        for a in self.legal:
            if a.type not in ("use_maneuver", "use_free_maneuver", "use_fate"):
                continue
            cid = self.s.instances[a.card]
            if cid not in self.s.counter:
                continue
            text = self.s.text[cid]
            option_text = text
            if a.type == "use_free_maneuver" and a.option and a.option.startswith("o") and "choose one:" in text:
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

    # -- prompts -----------------------------------------------------------------------------------
    def answer(self, prompt: dict):
        kind = prompt.get("kind")
        s = self.s
        if kind in ("discard_hand", "discard"):
            hand_count: dict = {}
            for cid in self.hand:
                hand_count[cid] = hand_count.get(cid, 0) + 1

            def keep(a):
                cid = s.instances[a.cards[0]]
                value = self.keep_value(cid)
                if hand_count.get(cid, 0) > 1 and s.type.get(cid) != "nation":
                    value -= 1  # a second copy is worth a little less
                return (value, a.cards[0])

            return min(self.by_type("choose"), key=keep, default=None)
        if kind == "sacrifice_leader":
            leaders = {ld["id"]: ld for ld in self.my["leaders"]}
            return min(self.by_type("choose"),
                       key=lambda a: (self.leader_value(leaders[a.cards[0]]) if a.cards[0] in leaders else 99,
                                      a.cards[0]), default=None)
        if kind == "unrotate":
            leaders = {ld["id"]: ld for ld in self.my["leaders"]}

            def use(a):
                ld = leaders.get(a.cards[0])
                if ld is None:
                    return (0.0, -a.cards[0])
                cid = ld["card"]
                value = self.leader_value(ld) / 10.0
                text = s.text.get(cid, "")
                if text:
                    value += 5.0
                if any(s.name[c] in s.links.get(cid, ()) for c in self.hand):
                    value += 2.0  # a free maneuver in hand it uses for free
                return (value, -a.cards[0])

            return max(self.by_type("choose"), key=use, default=None)
        if kind in ("search", "pick"):
            def worth(a):
                cid = s.instances[a.cards[0]]
                return (10.0 * self.pp_value(cid) + self.keep_value(cid), -a.cards[0])

            return max(self.by_type("choose"), key=worth, default=None)
        if kind == "refill":
            return self.refill()
        if kind == "option":
            return self.option(prompt)
        return None

    def refill(self):
        wanted = self.wanted_costs()
        res = self.reserve()
        first = list(wanted[0][1]) if wanted else [0, 0, 0, 0]
        target = [first[i] + res[i] for i in range(4)]
        total = [res[i] for i in range(4)]
        for _worth, cost in wanted:
            total = [total[i] + cost[i] for i in range(4)]
        # the bot's general taste: the spheres its deck's wanted cards cost
        taste = [0, 0, 0, 0]
        for cid in set(self.s.deck(self.v, self.me)):
            if self.s.type.get(cid) in ("leader", "location") and (self.pp_value(cid) > 0):
                taste = [taste[i] + self.s.cost[cid][i] for i in range(4)]

        def score(a):
            new = [self.spheres[i] + a.spheres[i] for i in range(4)]
            short = sum(max(0, target[i] - new[i]) for i in range(4))
            cover = sum(min(new[i], total[i]) for i in range(4))
            general = sum(min(new[i], self.smax[i]) * taste[i] for i in range(4))
            return (-short, cover, general, tuple(a.spheres))

        return max(self.by_type("refill"), key=score, default=None)

    def option(self, prompt: dict):
        text = (prompt.get("text") or "").lower()
        labels = [x.strip() for x in text.split("choose:", 1)[-1].split("/")]
        top = (self.v.get("stack") or [None])[0]
        intrigue = False
        for it in self.v.get("stack") or ():
            for t in it.get("target_ids") or ():
                tgt = next((x for x in self.v["stack"] if x["id"] == t), None)
                if tgt is not None and (tgt.get("card") or {}).get("type") == "intrigue":
                    intrigue = True
        del top
        want = "destroy" if intrigue else "neutralize"
        for i, label in enumerate(labels):
            if want in label:
                for a in self.by_type("option"):
                    if a.index == i:
                        return a
        return next(iter(self.by_type("option")), None)


def _cost_from_text(text: str) -> tuple:
    """Sphere letters and numbers in a maneuver's text (``M1``, ``I2``, ``per W2``, ``(F1)``)."""
    cost = [0, 0, 0, 0]
    letters = {"m": 0, "i": 1, "w": 2, "f": 3}
    words = text.replace(",", " ").replace(":", " ").replace("(", " ").replace(")", " ").split()
    for w in words:
        if len(w) >= 2 and w[0] in letters and w[1:].isdigit():
            cost[letters[w[0]]] += int(w[1:])
    return tuple(cost)


def _paid(cost: tuple, a) -> tuple:
    names = ("magic", "influence", "wealth", "force")
    paid = list(cost)
    if getattr(a, "pay_from", None) and getattr(a, "pay_for", None) in names and a.pay_from in names:
        paid[names.index(a.pay_for)] -= 1
        paid[names.index(a.pay_from)] += 1
    return tuple(paid)


def _linked_free(s: _Static, cid: str, host_cid: str) -> bool:
    """MIT-8.region.c / MIT-8.building.b: a region linked to its nation, a building to its region, are free."""
    subs = s.subtypes.get(cid, ())
    linked = s.name.get(host_cid) in s.links.get(cid, ()) or s.name.get(cid) in s.links.get(host_cid, ())
    if "region" in subs and s.type.get(host_cid) == "nation":
        return linked
    if "building" in subs and "region" in s.subtypes.get(host_cid, ()):
        return linked
    return False
