"""A Mítosz player that builds power points, from its own view only.

Every decision is recomputed from the observation (``obs.view``, ``obs.legal_actions``, the catalogue and
the options): the bot keeps no memory between decisions, so an undo or a takeover is safe, and it uses
no chance at all. What it knows of the cards comes from ``game.catalogue()`` (types, subtypes, costs,
power points, roads, texts); deck lists are public static data (the catalogue's instance layout).

- **Nations.** One every turn it can: the most power points first, then the cell that leaves the most
  room for the nations it still holds or may draw (cells where they could join the empire, within the
  copy limit), then the fewest free roads (an empire is attacked only through its free roads).
- **Summons.** Power-point leaders (its own god leader counts one more), locations that add power
  points, within the leader limit; a free building or region that produces spheres. For the fights, from
  spare sphere points only: a leader without power points but of level 2 or more while it has fewer than
  two such fighters (never in a place the hand's power-point leaders need), a weapon or armour on its
  strongest leader, a curse item on the strongest enemy leader, a location with a level (a fortress) on a
  nation with free roads; a mount goes onto its strongest leader (a free place in the row). Of the
  payments, the one that leaves the spheres closest to what the rest of its hand (and its counters) needs.
- **Fights.** From the public fight view, its own hand and the public deck lists only. It declares a
  battle when its likely army (the commander, the allies it can name, the supplies in hand it can pay for
  and its battle boosts) beats the defender's likely best (the road, the strongest army of the defender's
  unrotated leaders, the supplies its hidden hand probably holds) by two levels or more: the nation worth
  most power points first, then the lowest road; a duel when a hero is clearly stronger than an enemy
  leader. It defends with the leader that makes the strongest army (one summoned from hand when clearly
  better), adds companions (as attacker always), and in the rounds plays supplies and level maneuvers when
  behind or level — free (linked) plays first, then the most level per point, never when even everything
  would not reach a draw — shoots a volley or poison at the strongest enemy creature, at once at a
  commander it can kill, and passes when ahead. Its supplies count their level, an enemy reserve supply
  the mode that helps it least; it saves a nation with its commander only when the nation is worth more,
  steals the sphere its hand needs (influence, force first) or draws as spoils, pays to keep a creature of
  level 2 or more from fear, keeps a winning monster that brings power points.
- **Counters.** Holding a counter card (a maneuver or fate that neutralizes), it keeps that sphere
  cost back for the opponent's turn while the opponent could hurt it (a steal in the opponent's deck and
  an unrotated leader to use it), and spends it on an enemy act aimed at its cards (a steal, an exile,
  a neutralize of its own act, ...).
- **Maneuvers.** Only with spare sphere points: draws (with a discard of its worst card), a recover of a
  power-point leader, a free peek-and-exile, a rotate of an enemy ruler that could steal, frost tokens
  and searches last; a steal of a power-point leader only when it breaks the opponent's hold. A small
  gain never rotates one of its leaders before a battle phase (a rotated leader neither attacks nor
  defends): such maneuvers wait for its own second summon phase, while the end phase can unrotate them.
- **Prompts.** Discard the least useful card; refill toward the cheapest wanted summon and the counter
  reserve; unrotate the strongest leaders with the most useful maneuvers; sacrifice the least valuable
  leader; pick the best card of a search or recover; refuse to lend its high god as a leader; lay the
  most useful card on top of the afterworld.
- **Passing.** When nothing above applies. Any surprise falls back to pass (or the first action).
"""

from __future__ import annotations

import re
from functools import lru_cache

from cardtable.engine.agent import Agent, Observation

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
KEEP_FIGHT = 3  # a supply, a fighter, a weapon or a battle maneuver: + its level
KEEP_OTHER = 1
#: How much a threat on the stack must be worth before a counter is spent on it.
COUNTER_THRESHOLD = 3
#: A maneuver worth less than this is not used when it rotates a leader the bot may need in a fight.
ROTATE_WORTH = 20
UNROTATE_PER_TURN = 2
#: Leaders of level 2 or more the bot wants in its row before it summons one without power points.
FIGHTERS_WANTED = 2
#: Levels a leader summoned from the hand to defend must bring beyond one already in the row (its cost).
SUMMON_PENALTY = 1.5
#: How many levels the bot's likely army must exceed the defender's likely best by before it attacks.
ATTACK_MARGIN = 2
#: How many levels a challenging hero must exceed the challenged leader by (besides its god's help).
DUEL_MARGIN = 1
SPHERE_NAMES = ("magic", "influence", "wealth", "force")
#: Which stolen sphere point the bot prefers as war spoils, other things equal.
SPOILS_TASTE = (1, 3, 0, 2)
ROW_NAMES = ("front", "auxiliary", "reserve")
RACES = frozenset(("shapeshifter", "demon", "undead", "sprite", "giant", "dragon", "dwarf", "elf"))


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
        self.level = {cid: int(c.get("level") or 0) for cid, c in self.cards.items()}
        self.myth = {cid: c.get("mythology") for cid, c in self.cards.items()}
        self.number = {cid: int(c.get("number") or 0) for cid, c in self.cards.items()}
        self.requirements = {cid: [list(r) for r in (c.get("requirements") or [])] for cid, c in self.cards.items()}
        self.by_name = {}
        for cid, c in self.cards.items():
            self.by_name.setdefault(c.get("name"), []).append(cid)
        t = self.text
        self.counter = {cid for cid in self.cards if "counter" in t[cid] and "neutralize" in t[cid]
                        and self.type[cid] in ("fate", "free_maneuver")}
        self.steal = {cid for cid in self.cards if "steal" in t[cid]}
        self.draw = {cid for cid in self.cards if "draw" in t[cid]}
        self.producer = {cid for cid in self.cards if "produces" in t[cid]}
        self.deck_of: dict[int, list[str]] = {}
        self.steals_of: dict[int, bool] = {}
        self.links_of: dict[tuple[str, str], bool] = {}

    def deck(self, view: dict, seat: int) -> list[str]:
        """The definition ids of ``seat``'s deck (the layout lists the seats' cards in order, god first)."""
        if seat not in self.deck_of:
            starts = sorted((p["god"]["id"], p["seat"]) for p in view["players"])
            for k, (start, s) in enumerate(starts):
                end = starts[k + 1][0] if k + 1 < len(starts) else len(self.instances)
                self.deck_of[s] = list(self.instances[start:end])
        return self.deck_of[seat]

    def linked(self, a: str, b: str) -> bool:
        """``_Decision.linked`` for two different definitions (kept: it reads the definitions alone)."""
        hit = self.links_of.get((a, b))
        if hit is None:
            name, links, kind = self.name, self.links, self.type
            hit = self.links_of[(a, b)] = (name.get(b) in links.get(a, ()) or name.get(a) in links.get(b, ()) or (
                name.get(a) == name.get(b) and {kind.get(a), kind.get(b)} == {"high_god", "leader"}))
        return hit

    def deck_steals(self, view: dict, seat: int) -> bool:
        """Has ``seat``'s deck a card that steals?"""
        steals = self.steals_of.get(seat)
        if steals is None:
            steals = self.steals_of[seat] = any(cid in self.steal for cid in self.deck(view, seat))
        return steals


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
        self._reserve: list[int] | None = None
        self._board_ids: set[str] | None = None
        # on_board_names, wanted_costs: asked many times a decision, read once
        self._names: frozenset | None = None
        self._wanted: tuple[tuple[float, tuple], ...] | None = None

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

    def on_board_names(self) -> frozenset:
        """Names of the bot's cards on the board, its high god aside (a unique leader may share its name)."""
        names = self._names
        if names is None:
            name, kind = self.s.name, self.s.type
            names = self._names = frozenset(name.get(cid) for cid in self.board.values() if kind.get(cid) != "high_god")
        return names

    def unique_blocked(self, cid: str, names: frozenset | None = None) -> bool:
        """A unique card already on the board, anybody's (MIT-2.3.b), or one of its name among the bot's."""
        s = self.s
        if not s.unique.get(cid):
            return False
        if s.name.get(cid) in (names if names is not None else self.on_board_names()):
            return True
        ids = self._board_ids
        if ids is None:
            ids = set()
            for p in self.v["players"]:
                for n in p["nations"]:
                    ids.add(n["card"])
                    ids.update(a["card"] for a in n.get("attached") or ())
                for ld in p["leaders"]:
                    ids.add(ld["card"])
                    ids.update(a["card"] for a in ld.get("attached") or ())
            ids.update(c["card"] for c in self.v.get("intrigues") or ())
            self._board_ids = ids
        return cid in ids

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
            if self.unique_blocked(cid):
                return 0
            if ppv > 0:
                return KEEP_PP_LEADER + 10 * ppv
            return KEEP_FIGHT + s.level.get(cid, 0) if s.level.get(cid, 0) >= 2 else 2
        if t == "supply":
            return KEEP_FIGHT + s.level.get(cid, 0) - sum(s.cost[cid]) / 2.0
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
        if t == "item" and s.level.get(cid, 0) > 0:
            return KEEP_FIGHT + s.level[cid] - 1
        if "battle" in text and _level_gain(text) > 0:
            return KEEP_FIGHT + _level_gain(text) - 1
        return KEEP_OTHER

    # -- spheres ---------------------------------------------------------------------------------
    def wanted_costs(self) -> tuple[tuple[float, tuple], ...]:
        """(worth, cost) of the summons in hand the bot wants, best first."""
        wanted = self._wanted
        if wanted is None:
            wanted = self._wanted = self._wanted_costs()
        return wanted

    def _wanted_costs(self) -> tuple[tuple[float, tuple], ...]:
        out = []
        names = self.on_board_names()
        leaders_room = self.my["leader_limit"] - len(self.my["leaders"])
        nations_free = sum(1 for n in self.my["nations"] if not n.get("attached"))
        for cid in self.hand:
            t = self.s.type.get(cid)
            if t == "leader":
                ppv = self.pp_value(cid)
                if ppv <= 0 or self.unique_blocked(cid, names):
                    continue
                out.append((10.0 * ppv + (1 if leaders_room > 0 else 0), self.s.cost[cid]))
            elif t == "location" and self.s.pp[cid] > 0:
                out.append((10.0 * self.s.pp[cid] + (1 if nations_free else 0), self.s.cost[cid]))
        out.sort(key=lambda wc: (-wc[0], sum(wc[1])))
        return tuple(out)

    def opponent_threatens(self) -> bool:
        """Could the opponent hurt the bot's board in its turn (a steal in its deck, a leader to use it)?"""
        for p in self.opps:
            if not self.s.deck_steals(self.v, p["seat"]):
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
        phase = self.v.get("phase")
        if phase == "battle":
            fight = self.v.get("fight")
            if fight is None:
                passing = next((a for a in self.legal if a.type == "pass"), None)
                if passing is None:  # asked without the pass (a search ranking its alternatives): the likeliest win
                    return self.best_declaration(least_margin=None)
                return self.best_declaration() or passing
            if fight.get("stage") == "rounds":
                return self.fight_round()
        if self.my_turn and phase in SUMMON_PHASES:
            places = self.by_type("place_nation")
            if places:
                return max(places, key=self.place_score)
            summon = self.best_summon()
            if summon is not None:
                return summon
            mount = self.best_mount()
            if mount is not None:
                return mount
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
        spare = self.spare()
        best = None
        best_key = None
        for a in self.by_type("summon", "play_unsummoned"):
            if getattr(a, "row", None):
                continue  # a supply into a fight (fight_round)
            cid = s.instances[a.card]
            t = s.type.get(cid)
            paid = _paid(s.cost[cid], a)
            if a.type == "play_unsummoned":
                paid = (0, 0, 0, 0)
            if a.host is not None and t == "location" and 0 <= a.host < len(s.instances) \
                    and _linked_free(s, cid, s.instances[a.host]):
                paid = (0, 0, 0, 0)
            extra = False  # a summon for the fights, paid only from spare points
            if t == "leader":
                if self.unique_blocked(cid, names):
                    continue
                ppv = self.pp_value(cid)
                if ppv <= 0:
                    worth = self.fighter_worth(cid, room)
                    extra = True
                else:
                    worth = 10.0 * ppv
                    if room <= 0 and worth <= weakest:
                        continue
            elif t == "location":
                if s.pp[cid] > 0:
                    worth = 10.0 * s.pp[cid]
                elif sum(paid) == 0 and (cid in s.producer or s.links[cid]):
                    worth = 1.0
                else:
                    worth = self.location_fight_worth(a, cid)
                    extra = True
            elif t == "item":
                worth = self.item_worth(a, cid)
                extra = True
            else:
                continue
            if worth <= 0:
                continue
            if extra and any(paid[i] > spare[i] for i in range(4)):
                continue
            after = [self.spheres[i] - paid[i] for i in range(4)]
            if holding and any(after[i] < res[i] for i in range(4)):
                continue  # a hold to protect: the counter comes first
            key = (worth, -sum(paid), self.leftover_score(after, exclude=a.card), -a.card)
            if best_key is None or key > best_key:
                best, best_key = a, key
        return best

    def best_mount(self):
        """A mount goes onto the strongest leader without one: it leaves the leader row (a free place) and
        fights beside its leader (MIT-8.mount, OP-57)."""
        mine = {ld["id"]: ld for ld in self.my["leaders"]}
        options = [a for a in self.by_type("attach_mount") if a.share is None and a.host in mine]
        if not options:
            return None
        return max(options, key=lambda a: (self.leader_level(mine[a.host], self.me),
                                           self.leader_value(mine[a.host]), -a.host, -a.mount))

    def fighter_worth(self, cid: str, room: int) -> float:
        """A leader without power points defends the empire and leads attacks: worth a free place in the
        leader row the hand's power-point leaders do not need, while the bot has few fighters."""
        s = self.s
        if room <= 0 or s.level.get(cid, 0) < 2:
            return 0.0
        names = self.on_board_names()
        wanted = sum(1 for c in self.hand if s.type.get(c) == "leader" and self.pp_value(c) > 0
                     and not self.unique_blocked(c, names))
        fighters = [ld for ld in self.my["leaders"] if self.leader_level(ld, self.me) >= 2]
        if self.my["leaders"] and room - min(wanted, 1) <= 0:
            return 0.0
        if len(fighters) >= FIGHTERS_WANTED:
            return 0.0
        return 1.0 + s.level[cid]

    def item_worth(self, a, cid: str) -> float:
        """A weapon or an armour raises its leader's level for good; a curse (a negative level) goes on the
        strongest enemy leader; a potion waits on the strongest own leader for a fight."""
        s = self.s
        host = a.host
        mine = {ld["id"]: ld for ld in self.my["leaders"]}
        level = s.level.get(cid, 0)
        if host in mine:
            if level <= 0:
                return 0.0
            strongest = max(mine.values(), key=lambda ld: self.leader_level(ld, self.me))
            bonus = 0.5 if host == strongest["id"] else 0.0
            if "potion" in s.subtypes.get(cid, ()):
                return 0.5 + bonus if host == strongest["id"] else 0.0
            if any(s.type.get(x["card"]) == "item" for x in mine[host].get("attached") or ()):
                bonus -= 0.25  # spread the risk of losing them all at once
            return level + self.myth_bonus(cid, mine[host]["card"], self.me) + bonus
        for p in self.opps:
            for ld in p["leaders"]:
                if ld["id"] == host and level < 0:
                    return 1.0 + self.leader_level(ld, p["seat"]) / 2.0
        return 0.0

    def location_fight_worth(self, a, cid: str) -> float:
        """A location with a level raises the roads of its nation (MIT-3.3.b); a fortress helps defend it."""
        s = self.s
        level = s.level.get(cid, 0)
        if level <= 0 or a.host is None:
            return 0.0
        nation = next((n for n in self.my["nations"] if n["id"] == a.host), None)
        if nation is None:
            return 0.0
        free = sum(1 for r in (nation.get("roads") or {}).values() if not r.get("closed"))
        if free == 0:
            return 0.0
        return level * 0.5 + (0.5 if "fortress" in s.subtypes.get(cid, ()) else 0.0) + 0.1 * s.pp.get(nation["card"], 0)

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
            if 0 < value < ROTATE_WORTH and not self.rotation_ok(a):
                continue  # its user is wanted for a fight
            if value > best_value:
                best, best_value = a, value
        return best

    def rotation_ok(self, a) -> bool:
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
        if "rotate the target" in text and "unrotate" not in text:  # i18n: no (the game's English words: agents decide in English)
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

    # -- fights (chapter 7): what the public fight view and the bot's own hand say -------------------
    def player(self, seat: int) -> dict:
        return next(p for p in self.v["players"] if p["seat"] == seat)

    def linked(self, a: str, b: str) -> bool:
        """MIT-2.8.c/d: either card lists the other's name, copies of one card, a high god and its leader."""
        if a == b:
            return True
        return self.s.linked(a, b)

    def myth_bonus(self, cid: str, partner: str, seat: int) -> int:
        """MIT-5.8: +1 when both cards share the mythology of their controller's high god."""
        myth = self.s.myth.get(self.player(seat)["god"]["card"])
        return 1 if myth and self.s.myth.get(cid) == myth and self.s.myth.get(partner) == myth else 0

    def can_fight(self, ld: dict, attack: bool) -> bool:
        if ld.get("rotated"):
            return False
        for a in ld.get("attached") or ():
            text = self.s.text.get(a["card"], "")
            if "cannot_fight" in text or (attack and "cannot_attack" in text):
                return False
        return True

    def leader_level(self, ld: dict, seat: int, nation: dict | None = None) -> int:
        """A leader's level in a fight: its current level, +1 defending a nation of its mythology."""
        level = ld.get("level")
        if level is None:
            level = self.s.level.get(ld["card"], 0)
        if nation is not None:
            level += self.myth_bonus(ld["card"], nation["card"], seat)
        for a in ld.get("attached") or ():  # a mount fights beside its leader (OP-57)
            if self.s.type.get(a["card"]) == "leader":
                level += a.get("level", self.s.level.get(a["card"], 0))
        return level

    def find_nation(self, iid: int):
        for p in self.v["players"]:
            for n in p["nations"]:
                if n["id"] == iid:
                    return p, n
        return None, None

    def nation_worth(self, p: dict, n: dict) -> float:
        """Power points lost with a nation (its attached locations go too), and a leader over the limit."""
        worth = 10.0 * self.s.pp.get(n["card"], 0)
        for a in n.get("attached") or ():
            worth += 10.0 * self.s.pp.get(a["card"], 0)
        if len(p["leaders"]) > p["leader_limit"] - 1 and p["leaders"]:
            worth += min(self.leader_value(ld, p["god"]["name"]) for ld in p["leaders"])
        return worth

    def fortress(self, nation: dict | None) -> bool:
        return nation is not None and any("fortress" in self.s.subtypes.get(a["card"], ())
                                          for a in nation.get("attached") or ())

    def row_capacity(self, cid: str, front_def: bool = False, nation: dict | None = None) -> int:
        """OP-48: a row holds as many supplies as its leader's summoning cost (+1 warlord, +1 kin defenders)."""
        s = self.s
        cap = sum(s.cost.get(cid, (0, 0, 0, 0)))
        if "warlord" in s.subtypes.get(cid, ()):
            cap += 1
        if front_def and nation is not None and s.subtypes.get(nation["card"], frozenset()) & RACES \
                & s.subtypes.get(cid, frozenset()):
            cap += 1
        return cap

    def companion_ok(self, p: dict, cid: str, last: str, nation: dict | None) -> bool:
        """OP-50: a companion is an ally of the last named leader; a defender's also one linked to the
        attacked nation or its location, or any when the nation is linked to the high god (OP-13)."""
        if self.linked(cid, last):
            return True
        if nation is None:
            return False
        if self.linked(cid, nation["card"]) or self.linked(nation["card"], p["god"]["card"]):
            return True
        return any(self.s.type.get(a["card"]) == "location" and self.linked(cid, a["card"])
                   for a in nation.get("attached") or ())

    def best_army(self, p: dict, commander: dict, nation: dict | None = None) -> tuple[int, list]:
        """The strongest army ``commander`` can lead (``nation``: defending it): its leaders' total level
        and the leaders, commander first. Companions come from the leader row, unrotated."""
        attack = nation is None
        seat = p["seat"]
        pool = [ld for ld in p["leaders"] if ld["id"] != commander["id"] and self.can_fight(ld, attack)]
        lvl = {ld["id"]: self.leader_level(ld, seat, nation) for ld in pool + [commander]}
        best = (lvl[commander["id"]], [commander])
        for c1 in pool:
            if not self.companion_ok(p, c1["card"], commander["card"], nation):
                continue
            cand = (lvl[commander["id"]] + lvl[c1["id"]], [commander, c1])
            follow = [c2 for c2 in pool if c2 is not c1 and self.companion_ok(p, c2["card"], c1["card"], nation)]
            if follow:
                c2 = max(follow, key=lambda ld: lvl[ld["id"]])
                cand = (cand[0] + lvl[c2["id"]], [commander, c1, c2])
            if cand[0] > best[0]:
                best = cand
        return best

    def hand_supplies(self) -> list[tuple[int, str]]:
        return [(c["id"], c["card"]) for c in (self.my.get("hand") or []) if self.s.type.get(c["card"]) == "supply"]

    def supply_plan(self, leaders: list, budget: list, nation: dict | None, side: str,
                    capacity_used: list | None = None) -> float:
        """The level the bot's own supplies in hand could add to an army led by ``leaders`` (rows in order),
        paid from ``budget``: linked ones free, then the cheapest per level."""
        s = self.s
        rows = [(ld["card"], self.row_capacity(ld["card"], side == "def" and r == 0, nation))
                for r, ld in enumerate(leaders)]
        used = list(capacity_used or [0] * len(rows))
        budget = list(budget)
        adj = (1 if side == "def" else -1) if self.fortress(nation) else 0
        options = []
        for _iid, cid in self.hand_supplies():
            best = None
            for r, (lcid, _cap) in enumerate(rows):
                free = self.linked(cid, lcid)
                level = max(0, s.level[cid] + self.myth_bonus(cid, lcid, self.me) + adj)
                if r == 2 and self.s.text.get(cid):
                    level = level / 2.0  # the opponent chooses its mode (MIT-3.8.e)
                cost = (0, 0, 0, 0) if free else s.cost[cid]
                key = (sum(cost), -level, r)
                if best is None or key < best[0]:
                    best = (key, r, level, cost)
            if best is not None:
                options.append(best)
        options.sort(key=lambda o: o[0])
        total = 0.0
        for _key, r0, level, cost in options:
            for r in [r0] + [x for x in range(len(rows)) if x != r0]:
                if used[r] >= rows[r][1]:
                    continue
                if cost != (0, 0, 0, 0) and any(cost[i] > budget[i] for i in range(4)):
                    break
                used[r] += 1
                budget = [budget[i] - cost[i] for i in range(4)]
                total += level
                break
        return total + self.boost_plan(leaders, budget)

    def boost_plan(self, leaders: list, budget: list) -> float:
        """Level the bot's battle maneuvers in hand and its high god's could add (one use each)."""
        s = self.s
        subs = set()
        for ld in leaders:
            subs |= s.subtypes.get(ld["card"], frozenset())
        total = 0.0
        budget = list(budget)
        sources = [cid for cid in self.hand if s.type.get(cid) == "free_maneuver"]
        sources.append(self.my["god"]["card"])
        for cid in sources:
            text = s.text.get(cid, "")
            if "battle" not in text:
                continue
            gain = _level_gain(text)
            if gain <= 0:
                continue
            reqs = self.s.requirements.get(cid)
            if reqs and not any(set(r) <= subs for r in reqs):
                continue
            cost = _cost_from_text(text)
            if any(cost[i] > budget[i] for i in range(4)):
                continue
            budget = [budget[i] - cost[i] for i in range(4)]
            total += gain
        return total

    def enemy_extra(self, p: dict, leaders: list, nation: dict | None = None) -> float:
        """What an opponent's hidden hand may add to a fight: the expected supplies in its hand (from its
        public deck list, less what is already out of it), within its spheres and rows."""
        s = self.s
        deck = [cid for cid in s.deck(self.v, p["seat"]) if s.type.get(cid) == "supply"]
        if not deck or not leaders:
            return self.god_boost(p)
        gone = sum(1 for c in list(p["afterworld"]) + list(p["oblivion"]) if s.type.get(c["card"]) == "supply")
        unknown = max(1, p["deck"] + p["hand_count"])
        frac = max(0, len(deck) - gone) / unknown
        expected = p["hand_count"] * frac
        capacity = sum(self.row_capacity(ld["card"]) for ld in leaders)
        avg_cost = sum(sum(s.cost[c]) for c in deck) / len(deck)
        afford = sum(p["spheres"]) / max(1.0, avg_cost)
        n = min(expected, capacity, afford)
        avg_level = sum(s.level[c] for c in deck) / len(deck)
        myth = 1 if any(self.myth_bonus(ld["card"], deck[0], p["seat"]) for ld in leaders) else 0
        return n * (avg_level + myth) + self.god_boost(p)

    def god_boost(self, p: dict) -> float:
        god = p["god"]["card"]
        text = self.s.text.get(god, "")
        if "battle" not in text:
            return 0.0
        gain = _level_gain(text)
        cost = _cost_from_text(text)
        if gain <= 0 or any(cost[i] > p["spheres"][i] for i in range(4)):
            return 0.0
        return float(gain)

    def defence_guess(self, p: dict, nation: dict, road: str) -> float:
        """The defender's likely best: the road, its strongest army of unrotated leaders, what its hand may add."""
        road_level = (nation.get("roads") or {}).get(road, {}).get("level", 0)
        best = 0
        army = []
        for ld in p["leaders"]:
            if not self.can_fight(ld, attack=False):
                continue
            total, leaders = self.best_army(p, ld, nation)
            if total > best:
                best, army = total, leaders
        return road_level + best + self.enemy_extra(p, army, nation)

    def best_declaration(self, least_margin: float | None = ATTACK_MARGIN):
        """A battle whose likely army clearly beats the defender's likely best, or a duel won in advance. With
        ``least_margin`` None, the battle with the widest margin, however narrow (duels as always)."""
        mine = {ld["id"]: ld for ld in self.my["leaders"]}
        best = None
        best_key = None
        cache: dict = {}
        for a in self.by_type("declare_battle"):
            cmd = mine.get(a.commander)
            p, nation = self.find_nation(a.nation)
            if cmd is None or nation is None:
                continue
            if a.commander not in cache:
                level, army = self.best_army(self.my, cmd)
                cache[a.commander] = level + self.supply_plan(army, self.spheres, None, "att")
            attack = cache[a.commander]
            defence = self.defence_guess(p, nation, a.road)
            margin = attack - defence
            if least_margin is not None and margin < least_margin:
                continue
            road_level = nation["roads"][a.road]["level"]
            key: tuple = (self.nation_worth(p, nation), margin >= ATTACK_MARGIN + 2, -road_level,
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

    # -- the fight in progress ---------------------------------------------------------------------
    def fight_side(self) -> str | None:
        f = self.v.get("fight")
        if f is None:
            return None
        return "att" if f["attacker"] == self.me else "def" if f["defender"] == self.me else None

    def fight_members(self) -> dict:
        """id -> (side, row, kind, card, level, mode) of the fight's leaders and supplies."""
        f = self.v["fight"]
        out = {}
        for side in ("att", "def"):
            for r, row in enumerate(f["sides"][side]["rows"]):
                ld = row.get("leader")
                if ld is not None:
                    out[ld["id"]] = (side, r, "leader", ld["card"], row.get("leader_level") or 0, "full")
                for sp in row.get("supplies") or ():
                    out[sp["id"]] = (side, r, "supply", sp["card"], sp.get("fight_level") or 0, sp.get("mode"))
        return out

    def fight_nation(self):
        f = self.v.get("fight")
        if f is None or not f.get("nation"):
            return None, None
        return self.find_nation(f["nation"]["id"])

    def rotated_ids(self) -> set:
        return {ld["id"] for p in self.v["players"] for ld in p["leaders"] if ld.get("rotated")}

    def counts(self, member) -> bool:
        return member[2] == "leader" or member[5] != "maneuvers"

    def fight_gain(self, a, side: str) -> tuple[float, bool]:
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
            m = members.get(t)
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

    def supply_gain(self, a, side: str) -> float:
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
        level = max(0, s.level[cid] + self.myth_bonus(cid, row["leader"]["card"], self.me) + adj)
        if r == 2 and s.text.get(cid):
            level /= 2.0  # the opponent chooses: its level may not count (MIT-3.8.e)
        return level

    def fight_round(self):
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
        options = []  # (gain, cost, decisive, key card, action)
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
        per_card: dict = {}
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

    # -- fight prompts -----------------------------------------------------------------------------
    def option_labels(self, prompt: dict) -> list[str] | None:
        """The words of the answers of a question put to this player (the view's ``options``)."""
        labels = prompt.get("options")
        if labels is None:
            return None
        if len(labels) != len(self.by_type("option")):
            return None
        return labels

    def pick_option(self, index: int):
        return next((a for a in self.by_type("option") if a.index == index), None)

    def answer_fight_leader(self, prompt: dict):
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
        used: dict = {}
        choices = []  # (index, leader, row, cost paid to summon it or None)
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
        lvl = lambda ld: self.leader_level(ld, self.me, defending)  # noqa: E731

        def budget(c):
            cost = c[3] or (0, 0, 0, 0)
            return [self.spheres[k] - cost[k] for k in range(4)]

        if f["stage"] == "commander":
            # the defender names its strongest leader, unless the fight is hopeless and the nation cheap
            def strength(c):
                total, army = self.best_army(self.my, c[1], nation)
                return total + self.supply_plan(army, budget(c), nation, "def") - (SUMMON_PENALTY if c[3] else 0)

            best = max(choices, key=lambda c: (strength(c), lvl(c[1]), -self.leader_value(c[1]), -c[0]))
            potential = mine_level + strength(best) + (SUMMON_PENALTY if best[3] else 0)
            if potential < their_level and self.nation_worth(self.my, nation) < 15:
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

        def score(c):
            i, ld, r, cost = c
            follow = 0
            if r == 1:  # a second companion may follow this one
                follow = max((lvl(o) for o in p_me["leaders"] if o["id"] != ld["id"] and o["id"] not in in_fight
                              and self.can_fight(o, side == "att")
                              and self.companion_ok(p_me, o["card"], ld["card"], defending)), default=0)
            return (lvl(ld) + follow - (SUMMON_PENALTY if cost else 0), r == 1, -self.leader_value(ld), -i)

        return self.pick_option(max(choices, key=score)[0])

    def answer_supply_mode(self, prompt: dict):
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

    def maneuver_worth(self, cid: str, level: int, side: str) -> float:
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

    def answer_save_nation(self):
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

    def answer_spoils(self, prompt: dict):
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

    def answer_monster(self, prompt: dict):
        """MIT-8.monster.5: keep a winning monster as a leader when it brings power points or a fighter the
        leader row has room for."""
        s = self.s
        labels = self.option_labels(prompt) or []
        name = labels[0][len("let "):].rsplit(" go to", 1)[0] if labels and labels[0].startswith("let ") else None  # i18n: no (the game's English words: agents decide in English)
        cid = next((c for c in s.by_name.get(name, ()) if s.type.get(c) == "leader"), None)
        if cid is None:
            return self.pick_option(0)
        room = self.my["leader_limit"] - len(self.my["leaders"])
        weakest = min((self.leader_value(ld) for ld in self.my["leaders"]), default=0.0)
        worth = 10.0 * self.pp_value(cid) + s.level.get(cid, 0)
        keep = room > 0 or worth > weakest + 5
        return self.pick_option(1 if keep and (self.pp_value(cid) > 0 or self.fighter_worth(cid, room) > 0) else 0)

    def answer_fear(self, prompt: dict):
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
        if kind == "sacrifice":  # MIT-5.11: what a maneuver's condition takes — the cheapest card that fits
            def price(a):
                cid = s.instances[a.cards[0]]
                return (s.pp.get(cid, 0), sum(s.cost.get(cid, ())), s.level.get(cid, 0), a.cards[0])

            return min(self.by_type("choose"), key=price, default=None)
        if kind == "unrotate":
            leaders = {ld["id"]: ld for ld in self.my["leaders"]}

            def use(a):
                ld = leaders.get(a.cards[0])
                if ld is None:
                    return (0.0, -a.cards[0])
                cid = ld["card"]
                value = self.leader_value(ld) / 10.0 + self.leader_level(ld, self.me)  # fights need levels
                text = s.text.get(cid, "")
                if text:
                    value += 3.0
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
        if kind == "fight_leader":
            return self.answer_fight_leader(prompt)
        if kind == "supply_mode":
            return self.answer_supply_mode(prompt)
        if kind == "save_nation":
            return self.answer_save_nation()
        if kind == "spoils":
            return self.answer_spoils(prompt)
        if kind == "fear_resist":
            return self.answer_fear(prompt)
        if kind == "monster_return":
            return self.answer_monster(prompt)
        if kind == "permission":
            return self.pick_option(1)  # never lend its high god to an opponent as a leader (MIT-3.4.3.c)
        if kind == "deck_order":  # spec 6.4 look_top: its own best card on top, an enemy's least useful
            own = "your deck" in (prompt.get("text") or "")  # i18n: no (the game's English words: agents decide in English)
            pick = max if own else min
            return pick(self.by_type("choose"), key=lambda a: (self.keep_value(s.instances[a.cards[0]]), -a.cards[0]),
                        default=None)
        if kind == "afterworld_order":
            # the most useful card last, on top (where a recover looks first)
            return min(self.by_type("choose"), key=lambda a: (self.keep_value(s.instances[a.cards[0]]), a.cards[0]),
                       default=None)
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


@lru_cache(maxsize=4096)
def _cost_from_text(text: str) -> tuple:
    """Sphere letters and numbers in a maneuver's text (``M1``, ``I2``, ``per W2``, ``(F1)``)."""
    cost = [0, 0, 0, 0]
    letters = {"m": 0, "i": 1, "w": 2, "f": 3}
    words = text.replace(",", " ").replace(":", " ").replace("(", " ").replace(")", " ").split()
    for w in words:
        if len(w) >= 2 and w[0] in letters and w[1:].isdigit():
            cost[letters[w[0]]] += int(w[1:])
    return tuple(cost)


def _part_text(text: str, a) -> str:
    """The part of a card's text that the action ``a`` uses (one bound maneuver, one option, its steps)."""
    parts = text.split(" | ")
    option = getattr(a, "option", None) if a.type == "use_free_maneuver" else None
    maneuver = getattr(a, "maneuver", None) if a.type == "use_maneuver" else None
    if option and option.startswith("o") and option[1:].isdigit() and "choose one:" in text:  # i18n: no (the game's English words: agents decide in English)
        opts = text.split("choose one:", 1)[-1].split(" | ")
        k = int(option[1:]) - 1
        part = opts[k] if 0 <= k < len(opts) else text
    elif maneuver and maneuver.startswith("m") and maneuver[1:].isdigit():
        k = int(maneuver[1:]) - 1
        part = parts[k] if 0 <= k < len(parts) else text
    else:
        part = parts[0] if len(parts) == 1 else text
    steps = getattr(a, "steps", None)
    if steps and "step " in part:
        chunks = part.split("step ")
        part = chunks[0] + " ".join(chunks[1:steps + 1])
    return part


def _level_delta(text: str) -> int:
    """The level change a maneuver's text gives (``the target +1 level``, ``the user gets +2``)."""
    m = re.search(r"([+-]\d+) level", text) or re.search(r"gets ([+-]\d+)", text)
    return int(m.group(1)) if m else 0


def _level_gain(text: str) -> int:
    return max(0, _level_delta(text))


def _keyword_mod(text: str, keyword: str) -> int:
    m = re.search(keyword + r" ([+-]\d+)", text)
    return int(m.group(1)) if m else 0


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
