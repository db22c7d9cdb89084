"""Random play chosen by hypothesis, for the games' invariant tests."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from meeple.core import State

S = TypeVar("S", bound=State)


def play_checked(state: S, choices: Sequence[int], check: Callable[[S], None]) -> None:
    """Play `state` in place, the i-th move being legal_actions()[choices[i] % count],
    until the game ends or the choices run out; `check` it after every move."""
    for choice in choices:
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[choice % len(legal)])
        check(state)
