"""What a seat sees: observation (named, for the CLI, the server and agents) and
observation_ids (ints, for meeple.rl's encoder).

ObserveMixin, a part of AridnykState (rules.py): each seat sees every public thing, its
own hand and the tiles and cards of other hands that have been shown; a spectator only
the public things. The board's rows and the ids' sections are kept until what they
read changes (the layout's cache and the state's _ids_* fields).
"""

from __future__ import annotations

from bisect import bisect_left
from typing import Any

from meeple.core.game import TERMINAL, check_seat
from meeple.games.aridnyk.base import (
    _PLOT,
    _TRINKET,
    CHOOSE_CHARACTER,
    EFFECTS,
    F_DRAW,
    F_EFFECTS,
    F_PLACE,
    F_REACT,
    F_SHEPHERD,
    F_SPIRIT,
    F_SWAP,
    F_VOVK,
    FRAME_NAMES,
    OVER,
    PHASE_NAMES,
    PICK,
    PLACE,
    SOURCE_NAMES,
)
from meeple.games.aridnyk.board import GROWN, Layout
from meeple.games.aridnyk.components import (
    CHARACTER_NAMES,
    EFFECT_KINDS,
    SEASONS,
    SIDES,
    SPIRITS,
    TERRAINS,
    TILE_TERRAIN,
)
from meeple.games.aridnyk.explain import ExplainMixin
from meeple.games.aridnyk.trades import TradesMixin

_TERRAIN_NAME = tuple(TERRAINS[terrain] for terrain in TILE_TERRAIN)
_WATER_SIDES = tuple(tuple(SIDES[s] for s in range(4) if water >> s & 1) for water in range(16))

_KIND_NAMES = ("Plot", "Trinket")

_IDS_BOARD = ("ids", "board")
"""The layout cache's key for the board section of observation_ids."""
_TRADING = frozenset((PLACE, EFFECTS, PICK))
"""The phases in which the observation lists the trades open to the turn's player."""
_NO_STEP: tuple[int, ...] = (-1, -1, -1, -1, -1, 0, -1, -1)
_NO_EXTRA: tuple[Any, ...] = (-1, None, ())


def _board_ids(layout: Layout) -> tuple[tuple[int, ...], ...]:
    """The board section of observation_ids: (x, y, tile, terrain, water as it lies) per
    placed tile, sorted by cell; after a placement, from the section made before it."""
    grown = layout.cache[GROWN]
    if grown is not None:
        before = grown[0].get(_IDS_BOARD)
        if before is not None:
            x, y = grown[1]
            tile = layout.at[x, y]
            entry = (x, y, tile, layout.terrain[tile], layout.water[tile])
            at = bisect_left(before, entry)
            return (*before[:at], entry, *before[at:])
    terrain = layout.terrain
    water = layout.water
    return tuple(
        [(x, y, tile, terrain[tile], water[tile]) for (x, y), tile in sorted(layout.at.items())]
    )


def _step_ids(frame: list[Any]) -> tuple[int, ...]:
    """The pending step's items of observation_ids' turn section, for the frame on top
    of the stack: step, rotation, Spirit, moves left, draw kind, may refresh, reaction
    trigger, reaction Spirit, then an effects frame's amounts."""
    kind = frame[0]
    if kind == F_EFFECTS:
        return (frame[1], -1, -1, -1, -1, 0, -1, -1, *frame[2])
    step = 3 + kind
    if kind == F_PLACE:
        return (step, frame[3], -1, -1, -1, 0, -1, -1)
    if kind == F_SHEPHERD:
        return (step, -1, -1, frame[1], -1, 0, -1, -1)
    if kind == F_SPIRIT:
        return (step, -1, frame[1], frame[2], -1, 0, -1, -1)
    if kind == F_VOVK:
        return (step, -1, frame[2], frame[1], -1, 0, -1, -1)
    if kind == F_DRAW:
        return (step, -1, -1, -1, frame[1], 1 if frame[2] else 0, -1, -1)
    if kind == F_REACT:
        if frame[1] == "trade":
            return (step, -1, -1, -1, -1, 0, 0, frame[2] // 8)
        return (step, -1, -1, -1, -1, 0, 1, -1)
    return (step, -1, -1, -1, -1, 0, -1, -1)


class ObserveMixin(ExplainMixin, TradesMixin):
    __slots__ = ()

    def _turn_player(self) -> int:
        """Whose turn it is, as a seat sees it. Setup (characters, Starter tiles,
        Shepherds) goes seat by seat, each deciding on its own account: the turn is the
        deciding seat's, not the first player's, whose turns start once setup ends."""
        if self._phase < PLACE:
            return int(self.current_player)
        return int(self._turn)

    def observation(self, player: int) -> dict[str, Any]:
        n = len(self._sheep)
        if player.__class__ is not int or not 0 <= player < n:
            player = check_seat(player, n)
        return self._observe(player)

    def public_observation(self) -> dict[str, Any]:
        """What a spectator sees: every public thing, no seat's private tiles or cards."""
        return self._observe(None)

    def _shown_characters(self, player: int | None) -> list[str | None]:
        """Every seat's character as `player` knows it: the choice is secret until the
        last seat has made it (the table keeps its cards face down until then)."""
        choosing = self._phase == CHOOSE_CHARACTER
        return [
            CHARACTER_NAMES[c] if c >= 0 and (not choosing or s == player) else None
            for s, c in enumerate(self._characters)
        ]

    def _observe(self, player: int | None) -> dict[str, Any]:
        n = len(self._sheep)
        layout = self._layout
        # The board's cells as flat rows, kept with the layout until it changes.
        rows: tuple[tuple[int, int, int, str, int, tuple[str, ...]], ...] | None
        rows = layout.cache.get(("observe", "board"))
        if rows is None:
            rows = tuple(
                (
                    x,
                    y,
                    tile,
                    _TERRAIN_NAME[tile],
                    layout.rot[tile],
                    _WATER_SIDES[layout.water[tile]],
                )
                for (x, y), tile in sorted(layout.at.items())
            )
            layout.cache[("observe", "board")] = rows
        board = [
            {
                "x": x,
                "y": y,
                "tile": tile,
                "terrain": terrain,
                "rotation": rotation,
                "water_edges": list(edges),
            }
            for x, y, tile, terrain, rotation, edges in rows
        ]
        reaction = None
        if self._stack and self._stack[-1][0] == F_REACT:
            frame = self._stack[-1]
            if frame[1] == "trade":
                reaction = {"trigger": "trade", "spirit": SPIRITS[frame[2] // 8]}
            else:
                reaction = {"trigger": "trinket", "trinket": frame[2] + 1}
        known = []
        for seat in range(n):
            known.append(
                {
                    "tiles": [
                        t for t in self._tiles[seat] if seat == player or t in self._public_tiles
                    ],
                    "plots": [
                        p + 1
                        for p in self._plots[seat]
                        if seat == player or p in self._public_cards
                    ],
                    "trinkets": [
                        t + 1
                        for t in self._trinkets[seat]
                        if seat == player or 64 + t in self._public_cards
                    ],
                }
            )
        return {
            "game": "aridnyk",
            "you": player,
            "players": n,
            "variants": list(self.game.variants),
            "phase": PHASE_NAMES[self._phase],
            "step": self._step_text(),
            "current_player": self.current_player,
            "turn_player": self._turn_player(),
            "turns_played": self._turns,
            "season": SEASONS[self._active_season()],
            "board": board,
            "shepherds": {
                str(s): list(c) if c is not None else None for s, c in enumerate(self._shepherds)
            },
            "spirits": {
                SPIRITS[s]: list(c) if c is not None else None for s, c in enumerate(self._spirits)
            },
            "sheep": list(self._sheep),
            "hand_tiles": list(self._tiles[player]) if player is not None else [],
            "hand_sizes": [
                {
                    "tiles": len(self._tiles[s]),
                    "plots": len(self._plots[s]),
                    "trinkets": len(self._trinkets[s]),
                }
                for s in range(n)
            ],
            "known_hands": known,
            "plots": [p + 1 for p in self._plots[player]] if player is not None else [],
            "trinkets": [t + 1 for t in self._trinkets[player]] if player is not None else [],
            "fulfilled": [[p + 1 for p in f] for f in self._fulfilled],
            "horizon": list(self._horizon),
            "revealed_tile": self._revealed_tile if self._revealed_tile >= 0 else None,
            "plot_row": [p + 1 if p >= 0 else None for p in self._rows[_PLOT]],
            "trinket_row": [t + 1 if t >= 0 else None for t in self._rows[_TRINKET]],
            "revealed_cards": {
                "plot": self._revealed[_PLOT] + 1 if self._revealed[_PLOT] >= 0 else None,
                "trinket": self._revealed[_TRINKET] + 1 if self._revealed[_TRINKET] >= 0 else None,
            },
            "set_aside": list(self._set_aside),
            "starter_stack_size": len(self._starter_stack),
            "stack_sizes": {SEASONS[i + 1]: len(s) for i, s in enumerate(self._stacks)},
            "deck_sizes": {
                "plots": len(self._decks[_PLOT]),
                "trinkets": len(self._decks[_TRINKET]),
            },
            "discards": {
                "plots": [p + 1 for p in self._discards[_PLOT]],
                "trinkets": [t + 1 for t in self._discards[_TRINKET]],
            },
            "characters": self._shown_characters(player) if self.game.characters else None,
            "character_choice": [CHARACTER_NAMES[c] for c in self._dealt[player]]
            if player is not None
            else [],
            "trinket_used": self._trinket_used,
            "traded": [SPIRITS[s] for s in range(5) if self._traded >> s & 1],
            "can_trade": [SPIRITS[s] for s, _ in self._trade_options()]
            if self._phase in (PLACE, EFFECTS, PICK)
            else [],
            "white_done": sorted(self._white_done),
            "moved": self._moved,
            "reaction": reaction,
            "pending": self._pending_json(),
            "winners": [s for s, r in enumerate(self.returns()) if r]
            if self._phase == OVER
            else None,
        }

    def _pending_json(self) -> dict[str, Any] | None:
        if not self._stack:
            return None
        frame = self._stack[-1]
        kind = frame[0]
        out: dict[str, Any] = {"step": self._frame_name(frame)}
        if kind == F_EFFECTS:
            out["frame"] = f"{SOURCE_NAMES[frame[1]]}_effects"
        else:
            out["frame"] = FRAME_NAMES[kind]
        if kind == F_EFFECTS:
            out["source"] = SOURCE_NAMES[frame[1]]
            out["effects"] = {EFFECT_KINDS[e]: a for e, a in enumerate(frame[2]) if a}
        elif kind == F_PLACE:
            out["tile"] = frame[2] if frame[2] >= 0 else None
            out["rotation"] = frame[3] if frame[3] >= 0 else None
        elif kind in (F_SHEPHERD,):
            out["moves_left"] = frame[1]
        elif kind == F_SPIRIT:
            out["spirit"] = SPIRITS[frame[1]]
            out["moves_left"] = frame[2]
        elif kind == F_VOVK:
            out["moves_left"] = frame[1]
            out["spirit"] = SPIRITS[frame[2]] if frame[2] >= 0 else None
        elif kind == F_DRAW:
            out["kind"] = _KIND_NAMES[frame[1]].lower() if frame[1] >= 0 else None
            out["may_refresh"] = bool(frame[2])
        elif kind == F_SWAP and frame[1] >= 0:
            out["tile"] = frame[1]  # the hand tile chosen for the Horizon, shown when chosen
        return out

    def observation_ids(self, player: int) -> tuple[Any, ...]:
        """`player`'s view as nested tuples of ints, for meeple.rl's encoder: the facts of
        observation(player) that the encoder reads, with indices for names (the orders of
        components.py and PHASE_NAMES) and -1 for "none". Tiles, Plots and Trinkets
        count from 0 (a card is its card number less one); seats are absolute; a cell
        is (x, y); a mask has bit i for item i. Sections:

          0 you: `player`.
          1 board: per placed tile, sorted by cell, (x, y, tile, terrain, water mask as
            it lies); the very same tuple until the layout changes (the layout keeps it).
          2 figures: (per seat its Shepherd's cell or None, per Spirit its cell or None,
            per seat the tile under its Shepherd or -1); the very same tuple until a
            figure moves or a tile is laid.
          3 tiles: ((per seat the tiles of its hand `player` knows: her whole hand,
            the public ones of others, sorted; the Horizon; the revealed stack tile),
            the tile being placed or chosen for a Horizon swap, white_done sorted); the
            first item the very same tuple until one of its parts changes.
          4 cards: (per seat the Plots of its hand `player` knows, the same for Trinkets;
            the Plot row and the Trinket row (-1: empty slot); the revealed Plot and
            Trinket; per seat its fulfilled Plots; the discarded Plots and Trinkets);
            the very same tuple until one of them changes.
          5 reaction and characters: (the Trinket reacted to; per seat its character as
            `player` knows it (-1: unknown or none yet), or None without the Unsimple
            Characters option; the two characters dealt to `player` while she chooses).
          6 turn, flat: season, phase, current player (TERMINAL when over), turn player,
            winners mask, a Trinket used, moved, traded Spirits mask, tradable Spirits
            mask; then the pending step: its kind (-1 none; the source 0..3 of an
            effects frame, else 3 + the frame kind), rotation, Spirit moved, moves
            left, draw kind, may refresh, reaction trigger (0 trade, 1 Trinket), the
            Spirit traded with; then, for an effects frame, its 11 amounts by kind.
          7 counts: (Sheep per seat; tiles held per seat, then Plots, then Trinkets;
            the three season stack sizes, the Plot deck, the Trinket deck, turns
            played).
        """
        n = len(self._sheep)
        if player.__class__ is not int or not 0 <= player < n:
            player = check_seat(player, n)
        layout = self._layout
        board = layout.cache.get(_IDS_BOARD)
        if board is None:
            board = layout.cache[_IDS_BOARD] = _board_ids(layout)
        kept = self._ids_tiles
        if kept is None:
            kept = self._ids_tiles = [None] * n
        known = kept[player]
        if known is None:
            known = kept[player] = self._tiles_ids(player)
        figures = self._ids_figures
        if figures is None:
            figures = self._ids_figures = self._figures_ids()
        kept = self._ids_cards
        if kept is None:
            kept = self._ids_cards = [None] * n
        cards = kept[player]
        if cards is None:
            cards = kept[player] = self._cards_ids(player)
        phase = self._phase
        stack = self._stack
        placing = reacted = -1
        step: tuple[int, ...] = _NO_STEP
        if stack:
            frame = stack[-1]
            kind = frame[0]
            if kind == F_PLACE:
                placing = frame[2]
            elif kind == F_SWAP:
                placing = frame[1]
            elif kind == F_REACT and frame[1] != "trade":
                reacted = frame[2]
            step = _step_ids(frame)
        if self.game.characters:
            choosing = phase == CHOOSE_CHARACTER
            extra: tuple[Any, ...] = (
                reacted,
                tuple(
                    [
                        c if not choosing or s == player else -1
                        for s, c in enumerate(self._characters)
                    ]
                ),
                tuple(self._dealt[player]),
            )
        elif reacted < 0:
            extra = _NO_EXTRA
        else:
            extra = (reacted, None, ())
        can_trade = 0
        white_done = self._white_done
        if self._together and phase in _TRADING:
            for s, _ in self._trade_options():
                can_trade |= 1 << s
        winners = 0
        if phase == OVER:
            for s, r in enumerate(self.returns()):
                if r:
                    winners |= 1 << s
        stacks = self._stacks
        if stacks[0]:
            season = 1
        elif stacks[1]:
            season = 2
        else:
            season = 3
        return (
            player,
            board,
            figures,
            (known, placing, tuple(sorted(white_done)) if white_done else ()),
            cards,
            extra,
            (
                season,
                phase,
                TERMINAL if phase == OVER else self._cur,
                self._turn_player(),
                winners,
                1 if self._trinket_used else 0,
                1 if self._moved else 0,
                self._traded,
                can_trade,
                *step,
            ),
            (
                tuple(self._sheep),
                (*map(len, self._tiles), *map(len, self._plots), *map(len, self._trinkets)),
                (
                    len(stacks[0]),
                    len(stacks[1]),
                    len(stacks[2]),
                    len(self._decks[_PLOT]),
                    len(self._decks[_TRINKET]),
                    self._turns,
                ),
            ),
        )

    def _figures_ids(self) -> tuple[Any, ...]:
        """The figures section of observation_ids (see there)."""
        at = self._layout.at
        shepherds = self._shepherds
        return (
            tuple(shepherds),
            tuple(self._spirits),
            tuple([-1 if c is None else at.get(c, -1) for c in shepherds]),
        )

    def _tiles_ids(self, player: int) -> tuple[Any, ...]:
        """The first item of the tiles section of observation_ids(player) (see there)."""
        known = []
        public = self._public_tiles
        for seat, hand in enumerate(self._tiles):
            if seat != player:
                # sorted: a guess deals other seats' hands anew in sorted order
                hand = sorted([t for t in hand if t in public])
            known.append(tuple(hand))
        return (tuple(known), tuple(self._horizon), self._revealed_tile)

    def _cards_ids(self, player: int) -> tuple[Any, ...]:
        """The cards section of observation_ids(player) (see there)."""
        known_plots = []
        known_trinkets = []
        seen = self._public_cards
        for seat, (plots, trinkets) in enumerate(zip(self._plots, self._trinkets, strict=True)):
            if seat != player:
                # sorted: a guess deals other seats' hands anew in sorted order
                plots = sorted([c for c in plots if c in seen])
                trinkets = sorted([c for c in trinkets if 64 + c in seen])
            known_plots.append(tuple(plots))
            known_trinkets.append(tuple(trinkets))
        rows = self._rows
        revealed = self._revealed
        discards = self._discards
        return (
            tuple(known_plots),
            tuple(known_trinkets),
            tuple(rows[_PLOT]),
            tuple(rows[_TRINKET]),
            revealed[_PLOT],
            revealed[_TRINKET],
            tuple([tuple(f) for f in self._fulfilled]),
            tuple(discards[_PLOT]),
            tuple(discards[_TRINKET]),
        )
