"""Babel extraction methods of our own kinds of source: the pages (Jinja templates) and the CLI's help.

Each is a Babel extraction method: ``(fileobj, keywords, comment_tags, options)`` yielding
``(lineno, funcname, message, comments)``.
"""

from __future__ import annotations

from typing import Any, Iterator


def extract_html(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    """The ``{{ _("…") }}`` texts of a page (Jinja's own Babel extractor)."""
    from jinja2.ext import babel_extract

    yield from babel_extract(fileobj, keywords, comment_tags, dict(options or {}))


def cli_texts() -> Iterator[str]:
    """Every help text of ``cardtable``'s commands and options, as Typer hands them to Click (docstrings and
    ``help=`` alike), so that ``cardtable --lang de COMMAND --help`` reads them in German."""
    import typer.main

    from cardtable.cli.app import app

    def walk(command: Any) -> Iterator[str]:  # Typer's Click (it may carry its own copy)
        for text in (command.help, command.short_help, command.epilog):
            if text:
                yield text
        for param in command.params:
            text = getattr(param, "help", None)
            if text:
                yield text
        for sub in getattr(command, "commands", {}).values():
            yield from walk(sub)

    yield from walk(typer.main.get_command(app))


def extract_cli_help(fileobj: Any, keywords: Any, comment_tags: Any, options: Any) -> Iterator[tuple[int, str, Any, list[str]]]:
    seen: set[str] = set()
    for text in cli_texts():
        if text not in seen:
            seen.add(text)
            yield 0, "_", text, ["help text of a cardtable command or option"]
