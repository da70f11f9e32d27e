"""muhq's data layer (spec 6, spec 7): the board and card models, the packaged boards and sets, loading by
name, cross-checks, error messages, and the exported JSON Schemas.

The expected counts and values are written out again here from the specification; where the specification
lies beside the checkout, the packaged files are also compared with its YAML blocks.
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest
import yaml

from cardtable.engine import CardtableError, DataError, load
from cardtable.engine.registry import schema_names, schemas
from cardtable.games.muhq import data as D
from cardtable.games.muhq import schema as S
from tests.spec import spec_text

ROOT = Path(__file__).resolve().parents[3]
DATA = ROOT / "src" / "cardtable" / "games" / "muhq" / "data"
BOARDS = ["arena-9", "bastion-run", "river-crown", "three-hills"]
SETS = ["core", "tide", "vanguard"]
SPEC_SECTIONS = {"river-crown": "6.2", "three-hills": "6.3", "bastion-run": "6.4", "arena-9": "6.5",
                 "core": "7.8", "vanguard": "7.9", "tide": "7.10"}


@pytest.fixture(autouse=True)
def no_user_dir(monkeypatch):
    monkeypatch.delenv("CARDTABLE_DATA_DIR", raising=False)


@pytest.fixture
def data_dir(tmp_path, monkeypatch):
    """A user data directory ($CARDTABLE_DATA_DIR) with its muhq/ folder."""
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    folder = tmp_path / "muhq"
    folder.mkdir()
    return folder


def raw(name: str) -> dict:
    return yaml.safe_load((DATA / f"{name}.yaml").read_text(encoding="utf-8"))


def write(path: Path, doc: dict) -> Path:
    path.write_text(yaml.safe_dump(doc, sort_keys=False, allow_unicode=True), encoding="utf-8")
    return path


# -- the packaged files ------------------------------------------------------------------------------------
def test_packaged_boards_and_sets_are_listed_and_load():
    assert D.board_names() == BOARDS and D.set_names() == SETS
    for name in BOARDS:
        assert D.load_board(name).id == name
    for name in SETS:
        assert D.load_set(name).set == name


@pytest.mark.parametrize("name,cards,draftable,tokens", [("core", 6, 0, 0), ("vanguard", 26, 25, 1),
                                                          ("tide", 27, 26, 1)])
def test_set_counts_match_the_spec(name, cards, draftable, tokens):
    card_set = D.load_set(name)
    assert len(card_set.cards) == cards
    assert len(card_set.pool_cards()) == draftable and len(card_set.tokens()) == tokens
    assert all(c.id.startswith(f"{name}/") for c in card_set.cards)


@pytest.mark.parametrize("name,types", [
    ("vanguard", {"unit": 13, "artifact": 3, "equipment": 3, "spell": 7}),  # 12 units + the Levy token
    ("tide", {"unit": 13, "artifact": 3, "equipment": 3, "spell": 8}),  # 7 spells + the Brine Bubble token
    ("core", {"unit": 3, "artifact": 1, "equipment": 1, "spell": 1}),
])
def test_card_types_per_set(name, types):
    found: dict[str, int] = {}
    for card in D.load_set(name).cards:
        found[card.type] = found.get(card.type, 0) + 1
    assert found == types


@pytest.mark.parametrize("name", BOARDS + SETS)
def test_packaged_files_are_the_spec_yaml(name):
    """Every board of 6.2–6.5 and every card of 7.8–7.10, with every field, as the spec writes it."""
    spec = spec_text("muhq.md")
    if spec is None:
        pytest.skip("the specification is not beside the checkout")
    section = SPEC_SECTIONS[name]
    start = spec.index(f"### {section} ")
    block = re.search(r"```yaml\n(.*?)```", spec[start:], re.S).group(1)
    assert without_translations(raw(name)) == yaml.safe_load(block)


def without_translations(data):
    """The file as the spec writes it: the German and Hungarian beside the English (``translations``, issue 35)
    are cardtable's, not the spec's."""
    if isinstance(data, dict):
        return {k: without_translations(v) for k, v in data.items() if k != "translations"}
    if isinstance(data, list):
        return [without_translations(v) for v in data]
    return data


def test_sample_boards_values():
    river = D.load_board("river-crown")
    assert (river.players, river.width, river.height, river.hand_size, river.income.base) == (2, 7, 7, 3, 2)
    assert river.field_at(0, 3).type == "deep_water" and river.field_at(3, 3).type == "normal"
    assert river.field_at(1, 2).type == "high_ground" and river.spawn_fields(0)[-1] == (0, 3)
    assert [(o.card, o.seat, o.at, o.role) for o in river.objects] == [
        ("core/sovereign", 0, (3, 6), "vip"), ("core/sovereign", 1, (3, 0), "vip")]
    assert [v.kind for v in river.victory] == ["vip"]
    hills = D.load_board("three-hills")
    assert sorted(hills.area_fields("center")) == [(2, 2), (2, 3), (3, 2), (3, 3)]
    assert hills.area_fields("west_hill") == [(1, 1)] and hills.field_at(1, 1).type == "high_ground"
    assert {a: v.points for a, v in hills.areas.items()} == {"center": 2, "west_hill": 1, "east_hill": 1}
    assert hills.field_at(4, 1).income == 1 and hills.field_at(0, 0).income == 0
    race = hills.victory[1]
    assert (hills.victory[0].kind, hills.victory[0].target) == ("capture_points", 8)
    assert (race.kind, race.target, race.combat_steal) == ("resource_race", 20, 1)
    bastion = D.load_board("bastion-run")
    assert bastion.field_at(3, 0).type == "wall" and bastion.starting_resource == 1
    assert [o.role for o in bastion.objects] == ["building"] * 4 + ["victory_item"]
    assert bastion.objects[-1].seat == "neutral"
    arena = D.load_board("arena-9")
    assert arena.test and arena.victory == [] and len(arena.spawn_fields(1)) == 9
    assert D.board_cards(bastion)["core/crown_of_embers"].keywords.durability == 9


def test_sample_cards_spot_checks():
    cards = D.catalogue()
    assert len(cards) == 59
    wagon, galley = cards["vanguard/siege_wagon"], cards["tide/war_galley"]
    assert wagon.keywords.crew == 2 and galley.keywords.crew == 3 and galley.keywords.swimming is True
    assert cards["vanguard/pikeman"].upkeep == 1 and cards["core/recruit"].upkeep == 0
    assert cards["vanguard/field_medic"].attack == [] and cards["vanguard/levy"].token
    assert cards["vanguard/iron_helm"].mode == ["alone", "next_unit"]  # the default of 7.2
    assert cards["core/sovereign"].play is None and not cards["core/sovereign"].in_pool
    challenge = cards["vanguard/challenge"]
    assert challenge.targets["T2"].legal_defender_for == "T1" and challenge.effect[0].attacker_damage_bonus == 1
    requisition = cards["vanguard/requisition"].extra_cost[0].sacrifice
    assert requisition.types() == ("artifact",) and requisition.landmark is False
    caltrops = cards["vanguard/caltrops"].abilities[0]
    assert caltrops.trigger.event == "ends_move" and caltrops.trigger.subject.filter.controller == "enemy"
    assert caltrops.if_.in_range.object == "event.unit"
    smuggler = cards["tide/smuggler"].abilities[0].effect[0]
    assert smuggler.from_.controller_of == "event.damaged"
    assert cards["tide/drowned_thrall"].abilities[0].when.event == "dies"
    assert cards["tide/reef_guardian"].keywords.protection_from[0].buy_gt == 5
    assert cards["tide/lighthouse"].abilities[0].remove == ["veiled"]
    assert cards["tide/perish"].name == "Perish!"
    mist = cards["tide/paralyzing_mist"].effect[1].to
    assert mist.each == "unit" and mist.filter.other_than == "T1" and mist.within.of == "T1"


# -- the vocabulary of spec 7.3–7.7 ------------------------------------------------------------------------
def test_every_kind_of_the_spec_is_modelled():
    assert set(S.STEP_MODELS) == {"damage", "heal", "add_marker", "remove_marker", "gain_resource", "lose_resource",
                                  "steal_resource", "draw", "create_token", "destroy", "return_to_hand",
                                  "gain_control", "modify_until_eot", "combat", "reduce_durability"}
    assert set(S.ABILITY_MODELS) == {"static", "trigger", "free_action", "full_action"}
    assert set(S.COST_MODELS) == {"resource", "discard", "tap", "sacrifice"}
    assert set(S.CONDITION_MODELS) == {"in_range", "resource_at_least", "controls_at_least"}
    assert set(S.VICTORY_MODELS) == {"vip", "resource_race", "capture_points", "destroy_buildings", "victory_item"}
    assert set(S.Keywords.model_fields) == {"armor", "crew", "solid", "durability", "veiled", "swimming", "landmark",
                                            "protection_from"}
    assert set(S.Filter.model_fields) == {"controller", "type", "name", "buy_gt", "buy_lt", "life_le", "other_than",
                                          "landmark"}
    assert set(S.EVENTS) == {"enters", "dies", "activated", "attacks", "deals_combat_damage", "is_dealt_damage",
                             "ends_move", "upkeep_start"}
    assert set(S.Modify.model_fields) == {"attack", "range", "movement", "armor", "life"}
    assert S.TARGET_KINDS == ("unit", "artifact", "equipment", "permanent", "player")


def everything_set() -> dict:
    """One set that uses every op, ability kind, cost, condition, event, keyword, filter key and target kind."""
    steps = [
        {"do": "damage", "to": "T1", "amount": 2}, {"do": "heal", "to": "T2", "amount": 1},
        *({"do": "add_marker", "to": "T1", "marker": m, "count": 1} for m in S.MARKERS),
        {"do": "remove_marker", "to": {"each": "unit", "filter": {"controller": "you"}}, "marker": "poison", "count": "all"},
        {"do": "gain_resource", "player": "you", "amount": 1}, {"do": "lose_resource", "player": "T4", "amount": 1},
        {"do": "steal_resource", "from": {"controller_of": "T1"}, "amount": 1},
        {"do": "draw", "player": {"each": "player", "filter": {"controller": "any"}}, "count": 1},
        {"do": "create_token", "card": "all/token_unit", "zone": "board", "field": "own_spawn", "count": 1},
        {"do": "create_token", "card": "all/token_unit", "zone": "board", "field": {"adjacent_to": "T1"}, "count": 2},
        {"do": "create_token", "card": "all/token_spell", "zone": "hand", "count": 1},
        {"do": "destroy", "to": "T6"}, {"do": "return_to_hand", "to": "T7"},
        {"do": "gain_control", "to": "T1", "player": "you"},
        {"do": "modify_until_eot", "to": "T2", "modify": {"attack": 1, "range": 1, "movement": -1, "armor": 2, "life": 1}},
        {"do": "combat", "attacker": "T2", "defender": "T3", "attacker_damage_bonus": 1},
        {"do": "reduce_durability", "to": "T5", "amount": 1},
    ]
    targets = {
        "T1": {"kind": "unit", "filter": {"controller": "enemy", "buy_gt": 2, "buy_lt": 9, "life_le": 3,
                                          "name": "Token Unit"}, "within": {"range": 3, "of": "unit_you_control"}},
        "T2": {"kind": "unit", "filter": {"controller": "you", "other_than": "T1"}, "within": {"range": 2, "of": "T1"},
               "in_pile_ok": True},
        "T3": {"kind": "unit", "legal_defender_for": "T2"},
        "T4": {"kind": "player", "filter": {"controller": "enemy"}},
        "T5": {"kind": "equipment"},
        "T6": {"kind": "artifact", "filter": {"controller": "neutral", "type": ["artifact", "equipment"]}},
        "T7": {"kind": "permanent", "filter": {"controller": "any", "landmark": False}},
    }
    triggers = [{"kind": "trigger", "whenever" if i % 2 else "when": {"event": event}, "effect": [
        {"do": "damage", "to": {"each": "unit", "within": {"range": 1, "of": "event.unit"}}, "amount": 1}]}
        for i, event in enumerate(S.EVENTS)]
    triggers[0]["if"] = {"in_range": {"object": "event.unit", "of": "self", "range": 2}}
    triggers[1]["if"] = {"resource_at_least": 3}
    triggers[2]["if"] = {"controls_at_least": {"filter": {"type": "unit"}, "count": 2}}
    triggers[3]["effect"] = [{"do": "damage", "to": "event.defender", "amount": 1}]  # attacks
    triggers[4]["effect"] = [{"do": "damage", "to": "event.damaged", "amount": 1}]  # deals_combat_damage
    return {"format": "muhq-cards/1", "set": "all", "name": "Everything", "cards": [
        {"id": "all/token_unit", "name": "Token Unit", "type": "unit", "token": True, "life": 1, "movement": 1},
        {"id": "all/token_spell", "name": "Token Spell", "type": "spell", "token": True, "play": 0,
         "effect": [{"do": "draw", "player": "you", "count": 1}]},
        {"id": "all/every_step", "name": "Every Step", "type": "spell", "buy": 4, "play": 1, "copies": 2,
         "extra_cost": [{"resource": 1}, {"discard": 1}, {"sacrifice": {"type": "artifact", "landmark": False}}],
         "targets": targets, "effect": steps, "text": "Everything."},
        {"id": "all/every_ability", "name": "Every Ability", "type": "unit", "buy": 6, "play": 0, "upkeep": 2,
         "life": 3, "movement": 2, "attack": [{"value": 1, "range": 1}, {"value": 1, "range": 3}],
         "keywords": {"armor": 1, "crew": True, "veiled": True, "swimming": True, "landmark": True,
                      "protection_from": [{"type": "spell"}, {"name": "Every Step"}, {"type": "unit", "buy_gt": 5}]},
         "abilities": [
             {"kind": "static", "applies_to": "self", "modify": {"armor": 1}, "add_attack": [{"value": 1, "range": 2}],
              "grant": ["veiled"], "remove": ["swimming", "armor", "crew", "solid", "protection_from", "landmark"]},
             *triggers,
             {"kind": "free_action", "cost": [{"tap": "self"}, {"resource": 1}, {"discard": 2},
                                              {"sacrifice": {"type": "unit", "other_than": "self"}}],
              "targets": {"T1": {"kind": "player"}}, "effect": [{"do": "draw", "player": "T1", "count": 1}]},
             {"kind": "full_action", "effect": [{"do": "heal", "to": "self", "amount": 1}]},
         ]},
        {"id": "all/gear", "name": "Gear", "type": "equipment", "buy": 2, "play": 1, "mode": ["alone"],
         "keywords": {"durability": 3, "solid": 2},
         "abilities": [{"kind": "static", "applies_to": "equipped_unit", "grant": ["swimming"]},
                       {"kind": "trigger", "whenever": {"event": "attacks", "subject": "equipped_unit"},
                        "effect": [{"do": "damage", "to": "event.defender", "amount": 1}]}]},
    ]}


def test_every_kind_can_be_written_and_validates():
    doc = everything_set()
    card_set = S.CardSet.model_validate(doc)
    assert card_set.card("all/every_ability").keywords.crew == 1  # "crew" without a number is crew 1
    assert {type(s).__name__ for s in card_set.card("all/every_step").effect} == \
        {m.__name__ for m in S.STEP_MODELS.values()}
    events = {a.trigger.event for a in card_set.card("all/every_ability").abilities if isinstance(a, S.TriggerAbility)}
    assert events == set(S.EVENTS)
    assert validate_json(doc, schemas("muhq")["set"]) == []


# -- bad files: each error names the file, the entry, the field and the reason ------------------------------
BAD_SETS = [
    # label, set, text replaced, replacement, entry, field, words of the reason
    ("yaml syntax", "vanguard", "{do: damage, to: T1, amount: 2}", "{do: damage, to: T1, amount: 2",
     "near card vanguard/volley", None, "not valid YAML"),
    ("unknown op", "vanguard", "{do: damage, to: T1, amount: 2}", "{do: dmg, to: T1, amount: 2}",
     "card vanguard/volley 'Volley' at cards[18]", "effect[0].do", "unknown effect step 'dmg' (did you mean 'damage'?)"),
    ("unknown parameter", "vanguard", "{do: damage, to: T1, amount: 2}", "{do: damage, to: T1, amount: 2, bonus: 1}",
     "card vanguard/volley 'Volley' at cards[18]", "effect[0].bonus", "Extra inputs are not permitted"),
    ("wrong field type", "vanguard", "movement: 4", "movement: four",
     "card vanguard/outrider 'Outrider' at cards[4]", "movement", "valid integer"),
    ("unit without movement", "vanguard", "    movement: 4\n", "",
     "card vanguard/outrider 'Outrider' at cards[4]", "movement", "a unit needs 'movement'"),
    ("unknown field", "vanguard", "movement: 4", "movment: 4",
     "card vanguard/outrider 'Outrider' at cards[4]", "movment", "unknown field (did you mean 'movement'?)"),
    ("bad card type", "vanguard", "    type: artifact\n    buy: 5", "    type: artefact\n    buy: 5",
     "card vanguard/watchtower 'Watchtower' at cards[12]", "type", "'artefact' is not allowed (did you mean 'artifact'?)"),
    ("bad marker", "vanguard", "marker: protection, count: 2", "marker: protecton, count: 2",
     "card vanguard/shield_wall 'Shield Wall' at cards[19]", "effect[0].marker", "(did you mean 'protection'?)"),
    ("bad cost", "vanguard", "cost: [{discard: 1}]", "cost: [{discrad: 1}]",
     "card vanguard/shield_bearer 'Shield Bearer' at cards[3]", "abilities[0].cost[0].discrad",
     "unknown cost 'discrad' (did you mean 'discard'?)"),
    ("bad event", "vanguard", "event: is_dealt_damage", "event: is_delt_damage",
     "card vanguard/berserker 'Berserker' at cards[7]", "abilities[0].whenever.event", "(did you mean 'is_dealt_damage'?)"),
    ("bad keyword", "vanguard", "keywords: {crew: 2}", "keywords: {crews: 2}",
     "card vanguard/siege_wagon 'Siege Wagon' at cards[5]", "keywords.crews", "(did you mean 'crew'?)"),
    ("bad ability kind", "vanguard", "  - kind: full_action\n        effect:\n          - {do: gain_resource",
     "  - kind: fullaction\n        effect:\n          - {do: gain_resource",
     "card vanguard/forager 'Forager' at cards[10]", "abilities[0].kind", "(did you mean 'full_action'?)"),
    ("undeclared target", "vanguard", "{do: damage, to: T1, amount: 2}", "{do: damage, to: T2, amount: 2}",
     "card vanguard/volley 'Volley' at cards[18]", "effect[0].to", "T2 is not declared in 'targets' (declared: T1)"),
    ("misspelt reference", "vanguard", "{do: damage, to: T1, amount: 2}", "{do: damage, to: slef, amount: 2}",
     "card vanguard/volley 'Volley' at cards[18]", "effect[0].to", "'slef' is not a reference to a permanent (did you mean 'self'?)"),
    ("self in a spell", "vanguard", "{do: damage, to: T1, amount: 2}", "{do: damage, to: self, amount: 2}",
     "card vanguard/volley 'Volley' at cards[18]", "effect[0].to", "a spell is not on the board"),
    ("event reference of another event", "vanguard", "{object: event.unit, of: self", "{object: event.damaged, of: self",
     "card vanguard/caltrops 'Caltrops' at cards[14]", "abilities[0].if.in_range.object",
     "event.damaged is known only to a trigger on the event deals_combat_damage, not ends_move"),
    ("event reference outside a trigger", "vanguard", "{do: damage, to: T1, amount: 2}",
     "{do: damage, to: event.unit, amount: 2}", "card vanguard/volley 'Volley' at cards[18]", "effect[0].to",
     "event.unit cannot be used here: only a trigger has an event"),
    ("equipped unit of a unit", "vanguard", "to: self, marker: rage", "to: equipped_unit, marker: rage",
     "card vanguard/berserker 'Berserker' at cards[7]", "abilities[0].effect[0].to", "only an equipment has an equipped unit"),
    ("target named before it is declared", "vanguard", "T1: {kind: unit, filter: {controller: you}}\n      T2",
     "T1: {kind: unit, filter: {controller: you}, within: {range: 1, of: T2}}\n      T2",
     "card vanguard/challenge 'Challenge' at cards[24]", "targets.T1.within.of", "T2 is not declared before this target"),
    ("unknown token", "vanguard", "card: vanguard/levy", "card: vanguard/levvy",
     "card vanguard/conscription 'Conscription' at cards[22]", "effect[0].card",
     "no card vanguard/levvy in set vanguard (did you mean 'vanguard/levy'?)"),
    ("token in the wrong zone", "vanguard", "card: vanguard/levy, zone: board, field: own_spawn",
     "card: vanguard/levy, zone: hand", "card vanguard/conscription 'Conscription' at cards[22]", "effect[0].zone",
     "permanent token: it exists only on the board (MUHQ-TOKEN-2)"),
    ("token on the board without a field", "vanguard", "zone: board, field: own_spawn, count: 1", "zone: board, count: 1",
     "card vanguard/conscription 'Conscription' at cards[22]", "effect[0].field", "needs 'field'"),
    ("duplicate id", "vanguard", "  - id: vanguard/outrider", "  - id: vanguard/pikeman",
     "card vanguard/pikeman 'Outrider' at cards[4]", "id", "id vanguard/pikeman is used twice (cards[0] and cards[4])"),
    ("duplicate name", "vanguard", "    name: Outrider", "    name: Pikeman",
     "card vanguard/outrider 'Pikeman' at cards[4]", "name", "names are unique in the pool (MUHQ-CARD-6)"),
    ("id of another set", "vanguard", "  - id: vanguard/outrider", "  - id: tide/outrider",
     "card tide/outrider 'Outrider' at cards[4]", "id", "write vanguard/outrider"),
    ("equipment without durability", "vanguard", "keywords: {durability: 2}\n    abilities:\n      - kind: static\n"
     "        applies_to: equipped_unit\n        modify: {armor: 1}", "abilities:\n      - kind: static\n"
     "        applies_to: equipped_unit\n        modify: {armor: 1}", "card vanguard/iron_helm 'Iron Helm' at cards[15]",
     "keywords.durability", "an equipment needs keywords.durability (MUHQ-EQUIP-1)"),
    ("crew on an artifact", "vanguard", "keywords: {solid: 5}", "keywords: {solid: 5, crew: 1}",
     "card vanguard/watchtower 'Watchtower' at cards[12]", "keywords.crew", "crew is for unit cards, not an artifact"),
    ("life of a spell", "vanguard", "    type: spell\n    buy: 3\n    play: 1\n    targets:\n      T1: {kind: unit, within",
     "    type: spell\n    life: 1\n    buy: 3\n    play: 1\n    targets:\n      T1: {kind: unit, within",
     "card vanguard/volley 'Volley' at cards[18]", "life", "'life' is for units, not a spell"),
    ("token with a buy cost", "vanguard", "    token: true\n", "    token: true\n    buy: 1\n",
     "card vanguard/levy 'Levy' at cards[25]", "buy", "a token has no buy cost (MUHQ-TOKEN-1)"),
    ("wrong format", "vanguard", "format: muhq-cards/1", "format: muhq-cards/2", "set vanguard", "format",
     "'muhq-cards/2' is not allowed (did you mean 'muhq-cards/1'?)"),
    ("unknown protection name", "tide", 'protection_from: [{name: "Perish!"}]', 'protection_from: [{name: "Perish"}]',
     "card tide/lantern_warden 'Lantern Warden' at cards[12]", "keywords.protection_from[0].name",
     "no card is called 'Perish'"),
    ("upkeep_start about another subject", "tide", "whenever: {event: upkeep_start, subject: self}",
     "whenever: {event: upkeep_start, subject: equipped_unit}", "card tide/sunken_idol 'Sunken Idol' at cards[14]",
     "abilities[0].whenever.subject", "its subject is self"),
    ("player target as a permanent", "tide", "T1: {kind: unit, within: {range: 3, of: unit_you_control}}\n    effect:\n"
     "      - {do: add_marker, to: T1, marker: rage", "T1: {kind: player}\n    effect:\n      - {do: add_marker, to: T1, "
     "marker: rage", "card tide/enrage 'Enrage' at cards[21]", "effect[0].to", "T1 is a player target, not a permanent"),
    ("duplicate key", "vanguard", "    movement: 4\n", "    movement: 4\n    movement: 5\n", None, None,
     "the key 'movement' appears twice"),
]


def edited(tmp_path: Path, name: str, old: str, new: str) -> Path:
    """A copy of the packaged file ``name`` in which ``old`` (found once) is replaced by ``new``."""
    text = (DATA / f"{name}.yaml").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    path = tmp_path / f"{name}.yaml"
    path.write_text(text.replace(old, new), encoding="utf-8")
    return path


def assert_names_the_problem(load, path: Path, entry: str | None, field: str | None, words: str) -> None:
    """``load(path)`` fails with an error that names the file, the entry, the field, the line and the reason."""
    with pytest.raises(D.MuhqDataError) as info:
        load(path)
    e = info.value
    assert isinstance(e, DataError) and isinstance(e, CardtableError)
    assert e.file == str(path) and str(e).startswith(f"{path}: ")
    assert (e.entry, e.field) == (entry, field) and words in e.reason, str(e)
    assert e.line is not None and e.line > 2
    for part in (entry, field and f"field {field!r}", words, f"line {e.line}"):
        assert part is None or part in str(e)


@pytest.mark.parametrize("label,name,old,new,entry,field,words", BAD_SETS, ids=[b[0] for b in BAD_SETS])
def test_a_bad_set_file_names_the_file_the_card_the_field_and_the_reason(tmp_path, label, name, old, new, entry,
                                                                         field, words):
    assert_names_the_problem(D.load_set_file, edited(tmp_path, name, old, new), entry, field, words)


def line_of(text: str, needle: str) -> int:
    return text[:text.index(needle)].count("\n") + 1


@pytest.mark.parametrize("old,new", [("{do: damage, to: T1, amount: 2}", "{do: dmg, to: T1, amount: 2}"),
                                     ("movement: 4", "movment: 4"), ("keywords: {crew: 2}", "keywords: {crew: two}")])
def test_the_line_is_the_line_of_the_field(tmp_path, old, new):
    path = edited(tmp_path, "vanguard", old, new)
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set_file(path)
    assert info.value.line == line_of(path.read_text(encoding="utf-8"), new)


def test_every_problem_of_one_entry_is_reported(tmp_path):
    path = edited(tmp_path, "vanguard", "{do: damage, to: T1, amount: 2}", "{do: damage, to: T1, amont: 2}")
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set_file(path)
    fields = {p[1]: p[3] for p in info.value.problems}
    assert fields["effect[0].amount"] == "Field required"
    assert "unknown field (did you mean 'amount'?)" in fields["effect[0].amont"]


def set_problem(tmp_path, name: str, change) -> DataError:
    doc = raw(name)
    change(doc)
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set_file(write(tmp_path / f"{name}.yaml", doc))
    return info.value


def card(doc: dict, card_id: str) -> dict:
    (c,) = [c for c in doc["cards"] if c["id"] == card_id]
    return c


@pytest.mark.parametrize("card_id,change,field,words", [
    ("vanguard/supply_depot", lambda c: c["abilities"][0].update(kind="full_action") or c["abilities"][0].pop("cost"),
     "abilities[0].kind", "a full action uses a unit's move and attack action (MUHQ-UNIT-6); an artifact has none"),
    ("vanguard/caltrops", lambda c: c["abilities"][0].update(whenever={"event": "dies"}), "abilities[0].whenever.event",
     "only a unit dies; this card is an artifact"),
    ("vanguard/caltrops", lambda c: c["abilities"][0]["whenever"]["subject"].update(each="artifact"),
     "abilities[0].whenever.subject.each", "only a unit ends a move; write each: unit"),
    ("vanguard/caltrops", lambda c: c["abilities"][0].update(when=c["abilities"][0]["whenever"]),
     "abilities[0].whenever", "exactly one of 'whenever' and 'when'"),
    ("vanguard/caltrops", lambda c: c["abilities"][0].update(**{"if": {"in_range": {"object": "T1", "of": "self",
                                                                                   "range": 1}}}),
     "abilities[0].if.in_range.object", "T1 cannot be named here: the condition is checked when the event happens"),
    ("vanguard/caltrops", lambda c: c["abilities"][0]["whenever"].update(subject={"each": "unit", "within": {
        "range": 1, "of": "event.unit"}}), "abilities[0].whenever.subject.within.of",
     "the subject says what the event is about; it cannot name the event"),
    ("vanguard/veteran_captain", lambda c: c["abilities"][0]["applies_to"]["filter"].update(other_than="T1"),
     "abilities[0].applies_to.filter.other_than", "T1 cannot be named here: a static has no targets"),
    ("vanguard/veteran_captain", lambda c: c["abilities"][0].pop("modify"), "abilities[0]",
     "a static needs at least one of modify, add_attack, grant, remove"),
    ("vanguard/shield_bearer", lambda c: c["abilities"][0].update(cost=[]), "abilities[0].cost", "at least 1 item"),
    ("vanguard/requisition", lambda c: c.pop("play"), "extra_cost", "a card without 'play' cannot be played"),
    ("vanguard/requisition", lambda c: c["extra_cost"].append({"tap": "self"}), "extra_cost[1].tap",
     "cannot be tapped"),
    ("vanguard/requisition", lambda c: c["extra_cost"].append({"resource": 1, "discard": 1}), "extra_cost[1]",
     "a cost is a mapping with exactly one key"),
    ("vanguard/challenge", lambda c: c["targets"]["T2"].update(legal_defender_for="T9"),
     "targets.T2.legal_defender_for", "T9 is not declared in 'targets' (declared: T1)"),
    ("vanguard/challenge", lambda c: c["targets"]["T1"].update(kind="player", filter={"controller": "you"}),
     "targets.T2.legal_defender_for", "T1 is a player target, not a permanent"),
    ("vanguard/challenge", lambda c: c["targets"]["T1"].update(kind="player", within={"range": 1, "of": "self"}),
     "targets.T1.within", "a player target takes no 'within'"),
    ("vanguard/war_banner", lambda c: c.update(mode=["alone", "alone"]), "mode[1]", "'alone' is listed twice"),
    ("vanguard/pikeman", lambda c: c.update(mode=["alone"]), "mode", "'mode' is for equipment, not a unit"),
    ("vanguard/pikeman", lambda c: c.update(copies=0), "copies", "greater than or equal to 1"),
    ("core/recruit", lambda c: c.update(copies=2), "copies", "a card without 'buy' is never in it (MUHQ-SETUP-2)"),
    ("vanguard/volley", lambda c: c.update(keywords={"veiled": True}), "keywords.veiled", "a spell is never on the board"),
    ("vanguard/volley", lambda c: c.update(effect=[]), "effect", "a spell needs an 'effect'"),
    ("vanguard/volley", lambda c: c.update(abilities=[{"kind": "full_action", "effect": [
        {"do": "draw", "player": "you", "count": 1}]}]), "abilities", "a spell has no abilities"),
    ("vanguard/pikeman", lambda c: c.update(effect=[{"do": "draw", "player": "you", "count": 1}]), "effect",
     "'effect' is for spells"),
    ("vanguard/banner_knight", lambda c: c["keywords"].update(protection_from=[{}]), "keywords.protection_from[0]",
     "an empty filter would mean protection from everything"),
    ("vanguard/banner_knight", lambda c: c["keywords"].update(veiled=False), "keywords.veiled", "True"),
    ("tide/reef_guardian", lambda c: c["keywords"]["protection_from"][0].update(buy_lt=6),
     "keywords.protection_from[0].buy_lt", "buy_gt 5 and buy_lt 6 together match no card"),
    ("vanguard/rally", lambda c: c["effect"][0].update(count=0), "effect[0].count", "greater than or equal to 1"),
    ("vanguard/rally", lambda c: c["effect"][0].update(count="every"), "effect[0].count", "expected one of: all"),
    ("vanguard/outrider", lambda c: c.update(attack=[{"value": 2, "range": 0}]), "attack[0].range",
     "greater than or equal to 1"),
])
def test_card_checks(tmp_path, card_id, change, field, words):
    e = set_problem(tmp_path, card_id.split("/")[0], lambda doc: change(card(doc, card_id)))
    assert e.entry.startswith(f"card {card_id}") and e.field == field and words in str(e), str(e)


def test_a_token_must_be_a_token_card(tmp_path):
    e = set_problem(tmp_path, "vanguard", lambda doc: card(doc, "vanguard/levy").pop("token"))
    assert e.entry.startswith("card vanguard/conscription") and e.field == "effect[0].card"
    assert "vanguard/levy 'Levy' is not a token card" in str(e)


def test_a_file_that_is_not_a_mapping_or_is_empty_or_not_utf8(tmp_path):
    for text, words in (("- 1\n- 2\n", "not list"), ("", "not nothing"), ("\xff", "UTF-8")):
        path = tmp_path / "core.yaml"
        path.write_bytes(text.encode("latin-1"))
        with pytest.raises(D.MuhqDataError, match=words):
            D.load_set_file(path)


def test_a_file_larger_than_the_limit_is_refused(tmp_path, monkeypatch):
    monkeypatch.setattr(D, "MAX_FILE_BYTES", 100)
    with pytest.raises(D.MuhqDataError, match="larger than 100 bytes"):
        D.load_set_file(write(tmp_path / "core.yaml", raw("core")))


# -- bad boards ----------------------------------------------------------------------------------------------
BAD_BOARDS = [
    # label, board, text replaced, replacement, entry, field, words of the reason
    ("off the board", "bastion-run", "at: [3, 2]", "at: [9, 2]", "object core/crown_of_embers at objects[4]", "at",
     "(9, 2) is not on the 7 × 5 board"),
    ("on a wall", "bastion-run", "at: [3, 2]", "at: [3, 0]", "object core/crown_of_embers at objects[4]", "at",
     "(3, 0) is a wall"),
    ("on a spawn field", "bastion-run", "at: [3, 2]", "at: [0, 2]", "object core/crown_of_embers at objects[4]", "at",
     "[0, 2] is a spawn field"),
    ("two objects on one field", "bastion-run", "at: [3, 2]", "at: [6, 4]", "object core/crown_of_embers at objects[4]",
     "at", "[6, 4] already holds objects[3]"),
    ("unknown card", "bastion-run", "card: core/crown_of_embers", "card: core/crown_of_ember",
     "object core/crown_of_ember at objects[4]", "card", "no card core/crown_of_ember in set core; did you mean "
                                                         "'core/crown_of_embers'?"),
    ("unknown set", "river-crown", "card: core/scout", "card: cor/scout", "starting card cor/scout at starting_deck[1]",
     "card", "no set 'cor' for cor/scout"),
    ("victory item not an equipment", "bastion-run", "card: core/crown_of_embers", "card: core/recruit",
     "object core/recruit at objects[4]", "card", "a victory_item is an equipment (MUHQ-WIN-7); core/recruit 'Recruit' is a unit"),
    ("object that is a spell", "bastion-run", "card: core/crown_of_embers, seat: neutral, at: [3, 2], role: victory_item",
     "card: core/coin_purse, seat: neutral, at: [3, 2], role: victory_item", "object core/coin_purse at objects[4]",
     "card", "core/coin_purse 'Coin Purse' is a spell; objects are permanents"),
    ("land object on deep water", "river-crown", "at: [3, 6]", "at: [2, 3]", "object core/sovereign at objects[0]", "at",
     "(2, 3) is deep water and core/sovereign 'Sovereign' cannot stand there: only a swimming permanent may stand on "
     "deep water (MUHQ-BOARD-5)"),
    ("layout row too short", "bastion-run", '  - ".^...^."\n  - "......."', '  - ".^...^."\n  - "......"',
     "layout row at layout[2]", None, "row y = 2 has 6 characters; 'width' is 7"),
    ("layout rows missing", "bastion-run", '  - "...#..."\nlegend', 'legend', "board bastion-run", "layout",
     "the layout has 4 rows; 'height' is 5"),
    ("character not in the legend", "three-hills", '".W..$."', '".W..%."', "layout row at layout[1]", None,
     "the character '%' at (4, 1) is not in the legend"),
    ("bad field type", "bastion-run", '"#": wall', '"#": wal', "board bastion-run", "legend.#",
     "'wal' is not allowed (did you mean 'wall'?)"),
    ("undeclared area", "three-hills", '"c": {type: normal, area: center}', '"c": {type: normal, area: centre}',
     "board three-hills", "legend.c.area", "area 'centre' is not declared under 'areas' (did you mean 'center'?)"),
    ("area without fields", "three-hills", "  east_hill: {points: 1}", "  east_hill: {points: 1}\n  moat: {points: 1}",
     "board three-hills", "areas.moat", "no field of the layout belongs to area 'moat'"),
    ("seat that does not exist", "bastion-run", "  1: [[6, 1], [6, 2], [6, 3]]", "  2: [[6, 1], [6, 2], [6, 3]]",
     "board bastion-run", "spawns.2", "there is no seat 2: the board has 2 players (seats 0–1)"),
    ("spawn off the board", "bastion-run", "  1: [[6, 1], [6, 2], [6, 3]]", "  1: [[6, 1], [6, 2], [6, 7]]",
     "board bastion-run", "spawns.1[2]", "(6, 7) is not on the 7 × 5 board"),
    ("spawn on a wall", "bastion-run", "  1: [[6, 1], [6, 2], [6, 3]]", "  1: [[6, 1], [6, 2], [3, 4]]",
     "board bastion-run", "spawns.1[2]", "(3, 4) is a wall"),
    ("spawn listed twice", "bastion-run", "  1: [[6, 1], [6, 2], [6, 3]]", "  1: [[6, 1], [6, 2], [6, 1]]",
     "board bastion-run", "spawns.1[2]", "[6, 1] is listed twice for seat 1"),
    ("seat without spawn", "arena-9", "  1: [[0, 0], [1, 0], [2, 0], [3, 0], [4, 0], [5, 0], [6, 0], [7, 0], [8, 0]]\n",
     "", "board arena-9", "spawns", "seat 1 has no spawn field"),
    ("no victory condition", "arena-9", "test: true\n", "", "board arena-9", "victory",
     "a board needs at least one victory condition (only a board with test: true may have none)"),
    ("vip missing", "river-crown", "  - {card: core/sovereign, seat: 1, at: [3, 0], role: vip}\n", "",
     "victory condition vip at victory[0]", None, "exactly one role: vip object per seat; seat 1 has 0"),
    ("two vips", "river-crown", "seat: 1, at: [3, 0], role: vip", "seat: 0, at: [3, 0], role: vip",
     "victory condition vip at victory[0]", None, "seat 0 has 2"),
    ("neutral vip", "river-crown", "seat: 1, at: [3, 0], role: vip", "seat: neutral, at: [3, 0], role: vip",
     "object core/sovereign at objects[1]", "seat", "a vip belongs to a seat, not neutral"),
    ("buildings missing", "bastion-run", "  - {card: core/bastion, seat: 1, at: [6, 0], role: building}\n"
     "  - {card: core/bastion, seat: 1, at: [6, 4], role: building}\n", "", "victory condition destroy_buildings at "
     "victory[0]", None, "at least one role: building object per seat; seat 1 has none"),
    ("role without its victory", "bastion-run", "  - {kind: destroy_buildings}\n", "",
     "object core/bastion at objects[0]", "role", "role 'building' serves the destroy_buildings victory, which this "
                                                  "board does not have"),
    ("bad victory kind", "bastion-run", "{kind: destroy_buildings}", "{kind: destroy_bulidings}",
     "victory condition destroy_bulidings at victory[0]", "kind", "unknown victory condition 'destroy_bulidings' "
                                                                  "(did you mean 'destroy_buildings'?)"),
    ("victory listed twice", "bastion-run", "  - {kind: victory_item}\n", "  - {kind: victory_item}\n  - {kind: victory_item}\n",
     "victory condition victory_item at victory[2]", "kind", "'victory_item' is listed twice"),
    ("victory item missing", "bastion-run", "  - {card: core/crown_of_embers, seat: neutral, at: [3, 2], role: victory_item}\n",
     "", "victory condition victory_item at victory[1]", None, "exactly one role: victory_item object; the board has 0"),
    ("capture points without areas", "three-hills", "areas:\n  center: {points: 2}\n  west_hill: {points: 1}\n"
     "  east_hill: {points: 1}\n", "", "board three-hills", "legend.c.area", "area 'center' is not declared"),
    ("resource race won at once", "three-hills", "starting_resource: 0", "starting_resource: 20",
     "victory condition resource_race at victory[1]", "target", "would win at once"),
    ("victory parameter missing", "three-hills", "{kind: capture_points, target: 8}", "{kind: capture_points}",
     "victory condition capture_points at victory[0]", "target", "Field required"),
    ("unknown victory parameter", "three-hills", "{kind: capture_points, target: 8}",
     "{kind: capture_points, target: 8, combat_steal: 1}", "victory condition capture_points at victory[0]",
     "combat_steal", "Extra inputs are not permitted"),
    ("too few players", "river-crown", "players: 2", "players: 1", "board river-crown", "players",
     "greater than or equal to 2"),
    ("negative hand size", "river-crown", "hand_size: 3", "hand_size: -1", "board river-crown", "hand_size",
     "greater than or equal to 0"),
    ("coordinate with three numbers", "river-crown", "at: [3, 6]", "at: [3, 6, 1]", "object core/sovereign at objects[0]",
     "at", "at most 2 items"),
    ("bad board id", "river-crown", "id: river-crown", "id: River_Crown", "board River_Crown", "id",
     "'River_Crown' is not a board id (kebab case)"),
    ("a set, not a board", "river-crown", "format: muhq-board/1", "format: muhq-cards/1", None, "format",
     "this file holds a card set (format muhq-cards/1), not a board"),
    ("legend key null", "river-crown", '  "~": deep_water', "  ~: deep_water", "board river-crown", "legend",
     "write each key in quotes"),
]


@pytest.mark.parametrize("label,name,old,new,entry,field,words", BAD_BOARDS, ids=[b[0] for b in BAD_BOARDS])
def test_a_bad_board_file_names_the_file_the_entry_the_field_and_the_reason(tmp_path, label, name, old, new, entry,
                                                                            field, words):
    assert_names_the_problem(D.load_board_file, edited(tmp_path, name, old, new), entry, field, words)


def test_json_keys_and_yaml_number_keys_are_read_as_the_spec_means(tmp_path):
    doc = json.loads(json.dumps(raw("river-crown")))  # JSON: the seats are "0", "1"
    assert list(doc["spawns"]) == ["0", "1"]
    path = tmp_path / "river-crown.yaml"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert D.load_board_file(path).spawn_fields(1)[0] == (1, 0)
    doc = raw("river-crown")
    doc["layout"] = [row.replace("^", "1") for row in doc["layout"]]
    doc["legend"] = {".": "normal", 1: "high_ground", "~": "deep_water"}  # YAML reads `1:` as a number
    assert D.load_board_file(write(tmp_path / "river-crown.yaml", doc)).field_at(1, 2).type == "high_ground"


def test_a_swimming_object_must_stand_on_deep_water(tmp_path):
    doc = raw("river-crown")
    doc["objects"].append({"card": "tide/harpoon_skiff", "seat": 0, "at": [2, 6]})
    with pytest.raises(D.MuhqDataError, match=r"a swimming permanent may stand only on deep water") as info:
        D.load_board_file(write(tmp_path / "river-crown.yaml", doc))
    assert info.value.entry == "object tide/harpoon_skiff at objects[2]" and info.value.field == "at"
    doc["objects"][-1]["at"] = [2, 3]
    assert D.load_board_file(write(tmp_path / "river-crown.yaml", doc)).objects[-1].role == "none"


def test_every_problem_of_a_board_cross_check_is_reported(tmp_path):
    doc = raw("bastion-run")
    doc["starting_deck"][0]["card"] = "core/recruti"
    doc["objects"][4]["card"] = "core/scout"
    with pytest.raises(D.MuhqDataError) as info:
        D.load_board_file(write(tmp_path / "bastion-run.yaml", doc))
    assert [p[1] for p in info.value.problems] == ["card", "card"]
    assert "did you mean 'core/recruit'?" in info.value.problems[0][3]
    assert "(and" not in str(info.value) and "core/scout 'Scout' is a unit" in str(info.value)


# -- names, never paths; the user directory ---------------------------------------------------------------------
@pytest.mark.parametrize("load", [D.load_set, D.load_board])
@pytest.mark.parametrize("bad", ["../core", "/etc/passwd", "core.yaml", "data/core", "..", "", "a b", "~/x", "c:\\x",
                                 "Core", None, 3, "x" * 65])
def test_names_not_paths(load, bad):
    with pytest.raises(D.MuhqDataError, match="never a path"):
        load(bad)


def test_unknown_names_suggest_and_list_what_is_available():
    with pytest.raises(D.MuhqDataError, match=r"no board 'river-crwn' in the packaged files \(set CARDTABLE_DATA_DIR"
                                              r".*did you mean 'river-crown'\?; available: 'arena-9', 'bastion-run', "
                                              r"'river-crown', 'three-hills'"):
        D.load_board("river-crwn")
    with pytest.raises(D.MuhqDataError, match=r"no set 'vangard'.*did you mean 'vanguard'\?; available: 'core', 'tide', "
                                              r"'vanguard'"):
        D.load_set("vangard")


def test_a_board_is_not_a_set_and_a_set_is_not_a_board():
    with pytest.raises(D.MuhqDataError, match=r"river-crown.yaml: line 3, field 'format': this file holds a board"):
        D.load_set("river-crown")  # the name of a board
    with pytest.raises(D.MuhqDataError, match=r"this file holds a card set \(format muhq-cards/1\), not a board"):
        D.load_board_file(DATA / "core.yaml")
    with pytest.raises(D.MuhqDataError, match=r"this file holds a board \(format muhq-board/1\), not a card set"):
        D.load_set_file(DATA / "arena-9.yaml")


def my_set() -> dict:
    """A user set whose cards use another set's token and card name."""
    return {"format": "muhq-cards/1", "set": "mine", "name": "Mine", "cards": [
        {"id": "mine/drummer", "name": "Tide Drummer", "type": "unit", "buy": 3, "play": 0, "life": 1, "movement": 2,
         "keywords": {"protection_from": [{"name": "Perish!"}]},
         "abilities": [{"kind": "trigger", "when": {"event": "dies"}, "effect": [
             {"do": "create_token", "card": "tide/brine_bubble", "zone": "hand", "count": 1},
             {"do": "create_token", "card": "vanguard/levy", "zone": "board", "field": {"adjacent_to": "self"},
              "count": 1}]}]},
    ]}


def my_board() -> dict:
    doc = raw("river-crown")
    doc.update(id="my-river", name="My River", starting_deck=[{"card": "mine/drummer", "count": 2}])
    return doc


def test_user_data_dir_adds_boards_and_sets(data_dir):
    write(data_dir / "mine.yaml", my_set())
    write(data_dir / "my-river.yaml", my_board())
    (data_dir / "notes.yaml").write_text("just: notes\n", encoding="utf-8")  # neither: listed as nothing
    assert D.set_names() == SETS + ["mine"] and D.board_names() == BOARDS + ["my-river"]
    assert D.load_set("mine").card("mine/drummer").abilities[0].effect[1].field.adjacent_to == "self"
    board = D.load_board("my-river")
    assert D.board_cards(board)["mine/drummer"].name == "Tide Drummer"
    assert set(D.catalogue("core", "mine")) == {c.id for c in D.load_set("core").cards} | {"mine/drummer"}


@pytest.mark.parametrize("change,field,words", [
    (lambda c: c["keywords"]["protection_from"][0].update(name="Perish"), "keywords.protection_from[0].name",
     "no card is called 'Perish' (in this set or another set found in"),
    (lambda c: c["abilities"][0]["effect"][0].update(card="tide/brine_bubbles"), "abilities[0].effect[0].card",
     "no card tide/brine_bubbles in set tide (did you mean 'tide/brine_bubble'?)"),
    (lambda c: c["abilities"][0]["effect"][0].update(card="sea/brine_bubble"), "abilities[0].effect[0].card",
     "no set 'sea' for sea/brine_bubble"),
    (lambda c: c["abilities"][0]["effect"][0].update(card="tide/siren"), "abilities[0].effect[0].card",
     "tide/siren 'Siren' is not a token card"),
    (lambda c: c["abilities"][0]["effect"][1].update(card="tide/brine_bubble"), "abilities[0].effect[1].zone",
     "tide/brine_bubble is a spell token: it is created in a hand (MUHQ-TOKEN-3)"),
])
def test_references_to_other_sets_are_checked(data_dir, change, field, words):
    doc = my_set()
    change(doc["cards"][0])
    write(data_dir / "mine.yaml", doc)
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set("mine")
    e = info.value
    assert e.file == str(data_dir / "mine.yaml") and e.entry == "card mine/drummer 'Tide Drummer' at cards[0]"
    assert e.field == field and words in e.reason, str(e)


def test_a_file_must_hold_the_set_or_board_of_its_name(data_dir):
    write(data_dir / "ours.yaml", my_set())
    with pytest.raises(D.MuhqDataError, match="'mine' does not match the file name 'ours' \\(a set file is named "
                                              "after its id\\); write set: ours, or rename the file to mine.yaml"
                       ) as info:
        D.load_set("ours")
    assert info.value.field == "set" and info.value.line == 2
    write(data_dir / "mine.yaml", my_set())
    write(data_dir / "their-river.yaml", my_board())
    with pytest.raises(D.MuhqDataError, match="'my-river' does not match the file name 'their-river' \\(a board file "
                                              "is named after its id\\); write id: their-river") as info:
        D.load_board("their-river")
    assert info.value.field == "id"


def renamed_set(data_dir: Path, file_name: str, set_id: str) -> Path:
    """my_set() as a designer may leave it: the file and the cards renamed to ``file_name``, ``set:`` not (or
    mistyped) as ``set_id``."""
    doc = my_set()
    doc["set"] = set_id
    doc["cards"][0]["id"] = f"{file_name}/drummer"
    return write(data_dir / f"{file_name}.yaml", doc)


def assert_names_the_set_field(e: DataError, path: Path, set_id: str, file_name: str) -> None:
    assert (e.file, e.entry, e.field, e.line) == (str(path), None, "set", 2), str(e)
    assert e.reason == (f"{set_id!r} does not match the file name {file_name!r} (a set file is named after its id); "
                        f"write set: {file_name}, or rename the file to {set_id}.yaml"), str(e)
    assert str(e) == f"{path}: line 2, field 'set': {e.reason}" and "card" not in str(e)


def test_a_set_field_that_differs_from_the_file_name_is_named_not_the_cards_ids(data_dir):
    """The cards' ids say set 'foo' like the file; the `set:` field says 'bar'. The mistake is the field (or the
    file name), not the ids the message used to ask to rewrite."""
    path = renamed_set(data_dir, "foo", "bar")
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set("foo")
    assert_names_the_set_field(info.value, path, "bar", "foo")
    with pytest.raises(D.MuhqDataError) as info:  # through a board's starting card foo/drummer
        D.load_board_file(write(data_dir / "my-river.yaml", {**my_board(), "starting_deck": [
            {"card": "foo/drummer", "count": 2}]}))
    assert_names_the_set_field(info.value, path, "bar", "foo")
    with pytest.raises(CardtableError) as info:  # as a game option: -o sets=foo
        load("muhq", options={"sets": "foo"})
    assert str(info.value) == f"option sets='foo': {path}: line 2, field 'set': 'bar' does not match the file name " \
                              f"'foo' (a set file is named after its id); write set: foo, or rename the file to bar.yaml"


def test_a_set_named_by_another_sets_token_must_hold_that_set(data_dir):
    """A token of set 'foo' looked up in foo.yaml, which holds the set 'bar' (its cards bar/…, so valid on its
    own): the error names foo.yaml's `set:` field, not 'no card foo/… in set foo'."""
    path = renamed_set(data_dir, "foo", "bar")
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["cards"][0]["id"] = "bar/drummer"
    write(path, doc)
    mine = my_set()
    mine["cards"][0]["abilities"][0]["effect"][0]["card"] = "foo/drummer"
    write(data_dir / "mine.yaml", mine)
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set("mine")
    assert_names_the_set_field(info.value, path, "bar", "foo")


def test_a_set_read_by_path_first_must_still_hold_its_name(data_dir):
    """By path (tools, tests) the file name is not checked; by name it is, though the file is cached."""
    path = renamed_set(data_dir, "foo", "bar")
    doc = yaml.safe_load(path.read_text(encoding="utf-8"))
    doc["cards"][0]["id"] = "bar/drummer"
    write(path, doc)
    assert D.load_set_file(path).set == "bar"
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set("foo")
    assert_names_the_set_field(info.value, path, "bar", "foo")


def test_a_set_field_that_is_not_a_name_is_named_without_a_file_name_to_use(data_dir):
    path = renamed_set(data_dir, "foo", "Foo Set")
    with pytest.raises(D.MuhqDataError) as info:
        D.load_set("foo")
    assert (info.value.field, info.value.line) == ("set", 2)
    assert info.value.reason == "'Foo Set' does not match the file name 'foo' (a set file is named after its id); " \
                                "write set: foo", str(info.value)


def test_a_board_with_a_broken_set_reports_the_set(data_dir):
    doc = my_set()
    doc["cards"][0]["movement"] = "two"
    write(data_dir / "mine.yaml", doc)
    write(data_dir / "my-river.yaml", my_board())
    with pytest.raises(D.MuhqDataError) as info:
        D.load_board("my-river")
    assert info.value.file == str(data_dir / "mine.yaml") and info.value.field == "movement"


def test_packaged_names_are_reserved(data_dir):
    doc = my_set()
    doc["set"] = "core"
    doc["cards"][0]["id"] = "core/drummer"
    write(data_dir / "core.yaml", doc)
    assert len(D.load_set("core").cards) == 6 and D.set_names() == SETS


def test_an_edited_file_is_read_again(data_dir):
    path = write(data_dir / "mine.yaml", my_set())
    assert D.load_set("mine").card("mine/drummer").movement == 2
    doc = my_set()
    doc["cards"][0]["movement"] = 3
    write(path, doc)
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10_000_000))
    assert D.load_set("mine").card("mine/drummer").movement == 3


def test_names_are_unique_in_a_pool_of_several_sets(data_dir):
    doc = my_set()
    doc["cards"][0]["name"] = "Siren"
    write(data_dir / "mine.yaml", doc)
    assert D.load_set("mine").cards[0].name == "Siren"  # alone the set is fine
    with pytest.raises(D.MuhqDataError, match=r"the card name 'Siren' is used by tide/siren and mine/drummer.*"
                                              r"\(MUHQ-CARD-6\)"):
        D.catalogue("tide", "mine")


# -- the package and the exported schemas -------------------------------------------------------------------------
def test_muhq_exports_data_schemas_and_registers_its_game():
    from cardtable.engine.registry import game_names

    assert "muhq" in schema_names() and "muhq" in game_names()
    assert issubclass(D.MuhqDataError, DataError)


def test_the_data_files_are_package_data():
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["cardtable"]
    files = {p.relative_to(ROOT / "src" / "cardtable").as_posix() for p in DATA.glob("*.yaml")}
    assert len(files) == 7
    for f in files:
        assert any(Path(f).match(pattern) for pattern in patterns), f


def validate_json(instance, schema) -> list[str]:
    """The errors of ``instance`` (as JSON: seat keys become strings) against ``schema``; skips without jsonschema."""
    jsonschema = pytest.importorskip("jsonschema")
    instance = json.loads(json.dumps(instance))
    return [f"{list(e.path)}: {e.message}" for e in jsonschema.Draft202012Validator(schema).iter_errors(instance)]


def test_exported_schemas_are_closed_and_self_contained():
    exported = schemas("muhq")
    assert set(exported) == {"board", "set", "card"}
    json.dumps(exported)  # plain JSON
    for schema in exported.values():
        assert schema["type"] == "object" and schema["additionalProperties"] is False and schema["title"]
        refs = set(re.findall(r'"\$ref": "#/\$defs/([^"]+)"', json.dumps(schema)))
        assert refs <= set(schema.get("$defs", {}))
        for sub in schema.get("$defs", {}).values():  # extra="forbid" everywhere
            if sub.get("type") == "object" and "properties" in sub:
                assert sub.get("additionalProperties") is False, sub.get("title")
    ops = set(re.findall(r'"const": "([a-z_]+)"', json.dumps(exported["card"])))
    assert set(S.OPS) | set(S.ABILITY_MODELS) | set(S.EVENTS) <= ops | set(S.EVENTS)
    assert set(S.OPS) | set(S.ABILITY_MODELS) <= ops


@pytest.mark.parametrize("name", BOARDS + SETS)
def test_every_packaged_file_validates_against_the_exported_json_schema(name):
    exported = schemas("muhq")
    doc = raw(name)
    kind = "board" if doc["format"] == S.BOARD_FORMAT else "set"
    assert validate_json(doc, exported[kind]) == []
    for c in doc.get("cards", []):
        assert validate_json(c, exported["card"]) == [], c["id"]


@pytest.mark.parametrize("change", [
    lambda c: c["effect"].__setitem__(0, {"do": "dmg", "to": "T1", "amount": 2}),
    lambda c: c["effect"][0].update(bonus=1),
    lambda c: c.update(type="spel"),
    lambda c: c.pop("name"),
    lambda c: c.update(play="one"),
    lambda c: c["targets"]["T1"].update(kind="creature"),
    lambda c: c["effect"][0].update(to="slef"),
    lambda c: c.update(extra_cost=[{"resource": 1, "discard": 1}]),
])
def test_exported_card_schema_rejects_what_the_models_reject(change):
    volley = copy.deepcopy(card(raw("vanguard"), "vanguard/volley"))
    assert validate_json(volley, schemas("muhq")["card"]) == []
    change(volley)
    assert validate_json(volley, schemas("muhq")["card"]) != []
    with pytest.raises(Exception):
        S.Card.model_validate(volley)


def cardtable(*args):
    return subprocess.run([sys.executable, "-m", "cardtable.cli.app", *args], capture_output=True, text=True,
                          timeout=300, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin", "TERM": "dumb"}, cwd=ROOT)


def test_cli_schema_muhq(tmp_path):
    out = cardtable("schema", "muhq")
    assert out.returncode == 0, out.stderr
    found = json.loads(out.stdout)
    assert set(found) == {"board", "set", "card"}
    assert all(s["$schema"] == "https://json-schema.org/draft/2020-12/schema" for s in found.values())
    only = cardtable("schema", "muhq", "--only", "card")
    assert only.returncode == 0 and json.loads(only.stdout)["title"].startswith("muhq's game card")
    written = cardtable("schema", "muhq", "--out", str(tmp_path))
    assert written.returncode == 0, written.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["muhq-board.schema.json", "muhq-card.schema.json",
                                                          "muhq-set.schema.json"]


# -- the rule IDs the data layer enforces, each with a test named after it ------------------------------------------
def test_MUHQ_SETUP_2_the_pool_holds_non_token_cards_with_a_buy_cost(tmp_path):
    vanguard = D.load_set("vanguard")
    assert {c.id for c in vanguard.pool_cards()} == {c.id for c in vanguard.cards} - {"vanguard/levy"}
    assert D.load_set("core").pool_cards() == []  # starting cards and board objects have no buy cost
    e = set_problem(tmp_path, "core", lambda doc: card(doc, "core/recruit").update(copies=3))
    assert e.field == "copies" and "(MUHQ-SETUP-2)" in str(e)


def test_MUHQ_TOKEN_1_a_token_has_no_buy_cost_and_is_never_in_the_pool(tmp_path):
    assert not D.load_set("tide").card("tide/brine_bubble").in_pool
    e = set_problem(tmp_path, "tide", lambda doc: card(doc, "tide/brine_bubble").update(copies=2))
    assert e.field == "copies" and "a token is never in the draft pool" in str(e)


def test_MUHQ_TOKEN_2_and_3_tokens_are_created_where_they_can_exist(tmp_path):
    e = set_problem(tmp_path, "tide", lambda doc: card(doc, "tide/drowned_thrall")["abilities"][0]["effect"][0].update(
        zone="board", field="own_spawn"))
    assert e.field == "abilities[0].effect[0].zone" and "(MUHQ-TOKEN-3)" in str(e)

    def levy_to_hand(doc):
        step = card(doc, "vanguard/conscription")["effect"][0]
        step.pop("field")
        step["zone"] = "hand"

    e = set_problem(tmp_path, "vanguard", levy_to_hand)
    assert e.field == "effect[0].zone" and "(MUHQ-TOKEN-2)" in str(e)


def test_MUHQ_CARD_6_card_names_are_unique(tmp_path):
    e = set_problem(tmp_path, "tide", lambda doc: card(doc, "tide/siren").update(name="Smuggler"))
    assert e.field == "name" and "(MUHQ-CARD-6)" in str(e)


def test_MUHQ_ACT_9_a_card_without_play_cost_cannot_be_played(tmp_path):
    assert D.load_set("core").card("core/bastion").play is None and D.load_set("core").card("core/recruit").play == 0
    e = set_problem(tmp_path, "vanguard", lambda doc: card(doc, "vanguard/requisition").pop("play"))
    assert e.field == "extra_cost" and "(MUHQ-ACT-9)" in str(e)


def test_MUHQ_EQUIP_1_every_equipment_has_a_durability(tmp_path):
    assert {c.keywords.durability for c in D.load_set("tide").cards if c.type == "equipment"} == {1, 2}
    e = set_problem(tmp_path, "tide", lambda doc: card(doc, "tide/coral_mail").pop("keywords"))
    assert e.field == "keywords.durability" and "(MUHQ-EQUIP-1)" in str(e)


def test_MUHQ_EQUIP_3_equipment_play_modes(tmp_path):
    assert D.load_set("tide").card("tide/cloak_of_mist").mode == ["alone", "next_unit"]
    e = set_problem(tmp_path, "tide", lambda doc: card(doc, "tide/cloak_of_mist").update(mode=["later"]))
    assert e.field == "mode[0]" and "expected one of: alone, next_unit" in str(e)


def test_MUHQ_UNIT_6_full_actions_are_for_units(tmp_path):
    e = set_problem(tmp_path, "tide", lambda doc: card(doc, "tide/tide_totem")["abilities"][0].update(
        kind="full_action") or card(doc, "tide/tide_totem")["abilities"][0].pop("cost"))
    assert e.field == "abilities[0].kind" and "(MUHQ-UNIT-6)" in str(e)


def test_MUHQ_CREW_1_crew_without_a_number_is_crew_1(tmp_path):
    doc = raw("tide")
    card(doc, "tide/harpoon_skiff")["keywords"]["crew"] = True
    assert D.load_set_file(write(tmp_path / "tide.yaml", doc)).card("tide/harpoon_skiff").keywords.crew == 1
    e = set_problem(tmp_path, "tide", lambda d: card(d, "tide/harpoon_skiff")["keywords"].update(crew=0))
    assert e.field == "keywords.crew"


def test_MUHQ_BOARD_5_walls_hold_nothing_and_deep_water_only_swimmers(tmp_path):
    doc = raw("bastion-run")
    doc["objects"][0]["at"] = [3, 4]
    with pytest.raises(D.MuhqDataError, match=r"\(3, 4\) is a wall.*\(MUHQ-BOARD-5\)"):
        D.load_board_file(write(tmp_path / "bastion-run.yaml", doc))
    doc = raw("river-crown")
    doc["objects"][0]["at"] = [1, 3]
    with pytest.raises(D.MuhqDataError, match=r"only a swimming permanent may stand on deep water \(MUHQ-BOARD-5\)"):
        D.load_board_file(write(tmp_path / "river-crown.yaml", doc))


def test_MUHQ_WIN_3_to_7_victory_conditions_and_their_objects(tmp_path):
    kinds = {name: [v.kind for v in D.load_board(name).victory] for name in BOARDS}
    assert kinds == {"arena-9": [], "bastion-run": ["destroy_buildings", "victory_item"], "river-crown": ["vip"],
                     "three-hills": ["capture_points", "resource_race"]}
    doc = raw("river-crown")
    doc["objects"][0]["card"] = "core/bastion"
    with pytest.raises(D.MuhqDataError, match=r"a vip is a unit \(MUHQ-WIN-3\); core/bastion 'Bastion' is an artifact"):
        D.load_board_file(write(tmp_path / "river-crown.yaml", doc))
