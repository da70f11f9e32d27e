"""Who and what is in a fight: its players, members and cards, and which cards and effects may act in it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards import call_parts, primitives_of
from ..text import kept_immunity
from ..words import N_, join, said
from ..levels.board import attached, cache

if TYPE_CHECKING:
    from ..core import Inst
    from .fight import Fight
    from ..schema.maneuvers import Maneuver
    from ..state import MitoszState
    from ..words import Said


#: Primitives that change a player rather than the fight (OP-44): not used in a fight's rounds under the
#: strict scope.
PLAYER_LEVEL = frozenset(("draw", "discard", "mill", "search_deck", "recover", "put_on_deck", "shuffle_deck",
                          "look_top", "gain_spheres", "lose_spheres", "steal_spheres", "modify_hand_size",
                          "modify_power_points"))
_NONE: frozenset[int] = frozenset()
_VOLLEY: dict[int, bool] = {}


def current_fight(self: MitoszState) -> Fight:
    """The fight in progress, for the rules that run only inside one (a bug in the rules otherwise)."""
    f = self.fight
    if f is None:
        raise RuntimeError("no fight is in progress")  # i18n: no (a rules bug, for a developer)
    return f


def shoots_volley(m: Maneuver | None) -> bool:
    """Does the maneuver ``m`` shoot an arrow volley (MIT-7.2.5.1)? Kept per maneuver model (they live as long
    as their card set)."""
    if m is None:
        return False
    hit = _VOLLEY.get(id(m))
    if hit is None:
        hit = _VOLLEY[id(m)] = any(call_parts(call)[0] == "volley" for _where, call in m.calls())
    return hit


# -- who and what is in the fight (MIT-7.3, MIT-7.5) --------------------------------------------
def fight_players(self: MitoszState) -> tuple[int, ...]:
    f = self.fight
    if f is None:
        return ()
    if not f.helpers:  # the attacker and the defender, in turn order
        a, b = f.attacker, f.defender
        return tuple([s for s in self.order if s == a or s == b])
    return tuple([s for s in self.order if s in (f.attacker, f.defender) or s in f.helpers])


def in_rounds(self: MitoszState) -> bool:
    return self.fight is not None and self.fight.stage == "rounds"


def fight_members(self: MitoszState) -> frozenset[int]:
    """Army leaders, duelists and supplies of the fight (the filter ``in_fight``); kept with the board's
    facts, which a card moving or a member joining (``writes._members_changed``) drops."""
    f = self.fight
    if f is None:
        return _NONE
    dc = cache(self)
    key = ("fight_members", f.members_version)
    hit: frozenset[int] | None = dc.get(key)
    if hit is None:
        hit = dc[key] = frozenset(i for i in (*f.leaders, *f.supplies) if self.cards[i].zone == "board")
    return hit


def fight_cards(self: MitoszState) -> frozenset[int]:
    """MIT-7.3.5, MIT-7.5.2: the cards on the board that may act in the fight: its members, the attacked
    nation, and every card attached to any of them (directly or not)."""
    f = self.fight
    if f is None:
        return _NONE
    dc = cache(self)
    key = ("fight_cards", f.members_version)
    hit: frozenset[int] | None = dc.get(key)
    if hit is not None:
        return hit
    roots = set(fight_members(self))
    if f.nation >= 0 and self.cards[f.nation].zone == "board":
        roots.add(f.nation)
    out: set[int] | frozenset[int]  # a set while it grows, frozen when kept
    out = set(roots)
    todo = list(roots)
    while todo:
        for a in attached(self, todo.pop()):
            if a.iid not in out:
                out.add(a.iid)
                todo.append(a.iid)
    out = dc[key] = frozenset(out)
    return out


def scope_problem(self: MitoszState, m: Maneuver | None) -> tuple[str, Said] | None:
    """OP-44 (strict scope): in the rounds, effects of fight cards change only the fight — no draw,
    sphere change, search and the like for a player."""
    if m is None or self.opts["fight_effect_scope"] != "strict":
        return None
    found = primitives_of(m) & PLAYER_LEVEL
    if found:
        return ("MIT-7.2.1.a", said(N_("during a fight, cards in it affect only the fight: no {primitives} (OP-44)"),
                                 primitives=join(kept_immunity(x) for x in sorted(found))))
    return None


def defended_here(self: MitoszState, inst: Inst) -> bool:
    """Is ``inst`` the nation attacked in the battle being fought, or a location attached to it? (MIT-3.2.2.c/d,
    MIT-3.3.c/d: they fight, and use battle and free maneuvers, only then.)"""
    f = self.fight
    if f is None or f.kind != "battle" or f.stage != "rounds":
        return False
    return inst.iid == f.nation or (inst.d.card_type == "location" and inst.host == f.nation)


def fight_scope_problem(self: MitoszState, seat: int, user: Inst | None,
                        m: Maneuver | None) -> tuple[str, Said] | None:
    """MIT-7.2.1.b, MIT-7.3.5, MIT-7.5.2: in the battle phase only the fight's players act, and only
    through cards that can affect the fight."""
    if not in_rounds(self):
        return ("MIT-7.2.1.b", said(N_("in the battle phase only a fight may be declared, or pass (OP-39)")))
    if seat not in fight_players(self):
        return ("MIT-7.2.1.b", said(N_("only the fight's players act in its rounds (OP-44)")))
    if user is None:
        return scope_problem(self, m)  # a fate (MIT-7.3.5, item 2)
    t = user.d.card_type
    f = self.fight
    assert f is not None  # (in the rounds: a fight is in progress)
    if t == "location" and f.kind == "battle" and (
            m is None or "battle" not in m.timing):
        return scope_problem(self, m)  # MIT-7.3.5, item 4: a location's non-battle maneuver
    if m is not None and "battle" in m.timing and t in ("nation", "location") and not defended_here(self, user):
        return ("MIT-3.2.2.c" if t == "nation" else "MIT-3.3.c",
                said(N_("{user}'s battle maneuver is used only while its nation is being defended"), user=user.d))
    if t not in ("high_god", "intrigue") and user.iid not in fight_cards(self) and not shoots_volley(m):
        # MIT-7.2.5.1: "Akkor is használható ha a használó nem vesz részt a harcban" — an arrow volley may be
        # shot by a user outside the fight (at half level, keyword_strength); its player must still be one of
        # the fight's players to have priority in its rounds (above)
        return ("MIT-7.2.1.b", said(N_("{user} takes no part in the fight and cannot affect it"), user=user.d))
    supply = f.supplies.get(user.iid)
    if supply is not None:
        side, row, mode = supply
        leader = f.row_leader(side, row)
        if leader < 0 or self.cards[leader].zone != "board":
            return ("MIT-7.3.4.c", said(N_("{user}'s row has no army leader: its ability does not apply"), user=user.d))
        if mode == "level":
            return ("MIT-3.8.d", said(N_("{user} fights with its level: its maneuvers do nothing (OP-20)"), user=user.d))
    return scope_problem(self, m)
