"""A deck of Mítosz's data (MIT-1.3.1): its high god and the other cards with their copies."""

from __future__ import annotations

from pydantic import Field, model_validator

from cardtable.engine.datafiles import Located

from ..words import _
from .fields import CardId, CardName, Text, _Model
from .translations import _TRANSLATIONS_HELP, DeckTranslations


# -- decks ------------------------------------------------------------------------------------------
class DeckEntry(_Model):
    card: CardId
    copies: int = Field(ge=1, le=99)
    name: CardName | None = Field(None, description="optional: the card's name, checked against the set")  # i18n: no


class Deck(_Model):
    """A deck (MIT-1.3.1): its high god, and the other cards with their copies."""

    name: CardName
    high_god: CardId = Field(description="the id of the deck's one high god card")  # i18n: no
    note: Text = ""
    translations: DeckTranslations | None = Field(None, description=_TRANSLATIONS_HELP)
    cards: list[DeckEntry] = Field(min_length=1, max_length=1000)

    @model_validator(mode="after")
    def _no_repeats(self) -> Deck:
        seen: dict[str, int] = {}
        for i, entry in enumerate(self.cards):
            if entry.card in seen:
                raise Located(("cards", i, "card"), _("{card} is listed twice (cards[{first}] and cards[{i}]); give one entry with all its copies", card=entry.card, first=seen[entry.card], i=i))
            seen[entry.card] = i
        return self

    def size(self) -> int:
        """The cards besides the high god."""
        return sum(e.copies for e in self.cards)
