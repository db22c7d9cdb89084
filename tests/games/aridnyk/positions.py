"""Small positions shared by the Aridnyk rule tests (built on scenario.py)."""

from __future__ import annotations

from typing import Any

import pytest

from meeple.errors import IllegalActionError
from meeple.games.aridnyk.components import EFFECT_KINDS, STARTER_TILES, TILES
from meeple.games.aridnyk.rules import AridnykState

from .scenario import A, R, begin_effects, new_state, play, spirit, touch, trinket_named

Cell = tuple[int, int]

N, E, S, W = 0, 1, 2, 3
ARIDNYK, ALEY, BOH, DRIZD, VOVK = (spirit(n) for n in ("aridnyk", "aley", "boh", "drizd", "vovk"))
ZGARDA = trinket_named("Zgarda")
OBEREH = trinket_named("Obereh")
BRYNZA = trinket_named("Brynza")

STANDARD: dict[Cell, tuple[int, int]] = {}
for _tile in STARTER_TILES:
    _start = TILES[_tile].start
    assert _start is not None
    STANDARD[(_start.x, _start.y)] = (_tile, _start.rotation)
"""The starter layout: 0 Peaks (0,0) with Aridnyk; 1 Woods (0,1); 2 Polonyna (1,0);
3 Woods (0,-1); 4 Polonyna (-1,0); 5 Woods (1,1); 6 Peaks (1,-1); 7 Polonyna (-1,-1);
8 Lake (-1,1) with water edges west and north."""


def ready(players: int = 2, seed: int = 0, **options: Any) -> AridnykState:
    """Seat 0 about to place a tile on the starter layout; Shepherds on tiles 1, 2, 3, 4
    in seat order; no Plot or Trinket in any hand; 5 Sheep each."""
    s = new_state(players, seed, **options)
    for seat in range(players):
        s._plots[seat] = []
        s._trinkets[seat] = []
    touch(s)
    return s


def effect(kind: str) -> int:
    """The action that resolves the next effect of this kind (components.EFFECT_KINDS)."""
    return A.EFFECT + EFFECT_KINDS.index(kind)


def standard(*extra: tuple[Cell, int, int]) -> dict[Cell, tuple[int, int]]:
    """The starter layout plus extra (cell, tile, rotation) tiles, for scenario.board."""
    out = dict(STANDARD)
    for cell, tile, rotation in extra:
        out[cell] = (tile, rotation)
    return out


def to_pick(s: AridnykState) -> None:
    """End the active player's effects (as if her tile had none) so that she picks."""
    begin_effects(s, {})
    play(s, A.DONE)
    assert s._phase == R.PICK


def illegal(s: AridnykState, action: int, match: str) -> None:
    """`action` is not offered, and applying it raises an error whose text matches."""
    assert action not in s.legal_actions()
    with pytest.raises(IllegalActionError, match=match):
        s.apply_action(action)


def shepherd_steps(s: AridnykState, moves: int, *sides: int) -> None:
    """Give the active player a Shepherd move of `moves` and take these steps."""
    begin_effects(s, {"shepherd": moves})
    play(s, effect("shepherd"), *(A.SHEPHERD_STEP + side for side in sides))


def spirit_steps(s: AridnykState, which: int, moves: int, *sides: int) -> None:
    """Give the active player a Spirit move of `moves` and step Spirit `which`."""
    begin_effects(s, {"spirit": moves})
    play(s, effect("spirit"), A.SPIRIT + which, *(A.SPIRIT_STEP + side for side in sides))
