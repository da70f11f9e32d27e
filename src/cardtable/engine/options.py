"""Declared game options: each names its rule, its default and what values it takes."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from .errors import OptionError
from .i18n import Translator

_ = Translator("cardtable")


@dataclass(frozen=True)
class Option:
    """One option of a game.

    A value is legal if it is one of ``choices`` (of the same type), or (when ``integer`` is set) an integer
    within ``[minimum, maximum]``; an integer option declares both bounds, so a value always fits 64 bits.
    ``choices`` and ``integer`` may both be given ("auto" or an integer).
    With ``text`` set, any string of at most ``max_length`` characters is legal (free text such as a
    question, which a game stores but never interprets); control characters are refused. ``known`` lists the
    names a text option can take today (decks, boards: found in the data folders when asked), so that surfaces
    can offer them; the game checks the name itself when it loads.
    """

    name: str
    default: Any
    doc: str
    rule: str
    choices: tuple[Any, ...] = ()
    integer: bool = False
    boolean: bool = False
    minimum: int | None = None
    maximum: int | None = None
    text: bool = False
    max_length: int = 200
    known: Callable[[], Sequence[str]] | None = field(default=None, compare=False)
    #: the text is a comma-separated list of ``known`` names (muhq's sets), not one name
    several: bool = False

    def known_values(self) -> list[str]:
        return list(self.known()) if self.known is not None else []

    def allowed(self, translated: bool = False) -> str:
        """The values the option takes, in words. ``to_json`` gives them in English, whatever the reader's
        language: the web lobby reads its controls from them ("an integer from 2 to 5"); a person reads them
        ``translated`` (the CLI's ``games``, an option error)."""
        from .actions import either
        from .i18n import current_language, language

        with language(current_language() if translated else None):
            parts = [repr(c) if isinstance(c, str) else str(c) for c in self.choices]
            if self.text and self.known is not None:
                names = ", ".join(self.known_values())  # (data folders included, when asked)
                parts.append(_("names separated by commas, from: {names}", names=names) if self.several
                             else _("one of: {names}", names=names))
            elif self.text:
                parts.append(_("any text"))  # no digits: the web lobby reads numbers in this line as choices
            if self.boolean:
                parts.append(_("true or false"))
            if self.integer:
                if self.minimum is not None and self.maximum is not None:
                    parts.append(_("an integer from {low} to {high}", low=self.minimum, high=self.maximum))
                elif self.minimum is not None:
                    parts.append(_("an integer ≥ {low}", low=self.minimum))
                elif self.maximum is not None:
                    parts.append(_("an integer ≤ {high}", high=self.maximum))
                else:
                    parts.append(_("an integer"))
            return either(parts)

    def validate(self, value: Any) -> Any:
        if isinstance(value, str) and value in self.choices:
            return value
        if self.boolean and isinstance(value, bool):
            return value
        if self.text and isinstance(value, str):
            if len(value) > self.max_length:
                raise OptionError(_("option {name} is {n} characters long ({rule}); use at most {most}",
                                    name=self.name, n=len(value), rule=self.rule, most=self.max_length))
            if any(ord(ch) < 32 or 127 <= ord(ch) < 160 for ch in value):
                raise OptionError(_("option {name} contains a control character ({rule}); use plain text",
                                    name=self.name, rule=self.rule))
            return value
        for choice in self.choices:  # of the same type: 2.0 == 2 and True == 1, but neither is the choice 2
            if type(value) is type(choice) and value == choice:
                return value
        if self.integer and isinstance(value, int) and not isinstance(value, bool):
            if (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum):
                return value
        raise OptionError(_("option {name}={value} is not allowed ({rule}); use {allowed}", name=self.name,
                            value=repr(value), rule=self.rule, allowed=self.allowed(translated=True)))

    def to_json(self) -> dict[str, Any]:
        out = {"name": self.name, "default": self.default, "allowed": self.allowed(), "rule": self.rule, "doc": self.doc}
        if self.text:  # a surface shows a text field and sends what is typed as it is
            out |= {"text": True, "max_length": self.max_length}
        if self.known is not None:  # ... and offers these names
            out["known"] = self.known_values()
        return out


def resolve_options(declared: Iterable[Option], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """Every declared option with its validated value: the given one, or the default."""
    by_name = {o.name: o for o in declared}
    given = dict(given or {})
    unknown = sorted(set(given) - set(by_name))
    if unknown:
        raise OptionError(_("unknown option {names}; this game's options are {options}", names=", ".join(unknown),
                            options=", ".join(by_name) or _("none")))

    return {name: opt.validate(given[name]) if name in given else opt.default for name, opt in by_name.items()}


def parse_option_value(text: str) -> Any:
    """The value of ``--option key=value`` typed on a command line: JSON where it parses, else the text."""
    import json

    try:
        return json.loads(text)
    except ValueError:
        return text
