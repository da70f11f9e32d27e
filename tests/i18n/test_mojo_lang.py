"""Mojo in German and Hungarian: the catalogs of `mojo` and `mojo-ui` are complete, nothing bypasses them, and a
whole game read in each language (views in the terminal, move labels, log lines, option help, the end, every
rejected move) comes out in that language without a wrong placeholder."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

from cardtable.games.mojo.kit import terminal as R
from cardtable.engine import IllegalAction
from cardtable.engine.i18n import language
from cardtable.games.mojo import MojoGame
from cardtable.games.mojo.actions import Draw, Play, Reveal, Stop
from cardtable.i18n.catalogs import check
from cardtable.i18n.domains import BY_NAME
from cardtable.i18n.scan import scan

LANGS = ("de", "hu")
#: a word each language's texts of a whole game must contain (the rulebook's term, docs/translators/mojo.md)
WORD = {"de": "Ablagestapel", "hu": "dobópakli"}
NAMES = ["Ada", "Béla", "Cleo", "Dora"]


@pytest.mark.parametrize("domain", ["mojo", "mojo-ui"])
def test_catalogs_are_complete_and_nothing_bypasses_them(domain):
    problems = check(BY_NAME[domain])
    assert not problems, "\n".join(map(str, problems))
    hits = scan(BY_NAME[domain])
    assert not hits, "\n".join(map(str, hits))


def every_action(state) -> list:
    """Legal and illegal moves alike: each kind with the fields a client may send."""
    out = [Stop(), Draw("deck"), Draw("deck", 0), Draw("pile", 0), Draw("pile", 1), Draw("pile", 5),
           Reveal(), Reveal(card=0, position=0), Reveal(position=0), Reveal(position=40)]
    out += [Play(c, p) for c in range(0, 78, 7) for p in (0, 1, 3)]
    out += [Reveal(card=c) for c in range(0, 78, 11)]
    return out


def read_everything(game, state, console, seen: set[str]) -> None:
    """Every text a person reads of this position, in the current language, collected in ``seen``."""
    for seat in [None, *range(game.num_players)]:
        view = state.view(seat)
        R.render(console, game, view, NAMES[:game.num_players])
    mover = state.current_player
    view = state.view(mover) if mover >= 0 else None
    for action in game.display_order(state.legal_actions(), view):
        seen.add(game.move_label(action, view))
        for viewer in [None, *range(game.num_players)]:
            seen.add(game.log_entry(action, mover, viewer)[0])
    for action in every_action(state):
        if not state.is_legal(action):
            probe = state.clone()
            try:
                probe.apply(action)
            except IllegalAction as e:
                seen.add(e.message)


def play_whole_game(lang: str, options: dict, seed: int) -> tuple[set[str], str]:
    game = MojoGame(players=3, options=options)
    seen: set[str] = set()
    console = Console(record=True, width=120, color_system=None)
    rng = random.Random(seed)
    with language(lang):
        seen.add(game.describe()["summary"])
        seen.update(o["doc"] for o in game.describe()["options"])
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            read_everything(game, state, console, seen)
            before = {s: state.view(s) for s in range(game.num_players)}
            actor = state.current_player
            state.apply(rng.choice(state.legal_actions()))
            after = state.view(actor)
            for line in R.events(game, before[actor], after, actor, NAMES[:3]):
                seen.add(line)
            steps += 1
            assert steps < 5000
        read_everything(game, state, console, seen)
        seen.add(R.result_line(game, state.view(None), NAMES[:3]))
    return seen, console.export_text()


VARIANTS = [
    {},
    {"discard_piles": 2, "target_score": 30},
    {"owner_sees_facedown": False, "equal_value_replay": "must", "empty_draw_pile": "skip", "target_score": 20},
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_a_whole_game_reads_in_the_language(lang, variant):
    options = VARIANTS[variant]
    seen, screen = play_whole_game(lang, options, seed=7 + variant)
    english, english_screen = play_whole_game("en", options, seed=7 + variant)
    text = "\n".join(seen)
    assert WORD[lang].lower() in (text + screen).lower()
    assert "Mojo" in screen
    # the same game's texts: none of them may be left English (the numbers-only ones aside)
    left = sorted(t for t in seen & english if any(ch.isalpha() for ch in t.replace("Mojo", "")))
    assert not left, f"left English in {lang}: {left[:10]}"
    for word in ("Discard pile", "Your hand", "draw pile", "to act", "The game is over"):
        assert word not in screen, f"{word!r} left English on the {lang} screen"


@pytest.mark.parametrize("lang,expected", [
    ("de", "ist nicht auf deiner Hand"),
    ("hu", "nincs a kezedben"),
])
def test_an_illegal_move_keeps_its_rule_and_speaks_the_language(lang, expected):
    game = MojoGame(players=3, options={"first_player": 0})
    state = game.new_initial_state(3)
    hand = state.view(0)["seats"][0]["hand"]
    missing = next(c for c in range(78) if c not in hand)
    with language(lang):
        with pytest.raises(IllegalAction) as e:
            state.apply(Play(missing, 0))
    assert e.value.rule == "MOJO-4.2"
    assert expected in e.value.message
    assert str(e.value).startswith("MOJO-4.2: ")
    with language("en"):
        with pytest.raises(IllegalAction) as en:
            state.apply(Play(missing, 0))
    assert en.value.rule == "MOJO-4.2" and "is not in your hand" in en.value.message


@pytest.mark.parametrize("lang,expected", [("de", "muss größer sein"), ("hu", "nagyobbnak kell lennie")])
def test_a_bad_option_is_told_in_the_language(lang, expected):
    from cardtable.engine import OptionError

    with language(lang), pytest.raises(OptionError) as e:
        MojoGame(players=3, options={"hand_size": 2})
    assert expected in str(e.value) and "MOJO-2.2" in str(e.value)


def test_labels_are_made_in_the_reader_s_language_each_time():
    """Nothing caches a made text: the same action reads in each language in turn."""
    game = MojoGame(players=2, options={"discard_piles": 2})
    action = Play(20, 1)
    with language("de"):
        de = game.action_label(action)
    with language("hu"):
        hu = game.action_label(action)
    with language("en"):
        en = game.action_label(action)
    assert en == "play 4 (green) on pile 1"
    assert de == "4 (grün) auf Stapel 1 legen"
    assert "zöld" in hu and len({en, de, hu}) == 3
