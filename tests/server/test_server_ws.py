"""The WebSocket: views per seat, actions checked on the server, refusals that change
nothing and keep the connection open, spectators, reconnection, bots."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from server_support import (
    TestClient,
    WebSocketTestSession,
    create,
    first_legal,
    last_legal,
    next_message,
    play_until,
    receive_state,
)

import meeple.agents
from meeple.core.game import State


def two_humans(client: TestClient, **body: Any) -> tuple[str, str, str]:
    created = create(client, ["human", "human"], seed=4, **body)
    table = created["table"]["id"]
    return table, created["invites"][0]["token"], created["invites"][1]["token"]


def ws_url(table: str, token: str | None = None) -> str:
    return f"/ws/tables/{table}" + (f"?token={token}" if token else "")


def test_each_seat_gets_its_own_view(client: TestClient) -> None:
    table, token0, token1 = two_humans(client)
    with client.websocket_connect(ws_url(table, token0)) as ws0:
        waiting = next_message(ws0, "state")
        assert waiting["table"]["status"] == "waiting" and waiting["legal"] == []
        assert waiting["seat"] == 0 and waiting["observation"]["you"] == 0
        with client.websocket_connect(ws_url(table, token1)) as ws1:
            view1 = next_message(ws1, "state")
            view0 = next_message(ws0, "state")
            assert view0["table"]["status"] == view1["table"]["status"] == "playing"
            assert [s["connected"] for s in view1["table"]["seats"]] == [True, True]
            assert view0["version"] == view1["version"] == 0
            assert view0["observation"]["hand"] != view1["observation"]["hand"]
            decider = view0["current_player"]
            assert view1["current_player"] == decider
            deciding, waiting_view = (view0, view1) if decider == 0 else (view1, view0)
            assert deciding["legal"] and all(set(a) == {"id", "text"} for a in deciding["legal"])
            assert waiting_view["legal"] == []
            assert view0["log"] == [] and view0["returns"] is None and view0["scores"] is None


def test_actions_are_checked_and_refusals_change_nothing(client: TestClient) -> None:
    table, token0, token1 = two_humans(client)
    with (
        client.websocket_connect(ws_url(table, token0)) as ws0,
        client.websocket_connect(ws_url(table, token1)) as ws1,
    ):
        next_message(ws0, "state")  # waiting for seat 1
        views = {1: next_message(ws1, "state"), 0: next_message(ws0, "state")}
        sockets = {0: ws0, 1: ws1}
        decider = views[0]["current_player"]
        mine, other, view = sockets[decider], sockets[1 - decider], views[decider]
        legal = {a["id"] for a in view["legal"]}
        illegal = next(a for a in range(10_000) if a not in legal)

        def refused(ws: WebSocketTestSession, message: Any, words: str) -> None:
            ws.send_text(message if isinstance(message, str) else json.dumps(message))
            error = next_message(ws, "error")
            assert words in error["message"], error

        refused(mine, {"type": "act", "action": illegal, "version": 0}, "not legal")
        refused(mine, {"type": "act", "action": True, "version": 0}, "must be an integer")
        refused(mine, {"type": "act", "action": first_legal(view), "version": 5}, "stale")
        refused(mine, {"type": "act", "action": first_legal(view)}, "needs 'version'")
        refused(other, {"type": "act", "action": first_legal(view), "version": 0}, "not seat")
        refused(mine, "{not json", "malformed JSON")
        refused(mine, "[1, 2]", "JSON object")
        nested = '{"type": "act", "action": ' + "[" * 1500 + "]" * 1500 + ', "version": 0}'
        refused(mine, nested, "nested too deeply")
        refused(mine, {"type": "resign"}, "unknown message type 'resign'")
        refused(mine, {"type": "act", "action": 1, "version": 0, "x": 1}, "unknown field 'x'")
        refused(mine, json.dumps({"type": "ping", "pad": "x" * 5000}), "too long")
        mine.send_bytes(b'{"type": "ping"}')
        assert "text frames" in next_message(mine, "error")["message"]
        # the connection is still open, and nothing changed
        mine.send_json({"type": "ping"})
        assert next_message(mine, "pong") == {"type": "pong"}
        mine.send_json({"type": "sync"})
        again = next_message(mine, "state")
        assert again["version"] == 0 and again["legal"] == view["legal"]
        assert again["observation"] == view["observation"]
        info = client.get(f"/api/tables/{table}").json()
        assert info["moves"] == 0
        # a legal action is applied, acknowledged by the new state, and logged
        mine.send_json({"type": "act", "action": first_legal(view), "version": 0})
        after = next_message(mine, "state")
        assert after["version"] == 1 and len(after["log"]) == 1
        assert after["log"][0]["seat"] == decider
        assert next_message(other, "state")["version"] == 1
        assert client.get(f"/api/tables/{table}").json()["moves"] == 1


def test_state_messages_carry_only_new_log_entries(client: TestClient) -> None:
    table, token0, token1 = two_humans(client)
    with (
        client.websocket_connect(ws_url(table, token0)) as ws0,
        client.websocket_connect(ws_url(table, token1)) as ws1,
    ):
        sockets = {0: ws0, 1: ws1}
        next_message(ws0, "state")  # waiting for seat 1
        first, view1 = receive_state(ws1)
        assert first["log_start"] == 0 and first["log"] == [] and first["version"] == 0
        views = {0: next_message(ws0, "state"), 1: view1}
        for move in range(1, 6):
            decider = views[0]["current_player"]
            action = first_legal(views[decider])
            sockets[decider].send_json({"type": "act", "action": action, "version": move - 1})
            for seat, ws in sockets.items():
                sent, views[seat] = receive_state(ws)
                assert sent["version"] == move and sent["log_start"] == move - 1
                assert len(sent["log"]) == 1 and sent["log"][0]["seat"] == decider
                assert len(views[seat]["log"]) == move
        view = views[0]
        # a sync answers with the whole log, then only new entries follow again
        ws0.send_json({"type": "sync"})
        whole, merged = receive_state(ws0)
        assert whole["log_start"] == 0 and whole["version"] == 5
        assert whole["log"] == merged["log"] == view["log"]
        # a new connection starts with the whole log; the others get no entry again
        with client.websocket_connect(ws_url(table)) as watcher:
            seen, _ = receive_state(watcher)
            assert seen["log_start"] == 0 and seen["log"] == view["log"]
            for ws in (ws0, ws1):
                sent, _ = receive_state(ws)
                assert sent["log_start"] == 5 and sent["log"] == [] and sent["version"] == 5


def test_wrong_token_is_refused(client: TestClient) -> None:
    table, token0, _ = two_humans(client)
    _, other_token, _ = two_humans(client)
    for bad in ("x" * 32, other_token, token0[:-1]):
        with client.websocket_connect(ws_url(table, bad)) as ws:
            error = ws.receive_json()
            assert error["type"] == "error" and "not valid" in error["message"]
    with client.websocket_connect(ws_url("nosuchtable", token0)) as ws:
        assert "no table" in ws.receive_json()["message"]
    info = client.get(f"/api/tables/{table}").json()
    assert [s["taken"] for s in info["seats"]] == [False, False]


def test_spectators_see_the_public_view_and_cannot_act(client: TestClient) -> None:
    created = create(client, ["human", "random"], seed=9)
    table, token = created["table"]["id"], created["invites"][0]["token"]
    with client.websocket_connect(ws_url(table)) as watcher:
        view = next_message(watcher, "state")
        assert view["seat"] is None and view["legal"] == []
        assert view["observation"]["you"] is None and view["observation"]["hand"] == []
        watcher.send_json({"type": "act", "action": 0, "version": 0})
        assert "spectators cannot act" in next_message(watcher, "error")["message"]
    # the owner's token watches too
    with client.websocket_connect(ws_url(table, created["owner_token"])) as owner:
        assert next_message(owner, "state")["seat"] is None
    with client.websocket_connect(ws_url(table, token)) as ws:
        final = play_until(ws, last_legal)
    with client.websocket_connect(ws_url(table)) as watcher:
        end = next_message(watcher, "state")
        assert end["returns"] == final["returns"] and end["version"] == final["version"]


def test_reconnecting_restores_the_full_view(client: TestClient) -> None:
    created = create(client, ["human", "greedy"], seed=21)
    table, token = created["table"]["id"], created["invites"][0]["token"]
    with client.websocket_connect(ws_url(table, token)) as ws:
        left = play_until(ws, first_legal, stop=lambda m: m["version"] >= 12 and m["legal"])
    with client.websocket_connect(ws_url(table, token)) as ws:
        back = next_message(ws, "state")
    for key in ("version", "observation", "legal", "log", "current_player", "seat"):
        assert back[key] == left[key], key
    assert back["table"]["seats"][0]["connected"] is True


def test_a_player_who_leaves_is_replaced_by_a_bot(client: TestClient) -> None:
    created = create(client, ["human", "human"], seed=5)
    table = created["table"]["id"]
    token0, token1 = (i["token"] for i in created["invites"])
    with client.websocket_connect(ws_url(table, token1)) as ws1:
        next_message(ws1, "state")
        with client.websocket_connect(ws_url(table, token0)) as ws0:
            play_until(ws0, first_legal, stop=lambda m: m["version"] >= 3)
        # seat 0 left; seat 1 asks for a bot in its place and plays on to the end
        response = client.post(
            f"/api/tables/{table}/seats/0/bot", json={"token": token1, "spec": "random"}
        )
        assert response.status_code == 403  # only seat 0 itself or the owner may
        response = client.post(
            f"/api/tables/{table}/seats/0/bot",
            json={"token": created["owner_token"], "spec": "random"},
        )
        assert response.status_code == 200, response.text
        final = play_until(ws1, first_legal)
    assert final["table"]["status"] == "over"
    assert final["table"]["seats"][0]["kind"] == "bot"


def test_bots_play_all_seats_including_ismcts(client: TestClient) -> None:
    created = create(client, ["random", "greedy", "ismcts:iterations=20"], seed=2)
    assert created["invites"] == []
    assert created["table"]["status"] == "playing"
    table = created["table"]["id"]
    with client.websocket_connect(ws_url(table)) as watcher:
        final = play_until(watcher, first_legal)
    assert final["table"]["status"] == "over"
    assert sorted(final["returns"])[-1] == 1.0


class _BlockedAgent:
    """A bot that cannot decide until the test lets it (a very slow bot)."""

    name = "blocked"
    release = threading.Event()

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def act(self, state: State) -> int:
        assert _BlockedAgent.release.wait(timeout=30)
        return state.legal_actions()[0]


class _StuckAgent(_BlockedAgent):
    """Another very slow bot, let go only when the test ends."""

    release = threading.Event()

    def act(self, state: State) -> int:
        _StuckAgent.release.wait(timeout=60)
        return state.legal_actions()[0]


@pytest.fixture
def blocked_bot(monkeypatch: pytest.MonkeyPatch) -> Any:
    # registered for this test only (monkeypatch takes them out of the registry again)
    monkeypatch.setitem(meeple.agents._AGENTS, "test-blocked", _BlockedAgent)
    monkeypatch.setitem(meeple.agents._AGENTS, "test-stuck", _StuckAgent)
    _BlockedAgent.release.clear()
    _StuckAgent.release.clear()
    yield _BlockedAgent.release
    _BlockedAgent.release.set()
    _StuckAgent.release.set()


def test_a_thinking_bot_blocks_no_other_table(client: TestClient, blocked_bot: Any) -> None:
    # more thinking bots than asyncio's default threads (the database's): they wait
    # for the bots' own threads, and the other tables play on
    for seed in range(10, 18):
        create(client, ["test-stuck", "test-stuck"], seed=seed)
    slow = create(client, ["test-blocked", "human"], seed=1)
    slow_id, slow_token = slow["table"]["id"], slow["invites"][0]["token"]
    with client.websocket_connect(ws_url(slow_id, slow_token)) as slow_ws:
        start = next_message(slow_ws, "state")
        assert start["current_player"] == 0  # the blocked bot decides first
        fast = create(client, ["human", "random"], seed=8)
        fast_id, fast_token = fast["table"]["id"], fast["invites"][0]["token"]
        with client.websocket_connect(ws_url(fast_id, fast_token)) as fast_ws:
            final = play_until(fast_ws, first_legal)
        assert final["table"]["status"] == "over"
        assert client.get(f"/api/tables/{slow_id}").json()["moves"] == 0
        blocked_bot.set()
        moved = play_until(slow_ws, first_legal, stop=lambda m: m["version"] >= 1)
        assert moved["log"][0]["seat"] == 0


def test_a_seat_open_in_two_places_shows_it(client: TestClient) -> None:
    """Anyone holding a seat's link may watch its hand: the seat's connections are
    counted for all to see, so its player can tell another has it open."""
    created = create(client, ["human", "random"], seed=3)
    table, token = created["table"]["id"], created["invites"][0]["token"]
    with client.websocket_connect(ws_url(table, token)) as mine:
        assert next_message(mine, "state")["table"]["seats"][0]["connections"] == 1
        with client.websocket_connect(ws_url(table, token)) as other:
            next_message(other, "state")
            seats = client.get(f"/api/tables/{table}").json()["seats"]
            assert [seat["connections"] for seat in seats] == [2, 0]
        assert client.get(f"/api/tables/{table}").json()["seats"][0]["connections"] == 1


def test_a_flood_of_messages_is_refused_then_closed(client: TestClient) -> None:
    from starlette.websockets import WebSocketDisconnect

    from meeple.server.tables import MESSAGE_BURST, MESSAGE_FLOOD

    table, token0, _ = two_humans(client)
    with client.websocket_connect(ws_url(table)) as watcher:  # a spectator, no token
        next_message(watcher, "state")
        for _ in range(MESSAGE_BURST + 5):
            watcher.send_text(json.dumps({"type": "ping"}))
        # the allowance's pongs (a slow reader's queue may have dropped the first ones),
        # then one error for the rest
        pongs = 0
        while (answer := watcher.receive_json())["type"] != "error":
            assert answer["type"] == "pong", answer
            pongs += 1
        assert 0 < pongs <= MESSAGE_BURST and "too many messages" in answer["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            for _ in range(MESSAGE_FLOOD + 10):
                watcher.send_text(json.dumps({"type": "ping"}))
            while True:
                message = watcher.receive_json()
                assert message["type"] == "pong", message  # one error a run, no more
        assert closed.value.code == 1008
    # the table and its seats are as they were: the flooder alone was closed
    with client.websocket_connect(ws_url(table, token0)) as ws0:
        assert next_message(ws0, "state")["table"]["status"] == "waiting"
        ws0.send_text(json.dumps({"type": "ping"}))
        assert next_message(ws0, "pong") == {"type": "pong"}


def test_a_full_table_takes_no_more_watchers_but_a_seat_gets_in(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    import contextlib

    from starlette.websockets import WebSocketDisconnect

    import meeple.server.tables

    monkeypatch.setattr(meeple.server.tables, "MAX_CONNECTIONS", 2)
    table, token0, _ = two_humans(client)
    with contextlib.ExitStack() as open_now:
        for _ in range(2):
            watcher = open_now.enter_context(client.websocket_connect(ws_url(table)))
            next_message(watcher, "state")
        with client.websocket_connect(ws_url(table)) as third:
            refused = third.receive_json()
            assert refused["type"] == "error" and "2 connections open" in refused["message"]
            with pytest.raises(WebSocketDisconnect):
                third.receive_json()
        # the seat's first connection gets in all the same
        with client.websocket_connect(ws_url(table, token0)) as seat0:
            assert next_message(seat0, "state")["seat"] == 0


def test_a_sync_answer_replaced_by_a_newer_state_still_holds_the_whole_log() -> None:
    # docs/server.md: the answer to a sync holds the whole log (log_start 0); a newer
    # state message that replaces it before it is handed over must hold it too.
    import asyncio

    from meeple.server.tables import TableManager
    from meeple.store import Store

    async def play() -> list[dict[str, Any]]:
        manager = TableManager(Store("sqlite://"))
        await manager.start()
        made = await manager.create("aridnyk", 1, {}, ["human"], 3)
        table, conn = await manager.connect(made["table"]["id"], made["invites"][0]["token"])
        for _ in range(2):
            action = table.state.legal_actions()[0]
            await manager.act(table, 0, action, table.version)
            while conn._pending:  # handed to the socket: the connection was sent the log
                await conn.next()
        assert conn.log_sent == 2
        await manager.handle(table, conn, json.dumps({"type": "sync"}))
        await manager.act(table, 0, table.state.legal_actions()[0], table.version)
        conn.close()
        sent = []
        while (text := await conn.next()) is not None:
            sent.append(json.loads(text))
        await manager.stop()
        return [m for m in sent if m["type"] == "state"]

    states = asyncio.run(play())
    assert len(states) == 1  # the move's state replaced the sync's answer
    assert states[0]["version"] == 3
    assert states[0]["log_start"] == 0 and len(states[0]["log"]) == 3
