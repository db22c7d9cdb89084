"""Aridnyk in words: action strings."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.errors import IllegalActionError
from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.board import rotate_mask
from meeple.games.aridnyk.components import (
    CHARACTER_NAMES,
    EFFECT_KINDS,
    PLOTS,
    SPIRITS,
    TERRAINS,
    TILE_TERRAIN,
    TILE_WATER,
    TRINKETS,
)

if TYPE_CHECKING:
    from meeple.games.aridnyk.rules import AridnykState

_DIRECTIONS = ("north", "east", "south", "west")
_EFFECT_WORDS = {
    "sheep": "collect the Sheep",
    "card": "draw a card",
    "plot": "draw a Plot",
    "trinket": "draw a Trinket",
    "shepherd": "move your Shepherd",
    "spirit": "move a Spirit",
    "trade_any": "trade with any Spirit on the board",
    "retrade": "trade with a Spirit on your tile, even one already traded with",
    "move_tile": "move an unoccupied tile",
    "horizon_swap": "swap a hand tile with a Horizon tile",
    "refresh_horizon": "refresh the Horizon",
}


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
        return _EFFECT_WORDS[EFFECT_KINDS[action - A.EFFECT]]
    if action == A.DONE:
        return "done"
    if action < A.SPIRIT_STEP:
        return f"move your Shepherd {_DIRECTIONS[action - A.SHEPHERD_STEP]}"
    if action < A.SPIRIT:
        return f"move the Spirit {_DIRECTIONS[action - A.SPIRIT_STEP]}"
    if action < A.TRADE:
        return f"choose {SPIRITS[action - A.SPIRIT].capitalize()}"
    if action < A.DRAW_KIND:
        return f"trade with {SPIRITS[action - A.TRADE].capitalize()}"
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
