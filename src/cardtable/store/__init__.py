"""Persistence of tables and their actions (SQLite by default)."""

from .accounts import Account, AccountStore, NameTaken
from .sqlite import SqliteStore, StoredTable

__all__ = ["Account", "AccountStore", "NameTaken", "SqliteStore", "StoredTable"]
