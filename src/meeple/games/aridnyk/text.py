"""Aridnyk in words: the components' texts, the catalogue of them, and action strings."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from meeple.errors import IllegalActionError
from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.board import rotate_mask
from meeple.games.aridnyk.components import (
    CHARACTER_NAMES,
    CHARACTERS,
    EFFECT_KINDS,
    PLACEHOLDER_DATA,
    PLOT_REWARD,
    PLOTS,
    SEASONS,
    SIDES,
    SPIRITS,
    TERRAINS,
    TILE_BLACK,
    TILE_TERRAIN,
    TILE_WATER,
    TILE_WHITE,
    TILES,
    TRINKET_CANCELS,
    TRINKET_EFFECTS,
    TRINKETS,
    WATER_NAMES,
    AroundTask,
    ChainTask,
    GroupTask,
    LakesJoinedTask,
    PatternTask,
    RiverBetweenLakesTask,
    RiverLengthTask,
    Task,
    TileRecord,
)

if TYPE_CHECKING:
    from meeple.games.aridnyk.rules import AridnykState

# ------------------------------------------------------------------------ components

# Display words, not component data: the capitalised names are how the rulebook writes
# the schema's own vocabulary (TERRAINS, SPIRITS, SEASONS), which no card record varies.
TERRAIN_TITLES: tuple[str, ...] = tuple(name.capitalize() for name in TERRAINS)
SPIRIT_TITLES: tuple[str, ...] = tuple(name.capitalize() for name in SPIRITS)
SEASON_TITLES: tuple[str, ...] = tuple(name.capitalize() for name in SEASONS)
ABBREVIATIONS = {"woods": "Wd", "peaks": "Pk", "polonyna": "Pl", "river": "Rv", "lake": "Lk"}
"""A terrain in two letters, as the board's cells and the pattern pictures name it."""

EffectWords = Callable[[int | None], str]
"""An effect's words for an amount of it, or (None) for choosing to resolve it."""


def _items(verb: str, one: str, many: str, after: str = "") -> EffectWords:
    return lambda n: f"{verb} {one if n is None or n == 1 else f'{n} {many}'}{after}"


def _reach(words: str) -> EffectWords:
    return lambda n: words if n is None else f"{words} up to {n} tile{'s' if n != 1 else ''}"


def _times(words: str, aside: str = "") -> EffectWords:
    """`aside` is added to the choice, where there is room to say more."""
    return lambda n: words + aside if n is None else words if n == 1 else f"{words} ({n} times)"


# Each effect worded once, so a tile, a card and the choice of resolving it read alike.
_EFFECT_WORDS: dict[str, EffectWords] = {
    "sheep": lambda n: "collect the Sheep" if n is None else f"{n} Sheep",
    "card": _items("draw", "a card", "cards"),
    "plot": _items("draw", "a Plot", "Plots"),
    "trinket": _items("draw", "a Trinket", "Trinkets"),
    "shepherd": _reach("move your Shepherd"),
    "spirit": _reach("move a Spirit"),
    "trade_any": _times("trade with any Spirit on the board"),
    "retrade": _times("trade again with a Spirit on your tile", ", even one already traded with"),
    "move_tile": _items("move", "an unoccupied tile", "unoccupied tiles", " as Aley does, free"),
    "horizon_swap": _times("swap a tile in your hand with a Horizon tile"),
    "refresh_horizon": _times("refresh the Horizon"),
}


def effect_choice(kind: str) -> str:
    """Choosing to resolve effect `kind`: one unit of it, or all of the Sheep or a move."""
    return _EFFECT_WORDS[kind](None)


def effects_text(amounts: Sequence[int]) -> str:
    """'2 Sheep, move your Shepherd 1'; 'nothing' when there is no effect."""
    parts = [_EFFECT_WORDS[kind](n) for kind, n in zip(EFFECT_KINDS, amounts, strict=True) if n]
    return ", ".join(parts) if parts else "nothing"


def _terrain(name: str) -> str:
    return TERRAIN_TITLES[TERRAINS.index(name)]


def _figure(name: str) -> str:
    return "your Shepherd" if name == "shepherd" else SPIRIT_TITLES[SPIRITS.index(name)]


def _on(terrain: str) -> str:
    return f"a {_terrain(terrain)}" + ("" if terrain in WATER_NAMES else " tile")


def _and(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _direction(dx: int, dy: int) -> str:
    ns = "N" if dy > 0 else "S" if dy < 0 else ""
    ew = "E" if dx > 0 else "W" if dx < 0 else ""
    if abs(dx) <= 1 and abs(dy) <= 1:
        return f"to its {ns}{ew}"
    if not dx or not dy:
        return f"{max(abs(dx), abs(dy))} to its {ns}{ew}"
    return f"{abs(dy)} {ns} and {abs(dx)} {ew} of it"


def _tiers_text(task: RiverLengthTask | LakesJoinedTask) -> str:
    return ", ".join(f"{t.at}: +{t.sheep}" for t in task.tiers)


def task_text(task: Task) -> str:
    """The task in plain words."""
    if isinstance(task, PatternTask):
        words = []
        for c in task.cells:
            cell = _terrain(c.terrain)
            if (c.x, c.y) != (0, 0):
                cell += " " + _direction(c.x, c.y)
            if c.figure is not None:
                cell += f" with {_figure(c.figure)}"
            words.append(cell)
        words.sort(key=lambda w: " to its " in w or " of it" in w)
        return "Pattern (any rotation): " + ", ".join(words)
    if isinstance(task, AroundTask):
        near = _and([f"{n} {_terrain(t)}" for t, n in Counter(task.neighbours).items()])
        return f"A{_on(task.centre)[1:]} with {near} around it (any order)"
    if isinstance(task, GroupTask):
        kinds = " and/or ".join(_terrain(t) for t in task.terrains)
        return f"{task.size} adjacent {kinds} tiles"
    if isinstance(task, ChainTask):
        kinds = " and/or ".join(_terrain(t) for t in task.terrains)
        return f"A chain of {task.size} {kinds} tiles (none touching three others)"
    if isinstance(task, RiverLengthTask):
        return f"A River of {task.tiers[0].at}+ tiles; extra Sheep by length: {_tiers_text(task)}"
    if isinstance(task, LakesJoinedTask):
        return (
            f"{task.tiers[0].at}+ Lakes joined by water edges, no River between; "
            f"extra Sheep by Lakes: {_tiers_text(task)}"
        )
    if isinstance(task, RiverBetweenLakesTask):
        return f"A River of {task.min_river}+ tiles with a Lake at each end"
    wanted = [
        f"{n} {_terrain(t)} " + ("tile" if n == 1 else "tiles") for t, n in task.tiles.items()
    ]
    wanted += [f"{_figure(f.figure)} on {_on(f.terrain)}" for f in task.figures]
    return "Anywhere (adjacency not required): " + ", ".join(wanted)


def _water_text(tile: TileRecord) -> str:
    if not tile.water:
        return ""
    return " (water " + ", ".join(s.upper() for s in SIDES if s in tile.water) + ")"


def tile_marks(tile_id: int) -> str:
    """What a tile bears besides its terrain: 'Aley icon, ornamented' ('' for none)."""
    t = TILES[tile_id]
    marks = []
    if t.spirit is not None:
        marks.append(f"{SPIRIT_TITLES[SPIRITS.index(t.spirit)]} icon")
    if t.ornamented:
        marks.append("ornamented")
    return ", ".join(marks)


def tile_text(tile_id: int) -> str:
    """'Mill Bend: River (water N, E); black: 2 Sheep, draw a card; white: ...'."""
    t = TILES[tile_id]
    head = f"{t.name}: {_terrain(t.terrain)}{_water_text(t)}"
    marks = tile_marks(tile_id)
    if marks:
        head += f", {marks}"
    black, white = effects_text(TILE_BLACK[tile_id]), effects_text(TILE_WHITE[tile_id])
    return f"{head}; black: {black}; white: {white}"


def plot_effect(index: int) -> str:
    """'Pattern (any rotation): ...; reward: 3 Sheep': a Plot's task and reward."""
    return f"{task_text(PLOTS[index].task)}; reward: {effects_text(PLOT_REWARD[index])}"


def plot_text(index: int) -> str:
    """'Twin Peaks (#1): Pattern (any rotation): ...; reward: 3 Sheep'."""
    p = PLOTS[index]
    return f"{p.name} (#{p.number}): {plot_effect(index)}"


def trinket_effect(index: int) -> str:
    cancels = TRINKET_CANCELS[index]
    if cancels is None:
        return effects_text(TRINKET_EFFECTS[index])
    what = "Spirit trade" if cancels == "trade" else "Trinket"
    return f"reaction: cancel another player's {what}"


def trinket_text(index: int) -> str:
    """'Brynza (#1): 3 Sheep'; 'Zgarda (#5): reaction: cancel another player's Spirit trade'."""
    t = TRINKETS[index]
    return f"{t.name} (#{t.number}): {trinket_effect(index)}"


def character_text(index: int) -> str:
    """'The Chieftain: entering a River costs 1 Sheep instead of 2'."""
    c = CHARACTERS[index]
    return f"{c.title}: {c.ability}"


def catalogue() -> dict[str, Any]:
    """The component set as JSON-ready data keyed as observations name things: tiles by
    id with their printed water sides (rotation 0), Plots and Trinkets by number. Each
    has its whole `text`, and its parts in words for a view to lay out (a tile's marks
    and black and white effects, a card's effect, a character's ability)."""
    return {
        "placeholder": PLACEHOLDER_DATA,
        "tiles": [
            {
                "id": t.id,
                "name": t.name,
                "season": t.season,
                "terrain": t.terrain,
                "water_edges": list(t.water),
                "spirit": t.spirit,
                "black": {k: v for k, v in zip(EFFECT_KINDS, TILE_BLACK[t.id], strict=True) if v},
                "white": {k: v for k, v in zip(EFFECT_KINDS, TILE_WHITE[t.id], strict=True) if v},
                "marks": tile_marks(t.id),
                "black_text": effects_text(TILE_BLACK[t.id]),
                "white_text": effects_text(TILE_WHITE[t.id]),
                "text": tile_text(t.id),
            }
            for t in TILES
        ],
        "plots": [
            {
                "number": p.number,
                "name": p.name,
                "starter": p.starter,
                "effect": plot_effect(i),
                "text": plot_text(i),
            }
            for i, p in enumerate(PLOTS)
        ],
        "trinkets": [
            {
                "number": t.number,
                "name": t.name,
                "timing": t.timing,
                "effect": trinket_effect(i),
                "text": trinket_text(i),
            }
            for i, t in enumerate(TRINKETS)
        ],
        "characters": [
            {
                "name": c.name,
                "title": c.title,
                "ability": c.ability,
                "text": character_text(i),
            }
            for i, c in enumerate(CHARACTERS)
        ],
    }


# ------------------------------------------------------------------------ actions

_DIRECTIONS = ("north", "east", "south", "west")


def _tile_name(tile: int) -> str:
    return f"tile {tile} ({TERRAINS[TILE_TERRAIN[tile]]})"


def _card_name(code: int) -> str:
    if code < A.NUM_PLOTS:
        return f"Plot {code + 1} {PLOTS[code].name}"
    return f"Trinket {code - A.NUM_PLOTS + 1} {TRINKETS[code - A.NUM_PLOTS].name}"


def _same_turns(tile: int, rotation: int) -> str:
    """An aside for a rotation that lies like another: only a tile's water sides turn
    (its terrain and effects do not), so a tile without water lies alike in every turn,
    and one with water on opposite sides alike in turns 180 degrees apart."""
    water = TILE_WATER[tile]
    if not water:
        return " (no water: every turn lies the same)"
    first = rotate_mask(water, rotation)
    twin = next(r for r in range(4) if rotate_mask(water, r) == first)
    if twin == rotation:
        return ""
    return f" (lies as {f'turned {twin * 90} degrees' if twin else 'unturned'})"


def action_text(state: AridnykState, action: int, public: bool = False) -> str:
    """`action` in words. Every Aridnyk action but the choice of a character reads the
    same to all seats (discarded cards go face up to the discard pile); that choice is
    secret until every seat has made it."""
    if action.__class__ is not int or not 0 <= action < A.NUM_ACTIONS:
        raise IllegalActionError(f"action {action!r} is not an id in 0..{A.NUM_ACTIONS - 1}")
    if action < A.ROTATE:
        return f"choose {_tile_name(action - A.HAND_TILE)} from your hand"
    if action < A.CELL:
        r = action - A.ROTATE
        words = f"turn it {r * 90} degrees clockwise" if r else "keep it unturned"
        tile = None if public else state.turning_tile()  # the log needs no aside
        return words if tile is None else words + _same_turns(tile, r)
    if action < A.DISCARD_TILE:
        code = action - A.CELL
        anchor, side = divmod(code, 4)
        if state._layout.cell[anchor] is not None:
            x, y = state._layout.anchored_cell(anchor, side)
            return f"place it at ({x}, {y}), {_DIRECTIONS[side]} of tile {anchor}"
        return f"place it {_DIRECTIONS[side]} of tile {anchor}"
    if action < A.BOARD_TILE:
        return f"discard {_tile_name(action - A.DISCARD_TILE)}: it fits nowhere"
    if action < A.EFFECT:
        tile = action - A.BOARD_TILE
        cell = state._layout.cell[tile]
        where = f" at ({cell[0]}, {cell[1]})" if cell is not None else ""
        return f"choose {_tile_name(tile)}{where}"
    if action < A.DONE:
        return effect_choice(EFFECT_KINDS[action - A.EFFECT])
    if action == A.DONE:
        return "done"
    if action < A.SPIRIT_STEP:
        return f"move your Shepherd {_DIRECTIONS[action - A.SHEPHERD_STEP]}"
    if action < A.SPIRIT:
        return f"move the Spirit {_DIRECTIONS[action - A.SPIRIT_STEP]}"
    if action < A.TRADE:
        return f"choose {SPIRIT_TITLES[action - A.SPIRIT]}"
    if action < A.DRAW_KIND:
        return f"trade with {SPIRIT_TITLES[action - A.TRADE]}"
    if action < A.DRAW_ROW:
        return "draw a Plot" if action - A.DRAW_KIND == A.PLOT_KIND else "draw a Trinket"
    if action < A.DRAW_DECK:
        kind, slot = divmod(action - A.DRAW_ROW, 3)
        card = state._rows[kind][slot]
        if kind == A.PLOT_KIND:
            what = f"Plot {card + 1} {PLOTS[card].name}" if card >= 0 else "an empty slot"
        else:
            what = f"Trinket {card + 1} {TRINKETS[card].name}" if card >= 0 else "an empty slot"
        return f"take {what} from the row"
    if action < A.REFRESH_ROW:
        kind = action - A.DRAW_DECK
        revealed = state._revealed[kind]
        name = "Plot" if kind == A.PLOT_KIND else "Trinket"
        if revealed >= 0:
            title = PLOTS[revealed].name if kind == A.PLOT_KIND else TRINKETS[revealed].name
            return f"take the revealed {name} {revealed + 1} {title}"
        return f"draw the top {name} of the deck"
    if action == A.REFRESH_ROW:
        return "refresh the row"
    if action < A.CLAIM:
        return f"discard {_card_name(action - A.DISCARD_CARD)}"
    if action < A.USE_TRINKET:
        plot = action - A.CLAIM
        return f"fulfil Plot {plot + 1} {PLOTS[plot].name}"
    if action < A.NO_REACTION:
        trinket = action - A.USE_TRINKET
        return f"use Trinket {trinket + 1} {TRINKETS[trinket].name}"
    if action == A.NO_REACTION:
        return "no reaction"
    if action < A.STACK_TOP:
        return f"take {_tile_name(action - A.HORIZON)} from the Horizon"
    if action == A.STACK_TOP:
        return "take the revealed top tile of the stack"
    if action == A.KEEP_ROW:
        return "keep the row as it is"
    if public:  # the choice stays secret until every seat has made it
        return "keep one of the two Unsimple cards dealt"
    return f"keep {CHARACTER_NAMES[action - A.CHARACTER].capitalize()}"
