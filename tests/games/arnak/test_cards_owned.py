"""The cards each seat owns are public: every card joins a seat face up (bought, taken,
a Fear card), so every observation lists each seat's cards, hand, deck and play area
together, and a guess at the hidden cards deals a seat only its own."""

from __future__ import annotations

from collections import Counter
from io import StringIO

import pytest
from rich.console import Console

import meeple
from meeple.core import Rng
from meeple.games.arnak.components import CARDS, FEAR
from meeple.games.arnak.rules import ArnakState


def _owned(state: ArnakState, q: int) -> list[str]:
    seat = state._seats[q]
    return [CARDS[c].id for c in sorted(seat.cards() + state._drawn(q))]


@pytest.mark.parametrize("players", [1, 2, 3])
def test_every_seat_sees_what_each_seat_owns_and_guesses_keep_it(players: int) -> None:
    game = meeple.load_game("arnak", players=players)
    for seed in range(4):
        state = game.new_initial_state(seed=seed)
        assert isinstance(state, ArnakState)
        rng = Rng(seed)
        step = 0
        while not state.is_terminal():
            views = [state.observation(p)["cards_owned"] for p in range(players)]
            truth = [_owned(state, q) for q in range(players)]
            assert all(view == truth for view in views)
            if step % 11 == 0:
                p = state.current_player
                guess = state.resample(p, step)
                assert guess.observation(p)["cards_owned"] == truth
            for q in range(players):
                parts = state.score_parts(q)
                cards = Counter(truth[q])
                fear = cards.pop(CARDS[FEAR].id, 0)
                assert parts["cards"] == sum(CARDS_BY_ID[c].vp * n for c, n in cards.items())
                assert parts["fear"] == -fear - 2 * state._seats[q].fear_tiles
            legal = state.legal_actions()
            state.apply_action(legal[rng.below(len(legal))])
            step += 1


CARDS_BY_ID = {card.id: card for card in CARDS}


def test_the_view_prints_what_each_seat_has_off_the_table() -> None:
    game = meeple.load_game("arnak", players=2)
    state = game.new_initial_state(seed=3)
    rng = Rng(3)
    for _ in range(60):
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    obs = state.observation(0)
    buffer = StringIO()
    Console(file=buffer, width=200, color_system=None).print(game.render(obs))
    lines = "\n".join(line for line in buffer.getvalue().splitlines() if "hand + deck" in line)
    assert lines.count("hand + deck") == 2  # one per seat
    for q in range(2):
        off_table = Counter(obs["cards_owned"][q]) - Counter(obs["play_area"][q])
        assert off_table
        assert all(CARDS_BY_ID[c].name in lines for c in off_table)
