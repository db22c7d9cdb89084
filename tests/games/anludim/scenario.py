"""Build Anludim positions by hand for rule tests.

Rule tests need exact positions (this hand, that combination on the table); these
helpers set the state's fields directly and then the test plays real actions.
"""

from __future__ import annotations

from typing import Any

import meeple
from meeple.games.anludim import actions as A
from meeple.games.anludim.combinations import rank
from meeple.games.anludim.components import CARDS, COLOURS, DISCIPLINES, ITEM_KINDS
from meeple.games.anludim.rules import AnludimState

STRAIGHT, FLUSH, PAIRS, THREES, GATHERING = range(5)


def card(value: int, colour: str, other: tuple[int, str] | None = None) -> int:
    """The id of a card with half (value, colour) (and the other half, if given)."""
    c = COLOURS.index(colour)
    for i, halves in enumerate(CARDS):
        if (value, c) in halves and (
            other is None or (other[0], COLOURS.index(other[1])) in halves
        ):
            return i
    raise LookupError((value, colour, other))


def half(card_id: int, value: int) -> tuple[int, int]:
    """(card, half index) with `value` active."""
    return (card_id, 0 if CARDS[card_id][0][0] == value else 1)


def new_state(players: int = 3, seed: int = 0, **options: Any) -> AnludimState:
    state = meeple.load_game("anludim", players=players, **options).new_initial_state(seed)
    assert isinstance(state, AnludimState)
    return state


def arrange(
    state: AnludimState,
    hands: dict[int, list[int]] | None = None,
    face_up: list[int] | None = None,
    deck: list[int] | None = None,
) -> None:
    """Give the seats these hands (others keep theirs minus the cards used), the deck
    these cards (last = top) and set the face-up row; leftover cards go to the deck
    bottom unless `deck` is given, in which case they leave play via the discard."""
    hands = hands or {}
    taken = {c for cards in hands.values() for c in cards}
    taken.update(c for c in face_up or [] if c >= 0)
    taken.update(deck or [])
    for row in state._table:
        taken.update(c for _, _, picks, _ in row for c, _ in picks)
    for seat in range(len(state._hands)):
        if seat in hands:
            state._hands[seat] = list(hands[seat])
        else:
            state._hands[seat] = [c for c in state._hands[seat] if c not in taken]
        taken.update(state._hands[seat])
    if face_up is not None:
        state._face_up = list(face_up)
    taken.update(c for c in state._face_up if c >= 0)
    rest = [c for c in range(65) if c not in taken]
    if deck is not None:
        state._deck = list(deck)
        state._discard = rest
    else:
        state._deck = rest
        state._discard = []
    state._known = [[] for _ in state._hands]
    state._legal = None


def put(
    state: AnludimState, seat: int, discipline: int, picks: list[tuple[int, int]], teacher: bool
) -> int:
    """Lay a combination in front of `seat` (optionally holding its teacher)."""
    for c, _ in picks:
        for hand in state._hands:
            if c in hand:
                hand.remove(c)
        if c in state._deck:
            state._deck.remove(c)
        if c in state._discard:
            state._discard.remove(c)
    cid = state._next_cid
    state._next_cid += 1
    key = rank(discipline, [CARDS[c][h] for c, h in picks], state.game.straight_wrap)
    state._table[seat].append((cid, discipline, tuple(picks), key))
    if teacher:
        state._teacher_cid[discipline] = cid
        state._teacher_seat[discipline] = seat
    state._legal = None
    return cid


def give_items(state: AnludimState, seat: int, items: list[tuple[str, int]]) -> None:
    for kind, value in items:
        state._items[seat].append((ITEM_KINDS.index(kind), value))
    state._legal = None


def take_from_stack(state: AnludimState, kind: str, count: int) -> None:
    state._stack_pos[ITEM_KINDS.index(kind)] += count
    state._legal = None


def set_turn(state: AnludimState, seat: int) -> None:
    state._begin_turn(seat)
    state._legal = None


def play_combination(
    state: AnludimState, discipline: int, picks: list[tuple[int, int]], end_turn: bool = True
) -> None:
    """Place `picks` (any order) as a combination of `discipline` through real actions,
    then end the turn (skipping the optional action) unless told otherwise."""
    from meeple.games.anludim.combinations import canonical

    state.apply_action(A.PLACE + discipline)
    for c, h in canonical(discipline, picks, state.game.straight_wrap):
        state.apply_action(A.pick(c, h))
    state.apply_action(A.CONFIRM)
    if end_turn and state.observation(0)["phase"] == "after_main":
        state.apply_action(A.END_TURN)


def draw_and_end(state: AnludimState) -> None:
    """Draw two as the main action and end the turn without the optional action."""
    state.apply_action(A.DRAW_TWO)
    if state.observation(0)["phase"] == "after_main":
        state.apply_action(A.END_TURN)


__all__ = [
    "DISCIPLINES",
    "FLUSH",
    "GATHERING",
    "PAIRS",
    "STRAIGHT",
    "THREES",
    "arrange",
    "card",
    "draw_and_end",
    "give_items",
    "half",
    "new_state",
    "play_combination",
    "put",
    "set_turn",
    "take_from_stack",
]
