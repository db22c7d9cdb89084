"""Taking back a decision: how a person undoes a misclick without learning anything.

A seat may take back its last choice while it is still that seat's decision, that is
while nothing but its own moves came after it: the move itself and the forced moves
(a single legal action) after it, so a take-back lands on a real choice. It is refused
when those moves showed the seat anything hidden (a card drawn, a tile turned over):
undoing would let it look and choose again. Whether they did is asked of the game
through the protocol alone: the moves are replayed on guesses at the hidden state
(`resample`) made before them, and a guess that ends in another view for the seat (or
cannot make the moves) means they revealed something. Moves that showed the other
seats something of the seat's own (a card played from its hand) may be taken back.

The earlier state is made by replaying the record, so it is exactly the state the game
was in then, and a game with taken-back moves replays like any other.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core.game import State, check_seat
from meeple.core.record import replay
from meeple.core.rng import mix_seed
from meeple.errors import IllegalActionError, RecordError, TakeBackError

GUESSES = 16
"""Guesses at the hidden state made to see whether the moves revealed something: a
reveal that even one in two guesses gets right slips through once in 65,536."""


@dataclass(frozen=True)
class TakeBack:
    """What taking back comes to: `moves` actions go, and `state` is the game before
    them (a new state; the one taken back from is not changed)."""

    moves: int
    state: State


def take_back(state: State, seat: int) -> TakeBack:
    """Undo `seat`'s last choice, or raise TakeBackError saying why it may not."""
    plan = _plan(state, seat)
    if isinstance(plan, str):
        raise TakeBackError(plan)
    return plan


def can_take_back(state: State, seat: int) -> bool:
    """Whether `take_back(state, seat)` would succeed now."""
    return not isinstance(_plan(state, seat), str)


def _plan(state: State, seat: int) -> TakeBack | str:
    """The take-back, or why there is none."""
    seat = check_seat(seat, state.game.info.players)
    if state.is_terminal():
        return "the game is over: nothing can be taken back"
    if state.current_player != seat:
        return "you can take back a move only while it is your decision"
    try:
        record = state.to_record()
    except RecordError as exc:  # a guess made by resample() has no record to replay
        return str(exc)
    actions: list[int] = record["actions"]
    if not actions:
        return "there is no move to take back"
    movers: list[int] = []
    choices: list[int] = []

    def note(before: State, _action: int) -> None:
        movers.append(before.current_player)
        choices.append(len(before.legal_actions()))

    replay(record, before_each=note)
    start = len(actions) - 1
    while start >= 0 and movers[start] == seat and choices[start] == 1:
        start -= 1
    if start < 0:
        return "there is no choice of yours to take back: every move so far was forced"
    if movers[start] != seat:
        if not any(m == seat and c > 1 for m, c in zip(movers, choices, strict=True)):
            return "there is no choice of yours to take back: you have not chosen yet"
        return "another seat has moved since your last choice: it cannot be taken back"
    before = replay({**record, "actions": actions[:start]})
    undone = actions[start:]
    seen = state.observation(seat)
    for k in range(GUESSES):
        # seeded from what every seat knows, not from the game's seed (which decides
        # every hidden card), so the answer tells the seat nothing it does not know
        guess = before.resample(seat, mix_seed(len(actions), seat, k) >> 1)
        try:
            for action in undone:
                guess.apply_action(action)
        except IllegalActionError:
            return _REVEALED
        if guess.observation(seat) != seen:
            return _REVEALED
    return TakeBack(len(undone), before)


_REVEALED = "your last move showed you something hidden: it cannot be taken back"

__all__ = ["GUESSES", "TakeBack", "can_take_back", "take_back"]
