"""Questions the table page asks without playing: would this action be legal for my seat now, and what does a
rule say. Neither changes a game.

``POST /api/tables/{id}/check`` answers for the seat of the token (``X-Seat-Token``, as the other endpoints):
``{legal, rule, message, rule_text}``. Its answer is built from what the seat already knows: ``legal`` is
whether the action is among the seat's legal moves (which its messages list), and for an illegal action the
engine's own refusal (``IllegalAction``), the same text ``POST /actions`` would answer with — tried on a
clone, so the live state is never touched.

``GET /api/games/{game}/rules`` is the game's packaged rulebook (``Rulebook.for_game``), departures included.
``GET /api/games/{game}/view-schema`` is the JSON Schema of what the game's seats are sent as ``view``
(``cardtable schema GAME --views``): what a client may read in a view, field by field.
"""

from __future__ import annotations

import functools
from typing import Any

from fastapi import APIRouter, Header, Request
from pydantic import BaseModel, Field

from cardtable.engine import IllegalAction, game_class
from cardtable.engine.i18n import Translator, current_language
from cardtable.engine.rulebook import Rulebook
from cardtable.engine.view_model import view_schema

from .manager import TableManager
from .tables import TableError

router = APIRouter()
_ = Translator("cardtable")


class CheckRequest(BaseModel):
    action: Any = Field(description="the action's JSON form, as POST /actions takes it")  # i18n: no (API docs)


def rulebook(game: str, lang: str | None = None) -> Rulebook | None:
    """The packaged rulebook of a registered game (UnknownGame, a 404, for another name) in ``lang`` (the
    reader's by default); read once per language."""
    return _rulebook(game, lang or current_language())


@functools.lru_cache(maxsize=None)
def _rulebook(game: str, lang: str) -> Rulebook | None:
    return Rulebook.for_game(game_class(game), lang)


@functools.lru_cache(maxsize=None)
def _rule_texts(game: str, lang: str) -> dict[str, str]:
    book = _rulebook(game, lang)
    return {} if book is None else {r.id: r.text for r in book.rules}


def rule_text(game: str, rule: str | None) -> str | None:
    """The text of ``rule`` in the reader's language."""
    return _rule_texts(game, current_language()).get(rule) if rule else None


@router.post("/api/tables/{table_id}/check", response_model=None,  # i18n: no (API docs)
             summary="Would this action be legal for the token's seat now? Never plays it")
async def check(table_id: str, body: CheckRequest, request: Request,
                x_seat_token: str | None = Header(None)) -> dict[str, Any]:
    manager: TableManager = request.app.state.manager
    table = manager.get(table_id)
    seat = table.seat_of(x_seat_token)  # 403 for a token of no seat
    if seat is None:
        raise TableError(401, _("a check needs the seat token of the player who asks"))
    game = table.game.info.name
    try:
        action = table.actions.parse(body.action)
    except IllegalAction as exc:  # not an action of this game at all: a bad request, as POST /actions says
        raise TableError(422, exc.message, exc.rule) from None
    # No await from here on: the state read is the live one, whole (the loop runs nothing else meanwhile).
    state = table.state
    if seat == state.current_player and action in state.legal_actions():
        return {"legal": True, "rule": None, "message": None, "rule_text": None}
    try:
        state.clone().apply(action, player=seat)
    except IllegalAction as exc:
        return {"legal": False, "rule": exc.rule, "message": exc.message, "rule_text": rule_text(game, exc.rule)}
    # The engine took on a clone what the legal moves do not list: say no, and nothing more (the legal moves are
    # what the seat may know; an engine's wider acceptance must not become a probe of the hidden state).
    return {"legal": False, "rule": None, "message": _("that is not one of your legal moves now"), "rule_text": None}


@router.get("/api/games/{game}/rules", response_model=None, summary="The game's rulebook: every rule ID with its text (departures included)")  # i18n: no (API docs)
async def rules(game: str) -> dict[str, Any]:
    book = rulebook(game)
    info = game_class(game).info
    return {
        "game": game,
        "pattern": getattr(info, "rule_pattern", "") or None,
        "rules": [] if book is None else [
            {"id": r.id, "text": r.text, "section": r.section, "departure": r.departure} for r in book.rules
        ],
    }


@router.get("/api/games/{game}/view-schema", response_model=None, summary="The JSON Schema of the game's views: what a seat's `view` holds")  # i18n: no (API docs)
async def views_schema(game: str) -> dict[str, Any]:
    game_class(game)  # an unknown game is a 404
    described = view_schema(game)
    if described is None:
        raise TableError(404, _("{game} has no view model; its views are not described by a schema yet",
                                game=repr(game)))
    return described
