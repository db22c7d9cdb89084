"""Guesses (resampled states) deal unseen tiles and cards at random."""

from __future__ import annotations

from collections import Counter

import meeple
from meeple.core.rng import Rng
from meeple.games.aridnyk.rules import AridnykState


def mid_game(seed: int = 3, steps: int = 60) -> AridnykState:
    state = meeple.load_game("aridnyk", players=2).new_initial_state(seed=seed)
    rng = Rng(seed)
    for _ in range(steps):
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    assert isinstance(state, AridnykState)
    return state


def chi_square(counts: Counter[int], categories: list[int], draws: int) -> float:
    expected = draws / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def test_a_guess_draws_each_unseen_card_as_often() -> None:
    """A guess leaves its deck in a canonical order and draws at random: over many
    guesses the first card drawn is spread evenly over what the seat cannot see, as a
    shuffled deck would give, and the same guess seed draws the same card."""
    state = mid_game()
    seat = state.current_player
    hidden = [c for c in state._plots[1 - seat] if c not in state._public_cards]
    unseen = sorted([*state._decks[0], *hidden])
    draws = 4000
    counts: Counter[int] = Counter()
    for seed in range(draws):
        guess = state.resample(seat, seed)
        card = guess._deck_top(0)
        assert card == state.resample(seat, seed)._deck_top(0)
        counts[card] += 1
    assert set(counts) <= set(unseen)
    # 5 degrees of freedom above the deck size is a loose bound: p < 0.001 for ~45 cards
    assert chi_square(counts, unseen, draws) < len(unseen) + 45, counts


def test_a_guess_draws_stack_tiles_at_random() -> None:
    state = mid_game()
    seat = state.current_player
    first = Counter(state.resample(seat, seed)._draw_stack_tile() for seed in range(600))
    season = next(s for s in state._stacks if s)
    assert len(first) >= min(len(season), 5)


def test_the_true_state_draws_its_deck_in_order() -> None:
    state = mid_game()
    top = state._decks[0][-1]
    assert state.clone()._deck_top(0) == top


def test_guesses_follow_the_position_as_the_game_goes_on() -> None:
    """The state keeps what its guesses start from until its next action: guessing at
    every step of a game, each guess shows its seat exactly what the seat sees now."""
    for players in (2, 3):
        state = meeple.load_game("aridnyk", players=players).new_initial_state(seed=players)
        rng = Rng(players)
        step = 0
        while not state.is_terminal():
            # Mostly seat 0, so its kept starting point is used from one step to the next.
            for seat in range(players) if step % 7 == 0 else [0]:
                guess = state.resample(seat, rng.below(1000))
                assert guess.observation(seat) == state.observation(seat)
            step += 1
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])


def test_tiles_a_horizon_refresh_put_back_stay_in_the_stack_of_a_guess() -> None:
    """Refreshed Horizon tiles go back into the active stack in sight of all: a guess
    must not deal them into another seat's hidden hand, where they would read as known."""
    refreshed = 0
    for seed in (1853, 1706):
        state = meeple.load_game("aridnyk", players=2).new_initial_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            assert isinstance(state, AridnykState)
            public = state._public_tiles
            if any(t in public for t in state._stacks[0]):
                refreshed += 1
                for seat in range(2):
                    view = state.observation(seat)
                    for k in range(3):
                        guess = state.resample(seat, k)
                        assert guess.observation(seat) == view
                        shown = sorted(t for t in state._stacks[0] if t in public)
                        assert all(t in guess._stacks[0] for t in shown)
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
    assert refreshed  # the deals do reach a refresh
