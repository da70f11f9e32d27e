"""Which source files feed which catalog domain.

A domain is a part of the program that owns its texts: each game has two (its rules' sentences, and its
renderers' words), the pages have ``web``, the rest of the program ``cardtable``, and Typer's own words
``click``. Paths are relative to the ``cardtable`` package; ``**`` spans folders.
"""

from __future__ import annotations

import importlib.util
from dataclasses import dataclass, field
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent


def _typer_folder() -> Path:
    spec = importlib.util.find_spec("typer")
    assert spec is not None and spec.origin is not None, "typer is a dependency of cardtable"
    return Path(spec.origin).resolve().parent


@dataclass(frozen=True)
class Domain:
    name: str
    #: (glob, extraction method) pairs, relative to ``root``
    sources: tuple[tuple[str, str], ...]
    #: None: the cardtable package; a callable for a library's own sources (Typer's Click)
    root: object = field(default=None, compare=False)
    #: globs (relative to ``root``) of files the sources match but another domain owns
    exclude: tuple[str, ...] = ()

    def folder(self) -> Path:
        return PACKAGE if self.root is None else self.root()  # type: ignore[operator]

    def files(self) -> list[tuple[Path, str]]:
        out: list[tuple[Path, str]] = []
        folder = self.folder()
        excluded = {p for pattern in self.exclude for p in folder.glob(pattern)}
        for pattern, method in self.sources:
            out.extend((p, method) for p in sorted(folder.glob(pattern)) if p.is_file() and p not in excluded)
        return out


def _game(name: str) -> tuple[Domain, Domain]:
    """A game's two domains: ``<game>`` for its rules' sentences (errors, log lines, prompts, card texts, data
    errors) and ``<game>-ui`` for its renderers in the terminal and the browser. Its kit's balance probe writes
    words of the balance report, which the ``cardtable`` domain holds beside the report's own."""
    return (
        Domain(name, ((f"games/{name}/**/*.py", "python"),),
               exclude=(f"games/{name}/kit/terminal*.py", f"games/{name}/kit/probe*.py")),
        Domain(f"{name}-ui", (
            (f"games/{name}/kit/terminal*.py", "python"),
            (f"web/games/{name}.js", "javascript"),
            (f"web/games/{name}-*.js", "javascript"),
        )),
    )


DOMAINS: tuple[Domain, ...] = (
    *_game("mojo"),
    *_game("maoqy"),
    *_game("mitosz"),
    *_game("muhq"),
    Domain("web", (
        ("web/js/*.js", "javascript"),
        ("web/games/board-kit.js", "javascript"),
        ("web/games/generic.js", "javascript"),
        ("web/games/index.js", "javascript"),
        ("web/*.html", "jinja2"),
        ("web/partials/*.html", "jinja2"),
    )),
    Domain("cardtable", (
        ("engine/**/*.py", "python"),
        ("cli/*.py", "python"),
        ("games/*/kit/probe*.py", "python"),
        ("cli/app.py", "cli-help"),
        ("server/**/*.py", "python"),
        ("sim/**/*.py", "python"),
        ("agents/**/*.py", "python"),
        ("envs/**/*.py", "python"),
        ("store/**/*.py", "python"),
        ("studio/**/*.py", "python"),
    )),
    # The words Click and Typer print around our help and errors ("Usage:", "Options", "Missing argument …"):
    # they call the standard library's gettext, which the CLI points at this domain (cardtable.cli.language).
    Domain("click", (("**/*.py", "python"),), root=_typer_folder),
)

BY_NAME = {d.name: d for d in DOMAINS}
#: the languages that have catalogs (English is the source and has none)
TARGET_LANGUAGES = ("de", "hu")


def domain_of(path: Path) -> Domain | None:
    """The domain a source file belongs to (the first whose globs match it)."""
    path = path.resolve()
    for domain in DOMAINS:
        if any(p == path for p, _m in domain.files()):
            return domain
    return None
