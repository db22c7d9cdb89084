"""Plot task checks: does the board (and the figures on it) accomplish a Plot's task?

`measure` is the one entry point. Each task record is compiled once (kept by identity)
and results are memoised in the layout's content cache, keyed by the task, the relevant
`short` terrains and, for tasks that name figures, the cells of those figures; a copy of a
layout shares the memo until either changes. After placements a check starts from its
answer on an earlier layout (the layout cache's GROWN links; an answer missing there is
worked out on that layout while it is still about, as the position a search started
from is): most tasks can only become met as tiles are added, so only what touches the
new tiles is looked at.

Semantics (rulebook clarifications and ruling 8):
  pattern        the cells under one of the four rotations, never mirrored; a cell's
                 figure must stand on that tile ("shepherd" is the claimer's Shepherd).
  around         a `centre` tile whose placed neighbours include the multiset
                 `neighbours`, in any order.
  group          one 4-connected group of at least `size` tiles, all of `terrains`.
  chain          at least `size` tiles of `terrains` forming an induced path: connected,
                 no tile adjacent to three others of the set, no cycle.
  river_length   the largest set of River tiles joined River to River by water links.
  lakes_joined   the largest set of Lake tiles joined Lake to Lake by water links.
  river_between_lakes  a River (water-linked River tiles) of at least `min_river` tiles
                 whose every outward water edge (two ends at least) links to a Lake.
  anywhere       terrain counts on the whole board, and figures on terrains.

`short` (the Hunter, Climber, Dowser, Musician) names terrains of which one tile in all
may be missing: one pattern cell of such terrain may be unmatched (anything or nothing
there, its figure included); one around-neighbour of such terrain may be missing, or the
centre itself when of such terrain (any cell, empty or not, then serves as the centre);
a group or chain that admits such terrain needs size - 1; an anywhere count of such
terrain needs n - 1; the Dowser's River length (river in short) and Lakes joined (lake
in short) count one more; a River between Lakes may lack the Lake at one end (lake in
short) or be one River tile shorter (river in short).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from meeple.games.aridnyk.board import DELTA, GROWN, OWNER, Cell, Layout
from meeple.games.aridnyk.components import (
    LAKE,
    RIVER,
    SPIRITS,
    TERRAINS,
    AnywhereTask,
    AroundTask,
    ChainTask,
    GroupTask,
    LakesJoinedTask,
    PatternTask,
    RiverBetweenLakesTask,
    RiverLengthTask,
    Task,
)

FIGURES: tuple[str, ...] = ("shepherd", *SPIRITS)
"""Figure indices used internally: 0 the claimer's Shepherd, 1.. the Spirits."""

Figures = tuple[Cell | None, ...]


def _terrain(name: str) -> int:
    return TERRAINS.index(name)


def _figure(name: str) -> int:
    return FIGURES.index(name)


def _mask(terrains: Sequence[int]) -> int:
    out = 0
    for t in terrains:
        out |= 1 << t
    return out


# -- shared analyses of one layout (kept in layout.cache) ------------------------------


def _by_terrain(layout: Layout) -> list[list[Cell]]:
    """The cells of the placed tiles of each terrain."""
    got: list[list[Cell]] | None = layout.cache.get(("tasks", "by_terrain"))
    if got is None:
        got = [[] for _ in TERRAINS]
        terrain = layout.terrain
        for c, t in layout.at.items():
            got[terrain[t]].append(c)
        layout.cache[("tasks", "by_terrain")] = got
    return got


def _largest_group(layout: Layout, tmask: int) -> int:
    """The size of the largest 4-connected group of tiles whose terrains are in tmask."""
    key = ("tasks", "group", tmask)
    got: int | None = layout.cache.get(key)
    if got is None:
        at = layout.at
        terrain = layout.terrain
        cells = {c for c, t in at.items() if (tmask >> terrain[t]) & 1}
        got = 0
        while cells:
            start = cells.pop()
            size = 1
            todo = [start]
            while todo:
                x, y = todo.pop()
                for dx, dy in DELTA:
                    nc = (x + dx, y + dy)
                    if nc in cells:
                        cells.remove(nc)
                        size += 1
                        todo.append(nc)
            got = max(got, size)
        layout.cache[key] = got
    return got


def _groups_holding(layout: Layout, tmask: int, cells: list[Cell]) -> list[Cell]:
    """The cells of the 4-connected groups of tiles with terrains in tmask that hold one
    of `cells`."""
    at = layout.at
    terrain = layout.terrain
    seen = {c for c in cells if (tmask >> terrain[at[c]]) & 1}
    todo = list(seen)
    while todo:
        x, y = todo.pop()
        for dx, dy in DELTA:
            nc = (x + dx, y + dy)
            if nc not in seen:
                u = at.get(nc)
                if u is not None and (tmask >> terrain[u]) & 1:
                    seen.add(nc)
                    todo.append(nc)
    return list(seen)


def _linked_group(layout: Layout, tile: int) -> list[int]:
    """The tiles of `tile`'s terrain joined to it by water links, itself included."""
    kind = layout.terrain[tile]
    comp = [tile]
    seen = {tile}
    todo = [tile]
    while todo:
        for u in layout.water_ends(todo.pop()):
            if u >= 0 and u not in seen and layout.terrain[u] == kind:
                seen.add(u)
                comp.append(u)
                todo.append(u)
    return comp


def _water_components(layout: Layout, kind: int) -> list[list[int]]:
    """Groups of tiles of terrain `kind` joined to each other by water links."""
    key = ("tasks", "water", kind)
    got: list[list[int]] | None = layout.cache.get(key)
    if got is None:
        at = layout.at
        terrain = layout.terrain
        left = {t for t in at.values() if terrain[t] == kind}
        got = []
        while left:
            start = left.pop()
            comp = [start]
            todo = [start]
            while todo:
                for u in layout.water_ends(todo.pop()):
                    if u in left:
                        left.remove(u)
                        comp.append(u)
                        todo.append(u)
            got.append(comp)
        layout.cache[key] = got
    return got


def _river_ends(layout: Layout, comp: Sequence[int]) -> tuple[int, int]:
    """(water edges of the River `comp` linked to a Lake, other outward water edges)."""
    terrain = layout.terrain
    lakes = 0
    open_ = 0
    for t in comp:
        for u in layout.water_ends(t):
            if u >= 0 and terrain[u] == RIVER:
                continue  # linked River tiles are one component
            if u >= 0 and terrain[u] == LAKE:
                lakes += 1
            else:
                open_ += 1
    return lakes, open_


def _has_chain(layout: Layout, tmask: int, need: int) -> bool:
    """Whether tiles with terrains in tmask hold a chain of `need` tiles (see _search_chain)."""
    key = ("tasks", "chain", tmask, need)
    got: bool | None = layout.cache.get(key)
    if got is None:
        got = _search_chain(layout, tmask, need)
        layout.cache[key] = got
    return got


def _search_chain(layout: Layout, tmask: int, need: int) -> bool:
    """The rulebook's Chain: "a group of adjacent tiles, where each tile is adjacent to no
    more than two other tiles. Three adjacent tiles don't count towards the chain and break
    it." A tile touching three or more tiles with terrains in tmask is in no chain and
    splits its group; a chain is what is left of a group, and `need` is met by one of at
    least `need` tiles."""
    if need <= 0:
        return True
    terrain = layout.terrain
    present = {c for c, t in layout.at.items() if (tmask >> terrain[t]) & 1}
    if len(present) < need:
        return False
    links: dict[Cell, list[Cell]] = {}
    for c in present:
        x, y = c
        near = [n for n in ((x, y + 1), (x + 1, y), (x, y - 1), (x - 1, y)) if n in present]
        if len(near) <= 2:
            links[c] = near
    left = set(links)
    while left:
        chain = [left.pop()]
        i = 0
        while i < len(chain):
            for n in links[chain[i]]:
                if n in left:
                    left.remove(n)
                    chain.append(n)
            i += 1
        if len(chain) >= need:
            return True
    return False


# -- compiled tasks --------------------------------------------------------------------


class _Compiled:
    """A task ready to check. `terrains` is the mask of terrains for which `short`
    matters; `figures` the figure indices it reads."""

    terrains: int = 0
    figures: tuple[int, ...] = ()

    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        raise NotImplementedError

    def grow(
        self, layout: Layout, figs: Figures, short: int, before: int, cells: list[Cell]
    ) -> int:
        """The check after tiles were placed on `cells`, given `before`, the check on
        the layout without them (same figures and short): tasks whose answer only grows
        as tiles are added look at what the new tiles can have changed; others check
        anew."""
        return self.check(layout, figs, short)


class _Pattern(_Compiled):
    def __init__(self, task: PatternTask) -> None:
        cells = [
            (c.x, c.y, _terrain(c.terrain), -1 if c.figure is None else _figure(c.figure))
            for c in task.cells
        ]
        self.size = len(cells)
        self.ters = [t for _, _, t, _ in cells]
        self.figs = [f for _, _, _, f in cells]
        self.terrains = _mask(self.ters)
        self.figures = tuple(sorted({f for f in self.figs if f >= 0}))
        # The offsets under each rotation, cell order kept; rotations that give the same
        # shape (a symmetric pattern) are kept once.
        self.rotations: list[list[Cell]] = []
        shapes: set[tuple[tuple[int, int, int, int], ...]] = set()
        offs = [(x, y) for x, y, _, _ in cells]
        for _ in range(4):
            if offs:
                mx = min(x for x, _ in offs)
                my = min(y for _, y in offs)
                shape = tuple(
                    sorted(
                        (x - mx, y - my, t, f)
                        for (x, y), t, f in zip(offs, self.ters, self.figs, strict=True)
                    )
                )
            else:
                shape = ()
            if shape not in shapes:
                shapes.add(shape)
                self.rotations.append(list(offs))
            offs = [(y, -x) for x, y in offs]  # a quarter turn clockwise

    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        size = self.size
        ters = self.ters
        fneed = self.figs
        if size == 0 or (size == 1 and (short >> ters[0]) & 1):
            return 1
        # Anchor on the pattern cell with the fewest board candidates that every match
        # fills; when every cell could be the missing one, on two cells (a match fills
        # at least one of them).
        by_terrain = _by_terrain(layout)
        options: list[tuple[int, int, int, list[Cell]]] = []  # (missable, n, k, cells)
        for k in range(size):
            f = fneed[k]
            if f >= 0:
                fc = figs[f]
                cands = [fc] if fc is not None else []
            else:
                cands = by_terrain[ters[k]]
            options.append(((short >> ters[k]) & 1, len(cands), k, cands))
        options.sort(key=lambda o: (o[0], o[1], o[2]))
        anchors = options[:1] if not options[0][0] else options[:2]
        at = layout.at
        terrain = layout.terrain
        for _, _, k, cands in anchors:
            tk = ters[k]
            for bx, by in cands:
                t = at.get((bx, by))
                if t is None or terrain[t] != tk:
                    continue
                if self._matches_at(layout, figs, short, k, bx, by):
                    return 1
        return 0

    def grow(
        self, layout: Layout, figs: Figures, short: int, before: int, cells: list[Cell]
    ) -> int:
        if before:
            return before
        # A match the new tiles made must fill one of its cells with one of them.
        for cell in cells:
            tc = layout.terrain[layout.at[cell]]
            for k in range(self.size):
                f = self.figs[k]
                if (
                    self.ters[k] == tc
                    and (f < 0 or figs[f] == cell)
                    and self._matches_at(layout, figs, short, k, cell[0], cell[1])
                ):
                    return 1
        return 0

    def _matches_at(
        self, layout: Layout, figs: Figures, short: int, k: int, bx: int, by: int
    ) -> bool:
        """Whether the pattern, its cell `k` on (bx, by), matches in some rotation."""
        at = layout.at
        terrain = layout.terrain
        size = self.size
        ters = self.ters
        fneed = self.figs
        for offs in self.rotations:
            ox = bx - offs[k][0]
            oy = by - offs[k][1]
            misses = 0
            for i in range(size):
                px = ox + offs[i][0]
                py = oy + offs[i][1]
                u = at.get((px, py))
                f = fneed[i]
                if u is not None and terrain[u] == ters[i]:
                    if f < 0 or figs[f] == (px, py):
                        continue
                    break  # the tile is there and its figure is not: no tile is short
                # one tile of the character's terrain may be short (the cell empty, or
                # another tile there), but never one a figure must stand on
                if misses or f >= 0 or not (short >> ters[i]) & 1:
                    break
                misses = 1
            else:
                return True
        return False


class _Around(_Compiled):
    def __init__(self, task: AroundTask) -> None:
        self.centre = _terrain(task.centre)
        self.need = [0] * len(TERRAINS)
        for name in task.neighbours:
            self.need[_terrain(name)] += 1
        self.terrains = (1 << self.centre) | _mask(
            [t for t in range(len(TERRAINS)) if self.need[t]]
        )

    def _missing(self, layout: Layout, cell: Cell) -> tuple[int, int]:
        """(how many required neighbours lack around `cell`, the terrain of one lacking)."""
        at = layout.at
        terrain = layout.terrain
        have = [0] * len(TERRAINS)
        x, y = cell
        for dx, dy in DELTA:
            u = at.get((x + dx, y + dy))
            if u is not None:
                have[terrain[u]] += 1
        missing = 0
        which = -1
        for t, n in enumerate(self.need):
            if n > have[t]:
                missing += n - have[t]
                which = t
        return missing, which

    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        for c in _by_terrain(layout)[self.centre]:
            missing, which = self._missing(layout, c)
            if missing == 0 or (missing == 1 and (short >> which) & 1):
                return 1
        if (short >> self.centre) & 1:
            # The centre is the missing tile: any cell in reach may stand for it.
            for c in (*layout.at, *layout.frontier):
                if self._missing(layout, c)[0] == 0:
                    return 1
        return 0

    def grow(
        self, layout: Layout, figs: Figures, short: int, before: int, cells: list[Cell]
    ) -> int:
        if before:
            return before
        # Only the new tiles and their neighbours have new neighbours (or came in reach).
        near = {*cells, *((x + dx, y + dy) for x, y in cells for dx, dy in DELTA)}
        at = layout.at
        terrain = layout.terrain
        for c in near:
            u = at.get(c)
            if u is not None and terrain[u] == self.centre:
                missing, which = self._missing(layout, c)
                if missing == 0 or (missing == 1 and (short >> which) & 1):
                    return 1
        if (short >> self.centre) & 1:
            for c in near:
                if (c in at or c in layout.frontier) and self._missing(layout, c)[0] == 0:
                    return 1
        return 0


class _Connected(_Compiled):
    """A group or chain: `size` connected tiles of `terrains` (one fewer when short)."""

    def __init__(self, task: GroupTask | ChainTask) -> None:
        self.terrains = _mask([_terrain(t) for t in task.terrains])
        self.size = task.size

    def need(self, short: int) -> int:
        return self.size - (1 if short else 0)


class _Group(_Connected):
    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        need = self.need(short)
        if need <= 0:
            return 1
        return 1 if _largest_group(layout, self.terrains) >= need else 0

    def grow(
        self, layout: Layout, figs: Figures, short: int, before: int, cells: list[Cell]
    ) -> int:
        if before:
            return before
        groups = (_groups_holding(layout, self.terrains, [c]) for c in cells)
        return 1 if any(len(group) >= self.need(short) for group in groups) else 0


class _Chain(_Connected):
    # No `grow`: a tile laid beside a chain can break it (a third neighbour), so the
    # answer does not only grow as tiles are added.
    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        return 1 if _has_chain(layout, self.terrains, self.need(short)) else 0


class _Linked(_Compiled):
    """River length or Lakes joined: the largest water-linked group of one terrain."""

    def __init__(self, kind: int, tiers: Sequence[int]) -> None:
        self.kind = kind
        self.terrains = 1 << kind
        self.least = min(tiers, default=1)

    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        level = max((len(c) for c in _water_components(layout, self.kind)), default=0)
        return self._level(level, short)

    def _level(self, size: int, short: int) -> int:
        level = size + (1 if short else 0)
        return level if level >= max(self.least, 1) else 0

    def grow(
        self, layout: Layout, figs: Figures, short: int, before: int, cells: list[Cell]
    ) -> int:
        # Only the new tiles' own groups can have grown (by joining others).
        level = before
        for cell in cells:
            tile = layout.at[cell]
            if layout.terrain[tile] == self.kind:
                level = max(level, self._level(len(_linked_group(layout, tile)), short))
        return level


class _RiverBetweenLakes(_Compiled):
    def __init__(self, task: RiverBetweenLakesTask) -> None:
        self.min_river = task.min_river
        self.terrains = (1 << RIVER) | (1 << LAKE)

    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        lake_short = (short >> LAKE) & 1
        river_short = (short >> RIVER) & 1
        least = max(self.min_river, 1)
        for comp in _water_components(layout, RIVER):
            size = len(comp)
            if size < least - river_short:
                continue
            lakes, open_ = _river_ends(layout, comp)
            if lakes + open_ < 2:
                continue  # a loop, or a River without two ends
            if open_ == 0 and (size >= least or river_short):
                return 1
            if open_ == 1 and lake_short and size >= least:
                return 1
        return 0

    def grow(
        self, layout: Layout, figs: Figures, short: int, before: int, cells: list[Cell]
    ) -> int:
        # A land tile links no water. A River whose every end meets a Lake has no free
        # water edge left for a new tile to join, so it stays met; a River met with one
        # Lake missing may grow a fork, so that case looks again.
        if all(layout.terrain[layout.at[c]] not in (RIVER, LAKE) for c in cells):
            return before
        if before and not (short >> LAKE) & 1:
            return before
        return self.check(layout, figs, short)


class _Anywhere(_Compiled):
    def __init__(self, task: AnywhereTask) -> None:
        self.counts = [(_terrain(name), n) for name, n in task.tiles.items()]
        self.on = [(_figure(f.figure), _terrain(f.terrain)) for f in task.figures]
        self.terrains = _mask([t for t, _ in self.counts])
        self.figures = tuple(sorted({f for f, _ in self.on}))

    def check(self, layout: Layout, figs: Figures, short: int) -> int:
        at = layout.at
        terrain = layout.terrain
        for f, t in self.on:
            c = figs[f]
            u = None if c is None else at.get(c)
            if u is None or terrain[u] != t:
                return 0
        by_terrain = _by_terrain(layout)
        misses = 0
        for t, n in self.counts:
            lack = n - len(by_terrain[t])
            if lack <= 0:
                continue
            if lack > 1 or misses or not (short >> t) & 1:
                return 0
            misses = 1
        return 1


CompiledTask = _Compiled  # what compile_task gives, for callers that keep them
_COMPILED: dict[int, tuple[Task, _Compiled]] = {}
_SHORT_MASKS: dict[frozenset[int], int] = {}


def compile_task(task: Task) -> _Compiled:
    """The compiled form of `task`, built once per task object."""
    got = _COMPILED.get(id(task))
    if got is not None and got[0] is task:
        return got[1]
    compiled: _Compiled
    if isinstance(task, PatternTask):
        compiled = _Pattern(task)
    elif isinstance(task, AroundTask):
        compiled = _Around(task)
    elif isinstance(task, GroupTask):
        compiled = _Group(task)
    elif isinstance(task, ChainTask):
        compiled = _Chain(task)
    elif isinstance(task, RiverLengthTask):
        compiled = _Linked(RIVER, [t.at for t in task.tiers])
    elif isinstance(task, LakesJoinedTask):
        compiled = _Linked(LAKE, [t.at for t in task.tiers])
    elif isinstance(task, RiverBetweenLakesTask):
        compiled = _RiverBetweenLakes(task)
    elif isinstance(task, AnywhereTask):
        compiled = _Anywhere(task)
    else:  # pragma: no cover - the Task union is closed
        raise TypeError(f"unknown task {task!r}")
    _COMPILED[id(task)] = (task, compiled)
    return compiled


def measure(
    task: Task,
    layout: Layout,
    shepherd: Cell | None,
    spirits: Sequence[Cell | None],
    short: frozenset[int] = frozenset(),
) -> int:
    """0 when `task` is not accomplished; otherwise its level: 1 for untiered tasks, the
    River length or Lakes joined for tiered ones (take the highest tier with at <= level).

    `shepherd` is the claiming player's Shepherd cell, `spirits` the Spirits' cells in
    SPIRITS order (None when off the board), `short` the terrains of which one tile in
    all may be missing (see the module docstring).
    """
    compiled = compile_task(task)
    return measure_compiled(compiled, short_mask(compiled, short), layout, shepherd, spirits)


def short_mask(compiled: _Compiled, short: frozenset[int]) -> int:
    """The `short` terrains that matter to the compiled task, as a bit mask."""
    smask = _SHORT_MASKS.get(short)
    if smask is None:
        smask = _SHORT_MASKS[short] = _mask(sorted(short))
    return smask & compiled.terrains


def measure_compiled(
    compiled: _Compiled,
    smask: int,
    layout: Layout,
    shepherd: Cell | None,
    spirits: Sequence[Cell | None],
) -> int:
    """measure for a task compiled beforehand and its short_mask (for callers that
    check the same tasks over and over)."""
    figs: Figures = (shepherd, *spirits)
    # Keys start with the compiled task, as no other user of the layout cache does.
    key: tuple[Any, ...]
    if compiled.figures:
        key = (compiled, smask, tuple(figs[f] for f in compiled.figures))
    else:
        key = (compiled, smask)
    cache = layout.cache
    got: int | None = cache.get(key)
    if got is None:
        before, cells = _earlier(compiled, cache, figs, smask, key)
        if before is None:
            got = compiled.check(layout, figs, smask)
        else:
            got = compiled.grow(layout, figs, smask, before, cells)
        cache[key] = got
    return got


def _earlier(
    compiled: _Compiled, cache: dict[Any, Any], figs: Figures, smask: int, key: tuple[Any, ...]
) -> tuple[int | None, list[Cell]]:
    """The check on an earlier layout (as far back as the GROWN links reach) and the
    cells filled since, or (None, []) when none is known or can be worked out."""
    cells: list[Cell] = []
    while True:
        link = cache[GROWN]
        if link is None:
            break
        cache, cell = link
        cells.append(cell)
        before: int | None = cache.get(key)
        if before is not None:
            return before, cells
        owner = cache[OWNER]()
        if owner is not None and owner.cache is cache:
            before = cache[key] = compiled.check(owner, figs, smask)
            return before, cells
    return None, []


__all__ = [
    "FIGURES",
    "CompiledTask",
    "compile_task",
    "measure",
    "measure_compiled",
    "short_mask",
]
