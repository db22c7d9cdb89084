"""Conformance: clones are independent, and a game is a function of options, seed, actions."""

from __future__ import annotations

import pytest
from conformance_support import (
    SEEDS,
    Config,
    Snapshot,
    apply_random,
    few_examples,
    play_out,
    sample_states,
    snapshot,
    walk,
)
from hypothesis import given

from meeple.core import Rng


@few_examples(5)
@given(seed=SEEDS, walk_seed=SEEDS)
def test_clone_independence(config: Config, seed: int, walk_seed: int) -> None:
    """Play a clone on from several positions: the original never changes."""
    for state in sample_states(config, seed, 8):
        before = snapshot(state)
        clone = state.clone()
        assert snapshot(clone) == before, "a fresh clone differs from its original"
        apply_random(clone, Rng(walk_seed), 40)
        assert snapshot(state) == before, "playing a clone changed the original"
        # and the other way round: playing the original leaves an older clone alone
        clone = state.clone()
        clone_before = snapshot(clone)
        apply_random(state, Rng(walk_seed + 1), 40)
        assert snapshot(clone) == clone_before, "playing the original changed a clone"


def test_clone_plays_like_original(config: Config) -> None:
    """A clone and its original, fed the same actions, stay identical all game long."""
    for state in sample_states(config, 11, 4):
        clone = state.clone()
        rng = Rng(12)
        while not state.is_terminal():
            assert snapshot(clone) == snapshot(state)
            action = state.legal_actions()[rng.below(len(state.legal_actions()))]
            state.apply_action(action)
            clone.apply_action(action)
        assert snapshot(clone) == snapshot(state)


def trajectory(
    config: Config, seed: int, walk_seed: int, max_len: int | None = None
) -> list[Snapshot]:
    """Snapshots of a random game (of its first `max_len` positions, if given)."""
    shots: list[Snapshot] = []
    for state in walk(config.new_state(seed), Rng(walk_seed)):
        shots.append(snapshot(state))
        if max_len is not None and len(shots) >= max_len:
            break
    return shots


@few_examples(3)
@given(seed=SEEDS, walk_seed=SEEDS)
def test_determinism(config: Config, seed: int, walk_seed: int) -> None:
    """Same options, seed and choices: the same observations, legal actions and returns
    at every step (two separately loaded games)."""
    first = trajectory(config, seed, walk_seed)
    second = trajectory(config, seed, walk_seed)
    assert len(first) == len(second)
    for step, (a, b) in enumerate(zip(first, second, strict=True)):
        assert a == b, f"step {step}: same seed and actions, different state"


def test_determinism_by_history(config: Config) -> None:
    """Replaying a history by hand on a new state of the same seed gives the same state."""
    state = play_out(config.new_state(21), Rng(22))
    again = config.new_state(21)
    for action in state.history():
        again.apply_action(action)
    assert snapshot(again) == snapshot(state)


@pytest.mark.parametrize("base_seed", [0, 1000])
def test_different_seeds_differ(config: Config, base_seed: int) -> None:
    """Over several seeds with the same choices, at least one game differs from the first
    (within its first 60 positions)."""
    reference = trajectory(config, base_seed, 5, max_len=60)
    any_differs = False
    for seed in range(base_seed + 1, base_seed + 6):
        any_differs |= trajectory(config, seed, 5, max_len=60) != reference
    assert any_differs, "six seeds played with the same choices all gave the same game"


def test_a_pickled_state_plays_on_like_the_original(config: Config) -> None:
    """States pickle (for worker processes and checkpoints): the copy shows every seat
    the same and, fed the same actions, stays identical to the original."""
    import pickle

    for state in sample_states(config, 13, 3):
        copy = pickle.loads(pickle.dumps(state))
        rng = Rng(14)
        for _ in range(60):
            assert snapshot(copy) == snapshot(state)
            if state.is_terminal():
                break
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
            state.apply_action(action)
            copy.apply_action(action)


def _scribble(value: object) -> None:
    """Change every list and dict inside a returned view, as a careless caller might."""
    if isinstance(value, list):
        for item in value:
            _scribble(item)
        value.append("scribbled")
    elif isinstance(value, dict):
        for item in value.values():
            _scribble(item)
        value["scribbled"] = True


def test_a_returned_view_is_the_callers_own(config: Config) -> None:
    """Changing an observation (or the spectator's view) a state returned changes
    neither the state nor its clones: each call hands out data of its own."""
    for state in sample_states(config, 3, 12):
        before = snapshot(state)
        clone = state.clone()
        public = state.public_observation()
        _scribble(public)
        for seat in range(config.players):
            _scribble(state.observation(seat))
        assert snapshot(state) == before, "changing a returned view changed the state"
        assert snapshot(clone) == before, "changing a returned view changed a clone"
        assert "scribbled" not in str(state.public_observation())


_PLAY_AND_DIGEST = """
import hashlib, json, sys
import meeple
from meeple.agents import check_for_game, make_from_spec
from meeple.errors import AgentError
game = meeple.load_game(sys.argv[1])
digest = hashlib.sha256()
for spec, moves in (("random", 400), ("greedy", 400), ("ismcts:iterations=25", 12)):
    state = game.new_initial_state(seed=17)
    agents = [make_from_spec(spec, seed=3 + seat) for seat in range(game.info.players)]
    try:
        check_for_game(agents[0], game)
    except AgentError:  # a plugin's game may have no greedy policy
        continue
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(agents[state.current_player].act(state))
    views = [state.observation(seat) for seat in range(game.info.players)]
    digest.update(json.dumps([state.history(), views], sort_keys=True).encode())
print(digest.hexdigest())
"""


def test_a_game_is_the_same_in_another_process(game_name: str) -> None:
    """Same seed and agents, same game, in processes whose string hashing differs (so
    no rule or agent may depend on the order of a set or dict of strings)."""
    import os
    import subprocess
    import sys

    digests = set()
    for hash_seed in ("1", "4242"):
        env = {**os.environ, "PYTHONHASHSEED": hash_seed}
        done = subprocess.run(
            [sys.executable, "-c", _PLAY_AND_DIGEST, game_name],
            env=env,
            capture_output=True,
            text=True,
            check=True,
        )
        digests.add(done.stdout.strip())
    assert len(digests) == 1, "the same game differs between two processes"
