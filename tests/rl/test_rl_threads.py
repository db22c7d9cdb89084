"""Environments in threads: every environment of a configuration shares one encoder
(encoder_for), so its reuse of earlier work must not let one thread's vector take in
another's. Each thread plays its own environment; every vector it saw must equal a
private encoder's encoding of the same state."""

from __future__ import annotations

import copy
import pickle
import sys
import threading
from typing import Any

import numpy as np
import pytest

import meeple
from meeple.rl import encoder_for, pettingzoo_env


@pytest.mark.parametrize("name", sorted(meeple.list_games()))
def test_threads_sharing_an_encoder_see_their_own_observations(name: str) -> None:
    seen: dict[int, list[tuple[Any, int, Any]]] = {}

    def play(seed: int) -> None:
        env = pettingzoo_env(name, players=2)
        env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        out = []
        while len(out) < 120:  # game after game: a plugin's games may be short
            for agent in env.agent_iter(max_iter=800):
                obs, _, terminated, truncated, _ = env.last()
                state = env.game_state.clone()
                out.append((state, env.agent_name_mapping[agent], obs["observation"]))
                mask = obs["action_mask"]
                done = terminated or truncated
                env.step(None if done else int(rng.choice(np.flatnonzero(mask))))
            env.reset()
        seen[seed] = out

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        threads = [threading.Thread(target=play, args=(seed,)) for seed in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    game = meeple.load_game(name, players=2)
    private = type(encoder_for(game))(game.info)  # one no environment has used
    checked = 0
    for out in seen.values():
        for state, seat, vector in out:
            assert np.array_equal(vector, private.encode(state.observation(seat)))
            checked += 1
    assert len(seen) == 8 and checked >= 8 * 100


@pytest.mark.parametrize("name", sorted(meeple.list_games()))
def test_used_environments_copy_and_pickle_and_go_on_alike(name: str) -> None:
    # RL libraries copy and pickle environments (vector envs, checkpoints); an encoder
    # that has already encoded keeps work of its own that is not copied with it
    env = pettingzoo_env(name, players=2)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    for _ in range(40):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:  # a short game: the next one
            env.step(None)
            if not env.agents:
                env.reset()
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    copies = [copy.deepcopy(env), pickle.loads(pickle.dumps(env))]
    assert all(c.encoder is env.encoder for c in copies)  # the shared one
    for _ in range(40):
        obs, _, terminated, truncated, _ = env.last()
        for other in copies:
            assert np.array_equal(other.last()[0]["observation"], obs["observation"])
        done = terminated or truncated
        action = None if done else int(rng.choice(np.flatnonzero(obs["action_mask"])))
        for e in (env, *copies):
            e.step(action)
            if not e.agents:  # a short game: the next one, the same deal in each
                e.reset()
