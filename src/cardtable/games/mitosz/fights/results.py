"""The end of a fight: comparing the armies, the outcome, the spoils, the end-of-fight effects, monsters
staying, and the cleanup.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..text import SPHERE_WORDS
from ..words import N_, Said, lazy, said
from .fight import SPHERES
from ..modes import BUSY
from ..acts_costs import summon_cost
from ..effects.triggers import push_triggers, triggered
from .strength import army_level
from .supplies import is_monster
from ..flow.machine import _push
from ..flow.prompts import set_prompt
from ..levels.board import is_cursed
from ..moves import can_pay, draw, leave_board, leave_together
from .. import upcalls as _up
from ..writes import end_fight, set_effects

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..prompts.fights import Spoils
    from ..state import MitoszState


# -- comparing and the outcome (MIT-7.4.9, MIT-7.4.10, MIT-7.6.4) ------------------------------------
def fight_broken(self: MitoszState) -> str | None:
    """OP-51, OP-54: a side whose commander (or nation, or duelist) left the board loses at once."""
    f = self.fight
    assert f is not None  # (called in a fight)
    gone: Callable[[int], bool] = lambda iid: iid < 0 or self.cards[iid].zone != "board"  # noqa: E731
    if f.kind == "duel":
        a, d = gone(f.commander("att")), gone(f.commander("def"))
    else:
        a = gone(f.commander("att"))
        d = gone(f.nation) or (f.commander("def") >= 0 and gone(f.commander("def")))
    if a and d:
        return "none"
    return "att" if d else "def" if a else None


def end_rounds_early(self: MitoszState, winner: str) -> None:
    f = self.fight
    assert f is not None  # (called in a fight)
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
    self.mode = BUSY
    f.stage = "outcome"
    _push(self, "fight")


def _compare(self: MitoszState) -> None:
    f = self.fight
    assert f is not None  # (called in a fight)
    att, dfn = army_level(self, "att"), army_level(self, "def")
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


def _outcome(self: MitoszState) -> bool:
    f = self.fight
    assert f is not None  # (called in a fight)
    if f.kind == "duel":
        if f.winner is not None and f.levels is not None:
            loser = f.commander("def" if f.winner == "att" else "att")
            if self.cards[loser].zone == "board":
                self.note(N_("{loser} loses the duel and is destroyed (MIT-7.6.4)"), loser=self.cards[loser].d)
                leave_board(self, loser, "afterworld", "destroy")
        return _up._advance(self, "end_effects")  # OP-54: no spoils after a duel
    if f.winner == "att" and self.cards[f.nation].zone == "board":
        commander = f.commander("def")
        if commander >= 0 and self.cards[commander].zone == "board" and not is_cursed(self, self.cards[commander]):
            set_prompt(self, "save_nation", f.defender, rule="MIT-7.4.10.2",
                            options=[said(N_("let {card} be destroyed"), card=self.cards[f.nation].d),
                                     said(N_("sacrifice {card} to save it"), card=self.cards[commander].d)])
            return True
        _destroy_nation(self)
    elif f.winner == "def":
        commander = f.commander("att")
        if commander >= 0 and self.cards[commander].zone == "board":
            self.note(N_("the attack failed: {commander} is destroyed (MIT-7.4.10.3)"), commander=self.cards[commander].d)
            leave_board(self, commander, "afterworld", "destroy")
    return _up._advance(self, "spoils")


def _destroy_nation(self: MitoszState) -> None:
    f = self.fight
    assert f is not None  # (called in a fight)
    if self.cards[f.nation].zone == "board":
        self.note(N_("{nation} is destroyed (MIT-7.4.10.2)"), nation=self.cards[f.nation].d)
        leave_board(self, f.nation, "afterworld", "destroy")


def _ask_spoils(self: MitoszState) -> bool:
    f = self.fight
    assert f is not None  # (called in a fight)
    if f.winner is None:
        return _up._advance(self, "end_effects")  # MIT-7.4.11: no spoils after a draw
    seat = f.seat_of(f.winner)
    if f.winner == "def":
        options = [Said(N_("draw a card")), Said(N_("take nothing"))]
    else:
        victim = self.players[f.defender]
        options = [Said(N_("take nothing"))] + [said(N_("steal 1 {sphere}"), sphere=Said(SPHERE_WORDS[name]))
                                                for s, name in enumerate(SPHERES) if victim.spheres[s] > 0]
        if len(options) == 1:
            self.note(N_("P{defender} has no sphere point to steal (OP-53)"), defender=f.defender)
            return _up._advance(self, "end_effects")
    set_prompt(self, "spoils", seat, rule="MIT-7.4.11", options=options)
    return True


def _take_spoils(self: MitoszState, pr: Spoils, index: int) -> None:
    f = self.fight
    assert f is not None  # (called in a fight)
    label = pr.options[index]
    if label == "draw a card":
        got = draw(self, f.defender, 1)
        self.note(lazy._n("P{defender} takes the spoils: draws {n} card (MIT-7.4.11)",
                         "P{defender} takes the spoils: draws {n} cards (MIT-7.4.11)", got, defender=f.defender))
    elif label.startswith("steal 1 "):
        s = SPHERES.index(label[len("steal 1 "):])
        self.players[f.defender].spheres[s] -= 1
        self.players[f.attacker].spheres[s] += 1  # above the maximum until the end phase (OP-53)
        self.note(N_("P{attacker} takes the spoils: 1 {sphere} from P{defender} (MIT-7.4.11)"), attacker=f.attacker, sphere=Said(SPHERE_WORDS[SPHERES[s]]), defender=f.defender)
    else:
        self.note(N_("P{seat} takes no spoils"), seat=pr.player)


def _end_effects(self: MitoszState) -> bool:
    """MIT-7.4.12, MIT-7.6.5: end-of-fight effects happen: the triggers ``fight_end {result}`` (spec 6.6) go on
    the stack — ``won``/``lost`` as the card's controller's side did, ``draw`` when nobody won, ``any``
    always — then the fight goes on to MIT-7.4.13 (the effects lasting until its end end there)."""
    f = self.fight
    assert f is not None  # (called in a fight)
    f.stage = "monsters"
    items = triggered(self, "fight_end", lambda trigger, seat, _card: _fight_result_holds(self, trigger.result, seat))
    if not items:
        return _ask_monster(self)
    if f.kind == "battle":
        self.note(N_("the battle is over: end-of-fight effects (MIT-7.4.12)"))
    else:
        self.note(N_("the duel is over: end-of-fight effects (MIT-7.6.5)"))
    push_triggers(self, items, "fight")
    return True


def _fight_result_holds(self: MitoszState, result: str, seat: int) -> bool:
    f = self.fight
    assert f is not None  # (called in a fight)
    if result == "any":
        return True
    if result == "draw":
        return f.winner is None
    side = f.side_of(seat)
    return side is not None and f.winner is not None and (side == f.winner) == (result == "won")


def _ask_monster(self: MitoszState) -> bool:
    """MIT-8.monster.5, OP-58: a monster of the winning side may stay, as a leader, for its cost again."""
    f = self.fight
    assert f is not None  # (called in a fight)
    for iid, (side, _row, _mode) in sorted(f.supplies.items()):
        inst = self.cards[iid]
        if inst.zone != "board" or not is_monster(inst.d) or side != f.winner or iid in f.asked:
            continue
        f.asked = f.asked + (iid,)
        seat = inst.controller
        cost = summon_cost(self, iid)
        if not can_pay(self, seat, cost):
            continue
        set_prompt(self, "monster_return", seat, rule="MIT-8.monster.5", card=iid,
                        options=[said(N_("let {card} go to the afterworld"), card=inst.d),
                                 said(N_("pay {cost} to keep it as a leader"), cost="/".join(map(str, cost)))])
        return True
    return _up._advance(self, "cleanup")


def _cleanup(self: MitoszState) -> None:
    """MIT-7.4.13, MIT-7.6.6: army leaders rotate, supplies go to the afterworld, fight effects end."""
    f = self.fight
    assert f is not None  # (called in a fight)
    for iid in f.leaders:
        inst = self.cards[iid]
        if inst.zone == "board":
            inst.rotated = True
    supplies = [i for i in f.supplies if self.cards[i].zone == "board" and self.cards[i].host < 0]
    if supplies:
        leave_together(self, supplies, "afterworld", "rule")
    if self.effects:
        set_effects(self, [e for e in self.effects if e.until[0] != "fight"])
        sources = {e.source for e in self.effects}
        ended = [i for i in self.fates + self.lingering if i not in sources]  # MIT-3.9.g: their effect ended
        if ended:
            leave_together(self, ended, "afterworld", "rule")
    if f.kind == "duel":
        self.note(N_("the duel ends: its leaders rotate (MIT-7.4.13)"))
    elif supplies:
        self.note(N_("the battle ends: its leaders rotate, its supplies go to the afterworld (MIT-7.4.13)"))
    else:
        self.note(N_("the battle ends: its leaders rotate (MIT-7.4.13)"))
    end_fight(self)
    self.mode = BUSY
    _push(self, "checks", "next_phase")  # OP-39: after a fight the battle phase ends
