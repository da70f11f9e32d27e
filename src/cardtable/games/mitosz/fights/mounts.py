"""Mounts: when and how a mount is attached to another leader of its player's leader row."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..actions import AttachMount
from ..core import Eff
from ..text import SUBTYPE_WORDS, kept
from ..words import N_, Said, join, said
from .fight import LEADER_SUBTYPES, RACES
from ..modes import BATTLE, SUMMON_PHASES
from ..levels.board import attached
from ..levels.card_types import subtypes
from ..writes import attach, set_effects

if TYPE_CHECKING:
    from cardtable.engine import Action

    from ..core import Item
    from ..state import MitoszState


# -- mounts (MIT-8.mount, OP-57) ----------------------------------------------------------------
def mount_of(self: MitoszState, leader: int) -> int:
    return next((a.iid for a in attached(self, leader) if a.d.card_type == "leader" and a.dormant is None), -1)


def mount_window(self: MitoszState, seat: int) -> bool:
    """MIT-8.mount: whether ``seat`` may attach a mount now (it has priority in an open window). The rulebook
    sets no time for it, and moving a card is an act one may take whenever one may act (MIT-6.1.4.a): so by
    default in any open window but the battle phase's (MIT-7.2.1.b: a mount in the leader row is no card
    that can affect the fight). OP-57's reading, `mount_timing=summon_phases`: the active player's summon
    phases only."""
    if self.opts["mount_timing"] == "summon_phases":
        return seat == self.active and self.phase in SUMMON_PHASES
    return self.phase is not BATTLE


def mount_options(self: MitoszState, seat: int) -> list[Action]:
    if not mount_window(self, seat):
        return []
    p = self.players[seat]
    out: list[Action] = []
    for mount in p.leaders:
        if "mount" not in subtypes(self, self.cards[mount]):
            continue
        for host in p.leaders:
            for share in (None, *shareable(self, mount)):
                a = AttachMount(mount, host, share)
                if check_mount(self, seat, a) is None:
                    out.append(a)
    return out


def shareable(self: MitoszState, mount: int) -> list[str]:
    return sorted(subtypes(self, self.cards[mount]) - LEADER_SUBTYPES - RACES)


def check_mount(self: MitoszState, seat: int, a: AttachMount, counter: bool = False) -> tuple[str, Said] | None:
    if counter:
        return ("MIT-6.4.1", said(N_("a mount is not attached in a counter round (OP-23)")))
    if not mount_window(self, seat):
        if self.opts["mount_timing"] == "summon_phases":
            return ("MIT-8.mount", said(N_("a mount is attached by the active player in a summon phase (OP-57)")))
        return ("MIT-7.2.1.b", said(N_("no mount is attached in the battle phase: it cannot affect the fight")))
    p = self.players[seat]
    if a.mount not in p.leaders or "mount" not in subtypes(self, self.cards[a.mount]):
        return ("MIT-8.mount", said(N_("name a mount in your leader row")))
    if a.host not in p.leaders or a.host == a.mount:
        return ("MIT-8.mount", said(N_("name another leader in your leader row to carry it")))
    host = self.cards[a.host]
    if "mount" in subtypes(self, host):
        return ("MIT-8.mount", said(N_("{host} is a mount itself"), host=host.d))
    if mount_of(self, a.host) >= 0:
        return ("MIT-8.mount", said(N_("{host} already has a mount: at most one per leader"), host=host.d))
    if a.share is not None and a.share not in shareable(self, a.mount):
        shares = shareable(self, a.mount)
        if not shares:
            return ("MIT-8.mount", said(N_("the mount may share no subtype (not a leader subtype, not a race)")))
        return ("MIT-8.mount", said(N_("the mount may share one of {subtypes} (not a leader subtype, not a race)"),
                                 subtypes=join(kept(SUBTYPE_WORDS, x) for x in shares)))
    return None


def attach_mount(self: MitoszState, item: Item) -> None:
    a = item.declared
    mount, host = self.cards[a.mount], self.cards[a.host]
    if a.mount not in self.players[item.player].leaders or a.host not in self.players[item.player].leaders \
            or mount_of(self, a.host) >= 0:
        self.note(N_("{mount} cannot be attached any more"), mount=mount.d)
        return
    attach(self, mount, a.host, dormant=mount.dormant)  # it leaves the leader row (OP-57)
    if a.share:
        self.note(N_("{mount} is attached to {host}, sharing {subtype} (MIT-8.mount)"), mount=mount.d, host=host.d,
                  subtype=Said(SUBTYPE_WORDS.get(a.share, a.share)))
    else:
        self.note(N_("{mount} is attached to {host} (MIT-8.mount)"), mount=mount.d, host=host.d)
    if a.share:  # while it stays attached
        self.seq += 1
        set_effects(self, self.effects + [Eff(self.seq, "grant_subtype", item.player, a.mount, (a.host,), None,
                                                     a.share, ("attached", a.mount), frozenset(("leader", "mount")))])
