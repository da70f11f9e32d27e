"""What the designer's workbench (``cardtable.studio``) needs of Mítosz: which files a workspace may hold and how
each is checked — by loading it by name, as a game would, so every cross-check the loader makes is made.

Found by the engine's registry by its module name (``cardtable.games.<name>.workbench``), as ``schemas`` is."""

from __future__ import annotations

from cardtable.engine.i18n import Translator

from .data import DECK_NAME_RE, DECK_PREFIX, MitoszDataError, SET_NAME_RE, deck_names, load_deck, load_set, localized

_ = Translator("mitosz")

__all__ = ["FOLDER", "kind_of", "check", "stats"]

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


def stats(filename: str, seed: int = 0) -> dict[str, object] | None:
    """The workbench's statistics of a file: a deck's (:func:`deck_stats`); None for a set."""
    return deck_stats(filename, seed=seed) if kind_of(filename) == "deck" else None


def deck_stats(filename: str, turns: int = 6, seed: int = 0, hand_size: int = 7, draws_per_turn: int = 2
               ) -> dict[str, object]:
    """A deck's statistics for the deck builder: its size, the cards by type and mythology, the summoning costs by
    sphere, the level curve, a sample opening hand (seeded), and for each card the chance of holding at least one
    copy by the end of each of the first ``turns`` draw phases (the opening hand of ``hand_size`` cards, then
    ``draws_per_turn`` a turn, MIT-1.5.2 and MIT-6.2.2.1; the hypergeometric law, no card played or mulliganed)."""
    import random
    from math import comb

    if kind_of(filename) != "deck":
        raise MitoszDataError(_("only a deck (deck-<name>.yaml) has deck statistics"), file=filename)
    deck = load_deck(filename[len(DECK_PREFIX):-len(".yaml")])
    cards = [(card, copies) for card, copies in deck.entries]
    size = sum(n for _c, n in cards)
    by_type: dict[str, int] = {}
    by_mythology: dict[str, int] = {}
    spheres: dict[str, int] = {}
    levels: dict[str, int] = {}
    for card, n in cards:
        by_type[card.card_type] = by_type.get(card.card_type, 0) + n
        by_mythology[card.mythology] = by_mythology.get(card.mythology, 0) + n
        if card.cost is not None:
            for sphere, pips in card.cost.model_dump().items():
                if pips:
                    spheres[sphere] = spheres.get(sphere, 0) + pips * n
        if card.level is not None and not card.level_is_modifier:
            levels[str(card.level)] = levels.get(str(card.level), 0) + n
    pile = [card.id for card, n in cards for _i in range(n)]
    random.Random(seed).shuffle(pile)
    names = {card.id: localized(card) for card, _n in cards}  # in the reader's language
    seen = [min(size, hand_size + draws_per_turn * t) for t in range(turns)]

    def at_least_one(copies: int, drawn: int) -> float:
        return 1.0 - comb(size - copies, drawn) / comb(size, drawn) if size else 0.0

    odds = [{"card": card.id, "name": names[card.id], "copies": n, "by_turn": [round(at_least_one(n, k), 4) for k in seen]}
            for card, n in cards]
    odds.sort(key=lambda r: (-r["copies"], r["name"]))  # type: ignore[operator]
    return {"deck": deck.shown_title(), "high_god": localized(deck.high_god), "size": size, "by_type": by_type,
            "by_mythology": by_mythology, "sphere_costs": spheres,
            "level_curve": dict(sorted(levels.items(), key=lambda kv: int(kv[0]))),
            "sample_hand": [{"card": cid, "name": names[cid]} for cid in pile[:hand_size]],
            "cards_seen_by_turn": seen, "odds": odds}
