"""Arnak's heuristics: greedy beats random, never peeks, and the evaluator's contract."""

from __future__ import annotations

import pytest

import meeple
from meeple.agents import make
from meeple.agents.arnak import greedy, rollout_move, strength, values
from meeple.core import Rng, State
from meeple.games.arnak.rules import ArnakState
from meeple.sim.runner import play_game


def greedy_positions(players: int, count: int, seed: int, **options: object) -> list[State]:
    """Positions along a greedy game (every fifth decision with a real choice)."""
    state = meeple.load_game("arnak", players=players, **options).new_initial_state(seed)
    rng = Rng(seed)
    found: list[State] = []
    step = 0
    while not state.is_terminal() and len(found) < count:
        if len(state.legal_actions()) > 1:
            if step % 5 == 0:
                found.append(state.clone())
            step += 1
        state.apply_action(greedy(state, rng))
    return found


def test_greedy_beats_random() -> None:
    game = meeple.load_game("arnak", players=2)
    wins = 0
    for i in range(20):
        seats = [make("greedy", seed=i), make("random", seed=i)]
        if i % 2:
            seats.reverse()
        result = play_game(game, seats, seed=i)
        wins += result.returns[i % 2] == 1.0
    assert wins >= 16


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (3, {"board": "snake"}), (1, {"difficulty": 3})]
)
def test_greedy_choice_is_the_same_on_any_resample(
    players: int, options: dict[str, object]
) -> None:
    """Greedy reads only what its seat sees: on a resampled guess of the hidden cards
    (same observation) it makes the same choice with the same seed."""
    for state in greedy_positions(players, 12, seed=players + 7, **options):
        seat = state.current_player
        first = greedy(state, Rng(99))
        for k in (1, 2):
            world = state.resample(seat, k)
            assert world.observation(seat) == state.observation(seat)
            assert greedy(world, Rng(99)) == first
        assert first in state.legal_actions()


@pytest.mark.parametrize("players", [1, 2, 4])
def test_values_are_chances(players: int) -> None:
    states = greedy_positions(players, 6, seed=3)
    for state in states:
        v = values(state)
        assert len(v) == players
        assert all(0.0 <= x <= 1.0 for x in v)
        if players > 1:
            assert sum(v) == pytest.approx(1.0)
    end = states[-1].clone()
    rng = Rng(1)
    while not end.is_terminal():
        end.apply_action(greedy(end, rng))
    assert values(end) == end.returns()


def test_solo_value_follows_the_rival() -> None:
    state = greedy_positions(1, 3, seed=5)[-1]
    assert isinstance(state, ArnakState)
    ahead = state.clone()
    ahead._rival.guardians = []
    ahead._rival.cards = []
    behind = state.clone()
    behind._rival.guardians = [*state._rival.guardians, 0, 1, 2]
    assert values(ahead)[0] > values(state)[0] >= values(behind)[0]


def test_strength_counts_points_and_holdings() -> None:
    state = greedy_positions(2, 2, seed=1)[-1]
    assert isinstance(state, ArnakState)
    p = state.current_player
    richer = state.clone()
    richer._seats[p].res[4] += 2  # two jewels
    assert strength(richer, p) > strength(state, p)
    assert strength(state, p) >= sum(state.score_parts(p).values()) - 10


def test_rollout_moves_are_greedy_on_the_guess_they_are_given(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Search's heavy rollouts run inside its own guesses: the move is greedy's on that
    very guess (no second deal), legal, and leaves the guess as it was."""
    worlds = []
    for state in greedy_positions(2, 8, seed=11):
        seat = state.current_player
        world = state.resample(seat, 5)
        before = world.observation(seat), world.observation(1 - seat), world.history()
        move = rollout_move(world, Rng(3))
        assert move in world.legal_actions()
        assert (world.observation(seat), world.observation(1 - seat), world.history()) == before
        worlds.append((world, move))
    # Greedy deals a guess of its own; dealt the same one, it picks the same move.
    monkeypatch.setattr(ArnakState, "resample", lambda self, player, seed: self.clone())
    for world, move in worlds:
        assert greedy(world, Rng(3)) == move


def test_greedy_rollouts_play_whole_games_well() -> None:
    """Both seats on rollout moves (seeing the whole state) score as greedy does, far
    above random's 17 points a game."""
    scores: list[float] = []
    for seed in (21, 22):
        state = meeple.load_game("arnak", players=2).new_initial_state(seed)
        rng = Rng(4)
        while not state.is_terminal():
            state.apply_action(rollout_move(state, rng))
        scores += state.scores()
    assert sum(scores) / len(scores) > 40
    assert min(scores) > 25
