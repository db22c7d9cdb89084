"""Taking back a move at a table: the seat that decides undoes its last choice, everyone
sees the table as it was, and the database forgets the moves."""

from __future__ import annotations

from pathlib import Path

from server_support import TestClient, create, database, next_message

import meeple
from meeple.server import create_app
from meeple.store import Store


def stored_actions(url: str, table: str) -> list[int]:
    store = Store(url)
    try:
        found = store.get(table)
        assert found is not None
        return found.actions
    finally:
        store.close()


def seat_socket_url(created: dict[str, object], seat: int = 0) -> str:
    table = created["table"]["id"]  # type: ignore[index]
    token = created["invites"][seat]["token"]  # type: ignore[index]
    return f"/ws/tables/{table}?token={token}"


def test_undo_goes_back_to_the_last_choice_for_everyone_and_in_the_database(
    tmp_path: Path,
) -> None:
    url = database(tmp_path)
    with TestClient(create_app(url)) as client:
        created = create(client, ["human"], game="aridnyk", seed=3)
        table = created["table"]["id"]
        with (
            client.websocket_connect(seat_socket_url(created)) as ws,
            client.websocket_connect(f"/ws/tables/{table}") as watcher,
        ):
            first = next_message(ws, "state")
            while first["table"]["status"] != "playing":
                first = next_message(ws, "state")
            assert first["undo"] is False  # nothing to take back yet
            ws.send_json({"type": "undo", "version": 0})
            assert "no move to take back" in next_message(ws, "error")["message"]

            ws.send_json({"type": "act", "action": first["legal"][0]["id"], "version": 0})
            after = next_message(ws, "state")
            assert after["version"] == 1 and after["undo"] is True
            seen = next_message(watcher, "state")
            while seen["version"] != 1:
                seen = next_message(watcher, "state")
            assert seen["undo"] is False  # only the deciding seat is told

            for message, says in (
                ({"type": "undo", "version": 0}, "stale take-back"),
                ({"type": "undo"}, "an undo message needs 'version'"),
                ({"type": "undo", "version": 1, "moves": 2}, "unknown field 'moves'"),
            ):
                ws.send_json(message)
                assert says in next_message(ws, "error")["message"]
            watcher.send_json({"type": "undo", "version": 1})
            assert "spectators cannot take back" in next_message(watcher, "error")["message"]

            ws.send_json({"type": "undo", "version": 1})
            back = next_message(ws, "state")
            assert back["version"] == 0 and back["log"] == [] and back["log_start"] == 0
            assert back["legal"] == first["legal"] and back["observation"] == first["observation"]
            assert next_message(watcher, "state")["version"] == 0
            assert client.get(f"/api/tables/{table}").json()["moves"] == 0

            second = first["legal"][1]["id"]
            ws.send_json({"type": "act", "action": second, "version": 0})
            assert next_message(ws, "state")["version"] == 1
    assert stored_actions(url, table) == [second]

    # a new server reads the table back from the database as it was left
    with (
        TestClient(create_app(url)) as client,
        client.websocket_connect(seat_socket_url(created)) as ws,
    ):
        again = next_message(ws, "state")
        assert again["version"] == 1 and again["undo"] is True
        ws.send_json({"type": "undo", "version": 1})
        assert next_message(ws, "state")["version"] == 0
    assert stored_actions(url, table) == []


def test_undo_is_refused_once_a_bot_has_moved(tmp_path: Path) -> None:
    url = database(tmp_path)
    with TestClient(create_app(url)) as client:
        created = create(client, ["human", "random"], game="aridnyk", seed=3)
        with client.websocket_connect(seat_socket_url(created)) as ws:
            message = next_message(ws, "state")
            while not message["legal"]:
                message = next_message(ws, "state")
            ws.send_json({"type": "act", "action": message["legal"][0]["id"], "version": 0})
            message = next_message(ws, "state")
            while not message["legal"]:  # the bot chooses its starting tile
                message = next_message(ws, "state")
            assert message["version"] == 2 and message["undo"] is False
            ws.send_json({"type": "undo", "version": 2})
            assert "another seat has moved" in next_message(ws, "error")["message"]
    actions = stored_actions(url, created["table"]["id"])
    assert len(actions) == 2
    state = meeple.load_game("aridnyk", players=2).new_initial_state(seed=3)
    for action in actions:
        state.apply_action(action)
    assert state.current_player == 0


def test_undo_after_earlier_moves_sends_everyone_the_whole_log(tmp_path: Path) -> None:
    # docs/server.md: after a take-back every connection gets the whole log (log_start
    # 0), also when moves before the one taken back remain
    with TestClient(create_app(database(tmp_path))) as client:
        created = create(client, ["human"], game="aridnyk", seed=3)
        table = created["table"]["id"]
        with (
            client.websocket_connect(seat_socket_url(created)) as ws,
            client.websocket_connect(f"/ws/tables/{table}") as watcher,
        ):
            view = next_message(ws, "state")
            while view["table"]["status"] != "playing":
                view = next_message(ws, "state")
            for version in (0, 1):
                ws.send_json({"type": "act", "action": view["legal"][0]["id"], "version": version})
                view = next_message(ws, "state")
                while view["version"] != version + 1:
                    view = next_message(ws, "state")
            assert view["version"] == 2 and view["undo"] is True
            seen = next_message(watcher, "state")
            while seen["version"] != 2:
                seen = next_message(watcher, "state")
            ws.send_json({"type": "undo", "version": 2})
            for socket, kept in ((ws, view["log"][:1]), (watcher, seen["log"][:1])):
                back = socket.receive_json()
                while back["type"] != "state":
                    back = socket.receive_json()
                assert back["version"] == 1 and back["log_start"] == 0
                assert back["log"] == kept
