"""Records: everything needed to replay a game bit for bit, as JSON lines (docs/records.md).

A record is a ``header`` line (format, game, rules version, players, options, seed), one
``action`` line per applied action (its index, the acting seat and the action's JSON form) and,
once known, a ``result`` line (scores, returns and a digest of the final state). Chance comes from
the seed, so seed + options + actions re-create every state; the digest proves it did.
A file may hold several records one after the other.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable, Iterable, Iterator

from .errors import CardtableError, IllegalAction, RecordError

FORMAT = "cardtable.record"
FORMAT_VERSION = 1


@dataclass
class Record:
    game: str
    players: int
    options: dict[str, Any]
    seed: int
    rules_version: str
    actions: list[tuple[int, dict[str, Any]]] = field(default_factory=list)
    result: dict[str, Any] | None = None
    meta: dict[str, Any] = field(default_factory=dict)
    #: the file line the record ends on, when read from a file (for messages; never written)
    last_line: int | None = field(default=None, compare=False, repr=False)

    @classmethod
    def from_state(cls, state) -> "Record":
        game = state.game
        rec = cls(
            game=game.info.name,
            players=game.num_players,
            options=dict(game.options),
            seed=state.seed,
            rules_version=game.info.rules_version,
            actions=[(p, a.to_json()) for p, a in state.history],
        )
        if state.is_terminal():
            rec.result = {
                "scores": state.scores(),
                "returns": state.returns(),
                "digest": state.digest(),
            }
        return rec

    # -- writing -----------------------------------------------------------------------------
    def lines(self) -> Iterator[dict[str, Any]]:
        header = {
            "kind": "header",
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "rules_version": self.rules_version,
            "players": self.players,
            "options": self.options,
            "seed": self.seed,
        }
        if self.meta:
            header["meta"] = self.meta
        yield header
        for i, (player, action) in enumerate(self.actions):
            yield {"kind": "action", "n": i, "player": player, "action": action}
        if self.result is not None:
            yield {"kind": "result", "actions": len(self.actions), **self.result}

    def write(self, out: IO[str]) -> None:
        for line in self.lines():
            out.write(json.dumps(line, separators=(",", ":"), ensure_ascii=False) + "\n")

    def dumps(self) -> str:
        import io

        buf = io.StringIO()
        self.write(buf)
        return buf.getvalue()

    # -- replaying ---------------------------------------------------------------------------
    def current_rules_version(self) -> str | None:
        """The rules version this cardtable plays for the record's game (None for a game it does not know)."""
        from .registry import game_class

        try:
            return game_class(self.game).info.rules_version
        except CardtableError:
            return None

    def replay(self, check: bool = True, source: str = "record", *, strict: bool = False,
               before_each: Callable[[Any, int, Any], None] | None = None, upto: int | None = None):
        """Re-create the game's final state. With ``check``, also verify the result line, if there is one.
        ``before_each(state, player, action)`` is called before each action (its JSON) is applied.
        With ``upto``, stop after that many actions (0: the deal) and check nothing of the result.

        With ``strict`` (what ``cardtable replay --check`` does), also refuse a record made under other rules
        than this cardtable's (``rules_version``) and one that ends before its result line: neither can be
        checked. Raises RecordError naming the action that was illegal or the part of the result that differs.
        """
        from .registry import load

        try:
            game = load(self.game, players=self.players, options=self.options)
        except CardtableError as exc:
            raise RecordError(f"{source}: cannot set up the game: {exc}") from None
        if strict and game.info.rules_version != self.rules_version:
            raise RecordError(f"{source}: {other_rules(self.rules_version, game.info.rules_version)}")
        if upto is not None and not 0 <= upto <= len(self.actions):
            raise RecordError(f"{source}: has {len(self.actions)} actions; there is no position after action {upto} "
                              f"(choose 0 to {len(self.actions)})")
        state = game.new_initial_state(seed=self.seed)
        for i, (player, action) in enumerate(self.actions if upto is None else self.actions[:upto]):
            if before_each is not None:
                before_each(state, player, action)
            try:
                state.apply(action, player=player)
            except IllegalAction as exc:
                raise RecordError(f"{source}: action {i} ({json.dumps(action)}) by seat {player} is illegal: {exc}") from None
        if upto is not None and upto < len(self.actions):
            return state  # a position inside the game: the result line is about its end
        if strict and self.result is None:
            over = "over" if state.is_terminal() else "not over"
            after = (f"line {self.last_line} is the last; the game is {over} after it" if self.last_line is not None
                     else f"the game is {over} after its {len(self.actions)} actions")
            if state.is_terminal():  # only the result line is lost
                raise RecordError(f"{source}: the record ends before its result line ({after}, but there is no "
                                  "result to check it against)")
            raise RecordError(f"{source}: the record ends before the game's result ({after})")
        if check and self.result is not None:
            if not state.is_terminal():
                raise RecordError(f"{source}: the record has a result but the game is not over after {len(self.actions)} actions")
            for key, actual in (("scores", state.scores()), ("returns", state.returns()), ("digest", state.digest())):
                if key in self.result and self.result[key] != actual:
                    raise RecordError(f"{source}: final {key} {'differs' if key == 'digest' else 'differ'}: record says {self.result[key]!r}, replay gives {actual!r}")
        return state


def other_rules(recorded: str, current: str, them: str = "it") -> str:
    """Why a record made under other rules than this cardtable's may not replay as it was played."""
    return (f"recorded under rules {recorded}, this cardtable plays {current}; replaying {them} may not give the "
            "same game")


def read_records(lines: Iterable[str], source: str = "record") -> list[Record]:
    """Parse records from JSON lines; RecordError names the source and line of any defect."""
    records: list[Record] = []
    current: Record | None = None
    for lineno, text in enumerate(lines, 1):
        if not text.strip():
            continue
        where = f"{source}:{lineno}"
        try:
            line = json.loads(text)
        except ValueError as exc:
            raise RecordError(f"{where}: not JSON ({exc})") from None
        except RecursionError:
            raise RecordError(f"{where}: not a record line (JSON nested too deep)") from None
        if not isinstance(line, dict):
            raise RecordError(f"{where}: each line must be a JSON object")
        kind = line.get("kind")
        if kind == "header":
            if line.get("format") != FORMAT:
                raise RecordError(f"{where}: not a cardtable record (format {line.get('format')!r})")
            if line.get("format_version") != FORMAT_VERSION:
                raise RecordError(f"{where}: record format version {line.get('format_version')!r} is not supported (this cardtable reads {FORMAT_VERSION})")
            current = Record(  # _typed names a missing or mistyped field
                game=_typed(line, "game", str, where),
                players=_typed(line, "players", int, where),
                options=_typed(line, "options", dict, where),
                seed=_typed(line, "seed", int, where),
                rules_version=_typed(line, "rules_version", str, where),
                meta=line.get("meta") or {},
                last_line=lineno,
            )
            records.append(current)
        elif kind in ("action", "result"):
            if current is None:
                raise RecordError(f"{where}: {kind} line before any header")
            if current.result is not None:
                raise RecordError(f"{where}: {kind} line after the record's result")
            current.last_line = lineno
            if kind == "action":
                if line.get("n") != len(current.actions):
                    raise RecordError(f"{where}: action number {line.get('n')!r} out of order (expected {len(current.actions)})")
                action = line.get("action")
                if not isinstance(action, dict):
                    raise RecordError(f"{where}: 'action' must be a JSON object")
                current.actions.append((_typed(line, "player", int, where), action))
            else:
                if line.get("actions") != len(current.actions):
                    raise RecordError(f"{where}: result counts {line.get('actions')!r} actions, the record has {len(current.actions)}")
                current.result = {k: v for k, v in line.items() if k not in ("kind", "actions")}
        else:
            raise RecordError(f"{where}: unknown line kind {kind!r} (expected header, action or result)")
    if not records:
        raise RecordError(f"{source}: no record in it")
    return records


def load_records(path: str | Path) -> list[Record]:
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as fh:
            return read_records(fh, source=str(path))
    except OSError as exc:
        raise RecordError(f"{path}: cannot read: {exc.strerror or exc}") from None
    except UnicodeDecodeError:
        raise RecordError(f"{path}: not a text file") from None


def _typed(line: dict, key: str, kind: type, where: str):
    if key not in line:
        raise RecordError(f"{where}: {line.get('kind')} lacks {key!r}")
    value = line[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(f"{where}: {key!r} must be {kind.__name__}, not {value!r}")
    return value
