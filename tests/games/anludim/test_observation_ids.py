"""Anludim's compact view: the sections it keeps between calls stay true to the state.

`observation_ids` keeps its known-cards, table, board and standing sections in the
state and drops each where the rules change what it shows; a missed drop would hand
an encoder a stale section. Along random games in every variant, what it returns must
equal what a state with nothing kept computes afresh, and a section must be the same
object again when nothing it shows changed (the point of keeping it).
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.core.rng import Rng
from meeple.errors import SeatError
from meeple.games.anludim import actions as A
from meeple.games.anludim.rules import AnludimState

from .scenario import new_state

KEPT = ("_ids_known", "_ids_table", "_ids_board", "_ids_standing")

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (3, {}),
    (5, {}),
    (2, {"variant": "expert"}),
    (4, {"variant": "expert", "straight_wrap": True}),
    (2, {"two_player_start_scroll": False, "tie_order": "from_trigger"}),
]


def afresh(state: AnludimState, seat: int) -> tuple[Any, ...]:
    bare = state.clone()
    for name in KEPT:
        setattr(bare, name, None)
    return bare.observation_ids(seat)


def only_ints(value: Any) -> bool:
    if value is None or value.__class__ is int:
        return True
    return value.__class__ is tuple and all(only_ints(v) for v in value)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_kept_sections_match_a_fresh_view(players: int, options: dict[str, Any]) -> None:
    for game in range(4):
        state = new_state(players, seed=30 + game, **options)
        rng = Rng(70 + game)
        while True:
            for seat in range(players):
                ids = state.observation_ids(seat)
                assert only_ints(ids)
                assert ids == afresh(state, seat), (seat, state.history()[-3:])
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])


def test_a_pick_keeps_every_section() -> None:
    state = new_state(2, seed=4)
    rng = Rng(4)
    picks = 0
    for _ in range(3000):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        action = legal[rng.below(len(legal))]
        before = state.observation_ids(state.current_player)
        seat = state.current_player
        state.apply_action(action)
        if action < A.PLACE:
            after = state.observation_ids(seat)
            assert all(after[i] is before[i] for i in (2, 3, 4, 5))
            picks += 1
    assert picks > 10


def test_clones_and_guesses_share_only_what_they_still_show() -> None:
    state = new_state(3, seed=9)
    rng = Rng(9)
    for step in range(400):
        if state.is_terminal():
            break
        state.observation_ids(0)
        twin = state.clone()
        if step % 5 == 0:
            guess = state.resample(1, step)
            assert guess.observation_ids(1) == afresh(guess, 1)
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        assert twin.observation_ids(0) == afresh(twin, 0)
        assert state.observation_ids(0) == afresh(state, 0)


def test_observation_ids_rejects_a_bad_seat() -> None:
    state = new_state(2)
    for bad in (-1, 2, True, "0"):
        with pytest.raises(SeatError, match="seat"):
            state.observation_ids(bad)  # type: ignore[arg-type]
