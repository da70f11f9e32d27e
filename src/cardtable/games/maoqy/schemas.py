"""The JSON Schemas of MAOQY's data files (``cardtable schema maoqy``): the Level 2 meanings and Level 3 rituals.

Found by the engine's registry by its module name (``cardtable.games.<name>.schemas``); imported only
when the schemas are asked for, since the models need pydantic.
"""

from __future__ import annotations

from typing import Any


def schemas() -> dict[str, dict[str, Any]]:
    from .levels_schema import MeaningsFile, RitualFile

    return {"meanings": MeaningsFile.model_json_schema(by_alias=True),
            "ritual": RitualFile.model_json_schema(by_alias=True)}
