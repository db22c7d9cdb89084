"""Combinations: recognising and ranking them, and which picks can still complete one.

A half is (value, colour index). A key is (size, values from the highest down); a
stronger combination of one discipline has a greater key. Disciplines are indices into
components.DISCIPLINES: 0 straight, 1 flush, 2 pairs, 3 three of a kind, 4 gathering.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from itertools import combinations

from meeple.errors import CombinationError
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
    """The key of `halves` as a combination of `discipline`; CombinationError says why not."""
    n = len(halves)
    values = [v for v, _ in halves]
    if discipline == STRAIGHT:
        if n < 2:
            raise CombinationError("a straight needs at least 2 cards")
        mask = 0
        for v in values:
            mask |= 1 << v
        if mask.bit_count() != n:
            raise CombinationError("a straight cannot repeat a value")
        low = min(values)
        if _run_mask(low, n, False) == mask:
            return (n, (max(values),))
        if wrap and any(_run_mask(s, n, True) == mask for s in range(1, 14)):
            return (n, (max(values),))
        raise CombinationError("the values of a straight must follow each other")
    if discipline == FLUSH:
        if n < 2:
            raise CombinationError("a flush needs at least 2 cards")
        if len({c for _, c in halves}) != 1:
            raise CombinationError("a flush is all of one colour")
        return (n, tuple(sorted(values, reverse=True)))
    if discipline == GATHERING:
        if n < 4:
            raise CombinationError("a gathering needs at least 4 cards")
        if len(set(values)) != 1:
            raise CombinationError("a gathering is all of one value")
        return (n, (values[0],))
    if discipline in _SET_SIZE:
        k = _SET_SIZE[discipline]
        word = "pair" if k == 2 else "three of a kind"
        if n == 0:
            raise CombinationError(f"a {word} combination needs at least one {word}")
        groups: dict[int, set[int]] = {}
        for v, c in halves:
            colours = groups.setdefault(v, set())
            if c in colours:
                raise CombinationError(f"each {word} needs {k} different colours")
            colours.add(c)
        for v, colours in groups.items():
            if len(colours) != k:
                raise CombinationError(f"value {v} has {len(colours)} cards, a {word} has {k}")
        return (len(groups), tuple(sorted(groups, reverse=True)))
    raise CombinationError(f"unknown discipline {discipline!r}")


def _beats(key: Key, threshold: Key | None) -> bool:
    return threshold is None or key > threshold


# --- which picks can still complete a combination -----------------------------------
# Cards of a combination are picked in one canonical order, so each combination has one
# sequence of picks: straights upwards; flushes from the highest value down; pairs and
# threes group by group from the highest value down, each group in colour order;
# gatherings in colour order (equal halves on two cards: lower card id first). A pick is
# legal only if the combination can still be finished, from the pool, into one that
# beats the threshold; so a player who starts a combination is never stuck.

Pick = tuple[int, int]  # (card, index of its active half)


def pick_order(discipline: int, pick: Pick) -> tuple[int, int]:
    """The canonical order of picks within a combination of `discipline`."""
    v, c = CARDS[pick[0]][pick[1]]
    if discipline == STRAIGHT:
        return (v, 0)
    if discipline == FLUSH:
        return (-v, pick[0])
    if discipline == GATHERING:
        return (c, pick[0])
    return (-v, c)


def canonical(discipline: int, picks: Sequence[Pick], wrap: bool = False) -> list[Pick]:
    """`picks` (a finished combination) in the order legal_picks accepts them."""
    ordered = sorted(picks, key=lambda p: pick_order(discipline, p))
    if discipline == STRAIGHT and wrap and 0 < len(ordered) < 13:
        values = {CARDS[c][h][0] for c, h in ordered}
        for i, (c, h) in enumerate(ordered):
            v = CARDS[c][h][0]
            if (v - 2) % 13 + 1 not in values:
                return ordered[i:] + ordered[:i]
    return ordered


def legal_picks(
    discipline: int,
    sel: Sequence[Pick],
    pool: Sequence[int],
    threshold: Key | None,
    wrap: bool = False,
    first_only: bool = False,
) -> list[Pick]:
    """The picks from `pool` that may come next after `sel` (sorted by card)."""
    if discipline == STRAIGHT:
        return _straight_picks(sel, pool, threshold, wrap, first_only)
    if discipline in (FLUSH, GATHERING):
        return _same_picks(discipline, sel, pool, threshold, first_only)
    return _set_picks(_SET_SIZE[discipline], sel, pool, threshold, first_only)


# A search asks the same questions of the same hands again and again (the searching
# seat's hand stays put while its guesses re-deal the others'), so guesses remember the
# answers; real games, whose questions rarely repeat, do not pay for it.
_REMEMBERED = 20_000


@lru_cache(maxsize=_REMEMBERED)
def _picks_of(
    discipline: int, sel: tuple[Pick, ...], pool: tuple[int, ...], threshold: Key | None, wrap: bool
) -> tuple[Pick, ...]:
    return tuple(legal_picks(discipline, sel, pool, threshold, wrap))


@lru_cache(maxsize=_REMEMBERED)
def _feasible_of(
    pool: tuple[int, ...], thresholds: tuple[Key | None, ...], wrap: bool, wanted: tuple[int, ...]
) -> tuple[bool, ...]:
    return tuple(feasible(pool, thresholds, wrap, wanted))


def remembered_legal_picks(
    discipline: int,
    sel: Sequence[Pick],
    pool: Sequence[int],
    threshold: Key | None,
    wrap: bool = False,
) -> list[Pick]:
    """legal_picks, remembered."""
    return list(_picks_of(discipline, tuple(sel), tuple(pool), threshold, wrap))


def remembered_feasible(
    pool: Sequence[int],
    thresholds: Sequence[Key | None],
    wrap: bool = False,
    wanted: Collection[int] = range(5),
) -> list[bool]:
    """feasible, remembered."""
    return list(_feasible_of(tuple(pool), tuple(thresholds), wrap, tuple(wanted)))


def can_complete(
    discipline: int, pool: Sequence[int], threshold: Key | None, wrap: bool = False
) -> bool:
    """Can some combination of `discipline` from `pool` beat `threshold`?"""
    return bool(legal_picks(discipline, (), pool, threshold, wrap, first_only=True))


def feasible(
    pool: Sequence[int],
    thresholds: Sequence[Key | None],
    wrap: bool = False,
    wanted: Collection[int] = range(5),
) -> list[bool]:
    """can_complete for the `wanted` disciplines over one pool, sharing the work
    (the others come back False)."""
    by_value: dict[int, list[int]] = {}
    by_colour: dict[int, list[int]] = {}
    for card in pool:
        (v0, c0), (v1, c1) = CARDS[card]
        by_value.setdefault(v0, []).append(c0)
        by_value.setdefault(v1, []).append(c1)
        by_colour.setdefault(c0, []).append(v0)
        by_colour.setdefault(c1, []).append(v1)
    out = [False] * 5

    t = thresholds[FLUSH]
    for values in by_colour.values() if FLUSH in wanted else ():
        if len(values) >= 2 and (
            t is None
            or len(values) > t[0]
            or (len(values) == t[0] and tuple(sorted(values, reverse=True)) > t[1])
        ):
            out[FLUSH] = True
            break

    t = thresholds[GATHERING]
    for v, colours in by_value.items() if GATHERING in wanted else ():
        if len(colours) >= 4 and _beats((len(colours), (v,)), t):
            out[GATHERING] = True
            break

    t = thresholds[STRAIGHT]
    if STRAIGHT in wanted:
        quick = _any_straight(by_value) if t is None and not wrap else None
        out[STRAIGHT] = can_complete(STRAIGHT, pool, t, wrap) if quick is None else quick

    for d, k in _SET_SIZE.items():
        t = thresholds[d]
        if d not in wanted:
            continue
        full = [v for v, colours in by_value.items() if len(set(colours)) >= k]
        if not full:
            continue
        if t is None or (t[0] == 1 and max(full) > t[1][0]):
            out[d] = True
        elif len(full) >= t[0]:
            out[d] = _greedy_groups(k, pool, sorted(full, reverse=True), t) or can_complete(
                d, pool, t, wrap
            )
    return out


def _greedy_groups(k: int, pool: Sequence[int], values: list[int], threshold: Key) -> bool:
    """A quick yes: take groups from the highest value down with the first free cards."""
    used: set[int] = set()
    chosen = []
    for v in values:
        group: dict[int, int] = {}
        for card in pool:
            if card not in used:
                for value, colour in CARDS[card]:
                    if value == v and colour not in group:
                        group[colour] = card
        if len(group) >= k:
            used.update(list(group.values())[:k])
            chosen.append(v)
    return _beats((len(chosen), tuple(chosen)), threshold)


def _any_straight(by_value: dict[int, list[int]]) -> bool | None:
    """Two neighbouring values, surely on two different cards? None: look closer."""
    for v in range(1, 13):
        if v in by_value and v + 1 in by_value:
            # Different cards, unless one card holds both and no other card holds either.
            if len(by_value[v]) > 1 or len(by_value[v + 1]) > 1:
                return True
            return None
    return False


def _union_run(values: Collection[int], start: int) -> Key:
    """The key of the run of present values from `start` upwards (no wrap)."""
    end = start
    while end + 1 in values:
        end += 1
    return (end - start + 1, (end,))


def beats(discipline: int, sel: Sequence[Pick], threshold: Key | None, wrap: bool) -> bool:
    """Is `sel` a finished combination of `discipline` stronger than `threshold`?"""
    try:
        key = rank(discipline, [CARDS[card][h] for card, h in sel], wrap)
    except CombinationError:
        return False
    return _beats(key, threshold)


def _same_picks(
    discipline: int, sel: Sequence[Pick], pool: Sequence[int], threshold: Key | None, first: bool
) -> list[Pick]:
    """Flush (one colour) or gathering (one value): a completion best takes every card left."""
    flush = discipline == FLUSH
    minimum = 2 if flush else 4
    buckets: dict[int, list[tuple[tuple[int, int], int, int, int]]] = {}
    for card in pool:
        for h, (v, c) in enumerate(CARDS[card]):
            order = (-v, card) if flush else (c, card)
            buckets.setdefault(c if flush else v, []).append((order, card, h, v))
    if sel:
        v, c = CARDS[sel[0][0]][sel[0][1]]
        attr = c if flush else v
        last = pick_order(discipline, sel[-1])
        buckets = {attr: [e for e in buckets.get(attr, ()) if e[0] > last]}
    sel_values = [CARDS[card][h][0] for card, h in sel]
    found: list[Pick] = []
    for attr, eligible in buckets.items():
        n = len(eligible)
        if len(sel) + n < minimum:
            continue
        eligible.sort()
        for i, (_, card, h, _) in enumerate(eligible):
            size = len(sel) + n - i
            if size < minimum:
                break
            if flush:
                key: Key = (size, (*sel_values, *(e[3] for e in eligible[i:])))
            else:
                key = (size, (attr,))
            if not _beats(key, threshold):
                break  # later picks only make it smaller
            found.append((card, h))
            if first:
                return found
    found.sort()
    return found


def _straight_picks(
    sel: Sequence[Pick], pool: Sequence[int], threshold: Key | None, wrap: bool, first: bool
) -> list[Pick]:
    def succ(v: int) -> int:
        return v + 1 if v < 13 else (1 if wrap else 0)

    by_value: dict[int, list[int]] = {}
    for i, card in enumerate(pool):
        for v, _ in CARDS[card]:
            by_value.setdefault(v, []).append(i)

    def extension(start: int, room: int, skip: int) -> int:
        """How many values from `start` upwards distinct pool cards can supply."""
        owner: dict[int, int] = {}

        def place(v: int, seen: set[int]) -> bool:
            for i in by_value.get(v, ()):
                if i not in seen:
                    seen.add(i)
                    if i not in owner or place(owner[i], seen):
                        owner[i] = v
                        return True
            return False

        count, v = 0, start
        while count < room and v and place(v, {skip}):
            count += 1
            v = succ(v)
        return count

    if sel:
        values = [CARDS[card][h][0] for card, h in sel]
        first_value, after = values[0], succ(values[-1])
        starts = [after] if after and len(values) < 13 else []
    else:
        first_value = 0
        starts = sorted(by_value)
        if threshold is not None and not wrap:
            # A run must fit in the values present: skip starts too short to win.
            starts = [v for v in starts if _beats(_union_run(by_value, v), threshold)]
    found: list[Pick] = []
    for v in starts:
        head = first_value or v
        done = len(sel) + 1
        cache: dict[int, int] = {}
        for i in by_value.get(v, ()):
            card = pool[i]
            (v0, _), (v1, _) = CARDS[card]
            other = v1 if v0 == v else v0
            # Only a card whose other value lies ahead can change how far the run reaches.
            ahead = (other - v) % 13 if wrap else other - v
            relevant = ahead > 0
            key_i = i if relevant else -1
            if key_i not in cache:
                # A wrapping run of all 13 values is picked from 1 only: one sequence each.
                room = (13 if head == 1 else 12) - done
                cache[key_i] = extension(succ(v), room, i) if succ(v) else 0
            size = done + cache[key_i]
            if size < 2:
                continue
            end = head + size - 1
            top = end if end <= 13 else 13
            if _beats((size, (top,)), threshold):
                found.append((card, 0 if v0 == v else 1))
                if first:
                    return found
    found.sort()
    return found


def _set_picks(
    k: int, sel: Sequence[Pick], pool: Sequence[int], threshold: Key | None, first: bool
) -> list[Pick]:
    groups: list[tuple[int, list[int]]] = []
    for card, h in sel:
        v, c = CARDS[card][h]
        if groups and groups[-1][0] == v:
            groups[-1][1].append(c)
        else:
            groups.append((v, [c]))
    cand: dict[int, list[tuple[int, int, int]]] = {}  # value -> (colour, bit, card)
    for i, card in enumerate(pool):
        for v, c in CARDS[card]:
            cand.setdefault(v, []).append((c, 1 << i, card))
    for lst in cand.values():
        lst.sort()

    def ways(v: int, need: int, above: int, skip: int) -> list[int]:
        """Bitmasks of `need` pool cards at value v, colours all distinct and > above."""
        options = [(c, bit) for c, bit, _ in cand.get(v, ()) if c > above and not bit & skip]
        found = []
        for combo in combinations(options, need):
            if len({c for c, _ in combo}) == need:
                bits = 0
                for _, bit in combo:
                    bits |= bit
                found.append(bits)
        return found

    full: dict[int, list[int]] = {}

    def full_ways(v: int) -> list[int]:
        if v not in full:
            full[v] = ways(v, k, -1, 0)
        return full[v]

    m, target = threshold if threshold is not None else (0, ())
    if first and not sel:
        # "Can any combination beat the threshold?" needs no pick-by-pick walk.
        full_values = sorted(
            (v for v, lst in cand.items() if len({c for c, _, _ in lst}) >= k), reverse=True
        )
        if len(full_values) < max(m, 1):
            return []
        quick = m <= 1 and (not target or full_values[0] > target[0])
        entries = [(w, full_ways(w)) for w in full_values]
        if not quick and not set_search(None, entries, 0, m, target, []):
            return []
        c, _, card = cand[full_values[0]][0]
        return [(card, 0 if CARDS[card][0] == (full_values[0], c) else 1)]
    prefix = [v for v, _ in groups]
    found: list[Pick] = []
    if groups and len(groups[-1][1]) < k:
        v, colours = groups[-1]
        starts = [(v, colours[-1], prefix[:-1], k - len(colours) - 1)]
    else:
        low = groups[-1][0] if groups else 14
        starts = [(w, -1, prefix, k - 1) for w in sorted(cand, reverse=True) if w < low]
    for v, above, before, need in starts:
        # Often the group being picked already beats the threshold once finished.
        order = _compare_groups([*before, v], target)
        decided = len(before) + 1 >= m + (order <= 0)
        lower: list[tuple[int, list[int]]] | None = None
        for c, bit, card in cand.get(v, ()):
            if c <= above:
                continue
            rest = ways(v, need, c, bit)
            if not rest:
                continue
            if not decided and lower is None:
                lower = [(w, full_ways(w)) for w in sorted(cand, reverse=True) if w < v]
                lower = [entry for entry in lower if entry[1]]
            if decided or set_search((v, rest), lower or [], bit, m, target, before):
                found.append((card, 0 if CARDS[card][0] == (v, c) else 1))
                if first:
                    return found
    found.sort()
    return found


def _compare_groups(values: list[int], target: tuple[int, ...]) -> int:
    """-1, 0 or 1: the group values so far against the threshold's, position by position
    (running past the threshold's groups counts as greater)."""
    for count, v in enumerate(values):
        if count >= len(target):
            return 1
        if v != target[count]:
            return 1 if v > target[count] else -1
    return 0


def set_search(
    head: tuple[int, list[int]] | None,
    lower: list[tuple[int, list[int]]],
    used: int,
    m: int,
    target: tuple[int, ...],
    before: list[int],
) -> bool:
    """Can the finished groups `before`, the group `head` (finished one of its ways),
    and any of the `lower` groups (highest value first) beat the key (m, target)?
    Ways are bitmasks of pool cards; `used` marks cards already spoken for."""
    failed: set[tuple[int, int, int]] = set()
    n = len(lower)

    def reach(i: int, used: int, r: int) -> bool:
        """Can lower[i:] add r more groups?"""
        if r <= 0:
            return True
        if n - i < r or (i, used, r) in failed:
            return False
        free = 0
        for j in range(i, n):
            for bits in lower[j][1]:
                if not bits & used:
                    free += 1
                    break
        if free >= r:
            for bits in lower[i][1]:
                if not bits & used and reach(i + 1, used | bits, r - 1):
                    return True
            if reach(i + 1, used, r):
                return True
        failed.add((i, used, r))
        return False

    def compare(v: int, count: int) -> int:
        if count >= len(target):
            return 1
        return (v > target[count]) - (v < target[count])

    def search(i: int, used: int, count: int, order: int) -> bool:
        # order: how the group values chosen so far compare with the target's (-1, 0, 1)
        if order:
            return reach(i, used, m + (order < 0) - count)
        if i == n:
            return count > m
        v, options = lower[i]
        nxt = compare(v, count)
        for bits in options:
            if not bits & used and search(i + 1, used | bits, count + 1, nxt):
                return True
        return search(i + 1, used, count, 0)

    order = _compare_groups(before, target)
    if head is None:
        return search(0, used, len(before), order)
    nxt = order or compare(head[0], len(before))
    return any(not bits & used and search(0, used | bits, len(before) + 1, nxt) for bits in head[1])
