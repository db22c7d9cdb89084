"""Storage: every acknowledged move is committed; a restarted server resumes its tables."""

from __future__ import annotations

import asyncio
import json
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from server_support import (
    TestClient,
    create,
    database,
    first_legal,
    next_message,
    play_until,
    seat_log,
    stored_table,
)
from typer.testing import CliRunner

import meeple
from meeple.cli.app import app as cli
from meeple.server import create_app
from meeple.store import ActionWriter, Store, StoreError


def test_restart_in_the_middle_of_a_game_and_finish_it(tmp_path: Path) -> None:
    url = database(tmp_path)
    with TestClient(create_app(url)) as client:
        created = create(client, ["human", "greedy"], seed=33)
        table_id, token = created["table"]["id"], created["invites"][0]["token"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            left = play_until(ws, first_legal, stop=lambda m: m["version"] >= 25 and m["legal"])
        # acknowledged means committed: another connection to the database sees it all
        other = Store(url)
        stored = other.get(table_id)
        assert stored is not None and len(stored.actions) == left["version"]
        other.close()
    # a new server on the same database
    with TestClient(create_app(url)) as client:
        info = client.get(f"/api/tables/{table_id}").json()
        assert info["status"] == "playing" and info["moves"] == left["version"]
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            back = next_message(ws, "state")
            for key in ("version", "observation", "legal", "log", "current_player"):
                assert back[key] == left[key], key
            final = play_until(ws, first_legal, first=back)
        record = client.get(f"/api/tables/{table_id}/record").json()
    state = meeple.replay(record)
    assert state.is_terminal() and len(record["actions"]) == final["version"]
    assert state.returns() == final["returns"] and state.scores() == final["scores"]
    assert seat_log(record, 0) == final["log"]
    path = tmp_path / "record.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    replayed = CliRunner().invoke(cli, ["replay", str(path)])
    assert replayed.exit_code == 0, replayed.output


def wait_for(
    client: TestClient, table_id: str, done: Callable[[dict[str, Any]], bool], seconds: float = 20
) -> dict[str, Any]:
    """Poll the table's info until `done(info)`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        info: dict[str, Any] = client.get(f"/api/tables/{table_id}").json()
        if done(info):
            return info
        time.sleep(0.01)
    raise AssertionError(f"table {table_id} did not get there in {seconds} s")


def test_bots_resume_after_a_restart(tmp_path: Path) -> None:
    url = database(tmp_path)
    with TestClient(create_app(url, bot_delay=0.01)) as client:
        table_id = create(client, ["random", "greedy"], seed=6)["table"]["id"]
        wait_for(client, table_id, lambda info: info["moves"] >= 5)
    with TestClient(create_app(url)) as client:
        info = wait_for(client, table_id, lambda info: info["status"] == "over")
        record = client.get(f"/api/tables/{table_id}/record").json()
    assert meeple.replay(record).is_terminal()
    assert info["moves"] == len(record["actions"])
    # a third server, which rebuilds the finished table from storage, replays it too
    with TestClient(create_app(url)) as client:
        step = len(record["actions"]) // 2
        shown = client.get(f"/api/tables/{table_id}/replay?step={step}&seat=1").json()
    middle = meeple.replay({**record, "actions": record["actions"][:step]})
    assert shown["observation"] == middle.observation(1)
    assert shown["log"] == seat_log(record, 1)[:step]


def test_store_appends_in_order_only(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'deep' / 'er' / 'm.db'}")  # folders are made
    store.create_table(stored_table("a"))
    store.append_action("a", 0, 0, 5, 1, "playing")
    with pytest.raises(StoreError, match="not the next"):
        store.append_action("a", 0, 0, 6, 1, "playing")
    with pytest.raises(StoreError, match="not the next"):
        store.append_action("a", 2, 0, 6, 1, "playing")
    store.append_action("a", 1, 1, 7, 0, "over")
    stored = store.get("a")
    assert stored is not None
    assert stored.actions == [5, 7] and stored.moves == 2 and stored.status == "over"
    assert [t.id for t in store.list_tables(["over"])] == ["a"]
    assert store.unfinished() == []
    assert store.get("b") is None
    store.close()


def test_store_takes_back_the_last_moves_of_a_table_that_holds_them(tmp_path: Path) -> None:
    store = Store(f"sqlite:///{tmp_path / 'm.db'}")
    store.create_table(stored_table("a"))
    for index, action in enumerate((5, 6, 7)):
        store.append_action("a", index, 0, action, 0, "playing")
    with pytest.raises(StoreError, match="does not hold 2 actions"):
        store.take_back("a", 2, 1, 0)  # a stale count changes nothing
    store.take_back("a", 3, 1, 0)
    stored = store.get("a")
    assert stored is not None and stored.actions == [5] and stored.moves == 1
    store.append_action("a", 1, 0, 8, 1, "playing")  # the game goes on from there
    stored = store.get("a")
    assert stored is not None and stored.actions == [5, 8]
    store.close()


def test_store_in_memory_and_bad_urls() -> None:
    store = Store("sqlite://")
    store.create_table(stored_table("m"))
    assert store.unfinished() == ["m"]
    store.close()
    with pytest.raises(StoreError, match="not a URL"):
        Store("not a url")
    with pytest.raises(StoreError, match="cannot open database"):
        Store("nosuchdb://user:secret@host/x")


def test_serve_prints_the_address(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import meeple.cli.app as cli_app

    calls: list[tuple[str, int]] = []
    monkeypatch.setattr(cli_app, "_run_server", lambda app, host, port: calls.append((host, port)))
    url = database(tmp_path)
    result = CliRunner().invoke(cli, ["serve", "--port", "8123", "--database-url", url])
    assert result.exit_code == 0, result.output
    assert "http://127.0.0.1:8123" in result.stdout
    assert calls == [("127.0.0.1", 8123)]
    bad = CliRunner().invoke(cli, ["serve", "--database-url", "postgresql+nodriver://x/y"])
    assert bad.exit_code == 2 and "error:" in bad.stderr


def test_serve_refuses_where_it_cannot_listen(tmp_path: Path) -> None:
    import socket

    url = database(tmp_path)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        busy = CliRunner().invoke(cli, ["serve", "--port", str(port), "--database-url", url])
    assert busy.exit_code == 2 and "already in use" in busy.stderr
    for host in ("not a host", "192.0.2.1"):  # a name that does not resolve, another machine
        bad = CliRunner().invoke(cli, ["serve", "--host", host, "--database-url", url])
        assert bad.exit_code == 2 and "error:" in bad.stderr
        assert "meeple server at" not in bad.stdout
    sqlite = CliRunner().invoke(cli, ["serve", "--database-url", "sqlite:////proc/no/x.db"])
    assert sqlite.exit_code == 2 and "Background on this error" not in sqlite.stderr


def test_serve_on_every_address_says_where_others_find_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import meeple.cli.app as cli_app

    monkeypatch.setattr(cli_app, "_run_server", lambda app, host, port: None)
    monkeypatch.setattr(cli_app, "lan_address", lambda: "192.168.1.20")
    args = ["serve", "--host", "0.0.0.0", "--port", "8124", "--database-url", database(tmp_path)]
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0, result.output
    words = " ".join(result.stdout.split())
    assert "http://127.0.0.1:8124 here" in words
    assert "from other machines: http://192.168.1.20:8124" in words
    monkeypatch.setattr(cli_app, "lan_address", lambda: None)  # no network: no such line
    result = CliRunner().invoke(cli, args)
    assert result.exit_code == 0 and "other machines" not in result.stdout


def test_the_lan_address_is_none_or_not_loopback() -> None:
    import ipaddress

    from meeple.cli.app import lan_address

    found = lan_address()
    assert found is None or not ipaddress.ip_address(found).is_loopback


def test_writer_commits_many_tables_in_one_batch_and_fails_only_the_bad_one(
    tmp_path: Path,
) -> None:
    store = Store(f"sqlite:///{tmp_path / 'w.db'}")
    with store.engine.connect() as connection:
        assert connection.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
    for name in ("a", "b", "c"):
        store.create_table(stored_table(name))
    writer = ActionWriter(store)

    async def play() -> list[BaseException | None]:
        results = await asyncio.gather(
            writer.append("a", 0, 0, 5, 1, "playing"),
            writer.append("b", 0, 0, 6, 1, "playing"),
            writer.append("c", 3, 0, 7, 1, "playing"),  # not c's next action
            writer.append("b", 1, 1, 8, 0, "over"),
            return_exceptions=True,
        )
        return [r if isinstance(r, BaseException) else None for r in results]

    results = asyncio.run(play())
    assert results[0] is None and results[1] is None and results[3] is None
    assert isinstance(results[2], StoreError) and "not the next" in str(results[2])
    a, b, c = (store.get(name) for name in "abc")
    assert a is not None and b is not None and c is not None
    assert (a.actions, b.actions, c.actions) == ([5], [6, 8], [])
    assert b.status == "over"
    assert writer.running
    writer.close()  # stores what is queued and ends the thread
    assert not writer.running
    assert not any(t.name == "meeple-writer" for t in threading.enumerate())
    writer.close()  # twice is fine
    asyncio.run(writer.append("a", 1, 1, 9, 0, "playing"))  # a new thread starts
    writer.close()
    again = store.get("a")
    assert again is not None and again.actions == [5, 9]
    store.close()


def test_a_table_this_meeple_cannot_rebuild_is_ended_and_says_why(tmp_path: Path) -> None:
    """A table kept by an older meeple whose rules have been corrected since: its stored
    moves (or options) are refused now. It leaves the open tables instead of staying
    there unplayable, its pages answer why, and its players can still play again."""
    url = database(tmp_path)
    with TestClient(create_app(url)) as client:
        moved = create(client, ["human", "human"], seed=3)
        optioned = create(client, ["human", "random"], seed=4)
    moved_id, token = moved["table"]["id"], moved["invites"][0]["token"]
    optioned_id = optioned["table"]["id"]
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    illegal = min(set(range(state.game.info.num_distinct_actions)) - set(state.legal_actions()))
    store = Store(url)
    store.append_action(moved_id, 0, state.current_player, illegal, 1, "playing")
    with store.engine.begin() as connection:
        connection.exec_driver_sql(
            "UPDATE meeple_tables SET options = ? WHERE id = ?",
            (json.dumps({"variant": "legendary"}), optioned_id),
        )
    store.close()

    with TestClient(create_app(url)) as client:
        assert client.get("/api/tables").json() == []  # neither is open any more
        for table_id, why in (
            (moved_id, f"its move 1 ({illegal}) is not legal"),
            (optioned_id, "legendary"),
        ):
            info = client.get(f"/api/tables/{table_id}").json()
            assert info["status"] == "over" and info["abandoned"] is True
            replayed = client.get(f"/api/tables/{table_id}/replay?step=0")
            error = replayed.json()["error"]
            assert replayed.status_code == 409, error
            assert f"table {table_id} cannot be played by this meeple" in error and why in error
            record = client.get(f"/api/tables/{table_id}/record")
            # served, naming no rules: they are not this meeple's, and it cannot say whose
            assert record.status_code == 200 and "rules" not in record.json()
        with client.websocket_connect(f"/ws/tables/{moved_id}?token={token}") as ws:
            assert "cannot be played by this meeple" in next_message(ws, "error")["message"]
        again = client.post(f"/api/tables/{moved_id}/again", json={"token": token})
        assert again.status_code == 200, again.text
        assert again.json()["table"]["id"] != moved_id


def test_a_stopped_server_leaves_every_table_in_the_database_file(tmp_path: Path) -> None:
    """A copy of the file alone, taken once the server has stopped, is a backup: the
    write-ahead log is folded into it on the way out."""
    url = database(tmp_path)
    with TestClient(create_app(url)) as client:
        table_id = create(client, ["human", "random"], seed=2)["table"]["id"]
    backup = tmp_path / "backup" / "meeple.db"
    backup.parent.mkdir()
    backup.write_bytes((tmp_path / "meeple.db").read_bytes())
    store = Store(f"sqlite:///{backup}")
    assert [t.id for t in store.list_tables()] == [table_id]
    store.close()
