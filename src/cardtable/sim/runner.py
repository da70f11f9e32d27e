"""Play games between agents; rotate seats so that no agent always sits first."""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Mapping, Sequence

from cardtable.agents import Observation, make_agent
from cardtable.engine import CardtableError, Game, load
from cardtable.engine.record import Record
from cardtable.engine.i18n import Translator, number
from cardtable.engine.rng import derive_seed

from .stats import wilson_interval

_ = Translator("cardtable")


@dataclass
class GameOutcome:
    seed: int
    seats: list[str]  # agent name per seat
    returns: list[float]
    scores: list[Any]
    actions: int
    error: str | None = None
    record: Any = None
    end_rule: str | None = None  # the rule ID that ended the game (State.end_rule)
    by_limit: bool = False  # ended by a limit of the game's GameInfo.limit_rules (a turn cap), not its own end


#: more than this share of games ending by a limit makes `simulate` and `balance` warn
LIMIT_WARNING_SHARE = 0.10


def limit_warning(by_limit: int, played: int) -> str | None:
    """The warning for a run in which more than LIMIT_WARNING_SHARE of the games ended by a limit, or None."""
    if not played or by_limit <= LIMIT_WARNING_SHARE * played:
        return None
    return _("{n} of {played} games ({share}%) ended by a limit (a turn or action cap), not by the game's own end: "
             "their results measure the cap as much as the game", n=number(by_limit), played=number(played),
             share=number(by_limit / played * 100, 0))


def mean_score(total: Any, count: int) -> Any:
    """The mean of summed scores: a number, or, for scores that are dicts of numbers (muhq), one per key."""
    if not count or total is None or total is NO_MEAN:
        return None
    if isinstance(total, dict):
        return {k: round(v / count, 4) for k, v in total.items()}
    return round(total / count, 4)


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def add_score(total: Any, score: Any) -> Any:
    """``total`` (None for no game yet) with one more game's ``score`` added; ``NO_MEAN`` once a score is not
    a number or a dict of numbers of the same shape, since their mean would mean nothing."""
    if total is NO_MEAN:
        return NO_MEAN
    if _number(score) and (total is None or _number(total)):
        return (total or 0) + score
    if isinstance(score, dict) and all(_number(v) for v in score.values()) and (total is None or isinstance(total, dict)):
        base = total or {}
        return {k: base.get(k, 0) + v for k, v in score.items()}
    return NO_MEAN


NO_MEAN = object()


def play_game(game: Game, agent_names: Sequence[str], seed: int, keep_record: bool = False,
              agent_seeds: Sequence[int] | None = None) -> GameOutcome:
    """One game; seat ``i`` is played by ``agent_names[i]``. Agents only ever get an Observation.

    Each agent's own random stream comes from ``agent_seeds[i]`` when given (a tournament seeds an agent by
    its identity, so that two copies of one agent differ), else from the game's seed and the seat."""
    if agent_seeds is None:
        agent_seeds = [derive_seed(seed, f"seat{i}") for i in range(len(agent_names))]
    agents = [make_agent(name, game, agent_seeds[i]) for i, name in enumerate(agent_names)]
    state = game.new_initial_state(seed=seed)
    error = None
    try:
        while not state.is_terminal():
            player = state.current_player
            state.apply(agents[player].act(Observation(state, player)))
    except CardtableError as exc:  # an agent chose an illegal action: the game is void, not the run
        error = _("seed {seed}: {agent} at seat {seat}: {error}", seed=seed, agent=agents[state.current_player].name,
                  seat=state.current_player, error=exc)
    return GameOutcome(
        seed=seed,
        seats=list(agent_names),
        returns=state.returns() if error is None else [0.0] * game.num_players,
        scores=state.scores(),
        actions=len(state.history),
        error=error,
        record=state.record() if keep_record else None,
        end_rule=state.end_rule() if error is None else None,
        by_limit=error is None and state.ended_by_limit(),
    )


def seating(agents: Sequence[str], game_index: int) -> list[str]:
    """Game i rotates the line-up by i seats: over n games every agent sits in every seat."""
    n = len(agents)
    return [agents[(seat + game_index) % n] for seat in range(n)]


def lineup_for(game: Game, agents: Sequence[str]) -> list[str]:
    """One agent name per seat (a single name fills every seat); fails on an unknown agent."""
    n = game.num_players
    lineup = list(agents)
    if len(lineup) == 1:
        lineup = lineup * n
    if len(lineup) != n:
        raise CardtableError(_("{n} agents for {players} players; give one agent, or one per seat", n=len(lineup),
                               players=n))

    for name in set(lineup):
        make_agent(name, game)  # fail before the first game on an unknown agent
    return lineup


@dataclass(frozen=True)
class SimJob:
    """What a worker needs to play games ``start … stop - 1`` of a ``simulate`` run (picklable, small)."""

    game: str
    players: int | None
    options: Mapping[str, Any]
    lineup: tuple[str, ...]
    seed: int
    keep_records: bool = False


_GAMES: dict[str, Game] = {}


def job_game(name: str, players: int | None, options: Mapping[str, Any] | None) -> Game:
    """The loaded game for a job, built once per process: loading some games reads and checks data files."""
    key = json.dumps([name, players, options or {}], sort_keys=True, default=str)
    game = _GAMES.get(key)
    if game is None:
        if len(_GAMES) >= 8:
            _GAMES.clear()
        game = _GAMES[key] = load(name, players=players, options=options)
    return game


def share_game(game: Game, name: str, players: int | None, options: Mapping[str, Any] | None) -> None:
    """Let chunks run in this process use ``game`` (already loaded by the caller) instead of loading their own."""
    _GAMES[json.dumps([name, players, options or {}], sort_keys=True, default=str)] = game


def play_chunk(job: SimJob, start: int, stop: int) -> list[list[Any]]:
    """Games ``start … stop - 1`` of a simulation, each as :func:`outcome_to_json` gives it."""
    game = job_game(job.game, job.players, job.options)
    return [outcome_to_json(play_game(game, seating(job.lineup, i), job.seed + i, keep_record=job.keep_records))
            for i in range(start, stop)]


def outcome_to_json(o: GameOutcome) -> list[Any]:
    """A compact JSON-ready form of an outcome (it crosses process boundaries and lands in checkpoints)."""
    record = None
    if o.record is not None:
        r = o.record
        record = {"game": r.game, "players": r.players, "options": r.options, "seed": r.seed,
                  "rules_version": r.rules_version, "actions": [list(a) for a in r.actions], "result": r.result}
    return [o.seed, list(o.seats), list(o.returns), list(o.scores), o.actions, o.error, record, o.end_rule,
            o.by_limit]


def outcome_from_json(data: Sequence[Any]) -> GameOutcome:
    seed, seats, returns, scores, actions, error, record = data[:7]
    end_rule, by_limit = (data[7], data[8]) if len(data) > 7 else (None, False)  # checkpoints written before
    rec = None
    if record is not None:
        rec = Record(**{**record, "actions": [(p, a) for p, a in record["actions"]]})
    return GameOutcome(seed=seed, seats=list(seats), returns=list(returns), scores=list(scores), actions=actions,
                       error=error, record=rec, end_rule=end_rule, by_limit=bool(by_limit))


def simulate(
    game_name: str,
    games: int,
    players: int | None = None,
    agents: Sequence[str] = ("random",),
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
    keep_records: bool = False,
    *,
    workers: int | None = 1,
    backend: str | None = "local",
    address: str | None = None,
    chunk_size: int | None = None,
    checkpoint: str | Path | None = None,
    should_stop: Callable[[], bool] | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and summarise them as one JSON-ready dict (see ``cardtable simulate --json``).

    Game ``i`` is seeded ``seed + i`` with the line-up rotated ``i`` seats, so the games, and the summary but for
    its timing fields, are the same whatever ``workers`` and ``backend`` run them (see
    :mod:`cardtable.sim.executors`); ``on_game`` sees them in index order. ``workers=1`` (the default here;
    the command's default is every core) plays in this process. With ``checkpoint`` finished chunks of games
    are kept in that file and a rerun with the same arguments resumes. Ctrl-C or ``should_stop`` ends the run
    early: the summary then covers the games finished and says ``"partial": true``."""
    from .executors import chunk_ranges, default_chunk_size, run_chunks

    game = load(game_name, players=players, options=options)
    n = game.num_players
    lineup = lineup_for(game, agents)
    names = sorted(set(lineup))
    wins = {name: 0.0 for name in names}
    seats_played = {name: 0 for name in names}
    score_sum: dict[str, Any] = {name: None for name in names}
    first_seat_wins = 0.0
    total_actions = 0
    played = 0
    by_limit = 0
    endings: dict[str, int] = {}
    errors: list[str] = []

    def merge(_chunk: object, results: Sequence[Any]) -> None:
        nonlocal first_seat_wins, total_actions, played, by_limit
        for data in results:
            outcome = outcome_from_json(data)
            played += 1
            total_actions += outcome.actions
            if outcome.error:
                errors.append(outcome.error)
            else:
                first_seat_wins += outcome.returns[0]
                by_limit += outcome.by_limit
                rule = outcome.end_rule or "unknown"
                endings[rule] = endings.get(rule, 0) + 1
                for seat, name in enumerate(outcome.seats):
                    wins[name] += outcome.returns[seat]
                    seats_played[name] += 1
                    score_sum[name] = add_score(score_sum[name], outcome.scores[seat])
            if on_game:
                on_game(outcome)

    size = chunk_size or default_chunk_size(games)
    job = SimJob(game_name, players, dict(options or {}), tuple(lineup), seed, keep_records)
    share_game(game, game_name, players, job.options)
    # What a checkpoint must match: the same games (and the same rules) cut into the same chunks.
    run_key = {"command": "simulate", "game": game_name, "rules_version": game.info.rules_version, "players": n,
               "options": game.options, "agents": lineup, "seed": seed, "games": games, "chunk_size": size,
               "records": keep_records}
    report = run_chunks(play_chunk, chunk_ranges(games, size), context=job, workers=workers, backend=backend,
                        address=address, on_result=merge, checkpoint=checkpoint, run_key=run_key,
                        should_stop=should_stop)
    seconds = report.seconds
    valid = played - len(errors)
    per_agent = {}
    for name in names:
        # Each game gives an agent as many chances to win as it has seats; the rate is per seat.
        chances = seats_played[name]
        rate = wins[name] / chances if chances else 0.0
        low, high = wilson_interval(wins[name], chances)
        per_agent[name] = {
            "seats": chances,
            "wins": round(wins[name], 6),
            "win_rate": round(rate, 6),
            "win_rate_ci95": [round(low, 6), round(high, 6)],
            "mean_score": mean_score(score_sum[name], chances),
        }
    warning = limit_warning(by_limit, valid)
    return {
        "game": game_name,
        "games": games,
        "games_played": played,
        "partial": not report.complete,
        "stop_reason": report.stop_reason,
        "players": n,
        "agents": lineup,
        "options": game.options,
        "seed": seed,
        "wins": {name: round(wins[name], 6) for name in names},
        "per_agent": per_agent,
        "first_seat_win_rate": round(first_seat_wins / valid, 6) if valid else None,
        # (seat 0, whoever sits there: the game's own first-seat advantage; seats rotate between the agents)
        "first_seat_win_rate_ci95": [round(x, 6) for x in wilson_interval(first_seat_wins, valid)] if valid else None,
        "mean_actions": round(total_actions / played, 3) if played else 0,
        # how the games ended: the rule ID of each ending, and how many ended by a limit (GameInfo.limit_rules)
        "endings": dict(sorted(endings.items())),
        "limit_endings": by_limit,
        "warnings": [warning] if warning else [],
        "errors": len(errors),
        "error_messages": errors[:10],
        "seconds": round(seconds, 4),
        "games_per_s": round(played / seconds, 2) if seconds else None,
        "actions_per_s": round(total_actions / seconds, 1) if seconds else None,
    }
