"""The CLI's language: ``--lang``, then ``CARDTABLE_LANG``, then the system locale, then English.

``--lang`` is global: it may stand anywhere on the command line (``cardtable --lang de games``, ``cardtable
rules mitosz MIT-7.4 --lang hu``) and is taken off before Click reads the rest. The language is set once for
the process; the commands' help texts are translated in place before Click prints them, and the words Typer
prints around them ("Options", "Commands", "Error") come from the ``click`` domain through the standard
library's gettext, where Typer looks them up.
"""

from __future__ import annotations

import gettext
import os
import re
from typing import Any

from cardtable.engine.i18n import (LANGUAGES, LOCALE_DIR, N_, SOURCE_LANGUAGE, Translator, choose, current_language,
                                   language)

_ = Translator("cardtable")


class LanguageError(ValueError):
    pass


def take_language(argv: list[str]) -> tuple[str | None, list[str]]:
    """``--lang X`` / ``--lang=X`` out of ``argv``: (X or None, the other arguments). A ``--lang`` without a
    value is a LanguageError."""
    rest: list[str] = []
    lang: str | None = None
    args = iter(argv)
    for arg in args:
        if arg == "--":
            rest.append(arg)
            rest.extend(args)
            break
        if arg == "--lang":
            lang = next(args, None)
            if lang is None or lang.startswith("-"):
                with language(choose(None)):
                    raise LanguageError(_("--lang needs a language: {languages}", languages=", ".join(LANGUAGES)))
        elif arg.startswith("--lang="):
            lang = arg.split("=", 1)[1]
        else:
            rest.append(arg)
    return lang, rest


def apply(explicit: str | None) -> str:
    """Choose the process's language (an unknown ``--lang`` is a LanguageError) and point Typer's gettext at
    it; returns it. ``restore()`` undoes what this did outside the context variable."""
    try:
        lang = choose(explicit)
    except ValueError:
        with language(choose(None)):  # said in the language of CARDTABLE_LANG or the locale, if any
            raise LanguageError(_("unknown language {lang!r}; cardtable speaks {languages}", lang=explicit,
                                  languages=", ".join(LANGUAGES))) from None
    if lang != SOURCE_LANGUAGE:
        # Typer's own words go through the standard library's gettext in its global domain.
        _saved.setdefault("LANGUAGE", os.environ.get("LANGUAGE"))
        _saved.setdefault("domain", gettext.textdomain())
        os.environ["LANGUAGE"] = lang
        gettext.bindtextdomain("click", str(LOCALE_DIR))
        gettext.textdomain("click")
        _retitle_typer()
        _usage_translated()
        _errors_translated()
    return lang


_saved: dict[str, Any] = {}
_TYPER_TITLES = ("ARGUMENTS_PANEL_TITLE", "OPTIONS_PANEL_TITLE", "COMMANDS_PANEL_TITLE", "ERRORS_PANEL_TITLE",
                 "DEPRECATED_STRING", "DEFAULT_STRING", "ENVVAR_STRING", "REQUIRED_LONG_STRING")


def _retitle_typer() -> None:
    """Typer reads its panel titles once, at import: read them again in the reader's language."""
    import typer.rich_utils as rich_utils

    originals = _saved.setdefault("titles", {n: getattr(rich_utils, n) for n in _TYPER_TITLES
                                             if isinstance(getattr(rich_utils, n, None), str)})
    for name, value in originals.items():
        setattr(rich_utils, name, gettext.gettext(value))


def restore() -> None:
    """Undo ``apply`` (a command run in-process, as the tests do, leaves the process as it found it)."""
    if not _saved:
        return
    import typer.rich_utils as rich_utils

    for name, value in _saved.pop("titles", {}).items():
        setattr(rich_utils, name, value)
    if "rich_format_error" in _saved:
        rich_utils.rich_format_error = _saved.pop("rich_format_error")
    if "write_usage" in _saved:
        from typer._click.formatting import HelpFormatter

        HelpFormatter.write_usage = _saved.pop("write_usage")  # type: ignore[method-assign]
    if "LANGUAGE" in _saved:
        old = _saved.pop("LANGUAGE")
        if old is None:
            os.environ.pop("LANGUAGE", None)
        else:
            os.environ["LANGUAGE"] = old
    if "domain" in _saved:
        gettext.textdomain(_saved.pop("domain"))


#: the help of ``--help`` and the usage line's prefix, which Typer's Click writes without gettext
HELP_OPTION = N_("Show this message and exit.")
USAGE = N_("Usage: ")


def _usage_translated() -> None:
    """Click writes "Usage: " itself: write it in the reader's language while a command runs (``restore``)."""
    from typer._click.formatting import HelpFormatter

    write_usage = _saved.setdefault("write_usage", HelpFormatter.write_usage)

    def translated(self: Any, prog: str, args: str = "", prefix: str | None = None) -> None:
        write_usage(self, prog, args, _(USAGE) if prefix is None else prefix)

    HelpFormatter.write_usage = translated  # type: ignore[method-assign]


#: Click's errors, which its vendored copy in Typer writes with f-strings: each form, read back and said again in
#: the reader's language (the names, values and reasons inside are kept as Click wrote them)
CLICK_ERRORS = (
    (re.compile(r"No such option: (?P<name>\S+) \(Possible options: (?P<options>.+)\)", re.S),
     N_("No such option: {name} (possible options: {options})")),
    (re.compile(r"No such option: (?P<name>.+)", re.S), N_("No such option: {name}")),
    (re.compile(r"Missing argument (?P<name>'[^']*')\.", re.S), N_("Missing argument {name}.")),
    (re.compile(r"Missing option (?P<name>'[^']*'(?: / '[^']*')*)\.", re.S), N_("Missing option {name}.")),
    (re.compile(r"Got unexpected extra argument(?:\(s\)|s)? \((?P<args>.*)\)", re.S), N_("Got unexpected extra argument(s) ({args})")),
    (re.compile(r"Option (?P<name>'[^']*') requires an argument\.", re.S), N_("Option {name} requires an argument.")),
    (re.compile(r"Invalid value for (?P<name>.+?): Input should be a valid integer, unable to parse string as an "
                r"integer", re.S), N_("Invalid value for {name}: not a whole number")),
    (re.compile(r"Invalid value for (?P<name>.+?): Input should be greater than or equal to (?P<low>\S+)", re.S),
     N_("Invalid value for {name}: give at least {low}")),
    (re.compile(r"Invalid value for (?P<name>.+?): Input should be less than or equal to (?P<high>\S+)", re.S),
     N_("Invalid value for {name}: give at most {high}")),
    (re.compile(r"Invalid value for (?P<name>.+?): (?:Value error, )?(?P<value>'[^']*') is not one of "
                r"(?P<choices>.+?)\.?", re.S), N_("Invalid value for {name}: {value} is not one of {choices}")),
    (re.compile(r"Invalid value for (?P<name>.+?): (?P<reason>.+)", re.S), N_("Invalid value for {name}: {reason}")),
)


def click_error(text: str) -> str:
    """One of Click's error messages in the reader's language (as it is when no form fits, and in English)."""
    if current_language() == SOURCE_LANGUAGE:
        return text
    for pattern, message in CLICK_ERRORS:
        found = pattern.fullmatch(text.strip())
        if found:
            return _(message, **found.groupdict())
    return text


def _errors_translated() -> None:
    """Typer prints Click's errors through ``rich_utils.rich_format_error``: read each in the reader's language."""
    import typer.rich_utils as rich_utils

    show = _saved.setdefault("rich_format_error", rich_utils.rich_format_error)

    def translated(error: Any) -> None:
        original = error.format_message
        error.format_message = lambda: click_error(original())
        show(error)

    rich_utils.rich_format_error = translated  # type: ignore[assignment]


def _help_option_translated(command: Any) -> None:
    """``--help``'s own help, made by Click when the help is shown, in the reader's language."""
    original = command.get_help_option

    def get_help_option(ctx: Any) -> Any:
        option = original(ctx)
        if option is not None and option.help == HELP_OPTION:
            option.help = _(HELP_OPTION)
        return option

    command.get_help_option = get_help_option


def translate_help(command: Any) -> None:
    """Every help text of ``command`` and its subcommands, in place, in the reader's language."""
    _help_option_translated(command)
    for attr in ("help", "short_help", "epilog"):
        text = getattr(command, attr, None)
        if text:
            setattr(command, attr, _(text))
    for param in command.params:
        text = getattr(param, "help", None)
        if text:
            param.help = _(text)
    for sub in getattr(command, "commands", {}).values():
        translate_help(sub)


def run(app: Any, err: Any, argv: list[str] | None = None) -> None:
    """Run the Typer ``app`` on ``argv`` (the process's arguments by default) in the language asked for."""
    import sys

    import typer.main
    from rich.markup import escape

    try:
        lang, rest = take_language(list(sys.argv[1:] if argv is None else argv))
        lang = apply(lang)
    except LanguageError as exc:
        with language(choose(None)):
            err.print("[red]" + escape(_("error:")) + f"[/] {escape(str(exc))}", highlight=False, soft_wrap=True)
        raise SystemExit(2) from None
    try:
        with language(lang):
            command = typer.main.get_command(app)
            translate_help(command)
            command.main(args=rest, prog_name="cardtable")
    finally:
        restore()
