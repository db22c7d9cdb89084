"""What one seat, or a spectator, is sent.

Every message is built only from the protocol's public surface: `observation(seat)` (or
`public_observation()` for a spectator), `legal_actions()` with `action_to_string` for
the seat that decides, `current_player`, and `returns`/`scores` once the game is over.
The log is made of the texts collected as actions are applied: `public_action_string` for
every seat, and for the seat that took an action also the `action_to_string` it chose
from (its own words: "keep Axe", "to your play area"), sent to that seat alone. Nothing
reads a state's internals, so a seat is never sent what it may not see: the message for
seat p is the same for the true state and for any `state.resample(p, k)`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from meeple.core.game import State


def spectator_observation(state: State) -> dict[str, Any] | None:
    """The public view, or None for a game that has no public_observation()."""
    try:
        return state.public_observation()
    except NotImplementedError:
        return None


def legal_texts(state: State) -> list[dict[str, Any]]:
    return [{"id": a, "text": state.action_to_string(a)} for a in state.legal_actions()]


def log_entry(state: State, action: int) -> dict[str, Any]:
    """The log entry of `action`, taken in `state` (before it is applied): the seat, the
    public text, and the text the seat chose it by ("own"), which only that seat is sent."""
    return {
        "seat": state.current_player,
        "text": state.public_action_string(action),
        "own": state.action_to_string(action),
    }


def seat_log(log: Sequence[Mapping[str, Any]], seat: int | None) -> list[dict[str, Any]]:
    """`log`'s entries as `seat` (None: a spectator) reads them: its own moves in its own
    words, every other move in the public text (an entry without "own", as a client
    received it, reads the same for every seat)."""
    return [
        {"seat": e["seat"], "text": e.get("own", e["text"]) if e["seat"] == seat else e["text"]}
        for e in log
    ]


def state_message(
    state: State,
    seat: int | None,
    table: Mapping[str, Any],
    log: Sequence[Mapping[str, Any]],
    may_act: bool,
    log_start: int = 0,
    may_undo: bool = False,
) -> dict[str, Any]:
    """The "state" message for `seat` (None: a spectator).

    `table` is the TableInfo, `log` the public log so far (its length is the version),
    `may_act` whether that seat may act now (a human seat of a table in play): only then
    and only when the seat decides now are its legal actions included. Only the log's
    entries from `log_start` on are included (those the connection has not been sent
    yet; 0: the whole log). `may_undo`: whether the seat that decides may take back its
    last choice (the server works it out from the record). Each entry is `seat`'s
    reading of it (`seat_log`).
    """
    over = state.is_terminal()
    current = state.current_player
    observation = spectator_observation(state) if seat is None else state.observation(seat)
    deciding = seat is not None and may_act and not over and seat == current
    return {
        "type": "state",
        "table": dict(table),
        "seat": seat,
        "version": len(log),
        "log_start": log_start,
        "observation": observation,
        "current_player": current,
        "legal": legal_texts(state) if deciding else [],
        "log": seat_log(log[log_start:], seat),
        "returns": state.returns() if over else None,
        "scores": state.scores() if over else None,
        "undo": deciding and may_undo,
    }
