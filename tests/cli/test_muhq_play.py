"""`cardtable play muhq` as a person uses it (real processes, real stdin), and the muhq terminal renderer on
every kind of view of random games (the draft, priority rounds with a stack, activations, upkeep, buying,
the end), from both seats and a spectator: it never crashes and never shows a hidden card (spec section 9:
an opponent's hand, a pack another player holds, another player's draft picks)."""

import io
import json
import re

import orjson
import pytest
from rich.console import Console

from cardtable.agents import Observation, make_agent
from cardtable.cli.render import describe_events, move_labels, render_view, renderer
from cardtable.engine import load

from .helpers import cardtable, rendered


def test_a_scripted_game_against_a_bot_to_the_end(tmp_path):
    record = tmp_path / "muhq.jsonl"
    # Typing mistakes, a move the rules refuse, then always the first move listed (a pick, a play, an
    # activation, a move …, else the end of a phase or a pass) until the turn limit ends the game.
    script = "x\n" + "99\n" + '{"type": "buy", "card": 9999}\n' + "1\n" * 1500
    out = cardtable("play", "muhq", "--seat", "human", "--seat", "random", "--seed", "4", "-o", "max_turns=6",
                    "--record", str(record), input=script, columns=100)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Type a move number" in text and "There is no move 99" in text
    assert "Rejected (MUHQ-BUY-5): cards are bought in your own buy phase only" in text
    # the draft: the pack we hold with costs and texts; the bot's picks only as a count
    assert "muhq's game · River Crown · draft · your pick" in text
    assert "The pack you hold (10 cards):" in text
    assert re.search(r"— unit · buy \d+ · play \d+ · upkeep \d+ · life \d+ · move \d+ · attack \d@R\d", text)
    assert re.search(r"has picked \d+ cards? \(hidden until the draft ends\)", text)
    assert re.search(r"your picks \(\d+\): \w", text)
    # the board: coordinates, spawns, deep water, high ground, the two VIPs with their controllers
    assert re.search(r"^ +0 +1 +2 +3 +4 +5 +6 *$", text, re.M)
    assert re.search(r"^ 3 │~S0~~~~│~~~~~~~│", text, re.M)
    assert "│^^     │" in text and "│S1     │" in text
    assert "U0 P0" in text and "U1 P1" in text
    assert "Victory: VIP: a player whose VIP leaves the board loses" in text
    assert "Victory: a draw after turn 6 (MUHQ-WIN-10)" in text
    assert "U0 Sovereign · unit · P0 · at (3, 6) · VIP · damage 0 of life 4 · move 1 · attack 1@R1" in text
    # turns: players with resource, VP, stores with buy costs, discard piles; our hand; the log
    assert re.search(r"muhq's game · River Crown · turn \d of 6 · P\d's turn · action phase · your move", text)
    assert re.search(r"P1 \(random\) · resource \d+ · VP 0 · hand \d · deck \d+ · discard \d+ · store \d+", text)
    assert re.search(r"store \(\d+, with buy costs\): [\w' ]+ \d", text)
    assert re.search(r"Your hand \(\d, refilled to 3 each turn\):", text)
    assert "Recruit #" in text and "— unit · play 0 · upkeep 0 · life 1 · move 2 · attack 1@R1" in text
    assert "Decision for P0 (human, you): " in text
    assert re.search(r"Log \(last \d+ of \d+\):", text)
    assert "The draft is over: every store is public now (MUHQ-DRAFT-7)." in text
    assert re.search(r"  · P\d declares: ", text) and "  · resolves: " in text
    assert re.search(r"P0 \(you\): (play|activate|move|end the action phase|pass)", text)
    # the end: the final position, the result with its rule, the score table
    assert re.search(r"River Crown · turn \d+ · game over · (a draw|won by P\d)", text)
    assert re.search(r"The game is over: (a draw: the turn limit was reached \(MUHQ-WIN-10\)|won by P\d: .*\(MUHQ-WIN-\d+)", text)
    assert "Final result" in text
    check = cardtable("replay", str(record), "--check")
    assert check.returncode == 0 and "ok" in check.stdout


def test_a_narrow_terminal_gets_the_compact_board():
    out = cardtable("play", "muhq", "--seat", "human", "--seat", "random", "--seed", "2", input="q\n", columns=50)
    assert out.returncode == 0, out.stderr
    assert re.search(r"^ 6  \.\s+S0\s+\.\s+U0:0", out.stdout, re.M), out.stdout
    assert "┌" not in out.stdout


def test_hot_seat_hands_the_keyboard_over():
    out = cardtable("play", "muhq", "--seat", "human", "--seat", "human", "--seed", "3", input="\n1\n\n1\nq\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "P0: take the keyboard" in text or "P1: take the keyboard" in text
    assert "P0 (human, you)" in text and "P1 (human, you)" in text
    assert "Game left unfinished" in text


# -- the renderer on every kind of view; nothing hidden ------------------------------------------------------
def hidden_cards(state, viewer):
    """(name, id) of the cards the viewer may not see: other players' hands and draft picks, the packs
    other players hold (spec section 9)."""
    out = []
    for seat, pl in enumerate(state.players):
        if seat == viewer:
            continue
        for c in pl.hand + pl.drafted:
            out.append((state.card_def[c].name, c))
        if state.packs:
            for c in state.packs[seat]:
                out.append((state.card_def[c].name, c))
    return out


def check_hidden(text: str, view: dict, secret: list[tuple[str, int]]) -> int:
    """No hidden card in the rendering: its name unless the view shows that name elsewhere (a visible copy),
    its '#id' unless the view names that id (a card seen before, say in the log)."""
    public = json.dumps(view)
    checked = 0
    for name, card in secret:
        if name not in public:
            assert name not in text, (name, card)
            checked += 1
        if not re.search(rf"(\"id\": {card}\b|#{card}\b)", public):
            assert not re.search(rf"#{card}\b", text), (name, card)
            checked += 1
    return checked


def visible_defs(state, viewer) -> set[str]:
    """The card definitions a viewer may see: the board, every store and discard pile, pending equipment,
    the stack, and their own hand, picks and pack."""
    ids = {p.d.id for p in state.perms.values()}
    for seat, pl in enumerate(state.players):
        zones = [pl.store, pl.discard, pl.pending] + ([pl.hand, pl.drafted] if seat == viewer else [])
        if seat == viewer and state.packs:
            zones.append(state.packs[seat])
        for zone in zones:
            ids.update(state.card_def[c].id for c in zone)
    ids.update(state.card_def[i.source].id for i in state.stack if i.source is not None and i.source < len(state.card_def))
    return ids


@pytest.mark.parametrize("board, seed, width", [
    ("river-crown", 0, 120), ("three-hills", 1, 100), ("bastion-run", 2, 80), ("river-crown", 3, 60),
    ("three-hills", 4, 50),
])
def test_every_view_renders_and_hides_what_it_must(board, seed, width):
    game = load("muhq", options={"board": board})
    assert renderer("muhq") is not None
    names = ["human", "random"]
    state = game.new_initial_state(seed=seed)
    agents = [make_agent("random", game, seed * 10 + i) for i in range(2)]
    console = Console(file=io.StringIO(), width=width, color_system="truecolor")
    lines: list[str] = []
    texts: list[str] = []
    seen: set[str] = set()
    checked = 0
    step = 0
    while not state.is_terminal():
        p = state.current_player
        view = state.view(p)
        kind = view["mode"] + ("+stack" if view["stack"] else "") + ("+activation" if view["activation"] is not None else "")
        if kind not in seen or step % 37 == 0:  # each kind of position, and now and then any
            seen.add(kind)
            for viewer in (None, 0, 1):
                v = state.view(viewer)
                assert set(v["cards"]) <= visible_defs(state, viewer), "the view names a card the viewer cannot see"
                buf = Console(file=io.StringIO(), width=width, color_system=None)
                render_view(buf, game, v, names)
                text = buf.file.getvalue()
                checked += check_hidden(text, v, hidden_cards(state, viewer))
                if viewer is None:
                    assert "Your hand" not in text and "The pack you hold" not in text and "your picks" not in text
                texts.append(text)
            labels = move_labels(game, view, game.display_order(state.legal_actions()))
            assert len(set(labels)) == len(labels), labels
        before = state.view(None)
        state.apply(agents[p].act(Observation(state, p)), player=p)
        lines += describe_events(game, before, state.view(None), p, names)
        step += 1
    for viewer in (None, 0, 1):
        render_view(console, game, state.view(viewer), names)
    text = "".join(texts) + console.file.getvalue()
    assert {"draft", "priority+stack", "open", "open+activation", "buy"} <= seen, seen
    assert checked > 50, checked  # hidden cards were there to be checked
    assert "muhq's game · " in text and "The game is over: " in text
    assert "The pack you hold" in text and "Action stack (resolves top first; top is last):" in text
    assert "Decision for" in text and "On the board:" in text and "Victory: " in text
    assert any(line.startswith("The game is over: ") and "(MUHQ-WIN-" in line for line in lines), lines[-3:]
    assert any(line.startswith("  · ") for line in lines)
    assert "The draft is over: every store is public now (MUHQ-DRAFT-7)." in lines
    if width >= 4 + 7 * 8:
        assert "┌" in text and "└" in text  # the full board is drawn
    else:
        assert re.search(r"U\d+:\d", text)  # the compact board


def test_a_pile_markers_and_damage_read_in_words():
    """A crewed unit with equipment, damage and markers: the board marks the pile, the list names every
    member under its base (built from a view; the renderer sees nothing else)."""
    game = load("muhq", options={"board": "arena-9"})
    view = game.new_initial_state(seed=1).view(0)
    view = {**view, "phase": "action", "mode": "open", "turn": 3, "active": 0, "to_act": 0, "activation": 7,
            "cards": {**view["cards"], "vanguard/siege_wagon": {"name": "Siege Wagon", "type": "unit", "upkeep": 2}}}
    view["permanents"] = [
        {"id": 7, "card": "vanguard/siege_wagon", "name": "Siege Wagon", "type": "unit", "owner": 0, "controller": 0,
         "field": [4, 4], "base": None, "pile": [8, 9], "tapped": False, "damage": 2, "markers": {"poison": 1},
         "move_used": True, "attack_used": False, "life": 4, "movement": 2, "armor": 0, "attack": [[1, 1]], "crew": 2},
        {"id": 8, "card": "core/recruit", "name": "Recruit", "type": "unit", "owner": 1, "controller": 0, "field": None,
         "base": 7, "pile": [], "tapped": True, "move_used": False, "attack_used": False, "life": 1, "movement": 2,
         "armor": 0, "attack": [[1, 1]]},
        {"id": 9, "card": "tide/coral_mail", "name": "Coral Mail", "type": "equipment", "owner": 0, "controller": 0,
         "field": None, "base": 7, "pile": [], "tapped": False, "durability": 1},
    ]
    text = rendered(game, view, 200, ["a", "b"])
    assert "U7 P0+!" in text  # on the board: a pile (+), the activation (!)
    assert ("U7 Siege Wagon · unit · P0 · at (4, 4) · damage 2 of life 4 · move 2 · attack 1@R1 · upkeep 2 · "
            "crew 1/2 · 1 poison · ACTIVATED, move used") in text
    assert "    └ U8 Recruit · unit · controlled by P0, owned by P1 · crew · damage 0 of life 1" in text
    assert "    └ E9 Coral Mail · equipment · P0 · equipped · durability 1" in text


def test_wrapped_lines_keep_their_indent_at_80_columns():
    """At 80 columns the permanents, the stores and the pack's cards wrapped to column 0 ('attack 1@R1 ·
    landmark' and '3@R1' at the left edge read as lines of their own)."""
    game = load("muhq")
    text = rendered(game, game.new_initial_state(seed=7).view(0), 80)
    board = text[text.index("On the board:"):text.index("P1 (")].splitlines()[1:]
    pack = text[text.index("The pack you hold"):].splitlines()[1:]
    assert board and pack
    for line in board + pack:
        assert line.startswith("   ") or (line.startswith("  ") and " — " in line), line


def test_an_attack_on_your_own_unit_says_so():
    """Attacks on own units are legal (spec: any unit but the attacker), and the move list offered 'Scout #5
    attacks Sovereign #0' — your own VIP, whose loss loses the game — with nothing to tell it from an attack on
    the enemy."""
    game = load("muhq")

    def own_attacks(legal):
        mine = {p["id"] for p in state.view(0)["permanents"] if p["controller"] == 0}
        return [a for a in legal if a.to_json()["type"] == "attack" and a.to_json()["defender"] in mine]

    def enemy_attacks(legal):
        return [a for a in legal if a.to_json()["type"] == "attack" and a not in own_attacks(legal)]

    def found(seed):  # a position with attacks on units of both sides
        nonlocal state
        state = game.new_initial_state(seed=seed)
        bot = make_agent("heuristic", game, 1)
        while not state.is_terminal():
            p = state.current_player
            legal = game.display_order(state.legal_actions())
            vip = {q["id"] for q in state.view(0)["permanents"] if q["controller"] == 0 and q.get("role") == "vip"}
            if p == 0 and any(a.to_json()["defender"] in vip for a in own_attacks(legal)) and enemy_attacks(legal):
                return legal
            state.apply(legal[0] if p == 0 else bot.act(Observation(state, p)), player=p)
        return None

    state = None
    legal = next(legal for legal in map(found, range(2, 80)) if legal is not None)
    view = state.view(0)
    legal = game.display_order(legal, view)
    own = own_attacks(legal)
    labels = move_labels(game, view, legal)
    attacks = [(a in own, label) for a, label in zip(legal, labels) if a.to_json()["type"] == "attack"]
    assert all("your own" in label for is_own, label in attacks if is_own), attacks
    assert any("your own VIP" in label for is_own, label in attacks if is_own), attacks
    assert not any("your own" in label for is_own, label in attacks if not is_own), attacks
    # listed after every attack on the enemy, so that the first attack offered is never one's own VIP
    kinds = [is_own for is_own, _label in attacks]
    assert kinds == sorted(kinds) and not kinds[0], attacks
    # the browser's list says it too: the server's entries carry the same words
    from cardtable.server.tables import Seat, Table

    table = Table(id="t", game=game, state=state, seats=[Seat("human"), Seat("human")], settings={}, created=0.0)
    entries = orjson.loads(table.encoded_message(0))["legal"]
    assert [e["label"] for e in entries] == labels


def test_a_bots_attack_on_its_own_unit_is_not_announced_as_yours():
    """The label 'your own unit' is the mover's: a seat watching another seat's attack on that seat's own unit
    reads 'P1's own unit', and a spectator too."""
    game = load("muhq")
    state = game.new_initial_state(seed=28)
    bot = make_agent("heuristic", game, 1)
    while True:  # to the first position where seat 0 may attack one of its own units
        p = state.current_player
        view = state.view(p)
        legal = game.display_order(state.legal_actions(), view)
        mine = {q["id"] for q in view["permanents"] if q["controller"] == 0}
        own = [a for a in legal if a.type == "attack" and a.defender in mine] if p == 0 else []
        if own:
            break
        state.apply(legal[0] if p == 0 else bot.act(Observation(state, p)), player=p)
    assert "— your own " in game.move_label(own[0], state.view(0))
    for viewer in (1, None):
        label = game.move_label(own[0], state.view(viewer))
        assert "your own" not in label and "— P0's own " in label, (viewer, label)


def test_the_draft_draws_the_board_at_the_first_pick_only():
    """The grid (some 30 lines on River Crown) was drawn again at each of the draft's picks, pushing the pack
    off the screen, while nothing moves on the board until the draft ends."""
    game = load("muhq")
    state = game.new_initial_state(seed=7)
    assert state.view(0)["phase"] == "draft"
    first = rendered(game, state.view(0), 100)
    assert "┌───" in first and "deep water" in first and "as drawn at your first pick" not in first
    while state.current_player != 0 or not state.view(0)["players"][0]["drafted"]:
        state.apply(state.legal_actions()[0])
    later = rendered(game, state.view(0), 100)
    assert state.view(0)["phase"] == "draft"
    assert "┌───" not in later and "as drawn at your first pick" in later
    assert "The pack you hold" in later and "Sovereign" in later  # the pack and the units on the board stay
    while state.view(0)["phase"] == "draft":
        state.apply(state.legal_actions()[0])
    assert "┌───" in rendered(game, state.view(0), 100)  # after the draft the board is drawn at every move
