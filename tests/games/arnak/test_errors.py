"""Bad input never changes an Arnak state and gets a reason from the meeple.errors family."""

from __future__ import annotations

import pytest

from meeple.errors import IllegalActionError, OptionError, SeatError
from meeple.games.arnak import actions as A

from .scenario import card, do, fresh, place, row, setup


def refused(state: object, action: object, *words: str) -> None:
    before = state.observation(0)  # type: ignore[attr-defined]
    with pytest.raises(IllegalActionError) as caught:
        state.apply_action(action)  # type: ignore[attr-defined]
    message = str(caught.value)
    for word in words:
        assert word in message, message
    assert state.observation(0) == before  # type: ignore[attr-defined]


def test_no_archaeologist_left() -> None:
    state = fresh()
    place(state, 0, 0)
    place(state, 0, 1)
    refused(state, A.SITE + 2, "no archaeologist left")


def test_no_free_space() -> None:
    state = fresh()
    place(state, 1, 0)  # the camp's second space is blocked in a two-player game
    refused(state, A.SITE + 0, "no free space")


def test_cannot_afford_a_card_or_a_discovery() -> None:
    state = fresh()
    setup(state, 0, resources={"coin": 0})
    row(state, items=["item.aeroplane"])
    refused(state, A.CARD + card("item.aeroplane"), "cannot afford")
    refused(state, A.SITE + 5, "cannot afford")


def test_notebook_above_the_glass() -> None:
    state = fresh()
    setup(state, 0, resources={"compass": 5, "arrowhead": 5, "jewel": 5})
    refused(state, A.NOTEBOOK + 1, "notebook would pass the magnifying glass")


def test_second_main_action_and_early_end_turn() -> None:
    state = fresh()
    refused(state, A.END_TURN, "main action")
    do(state, A.SITE + 0)
    while state._stack:
        do(state, state.legal_actions()[0])
    refused(state, A.SITE + 1, "already taken your main action")


def test_wrong_types_and_ranges() -> None:
    state = fresh()
    refused(state, "1", "int")
    refused(state, True, "int")
    refused(state, -1, "out of range")
    refused(state, A.NUM_ACTIONS, "out of range")
    refused(state, A.HAND + card("art.war_mask"), "not in your hand")


def test_pending_decision_refuses_other_actions() -> None:
    state = fresh()
    setup(state, 0, hand=["basic.funding_car"], resources={})
    do(state, A.SITE + 0)  # a camp costs a boot: the payment is pending
    assert state._stack and state._stack[-1][0] == "travel"
    refused(state, A.PASS, "pending decision", "travel cost")


def test_bad_options_and_seats() -> None:
    import meeple

    with pytest.raises(OptionError, match="bird"):
        meeple.load_game("arnak", board="crocodile")
    with pytest.raises(OptionError, match="solo"):
        meeple.load_game("arnak", players=3, difficulty=5)
    with pytest.raises(OptionError):
        meeple.load_game("arnak", players=5)
    with pytest.raises(OptionError):
        meeple.load_game("arnak", players=1, difficulty=6)
    state = fresh()
    with pytest.raises(SeatError):
        state.observation(2)
    with pytest.raises(SeatError):
        state.resample(-1, 0)
