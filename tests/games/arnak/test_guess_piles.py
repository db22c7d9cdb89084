"""Guesses (resampled states) leave the unseen part of each face-down pile in a canonical
order and deal its top at random when it is needed, with a shuffled pile's odds."""

from __future__ import annotations

from collections import Counter

from meeple.games.arnak.rules import ArnakState

from .scenario import fresh


def chi_square(counts: Counter[int], categories: list[int], draws: int) -> float:
    expected = draws / len(categories)
    return sum((counts[c] - expected) ** 2 / expected for c in categories)


def test_a_guess_deals_each_unseen_artifact_as_often() -> None:
    state = fresh(seed=4)
    unseen = sorted(state._art_deck)
    draws = 3000
    counts: Counter[int] = Counter()
    for seed in range(draws):
        guess = state.resample(0, seed)
        assert guess._art_deck == unseen  # nothing of the true order is left
        card = guess._draw_hidden(guess._art_deck)
        again = state.resample(0, seed)
        assert again._draw_hidden(again._art_deck) == card
        counts[card] += 1
    assert set(counts) == set(unseen)
    # well above the ~34 degrees of freedom: p < 0.001
    assert chi_square(counts, unseen, draws) < len(unseen) + 40, counts


def test_a_shown_deck_top_stays_where_it_is() -> None:
    state = fresh(seed=4)
    state._reveal_top("artifact")
    top = state._art_deck[-1]
    for seed in range(20):
        guess = state.resample(1, seed)
        assert guess._art_deck[-1] == top
        assert guess._draw_hidden(guess._art_deck, known_top=True) == top


def test_a_guess_never_deals_a_site_tile_known_to_lie_at_the_bottom() -> None:
    state = fresh(seed=4)
    state._activate_top_tile(0, 1)  # the top tile goes, face known, to the bottom
    bottom = state._stacks[0][0]
    assert state._known_bottom[0] == 1
    dealt = set()
    for seed in range(200):
        guess = state.resample(0, seed)
        assert isinstance(guess, ArnakState)
        dealt.add(guess._draw_hidden(guess._stacks[0], guess._known_bottom[0]))
    assert bottom not in dealt
    assert dealt == set(state._stacks[0][1:])


def test_the_true_state_draws_its_piles_in_order() -> None:
    state = fresh(seed=4)
    copy = state.clone()
    assert copy._draw_hidden(copy._art_deck) == state._art_deck[-1]
    assert copy._draw_hidden(copy._guardians) == state._guardians[-1]
