"""The hint over the WebSocket: the greedy bot's move for the person who decides now,
sent to that connection alone, from that seat's view."""

from __future__ import annotations

from typing import Any

from server_support import TestClient, create, next_message

import meeple
from meeple.agents import HINT_AGENT
from meeple.core.rng import mix_seed
from meeple.server.tables import bot_seed, make_bot


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
        bot = make_bot(HINT_AGENT, mix_seed(bot_seed(8, mover), 0))
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
