"""The Gymnasium adapter: Gymnasium's env checker, registration, bots, illegal actions."""

from __future__ import annotations

import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from rl_support import OWL, PLAYER_COUNTS, SPIDER, Setup

import meeple
import meeple.agents
from meeple.core import Rng
from meeple.errors import IllegalActionError, OptionError
from meeple.rl import EnvStateError, MeepleEnv, encoder_for, gymnasium_env
from meeple.rl.gymnasium import env_id, register_gymnasium_envs


@pytest.mark.parametrize("setup", PLAYER_COUNTS + SPIDER + OWL, ids=lambda s: s.id)
def test_env_checker_is_clean(setup: Setup, capsys: pytest.CaptureFixture[str]) -> None:
    env = gymnasium.make(env_id(setup.game), players=setup.players, **dict(setup.options))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_env(env.unwrapped)
    capsys.readouterr()  # the checker renders each mode once, "human" to stdout


def test_every_game_is_registered() -> None:
    ids = register_gymnasium_envs()
    assert ids == [env_id(name) for name in meeple.list_games()]
    assert env_id("anludim") == "meeple/Anludim-v0"
    assert all(ident in gymnasium.registry for ident in ids)
    env = gymnasium.make("meeple.rl.gymnasium:meeple/Anludim-v0", players=2)
    assert isinstance(env.unwrapped, MeepleEnv)


def random_episode(env: MeepleEnv, seed: int) -> tuple[list[int], float, dict[str, object]]:
    rng = Rng(seed)
    obs, info = env.reset(seed=seed)
    actions: list[int] = []
    while True:
        legal = np.flatnonzero(info["action_mask"])
        assert np.array_equal(info["action_mask"], env.action_masks())
        action = int(legal[rng.below(len(legal))])
        actions.append(action)
        obs, reward, terminated, truncated, info = env.step(action)
        assert obs in env.observation_space
        assert not truncated
        if terminated:
            return actions, reward, info


@pytest.mark.parametrize("opponents", ["random", ["random", "random"]])
def test_a_whole_episode_against_bots(opponents: str | list[str]) -> None:
    env = gymnasium_env("anludim", players=3, seat=1, opponents=opponents)
    actions, reward, info = random_episode(env, seed=5)
    state = env.game_state
    assert state.is_terminal()
    assert reward == state.returns()[1] == info["returns"][1]  # type: ignore[index]
    assert not info["action_mask"].any()  # type: ignore[attr-defined]
    # Every step was one decision of the learner's seat; the bots played the rest.
    record = state.to_record()
    replayed = meeple.load_game("anludim", players=3).new_initial_state(seed=record["seed"])
    mine = []
    for action in record["actions"]:
        if replayed.current_player == 1:
            mine.append(action)
        replayed.apply_action(action)
    assert mine == actions
    # Same seed, same actions: the same episode (game seed and bots' seeds).
    assert random_episode(env, seed=5)[0] == actions


def test_opponents_are_agent_specs_and_a_search_budget_repeats() -> None:
    """Opponents take settings, as every spec does: a search with an iteration budget
    (not the default time budget) makes a seeded run repeat."""
    runs = []
    for _ in range(2):
        env = gymnasium_env("anludim", players=2, seat=1, opponents="ISMCTS:iterations=8")
        assert env.opponent_names == ["ismcts:iterations=8"]
        _, info = env.reset(seed=3)
        for _ in range(6):  # the learner's first legal moves, and the bot's answers
            info = env.step(int(np.flatnonzero(info["action_mask"])[0]))[4]
        runs.append(env.game_state.to_record())
        assert env.opponents[0].iterations == 8  # type: ignore[attr-defined]
    assert runs[0] == runs[1] and len(runs[0]["actions"]) > 6


def test_observation_is_the_learners_view() -> None:
    env = gymnasium_env("anludim", players=2, seat=1)
    obs, _ = env.reset(seed=9)
    state = env.game_state
    assert state.current_player == 1
    assert np.array_equal(obs, encoder_for(env.game).encode(state.observation(1)))


def test_random_seat() -> None:
    env = gymnasium_env("anludim", players=4, seat="random")
    seats = set()
    for seed in range(12):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
        assert env.game_state.current_player == info["seat"]
    assert len(seats) > 1


def test_illegal_action_penalty_ends_the_episode() -> None:
    env = gymnasium_env("anludim", players=2)
    _, info = env.reset(seed=1)
    history = env.game_state.history()
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, truncated, info = env.step(illegal)
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True
    assert env.game_state.history() == history
    with pytest.raises(EnvStateError, match="reset"):
        env.step(illegal)
    env = gymnasium_env("anludim", illegal_action_reward=-5.0)
    env.reset(seed=1)
    assert env.step(10_000)[1] == -5.0


def test_illegal_action_raise_keeps_the_episode() -> None:
    env = gymnasium_env("anludim", players=2, invalid_action="raise")
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    with pytest.raises(IllegalActionError):
        env.step(illegal)
    legal = int(np.flatnonzero(info["action_mask"])[0])
    env.step(np.int64(legal))


def test_bad_settings() -> None:
    with pytest.raises(OptionError, match="unknown agent"):
        gymnasium_env("anludim", opponents="grandmaster")
    with pytest.raises(OptionError, match="one per other seat"):
        gymnasium_env("anludim", players=3, opponents=["random"])
    with pytest.raises(OptionError, match="seat"):
        gymnasium_env("anludim", players=3, seat=3)
    with pytest.raises(OptionError, match="invalid_action"):
        gymnasium_env("anludim", invalid_action="ignore")
    with pytest.raises(OptionError, match="render_mode"):
        gymnasium_env("anludim", render_mode="rgb_array")
    with pytest.raises(EnvStateError, match="reset"):
        gymnasium_env("anludim").step(0)


def test_render_ansi() -> None:
    env = gymnasium_env("anludim", players=3, seat=2, render_mode="ansi")
    env.reset(seed=4)
    text = env.render()
    assert isinstance(text, str) and "you are seat 2" in text


def test_registered_ids_truncate_a_game_that_does_not_end() -> None:
    from meeple.rl._common import MAX_GAME_LENGTH

    env = gymnasium.make("meeple/Anludim-v0", players=2)
    assert env.spec is not None and env.spec.max_episode_steps == MAX_GAME_LENGTH
    short = gymnasium.make("meeple/Anludim-v0", players=2, max_episode_steps=3)
    _, info = short.reset(seed=0)
    for step in range(3):
        legal = np.flatnonzero(info["action_mask"])
        _, reward, terminated, truncated, info = short.step(int(legal[0]))
        assert not terminated and truncated == (step == 2) and reward == 0.0


def test_episodes_deal_from_63_bit_seeds() -> None:
    env = MeepleEnv("anludim")
    seeds = []
    for k in range(10):
        env.reset(seed=k)
        seeds.append(env.game_state.seed)
    assert max(seeds) >= 2**32 and all(0 <= s < 2**63 for s in seeds)


@pytest.mark.parametrize("reward", [10**400, float("nan"), "1", True])
def test_the_illegal_action_reward_is_a_finite_number(reward: object) -> None:
    with pytest.raises(OptionError, match="illegal_action_reward must be a finite number"):
        MeepleEnv("anludim", illegal_action_reward=reward)  # type: ignore[arg-type]


def test_opponents_are_a_comma_list_as_on_the_command_line() -> None:
    env = MeepleEnv("anludim", players=3, opponents="greedy, random")
    assert env.opponent_names == ["greedy", "random"]


def test_random_seat_takes_every_seat_the_last_one_too() -> None:
    env = gymnasium_env("anludim", players=3, seat="random")
    seats = set()
    for seed in range(30):
        _, info = env.reset(seed=seed)
        seats.add(info["seat"])
    assert seats == {0, 1, 2}


def test_info_gives_returns_and_scores_only_at_the_end() -> None:
    env = gymnasium_env("aridnyk", players=2)  # its scores are not 0 during the game
    _, info = env.reset(seed=3)
    done = False
    while not done:
        assert "returns" not in info and "scores" not in info
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, done, _, info = env.step(action)
    state = env.game_state
    assert info["returns"] == state.returns() and info["scores"] == state.scores()


def test_the_bots_are_seeded_as_everywhere_meeple_seats_agents() -> None:
    # agent_seed(game seed, seat), as simulate, play and serve seed them: an episode's
    # record replays with meeple's own agents
    env = gymnasium_env("anludim", players=3, seat=1, opponents="random")
    _, info = env.reset(seed=5)
    done = False
    while not done:
        action = int(np.flatnonzero(info["action_mask"])[0])
        _, _, done, _, info = env.step(action)
    record = env.game_state.to_record()
    state = env.game.new_initial_state(seed=record["seed"])
    bots = {
        s: meeple.agents.make_from_spec("random", seed=meeple.agents.agent_seed(record["seed"], s))
        for s in (0, 2)
    }
    for action in record["actions"]:
        seat = state.current_player
        if seat != 1:
            assert bots[seat].act(state) == action
        state.apply_action(action)
    assert state.is_terminal()


def test_a_score_reward_pays_a_solo_aridnyk_game_its_flock() -> None:
    """Solo Aridnyk's result is 1.0 whatever the flock: reward="score" pays the final
    score instead, in both adapters, so there is something to learn."""
    from meeple.rl import pettingzoo_env

    paid: dict[str, list[float]] = {"returns": [], "score": []}
    for reward in paid:
        for seed in range(3):
            env = gymnasium_env("aridnyk", players=1, reward=reward)
            _, info = env.reset(seed=seed)
            done, total = False, 0.0
            while not done:
                action = int(np.flatnonzero(info["action_mask"])[0])
                _, r, done, _, info = env.step(action)
                total += r
            paid[reward].append(total)
            assert total == (info["scores"][0] if reward == "score" else info["returns"][0])
    assert paid["returns"] == [1.0, 1.0, 1.0] and paid["score"] != paid["returns"]
    aec = pettingzoo_env("aridnyk", players=1, reward="score")
    aec.reset(seed=0)
    for _agent in aec.agent_iter():
        obs, r, terminated, truncated, info = aec.last()
        aec.step(None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[0]))
    assert r == info["scores"][0] > 1.0
    with pytest.raises(OptionError, match="reward cannot be 'points'"):
        gymnasium_env("aridnyk", players=1, reward="points")
