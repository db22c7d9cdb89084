"""Basic and Fear cards a seat exiles are public: every seat's observation lists them
under `exile.players`, so each seat can count what is left in another's deck."""

from __future__ import annotations

from collections import Counter
from io import StringIO

from rich.console import Console

import meeple
from meeple.core import Rng
from meeple.games.arnak import actions as A
from meeple.games.arnak.components import CARDS, FEAR


def _cards_of(state: object, p: int) -> Counter[int]:
    seat = state._seats[p]  # type: ignore[attr-defined]
    held = Counter([*seat.hand, *seat.deck, *seat.play])
    for frame in state._stack:  # type: ignore[attr-defined]
        if frame[0] in ("look_keep", "look_return") and frame[1] == p:
            held.update(frame[2])
    return held


def _exiling_play(players: int, seeds: range) -> tuple[int, int, int]:
    """Along random games, check every exile of a basic or Fear card; count them."""
    game = meeple.load_game("arnak", players=players)
    basic = fear = other = 0
    for seed in seeds:
        state = game.new_initial_state(seed=seed)
        rng = Rng(seed)
        while not state.is_terminal():
            legal = state.legal_actions()
            action = legal[rng.below(len(legal))]
            frame = state._stack[-1] if state._stack else None
            exiling = frame is not None and frame[0] == "exile"
            if not exiling or not A.HAND <= action < A.PLAY_AREA + len(CARDS):
                state.apply_action(action)
                continue
            assert frame is not None
            p = frame[1]
            card = action - (A.HAND if action < A.PLAY_AREA else A.PLAY_AREA)
            before = [state.observation(q)["exile"]["players"] for q in range(players)]
            held = _cards_of(state, p)
            supply = state.observation(p)["decks"]["fear"]
            state.apply_action(action)
            after = [state.observation(q)["exile"]["players"] for q in range(players)]
            assert after[0] == after[-1], "every seat sees the same exiles"
            # what follows in the same step (an effect's Fear, a round's end) may add
            # Fear cards: every other card is counted exactly
            now = _cards_of(state, p)
            expected = held - Counter([card])
            gained_fear = now[FEAR] - expected[FEAR]
            assert gained_fear >= 0
            now[FEAR] = expected[FEAR] = 0
            assert +now == +expected
            if CARDS[card].kind in ("item", "artifact"):
                other += 1
                assert after[0] == before[0]
                continue
            assert after[0][p] == [*before[0][p], CARDS[card].id]
            assert all(after[0][q] == before[0][q] for q in range(players) if q != p)
            if card == FEAR:
                fear += 1
                assert state.observation(p)["decks"]["fear"] == supply + 1 - gained_fear
            else:
                basic += 1
    return basic, fear, other


def test_every_seat_sees_the_basic_and_fear_cards_a_seat_exiled() -> None:
    basic, fear, other = _exiling_play(2, range(16))
    assert basic > 3 and fear > 3 and other > 3


def test_three_players_and_solo() -> None:
    for players in (3, 1):
        basic, fear, _ = _exiling_play(players, range(12))
        assert basic + fear > 0


def test_the_list_survives_clone_and_resample_and_the_views_print_it() -> None:
    game = meeple.load_game("arnak", players=2)
    state = game.new_initial_state(seed=4)
    rng = Rng(4)
    while not any(state.observation(0)["exile"]["players"]):
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    seen = state.observation(0)["exile"]["players"]
    assert state.clone().observation(0)["exile"]["players"] == seen
    for p in range(2):
        assert state.resample(p, 11).observation(p)["exile"]["players"] == seen
    seat = next(p for p, cards in enumerate(seen) if cards)
    buffer = StringIO()
    Console(file=buffer, width=200, color_system=None).print(game.render(state.observation(0)))
    text = buffer.getvalue()
    assert f"exiled from the cards of seat {seat}" in text
