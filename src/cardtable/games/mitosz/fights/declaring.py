"""Declaring a fight: the battles and duels that may be declared, their checks, and the fight beginning."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import DeclareBattle, DeclareDuel, made
from ..text import CARD_TYPE_WORDS, ROAD_NAMES, ROW_NAMES, kept
from ..words import N_, Said, join, said
from .fight import Fight, ROWS
from ..modes import BATTLE, WINDOW
from ..effects.attach import wake_attacked
from ..levels.abilities import restricted
from ..levels.board import opponents
from ..levels.card_types import card_type, subtypes
from ..levels.level import road_closed
from .. import upcalls as _up
from .. import writes

if TYPE_CHECKING:
    from collections.abc import Callable

    from cardtable.engine import Action

    from ..cards import CardDef
    from ..core import Item
    from ..state import MitoszState


# -- declaring (MIT-6.2.3.2, MIT-7.4.1, MIT-7.4.2, MIT-7.6.1, MIT-7.6.2) ------------------------------
def fight_declarations(self: MitoszState, seat: int) -> list[Action]:
    if seat != self.active or self.fight is not None or self.fought == self.turn:
        return []
    out: list[Action] = []
    mine = [i for i in self.players[seat].leaders if _fighter_problem(self, seat, i, attack=True) is None]
    if not mine:
        return out
    flyers = [i for i in mine if "flying" in subtypes(self, self.cards[i])]
    for enemy in opponents(self, seat):
        for nation in sorted(self.players[enemy].grid.values()):
            for road in self.cards[nation].d.roads:  # the checks of _battle_problem, each once
                for commander in (flyers if road_closed(self, nation, road) else mine):
                    out.append(made(DeclareBattle, nation, road, commander))
        heroes = [i for i in mine if "hero" in subtypes(self, self.cards[i])]
        for challenger in heroes:
            for challenged in self.players[enemy].leaders:
                a = made(DeclareDuel, challenger, challenged)
                if _duel_problem(self, seat, a) is None:
                    out.append(a)
    return out


def _fighter_problem(self: MitoszState, seat: int, iid: object, attack: bool) -> tuple[str, Said] | None:
    """A leader named into a fight: own, in the leader row, unrotated, able to fight (MIT-6.2.3.2.b,
    MIT-7.2.3, OP-50)."""
    if not isinstance(iid, int) or not 0 <= iid < len(self.cards) or iid not in self.players[seat].leaders:
        return ("MIT-6.2.3.2.b", said(N_("name one of your leaders in your leader row")))
    inst = self.cards[iid]
    if card_type(self, inst) != "leader":
        return ("MIT-5.16", said(N_("{card} is a {type} now, not a leader"), card=inst.d, type=kept(CARD_TYPE_WORDS, card_type(self, inst))))
    if inst.rotated:
        return ("MIT-6.2.3.2.b", said(N_("{card} is rotated: only an unrotated leader starts or joins a fight"), card=inst.d))
    if attack and restricted(self, inst, "cannot_attack"):
        return ("MIT-7.2.3.a", said(N_("{card} cannot attack"), card=inst.d))
    if restricted(self, inst, "cannot_fight"):
        return ("MIT-7.2.3.b", said(N_("{card} cannot fight"), card=inst.d))
    if self.fight is not None and iid in self.fight.leaders:
        return ("OP-50", said(N_("{card} is already in the fight"), card=inst.d))
    return None


def _declare_common(self: MitoszState, seat: int, resolving: bool) -> tuple[str, Said] | None:
    if resolving:
        return None  # the declaration itself used up the battle phase's fight
    if self.phase is not BATTLE or seat != self.active or self.mode is not WINDOW:
        return ("MIT-6.2.3.2.b", said(N_("a fight is declared by the active player in the battle phase")))
    if self.fight is not None or self.fought == self.turn:
        return ("MIT-6.2.3.2.c", said(N_("one fight may be started per battle phase")))
    return None


def _battle_problem(self: MitoszState, seat: int, a: DeclareBattle,
                    resolving: bool = False) -> tuple[str, Said] | None:
    bad = _declare_common(self, seat, resolving)
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
    bad = _fighter_problem(self, seat, a.commander, attack=True)
    if bad:
        return bad
    flying = "flying" in subtypes(self, self.cards[a.commander])
    if road_closed(self, n, a.road) and not flying:
        return ("MIT-3.2.2.a", said(N_("the {road} road of {nation} is closed: attack through a free road (or with a flying commander, MIT-8.flying)"), road=kept(ROAD_NAMES, a.road), nation=nation.d))
    return None


def _duel_problem(self: MitoszState, seat: int, a: DeclareDuel, resolving: bool = False) -> tuple[str, Said] | None:
    bad = _declare_common(self, seat, resolving)
    if bad:
        return bad
    bad = _fighter_problem(self, seat, a.challenger, attack=True)
    if bad:
        return bad
    if "hero" not in subtypes(self, self.cards[a.challenger]):
        return ("MIT-8.hero", said(N_("{challenger} is not a hero and cannot issue a challenge"), challenger=self.cards[a.challenger].d))
    c = a.challenged
    if not isinstance(c, int) or not 0 <= c < len(self.cards) or self.cards[c].zone != "board" \
            or c not in self.players[self.cards[c].controller].leaders:
        return ("MIT-7.6.2", said(N_("challenge a leader in an enemy leader row")))
    if card_type(self, self.cards[c]) != "leader":
        return ("MIT-5.16", said(N_("{card} is no leader now"), card=self.cards[c].d))
    if self.cards[c].controller == seat:
        return ("MIT-7.2.1.c", said(N_("a fight is started only against an enemy player's nation or leader")))
    return None


def _named(self: MitoszState, seat: int, iid: int, row: int, rule: str) -> None:
    if row == 0:
        self.note(N_("P{seat} names {card} commander ({rule})"), seat=seat, card=self.cards[iid].d, rule=rule)
    else:
        self.note(N_("P{seat} names {card} companion in the {row} ({rule})"), seat=seat, card=self.cards[iid].d,
                  row=Said(ROW_NAMES[ROWS[row]]), rule=rule)


def fight_text(self: MitoszState, a: DeclareBattle | DeclareDuel) -> Said:
    """A declared fight in words, kept and read in the reader's language."""
    name: Callable[[object], CardDef | str] = \
        lambda i: self.cards[i].d if isinstance(i, int) and 0 <= i < len(self.cards) else str(i)  # noqa
    if isinstance(a, DeclareBattle):
        return said(N_("{commander} attacks {nation} through its {road} road"), commander=name(a.commander),
                    nation=name(a.nation), road=Said(ROAD_NAMES.get(a.road, a.road)))
    return said(N_("{challenger} challenges {challenged}"), challenger=name(a.challenger),
                challenged=name(a.challenged))


def check_declare(self: MitoszState, seat: int, a: DeclareBattle | DeclareDuel,
                  counter: bool) -> tuple[str, Said] | None:
    if counter:
        return ("MIT-6.4.1", said(N_("a fight is not declared in a counter round (OP-23)")))
    return _battle_problem(self, seat, a) if isinstance(a, DeclareBattle) else _duel_problem(self, seat, a)


def start_fight(self: MitoszState, item: Item) -> None:
    """The declaration resolves: the fight begins, unless it became illegal meanwhile (OP-39)."""
    seat = item.player
    self.fought = self.turn
    a = item.declared
    bad = _battle_problem(self, seat, a, resolving=True) if isinstance(a, DeclareBattle) else \
        _duel_problem(self, seat, a, resolving=True)
    if bad:
        self.note(N_("the fight does not happen: {reason} ({rule}, OP-39)"), reason=bad[1], rule=bad[0])
        return
    wake_attacked(self, a.nation if isinstance(a, DeclareBattle) else a.challenged)  # OP-35: before anyone is named
    if isinstance(a, DeclareBattle):
        defender = self.cards[a.nation].controller
        f = Fight("battle", seat, defender, a.nation, a.road)
        _up._join(self, f, a.commander, "att", 0)
        self.note(N_("P{seat} attacks {nation} (P{defender}) through its {road} road, led by {commander} (MIT-7.4.1, MIT-7.4.2)"), seat=seat, nation=self.cards[a.nation].d, defender=defender, road=Said(ROAD_NAMES[a.road]), commander=self.cards[a.commander].d)
    else:
        defender = self.cards[a.challenged].controller
        f = Fight("duel", seat, defender)
        _up._join(self, f, a.challenger, "att", 0)
        _up._join(self, f, a.challenged, "def", 0)
        self.note(N_("{challenger} (P{seat}) challenges {challenged} (P{defender}) to a duel (MIT-7.6.1, MIT-7.6.2)"), challenger=self.cards[a.challenger].d, seat=seat, challenged=self.cards[a.challenged].d, defender=defender)
    writes.start_fight(self, f)
