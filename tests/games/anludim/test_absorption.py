"""The expert generators against a brute-force oracle: every finished combination that
beats the threshold and takes each of the seat's own combinations of that discipline
entire or not at all, in canonical pick order, must be reachable, and nothing else."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.anludim.absorption import (
    Whole,
    absorbing_beats,
    absorbing_complete,
    absorbing_picks,
)
from meeple.games.anludim.combinations import PAIRS, THREES, Key, Pick
from meeple.games.anludim.components import CARDS

from .test_completion import next_picks, thresholds, winning_sequences


def whole_or_none(sequence: tuple[Pick, ...], wholes: list[Whole]) -> bool:
    picks = set(sequence)
    cards = {card for card, _ in sequence}
    return all(
        picks.issuperset(whole) or not cards & {card for card, _ in whole} for whole in wholes
    )


def check(d: int, pool: list[int], threshold: Key | None, wrap: bool, wholes: list[Whole]) -> None:
    sequences = {s for s in winning_sequences(d, pool, threshold, wrap) if whole_or_none(s, wholes)}
    assert absorbing_complete(d, pool, threshold, wrap, wholes) == bool(sequences)
    prefixes = {seq[:i] for seq in sequences for i in range(len(seq) + 1)}
    for prefix in prefixes:
        used = {c for c, _ in prefix}
        rest = [c for c in pool if c not in used]
        expected = next_picks(sequences, prefix)
        assert absorbing_picks(d, prefix, rest, threshold, wrap, wholes) == expected, (
            d,
            pool,
            threshold,
            wholes,
            prefix,
        )
        assert absorbing_beats(d, prefix, threshold, wrap, wholes) == (prefix in sequences)


@st.composite
def pools_with_wholes(draw: st.DrawFn) -> tuple[list[int], list[Whole]]:
    pool = draw(st.lists(st.integers(0, 64), min_size=2, max_size=7, unique=True))
    wholes: list[Whole] = []
    rest = pool[:]
    for _ in range(draw(st.integers(1, 2))):
        if len(rest) < 2:
            break
        size = draw(st.integers(2, min(3, len(rest))))
        cards, rest = rest[:size], rest[size:]
        wholes.append(tuple((card, draw(st.integers(0, 1))) for card in cards))
    return pool, wholes


@settings(max_examples=200, deadline=None)
@given(d=st.integers(0, 4), drawn=pools_with_wholes(), threshold=thresholds, wrap=st.booleans())
def test_absorbing_picks_match_brute_force(d, drawn, threshold, wrap) -> None:
    pool, wholes = drawn
    check(d, pool, threshold, wrap, wholes)


def test_same_value_wholes() -> None:
    # A pair of 5s held whole, more 5s and 9s in hand: two pairs or a bigger set must
    # keep both 5s, as they lie.
    from meeple.games.anludim.components import CARDS

    fives = [c for c in range(65) if 5 in (CARDS[c][0][0], CARDS[c][1][0])][:5]
    nines = [c for c in range(65) if 9 in (CARDS[c][0][0], CARDS[c][1][0])][:2]
    whole = tuple((c, 0 if CARDS[c][0][0] == 5 else 1) for c in fives[:2])
    for d in range(5):
        for threshold in (None, (1, (5,)), (2, (9, 4)), (1, (13,))):
            check(d, fives + nines, threshold, False, [whole])


@st.composite
def set_wholes(draw: st.DrawFn) -> tuple[int, list[int], list[Whole]]:
    """A seat's own pairs or threes (complete groups, as on the table) and other cards."""
    d = draw(st.sampled_from([PAIRS, THREES]))
    k = 2 if d == PAIRS else 3
    wholes: list[Whole] = []
    used: set[int] = set()
    for value in draw(st.lists(st.integers(1, 13), min_size=1, max_size=2, unique=True)):
        by_colour = {}
        for card, halves in enumerate(CARDS):
            for h, (v, c) in enumerate(halves):
                if v == value and card not in used:
                    by_colour.setdefault(c, (card, h))
        colours = draw(st.permutations(sorted(by_colour)))[:k]
        group = tuple(by_colour[c] for c in colours)
        used.update(card for card, _ in group)
        wholes.append(group)
    others = draw(st.lists(st.integers(0, 64), max_size=5, unique=True))
    pool = [card for card, _ in (p for w in wholes for p in w)]
    pool += [c for c in others if c not in used]
    return d, pool, wholes


@settings(max_examples=200, deadline=None)
@given(drawn=set_wholes(), threshold=thresholds)
def test_own_sets_held_whole_match_brute_force(drawn, threshold) -> None:
    d, pool, wholes = drawn
    check(d, pool, threshold, False, wholes)
