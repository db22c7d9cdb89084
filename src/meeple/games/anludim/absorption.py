"""Expert variant: your own combinations of the discipline you place are taken whole.

Played cards move only up the hierarchy (rulebook, expert change 3), so a card of your
own combination of the very discipline you are placing cannot move on its own: the
combination is either the "already present" target, absorbed whole with its cards as
they lie, or it stays where it is. These functions are legal_picks, beats and
can_complete with that condition: `wholes` holds the picks of each such combination.
Without wholes they are the plain generators. The search walks legal_picks, which
already proves a beating finish exists, and asks in addition that every absorbed pick
can still join; shortcuts answer the common questions first (_with_whole) and the
answers are remembered, since a search asks them again and again. Even so the expert
game's legal moves cost about twice as much when a seat holds such a combination.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import lru_cache
from itertools import combinations, product

from meeple.games.anludim.combinations import (
    FLUSH,
    GATHERING,
    PAIRS,
    STRAIGHT,
    THREES,
    Half,
    Key,
    Pick,
    beats,
    canonical,
    feasible,
    legal_picks,
    pick_order,
    set_search,
)
from meeple.games.anludim.components import CARDS

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
    return list(_picks_of(discipline, tuple(sel), tuple(pool), threshold, wrap, tuple(wholes)))


# A search asks the same questions again and again (its guesses re-deal only the other
# seats' hands), and positions with wholes are few: their answers are remembered.
@lru_cache(maxsize=4096)
def _picks_of(
    discipline: int,
    sel: tuple[Pick, ...],
    pool: tuple[int, ...],
    threshold: Key | None,
    wrap: bool,
    wholes: tuple[Whole, ...],
) -> tuple[Pick, ...]:
    found: set[Pick] = set()
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
            if _completes(discipline, (*sel, pick), usable, threshold, wrap, must):
                found.add(pick)
    return tuple(sorted(found))


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
    return _complete_of(discipline, tuple(pool), threshold, wrap, tuple(wholes))


@lru_cache(maxsize=4096)
def _complete_of(
    discipline: int,
    pool: tuple[int, ...],
    threshold: Key | None,
    wrap: bool,
    wholes: tuple[Whole, ...],
) -> bool:
    for must, out in _choices(wholes, ()):
        usable = tuple(card for card in pool if card not in out)
        if not must:  # every whole left alone: the plain question, with its shortcuts
            if feasible(usable, (threshold,) * 5, wrap, (discipline,))[discipline]:
                return True
        elif _with_whole(discipline, usable, threshold, wrap, must):
            return True
    return False


def _with_whole(
    discipline: int,
    pool: tuple[int, ...],
    threshold: Key | None,
    wrap: bool,
    must: frozenset[Pick],
) -> bool:
    """_completes from nothing, with shortcuts. A flush or a gathering holding `must` is
    strongest with every other card of its colour or value added (size counts first;
    no card carries two halves of one colour or one value), so that one alone answers.
    A straight holding `must` may beat the threshold with one card more at either end,
    a set of pairs or threes with one more group, its highest: then it surely can."""
    halves = [CARDS[card][h] for card, h in must]
    cards = {card for card, _ in must}
    rest = [card for card in pool if card not in cards]
    if discipline in (FLUSH, GATHERING):
        at = 1 if discipline == FLUSH else 0  # a flush's colour, a gathering's value
        shared = {half[at] for half in halves}
        if len(shared) != 1:
            return False
        (mark,) = shared
        largest = [*must]
        for card in rest:
            for h in (0, 1):
                if CARDS[card][h][at] == mark:
                    largest.append((card, h))
        return beats(discipline, largest, threshold, wrap)
    if discipline == STRAIGHT:
        values = {value for value, _ in halves}
        for card in rest:
            for h in (0, 1):
                value = CARDS[card][h][0]
                near = value - 1 in values or value + 1 in values
                if wrap and not near:
                    near = (value == 13 and 1 in values) or (value == 1 and 13 in values)
                if near and beats(discipline, [*must, (card, h)], threshold, wrap):
                    return True
    elif discipline in (PAIRS, THREES):
        answer = _sets_holding(2 if discipline == PAIRS else 3, halves, rest, threshold)
        if answer is not None:
            return answer
    return _completes(discipline, (), pool, threshold, wrap, must)


def _sets_holding(
    k: int, halves: list[Half], rest: list[int], threshold: Key | None
) -> bool | None:
    """Can pairs (k = 2) or threes (k = 3) holding the complete groups `halves` and any
    groups of `rest` at other values beat `threshold`? None when `halves` are not
    complete groups. Another group only ever raises a set's key (its size counts
    first), so the held groups may be offered to combinations.set_search as groups that
    cost no card, and any winning choice of groups stays a winner with them all added."""
    colours: dict[int, set[int]] = {}
    for value, colour in halves:
        colours.setdefault(value, set()).add(colour)
    if sum(map(len, colours.values())) != len(halves) or any(
        len(seen) != k for seen in colours.values()
    ):
        return None
    candidates: dict[int, list[tuple[int, int]]] = {}  # value -> (colour, card bit)
    for i, card in enumerate(rest):
        for value, colour in CARDS[card]:
            if value not in colours:
                candidates.setdefault(value, []).append((colour, 1 << i))
    entries: list[tuple[int, list[int]]] = []
    for value in sorted({*candidates, *colours}, reverse=True):
        if value in colours:
            entries.append((value, [0]))
            continue
        ways = [
            sum(bit for _, bit in group)
            for group in combinations(candidates[value], k)
            if len({colour for colour, _ in group}) == k
        ]
        if ways:
            entries.append((value, ways))
    m, target = threshold if threshold is not None else (0, ())
    return set_search(None, entries, 0, m, target, [])
