"""Accounts, their sessions and the seats bound to them, in the tables' SQLite file.

An account is a display name (unique without regard to case) and an argon2 hash of its password; a session is
the SHA-256 of a random cookie value with its account and expiry (the server never keeps a cookie it could
replay); a bound seat is (table, seat, account). The server's own secret (for CSRF tokens and for deriving an
account's seat tokens) is kept here too, made once, so that every process serving the same file agrees on it.
Writes go through the store's one writer (durable when the future resolves); reads take its lock.
"""

from __future__ import annotations

import secrets
from concurrent.futures import Future
from dataclasses import dataclass

from .tables import TableStore

SCHEMA = str(  # i18n: no (SQL)
    """
CREATE TABLE IF NOT EXISTS accounts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE COLLATE NOCASE,
    password_hash TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS sessions (
    token_hash TEXT PRIMARY KEY,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    expires REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seat_accounts (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    account_id INTEGER NOT NULL REFERENCES accounts(id),
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS notifications (
    account_id INTEGER PRIMARY KEY REFERENCES accounts(id),
    webhook TEXT,
    email TEXT,
    lang TEXT NOT NULL DEFAULT 'en'
);
CREATE TABLE IF NOT EXISTS server_secrets (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
);
""")


@dataclass(frozen=True)
class Account:
    id: int
    name: str


class NameTaken(Exception):
    """Another account has this display name (names compare without regard to case)."""


class AccountStore:
    def __init__(self, store: TableStore) -> None:
        self.store = store
        store.executescript(SCHEMA)
        if store.dialect == "postgresql":  # SQLite's column compares without case; PostgreSQL's index does
            store.executescript("CREATE UNIQUE INDEX IF NOT EXISTS accounts_name_nocase ON accounts (lower(name))")  # i18n: no

    # -- the server's secret -----------------------------------------------------------------------
    def secret(self, name: str) -> str:
        """The server's secret ``name``, made on first use and the same for every process of this file."""
        rows = self.store.query("SELECT value FROM server_secrets WHERE name = ?", (name,))  # i18n: no (SQL)
        if rows:
            return str(rows[0][0])
        self.store.submit([("INSERT INTO server_secrets (name, value) VALUES (?, ?) ON CONFLICT DO NOTHING",  # i18n: no (SQL)
                            (name, secrets.token_urlsafe(48)))]).result()
        return str(self.store.query("SELECT value FROM server_secrets WHERE name = ?", (name,))[0][0])  # i18n: no

    # -- accounts ------------------------------------------------------------------------------------
    def create(self, name: str, password_hash: str, now: float) -> Future[None]:
        return self.store.submit([("INSERT INTO accounts (name, password_hash, created) VALUES (?, ?, ?)",  # i18n: no
                                   (name, password_hash, now))])

    def find(self, name: str) -> tuple[Account, str] | None:
        """The account named ``name`` (any case) and its password hash."""
        rows = self.store.query("SELECT id, name, password_hash FROM accounts WHERE lower(name) = lower(?)", (name,))  # i18n: no
        return (Account(rows[0][0], rows[0][1]), rows[0][2]) if rows else None

    def set_password_hash(self, account: Account, password_hash: str) -> Future[None]:
        """A rehash (argon2's parameters changed since the account was made)."""
        return self.store.submit([("UPDATE accounts SET password_hash = ? WHERE id = ?",  # i18n: no (SQL)
                                   (password_hash, account.id))])

    # -- sessions ------------------------------------------------------------------------------------
    def start_session(self, account: Account, token_hash: str, expires: float) -> Future[None]:
        return self.store.submit([("INSERT INTO sessions (token_hash, account_id, expires) VALUES (?, ?, ?)",  # i18n: no
                                   (token_hash, account.id, expires))])

    def session(self, token_hash: str, now: float) -> Account | None:
        rows = self.store.query(
            "SELECT a.id, a.name FROM sessions s JOIN accounts a ON a.id = s.account_id "  # i18n: no (SQL)
            "WHERE s.token_hash = ? AND s.expires > ?", (token_hash, now))  # i18n: no (SQL)
        return Account(rows[0][0], rows[0][1]) if rows else None

    def end_session(self, token_hash: str) -> Future[None]:
        return self.store.submit([("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))])  # i18n: no (SQL)

    # -- seats ---------------------------------------------------------------------------------------
    def bind_seat(self, table_id: str, seat: int, account: Account) -> Future[None]:
        return self.store.submit([("INSERT INTO seat_accounts (table_id, seat, account_id) VALUES (?, ?, ?) "  # i18n: no
                                   "ON CONFLICT (table_id, seat) DO UPDATE SET account_id = excluded.account_id", (table_id, seat, account.id))])

    def seats_of(self, account: Account) -> list[tuple[str, int]]:
        """Every (table, seat) bound to the account, newest table first."""
        rows = self.store.query(
            "SELECT b.table_id, b.seat FROM seat_accounts b JOIN tables t ON t.id = b.table_id "  # i18n: no (SQL)
            "WHERE b.account_id = ? ORDER BY t.created DESC, b.seat", (account.id,))  # i18n: no (SQL)
        return [(str(r[0]), int(r[1])) for r in rows]


    # -- where an account is told of its turn (server/notify.py) --------------------------------------
    def set_notifications(self, account: Account, webhook: str | None, email: str | None, lang: str) -> Future[None]:
        return self.store.submit([("INSERT INTO notifications (account_id, webhook, email, lang) VALUES (?, ?, ?, ?) "  # i18n: no
                                   "ON CONFLICT (account_id) DO UPDATE SET webhook = excluded.webhook, "  # i18n: no
                                   "email = excluded.email, lang = excluded.lang", (account.id, webhook, email, lang))])

    def notifications(self, account: Account) -> dict[str, str | None] | None:
        """{"webhook", "email", "lang"} where the account is told of its turn, or None if nowhere."""
        rows = self.store.query("SELECT webhook, email, lang FROM notifications WHERE account_id = ?",  # i18n: no
                                (account.id,))
        if not rows or (rows[0][0] is None and rows[0][1] is None):
            return None
        return {"webhook": rows[0][0], "email": rows[0][1], "lang": rows[0][2]}

    def accounts_at(self, table_id: str) -> dict[int, Account]:
        """seat -> the account it is bound to, for the table's bound seats."""
        rows = self.store.query("SELECT b.seat, a.id, a.name FROM seat_accounts b JOIN accounts a "  # i18n: no (SQL)
                                "ON a.id = b.account_id WHERE b.table_id = ?", (table_id,))  # i18n: no (SQL)
        return {int(r[0]): Account(int(r[1]), str(r[2])) for r in rows}


    def is_name_taken(self, error: BaseException) -> bool:
        """Did a write fail because the display name exists already (the accounts' UNIQUE constraint)?"""
        return self.store.db.is_unique_violation(error, "accounts", "name")


__all__ = ["Account", "AccountStore", "NameTaken"]
