"""Exceptions every surface can show to a person as they are: each says what, why and what to do."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .i18n import Translator

_ = Translator("cardtable")
_n = _.plural


class CardtableError(Exception):
    """Base class of every error cardtable raises on purpose."""


class IllegalAction(CardtableError, ValueError):
    """An action that is not legal now. The state that rejected it is unchanged.

    ``rule`` is the rule ID of the game's specification that the action breaks (for example
    ``"MOJO-4.2"``), or an engine rule (``"ACTION-1"`` unknown action type, ``"ACTION-2"``
    malformed fields, ``"GAME-OVER"`` the game has ended) when no game rule is concerned.
    ``legal`` lists the JSON forms of the legal actions, when the caller can use them.
    """

    def __init__(self, rule: str, message: str, legal: list[dict[str, Any]] | None = None):
        super().__init__(f"{rule}: {message}")
        self.rule = rule
        self.message = message
        self.legal = legal


class UnknownGame(CardtableError, KeyError):
    def __init__(self, name: str, known: list[str]):
        super().__init__(name)
        self.name = name
        self.known = known

    def __str__(self) -> str:
        return _("unknown game {name}; known games: {known}", name=repr(self.name),
                 known=", ".join(self.known) or _("none"))


class OptionError(CardtableError, ValueError):
    """An unknown option, a value of the wrong kind or out of range, or options that do not fit together."""


class RecordError(CardtableError, ValueError):
    """A record file that is missing, unreadable or inconsistent; the message names the file and line."""


class DataError(CardtableError, ValueError):
    """A data file (a card set, a deck, a level set …) that is missing, unreadable or invalid.

    Game-agnostic: a game's data layer raises it (or a subclass) with ``file`` (the path, or the name
    asked for when there is no file), ``entry`` (which entry of the file, e.g. ``"card SMP-013 'Lysa
    Brightspear'"``; None for the file as a whole), ``field`` (the field path inside that entry, e.g.
    ``"maneuvers[0].cost.magic"``; None if no single field is at fault), ``line`` (1-based, when known)
    and ``reason``. ``problems`` holds every problem found as ``(entry, field, line, reason)`` tuples; the
    attributes are those of the first. The message names them all (at most ``MAX_SHOWN``).
    """

    MAX_SHOWN = 5

    def __init__(self, reason: str, *, file: str | None = None, entry: str | None = None, field: str | None = None,
                 line: int | None = None,
                 problems: list[tuple[str | None, str | None, int | None, str]] | None = None):
        self.problems = list(problems) if problems else [(entry, field, line, reason)]
        self.entry, self.field, self.line, self.reason = self.problems[0]
        self.file = file
        super().__init__(self._message())

    @staticmethod
    def describe(entry: str | None, field: str | None, line: int | None, reason: str) -> str:
        """One problem as text: ``card X (line 12), field 'a.b': reason``."""
        where = entry or ""
        if line is not None:
            where = _("{entry} (line {line})", entry=where, line=line) if where else _("line {line}", line=line)
        if field:
            where = (_("{entry}, field {field}", entry=where, field=repr(field)) if where
                     else _("field {field}", field=repr(field)))
        return f"{where}: {reason}" if where else reason

    def _message(self) -> str:
        shown = [self.describe(*p) for p in self.problems[:self.MAX_SHOWN]]
        more = len(self.problems) - len(shown)
        text = "; ".join(shown) + (_n(" (and {n} more)", " (and {n} more)", more) if more > 0 else "")
        return f"{shown_file(self.file)}: {text}" if self.file else text


#: The folder that holds the ``cardtable`` package (``src`` in a checkout, ``site-packages`` when installed).
PACKAGE_PARENT = Path(__file__).resolve().parents[2]


def shown_file(file: str) -> str:
    """A packaged data file as ``cardtable/games/…`` (the same on every machine, and a server's error names no
    folder of its disk); any other file as it was given."""
    try:
        inside = Path(file).resolve().relative_to(PACKAGE_PARENT / "cardtable")
        return "cardtable/" + inside.as_posix()
    except (ValueError, OSError):
        return file


class UnknownSchemas(CardtableError, KeyError):
    """``cardtable schema NAME`` for a name that exports no data schemas."""

    def __init__(self, name: str, known: list[str], is_game: bool = False):
        super().__init__(name)
        self.name = name
        self.known = known
        self.is_game = is_game

    def __str__(self) -> str:
        known = ", ".join(self.known) or _("none")
        if self.is_game:
            return _("game {name} exports no data schemas; games with data schemas: {known}", name=repr(self.name),
                     known=known)
        return _("no game or schema provider {name}; games with data schemas: {known}", name=repr(self.name),
                 known=known)


class UnknownAgent(CardtableError, KeyError):
    def __init__(self, name: str, known: list[str], reason: str | None = None):
        super().__init__(name)
        self.name = name
        self.known = known
        self.reason = reason  # why a well-formed name is refused for this game

    def __str__(self) -> str:
        if self.reason:
            return _("agent {name}: {reason}; known agents: {known}", name=repr(self.name), reason=self.reason,
                     known=", ".join(self.known))
        return _("unknown agent {name}; known agents: {known}", name=repr(self.name), known=", ".join(self.known))

