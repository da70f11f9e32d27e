"""`cardtable games` and `cardtable rules`: what the games are, the options they take and the rules they enforce."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape
from rich.padding import Padding

from cardtable.engine import CardtableError
from cardtable.engine.i18n import N_, Translator
from cardtable.engine.registry import game_class, game_names

from .output import console

_ = Translator("cardtable")


def games(
    name: Annotated[Optional[str], typer.Argument(help=N_("show this game's options"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print JSON"))] = False,
) -> None:
    """List the games, their player counts and options."""
    names = [name] if name else game_names()
    described = [game_class(n)().describe() for n in names]
    # the values an option takes, in the reader's words (describe() gives them in English: the lobby reads them)
    allowed = {(n, o.name): o.allowed(translated=True) for n in names for o in game_class(n).declared_options}
    if as_json:
        print(json.dumps(described if not name else described[0], indent=2, ensure_ascii=False))
        return
    for n, d in zip(names, described):
        console.print(f"[bold]{escape(d['name'])}[/] — {escape(d['title'])}: {escape(d['summary'])}")
        console.print("  " + _("players {low}–{high} (default {default}), rules {version}", low=d['players'][0],
                                high=d['players'][1], default=d['default_players'], version=d['rules_version']))
        # One block per option (name = default, rule; then what it does and the values it takes), wrapped under
        # its name: a table cut names and values at 80 columns.
        for o in d["options"]:
            default = json.dumps(o["default"], ensure_ascii=False, separators=(", ", ": "))
            console.print(Padding(f"[bold]{escape(o['name'])}[/] = {escape(default)}  [dim]({escape(o['rule'])})[/]",
                                  (0, 0, 0, 2), expand=False), highlight=False)
            console.print(Padding(escape(_("{doc}; values: {allowed}", doc=o['doc'], allowed=allowed.get((n, o['name']), o['allowed']))),
                                  (0, 0, 0, 6), expand=False),
                          highlight=False)


def rules(
    game: Annotated[str, typer.Argument(help=N_("game name, e.g. mojo or mitosz"))],
    find: Annotated[Optional[str], typer.Argument(help=N_("show only rules whose ID starts with this, or whose text "
                                                       "contains it, e.g. MIT-7.4 or 'spoils'"))] = None,
    coverage: Annotated[bool, typer.Option("--coverage", help=N_("list the tests that name each rule, and count the "
                                                              "rules without one (needs the source checkout)"))] = False,
    tests: Annotated[Optional[Path], typer.Option("--tests", help=N_("the tests folder for --coverage (default: the "
                                                                  "checkout's tests/)"))] = None,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print one JSON object"))] = False,
) -> None:
    """List a game's rules with their IDs and text (the IDs rejected moves cite); --coverage shows which
    tests check each rule."""
    from cardtable.engine.i18n import current_language
    from cardtable.engine.rulebook import Rulebook, collect_tests

    book = Rulebook.for_game(game_class(game), current_language())
    if book is None:
        raise CardtableError(_("{game} ships no rulebook", game=game))
    chosen = book.find(find) if find else book.rules
    if find and not chosen:
        raise CardtableError(_("no rule of {game} starts with or mentions {find}", game=game, find=repr(find)))
    covered: dict[str, list[str]] = {}
    if coverage:
        folder = tests or Path(__file__).resolve().parents[3] / "tests"
        if not folder.is_dir():
            raise CardtableError(_("--coverage reads the tests of a source checkout; {folder} is not a folder "
                                   "(give --tests PATH)", folder=str(folder)))
        covered = book.coverage(collect_tests(folder))
    if as_json:
        out: dict[str, Any] = {"game": game, "rules": [{"id": r.id, "text": r.text, "section": r.section,
                                                        "departure": r.departure,
                                                        **({"tests": covered[r.id]} if coverage else {})}
                                                       for r in chosen]}
        if coverage:
            out["covered"] = sum(1 for r in chosen if covered[r.id])
            out["uncovered"] = [r.id for r in chosen if not covered[r.id]]
        print(json.dumps(out, indent=2, ensure_ascii=False))
        return
    section = None
    for r in chosen:
        if r.section != section and not find:
            section = r.section
            console.print(f"\n[bold]{escape(str(section))}[/]", highlight=False)
        tail = ""
        if coverage:
            names = covered[r.id]
            tail = ("  [green]" + escape(_("{n} test(s):", n=len(names))) + "[/] "
                    + escape(", ".join(n.split("::")[-1] for n in names[:3]))
                    + (" …" if len(names) > 3 else "")) if names else "  [red]" + escape(_("no test")) + "[/]"
        mark = " [yellow]" + escape(_("(departs from the specification: docs)")) + "[/]" if r.departure else ""
        console.print(f"[bold cyan]{escape(r.id)}[/]{mark} {escape(r.text)}{tail}", highlight=False)  # i18n: no (markup)
    if coverage:
        missing = [r.id for r in chosen if not covered[r.id]]
        console.print("\n" + escape(_("{covered} of {n} rules covered, {missing} uncovered", covered=len(chosen) - len(missing),
                                      n=len(chosen), missing=len(missing)))
                      + (f": {escape(', '.join(missing))}" if missing else ""), highlight=False)
