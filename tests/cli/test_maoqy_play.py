"""`cardtable play maoqy` as a person uses it (real processes, real stdin), and the MAOQY terminal renderer
on every kind of view."""

import io
import re

import pytest
from rich.console import Console

from cardtable.agents import Observation, make_agent
from cardtable.cli.render import describe_events, render_view, renderer
from cardtable.engine import load

from .helpers import cardtable, rendered


# The scripted games tell a story of the rulebook's text (claimed_cards = anywhere); the table rule MAOQY-6.6
# would end this seed's game another way. The rule itself is tested in tests/games/maoqy/test_claimed_cards.py.
SMALL = ["--option", "kingdoms=red,blue", "--option", "turn_limit=100", "--option", "claimed_cards=anywhere"]


def test_a_scripted_game_against_a_bot_to_the_end(tmp_path):
    record = tmp_path / "maoqy.jsonl"
    # Typing mistakes first, then a move the rules refuse, then always the first move listed: the direction,
    # else a street, else a draw from the Unknown, else a discard.
    script = "x\n" + "99\n" + '{"type": "draw", "from": "street"}\n' + "1\n" * 200
    out = cardtable("play", "maoqy", "--seat", "human", "--seat", "random", "--seed", "4", *SMALL,
                    "--record", str(record), input=script)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Type a move number" in text and "There is no move 99" in text
    assert "Rejected (MAOQY-5.6): cards in a street can never be drawn" in text
    # the table: the rule line, the two piles, the seats, our hand by kingdom
    assert re.search(r"MAOQY · turn \d+ of 100 · clockwise ↻ \(seat \d → \d\) · your turn \(seat 0\)", text)
    assert "First-player draw: seat 0 blue 3, seat 1 blue 13 → seat 1 begins" in text
    assert "The Unknown: " in text and "The Known (" in text
    assert re.search(r"Your hidden hand \(\d+ of 12\):\n  red +\d", text)
    # what happened, told once for everybody
    assert "Play goes clockwise ↻ (seat 1 → 0)." in text
    assert "seat 0 (you): street: blue 4-12" in text
    assert "seat 0 opens a blue street: now blue 4-12, 9 of 17." in text
    assert re.search(r"Your street: blue \d+-\d+ \(\d+/17\)", text)
    assert "The game is over: the turn limit of 100 was reached (MAOQY-8.3); the most cards in a street" in text
    assert "game over · won by seat 0" in text  # the final position is shown
    assert "Final result" in text and "Winner: seat 0 (human)" in text
    check = cardtable("replay", str(record), "--check")
    assert check.returncode == 0 and "ok" in check.stdout


def test_the_bots_hidden_cards_stay_hidden_in_the_terminal():
    """MAOQY-5.5 / spec section 7: a bot's hide and take-back name the kingdom its back shows, never the card."""
    out = cardtable("play", "maoqy", "--seat", "human", "--seat", "random", "--seed", "2", *SMALL, input="1\n" * 200)
    assert out.returncode == 0, out.stderr
    hides = re.findall(r"seat 1 \(random\): (hide|take back) (.*)", out.stdout)
    assert hides, "the bot never hid a card with this seed"
    for kind, rest in hides:
        assert re.fullmatch(r"a (red|blue) card (\(in the hiding place\)|from the hiding place)", rest), (kind, rest)
    # the seat table shows the hiding place by its back only
    assert re.search(r"1 +random +.*(red|blue)", out.stdout)


def test_hot_seat_hands_the_keyboard_over_and_hides_the_other_hand():
    # seat 0 begins with seed 3 (it drew the highest card): direction, a draw; seat 1 draws; then quit
    out = cardtable("play", "maoqy", "--seat", "human", "--seat", "human", "--seed", "3", *SMALL,
                    input="\n1\n1\n\n1\nq\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Seat 0: take the keyboard" in text and "Seat 1: take the keyboard" in text
    assert "your turn (seat 0)" in text and "your turn (seat 1)" in text
    assert "Game left unfinished" in text


def test_bad_option_gets_one_line():
    out = cardtable("play", "maoqy", "--players", "3", "--option", "kingdoms=red,blue")
    assert out.returncode != 0
    assert "3 players need at least 3 colour kingdoms in the deck" in out.stderr
    assert "Traceback" not in out.stderr


# -- the renderer on every kind of view ------------------------------------------------------------------
@pytest.mark.parametrize("players, options", [
    (2, {}),
    (3, {"kingdoms": ["red", "white", "black"], "street_min": 3, "hand_limit": 6}),
    (4, {"backs_show_kingdom": False, "extra_cards": "website", "kingdoms": ["gold", "silver", "yellow", "brown"]}),
    (2, {"known_draw": "any", "hiding_place_size": 3, "max_streets": 2, "kingdoms": ["violet", "orange"], "street_min": 2}),
])
def test_every_view_and_event_renders(players, options):
    game = load("maoqy", players=players, options={**options, "turn_limit": 150})
    assert renderer("maoqy") is not None
    names = ["human"] + ["random"] * (players - 1)
    for seed in range(3):
        state = game.new_initial_state(seed=seed)
        agents = [make_agent("random", game, seed * 10 + i) for i in range(players)]
        console = Console(file=io.StringIO(), width=100, color_system="truecolor")
        lines = []
        while not state.is_terminal():
            p = state.current_player
            before = state.view(None)
            state.apply(agents[p].act(Observation(state, p)), player=p)
            lines += describe_events(game, before, state.view(None), p, names)
        for viewer in [None, *range(players)]:
            render_view(console, game, state.view(viewer), names)
        text = console.file.getvalue()
        assert "MAOQY · turn" in text and "game over" in text
        assert any(line.startswith("The game is over") for line in lines)
        if options.get("extra_cards"):
            assert re.search(r"\d{2} [A-ZÄÖÜ]\w+", text) or "extra" in text
        if options.get("backs_show_kingdom") is False:
            assert not re.search(r"\d+: (gold|silver|yellow|brown)", text.split("Your hidden hand")[0])


def test_a_long_open_hand_reads_by_kingdom_at_80_columns():
    """A bot's open hand of 18 cards filled its narrow column one card a line, in the order they came
    ('gold 7,' / 'turquoise 4,' / … 18 lines at 80 columns); grouped by kingdom it reads like your hand."""
    game = load("maoqy")
    by_name = {(c["kingdom"], c["number"]): c["id"] for c in game.catalogue()["cards"] if c.get("kingdom")}
    shown = [("gold", 7), ("turquoise", 4), ("turquoise", 8), ("turquoise", 6), ("gold", 9), ("white", 7),
             ("black", 9), ("white", 9), ("white", 12), ("black", 10), ("gold", 8), ("turquoise", 12),
             ("turquoise", 3), ("white", 11), ("turquoise", 5), ("white", 4), ("turquoise", 13), ("white", 3)]
    view = game.new_initial_state(seed=7).view(0)
    view["seats"][1]["open"] = [by_name[k] for k in shown]
    assert "turquoise 3 4 5 6 8 12 13, gold 7 8 9, white 3 4 7 9 11 12, black 9 10" in rendered(game, view, 200)
    text = rendered(game, view, 80)
    table = text[text.index("seat  player"):text.index("Your hidden hand")]
    assert len(table.splitlines()) <= 8, table
