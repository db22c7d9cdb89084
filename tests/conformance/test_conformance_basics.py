"""Conformance: game info, legal actions, termination, returns, bad seats."""

from __future__ import annotations

import json

import pytest
from conformance_support import (
    MAX_STEPS,
    SEEDS,
    Config,
    all_obs,
    few_examples,
    obs_json,
    players_of,
    random_action,
    snapshot,
    walk,
)
from hypothesis import given

import meeple
from meeple.core import Rng
from meeple.errors import IllegalActionError, MeepleError


def test_some_game_is_registered() -> None:
    games = meeple.list_games()
    assert games, "no game is registered"
    assert games == sorted(games)
    assert len(set(games)) == len(games)


def test_info(game_name: str) -> None:
    game = meeple.load_game(game_name)
    info = game.info
    assert info.name == game_name
    assert isinstance(info.title, str) and info.title
    assert 1 <= info.min_players <= info.players <= info.max_players
    assert isinstance(info.num_distinct_actions, int) and info.num_distinct_actions > 0
    for name, spec in info.options.items():
        assert isinstance(name, str) and name
        assert spec.choices, f"option {name!r} has no choices"
        default_ok = any(c == spec.default and type(c) is type(spec.default) for c in spec.choices)
        assert default_ok, f"option {name!r}: default {spec.default!r} not among {spec.choices!r}"
        assert isinstance(spec.help, str) and spec.help
        # the choices must survive a record: JSON-ready and distinct
        assert json.loads(json.dumps(list(spec.choices))) == list(spec.choices)
    assert set(info.values) == set(info.options)
    for name, spec in info.options.items():
        assert info.values[name] == spec.default


def test_config_info(config: Config) -> None:
    game = config.load()
    info = game.info
    assert info.players == config.players
    assert info.min_players <= info.players <= info.max_players
    assert info.num_distinct_actions > 0
    for name, value in config.options:
        assert info.values[name] == value
        assert type(info.values[name]) is type(value)
    # a second load of the same configuration is the same configuration
    again = config.load().info
    assert again.num_distinct_actions == info.num_distinct_actions
    assert dict(again.values) == dict(info.values)


def check_position(state: meeple.State) -> None:
    """Everything that must hold of any single state."""
    n = players_of(state)
    info = state.game.info
    legal = state.legal_actions()
    terminal = state.is_terminal()
    assert all(isinstance(a, int) and not isinstance(a, bool) for a in legal)
    assert legal == sorted(legal), f"legal actions not sorted: {legal}"
    assert len(set(legal)) == len(legal), f"legal actions repeat: {legal}"
    assert all(0 <= a < info.num_distinct_actions for a in legal), legal
    assert (not legal) == terminal, f"legal={legal} but is_terminal()={terminal}"
    player = state.current_player
    if terminal:
        assert player == meeple.TERMINAL
    else:
        assert isinstance(player, int) and 0 <= player < n, player
    seen_by = player if not terminal else 0
    before = (state.history(), obs_json(state, seen_by))
    for action in legal:
        text = state.action_to_string(action)
        assert isinstance(text, str) and text.strip(), f"action {action} reads {text!r}"
    after = (state.history(), obs_json(state, seen_by))
    assert after == before and state.legal_actions() == legal, "action_to_string changed it"
    assert len(state.scores()) == n


@few_examples(3)
@given(seed=SEEDS)
def test_every_position_is_well_formed(config: Config, seed: int) -> None:
    for state in walk(config.new_state(seed), Rng(seed + 1)):
        check_position(state)


@pytest.mark.parametrize("seed", range(3))
def test_random_play_ends_with_winners(config: Config, seed: int) -> None:
    state = config.new_state(seed)
    n = players_of(state)
    steps = 0
    rng = Rng(1000 + seed)
    while not state.is_terminal():
        assert steps < MAX_STEPS, f"random play did not end within {MAX_STEPS} decisions"
        state.apply_action(random_action(state, rng))
        steps += 1
    returns = state.returns()
    assert len(returns) == n
    assert all(r in (0.0, 1.0) for r in returns), returns
    if n > 1:  # a solo player may lose (Arnak's rival expedition)
        assert any(r == 1.0 for r in returns), f"nobody won: {returns}"
    scores = state.scores()
    assert len(scores) == n
    assert all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores)
    assert state.current_player == meeple.TERMINAL
    assert state.legal_actions() == []
    assert len(state.history()) == steps
    # nothing is legal once the game is over
    before = snapshot(state)
    for action in (0, state.game.info.num_distinct_actions - 1):
        with pytest.raises(IllegalActionError):
            state.apply_action(action)
    assert snapshot(state) == before


def test_returned_values_are_copies(config: Config) -> None:
    """Mutating what the state hands out (lists, observation dicts) never changes it."""
    state = config.new_state(3)
    rng = Rng(4)
    for _ in range(25):
        if state.is_terminal():
            break
        state.apply_action(random_action(state, rng))
    before = snapshot(state)
    legal = state.legal_actions()
    legal.clear()
    legal.append(-99)
    history = state.history()
    history.append(-99)
    history.reverse()
    for p in range(players_of(state)):
        obs = state.observation(p)
        for key in list(obs):
            value = obs[key]
            if isinstance(value, list):
                value.append("junk")
            elif isinstance(value, dict):
                value["junk"] = "junk"
        obs.clear()
    state.scores().append(99.0)
    assert snapshot(state) == before


@pytest.mark.parametrize("bad", [-1, "players", "0", None, 1.5, [0]])
def test_bad_player_index(config: Config, bad: object) -> None:
    state = config.new_state(5)
    n = players_of(state)
    player = n if bad == "players" else bad
    before = all_obs(state)
    with pytest.raises(MeepleError) as info:
        state.observation(player)  # type: ignore[arg-type]
    assert str(info.value)
    with pytest.raises(MeepleError):
        state.resample(player, 0)  # type: ignore[arg-type]
    assert all_obs(state) == before
