"""The OpenSpiel adapter: registration, parameters, tensors, resampling, and OpenSpiel's
own ISMCTS and MCTS bots playing whole games."""

from __future__ import annotations

import json
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.algorithms.evaluate_bots import evaluate_bots
from open_spiel.python.bots.uniform_random import UniformRandomBot
from rl_support import MIN_MAX, OWL, SPIDER, Setup

import meeple
from meeple.errors import IllegalActionError, OptionError
from meeple.rl import encoder_for, openspiel_game, register_openspiel_games
from meeple.rl.openspiel import resampler, short_name


def dealt(game: pyspiel.Game) -> pyspiel.State:
    state = game.new_initial_state()
    assert state.is_chance_node() and state.chance_outcomes() == [(0, 1.0)]
    state.apply_action(0)
    return state


def advance(state: pyspiel.State, steps: int, seed: int = 0) -> pyspiel.State:
    rng = np.random.RandomState(seed)
    for _ in range(steps):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def test_every_game_is_registered_with_its_options() -> None:
    names = register_openspiel_games()
    assert names == [short_name(name) for name in meeple.list_games()]
    registered = {t.short_name: t for t in pyspiel.registered_games()}
    for name in meeple.list_games():
        game_type = registered[short_name(name)]
        info = meeple.load_game(name).info
        params = game_type.parameter_specification
        assert params["players"] == info.players and params["rng_seed"] == -1
        assert set(info.options) <= set(params)
        assert game_type.min_num_players == info.min_players
        assert game_type.max_num_players == info.max_players
        assert game_type.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
        assert game_type.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION


def test_parameters_reach_the_meeple_game() -> None:
    game = pyspiel.load_game("meeple_anludim(players=4,variant=expert,straight_wrap=True)")
    inner = game.meeple_game
    assert inner.info.players == game.num_players() == 4
    assert inner.info.values["variant"] == "expert" and inner.info.values["straight_wrap"]
    assert game.num_distinct_actions() == inner.info.num_distinct_actions
    assert game.observation_tensor_shape() == [encoder_for(inner).size]
    assert game.information_state_tensor_shape() == [encoder_for(inner).size]
    assert openspiel_game("anludim", players=2).num_players() == 2
    with pytest.raises(OptionError, match="variant"):
        pyspiel.load_game("meeple_anludim", {"variant": "nope"})
    with pytest.raises(OptionError, match="players"):
        pyspiel.load_game("meeple_anludim", {"players": 7})
    for seed in ("x", 2**31, True):
        with pytest.raises(OptionError, match="rng_seed is an integer of 32 bits"):
            openspiel_game("anludim", rng_seed=seed)


@pytest.mark.parametrize(
    "options",
    [{"purple": 2}, {"purple": 4}, {"first_objective_doubled": True}, {"objectives": 2}],
)
def test_options_the_game_derives_are_derived_as_meeple_derives_them(
    options: dict[str, object],
) -> None:
    """pyspiel fills in every default before the game sees its parameters: a value left
    at its default counts as not given, so Arnak's solo difficulty with purple tiles is
    5 - purple and a doubled first objective alone plays 3 objectives, as in meeple."""
    meant = meeple.load_game("arnak", players=1, **options).info.values
    loaded = pyspiel.load_game("meeple_arnak", {"players": 1, **options})
    assert loaded.meeple_game.info.values == meant
    parameters = loaded.get_parameters()
    assert {k: parameters[k] for k in meant} == meant  # the parameters say what is played
    assert pickle.loads(pickle.dumps(loaded)).meeple_game.info.values == meant
    # openspiel_game takes every value as given: a default asked for stays
    exact = openspiel_game("arnak", players=1, difficulty=2, purple=2)
    assert exact.meeple_game.info.values["difficulty"] == 2


def test_rng_seed_makes_the_deals_reproducible() -> None:
    def deals(seed: int) -> list[int]:
        game = pyspiel.load_game("meeple_anludim", {"rng_seed": seed})
        return [dealt(game).inner.seed for _ in range(3)]

    assert deals(5) == deals(5)
    assert len(set(deals(5))) == 3
    assert deals(5) != deals(6)


def test_state_follows_the_engine() -> None:
    game = openspiel_game("anludim", players=3, rng_seed=1)
    state = advance(dealt(game), 40)
    inner = state.inner
    assert state.current_player() == inner.current_player
    assert state.legal_actions() == inner.legal_actions()
    assert state.history()[1:] == inner.history()
    mask = state.legal_actions_mask()
    assert [i for i, m in enumerate(mask) if m] == inner.legal_actions()
    action = state.legal_actions()[0]
    assert state.action_to_string(state.current_player(), action) == inner.action_to_string(action)
    with pytest.raises(IllegalActionError):
        state.apply_action(next(a for a, m in enumerate(mask) if not m))
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.inner.history() == inner.history() != clone.inner.history()
    assert len(clone.history()) == len(state.history()) + 1


@pytest.mark.parametrize("name", meeple.list_games())
def test_games_and_states_pickle(name: str) -> None:
    """pyspiel's own pickling of a sampled-stochastic Python game fails (it asks C++ for
    the generator's state): games and states come back whole through pickle."""
    game = openspiel_game(name, players=2, rng_seed=3)
    game.new_initial_state().apply_action(0)  # the game's generator moves on
    copy = pickle.loads(pickle.dumps(game))
    assert copy.get_parameters() == game.get_parameters()
    assert copy.new_initial_state().child(0).inner.seed == dealt(game).inner.seed
    assert pickle.loads(pickle.dumps(game.new_initial_state())).is_chance_node()

    def history(state: pyspiel.State) -> list[tuple[int, int]]:
        return [(step.player, step.action) for step in state.full_history()]

    state = advance(dealt(game), 30)
    back = pickle.loads(pickle.dumps(state))
    assert history(back) == history(state)
    assert back.inner.to_record() == state.inner.to_record()
    assert back.information_state_string(1) == state.information_state_string(1)
    assert back.get_game() is back.core.game
    if not back.is_terminal():  # a short plugin game may be over already
        back.apply_action(back.legal_actions()[0])  # it plays on
    world = state.resample_from_infostate(0, lambda: 0.25)
    if not world.is_terminal():
        world.apply_action(world.legal_actions()[0])
    back = pickle.loads(pickle.dumps(world))
    assert history(back) == history(world) and back.move_number() == world.move_number()
    assert back.information_state_string(0) == world.information_state_string(0)
    assert back.inner.legal_actions() == world.inner.legal_actions()
    assert back.inner.observation(1) == world.inner.observation(1)


def test_tensors_and_strings_are_the_seats_view() -> None:
    game = openspiel_game("anludim", players=3, rng_seed=2)
    state = advance(dealt(game), 60, seed=1)
    encoder = encoder_for(game.meeple_game)
    for seat in range(3):
        view = state.inner.observation(seat)
        expected = encoder.encode(view)
        assert np.array_equal(np.array(state.observation_tensor(seat), np.float32), expected)
        assert np.array_equal(np.array(state.information_state_tensor(seat), np.float32), expected)
        assert json.loads(state.observation_string(seat)) == view
        info = state.information_state_string(seat)
        lines = info.split("\n")
        assert len(lines) == len(state.inner.history()) + 1
        assert json.loads(lines[-1]) == view
    # Others' hidden choices are not in a seat's information state.
    before = state.clone()
    while not state.is_terminal() and state.current_player() == before.current_player():
        state.apply_action(state.legal_actions()[-1])
    actor = before.current_player()
    for seat in range(3):
        if seat != actor:
            line = state.information_state_string(seat).split("\n")[len(before.inner.history())]
            assert line.startswith(f"{actor}: ") and "keep " not in line


@pytest.mark.parametrize("steps", [0, 25, 90, 170])
def test_resample_keeps_the_information_state(steps: int) -> None:
    game = openspiel_game("anludim", players=3, rng_seed=3)
    state = advance(dealt(game), steps, seed=steps)
    if state.is_terminal():
        pytest.skip("the game ended early")
    player = state.current_player()
    rng = np.random.RandomState(steps)
    worlds = [state.resample_from_infostate(player, rng.uniform) for _ in range(4)]
    for world in worlds:
        assert world.information_state_string(player) == state.information_state_string(player)
        assert world.observation_tensor(player) == state.observation_tensor(player)
        assert world.legal_actions() == state.legal_actions()
    # The worlds differ in what the player cannot see: the other seats' hands.
    others = [(player + 1) % 3, (player + 2) % 3]
    hands = {
        tuple(frozenset(c["id"] for c in w.inner.observation(o)["hand"]) for o in others)
        for w in worlds
    }
    assert len(hands) > 1
    pre = game.new_initial_state()
    assert pre.resample_from_infostate(0, rng.uniform).is_chance_node()
    # OpenSpiel's own sampler works too.
    sampled = state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0))
    assert sampled.information_state_string(player) == state.information_state_string(player)


def play(game: pyspiel.Game, bots: list[pyspiel.Bot], seed: int) -> pyspiel.State:
    """A whole game, each seat's decisions by its bot, chance sampled (ISMCTSBot has no
    restart_at, so OpenSpiel's evaluate_bots cannot drive it)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(int(rng.choice(outcomes, p=probs)))
            continue
        action = bots[state.current_player()].step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
    return state


@pytest.mark.parametrize("setup", MIN_MAX + SPIDER + OWL, ids=lambda s: s.id)
def test_ismcts_and_mcts_play_whole_games(setup: Setup) -> None:
    game = openspiel_game(
        setup.game, players=setup.players, rng_seed=setup.players, **dict(setup.options)
    )
    # Whole random rollouts at the smallest count; at larger counts they are cut short
    # (OpenSpiel's max_length) to keep a whole game to a few seconds.
    cut = None if setup.players == meeple.load_game(setup.game).info.min_players else 40
    evaluator = mcts.RandomRolloutEvaluator(
        n_rollouts=1, random_state=np.random.RandomState(0), max_length=cut
    )
    searcher = ismcts.ISMCTSBot(
        game, evaluator, uct_c=2.0, max_simulations=4, random_state=np.random.RandomState(1)
    )
    searcher.set_resampler(resampler(2))
    cheater = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=4, evaluator=evaluator, solve=False,
        random_state=np.random.RandomState(3),
    )  # fmt: skip
    others = [UniformRandomBot(p, np.random.RandomState(p)) for p in range(2, setup.players)]
    state = play(game, [searcher, cheater, *others], seed=setup.players)
    returns = state.returns()
    assert returns == state.inner.returns()
    if setup.players > 1:  # a solo player may lose (Arnak's rival)
        assert max(returns) == 1.0
    assert meeple.replay(state.inner.to_record()).returns() == returns


def test_evaluate_bots_with_openspiel_bots() -> None:
    game = openspiel_game("anludim", players=2, rng_seed=9)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(0))
    bots = [
        mcts.MCTSBot(game, 2.0, 2, evaluator, solve=False, random_state=np.random.RandomState(1)),
        UniformRandomBot(1, np.random.RandomState(2)),
    ]
    returns = evaluate_bots(game.new_initial_state(), bots, np.random.RandomState(3))
    assert sorted(returns) == [0.0, 1.0]


def test_openspiel_rl_environment_runs() -> None:
    env = rl_environment.Environment("meeple_anludim", players=2, rng_seed=4)
    assert env.observation_spec()["info_state"] == (
        encoder_for(meeple.load_game("anludim", players=2)).size,
    )
    step = env.reset()
    rng = np.random.RandomState(0)
    for _ in range(200):
        if step.last():
            break
        player = step.observations["current_player"]
        legal = step.observations["legal_actions"][player]
        step = env.step([int(rng.choice(legal))])
    assert len(step.observations["info_state"][0]) == env.observation_spec()["info_state"][0]


def test_a_loaded_game_takes_a_seed_and_numpy_options_reach_pyspiel_plain() -> None:
    game = meeple.load_game("anludim", players=3, variant="expert")
    deals = []
    for _ in range(2):
        state = openspiel_game(game, rng_seed=np.int64(7)).new_initial_state()
        state.apply_action(0)
        deals.append(state.observation_string(0))
    assert deals[0] == deals[1]  # seeded, a loaded game deals the same cards again
    spiel = openspiel_game("anludim", straight_wrap=np.bool_(True))
    assert spiel.get_parameters()["straight_wrap"] is True
    with pytest.raises(OptionError, match="rng_seed is welcome"):
        openspiel_game(game, variant="base")


def test_deals_come_from_63_bit_seeds() -> None:
    """As meeple's own fresh seeds: a space of 2**31 deals could be searched from one
    seat's opening view for every hidden card."""
    game = openspiel_game("anludim", rng_seed=3)
    seeds = [game.deal_seed() for _ in range(20)]
    assert max(seeds) >= 2**32 and all(0 <= s < 2**63 for s in seeds)


def test_a_seats_information_state_recalls_its_own_action_ids() -> None:
    game = openspiel_game("anludim", players=3, rng_seed=6)
    state = dealt(game)
    rng = np.random.RandomState(1)
    for _ in range(20):
        actor = state.current_player()
        action = int(rng.choice(state.legal_actions()))
        public = state.inner.public_action_string(action)
        state.apply_action(action)
        line = state.information_state_string(actor).split("\n")[-2]
        assert line == f"{actor}: {action} {public}"
        for other in range(3):
            if other != actor:
                assert state.information_state_string(other).split("\n")[-2] == (
                    f"{actor}: {public}"
                )
