"""Schema-driven fuzzing (schemathesis, if installed) of every HTTP operation against a real server process:
no 5xx, every refusal has an "error", and nobody without a seat token changes the table."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, settings

from .util import ServerProcess

pytestmark = pytest.mark.filterwarnings("ignore::DeprecationWarning")

schemathesis = pytest.importorskip("schemathesis")


@pytest.fixture(scope="module", params=["sqlite", "postgresql"])
def live(request, tmp_path_factory):
    import httpx
    import requests

    from . import postgres

    db = tmp_path_factory.mktemp("schemathesis") / "s.db"
    if request.param == "postgresql":  # (the server suite runs on both stores: conftest.db)
        if postgres.base_address() is None:
            if postgres.required():
                pytest.fail(f"CARDTABLE_REQUIRE_POSTGRES=1 but {postgres.why_not()}")
            pytest.skip(f"the PostgreSQL store is not tested here: {postgres.why_not()}")
        db = postgres.fresh_address()
    with ServerProcess(db, bot_delay=0) as proc, httpx.Client(base_url=proc.url, timeout=10) as http, \
            requests.Session() as session:
        table_id = http.post("/api/tables", json={"game": "mojo", "players": 2, "seats": ["human", "human"],
                                                  "seed": 3}).json()["table"]["id"]
        http.post(f"/api/tables/{table_id}/join", json={"seat": 0})
        yield proc, table_id, http, session


def _load_schema():
    # The schema comes from the app itself (an in-memory database), so collection needs no server;
    # the cases are sent to a real server process (`live`). (schemathesis.pytest.from_fixture does not
    # work with pytest 9: it sets a node attribute pytest no longer has.)
    from cardtable.server.app import create_app

    return schemathesis.openapi.from_dict(create_app(":memory:", bot_delay=0).openapi())


schema = _load_schema()


@schema.parametrize()
@settings(derandomize=True, database=None, deadline=None, max_examples=40,
          suppress_health_check=list(HealthCheck))
def test_schemathesis_no_server_errors(case, live):
    proc, table_id, http, session = live
    if "table_id" in (case.path_parameters or {}):
        case.path_parameters["table_id"] = table_id  # a real table: random IDs only reach the 404
    before = http.get(f"/api/tables/{table_id}").json()["table"]["actions"]
    response = case.call(base_url=proc.url, session=session, timeout=10)
    assert response.status_code < 500, (case.method, case.path, response.status_code, response.text[:300])
    if response.status_code >= 400:
        assert "error" in response.json(), response.text[:300]
    assert http.get(f"/api/tables/{table_id}").json()["table"]["actions"] == before  # nobody guessed a token
