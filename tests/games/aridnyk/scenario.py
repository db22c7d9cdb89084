"""Build Aridnyk positions by hand for rule tests.

Rule tests need exact positions (this tile here, that Spirit there, these cards in
hand); these helpers set the state's fields directly, then the test plays real actions.
"""

from __future__ import annotations

from typing import Any

import meeple
from meeple.games.aridnyk import actions as A
from meeple.games.aridnyk import rules as R
from meeple.games.aridnyk.board import Layout
from meeple.games.aridnyk.components import (
    CHARACTER_NAMES,
    PLOTS,
    SPIRITS,
    TERRAINS,
    TILE_TERRAIN,
    TILE_WATER,
    TILES,
    TRINKETS,
)
from meeple.games.aridnyk.rules import AridnykState

Cell = tuple[int, int]


def new_state(players: int = 2, seed: int = 0, **options: Any) -> AridnykState:
    """A fresh game with setup decisions (characters, starter tiles, Shepherds) played
    by always taking the first legal action."""
    state = meeple.load_game("aridnyk", players=players, **options).new_initial_state(seed)
    assert isinstance(state, AridnykState)
    while state._phase in (R.CHOOSE_CHARACTER, R.PLACE_STARTERS, R.PLACE_SHEPHERDS):
        state.apply_action(state.legal_actions()[0])
    return state


def tiles_of(terrain: str, season: str | None = None) -> list[int]:
    t = TERRAINS.index(terrain)
    return [
        i
        for i in range(len(TILES))
        if TILE_TERRAIN[i] == t and (season is None or TILES[i].season == season)
    ]


def land_tile(exclude: set[int] | None = None, terrain: str | None = None) -> int:
    """A season tile with no water edges and no Spirit icon."""
    for i, rec in enumerate(TILES):
        if rec.season == "starter" or TILE_WATER[i] or rec.spirit is not None:
            continue
        if terrain is not None and rec.terrain != terrain:
            continue
        if exclude and i in exclude:
            continue
        return i
    raise LookupError(terrain)


def board(state: AridnykState, placed: dict[Cell, tuple[int, int]]) -> None:
    """Replace the board by `placed` (cell -> (tile, rotation)); no rule is checked."""
    layout = Layout(TILE_TERRAIN, TILE_WATER)
    for cell, (tile, rotation) in placed.items():
        layout.place(tile, cell, rotation)
    state._layout = layout
    for stack in state._stacks:
        for tile, _ in placed.values():
            if tile in stack:
                stack.remove(tile)
    for hand in state._tiles:
        for tile, _ in placed.values():
            if tile in hand:
                hand.remove(tile)
    state._horizon = [t for t in state._horizon if all(t != p for p, _ in placed.values())]
    touch(state)


def touch(state: AridnykState) -> None:
    """Forget cached legal actions and Plot checks after editing fields."""
    state._legal = None
    state._met = {}


def spirit(name: str) -> int:
    return SPIRITS.index(name)


def character(name: str) -> int:
    return CHARACTER_NAMES.index(name)


def plot_number(task_kind: str) -> list[int]:
    """Plot indexes (0-based) whose task is of this kind."""
    return [i for i, p in enumerate(PLOTS) if type(p.task).__name__.lower().startswith(task_kind)]


def trinket_named(name: str) -> int:
    for i, t in enumerate(TRINKETS):
        if t.name == name:
            return i
    raise LookupError(name)


def texts(state: AridnykState) -> list[str]:
    return [state.action_to_string(a) for a in state.legal_actions()]


def play(state: AridnykState, *actions: int) -> None:
    for action in actions:
        state.apply_action(action)


def begin_effects(state: AridnykState, amounts: dict[str, int], source: int = R.TRINKET) -> None:
    """Put the active player in the middle of her turn resolving these effects (as if
    from a Trinket), after placing her tile."""
    from meeple.games.aridnyk.components import EFFECT_KINDS

    state._phase = R.EFFECTS
    state._stack = [[R.F_EFFECTS, source, [amounts.get(k, 0) for k in EFFECT_KINDS], -1]]
    touch(state)


__all__ = ["A", "R"]
