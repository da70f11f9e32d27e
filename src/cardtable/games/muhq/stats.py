"""What a permanent is right now: printed values with static abilities, until-end-of-turn modifiers and the
field applied (spec 7.7 layer order; MUHQ-COMBAT-5, 6, 10; MUHQ-ARMOR-1; MUHQ-VEIL; MUHQ-PROT).

A :class:`Stats` is computed for every permanent on the board in one pass (:func:`compute_stats`) and kept
by the state until something changes (the state drops it on every change).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .effects import group
from .places import board_order, cell_of
from .effects import Ctx

if TYPE_CHECKING:  # pragma: no cover
    from collections.abc import Sequence

    from .objects import Perm
    from .state import MuhqState


class Stats:
    """What a permanent is right now. The state hands these out to read only: an unmodified permanent's is its
    definition's ``base_stats``, shared."""

    __slots__ = ("life", "movement", "armor", "attack", "veiled", "swimming", "protection_from", "crew", "printed")

    def __init__(self, d: Any) -> None:
        self.life = d.life
        self.movement = d.movement
        self.armor = d.armor
        self.attack = list(d.attack)
        self.veiled = d.veiled
        self.swimming = d.swimming
        self.protection_from = d.protection_from
        self.crew = d.crew
        self.printed = bool(d.attack)  # printed components come first in ``attack``; added ones follow

    def copy(self) -> "Stats":
        c = Stats.__new__(Stats)
        c.life, c.movement, c.armor, c.attack = self.life, self.movement, self.armor, list(self.attack)
        c.veiled, c.swimming, c.protection_from = self.veiled, self.swimming, self.protection_from
        c.crew, c.printed = self.crew, self.printed
        return c


def _modify(st: Stats, modify: dict[str, Any]) -> None:
    a = modify.get("attack", 0)
    if a:  # MUHQ-COMBAT-6: +N attack goes to the first printed component, or makes a melee component
        if st.printed:
            v, r = st.attack[0]
            st.attack[0] = (max(0, v + a), r)
        else:
            st.attack.append((max(0, a), 1))
    r = modify.get("range", 0)
    if r:  # spec 7.7: +N range for every ranged component (like high ground)
        st.attack = [(v, max(2, rr + r)) if rr > 1 else (v, rr) for v, rr in st.attack]
    st.movement = max(0, st.movement + modify.get("movement", 0))
    st.armor = max(0, st.armor + modify.get("armor", 0))
    st.life = max(0, st.life + modify.get("life", 0))


def compute_stats(s: "MuhqState") -> dict[int, Stats]:
    perms = s.perms
    # Most permanents are as printed: they share their definition's Stats (``Def.base_stats``), which nothing
    # changes; a permanent gets its own copy (own) before anything below changes it.
    out = {pid: p.d.base_stats for pid, p in perms.items()}

    def own(pid: int) -> Stats:
        st = out[pid]
        if st is perms[pid].d.base_stats:
            st = out[pid] = st.copy()
        return st

    grants: list[tuple[int, dict[str, Any]]] = []
    sources: Sequence[int]
    # Few permanents have static abilities: walk the board (in its order) only when one has some.
    for p in perms.values():
        if p.d.statics:
            sources = static_sources(s)
            break
    else:
        sources = ()
    for src in sources:
        p = perms[src]
        for _, ability in p.d.statics:
            for pid in static_subjects(s, p, ability["applies_to"]):
                grants.append((pid, ability))
    # Layer order (spec 7.7): grant, then remove, then the numbers. So remove beats grant.
    for pid, ability in grants:
        if "veiled" in ability.get("grant", ()):
            own(pid).veiled = True
    for pid, ability in grants:
        if "veiled" in ability.get("remove", ()):
            own(pid).veiled = False
    for pid, ability in grants:
        if "modify" in ability:
            _modify(own(pid), ability["modify"])
        for comp in ability.get("add_attack", ()):
            own(pid).attack.append((comp["value"], comp["range"]))
    high_ground = s.grid.high_ground
    for pid, p in perms.items():
        if p.eot:
            for modify in p.eot:
                _modify(own(pid), modify)
        cell = p.cell if p.base is None else cell_of(s, pid)
        if cell is not None and high_ground[cell]:  # MUHQ-COMBAT-10, OP-22
            st = own(pid)
            st.attack = [(v, r + 1) if r > 1 else (v, r) for v, r in st.attack]
    return out


def own_stats(s: "MuhqState", pid: int) -> Stats:
    """What compute_stats makes for ``pid`` when no permanent on the board has a static ability that looks for
    its subjects on the board (``Def.board_statics``): its printed values with the statics of its own that apply
    to itself and those of the equipment in its pile that apply to the equipped unit (in board order: itself,
    then its pile in order; layer by layer as compute_stats does), its until-end-of-turn modifiers, then high
    ground where it stands. Nothing else can change it then. Kept in step with compute_stats; used for the
    permanents that moved or entered (MuhqState.moved, entered)."""
    p = s.perms[pid]
    d = p.d
    st = d.base_stats
    cell = p.cell if p.base is None else cell_of(s, pid)
    if cell is not None:  # only what is on the board is a static source (compute_stats walks the board)
        grants = None
        if d.statics:
            for _, ability in d.statics:
                if ability["applies_to"] == "self":
                    grants = [ability] if grants is None else grants + [ability]
        perms = s.perms
        for m in p.pile:
            md = perms[m].d
            if md.statics and md.type == "equipment":
                for _, ability in md.statics:
                    if ability["applies_to"] == "equipped_unit":
                        grants = [ability] if grants is None else grants + [ability]
        if grants is not None:
            st = st.copy()
            for ability in grants:  # layer order (spec 7.7): grant, then remove, then the numbers
                if "veiled" in ability.get("grant", ()):
                    st.veiled = True
            for ability in grants:
                if "veiled" in ability.get("remove", ()):
                    st.veiled = False
            for ability in grants:
                if "modify" in ability:
                    _modify(st, ability["modify"])
                for comp in ability.get("add_attack", ()):
                    st.attack.append((comp["value"], comp["range"]))
    if p.eot:
        if st is d.base_stats:
            st = st.copy()
        for modify in p.eot:
            _modify(st, modify)
    if cell is not None and s.grid.high_ground[cell]:  # MUHQ-COMBAT-10, OP-22
        if st is d.base_stats:
            st = st.copy()
        st.attack = [(v, r + 1) if r > 1 else (v, r) for v, r in st.attack]
    return st


def profile(s: "MuhqState", pid: int) -> list[tuple[int, int]]:
    """MUHQ-COMBAT-5: the unit's components and those of the units in its pile (crew, MUHQ-PILE-6)."""
    st = s.stats()
    comps = list(st[pid].attack)
    for member in s.perms[pid].pile:
        if s.perms[member].d.type == "unit":
            comps.extend(st[member].attack)
    return comps


def attack_range(comps: list[tuple[int, int]]) -> int:
    """The longest range of the components, 0 without any (a loop: cheaper than max() over a generator, and
    asked for every unit action list)."""
    reach = None
    for _, r in comps:
        if reach is None or r > reach:
            reach = r
    return 0 if reach is None else reach


def attack_value(comps: list[tuple[int, int]], delta: int) -> int:
    """The attack value at distance delta: the sum of the components reaching that far (MUHQ-COMBAT-5)."""
    return sum(v for v, r in comps if r >= delta)


def static_sources(self: "MuhqState") -> list[int]:
    return [pid for pid in board_order(self) if self.perms[pid].d.statics]


def static_subjects(self: "MuhqState", src: Perm, applies_to: Any) -> list[int]:
    ctx = Ctx(src.id, src.d, src.controller)
    if applies_to == "self":
        return [src.id]
    if applies_to == "equipped_unit":
        return [src.base] if src.d.type == "equipment" and src.base is not None else []
    if isinstance(applies_to, dict) and "each" in applies_to:
        return group(self, applies_to, ctx, use_stats=False)
    return []
