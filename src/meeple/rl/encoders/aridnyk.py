"""Aridnyk's observation encoding: `observation(p)` as one flat vector in [0, 1].

Seats are relative: "seat r" is the seat r places after you in turn order, so r = 0 is
always you, whatever your seat number. Tiles are indexed by their id (0..44), Plots and
Trinkets by their card number less one (0..53, 0..41), as the action ids index them.

The board is a stack of planes over a fixed window of 17 x 17 cells centred on the
Aridnyk start (x and y from -8 to 8; plane k, row y + 8, column x + 8). The board has no
bound of its own (tiles may be laid anywhere beside the others, and Aley moves them), so
what lies outside the window is dropped from the planes; the tile positions and the
figure flags still tell that it is there. Every block is listed, with its meaning, in
docs/rl.md; the layout for a configuration is `encoder.describe()`.

Only the observation is read: its names (terrains, Spirits, phases, steps, effect
kinds, characters) are the vocabulary of the rulebook, written out here so this module
needs nothing from the game package.

`encode_ids` makes the same vector from the game's compact view, `observation_ids(p)`
(nested tuples of ints, laid out in its docstring). It joins the vector from pieces:
the board's planes, kept until the board section changes (and then grown from the last
board's by the tile laid); the other sections' pieces, kept per seat while the section
stays the same; the turn and the counts, kept by value; blocks holding one tile or one
figure come from tables. What it keeps is a function of the sections alone, so one
encoder serves any number of environments.
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from operator import itemgetter
from typing import Any

from meeple.errors import MeepleError
from meeple.rl.encoding import Encoder, Layout, fractions
from meeple.rl.errors import missing_extra

try:
    import numpy as np
    from numpy.typing import NDArray
except ImportError as exc:  # pragma: no cover - exercised in a subprocess test
    raise missing_extra(exc) from exc

NUM_TILES = 45
NUM_PLOTS = 54
NUM_TRINKETS = 42
RADIUS = 8
"""The window runs from -RADIUS to RADIUS on both axes, centred on the Aridnyk start."""
SIDE = 2 * RADIUS + 1
CELLS = SIDE * SIDE
ROW_SLOTS = 3
"""Face-up cards in the Plot row and in the Trinket row (the draw actions name the slot)."""

TERRAINS = ("woods", "peaks", "polonyna", "river", "lake")
SIDES = ("n", "e", "s", "w")
SPIRITS = ("aridnyk", "aley", "boh", "drizd", "vovk")
SEASONS = ("starter", "spring", "summer", "autumn")
STACK_SEASONS = SEASONS[1:]
PHASES = (
    "choose_character",
    "place_starters",
    "place_shepherds",
    "place_tile",
    "effects",
    "pick_tile",
    "over",
)
EFFECT_KINDS = (
    "sheep",
    "card",
    "plot",
    "trinket",
    "shepherd",
    "spirit",
    "trade_any",
    "retrade",
    "move_tile",
    "horizon_swap",
    "refresh_horizon",
)
SOURCES = ("black", "white", "trinket", "reward")
STEPS = (
    *(f"{source}_effects" for source in SOURCES),
    "place",
    "shepherd_move",
    "spirit_choice",
    "spirit_move",
    "vovk",
    "draw",
    "hand_limit",
    "pay",
    "reaction",
    "horizon_swap",
)
"""The stable names of the pending step (`pending["frame"]`), as the game writes them."""
CHARACTERS = (
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
TRIGGERS = ("trade", "trinket")
DRAW_KINDS = ("plot", "trinket")
OPTIONS = ("starter_plots", "starter_tiles", "characters")

MAX_SHEEP = 150
MAX_EFFECT = 4
MAX_SHEEP_EFFECT = 10
MAX_MOVES = 5
MAX_TURNS = 40
STACK_SIZE = 12
HAND_BOUNDS = (4, 8, 8)
"""Divisors of the hand sizes: tiles, Plots, Trinkets."""

_TERRAIN = {name: i for i, name in enumerate(TERRAINS)}
_SIDE = {name: i for i, name in enumerate(SIDES)}
_SPIRIT = {name: i for i, name in enumerate(SPIRITS)}
_SEASON = {name: i for i, name in enumerate(SEASONS)}
_PHASE = {name: i for i, name in enumerate(PHASES)}
_EFFECT = {name: i for i, name in enumerate(EFFECT_KINDS)}
_STEP = {name: i for i, name in enumerate(STEPS)}
_CHARACTER = {name: i for i, name in enumerate(CHARACTERS)}
_TRIGGER = {name: i for i, name in enumerate(TRIGGERS)}
_DRAW_KIND = {name: i for i, name in enumerate(DRAW_KINDS)}
_WINDOW_SCALE = 1 / (2 * RADIUS)
"""The scale of a window coordinate (a power of two: cx * it is exact in float32)."""
_CELL = itemgetter("x", "y", "tile", "terrain", "water_edges")
_BITS = tuple(tuple(i for i in range(5) if mask >> i & 1) for mask in range(32))
"""_BITS[mask]: the indices of the set bits of a mask of Spirits or water sides."""
_WINDOW = {
    (x, y): (y + RADIUS) * SIDE + x + RADIUS
    for x in range(-RADIUS, RADIUS + 1)
    for y in range(-RADIUS, RADIUS + 1)
}
"""A cell of the window -> its index in a plane."""
_JOIN = bytearray().join
_F32 = np.dtype(np.float32)
_BIT = (*(1 << i for i in range(NUM_TILES)), 0)
"""_BIT[t]: tile t's bit in a mask of tiles; _BIT[-1]: none."""
_ALL_TILES = (1 << NUM_TILES) - 1
_CHUNK = (1 << 15) - 1
"""A mask of tiles is written 15 tiles at a time (3 * 15 = NUM_TILES)."""


def _one_hot(size: int, at: int) -> bytes:
    """`size` float32 values, 1 at index `at` (none if it is -1), else 0."""
    block = array("f", bytes(4 * size))
    if at >= 0:
        block[at] = 1.0
    return block.tobytes()


MEMO_SIZE = 4096
"""The most segments of each memo of the compact path (turn, counts) per seat."""


class AridnykEncoder(Encoder):
    game_name = "aridnyk"

    def build(self, layout: Layout) -> None:
        n = self.info.players
        t, p, k = NUM_TILES, NUM_PLOTS, NUM_TRINKETS
        window = (SIDE, SIDE)
        self.players = n
        add = layout.add
        # The board: planes over the window, channel first.
        self._terrain = add(
            "terrain",
            (5, *window),
            "one-hot per cell: the terrain of the tile there (woods, peaks, polonyna, "
            "river, lake); all 0: no tile, or outside the board",
        )
        self._water = add(
            "water_edges", (4, *window), "the tile there has water on its n, e, s, w side"
        )
        self._shepherds = add("shepherds", (n, *window), "seat r's Shepherd stands there")
        self._spirits = add("spirits", (5, *window), "Spirit s stands there")
        self._unplaced = add(
            "unplaced",
            n + 5,
            "figure not on the board: seat r's Shepherd (index r), Spirit s (index n + s)",
        )
        self._outside = add(
            "outside_window",
            n + 5,
            "figure on the board but outside the window (same indices as unplaced)",
        )
        self._positions = add(
            "tile_positions",
            (t, 2),
            "where tile i lies, if on the board: (x + 8) / 16 and (y + 8) / 16, clipped "
            "to the window's edge",
        )
        self._shepherd_tile = add(
            "shepherd_tile", (n, t), "one-hot: the tile under seat r's Shepherd"
        )
        # Tiles: where each is, as far as you know ("seen" rows first and together, then
        # `unseen_tiles`, 1 for a tile in none of them).
        self._placed = add("placed_tiles", t, "tile lies on the board")
        self._held_tiles = add(
            "held_tiles",
            (n, t),
            "tile is in seat r's hand as far as you know: row 0 your whole hand, other "
            "rows the tiles everyone saw enter that hand",
        )
        self._horizon = add("horizon", t, "tile is in the Horizon")
        self._revealed_tile = add(
            "revealed_tile", t, "tile is the revealed top of the active stack (Tracker)"
        )
        self._pending_tile = add(
            "pending_tile", t, "tile being placed (placing step), or chosen for a Horizon swap"
        )
        self._unseen_tiles = add(
            "unseen_tiles",
            t,
            "tile is in none of the tile blocks above: in a stack, hidden in a hand, or "
            "discarded as unplaceable",
        )
        self._white_done = add("white_done", t, "tile whose white effects were resolved this turn")
        # Plots.
        self._held_plots = add(
            "held_plots",
            (n, p),
            "Plot is in seat r's hand as far as you know: row 0 your whole hand",
        )
        self._plot_row = add("plot_row", (ROW_SLOTS, p), "one-hot: the Plot in row slot j")
        self._revealed_plot = add(
            "revealed_plot", p, "Plot revealed from the deck (Dreamer's extra card)"
        )
        self._fulfilled = add("fulfilled", (n, p), "Plot seat r has fulfilled")
        self._discarded_plots = add("discarded_plots", p, "Plot is in the discard pile")
        self._unseen_plots = add(
            "unseen_plots",
            p,
            "Plot is in none of the Plot blocks above: in the deck or hidden in a hand",
        )
        # Trinkets.
        self._held_trinkets = add(
            "held_trinkets",
            (n, k),
            "Trinket is in seat r's hand as far as you know: row 0 your whole hand",
        )
        self._trinket_row = add("trinket_row", (ROW_SLOTS, k), "one-hot: the Trinket in row slot j")
        self._revealed_trinket = add(
            "revealed_trinket", k, "Trinket revealed from the deck (Crafter's extra card)"
        )
        self._reaction_trinket = add(
            "reaction_trinket", k, "Trinket the other seats are asked to react to"
        )
        self._discarded_trinkets = add(
            "discarded_trinkets", k, "Trinket is in the discard pile (used or discarded)"
        )
        self._unseen_trinkets = add(
            "unseen_trinkets",
            k,
            "Trinket is in none of the Trinket blocks above: in the deck or hidden in a hand",
        )
        # Characters (all 0 without the Unsimple Characters option).
        self._characters = add("characters", (n, 10), "one-hot: seat r's character, once chosen")
        self._choice = add(
            "character_choice", 10, "the two characters you were dealt, while you choose"
        )
        # The turn and the pending step.
        self._season = add("season", 4, "one-hot: the active season (starter .. autumn)")
        self._phase = add("phase", 7, "one-hot: " + ", ".join(PHASES))
        self._current = add("current_player", n, "one-hot: the seat that decides now")
        self._turn_player = add("turn_player", n, "one-hot: the seat whose turn it is")
        self._winners = add("winners", n, "seat r won (game over only)")
        self._flags = add(
            "flags",
            3,
            "a Trinket was used this turn; the turn's Shepherd has moved this turn; "
            "the pending draw may refresh the row",
        )
        self._traded = add("traded", 5, "Spirit s was traded with this turn")
        self._can_trade = add("can_trade", 5, "Spirit s can be traded with now")
        self._reaction = add(
            "reaction", 2, "one-hot: the other seats are asked to react to a trade, a Trinket"
        )
        self._reaction_spirit = add(
            "reaction_spirit", 5, "one-hot: the Spirit of the trade reacted to"
        )
        self._step = add("pending_step", len(STEPS), "one-hot: the pending step (see docs)")
        self._effects = add(
            "pending_effects",
            len(EFFECT_KINDS),
            f"effects left to resolve, by kind: sheep / {MAX_SHEEP_EFFECT}, others / "
            f"{MAX_EFFECT} (capped at 1)",
        )
        self._pending_spirit = add(
            "pending_spirit", 5, "one-hot: the Spirit being moved (Spirit or Vovk moves)"
        )
        self._rotation = add(
            "pending_rotation", 4, "one-hot: the chosen rotation of the tile being placed"
        )
        self._draw_kind = add("draw_kind", 2, "one-hot: the kind being drawn, Plot or Trinket")
        self._moves_left = add(
            "moves_left", 1, f"steps left in the pending move / {MAX_MOVES} (capped at 1)"
        )
        # Counts per seat and overall.
        self._sheep = add("sheep", n, f"seat r's Sheep / {MAX_SHEEP} (capped at 1)")
        self._hand_sizes = add(
            "hand_sizes",
            (n, 3),
            "seat r's hand: tiles / 4, Plots / 8, Trinkets / 8 (each capped at 1)",
        )
        self._counts = add(
            "counts",
            6,
            f"spring, summer, autumn stack sizes / {STACK_SIZE}; Plot deck / 54; Trinket "
            f"deck / 42; turns played / {MAX_TURNS} (capped)",
        )
        self._options = add(
            "options",
            4,
            "the configuration: Starter Plots, Starter Tiles, Unsimple Characters, family preset",
        )

        self._relative = [[(seat - you) % n for seat in range(n)] for you in range(n)]
        self._terrain_plane = {name: self._terrain + i * CELLS for name, i in _TERRAIN.items()}
        self._water_plane = {name: self._water + i * CELLS for name, i in _SIDE.items()}
        # The vector is written in place as float32 values: every block starts at 0,
        # except the configuration (the same in every observation: written once, here)
        # and the three unseen blocks, which start at 1 and are cleared for each entry
        # written to a "seen" row above them. Scaled values come from tables of k / d.
        template = array("f", bytes(4 * layout.size))
        values = self.info.values
        for i, name in enumerate(OPTIONS):
            template[self._options + i] = bool(values.get(name, False))
        template[self._options + 3] = values.get("preset") == "family"
        for at, size in (
            (self._unseen_tiles, t),
            (self._unseen_plots, p),
            (self._unseen_trinkets, k),
        ):
            template[at : at + size] = array("f", [1.0] * size)
        self._template = template
        self._effect_fraction = fractions(MAX_EFFECT, MAX_EFFECT)
        self._sheep_effect_fraction = fractions(MAX_SHEEP_EFFECT, MAX_SHEEP_EFFECT)
        self._moves_fraction = fractions(MAX_MOVES, MAX_MOVES)
        self._sheep_fraction = fractions(MAX_SHEEP, MAX_SHEEP)
        self._hand_fractions = tuple(fractions(bound, bound) for bound in HAND_BOUNDS)
        self._stack_fraction = fractions(STACK_SIZE, STACK_SIZE)
        self._plot_fraction = fractions(p, p)
        self._trinket_fraction = fractions(k, k)
        self._turn_fraction = fractions(MAX_TURNS, MAX_TURNS)
        # The compact path (encode_ids) joins the vector from pieces, each made from the
        # sections of the ids it reads and kept while they stay the same: the board's by
        # the identity of its section (made anew only when a tile is laid or moved, and
        # then from the last board's), the others by value, per seat; blocks of one or a
        # few tiles, and planes with one figure, come from tables.
        bounds = (
            ("planes", self._terrain),
            ("figures", self._shepherds),
            ("positions", self._positions),
            ("shepherd_tile", self._shepherd_tile),
            ("placed", self._placed),
            ("tiles", self._held_tiles),
            ("cards", self._held_plots),
            ("turn", self._season),
            ("sheep", self._sheep),
            ("hand_sizes", self._hand_sizes),
            ("counts", self._counts),
            ("options", self._options),
        )
        ends = [at for _, at in bounds[1:]] + [layout.size]
        assert all(a < b for (_, a), b in zip(bounds, ends, strict=True))
        self._blank = {name: template[at:end] for (name, at), end in zip(bounds, ends, strict=True)}
        self._start = dict(bounds)
        blank = self._blank
        self._figure_flags = template[self._unplaced : self._positions]
        self._options_piece = blank["options"].tobytes()
        none: Any = object()
        self._board_cache: tuple[Any, ...] = (
            none,
            blank["planes"],
            blank["positions"],
            blank["placed"],
            0,
        )
        self._figures_cache: list[tuple[Any, ...]] = [(none,)] * n
        self._tiles_cache: list[tuple[Any, ...]] = [(none,)] * n
        self._cards_cache: list[tuple[Any, ...]] = [(none,)] * n
        self._memos: list[tuple[dict[Any, bytes], ...]] = [({}, {}, {}) for _ in range(n)]
        self._counts_memo: dict[Any, bytes] = {}
        self._seats = [[(you + r) % n for r in range(n)] for you in range(n)]
        # _one_hot_tile[i]: a tile block holding tile i alone; [-1]: an empty one
        self._one_hot_tile = tuple(_one_hot(t, i) for i in (*range(t), -1))
        # _one_hot_cell[c]: a plane with cell c alone; [-1]: an empty one
        self._one_hot_cell = tuple(_one_hot(CELLS, i) for i in (*range(CELLS), -1))
        self._tile_sets: dict[tuple[int, ...], tuple[bytes, int]] = {}
        # _chunks[m]: 15 values of a block, 1 where m has a bit (made when first asked)
        self._chunks: dict[int, bytes] = {}

    def encode(self, observation: Mapping[str, Any]) -> NDArray[np.float32]:
        self._check_seats(observation)
        obs = observation
        n = self.players
        t, p, k = NUM_TILES, NUM_PLOTS, NUM_TRINKETS
        you: int = obs["you"]
        rel = self._relative[you]  # seat -> r
        # One machine array of float32, filled by item assignment (the cheapest write
        # Python has) and handed to numpy as it is.
        v = self._template[:]
        unseen_tiles = self._unseen_tiles
        unseen_plots = self._unseen_plots - 1  # card numbers count from 1
        unseen_trinkets = self._unseen_trinkets - 1

        # The board. The tile of each cell, for the Shepherds: in-window cells by their
        # index in the window, others by (x, y).
        cell_tile: dict[Any, int] = {}
        terrain_plane = self._terrain_plane
        water_plane = self._water_plane
        positions = self._positions
        placed = self._placed
        x: int
        y: int
        tile: int
        for x, y, tile, terrain, edges in map(_CELL, obs["board"]):
            v[placed + tile] = 1.0
            v[unseen_tiles + tile] = 0.0
            at = positions + 2 * tile
            cx = x + RADIUS
            cy = y + RADIUS
            if 0 <= cx < SIDE and 0 <= cy < SIDE:
                v[at] = cx * _WINDOW_SCALE
                v[at + 1] = cy * _WINDOW_SCALE
                at = cy * SIDE + cx
                cell_tile[at] = tile
                v[terrain_plane[terrain] + at] = 1.0
                if edges:
                    for side in edges:
                        v[water_plane[side] + at] = 1.0
            else:
                cell_tile[x, y] = tile
                v[at] = min(max(cx, 0), SIDE - 1) * _WINDOW_SCALE
                v[at + 1] = min(max(cy, 0), SIDE - 1) * _WINDOW_SCALE
        unplaced = self._unplaced
        outside = self._outside
        base = self._shepherds
        shepherd_tile = self._shepherd_tile
        for seat_name, where in obs["shepherds"].items():
            r = rel[int(seat_name)]
            if where is None:
                v[unplaced + r] = 1.0
                continue
            x, y = where
            cx = x + RADIUS
            cy = y + RADIUS
            if 0 <= cx < SIDE and 0 <= cy < SIDE:
                at = cy * SIDE + cx
                tile = cell_tile.get(at, -1)
                v[base + r * CELLS + at] = 1.0
            else:
                tile = cell_tile.get((x, y), -1)
                v[outside + r] = 1.0
            if tile >= 0:
                v[shepherd_tile + r * t + tile] = 1.0
        base = self._spirits
        for name, where in obs["spirits"].items():
            s = _SPIRIT[name]
            if where is None:
                v[unplaced + n + s] = 1.0
                continue
            cx = where[0] + RADIUS
            cy = where[1] + RADIUS
            if 0 <= cx < SIDE and 0 <= cy < SIDE:
                v[base + s * CELLS + cy * SIDE + cx] = 1.0
            else:
                v[outside + n + s] = 1.0

        # Hands, as far as you know (your own also from its own keys), then the tiles.
        base = self._held_tiles
        for seat, known in enumerate(obs["known_hands"]):
            r = rel[seat]
            at = base + r * t
            for tile in known["tiles"]:
                v[at + tile] = 1.0
                v[unseen_tiles + tile] = 0.0
            at = self._held_plots + r * p - 1
            for plot in known["plots"]:
                v[at + plot] = 1.0
                v[unseen_plots + plot] = 0.0
            at = self._held_trinkets + r * k - 1
            for trinket in known["trinkets"]:
                v[at + trinket] = 1.0
                v[unseen_trinkets + trinket] = 0.0
        at = self._held_tiles
        for tile in obs["hand_tiles"]:
            v[at + tile] = 1.0
            v[unseen_tiles + tile] = 0.0
        at = self._held_plots - 1
        for plot in obs["plots"]:
            v[at + plot] = 1.0
            v[unseen_plots + plot] = 0.0
        at = self._held_trinkets - 1
        for trinket in obs["trinkets"]:
            v[at + trinket] = 1.0
            v[unseen_trinkets + trinket] = 0.0
        at = self._horizon
        for tile in obs["horizon"]:
            v[at + tile] = 1.0
            v[unseen_tiles + tile] = 0.0
        revealed = obs["revealed_tile"]
        if revealed is not None:
            v[self._revealed_tile + revealed] = 1.0
            v[unseen_tiles + revealed] = 0.0
        at = self._white_done
        for tile in obs["white_done"]:
            v[at + tile] = 1.0

        # Plots and Trinkets (card numbers from 1).
        at = self._plot_row - 1
        for plot in obs["plot_row"]:
            if plot is not None:
                v[at + plot] = 1.0
                v[unseen_plots + plot] = 0.0
            at += p
        at = self._trinket_row - 1
        for trinket in obs["trinket_row"]:
            if trinket is not None:
                v[at + trinket] = 1.0
                v[unseen_trinkets + trinket] = 0.0
            at += k
        cards = obs["revealed_cards"]
        plot = cards["plot"]
        if plot is not None:
            v[self._revealed_plot + plot - 1] = 1.0
            v[unseen_plots + plot] = 0.0
        trinket = cards["trinket"]
        if trinket is not None:
            v[self._revealed_trinket + trinket - 1] = 1.0
            v[unseen_trinkets + trinket] = 0.0
        base = self._fulfilled - 1
        for seat, plots in enumerate(obs["fulfilled"]):
            at = base + rel[seat] * p
            for plot in plots:
                v[at + plot] = 1.0
                v[unseen_plots + plot] = 0.0
        discards = obs["discards"]
        at = self._discarded_plots - 1
        for plot in discards["plots"]:
            v[at + plot] = 1.0
            v[unseen_plots + plot] = 0.0
        at = self._discarded_trinkets - 1
        for trinket in discards["trinkets"]:
            v[at + trinket] = 1.0
            v[unseen_trinkets + trinket] = 0.0

        # Characters.
        characters = obs["characters"]
        if characters is not None:
            base = self._characters
            for seat, name in enumerate(characters):
                if name is not None:
                    v[base + rel[seat] * 10 + _CHARACTER[name]] = 1.0
        at = self._choice
        for name in obs["character_choice"]:
            v[at + _CHARACTER[name]] = 1.0

        # The turn.
        v[self._season + _SEASON[obs["season"]]] = 1.0
        v[self._phase + _PHASE[obs["phase"]]] = 1.0
        current = obs["current_player"]
        if current >= 0:
            v[self._current + rel[current]] = 1.0
        v[self._turn_player + rel[obs["turn_player"]]] = 1.0
        winners = obs["winners"]
        if winners:
            for seat in winners:
                v[self._winners + rel[seat]] = 1.0
        at = self._flags
        v[at] = bool(obs["trinket_used"])
        v[at + 1] = bool(obs["moved"])
        at = self._traded
        for name in obs["traded"]:
            v[at + _SPIRIT[name]] = 1.0
        at = self._can_trade
        for name in obs["can_trade"]:
            v[at + _SPIRIT[name]] = 1.0
        reaction = obs["reaction"]
        if reaction is not None:
            v[self._reaction + _TRIGGER[reaction["trigger"]]] = 1.0
            spirit = reaction.get("spirit")
            if spirit is not None:
                v[self._reaction_spirit + _SPIRIT[spirit]] = 1.0
            trinket = reaction.get("trinket")
            if trinket is not None:
                v[self._reaction_trinket + trinket - 1] = 1.0
                v[unseen_trinkets + trinket] = 0.0
        pending = obs["pending"]
        if pending is not None:
            v[self._step + _STEP[pending["frame"]]] = 1.0
            effects = pending.get("effects")
            if effects:
                at = self._effects
                for name, amount in effects.items():
                    if name == "sheep":
                        fraction = self._sheep_effect_fraction
                        bound = MAX_SHEEP_EFFECT
                    else:
                        fraction = self._effect_fraction
                        bound = MAX_EFFECT
                    v[at + _EFFECT[name]] = fraction[amount if amount < bound else bound]
            tile = pending.get("tile")
            if tile is not None:
                v[self._pending_tile + tile] = 1.0
                v[unseen_tiles + tile] = 0.0
            rotation = pending.get("rotation")
            if rotation is not None:
                v[self._rotation + rotation] = 1.0
            spirit = pending.get("spirit")
            if spirit is not None:
                v[self._pending_spirit + _SPIRIT[spirit]] = 1.0
            moves = pending.get("moves_left")
            if moves is not None:
                v[self._moves_left] = self._moves_fraction[
                    moves if moves < MAX_MOVES else MAX_MOVES
                ]
            kind = pending.get("kind")
            if kind is not None:
                v[self._draw_kind + _DRAW_KIND[kind]] = 1.0
            if pending.get("may_refresh"):
                v[self._flags + 2] = 1.0

        # Counts.
        base = self._sheep
        fraction = self._sheep_fraction
        for seat, sheep in enumerate(obs["sheep"]):
            v[base + rel[seat]] = fraction[sheep if sheep < MAX_SHEEP else MAX_SHEEP]
        base = self._hand_sizes
        tiles_fraction, plots_fraction, trinkets_fraction = self._hand_fractions
        tiles_bound, plots_bound, trinkets_bound = HAND_BOUNDS
        for seat, sizes in enumerate(obs["hand_sizes"]):
            at = base + rel[seat] * 3
            size = sizes["tiles"]
            v[at] = tiles_fraction[size if size < tiles_bound else tiles_bound]
            size = sizes["plots"]
            v[at + 1] = plots_fraction[size if size < plots_bound else plots_bound]
            size = sizes["trinkets"]
            v[at + 2] = trinkets_fraction[size if size < trinkets_bound else trinkets_bound]
        at = self._counts
        stacks = obs["stack_sizes"]
        fraction = self._stack_fraction
        for i, season in enumerate(STACK_SEASONS):
            size = stacks[season]
            v[at + i] = fraction[size if size < STACK_SIZE else STACK_SIZE]
        decks = obs["deck_sizes"]
        v[at + 3] = self._plot_fraction[min(decks["plots"], p)]
        v[at + 4] = self._trinket_fraction[min(decks["trinkets"], k)]
        v[at + 5] = self._turn_fraction[min(obs["turns_played"], MAX_TURNS)]
        return np.frombuffer(v, np.float32)

    reads_ids = True

    def encode_ids(self, ids: tuple[Any, ...]) -> NDArray[np.float32]:
        """The vector of `encode`, from the game's `observation_ids(p)` (its layout is
        documented there), joined from pieces kept per section."""
        you, board, figures, tiles, cards, extra, turn, counts = ids
        board_cache = self._board_cache
        if board_cache[0] is not board:
            board_cache = self._board_cache = self._board_segments(board, board_cache)
        # Each kept entry: (the section it was made of, its pieces...).
        slots = self._figures_cache
        figures_kept = slots[you]
        if figures_kept[0] is not figures:
            if figures_kept[0] == figures:  # the same figures: hold on to the new tuple
                figures_kept = slots[you] = (figures, *figures_kept[1:])
            else:
                figures_kept = slots[you] = (figures, *self._figures_pieces(you, figures))
        known, placing, white_done = tiles
        slots = self._tiles_cache
        tiles_kept = slots[you]
        if tiles_kept[0] is not known:
            if tiles_kept[0] == known:
                tiles_kept = slots[you] = (known, *tiles_kept[1:])
            else:
                tiles_kept = slots[you] = (known, *self._tiles_pieces(you, known))
        unseen = _ALL_TILES & ~(board_cache[4] | tiles_kept[2] | _BIT[placing])
        chunks = self._chunks
        low = unseen & _CHUNK
        mid = unseen >> 15 & _CHUNK
        high = unseen >> 30
        slots = self._cards_cache
        cards_kept = slots[you]
        if cards_kept[0] is not cards or cards_kept[1] != extra:
            if cards_kept[0] == cards and cards_kept[1] == extra:
                cards_kept = slots[you] = (cards, *cards_kept[1:])
            else:
                segment = self._cards_segment(you, cards, extra).tobytes()
                cards_kept = slots[you] = (cards, extra, segment)
        # The turn and the counts come back across games: kept by value.
        turn_memo, sheep_memo, sizes_memo = self._memos[you]
        sheep, hand_sizes, totals = counts
        joined = _JOIN(
            (
                board_cache[1],
                figures_kept[1],
                board_cache[2],
                figures_kept[2],
                board_cache[3],
                tiles_kept[1],
                self._one_hot_tile[placing],
                chunks.get(low) or self._chunk(low),
                chunks.get(mid) or self._chunk(mid),
                chunks.get(high) or self._chunk(high),
                (self._tile_sets.get(white_done) or self._tile_set(white_done))[0],
                cards_kept[2],
                turn_memo.get(turn) or self._turn_segment(you, turn),
                sheep_memo.get(sheep) or self._sheep_segment(you, sheep),
                sizes_memo.get(hand_sizes) or self._sizes_segment(you, hand_sizes),
                self._counts_memo.get(totals) or self._counts_segment(totals),
                self._options_piece,
            )
        )
        return np.frombuffer(joined, _F32)

    def _chunk(self, bits: int) -> bytes:
        block = array("f", [1.0 if bits >> i & 1 else 0.0 for i in range(15)]).tobytes()
        self._chunks[bits] = block
        return block

    def _board_segments(self, board: tuple[Any, ...], last: tuple[Any, ...]) -> tuple[Any, ...]:
        """The board cache for `board` (the board section of the ids): (board, the
        terrain and water planes, tile_positions, placed_tiles, the placed tiles' mask).
        From `last`, the cache of the board before, where `board` is that board and
        one more tile."""
        old = last[0]
        if old.__class__ is tuple and len(board) == len(old) + 1:
            # Both are sorted by cell: find where the new tile went in.
            lo = 0
            hi = len(old)
            while lo < hi:
                mid = (lo + hi) // 2
                if board[mid] == old[mid]:
                    lo = mid + 1
                else:
                    hi = mid
            if board[:lo] == old[:lo] and board[lo + 1 :] == old[lo:]:
                planes = last[1][:]
                positions = last[2][:]
                placed = last[3][:]
                bit = self._lay(planes, positions, placed, board[lo])
                return (board, planes, positions, placed, last[4] | bit)
        blank = self._blank
        planes = blank["planes"][:]
        positions = blank["positions"][:]
        placed = blank["placed"][:]
        mask = 0
        for entry in board:
            mask |= self._lay(planes, positions, placed, entry)
        return (board, planes, positions, placed, mask)

    def _lay(
        self,
        planes: array[float],
        positions: array[float],
        placed: array[float],
        entry: tuple[int, ...],
    ) -> int:
        """Write the board entry (x, y, tile, terrain, water); return the tile's bit."""
        x, y, tile, terrain, water = entry
        placed[tile] = 1.0
        cx = x + RADIUS
        cy = y + RADIUS
        at = 2 * tile
        cell = _WINDOW.get((x, y))
        if cell is None:
            positions[at] = min(max(cx, 0), SIDE - 1) * _WINDOW_SCALE
            positions[at + 1] = min(max(cy, 0), SIDE - 1) * _WINDOW_SCALE
            return _BIT[tile]
        positions[at] = cx * _WINDOW_SCALE
        positions[at + 1] = cy * _WINDOW_SCALE
        planes[terrain * CELLS + cell] = 1.0
        base = self._water
        for side in _BITS[water]:
            planes[base + side * CELLS + cell] = 1.0
        return _BIT[tile]

    def _figures_pieces(self, you: int, figures: tuple[Any, ...]) -> tuple[bytes, bytes]:
        """shepherds .. outside_window, plane by plane; shepherd_tile."""
        shepherds, spirits, under = figures
        n = self.players
        window = _WINDOW
        planes = self._one_hot_cell
        empty = planes[-1]
        rel = self._relative[you]
        mine = [empty] * n
        flags = self._figure_flags[:]  # unplaced, then outside_window
        for seat, where in enumerate(shepherds):
            r = rel[seat]
            if where is None:
                flags[r] = 1.0
                continue
            at = window.get(where)
            if at is None:
                flags[n + 5 + r] = 1.0
            else:
                mine[r] = planes[at]
        theirs = [empty] * 5
        for s, where in enumerate(spirits):
            if where is None:
                flags[n + s] = 1.0
                continue
            at = window.get(where)
            if at is None:
                flags[2 * n + 5 + s] = 1.0
            else:
                theirs[s] = planes[at]
        tiles = self._blank["shepherd_tile"][:]
        for seat, tile in enumerate(under):
            if tile >= 0:
                tiles[rel[seat] * NUM_TILES + tile] = 1.0
        return b"".join((*mine, *theirs, flags)), tiles.tobytes()

    def _tile_set(self, tiles: tuple[int, ...]) -> tuple[bytes, int]:
        """The 45 values of a tile block holding `tiles`, and their mask; kept by value."""
        memo = self._tile_sets
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        block = array("f", bytes(4 * NUM_TILES))
        mask = 0
        for tile in tiles:
            block[tile] = 1.0
            mask |= _BIT[tile]
        kept = memo[tiles] = (block.tobytes(), mask)
        return kept

    def _tiles_pieces(self, you: int, known: tuple[Any, ...]) -> tuple[bytes, int]:
        """held_tiles .. revealed_tile block by block, and the mask of the tiles in them
        (seen, so not unseen)."""
        hands, horizon, revealed = known
        get = self._tile_sets.get
        tile_set = self._tile_set
        pieces = []
        seen = _BIT[revealed]
        for seat in self._seats[you]:
            hand = hands[seat]
            piece, mask = get(hand) or tile_set(hand)
            pieces.append(piece)
            seen |= mask
        piece, mask = get(horizon) or tile_set(horizon)
        return b"".join((*pieces, piece, self._one_hot_tile[revealed])), seen | mask

    def _cards_segment(
        self, you: int, cards: tuple[Any, ...], extra: tuple[Any, ...]
    ) -> array[float]:
        """held_plots .. character_choice."""
        (
            known_plots,
            known_trinkets,
            plot_row,
            trinket_row,
            revealed_plot,
            revealed_trinket,
            fulfilled,
            discarded_plots,
            discarded_trinkets,
        ) = cards
        reacted, shown, choice = extra
        p, k = NUM_PLOTS, NUM_TRINKETS
        start = self._start["cards"]
        block = self._blank["cards"][:]
        rel = self._relative[you]
        unseen_plots = self._unseen_plots - start
        unseen_trinkets = self._unseen_trinkets - start
        base = self._held_plots - start
        for r, hand in zip(rel, known_plots, strict=True):
            at = base + r * p
            for plot in hand:
                block[at + plot] = 1.0
                block[unseen_plots + plot] = 0.0
        base = self._held_trinkets - start
        for r, hand in zip(rel, known_trinkets, strict=True):
            at = base + r * k
            for trinket in hand:
                block[at + trinket] = 1.0
                block[unseen_trinkets + trinket] = 0.0
        at = self._plot_row - start
        for plot in plot_row:
            if plot >= 0:
                block[at + plot] = 1.0
                block[unseen_plots + plot] = 0.0
            at += p
        at = self._trinket_row - start
        for trinket in trinket_row:
            if trinket >= 0:
                block[at + trinket] = 1.0
                block[unseen_trinkets + trinket] = 0.0
            at += k
        if revealed_plot >= 0:
            block[self._revealed_plot - start + revealed_plot] = 1.0
            block[unseen_plots + revealed_plot] = 0.0
        if revealed_trinket >= 0:
            block[self._revealed_trinket - start + revealed_trinket] = 1.0
            block[unseen_trinkets + revealed_trinket] = 0.0
        base = self._fulfilled - start
        for r, plots in zip(rel, fulfilled, strict=True):
            at = base + r * p
            for plot in plots:
                block[at + plot] = 1.0
                block[unseen_plots + plot] = 0.0
        at = self._discarded_plots - start
        for plot in discarded_plots:
            block[at + plot] = 1.0
            block[unseen_plots + plot] = 0.0
        at = self._discarded_trinkets - start
        for trinket in discarded_trinkets:
            block[at + trinket] = 1.0
            block[unseen_trinkets + trinket] = 0.0
        if reacted >= 0:
            block[self._reaction_trinket - start + reacted] = 1.0
            block[unseen_trinkets + reacted] = 0.0
        if shown is not None:
            base = self._characters - start
            for r, character in zip(rel, shown, strict=True):
                if character >= 0:
                    block[base + r * 10 + character] = 1.0
        at = self._choice - start
        for character in choice:
            block[at + character] = 1.0
        return block

    def _turn_segment(self, you: int, turn: tuple[int, ...]) -> bytes:
        """season .. moves_left (kept by value)."""
        memo = self._memos[you][0]
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        piece = memo[turn] = self._turn_block(you, turn).tobytes()
        return piece

    def _turn_block(self, you: int, turn: tuple[int, ...]) -> array[float]:
        (
            season,
            phase,
            current,
            turn_player,
            winners,
            used,
            moved,
            traded,
            can,
            step,
            rotation,
            spirit,
            moves,
            kind,
            refresh,
            trigger,
            about,
        ) = turn[:17]
        start = self._start["turn"]
        block = self._blank["turn"][:]
        rel = self._relative[you]
        block[self._season - start + season] = 1.0
        block[self._phase - start + phase] = 1.0
        if current >= 0:
            block[self._current - start + rel[current]] = 1.0
        block[self._turn_player - start + rel[turn_player]] = 1.0
        for seat in _BITS[winners]:
            block[self._winners - start + rel[seat]] = 1.0
        flags = self._flags - start
        if used:
            block[flags] = 1.0
        if moved:
            block[flags + 1] = 1.0
        at = self._traded - start
        for s in _BITS[traded]:
            block[at + s] = 1.0
        at = self._can_trade - start
        for s in _BITS[can]:
            block[at + s] = 1.0
        if step < 0:
            return block
        block[self._step - start + step] = 1.0
        at = self._effects - start
        for e, amount in enumerate(turn[17:]):
            if not amount:
                continue
            if e:
                bound = MAX_EFFECT
                fraction = self._effect_fraction
            else:
                bound = MAX_SHEEP_EFFECT
                fraction = self._sheep_effect_fraction
            block[at + e] = fraction[amount if amount < bound else bound]
        if rotation >= 0:
            block[self._rotation - start + rotation] = 1.0
        if spirit >= 0:
            block[self._pending_spirit - start + spirit] = 1.0
        if moves >= 0:
            block[self._moves_left - start] = self._moves_fraction[
                moves if moves < MAX_MOVES else MAX_MOVES
            ]
        if kind >= 0:
            block[self._draw_kind - start + kind] = 1.0
        if refresh:
            block[flags + 2] = 1.0
        if trigger >= 0:
            block[self._reaction - start + trigger] = 1.0
            if about >= 0:
                block[self._reaction_spirit - start + about] = 1.0
        return block

    def _sheep_segment(self, you: int, sheep: tuple[int, ...]) -> bytes:
        """sheep (kept by value)."""
        block = self._blank["sheep"][:]
        fraction = self._sheep_fraction
        for r, amount in zip(self._relative[you], sheep, strict=True):
            block[r] = fraction[amount if amount < MAX_SHEEP else MAX_SHEEP]
        memo = self._memos[you][1]
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        piece = memo[sheep] = block.tobytes()
        return piece

    def _sizes_segment(self, you: int, hand_sizes: tuple[int, ...]) -> bytes:
        """hand_sizes (kept by value)."""
        block = self._blank["hand_sizes"][:]
        tiles_fraction, plots_fraction, trinkets_fraction = self._hand_fractions
        tiles_bound, plots_bound, trinkets_bound = HAND_BOUNDS
        n = self.players
        for seat, r in enumerate(self._relative[you]):
            held = hand_sizes[seat]
            held_p = hand_sizes[n + seat]
            held_k = hand_sizes[2 * n + seat]
            at = r * 3
            block[at] = tiles_fraction[held if held < tiles_bound else tiles_bound]
            block[at + 1] = plots_fraction[held_p if held_p < plots_bound else plots_bound]
            block[at + 2] = trinkets_fraction[held_k if held_k < trinkets_bound else trinkets_bound]
        memo = self._memos[you][2]
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        piece = memo[hand_sizes] = block.tobytes()
        return piece

    def _counts_segment(self, totals: tuple[int, ...]) -> bytes:
        """counts (kept by value)."""
        spring, summer, autumn, plot_deck, trinket_deck, turns = totals
        p, k = NUM_PLOTS, NUM_TRINKETS
        stack = self._stack_fraction
        memo = self._counts_memo
        if len(memo) >= MEMO_SIZE:
            memo.clear()
        piece = memo[totals] = array(
            "f",
            (
                stack[spring if spring < STACK_SIZE else STACK_SIZE],
                stack[summer if summer < STACK_SIZE else STACK_SIZE],
                stack[autumn if autumn < STACK_SIZE else STACK_SIZE],
                self._plot_fraction[plot_deck if plot_deck < p else p],
                self._trinket_fraction[trinket_deck if trinket_deck < k else k],
                self._turn_fraction[turns if turns < MAX_TURNS else MAX_TURNS],
            ),
        ).tobytes()
        return piece

    def check(self, observation: Mapping[str, Any]) -> None:
        """Raise if `observation` is not one this encoder understands (game data changed)."""
        super().check(observation)
        obs = observation
        if obs.get("players") != self.players:
            raise MeepleError(
                f"the Aridnyk encoder for {self.players} players cannot read an observation "
                f"of {obs.get('game')!r} for {obs.get('players')!r} players"
            )
        names = {
            "spirits": (tuple(obs["spirits"]), SPIRITS),
            "stack_sizes": (tuple(obs["stack_sizes"]), STACK_SEASONS),
        }
        for key, (got, expected) in names.items():
            if got != expected:
                raise MeepleError(
                    f"the Aridnyk encoder expects {key} {', '.join(expected)}; "
                    f"the game sent {', '.join(got)}"
                )
        words: set[str] = {obs["phase"], obs["season"]}
        for cell in obs["board"]:
            words.add(cell["terrain"])
            words.update(cell["water_edges"])
            if not 0 <= cell["tile"] < NUM_TILES:
                raise MeepleError(f"the Aridnyk encoder knows tiles 0..44, not {cell['tile']}")
        words.update(name for name in obs["characters"] or () if name is not None)
        words.update(obs["character_choice"])
        pending = obs["pending"]
        if pending is not None:
            words.add(pending["frame"])
            words.update(pending.get("effects", ()))
            if pending.get("kind") is not None:
                words.add(pending["kind"])
        if obs["reaction"] is not None:
            words.add(obs["reaction"]["trigger"])
        known = (
            set(PHASES)
            | set(SEASONS)
            | set(TERRAINS)
            | set(SIDES)
            | set(CHARACTERS)
            | set(STEPS)
            | set(EFFECT_KINDS)
            | set(DRAW_KINDS)
            | set(TRIGGERS)
        )
        unknown = words - known
        if unknown:
            raise MeepleError(f"the Aridnyk encoder does not know {', '.join(sorted(unknown))}")
