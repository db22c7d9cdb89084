"""The statistics of matches: Wilson intervals for win rates, Elo ratings from pairs.

Both are written out here (no numpy, no scipy) because they are short and because a
reader should be able to check them against the formulas in these docstrings.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The two-sided 95% quantile of the standard normal distribution."""

ELO_MEAN = 1500.0
"""The mean of fitted Elo ratings: ratings are anchored so that they average this."""

ELO_SCALE = 400.0
"""Elo points per factor of 10 in the odds of winning (the chess convention)."""


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a proportion `successes / trials`.

    With p = k/n:  centre = (p + z²/2n) / (1 + z²/n),
                   half   = z / (1 + z²/n) * sqrt(p(1-p)/n + z²/4n²).
    Unlike the normal approximation it stays inside [0, 1] and is sensible at 0 and n
    successes and for small n. A draw may count as half a success, so `successes`
    may be fractional. No trials at all give the whole range (0, 1).
    """
    if trials < 0 or not 0 <= successes <= trials:
        raise ValueError(f"need 0 <= successes <= trials, not {successes} of {trials}")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    denom = 1 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denom
    half = z / denom * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials))
    # At 0 or n successes the bound is exactly 0 or 1; say so rather than round to it.
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == trials else min(1.0, centre + half)
    return low, high


@dataclass(frozen=True)
class PairRecord:
    """The results of games between bots `a` and `b` (indices into a list of bots)."""

    a: int
    b: int
    a_wins: int
    b_wins: int
    draws: int

    @property
    def games(self) -> int:
        return self.a_wins + self.b_wins + self.draws

    @property
    def a_score(self) -> float:
        """Games a won, draws counting half."""
        return self.a_wins + self.draws / 2


@dataclass(frozen=True)
class EloFit:
    """Bradley–Terry strengths and the Elo ratings they map to."""

    ratings: list[float]
    strengths: list[float]
    iterations: int
    converged: bool


def fit_elo(
    bots: int,
    pairs: Sequence[PairRecord],
    prior: float = 1.0,
    tolerance: float = 1e-10,
    max_iterations: int = 10_000,
) -> EloFit:
    """Elo ratings fitted to pairwise results by Bradley–Terry maximum likelihood.

    The model: bot i beats bot j with probability g_i / (g_i + g_j). The strengths g are
    fitted by the minorize-maximize iteration of Hunter (2004),

        g_i <- W_i / sum_j n_ij / (g_i + g_j),

    where W_i is what i scored (a draw is half a win to each side) and n_ij the games
    between i and j, renormalising after each sweep, until no log-strength moves by more
    than `tolerance`. Each pair that played gets `prior` virtual games, drawn (half a win
    each), so that a bot that never lost or never won still gets a finite rating;
    `prior=0` is the plain maximum-likelihood fit, which exists only when no group of
    bots won every game against the rest.

    Ratings are 400 * log10(g), shifted so that their mean is 1500: only differences
    mean something, and a difference of 400 points is 10-to-1 odds. A bot with no games
    at all is rated 1500.
    """
    if bots < 1:
        raise ValueError("need at least one bot")
    if prior < 0:
        raise ValueError(f"prior must be >= 0, not {prior}")
    games = [[0.0] * bots for _ in range(bots)]
    score = [0.0] * bots
    for pair in pairs:
        if not (0 <= pair.a < bots and 0 <= pair.b < bots) or pair.a == pair.b:
            raise ValueError(f"pair ({pair.a}, {pair.b}) is not two of the {bots} bots")
        if pair.games == 0:
            continue
        n = pair.games + prior
        games[pair.a][pair.b] += n
        games[pair.b][pair.a] += n
        score[pair.a] += pair.a_score + prior / 2
        score[pair.b] += pair.games - pair.a_score + prior / 2
    played = [sum(row) > 0 for row in games]
    strength = [1.0] * bots
    converged = False
    iterations = 0
    while iterations < max_iterations:
        iterations += 1
        new = list(strength)
        for i in range(bots):
            if not played[i]:
                continue
            denom = sum(
                games[i][j] / (strength[i] + strength[j]) for j in range(bots) if games[i][j]
            )
            # A bot that scored nothing would fall to 0 (rating minus infinity); keep it
            # just above, so the iteration and the log below stay finite.
            new[i] = max(score[i] / denom, 1e-300)
        # The model only fixes ratios: rescale so the log-strengths of played bots average 0.
        logs = [math.log(g) for g, p in zip(new, played, strict=True) if p]
        shift = math.exp(sum(logs) / len(logs)) if logs else 1.0
        new = [g / shift if p else 1.0 for g, p in zip(new, played, strict=True)]
        change = max(abs(math.log(a) - math.log(b)) for a, b in zip(new, strength, strict=True))
        strength = new
        if change < tolerance:
            converged = True
            break
    ratings = [ELO_SCALE * math.log10(g) for g in strength]
    mean = sum(ratings) / bots
    return EloFit(
        ratings=[r - mean + ELO_MEAN for r in ratings],
        strengths=strength,
        iterations=iterations,
        converged=converged,
    )


def expected_score(rating: float, opponent: float) -> float:
    """The expected score of a bot rated `rating` against one rated `opponent`."""
    return 1.0 / (1.0 + math.pow(10.0, (opponent - rating) / ELO_SCALE))
