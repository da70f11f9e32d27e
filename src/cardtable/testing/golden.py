"""Golden playthroughs (as OpenSpiel keeps them): recorded games with every view and legal-action list.

A golden file is JSON lines: the case (game, players, options, seed), then one line per step with
the acting seat, every seat's view, the spectator's view, the legal actions and the action taken,
then the final views and result. The test replays the stored actions and compares every line, so
no behaviour changes silently. A case with ``"views": "digest"`` keeps each step's views as one hash (the
long games' views are large); its final line still holds them in full. When a change of behaviour is
intended, regenerate and review the diff:

    python -m cardtable.testing.golden --update          # every case in tests/golden/manifest.json
    python -m cardtable.testing.golden --check           # what the test does, from the command line
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any, Iterator

from cardtable.agents import Observation, make_agent
from cardtable.engine import State, load
from cardtable.engine.rng import derive_seed

DEFAULT_DIR = Path("tests/golden")


def _views_digest(views: list[Any]) -> str:
    text = json.dumps(views, separators=(",", ":"), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _step_line(state: State, step: int, digest: bool = False) -> dict[str, Any]:
    """One step's line. With ``digest`` (a case's ``"views": "digest"``) the views are kept as one hash: a
    Mítosz or muhq view is kilobytes, and a step-by-step file of them would weigh megabytes."""
    n = state.game.num_players
    views = [state.view(p) for p in range(n)] + [state.view(None)]
    line: dict[str, Any] = {"step": step, "player": state.current_player}
    if digest:
        line["views_digest"] = _views_digest(views)
    else:
        line["views"], line["spectator"] = views[:-1], views[-1]
    line["legal"] = [a.to_json() for a in state.legal_actions()]
    return line


def _final_line(state: State) -> dict[str, Any]:
    n = state.game.num_players
    return {
        "final": True,
        "views": [state.view(p) for p in range(n)],
        "spectator": state.view(None),
        "scores": state.scores(),
        "returns": state.returns(),
        "digest": state.digest(),
    }


def generate(case: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Play the case with its agents and yield the golden lines."""
    game = load(case["game"], players=case["players"], options=case.get("options"))
    state = game.new_initial_state(seed=case["seed"])
    agents = [make_agent(name, game, derive_seed(case["seed"], f"golden{i}")) for i, name in enumerate(case["agents"])]
    yield {"case": case}
    digest = case.get("views") == "digest"
    step = 0
    while not state.is_terminal():
        line = _step_line(state, step, digest)
        action = agents[state.current_player].act(Observation(state, state.current_player))
        line["action"] = action.to_json()
        yield line
        state.apply(action, player=state.current_player)
        step += 1
    yield _final_line(state)


def replay_lines(lines: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Re-create the lines of a golden file from its case and stored actions alone."""
    case = lines[0]["case"]
    game = load(case["game"], players=case["players"], options=case.get("options"))
    state = game.new_initial_state(seed=case["seed"])
    yield {"case": case}
    digest = case.get("views") == "digest"
    for step, stored in enumerate(lines[1:-1]):
        line = _step_line(state, step, digest)
        line["action"] = stored["action"]
        yield line
        state.apply(stored["action"], player=state.current_player)
    yield _final_line(state)


def first_difference(expected: Any, actual: Any, path: str = "") -> str | None:
    if type(expected) is not type(actual):
        return f"{path or '/'}: expected {expected!r}, got {actual!r}"
    if isinstance(expected, dict):
        for key in sorted(set(expected) | set(actual)):
            if key not in actual:
                return f"{path}/{key}: missing"
            if key not in expected:
                return f"{path}/{key}: unexpected {actual[key]!r}"
            found = first_difference(expected[key], actual[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(expected, list):
        if len(expected) != len(actual):
            return f"{path}: expected {len(expected)} items, got {len(actual)}: {expected!r} vs {actual!r}"
        for i, (e, a) in enumerate(zip(expected, actual)):
            found = first_difference(e, a, f"{path}/{i}")
            if found:
                return found
        return None
    return None if expected == actual else f"{path or '/'}: expected {expected!r}, got {actual!r}"


def check_file(path: Path) -> str | None:
    """None if replaying the file's actions reproduces every line, else where it first differs."""
    lines = [json.loads(text) for text in path.read_text(encoding="utf-8").splitlines() if text.strip()]
    replayed = list(replay_lines(lines))
    if len(replayed) != len(lines):
        return f"{path}: {len(lines)} lines stored, replay gives {len(replayed)}"
    for number, (stored, actual) in enumerate(zip(lines, replayed), 1):
        found = first_difference(stored, actual)
        if found:
            return f"{path}:{number}: {found}"
    return None


def write_file(case: dict[str, Any], path: Path) -> int:
    with path.open("w", encoding="utf-8") as fh:
        count = 0
        for line in generate(case):
            fh.write(json.dumps(line, separators=(",", ":"), sort_keys=True, ensure_ascii=False) + "\n")
            count += 1
    return count


def manifest(directory: Path) -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads((directory / "manifest.json").read_text(encoding="utf-8"))
    return cases


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m cardtable.testing.golden", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="folder with manifest.json (default tests/golden)")
    parser.add_argument("--game", help="only this game's cases")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--update", action="store_true", help="regenerate the golden files")
    group.add_argument("--check", action="store_true", help="verify the golden files")
    args = parser.parse_args(argv)
    failed = 0
    for case in manifest(args.dir):
        if args.game and case["game"] != args.game:
            continue
        path = args.dir / f"{case['name']}.jsonl"
        if args.update:
            print(f"wrote {path} ({write_file(case, path)} lines)")
        else:
            problem = check_file(path) if path.exists() else f"{path}: missing (run with --update)"
            print(problem or f"ok {path}")
            failed += problem is not None
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
