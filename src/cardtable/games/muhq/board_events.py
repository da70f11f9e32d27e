"""The events of muhq's board and the triggers they fire (MUHQ-ACT-7, spec 7.7 events): the rules
that collect triggered actions."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .defs import trigger_event
from .effects import Ctx
from .objects import NEUTRAL, Trigger
from .effects import cell_of_ref, condition_holds, kind_matches, perm_matches
from .places import field_of

if TYPE_CHECKING:  # pragma: no cover
    from .objects import Perm
    from .state import MuhqState


# -- events and triggers (MUHQ-ACT-7, spec 7.7) --------------------------------------------------------
def event(self: "MuhqState", kind: str, subject: int, refs: tuple[tuple[str, Any], ...] = (),
          departed: Perm | None = None) -> None:
    """Collect the triggers an event fires; they are declared before anyone next gets priority."""
    perms = self.perms
    by_event = self._memo.get("trigger_sources_by_event")
    if by_event is None:
        by_event = trigger_sources_by_event(self)
    found = by_event.get(kind, ())  # (the others have no trigger on this event: they would fire nothing)
    if not found and departed is None:
        return
    subj = perms.get(subject) or departed
    if subj is None:
        return
    sources = []  # (a loop: a comprehension would make every event pay for a closure over perms)
    for pid in found:
        src = perms.get(pid)
        if src is not None:
            sources.append((pid, src))
    if departed is not None and departed.d.triggers:
        sources.append((departed.id, departed))
    all_refs = (("event.unit", subject), *refs)
    for pid, src in sources:
        for index, ability in src.d.triggers:
            ev = trigger_event(ability)
            if ev["event"] != kind:
                continue
            if not subject_matches(self, src, ev.get("subject", "self"), subject, subj):
                continue
            ctx = Ctx(pid, src.d, src.controller, refs=dict(all_refs))
            if not condition_holds(self, ability.get("if"), ctx):
                continue
            if src.controller == NEUTRAL:
                continue
            self.triggers.append(Trigger(src.controller, pid, src.d.id, index, all_refs))


def subject_matches(self: "MuhqState", src: Perm, subject_spec: Any, subject: int, subj: Perm) -> bool:
    if subject_spec == "self":
        return subject == src.id
    if subject_spec == "equipped_unit":
        return src.d.type == "equipment" and src.base == subject
    if isinstance(subject_spec, dict) and "each" in subject_spec:
        if subject not in self.perms:
            return False
        if not kind_matches(self, subject, subject_spec["each"]):
            return False
        ctx = Ctx(src.id, src.d, src.controller)
        within = subject_spec.get("within")
        if within:
            origins = cell_of_ref(self, within["of"], ctx)
            cell = field_of(self, subject)  # a subject on the board has a field
            if not any(self.grid.distance(o, cell) <= within["range"] for o in origins):
                return False
        return perm_matches(self, subject, subject_spec.get("filter"), src.controller, ctx)
    return False


def trigger_sources(self: "MuhqState") -> tuple[int, ...]:
    """The permanents with triggered abilities, in the order they came into play; kept with the board (a
    permanent that left since is still named: event() skips those no longer in play)."""
    found = self._memo.get("trigger_sources")
    if found is None:
        found = self._memo["trigger_sources"] = tuple(pid for pid, p in self.perms.items() if p.d.triggers)
    return found


def trigger_sources_by_event(self: "MuhqState") -> dict[str, tuple[int, ...]]:
    """trigger_sources by the event they wait for: each event's list names, in the same order, those with
    a trigger on it (most events fire none: event() asks only these). Kept with the board, like them."""
    by_event: dict[str, list[int]] = {}
    perms = self.perms
    for pid in trigger_sources(self):
        p = perms.get(pid)
        if p is None:
            continue  # (gone: event() would skip it)
        kinds = []
        for _, ability in p.d.triggers:
            kind = trigger_event(ability)["event"]
            if kind not in kinds:
                kinds.append(kind)
        for kind in kinds:
            by_event.setdefault(kind, []).append(pid)
    found = self._memo["trigger_sources_by_event"] = {kind: tuple(pids) for kind, pids in by_event.items()}
    return found
