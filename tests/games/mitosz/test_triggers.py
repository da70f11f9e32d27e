"""Triggered abilities on every event of spec 6.6, on the stack as OP-43.4 decides.

Each test card below waits for one event and does something that is easy to see (a sphere point, a card
drawn, a rotation). The sample set has no such card: these tests are what keeps the events firing.
"""

from __future__ import annotations

import random

from cardtable.games.mitosz.actions import PASS, DeclareBattle, PlayUnsummoned, Summon, UseFreeManeuver
from cardtable.games.mitosz.effects.triggers import TRIGGER_CHAIN_LIMIT
from tests.games.mitosz.helpers import (A, B, card_yaml, check_zones, custom_decks, do, fresh, hand, leader,
                                        nation, pass_counter, ready, scene, set_yaml, spheres)
from cardtable.games.mitosz import acts_costs as _acts_costs
from cardtable.games.mitosz.levels import level as _level


def _leader(serial: int, name: str, trigger: str, effect: str) -> str:
    return card_yaml(serial, name, "leader", f"""    level: 1
    cost: {{influence: 1}}
    maneuvers:
      - id: t
        speed: locked
        trigger: {trigger}
        effect:
          - {effect}
""")


WEALTH = "gain_spheres: {player: self, amount: {wealth: 1}, over_max: true}"
TRIGGER_SET = set_yaml("Test cards of the triggers of spec 6.6", *[
    _leader(41, "Dawn Herald", "{on: turn_start}", WEALTH),
    _leader(42, "Rival Watcher", "{on: turn_start, player: enemy}", WEALTH),
    _leader(43, "Eager Reader", "{on: draw_phase}", "draw: {player: self, n: 1}"),
    _leader(44, "Granary Keeper", "{on: refill}", "gain_spheres: {player: self, amount: {force: 1}, over_max: true}"),
    _leader(45, "Night Scribe", "{on: turn_end, player: any}", "draw: {player: self, n: 1}"),
    _leader(46, "Gatewarden", "{on: enters_board, filter: {card_type: [leader], controller: enemy}}",
            "rotate: {target: $event}"),
    _leader(47, "Court Crier", "{on: summoned, filter: {controller: self}}", WEALTH),
    _leader(48, "Mourner", "{on: destroyed, filter: {card_type: [leader], controller: self}}", WEALTH),
    _leader(49, "Grave Warden", "{on: sacrificed, filter: {controller: self}}",
            "gain_spheres: {player: self, amount: {magic: 1}, over_max: true}"),
    _leader(50, "Homing Dove", "{on: leaves_board, to: hand}", WEALTH),
    _leader(51, "Spymaster", "{on: maneuver_used, filter: {controller: enemy}}", WEALTH),
    _leader(52, "War Drummer", "{on: fight_declared}", WEALTH),
    _leader(53, "Miser", "{on: spheres_changed, player: enemy}", "draw: {player: self, n: 1}"),
    _leader(54, "Greedy Idol", "{on: spheres_changed}", WEALTH),
    _leader(56, "Watchful Owl", "{on: turn_start, player: any}", "draw: {player: self, n: 1}"),
    card_yaml(55, "Smite", "free_maneuver", """    options:
      - id: destroy
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader]}}
        effect:
          - destroy: {target: $t1}
      - id: sacrifice
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader], controller: self}}
        effect:
          - sacrifice: {target: $t1}
      - id: recall
        targets:
          t1: {select: chosen, count: 1, filter: {card_type: [leader]}}
        effect:
          - return_to_hand: {target: $t1}
""")])
ALL_TEST_CARDS = [f"TST-{n:03d}" for n in range(41, 57)]


def trigger_scene(tmp_path, monkeypatch, phase: str = "summon_1", active: int = A):
    cards = [c for c in ALL_TEST_CARDS if c != "TST-055"] + [{"card": "TST-055", "copies": 2}]  # Smite twice
    options = custom_decks(tmp_path, monkeypatch, "triggers", TRIGGER_SET, a=cards, b=cards)
    return scene(phase=phase, active=active, options=options)


def triggers_on_stack(s) -> list[str]:
    return [s.cards[it.card].d.name for it in s.stack if it.kind == "trigger"]


def pass_round(s) -> None:
    """Every player passes the counter round under way once (``pass_counter`` would pass the triggers' too)."""
    for _ in range(s.n):
        assert s.mode == "counter"
        s.apply(PASS)


def end_turn(s) -> None:
    """The active player's end phase runs from its open window (everyone passes it)."""
    do(s, PASS)
    do(s, PASS)


def test_MIT_6_2_1_3_start_of_turn_effects_go_on_the_stack(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch, phase="end")
    leader(s, A, "Rival Watcher")  # A's, waiting for the enemy's turn to begin
    leader(s, B, "Dawn Herald")  # B's, waiting for B's own turn
    leader(s, A, "Dawn Herald")  # A's, not at B's turn
    ready(s)
    before_a, before_b = s.players[A].spheres[2], s.players[B].spheres[2]
    end_turn(s)
    # B's turn has begun: both triggers wait on the stack, the active player's (B's) first, so A's on top
    assert s.active == B and s.phase == "start" and s.mode == "counter" and s.current_player == B
    assert triggers_on_stack(s) == ["Dawn Herald", "Rival Watcher"]
    assert [it.player for it in s.stack] == [B, A]
    assert s.view(B)["stack"][1]["text"] == "Rival Watcher's locked ability triggers: a turn begins (spec 6.6)"
    pass_counter(s)
    assert s.players[A].spheres[2] == before_a + 1 and s.players[B].spheres[2] == before_b + 1
    assert s.mode == "window" and s.phase == "start" and s.current_player == B  # then the start phase's window


def test_OP_43_4_a_player_orders_their_own_triggered_abilities(tmp_path, monkeypatch):
    from cardtable.games.mitosz.actions import ChooseOption

    s = trigger_scene(tmp_path, monkeypatch, phase="end")
    watcher = leader(s, A, "Rival Watcher")
    owl = leader(s, A, "Watchful Owl")
    ready(s)
    wealth = s.players[A].spheres[2]
    end_turn(s)
    # B's turn begins; both of A's abilities fire: A chooses which resolves first (B has none to order)
    assert s.mode == "prompt" and s.prompt.kind == "trigger_order" and s.current_player == A
    assert s.view(B)["prompt"]["kind"] == "trigger_order"
    options = s.view(A)["prompt"]["options"]
    assert sorted(options) == sorted(["Rival Watcher's locked ability triggers: a turn begins (spec 6.6)",
                                      "Watchful Owl's locked ability triggers: a turn begins (spec 6.6)"])
    do(s, ChooseOption(options.index("Watchful Owl's locked ability triggers: a turn begins (spec 6.6)")))
    assert s.mode == "counter" and [it.card for it in s.stack] == [watcher, owl]  # the owl on top: first
    s.apply(PASS)
    s.apply(PASS)
    # the owl resolved first: A drew before the watcher's point came (both happened)
    assert len(s.players[A].hand) == 1 and s.players[A].spheres[2] == wealth + 1
    assert any("orders their triggered abilities: Watchful Owl, Rival Watcher" in text for _t, text, _to in s.log)


def test_MIT_6_2_2_1_a_draw_phase_trigger_after_the_phase_draws(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch, phase="start")
    leader(s, A, "Eager Reader")
    leader(s, B, "Eager Reader")  # waits for B's own draw phase: not now
    ready(s)
    end_turn(s)  # the start phase's window passes
    assert s.phase == "draw" and len(s.players[A].hand) == 2  # MIT-6.2.2.1 drew first
    assert triggers_on_stack(s) == ["Eager Reader"] and s.stack[0].player == A
    pass_counter(s)
    assert len(s.players[A].hand) == 3 and len(s.players[B].hand) == 0


def test_MIT_6_2_4_3_a_refill_trigger_after_the_refill(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch, phase="end")
    leader(s, A, "Granary Keeper")
    spheres(s, A, "0/0/0/0")
    ready(s)
    end_turn(s)
    assert s.mode == "prompt" and s.prompt.kind == "refill"  # OP-41: A distributes the 3 points first
    while s.mode == "prompt":
        do(s, s.legal_actions()[0])
    assert triggers_on_stack(s) == ["Granary Keeper"] and sum(s.players[A].spheres) == 3
    pass_counter(s)
    assert sum(s.players[A].spheres) == 4 and s.players[A].spheres[3] >= 1


def test_MIT_6_2_4_5_end_of_turn_effects_happen_before_the_turn_ends(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch, phase="end")
    leader(s, A, "Night Scribe")  # player: any — A's own turn end too
    leader(s, B, "Night Scribe")
    ready(s)
    end_turn(s)
    assert s.active == A and s.phase == "end" and triggers_on_stack(s) == ["Night Scribe", "Night Scribe"]
    pass_counter(s)
    # each drew one; MIT-6.2.4.6.a then checks A's hand size again, and B's turn begins
    assert len(s.players[A].hand) == 1 and len(s.players[B].hand) == 1
    assert s.active == B and s.phase == "start"


def test_OP_43_4_enters_board_trigger_after_the_summon_with_the_event_card(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    warden = leader(s, B, "Gatewarden")
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    do(s, Summon(orren))
    pass_round(s)
    # Orren is on the board; B's Gatewarden triggers, $event is Orren: it rotates him after its counter round
    assert s.cards[orren].zone == "board" and triggers_on_stack(s) == ["Gatewarden"]
    assert s.stack[0].event == orren and s.mode == "counter" and s.current_player == A
    assert s.view(A)["stack"][0]["text"] == ("Gatewarden's locked ability triggers: Captain Orren enters the board "
                                             "(spec 6.6)")  # what happened, in words
    assert not s.cards[orren].rotated
    pass_counter(s)
    assert s.cards[orren].rotated and not s.cards[warden].rotated
    assert s.mode == "window" and s.current_player == B  # the window goes on after A's act (MIT-6.1.4.b)


def test_OP_43_4_an_own_leader_entering_does_not_fire_an_enemy_filter(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    leader(s, A, "Gatewarden")
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    do(s, Summon(orren))
    pass_counter(s)
    assert s.stack == [] and s.mode == "window" and not s.cards[orren].rotated


def test_OP_43_4_summoned_trigger(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    leader(s, A, "Court Crier")
    leader(s, B, "Court Crier")
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    do(s, Summon(orren))
    pass_round(s)
    assert triggers_on_stack(s) == ["Court Crier"] and s.stack[0].player == A
    wealth = s.players[A].spheres[2], s.players[B].spheres[2]  # Orren paid for
    pass_counter(s)
    assert (s.players[A].spheres[2], s.players[B].spheres[2]) == (wealth[0] + 1, wealth[1])


def test_OP_43_4_a_supply_summoned_into_a_row_fires_summoned_one_played_unsummoned_does_not(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch, phase="battle")
    spheres(s, A, "2/5/2/3")
    orren = leader(s, A, "Captain Orren")
    leader(s, A, "Court Crier", rotated=True)  # rotated: not a companion to name
    nation(s, A, "Gilded Cityfolk", 0, 0)
    gate, archers = hand(s, A, "Gate Spearmen", "Gilded Archers")
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    ready(s)
    do(s, DeclareBattle(fjord, "N", orren))
    pass_counter(s)
    assert s.fight.stage == "rounds" and s.current_player == A
    do(s, PlayUnsummoned(gate, row="front"))  # linked to Orren: played without summoning (MIT-3.8.f)
    pass_round(s)
    assert triggers_on_stack(s) == [] and s.cards[gate].zone == "board"
    do(s, PASS)
    wealth = s.players[A].spheres[2]
    do(s, Summon(archers, row="front"))
    pass_round(s)
    assert triggers_on_stack(s) == ["Court Crier"] and s.cards[archers].zone == "board"
    pass_counter(s)
    assert s.players[A].spheres[2] == wealth - _acts_costs.summon_cost(s, archers)[2] + 1


def smite(s, seat: int, option: str, target: int) -> None:
    hand(s, seat, "Smite")
    do(s, next(a for a in s.legal_actions() if isinstance(a, UseFreeManeuver) and a.option == option
               and a.targets == (target,)))
    pass_round(s)


def test_OP_43_4_destroyed_fires_for_the_card_that_left_as_it_was(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    leader(s, A, "Captain Orren")
    mourner = leader(s, B, "Mourner")  # waits for B's own leaders to be destroyed: itself included
    ready(s)
    wealth = s.players[B].spheres[2]
    smite(s, A, "destroy", mourner)
    assert s.cards[mourner].zone == "afterworld"
    assert triggers_on_stack(s) == ["Mourner"] and s.stack[0].player == B and s.stack[0].event == mourner
    pass_counter(s)
    assert s.players[B].spheres[2] == wealth + 1  # it looked back: the Mourner saw itself destroyed


def test_OP_43_4_sacrificed_and_leaves_board_to_a_zone(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    leader(s, A, "Captain Orren")
    lysa = leader(s, A, "Lysa Brightspear")
    leader(s, A, "Grave Warden")
    dove = leader(s, B, "Homing Dove")
    ready(s)
    magic = s.players[A].spheres[0]
    smite(s, A, "sacrifice", lysa)
    assert triggers_on_stack(s) == ["Grave Warden"]  # sacrificed; the Dove waits for cards going to a hand
    pass_counter(s)
    assert s.players[A].spheres[0] == magic + 1
    do(s, PASS)  # B
    wealth = s.players[B].spheres[2]
    smite(s, A, "recall", dove)
    assert s.cards[dove].zone == "hand" and triggers_on_stack(s) == ["Homing Dove"]
    pass_counter(s)
    assert s.players[B].spheres[2] == wealth + 1


def test_OP_43_4_maneuver_used_after_the_maneuver_resolved(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    leader(s, A, "Captain Orren")
    spy = leader(s, B, "Spymaster")
    leader(s, B, "Mourner")
    ready(s)
    wealth = s.players[B].spheres[2]
    (card,) = hand(s, A, "Smite")
    do(s, UseFreeManeuver(card, s.players[A].leaders[0], "recall", (spy,)))
    # announced: only its own counter round; the trigger waits for the state check after the resolution
    assert [it.kind for it in s.stack] == ["free"]
    pass_round(s)
    # the Spymaster went to the hand, but it saw the maneuver used while it was on the board
    assert s.cards[spy].zone == "hand" and triggers_on_stack(s) == ["Spymaster"]
    pass_counter(s)
    assert s.players[B].spheres[2] == wealth + 1


def test_OP_43_4_fight_declared_with_the_attacked_nation(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch, phase="battle")
    orren = leader(s, A, "Captain Orren")
    nation(s, A, "Gilded Cityfolk", 0, 0)
    fjord = nation(s, B, "Fjord Wardens", 0, 0)
    leader(s, B, "War Drummer")
    ready(s)
    wealth = s.players[B].spheres[2]
    do(s, DeclareBattle(fjord, "N", orren))
    pass_round(s)
    assert triggers_on_stack(s) == ["War Drummer"] and s.stack[0].event == fjord
    pass_counter(s)
    assert s.players[B].spheres[2] == wealth + 1 and s.fight.stage != "declared"  # then the fight begins


def test_OP_43_4_spheres_changed_for_the_named_player(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    leader(s, B, "Miser")  # waits for A's spheres (its enemy's)
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    s.sphere_marks = tuple(tuple(p.spheres) for p in s.players)  # the scene set the spheres by hand
    do(s, Summon(orren))  # A pays
    pass_round(s)
    assert triggers_on_stack(s) == ["Miser"]
    pass_counter(s)
    assert len(s.players[B].hand) == 1


def test_OP_43_4_a_loop_of_triggers_ends_after_the_limit(tmp_path, monkeypatch):
    s = trigger_scene(tmp_path, monkeypatch)
    leader(s, A, "Greedy Idol")  # its own gain changes A's spheres again: a loop
    (orren,) = hand(s, A, "Captain Orren")
    ready(s)
    s.sphere_marks = tuple(tuple(p.spheres) for p in s.players)
    wealth = s.players[A].spheres[2]
    paid = _acts_costs.summon_cost(s, orren)[2]
    do(s, Summon(orren))
    for _ in range(10 * TRIGGER_CHAIN_LIMIT * s.n):  # a bounded wait: without the limit the rounds never end
        if s.mode != "counter":
            break
        s.apply(PASS)
    assert s.mode == "window" and s.stack == []
    assert s.players[A].spheres[2] == wealth - paid + TRIGGER_CHAIN_LIMIT
    assert any("do not trigger" in text for _t, text, _to in s.log)


def test_OP_43_4_a_token_that_waits_for_an_event(tmp_path, monkeypatch):
    from cardtable.games.mitosz.schema.primitives import CALL_MODELS

    s = trigger_scene(tmp_path, monkeypatch, phase="end")
    orren = leader(s, A, "Captain Orren")
    token = CALL_MODELS["add_token"].model_validate({"add_token": {"target": "$t1", "kind": "omen", "effect": {
        "trigger": {"on": "turn_start", "player": "any"},
        "effect": [{"modify_level": {"target": "$bearer", "delta": 1, "duration": "permanent"}}]}}}).add_token
    s.cards[orren].tokens = (("omen", 2, token.effect),)
    ready(s)
    level = _level.level(s, orren)
    end_turn(s)
    assert triggers_on_stack(s) == ["Captain Orren", "Captain Orren"]  # one a token
    pass_counter(s)
    assert _level.level(s, orren) == level + 2


def test_OP_43_4_random_games_with_every_trigger_end_without_errors(tmp_path, monkeypatch):
    """Random play with decks full of triggers: every game ends (a win or the deck-out), clones and
    replays agree, and the triggers do fire."""
    options = custom_decks(tmp_path, monkeypatch, "triggers", TRIGGER_SET,
                           a=[{"card": c, "copies": 2} for c in ALL_TEST_CARDS],
                           b=[{"card": c, "copies": 2} for c in ALL_TEST_CARDS])
    fired = 0
    for seed in range(6):
        s = fresh(seed, options)
        rng = random.Random(seed)
        actions = []
        for _ in range(6000):
            if s.is_terminal():
                break
            fired += sum(1 for it in s.stack if it.kind == "trigger")
            check_zones(s)  # spec 10, invariants 2-4: every card in exactly one zone, whatever the triggers moved
            assert s.trigger_chain <= TRIGGER_CHAIN_LIMIT
            a = rng.choice(s.legal_actions())
            actions.append(a)
            s.apply(a)
        assert s.is_terminal(), f"seed {seed}: no end after 6000 actions"
        again = fresh(seed, options)
        for a in actions:
            again.apply(a)
        assert again.digest() == s.digest()  # determinism (the triggers' rounds included)
    assert fired > 0
