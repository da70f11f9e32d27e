"""A card set of Mítosz's data: its code, name and cards, and the checks across its cards (ids, names,
mythologies, links, token kinds)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import BaseModel, Field, model_validator

from cardtable.engine.datafiles import Located, did_you_mean, dotted, iter_models

from ..translatable import TRANSLATION_LANGUAGES
from ..words import _
from .cards import Card
from .expressions import Filter
from .fields import CardName, Mythology, SetCode, Text, _Model
from .primitives import AddTokenP, RemoveTokenP
from .translations import _TRANSLATIONS_HELP, SetTranslations

if TYPE_CHECKING:
    from cardtable.engine.datafiles import Loc


# -- sets -------------------------------------------------------------------------------------------
class CardSet(_Model):
    """A card set: its code (the prefix of its card ids), its name and its cards."""

    code: SetCode
    name: CardName
    mythologies: list[Mythology] | None = Field(None, min_length=1, description="if given, every card's "  # i18n: no
                                                                               "mythology must be one of these")
    note: Text = ""
    translations: SetTranslations | None = Field(None, description=_TRANSLATIONS_HELP)
    cards: list[Card] = Field(min_length=1, max_length=2000)

    @model_validator(mode="after")
    def _cross_checks(self) -> CardSet:
        by_id: dict[str, int] = {}
        by_name: dict[str, list[int]] = {}
        for i, card in enumerate(self.cards):
            if card.set != self.code:
                raise Located(("cards", i, "set"), _("the card is in set {set} but the file is set {code}", set=repr(card.set), code=repr(self.code)))
            if card.id in by_id:
                raise Located(("cards", i, "id"), _("id {id} is used twice (cards[{first}] and cards[{i}])", id=card.id, first=by_id[card.id], i=i))
            by_id[card.id] = i
            if self.mythologies is not None and card.mythology not in self.mythologies:
                close = did_you_mean(card.mythology, self.mythologies, "{!r}")
                if close:
                    raise Located(("cards", i, "mythology"), _(
                        "{mythology} is not a mythology of the set ({mythologies}); did you mean {hint}?",
                        mythology=repr(card.mythology), mythologies=", ".join(self.mythologies), hint=close))
                raise Located(("cards", i, "mythology"), _("{mythology} is not a mythology of the set ({mythologies})",
                                                           mythology=repr(card.mythology),
                                                           mythologies=", ".join(self.mythologies)))
            by_name.setdefault(card.name, []).append(i)
        for name, indexes in by_name.items():
            types = sorted(self.cards[i].card_type for i in indexes)
            if len(indexes) > 1 and types != ["high_god", "leader"]:
                raise Located(("cards", indexes[1], "name"), _("name {name} is used by {n} cards; only a high god and its leader share a name (MIT-2.8.d)", name=repr(name), n=len(indexes)))
        for lang in TRANSLATION_LANGUAGES:  # a translated name tells the cards apart as the English one does
            shown: dict[str, int] = {}
            for i, card in enumerate(self.cards):
                one = getattr(card.translations, lang, None) if card.translations is not None else None
                if one is None or not one.name:
                    continue
                j = shown.setdefault(one.name, i)
                if j != i and sorted((self.cards[j].card_type, card.card_type)) != ["high_god", "leader"]:
                    raise Located(("cards", i, "translations", lang, "name"),
                                  _("the {lang} name {name} is also that of {id} {other}; only a high god and its leader share a name (MIT-2.8.d)", lang=lang, name=repr(one.name), id=self.cards[j].id, other=repr(self.cards[j].name)))
        tokens: dict[str, tuple[Loc, Any]] = {}
        removed: list[tuple[Loc, str]] = []
        for i, card in enumerate(self.cards):
            for j, link in enumerate(card.links):
                if link not in by_name:
                    raise Located(("cards", i, "links", j), _unknown_name(link, by_name))
            for path, model in iter_models(card.maneuvers, ("maneuvers",)):
                self._check_model(i, path, model, by_name, tokens, removed)
            for path, model in iter_models(card.options or [], ("options",)):
                self._check_model(i, path, model, by_name, tokens, removed)
        for where, kind in removed:
            if kind not in tokens:
                if tokens:
                    raise Located(where, _("no card of the set puts a {kind} token ('add_token'), so none can be "
                                           "removed; tokens: {tokens}", kind=repr(kind), tokens=", ".join(sorted(tokens))))
                raise Located(where, _("no card of the set puts a {kind} token ('add_token'), so none can be removed",
                                       kind=repr(kind)))
        return self

    @staticmethod
    def _check_model(i: int, path: Loc, model: BaseModel, by_name: dict[str, list[int]],
                     tokens: dict[str, tuple[Loc, Any]], removed: list[tuple[Loc, str]]) -> None:
        where = ("cards", i) + path
        if isinstance(model, Filter) and model.name is not None and model.name not in by_name:
            raise Located(where + ("name",), _unknown_name(model.name, by_name))
        if isinstance(model, AddTokenP):
            effect = model.effect.model_dump(by_alias=True) if model.effect is not None else None
            if model.kind in tokens and tokens[model.kind][1] != effect:
                raise Located(where + ("effect",), _("the {kind} token has another effect where it is put at {where}; a token kind has one effect", kind=repr(model.kind), where=dotted(tokens[model.kind][0])))
            tokens.setdefault(model.kind, (where, effect))
        if isinstance(model, RemoveTokenP):
            removed.append((where + ("kind",), model.kind))

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)


def _unknown_name(name: str, by_name: dict[str, list[int]]) -> str:
    close = did_you_mean(name, by_name, "{!r}")
    if close:
        return _("no card of the set is called {name}; did you mean {hint}?", name=repr(name), hint=close)
    return _("no card of the set is called {name}", name=repr(name))
