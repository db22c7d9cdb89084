"""Aridnyk as one seat sees it: a rich renderable built from `observation(p)` alone.

The view reads nothing but the observation (plus the static component texts), so it
can never show what that seat may not know. The board is a grid of small boxes, x
growing east (left to right) and y north (top row = highest y); each box is coloured by
its terrain, carries the terrain's abbreviation and the tile id, draws water edges where
the River leaves the tile, and shows the figures standing on it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.measure import Measurement
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from meeple.core.wording import counted
from meeple.games.aridnyk.board import rotate_mask
from meeple.games.aridnyk.components import (
    CHARACTER_NAMES,
    CHARACTERS,
    EFFECT_KINDS,
    PLACEHOLDER_DATA,
    SIDES,
    SPIRITS,
    TERRAINS,
    TILE_WATER,
    TILES,
)
from meeple.games.aridnyk.text import (
    ABBREVIATIONS,
    SPIRIT_TITLES,
    TERRAIN_TITLES,
    character_text,
    effects_text,
    plot_text,
    tile_text,
    trinket_text,
)

PLACEHOLDER_LABEL = (
    " placeholder data: the 45 tiles, 54 Plots and 42 Trinkets are meeple's designed "
    "stand-ins, not the published components "
)
LETTERS = {"woods": "W", "peaks": "^", "polonyna": "P", "river": "R", "lake": "o"}
"""A terrain in one character, for the three-wide cells of a board on a narrow screen
(none a Spirit's mark: those share the cells)."""
TERRAIN_STYLES = {  # the inside of a tile's box
    "woods": "bold bright_white on dark_green",
    "peaks": "bold black on grey82",
    "polonyna": "bold black on dark_olive_green2",
    "river": "bold bright_white on blue",
    "lake": "bold black on cyan",
}
OUTLINE_STYLES = {  # the box around it, in the terrain's colour
    "woods": "green",
    "peaks": "grey82",
    "polonyna": "dark_olive_green2",
    "river": "blue",
    "lake": "cyan",
}
WATER_STYLE = "bold bright_cyan on blue"
SPIRIT_MARKS = {"aridnyk": "A", "aley": "L", "boh": "B", "drizd": "D", "vovk": "V"}
SPIRIT_STYLE = "bold bright_white on dark_red"
SHEPHERD_STYLE = "bold black on bright_white"
YOUR_SHEPHERD_STYLE = "bold bright_white on magenta"
CHARACTER_TITLES: dict[str, str] = {c.name: c.title for c in CHARACTERS}
Y_LABEL = 4  # columns taken by the y coordinates left of the grid
NO_TILES = "no tiles placed yet"


# --- the board --------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """One placed tile as the board draws it."""

    tile: int
    terrain: str
    water: frozenset[str]
    figures: tuple[tuple[str, str], ...]  # (mark, style)


class Board:
    """The placed tiles as a coloured grid; narrower cells, then a list, when space is short."""

    def __init__(self, observation: Mapping[str, Any]) -> None:
        you = observation.get("you")
        figures: dict[tuple[int, int], list[tuple[str, str]]] = {}
        for seat, where in sorted(observation.get("shepherds", {}).items(), key=_seat_key):
            if where is not None:
                style = YOUR_SHEPHERD_STYLE if str(seat) == str(you) else SHEPHERD_STYLE
                figures.setdefault((where[0], where[1]), []).append((str(seat), style))
        for spirit in SPIRITS:
            where = observation.get("spirits", {}).get(spirit)
            if where is not None:
                figures.setdefault((where[0], where[1]), []).append(
                    (SPIRIT_MARKS[spirit], SPIRIT_STYLE)
                )
        self.cells: dict[tuple[int, int], Cell] = {}
        for c in observation.get("board", []):
            xy = (int(c["x"]), int(c["y"]))
            self.cells[xy] = Cell(
                int(c["tile"]),
                str(c["terrain"]),
                frozenset(c.get("water_edges", ())),
                tuple(figures.get(xy, ())),
            )
        if self.cells:
            xs = [x for x, _ in self.cells]
            ys = [y for _, y in self.cells]
            self.xs = range(min(xs) - 1, max(xs) + 2)
            self.ys = range(max(ys) + 1, min(ys) - 2, -1)
        else:
            self.xs = self.ys = range(0)

    def _inner(self, max_width: int) -> int | None:
        """The inside width of a cell that fits `max_width`; None: draw a list instead."""
        for inner in (5, 4, 3):
            if Y_LABEL + len(self.xs) * (inner + 2) <= max_width:
                return inner
        return None

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        inner = self._inner(options.max_width)
        if not self.cells:
            return Measurement(len(NO_TILES), len(NO_TILES))
        if inner is None:
            return Measurement(min(20, options.max_width), options.max_width)
        width = Y_LABEL + len(self.xs) * (inner + 2)
        return Measurement(width, width)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        if not self.cells:
            yield Text(NO_TILES, style="dim")
            return
        inner = self._inner(options.max_width)
        lines = self.grid(inner) if inner is not None else self.listing()
        yield Text("\n").join(lines)

    def grid(self, inner: int) -> list[Text]:
        """The grid, four text lines per row of cells, with the axes labelled."""
        width = inner + 2
        head = Text(" " * Y_LABEL)
        for x in self.xs:
            head.append(f"{x:^{width}}", style="bold")
        lines = [head]
        for y in self.ys:
            rows = [Text(f"{y:>3} " if i == 1 else " " * Y_LABEL, style="bold") for i in range(4)]
            for x in self.xs:
                cell = self.cells.get((x, y))
                drawn = _empty(inner) if cell is None else _cell(cell, inner)
                for row, part in zip(rows, drawn, strict=True):
                    row.append_text(part)
            lines.extend(rows)
        return lines

    def listing(self) -> list[Text]:
        """The board as one line per tile, for a screen too narrow for the grid."""
        lines = [Text("the board is too wide to draw here; its tiles, north first:", style="dim")]
        for (x, y), cell in sorted(self.cells.items(), key=lambda item: (-item[0][1], item[0][0])):
            line = Text(f"({x}, {y}) ")
            line.append(_label(cell, 5), style=TERRAIN_STYLES.get(cell.terrain, "reverse"))
            if cell.water:
                line.append(" water " + " ".join(s for s in "nesw" if s in cell.water))
            if cell.figures:
                line.append(" · on it:")
            for mark, style in cell.figures:
                line.append(" ")
                line.append(mark, style=style)
            lines.append(line)
        return lines


def _seat_key(item: tuple[Any, Any]) -> int:
    return int(item[0])


def _label(cell: Cell, inner: int) -> str:
    if inner <= 3:
        return f"{LETTERS.get(cell.terrain, cell.terrain[:1])}{cell.tile:>2}"
    abbr = ABBREVIATIONS.get(cell.terrain, cell.terrain[:2].title())
    return f"{abbr} {cell.tile:>2}" if inner >= 5 else f"{abbr}{cell.tile:>2}"


def _figures(cell: Cell, inner: int, fill: str) -> Text:
    """The figures on a tile, centred in `inner` columns of the tile's colour."""
    marks = list(cell.figures)
    gap = " " if 2 * len(marks) - 1 <= inner else ""
    if len(marks) > inner:
        marks = [*marks[: inner - 1], ("+", SPIRIT_STYLE)]
    text = Text()
    for i, (mark, style) in enumerate(marks):
        if i:
            text.append(gap, style=fill)
        text.append(mark, style=style)
    left = (inner - text.cell_len) // 2
    return Text.assemble(
        (" " * left, fill), text, (" " * (inner - text.cell_len - left), fill), end=""
    )


def _cell(cell: Cell, inner: int) -> tuple[Text, Text, Text, Text]:
    """A placed tile: a box in its terrain's colour, water edges blue on their sides."""
    fill = TERRAIN_STYLES.get(cell.terrain, "reverse")
    line = OUTLINE_STYLES.get(cell.terrain, "")

    def side(s: str) -> tuple[str, str]:
        return ("≈", WATER_STYLE) if s in cell.water else ("│", line)

    def edge(s: str, left: str, right: str) -> Text:
        middle = ("~" * inner, WATER_STYLE) if s in cell.water else ("─" * inner, line)
        return Text.assemble((left, line), middle, (right, line), end="")

    label = Text(f"{_label(cell, inner):^{inner}}", style=fill, end="")
    return (
        edge("n", "┌", "┐"),
        Text.assemble(side("w"), label, side("e"), end=""),
        Text.assemble(side("w"), _figures(cell, inner, fill), side("e"), end=""),
        edge("s", "└", "┘"),
    )


def _empty(inner: int) -> tuple[Text, Text, Text, Text]:
    blank = Text(" " * (inner + 2), end="")
    dot = Text(f"{'·':^{inner + 2}}", style="dim", end="")
    return blank, dot, blank.copy(), blank.copy()


class Legend:
    """The legend of `board`, naming the terrains as the board drawn beside it does."""

    def __init__(self, board: Board, players: int, you: Any) -> None:
        self.board = board
        self.players = players
        self.you = you

    def _text(self, max_width: int) -> Text:
        inner = self.board._inner(max_width)
        return legend(self.players, self.you, letters=inner is not None and inner <= 3)

    def __rich_measure__(self, console: Console, options: ConsoleOptions) -> Measurement:
        return Measurement.get(console, options, self._text(options.max_width))

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield self._text(options.max_width)


def legend(players: int, you: Any, letters: bool = False) -> Text:
    """What the colours, marks and edges of the grid mean (`letters`: the terrains as the
    three-wide cells name them)."""
    text = Text("Terrain: ")
    marks = LETTERS if letters else ABBREVIATIONS
    for i, name in enumerate(TERRAINS):
        if i:
            text.append(" · ")
        text.append(marks[name], style=TERRAIN_STYLES[name])
        text.append(f" {TERRAIN_TITLES[i]}")
    text.append("   water edges: ")
    text.append("~~", style=WATER_STYLE)
    text.append(" north/south, ")
    text.append("≈", style=WATER_STYLE)
    text.append(" east/west\nShepherds by seat: ")
    for seat in range(players):
        if seat:
            text.append(" ")
        text.append(str(seat), style=YOUR_SHEPHERD_STYLE if seat == you else SHEPHERD_STYLE)
    text.append("   Spirits: " if you is None else f" (yours, {you}, highlighted)   Spirits: ")
    for i, spirit in enumerate(SPIRITS):
        if i:
            text.append(", ")
        text.append(SPIRIT_MARKS[spirit], style=SPIRIT_STYLE)
        text.append(f" {SPIRIT_TITLES[i]}")
    return text


# --- words -------------------------------------------------------------------------------


def _seat(obs: Mapping[str, Any], seat: Any) -> str:
    if seat is None:
        return "-"
    return f"seat {seat} (you)" if seat == obs.get("you") else f"seat {seat}"


def _title(word: Any) -> str:
    return str(word).replace("_", " ")


def _spirit(name: Any) -> str:
    return SPIRIT_TITLES[SPIRITS.index(name)] if name in SPIRITS else str(name)


def _numbers(items: Iterable[Any], prefix: str = "#") -> str:
    return ", ".join(f"{prefix}{i}" for i in items)


def _tile_chip(tile: int) -> Text:
    terrain = TILES[tile].terrain
    return Text(f"tile {tile}", style=TERRAIN_STYLES.get(terrain, "bold"))


def _effects(amounts: Mapping[str, int]) -> str:
    return effects_text([int(amounts.get(kind, 0)) for kind in EFFECT_KINDS])


def _character(name: Any) -> str:
    if name is None:
        return "(choosing)"
    title = CHARACTER_TITLES.get(str(name), _title(name))
    return title.removeprefix("The ")


# --- pieces -------------------------------------------------------------------------------


def _header(obs: Mapping[str, Any]) -> Text:
    over = obs.get("phase") == "over"
    played = int(obs.get("turns_played", 0))
    text = Text.assemble(
        ("Aridnyk", "bold"),
        f"  {_title(obs.get('season', '')).capitalize()} · "
        f"{f'{played} turns played' if over else f'turn {played + 1}'} · "
        f"{counted(obs.get('players', 0), 'player')} · ",
        "".join(f"{name} · " for name in obs.get("variants", ())),
        (
            "spectator's view" if obs.get("you") is None else f"you are seat {obs.get('you')}",
            "bold cyan",
        ),
    )
    if over:
        text.append("\nthe game is over", style="bold")
        return text
    who, turn = obs.get("current_player"), obs.get("turn_player")
    if obs.get("reaction") and who == obs.get("you") and turn != who:
        # asked for a reaction in another seat's turn: not "your turn"
        text.append(f"\n{_seat(obs, turn).capitalize()}'s turn: your reaction.", style="bold")
        return text
    text.append(f"\n{_seat(obs, who)} decides now: {_title(obs.get('step', ''))}", style="bold")
    if turn != who:
        text.append(f" (turn of {_seat(obs, turn)})")
    return text


def _pending(obs: Mapping[str, Any]) -> Text | None:
    """What the current step holds: effects left, moves left, the tile being placed."""
    pending = obs.get("pending")
    if not pending:
        return None
    text = Text("Now: ", style="bold")
    text.append(_title(pending.get("step", "")))
    if "effects" in pending:
        # the step already names the source ("resolving white effects")
        text.append(f"; left: {_effects(pending['effects'])}")
    if pending.get("tile") is not None:
        tile = int(pending["tile"])
        text.append(" · ")
        text.append_text(_tile_chip(tile))
        text.append(f" {tile_text(tile)}")
        rotation = pending.get("rotation")
        if rotation is not None:
            text.append(f" · turned {int(rotation) * 90} degrees clockwise")
            lying = rotate_mask(TILE_WATER[tile], int(rotation))
            if lying:
                sides = ", ".join(s.upper() for i, s in enumerate(SIDES) if lying >> i & 1)
                text.append(f", water now {sides}")
    if pending.get("spirit") is not None:
        text.append(f" · Spirit: {_spirit(pending['spirit'])}")
    if "moves_left" in pending:
        text.append(f" · moves left: {pending['moves_left']}")
    if pending.get("kind") is not None:
        text.append(f" · drawing a {_title(pending['kind']).capitalize()}")
    if pending.get("may_refresh"):
        text.append(" (the row may be refreshed)")
    return text


def _this_turn(obs: Mapping[str, Any]) -> Text | None:
    parts = []
    if obs.get("traded"):
        parts.append("traded with " + ", ".join(_spirit(s) for s in obs["traded"]))
    if obs.get("can_trade"):
        parts.append("may trade with " + ", ".join(_spirit(s) for s in obs["can_trade"]))
    if obs.get("trinket_used"):
        parts.append("a Trinket was used")
    if obs.get("moved"):
        parts.append("the Shepherd has moved")
    if obs.get("white_done"):
        parts.append("white effects done on " + _numbers(obs["white_done"], "tile "))
    if not parts:
        return None
    return Text.assemble(("This turn: ", "bold"), "; ".join(parts))


def _reaction(obs: Mapping[str, Any]) -> Panel | None:
    reaction = obs.get("reaction")
    if not reaction:
        return None
    actor = _seat(obs, obs.get("turn_player"))
    if reaction.get("trigger") == "trade":
        what = f"{actor} trades with {_spirit(reaction.get('spirit'))}"
    else:
        number = int(reaction.get("trinket", 0))
        what = f"{actor} uses Trinket {trinket_text(number - 1) if number > 0 else '?'}"
    body = Text(what)
    if obs.get("current_player") == obs.get("you") and obs.get("turn_player") != obs.get("you"):
        body.append(
            "\nYou may react: use a reaction Trinket that cancels it, or choose 'no reaction'.",
            style="bold",
        )
    else:
        body.append(f"\nwaiting for {_seat(obs, obs.get('current_player'))} to react")
    return Panel(body, title="Reaction", title_align="left", border_style="red")


def _board(obs: Mapping[str, Any]) -> Panel:
    board = Board(obs)
    return Panel(
        Group(board, Legend(board, int(obs.get("players", 0)), obs.get("you"))),
        title="Board (x grows east →, y grows north ↑)",
        title_align="left",
        expand=False,
    )


STEPS = (("north", 0, 1), ("east", 1, 0), ("south", 0, -1), ("west", -1, 0))


def _around(obs: Mapping[str, Any]) -> Panel | None:
    """The tile under your Shepherd and the four next to it, with their effects: where
    a move can end, and what it would bring (the grid shows only terrain and ids)."""
    where = obs.get("shepherds", {}).get(str(obs.get("you")))
    if where is None:
        return None
    tiles = {(int(c["x"]), int(c["y"])): int(c["tile"]) for c in obs.get("board", [])}
    done = set(obs.get("white_done") or ())
    x, y = int(where[0]), int(where[1])
    lines = []
    for name, dx, dy in (("here", 0, 0), *STEPS):
        cell = (x + dx, y + dy)
        line = Text(f"{name:>5} {cell[0]}, {cell[1]}: ", style="bold")
        tile = tiles.get(cell)
        if tile is None:
            line.append("no tile", style="dim")
        else:
            line.append_text(_tile_chip(tile)).append(" " + tile_text(tile))
            if tile in done:
                line.append(" (its white effects are done this turn)", style="dim")
        lines.append(line)
    return Panel(Group(*lines), title="Around your Shepherd", title_align="left")


def _seats(obs: Mapping[str, Any]) -> Group:
    """A row per seat, then what each seat has fulfilled and was seen to take in hand."""
    table = Table(
        title="Players (done: Plots fulfilled; tiles, Plots, Trinkets: in hand)",
        box=box.SIMPLE_HEAD,
        title_justify="left",
        padding=(0, 1, 0, 0),
        pad_edge=False,
    )
    characters = obs.get("characters")
    numbers = ("Sheep", "done", "tiles", "Plots", "Trinkets")
    table.add_column("seat", no_wrap=True)
    for name in numbers:
        table.add_column(name, justify="right")
    table.add_column("Shepherd", no_wrap=True)
    if characters is not None:
        table.add_column("character")
    over = obs.get("phase") == "over"
    fulfilled = obs.get("fulfilled", [])
    notes: list[Text] = []
    for seat in range(int(obs.get("players", 0))):
        marker = "▶ " if seat == obs.get("turn_player") and not over else "  "
        who = Text(marker + _seat(obs, seat), style="bold cyan" if seat == obs.get("you") else "")
        done = fulfilled[seat] if seat < len(fulfilled) else []
        sizes = obs["hand_sizes"][seat]
        where = obs.get("shepherds", {}).get(str(seat))
        row: list[RenderableType] = [
            who,
            str(obs["sheep"][seat]),
            str(len(done)),
            str(sizes["tiles"]),
            str(sizes["plots"]),
            str(sizes["trinkets"]),
            "-" if where is None else f"({where[0]}, {where[1]})",
        ]
        if characters is not None:
            row.append(_character(characters[seat]) if seat < len(characters) else "-")
        table.add_row(*row)
        parts = []
        if done:
            parts.append("fulfilled Plots " + _numbers(done))
        known = _known(obs, seat)
        if known:
            parts.append("seen taking into hand: " + known)
        if parts:
            notes.append(Text(f"  {_seat(obs, seat)}: " + "; ".join(parts)))
    return Group(table, *notes)


def _known(obs: Mapping[str, Any], seat: int) -> str:
    """Another seat's cards everyone has seen enter its hand (yours are listed below)."""
    known = obs.get("known_hands", [])
    if seat == obs.get("you") or seat >= len(known):
        return ""
    hand = known[seat]
    parts = []
    if hand.get("tiles"):
        parts.append("tiles " + ", ".join(map(str, hand["tiles"])))
    if hand.get("plots"):
        parts.append("Plots " + _numbers(hand["plots"]))
    if hand.get("trinkets"):
        parts.append("Trinkets " + _numbers(hand["trinkets"]))
    return ", ".join(parts)


def _tile_rows(tiles: Sequence[int]) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True)
    grid.add_column()
    for tile in tiles:
        grid.add_row(_tile_chip(int(tile)), tile_text(int(tile)))
    if not tiles:
        grid.add_row(Text("(none)", style="dim"), "")
    return grid


def _horizon(obs: Mapping[str, Any]) -> Panel:
    parts: list[RenderableType] = [_tile_rows(obs.get("horizon", []))]
    revealed = obs.get("revealed_tile")
    if revealed is not None:
        parts.append(Text("Top of the stack, revealed:", style="bold"))
        parts.append(_tile_rows([revealed]))
    sizes = obs.get("stack_sizes", {})
    active = obs.get("season")
    stacks = Text("Stacks: ")
    for i, (season, size) in enumerate(sizes.items()):
        if i:
            stacks.append(" · ")
        stacks.append(
            f"{_title(season).capitalize()} {size}", style="bold" if season == active else ""
        )
    stacks.append(f"  (active: {_title(active).capitalize()})")
    parts.append(stacks)
    return Panel(Group(*parts), title="Horizon", title_align="left", border_style="blue")


def _card_row(cards: Sequence[Any], describe: Any) -> Table:
    grid = Table.grid(padding=(0, 1))
    grid.add_column(no_wrap=True, justify="right")
    grid.add_column()
    for slot, card in enumerate(cards, 1):
        if card is None:
            grid.add_row(f"{slot}.", Text("(empty)", style="dim"))
        else:
            grid.add_row(f"{slot}.", describe(int(card) - 1))
    return grid


def _rows(obs: Mapping[str, Any]) -> Panel:
    revealed = obs.get("revealed_cards") or {}
    decks = obs.get("deck_sizes", {})
    discards = obs.get("discards", {})
    parts: list[RenderableType] = []
    for kind, key, describe in (
        ("Plot", "plot", plot_text),
        ("Trinket", "trinket", trinket_text),
    ):
        plural = key + "s"
        head = Text(f"{kind} row", style="bold")
        head.append(f"  (deck {decks.get(plural, 0)}", style="")
        pile = discards.get(plural, [])
        head.append(f", discards {len(pile)}" + (f": {_numbers(pile)}" if pile else "") + ")")
        parts.append(head)
        parts.append(_card_row(obs.get(f"{key}_row", []), describe))
        if revealed.get(key) is not None:
            parts.append(
                Text(
                    f"  revealed top of the deck: {describe(int(revealed[key]) - 1)}", style="bold"
                )
            )
    return Panel(Group(*parts), title="Plots and Trinkets", title_align="left")


def _hand(obs: Mapping[str, Any]) -> Panel:
    parts: list[RenderableType] = []
    tiles = obs.get("hand_tiles", [])
    plots = obs.get("plots", [])
    trinkets = obs.get("trinkets", [])
    parts.append(Text(f"Tiles ({len(tiles)})", style="bold"))
    parts.append(_tile_rows(tiles))
    parts.append(Text(f"Plots ({len(plots)})", style="bold"))
    parts.append(_card_row(plots, plot_text) if plots else Text("(none)", style="dim"))
    parts.append(Text(f"Trinkets ({len(trinkets)})", style="bold"))
    parts.append(_card_row(trinkets, trinket_text) if trinkets else Text("(none)", style="dim"))
    characters = obs.get("characters")
    you = obs.get("you")
    if characters is not None and isinstance(you, int) and you < len(characters):
        mine = characters[you]
        if mine is not None and mine in CHARACTER_NAMES:
            parts.append(Text.assemble(("Character: ", "bold"), character_text(_index(mine))))
    choice = obs.get("character_choice") or []
    if choice:
        parts.append(Text("Unsimple cards dealt to you (keep one):", style="bold"))
        for name in choice:
            parts.append(Text("  " + character_text(_index(name))))
    return Panel(Group(*parts), title="Your hand", title_align="left", border_style="green")


def _index(name: str) -> int:
    return CHARACTER_NAMES.index(name)


def _game_over(obs: Mapping[str, Any]) -> Text:
    winners = list(obs.get("winners") or [])
    names = " and ".join(_seat(obs, s) for s in winners) or "nobody"
    verb = "share the victory" if len(winners) > 1 else "wins"
    text = Text(f"Game over: {names} {verb}!", style="bold green")
    fulfilled = obs.get("fulfilled", [])
    scores = []
    for seat, sheep in enumerate(obs.get("sheep", [])):
        done = len(fulfilled[seat]) if seat < len(fulfilled) else 0
        scores.append(f"{_seat(obs, seat)}: {sheep} Sheep, {done} Plot{'' if done == 1 else 's'}")
    text.append("\nScores (Sheep, then fulfilled Plots break ties): " + "; ".join(scores), style="")
    return text


def render(observation: Mapping[str, Any]) -> RenderableType:
    """Everything `observation["you"]` may see, as one rich renderable: the board as a
    coloured grid, the seats, the Horizon, the rows, your hand and the current step."""
    obs = observation
    parts: list[RenderableType] = [_header(obs)]
    if obs.get("placeholder_data", PLACEHOLDER_DATA):
        parts.append(Text(PLACEHOLDER_LABEL, style="black on yellow"))
    parts.append(_board(obs))
    parts.append(_seats(obs))
    parts.append(_horizon(obs))
    parts.append(_rows(obs))
    if obs.get("phase") == "over":
        if obs.get("you") is not None:  # a spectator has no hand
            parts.append(_hand(obs))
        parts.append(_game_over(obs))
        return Group(*parts)
    # last, beside the prompt that follows: what the seat holds and what it decides
    return Group(*parts, *_at_hand(obs))


def render_brief(observation: Mapping[str, Any]) -> RenderableType:
    """The part of the view a decision that goes on with the seat's own turn needs:
    the header, the board for a step on it (placing a tile, moving a figure), else the
    tiles around the seat's Shepherd and its hand, and what is being decided. The rest
    is as the whole view last showed it, but for the seat's own moves since."""
    obs = observation
    if obs.get("phase") == "over":
        return render(obs)
    step = str(obs.get("step", ""))
    on_board = any(word in step for word in BOARD_STEPS)
    return Group(_header(obs), *([_board(obs)] if on_board else []), *_at_hand(obs, on_board))


BOARD_STEPS = ("placing", "moving", "Vovk")
"""Words of the steps decided on the board (see explain.py's step names)."""


def _at_hand(obs: Mapping[str, Any], board_shown: bool = False) -> list[RenderableType]:
    parts: list[RenderableType] = []
    around = None if board_shown else _around(obs)
    if around is not None:
        parts.append(around)
    if obs.get("you") is not None and not board_shown:  # a spectator has no hand
        parts.append(_hand(obs))
    for extra in (_this_turn(obs), _pending(obs), _reaction(obs)):
        if extra is not None:
            parts.append(extra)
    return parts
