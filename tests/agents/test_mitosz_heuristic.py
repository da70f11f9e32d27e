"""The Mítosz heuristic (cardtable.games.mitosz.kit.heuristic): legal, deterministic, blind to the state,
answers every prompt, plays the rules of thumb it claims, and is clearly better than random."""

from __future__ import annotations

import copy
import random
from pathlib import Path

import pytest

import cardtable
from cardtable.agents import Observation, agent_names, make_agent
from cardtable.games.mitosz.flow import prompts as flow_prompts
from cardtable.games.mitosz.kit import heuristic as heuristic_module
from cardtable.games.mitosz.kit.heuristic import MitoszHeuristic
from cardtable.games.mitosz.actions import (PASS, STACK_ID_BASE, Choose, ChooseOption, DeclareBattle, DeclareDuel,
                                            PlaceNation, PlayUnsummoned, Refill, Summon, UseFate, UseFreeManeuver)
from cardtable.sim import simulate
from tests.imports import cardtable_modules
from tests.games.mitosz.helpers import A, B, attach, do, hand, leader, nation, pass_counter, ready, scene, spheres


def play(game, lineup, seed, check=None):
    """One game; returns the state. ``check(obs, action)`` sees every heuristic decision."""
    agents = [make_agent(name, game, seed * 31 + i) for i, name in enumerate(lineup)]
    state = game.new_initial_state(seed=seed)
    while not state.is_terminal():
        p = state.current_player
        obs = Observation(state, p)
        action = agents[p].act(obs)
        if check is not None and lineup[p] == "heuristic":
            check(obs, action)
        state.apply(action)
    return state


def assert_legal(obs, action):
    assert action in obs.legal_actions, (action, obs.view["prompt"], obs.view["phase"])


class BareObservation:
    """Only what a player may know: no state, no bound method of the state, a copy of the view."""

    __slots__ = ("game", "player", "legal_actions", "view")

    def __init__(self, obs, view=None, legal=None):
        self.game = obs.game
        self.player = obs.player
        self.legal_actions = list(obs.legal_actions if legal is None else legal)
        self.view = copy.deepcopy(obs.view if view is None else view)


def bot_action(state, seed: int = 0):
    return make_agent("heuristic", state.game, seed).act(Observation(state, state.current_player))


# -- registry -----------------------------------------------------------------------------------------
def test_registered_as_mitosz_heuristic():
    game = cardtable.load("mitosz")
    assert "heuristic" in agent_names(game)
    assert isinstance(make_agent("heuristic", game, 1), MitoszHeuristic)


# -- legality -----------------------------------------------------------------------------------------
COMBOS = [
    {},
    {"deck_a": "frost-clans", "deck_b": "dawn-court"},
    {"deck_b": "dawn-court", "nation_copy_scope": "player"},
    {"counter_prompting": "skip_if_no_legal_response", "pp_counts_for": "owner"},
    {"nation_placement_rule": "all_shared_edges_match", "hand_size": 5, "win_target": 8},
]


@pytest.mark.parametrize("options", COMBOS, ids=lambda o: ",".join(f"{k}={v}" for k, v in o.items()) or "default")
def test_only_legal_actions(options):
    game = cardtable.load("mitosz", options=options)
    for seed, lineup in ((0, ["heuristic", "random"]), (1, ["random", "heuristic"]), (2, ["heuristic", "heuristic"])):
        state = play(game, lineup, seed, assert_legal)
        assert state.is_terminal()


def test_never_crashes_on_odd_action_lists():
    """Any sub-list of the legal actions (or a lone pass) gets an answer from that list."""
    game = cardtable.load("mitosz")
    rng = random.Random(7)
    bot = make_agent("heuristic", game, 3)
    state = game.new_initial_state(seed=3)
    for _ in range(400):
        if state.is_terminal():
            break
        obs = Observation(state, state.current_player)
        legal = obs.legal_actions
        sub = rng.sample(legal, rng.randint(1, len(legal)))
        assert bot.act(BareObservation(obs, legal=sub)) in sub
        assert bot.act(BareObservation(obs, legal=[PASS])) == PASS
        state.apply(rng.choice(legal))


# -- determinism and hidden information ---------------------------------------------------------------
def test_deterministic_for_a_seed():
    game = cardtable.load("mitosz")
    first = play(game, ["heuristic", "random"], 5)
    second = play(game, ["heuristic", "random"], 5)
    assert first.history == second.history


def test_keeps_no_memory_between_decisions():
    """A new agent makes the same choice as the one that played all game (so undo and takeover are safe)."""
    game = cardtable.load("mitosz")

    def check(obs, action):
        assert make_agent("heuristic", game, 999).act(obs) == action

    play(game, ["heuristic", "heuristic"], 2, check)


def test_decides_from_the_view_alone():
    """Handed an observation with no way back to the state, the bot plays exactly the same game."""
    game = cardtable.load("mitosz")
    bare = {p: make_agent("heuristic", game, 4 * 31 + p) for p in range(2)}

    def check(obs, action):
        assert bare[obs.player].act(BareObservation(obs)) == action

    play(game, ["random", "heuristic"], 4, check)


def test_imports_nothing_of_the_game():
    """The bot knows the game through its catalogue and options only (engine/agent.py); its parts
    (kit/heuristic_*.py) import one another and nothing else of the game."""
    modules = cardtable_modules(Path(heuristic_module.__file__))
    assert modules and any(m.startswith("cardtable.engine.agent") for m in modules), modules
    for path in sorted(Path(heuristic_module.__file__).parent.glob("heuristic*.py")):
        modules = cardtable_modules(path) - {"cardtable.games.mitosz.kit"}  # from . import heuristic_x
        own = ("cardtable.engine.agent", "cardtable.games.mitosz.kit.heuristic")
        assert all(m.startswith(own) for m in modules), (path.name, modules)


# -- prompts ------------------------------------------------------------------------------------------
PROMPT_KINDS = {"discard_hand", "discard", "sacrifice_leader", "unrotate", "refill", "search", "pick", "option",
                "afterworld_order", "permission",
                # fights (chapter 7)
                "fight_leader", "supply_mode", "save_nation", "spoils", "fear_resist", "monster_return"}
#: A fight prompt put to the bot on a copied view: its text and its options, as the engine words them.
FIGHT_PROMPTS = {
    "fight_leader": ("name an army leader (MIT-7.4.4)", ["name no one", "{leader} into the auxiliary",
                                                         "{leader} into the reserve"]),
    "supply_mode": ("choose how {supply} fights (MIT-3.8.d)", ["its level counts", "its maneuvers work"]),
    "save_nation": ("your nation lost the battle (MIT-7.4.10.2)", ["let {nation} be destroyed",
                                                                   "sacrifice {leader} to save it"]),
    "spoils": ("take the war spoils (MIT-7.4.11)", ["take nothing", "steal 1 magic", "steal 1 force"]),
    "fear_resist": ("fear strikes your creature (MIT-7.2.5.2)", ["let {leader} flee",
                                                                 "pay 1 influence to keep {leader}"]),
    "monster_return": ("your monster's side won the battle (MIT-8.monster.5)",
                       ["let {leader} go to the afterworld", "pay 2/0/0/3 to keep it as a leader"]),
}


def test_answers_every_prompt_kind():
    """At every prompt of random games a fresh bot answers from the view alone with an offered answer;
    the kinds the sample decks never raise (pick, option) and every fight prompt are put to it on a copied
    view of a fight in progress."""
    game = cardtable.load("mitosz")
    seen: dict = {}
    fights = []
    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            obs = Observation(state, state.current_player)
            prompt = obs.view["prompt"]
            if prompt is not None:
                answer = make_agent("heuristic", game, seed).act(BareObservation(obs))
                assert answer in obs.legal_actions, (prompt, answer)
                seen.setdefault(prompt["kind"], BareObservation(obs))
            elif obs.view["fight"] is not None and obs.view["fight"]["stage"] == "rounds" and len(fights) < 4:
                fights.append(BareObservation(obs))
            state.apply(rng.choice(obs.legal_actions))
    assert {"discard_hand", "discard", "refill", "sacrifice_leader", "search"} <= set(seen)
    base = seen["discard_hand"]
    bot = make_agent("heuristic", game, 0)
    # pick: recover one of the cards offered
    view = copy.deepcopy(base.view)
    view["prompt"] = {"kind": "pick", "player": base.player, "text": "choose a card"}
    offered = [Choose((c["id"],)) for c in view["players"][base.player]["hand"][:3]]
    assert bot.act(BareObservation(base, view=view, legal=offered)) in offered
    # option: neutralize rather than destroy when no intrigue is aimed at
    view["prompt"] = {"kind": "option", "player": base.player, "text": "choose: destroy / neutralize"}
    options = [ChooseOption(0), ChooseOption(1)]
    assert bot.act(BareObservation(base, view=view, legal=options)) == ChooseOption(1)
    # an unknown prompt kind: the first offered answer, no crash
    view["prompt"] = {"kind": "something_new", "player": base.player, "text": "?"}
    assert bot.act(BareObservation(base, view=view, legal=offered)) in offered
    # every fight prompt, on views of fights in progress (the names from the fight and the bot's own row)
    assert fights
    for fight_obs in fights:
        names = {"leader": "Captain Orren", "supply": "Gate Spearmen", "nation": "Gilded Cityfolk"}
        me = fight_obs.view["players"][fight_obs.player]
        if me["leaders"]:
            names["leader"] = me["leaders"][0]["name"]
        for kind, (text, labels) in FIGHT_PROMPTS.items():
            view = copy.deepcopy(fight_obs.view)
            labels = [label.format(**names) for label in labels]
            view["prompt"] = {"kind": kind, "player": fight_obs.player, "text": f"{text}: " + " / ".join(labels)}
            options = [ChooseOption(i) for i in range(len(labels))]
            assert bot.act(BareObservation(fight_obs, view=view, legal=options)) in options, kind
    assert PROMPT_KINDS >= set(seen)


# -- play ---------------------------------------------------------------------------------------------
def test_places_the_nation_with_more_power_points():
    s = scene()
    nation(s, A, "Sunfield Herders", 0, 0)
    hand(s, A, "Sunfield Herders", "Gilded Cityfolk")
    ready(s)
    action = bot_action(s)
    assert isinstance(action, PlaceNation) and s.cards[action.card].d.name == "Gilded Cityfolk"


def test_places_the_first_nation_where_the_rest_of_the_hand_can_follow():
    """Frost Clans: a Fjord Wardens (N, E) joins only west of a Pinewood Tribes or under the Cliffside Clans."""
    s = scene(active=B)
    nation(s, B, "Pinewood Tribes", 0, 0)
    hand(s, B, "Pinewood Tribes", "Fjord Wardens")
    ready(s)
    action = bot_action(s)
    assert isinstance(action, PlaceNation)
    assert s.cards[action.card].d.name == "Fjord Wardens" and (action.x, action.y) == (-1, 0)


def test_summons_its_god_leader():
    s = scene()
    nation(s, A, "Gilded Cityfolk", 0, 0)
    hand(s, A, "Solvane, Dawn Sovereign", "Lysa Brightspear")
    ready(s)
    action = bot_action(s)
    assert isinstance(action, Summon) and s.cards[action.card].d.name == "Solvane, Dawn Sovereign"


def test_summons_a_fighter_without_power_points_only_when_it_lacks_fighters():
    """A leader without power points defends the empire (fights): summoned while the bot has fewer than two
    leaders of level 2 or more, never in a place the hand's power-point leaders need."""
    s = scene()
    nation(s, A, "Gilded Cityfolk", 0, 0)
    hand(s, A, "Lysa Brightspear", "Skyreaver Gryphon")
    ready(s)
    action = bot_action(s)
    assert isinstance(action, Summon) and s.cards[action.card].d.name in ("Lysa Brightspear", "Skyreaver Gryphon")
    # two fighters already: nothing more without power points
    s = scene()
    nation(s, A, "Gilded Cityfolk", 0, 0)
    leader(s, A, "Captain Orren")
    leader(s, A, "Solvane, Dawn Sovereign")
    hand(s, A, "Lysa Brightspear")
    ready(s)
    assert bot_action(s) == PASS


def test_never_spends_on_a_leader_without_power_points_what_one_with_needs():
    s = scene()
    nation(s, A, "Gilded Cityfolk", 0, 0)
    leader(s, A, "Magister Ivo")
    hand(s, A, "Lysa Brightspear", "Captain Orren")
    spheres(s, A, "0/1/1/1")  # Orren (W1 F2) cannot be paid yet; Lysa (I1 F1) would spend its force
    ready(s)
    assert bot_action(s) == PASS
    spheres(s, A, "0/1/1/4")  # enough for both: Orren first
    ready(s)
    action = bot_action(s)
    assert isinstance(action, Summon) and s.cards[action.card].d.name == "Captain Orren"


def test_counters_a_steal_aimed_at_its_leader():
    s = scene(options={"deck_b": "dawn-court"}, active=B)  # B needs a Turncoat Gold and a ruler to use it
    orren = leader(s, A, "Captain Orren")
    ivo = leader(s, B, "Magister Ivo")
    (gold,) = hand(s, B, "Turncoat Gold")
    (oath,) = hand(s, A, "Oath Unmade")
    spheres(s, B, "2/3/2/2")
    spheres(s, A, "2/3/2/2")
    ready(s)
    s.apply(UseFreeManeuver(gold, ivo, "m1", (orren,)))
    assert s.mode == "counter"
    if s.current_player == B:
        s.apply(PASS)
    action = bot_action(s)
    assert isinstance(action, UseFate) and action.card == oath
    assert action.targets == (STACK_ID_BASE + s.stack[-1].sid,)


def test_steals_only_to_break_a_hold():
    options = {"win_target": 3}
    s = scene(options=options)
    ivo = leader(s, A, "Magister Ivo")
    leader(s, B, "Hrimgar, Frost Father")
    leader(s, B, "Jarl Skeld Ironbrow")
    hand(s, A, "Turncoat Gold")
    spheres(s, A, "2/3/2/2")
    ready(s)
    assert not isinstance(bot_action(s), UseFreeManeuver)  # no hold yet: the gold is kept
    s.players[B].hold = (B, s.turn - 1)
    s.forget_caches()  # changed by hand: views kept from before are stale
    action = bot_action(s)
    assert isinstance(action, UseFreeManeuver) and action.user == ivo


def test_discards_junk_before_nations_and_leaders():
    s = scene(phase="end")
    keep = hand(s, A, "Gilded Cityfolk", "Captain Orren", "Temple of First Light")
    junk = hand(s, A, "Gate Spearmen")
    ready(s)
    flow_prompts.set_prompt(s, "discard_hand", A, n=1, rule="MIT-6.2.4.1")
    s.current_player = A
    action = bot_action(s)
    assert action == Choose((junk[0],)) and action.cards[0] not in keep


def test_refills_toward_the_summon_it_wants():
    s = scene(phase="end")
    hand(s, A, "Solvane, Dawn Sovereign")
    spheres(s, A, "0/0/4/2")
    ready(s)
    flow_prompts.set_prompt(s, "refill", A, n=3, rule="MIT-6.2.4.3")
    s.current_player = A
    action = bot_action(s)
    assert isinstance(action, Refill) and action.spheres[0] + action.spheres[1] == 3


def test_sacrifices_its_least_valuable_leader():
    s = scene()
    orren = leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    ready(s)
    flow_prompts.set_prompt(s, "sacrifice_leader", A, n=1, rule="MIT-3.4.2.b")
    s.current_player = A
    assert bot_action(s) == Choose((lysa,)) and orren in s.players[A].leaders


# -- fights ------------------------------------------------------------------------------------------
def answer_with(s, kind: str, label: str) -> None:
    """Answer the pending fight prompt with the option whose label contains ``label``."""
    assert s.mode == "prompt" and s.prompt.kind == kind, s.prompt
    do(s, ChooseOption(next(i for i, o in enumerate(s.prompt.options) if label in o)))


def chosen_label(s, action) -> str:
    assert isinstance(action, ChooseOption), action
    return s.prompt.options[action.index]


def test_declares_a_battle_it_clearly_wins_against_the_nation_worth_most():
    """Orren (L3) with two Gate Spearmen (linked: free, L2 +1 each) against undefended nations: it attacks
    Fjord Wardens (2 power points) rather than Pinewood Tribes (1)."""
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    hand(s, A, "Gate Spearmen", "Gate Spearmen")
    spheres(s, A, "2/5/2/3")
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    nation(s, B, "Pinewood Tribes", 0, 1)
    ready(s)
    action = bot_action(s)
    assert isinstance(action, DeclareBattle) and action.nation == fjord and action.commander == orren


def test_passes_the_battle_phase_against_a_stronger_defence():
    """Lysa (L2) alone against Fjord Wardens (road 2) defended by Skeld (L3 +1) and Vigdis: no fight."""
    s = scene(phase="battle")
    leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    spheres(s, A, "2/5/2/3")
    nation(s, B, "Fjord Wardens", 0, 0)
    leader(s, B, "Jarl Skeld Ironbrow")
    leader(s, B, "Vigdis the Wolf-Sworn")
    spheres(s, B, "3/2/3/6")
    ready(s)
    assert bot_action(s) == PASS


def test_asked_without_the_pass_it_names_the_battle_with_the_widest_margin():
    """A search ranks the heuristic's alternatives by asking it again without its choice. Without the pass it
    names the likeliest win (Pinewood Tribes behind roads of level 1), not the first listed battle, nor the
    nation worth most (Fjord Wardens, road 2), which it would prefer among battles it clearly wins."""
    s = scene(phase="battle")
    leader(s, A, "Lysa Brightspear")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    spheres(s, A, "2/5/2/3")
    nation(s, B, "Fjord Wardens", 0, 0)
    pine = nation(s, B, "Pinewood Tribes", 0, 1)
    leader(s, B, "Jarl Skeld Ironbrow")
    leader(s, B, "Vigdis the Wolf-Sworn")
    spheres(s, B, "3/2/3/6")
    ready(s)
    assert bot_action(s) == PASS
    obs = Observation(s, A)
    obs.legal_actions = [a for a in s.legal_actions() if a != PASS]
    assert obs.legal_actions[0].nation != pine  # the first listed is another
    action = make_agent("heuristic", s.game, 0).act(obs)
    assert isinstance(action, DeclareBattle) and action.nation == pine


def test_challenges_a_weaker_leader_with_a_hero():
    """Lysa with Sunsteel Blade (L2 +2 +1) challenges Old Ulfar (L1), B has no nation to attack."""
    s = scene(phase="battle")
    lysa = leader(s, A, "Lysa Brightspear")
    attach(s, A, "Sunsteel Blade", lysa)
    nation(s, A, "Gilded Cityfolk", 0, 0)
    ulfar = leader(s, B, "Old Ulfar the Seer")
    ready(s)
    assert bot_action(s) == DeclareDuel(lysa, ulfar)


def defended_battle():
    """B attacks A's Gilded Cityfolk (road E 2) with Skeld; A has Ivo (L1) and Orren (L3), Gate Spearmen and
    a Siege Ballista in hand."""
    s = scene(phase="battle", active=B)
    ivo = leader(s, A, "Magister Ivo")
    orren = leader(s, A, "Captain Orren")
    city = nation(s, A, "Gilded Cityfolk", 0, 0)
    gate, ballista = hand(s, A, "Gate Spearmen", "Siege Ballista")
    spheres(s, A, "2/5/2/3")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    nation(s, B, "Fjord Wardens", 0, 0)
    spheres(s, B, "3/2/3/6")
    ready(s)
    do(s, DeclareBattle(city, "E", skeld))
    pass_counter(s)
    return s, dict(ivo=ivo, orren=orren, city=city, gate=gate, ballista=ballista, skeld=skeld)


def test_names_its_strongest_leader_to_defend():
    s, c = defended_battle()
    assert s.prompt.kind == "fight_leader" and s.prompt.player == A
    assert chosen_label(s, bot_action(s)) == "Captain Orren into the front"


def test_in_the_rounds_plays_free_supplies_when_behind_and_passes_when_ahead():
    """A attacks with Orren (L3) against Skeld (L3 +1) and the road (2): behind, it plays the linked Gate
    Spearmen first (free), not the Siege Ballista (W2); once ahead it passes."""
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    gate, gate2, ballista = hand(s, A, "Gate Spearmen", "Gate Spearmen", "Siege Ballista")
    spheres(s, A, "2/5/2/3")
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    leader(s, B, "Jarl Skeld Ironbrow")
    spheres(s, B, "0/0/0/0")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    answer_with(s, "fight_leader", "Jarl Skeld Ironbrow into the front")
    assert s.fight.stage == "rounds" and s.current_player == A
    action = bot_action(s)
    assert isinstance(action, PlayUnsummoned) and action.card in (gate, gate2)  # 3 + 3 = 6 against 6
    do(s, action)
    pass_counter(s)
    do(s, PASS)  # B
    action = bot_action(s)
    assert isinstance(action, PlayUnsummoned) and action.card in (gate, gate2)  # 9 against 6
    do(s, action)
    pass_counter(s)
    do(s, PASS)  # B
    assert s.current_player == A and bot_action(s) == PASS
    assert ballista in s.players[A].hand


def test_sacrifices_the_commander_only_for_a_nation_worth_more_and_steals_spoils():
    """B's Fjord Wardens (2 power points) lost to A: B sacrifices Vigdis (no power points) to save it; A
    takes a sphere point as its spoils."""
    s = scene(phase="battle")
    orren = leader(s, A, "Captain Orren")
    attach(s, A, "Sunsteel Blade", orren)
    nation(s, A, "Gilded Cityfolk", 0, 0)
    spheres(s, A, "2/5/2/3")
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    vigdis = leader(s, B, "Vigdis the Wolf-Sworn")
    spheres(s, B, "3/2/3/6")
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    answer_with(s, "fight_leader", "Vigdis the Wolf-Sworn into the front")
    do(s, PASS)
    do(s, PASS)
    assert s.prompt.kind == "save_nation" and s.prompt.player == B
    assert chosen_label(s, bot_action(s)).startswith("sacrifice Vigdis")
    do(s, bot_action(s))
    assert s.cards[vigdis].zone == "afterworld"
    assert s.prompt.kind == "spoils" and s.prompt.player == A
    assert chosen_label(s, bot_action(s)).startswith("steal 1 ")


def test_lets_a_nation_go_rather_than_a_better_commander():
    """Sunfield Herders (1 power point) is not worth Solvane (2 with its god's point)."""
    s = scene(phase="battle", active=B)
    solvane = leader(s, A, "Solvane, Dawn Sovereign")
    herders = nation(s, A, "Sunfield Herders", 0, 0)
    nation(s, A, "Gilded Cityfolk", 1, 0)
    spheres(s, A, "0/0/0/0")
    skeld = leader(s, B, "Jarl Skeld Ironbrow")
    attach(s, B, "Scale Hauberk", skeld)
    (axes,) = hand(s, B, "Rune-Forged Axes")
    (axes2,) = hand(s, B, "Rune-Forged Axes")
    spheres(s, B, "3/2/3/6")
    nation(s, B, "Fjord Wardens", 0, 0)
    ready(s)
    do(s, DeclareBattle(herders, "N", skeld))
    pass_counter(s)
    answer_with(s, "fight_leader", "Solvane, Dawn Sovereign into the front")  # 4 +1 +1 + road 1 = 7
    do(s, PlayUnsummoned(axes, row="front"))  # Skeld 3 + Hauberk 1 +1, Axes 2 +1 each: 11
    pass_counter(s)
    do(s, PASS)
    do(s, PlayUnsummoned(axes2, row="front"))
    pass_counter(s)
    while s.mode == "window":
        do(s, PASS)
    assert s.fight.winner == "att" and s.prompt.kind == "save_nation"
    assert chosen_label(s, bot_action(s)).startswith("let Sunfield Herders")
    assert solvane in s.players[A].leaders


# -- strength -----------------------------------------------------------------------------------------
# Measured with fights (Mítosz II): 400 games per deck assignment, seats rotated (seeds 100000 on): Dawn
# Court (seat 0) against Frost Clans 99.8 %, the decks swapped 99.0 %, Frost Clans on both sides 99.8 %,
# Dawn Court on both sides 99.0 % (1,600 games: 99.4 % [98.9-99.7]). The floors keep a safe margin below
# those rates (the goal is at least 90 %); on the fixed seeds below the bot won every game.
@pytest.mark.parametrize("options,games,floor", [
    ({"deck_a": "frost-clans"}, 40, 0.9),  # Frost Clans on both sides
    ({}, 40, 0.9),  # Dawn Court (seat 0) against Frost Clans, a far stronger deck in random play
    ({"deck_a": "frost-clans", "deck_b": "dawn-court"}, 40, 0.9),  # the same decks, swapped seats
    ({"deck_b": "dawn-court"}, 40, 0.9),  # Dawn Court on both sides
])
def test_beats_random(options, games, floor):
    """Not a benchmark: a fixed set of seeds, seats rotated; a fair share would be 1/2."""
    summary = simulate("mitosz", games, agents=["heuristic", "random"], seed=40, options=options)
    assert summary["errors"] == 0
    assert summary["per_agent"]["heuristic"]["win_rate"] >= floor


def test_wins_every_game_with_the_stronger_deck():
    """With Dawn Court (seat 0) against random Frost Clans (random Dawn Court wins about 90 % of these), and
    with Frost Clans against random Dawn Court: the bot won all 20 of each when measured."""
    from cardtable.sim import play_game

    game = cardtable.load("mitosz")
    wins = sum(play_game(game, ["heuristic", "random"], seed).returns[0] for seed in range(20))
    assert wins >= 19
    wins = sum(play_game(game, ["random", "heuristic"], seed).returns[1] for seed in range(20))
    assert wins >= 18
