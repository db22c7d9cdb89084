"""The table chat over the WebSocket: seats talk, everyone at the table reads, bad
messages are refused, and the chat outlives a restart of the server."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from server_support import TestClient, create, database, next_message

from meeple.server import create_app
from meeple.server.protocol import MAX_CHAT_CHARS
from meeple.server.tables import CHAT_BURST


def _table(client: TestClient) -> tuple[str, str, str]:
    created = create(client, ["human", "human"], seed=4)
    return (
        created["table"]["id"],
        created["invites"][0]["token"],
        created["invites"][1]["token"],
    )


def _said(message: dict[str, Any]) -> list[tuple[int, str]]:
    return [(m["seat"], m["text"]) for m in message["messages"]]


def test_a_seat_speaks_and_everyone_at_the_table_reads_it(client: TestClient) -> None:
    table, token0, token1 = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={token0}") as ws0,
        client.websocket_connect(f"/ws/tables/{table}?token={token1}") as ws1,
        client.websocket_connect(f"/ws/tables/{table}") as watcher,
    ):
        for ws in (ws0, ws1, watcher):
            next_message(ws, "state")  # seated: the server has taken the connection in
        ws0.send_json({"type": "chat", "text": "  good luck,\n\thave   fun "})
        for ws in (ws0, ws1, watcher):
            heard = next_message(ws, "chat")
            assert heard["whole"] is False
            assert _said(heard) == [(0, "good luck, have fun")]
            assert heard["messages"][0]["time"].endswith("+00:00")
        ws1.send_json({"type": "chat", "text": "you too 🎲"})
        assert _said(next_message(ws0, "chat")) == [(1, "you too 🎲")]

        # a spectator reads but cannot write
        watcher.send_json({"type": "chat", "text": "hello"})
        refused = next_message(watcher, "error")
        assert "spectators cannot chat" in refused["message"]

    # whoever connects later is sent the chat so far, in order
    with client.websocket_connect(f"/ws/tables/{table}") as late:
        whole = next_message(late, "chat")
        assert whole["whole"] is True
        assert _said(whole) == [(0, "good luck, have fun"), (1, "you too 🎲")]


@pytest.mark.parametrize(
    ("message", "says"),
    [
        ({"type": "chat"}, "needs 'text'"),
        ({"type": "chat", "text": 5}, "needs 'text', a string"),
        ({"type": "chat", "text": " \n "}, "cannot be empty"),
        ({"type": "chat", "text": "x" * (MAX_CHAT_CHARS + 1)}, f"at most {MAX_CHAT_CHARS}"),
        ({"type": "chat", "text": "bell\x07"}, "control characters"),
        ({"type": "chat", "text": "hi", "seat": 1}, "unknown field 'seat'"),
    ],
)
def test_a_bad_chat_message_is_refused_and_nothing_is_said(
    client: TestClient, message: dict[str, Any], says: str
) -> None:
    table, token0, token1 = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={token0}") as ws0,
        client.websocket_connect(f"/ws/tables/{table}?token={token1}") as ws1,
    ):
        for ws in (ws0, ws1):
            next_message(ws, "state")
        ws0.send_json(message)
        assert says in next_message(ws0, "error")["message"]
        ws0.send_json({"type": "chat", "text": "after"})  # the connection stays usable
        assert _said(next_message(ws1, "chat")) == [(0, "after")]  # and nothing else came


def test_a_seat_that_talks_too_fast_is_told_to_wait(client: TestClient) -> None:
    table, token0, _ = _table(client)
    with client.websocket_connect(f"/ws/tables/{table}?token={token0}") as ws0:
        for i in range(CHAT_BURST):
            ws0.send_json({"type": "chat", "text": f"message {i}"})
            assert _said(next_message(ws0, "chat")) == [(0, f"message {i}")]
        ws0.send_json({"type": "chat", "text": "one too many"})
        assert "too many chat messages" in next_message(ws0, "error")["message"]


def test_another_connection_of_the_seat_buys_no_more_chat(client: TestClient) -> None:
    table, token0, token1 = _table(client)
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={token0}") as first,
        client.websocket_connect(f"/ws/tables/{table}?token={token1}") as other,
    ):
        next_message(other, "state")
        for i in range(CHAT_BURST):
            first.send_json({"type": "chat", "text": f"message {i}"})
            next_message(first, "chat")
        with client.websocket_connect(f"/ws/tables/{table}?token={token0}") as second:
            next_message(second, "state")
            second.send_json({"type": "name", "name": "Ana"})
            assert "too many chat messages" in next_message(second, "error")["message"]
        for i in range(CHAT_BURST):  # seat 0's messages, as every connection hears them
            assert _said(next_message(other, "chat")) == [(0, f"message {i}")]
        other.send_json({"type": "chat", "text": "seat 1 is not held back"})
        assert _said(next_message(other, "chat")) == [(1, "seat 1 is not held back")]


def test_the_chat_outlives_a_restart(tmp_path: Path) -> None:
    url = database(tmp_path)
    with TestClient(create_app(url)) as client:
        table, token0, token1 = _table(client)
        with client.websocket_connect(f"/ws/tables/{table}?token={token0}") as ws0:
            ws0.send_json({"type": "chat", "text": "before"})
            next_message(ws0, "chat")
    with TestClient(create_app(url)) as client:
        with client.websocket_connect(f"/ws/tables/{table}?token={token1}") as ws1:
            assert _said(next_message(ws1, "chat")) == [(0, "before")]
            ws1.send_json({"type": "chat", "text": "after"})  # numbered on, not over
            assert _said(next_message(ws1, "chat")) == [(1, "after")]
        with client.websocket_connect(f"/ws/tables/{table}") as watcher:
            assert _said(next_message(watcher, "chat")) == [(0, "before"), (1, "after")]


def test_a_slow_connection_drops_old_chat_but_never_its_state() -> None:
    import asyncio

    from meeple.server.tables import MAX_PENDING, Connection

    async def run() -> list[str]:
        conn = Connection(seat=0)
        conn.push("state", "the view", 7)
        for i in range(MAX_PENDING + 5):
            conn.push("chat", f"chat {i}")
        conn.close()
        sent = []
        while (text := await conn.next()) is not None:
            sent.append(text)
        return sent

    sent = asyncio.run(run())
    assert len(sent) == MAX_PENDING
    assert sent[0] == "the view"
    assert sent[1:] == [f"chat {i}" for i in range(6, MAX_PENDING + 5)]
