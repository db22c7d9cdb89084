"""The compact view (`observation_ids`) keeps sections between calls: the board in the
layout's cache (grown from the last board's after each placement), the figures, and
each seat's tiles and cards until the rules change them. A kept section that a rule
forgot to drop would go stale, so along random games every seat's view is held to the
one a replayed state (no section kept yet, all made from scratch) gives.
"""

from __future__ import annotations

from typing import Any

import pytest

import meeple
from meeple.core.rng import Rng
from meeple.errors import SeatError
from meeple.games.aridnyk.rules import AridnykState

CONFIGS = [
    (2, {}),
    (3, {}),
    (4, {}),
    (2, {"characters": True}),
    (3, {"starter_tiles": True}),
    (2, {"starter_plots": False}),
    (4, {"preset": "family"}),
]
EVERY = 3


def _only_ints(value: Any) -> bool:
    if value is None or value.__class__ is int:
        return True
    return value.__class__ is tuple and all(_only_ints(v) for v in value)


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_kept_sections_match_sections_made_afresh(players: int, options: dict[str, Any]) -> None:
    game = meeple.load_game("aridnyk", players=players, **options)
    for g in range(2):
        state = game.new_initial_state(seed=40 + g)
        rng = Rng(70 + g)
        step = 0
        while True:
            views = [state.observation_ids(seat) for seat in range(players)]
            if step % EVERY == 0 or state.is_terminal():
                fresh = meeple.replay(state.to_record())
                for seat in range(players):
                    assert fresh.observation_ids(seat) == views[seat], (seat, step)
                    assert _only_ints(views[seat])
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            step += 1


def test_a_clone_keeps_its_own_view() -> None:
    """Clones share kept sections until one of them changes: the other's view stays."""
    state = meeple.load_game("aridnyk", players=2).new_initial_state(seed=5)
    rng = Rng(5)
    for _ in range(40):
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    before = [state.observation_ids(seat) for seat in range(2)]
    twin = state.clone()
    for _ in range(30):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        state.observation_ids(0)
        state.observation_ids(1)
    assert [twin.observation_ids(seat) for seat in range(2)] == before


def test_a_guess_drops_the_sections_it_deals_anew() -> None:
    """A guess re-deals other seats' hidden cards and tiles: each seat's view of the
    guess is the one a guess made from scratch gives."""
    state = meeple.load_game("aridnyk", players=3).new_initial_state(seed=9)
    assert isinstance(state, AridnykState)
    rng = Rng(9)
    for _ in range(50):
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    for seat in range(3):
        state.observation_ids(seat)  # keep every seat's sections in the state
    guess = state.resample(0, 1)
    for seat in range(3):
        kept = guess.observation_ids(seat)
        guess._ids_cards = guess._ids_tiles = guess._ids_figures = None
        assert guess.observation_ids(seat) == kept


@pytest.mark.parametrize("player", [-1, 2, True, 0.0, "0"])
def test_a_bad_seat_is_refused(player: Any) -> None:
    state = meeple.load_game("aridnyk", players=2).new_initial_state(seed=1)
    with pytest.raises(SeatError):
        state.observation_ids(player)
