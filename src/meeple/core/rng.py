"""The one random number generator of meeple.

A SplitMix64 stream whose whole state is one integer, so cloning a game state
copies the generator for the price of an int, and results are identical on every
platform and Python version.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GAMMA = 0x9E3779B97F4A7C15

T = TypeVar("T")


def mix_seed(*parts: int) -> int:
    """Fold several integers into one 64-bit seed (order matters)."""
    h = 0x6A09E667F3BCC909
    for p in parts:
        h = _splitmix((h ^ (p & _MASK)) & _MASK)
    return h


def _splitmix(x: int) -> int:
    z = (x + _GAMMA) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class Rng:
    """Seeded generator; `state` is a plain int."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = mix_seed(seed)

    def copy(self) -> Rng:
        new = Rng.__new__(Rng)
        new.state = self.state
        return new

    def next64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in range(n), n >= 1 (rejection sampling, no bias)."""
        if n <= 0:
            raise ValueError("below() needs n >= 1")
        limit = _MASK - (_MASK + 1) % n
        # next64() written out: search agents call this in their inner loops, and the
        # method call cost as much as the arithmetic. The stream is the same.
        state = self.state
        while True:
            state = (state + _GAMMA) & _MASK
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self.state = state
                return z % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place."""
        # below() written out, as there: resampling shuffles whole decks on every
        # search iteration. The stream is the same as calling below(i + 1).
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                z ^= z >> 31
                if z <= limit:
                    break
            j = z % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def shuffle_front(self, items: MutableSequence[T], k: int) -> None:
        """Deal the first `k` places of `items` at random from the whole of it (a
        Fisher-Yates shuffle stopped after k steps): a random sample, in random order."""
        n = len(items)
        for i in range(k):
            j = i + self.below(n - i)
            items[i], items[j] = items[j], items[i]

    def to_end(self, items: MutableSequence[T], start: int = 0) -> None:
        """Swap an element of items[start:], chosen at random, into the last place: a
        face-down pile's top dealt only when it is needed."""
        j = start + self.below(len(items) - start)
        items[j], items[-1] = items[-1], items[j]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]
