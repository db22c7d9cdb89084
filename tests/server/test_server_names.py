"""Seat names: a seat's player says the name they go by; everyone sees it in the table's
info, it is stored, and bad names are refused."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_support import TestClient, create, database, next_message

from meeple.server import create_app
from meeple.server.protocol import MAX_NAME_CHARS


def _names(message: dict[str, Any]) -> list[str | None]:
    return [seat["name"] for seat in message["table"]["seats"]]


def _until_named(ws: Any, names: list[str | None]) -> None:
    """Read state messages until one shows these names (others, as someone connects,
    may come first)."""
    for _ in range(10):
        if _names(next_message(ws, "state")) == names:
            return
    raise AssertionError(f"no state message named the seats {names}")


def test_a_name_is_shown_to_everyone_and_kept(tmp_path: Path) -> None:
    url = database(tmp_path)
    with TestClient(create_app(url)) as client:
        created = create(client, ["human", "human", "random"], seed=3)
        table = created["table"]["id"]
        token0 = created["invites"][0]["token"]
        with (
            client.websocket_connect(f"/ws/tables/{table}?token={token0}") as ws0,
            client.websocket_connect(f"/ws/tables/{table}") as watcher,
        ):
            for ws in (ws0, watcher):
                assert _names(next_message(ws, "state")) == [None, None, None]
            ws0.send_json({"type": "name", "name": "  Ana \n Lima "})
            for ws in (ws0, watcher):
                _until_named(ws, ["Ana Lima", None, None])
            ws0.send_json({"type": "name", "name": "Ana"})  # a new name replaces it
            _until_named(watcher, ["Ana", None, None])
            watcher.send_json({"type": "name", "name": "Eve"})
            assert "spectators have no seat" in next_message(watcher, "error")["message"]
        lobby = client.get("/api/tables").json()
        assert [s["name"] for s in lobby[0]["seats"]] == ["Ana", None, None]
    with TestClient(create_app(url)) as client:
        info = client.get(f"/api/tables/{table}").json()
        assert [s["name"] for s in info["seats"]] == ["Ana", None, None]


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ({"type": "name"}, "a name needs 'name'"),
        ({"type": "name", "name": ["Ana"]}, "a name needs 'name', a string"),
        ({"type": "name", "name": "   "}, "a name cannot be empty"),
        ({"type": "name", "name": "A" * (MAX_NAME_CHARS + 1)}, f"at most {MAX_NAME_CHARS}"),
        ({"type": "name", "name": "Ana\x1b[31m"}, "control characters"),
        # the page's words for seats: a player so named would pass for another seat
        ({"type": "name", "name": "You"}, "reads as the page's word for a seat"),
        ({"type": "name", "name": "seat 1"}, "reads as the page's word for a seat"),
        ({"type": "name", "name": "greedy  bot"}, "reads as the page's word for a seat"),
    ],
)
def test_a_bad_name_is_refused(client: TestClient, message: dict[str, Any], says: str) -> None:
    created = create(client, ["human", "random"], seed=3)
    table, token = created["table"]["id"], created["invites"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        next_message(ws, "state")
        ws.send_json(message)
        assert says in next_message(ws, "error")["message"]
    seats = client.get(f"/api/tables/{table}").json()["seats"]
    assert [s["name"] for s in seats] == [None, None]
