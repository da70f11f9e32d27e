"""muhq's words: the ``muhq`` catalog (``_``, ``_n``) and the texts the state keeps until someone reads them.

A sentence made for one reader is made at once, in that reader's language: ``_("… {card} …", card=…)`` for
an illegal move, a label, a prompt. But the log and the action stack keep their lines in the state, and the
seats of one table may read them in different languages (each seat's view is made in its own). So those
lines are :class:`Text` values: a message of the catalog with its parameters, translated when it is shown
(``str(text)``, ``format``), and equal to its English wording for everything else (a ``str`` subclass: the
records, the tests and ``==`` see the English text, as before). A card's name inside one is a
:class:`CardName`: the English name as its value, shown in the reader's language.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cardtable.engine.i18n import SOURCE_LANGUAGE, N_, Translator, current_language

if TYPE_CHECKING:
    from .defs import Def

_ = Translator("muhq")
_n = _.plural

__all__ = ["N_", "_", "_n", "Text", "CardName", "english", "word"]


def english(value: Any) -> Any:
    """``value`` as the English text a :class:`Text` keeps (itself if it is no text of ours)."""
    return str.__str__(value) if isinstance(value, Text) else value


class Text(str):
    """A catalog message and its parameters, shown in the reader's language; its ``str`` value is the English."""

    message: str
    params: dict[str, Any]

    def __new__(cls, message: str, /, **params: Any) -> "Text":
        if not params:
            value = message
        elif current_language() == SOURCE_LANGUAGE:  # (as the rules make texts while they play: kept lean)
            value = message.format_map(params)
        else:
            value = message.format(**{k: english(v) for k, v in params.items()})
        self = str.__new__(cls, value)
        self.message = message
        self.params = params
        return self

    def __str__(self) -> str:
        if current_language() == SOURCE_LANGUAGE:
            return str.__str__(self)
        return _(self.message, **self.params)

    def __format__(self, spec: str) -> str:
        if current_language() == SOURCE_LANGUAGE and type(self) is Text:
            return str.__format__(self, spec)
        return format(self.__str__(), spec)

    def __repr__(self) -> str:  # as the English string's: a stack item's repr is part of the state's digest
        return repr(str.__str__(self))

    def __reduce__(self) -> tuple[Any, ...]:  # a copy or a pickle is the same message again
        return _remake, (type(self), self.message, self.params)


def _remake(cls: type[Text], message: str, params: dict[str, Any]) -> "Text":
    return cls(message, **params)


class CardName(Text):
    """A card definition's name (``defs.Def``): its English name as the value, shown in the reader's language."""

    d: Def

    def __new__(cls, d: Def) -> "CardName":
        self = str.__new__(cls, d.name)
        self.message = d.name
        self.params = {}
        self.d = d
        return self

    def __str__(self) -> str:
        return self.d.shown_name

    def __reduce__(self) -> tuple[Any, ...]:
        return CardName, (self.d,)


def word(table: dict[str, str], key: str) -> str:
    """The entry of a table of marked words (``N_``) for ``key``, translated; the key itself if it has none."""
    text = table.get(key)
    return _(text) if text is not None else key
