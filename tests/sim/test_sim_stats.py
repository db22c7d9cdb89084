"""Statistics: the Wilson interval and the Bradley–Terry / Elo fit."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from meeple.sim.stats import ELO_MEAN, PairRecord, expected_score, fit_elo, wilson


@pytest.mark.parametrize(
    ("wins", "games", "low", "high"),
    [
        # Reference values of the Wilson score interval at 95% (z = 1.96).
        (0, 10, 0.0, 0.277533),
        (5, 10, 0.236593, 0.763407),
        (10, 10, 0.722467, 1.0),
        (1, 1, 0.206549, 1.0),
    ],
)
def test_wilson_reference_values(wins: int, games: int, low: float, high: float) -> None:
    got = wilson(wins, games)
    assert got == pytest.approx((low, high), abs=1e-5)


@pytest.mark.parametrize(("wins", "games"), [(81, 263), (950, 1000), (2.5, 5), (3, 7), (0.5, 1)])
def test_wilson_matches_its_other_closed_form(wins: float, games: int) -> None:
    # (k + z²/2 ± z·sqrt(k(n-k)/n + z²/4)) / (n + z²), the same interval written another way.
    z = 1.959963984540054
    centre = wins + z * z / 2
    half = z * math.sqrt(wins * (games - wins) / games + z * z / 4)
    expected = ((centre - half) / (games + z * z), (centre + half) / (games + z * z))
    assert wilson(wins, games) == pytest.approx(expected, abs=1e-12)


def test_wilson_edges_and_errors() -> None:
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 7)[0] == 0.0
    assert wilson(7, 7)[1] == 1.0
    for bad in ((-1, 5), (6, 5), (1, -1)):
        with pytest.raises(ValueError):
            wilson(*bad)


@given(st.integers(0, 2000), st.integers(1, 2000))
def test_wilson_holds_the_rate_and_stays_in_range(k: int, n: int) -> None:
    k = min(k, n)
    low, high = wilson(k, n)
    assert 0.0 <= low <= k / n <= high <= 1.0
    # More games at the same rate never widen the interval.
    low4, high4 = wilson(4 * k, 4 * n)
    assert high4 - low4 <= high - low + 1e-12


def test_two_bots_fit_the_odds_of_their_results() -> None:
    # With two bots, maximum likelihood makes the odds g_a/g_b equal W_a/W_b.
    fit = fit_elo(2, [PairRecord(0, 1, a_wins=30, b_wins=10, draws=0)], prior=0)
    a, b = fit.ratings
    assert fit.converged
    assert a - b == pytest.approx(400 * math.log10(3), abs=1e-6)
    assert (a + b) / 2 == pytest.approx(ELO_MEAN)
    # The default prior is one virtual draw per pair: half a win to each side.
    a, b = fit_elo(2, [PairRecord(0, 1, 30, 10, 0)]).ratings
    assert a - b == pytest.approx(400 * math.log10(30.5 / 10.5), abs=1e-6)


def test_draws_count_half_and_order_does_not_matter() -> None:
    with_draws = fit_elo(2, [PairRecord(0, 1, a_wins=10, b_wins=0, draws=20)], prior=0)
    assert with_draws.ratings[0] - with_draws.ratings[1] == pytest.approx(
        400 * math.log10(20 / 10), abs=1e-6
    )
    flipped = fit_elo(2, [PairRecord(1, 0, a_wins=0, b_wins=10, draws=20)], prior=0)
    assert flipped.ratings == pytest.approx(with_draws.ratings)


def test_fit_recovers_the_ratings_that_made_the_results() -> None:
    true = [1800.0, 1500.0, 1350.0, 1350.0]
    n = 1_000_000
    pairs = []
    for a in range(4):
        for b in range(a + 1, 4):
            wins = round(n * expected_score(true[a], true[b]))
            pairs.append(PairRecord(a, b, wins, n - wins, 0))
    fit = fit_elo(4, pairs, prior=0)
    assert fit.converged
    mean = sum(true) / 4
    assert fit.ratings == pytest.approx([r - mean + ELO_MEAN for r in true], abs=0.1)
    assert sum(fit.ratings) / 4 == pytest.approx(ELO_MEAN)


def test_a_perfect_record_still_gets_a_finite_rating() -> None:
    pairs = [PairRecord(0, 1, 10, 0, 0), PairRecord(0, 2, 10, 0, 0), PairRecord(1, 2, 6, 4, 0)]
    fit = fit_elo(3, pairs)
    assert fit.converged
    assert all(math.isfinite(r) for r in fit.ratings)
    assert fit.ratings[0] > fit.ratings[1] > fit.ratings[2]


def test_bots_without_games_sit_at_the_mean() -> None:
    fit = fit_elo(3, [PairRecord(0, 1, 5, 5, 0), PairRecord(0, 2, 0, 0, 0)])
    assert fit.ratings == pytest.approx([ELO_MEAN] * 3)
    assert fit_elo(2, []).ratings == [ELO_MEAN, ELO_MEAN]


def test_fit_rejects_bad_input() -> None:
    with pytest.raises(ValueError):
        fit_elo(2, [PairRecord(0, 2, 1, 1, 0)])
    with pytest.raises(ValueError):
        fit_elo(2, [PairRecord(1, 1, 1, 1, 0)])
    with pytest.raises(ValueError):
        fit_elo(0, [])
    with pytest.raises(ValueError):
        fit_elo(2, [], prior=-1)


def test_expected_score() -> None:
    assert expected_score(1500, 1500) == 0.5
    assert expected_score(1900, 1500) == pytest.approx(10 / 11)
    assert expected_score(1500, 1900) + expected_score(1900, 1500) == pytest.approx(1.0)
