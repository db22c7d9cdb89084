"""Anludim's terminal view: the hand is laid out card by card."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console

import meeple
from meeple.games.anludim.view import render


@pytest.mark.parametrize("width", [40, 60, 80, 120])
def test_no_card_in_hand_is_cut_across_two_lines(width: int) -> None:
    state = meeple.load_game("anludim", players=2).new_initial_state(seed=3)
    console = Console(file=io.StringIO(), width=width, color_system=None)
    console.print(render(state.observation(0)))
    screen = console.file.getvalue()
    hand = screen.split("Your hand")[1].splitlines()[1:-1]
    cards = [re.findall(r"\[[^\]|]+\|[^\]|]+\]", line) for line in hand]
    assert sum(len(found) for found in cards) == len(state.observation(0)["hand"])
    for line in hand:
        assert line.count("[") == line.count("]")
