"""Damage and combat on muhq's board (MUHQ-DMG, MUHQ-COMBAT): the rules that deal damage, check a
defender and fight."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from .objects import NEUTRAL, LazyName
from .stats import attack_range, attack_value, profile
from .words import _
from . import board as _board
from .board_events import event
from .places import field_of, name_of
from .effects import protected_from
from .writes import add_damage

if TYPE_CHECKING:  # pragma: no cover
    from .state import MuhqState


# -- damage and combat (MUHQ-DMG, MUHQ-COMBAT) -------------------------------------------------------
def lethal(self: "MuhqState", amount: int, limit: int) -> bool:
    return amount >= limit if self.opts["lethal_rule"] == "at_least" else amount > limit  # OP-15


def deal_damage(self: "MuhqState", source_d: Any, source_controller: int | None, source: int | None,
                pid: int, amount: int, bonus: int = 0) -> int:
    """MUHQ-DMG-1 (a)-(e); returns the damage dealt (> 0 raises `is_dealt_damage`, MUHQ-DMG-4)."""
    p = self.perms.get(pid)
    if p is None or (p.d.type != "unit" and p.d.solid is None):
        return 0  # MUHQ-DMG-3: damage to other permanents is ignored (no markers, no event)
    if protected_from(self, pid, source_d, source_controller):  # (a)
        return 0
    d = amount + bonus  # (b)
    d = max(0, d - self.stats()[pid].armor)  # (c)
    if d > 0 and p.protection > 0:  # (d), MUHQ-PMARK-2
        p.protection = max(0, p.protection - d)
        d = 0
    if d <= 0:
        return 0
    add_damage(self, pid, d)  # (e)
    event(self, "is_dealt_damage", pid)
    return d


def defender_problem(self: "MuhqState", attacker: int, defender: int) -> tuple[str, str] | None:
    """MUHQ-COMBAT-3 and 4 (also MUHQ-VEIL-1, MUHQ-PROT-2, MUHQ-SOLID-2, MUHQ-ART-5, MUHQ-PILE-6)."""
    a, d = self.perms.get(attacker), self.perms.get(defender)
    if d is None or a is None:
        return "MUHQ-COMBAT-3", _("#{id} is not a permanent on the board", id=defender)
    name = LazyName(self, defender)  # formatted only into a refusal's message
    if attacker == defender:
        return "MUHQ-COMBAT-3", _("a unit cannot attack itself")
    if d.base is not None:
        return "MUHQ-COMBAT-3", _("{name} is in a pile; pile members cannot be named as defenders (MUHQ-PILE-6)",
                                  name=name)
    if d.d.type != "unit":
        if d.d.solid is None:
            return "MUHQ-ART-5", _("{name} is an artifact that is not solid; it cannot be attacked", name=name)
        if d.controller == a.controller:
            return "MUHQ-SOLID-2", _("{name} is your own solid artifact; only enemy units may attack it",
                                     name=name)
    if self.stats()[defender].veiled:
        return "MUHQ-VEIL-1", _("{name} is veiled and cannot be named as a defender", name=name)
    if protected_from(self, defender, a.d, a.controller):
        return "MUHQ-PROT-2", _("{name} has protection from {card}", name=name, card=a.d.shown_name)
    comps = profile(self, attacker)
    reach = attack_range(comps)
    # (both are on the board: each has a field)
    dist = self.grid.distance(field_of(self, attacker), field_of(self, defender))
    if dist > reach:
        return "MUHQ-COMBAT-4", _("{name} is at distance {distance}; {attacker} attacks up to range {range}",
                                  name=name, distance=dist, attacker=name_of(self, attacker), range=reach)
    return None


def combat(self: "MuhqState", att: int, dfn: int, bonus: int = 0, action: bool = True) -> None:
    """MUHQ-COMBAT-5..11: both amounts from the state before, applied together, then state checks."""
    a, d = self.perms[att], self.perms[dfn]
    if action:
        event(self, "attacks", att, refs=(("event.defender", dfn),))  # MUHQ-COMBAT-11
    delta = self.grid.distance(field_of(self, att), field_of(self, dfn))  # both on the board
    a_comps = profile(self, att)
    a_amount = attack_value(a_comps, delta)
    d_amount = 0
    if d.d.type == "unit":  # MUHQ-COMBAT-7, MUHQ-SOLID-2: artifacts deal no combat damage
        d_comps = profile(self, dfn)
        if delta <= attack_range(d_comps):
            d_amount = attack_value(d_comps, delta)
    a_ctrl, d_ctrl = a.controller, d.controller
    dealt_to_d = deal_damage(self, a.d, a_ctrl, att, dfn, a_amount, bonus) if a_amount + bonus > 0 else 0
    dealt_to_a = deal_damage(self, d.d, d_ctrl, dfn, att, d_amount) if d_amount > 0 else 0
    if dealt_to_d > 0:
        event(self, "deals_combat_damage", att, refs=(("event.damaged", dfn), ("event.damaged.controller", d_ctrl)))
    if dealt_to_a > 0:
        event(self, "deals_combat_damage", dfn, refs=(("event.damaged", att), ("event.damaged.controller", a_ctrl)))
    steal = self.combat_steal
    if steal:  # MUHQ-WIN-4: part of the combat damage step, in turn order from the active player
        steals = []
        if dealt_to_d > 0 and d.d.type == "unit" and a_ctrl != d_ctrl and NEUTRAL not in (a_ctrl, d_ctrl):
            steals.append((a_ctrl, d_ctrl))
        if dealt_to_a > 0 and a_ctrl != d_ctrl and NEUTRAL not in (a_ctrl, d_ctrl):
            steals.append((d_ctrl, a_ctrl))
        steals.sort(key=functools.partial(turn_order_of_steal, self))
        for thief, victim in steals:
            _board.steal(self, thief, victim, steal)


def turn_order_of_steal(self: "MuhqState", steal: tuple[int, int]) -> int:
    """A steal's place in turn order from the active player, by its thief (a method, not a lambda: combat
    would make a closure over self at every attack)."""
    return (steal[0] - self.active) % self.n
