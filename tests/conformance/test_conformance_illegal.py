"""Conformance: an illegal action raises IllegalActionError and changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from conformance_support import (
    SEEDS,
    Config,
    few_examples,
    obs_json,
    play_out,
    sample_states,
    snapshot,
)
from hypothesis import given

from meeple.core import Rng, State
from meeple.errors import IllegalActionError, MeepleError


def test_illegal_action_error_is_a_meeple_error() -> None:
    assert issubclass(IllegalActionError, MeepleError)


def bad_actions(state: State) -> list[Any]:
    """Every in-range id that is not legal, then ids out of range and non-integers
    (including floats equal to legal ids: an action is an int, and history() and
    records must only ever hold ints)."""
    size = state.game.info.num_distinct_actions
    legal = state.legal_actions()
    bad: list[Any] = [a for a in range(size) if a not in set(legal)]
    bad += [-1, size, size + 1, 2.5, "x", "0", None, True, False, [0], (0,), 10**30]
    bad += [float(a) for a in legal[:3]]
    bad += [str(a) for a in legal[:1]]
    return bad


def quick_view(state: State) -> tuple[Any, ...]:
    """A cheap part of the snapshot, compared after every rejected action (the full
    snapshot, all seats' observations included, is compared at the end)."""
    player = state.current_player
    seat = player if 0 <= player < state.game.info.players else 0
    return (player, state.legal_actions(), state.history(), obs_json(state, seat))


def check_rejects_all(state: State, continuation_seed: int) -> None:
    untouched = state.clone()
    before = snapshot(state)
    quick = quick_view(state)
    for action in bad_actions(state):
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            assert str(exc).strip(), f"IllegalActionError for {action!r} has no message"
        else:
            pytest.fail(
                f"apply_action({action!r}) was accepted; legal: {before.legal}; "
                f"history: {list(before.history)}"
            )
        assert quick_view(state) == quick, f"the rejected action {action!r} changed the state"
        if not isinstance(action, int) or not 0 <= action < state.game.info.num_distinct_actions:
            assert snapshot(state) == before, f"the rejected {action!r} changed the state"
    assert snapshot(state) == before, "the rejected actions changed the state"
    # the state still plays exactly like a clone that never saw the bad actions
    play_out(state, Rng(continuation_seed))
    play_out(untouched, Rng(continuation_seed))
    assert snapshot(state) == snapshot(untouched)


@few_examples(3)
@given(seed=SEEDS)
def test_illegal_actions_leave_state_unchanged(config: Config, seed: int) -> None:
    for state in sample_states(config, seed, 6):
        check_rejects_all(state, seed + 3)


@pytest.mark.parametrize("seed", [0, 1])
def test_illegal_actions_at_many_positions(config: Config, seed: int) -> None:
    """A denser sweep with cheap checks: every non-legal in-range id at ~40 positions."""
    for state in sample_states(config, 100 + seed, 40):
        legal = set(state.legal_actions())
        size = state.game.info.num_distinct_actions
        history = state.history()
        player = state.current_player
        for action in range(-1, size + 1):
            if action in legal:
                continue
            with pytest.raises(IllegalActionError):
                state.apply_action(action)
        assert state.history() == history
        assert state.current_player == player
        assert set(state.legal_actions()) == legal


def test_action_texts_refuse_what_is_not_an_id(config: Config) -> None:
    """Bad input to the action texts is the same IllegalActionError as to apply_action."""
    state = next(iter(sample_states(config, 7, 2)))
    size = state.game.info.num_distinct_actions
    for bad in ("x", -1, size, 2.0, True, None):
        for text in (state.action_to_string, state.public_action_string):
            with pytest.raises(IllegalActionError):
                text(bad)
