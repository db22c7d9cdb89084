"""Aridnyk Plot task checks on hand-built boards."""

from __future__ import annotations

import weakref
from collections import Counter
from collections.abc import Sequence
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.aridnyk.board import DELTA, GROWN, OWNER, Cell, Layout, rotate_mask
from meeple.games.aridnyk.components import (
    LAKE,
    PEAKS,
    POLONYNA,
    RIVER,
    SPIRITS,
    WOODS,
    AnywhereTask,
    AroundTask,
    ChainTask,
    FigureOn,
    GroupTask,
    LakesJoinedTask,
    PatternCell,
    PatternTask,
    RiverBetweenLakesTask,
    RiverLengthTask,
    Task,
    TerrainName,
    Tier,
)
from meeple.games.aridnyk.tasks import measure

LETTER = {"W": WOODS, "P": PEAKS, "G": POLONYNA, "R": RIVER, "L": LAKE}
BIT = {"n": 1, "e": 2, "s": 4, "w": 8}
HUNTER = frozenset({WOODS})
CLIMBER = frozenset({PEAKS})
DOWSER = frozenset({RIVER, LAKE})
MUSICIAN = frozenset({POLONYNA})
NO_SPIRITS: list[Cell | None] = [None] * len(SPIRITS)


def board(spec: dict[Cell, str]) -> Layout:
    """Tiles from {cell: "T" or "T:sides"}: T a terrain letter, sides the water edges as
    they lie (the tile is printed that way and placed unrotated)."""
    terrain: list[int] = []
    water: list[int] = []
    for code in spec.values():
        letter, _, sides = code.partition(":")
        terrain.append(LETTER[letter])
        water.append(sum(BIT[c] for c in sides))
    lay = Layout(terrain, water)
    for tile, cell in enumerate(spec):
        lay.place(tile, cell)
    return lay


def grid(rows: Sequence[str], origin: Cell = (0, 0)) -> dict[Cell, str]:
    """Land tiles from text rows, the first row northmost; "." is empty."""
    out: dict[Cell, str] = {}
    for i, row in enumerate(rows):
        y = origin[1] + len(rows) - 1 - i
        for j, ch in enumerate(row):
            if ch != ".":
                out[(origin[0] + j, y)] = ch
    return out


def met(
    task: Task,
    lay: Layout,
    shepherd: Cell | None = None,
    spirits: Sequence[Cell | None] = NO_SPIRITS,
    short: frozenset[int] = frozenset(),
) -> int:
    return measure(task, lay, shepherd, spirits, short)


def spirit_cells(**where: Cell) -> list[Cell | None]:
    return [where.get(name) for name in SPIRITS]


# -- patterns ------------------------------------------------------------------------

# An L whose mirror image is no rotation of it: Woods, Peaks east, Polonyna north.
ELL = PatternTask(
    cells=[
        PatternCell(x=0, y=0, terrain="woods"),
        PatternCell(x=1, y=0, terrain="peaks"),
        PatternCell(x=0, y=1, terrain="polonyna"),
    ]
)


def turned(cells: Sequence[tuple[int, int, str]], r: int, at: Cell) -> dict[Cell, str]:
    out: dict[Cell, str] = {}
    for x, y, code in cells:
        for _ in range(r):
            x, y = y, -x
        out[(at[0] + x, at[1] + y)] = code
    return out


ELL_CELLS = [(0, 0, "W"), (1, 0, "P"), (0, 1, "G")]
NOISE = {(10, 10): "W", (11, 10): "W", (10, 11): "P", (12, 10): "G"}


@pytest.mark.parametrize("r", range(4))
def test_pattern_met_in_every_rotation(r: int) -> None:
    assert met(ELL, board({**NOISE, **turned(ELL_CELLS, r, (3, -2))})) == 1


@pytest.mark.parametrize("r", range(4))
def test_pattern_mirror_not_met(r: int) -> None:
    mirrored = [(-x, y, code) for x, y, code in ELL_CELLS]
    assert met(ELL, board({**NOISE, **turned(mirrored, r, (3, -2))})) == 0


def test_pattern_not_met_when_a_cell_differs() -> None:
    assert met(ELL, board(grid(["P.", "WP"]))) == 0
    assert met(ELL, board(grid(["G.", "WW"]))) == 0
    assert met(ELL, board(grid(["GP", "W."]))) == 0  # Peaks on the wrong side
    assert met(ELL, board(grid(["GP", "WP"]))) == 1  # extra tiles do not matter


def test_pattern_with_the_shepherd() -> None:
    task = PatternTask(
        cells=[
            PatternCell(x=0, y=0, terrain="woods", figure="shepherd"),
            PatternCell(x=0, y=1, terrain="woods"),
        ]
    )
    lay = board(grid(["W.", "W.", "WP"]))  # Woods at (0,0), (0,1), (0,2)
    assert met(task, lay) == 0  # no Shepherd
    assert met(task, lay, shepherd=(1, 0)) == 0  # on Peaks
    assert met(task, lay, shepherd=(0, 0)) == 1
    assert met(task, lay, shepherd=(0, 1)) == 1  # the pattern turned: (0,2) or (0,0)
    assert met(task, lay, shepherd=(0, 2)) == 1
    assert met(task, lay, shepherd=(5, 5)) == 0
    # Spirits do not stand for the Shepherd.
    assert met(task, lay, spirits=spirit_cells(aley=(0, 0))) == 0


def test_pattern_with_a_spirit() -> None:
    task = PatternTask(
        cells=[
            PatternCell(x=0, y=0, terrain="peaks", figure="boh"),
            PatternCell(x=1, y=0, terrain="lake"),
        ]
    )
    lay = board({(0, 0): "P", (1, 0): "L:e", (0, 1): "P"})
    assert met(task, lay) == 0
    assert met(task, lay, spirits=spirit_cells(aley=(0, 0))) == 0
    assert met(task, lay, shepherd=(0, 0)) == 0
    assert met(task, lay, spirits=spirit_cells(boh=(0, 1))) == 0  # no Lake next to it
    assert met(task, lay, spirits=spirit_cells(boh=(0, 0))) == 1
    assert met(task, lay, shepherd=(0, 1), spirits=spirit_cells(boh=(0, 0))) == 1


def test_pattern_short_tolerance() -> None:
    lay = board(grid(["..", "WP"]))  # the Polonyna of the L is missing
    assert met(ELL, lay) == 0
    assert met(ELL, lay, short=HUNTER) == 0
    assert met(ELL, lay, short=CLIMBER) == 0
    assert met(ELL, lay, short=MUSICIAN) == 1
    # A wrong tile may stand where the missing one would.
    assert met(ELL, board(grid(["P.", "WP"])), short=MUSICIAN) == 1
    # The missing one may be the Woods (anchoring on another cell), in any rotation.
    assert met(ELL, board(turned([(1, 0, "P"), (0, 1, "G")], 2, (0, 0)))) == 0
    assert met(ELL, board(turned([(1, 0, "P"), (0, 1, "G")], 2, (0, 0))), short=HUNTER) == 1
    # One tile in all: two missing cells are too many even when both may be short.
    two = PatternTask(
        cells=[PatternCell(x=0, y=0, terrain="woods"), PatternCell(x=1, y=0, terrain="woods")]
    )
    three = PatternTask(cells=[*two.cells, PatternCell(x=2, y=0, terrain="woods")])
    lay = board({(0, 0): "W", (5, 5): "P"})
    assert met(two, lay) == 0
    assert met(two, lay, short=HUNTER) == 1
    assert met(three, lay, short=HUNTER) == 0
    # With the Woods waived, the mirror image's Peaks and Polonyna match a turned L
    # whose Woods cell is empty.
    mirrored = [(-x, y, code) for x, y, code in ELL_CELLS]
    assert met(ELL, board(turned(mirrored, 1, (0, 0))), short=HUNTER) == 1


def test_pattern_short_over_a_figure_cell() -> None:
    task = PatternTask(
        cells=[
            PatternCell(x=0, y=0, terrain="woods", figure="shepherd"),
            PatternCell(x=1, y=0, terrain="peaks"),
            PatternCell(x=2, y=0, terrain="peaks"),
        ]
    )
    lay = board(grid(["WPP"]))
    assert met(task, lay, shepherd=(0, 0)) == 1
    assert met(task, lay, shepherd=(1, 0)) == 0
    assert met(task, lay, shepherd=(1, 0), short=CLIMBER) == 0
    # A tile may be short, not a figure: the Woods the Shepherd must stand on cannot be
    # the missing tile, whether it lies there or not.
    assert met(task, lay, shepherd=(1, 0), short=HUNTER) == 0
    assert met(task, board(grid([".PP"])), shepherd=(1, 0), short=HUNTER) == 0
    assert met(task, board(grid(["WP"])), shepherd=(0, 0), short=CLIMBER) == 1
    # Every tile in place but the figure elsewhere: nothing is short, the task is not met.
    between = PatternTask(
        cells=[
            PatternCell(x=0, y=0, terrain="peaks", figure="shepherd"),
            PatternCell(x=-1, y=0, terrain="polonyna"),
            PatternCell(x=1, y=0, terrain="polonyna"),
        ]
    )
    lay = board(grid(["GPGW"]))
    assert met(between, lay, shepherd=(1, 0), short=CLIMBER) == 1
    assert met(between, lay, shepherd=(3, 0), short=CLIMBER) == 0


# -- around --------------------------------------------------------------------------

LAKE_RING = AroundTask(centre="lake", neighbours=["woods", "woods", "peaks"])


@pytest.mark.parametrize(
    "ring",
    [
        {(0, 1): "W", (0, -1): "W", (-1, 0): "P"},
        {(1, 0): "W", (0, 1): "P", (-1, 0): "W"},
        {(0, -1): "P", (1, 0): "W", (0, 1): "W", (-1, 0): "G"},
    ],
)
def test_around_in_any_order(ring: dict[Cell, str]) -> None:
    assert met(LAKE_RING, board({(0, 0): "L", **ring})) == 1


def test_around_not_met() -> None:
    assert met(LAKE_RING, board({(0, 0): "L", (0, 1): "W", (1, 0): "P"})) == 0
    assert met(LAKE_RING, board({(0, 0): "L", (0, 1): "W", (1, 0): "P", (0, -1): "P"})) == 0
    # The right tiles around a centre of another terrain.
    assert met(LAKE_RING, board({(0, 0): "G", (0, 1): "W", (1, 0): "W", (0, -1): "P"})) == 0
    # The neighbours split between two Lakes.
    split = {(0, 0): "L", (0, 1): "W", (1, 0): "P", (5, 0): "L", (5, 1): "W"}
    assert met(LAKE_RING, board(split)) == 0


def test_around_short_tolerance() -> None:
    lacking_woods = board({(0, 0): "L", (0, 1): "W", (1, 0): "P"})
    assert met(LAKE_RING, lacking_woods, short=HUNTER) == 1
    assert met(LAKE_RING, lacking_woods, short=CLIMBER) == 0
    lacking_peaks = board({(0, 0): "L", (0, 1): "W", (1, 0): "W"})
    assert met(LAKE_RING, lacking_peaks, short=CLIMBER) == 1
    assert met(LAKE_RING, lacking_peaks, short=HUNTER) == 0
    lacking_two = board({(0, 0): "L", (0, 1): "W"})
    assert met(LAKE_RING, lacking_two, short=HUNTER) == 0
    # The centre itself missing: an empty cell ringed by the neighbours, or a wrong
    # tile there, serves the Dowser only.
    ring = {(0, 1): "W", (0, -1): "W", (-1, 0): "P", (-1, 1): "G"}
    assert met(LAKE_RING, board(ring)) == 0
    assert met(LAKE_RING, board(ring), short=DOWSER) == 1
    assert met(LAKE_RING, board({**ring, (0, 0): "G"}), short=DOWSER) == 1
    assert met(LAKE_RING, board({**ring, (0, 0): "G"}), short=HUNTER) == 0


# -- groups and chains ---------------------------------------------------------------

PEAKS_WOODS_4 = GroupTask(terrains=["peaks", "woods"], size=4)


def test_group_met_across_terrains() -> None:
    assert met(PEAKS_WOODS_4, board(grid(["WP", "G.", "PW"]))) == 0
    assert met(PEAKS_WOODS_4, board(grid(["WP", "W.", "PW"]))) == 1
    assert met(PEAKS_WOODS_4, board(grid(["WPWP"]))) == 1


def test_group_not_met_by_two_separate_groups() -> None:
    lay = board(grid(["WPGWP"]))
    assert met(PEAKS_WOODS_4, lay) == 0
    assert met(GroupTask(terrains=["woods"], size=2), board(grid(["WGW"]))) == 0
    assert met(GroupTask(terrains=["woods"], size=2), board(grid(["W.", "W."]))) == 1


def test_group_short_tolerance() -> None:
    lay = board(grid(["WPW", "G.."]))
    assert met(PEAKS_WOODS_4, lay) == 0
    assert met(PEAKS_WOODS_4, lay, short=HUNTER) == 1
    assert met(PEAKS_WOODS_4, lay, short=CLIMBER) == 1
    assert met(PEAKS_WOODS_4, lay, short=MUSICIAN) == 0
    assert met(PEAKS_WOODS_4, lay, short=DOWSER) == 0


WOODS_CHAIN_4 = ChainTask(terrains=["woods"], size=4)


def test_chain_met_by_a_path() -> None:
    assert met(WOODS_CHAIN_4, board(grid(["WWWW"]))) == 1
    assert met(WOODS_CHAIN_4, board(grid(["W..", "WWW"]))) == 1
    assert met(WOODS_CHAIN_4, board(grid(["W.W", "WWW"]))) == 1  # a U of five
    # Other terrains in between break it; mixed chains count both terrains.
    assert met(WOODS_CHAIN_4, board(grid(["WWPW"]))) == 0
    mixed = ChainTask(terrains=["woods", "polonyna"], size=4)
    assert met(mixed, board(grid(["WGPW"]))) == 0
    assert met(mixed, board(grid(["WGWG"]))) == 1


def test_a_tile_touching_three_breaks_the_chain() -> None:
    """Card 54: "each tile is adjacent to no more than two other tiles. Three adjacent
    tiles don't count towards the chain and break it." """
    t_shape = board(grid([".W.", "WWW"]))  # the middle tile touches three
    assert met(ChainTask(terrains=["woods"], size=2), t_shape) == 0
    t_long = board(grid([".W..", "WWWW"]))  # broken into 1, 1 and 2
    assert met(ChainTask(terrains=["woods"], size=2), t_long) == 1
    assert met(ChainTask(terrains=["woods"], size=3), t_long) == 0
    block = board(grid(["WWW", "WWW"]))  # both middle tiles touch three
    assert met(ChainTask(terrains=["woods"], size=2), block) == 1
    assert met(ChainTask(terrains=["woods"], size=3), block) == 0
    # A block with a tail: the tile where the tail leaves touches three.
    tail = board(grid(["WW.", "WWW"]))
    assert met(ChainTask(terrains=["woods"], size=3), tail) == 1
    assert met(WOODS_CHAIN_4, tail) == 0
    # A ring of four: every tile touches two, as the rulebook's definition asks.
    assert met(WOODS_CHAIN_4, board(grid(["WW", "WW"]))) == 1
    # A long line with a tile above its end: the end touches two, all is one chain.
    assert met(ChainTask(terrains=["woods"], size=6), board(grid(["W....", "WWWWW"]))) == 1
    # Other terrains beside a chain do not break it.
    assert met(WOODS_CHAIN_4, board(grid(["PPPP", "WWWW", "PPPP"]))) == 1


def test_a_tile_laid_beside_a_chain_can_break_it() -> None:
    """The check is not monotone: a third neighbour laid on the same layout (checked from
    the answer before it) breaks what was a chain."""
    lay = Layout([LETTER["W"]] * 5, [0] * 5)
    for tile in range(4):
        lay.place(tile, (tile, 0))
    assert met(WOODS_CHAIN_4, lay) == 1
    lay.place(4, (1, 1))
    assert lay.cache[GROWN] is not None
    assert met(WOODS_CHAIN_4, lay) == 0


def test_chain_short_tolerance() -> None:
    lay = board(grid(["WWW"]))
    assert met(WOODS_CHAIN_4, lay) == 0
    assert met(WOODS_CHAIN_4, lay, short=HUNTER) == 1
    assert met(WOODS_CHAIN_4, lay, short=CLIMBER) == 0
    assert met(WOODS_CHAIN_4, board(grid(["WW"])), short=HUNTER) == 0


# -- water ---------------------------------------------------------------------------

RIVER_TIERS = RiverLengthTask(tiers=[Tier(at=3, sheep=0), Tier(at=5, sheep=4)])
LAKE_TIERS = LakesJoinedTask(tiers=[Tier(at=2, sheep=0), Tier(at=3, sheep=2)])


def test_river_length_along_water_links() -> None:
    three = board({(0, 0): "R:ew", (1, 0): "R:ws", (1, -1): "R:ne", (5, 5): "W"})
    assert met(RIVER_TIERS, three) == 3
    five = board({(0, 0): "R:ew", (1, 0): "R:ew", (2, 0): "R:ew", (3, 0): "R:ew", (4, 0): "R:we"})
    assert met(RIVER_TIERS, five) == 5
    two = board({(0, 0): "R:ew", (1, 0): "R:ew"})
    assert met(RIVER_TIERS, two) == 0


def test_adjacent_rivers_without_linked_edges_do_not_count() -> None:
    side_by_side = board({(0, 0): "R:ns", (1, 0): "R:ns", (2, 0): "R:ns"})
    assert met(RIVER_TIERS, side_by_side) == 0
    assert met(RiverLengthTask(tiers=[Tier(at=1, sheep=0)]), side_by_side) == 1
    # One water edge facing a land side of the next River does not link them either.
    half = board({(0, 0): "R:ew", (1, 0): "R:ns", (2, 0): "R:ew"})
    assert met(RiverLengthTask(tiers=[Tier(at=1, sheep=0)]), half) == 1
    # A Lake between Rivers breaks the River.
    broken = board({(0, 0): "R:ew", (1, 0): "L:ew", (2, 0): "R:ew", (3, 0): "R:ew"})
    assert met(RiverLengthTask(tiers=[Tier(at=1, sheep=0)]), broken) == 2


def test_river_length_dowser() -> None:
    two = board({(0, 0): "R:ew", (1, 0): "R:ew"})
    assert met(RIVER_TIERS, two, short=DOWSER) == 3
    assert met(RIVER_TIERS, two, short=HUNTER) == 0


def test_lakes_joined() -> None:
    pair = board({(0, 0): "L:e", (1, 0): "L:w", (1, 1): "W"})
    assert met(LAKE_TIERS, pair) == 2
    three = board({(0, 0): "L:e", (1, 0): "L:wn", (1, 1): "L:s"})
    assert met(LAKE_TIERS, three) == 3
    with_river = board({(0, 0): "L:e", (1, 0): "R:ew", (2, 0): "L:w"})
    assert met(LAKE_TIERS, with_river) == 0
    # Adjacent Lakes whose water edges do not face each other are not joined.
    apart = board({(0, 0): "L:n", (1, 0): "L:n"})
    assert met(LAKE_TIERS, apart) == 0


def test_lakes_joined_dowser() -> None:
    with_river = board({(0, 0): "L:e", (1, 0): "R:ew", (2, 0): "L:w"})
    assert met(LAKE_TIERS, with_river, short=DOWSER) == 2
    assert met(LAKE_TIERS, with_river, short=MUSICIAN) == 0


ENCLOSED_2 = RiverBetweenLakesTask(min_river=2)


def test_river_between_lakes() -> None:
    both = {(0, 0): "L:e", (1, 0): "R:ew", (2, 0): "R:ws", (2, -1): "L:n"}
    assert met(ENCLOSED_2, board(both)) == 1
    assert met(RiverBetweenLakesTask(min_river=3), board(both)) == 0
    one = {(0, 0): "L:e", (1, 0): "R:ew", (2, 0): "L:w"}
    assert met(RiverBetweenLakesTask(min_river=1), board(one)) == 1
    assert met(ENCLOSED_2, board(one)) == 0


def test_river_between_lakes_open_end() -> None:
    open_end = board({(0, 0): "L:e", (1, 0): "R:ew", (2, 0): "R:ew", (3, 1): "W"})
    assert met(ENCLOSED_2, open_end) == 0
    assert met(ENCLOSED_2, open_end, short=DOWSER) == 1
    assert met(ENCLOSED_2, open_end, short=frozenset({LAKE})) == 1
    assert met(ENCLOSED_2, open_end, short=HUNTER) == 0
    # Both ends open: too much even for the Dowser.
    bare = board({(0, 0): "R:ew", (1, 0): "R:ew"})
    assert met(ENCLOSED_2, bare, short=DOWSER) == 0


def test_river_between_lakes_one_river_short() -> None:
    one = board({(0, 0): "L:e", (1, 0): "R:ew", (2, 0): "L:w"})
    assert met(ENCLOSED_2, one, short=DOWSER) == 1
    assert met(ENCLOSED_2, one, short=frozenset({RIVER})) == 1
    assert met(RiverBetweenLakesTask(min_river=3), one, short=DOWSER) == 0
    # Short of a River and a Lake at once: one tile in all.
    open_one = board({(0, 0): "L:e", (1, 0): "R:ew"})
    assert met(ENCLOSED_2, open_one, short=DOWSER) == 0


# -- anywhere ------------------------------------------------------------------------

SCATTER = AnywhereTask(
    tiles={"woods": 3, "lake": 1},
    figures=[FigureOn(figure="aley", terrain="peaks"), FigureOn(figure="shepherd", terrain="lake")],
)


def test_anywhere_counts_and_figures() -> None:
    lay = board({(0, 0): "W", (3, 0): "W", (0, 5): "W", (1, 1): "P", (7, 7): "L"})
    aley_on_peaks = spirit_cells(aley=(1, 1))
    assert met(SCATTER, lay, shepherd=(7, 7), spirits=aley_on_peaks) == 1
    assert met(SCATTER, lay, shepherd=(0, 0), spirits=aley_on_peaks) == 0
    assert met(SCATTER, lay, shepherd=(7, 7), spirits=spirit_cells(aley=(0, 0))) == 0
    assert met(SCATTER, lay, shepherd=(7, 7), spirits=spirit_cells(boh=(1, 1))) == 0
    assert met(SCATTER, lay, shepherd=None, spirits=aley_on_peaks) == 0
    fewer = board({(0, 0): "W", (3, 0): "W", (1, 1): "P", (7, 7): "L"})
    assert met(SCATTER, fewer, shepherd=(7, 7), spirits=aley_on_peaks) == 0
    counts_only = AnywhereTask(tiles={"peaks": 1, "polonyna": 0})
    assert met(counts_only, lay) == 1
    assert met(AnywhereTask(tiles={"polonyna": 1}), lay) == 0


def test_anywhere_short_tolerance() -> None:
    fewer = board({(0, 0): "W", (3, 0): "W", (1, 1): "P", (7, 7): "L"})
    aley_on_peaks = spirit_cells(aley=(1, 1))
    assert met(SCATTER, fewer, shepherd=(7, 7), spirits=aley_on_peaks, short=HUNTER) == 1
    assert met(SCATTER, fewer, shepherd=(7, 7), spirits=aley_on_peaks, short=CLIMBER) == 0
    two_short = AnywhereTask(tiles={"woods": 4})
    assert met(two_short, fewer, short=HUNTER) == 0
    both_short = AnywhereTask(tiles={"woods": 3, "peaks": 2})
    assert met(both_short, fewer, short=HUNTER) == 0
    assert met(both_short, fewer, short=HUNTER | CLIMBER) == 0  # one tile in all
    assert met(AnywhereTask(tiles={"woods": 3}), fewer, short=HUNTER | CLIMBER) == 1


# -- memo ----------------------------------------------------------------------------


def test_results_follow_changes_and_figures() -> None:
    task = PatternTask(
        cells=[
            PatternCell(x=0, y=0, terrain="woods", figure="shepherd"),
            PatternCell(x=1, y=0, terrain="peaks"),
        ]
    )
    terrain = [WOODS, PEAKS, PEAKS]
    lay = Layout(terrain, [0, 0, 0])
    lay.place(0, (0, 0))
    assert met(task, lay, shepherd=(0, 0)) == 0
    twin = lay.copy()
    twin.place(1, (0, 1))
    assert met(task, twin, shepherd=(0, 0)) == 1  # Peaks north: the pattern turned
    assert met(task, lay, shepherd=(0, 0)) == 0  # the original is unchanged
    assert met(task, twin, shepherd=None) == 0
    twin.remove(1)
    assert met(task, twin, shepherd=(0, 0)) == 0
    twin.place(2, (-1, 0))
    assert met(task, twin, shepherd=(0, 0)) == 1
    assert met(task, twin, shepherd=(-1, 0)) == 0


def test_rotated_tiles_link_as_they_lie() -> None:
    # Printed with water north/south, turned a quarter: water east/west as it lies.
    ns = BIT["n"] | BIT["s"]
    lay = Layout([RIVER, RIVER, RIVER], [ns, ns, ns])
    lay.place(0, (0, 0), 1)
    lay.place(1, (1, 0), 3)
    lay.place(2, (2, 0), 0)
    assert rotate_mask(ns, 1) == lay.water[0]
    assert met(RiverLengthTask(tiers=[Tier(at=2, sheep=0)]), lay) == 2


# -- brute force ---------------------------------------------------------------------

LAND = "WPG"
NAMES: dict[str, TerrainName] = {"W": "woods", "P": "peaks", "G": "polonyna"}


def brute_chain(cells: set[Cell], need: int) -> bool:
    """Some `need` connected cells of `cells` each touch at most two of all `cells` (a
    cell touching three breaks any chain it is in)."""
    if need <= 0:
        return True
    for subset in combinations(sorted(cells), need):
        chosen = set(subset)
        degree = {c: sum((c[0] + dx, c[1] + dy) in cells for dx, dy in DELTA) for c in chosen}
        if max(degree.values()) > 2:
            continue
        seen = {subset[0]}
        todo = [subset[0]]
        while todo:
            c = todo.pop()
            for dx, dy in DELTA:
                n = (c[0] + dx, c[1] + dy)
                if n in chosen and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen == chosen:
            return True
    return False


def brute_group(cells: set[Cell]) -> int:
    best = 0
    left = set(cells)
    while left:
        todo = [left.pop()]
        size = 0
        while todo:
            c = todo.pop()
            size += 1
            for dx, dy in DELTA:
                n = (c[0] + dx, c[1] + dy)
                if n in left:
                    left.remove(n)
                    todo.append(n)
        best = max(best, size)
    return best


def brute_pattern(spec: dict[Cell, str], cells: Sequence[tuple[int, int, str]]) -> bool:
    for r in range(4):
        turned_cells = []
        for x, y, code in cells:
            for _ in range(r):
                x, y = y, -x
            turned_cells.append((x, y, code))
        for ax, ay in spec:
            for bx, by, _ in turned_cells:
                ox, oy = ax - bx, ay - by
                if all(spec.get((ox + x, oy + y)) == code for x, y, code in turned_cells):
                    return True
    return False


land_boards = st.dictionaries(
    st.tuples(st.integers(0, 3), st.integers(0, 3)), st.sampled_from(LAND), max_size=13
)


@settings(max_examples=150, deadline=None)
@given(land_boards, st.integers(1, 7))
def test_chain_and_group_match_brute_force(spec: dict[Cell, str], size: int) -> None:
    lay = board(spec)
    cases: list[tuple[list[TerrainName], str]] = [(["woods"], "W"), (["woods", "peaks"], "WP")]
    for names, letters in cases:
        cells = {c for c, code in spec.items() if code in letters}
        chain = ChainTask(terrains=names, size=size)
        group = GroupTask(terrains=names, size=size)
        assert met(chain, lay) == int(brute_chain(cells, size))
        assert met(group, lay) == int(brute_group(cells) >= size)
        assert met(chain, lay, short=HUNTER) == int(brute_chain(cells, size - 1))


@settings(max_examples=150, deadline=None)
@given(land_boards)
def test_pattern_matches_brute_force(spec: dict[Cell, str]) -> None:
    lay = board(spec)
    shapes = [ELL_CELLS, [(0, 0, "W"), (1, 0, "W"), (2, 0, "P"), (2, 1, "G")]]
    for cells in shapes:
        task = PatternTask(cells=[PatternCell(x=x, y=y, terrain=NAMES[c]) for x, y, c in cells])
        assert met(task, lay) == int(brute_pattern(spec, cells))


def fresh(layout: Layout) -> Layout:
    """The same tiles, with nothing remembered from earlier layouts."""
    new = Layout(layout.terrain, layout.printed)
    for cell, tile in layout.at.items():
        new.place(tile, cell, layout.rot[tile])
    new.cache = {OWNER: weakref.ref(new), GROWN: None}
    return new


def assert_checks_fresh(
    layout: Layout,
    plain: Layout,
    shepherds: list[Cell | None],
    spirits: list[Cell | None],
    shorts: list[frozenset[int]],
) -> None:
    """Every Plot measures the same on `layout` (its checks grown from earlier answers)
    as on `plain` (the same tiles, checked afresh), for each Shepherd and short set."""
    from meeple.games.aridnyk.components import PLOTS

    for shepherd in {*shepherds, None}:
        for short in shorts:
            for plot in PLOTS:
                got = measure(plot.task, layout, shepherd, spirits, short)
                want = measure(plot.task, plain, shepherd, spirits, short)
                assert got == want, (plot.number, shepherd, sorted(short))


@settings(max_examples=5, deadline=None)
@given(st.integers(0, 2**31 - 1), st.sampled_from([2, 3, 4]))
def test_checks_after_a_placement_match_fresh_checks(seed: int, players: int) -> None:
    """After each placement every Plot is measured from its answer just before (only
    what the new tile can change is looked at); that must be the fresh answer, for each
    Shepherd and with each character's missing terrain. The checks the state keeps
    while figures step must be fresh too."""
    from meeple.core.registry import load_game
    from meeple.core.rng import Rng
    from meeple.games.aridnyk.components import PLOTS
    from meeple.games.aridnyk.plots import _SHORT, ALL_TERRAINS

    shorts = [frozenset(), HUNTER, CLIMBER, DOWSER, MUSICIAN, ALL_TERRAINS]
    state = load_game("aridnyk", players=players).new_initial_state(seed=seed)
    rng = Rng(seed)
    grown = 0
    while not state.is_terminal():
        layout = state._layout  # type: ignore[attr-defined]
        spirits = state._spirits  # type: ignore[attr-defined]
        if layout.cache[GROWN] is not None:
            grown += 1
        plain = fresh(layout)
        assert_checks_fresh(layout, plain, state._shepherds, spirits, shorts)  # type: ignore[attr-defined]
        # The state's own cache of checks, kept across figure steps, agrees too.
        for seat, shepherd in enumerate(state._shepherds):  # type: ignore[attr-defined]
            character = state._characters[seat]  # type: ignore[attr-defined]
            short = _SHORT.get(character, frozenset())
            for p, plot in enumerate(PLOTS):
                want = measure(plot.task, plain, shepherd, spirits, short)
                near = measure(plot.task, plain, shepherd, spirits, ALL_TERRAINS)
                assert state._plot_level(seat, p) == want  # type: ignore[attr-defined]
                assert state._plot_near(seat, p) == bool(near)  # type: ignore[attr-defined]
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    assert grown > 10  # the placements of a whole game were checked from their answers


@settings(max_examples=6, deadline=None)
@given(st.integers(0, 2**31 - 1))
def test_checks_several_placements_on_match_fresh_checks(seed: int) -> None:
    """As in a search: from positions of a game, a copy plays on for a few placements
    with no check in between; its checks then start from the position's answers (worked
    out on the position's own layout) and must be the fresh answers."""
    from meeple.core.registry import load_game
    from meeple.core.rng import Rng
    from meeple.games.aridnyk.rules import ALL_TERRAINS

    shorts = [frozenset(), HUNTER, DOWSER, ALL_TERRAINS]
    state = load_game("aridnyk", players=2).new_initial_state(seed=seed)
    rng = Rng(seed)
    spans = Counter[int]()
    while not state.is_terminal():
        if rng.below(4) == 0:
            ahead = state.clone()
            for _ in range(rng.below(40)):
                if ahead.is_terminal():
                    break
                legal = ahead.legal_actions()
                ahead.apply_action(legal[rng.below(len(legal))])
            layout = ahead._layout  # type: ignore[attr-defined]
            spirits = ahead._spirits  # type: ignore[attr-defined]
            span, link = 0, layout.cache[GROWN]
            while link is not None and link[0] is not state._layout.cache:  # type: ignore[attr-defined]
                span, link = span + 1, link[0][GROWN]
            spans[span + 1 if link is not None else 0] += 1
            shepherds = ahead._shepherds  # type: ignore[attr-defined]
            assert_checks_fresh(layout, fresh(layout), shepherds, spirits, shorts)
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    assert sum(n for span, n in spans.items() if span >= 2) >= 3, spans
