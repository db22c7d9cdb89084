"""Abandoned tables: a table no one plays at or visits for the server's --abandon-after
hours ends unfinished and frees its place among the open tables."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from server_support import TestClient, create, database, next_message
from typer.testing import CliRunner

from meeple.cli.app import app as cli
from meeple.server import create_app


def _sweep(client: TestClient, hours: float) -> list[str]:
    manager = client.app.state.manager  # type: ignore[attr-defined]
    later = datetime.now(UTC) + timedelta(hours=hours)
    found: list[str] = client.portal.call(manager.sweep, later)  # type: ignore[union-attr]
    return found


def test_an_idle_table_is_abandoned_and_a_visited_one_is_not(tmp_path: Path) -> None:
    url = database(tmp_path)
    with TestClient(create_app(url, abandon_after=24)) as client:
        idle = create(client, ["human", "random"], seed=1)
        idle_id, idle_token = idle["table"]["id"], idle["invites"][0]["token"]
        visited = create(client, ["human", "human"], seed=2)
        visited_id = visited["table"]["id"]
        with client.websocket_connect(
            f"/ws/tables/{visited_id}?token={visited['invites'][0]['token']}"
        ) as ws:
            next_message(ws, "state")
            assert _sweep(client, 23) == []  # not idle long enough
            assert _sweep(client, 25) == [idle_id]  # someone is at the other one

        info = client.get(f"/api/tables/{idle_id}").json()
        assert info["status"] == "over" and info["abandoned"] is True
        assert info["current_player"] >= 0  # it ended unfinished
        assert client.get(f"/api/tables/{visited_id}").json()["abandoned"] is False
        assert [t["id"] for t in client.get("/api/tables").json()] == [visited_id]
        assert [t["id"] for t in client.get("/api/tables?status=over").json()] == [idle_id]

        # it is over: no seat can be joined or played, its record and replay are out
        assert client.post(f"/api/tables/{idle_id}/join", json={"seat": 0}).status_code == 409
        assert client.get(f"/api/tables/{idle_id}/record").status_code == 200
        assert client.get(f"/api/tables/{idle_id}/replay?step=0&seat=0").status_code == 200
        with client.websocket_connect(f"/ws/tables/{idle_id}?token={idle_token}") as ws:
            state = next_message(ws, "state")
            assert state["table"]["abandoned"] is True and state["legal"] == []
            ws.send_json({"type": "act", "action": 0, "version": 0})
            assert "abandoned" in next_message(ws, "error")["message"]

    # a restarted server does not resume it, and still says it was abandoned
    with TestClient(create_app(url, abandon_after=24)) as client:
        assert client.app.state.store.unfinished() == [visited_id]  # type: ignore[attr-defined]
        assert client.get(f"/api/tables/{idle_id}").json()["abandoned"] is True


def test_zero_hours_mean_never(tmp_path: Path) -> None:
    with TestClient(create_app(database(tmp_path), abandon_after=0)) as client:
        table_id = create(client, ["human", "random"], seed=1)["table"]["id"]
        assert _sweep(client, 10_000) == []
        assert client.get(f"/api/tables/{table_id}").json()["status"] == "waiting"


def test_serve_refuses_a_negative_abandon_after(tmp_path: Path) -> None:
    args = ["serve", "--abandon-after", "-1", "--database-url", database(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 2
    assert "--abandon-after must be 0 or more hours" in result.stderr
