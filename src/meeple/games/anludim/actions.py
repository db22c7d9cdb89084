"""Anludim's fixed action space: every id means the same thing in every state."""

from __future__ import annotations

from meeple.games.anludim.components import DISCIPLINES, ITEM_KINDS, NUM_CARDS

PICK = 0  # + card * 2 + half: add that card, that half active, to the combination
PLACE = PICK + NUM_CARDS * 2  # + discipline: start placing a combination of it
DRAW_TWO = PLACE + len(DISCIPLINES)
FACE_UP = DRAW_TWO + 1  # + slot (0..2): take that face-up card
CONFIRM = FACE_UP + 3  # place the combination being built and take its teacher
TAKE_BACK = CONFIRM + 1  # + index in your row of combinations (base game, start of turn)
MAX_COMBOS = NUM_CARDS // 2
DISCARD_ITEM = TAKE_BACK + MAX_COMBOS  # + kind * 5 + (value - 1): optional action
DISCARD_SCROLL = DISCARD_ITEM + len(ITEM_KINDS) * 5  # optional action
END_TURN = DISCARD_SCROLL + 1  # end the turn (or pass a main action that is impossible)
KEEP = END_TURN + 1  # + card: keep that card for the next round
KEEP_DONE = KEEP + NUM_CARDS  # discard the cards not kept
NUM_ACTIONS = KEEP_DONE + 1


def pick(card: int, half: int) -> int:
    return PICK + card * 2 + half


def discard_item(kind: int, value: int) -> int:
    return DISCARD_ITEM + kind * 5 + value - 1
