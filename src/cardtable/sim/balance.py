"""Balance runs: many games between bots, summarised as the numbers a designer reads.

:func:`play_one` plays game ``index`` of a run and returns its *facts* (a small JSON-ready dict: result,
length, first mover, who led when, the probe's impact units, see ``sim/probes.py``). :func:`analyse` turns the
facts of a run into the report's numbers; :func:`compare` sets two such results side by side. The HTML page
is ``sim/report.py``; the command is ``cardtable balance``.

Game ``i`` of a run uses seed ``seed + i`` and the line-up rotated by ``i`` seats (as ``cardtable simulate``
does), so a run is reproducible and every agent sits in every seat. Games are independent: a run is played in
chunks by ``cardtable.sim.executors`` (:func:`play_chunk` is the unit of work; this process, local worker
processes or Ray) and merged in index order, so the numbers are the same whatever played them.

Every interval is 95 %: Wilson for a rate, Newcombe's hybrid score interval for a difference of rates. A
row of the impact table with fewer than ``min_sample`` units on either side is flagged as a small sample.
"""

from __future__ import annotations

import functools
import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, Callable, Iterable, Mapping, Sequence

from cardtable.agents import Observation, make_agent
from cardtable.engine import CardtableError, Game, load
from cardtable.engine.data_roots import using_workspace
from cardtable.engine.i18n import N_, Translator, number
from cardtable.engine.rng import derive_seed

from .probes import probe_for
from .runner import limit_warning, lineup_for, seating
from .stats import difference_interval, quantiles, wilson_interval

#: the version of the numbers' layout (``balance.json``); ``compare`` refuses other versions
FORMAT = 1
MIN_SAMPLE = 30
_ = Translator("cardtable")


def _pct(x: float) -> str:
    from .report import pct

    return pct(x)


@dataclass(frozen=True)
class BalanceSpec:
    """What a run plays: the game, its players and options, one agent name per seat (rotated), the seed, and the
    workspace whose data files it plays with (``data``: a folder; None: the packaged files only)."""

    game: str
    players: int
    options: Mapping[str, Any]
    agents: tuple[str, ...]
    seed: int = 0
    data: str | None = None

    def to_json(self) -> dict[str, Any]:
        out = asdict(self)
        out["agents"] = list(self.agents)
        out["options"] = dict(self.options)
        if self.data is None:  # (the reports and checkpoints of runs without a workspace stay as they were)
            del out["data"]
        return out


def make_spec(game_name: str, agents: Sequence[str] = ("heuristic",), players: int | None = None,
              options: Mapping[str, Any] | None = None, seed: int = 0, data: str | None = None) -> BalanceSpec:
    """Check everything a run needs (game, options, agents, the workspace's files) before the first game; fail
    with a clear error."""
    with using_workspace(data):
        game = load(game_name, players=players, options=options)
    lineup = lineup_for(game, agents)
    return BalanceSpec(game_name, game.num_players, dict(game.options), tuple(lineup), seed, data)


@functools.lru_cache(maxsize=8)
def _game(name: str, players: int, options_json: str, data: str | None = None) -> Game:
    with using_workspace(data):  # a game reads its data files when it is made (the cache keys them by path)
        return load(name, players=players, options=json.loads(options_json))


def spec_game(spec: BalanceSpec) -> Game:
    """The game ``spec`` plays (made once per process)."""
    return _game(spec.game, spec.players, json.dumps(dict(spec.options), sort_keys=True), spec.data)


def _leader(standing: Sequence[float]) -> int:
    """The seat strictly ahead of every other, or -1 on a tie for the lead."""
    best = max(standing)
    leaders = [s for s, x in enumerate(standing) if x == best]
    return leaders[0] if len(leaders) == 1 else -1


def play_one(spec: BalanceSpec, index: int) -> dict[str, Any]:
    """Game ``index`` of the run ``spec``: its facts (see the module docstring)."""
    with using_workspace(spec.data):
        return _play_one(spec, index)


def _play_one(spec: BalanceSpec, index: int) -> dict[str, Any]:
    game = spec_game(spec)
    seed = spec.seed + index
    seats = seating(spec.agents, index)
    agents = [make_agent(name, game, derive_seed(seed, f"seat{i}")) for i, name in enumerate(seats)]
    state = game.new_initial_state(seed=seed)
    probe = probe_for(spec.game)
    probe.start(state)
    leads = [[0, _leader(probe.standing(state))]]
    first_actor = probe.first_player(state)
    actions = 0
    error = None
    try:
        while not state.is_terminal():
            player = state.current_player
            action = agents[player].act(Observation(state, player))
            state.apply(action)
            actions += 1
            probe.after(state, player, action)
            leader = _leader(probe.standing(state))
            if leader != leads[-1][1]:
                leads.append([actions, leader])
    except CardtableError as exc:  # an agent chose an illegal action: the game is void, not the run
        error = _("seed {seed}: {agent} at seat {seat}: {error}", seed=seed, agent=seats[state.current_player],
                  seat=state.current_player, error=exc)
    facts: dict[str, Any] = {"index": index, "seed": seed, "seats": list(seats), "actions": actions,
                             "first_actor": first_actor, "error": error}
    if error is not None:
        return facts
    returns = [float(x) for x in state.returns()]
    standing = probe.standing(state)
    best = max(returns)
    winners = [s for s, x in enumerate(returns) if x == best and x > 0]
    winner = winners[0] if len(winners) == 1 else -1
    margin = None
    if winner >= 0 and len(standing) > 1:
        margin = standing[winner] - max(x for s, x in enumerate(standing) if s != winner)
    facts.update(returns=returns, winner=winner, standing=standing, margin=margin, leads=leads,
                 units=probe.units(state, returns), extra=probe.extra(state), end_rule=state.end_rule(),
                 by_limit=state.ended_by_limit())
    return facts


def play_chunk(spec: BalanceSpec, start: int, stop: int) -> list[dict[str, Any]]:
    """Games ``start`` … ``stop - 1`` of the run, in order: the unit of work of a parallel run."""
    return [play_one(spec, i) for i in range(start, stop)]


@dataclass
class BalanceRun:
    """A run being played or played: its spec, the games planned and the facts of the games finished."""

    spec: BalanceSpec
    planned: int
    facts: list[dict[str, Any]] = field(default_factory=list)
    seconds: float = 0.0
    interrupted: bool = False

    def play(self, on_game: Callable[[dict[str, Any]], None] | None = None,
             should_stop: Callable[[], bool] | None = None, workers: int | None = 1, backend: str | None = None,
             address: str | None = None, chunk_size: int | None = None, checkpoint: Any = None) -> "BalanceRun":
        """Play the games not played yet, in chunks (``cardtable.sim.executors``: this process with ``workers=1``,
        local processes or Ray; the facts are the same whatever plays them). Ctrl-C or ``should_stop`` (asked
        before each chunk) keeps the games finished so far; ``checkpoint`` keeps finished chunks in a file, and
        a rerun with the same arguments and file resumes."""
        from .executors.indexed import play_missing

        game = spec_game(self.spec)

        def run_key(size: int) -> dict[str, Any]:  # what a checkpoint must match: the same games (and the same
            # rules) cut into the same chunks
            return {"command": "balance", "game": self.spec.game, "rules_version": game.info.rules_version,
                    **self.spec.to_json(), "games": self.planned, "chunk_size": size}

        report = play_missing(play_chunk, self.facts, self.planned, context=self.spec, run_key=run_key, on_item=on_game,
                              chunk_size=chunk_size, workers=workers, backend=backend, address=address,
                              checkpoint=checkpoint, should_stop=should_stop)
        self.interrupted = self.interrupted or report.stop_reason == "interrupted"
        self.seconds += report.seconds
        return self

    @property
    def partial(self) -> bool:
        return len(self.facts) < self.planned

    def numbers(self, min_sample: int = MIN_SAMPLE) -> dict[str, Any]:
        return analyse(self.spec, self.facts, self.planned, min_sample=min_sample, seconds=self.seconds)


# -- analysis -----------------------------------------------------------------------------------------------

def _rate(successes: float, trials: int, expected: float | None = None) -> dict[str, Any]:
    low, high = wilson_interval(successes, trials)
    out: dict[str, Any] = {"n": trials, "wins": round(successes, 6),
                           "rate": round(successes / trials, 6) if trials else None,
                           "ci95": [round(low, 6), round(high, 6)]}
    if expected is not None:
        out["expected"] = round(expected, 6)
        out["off_expected"] = bool(trials) and not (low <= expected <= high)
    return out


def _histogram(values: Sequence[float], bins: int = 20) -> dict[str, Any]:
    if not values:
        return {"edges": [], "counts": []}
    lo, hi = min(values), max(values)
    if lo == hi:
        return {"edges": [lo, hi + 1], "counts": [len(values)]}
    integral = all(float(v).is_integer() for v in values)
    width = (hi - lo) / bins
    if integral:
        width = max(1.0, math.ceil(width))
        bins = int(math.floor((hi - lo) / width)) + 1
    edges = [lo + i * width for i in range(bins + 1)]
    counts = [0] * bins
    for v in values:
        counts[min(bins - 1, int((v - lo) / width))] += 1
    return {"edges": [round(e, 6) for e in edges], "counts": counts}


def _distribution(values: Sequence[float]) -> dict[str, Any]:
    if not values:
        return {"n": 0}
    p10, p50, p90 = quantiles(values, (0.1, 0.5, 0.9))
    return {"n": len(values), "mean": round(sum(values) / len(values), 4), "median": round(p50, 4),
            "p10": round(p10, 4), "p90": round(p90, 4), "min": min(values), "max": max(values),
            "histogram": _histogram(values)}


def _leader_at(leads: Sequence[Sequence[int]], action: float) -> int:
    leader = leads[0][1]
    for at, who in leads:
        if at > action:
            break
        leader = who
    return leader


def _lead_changes(leads: Sequence[Sequence[int]]) -> int:
    """How often the lead passed from one seat to another (a tie for the lead in between is no change)."""
    changes, last = 0, -1
    for _, who in leads:
        if who >= 0:
            if last >= 0 and who != last:
                changes += 1
            last = who
    return changes


def _impact(facts: Iterable[dict[str, Any]], min_sample: int) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The impact rows. A unit may name its ``group`` (Mítosz: the seat's deck): a feature is then compared
    with the units *of the groups it occurs in* that lack it (a card of one deck against the other games of
    that deck, not against the other deck), unless it covers those groups entirely (the deck itself), when
    it is compared with every other unit."""
    units = [u for f in facts for u in f["units"]]
    total_n = len(units)
    total_w = sum(u["outcome"] for u in units)
    group_n: dict[Any, int] = {}
    group_w: dict[Any, float] = {}
    with_n: dict[str, int] = {}
    with_w: dict[str, float] = {}
    groups_of: dict[str, set[Any]] = {}  # feature -> the groups (a unit's "group": any JSON value) it occurs in
    for u in units:
        group = u.get("group")
        group_n[group] = group_n.get(group, 0) + 1
        group_w[group] = group_w.get(group, 0.0) + u["outcome"]
        for feat in u["features"]:
            with_n[feat] = with_n.get(feat, 0) + 1
            with_w[feat] = with_w.get(feat, 0.0) + u["outcome"]
            groups_of.setdefault(feat, set()).add(group)
    rows: list[dict[str, Any]] = []
    for feat in with_n:
        n1, w1 = with_n[feat], with_w[feat]
        scope_n = sum(group_n[g] for g in groups_of[feat])
        within = scope_n > n1 and groups_of[feat] != {None}
        if within:
            n0 = scope_n - n1
            w0 = sum(group_w[g] for g in groups_of[feat]) - w1
        else:
            n0, w0 = total_n - n1, total_w - w1
        low, high = difference_interval(w1, n1, w0, n0)
        diff = (w1 / n1 - w0 / n0) if n0 else None
        rows.append({
            "feature": feat,
            "compared_within": sorted(str(g) for g in groups_of[feat]) if within else None,
            "with": _rate(w1, n1),
            "without": _rate(w0, n0),
            "difference": None if diff is None else round(diff, 6),
            "difference_ci95": [round(low, 6), round(high, 6)],
            "small_sample": min(n1, n0) < min_sample,
            "clear": diff is not None and (low > 0 or high < 0),
        })
    rows.sort(key=lambda r: (-(r["difference"] if r["difference"] is not None else -2), r["feature"]))
    return rows, {"units": total_n, "base_rate": round(total_w / total_n, 6) if total_n else None}


def analyse(spec: BalanceSpec, facts: Sequence[dict[str, Any]], planned: int | None = None,
            min_sample: int = MIN_SAMPLE, seconds: float | None = None) -> dict[str, Any]:
    """The report's numbers from the facts of a run (every figure of the HTML page is one of these)."""
    facts = sorted(facts, key=lambda f: f["index"])
    valid = [f for f in facts if f["error"] is None]
    n = spec.players
    played = len(valid)
    probe = probe_for(spec.game)
    warnings: list[str] = []

    seats = [_rate(sum(f["returns"][s] for f in valid), played, 1 / n) for s in range(n)]
    first = _rate(sum(f["returns"][f["first_actor"]] for f in valid), played, 1 / n)
    agents: dict[str, Any] = {}
    for name in sorted(set(spec.agents)):
        chances = sum(f["seats"].count(name) for f in valid)
        wins = sum(r for f in valid for a, r in zip(f["seats"], f["returns"]) if a == name)
        # the rate is per seat held (wins over seats), so a fair share is 1/n however many seats the agent holds
        agents[name] = _rate(wins, chances, 1 / n)

    decided = [f for f in valid if f["winner"] >= 0]
    margins = [f["margin"] for f in decided if f["margin"] is not None]
    changes = [_lead_changes(f["leads"]) for f in valid]
    at_half = [_leader_at(f["leads"], f["actions"] / 2) for f in decided]
    at_two_thirds = [_leader_at(f["leads"], f["actions"] * 2 / 3) for f in decided]
    comebacks = sum(1 for f, who in zip(decided, at_two_thirds) if who != f["winner"])
    settled = sum(1 for f, who in zip(decided, at_half) if who == f["winner"])
    extra_keys = sorted({k for f in valid for k in f["extra"]})
    impact, impact_base = _impact(valid, min_sample)

    if planned is not None and len(facts) < planned:
        warnings.append(_("partial run: {n} of {planned} games were played", n=number(len(facts)),
                          planned=number(planned)))
    if len(facts) > played:
        warnings.append(_("{n} games were void (a bot chose an illegal action) and are left out",
                          n=number(len(facts) - played)))
    if played < min_sample:
        warnings.append(_("only {n} games: every figure here is a small sample (fewer than {min})", n=number(played),
                          min=min_sample))
    for s, row in enumerate(seats):
        if row.get("off_expected"):
            warnings.append(_("seat {seat} wins {rate} (95 % interval {low}–{high}), not the {fair} of a fair seat",
                              seat=s, rate=_pct(row['rate']), low=_pct(row['ci95'][0]), high=_pct(row['ci95'][1]),
                              fair=_pct(1 / n)))
    if first.get("off_expected"):
        warnings.append(_("{who} wins {rate} (95 % interval {low}–{high}), not the {fair} of a fair start",
                          who=_(probe.first_words), rate=_pct(first['rate']), low=_pct(first['ci95'][0]),
                          high=_pct(first['ci95'][1]), fair=_pct(1 / n)))
    by_limit = sum(1 for f in valid if f.get("by_limit"))
    endings: dict[str, int] = {}
    for f in valid:
        rule = f.get("end_rule") or "unknown"  # (facts of runs written before end rules were kept)
        endings[rule] = endings.get(rule, 0) + 1
    limit_note = limit_warning(by_limit, played)
    if limit_note:
        warnings.append(limit_note)
    small = sum(1 for r in impact if r["small_sample"])
    if small:
        from .report import UNITS

        warnings.append(_("{n} of {rows} impact rows rest on fewer than {min} {units} on one side: read them as hints, "
                          "not findings", n=small, rows=len(impact), min=min_sample,
                          units=_(UNITS.get(probe.unit_label, probe.unit_label))))

    return {
        "format": FORMAT,
        "spec": spec.to_json(),
        "games_planned": planned if planned is not None else len(facts),
        "games_played": len(facts),
        "games_valid": played,
        "partial": planned is not None and len(facts) < planned,
        "min_sample": min_sample,
        "seconds": None if seconds is None else round(seconds, 3),
        "seats": seats,
        "first_actor": first,
        "first_label": probe.first_label,
        "agents": agents,
        "results": {
            "decided": _rate(len(decided), played),
            "shared_or_none": played - len(decided),
            "endings": dict(sorted(endings.items())),  # the rule ID that ended each game (State.end_rule)
            "by_limit": _rate(by_limit, played),
        },
        "length": {"actions": _distribution([f["actions"] for f in valid]),
                   **{k: _distribution([f["extra"][k] for f in valid if k in f["extra"]]) for k in extra_keys}},
        "margin": {"standing": probe.standing_label, **_distribution(margins)},
        "drama": {
            "lead_changes": _distribution(changes),
            "comeback": _rate(comebacks, len(decided)),
            "leader_at_half_wins": _rate(settled, len(decided)),
        },
        "impact": {"feature_label": probe.feature_label, "unit_label": probe.unit_label, **impact_base,
                   "rows": impact},
        "warnings": warnings,
    }


# -- comparing two reports ------------------------------------------------------------------------------------

def _overlap(a: Sequence[float], b: Sequence[float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


def compare(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    """Two reports' numbers side by side: each rate with both intervals and whether they overlap (no overlap =
    a change the samples show clearly), each distribution's mean, and the impact rows of both."""
    for label, doc in (("A", a), ("B", b)):
        if not isinstance(doc, Mapping) or doc.get("format") != FORMAT:
            said = doc.get("format") if isinstance(doc, Mapping) else type(doc).__name__
            raise CardtableError(_("report {label} is not a balance.json of format {format} (it says {said})",
                                   label=label, format=FORMAT, said=repr(said)))
    game_a, game_b = (doc["spec"].get("game") if isinstance(doc.get("spec"), Mapping) else None for doc in (a, b))
    if game_a != game_b:
        raise CardtableError(_("report A is of {a}, report B of {b}: compare reports of one game", a=game_a, b=game_b))
    try:
        return _compare(a, b)
    except (KeyError, TypeError, AttributeError, IndexError) as exc:  # a hand-edited or cut report
        error = f"{type(exc).__name__}: {exc}"
        raise CardtableError(_("a report lacks numbers a balance.json holds ({error}); run `cardtable balance` again "
                               "to write it", error=error)) from None


def _compare(a: Mapping[str, Any], b: Mapping[str, Any]) -> dict[str, Any]:
    rates = []

    def add_rate(name: str, ra: Mapping[str, Any] | None, rb: Mapping[str, Any] | None) -> None:
        if not ra or not rb or ra.get("rate") is None or rb.get("rate") is None:
            return
        rates.append({"metric": name, "a": ra["rate"], "a_ci95": ra["ci95"], "b": rb["rate"], "b_ci95": rb["ci95"],
                      "change": round(rb["rate"] - ra["rate"], 6), "clear": not _overlap(ra["ci95"], rb["ci95"])})

    # The metrics' names are made here, in the reader's language (compare.json is a reading, not a key).
    add_rate(_("{who} wins", who=_(a.get('first_label', N_('first to act')))), a["first_actor"], b["first_actor"])
    for s in range(min(len(a["seats"]), len(b["seats"]))):
        add_rate(_("seat {seat} wins", seat=s), a["seats"][s], b["seats"][s])
    add_rate(_("games with one winner"), a["results"]["decided"], b["results"]["decided"])
    add_rate(_("comebacks (winner behind at 2/3)"), a["drama"]["comeback"], b["drama"]["comeback"])
    add_rate(_("leader at half-time wins"), a["drama"]["leader_at_half_wins"], b["drama"]["leader_at_half_wins"])

    means = []
    for name, path in ((_("actions per game"), ("length", "actions")), (_("winning margin"), ("margin",)),
                       (_("lead changes per game"), ("drama", "lead_changes"))):

        da, db = a, b
        for key in path:
            da, db = da.get(key, {}), db.get(key, {})
        if da.get("n") and db.get("n"):
            means.append({"metric": name, "a": da["mean"], "b": db["mean"], "change": round(db["mean"] - da["mean"], 4),
                          "a_median": da["median"], "b_median": db["median"]})

    rows_a = {r["feature"]: r for r in a["impact"]["rows"]}
    rows_b = {r["feature"]: r for r in b["impact"]["rows"]}
    impact = []
    for feat in sorted(set(rows_a) | set(rows_b)):
        ra, rb = rows_a.get(feat), rows_b.get(feat)
        row: dict[str, Any] = {"feature": feat,
                               "a": None if ra is None else ra["difference"],
                               "a_ci95": None if ra is None else ra["difference_ci95"],
                               "b": None if rb is None else rb["difference"],
                               "b_ci95": None if rb is None else rb["difference_ci95"]}
        if ra is not None and rb is not None and ra["difference"] is not None and rb["difference"] is not None:
            row["change"] = round(rb["difference"] - ra["difference"], 6)
            row["clear"] = not _overlap(ra["difference_ci95"], rb["difference_ci95"])
        else:
            row["change"], row["clear"] = None, False
        impact.append(row)
    impact.sort(key=lambda r: (-abs(r["change"]) if r["change"] is not None else 1, r["feature"]))
    return {"format": FORMAT, "a": {"spec": a["spec"], "games_valid": a["games_valid"]},
            "b": {"spec": b["spec"], "games_valid": b["games_valid"]},
            "rates": rates, "means": means, "impact": impact}
