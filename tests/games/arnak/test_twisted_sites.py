"""Twisted Paths' four site tiles (option `twisted_paths_sites`): they join the base
game's level I and level II piles on any board side, and their effects resolve like any
site's: resources, then one side of an assistant in the supply."""

from __future__ import annotations

import pytest

import meeple
from meeple.errors import OptionError
from meeple.games.arnak.components import (
    LEVEL1_TILES,
    LEVEL2_TILES,
    SITE_TILES,
    TWISTED_LEVEL1_TILES,
    TWISTED_LEVEL2_TILES,
)
from meeple.games.arnak.rules import ArnakState

from .scenario import A, assistant, discover, do, fresh, res, setup, site_tile, supply

TWISTED = ("L1-T1", "L1-T2", "L2-T1", "L2-T2")


def test_the_expansion_tiles_follow_the_base_game_s() -> None:
    assert tuple(SITE_TILES[t].id for t in TWISTED_LEVEL1_TILES + TWISTED_LEVEL2_TILES) == (TWISTED)
    assert [SITE_TILES[t].level for t in TWISTED_LEVEL1_TILES + TWISTED_LEVEL2_TILES] == [
        1,
        1,
        2,
        2,
    ]
    assert max(LEVEL1_TILES + LEVEL2_TILES) < min(TWISTED_LEVEL1_TILES)


@pytest.mark.parametrize("board", ["bird", "snake", "spider", "owl"])
@pytest.mark.parametrize("players", [1, 4])
def test_the_option_puts_them_in_the_piles_on_every_side(players: int, board: str) -> None:
    """In the piles or on the board (the solo rival may have discovered a site already)."""

    def dealt(state: meeple.State) -> list[int]:
        assert isinstance(state, ArnakState)
        return sorted(state._stacks[0] + state._stacks[1] + [t for t in state._tile if t >= 0])

    plain = fresh(players, board, seed=3)
    assert dealt(plain) == sorted(LEVEL1_TILES + LEVEL2_TILES)
    state = fresh(players, board, seed=3, twisted_paths_sites=True)
    assert dealt(state) == sorted(
        LEVEL1_TILES + LEVEL2_TILES + TWISTED_LEVEL1_TILES + TWISTED_LEVEL2_TILES
    )
    shown = state.observation(0)["decks"]
    assert shown["level1"] + shown["level2"] == len(state._stacks[0]) + len(state._stacks[1])


def test_the_tiles_are_shuffled_in() -> None:
    """Not always at the bottom or the top: over a few seeds they lie anywhere."""
    places = {
        fresh(2, seed=seed, twisted_paths_sites=True)._stacks[0].index(site_tile("L1-T1"))
        for seed in range(12)
    }
    assert len(places) > 3


def test_the_option_is_a_yes_or_no() -> None:
    with pytest.raises(OptionError, match="twisted_paths_sites"):
        meeple.load_game("arnak", twisted_paths_sites="yes")


def _dig(tile: str, site: int) -> meeple.State:
    """Seat 0 digs at `site`, discovered with `tile`, its two cars paying the way."""
    state = fresh(2, twisted_paths_sites=True)
    discover(state, site, tile)
    setup(state, 0, hand=["basic.funding_car"] * 2, resources={})
    supply(state, ["A05", "A01"], ["A12"], ["A10"])
    do(state, A.SITE + site)
    while state.observation(0)["pending"]["frame"] == "travel":
        do(state, state.legal_actions()[0])
    return state


@pytest.mark.parametrize(
    ("tile", "site", "gained", "side", "assistant_gain"),
    [
        # A01, the banker: 2 coins on its silver side, 3 on its gold
        ("L1-T1", 5, res(compass=1), "gold", res(coin=3)),
        ("L1-T2", 5, res(coin=1, tablet=1), "silver", res(coin=2)),
        ("L2-T1", 13, res(arrowhead=2), "silver", res(coin=2)),
        ("L2-T2", 13, res(jewel=1), "gold", res(coin=3)),
    ],
)
def test_digging_there_gives_the_resources_then_a_supply_assistant_s_side(
    tile: str, site: int, gained: list[int], side: str, assistant_gain: list[int]
) -> None:
    state = _dig(tile, site)
    seat = state._seats[0]
    assert seat.res == gained
    pending = state.observation(0)["pending"]
    assert pending["frame"] == "supply_assistant", pending
    tops = {A.ASSISTANT + assistant(a) for a in ("A01", "A12", "A10")}
    legal = set(state.legal_actions())
    assert {a for a in legal if A.ASSISTANT <= a < A.BOON} == tops and A.DONE in legal
    do(state, A.ASSISTANT + assistant("A01"))
    assert seat.res == [g + a for g, a in zip(gained, assistant_gain, strict=True)]
    assert state._supply[0] == [assistant("A05"), assistant("A01")]  # only borrowed
    assert side in state.observation(0)["sites"][site]["text"]


def test_every_seat_sees_the_option_and_the_header_says_it() -> None:
    from meeple.games.arnak.view import render

    from .test_view import text_of

    for twisted in (False, True):
        state = fresh(3, twisted_paths_sites=twisted)
        for seat in range(3):
            obs = state.observation(seat)
            assert obs["twisted_paths_sites"] is twisted
            header = text_of(render(obs)).splitlines()[0]
            assert ("Twisted Paths' site tiles" in header) is twisted
