"""Arnak's compact view (`observation_ids`): what the tests of meeple.rl do not reach,
the checks on the seat and the cached tuple of the research track's bonus tiles."""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.errors import SeatError
from meeple.games.arnak.rules import ArnakState


def _state(seed: int = 5) -> ArnakState:
    state = meeple.load_game("arnak", players=2).new_initial_state(seed=seed)
    assert isinstance(state, ArnakState)
    return state


@pytest.mark.parametrize("seat", [-1, 2, True, "0"])
def test_a_seat_that_is_not_one_is_refused(seat: Any) -> None:
    with pytest.raises(SeatError):
        _state().observation_ids(seat)


def test_the_bonus_tiles_taken_show_at_once_in_the_state_and_its_clones() -> None:
    state = _state()
    node = next(i for i, tiles in enumerate(state._bonus) if tiles)
    before = state.observation_ids(0)[6][0]
    clone = state.clone()
    state._bonus[node].pop(0)
    after = state.observation_ids(0)[6][0]
    assert after != before and after[node] == tuple(state._bonus[node])
    assert clone.observation_ids(0)[6][0] == before
    other = next(i for i, tiles in enumerate(clone._bonus) if tiles and i != node)
    clone._bonus[other].pop(0)
    assert clone.observation_ids(0)[6][0][other] == tuple(clone._bonus[other])
    assert clone.observation_ids(0)[6][0][node] == before[node]


def test_the_same_position_gives_equal_views() -> None:
    state = _state()
    for seat in (0, 1):
        assert state.observation_ids(seat) == state.clone().observation_ids(seat)
