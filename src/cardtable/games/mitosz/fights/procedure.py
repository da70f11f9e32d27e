"""The fight's procedure: the machine's step ``fight`` moving it on stage by stage, joining members, and the
answers to the fight's prompts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..text import ROW_INTO
from ..words import N_, Said, said
from ..prompts.fights import FightHelp
from .fight import Fight, ROWS
from ..modes import WINDOW
from ..acts_costs import summon_cost
from .armies import _ask_army_leader, _summon_defender, army_candidates
from .declaring import _named
from .members import current_fight
from .mounts import mount_of
from .results import _ask_monster, _ask_spoils, _cleanup, _compare, _destroy_nation, _end_effects, _outcome
from ..flow.machine import _push
from ..flow.prompts import set_prompt
from ..moves import leave_board, pay
from ..writes import join_fight, remove_supply, set_supply_mode, to_row

if TYPE_CHECKING:
    from ..prompts.fights import FightLeader, MonsterReturn, SupplyMode
    from ..state import MitoszState


# -- the procedure (the machine's step ``fight``) ---------------------------------------------------
def _step_fight(self: MitoszState) -> bool:
    """One stage of the fight. Who acts in each is Appendix C's reconstruction of the lost actor icons
    (MIT-7.2.6, OP-38): the attacker declares; the defender names or summons its commander and, in
    turn with the attacker, the companions (a helper sends its own); the rounds go round the fight's
    players from the first (the attacker; in a duel the challenged player); the defender decides on
    saving the nation; the winner takes the spoils; every other prompt goes to the controller of the
    card it is about (a supply's mode in the reserve: the opposing commander's player)."""
    f = self.fight
    if f is None:
        _push(self, "next_phase")
        return False
    stage = f.stage
    if stage == "commander":
        return _ask_army_leader(self, "def", 0, "MIT-7.4.3.1")
    if stage in ("att_c1", "def_c1", "att_c2", "def_c2"):
        side = stage[:3]
        second = stage.endswith("2")
        if f.commander(side) < 0 or (second and not _companions(self, side)):
            return _advance(self)  # OP-50: companions need a commander, a second one a first
        rule = {"att_c1": "MIT-7.4.4", "def_c1": "MIT-7.4.5", "att_c2": "MIT-7.4.6", "def_c2": "MIT-7.4.7"}[stage]
        return _ask_army_leader(self, side, None, rule)
    if stage == "rounds":
        self.mode = WINDOW
        self.priority = f.first
        self.passes = 0
        self.cycle = False
        return True
    if stage == "compare":
        _compare(self)
        return _advance(self)
    if stage == "outcome":
        return _outcome(self)
    if stage == "spoils":
        return _ask_spoils(self)
    if stage == "end_effects":
        return _end_effects(self)
    if stage == "monsters":
        return _ask_monster(self)
    if stage == "cleanup":
        _cleanup(self)
        return False
    raise AssertionError(stage)


def _advance(self: MitoszState, to: str | None = None) -> bool:
    order = ("commander", "att_c1", "def_c1", "att_c2", "def_c2", "rounds", "compare", "outcome", "spoils",
             "end_effects", "monsters", "cleanup")
    f = self.fight
    assert f is not None  # (called in a fight)
    f.stage = to or order[order.index(f.stage) + 1]
    _push(self, "checks", "fight")  # what the last stage did is checked first (a lost nation, MIT-3.4.2.b)
    return False


def _join(self: MitoszState, f: Fight, leader: int, side: str, row: int) -> None:
    """An army leader or duelist joins; its mount fights beside it as a beast supply (OP-57, OP-54)."""
    mount = mount_of(self, leader)
    join_fight(self, f, leader, (side, row),
                      ((mount, (side, row, "full" if row == 0 else "level")),) if mount >= 0 else ())


def _companions(self: MitoszState, side: str) -> list[int]:
    # (asked in a fight)
    return [i for i, (s, r) in current_fight(self).leaders.items() if s == side and r > 0]


# -- prompts of the fight (answers are options; the questions are in prompts/fights.py) -----------
def answer_army(self: MitoszState, pr: FightLeader | FightHelp, index: int) -> None:
    """A leader named for an army (MIT-7.4.3–7.4.7), a helper asked or a companion sent (OP-65)."""
    f = self.fight
    assert f is not None  # (called in a fight)
    what, iid, row = pr.choices[index][:3]
    if what == "none" and isinstance(pr, FightHelp):
        f.declined = f.declined + (pr.player,)
        self.note(N_("P{seat} declines to help"), seat=pr.player)
        _push(self, "checks", "fight")  # the same step again: the asker names someone else, or no one
        return
    if what == "ask":  # MIT-7.4.4, MIT-7.4.5: the asked player may provide a companion
        helper, side = iid, pr.side
        rows = [r for r in (1, 2) if f.row_leader(side, r) < 0]
        choices: list[tuple[Any, ...]] = [("none", None, None)] + [
            ("help", i, r) for i in army_candidates(self, side, helper) for r in rows]
        self.note(N_("P{seat} asks P{helper} for help ({rule})"), seat=pr.player, helper=helper, rule=pr.rule)
        set_prompt(self, "fight_help", helper, rule=pr.rule, side=side, choices=choices,
                        options=[Said(N_("decline"))] + [
                            said(N_("send {card} {into}"), card=self.cards[i].d, into=Said(ROW_INTO[ROWS[r]]))
                            for _k, i, r in choices[1:]])
        return
    if what == "help":  # OP-65: the helper becomes an allied player of that side for this fight
        f.helpers[pr.player] = pr.side
        self.note(N_("P{player} helps P{seat_of} (OP-65)"), player=pr.player, seat_of=f.seat_of(pr.side))
        what = "leader"
    if what == "summon":  # MIT-7.4.3.1, OP-50: a defending leader summoned from the hand
        _summon_defender(self, pr, iid, row, pr.choices[index][3:])
        return
    if what == "leader":
        _join(self, f, iid, pr.side, row)
        _named(self, pr.player, iid, row, pr.rule)
    _advance(self)


def answer_supply_mode(self: MitoszState, pr: SupplyMode, index: int) -> None:
    """OP-20: the supply fights with its level or with its maneuvers."""
    f = self.fight
    assert f is not None  # (called in a fight)
    card: int = pr.card  # type: ignore[assignment]  # the rules always name the supply (supplies.py)
    side, row, _mode = f.supplies[card]
    mode = ("level", "maneuvers")[index]
    set_supply_mode(self, f, card, (side, row, mode))
    if mode == "level":
        self.note(N_("P{seat} chooses: {card} fights with its level ({rule}, OP-20)"), seat=pr.player,
                  card=self.cards[card].d, rule=pr.rule)
    else:
        self.note(N_("P{seat} chooses: {card} fights with its maneuvers ({rule}, OP-20)"), seat=pr.player,
                  card=self.cards[card].d, rule=pr.rule)


def answer_save_nation(self: MitoszState, index: int) -> None:
    """MIT-7.4.10.2: the commander sacrificed to save the nation (answer 1), or the nation destroyed."""
    f = self.fight
    assert f is not None  # (called in a fight)
    if index == 1:
        commander = f.commander("def")
        self.note(N_("P{defender} sacrifices {commander} to save {nation} (MIT-7.4.10.2)"), defender=f.defender,
                  commander=self.cards[commander].d, nation=self.cards[f.nation].d)
        leave_board(self, commander, "afterworld", "sacrifice")
    else:
        _destroy_nation(self)
    _advance(self, "spoils")


def answer_monster_return(self: MitoszState, pr: MonsterReturn, index: int) -> None:
    """MIT-8.monster.5: the monster paid for again stays a leader (answer 1); else it goes its way."""
    iid = pr.card
    if index == 1:
        inst = self.cards[iid]
        pay(self, pr.player, list(summon_cost(self, iid)))
        remove_supply(self, current_fight(self), iid)  # in a fight
        to_row(self, inst, inst.controller)
        inst.rotated = False
        self.note(N_("P{seat} pays {card}'s cost again: it stays as a leader (MIT-8.monster.5)"), seat=pr.player,
                  card=inst.d)
    current_fight(self).stage = "monsters"  # in a fight
    _push(self, "fight")
