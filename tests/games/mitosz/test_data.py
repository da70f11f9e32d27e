"""Mítosz's data layer (spec 5.2, section 6, section 7, MIT-1.3.1): the card and deck schema, the sample
set "SMP", the two sample decks, loading by name, cross-checks, deck construction rules and the exported
JSON Schemas.

The sample set's expected values are written out again here from spec 7.2 and 7.4, independently of the
data under test; spec 7.3's YAML is read from the specification itself when it lies beside the checkout.
"""

from __future__ import annotations

import copy
import json
import os
import re
import tomllib
from pathlib import Path

import pytest
import yaml

from cardtable.engine import CardtableError, DataError
from cardtable.engine.registry import game_names, schema_names, schemas
from cardtable.games.mitosz import data as D
from cardtable.games.mitosz.schema.cards import Card
from cardtable.games.mitosz.schema.sets import CardSet
from cardtable.games.mitosz.schema.decks import Deck
from cardtable.games.mitosz.schema.conditions import number_range
from cardtable.games.mitosz.schema.expressions import parse_value
from tests.spec import spec_text

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "cardtable" / "games" / "mitosz" / "data"
SMP_FILE = DATA / "smp.yaml"





def raw_smp() -> dict:
    return yaml.safe_load(SMP_FILE.read_text(encoding="utf-8"))


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A user data directory ($CARDTABLE_DATA_DIR) with its mitosz/ folder."""
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    folder = tmp_path / "mitosz"
    folder.mkdir()
    return folder


@pytest.fixture(autouse=True)
def no_user_dir(monkeypatch):
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


# -- spec 7.2, written out again ------------------------------------------------------------------------
# id, name, card type, subtypes, mythology, level, cost ("M1 I2 W3 F4": summoning cost, a high god's maxima,
# a fate's or free maneuver's usage cost), power points, links
SPEC_7_2 = [
    ("SMP-001", "Solvane, Dawn Sovereign", "high_god", [], "aurelian", None, "M4 I5 W4 F3", 0,
     ["Dawnbreak", "Oath Unmade", "Gilded Cityfolk", "Temple of First Light"]),
    ("SMP-002", "Hrimgar, Frost Father", "high_god", [], "nordan", None, "M3 I2 W3 F6", 0,
     ["Long Winter", "Fjord Wardens", "The Rime Wyrm"]),
    ("SMP-011", "Solvane, Dawn Sovereign", "leader", ["god"], "aurelian", 4, "M2 I2", 1, []),
    ("SMP-012", "Captain Orren", "leader", ["warlord"], "aurelian", 3, "W1 F2", 1, ["Lysa Brightspear", "Gate Spearmen"]),
    ("SMP-013", "Lysa Brightspear", "leader", ["hero"], "aurelian", 2, "I1 F1", 0,
     ["Captain Orren", "Skyreaver Gryphon", "Sunsteel Blade"]),
    ("SMP-014", "Skyreaver Gryphon", "leader", ["mount", "flying"], "aurelian", 2, "M1 F1", 0, ["Lysa Brightspear"]),
    ("SMP-015", "Magister Ivo", "leader", ["ruler", "wizard", "scribe"], "aurelian", 1, "I2", 1, []),
    ("SMP-021", "Hrimgar, Frost Father", "leader", ["god", "giant"], "nordan", 5, "M1 F3", 1, []),
    ("SMP-022", "Jarl Skeld Ironbrow", "leader", ["warlord", "dwarf"], "nordan", 3, "F3", 1,
     ["Vigdis the Wolf-Sworn", "Rune-Forged Axes", "Cliffside Clans"]),
    ("SMP-023", "Vigdis the Wolf-Sworn", "leader", ["hero", "shapeshifter"], "nordan", 2, "I1 F1", 0,
     ["Jarl Skeld Ironbrow", "Frost Wolves"]),
    ("SMP-024", "The Rime Wyrm", "leader", ["monster", "dragon", "flying"], "nordan", 5, "M2 F3", 1, []),
    ("SMP-025", "Old Ulfar the Seer", "leader", ["ruler", "seer"], "nordan", 1, "M1 I1", 1, ["Scrying Pool", "Omen of Ravens"]),
    ("SMP-031", "Gilded Cityfolk", "nation", ["urban"], "aurelian", None, "", 2, []),
    ("SMP-032", "Sunfield Herders", "nation", ["steppe"], "aurelian", None, "", 1, ["Plains of Aster"]),
    ("SMP-036", "Dunewatch Nomads", "nation", ["desert"], "aurelian", None, "", 2, []),
    ("SMP-033", "Cliffside Clans", "nation", ["mountain", "dwarf"], "nordan", None, "", 2, []),
    ("SMP-034", "Fjord Wardens", "nation", ["aquatic"], "nordan", None, "", 2, []),
    ("SMP-035", "Pinewood Tribes", "nation", ["forest", "shapeshifter"], "nordan", None, "", 1, []),
    ("SMP-041", "Plains of Aster", "location", ["region"], "aurelian", +1, "W1", 0, ["Sunfield Herders", "Granary Hall"]),
    ("SMP-042", "Temple of First Light", "location", ["shrine"], "aurelian", +1, "M1 I1", 1, []),
    ("SMP-043", "Granary Hall", "location", ["building"], "aurelian", +1, "W1", 0, []),
    ("SMP-044", "Ironhold Bastion", "location", ["fortress"], "nordan", +2, "W1 F2", 0, []),
    ("SMP-051", "Sunsteel Blade", "item", ["weapon"], "aurelian", +2, "W1 F1", 0, []),
    ("SMP-052", "Scale Hauberk", "item", ["armor"], "nordan", +1, "W1", 0, []),
    ("SMP-053", "Draught of Embers", "item", ["potion"], "nordan", +2, "M1", 0, []),
    ("SMP-054", "Idol of Kharen", "item", ["relic"], "kharenian", +1, "M2", 0, []),
    ("SMP-055", "Torc of Thorns", "item", [], "nordan", -1, "M1", 0, []),
    ("SMP-061", "Whispering Court", "intrigue", [], "aurelian", None, "I2", 0, []),
    ("SMP-062", "Blood Feud", "intrigue", [], "nordan", None, "I1 F1", 0, []),
    ("SMP-071", "Dawnbreak", "fate", [], "aurelian", None, "M1", 0, []),
    ("SMP-072", "Long Winter", "fate", ["strike"], "nordan", None, "M2", 0, []),
    ("SMP-073", "Oath Unmade", "fate", [], "aurelian", None, "I2", 0, []),
    ("SMP-081", "Gate Spearmen", "supply", ["troop"], "aurelian", 2, "F1", 0, []),
    ("SMP-082", "Gilded Archers", "supply", ["troop"], "aurelian", 1, "F1", 0, []),
    ("SMP-083", "Siege Ballista", "supply", ["war_machine"], "aurelian", 3, "W2", 0, []),
    ("SMP-080", "Frost Wolves", "supply", ["beast"], "nordan", 2, "F1", 0, []),
    ("SMP-085", "Shieldwall Bearers", "supply", ["armor"], "nordan", 2, "W1", 0, []),
    ("SMP-086", "Rune-Forged Axes", "supply", ["weapon"], "nordan", 2, "W1 F1", 0, []),
    ("SMP-087", "Adder Swarm", "supply", ["beast"], "nordan", 1, "M1", 0, []),
    ("SMP-091", "Gilded Volley", "free_maneuver", [], "aurelian", +1, "F1", 0, []),
    ("SMP-092", "Veil Counterspell", "free_maneuver", ["spell"], "aurelian", None, "M2", 0, []),
    ("SMP-093", "Scrying Pool", "free_maneuver", ["prophecy"], "nordan", None, "", 0, []),
    ("SMP-094", "Winter's Reckoning", "free_maneuver", [], "nordan", None, "F1 / F2", 0, []),
    ("SMP-095", "Tribute of the Hearth", "free_maneuver", [], "aurelian", None, "per W2", 0, []),
    ("SMP-096", "Rune of Warding", "free_maneuver", ["rune"], "aurelian", None, "M1", 0, []),
    ("SMP-097", "Shield Oath", "free_maneuver", [], "aurelian", +2, "F1", 0, []),
    ("SMP-098", "Omen of Ravens", "free_maneuver", ["prophecy"], "nordan", None, "M1", 0, []),
    ("SMP-099", "Turncoat Gold", "free_maneuver", [], "aurelian", None, "I3", 0, []),
]
SPEC_UNIQUE = {"SMP-011", "SMP-013", "SMP-021"}
SPEC_MAGICAL = {"SMP-042", "SMP-054", "SMP-055", "SMP-092", "SMP-096"}
SPEC_CURSED = {"SMP-055"}
SPEC_ROADS = {"SMP-031": {"E": 2, "W": 2}, "SMP-032": {"N": 1, "E": 1, "S": 1, "W": 1}, "SMP-036": {"N": 2, "S": 2},
              "SMP-033": {"S": 3}, "SMP-034": {"N": 2, "E": 2}, "SMP-035": {"W": 1, "N": 1, "E": 1}}
SPEC_REQUIREMENTS = {"SMP-091": [["troop"], ["warlord"]], "SMP-092": [["wizard"]], "SMP-093": [["seer"], ["ruler"]],
                     "SMP-094": [["god"], ["giant"]], "SMP-095": [["ruler"]], "SMP-096": [["scribe"]],
                     "SMP-097": [["hero"], ["warlord"]], "SMP-098": [["seer"], ["priest"], ["god"]],
                     "SMP-099": [["ruler"]]}
SPEC_TIMING = {"SMP-001": ["rite"], "SMP-002": ["battle"], "SMP-015": ["reaction"], "SMP-021": ["action"],
               "SMP-024": ["rite"], "SMP-071": ["action"], "SMP-082": ["battle"], "SMP-080": ["battle"],
               "SMP-085": ["battle"], "SMP-087": ["battle"], "SMP-091": ["battle"], "SMP-093": ["rite"],
               "SMP-094": ["reaction"], "SMP-095": ["action"], "SMP-096": [], "SMP-097": ["battle"], "SMP-098": [],
               "SMP-099": ["action"]}
SPHERE_LETTERS = {"M": "magic", "I": "influence", "W": "wealth", "F": "force"}


def spheres(text: str) -> dict[str, int]:
    out = {s: 0 for s in SPHERE_LETTERS.values()}
    for letter, n in re.findall(r"([MIWF])(\d)", text):
        out[SPHERE_LETTERS[letter]] = int(n)
    return out


@pytest.fixture(scope="module")
def smp() -> CardSet:
    return D.load_set("smp")


# -- the sample set ------------------------------------------------------------------------------------
def test_smp_loads_by_name_with_48_cards_and_unique_ids(smp):
    assert D.set_names() == ["smp"]
    assert smp.code == "SMP" and len(smp.cards) == 48
    ids = [c.id for c in smp.cards]
    assert len(set(ids)) == len(ids)
    assert set(ids) == {row[0] for row in SPEC_7_2}
    assert set(smp.mythologies) == {"aurelian", "nordan", "kharenian"}


@pytest.mark.parametrize("row", SPEC_7_2, ids=[r[0] for r in SPEC_7_2])
def test_every_card_of_spec_7_2_is_in_smp_with_its_values(smp, row):
    cid, name, card_type, subtypes, mythology, level, cost, pp, links = row
    card = smp.card(cid)
    assert (card.name, card.card_type, list(card.subtypes), card.mythology) == (name, card_type, subtypes, mythology)
    assert card.level == level and card.power_points == pp and list(card.links) == links
    assert card.unique == (cid in SPEC_UNIQUE)
    assert card.magical == (cid in SPEC_MAGICAL) and card.cursed == (cid in SPEC_CURSED)
    assert card.serial == int(cid[4:]) and card.number == int(cid[-1]) and card.set == "SMP"
    if card_type == "high_god":
        assert card.sphere_max.as_dict() == spheres(cost) and card.cost is None
    elif card_type in ("fate", "free_maneuver"):
        assert card.cost is None  # never summoned: the 7.2 cost is the maneuver's usage cost
        (m, *more) = card.maneuvers or card.options
        if cost.startswith("per"):
            assert m.per.pay.as_dict() == spheres(cost) and m.cost.total() == 0
        elif "/" in cost:
            assert [s.cost.as_dict() for s in m.steps] == [spheres(part) for part in cost.split("/")]
        else:
            assert all(x.cost.as_dict() == spheres(cost) for x in [m, *more])
    elif card_type == "nation":
        assert card.cost is None and card.roads.as_dict() == SPEC_ROADS[cid]
    else:
        assert card.cost.as_dict() == spheres(cost)
    if card_type in ("location", "item") or (card_type == "free_maneuver" and level is not None):
        assert card.level_is_modifier
    if card_type == "free_maneuver":
        assert card.requirement_groups == SPEC_REQUIREMENTS[cid]
    if cid in SPEC_TIMING:
        assert all(m.timing == SPEC_TIMING[cid] for _, _, m in card.all_maneuvers())


def test_spec_7_2_fates_durations_and_counter(smp):
    assert smp.card("SMP-071").duration == "instant" and smp.card("SMP-073").duration == "instant"
    assert smp.card("SMP-072").duration.rounds == 2
    assert smp.card("SMP-073").maneuvers[0].speed == "counter"


def test_spec_7_2_texts_spot_checks(smp):
    def effect(cid, i=0):
        card = smp.card(cid)
        m = (card.maneuvers or card.options)[i]
        return [c.model_dump(by_alias=True, exclude_defaults=True) for c in m.effect]

    assert effect("SMP-021") == [{"search_deck": {"filter": {"card_type": ["supply"], "subtypes_any": ["beast"]}}}]
    assert effect("SMP-082") == [{"volley": {"mod": 1}}] and effect("SMP-091") == [{"volley": {"mod": 1}}]
    assert effect("SMP-080") == [{"fear": {}}] and effect("SMP-087") == [{"poison": {"mod": 1}}]
    assert effect("SMP-099") == [{"steal": {"target": "$t1", "duration": "until_next_turn_start"}}]
    assert effect("SMP-093") == [{"exile": {"target": "$peeked", "from": "hand"}}]
    assert smp.card("SMP-093").maneuvers[0].conditions[0].peek.number == "7+"
    assert smp.card("SMP-098").maneuvers[0].conditions[0].reveal.number == "5+"
    assert effect("SMP-098") == [{"neutralize": {"target": "$t1"}}]
    assert effect("SMP-096") == [{"grant_immunity": {"target": "$t1", "against": ["poison"]}}]
    idol = smp.card("SMP-054").maneuvers[0]
    assert idol.speed == "locked" and idol.static[0].model_dump(by_alias=True, exclude_defaults=True) == \
        {"grant_immunity": {"target": "$host", "against": ["fear"]}}
    feud = smp.card("SMP-062").maneuvers[0].static[0].modify_level
    assert feud.delta == 1 and feud.target.filter.subtypes_any == ["hero"]
    oath = smp.card("SMP-097").maneuvers[0]
    assert oath.speed == "locked" and oath.effect == [] and smp.card("SMP-097").level == 2
    wyrm = smp.card("SMP-024").maneuvers[0].effect[0].add_token
    assert wyrm.kind == "frost" and wyrm.effect.modify_road.nation == "$bearer" and wyrm.effect.modify_road.delta == -1


def test_spec_7_1_coverage_of_the_sample_set(smp):
    """The coverage requirements of spec 7.1 that the card data can show."""
    cards = smp.cards
    of = lambda t: [c for c in cards if c.card_type == t]  # noqa: E731
    subtypes = lambda t: {s for c in of(t) for s in c.subtypes}  # noqa: E731
    gods = of("high_god")
    assert len(gods) == 2 and gods[0].sphere_max != gods[1].sphere_max
    assert all(len(g.maneuvers) == 1 for g in gods)
    for god in gods:  # a leader of the same name, subtype god (item 2)
        assert any(c.name == god.name and "god" in c.subtypes for c in of("leader"))
    layouts = {tuple(sorted(c.roads.as_dict())) for c in of("nation")}
    assert {("S",), ("E", "W"), ("N", "S"), ("E", "N"), ("E", "N", "W"), ("E", "N", "S", "W")} <= layouts
    assert subtypes("location") == {"region", "building", "shrine", "fortress"}
    assert {"warlord", "mount", "hero", "god", "monster", "ruler", "wizard", "scribe"} <= subtypes("leader")
    assert {"weapon", "armor", "potion", "relic"} <= subtypes("item")
    assert any(c.cursed and c.level < 0 for c in of("item"))
    assert subtypes("supply") == {"troop", "beast", "war_machine", "weapon", "armor"}
    primitives = {next(iter(type(call).model_fields)).rstrip("_") for c in cards for _, _, m in c.all_maneuvers()
                  for _, call in m.calls()}
    assert {"volley", "fear", "poison", "add_token", "search_deck", "recover", "exile", "neutralize_ability",
            "grant_immunity", "restrict", "steal", "produce_spheres"} <= primitives
    fm = {c.id: c for c in of("free_maneuver")}
    assert {t for c in fm.values() for m in c.maneuvers for t in m.timing} == {"action", "reaction", "rite", "battle"}
    assert any(not m.timing for c in fm.values() for _, _, m in c.all_maneuvers())
    assert any(m.steps for c in fm.values() for m in c.maneuvers) and any(m.per for c in fm.values() for m in c.maneuvers)
    assert any(c.options for c in fm.values())
    assert {len(c.requirement_groups) for c in fm.values()} >= {1, 2}


def test_spec_7_3_cards_are_in_smp_exactly_as_specified(smp):
    """Every card of spec 7.3 validates with the schema as written there, and equals SMP's card."""
    spec = spec_text("mitosz.md")
    if spec is None:
        pytest.skip("the specification is not beside the checkout")
    section = spec[spec.index("### 7.3"):spec.index("### 7.4")]
    block = re.search(r"```yaml\n(.*?)```", section, re.S).group(1)
    cards = yaml.safe_load(block)
    assert len(cards) == 20
    for raw in cards:
        assert Card.model_validate(raw) == smp.card(raw["id"]), raw["id"]


# -- the sample decks (spec 7.4) ---------------------------------------------------------------------------
SPEC_DECK_A = {"Gilded Cityfolk": 4, "Sunfield Herders": 4, "Dunewatch Nomads": 4, "Solvane, Dawn Sovereign": 1,
               "Captain Orren": 3, "Lysa Brightspear": 2, "Skyreaver Gryphon": 2, "Magister Ivo": 3,
               "Plains of Aster": 2, "Temple of First Light": 2, "Granary Hall": 2, "Sunsteel Blade": 3,
               "Idol of Kharen": 1, "Whispering Court": 2, "Dawnbreak": 2, "Oath Unmade": 2, "Gate Spearmen": 4,
               "Gilded Archers": 3, "Siege Ballista": 2, "Gilded Volley": 3, "Veil Counterspell": 3,
               "Tribute of the Hearth": 1, "Turncoat Gold": 1, "Rune of Warding": 1, "Shield Oath": 3}
SPEC_DECK_B = {"Cliffside Clans": 4, "Fjord Wardens": 4, "Pinewood Tribes": 4, "Hrimgar, Frost Father": 1,
               "Jarl Skeld Ironbrow": 3, "Vigdis the Wolf-Sworn": 3, "The Rime Wyrm": 2, "Old Ulfar the Seer": 2,
               "Ironhold Bastion": 3, "Scale Hauberk": 3, "Draught of Embers": 3, "Torc of Thorns": 2,
               "Blood Feud": 2, "Long Winter": 3, "Frost Wolves": 4, "Shieldwall Bearers": 3,
               "Rune-Forged Axes": 3, "Adder Swarm": 3, "Scrying Pool": 2, "Omen of Ravens": 2,
               "Winter's Reckoning": 2, "Shield Oath": 2}
SPEC_DECKS = {
    "dawn-court": ("Dawn Court", "SMP-001", SPEC_DECK_A,
                   {"nation": 12, "leader": 11, "location": 6, "item": 4, "intrigue": 2, "fate": 4, "supply": 9,
                    "free_maneuver": 12}),
    "frost-clans": ("Frost Clans", "SMP-002", SPEC_DECK_B,
                    {"nation": 12, "leader": 11, "location": 3, "item": 8, "intrigue": 2, "fate": 3, "supply": 13,
                     "free_maneuver": 8}),
}


@pytest.mark.parametrize("name", sorted(SPEC_DECKS))
@pytest.mark.parametrize("includes_high_god", [False, True])
def test_spec_7_4_sample_decks_load_and_are_legal_both_ways(name, includes_high_god):
    title, god, copies, totals = SPEC_DECKS[name]
    deck = D.load_deck(name, D.DeckRules(deck_min_includes_high_god=includes_high_god))
    assert (deck.title, deck.high_god.id, deck.source, deck.size()) == (title, god, "packaged", 60)
    assert {card.name: n for card, n in deck.entries} == copies
    by_type: dict[str, int] = {}
    for card, n in deck.entries:
        assert card.card_type != "high_god"
        by_type[card.card_type] = by_type.get(card.card_type, 0) + n
    assert by_type == totals
    assert len(deck.card_ids()) == 60 and deck.card_ids()[0] == deck.entries[0][0].id
    assert D.deck_names() == ["dawn-court", "frost-clans"]


def test_spec_7_4_the_leader_in_a_deck_is_the_leader_not_the_high_god():
    deck = D.load_deck("dawn-court")
    (solvane,) = [c for c, _ in deck.entries if c.name == "Solvane, Dawn Sovereign"]
    assert solvane.id == "SMP-011" and solvane.card_type == "leader" and deck.high_god.id == "SMP-001"


# -- MIT-1.3.1 deck construction -------------------------------------------------------------------------
def deck_file(tmp_path, change=None, name="deck-test.yaml", base="dawn-court") -> Path:
    raw = yaml.safe_load((DATA / f"deck-{base}.yaml").read_text(encoding="utf-8"))
    if change is not None:
        change(raw)
    path = tmp_path / name
    path.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def entry(raw, card_id):
    (e,) = [e for e in raw["cards"] if e["card"] == card_id]
    return e


def test_MIT_1_3_1_b_too_few_cards(tmp_path):
    path = deck_file(tmp_path, lambda d: entry(d, "SMP-031").update(copies=3))
    with pytest.raises(D.DeckError) as info:
        D.load_deck_file(path, D.DeckRules(deck_min_includes_high_god=False))  # OP-03's other reading
    e = info.value
    assert e.rule == "MIT-1.3.1.b" and e.file == str(path) and e.field == "cards"
    assert e.entry == "deck 'Dawn Court'"
    assert "59 cards besides its high god" in str(e) and "at least 60" in str(e) and str(path) in str(e)


def test_MIT_1_3_1_b_the_high_god_counts_only_when_configured(tmp_path):
    path = deck_file(tmp_path, lambda d: entry(d, "SMP-031").update(copies=3))
    deck = D.load_deck_file(path, D.DeckRules(deck_min_includes_high_god=True))  # 59 + the high god = 60
    assert deck.size() == 59
    path = deck_file(tmp_path, lambda d: entry(d, "SMP-031").update(copies=2), name="deck-58.yaml")
    with pytest.raises(D.DeckError, match=r"MIT-1\.3\.1\.b: the deck has 59 cards including its high god"):
        D.load_deck_file(path, D.DeckRules(deck_min_includes_high_god=True))


def test_MIT_1_3_1_b_minimum_is_five_times_the_win_target():
    with pytest.raises(D.DeckError, match=r"at least 75 \(5 × the win target 15\)") as info:
        D.load_deck("frost-clans", D.DeckRules(win_target=15))
    assert info.value.rule == "MIT-1.3.1.b"
    assert D.load_deck("frost-clans", D.DeckRules(win_target=6)).size() == 60  # at least, not exactly


def test_MIT_1_3_1_c_too_many_copies(tmp_path):
    def change(d):
        entry(d, "SMP-031").update(copies=5)
        entry(d, "SMP-032").update(copies=3)

    path = deck_file(tmp_path, change)
    with pytest.raises(D.DeckError) as info:
        D.load_deck_file(path)
    e = info.value
    assert e.rule == "MIT-1.3.1.c" and e.field == "copies"
    assert e.entry == "card SMP-031 'Gilded Cityfolk' at cards[0]" and e.line is not None
    assert "5 copies; a deck holds at most 4 copies of any card" in str(e)
    assert D.load_deck_file(path, D.DeckRules(max_copies=5)).size() == 60


def test_MIT_1_3_1_c_copies_count_per_card_definition_not_per_name(tmp_path):
    # OP-64: the leader Solvane (SMP-011) is another card than the high god Solvane (SMP-001).
    def change(d):
        entry(d, "SMP-011").update(copies=4)
        entry(d, "SMP-012").update(copies=0 + 3)
        entry(d, "SMP-013").update(copies=2)
        entry(d, "SMP-031").update(copies=1)

    assert D.load_deck_file(deck_file(tmp_path, change)).size() == 60


def test_MIT_1_3_1_d_no_high_god(tmp_path):
    path = deck_file(tmp_path, lambda d: d.pop("high_god"))
    with pytest.raises(D.MitoszDataError) as info:
        D.load_deck_file(path)
    assert info.value.field == "high_god" and "Field required" in str(info.value)
    path = deck_file(tmp_path, lambda d: d.update(high_god="SMP-011"), name="deck-leader.yaml")
    with pytest.raises(D.DeckError) as info:
        D.load_deck_file(path)
    e = info.value
    assert e.rule == "MIT-1.3.1.d" and e.field == "high_god"
    assert "exactly one high god card; SMP-011 'Solvane, Dawn Sovereign' is a leader" in str(e)


def test_MIT_1_3_1_d_two_high_gods(tmp_path):
    def change(d):
        entry(d, "SMP-095").update(card="SMP-002", name="Hrimgar, Frost Father")

    path = deck_file(tmp_path, change)
    with pytest.raises(D.DeckError) as info:
        D.load_deck_file(path)
    e = info.value
    assert e.rule == "MIT-1.3.1.d" and e.field == "card"
    assert e.entry == "card SMP-002 'Hrimgar, Frost Father' at cards[21]"
    assert "SMP-002 'Hrimgar, Frost Father' would be a second" in str(e)


def test_MIT_1_3_1_unknown_card(tmp_path):
    path = deck_file(tmp_path, lambda d: entry(d, "SMP-095").update(card="SMP-084", name=None))
    with pytest.raises(D.MitoszDataError) as info:
        D.load_deck_file(path)
    e = info.value
    assert not isinstance(e, D.DeckError) and e.field == "card" and e.entry.startswith("card SMP-084")
    assert "no card SMP-084 in set SMP" in str(e) and str(path) in str(e)
    path = deck_file(tmp_path, lambda d: entry(d, "SMP-095").update(card="XYZ-001"), name="deck-xyz.yaml")
    with pytest.raises(D.MitoszDataError, match="there is no set 'XYZ'"):
        D.load_deck_file(path)


def test_MIT_1_3_1_every_problem_is_reported_at_once(tmp_path):
    def change(d):
        entry(d, "SMP-031").update(copies=5)
        d["cards"] = [e for e in d["cards"] if e["card"] != "SMP-032"]
        d["high_god"] = "SMP-011"

    with pytest.raises(D.DeckError) as info:
        D.load_deck_file(deck_file(tmp_path, change))
    assert sorted(filter(None, info.value.rules)) == ["MIT-1.3.1.b", "MIT-1.3.1.c", "MIT-1.3.1.d"]
    assert len(info.value.problems) == 3


def test_MIT_1_3_1_a_deck_names_its_cards_by_id_and_may_check_their_names(tmp_path):
    path = deck_file(tmp_path, lambda d: entry(d, "SMP-031").update(name="Gilded City"))
    with pytest.raises(D.MitoszDataError, match="SMP-031 is called 'Gilded Cityfolk', not 'Gilded City'") as info:
        D.load_deck_file(path)
    assert info.value.field == "name"
    path = deck_file(tmp_path, lambda d: d["cards"].append({"card": "SMP-031", "copies": 1}), name="deck-twice.yaml")
    with pytest.raises(D.MitoszDataError, match=r"SMP-031 is listed twice \(cards\[0\] and cards\[25\]\)"):
        D.load_deck_file(path)


# -- bad set files: each error names the file, the card, the field -----------------------------------------
BAD_SETS = [
    # label, text replaced, replacement, entry, field, words of the reason
    ("yaml syntax", "roads: {E: 2, W: 2}", "roads: {E: 2, W: 2", "near card SMP-031", None, "not valid YAML"),
    ("unknown primitive", "- draw: {player: self, n: 1}\n          - discard", "- drwa: {player: self, n: 1}\n          - discard",
     "card SMP-015 'Magister Ivo' at cards[6]", "maneuvers[0].effect[0]", "unknown primitive 'drwa' (did you mean 'draw'?)"),
    ("unknown parameter", "- draw: {player: self, n: 1}\n          - discard", "- draw: {player: self, count: 1}\n          - discard",
     "card SMP-015 'Magister Ivo' at cards[6]", "maneuvers[0].effect[0].draw.count", "Extra inputs are not permitted"),
    ("wrong field type", "level: 3\n    cost: {wealth: 1, force: 2}", "level: three\n    cost: {wealth: 1, force: 2}",
     "card SMP-012 'Captain Orren' at cards[3]", "level", "valid integer"),
    ("wrong parameter type", "permanent: {uses_per_turn: 2}", "permanent: {uses_per_turn: twice}",
     "card SMP-015 'Magister Ivo' at cards[6]", "maneuvers[0].permanent.uses_per_turn", "valid integer"),
    ("missing field", '    name: "Captain Orren"\n', "", "card SMP-012 at cards[3]", "name", "Field required"),
    ("bad card type", "card_type: leader\n    subtypes: [warlord]", "card_type: leeder\n    subtypes: [warlord]",
     "card SMP-012 'Captain Orren' at cards[3]", "card_type", "'leeder' is not allowed (did you mean 'leader'?)"),
    ("bad subtype", "subtypes: [warlord]", "subtypes: [warlort]", "card SMP-012 'Captain Orren' at cards[3]",
     "subtypes[0]", "(did you mean 'warlord'?)"),
    ("bad timing", "timing: [reaction]\n        speed: normal\n        permanent",
     "timing: [reactoin]\n        speed: normal\n        permanent", "card SMP-015 'Magister Ivo' at cards[6]",
     "maneuvers[0].timing[0]", "(did you mean 'reaction'?)"),
    ("bad condition", "conditions: [sacrifice_user]", "conditions: [sacrifice_usr]",
     "card SMP-085 'Shieldwall Bearers' at cards[36]", "maneuvers[0].conditions[0]",
     "unknown condition 'sacrifice_usr' (did you mean 'sacrifice_user'?)"),
    ("bad sphere", "cost: {influence: 2}\n    power_points: 1", "cost: {influense: 2}\n    power_points: 1",
     "card SMP-015 'Magister Ivo' at cards[6]", "cost.influense", "Extra inputs are not permitted"),
    ("unknown field", "    unique: true\n    level: 2", "    uniqe: true\n    level: 2",
     "card SMP-013 'Lysa Brightspear' at cards[4]", "uniqe", "Extra inputs are not permitted"),
    ("sphere max above 6", "sphere_max: {magic: 3, influence: 2, wealth: 3, force: 6}",
     "sphere_max: {magic: 3, influence: 2, wealth: 3, force: 7}", "card SMP-002 'Hrimgar, Frost Father' at cards[1]",
     "sphere_max.force", "less than or equal to 6"),
    ("static not continuous", "- produce_spheres: {amount: {wealth: 1}}", "- draw: {n: 1}",
     "card SMP-043 'Granary Hall' at cards[20]", "maneuvers[0].static[0]", "'draw' is not a continuous primitive"),
    ("bad value expression", "delta: 3, duration: until_fight_end", "delta: \"lvl($t1)\", duration: until_fight_end",
     "card SMP-085 'Shieldwall Bearers' at cards[36]", "maneuvers[0].effect[0].modify_level.delta",
     "unknown function 'lvl' (did you mean 'level'?)"),
    ("duplicate key", "    level: 3\n    cost: {wealth: 1, force: 2}", "    level: 3\n    level: 4\n    cost: {wealth: 1, force: 2}",
     None, None, "the key 'level' appears twice"),
]


@pytest.mark.parametrize("label,old,new,entry_text,field,words", BAD_SETS, ids=[b[0] for b in BAD_SETS])
def test_a_bad_set_file_names_the_file_the_card_and_the_field(tmp_path, label, old, new, entry_text, field, words):
    text = SMP_FILE.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / "smp.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(D.MitoszDataError) as info:
        D.load_set_file(path)
    e = info.value
    assert isinstance(e, DataError) and isinstance(e, CardtableError)
    assert e.file == str(path) and str(e).startswith(f"{path}: ")
    assert e.entry == entry_text and e.field == field and words in e.reason
    assert e.line is not None and e.line > 1
    if entry_text:
        assert entry_text in str(e)
    if field:
        assert f"field {field!r}" in str(e)


def test_a_file_that_is_not_a_mapping_or_is_empty(tmp_path):
    for text, words in (("- 1\n- 2\n", "not list"), ("", "not nothing"), ("\xff", "")):
        path = tmp_path / "smp.yaml"
        path.write_bytes(text.encode("latin-1"))
        with pytest.raises(D.MitoszDataError, match=words or "UTF-8"):
            D.load_set_file(path)


def set_with(tmp_path, change) -> Path:
    raw = raw_smp()
    change(raw)
    path = tmp_path / "smp.yaml"
    path.write_text(yaml.safe_dump(raw, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


def card_raw(raw, card_id) -> dict:
    (c,) = [c for c in raw["cards"] if c["id"] == card_id]
    return c


def problem(tmp_path, change) -> DataError:
    with pytest.raises(D.MitoszDataError) as info:
        D.load_set_file(set_with(tmp_path, change))
    return info.value


# -- cross-checks of a set ------------------------------------------------------------------------------
def test_card_ids_are_unique_and_match_set_and_serial(tmp_path):
    def twice(raw):
        raw["cards"].append(copy.deepcopy(card_raw(raw, "SMP-013")) | {"name": "Lysa Again"})

    e = problem(tmp_path, twice)
    assert e.field == "id" and "id SMP-013 is used twice (cards[4] and cards[48])" in str(e)
    e = problem(tmp_path, lambda raw: card_raw(raw, "SMP-013").update(serial=31))
    assert e.field == "id" and "the id of serial 31 in set SMP is 'SMP-031', not 'SMP-013'" in str(e)
    e = problem(tmp_path, lambda raw: card_raw(raw, "SMP-013").update(set="XYZ", id="XYZ-013"))
    assert e.field == "set" and "the card is in set 'XYZ' but the file is set 'SMP'" in str(e)


def test_MIT_2_8_d_only_a_high_god_and_its_leader_share_a_name(tmp_path):
    e = problem(tmp_path, lambda raw: card_raw(raw, "SMP-014").update(name="Lysa Brightspear"))
    assert e.entry.startswith("card SMP-014") and e.field == "name"
    assert "name 'Lysa Brightspear' is used by 2 cards" in str(e)


def test_MIT_2_8_links_name_existing_cards(tmp_path):
    e = problem(tmp_path, lambda raw: card_raw(raw, "SMP-013")["links"].__setitem__(0, "Captain Oren"))
    assert e.entry == "card SMP-013 'Lysa Brightspear' at cards[4]" and e.field == "links[0]"
    assert "no card of the set is called 'Captain Oren'; did you mean 'Captain Orren'?" in str(e)


def test_filter_names_name_existing_cards(tmp_path):
    def change(raw):
        card_raw(raw, "SMP-021")["maneuvers"][0]["effect"][0]["search_deck"]["filter"]["name"] = "Frost Wolfs"

    e = problem(tmp_path, change)
    assert e.field == "maneuvers[0].effect[0].search_deck.filter.name" and "did you mean 'Frost Wolves'?" in str(e)


def test_token_kinds_removed_must_be_put_by_some_card_with_one_effect(tmp_path):
    def remove(raw):
        card_raw(raw, "SMP-001")["maneuvers"][0]["effect"].append({"remove_token": {"target": "$t1", "kind": "frots"}})

    e = problem(tmp_path, remove)
    assert e.entry.startswith("card SMP-001") and e.field == "maneuvers[0].effect[1].remove_token.kind"
    assert "no card of the set puts a 'frots' token" in str(e) and "tokens: frost" in str(e)

    def other_effect(raw):
        m = card_raw(raw, "SMP-001")["maneuvers"][0]
        m["effect"].append({"add_token": {"target": "$t1", "kind": "frost",
                                          "effect": {"modify_level": {"target": "$bearer", "delta": -1}}}})

    e = problem(tmp_path, other_effect)
    assert "a token kind has one effect" in str(e)


def test_mythologies_of_cards_are_declared_by_the_set(tmp_path):
    e = problem(tmp_path, lambda raw: card_raw(raw, "SMP-013").update(mythology="aurelain"))
    assert e.field == "mythology" and "did you mean 'aurelian'?" in str(e)


# -- card consistency (spec 5.2) -------------------------------------------------------------------------
def card_problem(tmp_path, card_id, change) -> DataError:
    return problem(tmp_path, lambda raw: change(card_raw(raw, card_id)))


def test_MIT_2_4_a_cursed_implies_magical(tmp_path, smp):
    raw = raw_smp()
    torc = card_raw(raw, "SMP-055")
    torc.pop("magical")
    assert Card.model_validate(torc).magical is True
    e = card_problem(tmp_path, "SMP-055", lambda c: c.update(magical=False))
    assert e.field == "magical" and "a cursed card is also magical" in str(e)


def test_MIT_2_9_the_card_number_is_derived_not_written(tmp_path, smp):
    assert smp.card("SMP-080").number == 0 and smp.card("SMP-087").number == 7
    e = card_problem(tmp_path, "SMP-080", lambda c: c.update(number=0))
    assert e.field == "number" and "derived" in str(e)


@pytest.mark.parametrize("card_id,change,field,words", [
    ("SMP-071", lambda c: c.update(cost={"magic": 1}), "cost", "a fate is not summoned"),
    ("SMP-031", lambda c: c.update(cost={"wealth": 1}), "cost", "a nation is not summoned"),
    ("SMP-031", lambda c: c.update(level=2), "level", "a nation has no level"),
    ("SMP-031", lambda c: c.pop("roads"), "roads", "a nation needs 'roads'"),
    ("SMP-031", lambda c: c.update(roads={}), "roads", "at least one road"),
    ("SMP-031", lambda c: c.update(roads={"X": 1}), "roads.X", "Extra inputs"),
    ("SMP-001", lambda c: c.pop("sphere_max"), "sphere_max", "a high god needs 'sphere_max'"),
    ("SMP-013", lambda c: c.update(sphere_max={"magic": 1, "influence": 1, "wealth": 1, "force": 1}), "sphere_max",
     "'sphere_max' is for high god cards"),
    ("SMP-013", lambda c: c.pop("level"), "level", "a leader has a level"),
    ("SMP-013", lambda c: c.update(level_is_modifier=True), "level_is_modifier", "not a leader"),
    ("SMP-013", lambda c: c.update(subtypes=["region"]), "subtypes[0]", "'region' is a subtype of location cards"),
    ("SMP-013", lambda c: c.update(subtypes=["hero", "hero"]), "subtypes[1]", "listed twice"),
    ("SMP-061", lambda c: c.update(subtypes=["spell"]), "subtypes[0]", "an intrigue has no subtypes"),
    ("SMP-072", lambda c: c.pop("duration"), "duration", "a fate needs 'duration'"),
    ("SMP-072", lambda c: c["maneuvers"][0].update(duration={"rounds": 3}), "maneuvers[0].duration",
     "the fate lasts 2 round(s)"),
    ("SMP-055", lambda c: c.update(level_is_modifier=False), "level", "a negative level is a modifier"),
])
def test_fields_fit_the_card_type(tmp_path, card_id, change, field, words):
    e = card_problem(tmp_path, card_id, change)
    assert e.entry.startswith(f"card {card_id}") and e.field == field and words in str(e), str(e)


def test_MIT_3_9_e_a_free_maneuver_has_one_maneuver_or_several_options(tmp_path):
    def both(c):
        c["maneuvers"] = [dict(copy.deepcopy(c["options"][0]), id="m1")]

    e = card_problem(tmp_path, "SMP-092", both)
    assert e.field == "maneuvers" and "(MIT-3.9.e)" in str(e)
    e = card_problem(tmp_path, "SMP-092", lambda c: c.update(options=c["options"][:1]))
    assert e.field == "options" and "at least 2" in str(e)
    e = card_problem(tmp_path, "SMP-092", lambda c: c["options"][1].update(id="o1"))
    assert e.field == "options[1].id" and "maneuver id 'o1' is used twice" in str(e)
    e = card_problem(tmp_path, "SMP-091", lambda c: c["maneuvers"][0].update(level=1))
    assert e.field == "maneuvers[0].level" and "printed 'level'" in str(e)


def test_MIT_3_7_a_fate_has_exactly_one_maneuver(tmp_path):
    e = card_problem(tmp_path, "SMP-071", lambda c: c["maneuvers"].append(dict(c["maneuvers"][0], id="m2")))
    assert e.field == "maneuvers" and "a fate has exactly one maneuver" in str(e)


def test_MIT_4_2_6_b_statics_and_triggers_are_locked_bound_maneuvers(tmp_path):
    e = card_problem(tmp_path, "SMP-043", lambda c: c["maneuvers"][0].update(speed="normal"))
    assert e.field == "maneuvers[0].speed" and "write speed: locked" in str(e)
    e = card_problem(tmp_path, "SMP-043", lambda c: c["maneuvers"][0].update(cost={"wealth": 1}))
    assert e.field == "maneuvers[0].cost" and "no usage cost" in str(e)
    e = card_problem(tmp_path, "SMP-043", lambda c: c["maneuvers"][0].update(targets={"t1": {"select": "self"}}))
    assert e.field == "maneuvers[0].targets"

    def static_on_free_maneuver(c):
        c["maneuvers"][0] = {"id": "m1", "speed": "locked", "static": [{"extra_draw": {"n": 1}}]}

    e = card_problem(tmp_path, "SMP-096", static_on_free_maneuver)
    assert e.field == "maneuvers[0].static" and "belong to bound maneuvers" in str(e)
    e = card_problem(tmp_path, "SMP-015", lambda c: c["maneuvers"][0]["effect"].append({"extra_draw": {"n": 1}}))
    assert e.field == "maneuvers[0].effect[2]" and "belongs in a locked 'static'" in str(e)
    e = card_problem(tmp_path, "SMP-055", lambda c: c["maneuvers"][0]["static"][0]["restrict"].update(duration="permanent"))
    assert e.field == "maneuvers[0].static[0].restrict.duration" and "it takes no duration" in str(e)


def test_MIT_5_10_a_token_works_while_on_the_card(tmp_path):
    e = card_problem(tmp_path, "SMP-024", lambda c: c["maneuvers"][0]["effect"][0]["add_token"]["effect"]
                     ["modify_road"].update(duration={"rounds": 1}))
    assert e.field == "maneuvers[0].effect[0].add_token.effect.modify_road.duration" and "(MIT-5.10)" in str(e)


def test_triggers_validate_their_event_and_accept_yaml_on(tmp_path):
    text = SMP_FILE.read_text(encoding="utf-8").replace(
        "        static:\n          - produce_spheres: {amount: {wealth: 1}}     # at MIT-6.2.4.3, capped",
        "        trigger: {on: turn_start, player: self}\n        effect:\n          - draw: {n: 1}")
    path = tmp_path / "smp.yaml"
    path.write_text(text, encoding="utf-8")
    m = D.load_set_file(path).card("SMP-043").maneuvers[0]
    assert m.trigger.on == "turn_start" and m.effect[0].draw.n == 1
    path.write_text(text.replace("on: turn_start", "on: turn_strat"), encoding="utf-8")
    with pytest.raises(D.MitoszDataError, match=r"unknown trigger event 'turn_strat' \(did you mean 'turn_start'\?\)") as info:
        D.load_set_file(path)
    assert info.value.field == "maneuvers[0].trigger"
    path.write_text(text.replace("player: self}", "player: me}"), encoding="utf-8")
    with pytest.raises(D.MitoszDataError) as info:
        D.load_set_file(path)
    assert info.value.field == "maneuvers[0].trigger.player"


def test_MIT_4_2_6_d_multi_step_costs_go_in_the_steps(tmp_path):
    e = card_problem(tmp_path, "SMP-094", lambda c: c["maneuvers"][0].update(cost={"force": 1}))
    assert e.field == "maneuvers[0].cost" and "(MIT-4.2.6.d)" in str(e)
    e = card_problem(tmp_path, "SMP-094", lambda c: c["maneuvers"][0].update(steps=c["maneuvers"][0]["steps"][:1]))
    assert e.field == "maneuvers[0].steps" and "at least 2" in str(e)


def test_MIT_4_2_3_d_number_conditions(tmp_path):
    assert number_range("4") == (4,) and number_range("8+") == (8, 9) and number_range("2-") == (0, 1, 2)
    assert number_range(0) == (0,)
    e = card_problem(tmp_path, "SMP-093", lambda c: c["maneuvers"][0]["conditions"][0]["peek"].update(number="10+"))
    assert e.field == "maneuvers[0].conditions[0].peek.number"
    e = card_problem(tmp_path, "SMP-093", lambda c: c["maneuvers"][0]["conditions"][0]["peek"].update(refers=True))
    assert "exactly one of 'number', 'filter', 'refers'" in str(e)


# -- references inside effects (spec 6.1) -----------------------------------------------------------------
@pytest.mark.parametrize("card_id,target,words", [
    ("SMP-015", "$t2", "$t2 is not declared in the maneuver's 'targets'"),
    ("SMP-015", "$bearer", "$bearer cannot be used here: it is the card carrying a token"),
    ("SMP-071", "$user", "$user cannot be used here: a fate has no user (MIT-3.7.d)"),
    ("SMP-015", "$revealed", "$revealed cannot be used here: the maneuver has no 'reveal' condition"),
    ("SMP-015", "$peeked", "$peeked cannot be used here: the maneuver has no 'peek' condition"),
    ("SMP-015", "$event", "$event cannot be used here: only a trigger has an event"),
])
def test_MIT_3_7_d_and_references_name_what_the_maneuver_has(tmp_path, card_id, target, words):
    e = card_problem(tmp_path, card_id, lambda c: c["maneuvers"][0]["effect"].append({"destroy": {"target": target}}))
    assert e.entry.startswith(f"card {card_id}") and words in str(e)
    assert e.field.startswith("maneuvers[0].effect[") and e.field.endswith("].destroy.target")


def test_references_inside_values_and_token_effects(tmp_path):
    e = card_problem(tmp_path, "SMP-015", lambda c: c["maneuvers"][0]["effect"].append(
        {"draw": {"n": "$x"}}))
    assert "$x cannot be used here: the maneuver has no 'per'" in str(e) and e.field == "maneuvers[0].effect[2].draw.n"
    e = card_problem(tmp_path, "SMP-085", lambda c: c["maneuvers"][0]["effect"].append(
        {"modify_level": {"target": "$user", "delta": "level($t3) + 1"}}))
    assert "$t3 is not declared" in str(e)
    e = card_problem(tmp_path, "SMP-024", lambda c: c["maneuvers"][0]["effect"][0]["add_token"]["effect"]
                     ["modify_road"].update(nation="$t1"))
    assert "$t1 cannot be used here: inside a token's effect only $bearer" in str(e)
    assert e.field == "maneuvers[0].effect[0].add_token.effect.modify_road.nation"
    ok = raw_smp()
    card_raw(ok, "SMP-095")["maneuvers"][0]["effect"][0]["draw"]["n"] = "$x"
    card_raw(ok, "SMP-098")["maneuvers"][0]["effect"].append({"if": {
        "cond": {"number": {"of": "$revealed", "is": "9"}}, "then": [{"draw": {"n": 1}}]}})
    assert CardSet.model_validate(ok).card("SMP-095").maneuvers[0].effect[0].draw.n == "$x"


def test_value_expressions():
    assert parse_value("3") == ("int", 3)
    assert parse_value("level($t1) + 1") == ("+", ("level", "$t1"), ("int", 1))
    assert parse_value("half(level($user) * 2) - $x") == ("-", ("half", ("*", ("level", "$user"), ("int", 2))), ("x",))
    assert parse_value("-(number($revealed))") == ("neg", ("number", "$revealed"))
    for bad, words in (("lvl($t1)", "did you mean 'level'"), ("level($x)", "takes a card reference"),
                       ("$t1 + 1", "is a card, not a number"), ("1 +", "found the end"), ("(1", "expected ')'"),
                       ("1 2", "unexpected"), ("", "empty"), ("1 ; 2", "unexpected")):
        with pytest.raises(ValueError, match=re.escape(words)):
            parse_value(bad)


def test_every_primitive_of_spec_6_4_is_in_the_vocabulary():
    from cardtable.games.mitosz.schema.primitives import CONTINUOUS, PRIMITIVES

    spec_primitives = {"draw", "discard", "mill", "destroy", "sacrifice", "return_to_hand", "search_deck", "recover",
                       "exile", "put_on_deck", "shuffle_deck", "look_top", "rotate", "unrotate", "gain_spheres",
                       "lose_spheres", "steal_spheres", "modify_level", "modify_road", "close_road", "open_road",
                       "modify_army", "modify_capacity", "neutralize", "neutralize_ability", "attach", "steal",
                       "add_token", "remove_token", "grant_immunity", "grant_subtype", "remove_subtype",
                       "set_card_type", "restrict", "play_card", "modify_cost", "modify_hand_size",
                       "modify_power_points", "produce_spheres", "extra_draw", "grant_fate_use", "force_retreat",
                       "volley", "fear", "poison", "choose_one", "if"}
    assert set(PRIMITIVES) == spec_primitives
    assert set(CONTINUOUS) == {"modify_level", "modify_road", "grant_immunity", "grant_subtype", "restrict",
                               "modify_cost", "modify_hand_size", "modify_power_points", "modify_capacity",
                               "produce_spheres", "extra_draw", "grant_fate_use"}


def test_every_primitive_condition_and_trigger_can_be_written(smp):
    """One card using every primitive, condition and trigger validates: the vocabulary is usable as data."""
    sel = {"select": "chosen", "filter": {"zone": "board", "card_type": ["leader"]}}
    effect = [
        {"draw": {"n": 2}}, {"discard": {"player": "enemy", "chooser": "random", "filter": {"card_type": ["fate"]}}},
        {"mill": {"n": "$x"}}, {"destroy": {"target": "$t1"}}, {"sacrifice": {"target": "$t1"}},
        {"return_to_hand": {"target": sel}}, {"search_deck": {"filter": {"name": "Frost Wolves"}, "to": "deck_top"}},
        {"recover": {"filter": {"card_type": ["supply"]}, "n": 2}}, {"exile": {"target": "$revealed"}},
        {"put_on_deck": {"target": "$t1", "position": "bottom"}}, {"shuffle_deck": {"player": "enemy"}},
        {"look_top": {"n": 3, "reorder": True}}, {"rotate": {"target": "$t1"}}, {"unrotate": {"target": "$user"}},
        {"gain_spheres": {"amount": {"choose": 2}, "over_max": True}}, {"lose_spheres": {"player": "enemy", "amount": {"force": 1}}},
        {"steal_spheres": {"from": "controller($t1)", "sphere": "wealth"}},
        {"modify_level": {"target": "$t1", "delta": "half(level($t1))", "base": True, "duration": {"rounds": 2}}},
        {"modify_road": {"nation": "$host", "road": "chosen", "delta": 1, "duration": "permanent"}},
        {"close_road": {"nation": "$host", "road": "N"}}, {"open_road": {"nation": "$host"}},
        {"modify_army": {"side": "enemy", "delta": -2, "duration": "until_fight_end"}},
        {"modify_capacity": {"row_leader": "$user", "delta": 1}}, {"neutralize": {"target": "$t1"}},
        {"neutralize_ability": {"target": "$t1"}}, {"attach": {"card": "$self", "host": "$t1"}},
        {"steal": {"target": "$t1"}},
        {"add_token": {"target": "$t1", "kind": "ember", "effect": {"trigger": {"on": "turn_end"},
                                                                     "effect": [{"destroy": {"target": "$bearer"}}]}}},
        {"remove_token": {"target": "$t1", "kind": "ember", "n": "all"}},
        {"grant_immunity": {"target": "$user", "against": ["intrigue", "strike", "volley", "steal"]}},
        {"grant_subtype": {"target": "$user", "subtype": "flying", "duration": "while_attached"}},
        {"remove_subtype": {"target": "$t1", "subtype": "flying"}},
        {"set_card_type": {"target": "$t1", "card_type": "supply", "duration": "until_fight_end"}},
        {"restrict": {"target": "$t1", "what": "cannot_be_stolen"}},
        {"play_card": {"from": "afterworld", "filter": {"card_type": ["leader"], "level": {"le": 2}}, "free": True}},
        {"modify_cost": {"filter": {"subtypes_any": ["troop"]}, "delta": {"force": -1}, "applies_to": "summon"}},
        {"modify_hand_size": {"delta": 1}}, {"modify_power_points": {"target": "$user", "delta": 1}},
        {"grant_fate_use": {"n": 1}}, {"force_retreat": None}, {"force_retreat": {}},
        {"volley": {"mod": 2}}, {"fear": {"mod": 0}}, {"poison": {"mod": 1, "level": 4}},
        {"choose_one": {"options": [[{"draw": {"n": 1}}], [{"gain_spheres": {"amount": {"magic": 1}}}]]}},
        {"if": {"cond": {"all": [{"count": {"filter": {"card_type": ["nation"], "controller": "self"}, "ge": 3}},
                                 {"not": {"card": {"ref": "$revealed", "filter": {"magical": True}}}},
                                 {"compare": {"value": "level($user)", "gt": {"count": {"filter": {"in_fight": True}}}}}]},
                "then": [{"draw": {"n": 1}}], "else": [{"mill": {"n": 1}}]}},
    ]
    statics = [{"produce_spheres": {"amount": {"choose": 1}}}, {"extra_draw": {"n": 1}},
               {"grant_subtype": {"target": "$host", "subtype": "flying"}}]
    raw = raw_smp()
    lysa = card_raw(raw, "SMP-013")
    lysa["maneuvers"] = [
        {"id": "m1", "timing": ["action", "battle"], "speed": "counter", "permanent": True, "level": 1,
         "conditions": ["sacrifice_user", {"reveal": {"number": 5}}, {"peek": {"filter": {"card_type": ["leader"]}}},
                        {"sacrifice": {"filter": {"card_type": ["supply"]}}}, {"discard": {"n": 1}},
                        {"requires": {"count": {"filter": {"card_type": ["nation"]}}, "ge": 2}}],
         "targets": {"t1": {"select": "chosen", "count": "up_to 2", "filter": {"zone": "board"}}},
         "per": {"sacrifice": {"filter": {"card_type": ["supply"]}}}, "effect": effect, "on_enter": "may"},
        {"id": "m2", "speed": "locked", "static": statics},
    ] + [{"id": f"t{i}", "speed": "locked", "trigger": trigger, "effect": [{"draw": {"n": 1}}]}
         for i, trigger in enumerate([
             {"on": "turn_start", "player": "enemy"}, {"on": "draw_phase"}, {"on": "turn_end"}, {"on": "refill"},
             {"on": "enters_board", "filter": {"card_type": ["nation"]}}, {"on": "leaves_board", "to": "afterworld"},
             {"on": "destroyed"}, {"on": "sacrificed"}, {"on": "summoned"}, {"on": "maneuver_used"},
             {"on": "fight_declared"}, {"on": "fight_end", "result": "won"}, {"on": "spheres_changed", "player": "any"}])]
    card = CardSet.model_validate(raw).card("SMP-013")
    assert len(card.maneuvers[0].effect) == len(effect) and len(card.maneuvers) == 15
    # and the JSON Schema accepts what the models accept
    assert validate_json(raw, schemas("mitosz")["set"]) == []


# -- names, never paths; the user directory ------------------------------------------------------------------
@pytest.mark.parametrize("load", [D.load_set, D.load_deck])
@pytest.mark.parametrize("bad", ["../smp", "/etc/passwd", "smp.yaml", "data/smp", "..", "", "a b", "~/x", "c:\\x",
                                 None, 3])
def test_names_not_paths(load, bad):
    with pytest.raises(D.MitoszDataError, match="never a path"):
        load(bad)


def test_names_not_paths_even_for_existing_files_outside_the_folder(data_dir, tmp_path):
    (tmp_path / "evil.yaml").write_text(SMP_FILE.read_text(encoding="utf-8"), encoding="utf-8")
    (tmp_path / "deck-evil.yaml").write_text((DATA / "deck-dawn-court.yaml").read_text(encoding="utf-8"), encoding="utf-8")
    with pytest.raises(D.MitoszDataError, match="no set 'evil'"):
        D.load_set("evil")
    for bad in ("../evil", "../deck-evil"):
        with pytest.raises(D.MitoszDataError, match="never a path"):
            D.load_deck(bad)
    with pytest.raises(D.MitoszDataError, match="no deck 'evil'"):
        D.load_deck("evil")


def test_unknown_names_list_what_is_available_and_how_to_add_more():
    with pytest.raises(D.MitoszDataError, match=r"no deck 'dawn_court' in the packaged files \(set CARDTABLE_DATA_DIR"
                                                r".*did you mean 'dawn-court'\?; available: 'dawn-court', 'frost-clans'"):
        D.load_deck("dawn_court")


def tiny_set(code="TST") -> dict:
    """A set of its own: a high god and 15 supplies (4 copies each make a legal deck)."""
    cards = [{"id": f"{code}-001", "set": code, "serial": 1, "name": "Test God", "card_type": "high_god",
              "mythology": "aurelian", "sphere_max": {"magic": 2, "influence": 2, "wealth": 2, "force": 2}}]
    cards += [{"id": f"{code}-{s:03d}", "set": code, "serial": s, "name": f"Test Troop {s}", "card_type": "supply",
               "subtypes": ["troop"], "mythology": "aurelian", "level": 1, "cost": {"force": 1}}
              for s in range(10, 25)]
    return {"code": code, "name": "Test set", "cards": cards}


def tiny_deck(code="TST", copies=4) -> dict:
    return {"name": "Test deck", "high_god": f"{code}-001",
            "cards": [{"card": f"{code}-{s:03d}", "copies": copies} for s in range(10, 25)]}


def test_user_data_dir_adds_sets_and_decks(data_dir):
    (data_dir / "tst.yaml").write_text(yaml.safe_dump(tiny_set()), encoding="utf-8")
    (data_dir / "deck-mine.yaml").write_text(yaml.safe_dump(tiny_deck()), encoding="utf-8")
    (data_dir / "deck-mixed.yaml").write_text(yaml.safe_dump(
        {"name": "Mixed", "high_god": "SMP-002", "cards": tiny_deck()["cards"]}), encoding="utf-8")
    assert D.set_names() == ["smp", "tst"] and D.deck_names() == ["dawn-court", "frost-clans", "mine", "mixed"]
    deck = D.load_deck("mine")
    assert (deck.source, deck.size(), deck.high_god.name, deck.path) == ("user", 60, "Test God", data_dir / "deck-mine.yaml")
    mixed = D.load_deck("mixed")  # cards of two sets: each set is found by its code
    assert mixed.high_god.id == "SMP-002" and mixed.size() == 60
    assert set(D.catalogue()) >= {"SMP-001", "TST-024"}


def test_user_set_file_must_hold_the_set_of_its_name(data_dir):
    (data_dir / "abc.yaml").write_text(yaml.safe_dump(tiny_set("TST")), encoding="utf-8")
    with pytest.raises(D.MitoszDataError, match="the file abc.yaml must hold the set 'ABC'"):
        D.load_set("abc")


def test_packaged_names_are_reserved(data_dir):
    (data_dir / "smp.yaml").write_text(yaml.safe_dump(tiny_set("SMP")), encoding="utf-8")
    (data_dir / "deck-dawn-court.yaml").write_text(yaml.safe_dump(tiny_deck("SMP")), encoding="utf-8")
    assert len(D.load_set("smp").cards) == 48 and D.load_deck("dawn-court").source == "packaged"
    assert D.set_names() == ["smp"]


def test_an_edited_file_is_read_again(data_dir):
    path = data_dir / "deck-mine.yaml"
    (data_dir / "tst.yaml").write_text(yaml.safe_dump(tiny_set()), encoding="utf-8")
    path.write_text(yaml.safe_dump(tiny_deck()), encoding="utf-8")
    assert D.load_deck("mine").size() == 60
    path.write_text(yaml.safe_dump(tiny_deck(copies=3)), encoding="utf-8")
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10_000_000))
    with pytest.raises(D.DeckError, match="MIT-1.3.1.b"):
        D.load_deck("mine")


def test_a_bad_user_deck_names_its_file(data_dir):
    (data_dir / "deck-bad.yaml").write_text("name: Bad\nhigh_god: SMP-001\ncards:\n  - {card: SMP-031, copies: many}\n",
                                            encoding="utf-8")
    with pytest.raises(D.MitoszDataError) as info:
        D.load_deck("bad")
    e = info.value
    assert e.file == str(data_dir / "deck-bad.yaml") and e.entry == "card SMP-031 at cards[0]"
    assert e.field == "copies" and e.line == 4 and "valid integer" in str(e)


# -- the package and the exported schemas ---------------------------------------------------------------------
def test_mitosz_is_a_registered_game_with_data_schemas():
    assert "mitosz" in game_names()
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    games = pyproject["project"]["entry-points"]["cardtable.games"]
    assert games["mitosz"] == "cardtable.games.mitosz:MitoszGame"
    assert "mitosz" in schema_names()


def test_data_error_is_generic_with_file_entry_field():
    e = DataError("bad", file="f.yaml", entry="card X", field="a.b", line=3)
    assert str(e) == "f.yaml: card X (line 3), field 'a.b': bad" and (e.file, e.entry, e.field, e.line) == ("f.yaml", "card X", "a.b", 3)
    many = DataError("x", file="f", problems=[(None, f"f{i}", None, "r") for i in range(7)])
    assert str(many).endswith("(and 2 more)") and many.field == "f0"


SUPPORTED = {"$defs", "$ref", "$schema", "additionalProperties", "anyOf", "oneOf", "const", "enum", "type",
             "properties", "required", "items", "minItems", "maxItems", "minLength", "maxLength", "minimum",
             "maximum", "pattern", "patternProperties", "default", "description", "title"}


def validate_json(instance, schema) -> list[str]:
    """A small validator for the JSON Schema keywords pydantic emits (``jsonschema`` is not a dependency).

    Fails on any keyword it does not know, so a schema feature it cannot check is never silently passed.
    """
    try:
        import jsonschema  # type: ignore[import-not-found]
    except ImportError:
        jsonschema = None
    if jsonschema is not None:  # pragma: no cover - only where it is installed
        return [e.message for e in jsonschema.Draft202012Validator(schema).iter_errors(instance)]
    root = schema

    def types_ok(value, t) -> bool:
        return {"object": isinstance(value, dict), "array": isinstance(value, list), "string": isinstance(value, str),
                "boolean": isinstance(value, bool), "null": value is None,
                "integer": isinstance(value, int) and not isinstance(value, bool),
                "number": isinstance(value, (int, float)) and not isinstance(value, bool)}[t]

    def check(value, s, path) -> list[str]:
        unknown = set(s) - SUPPORTED
        assert not unknown, f"unsupported JSON Schema keywords {unknown} at {path}"
        if "$ref" in s:
            ref = s["$ref"]
            assert ref.startswith("#/$defs/"), ref
            return check(value, root["$defs"][ref[len("#/$defs/"):]], path)
        errors: list[str] = []
        if "type" in s and not any(types_ok(value, t) for t in ([s["type"]] if isinstance(s["type"], str) else s["type"])):
            return [f"{path}: {value!r} is not of type {s['type']}"]
        if "const" in s and value != s["const"]:
            errors.append(f"{path}: {value!r} != {s['const']!r}")
        if "enum" in s and value not in s["enum"]:
            errors.append(f"{path}: {value!r} not in {s['enum']}")
        if "anyOf" in s and all(check(value, sub, path) for sub in s["anyOf"]):
            errors.append(f"{path}: matches none of anyOf")
        if "oneOf" in s:
            matching = sum(not check(value, sub, path) for sub in s["oneOf"])
            if matching != 1:
                errors.append(f"{path}: matches {matching} of oneOf")
        if isinstance(value, dict):
            props = s.get("properties", {})
            for key in s.get("required", []):
                if key not in value:
                    errors.append(f"{path}: missing {key!r}")
            for key, item in value.items():
                if not isinstance(key, str):
                    errors.append(f"{path}: key {key!r} is not a string")
                    continue
                if key in props:
                    errors += check(item, props[key], f"{path}.{key}")
                    continue
                pattern = next((p for p in s.get("patternProperties", {}) if re.search(p, key)), None)
                if pattern is not None:
                    errors += check(item, s["patternProperties"][pattern], f"{path}.{key}")
                elif s.get("additionalProperties") is False:
                    errors.append(f"{path}: unexpected {key!r}")
                elif isinstance(s.get("additionalProperties"), dict):
                    errors += check(item, s["additionalProperties"], f"{path}.{key}")
        if isinstance(value, list):
            if "items" in s:
                for i, item in enumerate(value):
                    errors += check(item, s["items"], f"{path}[{i}]")
            if len(value) < s.get("minItems", 0) or len(value) > s.get("maxItems", len(value)):
                errors.append(f"{path}: {len(value)} items")
        if isinstance(value, str):
            if "pattern" in s and not re.search(s["pattern"], value):
                errors.append(f"{path}: {value!r} does not match {s['pattern']}")
            if not s.get("minLength", 0) <= len(value) <= s.get("maxLength", len(value)):
                errors.append(f"{path}: length of {value!r}")
        if types_ok(value, "number") and not s.get("minimum", value) <= value <= s.get("maximum", value):
            errors.append(f"{path}: {value} out of range")
        return errors

    return check(instance, schema, "$")


def test_exported_schemas_are_json_schema_and_accept_the_packaged_files():
    exported = schemas("mitosz")
    assert set(exported) == {"set", "card", "deck"}
    json.dumps(exported)  # plain JSON
    smp_raw = raw_smp()
    for name, schema in exported.items():
        assert schema["type"] == "object" and schema["additionalProperties"] is False and schema["title"]
        refs = set(re.findall(r'"\$ref": "#/\$defs/([^"]+)"', json.dumps(schema)))
        assert refs <= set(schema.get("$defs", {})), refs - set(schema.get("$defs", {}))
        for sub in schema.get("$defs", {}).values():  # extra="forbid" everywhere
            if sub.get("type") == "object" and "properties" in sub:
                assert sub.get("additionalProperties") is False, sub.get("title")
    assert validate_json(smp_raw, exported["set"]) == []
    for card in smp_raw["cards"]:
        assert validate_json(card, exported["card"]) == [], card["id"]
    for deck in ("dawn-court", "frost-clans"):
        assert validate_json(yaml.safe_load((DATA / f"deck-{deck}.yaml").read_text(encoding="utf-8")), exported["deck"]) == []


@pytest.mark.parametrize("change", [
    lambda c: c["maneuvers"][0]["effect"].__setitem__(0, {"drwa": {"n": 1}}),
    lambda c: c["maneuvers"][0]["effect"].__setitem__(0, {"draw": {"n": 1}, "mill": {"n": 1}}),
    lambda c: c["maneuvers"][0]["effect"][0]["draw"].update(count=1),
    lambda c: c.update(card_type="leeder"),
    lambda c: c.update(subtypes=["warlort"]),
    lambda c: c.pop("name"),
    lambda c: c.update(level="three"),
    lambda c: c["maneuvers"][0].update(conditions=["sacrifice_usr"]),
    lambda c: c["maneuvers"][0].update(targets={"x1": {"select": "self"}}),
    lambda c: c.update(number=5),
])
def test_exported_card_schema_rejects_what_the_models_reject(change):
    card = copy.deepcopy(card_raw(raw_smp(), "SMP-015"))
    assert validate_json(card, schemas("mitosz")["card"]) == []
    change(card)
    assert validate_json(card, schemas("mitosz")["card"]) != []
    with pytest.raises(Exception):
        Card.model_validate(card)


def test_schema_models_validate_the_packaged_files_directly():
    assert len(CardSet.model_validate(raw_smp()).cards) == 48
    for deck in ("dawn-court", "frost-clans"):
        assert Deck.model_validate(yaml.safe_load((DATA / f"deck-{deck}.yaml").read_text(encoding="utf-8"))).size() == 60


# -- the rule IDs the data layer cites, each with a test named after it ------------------------------------
def test_MIT_3_1_c_a_high_god_has_four_sphere_maxima_from_0_to_6(tmp_path, smp):
    assert smp.card("SMP-002").sphere_max.as_dict() == {"magic": 3, "influence": 2, "wealth": 3, "force": 6}
    e = card_problem(tmp_path, "SMP-002", lambda c: c["sphere_max"].pop("wealth"))
    assert e.field == "sphere_max.wealth" and "Field required" in str(e)
    e = card_problem(tmp_path, "SMP-002", lambda c: c["sphere_max"].update(magic=-1))
    assert e.field == "sphere_max.magic"


def test_MIT_3_2_nations_have_roads_and_no_summoning_cost(tmp_path, smp):
    assert smp.card("SMP-035").roads.as_dict() == {"N": 1, "E": 1, "W": 1}
    e = card_problem(tmp_path, "SMP-035", lambda c: c["roads"].update(N=-1))
    assert e.field == "roads.N"


def test_MIT_4_2_1_timing_markers(tmp_path):
    e = card_problem(tmp_path, "SMP-015", lambda c: c["maneuvers"][0].update(timing=["reaction", "reaction"]))
    assert e.field == "maneuvers[0].timing[1]" and "listed twice" in str(e)
    e = card_problem(tmp_path, "SMP-015", lambda c: c["maneuvers"][0].update(timing="reaction"))
    assert e.field == "maneuvers[0].timing" and "valid list" in str(e)


def test_MIT_4_2_2_a_usage_cost_is_a_vector_of_sphere_points(tmp_path, smp):
    assert smp.card("SMP-099").maneuvers[0].cost.as_dict() == {"magic": 0, "influence": 3, "wealth": 0, "force": 0}
    e = card_problem(tmp_path, "SMP-099", lambda c: c["maneuvers"][0].update(cost={"influence": -3}))
    assert e.field == "maneuvers[0].cost.influence" and "greater than or equal to 0" in str(e)


def test_MIT_4_2_5_a_maneuver_may_give_a_level(tmp_path, smp):
    assert smp.card("SMP-097").level == 2 and smp.card("SMP-097").maneuvers[0].level is None
    raw = raw_smp()
    card_raw(raw, "SMP-015")["maneuvers"][0]["level"] = -1  # a bound maneuver printed with a level
    assert CardSet.model_validate(raw).card("SMP-015").maneuvers[0].level == -1


def test_MIT_5_11_requires_is_a_state_requirement(tmp_path):
    raw = raw_smp()
    card_raw(raw, "SMP-015")["maneuvers"][0]["conditions"] = [
        {"requires": {"count": {"filter": {"card_type": ["nation"], "controller": "self"}}, "ge": 2}}]
    cond = CardSet.model_validate(raw).card("SMP-015").maneuvers[0].conditions[0].requires
    assert cond.ge == 2 and cond.count.filter.card_type == ["nation"]
    e = card_problem(tmp_path, "SMP-015", lambda c: c["maneuvers"][0].update(
        conditions=[{"requires": {"count": {"filter": {}}}}]))
    assert "give at least one of lt, le, eq, ge, gt" in str(e)


def test_MIT_6_3_7_a_maneuver_may_or_must_be_used_on_entering(tmp_path):
    raw = raw_smp()
    card_raw(raw, "SMP-015")["maneuvers"][0]["on_enter"] = "must"
    assert CardSet.model_validate(raw).card("SMP-015").maneuvers[0].on_enter == "must"
    e = card_problem(tmp_path, "SMP-015", lambda c: c["maneuvers"][0].update(on_enter="always"))
    assert e.field == "maneuvers[0].on_enter"


@pytest.mark.parametrize("card_id", ["SMP-001", "SMP-031", "SMP-072", "SMP-091"])
def test_MIT_6_3_8_b_cards_never_summoned_have_no_summoning_cost(tmp_path, card_id):
    e = card_problem(tmp_path, card_id, lambda c: c.update(cost={"magic": 1}))
    assert e.field == "cost" and "is not summoned and has no summoning cost" in str(e)
