"""Fights (chapter 7, spec 5.12): a battle against a nation through a free road, or a duel of leaders.

A fight is a procedure inside the battle phase, kept as data (:class:`Fight`) so that any clone can
resume it: the declaration goes on the stack like any act (a pre-event counter round, OP-43); when it
resolves the fight begins, and the machine's step ``fight`` moves it on, one stage at a time
(``Fight.stage``): the defending commander and the companions are prompts (MIT-7.4.3.1–7.4.7, OP-50);
the fight rounds are an open window among the fight's players that starts with the first player (OP-44),
where supplies are summoned into rows and battle maneuvers used; a round in which everyone passed ends
them; then the armies are compared (MIT-7.4.9), the outcome applied (MIT-7.4.10), the spoils taken
(MIT-7.4.11), the end-of-fight effects happen (MIT-7.4.12) and the fight is cleaned up (MIT-7.4.13). After a
fight the battle phase ends (OP-39).

Rows are numbered 0 (front line), 1 (auxiliaries), 2 (reserve); a side is ``"att"`` (the attacker, or
the challenger) or ``"def"``.
"""

from __future__ import annotations

from .actions import AttachMount, DeclareBattle, DeclareDuel, PlayUnsummoned, Summon, made
from . import vocabulary as V
from .cards import call_parts, linked, primitives_of
from .text import (CARD_TYPE_WORDS, ROAD_NAMES, ROW_INTO, ROW_NAMES, SPHERE_WORDS, SUBTYPE_WORDS, kept,
                   kept_immunity)
from .words import N_, Said, _, join, lazy, said

ROWS = V.ROWS  # front line, auxiliaries, reserve (MIT-7.3.4.a)
ROW_INDEX = {name: i for i, name in enumerate(ROWS)}
SIDES = ("att", "def")


class Fight:
    """The fight in progress: plain data a clone copies."""

    __slots__ = ("kind", "attacker", "defender", "nation", "road", "first", "leaders", "supplies", "stage",
                 "winner", "levels", "asked", "helpers", "declined", "members_version", "summoning")

    def __init__(self, kind: str, attacker: int, defender: int, nation: int = -1, road: str | None = None):
        self.kind = kind  # "battle" | "duel"
        self.attacker = attacker
        self.defender = defender
        self.nation = nation
        self.road = road
        # OP-44: the attacker starts the rounds of a battle, the challenged player those of a duel
        self.first = attacker if kind == "battle" else defender
        self.leaders: dict[int, tuple[str, int]] = {}  # army leader or duelist -> (side, row)
        self.supplies: dict[int, tuple[str, int, str]] = {}  # supply -> (side, row, mode: full/level/maneuvers)
        self.stage = "commander" if kind == "battle" else "rounds"
        self.winner: str | None = None  # "att" | "def" | None (a draw, or no winner)
        self.levels: tuple[int, int] | None = None  # the compared army levels
        self.asked: tuple[int, ...] = ()  # monsters whose return was offered (MIT-8.monster.5)
        self.helpers: dict[int, str] = {}  # a helping player -> the side it helps (MIT-7.4.4, OP-65)
        self.declined: tuple[int, ...] = ()  # players who were asked and declined
        self.members_version = 0  # bumped whenever someone joins or leaves: a key of what is kept about members
        #: a defending leader being summoned (MIT-7.4.3.1): (card, side, row, rule, player), until it resolves
        self.summoning: tuple | None = None

    def copy(self) -> "Fight":
        c = Fight.__new__(Fight)
        for name in Fight.__slots__:
            setattr(c, name, getattr(self, name))
        c.leaders = dict(self.leaders)
        c.supplies = dict(self.supplies)
        c.helpers = dict(self.helpers)
        return c

    def seat_of(self, side: str) -> int:
        return self.attacker if side == "att" else self.defender

    def side_of(self, seat: int) -> str | None:
        return "att" if seat == self.attacker else "def" if seat == self.defender else self.helpers.get(seat)

    def row_leader(self, side: str, row: int) -> int:
        for iid, (s, r) in self.leaders.items():
            if s == side and r == row:
                return iid
        return -1

    def commander(self, side: str) -> int:
        return self.row_leader(side, 0)


class Fights:
    # -- who and what is in the fight (MIT-7.3, MIT-7.5) --------------------------------------------
    def fight_players(self) -> tuple[int, ...]:
        f = self.fight
        if f is None:
            return ()
        if not f.helpers:  # the attacker and the defender, in turn order
            a, b = f.attacker, f.defender
            return tuple([s for s in self.order if s == a or s == b])
        return tuple([s for s in self.order if s in (f.attacker, f.defender) or s in f.helpers])

    def in_rounds(self) -> bool:
        return self.fight is not None and self.fight.stage == "rounds"

    def fight_members(self) -> set[int]:
        """Army leaders, duelists and supplies of the fight (the filter ``in_fight``); kept with the board's
        facts, which a card moving or a member joining (``_members_changed``) drops."""
        f = self.fight
        if f is None:
            return _NONE
        dc = self.cache()
        key = ("fight_members", f.members_version)
        hit = dc.get(key)
        if hit is None:
            hit = dc[key] = frozenset(i for i in (*f.leaders, *f.supplies) if self.cards[i].zone == "board")
        return hit

    def fight_cards(self) -> set[int]:
        """MIT-7.3.5, MIT-7.5.2: the cards on the board that may act in the fight: its members, the attacked
        nation, and every card attached to any of them (directly or not)."""
        f = self.fight
        if f is None:
            return _NONE
        dc = self.cache()
        key = ("fight_cards", f.members_version)
        hit = dc.get(key)
        if hit is not None:
            return hit
        roots = set(self.fight_members())
        if f.nation >= 0 and self.cards[f.nation].zone == "board":
            roots.add(f.nation)
        out = set(roots)
        todo = list(roots)
        while todo:
            for a in self.attached(todo.pop()):
                if a.iid not in out:
                    out.add(a.iid)
                    todo.append(a.iid)
        out = dc[key] = frozenset(out)
        return out

    def scope_problem(self, m) -> tuple | None:
        """OP-44 (strict scope): in the rounds, effects of fight cards change only the fight — no draw,
        sphere change, search and the like for a player."""
        if m is None or self.opts["fight_effect_scope"] != "strict":
            return None
        found = primitives_of(m) & PLAYER_LEVEL
        if found:
            return ("MIT-7.2.1.a", said(N_("during a fight, cards in it affect only the fight: no {primitives} (OP-44)"),
                                     primitives=join(kept_immunity(x) for x in sorted(found))))
        return None

    def defended_here(self, inst) -> bool:
        """Is ``inst`` the nation attacked in the battle being fought, or a location attached to it? (MIT-3.2.2.c/d,
        MIT-3.3.c/d: they fight, and use battle and free maneuvers, only then.)"""
        f = self.fight
        if f is None or f.kind != "battle" or f.stage != "rounds":
            return False
        return inst.iid == f.nation or (inst.d.card_type == "location" and inst.host == f.nation)

    def fight_scope_problem(self, seat: int, user, m) -> tuple | None:
        """MIT-7.2.1.b, MIT-7.3.5, MIT-7.5.2: in the battle phase only the fight's players act, and only
        through cards that can affect the fight."""
        if not self.in_rounds():
            return ("MIT-7.2.1.b", said(N_("in the battle phase only a fight may be declared, or pass (OP-39)")))
        if seat not in self.fight_players():
            return ("MIT-7.2.1.b", said(N_("only the fight's players act in its rounds (OP-44)")))
        if user is None:
            return self.scope_problem(m)  # a fate (MIT-7.3.5, item 2)
        t = user.d.card_type
        if t == "location" and self.fight.kind == "battle" and (m is None or "battle" not in m.timing):
            return self.scope_problem(m)  # MIT-7.3.5, item 4: a location's non-battle maneuver
        if m is not None and "battle" in m.timing and t in ("nation", "location") and not self.defended_here(user):
            return ("MIT-3.2.2.c" if t == "nation" else "MIT-3.3.c",
                    said(N_("{user}'s battle maneuver is used only while its nation is being defended"), user=user.d))
        if t not in ("high_god", "intrigue") and user.iid not in self.fight_cards() and not shoots_volley(m):
            # MIT-7.2.5.1: "Akkor is használható ha a használó nem vesz részt a harcban" — an arrow volley may be
            # shot by a user outside the fight (at half level, keyword_strength); its player must still be one of
            # the fight's players to have priority in its rounds (above)
            return ("MIT-7.2.1.b", said(N_("{user} takes no part in the fight and cannot affect it"), user=user.d))
        supply = self.fight.supplies.get(user.iid)
        if supply is not None:
            side, row, mode = supply
            if self.fight.row_leader(side, row) < 0 or self.cards[self.fight.row_leader(side, row)].zone != "board":
                return ("MIT-7.3.4.c", said(N_("{user}'s row has no army leader: its ability does not apply"), user=user.d))
            if mode == "level":
                return ("MIT-3.8.d", said(N_("{user} fights with its level: its maneuvers do nothing (OP-20)"), user=user.d))
        return self.scope_problem(m)

    # -- levels (spec 5.10) ------------------------------------------------------------------------
    def fight_level(self, iid: int) -> int:
        """A card's level in the fight: its current level, with the same-mythology bonus of a supply in its
        army leader's row and of a leader defending a nation (MIT-5.8), and the fortress (MIT-8.fortress)."""
        value = self.level(iid)
        f = self.fight
        if f is None:
            return value
        inst = self.cards[iid]
        supply = f.supplies.get(iid)
        if supply is not None:
            side, row, _mode = supply
            leader = f.row_leader(side, row)
            if leader >= 0:
                value += self._myth_bonus(inst, self.cards[leader])
            if f.kind == "battle" and self._fortress(f.nation):
                value += 1 if side == "def" else -1  # OP-61
        elif f.kind == "battle" and f.leaders.get(iid, ("",))[0] == "def" and f.nation >= 0:
            value += self._myth_bonus(inst, self.cards[f.nation])
        return max(0, value)

    def _fortress(self, nation: int) -> bool:
        return nation >= 0 and any("fortress" in a.d.subtypes for a in self.attached(nation))

    def army_level(self, side: str) -> int:
        """Spec 5.10: the present army leaders, the supplies whose row has a leader and whose mode counts
        the level, and for the defender of a battle the attacked road."""
        f = self.fight
        total = 0
        for iid, (s, _row) in f.leaders.items():
            if s == side and self.cards[iid].zone == "board":
                total += self.fight_level(iid)
        for iid, (s, row, mode) in f.supplies.items():
            if s != side or self.cards[iid].zone != "board" or mode == "maneuvers":
                continue
            leader = f.row_leader(s, row)
            if leader >= 0 and self.cards[leader].zone == "board":  # MIT-7.3.4.c
                total += self.fight_level(iid)
        if side == "def" and f.kind == "battle" and self.cards[f.nation].zone == "board":
            total += self.road_level(f.nation, f.road)
        for e in self.effects:
            if e.kind == "modify_army" and e.value[0] == side:
                total += e.value[1]  # spec 5.10: army modifiers
        return total

    def row_capacity(self, side: str, row: int) -> int:
        """OP-48: the leader's summoning cost, +1 for a warlord, +1 for the defender's front line when the
        attacked nation shares a race with a defending army leader (MIT-3.8.g, OP-21)."""
        f = self.fight
        leader = f.row_leader(side, row)
        if leader < 0:
            return 0
        inst = self.cards[leader]
        cap = sum(inst.d.cost)  # the printed cost: a cost change alters what is paid, not the capacity
        if "warlord" in self.subtypes(inst):
            cap += 1  # MIT-8.warlord
        if "modify_capacity" in self.prims:
            cap += sum(e.value for e in self._effects_on("modify_capacity", inst))
            for src, _ctrl, params in self._static_hits("modify_capacity", inst, "row_leader"):
                cap += self.value(params.delta, {"$self": src, "$bearer": src}, None)
        if side == "def" and row == 0 and f.kind == "battle":
            races = self.subtypes(self.cards[f.nation]) & RACES
            if any(races & self.subtypes(self.cards[i]) for i, (s, _r) in f.leaders.items() if s == "def"):
                cap += 1
        return cap

    def row_cards(self, side: str, row: int) -> list[int]:
        """Every supply fighting in a row, an attached mount included."""
        return [i for i, (s, r, _m) in self.fight.supplies.items() if s == side and r == row
                and self.cards[i].zone == "board"]

    def row_supplies(self, side: str, row: int) -> list[int]:
        """The supplies that take room in a row (an attached mount does not, OP-57)."""
        return [i for i, (s, r, _m) in self.fight.supplies.items() if s == side and r == row
                and self.cards[i].zone == "board" and self.cards[i].host < 0]

    # -- mounts (MIT-8.mount, OP-57) ----------------------------------------------------------------
    def mount_of(self, leader: int) -> int:
        return next((a.iid for a in self.attached(leader) if a.d.card_type == "leader" and a.dormant is None), -1)

    def mount_window(self, seat: int) -> bool:
        """MIT-8.mount: whether ``seat`` may attach a mount now (it has priority in an open window). The rulebook
        sets no time for it, and moving a card is an act one may take whenever one may act (MIT-6.1.4.a): so by
        default in any open window but the battle phase's (MIT-7.2.1.b: a mount in the leader row is no card
        that can affect the fight). OP-57's reading, `mount_timing=summon_phases`: the active player's summon
        phases only."""
        if self.opts["mount_timing"] == "summon_phases":
            return seat == self.active and self.phase in ("summon_1", "summon_2")
        return self.phase != "battle"

    def mount_options(self, seat: int) -> list:
        if not self.mount_window(seat):
            return []
        p = self.players[seat]
        out = []
        for mount in p.leaders:
            if "mount" not in self.subtypes(self.cards[mount]):
                continue
            for host in p.leaders:
                for share in (None, *self.shareable(mount)):
                    a = AttachMount(mount, host, share)
                    if self.check_mount(seat, a) is None:
                        out.append(a)
        return out

    def shareable(self, mount: int) -> list[str]:
        return sorted(self.subtypes(self.cards[mount]) - LEADER_SUBTYPES - RACES)

    def check_mount(self, seat: int, a, counter: bool = False) -> tuple | None:
        if counter:
            return ("MIT-6.4.1", said(N_("a mount is not attached in a counter round (OP-23)")))
        if not self.mount_window(seat):
            if self.opts["mount_timing"] == "summon_phases":
                return ("MIT-8.mount", said(N_("a mount is attached by the active player in a summon phase (OP-57)")))
            return ("MIT-7.2.1.b", said(N_("no mount is attached in the battle phase: it cannot affect the fight")))
        p = self.players[seat]
        if a.mount not in p.leaders or "mount" not in self.subtypes(self.cards[a.mount]):
            return ("MIT-8.mount", said(N_("name a mount in your leader row")))
        if a.host not in p.leaders or a.host == a.mount:
            return ("MIT-8.mount", said(N_("name another leader in your leader row to carry it")))
        host = self.cards[a.host]
        if "mount" in self.subtypes(host):
            return ("MIT-8.mount", said(N_("{host} is a mount itself"), host=host.d))
        if self.mount_of(a.host) >= 0:
            return ("MIT-8.mount", said(N_("{host} already has a mount: at most one per leader"), host=host.d))
        if a.share is not None and a.share not in self.shareable(a.mount):
            shareable = self.shareable(a.mount)
            if not shareable:
                return ("MIT-8.mount", said(N_("the mount may share no subtype (not a leader subtype, not a race)")))
            return ("MIT-8.mount", said(N_("the mount may share one of {subtypes} (not a leader subtype, not a race)"),
                                     subtypes=join(kept(SUBTYPE_WORDS, x) for x in shareable)))
        return None

    def attach_mount(self, item) -> None:
        a = item.declared
        mount, host = self.cards[a.mount], self.cards[a.host]
        if a.mount not in self.players[item.player].leaders or a.host not in self.players[item.player].leaders \
                or self.mount_of(a.host) >= 0:
            self.note(N_("{mount} cannot be attached any more"), mount=mount.d)
            return
        self.players[item.player].leaders.remove(a.mount)  # it leaves the leader row (OP-57)
        mount.host = a.host
        self.layout_changed()
        if a.share:
            self.note(N_("{mount} is attached to {host}, sharing {subtype} (MIT-8.mount)"), mount=mount.d, host=host.d,
                      subtype=Said(SUBTYPE_WORDS.get(a.share, a.share)))
        else:
            self.note(N_("{mount} is attached to {host} (MIT-8.mount)"), mount=mount.d, host=host.d)
        if a.share:  # while it stays attached
            from .state import Eff

            self.seq += 1
            self.effects = self.effects + [Eff(self.seq, "grant_subtype", item.player, a.mount, (a.host,), None,
                                               a.share, ("attached", a.mount), frozenset(("leader", "mount")))]

    # -- declaring (MIT-6.2.3.2, MIT-7.4.1, MIT-7.4.2, MIT-7.6.1, MIT-7.6.2) ------------------------------
    def fight_declarations(self, seat: int) -> list:
        if seat != self.active or self.fight is not None or self.fought == self.turn:
            return []
        out = []
        mine = [i for i in self.players[seat].leaders if self._fighter_problem(seat, i, attack=True) is None]
        if not mine:
            return out
        flyers = [i for i in mine if "flying" in self.subtypes(self.cards[i])]
        for enemy in self.opponents(seat):
            for nation in sorted(self.players[enemy].grid.values()):
                for road in self.cards[nation].d.roads:  # the checks of _battle_problem, each once
                    for commander in (flyers if self.road_closed(nation, road) else mine):
                        out.append(made(DeclareBattle, nation, road, commander))
            heroes = [i for i in mine if "hero" in self.subtypes(self.cards[i])]
            for challenger in heroes:
                for challenged in self.players[enemy].leaders:
                    a = made(DeclareDuel, challenger, challenged)
                    if self._duel_problem(seat, a) is None:
                        out.append(a)
        return out

    def _fighter_problem(self, seat: int, iid, attack: bool) -> tuple | None:
        """A leader named into a fight: own, in the leader row, unrotated, able to fight (MIT-6.2.3.2.b,
        MIT-7.2.3, OP-50)."""
        if not isinstance(iid, int) or not 0 <= iid < len(self.cards) or iid not in self.players[seat].leaders:
            return ("MIT-6.2.3.2.b", said(N_("name one of your leaders in your leader row")))
        inst = self.cards[iid]
        if self.card_type(inst) != "leader":
            return ("MIT-5.16", said(N_("{card} is a {type} now, not a leader"), card=inst.d, type=kept(CARD_TYPE_WORDS, self.card_type(inst))))
        if inst.rotated:
            return ("MIT-6.2.3.2.b", said(N_("{card} is rotated: only an unrotated leader starts or joins a fight"), card=inst.d))
        if attack and self.restricted(inst, "cannot_attack"):
            return ("MIT-7.2.3.a", said(N_("{card} cannot attack"), card=inst.d))
        if self.restricted(inst, "cannot_fight"):
            return ("MIT-7.2.3.b", said(N_("{card} cannot fight"), card=inst.d))
        if self.fight is not None and iid in self.fight.leaders:
            return ("OP-50", said(N_("{card} is already in the fight"), card=inst.d))
        return None

    def _declare_common(self, seat: int, resolving: bool) -> tuple | None:
        if resolving:
            return None  # the declaration itself used up the battle phase's fight
        if self.phase != "battle" or seat != self.active or self.mode != "window":
            return ("MIT-6.2.3.2.b", said(N_("a fight is declared by the active player in the battle phase")))
        if self.fight is not None or self.fought == self.turn:
            return ("MIT-6.2.3.2.c", said(N_("one fight may be started per battle phase")))
        return None

    def _battle_problem(self, seat: int, a: DeclareBattle, resolving: bool = False) -> tuple | None:
        bad = self._declare_common(seat, resolving)
        if bad:
            return bad
        n = a.nation
        if not isinstance(n, int) or not 0 <= n < len(self.cards) or self.cards[n].zone != "board" \
                or self.cards[n].d.card_type != "nation":
            return ("MIT-7.1.1.1", said(N_("name a nation on the board to attack")))
        nation = self.cards[n]
        if nation.controller == seat:
            return ("MIT-7.2.1.c", said(N_("a fight is started only against an enemy player's nation or leader")))
        if a.road not in nation.d.roads:
            return ("MIT-7.4.1", said(N_("{nation} has no road {road}; its roads: {roads}"), nation=nation.d, road=repr(a.road),
                                     roads=join(kept(ROAD_NAMES, r) for r in nation.d.roads)))
        bad = self._fighter_problem(seat, a.commander, attack=True)
        if bad:
            return bad
        flying = "flying" in self.subtypes(self.cards[a.commander])
        if self.road_closed(n, a.road) and not flying:
            return ("MIT-3.2.2.a", said(N_("the {road} road of {nation} is closed: attack through a free road (or with a flying commander, MIT-8.flying)"), road=kept(ROAD_NAMES, a.road), nation=nation.d))
        return None

    def _duel_problem(self, seat: int, a: DeclareDuel, resolving: bool = False) -> tuple | None:
        bad = self._declare_common(seat, resolving)
        if bad:
            return bad
        bad = self._fighter_problem(seat, a.challenger, attack=True)
        if bad:
            return bad
        if "hero" not in self.subtypes(self.cards[a.challenger]):
            return ("MIT-8.hero", said(N_("{challenger} is not a hero and cannot issue a challenge"), challenger=self.cards[a.challenger].d))
        c = a.challenged
        if not isinstance(c, int) or not 0 <= c < len(self.cards) or self.cards[c].zone != "board" \
                or c not in self.players[self.cards[c].controller].leaders:
            return ("MIT-7.6.2", said(N_("challenge a leader in an enemy leader row")))
        if self.card_type(self.cards[c]) != "leader":
            return ("MIT-5.16", said(N_("{card} is no leader now"), card=self.cards[c].d))
        if self.cards[c].controller == seat:
            return ("MIT-7.2.1.c", said(N_("a fight is started only against an enemy player's nation or leader")))
        return None

    def _named(self, seat: int, iid: int, row: int, rule: str) -> None:
        if row == 0:
            self.note(N_("P{seat} names {card} commander ({rule})"), seat=seat, card=self.cards[iid].d, rule=rule)
        else:
            self.note(N_("P{seat} names {card} companion in the {row} ({rule})"), seat=seat, card=self.cards[iid].d,
                      row=Said(ROW_NAMES[ROWS[row]]), rule=rule)

    def fight_text(self, a) -> Said:
        """A declared fight in words, kept and read in the reader's language."""
        name = lambda i: self.cards[i].d if isinstance(i, int) and 0 <= i < len(self.cards) else str(i)  # noqa
        if isinstance(a, DeclareBattle):
            return said(N_("{commander} attacks {nation} through its {road} road"), commander=name(a.commander),
                        nation=name(a.nation), road=Said(ROAD_NAMES.get(a.road, a.road)))
        return said(N_("{challenger} challenges {challenged}"), challenger=name(a.challenger),
                    challenged=name(a.challenged))

    def check_declare(self, seat: int, a, counter: bool) -> tuple | None:
        if counter:
            return ("MIT-6.4.1", said(N_("a fight is not declared in a counter round (OP-23)")))
        return self._battle_problem(seat, a) if isinstance(a, DeclareBattle) else self._duel_problem(seat, a)

    def start_fight(self, item) -> None:
        """The declaration resolves: the fight begins, unless it became illegal meanwhile (OP-39)."""
        seat = item.player
        self.fought = self.turn
        a = item.declared
        bad = self._battle_problem(seat, a, resolving=True) if isinstance(a, DeclareBattle) else \
            self._duel_problem(seat, a, resolving=True)
        if bad:
            self.note(N_("the fight does not happen: {reason} ({rule}, OP-39)"), reason=bad[1], rule=bad[0])
            return
        self.wake_attacked(a.nation if isinstance(a, DeclareBattle) else a.challenged)  # OP-35: before anyone is named
        if isinstance(a, DeclareBattle):
            defender = self.cards[a.nation].controller
            f = Fight("battle", seat, defender, a.nation, a.road)
            self._join(f, a.commander, "att", 0)
            self.note(N_("P{seat} attacks {nation} (P{defender}) through its {road} road, led by {commander} (MIT-7.4.1, MIT-7.4.2)"), seat=seat, nation=self.cards[a.nation].d, defender=defender, road=Said(ROAD_NAMES[a.road]), commander=self.cards[a.commander].d)
        else:
            defender = self.cards[a.challenged].controller
            f = Fight("duel", seat, defender)
            self._join(f, a.challenger, "att", 0)
            self._join(f, a.challenged, "def", 0)
            self.note(N_("{challenger} (P{seat}) challenges {challenged} (P{defender}) to a duel (MIT-7.6.1, MIT-7.6.2)"), challenger=self.cards[a.challenger].d, seat=seat, challenged=self.cards[a.challenged].d, defender=defender)
        self.fight = f
        self.statics_cache = None  # fight membership changes what filters match
        self.touch()

    # -- the procedure (the machine's step ``fight``) ---------------------------------------------------
    def _step_fight(self) -> bool:
        """One stage of the fight. Who acts in each is Appendix C's reconstruction of the lost actor icons
        (MIT-7.2.6, OP-38): the attacker declares; the defender names or summons its commander and, in
        turn with the attacker, the companions (a helper sends its own); the rounds go round the fight's
        players from the first (the attacker; in a duel the challenged player); the defender decides on
        saving the nation; the winner takes the spoils; every other prompt goes to the controller of the
        card it is about (a supply's mode in the reserve: the opposing commander's player)."""
        f = self.fight
        if f is None:
            self._push("next_phase")
            return False
        stage = f.stage
        if stage == "commander":
            return self._ask_army_leader("def", 0, "MIT-7.4.3.1")
        if stage in ("att_c1", "def_c1", "att_c2", "def_c2"):
            side = stage[:3]
            second = stage.endswith("2")
            if f.commander(side) < 0 or (second and not self._companions(side)):
                return self._advance()  # OP-50: companions need a commander, a second one a first
            rule = {"att_c1": "MIT-7.4.4", "def_c1": "MIT-7.4.5", "att_c2": "MIT-7.4.6", "def_c2": "MIT-7.4.7"}[stage]
            return self._ask_army_leader(side, None, rule)
        if stage == "rounds":
            self.mode = "window"
            self.priority = f.first
            self.passes = 0
            self.cycle = False
            return True
        if stage == "compare":
            self._compare()
            return self._advance()
        if stage == "outcome":
            return self._outcome()
        if stage == "spoils":
            return self._ask_spoils()
        if stage == "end_effects":
            return self._end_effects()
        if stage == "monsters":
            return self._ask_monster()
        if stage == "cleanup":
            self._cleanup()
            return False
        raise AssertionError(stage)

    def _advance(self, to: str | None = None) -> bool:
        order = ("commander", "att_c1", "def_c1", "att_c2", "def_c2", "rounds", "compare", "outcome", "spoils",
                 "end_effects", "monsters", "cleanup")
        f = self.fight
        f.stage = to or order[order.index(f.stage) + 1]
        self._push("checks", "fight")  # what the last stage did is checked first (a lost nation, MIT-3.4.2.b)
        return False

    def _join(self, f: Fight, leader: int, side: str, row: int) -> None:
        """An army leader or duelist joins; its mount fights beside it as a beast supply (OP-57, OP-54)."""
        f.leaders[leader] = (side, row)
        mount = self.mount_of(leader)
        if mount >= 0:
            f.supplies[mount] = (side, row, "full" if row == 0 else "level")
        self._members_changed(f)

    def _members_changed(self, f: Fight | None = None) -> None:
        """Who is in the fight changed: what is kept about the members (and target candidates, whose key
        holds the members' version) is no longer used, and the decision's facts are dropped."""
        (f or self.fight).members_version += 1
        self.touch()

    def _companions(self, side: str) -> list[int]:
        return [i for i, (s, r) in self.fight.leaders.items() if s == side and r > 0]

    def army_candidates(self, side: str, seat: int | None = None) -> list[int]:
        """OP-50: leaders of ``seat`` (default: the side's player) that may be named: for a companion, an ally
        of the side's last named leader (the defender's also one linked to the nation or its location, or
        anyone when the nation is linked to the high god)."""
        f = self.fight
        seat = f.seat_of(side) if seat is None else seat
        flying_only = side == "att" and self._flying_restricted()
        out = []
        named = [i for i, (s, _r) in f.leaders.items() if s == side]
        for iid in self.players[seat].leaders:
            if self._fighter_problem(seat, iid, attack=side == "att") is not None:
                continue
            if flying_only and "flying" not in self.subtypes(self.cards[iid]):
                continue  # MIT-8.flying, OP-59
            if named:
                last = max(named, key=lambda i: f.leaders[i][1])
                d = self.cards[iid].d
                ok = linked(d, self.cards[last].d)
                if side == "def" and not ok:
                    nation = self.cards[f.nation]
                    ok = linked(d, nation.d) or any(linked(d, a.d) for a in self.attached(f.nation)
                                                    if a.d.card_type == "location") \
                        or linked(nation.d, self.cards[self.players[seat].god].d)  # MIT-3.1.h, OP-11
                if not ok:
                    continue
            out.append(iid)
        return out

    def possible_helpers(self, side: str) -> list[int]:
        """MIT-7.4.4 – 7.4.7: who may be asked: the attacker anyone but the defender (and its helpers); the
        defender anyone but the attacker and the attacker's helpers."""
        f = self.fight
        if f.kind != "battle" or self.n < 3:
            return []
        taken = {f.attacker, f.defender} | set(f.helpers) | set(f.declined)
        return [s for s in self.order if s not in taken]

    def defender_summons(self) -> list[tuple[int, str | None, str | None]]:
        """MIT-7.4.3.1, OP-50: leaders in the defender's hand that may be summoned to defend, as the rules of a
        summon allow, each with a way to pay it (pay_from, pay_for): the printed cost, or one substitution for a
        leader linked to the high god (MIT-3.1.g); for a companion, only an ally as for the others."""
        f = self.fight
        seat = f.defender
        named = [i for i, (s, _r) in f.leaders.items() if s == "def"]
        last = max(named, key=lambda i: f.leaders[i][1]) if named else -1
        nation = self.cards[f.nation]
        god = self.cards[self.players[seat].god].d
        out = []
        for iid in self.distinct(self.players[seat].hand):
            d = self.cards[iid].d
            if d.card_type != "leader" or self.god_owner(seat, iid) is not None:
                continue
            payments = self.summon_payments(seat, iid, self.summon_cost(iid))
            if not payments:
                continue
            if d.unique and self._unique_on_board(d):
                continue
            if last >= 0 and not (linked(d, self.cards[last].d) or linked(d, nation.d) or linked(nation.d, god)
                                  or any(linked(d, a.d) for a in self.attached(f.nation)
                                         if a.d.card_type == "location")):
                continue
            out += [(iid, pay_from, pay_for) for pay_from, pay_for in payments]
        return out

    def _flying_restricted(self) -> bool:
        f = self.fight
        if f is None or f.kind != "battle":
            return False
        commander = f.commander("att")
        if commander < 0 or "flying" not in self.subtypes(self.cards[commander]):
            return False
        return self.opts["flying_restriction"] == "always" or self.road_closed(f.nation, f.road)

    def _ask_army_leader(self, side: str, row: int | None, rule: str) -> bool:
        f = self.fight
        candidates = self.army_candidates(side)
        summonable = self.defender_summons() if side == "def" else []
        if not candidates and not summonable and row == 0:
            self.note(N_("P{defender} names no defending commander (MIT-7.4.3.2)"), defender=f.defender)
            return self._advance()
        rows = [0] if row == 0 else [r for r in (1, 2) if f.row_leader(side, r) < 0]
        helpers = [h for h in self.possible_helpers(side) if self.army_candidates(side, h)] if row != 0 else []
        if not candidates and not summonable and not helpers:
            return self._advance()
        options = [("none", None, None)] + [("leader", i, r) for i in candidates for r in rows] \
            + [("summon", i, r, pay_from, pay_for) for i, pay_from, pay_for in summonable for r in rows] \
            + [("ask", h, None) for h in helpers]
        labels = [Said(N_("name no one"))] + [
            said(N_("ask P{seat} for help"), seat=o[1]) if o[0] == "ask" else
            said(N_("summon {card} {into}{pays}"), card=self.cards[o[1]].d, into=Said(ROW_INTO[ROWS[o[2]]]),
                 pays=self._summon_label(o)) if o[0] == "summon" else
            said(N_("{card} {into}"), card=self.cards[o[1]].d, into=Said(ROW_INTO[ROWS[o[2]]]))
            for o in options[1:]]
        self.set_prompt("fight_leader", f.seat_of(side), rule=rule, options=labels, choices=options, side=side)
        return True

    def _summon_label(self, choice: tuple) -> str:
        _what, iid, _row, pay_from, pay_for = choice
        cost = list(self.summon_cost(iid))
        self.substitution_problem(self.fight.defender, iid, cost, pay_from, pay_for)
        if pay_from:
            return said(N_(" (pays {cost}, 1 {sphere} paid with {other})"), cost="/".join(map(str, cost)),
                        sphere=Said(SPHERE_WORDS[pay_for]), other=Said(SPHERE_WORDS[pay_from]))
        return said(N_(" (pays {cost})"), cost="/".join(map(str, cost)))

    # -- prompts of the fight (answers are options) -------------------------------------------------
    def answer_fight(self, pr, index: int) -> None:
        f = self.fight
        kind = pr["kind"]
        if kind in ("fight_leader", "fight_help"):
            what, iid, row = pr["choices"][index][:3]
            if kind == "fight_help" and what == "none":
                f.declined = f.declined + (pr["player"],)
                self.note(N_("P{seat} declines to help"), seat=pr['player'])
                self._push("checks", "fight")  # the same step again: the asker names someone else, or no one
                return
            if what == "ask":  # MIT-7.4.4, MIT-7.4.5: the asked player may provide a companion
                helper, side = iid, pr["side"]
                rows = [r for r in (1, 2) if f.row_leader(side, r) < 0]
                choices = [("none", None, None)] + [("help", i, r) for i in self.army_candidates(side, helper)
                                                    for r in rows]
                self.note(N_("P{seat} asks P{helper} for help ({rule})"), seat=pr['player'], helper=helper, rule=pr['rule'])
                self.set_prompt("fight_help", helper, rule=pr["rule"], side=side, choices=choices,
                                options=[Said(N_("decline"))] + [
                                    said(N_("send {card} {into}"), card=self.cards[i].d, into=Said(ROW_INTO[ROWS[r]]))
                                    for _k, i, r in choices[1:]])
                return
            if what == "help":  # OP-65: the helper becomes an allied player of that side for this fight
                f.helpers[pr["player"]] = pr["side"]
                self.note(N_("P{player} helps P{seat_of} (OP-65)"), player=pr['player'], seat_of=f.seat_of(pr['side']))
                what = "leader"
            if what == "summon":  # MIT-7.4.3.1, OP-50: a defending leader summoned from the hand
                self._summon_defender(pr, iid, row, pr["choices"][index][3:])
                return
            if what == "leader":
                self._join(f, iid, pr["side"], row)
                self._named(pr["player"], iid, row, pr["rule"])
            self._advance()
        elif kind == "supply_mode":
            side, row, _mode = f.supplies[pr["card"]]
            mode = ("level", "maneuvers")[index]
            f.supplies[pr["card"]] = (side, row, mode)
            if mode == "level":
                self.note(N_("P{seat} chooses: {card} fights with its level ({rule}, OP-20)"), seat=pr["player"],
                          card=self.cards[pr["card"]].d, rule=pr["rule"])
            else:
                self.note(N_("P{seat} chooses: {card} fights with its maneuvers ({rule}, OP-20)"), seat=pr["player"],
                          card=self.cards[pr["card"]].d, rule=pr["rule"])
        elif kind == "save_nation":
            if index == 1:
                commander = f.commander("def")
                self.note(N_("P{defender} sacrifices {commander} to save {nation} (MIT-7.4.10.2)"), defender=f.defender, commander=self.cards[commander].d, nation=self.cards[f.nation].d)
                self.leave_board(commander, "afterworld", "sacrifice")
            else:
                self._destroy_nation()
            self._advance("spoils")
        elif kind == "spoils":
            self._take_spoils(pr, index)
            self._advance("end_effects")
        elif kind == "monster_return":
            iid = pr["card"]
            if index == 1:
                inst = self.cards[iid]
                self.pay(pr["player"], list(self.summon_cost(iid)))
                del self.fight.supplies[iid]
                self._members_changed()
                self.players[inst.controller].leaders.append(iid)
                inst.rotated = False
                self.statics_cache = None
                self.note(N_("P{seat} pays {card}'s cost again: it stays as a leader (MIT-8.monster.5)"), seat=pr['player'], card=inst.d)
            self.fight.stage = "monsters"
            self._push("fight")
        elif kind == "fear_resist":
            self.answer_fear(pr, index)

    def _summon_defender(self, pr, iid: int, row: int, payment: tuple) -> None:
        """MIT-7.4.3.1 with MIT-6.3: the defender summons a leader from its hand as it would in a summon phase —
        the cost is paid (MIT-6.3.3), the card goes on the stack and a counter round begins (MIT-6.3.5), from the
        defender; when it has resolved, the leader is in the defender's leader row (MIT-6.3.6) and takes its
        place in the army (``fight_summoned``). Countered or destroyed on the stack, the place stays empty."""
        seat = pr["player"]
        cost = list(self.summon_cost(iid))
        self.substitution_problem(seat, iid, cost, *payment)  # MIT-3.1.g
        self.pay(seat, cost)
        self._to_stack(iid)
        item = self.Item(self.next_sid, "summon", seat, iid)
        self.next_sid += 1
        self.stack.append(item)
        self.fight.summoning = (iid, pr["side"], row, pr["rule"], seat)
        self.note(N_("P{seat} summons {card} to defend (pays {cost})"), seat=seat, card=self.cards[iid].d,
                  cost="/".join(map(str, cost)))
        self.after_stack = "fight_summoned"
        self.start_counter_round(self.affected(item), from_window=False, actor=seat)

    def _step_fight_summoned(self) -> bool:
        """The summon of a defending leader has resolved (MIT-7.4.3.1): in the leader row, it joins the army in
        the row it was summoned for; the fight goes on."""
        f = self.fight
        if f is None:
            self._push("next_phase")
            return False
        (iid, side, row, rule, seat), f.summoning = f.summoning, None
        inst = self.cards[iid]
        if inst.zone == "board" and iid in self.players[seat].leaders and f.row_leader(side, row) < 0:
            self._join(f, iid, side, row)
            self._named(seat, iid, row, rule)
        else:
            self.note(N_("{card} is not in P{seat}'s leader row: its place in the army stays empty ({rule})"), card=inst.d, seat=seat, rule=rule)
        return self._advance()

    # -- supplies (MIT-3.8, MIT-7.3.4) -----------------------------------------------------------------
    def supply_options(self, seat: int) -> list:
        f = self.fight
        if f is None or f.kind != "battle" or not self.in_rounds():
            return []
        side = f.side_of(seat)
        if side is None:
            return []
        out = []
        p = self.players[seat]
        cards = [self.cards[i] for i in self.distinct(p.hand) if self.is_supply_card(self.cards[i].d)]
        if not cards or self.mode != "window":
            return out
        # what check_supply asks of the row, once per row: a leader of this player on the board (MIT-7.3.4.c/d),
        # room (MIT-7.3.4.b, OP-48) or a monster's empty row (MIT-8.monster.3)
        rows = []
        for row in range(3):
            leader = f.row_leader(side, row)
            if leader < 0 or self.cards[leader].zone != "board" or self.cards[leader].controller != seat:
                continue
            here = self.row_supplies(side, row)
            closed = any(self.is_monster(self.cards[i].d) for i in here)
            room = not closed and len(here) < self.row_capacity(side, row)
            rows.append((row, self.cards[leader].d, room, not here))
        if not rows:
            return out
        flying_only = side == "att" and self._flying_restricted()
        for inst in cards:
            d = inst.d
            if (flying_only and "flying" not in d.subtypes) or (d.unique and self._unique_on_board(d)):
                continue
            monster = self.is_monster(d)
            payable = None
            for row, leader_d, room, empty in rows:
                if not (empty if monster else room):
                    continue
                if linked(d, leader_d):  # the free way dominates paying (MIT-3.8.f)
                    out.append(made(PlayUnsummoned, inst.iid, None, ROWS[row]))
                    continue
                if payable is None:  # MIT-3.1.g: a supply linked to the high god may substitute a point
                    payable = self.summon_payments(seat, inst.iid, self.summon_cost(inst.iid))
                for pay_from, pay_for in payable:
                    out.append(made(Summon, inst.iid, None, pay_from, pay_for, ROWS[row]))
        return out

    @staticmethod
    def is_monster(d) -> bool:
        """MIT-8.monster: a monster leader may also be played into a battle as a supply (OP-58)."""
        return d.card_type == "leader" and "monster" in d.subtypes

    def is_supply_card(self, d) -> bool:
        return d.card_type == "supply" or self.is_monster(d)

    def check_supply(self, seat: int, a) -> tuple | None:
        bad = self._in_hand(seat, a.card, N_("summon a supply"))
        if bad:
            return bad
        d = self.cards[a.card].d
        f = self.fight
        if f is None or f.kind != "battle":
            return ("MIT-3.8.a" if f is None else "MIT-7.5.3", said(N_("a supply can only be summoned into a battle"))
                    if f is None else said(N_("no supply can be summoned in a duel")))
        if not self.in_rounds() or self.mode != "window":
            return ("MIT-6.2.3.2.d", said(N_("supplies are summoned in the fight rounds")))
        side = f.side_of(seat)
        if side is None:
            return ("MIT-7.3.4.d", said(N_("only the players in the fight summon supplies")))
        if a.row not in ROW_INDEX:
            return ("MIT-7.3.4.a", said(N_("name a row: {rows}"), rows=", ".join(ROWS)))
        row = ROW_INDEX[a.row]
        leader = f.row_leader(side, row)
        if leader < 0 or self.cards[leader].zone != "board":
            return ("MIT-7.3.4.c", said(N_("your {row} has no army leader: no supply may be played into it"), row=kept(ROW_NAMES, a.row)))
        if self.cards[leader].controller != seat:
            return ("MIT-7.3.4.d", said(N_("only the player whose leader leads a row plays cards into it")))
        here = self.row_supplies(side, row)
        if self.is_monster(d):
            if here:  # MIT-8.monster.3: beside an army leader whose row holds no supply yet
                return ("MIT-8.monster.3", said(N_("the {row} already holds a supply: no monster may join it"), row=kept(ROW_NAMES, a.row)))
        elif any(self.is_monster(self.cards[i].d) for i in here):
            return ("MIT-8.monster.3", said(N_("a monster fights in the {row}: no more supplies may join it"), row=kept(ROW_NAMES, a.row)))
        elif len(here) >= self.row_capacity(side, row):
            return ("MIT-7.3.4.b", said(N_("the {row} holds as many supplies as it may ({n}, OP-48)"), row=kept(ROW_NAMES, a.row),
                                         n=self.row_capacity(side, row)))
        if side == "att" and self._flying_restricted() and "flying" not in d.subtypes:
            return ("MIT-8.flying", said(N_("a flying commander attacked through a closed road: every supply must fly (OP-59)")))
        if d.unique and self._unique_on_board(d):
            return ("MIT-2.3.b", said(N_("{card} is unique and already on the board"), card=d))
        if isinstance(a, PlayUnsummoned):
            if not linked(d, self.cards[leader].d):
                return ("MIT-3.8.f", said(N_("{card} is not linked to {leader}: it must be summoned"), card=d, leader=self.cards[leader].d))
            return None
        cost = list(self.summon_cost(a.card))
        bad = self.substitution_problem(seat, a.card, cost, a.pay_from, a.pay_for)
        if bad:
            return bad
        if not self.can_pay(seat, cost):
            return ("MIT-6.3.3", said(N_("{card} costs {cost}; your spheres hold {spheres}"), card=d, cost="/".join(map(str, cost)),
                                   spheres="/".join(map(str, self.players[seat].spheres))))
        return None

    def first_use(self, user) -> None:
        """OP-20 (``supply_mode_timing=on_first_use``): a supply's first maneuver fixes its mode."""
        place = self.fight.supplies.get(user.iid)
        if place is not None and place[2] == "undecided":
            self.fight.supplies[user.iid] = (place[0], place[1], "maneuvers")
            self.note(N_("{user} uses a maneuver: from now on its level no longer counts (OP-20)"), user=user.d)

    def enter_row(self, item) -> None:
        """A supply resolves into its row; its mode follows the row (MIT-3.8.c, MIT-3.8.d, MIT-3.8.e, OP-20)."""
        f = self.fight
        iid = item.card
        seat = item.player
        side = f.side_of(seat) if f is not None else None
        if f is None or side is None or f.row_leader(side, item.row) < 0:
            self.to_zone(iid, "afterworld")
            self.note(N_("{card} has no row to enter any more: it goes to the afterworld"), card=self.cards[iid].d)
            return
        self.enter_board(iid, seat)
        row = item.row
        f.supplies[iid] = (side, row, "full")
        self._members_changed()
        if self.is_monster(self.cards[iid].d):
            self.note(N_("{card} enters P{seat}'s {row} as a supply (MIT-8.monster.1)"), card=self.cards[iid].d,
                      seat=seat, row=Said(ROW_NAMES[ROWS[row]]))
        else:
            self.note(N_("{card} enters P{seat}'s {row}"), card=self.cards[iid].d, seat=seat,
                      row=Said(ROW_NAMES[ROWS[row]]))
        if item.paid:
            self.event("summoned", iid, later=True)  # spec 6.6
        if row == 0 or not self.cards[iid].d.usable or self.is_monster(self.cards[iid].d):  # MIT-8.monster.2
            return  # nothing to choose: full in the front line; a supply without maneuvers fights with its level
        if self.opts["supply_mode_timing"] == "on_first_use":
            f.supplies[iid] = (side, row, "undecided")  # its level counts until it first uses a maneuver (OP-20)
            return
        chooser = seat if row == 1 else f.seat_of("def" if side == "att" else "att")
        if row == 2 and self.fight.row_leader("def" if side == "att" else "att", 0) >= 0:
            chooser = self.cards[self.fight.row_leader("def" if side == "att" else "att", 0)].controller
        f.supplies[iid] = (side, row, "level")
        self.set_prompt("supply_mode", chooser, rule="MIT-3.8.d" if row == 1 else "MIT-3.8.e",
                        options=[Said(N_("its level counts")), Said(N_("its maneuvers work"))], card=iid)

    # -- comparing and the outcome (MIT-7.4.9, MIT-7.4.10, MIT-7.6.4) ------------------------------------
    def fight_broken(self) -> str | None:
        """OP-51, OP-54: a side whose commander (or nation, or duelist) left the board loses at once."""
        f = self.fight
        gone = lambda iid: iid < 0 or self.cards[iid].zone != "board"  # noqa: E731
        if f.kind == "duel":
            a, d = gone(f.commander("att")), gone(f.commander("def"))
        else:
            a = gone(f.commander("att"))
            d = gone(f.nation) or (f.commander("def") >= 0 and gone(f.commander("def")))
        if a and d:
            return "none"
        return "att" if d else "def" if a else None

    def end_rounds_early(self, winner: str) -> None:
        f = self.fight
        f.winner = None if winner == "none" else winner
        f.levels = None
        if winner == "none":
            self.note(N_("the fight ends at once: both sides lost their leaders"))
        elif f.kind == "battle":
            self.note(N_("the fight ends at once: P{seat}'s side lost its nation or leader (OP-51)"),
                      seat=f.seat_of("def" if winner == "att" else "att"))
        else:
            self.note(N_("the fight ends at once: P{seat}'s side lost its leader (OP-51)"),
                      seat=f.seat_of("def" if winner == "att" else "att"))
        self.mode = "busy"
        f.stage = "outcome"
        self._push("fight")

    def _compare(self) -> None:
        f = self.fight
        att, dfn = self.army_level("att"), self.army_level("def")
        f.levels = (att, dfn)
        f.winner = "att" if att > dfn else "def" if dfn > att else None
        result = {"att": N_("the attacker wins"), "def": N_("the defender wins"), None: N_("a draw")}[f.winner]
        if f.kind == "duel":
            result = {"att": N_("the challenger wins"), "def": N_("the challenged leader wins"),
                      None: N_("a draw")}[f.winner]
        if f.kind == "battle":
            self.note(N_("the battle is compared: P{attacker} {att} against P{defender} {dfn} — {result} (MIT-7.4.9)"),
                      attacker=f.attacker, att=att, defender=f.defender, dfn=dfn, result=Said(result))
        else:
            self.note(N_("the duel is compared: P{attacker} {att} against P{defender} {dfn} — {result} (MIT-7.6.4)"),
                      attacker=f.attacker, att=att, defender=f.defender, dfn=dfn, result=Said(result))

    def _outcome(self) -> bool:
        f = self.fight
        if f.kind == "duel":
            if f.winner is not None and f.levels is not None:
                loser = f.commander("def" if f.winner == "att" else "att")
                if self.cards[loser].zone == "board":
                    self.note(N_("{loser} loses the duel and is destroyed (MIT-7.6.4)"), loser=self.cards[loser].d)
                    self.leave_board(loser, "afterworld", "destroy")
            return self._advance("end_effects")  # OP-54: no spoils after a duel
        if f.winner == "att" and self.cards[f.nation].zone == "board":
            commander = f.commander("def")
            if commander >= 0 and self.cards[commander].zone == "board" and not self.is_cursed(self.cards[commander]):
                self.set_prompt("save_nation", f.defender, rule="MIT-7.4.10.2",
                                options=[said(N_("let {card} be destroyed"), card=self.cards[f.nation].d),
                                         said(N_("sacrifice {card} to save it"), card=self.cards[commander].d)])
                return True
            self._destroy_nation()
        elif f.winner == "def":
            commander = f.commander("att")
            if commander >= 0 and self.cards[commander].zone == "board":
                self.note(N_("the attack failed: {commander} is destroyed (MIT-7.4.10.3)"), commander=self.cards[commander].d)
                self.leave_board(commander, "afterworld", "destroy")
        return self._advance("spoils")

    def _destroy_nation(self) -> None:
        f = self.fight
        if self.cards[f.nation].zone == "board":
            self.note(N_("{nation} is destroyed (MIT-7.4.10.2)"), nation=self.cards[f.nation].d)
            self.leave_board(f.nation, "afterworld", "destroy")

    def _ask_spoils(self) -> bool:
        f = self.fight
        if f.winner is None:
            return self._advance("end_effects")  # MIT-7.4.11: no spoils after a draw
        seat = f.seat_of(f.winner)
        if f.winner == "def":
            options = [Said(N_("draw a card")), Said(N_("take nothing"))]
        else:
            victim = self.players[f.defender]
            options = [Said(N_("take nothing"))] + [said(N_("steal 1 {sphere}"), sphere=Said(SPHERE_WORDS[name]))
                                                    for s, name in enumerate(SPHERES) if victim.spheres[s] > 0]
            if len(options) == 1:
                self.note(N_("P{defender} has no sphere point to steal (OP-53)"), defender=f.defender)
                return self._advance("end_effects")
        self.set_prompt("spoils", seat, rule="MIT-7.4.11", options=options)
        return True

    def _take_spoils(self, pr, index: int) -> None:
        f = self.fight
        label = pr["options"][index]
        if label == "draw a card":
            got = self.draw(f.defender, 1)
            self.note(lazy._n("P{defender} takes the spoils: draws {n} card (MIT-7.4.11)",
                             "P{defender} takes the spoils: draws {n} cards (MIT-7.4.11)", got, defender=f.defender))
        elif label.startswith("steal 1 "):
            s = SPHERES.index(label[len("steal 1 "):])
            self.players[f.defender].spheres[s] -= 1
            self.players[f.attacker].spheres[s] += 1  # above the maximum until the end phase (OP-53)
            self.note(N_("P{attacker} takes the spoils: 1 {sphere} from P{defender} (MIT-7.4.11)"), attacker=f.attacker, sphere=Said(SPHERE_WORDS[SPHERES[s]]), defender=f.defender)
        else:
            self.note(N_("P{seat} takes no spoils"), seat=pr['player'])

    def _end_effects(self) -> bool:
        """MIT-7.4.12, MIT-7.6.5: end-of-fight effects happen: the triggers ``fight_end {result}`` (spec 6.6) go on
        the stack — ``won``/``lost`` as the card's controller's side did, ``draw`` when nobody won, ``any``
        always — then the fight goes on to MIT-7.4.13 (the effects lasting until its end end there)."""
        f = self.fight
        f.stage = "monsters"
        items = self.triggered("fight_end", lambda trigger, seat, _card: self._fight_result_holds(trigger.result, seat))
        if not items:
            return self._ask_monster()
        if f.kind == "battle":
            self.note(N_("the battle is over: end-of-fight effects (MIT-7.4.12)"))
        else:
            self.note(N_("the duel is over: end-of-fight effects (MIT-7.6.5)"))
        self.push_triggers(items, "fight")
        return True

    def _fight_result_holds(self, result: str, seat: int) -> bool:
        f = self.fight
        if result == "any":
            return True
        if result == "draw":
            return f.winner is None
        side = f.side_of(seat)
        return side is not None and f.winner is not None and (side == f.winner) == (result == "won")

    def _ask_monster(self) -> bool:
        """MIT-8.monster.5, OP-58: a monster of the winning side may stay, as a leader, for its cost again."""
        f = self.fight
        for iid, (side, _row, _mode) in sorted(f.supplies.items()):
            inst = self.cards[iid]
            if inst.zone != "board" or not self.is_monster(inst.d) or side != f.winner or iid in f.asked:
                continue
            f.asked = f.asked + (iid,)
            seat = inst.controller
            cost = self.summon_cost(iid)
            if not self.can_pay(seat, cost):
                continue
            self.set_prompt("monster_return", seat, rule="MIT-8.monster.5", card=iid,
                            options=[said(N_("let {card} go to the afterworld"), card=inst.d),
                                     said(N_("pay {cost} to keep it as a leader"), cost="/".join(map(str, cost)))])
            return True
        return self._advance("cleanup")

    def _cleanup(self) -> None:
        """MIT-7.4.13, MIT-7.6.6: army leaders rotate, supplies go to the afterworld, fight effects end."""
        f = self.fight
        for iid in f.leaders:
            inst = self.cards[iid]
            if inst.zone == "board":
                inst.rotated = True
        supplies = [i for i in f.supplies if self.cards[i].zone == "board" and self.cards[i].host < 0]
        if supplies:
            self.together(lambda: [self.leave_board(i, "afterworld", "rule") for i in supplies])
        if self.effects:
            self.effects = [e for e in self.effects if e.until[0] != "fight"]
            self.statics_cache = None
            sources = {e.source for e in self.effects}
            ended = [i for i in self.fates + self.lingering if i not in sources]  # MIT-3.9.g: their effect ended
            if ended:
                self.together(lambda: [self.leave_board(i, "afterworld", "rule") for i in ended])
        if f.kind == "duel":
            self.note(N_("the duel ends: its leaders rotate (MIT-7.4.13)"))
        elif supplies:
            self.note(N_("the battle ends: its leaders rotate, its supplies go to the afterworld (MIT-7.4.13)"))
        else:
            self.note(N_("the battle ends: its leaders rotate (MIT-7.4.13)"))
        self.fight = None
        self.statics_cache = None
        self.touch()
        self.mode = "busy"
        self._push("checks", "next_phase")  # OP-39: after a fight the battle phase ends


SPHERES = ("magic", "influence", "wealth", "force")
#: Primitives that change a player rather than the fight (OP-44): not used in a fight's rounds under the
#: strict scope.
PLAYER_LEVEL = frozenset(("draw", "discard", "mill", "search_deck", "recover", "put_on_deck", "shuffle_deck",
                          "look_top", "gain_spheres", "lose_spheres", "steal_spheres", "modify_hand_size",
                          "modify_power_points"))
_NONE: frozenset = frozenset()
_VOLLEY: dict[int, bool] = {}


def shoots_volley(m) -> bool:
    """Does the maneuver ``m`` shoot an arrow volley (MIT-7.2.5.1)? Kept per maneuver model (they live as long
    as their card set)."""
    if m is None:
        return False
    hit = _VOLLEY.get(id(m))
    if hit is None:
        hit = _VOLLEY[id(m)] = any(call_parts(call)[0] == "volley" for _where, call in m.calls())
    return hit


RACES = frozenset(("shapeshifter", "demon", "undead", "sprite", "giant", "dragon", "dwarf", "elf"))
LEADER_SUBTYPES = frozenset(("warlord", "mount", "hero", "god", "monster", "ruler"))



class Keywords:
    """The keyword battle maneuvers (MIT-7.2.5): arrow volley, fear, poison. Their one target (volley,
    poison) is chosen when the maneuver is announced (OP-29), among the creatures of the fight."""

    def _creature(self, inst) -> bool:
        return self.is_creature(inst)  # MIT-5.6

    def keyword_strength(self, m, card: int, user: int) -> tuple[str, int] | None:
        """The maneuver's keyword and its level: volley V (OP-45), poison P (OP-47), fear L (OP-46)."""
        for _where, call in m.calls():
            name, p = call_parts(call)
            if name not in ("volley", "poison", "fear"):
                continue
            if name == "poison":
                if p.level is not None:
                    return name, self.value(p.level, {"$self": card, "$user": user}, None)
                carrier = self.cards[card]
                base = abs(carrier.d.level or 0) if carrier.d.card_type == "free_maneuver" else self.fight_level(card)
                return name, base + p.mod
            value = (self.fight_level(user) if user >= 0 else 0) + p.mod
            if name == "volley" and user not in self.fight_cards():
                value //= 2  # MIT-7.2.5.1 "ekkor szintje feleződik", rounded down (MIT-5.3): a user outside the
                # fight (not a member, nor the attacked nation or a card attached to one) shoots at half level
            return name, value
        return None

    def keyword_targets(self, seat: int, m, card: int, user: int) -> list[int] | None:
        """The creatures a volley or a poison may hit now; None for a maneuver without one of them."""
        hit = self.keyword_strength(m, card, user)
        if hit is None or hit[0] == "fear":
            return None
        if not self.in_rounds():
            return []
        name, strength = hit
        keys = self.effect_keys(card, m, user)
        out = []
        for iid in sorted(self.fight_members()):
            inst = self.cards[iid]
            if not self._creature(inst) or self.immune(inst, keys, seat):  # MIT-5.12: never a target
                continue
            level = self.fight_level(iid)
            if name == "volley":  # a troop or beast (a mount fights as one) below V, a leader below V/2
                ok = level < strength if iid in self.fight.supplies else level < strength // 2
            else:
                ok = level < strength
            if ok:
                out.append(iid)
        return out

    def _keyword_target(self, item) -> int | None:
        t = item.targets[-1] if item.targets else None
        if t is None or self.cards[t].zone != "board" or t not in self.fight_members():
            return None
        return t

    def _p_volley(self, p, item):
        t = self._keyword_target(item)
        if t is None:
            self.note(N_("the volley finds no target (MIT-7.2.5.1)"))
            return True
        self.note(N_("the volley destroys {t} (MIT-7.2.5.1)"), t=self.cards[t].d)
        self.leave_board(t, "afterworld", "destroy")
        return True

    def _p_poison(self, p, item):
        t = self._keyword_target(item)
        if t is None:
            self.note(N_("the poison finds no target (MIT-7.2.5.3)"))
            return True
        inst = self.cards[t]
        if inst.rotated:
            self.note(N_("the poison destroys the rotated {card} (MIT-7.2.5.3)"), card=inst.d)
            self.leave_board(t, "afterworld", "destroy")
        else:
            inst.rotated = True
            self.note(N_("the poison rotates {card} (MIT-7.2.5.3)"), card=inst.d)
        return True

    def _p_force_retreat(self, p, item):
        """Spec 6.4, OP-51: the attacker retreats: the battle ends at once with no winner (MIT-7.4.10.1)."""
        f = self.fight
        if f is None or f.kind != "battle" or f.stage != "rounds":
            self.note(N_("(force retreat has no effect outside a battle's rounds)"))
            return True
        self.note(N_("P{attacker} is forced to retreat: the battle has no winner (MIT-7.4.10.1)"), attacker=f.attacker)
        f.winner = None
        f.levels = None
        f.stage = "outcome"
        return True

    def _p_fear(self, p, item):
        f = self.fight
        if f is None:
            self.note(N_("(fear has no effect outside a fight)"))
            return True
        _name, threshold = self.keyword_strength(item.m, item.card, item.user)
        own = f.side_of(item.player)
        carrier_number = self.cards[item.card].d.number
        keys = self.effect_keys(item.card, item.m, item.user)
        affected = []
        for iid in sorted(self.fight_members()):
            inst = self.cards[iid]
            place = f.leaders.get(iid) or f.supplies.get(iid)
            if place[0] == own or not self._creature(inst) or self.immune(inst, keys, item.player):  # MIT-5.12
                continue
            low = inst.d.number if self.opts["fear_number_source"] == "each_creature" else carrier_number
            if low < self.fight_level(iid) < threshold:
                affected.append(iid)
        if not affected:
            self.note(N_("fear: no enemy creature flees (MIT-7.2.5.2)"))
            return True
        return self._fear_next(tuple(affected), ())

    def _fear_next(self, affected: tuple, fleeing: tuple):
        """OP-46: each affected creature's controller may pay to keep it; the others flee together."""
        sphere = SPHERES.index(self.opts["fear_resist_sphere"])
        amount = self.opts["fear_resist_amount"]  # OP-46: fear_resist_cost, one sphere's points
        while affected:
            iid, affected = affected[0], affected[1:]
            if self.cards[iid].zone != "board":
                continue
            seat = self.cards[iid].controller
            if self.players[seat].spheres[sphere] >= amount:
                self.set_prompt("fear_resist", seat, rule="MIT-7.2.5.2", card=iid, rest=affected, fleeing=fleeing,
                                options=[said(N_("let {card} flee"), card=self.cards[iid].d),
                                         said(N_("pay {n} {sphere} to keep {card}"), n=amount,
                                              sphere=Said(SPHERE_WORDS[SPHERES[sphere]]), card=self.cards[iid].d)])
                return SUSPEND_FEAR
            fleeing += (iid,)
        gone = [i for i in fleeing if self.cards[i].zone == "board"]
        for iid in gone:
            self.note(N_("{card} flees in fear to its owner's hand (MIT-7.2.5.2)"), card=self.cards[iid].d)
            self.leave_board(iid, "hand", "return")
        return True

    def answer_fear(self, pr, index: int) -> None:
        iid = pr["card"]
        fleeing = pr["fleeing"]
        if index == 1:
            sphere = SPHERES.index(self.opts["fear_resist_sphere"])
            amount = self.opts["fear_resist_amount"]
            self.players[pr["player"]].spheres[sphere] -= amount
            self.note(N_("P{seat} pays {amount} {sphere}: {card} stands its ground (OP-46)"), seat=pr['player'], amount=amount, sphere=Said(SPHERE_WORDS[SPHERES[sphere]]), card=self.cards[iid].d)
        else:
            fleeing += (iid,)
        self._fear_next(pr["rest"], fleeing)


SUSPEND_FEAR = False  # the effect interpreter's SUSPEND: resolution waits for the prompt's answer
