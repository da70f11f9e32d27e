"""Mítosz (rulebook 1.1.2, seed 003_7c28ce48248c7640.txt, spec rules/mitosz.md): the data layer only.

Card sets and decks as YAML data (``data.py``, models in ``schema.py``, packaged files in ``data/``).
The game itself is not written yet, so nothing is registered here: ``cardtable games`` does not list
Mítosz, but ``cardtable schema mitosz`` exports the JSON Schemas of its files (``schemas.py``).
Importing this package is cheap: pydantic and PyYAML are imported only when a file is read.
"""
