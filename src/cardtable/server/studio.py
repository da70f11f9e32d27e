"""The designer's workbench over HTTP (``cardtable studio --workspace DIR``): ``/studio`` and ``/api/studio/…``.

Every request names a game and a file of it; the workspace (``cardtable.studio.workspace``) checks the names
before any file is touched, checks a text by loading it as the game would before anything is written, and
never writes the packaged files. A refused request is a 4xx with the reason (a data problem: 422 with every
problem's entry, field, line and reason) and changes nothing.
"""

from __future__ import annotations

from typing import Any, Optional

from fastapi import APIRouter, FastAPI
from fastapi.responses import HTMLResponse, JSONResponse, PlainTextResponse
from pydantic import BaseModel, ConfigDict, Field

from cardtable.engine import DataError, game_class
from cardtable.engine.i18n import Translator
from cardtable.studio.jobs import WhatIfJobs
from cardtable.studio.workspace import MAX_MESSAGE, Workspace, WorkspaceError
from cardtable.studio.yaml_edit import entries, set_field

_ = Translator("cardtable")
MAX_TEXT_CHARS = 2_000_000


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TextBody(_Body):
    text: str = Field(max_length=MAX_TEXT_CHARS)


class SaveBody(TextBody):
    message: str = Field("", max_length=MAX_MESSAGE)


class EditBody(TextBody):
    entry: Optional[int] = Field(None, ge=0, description="the entry's index; none: a field of the file itself")  # i18n: no
    path: list[str | int] = Field(min_length=1, max_length=20)
    value: str | int | float | bool | None


class WhatIfBody(_Body):
    game: str = Field(max_length=64)
    a: str = Field("packaged", max_length=16)
    b: str = Field(max_length=16)
    games: int = Field(50, ge=1, le=100_000)
    agents: str = Field("heuristic", max_length=200)
    seed: int = Field(0, ge=0, le=2**62)


class NoSuchJob(WorkspaceError):
    """A what-if the server does not know (a 404)."""


def problem_body(exc: DataError) -> dict[str, Any]:
    """A data problem as the 422's body: the message, the rule, the file and every problem."""
    return {"error": str(exc), "rule": getattr(exc, "rule", None), "file": exc.file,
            "problems": [{"entry": e, "field": f, "line": line, "reason": r} for e, f, line, r in exc.problems]}


def data_problem(exc: DataError) -> JSONResponse:
    return JSONResponse(problem_body(exc), status_code=422)


def studio_routes(workspace: Workspace, jobs: WhatIfJobs) -> APIRouter:
    router = APIRouter(prefix="/api/studio", tags=["studio"])

    def checked(game: str, name: str, text: str) -> dict[str, Any]:
        summary, warnings = workspace.check(game, name, text)
        return {"ok": True, "summary": summary, "warnings": warnings}

    @router.get("", summary="The workspace: its games with their data files, and its versions")  # i18n: no
    async def overview() -> dict[str, Any]:
        return {"workspace": str(workspace.root),
                "games": [{"name": g, "title": game_class(g).info.title, "files": workspace.files(g)}
                          for g in workspace.games()],
                "versions": [v.to_json() for v in workspace.versions()]}

    @router.get("/{game}/files/{name}", summary="A data file's text and its entries as fields")  # i18n: no
    async def read_file(game: str, name: str) -> dict[str, Any]:
        text = workspace.read(game, name)
        return {"game": game, "name": name, "text": text, **entries(text)}

    @router.post("/{game}/files/{name}/entries", summary="A text's entries as fields (the form), writing nothing")  # i18n: no
    async def text_entries(game: str, name: str, body: TextBody) -> dict[str, Any]:
        workspace.read(game, name)  # the names are checked first
        return entries(body.text)

    @router.post("/{game}/files/{name}/stats", summary="A text's statistics (a deck's breakdowns, curve, odds)")  # i18n: no
    async def text_stats(game: str, name: str, body: TextBody, seed: int = 0) -> Any:
        try:
            return {"stats": workspace.stats(game, name, body.text, seed=seed)}
        except DataError as exc:
            return data_problem(exc)

    @router.post("/{game}/files/{name}/check", summary="Check a text as this file, writing nothing")  # i18n: no
    async def check_file(game: str, name: str, body: TextBody) -> Any:
        try:
            return checked(game, name, body.text)
        except DataError as exc:
            return data_problem(exc)

    @router.post("/{game}/files/{name}/edit", summary="One field changed in a text, then checked; writes nothing")  # i18n: no
    async def edit_field(game: str, name: str, body: EditBody) -> Any:
        workspace.read(game, name)  # the names are checked first
        text = set_field(body.text, body.entry, list(body.path), body.value)
        try:
            result = checked(game, name, text)
        except DataError as exc:  # the changed text comes back too: the designer fixes it from there
            return JSONResponse({**problem_body(exc), "text": text}, status_code=422)
        return {"text": text, **result}

    @router.put("/{game}/files/{name}", summary="Save a text as the workspace's file: checked, then a new version")  # i18n: no
    async def save_file(game: str, name: str, body: SaveBody) -> Any:
        try:
            saved = workspace.save(game, name, body.text, body.message)
        except DataError as exc:
            return data_problem(exc)
        return {"version": saved.version.to_json(), "summary": saved.summary, "warnings": saved.warnings}

    @router.get("/diff", summary="A unified diff from version a to version b (none: the current files)")  # i18n: no
    async def diff(a: int = 0, b: Optional[int] = None) -> PlainTextResponse:
        return PlainTextResponse(workspace.diff(a, b))

    @router.post("/whatif", summary="Start a paired what-if of two versions on the same seeds")  # i18n: no
    async def start_whatif(body: WhatIfBody) -> Any:
        job = jobs.start(body.game, body.a, body.b, body.games, body.agents, body.seed)
        return JSONResponse(job.to_json(), status_code=202)

    @router.get("/whatif/{job_id}", summary="A what-if's progress, and its numbers when it is done")  # i18n: no
    async def whatif_status(job_id: str) -> Any:
        return _job(job_id).to_json()

    @router.post("/whatif/{job_id}/stop", summary="Stop a what-if: the pairs finished are kept")  # i18n: no
    async def stop_whatif(job_id: str) -> Any:
        job = _job(job_id)
        job.stop.set()
        return job.to_json()

    def _job(job_id: str) -> Any:
        try:
            return jobs.get(job_id)
        except KeyError:
            raise NoSuchJob(_("no what-if {id} (the server forgets them when it stops)", id=repr(job_id))) from None

    return router


def add_studio(app: FastAPI, workspace_dir: str, render_page: Any, workers: int | None = None) -> None:
    """The workbench's routes and pages for the workspace in ``workspace_dir``."""
    workspace = Workspace(workspace_dir)
    jobs = WhatIfJobs(workspace, workers=workers)
    app.state.studio = workspace
    app.include_router(studio_routes(workspace, jobs))

    @app.exception_handler(WorkspaceError)
    async def workspace_error(request: Any, exc: WorkspaceError) -> JSONResponse:
        return JSONResponse({"error": str(exc), "rule": None}, status_code=404 if isinstance(exc, NoSuchJob) else 422)

    @app.get("/studio", include_in_schema=False)
    async def studio_page() -> HTMLResponse:
        # (with Mítosz's words for its card types and spheres, which the deck statistics show)
        return render_page("studio.html", ("web", "mitosz-ui"))  # type: ignore[no-any-return]

    @app.get("/studio/whatif/{job_id}", include_in_schema=False)
    async def whatif_page(job_id: str) -> Any:
        from cardtable.sim.whatif_report import render_whatif

        job = jobs.jobs.get(job_id)
        if job is None or job.numbers is None:
            import html

            message = html.escape(_("no finished what-if {id}", id=repr(job_id)))
            return HTMLResponse(f"<!doctype html><title>{message}</title><p>{message}</p>", status_code=404)  # i18n: no (markup)
        return HTMLResponse(render_whatif(job.numbers, plots=True))
