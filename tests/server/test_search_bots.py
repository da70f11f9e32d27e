"""Search bots on the web table (issue 9): ISMCTS seats think in the server's worker processes
(``server/thinking.py``), so other tables go on meanwhile, the table refuses other seats' moves while its bot
thinks, a move arrives through the ordinary validated and durable path (or is dropped when the table moved on,
was left, or the server stops), what crosses to a worker holds nothing hidden from the seat, and the worker's
moves are exactly the moves the same bot makes in process.

The slow agent (``slow_agent.py``) thinks until the test opens a gate, so nothing here depends on timing."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import random
import time

import pytest

import cardtable
from cardtable.agents import Observation, make_agent
from cardtable.agents.determinize import determinize
from cardtable.engine.rng import Rng, derive_seed
from cardtable.server.thinking import GameCodec, SealedObservation, Thinker
from cardtable.store import open_store

from .conftest import running
from .slow_agent import DyingAgent, SlowAgent, thinking
from .util import Replay, recv, recv_until

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

SHORT = {"target_score": 15}


def wait_for(pred, what: str, timeout: float = 60.0):
    """Polls ``pred`` until true; the timeout only keeps a broken build from hanging (no test reads the clock)."""
    deadline = time.monotonic() + timeout
    while not (value := pred()):
        assert time.monotonic() < deadline, f"timed out waiting for {what}"
        time.sleep(0.005)
    return value


@pytest.fixture
def slow(tmp_path, db):
    """A server with the ``slow`` seat kind; yields (server, folder): ``(folder / "go").touch()`` opens the gate."""
    folder = tmp_path / "slow"
    folder.mkdir()
    with running(db, extra_agents={"slow": functools.partial(SlowAgent, folder=folder)}) as server:
        yield server, folder


# -- the lobby ----------------------------------------------------------------------------------------------
def test_the_lobby_offers_the_search_presets_for_the_games_that_have_them(server):
    games = {g["name"]: g for g in server.client.get("/api/games").json()}
    for name in ("mojo", "maoqy", "mitosz", "muhq"):
        game = games[name]
        assert game["bots"] == ["random", "heuristic", "ismcts-fast", "ismcts", "ismcts-strong"], name
        labels = {b["name"]: (b["label"], b["search"]) for b in game["bot_info"]}
        assert labels["ismcts-strong"] == ("ismcts (strong)", True)
        assert labels["heuristic"] == ("heuristic", False)
    assert games["maoqy-ritual"]["bots"] == ["random"]  # no determinizer, no search
    server.create(players=2, seats=["human", "ismcts-strong"])
    # only the presets: a search of any size would let one table hold a worker for as long as it likes
    r = server.client.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "ismcts-100000"]})
    assert r.status_code == 422 and "ismcts-strong" in r.json()["error"]


# -- a whole game ----------------------------------------------------------------------------------------------
def test_a_table_with_an_ismcts_fast_seat_plays_to_the_end_and_its_moves_are_the_in_process_ones(server):
    seed = 21
    table_id = server.create(players=2, seats=["human", "ismcts-fast"], seed=seed, options=SHORT)
    token = server.join(table_id, 0)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={token}") as ws:
        message = recv(ws)
        for _ in range(2000):
            if message["returns"] is not None:
                break
            if message["legal"]:
                ws.send_json({"type": "action", "action": message["legal"][0]["action"]})
            message, _ = recv_until(ws, lambda m: m["type"] == "state" and m["table"]["thinking"] is None
                                    and (m["legal"] or m["returns"] is not None), timeout=60)
        assert message["table"]["status"] == "finished"
    record = server.client.get(f"/api/tables/{table_id}/record")
    assert record.status_code == 200
    replay = Replay(record.text)
    assert len(replay.record.actions) == message["table"]["actions"]

    # the same bot, seeded as the server seeds it, in this process: the same move at every decision
    game = cardtable.load("mojo", players=2, options=SHORT)
    bot = make_agent("ismcts-fast", game, derive_seed(seed, "table-seat1"))
    moves = 0
    for n, (seat, action) in enumerate(replay.record.actions):
        if seat == 1:
            assert bot.act(Observation(replay.states[n], 1)).to_json() == action, f"bot move at action {n}"
            moves += 1
    assert moves >= 10


# -- the table while its bot thinks ----------------------------------------------------------------------------
def first_player(server, table_id, token, seat: int) -> None:
    """Play the human's moves until ``seat`` (a bot) is to move."""
    while server.table(table_id).state.current_player != seat:
        message = server.state(table_id, token)
        assert server.act(table_id, token, message["legal"][0]["action"]).status_code == 200


def test_other_tables_are_answered_while_a_search_thinks_and_its_own_table_waits(slow):
    server, folder = slow
    a = server.create(players=2, seats=["human", "slow"], seed=3, options={"first_player": 0})
    a_token = server.join(a, 0)
    b = server.create(players=2, seats=["human", "heuristic"], seed=4, options={"first_player": 0})
    b_token = server.join(b, 0)

    first_player(server, a, a_token, 1)
    wait_for(lambda: thinking(folder) == 1, "the slow bot to start thinking")
    before = server.fingerprint(a)
    assert server.state(a)["table"]["thinking"] == 1

    # table A: its human is refused (out of turn), nothing changes
    guess = server.table(a).state.legal_actions()[0].to_json()
    r = server.act(a, a_token, guess)
    assert r.status_code == 409 and r.json()["rule"] == server.table(a).game.info.turn_rule
    assert server.undo(a, a_token).status_code == 409
    with server.client.websocket_connect(f"/api/tables/{a}/ws?token={a_token}") as ws:
        assert recv(ws)["legal"] == []
        ws.send_json({"type": "action", "action": guess})
        assert recv(ws)["type"] == "error"

    # table B is answered, and its own bot moves, while A's bot still thinks
    for _ in range(3):
        message = server.state(b, b_token)
        r = server.act(b, b_token, message["legal"][0]["action"])
        assert r.status_code == 200, r.text
        server.settle(b)
    assert server.fingerprint(b)[1] >= 3
    assert server.fingerprint(a) == before and server.table(a).thinking == 1 and thinking(folder) == 1

    (folder / "go").touch()
    wait_for(lambda: server.fingerprint(a)[1] == before[1] + 1, "the slow bot's move")
    server.settle(a)
    state = server.table(a).state
    assert state.history[before[1]][0] == 1 and server.state(a)["table"]["thinking"] is None
    # written before it was told: the database has it
    with contextlib.closing(open_store(str(server.db))) as store:
        stored = next(t for t in store.load_all() if t.id == a)
    assert [(p, act) for p, act in stored.actions] == [(p, act.to_json()) for p, act in state.history]


def test_a_search_ends_without_a_move_when_the_table_is_left(slow):
    server, folder = slow
    table_id = server.create(players=2, seats=["slow", "slow"], seed=8)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        recv(ws)
        wait_for(lambda: thinking(folder) == 1, "the slow bot to start thinking")
    # nobody watches any more: the move that comes is dropped
    (folder / "go").touch()
    server.settle(table_id)
    assert server.fingerprint(table_id)[1] == 0 and server.table(table_id).thinking is None
    # a watcher again: the bot thinks again (from where it was: the same decision) and the table plays on
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws") as ws:
        recv(ws)
        wait_for(lambda: server.fingerprint(table_id)[1] >= 4, "the bots to move")
    decisions = sorted(p.name.split("-")[1:3] for p in folder.glob("thinking-*"))
    assert ["0", "1"] in decisions or ["1", "1"] in decisions


def test_a_player_back_from_a_takeover_moves_and_the_bots_move_is_dropped(tmp_path, db):
    folder = tmp_path / "slow"
    folder.mkdir()
    with running(db, sweep_seconds=0.05, extra_agents={"slow": functools.partial(SlowAgent, folder=folder)}) as server:
        table_id = server.create(players=2, seats=["human", "human"], seed=5, options={"first_player": 1},
                                 takeover_seconds=0)
        server.table(table_id).settings["takeover_agent"] = "slow"
        server.join(table_id, 0)
        t1 = server.join(table_id, 1)
        with server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={t1}") as ws:
            recv(ws)
        wait_for(lambda: thinking(folder) == 1, "the takeover bot to start thinking")
        assert server.fingerprint(table_id)[1] == 0
        with server.client.websocket_connect(f"/api/tables/{table_id}/ws?token={t1}") as ws:
            message, _ = recv_until(ws, lambda m: m.get("legal"))  # the seat is taken back
            mine = message["legal"][-1]["action"]
            ws.send_json({"type": "action", "action": mine})
            recv_until(ws, lambda m: m.get("type") == "state" and m["table"]["actions"] == 1)
            (folder / "go").touch()
            wait_for(lambda: server.table(table_id).thinking is None, "the search to end")
            server.settle(table_id)
        history = server.table(table_id).state.history
        assert len(history) == 1 and history[0][0] == 1 and history[0][1].to_json() == mine


def test_a_search_under_way_when_the_server_stops_is_dropped_and_thought_again_after_the_restart(tmp_path, db):
    folder = tmp_path / "slow"
    folder.mkdir()
    agents = {"slow": functools.partial(SlowAgent, folder=folder)}
    with running(db, extra_agents=agents) as server:
        table_id = server.create(players=2, seats=["human", "slow"], seed=3, options={"first_player": 0})
        token = server.join(table_id, 0)
        first_player(server, table_id, token, 1)
        wait_for(lambda: thinking(folder) == 1, "the slow bot to start thinking")
        count = server.fingerprint(table_id)[1]
    (folder / "go").touch()  # the worker ends its search into a stopped server
    with contextlib.closing(open_store(str(db))) as store:
        assert len(next(t for t in store.load_all() if t.id == table_id).actions) == count
    with running(db, extra_agents=agents) as server:
        wait_for(lambda: server.fingerprint(table_id)[1] == count + 1, "the bot's move after the restart")
        assert server.table(table_id).state.history[count][0] == 1


def test_a_worker_that_dies_stops_its_tables_bot_and_the_next_search_gets_a_new_one(db):
    with running(db, extra_agents={"dies": DyingAgent}) as server:
        doomed = server.create(players=2, seats=["human", "dies"], seed=3, options={"first_player": 0})
        first_player(server, doomed, server.join(doomed, 0), 1)
        count = server.fingerprint(doomed)[1]
        server.settle(doomed)  # the worker died: this table's bot gave up, nothing was played for it
        assert server.fingerprint(doomed)[1] == count and server.table(doomed).thinking is None
        table_id = server.create(players=2, seats=["human", "ismcts-fast"], seed=4, options={"first_player": 0})
        first_player(server, table_id, server.join(table_id, 0), 1)
        count = server.fingerprint(table_id)[1]
        wait_for(lambda: server.fingerprint(table_id)[1] > count, "the search bot's move")
        assert server.table(table_id).state.history[count][0] == 1


# -- what crosses to a worker, and what comes back -----------------------------------------------------------------
CASES = [("mojo", 3, {}), ("maoqy", 2, {}), ("mitosz", 2, {}), ("muhq", 2, {})]


def positions(game, every: int, want: int, limit: int = 200) -> list:
    """``want`` positions of random games, one every ``every`` actions (the first ``limit`` of each game)."""
    out = []
    for seed in range(100):
        state = game.new_initial_state(seed=seed)
        rnd = random.Random(seed)
        for step in range(limit):
            if state.is_terminal():
                break
            if step % every == 0:
                out.append(state.clone())
                if len(out) == want:
                    return out
            state.apply(rnd.choice(state.legal_actions()))
    return out


@pytest.mark.parametrize("name,players,options", CASES, ids=[c[0] for c in CASES])
def test_what_crosses_to_a_worker_depends_only_on_what_the_seat_may_see(name, players, options):
    """Two worlds the seat cannot tell apart (its view is the same, the hidden cards lie differently) send the
    same bytes: nothing of the real hidden cards, the seed or the history crosses."""
    game = cardtable.load(name, players=players, options=options)
    codec = GameCodec(game)
    checked = 0
    for state in positions(game, 5, 12):
        seat = state.current_player
        worlds = [determinize(state, seat, Rng(k, "another world")) for k in (1, 2)]
        assert worlds[0].view(seat) == worlds[1].view(seat) == state.view(seat)
        sealed = [SealedObservation.of(w, seat) for w in worlds]
        assert codec.dumps(sealed[0]) == codec.dumps(sealed[1])
        base = sealed[0].base
        assert base.seed == 0 and base.history == [] and base.rng.state() != state.rng.state()
        checked += 1
    assert checked == 12


def test_sealed_observations_leave_out_the_private_notes_of_other_seats():
    """Mítosz logs what an unrestricted deck search found for the searcher alone ("you found …", MIT-1.3.3; no
    card of the shipped set searches unrestricted, a designer's card may): another seat's sealed observation
    must not carry that note."""
    game = cardtable.load("mitosz", players=2)
    state = positions(game, 7, 3)[-1]
    seat = state.current_player
    other = 1 - seat
    secret = next(state.cards[i].d.name for i in state.players[other].deck)
    state.note(f"you found {secret}", (other,))
    assert not any(text == f"you found {secret}" for text in state.view(seat)["log"])
    base = SealedObservation.of(state, seat).base
    assert not [entry for entry in base.log if entry[2] is not None and seat not in entry[2]]


@pytest.mark.parametrize("name,players,options", CASES, ids=[c[0] for c in CASES])
def test_a_bot_in_the_worker_moves_as_it_does_in_process(name, players, options):
    """The same agent, seeded alike, at the same positions one after another (its random stream going on): the
    worker process's moves are the in-process moves."""
    game = cardtable.load(name, players=players, options=options)
    here = make_agent("ismcts-fast", game, 77)
    there = make_agent("ismcts-fast", game, 77)
    states = positions(game, 9, 4)
    assert len(states) == 4

    async def worker_moves():
        thinker = Thinker(1)
        nonlocal there
        try:
            out = []
            for state in states:
                action, there = await thinker.submit(there, state, state.current_player)
                out.append(action)
            return out
        finally:
            thinker.close()

    moves = asyncio.run(worker_moves())
    assert moves == [here.act(Observation(s, s.current_player)).to_json() for s in states]
    assert there.game is game and there.rng.getstate() == here.rng.getstate()


# -- a real server, killed while its search bot thinks -----------------------------------------------------------
def children(pid: int) -> list[int]:
    with open(f"/proc/{pid}/task/{pid}/children") as f:
        return [int(x) for x in f.read().split()]


def running_pid(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def test_kill_9_while_a_search_bot_thinks_then_the_restart_replays_exactly(db):
    import httpx
    import websockets.sync.client

    from .util import ServerProcess, jsonish

    server = ServerProcess(db, bot_delay=0).start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as http:
            r = http.post("/api/tables", json={"game": "muhq", "players": 2, "seats": ["human", "ismcts"], "seed": 6})
            assert r.status_code == 201, r.text
            table_id = r.json()["table"]["id"]
            token = http.post(f"/api/tables/{table_id}/join", json={"seat": 0}).json()["token"]
            url = server.url.replace("http", "ws") + f"/api/tables/{table_id}/ws"
            with websockets.sync.client.connect(url) as ws:
                ws.send('{"type": "hello", "token": "%s"}' % token)
                seen = 0
                while True:  # the human's moves until the bot thinks
                    message = jsonish(__import__("json").loads(ws.recv(timeout=60)))
                    if message["type"] != "state":
                        continue
                    seen = message["table"]["actions"]
                    if message["table"]["thinking"] == 1:
                        break
                    if message["legal"]:
                        ws.send(__import__("json").dumps({"type": "action", "action": message["legal"][-1]["action"]}))
            workers = children(server.proc.pid)
            assert workers  # the pool (and its resource tracker)
            before = http.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
            assert before["table"]["actions"] == seen and before["table"]["thinking"] == 1
        server.kill()
        wait_for(lambda: not any(running_pid(p) for p in workers), "the workers to leave with their server", 30)
        with contextlib.closing(open_store(str(db))) as store:
            stored = next(t for t in store.load_all() if t.id == table_id)
        assert len(stored.actions) == seen

        server = ServerProcess(db, bot_delay=0, port=server.port).start()
        with httpx.Client(base_url=server.url, timeout=30) as http:
            after = http.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token}).json()
            if after["table"]["actions"] == seen:  # not moved yet: the same table, its bot thinking again
                assert after["view"] == before["view"] and after["log"] == before["log"]
            state = cardtable.load("muhq", players=2).new_initial_state(seed=6)
            for seat, action in stored.actions:
                state.apply(action, player=seat)
            assert before["view"] == jsonish(state.view(0))
            # the bot's move comes, through the store
            wait_for(lambda: http.get(f"/api/tables/{table_id}").json()["table"]["actions"] > seen, "the bot's move", 120)
    finally:
        server.kill()
