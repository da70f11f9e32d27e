"""Languages: every sentence a person reads goes through a gettext catalog, in the reader's language.

cardtable speaks English (the language of the source code), German and Hungarian. The catalogs are ordinary
gettext files kept with Babel (``cardtable i18n extract|update|compile|check``): one ``.po`` per domain and
language under ``cardtable/locale/<lang>/LC_MESSAGES/``, compiled to ``.mo`` beside it. A domain is a part of
the program that owns its texts: ``cardtable`` (engine, CLI, server, simulation), ``web`` (the pages' own
words) and one per game (its rules' sentences, log lines, prompts and its renderers in the terminal and the
browser). The same catalogs serve the browser: the server hands a page the messages of its scripts as JSON.

The language is per reader, not per process: it lives in a context variable. The CLI sets it once from
``--lang``, ``CARDTABLE_LANG`` or the system locale; the server sets it for each request and each seat's
socket, so two seats at one table read one game in two languages. Records stay language-neutral (actions
and IDs only), so a text is always made when someone reads it, in that person's language.

How code writes a text::

    _ = Translator("mojo")
    raise IllegalAction("MOJO-4.2", _("card {card} is not in your hand", card=card))
    _n = _.plural
    _n("{n} card left", "{n} cards left", n)        # Hungarian: "{n} lap maradt" in both forms
    LABEL = N_("Draw pile")   ...   _(LABEL)        # a text kept in a table, translated where it is read

Placeholders are ``str.format`` fields with names; a translation keeps the same names (the tests check it).
Floats are written in the reader's locale (0,55 in German and Hungarian); integers stay as they are, since
most are seat numbers, card values or seeds; ``number()`` writes a count with the locale's grouping.
"""

from __future__ import annotations

import gettext
import locale as system_locale
import os
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterator

from babel.numbers import format_decimal

#: the languages cardtable speaks; the first is the source language and the fallback
LANGUAGES: tuple[str, ...] = ("en", "de", "hu")
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "hu": "Magyar"}
SOURCE_LANGUAGE = "en"
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"

_current: ContextVar[str] = ContextVar("cardtable_language", default=SOURCE_LANGUAGE)


def normalize(tag: str | None) -> str | None:
    """The language of a tag as cardtable knows it (``de-AT`` -> ``de``, ``hu_HU.UTF-8`` -> ``hu``), or None."""
    if not tag:
        return None
    base = tag.strip().replace("_", "-").split(".")[0].split("-")[0].lower()
    return base if base in LANGUAGES else None


def negotiate(accept_language: str | None) -> str | None:
    """The best of our languages for an HTTP ``Accept-Language`` header (``de-CH,de;q=0.9,en;q=0.5``),
    by the weights the header gives; None when it names none of them."""
    if not accept_language:
        return None
    ranked: list[tuple[float, int, str]] = []
    for order, part in enumerate(accept_language.split(",")):
        tag, _sep, params = part.strip().partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                weight = 0.0
        lang = normalize(tag)
        if lang and weight > 0:
            ranked.append((-weight, order, lang))
    return min(ranked)[2] if ranked else None


def system_language() -> str | None:
    """The language of the system locale (``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``), if we speak it."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for tag in os.environ.get(name, "").split(":"):
            lang = normalize(tag)
            if lang:
                return lang
    try:
        return normalize(system_locale.getlocale()[0])
    except ValueError:
        return None


def choose(explicit: str | None = None) -> str:
    """The CLI's choice: ``explicit`` (``--lang``), then ``CARDTABLE_LANG``, then the system locale, then English.
    An explicit language we do not speak is an error the caller reports; a bad environment value is skipped."""
    if explicit:
        lang = normalize(explicit)
        if lang is None:
            raise ValueError(f"unknown language {explicit!r}")  # i18n: no (the CLI says it in the reader's words)
        return lang
    return normalize(os.environ.get("CARDTABLE_LANG")) or system_language() or SOURCE_LANGUAGE


#: the reader's language (the context variable's own getter: this is called on every text a game makes)
current_language = _current.get


def set_language(lang: str) -> None:
    """Set the reader's language for the rest of this context (the CLI does it once, at its start)."""
    _current.set(normalize(lang) or SOURCE_LANGUAGE)


@contextmanager
def language(lang: str | None) -> Iterator[str]:
    """Read everything inside the block in ``lang`` (a request, one seat's view, a test)."""
    token = _current.set(normalize(lang) or SOURCE_LANGUAGE)
    try:
        yield _current.get()
    finally:
        _current.reset(token)


@lru_cache(maxsize=None)
def translations(domain: str, lang: str) -> gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``lang`` (English, or a catalog not built yet: no translation)."""
    if lang == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    return gettext.translation(domain, LOCALE_DIR, [lang], fallback=True)


def number(value: float, digits: int | None = None, lang: str | None = None) -> str:
    """``value`` as the reader writes numbers: ``12,345.6`` / ``12.345,6`` / ``12 345,6``."""
    lang = lang or _current.get()
    if digits is not None:
        pattern = "#,##0" + ("." + "0" * digits if digits else "")
        return format_decimal(value, format=pattern, locale=lang)
    return format_decimal(value, locale=lang)


def _fill(template: str, params: dict[str, Any], lang: str) -> str:
    if not params:
        return template
    if lang != SOURCE_LANGUAGE:
        params = {k: number(v, lang=lang) if isinstance(v, float) else v for k, v in params.items()}
    return template.format(**params)


class Translator:
    """The texts of one domain: ``_("...", name=value)`` and ``_.plural(singular, plural, n, ...)``."""

    __slots__ = ("domain",)

    def __init__(self, domain: str):
        self.domain = domain

    def __call__(self, message: str, /, **params: Any) -> str:
        lang = _current.get()
        if lang == SOURCE_LANGUAGE:  # the common case, and the one games make texts in as they play
            return message.format_map(params) if params else message
        return _fill(translations(self.domain, lang).gettext(message), params, lang)

    def plural(self, singular: str, plural: str, n: int, /, **params: Any) -> str:
        """The form for ``n`` (``n`` is also a placeholder unless given). German says '1 Karte, 2 Karten';
        Hungarian keeps the singular after a numeral ('2 lap'), which its catalog writes in both forms."""
        lang = _current.get()
        params.setdefault("n", n)
        if lang == SOURCE_LANGUAGE:
            text = singular if n == 1 else plural
        else:
            text = translations(self.domain, lang).ngettext(singular, plural, n)
        return _fill(text, params, lang)

    def __repr__(self) -> str:
        return f"Translator({self.domain!r})"


def N_(message: str) -> str:
    """Mark ``message`` for the catalogs without translating it here (a constant read later through ``_``)."""
    return message
