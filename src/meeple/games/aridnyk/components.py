"""Aridnyk component data: the 45 terrain tiles, 54 Plots, 42 Trinkets, 10 characters.

Loaded and validated once at import from the JSON files in data/; a schema or
consistency error names the file and the record. The rules read the tuples at the end
of this module; nothing else in the game parses the files (their texts in words are in
text.py, the components document in components_doc.py).
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from importlib import resources
from typing import Literal, NamedTuple, NoReturn, get_args

import msgspec

from meeple.core.data import Records, decode_data
from meeple.errors import ComponentDataError
from meeple.games.aridnyk.board import DELTA, rotate_mask

Provenance = Literal["fact", "inferred", "placeholder"]
TerrainName = Literal["woods", "peaks", "polonyna", "river", "lake"]
SeasonName = Literal["starter", "spring", "summer", "autumn"]
SpiritName = Literal["aridnyk", "aley", "boh", "drizd", "vovk"]
SideName = Literal["n", "e", "s", "w"]
FigureName = Literal["shepherd", "aridnyk", "aley", "boh", "drizd", "vovk"]
CharacterName = Literal[
    "dreamer",
    "molfar",
    "crafter",
    "hunter",
    "tracker",
    "climber",
    "chieftain",
    "dowser",
    "musician",
    "vagabond",
]
"""The Unsimple characters the rules give powers to; the data gives their order."""

TERRAINS: tuple[str, ...] = ("woods", "peaks", "polonyna", "river", "lake")
WOODS, PEAKS, POLONYNA, RIVER, LAKE = range(5)
WATER_TERRAINS = frozenset((RIVER, LAKE))
SEASONS: tuple[str, ...] = ("starter", "spring", "summer", "autumn")
SPIRITS: tuple[str, ...] = ("aridnyk", "aley", "boh", "drizd", "vovk")
SIDES: tuple[str, ...] = ("n", "e", "s", "w")

EFFECT_KINDS: tuple[str, ...] = (
    "sheep",  # collect this many Sheep
    "card",  # draw a card, Plot or Trinket as you choose, per unit
    "plot",  # draw a Plot per unit
    "trinket",  # draw a Trinket per unit
    "shepherd",  # move your Shepherd up to this many tiles
    "spirit",  # move any one Spirit up to this many tiles
    "trade_any",  # trade with any one Spirit on the board, wherever it stands
    "retrade",  # trade with a Spirit on your tile, even one already traded with
    "move_tile",  # move one unoccupied tile as Aley does, free of charge
    "horizon_swap",  # swap a tile of your hand with a Horizon tile
    "refresh_horizon",  # the Horizon tiles go under the active stack; three new ones
)
"""Effect primitives, in action order. Tiles use the first six; Trinkets any."""


class Effects(msgspec.Struct, forbid_unknown_fields=True, omit_defaults=True):
    """Amounts per primitive (see EFFECT_KINDS); all optional, resolved in any order."""

    sheep: int = 0
    card: int = 0
    plot: int = 0
    trinket: int = 0
    shepherd: int = 0
    spirit: int = 0
    trade_any: int = 0
    retrade: int = 0
    move_tile: int = 0
    horizon_swap: int = 0
    refresh_horizon: int = 0

    def amounts(self) -> tuple[int, ...]:
        return tuple(getattr(self, k) for k in EFFECT_KINDS)


class StartPlace(msgspec.Struct, forbid_unknown_fields=True):
    """Where a Starter tile lies in the standard layout (x east, y north)."""

    x: int
    y: int
    rotation: int = 0


class TileRecord(msgspec.Struct, forbid_unknown_fields=True):
    id: int
    name: str
    season: SeasonName
    terrain: TerrainName
    water: list[SideName]
    """Water edges as printed (rotation 0)."""
    spirit: SpiritName | None
    """The Spirit icon: that Spirit is placed on the tile when it is placed."""
    ornamented: bool
    black: Effects
    white: Effects
    start: StartPlace | None
    provenance: Provenance
    source: str


class PatternCell(msgspec.Struct, forbid_unknown_fields=True):
    x: int
    y: int
    terrain: TerrainName
    figure: FigureName | None = None
    """A figure that must stand on this cell ("shepherd" is the claimer's)."""


class Tier(msgspec.Struct, forbid_unknown_fields=True):
    at: int
    """The measure (River length, Lakes joined) this tier needs."""
    sheep: int
    """Sheep added to the base reward when this is the highest tier reached."""


class FigureOn(msgspec.Struct, forbid_unknown_fields=True):
    figure: FigureName
    terrain: TerrainName


class PatternTask(msgspec.Struct, tag="pattern", forbid_unknown_fields=True):
    """These cells, under any of the four rotations (never mirrored)."""

    cells: list[PatternCell]


class AroundTask(msgspec.Struct, tag="around", forbid_unknown_fields=True):
    """A `centre` tile whose neighbours include `neighbours`, in any order."""

    centre: TerrainName
    neighbours: list[TerrainName]


class GroupTask(msgspec.Struct, tag="group", forbid_unknown_fields=True):
    """One connected group of at least `size` tiles, each of one of `terrains`."""

    terrains: list[TerrainName]
    size: int


class ChainTask(msgspec.Struct, tag="chain", forbid_unknown_fields=True):
    """A path of at least `size` tiles of `terrains` in which no tile touches three
    others of the path."""

    terrains: list[TerrainName]
    size: int


class RiverLengthTask(msgspec.Struct, tag="river_length", forbid_unknown_fields=True):
    """River tiles linked by water edges; the first tier is the minimum."""

    tiers: list[Tier]


class LakesJoinedTask(msgspec.Struct, tag="lakes_joined", forbid_unknown_fields=True):
    """Lake tiles linked directly by water edges (no River between)."""

    tiers: list[Tier]


class RiverBetweenLakesTask(msgspec.Struct, tag="river_between_lakes", forbid_unknown_fields=True):
    """A River of at least `min_river` tiles whose both ends run into Lakes."""

    min_river: int


class AnywhereTask(msgspec.Struct, tag="anywhere", forbid_unknown_fields=True):
    """Tile counts anywhere on the board and figures on terrains; no adjacency."""

    tiles: dict[TerrainName, int] = {}
    figures: list[FigureOn] = []


Task = (
    PatternTask
    | AroundTask
    | GroupTask
    | ChainTask
    | RiverLengthTask
    | LakesJoinedTask
    | RiverBetweenLakesTask
    | AnywhereTask
)


class PlotRecord(msgspec.Struct, forbid_unknown_fields=True):
    number: int
    name: str
    starter: bool
    task: Task
    reward: Effects
    """Uses sheep, card, plot, trinket only."""
    provenance: Provenance
    source: str


class TrinketRecord(msgspec.Struct, forbid_unknown_fields=True):
    number: int
    name: str
    timing: Literal["turn", "reaction"]
    effects: Effects
    """For "turn" Trinkets; empty for reactions."""
    cancels: Literal["trade", "trinket"] | None
    """For reactions: what of another player's they cancel."""
    provenance: Provenance
    source: str


class CharacterRecord(msgspec.Struct, forbid_unknown_fields=True):
    name: CharacterName
    title: str
    ability: str
    """The Unsimple card's power, in short plain words."""
    provenance: Provenance
    source: str


class TilesFile(msgspec.Struct, forbid_unknown_fields=True):
    tiles: list[TileRecord]


class PlotsFile(msgspec.Struct, forbid_unknown_fields=True):
    plots: list[PlotRecord]


class TrinketsFile(msgspec.Struct, forbid_unknown_fields=True):
    trinkets: list[TrinketRecord]


class CharactersFile(msgspec.Struct, forbid_unknown_fields=True):
    characters: list[CharacterRecord]


class ComponentSet(NamedTuple):
    """The four validated data files."""

    tiles: tuple[TileRecord, ...]
    plots: tuple[PlotRecord, ...]
    trinkets: tuple[TrinketRecord, ...]
    characters: tuple[CharacterRecord, ...]


DATA_FILES: tuple[str, ...] = ("tiles.json", "plots.json", "trinkets.json", "characters.json")

# ------------------------------------------------------------------------ design facts

SEASON_IDS: tuple[range, ...] = (range(0, 9), range(9, 21), range(21, 33), range(33, 45))
"""Tile ids per season (SEASONS order)."""
TERRAIN_MIX: tuple[tuple[int, ...], ...] = (
    (3, 2, 3, 0, 1),
    (3, 3, 2, 3, 1),
    (2, 3, 3, 3, 1),
    (3, 2, 3, 3, 1),
)
"""Tiles per terrain (TERRAINS order) in each season (SEASONS order)."""
ORNAMENTED_PLACES: tuple[tuple[int, int], ...] = ((0, 1), (1, 0), (0, -1), (-1, 0))
ARIDNYK_TILE = 0
WATER_NAMES: tuple[str, ...] = ("river", "lake")
CORNER_PLACES: tuple[tuple[int, int], ...] = ((1, 1), (1, -1), (-1, -1), (-1, 1))
TILE_EFFECT_KINDS: tuple[str, ...] = EFFECT_KINDS[:6]
REWARD_KINDS: tuple[str, ...] = ("sheep", "card", "plot", "trinket")
FIXED_TASK_KINDS: dict[int, str] = {
    **dict.fromkeys((1, 2, 4, *range(9, 16)), "pattern"),
    16: "around",
    **dict.fromkeys((5, 6, 7, 18, 19, 20, 22, 23, 24, 25), "group"),
    8: "river_length",
    17: "lakes_joined",
    21: "river_between_lakes",
    **dict.fromkeys((35, 50, 51, 52), "anywhere"),
    54: "chain",
}
"""Plot numbers whose task family the rulebook fixes; the others are free."""
STARTER_PLOT_BAND = (25, 28)
"""The eight Starter Plots together pay this many Sheep-equivalents (first tier)."""

_HALF_UNITS = (2, 4, 4, 4, 2, 1, 4, 4, 2, 2, 2)
"""Budget of one unit of each primitive, in half "sheep units" (EFFECT_KINDS order):
a Sheep 1, a card 2, a Shepherd move 1, a Spirit move 0.5, an extra trade 2, a tile
move, a Horizon swap or refresh 1."""
_TAGS: dict[type, str] = {
    PatternTask: "pattern",
    AroundTask: "around",
    GroupTask: "group",
    ChainTask: "chain",
    RiverLengthTask: "river_length",
    LakesJoinedTask: "lakes_joined",
    RiverBetweenLakesTask: "river_between_lakes",
    AnywhereTask: "anywhere",
}


def effect_units(amounts: Sequence[int]) -> float:
    """The budget of an effect list in sheep units (1 Sheep = 1, a card = 2, ...)."""
    return _half_units(amounts) / 2


def _half_units(amounts: Sequence[int]) -> int:
    return sum(n * u for n, u in zip(amounts, _HALF_UNITS, strict=True))


def water_mask(sides: Sequence[str]) -> int:
    return sum(1 << SIDES.index(s) for s in set(sides))


def task_kind(task: Task) -> str:
    return _TAGS[type(task)]


# ------------------------------------------------------------------------ validation


def _fail(file: str, msg: str) -> NoReturn:
    raise ComponentDataError(f"aridnyk data/{file}: {msg}")


def _check_effects(file: str, where: str, effects: Effects, allowed: Sequence[str]) -> None:
    for kind, n in zip(EFFECT_KINDS, effects.amounts(), strict=True):
        if n < 0:
            _fail(file, f"{where}: {kind} is negative ({n})")
        if n and kind not in allowed:
            _fail(file, f"{where}: {kind} is not allowed here (only {', '.join(allowed)})")


def _check_text(file: str, where: str, name: str, source: str) -> None:
    if not name.strip():
        _fail(file, f"{where}: the name is empty")
    if not source.strip():
        _fail(file, f"{where}: the source is empty")


def validate_tiles(tiles: Sequence[TileRecord], file: str = "tiles.json") -> None:
    """Every fact and design rule of the tile set; the error names file and tile."""
    if len(tiles) != 45:
        _fail(file, f"45 tiles needed, found {len(tiles)}")
    names: set[str] = set()
    for pos, t in enumerate(tiles):
        where = f"tile {t.id}"
        if t.id != pos:
            _fail(file, f"{where}: ids must run 0..44 in order (position {pos})")
        season = SEASONS[next(i for i, ids in enumerate(SEASON_IDS) if pos in ids)]
        if t.season != season:
            _fail(file, f"{where}: tiles {_span(season)} are {season} tiles, not {t.season}")
        _check_text(file, where, t.name, t.source)
        if t.name in names:
            _fail(file, f"{where}: the name {t.name!r} is used twice")
        names.add(t.name)
        _check_tile_water(file, where, t)
        _check_effects(file, f"{where} black", t.black, TILE_EFFECT_KINDS)
        _check_effects(file, f"{where} white", t.white, TILE_EFFECT_KINDS)
        _check_tile_role(file, where, t)
    for s, season in enumerate(SEASONS):
        mix: Counter[str] = Counter(tiles[i].terrain for i in SEASON_IDS[s])
        got = tuple(mix[name] for name in TERRAINS)
        if got != TERRAIN_MIX[s]:
            _fail(
                file,
                f"{season} tiles: terrain mix {got} (woods/peaks/polonyna/river/lake), "
                f"expected {TERRAIN_MIX[s]}",
            )
    _check_spirit_icons(file, tiles)
    _check_starter_layout(file, tiles)
    _check_season_budgets(file, tiles)


def _span(season: str) -> str:
    ids = SEASON_IDS[SEASONS.index(season)]
    return f"{ids[0]}..{ids[-1]}"


def _check_tile_water(file: str, where: str, t: TileRecord) -> None:
    if len(set(t.water)) != len(t.water):
        _fail(file, f"{where}: a water edge is listed twice ({t.water})")
    n = len(t.water)
    if t.terrain == "river" and n != 2:
        _fail(file, f"{where}: a River has exactly two water edges, not {n}")
    if t.terrain == "lake" and not 1 <= n <= 3:
        _fail(file, f"{where}: a Lake has one to three water edges, not {n}")
    if t.terrain not in ("river", "lake") and n:
        _fail(file, f"{where}: a land tile has no water edges ({t.water})")


def _check_tile_role(file: str, where: str, t: TileRecord) -> None:
    black, white = _half_units(t.black.amounts()), _half_units(t.white.amounts())
    if t.season == "starter":
        if t.start is None:
            _fail(file, f"{where}: a Starter tile needs its start place")
        if not 0 <= t.start.rotation <= 3:
            _fail(file, f"{where}: rotation {t.start.rotation} is not 0..3")
        if black:
            _fail(file, f"{where}: Starter tiles have white effects only")
        if t.spirit is not None and t.id != ARIDNYK_TILE:
            _fail(file, f"{where}: only the Aridnyk tile carries a Spirit among Starter tiles")
    else:
        if t.start is not None:
            _fail(file, f"{where}: a season tile has no start place")
        if t.ornamented:
            _fail(file, f"{where}: only Starter tiles are ornamented")
        low, high = (6, 10) if t.terrain == "river" else (4, 8)
        if not low <= black <= high:
            _fail(
                file,
                f"{where}: black effects worth {black / 2} units, expected {low / 2}..{high / 2}",
            )
    if not 2 <= white <= 6:
        _fail(file, f"{where}: white effects worth {white / 2} units, expected 1..3")
    if t.spirit == "aridnyk" and t.id != ARIDNYK_TILE:
        _fail(file, f"{where}: the Aridnyk icon belongs to tile {ARIDNYK_TILE} only")


def _check_spirit_icons(file: str, tiles: Sequence[TileRecord]) -> None:
    aridnyk = tiles[ARIDNYK_TILE]
    if aridnyk.terrain != "peaks" or aridnyk.spirit != "aridnyk" or aridnyk.ornamented:
        _fail(
            file,
            f"tile {ARIDNYK_TILE}: the Aridnyk tile is an unornamented Peaks tile "
            "with the Aridnyk icon",
        )
    for spirit in SPIRITS[1:]:
        spring = [t.id for t in tiles if t.spirit == spirit and t.season == "spring"]
        later = [t.id for t in tiles if t.spirit == spirit and t.season in ("summer", "autumn")]
        if len(spring) != 1 or len(later) != 1:
            _fail(
                file,
                f"the {spirit} icon must be on one Spring tile and one later tile, "
                f"found Spring {spring}, later {later}",
            )


def _check_starter_layout(file: str, tiles: Sequence[TileRecord]) -> None:
    placed: dict[tuple[int, int], TileRecord] = {}
    for i in SEASON_IDS[0]:
        t = tiles[i]
        assert t.start is not None  # _check_tile_role
        cell = (t.start.x, t.start.y)
        if cell in placed:
            _fail(file, f"tile {t.id}: shares its start place {cell} with tile {placed[cell].id}")
        if i == ARIDNYK_TILE and cell != (0, 0):
            _fail(file, f"tile {t.id}: the Aridnyk tile starts at (0, 0), not {cell}")
        if cell not in ORNAMENTED_PLACES + CORNER_PLACES + ((0, 0),):
            _fail(file, f"tile {t.id}: start {cell} lies outside the 3x3 starter block")
        if t.ornamented != (cell in ORNAMENTED_PLACES):
            _fail(
                file,
                f"tile {t.id}: the ornamented tiles are exactly those orthogonally "
                f"next to the Aridnyk tile ({cell}, ornamented={t.ornamented})",
            )
        placed[cell] = t
    for cells, want, what in (
        (ORNAMENTED_PLACES, Counter(woods=2, polonyna=2), "ornamented"),
        (CORNER_PLACES, Counter(woods=1, peaks=1, polonyna=1, lake=1), "corner"),
    ):
        got = Counter(placed[c].terrain for c in cells)
        if got != want:
            _fail(file, f"starter layout: the {what} tiles are {dict(got)}, expected {dict(want)}")
    for (x, y), t in placed.items():
        assert t.start is not None
        mask = rotate_mask(water_mask(t.water), t.start.rotation)
        for side, (dx, dy) in enumerate(DELTA):
            other = placed.get((x + dx, y + dy))
            if other is None:
                continue
            assert other.start is not None
            theirs = rotate_mask(water_mask(other.water), other.start.rotation)
            # Checked from the water side: a water edge must meet a water edge.
            if mask >> side & 1 and not theirs >> ((side + 2) % 4) & 1:
                _fail(
                    file,
                    f"tile {t.id}: in the starter layout its water edge on side "
                    f"{SIDES[side]} faces land of tile {other.id} (the water-edge rule)",
                )


def _check_season_budgets(file: str, tiles: Sequence[TileRecord]) -> None:
    totals = []
    season_ids = [i for ids in SEASON_IDS[1:] for i in ids]
    for s in range(1, 4):
        ids = SEASON_IDS[s]
        totals.append(sum(_half_units(tiles[i].black.amounts()) for i in ids))
        totals[-1] += sum(_half_units(tiles[i].white.amounts()) for i in ids)
        rivers = [_half_units(tiles[i].black.amounts()) for i in ids if tiles[i].terrain == "river"]
        others = [_half_units(tiles[i].black.amounts()) for i in ids if tiles[i].terrain != "river"]
        extra = sum(rivers) / len(rivers) - sum(others) / len(others)
        if not 1 <= extra <= 3:
            _fail(
                file,
                f"{SEASONS[s]} tiles: River black effects should be worth about one "
                f"unit more than the others', found {extra / 2:+}",
            )
    if max(totals) - min(totals) > 4:
        _fail(
            file,
            f"season effect totals (black + white units) differ by more than 2: "
            f"{[v / 2 for v in totals]}",
        )
    shepherd = sum(1 for i in season_ids if tiles[i].black.shepherd or tiles[i].white.shepherd)
    n = len(season_ids)
    if abs(2 * shepherd - n) > n // 5:
        _fail(file, f"season tiles: {shepherd} of {n} carry a Shepherd move, expected about half")


def _task_terrains(task: Task) -> list[str]:
    if isinstance(task, PatternTask):
        return [c.terrain for c in task.cells]
    if isinstance(task, AroundTask):
        return [task.centre, *task.neighbours]
    if isinstance(task, GroupTask | ChainTask):
        return list(task.terrains)
    if isinstance(task, AnywhereTask):
        return [*task.tiles, *(f.terrain for f in task.figures)]
    if isinstance(task, LakesJoinedTask):
        return ["lake"]
    if isinstance(task, RiverLengthTask):
        return ["river"]
    return ["river", "lake"]


def task_figures(task: Task) -> list[str]:
    if isinstance(task, PatternTask):
        return [c.figure for c in task.cells if c.figure is not None]
    if isinstance(task, AnywhereTask):
        return [f.figure for f in task.figures]
    return []


def task_tiers(task: Task) -> list[Tier]:
    return list(task.tiers) if isinstance(task, RiverLengthTask | LakesJoinedTask) else []


def required_tiles(task: Task) -> tuple[int, ...]:
    """The tiles (figures count one each) a task needs, per tier (one value if untiered)."""
    if isinstance(task, PatternTask):
        return (len(task.cells),)
    if isinstance(task, AroundTask):
        return (1 + len(task.neighbours),)
    if isinstance(task, GroupTask | ChainTask):
        return (task.size,)
    if isinstance(task, RiverLengthTask | LakesJoinedTask):
        return tuple(t.at for t in task.tiers)
    if isinstance(task, RiverBetweenLakesTask):
        return (task.min_river + 2,)
    return (sum(task.tiles.values()) + len(task.figures),)


def involves_water(task: Task) -> bool:
    return any(t in ("river", "lake") for t in _task_terrains(task))


def reward_value(reward: Effects) -> int:
    """Sheep-equivalents of a Plot reward: a card, Plot or Trinket is worth 2 Sheep."""
    return reward.sheep + 2 * (reward.card + reward.plot + reward.trinket)


def guide_value(tiles: int, water: bool) -> float:
    """The design guide for a reward: 1.5 Sheep a tile, +2 for water, +2 (a card) at 6+."""
    return 1.5 * tiles + (2 if water else 0) + (2 if tiles >= 6 else 0)


def validate_plots(
    plots: Sequence[PlotRecord], tiles: Sequence[TileRecord], file: str = "plots.json"
) -> None:
    """Every fact and design rule of the Plot deck; the error names file and Plot."""
    counts: Counter[str] = Counter(t.terrain for t in tiles)
    water_edges = {w: sorted(len(t.water) for t in tiles if t.terrain == w) for w in WATER_NAMES}
    names: set[str] = set()
    starter_value = 0
    for pos, p in enumerate(plots):
        where = f"plot {p.number}"
        if p.number != pos + 1:
            _fail(file, f"{where}: numbers must run 1..54 in order (position {pos})")
        _check_text(file, where, p.name, p.source)
        if p.name in names:
            _fail(file, f"{where}: the name {p.name!r} is used twice")
        names.add(p.name)
        if p.starter != (p.number <= 8):
            _fail(file, f"{where}: the Starter Plots are exactly 1..8")
        kind = task_kind(p.task)
        fixed = FIXED_TASK_KINDS.get(p.number)
        if fixed is not None and kind != fixed:
            _fail(file, f"{where}: the rulebook makes this a {fixed} task, not {kind}")
        _check_effects(file, f"{where} reward", p.reward, REWARD_KINDS)
        _check_task(file, where, p.task, counts, water_edges)
        _check_fixed_plot(file, where, p)
        _check_reward(file, where, p)
        if p.starter:
            tiers = task_tiers(p.task)
            starter_value += reward_value(p.reward) + (tiers[0].sheep if tiers else 0)
    if len(plots) != 54:
        _fail(file, f"54 Plots needed, found {len(plots)}")
    low, high = STARTER_PLOT_BAND
    if not low <= starter_value <= high:
        _fail(
            file,
            f"Starter Plots 1..8 pay {starter_value} Sheep-equivalents together, "
            f"expected {low}..{high}",
        )


def _check_task(
    file: str,
    where: str,
    task: Task,
    counts: Counter[str],
    water_edges: dict[str, list[int]],
) -> None:
    def fail(msg: str) -> NoReturn:
        _fail(file, f"{where}: {msg}")

    def within(terrains: Sequence[str], n: int) -> None:
        have = sum(counts[t] for t in set(terrains))
        if n > have:
            fail(f"needs {n} {'/'.join(terrains)} tiles, the set has {have}")

    figures = task_figures(task)
    if len(set(figures)) != len(figures):
        fail(f"a figure is asked for twice ({figures})")
    # Most land sides a water tile of each kind can show (4 minus its fewest water edges).
    land_sides = {w: 4 - min(edges, default=4) for w, edges in water_edges.items()}
    if isinstance(task, PatternTask):
        cells = {(c.x, c.y): c.terrain for c in task.cells}
        if not 2 <= len(task.cells) <= 5:
            fail(f"a pattern has 2..5 cells, not {len(task.cells)}")
        if len(cells) != len(task.cells):
            fail("a pattern cell is listed twice")
        if (0, 0) not in cells:
            fail("a pattern needs its cell (0, 0)")
        seen, todo = {(0, 0)}, [(0, 0)]
        while todo:
            x, y = todo.pop()
            for dx, dy in DELTA:
                nxt = (x + dx, y + dy)
                if nxt in cells and nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        if len(seen) != len(cells):
            fail("the pattern cells are not connected")
        for terrain, n in Counter(cells.values()).items():
            within([terrain], n)
        for (x, y), terrain in cells.items():
            if terrain in land_sides:
                near = [cells.get((x + dx, y + dy)) for dx, dy in DELTA]
                land = sum(1 for t in near if t is not None and t not in WATER_NAMES)
                if land > land_sides[terrain]:
                    fail(f"the {terrain} at ({x}, {y}) cannot touch {land} land tiles")
    elif isinstance(task, AroundTask):
        if not 1 <= len(task.neighbours) <= 4:
            fail(f"a tile has 1..4 neighbours, not {len(task.neighbours)}")
        for terrain, n in Counter([task.centre, *task.neighbours]).items():
            within([terrain], n)
        if task.centre in land_sides:
            land = sum(1 for t in task.neighbours if t not in WATER_NAMES)
            if land > land_sides[task.centre]:
                fail(f"a {task.centre} cannot touch {land} land tiles")
    elif isinstance(task, GroupTask | ChainTask):
        if not task.terrains or len(set(task.terrains)) != len(task.terrains):
            fail("the terrains must be listed once each")
        if task.size < 2:
            fail(f"size {task.size} is below 2")
        within(task.terrains, task.size)
    elif isinstance(task, RiverLengthTask | LakesJoinedTask):
        terrain = "river" if isinstance(task, RiverLengthTask) else "lake"
        if not task.tiers:
            fail("a tiered task needs at least one tier")
        for a, b in itertools.pairwise(task.tiers):
            if not (a.at < b.at and a.sheep < b.sheep):
                fail("each tier needs more and pays more than the one before")
        if task.tiers[0].at < 2 or min(t.sheep for t in task.tiers) < 0:
            fail("tiers start at 2 tiles and never pay negative Sheep")
        within([terrain], task.tiers[-1].at)
        if isinstance(task, LakesJoinedTask):
            k = task.tiers[-1].at
            # k Lakes form a tree of water links iff their link ends suffice.
            ends = sum(min(e, k - 1) for e in sorted(water_edges["lake"])[-k:])
            if ends < 2 * (k - 1):
                fail(f"the Lakes' water edges cannot join {k} of them")
    elif isinstance(task, RiverBetweenLakesTask):
        if task.min_river < 1:
            fail("the River needs at least one tile")
        within(["river"], task.min_river)
        within(["lake"], 2)
    else:
        if not task.tiles and not task.figures:
            fail("an anywhere task asks for tiles or figures")
        for terrain, n in task.tiles.items():
            if n < 1:
                fail(f"asks for {n} {terrain} tiles")
            within([terrain], n)


def _check_fixed_plot(file: str, where: str, p: PlotRecord) -> None:
    task = p.task
    if p.number == 16 and isinstance(task, AroundTask) and task.centre != "lake":
        _fail(file, f"{where}: Plot 16 is a Lake with its neighbours")
    if (
        p.number == 22
        and isinstance(task, GroupTask)
        and (sorted(task.terrains) != ["peaks", "woods"] or task.size != 6)
    ):
        _fail(file, f"{where}: Plot 22 is 6 adjacent Peaks and/or Woods tiles")
    if p.number == 8 and isinstance(task, RiverLengthTask):
        reached = [t for t in task.tiers if t.at <= 5]
        if p.reward.amounts() != Effects(trinket=1).amounts() or not reached:
            _fail(file, f"{where}: Plot 8 pays a Trinket plus its tier's Sheep")
        if reached[-1].sheep != 4:
            _fail(file, f"{where}: a 5-tile River pays a Trinket and 4 Sheep")
    if p.number in (8, 17) and len(task_tiers(task)) < 2:
        _fail(file, f"{where}: Plots 8 and 17 have several tiers")


def _check_reward(file: str, where: str, p: PlotRecord) -> None:
    value = reward_value(p.reward)
    tiers = task_tiers(p.task)
    if value == 0 and not tiers:
        _fail(file, f"{where}: the reward is empty")
    water = involves_water(p.task)
    for i, need in enumerate(required_tiles(p.task)):
        if need >= 6 and not (p.reward.card or p.reward.plot or p.reward.trinket):
            _fail(file, f"{where}: a task of six tiles or more pays a card too")
        if p.starter:
            continue  # the Starter Plots are held to their band together
        total = value + (tiers[i].sheep if tiers else 0)
        guide = guide_value(need, water)
        if abs(total - guide) > 2:
            _fail(
                file,
                f"{where}: pays {total} Sheep-equivalents for {need} tiles, the guide is {guide}",
            )


def validate_trinkets(trinkets: Sequence[TrinketRecord], file: str = "trinkets.json") -> None:
    """Every fact and design rule of the Trinket deck; the error names file and Trinket."""
    names: set[str] = set()
    for pos, t in enumerate(trinkets):
        where = f"trinket {t.number}"
        if t.number != pos + 1:
            _fail(file, f"{where}: numbers must run 1..42 in order (position {pos})")
        _check_text(file, where, t.name, t.source)
        if t.name in names:
            _fail(file, f"{where}: the name {t.name!r} is used twice")
        names.add(t.name)
        _check_effects(file, f"{where} effects", t.effects, EFFECT_KINDS)
        units = _half_units(t.effects.amounts())
        if t.timing == "turn":
            if t.cancels is not None:
                _fail(file, f"{where}: only reactions cancel")
            if not 4 <= units <= 8:
                _fail(file, f"{where}: effects worth {units / 2} units, expected 2..4")
        else:
            if units:
                _fail(file, f"{where}: a reaction has no effects of its own")
            if t.cancels is None:
                _fail(file, f"{where}: a reaction cancels a trade or a Trinket")
    if len(trinkets) != 42:
        _fail(file, f"42 Trinkets needed, found {len(trinkets)}")
    kinds = Counter((t.timing, t.cancels) for t in trinkets)
    want = Counter({("turn", None): 34, ("reaction", "trade"): 4, ("reaction", "trinket"): 4})
    if kinds != want:
        _fail(
            file,
            "34 turn Trinkets and 8 reactions (4 cancel a trade, 4 a Trinket) needed, "
            f"found {dict(kinds)}",
        )
    by_name = {t.name: t for t in trinkets}
    for name, timing, cancels in (("Zgarda", "reaction", "trade"), ("Brynza", "turn", None)):
        named = by_name.get(name)
        if named is None or (named.timing, named.cancels) != (timing, cancels):
            _fail(
                file,
                f"{name} must be a {timing} Trinket"
                + (f" cancelling a {cancels}" if cancels else ""),
            )


def validate_characters(
    characters: Sequence[CharacterRecord], file: str = "characters.json"
) -> None:
    """Each character the rules know, once, with its title and ability."""
    names: set[str] = set()
    for c in characters:
        where = f"character {c.name}"
        _check_text(file, where, c.name, c.source)
        if c.name in names:
            _fail(file, f"{where}: the name is used twice")
        names.add(c.name)
        if c.title != f"The {c.name.capitalize()}":
            _fail(file, f"{where}: the title is 'The {c.name.capitalize()}', not {c.title!r}")
        if not c.ability.strip():
            _fail(file, f"{where}: the ability is empty")
    missing = [name for name in get_args(CharacterName) if name not in names]
    if missing:
        _fail(file, f"the rules give powers to characters missing here: {', '.join(missing)}")


# ------------------------------------------------------------------------ loading

_RECORDS: Records = {
    "tiles": ("tile", "id"),
    "plots": ("plot", "number"),
    "trinkets": ("trinket", "number"),
    "characters": ("character", "name"),
}


def read_data() -> dict[str, bytes]:
    """The shipped data files' bytes, by file name."""
    folder = resources.files(__package__).joinpath("data")
    return {name: folder.joinpath(name).read_bytes() for name in DATA_FILES}


def load(raw: Mapping[str, bytes]) -> ComponentSet:
    """Decode and validate the four files (bytes by name, as read_data gives them)."""
    for name in DATA_FILES:
        if name not in raw:
            _fail(name, "the file is missing")
    tiles = decode_data(__package__, "tiles.json", raw["tiles.json"], TilesFile, _RECORDS).tiles
    validate_tiles(tiles)
    plots = decode_data(__package__, "plots.json", raw["plots.json"], PlotsFile, _RECORDS).plots
    validate_plots(plots, tiles)
    trinkets = decode_data(
        __package__, "trinkets.json", raw["trinkets.json"], TrinketsFile, _RECORDS
    ).trinkets
    validate_trinkets(trinkets)
    characters = decode_data(
        __package__, "characters.json", raw["characters.json"], CharactersFile, _RECORDS
    ).characters
    validate_characters(characters)
    return ComponentSet(tuple(tiles), tuple(plots), tuple(trinkets), tuple(characters))


COMPONENTS = load(read_data())

TILES: tuple[TileRecord, ...] = COMPONENTS.tiles
NUM_TILES = len(TILES)
TILE_TERRAIN: tuple[int, ...] = tuple(TERRAINS.index(t.terrain) for t in TILES)
TILE_WATER: tuple[int, ...] = tuple(water_mask(t.water) for t in TILES)
TILE_SEASON: tuple[int, ...] = tuple(SEASONS.index(t.season) for t in TILES)
TILE_SPIRIT: tuple[int, ...] = tuple(
    -1 if t.spirit is None else SPIRITS.index(t.spirit) for t in TILES
)
TILE_BLACK: tuple[tuple[int, ...], ...] = tuple(t.black.amounts() for t in TILES)
TILE_WHITE: tuple[tuple[int, ...], ...] = tuple(t.white.amounts() for t in TILES)
STARTER_TILES: tuple[int, ...] = tuple(SEASON_IDS[0])
ORNAMENTED: tuple[int, ...] = tuple(t.id for t in TILES if t.ornamented)
SEASON_TILES: tuple[tuple[int, ...], ...] = tuple(tuple(ids) for ids in SEASON_IDS[1:])

PLOTS: tuple[PlotRecord, ...] = COMPONENTS.plots
NUM_PLOTS = len(PLOTS)
PLOT_REWARD: tuple[tuple[int, ...], ...] = tuple(p.reward.amounts() for p in PLOTS)
STARTER_PLOTS: tuple[int, ...] = tuple(i for i, p in enumerate(PLOTS) if p.starter)

TRINKETS: tuple[TrinketRecord, ...] = COMPONENTS.trinkets
NUM_TRINKETS = len(TRINKETS)
TRINKET_EFFECTS: tuple[tuple[int, ...], ...] = tuple(t.effects.amounts() for t in TRINKETS)
TRINKET_REACTION: tuple[bool, ...] = tuple(t.timing == "reaction" for t in TRINKETS)
TRINKET_CANCELS: tuple[str | None, ...] = tuple(t.cancels for t in TRINKETS)

CHARACTERS: tuple[CharacterRecord, ...] = COMPONENTS.characters
CHARACTER_NAMES: tuple[CharacterName, ...] = tuple(c.name for c in CHARACTERS)
"""In the data's order: a character's index here is its id in the rules and actions."""

PLACEHOLDER_DATA: bool = "placeholder" in {
    *(t.provenance for t in TILES),
    *(p.provenance for p in PLOTS),
    *(t.provenance for t in TRINKETS),
    *(c.provenance for c in CHARACTERS),
}
"""True while any record is meeple's designed placeholder rather than the printed card."""
