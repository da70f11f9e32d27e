"""Rated tables (issue 40, item 3): openskill ratings per game for accounts and bots, and a leaderboard.

A table created with ``rated: true`` is played by distinct players: every human seat by a signed-in account
(one seat each), every bot kind at most once, no hot seat. When it ends, its players are ranked by the game's
returns (equal returns: equal ranks) and rated with openskill's Plackett–Luce model (mu 25, sigma 25/3 to start,
the same model as ``cardtable tournament``), in one transaction that also marks the table rated, so no table
changes ratings twice; a table that finished while the server could not rate it (a crash between its last move
and its rating) is rated when the server starts again. One asyncio lock orders the ratings of tables that end at
the same moment in one process; across server processes each rating is written from the one it was computed from
(``RatingStore.record``), and one that another process changed first is computed again.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from fastapi import APIRouter, Query
from openskill.models import PlackettLuce

from cardtable.engine import game_class, game_names
from cardtable.engine.i18n import Translator
from cardtable.store import AccountStore
from cardtable.store.ratings import Rating, RatingStore

from .manager import TableManager
from .tables import Table, TableError

_ = Translator("cardtable")
logger = logging.getLogger("cardtable.server")


def ranks_of(returns: list[float]) -> list[float]:
    """1 for the best return, equal returns equal ranks (openskill: lower is better)."""
    order = sorted(set(returns), reverse=True)
    return [float(order.index(r) + 1) for r in returns]


class Ratings:
    def __init__(self, store: RatingStore, accounts: AccountStore) -> None:
        self.store = store
        self.accounts = accounts
        self.model = PlackettLuce()
        self.lock = asyncio.Lock()

    def check_new_table(self, seats: list[str], settings: dict[str, Any]) -> None:
        """A rated table's seats are distinct players (422 otherwise)."""
        if not settings.get("rated"):
            return
        if settings.get("hot_seat"):
            raise TableError(422, _("a rated table has no hot seat: each player plays from their own account"))
        bots = [k for k in seats if k != "human"]
        if len(bots) != len(set(bots)):
            raise TableError(422, _("a rated table has each bot at most once (each seat is a player of its own)"))
        if "human" not in seats:
            raise TableError(422, _("a rated table has at least one human seat"))

    def players(self, table: Table) -> list[tuple[str, str]]:
        """(player, name) per seat: the account bound to a human seat, the bot of a bot seat."""
        owners = self.accounts.accounts_at(table.id)
        out = []
        for seat, s in enumerate(table.seats):
            if s.kind == "human":
                account = owners.get(seat)
                if account is None:
                    raise ValueError(f"seat {seat} of the rated table {table.id} has no account")  # i18n: no (log)
                out.append((f"account:{account.id}", account.name))
            else:
                out.append((f"bot:{s.kind}", s.kind))
        return out

    async def rate(self, table: Table) -> bool:
        """Rate a finished rated table once; True if this call rated it."""
        if not table.settings.get("rated") or not table.over:
            return False
        game = table.game.info.name
        async with self.lock:
            for attempt in range(5):
                if self.store.is_rated(table.id):
                    return False
                try:
                    players = self.players(table)
                except ValueError as exc:  # a seat never taken by an account: the game is not rated
                    logger.warning("%s", exc)
                    return False
                old = self.store.of(game, [p for p, _ in players])
                current = [old[p] if p in old else None for p, _ in players]
                teams = [[self.model.rating(mu=r.mu, sigma=r.sigma) if r else self.model.rating()] for r in current]
                rated = self.model.rate(teams, ranks=ranks_of(table.final_returns() or []))  # (a forfeit ranks last)
                new = [Rating(p, name, round(team[0].mu, 6), round(team[0].sigma, 6), (r.games if r else 0) + 1)
                       for (p, name), team, r in zip(players, rated, current)]
                try:
                    await asyncio.wrap_future(self.store.record(game, table.id, new, time.time()))
                    return True
                except Exception:  # rated meanwhile, or a player rated by another process: read again
                    if attempt == 4:
                        logger.exception("table %s: the rating was not written", table.id)
        return False

    async def catch_up(self, manager: TableManager) -> int:
        """Rate the finished rated tables that are not (the server stopped between a last move and its rating)."""
        done = 0
        for table in list(manager.tables.values()):
            if table.settings.get("rated") and table.over and not self.store.is_rated(table.id):
                done += await self.rate(table)
        return done


def rating_routes(ratings: Ratings) -> APIRouter:
    router = APIRouter()

    @router.get("/api/ratings/{game}", response_model=None,
                summary="The game's leaderboard: accounts and bots by ordinal (mu - 3 sigma)")  # i18n: no (API docs)
    async def leaderboard(game: str, limit: int = Query(50, ge=1, le=500)) -> dict[str, Any]:
        if game not in game_names():
            game_class(game)  # raises UnknownGame: a 404 with the names known
        board = ratings.store.board(game, limit)
        return {"game": game, "model": "openskill PlackettLuce (mu 25, sigma 25/3; ordinal = mu - 3 sigma)",  # i18n: no
                "players": [{"rank": i + 1, "name": r.name, "kind": r.player.split(":", 1)[0],
                             "ordinal": round(r.ordinal, 3), "mu": round(r.mu, 3), "sigma": round(r.sigma, 3),
                             "games": r.games} for i, r in enumerate(board)]}

    return router


__all__ = ["Ratings", "rating_routes", "ranks_of"]
