"""Aridnyk's forward model: the state and every rule that changes it.

A turn is driven by a stack of small frames (place a tile, resolve a tile's effects,
move a figure step by step, draw a card, pay for a trade, let other seats react). The
top frame decides what is legal; when the stack runs empty the turn moves on (white
effects of the Shepherd's tile, the Horizon pick, the next player). Readings of what
the rulebook leaves open follow rulings/aridnyk.md and are listed in
docs/games/aridnyk.md.
"""

from __future__ import annotations

from bisect import bisect_left
from typing import TYPE_CHECKING, Any

from meeple.core.game import TERMINAL, check_resample_seed, check_seat
from meeple.core.rng import Rng, mix_seed
from meeple.core.wording import third_person
from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk.base import (
    _PLOT,
    _TRINKET,
    AFTER_VOVK,
    BLACK,
    C_TRADE_ANY,
    CHIEFTAIN,
    CHOOSE_CHARACTER,
    EFFECTS,
    F_DRAW,
    F_EFFECTS,
    F_LIMIT,
    F_PAY,
    F_PLACE,
    F_REACT,
    F_SHEPHERD,
    F_SPIRIT,
    F_SWAP,
    F_VOVK,
    FRAME_NAMES,
    OVER,
    P_ALEY,
    PHASE_NAMES,
    PICK,
    PLACE,
    PLACE_SHEPHERDS,
    PLACE_STARTERS,
    REWARD,
    SOURCE_NAMES,
    START_SHEEP,
    TRINKET,
    VAGABOND,
    WHITE,
    Cell,
    _pick,
)
from meeple.games.aridnyk.board import DELTA, GROWN, Layout, rotate_mask
from meeple.games.aridnyk.components import (
    CHARACTER_NAMES,
    CHARACTERS,
    EFFECT_KINDS,
    SEASON_TILES,
    SEASONS,
    SIDES,
    SPIRITS,
    STARTER_TILES,
    TERRAINS,
    TILE_TERRAIN,
    TILE_WATER,
)
from meeple.games.aridnyk.effects import EffectsMixin
from meeple.games.aridnyk.plots import ALL_TERRAINS, NEAR_SHARE

if TYPE_CHECKING:
    from meeple.games.aridnyk.game import AridnykGame

__all__ = [
    "AFTER_VOVK",
    "ALL_TERRAINS",
    "BLACK",
    "CHIEFTAIN",
    "CHOOSE_CHARACTER",
    "C_TRADE_ANY",
    "EFFECTS",
    "F_DRAW",
    "F_EFFECTS",
    "F_LIMIT",
    "F_PAY",
    "F_REACT",
    "F_SHEPHERD",
    "F_SPIRIT",
    "F_VOVK",
    "NEAR_SHARE",
    "PICK",
    "PLACE",
    "PLACE_SHEPHERDS",
    "PLACE_STARTERS",
    "REWARD",
    "TRINKET",
    "VAGABOND",
    "WHITE",
    "AridnykState",
]
"""The names other modules import from here (defined here before the state's parts moved out)."""


_TERRAIN_NAME = tuple(TERRAINS[terrain] for terrain in TILE_TERRAIN)
_WATER_SIDES = tuple(tuple(SIDES[s] for s in range(4) if water >> s & 1) for water in range(16))

_KIND_NAMES = ("Plot", "Trinket")


def _copy_frame(frame: list[Any]) -> list[Any]:
    return [x[:] if x.__class__ is list else x for x in frame]


_Deals = list[tuple[int, list[int], int]]  # (seat, cards it shows, how many it hides)
_Plan = tuple[list[int], list[int], _Deals, list[list[int]], list[tuple[list[int], _Deals]]]

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


class AridnykState(EffectsMixin):
    __slots__ = (
        "_characters",
        "_cur",
        "_dealt",
        "_decks",
        "_discards",
        "_first",
        "_fulfilled",
        "_history",
        "_horizon",
        "_ids_cards",
        "_ids_figures",
        "_ids_tiles",
        "_layout",
        "_legal",
        "_met",
        "_moved",
        "_phase",
        "_plan",
        "_plots",
        "_public_cards",
        "_public_tiles",
        "_resampled",
        "_revealed",
        "_revealed_tile",
        "_rng",
        "_rows",
        "_seed",
        "_set_aside",
        "_setup_queue",
        "_sheep",
        "_shepherds",
        "_spirits",
        "_stack",
        "_stacks",
        "_starter_stack",
        "_stepped",
        "_tiles",
        "_together",
        "_traded",
        "_trinket_used",
        "_trinkets",
        "_turn",
        "_turns",
        "_white_done",
        "game",
    )

    game: AridnykGame

    def __init__(self, game: AridnykGame, seed: int) -> None:
        n = game.info.players
        self.game = game
        self._begin(seed)
        self._met: dict[int, int] = {}
        self._plan: tuple[int, _Plan] | None = None  # resample's, for one seat; see there
        # observation_ids' cards section per seat, made on demand; every change of the
        # hands, rows, decks' reveals, fulfilled Plots or discards drops it (None)
        self._ids_cards: list[tuple[Any, ...] | None] | None = None
        self._ids_tiles: list[tuple[Any, ...] | None] | None = None  # likewise, tiles
        self._ids_figures: tuple[Any, ...] | None = None  # and the figures (any seat)
        self._layout = Layout(TILE_TERRAIN, TILE_WATER)
        self._spirits: list[Cell | None] = [None] * 5
        self._shepherds: list[Cell | None] = [None] * n
        self._sheep = [START_SHEEP] * n
        self._tiles: list[list[int]] = [[] for _ in range(n)]
        self._plots: list[list[int]] = [[] for _ in range(n)]
        self._trinkets: list[list[int]] = [[] for _ in range(n)]
        self._fulfilled: list[list[int]] = [[] for _ in range(n)]
        self._characters = [-1] * n
        self._dealt: list[list[int]] = [[] for _ in range(n)]
        self._stacks: list[list[int]] = [list(s) for s in SEASON_TILES]
        self._horizon: list[int] = []
        self._decks: list[list[int]] = [[], []]
        self._rows: list[list[int]] = [[-1, -1, -1], [-1, -1, -1]]
        self._discards: list[list[int]] = [[], []]
        self._revealed = [-1, -1]
        self._revealed_tile = -1
        self._public_tiles: set[int] = set(STARTER_TILES)
        self._public_cards: set[int] = set()
        self._starter_stack: list[int] = []
        self._set_aside: list[int] = []  # tiles discarded because they fit nowhere
        self._stepped = 0  # the move on top has stepped: 1 its Shepherd, 2 its Spirit
        self._stack: list[list[Any]] = []
        self._turn = 0
        self._first = 0
        self._turns = 0
        self._trinket_used = False
        self._traded = 0
        self._together = 0
        self._white_done: set[int] = set()
        self._moved = False
        self._setup_queue: list[int] = []
        self._phase = PLACE
        self._cur = 0
        self._setup()

    # --- protocol ------------------------------------------------------------------

    @property
    def current_player(self) -> int:
        return TERMINAL if self._phase == OVER else self._cur

    @property
    def layout(self) -> Layout:
        """The tiles on the table (public): for analyses that would otherwise rebuild
        it from an observation. Read it; the state changes it only through actions."""
        return self._layout

    def scores(self) -> list[float]:
        return [float(s) for s in self._sheep]

    def returns(self) -> list[float]:
        if self._phase != OVER:
            return [0.0] * len(self._sheep)
        keys = [(self._sheep[p], len(self._fulfilled[p])) for p in range(len(self._sheep))]
        best = max(keys)
        return [1.0 if k == best else 0.0 for k in keys]

    def clone(self) -> AridnykState:
        new = AridnykState.__new__(AridnykState)
        self._copy_common(new)
        new._met = self._met
        new._plan = self._plan  # the same content, until either changes
        # likewise: a change drops these, never edits them
        new._ids_cards = self._ids_cards
        new._ids_tiles = self._ids_tiles
        new._ids_figures = self._ids_figures
        new._layout = self._layout.copy()
        new._spirits = self._spirits[:]
        new._shepherds = self._shepherds[:]
        new._sheep = self._sheep[:]
        new._tiles = [h[:] for h in self._tiles]
        new._plots = [h[:] for h in self._plots]
        new._trinkets = [h[:] for h in self._trinkets]
        new._fulfilled = [h[:] for h in self._fulfilled]
        new._characters = self._characters[:]
        new._dealt = [d[:] for d in self._dealt]
        new._stacks = [s[:] for s in self._stacks]
        new._horizon = self._horizon[:]
        new._decks = [self._decks[0][:], self._decks[1][:]]
        new._rows = [self._rows[0][:], self._rows[1][:]]
        new._discards = [self._discards[0][:], self._discards[1][:]]
        new._revealed = self._revealed[:]
        new._revealed_tile = self._revealed_tile
        new._public_tiles = set(self._public_tiles)
        new._public_cards = set(self._public_cards)
        new._starter_stack = self._starter_stack[:]
        new._set_aside = self._set_aside[:]
        new._stepped = self._stepped
        new._stack = [_copy_frame(f) for f in self._stack]
        new._turn = self._turn
        new._first = self._first
        new._turns = self._turns
        new._trinket_used = self._trinket_used
        new._traded = self._traded
        new._together = self._together
        new._white_done = set(self._white_done)
        new._moved = self._moved
        new._setup_queue = self._setup_queue[:]
        new._phase = self._phase
        new._cur = self._cur
        return new

    def _do(self, action: int) -> None:
        self._plan = None
        self._apply(action)
        self._advance()

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
            return f"the step is {PHASE_NAMES[self._phase]}"
        return f"the step is {self._frame_name(self._stack[-1])}"

    def _frame_name(self, frame: list[Any]) -> str:
        kind = frame[0]
        if kind == F_EFFECTS:
            return f"resolving {SOURCE_NAMES[frame[1]]} effects"
        return (
            "",
            "placing a tile",
            "moving your Shepherd",
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

    def action_to_string(self, action: int) -> str:
        from meeple.games.aridnyk.text import action_text

        return action_text(self, action)

    def public_action_string(self, action: int) -> str:
        from meeple.games.aridnyk.text import action_text

        return third_person(action_text(self, action, public=True))

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
            "phase": PHASE_NAMES[self._phase],
            "step": self._step_text(),
            "current_player": self.current_player,
            "turn_player": self._turn,
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
                self._turn,
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

    # --- resampling ------------------------------------------------------------------

    def _resample_plan(self, player: int) -> _Plan:
        """What every guess for `player` starts from: the unseen tiles and cards pooled
        in canonical order, and per other seat what it shows and how many it hides. A
        search asks for thousands of guesses of one position, so the state keeps it
        until its next action."""
        others = [s for s in range(len(self._sheep)) if s != player]
        public = self._public_tiles
        # tiles: unseen hand tiles were dealt from Spring at setup; Horizon tiles
        # shuffled back into it (a refresh) are known to be there, so they stay
        tile_pool = [t for t in self._stacks[0] if t not in public]
        spring_shown = sorted(t for t in self._stacks[0] if t in public)
        tile_deals = []
        for s in others:
            hand = self._tiles[s]
            hidden = [t for t in hand if t not in public]
            tile_pool.extend(hidden)
            tile_deals.append((s, [t for t in hand if t in public], len(hidden)))
        tile_pool.sort()
        later_stacks = [sorted(stack) for stack in self._stacks[1:]]
        card_plans = []
        for kind in (_PLOT, _TRINKET):
            hands = self._plots if kind == _PLOT else self._trinkets
            base = kind * 64
            seen = self._public_cards
            pool = list(self._decks[kind])
            deals = []
            for s in others:
                hidden = [c for c in hands[s] if base + c not in seen]
                pool.extend(hidden)
                deals.append((s, [c for c in hands[s] if base + c in seen], len(hidden)))
            card_plans.append((sorted(pool), deals))
        return tile_pool, spring_shown, tile_deals, later_stacks, card_plans

    def resample(self, player: int, seed: int) -> AridnykState:
        """Deal what `player` cannot see anew from a canonical order and `seed`: other
        seats' unseen tiles with the stacks (season by season), their unseen cards with
        the decks, and the Unsimple cards still hidden in other seats' hands. The unseen
        piles are left sorted: the guess draws from them at random (_take_top)."""
        n = len(self._sheep)
        if player.__class__ is not int or not 0 <= player < n:
            player = check_seat(player, n)
        seed = check_resample_seed(seed)
        plan = self._plan
        if plan is None or plan[0] != player:
            plan = self._plan = (player, self._resample_plan(player))
        tile_pool, spring_shown, tile_deals, later_stacks, card_plans = plan[1]
        rng = Rng(mix_seed(seed, 0x5EED))
        new = self.clone()
        new._plan = None
        new._ids_cards = None
        new._ids_tiles = None
        # Piles stay in a canonical order: a guess draws from them at random (_take_top).
        pool = tile_pool[:]
        for s, shown, count in tile_deals:
            new._tiles[s] = sorted(shown + [_pick(pool, rng) for _ in range(count)])
        pool += spring_shown
        pool.sort()
        new._stacks = [pool, *(stack[:] for stack in later_stacks)]
        new._starter_stack = sorted(self._starter_stack)
        for kind, (card_pool, card_deals) in enumerate(card_plans):
            new_hands = new._plots if kind == _PLOT else new._trinkets
            pool = card_pool[:]
            for s, shown, count in card_deals:
                new_hands[s] = sorted(shown + [_pick(pool, rng) for _ in range(count)])
            pool.sort()
            new._decks[kind] = pool
        if self._phase == CHOOSE_CHARACTER:
            # the cards `player` saw: her own two, or the one she kept; every other
            # seat's two, or its secret choice, comes from the rest
            others = [s for s in range(n) if s != player]
            seen = set(self._dealt[player])
            if self._characters[player] >= 0:
                seen.add(self._characters[player])
            pool = [c for c in range(len(CHARACTERS)) if c not in seen]
            rng.shuffle(pool)
            for s in others:
                if self._dealt[s]:
                    new._dealt[s] = sorted(pool[:2])
                    del pool[:2]
                elif self._characters[s] >= 0:
                    new._characters[s] = pool.pop()
        self._as_guess(new, seed)
        # The Plot checks cached in _met read the board, the Shepherds, the Spirits and
        # the (public) characters, none of which a resample changes: the guess shares them.
        return new
