"""What the designer's workbench (``cardtable.studio``) needs of muhq: which files a workspace may hold (boards and
card sets share one folder) and how each is checked — by loading it by name, with every cross-check.

Found by the engine's registry by its module name (``cardtable.games.<name>.workbench``), as ``schemas`` is."""

from __future__ import annotations

from cardtable.engine.i18n import Translator

from pathlib import Path

from cardtable.engine.data_roots import workspace_root

from .data import BOARD_NAME_RE, MuhqDataError, SET_NAME_RE, _kind_of, board_names, load_board, load_set

_ = Translator("muhq")

__all__ = ["FOLDER", "kind_of", "check"]

FOLDER = "muhq"


def kind_of(filename: str) -> str | None:
    """"board" or "set" by the file's ``format`` line (read from the workspace in use), or None."""
    if not filename.endswith(".yaml"):
        return None
    stem = filename[:-len(".yaml")]
    if not (BOARD_NAME_RE.fullmatch(stem) or SET_NAME_RE.fullmatch(stem)):
        return None
    root = workspace_root()
    path = root / FOLDER / filename if root is not None else None
    if path is None or not path.is_file():
        path = Path(__file__).resolve().parent / "data" / filename
    return _kind_of(path)


def check(filename: str) -> tuple[str, list[str]]:
    """Load ``filename`` as the game would: a summary, and the boards it breaks (a set a board draws cards from).
    Raises the game's DataError."""
    kind = kind_of(filename)
    stem = filename[:-len(".yaml")]
    if kind == "board":
        board = load_board(stem)
        return _("board {name}", name=board.id), []
    if kind != "set":
        raise MuhqDataError(_("muhq reads no file of this kind: a board says 'format: muhq-board/1' and a card set "
                              "'format: muhq-cards/1' on its first lines"), file=filename, field="format")
    card_set = load_set(stem)
    others = []
    for name in board_names():
        try:
            load_board(name)
        except MuhqDataError as exc:
            others.append(_("board {name}: {problem}", name=name, problem=exc))
    return _("set {name}: {n} cards", name=stem, n=len(card_set.cards)), others
