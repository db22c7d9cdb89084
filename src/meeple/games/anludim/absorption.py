"""Expert variant: your own combinations of the discipline you place are taken whole.

Played cards move only up the hierarchy (rulebook, expert change 3), so a card of your
own combination of the very discipline you are placing cannot move on its own: the
combination is either the "already present" target, absorbed whole with its cards as
they lie, or it stays where it is. These functions are legal_picks, beats and
can_complete with that condition: `wholes` holds the picks of each such combination.
Without wholes they are the plain generators. The search walks legal_picks, which
already proves a beating finish exists, and asks in addition that every absorbed pick
can still join; positions with wholes are rare (a seat placing over its own
combination), so a small memoised search is enough.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import product

from meeple.games.anludim.combinations import (
    STRAIGHT,
    Key,
    Pick,
    beats,
    canonical,
    feasible,
    legal_picks,
    pick_order,
)

Whole = tuple[Pick, ...]


def _choices(
    wholes: Sequence[Whole], sel: Sequence[Pick]
) -> Iterator[tuple[frozenset[Pick], frozenset[int]]]:
    """Each way of taking the wholes that `sel` allows: (picks that must join, cards
    left out). A whole that `sel` touches must be taken; one it uses differently, never."""
    chosen = {card for card, _ in sel}
    options: list[tuple[bool, ...]] = []
    for whole in wholes:
        cards = {card for card, _ in whole}
        touched = cards & chosen
        if not touched:
            options.append((False, True))
        elif all(pick in whole for pick in sel if pick[0] in cards):
            options.append((True,))
        else:
            return  # a card of it is used in another way: no completion at all
    for taken in product(*options):
        must = frozenset(
            pick for whole, take in zip(wholes, taken, strict=True) if take for pick in whole
        )
        out = frozenset(
            card for whole, take in zip(wholes, taken, strict=True) if not take for card, _ in whole
        )
        yield must, out


@lru_cache(maxsize=4096)
def _completes(
    discipline: int,
    sel: tuple[Pick, ...],
    pool: tuple[int, ...],
    threshold: Key | None,
    wrap: bool,
    must: frozenset[Pick],
) -> bool:
    """Does some finish of `sel` from `pool` beat `threshold` and hold every pick of
    `must` (and no card of `must` in another way)?"""
    chosen = {card for card, _ in sel}
    rest = [card for card in pool if card not in chosen]
    if must.issubset(sel):
        # legal_picks offers only picks that finish to a beating combination
        return beats(discipline, sel, threshold, wrap) or bool(
            legal_picks(discipline, sel, rest, threshold, wrap, first_only=True)
        )
    if sel and not (wrap and discipline == STRAIGHT):
        # picks join in canonical order: one that sorts before the last can no longer
        last = pick_order(discipline, sel[-1])
        if any(pick_order(discipline, pick) < last for pick in must.difference(sel)):
            return False
    finish = (*sel, *must.difference(sel))
    if beats(discipline, finish, threshold, wrap) and (
        tuple(canonical(discipline, finish, wrap)[: len(sel)]) == sel
    ):
        return True  # the quickest finish: the absorbed picks and nothing more
    must_cards = {card for card, _ in must}
    picks = legal_picks(discipline, sel, rest, threshold, wrap)
    picks.sort(key=must.__contains__, reverse=True)  # the absorbed picks first
    for pick in picks:
        if pick[0] in must_cards and pick not in must:
            continue
        if _completes(discipline, (*sel, pick), pool, threshold, wrap, must):
            return True
    return False


def absorbing_picks(
    discipline: int,
    sel: Sequence[Pick],
    pool: Sequence[int],
    threshold: Key | None,
    wrap: bool,
    wholes: Sequence[Whole],
) -> list[Pick]:
    """legal_picks, each whole of `wholes` taken entire or not at all (`pool`: the cards
    not yet in `sel`, the wholes' included)."""
    if not wholes:
        return legal_picks(discipline, sel, pool, threshold, wrap)
    found: set[Pick] = set()
    key = tuple(sel)
    for must, out in _choices(wholes, sel):
        usable = tuple(card for card in pool if card not in out)
        picks = legal_picks(discipline, sel, usable, threshold, wrap)
        if not must:  # every whole left alone: legal_picks' own guarantee is enough
            found.update(picks)
            continue
        must_cards = {card for card, _ in must}
        for pick in picks:
            if pick in found or (pick[0] in must_cards and pick not in must):
                continue
            if _completes(discipline, (*key, pick), usable, threshold, wrap, must):
                found.add(pick)
    return sorted(found)


def absorbing_beats(
    discipline: int,
    sel: Sequence[Pick],
    threshold: Key | None,
    wrap: bool,
    wholes: Sequence[Whole],
) -> bool:
    """beats, and every whole is in `sel` entire or not at all."""
    if not beats(discipline, sel, threshold, wrap):
        return False
    picked = set(sel)
    chosen = {card for card, _ in sel}
    for whole in wholes:
        if any(card in chosen for card, _ in whole) and not picked.issuperset(whole):
            return False
    return True


def absorbing_complete(
    discipline: int,
    pool: Sequence[int],
    threshold: Key | None,
    wrap: bool,
    wholes: Sequence[Whole],
) -> bool:
    """Can a combination of `discipline` from `pool` beat `threshold`, each whole taken
    entire or not at all?"""
    for must, out in _choices(wholes, ()):
        usable = tuple(card for card in pool if card not in out)
        if not must:  # every whole left alone: the plain question, with its shortcuts
            if feasible(usable, (threshold,) * 5, wrap, (discipline,))[discipline]:
                return True
        elif _completes(discipline, (), usable, threshold, wrap, must):
            return True
    return False
