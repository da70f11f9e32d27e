"""The checks of a maneuver use: the gate on the user and the moment, timing, parameters and conditions,
bound and free maneuvers, fates and attached runes (the rule each check enforces)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import acts_info as _acts_info
from .actions import UseFate, UseFreeManeuver, UseManeuver, made
from .acts_info import FAIL, IMPLICIT, SACRIFICE, Bad, MInfo, _at_zone, minfo
from .cards import NON_ROTATING, PERMANENT_TYPES, linked
from .moves import spheres_text
from .text import SUBTYPE_WORDS
from .words import N_, Said, join, said
from .modes import BATTLE
from .acts_costs import maneuver_cost
from .acts_summon import _in_hand, god_linked
from .acts_targets import target_options
from .fights.members import defended_here, fight_scope_problem, in_rounds
from .levels.abilities import neutralized, restricted
from .levels import board as _board
from .levels.board import is_cursed, rune_host
from .levels.card_types import card_type, retyping, subtypes
from .levels.filters import compare, matches
from .moves import can_pay
from . import upcalls as _up

#: the maneuvers' infos, bound by assignment (an imported name's ``_INFO.get(…)`` would not compile to a
#: method call)
_INFO = _acts_info._INFO

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence
    from typing import Any

    from cardtable.engine import Action

    from .cards import CardDef
    from .schema.maneuvers import Maneuver
    from .state import Inst, MitoszState


def _maneuver_gate(self: MitoszState, seat: int, user: Inst | None, m: Maneuver | None, counter: bool,
                   card: int | None = None, explain: bool = True) -> Bad | None:
    """The checks on the user and the moment, shared by bound and free maneuvers and fates. The legal-action
    list asks without ``explain`` (a refusal then carries no words: it is thrown away)."""
    info = (_INFO.get(id(m)) or minfo(m)) if m is not None else IMPLICIT
    if counter and info.normal:
        return ("MIT-6.4.1", said(N_("in a counter round only counter or locked effects may be used (OP-23)")))
    if info.timing:  # the timing marker first: it names the more specific rule (S-13)
        bad = _timing_problem(self, seat, info)
        if bad:
            return bad
    if not counter and self.phase is BATTLE:
        bad = fight_scope_problem(self, seat, user, m)
        if bad:
            return bad
    if info.stack_only and not self.stack:
        return ("MIT-4.6.1", said(N_("the maneuver targets something on the stack, and the stack is empty")))
    if user is None:
        return None
    if not explain:
        return _user_gate(self, seat, user, info, card)
    if user.dormant is not None:
        return ("MIT-5.15", said(N_("{user} is dormant: it cannot act until it wakes (OP-35)"), user=user.d)) if explain else FAIL
    if self.effects and neutralized(self, user):
        return ("MIT-5.5", said(N_("{user}'s ability is neutralized: it cannot use maneuvers"), user=user.d)) if explain else FAIL
    if restricted(self, user, "cannot_use_maneuvers"):
        return ("MIT-5.5", said(N_("{user} cannot use maneuvers now"), user=user.d)) if explain else FAIL
    mid = info.mid
    if card is None and user.blocked and mid in user.blocked:
        return ("MIT-4.1.e", said(N_("this maneuver of {user} was neutralized this turn: it cannot be used again until the start of the next turn"), user=user.d)) if explain else FAIL
    if not info.permanent:
        # MIT-5.16: a card rotates, or not, as the type it has now
        t = card_type(self, user) if self.effects or self.fight is not None else user.d.card_type
        if t == "high_god":
            if card is None and user.uses and user.uses.get(mid):
                return ("MIT-4.5", said(N_("{user} has used this maneuver this turn"), user=user.d)) if explain else FAIL
        elif t in NON_ROTATING:
            if user.spent:
                return ("MIT-4.5", said(N_("{user} has used a maneuver this turn and cannot use more (OP-28)"), user=user.d)) if explain else FAIL
        elif user.rotated:
            return ("MIT-3.4.1.a", said(N_("{user} is rotated: only permanent maneuvers may be used by it"), user=user.d)) if explain else FAIL
    elif info.per_turn and card is None:
        if user.uses and user.uses.get(mid, 0) >= info.per_turn:
            return ("MIT-4.2.6.a", said(N_("this maneuver of {user} may be used {per_turn} times per turn"), user=user.d, per_turn=info.per_turn)) if explain else FAIL
    if info.sacrifice_user:
        if is_cursed(self, user):
            return ("MIT-2.4.b", said(N_("{user} is cursed and cannot be sacrificed"), user=user.d)) if explain else FAIL
        if user.d.card_type == "high_god":
            return ("MIT-3.1.f", said(N_("the high god cannot be sacrificed")))
    return None


def _user_gate(self: MitoszState, seat: int, user: Inst, info: MInfo, card: int | None) -> Bad | None:
    """The user's checks of ``_maneuver_gate`` for the legal-action list: the same checks (any one failing
    refuses), the card's own marks first and the effects and statics last, which cost the most to read."""
    if not _user_may(self, seat, user, info, card) or not _user_free_of_effects(self, user):
        return FAIL
    return None


def _user_may(self: MitoszState, seat: int, user: Inst, info: MInfo, card: int | None) -> bool:
    """The user's own marks allow the maneuver (the cheap half of ``_user_gate``)."""
    if user.dormant is not None:
        return False  # MIT-5.15
    mid = info.mid
    if card is None and user.blocked and mid in user.blocked:
        return False  # MIT-4.1.e
    if not info.permanent:
        t = card_type(self, user) if self.effects or self.fight is not None else user.d.card_type  # MIT-5.16
        if t == "high_god":
            if card is None and user.uses and user.uses.get(mid):
                return False  # MIT-4.5
        elif t in NON_ROTATING:
            if user.spent:
                return False  # MIT-4.5, OP-28
        elif user.rotated:
            return False  # MIT-3.4.1.a
    elif info.per_turn and card is None:
        if user.uses and user.uses.get(mid, 0) >= info.per_turn:
            return False  # MIT-4.2.6.a
    if info.sacrifice_user and (is_cursed(self, user) or user.d.card_type == "high_god"):
        return False  # MIT-2.4.b, MIT-3.1.f
    return True


def _user_free_of_effects(self: MitoszState, user: Inst) -> bool:
    """No effect or static keeps the user from using maneuvers (the costly half of ``_user_gate``)."""
    if self.effects and neutralized(self, user):
        return False  # MIT-5.5
    return not restricted(self, user, "cannot_use_maneuvers")  # MIT-5.5


def timing_problem(self: MitoszState, seat: int, m: Maneuver | None) -> Bad | None:
    if m is None or not m.timing:
        return None
    return _timing_problem(self, seat, _INFO.get(id(m)) or minfo(m))


def _timing_problem(self: MitoszState, seat: int, info: MInfo) -> Bad | None:
    if info.action and seat != self.active:
        return ("MIT-4.2.1.a", said(N_("an action maneuver is used only in its player's turn")))
    if info.reaction and seat == self.active:
        return ("MIT-4.2.1.b", said(N_("a reaction maneuver is not used in its player's own turn")))
    if info.rite and self.phase is BATTLE:
        return ("MIT-4.2.1.c", said(N_("a rite maneuver is not used in a battle phase")))
    if info.battle and not in_rounds(self):
        return ("MIT-4.2.1.d", said(N_("a battle maneuver is used only in a fight of the battle phase")))
    return None


def _params_problem(self: MitoszState, seat: int, m: Maneuver | None, card: int, user: int, targets: Sequence[int],
                    steps: int | None, times: int | None, free: bool) -> Bad | None:
    if m is None:
        if targets or steps is not None or times is not None:
            return ("MIT-4.6.2.2", said(N_("sacrificing the card takes no targets, steps or repetitions")))
        return None
    if m.steps:
        if steps is None or not 1 <= steps <= len(m.steps):
            return ("MIT-4.2.6.d", said(N_("say how many steps you use: 1 to {n}"), n=len(m.steps)))
    elif steps is not None:
        return ("MIT-4.2.6.d", said(N_("this maneuver has no steps")))
    if m.per is not None:
        if times is None or not 1 <= times <= 9:
            return ("MIT-4.2.6.e", said(N_("say how many times you fulfil the requirement after the slash: 1 to 9")))
    elif times is not None:
        return ("MIT-4.2.6.e", said(N_("this maneuver has no slash: it is used once")))
    cost = maneuver_cost(self, m, steps, times, free, card)
    if not can_pay(self, seat, cost):
        return ("MIT-4.2.2", said(N_("the usage cost is {cost}; your spheres hold {spheres}"), cost=spheres_text(cost),
                             spheres="/".join(map(str, self.players[seat].spheres))))
    if tuple(targets) not in target_options(self, seat, m, card, user):
        return ("MIT-4.6.1", said(N_("those targets are not allowed for this maneuver (OP-29)")))
    return _conditions_problem(self, seat, m, card)


def _conditions_problem(self: MitoszState, seat: int, m: Maneuver, card: int) -> Bad | None:
    """MIT-5.11: a sacrifice, discard or state requirement of the maneuver must be met."""
    c: Any  # a condition model, told apart by its class's name
    for c in m.conditions:
        kind = type(c).__name__
        if kind == "SacrificeCondition":
            p = c.sacrifice
            n = sum(1 for i in self.cards if matches(self, i, p.filter, seat, {}) and i.controller == seat
                    and not is_cursed(self, i))
            if n < p.n:
                return ("MIT-5.11", said(N_("the maneuver needs a card to sacrifice, and you have none that fits")))
        elif kind == "DiscardCondition":
            f = c.discard.filter
            fitting = [i for i in self.players[seat].hand if i != card
                       and (f is None or matches(self, self.cards[i], _at_zone(f, "hand"), seat, {}))]
            if len(fitting) < c.discard.n:
                return ("MIT-5.11", said(N_("the maneuver needs {n} card(s) to discard"), n=c.discard.n))
        elif kind == "RequiresCondition":
            r = c.requires
            count = sum(1 for i in self.cards if matches(self, i, r.count.filter, seat, {}))
            if not compare(self, count, r, {}, None):
                return ("MIT-5.11", said(N_("the maneuver's requirement is not met")))
    return None


# -- an attached rune, its host's bound maneuver (MIT-3.9.i, OP-60) ------------------------------------
def _rune_options(self: MitoszState, seat: int, rune: Inst, counter: bool) -> list[Action]:
    out: list[Action] = []
    host = rune.host
    for m in rune.d.options or rune.d.maneuvers:
        for targets, steps, times in _up._variants(self, seat, m, rune.iid, host, free=False):
            a = made(UseManeuver, rune.iid, m.id, targets, steps, times)
            if targets == (host,) and _rune_use_problem(self, seat, a, counter) is None:
                out.append(a)
    return out


def _rune_use_problem(self: MitoszState, seat: int, a: UseManeuver, counter: bool) -> Bad | None:
    """OP-60: the card a rune is attached to uses it as its own bound maneuver (it rotates, MIT-4.6.3), and
    the effect applies only to that card."""
    rune = self.cards[a.card]
    host = self.cards[rune.host]
    if rune.controller != seat or host.controller != seat:
        return ("MIT-3.9.i", said(N_("{rune} is used by {host}, the card it is attached to, for that card's player"), rune=rune.d, host=host.d))
    m = rune.d.maneuver(a.maneuver)
    if m is None:
        return ("MIT-4.6.2.2", said(N_("{rune} has no maneuver {maneuver} to use"), rune=rune.d, maneuver=repr(a.maneuver)))
    if tuple(a.targets) != (host.iid,):
        return ("OP-60", said(N_("an attached rune's effect applies only to {host}, the card it is attached to"), host=host.d))
    bad = _maneuver_gate(self, seat, host, m, counter, card=rune.iid)
    if bad:
        return bad
    return _params_problem(self, seat, m, rune.iid, host.iid, a.targets, a.steps, a.times, False)


def check_maneuver(self: MitoszState, seat: int, a: UseManeuver, counter: bool) -> Bad | None:
    if isinstance(a.card, int) and 0 <= a.card < len(self.cards) \
            and self.cards[a.card].d.card_type in ("free_maneuver", "fate"):
        if rune_host(self, self.cards[a.card]) >= 0:
            return _rune_use_problem(self, seat, a, counter)
        return ("MIT-4.6.2.1", said(N_("{card} is used from the hand; on the board it only lasts"), card=self.cards[a.card].d))
    if a.maneuver == SACRIFICE and isinstance(a.card, int) and 0 <= a.card < len(self.cards) \
            and self.cards[a.card].zone == "board" and is_cursed(self, self.cards[a.card]):
        return ("MIT-2.4.b", said(N_("{card} is cursed and cannot be sacrificed (OP-16)"), card=self.cards[a.card].d))
    if not isinstance(a.card, int) or not 0 <= a.card < len(self.cards) or self.cards[a.card].zone != "board" \
            or self.cards[a.card].controller != seat:
        return ("MIT-4.6.2.2", said(N_("name a maneuver of one of your cards on the board")))
    inst = self.cards[a.card]
    if a.maneuver == SACRIFICE and inst.d.implicit_sacrifice:
        m = None
        if inst.host < 0 or self.cards[inst.host].controller != seat:
            return ("MIT-3.5.c", said(N_("{card} may be sacrificed only while attached to your own card"), card=inst.d))
    else:
        m = next((x for x in inst.d.usable if x.id == a.maneuver), None)
        if m is None:
            return ("MIT-4.6.2.2", said(N_("{card} has no maneuver {maneuver} to use"), card=inst.d, maneuver=repr(a.maneuver)))
    bad = _maneuver_gate(self, seat, inst, m, counter)
    if bad:
        return bad
    return _params_problem(self, seat, m, a.card, a.card, a.targets, a.steps, a.times, False)


def _free_user_problem(self: MitoszState, seat: int, iid: int, user: Inst) -> Bad | None:
    if user.dormant is not None:
        return ("MIT-5.15", said(N_("{user} is dormant: it cannot act until it wakes (OP-35)"), user=user.d))
    if user.zone == "board" and user.controller == seat and user.d.card_type not in ("nation", "location") \
            and not retyping(self):  # a nation's or location's answer depends on the fight
        # then only the two definitions decide (no effect changes the user's subtypes or type; a leader
        # fighting as a supply may use it as a leader may): kept for good
        known = self.cards[iid].d.free_users
        hit = known.get(user.d, known)
        if hit is known:
            hit = known[user.d] = _free_user_check(self, seat, iid, user)
        return hit  # type: ignore[no-any-return]  # (``free_users`` keeps Bad | None answers)
    cache: dict[Any, Bad | None] = _board.cache(self)
    key = ("fu", iid, user.iid, seat)
    if key in cache:
        return cache[key]
    bad = cache[key] = _free_user_check(self, seat, iid, user)
    return bad


def _free_user_check(self: MitoszState, seat: int, iid: int, user: Inst) -> Bad | None:
    """(Its reasons are kept texts, read in each reader's language: the answer is kept with the definitions.)"""
    d = self.cards[iid].d
    ud = user.d
    if user.zone != "board" or user.controller != seat:
        return ("MIT-3.9.b", Said(N_("the user is one of your cards on the board")))
    if card_type(self, user) not in ("leader", "nation", "location", "intrigue", "item", "high_god", "supply"):
        return ("MIT-3.9.b", Said(N_("free maneuvers are used by permanent cards and supplies")))  # MIT-5.16: as it is now
    if ud.card_type == "nation" and not defended_here(self, user):
        return ("MIT-3.2.2.d", Said(N_("a nation uses a free maneuver only while it fights")))
    if ud.card_type == "location" and not defended_here(self, user):
        return ("MIT-3.3.d", Said(N_("a location uses a free maneuver only while it fights")))
    if linked(d, ud):
        return None  # MIT-3.9.h
    groups = d.requirement_groups
    if groups:
        subs = subtypes(self, user)
        if not any(g <= subs for g in groups):
            return ("MIT-3.9.c", said(N_("{user} does not meet the requirements of {card} ({requirement_text})"), user=ud, card=d,
                                      requirement_text=join((join((Said(SUBTYPE_WORDS.get(x, x)) for x in sorted(g)),
                                                                  "+") for g in d.requirement_groups), " / ")))
    return None


def _rune_problem(self: MitoszState, d: CardDef, user: Inst, targets: Sequence[int],
                  explain: bool = True) -> Bad | None:
    """MIT-8.rune, OP-60: a scribe may attach a rune it uses to the maneuver's one target card."""
    if "rune" not in d.subtypes:
        return ("MIT-8.rune", said(N_("{card} is not a rune: it cannot be attached"), card=d)) if explain else FAIL
    if "scribe" not in subtypes(self, user):
        return ("MIT-8.rune", said(N_("{user} is no scribe: only a scribe attaches a rune"), user=user.d)) if explain else FAIL
    if len(targets) != 1 or not 0 <= targets[0] < len(self.cards) or self.cards[targets[0]].zone != "board":
        return ("MIT-8.rune", said(N_("a rune is attached to the one card it targets")))
    host = self.cards[targets[0]]
    # OP-60: the rune becomes the host's bound maneuver (MIT-3.9.i), which only permanent cards and supplies carry
    # (MIT-5.1); a fate or a lasting free maneuver cannot use it (it neither rotates nor is spent, MIT-4.5).
    kind = card_type(self, host)
    if kind not in PERMANENT_TYPES and kind != "supply":
        return ("MIT-8.rune", said(N_("a rune is attached to a permanent card or a supply, whose bound maneuver it "
                                      "becomes; {card} is neither"), card=host.d)) if explain else FAIL
    return None


def check_free(self: MitoszState, seat: int, a: UseFreeManeuver, counter: bool) -> Bad | None:
    bad = _in_hand(self, seat, a.card, N_("use a free maneuver"))
    if bad:
        return bad
    d = self.cards[a.card].d
    if d.card_type != "free_maneuver":
        return ("MIT-3.9.a", said(N_("{card} is not a free maneuver"), card=d))
    m = d.maneuver(a.option)  # a free maneuver has one maneuver or its options, never both (MIT-3.9.e)
    if m is None:
        return ("MIT-3.9.e", said(N_("{card} has no option {option}"), card=d, option=repr(a.option)))
    if not isinstance(a.user, int) or not 0 <= a.user < len(self.cards):
        return ("MIT-3.9.b", said(N_("name the card that uses the maneuver")))
    user = self.cards[a.user]
    bad = _free_user_problem(self, seat, a.card, user) or _maneuver_gate(self, seat, user, m, counter, card=a.card)
    if bad:
        return bad
    bad = _params_problem(self, seat, m, a.card, a.user, a.targets, a.steps, a.times, linked(d, user.d))
    if bad or not a.attach:
        return bad
    return _rune_problem(self, d, user, tuple(a.targets))


def check_fate(self: MitoszState, seat: int, a: UseFate, counter: bool) -> Bad | None:
    bad = _in_hand(self, seat, a.card, N_("use a fate"))
    if bad:
        return bad
    d = self.cards[a.card].d
    if d.card_type != "fate":
        return ("MIT-3.7.a", said(N_("{card} is not a fate"), card=d))
    if a.via is None:
        if not god_linked(self, seat, a.card):
            return ("MIT-3.7.a", said(N_("{card} is not linked to your high god: a god leader must allow it (MIT-8.god)"), card=d))
    elif a.via not in _up.god_allowances(self, seat):
        return ("MIT-8.god", said(N_("that is not one of your god leaders with an unused fate this turn (OP-62)")))
    m = d.maneuvers[0]
    bad = _maneuver_gate(self, seat, None, m, counter)
    if bad:
        return bad
    return _params_problem(self, seat, m, a.card, -1, a.targets, None, None, False)
