"""legal_picks against a brute-force oracle: every finished combination that beats the
threshold, in canonical pick order, must be reachable, and nothing else."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.errors import CombinationError
from meeple.games.anludim.combinations import (
    Key,
    beats,
    can_complete,
    canonical,
    feasible,
    legal_picks,
    rank,
)
from meeple.games.anludim.components import CARDS


def winning_sequences(d: int, pool: list[int], threshold: Key | None, wrap: bool) -> set[tuple]:
    found = set()
    for choice in product((None, 0, 1), repeat=len(pool)):
        picks = [(card, h) for card, h in zip(pool, choice, strict=True) if h is not None]
        if not picks:
            continue
        try:
            key = rank(d, [CARDS[c][h] for c, h in picks], wrap)
        except CombinationError:
            continue
        if threshold is None or key > threshold:
            found.add(tuple(canonical(d, picks, wrap)))
    return found


def next_picks(sequences: set[tuple], prefix: tuple) -> list:
    """The picks that may follow `prefix` on the way to one of `sequences`, sorted."""
    n = len(prefix)
    return sorted({s[n] for s in sequences if s[:n] == prefix and len(s) > n})


def check(d: int, pool: list[int], threshold: Key | None, wrap: bool) -> None:
    sequences = winning_sequences(d, pool, threshold, wrap)
    assert can_complete(d, pool, threshold, wrap) == bool(sequences)
    thresholds = [threshold] * 5
    assert feasible(pool, thresholds, wrap)[d] == bool(sequences)
    assert feasible(pool, thresholds, wrap, [d])[d] == bool(sequences)
    prefixes = {seq[:i] for seq in sequences for i in range(len(seq))}
    for prefix in prefixes:
        used = {c for c, _ in prefix}
        rest = [c for c in pool if c not in used]
        expected = next_picks(sequences, prefix)
        got = legal_picks(d, prefix, rest, threshold, wrap)
        assert got == expected, (d, pool, threshold, prefix)
        assert beats(d, prefix, threshold, wrap) == (prefix in sequences)


thresholds = st.sampled_from(
    [
        None,
        (2, (5,)),
        (2, (13,)),
        (3, (9,)),
        (2, (9, 4)),
        (3, (12, 8, 2)),
        (1, (7,)),
        (1, (13,)),
        (2, (9, 3)),
        (4, (6,)),
        (4, (13,)),
        (5, (2,)),
    ]
)


@settings(max_examples=150, deadline=None)
@given(
    d=st.integers(0, 4),
    pool=st.lists(st.integers(0, 64), min_size=1, max_size=7, unique=True),
    threshold=thresholds,
    wrap=st.booleans(),
)
def test_legal_picks_match_brute_force(d, pool, threshold, wrap) -> None:
    check(d, pool, threshold, wrap)


def test_dense_value_pool() -> None:
    # Cards sharing values stress the card-conflict search of pairs and threes.
    pool = [c for c in range(65) if 5 in (CARDS[c][0][0], CARDS[c][1][0])][:7]
    for d in range(5):
        for threshold in (None, (1, (5,)), (2, (9, 4)), (1, (13,))):
            check(d, pool, threshold, False)


@settings(max_examples=150, deadline=None)
@given(
    d=st.integers(0, 4),
    values=st.lists(st.integers(1, 13), min_size=1, max_size=3, unique=True),
    size=st.integers(2, 8),
    threshold=thresholds,
    wrap=st.booleans(),
    data=st.data(),
)
def test_legal_picks_on_crowded_values(d, values, size, threshold, wrap, data) -> None:
    near = [c for c in range(65) if {CARDS[c][0][0], CARDS[c][1][0]} & set(values)]
    pool = data.draw(st.lists(st.sampled_from(near), min_size=1, max_size=size, unique=True))
    check(d, pool, threshold, wrap)
