"""The web API answers in the reader's language: ``?lang=``, the ``cardtable_lang`` cookie, ``Accept-Language``
(that order), per request and per socket. Refusals stay refusals (4xx, never a 500), rule IDs stay as they are,
and the lobby's bot descriptions are read in the reader's language."""

from __future__ import annotations

import json
import warnings

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.engine.i18n import language
from cardtable.server.app import create_app


@pytest.fixture
def client(tmp_path):
    app = create_app(tmp_path / "t.db", bot_delay=0)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", DeprecationWarning)
        with TestClient(app, raise_server_exceptions=False) as c:
            yield c


GERMAN = {"Accept-Language": "de-AT,de;q=0.9,en;q=0.5"}
HUNGARIAN = {"Accept-Language": "hu-HU"}


def refused(response, status: int) -> dict:
    assert response.status_code == status, response.text
    body = response.json()
    assert set(body) == {"error", "rule"}
    return body


def test_bad_seats_in_three_languages(client):
    body = {"game": "mojo", "players": 2, "seats": ["human", "wizard"]}
    en = refused(client.post("/api/tables", json=body), 422)["error"]
    de = refused(client.post("/api/tables", json=body, headers=GERMAN), 422)["error"]
    hu = refused(client.post("/api/tables?lang=hu", json=body), 422)["error"]
    assert en.startswith("unknown seat kind 'wizard'; a seat is 'human' or one of:")
    assert de.startswith("unbekannte Platzart 'wizard'; ein Platz ist 'human' oder eines von:")
    assert hu.startswith("ismeretlen helyfajta: 'wizard'; egy hely 'human' vagy ezek egyike:")
    body["seats"] = ["human"]
    assert refused(client.post("/api/tables", json=body, headers=HUNGARIAN), 422)["error"] == \
        "1 hely van megadva 2 játékosra; helyenként egy fajtát adj meg"


def test_precedence_query_then_cookie_then_header(client):
    client.cookies.set("cardtable_lang", "hu")
    try:
        assert refused(client.get("/api/tables/nope", headers=GERMAN), 404)["error"] == "nincs 'nope' asztal"
        assert refused(client.get("/api/tables/nope?lang=de", headers=HUNGARIAN), 404)["error"] == \
            "kein Tisch 'nope'"
    finally:
        client.cookies.clear()
    assert refused(client.get("/api/tables/nope", headers=GERMAN), 404)["error"] == "kein Tisch 'nope'"
    assert refused(client.get("/api/tables/nope"), 404)["error"] == "no table 'nope'"
    assert refused(client.get("/api/tables/nope", headers={"Accept-Language": "fr"}), 404)["error"] == \
        "no table 'nope'"


def test_illegal_actions_keep_their_rule(client):
    r = client.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "random"], "seed": 1})
    table = r.json()["table"]["id"]
    token = client.post(f"/api/tables/{table}/join", json={"seat": 0}).json()["token"]
    seat = {"X-Seat-Token": token}
    bad = {"action": {"type": "fly"}}
    answers = {lang: refused(client.post(f"/api/tables/{table}/actions?lang={lang}", json=bad, headers=seat), 422)
               for lang in ("en", "de", "hu")}
    assert {a["rule"] for a in answers.values()} == {"ACTION-1"}
    assert answers["en"]["error"].startswith("unknown action type 'fly'")
    assert answers["de"]["error"].startswith("unbekannter Aktionstyp 'fly'; die Aktionstypen dieses Spiels sind")
    assert answers["hu"]["error"].startswith("ismeretlen akciótípus: 'fly'; a játék akciótípusai:")
    bad = {"action": {"type": "play", "card": "seven", "pile": 0}}
    de = refused(client.post(f"/api/tables/{table}/actions", json=bad, headers={**seat, **GERMAN}), 422)
    assert de["rule"] == "ACTION-2" and "muss eine ganze Zahl sein, nicht 'seven'" in de["error"]
    # no token: 401, in the reader's language
    assert refused(client.post(f"/api/tables/{table}/undo", headers=HUNGARIAN), 401)["error"] == \
        "a visszavonáshoz kell a helyed tokenje"
    # a bot's seat: 409
    assert refused(client.post(f"/api/tables/{table}/join?lang=de", json={"seat": 1}), 409)["error"] == \
        "Platz 1 spielt der Bot random"
    # the record of a running game: 409
    assert refused(client.get(f"/api/tables/{table}/record", headers=GERMAN), 409)["error"] == \
        "das Spiel läuft noch; seine Aufzeichnung gibt es, wenn es endet"


def test_starlette_and_validation_refusals(client):
    assert refused(client.get("/api/no-such-thing", headers=GERMAN), 404)["error"] == "Nicht gefunden"
    assert refused(client.get("/api/no-such-thing?lang=hu"), 404)["error"] == "Nem található"
    assert refused(client.get("/api/no-such-thing"), 404)["error"] == "Not Found"
    invalid = refused(client.post("/api/tables?lang=de", json={"players": 2}), 422)["error"]
    assert invalid == "ungültige Anfrage: body.game: Feld fehlt"
    invalid = refused(client.post("/api/tables", json={"game": "mojo", "players": "two", "seed": -1},
                                  headers=HUNGARIAN), 422)["error"]
    assert invalid == "érvénytelen kérés: body.players: egész szám kell; body.seed: legalább 0 kell"
    english = refused(client.post("/api/tables", json={"players": 2}), 422)["error"]
    assert english == "invalid request: body.game: Field required"  # pydantic's own words in English


def test_bad_option_is_the_engines_sentence(client):
    body = {"game": "mojo", "options": {"hand_size": 99}}
    de = refused(client.post("/api/tables", json=body, headers=GERMAN), 422)["error"]
    assert de == "die Option hand_size=99 ist nicht erlaubt (MOJO-2.2); erlaubt: eine ganze Zahl von 1 bis 39"
    body = {"game": "mojo", "options": {"colour": "red"}}
    hu = refused(client.post("/api/tables", json=body, headers=HUNGARIAN), 422)["error"]
    assert hu.startswith("ismeretlen opció: colour; a játék opciói: hand_size")


def test_lobby_bot_descriptions_per_reader(client):
    def bots(headers):
        (mojo,) = [g for g in client.get("/api/games", headers=headers).json() if g["name"] == "mojo"]
        return {b["name"]: b for b in mojo["bot_info"]}

    en, de, hu = bots({}), bots(GERMAN), bots(HUNGARIAN)
    assert en.keys() == de.keys() == hu.keys()  # names are data
    assert en["random"]["help"] == "uniform over the legal actions (every game)"
    assert de["random"]["help"] == "gleichverteilt über die erlaubten Aktionen (jedes Spiel)"
    assert hu["ismcts-fast"]["label"] == "ismcts (gyors)" and de["ismcts-strong"]["label"] == "ismcts (stark)"
    assert hu["heuristic"]["help"].startswith("a játék ökölszabályai szerint játszik")
    # the option values the lobby parses stay English
    (mojo,) = [g for g in client.get("/api/games", headers=GERMAN).json() if g["name"] == "mojo"]
    assert {o["name"]: o for o in mojo["options"]}["hand_size"]["allowed"] == "an integer from 1 to 39"


def test_socket_errors_in_the_sockets_language(client):
    r = client.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "human"], "seed": 2})
    table = r.json()["table"]["id"]
    with client.websocket_connect(f"/api/tables/{table}/ws?lang=hu") as ws:
        ws.receive_json()  # the spectator's welcome
        ws.send_bytes(b"\x00")
        assert ws.receive_json() == {"type": "error", "error": "JSON-t szöveges keretben küldj, ne binárisan",
                                     "rule": None}
        ws.send_text("{not json")
        message = ws.receive_json()
        assert message["type"] == "error" and message["error"].startswith("nem JSON: ")
        ws.send_text(json.dumps({"type": "dance"}))
        message = ws.receive_json()
        assert message["error"].startswith("küldd ezek egyikét: ") and " vagy " in message["error"]
        ws.send_text(json.dumps({"type": "undo"}))
        assert ws.receive_json()["error"] == "a visszavonáshoz kell a helyed tokenje"
    client.cookies.set("cardtable_lang", "de")
    try:
        with client.websocket_connect(f"/api/tables/{table}/ws") as ws:
            ws.receive_json()
            ws.send_text(json.dumps({"type": "hello", "token": 5}))
            assert ws.receive_json()["error"] == "das Token ist ein Text"
    finally:
        client.cookies.clear()


def test_messages_made_outside_a_request_are_english():
    """The language is per reader: nothing the server did for a German request leaks into other readers."""
    from cardtable.engine import load
    from cardtable.engine.errors import OptionError

    with language("de"):
        with pytest.raises(OptionError, match="unbekannte Option"):
            load("mojo", options={"x": 1})
    with pytest.raises(OptionError, match="unknown option x"):
        load("mojo", options={"x": 1})
