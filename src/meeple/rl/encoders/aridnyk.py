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
        self._pending_tile = add("pending_tile", t, "tile being placed (placing step)")
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

    def encode(self, observation: Mapping[str, Any]) -> NDArray[np.float32]:
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
