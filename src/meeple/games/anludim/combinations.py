"""Combinations: recognising and ranking them, and which picks can still complete one.

A half is (value, colour index). A key is (size, values from the highest down); a
stronger combination of one discipline has a greater key. Disciplines are indices into
components.DISCIPLINES: 0 straight, 1 flush, 2 pairs, 3 three of a kind, 4 gathering.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations

from meeple.games.anludim.components import CARDS

Half = tuple[int, int]
Key = tuple[int, tuple[int, ...]]

STRAIGHT, FLUSH, PAIRS, THREES, GATHERING = range(5)
_SET_SIZE = {PAIRS: 2, THREES: 3}


def _run_mask(start: int, length: int, wrap: bool) -> int:
    mask = 0
    for i in range(length):
        v = start + i
        if v > 13:
            if not wrap:
                return -1
            v -= 13
        mask |= 1 << v
    return mask


def rank(discipline: int, halves: Sequence[Half], wrap: bool = False) -> Key:
    """The key of `halves` as a combination of `discipline`; ValueError says why not."""
    n = len(halves)
    values = [v for v, _ in halves]
    if discipline == STRAIGHT:
        if n < 2:
            raise ValueError("a straight needs at least 2 cards")
        mask = 0
        for v in values:
            mask |= 1 << v
        if mask.bit_count() != n:
            raise ValueError("a straight cannot repeat a value")
        low = min(values)
        if _run_mask(low, n, False) == mask:
            return (n, (max(values),))
        if wrap and any(_run_mask(s, n, True) == mask for s in range(1, 14)):
            return (n, (max(values),))
        raise ValueError("the values of a straight must follow each other")
    if discipline == FLUSH:
        if n < 2:
            raise ValueError("a flush needs at least 2 cards")
        if len({c for _, c in halves}) != 1:
            raise ValueError("a flush is all of one colour")
        return (n, tuple(sorted(values, reverse=True)))
    if discipline == GATHERING:
        if n < 4:
            raise ValueError("a gathering needs at least 4 cards")
        if len(set(values)) != 1:
            raise ValueError("a gathering is all of one value")
        return (n, (values[0],))
    if discipline in _SET_SIZE:
        k = _SET_SIZE[discipline]
        word = "pair" if k == 2 else "three of a kind"
        if n == 0:
            raise ValueError(f"a {word} combination needs at least one {word}")
        groups: dict[int, set[int]] = {}
        for v, c in halves:
            colours = groups.setdefault(v, set())
            if c in colours:
                raise ValueError(f"each {word} needs {k} different colours")
            colours.add(c)
        for v, colours in groups.items():
            if len(colours) != k:
                raise ValueError(f"value {v} has {len(colours)} cards, a {word} has {k}")
        return (len(groups), tuple(sorted(groups, reverse=True)))
    raise ValueError(f"unknown discipline {discipline!r}")


def _beats(key: Key, threshold: Key | None) -> bool:
    return threshold is None or key > threshold


# --- completion search -------------------------------------------------------------
# can_complete answers: can the selected halves, plus some cards of the pool (each
# used once, with either half), form a combination of the discipline that beats the
# threshold? legal_picks keeps exactly the picks after which the answer stays yes, so a
# player who starts a combination is never stuck.


def _coverable(needed: int, pool: Sequence[int]) -> bool:
    """Can distinct pool cards supply every value bit in `needed`?

    Cards are edges between their two values; a set of values can each get its own
    card iff every connected part (edges leaving the set count as loops) has at least
    as many cards as values.
    """
    if not needed:
        return True
    comps: list[list[int]] = []
    for card in pool:
        (v0, _), (v1, _) = CARDS[card]
        m = needed & ((1 << v0) | (1 << v1))
        if not m:
            continue
        merged = [m, 1]
        rest = []
        for comp in comps:
            if comp[0] & m:
                merged[0] |= comp[0]
                merged[1] += comp[1]
            else:
                rest.append(comp)
        rest.append(merged)
        comps = rest
    covered = 0
    for mask, edges in comps:
        if mask.bit_count() > edges:
            return False
        covered |= mask
    return covered == needed


def _straight_ok(sel_mask: int, pool: Sequence[int], threshold: Key | None, wrap: bool) -> bool:
    if wrap:
        for length in range(13, 1, -1):
            if threshold is not None and length < threshold[0]:
                break
            for start in range(1, 14 if length < 13 else 2):
                run = _run_mask(start, length, True)
                if run & sel_mask != sel_mask:
                    continue
                top = max(v for v in range(1, 14) if run >> v & 1)
                if _beats((length, (top,)), threshold) and _coverable(run & ~sel_mask, pool):
                    return True
        return False
    if sel_mask:
        lo = (sel_mask & -sel_mask).bit_length() - 1
        hi = sel_mask.bit_length() - 1
    else:
        lo, hi = 12, 0
    # For each start a the longest coverable run [a, b] is best; b never shrinks as a grows.
    b = 0
    for a in range(max(1, hi - 12), lo + 1):
        b = max(b, hi, a + 1)
        if b > 13 or not _coverable(_run_mask(a, b - a + 1, False) & ~sel_mask, pool):
            continue
        while b < 13 and _coverable(_run_mask(a, b - a + 2, False) & ~sel_mask, pool):
            b += 1
        if _beats((b - a + 1, (b,)), threshold):
            return True
    return False


def _sets_ok(
    k: int, groups: dict[int, list[int]], pool: Sequence[int], threshold: Key | None
) -> bool:
    cand: dict[int, list[tuple[int, int]]] = {}
    for i, card in enumerate(pool):
        for v, c in CARDS[card]:
            if c not in groups.get(v, ()):
                cand.setdefault(v, []).append((1 << i, c))
    values = sorted(
        {v for v, cs in cand.items() if len({c for _, c in cs}) >= k} | set(groups),
        reverse=True,
    )
    need_count = threshold[0] if threshold is not None else 1

    def search(i: int, used: int, chosen: list[int]) -> bool:
        if len(chosen) + len(values) - i < need_count:
            return False
        if i == len(values):
            return bool(chosen) and _beats((len(chosen), tuple(chosen)), threshold)
        v = values[i]
        have = groups.get(v, [])
        free = [bc for bc in cand.get(v, ()) if not used & bc[0]]
        for combo in combinations(free, k - len(have)):
            if len({c for _, c in combo}) != len(combo):
                continue
            bits = used
            for bit, _ in combo:
                bits |= bit
            if search(i + 1, bits, [*chosen, v]):
                return True
        return v not in groups and search(i + 1, used, chosen)

    return search(0, 0, [])


def _full_key(discipline: int, sel: Sequence[Half], pool: Sequence[int], attr: int) -> Key | None:
    """Flush (attr = colour) or gathering (attr = value): the best completion uses all."""
    pos = 1 if discipline == FLUSH else 0
    values = [h[0] for h in sel]
    for card in pool:
        for half in CARDS[card]:
            if half[pos] == attr:
                values.append(half[0])
    if len(values) < (2 if discipline == FLUSH else 4):
        return None
    if discipline == FLUSH:
        return (len(values), tuple(sorted(values, reverse=True)))
    return (len(values), (attr,))


def can_complete(
    discipline: int,
    sel: Sequence[Half],
    pool: Sequence[int],
    threshold: Key | None,
    wrap: bool = False,
) -> bool:
    if discipline == STRAIGHT:
        mask = 0
        for v, _ in sel:
            if mask >> v & 1:
                return False
            mask |= 1 << v
        return _straight_ok(mask, pool, threshold, wrap)
    if discipline in (FLUSH, GATHERING):
        pos = 1 if discipline == FLUSH else 0
        attrs = {h[pos] for h in sel}
        if len(attrs) > 1:
            return False
        options = attrs or ({h[pos] for card in pool for h in CARDS[card]})
        for attr in options:
            key = _full_key(discipline, sel, pool, attr)
            if key is not None and _beats(key, threshold):
                return True
        return False
    k = _SET_SIZE[discipline]
    groups: dict[int, list[int]] = {}
    for v, c in sel:
        group = groups.setdefault(v, [])
        if c in group or len(group) == k:
            return False
        group.append(c)
    return _sets_ok(k, groups, pool, threshold)


def legal_picks(
    discipline: int,
    sel: Sequence[Half],
    pool: Sequence[int],
    threshold: Key | None,
    wrap: bool = False,
) -> list[tuple[int, int]]:
    """(card, half index) picks from `pool` after which a completion still exists."""
    picks = []
    sel = list(sel)
    for i, card in enumerate(pool):
        rest = [*pool[:i], *pool[i + 1 :]]
        for h, half in enumerate(CARDS[card]):
            if can_complete(discipline, [*sel, half], rest, threshold, wrap):
                picks.append((card, h))
    return picks
