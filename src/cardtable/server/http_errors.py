"""Every refusal as a 4xx with a reason, never a changed game: ``{"error": ..., "rule": ...}`` in the reader's
language, for the table's refusals, the engine's, Starlette's own (an unknown path, a wrong method) and a request
that does not fit its model (pydantic's reasons, by their kind)."""

from __future__ import annotations

from typing import Any, Mapping

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from cardtable.engine import CardtableError, UnknownGame
from cardtable.engine.i18n import N_, Translator, current_language

from .tables import TableError

_ = Translator("cardtable")

#: Starlette's own refusals (an unknown path, a wrong method), in the request's language
HTTP_REASONS = {"Not Found": N_("Not Found"), "Method Not Allowed": N_("Method Not Allowed"),  # i18n: no (API docs)
                "Bad Request": N_("Bad Request"), "Unsupported Media Type": N_("Unsupported Media Type")}  # i18n: no (API docs)


#: pydantic's reasons for a field of a request, by their type, in the reader's language (pydantic writes English)
VALIDATION_REASONS = {
    "missing": N_("field required"),
    "extra_forbidden": N_("unknown field"),
    "int_type": N_("must be a whole number"),
    "int_parsing": N_("must be a whole number"),
    "int_from_float": N_("must be a whole number"),
    "float_type": N_("must be a number"),
    "float_parsing": N_("must be a number"),
    "string_type": N_("must be a text"),
    "bool_type": N_("must be true or false"),
    "bool_parsing": N_("must be true or false"),
    "dict_type": N_("must be a JSON object"),
    "list_type": N_("must be a list"),
    "literal_error": N_("must be one of {expected}"),
    "greater_than_equal": N_("must be at least {ge}"),
    "greater_than": N_("must be more than {gt}"),
    "less_than_equal": N_("must be at most {le}"),
    "less_than": N_("must be less than {lt}"),
    "json_invalid": N_("not valid JSON"),
}


def _problem(error: Mapping[str, Any]) -> str:
    """One field's problem as pydantic states it, in the reader's language where its kind is known."""
    message = VALIDATION_REASONS.get(error.get("type", ""))
    if message is None or current_language() == "en":
        return str(error.get("msg", ""))
    context = {k: v for k, v in (error.get("ctx") or {}).items() if k in ("expected", "ge", "gt", "le", "lt")}
    try:
        return _(message, **context)
    except (KeyError, IndexError):  # a context without the value the sentence names
        return str(error.get("msg", ""))


def add_error_handlers(app: FastAPI) -> None:
    @app.exception_handler(TableError)
    async def table_error(request: Request, exc: TableError) -> JSONResponse:
        return JSONResponse({"error": exc.message, "rule": exc.rule}, status_code=exc.status)

    @app.exception_handler(UnknownGame)
    async def unknown_game(request: Request, exc: UnknownGame) -> JSONResponse:
        return JSONResponse({"error": str(exc), "rule": None}, status_code=404)

    @app.exception_handler(CardtableError)
    async def cardtable_error(request: Request, exc: CardtableError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "rule": getattr(exc, "rule", None)}, status_code=422)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        # Starlette's own refusals (unknown path, wrong method, unparsable body) in the same shape.
        detail = str(exc.detail)
        detail = _(HTTP_REASONS[detail]) if detail in HTTP_REASONS else detail
        return JSONResponse({"error": detail, "rule": None}, status_code=exc.status_code, headers=exc.headers)

    @app.exception_handler(RequestValidationError)
    async def invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        problems = "; ".join(f"{'.'.join(str(x) for x in e['loc'])}: {_problem(e)}" for e in exc.errors())
        return JSONResponse({"error": _("invalid request: {problems}", problems=problems), "rule": None},
                            status_code=422)
