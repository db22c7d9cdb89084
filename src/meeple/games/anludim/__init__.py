"""Anludim: dual-value apprentice cards formed into combinations to call teachers."""

from __future__ import annotations

from collections.abc import Sequence

from meeple.errors import CombinationError
from meeple.games.anludim.combinations import rank
from meeple.games.anludim.components import COLOURS, DISCIPLINES

Key = tuple[int, tuple[int, ...]]


def rank_combination(
    discipline: str, halves: Sequence[tuple[int, str]], *, wrap: bool = False
) -> Key:
    """A key that compares greater for a stronger combination of `discipline`.

    `halves` is a list of (value, colour). Raises CombinationError (a ValueError) with
    the reason when the discipline, a colour or a value is unknown, or the halves do
    not form that combination.
    """
    if discipline not in DISCIPLINES:
        raise CombinationError(
            f"unknown discipline {discipline!r}; one of {', '.join(DISCIPLINES)}"
        )
    converted = []
    for half in halves:
        try:
            value, colour = half
        except (TypeError, ValueError):
            raise CombinationError(f"a half is (value, colour), not {half!r}") from None
        if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 13:
            raise CombinationError(f"a value runs 1..13, not {value!r}")
        if colour not in COLOURS:
            raise CombinationError(f"unknown colour {colour!r}; one of {', '.join(COLOURS)}")
        converted.append((value, COLOURS.index(colour)))
    return rank(DISCIPLINES.index(discipline), converted, wrap)


__all__ = ["rank_combination"]
