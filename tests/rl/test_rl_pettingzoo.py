"""The PettingZoo AEC adapter: PettingZoo's own API and seed tests, and what it promises."""

from __future__ import annotations

import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test
from rl_support import OWL, PLAYER_COUNTS, SPIDER, VARIANTS, Setup

import meeple
from meeple.core import Rng
from meeple.errors import IllegalActionError, OptionError
from meeple.rl import EnvStateError, MeepleAECEnv, encoder_for, pettingzoo_env

# PettingZoo's api_test warns about any dict observation (it exempts its own classic
# games by name); a dict with "observation" and "action_mask" is its documented format.
DICT_OBSERVATION_WARNINGS = (
    "Observation is not a NumPy array",
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "Action mask numpy array is all zeros",
)


def run_quietly_strict(check: object, *args: object, **kwargs: object) -> None:
    """Run a PettingZoo check with every warning an error, except the known three."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for text in DICT_OBSERVATION_WARNINGS:
            warnings.filterwarnings("ignore", message=text)
        check(*args, **kwargs)  # type: ignore[operator]


@pytest.mark.parametrize("setup", PLAYER_COUNTS + VARIANTS, ids=lambda s: s.id)
def test_pettingzoo_api_test(setup: Setup) -> None:
    # 1000 cycles of every agent: longer than a whole game, so the end is checked too.
    env = pettingzoo_env(setup.game, players=setup.players, **dict(setup.options))
    run_quietly_strict(api_test, env, num_cycles=1000)


@pytest.mark.parametrize("setup", PLAYER_COUNTS + SPIDER + OWL, ids=lambda s: s.id)
def test_pettingzoo_seed_test(setup: Setup) -> None:
    options = dict(setup.options)
    run_quietly_strict(
        seed_test,
        lambda: pettingzoo_env(setup.game, players=setup.players, **options),
        num_cycles=500,
    )


def play_random(env: MeepleAECEnv, seed: int) -> list[int]:
    """Random legal play of a whole game; returns the actions taken."""
    rng = Rng(seed)
    actions = []
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.below(len(legal))])
        actions.append(action)
        env.step(action)
    return actions


@pytest.mark.parametrize("game_name", meeple.list_games())
def test_a_whole_game_matches_the_engine(game_name: str) -> None:
    env = pettingzoo_env(game_name)
    env.reset(seed=21)
    assert env.game_state.seed == 21
    game = env.game
    encoder = encoder_for(game)
    rng = Rng(3)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    while env.agents:
        agent = env.agent_selection
        obs, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        state = env.game_state
        seat = env.agent_name_mapping[agent]
        assert state.current_player == seat
        # The observation is the encoder's view of that seat, the mask its legal actions.
        assert np.array_equal(obs["observation"], encoder.encode(state.observation(seat)))
        assert np.flatnonzero(obs["action_mask"]).tolist() == state.legal_actions()
        for other in env.possible_agents:
            if other != agent:
                assert not env.observe(other)["action_mask"].any()
        legal = state.legal_actions()
        env.step(np.int64(legal[rng.below(len(legal))]))
    final = env.game_state
    assert final.is_terminal()
    assert [rewards[a] for a in env.possible_agents] == final.returns()
    # The record of the game replays to the same end.
    assert meeple.replay(final.to_record()).returns() == final.returns()


def test_reset_seeds_follow_on() -> None:
    env = pettingzoo_env("anludim", players=2)
    env.reset(seed=40)
    assert env.game_state.seed == 40
    env.reset()
    assert env.game_state.seed == 41
    env.reset(seed=40)
    first = play_random(env, seed=1)
    env.reset(seed=40)
    assert play_random(env, seed=1) == first


def test_illegal_and_out_of_order_actions() -> None:
    env = pettingzoo_env("anludim", players=3)
    with pytest.raises(EnvStateError, match="reset"):
        env.step(0)
    env.reset(seed=2)
    before = env.game_state.history()
    illegal = next(a for a in range(env.game.info.num_distinct_actions) if not env.action_mask()[a])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    with pytest.raises(IllegalActionError, match="out of range"):
        env.step(10_000)
    with pytest.raises(IllegalActionError, match="integer"):
        env.step(1.5)
    with pytest.raises(EnvStateError, match="None"):
        env.step(None)
    assert env.game_state.history() == before
    assert env.agent_selection == "player_0"


def test_dead_agents_must_pass_none() -> None:
    env = pettingzoo_env("anludim", players=2)
    env.reset(seed=3)
    rng = Rng(0)
    while not env.terminations[env.agent_selection]:
        legal = np.flatnonzero(env.action_mask())
        env.step(int(legal[rng.below(len(legal))]))
    with pytest.raises(EnvStateError, match="None"):
        env.step(0)
    info = env.infos[env.agent_selection]
    assert info["returns"] == env.game_state.returns()


def test_render_modes() -> None:
    env = pettingzoo_env("anludim", players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert isinstance(text, str) and "you are seat 0" in text
    quiet = pettingzoo_env("anludim")
    quiet.reset(seed=1)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        assert quiet.render() is None
    with pytest.raises(OptionError, match="render_mode"):
        pettingzoo_env("anludim", render_mode="rgb_array")


def test_human_render_prints(capsys: pytest.CaptureFixture[str]) -> None:
    env = pettingzoo_env("anludim", players=2, render_mode="human")
    env.reset(seed=1)
    assert env.render() is None
    assert "you are seat 0" in capsys.readouterr().out


def test_a_loaded_game_and_bad_settings() -> None:
    game = meeple.load_game("anludim", players=4, variant="expert")
    env = pettingzoo_env(game)
    assert env.possible_agents == [f"player_{i}" for i in range(4)]
    assert env.metadata["name"] == "meeple_anludim_v0"
    assert env.action_space("player_0").n == game.info.num_distinct_actions
    with pytest.raises(OptionError):
        pettingzoo_env(game, players=3)
    with pytest.raises(OptionError, match="players"):
        pettingzoo_env("anludim", players=9)
    with pytest.raises(OptionError, match="variant"):
        pettingzoo_env("anludim", variant="nope")


def last_legal(env: MeepleAECEnv) -> list[int]:
    """A policy that always plays the last legal action: in the base Anludim game two
    seats then take back and lay down the same gatherings turn after turn, for ever."""
    seen: list[int] = []
    for _agent in env.agent_iter():
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        action = int(np.flatnonzero(obs["action_mask"])[-1])
        seen.append(action)
        env.step(action)
    return seen


def test_a_game_that_does_not_end_is_truncated() -> None:
    env = pettingzoo_env("anludim", players=3, max_steps=3000)
    env.reset(seed=0)
    assert len(last_legal(env)) == 3000
    assert not env.agents and not env.game_state.is_terminal()
    assert len(env.game_state.history()) == 3000
    # each agent was told, with no reward, where the game was cut
    env.reset(seed=0)
    for _ in range(2999):
        env.step(int(np.flatnonzero(env.action_mask())[-1]))
    assert not any(env.truncations.values())
    env.step(int(np.flatnonzero(env.action_mask())[-1]))
    assert all(env.truncations.values()) and not any(env.terminations.values())
    assert set(env.rewards.values()) == {0.0}
    assert all(info == {"truncated_at": 3000} for info in env.infos.values())
    obs, reward, terminated, truncated, _ = env.last()
    assert truncated and not terminated and reward == 0.0
    assert not obs["action_mask"].any() and not env.action_mask().any()  # no one moves
    with pytest.raises(EnvStateError, match="None"):
        env.step(0)
    # a reset starts a whole game again
    env.reset(seed=1)
    assert not any(env.truncations.values()) and env.action_mask().any()


def test_the_step_limit_defaults_to_the_adapters_bound_and_is_checked() -> None:
    from meeple.rl._common import MAX_GAME_LENGTH

    assert pettingzoo_env("anludim").max_steps == MAX_GAME_LENGTH
    assert pettingzoo_env("anludim", max_steps=None).max_steps is None
    for bad in (0, -5, 2.5, True, "100"):
        with pytest.raises(OptionError, match="max_steps"):
            pettingzoo_env("anludim", max_steps=bad)


def test_the_api_test_passes_through_a_truncation() -> None:
    env = pettingzoo_env("arnak", players=2, max_steps=25)
    run_quietly_strict(api_test, env, num_cycles=100)
