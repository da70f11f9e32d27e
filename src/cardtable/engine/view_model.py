"""The base of a game's view model (``Kit.view_model``): a pydantic model of what ``State.view(seat)`` returns.

It forbids fields it does not list, so a field a game adds to its view without its model fails the view tests
(``tests/test_view_models.py``), and it takes a field's docstring as its description in the JSON Schema
(``cardtable schema GAME --views``). Imported only by the games' view models, which the kits load on first use.
"""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class ViewModel(BaseModel):
    """A part of a game's view; every nested model of a view derives from it too."""

    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True)
