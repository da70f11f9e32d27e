"""Play games between agents; rotate seats so that no agent always sits first."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from cardtable.agents import Observation, make_agent
from cardtable.engine import CardtableError, Game, load
from cardtable.engine.rng import derive_seed

from .stats import wilson_interval


@dataclass
class GameOutcome:
    seed: int
    seats: list[str]  # agent name per seat
    returns: list[float]
    scores: list[Any]
    actions: int
    error: str | None = None
    record: Any = None


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
        error = f"seed {seed}: {agents[state.current_player].name} at seat {state.current_player}: {exc}"
    return GameOutcome(
        seed=seed,
        seats=list(agent_names),
        returns=state.returns() if error is None else [0.0] * game.num_players,
        scores=state.scores(),
        actions=len(state.history),
        error=error,
        record=state.record() if keep_record else None,
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
        raise CardtableError(f"{len(lineup)} agents for {n} players; give one agent, or one per seat")
    for name in set(lineup):
        make_agent(name, game)  # fail before the first game on an unknown agent
    return lineup


def simulate(
    game_name: str,
    games: int,
    players: int | None = None,
    agents: Sequence[str] = ("random",),
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    on_game: Callable[[GameOutcome], None] | None = None,
    keep_records: bool = False,
) -> dict[str, Any]:
    """Play ``games`` games and summarise them as one JSON-ready dict (see ``cardtable simulate --json``)."""
    game = load(game_name, players=players, options=options)
    n = game.num_players
    lineup = lineup_for(game, agents)
    names = sorted(set(lineup))
    wins = {name: 0.0 for name in names}
    seats_played = {name: 0 for name in names}
    score_sum = {name: 0.0 for name in names}
    first_seat_wins = 0.0
    total_actions = 0
    errors: list[str] = []
    start = time.perf_counter()
    for i in range(games):
        seats = seating(lineup, i)
        outcome = play_game(game, seats, seed + i, keep_record=keep_records)
        total_actions += outcome.actions
        if outcome.error:
            errors.append(outcome.error)
        else:
            first_seat_wins += outcome.returns[0]
            for seat, name in enumerate(seats):
                wins[name] += outcome.returns[seat]
                seats_played[name] += 1
                score = outcome.scores[seat]
                if isinstance(score, (int, float)):
                    score_sum[name] += score
        if on_game:
            on_game(outcome)
    seconds = time.perf_counter() - start
    played = games - len(errors)
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
            "mean_score": round(score_sum[name] / chances, 4) if chances else None,
        }
    return {
        "game": game_name,
        "games": games,
        "players": n,
        "agents": lineup,
        "options": game.options,
        "seed": seed,
        "wins": {name: round(wins[name], 6) for name in names},
        "per_agent": per_agent,
        "first_seat_win_rate": round(first_seat_wins / played, 6) if played else None,
        "mean_actions": round(total_actions / games, 3) if games else 0,
        "errors": len(errors),
        "error_messages": errors[:10],
        "seconds": round(seconds, 4),
        "games_per_s": round(games / seconds, 2) if seconds else None,
        "actions_per_s": round(total_actions / seconds, 1) if seconds else None,
    }
