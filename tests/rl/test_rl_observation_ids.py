"""The compact view (`state.observation_ids(p)`) against the JSON-ready one.

A game may offer its view as nested tuples of ints so its encoder can skip building and
reading the observation dict. These tests hold every such game to the two promises
that keep it honest: the compact path gives the encoder's vector of `observation(p)`
bit for bit, and the compact view is unchanged when the cards hidden from p are dealt
anew (so it cannot carry them). They run on every configuration of every game that
has the compact form, for every seat, not only the one to move.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from rl_support import PLAYER_COUNTS, VARIANTS, Setup

from meeple.core.game import State
from meeple.core.rng import Rng
from meeple.rl.encoding import encoder_for

GAMES = 3
RESAMPLE_EVERY = 7


def _compact(setup: Setup) -> bool:
    game = setup.load()
    return (
        encoder_for(game).reads_ids
        and game.new_initial_state(seed=0).observation_ids(0) is not None
    )


def _positions(setup: Setup, games: int = GAMES) -> list[State]:
    """Every position along `games` random games (clones), the last one over."""
    game = setup.load()
    positions: list[State] = []
    for g in range(games):
        state = game.new_initial_state(seed=100 + g)
        rng = Rng(900 + g)
        while True:
            positions.append(state.clone())
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    return positions


def _only_ints(value: Any) -> bool:
    if value is None or value.__class__ is int:
        return True
    return value.__class__ is tuple and all(_only_ints(v) for v in value)


COMPACT = [s for s in PLAYER_COUNTS + VARIANTS if _compact(s)]


def test_games_with_the_compact_form() -> None:
    assert {s.game for s in COMPACT} >= {"anludim", "aridnyk", "arnak"}


@pytest.mark.parametrize("setup", COMPACT, ids=lambda s: s.id)
def test_compact_path_gives_the_observation_vector(setup: Setup) -> None:
    encoder = encoder_for(setup.load())
    for state in _positions(setup):
        for seat in range(setup.players):
            ids = state.observation_ids(seat)
            assert ids is not None and _only_ints(ids)
            fast = encoder.encode_ids(ids)
            slow = encoder.encode(state.observation(seat))
            assert fast.dtype == np.float32 and fast.shape == slow.shape
            if not np.array_equal(fast.view(np.uint32), slow.view(np.uint32)):
                differ = [
                    b.name
                    for b in encoder.blocks
                    if not np.array_equal(fast[b.offset : b.end], slow[b.offset : b.end])
                ]
                pytest.fail(f"seat {seat}, move {len(state.history())}: blocks {differ} differ")


@pytest.mark.parametrize("setup", COMPACT, ids=lambda s: s.id)
def test_compact_path_along_a_live_game(setup: Setup) -> None:
    """As an environment uses it: one state moving on, every seat's view asked for at
    every step, so a section a game keeps between calls must follow every change."""
    game = setup.load()
    encoder = encoder_for(game)
    for g in range(GAMES):
        state = game.new_initial_state(seed=300 + g)
        rng = Rng(700 + g)
        while True:
            for seat in range(setup.players):
                fast = encoder.encode_ids(state.observation_ids(seat))
                slow = encoder.encode(state.observation(seat))
                assert np.array_equal(fast.view(np.uint32), slow.view(np.uint32)), (
                    f"game {g}, seat {seat}, move {len(state.history())}"
                )
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            if rng.below(5) == 0:  # a clone carries on where its original stopped
                state = state.clone()


@pytest.mark.parametrize("setup", COMPACT, ids=lambda s: s.id)
def test_compact_view_holds_nothing_hidden(setup: Setup) -> None:
    for i, state in enumerate(_positions(setup)):
        if i % RESAMPLE_EVERY or state.is_terminal():
            continue
        for seat in range(setup.players):
            ids = state.observation_ids(seat)
            for k in (1, 2):
                guess = state.resample(seat, k)
                assert guess.observation_ids(seat) == ids, (seat, len(state.history()), k)


@pytest.mark.parametrize("setup", COMPACT, ids=lambda s: s.id)
def test_vectors_are_fresh_and_the_state_untouched(setup: Setup) -> None:
    encoder = encoder_for(setup.load())
    for state in _positions(setup, games=1)[::5]:
        before = state.observation(0)
        first = encoder.encode_ids(state.observation_ids(0))
        first[:] = 1.0
        again = encoder.encode_ids(state.observation_ids(0))
        assert np.array_equal(again, encoder.encode(before))
        assert state.observation(0) == before


@pytest.mark.parametrize("setup", COMPACT[:1], ids=lambda s: s.id)
def test_adapters_take_the_compact_path(setup: Setup, monkeypatch: pytest.MonkeyPatch) -> None:
    from meeple.rl.pettingzoo import MeepleAECEnv

    env = MeepleAECEnv(setup.load())
    env.reset(seed=3)
    calls: list[int] = []
    encoder = env.encoder
    original = type(encoder).encode_ids

    def counting(self: Any, ids: tuple[Any, ...]) -> Any:
        calls.append(1)
        return original(self, ids)

    monkeypatch.setattr(type(encoder), "encode_ids", counting)
    env.observe(env.agent_selection)
    assert calls == [1]


def test_a_state_without_the_compact_form_is_encoded_from_its_observation() -> None:
    from meeple.rl.encoding import Encoder

    class Plain(Encoder):
        game_name = "anludim"

        def build(self, layout: Any) -> None:
            layout.add("x", 1, "one")

        def encode(self, observation: Any) -> Any:
            return np.array([0.5], np.float32)

    state = Setup("anludim", 2).load().new_initial_state(seed=1)
    assert Plain(state.game.info).encode_state(state, 0).tolist() == [0.5]
