"""Taking back a move: what comes back, and when it is refused."""

from __future__ import annotations

import pytest

import meeple
from meeple.core import State, can_take_back, take_back
from meeple.core.rng import Rng
from meeple.core.undo import GUESSES
from meeple.errors import IllegalActionError, TakeBackError

CONFIGS = [
    ("anludim", 2),
    ("anludim", 3),
    ("aridnyk", 2),
    ("aridnyk", 1),
    ("arnak", 2),
    ("arnak", 1),
]


def movers_and_choices(state: State) -> list[tuple[int, int]]:
    record = state.to_record()
    replayed = meeple.load_game(record["game"], players=record["players"], **record["options"])
    walk = replayed.new_initial_state(seed=record["seed"])
    found = []
    for action in record["actions"]:
        found.append((walk.current_player, len(walk.legal_actions())))
        walk.apply_action(action)
    return found


def revealed(before: State, undone: list[int], seat: int, after: State) -> bool:
    """Whether some guess made before the moves ends in another view for the seat (the
    guesses are others than take_back's own, and more of them)."""
    for k in range(4 * GUESSES):
        guess = before.resample(seat, 7_000 + k)
        try:
            for action in undone:
                guess.apply_action(action)
        except IllegalActionError:
            return True
        if guess.observation(seat) != after.observation(seat):
            return True
    return False


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_a_take_back_returns_to_the_seats_last_choice_unless_it_revealed_something(
    game: str, players: int
) -> None:
    state = meeple.load_game(game, players=players).new_initial_state(seed=4)
    rng = Rng(4)
    outcomes = {"taken": 0, "revealed": 0, "others": 0}
    step = 0
    while not state.is_terminal() and sum(outcomes.values()) < 40:
        seat = state.current_player
        if step % 3 == 0:
            history = state.history()
            view = state.observation(seat)
            try:
                back = take_back(state, seat)
            except TakeBackError as exc:
                assert not can_take_back(state, seat)
                steps = movers_and_choices(state)
                start = len(steps) - 1
                while start >= 0 and steps[start] == (seat, 1):
                    start -= 1
                if start < 0 or steps[start][0] != seat:
                    if not history:
                        assert "no move to take back" in str(exc)
                    elif start < 0:
                        assert "every move so far was forced" in str(exc)
                    elif all(who != seat or n == 1 for who, n in steps):
                        assert "you have not chosen yet" in str(exc)
                    else:
                        assert "another seat has moved" in str(exc)
                    outcomes["others"] += 1
                else:  # refused only because the moves showed the seat something
                    assert "hidden" in str(exc)
                    before = meeple.replay({**state.to_record(), "actions": history[:start]})
                    assert revealed(before, history[start:], seat, state)
                    outcomes["revealed"] += 1
            else:
                assert can_take_back(state, seat)
                outcomes["taken"] += 1
                kept = history[: len(history) - back.moves]
                assert not revealed(back.state, history[len(kept) :], seat, state)
                assert back.state.history() == kept
                assert back.state.current_player == seat
                steps = movers_and_choices(state)[len(kept) :]
                assert all(who == seat for who, _ in steps)  # only the seat's own moves
                assert steps[0][1] > 1  # back to a real choice, past the forced moves
                assert all(n == 1 for _, n in steps[1:])
                assert meeple.replay(back.state.to_record()).observation(seat) == (
                    back.state.observation(seat)
                )
                for action in history[len(kept) :]:  # the same moves lead to the same game
                    back.state.apply_action(action)
                assert back.state.observation(seat) == view
            assert state.history() == history  # the state taken back from is unchanged
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
        step += 1
    assert outcomes["taken"] > 0, outcomes
    assert outcomes["revealed"] > 0, outcomes


def test_nothing_is_taken_back_at_the_start_at_the_end_or_out_of_turn() -> None:
    game = meeple.load_game("anludim", players=2)
    state = game.new_initial_state(seed=1)
    with pytest.raises(TakeBackError, match="no move to take back"):
        take_back(state, 0)
    with pytest.raises(TakeBackError, match="only while it is your decision"):
        take_back(state, 1)
    rng = Rng(1)
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.below(len(legal))])
    with pytest.raises(TakeBackError, match="game is over"):
        take_back(state, 0)
    assert not can_take_back(state, 1)


def test_a_forced_move_of_another_seat_after_the_choice_keeps_it() -> None:
    """Only the seat's own forced moves are taken back with its choice: once another
    seat has moved, even without a choice (an Arnak seat with one legal action), the
    choice before it stands."""
    checked = 0
    for seed in range(12):
        state = meeple.load_game("arnak", players=2).new_initial_state(seed)
        rng = Rng(seed)
        moved: list[tuple[int, int]] = []  # (mover, legal actions) of each move so far
        while not state.is_terminal() and checked < 4:
            seat = state.current_player
            k = len(moved) - 1
            if moved and moved[k][0] != seat and moved[k][1] == 1:
                while k >= 0 and moved[k][1] == 1:
                    k -= 1
                if k >= 0 and moved[k][0] == seat:
                    with pytest.raises(TakeBackError, match="another seat has moved"):
                        take_back(state, seat)
                    assert not can_take_back(state, seat)
                    checked += 1
            legal = state.legal_actions()
            moved.append((seat, len(legal)))
            state.apply_action(legal[rng.below(len(legal))])
    assert checked == 4


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_a_trail_kept_along_the_game_plans_as_the_record_does(game: str, players: int) -> None:
    """A caller that keeps the game's Trail (the server does) gets the same answer and
    the same earlier state as one that has the record replayed, at every decision."""
    from meeple.core.undo import Trail

    state = meeple.load_game(game, players=players).new_initial_state(seed=7)
    rng = Rng(7)
    trail = Trail()
    asked = 0
    while not state.is_terminal() and asked < 60:
        seat = state.current_player
        if state.history():
            asked += 1
            try:
                kept = take_back(state.clone(), seat, trail)
            except TakeBackError as exc:
                with pytest.raises(TakeBackError) as fresh:
                    take_back(state.clone(), seat)
                assert str(fresh.value) == str(exc)
            else:
                again = take_back(state.clone(), seat)
                assert kept.moves == again.moves
                assert kept.state.history() == again.state.history()
                for p in range(players):
                    assert kept.state.observation(p) == again.state.observation(p)
            assert can_take_back(state, seat, trail) == can_take_back(state, seat)
        action = rng.choice(state.legal_actions())
        trail.note(state, action)
        state.apply_action(action)
