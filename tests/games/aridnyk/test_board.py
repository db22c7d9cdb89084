"""Aridnyk board geometry: rotation, the water-edge rule, frontier, encoding, links."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.aridnyk.board import (
    DELTA,
    GROWN,
    GROWN_LINKS,
    OPPOSITE,
    Cell,
    E,
    Layout,
    N,
    S,
    W,
    adjacent_cells,
    distinct_rotations,
    rotate_mask,
)

LAND, WATER = 0, 3  # terrain indices used by these tables (woods, river)
BIT = {"n": 1, "e": 2, "s": 4, "w": 8}


def mask(sides: str) -> int:
    return sum(BIT[c] for c in sides)


def make(masks: list[int]) -> Layout:
    """A layout over tiles 0.. with these printed masks (water tiles where mask != 0)."""
    return Layout([WATER if m else LAND for m in masks], masks)


# -- rotation ------------------------------------------------------------------------


def test_sides_and_deltas() -> None:
    assert (N, E, S, W) == (0, 1, 2, 3)
    assert DELTA[N] == (0, 1) and DELTA[E] == (1, 0)
    assert DELTA[S] == (0, -1) and DELTA[W] == (-1, 0)
    for s in range(4):
        assert DELTA[OPPOSITE[s]] == (-DELTA[s][0], -DELTA[s][1])
    assert adjacent_cells((2, 5)) == [(2, 6), (3, 5), (2, 4), (1, 5)]


def test_rotate_mask() -> None:
    assert rotate_mask(mask("n"), 1) == mask("e")
    assert rotate_mask(mask("n"), 2) == mask("s")
    assert rotate_mask(mask("n"), 3) == mask("w")
    assert rotate_mask(mask("w"), 1) == mask("n")
    assert rotate_mask(mask("ne"), 1) == mask("es")
    assert rotate_mask(mask("ne"), 3) == mask("wn")
    assert rotate_mask(mask("ns"), 1) == mask("ew")
    for m in range(16):
        assert rotate_mask(m, 0) == m == rotate_mask(m, 4)
        assert rotate_mask(rotate_mask(m, 1), 3) == m
        assert bin(rotate_mask(m, 1)).count("1") == bin(m).count("1")


def test_distinct_rotations() -> None:
    assert distinct_rotations(0) == [0]
    assert distinct_rotations(15) == [0]
    assert distinct_rotations(mask("ns")) == [0, 1]
    assert distinct_rotations(mask("ne")) == [0, 1, 2, 3]


def test_place_rotates_the_water_mask() -> None:
    lay = make([0, mask("ne")])
    lay.place(0, (0, 0))
    lay.place(1, (5, 5), 1)
    assert lay.rot[1] == 1
    assert lay.water[1] == mask("es")
    assert lay.terrain[lay.at[(5, 5)]] == WATER
    assert lay.terrain[lay.at[(0, 0)]] == LAND
    assert (1, 1) not in lay.at


def test_place_and_remove_errors() -> None:
    lay = make([0, 0])
    lay.place(0, (0, 0))
    with pytest.raises(ValueError):
        lay.place(0, (1, 0))
    with pytest.raises(ValueError):
        lay.place(1, (0, 0))
    with pytest.raises(ValueError):
        lay.remove(1)
    with pytest.raises(ValueError):
        Layout([0], [0, 0])


# -- the water-edge rule -------------------------------------------------------------


@pytest.mark.parametrize("side", range(4))
@pytest.mark.parametrize("ours", [False, True])
@pytest.mark.parametrize("theirs", [False, True])
def test_water_edge_rule_each_side(side: int, ours: bool, theirs: bool) -> None:
    # Tile 0 lies at the origin; tile 1 goes beyond `side` of it, so tile 1's side
    # OPPOSITE[side] faces tile 0's side `side`.
    facing = OPPOSITE[side]
    old = (1 << side) if theirs else 0
    new = (1 << facing) if ours else 0
    # Give the new tile a second water edge pointing away (facing empty space) when it
    # is a water tile, so water next to empty space is exercised too.
    if ours:
        new |= 1 << side
    lay = make([old, new])
    lay.place(0, (0, 0))
    target = DELTA[side]
    assert lay.fits(1, 0, target) == (ours == theirs)
    assert (target in lay.legal_cells(1, 0)) == (ours == theirs)


def test_river_next_to_land_refused_and_water_faces_empty() -> None:
    lay = make([0, mask("ew"), mask("ew"), 0])
    lay.place(0, (0, 0))  # land
    # A river whose water edge would face the land tile: refused on E and W of it.
    assert not lay.fits(1, 0, (1, 0))
    assert not lay.fits(1, 0, (-1, 0))
    # Beside the land on N: its land side faces the land; water edges face empty cells.
    assert lay.fits(1, 0, (0, 1))
    lay.place(1, (0, 1))
    # Another river east of the first: water to water, accepted; above the land? no cell.
    assert lay.fits(2, 0, (1, 1))
    # Rotated, its land side would face the first river's water edge: refused.
    assert not lay.fits(2, 1, (1, 1))
    # A land tile may not face the river's water edge, but may sit beside its land side.
    assert not lay.fits(3, 0, (1, 1))
    assert lay.fits(3, 0, (0, 2))
    # Occupied or isolated cells never fit.
    assert not lay.fits(3, 0, (0, 0))
    assert not lay.fits(3, 0, (5, 5))


def test_can_place() -> None:
    lay = make([mask("nesw"), 0, mask("n"), mask("ns")])
    lay.place(0, (0, 0))  # water all round: land fits nowhere
    assert not lay.can_place(1)
    assert lay.can_place(2)  # one water edge, turned towards it
    assert lay.can_place(3)
    assert lay.legal_cells(2, 0) == [(0, -1)]
    assert lay.legal_cells(2, 2) == [(0, 1)]
    assert lay.legal_cells(3, 0) == [(0, -1), (0, 1)]
    assert lay.legal_cells(3, 1) == [(-1, 0), (1, 0)]


# -- brute force ---------------------------------------------------------------------


def brute_legal(lay: Layout, tile: int, rotation: int, without: int = -1) -> list[Cell]:
    at = {c: t for c, t in lay.at.items() if t != without}
    m = rotate_mask(lay.printed[tile], rotation)
    if not at:
        return []
    xs = [c[0] for c in at]
    ys = [c[1] for c in at]
    out: list[Cell] = []
    for x in range(min(xs) - 1, max(xs) + 2):
        for y in range(min(ys) - 1, max(ys) + 2):
            if (x, y) in at:
                continue
            touching = False
            ok = True
            for s in range(4):
                u = at.get((x + DELTA[s][0], y + DELTA[s][1]))
                if u is None:
                    continue
                touching = True
                if ((m >> s) & 1) != ((lay.water[u] >> OPPOSITE[s]) & 1):
                    ok = False
            if touching and ok:
                out.append((x, y))
    return sorted(out)


def brute_frontier(lay: Layout) -> dict[Cell, int]:
    out: dict[Cell, int] = {}
    for x, y in lay.at:
        for s in range(4):
            c = (x + DELTA[s][0], y + DELTA[s][1])
            if c in lay.at:
                continue
            sig = 0
            for s2 in range(4):
                u = lay.at.get((c[0] + DELTA[s2][0], c[1] + DELTA[s2][1]))
                if u is not None:
                    sig |= 1 << s2
                    sig |= ((lay.water[u] >> OPPOSITE[s2]) & 1) << (s2 + 4)
            out[c] = sig
    return out


def brute_connected_without(lay: Layout, tile: int) -> bool:
    cells = {c for c, t in lay.at.items() if t != tile}
    if len(cells) <= 1:
        return True
    start = next(iter(cells))
    seen = {start}
    todo = [start]
    while todo:
        c = todo.pop()
        for d in DELTA:
            n = (c[0] + d[0], c[1] + d[1])
            if n in cells and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == cells


NUM = 10


@st.composite
def layouts(draw: st.DrawFn) -> Layout:
    # Masks biased towards the real mix: land tiles and two-edge water tiles.
    masks = draw(
        st.lists(
            st.sampled_from([0, 0, 0, mask("ns"), mask("ne"), mask("n"), mask("nes"), 15]),
            min_size=NUM,
            max_size=NUM,
        )
    )
    lay = make(masks)
    steps = draw(st.integers(1, 25))
    for _ in range(steps):
        placed = [t for t in range(NUM) if lay.cell[t] is not None]
        free = [t for t in range(NUM) if lay.cell[t] is None]
        if placed and (not free or draw(st.integers(0, 4)) == 0):
            lay.remove(draw(st.sampled_from(placed)))
            continue
        tile = draw(st.sampled_from(free))
        rotation = draw(st.integers(0, 3))
        if not placed:
            cell = (draw(st.integers(-2, 2)), draw(st.integers(-2, 2)))
        else:
            # Anywhere touching the board, ignoring the water rule, or by it.
            cells = sorted(lay.frontier)
            legal = lay.legal_cells(tile, rotation)
            by_rule = bool(legal) and draw(st.booleans())
            cell = draw(st.sampled_from(legal if by_rule else cells))
        lay.place(tile, cell, rotation)
    return lay


@settings(max_examples=150, deadline=None)
@given(layouts())
def test_frontier_and_legal_cells_match_brute_force(lay: Layout) -> None:
    assert lay.frontier == brute_frontier(lay)
    placed = [t for t in range(NUM) if lay.cell[t] is not None]
    for tile in range(NUM):
        if lay.cell[tile] is None:
            anywhere = False
            for r in range(4):
                want = brute_legal(lay, tile, r)
                assert lay.legal_cells(tile, r) == want
                assert lay.legal_cells(tile, r) == want  # again, from the cache
                for c in want:
                    assert lay.fits(tile, r, c)
                anywhere = anywhere or bool(want)
            assert lay.can_place(tile) == anywhere
            rotations = [r for r in range(4) if brute_legal(lay, tile, r)]
            assert lay.fitting_rotations(tile) == rotations
    for t in placed:
        assert lay.connected_without(t) == brute_connected_without(lay, t)
        # Lifted: the tile itself may go anywhere the board without it allows.
        lifted = lay.copy()
        lifted.remove(t)
        anywhere = False
        for r in range(4):
            want = brute_legal(lay, t, r, without=t)
            assert lay.legal_cells(t, r, without=t) == want
            assert lifted.legal_cells(t, r) == want
            for c in want:
                assert lay.fits(t, r, c, without=t)
            anywhere = anywhere or bool(want)
        assert lay.can_place(t, without=t) == anywhere
        rotations = [r for r in range(4) if brute_legal(lay, t, r, without=t)]
        assert lay.fitting_rotations(t, without=t) == rotations


@settings(max_examples=100, deadline=None)
@given(layouts())
def test_anchor_round_trip(lay: Layout) -> None:
    placed = [t for t in range(NUM) if lay.cell[t] is not None]
    codes: set[int] = set()
    for c in lay.frontier:
        tile, side = lay.anchor(c)
        assert lay.anchored_cell(tile, side) == c
        assert tile == min(t for _, t in lay.neighbours(c))
        assert tile * 4 + side not in codes
        codes.add(tile * 4 + side)
    for t in range(NUM):
        if lay.cell[t] is None:
            for r in range(4):
                got = lay.legal_codes(t, r)
                cells = lay.legal_cells(t, r)
                assert [lay.anchored_cell(a // 4, a % 4) for a in got] == cells
    for w in placed:
        for c in lay.legal_cells(w, 0, without=w):
            tile, side = lay.anchor(c, without=w)
            assert tile != w
            assert lay.anchored_cell(tile, side) == c
        for r in range(4):
            anchors = [lay.anchor(c, without=w) for c in lay.legal_cells(w, r, without=w)]
            assert lay.legal_codes(w, r, without=w) == [t * 4 + s for t, s in anchors]


def test_anchor_needs_a_neighbour() -> None:
    lay = make([0, 0])
    lay.place(0, (0, 0))
    with pytest.raises(ValueError):
        lay.anchor((3, 3))
    with pytest.raises(ValueError):
        lay.anchor((1, 0), without=0)
    assert lay.anchor((1, 0)) == (0, E)
    assert lay.anchor((0, -1)) == (0, S)
    lay.place(1, (1, -1))
    assert lay.anchor((1, 0)) == (0, E)  # tile 0 and tile 1 touch it; 0 is lower
    assert lay.anchor((1, 0), without=0) == (1, N)


# -- links, moves, copies ------------------------------------------------------------


def test_connected_without() -> None:
    lay = make([0] * 5)
    for t, c in enumerate([(0, 0), (1, 0), (2, 0)]):
        lay.place(t, c)
    assert lay.connected_without(0)
    assert not lay.connected_without(1)
    assert lay.connected_without(2)
    lay.place(3, (0, 1))
    lay.place(4, (1, 1))  # a 2x2 block with a tail (tile 2) hanging on tile 1
    assert not lay.connected_without(1)
    assert all(lay.connected_without(t) for t in (0, 2, 3, 4))
    lay.remove(2)
    assert all(lay.connected_without(t) for t in (0, 1, 3, 4))


def test_connected_without_ring_and_pieces() -> None:
    ring = [(0, 0), (1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
    lay = make([0] * 9)
    for t, c in enumerate(ring):
        lay.place(t, c)
    assert all(lay.connected_without(t) for t in range(8))
    lay.place(8, (3, 1))  # a tail: only its host splits the board
    assert [t for t in range(9) if not lay.connected_without(t)] == [3]
    pieces = make([0, 0, 0])
    pieces.place(0, (0, 0))
    pieces.place(1, (5, 5))
    pieces.place(2, (5, 6))
    assert not pieces.connected_without(1) and not pieces.connected_without(2)
    assert pieces.connected_without(0)


def test_water_ends() -> None:
    lay = make([mask("ew"), mask("ew"), mask("ns"), mask("ns"), 0])
    lay.place(0, (0, 0))
    lay.place(1, (1, 0))
    lay.place(2, (0, 1))  # above tile 0: land side against land side
    lay.place(3, (0, 2))
    lay.place(4, (5, 5))
    assert lay.water_ends(0) == [1, -1]  # east into tile 1; west into nothing
    assert lay.water_ends(1) == [-1, 0]
    assert lay.water_ends(2) == [3, -1]  # south faces tile 0's land side
    assert lay.water_ends(3) == [-1, 2]
    assert lay.water_ends(4) == []


def test_neighbours_and_steps() -> None:
    lay = make([0, 0, 0])
    lay.place(0, (0, 0))
    lay.place(1, (1, 0))
    lay.place(2, (0, -1))
    assert lay.neighbours((0, 0)) == [(E, 1), (S, 2)]
    assert lay.steps((0, 0)) == [(E, (1, 0)), (S, (0, -1))]
    assert lay.neighbours((1, -1)) == [(N, 1), (W, 2)]
    assert lay.steps((5, 5)) == []


def test_copy_is_independent_and_versions_differ() -> None:
    lay = make([0, 0, 0])
    lay.place(0, (0, 0))
    before = lay.version
    twin = lay.copy()
    assert twin.version == before and twin.cache is lay.cache
    assert twin.legal_cells(1, 0) == lay.legal_cells(1, 0)
    twin.place(1, (1, 0))
    lay.place(2, (0, 1))
    assert twin.version != lay.version != before
    assert twin.cache is not lay.cache
    assert lay.at == {(0, 0): 0, (0, 1): 2}
    assert twin.at == {(0, 0): 0, (1, 0): 1}
    assert (1, 0) not in twin.frontier and (1, 0) in lay.frontier
    assert twin.cell[2] is None and lay.cell[1] is None
    assert lay.legal_cells(1, 0) == brute_legal(lay, 1, 0)
    assert twin.legal_cells(2, 0) == brute_legal(twin, 2, 0)


def test_legal_cells_result_is_the_callers() -> None:
    lay = make([0, 0])
    lay.place(0, (0, 0))
    got = lay.legal_cells(1, 0)
    got.clear()
    assert lay.legal_cells(1, 0) == [(-1, 0), (0, -1), (0, 1), (1, 0)]


def test_a_cache_links_back_a_bounded_number_of_placements() -> None:
    """Each placement links the new cache to the one before (checks start from earlier
    answers), but only GROWN_LINKS deep, so a long game keeps few old caches alive."""
    lay = make([0] * 30)
    for tile in range(30):
        lay.place(tile, (tile, 0))
    cells = []
    link = lay.cache[GROWN]
    while link is not None:
        cells.append(link[1])
        link = link[0][GROWN]
    assert cells == [(29 - k, 0) for k in range(GROWN_LINKS)]
    lay.remove(29)
    assert lay.cache[GROWN] is None
