"""muhq's renderers speak German and Hungarian: the ``muhq-ui`` catalogs are complete and nothing a person
reads bypasses them; whole bot games drawn by the terminal renderer in each language (every kind of view, from
both seats and a spectator, and the lines after each move) come out in that language with the cards' own
names, and nothing raises (a wrong placeholder would); the page carries the browser's words; the how-to is
there in both languages."""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest
from rich.console import Console

import cardtable
from cardtable.agents import Observation, make_agent
from cardtable.games.muhq.kit import terminal as R
from cardtable.engine import load
from cardtable.engine.i18n import language
from cardtable.i18n import catalogs
from cardtable.i18n.domains import BY_NAME
from cardtable.i18n.scan import scan

DOMAIN = BY_NAME["muhq-ui"]
HELP = Path(cardtable.__file__).resolve().parent / "web" / "help"


def test_the_catalogs_are_complete_and_nothing_bypasses_them():
    problems = catalogs.check(DOMAIN)
    assert not problems, "\n".join(map(str, problems))
    hits = scan(DOMAIN)
    assert not hits, "\n".join(map(str, hits))


def play(board: str, lang: str, seed: int, width: int = 120) -> tuple[str, list[str]]:
    """A random bot game on ``board`` drawn in ``lang``: the renderings of each kind of position from both
    seats and a spectator, and every line the terminal prints after a move."""
    game = load("muhq", options={"board": board, "max_turns": 8})
    state = game.new_initial_state(seed=seed)
    agents = [make_agent("random", game, seed * 10 + i) for i in range(2)]
    names = ["Anna", "Béla"]
    texts: list[str] = []
    lines: list[str] = []
    seen: set[str] = set()
    step = 0
    with language(lang):
        while not state.is_terminal():
            p = state.current_player
            view = state.view(p)
            kind = view["mode"] + ("+stack" if view["stack"] else "") + ("+act" if view["activation"] is not None else "")
            if kind not in seen or step % 53 == 0:
                seen.add(kind)
                for viewer in (None, 0, 1):
                    console = Console(file=io.StringIO(), width=width, color_system=None)
                    R.render(console, game, state.view(viewer), names)
                    texts.append(console.file.getvalue())
            before = state.view(None)
            state.apply(agents[p].act(Observation(state, p)), player=p)
            lines += R.events(game, before, state.view(None), p, names)
            step += 1
        for viewer in (None, 0, 1):
            console = Console(file=io.StringIO(), width=width, color_system=None)
            R.render(console, game, state.view(viewer), names)
            texts.append(console.file.getvalue())
    return "".join(texts), lines


WORDS = {
    "de": ["Muhq's Spiel · Flusskrone · Draft · ", "Dein Draft-Stapel (10 Karten):", "Auf dem Spielfeld:", "Entscheidung für P",
           "Sieg: VIP: wessen VIP das Spielfeld verlässt, verliert", "Protokoll (die letzten ", "Deine Hand (",
           "Herrscher · Unit · P0 · auf (3, 6) · VIP · Schaden 0 von Leben 4 · Bewegung 1 · Angriff 1@R1",
           "Store (", "Ressource ", "Handgröße 3", "Zuwachs 2 pro Upkeep"],
    "hu": ["muhq játéka · Folyami korona · draft · ", "A nálad lévő csomag (10 kártya):", "A táblán:", "Döntés – P",
           "Győzelem: VIP: akinek a VIP-je elhagyja a táblát, veszít", "Napló (az utolsó ", "A kezed (",
           "Uralkodó · egység · P0 · mező: (3, 6) · VIP · sebzés 0 / élet 4 · mozgás 1 · támadás 1@R1",
           "bolt (", "erőforrás ", "kézméret 3", "bevétel fenntartásonként 2"],
}
LINES = {"de": ("Der Draft ist vorbei: jeder Store ist jetzt offen (MUHQ-DRAFT-7).", "Das Spiel ist vorbei: "),
         "hu": ("Vége a draftnak: mostantól minden bolt nyilvános (MUHQ-DRAFT-7).", "Vége a játéknak: ")}
ENGLISH = ["On the board:", "Your hand (", "Decision for ", "The pack you hold", "Victory: ", "damage 0 of life",
           "hand size", "The game is over", "refilled to"]


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_whole_game_reads_in_the_language(lang):
    text, lines = play("river-crown", lang, seed=3)
    for words in WORDS[lang]:
        assert words in text, words
    for words in ENGLISH:
        assert words not in text, words
    draft_over, over = LINES[lang]
    assert draft_over in lines
    assert any(line.startswith(over) and "(MUHQ-WIN-" in line for line in lines), lines[-3:]
    # the cards are called by their names in the language (the data's translations)
    recruit = {"de": "Rekrut", "hu": "Újonc"}[lang]
    assert recruit in text and "Recruit" not in text


@pytest.mark.parametrize("lang, board, words", [
    ("de", "bastion-run", ["Gebäude: wessen Gebäude alle das Spielfeld verlassen haben, verliert",
                           "Siegesgegenstand: wessen Unit", "Glutkrone", "Solid: Schaden 0 von 6"]),
    ("hu", "bastion-run", ["épületek: akinek minden épülete elhagyta a táblát, veszít", "győzelmi tárgy: akinek",
                           "Parázskorona", "szilárd: sebzés 0 / 6"]),
    ("de", "three-hills", ["Capture Points: 8 SP gewinnen", "Ressourcen-Battle: 20 Ressource gewinnt", "Gebiete: "]),
    ("hu", "three-hills", ["területfoglalás: 8 GyP győz", "erőforrásverseny: 20 erőforrás győz", "területek: "]),
])
def test_every_victory_condition_and_the_narrow_board_read_in_the_language(lang, board, words):
    text, _lines = play(board, lang, seed=2, width=50)
    assert "┌" not in text  # the compact board
    flat = " ".join(text.split())  # lines wrapped at 50 columns
    for w in words:
        assert w in flat, w


def test_english_reads_as_before():
    text, lines = play("river-crown", "en", seed=3)
    assert "muhq's game · River Crown · draft · " in text and "On the board:" in text
    assert "Sovereign · unit · P0 · at (3, 6) · VIP · damage 0 of life 4 · move 1 · attack 1@R1" in text
    assert "The draft is over: every store is public now (MUHQ-DRAFT-7)." in lines


def test_a_hungarian_number_takes_the_singular_and_german_the_plural():
    view = {"phase": "draft", "players": [{"seat": 0, "drafted": 3, "resource": 0, "vp": 0, "hand_count": 0,
                                            "deck": 0, "store": [], "discard": [], "pending": [], "alive": True}],
            "to_act": 1, "viewer": 1}
    with language("de"):
        assert "hat 3 Karten gewählt" in R.player_lines(view, view["players"][0], ["a"])[1].plain
    with language("hu"):
        assert "3 kártyát választott" in R.player_lines(view, view["players"][0], ["a"])[1].plain


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_page_carries_the_browsers_words(lang):
    messages = dict(catalogs.page_messages("muhq-ui", lang))
    assert messages["Your hand ({n}, refilled to {size} each turn)"]
    assert messages["Triggers to declare: {triggers}"]
    assert isinstance(messages["The pack you hold ({n} card)"], list)
    # the terminal's own sentences stay on the server
    assert "Decision for {seat}" not in messages


class _Outline(HTMLParser):
    def __init__(self):
        super().__init__()
        self.tags: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag != "strong":  # emphasis may fall on other words in another language
            self.tags.append(tag)


def outline(path: Path) -> list[str]:
    parser = _Outline()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser.tags


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_the_how_to_is_there_in_the_language_with_the_english_outline(lang):
    page = HELP / f"muhq.{lang}.html"
    assert outline(page) == outline(HELP / "muhq.html")
    text = page.read_text(encoding="utf-8")
    assert {"de": "Siegbedingung", "hu": "győzelmi feltétel"}[lang] in text
    assert not re.search(r"\b(the|and|your)\b", text)
