"""`cardtable play mitosz` as a person uses it (real processes, real stdin), and the Mítosz terminal
renderer on every kind of view (windows, counter rounds with a stack, prompts, the end)."""

import io
import re

import pytest
from rich.console import Console

from cardtable.agents import Observation, make_agent
from cardtable.cli.render import describe_events, move_labels, render_view, renderer
from cardtable.engine import load

from .helpers import cardtable, rendered


def test_a_scripted_game_against_a_bot_to_the_end(tmp_path):
    record = tmp_path / "mitosz.jsonl"
    # Typing mistakes, a move the rules refuse, then always the first move listed (a nation, a summon, a
    # maneuver … else pass) until the game ends.
    script = "x\n" + "99\n" + '{"type": "summon", "card": 9999}\n' + "1\n" * 1500
    out = cardtable("play", "mitosz", "--seat", "human", "--seat", "random", "--seed", "4",
                    "--record", str(record), input=script)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Type a move number" in text and "There is no move 99" in text
    assert re.search(r"Rejected \(MIT-[\d.a-z]+\): card 9999 is not in your hand", text)
    # the table: the rule line, both high gods with their spheres, power, the grid, leaders, the hand with texts
    assert re.search(r"Mítosz · turn 1 · P0's turn · summon phase · open window · your move", text)
    assert "P0 (you): pass (your only move)" in text  # the start phase's window, where nothing can be played
    assert "P0 (human, you) · high god Solvane, Dawn Sovereign · deck dawn-court" in text
    assert "P1 (random) · high god Hrimgar, Frost Father · deck frost-clans" in text
    assert "magic M 4/4  influence I 5/5  wealth W 4/4  force F 3/3 · power 0 of 12" in text
    assert re.search(r"Your hand \(7, hand size 7\):", text)
    assert "Captain Orren" in text and "leader (warlord) · cost W1 F2 · level 3 · 1 PP" in text
    assert re.search(r"┌0,0─*┤\d├", text) or re.search(r"┌0,0─", text)  # a nation on the grid, with its roads
    assert re.search(r"│ *\d?\d?│|├\d", text)
    assert "Leaders (" in text and "Intrigues (" in text
    assert "Stack (resolves top first; top is last):" in text and "← top" in text
    assert "Decision for P0 (you): share 3 sphere points among the spheres (MIT-6.2.4.3)" in text
    assert "Log (last 8 of" in text
    # what the bot did, and the log lines of what followed
    assert "P1 (random): " in text and "  · P1 draws 2 cards" in text  # the loop names seats as the board does
    assert "seat 1 (" not in text and "P0, your move [" in text and "P0 (you): " in text
    assert re.search(r"P0 \(you\): place .* at \(0, 0\)", text)
    # fights: the armies by row with their levels
    assert re.search(r"(Battle: P\d attacks .* through its [NESW] road|Duel: P\d challenges P\d)", text)
    assert re.search(r"  attacker P\d · level \d+: front: ", text)
    # the end: the final position, the result line, the table of scores
    assert re.search(r"game over · (won by P\d|a draw)", text)
    assert re.search(r"The game is over: .* \(MIT-1\.(1\.1|3\.4)\)", text)
    assert "Final result" in text
    check = cardtable("replay", str(record), "--check")
    assert check.returncode == 0 and "ok" in check.stdout


def test_the_bots_hand_stays_hidden_in_the_terminal():
    """MIT-1.5 / spec section 9: only the hand's size is shown, never its cards."""
    game = load("mitosz")
    state = game.new_initial_state(seed=4)
    bot_hand = {c["name"] for c in state.view(1)["players"][1]["hand"]}
    mine = {c["name"] for c in state.view(0)["players"][0]["hand"]}
    secret = bot_hand - mine - {"Hrimgar, Frost Father"}
    out = cardtable("play", "mitosz", "--seat", "human", "--seat", "random", "--seed", "4", "--forced", "ask",
                    input="q\n")  # (asked for the first pass, before the bot played a card of its hand)
    assert out.returncode == 0, out.stderr
    assert "hand 7 (size 7)" in out.stdout
    assert secret, "the decks share every card"
    for name in secret:
        assert name not in out.stdout, name


def test_hot_seat_hands_the_keyboard_over():
    out = cardtable("play", "mitosz", "--seat", "human", "--seat", "human", "--seed", "3",
                    input="\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\n1\nq\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "P0: take the keyboard" in text and "P1: take the keyboard" in text
    assert "P0 (human, you)" in text and "P1 (human, you)" in text
    assert "Game left unfinished" in text


@pytest.mark.parametrize("value, message", [
    ("frost-clans", None),
    ("12", "no deck '12'"),  # a text option takes digits as text, not as a number
    ("nope", "no deck 'nope'"),
    ("../etc", "is not the name of a deck"),
])
def test_the_deck_options_are_text(value, message):
    out = cardtable("play", "mitosz", "-o", f"deck_a={value}", "-o", "deck_b=dawn-court", "--seed", "1", input="q\n")
    if message is None:
        assert out.returncode == 0, out.stderr
        assert "P0 (human, you) · high god Hrimgar, Frost Father · deck frost-clans" in out.stdout
        assert "P1 (heuristic) · high god Solvane" in out.stdout or "P1 (random) · high god Solvane" in out.stdout
    else:
        assert out.returncode == 2
        assert message in out.stderr and "Traceback" not in out.stderr


def test_help_and_games_name_the_deck_options():
    out = cardtable("play", "--help", columns=200)
    assert "deck_a=frost-clans" in out.stdout
    out = cardtable("games", "mitosz", columns=200)
    assert "deck_a" in out.stdout and "one of: dawn-court, frost-clans" in out.stdout and "any text" not in out.stdout


# -- the renderer on every kind of view ------------------------------------------------------------------
@pytest.mark.parametrize("seed, width", [(0, 120), (1, 80), (2, 60)])
def test_every_view_and_event_renders(seed, width):
    game = load("mitosz")
    assert renderer("mitosz") is not None
    names = ["human", "random"]
    state = game.new_initial_state(seed=seed)
    agents = [make_agent("random", game, seed * 10 + i) for i in range(2)]
    console = Console(file=io.StringIO(), width=width, color_system="truecolor")
    lines = []
    seen = set()
    while not state.is_terminal():
        p = state.current_player
        view = state.view(p)
        kind = view["mode"] + (":" + view["prompt"]["kind"] if view["prompt"] else "") + ("+stack" if view["stack"] else "")
        if kind not in seen:  # each kind of position once, from both seats and a spectator
            seen.add(kind)
            for viewer in (None, 0, 1):
                render_view(console, game, state.view(viewer), names)
            labels = move_labels(game, view, game.display_order(state.legal_actions()))
            assert len(set(labels)) == len(labels), labels  # equal cards are told apart
        before = state.view(None)
        state.apply(agents[p].act(Observation(state, p)), player=p)
        lines += describe_events(game, before, state.view(None), p, names)
    for viewer in (None, 0, 1):
        render_view(console, game, state.view(viewer), names)
    text = console.file.getvalue()
    assert {"window", "counter+stack", "prompt:refill"} <= seen, seen
    assert "Mítosz · turn" in text and "game over" in text
    assert any(line.startswith("The game is over") for line in lines)
    assert any(line.startswith("  · ") for line in lines)
    assert "Stack (resolves top first" in text and "Decision for" in text
    if width >= 100:
        assert "┌" in text and "└" in text  # the grid is drawn
    # a spectator sees no hand; a player only their own
    spectator = io.StringIO()
    render_view(Console(file=spectator, width=width), game, state.view(None), names)
    assert "Your hand" not in spectator.getvalue()


@pytest.mark.parametrize("players", [3, 4])
def test_three_and_four_players_in_the_terminal_to_the_end(tmp_path, players):
    """Tier 2: every seat on the table, the game played to its end (win target 4 keeps it short), the record
    replays."""
    record = tmp_path / f"mitosz{players}.jsonl"
    seats = ["--seat", "human"] + ["--seat", "heuristic"] * (players - 1)
    out = cardtable("play", "mitosz", "-p", str(players), *seats, "--seed", "3", "-o", "win_target=4",
                    "--record", str(record), input="1\n" * 3000)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    for seat in range(1, players):
        assert f"P{seat} (heuristic)" in text
    assert re.search(r"game over · (won by P\d|a draw)", text)
    assert "Final result" in text
    check = cardtable("replay", str(record), "--check")
    assert check.returncode == 0 and "ok" in check.stdout


def _play_first_moves_until(seed: int, found):
    """Seat 0 always takes the first move listed, seat 1 is the heuristic bot; stops at the first position
    of seat 0 whose legal moves satisfy ``found`` (a reproduction of a terminal game, seed 7)."""
    game = load("mitosz")
    state = game.new_initial_state(seed=seed)
    bot = make_agent("heuristic", game, 1)
    while not state.is_terminal():
        p = state.current_player
        if p == 0:
            legal = game.display_order(state.legal_actions())
            if found(legal):
                return game, state, legal
            state.apply(legal[0], player=0)
        else:
            state.apply(bot.act(Observation(state, p)), player=p)
    raise AssertionError("no such position")


def test_a_mount_move_reads_as_words():
    """The move list showed 'attach_mount mount=20 host=13 share=flying' (the action's repr)."""
    game, state, legal = _play_first_moves_until(7, lambda legal: any(a.to_json()["type"] == "attach_mount"
                                                                       for a in legal))
    labels = move_labels(game, state.view(0), legal)
    mounts = [label for a, label in zip(legal, labels) if a.to_json()["type"] == "attach_mount"]
    assert mounts and not any("=" in label for label in mounts), mounts
    assert "attach the mount Skyreaver Gryphon to Lysa Brightspear" in mounts
    assert "attach the mount Skyreaver Gryphon to Lysa Brightspear, sharing its subtype flying" in mounts


def test_attacks_on_two_nations_of_one_name_are_told_apart():
    """P1 had two Pinewood Tribes (#72, #73 on the grid): two moves read 'attack Pinewood Tribes through its E
    road, led by Skyreaver Gryphon', and a move on only one of them did not say which."""
    def battle(a):
        d = a.to_json()
        return (d["nation"], d["road"], d["commander"]) if d["type"] == "declare_battle" else None

    game, state, legal = _play_first_moves_until(
        7, lambda legal: {(72, "E", 20), (73, "E", 20)} <= {battle(a) for a in legal})
    labels = move_labels(game, state.view(0), legal)
    assert len(set(labels)) == len(labels), labels
    by = {battle(a): label for a, label in zip(legal, labels) if battle(a)}
    assert by[(72, "E", 20)] != by[(73, "E", 20)]
    for (nation, _, _), label in by.items():
        if "Pinewood Tribes" in label:
            assert f"#{nation}" in label, label  # the grid's name for it
        assert "#20" not in label, label  # the only Skyreaver Gryphon needs no number


def test_wrapped_lines_keep_their_indent_at_80_columns():
    """At 80 columns a card's heading or text, the leaders, the piles wrapped to column 0 ('magical', 'target',
    'Skeld Ironbrow L5 …' at the left edge read as lines of their own)."""
    game = load("mitosz")
    text = rendered(game, game.new_initial_state(seed=7).view(0), 80)
    hand = text[text.index("Your hand ("):text.index("Log (")].splitlines()[1:]
    assert any("Temple of First Light" in line for line in hand)
    for line in hand:
        assert line.startswith("  "), line
        # a card's heading (2 spaces) and its wrapped end (4 and more) are told apart
        assert line.startswith("    ") or " — " in line, line


def test_a_high_god_in_a_move_needs_no_number():
    """The high god's label already says '(high god)': 'use Solvane, Dawn Sovereign (high god)'s maneuver on
    Lysa Brightspear [#0]' carried a number the board never shows for the god."""
    mitosz = load("mitosz")
    game, state, legal = _play_first_moves_until(
        11, lambda legal: any("(high god)'s maneuver" in mitosz.action_label(a) for a in legal))
    labels = [label for label in move_labels(game, state.view(0), legal) if "(high god)'s maneuver" in label]
    god = state.view(0)["players"][0]["god"]["id"]
    assert labels and not any(f"#{god}]" in label or f"#{god}," in label for label in labels), labels


def test_replay_lists_each_answer_in_words(tmp_path):
    """`replay -v` labels each recorded action as its mover read it: a fight's answers by their words ('steal 1
    influence', 'Jarl Skeld Ironbrow into the auxiliary'), never 'option 2'."""
    record = tmp_path / "heuristics.jsonl"
    made = cardtable("simulate", "mitosz", "-n", "1", "--agents", "heuristic,heuristic", "--seed", "3",
                     "--record", str(record))
    assert made.returncode == 0, made.stderr
    out = cardtable("replay", str(record), "-v")
    assert out.returncode == 0, out.stderr
    answers = [line for line in out.stdout.splitlines() if re.search(r"steal \d|into the (front|auxiliary|reserve)", line)]
    assert answers, out.stdout[-2000:]
    assert not re.search(r"seat \d: option \d", out.stdout), out.stdout
    numbered = re.findall(r"^ +(\d+) seat", out.stdout, flags=re.M)
    assert numbered[:3] == ["0", "1", "2"] and len(numbered) == int(re.search(r"(\d+)\s+actions", out.stdout).group(1))
