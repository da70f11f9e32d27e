"""The workbench's HTTP API (``/api/studio``): every bad request is a 4xx with a reason and writes nothing; a good
edit is checked by the game's loader; a save makes a version; a what-if runs, stops and reports."""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cardtable.server.app import create_app


def files_under(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


@pytest.fixture
def studio(tmp_path):
    app = create_app(tmp_path / "tables.db", workspace=tmp_path / "ws", studio_workers=1)
    with TestClient(app) as client:
        yield client, tmp_path / "ws"


def cityfolk(client):
    file = client.get("/api/studio/mitosz/files/smp.yaml").json()
    entry = next(e for e in file["entries"] if e["id"] == "SMP-031")
    return file, entry


def test_the_overview_lists_the_games_files_and_no_versions(studio):
    client, _root = studio
    body = client.get("/api/studio").json()
    assert [g["name"] for g in body["games"]] == ["maoqy", "mitosz", "muhq"]
    mitosz = next(g for g in body["games"] if g["name"] == "mitosz")
    assert {f["name"] for f in mitosz["files"]} == {"smp.yaml", "deck-dawn-court.yaml", "deck-frost-clans.yaml"}
    assert all(f["source"] == "packaged" for f in mitosz["files"]) and body["versions"] == []


def test_an_edit_is_checked_at_once_and_names_the_field_and_a_save_makes_a_version(studio):
    client, root = studio
    file, entry = cityfolk(client)
    points = next(f for f in entry["fields"] if f["path"] == "power_points")
    assert points == {"path": "power_points", "parts": ["power_points"], "value": 2, "type": "int",
                      "line": points["line"]}
    bad = client.post("/api/studio/mitosz/files/smp.yaml/edit",
                      json={"text": file["text"], "entry": entry["index"], "path": ["power_points"], "value": -1})
    assert bad.status_code == 422
    problem = bad.json()["problems"][0]
    assert problem["field"] == "power_points" and "greater than or equal to 0" in problem["reason"]
    assert problem["entry"].endswith(f"at cards[{entry['index']}]") and problem["line"] == points["line"]
    assert not root.joinpath("mitosz").exists()  # nothing written
    good = client.post("/api/studio/mitosz/files/smp.yaml/edit",
                       json={"text": bad.json()["text"], "entry": entry["index"], "path": ["power_points"], "value": 5})
    assert good.status_code == 200 and good.json()["summary"] == "set SMP: 48 cards"
    changed = [(a, b) for a, b in zip(file["text"].splitlines(), good.json()["text"].splitlines()) if a != b]
    assert changed == [("    power_points: 2", "    power_points: 5")]  # only that scalar, comments kept
    saved = client.put("/api/studio/mitosz/files/smp.yaml", json={"text": good.json()["text"], "message": "5 points"})
    assert saved.status_code == 200 and saved.json()["version"]["n"] == 1
    assert client.get("/api/studio").json()["versions"][0]["message"] == "5 points"
    assert "+    power_points: 5" in client.get("/api/studio/diff?a=0").text


@pytest.mark.parametrize("method,path,body,status,reason", [
    ("PUT", "/api/studio/mitosz/files/x.txt", {"text": "a: 1"}, 422, "not a data file name"),
    ("PUT", "/api/studio/chess/files/x.yaml", {"text": "a: 1"}, 422, "no game 'chess'"),
    ("PUT", "/api/studio/mojo/files/x.yaml", {"text": "a: 1"}, 422, "mojo reads no data files"),
    ("PUT", "/api/studio/mitosz/files/smp.yaml", {"text": "cards: ["}, 422, "not valid YAML"),
    ("PUT", "/api/studio/mitosz/files/smp.yaml", {"text": 5}, 422, "body.text"),
    ("PUT", "/api/studio/mitosz/files/smp.yaml", {"txt": "a"}, 422, "body.text"),
    ("PUT", "/api/studio/mitosz/files/smp.yaml", {"text": "a", "message": "x" * 501}, 422, "body.message"),
    ("PUT", "/api/studio/mitosz/files/notes.yaml", {"text": "a: 1"}, 422, "field 'code': Field required"),
    ("GET", "/api/studio/mitosz/files/deck-nothing.yaml", None, 422, "no file deck-nothing.yaml"),
    ("POST", "/api/studio/mitosz/files/smp.yaml/edit", {"text": "code: SMP\n", "entry": 3, "path": ["a"], "value": 1},
     422, "no list of entries"),
    ("POST", "/api/studio/mitosz/files/smp.yaml/edit", {"text": "code: SMP\n", "path": ["nope"], "value": 1}, 422,
     "no field 'nope'"),
    ("POST", "/api/studio/mitosz/files/smp.yaml/edit", {"text": "code: SMP\n", "path": [], "value": 1}, 422, ""),
    ("POST", "/api/studio/mitosz/files/smp.yaml/edit", {"text": "code: SMP\n", "path": ["code"], "value": {"a": 1}},
     422, ""),
    ("GET", "/api/studio/diff?a=7", None, 422, "no version 7"),
    ("POST", "/api/studio/whatif", {"game": "mitosz", "b": "v9"}, 422, "no version 9"),
    ("POST", "/api/studio/whatif", {"game": "mitosz", "b": "../x"}, 422, "a side is 'packaged' or a version"),
    ("POST", "/api/studio/whatif", {"game": "mojo", "b": "packaged"}, 422, "no game 'mojo' in the workbench"),
    ("POST", "/api/studio/whatif", {"game": "mitosz", "b": "packaged", "games": 0}, 422, "body.games"),
    ("POST", "/api/studio/whatif", {"game": "mitosz", "b": "packaged", "agents": "nobody"}, 422, "nobody"),
    ("GET", "/api/studio/whatif/42", None, 404, "no what-if '42'"),
    ("POST", "/api/studio/whatif/42/stop", None, 404, "no what-if '42'"),
])
def test_a_bad_request_is_a_4xx_with_a_reason_and_writes_nothing(studio, method, path, body, status, reason):
    client, root = studio
    before = files_under(root)
    response = client.request(method, path, json=body)
    assert response.status_code == status, response.text
    assert reason in response.json()["error"], response.json()
    assert files_under(root) == before


def test_a_what_if_runs_to_its_numbers_and_its_page(studio):
    client, _root = studio
    file, entry = cityfolk(client)
    text = client.post("/api/studio/mitosz/files/smp.yaml/edit",
                       json={"text": file["text"], "entry": entry["index"], "path": ["power_points"], "value": 6}).json()["text"]
    assert client.put("/api/studio/mitosz/files/smp.yaml", json={"text": text}).status_code == 200
    started = client.post("/api/studio/whatif", json={"game": "mitosz", "a": "packaged", "b": "v1", "games": 6})
    assert started.status_code == 202
    job_id = started.json()["id"]
    deadline = time.monotonic() + 60
    while (job := client.get(f"/api/studio/whatif/{job_id}").json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert job["state"] == "done" and job["done"] == 6 and job["numbers"]["games_paired"] == 6
    assert job["numbers"]["labels"] == {"a": "packaged", "b": "v1"}
    page = client.get(f"/studio/whatif/{job_id}")
    assert page.status_code == 200 and "Paired differences (B − A)" in page.text
    missing = client.get("/studio/whatif/<script>")
    assert missing.status_code == 404 and "<script>" not in missing.text


def test_a_stopped_what_if_keeps_what_it_played(studio):
    client, _root = studio
    job_id = client.post("/api/studio/whatif", json={"game": "maoqy", "b": "packaged", "games": 5000}).json()["id"]
    assert client.post(f"/api/studio/whatif/{job_id}/stop").status_code == 200
    deadline = time.monotonic() + 60
    while (job := client.get(f"/api/studio/whatif/{job_id}").json())["state"] == "running":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    assert job["state"] == "stopped" and job["numbers"]["partial"]
    assert job["numbers"]["games_paired"] == job["done"] < 5000


def test_without_a_workspace_there_is_no_workbench(tmp_path):
    with TestClient(create_app(tmp_path / "t.db")) as client:
        assert client.get("/api/studio").status_code == 404
        assert client.get("/studio").status_code == 404


def test_a_whole_data_file_fits_a_workbench_request_but_not_any_other(studio):
    client, root = studio
    text = client.get("/api/studio/mitosz/files/smp.yaml").json()["text"] + "#" * 200_000 + "\n"
    checked = client.post("/api/studio/mitosz/files/smp.yaml/check", json={"text": text})
    assert checked.status_code == 200 and checked.json()["ok"]  # 230 KB: a big set still fits
    refused = client.post("/api/tables", content=b"{" + b" " * 70_000 + b"}", headers={"Content-Type": "application/json"})
    assert refused.status_code == 413
    huge = client.post("/api/studio/mitosz/files/smp.yaml/check", json={"text": "x" * 9_000_000})
    assert huge.status_code == 413 and "larger than" in huge.json()["error"]
    assert not (root / "mitosz").exists()


def test_entries_are_named_in_the_readers_language_where_the_file_says(studio):
    client, _root = studio
    names = {lang: {e["id"]: e["name"] for e in client.get("/api/studio/mitosz/files/smp.yaml",
                                                             headers={"Accept-Language": lang}).json()["entries"]}
             for lang in ("en", "de", "hu")}
    assert (names["en"]["SMP-031"], names["de"]["SMP-031"], names["hu"]["SMP-031"]) == (
        "Gilded Cityfolk", "Vergoldetes Stadtvolk", "Aranyló városnép")
    deck = client.get("/api/studio/mitosz/files/deck-dawn-court.yaml", headers={"Accept-Language": "de"}).json()
    assert deck["entries"][0]["name"] == "Gilded Cityfolk"  # a deck entry's name is a key, kept as written
