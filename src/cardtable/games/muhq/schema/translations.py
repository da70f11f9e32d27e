"""The translations of muhq's data files: the per-language fields of a card, board or card set, their
checks, and the readable fields of an entry in the reader's language."""

from __future__ import annotations

from typing import Annotated, Any, ClassVar

from pydantic import BaseModel, BeforeValidator, Field

from cardtable.engine.datafiles import Located, did_you_mean
from cardtable.engine.i18n import LANGUAGE_NAMES, LANGUAGES, SOURCE_LANGUAGE, current_language

from ..words import N_, _
from .base import DisplayName, Text, _Model, field_names
from .vocabulary import _described, with_article


# -- translations (the per-language fields of an entry, docs/translators/muhq.md) ----------------------------
#: The languages a file may translate into: cardtable's languages but the source language, English, which is
#: the language of the entry's own fields.
TRANSLATION_LANGUAGES: tuple[str, ...] = tuple(lang for lang in LANGUAGES if lang != SOURCE_LANGUAGE)


class CardTexts(_Model):
    """A card's fields in one language: what a person reads (its name, its rules text)."""

    name: DisplayName | None = Field(None, description=N_("the card's name in this language"))
    text: Text | None = Field(None, description=N_("the card's rules text in this language"))


class BoardTexts(_Model):
    """A board's fields in one language: its name (shown in the lobby and above the board)."""

    name: DisplayName | None = Field(None, description=N_("the board's name in this language"))


class SetTexts(_Model):
    """A card set's fields in one language: its name."""

    name: DisplayName | None = Field(None, description=N_("the set's name in this language"))


def _translations_model(texts: type[_Model], what: str) -> type[BaseModel]:
    """The ``translations`` mapping of an entry: one optional ``texts`` per language."""
    from pydantic import create_model

    fields: dict[str, Any] = {lang: (texts | None, Field(None, description=_described(
        N_("{what} in {language}"), ("what",), what=what, language=LANGUAGE_NAMES[lang])))
        for lang in TRANSLATION_LANGUAGES}
    return create_model(f"{texts.__name__[:-5]}Translations", __base__=_Model, **fields)


CardTranslations = _translations_model(CardTexts, N_("the card's name and text"))
BoardTranslations = _translations_model(BoardTexts, N_("the board's name"))
SetTranslations = _translations_model(SetTexts, N_("the set's name"))


def _translations(texts: type[_Model], what: str) -> Any:
    """A ``translations`` field for ``what`` (a card, a board …): its languages and fields checked first, so
    a misspelt language or field, or one that is not translated (an id, a cost), is one problem naming it."""
    allowed = tuple(texts.model_fields)

    def check(value: Any) -> Any:
        if isinstance(value, BaseModel) or value is None:
            return value
        if not isinstance(value, dict):
            raise Located((), _("'translations' is a mapping of languages to fields, e.g. {{de: {{name: …}}, hu: "
                                "{{name: …}}}}; got {value}", value=repr(value)[:80]))
        languages = ", ".join(TRANSLATION_LANGUAGES)
        for lang, fields in value.items():
            if lang not in TRANSLATION_LANGUAGES:
                if lang == SOURCE_LANGUAGE:
                    raise Located((lang,), _("English is the language of the entry's own fields; translations are "
                                             "for {languages}", languages=languages))
                raise Located((lang,), _("unknown language {language}{hint}; translations are for {languages}",
                                         language=repr(lang), languages=languages,
                                         hint=did_you_mean(lang, TRANSLATION_LANGUAGES, _(" (did you mean {!r}?)"))))
            if not isinstance(fields, dict):
                raise Located((lang,), _("the {language} translation is a mapping of fields, e.g. {{name: …}}; got "
                                         "{value}", language=lang, value=repr(fields)[:80]))
            for name in fields:
                if name not in allowed:
                    hint = did_you_mean(name, allowed, _(" (did you mean {!r}?)"))
                    if name in field_names() and not hint:
                        raise Located((lang, name), _(
                            "{field} is not translated: it is data, not words a person reads; the translatable "
                            "fields of {a_what}: {fields}", field=repr(name), a_what=with_article(what),
                            fields=", ".join(allowed)))
                    raise Located((lang, name), _("unknown field {field}{hint}; the translatable fields of {a_what}: "
                                                  "{fields}", field=repr(name), hint=hint, a_what=with_article(what),
                                                  fields=", ".join(allowed)))
        return value

    model = {CardTexts: CardTranslations, BoardTexts: BoardTranslations, SetTexts: SetTranslations}[texts]
    return Annotated[model, BeforeValidator(check)]


class _Translated:
    """An entry with a ``translations`` field: its readable fields in the reader's language."""

    #: the fields a person reads, which ``translations`` may give per language
    TRANSLATABLE: ClassVar[tuple[str, ...]] = ()

    def translated(self, field: str, lang: str | None = None) -> str:
        """``field`` (``name``, ``text``) in ``lang`` (default: the reader's language), falling back to the
        English field where the file gives no translation."""
        lang = lang or current_language()
        english: str = getattr(self, field)
        if lang == SOURCE_LANGUAGE:
            return english
        texts = getattr(self.translations, lang, None)  # type: ignore[attr-defined]
        value: str | None = getattr(texts, field, None) if texts is not None else None
        return value or english

    def missing_translations(self) -> list[str]:
        """The translatable fields this entry gives in English but not in a language, as field paths
        (``translations.hu.name``)."""
        out = []
        for lang in TRANSLATION_LANGUAGES:
            texts = getattr(self.translations, lang, None)  # type: ignore[attr-defined]
            for field in self.TRANSLATABLE:
                if getattr(self, field) and not (texts is not None and getattr(texts, field, None)):
                    out.append(f"translations.{lang}.{field}")
        return out

