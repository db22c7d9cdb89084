"""Helpers of the server tests: the test client, tables, WebSocket conversations."""

from __future__ import annotations

import warnings
import weakref
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter

import meeple
from meeple.server.protocol import ServerMessage
from meeple.store import StoredSeat, StoredTable

with warnings.catch_warnings():
    # Starlette prefers the httpx2 package; httpx works the same for these tests.
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient
    from starlette.testclient import WebSocketTestSession


def seat_log(record: dict[str, Any], seat: int | None) -> list[dict[str, Any]]:
    """The log a replay of the record gives `seat`: its own moves as it chose them, the
    others' in their public text."""
    state = meeple.replay({**record, "actions": []})
    log: list[dict[str, Any]] = []
    for action in record["actions"]:
        who = state.current_player
        own = who == seat
        text = state.action_to_string(action) if own else state.public_action_string(action)
        log.append({"seat": who, "text": text})
        state.apply_action(action)
    return log


def stored_table(table_id: str) -> StoredTable:
    """A two-player Anludim table as the store keeps it: a person and a random bot."""
    return StoredTable(
        id=table_id,
        game="anludim",
        players=2,
        options={},
        seed=1,
        status="playing",
        owner_token_hash="0" * 64,
        current_player=0,
        seats=[StoredSeat(seat=0, kind="human"), StoredSeat(seat=1, kind="bot", spec="random")],
    )


def database(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'meeple.db'}"


def create(client: TestClient, seats: list[str], game: str = "anludim", **body: Any) -> Any:
    response = client.post("/api/tables", json={"game": game, "seats": seats, **body})
    assert response.status_code == 201, response.text
    return response.json()


_SERVER_MESSAGE: TypeAdapter[Any] = TypeAdapter(ServerMessage)

_logs: weakref.WeakKeyDictionary[WebSocketTestSession, list[Any]] = weakref.WeakKeyDictionary()


def receive_state(ws: WebSocketTestSession) -> tuple[dict[str, Any], dict[str, Any]]:
    """The next message as sent, and (a state message) with its `log` made whole: the
    connection's log so far, as table.js merges it (a gap fails)."""
    sent: dict[str, Any] = ws.receive_json()
    _SERVER_MESSAGE.validate_python(sent)  # every message is one docs/server.md describes
    if sent["type"] != "state":
        return sent, sent
    log = [] if sent["log_start"] == 0 else _logs.get(ws, [])
    assert sent["log_start"] == len(log), f"a gap in the log: {sent['log_start']} != {len(log)}"
    log = log + sent["log"]
    assert len(log) == sent["version"], sent
    _logs[ws] = log
    return sent, {**sent, "log": list(log)}


def next_message(ws: WebSocketTestSession, kind: str) -> dict[str, Any]:
    """The next message of this type (state and chat messages before it are skipped); a
    state message's `log` is the connection's whole log (see receive_state)."""
    for _ in range(10_000):
        _, message = receive_state(ws)
        if message["type"] == kind:
            return message
        assert message["type"] in ("state", "chat"), message
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
