"""Figures: the Shepherds' and the Spirits' moves.

FiguresMixin, a part of AridnykState (rules.py): it steps a Shepherd (a River costs
Sheep, the Chieftain fewer) or a Spirit, offers only the steps after which the move can
still end where the figure may stand, ends a move (a Shepherd's counts once it has
stepped; ending together with a Spirit opens a trade) and adds the Molfar's extra move.
"""

from __future__ import annotations

from typing import Any

from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.base import CHIEFTAIN, MOLFAR, AridnykBase, Cell
from meeple.games.aridnyk.board import DELTA
from meeple.games.aridnyk.components import RIVER, TILE_TERRAIN
from meeple.games.aridnyk.plots import _READS_SHEPHERD, _READS_SPIRIT


class FiguresMixin(AridnykBase):
    __slots__ = ()

    def _shepherd_ok(self, cell: Cell) -> bool:
        """May the active Shepherd end a move on `cell` (no other Shepherd there)?"""
        me = self._turn
        return all(c != cell for s, c in enumerate(self._shepherds) if s != me)

    def _spirit_ok(self, spirit: int, cell: Cell) -> bool:
        return all(c != cell for s, c in enumerate(self._spirits) if s != spirit)

    def _distance(self, start: Cell, ok: Any, limit: int) -> int:
        """Steps from `start` to the nearest cell where `ok(cell)`; limit + 1 if farther."""
        if ok(start):
            return 0
        frontier = [start]
        seen = {start}
        for d in range(1, limit + 1):
            nxt = []
            for cell in frontier:
                for _, c in self._layout.steps(cell):
                    if c not in seen:
                        if ok(c):
                            return d
                        seen.add(c)
                        nxt.append(c)
            frontier = nxt
        return limit + 1

    def _shepherd_need(self, cell: Cell, limit: int) -> int:
        return self._distance(cell, self._shepherd_ok, limit)

    def _spirit_need(self, spirit: int, cell: Cell, limit: int) -> int:
        return self._distance(cell, lambda c: self._spirit_ok(spirit, c), limit)

    def _step_shepherd(self, side: int) -> None:
        me = self._turn
        cell = self._shepherds[me]
        assert cell is not None
        dx, dy = DELTA[side]
        nxt = (cell[0] + dx, cell[1] + dy)
        self._ids_figures = None
        self._shepherds[me] = nxt
        self._met = {
            k: v
            for k, v in self._met.items()
            if (k >> 6) & 63 != me or k & 63 not in _READS_SHEPHERD
        }
        self._stepped |= 1
        if TILE_TERRAIN[self._layout.at[nxt]] == RIVER:
            loss = 1 if self._characters[me] == CHIEFTAIN else 2
            self._sheep[me] = max(0, self._sheep[me] - loss)

    def _step_spirit(self, spirit: int, side: int) -> None:
        cell = self._spirits[spirit]
        assert cell is not None
        dx, dy = DELTA[side]
        self._ids_figures = None
        self._spirits[spirit] = (cell[0] + dx, cell[1] + dy)
        self._met = {k: v for k, v in self._met.items() if k & 63 not in _READS_SPIRIT}
        self._stepped |= 2

    def _shepherd_move_ended(self) -> None:
        if not self._stepped & 1:  # stopped before a step: no move (rulings 3 and 4)
            return
        self._moved = True
        self._mark_together()

    def _spirit_move_ended(self, spirit: int) -> None:
        if self._stepped & 2 and self._spirits[spirit] == self._shepherds[self._turn]:
            self._together |= 1 << spirit

    def _vovk_ended(self, frame: list[Any]) -> None:
        if frame[3]:
            self._shepherd_move_ended()
        if frame[2] >= 0:
            self._spirit_move_ended(frame[2])

    def _mark_together(self) -> None:
        here = self._shepherds[self._turn]
        for s, c in enumerate(self._spirits):
            if c is not None and c == here:
                self._together |= 1 << s

    def _shepherd_steps(self, remaining: int, other_need: int = 0) -> list[int]:
        cell = self._shepherds[self._turn]
        assert cell is not None
        out = []
        left = remaining - 1 - other_need
        for side, nxt in self._layout.steps(cell):
            if left >= 0 and (self._shepherd_ok(nxt) or self._shepherd_need(nxt, left) <= left):
                out.append(A.SHEPHERD_STEP + side)
        return out

    def _spirit_steps(self, spirit: int, remaining: int, other_need: int = 0) -> list[int]:
        cell = self._spirits[spirit]
        assert cell is not None
        out = []
        left = remaining - 1 - other_need
        for side, nxt in self._layout.steps(cell):
            if left >= 0 and (
                self._spirit_ok(spirit, nxt) or self._spirit_need(spirit, nxt, left) <= left
            ):
                out.append(A.SPIRIT_STEP + side)
        return out

    def _moves(self, amount: int) -> int:
        return amount + 1 if self._characters[self._turn] == MOLFAR else amount
