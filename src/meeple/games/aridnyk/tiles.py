"""Tiles: the season stacks, the Horizon, laying a tile and the tiles Aley may move.

TilesMixin, a part of AridnykState (rules.py): it draws tiles from the stacks (the
active season is the first stack not yet empty), reveals and refreshes the Horizon,
lists the rotations and cells where a tile fits, lays a tile (a turn's tile starts its
black effects; Aley's move lifts it first) and finds the tiles Aley may move.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.base import BLACK, EFFECTS, F_EFFECTS, P_ALEY, P_TURN, AridnykBase, Cell
from meeple.games.aridnyk.board import distinct_rotations
from meeple.games.aridnyk.components import SEASONS, TILE_BLACK, TILE_SPIRIT, TILE_WATER


class TilesMixin(AridnykBase):
    __slots__ = ()

    def _draw_stack_tile(self) -> int:
        for stack in self._stacks:
            if stack:
                return self._take_top(stack)
        return -1

    def _active_season(self) -> int:
        for i, stack in enumerate(self._stacks):
            if stack:
                return i + 1
        return len(SEASONS) - 1

    def _reveal_horizon_tile(self) -> None:
        tile = self._draw_stack_tile()
        if tile >= 0:
            self._ids_tiles = None
            self._horizon.append(tile)
            self._public_tiles.add(tile)

    def _rotations(self, tile: int, without: int = -1) -> list[int]:
        """The rotations offered: those that fit somewhere, one of each that lies alike.
        Only water sides turn with a tile (terrain, effects and icon do not), so a tile
        without water has one rotation (0) and one with water on opposite sides two."""
        fits = self._layout.fitting_rotations(tile, without)
        return [r for r in distinct_rotations(TILE_WATER[tile]) if r in fits]

    def _cell_actions(self, tile: int, rotation: int, without: int = -1) -> list[int]:
        return sorted([A.CELL + code for code in self._layout.legal_codes(tile, rotation, without)])

    def _place_tile(self, frame: list[Any], cell: Cell) -> None:
        purpose, tile, rotation = frame[1], frame[2], frame[3]
        layout = self._layout
        self._met = {}
        self._ids_tiles = None
        self._ids_figures = None
        if purpose == P_ALEY:
            layout.remove(tile)
            layout.place(tile, cell, rotation)
            return
        layout.place(tile, cell, rotation)
        spirit = TILE_SPIRIT[tile]
        if spirit >= 0:
            self._spirits[spirit] = cell
        if purpose == P_TURN:
            self._tiles[self._turn].remove(tile)
            self._phase = EFFECTS
            if any(TILE_BLACK[tile]):
                self._stack.append([F_EFFECTS, BLACK, list(TILE_BLACK[tile]), tile])

    def _movable_tiles(self) -> list[int]:
        """Tiles Aley may move: no figure on them, the board stays whole, a place exists."""
        return sorted(self._each_movable_tile())

    def _can_move_a_tile(self) -> bool:
        return next(self._each_movable_tile(), -1) >= 0

    def _each_movable_tile(self) -> Iterator[int]:
        layout = self._layout
        occupied = {c for c in self._spirits if c is not None}
        occupied.update(c for c in self._shepherds if c is not None)
        for c, t in layout.at.items():
            if c not in occupied and layout.connected_without(t) and layout.can_place(t, t):
                yield t

    def _refresh_horizon(self) -> None:
        season = self._active_season() - 1
        count = len(self._horizon)
        self._ids_tiles = None
        self._stacks[season].extend(self._horizon)
        self._horizon = []
        self._rng.shuffle(self._stacks[season])
        for _ in range(count):
            self._reveal_horizon_tile()
