"""The same restart-and-finish run on PostgreSQL, when a database is given.

CI has no PostgreSQL server; set MEEPLE_TEST_POSTGRES_URL (for example
postgresql+psycopg://meeple:meeple@localhost/meeple, with `pip install 'meeple[postgres]'`)
to run it against one.
"""

from __future__ import annotations

import os

import pytest
from server_support import TestClient, create, first_legal, next_message, play_until

import meeple
from meeple.server import create_app
from meeple.store import Store

URL = os.environ.get("MEEPLE_TEST_POSTGRES_URL")

pytestmark = pytest.mark.skipif(
    not URL, reason="set MEEPLE_TEST_POSTGRES_URL to run the PostgreSQL check"
)


def test_restart_and_finish_on_postgresql() -> None:
    assert URL is not None
    with TestClient(create_app(URL)) as client:
        created = create(client, ["human", "greedy"], game="aridnyk", seed=33)
        table_id, token = created["table"]["id"], created["invites"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            left = play_until(ws, first_legal, stop=lambda m: m["version"] >= 25 and m["legal"])
        other = Store(URL)
        stored = other.get(table_id)
        assert stored is not None and len(stored.actions) == left["version"]
        other.close()
    with TestClient(create_app(URL)) as client:
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            back = next_message(ws, "state")
            assert back["version"] == left["version"]
            assert back["observation"] == left["observation"]
            final = play_until(ws, first_legal, first=back)
        record = client.get(f"/api/tables/{table_id}/record").json()
    state = meeple.replay(record)
    assert state.is_terminal() and state.returns() == final["returns"]
