"""Bad input to the research adapters: a meeple error, and the game left as it was."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

import meeple
from meeple.core import State
from meeple.errors import IllegalActionError, OptionError
from meeple.rl import EnvStateError, gymnasium_env, pettingzoo_env

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


@pytest.mark.parametrize("mode", ["raise", "penalty"])
@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", NOT_AN_ID, ids=repr)
def test_gymnasium_refuses_them_and_goes_on(game: str, action: Any, mode: str) -> None:
    """In both modes: the penalty is for a move the learner may not make; something that
    is no move at all is a fault in the wiring, which a penalty would hide as a policy
    that loses."""
    env = gymnasium_env(game, invalid_action=mode)
    _, info = env.reset(seed=3)
    before = seen(env.game_state)
    with pytest.raises(IllegalActionError, match="an action is an integer id"):
        env.step(action)
    assert seen(env.game_state) == before
    _, _, terminated, _, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert not terminated


@pytest.mark.parametrize("action", [-1, 10**6, "illegal"], ids=repr)
def test_gymnasium_penalty_mode_scores_an_id_it_may_not_take(action: Any) -> None:
    env = gymnasium_env("anludim", players=2, illegal_action_reward=-3.0)
    _, info = env.reset(seed=3)
    if action == "illegal":
        action = int(np.flatnonzero(info["action_mask"] == 0)[0])
    before = seen(env.game_state)
    _, reward, terminated, truncated, info = env.step(np.int64(action))
    assert (reward, terminated, truncated) == (-3.0, True, False)
    assert info["illegal_action"] is True
    assert seen(env.game_state) == before


@pytest.mark.parametrize("options", [{"players": 4}, {"variant": "expert"}, ["x"]], ids=repr)
def test_a_gymnasium_reset_that_names_options_is_refused(options: Any) -> None:
    """They are the game's, given when the environment is made: dropped, they would
    leave a run playing another game than it asked for. (PettingZoo's own api_test
    passes options a reset must take quietly: there they are ignored.)"""
    for env in (gymnasium_env("anludim", players=2),):
        env.reset(seed=5, options={})
        before = seen(env.game_state)
        with pytest.raises(OptionError, match="reset\\(\\) takes no options"):
            env.reset(seed=6, options=options)
        assert seen(env.game_state) == before


@pytest.mark.parametrize("seed", [-1, "7", 2.5, True, 2**64, -(2**70)])
def test_a_bad_reset_seed_is_an_option_error(seed: Any) -> None:
    """Both adapters refuse it the same way, inside meeple's error family (gymnasium's own
    seeding used to answer with its own exception class) and keep the episode going."""
    for env in (gymnasium_env("anludim", players=2), pettingzoo_env("anludim", players=2)):
        env.reset(seed=5)
        before = seen(env.game_state)
        with pytest.raises(OptionError, match="seed must be a non-negative integer"):
            env.reset(seed=seed)
        assert seen(env.game_state) == before


def test_pettingzoo_after_the_end_and_unknown_agents_are_env_state_errors() -> None:
    from meeple.rl.errors import EnvStateError

    env = pettingzoo_env("anludim", players=2)
    env.reset(seed=3)
    for agent in ("player_9", ["player_0"], 0, None):  # unhashable and non-str too
        with pytest.raises(EnvStateError, match="no agent"):
            env.observe(agent)  # type: ignore[arg-type]
    with pytest.raises(EnvStateError, match="its agents: player_0, player_1"):
        env.action_mask("x")
    rng = meeple.core.Rng(3)
    for agent in env.agent_iter():
        _, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(env.action_mask(agent)).tolist()
        env.step(legal[rng.below(len(legal))])
    for late in (lambda: env.step(0), lambda: env.step(None), env.last):
        with pytest.raises(EnvStateError, match="every agent is done: call reset"):
            late()
    env.reset(seed=4)  # and the environment plays on
    assert env.agents == ["player_0", "player_1"]


@pytest.mark.parametrize(
    ("settings", "says"),
    [
        ({"opponents": None}, "an agent spec or a list of them, not NoneType"),
        ({"opponents": 5}, "not int"),
        ({"opponents": "ismcts:iterations=abc"}, "iterations must be a positive integer"),
        ({"opponents": "ismcts:settle=true"}, "no rule to settle"),
        ({"opponents": "nobody"}, "unknown agent 'nobody'"),
        ({"illegal_action_reward": float("nan")}, "must be a finite number"),
        ({"illegal_action_reward": "x"}, "must be a finite number"),
    ],
)
def test_gymnasium_bad_settings_are_option_errors(settings: dict[str, Any], says: str) -> None:
    with pytest.raises(OptionError, match=says):
        gymnasium_env("anludim", players=2, **settings)
    assert gymnasium_env("anludim", players=2, opponents="Greedy").opponent_names == ["greedy"]


def test_encoders_and_openspiel_take_names_and_loaded_games() -> None:
    from meeple.errors import UnknownGameError
    from meeple.rl import encoder_for, openspiel_game

    assert encoder_for("anludim") is encoder_for(meeple.load_game("anludim"))
    with pytest.raises(UnknownGameError):
        openspiel_game("nope")
    with pytest.raises(OptionError, match="unknown option 'foo'"):
        openspiel_game("anludim", foo=1)
    loaded = openspiel_game(meeple.load_game("anludim", players=2, variant="expert"))
    assert loaded.num_players() == 2
    assert loaded.get_parameters()["variant"] == "expert"
    state = loaded.new_initial_state()
    with pytest.raises(IllegalActionError, match="only outcome is 0"):
        state.apply_action(5)
    state.apply_action(0)  # the deal
    assert state.current_player() >= 0


def test_a_policy_answer_that_is_not_an_integer_is_an_agent_error() -> None:
    from meeple.errors import AgentError
    from meeple.rl import PolicyAgent

    state = meeple.load_game("anludim", players=2).new_initial_state(seed=1)
    legal = state.legal_actions()[0]
    for answer in (legal + 0.7, str(legal), True, None):
        with pytest.raises(AgentError, match="not an action id"):
            PolicyAgent(lambda obs, mask, a=answer: a).act(state)
    assert PolicyAgent(lambda obs, mask: np.int64(legal)).act(state) == legal


def test_an_encoder_refuses_another_games_state_and_a_wrong_vector() -> None:
    from meeple.errors import MeepleError
    from meeple.rl import encoder_for
    from meeple.rl.errors import NoEncoderError

    encoder = encoder_for("anludim")
    arnak = meeple.load_game("arnak", players=2).new_initial_state(seed=1)
    with pytest.raises(NoEncoderError, match="cannot encode a state of arnak"):
        encoder.encode_state(arnak, 0)
    others = [n for n in (2, 3, 4, 5) if n != encoder.info.players]
    for players in others:  # another configuration of the same game
        other = meeple.load_game("anludim", players=players).new_initial_state(seed=1)
        with pytest.raises(NoEncoderError, match=f"cannot encode a state of anludim .{players}"):
            encoder.encode_state(other, 0)
    with pytest.raises(NoEncoderError, match="not None"):
        encoder_for(None)  # type: ignore[arg-type]
    with pytest.raises(MeepleError, match=f"vector of {encoder.size} values"):
        encoder.views(np.zeros(10, np.float32))
    state = meeple.load_game("anludim").new_initial_state(seed=1)
    vector = encoder.encode_state(state, 0)
    assert set(encoder.views(vector)) == {block.name for block in encoder.blocks}


def test_numpy_integers_are_seeds_seats_and_step_limits() -> None:
    env = gymnasium_env("anludim", players=2, seat=np.int64(1))
    assert env.reset(seed=np.int64(5))[1]["seat"] == 1
    plain = gymnasium_env("anludim", players=2, seat=1)
    plain.reset(seed=5)
    assert seen(env.game_state) == seen(plain.game_state)
    pz = pettingzoo_env("anludim", players=2, max_steps=np.int32(10))
    pz.reset(seed=np.uint64(2**64 - 1))  # the largest seed, then on to 0
    assert pz.max_steps == 10
    pz.reset()
    assert seen(pz.game_state) == seen(meeple.load_game("anludim", players=2).new_initial_state(0))
    cheap = gymnasium_env("anludim", illegal_action_reward=np.float32(-2))
    assert cheap.illegal_action_reward == -2


def test_pettingzoo_observations_are_new_arrays_and_masks_name_their_agent() -> None:
    env = pettingzoo_env("anludim", players=2)
    env.reset(seed=1)
    first = env.last()[0]
    first["observation"][:] = 0.5  # a caller's own change stays its own
    first["action_mask"][:] = 0
    again = env.observe(env.agent_selection)
    assert again["action_mask"].any() and not (again["observation"] == 0.5).all()
    for agent in (0, "", 1.0):
        with pytest.raises(EnvStateError, match="no agent"):
            env.action_mask(agent)  # type: ignore[arg-type]


def test_a_registered_id_plays_its_own_game() -> None:
    import gymnasium

    import meeple.rl.gymnasium  # noqa: F401 (registers the ids)

    with pytest.raises(OptionError, match="meeple/Arnak-v0 plays arnak"):
        gymnasium.make("meeple/Arnak-v0", game="anludim")
    env = gymnasium.make("meeple/Arnak-v0", game="arnak", players=3)
    assert env.unwrapped.game.info.players == 3
    with pytest.raises(OptionError, match="agent spec"):
        gymnasium_env("anludim", opponents=b"random")


def test_rl_adapters_speak_plainly_of_early_steps_samplers_and_numpy_seeds() -> None:
    import gymnasium

    import meeple.rl.gymnasium  # noqa: F401  (registers the ids)
    from meeple.rl import openspiel_game

    env = gymnasium.make("meeple/Anludim-v0").unwrapped
    with pytest.raises(EnvStateError, match=r"call reset\(\) before step"):
        env.step(0)
    game = openspiel_game("anludim", players=np.int64(2), rng_seed=np.int64(3))
    assert game.get_parameters()["rng_seed"] == 3 and game.num_players() == 2
    state = game.new_initial_state().child(0)
    for bad in (-0.5, 1.0, float("nan"), "x"):
        with pytest.raises(OptionError, match=r"gives floats in \[0, 1\)"):
            state.resample_from_infostate(0, lambda bad=bad: bad)
