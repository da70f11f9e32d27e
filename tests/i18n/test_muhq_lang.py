"""muhq's rules engine in German and Hungarian: the catalogs are complete and nothing bypasses them; a whole
game read in each language (every seat's view, every legal move's label, the log); illegal moves keep their
rule ID and say why in the reader's language; the log and the stack, kept in the state, are read by each seat
in its own language; data-file errors, option errors and the exported schemas speak the reader's language."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

import cardtable
from cardtable.agents import Observation, make_agent
from cardtable.engine import DataError, IllegalAction, OptionError
from cardtable.engine.i18n import language
from cardtable.engine.registry import schemas
from cardtable.games.muhq import data as D
from cardtable.games.muhq.view import PROMPTS
from cardtable.i18n import catalogs
from cardtable.i18n.domains import BY_NAME
from cardtable.i18n.scan import scan

DOMAIN = BY_NAME["muhq"]
DATA = Path(D.__file__).resolve().parent / "data"
@pytest.fixture(autouse=True)
def no_user_dir(monkeypatch):
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


@pytest.fixture(scope="module")
def game():
    return cardtable.load("muhq")


def test_the_catalogs_are_complete_and_nothing_bypasses_them():
    problems = catalogs.check(DOMAIN)
    assert problems == [], "\n".join(map(str, problems))
    hits = scan(DOMAIN)
    assert hits == [], "\n".join(map(str, hits))


def test_every_prompt_is_translated():
    for lang in ("de", "hu"):
        with language(lang):
            from cardtable.games.muhq.words import _
            for mode, prompt in PROMPTS.items():
                assert _(prompt) != prompt, (lang, mode)


def play(game, lang: str, seed: int = 3):
    """A whole 2-player game of two heuristic bots, read in ``lang`` at every step: both seats' views, the
    labels of every legal move (as the mover's view lists them), and the log. Returns (state, texts read)."""
    agents = [make_agent("heuristic", game, seed * 31 + i) for i in range(2)]
    state = game.new_initial_state(seed=seed)
    texts: dict[str, set[str]] = {"labels": set(), "log": set(), "prompts": set(), "stack": set(), "names": set()}
    steps = 0
    while not state.is_terminal():
        mover = state.current_player
        with language(lang):
            views = [state.view(seat) for seat in range(2)]
            for view in views:
                texts["prompts"].add(view["prompt"])
                texts["log"].update(e["text"] for e in view["log"])
                texts["stack"].update(i["text"] for i in view["stack"])
                texts["names"].update(p["name"] for p in view["permanents"])
                texts["names"].update(c["name"] for c in view["cards"].values())
            for action in game.display_order(state.legal_actions(), views[mover]):
                texts["labels"].add(game.action_label(action))
                label = game.view_label(action, views[mover])
                if label is not None:
                    texts["labels"].add(label)
        action = agents[mover].act(Observation(state, mover))
        with language(lang):
            for seat in range(2):  # the engine's record of the move as each seat may read it
                texts["labels"].add(game.log_entry(action, mover, seat)[0])
        state.apply(action)
        steps += 1
    with language(lang):
        final = [state.view(seat) for seat in range(2)]
    for view in final:
        texts["log"].update(e["text"] for e in view["log"])
        texts["prompts"].add(view["prompt"])
    return state, texts, steps


@pytest.mark.parametrize("lang", ["de", "hu"])
def test_a_whole_heuristic_game_reads_in_the_language(game, lang):
    with language("en"):
        english_state, english, _steps = play(game, "en")
    state, texts, steps = play(game, lang)
    assert steps > 50 and state.winners == english_state.winners  # the language changes no decision
    assert state.log == english_state.log  # the state keeps the same (English-valued) lines
    same = _same_names(lang) | {"P0", "P1"}  # a card name a translation keeps is the same text in both
    for kind in ("labels", "log", "prompts", "stack"):
        assert texts[kind], kind
        both = texts[kind] & english[kind] - same
        assert not both, (kind, sorted(both)[:10])
    end_phase = {"de": "Aktionsphase beenden", "hu": "akciófázis vége"}[lang]
    assert end_phase in texts["labels"]
    over = {"de": "das Spiel ist vorbei", "hu": "a játék véget ért"}[lang]
    assert over in texts["prompts"]
    bought = {"de": re.compile(r"^hat .+ gekauft$"), "hu": re.compile(r"^megvette: .+$")}[lang]
    assert any(bought.match(t) for t in texts["log"]), sorted(texts["log"])[:20]
    # the cards' names come from the data files' translations (the names the English game shows are gone)
    assert texts["names"] and not texts["names"] & english["names"] - same


def _same_names(lang: str) -> set[str]:
    """Card names that are the same in English and ``lang`` (a translation may keep a name)."""
    out = set()
    for name in D.set_names():
        for card in D.load_set(name).cards:
            if card.translated("name", lang) == card.name:
                out.add(card.name)
    return out


def test_two_seats_read_one_log_each_in_its_language(game):
    state, _texts, _steps = play(game, "en", seed=5)
    with language("de"):
        german = state.view(0)["log"]
    with language("hu"):
        hungarian = state.view(1)["log"]
    english = state.view(0)["log"]
    assert len(german) == len(hungarian) == len(english)
    assert [e["kind"] for e in german] == [e["kind"] for e in english]
    assert [e["text"] for e in german] != [e["text"] for e in english] != [e["text"] for e in hungarian]


@pytest.mark.parametrize("lang, words", [
    ("de", "ist nicht in deinem Draft-Stapel"),
    ("hu", "kártya nincs a nálad lévő csomagban"),
    ("en", "is not in the pack you hold"),
])
def test_an_illegal_draft_pick_keeps_its_rule_and_speaks_the_language(game, lang, words):
    state = game.new_initial_state(seed=1)
    with language(lang), pytest.raises(IllegalAction) as caught:
        state.apply(game.parse_action({"type": "draft_pick", "card": 9999}))
    assert caught.value.rule == "MUHQ-DRAFT-4"
    assert words in str(caught.value)


@pytest.mark.parametrize("lang, words", [
    ("de", "du hast keine Priorität"),
    ("hu", "nincs nálad az elsőbbség"),
])
def test_an_illegal_pass_keeps_its_rule_and_speaks_the_language(game, lang, words):
    state = game.new_initial_state(seed=1)
    with language(lang), pytest.raises(IllegalAction) as caught:
        state.apply(game.parse_action({"type": "pass"}))
    assert caught.value.rule == "MUHQ-STACK-4" and words in str(caught.value)


def test_the_printed_cards_of_a_view_follow_the_readers_language(game):
    state = game.new_initial_state(seed=2)
    with language("de"):
        german = state.view(0)["cards"]
    english = state.view(0)["cards"]
    with language("hu"):
        hungarian = state.view(0)["cards"]
    assert german.keys() == english.keys() == hungarian.keys()
    recruit = "core/recruit" if "core/recruit" in english else next(iter(english))
    names = {german[recruit]["name"], english[recruit]["name"], hungarian[recruit]["name"]}
    assert len(names) == 3, names  # the cache of printed cards is kept per language


def test_option_errors_speak_the_language():
    with language("de"), pytest.raises(OptionError) as caught:
        cardtable.load("muhq", options={"sets": "vanguard,vanguard"})
    assert "nennt ein Set doppelt" in str(caught.value)
    with language("hu"), pytest.raises(OptionError) as caught:
        cardtable.load("muhq", players=3)
    assert "játékosra készült" in str(caught.value) and "MUHQ-SETUP-1" in str(caught.value)


def test_a_data_file_error_speaks_the_language(tmp_path):
    doc = yaml.safe_load((DATA / "core.yaml").read_text(encoding="utf-8"))
    del doc["cards"][0]["life"]
    path = tmp_path / "core.yaml"
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with language("de"), pytest.raises(DataError) as caught:
        D.load_set_file(path)
    assert "eine Unit braucht 'life'" in str(caught.value) and caught.value.field == "life"
    assert caught.value.entry.startswith("Karte core/recruit")
    doc["cards"][0]["life"] = 1
    doc["cards"][0]["translations"] = {"hu": {"nmae": "Újonc"}}
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    with language("hu"), pytest.raises(DataError) as caught:
        D.load_set_file(path)
    assert caught.value.field == "translations.hu.nmae"
    assert "ismeretlen mező" in str(caught.value) and "erre gondoltál: 'name'" in str(caught.value)


def test_the_exported_schemas_describe_in_the_language():
    with language("de"):
        german = schemas("muhq")
    english = schemas("muhq")
    assert german["card"]["title"] == "Kartendefinition von muhqs Spiel (Spec 7.2)"
    assert english["card"]["title"] == "muhq's game card definition (spec 7.2)"
    assert german["card"]["properties"]["buy"]["description"] == "Kaufkosten; fehlen sie: kann nicht gekauft werden"
    card_id = german["card"]["properties"]["id"]
    assert "z. B." in str(german["card"]["$defs"]) or "z. B." in str(card_id)
    assert german["card"].keys() == english["card"].keys()


def test_the_catalogue_is_the_same_data_for_every_reader_and_shows_names_in_the_language(game):
    english = game.catalogue()
    with language("de"):
        german = game.catalogue()
    assert {k: {f: v for f, v in c.items() if not f.startswith("shown_")} for k, c in german["cards"].items()} == \
        {k: {f: v for f, v in c.items() if not f.startswith("shown_")} for k, c in english["cards"].items()}
    scout = german["cards"]["core/scout"]
    assert scout["name"] == "Scout" and scout["shown_name"] != "Scout"
    assert english["cards"]["core/scout"]["shown_name"] == "Scout"


def test_a_bot_made_for_a_german_reader_knows_the_cards_as_one_made_for_an_english_one(game):
    english = make_agent("heuristic", game, 1)
    with language("de"):
        german = make_agent("heuristic", game, 1)
    with language("hu"):
        hungarian = make_agent("heuristic", game, 1)
    assert german.swimming == english.swimming == hungarian.swimming and english.swimming
    assert german.solid == english.solid == hungarian.solid
