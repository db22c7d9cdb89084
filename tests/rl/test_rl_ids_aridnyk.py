"""Aridnyk's encoder keeps what it made of the compact view's sections (the board by the
identity of its section, grown from the last board's; the rest by value, per seat; the
turn and the counts in memos). Encoders are shared between environments, so what it
keeps must depend on the sections alone: two games observed in turn, every seat, with
memos cleared as they fill, still give the vectors of `encode(observation(p))`.
"""

from __future__ import annotations

import numpy as np
import pytest

import meeple
from meeple.core.rng import Rng
from meeple.rl.encoders import aridnyk as encoder_module
from meeple.rl.encoding import encoder_for


@pytest.mark.parametrize("players", [2, 4])
def test_games_observed_in_turn_through_one_encoder(
    players: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(encoder_module, "MEMO_SIZE", 8)
    game = meeple.load_game("aridnyk", players=players)
    encoder = encoder_for(game)
    states = [game.new_initial_state(seed=s) for s in (11, 12)]
    rngs = [Rng(21), Rng(22)]
    for _ in range(150):
        for state, rng in zip(states, rngs, strict=True):
            if state.is_terminal():
                continue
            for seat in (state.current_player, (state.current_player + 1) % players):
                ids = state.observation_ids(seat)
                fast = encoder.encode_ids(ids)
                slow = encoder.encode(state.observation(seat))
                assert np.array_equal(fast.view(np.uint32), slow.view(np.uint32))
                # the same sections again: made from what the encoder kept
                again = encoder.encode_ids(state.observation_ids(seat))
                assert np.array_equal(again.view(np.uint32), slow.view(np.uint32))
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])


def _play_until_board(state: meeple.State, rng: Rng, size: int) -> None:
    while len(state.observation_ids(0)[1]) < size:
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])


def test_a_board_that_is_not_the_last_one_grown_is_made_afresh() -> None:
    """The board section of another game, one tile larger than the last one seen but
    not that board and a tile more, is not mistaken for it grown."""
    game = meeple.load_game("aridnyk", players=2)
    encoder = encoder_for(game)
    first = game.new_initial_state(seed=1)
    second = game.new_initial_state(seed=4)
    _play_until_board(first, Rng(2), 14)
    seen = first.observation_ids(0)
    _play_until_board(second, Rng(3), len(seen[1]) + 1)
    ids = second.observation_ids(0)
    assert len(ids[1]) == len(seen[1]) + 1 and not set(seen[1]) <= set(ids[1])
    encoder.encode_ids(seen)
    fast = encoder.encode_ids(ids)
    slow = encoder.encode(second.observation(0))
    assert np.array_equal(fast.view(np.uint32), slow.view(np.uint32))
