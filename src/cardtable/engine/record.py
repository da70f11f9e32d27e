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
from typing import IO, TYPE_CHECKING, Any, Callable, Iterable, Iterator

from .errors import CardtableError, IllegalAction, RecordError
from .i18n import Translator

if TYPE_CHECKING:
    from .game import State

_ = Translator("cardtable")

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
    def from_state(cls, state: State) -> "Record":
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
               before_each: Callable[[State, int, Any], None] | None = None, upto: int | None = None) -> State:
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
            raise RecordError(_("{source}: cannot set up the game: {error}", source=source, error=exc)) from None
        if strict and game.info.rules_version != self.rules_version:
            raise RecordError(f"{source}: {other_rules(self.rules_version, game.info.rules_version)}")
        if upto is not None and not 0 <= upto <= len(self.actions):
            raise RecordError(_("{source}: has {n} actions; there is no position after action {upto} (choose 0 to {n})",
                                source=source, n=len(self.actions), upto=upto))
        state = game.new_initial_state(seed=self.seed)
        for i, (player, action) in enumerate(self.actions if upto is None else self.actions[:upto]):
            if before_each is not None:
                before_each(state, player, action)
            try:
                state.apply(action, player=player)
            except IllegalAction as exc:
                raise RecordError(_("{source}: action {i} ({action}) by seat {seat} is illegal: {error}", source=source,
                                    i=i, action=json.dumps(action), seat=player, error=exc)) from None
        if upto is not None and upto < len(self.actions):
            return state  # a position inside the game: the result line is about its end
        if strict and self.result is None:
            if state.is_terminal():  # only the result line is lost
                after = (_("line {line} is the last; the game is over after it", line=self.last_line)
                         if self.last_line is not None
                         else _("the game is over after its {n} actions", n=len(self.actions)))
                raise RecordError(_("{source}: the record ends before its result line ({after}, but there is no "
                                    "result to check it against)", source=source, after=after))
            after = (_("line {line} is the last; the game is not over after it", line=self.last_line)
                     if self.last_line is not None
                     else _("the game is not over after its {n} actions", n=len(self.actions)))
            raise RecordError(_("{source}: the record ends before the game's result ({after})", source=source,
                                after=after))
        if check and self.result is not None:
            if not state.is_terminal():
                raise RecordError(_("{source}: the record has a result but the game is not over after {n} actions",
                                    source=source, n=len(self.actions)))
            for key, actual in (("scores", state.scores()), ("returns", state.returns()), ("digest", state.digest())):
                if key in self.result and self.result[key] != actual:
                    said, got = repr(self.result[key]), repr(actual)
                    if key == "digest":
                        text = _("final digest differs: record says {said}, replay gives {got}", said=said, got=got)
                    elif key == "scores":
                        text = _("final scores differ: record says {said}, replay gives {got}", said=said, got=got)
                    else:
                        text = _("final returns differ: record says {said}, replay gives {got}", said=said, got=got)
                    raise RecordError(f"{source}: {text}")
        return state


def other_rules(recorded: str, current: str, them: str = "it") -> str:
    """Why a record made under other rules than this cardtable's may not replay as it was played."""
    if them == "them":
        return _("recorded under rules {recorded}, this cardtable plays {current}; replaying them may not give the "
                 "same game", recorded=recorded, current=current)
    return _("recorded under rules {recorded}, this cardtable plays {current}; replaying it may not give the same "
             "game", recorded=recorded, current=current)


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
            raise RecordError(_("{where}: not JSON ({reason})", where=where, reason=exc)) from None
        except RecursionError:
            raise RecordError(_("{where}: not a record line (JSON nested too deep)", where=where)) from None
        if not isinstance(line, dict):
            raise RecordError(_("{where}: each line must be a JSON object", where=where))
        kind = line.get("kind")
        if kind == "header":
            if line.get("format") != FORMAT:
                raise RecordError(_("{where}: not a cardtable record (format {format})", where=where,
                                    format=repr(line.get('format'))))
            if line.get("format_version") != FORMAT_VERSION:
                raise RecordError(_("{where}: record format version {version} is not supported (this cardtable reads "
                                    "{supported})", where=where, version=repr(line.get('format_version')),
                                    supported=FORMAT_VERSION))
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
                raise RecordError(_("{where}: {kind} line before any header", where=where, kind=kind))
            if current.result is not None:
                raise RecordError(_("{where}: {kind} line after the record's result", where=where, kind=kind))
            current.last_line = lineno
            if kind == "action":
                if line.get("n") != len(current.actions):
                    raise RecordError(_("{where}: action number {n} out of order (expected {expected})", where=where,
                                        n=repr(line.get('n')), expected=len(current.actions)))
                action = line.get("action")
                if not isinstance(action, dict):
                    raise RecordError(_("{where}: 'action' must be a JSON object", where=where))
                current.actions.append((_typed(line, "player", int, where), action))
            else:
                if line.get("actions") != len(current.actions):
                    raise RecordError(_("{where}: result counts {n} actions, the record has {actions}", where=where,
                                        n=repr(line.get('actions')), actions=len(current.actions)))
                current.result = {k: v for k, v in line.items() if k not in ("kind", "actions")}
        else:
            raise RecordError(_("{where}: unknown line kind {kind} (expected header, action or result)", where=where,
                                kind=repr(kind)))
    if not records:
        raise RecordError(_("{source}: no record in it", source=source))
    return records


def load_records(path: str | Path) -> list[Record]:
    path = Path(path)
    try:
        with path.open(encoding="utf-8") as fh:
            return read_records(fh, source=str(path))
    except OSError as exc:
        raise RecordError(_("{path}: cannot read: {reason}", path=str(path), reason=exc.strerror or exc)) from None
    except UnicodeDecodeError:
        raise RecordError(_("{path}: not a text file", path=str(path))) from None


def _typed(line: dict[str, Any], key: str, kind: type, where: str) -> Any:
    if key not in line:
        raise RecordError(_("{where}: {kind} lacks {key}", where=where, kind=line.get('kind'), key=repr(key)))
    value = line[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise RecordError(_("{where}: {key} must be {kind}, not {value}", where=where, key=repr(key),
                            kind=kind.__name__, value=repr(value)))

    return value
