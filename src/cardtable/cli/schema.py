"""`cardtable schema`: the JSON Schemas of a game's data files, printed or written one file per schema."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any, Optional

import typer
from rich.markup import escape

from cardtable.engine import CardtableError
from cardtable.engine.i18n import N_, Translator

from .output import console

_ = Translator("cardtable")


def schema(
    game: Annotated[str, typer.Argument(help=N_("game (or schema provider) name, e.g. mitosz or maoqy"))],
    out: Annotated[Optional[Path], typer.Option("--out", help=N_("write one file per schema, GAME-NAME.schema.json, into this directory"))] = None,
    only: Annotated[Optional[str], typer.Option("--only", help=N_("print (or write) only this schema, e.g. card"))] = None,
    views: Annotated[bool, typer.Option("--views", help=N_("the JSON Schema of what a seat sees (the game's view) instead of its data files"))] = False,
) -> None:
    """Print the JSON Schemas of a game's data files (card sets, decks, level data), for editors and checks.

    Without --out: one JSON object, schema name -> JSON Schema (with --only: that schema alone).
    Works for games whose data exists before their rules (no game class needed). With --views: the schema of
    the game's view, what each seat is sent (schema name "view").
    """
    from cardtable.engine.registry import schema_provider, schemas

    if views:
        found, provider = _view_schemas(game), game
    else:
        found, provider = schemas(game), schema_provider(game)
    if only is not None:
        if only not in found:
            raise CardtableError(_("{game} has no schema {only}; its schemas: {schemas}", game=repr(game),
                                   only=repr(only), schemas=", ".join(found)))
        found = {only: found[only]}
    dialect = "https://json-schema.org/draft/2020-12/schema"
    found = {name: {"$schema": dialect, **s} if "$schema" not in s else s for name, s in found.items()}
    if out is None:
        print(json.dumps(found[only] if only is not None else found, indent=2, ensure_ascii=False))
        return
    try:
        out.mkdir(parents=True, exist_ok=True)
        for name, s in found.items():
            path = out / f"{provider}-{name}.schema.json"
            path.write_text(json.dumps(s, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
            console.print(escape(_("wrote {path}", path=str(path))), highlight=False)
    except OSError as exc:
        raise CardtableError(_("cannot write the schemas into {folder}: {reason}", folder=str(out),
                               reason=exc.strerror or exc)) from None


def _view_schemas(game: str) -> dict[str, dict[str, Any]]:
    """``{"view": JSON Schema}`` of the view model the game's kit names."""
    from cardtable.engine.view_model import view_schema

    described = view_schema(game)
    if described is None:
        raise CardtableError(_("{game} has no view model; its views are not described by a schema yet", game=repr(game)))
    return {"view": described}
