"""GET /api/tables/{id}/replay: a finished game move by move, as a seat or a spectator
saw it."""

from __future__ import annotations

import pytest
from server_support import TestClient, create, first_legal, play_until, seat_log

import meeple
from meeple.server.views import spectator_observation


def _finished(client: TestClient, game: str = "anludim", seed: int = 5) -> tuple[str, dict]:
    created = create(client, ["human", "random"], game=game, seed=seed)
    table_id, token = created["table"]["id"], created["invites"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        final = play_until(ws, first_legal)
    return table_id, final


@pytest.mark.parametrize("game", ["anludim", "aridnyk", "arnak"])
def test_each_step_is_the_view_a_seat_or_a_spectator_had(client: TestClient, game: str) -> None:
    table_id, final = _finished(client, game)
    record = client.get(f"/api/tables/{table_id}/record").json()
    moves = len(record["actions"])
    assert moves == final["version"]
    state = meeple.load_game(game, players=2).new_initial_state(seed=record["seed"])
    steps = sorted({0, 1, moves // 2, moves - 1, moves})
    logs = {seat: seat_log(record, seat) for seat in (None, 0, 1)}
    assert logs[0] == final["log"]
    for step in range(moves + 1):
        if step in steps:
            for seat in (None, 0, 1):
                query = f"step={step}" + ("" if seat is None else f"&seat={seat}")
                answer = client.get(f"/api/tables/{table_id}/replay?{query}")
                assert answer.status_code == 200, answer.text
                msg = answer.json()
                assert msg["type"] == "state" and msg["replay"] == {"step": step, "moves": moves}
                assert msg["version"] == step and msg["seat"] == seat
                assert msg["legal"] == []
                assert msg["current_player"] == state.current_player
                expected = spectator_observation(state) if seat is None else state.observation(seat)
                assert msg["observation"] == expected
                assert msg["log"] == logs[seat][:step]
                if step < moves:
                    assert msg["returns"] is None and msg["scores"] is None
                else:
                    assert msg["returns"] == final["returns"]
                assert msg["table"]["status"] == "over"
        if step < moves:
            state.apply_action(record["actions"][step])


def test_replay_waits_for_the_end_and_checks_its_query(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=3)
    table_id = created["table"]["id"]
    early = client.get(f"/api/tables/{table_id}/replay?step=0&seat=1")
    assert early.status_code == 409 and "not over" in early.json()["error"]
    table_id, final = _finished(client)
    moves = final["version"]
    for query, status, says in [
        (f"step={moves + 1}", 400, f"step must be 0..{moves}"),
        ("step=-1", 400, f"step must be 0..{moves}"),
        ("step=1&seat=2", 400, "seat must be 0..1"),
        ("step=x", 422, "step"),
        ("seat=one", 422, "seat"),
    ]:
        answer = client.get(f"/api/tables/{table_id}/replay?{query}")
        assert answer.status_code == status, (query, answer.text)
        assert says in answer.json()["error"], (query, answer.json())
    assert client.get("/api/tables/nope/replay").status_code == 404


def test_replaying_or_joining_a_finished_table_does_not_keep_it_in_memory(
    client: TestClient,
) -> None:
    # a finished table leaves memory when no one watches it; a page of its replay, a
    # refused join or bot request loads it for the moment only
    table_id, _ = _finished(client)
    manager = client.app.state.manager  # type: ignore[attr-defined]
    assert table_id not in manager._tables
    assert client.get(f"/api/tables/{table_id}/replay?step=3").status_code == 200
    assert client.post(f"/api/tables/{table_id}/join", json={"seat": 0}).status_code == 409
    assert table_id not in manager._tables
