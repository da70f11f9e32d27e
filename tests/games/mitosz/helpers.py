"""Build a Mítosz position for a rule scenario, card by card, in the style of XMage's card tests.

Players A (seat 0, deck "Dawn Court", Solvane) and B (seat 1, deck "Frost Clans", Hrimgar), as in the
acceptance scenarios of the specification (rules/mitosz.md, section 11). A fresh game is dealt, then
every hand goes back into its deck, so a position starts from two empty hands and two high gods; the
scenario then puts cards where it wants them, each card a copy taken from its owner's deck:

    s = scene(phase="summon_1", active=A)
    orren = leader(s, A, "Captain Orren")
    city = nation(s, A, "Gilded Cityfolk", 0, 0)
    temple, = hand(s, A, "Temple of First Light")
    spheres(s, A, "0/2/1/1")
    ready(s)                     # an open window of A's summon_1, A has priority, the stack empty
    s.apply(Summon(temple, city, "influence", "magic"))

``ready`` must be called last: it puts the state into a consistent open window. Acting then runs the
machine on from there (counter rounds, resolution, state checks, the next phase).
"""

from __future__ import annotations

import copy
from pathlib import Path

import pytest

from cardtable.games.mitosz.modes import Mode, Phase
from cardtable.engine import IllegalAction
from cardtable.games.mitosz.game import MitoszGame
from cardtable.games.mitosz.actions import PASS
from cardtable.games.mitosz import moves as _moves

A, B = 0, 1
SPHERES = ("magic", "influence", "wealth", "force")
_GAMES: dict = {}


def game(options: dict | None = None, players: int = 2) -> MitoszGame:
    key = (players, tuple(sorted((options or {}).items())))
    if key not in _GAMES:
        _GAMES[key] = MitoszGame(players, dict(options or {}))
    return _GAMES[key]


def custom_decks(tmp_path, monkeypatch, name: str, set_yaml: str | None = None, *, a=(), b=(), drop=()) -> dict:
    """The options of a game whose sample decks hold test cards: A's Dawn Court with the cards ``a`` as the deck
    ``dawn-<name>``, B's Frost Clans with ``b`` as ``frost-<name>`` (card ids, one copy each, or deck entries
    ``{"card": …, "copies": …}``), without the cards ``drop`` (ids), written into a data folder of the test
    ($CARDTABLE_DATA_DIR) beside the set ``set_yaml`` (the YAML of a set, code TST). Only a deck that gets
    cards is named in the options.

    Games are cached by their options (``game``): one cached with a deck of the same name is dropped."""
    import yaml

    import cardtable.games.mitosz as pkg

    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    folder = tmp_path / "mitosz"
    folder.mkdir(exist_ok=True)
    if set_yaml is not None:
        (folder / "tst.yaml").write_text(set_yaml, encoding="utf-8")
    options = {}
    for key, base, prefix, cards in (("deck_a", "dawn-court", "dawn", a), ("deck_b", "frost-clans", "frost", b)):
        if not cards:
            continue
        raw = yaml.safe_load((Path(pkg.__file__).parent / "data" / f"deck-{base}.yaml").read_text(encoding="utf-8"))
        raw["cards"] = [e for e in raw["cards"] if e["card"] not in drop]
        raw["cards"] += [c if isinstance(c, dict) else {"card": c, "copies": 1} for c in cards]
        (folder / f"deck-{prefix}-{name}.yaml").write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True),
                                                           encoding="utf-8")
        options[key] = f"{prefix}-{name}"
    for cached in [k for k in _GAMES if any(v in options.values() for _o, v in k[1])]:
        del _GAMES[cached]
    return options


def set_yaml(name: str, *cards: str) -> str:
    """The YAML of a set of test cards (code TST) made of ``card_yaml`` entries."""
    return f"code: TST\nname: {name}\ncards:\n" + "".join(cards)


def card_yaml(serial: int, name: str, card_type: str, body: str) -> str:
    """One test card TST-<serial> of the aurelian mythology without power points; ``body``: its other fields
    as YAML lines, indented by four spaces (cost, level, maneuvers …)."""
    return (f"  - id: TST-{serial:03d}\n    set: TST\n    serial: {serial}\n    name: \"{name}\"\n"
            f"    card_type: {card_type}\n    mythology: aurelian\n    power_points: 0\n{body}")


def fresh(seed: int = 0, options: dict | None = None, players: int = 2):
    """A new game exactly as the engine deals it (setup, turn order, opening hands)."""
    return game(options, players).new_initial_state(seed)


def scene(seed: int = 0, options: dict | None = None, *, phase: str = "summon_1", active: int = A,
          keep_hands: bool = False):
    """A fresh game with empty hands (unless ``keep_hands``), ``active``'s turn, in ``phase``.

    The turn order is A then B (so "B's next turn" follows A's turn, as in the scenarios)."""
    s = fresh(seed, options)
    if not keep_hands:
        for p in s.players:
            for iid in list(p.hand):
                _moves.to_zone(s, iid, "deck")
    s.order = (A, B)
    s.active = active
    s.phase = Phase(phase)
    return s


def ready(s, priority: int | None = None, phase: str | None = None, active: int | None = None):
    """Put the state into an open window of ``phase``: ``priority`` (default: the active player) acts,
    the stack is empty, nothing is pending. Run the state checks first, as the machine would."""
    if phase is not None:
        s.phase = Phase(phase)
    if active is not None:
        s.active = active
    s.forget_caches()  # the scene was changed by hand: nothing derived from it holds
    s.stack = []
    s.todo = []
    s.prompt = None
    s.mode = Mode.WINDOW
    s.priority = s.active if priority is None else priority
    s.passes = 0
    s.cycle = False
    s.window_actor = -1
    s.current_player = s.priority
    check_zones(s)
    return s


# -- finding cards ----------------------------------------------------------------------------------
def named(s, seat: int, name: str, zone: str | None = "deck", card_type: str | None = None) -> int:
    """An instance of ``name`` owned by ``seat``, in ``zone`` (any zone with None). A high god and its
    leader share a name: the leader is meant unless ``card_type="high_god"``."""
    for inst in s.cards:
        if inst.owner != seat or inst.d.name != name:
            continue
        if zone is not None and inst.zone != zone:
            continue
        if card_type is not None and inst.d.card_type != card_type:
            continue
        if card_type is None and inst.d.card_type == "high_god":
            continue
        return inst.iid
    raise AssertionError(f"no {name!r} of P{seat} in {zone or 'any zone'}")


def all_named(s, seat: int, name: str, zone: str | None = None) -> list[int]:
    return [i.iid for i in s.cards if i.owner == seat and i.d.name == name and i.d.card_type != "high_god"
            and (zone is None or i.zone == zone)]


def god(s, seat: int) -> int:
    return s.players[seat].god


# -- putting cards somewhere ------------------------------------------------------------------------
def hand(s, seat: int, *names: str) -> list[int]:
    """Copies from the deck into the owner's hand."""
    out = []
    for name in names:
        iid = named(s, seat, name)
        _moves.take_out(s, iid)
        _moves._move_to_hand(s, iid)
        out.append(iid)
    return out


def deck_top(s, seat: int, *names: str) -> list[int]:
    """Cards of the deck moved to its top, the first named on top."""
    deck = s.players[seat].deck
    out = []
    for name in reversed(names):
        iid = next(i for i in deck if s.cards[i].d.name == name and i not in out)
        deck.remove(iid)
        deck.append(iid)
        out.append(iid)
    return list(reversed(out))


def empty_deck(s, seat: int, keep: int = 0) -> None:
    """Move all but the ``keep`` top cards of the deck into oblivion (out of the game, still conserved)."""
    deck = s.players[seat].deck
    while len(deck) > keep:
        iid = deck[0]
        _moves.to_zone(s, iid, "oblivion")


def afterworld(s, seat: int, *names: str) -> list[int]:
    out = []
    for name in names:
        iid = named(s, seat, name)
        _moves.to_zone(s, iid, "afterworld")
        out.append(iid)
    return out


def _enter(s, iid: int, seat: int) -> None:
    _moves.enter_board(s, iid, seat)
    s.cards[iid].entered = s.turn


def leader(s, seat: int, name: str, rotated: bool = False, owner: int | None = None) -> int:
    """A leader from ``owner``'s deck (default: ``seat``) into ``seat``'s leader row."""
    iid = named(s, seat if owner is None else owner, name, card_type="leader")
    _enter(s, iid, seat)
    s.players[seat].leaders.append(iid)
    s.cards[iid].rotated = rotated
    return iid


def nation(s, seat: int, name: str, x: int = 0, y: int = 0) -> int:
    iid = named(s, seat, name, card_type="nation")
    assert (x, y) not in s.players[seat].grid
    _enter(s, iid, seat)
    s.cards[iid].cell = (x, y)
    s.players[seat].grid[(x, y)] = iid
    return iid


def attach(s, seat: int, name: str, host: int, owner: int | None = None) -> int:
    """A location or item from ``owner``'s deck (default: ``seat``) attached to ``host``, controlled by ``seat``."""
    iid = named(s, seat if owner is None else owner, name)
    _enter(s, iid, seat)
    s.cards[iid].host = host
    return iid


def intrigue(s, seat: int, name: str) -> int:
    iid = named(s, seat, name, card_type="intrigue")
    _enter(s, iid, seat)
    s.intrigues.append(iid)
    return iid


def spheres(s, seat: int, text: str) -> None:
    """Spheres as the spec writes them, M/I/W/F: ``spheres(s, A, "0/2/1/1")``."""
    s.players[seat].spheres = [int(v) for v in text.split("/")]


def sph(s, seat: int) -> str:
    return "/".join(map(str, s.players[seat].spheres))


# -- acting -------------------------------------------------------------------------------------------
def frozen(s) -> dict:
    """A deep copy of the snapshot (the snapshot shares lists with the state)."""
    return copy.deepcopy(s.snapshot())


def rejects(s, action, rule: str, player: int | None = None) -> IllegalAction:
    """The act is refused citing ``rule``, the state is exactly as before, and the act is not offered."""
    before = frozen(s)
    digest = s.digest()
    offered = action in s.legal_actions()
    with pytest.raises(IllegalAction) as info:
        s.apply(action, player=player)
    assert info.value.rule == rule, f"{info.value.rule}: {info.value.message}"
    assert frozen(s) == before
    assert s.digest() == digest
    if player is None or player == s.current_player:
        assert not offered, "a refused act was in the legal-action list"
    return info.value


def legal(s, action) -> None:
    assert action in s.legal_actions(), f"{action} is not offered: {s.legal_actions()}"


def do(s, action) -> None:
    """Apply an act that must be legal (and offered) for the player to act."""
    legal(s, action)
    s.apply(action)


def pass_counter(s) -> None:
    """Every player passes in the counter round(s) until the stack has resolved."""
    for _ in range(20):
        if s.mode != "counter":
            return
        s.apply(PASS)
    raise AssertionError("the counter round does not end")


def pass_until(s, phase: str, active: int | None = None, limit: int = 400, to: int | None = None,
               turn: int | None = None) -> None:
    """Everyone passes (and answers prompts with the first offered choice) until ``phase`` of ``active``'s
    turn (of turn number ``turn``, if given) has an open window in which ``to`` (default: the active
    player) has priority."""
    for _ in range(limit):
        if s.mode == "window" and s.phase == phase and (active is None or s.active == active) and not s.stack \
                and s.current_player == (s.active if to is None else to) and (turn is None or s.turn == turn):
            return
        if s.result is not None:
            raise AssertionError(f"the game ended: {s.result}")
        if s.mode == "prompt":
            s.apply(s.legal_actions()[0])
        else:
            s.apply(PASS)
    raise AssertionError(f"{phase} never came")


def on_board(s, iid: int) -> bool:
    return s.cards[iid].zone == "board"


def check_zones(s) -> None:
    """Invariant 2/3: every instance in exactly one zone list, matching its ``zone``."""
    where: dict[int, str] = {}
    for p in s.players:
        for zone in ("deck", "hand", "afterworld", "oblivion"):
            for iid in getattr(p, zone):
                assert iid not in where, f"{s.cards[iid].d.name} in two zones"
                where[iid] = zone
                assert s.cards[iid].owner == p.seat, "a card in another player's zone (MIT-G1)"
    for it in s.stack:
        if it.kind not in ("maneuver", "trigger", "fight", "mount"):  # no card of these is on the stack
            where.setdefault(it.card, "stack")
    for inst in s.cards:
        if inst.zone == "board":
            assert inst.iid not in where, f"{inst.d.name} on the board and in a zone list"
        elif inst.zone == "stack":
            assert where.get(inst.iid) == "stack", f"{inst.d.name} marked stack but not on the stack"
        else:
            assert where.get(inst.iid) == inst.zone, f"{inst.d.name}: zone {inst.zone} vs list {where.get(inst.iid)}"
