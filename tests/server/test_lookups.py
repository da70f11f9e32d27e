"""POST /api/tables/{id}/check (would an action be legal, without playing it) and GET /api/games/{game}/rules."""

from __future__ import annotations


def mojo_table(server, seats=("human", "heuristic"), seed=3):
    table = server.create(players=len(seats), seats=list(seats), seed=seed, options={"discard_piles": 1})
    token = server.join(table, 0)
    server.settle(table)  # the bot's opening moves, if it starts
    return table, token


def check(server, table, token, action, status=200):
    r = server.client.post(f"/api/tables/{table}/check", json={"action": action},
                           headers={"X-Seat-Token": token} if token else {})
    assert r.status_code == status, r.text
    return r.json()


def test_a_legal_move_is_legal_and_nothing_changes(server):
    table, token = mojo_table(server)
    before = server.fingerprint(table)
    legal = server.state(table, token)["legal"]
    assert legal
    for entry in legal:
        assert check(server, table, token, entry["action"]) == {"legal": True, "rule": None, "message": None,
                                                               "rule_text": None}
    assert server.fingerprint(table) == before  # never played


def test_an_illegal_move_says_which_rule_with_its_text_and_nothing_changes(server):
    table, token = mojo_table(server)
    before = server.fingerprint(table)
    view = server.state(table, token)["view"]
    mine = set(view["seats"][0]["hand"])
    other = next(c for c in range(78) if c not in mine)
    answer = check(server, table, token, {"type": "play", "card": other, "pile": 0})
    assert answer["legal"] is False
    assert answer["rule"] == "MOJO-4.2", answer
    assert "not in your hand" in answer["message"]
    assert answer["rule_text"].startswith("To play, the player moves one card from their hand")
    assert server.fingerprint(table) == before


def test_not_your_turn_cites_the_turn_rule(server):
    table, token0 = mojo_table(server, seats=("human", "human"))
    token1 = server.join(table, 1)
    waiting = token1 if server.state(table, token0)["legal"] else token0
    card = server.state(table, waiting)["view"]["seats"][0 if waiting == token0 else 1]["hand"][0]
    answer = check(server, table, waiting, {"type": "play", "card": card, "pile": 0})
    assert answer["legal"] is False and answer["rule"] == "MOJO-3.6", answer
    assert answer["rule_text"].startswith("A player acts only on their own turn")


def test_bad_requests_are_4xx_with_a_reason(server):
    table, token = mojo_table(server)
    before = server.fingerprint(table)
    assert "seat token" in check(server, table, None, {"type": "draw"}, status=401)["error"]
    assert check(server, table, "not-a-token", {"type": "draw"}, status=403)["error"]
    assert check(server, table, token, {"type": "fly"}, status=422)["rule"] == "ACTION-1"
    r = server.client.post(f"/api/tables/{table}/check", json={}, headers={"X-Seat-Token": token})
    assert r.status_code == 422 and "action" in r.json()["error"]
    r = server.client.post("/api/tables/nope/check", json={"action": {"type": "draw"}}, headers={"X-Seat-Token": token})
    assert r.status_code == 404
    assert server.fingerprint(table) == before


def test_a_check_answers_only_from_what_the_seat_may_know(server):
    # Every card of the deck asked about: the answers name the seat's own hand and the public piles only,
    # and they are the same whichever hidden card an opponent holds (same answers for every card not seen).
    table, token = mojo_table(server)
    view = server.state(table, token)["view"]
    mine = set(view["seats"][0]["hand"])
    texts = set()
    for card in range(78):
        if card in mine:
            continue
        answer = check(server, table, token, {"type": "play", "card": card, "pile": 0})
        assert answer["legal"] is False
        texts.add(answer["message"].replace(f"card {card} ", "card N ").split(" (#")[0])
    opponent = server.table(table).state.view(1)["seats"][1]["hand"]
    for text in texts:
        for card in opponent:
            assert f"seat 1 holds {card}" not in text and "seat 1's hand" not in text, text


def test_rules_of_a_game_with_departures(server):
    r = server.client.get("/api/games/maoqy/rules")
    assert r.status_code == 200
    body = r.json()
    assert body["game"] == "maoqy"
    by_id = {rule["id"]: rule for rule in body["rules"]}
    assert by_id["MAOQY-6.6"]["departure"] is True and by_id["MAOQY-6.6"]["text"].startswith("Claimed cards")
    assert all(set(rule) == {"id", "text", "section", "departure"} for rule in body["rules"])
    assert body["pattern"]
    mojo = server.client.get("/api/games/mojo/rules").json()
    assert {"id": "MOJO-4.2", "text": mojo["rules"][[r["id"] for r in mojo["rules"]].index("MOJO-4.2")]["text"],
            "section": mojo["rules"][[r["id"] for r in mojo["rules"]].index("MOJO-4.2")]["section"],
            "departure": False} in mojo["rules"]
    assert server.client.get("/api/games/nope/rules").status_code == 404
