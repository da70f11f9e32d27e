"""The base of a game's view model (``Kit.view_model``): a pydantic model of what ``State.view(seat)`` returns.

It forbids fields it does not list, so a field a game adds to its view without its model fails the view tests
(``tests/test_view_models.py``), and it takes a field's docstring as its description in the JSON Schema
(``cardtable schema GAME --views``). Imported only by the games' view models, which the kits load on first use.
"""

from __future__ import annotations

import functools
import os
from typing import Any

from pydantic import BaseModel, ConfigDict

#: Set to ``1`` (the tests do, in ``tests/conftest.py``), every view a server sends is first checked against its
#: game's view model: a surface that would send a field the schema does not describe fails instead.
CHECK_VIEWS = "CARDTABLE_CHECK_VIEWS"


class ViewModel(BaseModel):
    """A part of a game's view; every nested model of a view derives from it too."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)


def views_are_checked() -> bool:
    """Whether surfaces check each view against its model before sending it (see :data:`CHECK_VIEWS`)."""
    return os.environ.get(CHECK_VIEWS) == "1"


@functools.lru_cache(maxsize=None)
def view_model_of(game: str) -> type[BaseModel] | None:
    """The view model the kit of ``game`` names, or None for a game without one."""
    from .kit import kit_of

    kit = kit_of(game)
    if not kit.has("view_model"):
        return None
    model: type[BaseModel] = kit.load("view_model")
    return model


@functools.lru_cache(maxsize=None)
def view_schema(game: str) -> dict[str, Any] | None:
    """The JSON Schema of ``game``'s views (``cardtable schema GAME --views``), or None without a model (made once:
    treat it as read-only)."""
    model = view_model_of(game)
    if model is None:
        return None
    schema: dict[str, Any] = {"$schema": "https://json-schema.org/draft/2020-12/schema", **model.model_json_schema()}
    return schema


def check_view(game: str, view_json: str | bytes) -> None:
    """Validate a view's JSON strictly against ``game``'s view model (``pydantic.ValidationError`` if it does not
    fit); a game without a model passes."""
    model = view_model_of(game)
    if model is not None:
        model.model_validate_json(view_json, strict=True)


__all__ = ["ViewModel", "CHECK_VIEWS", "views_are_checked", "view_model_of", "view_schema", "check_view"]
