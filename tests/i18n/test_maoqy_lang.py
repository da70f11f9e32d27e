"""MAOQY in German and Hungarian: the catalogs of `maoqy` and `maoqy-ui` are complete, nothing bypasses them, and
whole games of all three levels read in each language (terminal views, move labels, log lines, option help, the
end, every rejected move) come out in that language without a wrong placeholder. German shows the rulebook's own
names of the kingdoms and figures; Hungarian translates them; English keeps the data names."""

from __future__ import annotations

import random

import pytest
from rich.console import Console

import cardtable
from cardtable.games.maoqy.kit import terminal as R
from cardtable.engine import IllegalAction, OptionError
from cardtable.engine.i18n import language
from cardtable.games.maoqy import MaoqyGame
from cardtable.games.maoqy import cards as C
from cardtable.games.maoqy.actions import Direction, Discard, Draw, Hide, Open, Pass, Street
from cardtable.i18n.catalogs import check
from cardtable.i18n.domains import BY_NAME
from cardtable.i18n.scan import scan

LANGS = ("de", "hu")
#: words each language's texts of a whole game must contain (the rulebook's terms, docs/translators/maoqy.md)
WORDS = {"de": ("Das Unbekannte", "Straße", "Versteck"), "hu": ("Ismeretlen", "utca", "rejtekhely")}
NAMES = ["Ada", "Béla", "Cleo"]


@pytest.mark.parametrize("domain", ["maoqy", "maoqy-ui"])
def test_catalogs_are_complete_and_nothing_bypasses_them(domain):
    problems = check(BY_NAME[domain])
    assert not problems, "\n".join(map(str, problems))
    hits = scan(BY_NAME[domain])
    assert not hits, "\n".join(map(str, hits))


def test_kingdoms_and_figures_in_german_are_the_rulebooks_names():
    with language("de"):
        assert [C.kingdom_name(k) for k in range(C.NUM_KINGDOMS)] == list(C.KINGDOMS_DE)
        assert [C.kingdom_name(k) for k in C.OTHER_KINGDOMS] == list(C.OTHER_KINGDOMS_DE)
        assert [C.figure_name(n) for n in range(1, 18)] == list(C.FIGURES_DE)
        assert C.long_label(C.card_id("blue", 7)) == "Blau 7 Bote"
        assert C.label(C.STANDARD_CARDS) == "18 Der Leopard"
    with language("hu"):
        assert C.long_label(C.card_id("blue", 7)) == "kék 7 Hírnök"
        assert C.label(C.STANDARD_CARDS) == "18 A leopárd"
        names = [C.kingdom_name(k) for k in range(C.NUM_KINGDOMS)]
        assert len(set(names)) == 12 and not set(names) & set(C.KINGDOMS[:5])
    with language("en"):  # today's behaviour
        assert C.long_label(C.card_id("blue", 7)) == "blue 7 Messenger"
        assert C.label(C.STANDARD_CARDS) == "18 Der Leopard"


def every_action(state) -> list:
    """Legal and illegal moves alike: each kind with the fields a client may send."""
    out = [Pass(), Direction("cw"), Draw("unknown"), Draw("unknown", card=3), Draw("known"), Draw("known", card=5),
           Draw("known", player=1), Draw("open", 1, 4), Draw("open", 9, 4), Draw("open"), Draw("hiding"),
           Draw("hiding", card=7), Draw("hiding", player=1, card=7), Draw("hand"), Draw("street")]
    out += [Discard(c) for c in range(0, 204, 23)] + [Open(c) for c in range(0, 204, 29)]
    out += [Hide(c) for c in range(0, 204, 31)]
    out += [Street(()), Street((0, 0)), Street((0, 18)), Street((0, 1, 2)), Street((0, 2, 3, 4, 5)),
            Street((17, 18, 19, 20, 21)), Street((204,)), Street(tuple(range(34, 39)))]
    return out


def read_everything(game, state, console, seen: set[str]) -> None:
    for seat in [None, *range(game.num_players)]:
        R.render(console, game, state.view(seat), NAMES[:game.num_players])
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
    game = MaoqyGame(players=3, options=options)
    seen: set[str] = set()
    console = Console(record=True, width=140, color_system=None)
    rng = random.Random(seed)
    with language(lang):
        described = game.describe()
        seen.add(described["summary"])
        seen.update(o["doc"] for o in described["options"])
        state = game.new_initial_state(seed)
        steps = 0
        while not state.is_terminal():
            if steps % 7 == 0:
                read_everything(game, state, console, seen)
            before = state.view(None)
            actor = state.current_player
            legal = state.legal_actions()
            streets = [a for a in legal if isinstance(a, Street)]
            noisy = [a for a in legal if not isinstance(a, Pass)]  # passing ends the game too soon
            state.apply(streets[0] if streets else rng.choice(noisy or legal))
            seen.update(R.events(game, before, state.view(None), actor, NAMES))
            steps += 1
        read_everything(game, state, console, seen)
        seen.add(R.result_line(state.view(None), NAMES))
    return seen, console.export_text()


VARIANTS = [
    {"street_min": 3, "turn_limit": 300},
    {"extra_cards": "website", "backs_show_kingdom": False, "known_draw": "any", "turn_limit": 200, "hiding_place_size": 2},
    {"kingdoms": ["red", "blue", "gold"], "street_min": 2, "claimed_cards": "anywhere", "turn_limit": 400},
]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_a_whole_game_reads_in_the_language(lang, variant):
    options = VARIANTS[variant]
    seen, screen = play_whole_game(lang, options, seed=11 + variant)
    english, english_screen = play_whole_game("en", options, seed=11 + variant)
    text = "\n".join(seen) + "\n" + screen
    for word in WORDS[lang]:
        assert word.lower() in text.lower(), word
    # the same game's texts: none may be left English (numbers, card labels and names aside)
    left = sorted(t for t in seen & english if sum(ch.isalpha() for ch in t) > 12)
    assert not left, f"left English in {lang}: {left[:10]}"
    for word in ("hidden hand", "The Unknown", "The Known", "to act", "The game is over", "street"):
        assert word not in screen, f"{word!r} left English on the {lang} screen"


@pytest.mark.parametrize("lang,expected", [
    ("de", "eine Straße ist eine lückenlose Zahlenreihe"),
    ("hu", "az utca egyetlen hézagmentes számsor"),
])
def test_an_illegal_move_keeps_its_rule_and_speaks_the_language(lang, expected):
    game = MaoqyGame(players=2, options={"street_min": 2})
    state = game.new_initial_state(5)
    state.apply(Direction("cw"))
    p = state.current_player
    state.hands[p][:] = [0, 2]  # red 1 and red 3: a gap
    with language(lang), pytest.raises(IllegalAction) as e:
        state.apply(Street((0, 2)))
    assert e.value.rule == "MAOQY-6.4.2" and expected in e.value.message, e.value.message
    assert str(e.value).startswith("MAOQY-6.4.2: ")
    with language("en"), pytest.raises(IllegalAction) as en:
        state.apply(Street((0, 2)))
    assert en.value.rule == "MAOQY-6.4.2" and "one unbroken run" in en.value.message


@pytest.mark.parametrize("lang,expected", [("de", "Farbkönigreiche"), ("hu", "színes királyság")])
def test_a_bad_option_is_told_in_the_language(lang, expected):
    with language(lang), pytest.raises(OptionError) as e:
        MaoqyGame(players=3, options={"kingdoms": ["red", "blue"]})
    assert expected in str(e.value)


@pytest.mark.parametrize("lang", LANGS)
def test_the_oracle_and_the_ritual_read_in_the_language(lang):
    texts = {}
    for name in ("maoqy-oracle", "maoqy-ritual"):
        for reader in ("en", lang):
            with language(reader):
                game = cardtable.load(name, options={"question": "Und?"} if name == "maoqy-oracle" else {})
                state = game.new_initial_state(3)
                got = [game.describe()["summary"], game.describe()["title"], game.action_label(state.legal_actions()[0])]
                while not state.is_terminal():
                    view = state.view(0)
                    got.append(view["proposal"])
                    got.extend(p["position_title"] for p in view.get("positions", []) if isinstance(p, dict))
                    if view.get("step"):
                        got += [view["step"]["text"], view["step"]["from_title"], view["step"]["to_title"]]
                    state.apply(state.legal_actions()[0])
                view = state.view(0)
                got.append(view["result"]["note"])
                got.extend(str(m["place"]) for m in view.get("moved", []))
                got.extend(c["label"] for c in view["result"].get("reading", []) and
                           [p["card"] for p in view["positions"]] or [])
                with pytest.raises(IllegalAction) as e:
                    state.apply(state.game.codec.parse({"type": "reveal" if name == "maoqy-oracle" else "confirm"}))
                got.append(e.value.message)
                texts[reader] = got
        left = [t for t, e in zip(texts[lang], texts["en"]) if t == e and sum(ch.isalpha() for ch in t) > 8]
        assert not left, f"{name}: left English in {lang}: {left[:5]}"


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("page", ["maoqy", "maoqy-oracle", "maoqy-ritual"])
def test_each_how_to_page_has_its_translation_with_the_same_outline(page, lang):
    import re
    from pathlib import Path

    folder = Path(cardtable.__file__).resolve().parent / "web" / "help"
    english = (folder / f"{page}.html").read_text(encoding="utf-8")
    own = (folder / f"{page}.{lang}.html").read_text(encoding="utf-8")
    outline = lambda html: re.findall(r"<(h3|p|ul|li|strong|em)\b", html)  # noqa: E731
    assert outline(own) == outline(english)
    english_text = set(re.findall(r">([^<>]{12,})<", english))
    assert not english_text & set(re.findall(r">([^<>]{12,})<", own)), "left English"
