"""Each seat reads the table in its own language: two sockets of one game, German and Hungarian, see the same
game (same view data, same actions) with their labels, log lines and errors each in its language."""

from __future__ import annotations

from cardtable.engine.i18n import language

from .util import drain, recv, recv_until


def _expected_log(table, lang: str, seat: int) -> list[str]:
    game = table.game
    with language(lang):
        return [game.log_entry(a, p, seat)[0] if game.secret_actions else game.action_label(a)
                for p, a in table.state.history]


def _connect(server, table_id: str, token: str, lang: str):
    ws = server.client.websocket_connect(f"/api/tables/{table_id}/ws?lang={lang}")
    session = ws.__enter__()
    recv(session)  # the spectator's welcome
    session.send_json({"type": "hello", "token": token})
    return ws, session


def test_two_seats_two_languages_one_game(server):
    table_id = server.create(players=2, seats=["human", "human"], seed=3)
    tokens = [server.join(table_id, 0), server.join(table_id, 1)]
    table = server.table(table_id)
    sockets = {}
    try:
        for seat, lang in ((0, "de"), (1, "hu")):
            sockets[seat] = _connect(server, table_id, tokens[seat], lang)
        first = {seat: recv_until(s, lambda m: m.get("seat") == seat)[0] for seat, (_w, s) in sockets.items()}
        mover = table.state.current_player
        lang_of = {0: "de", 1: "hu"}
        # the mover's legal moves are labelled in its language
        legal = table.game.display_order(table.state.legal_actions(), table.state.view(mover))
        with language(lang_of[mover]):
            wanted = [table.game.move_label(a, table.state.view(mover)) for a in legal]
        assert [m["label"] for m in first[mover]["legal"]] == wanted

        # an illegal move: the same rule, the sentence in the mover's language
        _w, mine = sockets[mover]
        drain(mine)
        mine.send_json({"type": "action", "action": {"type": "play", "card": 999, "pile": 0}})
        error = recv_until(mine, lambda m: m.get("type") == "error")[0]
        with language("en"):
            english = server.act(table_id, tokens[mover], {"type": "play", "card": 999, "pile": 0}).json()
        assert error["rule"] == english["rule"]
        assert error["error"] != english["error"], "the error is still English: is the mojo catalog in?"

        # a legal move: both seats hear of it, each in its language, and see the same game
        before = [len(table.state.history)]
        mine.send_json({"type": "action", "action": legal[0].to_json()})
        messages = {}
        for seat, (_w, session) in sockets.items():
            messages[seat] = recv_until(session, lambda m: m.get("type") == "state" and m["log_size"] > before[0])[0]
        texts = {}
        for seat, message in messages.items():
            expected = _expected_log(table, lang_of[seat], seat)
            assert [e["text"] for e in message["log"]] == expected[-len(message["log"]):]
            texts[seat] = message["log"][-1]["text"]
            assert message["view"] == table.state.view(seat)  # the data is the same game whatever the language
        with language("en"):
            english_text = _expected_log(table, "en", 0)[-1]
        assert len({texts[0], texts[1], english_text}) == 3, (texts, english_text)
    finally:
        for ws, _session in sockets.values():
            ws.__exit__(None, None, None)


def test_spectators_in_two_languages_get_their_own_messages(server):
    """Two spectators of one bots-only table, German and Hungarian: the log of each is in its language."""
    table_id = server.create(players=2, seats=["random", "random"], seed=5)
    with server.client.websocket_connect(f"/api/tables/{table_id}/ws?lang=de") as de, \
            server.client.websocket_connect(f"/api/tables/{table_id}/ws", headers={"accept-language": "hu"}) as hu:
        got_de = recv_until(de, lambda m: m.get("type") == "state" and len(m["log"]) >= 3, timeout=10)[0]
        got_hu = recv_until(hu, lambda m: m.get("type") == "state" and len(m["log"]) >= 3, timeout=10)[0]
        table = server.table(table_id)
        for message, lang in ((got_de, "de"), (got_hu, "hu")):
            expected = _expected_log(table, lang, None)
            n = message["log_size"]
            assert [e["text"] for e in message["log"]] == expected[:n][-len(message["log"]):]
        assert got_de["log"][0]["text"] != got_hu["log"][0]["text"]
