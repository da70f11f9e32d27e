"""The checks of the references inside a muhq card (spec 7.5, 7.7): every reference names something that
exists where it is written."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator

from pydantic import BaseModel

from cardtable.engine.datafiles import Located

from ..words import N_, _
from .base import _Model
from .effects import FreeActionAbility, StaticAbility, TriggerAbility
from .expressions import TargetSpec
from .vocabulary import EVENT_ONLY_REFS, TARGET_NAME_RE, noun

if TYPE_CHECKING:
    from cardtable.engine.datafiles import Loc

    from .cards import Card


# -- references inside a card (spec 7.5) -----------------------------------------------------------------
@dataclass(frozen=True)
class _Scope:
    """What a reference may name at one place of a card."""

    card_type: str
    targets: dict[str, TargetSpec] | None  # None: no target may be named here
    no_targets: str  # why not, when targets is None
    event: str | None  # the trigger's event; None: no event here
    no_event: str


def references(obj: Any, loc: Loc = ()) -> Iterator[tuple[Loc, str, str]]:
    """Every reference string inside ``obj`` as (location, reference, role), depth first."""
    if isinstance(obj, BaseModel):
        refs = type(obj).REFS if isinstance(obj, _Model) else {}
        for name, field in type(obj).model_fields.items():
            value = getattr(obj, name)
            where = loc + (field.alias or name,)
            if name in refs and isinstance(value, str):
                yield where, value, refs[name]
            else:
                yield from references(value, where)
    elif isinstance(obj, (list, tuple)):
        for i, x in enumerate(obj):
            yield from references(x, loc + (i,))
    elif isinstance(obj, dict):
        for k, x in obj.items():
            yield from references(x, loc + (k,))


def _check_references(card: Card) -> None:
    """Every reference names something that exists where it is written (spec 7.5, 7.7)."""
    no_event = N_("only a trigger has an event")
    plain = _Scope(card.type, None, N_("there are no targets here"), None, no_event)
    _check_targets(card.targets, ("targets",), plain)
    _check_in(card.effect, ("effect",), _Scope(card.type, dict(card.targets), "", None, no_event))
    _check_in(card.extra_cost, ("extra_cost",), _Scope(card.type, dict(card.targets), "", None, no_event))
    _check_in(card.keywords, ("keywords",), plain)
    for i, ability in enumerate(card.abilities):
        at = ("abilities", i)
        if isinstance(ability, StaticAbility):
            _check_in(ability, at, _Scope(card.type, None, N_("a static has no targets"), None,
                                          N_("a static has no event")))
            continue
        event = ability.trigger.event if isinstance(ability, TriggerAbility) else None
        why = no_event if event is None else ""
        if isinstance(ability, TriggerAbility):
            which = "whenever" if ability.whenever is not None else "when"
            _check_in(ability.trigger, at + (which,), _Scope(
                card.type, None, N_("the subject is known before targets are chosen"), None,
                N_("the subject says what the event is about; it cannot name the event")))
            _check_in(ability.if_, at + ("if",), _Scope(
                card.type, None, N_("the condition is checked when the event happens, before targets are chosen"),
                event, why))
        _check_targets(ability.targets, at + ("targets",), _Scope(card.type, {}, "", event, why))
        whole = _Scope(card.type, dict(ability.targets), "", event, why)
        _check_in(ability.effect, at + ("effect",), whole)
        if isinstance(ability, FreeActionAbility):
            _check_in(ability.cost, at + ("cost",), whole)


def _check_targets(targets: dict[str, TargetSpec], loc: Loc, scope: _Scope) -> None:
    """Targets are chosen in the order written: one may name only targets declared before it."""
    earlier: dict[str, TargetSpec] = {}
    for name, spec in targets.items():
        _check_in(spec, loc + (name,), _Scope(scope.card_type, dict(earlier), "", scope.event, scope.no_event),
                  later=set(targets) - set(earlier))
        earlier[name] = spec


def _check_in(obj: Any, loc: Loc, scope: _Scope, later: set[str] = frozenset()) -> None:  # type: ignore[assignment]
    for where, ref, role in references(obj, loc):
        problem = _ref_problem(ref, role, scope, later)
        if problem:
            raise Located(where, problem)


def _ref_problem(ref: str, role: str, scope: _Scope, later: set[str]) -> str | None:
    if TARGET_NAME_RE.fullmatch(ref):
        if scope.targets is None:
            return _("{ref} cannot be named here: {why}", ref=ref, why=_(scope.no_targets))
        if ref not in scope.targets:
            if ref in later:
                return _("{ref} is not declared before this target; a target can name only targets declared before "
                         "it", ref=ref)
            known = ", ".join(scope.targets) or _("none")
            return _("{ref} is not declared in 'targets' (declared: {known})", ref=ref, known=known)
        kind = scope.targets[ref].kind
        if role == "player" and kind != "player":
            return _("{ref} is a {kind} target; a player is you, {{controller_of: {ref}}} or a player target", ref=ref,
                     kind=noun(kind))
        if role != "player" and kind == "player":
            return _("{ref} is a player target, not a permanent", ref=ref)
        if role == "defender_for" and kind != "unit":
            return _("{ref} is a {kind} target; the attacker must be a unit target", ref=ref, kind=noun(kind))
        return None
    if ref == "self" and scope.card_type == "spell":
        return _("a spell is not on the board, so it has no 'self'; name its objects by targets or groups")
    if ref == "equipped_unit" and scope.card_type != "equipment":
        return _("only an equipment has an equipped unit")
    if ref.startswith("event."):
        if scope.event is None:
            return _("{ref} cannot be used here: {why}", ref=ref, why=_(scope.no_event) if scope.no_event else "")
        needed = EVENT_ONLY_REFS.get(ref)
        if needed is not None and scope.event != needed:
            return _("{ref} is known only to a trigger on the event {needed}, not {event}", ref=ref, needed=needed,
                     event=scope.event)
    return None

