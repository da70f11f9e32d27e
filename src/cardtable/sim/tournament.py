"""Round-robin tournaments between agents: mirrored deals, intervals, ratings, a crosstable.

Every pair of agents meets on the same ``deals`` seeds. Deal ``i`` (seed ``seed + i``, the same for every
pairing) is played twice, with each agent in the other's seats (mirrored deals), so neither agent is
favoured by the cards or by the seats it got:

* two players: deal ``i`` is played with seats ``(a, b)`` and ``(b, a)``;
* more players: the table is filled alternately ``a, b, a, b, …`` from seat 0, that pattern is rotated by
  ``i`` seats (seat ``s`` takes pattern position ``(s + i) % n``), and the mirror swaps ``a`` and ``b``.
  Over the two games of a deal every seat is taken once by each agent; with an odd table one agent holds
  the extra seat in one game and the other agent in the mirror.

Each agent's own random stream is seeded from the deal's seed and the agent's label (not its seat), so two
copies of one agent (``--agents random,random`` gives ``random#1`` and ``random#2``) are independent players.

A game's result between the two agents compares the shares of the win (``State.returns``) of all the seats
each agent held: more is a win, equal a draw (a shared win, or a game between two other seats of the same
agent), less a loss. A score rate counts a draw as half a win. Intervals: Wilson 95 % (every game
independent) and a bootstrap 95 % that resamples whole deals (the two mirrored games together).

Ratings: openskill's Plackett–Luce model (mu 25, sigma 25/3 to start; ordinal = mu − 3·sigma), one rating
per agent, updated with every valid game in play order (deal-major: deal 0 of every pairing, then deal 1,
…), each agent one team ranked by its share of the win. Nothing in it is random, so a seed gives the same
ratings on every run.

Games are played deal-major, so a run stopped early (``should_stop`` or Ctrl-C) holds about as many games of
every pairing; the results of the games finished so far are summarised and flagged ``partial``.

Games are played in chunks of consecutive plan entries, in this process, in local worker processes or on Ray
(:mod:`cardtable.sim.executors`). A game depends only on its plan entry and the results are merged in plan
order, so the summary (ratings included) and the CSV are the same however many workers played them.
"""

from __future__ import annotations

import csv
import itertools
from dataclasses import dataclass, field
from collections.abc import Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, Callable, Mapping, overload

from cardtable.engine import CardtableError, Game, load
from cardtable.engine.i18n import N_, Translator
from cardtable.engine.rng import derive_seed

from .runner import GameOutcome, job_game, lineup_for, play_game, share_game
from .stats import bootstrap_interval, wilson_interval

if TYPE_CHECKING:
    from .executors import Chunk

_ = Translator("cardtable")
# Both stay English in the summary's JSON (a key a script may compare); the CLI translates the model where it
# shows it.
RATING_MODEL = N_("openskill PlackettLuce (mu 25, sigma 25/3; ordinal = mu - 3 sigma)")
SEATING_RULE = N_("deal i (seed + i, the same for every pairing) is played twice per pairing, mirrored: seats filled "
                  "a, b, a, b, ... rotated by i seats, then with a and b swapped")


@dataclass(frozen=True)
class Scheduled:
    """One game of the plan: its position, pairing, deal, seed and the agent label in each seat."""

    index: int
    pairing: tuple[str, str]
    deal: int
    seed: int
    seats: tuple[str, ...]


@dataclass
class TournamentGame:
    """A finished game: the plan's entry and the outcome."""

    scheduled: Scheduled
    outcome: GameOutcome

    @property
    def valid(self) -> bool:
        return self.outcome.error is None

    def points(self) -> dict[str, float]:
        """Each agent's total share of the win over the seats it held."""
        got = {label: 0.0 for label in self.scheduled.pairing}
        for label, share in zip(self.scheduled.seats, self.outcome.returns):
            got[label] += share
        return got

    def result(self) -> dict[str, float]:
        """1 for the agent with the greater share, 0 for the other, 0.5 each when equal."""
        a, b = self.scheduled.pairing
        got = self.points()
        if abs(got[a] - got[b]) < 1e-9:
            return {a: 0.5, b: 0.5}
        return {a: 1.0, b: 0.0} if got[a] > got[b] else {a: 0.0, b: 1.0}

    def winner(self) -> str:
        """The winning agent's label, ``draw``, or ``""`` for a void game."""
        if not self.valid:
            return ""
        result = self.result()
        best = max(result, key=lambda label: result[label])
        return "draw" if result[best] == 0.5 else best


def agent_labels(agents: Sequence[str]) -> dict[str, str]:
    """``{label: agent name}``: the names as given; a name given k > 1 times becomes ``name#1`` … ``name#k``."""
    names = [a.strip() for a in agents if a.strip()]
    counts = {name: names.count(name) for name in names}
    seen: dict[str, int] = {}
    labels: dict[str, str] = {}
    for name in names:
        if counts[name] > 1:
            seen[name] = seen.get(name, 0) + 1
            labels[f"{name}#{seen[name]}"] = name
        else:
            labels[name] = name
    if len(labels) != len(names):
        raise CardtableError(_("the agent labels clash ({names}); give each name once, or a name several times "
                               "without its own #n labels", names=", ".join(names)))
    return labels


def table_seatings(a: str, b: str, players: int, deal: int) -> list[tuple[str, ...]]:
    """The two mirrored seatings of ``deal`` for the pairing ``(a, b)`` (see the module's docstring)."""
    pattern = [a if position % 2 == 0 else b for position in range(players)]
    seats = tuple(pattern[(seat + deal) % players] for seat in range(players))
    mirror = tuple(b if label == a else a for label in seats)
    return [seats, mirror]


class Plan(Sequence[Scheduled]):
    """Every game of the round robin in play order: deal-major, then pairing, then the two mirrored seatings.
    Entries are computed when asked for, so a plan of millions of games costs nothing."""

    def __init__(self, labels: Sequence[str], players: int, deals: int, seed: int = 0):
        self.pairings = list(itertools.combinations(labels, 2))
        self.players, self.deals, self.seed = players, deals, seed

    def __len__(self) -> int:
        return self.deals * len(self.pairings) * 2

    @overload
    def __getitem__(self, index: int) -> Scheduled: ...

    @overload
    def __getitem__(self, index: slice) -> list[Scheduled]: ...

    def __getitem__(self, index: int | slice) -> Scheduled | list[Scheduled]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(len(self)))]
        if index < 0:
            index += len(self)
        if not 0 <= index < len(self):
            raise IndexError(index)
        deal, rest = divmod(index, 2 * len(self.pairings))
        pairing, mirror = divmod(rest, 2)
        a, b = self.pairings[pairing]
        return Scheduled(index, (a, b), deal, self.seed + deal, table_seatings(a, b, self.players, deal)[mirror])


def schedule(labels: Sequence[str], players: int, deals: int, seed: int = 0) -> Plan:
    """The plan of a round robin of ``labels`` on ``deals`` deals from ``seed`` (see :class:`Plan`)."""
    return Plan(labels, players, deals, seed)


@dataclass
class Tournament:
    """A round robin being played or played; ``summary()`` is its JSON, ``write_csv()`` its games."""

    game: Game
    game_name: str
    labels: dict[str, str]  # label -> agent name
    deals: int
    seed: int
    plan: Plan
    games: list[TournamentGame] = field(default_factory=list)
    partial: bool = False
    stop_reason: str | None = None
    seconds: float = 0.0
    bootstrap_reps: int = 1000

    # -- playing -------------------------------------------------------------------------------------
    def play(
        self,
        on_game: Callable[[TournamentGame], None] | None = None,
        should_stop: Callable[[], bool] | None = None,
        *,
        workers: int | None = 1,
        backend: str | None = "local",
        address: str | None = None,
        chunk_size: int | None = None,
        checkpoint: str | Path | None = None,
    ) -> "Tournament":
        """Play the plan's games not played yet, in chunks of consecutive games (see
        :mod:`cardtable.sim.executors`): in this process (``workers=1``, the default here), in local worker
        processes or on Ray; the games and so the summary are the same whichever. ``on_game`` sees the games in
        plan order. ``should_stop`` is asked before each chunk; Ctrl-C (KeyboardInterrupt) drops the chunks in
        progress. Either way the finished games are kept and the tournament is marked partial; ``play()`` again
        plays the rest. With ``checkpoint`` finished chunks are also kept in that file, so a rerun of the same
        tournament (same arguments, same file) resumes where this one stopped."""
        from .executors import chunk_ranges, chunks_of, default_chunk_size, run_chunks

        size = chunk_size or default_chunk_size(len(self.plan))
        have = {g.scheduled.index for g in self.games}
        if not have:
            todo = chunk_ranges(len(self.plan), size)
        else:
            todo = chunks_of((i for i in range(len(self.plan)) if i not in have), size)
        # A worker loads the game again from its name and full options, as a record's replay does.
        job = TournamentJob(self.game_name, self.game.num_players, dict(self.game.options), dict(self.labels),
                            self.deals, self.seed)
        share_game(self.game, self.game_name, job.players, job.options)
        fresh: list[TournamentGame] = []

        def merge(chunk: Chunk, results: Sequence[Any]) -> None:
            for index, data in zip(range(chunk.start, chunk.stop), results):
                entry = self.plan[index]
                returns, scores, actions, error = data
                outcome = GameOutcome(seed=entry.seed, seats=[self.labels[label] for label in entry.seats],
                                      returns=list(returns), scores=list(scores), actions=actions, error=error)
                played = TournamentGame(entry, outcome)
                fresh.append(played)
                if on_game is not None:
                    on_game(played)

        # What a checkpoint must match: the same plan (and the same rules) cut into the same chunks.
        run_key = {"command": "tournament", "game": self.game_name, "rules_version": self.game.info.rules_version,
                   "players": self.game.num_players, "options": self.game.options, "agents": self.labels,
                   "deals": self.deals, "seed": self.seed, "chunk_size": size}
        self.stop_reason = None
        try:
            report = run_chunks(play_tournament_chunk, todo, context=job, workers=workers, backend=backend,
                                address=address, on_result=merge, checkpoint=checkpoint, run_key=run_key,
                                should_stop=should_stop)
            self.seconds += report.seconds
            self.stop_reason = report.stop_reason
        finally:
            if have and fresh:  # an earlier partial run left gaps: keep the games in plan order
                self.games = sorted(self.games + fresh, key=lambda g: g.scheduled.index)
            else:
                self.games.extend(fresh)
        self.partial = len(self.games) < len(self.plan)
        return self

    # -- results -------------------------------------------------------------------------------------
    def ratings(self) -> dict[str, dict[str, float]]:
        """openskill Plackett–Luce ratings from every valid game in play order, best ordinal first."""
        from openskill.models import PlackettLuce

        model = PlackettLuce()
        rating = {label: model.rating(name=label) for label in self.labels}
        for g in self.games:
            if not g.valid:
                continue
            a, b = g.scheduled.pairing
            result = g.result()
            ranks = [1 - result[a], 1 - result[b]]  # lower is better; a draw ranks both equal
            [[rating[a]], [rating[b]]] = model.rate([[rating[a]], [rating[b]]], ranks=ranks)
        order = sorted(self.labels, key=lambda label: (-rating[label].ordinal(), label))
        return {label: {"mu": round(rating[label].mu, 4), "sigma": round(rating[label].sigma, 4),
                        "ordinal": round(rating[label].ordinal(), 4)} for label in order}

    def _interval_fields(self, points: float, games: int, blocks: list[tuple[float, float]],
                         stream: str) -> tuple[list[float], list[float]]:
        low, high = wilson_interval(points, games)
        blow, bhigh = bootstrap_interval(blocks, reps=self.bootstrap_reps, seed=_stream_seed(self.seed, stream))
        return [round(low, 6), round(high, 6)], [round(blow, 6), round(bhigh, 6)]

    def summary(self) -> dict[str, Any]:
        """The whole result as one JSON-ready dict (see ``cardtable tournament --json``)."""
        labels = list(self.labels)
        valid = [g for g in self.games if g.valid]
        errors = [g.outcome.error for g in self.games if not g.valid]
        pairings = []
        cross: dict[str, dict[str, float | None]] = {x: {y: None for y in labels if y != x} for x in labels}
        # (label) -> {(pairing, deal): [points, games]}
        agent_blocks: dict[str, dict[tuple[tuple[str, str], int], list[float]]] = {label: {} for label in labels}
        tally = {label: {"games": 0, "wins": 0, "draws": 0, "losses": 0, "points": 0.0} for label in labels}
        for a, b in itertools.combinations(labels, 2):
            mine = [g for g in valid if g.scheduled.pairing == (a, b)]
            wins = draws = losses = 0
            first_seat = 0.0
            deal_blocks: dict[int, list[float]] = {}
            for g in mine:
                result = g.result()
                wins += result[a] == 1.0
                draws += result[a] == 0.5
                losses += result[a] == 0.0
                first_seat += g.outcome.returns[0]
                block = deal_blocks.setdefault(g.scheduled.deal, [0.0, 0])
                block[0] += result[a]
                block[1] += 1
                for label in (a, b):
                    t = tally[label]
                    t["games"] += 1
                    t["points"] += result[label]
                    t["wins" if result[label] == 1.0 else "draws" if result[label] == 0.5 else "losses"] += 1
                    ab = agent_blocks[label].setdefault(((a, b), g.scheduled.deal), [0.0, 0])
                    ab[0] += result[label]
                    ab[1] += 1
            n = len(mine)
            points = wins + draws / 2
            rate = points / n if n else None
            wilson, boot = self._interval_fields(points, n, [(v[0], v[1]) for v in deal_blocks.values()], f"{a}|{b}")
            pairings.append({
                "a": a, "b": b, "games": n,
                "deals": len(deal_blocks),
                "complete_deals": sum(1 for v in deal_blocks.values() if v[1] == 2),
                "a_wins": wins, "draws": draws, "b_wins": losses,
                "a_score_rate": round(rate, 6) if rate is not None else None,
                "a_ci95_wilson": wilson,
                "a_ci95_bootstrap": boot,
                "first_seat_win_rate": round(first_seat / n, 6) if n else None,
            })
            if rate is not None:
                cross[a][b] = round(rate, 6)
                cross[b][a] = round(1 - rate, 6)
        per_agent = {}
        for label in labels:
            t = tally[label]
            rate = t["points"] / t["games"] if t["games"] else None
            blocks = [(v[0], v[1]) for v in agent_blocks[label].values()]
            wilson, boot = self._interval_fields(t["points"], int(t["games"]), blocks, label)
            per_agent[label] = {
                "agent": self.labels[label], "games": t["games"], "wins": t["wins"], "draws": t["draws"],
                "losses": t["losses"], "score_rate": round(rate, 6) if rate is not None else None,
                "ci95_wilson": wilson, "ci95_bootstrap": boot,
            }
        played = len(self.games)
        return {
            "game": self.game_name,
            "players": self.game.num_players,
            "options": self.game.options,
            "agents": dict(self.labels),
            "deals": self.deals,
            "games_per_pairing": 2 * self.deals,
            "games_planned": len(self.plan),
            "games_played": played,
            "partial": self.partial,
            "stop_reason": self.stop_reason,
            "seed": self.seed,
            "seeds": {"first": self.seed, "count": self.deals,
                      "played": sorted({g.scheduled.seed for g in self.games}) if self.partial else None,
                      "rule": SEATING_RULE},
            "pairings": pairings,
            "per_agent": per_agent,
            "rating_model": RATING_MODEL,
            "ratings": self.ratings(),
            "crosstable": cross,
            "errors": len(errors),
            "error_messages": errors[:10],
            "seconds": round(self.seconds, 4),
            "games_per_s": round(played / self.seconds, 2) if self.seconds else None,
        }

    def write_csv(self, fh: IO[str]) -> int:
        """One row per game played: index, pairing, deal, seed, the agent in each seat, each seat's return and
        score, the winner (a label, ``draw``, or empty for a void game) and the error. Returns the row count."""
        n = self.game.num_players
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(["game", "pairing", "deal", "seed", *(f"seat{s}" for s in range(n)),
                         *(f"return{s}" for s in range(n)), *(f"score{s}" for s in range(n)), "winner", "error"])
        for g in self.games:
            s, o = g.scheduled, g.outcome
            writer.writerow([s.index, f"{s.pairing[0]} vs {s.pairing[1]}", s.deal, s.seed, *s.seats,
                             *(f"{r:g}" for r in o.returns), *o.scores, g.winner(), o.error or ""])
        return len(self.games)


@dataclass(frozen=True)
class TournamentJob:
    """What a worker needs to play games ``start … stop - 1`` of a tournament's plan (picklable, small)."""

    game: str
    players: int
    options: Mapping[str, Any]
    labels: Mapping[str, str]
    deals: int
    seed: int


def play_tournament_chunk(job: TournamentJob, start: int, stop: int) -> list[list[Any]]:
    """Games ``start … stop - 1`` of the plan, each as ``[returns, scores, actions, error]``."""
    game = job_game(job.game, job.players, job.options)
    plan = schedule(list(job.labels), job.players, job.deals, job.seed)
    out = []
    for index in range(start, stop):
        entry = plan[index]
        names = [job.labels[label] for label in entry.seats]
        o = play_game(game, names, entry.seed, agent_seeds=agent_seeds(entry))
        out.append([list(o.returns), list(o.scores), o.actions, o.error])
    return out


def agent_seeds(entry: Scheduled) -> list[int]:
    """Each seat's agent seed: from the deal's seed and the agent's label (and, for an agent holding several
    seats, the seat), so copies of one agent (``random#1``, ``random#2``) play differently, while the same
    deal gives an agent the same stream whichever seats it holds."""
    held = {label: entry.seats.count(label) for label in entry.seats}
    return [derive_seed(entry.seed, f"agent:{label}" if held[label] == 1 else f"agent:{label}:seat{s}")
            for s, label in enumerate(entry.seats)]


def _stream_seed(seed: int, stream: str) -> int:
    return derive_seed(seed, f"bootstrap:{stream}")


def prepare(
    game_name: str,
    agents: Sequence[str],
    deals: int,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    bootstrap_reps: int = 1000,
) -> Tournament:
    """Check every input (game, options, agents) and plan the games, playing none; raises CardtableError."""
    if deals < 1:
        raise CardtableError(_("a tournament needs at least one game per pairing, not {deals}", deals=deals))
    if seed < 0:
        raise CardtableError(_("a seed is an integer ≥ 0, not {seed}", seed=seed))
    game = load(game_name, players=players, options=options)
    labels = agent_labels(agents)
    if len(labels) < 2:
        raise CardtableError(_("a tournament needs at least two agents, e.g. --agents heuristic,random "
                               "(give a name twice to play it against itself)"))

    for name in dict.fromkeys(labels.values()):
        lineup_for(game, [name])  # an unknown agent fails here, before any game
    plan = schedule(list(labels), game.num_players, deals, seed)
    return Tournament(game, game_name, labels, deals, seed, plan, bootstrap_reps=bootstrap_reps)


def tournament(
    game_name: str,
    agents: Sequence[str],
    deals: int,
    players: int | None = None,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[TournamentGame], None] | None = None,
    should_stop: Callable[[], bool] | None = None,
    bootstrap_reps: int = 1000,
    **run: Any,
) -> Tournament:
    """Plan and play a round robin; ``.summary()`` of the result is ``cardtable tournament --json``. ``run`` takes
    :meth:`Tournament.play`'s keywords (``workers``, ``backend``, ``address``, ``chunk_size``, ``checkpoint``)."""
    t = prepare(game_name, agents, deals, players=players, seed=seed, options=options, bootstrap_reps=bootstrap_reps)
    return t.play(on_game=on_game, should_stop=should_stop, **run)
