"""Conformance: resample keeps the seat's view, ignores the hidden truth, leaks nothing."""

from __future__ import annotations

import json

from conformance_support import (
    SEEDS,
    Config,
    all_obs,
    few_examples,
    obs_json,
    players_of,
    random_action,
    sample_states,
    snapshot,
    walk,
)
from hypothesis import given

from meeple.core import Rng, State

FOLLOW_STEPS = 30


def check_keeps_view(state: State, player: int, seed: int) -> State:
    resampled = state.resample(player, seed)
    assert resampled is not state
    assert obs_json(resampled, player) == obs_json(state, player), (
        f"resample({player}, {seed}) changed the observation of seat {player}"
    )
    assert resampled.observation_ids(player) == state.observation_ids(player), (
        f"resample({player}, {seed}) changed the compact view of seat {player}"
    )
    assert resampled.current_player == state.current_player
    assert resampled.is_terminal() == state.is_terminal()
    if state.current_player == player:
        assert resampled.legal_actions() == state.legal_actions(), (
            f"resample({player}, {seed}) changed the legal actions of the seat to move"
        )
    return resampled


@few_examples(4)
@given(seed=SEEDS, resample_seed=SEEDS)
def test_resample_keeps_observation(config: Config, seed: int, resample_seed: int) -> None:
    for state in sample_states(config, seed, 10):
        before = snapshot(state)
        for player in range(players_of(state)):
            check_keeps_view(state, player, resample_seed)
        assert snapshot(state) == before, "resample changed the state it was called on"


def follow_together(a: State, b: State, seed: int, steps: int) -> None:
    """Apply the same random actions to `a` and `b`; they must stay indistinguishable
    (every seat's observation compared every 5 steps and at the end, the seat to move's
    at every step)."""
    rng = Rng(seed)
    for step in range(steps):
        if step % 5 == 0:
            assert all_obs(a) == all_obs(b), f"after {step} common actions the states differ"
        assert a.legal_actions() == b.legal_actions(), f"step {step}: legal actions differ"
        assert a.current_player == b.current_player
        if a.is_terminal():
            assert all_obs(a) == all_obs(b), f"the states differ at the end (step {step})"
            assert a.returns() == b.returns()
            assert a.scores() == b.scores()
            return
        seat = a.current_player
        assert obs_json(a, seat) == obs_json(b, seat), f"step {step}: seat {seat} differs"
        action = random_action(a, rng)
        a.apply_action(action)
        b.apply_action(action)
    assert all_obs(a) == all_obs(b), f"after {steps} common actions the states differ"


@few_examples(3)
@given(seed=SEEDS, follow_seed=SEEDS)
def test_resample_ignores_hidden_truth(config: Config, seed: int, follow_seed: int) -> None:
    """Two states with the same observation for p (the true one and another hidden truth
    r1 = s.resample(p, 1)) resample with the same seed to the same state."""
    for state in sample_states(config, seed, 6):
        for player in range(players_of(state)):
            other_truth = state.resample(player, 1)
            a = state.resample(player, 7)
            b = other_truth.resample(player, 7)
            assert all_obs(a) == all_obs(b), (
                f"resample({player}, 7) depends on the hidden truth, not only on the "
                f"observation of seat {player}"
            )
            follow_together(a, b, follow_seed, FOLLOW_STEPS)


def test_resample_is_deterministic(config: Config) -> None:
    for state in sample_states(config, 71, 6):
        for player in range(players_of(state)):
            a = state.resample(player, 5)
            b = state.resample(player, 5)
            assert all_obs(a) == all_obs(b)
            follow_together(a, b, 72, FOLLOW_STEPS)


def test_resampled_state_plays_to_the_end(config: Config) -> None:
    for state in sample_states(config, 81, 6):
        for player in range(players_of(state)):
            resampled = state.resample(player, 82 + player)
            # resampling a resampled state also works
            twice = resampled.resample(player, 3)
            for candidate in (resampled, twice):
                for position in walk(candidate, Rng(83)):
                    legal = position.legal_actions()
                    where = (
                        f"resample({player}, ...) of position {len(state.history())} of "
                        f"game seed 81, then {len(position.history())} random actions"
                    )
                    assert legal == sorted(set(legal)), f"{where}: legal actions {legal}"
                    assert (not legal) == position.is_terminal(), f"{where}: legal {legal}"
                returns = candidate.returns()
                assert len(returns) == players_of(candidate)
                assert all(r in (0.0, 1.0) for r in returns)
                if len(returns) > 1:  # a solo player may lose
                    assert any(r == 1.0 for r in returns)


@few_examples(3)
@given(seed=SEEDS)
def test_observations_are_json(config: Config, seed: int) -> None:
    """Every seat's observation serialises with plain json.dumps at every step, and
    reads back to the same value."""
    for state in walk(config.new_state(seed), Rng(seed ^ 0x55)):
        for player in range(players_of(state)):
            observation = state.observation(player)
            assert isinstance(observation, dict)
            assert all(isinstance(k, str) for k in observation)
            text = json.dumps(observation)
            assert json.loads(text) == observation, "the observation changes through JSON"


def _futures_differ(truth: State, guess: State, rng: Rng, steps: int = 60) -> bool:
    """Do the same actions reveal different things in two states (a solo game has no
    other seat whose view could show that hidden components moved)?"""
    truth, guess = truth.clone(), guess.clone()
    for _ in range(steps):
        if truth.is_terminal():
            return False
        legal = truth.legal_actions()
        if legal != guess.legal_actions():
            return True
        action = legal[rng.below(len(legal))]
        truth.apply_action(action)
        guess.apply_action(action)
        if obs_json(truth, 0) != obs_json(guess, 0):
            return True
    return False


def test_no_leak(config: Config) -> None:
    """observation(p) does not depend on anything hidden from p: replacing the state by
    s.resample(p, k) (another hidden truth, redistributed) never changes it, while it
    does change what some other seat sees (so the check is not vacuous)."""
    hidden_moved = False
    for state in sample_states(config, 91, 12):
        n = players_of(state)
        for player in range(n):
            mine = obs_json(state, player)
            theirs = [obs_json(state, q) for q in range(n) if q != player]
            for k in (0, 1, 2, 3, 4):
                other_truth = state.resample(player, 1000 * k + 17)
                assert obs_json(other_truth, player) == mine, (
                    f"observation({player}) changes with what is hidden from seat {player}"
                )
                other_views = [obs_json(other_truth, q) for q in range(n) if q != player]
                hidden_moved |= other_views != theirs
                if n == 1 and not hidden_moved:
                    hidden_moved = _futures_differ(state, other_truth, Rng(k))
    assert hidden_moved, (
        "resample never changed what another seat sees: hidden components are not "
        "redistributed (or the game has no hidden information and this check must go)"
    )
