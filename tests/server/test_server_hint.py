"""The hint over the WebSocket: the greedy bot's move for the person who decides now,
sent to that connection alone, from that seat's view."""

from __future__ import annotations

from typing import Any

import pytest
from server_support import TestClient, create, next_message

import meeple
from meeple.agents import HINT_AGENT, hint_seed
from meeple.server.tables import make_bot


def test_the_seat_to_move_gets_the_greedy_bots_move(client: TestClient) -> None:
    created = create(client, ["human", "human"], game="arnak", seed=8)
    table = created["table"]["id"]
    tokens = [invite["token"] for invite in created["invites"]]
    with (
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws1,
    ):
        views: dict[int, Any] = {}
        for seat, ws in ((0, ws0), (1, ws1)):
            views[seat] = next_message(ws, "state")
            while views[seat]["table"]["status"] != "playing":
                views[seat] = next_message(ws, "state")
        mover = views[0]["current_player"]
        other = 1 - mover
        sockets = {0: ws0, 1: ws1}
        sockets[mover].send_json({"type": "hint", "version": 0})
        hint = next_message(sockets[mover], "hint")
        state = meeple.load_game("arnak", players=2).new_initial_state(seed=8)
        bot = make_bot(HINT_AGENT, hint_seed(8, mover, 0))
        expected = bot.act(state)
        assert hint == {
            "type": "hint",
            "version": 0,
            "action": expected,
            "text": state.action_to_string(expected),
            "bot": "greedy",
        }
        assert hint["action"] in [a["id"] for a in views[mover]["legal"]]

        # the seat that waits gets none, and nothing is played
        sockets[other].send_json({"type": "hint", "version": 0})
        assert "decides now" in next_message(sockets[other], "error")["message"]
        for message, says in (
            ({"type": "hint", "version": 3}, "stale hint request"),
            ({"type": "hint"}, "a hint message needs 'version'"),
            ({"type": "hint", "version": 0, "seat": 1}, "unknown field 'seat'"),
        ):
            sockets[mover].send_json(message)
            assert says in next_message(sockets[mover], "error")["message"]
        assert client.get(f"/api/tables/{table}").json()["moves"] == 0

    with client.websocket_connect(f"/ws/tables/{table}") as watcher:
        next_message(watcher, "state")
        watcher.send_json({"type": "hint", "version": 0})
        assert "spectators get no hints" in next_message(watcher, "error")["message"]


def test_a_game_without_a_greedy_policy_gets_no_hint_and_no_greedy_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plugin's game may have no greedy policy: a hint is an error message (it closed
    the connection), a greedy seat is refused (the table hung), and the lobby is told."""
    from meeple.agents import greedy
    from meeple.errors import AgentError
    from meeple.server.app import agents_for

    def no_policy(game: str) -> Any:
        raise AgentError(f"no greedy policy for {game!r} yet; use random or ismcts")

    monkeypatch.setattr(greedy, "policy_for", no_policy)
    agents = agents_for(meeple.load_game("anludim"))
    assert "greedy" not in agents and {"ismcts", "random"} <= set(agents)  # plugins may add
    refused = client.post("/api/tables", json={"game": "anludim", "seats": ["human", "greedy"]})
    assert refused.status_code == 400 and "no greedy policy" in refused.json()["error"]
    created = create(client, ["human", "random"])
    token = created["invites"][0]["token"]
    with client.websocket_connect(f"/ws/tables/{created['table']['id']}?token={token}") as ws:
        state = next_message(ws, "state")
        while state["current_player"] != 0:
            state = next_message(ws, "state")
        ws.send_json({"type": "hint", "version": state["version"]})
        assert "no hints for anludim" in next_message(ws, "error")["message"]
        ws.send_json({"type": "chat", "text": "still here"})
        assert "still here" in str(next_message(ws, "chat"))  # the connection lives on


def test_searching_bots_take_turns_in_one_thread_and_quick_ones_have_theirs(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search holds the interpreter lock while it thinks: sixteen at once starved the
    server's own thread (seconds a request), so searches take turns in one thread."""
    import threading
    import time

    from meeple.agents.ismcts import ISMCTSAgent
    from meeple.agents.random_agent import RandomAgent

    threads: dict[str, set[str]] = {"ismcts": set(), "random": set()}
    for cls, name in ((ISMCTSAgent, "ismcts"), (RandomAgent, "random")):
        real = cls.act

        def act(self: Any, state: Any, real: Any = real, name: str = name) -> int:
            threads[name].add(threading.current_thread().name)
            return int(real(self, state))

        monkeypatch.setattr(cls, "act", act)
    table = create(client, ["ismcts:iterations=3", "random"])["table"]["id"]
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{table}").json()["moves"] < 20:
        assert time.monotonic() < deadline, "the bots did not play"
        time.sleep(0.05)
    assert {name.rsplit("_", 1)[0] for name in threads["ismcts"]} == {"meeple-search"}
    assert {name.rsplit("_", 1)[0] for name in threads["random"]} == {"meeple-bot"}


def test_a_hint_asked_again_from_any_connection_is_not_searched_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The limit was one hint at a time per connection: forty connections on one token
    had thousands worked out. The position's hint is kept and sent again."""
    from meeple.agents.greedy import GreedyAgent

    searched = []
    real = GreedyAgent.act

    def act(self: Any, state: Any) -> int:
        searched.append(state.seed)
        return int(real(self, state))

    monkeypatch.setattr(GreedyAgent, "act", act)
    created = create(client, ["human", "random"], seed=4)
    table, token = created["table"]["id"], created["invites"][0]["token"]
    url = f"/ws/tables/{table}?token={token}"
    with client.websocket_connect(url) as first, client.websocket_connect(url) as second:
        for ws in (first, second):
            state = next_message(ws, "state")
            while state["table"]["status"] != "playing" or state["current_player"] != 0:
                state = next_message(ws, "state")
        hints = []
        for ws in (first, second, first):
            ws.send_json({"type": "hint", "version": state["version"]})
            hints.append(next_message(ws, "hint"))
    assert hints[0] == hints[1] == hints[2] and len(searched) == 1
