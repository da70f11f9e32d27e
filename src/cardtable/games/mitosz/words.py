"""Mítosz's texts for people, in the reader's language: the catalog, and texts the state keeps until read.

Every sentence goes through the ``mitosz`` catalog (``_``, ``_n``). A text the state keeps — a log entry, the
question of a prompt, the words of its answers — is made when it happens but read later, perhaps by several
readers in several languages (two seats of one table, a German and a Hungarian). So it is kept as a
:class:`Said`: its message and parameters, read in each reader's language by :func:`shown`. A ``Said`` is
also a ``str``, the English text (the rules' tests, records and the bots read that), so nothing that compares
or searches log lines changes.

Parameters are language-neutral values: numbers, seat numbers, card definitions (``CardDef`` formats as its
name in the reader's language) and :class:`Said` fragments (a translated phrase inside a sentence,
``Said(N_("the supply"))``), each formatted when the sentence is read.
"""

from __future__ import annotations

from typing import Any, TypeVar, overload

from cardtable.engine.i18n import SOURCE_LANGUAGE, N_, Translator, current_language, language

_ = Translator("mitosz")
_n = _.plural

__all__ = ["_", "_n", "N_", "Said", "said", "said_n", "lazy", "shown", "join", "english"]


class Said(str):
    """A text made now and read later in any language: ``str(said)`` is English, ``said.shown()`` the reader's.

    ``Said(msg, **params)`` is ``_(msg, **params)`` when read; ``Said(msg, plural, n=n, **params)`` is
    ``_n(msg, plural, n, **params)``. ``format(said)`` (a ``Said`` as a parameter of another) is the reader's."""

    msg: str
    plural: str | None
    params: dict[str, Any]
    made: dict[str, str]

    def __new__(cls, msg: str, plural: str | None = None, /, **params: Any) -> "Said":
        if current_language() == SOURCE_LANGUAGE:  # (as the rules make texts while they play: kept lean)
            if plural is None:
                text = msg.format_map(params) if params else msg
            else:
                text = (msg if params["n"] == 1 else plural).format_map(params)
        else:
            with language(SOURCE_LANGUAGE):
                text = _render(msg, plural, params)
        self = str.__new__(cls, text)
        self.msg = msg
        self.plural = plural
        self.params = params
        self.made = {}  # the text by language, once read (its parameters never change)
        return self

    def shown(self) -> str:
        """The text in the reader's language (English: the text itself)."""
        lang = current_language()
        if lang == SOURCE_LANGUAGE:
            return str.__str__(self)
        text = self.made.get(lang)
        if text is None:
            text = self.made[lang] = _render(self.msg, self.plural, self.params)
        return text

    def __format__(self, spec: str) -> str:
        if current_language() == SOURCE_LANGUAGE:
            return str.__format__(self, spec)
        return format(self.shown(), spec)

    # pickled as its message and parameters (a str subclass would be pickled as its text)
    def __reduce__(self) -> tuple[Any, ...]:
        return (_said, (self.msg, self.plural, self.params))


def _said(msg: str, plural: str | None, params: dict[str, Any]) -> Said:
    return Said(msg, plural, **params)


def _render(msg: str, plural: str | None, params: dict[str, Any]) -> str:
    if plural is None:
        return _(msg, **params)
    return _n(msg, plural, params["n"], **params)


def said(msg: str, /, **params: Any) -> Said:
    return Said(msg, **params)


def said_n(singular: str, plural: str, n: int, /, **params: Any) -> Said:
    return Said(singular, plural, n=n, **params)


class lazy:
    """``lazy._n(singular, plural, n, **params)``: a plural text kept for later (a :class:`Said`), under the name the
    catalogs' extractor knows (``_n``)."""

    _n = staticmethod(said_n)


_T = TypeVar("_T")


@overload
def shown(text: str) -> str: ...


@overload
def shown(text: _T) -> _T: ...


def shown(text: Any) -> Any:
    """A kept text in the reader's language (a plain ``str`` as it is; anything else unchanged)."""
    return text.shown() if isinstance(text, Said) else text


class Joined:
    """Texts joined with ``sep`` when read (``join(names)``: card names, each in the reader's language)."""

    __slots__ = ("items", "sep")

    def __init__(self, items: Any, sep: str = ", "):
        self.items = tuple(items)
        self.sep = sep

    def __format__(self, spec: str) -> str:
        return format(self.sep.join(format(x) for x in self.items), spec)

    def __str__(self) -> str:
        return self.__format__("")

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Joined) and other.items == self.items and other.sep == self.sep

    def __hash__(self) -> int:
        return hash((self.items, self.sep))

    def __reduce__(self) -> tuple[Any, ...]:
        return (Joined, (self.items, self.sep))


def join(items: Any, sep: str = ", ") -> Joined:
    return Joined(items, sep)


def english(text: Any) -> str:
    """``text`` (a kept text, a card, anything that formats) as English."""
    with language(SOURCE_LANGUAGE):
        return format(text)
