"""No leaks: what a seat is sent depends only on what that seat may see.

A seat's message is compared with the one built from `state.resample(seat, k)` (another
hidden truth consistent with the seat's view): if they are equal, the message cannot
hold another seat's hidden cards. Checked on the view builder for every game, and on
the messages a live WebSocket conversation actually carries.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from server_support import TestClient, WebSocketTestSession, create, next_message

import meeple
from meeple.core import Rng, State
from meeple.server.views import log_entry, state_message

TABLE = {"id": "t", "status": "playing"}
CONFIGS = [(name, players) for name in meeple.list_games() for players in (2, 3)]


def positions(game: str, players: int, seed: int, count: int) -> list[tuple[State, list[Any]]]:
    """About `count` positions of a random game, each with its public log so far; the
    public text of every action is checked against resampled states on the way."""
    state = meeple.load_game(game, players=players).new_initial_state(seed=seed)
    rng, log, seen = Rng(seed), [], []
    while not state.is_terminal():
        seen.append((state.clone(), list(log)))
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        text = state.public_action_string(action)
        if len(seen) % 7 == 0:
            for player in range(players):
                other_truth = state.resample(player, len(seen))
                assert other_truth.public_action_string(action) == text, (
                    f"the public text of action {action} depends on what seat {player} cannot see"
                )
        entry = log_entry(state, action)
        assert entry["text"] == text and entry["seat"] == state.current_player
        log.append(entry)
        state.apply_action(action)
    seen.append((state, log))
    stride = max(1, len(seen) // count)
    return [*seen[::stride], seen[-1]]


def message(state: State, seat: int | None, log: list[Any]) -> str:
    return json.dumps(state_message(state, seat, TABLE, log, may_act=True), sort_keys=True)


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_messages_hold_nothing_hidden(game: str, players: int) -> None:
    hidden_moved = False
    for state, log in positions(game, players, seed=players * 31 + 1, count=8):
        public = message(state, None, log)
        for seat in range(players):
            mine = message(state, seat, log)
            neighbour = (seat + 1) % players
            theirs = message(state, neighbour, log)
            for k in (1, 2, 3):
                other_truth = state.resample(seat, k)
                assert message(other_truth, seat, log) == mine, (
                    f"seat {seat}'s message changes with what is hidden from it "
                    f"({game}, {players} players, {len(log)} actions in)"
                )
                assert message(other_truth, None, log) == public, "spectator view leaks"
                hidden_moved |= message(other_truth, neighbour, log) != theirs
    assert hidden_moved, "resample never moved a hidden card: the check would be vacuous"


def test_only_the_deciding_seat_gets_legal_actions() -> None:
    state = meeple.load_game("anludim", players=3).new_initial_state(seed=3)
    decider = state.current_player
    for seat in range(3):
        sent = state_message(state, seat, TABLE, [], may_act=True)
        assert bool(sent["legal"]) == (seat == decider)
    assert state_message(state, decider, TABLE, [], may_act=False)["legal"] == []
    assert state_message(state, None, TABLE, [], may_act=True)["legal"] == []


def test_live_messages_equal_those_built_from_resample(client: TestClient) -> None:
    """Two people play a game over WebSockets; after every move, each one's message is
    the message built from a resample of the server's true state for that seat."""
    created = create(client, ["human", "human"], seed=17)
    table_id = created["table"]["id"]
    tokens = [invite["token"] for invite in created["invites"]]
    manager = client.app.state.manager  # type: ignore[attr-defined]
    with (
        client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[0]}") as ws0,
        client.websocket_connect(f"/ws/tables/{table_id}?token={tokens[1]}") as ws1,
    ):
        sockets: list[WebSocketTestSession] = [ws0, ws1]
        next_message(ws0, "state")  # before seat 1 arrived
        views = [next_message(ws0, "state"), next_message(ws1, "state")]
        rng = Rng(5)
        while True:
            truth: State = manager._tables[table_id].state
            for seat, view in enumerate(views):
                assert view["version"] == len(truth.history())
                for k in (0, 1):
                    rebuilt = state_message(
                        truth.resample(seat, 100 * view["version"] + k),
                        seat,
                        view["table"],
                        view["log"],
                        may_act=True,
                        log_start=view["log_start"],
                        may_undo=view["undo"],  # from the seat's own moves (test_server_undo)
                    )
                    sent = {**view, "log": view["log"][view["log_start"] :]}
                    assert rebuilt == sent, f"seat {seat} was sent more than it may see"
            if truth.is_terminal():
                break
            decider = views[0]["current_player"]
            legal = views[decider]["legal"]
            action = legal[rng.below(len(legal))]["id"]
            sockets[decider].send_json(
                {"type": "act", "action": action, "version": views[0]["version"]}
            )
            views = [next_message(ws, "state") for ws in sockets]
    assert views[0]["returns"] == views[1]["returns"] is not None
