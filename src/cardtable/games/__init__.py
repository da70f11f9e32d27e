"""The games. Each subpackage is one game and depends on cardtable.engine only."""
