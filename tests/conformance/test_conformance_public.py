"""Conformance: public_observation (what a spectator sees) holds nothing hidden from any
seat, and is plain JSON."""

from __future__ import annotations

import json

from conformance_support import SEEDS, Config, few_examples, players_of, sample_states, snapshot
from hypothesis import given

from meeple.core import State


def public_json(state: State) -> str:
    return json.dumps(state.public_observation(), sort_keys=True)


@few_examples(3)
@given(seed=SEEDS)
def test_public_observation_is_json(config: Config, seed: int) -> None:
    for state in sample_states(config, seed, 12):
        before = snapshot(state)
        public = state.public_observation()
        assert isinstance(public, dict)
        assert all(isinstance(k, str) for k in public)
        assert json.loads(json.dumps(public)) == public, "public_observation changes via JSON"
        assert snapshot(state) == before, "public_observation changed the state"


def test_public_observation_hides_everything_hidden(config: Config) -> None:
    """Replacing the state by s.resample(p, k), for every seat p, never changes what a
    spectator sees: the spectator's view depends on nothing any seat cannot see."""
    for state in sample_states(config, 101, 12):
        public = public_json(state)
        for player in range(players_of(state)):
            for k in (0, 1, 2):
                other_truth = state.resample(player, 7919 * k + 3)
                assert public_json(other_truth) == public, (
                    f"public_observation() changes with what is hidden from seat {player} "
                    f"(position {len(state.history())}, resample seed {7919 * k + 3})"
                )


def test_public_observation_is_a_copy(config: Config) -> None:
    state = sample_states(config, 103, 3)[1]
    first = state.public_observation()
    first.clear()
    assert state.public_observation(), "public_observation returned shared state"
