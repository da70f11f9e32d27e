"""Ratings of accounts and bots per game (openskill's Plackett–Luce), in the tables' SQLite file.

A player is ``account:<id>`` or ``bot:<name>``; each has one rating per game. A finished rated table is rated in
one transaction that also records the table in ``rated_tables``, whose primary key makes a second rating of the
same table fail as a whole: a table changes ratings exactly once, across restarts and server processes.
"""

from __future__ import annotations

from concurrent.futures import Future
from dataclasses import dataclass

from .database import Expect, Statements
from .tables import TableStore

SCHEMA = str(  # i18n: no (SQL)
    """
CREATE TABLE IF NOT EXISTS ratings (
    game TEXT NOT NULL,
    player TEXT NOT NULL,         -- account:<id> or bot:<name>
    name TEXT NOT NULL,           -- what the leaderboard shows (the display name, the bot's name)
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    games INTEGER NOT NULL,
    PRIMARY KEY (game, player)
);
CREATE TABLE IF NOT EXISTS rated_tables (
    table_id TEXT PRIMARY KEY REFERENCES tables(id),
    at REAL NOT NULL
);
""")


@dataclass(frozen=True)
class Rating:
    player: str
    name: str
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """What the leaderboard sorts by: mu − 3·sigma (a new player starts at 0)."""
        return self.mu - 3 * self.sigma


class RatingStore:
    def __init__(self, store: TableStore) -> None:
        self.store = store
        store.executescript(SCHEMA)

    def of(self, game: str, players: list[str]) -> dict[str, Rating]:
        """The ratings these players have in ``game`` (a player never rated has none)."""
        found: dict[str, Rating] = {}
        for player in players:
            rows = self.store.query("SELECT player, name, mu, sigma, games FROM ratings WHERE game = ? AND player = ?",  # i18n: no
                                    (game, player))
            if rows:
                found[player] = Rating(*rows[0])
        return found

    def board(self, game: str, limit: int) -> list[Rating]:
        rows = self.store.query("SELECT player, name, mu, sigma, games FROM ratings WHERE game = ? "  # i18n: no (SQL)
                                "ORDER BY mu - 3 * sigma DESC, name LIMIT ?", (game, limit))  # i18n: no (SQL)
        return [Rating(*r) for r in rows]

    def is_rated(self, table_id: str) -> bool:
        return bool(self.store.query("SELECT 1 FROM rated_tables WHERE table_id = ?", (table_id,)))  # i18n: no

    def record(self, game: str, table_id: str, new: list[Rating], at: float) -> Future[None]:
        """The table rated: its players' new ratings, all or nothing, and never twice. Each rating is written from
        the one it was computed from (its game count; a player never rated is inserted): if another server process
        rated one of these players meanwhile, the write fails whole (``StaleWrite``, or the key of a new player)
        and the caller computes it again from the new figures."""
        statements: Statements = [("INSERT INTO rated_tables (table_id, at) VALUES (?, ?)", (table_id, at))]  # i18n: no
        for r in new:
            if r.games > 1:
                statements.append(Expect("UPDATE ratings SET name = ?, mu = ?, sigma = ?, games = ? "  # i18n: no (SQL)
                                         "WHERE game = ? AND player = ? AND games = ?",  # i18n: no (SQL)
                                         (r.name, r.mu, r.sigma, r.games, game, r.player, r.games - 1)))
            else:
                statements.append(("INSERT INTO ratings (game, player, name, mu, sigma, games) "  # i18n: no (SQL)
                                   "VALUES (?, ?, ?, ?, ?, ?)", (game, r.player, r.name, r.mu, r.sigma, r.games)))
        return self.store.submit(statements)


__all__ = ["Rating", "RatingStore"]
