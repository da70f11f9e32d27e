"""The ``translations`` of Mítosz's cards, sets and decks (translatable.TRANSLATABLE): the readable fields in other
languages, and the checks of their languages and fields."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pydantic import create_model, model_validator

from cardtable.engine.datafiles import Located

from ..translatable import TRANSLATABLE, TRANSLATION_LANGUAGES
from ..words import N_, _
from .fields import CardName, Text, _hint, _Model


# -- translations (translatable.TRANSLATABLE) ----------------------------------------------------------------
KIND_WORDS = {"card": N_("card"), "set": N_("set"), "deck": N_("deck")}
_TRANSLATED_TYPES: dict[str, Any] = {"name": CardName, "flavor": Text, "note": Text}


def _translations(kind: str, model_name: str) -> Any:
    """The model of an entry's ``translations``: ``{de: {name: …}, hu: {…}}``, the fields ``TRANSLATABLE[kind]``.
    An unknown language, an unknown or untranslatable field and a value of the wrong type are errors at
    ``translations.<lang>.<field>``."""
    fields = TRANSLATABLE[kind]
    one = create_model(f"{model_name}Translation", __base__=_Model, __module__=__name__,
                       **{f: (_TRANSLATED_TYPES[f] | None, None) for f in fields})  # type: ignore[call-overload]
    one.__doc__ = f"A {kind}'s readable fields in one language ({', '.join(fields)}); a field left out is English."  # i18n: no

    def known(cls: type, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        for lang, texts in data.items():
            if lang not in TRANSLATION_LANGUAGES:
                hint = _(" (English is the entry's own fields)") if lang == "en" else _hint(lang, TRANSLATION_LANGUAGES)
                raise Located((lang,), _("{lang} is not a language to translate into{hint}; expected one of: "
                                         "{languages}", lang=repr(lang), hint=hint,
                                         languages=", ".join(TRANSLATION_LANGUAGES)))
            if isinstance(texts, dict):
                for name in texts:
                    if name not in fields:
                        raise Located((lang, name), _("{name} is not a translatable field of a {kind}{hint}; "
                                                      "translatable: {fields} (ids, types and references stay "
                                                      "English)", name=repr(name), kind=_(KIND_WORDS[kind]),
                                                      hint=_hint(name, fields), fields=", ".join(fields)))
        return data

    many = create_model(f"{model_name}Translations", __base__=_Model, __module__=__name__,
                        __validators__={  # (the stubs take no classmethod object; pydantic does)
                            "_known": model_validator(mode="before")(classmethod(known))},  # type: ignore[arg-type]
                        **{lang: (one | None, None) for lang in TRANSLATION_LANGUAGES})  # type: ignore[call-overload]
    many.__doc__ = f"A {kind}'s readable fields in other languages than English (by language code)."  # i18n: no
    return many


if TYPE_CHECKING:  # to the type checker a translations model is a model; _translations makes each at runtime
    CardTranslations = _Model
    SetTranslations = _Model
    DeckTranslations = _Model
else:
    CardTranslations = _translations("card", "Card")
    SetTranslations = _translations("set", "CardSet")
    DeckTranslations = _translations("deck", "Deck")
_TRANSLATIONS_HELP = "the fields a person reads in other languages: {de: {name: …}, hu: {name: …}}"  # i18n: no
