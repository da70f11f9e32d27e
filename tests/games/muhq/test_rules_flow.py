"""The flow rules of muhq's game, one test (or more) per rule ID: GEN, SETUP, DRAFT, TURN, ZONE, DECK, DISC,
STORE, UPKEEP, ACT, TIMING, STACK, APHASE, BUY, RES, BOARD, WIN, CARD, TOKEN, SPELL, STATE; the five victory
kinds, draws, the options of spec Appendix B and bad option values; determinism and clone independence.

Every test exercises the engine: it either checks the effect a rule has on a game, or that an illegal decision
is refused citing the rule with the state unchanged (``rejected``).
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from cardtable.engine import IllegalAction, OptionError
from cardtable.games.muhq import MuhqGame
from cardtable.games.muhq import actions as A
from cardtable.games.muhq.actions import (PASS, Activate, Attack, Buy, DeclineUpkeep, DraftPick, EndDiscard, Equip,
                                          FreeAction, FullAction, Move, PayUpkeep, PlayPermanent, PlaySpell,
                                          UniversalFreeAction)
from cardtable.games.muhq.objects import NEUTRAL

from .helpers import (P0, P1, at, crew, def_id, emptied, fresh, game, hand, pass_all, put, ready, rejected,
                      resource, scene, zone)


# -- helpers of this file --------------------------------------------------------------------------------------
def drafted(s, pick=0):
    """Run the draft, every seat taking the ``pick``-th card its legal list offers."""
    while s.mode == "draft":
        la = s.legal_actions()
        s.apply(la[min(pick, len(la) - 1)])
    return s


def names(s, cards) -> list[str]:
    return sorted(s.card_def[c].name for c in cards)


def until(s, pred, limit: int = 200, choose=None):
    """Apply ``choose(s)`` (default: pass, skip the buy, end what can be ended) until ``pred(s)`` holds."""
    for _ in range(limit):
        if pred(s):
            return s
        s.apply(choose(s) if choose else default_choice(s))
    raise AssertionError(f"never reached; stuck at {s.mode} {s.step}")


def default_choice(s):
    la = s.legal_actions()
    for kind in ("pass", "end_activation", "end_action_phase", "skip_buy"):
        for a in la:
            if a.type == kind:
                return a
    if s.mode == "discard":
        return EndDiscard(())
    if s.mode == "upkeep":
        pays = [a for a in la if a.type == "pay_upkeep"]
        return (pays or la)[0]
    return la[0]


def all_cards(s) -> Counter:
    """Where every card of the game is (INV-1, MUHQ-ZONE-1): a count of each card over all zones."""
    where = Counter()
    for p in s.players:
        for z in (p.store, p.deck, p.hand, p.discard, p.pending, p.drafted):
            where.update(z)
    for pk in s.packs + s._undealt:
        where.update(pk)
    where.update(list(s.perms))
    where.update(i.source for i in s.stack if i.kind in ("spell", "play_permanent"))
    where.update(s.removed)
    where.update(s.unused)
    return where


# =============================================================================================================
# 3.1 General (GEN)
# =============================================================================================================
def test_MUHQ_GEN_1_card_text_beats_the_rules():
    # Challenge makes a unit fight although its attack action is used (MUHQ-UNIT-4 gives one attack a turn).
    s = scene()
    pike = put(s, P0, "Pikeman", 4, 4, attack_used=True)
    rec = put(s, P1, "Recruit", 4, 5)
    ch, = hand(s, P0, "Challenge")
    resource(s, P0, 1)
    ready(s)
    s.apply(PlaySpell(ch, (pike, rec)))
    pass_all(s)
    assert rec not in s.perms and rec in s.players[P1].discard  # 2 + 1 bonus = 3 > life 1
    assert s.perms[pike].damage == 0  # 1 - armor 1


def test_MUHQ_GEN_2_ties_are_decided_by_a_fixed_rule_never_by_chance():
    from cardtable.engine.rng import Rng

    chosen = set()
    for seed in (1, 2, 3, 99):
        s = scene()
        bers = put(s, P0, "Berserker", 4, 4, rage=1)
        left = put(s, P1, "Recruit", 3, 4)
        put(s, P1, "Recruit", 5, 4)
        s.rng = Rng(seed)
        ready(s)
        s.apply(Activate(bers))
        assert s.stack[-1].kind == "attack"
        chosen.add(s.stack[-1].param("defender"))
        assert left == s.stack[-1].param("defender")  # equal life and distance: reading order (MUHQ-AI-4)
    assert len(chosen) == 1


def test_MUHQ_GEN_3_same_seed_and_decisions_same_game():
    def play(seed, n=120):
        s = fresh(seed)
        r = random.Random(7)
        for _ in range(n):
            if s.is_terminal():
                break
            la = s.legal_actions()
            s.apply(la[r.randrange(len(la))])
        return s

    a, b, c = play(5), play(5), play(6)
    assert a.digest() == b.digest()
    assert a.history == b.history
    assert a.digest() != c.digest()  # another seed: another pool shuffle and other decks


def test_MUHQ_GEN_4_two_players_or_more_turn_order_ascending_and_wrapping():
    with pytest.raises(OptionError):
        MuhqGame(1, {"board": "river-crown"})
    s = drafted(fresh(0, first_player=1))
    order = []
    for _ in range(3):
        order.append(s.active)
        turn = s.turn
        until(s, lambda s: s.turn > turn)
    assert order == [1, 0, 1]


def test_MUHQ_GEN_5_counters_never_negative():
    s = scene()
    smug = put(s, P0, "Smuggler", 4, 4)
    rec = put(s, P1, "Recruit", 4, 5, damage=0)
    medic = put(s, P0, "Field Medic", 3, 4)
    resource(s, P1, 0)
    ready(s)
    s.apply(Activate(smug))
    s.apply(Attack(smug, rec))
    pass_all(s)  # the combat
    pass_all(s)  # the Smuggler's trigger: steal 1 from a player with 0
    assert s.players[P1].resource == 0 and s.players[P0].resource == 0
    s.apply(A.END_ACTIVATION)
    s.apply(Activate(medic))
    s.apply(FullAction(medic, 0, (smug,)))  # heal 1 of a unit that has 1 damage, markers it does not have
    pass_all(s)
    p = s.perms[smug]
    assert (p.damage, p.paralysis, p.poison) == (0, 0, 0)


def test_MUHQ_GEN_6_you_is_the_controller_and_neutral_is_nobodys_enemy():
    s = scene()
    depot = put(s, P1, "Supply Depot", 2, 2, controller=P0)  # owned by P1, controlled by P0
    put(s, P0, "Recruit", 4, 4)
    neutral = put(s, NEUTRAL, "Recruit", 4, 5)
    terrify, wall = hand(s, P0, "Terrify", "Shield Wall")
    resource(s, P0, 2)
    ready(s)
    rejected(s, PlaySpell(terrify, (neutral,)), "MUHQ-ACT-3")  # "enemy": a neutral unit is not
    rejected(s, PlaySpell(wall, (neutral,)), "MUHQ-ACT-3")  # "you control": nor is it one's own
    s.apply(FreeAction(depot, 0))
    pass_all(s)
    assert s.players[P0].resource == 3 and s.players[P1].resource == 0


# =============================================================================================================
# 3.2 Setup (SETUP)
# =============================================================================================================
def test_MUHQ_SETUP_1_the_board_fixes_the_number_of_players():
    with pytest.raises(OptionError, match="MUHQ-SETUP-1"):
        MuhqGame(3, {"board": "river-crown"})
    s = fresh(0)
    assert s.n == 2 and len(s.players) == 2


def test_MUHQ_SETUP_2_pool_is_every_non_token_card_with_a_buy_cost():
    s = fresh(0)
    pool = [c for pk in s.packs + s._undealt for c in pk] + s.unused
    defs = [s.card_def[c] for c in pool]
    assert len(pool) == 51  # vanguard 25 + tide 26 (AS-24)
    assert all(d.buy is not None and not d.token for d in defs)
    assert not {d.name for d in defs} & {"Levy", "Brine Bubble", "Recruit", "Scout", "Coin Purse", "Sovereign"}
    assert Counter(d.id for d in defs) == Counter({d.id: 1 for d in defs})  # copies default 1


def test_MUHQ_SETUP_2_copies_put_a_card_into_the_pool_several_times(userdata):
    g = MuhqGame(2, {"board": "river-crown", "sets": "vanguard,tide,flowtest"})
    s = g.new_initial_state(0)
    pool = [c for pk in s.packs + s._undealt for c in pk] + s.unused
    assert len(pool) == 53 and Counter(s.card_def[c].name for c in pool)["Harrier"] == 2


def test_MUHQ_SETUP_3_the_pool_is_shuffled_by_the_seed():
    orders = {tuple(s.card_def[c].id for pk in s.packs + s._undealt for c in pk)
              for s in (fresh(seed) for seed in (0, 1, 2))}
    assert len(orders) == 3
    again = fresh(1)
    assert tuple(again.card_def[c].id for pk in again.packs + again._undealt for c in pk) in orders


def test_MUHQ_SETUP_4_drafted_cards_become_the_store_owned_by_the_drafter():
    s = fresh(0)
    first = s.packs[P0][0]
    s.apply(DraftPick(first))
    assert first in s.players[P0].drafted and s.card_owner[first] == P0
    drafted(s)
    for seat, p in enumerate(s.players):
        assert len(p.store) == 20 and all(s.card_owner[c] == seat for c in p.store)
    assert first in s.players[P0].store
    assert [c["id"] for c in s.view(P1)["players"][P0]["store"]] == s.players[P0].store  # face up


def test_MUHQ_SETUP_5_starting_cards_form_the_shuffled_deck_hand_and_discard_empty():
    s = fresh(0)
    orders = set()
    for seat, p in enumerate(s.players):
        assert names(s, p.deck) == ["Coin Purse"] * 2 + ["Recruit"] * 3 + ["Scout"]
        assert all(s.card_owner[c] == seat for c in p.deck)
        assert p.hand == [] and p.discard == []
    for seed in range(8):
        t = fresh(seed)
        orders.add(tuple(t.card_def[c].name for c in t.players[P0].deck))
    assert len(orders) > 1  # shuffled


def test_MUHQ_SETUP_6_starting_resource_and_vp():
    assert [(p.resource, p.vp) for p in fresh(0).players] == [(0, 0), (0, 0)]
    assert [(p.resource, p.vp) for p in fresh(0, board="bastion-run").players] == [(1, 0), (1, 0)]


def test_MUHQ_SETUP_7_board_objects_are_placed_untapped_without_markers():
    s = fresh(0, board="bastion-run")
    placed = {(s.card_def[pid].name, at(s, pid), p.owner, p.controller) for pid, p in s.perms.items()}
    assert placed == {("Bastion", (0, 0), 0, 0), ("Bastion", (0, 4), 0, 0), ("Bastion", (6, 0), 1, 1),
                      ("Bastion", (6, 4), 1, 1), ("Crown of Embers", (3, 2), NEUTRAL, NEUTRAL)}
    assert all(not p.tapped and not p.damage and not p.markers() and not p.worn for p in s.perms.values())
    r = fresh(0)
    assert {at(r, pid): p.owner for pid, p in r.perms.items()} == {(3, 6): 0, (3, 0): 1}


def test_MUHQ_SETUP_8_first_player_option_and_random_by_seed():
    assert drafted(fresh(0, first_player=1)).active == 1
    assert drafted(fresh(0, first_player=0)).active == 0
    firsts = {drafted(game("river-crown", first_player="random").new_initial_state(seed)).active
              for seed in range(12)}
    assert firsts == {0, 1}
    s = drafted(fresh(3, first_player=1))
    assert s.turn == 1 and s.phase == "start"


# =============================================================================================================
# 3.3 Draft (DRAFT)
# =============================================================================================================
def test_MUHQ_DRAFT_1_packs_of_pack_size_and_leftovers_unused():
    s = fresh(0)
    assert [len(p) for p in s.packs + s._undealt] == [10] * 5 and len(s.unused) == 1
    t = fresh(0, pack_size=7)  # 51 cards: 7 packs of 7, 2 left over
    assert [len(p) for p in t.packs + t._undealt] == [7] * 7 and len(t.unused) == 2


def test_MUHQ_DRAFT_2_round_needs_p_packs_and_cap():
    s = drafted(fresh(0))  # 5 packs: rounds 1 and 2; a third would need 2 packs, 1 remains
    assert [len(p.store) for p in s.players] == [20, 20]
    t = drafted(fresh(0, draft_stop=10))  # after one round every player holds 10: no more rounds
    assert [len(p.store) for p in t.players] == [10, 10]
    u = drafted(fresh(0, pack_size=5, draft_stop=12))  # the cap is checked only at round start: 15 each
    assert [len(p.store) for p in u.players] == [15, 15]


def test_MUHQ_DRAFT_3_each_player_takes_the_next_undealt_pack_in_seat_order():
    s = fresh(0)
    second = [pk[:] for pk in s._undealt[:2]]
    while any(s.packs):
        s.apply(s.legal_actions()[0])
        if s.packs and len(s.packs[0]) == 10:
            break
    assert s.packs == second


def test_MUHQ_DRAFT_4_pick_from_the_pack_you_hold_then_pass_to_the_next_seat():
    s = fresh(0)
    mine, theirs = s.packs[P0][:], s.packs[P1][:]
    rejected(s, DraftPick(theirs[0]), "MUHQ-DRAFT-4")
    s.apply(DraftPick(mine[0]))
    assert s.current_player == P1  # P0 picked; P1 picks in the same step
    s.apply(DraftPick(theirs[0]))
    assert sorted(s.packs[P1]) == sorted(mine[1:]) and sorted(s.packs[P0]) == sorted(theirs[1:])
    label, data = s.game.log_entry(DraftPick(mine[0]), P0, P1)  # picks are hidden
    assert str(mine[0]) not in label and "card" not in data


def test_MUHQ_DRAFT_5_every_player_takes_pack_size_cards_per_round():
    s = fresh(0, pack_size=6)
    steps = 0
    while len(s.players[P1].drafted) < 6:
        s.apply(s.legal_actions()[0])
        steps += 1
    assert [len(p.drafted) for p in s.players] == [6, 6] and steps == 12


def test_MUHQ_DRAFT_6_undealt_packs_are_removed_unused():
    s = drafted(fresh(0))
    assert len(s.unused) == 11 and not s._undealt and not s.packs  # 1 left over + 1 undealt pack (AS-24)
    assert all(s.card_owner[c] == NEUTRAL for c in s.unused)


def test_MUHQ_DRAFT_7_during_the_draft_only_your_pack_and_your_picks():
    s = fresh(0)
    s.apply(DraftPick(s.packs[P0][0]))
    v0, v1 = s.view(P0), s.view(P1)
    assert [c["id"] for c in v0["pack"]] == s.packs[P0]
    assert [c["id"] for c in v1["pack"]] == s.packs[P1]
    assert len(v0["players"][P0]["drafted"]) == 1 and v1["players"][P0]["drafted"] == 1  # a count only
    assert "pack" not in s.view(None) or not s.view(None)["pack"]
    drafted(s)
    assert len(s.view(P1)["players"][P0]["store"]) == 20  # public after the draft


def test_MUHQ_DRAFT_8_too_few_packs_rejected_unless_pad_pool():
    with pytest.raises(OptionError, match="MUHQ-DRAFT-8"):
        MuhqGame(2, {"board": "river-crown", "pack_size": 30})
    s = fresh(0, pack_size=30, pad_pool=True)  # 51 + 51 = 102 cards: 3 packs of 30, 12 unused
    assert [len(p) for p in s.packs + s._undealt] == [30, 30, 30] and len(s.unused) == 12
    drafted(s)
    assert [len(p.store) for p in s.players] == [30, 30]


# =============================================================================================================
# 3.4 Turn structure (TURN)
# =============================================================================================================
def test_MUHQ_TURN_1_turns_follow_each_other_a_round_is_one_turn_each():
    s = scene(step="start")
    ready(s)
    seen = []
    for _ in range(4):
        seen.append((s.turn, s.active))
        turn = s.turn
        until(s, lambda s: s.turn > turn)
    assert seen == [(1, P0), (2, P1), (3, P0), (4, P1)]


def test_MUHQ_TURN_2_five_phases_in_order():
    s = scene(step="start")
    zone(s, P0, "store", "Pikeman")
    ready(s)
    phases = []
    until(s, lambda s: s.turn == 2 or phases.append(s.phase))
    order = [p for i, p in enumerate(phases) if i == 0 or phases[i - 1] != p]
    assert order == ["start", "upkeep", "action", "buy", "end"]


def test_MUHQ_TURN_3_start_untap_replace_empty_deck_refill_hand():
    s = scene(step="start")
    pike = put(s, P0, "Pikeman", 4, 4, tapped=True, move_used=True, attack_used=True)
    theirs = put(s, P1, "Recruit", 4, 0, tapped=True, move_used=True)
    hand(s, P0, "Volley")
    zone(s, P0, "discard", "Recruit", "Scout", "Coin Purse", "Rally")
    ready(s)
    p = s.perms[pike]
    assert not p.tapped and not p.move_used and not p.attack_used
    assert s.perms[theirs].tapped and s.perms[theirs].move_used  # only your own permanents
    pl = s.players[P0]
    assert len(pl.hand) == 3 and len(pl.deck) == 2 and pl.discard == []


def test_MUHQ_TURN_3_the_board_sets_the_hand_size(userdata):
    g = MuhqGame(2, {"board": "per-unit-hills", "sets": "vanguard,tide", "first_player": 0, "auto_pass": False})
    s = scene_of(g.new_initial_state(0))
    zone(s, P0, "deck", *["Recruit"] * 7)
    hand(s, P0, "Volley")
    ready(s)
    assert len(s.players[P0].hand) == 5 and len(s.players[P0].deck) == 3


def test_MUHQ_TURN_4_upkeep_follows_start_with_its_steps_in_order():
    s = scene(step="start")
    idol = put(s, P0, "Sunken Idol", 2, 2)
    pike = put(s, P0, "Pikeman", 4, 4)
    ready(s)
    until(s, lambda s: s.phase == "upkeep")
    assert s.step == "upkeep_trigger_prio" and [i.source for i in s.stack] == [idol]  # step 3
    pass_all(s)
    assert s.players[P0].resource == 1 and s.step == "upkeep_trigger_prio"
    until(s, lambda s: s.mode == "upkeep")  # step 4 only once everybody passed with an empty stack
    s.apply(PayUpkeep(pike))
    assert s.players[P0].resource == 0


def test_MUHQ_TURN_5_action_phase_follows_the_upkeep():
    s = scene(step="start")
    rec, = zone(s, P0, "deck", "Recruit")
    ready(s)
    until(s, lambda s: s.mode == "open")
    assert s.phase == "action" and s.current_player == P0 and s.activation is None
    s.apply(PlayPermanent(rec, (4, 8)))
    pass_all(s)
    assert at(s, rec) == (4, 8)


def test_MUHQ_TURN_6_buy_phase_follows_the_action_phase():
    s = scene()
    pike, = zone(s, P0, "store", "Pikeman")
    resource(s, P0, 3)
    ready(s)
    rejected(s, Buy(pike), "MUHQ-BUY-5")
    s.apply(A.END_ACTION_PHASE)
    until(s, lambda s: s.mode == "buy")
    assert s.phase == "buy"
    s.apply(Buy(pike))
    assert pike in s.players[P0].discard


def test_MUHQ_TURN_7_end_phase_discard_some_pending_equipment_and_until_eot_end():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    march, helm, keep, drop = hand(s, P0, "Forced March", "Iron Helm", "Volley", "Rally")
    resource(s, P0, 2)
    ready(s)
    s.apply(PlaySpell(march, (rec,)))
    pass_all(s)
    s.apply(PlayPermanent(helm, None, "next_unit"))
    pass_all(s)
    assert s.players[P0].pending == [helm] and s.stats()[rec].movement == 4
    s.apply(A.END_ACTION_PHASE)
    until(s, lambda s: s.mode == "discard")
    s.apply(EndDiscard((drop,)))
    assert s.mode == "discard"  # a player may discard more
    s.apply(EndDiscard(()))
    pl = s.players[P0]
    assert pl.hand == [keep] and drop in pl.discard
    assert pl.pending == [] and helm in pl.discard  # (b)
    assert s.stats()[rec].movement == 2  # (c)
    until(s, lambda s: s.active == P1)  # (d)
    assert s.turn == 2


def test_MUHQ_TURN_8_a_phase_ends_only_when_all_pass_with_an_empty_stack():
    s = scene(step="buy")
    rec = put(s, P0, "Recruit", 4, 4)
    volley, = hand(s, P1, "Volley")
    put(s, P1, "Recruit", 4, 2)
    resource(s, P1, 1)
    ready(s)
    s.apply(A.SKIP_BUY)
    assert s.step == "buy_prio" and s.current_player == P0
    s.apply(PASS)
    s.apply(PlaySpell(volley, (rec,)))  # P1 answers in the buy phase's closing round
    pass_all(s)
    assert rec not in s.perms
    assert s.phase == "buy" and s.mode == "priority" and s.current_player == P0  # a new round, still buy
    s.apply(PASS)
    s.apply(PASS)
    assert s.phase == "end"


# =============================================================================================================
# 3.5 Zones, deck, discard pile, store (ZONE, DECK, DISC, STORE)
# =============================================================================================================
def test_MUHQ_ZONE_1_every_card_is_in_exactly_one_zone():
    for board in ("river-crown", "bastion-run"):
        s = fresh(2, board=board)
        r = random.Random(3)
        for _ in range(400):
            if s.is_terminal():
                break
            where = all_cards(s)
            if s.resolving is not None and s.resolving[0] is not None and s.resolving[0].kind == "spell":
                where[s.resolving[0].source] += 1  # the resolving spell is still on the stack
            assert set(where) == set(range(len(s.card_def))), "a card is in no zone"
            assert max(where.values()) == 1, [c for c, k in where.items() if k > 1]
            la = s.legal_actions()
            s.apply(la[r.randrange(len(la))])


def test_MUHQ_DECK_1_the_deck_grows_through_bought_cards():
    s = scene(step="buy")
    pike, = zone(s, P0, "store", "Pikeman")
    resource(s, P0, 3)
    ready(s)
    s.apply(Buy(pike))
    until(s, lambda s: s.turn == 3 and s.phase == "upkeep")  # P0's next start: the discard pile is the deck
    assert pike in s.players[P0].hand


def test_MUHQ_DECK_2_draw_from_the_top_an_empty_deck_draws_nothing():
    s = scene(step="start")
    rec, scout = zone(s, P0, "deck", "Recruit", "Scout")  # the Scout is on top
    vol, = zone(s, P0, "discard", "Volley")
    ready(s)
    pl = s.players[P0]
    assert pl.hand == [scout, rec] and pl.deck == [] and pl.discard == [vol]  # not shuffled in (OP-4)


def test_MUHQ_DECK_3_deck_order_is_hidden_even_from_its_owner():
    s = scene()
    zone(s, P0, "deck", "Recruit", "Scout", "Volley")
    ready(s)
    for viewer in (P0, P1, None):
        assert s.view(viewer)["players"][P0]["deck"] == 3


def test_MUHQ_DECK_4_discard_becomes_deck_only_at_start_and_empty_is_legal():
    s = scene()
    totem = put(s, P0, "Tide Totem", 2, 2)
    a, b = hand(s, P0, "Recruit", "Scout")
    zone(s, P0, "discard", "Volley", "Rally")
    ready(s)
    s.apply(FreeAction(totem, 0, (), (a,)))  # discard a card: draw a card, from an empty deck
    pass_all(s)
    pl = s.players[P0]
    assert pl.hand == [b] and pl.deck == [] and len(pl.discard) == 3  # no reshuffle mid-turn
    # the pile is shuffled into the deck: over a few seeds the cards come out in another order than the pile's
    orders = set()
    for seed in range(4):
        t = emptied(game("arena-9", auto_pass=False).new_initial_state(seed), "start", P0)
        pile = zone(t, P0, "discard", "Recruit", "Scout", "Volley", "Rally", "Pikeman", "Outrider", "Forager",
                    "Undertow")
        ready(t)
        pl = t.players[P0]
        assert pl.discard == [] and sorted(pl.deck + pl.hand) == sorted(pile)
        orders.add(tuple(pl.deck + pl.hand[::-1]))
    assert orders - {tuple(pile)}, orders  # (the order after the draws, put back: deck + hand, drawn last first)
    t = scene(step="start")
    ready(t)  # deck and discard pile empty: nothing is drawn, nobody loses
    assert t.players[P0].hand == [] and t.players[P0].deck == [] and t.players[P0].alive
    until(t, lambda t: t.turn == 3)
    assert t.winners is None


def test_MUHQ_DISC_1_discard_piles_are_open_to_everyone():
    s = scene()
    cards = zone(s, P0, "discard", "Volley", "Recruit")
    ready(s)
    for viewer in (P0, P1, None):
        assert [c["id"] for c in s.view(viewer)["players"][P0]["discard"]] == sorted(cards)


def test_MUHQ_DISC_2_a_discarded_card_goes_to_its_owners_pile():
    s = scene()
    stolen = put(s, P1, "Recruit", 4, 4, controller=P0)
    depot = put(s, P1, "Supply Depot", 2, 2, controller=P0)
    req, vol = hand(s, P0, "Requisition", "Volley")
    resource(s, P0, 1)
    ready(s)
    s.apply(PlaySpell(req, (), (depot,)))  # sacrifice P1's depot that P0 controls
    assert depot in s.players[P1].discard
    pass_all(s)
    s.apply(PlaySpell(vol, (stolen,)))
    pass_all(s)
    assert stolen in s.players[P1].discard and not s.players[P0].discard.count(stolen)
    assert req in s.players[P0].discard and vol in s.players[P0].discard


def test_MUHQ_STORE_1_each_player_has_a_public_store_of_their_draft():
    s = drafted(fresh(0))
    for seat in (P0, P1):
        for viewer in (P0, P1, None):
            assert [c["id"] for c in s.view(viewer)["players"][seat]["store"]] == s.players[seat].store
    assert not set(s.players[P0].store) & set(s.players[P1].store)


def test_MUHQ_STORE_2_cards_leave_a_store_only_by_being_bought():
    s = drafted(fresh(4, board="three-hills"))
    r = random.Random(1)
    bought = 0
    for _ in range(600):
        if s.is_terminal():
            break
        stores = [p.store[:] for p in s.players]
        la = s.legal_actions()
        buys = [a for a in la if a.type == "buy"]
        a = buys[0] if buys else la[r.randrange(len(la))]
        seat = s.current_player
        s.apply(a)
        for i, p in enumerate(s.players):
            if a.type == "buy" and i == seat:
                assert p.store == [c for c in stores[i] if c != a.card]
                bought += 1
            else:
                assert p.store == stores[i]
    assert bought >= 2


# =============================================================================================================
# 3.6 Upkeep (UPKEEP)
# =============================================================================================================
HARRIER = """format: muhq-cards/1
set: flowtest
name: Flow test
cards:
  - id: flowtest/harrier
    name: Harrier
    type: unit
    copies: 2
    buy: 3
    play: 0
    upkeep: 0
    life: 1
    movement: 2
    attack: [{value: 1, range: 1}]
    abilities:
      - kind: trigger
        when: {event: enters, subject: self}
        targets:
          T1: {kind: unit, filter: {controller: enemy}, within: {range: 1, of: self}}
        effect:
          - {do: damage, to: T1, amount: 1}
"""
DUPES = """format: muhq-cards/1
set: dupes
name: Dupes
cards:
  - id: dupes/pikeman
    name: Pikeman
    type: unit
    buy: 3
    play: 0
    upkeep: 1
    life: 2
    movement: 2
    attack: [{value: 2, range: 1}]
"""


@pytest.fixture
def userdata(tmp_path, monkeypatch):
    """A user data folder ($CARDTABLE_DATA_DIR/muhq) with a test set, a set that repeats a card name, and
    Three Hills with income per unit."""
    folder = tmp_path / "muhq"
    folder.mkdir()
    (folder / "flowtest.yaml").write_text(HARRIER)
    (folder / "dupes.yaml").write_text(DUPES)
    from cardtable.games.muhq.data import PACKAGED_DIR

    hills = (PACKAGED_DIR / "three-hills.yaml").read_text()
    hills = hills.replace("id: three-hills", "id: per-unit-hills").replace("income: {base: 2}",
                                                                           "income: {base: 1, per_unit: 2}")
    hills = hills.replace("hand_size: 3", "hand_size: 5")
    assert "per_unit: 2" in hills and "hand_size: 5" in hills
    (folder / "per-unit-hills.yaml").write_text(hills)
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    return folder


def test_MUHQ_UPKEEP_1_income_base_per_unit_and_fields(userdata):
    s = scene(board="three-hills", step="start")
    put(s, P0, "Recruit", 1, 4)  # a mine field: income 1
    put(s, P0, "Recruit", 2, 4)
    put(s, P1, "Recruit", 4, 1)  # the other mine, but P1's unit
    ready(s)
    until(s, lambda s: s.phase == "action")
    assert s.players[P0].resource == 2 + 1 and s.players[P1].resource == 0
    t = MuhqGame(2, {"board": "per-unit-hills", "sets": "vanguard,tide", "first_player": 0,
                     "auto_pass": False}).new_initial_state(0)
    t = scene_of(t)
    wagon = put(t, P0, "Siege Wagon", 1, 4)  # on the mine
    crew(t, wagon, P0, "Recruit")  # crew are units you control on the board
    put(t, P1, "Recruit", 4, 1)
    ready(t)
    until(t, lambda t: t.mode == "upkeep")
    assert t.players[P0].resource == 1 + 2 * 2 + 1


def scene_of(s, step: str = "start"):
    """helpers.scene() for a state made from any game (a user board)."""
    return emptied(s, step, P0)


def test_MUHQ_UPKEEP_2_the_active_player_scores_held_areas_in_step_2():
    s = scene(board="three-hills", step="start")
    put(s, P0, "Recruit", 2, 2)  # centre: P0 1, P1 1 -> nobody holds it
    put(s, P1, "Recruit", 3, 3)
    put(s, P0, "Recruit", 1, 1)  # west hill: P0 holds it
    put(s, P1, "Recruit", 4, 4)  # east hill: P1's, but it is P0's upkeep
    ready(s)
    until(s, lambda s: s.phase == "action")
    assert (s.players[P0].vp, s.players[P1].vp) == (1, 0)
    until(s, lambda s: s.active == P1 and s.phase == "action")
    assert (s.players[P0].vp, s.players[P1].vp) == (1, 1)


def test_MUHQ_UPKEEP_3_upkeep_start_triggers_of_the_active_players_sources():
    s = scene(step="start")
    mine = put(s, P0, "Sunken Idol", 2, 2)
    put(s, P1, "Sunken Idol", 2, 0)
    ready(s)
    until(s, lambda s: s.step == "upkeep_trigger_prio")
    assert [i.source for i in s.stack] == [mine]  # only the active player's source
    until(s, lambda s: s.phase == "action")
    assert (s.players[P0].resource, s.players[P1].resource) == (1, 0)


def test_MUHQ_UPKEEP_4_each_unit_in_an_order_the_player_chooses_crew_included():
    s = scene(step="start")
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    pike = crew(s, wagon, P0, "Pikeman")
    put(s, P1, "Pikeman", 4, 0)
    resource(s, P0, 3)
    ready(s)
    until(s, lambda s: s.mode == "upkeep")
    assert sorted(s.upkeep_todo) == sorted([wagon, pike])
    assert {a.unit for a in s.legal_actions() if a.type == "pay_upkeep"} == {wagon, pike}
    s.apply(PayUpkeep(pike))  # the crew first: the player's choice
    assert s.mode == "upkeep" and s.players[P0].resource == 2
    s.apply(PayUpkeep(wagon))
    assert s.players[P0].resource == 0 and s.mode != "upkeep"


def test_MUHQ_UPKEEP_5_pay_only_with_enough_resource_or_the_unit_is_defeated():
    s = scene(step="start")
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    pike = put(s, P0, "Pikeman", 2, 2)
    resource(s, P0, 1)
    ready(s)
    until(s, lambda s: s.mode == "upkeep")
    rejected(s, PayUpkeep(wagon), "MUHQ-UPKEEP-5")  # upkeep 2, resource 1
    assert PayUpkeep(wagon) not in s.legal_actions() and DeclineUpkeep(wagon) in s.legal_actions()
    s.apply(DeclineUpkeep(pike))  # may decline although it could pay
    assert pike not in s.perms and pike in s.players[P0].discard
    s.apply(DeclineUpkeep(wagon))
    assert wagon not in s.perms and s.players[P0].resource == 1
    s = scene(step="start")
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    resource(s, P0, 2)  # exactly its upkeep (Arena 9 has no income)
    ready(s)
    until(s, lambda s: s.mode == "upkeep")
    assert s.players[P0].resource == 2 and PayUpkeep(wagon) in s.legal_actions()
    s.apply(PayUpkeep(wagon))
    assert wagon in s.perms and s.players[P0].resource == 0


def test_MUHQ_UPKEEP_6_upkeep_zero_is_paid_automatically():
    s = scene(step="start")
    put(s, P0, "Recruit", 4, 4)
    put(s, P0, "Forager", 3, 4)
    ready(s)
    modes = []
    until(s, lambda s: s.phase == "action" or modes.append(s.mode))
    assert "upkeep" not in modes and len(s.perms) == 2


def test_MUHQ_UPKEEP_7_paying_and_defeat_are_turn_based_with_state_checks_after_each():
    s = scene(step="start")
    wagon = put(s, P0, "Siege Wagon", 4, 4)
    pike = crew(s, wagon, P0, "Pikeman")
    resource(s, P0, 5)
    ready(s)
    until(s, lambda s: s.mode == "upkeep")
    s.apply(PayUpkeep(pike))
    assert not s.stack and s.players[P0].resource == 4 and s.mode == "upkeep"  # no stack, no priority
    s.apply(DeclineUpkeep(wagon))
    assert wagon not in s.perms and s.mode == "drop" and s.current_player == P0  # destroyed; its crew drops
    s.apply(A.DropPlace(pike, (4, 4)))
    assert at(s, pike) == (4, 4) and not s.stack and s.players[P0].resource == 4


# =============================================================================================================
# 3.7 Actions (ACT)
# =============================================================================================================
def test_MUHQ_ACT_1_the_kinds_of_actions_all_use_the_stack():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    depot = put(s, P0, "Supply Depot", 2, 2)
    purse, scout, a, b = hand(s, P0, "Coin Purse", "Scout", "Volley", "Rally")
    ready(s)
    kinds = []
    for action in (PlaySpell(purse), PlayPermanent(scout, (0, 8))):
        s.apply(action)
        kinds.append(s.stack[-1].kind)
        pass_all(s)
    s.apply(Activate(rec))
    s.apply(Move(rec, (4, 5)))
    kinds.append(s.stack[-1].kind)
    s.apply(FreeAction(depot, 0))
    kinds.append(s.stack[-1].kind)
    s.apply(UniversalFreeAction((a, b)))
    kinds.append(s.stack[-1].kind)
    assert kinds == ["spell", "play_permanent", "move", "free_action", "universal"]
    assert [i.kind for i in s.stack] == ["move", "free_action", "universal"]


def test_MUHQ_ACT_2_turn_based_steps_do_not_use_the_stack():
    s = scene(step="buy")
    rec = put(s, P0, "Recruit", 4, 4)
    pike, = zone(s, P0, "store", "Pikeman")
    resource(s, P0, 3)
    ready(s)
    s.apply(Buy(pike))
    assert not s.stack and pike in s.players[P0].discard
    t = scene()
    rec = put(t, P0, "Recruit", 4, 4)
    ready(t)
    t.apply(Activate(rec))
    assert not t.stack and t.mode == "open" and t.activation == rec


def test_MUHQ_ACT_3_declaring_names_targets_and_pays_costs_or_is_rejected():
    s = scene()
    put(s, P0, "Recruit", 4, 4)
    far = put(s, P1, "Recruit", 4, 0)  # distance 4 > 3
    near = put(s, P1, "Recruit", 4, 2)
    totem = put(s, P0, "Tide Totem", 2, 2)
    volley, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    rejected(s, PlaySpell(volley, ()), "MUHQ-ACT-3")  # the target is not named
    rejected(s, PlaySpell(volley, (far,)), "MUHQ-ACT-3")  # out of range
    rejected(s, FreeAction(totem, 0, (), (far,)), "MUHQ-ACT-3")  # a "card" to discard that is not in hand
    s.apply(PlaySpell(volley, (near,)))
    assert s.players[P0].resource == 0 and volley not in s.players[P0].hand  # paid at declaration


def test_MUHQ_ACT_4_a_declared_action_goes_on_top_of_the_stack():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    purse, = hand(s, P0, "Coin Purse")
    wall, = hand(s, P1, "Shield Wall")
    own = put(s, P1, "Recruit", 4, 0)
    resource(s, P1, 1)
    ready(s)
    s.apply(PlaySpell(purse))
    s.apply(PASS)
    s.apply(PlaySpell(wall, (own,)))
    assert [i.source for i in s.stack] == [purse, wall]


def test_MUHQ_ACT_5_resolution_applies_every_effect_in_order_at_once():
    s = scene()
    medic = put(s, P0, "Field Medic", 4, 4)
    hurt = put(s, P0, "Pikeman", 4, 5, damage=2, paralysis=2, poison=1)
    ready(s)
    s.apply(Activate(medic))
    s.apply(FullAction(medic, 0, (hurt,)))
    s.apply(PASS)
    s.apply(PASS)
    p = s.perms[hurt]
    assert (p.damage, p.paralysis, p.poison) == (1, 0, 0)
    assert [e[0] for e in s.log].count("resolve") == 1


def volley_answered_by_undertow(bounce_mine: bool):
    """P0 plays Volley on P1's Recruit at (4, 2); P1 answers with Undertow, returning to its owner's hand either
    that Recruit or P0's only unit (then no unit of P0's is within range 3 of the target). Both resolve."""
    s = scene()
    mine = put(s, P0, "Recruit", 4, 4)
    rec = put(s, P1, "Recruit", 4, 2)
    put(s, P1, "Scout", 5, 5)
    volley, = hand(s, P0, "Volley")
    undertow, = hand(s, P1, "Undertow")
    resource(s, P0, 1)
    resource(s, P1, 2)
    ready(s)
    s.apply(PlaySpell(volley, (rec,)))
    s.apply(PASS)
    s.apply(PlaySpell(undertow, (mine if bounce_mine else rec,)))
    pass_all(s)
    assert (mine if bounce_mine else rec) in s.players[P0 if bounce_mine else P1].hand
    pass_all(s)  # the Volley resolves
    return s, rec, volley, undertow


def test_MUHQ_ACT_6_illegal_targets_are_skipped_costs_stay_paid_the_spell_is_discarded():
    s, rec, volley, undertow = volley_answered_by_undertow(bounce_mine=False)  # its only target left the board
    assert volley in s.players[P0].discard and s.players[P0].resource == 0
    assert undertow in s.players[P1].discard


def test_MUHQ_ACT_6_a_target_still_on_the_board_but_no_longer_legal_is_skipped():
    # where the target leaves the board an effect does nothing anyway: here it stays, but out of Volley's reach
    s, rec, volley, _ = volley_answered_by_undertow(bounce_mine=True)
    assert rec in s.perms and s.perms[rec].damage == 0
    assert volley in s.players[P0].discard and s.players[P0].resource == 0  # the cost stays paid


def test_MUHQ_ACT_7_triggers_are_declared_before_priority_and_need_a_legal_target(userdata):
    g = MuhqGame(2, {"board": "arena-9", "sets": "vanguard,tide,flowtest", "first_player": 0, "auto_pass": False})
    s = scene_of(g.new_initial_state(0), "action")
    h1, h2, h3 = hand(s, P0, "Harrier", "Harrier", "Harrier")
    a = put(s, P1, "Recruit", 1, 7)
    b = put(s, P1, "Recruit", 5, 7)
    c = put(s, P1, "Recruit", 4, 7)
    ready(s)
    s.apply(PlayPermanent(h1, (8, 8)))  # no enemy unit within range 1: not put on the stack
    pass_all(s)
    assert at(s, h1) == (8, 8) and not s.stack and not s.triggers and s.mode == "open"
    s.apply(PlayPermanent(h2, (0, 8)))  # one legal target: declared for the player before priority
    pass_all(s)
    assert [i.kind for i in s.stack] == ["trigger"] and s.stack[0].targets == (("T1", a),)
    assert s.mode == "priority" and s.current_player == P0
    pass_all(s)
    assert s.perms[a].damage == 1
    s.apply(PlayPermanent(h3, (4, 8)))  # two legal targets: the controller chooses
    pass_all(s)
    assert s.mode == "trigger" and s.current_player == P0
    assert {x.targets for x in s.legal_actions()} == {(b,), (c,)}
    rejected(s, A.DeclareTrigger(0, (h1,)), "MUHQ-ACT-3")
    s.apply(A.DeclareTrigger(0, (b,)))
    pass_all(s)
    assert s.perms[b].damage == 1 and s.perms[c].damage == 0


def test_MUHQ_ACT_8_the_active_player_declares_first_whatever_its_seat():
    # with seat 0 active, "from the active player" and "from seat 0" are the same order: here seat 1 is active
    s = scene(active=P1)
    b1 = put(s, P1, "Berserker", 4, 4)
    crew(s, b1, P1, "War Banner")
    b0 = put(s, P0, "Berserker", 4, 5)
    ready(s)
    s.apply(Activate(b1))
    s.apply(Attack(b1, b0))
    pass_all(s)
    assert s.mode == "trigger" and s.current_player == P1
    while s.mode == "trigger":
        s.apply(s.legal_actions()[0])
    assert s.stack[-1].source == b0  # P0's trigger, declared last, resolves first


def test_MUHQ_ACT_8_simultaneous_triggers_in_turn_order_each_player_orders_their_own():
    s = scene()
    b0 = put(s, P0, "Berserker", 4, 4)
    banner = crew(s, b0, P0, "War Banner")
    b1 = put(s, P1, "Berserker", 4, 5)
    ready(s)
    s.apply(Activate(b0))
    s.apply(Attack(b0, b1))
    pass_all(s)
    assert s.mode == "trigger" and s.current_player == P0  # the active player first
    mine = [a for a in s.legal_actions()]
    assert {s.triggers[a.trigger].source for a in mine} == {b0, banner}
    # each is listed by its card, not its number among the pending triggers
    labels = {s.game.move_label(a, s.view(P0)) for a in mine}
    assert labels == {"declare the triggered action of Berserker", "declare the triggered action of War Banner"}
    rejected(s, A.DeclareTrigger([i for i, t in enumerate(s.triggers) if t.controller == P1][0]), "MUHQ-ACT-8")
    s.apply([a for a in mine if s.triggers[a.trigger].source == b0][0])  # P0 chooses the Berserker first
    assert s.mode == "priority" or s.mode == "trigger"
    while s.mode == "trigger":
        s.apply(s.legal_actions()[0])
    assert [i.source for i in s.stack] == [b0, banner, b1]  # P1's declared last, resolves first
    s.apply(PASS)
    s.apply(PASS)
    assert s.perms[b1].rage == 1 and s.perms[b0].rage == 0 and s.players[P0].resource == 0


def test_MUHQ_ACT_9_a_card_without_play_cost_cannot_be_played_zero_is_a_cost():
    s = scene()
    sov, rec, purse = hand(s, P0, "Sovereign", "Recruit", "Coin Purse")
    ready(s)
    assert not [a for a in s.legal_actions() if getattr(a, "card", None) == sov]
    rejected(s, PlayPermanent(sov, (4, 8)), "MUHQ-ACT-9")
    s.apply(PlayPermanent(rec, (4, 8)))
    pass_all(s)
    s.apply(PlaySpell(purse))
    pass_all(s)
    assert at(s, rec) == (4, 8) and s.players[P0].resource == 1


def test_MUHQ_ACT_10_a_trigger_of_a_departed_source_still_happens():
    s = scene()
    thrall = put(s, P0, "Drowned Thrall", 4, 4)
    put(s, P1, "Recruit", 4, 2)
    volley, = hand(s, P1, "Volley")
    resource(s, P1, 1)
    ready(s)
    s.apply(A.END_ACTION_PHASE)  # P1 answers in the closing round
    while s.current_player != P1:
        s.apply(PASS)
    s.apply(PlaySpell(volley, (thrall,)))
    pass_all(s)
    assert thrall not in s.perms
    assert [i.source for i in s.stack] == [thrall]
    pass_all(s)
    assert [s.card_def[c].name for c in s.players[P0].hand] == ["Brine Bubble"]


# =============================================================================================================
# 3.8 Timing, action stack and priority (TIMING, STACK)
# =============================================================================================================
def test_MUHQ_TIMING_1_slow_permanents_fast_spells():
    s = scene()
    put(s, P0, "Recruit", 4, 4)
    purse, vol, rec = hand(s, P0, "Coin Purse", "Coin Purse", "Recruit")
    ready(s)
    s.apply(PlaySpell(purse))  # the stack is not empty now
    rejected(s, PlayPermanent(rec, (0, 8)), "MUHQ-TIMING-2")  # slow
    s.apply(PlaySpell(vol))  # fast
    assert [i.source for i in s.stack] == [purse, vol]


def test_MUHQ_TIMING_2_slow_only_active_player_own_action_phase_empty_stack():
    s = scene(step="start")
    mine = put(s, P1, "Recruit", 4, 0)
    rec, = zone(s, P0, "deck", "Recruit")
    their, = hand(s, P1, "Recruit")
    ready(s)
    assert s.step == "start_prio" and s.current_player == P0
    rejected(s, PlayPermanent(rec, (0, 8)), "MUHQ-TIMING-2")  # the start phase
    s.apply(PASS)
    assert s.current_player == P1
    rejected(s, Activate(mine), "MUHQ-TIMING-2")  # not the active player
    rejected(s, PlayPermanent(their, (0, 0)), "MUHQ-TIMING-2")
    until(s, lambda s: s.mode == "open")
    s.apply(PlayPermanent(rec, (0, 8)))
    pass_all(s)
    assert at(s, rec) == (0, 8)


def test_MUHQ_TIMING_3_unit_actions_are_slow_and_cost_only_the_action():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    enemy = put(s, P1, "Recruit", 4, 2)
    purse, = hand(s, P0, "Coin Purse")
    resource(s, P0, 2)
    ready(s)
    s.apply(Activate(rec))
    s.apply(Move(rec, (4, 3)))
    assert s.players[P0].resource == 2 and s.perms[rec].move_used
    s.apply(PlaySpell(purse))  # on top of the move: a unit action now needs an empty stack
    rejected(s, Attack(rec, enemy), "MUHQ-TIMING-2")
    pass_all(s)
    pass_all(s)
    s.apply(Attack(rec, enemy))
    assert s.players[P0].resource == 3 and s.perms[rec].attack_used


def test_MUHQ_TIMING_4_fast_actions_by_any_player_with_priority_in_any_phase():
    s = scene(step="start")
    own = put(s, P1, "Recruit", 4, 0)
    wall, = hand(s, P1, "Shield Wall")
    resource(s, P1, 1)
    zone(s, P0, "deck", "Coin Purse")
    ready(s)
    assert s.phase == "start"
    s.apply(PlaySpell(s.players[P0].hand[0]))  # P0 in its start phase
    s.apply(PASS)
    s.apply(PlaySpell(wall, (own,)))  # P1 in P0's turn
    pass_all(s)
    pass_all(s)
    assert s.perms[own].protection == 2 and s.players[P0].resource == 1


def test_MUHQ_TIMING_5_a_free_action_pays_its_cost_at_declaration():
    s = scene()
    priest = put(s, P0, "Tide Priestess", 4, 4)
    sick = put(s, P0, "Recruit", 4, 5, poison=1)
    totem = put(s, P0, "Tide Totem", 2, 2)
    a, = hand(s, P0, "Volley")
    zone(s, P0, "deck", "Rally")
    resource(s, P0, 2)
    ready(s)
    s.apply(FreeAction(priest, 0, (sick,)))
    assert s.players[P0].resource == 0 and s.perms[sick].poison == 1  # paid; the effect waits
    s.apply(FreeAction(totem, 0, (), (a,)))
    assert a in s.players[P0].discard and s.players[P0].hand == []
    pass_all(s)
    pass_all(s)
    assert s.perms[sick].poison == 0 and names(s, s.players[P0].hand) == ["Rally"]


def test_MUHQ_TIMING_6_free_actions_of_tapped_permanents_unless_the_cost_taps():
    s = scene()
    depot = put(s, P0, "Supply Depot", 2, 2, tapped=True)
    totem = put(s, P0, "Tide Totem", 3, 2, tapped=True)
    fresh_depot = put(s, P0, "Supply Depot", 5, 2)
    a, = hand(s, P0, "Volley")
    ready(s)
    rejected(s, FreeAction(depot, 0), "MUHQ-TIMING-6")
    s.apply(FreeAction(totem, 0, (), (a,)))  # tapped, but its cost does not tap
    pass_all(s)
    s.apply(FreeAction(fresh_depot, 0))
    assert s.perms[fresh_depot].tapped
    pass_all(s)
    assert s.players[P0].resource == 1


def test_MUHQ_STACK_1_last_in_first_out():
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    a, b = hand(s, P1, "Recruit", "Scout")
    ready(s)
    s.apply(PlaySpell(purse))
    s.apply(PASS)
    s.apply(UniversalFreeAction((a, b)))
    pass_all(s)
    assert [e[2] for e in s.log if e[0] == "resolve"] == ["discard 2 cards: gain 1 resource"]
    assert s.players[P1].resource == 1 and s.players[P0].resource == 0
    pass_all(s)
    assert s.players[P0].resource == 1


def test_MUHQ_STACK_2_moves_attacks_and_free_actions_wait_on_the_stack():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    depot = put(s, P0, "Supply Depot", 2, 2)
    ready(s)
    s.apply(Activate(rec))
    s.apply(Move(rec, (4, 3)))
    s.apply(FreeAction(depot, 0))
    assert at(s, rec) == (4, 4) and s.players[P0].resource == 0 and len(s.stack) == 2
    pass_all(s)
    pass_all(s)
    assert at(s, rec) == (4, 3) and s.players[P0].resource == 1


def test_MUHQ_STACK_3_the_top_resolves_only_when_all_pass_in_succession():
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    purse1, = hand(s, P1, "Coin Purse")
    ready(s)
    s.apply(PlaySpell(purse))
    s.apply(PASS)  # P0 passes
    s.apply(PlaySpell(purse1))  # P1 declares instead of passing: nothing resolves
    assert len(s.stack) == 2 and s.players[P0].resource == s.players[P1].resource == 0
    s.apply(PASS)
    assert len(s.stack) == 2  # one pass is not enough
    s.apply(PASS)
    assert len(s.stack) == 1 and s.players[P1].resource == 1


def test_MUHQ_STACK_4_only_the_priority_holder_declares_turn_based_choices_need_none():
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    p1purse, = hand(s, P1, "Coin Purse")
    ready(s)
    s.apply(PlaySpell(purse))
    assert s.current_player == P0
    before = s.digest()
    with pytest.raises(IllegalAction) as exc:
        s.apply(PlaySpell(p1purse), player=P1)
    assert exc.value.rule == "MUHQ-STACK-4" and s.digest() == before
    t = scene(step="start")
    pike = put(t, P0, "Pikeman", 4, 4)
    resource(t, P0, 1)
    ready(t)
    until(t, lambda t: t.mode == "upkeep")
    assert t.priority is None
    rejected(t, PASS, "MUHQ-STACK-4")  # an upkeep choice, not a priority round
    t.apply(PayUpkeep(pike))


def test_MUHQ_STACK_5_a_round_gives_priority_in_turn_order_from_the_active_player():
    s = scene(active=P1)
    purse, = hand(s, P1, "Coin Purse")
    ready(s)
    s.apply(PlaySpell(purse))
    order = []
    while s.stack:
        order.append(s.current_player)
        s.apply(PASS)
    assert order == [P1, P0]


def test_MUHQ_STACK_6_a_declaration_starts_a_new_round_with_the_active_player():
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    p1purse, = hand(s, P1, "Coin Purse")
    ready(s)
    s.apply(PlaySpell(purse))
    s.apply(PASS)
    s.apply(PlaySpell(p1purse))
    assert s.current_player == P0 and s.passes == 0


def test_MUHQ_STACK_7_after_resolving_state_checks_then_triggers_then_a_new_round():
    s = scene()
    bers = put(s, P1, "Berserker", 4, 2)
    put(s, P0, "Recruit", 4, 4)
    rec = put(s, P1, "Recruit", 5, 2, damage=1)
    mist, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    s.apply(PlaySpell(mist, (bers,)))
    s.apply(PASS)
    s.apply(PASS)
    assert s.perms[bers].damage == 2
    assert [i.source for i in s.stack] == [bers]  # its trigger was declared before anyone got priority
    assert s.mode == "priority" and s.current_player == P0
    assert rec in s.perms


def test_MUHQ_STACK_8_all_pass_on_an_empty_stack_open_priority_or_the_step_ends():
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    ready(s)
    s.apply(PlaySpell(purse))
    pass_all(s)
    assert s.mode == "open" and s.step == "action"  # back to open priority in the action phase
    s.apply(A.END_ACTION_PHASE)
    assert s.step == "action_prio"
    s.apply(PASS)
    s.apply(PASS)
    assert s.phase == "buy"  # outside the open action phase, the step ends
    # a resolution outside the open action phase opens a new priority round in the same step
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    ready(s)
    s.apply(A.END_ACTION_PHASE)
    s.apply(PlaySpell(purse))
    pass_all(s)
    assert s.step == "action_prio" and s.mode == "priority" and s.current_player == P0
    s.apply(PASS)
    s.apply(PASS)
    assert s.phase == "buy"


def test_MUHQ_STACK_9_after_ending_the_action_phase_one_round_fast_actions_only():
    s = scene()
    rec, purse = hand(s, P0, "Recruit", "Coin Purse")
    ready(s)
    s.apply(A.END_ACTION_PHASE)
    assert s.mode == "priority" and s.current_player == P0 and s.step == "action_prio"
    rejected(s, PlayPermanent(rec, (0, 8)), "MUHQ-TIMING-2")
    s.apply(PlaySpell(purse))
    pass_all(s)
    assert s.players[P0].resource == 1 and s.step == "action_prio"


def test_MUHQ_STACK_10_auto_pass_only_skips_players_without_a_legal_action():
    def run(auto):
        s = scene(auto_pass=auto)
        purse, = hand(s, P0, "Coin Purse")
        ready(s)
        s.apply(PlaySpell(purse))
        asked = []
        while s.stack:
            asked.append(s.current_player)
            s.apply(PASS)
        return s, asked

    manual, asked = run(False)
    auto, asked_auto = run(True)
    assert asked == [P0, P1] and asked_auto == []  # nobody holds a fast action
    assert auto.players[P0].resource == manual.players[P0].resource == 1
    s = scene(auto_pass=True)
    purse, = hand(s, P0, "Coin Purse")
    a, b = hand(s, P1, "Recruit", "Scout")  # P1 has the universal free action
    ready(s)
    s.apply(PlaySpell(purse))
    assert s.mode == "priority" and s.current_player == P1


# =============================================================================================================
# 3.9 Action phase (APHASE)
# =============================================================================================================
def test_MUHQ_APHASE_1_open_priority_play_activate_fast_or_end():
    s = scene()
    put(s, P0, "Recruit", 4, 4)
    hand(s, P0, "Scout", "Coin Purse")
    ready(s)
    assert s.mode == "open" and s.current_player == P0
    kinds = {a.type for a in s.legal_actions()}
    assert kinds == {"play_permanent", "activate", "play_spell", "universal_free_action", "end_action_phase"}
    rejected(s, PASS, "MUHQ-APHASE-1")


def test_MUHQ_APHASE_2_activation_is_turn_based_and_applies_condition_effects():
    s = scene()
    rec = put(s, P0, "Pikeman", 4, 4, poison=1)
    ready(s)
    s.apply(Activate(rec))
    assert s.activation == rec and not s.stack and s.mode == "open"
    assert s.perms[rec].poison == 2  # MUHQ-POISON-2 at the moment of activation
    rejected(s, Activate(99999), "MUHQ-APHASE-3")


def test_MUHQ_APHASE_3_during_an_activation_no_cards_no_other_activation():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    other = put(s, P0, "Recruit", 2, 4)
    put(s, P1, "Forager", 5, 2)  # something to attack after the move, so the activation goes on
    scout, purse = hand(s, P0, "Scout", "Coin Purse")
    ready(s)
    s.apply(Activate(rec))
    rejected(s, PlayPermanent(scout, (0, 8)), "MUHQ-APHASE-3")
    rejected(s, Activate(other), "MUHQ-APHASE-3")
    rejected(s, Move(other, (2, 3)), "MUHQ-APHASE-3")
    s.apply(PlaySpell(purse))  # fast actions are allowed
    pass_all(s)
    s.apply(Move(rec, (4, 3)))
    pass_all(s)
    assert at(s, rec) == (4, 3) and s.activation == rec and s.players[P0].resource == 1


def test_MUHQ_APHASE_4_an_activation_ends_by_choice_when_used_up_or_when_the_permanent_leaves():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    depot = put(s, P0, "Supply Depot", 2, 2)
    enemy = put(s, P1, "Forager", 4, 2)
    doomed = put(s, P0, "Recruit", 7, 7)
    put(s, P1, "Forager", 7, 4)
    volley, = hand(s, P1, "Volley")
    resource(s, P1, 1)
    ready(s)
    s.apply(Activate(depot))  # an artifact has no unit actions: its activation ends at once
    assert s.activation is None and s.perms[depot].tapped
    s.apply(Activate(rec))
    s.apply(Move(rec, (4, 3)))
    pass_all(s)
    s.apply(Attack(rec, enemy))
    pass_all(s)
    assert s.activation is None and s.perms[rec].tapped  # no unit action left
    s.apply(Activate(doomed))
    s.apply(Move(doomed, (7, 6)))
    s.apply(PASS)
    s.apply(PlaySpell(volley, (doomed,)))
    pass_all(s)
    assert doomed not in s.perms and s.activation is None  # it left the board
    pass_all(s)
    assert s.mode == "open" and s.activation is None


def test_MUHQ_APHASE_5_a_tapped_permanent_cannot_be_activated():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4, tapped=True)
    ready(s)
    rejected(s, Activate(rec), "MUHQ-APHASE-5")
    assert Activate(rec) not in s.legal_actions()


def test_MUHQ_APHASE_6_ending_the_phase_activates_and_taps_every_untapped_permanent():
    s = scene()
    plain = put(s, P0, "Recruit", 0, 4)
    a = put(s, P0, "Pikeman", 4, 4, poison=1)
    b = put(s, P0, "Pikeman", 6, 4, poison=1)
    angry = put(s, P0, "Berserker", 2, 2, rage=1)
    foe = put(s, P1, "Recruit", 2, 1)
    depot = put(s, P0, "Supply Depot", 8, 8)
    ready(s)
    s.apply(A.END_ACTION_PHASE)
    assert s.mode == "closing"  # several with activation effects: the player orders them
    assert {x.permanent for x in s.legal_actions()} == {plain, a, b, angry, depot}
    s.apply(Activate(b))
    assert s.perms[b].poison == 2 and s.perms[b].tapped and s.perms[a].poison == 1
    s.apply(Activate(angry))  # its AI runs during this activation (MUHQ-RAGE-2)
    assert s.stack and s.stack[-1].kind == "attack" and s.stack[-1].param("defender") == foe
    pass_all(s)
    until(s, lambda s: s.step == "action_prio", choose=lambda s: s.legal_actions()[0] if s.mode == "closing"
          else PASS)
    assert all(p.tapped for p in s.perms.values() if p.controller == P0)
    assert s.perms[a].poison == 2 and foe not in s.perms
    assert s.perms[angry].rage == 1  # 1 from its trigger (the Recruit hit back), 1 removed after the run


def test_MUHQ_APHASE_7_permanents_enter_untapped_and_may_act_at_once():
    s = scene()
    rec, = hand(s, P0, "Recruit")
    ready(s)
    s.apply(PlayPermanent(rec, (4, 8)))
    pass_all(s)
    assert not s.perms[rec].tapped
    s.apply(Activate(rec))
    s.apply(Move(rec, (4, 7)))
    pass_all(s)
    assert at(s, rec) == (4, 7)


# =============================================================================================================
# 3.10 Buying (BUY)
# =============================================================================================================
def test_MUHQ_BUY_1_only_from_your_own_store():
    s = scene(step="buy")
    theirs, = zone(s, P1, "store", "Volley")
    mine, = zone(s, P0, "store", "Volley")
    resource(s, P0, 5)
    ready(s)
    rejected(s, Buy(theirs), "MUHQ-BUY-1")
    assert Buy(theirs) not in s.legal_actions() and Buy(mine) in s.legal_actions()


def test_MUHQ_BUY_2_pay_the_buy_cost_cards_without_one_cannot_be_bought():
    s = scene(step="buy")
    knight, volley = zone(s, P0, "store", "Banner Knight", "Volley")
    recruit, = zone(s, P0, "store", "Recruit")  # no buy cost
    resource(s, P0, 4)
    ready(s)
    rejected(s, Buy(knight), "MUHQ-BUY-2")  # costs 7
    rejected(s, Buy(recruit), "MUHQ-BUY-2")
    s.apply(Buy(volley))
    assert s.players[P0].resource == 1
    s = scene(step="buy")
    volley, = zone(s, P0, "store", "Volley")
    resource(s, P0, 3)  # exactly its buy cost
    ready(s)
    s.apply(Buy(volley))
    assert s.players[P0].resource == 0 and volley not in s.players[P0].store


def test_MUHQ_BUY_3_at_most_one_card_per_turn():
    s = scene(step="buy")
    a, b = zone(s, P0, "store", "Volley", "Rally")
    resource(s, P0, 10)
    ready(s)
    s.apply(Buy(a))
    assert s.phase == "buy" and s.mode == "priority" and s.current_player == P0
    rejected(s, Buy(b), "MUHQ-BUY-3")
    assert s.players[P0].resource == 7 and b in s.players[P0].store


def test_MUHQ_BUY_4_the_bought_card_goes_to_the_buyers_discard_pile():
    s = scene(step="buy")
    card, = zone(s, P0, "store", "Volley")
    resource(s, P0, 3)
    ready(s)
    s.apply(Buy(card))
    assert s.players[P0].discard == [card] and card not in s.players[P0].hand + s.players[P0].deck


def test_MUHQ_BUY_5_only_in_your_own_buy_phase_and_optional():
    s = scene()
    mine, = zone(s, P0, "store", "Volley")
    theirs, = zone(s, P1, "store", "Volley")
    resource(s, P0, 3)
    resource(s, P1, 3)
    ready(s)
    rejected(s, Buy(mine), "MUHQ-BUY-5")  # the action phase
    s.apply(A.END_ACTION_PHASE)
    until(s, lambda s: s.mode == "buy")
    s.apply(A.SKIP_BUY)  # optional
    assert s.mode == "priority" and s.current_player == P0
    s.apply(PASS)
    rejected(s, Buy(theirs), "MUHQ-BUY-5")  # P1 in P0's buy phase
    assert s.players[P0].store == [mine] and s.players[P0].resource == 3


# =============================================================================================================
# 3.11 Resource (RES)
# =============================================================================================================
def test_MUHQ_RES_1_one_resource_pays_every_kind_of_cost():
    s = scene()
    priest = put(s, P0, "Tide Priestess", 4, 4)
    sick = put(s, P0, "Recruit", 4, 5, poison=1)
    tower, volley = hand(s, P0, "Watchtower", "Volley")
    put(s, P1, "Recruit", 4, 2)
    resource(s, P0, 5)
    ready(s)
    s.apply(PlayPermanent(tower, (0, 8)))  # play cost 2
    pass_all(s)
    s.apply(FreeAction(priest, 0, (sick,)))  # ability cost 2
    pass_all(s)
    s.apply(PlaySpell(volley, (sick,)))  # play cost 1
    assert s.players[P0].resource == 0
    rejected(s, FreeAction(priest, 0, (priest,)), "MUHQ-RES-3")


def test_MUHQ_RES_2_resource_is_kept_from_turn_to_turn_without_limit():
    s = scene(board="river-crown", step="start")  # income 2; the scene has no VIPs
    resource(s, P0, 1000)
    ready(s)
    until(s, lambda s: s.turn == 3 and s.phase == "action")
    assert s.players[P0].resource == 1000 + 2 + 2 and s.players[P1].resource == 2


def test_MUHQ_RES_3_a_cost_needs_the_full_amount():
    s = scene()
    put(s, P0, "Recruit", 4, 4)
    enemy = put(s, P1, "Recruit", 4, 2)
    volley, helm = hand(s, P0, "Volley", "Iron Helm")
    ready(s)
    rejected(s, PlaySpell(volley, (enemy,)), "MUHQ-RES-3")
    rejected(s, PlayPermanent(helm, (0, 8)), "MUHQ-RES-3")
    assert not [a for a in s.legal_actions() if a.type in ("play_spell", "play_permanent")]


def test_MUHQ_RES_4_steal_takes_at_most_what_the_victim_has():
    s = scene(board="three-hills")
    smug = put(s, P0, "Smuggler", 2, 2)
    forager = put(s, P1, "Forager", 2, 1)
    resource(s, P0, 0)
    resource(s, P1, 1)
    ready(s)
    s.apply(Activate(smug))
    s.apply(Attack(smug, forager))
    pass_all(s)  # combat_steal 1 takes P1's only resource
    assert (s.players[P0].resource, s.players[P1].resource) == (1, 0)
    pass_all(s)  # the Smuggler steals 1 more from a player with 0
    assert (s.players[P0].resource, s.players[P1].resource) == (1, 0)


DRAIN_SET = """format: muhq-cards/1
set: draintest
name: Drain test
cards:
  - id: draintest/drain
    name: Drain
    type: spell
    buy: 1
    play: 0
    effect:
      - {do: lose_resource, player: {each: player, filter: {controller: enemy}}, amount: 3}
"""


def test_MUHQ_RES_4_losing_resource_stops_at_zero(tmp_path, monkeypatch):
    # no packaged card makes a player lose resource: a designer's set does
    (tmp_path / "muhq").mkdir()
    (tmp_path / "muhq" / "draintest.yaml").write_text(DRAIN_SET, encoding="utf-8")
    monkeypatch.setenv("CARDTABLE_DATA_DIR", str(tmp_path))
    g = MuhqGame(2, {"board": "arena-9", "sets": "vanguard,tide,draintest", "first_player": 0, "auto_pass": False})
    s = emptied(g.new_initial_state(0), "action")
    drain, = hand(s, P0, "Drain")
    resource(s, P1, 1)
    ready(s)
    s.apply(PlaySpell(drain, ()))
    pass_all(s)
    assert s.players[P1].resource == 0


def test_MUHQ_RES_5_every_resource_count_is_public():
    s = scene()
    resource(s, P0, 4)
    resource(s, P1, 7)
    ready(s)
    for viewer in (P0, P1, None):
        assert [p["resource"] for p in s.view(viewer)["players"]] == [4, 7]
        assert [x["resource"] for x in s.scores()] == [4, 7]


# =============================================================================================================
# 3.12 Board and fields (BOARD)
# =============================================================================================================
def test_MUHQ_BOARD_1_the_board_fixes_cards_resource_income_and_objects():
    r, b = drafted(fresh(0, first_player=0)), drafted(fresh(0, board="bastion-run", first_player=0))
    assert names(r, r.players[P1].deck + r.players[P1].hand) == sorted(["Recruit"] * 3 + ["Scout"] +
                                                                      ["Coin Purse"] * 2)
    assert names(b, b.players[P1].deck) == sorted(["Recruit"] * 2 + ["Scout"] * 2 + ["Coin Purse"] * 2)
    assert len(r.players[P0].hand) == 3 and b.players[P1].resource == 1 and r.players[P1].resource == 0
    until(b, lambda b: b.phase == "action")
    assert b.players[P0].resource == 1 + 2  # starting resource + base income
    assert len(r.perms) == 2 and len(b.perms) == 5
    assert [v["kind"] for v in b.view(P0)["victory"]] == ["destroy_buildings", "victory_item"]


def test_MUHQ_BOARD_2_a_rectangular_grid_of_fields():
    s = scene()
    rec, = hand(s, P0, "Recruit")
    ready(s)
    assert s.grid.width == 9 and s.grid.height == 9 and len(s.view(P0)["board"]["fields"]) == 81
    exc = rejected(s, PlayPermanent(rec, (9, 8)), "MUHQ-BOARD-2")
    assert "9 × 9" in exc.message


def test_MUHQ_BOARD_3_field_types_and_properties():
    s = scene(board="three-hills")
    ready(s)
    fields = s.view(P0)["board"]["fields"]

    def f(x, y):
        return fields[y * 6 + x]

    assert f(1, 1) == {"type": "high_ground", "area": "west_hill"}
    assert f(4, 1) == {"type": "normal", "income": 1}
    assert f(2, 3) == {"type": "normal", "area": "center"}
    assert f(0, 5) == {"type": "normal", "spawn": [0]}
    assert drafted(fresh(0, board="bastion-run")).view(P0)["board"]["fields"][3]["type"] == "wall"


def test_MUHQ_BOARD_4_one_permanent_per_field_pile_members_have_none():
    s = scene()
    put(s, P0, "Recruit", 4, 8)
    wagon = put(s, P0, "Siege Wagon", 6, 6)
    member = crew(s, wagon, P0, "Pikeman")
    scout, = hand(s, P0, "Scout")
    ready(s)
    rejected(s, PlayPermanent(scout, (4, 8)), "MUHQ-BOARD-8")
    assert s.perms[member].cell is None and s.occ[s.grid.cell(6, 6)] == wagon and at(s, member) == (6, 6)
    assert list(s.occ.values()).count(member) == 0


def test_MUHQ_BOARD_5_deep_water_only_for_swimmers_and_land_only_for_others():
    s = scene(board="river-crown")
    rec, skiff, skiff2 = hand(s, P0, "Recruit", "Harpoon Skiff", "Harpoon Skiff")
    walker = put(s, P0, "Recruit", 0, 4)
    ready(s)
    rejected(s, PlayPermanent(rec, (0, 3)), "MUHQ-BOARD-8")  # (0, 3) is P0's deep-water spawn
    rejected(s, PlayPermanent(skiff, (1, 6)), "MUHQ-BOARD-8")
    s.apply(PlayPermanent(skiff, (0, 3)))
    pass_all(s)
    assert at(s, skiff) == (0, 3)
    s.apply(Activate(walker))
    rejected(s, Move(walker, (1, 3)), "MUHQ-MOVE-4")


def test_MUHQ_BOARD_6_available_means_on_the_board_not_a_wall_fitting_and_empty():
    s = scene(board="bastion-run")
    rec = put(s, P0, "Recruit", 2, 0)
    put(s, P0, "Recruit", 2, 1)
    ready(s)
    s.apply(Activate(rec))
    rejected(s, Move(rec, (3, 0)), "MUHQ-MOVE-4")  # a wall
    rejected(s, Move(rec, (2, 1)), "MUHQ-MOVE-4")  # occupied
    rejected(s, Move(rec, (2, -1)), "MUHQ-MOVE-4")  # off the board
    assert {a.path[-2:] for a in s.legal_actions() if a.type == "move"} == {(1, 0), (1, 1), (0, 0), (0, 1), (3, 1),
                                                                            (4, 1), (1, 2), (3, 2)}


def test_MUHQ_BOARD_7_an_occupied_field_is_entered_only_to_form_a_pile():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 6)
    put(s, P0, "Pikeman", 4, 5)
    wagon = put(s, P0, "Siege Wagon", 3, 5)
    ready(s)
    s.apply(Activate(rec))
    rejected(s, Move(rec, (4, 5)), "MUHQ-MOVE-4")  # a unit without crew
    s.apply(Move(rec, (3, 5)))
    pass_all(s)
    assert s.perms[rec].base == wagon and at(s, rec) == (3, 5)


def test_MUHQ_BOARD_8_permanents_are_played_onto_an_available_own_spawn_field():
    s = scene()
    a, b = hand(s, P0, "Recruit", "Recruit")
    ready(s)
    rejected(s, PlayPermanent(a, (4, 0)), "MUHQ-BOARD-8")  # P1's spawn field
    rejected(s, PlayPermanent(a, (4, 4)), "MUHQ-BOARD-8")  # not a spawn field
    assert {x.field for x in s.legal_actions() if x.type == "play_permanent"} == {(x, 8) for x in range(9)}
    s.apply(PlayPermanent(a, (4, 8)))
    pass_all(s)
    assert at(s, a) == (4, 8)


# =============================================================================================================
# 3.13 Victory (WIN) — the five kinds, draws, max_turns
# =============================================================================================================
def vip_scene(**options):
    """River Crown, both Sovereigns placed as VIPs (the scene empties the board)."""
    s = scene(board="river-crown", **options)
    v0 = put(s, P0, "Sovereign", 3, 6)
    v1 = put(s, P1, "Sovereign", 3, 0)
    s.vips.update({P0: v0, P1: v1})
    return s, v0, v1


def test_MUHQ_WIN_1_victory_comes_from_the_board_any_condition_wins():
    s = scene()  # arena-9 has no victory condition
    resource(s, P0, 500)
    ready(s)
    assert s.winners is None and s.mode == "open"
    t = scene(board="three-hills")  # capture points or resource race: either one wins
    resource(t, P1, 20)
    ready(t)
    assert t.winners == [P1] and t.is_terminal()
    u = scene(board="three-hills")
    u.players[P0].vp = 8
    ready(u)
    assert u.winners == [P0]


def test_MUHQ_WIN_2_victory_is_checked_in_every_state_check():
    s = scene(board="three-hills")
    purse, = hand(s, P0, "Coin Purse")
    resource(s, P0, 19)
    ready(s)
    s.apply(PlaySpell(purse))
    assert s.winners is None
    s.apply(PASS)
    s.apply(PASS)
    assert s.winners == [P0] and s.mode == "over" and s.current_player == -1


def test_MUHQ_WIN_3_vip_a_player_whose_vip_leaves_the_board_loses():
    s, v0, v1 = vip_scene()
    put(s, P0, "Recruit", 3, 2)
    perish, = hand(s, P0, "Perish!")
    resource(s, P0, 2)
    s.perms[v1].damage = 2
    ready(s)
    s.apply(PlaySpell(perish, (v1,)))
    s.apply(PASS)
    s.apply(PASS)
    assert v1 not in s.perms and s.winners == [P0] and not s.players[P1].alive
    assert s.returns() == [1.0, 0.0]
    with pytest.raises(IllegalAction) as exc:
        s.apply(PASS)
    assert exc.value.rule == "GAME-OVER"  # INV-16


def test_MUHQ_WIN_4_resource_race_with_combat_steal():
    s = scene(board="three-hills")
    smug = put(s, P0, "Smuggler", 2, 2)
    forager = put(s, P1, "Forager", 2, 1)
    resource(s, P0, 18)
    resource(s, P1, 3)
    ready(s)
    s.apply(Activate(smug))
    s.apply(Attack(smug, forager))
    s.apply(PASS)
    s.apply(PASS)
    assert (s.players[P0].resource, s.players[P1].resource) == (19, 2) and s.winners is None
    assert s.stack and s.stack[-1].source == smug
    s.apply(PASS)
    s.apply(PASS)
    assert (s.players[P0].resource, s.players[P1].resource) == (20, 1) and s.winners == [P0]


def test_MUHQ_WIN_4_both_combatants_steal_in_turn_order_no_steal_on_other_boards():
    s = scene(board="three-hills", active=P1)
    a = put(s, P1, "Recruit", 2, 2)
    b = put(s, P0, "Recruit", 2, 1)
    resource(s, P0, 1)
    resource(s, P1, 0)
    ready(s)
    s.apply(Activate(a))
    s.apply(Attack(a, b))
    pass_all(s)
    # P1 (active) steals first: 1 from P0 (P0 0, P1 1); then P0 steals it back (P0 1, P1 0)
    assert (s.players[P0].resource, s.players[P1].resource) == (1, 0)
    t = scene()  # arena-9: no resource race, no combat steal
    a = put(t, P0, "Recruit", 2, 2)
    b = put(t, P1, "Recruit", 2, 1)
    resource(t, P1, 5)
    ready(t)
    t.apply(Activate(a))
    t.apply(Attack(a, b))
    pass_all(t)
    assert (t.players[P0].resource, t.players[P1].resource) == (0, 5)


def test_MUHQ_WIN_5_capture_points_scored_in_upkeep_step_2():
    s = scene(board="three-hills", step="start")
    put(s, P0, "Recruit", 2, 2)
    put(s, P0, "Recruit", 3, 3)
    put(s, P0, "Recruit", 1, 1)
    put(s, P1, "Recruit", 2, 3)
    put(s, P1, "Recruit", 4, 4)
    s.players[P0].vp, s.players[P1].vp = 5, 7
    idol = put(s, P0, "Sunken Idol", 5, 5)
    ready(s)
    until(s, lambda s: s.is_terminal() or s.phase == "action")
    assert s.winners == [P0] and (s.players[P0].vp, s.players[P1].vp) == (8, 7)
    assert s.phase == "upkeep" and not s.stack and not s.triggers  # before step 3's trigger
    assert idol in s.perms and s.players[P0].resource == 2  # the income of step 1 only
    rejected_over = s.digest()
    with pytest.raises(IllegalAction):
        s.apply(PASS)
    assert s.digest() == rejected_over


def test_MUHQ_WIN_5_crew_count_against_the_active_player():
    s = scene(board="three-hills", step="start")
    put(s, P0, "Recruit", 2, 2)
    wagon = put(s, P1, "Siege Wagon", 3, 3)
    crew(s, wagon, P1, "Recruit")  # the crew is in the centre too: 1 against 2, P0 does not hold it
    ready(s)
    until(s, lambda s: s.phase == "action")
    assert s.players[P0].vp == 0 and s.players[P1].vp == 0  # (P1 scores in P1's own upkeep only)


def test_MUHQ_WIN_6_destroy_buildings():
    s = scene(board="bastion-run")
    mine = put(s, P0, "Bastion", 0, 0)
    b1 = put(s, P1, "Bastion", 6, 0, damage=4)
    b2 = put(s, P1, "Bastion", 6, 4, damage=4)
    s.buildings.update({P0: [mine], P1: [b1, b2]})
    x = put(s, P0, "Berserker", 5, 0)
    y = put(s, P0, "Berserker", 5, 4)
    ready(s)
    s.apply(Activate(x))
    s.apply(Attack(x, b1))
    pass_all(s)
    assert b1 not in s.perms and s.winners is None  # one building left
    while s.activation is not None or s.mode != "open":
        s.apply(A.END_ACTIVATION if s.mode == "open" else PASS)
    s.apply(Activate(y))
    s.apply(Attack(y, b2))
    pass_all(s)
    assert b2 not in s.perms and s.winners == [P0]


def crown_scene(holder_seat: int = P0, step: str = "start"):
    s = scene(board="bastion-run", step=step)
    unit = put(s, holder_seat, "Pikeman", 4, 2)
    crown = crew(s, unit, NEUTRAL, "Crown of Embers")
    s.perms[crown].controller = holder_seat  # equipping gives it the unit's controller (MUHQ-EQUIP-5)
    s.victory_item, s.victory_item_home = crown, s.grid.cell(3, 2)
    return s, unit, crown


def test_MUHQ_WIN_7_victory_item_held_at_the_start_of_the_upkeep_wins():
    s, unit, crown = crown_scene(P0)
    ready(s)
    until(s, lambda s: s.is_terminal() or s.phase == "action")
    assert s.winners == [P0] and s.phase == "upkeep"
    t, unit, crown = crown_scene(P1)  # P1 holds it: P0's upkeep gives nobody the win
    resource(t, P1, 5)
    ready(t)
    until(t, lambda t: t.phase == "action")
    assert t.winners is None
    until(t, lambda t: t.active == P1 and t.phase == "upkeep")
    assert t.winners == [P1]


def test_MUHQ_WIN_7_the_item_returns_to_its_start_field_or_the_nearest_available():
    s, unit, crown = crown_scene(P0, step="action")
    s.perms[crown].worn = 8  # durability 1 left: lost when dropped (MUHQ-EQUIP-7)
    blocker = put(s, P0, "Recruit", 3, 2)  # the start field is taken
    put(s, P1, "Recruit", 4, 0)
    volley, = hand(s, P1, "Volley")
    resource(s, P1, 1)
    s.perms[unit].damage = 2  # the Pikeman: life 2, armor 1; the Volley's 2 - 1 kills it
    ready(s)
    s.apply(A.END_ACTION_PHASE)
    while s.current_player != P1:
        s.apply(s.legal_actions()[0] if s.mode == "closing" else PASS)
    s.apply(PlaySpell(volley, (unit,)))
    pass_all(s)
    assert unit not in s.perms and crown in s.perms
    p = s.perms[crown]
    assert at(s, crown) == (2, 1) and p.controller == NEUTRAL and p.worn == 0 and p.base is None
    assert blocker in s.perms and crown not in s.removed + s.players[P0].discard


def test_MUHQ_WIN_8_the_loser_is_eliminated_with_all_their_cards():
    s, v0, v1 = vip_scene()
    stolen = put(s, P1, "Recruit", 5, 5, controller=P0)  # owned by P1, controlled by P0
    mine = put(s, P0, "Pikeman", 3, 1)
    kept = put(s, P1, "Pikeman", 0, 0)
    deck = zone(s, P1, "deck", "Recruit")
    store = zone(s, P1, "store", "Volley")
    hand_cards = hand(s, P1, "Coin Purse")
    s.perms[v1].damage = 3
    ready(s)
    s.apply(Activate(mine))
    s.apply(Attack(mine, v1))
    pass_all(s)
    assert s.winners == [P0]
    pl = s.players[P1]
    assert not pl.alive and pl.deck == pl.store == pl.hand == pl.discard == []
    assert stolen not in s.perms and kept not in s.perms and mine in s.perms
    assert set(deck + store + hand_cards + [stolen, kept, v1]) <= set(s.removed)


def test_MUHQ_WIN_9_simultaneous_wins_or_last_losses_are_a_draw():
    s = scene(board="three-hills")
    resource(s, P0, 20)
    resource(s, P1, 25)
    ready(s)
    assert sorted(s.winners) == [P0, P1] and s.returns() == [0.5, 0.5] and s.end_rule() == "MUHQ-WIN-9"
    t = scene(board="river-crown")
    v0 = put(t, P0, "Sovereign", 3, 1, damage=4)  # life 4: one more damage kills
    v1 = put(t, P1, "Sovereign", 3, 0, damage=4)
    t.vips.update({P0: v0, P1: v1})
    ready(t)
    t.apply(Activate(v0))
    t.apply(Attack(v0, v1))
    pass_all(t)
    assert v0 not in t.perms and v1 not in t.perms
    # the engine's one meaning of a draw (docs/engine.md): the seats still in the game share the win
    assert t.winners == [] and t.is_terminal() and t.returns() == [0.5, 0.5] and t.end_rule() == "MUHQ-WIN-9"
    assert not t.ended_by_limit()


def test_MUHQ_WIN_10_max_turns_ends_the_game_in_a_draw():
    s = scene(step="start", max_turns=2)
    ready(s)
    until(s, lambda s: s.is_terminal())
    assert s.winners == [] and s.turn == 2 and s.mode == "over"
    assert s.returns() == [0.5, 0.5] and s.end_rule() == "MUHQ-WIN-10" and s.ended_by_limit()
    t = scene(step="start", max_turns=0)  # 0: no limit
    ready(t)
    until(t, lambda t: t.turn == 6)
    assert not t.is_terminal()


# =============================================================================================================
# 3.14 Cards (CARD)
# =============================================================================================================
def test_MUHQ_CARD_1_types_equipment_are_artifacts():
    s = scene()
    helm = put(s, P0, "Iron Helm", 2, 2)
    rec = put(s, P0, "Recruit", 4, 4)
    req, = hand(s, P0, "Requisition")
    ready(s)
    assert {a.costs for a in s.legal_actions() if a.type == "play_spell"} == {(helm,)}
    rejected(s, PlaySpell(req, (), (rec,)), "MUHQ-ACT-3")  # a unit is not an artifact
    s.apply(PlaySpell(req, (), (helm,)))  # "sacrifice an artifact": an equipment is one
    pass_all(s)
    assert helm in s.players[P0].discard and s.players[P0].resource == 3
    assert {d.type for d in s.game.defs.values()} == {"unit", "artifact", "equipment", "spell"}


def test_MUHQ_CARD_2_buy_play_and_upkeep_costs():
    s = scene(step="buy")
    tower, = zone(s, P0, "store", "Watchtower")
    resource(s, P0, 5)
    ready(s)
    s.apply(Buy(tower))  # buy cost 5
    assert s.players[P0].resource == 0
    t = scene()
    tower, = hand(t, P0, "Watchtower")
    resource(t, P0, 3)
    ready(t)
    t.apply(PlayPermanent(tower, (0, 8)))  # play cost 2
    assert t.players[P0].resource == 1
    u = scene(step="start")
    wagon = put(u, P0, "Siege Wagon", 4, 4)
    resource(u, P0, 3)
    ready(u)
    until(u, lambda u: u.mode == "upkeep")
    u.apply(PayUpkeep(wagon))  # upkeep cost 2
    assert u.players[P0].resource == 1


def test_MUHQ_CARD_3_owners_drafter_receiver_token_creator_board_seat():
    s = drafted(fresh(0, board="bastion-run"))
    assert all(s.card_owner[c] == seat for seat, p in enumerate(s.players) for c in p.store + p.deck + p.hand)
    assert {s.perms[pid].owner for pid in s.perms if s.card_def[pid].name == "Crown of Embers"} == {NEUTRAL}
    t = scene()
    thrall = put(t, P1, "Drowned Thrall", 4, 4, controller=P0)  # owned by P1, controlled by P0
    put(t, P1, "Recruit", 4, 2)
    consc, = hand(t, P0, "Conscription")
    volley, = hand(t, P1, "Volley")
    resource(t, P0, 2)
    resource(t, P1, 1)
    ready(t)
    t.apply(PlaySpell(consc))
    t.apply(PASS)
    t.apply(PlaySpell(volley, (thrall,)))
    pass_all(t)  # the Volley: the Thrall dies; its trigger's controller is P0
    pass_all(t)
    bubble, = t.players[P0].hand
    assert t.card_owner[bubble] == P0 and thrall in t.players[P1].discard
    pass_all(t)  # the Conscription: P0 chooses the Levy's field
    t.apply(A.PlaceToken((4, 8)))
    levy = t.occ[t.grid.cell(4, 8)]
    assert t.card_def[levy].name == "Levy" and t.perms[levy].owner == P0 == t.perms[levy].controller


def test_MUHQ_CARD_4_controllers():
    s = scene()
    put(s, P0, "Pikeman", 4, 4)
    rec = put(s, P1, "Recruit", 4, 6)
    mind, scout = hand(s, P0, "Mind Tide", "Scout")
    resource(s, P0, 3)
    ready(s)
    s.apply(PlaySpell(mind, (rec,)))
    assert s.stack[-1].controller == P0 == s.card_owner[mind]  # a spell: its owner
    pass_all(s)
    assert s.perms[rec].controller == P0 and s.perms[rec].owner == P1
    s.apply(PlayPermanent(scout, (0, 8)))
    pass_all(s)
    assert s.perms[scout].controller == P0  # the player who played it
    assert Activate(rec) in s.legal_actions()


def test_MUHQ_CARD_5_control_change_keeps_state_new_controller_pays_upkeep():
    s = scene()
    put(s, P0, "Recruit", 4, 4)
    pike = put(s, P1, "Pikeman", 4, 6, tapped=True, poison=1)
    helm = crew(s, pike, P1, "Iron Helm")
    mind, = hand(s, P0, "Mind Tide")
    resource(s, P0, 3)
    resource(s, P1, 5)
    ready(s)
    s.apply(PlaySpell(mind, (pike,)))
    pass_all(s)
    p = s.perms[pike]
    assert p.controller == P0 and p.tapped and p.poison == 1 and p.pile == [helm]
    resource(s, P0, 1)
    s.apply(A.END_ACTION_PHASE)
    until(s, lambda s: s.active == P1 and s.phase == "action")
    assert s.players[P1].resource == 5  # P1 paid nothing for it
    until(s, lambda s: s.active == P0 and s.mode == "upkeep")
    assert s.upkeep_todo == [pike]
    s.apply(PayUpkeep(pike))
    assert s.players[P0].resource == 0


def test_MUHQ_CARD_6_card_names_are_unique_in_the_pool(userdata):
    with pytest.raises(OptionError, match="MUHQ-CARD-6"):
        MuhqGame(2, {"board": "river-crown", "sets": "vanguard,dupes"})
    g = MuhqGame(2, {"board": "river-crown", "sets": "vanguard,tide,flowtest"})
    assert len({d.name for d in g.defs.values()}) == len(g.defs)
    s = g.new_initial_state(0)
    assert def_id(s, "Harrier") == "flowtest/harrier"


def test_MUHQ_CARD_7_universal_free_action_discard_two_gain_one():
    s = scene()
    a, b, c = hand(s, P0, "Recruit", "Volley", "Scout")
    ready(s)
    s.apply(UniversalFreeAction((a, b)))
    item = s.stack[-1]
    assert item.kind == "universal" and item.source is None  # no source card
    assert sorted(s.players[P0].discard) == sorted([a, b]) and s.players[P0].hand == [c]
    pass_all(s)
    assert s.players[P0].resource == 1


def test_MUHQ_CARD_8_the_universal_free_action_is_fast_in_any_turn():
    s = scene(step="start")
    a, b = hand(s, P1, "Recruit", "Volley")
    ready(s)
    assert s.phase == "start"
    s.apply(PASS)
    assert s.current_player == P1
    s.apply(UniversalFreeAction((a, b)))  # P1, in P0's start phase
    pass_all(s)
    assert s.players[P1].resource == 1


def test_MUHQ_CARD_9_the_universal_free_action_needs_two_cards_of_your_hand():
    s = scene()
    a, = hand(s, P0, "Recruit")
    theirs, = hand(s, P1, "Recruit")
    ready(s)
    rejected(s, UniversalFreeAction((a, theirs)), "MUHQ-CARD-9")
    assert not [x for x in s.legal_actions() if x.type == "universal_free_action"]
    b, = hand(s, P0, "Scout")
    s.changed()
    rejected(s, UniversalFreeAction((a, a)), "MUHQ-CARD-9")
    rejected(s, UniversalFreeAction((a, theirs)), "MUHQ-CARD-9")
    s.apply(UniversalFreeAction((a, b)))


# =============================================================================================================
# 3.15 Tokens (TOKEN)
# =============================================================================================================
def test_MUHQ_TOKEN_1_tokens_are_created_by_effects_and_have_no_buy_cost():
    s = scene()
    consc, = hand(s, P0, "Conscription")
    resource(s, P0, 2)
    ready(s)
    before = len(s.card_def)
    s.apply(PlaySpell(consc))
    pass_all(s)
    assert s.mode == "place_token" and s.current_player == P0
    rejected(s, A.PlaceToken((4, 0)), "MUHQ-BOARD-6")  # not an own spawn field
    s.apply(A.PlaceToken((2, 8)))
    levy = s.occ[s.grid.cell(2, 8)]
    d = s.card_def[levy]
    assert levy == before and d.token and d.buy is None and s.card_owner[levy] == P0
    assert levy not in s.players[P0].store and consc in s.players[P0].discard


def test_MUHQ_TOKEN_2_a_permanent_token_leaving_the_board_is_removed():
    s = scene(active=P1)
    levy = put(s, P0, "Levy", 4, 6)
    other = put(s, P0, "Levy", 6, 6)
    put(s, P1, "Recruit", 4, 4)
    undertow, volley = hand(s, P1, "Undertow", "Volley")
    resource(s, P1, 3)
    ready(s)
    s.apply(PlaySpell(undertow, (levy,)))
    pass_all(s)
    assert levy not in s.perms and levy in s.removed and levy not in s.players[P0].hand
    s.apply(PlaySpell(volley, (other,)))
    pass_all(s)
    assert other in s.removed and other not in s.players[P0].discard


def test_MUHQ_TOKEN_3_a_spell_token_is_removed_instead_of_discarded():
    s = scene()
    rec = put(s, P0, "Recruit", 4, 4)
    b1, b2, b3 = hand(s, P0, "Brine Bubble", "Brine Bubble", "Brine Bubble")
    ready(s)
    s.apply(PlaySpell(b1, (rec,)))
    pass_all(s)
    assert s.perms[rec].protection == 1 and b1 in s.removed and b1 not in s.players[P0].discard
    s.apply(UniversalFreeAction((b2, b3)))  # discarded from hand: removed too
    assert b2 in s.removed and b3 in s.removed and s.players[P0].discard == []


def test_MUHQ_TOKEN_4_tokens_never_in_store_deck_or_discard():
    s = scene(step="discard")
    bubble, = hand(s, P0, "Brine Bubble")
    ready(s)
    s.apply(EndDiscard((bubble,)))
    assert bubble in s.removed and s.players[P0].discard == []
    g = fresh(1, board="bastion-run")
    r = random.Random(2)
    for _ in range(500):
        if g.is_terminal():
            break
        for p in g.players:
            assert not any(g.card_def[c].token for c in p.store + p.deck + p.discard)
        la = g.legal_actions()
        g.apply(la[r.randrange(len(la))])


# =============================================================================================================
# 3.26 Spells (SPELL)
# =============================================================================================================
def test_MUHQ_SPELL_1_a_spell_has_a_one_time_effect():
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    ready(s)
    s.apply(PlaySpell(purse))
    pass_all(s)
    assert s.players[P0].resource == 1 and purse not in s.perms and purse in s.players[P0].discard
    until(s, lambda s: s.turn == 3 and s.phase == "action")
    assert s.players[P0].resource == 1  # no lasting effect


def test_MUHQ_SPELL_2_playing_a_spell_is_fast_paying_its_play_cost():
    s = scene()
    mine = put(s, P1, "Recruit", 4, 0)
    wall, = hand(s, P1, "Shield Wall")
    purse, = hand(s, P0, "Coin Purse")
    resource(s, P1, 3)
    ready(s)
    s.apply(PlaySpell(purse))
    s.apply(PASS)
    s.apply(PlaySpell(wall, (mine,)))
    assert s.players[P1].resource == 2 and s.stack[-1].targets == (("T1", mine),)


def test_MUHQ_SPELL_3_a_waiting_spell_is_in_the_stack_zone():
    s = scene()
    purse, = hand(s, P0, "Coin Purse")
    ready(s)
    s.apply(PlaySpell(purse))
    pl = s.players[P0]
    assert purse not in pl.hand + pl.discard + pl.deck and s.stack[-1].source == purse
    assert s.view(P1)["stack"][0]["card"]["id"] == purse


def test_MUHQ_SPELL_4_after_resolving_or_fizzling_to_the_owners_discard_pile():
    s = scene()
    put(s, P0, "Recruit", 4, 4)
    rec = put(s, P1, "Recruit", 4, 2)
    other = put(s, P1, "Recruit", 3, 2)
    warden = put(s, P1, "Lantern Warden", 5, 2)
    first, second = hand(s, P0, "Perish!", "Perish!")
    undertow, = hand(s, P1, "Undertow")
    resource(s, P0, 8)
    resource(s, P1, 2)
    ready(s)
    rejected(s, PlaySpell(first, (warden,)), "MUHQ-PROT-2")
    # fizzled: its only target leaves the board in answer, and the spell still goes to its owner's discard pile
    s.apply(PlaySpell(first, (rec,)))
    s.apply(PASS)
    s.apply(PlaySpell(undertow, (rec,)))
    pass_all(s)
    assert rec in s.players[P1].hand and first not in s.players[P0].discard  # still waiting on the stack
    pass_all(s)
    assert not s.stack and first in s.players[P0].discard and first not in s.players[P1].discard
    # resolved
    s.apply(PlaySpell(second, (other,)))
    pass_all(s)
    assert other not in s.perms and second in s.players[P0].discard


def test_MUHQ_SPELL_5_a_spell_is_controlled_by_its_owner():
    g = drafted(fresh(3, board="river-crown"))
    r = random.Random(5)
    seen = 0
    for _ in range(800):
        if g.is_terminal():
            break
        for item in g.stack:
            if item.kind == "spell":
                assert item.controller == g.card_owner[item.source]
                seen += 1
        la = g.legal_actions()
        spells = [a for a in la if a.type == "play_spell"]
        g.apply(spells[0] if spells and r.random() < 0.7 else la[r.randrange(len(la))])
    assert seen


# =============================================================================================================
# 3.27 State checks (STATE)
# =============================================================================================================
def test_MUHQ_STATE_1_state_checks_after_resolutions_and_turn_based_steps():
    s = scene()
    put(s, P0, "Recruit", 4, 4)
    rec = put(s, P1, "Recruit", 4, 2)
    sick = put(s, P0, "Recruit", 2, 2, poison=1)
    volley, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    s.apply(PlaySpell(volley, (rec,)))
    pass_all(s)
    assert rec not in s.perms  # after the resolution
    s.apply(Activate(sick))  # poison 2 > life 1: after the activation (a turn-based step)
    assert sick not in s.perms and s.activation is None and s.mode == "open"


def test_MUHQ_STATE_2_everything_lethal_is_destroyed_at_once():
    s = scene()
    a = put(s, P0, "Recruit", 1, 1, damage=2)
    b = put(s, P1, "Pikeman", 2, 2, poison=3)
    c = put(s, P1, "Watchtower", 3, 3, damage=6)
    d = put(s, P0, "Iron Helm", 4, 4)
    s.perms[d].worn = 2
    ok = put(s, P0, "Recruit", 5, 5, damage=1)
    ready(s)
    assert not {a, b, c, d} & set(s.perms) and ok in s.perms
    assert sorted(s.players[P0].discard) == sorted([a, d]) and sorted(s.players[P1].discard) == sorted([b, c])


def test_MUHQ_STATE_2_option_lethal_rule_at_least():
    s = scene(lethal_rule="at_least")
    a = put(s, P0, "Recruit", 1, 1, damage=1)
    b = put(s, P0, "Pikeman", 2, 2, damage=1)
    c = put(s, P1, "Watchtower", 3, 3, damage=5)
    ready(s)
    assert a not in s.perms and b in s.perms and c not in s.perms


def test_MUHQ_STATE_3_drops_base_by_base_from_the_active_player():
    for active in (P0, P1):
        s = scene(active=active)
        w0 = put(s, P0, "Siege Wagon", 2, 2, damage=5)
        r0 = crew(s, w0, P0, "Recruit")
        w1 = put(s, P1, "Siege Wagon", 6, 6, damage=5)
        r1 = crew(s, w1, P1, "Recruit")
        ready(s)
        assert w0 not in s.perms and w1 not in s.perms
        assert s.mode == "drop" and s.current_player == active
        first, second = (r0, r1) if active == P0 else (r1, r0)
        assert s.drops[0].members == [first]
        s.apply(A.DropPlace(first, (2, 2) if first == r0 else (6, 6)))
        assert s.mode == "drop" and s.current_player == 1 - active and s.drops[0].members == [second]


def test_MUHQ_STATE_5_checks_repeat_until_nothing_changes_then_triggers():
    s = scene()
    wagon = put(s, P0, "Siege Wagon", 4, 4, damage=5)
    thrall = crew(s, wagon, P0, "Drowned Thrall")
    rec = crew(s, wagon, P0, "Recruit")
    for x, y in ((3, 3), (4, 3), (5, 3), (3, 4), (5, 4), (3, 5), (4, 5), (5, 5)):
        put(s, P1, "Bastion", x, y)  # every neighbour taken: only the former field is free
    ready(s)
    assert s.mode == "drop" and not s.stack
    s.apply(A.DropPlace(rec, (4, 4)))  # the Thrall has no field left: destroyed, it dies
    assert thrall not in s.perms and thrall in s.players[P0].discard
    assert [i.source for i in s.stack] == [thrall]  # its trigger, declared after the checks
    pass_all(s)
    assert names(s, s.players[P0].hand) == ["Brine Bubble"]


def test_MUHQ_STATE_4_victory_is_checked_right_after_the_destructions():
    s, v0, v1 = vip_scene()
    s.perms[v1].damage = 5
    thrall = put(s, P0, "Drowned Thrall", 1, 1, damage=2)  # dies in the same check; its trigger never matters
    ready(s)
    assert v1 not in s.perms and thrall not in s.perms
    assert s.winners == [P0] and s.mode == "over" and s.legal_actions() == []


# =============================================================================================================
# The victory kinds on their sample boards, from a real deal (setup objects, not a scene)
# =============================================================================================================
def test_MUHQ_WIN_3_river_crown_vip_from_the_setup():
    s = drafted(fresh(0, first_player=0))
    vip1 = s.vips[P1]
    assert s.card_def[vip1].name == "Sovereign" and at(s, vip1) == (3, 0)
    s.perms[vip1].damage = 5
    s.changed()
    s.apply(s.legal_actions()[0])  # any decision: the next state check finds the VIP gone
    assert s.winners == [P0] and vip1 in s.removed


def test_MUHQ_WIN_6_bastion_run_buildings_from_the_setup():
    s = drafted(fresh(0, board="bastion-run", first_player=0))
    assert sorted(at(s, b) for b in s.buildings[P1]) == [(6, 0), (6, 4)]
    s.perms[s.buildings[P1][0]].damage = 7
    s.changed()
    s.apply(s.legal_actions()[0])
    assert s.winners is None and len([b for b in s.buildings[P1] if b in s.perms]) == 1
    s.perms[s.buildings[P1][1]].damage = 7
    s.changed()
    s.apply(s.legal_actions()[0])
    assert s.winners == [P0]


def test_MUHQ_WIN_7_bastion_run_victory_item_from_the_setup():
    s = drafted(fresh(0, board="bastion-run", first_player=0))
    crown = s.victory_item
    assert s.card_def[crown].name == "Crown of Embers" and at(s, crown) == (3, 2)
    until(s, lambda s: s.mode == "open")
    rec = put(s, P0, "Recruit", 3, 3)
    s.apply(Activate(rec))
    s.apply(Equip(rec, crown, "move"))
    pass_all(s)
    assert s.perms[crown].base == rec and s.perms[crown].controller == P0 and s.perms[crown].owner == NEUTRAL
    until(s, lambda s: s.is_terminal() or (s.active == P1 and s.phase == "action"))
    assert s.winners is None  # the end of P0's turn and P1's upkeep: nothing
    until(s, lambda s: s.is_terminal())
    assert s.winners == [P0] and s.active == P0 and s.phase == "upkeep" and s.turn == 3


def test_MUHQ_WIN_5_three_hills_capture_points_from_a_real_deal():
    s = drafted(fresh(0, board="three-hills", first_player=0))
    until(s, lambda s: s.mode == "open")
    for x, y in ((2, 2), (3, 3), (1, 1)):
        put(s, P0, "Recruit", x, y)
    s.players[P0].vp = 5
    s.changed()
    until(s, lambda s: s.is_terminal())
    assert s.winners == [P0] and s.players[P0].vp == 8 and s.turn == 3


# =============================================================================================================
# Options of Appendix B not covered above (pack_size: DRAFT-1; draft_stop: DRAFT-2; pad_pool: DRAFT-8;
# first_player: SETUP-8; auto_pass: STACK-10; lethal_rule: STATE-2; max_turns: WIN-10)
# =============================================================================================================
def test_MUHQ_DECK_2_option_reshuffle_on_empty_draw():
    s = scene(step="start", reshuffle_on_empty_draw=True)
    rec, = zone(s, P0, "deck", "Recruit")
    old = zone(s, P0, "discard", "Volley", "Rally", "Scout")
    ready(s)
    pl = s.players[P0]
    assert len(pl.hand) == 3 and pl.hand[0] == rec and len(pl.deck) == 1 and pl.discard == []
    assert set(pl.hand[1:] + pl.deck) == set(old)


def test_MUHQ_TURN_8_option_phase_end_priority_off_skips_start_buy_and_end_rounds():
    def rounds(**opts):
        s = scene(step="start", **opts)
        ready(s)
        steps = []
        until(s, lambda s: s.turn == 2 or (s.mode == "priority" and steps.append(s.step)))
        return sorted(set(steps))

    assert rounds() == ["action_prio", "buy_prio", "end_prio", "start_prio", "upkeep_prio"]
    assert rounds(phase_end_priority=False) == ["action_prio", "upkeep_prio"]


def test_MUHQ_GEN_3_option_ai_tiebreak_random_uses_the_seeded_generator():
    def pick(seed, tiebreak):
        s = game("arena-9", auto_pass=False, ai_tiebreak=tiebreak).new_initial_state(seed)
        s = scene_of(s, "action")
        bers = put(s, P0, "Berserker", 4, 4, rage=1)
        for x, y in ((3, 4), (5, 4), (4, 3), (4, 5)):
            put(s, P1, "Recruit", x, y)
        ready(s)
        s.apply(Activate(bers))
        return s.stack[-1].param("defender")

    assert len({pick(seed, "reading_order") for seed in range(6)}) == 1
    randoms = [pick(seed, "random") for seed in range(12)]
    assert len(set(randoms)) > 1
    assert randoms == [pick(seed, "random") for seed in range(12)]  # the same seed, the same choice


@pytest.mark.parametrize("options, players, words", [
    ({"board": "nowhere"}, 2, "no board 'nowhere'"),
    ({"board": "river-crwn"}, 2, "did you mean 'river-crown'"),
    ({"sets": "vanguard,nosuch"}, 2, "no set 'nosuch'"),
    ({"sets": ""}, 2, "name at least one card set"),
    ({"board": "river-crown"}, 3, "for 2 players, not 3"),
    ({"pack_size": 30}, 2, "fewer than one pack of 30 per player"),
    ({"sets": "core"}, 2, "no draftable cards"),
    ({"sets": "core", "pad_pool": True}, 2, "no draftable cards"),
    ({"first_player": 2}, 2, "not a seat"),
    ({"lethal_rule": "sometimes"}, 2, "greater_than"),
    ({"ai_tiebreak": "dice"}, 2, "reading_order"),
    ({"pack_size": 0}, 2, "pack_size=0"),
    ({"max_turns": -1}, 2, "max_turns=-1"),
    ({"colour": "red"}, 2, "unknown option colour"),
])
def test_MUHQ_SETUP_1_bad_option_values_are_refused_with_a_clear_message(options, players, words):
    with pytest.raises(OptionError) as exc:
        MuhqGame(players, options)
    assert words in str(exc.value)


# =============================================================================================================
# Determinism and clones (MUHQ-GEN-3)
# =============================================================================================================
def test_MUHQ_GEN_3_determinism_same_seed_same_actions_same_digest_at_every_step():
    for board in ("river-crown", "three-hills", "bastion-run"):
        a, b = fresh(11, board=board), fresh(11, board=board)
        r = random.Random(board)
        for _ in range(300):
            assert a.digest() == b.digest()
            if a.is_terminal():
                break
            la = a.legal_actions()
            assert la == b.legal_actions()
            action = la[r.randrange(len(la))]
            a.apply(action)
            b.apply(action)
        assert a.digest() == b.digest()


def test_MUHQ_GEN_3_clones_are_independent():
    s = drafted(fresh(8, board="bastion-run"))
    until(s, lambda s: s.mode == "open")
    before = s.digest()
    c = s.clone()
    assert c.digest() == before
    r = random.Random(0)
    for _ in range(150):  # play the clone on; the original must not change
        if c.is_terminal():
            break
        la = c.legal_actions()
        c.apply(la[r.randrange(len(la))])
    assert s.digest() == before and c.digest() != before
    d = s.clone()
    d.players[P0].hand.append(12345)
    d.perms[next(iter(d.perms))].damage += 1
    d.stack.append("x")
    assert s.digest() == before
    for action in (s.legal_actions()[0],):  # the original and a fresh clone still agree move for move
        e = s.clone()
        s.apply(action)
        e.apply(action)
        assert s.digest() == e.digest()


def test_MUHQ_WIN_8_the_losers_cards_on_the_stack_are_removed_too():
    s, v0, v1 = vip_scene(active=P1)
    put(s, P0, "Recruit", 3, 2)
    s.perms[v1].damage = 3
    purse, = hand(s, P1, "Coin Purse")
    volley, = hand(s, P0, "Volley")
    resource(s, P0, 1)
    ready(s)
    s.apply(PlaySpell(purse))  # P1, the active player
    s.apply(PASS)
    s.apply(PlaySpell(volley, (v1,)))  # P0 answers and kills P1's VIP
    pass_all(s)
    assert s.winners == [P0]
    assert purse in s.removed and not s.stack and s.players[P1].resource == 0
    where = all_cards(s)
    assert where[purse] == 1 and where[volley] == 1 and volley in s.players[P0].discard
