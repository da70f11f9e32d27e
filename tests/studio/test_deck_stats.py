"""The deck builder's statistics (Mítosz's workbench ``stats``): breakdowns that add up to the deck, the level
curve, a seeded sample hand, and the hypergeometric chance of holding a card by each turn."""

from __future__ import annotations

from math import comb

import pytest

from cardtable.engine import DataError
from cardtable.games.mitosz.workbench import deck_stats
from cardtable.studio.workspace import Workspace


def test_the_breakdowns_add_up_to_the_deck():
    s = deck_stats("deck-dawn-court.yaml")
    assert s["size"] == 60 and s["deck"] == "Dawn Court" and s["high_god"] == "Solvane, Dawn Sovereign"
    assert sum(s["by_type"].values()) == sum(s["by_mythology"].values()) == 60
    assert s["by_type"]["nation"] == 12 and s["by_type"]["free_maneuver"] == 12  # spec 7.4's totals
    assert sum(r["copies"] for r in s["odds"]) == 60
    assert s["cards_seen_by_turn"] == [7, 9, 11, 13, 15, 17]  # the opening hand, then 2 a turn


def test_the_chance_of_a_card_by_turn_is_the_hypergeometric_one():
    s = deck_stats("deck-dawn-court.yaml")
    four = next(r for r in s["odds"] if r["copies"] == 4)
    one = next(r for r in s["odds"] if r["copies"] == 1)
    for k, seen in enumerate(s["cards_seen_by_turn"]):
        assert four["by_turn"][k] == pytest.approx(1 - comb(56, seen) / comb(60, seen), abs=1e-4)
        assert one["by_turn"][k] == pytest.approx(seen / 60, abs=1e-4)  # one copy: the share of the deck seen
    assert four["by_turn"][0] == pytest.approx(0.3995, abs=1e-4)
    assert four["by_turn"] == sorted(four["by_turn"])


def test_a_sample_hand_is_seeded_and_a_hand_long():
    a, b, c = (deck_stats("deck-frost-clans.yaml", seed=s)["sample_hand"] for s in (1, 1, 2))
    assert a == b and a != c and len(a) == 7


def test_the_workspace_gives_statistics_of_an_unsaved_text_and_none_for_a_set(tmp_path):
    ws = Workspace(tmp_path / "ws")
    text = ws.read("mitosz", "deck-dawn-court.yaml")
    fewer = text.replace('copies: 4, name: "Gilded Cityfolk"', 'copies: 3, name: "Gilded Cityfolk"')
    stats = ws.stats("mitosz", "deck-dawn-court.yaml", fewer)
    assert stats["size"] == 59 and stats["by_type"]["nation"] == 11  # the text, not the file
    too_few = text.replace('copies: 4, name: "Gilded Cityfolk"', 'copies: 2, name: "Gilded Cityfolk"')
    with pytest.raises(DataError) as refused:  # 58 cards and the high god: below the minimum of 60
        ws.stats("mitosz", "deck-dawn-court.yaml", too_few)
    assert getattr(refused.value, "rule", None) == "MIT-1.3.1.b"
    assert ws.stats("mitosz", "smp.yaml", ws.read("mitosz", "smp.yaml")) is None
    assert ws.stats("muhq", "core.yaml", ws.read("muhq", "core.yaml")) is None  # muhq has no statistics yet
    assert not (tmp_path / "ws" / "mitosz").exists()  # nothing written
