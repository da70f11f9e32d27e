"""What the designer's workbench (``cardtable.studio``) needs of Mítosz: which files a workspace may hold and how
each is checked — by loading it by name, as a game would, so every cross-check the loader makes is made.

Found by the engine's registry by its module name (``cardtable.games.<name>.workbench``), as ``schemas`` is."""

from __future__ import annotations

from cardtable.engine.i18n import Translator

from .data import DECK_NAME_RE, DECK_PREFIX, MitoszDataError, SET_NAME_RE, deck_names, load_deck, load_set

_ = Translator("mitosz")

__all__ = ["FOLDER", "kind_of", "check"]

FOLDER = "mitosz"  # the game's folder in a workspace (and in $CARDTABLE_DATA_DIR)


def kind_of(filename: str) -> str | None:
    """"set" (``<code>.yaml``), "deck" (``deck-<name>.yaml``) or None for a name Mítosz reads no file under."""
    if not filename.endswith(".yaml"):
        return None
    stem = filename[:-len(".yaml")]
    if stem.startswith(DECK_PREFIX):
        return "deck" if DECK_NAME_RE.fullmatch(stem[len(DECK_PREFIX):]) else None
    return "set" if SET_NAME_RE.fullmatch(stem) else None


def check(filename: str) -> tuple[str, list[str]]:
    """Load ``filename`` (from the workspace in use) as the game would: a summary of it and the problems it makes
    for the other files (a deck that no longer loads after a set changed). Raises the game's DataError."""
    kind = kind_of(filename)
    stem = filename[:-len(".yaml")]
    if kind == "deck":
        deck = load_deck(stem[len(DECK_PREFIX):])
        return _("deck {title}: {n} cards and the high god", title=deck.title, n=deck.size()), []
    if kind != "set":
        raise MitoszDataError(_("Mítosz reads no file called {file}: a set is <code>.yaml, a deck deck-<name>.yaml",
                                file=filename), file=filename)
    card_set = load_set(stem)
    others = []
    for name in deck_names():  # the decks that use this set's cards must still be legal
        try:
            load_deck(name)
        except MitoszDataError as exc:
            others.append(_("deck {name}: {problem}", name=name, problem=exc))
    return _("set {code}: {n} cards", code=card_set.code, n=len(card_set.cards)), others
