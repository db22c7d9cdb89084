"""Aridnyk board geometry: the square grid, sides, rotation, water edges and placement.

A cell is (x, y), x growing east and y north. Sides are N=0 (towards (x, y+1)), E=1,
S=2, W=3. A water mask has bit i set when side i carries a water edge. A rotation r is
r quarter turns clockwise: the printed side i then lies at board side (i + r) % 4.

`Layout` holds the tiles on the table. Besides the tiles it keeps the frontier (every
empty cell touching a tile) with a signature per cell, so that placement questions are
a few bit operations:

    sig = occupied | water_required << 4

where bit s of `occupied` says that a tile lies beyond side s of the empty cell and bit
s of `water_required` says that this tile shows a water edge towards the cell. A tile
whose water mask, as it would lie, is m fits there iff m & occupied == water_required:
facing a tile, a side must be water exactly when the neighbour's facing side is water
(ruling 1); facing empty space, anything goes.

Nothing here knows the component data: a Layout takes the per-tile tables (terrain index
and printed water mask, indexed by tile id) when it is built.
"""

from __future__ import annotations

import weakref
from collections.abc import Sequence
from itertools import count
from typing import Any

Cell = tuple[int, int]

N, E, S, W = 0, 1, 2, 3
DELTA: tuple[Cell, ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
"""The step from a cell to its neighbour beyond each side."""
OPPOSITE: tuple[int, ...] = (2, 3, 0, 1)
"""The side of the neighbour that faces back."""


def _rotate(mask: int, r: int) -> int:
    r %= 4
    return ((mask << r) | (mask >> (4 - r))) & 15


ROTATED: tuple[tuple[int, ...], ...] = tuple(
    tuple(_rotate(m, r) for m in range(16)) for r in range(4)
)
"""ROTATED[r][mask]: the mask after r quarter turns clockwise."""

_ROTSET: tuple[int, ...] = tuple(
    (1 << ROTATED[0][m]) | (1 << ROTATED[1][m]) | (1 << ROTATED[2][m]) | (1 << ROTATED[3][m])
    for m in range(16)
)
"""_ROTSET[mask]: a 16-bit set of the masks that `mask` takes under its four rotations."""

_ACCEPT: tuple[int, ...] = tuple(
    sum(1 << m for m in range(16) if m & (sig & 15) == sig >> 4) for sig in range(256)
)
"""_ACCEPT[sig]: a 16-bit set of the lying masks that fit a cell of signature sig."""

_VERSIONS = count(1)
_TILE_SIDES = tuple(tuple(s for s in range(4) if (sig >> s) & 1) for sig in range(16))
"""_TILE_SIDES[sig & 15]: the sides of a frontier cell that face a placed tile."""


def rotate_mask(mask: int, rotation: int) -> int:
    """The water mask `mask` (printed) as it lies after `rotation` quarter turns clockwise."""
    return ROTATED[rotation % 4][mask & 15]


def distinct_rotations(mask: int) -> list[int]:
    """The rotations 0..3 that give pairwise different lying masks, lowest first."""
    seen: set[int] = set()
    out: list[int] = []
    for r in range(4):
        m = ROTATED[r][mask & 15]
        if m not in seen:
            seen.add(m)
            out.append(r)
    return out


def adjacent_cells(cell: Cell) -> list[Cell]:
    """The four cells beyond the sides N, E, S, W of `cell`, in that order."""
    x, y = cell
    return [(x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)]


def _frontier_lift(
    frontier: dict[Cell, int], at: dict[Cell, int], water: list[int], where: Cell
) -> None:
    """Update `frontier` in place for the tile at `where` being taken away.

    `at` may still hold `where`: only the neighbours of `where` are looked up.
    """
    x, y = where
    sig = 0
    for s in range(4):
        dx, dy = DELTA[s]
        nc = (x + dx, y + dy)
        u = at.get(nc)
        if u is not None:
            o = OPPOSITE[s]
            sig |= (1 << s) | (((water[u] >> o) & 1) << (s + 4))
        else:
            o = OPPOSITE[s]
            rest = frontier[nc] & ~((1 << o) | (1 << (o + 4)))
            if rest:
                frontier[nc] = rest
            else:
                del frontier[nc]
    if sig:
        frontier[where] = sig


GROWN = ("grown",)
OWNER = ("owner",)
GROWN_LINKS = 8  # how many placements back the GROWN links of a cache reach


class Layout:
    """The tiles on the table; cheap to copy.

    Attributes (read them, change them only through the methods):
      at: cell -> tile id, for the placed tiles.
      cell: tile id -> its cell, or None while off the board.
      rot: tile id -> its rotation (0 while off the board).
      water: tile id -> its water mask as it lies (0 while off the board).
      terrain, printed: the per-tile tables given at construction (shared, never changed).
      frontier: empty cell touching a tile -> its signature (see the module docstring).
      version: a number taken from a global counter on every change, so two layouts with
        one version have the same content (a copy keeps the version of its original
        until either changes).
      cache: a dict for derived data of this content, free for any module to use with
        its own keys; a copy shares it with its original, and each change gives the
        changed layout a new one. Two keys are the layout's own: GROWN, after a
        placement, holds (the cache just before it, the cell filled), so that an
        analysis which only grows as tiles are added can start from an earlier answer
        (None after a removal); OWNER, a weak reference to the layout that made the
        cache, which still has this content while its cache is this one.
    """

    __slots__ = (
        "__weakref__", "at", "cache", "cell", "frontier", "printed", "rot", "terrain",
        "version", "water",
    )  # fmt: skip

    at: dict[Cell, int]
    cell: list[Cell | None]
    rot: list[int]
    water: list[int]
    terrain: Sequence[int]
    printed: Sequence[int]
    frontier: dict[Cell, int]
    version: int
    cache: dict[Any, Any]

    def __init__(self, terrain: Sequence[int], water: Sequence[int]) -> None:
        """`terrain` and `water` are indexed by tile id: terrain index, printed water mask."""
        if len(terrain) != len(water):
            raise ValueError("the terrain and water tables must have one entry per tile")
        n = len(terrain)
        self.terrain = terrain
        self.printed = water
        self.at = {}
        self.cell = [None] * n
        self.rot = [0] * n
        self.water = [0] * n
        self.frontier = {}
        self.version = next(_VERSIONS)
        self.cache = {OWNER: weakref.ref(self), GROWN: None}

    def copy(self) -> Layout:
        new = Layout.__new__(Layout)
        new.terrain = self.terrain
        new.printed = self.printed
        new.at = self.at.copy()
        new.cell = self.cell[:]
        new.rot = self.rot[:]
        new.water = self.water[:]
        new.frontier = self.frontier.copy()
        new.version = self.version
        cache = new.cache = self.cache
        owner = cache[OWNER]()
        if owner is not self and (owner is None or owner.cache is not cache):
            cache[OWNER] = weakref.ref(self)  # the maker has moved on: this one stays
        return new

    def __getstate__(self) -> dict[str, Any]:
        # The cache is derived data and holds weak references: a pickled or deep-copied
        # layout starts a fresh one.
        return {
            name: getattr(self, name)
            for name in Layout.__slots__
            if name not in ("__weakref__", "cache")
        }

    def __setstate__(self, state: dict[str, Any]) -> None:
        for name, value in state.items():
            setattr(self, name, value)
        self.cache = {OWNER: weakref.ref(self), GROWN: None}

    def __len__(self) -> int:
        return len(self.at)

    # -- changes -------------------------------------------------------------------

    def place(self, tile: int, cell: Cell, rotation: int = 0) -> None:
        """Put `tile` on the empty `cell`. Does not check the placement rule (see fits)."""
        if self.cell[tile] is not None:
            raise ValueError(f"tile {tile} is already on the board at {self.cell[tile]}")
        if cell in self.at:
            raise ValueError(f"cell {cell} already holds tile {self.at[cell]}")
        rotation %= 4
        mask = ROTATED[rotation][self.printed[tile]]
        at = self.at
        frontier = self.frontier
        at[cell] = tile
        self.cell[tile] = cell
        self.rot[tile] = rotation
        self.water[tile] = mask
        frontier.pop(cell, None)
        x, y = cell
        for s in range(4):
            dx, dy = DELTA[s]
            nc = (x + dx, y + dy)
            if nc not in at:
                o = OPPOSITE[s]
                frontier[nc] = frontier.get(nc, 0) | (1 << o) | (((mask >> s) & 1) << (o + 4))
        self.version = next(_VERSIONS)
        before = self.cache
        self.cache = {OWNER: weakref.ref(self), GROWN: (before, cell)}
        # Checks look GROWN_LINKS placements back at most: cut the links beyond, so a
        # long game does not keep every earlier cache alive.
        for _ in range(GROWN_LINKS - 1):
            link = before[GROWN]
            if link is None:
                return
            before = link[0]
        before[GROWN] = None

    def remove(self, tile: int) -> None:
        """Take `tile` off the board."""
        where = self.cell[tile]
        if where is None:
            raise ValueError(f"tile {tile} is not on the board")
        del self.at[where]
        _frontier_lift(self.frontier, self.at, self.water, where)
        self.cell[tile] = None
        self.rot[tile] = 0
        self.water[tile] = 0
        self.version = next(_VERSIONS)
        self.cache = {OWNER: weakref.ref(self), GROWN: None}

    # -- looking -------------------------------------------------------------------

    def neighbours(self, cell: Cell) -> list[tuple[int, int]]:
        """(side, tile) for each placed tile beyond a side of `cell`."""
        at = self.at
        x, y = cell
        out: list[tuple[int, int]] = []
        for s in range(4):
            dx, dy = DELTA[s]
            t = at.get((x + dx, y + dy))
            if t is not None:
                out.append((s, t))
        return out

    def steps(self, cell: Cell) -> list[tuple[int, Cell]]:
        """(side, cell) for each side of `cell` that leads onto a placed tile."""
        at = self.at
        x, y = cell
        out: list[tuple[int, Cell]] = []
        for s in range(4):
            dx, dy = DELTA[s]
            nc = (x + dx, y + dy)
            if nc in at:
                out.append((s, nc))
        return out

    adjacent_cells = staticmethod(adjacent_cells)

    def water_ends(self, tile: int) -> list[int]:
        """For each water edge of placed `tile`, the tile linked through it (its facing
        side a water edge too), or -1 when that edge faces no linked water."""
        c = self.cell[tile]
        assert c is not None
        w = self.water[tile]
        out = []
        for s in range(4):
            if (w >> s) & 1:
                dx, dy = DELTA[s]
                u = self.at.get((c[0] + dx, c[1] + dy))
                linked = u is not None and (self.water[u] >> OPPOSITE[s]) & 1
                out.append(u if linked and u is not None else -1)
        return out

    # -- placement -----------------------------------------------------------------

    def _frontier(self, without: int) -> dict[Cell, int]:
        """The frontier (cell -> signature) with the placed tile `without` lifted."""
        if without < 0:
            return self.frontier
        key = ("F", without)
        got: dict[Cell, int] | None = self.cache.get(key)
        if got is None:
            where = self.cell[without]
            if where is None:
                raise ValueError(f"tile {without} is not on the board")
            got = self.frontier.copy()
            _frontier_lift(got, self.at, self.water, where)
            self.cache[key] = got
        return got

    def _signature(self, cell: Cell, without: int) -> int:
        """The signature of `cell` with `without` lifted; 0 when it is no frontier cell."""
        if without < 0:
            return self.frontier.get(cell, 0)
        at = self.at
        skip = self.cell[without]
        t = at.get(cell)
        if t is not None and cell != skip:
            return 0
        water = self.water
        x, y = cell
        sig = 0
        for s in range(4):
            dx, dy = DELTA[s]
            nc = (x + dx, y + dy)
            u = at.get(nc)
            if u is not None and nc != skip:
                sig |= (1 << s) | (((water[u] >> OPPOSITE[s]) & 1) << (s + 4))
        return sig

    def fits(self, tile: int, rotation: int, cell: Cell, without: int = -1) -> bool:
        """Whether `tile` may be placed on `cell` with `rotation` (ruling 1).

        The cell must be empty and touch a placed tile; every side facing a tile must be
        a water edge exactly when that tile's facing side is one. `without` is a placed
        tile to treat as lifted (Aley's move: pass the moving tile itself).
        """
        sig = self._signature(cell, without)
        if not sig:
            return False
        return bool((_ACCEPT[sig] >> ROTATED[rotation % 4][self.printed[tile]]) & 1)

    def legal_cells(self, tile: int, rotation: int, without: int = -1) -> list[Cell]:
        """The cells where `tile` fits with `rotation`, sorted; see fits."""
        mask = ROTATED[rotation % 4][self.printed[tile]]
        key = ("L", mask, without)
        got: list[Cell] | None = self.cache.get(key)
        if got is None:
            got = sorted(
                [c for c, sig in self._frontier(without).items() if (_ACCEPT[sig] >> mask) & 1]
            )
            self.cache[key] = got
        return got[:]

    def legal_codes(self, tile: int, rotation: int, without: int = -1) -> list[int]:
        """The anchor codes (anchor tile * 4 + side) of legal_cells, in the same order."""
        mask = ROTATED[rotation % 4][self.printed[tile]]
        key = ("A", mask, without)
        got: list[int] | None = self.cache.get(key)
        if got is None:
            # anchor() written out, over the sides the cell's signature says hold a
            # tile: search asks this after every tile it lays
            at = self.at
            frontier = self._frontier(without)
            got = []
            for x, y in self.legal_cells(tile, rotation, without):
                best = best_side = -1
                for s in _TILE_SIDES[frontier[(x, y)] & 15]:
                    dx, dy = DELTA[s]
                    t = at[(x + dx, y + dy)]
                    if best < 0 or t < best:
                        best, best_side = t, s
                got.append(best * 4 + OPPOSITE[best_side])
            self.cache[key] = got
        return got[:]

    def _fit_masks(self, without: int) -> int:
        key = ("M", without)
        got: int | None = self.cache.get(key)
        if got is None:
            got = 0
            for sig in self._frontier(without).values():
                got |= _ACCEPT[sig]
            self.cache[key] = got
        return got

    def can_place(self, tile: int, without: int = -1) -> bool:
        """Whether `tile` fits somewhere in some rotation."""
        return bool(self._fit_masks(without) & _ROTSET[self.printed[tile]])

    def fitting_rotations(self, tile: int, without: int = -1) -> list[int]:
        """The rotations in which `tile` fits somewhere (those with legal_cells)."""
        fits = self._fit_masks(without)
        printed = self.printed[tile]
        return [r for r in range(4) if (fits >> ROTATED[r][printed]) & 1]

    # -- action encoding -----------------------------------------------------------

    def anchor(self, cell: Cell, without: int = -1) -> tuple[int, int]:
        """(tile, side): the lowest-numbered placed tile touching the empty `cell` (other
        than `without`) and its side that faces the cell. Raises ValueError if none."""
        at = self.at
        x, y = cell
        best = -1
        best_side = -1
        for s in range(4):
            dx, dy = DELTA[s]
            t = at.get((x + dx, y + dy))
            if t is not None and t != without and (best < 0 or t < best):
                best = t
                best_side = OPPOSITE[s]
        if best < 0:
            raise ValueError(f"no placed tile touches {cell}")
        return best, best_side

    def anchored_cell(self, tile: int, side: int) -> Cell:
        """The cell beyond `side` of the placed `tile` (the inverse of anchor)."""
        where = self.cell[tile]
        if where is None:
            raise ValueError(f"tile {tile} is not on the board")
        dx, dy = DELTA[side]
        return (where[0] + dx, where[1] + dy)

    # -- connectivity --------------------------------------------------------------

    def connected_without(self, tile: int) -> bool:
        """Whether the placed tiles other than `tile` still form one 4-connected group."""
        cuts = self.cache.get(("C",))
        if cuts is None:
            cuts = self._cut_tiles()
            self.cache[("C",)] = cuts
        if isinstance(cuts, frozenset):
            return tile not in cuts
        return self._connected_without(tile)  # the board is in pieces already

    def _cut_tiles(self) -> frozenset[int] | None:
        """The tiles whose removal splits the board (articulation points, found by one
        depth-first search); None when the board is not one group to begin with."""
        at = self.at
        if not at:
            return frozenset()
        root = next(iter(at))
        order: dict[Cell, int] = {root: 0}
        low: dict[Cell, int] = {root: 0}
        cuts: set[int] = set()
        root_children = 0
        # Frames: (cell, parent, index of the next side to try).
        stack: list[tuple[Cell, Cell | None, int]] = [(root, None, 0)]
        while stack:
            c, parent, side = stack[-1]
            if side < 4:
                stack[-1] = (c, parent, side + 1)
                dx, dy = DELTA[side]
                n = (c[0] + dx, c[1] + dy)
                if n not in at or n == parent:
                    continue
                seen = order.get(n)
                if seen is None:
                    order[n] = low[n] = len(order)
                    stack.append((n, c, 0))
                    if parent is None:
                        root_children += 1
                elif seen < low[c]:
                    low[c] = seen
                continue
            stack.pop()
            if parent is not None:
                if low[c] < low[parent]:
                    low[parent] = low[c]
                if stack[-1][1] is not None and low[c] >= order[parent]:
                    cuts.add(at[parent])
        if len(order) != len(at):
            return None
        if root_children > 1:
            cuts.add(at[root])
        return frozenset(cuts)

    def _connected_without(self, tile: int) -> bool:
        skip = self.cell[tile]
        at = self.at
        remaining = len(at) - (skip is not None)
        if remaining <= 1:
            return True
        start = next(c for c in at if c != skip)
        seen = {start}
        if skip is not None:
            seen.add(skip)
        todo = [start]
        while todo:
            x, y = todo.pop()
            for dx, dy in DELTA:
                nc = (x + dx, y + dy)
                if nc in at and nc not in seen:
                    seen.add(nc)
                    todo.append(nc)
        return len(seen) - (skip is not None) == remaining


__all__ = [
    "DELTA",
    "OPPOSITE",
    "ROTATED",
    "Cell",
    "E",
    "Layout",
    "N",
    "S",
    "W",
    "adjacent_cells",
    "distinct_rotations",
    "rotate_mask",
]
