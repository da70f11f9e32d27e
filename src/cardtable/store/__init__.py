"""Persistence of tables and their actions (SQLite by default)."""

from .sqlite import SqliteStore, StoredTable

__all__ = ["SqliteStore", "StoredTable"]
