"""The state in words: the step being decided, and why an action is not legal.

ExplainMixin, a part of AridnykState (rules.py): it names the step (the observation
shows the same words), says why an action is not legal now (for a tile that does not
fit, which edge faces which) and tells the view which tile is being turned.
"""

from __future__ import annotations

from typing import Any

from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.base import (
    CHOOSE_CHARACTER,
    F_EFFECTS,
    F_PLACE,
    OVER,
    P_ALEY,
    PICK,
    PLACE,
    PLACE_SHEPHERDS,
    SOURCE_NAMES,
)
from meeple.games.aridnyk.board import DELTA, rotate_mask
from meeple.games.aridnyk.components import SIDES, SPIRITS, TILE_WATER
from meeple.games.aridnyk.plots import PlotsMixin
from meeple.games.aridnyk.trades import TradesMixin

_PHASE_WORDS = (
    "choosing a character",
    "placing the Starter tiles",
    "placing the Shepherds",
    "placing a tile",
    "resolving effects",
    "choosing a tile to place",
)
"""The phases in words (PHASE_NAMES are their names in the observation), as the steps
of a pending decision are worded: "the step is placing a tile"."""


class ExplainMixin(PlotsMixin, TradesMixin):
    __slots__ = ()

    def _why_illegal(self, action: Any) -> str:
        if action.__class__ is not int:
            return f"an action is an int, not {action!r}"
        if not 0 <= action < A.NUM_ACTIONS:
            return f"no such action {action}; actions run 0..{A.NUM_ACTIONS - 1}"
        if self._phase == OVER:
            return "the game is over"
        what = self.action_to_string(action)
        me = self._turn
        if A.CLAIM <= action < A.USE_TRINKET:
            plot = action - A.CLAIM
            if plot not in self._plots[self._cur]:
                return f"cannot {what}: you do not hold Plot {plot + 1}"
            if not self._plot_level(me, plot):
                return f"cannot {what}: its task is not met yet"
        if A.TRADE <= action < A.DRAW_KIND:
            spirit = action - A.TRADE
            name = SPIRITS[spirit].capitalize()
            if self._traded >> spirit & 1:
                return f"cannot trade with {name}: you have already traded with it this turn"
            if self._spirits[spirit] is None:
                return f"cannot trade with {name}: it is not on the board"
            if self._spirits[spirit] != self._shepherds[me]:
                return f"cannot trade with {name}: it is not on your Shepherd's tile"
            if not self._together >> spirit & 1:
                return (
                    f"cannot trade with {name}: neither your Shepherd nor the Spirit has "
                    "moved onto the other this turn"
                )
            if not self._trade_cost(spirit, 0):
                return (
                    f"cannot trade with {name}: you cannot pay for it, or it would give "
                    "you nothing (no card left to draw, no tile to move)"
                )
        if A.CELL <= action < A.DISCARD_TILE and self._stack and self._stack[-1][0] == F_PLACE:
            frame = self._stack[-1]
            if frame[2] >= 0 and frame[3] >= 0:
                code = action - A.CELL
                without = frame[2] if frame[1] == P_ALEY else -1
                return f"cannot {what}: " + self._placement_problem(
                    frame[2], frame[3], code // 4, code % 4, without
                )
        if A.USE_TRINKET <= action < A.NO_REACTION and self._trinket_used:
            return f"cannot {what}: you have already used a Trinket this turn"
        return f"cannot {what} now; {self._step_text()}"

    def _placement_problem(
        self, tile: int, rotation: int, anchor: int, side: int, without: int
    ) -> str:
        layout = self._layout
        if layout.cell[anchor] is None or anchor == without:
            return f"tile {anchor} is not on the board"
        cell = layout.anchored_cell(anchor, side)
        if cell in layout.at:
            return f"{cell} is taken"
        if layout.anchor(cell, without) != (anchor, side):
            return "that cell is named through the lowest-numbered tile next to it"
        water = rotate_mask(TILE_WATER[tile], rotation)
        for s in range(4):
            dx, dy = DELTA[s]
            other = layout.at.get((cell[0] + dx, cell[1] + dy))
            if other is None or other == without:
                continue
            mine = water >> s & 1
            theirs = layout.water[other] >> ((s + 2) % 4) & 1
            if mine and not theirs:
                return f"its water edge on side {SIDES[s]} would face land (tile {other})"
            if theirs and not mine:
                return f"the water edge of tile {other} would face its land side {SIDES[s]}"
        return "it does not fit there"

    def _step_text(self) -> str:
        if (
            self._phase in (CHOOSE_CHARACTER, PLACE_SHEPHERDS, PICK, PLACE, OVER)
            and not self._stack
        ):
            if self._phase == OVER:
                return "the game is over"
            return f"the step is {_PHASE_WORDS[self._phase]}"
        return f"the step is {self._frame_name(self._stack[-1])}"

    def _frame_name(self, frame: list[Any]) -> str:
        kind = frame[0]
        if kind == F_EFFECTS:
            return f"resolving {SOURCE_NAMES[frame[1]]} effects"
        return (
            "",
            "placing a tile",
            "moving the Shepherd",
            "choosing a Spirit",
            "moving a Spirit",
            "Vovk's moves",
            "drawing a card",
            "discarding down to six cards",
            "paying a card",
            "waiting for reactions",
            "swapping a tile with the Horizon",
        )[kind]

    def turning_tile(self) -> int | None:
        """The tile whose rotation is being chosen, if that is the decision now."""
        if self._stack:
            frame = self._stack[-1]
            if frame[0] == F_PLACE and frame[2] >= 0 and frame[3] < 0:
                return int(frame[2])
        return None
