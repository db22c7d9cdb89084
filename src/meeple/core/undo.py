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
from typing import Any

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


class Trail:
    """A game's moves as a take-back reads them: who moved and among how many legal
    actions, and the state before each seat's last real choice. Kept alongside a game
    as it is played (`note` before each action, as `replay`'s `before_each`), it lets
    a take-back be planned from the last moves alone; without one, the record is
    replayed to make it (a cost that grows with the game, each time)."""

    def __init__(self) -> None:
        self.steps: list[tuple[int, int]] = []  # (mover, legal actions) of each move
        self.last_choice: dict[int, tuple[int, State]] = {}  # seat -> (move, state before)

    @classmethod
    def of(cls, record: dict[str, Any]) -> Trail:
        """The trail of a record's moves (replaying it)."""
        trail = cls()
        replay(record, before_each=trail.note)
        return trail

    def note(self, state: State, action: int) -> None:
        """Take note of `state`'s mover and choices, before `action` is applied to it."""
        mover, choices = state.current_player, len(state.legal_actions())
        if choices > 1:
            self.last_choice[mover] = (len(self.steps), state.clone())
        self.steps.append((mover, choices))


def take_back(state: State, seat: int, trail: Trail | None = None) -> TakeBack:
    """Undo `seat`'s last choice, or raise TakeBackError saying why it may not.
    `trail`: the game's moves so far, if the caller keeps them (see Trail)."""
    plan = _plan(state, seat, trail)
    if isinstance(plan, str):
        raise TakeBackError(plan)
    return plan


def can_take_back(state: State, seat: int, trail: Trail | None = None) -> bool:
    """Whether `take_back(state, seat)` would succeed now."""
    return not isinstance(_plan(state, seat, trail), str)


def _plan(state: State, seat: int, trail: Trail | None) -> TakeBack | str:
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
    kept_by_caller = trail is not None and len(trail.steps) == len(actions)
    if trail is None or not kept_by_caller:
        trail = Trail.of(record)  # made from the record, it matches it by construction
    steps = trail.steps
    start = len(actions) - 1
    while start >= 0 and steps[start] == (seat, 1):
        start -= 1
    if start < 0:
        return "there is no choice of yours to take back: every move so far was forced"
    if steps[start][0] != seat:
        if seat not in trail.last_choice:
            return "there is no choice of yours to take back: you have not chosen yet"
        return "another seat has moved since your last choice: it cannot be taken back"
    move, kept = trail.last_choice[seat]
    if move != start and kept_by_caller:  # the caller's trail is not this game's
        return _plan(state, seat, None)
    before = kept.clone()  # the trail's copy stays as it is, for a later take-back
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

__all__ = ["GUESSES", "TakeBack", "Trail", "can_take_back", "take_back"]
