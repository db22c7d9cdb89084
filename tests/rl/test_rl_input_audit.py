"""Bad input to the research adapters: a meeple error, and the game left as it was."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import meeple
from meeple.core import State
from meeple.errors import IllegalActionError, OptionError
from meeple.rl import gymnasium_env, pettingzoo_env

GAMES = meeple.list_games()

# Not one integer id: numpy arrays of floats, of several ids, or empty, and numpy floats
# and bools (plain Python non-integers are covered by the adapters' own tests).
NOT_AN_ID = [
    np.array([1, 2]),
    np.array(3.0),
    np.array([], dtype=np.int64),
    np.array([[0]]),
    np.float32(0.0),
    np.bool_(False),
]


def seen(state: State) -> str:
    n = state.game.info.players
    return json.dumps([state.history(), [state.observation(p) for p in range(n)]])


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", NOT_AN_ID, ids=repr)
def test_pettingzoo_refuses_arrays_that_are_not_one_id(game: str, action: Any) -> None:
    env = pettingzoo_env(game)
    env.reset(seed=3)
    before, agent = seen(env.game_state), env.agent_selection
    with pytest.raises(IllegalActionError, match="an action is an integer id"):
        env.step(action)
    assert seen(env.game_state) == before and env.agent_selection == agent
    env.step(np.array(int(np.flatnonzero(env.action_mask())[0])))  # a 0-d int array is fine
    assert len(env.game_state.history()) == 1


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", NOT_AN_ID, ids=repr)
def test_gymnasium_raise_mode_refuses_them_and_goes_on(game: str, action: Any) -> None:
    env = gymnasium_env(game, invalid_action="raise")
    _, info = env.reset(seed=3)
    before = seen(env.game_state)
    with pytest.raises(IllegalActionError, match="an action is an integer id"):
        env.step(action)
    assert seen(env.game_state) == before
    _, _, terminated, _, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not terminated


@pytest.mark.parametrize("action", NOT_AN_ID, ids=repr)
def test_gymnasium_penalty_mode_scores_them_as_illegal(action: Any) -> None:
    env = gymnasium_env("anludim", players=2, illegal_action_reward=-3.0)
    env.reset(seed=3)
    before = seen(env.game_state)
    _, reward, terminated, truncated, info = env.step(action)
    assert (reward, terminated, truncated) == (-3.0, True, False)
    assert info["illegal_action"] is True
    assert seen(env.game_state) == before


@pytest.mark.parametrize("seed", [-1, "7", 2.5, True])
def test_a_bad_reset_seed_is_an_option_error(seed: Any) -> None:
    """Both adapters refuse it the same way, inside meeple's error family (gymnasium's own
    seeding used to answer with its own exception class) and keep the episode going."""
    for env in (gymnasium_env("anludim", players=2), pettingzoo_env("anludim", players=2)):
        env.reset(seed=5)
        before = seen(env.game_state)
        with pytest.raises(OptionError, match="seed must be a non-negative integer"):
            env.reset(seed=seed)
        assert seen(env.game_state) == before
