"""Games with secret actions (MAOQY's hiding place): the log a seat receives names a hidden card only
to the seat that hid it."""

from __future__ import annotations

import random


def test_maoqy_log_hides_hidden_cards_from_other_seats_and_spectators(server):
    table_id = server.create(game="maoqy", players=2, seats=["human", "human"], seed=4)
    tokens = [server.join(table_id, 0), server.join(table_id, 1)]
    table = server.table(table_id)
    rng = random.Random(4)
    hides = 0
    for _ in range(400):
        state = table.state
        if state.is_terminal():
            break
        seat = state.current_player
        legal = server.state(table_id, tokens[seat])["legal"]
        hiding = [e["action"] for e in legal if e["action"]["type"] == "hide"]
        passing = [e["action"] for e in legal if e["action"]["type"] != "pass"]
        choice = hiding[0] if hiding and rng.random() < 0.5 else rng.choice(passing or [e["action"] for e in legal])
        assert server.act(table_id, tokens[seat], choice).status_code == 200
        hides += choice["type"] == "hide"
    assert hides >= 3
    history = table.state.history
    for viewer, token in ((0, tokens[0]), (1, tokens[1]), (None, None)):
        log = server.client.get(f"/api/tables/{table_id}", headers={"X-Seat-Token": token} if token else {}).json()["log"]
        assert log
        for entry in log:
            actor, action = history[entry["n"]]
            secret = action.to_json()["type"] == "hide" or action.to_json().get("from") == "hiding"
            if secret and actor != viewer:
                assert "card" not in entry["action"], (viewer, entry)
                assert server.manager.tables[table_id].game.action_label(action) != entry["text"]
            else:
                assert entry["action"] == action.to_json()
