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


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("board", ["bird", "snake", "spider", "owl"])
def test_what_the_state_keeps_for_the_view_follows_every_move(players: int, board: str) -> None:
    # The view keeps each seat's cards, their points and the sites' tiles, guardians and idols
    # in the state until the rules clear them: along random games, in clones and in
    # resampled states, they must match what a fresh reading of the state gives.
    from meeple.core.rng import Rng

    game = meeple.load_game("arnak", players=players, board=board)
    rng = Rng(players * 7 + len(board))

    def check(state: ArnakState) -> None:
        ids = state.observation_ids(0)
        for q in range(players):
            assert ids[3][q][0][6] == state._score(q)
        tiles = (state._tile, state._guardian, state._idol_up, state._idol_down)
        assert ids[5][1] == tuple(tuple(t) for t in tiles)
        owned = [sorted(s.cards() + state._drawn(q)) for q, s in enumerate(state._seats)]
        assert ids[11] == tuple(tuple(cards) for cards in owned)

    for seed in range(6):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, ArnakState)
        step = 0
        while not state.is_terminal():
            check(state)
            if step % 9 == 0:
                other = state.resample(state.current_player, step)
                assert isinstance(other, ArnakState)
                check(other)
            if step % 13 == 0:
                clone = state.clone()
                for _ in range(5):
                    if clone.is_terminal():
                        break
                    legal = clone.legal_actions()
                    clone.apply_action(legal[rng.below(len(legal))])
                    check(clone)
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            step += 1
        check(state)


def test_a_guardian_moved_by_the_guardians_crown_moves_in_the_view() -> None:
    # A path random games seldom reach: the guardian leaves one site for another.
    from .scenario import A, card, discover, do, fresh, guardian, place, setup

    s = fresh()
    setup(s, 0, hand=[card("guardians_crown")], deck=[], play=[], resources={"tablet": 1})
    discover(s, 5, "L1-02", guard="G01")
    discover(s, 6, "L1-04")
    place(s, 0, 5)  # the Crown moves a guardian from a site of yours
    before = s.observation_ids(0)[5][1][1]
    assert before[5] == guardian("G01") and before[6] == -1
    do(s, A.HAND + card("guardians_crown"), A.SITE + 5, A.SITE + 6)
    after = s.observation_ids(0)[5][1][1]
    assert after == tuple(s._guardian) and after[5] == -1 and after[6] == guardian("G01")
