"""Setup and the course of a turn.

TurnsMixin, a part of AridnykState (rules.py): it deals a new game (the season stacks,
the Plots with the Starter Plots first, the Trinkets, the rows, the hands, the Horizon,
the Starter tiles or their fixed places, the characters), runs the setup's steps
(choosing characters, laying the Starter tiles, placing the Shepherds), and begins a
turn, pushes the white effects of the tile the Shepherd ends on, enters the Horizon pick
(the Tracker sees the stack's top) and ends the turn.
"""

from __future__ import annotations

from meeple.games.aridnyk.base import (
    _PLOT,
    _TRINKET,
    CHOOSE_CHARACTER,
    F_EFFECTS,
    F_PLACE,
    OVER,
    P_STARTER,
    PICK,
    PLACE,
    PLACE_SHEPHERDS,
    PLACE_STARTERS,
    TRACKER,
    WHITE,
)
from meeple.games.aridnyk.cards import CardsMixin
from meeple.games.aridnyk.components import (
    ARIDNYK_TILE,
    CHARACTERS,
    NUM_PLOTS,
    NUM_TRINKETS,
    STARTER_PLOTS,
    STARTER_TILES,
    TILE_SPIRIT,
    TILE_WHITE,
    TILES,
    TRINKET_REACTION,
)
from meeple.games.aridnyk.tiles import TilesMixin


class TurnsMixin(CardsMixin, TilesMixin):
    __slots__ = ()

    # --- setup -----------------------------------------------------------------------

    def _setup(self) -> None:
        game = self.game
        n = len(self._sheep)
        rng = self._rng
        for stack in self._stacks:
            rng.shuffle(stack)
        # plots: the Starter Plots are dealt first and the rest shuffled back (ruling 9)
        plots = list(range(NUM_PLOTS))
        if game.starter_plots:
            starters = list(STARTER_PLOTS)
            rng.shuffle(starters)
            for seat in range(n):
                for _ in range(2):
                    self._plots[seat].append(starters.pop())
            plots = [p for p in plots if p not in STARTER_PLOTS or p in starters]
            rng.shuffle(plots)
        else:
            rng.shuffle(plots)
            for seat in range(n):
                for _ in range(2):
                    self._plots[seat].append(plots.pop())
        self._decks[_PLOT] = plots
        trinkets = [t for t in range(NUM_TRINKETS) if game.reactions or not TRINKET_REACTION[t]]
        rng.shuffle(trinkets)
        self._decks[_TRINKET] = trinkets
        for kind in (_PLOT, _TRINKET):
            for slot in range(3):
                self._refill_row(kind, slot)
        for seat in range(n):
            self._plots[seat].sort()
            for _ in range(2):
                self._tiles[seat].append(self._stacks[0].pop())
            self._tiles[seat].sort()
        for _ in range(3):
            self._reveal_horizon_tile()
        layout = self._layout
        if game.starter_tiles:
            layout.place(ARIDNYK_TILE, (0, 0), 0)
            self._starter_stack = [t for t in STARTER_TILES if t != ARIDNYK_TILE]
            rng.shuffle(self._starter_stack)
        else:
            for t in STARTER_TILES:
                start = TILES[t].start
                assert start is not None
                layout.place(t, (start.x, start.y), start.rotation)
        self._ids_figures = None
        self._spirits[TILE_SPIRIT[ARIDNYK_TILE]] = layout.cell[ARIDNYK_TILE]
        if game.characters:
            deck = list(range(len(CHARACTERS)))
            rng.shuffle(deck)
            for seat in range(n):
                self._dealt[seat] = sorted((deck.pop(), deck.pop()))
            self._phase = CHOOSE_CHARACTER
            self._setup_queue = list(range(n))
            self._cur = 0
        else:
            self._after_characters()

    def _after_characters(self) -> None:
        n = len(self._sheep)
        if self.game.starter_tiles:
            self._phase = PLACE_STARTERS
            self._setup_queue = [i % n for i in range(len(self._starter_stack))]
            self._next_starter()
        else:
            self._begin_shepherds(0)

    def _next_starter(self) -> None:
        seat = self._setup_queue.pop(0)
        self._cur = seat
        tile = self._take_top(self._starter_stack)
        self._ids_tiles = None
        self._public_tiles.add(tile)
        if self._layout.can_place(tile):
            self._stack.append([F_PLACE, P_STARTER, tile, -1])
            return
        self._set_aside.append(tile)  # a Starter tile that fits nowhere
        self._starter_done(seat)

    def _starter_done(self, seat: int) -> None:
        if self._starter_stack:
            self._next_starter()
        else:
            self._begin_shepherds((seat + 1) % len(self._sheep))

    def _begin_shepherds(self, first: int) -> None:
        n = len(self._sheep)
        self._first = first
        self._phase = PLACE_SHEPHERDS
        self._setup_queue = [(first + i) % n for i in range(n)]
        self._cur = self._setup_queue[0]

    # --- turn flow -------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self._turn = self._cur = seat
        self._phase = PLACE
        self._trinket_used = False
        self._traded = 0
        self._together = 0
        self._white_done = set()
        self._moved = False

    def _push_white(self) -> bool:
        """White effects of the tile the Shepherd ended on, once per tile per turn."""
        if not self._moved:
            return False
        cell = self._shepherds[self._turn]
        assert cell is not None
        tile = self._layout.at[cell]
        if tile in self._white_done:
            return False
        self._white_done.add(tile)
        if not any(TILE_WHITE[tile]):
            return False
        self._stack.append([F_EFFECTS, WHITE, list(TILE_WHITE[tile]), tile])
        return True

    def _enter_pick(self) -> None:
        self._phase = PICK
        if self._characters[self._turn] == TRACKER and self._revealed_tile < 0:
            tile = self._draw_stack_tile()
            if tile >= 0:
                self._ids_tiles = None
                self._revealed_tile = tile
                self._public_tiles.add(tile)

    def _end_turn(self) -> None:
        n = len(self._sheep)
        self._turns += 1
        self._stack.clear()
        for i in range(1, n + 1):
            seat = (self._turn + i) % n
            if self._tiles[seat]:
                self._begin_turn(seat)
                return
        self._phase = OVER
