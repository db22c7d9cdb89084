"""The Spider Temple (Twisted Paths): dark tablets, their supply and the altars.

A dark tablet is a tablet that may also invoke an altar. A seat's `res[TABLET]` counts
all its tablets and `Seat.dark` how many of them are dark, so every price in tablets
works unchanged; a payment spends the regular ones first (`return_spent`), and the dark
ones it spends go back to the supply, right to left. The supply's rightmost empty space
sets what each tablet placed under an altar costs its owner at the end; each altar
holding an artifact scores its points for the most tablets placed under it.

The altars' state is kept on ArnakState: `_dark_supply` (tablets per supply space, left
to right), `_altar_card` (the artifact on each altar, or FREE) and `_altar_tabs` (per
altar, the tablets placed by each seat, then the solo rival's). All three are empty on
the other boards.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.arnak import actions as A
from meeple.games.arnak.components import CARDS, TABLET
from meeple.games.arnak.spaces import FREE, GAP

if TYPE_CHECKING:
    from meeple.games.arnak.rules import ArnakState, Seat

MAX_PER_ALTAR = 3
"""Dark tablets one player may place under one altar."""
ALTAR_PICK = "altar"
"""The frame kind of choosing the card row's artifact for an empty altar."""


def setup(state: ArnakState, table: int) -> None:
    """The supply and the empty altars of a new game (`table` players' worth)."""
    track = state._track
    state._dark_supply = [table] * len(track.dark_values)
    state._altar_card = [FREE] * len(track.altars)
    columns = state._n + (1 if state._solo else 0)
    state._altar_tabs = [[0] * columns for _ in track.altars]


def take_from_supply(state: ArnakState) -> bool:
    """Take the leftmost dark tablet of the supply; False when the supply is empty."""
    supply = state._dark_supply
    for i, count in enumerate(supply):
        if count:
            supply[i] = count - 1
            return True
    return False


def refill(supply: list[int], cap: int, count: int) -> None:
    """Put `count` dark tablets back, right to left, each space up to `cap`."""
    for i in range(len(supply) - 1, -1, -1):
        if not count:
            return
        room = min(cap - supply[i], count)
        if room > 0:
            supply[i] += room
            count -= room


def gain(state: ArnakState, seat: Seat) -> None:
    """The dark tablet icon: a dark tablet from the supply, else a regular tablet."""
    if take_from_supply(state):
        seat.dark += 1
    seat.res[TABLET] += 1


def return_spent(state: ArnakState, seat: Seat) -> None:
    """After a payment: the dark tablets it spent (those beyond the seat's tablets left)
    go back to the supply."""
    spent = seat.dark - seat.res[TABLET]
    if spent > 0:
        seat.dark -= spent
        refill(state._dark_supply, _cap(state), spent)


def _cap(state: ArnakState) -> int:
    return 2 if state._solo else state._n


def _token_row(state: ArnakState, p: int) -> int:
    """The row of `p`'s highest research token (the Lost Temple is above every row)."""
    seat = state._seats[p]
    nodes = state._track.nodes
    return max(nodes[seat.glass].row, nodes[seat.notebook].row)


def altar_options(state: ArnakState, p: int) -> list[int]:
    """The altars `p` may invoke as a main action now."""
    seat = state._seats[p]
    if not seat.dark:
        return []
    row = _token_row(state, p)
    has_artifact = any(c != GAP for c in state._row_art)
    out = []
    for altar in state._track.altars:
        k = altar.num
        if row < altar.min_row or state._altar_tabs[k][p] >= MAX_PER_ALTAR:
            continue
        if state._altar_card[k] == FREE and not has_artifact:
            continue
        out.append(A.ALTAR + k)
    return out


def invoke(state: ArnakState, p: int, k: int) -> None:
    """Place a dark tablet under altar `k`; resolve its artifact or choose one for it."""
    seat = state._seats[p]
    seat.dark -= 1
    seat.res[TABLET] -= 1
    state._altar_tabs[k][p] += 1
    card = state._altar_card[k]
    if card == FREE:
        state._stack.append((ALTAR_PICK, p, k))
    else:
        offer_effect(state, p, card)


def pick_options(state: ArnakState) -> list[int]:
    return sorted({A.CARD + c for c in state._row_art if c != GAP})


def place_artifact(state: ArnakState, p: int, k: int, card: int) -> None:
    """The artifact chosen from the card row goes onto empty altar `k`, for good."""
    state.take_from_row(card)
    state._altar_card[k] = card
    offer_effect(state, p, card)


def offer_effect(state: ArnakState, p: int, card: int) -> None:
    from meeple.games.arnak.effects import OFFER

    effect = CARDS[card].effect
    if effect:
        state._stack.append((OFFER, p, None, effect))


def penalty(state: ArnakState) -> int:
    """Points (zero or less) of each dark tablet under an altar, were the game to end
    now: the unused dark tablets go back first, then the supply's rightmost empty space
    gives the value (zero when no space is empty)."""
    supply = state._dark_supply
    held = sum([seat.dark for seat in state._seats])
    if held:
        supply = supply[:]
        refill(supply, _cap(state), held)
    values = state._track.dark_values
    for i in range(len(supply) - 1, -1, -1):
        if not supply[i]:
            return values[i]
    return 0


def majority_points(state: ArnakState, column: int) -> int:
    """The altar points of seat `column` (the solo rival's is the last column): each
    altar with an artifact scores its points to everyone tied for the most tablets."""
    points = 0
    cards = state._altar_card
    for k, tabs in enumerate(state._altar_tabs):
        mine = tabs[column]
        if mine and cards[k] != FREE and mine == max(tabs):
            points += state._track.altars[k].vp
    return points


def placed(state: ArnakState, column: int) -> int:
    return sum(tabs[column] for tabs in state._altar_tabs)
