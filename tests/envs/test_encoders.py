"""The encoders: observations come from a player's view only, and the action mask is the legal actions."""

import ast
import random
from pathlib import Path

import pytest

# without the `rl` (or `test`) extra these tests skip; the imports that need it follow
pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import numpy as np

import cardtable
from cardtable.agents.determinize import determinize
from cardtable.engine.rng import Rng
from cardtable.envs import encoder_for, pettingzoo_env
from cardtable.engine.encoding import GenericEncoder, SlotEncoder, TableEncoder, canonical_key

from .conftest import CONFIGS

SRC = Path(__file__).resolve().parents[2] / "src" / "cardtable" / "envs"


def positions(name, players, options, games, every, seed=0, limit=60):
    """States met in random games: every ``every``-th decision of ``games`` games, at most ``limit``."""
    game = cardtable.load(name, players, options)
    for g in range(games):
        state = game.new_initial_state(seed + g)
        rng = random.Random(seed + g)
        k = 0
        while not state.is_terminal():
            if k % every == 0:
                yield state
                limit -= 1
                if limit <= 0:
                    return
            state.apply(rng.choice(state.legal_actions()))
            k += 1


SAMPLES = {"mojo": (4, 7), "maoqy": (6, 3), "mitosz": (1, 40), "muhq": (1, 12)}


@pytest.mark.parametrize("name,players,options", CONFIGS)
def test_observation_ignores_what_the_player_cannot_see(name, players, options):
    """Two states a player sees alike (the same view: the real one and a determinization, where every card
    hidden from the player is redealt) give that player the same observation and the same mask, through the
    environment; and the states really differ in hidden information (other players see them differently),
    so the equality is not vacuous."""
    env = pettingzoo_env(name, players, options)
    rng = Rng(7, "test-envs")
    games, every = SAMPLES[name]
    compared = differ = 0
    for state in positions(name, players, options, games, every, limit=25):
        for p in range(state.game.num_players):
            other = determinize(state, p, rng)
            assert other.view(p) == state.view(p)
            agent = f"player_{p}"
            env.set_state(state.clone())
            a = env.observe(agent)
            env.set_state(other)
            b = env.observe(agent)
            assert np.array_equal(a["observation"], b["observation"])
            assert np.array_equal(a["action_mask"], b["action_mask"])
            compared += 1
            differ += any(other.view(q) != state.view(q) for q in range(state.game.num_players) if q != p)
    assert compared >= 20
    assert differ >= compared // 4


@pytest.mark.parametrize("name,players,options", CONFIGS)
def test_observation_changes_with_what_the_player_sees(name, players, options):
    """The negative of the test above: the observation is not blind. Over a game, a player's observations
    take many different values."""
    env = pettingzoo_env(name, players, options)
    seen = set()
    for state in positions(name, players, options, 5, 1):
        env.set_state(state.clone())
        seen.add(env.observe("player_0")["observation"].tobytes())
        if len(seen) > 10:
            break
    assert len(seen) > 10


def equivalent_mojo(game, a):
    """Mojo's table names a card by value: the class of actions one index stands for."""
    value = game.catalogue()["cards"]
    card = getattr(a, "card", None)
    return (a.type, None if card is None else value[card]["value"], getattr(a, "pile", None),
            getattr(a, "position", None), getattr(a, "source", None))


@pytest.mark.parametrize("name,players,options", CONFIGS)
def test_mask_matches_the_legal_actions(name, players, options):
    game = cardtable.load(name, players, options)
    enc = encoder_for(game)
    games, every = SAMPLES[name]
    for state in positions(name, players, options, games, max(1, every // 2), limit=150):
        p = state.current_player
        legal = state.legal_actions()
        amap = enc.action_map(legal, state.view(p), p)
        mask = enc.mask(amap)
        assert mask.shape == (enc.num_actions,) and mask.dtype == np.int8
        assert set(np.flatnonzero(mask)) == set(amap)
        assert all(a in legal for a in amap.values())
        if isinstance(enc, SlotEncoder):
            ordered = sorted(set(legal), key=lambda a: canonical_key(a, enc.type_rank))
            assert list(amap.values()) == ordered[:enc.slots]
        elif name == "mojo":  # every legal action is offered, up to cards of equal value
            assert {equivalent_mojo(game, a) for a in amap.values()} == {equivalent_mojo(game, a) for a in legal}
            assert len(amap) == len({equivalent_mojo(game, a) for a in legal})
        else:  # a fixed table that names every action
            assert set(amap.values()) == set(legal)
        for i, a in amap.items():  # a table index always means the same action
            if isinstance(enc, TableEncoder):
                assert enc.index_of(a, state.view(p), p) == i


def test_stepping_an_index_applies_its_action():
    env = pettingzoo_env("maoqy")
    env.reset(seed=9)
    enc = env.encoder
    rng = np.random.default_rng(1)
    for _ in range(40):
        state = env.state_object
        if state.is_terminal():
            break
        p = state.current_player
        amap = enc.action_map(state.legal_actions(), state.view(p), p)
        i = int(rng.choice(list(amap)))
        expected = state.clone()
        expected.apply(amap[i])
        env.step(i)
        assert env.state_object.digest() == expected.digest()


def test_mojo_plays_the_copy_others_know_of():
    """Two 7s in hand, one of them known to all (drawn from a pile): "play a 7" plays the known one."""
    game = cardtable.load("mojo", 3)
    enc = encoder_for(game)
    values = [c["value"] for c in game.catalogue()["cards"]]
    sevens = [c for c, v in enumerate(values) if v == 7][:2]
    from cardtable.engine import Action

    plays = [game.parse_action({"type": "play", "card": c, "pile": 0}) for c in sevens]
    assert all(isinstance(a, Action) for a in plays)
    view = {"seats": [{"known": [sevens[1]]}, {"known": []}, {"known": []}]}
    amap = enc.action_map(plays, view, 0)
    assert list(amap.values()) == [plays[1]]
    view["seats"][0]["known"] = []
    assert list(enc.action_map(plays, view, 0).values()) == [plays[0]]


def test_slot_cap_keeps_the_first_actions_in_canonical_order():
    game = cardtable.load("muhq")
    enc = encoder_for(game, slots=3)
    assert enc.num_actions == 3
    for state in positions("muhq", None, None, 1, 1):
        legal = state.legal_actions()
        if len(legal) > 3:
            break
    p = state.current_player
    amap = enc.action_map(legal, state.view(p), p)
    assert len(amap) == 3
    assert list(amap.values()) == sorted(legal, key=lambda a: canonical_key(a, enc.type_rank))[:3]
    assert enc.truncated_decisions == 1


def test_canonical_order_ignores_the_engines_list_order():
    game = cardtable.load("mitosz")
    enc = encoder_for(game)
    for state in positions("mitosz", None, None, 1, 1):
        legal = state.legal_actions()
        if len(legal) > 3:
            break
    p = state.current_player
    view = state.view(p)
    assert enc.action_map(legal, view, p) == enc.action_map(list(reversed(legal)), view, p)


def test_games_without_an_encoder_get_the_generic_one():
    enc = encoder_for(cardtable.load("maoqy-oracle"))
    assert isinstance(enc, GenericEncoder)
    assert enc.observe({"current_player": 0, "spread": [1, 2]}, 0).shape == (enc.observation_size,)


def test_observations_are_within_the_box():
    for name, players, options in CONFIGS:
        env = pettingzoo_env(name, players, options)
        space = env.observation_space("player_0")
        for state in positions(name, players, options, 1, 5):
            env.set_state(state.clone())
            for agent in env.possible_agents:
                assert space.contains(env.observe(agent))


def test_envs_import_no_game_internals():
    """DESIGN: envs find games through the registry and read views, catalogues and action fields only."""
    for path in SRC.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names = [node.module] if isinstance(node, ast.ImportFrom) and node.module else \
                [a.name for a in node.names] if isinstance(node, ast.Import) else []
            for module in names:
                assert not module.startswith("cardtable.games"), (path, module)


def test_factories_stay_functions_after_their_modules_load():
    """The factories share no name with a submodule: importing one never replaces them on the package."""
    import types

    import cardtable.envs
    import cardtable.envs.aec  # noqa: F401
    import cardtable.envs.single_agent  # noqa: F401

    for name in ("pettingzoo_env", "gym_env", "encoder_for"):
        assert isinstance(getattr(cardtable.envs, name), types.FunctionType), name


def test_slots_for_a_fixed_table_encoder_is_refused_in_words():
    """``slots=`` means something only to the slot-encoded games; Mojo's fixed table says so (it was a TypeError
    about ``__init__`` before, found by a docs audit)."""
    with pytest.raises(ValueError, match=r"the mojo encoder takes no slots= \(fixed table"):
        encoder_for(cardtable.load("mojo"), slots=8)
