"""Persistence of tables, their actions, accounts and ratings: SQLite by default, PostgreSQL for several
server processes (``open_store``)."""

from .accounts import Account, AccountStore, NameTaken
from .database import StaleWrite
from .tables import SqliteStore, StoredTable, TableStore, open_store

__all__ = ["Account", "AccountStore", "NameTaken", "SqliteStore", "StaleWrite", "StoredTable", "TableStore",
           "open_store"]
