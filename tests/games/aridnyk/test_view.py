"""The Aridnyk terminal view: every observation renders; the screen shows the board, the
placeholder notice, the legend and your hand, and nothing of other seats' hidden cards."""

from __future__ import annotations

import copy
import io
import re
from collections.abc import Iterator
from typing import Any

import pytest
from rich.console import Console

import meeple
from meeple.games.aridnyk.components import CHARACTER_NAMES, CHARACTERS, PLOTS, TILES, TRINKETS
from meeple.games.aridnyk.rules import AridnykState
from meeple.games.aridnyk.text import ABBREVIATIONS, plot_text, tile_text, trinket_text
from meeple.games.aridnyk.view import LETTERS, Board, _board, render
from meeple.sim.runner import make_agents

from .positions import ARIDNYK, ZGARDA, N, effect, ready
from .scenario import A, begin_effects, play, touch

NOTICE = "placeholder data"
LEGEND = ("A Aridnyk", "L Aley", "B Boh", "D Drizd", "V Vovk")
CASES = [
    (1, {}),
    (2, {}),
    (3, {"characters": True}),
    (4, {"starter_tiles": True}),
    (2, {"characters": True, "starter_tiles": True}),
    (3, {"preset": "family"}),
]
CHARACTER_SHORT = {c.name: c.title.removeprefix("The ") for c in CHARACTERS}
NAMES = [
    *(t.name for t in TILES),
    *(p.name for p in PLOTS),
    *(t.name for t in TRINKETS),
    *CHARACTER_SHORT.values(),
]


def _distinct(name: str) -> bool:
    """A name no other component's name contains, so finding it means that card."""
    return sum(name in other for other in NAMES) == 1


def text_of(renderable: Any, width: int = 120) -> str:
    console = Console(record=True, width=width, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def flat(text: str) -> str:
    """The text without panel borders and line breaks, so wrapped words join again."""
    return " ".join(text.replace("│", " ").split())


def positions(players: int, options: dict[str, Any], seed: int) -> Iterator[AridnykState]:
    """Every state of a game between random agents, the last one terminal."""
    game = meeple.load_game("aridnyk", players=players, **options)
    state = game.new_initial_state(seed=seed)
    assert isinstance(state, AridnykState)
    agents = make_agents(["random"] * players, seed)
    while True:
        yield state
        if state.is_terminal():
            return
        state.apply_action(agents[state.current_player].act(state))


def check_screen(state: AridnykState, seat: int) -> str:
    obs = state.observation(seat)
    text = text_of(render(obs))
    assert NOTICE in text
    assert f"you are seat {seat}" in text
    for spirit in LEGEND:
        assert spirit in text
    for cell in obs["board"]:
        abbr = ABBREVIATIONS[cell["terrain"]]
        assert re.search(rf"{abbr}\s*{cell['tile']}\b", text), cell
    words = flat(text)
    for tile in obs["hand_tiles"]:
        assert f"tile {tile} {flat(tile_text(tile))}" in words
    for plot in obs["plots"]:
        assert flat(plot_text(plot - 1)) in words
    for trinket in obs["trinkets"]:
        assert flat(trinket_text(trinket - 1)) in words
    check_private(state, seat, words)
    return text


def check_private(state: AridnykState, seat: int, words: str) -> None:
    """No card of another seat that this seat's observation does not show."""
    obs = state.observation(seat)
    for other in range(len(state._tiles)):
        if other == seat:
            continue
        known = obs["known_hands"][other]
        for tile in set(state._tiles[other]) - set(known["tiles"]):
            assert not re.search(rf"\btile {tile}\b", words), (other, tile)
            if _distinct(TILES[tile].name):
                assert TILES[tile].name not in words, (other, tile)
        for plot in {p + 1 for p in state._plots[other]} - set(known["plots"]):
            if _distinct(PLOTS[plot - 1].name):
                assert PLOTS[plot - 1].name not in words, (other, plot)
        for trinket in {t + 1 for t in state._trinkets[other]} - set(known["trinkets"]):
            if _distinct(TRINKETS[trinket - 1].name):
                assert TRINKETS[trinket - 1].name not in words, (other, trinket)
        for character in state._dealt[other]:
            name = CHARACTER_SHORT[CHARACTER_NAMES[character]]
            if _distinct(name):
                assert name not in words, (other, name)


@pytest.mark.parametrize(("players", "options"), CASES)
def test_observations_along_a_game_render(players: int, options: dict[str, Any]) -> None:
    phases: set[str] = set()
    for step, state in enumerate(positions(players, options, seed=players * 7 + len(options))):
        # Each phase's first screen, then one decision in eight (rendering each of a
        # game's hundreds of screens took most of this file's time).
        phase = state.observation(max(state.current_player, 0))["phase"]
        if state.is_terminal() or step % 40 == 0:
            seats: range | list[int] = range(players)
        elif phase not in phases or step % 8 == 0:
            seats = [state.current_player]
        else:
            seats = []
        for seat in seats:
            text = check_screen(state, seat)
            phases.add(state.observation(seat)["phase"])
        if state.is_terminal():
            assert "Game over:" in text
            winners = state.observation(0)["winners"]
            assert winners
            for winner in winners:
                assert re.search(rf"seat {winner}\b[^\n]*(wins|share the victory)", text)
    assert {"place_tile", "pick_tile", "over"} <= phases
    if options.get("characters"):
        assert "choose_character" in phases
    if options.get("starter_tiles"):
        assert "place_starters" in phases


def test_character_choice_shows_your_cards_only() -> None:
    state = next(positions(3, {"characters": True}, seed=4))
    obs = state.observation(0)
    assert obs["phase"] == "choose_character" and obs["character_choice"]
    words = flat(text_of(render(obs)))
    assert "Unsimple cards dealt to you" in words
    for name in obs["character_choice"]:
        assert CHARACTERS[CHARACTER_NAMES.index(name)].title in words
    check_private(state, 0, words)


def test_the_board_grid_axes_and_water_edges() -> None:
    obs = copy.deepcopy(next(positions(2, {}, seed=1)).observation(0))
    river = next(t for t in range(9, 45) if TILES[t].terrain == "river")
    obs["board"] = [
        {"x": 0, "y": 0, "tile": 0, "terrain": "peaks", "rotation": 0, "water_edges": []},
        {
            "x": 1,
            "y": 1,
            "tile": river,
            "terrain": "river",
            "rotation": 0,
            "water_edges": ["n", "e"],
        },
    ]
    obs["shepherds"] = {"0": [0, 0], "1": [1, 1]}
    obs["spirits"] = {"aridnyk": [0, 0], "aley": None, "boh": None, "drizd": None, "vovk": None}
    lines = text_of(Board(obs)).splitlines()
    # x from -1 to 2 left to right, y from 2 down to -1: one head line, four per row.
    assert lines[0].split() == ["-1", "0", "1", "2"]
    assert len(lines) == 1 + 4 * 4
    north, label, figures, south = lines[5:9]  # y = 1: the river at x = 1
    assert label.split()[0] == "1"
    assert f"│Rv {river:>2}≈" in label  # water east, none west
    assert "┌~~~~~┐" in north and "└─────┘" in south  # water north, none south
    assert "1" in figures.replace(" ", "")
    row0 = lines[9:13]  # y = 0: the Aridnyk tile at x = 0, left of the river's column
    assert "│Pk  0│" in row0[1] and row0[1].index("Pk") < label.index("Rv")
    assert "0 A" in row0[2]
    assert "┌─────┐" in row0[0] and "└─────┘" in row0[3]


def test_narrow_screens_shrink_the_cells_then_list_the_tiles() -> None:
    state = next(s for s in positions(2, {}, seed=2) if len(s._layout.at) >= 20)
    obs = state.observation(0)
    board = Board(obs)
    columns = len(board.xs)
    compact = text_of(board, width=4 + 6 * columns)
    assert "~~~~~" not in compact  # four-wide cells
    assert "too wide" not in compact
    # three-wide cells, each tile named by a terrain letter and its number
    narrow = text_of(board, width=4 + 5 * columns)
    assert "too wide" not in narrow and "~~~~" not in narrow
    for cell in obs["board"]:
        assert f"{LETTERS[cell['terrain']]}{cell['tile']:>2}" in narrow
    listing = text_of(board, width=4 + 5 * columns - 1)
    assert "too wide to draw here" in listing
    for cell in obs["board"]:
        assert f"({cell['x']}, {cell['y']})" in listing


def test_the_legend_names_the_terrains_as_the_board_beside_it_does() -> None:
    state = next(s for s in positions(2, {}, seed=2) if len(s._layout.at) >= 20)
    obs = state.observation(0)
    columns = len(Board(obs).xs)
    panel = _board(obs)
    wide = flat(text_of(panel, width=4 + 6 * columns + 4))
    assert "Wd Woods · Pk Peaks · Pl Polonyna · Rv River · Lk Lake" in wide
    narrow = flat(text_of(panel, width=4 + 5 * columns + 4))
    assert "W Woods · ^ Peaks · P Polonyna · R River · o Lake" in narrow


def test_reaction_prompt_and_game_over_from_hand_made_observations() -> None:
    obs = copy.deepcopy(next(positions(3, {}, seed=3)).observation(1))
    obs.update(current_player=1, turn_player=0, reaction={"trigger": "trade", "spirit": "boh"})
    words = flat(text_of(render(obs)))
    assert "seat 0 trades with Boh" in words
    assert "You may react" in words
    obs.update(you=2, reaction={"trigger": "trinket", "trinket": 4})
    words = flat(text_of(render(obs)))
    assert f"seat 0 uses Trinket {trinket_text(3)}" in words
    assert "waiting for seat 1 to react" in words
    obs.update(phase="over", winners=[0, 2], sheep=[9, 4, 9], reaction=None)
    words = flat(text_of(render(obs)))
    assert "Game over: seat 0 and seat 2 (you) share the victory!" in words
    assert "seat 1: 4 Sheep" in words
    obs.update(board=[], shepherds={}, spirits={})
    assert "no tiles placed yet" in text_of(render(obs))


def test_a_seat_asked_to_react_is_not_told_it_is_its_turn() -> None:
    """The seat answering another seat's trade reads whose turn it is and that its
    reaction is asked; the trader and a spectator read who decides now."""
    state = ready()
    state._trinkets[1] = [ZGARDA]
    touch(state)
    begin_effects(state, {"spirit": 1})
    play(state, effect("spirit"), A.SPIRIT + ARIDNYK, A.SPIRIT_STEP + N, A.TRADE + ARIDNYK)
    assert state.current_player == 1 and state.observation(1)["reaction"]
    header = flat(text_of(render(state.observation(1)))).split(" placeholder data")[0]
    assert header.endswith("you are seat 1 Seat 0's turn: your reaction.")
    for seen, turn in (
        (state.observation(0), "seat 0 (you)"),
        (state.public_observation(), "seat 0"),
    ):
        header = flat(text_of(render(seen))).split(" placeholder data")[0]
        assert header.endswith(
            f"seat 1 decides now: the step is waiting for reactions (turn of {turn})"
        )


def test_the_tiles_around_your_shepherd_are_shown_with_their_effects() -> None:
    shown = 0
    for step, state in enumerate(positions(2, {}, 5)):
        if state.is_terminal():
            break
        if step % 3:  # one screen in three: each takes a while to draw
            continue
        obs = state.observation(0)
        where = obs["shepherds"]["0"]
        text = flat(text_of(render(obs)))
        if where is None:
            assert "Around your Shepherd" not in text
            continue
        shown += 1
        board = {(c["x"], c["y"]): c["tile"] for c in obs["board"]}
        x, y = where
        for name, dx, dy in (("here", 0, 0), ("north", 0, 1), ("east", 1, 0), ("west", -1, 0)):
            tile = board.get((x + dx, y + dy))
            said = f"{name} {x + dx}, {y + dy}: "
            want = "no tile" if tile is None else f"tile {tile} {tile_text(tile)}"
            assert flat(said + want) in text
    assert shown > 20
    watched = next(positions(2, {}, 5))
    assert "Around your Shepherd" not in text_of(render(watched.public_observation()))


def test_rotation_choices_offer_each_way_a_tile_lies_once() -> None:
    """Only water turns with a tile: a tile without water lies the same in every turn,
    one with water on opposite sides alike in turns 180 degrees apart. Each way a tile
    can lie where it fits is offered once (the lowest turn), so a tile without water
    offers only "keep it unturned", which says why; the others' log has no aside."""
    from meeple.games.aridnyk.base import P_ALEY
    from meeple.games.aridnyk.board import rotate_mask
    from meeple.games.aridnyk.components import TILE_WATER

    seen: dict[str, list[str]] = {}
    asked = 0
    for seed in range(12):
        for state in positions(2, {}, seed=seed):
            tile = state.turning_tile()
            if tile is None:
                continue
            asked += 1
            water = TILE_WATER[tile]
            offered = [a - A.ROTATE for a in state.legal_actions()]
            lying = [rotate_mask(water, r) for r in offered]
            frame = state._stack[-1]
            fits = state._layout.fitting_rotations(tile, tile if frame[1] == P_ALEY else -1)
            lowest = {rotate_mask(water, r): r for r in reversed(fits)}
            assert offered == sorted(lowest.values()), (tile, offered, fits)
            assert len(set(lying)) == len(lying)
            kind = "none" if not water else "opposite" if water in (5, 10) else "other"
            seen.setdefault(kind, [state.action_to_string(a) for a in state.legal_actions()])
            public = [state.public_action_string(a) for a in state.legal_actions()]
            assert not any("(" in words for words in public)
    assert asked > 100 and len(seen) == 3
    assert seen["none"] == ["keep it unturned (no water: every turn lies the same)"]
    assert set(seen["opposite"]) <= {"keep it unturned", "turn it 90 degrees clockwise"}
    assert not any("(" in label for label in seen["other"])


@pytest.mark.parametrize("characters", [False, True])
def test_setup_goes_seat_by_seat_each_in_its_own_turn(characters: bool) -> None:
    """Characters, Starter tiles and Shepherds are chosen seat by seat: the deciding
    seat is the turn player (a browser or the hotseat hand-over would otherwise tell it
    that it decides in seat 0's turn); from the first tile on, the turn is seat 0's."""
    state = meeple.load_game("aridnyk", players=3, characters=characters).new_initial_state(3)
    seen = set()
    while state.observation(0)["phase"] != "place_tile":
        seat = state.current_player
        obs = state.observation(seat)
        assert obs["turn_player"] == seat and obs["current_player"] == seat
        assert "turn of" not in text_of(render(obs))
        seen.add(seat)
        state.apply_action(state.legal_actions()[0])
    assert seen == {0, 1, 2}
    assert state.observation(1)["turn_player"] == state.current_player == 0


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({}, []),
        ({"characters": True, "starter_tiles": True}, ["Unsimple Characters", "Starter Tiles"]),
        ({"preset": "family"}, ["family preset"]),
        ({"starter_plots": False}, ["no Starter Plots"]),
    ],
)
def test_the_header_names_the_variants_in_play(options: dict[str, Any], named: list[str]) -> None:
    state = meeple.load_game("aridnyk", players=2, **options).new_initial_state(1)
    obs = state.observation(0)
    assert obs["variants"] == named == state.public_observation()["variants"]
    header = text_of(render(obs)).splitlines()[0]
    assert all(f"· {name} ·" in header for name in named)
