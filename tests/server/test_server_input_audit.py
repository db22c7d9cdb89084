"""Bad input to the play server: a 4xx with an `error` text (never a 500) or a WebSocket
error message, and the table left as it was."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import TestClient, create, database, first_legal, next_message

from meeple.server import create_app


@pytest.fixture
def quiet_client(tmp_path: Path) -> Iterator[TestClient]:
    """A client that gets the app's own answer to an unexpected exception (a 500)
    rather than the exception re-raised, so a test sees what a browser would."""
    app = create_app(database(tmp_path))
    with TestClient(app, raise_server_exceptions=False) as test_client:
        yield test_client


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        (["human", "random:seed=3"], "seed is not a setting"),
        (["greedy:seed=1", "human"], "seed is not a setting"),
        (["human", "ismcts:iterations=1e9"], "iterations must be a positive integer"),
        (["human", "ismcts:iterations=2.5"], "iterations must be a positive integer"),
        (["human", "ismcts:iterations=abc"], "iterations must be a positive integer"),
        # a setting Anludim has no rule for: refused here, not at the bot's first move
        (["human", "ismcts:settle=true"], "no rule to settle"),
    ],
)
def test_bad_bot_specs_are_a_400_and_make_no_table(
    quiet_client: TestClient, seats: list[str], words: str
) -> None:
    response = quiet_client.post("/api/tables", json={"game": "anludim", "seats": seats})
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    assert quiet_client.get("/api/tables?status=all").json() == []


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"game": "arnak", "seats": ["human", "random"], "options": {"difficulty": 4}}, "solo"),
        ({"game": "anludim", "seats": ["human", "random"], "options": {"variant": [1]}}, "variant"),
        ({"game": "anludim", "seats": ["human", "random"], "players": 3}, "3 seats"),
        ({"game": "aridnyk", "seats": ["human"] * 5}, "1 to 4 players"),
        # option names that are also the names of load_game's own arguments
        ({"game": "anludim", "seats": ["random"] * 2, "options": {"players": 3}}, "not an option"),
        ({"game": "anludim", "seats": ["random"] * 2, "options": {"name": "x"}}, "option 'name'"),
        # a long unknown name is cut short, not repeated whole
        ({"game": "anludim", "seats": ["random"] * 2, "options": {"x" * 5000: 1}}, "xxx…"),
    ],
)
def test_bad_game_settings_are_a_400(
    quiet_client: TestClient, body: dict[str, Any], words: str
) -> None:
    response = quiet_client.post("/api/tables", json=body)
    assert response.status_code == 400, response.text
    assert words in response.json()["error"]
    assert quiet_client.get("/api/tables?status=all").json() == []


def test_a_refused_seat_change_leaves_the_seat_as_it_was(quiet_client: TestClient) -> None:
    created = create(quiet_client, ["human", "random"])
    table, owner = created["table"]["id"], created["owner_token"]
    before = quiet_client.get(f"/api/tables/{table}").json()
    cases = [
        (0, {"token": owner, "spec": "random:seed=2"}, 400, "seed is not a setting"),
        (0, {"token": owner, "spec": "ismcts:iterations=1e9"}, 400, "positive integer"),
        (0, {"token": owner, "spec": "nobody"}, 400, "unknown agent"),
        (0, {"token": "not-a-token", "spec": "random"}, 403, "may not change seat 0"),
        (5, {"token": owner, "spec": "random"}, 400, "seat must be 0..1"),
        (0, {"token": owner, "spec": 3}, 422, "spec"),
        (0, {"spec": "random"}, 422, "token"),
        # longer than the store's column: a 500 on PostgreSQL
        (0, {"token": owner, "spec": " " * 300 + "random"}, 422, "at most 200 characters"),
    ]
    for seat, body, status, words in cases:
        response = quiet_client.post(f"/api/tables/{table}/seats/{seat}/bot", json=body)
        assert response.status_code == status, (body, response.text)
        assert words in response.json()["error"], (body, response.text)
    # a lone surrogate, which JSON allows, failed to encode: a 500
    response = quiet_client.post(
        f"/api/tables/{table}/seats/0/bot",
        content=b'{"token": "\\ud800", "spec": "random"}',
        headers={"content-type": "application/json"},
    )
    assert response.status_code == 403 and "may not change seat 0" in response.json()["error"]
    assert quiet_client.get(f"/api/tables/{table}").json() == before
    response = quiet_client.post("/api/tables/nope/seats/0/bot", json={"token": owner})
    assert response.status_code == 404


@pytest.mark.parametrize(
    ("message", "words"),
    [
        ("null", "JSON object"),
        ('"act"', "JSON object"),
        ("{}", "unknown message type None"),
        ('{"type": 1}', "unknown message type 1"),
        ('{"type": ["act"]}', "unknown message type"),
        ('{"type": "act", "action": 1.0, "version": 0}', "'action' must be an integer"),
        ('{"type": "act", "action": "1", "version": 0}', "'action' must be an integer"),
        ('{"type": "act", "action": null, "version": 0}', "'action' must be an integer"),
        ('{"type": "act", "action": NaN, "version": 0}', "'action' must be an integer"),
        ('{"type": "act", "action": [1], "version": 0}', "'action' must be an integer"),
        ('{"type": "act", "action": 1, "version": "0"}', "'version' must be an integer"),
        ('{"type": "act", "version": 0}', "needs 'action'"),
        ('{"type": "act", "action": -1, "version": 0}', "not legal"),
        ('{"type": "act", "action": 100000000000000000000000, "version": 0}', "not legal"),
        ('{"type": "act", "action": 0, "version": -1}', "stale"),
        ('{"type": "sync", "seat": 1}', "unknown field 'seat'"),
        ("1" * 5000, "too long"),
    ],
)
def test_bad_websocket_messages_get_an_error_and_change_nothing(
    client: TestClient, message: str, words: str
) -> None:
    created = create(client, ["human", "human"], seed=4)
    table = created["table"]["id"]
    tokens = [invite["token"] for invite in created["invites"]]
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws1,
    ):
        next_message(ws0, "state")  # before seat 1 came
        views = [next_message(ws0, "state"), next_message(ws1, "state")]
        decider = views[0]["current_player"]
        ws = (ws0, ws1)[decider]
        ws.send_text(message)
        error = next_message(ws, "error")
        assert words in error["message"], error
        # still open, nothing applied, and the same seat still decides
        ws.send_json({"type": "sync"})
        again = next_message(ws, "state")
        assert again["version"] == 0
        assert again["observation"] == views[decider]["observation"]
        assert again["legal"] == views[decider]["legal"]
        assert client.get(f"/api/tables/{table}").json()["moves"] == 0
        # the other seat acting out of turn is refused as well
        other = (ws0, ws1)[1 - decider]
        action = first_legal(views[decider])
        other.send_text(json.dumps({"type": "act", "action": action, "version": 0}))
        assert "not seat" in next_message(other, "error")["message"]
        ws.send_json({"type": "act", "action": action, "version": 0})
        assert next_message(ws, "state")["version"] == 1


def test_errors_repeat_no_more_than_a_line_of_what_they_were_sent(
    quiet_client: TestClient,
) -> None:
    long_id = "a" * 5000
    answer = quiet_client.post(f"/api/tables/{long_id}/join", json={"seat": 0})
    assert answer.status_code == 404 and len(answer.json()["error"]) < 100


def test_odd_bodies_and_methods_get_answers_that_say_what_is_wrong(
    quiet_client: TestClient,
) -> None:
    def post(content: bytes, kind: str = "application/json") -> tuple[int, str]:
        response = quiet_client.post("/api/tables", content=content, headers={"content-type": kind})
        return response.status_code, response.json()["error"]

    status, error = post(b"{bad")
    assert status == 422 and error.startswith("the body is not valid JSON at character 1: ")
    status, error = post(b'{"game": "anludim", "seed": ' + b"9" * 5000 + b"}")
    assert status == 400 and "holds a number too long" in error
    body = json.dumps({"game": "anludim", "seats": ["human", "random"]}).encode()
    status, error = post(body, "text/plain")
    assert status == 422 and "Content-Type: application/json" in error
    seats = ["human", "x" * 300]
    response = quiet_client.post("/api/tables", json={"game": "anludim", "seats": seats})
    assert response.status_code == 422 and "at most 200 characters" in response.json()["error"]
    response = quiet_client.delete("/api/games")
    assert response.status_code == 405 and response.headers["allow"] == "GET"
    # a path two routes serve allows the methods of both
    response = quiet_client.delete("/api/tables")
    assert response.status_code == 405 and response.headers["allow"] == "GET, POST"
    assert quiet_client.get("/api/tables?status=all").json() == []


def test_the_schema_declares_the_limits_the_server_keeps(quiet_client: TestClient) -> None:
    """So a client (or a schema-driven fuzzer) knows them before it is refused."""
    spec = quiet_client.get("/openapi.json").json()
    query = {p["name"]: p["schema"] for p in spec["paths"]["/api/tables"]["get"]["parameters"]}
    assert query["status"]["enum"] == ["all", "open", "over", "playing", "waiting"]
    assert (query["limit"]["minimum"], query["limit"]["maximum"]) == (1, 1000)
    replay = spec["paths"]["/api/tables/{table_id}/replay"]["get"]["parameters"]
    assert {p["name"]: p["schema"].get("minimum") for p in replay}["step"] == 0
    schemas = spec["components"]["schemas"]
    assert schemas["JoinSeat"]["properties"]["seat"]["minimum"] == 0
    assert schemas["CreateTable"]["properties"]["game"]["minLength"] == 1
    assert schemas["SeatToBot"]["properties"]["spec"]["maxLength"] == 200
