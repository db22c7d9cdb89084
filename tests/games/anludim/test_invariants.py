"""Anludim invariants along random play (hypothesis chooses the game and the moves)."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from meeple.games.anludim.combinations import rank
from meeple.games.anludim.components import CARDS
from meeple.games.anludim.rules import BOARD, AnludimState

from ..walk import play_checked
from .scenario import new_state


def check_invariants(s: AnludimState) -> None:
    # Every card is in exactly one place.
    places = Counter(s._deck + s._discard + [c for c in s._face_up if c >= 0])
    for hand in s._hands:
        places.update(hand)
    for row in s._table:
        places.update(c for _, _, picks, _ in row for c, _ in picks)
    assert places == Counter(range(65))
    # Items: what the stacks gave out is held or was discarded, never more.
    for d, stack in enumerate(s.game.stacks):
        held = sorted(v for seat_items in s._items for kind, v in seat_items if kind == d)
        assert Counter(held) <= Counter(stack[: s._stack_pos[d]])
    # Teachers sit on a combination of their discipline, or on the board.
    for d in range(5):
        cid, seat = s._teacher_cid[d], s._teacher_seat[d]
        if cid == BOARD:
            assert seat == BOARD
        else:
            row = {combo[0]: combo for combo in s._table[seat]}
            assert cid in row and row[cid][1] == d
    # Every combination on the table is a valid one with its stored key.
    for row in s._table:
        for _, d, picks, key in row:
            assert rank(d, [CARDS[c][h] for c, h in picks], s.game.straight_wrap) == key
    # Known cards are in their seat's hand; scrolls never exceed three.
    for seat, known in enumerate(s._known):
        assert set(known) <= set(s._hands[seat])
    assert 0 <= sum(s._scrolls) <= 3 and min(s._scrolls) >= 0


@settings(max_examples=25, deadline=None)
@given(
    players=st.integers(2, 5),
    variant=st.sampled_from(["base", "expert"]),
    wrap=st.booleans(),
    seed=st.integers(0, 2**31),
    choices=st.lists(st.integers(0, 10**6), min_size=50, max_size=400),
)
def test_invariants_hold_along_play(
    players: int, variant: str, wrap: bool, seed: int, choices: list[int]
) -> None:
    s = new_state(players, seed, variant=variant, straight_wrap=wrap)
    play_checked(s, choices, check_invariants)


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 2**31), variant=st.sampled_from(["base", "expert"]))
def test_whole_games_reach_a_winner(seed: int, variant: str) -> None:
    s = new_state(4, seed, variant=variant)
    steps = 0
    while not s.is_terminal():
        legal = s.legal_actions()
        s.apply_action(legal[(seed + steps * 7919) % len(legal)])
        steps += 1
    assert sorted(s.returns()) == [0.0, 0.0, 0.0, 1.0]
    assert max(s.scores()) == 2.0
    assert s.observation(0)["coats"][s.returns().index(1.0)] == "gold"
