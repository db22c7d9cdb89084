"""Aridnyk component data: the facts of rulings/aridnyk.md, the designed-set rules, the
load-time validation and the generated components document."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec
import pytest

from meeple.errors import ComponentDataError
from meeple.games.aridnyk import components as C
from meeple.games.aridnyk.components import (
    AroundTask,
    Effects,
    GroupTask,
    LakesJoinedTask,
    PatternTask,
    RiverLengthTask,
    StartPlace,
)
from meeple.games.aridnyk.components_doc import components_markdown

DOC = Path(__file__).resolve().parents[3] / "docs" / "games" / "aridnyk-components.md"
SEASON_MIX = {  # woods, peaks, polonyna, river, lake
    "starter": (3, 2, 3, 0, 1),
    "spring": (3, 3, 2, 3, 1),
    "summer": (2, 3, 3, 3, 1),
    "autumn": (3, 2, 3, 3, 1),
}
UNITS = {"sheep": 1, "card": 2, "plot": 2, "trinket": 2, "shepherd": 1, "spirit": 0.5}
STEP = {"n": (0, 1), "e": (1, 0), "s": (0, -1), "w": (-1, 0)}


def units(effects: Effects) -> float:
    return sum(UNITS[k] * getattr(effects, k) for k in UNITS)


def board_water(tile: C.TileRecord) -> set[str]:
    """The sides a Starter tile shows water on as it lies: printed side i at (i + r) % 4."""
    assert tile.start is not None
    return {C.SIDES[(C.SIDES.index(s) + tile.start.rotation) % 4] for s in tile.water}


# ---------------------------------------------------------------------------- document


def test_components_document_is_up_to_date() -> None:
    assert DOC.exists(), "missing; run: .venv/bin/python tools/aridnyk_components_doc.py"
    assert DOC.read_text(encoding="utf-8") == components_markdown(), (
        "docs/games/aridnyk-components.md is out of date; "
        "run: .venv/bin/python tools/aridnyk_components_doc.py"
    )


def test_document_describes_every_component_and_says_placeholder() -> None:
    text = components_markdown()
    assert "Designed placeholder set" in text.splitlines()[2]
    for record in (*C.TILES, *C.PLOTS, *C.TRINKETS):
        assert f"| {record.name} |" in text
    for c in C.CHARACTERS:
        assert f"| {c.title} |" in text


# ---------------------------------------------------------------------------- tiles


def test_tile_counts_seasons_and_terrain_mix() -> None:
    assert C.NUM_TILES == len(C.TILES) == 45
    assert [t.id for t in C.TILES] == list(range(45))
    seasons = [t.season for t in C.TILES]
    assert seasons == ["starter"] * 9 + ["spring"] * 12 + ["summer"] * 12 + ["autumn"] * 12
    for season, mix in SEASON_MIX.items():
        got = Counter(t.terrain for t in C.TILES if t.season == season)
        assert tuple(got[name] for name in C.TERRAINS) == mix, season
    assert tuple(range(9)) == C.STARTER_TILES
    assert (tuple(range(9, 21)), tuple(range(21, 33)), tuple(range(33, 45))) == C.SEASON_TILES
    assert len({t.name for t in C.TILES}) == 45


def test_water_edges() -> None:
    for t in C.TILES:
        assert len(set(t.water)) == len(t.water), t.id
        if t.terrain == "river":
            assert len(t.water) == 2, t.id  # straight or a bend
        elif t.terrain == "lake":
            assert 1 <= len(t.water) <= 3, t.id  # at least one land side
        else:
            assert t.water == [], t.id
        assert C.TILE_WATER[t.id] == sum(1 << C.SIDES.index(s) for s in t.water)
    # Both kinds of River occur.
    shapes = {frozenset(t.water) for t in C.TILES if t.terrain == "river"}
    assert {frozenset("ns"), frozenset("ew")} & shapes
    assert shapes - {frozenset("ns"), frozenset("ew")}


def test_aridnyk_tile_and_starter_layout() -> None:
    aridnyk = C.TILES[C.ARIDNYK_TILE]
    assert C.ARIDNYK_TILE == 0
    assert (aridnyk.season, aridnyk.terrain, aridnyk.spirit) == ("starter", "peaks", "aridnyk")
    assert aridnyk.start == StartPlace(0, 0)
    places = {}
    for t in C.TILES:
        assert (t.start is not None) == (t.season == "starter"), t.id
        if t.start is not None:
            places[(t.start.x, t.start.y)] = t
    assert set(places) == {(x, y) for x in (-1, 0, 1) for y in (-1, 0, 1)}
    orth = [places[c] for c in ((0, 1), (1, 0), (0, -1), (-1, 0))]
    corners = [places[c] for c in ((1, 1), (1, -1), (-1, -1), (-1, 1))]
    assert Counter(t.terrain for t in orth) == {"woods": 2, "polonyna": 2}
    assert Counter(t.terrain for t in corners) == {"woods": 1, "peaks": 1, "polonyna": 1, "lake": 1}
    assert sorted(C.ORNAMENTED) == sorted(t.id for t in orth)
    assert {t.id for t in C.TILES if t.ornamented} == set(C.ORNAMENTED)


def test_starter_layout_obeys_the_water_edge_rule() -> None:
    places = {(t.start.x, t.start.y): t for t in C.TILES if t.start is not None}
    opposite = {"n": "s", "e": "w", "s": "n", "w": "e"}
    checked_lake = False
    for (x, y), t in places.items():
        mine = board_water(t)
        for side, (dx, dy) in STEP.items():
            other = places.get((x + dx, y + dy))
            if other is None:
                continue
            # Water faces only water or empty space; land never faces water.
            assert (side in mine) == (opposite[side] in board_water(other)), (t.id, side)
        if t.terrain == "lake":
            checked_lake = True
            assert mine and mine <= {"n", "w"}  # it points away from the block at (-1, 1)
    assert checked_lake


def test_starter_and_spirit_icons() -> None:
    for t in C.TILES[:9]:
        assert t.black == Effects(), t.id
        assert 1 <= units(t.white) <= 3, t.id
        assert (t.spirit is not None) == (t.id == 0)
    icons = [(t.spirit, t.season) for t in C.TILES if t.spirit is not None]
    for spirit in ("aley", "boh", "drizd", "vovk"):
        seasons = [s for sp, s in icons if sp == spirit]
        assert seasons.count("spring") == 1, spirit
        assert sum(s in ("summer", "autumn") for s in seasons) == 1, spirit
        assert len(seasons) == 2
    assert [sp for sp, _ in icons].count("aridnyk") == 1
    assert C.TILE_SPIRIT[0] == C.SPIRITS.index("aridnyk")
    assert C.TILE_SPIRIT.count(-1) == 45 - 9


def test_tile_effect_budgets() -> None:
    tile_kinds = set(C.EFFECT_KINDS[:6])
    shepherd = 0
    totals = []
    for ids in C.SEASON_TILES:
        total = 0.0
        for i in ids:
            t = C.TILES[i]
            for effects in (t.black, t.white):
                assert {k for k, v in msgspec.structs.asdict(effects).items() if v} <= tile_kinds
                assert min(effects.amounts()) >= 0
            black, white = units(t.black), units(t.white)
            if t.terrain == "river":
                assert 3 <= black <= 5, i  # about one unit more than the others
            else:
                assert 2 <= black <= 4, i
            assert 1 <= white <= 3, i
            shepherd += bool(t.black.shepherd or t.white.shepherd)
            total += black + white
        totals.append(total)
    assert max(totals) - min(totals) <= 2
    assert 15 <= shepherd <= 21  # about half of 36
    assert tuple(t.black.amounts() for t in C.TILES) == C.TILE_BLACK
    assert tuple(t.white.amounts() for t in C.TILES) == C.TILE_WHITE
    assert C.TILE_TERRAIN[8] == C.LAKE and C.TILE_SEASON[44] == 3


# ---------------------------------------------------------------------------- plots


FAMILIES = {
    "pattern": (1, 2, 4, 9, 10, 11, 12, 13, 14, 15),
    "around": (16,),
    "group": (5, 6, 7, 18, 19, 20, 22, 23, 24, 25),
    "river_length": (8,),
    "lakes_joined": (17,),
    "river_between_lakes": (21,),
    "anywhere": (35, 50, 51, 52),
    "chain": (54,),
}


def test_plot_numbers_starters_and_families() -> None:
    assert C.NUM_PLOTS == len(C.PLOTS) == 54
    assert [p.number for p in C.PLOTS] == list(range(1, 55))
    assert [p.number for p in C.PLOTS if p.starter] == list(range(1, 9))
    assert tuple(range(8)) == C.STARTER_PLOTS
    for kind, numbers in FAMILIES.items():
        for n in numbers:
            assert C.task_kind(C.PLOTS[n - 1].task) == kind, n
    free = set(range(1, 55)) - {n for ns in FAMILIES.values() for n in ns}
    assert free == {3, *range(26, 35), *range(36, 50), 53}
    used = Counter(C.task_kind(C.PLOTS[n - 1].task) for n in free)
    assert len(used) >= 5, used  # a good mix of families among the free numbers
    assert len({p.name for p in C.PLOTS}) == 54


def test_the_plots_the_rulebook_describes() -> None:
    sixteen = C.PLOTS[15].task
    assert isinstance(sixteen, AroundTask) and sixteen.centre == "lake"
    twenty_two = C.PLOTS[21].task
    assert isinstance(twenty_two, GroupTask)
    assert sorted(twenty_two.terrains) == ["peaks", "woods"] and twenty_two.size == 6
    eight = C.PLOTS[7]
    assert isinstance(eight.task, RiverLengthTask) and len(eight.task.tiers) >= 2
    # A 5-tile River pays a Trinket and 4 Sheep.
    best = [t for t in eight.task.tiers if t.at <= 5][-1]
    assert eight.reward == Effects(trinket=1) and best.sheep == 4
    seventeen = C.PLOTS[16].task
    assert isinstance(seventeen, LakesJoinedTask) and len(seventeen.tiers) >= 2
    for n in (5, 6, 7, 18, 19, 20, 23, 24, 25):
        task = C.PLOTS[n - 1].task
        assert isinstance(task, GroupTask) and len(task.terrains) == 1, n
        assert task.terrains[0] in ("woods", "peaks", "polonyna")


def test_plot_tasks_are_plausible() -> None:
    counts = Counter(t.terrain for t in C.TILES)
    assert counts == {"woods": 11, "peaks": 10, "polonyna": 11, "river": 9, "lake": 4}
    for p in C.PLOTS:
        task = p.task
        if isinstance(task, PatternTask):
            cells = {(c.x, c.y) for c in task.cells}
            assert 2 <= len(task.cells) <= 5 and len(cells) == len(task.cells), p.number
            assert (0, 0) in cells
            seen, todo = {(0, 0)}, [(0, 0)]
            while todo:
                x, y = todo.pop()
                for dx, dy in STEP.values():
                    if (x + dx, y + dy) in cells - seen:
                        seen.add((x + dx, y + dy))
                        todo.append((x + dx, y + dy))
            assert seen == cells, p.number
        for terrain, n in Counter(C._task_terrains(task)).items():
            assert n <= counts[terrain], p.number
        for need in C.required_tiles(task):
            if isinstance(task, RiverLengthTask):
                assert need <= counts["river"]
            if isinstance(task, LakesJoinedTask):
                assert need <= counts["lake"]
        figures = C.task_figures(task)
        assert len(set(figures)) == len(figures), p.number


def test_plot_rewards_follow_the_guide() -> None:
    starter = 0
    for i, p in enumerate(C.PLOTS):
        assert {k for k, v in msgspec.structs.asdict(p.reward).items() if v} <= {
            "sheep",
            "card",
            "plot",
            "trinket",
        }
        assert C.PLOT_REWARD[i] == p.reward.amounts()
        value = p.reward.sheep + 2 * (p.reward.card + p.reward.plot + p.reward.trinket)
        tiers = C.task_tiers(p.task)
        if p.starter:
            starter += value + (tiers[0].sheep if tiers else 0)
            continue
        water = C.involves_water(p.task)
        for k, need in enumerate(C.required_tiles(p.task)):
            guide = 1.5 * need + 2 * water + 2 * (need >= 6)
            total = value + (tiers[k].sheep if tiers else 0)
            assert abs(total - guide) <= 2, (p.number, total, guide)
            if need >= 6:
                assert p.reward.card + p.reward.plot + p.reward.trinket >= 1, p.number
    assert 25 <= starter <= 28


# ---------------------------------------------------------------------------- trinkets


def test_trinkets() -> None:
    assert C.NUM_TRINKETS == len(C.TRINKETS) == 42
    assert [t.number for t in C.TRINKETS] == list(range(1, 43))
    assert len({t.name for t in C.TRINKETS}) == 42
    turn = [t for t in C.TRINKETS if t.timing == "turn"]
    reactions = [t for t in C.TRINKETS if t.timing == "reaction"]
    assert len(turn) == 34 and len(reactions) == 8
    assert Counter(t.cancels for t in reactions) == {"trade": 4, "trinket": 4}
    for t in reactions:
        assert t.effects == Effects()
    for t in turn:
        assert t.cancels is None and t.effects != Effects()
        assert 2 <= C.effect_units(t.effects.amounts()) <= 4, t.name
    by_name = {t.name: t for t in C.TRINKETS}
    assert (by_name["Zgarda"].timing, by_name["Zgarda"].cancels) == ("reaction", "trade")
    assert by_name["Brynza"].timing == "turn" and by_name["Brynza"].effects.sheep > 0
    # Extra trades, tile moves and Horizon tricks all occur.
    for kind in ("trade_any", "retrade", "move_tile", "horizon_swap", "refresh_horizon"):
        assert any(getattr(t.effects, kind) for t in turn), kind
    assert tuple(t.timing == "reaction" for t in C.TRINKETS) == C.TRINKET_REACTION
    assert tuple(t.cancels for t in C.TRINKETS) == C.TRINKET_CANCELS
    assert tuple(t.effects.amounts() for t in C.TRINKETS) == C.TRINKET_EFFECTS


# ---------------------------------------------------------------------------- characters


def test_characters() -> None:
    assert C.CHARACTER_NAMES == (
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
    )
    for c in C.CHARACTERS:
        assert c.title == "The " + c.name.capitalize()
        assert c.provenance == "fact"
        assert c.source == "rules/aridnyk.txt, Characters (Unsimple Characters)"
        assert c.ability.strip()


def test_provenance() -> None:
    for record in (*C.TILES, *C.PLOTS, *C.TRINKETS):
        assert record.provenance == "placeholder" and record.source.strip()
    assert C.PLACEHOLDER_DATA is True


# ---------------------------------------------------------------------------- validation


def raw_files() -> dict[str, bytes]:
    return C.read_data()


def edited(file: str, edit: Callable[[Any], None]) -> dict[str, bytes]:
    raw = raw_files()
    doc = json.loads(raw[file])
    edit(doc)
    raw[file] = json.dumps(doc).encode()
    return raw


def test_the_shipped_files_load() -> None:
    loaded = C.load(raw_files())
    assert loaded.tiles == C.TILES and loaded.plots == C.PLOTS
    assert loaded.trinkets == C.TRINKETS and loaded.characters == C.CHARACTERS


@pytest.mark.parametrize(
    ("file", "edit", "names"),
    [
        ("tiles.json", lambda d: d["tiles"][3].pop("provenance"), ["tile 3", "provenance"]),
        ("tiles.json", lambda d: d["tiles"][12]["black"].update(sheep="x"), ["tile 12"]),
        ("plots.json", lambda d: d["plots"][53].update(number=60), ["plot 60", "1..54"]),
        ("plots.json", lambda d: d["plots"][4].pop("source"), ["plot 5", "source"]),
        ("trinkets.json", lambda d: d["trinkets"][6].update(timing="later"), ["trinket 7"]),
        ("characters.json", lambda d: d["characters"][2].pop("title"), ["character crafter"]),
        ("characters.json", lambda d: d["characters"][4].pop("ability"), ["character tracker"]),
        ("characters.json", lambda d: d["characters"][5].update(name="bard"), ["character bard"]),
    ],
)
def test_a_broken_record_names_file_and_record(
    file: str, edit: Callable[[Any], None], names: list[str]
) -> None:
    with pytest.raises(ComponentDataError) as err:
        C.load(edited(file, edit))
    message = str(err.value)
    assert f"aridnyk data/{file}" in message
    for name in names:
        assert name in message


def test_malformed_json_and_missing_file() -> None:
    raw = raw_files()
    raw["plots.json"] = b'{"plots": ['
    with pytest.raises(ComponentDataError, match=r"aridnyk data/plots\.json"):
        C.load(raw)
    raw = raw_files()
    del raw["trinkets.json"]
    with pytest.raises(ComponentDataError, match=r"trinkets\.json: the file is missing"):
        C.load(raw)


def replace_tile(index: int, **changes: Any) -> list[C.TileRecord]:
    tiles = list(C.TILES)
    tiles[index] = msgspec.structs.replace(tiles[index], **changes)
    return tiles


def replace_plot(index: int, **changes: Any) -> list[C.PlotRecord]:
    plots = list(C.PLOTS)
    plots[index] = msgspec.structs.replace(plots[index], **changes)
    return plots


def replace_trinket(index: int, **changes: Any) -> list[C.TrinketRecord]:
    trinkets = list(C.TRINKETS)
    trinkets[index] = msgspec.structs.replace(trinkets[index], **changes)
    return trinkets


@pytest.mark.parametrize(
    ("tiles", "match"),
    [
        (lambda: replace_tile(17, water=["n"]), "tile 17: a River has exactly two"),
        (lambda: replace_tile(20, water=["n", "e", "s", "w"]), "tile 20: a Lake has one to"),
        (lambda: replace_tile(10, water=["n"]), "tile 10: a land tile has no water"),
        (lambda: replace_tile(8, start=StartPlace(-1, 1, 0)), "tile 8: .* water-edge rule"),
        (lambda: replace_tile(5, ornamented=True), "tile 5: the ornamented tiles"),
        (lambda: replace_tile(3, black=Effects(sheep=1)), "tile 3: Starter tiles have white"),
        (lambda: replace_tile(9, spirit=None), "the aley icon"),
        (lambda: replace_tile(9, terrain="peaks"), "spring tiles: terrain mix"),
        (lambda: replace_tile(12, black=Effects(sheep=9)), "tile 12: black effects worth"),
        (lambda: replace_tile(12, white=Effects(trade_any=1)), "tile 12 white: trade_any"),
        (lambda: replace_tile(30, start=StartPlace(2, 2)), "tile 30: a season tile has no start"),
        (lambda: replace_tile(4, id=5), "tile 5: ids must run 0..44"),
        (lambda: list(C.TILES[:44]), "45 tiles needed"),
    ],
)
def test_tile_validation(tiles: Callable[[], list[C.TileRecord]], match: str) -> None:
    with pytest.raises(ComponentDataError, match=r"aridnyk data/tiles\.json: " + match):
        C.validate_tiles(tiles())


@pytest.mark.parametrize(
    ("plots", "match"),
    [
        (lambda: replace_plot(53, number=55), "plot 55: numbers must run 1..54"),
        (lambda: replace_plot(8, starter=True), "plot 9: the Starter Plots are exactly 1..8"),
        (
            lambda: replace_plot(0, task=C.PLOTS[4].task),
            "plot 1: the rulebook makes this a pattern",
        ),
        (
            lambda: replace_plot(15, task=AroundTask("peaks", ["woods"])),
            "plot 16: Plot 16 is a Lake",
        ),
        (lambda: replace_plot(17, task=GroupTask(["woods"], 12)), "plot 18: needs 12 woods tiles"),
        (
            lambda: replace_plot(
                8, task=PatternTask([C.PatternCell(0, 0, "peaks"), C.PatternCell(2, 0, "peaks")])
            ),
            "plot 9: the pattern cells are not connected",
        ),
        (
            lambda: replace_plot(
                8,
                task=PatternTask(
                    [C.PatternCell(0, 0, "river")]
                    + [C.PatternCell(x, y, "woods") for x, y in ((1, 0), (0, 1), (-1, 0))]
                ),
            ),
            "plot 9: the river at .* cannot touch 3 land tiles",
        ),
        (lambda: replace_plot(30, reward=Effects(sheep=20)), "plot 31: pays 20 Sheep-equivalents"),
        (lambda: replace_plot(30, reward=Effects(shepherd=2)), "plot 31 reward: shepherd"),
        (lambda: replace_plot(0, reward=Effects(sheep=9)), "Starter Plots 1..8 pay"),
        (lambda: replace_plot(7, reward=Effects(sheep=2)), "plot 8: Plot 8 pays a Trinket"),
        (lambda: replace_plot(1, name=C.PLOTS[0].name), "plot 2: the name .* is used twice"),
    ],
)
def test_plot_validation(plots: Callable[[], list[C.PlotRecord]], match: str) -> None:
    with pytest.raises(ComponentDataError, match=r"aridnyk data/plots\.json: " + match):
        C.validate_plots(plots(), C.TILES)


@pytest.mark.parametrize(
    ("trinkets", "match"),
    [
        (lambda: replace_trinket(4, effects=Effects(sheep=1)), "trinket 5: a reaction has no"),
        (lambda: replace_trinket(4, name="Namysto"), "Zgarda must be a reaction"),
        (lambda: replace_trinket(0, effects=Effects(sheep=9)), "trinket 1: effects worth 9"),
        (lambda: replace_trinket(1, cancels="trade"), "trinket 2: only reactions cancel"),
        (lambda: replace_trinket(41, number=43), "trinket 43: numbers must run 1..42"),
        (
            lambda: replace_trinket(2, timing="reaction", effects=Effects()),
            "trinket 3: a reaction cancels",
        ),
    ],
)
def test_trinket_validation(trinkets: Callable[[], list[C.TrinketRecord]], match: str) -> None:
    with pytest.raises(ComponentDataError, match=r"aridnyk data/trinkets\.json: " + match):
        C.validate_trinkets(trinkets())


def test_character_validation() -> None:
    twice = [C.CHARACTERS[0], *C.CHARACTERS[:-1]]
    with pytest.raises(ComponentDataError, match=r"characters\.json: character dreamer: the name"):
        C.validate_characters(twice)
    with pytest.raises(ComponentDataError, match=r"missing here: vagabond$"):
        C.validate_characters(C.CHARACTERS[:-1])
    renamed = [msgspec.structs.replace(C.CHARACTERS[0], title="Dreamer"), *C.CHARACTERS[1:]]
    with pytest.raises(ComponentDataError, match=r"character dreamer: the title"):
        C.validate_characters(renamed)
    silent = [msgspec.structs.replace(C.CHARACTERS[0], ability=" "), *C.CHARACTERS[1:]]
    with pytest.raises(ComponentDataError, match=r"character dreamer: the ability is empty"):
        C.validate_characters(silent)
    # The data gives the order: the rules' ids follow it.
    swapped = [C.CHARACTERS[1], C.CHARACTERS[0], *C.CHARACTERS[2:]]
    C.validate_characters(swapped)
