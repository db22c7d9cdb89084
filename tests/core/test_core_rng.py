"""Core: the seeded RNG is deterministic, copyable, unbiased enough, and shuffles."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.core import Rng
from meeple.core.rng import mix_seed

SEEDS = st.integers(min_value=0, max_value=2**63)


def draws(rng: Rng, count: int) -> list[int]:
    return [rng.next64() for _ in range(count)]


@given(seed=SEEDS)
@settings(max_examples=50)
def test_same_seed_same_stream(seed: int) -> None:
    assert draws(Rng(seed), 20) == draws(Rng(seed), 20)


def test_different_seeds_differ() -> None:
    streams = {tuple(draws(Rng(seed), 4)) for seed in range(200)}
    assert len(streams) == 200


def test_known_values_are_stable() -> None:
    """The stream is part of every record (seed -> shuffles): it must never change
    between versions, or saved games stop replaying."""
    assert draws(Rng(0), 3) == [
        10870759137850584762,
        3426732066079155812,
        14820981892571159604,
    ]
    rng = Rng(12345)
    items = list(range(10))
    rng.shuffle(items)
    assert items == [1, 9, 7, 3, 8, 4, 2, 0, 6, 5]
    assert [rng.below(100) for _ in range(5)] == [77, 84, 38, 34, 35]


def test_copy_is_independent() -> None:
    rng = Rng(7)
    draws(rng, 5)
    twin = rng.copy()
    assert twin is not rng
    assert twin.state == rng.state
    ahead = draws(twin, 10)
    # drawing from the copy did not move the original: it draws the same values
    assert draws(rng, 10) == ahead
    # drawing from the original does not move a copy either
    other = rng.copy()
    taken = draws(rng, 3)
    assert draws(other, 3) == taken


def test_copy_continues_the_same_stream() -> None:
    rng = Rng(99)
    draws(rng, 7)
    twin = rng.copy()
    assert draws(twin, 50) == draws(rng, 50)


@given(seed=SEEDS, n=st.integers(min_value=1, max_value=10**6))
@settings(max_examples=100)
def test_below_in_range(seed: int, n: int) -> None:
    rng = Rng(seed)
    for _ in range(20):
        x = rng.below(n)
        assert isinstance(x, int)
        assert 0 <= x < n


def test_below_one_is_zero() -> None:
    rng = Rng(5)
    assert {rng.below(1) for _ in range(100)} == {0}


@pytest.mark.parametrize("n", [0, -1])
def test_below_needs_positive(n: int) -> None:
    with pytest.raises(ValueError):
        Rng(1).below(n)


@pytest.mark.parametrize("n", [2, 3, 6, 7, 10])
def test_below_roughly_uniform(n: int) -> None:
    """A chi-square test at a very lenient threshold (fixed seed: never flaky)."""
    rng = Rng(2024 + n)
    samples = 6000 * n // 2
    counts = Counter(rng.below(n) for _ in range(samples))
    assert set(counts) == set(range(n))
    expected = samples / n
    chi2 = sum((counts[k] - expected) ** 2 / expected for k in range(n))
    # the 99.99th percentile of chi-square with 9 degrees of freedom is about 33.7
    assert chi2 < 40, f"below({n}) looks biased: {sorted(counts.items())}"


def test_below_large_n_covers_both_halves() -> None:
    rng = Rng(3)
    n = 3 * 2**62  # not a power of two: rejection sampling matters here
    values = [rng.below(n) for _ in range(2000)]
    assert all(0 <= v < n for v in values)
    low = sum(1 for v in values if v < n // 2)
    assert 800 < low < 1200


@given(seed=SEEDS, items=st.lists(st.integers(), max_size=60))
@settings(max_examples=100)
def test_shuffle_is_a_permutation(seed: int, items: list[int]) -> None:
    shuffled = items[:]
    Rng(seed).shuffle(shuffled)
    assert sorted(shuffled) == sorted(items)
    again = items[:]
    Rng(seed).shuffle(again)
    assert again == shuffled


@given(seed=SEEDS, size=st.integers(0, 60))
def test_shuffle_is_fisher_yates_over_below(seed: int, size: int) -> None:
    """Shuffles are the draws of below(i + 1) from the top down, so seeded games stay the
    same whichever way shuffle is written."""
    rng, reference = Rng(seed), Rng(seed)
    items, expected = list(range(size)), list(range(size))
    rng.shuffle(items)
    for i in range(size - 1, 0, -1):
        j = reference.below(i + 1)
        expected[i], expected[j] = expected[j], expected[i]
    assert items == expected
    assert rng.next64() == reference.next64()


def test_shuffle_reaches_every_order() -> None:
    rng = Rng(11)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(6000):
        items = [0, 1, 2]
        rng.shuffle(items)
        seen[tuple(items)] += 1
    assert len(seen) == 6
    assert all(800 < c < 1200 for c in seen.values()), seen


def test_shuffle_moves_things() -> None:
    items = list(range(52))
    Rng(1).shuffle(items)
    assert items != list(range(52))


def test_choice() -> None:
    rng = Rng(8)
    options = ["a", "b", "c"]
    picks = {rng.choice(options) for _ in range(200)}
    assert picks == set(options)


def test_mix_seed() -> None:
    assert mix_seed(1, 2) == mix_seed(1, 2)
    assert mix_seed(1, 2) != mix_seed(2, 1)
    assert mix_seed(1) != mix_seed(2)
    assert 0 <= mix_seed(-5, 2**70) < 2**64


@given(seed=SEEDS, size=st.integers(1, 40), data=st.data())
def test_shuffle_front_deals_a_random_sample_to_the_front(
    seed: int, size: int, data: st.DataObject
) -> None:
    k = data.draw(st.integers(0, size))
    items = list(range(size))
    Rng(seed).shuffle_front(items, k)
    assert sorted(items) == list(range(size))
    again = list(range(size))
    Rng(seed).shuffle_front(again, k)
    assert again == items


def test_shuffle_front_and_to_end_give_every_card_its_chance() -> None:
    rng = Rng(5)
    front: Counter[int] = Counter()
    top: Counter[int] = Counter()
    for _ in range(4000):
        items = list(range(8))
        rng.shuffle_front(items, 2)
        front.update(items[:2])
        pile = list(range(8))
        rng.to_end(pile, 3)  # the first three are known: never dealt to the top
        top[pile[-1]] += 1
        assert sorted(pile) == list(range(8))
    assert all(850 < front[c] < 1150 for c in range(8)), front
    assert set(top) == {3, 4, 5, 6, 7}
    assert all(650 < top[c] < 950 for c in range(3, 8)), top
