"""Exceptions every surface can show to a person as they are: each says what, why and what to do."""

from __future__ import annotations

from typing import Any


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
        return f"unknown game {self.name!r}; known games: {', '.join(self.known) or 'none'}"


class OptionError(CardtableError, ValueError):
    """An unknown option, a value of the wrong kind or out of range, or options that do not fit together."""


class RecordError(CardtableError, ValueError):
    """A record file that is missing, unreadable or inconsistent; the message names the file and line."""


class UnknownAgent(CardtableError, KeyError):
    def __init__(self, name: str, known: list[str]):
        super().__init__(name)
        self.name = name
        self.known = known

    def __str__(self) -> str:
        return f"unknown agent {self.name!r}; known agents: {', '.join(self.known)}"
