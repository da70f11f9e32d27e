"""What the designer's workbench (``cardtable.studio``) needs of MAOQY: its level sets (``meanings-<name>.yaml``,
``ritual-<name>.yaml``) and how each is checked — by loading it by name, as the game does.

Found by the engine's registry by its module name (``cardtable.games.<name>.workbench``), as ``schemas`` is."""

from __future__ import annotations

from cardtable.engine.i18n import Translator

from .levels_data import KINDS, NAME_RE, DataFileError, load_meanings, load_ritual

_ = Translator("maoqy")

__all__ = ["FOLDER", "kind_of", "check"]

FOLDER = "maoqy"


def kind_of(filename: str) -> str | None:
    """"meanings" or "ritual", or None for a name MAOQY reads no file under."""
    for kind in KINDS:
        prefix = f"{kind}-"
        if filename.startswith(prefix) and filename.endswith(".yaml") \
                and NAME_RE.fullmatch(filename[len(prefix):-len(".yaml")]):
            return kind
    return None


def check(filename: str) -> tuple[str, list[str]]:
    """Load ``filename`` as the game would: a summary of it (no other file depends on it). Raises DataFileError."""
    kind = kind_of(filename)
    if kind is None:
        raise DataFileError(_("MAOQY reads no file called {file}: its sets are meanings-<name>.yaml and "
                              "ritual-<name>.yaml", file=filename), file=filename)
    name = filename[len(kind) + 1:-len(".yaml")]
    if kind == "meanings":
        meanings = load_meanings(name)
        return _("meanings {name}: {title}", name=meanings.name, title=meanings.title), []
    ritual = load_ritual(name)
    return _("ritual {name}: {n} steps", name=ritual.name, n=len(ritual.steps)), []
