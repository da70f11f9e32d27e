"""Mítosz's renderers in German and Hungarian (domain ``mitosz-ui``): the catalogs are complete, no text
bypasses them, and the terminal renderer draws a whole game in each language from every seat, its words
in that language (a wrong placeholder in a translation would raise)."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

from cardtable.agents import Observation, make_agent
from cardtable.cli.render import describe_events, move_labels, render_view
from cardtable.engine import load
from cardtable.engine.i18n import language
from cardtable.i18n import catalogs
from cardtable.i18n.domains import BY_NAME
from cardtable.i18n.scan import scan

DOMAIN = "mitosz-ui"
#: words of the renderer (not of the engine's texts) that a whole game shows, per language
WORDS = {
    "de": ["Hauptgott", "Magie M", "Einfluss I", "Reichtum W", "Streitmacht F", "Völker (", "Anführer (",
           "Intrigen (", "Deine Hand (", "Protokoll (letzte", "Stapel (wird von oben abgehandelt",
           "Entscheidung für P", "Das Spiel ist vorbei:", "Spielende"],
    "hu": ["főisten", "mágia M", "befolyás I", "vagyon W", "haderő F", "Népek (", "Vezérek (", "Intrikák (",
           "A kezed (", "Napló (utolsó", "Verem (a felső oldódik fel először", "dönt", "Vége a játéknak:",
           "vége a játéknak"],
}
#: the English renderer's own words, which must not appear in the other languages (the engine's texts are the
#: domain `mitosz`'s, tested in test_mitosz_lang.py)
ENGLISH = [" · high god ", "Nations (", "Leaders (", "Your hand (", "Log (last", "Stack (resolves", "Decision for",
           "The game is over", "power points since turn"]


def test_the_catalogs_are_complete_and_nothing_bypasses_them():
    problems = catalogs.check(BY_NAME[DOMAIN])
    assert not problems, "\n".join(map(str, problems))
    hits = scan(BY_NAME[DOMAIN])
    assert not hits, "\n".join(map(str, hits))


def test_hungarian_keeps_the_singular_after_a_numeral():
    cat = catalogs.read(DOMAIN, "hu")
    for m in cat:
        if m.id and isinstance(m.id, (list, tuple)):
            assert m.string[0] == m.string[1], m.id


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_whole_game_in_the_terminal(lang):
    game = load("mitosz")
    names = ["human", "random"]
    state = game.new_initial_state(seed=1)
    agents = [make_agent("random", game, 10 + i) for i in range(2)]
    console = Console(file=io.StringIO(), width=120, color_system=None)
    lines: list[str] = []
    seen = set()
    with language(lang):
        while not state.is_terminal():
            p = state.current_player
            view = state.view(p)
            kind = view["mode"] + (":" + view["prompt"]["kind"] if view["prompt"] else "") + ("+stack" if view["stack"] else "")
            if kind not in seen:
                seen.add(kind)
                for viewer in (None, 0, 1):
                    render_view(console, game, state.view(viewer), names)
                labels = move_labels(game, view, game.display_order(state.legal_actions()))
                assert len(set(labels)) == len(labels), labels
            before = state.view(None)
            state.apply(agents[p].act(Observation(state, p)), player=p)
            lines += describe_events(game, before, state.view(None), p, names)
        for viewer in (None, 0, 1):
            render_view(console, game, state.view(viewer), names)
    text = console.file.getvalue() + "\n".join(lines)
    assert {"window", "counter+stack", "prompt:refill"} <= seen, seen
    missing = [w for w in WORDS[lang] if w not in text]
    assert not missing, missing
    left = [w for w in ENGLISH if w in text]
    assert not left, left
    assert re.search(r"Mítosz · (Zug \d+|\d+\. kör)", text)


def test_english_is_unchanged():
    game = load("mitosz")
    state = game.new_initial_state(seed=1)
    console = Console(file=io.StringIO(), width=120, color_system=None)
    render_view(console, game, state.view(0), ["human", "random"])
    text = console.file.getvalue()
    assert "P0 (human, you) · high god" in text and "magic M 4/4" in text and "power 0 of 12" in text
