"""muhq's game (seed 004_79adae7f4d05d27f.txt, spec rules/muhq.md): a tactical card game on a grid board.

So far only the data layer: boards (spec 6) and card sets (spec 7) as YAML, their pydantic models
(``schema``), loaders by name (``data``) and the JSON Schema export (``schemas``, found by the engine's
registry by its module name). The rules engine, and with it the game class, come later.
"""
