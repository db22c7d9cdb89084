"""The Owl Temple (Twisted Paths): the lantern, the secret passages, the Owl tiles on
the track and at the top of the temple, and the idol slots that pairs of Owl tiles make.

A seat's glass may enter an unused secret passage from the space it stands on (a
research action paying the passage's cost): it takes what lies there and never moves
again, scoring the row of the passage's reserved space, and the seat's lantern starts
on the start line; from then on research moves the lantern (with its own row effects,
scoring as the glass does) or the notebook, which may rise to the glass's or the
lantern's row. A research action also buys an Owl tile lying where one of the seat's
tokens stands (its price), or one of the top of the temple's piles once a token has
reached the pile's row (the usual temple tile prices). Every two Owl tiles make an
idol slot that costs no empty-slot points.

Its state on ArnakState: `_owl_track` (1 per track tile still lying there),
`_passage_used` (per passage: the seat that took it, RIVAL, or FREE) and `_owl_marked`
(per track tile: marked by the rival's compass); the top piles' counts are
`_temple_left`, whose six stacks they replace on this side. Per seat: `Seat.lantern`
(a node, or -1 on the player board), `Seat.passage` (-1 none), `Seat.owl_tiles` (their
points) and `Seat.owl_slotted`. All empty or -1 on the other boards.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.games.arnak import actions as A
from meeple.games.arnak.spaces import FREE

if TYPE_CHECKING:
    from meeple.games.arnak.components import OwlBoard
    from meeple.games.arnak.rules import ArnakState, Seat


def board(state: ArnakState) -> OwlBoard:
    owl = state._track.owl
    assert owl is not None, "an Owl Temple game"
    return owl


def setup(state: ArnakState, table: int) -> None:
    """The track's tiles (those for this many players), the passages and the top."""
    owl = state._track.owl
    if owl is None:
        state._owl_track = []
        state._passage_used = []
        state._owl_marked = []
        return
    state._owl_track = [1 if t.min_players <= table else 0 for t in owl.track_tiles]
    state._passage_used = [FREE] * len(owl.passages)
    state._owl_marked = [0] * len(owl.track_tiles)
    state._temple_left = [int(t.per_players[f"p{table}"]) for t in owl.top]


def glass_row(state: ArnakState, seat: Seat) -> int:
    """The row the glass scores and opens things from: its passage's, if in one."""
    if seat.passage >= 0:
        return board(state).passages[seat.passage].row
    return state._track.nodes[seat.glass].row


def reach(state: ArnakState, seat: Seat) -> int:
    """How high the seat's glass or lantern has come (the notebook's limit, and the
    top of the temple's piles it opens)."""
    row = glass_row(state, seat)
    if seat.lantern >= 0:
        row = max(row, state._track.nodes[seat.lantern].row)
    return row


def slot_free(seat: Seat) -> bool:
    """Does a pair of the seat's Owl tiles make an idol slot still empty?"""
    return len(seat.owl_tiles) // 2 > seat.owl_slotted


def research_points(state: ArnakState, seat: Seat) -> int:
    """The glass (in its passage, if any), the notebook and the lantern."""
    rows = state._track.rows
    nodes = state._track.nodes
    points = rows[glass_row(state, seat)].glass_vp + nodes[seat.notebook].notebook_vp
    if seat.lantern >= 0:
        points += rows[nodes[seat.lantern].row].lantern_vp
    return points


def options(
    state: ArnakState,
    p: int,
    token: str,
    affordable: Callable[[tuple[int, ...]], bool],
    temple: bool,
) -> list[int]:
    """The passages, Owl tiles and top piles a research of `token` may take now
    (`affordable(cost)`: can the seat pay that price, after any discount?)."""
    seat = state._seats[p]
    owl = board(state)
    out = []
    if token != "notebook" and seat.passage < 0:
        for passage in owl.passages:
            if (
                passage.start == seat.glass
                and state._passage_used[passage.num] == FREE
                and affordable(passage.cost)
            ):
                out.append(A.PASSAGE + passage.num)
    if not temple or token == "notebook":
        return out
    here = {seat.notebook}
    if seat.passage < 0:
        here.add(seat.glass)
    if seat.lantern >= 0:
        here.add(seat.lantern)
    for tile in owl.track_tiles:
        if state._owl_track[tile.num] and tile.node in here and affordable(tile.cost):
            out.append(A.TRACK_TILE + tile.num)
    row = reach(state, seat)
    for top in owl.top:
        if state._temple_left[top.num] and row >= top.min_row and affordable(top.cost):
            out.append(A.TEMPLE + top.num)
    return out


def gain(state: ArnakState, seat: Seat, kind: str, vp: int) -> None:
    """An Owl tile's points, or a face-down idol to the crates."""
    if kind == "idol":
        seat.crates += 1
    else:
        seat.owl_tiles.append(vp)


def enter_passage(state: ArnakState, p: int, k: int) -> None:
    seat = state._seats[p]
    passage = board(state).passages[k]
    state._passage_used[k] = p
    seat.passage = k
    seat.lantern = state._track.start
    gain(state, seat, passage.content, passage.vp)


def take_track_tile(state: ArnakState, p: int, t: int) -> None:
    tile = board(state).track_tiles[t]
    state._owl_track[t] = 0
    gain(state, state._seats[p], tile.kind, tile.vp)


def take_top(state: ArnakState, p: int, k: int) -> None:
    top = board(state).top[k]
    state._temple_left[k] -= 1
    gain(state, state._seats[p], top.kind, top.vp)


def tiles_points(seat: Seat) -> int:
    return sum(seat.owl_tiles)
