"""Card definitions compiled for the rules engine: the validated pydantic cards (``schema.Card``) turned into
small plain objects the hot path reads without pydantic, with the abilities sorted by kind.

Effect steps, targets, filters and conditions stay as the plain dicts of the card file (``model_dump`` by
alias, without unset defaults): the interpreter (``effects``) reads them like the spec's tables do.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.i18n import LANGUAGES, current_language

from .stats import Stats

if TYPE_CHECKING:
    from .schema import Card

UNIT, ARTIFACT, EQUIPMENT, SPELL = "unit", "artifact", "equipment", "spell"
PERMANENT_TYPES = (UNIT, ARTIFACT, EQUIPMENT)


class Def:
    """One card definition (spec 7.2). Immutable after construction; shared by every state of a game."""

    __slots__ = ("id", "name", "type", "token", "buy", "play", "upkeep", "life", "movement", "attack", "armor",
                 "crew", "solid", "durability", "veiled", "swimming", "landmark", "protection_from", "modes",
                 "extra_cost", "targets", "effect", "statics", "triggers", "free_actions", "full_actions", "text",
                 "names", "texts", "is_permanent", "is_artifact", "base_stats", "on_activated", "board_statics")

    def __init__(self, card: Card) -> None:
        data = card.model_dump(by_alias=True, exclude_none=True)
        kw = data.get("keywords", {})
        self.id: str = card.id
        self.name: str = card.name
        self.type: str = card.type
        self.token: bool = bool(card.token)
        self.buy: int | None = card.buy
        self.play: int | None = card.play
        self.upkeep: int = card.upkeep or 0
        self.life: int = card.life or 0
        self.movement: int = card.movement or 0
        self.attack: tuple[tuple[int, int], ...] = tuple((a.value, a.range) for a in (card.attack or ()))
        self.armor: int = kw.get("armor", 0)
        self.crew: int = kw.get("crew", 0)
        self.solid: int | None = kw.get("solid")
        self.durability: int = kw.get("durability", 0)
        self.veiled: bool = bool(kw.get("veiled"))
        self.swimming: bool = bool(kw.get("swimming"))
        self.landmark: bool = bool(kw.get("landmark"))
        self.protection_from: tuple[dict[str, Any], ...] = tuple(kw.get("protection_from", ()))
        self.modes: tuple[str, ...] = tuple(card.mode or ("alone", "next_unit")) if card.type == EQUIPMENT else ()
        self.extra_cost: tuple[dict[str, Any], ...] = tuple(data.get("extra_cost", ()))
        self.targets: tuple[tuple[str, dict[str, Any]], ...] = tuple(data.get("targets", {}).items())
        self.effect: tuple[dict[str, Any], ...] = tuple(data.get("effect", ()))
        abilities: list[dict[str, Any]] = data.get("abilities", [])
        # Each ability keeps its index on the card: actions and the stack name an ability by it.
        self.statics: tuple[tuple[int, dict[str, Any]], ...] = tuple(
            (i, a) for i, a in enumerate(abilities) if a["kind"] == "static")
        self.triggers: tuple[tuple[int, dict[str, Any]], ...] = tuple(
            (i, a) for i, a in enumerate(abilities) if a["kind"] == "trigger")
        self.free_actions: tuple[tuple[int, dict[str, Any]], ...] = tuple(
            (i, a) for i, a in enumerate(abilities) if a["kind"] == "free_action")
        self.full_actions: tuple[tuple[int, dict[str, Any]], ...] = tuple(
            (i, a) for i, a in enumerate(abilities) if a["kind"] == "full_action")
        # Has it a static ability whose subjects are looked for on the board (a group, maybe within a range),
        # rather than the permanent itself or the unit it equips? Without such abilities in play, a permanent's
        # stats depend on it, its pile and its field alone (stats.own_stats).
        self.board_statics = any(a["applies_to"] not in ("self", "equipped_unit") for _, a in self.statics)
        self.text: str = card.text
        # what a person reads, per language (the English fields where the file gives no translation); ``name``
        # and ``text`` stay English: a filter names a card by its English name (spec 7.5)
        self.names: dict[str, str] = {lang: card.translated("name", lang) for lang in LANGUAGES}
        self.texts: dict[str, str] = {lang: card.translated("text", lang) for lang in LANGUAGES}
        self.is_permanent = card.type in PERMANENT_TYPES
        self.is_artifact = card.type in (ARTIFACT, EQUIPMENT)  # MUHQ-CARD-1: equipment are artifacts
        self.base_stats = Stats(self)  # the printed values, shared by every permanent that nothing modifies
        # Has it a trigger on its own activation? (asked for every permanent closing the action phase,
        # MUHQ-APHASE-6: flow.has_activation_effects)
        self.on_activated = any(ab.get("whenever", ab.get("when", {})).get("event") == "activated"
                                for _, ab in self.triggers)

    @property
    def shown_name(self) -> str:
        """The card's name in the reader's language."""
        return self.names.get(current_language(), self.name)

    @property
    def shown_text(self) -> str:
        """The card's rules text in the reader's language."""
        return self.texts.get(current_language(), self.text)

    def ability(self, index: int) -> dict[str, Any]:
        for group in (self.statics, self.triggers, self.free_actions, self.full_actions):
            for i, a in group:
                if i == index:
                    return a
        raise KeyError(index)

    def __repr__(self) -> str:
        return f"<Def {self.id}>"


def trigger_event(ability: dict[str, Any]) -> dict[str, Any]:
    """The ``{event, subject}`` of a trigger, written as ``whenever`` or ``when`` (same meaning, spec 7.7)."""
    return ability.get("whenever") or ability.get("when")  # type: ignore[return-value]  # a trigger has one
