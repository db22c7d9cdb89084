"""Helpers of the server tests: the test client, tables, WebSocket conversations."""

from __future__ import annotations

import warnings
from pathlib import Path
from typing import Any

with warnings.catch_warnings():
    # Starlette prefers the httpx2 package; httpx works the same for these tests.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketTestSession


def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'meeple.db'}"


def create(client: TestClient, seats: list[str], game: str = "anludim", **body: Any) -> Any:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert response.status_code == 201, response.text
    return response.json()


def next_message(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of this type (state messages before it are skipped)."""
    for _ in range(10_000):
        message: dict[str, Any] = ws.receive_json()
        if message["type"] == kind:
            return message
        assert message["type"] == "state", message
    raise AssertionError(f"no {kind} message came")


def play_until(
    ws: WebSocketTestSession, choose: Any, stop: Any = None, first: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Act for this connection's seat with `choose(message) -> action id` whenever it
    decides, until the game is over or `stop(message)` holds; return the last state."""
    message = first or next_message(ws, "state")
    acted = -1  # a later message of the version acted on (another seat connected) is old
    while True:
        if message["returns"] is not None or (stop is not None and stop(message)):
            return message
        if message["legal"] and message["version"] != acted:
            acted = message["version"]
            ws.send_json({"type": "act", "action": choose(message), "version": acted})
        message = next_message(ws, "state")


def first_legal(message: dict[str, Any]) -> int:
    action: int = message["legal"][0]["id"]
    return action


def last_legal(message: dict[str, Any]) -> int:
    action: int = message["legal"][-1]["id"]
    return action
